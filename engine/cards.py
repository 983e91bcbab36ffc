"""Card definitions: one YAML file per card under engine/cards/, validated when loaded.

A card file is data, never code. The schema forbids unknown keys; the words an effect names
(operations, conditions, amounts, selectors, trigger events) are checked against their
vocabularies (engine.vocabulary) by engine.catalog, so a typo fails when the catalog loads, not
in the middle of a judge's replay. Load cards through engine.catalog.
"""

from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal

from msgspec import Meta, field, msgpack

from engine import catalog_cache, yamlio
from engine.shapes import Shape, ShapeError, read, to_data

CARDS_DIR = Path(__file__).parent / "cards"

CardType = Literal["monster", "spell", "trap"]
Subtype = Literal[
    "normal", "effect", "flip", "fusion", "ritual", "synchro", "xyz", "link", "pendulum",
    "token", "toon", "spirit", "union", "gemini", "tuner",
    "quick-play", "continuous", "equip", "field", "counter",
]  # fmt: skip
EXTRA_DECK_SUBTYPES = frozenset({"fusion", "synchro", "xyz", "link"})
SPELL_SUBTYPES = frozenset({"normal", "quick-play", "continuous", "equip", "field", "ritual"})
TRAP_SUBTYPES = frozenset({"normal", "continuous", "counter"})
Attribute = Literal["DARK", "LIGHT", "EARTH", "WATER", "FIRE", "WIND", "DIVINE"]
# A printed value of a monster that no source we could reach confirms (the card file leaves it
# out rather than guess it); a scenario states it from the card itself (engine.scenario).
PrintedStat = Literal["level", "attribute", "monster_type", "atk", "def"]
EffectKind = Literal["activation", "ignition", "trigger", "quick", "continuous", "flip", "maintenance"]
# What a Continuous effect does while its card is face-up on the field and not negated.
Apply = Literal[
    "negate_trap_cards",  # Traps cannot be activated; face-up Traps' effects are negated (Jinzo)
    "negate_spell_effects",  # face-up Spells' effects on the field are negated (Imperial Order)
    "negate_monster_effects",  # face-up monsters' effects on the field are negated (Skill Drain)
    "forbid_attacks",  # the affected monsters cannot declare an attack (Messenger of Peace)
    "forbid_tributes",  # neither player can Tribute (Mask of Restrict)
    "modify_stats",  # the affected monsters gain (or lose) ATK/DEF (Axe of Despair, Umi)
    "atk_by_lp_standing",  # ATK doubled or halved from the original by the LP standing (Megamorph)
    "attack_cost",  # the monster's controller pays `cost` to declare its attack (Dark Elf)
    "no_attack_turn_summoned",  # it cannot attack the turn it is summoned (Armor Exe)
    "untargetable",  # the affected cards cannot be targeted by card effects (Lord of D.)
    "negate_flip_effects",  # Flip effects are negated as they resolve (Royal Command)
    "lock_graveyard",  # GY cards cannot be banished; effects moving them are negated (Necrovalley)
    "gain_becomes_damage",  # the affected player's LP gains from effects become damage (Simochi)
    "banish_when_leaving",  # face-up, it is banished instead of leaving the field otherwise (DMoC)
    # the monster it brought back is destroyed only if this card is destroyed, not if it leaves the
    # field otherwise ("When this card is destroyed, destroy the equipped monster": Premature Burial)
    "bound_until_destroyed",
    # an Effect Monster it destroys by battle has its effects negated while it stays on the field
    # or in the GY (Terrorking Archfiend; engine.rules.abilities)
    "negate_battle_destroyed",
    "piercing",  # attacking a Defense Position monster, it inflicts piercing damage (Spear Soldier)
    "cannot_be_attacked",  # the opponent's monsters cannot target it for attacks (Solar Flare Dragon)
    "unaffected_by_spells",  # Spell effects do not apply to it (Horus the Black Flame Dragon LV6)
    "unaffected_by_opponent_spells",  # its opponent's Spell effects do not (Silent Swordsman LV5)
    "unaffected_by_traps",  # Trap effects do not apply to it (Elemental HERO Wildheart)
    "damage_becomes_gain",  # damage from effects is gained as LP instead (Prime Material Dragon)
    "double_battle_damage",  # battle damage it inflicts to the opponent's LP is doubled (Odd-Eyes)
    "stats_from_equipped",  # its ATK/DEF are those of the monster equipped to it (Relinquished)
    "change_scale",  # its Pendulum Scale becomes `scale` (Stargazer Magician)
    "battle_spell_lock",  # while its controller's Pendulum Monster battles, no opponent Spell activations
    # other face-up Traps' effects are negated; Traps can still be activated (Royal Decree)
    "negate_trap_effects",
    # Monster abilities and rule-changing effects (engine.rules.abilities):
    "toon_attacks",  # attacks directly unless the opponent controls a face-up Toon, then only Toons
    "destroyed_with",  # destroyed when a face-up `with_card` on the field is destroyed (Toons)
    "destroyed_instead",  # destroyed instead of the monster it equips, by `substitute_for` (Unions)
    "spell_counters",  # a `counter` each time a Spell Card resolves, up to `counter_limit`
    "win_with_counters",  # its controller wins once it holds `counter_limit` `counter`s
    "match_win",  # reducing the opponent to 0 LP with its battle damage wins the Match
    # each time the opponent draws outside either Draw Phase, its controller draws `draws` cards at
    # once, without a chain (Appropriate: engine.rules.duel)
    "draw_when_opponent_draws",
    "unaffected_by_other_cards",  # other cards' effects do not apply to it (Vennominaga)
    # as an opponent's effect that targets it resolves, a die is rolled: on one of `die`, that
    # effect is negated and its card destroyed (Terrorking Archfiend; engine.rules.abilities)
    "negate_targeting_on_die",
    "not_destroyed_by_battle_once",  # once per turn, it is not destroyed by battle (Gemini Summoner)
    # If this card would be destroyed by battle, the Monster Card equipped to it by its own effect
    # is destroyed instead (Relinquished)
    "destroy_equipped_instead",
    # while a Monster Card is equipped to it by its own effect, battle damage its controller takes
    # from battles involving it is also inflicted to the opponent as effect damage (Relinquished)
    "reflect_battle_damage",
    # "you can reduce the battle damage you take from an attack involving a Pendulum Monster you
    # control to 0" (Odd-Eyes Pendulum Dragon; applied without a chain, once_per_turn counts it)
    "pendulum_battle_damage_to_zero",
    # a Link Monster Link Summoned using this card as material cannot be destroyed by its
    # controller's opponent's card effects (I:P Masquerena; read from the material in the GY)
    "link_material_protection",
    # its controller's normal draw in the Draw Phase draws 1 card per different name among the
    # co-linked face-up monsters on the field that fit `affects`, instead of 1 (Knightmare Unicorn)
    "normal_draw_per_co_linked_name",
]


