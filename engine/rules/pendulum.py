"""Pendulum Monsters: the Pendulum Zones, Pendulum Scales and the Pendulum Summon.

A Pendulum Monster in the hand can be activated as a Spell Card in a Pendulum Zone (the
leftmost or rightmost Spell & Trap Zone); that activation is a Chain Link like any Spell Card's.
There its Pendulum Effects apply and its monster effects do not. With a Pendulum Monster in both
of their Pendulum Zones, the turn player may Pendulum Summon once per turn: any number of
monsters at once whose Levels are strictly between the two Scales, from the hand and face-up
from the Extra Deck. A Pendulum Monster that would go from the field to the GY is placed face-up
in its owner's Extra Deck instead (engine.tx).

Sources: Official Rulebook v10, "Pendulum Summon", "Pendulum Zones"; Yugipedia, "Pendulum
Summon" (Levels strictly between the Scales; a Special Summon that can be negated; from the
Extra Deck into the Extra Monster Zone or a zone a Link Arrow points to).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import CardDef, Effect
from engine.errors import Illegal
from engine.explain import Card, CardId, Phrase, Player
from engine.refs import resolve_ref
from engine.rules.common import require_main_phase, require_open_state, require_turn_player
from engine.rules.continuous import in_force, matches
from engine.rules.kinds import linked_main_zones
from engine.state import Board, CardState, Summon

if TYPE_CHECKING:
    from engine.document import ActionEntry
    from engine.tx import Tx

ZONES = (1, 5)  # the Spell & Trap Zones that double as Pendulum Zones
USED = "(Pendulum Summon)"  # the mark in `used_this_turn`: the Pendulum Summon of this turn
# Activating the card itself in a Pendulum Zone: not one of the effects its text lists (Chain
# Links carry effect number 0 for it). Constructed, not validated: see engine.cards.UNKNOWN_CARD.
SCALE_ACTIVATION = Effect.model_construct(
    kind="activation", summary="placed in a Pendulum Zone as a Spell Card"
)


def places_as_scale(card: CardState, defn: CardDef, number: int | None) -> bool:
    """Is this `activate` the activation of a Pendulum Monster from the hand as a Scale?"""
    return card.zone == "hand" and "pendulum" in defn.subtypes and number is None


def is_pendulum_card(board: Board, card: CardState) -> bool:
    """A Pendulum Monster Card in a Pendulum Zone (where it is treated as a Spell Card)."""
    return card.zone == "spell_traps" and "pendulum" in board.define(card.id).subtypes  # not a Union


def free_zone(tx: Tx, player: str, card: CardState) -> int:
    """The Pendulum Zone a Pendulum Monster activated from the hand goes to."""
    taken = {c.slot for c in tx.board.spell_traps(player)}
    slot = next((z for z in ZONES if z not in taken), None)
    if slot is None:
        raise Illegal(
            "zone.full",
            reason=Phrase("full.both_pendulum_zones_leftmost", card=Card.of(card), player=Player(player)),
        )  # fmt: skip
    return slot


def scale(board: Board, card: CardState) -> int:
    """A Pendulum Scale now: printed, or changed by its own Pendulum Effect (Stargazer Magician:
    Scale 4 unless the other Pendulum Zone holds a "Magician" or "Odd-Eyes" card)."""
    value = board.define(card.id).scale or 0
    for source, effect in in_force(board, "change_scale"):
        if source.id != card.id or effect.scale is None:
            continue
        other = next((c for c in board.spell_traps(card.controller)
                      if c.slot in ZONES and c.id != card.id), None)  # fmt: skip
        if other is not None and any(matches(board, other, s, card.controller)
                                     for s in effect.unless_other_scale):  # fmt: skip
            continue
        value = effect.scale
    return value


def scales(board: Board, player: str) -> list[CardState]:
    """The player's cards in both Pendulum Zones, if both hold a Pendulum Monster."""
    held = [c for c in board.spell_traps(player)
            if c.slot in ZONES and c.face_up and board.define(c.id).is_monster
            and "pendulum" in board.define(c.id).subtypes]  # fmt: skip
    return held if len(held) == 2 else []


