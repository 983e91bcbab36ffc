"""Continuous effects: what face-up cards do just by being there, without a chain.

A Continuous effect applies while its card is face-up on the field and its effect is not
negated; it stops the moment either ends (Advanced Rules, "Continuous Effects"; rulebook,
"Effect Monsters"). Negators are applied oldest first: a negator already negated by an older
one does nothing (Skill Drain in place before Jinzo arrives keeps Traps usable).

Everything here reads a Board and returns a fact; nothing changes the state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from typing import TYPE_CHECKING

from engine.explain import Phrase, Player, Zone
from engine.rules import kinds
from engine.state import Board, CardState, Lasting, opponent

if TYPE_CHECKING:
    from engine.cards import CardDef, Effect, Selector

FIELD = ("monsters", "spell_traps", "field_spell")
# negator -> the card type whose effects it negates on the field
_NEGATES = {
    "negate_trap_cards": "trap",
    "negate_spell_effects": "spell",
    "negate_monster_effects": "monster",
    "negate_trap_effects": "trap",  # Royal Decree: the effects only; Traps can still be activated
}


def _on_field_face_up(board: Board) -> list[CardState]:
    return board.derive("on_field_face_up", _face_up_in_force)


def _face_up_in_force(board: Board) -> list[CardState]:
    cards = [c for c in board.on_field() if c.zone in FIELD and c.face_up and not c.pending]
    return sorted(cards, key=_arrived)


def _arrived(card: CardState) -> int:
    return card.arrived


def _negators(board: Board) -> list[tuple[CardState, str]]:
    return board.derive("negators", _negators_in_force)


def _negators_in_force(board: Board) -> list[tuple[CardState, str]]:
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
            if board.lasting and lasting_negation(board, card) is not None:
                continue  # negated until the end of the turn (Effect Veiler on Jinzo)
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
        and kinds.card_kind(board, card) == kind  # an equipped Union is a Spell
    )


def in_archetype(name: str, archetype: str) -> bool:
    """A card is part of an archetype when its name holds the archetype's words in a row, each
    word of the name starting with the archetype's ("LV" in "Horus the Black Flame Dragon LV6")."""
    words, wanted = name.lower().split(), archetype.lower().split()
    return any(all(words[i + k].startswith(w) for k, w in enumerate(wanted))
               for i in range(len(words) - len(wanted) + 1))  # fmt: skip


def column_of(card: CardState) -> int | None:
    """The column of a card in a Spell & Trap Zone, 1-5 from the left of player A's side: B's zone
    1 faces A's zone 5 (a column holds both players' zones, face to face)."""
    if card.zone != "spell_traps" or card.slot is None or not 1 <= card.slot <= 5:
        return None
    return card.slot if card.controller == "A" else 6 - card.slot


def lasting_negation(board: Board, card: CardState, *, activated: bool = False,
                     at: CardState | None = None) -> Lasting | None:  # fmt: skip
    """The lasting effect that negates this card's effects now, if any: "negate its effects until
    the end of this turn" (Effect Veiler; Level Modulation's "cannot apply its effects") while the
    card stays face-up on the field as it was, and "negate the activated effects and the effects on
    the field of cards with that original name" (Called by the Grave, Crossout Designator), which
    reaches an activated effect wherever its card is (`activated`). A Set Infinite Impermanence
    negates the other Spell/Trap effects in its column: of cards there, and of effects activated
    there (`at`: the card as it was activated), even if the card has moved since."""
    for item in board.lasting:
        if item.until_turn < board.turn:
            continue
        if item.what == "column_negated" and card.id != item.source:
            place = at if at is not None else card
            if (place.zone == "spell_traps" and column_of(place) == item.column
                    and kinds.card_kind(board, place) in ("spell", "trap")
                    and (activated or (card.zone == "spell_traps" and card.face_up))):  # fmt: skip
                return item
            continue
        if item.what == "battle_negated":  # Terrorking Archfiend: on the field, then in the GY
            if card.id in item.cards and (
                (card.zone == "monsters" and card.arrived <= item.since)
                or (card.zone == "graveyard" and card.arrived == item.since)
            ):  # fmt: skip
                return item
            continue
        negates = item.what in ("effects_negated", "negated_until_end")
        if negates and card.id in item.cards and card.zone in FIELD:
            if item.since and (not card.face_up or card.arrived > item.since):
                continue  # turned face-down or left the field since: a new card
            return item
        if item.what == "names_negated" and board.define(card.id).name == item.name and (
            activated or (card.zone in FIELD and card.face_up)
        ):  # fmt: skip
            return item
    return None


