"""Trigger effects: what an event sets off, when it may go on a chain, and missing the timing.

Source: Official Rulebook v10, "Simultaneous effects" (the turn player's mandatory effects,
then the opponent's, then the turn player's optional ones, then the opponent's) and "Chains";
the engine design notes: events carry the moment they happened (`seq`), and an optional
"When ... you can" trigger activates only if its event is the last thing that happened.

A trigger set off during a chain (or during one link's resolution) waits until the whole
chain has resolved; then a trigger window opens and the waiting triggers build a new chain.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from engine.explain import PHRASES, Card, Phrase, Player, Zone
from engine.rules.kinds import treated_as_normal
from engine.rules.trigger_events import (
    DIRECT_DAMAGE,
    PHASE_EVENTS,
    WATCHING,
    Seen,
    _battle_source,
    battle_opponent,
)
from engine.state import PHASE_NAMES, Board, CardState, Game, evolve
from engine.vocabulary import EVENTS

if TYPE_CHECKING:
    from engine.cards import CardDef, Effect, Requires
    from engine.tx import Tx

FIELD = ("monsters", "spell_traps", "field_spell")
CLASS_NAMES = ("the turn player's mandatory", "the opponent's mandatory",
               "the turn player's optional", "the opponent's optional")  # fmt: skip


@dataclass(frozen=True, slots=True)
class Trigger:
    """A trigger effect set off by an event, waiting to be activated."""

    card: str
    name: str
    effect: int  # 1-based
    player: str
    seq: int  # the moment of its event
    mandatory: bool
    wording: str | None  # when | if | during
    what: Phrase  # its event, in words ("A:Sangan was destroyed")
    after_damage_calculation: bool = False  # set off in battle: waits until after damage calculation
    # the card its event happened to (Stargazer Magician summons its namesake); for a battle, the
    # monster it battled (Dark Magician of Chaos banishes the one it destroyed)
    subject: str | None = None
    # the thing that happened right after its event, in the same action (the activation a cost was
    # paid for): what an optional "When" trigger's timing was lost to, said even if it waits longer
    passed_by: Any = None

    def order_class(self, turn_player: str) -> int:
        """0-3: the place of this trigger in a chain of simultaneous triggers (SEGOC)."""
        return (0 if self.mandatory else 2) + (0 if self.player == turn_player else 1)


BATTLE_VICTIM = "destroyed_by_battle_with:"  # memory: (turn, victim, BATTLE_VICTIM + the monster)
# What a card needs to remember past the step it happened in (Game.memory): (turn, card, what);
# turn 0 means "for as long as the card stays on the field".


def _subjects(event: dict[str, Any]) -> tuple[str, ...]:
    """The cards whose own triggers an event can set off."""
    kind = event["type"]
    if kind == "equipped":  # the monster an Equip Card was equipped to (Gearfried)
        found: tuple[Any, ...] = (event.get("to"),)
    elif kind == "battle":  # both monsters of a battle that reached damage calculation
        found = (event.get("card"), event.get("target"))
    elif kind == "damage":
        found = (_battle_source(event),)
    elif kind == "attack_declared":  # the attacker, and the monster it targets
        found = (event.get("card"), event.get("target"))
    elif kind == "destroyed" and event.get("by"):  # destroyed by battle: the monster that did it too
        found = (event.get("card"), event.get("by"))
    else:
        found = (event.get("card"),)
    return tuple(c for c in found if isinstance(c, str))


def _matches(board: Board, effect: Effect, event: dict[str, Any], card: CardState | None = None,
             memory: tuple[tuple[int, str, str], ...] = (),
             doomed: tuple[str, ...] = ()) -> bool:  # fmt: skip
    """Does this event set off this trigger of the card the event happened to? `doomed`: the
    monsters the current battle determined destroyed by battle."""
    wanted = effect.event or ("flipped" if effect.kind == "flip" else None)
    return wanted is not None and EVENTS[wanted](Seen(board, event, effect, card, memory, doomed=doomed))


def _where_it_works(card: CardState, effect: Effect) -> bool:
    if effect.pendulum:  # a Pendulum Effect works only from the Pendulum Zone
        return card.zone == "spell_traps"
    zones = {z for w in effect.works_from for z in ({"field": FIELD}.get(w, (w,)))}
    return card.zone in zones


def _watches(defn: CardDef) -> bool:
    return any(e.kind == "trigger" and (e.event in WATCHING or e.event in PHASE_EVENTS) for e in defn.effects)


def _has_own_trigger(defn: CardDef) -> bool:
    """Has the card a trigger or Flip effect that an event about itself sets off (`collect`)?"""
    return any(e.kind in ("trigger", "flip") and e.event not in PHASE_EVENTS and e.event not in WATCHING
               for e in defn.effects)  # fmt: skip


def _watchers(board: Board) -> list[tuple[CardState, CardDef, int, Effect]]:
    """Every trigger that watches other cards or a phase, with its card (read once per board)."""
    return board.derive("watchers", _find_watchers)


def _find_watchers(board: Board) -> list[tuple[CardState, CardDef, int, Effect]]:
    found = []
    for card in board.in_order(board.defined("watchers", _watches)):
        defn = board.define(card.id)
        for number, effect in enumerate(defn.effects, start=1):
            if effect.kind == "trigger" and (effect.event in WATCHING or effect.event in PHASE_EVENTS):
                found.append((card, defn, number, effect))
    return found


def _watched(board: Board, card: CardState, effect: Effect, event: dict[str, Any],
             memory: tuple[tuple[int, str, str], ...],
             batch: list[dict[str, Any]] | None = None) -> bool:  # fmt: skip
    """Does an event about another card, or a phase beginning, set off this watching trigger?
    `batch`: the events of the same step, for what must have happened alone."""
    if not _where_it_works(card, effect) or (card.zone in FIELD and (not card.face_up or card.pending)):
        return False
    if effect.requires is not None and own_state_problems(card, effect.requires):
        return False
    seen = Seen(board, event, effect, card, memory, tuple(batch or (event,)))
    if effect.event in WATCHING:
        return EVENTS[effect.event](seen)
    phase, whose = PHASE_EVENTS.get(effect.event or "", (None, None))
    if event["type"] != "phase" or event.get("phase") != phase or event.get("step"):
        return False
    turn_player = event.get("player")
    if (whose == "you" and turn_player != card.controller) or (
        whose == "opponent" and turn_player == card.controller
    ):  # fmt: skip
        return False
    return EVENTS[effect.event or ""](seen)


def _by_opponent(board: Board, event: dict[str, Any]) -> bool:
    """Was this card destroyed by its controller's opponent's card (by battle, or by a card the
    opponent controls), in its owner's Monster Zone?"""
    card = board.cards.get(event.get("card") or "")
    victim = event.get("player")
    if card is None or event.get("from") != "monsters" or card.owner != victim:
        return False
    if event.get("never_on_field"):  # its Summon was negated: it was never in the Monster Zone
        return False
    cause = event.get("cause")
    if cause == "battle":
        return True
    source = board.cards.get(str(cause)) if cause else None
    return source is not None and source.controller != victim


