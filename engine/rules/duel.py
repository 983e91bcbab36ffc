"""The moves of the duel itself that many rules share: drawing (and losing by decking out), a
player's LP reaching 0, and the duel's end. Source: Official Rulebook v10, "Winning the Duel"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.explain import Card, Player
from engine.rules.deck import top_cards
from engine.state import Result, opponent

if TYPE_CHECKING:
    from engine.state import PlayerState
    from engine.tx import Tx


def draw(tx: Tx, player: str, count: int, cause: str, chain_link: int | None = None) -> None:
    """Draw cards; a player who must draw from an empty Deck loses at once. While no card can be
    added from the Main Deck to the hand (Droll & Lock Bird), nothing is drawn."""
    from engine.rules.lasting import deck_locked, say_deck_locked

    if count and (lock := deck_locked(tx.board)) is not None:
        say_deck_locked(tx, lock, player, f"draws nothing ({count} card(s) would be drawn)")
        return
    for _ in range(count):
        state: PlayerState = tx.board.player(player)
        if state.deck_size == 0:
            end_duel(tx, opponent(player), "deck_out")
            tx.say("duel.deck_out", player=Player(player))  # fmt: skip
            return
        card_id = top_cards(tx, player, 1)[0]
        tx.move(card_id, "hand", event="drew", cause=cause, chain_link=chain_link)
    if count and tx.board.phase != "draw":
        _opponents_draw_too(tx, player)


def _opponents_draw_too(tx: Tx, player: str) -> None:
    """Each time a player draws outside either Draw Phase, each face-up card of their opponent with
    `draw_when_opponent_draws` in force makes its controller draw at once, without a chain (Appropriate,
    TCG text; two of them draw twice)."""
    from engine.rules.continuous import in_force

    for card, effect in list(in_force(tx.board, "draw_when_opponent_draws")):
        if card.controller == player or tx.game.result is not None:
            continue
        tx.say(
            "continuous.draws_on_opponent_draw",
            opponent=Player(player),
            card=Card.of(card),
            player=Player(card.controller),
            count=effect.draws,
            cards=(card.id,),
        )  # fmt: skip
        draw(tx, card.controller, effect.draws, cause=card.id)


def draw_together(tx: Tx, players: list[str], count: int, cause: str, chain_link: int | None = None) -> None:
    """Players who draw at the same time (Morphing Jar: "both players draw 5"): if every one of
    them must draw more than the Deck holds, neither can and the duel is a draw (judge notes, Card
    Types: Draw); otherwise they draw in turn, and one who cannot loses."""
    from engine.rules.lasting import deck_locked

    short = [p for p in players if tx.board.player(p).deck_size < count]
    if len(players) > 1 and short == players and deck_locked(tx.board) is None:
        end_duel(tx, None, "both_deck_out")
        tx.say("duel.both_deck_out", players=[Player(p) for p in players], count=count)
        return
    for player in players:
        draw(tx, player, count, cause, chain_link)
        if tx.game.result is not None:
            return


def end_duel(tx: Tx, winner: str | None, reason: str) -> None:
    tx.update(result=Result(winner=winner, draw=winner is None, reason=reason))  # type: ignore[arg-type]
    tx.emit("duel_end", winner=winner, draw=winner is None, reason=reason)


def check_life_points(tx: Tx) -> None:
    """The duel ends the moment a player's LP is 0; both at once is a draw."""
    if tx.game.result is not None:
        return
    at_zero = [p for p in ("A", "B") if tx.board.player(p).lp <= 0]
    if len(at_zero) == 2:
        end_duel(tx, None, "both_zero_lp")
        tx.say("duel.both_zero_lp")
    elif at_zero:
        loser = at_zero[0]
        end_duel(tx, opponent(loser), "zero_lp")
        tx.say("duel.zero_lp", loser=Player(loser), opponent=Player(opponent(loser)))