def negated_by(board: Board, card: CardState,
               negators: list[tuple[CardState, str]] | None = None) -> CardState | None:  # fmt: skip
    """The card whose Continuous effect negates this card's effects now, if any."""
    if (lasting := lasting_negation(board, card)) is not None:  # "until the end of this turn"
        return board.cards.get(lasting.source, card)
    for by, kind in _negators(board) if negators is None else negators:
        if _hits(board, card, kind, by):
            return by
    return None


def in_force(board: Board, apply: str) -> Iterator[tuple[CardState, Effect]]:
    """Every Continuous effect of this kind that applies now (read once per board). A replay none
    of whose cards has such an effect asks no further: most kinds are on no card of a replay."""
    if not board.defined(("continuous", apply), holder(apply)):
        return iter(())
    found = board.derive(("in_force", apply), lambda b: tuple(_in_force(b, apply)))
    return iter(found)


@cache
def holder(apply: str) -> Callable[[CardDef], bool]:
    """Does a card have a Continuous effect of this kind? (One function per kind: `Board.defined`
    keeps what it found under it for the whole replay.)"""

    def has(defn: CardDef) -> bool:
        return any(e.kind == "continuous" and e.apply == apply for e in defn.effects)

    return has


def negated_in_force(board: Board, apply: str) -> list[tuple[CardState, Effect, CardState]]:
    """The Continuous effects of this kind that would apply now but are negated, each with the card
    whose effect negates them (Skill Drain on Skilled Dark Magician's Spell Counters): a replay says
    why such an effect did nothing."""
    if not board.defined(("continuous", apply), holder(apply)):
        return []
    return [(card, effect, by) for card, effect, by in _applying(board, apply) if by is not None]


def _in_force(board: Board, apply: str) -> Iterator[tuple[CardState, Effect]]:
    for card, effect, by in _applying(board, apply):
        if by is None and kinds.has_effects(board, card):
            yield card, effect


def _applying(board: Board, apply: str) -> Iterator[tuple[CardState, Effect, CardState | None]]:
    """Each Continuous effect of this kind on a face-up card whose condition holds now, with the
    card whose effect negates it (None: not negated)."""
    negators = _negators(board)  # once, not once per card
    for card in _on_field_face_up(board):
        for effect in board.define(card.id).effects:
            if effect.kind == "continuous" and effect.apply == apply and _while_met(board, card, effect):
                yield card, effect, negated_by(board, card, negators)


def _while_met(board: Board, card: CardState, effect: Effect) -> bool:
    """A "While you control another ..." condition: met by another face-up card its controller
    controls that fits; unmet, the effect simply does not apply. Likewise "while this card has
    a material that was originally WATER" (Abyss Dweller), and a Pendulum card's two halves: its
    Pendulum Effects apply only in the Pendulum Zone, its monster effects only in a Monster Zone."""
    if "pendulum" in board.define(card.id).subtypes and (card.zone == "spell_traps") != effect.pendulum:
        return False  # (a Union or another Monster Card equipped there is not a Pendulum card)
    held = effect.while_material
    if held is not None and not any(matches(board, board.cards[m], held, card.controller)
                                    for m in card.materials if m in board.cards):  # fmt: skip
        return False
    sel = effect.while_you_control
    if sel is None:
        return True
    return any(other.id != card.id and other.controller == card.controller and other.face_up
               and other.zone in FIELD and matches(board, other, sel, card.controller)
               for other in board.on_field())  # fmt: skip


def affects(board: Board, source: CardState, effect: Effect, card: CardState) -> bool:
    """Is `card` among the cards a Continuous effect of `source` applies to?"""
    who = effect.affects
    if who is None or who == "this":
        return card.id == source.id
    if who == "equipped":  # whoever equipped it: a Union with the current text gives its equip
        # effects when another card's effect equipped it too (Yugipedia, "Union Monster"; Union Rider)
        return source.equipped_to == card.id
    if who == "equipped_by_itself":  # "while equipped by this card's effect" (the older Unions)
        return source.equipped_to == card.id and source.self_equipped
    if who.monster_type == "declared":  # the Type its activation declared (Regulation of Tribe)
        who = who.model_copy(update={"monster_type": source.declared or "(none declared)"})
    if not matches(board, card, who, source.controller):
        return False
    if effect.apply != "modify_stats" and (who.min_atk is not None or isinstance(who.max_atk, int)):
        value = atk(board, card)  # never for ATK changes themselves: that would loop
        return (who.min_atk is None or value >= who.min_atk) and (
            not isinstance(who.max_atk, int) or value <= who.max_atk
        )
    return True


