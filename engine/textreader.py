"""Read Yu-Gi-Oh! card text written in the official card-text grammar (Problem-Solving Card Text).

The grammar puts an effect's parts in fixed places: what must be true to activate it before a
colon, what is done at activation (costs, targets) before a semicolon, and what happens on
resolution after both. "You can", "When"/"If"/"During", "(Quick Effect)", "FLIP:" and the
once-per-turn clauses fix the rest. This reader is deterministic and rules-based: it splits a
card's text into effects by its sentences and derives each property from those markers. Every
derived value names the rule that decided it (one table, `RULES`), each with a glossary entry,
so a judge can check the reading and override any value (`apply_overrides`).

    >>> classify("FLIP: Destroy 1 monster on the field.", kind="monster", subtype="flip")[0]["kind"]
    'flip'
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from typing import Any

# --- the vocabulary

KINDS = ("monster", "spell", "trap")
SUBTYPES: dict[str, tuple[str, ...]] = {
    "monster": (
        "normal",
        "effect",
        "flip",
        "fusion",
        "ritual",
        "synchro",
        "xyz",
        "link",
        "pendulum",
        "token",
        "toon",
        "spirit",
        "union",
        "gemini",
        "tuner",
    ),
    "spell": ("normal", "quick-play", "continuous", "equip", "field", "ritual"),
    "trap": ("normal", "continuous", "counter"),
}
ALL_SUBTYPES = tuple(dict.fromkeys(s for kind in KINDS for s in SUBTYPES[kind]))
EXTRA_DECK = frozenset({"fusion", "synchro", "xyz", "link"})
# Spells and Traps whose whole text is what their activation does (then they leave the field).
ONE_SHOT = frozenset({"normal", "quick-play", "ritual", "counter"})

EFFECT_KINDS = (
    "ignition",
    "trigger",
    "quick",
    "continuous",
    "flip",
    "activation",
    "maintenance",
    "summoning_condition",
)
ACTIVATED = frozenset({"ignition", "trigger", "quick", "flip", "activation"})
WORDINGS = ("when", "if", "during")
ONCE_PER_TURN = ("none", "soft", "hard", "card_activation")
CONJUNCTIONS = ("and_if_you_do", "then", "also", "and")
PARTS = ("pendulum", "monster", "card")

# Every key of an effect, in order; `reasons` has one entry for each derived one.
FIELDS = (
    "text",
    "kind",
    "spell_speed",
    "optional",
    "wording",
    "can_miss_timing",
    "targets",
    "cost",
    "condition",
    "once_per_turn",
    "quick_effect",
    "cannot_be_negated",
    "conjunctions",
    "part",
    "reasons",
)
DERIVED = FIELDS[1:-1]
MAX_TEXT = 5000  # the longest real card text is about a thousand characters

# --- the grammar rules: id -> (one plain sentence, glossary slug). The only table of rules.

RULES: dict[str, tuple[str, str]] = {
    # kind
    "summoning-condition": (
        "'Cannot be Normal Summoned/Set' or 'Must be ... Summoned' is a summoning condition: a rule "
        "for how this card may be Summoned, never activated.",
        "summoning-condition",
    ),
    "summoning-procedure": (
        "'You can Special Summon this card (from your hand)' with no colon or semicolon is a way to "
        "Summon it by the game's own procedure, so it is not activated and starts no chain.",
        "summoning-condition",
    ),
    "flip-marker": (
        "Text after 'FLIP:' is a Flip effect, a Trigger Effect that activates when this card is "
        "turned face-up.",
        "flip-effect",
    ),
    "quick-effect-tag": (
        "'(Quick Effect)' marks a Quick Effect, which can be activated in either player's turn, "
        "even in response to other cards.",
        "quick-effect",
    ),
    "hand-quick-effect": (
        "'(Quick Effect)' with this card leaving or being shown from the hand is a Quick Effect used "
        "from the hand, in either player's turn.",
        "quick-effect",
    ),
    "either-players-turn": (
        "'During either player's turn' is the older way of writing a Quick Effect.",
        "quick-effect",
    ),
    "trigger-event": (
        "The condition before the colon names an event, so this is a Trigger Effect that activates "
        "when that event happens.",
        "trigger-effect",
    ),
    "trigger-gy": (
        "The condition is this card reaching or leaving the GY, so this Trigger Effect activates "
        "there, off the field.",
        "trigger-effect",
    ),
    "trigger-hand": (
        "The condition names an event while this card is in the hand, so this Trigger Effect "
        "activates from the hand.",
        "trigger-effect",
    ),
    "trigger-phase": (
        "'During ... Phase:' names a moment of the turn, so this Trigger Effect activates when that "
        "phase comes.",
        "trigger-effect",
    ),
    "state-condition": (
        "The condition before the colon describes a situation, not an event, so nothing triggers "
        "it: it is used when its controller chooses, like an Ignition Effect.",
        "ignition-effect",
    ),
    "main-phase-ignition": (
        "'During your Main Phase:' without '(Quick Effect)' is an Ignition Effect, used in your own "
        "Main Phase when no chain is open.",
        "ignition-effect",
    ),
    "ignition": (
        "An activated monster effect with no trigger and no '(Quick Effect)' is an Ignition Effect, "
        "used in your own Main Phase.",
        "ignition-effect",
    ),
    "spell-effect-ignition": (
        "An activated effect of a Spell or Pendulum Effect with no trigger is used like an Ignition "
        "Effect: when its controller chooses, in their Main Phase.",
        "ignition-effect",
    ),
    "trap-effect-quick": (
        "An activated effect of a Trap with no trigger is Spell Speed 2 like a Quick Effect, usable "
        "in either player's turn.",
        "quick-effect",
    ),
    "continuous": (
        "A sentence with no colon, no semicolon and no 'You can' is a continuous effect: it simply "
        "applies and is never activated.",
        "continuous-effect",
    ),
    "maintenance-cost": (
        "Paying something in the Standby or End Phase 'or destroy this card' is a maintenance cost, "
        "paid to keep the card on the field; it is not activated.",
        "maintenance-cost",
    ),
    "spell-activation": (
        "The first effect of a Normal, Quick-Play or Ritual Spell is what the card does when it is "
        "activated.",
        "activation",
    ),
    "trap-activation": (
        "The first effect of a Normal or Counter Trap is what the card does when it is activated.",
        "activation",
    ),
    "activate-this-card": (
        "'Activate this card ...' or 'When this card is activated:' is part of the activation of the "
        "card itself.",
        "activation",
    ),
    # spell_speed
    "speed-not-activated": (
        "Only activated effects have a Spell Speed; this one is not activated.",
        "spell-speed",
    ),
    "speed-monster-effect": (
        "Ignition, Trigger and Flip effects of monsters are Spell Speed 1.",
        "spell-speed",
    ),
    "speed-quick-effect": ("Quick Effects are Spell Speed 2.", "spell-speed"),
    "speed-pendulum-effect": (
        "A Pendulum Effect works like a Spell's effect: Spell Speed 1 unless it says '(Quick Effect)'.",
        "pendulum-effect",
    ),
    "speed-spell-card": (
        "Normal, Equip, Field, Continuous and Ritual Spells are activated at Spell Speed 1.",
        "spell-speed",
    ),
    "speed-quick-play-spell": ("Quick-Play Spells are activated at Spell Speed 2.", "quick-play-spell"),
    "speed-trap-card": ("Normal and Continuous Traps are activated at Spell Speed 2.", "spell-speed"),
    "speed-counter-trap": (
        "Counter Traps are Spell Speed 3, so only another Counter Trap can answer them.",
        "counter-trap",
    ),
    "speed-spell-effect": (
        "An activated effect of a Spell is Spell Speed 1 unless it says '(Quick Effect)'.",
        "spell-speed",
    ),
    "speed-trap-effect": ("An activated effect of a Trap is Spell Speed 2.", "spell-speed"),
    # optional
    "you-can": (
        "'You can' makes the effect optional: its controller may choose not to use it.",
        "mandatory-and-optional",
    ),
    "no-you-can": (
        "Without 'You can' this effect is mandatory: it must be activated when its event happens.",
        "mandatory-and-optional",
    ),
    "chosen-activation": (
        "Nothing triggers this effect, so it is only ever used because its controller chooses to.",
        "mandatory-and-optional",
    ),
    "card-activation-choice": (
        "Activating a card is always its controller's choice; mandatory and optional describe the "
        "effects that trigger.",
        "mandatory-and-optional",
    ),
    "not-activated-optional": (
        "This effect is not activated, so it is neither optional nor mandatory: it simply applies.",
        "mandatory-and-optional",
    ),
    "maintenance-optional": (
        "A maintenance cost may be left unpaid, and then the card is destroyed.",
        "maintenance-cost",
    ),
    "maintenance-not-optional": (
        "'(this is not optional)' means the maintenance cost must be paid whenever it can be.",
        "maintenance-cost",
    ),
    # wording
    "wording-when": (
        "The condition starts with 'When': its event must be the last thing that happened.",
        "when-and-if",
    ),
    "wording-if": (
        "The condition starts with 'If': it is enough that its event happened.",
        "when-and-if",
    ),
    "wording-during": (
        "The condition starts with 'During': it names a phase or step of the turn.",
        "when-and-if",
    ),
    "wording-none": (
        "No condition starting with 'When', 'If' or 'During' decides when this effect is used.",
        "when-and-if",
    ),
    # can_miss_timing
    "when-optional-can-miss": (
        "An optional 'When ... : You can' trigger misses the timing if anything else happened after "
        "its event.",
        "missing-the-timing",
    ),
    "mandatory-never-misses": (
        "A mandatory trigger always activates, so it never misses the timing.",
        "missing-the-timing",
    ),
    "if-never-misses": (
        "An 'If ... : You can' trigger only needs its event to have happened, so it never misses the timing.",
        "missing-the-timing",
    ),
    "phase-never-misses": (
        "A trigger tied to a phase or step, not to an event, cannot miss the timing.",
        "missing-the-timing",
    ),
    "flip-never-misses": (
        "A Flip effect activates whenever the card was flipped face-up, so it does not miss the timing.",
        "missing-the-timing",
    ),
    "not-a-trigger": (
        "Only trigger effects can miss the timing; this is not one.",
        "missing-the-timing",
    ),
    # targets
    "target-before-semicolon": (
        "The word 'target' before the semicolon means the effect targets: the cards are chosen at "
        "activation and checked again at resolution.",
        "target",
    ),
    "no-target-word": (
        "It does not say 'target' before the semicolon, so it does not target, even if it picks cards "
        "when it resolves.",
        "target",
    ),
    "no-semicolon-no-target": (
        "There is no semicolon, so nothing is chosen at activation and the effect does not target.",
        "target",
    ),
    "not-activated-no-target": (
        "Only an activated effect can target; this one is not activated.",
        "target",
    ),
    # cost
    "cost-before-semicolon": (
        "What is done before the semicolon, other than choosing targets, is a cost: paid at "
        "activation and never refunded.",
        "cost",
    ),
    "only-targets-before-semicolon": (
        "Before the semicolon the effect only chooses (targets, a declared name), so it has no cost.",
        "cost",
    ),
    "activate-this-card-by": (
        "'Activate this card by ...' says what is done to activate the card: a cost, paid at activation.",
        "cost",
    ),
    "no-semicolon-no-cost": ("There is no semicolon, so there is no cost.", "cost"),
    "not-activated-no-cost": ("This effect is not activated, so it has no cost.", "cost"),
    # condition
    "condition-before-colon": (
        "The text before the colon is the activation condition: it must be true to activate and is "
        "not checked again at resolution.",
        "activation-condition",
    ),
    "no-condition": (
        "Nothing but a marker ('FLIP', 'Once per turn', '(Quick Effect)') or nothing at all stands "
        "before a colon, so there is no activation condition.",
        "activation-condition",
    ),
    # once_per_turn
    "opt-none": ("No once-per-turn clause limits this effect.", "once-per-turn"),
    "opt-soft": (
        "'Once per turn' limits each copy of the card on its own, and a copy that leaves the field and "
        "comes back may use it again.",
        "once-per-turn",
    ),
    "opt-hard-this": (
        "'You can only use this effect of ... once per turn' limits every copy with this name together.",
        "once-per-turn",
    ),
    "opt-hard-each": (
        "'You can only use each effect of ... once per turn' limits each of this card's effects, all "
        "copies together.",
        "once-per-turn",
    ),
    "opt-hard-one-effect": (
        "'You can only use 1 ... effect per turn' allows one of this card's effects per turn, all "
        "copies together.",
        "once-per-turn",
    ),
    "opt-hard-nth": (
        "A clause naming this effect by its place on the card limits it once per turn for every copy "
        "with this name.",
        "once-per-turn",
    ),
    "opt-hard-procedure": (
        "'You can only Special Summon ... once per turn this way' limits this way of Summoning for all "
        "copies together.",
        "once-per-turn",
    ),
    "opt-card-activation": (
        "'You can only activate 1 ... per turn' limits activating the card itself, for all copies together.",
        "once-per-turn",
    ),
    # quick_effect, cannot_be_negated, conjunctions, part
    "no-quick-effect-tag": ("The text does not say '(Quick Effect)'.", "quick-effect"),
    "cannot-be-negated": (
        "The text says this cannot be negated, so cards that negate have no hold on it.",
        "negate",
    ),
    "can-be-negated": (
        "Nothing says this cannot be negated, so cards that negate can stop it.",
        "negate",
    ),
    "conj-and-if-you-do": (
        "'and if you do' makes the later part depend on the earlier one: if the first does not happen, "
        "neither does the second.",
        "problem-solving-card-text",
    ),
    "conj-then": (
        "'then' does the parts one after the other, the second only after the first is done.",
        "problem-solving-card-text",
    ),
    "conj-also": (
        "'also' does both parts, neither depending on the other.",
        "problem-solving-card-text",
    ),
    "conj-and": (
        "'and' between actions does them at the same time, so neither waits for the other.",
        "problem-solving-card-text",
    ),
    "conj-none": (
        "No 'then', 'also' or 'and if you do' joins parts of this effect.",
        "problem-solving-card-text",
    ),
    "part-pendulum": (
        "This text is in the Pendulum Effect box, so it works while the card is in a Pendulum Zone.",
        "pendulum-effect",
    ),
    "part-monster": ("This text is a monster effect of the card.", "problem-solving-card-text"),
    "part-card": ("This text is the effect of a Spell or Trap Card.", "problem-solving-card-text"),
    "judge-override": (
        "A judge set this value by hand, replacing what the reader derived from the text.",
        "problem-solving-card-text",
    ),
}

# --- the grammar's markers (checked on masked text: quoted names and parentheses blanked out)

_QUOTED = re.compile(r'"[^"\n]*"')
_PAREN = re.compile(r"\([^()\n]*\)")
_SENTENCE_END = re.compile(r"\.(?=\s|$)")
_QUICK_TAG = re.compile(r"\(quick effect\)", re.I)
_EITHER_TURN = re.compile(r"\beither player's turn\b", re.I)
_OPT_PREFIX = re.compile(r"^\s*once per turn\b\s*,?\s*", re.I)
_YOU_CAN = re.compile(r"\s*(?:once per turn,\s*)?you can\b(?! only)", re.I)
_TARGET = re.compile(r"\btarget(?:s|ing)?\b", re.I)
# What is chosen, not paid, before a semicolon: targets, a declared name, a choice.
_CHOICE_CLAUSE = re.compile(
    r"(?:^|,?\s*(?:,|\bthen\b|\band\b)\s*)\b(?:target(?:s|ing)?|declar(?:e|ing)|choos(?:e|ing))\b.*$",
    re.I | re.S,
)
_ACTIVATE_BY = re.compile(r"^activate this card by\s+([^.;]*)", re.I)
_COST_LEAD = re.compile(r"^\s*(?:you can\s+|activate this card by\s+)", re.I)
_NOT_NEGATED = re.compile(r"\bcannot be negated\b", re.I)
_NOT_OPTIONAL = re.compile(r"\(this is not optional\)", re.I)
_MAINTENANCE = re.compile(
    r"\b((?:pay|send|discard|tribute|banish|remove|detach)\b[^.:;]*?),?\s+or "
    r"(?:destroy this card|this card is destroyed)\b",
    re.I,
)
_MAINTENANCE_PHASE = re.compile(r"\b(?:standby|end) phase\b", re.I)
_SUMMON_CONDITION = re.compile(
    r"^(?:(?:this card )?(?:cannot be (?:normal summoned|special summoned|set)"
    r"|must (?:first )?be (?:special |fusion |synchro |xyz |link |ritual |pendulum )?summoned)"
    r"|requires \d+ tributes to normal summon"
    r"|this card's (?:normal |special |tribute )?summon cannot be negated)",
    re.I,
)
_PROCEDURE = re.compile(
    r"\byou can (?:special |normal |tribute |ritual |pendulum )?summon this card\b|\(from your hand\)", re.I
)
_ACTIVATE_THIS = re.compile(r"^(?:activate this card\b|(?:when|if) this card is activated\b)", re.I)
_MAIN_PHASE = re.compile(r"^during your main phase$", re.I)
_PHASE_TRIGGER = re.compile(r"\b(?:phase|step|damage calculation)\b", re.I)
# An event, as opposed to a situation ("is in your GY", "you control"): something happens to a card
# ("is sent", "is Normal or Special Summoned") or someone does something ("declares", "takes").
_EVENT = re.compile(
    r"\b(?:is|are|was|were|gets?|would be|has been)\s+(?:[\w-]+\s+){0,3}?(?:summoned|sent|destroyed|banished|"
    r"added|discarded|returned|flipped|targeted|tributed|detached|attacked|activated|set|shuffled|revealed|"
    r"excavated|negated|equipped|removed|placed|changed|used|drawn|reduced)\b"
    r"|\b(?:declares?|activates?|summons|attacks|battles|inflicts?|takes?|leaves|left|draws|destroys|sends|"
    r"discards|tributes|banishes|resolves|would)\b",
    re.I,
)
_GY_EVENT = re.compile(r"\bthis card is (?:sent|banished|discarded|destroyed)[^:]*\b(?:GY|graveyard)\b", re.I)
_HAND_EVENT = re.compile(r"\b(?:in|from) your hand\b", re.I)
_HAND_COST = re.compile(r"\b(?:discard|reveal|send|banish) this card\b", re.I)
# Once-per-turn clauses (sentences of their own), matched on masked text: names are "xxx".
_OPT_CLAUSES = (
    ("opt-card-activation", re.compile(r'^You can only activate 1 "x*" per turn')),
    ("opt-hard-each", re.compile(r'^You can only use each effect of "x*" once per (?:turn|Duel)')),
    ("opt-hard-one-effect", re.compile(r'^You can only use 1 "x*" effect per turn')),
    (
        "opt-hard-nth",
        re.compile(
            r'^You can only use the (1st|2nd|3rd|4th|first|second|third|fourth) effect of "x*" once per'
        ),
    ),
    ("opt-hard-this", re.compile(r'^You can only use this effect of "x*" once per (?:turn|Duel)')),
    (
        "opt-hard-procedure",
        re.compile(r'^You can only (?:Special |Normal |Tribute )?Summon "x*" once per (?:turn|Duel)'),
    ),
)
_ONCE_PER_TURN = re.compile(r"\bonce per turn\b", re.I)
_NTH = {"1st": 0, "first": 0, "2nd": 1, "second": 1, "3rd": 2, "third": 2, "4th": 3, "fourth": 3}
_CONTINUATION = re.compile(
    r"^(?:[●•(]|Then\b|Also\b|If you do\b|If (?:it|they) do(?:es)?\b|Otherwise\b|After that\b|"
    r"(?:It|Its|They|Their|Those|That|These)\b|The (?:Special Summoned|Summoned|equipped|returned|"
    r"banished|added|revealed|excavated|destroyed|targeted)\b|"
    r"(?:Destroy|Banish|Return|Shuffle) (?:it|them)\b|"
    r"For the rest of (?:this|the) turn\b|Until the end of\b|During the End Phase of this turn\b|"
    r"You can only activate this effect\b|\(This is a Quick Effect)"
)
_RESTRICTION = re.compile(
    r"\bthe turn you activate this\b|\bfor the rest of this turn\b"
    r"|\bin response to this (?:card|effect)'s activation",
    re.I,
)
_NEGATION_CLAUSE = re.compile(
    r"^(?:This effect|This card's (?:activation|effects?)|The activation of this card|Its activation)"
    r"[^.]*cannot be negated"
)
_CONJUNCTION = re.compile(
    r"(?P<and_if_you_do>\band if (?:you|it|they) do(?:es)?\b|(?:^|[.;]\s*)if you do\b)"
    r"|(?P<then>(?:^|[.,;:]\s*)then\b)"
    r"|(?P<also>(?:^|[.,;:]\s*)also\b)"
    r"|(?P<and>,\s*and\s+(?!if\b)(?:destroy|inflict|draw|add|send|banish|special summon|return|gain|take|"
    r"negate|shuffle|change|equip|discard|set|place|attach|look|reveal|excavate|halve|double|switch|you\b|"
    r"your opponent|it\b|they\b|this card\b))",
    re.I,
)
_MATERIAL_PREFIX = re.compile(r'^([^.:;]*?(?:\b[Mm]onsters?|\bTuners?|"x*"))\s+(?=[A-Z(])')
_PENDULUM_MARK = re.compile(r"\[\s*Pendulum Effect\s*\]", re.I)
_MONSTER_MARK = re.compile(r"\[\s*(?:Monster Effect|Flavou?r Text)\s*\]", re.I)
_SPACES = re.compile(r"[ \t\u00a0]+")
_QUOTES = str.maketrans({"\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'", "\u00a0": " "})


class ReaderError(ValueError):
    """Input the reader cannot read; `field` names the offending field, as the API's error path."""

    def __init__(self, field: str, message: str):
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}")


