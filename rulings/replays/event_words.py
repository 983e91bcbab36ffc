"""A replay's events as the sentences a step page lists under "What happened".

Events are data for programs (ids, engine words, LP after the change); a judge reads a sentence:
"B takes 1,000 damage (LP 7,000), by A's Caius the Shadow Monarch". One sentence shape per event
type; an event type with no shape yet still reads as words, never as `key: value` pairs of ids.
Nothing here decides a rule: every value comes from the event as it is.
"""

from collections.abc import Callable
from typing import Any

from engine.explain import PHRASES, WINDOW_NAMES
from engine.rules.lasting import in_words
from engine.state import LASTING_EFFECTS, PHASE_NAMES
from rulings.replays.display import BATTLE_STEP_NAMES, Names

POSITION_WORDS = {
    "attack": "Attack Position",
    "defense": "face-up Defense Position",
    "set": "face-down Defense Position",
}
# Causes the engine writes as fixed words, in a judge's words.
CAUSE_WORDS = {
    "rule: resolved": "as the rules send a resolved Spell or Trap Card to the GY",
    "rule: no free zone": "as there was no free zone for it",
    "rule: only 1 face-up": "as only 1 of it can be face-up on the field",
    "rule: nothing to equip": "as it has nothing to equip",
    "rule: nothing to equip to": "as it has nothing to be equipped to",
    "rule: equip": "as an Equip Card whose monster left",
    "rule: Xyz Material": "with the Xyz Monster it was material for",
    "battle": "by battle",
    "attacked": "as it was attacked",
    "manual position change": "by its controller",
    "hand size limit": "for the hand size limit",
    "procedure": "by its own procedure",
}
# Causes that start with fixed words and name a card after them ("cost of B:Kuriboh").
CAUSE_PREFIXES = {
    "cost of summoning ": "as the cost of Summoning ",
    "attack cost of ": "as the attack cost of ",
    "cost of ": "as the cost of ",
    "Xyz Material for ": "as Xyz Material for ",
    "material for ": "as material for ",
    "tribute for ": "as a Tribute for ",
    "maintenance of ": "for the maintenance of ",
    "instead of ": "instead of ",
    "battle: ": "by battle with ",
}
# What a lasting effect does (engine.operations.lasting), said of who or what it applies to.
PHASE_CAUSES = {"End Phase", "Draw Phase", "Standby Phase"}


def event_sentence(event: dict[str, Any], names: Names = str) -> str:
    """One event as a sentence for the step page."""
    kind = str(event.get("type") or "event")
    say = _Words(event, names)
    shape = SHAPES.get(kind)
    text = shape(say) if shape else say.fallback(kind)
    return text[:1].upper() + text[1:] + "."


class _Words:
    """An event's values in words: cards by the judge's names, zones, numbers with separators."""

    def __init__(self, event: dict[str, Any], names: Names) -> None:
        self.event = event
        self.names = names

    def get(self, key: str) -> Any:
        return self.event.get(key)

    def card(self, key: str = "card") -> str:
        value = self.event.get(key)
        if isinstance(value, list):
            return _listed([self.names(str(v)) for v in value])
        return self.names(str(value)) if value else "a card"

    def player(self, key: str = "player") -> str:
        return str(self.event.get(key) or "a player")

    def number(self, key: str) -> str:
        value = self.event.get(key)
        return f"{value:,}" if isinstance(value, int) and not isinstance(value, bool) else str(value)

    def zone(self, key: str) -> str:
        value = str(self.event.get(key) or "")
        return PHRASES.get("zone_name." + value, value.replace("_", " "))  # the engine's own words

    def link(self) -> str:
        n = self.event.get("chain_link")
        return f" (Chain Link {n})" if n else ""

    def cause(self) -> str:
        """How the event came about, as a trailing clause: ", by A's Sangan"."""
        cause = self.event.get("cause")
        if not cause:
            return ""
        cause = str(cause)
        if cause in CAUSE_WORDS:
            return ", " + CAUSE_WORDS[cause]
        if cause in PHASE_CAUSES:
            return ", in the " + cause
        if cause[:2] in ("A:", "B:"):
            return ", by " + self.names(cause)
        in_text = getattr(self.names, "in_text", None)
        for prefix, said in CAUSE_PREFIXES.items():
            if cause.startswith(prefix):
                rest = cause.removeprefix(prefix)
                return ", " + said + (self.names(rest) if rest[:2] in ("A:", "B:") else rest)
        if cause.endswith(" summon"):  # "synchro summon": the Summon that used it
            return ", by " + _article(cause.removesuffix(" summon").capitalize()) + " Summon"
        return ", " + (in_text(cause) if in_text else cause).replace("_", " ")

    def moved(self) -> str:
        """From where to where, where both are said: " from the hand to the GY"."""
        parts = []
        if self.event.get("from"):
            parts.append("from " + self.zone("from"))
        if self.event.get("to") and self.event.get("to") != self.event.get("from"):
            parts.append("to " + self.zone("to"))
        return (" " + " ".join(parts)) if parts else ""

    def origin(self) -> str:
        return " from " + self.zone("from") if self.event.get("from") else ""

    def was_face_down(self) -> str:
        return " (it was face-down)" if self.event.get("face_down") else ""

    def fallback(self, kind: str) -> str:
        """An event type with no sentence shape yet: its name and its card, player and cause."""
        subject = self.card() if self.event.get("card") else self.player()
        return f"{kind.replace('_', ' ')}: {subject}{self.moved()}{self.cause()}"