class _Strict(Shape, kw_only=True):
    """A part of a card file: frozen, unknown keys refused (engine.shapes)."""


# "spell_traps_or_field": the Spell & Trap Zones and the Field Zone ("a Spell/Trap on the field")
Zone = Literal[
    "monsters",
    "spell_traps",
    "field",
    "hand",
    "graveyard",
    "deck",
    "banished",
    "onfield",
    "spell_traps_or_field",
    "hand_or_deck",
    "hand_or_graveyard",
    "hand_deck_or_graveyard",
]


class Selector(_Strict, kw_only=True):
    """Which cards an operation or a target takes: a zone, whose, what kind, and how many.

    `onfield` is every card on the field (monsters, Spells/Traps, Field Spells).
    """

    zone: Zone = "monsters"
    controller: Literal["you", "opponent", "any"] = "any"
    face: Literal["up", "down", "any"] = "any"
    position: Literal["attack", "defense", "any"] = "any"
    min_atk: int | None = None
    max_atk: int | Literal["controller_lp"] | None = None  # "controller_lp": at most its controller's LP
    card_type: Literal["monster", "spell", "trap"] | None = None
    subtype: Subtype | None = None  # e.g. effect (an Effect Monster), normal, continuous
    attribute: Attribute | None = None
    monster_type: str | None = None  # "declared": the Type this card declared (Regulation of Tribe)
    name: str | None = None
    archetype: str | None = None  # the name includes this ("LV", "Dragunity", "Gravekeeper's")
    level: int | Literal["cost_count"] | None = None  # exactly; "cost_count": cards paid as its cost
    max_level: int | None = None
    min_level: int | None = None
    max_def: int | None = None
    attacking: bool = False  # only the monster that is attacking now
    battling: bool = False  # only a monster in the battle now (the attacker or its target)
    lowest_atk: bool = False  # only those with the lowest ATK among the cards that fit (Fissure)
    just_summoned: bool = False  # only the monster(s) whose summon this card answers
    not_subtype: Subtype | None = None  # e.g. link: a non-Link monster (I:P Masquerena's materials)
    include_this: bool = False  # "all cards" including the resolving card itself (Black Rose Dragon)
    material_of_this: bool = False  # only a card used as material for this card's summon (Accesscode)
    count: Annotated[int, Meta(ge=1)] = 1
    up_to: bool = False  # "up to `count`": fewer is fine
    name_in: list[str] = []  # its name is one of these ("X-Head Cannon" or "Y-Dragon Head")
    monster_type_in: list[str] = []  # its Type is one of these ("Insect or Plant")
    # an Equip Card equipped to the card this selector belongs to (cost_cards, `per`); in a `per`
    # count, card_type: monster means a Monster Card equipped to it (Sword Hunter)
    equipped_to_this: bool = False
    with_union: bool = False  # a monster equipped with a Union monster by a Union's own effect
    has_attacked: bool = False  # a monster that declared an attack this turn
    except_this: bool = False  # "other than this card": the card itself cannot be a target (Spear Cretin)


