"""What lasting effects do when their moment comes: as the End Phase begins, as a turn ends,
after a summon or a draw, after a link resolves. The lasting effects themselves (kept on
`Board.lasting`) and what applies now are in `engine.rules.lasting`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.explain import Card, CardId, Phrase, Player
from engine.rules.common import FLIP_SUMMONED
from engine.rules.continuous import FIELD
from engine.state import Lasting, evolve, opponent

if TYPE_CHECKING:
    from engine.tx import Tx


def end_phase(tx: Tx) -> None:
    """What lasting effects and "until the opponent's Nth turn" cards do as the End Phase begins."""
    board = tx.board
    for item in board.lasting:
        if item.until_turn != board.turn:
            continue
        if item.what == "destroy_at_end_phase":
            doomed = [c for c in item.cards if c in tx.board.cards and tx.card(c).zone == "monsters"
                      and tx.card(c).face_up]  # fmt: skip
            for card_id in doomed:
                tx.move(card_id, "graveyard", event="destroyed", cause=item.source)
            if doomed:
                tx.say(
                    "lasting.end_phase",
                    reason=Phrase(
                        "end_phase.end_phase_effect_destroys",
                        source=Card.of(tx.card(item.source)),
                        doomed=[CardId(i) for i in doomed],
                    ),
                    cards=(item.source, *doomed),
                )  # fmt: skip
        elif item.what == "control_until_end_phase":
            for card_id in item.cards:
                _give_back(tx, card_id, item.source)
        elif item.what == "eclipse_at_end_phase":
            eclipse(tx, item)
        elif item.what == "send_to_gy_at_end_phase":
            _send_borrowed(tx, item)
        elif item.what == "banish_named_at_end_phase":
            _banish_named(tx, item)
    _count_opponent_turns(tx)


def _banish_named(tx: Tx, item: Lasting) -> None:
    """Sinister Serpent's delayed banishment: the first card of that name in the player's GY then,
    or nothing if none is there (it may be in the hand again)."""
    gy = [tx.card(c) for c in tx.board.player(item.player).graveyard]
    found = next((c for c in gy if tx.board.define(c.id).name == item.name), None)
    source = Card.of(tx.card(item.source)) if item.source in tx.board.cards else CardId(item.source)
    if found is None:
        reason = Phrase("end_phase.banishes_named_none", player=Player(item.player), name=item.name or "",
                        source=source)  # fmt: skip
        tx.say("lasting.end_phase", reason=reason, cards=(item.source,))
        return
    tx.move(found.id, "banished", event="banished", cause=item.source)
    reason = Phrase("end_phase.banishes_named", player=Player(item.player), card=CardId(found.id),
                    source=source)  # fmt: skip
    tx.say("lasting.end_phase", reason=reason, cards=(item.source, found.id))


def _give_back(tx: Tx, card_id: str, source: str) -> None:
    card = tx.board.cards.get(card_id)
    if card is None or card.zone != "monsters":
        return
    if card.controller == card.owner:  # given back already (Creature Swap: Yugipedia, Card Rulings)
        tx.say(
            "lasting.control_returned",
            reason=Phrase(
                "control_returned.already_with_owner",
                card=CardId(card_id),
                owner=Player(card.owner),
                source=Card.of(tx.card(source)),
            ),
            cards=(card_id, source),
        )  # fmt: skip
        return
    slot = tx.board.free_slot("monsters", card.owner)
    if slot is None:  # no zone to come back to: the game sends it to the GY
        tx.move(card_id, "graveyard", event="sent_to_gy", cause="rule: no free zone")
        tx.say(
            "lasting.control_returned",
            reason=Phrase(
                "control_returned.should_go_back_who",
                card=CardId(card_id),
                owner=Player(card.owner),
            ),
            cards=(card_id,),
        )  # fmt: skip
        return
    tx.set_board(tx.board.with_card(evolve(card, controller=card.owner, slot=slot)))
    tx.emit("control_changed", card=card_id, player=card.owner, cause=source)
    tx.say(
        "lasting.control_returned",
        reason=Phrase(
            "control_returned.end_phase_control_goes",
            card=CardId(card_id),
            owner=Player(card.owner),
            source=Card.of(tx.card(source)),
        ),
        cards=(card_id, source),
    )  # fmt: skip


def _count_opponent_turns(tx: Tx) -> None:
    """A Normal Spell that stays on the field (Swords of Revealing Light) counts its
    controller's opponent's turns on itself and is destroyed in the End Phase of the last."""
    board = tx.board
    for card in board.in_zone("spell_traps"):
        if not card.face_up or card.controller == board.turn_player:
            continue
        turns = board.define(card.id).stays_for_opponent_turns
        if turns is None:
            continue
        counters = dict(card.counters)
        counted = counters.get("turn", 0) + 1
        counters["turn"] = counted
        tx.update_card(card.id, counters=tuple(counters.items()))
        tx.emit("counters_placed", card=card.id, amount=1, what="turn", cause="End Phase")
        if counted >= turns:
            tx.move(card.id, "graveyard", event="destroyed", cause=card.id)
            tx.say(
                "lasting.end_phase",
                reason=Phrase(
                    "end_phase.end_phase_turn_since",
                    card=Card.of(card),
                    turn_player=Player(board.turn_player),
                    counted=counted,
                ),
            )  # fmt: skip
        else:
            tx.say(
                "lasting.turn_counted",
                card=Card.of(card),
                turn_player=Player(board.turn_player),
                counted=counted,
                turns=turns,
            )  # fmt: skip


def turn_end(tx: Tx) -> bool:
    """The turn ends: a Final Countdown whose 20th turn this was wins the duel (both at once: a
    draw); lasting effects whose last turn this was stop. True if the duel ended."""
    from engine.rules.duel import end_duel

    board = tx.board
    winners = {item.player for item in board.lasting
               if item.what == "win_at_turn_end" and item.until_turn == board.turn}  # fmt: skip
    tx.set_board(evolve(board, lasting=tuple(i for i in board.lasting if i.until_turn > board.turn)))
    if not winners:
        return False
    winner = next(iter(winners)) if len(winners) == 1 else None
    end_duel(tx, winner, "final_countdown")
    if winner is None:
        tx.say(
            "duel.final_countdown",
            reason=Phrase("final_countdown.both_players_final_countdowns"),
        )  # fmt: skip
    else:
        tx.say(
            "duel.final_countdown",
            reason=Phrase("final_countdown.end_turn_turns_have", turn=board.turn, winner=Player(winner)),
        )
    return True


def watch(tx: Tx) -> None:
    """What the events of this step do to the lasting effects that watch them, once each event:
    a monster Special Summoned by a card effect counts for Nibiru and draws Maxx "C"'s card at
    once; a card added from the Main Deck to the hand outside the Draw Phase is what Droll & Lock
    Bird answers. (A summon by the game's procedure counts once it succeeds: `count_summon`.)"""
    events = tx.events[tx.watched :]
    tx.watched = len(tx.events)
    if tx.game.result is not None:
        return
    by_effect: dict[tuple[int, int], list[dict]] = {}
    for event in events:
        if event["type"] == "summoned" and event.get("chain_link") is not None:
            by_effect.setdefault((event["seq"], event["chain_link"]), []).append(event)
        elif (event["type"] in ("drew", "added_to_hand") and event.get("from", "deck") == "deck"
              and tx.board.phase != "draw" and event.get("cause") != "Draw Phase"):  # fmt: skip
            who = event.get("player")
            added = tuple(dict.fromkeys((*tx.game.last_added, who)))
            tx.update(last_added=added, last_added_fresh=True)
    for group in by_effect.values():
        summoner = _summoner(tx, group[0])
        if summoner is None:
            continue
        _count(tx, summoner, len(group))
        _maxx_c(tx, summoner, [e["card"] for e in group])


def _summoner(tx: Tx, event: dict) -> str | None:
    """Who Special Summoned the monsters of a `summoned` event made by a card effect: the player
    whose effect it was (a Token summoned to the opponent's field still counts for them)."""
    link = event.get("chain_link")
    cause = tx.board.cards.get(str(event.get("cause") or ""))
    if link is None or cause is None:
        return None
    return event.get("summoner") or cause.controller


def count_summon(tx: Tx, cards: tuple[str, ...], kind: str, player: str) -> None:
    """A summon by the game's procedure succeeded (nothing negated it): it counts now; a Flip
    Summon is not one Nibiru counts, but the turn remembers it (Scapegoat)."""
    if kind != "flip":
        _count(tx, player, len(cards))
    elif (flag := f"{FLIP_SUMMONED}:{player}") not in tx.board.flags:
        tx.set_board(evolve(tx.board, flags=(*tx.board.flags, flag)))


def draw_for_summon(tx: Tx, cards: tuple[str, ...], kind: str, player: str) -> str | Phrase | None:
    """Maxx "C"'s draw for a Special Summon by the game's procedure that succeeded."""
    if kind in ("normal", "tribute", "flip"):
        return None
    drawn = len(tx.events)
    _maxx_c(tx, player, list(cards))
    return Phrase("summary.lasting_draw") if len(tx.events) > drawn else None


def _count(tx: Tx, player: str, n: int) -> None:
    """Monsters Normal or Special Summoned this turn, per player (Nibiru counts the opponent's)."""
    count = tx.board.player(player).summons_this_turn + n
    tx.set_board(tx.board.with_player(player, summons_this_turn=count))


def _maxx_c(tx: Tx, summoner: str, cards: list[str]) -> None:
    from engine.rules.duel import draw

    for item in tx.board.lasting:
        if item.what != "draw_on_opponent_special_summon" or item.until_turn < tx.board.turn:
            continue
        if item.player == summoner or tx.game.result is not None:
            continue
        tx.say(
            "lasting.draw_on_summon",
            summoner=Player(summoner),
            summoned=[CardId(i) for i in cards],
            source=Card.of(tx.board.cards[item.source]),
            player=Player(item.player),
            cards=(item.source, *cards),
        )  # fmt: skip
        draw(tx, item.player, 1, cause=item.source)


def eclipse(tx: Tx, item: Lasting) -> None:
    """Book of Eclipse in the End Phase: its controller's opponent turns every face-down monster
    they control face-up in Defense Position, then draws 1 card for each (Flip effects activate)."""
    from engine.rules.duel import draw

    foe = opponent(item.player)
    flipped = [c.id for c in tx.board.monsters(foe) if c.position == "set"]
    for card_id in flipped:
        tx.update_card(card_id, position="defense")
        tx.emit("flipped", card=card_id, player=foe, cause=item.source)
    tx.say(
        "lasting.end_phase",
        reason=Phrase(
            "end_phase.end_phase_effect_turns",
            source=Card.of(tx.card(item.source)),
            foe=Player(foe),
            flipped=[CardId(c) for c in flipped] or Phrase("none"),
            flipped_count=len(flipped),
        ),
        cards=(item.source, *flipped),
    )  # fmt: skip
    if flipped:
        draw(tx, foe, len(flipped), cause=item.source)


def _send_borrowed(tx: Tx, item: Lasting) -> None:
    """End Phase: the taken card goes to its owner's GY if its taker still holds it (in the hand,
    or on the field, activated or Set)."""
    for card_id in item.cards:
        card = tx.board.cards.get(card_id)
        if card is None or card.controller != item.player or card.owner == item.player:
            continue
        if card.zone not in ("hand", *FIELD):
            continue
        where = "hand" if card.zone == "hand" else "field"
        tx.move(card_id, "graveyard", event="sent_to_gy", cause=item.source)
        tx.say(
            "lasting.borrowed_card_sent",
            card=Card.of(card),
            owner=Player(card.owner),
            source=Card.of(tx.board.cards[item.source]),
            player=Player(item.player),
            where=where,
            cards=(card_id, item.source),
        )


def after_resolving(tx: Tx, link_card: str, link_player: str, link_no: int) -> None:
    """A link of a taken card resolved: its taker takes the damage the taking card said, once."""
    for item in tx.board.lasting:
        if item.what != "damage_after_resolving" or link_card not in item.cards:
            continue
        if item.player != link_player or item.until_turn < tx.board.turn:
            continue
        tx.set_board(evolve(tx.board, lasting=tuple(i for i in tx.board.lasting if i is not item)))
        tx.say(
            "lasting.damage_after_use",
            card=CardId(link_card),
            source=Card.of(tx.board.cards[item.source]),
            player=link_player,
            amount=item.amount,
            cards=(link_card, item.source),
        )  # fmt: skip
        tx.change_lp(link_player, -item.amount, event="damage", cause=item.source, chain_link=link_no)
        return