@dataclass
class Reading:
    """A whole card read: its effects, and the text that is not an effect (materials, limits)."""

    effects: list[dict[str, Any]]
    not_effects: list[dict[str, str]] = field(default_factory=list)


@dataclass
class _Ctx:
    """What an effect's classification needs to know about its card."""

    part: str
    kind: str
    subtypes: frozenset[str]
    first: bool


# --- text handling


def _fill(match: re.Match[str]) -> str:
    s = match.group()
    return s[0] + "x" * (len(s) - 2) + s[-1]


def _mask(text: str) -> str:
    """The text with quoted names and parenthesised asides blanked, same length, for marker search."""
    if '"' in text:
        text = _QUOTED.sub(_fill, text)
    if "(" in text:
        text = _PAREN.sub(_fill, text)
    return text


def _normalize(text: str) -> str:
    text = text.translate(_QUOTES).replace("\r\n", "\n").replace("\r", "\n")
    return "\n".join(_SPACES.sub(" ", line).strip() for line in text.split("\n")).strip()


def _logical_lines(text: str) -> list[str]:
    """Lines, with a line that was only wrapped (no end punctuation, next starts lower-case) rejoined."""
    lines: list[str] = []
    for line in text.split("\n"):
        if not line:
            continue
        if lines and not lines[-1].endswith((".", ")", ":")) and line[0].islower():
            lines[-1] += " " + line
        else:
            lines.append(line)
    return lines