def own_state_problems(card: CardState, req: Requires) -> list[Phrase]:
    """Conditions on the card itself ("if this effect was activated this turn", "while it has
    no material"), checked when its trigger is set off and again as it is activated."""
    problems = []
    if req.marked is not None and req.marked not in card.marks:
        problems.append(Phrase("requires.marked", card=Card.of(card), mark=Zone(req.marked)))
    if req.no_materials and card.materials:
        problems.append(Phrase("requires.no_materials", card=Card.of(card)))
    if req.union_equipped and not (card.zone == "spell_traps" and card.equipped_to and card.self_equipped):
        problems.append(Phrase("requires.union_equipped", card=Card.of(card)))
    if req.counters_min is not None and sum(dict(card.counters).values()) < req.counters_min:
        problems.append(Phrase("requires.counters_min", card=Card.of(card), count=req.counters_min))
    if req.special_summoned and card.summon_type in (None, "normal", "tribute", "flip"):
        problems.append(Phrase("requires.special_summoned", card=Card.of(card)))
    return problems


def remember(game: Game, events: list[dict[str, Any]]) -> tuple[tuple[int, str, str], ...]:
    """What this turn's events leave for later triggers: summoned or flipped this turn, destroyed
    by the opponent this turn, destroyed a monster by battle this turn (and which), and, while it
    stays on the field, flipped face-up or inflicted battle damage by a direct attack (and when)."""
    turn = game.board.turn
    kept = game.memory
    if not any(e["type"] in _REMEMBERED for e in events) and all(m[0] in (0, turn) for m in kept) and (
        len(set(kept)) == len(kept)
    ):  # fmt: skip
        return kept  # nothing to add, nothing past its turn, nothing twice
    memory = [m for m in game.memory if m[0] in (0, turn)]
    for event in events:
        kind, card = event["type"], event.get("card")
        if kind == "damage" and (source := _direct_attacker(game.board, event, events)) is not None:
            # "inflicts battle damage to your opponent by a direct attack", remembered while it stays
            memory = [m for m in memory if not (m[1] == source and m[2].startswith(DIRECT_DAMAGE))]
            memory.append((0, source, f"{DIRECT_DAMAGE}{turn}"))
        if not isinstance(card, str):
            continue
        if kind in ("summoned", "flipped"):
            memory.append((turn, card, "summoned_or_flipped"))
        if kind == "flipped":
            memory.append((0, card, "flipped"))
        if kind == "destroyed" and _by_opponent(game.board, event):
            memory.append((turn, card, "destroyed_by_opponent"))
        if kind == "destroyed" and event.get("cause") == "battle" and isinstance(event.get("by"), str):
            memory.append((turn, event["by"], "destroyed_by_battle"))  # the monster that destroyed it
            memory.append((turn, card, f"{BATTLE_VICTIM}{event['by']}"))  # and its victim (Sword Hunter)
    return tuple(dict.fromkeys(memory))