class Step(_Strict, kw_only=True):
    """One operation of an effect, joined to the one before by the card's own connector.

    `cards`: the link's targets, the card itself, the card(s) the answered link or summon is
    about ("that_link"), what the step before acted on ("those"), the monster this card is
    equipped to ("equipped"), the cards a judge-stated resolution names ("listed"), or every
    card a selector fits. `per` multiplies `amount` by a
    count of cards ("500 damage for each Effect Monster").
    """

    op: str
    # a named selector (engine.vocabulary.SELECTORS: "targets", "this", "those"...) or a Selector
    cards: str | Selector | None = None
    amount: int | str | None = None  # a number, or a named amount (engine.vocabulary.AMOUNTS)
    pick: int | None = None  # choose this many of the cards `cards` fits (choices, or the first)
    per: list[Selector] = []
    player: Literal["you", "opponent", "both"] | None = None
    token: str | None = None
    position: Literal["attack", "defense", "set"] | None = None  # "set": face-down Defense Position
    join: Literal["then", "and_if_you_do", "also"] | None = None
    # only if the coin toss of this effect came up so; "right"/"wrong" for a toss the player calls
    coin: Literal["heads", "tails", "right", "wrong"] | None = None
    if_acted: Selector | None = None  # only if a card the step before acted on is of this kind
    if_any: Selector | None = None  # only if some card fits this now ("if they have a Spell in hand")
    # only if no card fits this now ("or, if you do not have any in your hand, ...")
    if_none: Selector | None = None
    # "then you can ...": done only if the judge's choices name cards for it (destroy, summon, ...)
    optional: bool = False
    mode: int | None = None  # "activate 1 of these effects": only in this mode (`choices: {mode: n}`)
    # "if this card was co-linked when this effect was activated" (Knightmare Unicorn)
    if_co_linked: bool = False
    # special_summon "ignoring the Summoning conditions" (Level Modulation): a monster that must be
    # Summoned another way, or was not properly Summoned, may be Summoned by it
    ignore_conditions: bool = False


