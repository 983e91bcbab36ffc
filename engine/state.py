"""The game state as immutable data.

Every step of a replay produces a new `Game`; unchanged parts (players, cards) are shared
between steps rather than copied, so keeping every board for the viewer costs little, and a
judge's "what if" fork is just another fold from a kept state. Cards are kept by id in a
persistent map indexed by zone (`Board`); ordered piles (hand, Deck, GY, banished, Extra Deck)
keep their order as tuples.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from dataclasses import fields as dataclass_fields
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from immutables import Map

if TYPE_CHECKING:
    from engine.cards import CardDef

T = TypeVar("T")
Player = Literal["A", "B"]
PLAYERS: tuple[Player, Player] = ("A", "B")
PHASES = ("draw", "standby", "main1", "battle", "main2", "end")
PHASE_NAMES = {
    "draw": "Draw Phase",
    "standby": "Standby Phase",
    "main1": "Main Phase 1",
    "battle": "Battle Phase",
    "main2": "Main Phase 2",
    "end": "End Phase",
}
BATTLE_STEPS = ("start", "battle", "damage", "end")
DAMAGE_WINDOWS = (
    "damage_step_start",
    "before_damage_calculation",
    "damage_calculation",
    "after_damage_calculation",
    "damage_step_end",
)
FIELD_ZONES = ("monsters", "spell_traps", "field_spell")  # the Pendulum Zones are Spell & Trap Zones
PILES = ("hand", "deck", "extra_deck", "graveyard", "banished")
EMZ_SLOTS = {6: "emz-left", 7: "emz-right"}
EMZ_BY_NAME = {v: k for k, v in EMZ_SLOTS.items()}


def evolve(obj: T, **changes: object) -> T:
    """A copy of a frozen slotted dataclass with some fields changed.

    The same as dataclasses.replace without its per-call introspection, which made it the
    largest cost of a replay: each class gets a copier of its own, straight-line code that
    writes every slot through its descriptor. An unknown field name is still an error. A field
    whose metadata names a `fresh` factory is not copied: the copy gets a new one (a memo of
    what was read off the object before the change would be wrong for the copy).
    """
    copier = _COPIERS.get(type(obj))
    if copier is None:
        copier = _COPIERS[type(obj)] = _copier(type(obj))
    return copier(obj, changes)


_COPIERS: dict[type, Callable[[Any, dict[str, object]], Any]] = {}


def _copier(cls: type) -> Callable[[Any, dict[str, object]], Any]:
    """Compile `cls`'s copier (as `dataclasses` compiles `__init__`): copy every slot, then
    write the changed ones."""
    fields = dataclass_fields(cls)
    setters = {f.name: cls.__dict__[f.name].__set__ for f in fields if "fresh" not in f.metadata}
    scope: dict[str, Any] = {"new": object.__new__, "cls": cls, "setters": setters, "unknown": _unknown}
    lines = ["def copy(obj, changes):", "    out = new(cls)"]
    for number, f in enumerate(fields):
        scope[f"set{number}"] = cls.__dict__[f.name].__set__
        if "fresh" in f.metadata:
            scope[f"fresh{number}"] = f.metadata["fresh"]
            lines.append(f"    set{number}(out, fresh{number}())")
        else:
            lines.append(f"    set{number}(out, obj.{f.name})")
    lines += ["    for name, value in changes.items():",
              "        setter = setters.get(name)",
              "        if setter is None:",
              "            unknown(cls, name)",
              "        setter(out, value)",
              "    return out"]  # fmt: skip
    exec("\n".join(lines), scope)  # noqa: S102 - the code is built from the class's own field names
    return scope["copy"]


def _unknown(cls: type, name: str) -> None:
    raise TypeError(f"{cls.__name__} has no field {name!r}")


def opponent(player: str) -> Player:
    return "B" if player == "A" else "A"


@dataclass(frozen=True, slots=True)
class CardState:
    """One card where it is now. `slot` is 1-5 for a zone, 6/7 for the Extra Monster Zones."""

    id: str
    name: str
    owner: Player
    controller: Player
    zone: str
    slot: int | None = None
    position: str | None = None  # monsters: attack | defense | set
    face: str | None = None  # spells/traps, field spells, Extra Deck Pendulums: up | down
    set_this_turn: bool = False
    summoned_this_turn: bool = False
    summon_type: str | None = None
    position_changed_this_turn: bool = False
    attacks_this_turn: int = 0
    materials: tuple[str, ...] = ()
    counters: tuple[tuple[str, int], ...] = ()
    atk: int | None = None
    def_: int | None = None
    equipped_to: str | None = None
    bound_to: str | None = None  # a monster brought back by a card it dies with (Call of the Haunted)
    token: bool = False
    boost_atk: int = 0  # changes "until the end of this turn" (Rush Recklessly); cleared at turn end
    boost_def: int = 0
    # the part of boost_atk made by adding or subtracting ATK (Rush Recklessly), not by doubling it
    # or setting it (Limiter Removal, Black Rose Dragon): Reverse Trap reverses only that part
    added_atk: int = 0
    pending: bool = False  # not in force yet: activation unresolved, or summon still negatable
    arrived: int = 0  # the moment it came face-up on the field: older continuous effects apply first
    marks: tuple[str, ...] = ()  # what an effect left on it until the end of the turn ("banish_at_end_phase")
    controlled_by: str | None = None  # the card whose effect gives its controller control (Snatch Steal)
    declared: str | None = None  # what its activation declared (a Monster Type: Regulation of Tribe)
    self_equipped: bool = False  # a Monster Card equipped by its own effect (a Union's, Gilfer's)
    gemini: bool = False  # a Gemini monster Normal Summoned while face-up: it has its effects
    level_change: int = 0  # its Level now differs from the printed one by this much (Level Eater)
    summoned_with: tuple[str, ...] = ()  # the materials of its summon by procedure (Accesscode Talker)
    # in the GY or banished: it got there from the field after a Summon that was not negated, so a
    # monster that must first be properly Summoned (Fusion, Ritual, Gate Guardian...) was, and an
    # effect may Special Summon it (rulebook v10, Special Summon with a Card's Effect)
    proper: bool = False

    @property
    def face_up(self) -> bool:
        if self.zone == "monsters":
            return self.position in ("attack", "defense")
        return self.face == "up"

    @property
    def this_turn(self) -> bool:
        """Does it hold something that lasts only until the end of the turn?"""
        return bool(
            self.summoned_this_turn or self.set_this_turn or self.attacks_this_turn
            or self.position_changed_this_turn or self.boost_atk or self.boost_def or self.added_atk
            or self.marks
        )  # fmt: skip


def _constructor(cls: type, first: tuple[str, ...]) -> Callable[..., Any]:
    """A constructor of `cls` (a frozen, slotted dataclass): the fields `first` by position, the
    others by keyword with their defaults, about half the cost of the dataclass's own.

    A frozen dataclass's `__init__` writes each field through `object.__setattr__`, the slowest
    way there is; a board paid that for every card of its piles. Here a draft class with the very
    same slots, and no frozen `__setattr__`, writes them with plain assignments (the fastest), then
    the object takes `cls` as its class: Python allows that between classes of the same layout,
    and the draft is never seen. Where the layout differs (so Python refuses), each slot is written
    through its descriptor instead."""
    fields = dataclass_fields(cls)
    keywords = [f"{f.name}=default{n}" for n, f in enumerate(fields) if f.name not in first]
    scope: dict[str, Any] = {f"default{n}": f.default for n, f in enumerate(fields)}
    scope.update(cls=cls, new=object.__new__, slots=cls.__slots__)
    params = ", ".join([*first, "*", *keywords])
    lines = [f"class {cls.__name__}Draft:", "    __slots__ = slots", f"    def __init__(self, {params}):"]
    lines += [f"        self.{f.name} = {f.name}" for f in fields]
    lines += ["        self.__class__ = cls"]
    lines += [f"def make({params}):", "    out = new(cls)"]  # the fallback: through the descriptors
    for n, f in enumerate(fields):
        scope[f"set{n}"] = cls.__dict__[f.name].__set__
        lines.append(f"    set{n}(out, {f.name})")
    lines.append("    return out")
    exec("\n".join(lines), scope)  # noqa: S102 - the code is built from the class's own field names
    draft, make = scope[f"{cls.__name__}Draft"], scope["make"]
    try:
        sample = {name: name for name in first}
        if draft(**sample) == make(**sample) and type(draft(**sample)) is cls:
            return draft
    except TypeError:  # another layout: Python will not change the class
        pass
    return make


# A new `CardState`: new_card(id, name, owner, controller, zone, **state); an unknown field is a
# TypeError, as for the dataclass's own constructor.
new_card: Callable[..., CardState] = _constructor(CardState, ("id", "name", "owner", "controller", "zone"))


@dataclass(frozen=True, slots=True)
class PlayerState:
    """What belongs to one player apart from the cards' own states."""

    lp: int = 8000
    normal_summon_used: bool = False
    cannot_attack: bool = False  # a card said so, this turn (Threatening Roar)
    skip_next_turn: bool = False  # a card said so (Gamble): this player's next turn is skipped
    skip_next_draw: bool = False  # a card said so (Yata-Garasu): this player's next Draw Phase is skipped
    used_this_turn: tuple[str, ...] = ()
    summons_this_turn: int = 0  # monsters this player Normal or Special Summoned this turn (Nibiru)
    hand: tuple[str, ...] = ()
    deck: tuple[str, ...] = ()  # known cards, top first; unknown ones below them
    deck_unknown: int = 0
    deck_shuffled: bool = False  # the known cards are in the Deck, their order is not known (rules.deck)
    extra_deck: tuple[str, ...] = ()
    graveyard: tuple[str, ...] = ()
    banished: tuple[str, ...] = ()

    @property
    def deck_size(self) -> int:
        return len(self.deck) + self.deck_unknown


