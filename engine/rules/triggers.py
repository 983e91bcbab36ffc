"""Trigger effects: what an event sets off, when it may go on a chain, and missing the timing.

Source: Official Rulebook v10, "Simultaneous effects" (the turn player's mandatory effects,
then the opponent's, then the turn player's optional ones, then the opponent's) and "Chains";
the engine design notes: events carry the moment they happened (`seq`), and an optional
"When ... you can" trigger activates only if its event is the last thing that happened.

A trigger set off during a chain (or during one link's resolution) waits until the whole
chain has resolved; then a trigger window opens and the waiting triggers build a new chain.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cards import Effect
from engine.state import Game, evolve

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
    what: str  # its event, in words ("A:Sangan was destroyed")
    after_damage_calculation: bool = False  # flipped by an attack: waits for damage calculation

    def order_class(self, turn_player: str) -> int:
        """0-3: the place of this trigger in a chain of simultaneous triggers (SEGOC)."""
        return (0 if self.mandatory else 2) + (0 if self.player == turn_player else 1)

    def label(self) -> str:
        kind = "mandatory" if self.mandatory else "optional"
        return f"{self.name} ({self.player}, {kind})"


def _matches(effect: Effect, event: dict[str, Any]) -> bool:
    """Does this event set off this trigger of the card the event happened to?"""
    kind, origin, to = event["type"], event.get("from"), event.get("to")
    wanted = effect.event or ("flipped" if effect.kind == "flip" else None)
    if wanted == "flipped":
        return kind == "flipped"
    if wanted == "summoned":
        return kind == "summoned"
    if wanted == "normal_or_special_summoned":
        return kind == "summoned" and event.get("cause") != "Flip Summon"
    if wanted == "sent_to_gy_from_field":
        return to == "graveyard" and origin in FIELD
    if wanted == "sent_to_gy":
        return to == "graveyard"
    if wanted == "destroyed":
        return kind == "destroyed"
    if wanted == "destroyed_by_battle":
        return kind == "destroyed" and event.get("cause") == "battle"
    if wanted == "leaves_field":
        # a card shuffled into the Deck or turned into Xyz Material activates nothing
        return origin in FIELD and to not in (*FIELD, "material", "deck", "gone")
    return False


def describe(event: dict[str, Any]) -> str:
    """An event in a few words, for "what happened after it"."""
    kind = event["type"]
    card = event.get("card") or event.get("player") or ""
    if kind == "resolved" or kind == "no_effect":
        return f"Chain Link {event.get('chain_link')} ({card}) resolved"
    if kind == "activated":
        return f"{card} was activated"
    if kind in ("lp_paid", "cost_paid"):
        return f"a cost was paid ({card})"
    words = {"sent_to_gy": "was sent to the GY", "destroyed": "was destroyed", "summoned": "was summoned",
             "drew": "was drawn", "added_to_hand": "was added to the hand", "flipped": "was flipped face-up",
             "damage": "took damage", "discarded": "was discarded", "banished": "was banished",
             "tributed": "was Tributed"}  # fmt: skip
    return f"{card} {words.get(kind, kind.replace('_', ' '))}"


def collect(game: Game, events: list[dict[str, Any]]) -> Game:
    """Add the triggers these events set off to the waiting list; note the last thing that happened."""
    if not events:
        return game
    board = game.board
    found = list(game.waiting)
    for event in events:
        card_id = event.get("card")
        card = board.cards.get(card_id) if card_id else None
        if card is None:
            continue
        defn = board.define(card.id)
        for number, effect in enumerate(defn.effects, start=1):
            if effect.kind not in ("trigger", "flip") or not _matches(effect, event):
                continue
            where = {"field": FIELD}.get(card.zone, (card.zone,))
            zones = {z for w in effect.works_from for z in ({"field": FIELD}.get(w, (w,)))}
            if not set(where) & zones and not (card.zone in FIELD and "field" in effect.works_from):
                continue
            trig = Trigger(card=card.id, name=card.name, effect=number, player=card.controller,
                           seq=event["seq"], mandatory=not effect.optional, wording=effect.wording,
                           what=describe(event),
                           after_damage_calculation=event.get("cause") == "attacked")  # fmt: skip
            if trig not in found:
                found.append(trig)
    top = max(e["seq"] for e in events)
    latest = [e for e in events if e["seq"] == top]
    # name the action that finished last: a link's resolution, an activation, else the last event
    last = next((e for kind in ("resolved", "no_effect", "activated") for e in latest if e["type"] == kind),
                latest[-1])  # fmt: skip
    if game.last_event is not None and game.last_event[0] > last["seq"]:
        last_event = game.last_event
    else:
        last_event = (last["seq"], describe(last))
    return evolve(game, waiting=tuple(found), last_event=last_event)


def window_open(game: Game) -> bool:
    """Triggers can go on a chain now: none is held back, and no chain of other cards is open."""
    if not game.waiting or game.result is not None:
        return False
    if game.chain and not game.building:
        return False
    battle = game.battle
    held = battle is not None and battle.window in ("battle_step", "damage_step_start",
                                                     "before_damage_calculation", "damage_calculation")
    return not (held and any(t.after_damage_calculation for t in game.waiting))


def can_miss(trigger: Trigger) -> bool:
    return not trigger.mandatory and trigger.wording == "when"


def missed(game: Game, trigger: Trigger) -> bool:
    """An optional "When" trigger misses the timing if its event was not the last thing."""
    return can_miss(trigger) and game.last_event is not None and trigger.seq < game.last_event[0]