def _sentences(line: str) -> list[str]:
    masked = _mask(line)
    out: list[str] = []
    start = 0
    for match in _SENTENCE_END.finditer(masked):
        out.append(line[start : match.end()].strip())
        start = match.end()
    if line[start:].strip():
        out.append(line[start:].strip())
    split: list[str] = []
    for sentence in out:  # "(An aside.) Next sentence." -> two sentences
        close = _mask(sentence).find(")") if sentence.startswith("(") else -1
        rest = sentence[close + 1 :].lstrip() if close > 0 else ""
        if rest and rest[0].isupper():
            split += [sentence[: close + 1], rest]
        else:
            split.append(sentence)
    return [s for s in split if s]


def _split_material(text: str, subtypes: frozenset[str]) -> tuple[str | None, str]:
    """An Extra Deck monster's material line (not an effect) and the rest of its text."""
    if not subtypes & EXTRA_DECK:
        return None, text
    first, _, rest = text.partition("\n")
    masked = _mask(first)
    if not any(c in masked for c in ".:;"):
        return first, rest
    if match := _MATERIAL_PREFIX.match(masked):
        end = match.end(1)
        return first[:end].strip(), (first[end:].strip() + "\n" + rest).strip()
    return None, text


# --- splitting a part of the card into effects


def _opt_clause(masked: str) -> tuple[str, int | None] | None:
    """A once-per-turn clause sentence's rule (and effect number), or None if it is not one.

    "once per Duel" is a clause too (it is not an effect), but sets no once-per-turn value.
    """
    for rule, pattern in _OPT_CLAUSES:
        if match := pattern.match(masked):
            if "per Duel" in masked:
                return "per-duel", None
            return rule, _NTH[match.group(1)] if pattern.groups else None
    return None