NEGATED_SUMMON = "summon_negated"  # the mark on a monster whose Summon was negated, until it moves

# every kind of lasting effect (`Lasting.what`); a written board's `lasting` names one of them, and
# each has its words in engine.explain (the phrase "lasting_kind.<kind>")
LASTING_EFFECTS = frozenset({
    "win_at_turn_end", "destroy_at_end_phase", "control_until_end_phase", "halve_damage_to",
    "no_effect_draws", "cannot_attack", "effects_negated", "negated_until_end", "names_negated",
    "no_damage_to", "draw_on_opponent_special_summon", "no_deck_to_hand", "eclipse_at_end_phase",
    "no_battle_damage", "no_battle_destruction", "column_negated", "battle_negated",
    "send_to_gy_at_end_phase", "damage_after_resolving", "names_locked", "banish_named_at_end_phase",
})  # fmt: skip


@dataclass(frozen=True, slots=True)
class Lasting:
    """An effect that outlives the resolution that applied it, until the end of `until_turn`.

    `what`: win_at_turn_end (Final Countdown), destroy_at_end_phase (Limiter Removal),
    control_until_end_phase (Triple Tactics Talent), halve_damage_to (Pot of Prosperity: damage
    `player` takes is halved), no_effect_draws (`player` cannot draw by card effects),
    cannot_attack and effects_negated (`cards`, Level Modulation: they cannot activate or apply
    their effects), negated_until_end (`cards` since `since`: Effect Veiler, Infinite
    Impermanence; their effects still activate and are negated), names_negated (`name`: the
    activated effects and the effects on the field of cards with that original name: Called by the
    Grave, Crossout Designator), no_damage_to
    (`player` takes no damage: Dark Ruler No More), draw_on_opponent_special_summon (`player`
    draws 1 each time the opponent Special Summons: Maxx "C"), no_deck_to_hand (no card is added
    from either Main Deck to the hand: Droll & Lock Bird), eclipse_at_end_phase (Book of Eclipse:
    `player`'s opponent flips their face-down monsters face-up in the End Phase and draws for each),
    no_battle_damage and no_battle_destruction (`player` takes no battle damage; `player`'s
    monsters cannot be destroyed by battle: Waboku), column_negated (the other Spell/Trap effects in
    `column`: a Set Infinite Impermanence), battle_negated (`cards`: an Effect Monster destroyed by
    battle with Terrorking Archfiend, negated on the field while `arrived` <= `since`, then in the GY
    while its `arrived` equals `since`; no turn limit), names_locked (`player` cannot activate cards,
    or the effects of cards, named `name`: what Sangan or Witch of the Black Forest added),
    banish_named_at_end_phase (`player` banishes 1 card named `name` from their GY in the End Phase
    of turn `until_turn`: Sinister Serpent, in the opponent's next End Phase).
    """

    what: str
    player: Player
    source: str  # the card whose effect applied it
    until_turn: int
    cards: tuple[str, ...] = ()
    # the `cards` only while they stay as they were at this moment: a card that left the field
    # or was turned face-down since (a later `arrived`) is a new card, no longer affected
    since: int = 0
    name: str | None = None  # a card's original name (names_negated), or a locked name (names_locked)
    # column_negated (Infinite Impermanence): the other Spell/Trap effects in this column, counted
    # 1-5 from the left of player A's side, are negated for the rest of the turn
    column: int = 0
    amount: int = 0  # damage_after_resolving: the damage its player takes (Graverobber: 2000)


