"""Activation conditions: the `condition:` words of a card file ("responds_to_spell",
"opponents_turn", "damage_step_battling"...), and what they read of the link an activation
answers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules import continuous, restrictions
from engine.state import opponent

if TYPE_CHECKING:
    from engine.cards import Effect
    from engine.state import ChainLink, Summon
    from engine.tx import Tx


def _link_kind(tx: Tx, link: ChainLink) -> str:
    """What a link is, for activation conditions: a Spell or Trap Card's activation, or an effect."""
    defn = tx.board.define(link.card)
    if not link.effect or _link_effect(tx, link).pendulum:  # a Pendulum card acts as a Spell Card
        return "spell" if not link.effect else "spell_effect"
    if _link_effect(tx, link).kind == "activation":
        return defn.card_type  # "spell" or "trap"
    snap = link.card_snapshot  # an equipped Union's effect is an Equip Spell Card's effect
    if defn.is_monster and snap is not None and snap.zone == "spell_traps":
        return "spell_effect"
    return "monster_effect" if defn.is_monster else f"{defn.card_type}_effect"


_CONDITION_TEXT = {
    "responds_to_spell": ("spell",), "responds_to_trap": ("trap",),
    "responds_to_spell_or_trap": ("spell", "trap"), "responds_to_monster_effect": ("monster_effect",),
    "responds_to_any": ("spell", "trap", "monster_effect", "spell_effect", "trap_effect"),
}  # fmt: skip


def _summon_fits(effect: Effect, summon: Summon | None, player: str, who: str) -> bool:
    if summon is None:
        return False
    kinds = effect.summon_kinds
    kind = "normal" if summon.kind == "tribute" else summon.kind
    if kinds and kind not in kinds and summon.kind not in kinds:
        return False
    return who == "any" or summon.player != player


# What Ash Blossom & Joyous Spring answers, as categories: "search" (a card added from the Deck
# to the hand), "draw" (drawing is adding from the Deck), "special_summon_from_deck",
# "send_from_deck". A card's steps say it too, so a card that forgot the category still counts.
DECK_ACTIONS = frozenset({"search", "draw", "special_summon_from_deck", "send_from_deck"})


_STEP_ACTIONS = {"add_to_hand": "search", "excavate_add": "search",
                 "special_summon": "special_summon_from_deck", "send_to_gy": "send_from_deck"}  # fmt: skip


def deck_actions(effect: Effect) -> set[str]:
    """Which of Ash Blossom's three kinds of action (drawing counts as adding) an effect includes."""
    found = set(effect.categories) & DECK_ACTIONS
    for step in effect.do:
        if step.op in ("draw", "draw_until"):
            found.add("draw")
        elif step.op in _STEP_ACTIONS and not isinstance(step.cards, str) and step.cards is not None and (
            step.cards.zone in ("deck", "hand_or_deck")
        ):  # fmt: skip
            found.add(_STEP_ACTIONS[step.op])
    return found


def _field_effect(tx: Tx, link: ChainLink) -> bool:
    """Was this link the effect of a monster activated on the field, or the effect of a Spell/Trap
    already face-up on the field (not a card's activation, nor a Trap's effect used as it flipped)?"""
    snapshot = link.card_snapshot
    if snapshot is None or snapshot.zone not in continuous.FIELD or not snapshot.face_up:
        return False
    return _link_effect(tx, link).kind != "activation" and link.card not in tx.game.flipped_in_chain


def _link_effect(tx: Tx, link: ChainLink) -> Effect:
    return restrictions.link_effect(tx.board, link)  # number 0: a Pendulum card placed as a Scale


def _would_damage(tx: Tx, link: ChainLink, player: str) -> bool:
    """Would this link inflict damage to `player` as written ("damage" to you or the opponent)?"""
    for step in _link_effect(tx, link).do:
        if step.op != "damage":
            continue
        who = step.player or "opponent"
        hit = {"you": [link.player], "opponent": [opponent(link.player)], "both": ["A", "B"]}[who]
        if player in hit:
            return True
    return False