def _article(word: str) -> str:
    return ("an " if word[:1] in "AEIOUX" else "a ") + word


def _listed(items: list[str]) -> str:
    if len(items) <= 2:
        return " and ".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _activated(w: _Words) -> str:
    text = f"{w.player()} activates {w.card()} as Chain Link {w.get('chain_link')}"
    if w.get("targets"):
        text += ", targeting " + w.card("targets")
    if str(w.get("responds_to") or "").startswith("link:"):
        text += ", in response to Chain Link " + str(w.get("responds_to")).removeprefix("link:")
    return text


def _attack(w: _Words) -> str:
    target = w.get("target")
    at = "directly" if target in (None, "direct") else "on " + w.card("target")
    if w.get("retarget"):
        return f"{w.card()} attacks again after the replay, {at}"
    return f"{w.player()} declares an attack with {w.card()} {at}"


def _battle(w: _Words) -> str:
    if w.get("result") == "attack_stopped":
        return f"{w.card()}'s attack is stopped"
    if w.get("target") in (None, "direct"):
        return f"{w.card()} ({w.number('atk')} ATK) attacks directly"
    if w.get("target_def") is not None:
        theirs = f"{w.number('target_def')} DEF"
    else:
        theirs = f"{w.number('target_atk')} ATK"
    return f"{w.card()} ({w.number('atk')} ATK) battles {w.card('target')} ({theirs})"


def _counters(w: _Words, verb: str) -> str:
    what = str(w.get("what") or "")
    name = "Turn Counter" if what == "turn" else what or "counter"
    amount = w.get("amount")
    if amount == 0:
        return f"{w.card()} starts with no {name}s{w.cause()}"
    plural = "s" if amount != 1 else ""
    return f"{w.number('amount')} {name}{plural} {verb} {w.card()}{w.cause()}"


def _destroyed(w: _Words) -> str:
    by = ", by battle with " + w.card("by") if w.get("cause") == "battle" and w.get("by") else w.cause()
    goes = f" and goes to {w.zone('to')}" if w.get("to") else ""
    return f"{w.card()} is destroyed{w.was_face_down()}{goes}{by}"


def _attached(w: _Words) -> str:
    cause = str(w.get("cause") or "")
    if cause.startswith("Xyz Material for "):
        return f"{w.card()} becomes Xyz Material of {w.names(cause.removeprefix('Xyz Material for '))}"
    return f"{w.card()} becomes Xyz Material{w.origin()}{w.cause()}"


def _coin(w: _Words) -> str:
    result = w.get("result")
    if result in ("right", "wrong"):
        return f"the call on the coin toss for {w.card()} is {result}"
    return f"the coin toss for {w.card()} comes up {result}"


def _set(w: _Words) -> str:
    how = " (a Normal Set)" if w.get("cause") == "Normal Set" else w.cause()
    return f"{w.card()} is Set in {w.zone('to')}{how}"


def _drew(w: _Words) -> str:
    return f"{w.player()} draws {w.card()}{w.cause()}"