class Requires(_Strict, kw_only=True):
    """Board-state activation conditions ("Activate only if ..."), checked only at activation."""

    you_control: str | None = None  # a face-up card with this name on your field
    on_field: str | None = None  # a face-up card with this name on either player's field
    at_resolution: bool = False  # checked again as the effect resolves (current Flute text)
    your_hand_max: int | None = None
    opponent_hand_min: int | None = None
    your_gy_max: int | None = None
    your_gy_monsters_min: int | None = None
    lp_behind_by: int | None = None  # your LP at least this much lower than the opponent's
    you_control_no_face_up: bool = False  # you control no face-up card (Lightning Storm)
    opponent_controls_more: bool = False  # the opponent controls more cards than you (Evenly Matched)
    battling: Selector | None = None  # a monster of this kind is in the battle now (Honest)
    no_effect_draw_this_turn: bool = False  # you drew no card by a card effect this turn
    any_on_field: list[Selector] = []  # a card on the field fits one of these (Ceasefire)
    marked: str | None = None  # this card carries this mark, left by its own effect this turn
    no_materials: bool = False  # this card has no Xyz Material ("while it has no material")
    all_on_field: list[Selector] = []  # each of these fits some card on the field (Creature Swap)
    opponent_summons_min: int | None = None  # the opponent Normal/Special Summoned this many this turn
    union_equipped: bool = False  # this card is equipped to a monster by its own Union effect
    nothing_equipped: bool = False  # no monster is equipped to this card (Union Rider)
    counters_min: int | None = None  # this card holds at least this many counters (Skilled Dark Magician)
    special_summoned: bool = False  # this card was Special Summoned (Obelisk the Tormentor's End Phase)
    free_monster_zones_min: int | None = None  # this many of your Main Monster Zones are free (Scapegoat)
    cost_lists_lv: bool = False  # the monster paid as cost names a "LV" monster in hand/Deck (Level Up!)
    # its procedure: only while the opponent alone controls a monster (Cyber Dragon)
    only_opponent_controls_monsters: bool = False