def matches(board: Board, card: CardState, sel: Selector, player: str) -> bool:
    """The card-kind part of a selector (type, attribute, name, Level), zone aside."""
    defn: CardDef = board.define(card.id)
    if sel.controller == "you" and card.controller != player:
        return False
    if sel.controller == "opponent" and card.controller == player:
        return False
    if sel.card_type is not None and kinds.card_kind(board, card) != sel.card_type:
        return False
    if sel.subtype is not None and sel.subtype not in kinds.subtypes(board, card):
        return False
    if sel.not_subtype is not None and sel.not_subtype in kinds.subtypes(board, card):
        return False
    if sel.name_in and defn.name.lower() not in {n.lower() for n in sel.name_in}:
        return False
    if sel.has_attacked and not card.attacks_this_turn:
        return False
    if sel.with_union and not kinds.equipped_unions(board, card):
        return False
    if sel.attribute is not None and defn.attribute != sel.attribute:
        return False
    if sel.monster_type is not None and (defn.monster_type or "").lower() != sel.monster_type.lower():
        return False
    if sel.monster_type_in and (defn.monster_type or "").lower() not in {
        t.lower() for t in sel.monster_type_in
    }:
        return False
    if sel.name is not None and defn.name.lower() != sel.name.lower():
        return False
    if sel.archetype is not None and not in_archetype(defn.name, sel.archetype):
        return False
    level = (defn.level or 0) + (card.level_change if card.zone == "monsters" else 0)  # Level now
    if isinstance(sel.level, int) and level != sel.level:
        return False
    # an Xyz or Link Monster has a Rank or Link Rating, no Level: "Level N or higher/lower" never
    # fits it (yugioh-wiki.net, Gravity Bind: Xyz Monsters get past it)
    if sel.min_level is not None and (defn.level is None or level < sel.min_level):
        return False
    if sel.max_def is not None and (defn.def_ is None or def_(board, card) > sel.max_def):
        return False
    return sel.max_level is None or (defn.level is not None and level <= sel.max_level)


ZEROED = "atk_zero_in_battle"  # the mark of a monster whose ATK is 0 until the Battle Phase ends
# the mark of a monster whose ATK is 0 during this damage calculation only (Kazejin); the battle
# takes it off once damage is calculated (rules.battle)
ZEROED_IN_CALCULATION = "atk_zero_in_damage_calculation"
# the Continuous effects that change a monster's ATK/DEF (`_stat` reads them)
STAT_EFFECTS = ("stats_from_equipped", "atk_by_lp_standing", "modify_stats")


def _stat(board: Board, card: CardState, which: str) -> int:
    defn = board.define(card.id)
    if which == "atk":
        base = card.atk if card.atk is not None else defn.atk or 0
        boost, added = card.boost_atk, card.added_atk
    else:
        base = card.def_ if card.def_ is not None else defn.def_ or 0
        boost, added = card.boost_def, 0
    if card.zone != "monsters" or not card.face_up:
        return base
    if which == "atk" and ZEROED in card.marks and board.phase == "battle":
        return 0  # "its ATK becomes 0 until the end of the Battle Phase" (Fairy Box)
    if which == "atk" and ZEROED_IN_CALCULATION in card.marks:
        return 0  # "make its ATK 0 during damage calculation only" (Kazejin)
    for source, _effect in in_force(board, "stats_from_equipped"):  # Relinquished
        held = next((c for c in board.in_zone("spell_traps") if source.id == card.id
                     and c.equipped_to == card.id and board.define(c.id).is_monster), None)  # fmt: skip
        if held is not None:  # the equipped Monster Card's printed ATK/DEF become its own
            printed = board.define(held.id)
            base = (printed.atk if which == "atk" else printed.def_) or 0
    if which == "atk":
        base = _lp_standing_atk(board, card, defn, base)
    reversed_ = "reverse_increases" in board.flags
    # Reverse Trap: what was added or subtracted counts the other way; doubling or setting does not
    total = base + boost - (2 * added if reversed_ else 0)
    for source, effect in in_force(board, "modify_stats"):
        if affects(board, source, effect, card) and not unaffected(board, card, source.id):
            change = effect.atk if which == "atk" else effect.def_
            if effect.per:  # "for each ..." (Toon Dark Magician Girl, Vennominaga)
                change *= per_count(board, source, effect.per)
            total += -change if reversed_ else change
    return max(0, total)