@dataclass(frozen=True, slots=True)
class Board:
    """The board a judge sees: turn, phase, both players, and every card by id.

    The cards are kept in persistent maps (`immutables.Map`, a hash array mapped trie), so a
    change costs O(log n) and shares the rest with the board before, however big the Decks and
    GYs. `places` indexes them by (zone, controller): the reads of the field (and of one zone)
    touch only the cards there, not every card. Each card keeps the rank it was put on the board
    with (the document's order, then new cards such as Tokens), so every read lists cards in
    that one order, whatever zones it reads.
    """

    turn: int
    turn_player: Player
    phase: str
    step: str | None
    players: Mapping[str, PlayerState]
    cards: Mapping[str, CardState]
    defs: Mapping[str, CardDef] = field(compare=False)  # card id -> definition (fixed per replay)
    flags: tuple[str, ...] = ()  # rules a card changed until the end of the turn (Reverse Trap)
    lasting: tuple[Lasting, ...] = ()  # effects applied by resolutions that still apply
    # (zone, controller) -> {card id: rank}; built from `cards`, kept up by with_card/without_card
    places: Map[tuple[str, str], Map[str, int]] = field(init=False, compare=False, repr=False)
    next_rank: int = field(init=False, compare=False, repr=False)
    # the ids of the cards that hold something only until the end of the turn (CardState.this_turn)
    this_turn_ids: Map[str, None] = field(init=False, compare=False, repr=False)
    # per player (A, B), a token replaced whenever a card changes that is or was on that player's
    # field, in their Extra Deck or among their Xyz Materials (`with_card`, `without_card`): the
    # part of the board written from those cards is unchanged while the token is
    # (`serialize.BoardWriter`); a card drawn or sent from the hand to the GY leaves it as it was
    touched: tuple[object, object] = field(init=False, compare=False, repr=False)
    # what `defined` found in `defs`, by key: (what it wanted, the ids); kept up by with_card
    memo: dict[str, tuple[Callable[[CardDef], bool], frozenset[str]]] = field(
        init=False, compare=False, repr=False
    )
    # what was read off this very board (the zones read, the Continuous effects in force...),
    # by key: a board never changes, so a read made twice is made once (`derive`); every copy
    # starts with an empty one
    derived: dict[Any, Any] = field(init=False, compare=False, repr=False, metadata={"fresh": dict})
    # each (zone, controller) index read so far, by the id of its map: (the map, its (rank, id)
    # pairs in rank order); an unchanged zone keeps its map from board to board, so its order is
    # found once, not at every read. Shared by every board that follows (kept small: `_ORDERS`)
    orders: dict[int, tuple[Map[str, int], list[tuple[int, str]]]] = field(
        init=False, compare=False, repr=False
    )

    def __post_init__(self) -> None:
        """Index the cards as given (a plain mapping, in the document's order). One pass, costing
        a few dict operations per card: a Deck or GY of a thousand cards is read whole here."""
        places: dict[tuple[str, str], dict[str, int]] = {}
        this_turn = []
        rank = 0
        for card_id, card in self.cards.items():
            key = (card.zone, card.controller)
            ids = places.get(key)
            if ids is None:
                ids = places[key] = {}
            ids[card_id] = rank
            rank += 1
            if card.this_turn:
                this_turn.append((card_id, None))
        set_ = object.__setattr__
        set_(self, "cards", Map(self.cards.items()))
        set_(self, "defs", Map(self.defs.items()))
        set_(self, "places", Map({key: Map(ids) for key, ids in places.items()}))
        set_(self, "next_rank", rank)
        set_(self, "touched", (object(), object()))
        set_(self, "this_turn_ids", Map(this_turn))
        set_(self, "memo", {})
        set_(self, "derived", {})
        set_(self, "orders", {})

    # --- reading
    def card(self, card_id: str) -> CardState:
        return self.cards[card_id]

    def define(self, card_id: str) -> CardDef:
        return self.defs[card_id]

    def player(self, name: str) -> PlayerState:
        return self.players[name]

    def derive(self, key: Hashable, compute: Callable[[Board], T]) -> T:
        """What `compute` reads off this board, computed once per board and kept under `key`.
        The value is shared by every caller: a list is to be read, not changed."""
        derived = self.derived
        if key in derived:
            return derived[key]
        value = derived[key] = compute(self)
        return value

    def in_zones(self, zones: Iterable[str], controller: str | None = None) -> list[CardState]:
        """The cards in these zones (of one controller, or both), in the board's order.

        A pile (hand, Deck, GY) is read whole, so a read of the field stays as small as the field.
        Read once per board (a new list each call: the caller may change it)."""
        key = (tuple(zones), controller)
        found = self.derived.get(key)
        if found is None:
            found = self.derived[key] = self._in_zones(key[0], controller)
        return list(found)

    def _in_zones(self, zones: tuple[str, ...], controller: str | None) -> tuple[CardState, ...]:
        whose = PLAYERS if controller is None else (controller,)
        found: list[tuple[int, str]] = []
        parts = 0
        for zone in zones:
            for player in whose:
                ids = self.places.get((zone, player))
                if ids:
                    found += self._ordered(ids)
                    parts += 1
        if parts > 1:
            found.sort()
        cards = self.cards
        return tuple([cards[card_id] for _, card_id in found])

    def _ordered(self, ids: Map[str, int]) -> list[tuple[int, str]]:
        """One zone's (rank, id) pairs in rank order, found once per map."""
        kept = self.orders.get(id(ids))
        if kept is not None and kept[0] is ids:
            return kept[1]
        if len(self.orders) >= _ORDERS:
            self.orders.clear()
        pairs = sorted([(rank, card_id) for card_id, rank in ids.items()])
        self.orders[id(ids)] = (ids, pairs)  # the map is kept alive, so its id is not reused
        return pairs

    def in_zone(self, zone: str, controller: str | None = None) -> list[CardState]:
        return self.in_zones((zone,), controller)

    def on_field(self, controller: str | None = None) -> list[CardState]:
        """The cards in the Monster, Spell & Trap (Pendulum included) and Field Zones."""
        return self.in_zones(FIELD_ZONES, controller)

    def in_order(self, ids: Iterable[str]) -> list[CardState]:
        """The cards of these ids still on the board, in the board's order."""
        found = [self.cards[i] for i in ids if i in self.cards]
        return sorted(found, key=lambda c: self.places[(c.zone, c.controller)][c.id])

    def this_turn_cards(self) -> list[CardState]:
        """The cards holding something only until the end of the turn (CardState.this_turn)."""
        return [self.cards[i] for i in self.this_turn_ids]

    def defined(self, key: str, wanted: Callable[[CardDef], bool]) -> frozenset[str]:
        """The ids whose definition `wanted` accepts: which cards can ever matter to a rule,
        whatever zone they are in. Found once per replay (the definitions are fixed, but for the
        Tokens and Unknown Cards added on the way, which `with_card` adds) and kept under `key`,
        shared by every board that follows."""
        kept = self.memo.get(key)
        if kept is None:
            kept = self.memo[key] = (wanted, _accepted(self.defs, wanted))
        return kept[1]

    def monsters(self, controller: str | None = None) -> list[CardState]:
        """Monsters on the field (Main and Extra Monster Zones), in zone order."""
        return self._by_slot("monsters", controller)

    def spell_traps(self, controller: str | None = None) -> list[CardState]:
        return self._by_slot("spell_traps", controller)

    def _by_slot(self, zone: str, controller: str | None) -> list[CardState]:
        key = ("by_slot", zone, controller)
        found = self.derived.get(key)
        if found is None:
            found = self.derived[key] = tuple(sorted(self.in_zone(zone, controller), key=_slot_order))
        return list(found)

    def field_spell(self, controller: str) -> CardState | None:
        return next(iter(self.in_zone("field_spell", controller)), None)

    def occupant(self, zone: str, controller: str, slot: int) -> CardState | None:
        """Who stands in a zone; an Extra Monster Zone is shared, whoever controls it."""
        return next((c for c in self.in_zone(zone, None if slot > 5 else controller) if c.slot == slot), None)

    def free_slot(self, zone: str, controller: str) -> int | None:
        taken = {c.slot for c in self.in_zone(zone, controller)}
        return next((s for s in range(1, 6) if s not in taken), None)

    # --- changing (each returns a new Board)
    def with_card(self, card: CardState, defn: CardDef | None = None) -> Board:
        old = self.cards.get(card.id)
        places, next_rank = self.places, self.next_rank
        if old is None:
            rank, next_rank = next_rank, next_rank + 1
            places = _placed(places, card, rank)
        elif (old.zone, old.controller) != (card.zone, card.controller):
            rank = places[(old.zone, old.controller)][card.id]
            places = _placed(_unplaced(places, old), card, rank)
        this_turn = self.this_turn_ids
        if card.this_turn:
            this_turn = this_turn.set(card.id, None)
        elif card.id in this_turn:
            this_turn = this_turn.delete(card.id)
        changes: dict[str, Any] = {}
        if defn is not None:
            memo = {key: (wanted, ids | {card.id} if wanted(defn) else ids - {card.id})
                    for key, (wanted, ids) in self.memo.items()}  # fmt: skip
            changes = {"defs": self.defs.set(card.id, defn), "memo": memo}  # type: ignore[attr-defined]
        touched = self.touched
        if card.zone in TOUCHING or (old is not None and old.zone in TOUCHING):
            touched = _touch(touched, card.controller, old.controller if old is not None else card.controller)
        return evolve(self, cards=self.cards.set(card.id, card), places=places, next_rank=next_rank,  # type: ignore[attr-defined]
                      this_turn_ids=this_turn, touched=touched, **changes)  # fmt: skip

    def without_card(self, card_id: str) -> Board:
        old = self.cards[card_id]
        this_turn = self.this_turn_ids
        if card_id in this_turn:
            this_turn = this_turn.delete(card_id)
        touched = _touch(self.touched, old.controller) if old.zone in TOUCHING else self.touched
        return evolve(self, cards=self.cards.delete(card_id), places=_unplaced(self.places, old),  # type: ignore[attr-defined]
                      this_turn_ids=this_turn, touched=touched)  # fmt: skip

    def with_player(self, name: str, **changes: object) -> Board:
        players = dict(self.players)
        players[name] = evolve(self.players[name], **changes)
        return evolve(self, players=MappingProxyType(players))

    def with_turn(self, **changes: object) -> Board:
        return evolve(self, **changes)