_REMEMBERED = frozenset({"damage", "summoned", "flipped", "destroyed"})  # the events `remember` reads


def _direct_attacker(board: Board, event: dict[str, Any], events: list[dict[str, Any]]) -> str | None:
    """The monster whose direct attack inflicted this battle damage to its opponent, if it was one
    (its `battle` event, against "direct", happened at the same moment)."""
    source = _battle_source(event)
    src = board.cards.get(source or "")
    if src is None or src.controller == event.get("player"):
        return None
    direct = any(e["type"] == "battle" and e.get("card") == source and e.get("target") == "direct"
                 and e["seq"] == event["seq"] for e in events)  # fmt: skip
    return source if direct else None


def _forget_left(memory: tuple[tuple[int, str, str], ...],
                 events: list[dict[str, Any]]) -> tuple[tuple[int, str, str], ...]:  # fmt: skip
    """A card that left the field, or was turned face-down, forgets it was flipped face-up."""
    if not memory:
        return memory
    gone = {e.get("card") for e in events
            if (e.get("from") in FIELD and e.get("to") not in FIELD)
            or (e["type"] == "position_changed" and e.get("to") == "set")}  # fmt: skip
    # what "this card" did on the field is forgotten too: back on the field, it is a new card
    return tuple(m for m in memory if not ((m[0] == 0 or m[2] == "destroyed_by_battle") and m[1] in gone))