def _lp_standing_atk(board: Board, card: CardState, defn: CardDef, base: int) -> int:
    """Megamorph: while its controller has fewer LP than the opponent the equipped monster's ATK
    is double its original ATK, while more, half of it (rounded down), while equal, unchanged;
    it follows every LP change, and several copies on one monster count as one (Yugipedia, Card
    Rulings: Megamorph). Changes from other effects still apply on top of it."""
    for source, effect in in_force(board, "atk_by_lp_standing"):
        if not affects(board, source, effect, card) or unaffected(board, card, source.id):
            continue
        mine = board.player(source.controller).lp
        theirs = board.player(opponent(source.controller)).lp
        original = defn.atk or 0
        return original * 2 if mine < theirs else original // 2 if mine > theirs else base
    return base


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


def per_count(board: Board, source: CardState, selectors: list) -> int:
    """How many cards fit any of these selectors, from `source`'s controller's point of view
    ("for each Dark Magician in either GY"; `equipped_to_this`: Equip Cards equipped to it)."""
    count = 0
    for card in {c.id: c for sel in selectors for c in candidates(board, sel)}.values():
        for sel in selectors:
            if sel.equipped_to_this:  # an Equip Card on it; card_type: monster, a Monster Card
                if card.equipped_to != source.id or (
                    sel.card_type is not None and board.define(card.id).card_type != sel.card_type
                ):  # fmt: skip
                    continue
                sel = sel.model_copy(update={"card_type": None})
            if fits(board, card, sel, source.controller):
                count += 1
                break
    return count


def unaffected(board: Board, card: CardState, source: str) -> bool:
    """Is `card` unaffected by the effect of the card `source` ("Unaffected by other cards'
    effects": Vennominaga)? Only while it is face-up on the field and that effect applies."""
    if source == card.id or card.zone not in FIELD:
        return False
    if first(board, "unaffected_by_other_cards", card) is not None:
        return True
    # "Unaffected by Spell effects" (Horus LV6), "... by your opponent's" (Silent Swordsman LV5):
    # a Spell Card's effects, a Pendulum Monster's in its Pendulum Zone included
    origin = board.cards.get(source)
    if origin is not None and board.define(origin.id).card_type == "trap":  # "Unaffected by Trap effects"
        return first(board, "unaffected_by_traps", card) is not None
    if origin is None or not (board.define(origin.id).card_type == "spell" or (
            origin.zone == "spell_traps" and board.define(origin.id).is_monster)):  # fmt: skip
        return False
    if first(board, "unaffected_by_spells", card) is not None:
        return True
    return origin.controller != card.controller and (
        first(board, "unaffected_by_opponent_spells", card) is not None
    )


_ZONES = {
    "field": ("field_spell",),
    "onfield": ("monsters", "spell_traps", "field_spell"),
    "spell_traps_or_field": ("spell_traps", "field_spell"),
    "hand_or_deck": ("hand", "deck"),
    "hand_or_graveyard": ("hand", "graveyard"),
    "hand_deck_or_graveyard": ("hand", "deck", "graveyard"),  # Skilled Dark Magician's Dark Magician
}


def fits(board: Board, card: CardState, sel: Selector, player: str,
         summoned: tuple[str, ...] = (), attacker: str | None = None) -> bool:  # fmt: skip
    """Does a card fit a selector (zone, whose, face, kind) from `player`'s point of view?"""
    if card.zone not in _ZONES.get(sel.zone, (sel.zone,)):
        return False
    if card.zone == "banished" and card.face == "down" and _hidden_from(sel):
        return False
    if sel.just_summoned and card.id not in summoned:
        return False
    if sel.attacking and card.id != attacker:
        return False
    if sel.position != "any" and card.position != sel.position:
        return False
    if not matches(board, card, sel, player):
        return False
    if sel.min_atk is not None or sel.max_atk is not None:
        value = atk(board, card)
        if sel.min_atk is not None and value < sel.min_atk:
            return False
        limit = sel.max_atk
        if limit == "controller_lp":
            limit = board.player(card.controller).lp
        if isinstance(limit, int) and value > limit:
            return False
    if sel.face == "up" and not card.face_up:
        return False
    return not (sel.face == "down" and card.face_up)


