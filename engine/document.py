"""The scenario document's shape (`ygo-scenario/1`): pydantic models of the board, its cards
and the actions, with no game logic, so the rules can read an action without loading scenarios.
Reading a document into a first game is `engine.scenario`."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

FORMAT = "ygo-scenario/1"
VERBS = (
    "activate", "pass", "resolve", "decline", "normal_summon", "set", "flip_summon",
    "special_summon", "change_position", "attack", "phase", "end_turn", "concede",
)  # fmt: skip
WINDOWS = (
    "draw", "standby", "main1", "battle", "main2", "end",
    "start_step", "battle_step", "damage_step", "end_step",
    "damage_step_start", "before_damage_calculation", "damage_calculation",
    "after_damage_calculation", "damage_step_end",
)  # fmt: skip


class _Doc(BaseModel):
    # list and dict defaults are `default_factory`: pydantic deep-copies (copy.deepcopy) a plain
    # `[]` or `{}` default each time it is used, for every entry read
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


def _bare_name(value: Any) -> Any:
    return {"card": value} if isinstance(value, str) else value


class CardEntry(_Doc):
    card: str
    id: str | None = None
    face: Literal["up", "down"] | None = None
    owner: Literal["A", "B"] | None = None  # a card in a pile of its owner's opponent (fork)
    # in the GY or banished, a monster that must first be properly Summoned: was it? (default yes)
    properly_summoned: bool | None = None

    _bare = model_validator(mode="before")(classmethod(lambda cls, v: _bare_name(v)))


class MonsterEntry(_Doc):
    card: str
    id: str | None = None
    zone: int | str | None = None
    position: Literal["attack", "defense", "set"] = "attack"
    summoned_this_turn: bool = False
    set_this_turn: bool = False  # Set this turn (fork): it cannot be Flip Summoned yet
    summon_type: (
        Literal["normal", "tribute", "flip", "special", "link", "xyz", "synchro", "fusion",
                "ritual", "pendulum"] | None
    ) = None  # fmt: skip
    position_changed_this_turn: bool = False
    attacked_this_turn: bool | int = False
    materials: list[CardEntry] = Field(default_factory=list)
    counters: dict[str, int] = Field(default_factory=dict)
    atk: int | None = Field(default=None, ge=0)  # its current ATK, where it differs from the printed
    def_: int | None = Field(default=None, ge=0, alias="def")
    gemini_summoned: bool = False  # a Gemini monster already Normal Summoned again: it has its effects
    # what a written board carries for a fork (README, "What a board carries for a fork")
    atk_this_turn: int = 0  # the part of the change that lasts until the end of this turn
    def_this_turn: int = 0
    level_change: int = 0
    owner: Literal["A", "B"] | None = None  # where it is not the controller
    controlled_by: str | None = None
    declared: str | None = None
    bound_to: str | None = None
    summoned_with: list[str] = Field(default_factory=list)

    _bare = model_validator(mode="before")(classmethod(lambda cls, v: _bare_name(v)))


class SpellTrapEntry(_Doc):
    card: str
    id: str | None = None
    zone: int | None = None
    face: Literal["up", "down"] = "down"
    set_this_turn: bool = False
    equipped_to: str | None = None
    counters: dict[str, int] = Field(default_factory=dict)
    owner: Literal["A", "B"] | None = None  # where it is not the controller
    controlled_by: str | None = None
    declared: str | None = None
    bound_to: str | None = None
    summoned_with: list[str] = Field(default_factory=list)
    self_equipped: bool | None = None  # false: a Monster Card equipped by another card (fork)

    _bare = model_validator(mode="before")(classmethod(lambda cls, v: _bare_name(v)))


class DeckEntry(_Doc):
    cards: list[CardEntry] = Field(default_factory=list)
    unknown: int = Field(default=0, ge=0)

    @model_validator(mode="before")
    @classmethod
    def _short_forms(cls, v: Any) -> Any:
        if isinstance(v, bool):
            return v
        if isinstance(v, int):
            return {"unknown": v}
        if isinstance(v, list):
            return {"cards": v}
        return v


class PlayerEntry(_Doc):
    lp: int = 8000
    normal_summon_used: bool = False
    used_this_turn: list[str] = Field(default_factory=list)
    summons_this_turn: int = Field(default=0, ge=0)
    cannot_attack: bool = False
    skip_next_turn: bool = False
    skip_next_draw: bool = False
    hand: list[CardEntry] = Field(default_factory=list)
    deck: DeckEntry = DeckEntry()
    extra_deck: list[CardEntry] = Field(default_factory=list)
    graveyard: list[CardEntry] = Field(default_factory=list)
    banished: list[CardEntry] = Field(default_factory=list)
    monsters: list[MonsterEntry] = Field(default_factory=list)
    spell_traps: list[SpellTrapEntry] = Field(default_factory=list)
    field_spell: CardEntry | None = None


class LastingEntry(_Doc):
    """An effect still applying after it resolved (engine.state.Lasting documents each kind)."""

    effect: str
    player: Literal["A", "B"]
    source: str
    until_turn: int = Field(ge=0)
    cards: list[str] = Field(default_factory=list)
    name: str | None = None
    column: int = Field(default=0, ge=0, le=5)
    amount: int = Field(default=0, ge=0)


class RememberedEntry(_Doc):
    card: str
    what: str
    while_on_field: bool = False


class BoardEntry(_Doc):
    turn: int = Field(default=1, ge=1)
    turn_player: Literal["A", "B"] = "A"
    phase: Literal["draw", "standby", "main1", "battle", "main2", "end"] = "main1"
    step: Literal["start", "battle", "damage", "end"] | None = None
    players: dict[str, Any]
    # what a written board carries for a fork (README, "What a board carries for a fork")
    lasting: list[LastingEntry] = Field(default_factory=list)
    turn_flags: list[str] = Field(default_factory=list)
    remembered: list[RememberedEntry] = Field(default_factory=list)
    created: dict[str, int] = Field(default_factory=dict)
    marks: dict[str, list[str]] = Field(default_factory=dict)  # card id -> what effects left on it


class ActionEntry(_Doc):
    do: Literal[VERBS]  # type: ignore[valid-type]
    player: Literal["A", "B"] | None = None
    at: Literal[WINDOWS] | None = None  # type: ignore[valid-type]
    card: str | None = None
    effect: int | None = Field(default=None, ge=1)
    targets: list[str] = Field(default_factory=list)
    cost: dict[str, Any] = Field(default_factory=dict)
    choices: dict[str, Any] = Field(default_factory=dict)
    responds_to: str | None = None
    tributes: list[str] = Field(default_factory=list)
    position: Literal["attack", "defense", "set"] | None = None
    zone: int | str | None = None
    method: Literal["link", "xyz", "synchro", "fusion", "ritual", "pendulum", "procedure"] | None = None
    materials: list[str] = Field(default_factory=list)
    to: str | None = None
    attacker: str | None = None
    target: str | None = None
    # activate: what the link did, stated by the judge (engine.rules.stated)
    resolution: list[Any] = Field(default_factory=list)
    # activate, with `resolution`: the kind of effect a monster with no written effect used
    effect_kind: Literal["ignition", "quick", "trigger"] | None = None

    @property
    def answers(self) -> list[str]:
        """The targets, plus what the action says it answers: `responds_to: summon` works as
        `targets: [summon]` and `responds_to: link:N` as `targets: [link:N]` (the spec's way to
        name what an activation answers where it is not the obvious one)."""
        extra = self.responds_to
        return [*self.targets, extra] if extra and extra not in self.targets else list(self.targets)


class ScenarioDoc(_Doc):
    """The top level; the board and each action are checked on their own (below), so one
    bad action does not hide the problems of the others."""

    format: str
    title: str | None = None
    cards: list[dict[str, Any]] = Field(default_factory=list)
    board: dict[str, Any]
    actions: list[Any] = Field(default_factory=list)