def describe(event: dict[str, Any], board: Board) -> Phrase:
    """An event in a few words, for "what happened after it" (cards as the namer names them)."""
    kind = event["type"]

    def card(key: str = "card") -> Card | Player:
        ref = event.get(key)
        if isinstance(ref, str) and ref in board.cards:
            return Card(ref, board.cards[ref].name)
        if isinstance(ref, str) and ref:
            return Card(ref, ref.partition(":")[2].partition("#")[0] or ref)
        return Player(str(event.get("player") or ""))

    if kind == "resolved" or kind == "no_effect":
        return Phrase("event.link_resolved", link=event.get("chain_link"), card=card())
    if kind == "activated":
        return Phrase("event.activated", card=card())
    if kind in ("lp_paid", "cost_paid"):
        return Phrase("event.cost_paid", card=card())
    if kind == "phase" and event.get("phase") in PHASE_NAMES and not event.get("step"):
        return Phrase("event.phase_began", player=Player(event.get("player") or ""),
                      phase=PHASE_NAMES[event["phase"]])  # fmt: skip
    if kind == "phase" and event.get("phase") == "battle" and event.get("step") == "end":
        return Phrase("event.battle_end_step", player=Player(event.get("player") or ""))
    if kind == "battle" and "result" not in event:
        if event.get("target") == "direct":
            return Phrase("event.battled_directly", card=card())
        return Phrase("event.battled_with", card=card(), other=card("target"))
    if kind == "equipped":
        return Phrase("event.equipped", card=card(), to=card("to"))
    if kind == "damage" and (source := _battle_source(event)):
        named = Card(source, board.cards[source].name if source in board.cards else source)
        return Phrase("event.battle_damage", source=named, amount=event.get("amount"),
                      player=Player(event.get("player") or ""))  # fmt: skip
    if "event." + kind in PHRASES:
        return Phrase("event." + kind, card=card())
    return Phrase("event.other", card=card(), kind=Zone(kind))


def collect(game: Game, events: list[dict[str, Any]]) -> Game:
    """Add the triggers these events set off to the waiting list; note the last thing that happened."""
    if not events:
        return game
    board = game.board
    memory = remember(game, events)
    found = list(game.waiting)
    seen = {(t.card, t.effect, t.seq) for t in found}
    doomed = game.battle.doomed if game.battle is not None else ()

    def add(card: CardState, number: int, effect: Effect, event: dict[str, Any]) -> None:
        if (card.id, number, event["seq"]) in seen:  # one event moment sets a trigger off once
            return
        in_battle = event.get("cause") == "attacked" or event["type"] == "battle" or (
            event["type"] == "damage" and _battle_source(event) is not None)  # fmt: skip
        seen.add((card.id, number, event["seq"]))
        about = battle_opponent(event, card.id) if event["type"] == "battle" else event.get("card")
        what = describe(event, board)
        if effect.event == "destroys_opponent_by_battle" and isinstance(about, str) and about in board.cards:
            # the battle, said as what set it off: the monster it destroyed (Dark Magician of Chaos)
            what = Phrase("event.destroyed_by_battle_at_calculation", card=Card.of(card),
                          other=Card.of(board.cards[about]))  # fmt: skip
        found.append(Trigger(card=card.id, name=card.name, effect=number, player=card.controller,
                             seq=event["seq"], mandatory=not effect.optional, wording=effect.wording,
                             what=what, after_damage_calculation=in_battle,
                             subject=about if isinstance(about, str) else None))  # fmt: skip

    watchers = None
    own = board.defined("own_triggers", _has_own_trigger)  # the cards an event about them can set off
    watching = board.defined("watchers", _watches)
    for event in events:
        for card_id in _subjects(event):
            if card_id not in own:
                continue
            card = board.cards.get(card_id)
            if card is None or treated_as_normal(board, card):  # a Gemini without its effects
                continue
            for number, effect in enumerate(board.define(card.id).effects, start=1):
                if effect.kind not in ("trigger", "flip") or effect.event in PHASE_EVENTS:
                    continue
                if effect.event in WATCHING or not _matches(board, effect, event, card, memory, doomed):
                    continue
                if (event["type"] == "destroyed" and card_id != event.get("card")
                        and effect.event != "destroyed_opponent_by_battle_attacking"):  # fmt: skip
                    continue  # the monster that destroyed another by battle: only "destroys" triggers
                if not _where_it_works(card, effect):
                    continue
                if effect.requires is not None and own_state_problems(card, effect.requires):
                    continue  # "while it has no material": not set off otherwise
                add(card, number, effect, event)
        if watching and event["type"] in ("summoned", "phase", "drew", "added_to_hand", "attack_declared",
                                          "returned_to_hand"):  # fmt: skip
            watchers = _watchers(board) if watchers is None else watchers
            for card, _defn, number, effect in watchers:
                if _watched(board, card, effect, event, memory, events):
                    add(card, number, effect, event)
    # moving from one phase or Damage Step window to the next is not a thing that "happens" for
    # the timing: a trigger set off at damage calculation still sees its event as the last thing
    happened = [e for e in events if e["type"] not in ("phase", "passed")]
    if not happened:
        return evolve(game, waiting=tuple(found), memory=_forget_left(memory, events))
    top = max(e["seq"] for e in happened)
    latest = [e for e in happened if e["seq"] == top]
    # name the action that finished last: a link's resolution, an activation, else the last event
    last = next((e for kind in ("resolved", "no_effect", "activated") for e in latest if e["type"] == kind),
                latest[-1])  # fmt: skip
    words = describe(last, board)
    link = last.get("chain_link")
    final = last  # what the action did last (a resolved link's last part)
    if last["type"] in ("resolved", "no_effect"):
        part = [e for e in latest
                if e.get("chain_link") == link and e["type"] not in ("resolved", "no_effect")]  # fmt: skip
        final = part[-1] if part else last
        if part and any(e.get("chain_link") == link and e["seq"] < top for e in happened):
            # the link went on after a "then": name the part that came last
            words = Phrase("event.then_part", words=words, part=describe(part[-1], board))
    drew = final.get("player") if final["type"] == "drew" and board.phase != "draw" else None
    if game.last_event is not None and game.last_event[0] > last["seq"]:
        last_event = game.last_event
    else:
        last_event = (last["seq"], words)
    found = [_passed_by_activation(t, events, board) for t in found]
    return evolve(game, waiting=tuple(found), last_event=last_event, last_drew=drew,
                  memory=_forget_left(memory, events))  # fmt: skip


