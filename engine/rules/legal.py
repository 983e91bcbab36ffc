"""Legal now: what each player could activate at this moment, and why the rest cannot be.

This is the answer to "can I chain X here?". It is not a second copy of the rules: every
candidate is tried through the same `chain.activate` a real action goes through, on a
throw-away copy of the game, with the first legal targets and costs filled in. What the try
raises is the reason shown.

Kept cheap, as it runs after every step (benchmarks/legal_speed.py):
- a try stops once nothing further can make the activation illegal (`activate(..., trying=True)`:
  no Chain Link, events or explanations are built), and looks for its targets and costs only if
  `activate` gets that far (`_Trying`);
- where and when a card may be activated is judged by the moment alone (`chain.Moment`), and a
  try remembers what it found for the same card at an equal moment: the same moments come back
  every turn, and most failing tries fail there;
- a reason is rendered once per explanation and namer;
- a trigger with no event waiting for it is ruled out before any try, with the reason `activate`
  gives.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from engine.document import ActionEntry
from engine.errors import Illegal
from engine.explain import Explanation, Names, render
from engine.rules import chain as chain_rules
from engine.rules.continuous import FIELD
from engine.rules.restrictions import pays_cost
from engine.tx import Tx

if TYPE_CHECKING:
    from engine.cards import CardDef, Effect
    from engine.state import CardState, Game

ACTIVATED = ("activation", "ignition", "quick", "trigger", "flip")
_SET_OFF = ("trigger", "flip")  # set off by an event: tried only with one waiting (`_ruled_out`)


def _in_reach(game: Game, player: str) -> list[CardState]:
    """Cards a player might activate: hand, own field, own GY (only cards with effects)."""
    board = game.board
    state = board.player(player)
    activated = board.defined("activated", _has_activated)
    ids: list[str] = []
    for zone in ("hand", "graveyard", "banished"):
        ids += _activatable(board.places.get((zone, player)), getattr(state, zone), activated)
    ids += [c.id for c in board.on_field(player) if c.id in activated]
    either = board.defined("either_player", _either_player)  # "either player can ..." (Royal Oppression)
    if either:
        ids += [c.id for c in board.on_field()
                if c.id in either and c.controller != player and c.face_up and c.id in activated]  # fmt: skip
    return [board.cards[i] for i in ids]


def _either_player(defn: CardDef) -> bool:
    return any(e.either_player for e in defn.effects)


def _activatable(
    here: Mapping[str, int] | None, pile: tuple[str, ...], activated: frozenset[str]
) -> list[str]:
    """The cards of a pile with an activated effect, in the pile's order. `here`: the ids in the
    pile's zone (the board's index); a big pile (a GY of hundreds) is not read card by card when
    few cards of the replay have such an effect."""
    if not here:
        return []
    if len(activated) >= len(pile):
        return [i for i in pile if i in activated]
    return sorted((i for i in activated if i in here), key=pile.index)


def _has_activated(defn: CardDef) -> bool:
    return any(e.kind in ACTIVATED for e in defn.effects)


def _works_here(card: CardState, defn: CardDef, effect: Effect) -> bool:
    """Only effects that could work from where the card is now (a Spell/Trap from the hand or
    Set; a monster's effect from the zones its text names)."""
    if effect.kind == "activation":
        return card.zone == "hand" or (card.zone in FIELD and card.face == "down")
    if card.zone == "monsters" and card.position == "set":
        return False
    zones = {z for w in effect.works_from for z in (FIELD if w == "field" else (w,))}
    return card.zone in zones


def _auto_cost(game: Game, card: CardState, effect: Effect) -> dict[str, Any]:
    """The first cards that could pay each counted cost (the judge chooses in a real action)."""
    if not effect.cost:
        return {}
    board = game.board
    me = board.player(card.controller)
    pools = {
        "discard": [c for c in me.hand if c != card.id],
        "tribute": [c.id for c in board.monsters(card.controller) if c.id != card.id],
        "send_to_gy": [c for c in me.hand if c != card.id],
        "banish": [card.id] if card.zone == "graveyard" else list(me.graveyard),
        "detach": list(card.materials),
    }
    if effect.cost_cards:  # the cost names the cards that pay it ("banish 1 other Reptile": Vennominaga)
        pools["banish"] = list(me.graveyard)
        pools = {key: [c for c in ids if pays_cost(board, card, effect, board.cards[c], card.controller)]
                 for key, ids in pools.items()}  # fmt: skip
    cost: dict[str, Any] = {}
    for key, amount in effect.cost.items():
        if key in pools and isinstance(amount, int):
            cost[key] = pools[key][:amount]
    return cost


# what a try's action says besides its card, effect, targets and cost (engine-made, never validated)
_TRY = ActionEntry.model_construct(do="activate", player=None, card=None, effect=None, targets=[],
                                   cost={}, choices={}, at=None, responds_to=None)  # fmt: skip


class _Trying:
    """A try's action: `activate` reads it as the `ActionEntry` of the card's effect with its first
    legal targets and costs, and these are found only when it reads them (a try that breaks a
    rule before, like most that fail, never looks for them). Every other field is `_TRY`'s."""

    __slots__ = ("_game", "_card", "_effect", "player", "card", "effect", "_targets", "_cost")
    do, at, responds_to, choices, resolution = "activate", None, None, _TRY.choices, _TRY.resolution
    effect_kind = None  # read by every try: a class attribute, not a lookup through `__getattr__`

    def __init__(self, game: Game, player: str, card: CardState, shown: int, effect: Effect) -> None:
        self._game, self._card, self._effect = game, card, effect
        self.player, self.card, self.effect = player, card.id, shown  # as the card's text counts it
        self._targets: list[str] | None = None
        self._cost: dict[str, Any] | None = None

    @property
    def targets(self) -> list[str]:
        if self._targets is None:
            self._targets = chain_rules.first_targets(self._game, self._card.id, self.player, self._effect)
        return self._targets

    @property
    def cost(self) -> dict[str, Any]:
        if self._cost is None:
            self._cost = _auto_cost(self._game, self._card, self._effect)
        return self._cost

    @property
    def answers(self) -> list[str]:
        return list(self.targets)  # no `responds_to`: the targets alone

    def __getattr__(self, name: str) -> Any:
        return getattr(_TRY, name)


def _ruled_out(game: Game, card: CardState, shown: int, effect: Effect, names: Names | None) -> str | None:
    """What `chain.activate` would say without trying it: a trigger or Flip effect with no event
    waiting for it (over a third of the candidates of the corpus). Only where activate reaches
    that check first: no waiting trigger of this effect, and not a Continuous Trap's effect used
    as the card is activated."""
    if effect.kind not in ("trigger", "flip") or effect.with_activation:
        return None
    if game.building and chain_rules.waiting_trigger(game, card.id, shown) is not None:
        return None
    return render(chain_rules.not_set_off(card, game).explanation, names)


_KEPT = 4096  # reasons kept per namer at most (a replay says a few dozen)
_RENDERED: WeakKeyDictionary[Names, dict[int, tuple[Explanation, str]]] = WeakKeyDictionary()
_RENDERED_PLAIN: dict[int, tuple[Explanation, str]] = {}


def _rendered(names: Names | None) -> dict[int, tuple[Explanation, str]]:
    """The reasons already rendered with this namer (a replay's JudgeNames names a card the same
    way every time it is asked), by explanation (its id, kept with it: an id is not reused while
    the object lives)."""
    if names is None:
        return _RENDERED_PLAIN
    rendered = _RENDERED.get(names)
    if rendered is None:
        rendered = _RENDERED[names] = {}
    return rendered


def _reason(
    explanation: Explanation, names: Names | None, rendered: dict[int, tuple[Explanation, str]]
) -> str:
    """`render(explanation, names)`, once per explanation: a card's place and timing, found once
    per moment (`chain._check_activation_when`), raise the very same explanation step after step."""
    kept = rendered.get(id(explanation))
    if kept is not None and kept[0] is explanation:
        return kept[1]
    text = render(explanation, names)
    if len(rendered) >= _KEPT:
        rendered.clear()
    rendered[id(explanation)] = (explanation, text)
    return text


def _try(game: Game, player: str, card: CardState, number: int, effect: Effect, names: Names | None,
         rendered: dict[int, tuple[Explanation, str]] | None = None) -> str | None:  # fmt: skip
    """Why effect `number` (of the card file: one choice of an effect with choices) cannot be
    activated now, or None if it can."""
    shown = game.board.define(card.id).numbered(number)[0]
    if effect.kind in _SET_OFF and (reason := _ruled_out(game, card, shown, effect, names)) is not None:
        return reason
    try:
        trying = _Trying(game, player, card, shown, effect)
        chain_rules.activate(Tx(game), trying, trying=True, number=number)  # type: ignore[arg-type]
    except Illegal as err:
        return _reason(err.explanation, names, _rendered(names) if rendered is None else rendered)
    except (KeyError, ValueError) as err:  # a half-described card: say so rather than fail
        return f"the engine cannot try this effect here ({err})"
    return None


def refused_trigger(
    game: Game, player: str, card: CardState, number: int, effect: Effect
) -> Explanation | None:
    """Why a waiting optional trigger cannot be activated whatever its player chooses, or None if it
    can (or if other targets or cost cards might let it): only for an effect that names no target
    and pays no cost with cards, so the try's choices are the only ones there are (Gemini Summoner
    with no Gemini monster to Normal Summon)."""
    if effect.targets or any(key in _CARD_COSTS for key in effect.cost):
        return None
    shown = game.board.define(card.id).numbered(number)[0]
    try:
        trying = _Trying(game, player, card, shown, effect)
        chain_rules.activate(Tx(game), trying, trying=True, number=number)  # type: ignore[arg-type]
    except Illegal as err:
        return err.explanation
    except (KeyError, ValueError):  # a half-described card: nothing to say for sure
        return None
    return None


_CARD_COSTS = ("discard", "tribute", "send_to_gy", "banish", "detach")  # `_auto_cost`'s pools


def legal_now(game: Game, names: Names | None = None) -> dict[str, Any]:
    """Per player: `can` (card, effect, name) and `cannot` (card, effect, name, reason), each
    effect numbered as the card's text counts them, with `mode` for one of an effect's choices;
    `names` names the cards of the reasons (the replay's JudgeNames)."""
    out: dict[str, Any] = {}
    if game.result is not None:
        return {p: {"can": [], "cannot": []} for p in ("A", "B")}
    rendered = _rendered(names)
    for player in ("A", "B"):
        can, cannot = [], []
        for card in _in_reach(game, player):
            defn: CardDef = game.board.define(card.id)
            for number, effect in enumerate(defn.effects, start=1):
                if effect.kind not in ACTIVATED:
                    continue
                if not _works_here(card, defn, effect):
                    continue
                shown, mode = defn.numbered(number)
                entry = {"card": card.id, "effect": shown, "name": defn.name}
                if mode is not None:  # one of the effect's choices (`choices: {mode: n}`)
                    entry["mode"] = mode
                reason = _try(game, player, card, number, effect, names, rendered)
                if reason is None:
                    can.append(entry)
                else:
                    cannot.append({**entry, "reason": reason})
        out[player] = {"can": can, "cannot": cannot}
    return out