class Effect(_Strict, kw_only=True):
    """An effect as data: what kind it is, when it works, what it costs and does."""

    kind: EffectKind
    optional: bool = True
    wording: Literal["when", "if", "during"] | None = None
    event: str | None = None  # kind trigger: what sets it off (engine.vocabulary.EVENTS)
    # "monsters" / "spell_traps": only from that part of the field (a Union's equip / unequip)
    works_from: list[Literal["field", "hand", "graveyard", "banished", "deck", "monsters", "spell_traps"]] = (
        field(default_factory=lambda: ["field"])
    )
    # an activation condition (engine.vocabulary.CONDITIONS), checked only at activation; a list
    # means any one of them
    condition: str | list[str] | None = None
    summon_kinds: list[str] = []  # for summon conditions: which summons (normal, flip, special...)
    requires: Requires | None = None  # board-state conditions, checked only at activation
    cost: dict[
        Literal[
            "discard",
            "pay_lp",
            "tribute",
            "send_to_gy",
            "banish",
            "remove_counters",
            "detach",
            "tribute_self",
            "discard_self",
            "send_to_gy_self",
        ],  # "..._self": this card itself
        int | Literal["half", "any"] | list[int],  # "any": 1 or more; a list: one of these counts
    ] = {}
    targets: list[Selector] = []
    apply: Apply | None = None  # kind continuous: what it does while it applies
    # kind continuous: to whom; "equipped": the monster this card is equipped to, however it was
    # equipped; "equipped_by_itself": only while it equipped itself ("while equipped by this card's
    # effect": the older Unions' text)
    affects: Selector | Literal["this", "equipped", "equipped_by_itself"] | None = None
    atk: int = 0  # modify_stats
    draws: int = 0  # draw_when_opponent_draws: how many cards its controller draws
    def_: int = field(default=0, name="def")
    with_activation: bool = False  # a Continuous Trap's effect usable as the card is activated
    # kind continuous: "While you control another ...": applies only while its controller controls
    # another face-up card this fits (Solar Flare Dragon: another Pyro monster)
    while_you_control: Selector | None = None
    either_player: bool = False  # either player may activate it while the card is face-up (Royal Oppression)
    phase: Literal["standby", "end"] = "standby"  # kind maintenance: when its cost is due
    # kind maintenance: due in every player's such phase, not only its controller's ("during the
    # Standby Phase": Imperial Order)
    every_turn: bool = False
    do: list[Step] = []
    categories: list[str] = []
    # shared: one use per turn for all of this copy's effects so marked (a Union's "equip OR unequip")
    # once_while_face_up: "Once while face-up on the field" (Kazejin): until it leaves or turns face-down
    once_per_turn: Literal["none", "soft", "hard", "card_activation", "shared", "once_while_face_up"] = "none"
    pendulum: bool = False  # a Pendulum Effect: it works from the Pendulum Zone only
    # who cannot respond to its activation; "monster_effects": no one, with a monster effect
    unchainable: Literal["opponent", "both", "monster_effects"] | None = None
    while_material: Selector | None = None  # continuous: only while an Xyz Material fits (Abyss Dweller)
    per: list[Selector] = []  # continuous modify_stats: atk/def for each card that fits (Escuridao)
    no_attack_after: bool = False  # this card cannot declare an attack the turn this is activated
    # "You cannot Summon other monsters the turn you activate this card" (Scapegoat): not after a
    # Summon this turn, and no Normal, Flip or procedure Summon after it (a Normal Set is allowed)
    no_other_summons: bool = False
    once_per_chain: bool = False  # it cannot be activated again in a chain that holds it (Formula Synchron)
    cost_cards: list[Selector] = []  # what the cards paid as the cost must be (each fits one)
    once_per_attribute: bool = False  # a cost card's Attribute cannot pay for it again this turn
    scale: int | None = None  # change_scale: the new Pendulum Scale
    unless_other_scale: list[Selector] = []  # change_scale: not while the other Pendulum Zone holds one
    from_hand_if_no_cards: bool = False  # a Trap: from the hand too, if you control no cards
    with_card: str | None = None  # destroyed_with: the card whose destruction takes this one along
    substitute_for: Literal["battle", "battle_or_effect"] | None = None  # destroyed_instead: which
    counter: str | None = None  # spell_counters / win_with_counters: the counter's name
    counter_limit: Annotated[int, Meta(ge=1)] | None = None  # the most it holds / the count that wins
    die: list[int] = []  # negate_targeting_on_die: the die results that negate (Terrorking: 2, 5)
    # one of the choices of an effect ("activate 1 of these effects", "you can either ... or ..."):
    # the Nth. Each choice is written as an effect of its own, right after the one before it; the
    # card's text counts them as one effect (`CardDef.numbered`), chosen by `choices: {mode: n}`
    mode: Annotated[int, Meta(ge=1)] | None = None
    # the rest of the effect before it: the text gives them as one effect ("..., also ..."), the
    # engine applies each part apart; it shares that effect's number (`CardDef.numbered`)
    continues: bool = False
    summary: str | None = None


def _counted(effect: Effect) -> bool:
    """Does the text count this entry as an effect of its own (not a later choice or part)?"""
    return not effect.continues and (effect.mode is None or effect.mode == 1)