def _atk_changed(w: _Words) -> str:
    amount = w.get("amount")
    if isinstance(amount, int):
        return f"{w.card()}'s ATK changes by {amount:+,} to {w.number('atk')}{w.cause()}"
    return f"{w.card()}'s ATK becomes {w.number('atk')}{w.cause()}"


def _no_effect(w: _Words) -> str:
    text = f"{w.card()}{w.link()} resolves without effect"
    reason = str(w.get("reason") or "")
    in_text = getattr(w.names, "in_text", None)
    return f"{text}: {in_text(reason) if in_text else reason}" if reason else text


def _rule_changed(w: _Words) -> str:
    who = w.card() + " " if w.get("card") else w.player() + " " if w.get("player") else ""
    return f"{who}{w.get('what')}{w.cause()}"


def _duel_end(w: _Words) -> str:
    return f"the Duel ends: {w.player('winner')} wins" if w.get("winner") else "the Duel ends in a draw"


def _flipped(w: _Words) -> str:
    silent = " (its Flip effect does not activate)" if w.get("flip_effects") is False else ""
    return f"{w.card()} is flipped face-up{w.cause()}{silent}"


def _lasting(w: _Words) -> str:
    what = str(w.get("what"))
    said = in_words(what) if what in LASTING_EFFECTS else what.replace("_", " ")
    on = w.card("cards") if w.get("cards") else w.player()
    return f"until turn {w.get('until_turn')}, a lasting effect on {on}: {said}{w.cause()}"


def _cost_paid(w: _Words) -> str:
    upkeep = "maintenance " if w.get("what") == "maintenance" else ""
    return f"{w.player()} pays the {upkeep}cost of {w.card()}"


def _equipped(w: _Words) -> str:
    to = w.get("to")
    if isinstance(to, str) and to[:2] in ("A:", "B:"):
        return f"{w.card()} is equipped to {w.card('to')}{w.cause()}"
    return f"{w.card()} becomes an Equip Card{w.origin()}{w.cause()}"


def _negated(w: _Words) -> str:
    what = w.get("what")
    if what == "activation":
        link = f" (Chain Link {w.get('negated_link')})" if w.get("negated_link") else ""
        return f"the activation of {w.card()}{link} is negated{w.cause()}"
    if what == "attack":
        return f"{w.card()}'s attack is negated{w.cause()}"
    if what == "effects":
        return f"{w.card()}'s effects are negated{w.cause()}"
    return f"{w.card()}'s effect is negated{w.cause()}"


def _phase(w: _Words) -> str:
    phase = PHASE_NAMES.get(str(w.get("phase")), str(w.get("phase")))
    if w.get("window") and w.get("window") != "battle_step":
        return f"{w.player()}'s {phase}: {WINDOW_NAMES.get(str(w.get('window')), w.get('window'))}"
    if w.get("step"):
        return f"{w.player()}'s {phase}: {BATTLE_STEP_NAMES.get(str(w.get('step')), w.get('step'))}"
    return f"{w.player()}'s {phase} begins"


def _position(w: _Words) -> str:
    to = POSITION_WORDS.get(str(w.get("to")), str(w.get("to")))
    return f"{w.card()} is changed to {to}{w.cause()}"


def _summoned(w: _Words) -> str:
    cause = str(w.get("cause") or "")
    how = str(w.get("summon_type") or "")
    if w.get("gemini"):
        kind = "Gemini Summoned (Normal Summoned again)"
    elif how in ("tribute", "flip", "pendulum", "normal"):
        kind = how.capitalize() + " Summoned"
    elif cause.startswith("Normal Summon"):
        kind = "Normal Summoned"
    elif how:
        kind = how.capitalize() + " Summoned"
    else:
        kind = "Special Summoned"
    by = "" if cause in ("Normal Summon", "Flip Summon", "Pendulum Summon") else w.cause()
    if cause.startswith("Normal Summon (") and cause.endswith(")"):  # an extra one a card grants
        by = ", an extra Normal Summon granted by " + w.names(cause[len("Normal Summon (") : -1])
    text = f"{w.card()} is {kind}{w.origin()}{by}"
    if w.get("summoner") and w.get("summoner") != w.get("player"):
        text += f", to {w.player()}'s field"
    return text