def _starts_effect(sentence: str, masked: str, group: list[str], absorb: bool) -> bool:
    """Whether a sentence begins a new effect rather than continuing the one before it."""
    if not group:
        return True
    if _CONTINUATION.match(sentence) or _NEGATION_CLAUSE.match(masked):
        return False
    plain = ":" not in masked and ";" not in masked
    if plain and (absorb or _RESTRICTION.search(masked)):
        return False
    return not (_SUMMON_CONDITION.match(masked) and _SUMMON_CONDITION.match(_mask(group[0])))


def _group(
    sentences: list[tuple[str, bool]], absorb_first: bool
) -> tuple[list[tuple[str, str | None]], list[tuple[str, str, int | None]]]:
    """Sentences (text, starts a line) grouped into effects, as (text, its own once-per-turn rule),
    and the card-wide clauses, as (text, rule, nth effect)."""
    groups: list[list[str]] = []
    own_opt: list[str | None] = []
    card_clauses: list[tuple[str, str, int | None]] = []
    for text, new_line in sentences:
        sentence = ("\n" if new_line else " ") + text
        masked = _mask(text)
        found = _opt_clause(masked)
        clause, nth = found or (None, None)
        if clause in ("opt-card-activation", "opt-hard-each", "opt-hard-one-effect", "opt-hard-nth"):
            card_clauses.append((text, clause, nth))
            continue
        if clause is not None:
            if groups:
                groups[-1].append(sentence)
                own_opt[-1] = None if clause == "per-duel" else clause
            else:
                card_clauses.append((text, clause, None))
            continue
        absorb = absorb_first and len(groups) == 1
        if _starts_effect(text, masked, groups[-1] if groups else [], absorb):
            groups.append([text])
            own_opt.append(None)
        else:
            groups[-1].append(sentence)
    return [("".join(g), opt) for g, opt in zip(groups, own_opt, strict=True)], card_clauses


