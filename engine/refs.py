"""Card references in actions: ids (`A:Sangan`, `A:Sangan#2`) and zones (`A:M1`, `B:S3`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.errors import Illegal
from engine.explain import Phrase

if TYPE_CHECKING:
    from engine.state import Board, CardState

_ZONES = {"M": "monsters", "S": "spell_traps"}


def resolve_ref(board: Board, ref: str) -> CardState:
    """The card a reference names now; a zone reference names whatever stands there."""
    if ref in board.cards:
        return board.cards[ref]
    lowered = ref.lower()
    same = board.in_order(card_id for card_id in board.cards if card_id.lower() == lowered)
    if same:
        return same[0]
    player, _, zone = ref.partition(":")
    zone = zone.upper()
    player = player.upper()
    found: CardState | None = None
    if zone == "FZ":
        found = board.field_spell(player)
    elif zone in ("EMZ-L", "EMZ-R"):
        found = board.occupant("monsters", player, 6 if zone == "EMZ-L" else 7)
    elif zone[:1] in _ZONES and zone[1:].isdigit():
        found = board.occupant(_ZONES[zone[0]], player, int(zone[1:]))
    if found is None:
        raise Illegal("action.card_not_there", reason=Phrase("card_not_there.there_no_card_now", ref=ref))
    return found
