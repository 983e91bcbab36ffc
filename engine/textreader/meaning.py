"""The reader's meaning: its vocabulary, the table of rules each value is decided by (every rule
one plain sentence and a glossary entry), and the markers of the card-text grammar.

Every pattern is matched on masked text (quoted names and parenthesised asides blanked), so a
card name never reads as a marker.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

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
    "material-condition": (
        "'Cannot be used as ... Material' is a condition on the Summons that would use this card, a rule "
        "of the card like a Summoning condition: never activated.",
        "summoning-condition",
    ),
    "summoning-procedure": (
        "'You can Special Summon this card (from your hand)' with no colon or semicolon is a way to "
        "Summon it by the game's own procedure, so it is not activated and starts no chain.",
        "summoning-condition",
    ),
    "equip-only": (
        "'Equip only to ...' says which monsters this Equip Spell can be equipped to: its activation "
        "targets one of them, so it is the card's activation (the restriction is no activation condition).",
        "equip-card",
    ),
    "activation-requirement": (
        "'Activate this card by paying ...' or 'Activate only if ...', a sentence of its own on a "
        "Continuous, Equip or Field card, says how the card is activated; nothing resolves with it.",
        "activation",
    ),
    "ritual-spell-line": (
        "'You can Ritual Summon this card with ...' names the Ritual Spell that Summons this Ritual Monster: "
        "a rule for how it is Summoned, never activated.",
        "ritual-summon",
    ),
    "xyz-on-top": (
        "'You can also Xyz Summon this card by using ... as material' is another way to Xyz Summon it, on "
        "top of a monster you control: a rule for how it is Summoned, never activated.",
        "xyz-summon",
    ),
    "tribute-summon-rule": (
        "'You can Tribute Summon this card by Tributing ...' (or what its Tributes must be) is a rule for "
        "how this card is Tribute Summoned, never activated.",
        "tribute-summon",
    ),
    "pendulum-from-extra-deck": (
        "'If you can Pendulum Summon Level 7, you can Pendulum Summon this face-up card in your Extra Deck' "
        "is a rule for how this card is Summoned, never activated.",
        "pendulum-summon",
    ),
    "material-rule": (
        "'For this card's Synchro Summon, you can treat ...' or 'A Fusion Summon of this card can only be "
        "done with the above materials' is a rule for the materials of this card's own Summon, never "
        "activated.",
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
    "bound-clause": (
        "'When this card leaves the field, destroy that monster' ties this card and a monster of its effect "
        "together: a continuous effect of its own, never activated, that applies when either leaves.",
        "continuous-effect",
    ),
    "set-as-spell": (
        "'You can Set this card from your hand to your Spell & Trap Zone as a Spell' lets its owner Set it, "
        "a game action like a Normal Set: nothing is activated.",
        "set",
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
    "card-activation-entry": (
        "A Continuous, Equip or Field card is activated before any of its effects applies, even when "
        "nothing happens as the activation resolves: that activation is an entry of its own.",
        "activation",
    ),
    "persistent-card-activation": (
        "The first effect of a Continuous, Equip or Field card that says neither 'You can' nor 'Once per "
        "turn' is what the card does when it is activated.",
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
        "Activating a card is always its controller's choice, so a card's activation is optional.",
        "mandatory-and-optional",
    ),
    "not-activated-optional": (
        "This effect is not activated, so no one chooses to use it: it simply applies, so it is not "
        "optional.",
        "mandatory-and-optional",
    ),
    "maintenance-optional": (
        "A maintenance cost is not activated and no one chooses to use it: it comes every time, paid or "
        "answered by destroying the card, so it is not optional.",
        "maintenance-cost",
    ),
    "maintenance-not-optional": (
        "'(this is not optional)' means the maintenance cost must be paid whenever it can be, so it is "
        "not optional.",
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
    "when-activation-can-miss": (
        "A card activated 'When ...' must be activated right after its event, so like an optional 'When' "
        "trigger it misses the timing if anything else happened after that event.",
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
    "equip-targets": (
        "Activating an Equip Spell targets the monster it will be equipped to.",
        "equip-card",
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
    "old-cost-to": (
        "The older wording 'You can pay/remove/discard ... to ...' puts the cost first: what is done before "
        "'to' is paid at activation, like the part before a semicolon today.",
        "cost",
    ),
    "no-semicolon-no-cost": ("There is no semicolon, so there is no cost.", "cost"),
    "not-activated-no-cost": ("This effect is not activated, so it has no cost.", "cost"),
    # condition
    "old-activation-condition": (
        "The older wording 'Activate only ...' (or 'This card can only be activated ...') states the "
        "card's activation condition as a sentence of its own.",
        "activation-condition",
    ),
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
    "opt-first-each-turn": (
        "'The first time ... each turn' lets this effect work once a turn for each copy on its own, like "
        "'Once per turn'.",
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
    "opt-per-duel": (
        "'... once per Duel' limits this effect for every copy with this name for the rest of the Duel, "
        "so at most once a turn too (the once_per_turn values cannot say 'per Duel').",
        "once-per-turn",
    ),
    "opt-several-times": (
        "'... twice (or thrice) per turn' allows this effect that many times a turn, which no once-per-turn "
        "value says, so none is given.",
        "once-per-turn",
    ),
    "opt-per-chain": (
        "'... once per Chain' limits this effect within one Chain, not per turn, which no once-per-turn "
        "value says, so none is given.",
        "once-per-turn",
    ),
    "old-select-target": (
        "In the older wording 'you can select ...' chooses a card when the effect is activated: it targets, "
        "as 'target' says today.",
        "target",
    ),
    "old-trigger-comma": (
        "The older wording 'When ... , you can ...' writes a trigger's condition before a comma instead of "
        "a colon; it reads as 'When ...: You can ...'.",
        "trigger-effect",
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

_QUICK_TAG = re.compile(r"\(quick effect\)", re.I)
_EITHER_TURN = re.compile(r"\beither player's turn\b", re.I)
_OPT_PREFIX = re.compile(r"^\s*once per (?:opponent's |your )?turn\b\s*,?\s*", re.I)
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
    r"(?:destroy this card|this card is destroyed|send this card to the (?:GY|Graveyard))\b",
    re.I,
)
# "… destroy this card unless you send/reveal/pay …": the same cost, written the other way round.
_MAINTENANCE_UNLESS = re.compile(
    r"\bdestroy this card unless you ((?:pay|send|discard|tribute|banish|remove|reveal|detach)\b[^.:;]*)",
    re.I,
)
# "Cannot be used as … Material", "For a Synchro Summon, you can substitute this card for …": a
# condition on the Summons that would use this card, never activated.
_MATERIAL_CONDITION = re.compile(
    r"^(?:This card )?cannot be used as (?:an? )?[\w ]*?Materials?\b"
    r"|^For an? (?:Fusion|Synchro|Xyz|Link|Ritual) Summon, you can substitute this card\b"
    r"|^If this (?:[\w ]+ )?(?:card|monster)(?: on the field)? would be used as (?:an? )?\w+ Material, [^.]*"
    r" can (?:also )?be used as\b"
    r"|^If this card is used as (?:an? )?(?:Fusion|Synchro|Xyz|Link)? ?Material, (?:all )?(?:the )?other\b"
    r"[^.]*\bmust be\b",
    re.I,
)
_MAINTENANCE_PHASE = re.compile(r"\b(?:standby|end) phases?\b", re.I)
_SUMMON_WAYS = r"(?:normal|special|flip|tribute|ritual|fusion|synchro|xyz|link|pendulum)"
_SUMMON_CONDITION = re.compile(
    r"^(?:(?:this (?:face-down )?(?:card|monster) (?:in the extra deck )?)?(?:cannot be (?:"
    + _SUMMON_WAYS
    + r"(?:,? (?:or |and )?"
    + _SUMMON_WAYS
    + r")* )?"
    r"(?:summoned|set)\b"
    r"|must (?:first )?be (?:either )?(?:" + _SUMMON_WAYS + r" )?summoned"
    r"|can only be (?:" + _SUMMON_WAYS + r" )?summoned)"
    r"|requires \d+ (?:[\w\"-]+ )*?tributes to normal summon"
    r"|this card's (?:normal |special |tribute )?summon cannot be negated)",
    re.I,
)
_PROCEDURE = re.compile(
    r"\byou can (?:special |normal |tribute |pendulum )?summon(?:/set)? this card\b|\(from your hand\)"
    r"|\bto (?:tribute |normal |special )?summon (?:\(but not set\) )?this card\b",
    re.I,
)
# The Ritual Spell a Ritual Monster is Summoned with ("You can Ritual Summon this card with …").
_RITUAL_LINE = re.compile(
    r"^(?:you can ritual summon this card with\b"
    r"|(?:this (?:card|monster) )?can only be ritual summoned with\b)",
    re.I,
)
# Another way to Xyz Summon this card: on top of a monster you control.
_XYZ_ON_TOP = re.compile(r"^[^.:;]*?\byou can also xyz summon\b", re.I)
# A rule for this card's Tribute Summon: other Tributes, or what they must be.
_TRIBUTE_RULE = re.compile(
    r"^(?:(?:if [^.]*, )?you can tribute summon this card\b|you can tribute [^.]*? to tribute summon\b"
    r"|you can normal summon this card by tributing\b"
    r"|to tribute summon this card\b|if you tribute summon this card\b|this card can be tribute summoned\b"
    r"|monsters tributed for the (?:face-up )?tribute summon of this card\b)",
    re.I,
)
# A rule for the materials of this card's own Summon.
_MATERIAL_RULE = re.compile(
    r"^(?:an? (?:fusion|synchro|xyz|link|ritual) summon of this card can only be (?:done|performed)\b"
    r"|for this card's (?:fusion|synchro|xyz|link|ritual) summon\b"
    r"|for the (?:fusion|synchro|xyz|link|ritual) summon of this card\b"
    r"|if you use [^.]* for the (?:fusion|synchro|xyz|link) summon of this card\b"
    r"|you can also use [^.]* as (?:\w+ )?material to (?:fusion|synchro|xyz|link) summon this card\b)",
    re.I,
)
_ACTIVATE_THIS = re.compile(
    r"^(?:activate this card\b|activate only\b|activate by\b|when this card resolves\b"
    r"|(?:when|if) this card is activated\b"
    r"|special summon this card (?:in (?:face-up )?(?:attack|defense) position )?"
    r"as an? (?:effect|normal) monster\b"
    r"|you can only activate this card\b)",
    re.I,
)
_MAIN_PHASE = re.compile(r"^during your main phase$", re.I)
# A moment of the turn that sets off a trigger; a window one acts in (Main or Battle Phase, a step,
# damage calculation) does not: an effect usable "during" one is chosen, not triggered.
_PHASE_TRIGGER = re.compile(r"\b(?:standby|end|draw) phases?\b", re.I)
_AT_START_OR_END = re.compile(r"^(?:at the (?:start|end|beginning) of|after damage calculation)\b", re.I)
# An event, as opposed to a situation ("is in your GY", "you control"): something happens to a card
# ("is sent", "is Normal or Special Summoned") or someone does something ("declares", "takes").
_EVENT = re.compile(
    r"\b(?:is|are|was|were|gets?|would be|has been)\s+(?:[\w-]+\s+){0,3}?(?:summoned|sent|destroyed|banished|"
    r"added|discarded|returned|flipped|targeted|tributed|detached|attacked|activated|set|shuffled|revealed|"
    r"excavated|negated|equipped|removed|placed|changed|used|drawn|reduced)\b"
    r"|\b(?:declares?|activates?|summons|attacks|battles|inflicts?|takes?|leaves|left|draws|destroys|sends|returns|"
    r"discards|tributes|banishes|resolves|would)\b"
    r"|^(?:if|when) (?:special |tribute |normal )?summoned\b",  # "If Summoned this way:"
    re.I,
)
_GY_EVENT = re.compile(r"\bthis card is (?:sent|banished|discarded|destroyed)[^:]*\b(?:GY|graveyard)\b", re.I)
_HAND_EVENT = re.compile(r"\b(?:in|from) your hand\b", re.I)
_HAND_COST = re.compile(r"\b(?:discard|reveal|send|banish) this card\b", re.I)
_ONCE_PER_TURN = re.compile(r"\bonce per (?:opponent's |your )?turn\b", re.I)
_CONTINUATION = re.compile(
    r"^(?:[●•(]|Then\b|Also\b|If you do\b|If (?:it|they) do(?:es)?\b|Otherwise\b|After that\b|"
    r"(?:It|Its|They|Their|Those|That|These)\b|The (?:Special Summoned|Summoned|returned|"
    r"banished|added|revealed|excavated|destroyed|targeted|selected|chosen|declared|shown|Set|placed|drawn)\b|"
    r"(?:This|These) Tokens?\b|"
    r"(?:Destroy|Banish|Return|Shuffle) (?:it|them|those|that|these)\b|"
    r"For the rest of (?:this|the) turn\b|Until the end of\b|During the End Phase of this turn\b|"
    r"You can only activate this effect\b|\(?This is a Quick Effect\b"
    r"|This effect\b|(?:This|The) (?:ATK|DEF|ATK/DEF|Level)(?: and DEF)?"
    r" (?:change|increase|decrease|gain|loss) lasts\b|For that battle\b"
    r"|(?:Change|Destroy|Banish|Return|Send|Special Summon|Add|Equip|Negate|Increase|Decrease) [^.]*?\bthe "
    r"(?:selected|chosen|declared)\b"
    # what follows from the outcome of the effect before ("If you call it right", "If you cannot, …")
    r"|If (?:you|they) call(?:ed)? it (?:right|wrong)\b|If (?:you|they) (?:cannot|did not|do not|can't)\b"
    r"|If (?:it|they) (?:is|are|was|were|did|does|do) not\b|If not\b|If successful\b|When you do\b"
    r"|If (?:it|they|that monster|those monsters) (?:is|are|was|were|would)\b"
    r"|If (?:you|they) (?:chose|choose) not to\b|If you (?:activated|activate) this (?:effect|card)\b"
    r"|And if (?:it|you|they) do(?:es)?\b|(?:Place|Send|Shuffle|Return) the (?:remaining|rest|other)\b"
    r"|During the (?:End|Standby) Phase(?: of this turn)?, [^.]*\bby this effect\b"
    r"|During [^.,]*\bafter this effect's activation\b"
    r"|During the End Phase of the turn this effect (?:was|is)\b"
    r"|(?:During|At) [^.,]*, if you activated this effect\b|(?:Increase|Decrease|Reduce) (?:its|their)\b"
    r"|If you called the coin toss\b|If [^.]*\b(?:when|to) (?:you )?activated? this effect\b"
    r"|(?:When|If|While) [^.,]*\bby this effect\b|[^.]*\bthe selected (?:monster|card)s?\b"
    r"|If (?![^.]*\bwould\b)[^.]*, you can [^.]*\binstead\.?$"
    r"|If you [^.]* to activate this effect\b"
    r"|Once applied\b"
    r"|While (?:that|those|the) Tokens?\b)"
)
# A Union monster's "If the equipped monster would be destroyed …, destroy this card instead": part of
# the effect that equips it.
_UNION_SUBSTITUTE = re.compile(
    r"^If the equipped monster would be destroyed\b[^.]*\bdestroy this card instead\b"
)
_EQUIPS_THIS_CARD = re.compile(r"\bequip this card to\b")
# What becomes of a monster the effect before Special Summoned ("If Summoned this way, banish it when
# it leaves the field"): part of that effect; after a Summoning procedure, an effect of its own.
_SUMMONED_THIS_WAY = re.compile(
    r"^If (?:this card is |this card was |this card )?(?:Special |Tribute |Normal )?Summoned this way\b"
)
# A Continuous, Equip or Field card bound to a monster of its effect: when either leaves the field,
# the other goes too ("When this card leaves the field, destroy that monster"), a continuous effect.
_BOUND = re.compile(
    r"^(?:When|If) (?:this (?:face-up )?card|it|that (?:monster|target|targeted monster)"
    r"|(?:any|one|either) of (?:those|the) monsters"
    r"|the (?:equipped|targeted|selected|Special Summoned) monster|that card"
    r"|a monster (?:Special )?Summoned by this effect)"
    r" (?:leaves the field|is (?:destroyed|removed from the field)|is removed from the Field)(?: by [^,]*)?,"
    r" (?:destroy|banish|send|return)"
    r" (?:this card|it|that (?:monster|target|card)|the (?:equipped|targeted|selected) monster|them"
    r"|those monsters?(?:\(s\))?)",
    re.I,
)
_RESTRICTION = re.compile(
    r"\bthe turn (?:you activate this|this effect is activated|you activated this)\b"
    r"|\bthe turn you (?:Special |Normal |Tribute )?Summon (?:this card|it this way|this way)\b"
    r"|\bduring the turn you [^.]* (?:with|by) this effect\b"
    r"|\bYou cannot activate this effect\b"
    r"|\bfor the rest of this turn\b"
    r"|\bin response to this (?:card|effect)'s activation",
    re.I,
)
_NEGATION_CLAUSE = re.compile(
    r"^(?:This effect|This card's (?:activation|effects?)|The activation of this card|Its activation)"
    r"[^.]*cannot be negated"
)
# Each connector: (name, a word it cannot be without, its pattern); the reader lists them in the
# order they first appear.
_CONJUNCTIONS: tuple[tuple[str, str, re.Pattern[str]], ...] = tuple(
    (name, guard, re.compile(pattern, re.I))
    for name, guard, pattern in (
        ("and_if_you_do", " do", r"\band if (?:you|it|they) do(?:es)?\b|(?:^|[.;]\s*)if you do\b"),
        ("then", "then", r"(?:^|[.,;:]\s*)then\b"),
        ("also", "also", r"(?:^|[.,;:]\s*)also\b"),
        (
            "and",
            ", and ",
            r",\s*and\s+(?!if\b)(?:destroy|inflict|draw|add|send|banish|special summon|return|gain|take|"
            r"negate|shuffle|change|equip|discard|set|place|attach|look|reveal|excavate|halve|double|switch|you\b|"
            r"your opponent|it\b|they\b|this card\b)",
        ),
    )
)
_MATERIAL_PREFIX = re.compile(r'^([^.:;]*?(?:\b[Mm]onsters?|\bTuners?|"x*"))\s+(?=[A-Z(])')
_PENDULUM_MARK = re.compile(r"\[\s*Pendulum Effect\s*\]", re.I)
_MONSTER_MARK = re.compile(r"\[\s*(?:Monster Effect|Flavou?r Text)\s*\]", re.I)
_OLD_COST = re.compile(
    r"^(?:(?:once|twice) per turn, )?(?:during [^,.;:]*, )?(?:(?:you can|either player can) )?"
    r"(?:select [^,;:.]*? and )?"
    r"((?:remove from play|pay|discard|tribute|send|banish|"
    r"offer|detach)\b[^.;:]*?) to (?=negate|destroy|special summon|add|draw|inflict|return|change|increase|"
    r"select|have|make|gain|look|take|equip|switch|target|activate|place|end)",
    re.I,
)
# The older Ignition Effect with no colon: "Once per turn, during your Main Phase, if …, you can …".
_OLD_IGNITION = re.compile(
    r"^(?![^.]*\binstead\b)(?:once per turn, )?(?:during your main phase(?: [12])?, )?(?:if [^,.]*, )?"
    r"you can (?!only\b)",
    re.I,
)
# The older Quick Effect with no colon: "During either player's turn, you can …".
_OLD_QUICK = re.compile(r"^(?:once per turn, )?during either player's turn, you can\b", re.I)
_CHOICE_ONLY = re.compile(
    r"^(?:(?:activate|apply|use) (?:1|one) of (?:these|the following) effects|activate this effect)\b", re.I
)
# What makes a Continuous, Equip or Field card's first activated-looking effect its activation:
# an Equip Spell equips itself; a Continuous Trap, anything; a Continuous or Field Spell, a cost or target.
_EQUIPS_ITSELF = re.compile(r"\bequip (?:it|that monster|them) with this card\b|\bequip this card to\b", re.I)
_ACTIVATE_ONLY = re.compile(r"\bActivate only (when|if|during)\b")
# How a Continuous, Equip or Field card is activated, as a sentence of its own with nothing after it.
_REQUIREMENT = re.compile(
    r"^(?:Activate (?:this card )?(?:only|by|at|if|when|during)\b|This card can only be activated\b"
    r"|You can only activate this card\b|To activate this card\b)"
)
# The older way to write a card's activation condition, as a sentence of its own.
_OLD_CONDITION = re.compile(
    r"^(?:Activate (?:this card )?only|This card can only be activated"
    r"|You can only activate this card)\b[^.]*"
)
CARD_ACTIVATION = "(card activation)"
# The older way to write an optional trigger, with a comma for the colon: "When this card is
# destroyed ..., you can ..." (a replacement effect, "would ... instead", is not one).
_OLD_TRIGGER = re.compile(
    r"^(?:When|If) [^,;:]*?\b(?:is|are|was|were)\b[^,;:]*(?<!would be)"
    r"(?=, you can (?!only)(?![^.]*\binstead\b))"
    # mandatory: this monster's own Summon, or a Standby/End Phase, then what happens
    r"|^When this card is (?:(?:Normal|Flip|Special|Tribute|Fusion|Synchro|Xyz|Ritual|Normal or Flip"
    r"|Normal or Special) )?Summoned"
    r"(?: or (?:Flip |Special )?Summoned)?(?=, (?:destroy|inflict|draw|send|add|special summon|banish|return|"
    r"change|it is changed|select|target|gain|place|you (?!can)|your opponent|each player)\b)"
    r"|^During (?:each of )?(?:your|your opponent's|each player's|the|either player's) "
    r"(?:Standby|End) Phases?(?=, )"
    r"|^When this card is (?:sent to the (?:GY|Graveyard)|destroyed|flipped face-up|removed from play"
    r"|banished)[^,;:]*(?=, (?!you can\b)(?!destroy the equipped monster\b)[a-z])"
)

# --- the meaning tables: each row decides a value and names the rule (in RULES) that says why


def _during_phase(head: str, masked: str) -> bool:
    if _AT_START_OR_END.match(head):
        return True
    return head[:6].lower() == "during" and bool(_PHASE_TRIGGER.search(head))


@lru_cache(maxsize=1024)  # the condition table asks it up to three times per condition
def _is_event(head: str, masked: str) -> bool:
    return head[:4].lower() == "when" or bool(_EVENT.search(masked))


# Event vs state: what the condition before a colon makes an effect. "chosen" means nothing
# triggers it, so the card decides what it is (`CHOSEN`); the first row that fits wins.
CONDITIONS: tuple[tuple[Callable[[str, str], bool], str, str], ...] = (
    (lambda head, masked: bool(_MAIN_PHASE.match(head)), "chosen", "main-phase-ignition"),
    (_during_phase, "trigger", "trigger-phase"),
    (lambda head, masked: head[:5].lower() == "while", "chosen", "state-condition"),
    (lambda head, masked: head[:6].lower() == "during", "chosen", "state-condition"),
    (lambda head, masked: _is_event(head, masked) and bool(_GY_EVENT.search(head)), "trigger", "trigger-gy"),
    (
        lambda head, masked: _is_event(head, masked) and bool(_HAND_EVENT.search(head)),
        "trigger",
        "trigger-hand",
    ),
    (_is_event, "trigger", "trigger-event"),
)

# Which monsters an Equip Spell can be equipped to ("Equip only to a monster you control."): what its
# activation may target, a sentence of its own.
_EQUIP_ONLY = re.compile(r"^(?:Equip only to|Can only be equipped to)\b", re.I)
# A Pendulum Xyz or Synchro Monster face-up in the Extra Deck may be Pendulum Summoned like one of a Level.
_PENDULUM_FROM_EXTRA = re.compile(
    r"^if you can pendulum summon level \d+, you can pendulum summon this face-up card\b", re.I
)
# Any of those rules, which a sentence of its own states whole ("It gains …" after one is an effect).
_WHOLE_RULE = re.compile(
    "|".join(
        p.pattern
        for p in (
            _RITUAL_LINE,
            _XYZ_ON_TOP,
            _TRIBUTE_RULE,
            _MATERIAL_RULE,
            _MATERIAL_CONDITION,
            _EQUIP_ONLY,
            _PENDULUM_FROM_EXTRA,
        )
    ),
    re.I,
)

# How a monster may be Summoned, for a sentence of its monster text with no colon or semicolon:
# (fits(text, masked), rule), the first that fits wins; each is an entry of kind summoning_condition.
# The Japanese text numbers only a procedure (a way to Summon it from the hand, or without Tributing)
# and writes the others before its ①, like the Summoning conditions.
SUMMONING: tuple[tuple[Callable[[str, str], bool], str], ...] = (
    (lambda text, masked: "itual" in masked and bool(_RITUAL_LINE.match(masked)), "ritual-spell-line"),
    (lambda text, masked: bool(_SUMMON_CONDITION.match(masked)), "summoning-condition"),
    (lambda text, masked: "Xyz" in masked and bool(_XYZ_ON_TOP.match(masked)), "xyz-on-top"),
    (lambda text, masked: "ribut" in masked and bool(_TRIBUTE_RULE.match(masked)), "tribute-summon-rule"),
    (lambda text, masked: "ummon" in text and bool(_PROCEDURE.search(text)), "summoning-procedure"),
    (lambda text, masked: bool(_MATERIAL_CONDITION.match(masked)), "material-condition"),
    (lambda text, masked: "ummon" in masked and bool(_MATERIAL_RULE.match(masked)), "material-rule"),
    (
        lambda text, masked: "endulum" in masked and bool(_PENDULUM_FROM_EXTRA.match(masked)),
        "pendulum-from-extra-deck",
    ),
)

# Card type -> kind, for an activated effect nothing triggers: (text box, card kind) -> (kind,
# the rule when the card decides it; None: the condition's own rule stands).
CHOSEN: dict[tuple[str, str], tuple[str, str | None]] = {
    ("monster", "monster"): ("ignition", None),
    ("pendulum", "monster"): ("ignition", "spell-effect-ignition"),
    ("card", "spell"): ("ignition", "spell-effect-ignition"),
    ("card", "trap"): ("quick", "trap-effect-quick"),
}

# Spell Speed: (effect kinds, text box, card kind, card subtype, says "(Quick Effect)") -> speed,
# rule; None matches anything; the first row that fits wins; not activated: no Spell Speed.
SPEEDS: tuple[tuple[frozenset[str], str | None, str | None, str | None, bool | None, int, str], ...] = (
    (frozenset({"activation"}), None, "spell", "quick-play", None, 2, "speed-quick-play-spell"),
    (frozenset({"activation"}), None, "spell", None, None, 1, "speed-spell-card"),
    (frozenset({"activation"}), None, "trap", "counter", None, 3, "speed-counter-trap"),
    (frozenset({"activation"}), None, "trap", None, None, 2, "speed-trap-card"),
    (ACTIVATED, "card", "trap", None, None, 2, "speed-trap-effect"),
    (ACTIVATED, "card", "spell", None, True, 2, "speed-quick-effect"),
    (ACTIVATED, "card", "spell", None, False, 1, "speed-spell-effect"),
    (frozenset({"quick"}), None, None, None, None, 2, "speed-quick-effect"),
    (ACTIVATED, "pendulum", None, None, None, 1, "speed-pendulum-effect"),
    (ACTIVATED, "monster", None, None, None, 1, "speed-monster-effect"),
)