def _check_modes(effects: list[Any]) -> None:
    """The choices of one effect follow each other, numbered from 1, all of one kind; a part
    of an effect follows it."""
    for i, effect in enumerate(effects):
        if effect.continues and (not i or effect.mode is not None):
            raise ValueError(f"effects[{i}] continues the effect before it: it needs one, and no mode")
        if effect.mode is None:
            continue
        if not effect.summary:  # the engine names a choice it picks by these words
            raise ValueError(f"effects[{i}] is choice {effect.mode} of an effect: it needs a summary")
        before = effects[i - 1] if i else None
        if effect.mode == 1:
            after = effects[i + 1] if i + 1 < len(effects) else None
            if after is None or after.mode != 2:
                raise ValueError(f"effects[{i}] is choice 1 of an effect: its choice 2 must follow it")
        elif before is None or before.mode != effect.mode - 1 or before.kind != effect.kind:
            raise ValueError(f"effects[{i}] is choice {effect.mode}: it must follow choice "
                             f"{effect.mode - 1} of the same kind of effect")  # fmt: skip


class Materials(_Strict, kw_only=True):
    """A material line ("1 Tuner + 1+ non-Tuner monsters", "2 Level 4 monsters", "2+ Effect
    Monsters"): what the summon by game procedure of this monster takes (engine.rules.procedures)."""

    count: Annotated[int, Meta(ge=1)] = 2  # how many (at least, with `or_more`)
    or_more: bool = False
    tuners: int | None = None  # Synchro: exactly this many Tuners; the rest are non-Tuners
    each: Selector | None = None  # every material fits this (Effect Monsters, non-Link monsters)
    level: int | None = None  # Xyz: every material has this Level
    different_names: bool = False
    named: list[Selector] = []  # Fusion: one different material fits each of these


class Procedure(_Strict, kw_only=True):
    """A monster's own Special Summon procedure from the hand ("by Tributing ...", "by banishing
    ... from your GY"); it does not start a chain (engine.rules.procedures)."""

    tribute: list[Selector] = []  # one monster you control fits each
    requires: Requires | None = None  # "while you control Toon World" (checked as it is summoned)
    banish: list[Selector] = []  # one card in your GY fits each


