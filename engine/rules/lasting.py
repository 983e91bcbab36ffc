"""Effects that outlive the resolution that applied them, and which of them applies now (what
they do when their moment comes, the End Phase among them, is engine.rules.lasting_moments).

A resolved effect may keep applying after its Chain Link is gone: "until the end of this
turn" (Pot of Prosperity halves the opponent's damage), "during the End Phase of this turn"
(Limiter Removal destroys the monsters it doubled; Triple Tactics Talent's borrowed monster
goes back), "after 20 turns" (Final Countdown). Each is a `Lasting` on the board with the last
turn it applies in; nothing here is a Chain Link, so nothing here can be responded to (the
cards' own rulings: the End Phase destruction of Limiter Removal is not a new activation).

Source: Yugipedia card rulings of Final Countdown, Limiter Removal, Swords of Revealing Light,
Triple Tactics Talent, Pot of Prosperity, Bad Reaction to Simochi.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.explain import Card, Phrase, Player, render_phrase
from engine.rules.continuous import FIELD, in_force
from engine.state import Board, Lasting, evolve, opponent

if TYPE_CHECKING:
    from engine.tx import Tx


def in_words(kind: str) -> str:
    """What a lasting effect of this kind (`Lasting.what`, one of `LASTING_EFFECTS`) does, in a
    few words: "takes no battle damage" (the step page's sentence for its event)."""
    return render_phrase(Phrase("lasting_kind." + kind))


def add(tx: Tx, lasting: Lasting) -> None:
    """Start a lasting effect; it shows as an event, like every change."""
    tx.set_board(evolve(tx.board, lasting=(*tx.board.lasting, lasting)))
    tx.emit("lasting_effect", what=lasting.what, player=lasting.player, cause=lasting.source,
            until_turn=lasting.until_turn, cards=list(lasting.cards) or None)  # fmt: skip


def applying(board: Board, what: str, player: str | None = None,
             card: str | None = None) -> Lasting | None:  # fmt: skip
    """The lasting effect of this kind that applies now (to `player`, or to `card`), if any."""
    for item in board.lasting:
        if item.what != what or item.until_turn < board.turn:
            continue
        if player is not None and item.player != player:
            continue
        if card is not None and card not in item.cards:
            continue
        return item
    return None


def replace_lp_change(tx: Tx, player: str, amount: int, event: str) -> tuple[int, str]:
    """What an LP change becomes: an effect's LP gain for a player whose opponent has Bad
    Reaction to Simochi face-up is damage instead; damage to a player under Pot of Prosperity's
    halving is halved (rounded down)."""
    board = tx.board
    if event == "lp_gained" and amount > 0:
        for source, _effect in in_force(board, "gain_becomes_damage"):
            if source.controller == opponent(player):
                tx.say(
                    "lp.gain_became_damage",
                    source=Card.of(source),
                    amount=amount,
                    player=Player(player),
                )  # fmt: skip
                amount, event = -amount, "damage"
                break
    if event == "damage" and amount < 0 and (shield := applying(board, "no_damage_to", player)):
        tx.say(
            "lasting.no_damage",
            player=Player(player),
            source=Card.of(board.cards[shield.source]),
            amount=-amount,
            cards=(shield.source,),
        )  # fmt: skip
        return 0, event
    if event == "damage" and amount < 0 and (half := applying(board, "halve_damage_to", player)):
        halved = -((-amount) // 2)
        tx.say(
            "lp.damage_halved",
            player=Player(player),
            amount=-amount,
            halved=-halved,
            source=Card.of(board.cards[half.source]),
            cards=(half.source,),
        )  # fmt: skip
        amount = halved
    return amount, event


def effects_negated(board: Board, card_id: str) -> Lasting | None:
    """A monster that "cannot activate or apply its effects this turn" (Level Modulation)."""
    card = board.cards.get(card_id)
    if card is None or card.zone not in FIELD:
        return None
    return applying(board, "effects_negated", card=card_id)


# --- Hand traps and other effects that watch the rest of the turn -------------------------------
# Source: Yugipedia card rulings of Maxx "C", Droll & Lock Bird, Effect Veiler, Called by the
# Grave, Crossout Designator, Dark Ruler No More and Book of Eclipse.


def deck_locked(board: Board) -> Lasting | None:
    """Droll & Lock Bird: no card can be added from either Main Deck to the hand this turn."""
    return applying(board, "no_deck_to_hand")


def say_deck_locked(tx: Tx, lock: Lasting, player: str, what: str) -> None:
    tx.say(
        "lasting.deck_locked",
        source=Card.of(tx.board.cards[lock.source]),
        player=Player(player),
        what=what,
        cards=(lock.source,),
    )  # fmt: skip


# --- a card taken from the opponent's GY for one turn (Graverobber; brief H8) ------------------
# Source: ProjectIgnis CardScripts, official/c61705417.lua (Graverobber): the Spell goes to its
# taker's hand; during the End Phase it is sent to the GY while the taker still controls it; the
# first time the taker activates it this turn, they take 2000 damage once it has resolved.