# --- classifying one effect


def _reason(rule: str) -> dict[str, str]:
    explanation, slug = RULES[rule]
    return {"rule": rule, "explanation": explanation, "glossary": slug}


@dataclass
class _Structure:
    """Where an effect's colon and semicolon are, and what stands before and after them."""

    colon: int
    semi: int
    head: str  # before the colon, with markers removed
    flip: bool
    act: str | None  # between the colon (or the start) and the semicolon
    first_end: int


def _structure(text: str, masked: str) -> _Structure:
    end = _SENTENCE_END.search(masked)
    first_end = end.end() if end else len(masked)
    colon = masked.find(":", 0, first_end)
    semi = masked.find(";", colon + 1, first_end)
    head = _QUICK_TAG.sub("", text[:colon]) if colon >= 0 else ""
    head = _OPT_PREFIX.sub("", head).strip().rstrip(",").strip()
    flip = head.upper() == "FLIP"
    act = text[colon + 1 : semi] if semi >= 0 else None
    return _Structure(colon, semi, "" if flip else head, flip, act, first_end)


def _wording(lead: str) -> str | None:
    word = lead.split(" ", 1)[0].lower().rstrip(",")
    return word if word in WORDINGS else None


def _effect_kind(text: str, masked: str, st: _Structure, ctx: _Ctx) -> tuple[str, str]:
    """The effect's kind and the rule that decided it."""
    plain = st.colon < 0 and st.semi < 0
    quick_tag = bool(_QUICK_TAG.search(text, 0, st.first_end))
    body = masked[st.colon + 1 :] if st.colon >= 0 else masked
    you_can = bool(_YOU_CAN.match(body))
    if ctx.part == "card" and _ACTIVATE_THIS.match(masked):
        return "activation", "activate-this-card"
    if ctx.part == "card" and ctx.first and ctx.subtypes & ONE_SHOT:
        return "activation", "spell-activation" if ctx.kind == "spell" else "trap-activation"
    if ctx.part == "monster" and plain and _SUMMON_CONDITION.match(masked):
        return "summoning_condition", "summoning-condition"
    if ctx.part == "monster" and plain and _PROCEDURE.search(text):
        return "summoning_condition", "summoning-procedure"
    if st.flip and ctx.part == "monster":
        return "flip", "flip-marker"
    if _MAINTENANCE_PHASE.search(masked) and _MAINTENANCE.search(masked):
        return "maintenance", "maintenance-cost"
    if quick_tag:
        hand = _HAND_COST.search(st.act or "") or _HAND_EVENT.search(st.head)
        return "quick", "hand-quick-effect" if hand else "quick-effect-tag"
    if _EITHER_TURN.search(st.head):
        return "quick", "either-players-turn"
    if st.head:
        wording = _wording(st.head)
        if _MAIN_PHASE.match(st.head):
            return _chosen(ctx, "main-phase-ignition")
        if wording == "during":
            if _PHASE_TRIGGER.search(st.head):
                return "trigger", "trigger-phase"
            return _chosen(ctx, "state-condition")
        if wording == "when" or _EVENT.search(_mask(st.head)):
            if _GY_EVENT.search(st.head):
                return "trigger", "trigger-gy"
            if _HAND_EVENT.search(st.head):
                return "trigger", "trigger-hand"
            return "trigger", "trigger-event"
        return _chosen(ctx, "state-condition")
    if not plain or you_can:
        return _chosen(ctx, "ignition")
    return "continuous", "continuous"


