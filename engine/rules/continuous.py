"""Continuous effects: what face-up cards do just by being there, without a chain.

A Continuous effect applies while its card is face-up on the field and its effect is not
negated; it stops the moment either ends (Advanced Rules, "Continuous Effects"; rulebook,
"Effect Monsters"). Negators are applied oldest first: a negator already negated by an older
one does nothing (Skill Drain in place before Jinzo arrives keeps Traps usable).

Everything here reads a Board and returns a fact; nothing changes the state.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.cards import CardDef, Effect, Selector
from engine.state import Board, CardState

FIELD = ("monsters", "spell_traps", "field_spell")
# negator -> the card type whose effects it negates on the field
_NEGATES = {
    "negate_trap_cards": "trap",
    "negate_spell_effects": "spell",
    "negate_monster_effects": "monster",
}


def _on_field_face_up(board: Board) -> list[CardState]:
    cards = [c for c in board.cards.values() if c.zone in FIELD and c.face_up and not c.pending]
    return sorted(cards, key=lambda c: c.arrived)


def _negators(board: Board) -> list[tuple[CardState, str]]:
    """The negating Continuous effects in force, each with the card type whose effects it negates.

    Taken oldest first: a newcomer already negated by one in force never applies (Skill Drain
    before Jinzo); one in force that a newcomer negates stops applying (Jinzo arriving while
    Imperial Order is face-up negates Imperial Order, so Spells work again).
    """
    in_force: list[tuple[CardState, str]] = []
    for card in _on_field_face_up(board):
        for effect in board.define(card.id).effects:
            kind = _NEGATES.get(effect.apply or "")
            if kind is None or effect.kind != "continuous":
                continue
            if not any(_hits(board, card, neg_kind, by) for by, neg_kind in in_force):
                in_force = [(c, k) for c, k in in_force if not _hits(board, c, kind, card)]
                in_force.append((card, kind))
    return in_force


def _hits(board: Board, card: CardState, kind: str, by: CardState) -> bool:
    """Does a negator of `kind`'s effects reach this card (face-up, on the field, that type)?"""
    return (
        by.id != card.id
        and card.zone in FIELD
        and card.face_up
        and board.define(card.id).card_type == kind
    )


def negated_by(board: Board, card: CardState,
               negators: list[tuple[CardState, str]] | None = None) -> CardState | None:  # fmt: skip
    """The card whose Continuous effect negates this card's effects now, if any."""
    for by, kind in _negators(board) if negators is None else negators:
        if _hits(board, card, kind, by):
            return by
    return None


def in_force(board: Board, apply: str) -> Iterator[tuple[CardState, Effect]]:
    """Every Continuous effect of this kind that applies now."""
    negators = _negators(board)  # once, not once per card
    for card in _on_field_face_up(board):
        defn = board.define(card.id)
        for effect in defn.effects:
            if effect.kind == "continuous" and effect.apply == apply and (
                negated_by(board, card, negators) is None
            ):  # fmt: skip
                yield card, effect


def affects(board: Board, source: CardState, effect: Effect, card: CardState) -> bool:
    """Is `card` among the cards a Continuous effect of `source` applies to?"""
    who = effect.affects
    if who is None or who == "this":
        return card.id == source.id
    if who == "equipped":
        return source.equipped_to == card.id
    if not matches(board, card, who, source.controller):
        return False
    if effect.apply != "modify_stats" and (who.min_atk is not None or isinstance(who.max_atk, int)):
        value = atk(board, card)  # never for ATK changes themselves: that would loop
        return (who.min_atk is None or value >= who.min_atk) and (
            not isinstance(who.max_atk, int) or value <= who.max_atk)
    return True


def matches(board: Board, card: CardState, sel: Selector, player: str) -> bool:
    """The card-kind part of a selector (type, attribute, name, Level), zone aside."""
    defn: CardDef = board.define(card.id)
    if sel.controller == "you" and card.controller != player:
        return False
    if sel.controller == "opponent" and card.controller == player:
        return False
    if sel.card_type is not None and defn.card_type != sel.card_type:
        return False
    if sel.subtype is not None and sel.subtype not in defn.subtypes:
        return False
    if sel.attribute is not None and defn.attribute != sel.attribute:
        return False
    if sel.monster_type is not None and (defn.monster_type or "").lower() != sel.monster_type.lower():
        return False
    if sel.name is not None and defn.name.lower() != sel.name.lower():
        return False
    if sel.min_level is not None and (defn.level or defn.rank or 0) < sel.min_level:
        return False
    if sel.max_def is not None and (defn.def_ is None or def_(board, card) > sel.max_def):
        return False
    return sel.max_level is None or (defn.level or 0) <= sel.max_level


def _stat(board: Board, card: CardState, which: str) -> int:
    defn = board.define(card.id)
    if which == "atk":
        base = card.atk if card.atk is not None else defn.atk or 0
        boost = card.boost_atk
    else:
        base = card.def_ if card.def_ is not None else defn.def_ or 0
        boost = card.boost_def
    if card.zone != "monsters" or not card.face_up:
        return base
    reversed_ = "reverse_increases" in board.flags
    total = base + (-abs(boost) if reversed_ and boost > 0 else boost)
    for source, effect in in_force(board, "modify_stats"):
        if affects(board, source, effect, card):
            change = effect.atk if which == "atk" else effect.def_
            total += -change if reversed_ and change > 0 else change
    return max(0, total)


def atk(board: Board, card: CardState) -> int:
    """A monster's ATK now: its own value, this turn's changes, and Continuous effects."""
    return _stat(board, card, "atk")


def def_(board: Board, card: CardState) -> int:
    return _stat(board, card, "def")


def first(board: Board, apply: str, card: CardState | None = None) -> CardState | None:
    """The card whose effect of this kind applies (to `card`, where one is given), if any."""
    for source, effect in in_force(board, apply):
        if card is None or affects(board, source, effect, card):
            return source
    return None