def _accepted(defs: Mapping[str, CardDef], wanted: Callable[[CardDef], bool]) -> frozenset[str]:
    """The ids whose definition `wanted` accepts, asking once per definition: a big Deck holds
    the same card many times over, all sharing one definition. The ids are grouped by their
    definition once per `defs` (a replay asks for several keys of the same one)."""
    groups = _by_definition(defs)
    return frozenset([card_id for defn, ids in groups if wanted(defn) for card_id in ids])


def _by_definition(defs: Mapping[str, CardDef]) -> list[tuple[CardDef, list[str]]]:
    """`defs` grouped by definition (by identity), kept for the last few `defs` read."""
    kept = _GROUPS.get(id(defs))
    if kept is not None and kept[0] is defs:
        return kept[1]
    groups: dict[int, tuple[CardDef, list[str]]] = {}
    for card_id, defn in defs.items():
        group = groups.get(id(defn))
        if group is None:
            group = groups[id(defn)] = (defn, [])
        group[1].append(card_id)
    found = list(groups.values())
    if len(_GROUPS) >= 8:
        _GROUPS.clear()
    _GROUPS[id(defs)] = (defs, found)  # `defs` is kept alive with it, so its id is not reused
    return found


_GROUPS: dict[int, tuple[Mapping[str, CardDef], list[tuple[CardDef, list[str]]]]] = {}
TOUCHING = frozenset({"monsters", "spell_traps", "field_spell", "extra_deck", "material"})  # Board.touched


