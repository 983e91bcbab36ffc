"""Card references in actions: ids (`A:Sangan`, `A:Sangan#2`) and zones (`A:M1`, `B:S3`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.errors import Illegal
from engine.explain import Phrase

if TYPE_CHECKING:
    from engine.state import Board, CardState

_ZONES = {"M": "monsters", "S": "spell_traps"}
# the ids of the last few boards' cards by their lower case (an id, or the ids that differ only
# in case), by the id() of the boards' `defs`
_LOWERED: dict[int, tuple[Mapping[str, Any], dict[str, Any]]] = {}


def resolve_ref(board: Board, ref: str) -> CardState:
    """The card a reference names now; a zone reference names whatever stands there."""
    if ref in board.cards:
        return board.cards[ref]
    same = board.in_order(_in_any_case(board.defs, ref.lower()))
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


def _in_any_case(defs: Mapping[str, Any], lowered: str) -> tuple[str, ...]:
    """The ids of a replay that are `lowered` in lower case. `Board.defs` holds every card a
    replay ever had (new ones only as they are created), so its ids are lowered once per replay,
    not at each reference that is not an id as written (a zone, `direct`, another case)."""
    kept = _LOWERED.get(id(defs))
    if kept is None or kept[0] is not defs:
        ids = list(defs)
        found: dict[str, Any] = dict(zip(map(str.lower, ids), ids, strict=True))
        if len(found) < len(ids):  # ids that differ only in case: a lower case lists them all
            found = {}
            for card_id in ids:
                found[card_id.lower()] = (*found.get(card_id.lower(), ()), card_id)
        if len(_LOWERED) >= 8:
            _LOWERED.clear()
        kept = _LOWERED[id(defs)] = (defs, found)  # `defs` is kept alive with it: its id is not reused
    same = kept[1].get(lowered, ())
    return (same,) if isinstance(same, str) else same