def pendulum_summon(tx: Tx, action: ActionEntry) -> str | Phrase:
    """Pendulum Summon: the monsters named in `card` and `choices.summon`, all at once."""
    require_turn_player(tx, action, "Pendulum Summon")
    require_open_state(tx, "Pendulum Summon")
    require_main_phase(tx, "Pendulum Summon")
    board = tx.board
    player = action.player or ""
    me = board.player(player)
    if USED in me.used_this_turn:
        raise Illegal("summon.pendulum_once", player=Player(player))  # fmt: skip
    pair = scales(board, player)
    if not pair:
        raise Illegal("summon.pendulum_no_scales", player=Player(player))
    low, high = sorted(scale(board, c) for c in pair)
    refs = [action.card or ""]
    extra = action.choices.get("summon", [])
    refs += [str(r) for r in (extra if isinstance(extra, list) else [extra])]
    cards: list[CardState] = []
    for ref in refs:
        c = resolve_ref(board, ref)
        if c.id not in {x.id for x in cards}:
            cards.append(c)
    for c in cards:
        _check_one(tx, player, c, low, high)
    from_hand = [c for c in cards if c.zone == "hand"]
    from_extra = [c for c in cards if c.zone == "extra_deck"]
    free_main = [s for s in range(1, 6) if board.occupant("monsters", player, s) is None]
    # from the face-up Extra Deck: an Extra Monster Zone (one per player) or a Main Monster Zone a
    # Link Arrow points to (Master Rule, April 2020); the hand's monsters take the Main Monster Zones left
    own_emz = any((c.slot or 0) > 5 for c in board.monsters(player))
    emz = [] if own_emz else [s for s in (6, 7) if board.occupant("monsters", player, s) is None][:1]
    linked = [s for s in free_main if s in linked_main_zones(board, player)]
    extra_slots = (emz + linked)[: len(from_extra)]
    if len(extra_slots) < len(from_extra):
        raise Illegal(
            "zone.extra_monster_zone",
            reason=Phrase(
                "extra_monster_zone.pendulum_monster_pendulum_summoned",
                from_extra=[CardId(c.id) for c in from_extra],
            ),
            cards=(),
        )  # fmt: skip
    free_main = [s for s in free_main if s not in extra_slots]
    if len(from_hand) > len(free_main):
        raise Illegal(
            "zone.full",
            reason=Phrase(
                "full.has_free_main_monster",
                player=Player(player),
                free_main_count=len(free_main),
                from_hand_count=len(from_hand),
            ),
        )  # fmt: skip
    placed = []
    for c, slot in [*zip(from_hand, free_main, strict=False), *zip(from_extra, extra_slots, strict=False)]:
        pos = action.position if action.position in ("attack", "defense") else "attack"
        tx.move(c.id, "monsters", event="summoned", cause="Pendulum Summon", slot=slot, position=pos)
        tx.events[-1]["summon_type"] = "pendulum"
        tx.update_card(c.id, summoned_this_turn=True, summon_type="pendulum", pending=True)
        placed.append(c.id)
    tx.set_board(tx.board.with_player(player, used_this_turn=(*me.used_this_turn, USED)))
    tx.update(summon_attempt=Summon(cards=tuple(placed), kind="special", player=player,  # type: ignore[arg-type]
                                    seq=tx.game.seq))  # fmt: skip
    tx.finish()
    tx.say(
        "summon.pendulum",
        player=Player(player),
        placed=[CardId(i) for i in placed],
        low=low,
        high=high,
        low2=low + 1,
        high2=high - 1,
        cards=(*placed, *[c.id for c in pair]),
    )
    return Phrase(
        "summary.pendulum_summon", player=Player(player), names=[tx.board.cards[i].name for i in placed]
    )


def _check_one(tx: Tx, player: str, c: CardState, low: int, high: int) -> None:
    defn = tx.board.define(c.id)
    if c.owner != player or c.zone not in ("hand", "extra_deck"):
        raise Illegal(
            "summon.pendulum_wrong_card",
            reason=Phrase("pendulum_wrong_card.not_hand_or_extra", c=CardId(c.id), player=Player(player)),
        )  # fmt: skip
    if c.zone == "extra_deck" and (c.face != "up" or "pendulum" not in defn.subtypes):
        raise Illegal(
            "summon.pendulum_wrong_card",
            reason=Phrase("pendulum_wrong_card.not_face_up_pendulum", c=CardId(c.id)),
        )  # fmt: skip
    if not defn.is_monster or (c.zone == "hand" and (defn.is_extra_deck or not defn.normal_summonable)):
        raise Illegal(
            "summon.pendulum_wrong_card",
            reason=Phrase("pendulum_wrong_card.cannot_pendulum_summoned_from", c=Card.of(c)),
        )  # fmt: skip
    level = defn.level
    if level is None or not low < level < high:
        shown = Phrase("level.is", level=level) if level is not None else Phrase("level.none")
        raise Illegal(
            "summon.pendulum_wrong_level",
            c=Card.of(c),
            shown=shown,
            low=low,
            high=high,
            low2=low + 1,
            high2=high - 1,
        )  # fmt: skip