def _touch(touched: tuple[object, object], *players: str) -> tuple[object, object]:
    """`Board.touched` after a change to cards of these players: a new token for each of them."""
    a, b = touched
    return (object() if "A" in players else a, object() if "B" in players else b)


_ORDERS = 512  # zone orders a replay keeps at most (a zone's order costs its size to keep)


def _slot_order(card: CardState) -> tuple[str, int]:
    return card.controller, card.slot or 0


def _placed(places: Map, card: CardState, rank: int) -> Map:
    key = (card.zone, card.controller)
    return places.set(key, places.get(key, _NOWHERE).set(card.id, rank))


def _unplaced(places: Map, card: CardState) -> Map:
    key = (card.zone, card.controller)
    return places.set(key, places[key].delete(card.id))


_NOWHERE: Map = Map()


@dataclass(frozen=True, slots=True)
class ChainLink:
    """One link: what was activated, by whom, with what, and whether it was negated."""

    link: int
    card: str
    player: Player
    spell_speed: int
    effect: int
    targets: tuple[str, ...] = ()
    cost: tuple[tuple[str, object], ...] = ()
    choices: tuple[tuple[str, object], ...] = ()
    activation_negated: bool = False
    effect_negated: bool = False
    card_snapshot: CardState | None = None
    answers_summon: tuple[str, ...] = ()  # the monsters whose summon this link negates
    redirect_damage: str | None = None  # Barrel Behind the Door: damage to this player goes to the other
    stated: tuple[tuple[tuple[str, Any], ...], ...] = ()  # the judge's resolution (engine.rules.stated)
    target_places: tuple[tuple[str, str, str], ...] = ()  # (id, zone, face) of stated targets at activation
    face_up_targets: tuple[str, ...] = ()  # the targets that were face-up when it was activated
    from_set: bool = False  # a Spell/Trap Card activated from face-down on the field ("if this card was Set")
    subject: str | None = None  # a trigger's: the card its event happened to (Stargazer Magician)
    co_linked: bool = False  # its card was co-linked as it was activated (Knightmare Unicorn)
    # the "negate its effects until the end of this turn" in force on its card as it was activated
    # (Effect Veiler): the effect resolves negated even if its card has left the field since
    negated_at_activation: Lasting | None = None
    # the card whose Continuous effect negated its monster's effects until the activation's cost
    # took that monster off the field (Stardust Dragon under Skill Drain): said again at resolution
    escaped_negator: str | None = None

    def to_dict(self) -> dict:
        out: dict = {
            "link": self.link,
            "card": self.card,
            "player": self.player,
            "spell_speed": self.spell_speed,
            "effect": self.effect,
            "targets": list(self.targets),
        }
        if self.cost:
            out["cost"] = dict(self.cost)
        if self.activation_negated:
            out["activation_negated"] = True
        if self.effect_negated:
            out["effect_negated"] = True
        if self.answers_summon:
            out["answers_summon"] = list(self.answers_summon)
        if self.stated:
            out["resolution"] = [dict(entry) for entry in self.stated]
        return out