def _chosen(ctx: _Ctx, rule: str) -> tuple[str, str]:
    """An activated effect that nothing triggers: Ignition on monsters, by card type otherwise."""
    if ctx.part == "card" and ctx.kind == "trap":
        return "quick", "trap-effect-quick"
    if ctx.part != "monster" and rule == "ignition":
        return "ignition", "spell-effect-ignition"
    return "ignition", rule


def _spell_speed(kind: str, ctx: _Ctx, quick_tag: bool) -> tuple[int | None, str]:
    if kind not in ACTIVATED:
        return None, "speed-not-activated"
    if kind == "activation":
        if ctx.kind == "spell":
            return (2, "speed-quick-play-spell") if "quick-play" in ctx.subtypes else (1, "speed-spell-card")
        return (3, "speed-counter-trap") if "counter" in ctx.subtypes else (2, "speed-trap-card")
    if ctx.part == "card":
        if ctx.kind == "trap":
            return 2, "speed-trap-effect"
        return (2, "speed-quick-effect") if quick_tag else (1, "speed-spell-effect")
    if kind == "quick":
        return 2, "speed-quick-effect"
    return 1, "speed-pendulum-effect" if ctx.part == "pendulum" else "speed-monster-effect"


def _cost(act: str) -> str | None:
    """What is paid before the semicolon: the text without 'You can' and without what is chosen."""
    cost = _CHOICE_CLAUSE.sub("", _COST_LEAD.sub("", act.strip())).strip().rstrip(",").strip()
    return cost[0].upper() + cost[1:] if cost else None


def _conjunctions(text: str) -> list[str]:
    found: list[str] = []
    for match in _CONJUNCTION.finditer(text):
        name = match.lastgroup
        if name and name not in found:
            found.append(name)
    return found


def _classify_effect(text: str, ctx: _Ctx) -> dict[str, Any]:
    masked = _mask(text)
    st = _structure(text, masked)
    kind, kind_rule = _effect_kind(text, masked, st, ctx)
    quick_tag = bool(_QUICK_TAG.search(text, 0, st.first_end))
    activated = kind in ACTIVATED
    reasons = {"kind": _reason(kind_rule)}

    speed, rule = _spell_speed(kind, ctx, quick_tag)
    reasons["spell_speed"] = _reason(rule)

    body = masked[st.colon + 1 :] if st.colon >= 0 else masked
    you_can = bool(_YOU_CAN.match(body))
    optional: bool | None
    if kind == "maintenance":
        optional = not _NOT_OPTIONAL.search(text)
        rule = "maintenance-optional" if optional else "maintenance-not-optional"
    elif kind == "activation":
        optional, rule = (True, "you-can") if you_can else (None, "card-activation-choice")
    elif kind in ("trigger", "flip"):
        optional, rule = (True, "you-can") if you_can else (False, "no-you-can")
    elif kind in ("ignition", "quick"):
        optional, rule = True, "you-can" if you_can else "chosen-activation"
    else:
        optional, rule = None, "not-activated-optional"
    reasons["optional"] = _reason(rule)

    lead = st.head or (_OPT_PREFIX.sub("", text) if kind == "maintenance" else "")
    wording = _wording(lead) if kind != "continuous" and kind != "summoning_condition" else None
    reasons["wording"] = _reason(f"wording-{wording}" if wording else "wording-none")

    if kind == "trigger":
        if not optional:
            miss, rule = False, "mandatory-never-misses"
        elif wording == "when":
            miss, rule = True, "when-optional-can-miss"
        elif wording == "if":
            miss, rule = False, "if-never-misses"
        else:
            miss, rule = False, "phase-never-misses"
    elif kind == "flip":
        miss, rule = False, "flip-never-misses"
    else:
        miss, rule = False, "not-a-trigger"
    reasons["can_miss_timing"] = _reason(rule)

    cost: str | None = None
    if not activated:
        targets, rule = False, "not-activated-no-target"
    elif st.act is None:
        targets, rule = False, "no-semicolon-no-target"
    elif _TARGET.search(_mask(st.act)):
        targets, rule = True, "target-before-semicolon"
    else:
        targets, rule = False, "no-target-word"
    reasons["targets"] = _reason(rule)

    if kind == "maintenance":
        match = _MAINTENANCE.search(masked)
        assert match is not None  # the kind was decided by this very pattern
        cost = re.sub(r"^you must\s+|\s*\([^)]*\)$", "", text[match.start(1) : match.end(1)].strip())
        cost, rule = cost[0].upper() + cost[1:], "maintenance-cost"
    elif not activated:
        rule = "not-activated-no-cost"
    elif st.act is None and kind == "activation" and (by := _ACTIVATE_BY.match(text)):
        cost, rule = _cost(by.group(1)), "activate-this-card-by"
        rule = rule if cost else "only-targets-before-semicolon"
    elif st.act is None:
        rule = "no-semicolon-no-cost"
    else:
        cost = _cost(st.act)
        rule = "cost-before-semicolon" if cost else "only-targets-before-semicolon"
    reasons["cost"] = _reason(rule)

    condition = st.head or None
    reasons["condition"] = _reason("condition-before-colon" if condition else "no-condition")

    once, rule = ("soft", "opt-soft") if _ONCE_PER_TURN.search(masked) else ("none", "opt-none")
    reasons["once_per_turn"] = _reason(rule)
    reasons["quick_effect"] = _reason("quick-effect-tag" if quick_tag else "no-quick-effect-tag")
    negated = bool(_NOT_NEGATED.search(masked))
    reasons["cannot_be_negated"] = _reason("cannot-be-negated" if negated else "can-be-negated")
    start = st.semi + 1 if st.semi >= 0 else st.colon + 1
    conjunctions = _conjunctions(masked[start:])
    first_conjunction = conjunctions[0].replace("_", "-") if conjunctions else "none"
    reasons["conjunctions"] = _reason(f"conj-{first_conjunction}")
    reasons["part"] = _reason(f"part-{ctx.part}")
    return {
        "text": text,
        "kind": kind,
        "spell_speed": speed,
        "optional": optional,
        "wording": wording,
        "can_miss_timing": miss,
        "targets": targets,
        "cost": cost,
        "condition": condition,
        "once_per_turn": once,
        "quick_effect": quick_tag,
        "cannot_be_negated": negated,
        "conjunctions": conjunctions,
        "part": ctx.part,
        "reasons": reasons,
    }