class CardDef(_Strict, kw_only=True):
    """A card as the engine knows it. Stats are printed values (original ATK/DEF)."""

    name: Annotated[str, Meta(min_length=1)]
    card_type: CardType
    subtypes: list[Subtype] = []
    attribute: Attribute | None = None
    monster_type: str | None = None
    level: Annotated[int, Meta(ge=0, le=13)] | None = None
    rank: Annotated[int, Meta(ge=0, le=13)] | None = None
    link_rating: Annotated[int, Meta(ge=1, le=8)] | None = None
    link_arrows: list[Literal["tl", "t", "tr", "l", "r", "bl", "b", "br"]] = []
    atk: Annotated[int, Meta(ge=0)] | None = None
    def_: Annotated[int, Meta(ge=0)] | None = field(default=None, name="def")
    scale: Annotated[int, Meta(ge=0, le=13)] | None = None
    normal_summonable: bool = True
    tributes: Annotated[int, Meta(ge=0)] | None = None  # Tributes for its Normal Summon, if not the table's
    # its own Tribute method: it can also be Tribute Summoned, and so Tribute Set, by Tributing `count`
    # monsters that fit this (Darklord Desire: 1 Fairy monster; engine.rules.summons.tributes_needed_for)
    tribute_with: Selector | None = None
    settable: bool = True  # False: it cannot be Normal Set (Obelisk the Tormentor)
    summon_unanswerable: bool = False  # its Normal Summon cannot be negated nor responded to
    materials: Materials | None = None  # its material line (Extra Deck monsters)
    procedure: Procedure | None = None  # its own Special Summon procedure from the hand
    special_summon_by: str | None = None  # only this card's effect (or one ignoring conditions) summons it
    # "..., or by its own effect" (Vennominaga): its own effect may Special Summon it too
    special_summon_by_itself: bool = False
    special_summonable: bool = True  # False: "Cannot be Special Summoned" (Victory Dragon)
    tribute_with: Selector | None = None  # its Tribute Summon takes only monsters that fit (Victory Dragon)
    tribute_summon_fodder: bool = True  # False: never Tributed for a Tribute Summon (Sheep Token)
    # it can be Normal or Flip Summoned (not Set) only while its controller controls a face-up
    # monster that fits (Terrorking Archfiend: an "Archfiend" monster)
    summon_needs: Selector | None = None
    level_up_to: str | None = None  # the "LV" monster its text names (Level Up!)
    # a Normal Spell that stays on the field once activated and is destroyed in the End Phase of
    # its controller's opponent's Nth turn (Swords of Revealing Light: 3)
    stays_for_opponent_turns: Annotated[int, Meta(ge=1)] | None = None
    only_one_face_up: bool = False  # "There can only be 1 face-up <this card> on the field" (Dragon Ice)
    summary: Annotated[str, Meta(min_length=1)]
    effects: list[Effect] = []
    unconfirmed: list[PrintedStat] = []

    def printed(self, stat: PrintedStat) -> Any:
        """A printed value by its file key ("def" is the `def_` field)."""
        return _printed(self, stat)

    def completed(self, stats: dict[str, Any], source: str) -> "CardDef":
        """This card with its unconfirmed printed values given (read off the card by a judge, or
        taken from an imported card database); the result is validated like any card file."""
        data = {k: v for k, v in self.to_dict().items() if k != "unconfirmed"}
        return parse_card({**data, **stats}, source)

    def __post_init__(self) -> None:
        self.check(self)

    @staticmethod
    def check(card: Any) -> None:
        """What the fields say together; a ValueError names the first rule broken. `card` is this
        shape, or the pydantic model that words a card file's problems (engine.shapes)."""
        subs = set(card.subtypes)
        if card.unconfirmed:
            if card.card_type != "monster":
                raise ValueError("only a monster has printed stats to leave unconfirmed")
            given = [s for s in card.unconfirmed if _printed(card, s) is not None]
            if given:
                raise ValueError(f"{', '.join(given)}: listed as unconfirmed, so leave it out")
            if subs & {"link", "xyz"}:
                raise ValueError("only a monster with a Level can leave its stats unconfirmed")

        def known(stat: PrintedStat) -> bool:
            return _printed(card, stat) is not None or stat in card.unconfirmed

        if card.card_type == "monster":
            if not known("attribute") or not known("atk"):
                raise ValueError("a monster needs an attribute and ATK")
            if "link" in subs:
                if card.link_rating is None or card.def_ is not None:
                    raise ValueError("a Link monster has a Link rating and no DEF")
            elif "xyz" in subs:
                if card.rank is None or card.level is not None:
                    raise ValueError("an Xyz monster has a Rank and no Level")
            elif not known("level") or not known("def"):
                raise ValueError("a monster needs a Level and DEF")
        else:
            allowed = SPELL_SUBTYPES if card.card_type == "spell" else TRAP_SUBTYPES
            if len(subs) != 1 or not subs <= allowed:
                raise ValueError(f"a {card.card_type} has exactly one of {sorted(allowed)}")
            if any(v is not None for v in (card.attribute, card.atk, card.def_, card.level)):
                raise ValueError(f"a {card.card_type} has no attribute, Level or ATK/DEF")
        _check_modes(card.effects)

    # --- the effects as the card's text counts them (a scenario's `effect`, `legal`, the chain)
    def numbered(self, number: int) -> tuple[int, int | None]:
        """Effect `number` of this file as the text counts it, and which of that effect's choices
        it is (None for an effect without choices): the choices of one effect, written here as
        effects of their own, share its number (scenario format: "`effect`: counting the card's
        effects in the order its text gives them"; reader contract: "the bullets of a choice
        belong to the effect")."""
        counted = sum(1 for e in self.effects[:number] if _counted(e))
        return counted, self.effects[number - 1].mode if number >= 1 else None

    def choices_of(self, counted: int) -> list[int]:
        """The numbers in this file of the effect the text counts as `counted`: one, or one per
        choice, in the order the text gives them (empty if there is no such effect)."""
        return [i for i in range(1, len(self.effects) + 1) if self.numbered(i)[0] == counted]

    @property
    def effect_count(self) -> int:
        """How many effects the text has (the choices of one effect count once)."""
        return sum(1 for e in self.effects if _counted(e))

    # --- what the rules ask of a card
    @property
    def is_monster(self) -> bool:
        return self.card_type == "monster"

    @property
    def is_extra_deck(self) -> bool:
        return bool(EXTRA_DECK_SUBTYPES & set(self.subtypes))

    @property
    def needs_proper_summon(self) -> bool:
        """Must it be properly Summoned before an effect can Special Summon it from the hand,
        Deck, GY or banishment? A Fusion, Synchro, Xyz, Link or Ritual Monster, or one that
        cannot be Normal Summoned (rulebook v10, Special Summon with a Card's Effect)."""
        return self.is_monster and (
            self.is_extra_deck or "ritual" in self.subtypes
            or (not self.normal_summonable and "token" not in self.subtypes)
        )  # fmt: skip

    @property
    def spell_trap_kind(self) -> str | None:
        return None if self.is_monster else self.subtypes[0]

    def tributes_needed(self) -> int:
        """Level 5-6: 1 Tribute; Level 7 or higher: 2 (the rulebook's Tribute Summon table);
        a card that says otherwise ("Requires 3 Tributes") says so in `tributes`."""
        if self.tributes is not None:
            return self.tributes
        level = self.level or 0
        return 0 if level <= 4 else 1 if level <= 6 else 2

    def to_dict(self) -> dict[str, Any]:
        data = to_data(self)
        if not data.get("unconfirmed"):
            data.pop("unconfirmed", None)  # said only by the few cards that need it
        return data


