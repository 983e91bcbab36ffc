"""The scenario document's shape (`ygo-scenario/1`): the board, its cards and the actions as
`engine.shapes.Shape`s, with no game logic, so the rules can read an action without loading
scenarios. Reading a document into a first game is `engine.scenario`."""

from typing import Annotated, Any, Literal

from msgspec import Meta, field

from engine.shapes import Shape

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


NonNegative = Annotated[int, Meta(ge=0)]


class _Doc(Shape, kw_only=True):
    pass


class _Named(_Doc, kw_only=True):
    """An entry that may be a bare card name: `Sangan` for `{card: Sangan}`."""

    @classmethod
    def before(cls, value: Any) -> Any:
        return {"card": value} if isinstance(value, str) else value


class CardEntry(_Named, kw_only=True):
    card: str
    id: str | None = None
    face: Literal["up", "down"] | None = None
    owner: Literal["A", "B"] | None = None  # a card in a pile of its owner's opponent (fork)
    # in the GY or banished, a monster that must first be properly Summoned: was it? (default yes)
    properly_summoned: bool | None = None


class MonsterEntry(_Named, kw_only=True):
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
    materials: list[CardEntry] = []
    counters: dict[str, int] = {}
    atk: NonNegative | None = None  # its current ATK, where it differs from the printed
    def_: NonNegative | None = field(default=None, name="def")
    gemini_summoned: bool = False  # a Gemini monster already Normal Summoned again: it has its effects
    # what a written board carries for a fork (README, "What a board carries for a fork")
    atk_this_turn: int = 0  # the part of the change that lasts until the end of this turn
    # of that, what was added or subtracted (not doubled or set), where it differs: Reverse Trap
    # reverses only it; unsaid, all of atk_this_turn
    atk_added_this_turn: int | None = None
    def_this_turn: int = 0
    level_change: int = 0
    owner: Literal["A", "B"] | None = None  # where it is not the controller
    controlled_by: str | None = None
    declared: str | None = None
    bound_to: str | None = None
    summoned_with: list[str] = []


class SpellTrapEntry(_Named, kw_only=True):
    card: str
    id: str | None = None
    zone: int | None = None
    face: Literal["up", "down"] = "down"
    set_this_turn: bool = False
    equipped_to: str | None = None
    counters: dict[str, int] = {}
    owner: Literal["A", "B"] | None = None  # where it is not the controller
    controlled_by: str | None = None
    declared: str | None = None
    bound_to: str | None = None
    summoned_with: list[str] = []
    self_equipped: bool | None = None  # false: a Monster Card equipped by another card (fork)


class DeckEntry(_Doc, kw_only=True):
    cards: list[CardEntry] = []
    unknown: NonNegative = 0
    shuffled: bool = False  # the cards are in the Deck, their order is not known (engine.rules.deck)

    @classmethod
    def before(cls, v: Any) -> Any:
        """`deck: 30` (30 unknown cards) and `deck: [names]` (the known cards, top first)."""
        if isinstance(v, bool):
            return v
        if isinstance(v, int):
            return {"unknown": v}
        if isinstance(v, list):
            return {"cards": v}
        return v


class PlayerEntry(_Doc, kw_only=True):
    lp: int = 8000
    normal_summon_used: bool = False
    used_this_turn: list[str] = []
    summons_this_turn: NonNegative = 0
    cannot_attack: bool = False
    skip_next_turn: bool = False
    skip_next_draw: bool = False
    hand: list[CardEntry] = []
    deck: DeckEntry = field(default_factory=DeckEntry)
    extra_deck: list[CardEntry] = []
    graveyard: list[CardEntry] = []
    banished: list[CardEntry] = []
    monsters: list[MonsterEntry] = []
    spell_traps: list[SpellTrapEntry] = []
    field_spell: CardEntry | None = None


class LastingEntry(_Doc, kw_only=True):
    """An effect still applying after it resolved (engine.state.Lasting documents each kind)."""

    effect: str
    player: Literal["A", "B"]
    source: str
    until_turn: NonNegative
    cards: list[str] = []
    name: str | None = None
    column: Annotated[int, Meta(ge=0, le=5)] = 0
    amount: NonNegative = 0


class RememberedEntry(_Doc, kw_only=True):
    card: str
    what: str
    while_on_field: bool = False


class BoardEntry(_Doc, kw_only=True):
    turn: Annotated[int, Meta(ge=1)] = 1
    turn_player: Literal["A", "B"] = "A"
    phase: Literal["draw", "standby", "main1", "battle", "main2", "end"] = "main1"
    step: Literal["start", "battle", "damage", "end"] | None = None
    players: dict[str, Any]
    # what a written board carries for a fork (README, "What a board carries for a fork")
    lasting: list[LastingEntry] = []
    turn_flags: list[str] = []
    remembered: list[RememberedEntry] = []
    created: dict[str, int] = {}
    marks: dict[str, list[str]] = {}  # card id -> what effects left on it


class ActionEntry(_Doc, kw_only=True):
    do: Literal[VERBS]  # type: ignore[valid-type]
    player: Literal["A", "B"] | None = None
    at: Literal[WINDOWS] | None = None  # type: ignore[valid-type]
    card: str | None = None
    effect: Annotated[int, Meta(ge=1)] | None = None
    targets: list[str] = []
    cost: dict[str, Any] = {}
    choices: dict[str, Any] = {}
    responds_to: str | None = None
    tributes: list[str] = []
    position: Literal["attack", "defense", "set"] | None = None
    zone: int | str | None = None
    method: Literal["link", "xyz", "synchro", "fusion", "ritual", "pendulum", "procedure"] | None = None
    materials: list[str] = []
    to: str | None = None
    attacker: str | None = None
    target: str | None = None
    # activate: what the link did, stated by the judge (engine.rules.stated)
    resolution: list[Any] = []
    # activate, with `resolution`: the kind of effect a monster with no written effect used
    effect_kind: Literal["ignition", "quick", "trigger"] | None = None

    @property
    def answers(self) -> list[str]:
        """The targets, plus what the action says it answers: `responds_to: summon` works as
        `targets: [summon]` and `responds_to: link:N` as `targets: [link:N]` (the spec's way to
        name what an activation answers where it is not the obvious one)."""
        extra = self.responds_to
        return [*self.targets, extra] if extra and extra not in self.targets else list(self.targets)


class ScenarioDoc(_Doc, kw_only=True):
    """The top level; the board and each action are checked on their own (below), so one
    bad action does not hide the problems of the others."""

    format: str
    title: str | None = None
    cards: list[dict[str, Any]] = []
    board: dict[str, Any]
    actions: list[Any] = []