def _set_opt(effect: dict[str, Any], value: str, rule: str) -> None:
    effect["once_per_turn"] = value
    effect["reasons"]["once_per_turn"] = _reason(rule)


def _read_part(
    text: str, part: str, kind: str, subtypes: frozenset[str], not_effects: list[dict[str, str]]
) -> list[dict[str, Any]]:
    """The effects of one text box (Pendulum Effect, monster text, or a Spell/Trap's text)."""
    sentences = [
        (sentence, n == 0) for line in _logical_lines(text) for n, sentence in enumerate(_sentences(line))
    ]
    absorb = part == "card" and bool(subtypes & ONE_SHOT)
    groups, card_clauses = _group(sentences, absorb)
    effects: list[dict[str, Any]] = []
    for index, (effect_text, own_opt) in enumerate(groups):
        effect = _classify_effect(effect_text, _Ctx(part, kind, subtypes, index == 0))
        if own_opt:
            _set_opt(effect, "hard", own_opt)
        effects.append(effect)
    for clause_text, rule, nth in card_clauses:
        not_effects.append({"text": clause_text, "what": "once-per-turn clause for the card"})
        numbered = [e for e in effects if e["kind"] != "summoning_condition"]
        if rule == "opt-card-activation":
            for effect in effects:
                if effect["kind"] == "activation":
                    _set_opt(effect, "card_activation", rule)
        elif rule == "opt-hard-nth":
            if nth is not None and nth < len(numbered):
                _set_opt(numbered[nth], "hard", rule)
        else:
            for effect in numbered:
                if effect["kind"] in ACTIVATED and effect["once_per_turn"] != "card_activation":
                    _set_opt(effect, "hard", rule)
    return effects


# --- the public functions


def _validate(
    text: Any, kind: Any, subtype: Any, pendulum_text: Any
) -> tuple[str, str, frozenset[str], str | None]:
    if not isinstance(kind, str) or kind.strip().lower() not in KINDS:
        raise ReaderError("kind", f"expected monster, spell or trap; got {kind!r}")
    kind = kind.strip().lower()
    if isinstance(subtype, str):
        names = [s for s in re.split(r"[\s,/]+", subtype.strip().lower()) if s]
    elif isinstance(subtype, list | tuple) and all(isinstance(s, str) for s in subtype):
        names = [s.strip().lower() for s in subtype if s.strip()]
    else:
        raise ReaderError("subtype", f"expected a subtype name or a list of them; got {subtype!r}")
    allowed = SUBTYPES[kind]
    if not names:
        raise ReaderError("subtype", f"give the {kind}'s subtype: one of {', '.join(allowed)}")
    for name in names:
        if name not in allowed:
            known = "" if name in ALL_SUBTYPES else "unknown subtype; "
            raise ReaderError(
                "subtype", f"{known}a {kind}'s subtype is one of {', '.join(allowed)}; got {name!r}"
            )
    if kind != "monster" and len(set(names)) > 1:
        raise ReaderError("subtype", f"a {kind} has exactly one subtype; got {', '.join(names)}")
    if kind == "monster" and {"normal", "effect"} <= set(names):
        raise ReaderError("subtype", "a monster is either normal or effect, not both")
    if not isinstance(text, str):
        raise ReaderError("text", f"expected the card's text as a string; got {type(text).__name__}")
    if not text.strip():
        raise ReaderError("text", "empty; paste the card's text")
    if len(text) > MAX_TEXT:
        raise ReaderError("text", f"too long: {len(text)} characters, at most {MAX_TEXT}")
    if pendulum_text is not None and not isinstance(pendulum_text, str):
        raise ReaderError("pendulum_text", f"expected a string or null; got {type(pendulum_text).__name__}")
    if pendulum_text is not None and not pendulum_text.strip():
        pendulum_text = None
    if pendulum_text is not None:
        if "pendulum" not in names:
            raise ReaderError(
                "pendulum_text", "only Pendulum monsters have Pendulum Effects: add 'pendulum' to subtype"
            )
        if len(pendulum_text) > MAX_TEXT:
            raise ReaderError(
                "pendulum_text", f"too long: {len(pendulum_text)} characters, at most {MAX_TEXT}"
            )
    return text, kind, frozenset(names), pendulum_text


def read(text: str, *, kind: str, subtype: str | list[str], pendulum_text: str | None = None) -> Reading:
    """The whole card read: effects in card order, plus what is not an effect (materials, clauses).

    Raises ReaderError (a ValueError naming the field) for input it cannot read.
    """
    text, kind, subtypes, pendulum_text = _validate(text, kind, subtype, pendulum_text)
    text = _normalize(text)
    if pendulum_text is None and "pendulum" in subtypes and (mark := _PENDULUM_MARK.search(text)):
        monster_mark = _MONSTER_MARK.search(text, mark.end())
        pendulum_text = text[mark.end() : monster_mark.start() if monster_mark else len(text)]
        text = text[monster_mark.end() :] if monster_mark else ""
    not_effects: list[dict[str, str]] = []
    effects: list[dict[str, Any]] = []
    if pendulum_text is not None:
        effects += _read_part(_normalize(pendulum_text), "pendulum", kind, subtypes, not_effects)
    text = text.strip()
    if kind == "monster" and subtypes & {"normal", "token"}:
        if text:
            not_effects.append({"text": text, "what": "flavour text, not an effect"})
        return Reading(effects, not_effects)
    part = "monster" if kind == "monster" else "card"
    material, text = _split_material(text, subtypes) if kind == "monster" else (None, text)
    if material:
        not_effects.insert(0, {"text": material, "what": "material line, not an effect"})
    effects += _read_part(text, part, kind, subtypes, not_effects)
    return Reading(effects, not_effects)


