"""Trigger events: the `event:` words of a card file ("destroyed", "your_standby_phase",
"opponent_special_summoned"...), and what they read of an event."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.rules.continuous import FIELD

if TYPE_CHECKING:
    from engine.state import Board, CardState


# "During ..." triggers set off as a phase begins: event -> (phase, whose turn it must be).
PHASE_EVENTS = {
    "your_standby_phase": ("standby", "you"),
    "opponent_standby_phase": ("standby", "opponent"),
    "opponent_end_phase": ("end", "opponent"),  # Gemini Summoner
    "your_end_phase": ("end", "you"),
    "end_phase": ("end", "any"),
    "end_phase_summoned_or_flipped": ("end", "any"),
    "end_phase_destroyed_by_opponent": ("end", "any"),
    "end_phase_destroyed_by_battle": ("end", "any"),  # Horus the Black Flame Dragon LV6
    "standby_after_direct_damage": ("standby", "you"),  # Silent Swordsman LV5
}


# Triggers set off by what happens to other cards (the card itself watches from where it is).
WATCHING = ("opponent_special_summoned", "drew_normal_monster_in_draw_phase", "opponent_added_from_deck",
            "other_synchro_summoned", "opponent_attack_declared", "own_pendulum_returned_by_opponent",
            "end_of_battle_phase")


_NOT_SPECIAL = (None, "normal", "tribute", "flip")
DIRECT_DAMAGE = "direct_damage:"  # memory: inflicted battle damage by a direct attack in turn N


def _battle_source(event: dict[str, Any]) -> str | None:
    """The monster that inflicted battle damage: the engine writes its cause as "battle: <id>"."""
    cause = str(event.get("cause") or "")
    return cause[len("battle: "):] if cause.startswith("battle: ") else None


def _special_summoner(board: Board, event: dict[str, Any]) -> str | None:
    """The player who Special Summoned the monster of a `summoned` event; None if it was not a
    Special Summon (Normal, Tribute and Flip Summons are not)."""
    if event["type"] != "summoned" or event.get("cause") in ("Normal Summon", "Flip Summon"):
        return None
    card = board.cards.get(event.get("card") or "")
    if card is None or card.zone != "monsters":
        return None
    if card.summon_type in _NOT_SPECIAL and not card.token:
        return None
    return event.get("summoner") or card.controller  # a Token given to the opponent (Nibiru)


def _pendulum_returned_alone(board: Board, card: CardState, event: dict[str, Any],
                             batch: list[dict[str, Any]]) -> bool:  # fmt: skip
    """Stargazer Magician: exactly 1 other Pendulum Monster its controller controlled (and no other
    card) was returned from the field to the hand at this moment, by an opponent's card effect,
    outside the Damage Step, while Stargazer is a face-up monster on the field."""
    if event["type"] != "returned_to_hand" or card.zone != "monsters" or board.step == "damage":
        return False
    returned = [e for e in batch if e["type"] == "returned_to_hand" and e["seq"] == event["seq"]
                and e.get("from") in FIELD]  # fmt: skip
    if len(returned) != 1 or returned[0] is not event or event.get("from") != "monsters":
        return False
    back = board.cards.get(event.get("card") or "")
    source = board.cards.get(str(event.get("cause") or ""))
    return (back is not None and back.id != card.id and event.get("player") == card.controller
            and "pendulum" in board.define(back.id).subtypes
            and source is not None and source.controller != card.controller)  # fmt: skip