class CatalogError(Exception):
    """A card file that does not fit the schema; names the file and the field."""


def _printed(card: Any, stat: PrintedStat) -> Any:
    return card.def_ if stat == "def" else getattr(card, stat)


UNKNOWN_CARD = CardDef(
    name="Unknown Card",
    card_type="spell",
    subtypes=["normal"],
    summary="A card nobody has seen: drawn from the unknown part of a Deck.",
)


def _format_errors(source: str, err: ShapeError) -> list[str]:
    out = []
    for e in err.errors():
        where = ".".join(str(p) for p in e["loc"]) or "(card)"
        out.append(f"{source}: {where}: {e['msg']}")
    return out


def parse_card(data: Any, source: str) -> CardDef:
    """Validate one card mapping; raise CatalogError naming the source and the field."""
    try:
        return read(CardDef, data)
    except ShapeError as err:
        raise CatalogError("\n".join(_format_errors(source, err))) from None


@lru_cache(maxsize=1)
def load_catalog(directory: Path = CARDS_DIR) -> dict[str, CardDef]:
    """Every card file, validated, keyed by lower-case name. Built once per process, and read
    back from the on-disk cache when no card file (nor the engine) changed (engine.catalog_cache),
    as plain data decoded straight into the cards (no card file is read or checked again)."""
    data = catalog_cache.cached(directory, _build_catalog)
    catalog = {card.name.lower(): card for card in msgpack.decode(data, type=list[CardDef])}
    catalog[UNKNOWN_CARD.name.lower()] = UNKNOWN_CARD
    return catalog


def _build_catalog(files: list[tuple[str, bytes]]) -> bytes:
    """Every card file checked, the cards encoded (msgpack) in the files' order."""
    catalog: dict[str, CardDef] = {}
    problems: list[str] = []
    for name, text in files:
        try:
            card = parse_card(yamlio.load(text), name)
        except CatalogError as err:
            problems.append(str(err))
            continue
        key = card.name.lower()
        if key in catalog:
            problems.append(f"{name}: name: {card.name!r} is defined twice")
        catalog[key] = card
    if problems:
        raise CatalogError("\n".join(problems))
    return msgpack.encode(list(catalog.values()))