def classify(
    text: str, *, kind: str, subtype: str | list[str], pendulum_text: str | None = None
) -> list[dict[str, Any]]:
    """The card's effects in the order they appear (Pendulum Effects first), each with its reasons.

    Raises ValueError (ReaderError, naming the field) for an unknown kind/subtype or empty text.
    """
    return read(text, kind=kind, subtype=subtype, pendulum_text=pendulum_text).effects


# What sets off a trigger, from its activation condition (engine.vocabulary.EVENTS), most
# specific wording first. A condition about another card's event reads as none: the engine
# then takes the judge's word that the trigger was set off.
_TRIGGER_EVENTS = tuple((re.compile(p, re.IGNORECASE), event) for p, event in (
    (r"\bthis card is (?:normal or special|normal/special) summoned\b", "normal_or_special_summoned"),
    (r"\bthis card is (?:normal, flip,? or special |flip, normal,? or special )?summoned\b", "summoned"),
    (r"\bthis card is destroyed by battle\b", "destroyed_by_battle"),
    (r"\bthis card is destroyed\b", "destroyed"),
    (r"\bthis card is sent from the field to the (?:gy|graveyard)\b", "sent_to_gy_from_field"),
    (r"\bthis card is sent to the (?:gy|graveyard)\b", "sent_to_gy"),
    (r"\bthis (?:face-up )?card leaves the field\b", "leaves_field"),
    (r"\bthis card inflicts battle damage to your opponent\b", "battle_damage_to_opponent"),
))  # fmt: skip


def trigger_event(condition: str) -> str | None:
    """The event a trigger's activation condition names for the card itself, or None."""
    for pattern, event in _TRIGGER_EVENTS:
        if pattern.search(condition):
            return event
    return None


def text_parts(effect: dict[str, Any]) -> list[dict[str, str]]:
    """An effect's text cut where the grammar cuts it, labelled: condition, cost/target, effect.

    For display; the parts joined give back the text. A bare marker before the colon ('FLIP:',
    'Once per turn:') is labelled "marker", a semicolon part without a cost "target".
    """
    text = effect["text"]
    st = _structure(text, _mask(text))
    parts: list[dict[str, str]] = []
    if st.colon >= 0:
        label = "condition" if effect.get("condition") else "marker"
        parts.append({"label": label, "text": text[: st.colon + 1]})
    if st.semi >= 0:
        label = "cost" if effect.get("cost") else "target"
        parts.append({"label": label, "text": text[st.colon + 1 : st.semi + 1]})
    parts.append({"label": "effect", "text": text[max(st.colon, st.semi) + 1 :]})
    return [p for p in parts if p["text"].strip()]


_OVERRIDE_CHECKS: dict[str, tuple[str, Any]] = {
    "kind": (f"one of {', '.join(EFFECT_KINDS)}", lambda v: v in EFFECT_KINDS),
    "spell_speed": ("1, 2, 3 or null", lambda v: v is None or (type(v) is int and v in (1, 2, 3))),
    "optional": ("true, false or null", lambda v: v is None or isinstance(v, bool)),
    "wording": ("when, if, during or null", lambda v: v is None or v in WORDINGS),
    "can_miss_timing": ("true or false", lambda v: isinstance(v, bool)),
    "targets": ("true or false", lambda v: isinstance(v, bool)),
    "cost": ("a text or null", lambda v: v is None or (isinstance(v, str) and v.strip() != "")),
    "condition": ("a text or null", lambda v: v is None or (isinstance(v, str) and v.strip() != "")),
    "once_per_turn": (f"one of {', '.join(ONCE_PER_TURN)}", lambda v: v in ONCE_PER_TURN),
    "quick_effect": ("true or false", lambda v: isinstance(v, bool)),
    "cannot_be_negated": ("true or false", lambda v: isinstance(v, bool)),
    "conjunctions": (
        f"a list of {', '.join(CONJUNCTIONS)}",
        lambda v: isinstance(v, list) and all(isinstance(c, str) and c in CONJUNCTIONS for c in v),
    ),
    "part": (f"one of {', '.join(PARTS)}", lambda v: v in PARTS),
}


def apply_overrides(
    effects: list[dict[str, Any]], overrides: dict[tuple[int, str], object]
) -> list[dict[str, Any]]:
    """The effects with a judge's corrections: (effect index, field) -> value; the input is not changed.

    Each overridden field's reason becomes the `judge-override` rule. Raises ReaderError (a
    ValueError) naming `effects[i].field` for an unknown index, field or a value the field cannot hold.
    """
    out = copy.deepcopy(effects)
    for key, value in overrides.items():
        if not (isinstance(key, tuple) and len(key) == 2):
            raise ReaderError("overrides", f"expected keys (effect index, field); got {key!r}")
        index, name = key
        if type(index) is not int or not 0 <= index < len(out):
            raise ReaderError(
                f"effects[{index}]", f"no such effect; the card has {len(out)} (indexes 0 to {len(out) - 1})"
            )
        path = f"effects[{index}].{name}"
        if name not in _OVERRIDE_CHECKS:
            raise ReaderError(path, f"cannot be overridden; expected one of {', '.join(_OVERRIDE_CHECKS)}")
        expected, valid = _OVERRIDE_CHECKS[name]
        if not valid(value):
            raise ReaderError(path, f"expected {expected}; got {value!r}")
        effect = out[index]
        previous = effect[name]
        effect[name] = list(value) if isinstance(value, list) else value  # type: ignore[arg-type]
        reason = _reason("judge-override")
        reason["explanation"] = f"A judge set this value by hand; the reader had derived {previous!r}."
        effect["reasons"][name] = reason
    return out


__all__ = [
    "ALL_SUBTYPES",
    "EFFECT_KINDS",
    "FIELDS",
    "KINDS",
    "RULES",
    "SUBTYPES",
    "Reading",
    "ReaderError",
    "apply_overrides",
    "classify",
    "read",
    "text_parts",
]
