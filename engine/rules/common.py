"""Checks many procedures share: who may act now, and whether a card is where it must be."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.errors import Illegal
from engine.refs import resolve_ref
from engine.state import PHASE_NAMES, CardState

if TYPE_CHECKING:
    from engine.document import ActionEntry
    from engine.tx import Tx

MAIN_PHASES = ("main1", "main2")


def require_turn_player(tx: Tx, action: ActionEntry, what: str) -> None:
    if action.player != tx.board.turn_player:
        raise Illegal(
            "action.not_turn_player",
            f"Only the turn player ({tx.board.turn_player}) can {what}; {action.player} cannot.",
        )


def require_open_state(tx: Tx, what: str) -> None:
    """Summons, Sets and position changes need an open game state: no chain, no battle."""
    if tx.game.chain or tx.game.battle is not None:
        raise Illegal("action.chain_open", f"Cannot {what} while a chain or an attack is open.")


def require_main_phase(tx: Tx, what: str) -> None:
    if tx.board.phase not in MAIN_PHASES:
        raise Illegal(
            "action.wrong_phase",
            f"{what[0].upper()}{what[1:]} only in your Main Phase; it is "
            f"{phase_name(tx.board.phase)} now.",
        )


def own_card(tx: Tx, ref: str, player: str, zone: str, what: str) -> CardState:
    """The referenced card, which must be in `player`'s `zone` (hand, monsters, ...)."""
    card = resolve_ref(tx.board, ref)
    if card.zone != zone or (card.controller if zone != "hand" else card.owner) != player:
        raise Illegal(
            "action.card_not_there",
            f"{card.id} is not in {player}'s {zone.replace('_', ' ')} ({what}); "
            f"it is in {card.controller}'s {card.zone.replace('_', ' ')}.",
            card.id,
        )
    return card


def phase_name(phase: str) -> str:
    """The phase as a sentence names it: "the Battle Phase", "Main Phase 1"."""
    name = PHASE_NAMES.get(phase, phase)
    return name if name.startswith("Main") else f"the {name}"