def _passed_by_activation(trigger: Trigger, events: list[dict[str, Any]], board: Board) -> Trigger:
    """A trigger set off by a cost (a monster Tributed or a card discarded to activate a card):
    the activation that cost was paid for came right after its event, in the same action, so that
    activation is what an optional "When" trigger lost its timing to, however long it then waits."""
    if trigger.passed_by is not None:
        return trigger
    mine = [n for n, e in enumerate(events) if e["seq"] == trigger.seq and e.get("card") == trigger.subject]
    if not mine:
        return trigger
    later = [e for e in events[mine[0] + 1 :] if e["seq"] == trigger.seq and e["type"] == "activated"]
    return replace(trigger, passed_by=describe(later[0], board)) if later else trigger


# Moves that look like what a card's own trigger waits for and are not (Yugipedia, "Leaves the
# field"; rulebook v10, Xyz Summon): the code that says so, and the trigger events it rules out
_NOT_FROM_FIELD = ("leaves_field", "sent_to_gy_from_field", "sent_to_gy_from_field_not_by_battle")
_SENT = (
    "sent_to_gy",
    "sent_to_gy_from_field",
    "sent_to_gy_from_field_not_by_battle",
    "sent_to_gy_after_flip",
)
# "this face-up card" sent from the field (Gusto Falco): a card face-down as it left sets off none
_FACE_UP_ONLY = ("sent_to_gy_from_field_not_by_battle",)
_EXCEPTIONS: tuple[tuple[tuple[str, ...], tuple[str, ...], str, tuple[str, ...]], ...] = (
    (("material",), ("graveyard",), "trigger.xyz_material_not_on_field", _NOT_FROM_FIELD),
    (FIELD, ("material",), "trigger.became_xyz_material", ("leaves_field",)),
    (FIELD, ("material",), "trigger.xyz_material_not_sent", _SENT),
    (("hand",), ("graveyard",), "trigger.not_from_field", _NOT_FROM_FIELD),
    (("banished",), ("graveyard",), "trigger.returned_from_banishment", ("sent_to_gy",)),
    (FIELD, ("deck",), "trigger.moved_to_main_deck", ("leaves_field",)),
)