def _lp(verb: str) -> Callable[[_Words], str]:
    return lambda w: f"{w.player()} {verb} {w.number('amount')} LP (LP {w.number('lp')}){w.cause()}"


def _moved(verb: str) -> Callable[[_Words], str]:
    """A card sent somewhere the verb names: said with where it came from."""
    return lambda w: f"{w.card()} {verb}{w.origin()}{w.was_face_down()}{w.cause()}"


def _banished(w: _Words) -> str:
    face = " face-down" if w.get("face_down") else ""
    return f"{w.card()} is banished{face}{w.origin()}{w.cause()}"


SHAPES: dict[str, Callable[[_Words], str]] = {
    "activated": _activated,
    "added_to_hand": lambda w: f"{w.card()} is added to {w.player()}'s hand{w.origin()}{w.cause()}",
    "atk_changed": _atk_changed,
    "attached": _attached,
    "attack_declared": _attack,
    "banished": _banished,
    "battle": _battle,
    "coin_toss": _coin,
    "control_changed": lambda w: f"{w.player()} takes control of {w.card()}{w.cause()}",
    "cost_paid": _cost_paid,
    "counters_placed": lambda w: _counters(w, "placed on"),
    "counters_removed": lambda w: _counters(w, "removed from"),
    "damage": lambda w: f"{w.player()} takes {w.number('amount')} damage (LP {w.number('lp')}){w.cause()}",
    "declared": lambda w: f"{w.card()} declares {w.get('what')}",
    "declined": lambda w: f"{w.player()} does not activate {w.card()}",
    "destroyed": _destroyed,
    "die_roll": lambda w: f"{w.player()} rolls a {w.get('result')} for {w.card()}",
    "discarded": lambda w: f"{w.player()} discards {w.card()}{w.cause()}",
    "drew": _drew,
    "duel_end": _duel_end,
    "equipped": _equipped,
    "excavated": lambda w: f"{w.player()} excavates {w.card('cards')}{w.cause()}",
    "flipped": _flipped,
    "lasting_effect": _lasting,
    "level_changed": lambda w: (
        f"{w.card()}'s Level changes by {w.get('amount')} to {w.get('level')}{w.cause()}"
    ),
    "lp_gained": _lp("gains"),
    "lp_halved": lambda w: f"{w.player()}'s LP are halved (LP {w.number('lp')}){w.cause()}",
    "lp_paid": _lp("pays"),
    "lp_set": lambda w: f"{w.player()}'s LP become {w.number('lp')}{w.cause()}",
    "missed_timing": lambda w: f"{w.card()}'s effect misses the timing",
    "negated": _negated,
    "no_effect": _no_effect,
    "passed": lambda w: f"{w.player()} passes",
    "phase": _phase,
    "phase_skipped": lambda w: (
        f"{w.player()}'s {PHASE_NAMES.get(str(w.get('phase')), w.get('phase'))} is skipped"
    ),
    "placed": lambda w: f"{w.card()} is placed in {w.zone('to')}{w.cause()}",
    "placed_on_bottom": lambda w: f"{w.card()} is placed on the bottom of the Deck{w.cause()}",
    "position_changed": _position,
    "replay": lambda w: f"a replay: {w.card()} may attack a monster again or stop",
    "resolved": lambda w: f"{w.card()}{w.link()} resolves",
    "restricted": lambda w: f"{w.player()} cannot {w.get('what')}{w.cause()}",
    "returned_to_deck": _moved("returns to the Deck"),
    "returned_to_gy": _moved("returns to the GY"),
    "returned_to_hand": _moved("returns to the hand"),
    "revealed": lambda w: f"{w.player()} reveals {w.card('cards')}{w.cause()}",
    "rule_changed": _rule_changed,
    "sent_to_gy": _moved("is sent to the GY"),
    "set": _set,
    "shuffled": lambda w: f"{w.player()} shuffles their Deck",
    "summon_negated": lambda w: f"the Summon of {w.card()} is negated{w.cause()}",
    "summoned": _summoned,
    "tributed": _moved("is Tributed"),
    "triggered": lambda w: f"{w.card()}'s effect is set off",
    "turn": lambda w: f"turn {w.get('turn')} begins: {w.player()}'s turn",
    "turn_skipped": lambda w: f"{w.player()}'s turn is skipped",
}
