"""Card definitions: one YAML file per card under engine/cards/, validated when loaded.

A card file is data, never code. The schema forbids unknown keys, and every operation an
effect names must exist in the operation registry (engine.operations.OPERATIONS), so a typo
fails when the catalog loads, not in the middle of a judge's replay.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

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
EffectKind = Literal[
    "activation", "ignition", "trigger", "quick", "continuous", "flip", "maintenance"
]
Condition = Literal[
    "responds_to_spell", "responds_to_trap", "responds_to_spell_or_trap",
    "responds_to_monster_effect", "responds_to_any", "responds_to_summoning",
    "responds_to_damage", "negates_summon", "opponent_summoned", "any_summoned",
    "opponent_attack_declared", "opponents_turn",
]  # fmt: skip
# What a Continuous effect does while its card is face-up on the field and not negated.
Apply = Literal[
    "negate_trap_cards",  # Traps cannot be activated; face-up Traps' effects are negated (Jinzo)
    "negate_spell_effects",  # face-up Spells' effects on the field are negated (Imperial Order)
    "negate_monster_effects",  # face-up monsters' effects on the field are negated (Skill Drain)
    "forbid_attacks",  # the affected monsters cannot declare an attack (Messenger of Peace)
    "forbid_tributes",  # neither player can Tribute (Mask of Restrict)
    "modify_stats",  # the affected monsters gain (or lose) ATK/DEF (Axe of Despair, Umi)
    "attack_cost",  # the monster's controller pays `cost` to declare its attack (Dark Elf)
    "no_attack_turn_summoned",  # it cannot attack the turn it is summoned (Armor Exe)
    "untargetable",  # the affected cards cannot be targeted by card effects (Lord of D.)
    "negate_flip_effects",  # Flip effects are negated as they resolve (Royal Command)
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


Zone = Literal["monsters", "spell_traps", "field", "hand", "graveyard", "deck", "banished", "onfield"]


class Selector(_Strict):
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
    monster_type: str | None = None
    name: str | None = None
    max_level: int | None = None
    min_level: int | None = None
    max_def: int | None = None
    attacking: bool = False  # only the monster that is attacking now
    just_summoned: bool = False  # only the monster(s) whose summon this card answers
    count: int = Field(default=1, ge=1)
    up_to: bool = False  # "up to `count`": fewer is fine


class Step(_Strict):
    """One operation of an effect, joined to the one before by the card's own connector.

    `cards`: the link's targets, the card itself, the card(s) the answered link or summon is
    about ("that_link"), what the step before acted on ("those"), the monster this card is
    equipped to ("equipped"), the cards a judge-stated resolution names ("listed"), or every
    card a selector fits. `per` multiplies `amount` by a
    count of cards ("500 damage for each Effect Monster").
    """

    op: str
    cards: (
        Literal["targets", "this", "that_link", "those", "equipped", "namesakes", "listed"] | Selector | None
    ) = None
    # "their": what the step before acted on; "attacker_atk": the attacking monster's ATK
    amount: int | Literal["their_original_atk", "their_atk", "attacker_atk"] | None = None
    pick: int | None = None  # choose this many of the cards `cards` fits (choices, or the first)
    per: list[Selector] = []
    player: Literal["you", "opponent", "both"] | None = None
    token: str | None = None
    position: Literal["attack", "defense"] | None = None
    join: Literal["then", "and_if_you_do", "also"] | None = None
    coin: Literal["heads", "tails"] | None = None  # only if the coin toss of this effect came up so

    @field_validator("op")
    @classmethod
    def _known_op(cls, op: str) -> str:
        from engine.operations import OPERATIONS

        if op not in OPERATIONS:
            raise ValueError(f"unknown operation {op!r}; known: {', '.join(sorted(OPERATIONS))}")
        return op


# What sets off a trigger effect of the card the event happens to (engine.rules.triggers).
# attack_declared, battle_damage_to_opponent, end_phase_summoned_or_flipped and equipped are
# accepted so cards can say it, but nothing sets them off yet (listed in the closing note).
TriggerEvent = Literal[
    "flipped", "summoned", "normal_or_special_summoned", "sent_to_gy", "sent_to_gy_from_field",
    "destroyed", "destroyed_by_battle", "leaves_field", "attack_declared",
    "battle_damage_to_opponent", "end_phase_summoned_or_flipped", "equipped",
]  # fmt: skip


class Requires(_Strict):
    """Board-state activation conditions ("Activate only if ..."), checked only at activation."""

    you_control: str | None = None  # a face-up card with this name on your field
    on_field: str | None = None  # a face-up card with this name on either player's field
    at_resolution: bool = False  # checked again as the effect resolves (current Flute text)
    your_hand_max: int | None = None
    opponent_hand_min: int | None = None
    your_gy_max: int | None = None
    your_gy_monsters_min: int | None = None
    lp_behind_by: int | None = None  # your LP at least this much lower than the opponent's


class Effect(_Strict):
    """An effect as data: what kind it is, when it works, what it costs and does."""

    kind: EffectKind
    optional: bool = True
    wording: Literal["when", "if", "during"] | None = None
    event: TriggerEvent | None = None
    works_from: list[Literal["field", "hand", "graveyard", "banished", "deck"]] = ["field"]
    # an activation condition, checked only at activation; a list means any one of them
    condition: Condition | list[Condition] | None = None
    summon_kinds: list[str] = []  # for summon conditions: which summons (normal, flip, special...)
    requires: Requires | None = None  # board-state conditions, checked only at activation
    cost: dict[
        Literal["discard", "pay_lp", "tribute", "send_to_gy", "banish", "remove_counters", "detach"],
        int | Literal["half"],
    ] = {}
    targets: list[Selector] = []
    apply: Apply | None = None  # kind continuous: what it does while it applies
    affects: Selector | Literal["this", "equipped"] | None = None  # kind continuous: to whom
    atk: int = 0  # modify_stats
    def_: int = Field(default=0, alias="def")
    with_activation: bool = False  # a Continuous Trap's effect usable as the card is activated
    phase: Literal["standby", "end"] = "standby"  # kind maintenance: when its cost is due
    do: list[Step] = []
    categories: list[str] = []
    once_per_turn: Literal["none", "soft", "hard", "card_activation"] = "none"
    damage_step: bool = False
    summary: str | None = None


class CardDef(_Strict):
    """A card as the engine knows it. Stats are printed values (original ATK/DEF)."""

    name: str = Field(min_length=1)
    card_type: CardType
    subtypes: list[Subtype] = []
    attribute: Attribute | None = None
    monster_type: str | None = None
    level: int | None = Field(default=None, ge=0, le=13)
    rank: int | None = Field(default=None, ge=0, le=13)
    link_rating: int | None = Field(default=None, ge=1, le=8)
    link_arrows: list[Literal["tl", "t", "tr", "l", "r", "bl", "b", "br"]] = []
    atk: int | None = Field(default=None, ge=0)
    def_: int | None = Field(default=None, ge=0, alias="def")
    scale: int | None = Field(default=None, ge=0, le=13)
    normal_summonable: bool = True
    summary: str = Field(min_length=1)
    effects: list[Effect] = []

    @model_validator(mode="after")
    def _consistent(self) -> CardDef:
        subs = set(self.subtypes)
        if self.card_type == "monster":
            if self.attribute is None or self.atk is None:
                raise ValueError("a monster needs an attribute and ATK")
            if "link" in subs:
                if self.link_rating is None or self.def_ is not None:
                    raise ValueError("a Link monster has a Link rating and no DEF")
            elif "xyz" in subs:
                if self.rank is None or self.level is not None:
                    raise ValueError("an Xyz monster has a Rank and no Level")
            elif self.level is None or self.def_ is None:
                raise ValueError("a monster needs a Level and DEF")
        else:
            allowed = SPELL_SUBTYPES if self.card_type == "spell" else TRAP_SUBTYPES
            if len(subs) != 1 or not subs <= allowed:
                raise ValueError(f"a {self.card_type} has exactly one of {sorted(allowed)}")
            if any(v is not None for v in (self.attribute, self.atk, self.def_, self.level)):
                raise ValueError(f"a {self.card_type} has no attribute, Level or ATK/DEF")
        return self

    # --- what the rules ask of a card
    @property
    def is_monster(self) -> bool:
        return self.card_type == "monster"

    @property
    def is_extra_deck(self) -> bool:
        return bool(EXTRA_DECK_SUBTYPES & set(self.subtypes))

    @property
    def spell_trap_kind(self) -> str | None:
        return None if self.is_monster else self.subtypes[0]

    def tributes_needed(self) -> int:
        """Level 5-6: 1 Tribute; Level 7 or higher: 2 (the rulebook's Tribute Summon table)."""
        level = self.level or 0
        return 0 if level <= 4 else 1 if level <= 6 else 2

    def to_dict(self) -> dict[str, Any]:
        return self.model_dump(by_alias=True, exclude_none=True, mode="json")


class CatalogError(Exception):
    """A card file that does not fit the schema; names the file and the field."""


UNKNOWN_CARD = CardDef(
    name="Unknown Card",
    card_type="spell",
    subtypes=["normal"],
    summary="A card nobody has seen: drawn from the unknown part of a Deck.",
)


def _format_errors(source: str, err: ValidationError) -> list[str]:
    out = []
    for e in err.errors():
        where = ".".join(str(p) for p in e["loc"]) or "(card)"
        out.append(f"{source}: {where}: {e['msg']}")
    return out


def parse_card(data: Any, source: str) -> CardDef:
    """Validate one card mapping; raise CatalogError naming the source and the field."""
    try:
        return CardDef.model_validate(data)
    except ValidationError as err:
        raise CatalogError("\n".join(_format_errors(source, err))) from None


@lru_cache(maxsize=1)
def load_catalog(directory: Path = CARDS_DIR) -> dict[str, CardDef]:
    """Every card file, validated, keyed by lower-case name. Parsed once per process."""
    catalog: dict[str, CardDef] = {}
    problems: list[str] = []
    for path in sorted(directory.glob("*.yaml")):
        with path.open(encoding="utf-8") as fh:
            data = yaml.safe_load(fh)
        try:
            card = parse_card(data, path.name)
        except CatalogError as err:
            problems.append(str(err))
            continue
        key = card.name.lower()
        if key in catalog:
            problems.append(f"{path.name}: name: {card.name!r} is defined twice")
        catalog[key] = card
    if problems:
        raise CatalogError("\n".join(problems))
    catalog[UNKNOWN_CARD.name.lower()] = UNKNOWN_CARD
    return catalog