def explain_exceptions(tx: Tx) -> None:
    """Say why a card's own "leaves the field" / "sent (from the field) to the GY" trigger was not
    set off by a move that looks like one: Xyz Material is not on the field, becoming Xyz Material
    or going to the Main Deck is not leaving it for such an effect, nor is being banished
    face-down, becoming Xyz Material is not being sent to the GY, a card sent from the hand (a
    Ritual Tribute) was not on the field, nor was a monster whose Summon was negated, and a card
    face-down as it left the field was not "this face-up card"."""
    board = tx.board
    for event in tx.events:
        card_id = event.get("card")
        if not isinstance(card_id, str) or card_id not in board.cards or "from" not in event:
            continue
        if event.get("banished_face_down") and event["from"] in FIELD and any(
            e.kind == "trigger" and e.event == "leaves_field" for e in board.define(card_id).effects
        ):  # fmt: skip
            tx.say("trigger.banished_face_down", card=Card.of(board.cards[card_id]), cards=(card_id,))
        if event.get("face_down") and event["from"] in FIELD and event.get("to") == "graveyard" and any(
            e.kind == "trigger" and e.event in _FACE_UP_ONLY for e in board.define(card_id).effects
        ):  # fmt: skip
            tx.say("trigger.left_face_down", card=Card.of(board.cards[card_id]), cards=(card_id,))
        if event.get("never_on_field") and event.get("to") == "graveyard" and any(
            e.kind == "trigger" and e.event in _NOT_FROM_FIELD for e in board.define(card_id).effects
        ):  # fmt: skip
            tx.say(
                "trigger.summon_negated_not_from_field", card=Card.of(board.cards[card_id]), cards=(card_id,)
            )
            continue
        for sources, targets, code, ruled_out in _EXCEPTIONS:
            if event["from"] in sources and event.get("to") in targets and any(
                e.kind == "trigger" and e.event in ruled_out for e in board.define(card_id).effects
            ):  # fmt: skip
                tx.say(code, card=Card.of(board.cards[card_id]), cards=(card_id,))


def phase_triggers(game: Game, phase: str, turn_player: str | None = None) -> bool:
    """Would `phase` beginning now (in `turn_player`'s turn, by default the current one) set off a
    "During ..." trigger? (The turn stops in that phase for them rather than running on.)"""
    event = {"type": "phase", "phase": phase, "player": turn_player or game.board.turn_player,
             "seq": game.seq}  # fmt: skip
    return any(_watched(game.board, card, effect, event, game.memory)
               for card, _defn, _number, effect in _watchers(game.board))  # fmt: skip


def battle_end_triggers(game: Game) -> bool:
    """Would the Battle Phase's End Step beginning now set off an "at the end of the Battle Phase"
    trigger (Sword Hunter)? Leaving the Battle Phase then stops there for them to resolve."""
    event = {"type": "phase", "phase": "battle", "step": "end", "player": game.board.turn_player,
             "seq": game.seq}  # fmt: skip
    return any(effect.event == "end_of_battle_phase"
               and _watched(game.board, card, effect, event, game.memory)
               for card, _defn, _number, effect in _watchers(game.board))  # fmt: skip


def window_open(game: Game) -> bool:
    """Triggers can go on a chain now: none is held back, and no chain of other cards is open."""
    if not game.waiting or game.result is not None:
        return False
    if game.chain and not game.building:
        return False
    battle = game.battle
    held = battle is not None and battle.window in (
        "battle_step",
        "damage_step_start",
        "before_damage_calculation",
        "damage_calculation",
    )
    return not (held and any(t.after_damage_calculation for t in game.waiting))


def can_miss(trigger: Trigger) -> bool:
    return not trigger.mandatory and trigger.wording == "when"


def missed(game: Game, trigger: Trigger) -> bool:
    """An optional "When" trigger misses the timing if its event was not the last thing."""
    return can_miss(trigger) and game.last_event is not None and trigger.seq < game.last_event[0]
