"""What a card is now, before any Continuous effect is read: Monster, Spell or Trap as it
stands, a Gemini monster treated as a Normal Monster, the Unions equipped to a monster, and
where a Link Monster's arrows point (co-links). Read-only, and below every other rule module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.state import Board, CardState


# --------------------------------------------------------------------------- what a card is now
def card_kind(board: Board, card: CardState) -> str:
    """Monster, Spell or Trap, as the card is now: a Monster Card in a Spell & Trap Zone (a Union
    equipped to a monster, an equipped Archfiend of Gilfer) is an Equip Spell Card."""
    kind = board.define(card.id).card_type
    return "spell" if kind == "monster" and card.zone == "spell_traps" else kind


def treated_as_normal(board: Board, card: CardState) -> bool:
    """A Gemini monster face-up on the field and not yet Normal Summoned there, or in the GY."""
    if "gemini" not in board.define(card.id).subtypes:
        return False
    return card.zone == "graveyard" or (card.zone == "monsters" and card.face_up and not card.gemini)


def subtypes(board: Board, card: CardState) -> tuple[str, ...]:
    """Its abilities as they count now: a Gemini treated as a Normal Monster is a Normal Monster
    (still a Gemini monster), not an Effect Monster; a Token on the field is treated as a Normal
    Monster (Official Rulebook v10, "Monster Tokens")."""
    subs = tuple(board.define(card.id).subtypes)
    if treated_as_normal(board, card):
        return (*(s for s in subs if s != "effect"), "normal")
    if "token" in subs and "normal" not in subs and card.zone == "monsters":
        return (*subs, "normal")
    return subs


def has_effects(board: Board, card: CardState) -> bool:
    """A Gemini monster treated as a Normal Monster has no effects to apply or activate."""
    return not treated_as_normal(board, card)


def equipped_unions(board: Board, host: CardState) -> list[CardState]:
    """Union monsters equipped to `host` by their own effect (as Union Monster Cards)."""
    return [c for c in board.spell_traps() if c.equipped_to == host.id and c.self_equipped
            and "union" in board.define(c.id).subtypes]  # fmt: skip


# --------------------------------------------------------------------------- Link Arrows
# A Link Arrow as (rows, columns) it points, seen by the Link Monster's controller (up: away from
# them, toward the opponent's side).
_ARROWS = {"tl": (-1, -1), "t": (-1, 0), "tr": (-1, 1), "l": (0, -1), "r": (0, 1),
           "bl": (1, -1), "b": (1, 0), "br": (1, 1)}  # fmt: skip


def _place(card: CardState) -> tuple[int, int] | None:
    """Where a monster stands, as `place` gives it."""
    if card.zone != "monsters" or card.slot is None:
        return None
    return place(card.controller, card.slot)


def place(controller: str, slot: int) -> tuple[int, int]:
    """A Monster Zone as (row, column) seen from player A's side (Official Rulebook v10, "Link
    Monsters" and the field layout): B's Main Monster Zones on row 0 (B's zone 1 faces A's zone 5),
    the Extra Monster Zones on row 1 (slot 6, the left one, above A's zone 2; slot 7, the right
    one, above A's zone 4, as the document names them), A's Main Monster Zones on row 2."""
    if slot in (6, 7):
        return (1, 2 if slot == 6 else 4)
    return (2, slot) if controller == "A" else (0, 6 - slot)


def points_to(board: Board, card: CardState) -> list[tuple[int, int]]:
    """The Monster Zones (as `place` gives them) a face-up Link Monster's Link Arrows point to."""
    here = _place(card)
    defn = board.define(card.id)
    if here is None or "link" not in defn.subtypes or not card.face_up:
        return []
    return arrow_zones(here, card.controller, defn.link_arrows)


def arrow_zones(here: tuple[int, int], controller: str, arrows: list[str]) -> list[tuple[int, int]]:
    """The Monster Zones Link Arrows point to from `here` (a place), for a Link Monster that
    `controller` controls: its arrows point the way its controller sees the field."""
    sign = 1 if controller == "A" else -1  # B's arrows point the other way round
    zones = []
    for arrow in arrows:
        dr, dc = _ARROWS[arrow]
        row, col = here[0] + sign * dr, here[1] + sign * dc
        if (row in (0, 2) and 1 <= col <= 5) or (row == 1 and col in (2, 4)):
            zones.append((row, col))
    return zones


def linked_main_zones(board: Board, player: str, leaving: tuple[str, ...] = ()) -> set[int]:
    """The player's Main Monster Zones (1-5) a face-up Link Monster's Link Arrows point to, either
    player's Link Monster (Master Rule, April 2020: a Link Monster or a Pendulum Monster from the
    face-up Extra Deck may be Summoned there); `leaving` (materials) no longer point."""
    pointed = {z for c in board.monsters() if c.id not in leaving for z in points_to(board, c)}
    return {s for s in range(1, 6) if place(player, s) in pointed}


def co_linked(board: Board, card: CardState) -> list[CardState]:
    """The Link Monsters co-linked with this one: it points to each, and each points back to it."""
    here, mine = _place(card), points_to(board, card)
    return [other for other in board.monsters() if other.id != card.id and _place(other) in mine
            and here in points_to(board, other)]  # fmt: skip