@dataclass(frozen=True, slots=True)
class Battle:
    """An attack in progress: who attacks what, and which window of it we are in."""

    attacker: str
    target: str | None  # None: a direct attack
    defenders_at_declaration: frozenset[str]
    window: str = "battle_step"  # battle_step or one of DAMAGE_WINDOWS
    doomed: tuple[str, ...] = ()  # determined destroyed by battle at damage calculation
    # (player, card): that player takes no battle damage from this battle, by that card's effect
    # (Kuriboh); it ends with the battle
    no_damage: tuple[tuple[str, str], ...] = ()
    # cards whose optional effect, applied without activation ("you can ..." with no colon), their
    # controller chose not to apply in this battle: `choices: {decline: [...]}` on the attack
    declined: tuple[str, ...] = ()
    # an attack declaration just made, whose first chain has not resolved yet: only then can a card
    # that answers an attack declaration be activated (not after a replay's new target, whose
    # attack is no new declaration; not in a second chain)
    declaration: bool = True


@dataclass(frozen=True, slots=True)
class Summon:
    """A summon: the monsters, how, and by whom; negatable until the next thing happens."""

    cards: tuple[str, ...]
    kind: str  # normal | tribute | flip | special | link | xyz | ...
    player: Player
    seq: int = 0  # the moment it happened
    by: str | None = None  # the card whose resolving effect performed it: no negating it as a summon