# what a selector may ask of a card's identity: a card banished face-down shows none of it
_IDENTITY = ("card_type", "subtype", "attribute", "monster_type", "name", "archetype", "level",
             "max_level", "min_level", "max_def", "min_atk", "max_atk", "not_subtype")  # fmt: skip


def _hidden_from(sel: Selector) -> bool:
    """Is a card banished face-down out of this selector's reach? Yes when it asks for a face-up
    card or for anything the card is ("banished monsters": Burial from a Different Dimension); a
    bare "banished card" can choose it (Konami FAQ, PSY-Framelord Omega)."""
    if sel.face == "down":
        return False
    asks = any(getattr(sel, key) is not None for key in _IDENTITY) or sel.name_in or sel.monster_type_in
    return sel.face == "up" or asks


def candidates(board: Board, sel: Selector) -> list[CardState]:
    """The cards in the zones a selector names, in the board's order: the only ones it can fit."""
    return board.in_zones(_ZONES.get(sel.zone, (sel.zone,)))


_CARD_KINDS = {"monster": "misfit.kind.monster", "spell": "misfit.kind.spell", "trap": "misfit.kind.trap"}


def misfit(board: Board, card: CardState | None, sel: Selector, player: str,
           summoned: tuple[str, ...] = (), attacker: str | None = None, *,
           now: bool = True) -> Phrase | None:  # fmt: skip
    """Why a card does not (or, at resolution, no longer does) fit a selector; None if it fits."""
    if card is None:
        return Phrase("misfit.gone")
    tense = {"no_longer": Phrase("misfit.word.no_longer" if now else "misfit.word.is_not"),
             "is_now": Phrase("misfit.word.is_now" if now else "misfit.word.is")}  # fmt: skip
    if card.zone not in _ZONES.get(sel.zone, (sel.zone,)):
        return Phrase("misfit.not_there", zone=Zone(card.zone), **tense)
    if fits(board, card, sel, player, summoned, attacker):
        return None
    if card.zone == "banished" and card.face == "down" and _hidden_from(sel):
        return Phrase("misfit.banished_face_down", **tense)
    if sel.attacking and card.id != attacker:
        return Phrase("misfit.not_attacking", **tense)
    if sel.face == "up" and not card.face_up:
        return Phrase("misfit.face_down", **tense)
    if sel.face == "down" and card.face_up:
        return Phrase("misfit.face_up", **tense)
    if sel.position != "any" and card.position != sel.position:
        return Phrase("misfit.position", position=sel.position.title(), **tense)
    if sel.just_summoned and card.id not in summoned:
        return Phrase("misfit.not_summoned", **tense)
    value = atk(board, card)
    when = Phrase("misfit.word.now" if now else "nothing")
    if sel.min_atk is not None and value < sel.min_atk:
        return Phrase("misfit.atk_low", value=value, when=when, limit=sel.min_atk)
    if isinstance(sel.max_atk, int) and value > sel.max_atk:
        return Phrase("misfit.atk_high", value=value, when=when, limit=sel.max_atk)
    if sel.max_atk == "controller_lp" and value > board.player(card.controller).lp:
        return Phrase("misfit.atk_over_lp", value=value)
    if sel.has_attacked and not card.attacks_this_turn:
        return Phrase("misfit.not_attacked")
    if sel.with_union and not kinds.equipped_unions(board, card):
        return Phrase("misfit.no_union")
    if sel.controller == "opponent" and card.controller == player:
        return Phrase("misfit.own_card", player=Player(player), **tense)
    if sel.controller == "you" and card.controller != player:
        return Phrase("misfit.opponents_card", player=Player(player), **tense)
    if sel.card_type is not None and kinds.card_kind(board, card) != sel.card_type:
        return Phrase("misfit.kind", kind=Phrase(_CARD_KINDS[sel.card_type]), **tense)
    return Phrase("misfit.other", **tense)