@dataclass(frozen=True, slots=True)
class Result:
    winner: Player | None
    draw: bool
    reason: str

    def to_dict(self) -> dict:
        return {"winner": self.winner, "draw": self.draw, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class Game:
    """Everything the rules need between two actions: the board, the chain, the battle."""

    board: Board
    chain: tuple[ChainLink, ...] = ()
    priority: Player = "A"
    passed: Player | None = None  # the player whose pass was the last thing done: a second pass resolves
    battle: Battle | None = None
    replay_attacker: str | None = None  # a monster whose attack was replayed may declare again
    seq: int = 1  # the moment the next event happens; moves on when an action finishes
    result: Result | None = None
    created: tuple[tuple[str, int], ...] = ()  # per "player:name": how many created so far
    summon_attempt: Summon | None = None  # a summon that can still be negated (Solemn Judgment)
    last_summon: Summon | None = None  # the summon that just succeeded (Trap Hole answers it)
    # players who just added a card from their Main Deck to their hand outside the Draw Phase
    # (Droll & Lock Bird answers it); kept through the chain that follows, like last_summon
    last_added: tuple[str, ...] = ()
    last_added_fresh: bool = False  # set since the last chain ended: it survives that chain's end
    # the player whose draw outside a Draw Phase was the last thing to happen (Appropriate's activation)
    last_drew: str | None = None
    flipped_in_chain: tuple[str, ...] = ()  # Continuous Traps used as they were flipped this chain
    waiting: tuple[Any, ...] = ()  # triggers set off and not yet activated (rules.triggers.Trigger)
    building: bool = False  # a trigger window is open: the waiting triggers are building a chain
    last_event: tuple[int, Any] | None = (
        None  # the moment and words (a Phrase) of the last thing that happened
    )
    # what later triggers need from earlier steps (rules.triggers.remember): (turn, card, what);
    # turn 0: for as long as the card stays on the field ("flipped" for Spear Cretin)
    memory: tuple[tuple[int, str, str], ...] = ()
