"""Read Yu-Gi-Oh! card text written in the official card-text grammar (Problem-Solving Card Text).

The grammar puts an effect's parts in fixed places: what must be true to activate it before a
colon, what is done at activation (costs, targets) before a semicolon, and what happens on
resolution after both. "You can", "When"/"If"/"During", "(Quick Effect)", "FLIP:" and the
once-per-turn clauses fix the rest. The reader is deterministic and rules-based, in three steps:

- `tokens`: each text box cut into sentences, with the grammar's colon and semicolon found and
  quoted names and asides kept whole;
- `grammar`: which sentences start an effect and which attach to one (a clause, a choice's
  bullets, a once-per-turn line), an LALR grammar (lark) over the sentences' roles;
- `meaning` and this module: each entry's values, every one decided by a rule of the table
  `RULES` (one sentence and a glossary entry each), so a judge can check the reading and
  override any value (`apply_overrides`).

    >>> classify("FLIP: Destroy 1 monster on the field.", kind="monster", subtype="flip")[0]["kind"]
    'flip'
"""

from __future__ import annotations

import copy
import dataclasses
import re
from dataclasses import dataclass, field
from typing import Any

from .grammar import NAME_CLAUSE as _NAME_CLAUSE_START
from .grammar import Entry, Limit, group
from .meaning import (  # noqa: F401 - the public vocabulary is re-exported
    _ACTIVATE_BY,
    _ACTIVATE_ONLY,
    _ACTIVATE_THIS,
    _BOUND,
    _CHOICE_CLAUSE,
    _CHOICE_ONLY,
    _CONJUNCTIONS,
    _COST_LEAD,
    _EITHER_TURN,
    _EQUIP_ONLY,
    _EQUIPS_ITSELF,
    _HAND_COST,
    _HAND_EVENT,
    _MAINTENANCE,
    _MAINTENANCE_PHASE,
    _MAINTENANCE_UNLESS,
    _MATERIAL_CONDITION,
    _MATERIAL_PREFIX,
    _MONSTER_MARK,
    _NEGATION_CLAUSE,
    _NOT_NEGATED,
    _NOT_OPTIONAL,
    _OLD_CONDITION,
    _OLD_COST,
    _OLD_IGNITION,
    _OLD_QUICK,
    _OLD_TRIGGER,
    _ONCE_PER_TURN,
    _OPT_PREFIX,
    _PENDULUM_MARK,
    _PROCEDURE,
    _QUICK_TAG,
    _REQUIREMENT,
    _SUMMON_CONDITION,
    _TARGET,
    _YOU_CAN,
    ACTIVATED,
    ALL_SUBTYPES,
    CARD_ACTIVATION,
    CHOSEN,
    CONDITIONS,
    CONJUNCTIONS,
    DERIVED,
    EFFECT_KINDS,
    EXTRA_DECK,
    FIELDS,
    KINDS,
    MAX_TEXT,
    ONCE_PER_TURN,
    ONE_SHOT,
    PARTS,
    RULES,
    SPEEDS,
    SUBTYPES,
    SUMMONING,
    WORDINGS,
    _during_phase,
    _is_event,
)
from .tokens import Sentence, mask, normalize, sentences


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
    unactivated: bool = True  # no entry before it is the card's activation


# --- text handling


# A lower-case letter run into the capital of the next sentence, where a line break was lost.
_GLUED = re.compile(r"(?<=[a-z])(?=(?:Must|Cannot|You|If|Once|When|During|This|Gains)\b)")


def _split_material(text: str, subtypes: frozenset[str]) -> tuple[str | None, str]:
    """An Extra Deck monster's material line (not an effect) and the rest of its text."""
    if not subtypes & EXTRA_DECK:
        return None, text
    first, _, rest = text.partition("\n")
    masked = mask(first)
    if not any(c in masked for c in ".:;"):
        return first, rest
    if glued := _GLUED.search(masked):  # "… Fusion MonsterMust be Fusion Summoned.": a lost line break
        end = glued.start()
        return first[:end].strip(), (first[end:].strip() + "\n" + rest).strip()
    if match := _MATERIAL_PREFIX.match(masked):
        end = match.end(1)
        return first[:end].strip(), (first[end:].strip() + "\n" + rest).strip()
    return None, text


# --- classifying one effect


# The shape of a reading: bump it when the entries a text splits into can change (version 2: a
# Continuous, Equip or Field card's "(card activation)" entry first; clauses no longer entries;
# version 3: measured on every real text against the Japanese numbering (issue 14): Summoning rules
# (Ritual Spell line, Xyz on top, Tributes, own materials) and "Equip only to" read as their own
# kinds, continuations of an effect ("If you call it right", "If Summoned this way", a granted
# effect's bullet line) no longer entries, card clauses ("… in the same Chain", "To activate this
# card, you must …") no entries), so a judge's correction, kept by effect index, is never applied
# to another effect of a new reading.
READER_VERSION = 3

_REASONS = {
    rule: {"rule": rule, "explanation": text, "glossary": slug} for rule, (text, slug) in RULES.items()
}


def _reason(rule: str) -> dict[str, str]:
    """The rule's reason, one shared dict per rule (never changed in place: copy to change it)."""
    return _REASONS[rule]


# The older "… to activate 1 of these effects;" after a cost: the cost is what comes before it.
_TO_ACTIVATE = re.compile(r"\s+to activate (?:1 of these effects|this effect)$", re.I)
# "Once while face-up on the field:" is a marker, like "Once per turn:", not a condition.
_ONCE_WHILE = re.compile(r"^once while\b", re.I)


@dataclass
class _Structure:
    """Where an effect's colon and semicolon are, and what stands before and after them."""

    colon: int
    semi: int
    head: str  # before the colon, with markers removed
    flip: bool
    act: str | None  # between the colon (or the start) and the semicolon
    first_end: int  # the end of the sentence that holds them
    lead: int = 0  # where that sentence starts (after a name clause printed before it)


def _structure(text: str, lead: int, sentence: Sentence) -> _Structure:
    """The grammar's cuts of the effect whose structural sentence starts at `lead` in its text."""
    colon = lead + sentence.colon if sentence.colon >= 0 else -1
    semi = lead + sentence.semi if sentence.semi >= 0 else -1
    head = text[lead:colon] if colon >= 0 else ""
    if head:
        if "uick" in head:
            head = _QUICK_TAG.sub("", head)
        head = head.lstrip("●•■ ")
        if head[:4].lower() == "once":
            head = "" if _ONCE_WHILE.match(head) else _OPT_PREFIX.sub("", head)
        head = head.strip().rstrip(",").strip()
    flip = head.upper() == "FLIP"
    act = text[(colon if colon >= 0 else lead - 1) + 1 : semi] if semi >= 0 else None
    return _Structure(colon, semi, "" if flip else head, flip, act, lead + len(sentence.text), lead)


def _wording(lead: str) -> str | None:
    if _DURING_WHEN.match(lead):  # "During your Draw Phase, when you draw …": the event's "When" decides
        return "when"
    if lead[:14].lower() == "once per chain":  # "Once per Chain, when …": the marker, then the wording
        lead = lead.split(",", 1)[-1].strip()
    word = lead.split(" ", 1)[0].lower().rstrip(",")
    return word if word in WORDINGS else None


# The older wording's "you can select … and …": chosen at activation, a target (before "target" was used).
_OLD_SELECT = re.compile(r"^\s*you can select\b", re.I)
_DURING_WHEN = re.compile(r"^During [^,:]*, when\b", re.I)


def _effect_kind(text: str, masked: str, st: _Structure, ctx: _Ctx, quick_tag: bool) -> tuple[str, str]:
    """The effect's kind and the rule that decided it."""
    plain = st.colon < 0 and st.semi < 0
    body = masked[st.colon + 1 :] if st.colon >= 0 else masked[st.lead :].lstrip("●•■ ")
    you_can = bool(_YOU_CAN.match(body))
    # the effect's own text, after a name clause printed before it
    own_text, own = (text[st.lead :], masked[st.lead :]) if st.lead else (text, masked)
    if ctx.part == "card" and (
        _ACTIVATE_THIS.match(own) or (ctx.first and st.colon >= 0 and _ITSELF_AS_MONSTER.match(body))
    ):
        alone = plain and st.first_end == len(text) and not ctx.subtypes & ONE_SHOT
        return "activation", "activation-requirement" if alone and _REQUIREMENT.match(
            own
        ) else "activate-this-card"
    # ("You can only control 1 …" may be printed before it)
    if (
        ctx.part == "card"
        and ctx.unactivated
        and "equip" in ctx.subtypes
        and plain
        and _EQUIP_ONLY.match(own)
    ):
        return "activation", "equip-only"
    if ctx.part == "card" and ctx.first and ctx.subtypes & ONE_SHOT:
        return "activation", "spell-activation" if ctx.kind == "spell" else "trap-activation"
    # an Equip Spell's first effect equips it, with or without a colon or semicolon
    first_plain = (
        ctx.part == "card"
        and ctx.first
        and not you_can
        and (not plain or "equip" in ctx.subtypes or bool(_INSTRUCTION.match(own)))
    )
    if first_plain and not _ONCE_PER_TURN.search(masked) and _is_persistent_activation(masked, st, ctx):
        return "activation", "persistent-card-activation"
    if ctx.part == "monster" and plain:
        for fits, rule in SUMMONING:
            if fits(own_text, own):
                return "summoning_condition", rule
    if st.flip and ctx.part == "monster":
        return "flip", "flip-marker"
    if st.colon < 0 and _is_maintenance(masked):  # with a colon it is activated: a trigger (Yubel's)
        return "maintenance", "maintenance-cost"
    if quick_tag:
        hand = _HAND_COST.search(st.act or "") or _HAND_EVENT.search(st.head)
        return "quick", "hand-quick-effect" if hand else "quick-effect-tag"
    if "ither" in masked and (_EITHER_TURN.search(st.head) or (plain and _OLD_QUICK.match(own))):
        return "quick", "either-players-turn"
    if st.head:
        return _condition_kind(st.head, ctx)
    if plain and _SET_AS_SPELL.match(own):
        return "continuous", "set-as-spell"
    if not plain or you_can or _OLD_COST.match(own) or _OLD_IGNITION.match(own):
        return _chosen(ctx, "ignition")
    if _BOUND.match(own):
        return "continuous", "bound-clause"
    return "continuous", "continuous"


def _is_maintenance(masked: str) -> bool:
    """A cost paid in a Standby or End Phase to keep the card ("… or destroy this card")."""
    if (
        "destroy this card" not in masked
        and "send this card" not in masked
        and "card is destroyed" not in masked
    ):
        return False
    phase = _MAINTENANCE_PHASE.search(masked)
    return bool(phase and (_MAINTENANCE.search(masked) or _MAINTENANCE_UNLESS.search(masked)))


_ACTIVATE_WORD = re.compile(r"\bactivat", re.I)
# "When …: Special Summon this card as a Normal Monster …": a Trap Card's activation that Summons it.
_ITSELF_AS_MONSTER = re.compile(r"\s*special summon this card (?:in [\w-]+ position )?as an? ", re.I)


def _is_persistent_activation(masked: str, st: _Structure, ctx: _Ctx) -> bool:
    """Whether a Continuous/Equip/Field card's first effect (not "You can") is its activation."""
    if "equip" in ctx.subtypes:
        return bool(_EQUIPS_ITSELF.search(masked))
    if _during_phase(st.head, masked):  # a Standby/End Phase trigger of the card, not its activation
        return False
    return st.semi >= 0 or (
        ctx.kind == "trap" and bool(_ACTIVATE_WORD.search(masked) or _INSTRUCTION.match(masked))
    )


def _condition_kind(head: str, ctx: _Ctx) -> tuple[str, str]:
    """What the condition before the colon makes the effect: the first row of `CONDITIONS` that fits."""
    masked = mask(head)
    for fits, kind, rule in CONDITIONS:
        if fits(head, masked):
            return (kind, rule) if kind == "trigger" else _chosen(ctx, rule)
    return _chosen(ctx, "state-condition")


def _chosen(ctx: _Ctx, rule: str) -> tuple[str, str]:
    """An activated effect that nothing triggers: what it is depends on the card (`CHOSEN`)."""
    kind, card_rule = CHOSEN[ctx.part, ctx.kind]
    return kind, card_rule if card_rule and (rule == "ignition" or ctx.kind == "trap") else rule


def _spell_speed(kind: str, ctx: _Ctx, quick_tag: bool) -> tuple[int | None, str]:
    """The first row of `SPEEDS` that fits the effect and its card."""
    for kinds, part, card_kind, subtype, quick, speed, rule in SPEEDS:
        if (
            kind in kinds
            and part in (None, ctx.part)
            and card_kind in (None, ctx.kind)
            and (subtype is None or subtype in ctx.subtypes)
            and quick in (None, quick_tag)
        ):
            return speed, rule
    return None, "speed-not-activated"


# "You can Set this card from your hand to your Spell & Trap Zone as a Spell": a game action it allows.
_SET_AS_SPELL = re.compile(
    r"^You can Set this card from your hand to your Spell & Trap Zone as an? (?:Spell|Trap)\b"
)
_EXCEPT_TURN = re.compile(r",? except (?:during )?the turn [^,;]*$", re.I)
_TARGET_THEN_PAY = re.compile(
    r"^target[^,;]*? and ((?:remove|send|banish|discard|detach|pay|tribute|reveal|shuffle|return)\b.*)$", re.I
)


def _cost(act: str) -> str | None:
    """What is paid before the semicolon: the text without 'You can' and without what is chosen."""
    act = _TO_ACTIVATE.sub("", _COST_LEAD.sub("", act.strip()))
    act = _EXCEPT_TURN.sub("", act)  # "…, except the turn this card was sent to the GY": when, not what
    if _CHOICE_ONLY.match(act):
        return None
    if paid := _TARGET_THEN_PAY.match(act):  # "target 1 monster … and remove 2 counters": the removal
        act = paid.group(1)
    cost = _CHOICE_CLAUSE.sub("", act).strip().rstrip(",").strip()
    return cost[0].upper() + cost[1:] if cost else None


def _conjunctions(text: str) -> list[str]:
    """The connectors of an effect's resolution, in the order they first appear."""
    lower = text.lower()
    found = [
        (match.start(), name)
        for name, guard, pattern in _CONJUNCTIONS
        if guard in lower and (match := pattern.search(text))
    ]
    return [name for _, name in sorted(found)]


_FIRST_EACH_TURN = re.compile(
    r"\bfirst\b[^.]*?\beach turn\b|^Each turn, [^.]*\bfirst\b"
    r"|\beach of your (?:opponent's )?turns, the first\b",
    re.I,
)
# An instruction to the player, what a card does when it resolves ("Select 1 …, and Special Summon it."),
# never a continuous effect's state ("All monsters gain 300 ATK.").
_INSTRUCTION = re.compile(
    r"^(?:Select|Target|Special Summon|Take control|Draw|Add|Banish|Send|Return|Shuffle|Equip|Inflict|Look at"
    r"|Declare|Choose|Excavate|Reveal|Discard|Tribute|Place|Pay) ",
)
# "When this card is activated:" names the activation itself, no event that could be missed.
_ACTIVATED_ITSELF = re.compile(r"^when this card is activated\b", re.I)


def _classify_effect(text: str, masked: str, st: _Structure, ctx: _Ctx) -> dict[str, Any]:
    quick_tag = "uick" in text and bool(_QUICK_TAG.search(text, 0, st.first_end))
    kind, kind_rule = _effect_kind(text, masked, st, ctx, quick_tag)
    activated = kind in ACTIVATED
    reasons = {"kind": _reason(kind_rule)}

    speed, rule = _spell_speed(kind, ctx, quick_tag)
    reasons["spell_speed"] = _reason(rule)

    body = masked[st.colon + 1 :] if st.colon >= 0 else masked[st.lead :].lstrip("●•■ ")
    you_can = bool(_YOU_CAN.match(body))
    optional: bool
    if kind == "maintenance":
        optional = False
        rule = "maintenance-not-optional" if _NOT_OPTIONAL.search(text) else "maintenance-optional"
    elif kind == "activation":
        optional, rule = True, "you-can" if you_can else "card-activation-choice"
    elif kind in ("trigger", "flip"):
        optional, rule = (True, "you-can") if you_can else (False, "no-you-can")
    elif kind in ("ignition", "quick"):
        optional, rule = True, "you-can" if you_can else "chosen-activation"
    elif kind == "continuous" and you_can:  # "You can Set this card from your hand …" (the spec: "You can")
        optional, rule = True, "you-can"
    else:
        optional, rule = False, "not-activated-optional"
    reasons["optional"] = _reason(rule)

    lead = st.head or (_OPT_PREFIX.sub("", text) if kind == "maintenance" else "")
    if kind == "activation" and not lead and (old := _ACTIVATE_ONLY.search(masked)):
        lead = text[old.start(1) : old.end(1)]
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
    elif kind == "activation" and wording == "when" and not _ACTIVATED_ITSELF.match(lead):
        miss, rule = True, "when-activation-can-miss"
    elif kind == "flip":
        miss, rule = False, "flip-never-misses"
    else:
        miss, rule = False, "not-a-trigger"
    reasons["can_miss_timing"] = _reason(rule)

    cost: str | None = None
    if kind_rule == "equip-only":
        targets, rule = True, "equip-targets"
    elif not activated:
        targets, rule = False, "not-activated-no-target"
    elif st.act is None and _OLD_SELECT.search(body):
        targets, rule = True, "old-select-target"
    elif st.act is None:
        targets, rule = False, "no-semicolon-no-target"
    elif _TARGET.search(masked[st.semi - len(st.act) : st.semi]):
        targets, rule = True, "target-before-semicolon"
    else:
        targets, rule = False, "no-target-word"
    reasons["targets"] = _reason(rule)

    if kind == "maintenance":
        match = _MAINTENANCE.search(masked) or _MAINTENANCE_UNLESS.search(masked)
        assert match is not None  # the kind was decided by these very patterns
        cost = re.sub(r"^you must\s+|\s*\([^)]*\)$", "", text[match.start(1) : match.end(1)].strip())
        cost, rule = cost[0].upper() + cost[1:], "maintenance-cost"
    elif not activated:
        rule = "not-activated-no-cost"
    elif st.act is None and kind == "activation" and (by := _ACTIVATE_BY.match(text)):
        cost, rule = _cost(by.group(1)), "activate-this-card-by"
        rule = rule if cost else "only-targets-before-semicolon"
    elif st.act is None and (old_cost := _OLD_COST.match(body.lstrip())):
        start = len(masked) - len(body.lstrip())
        cost, rule = _cost(text[start + old_cost.start(1) : start + old_cost.end(1)]), "old-cost-to"
    elif st.act is None:
        rule = "no-semicolon-no-cost"
    else:
        cost = _cost(st.act)
        rule = "cost-before-semicolon" if cost else "only-targets-before-semicolon"
    reasons["cost"] = _reason(rule)

    condition = st.head or None
    rule = "condition-before-colon" if condition else "no-condition"
    if kind == "activation" and not condition and (old_condition := _OLD_CONDITION.match(text)):
        condition, rule = old_condition.group(), "old-activation-condition"
    reasons["condition"] = _reason(rule)

    own_limit = _own_part(masked)
    soft = "nce per" in own_limit and _ONCE_PER_TURN.search(own_limit)
    once, rule = ("soft", "opt-soft") if soft else ("none", "opt-none")
    if once == "none" and "irst" in own_limit and _FIRST_EACH_TURN.search(own_limit):
        once, rule = "soft", "opt-first-each-turn"
    reasons["once_per_turn"] = _reason(rule)
    reasons["quick_effect"] = _reason("quick-effect-tag" if quick_tag else "no-quick-effect-tag")
    negated = "negated" in masked and bool(_NOT_NEGATED.search(masked))
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


def _card_activation(ctx: _Ctx) -> dict[str, Any]:
    """The entry of a Continuous, Equip or Field card whose activation does nothing on resolution."""
    text = CARD_ACTIVATION
    st = _Structure(-1, -1, "", False, None, len(text))
    effect = _classify_effect(text, text, st, ctx)
    effect["kind"], effect["reasons"]["kind"] = "activation", _reason("card-activation-entry")
    speed, rule = _spell_speed("activation", ctx, False)
    effect["spell_speed"], effect["reasons"]["spell_speed"] = speed, _reason(rule)
    effect["optional"], effect["reasons"]["optional"] = True, _reason("card-activation-choice")
    if "equip" in ctx.subtypes:
        effect["targets"], effect["reasons"]["targets"] = True, _reason("equip-targets")
    else:
        effect["reasons"]["targets"] = _reason("no-semicolon-no-target")
    effect["reasons"]["cost"] = _reason("no-semicolon-no-cost")
    effect["reasons"]["can_miss_timing"] = _reason("not-a-trigger")
    return effect


_BULLETS = re.compile(r"(?<=.)[●•■]")


def _own_part(masked: str) -> str:
    """An effect's text before the bullets it lists or grants: "Once per turn" in a granted effect's
    bullet ("gains this effect: ● Once per turn: …") limits that effect, not this one."""
    if "●" not in masked and "•" not in masked and "■" not in masked:
        return masked
    bullet = _BULLETS.search(masked.lstrip("●•■ "))
    return masked.lstrip("●•■ ")[: bullet.start()] if bullet else masked


def _set_opt(effect: dict[str, Any], value: str, rule: str) -> None:
    effect["once_per_turn"] = value
    effect["reasons"]["once_per_turn"] = _reason(rule)


# A continuous effect its controller chooses to use ("…, you can activate 1 Trap the turn it was Set"):
# a limit on "each effect" counts it.
# (or one that grants an effect, "… gains this effect: ● …", used by the monster that gains it; or a
# material its controller may use it as: "this card in your hand can also be used as material")
_USED_BY_CHOICE = re.compile(
    r", you can (?!only)|\bgains? (?:this|these|the following) effects?\b"
    r"|\bcan (?:also )?be (?:used|treated) as\b|\byou can treat\b"
)


def _apply_limit(effect: dict[str, Any], limit: Limit) -> None:
    if effect["kind"] == "activation" and limit.rule == "opt-card-activation":
        _set_opt(effect, "card_activation", limit.rule)
    elif limit.rule in ("opt-several-times", "opt-per-chain"):
        if effect["once_per_turn"] != "soft":  # "Once per turn, …" itself still limits each copy
            _set_opt(effect, "none", limit.rule)
    elif limit.per_duel:
        _set_opt(effect, "hard", "opt-per-duel")
    else:
        _set_opt(effect, "hard", limit.rule)


def _entry_effect(entry: Entry, ctx: _Ctx) -> dict[str, Any]:
    """One grouped entry read: its text joined as printed, its structure from its first effect sentence."""
    texts: list[str] = []
    masks: list[str] = []
    lead = -1
    head: Sentence | None = None
    length = 0
    # after a Gemini's "… become an Effect Monster with this effect", its bullet is the effect
    granted = False
    for sentence in entry.sentences:
        if texts:
            sep = "\n" if sentence.new_line else " "
            texts.append(sep)
            masks.append(sep)
            length += 1
        if (sentence.colon >= 0 or sentence.semi >= 0) and (not sentence.bullet or granted):
            if head is None or (head.colon < 0 and head.semi < 0) or (granted and not head.bullet):
                head, lead = sentence, length
                granted = False
        elif (
            head is None
            and not _NAME_CLAUSE_START.match(sentence.text)
            and not _NEGATION_CLAUSE.match(sentence.masked)
        ):
            head, lead = sentence, length
        if _GRANTS_THIS_EFFECT.search(sentence.masked):
            granted = True
        texts.append(sentence.text)
        masks.append(sentence.masked)
        length += len(sentence.text)
    text, masked = "".join(texts), "".join(masks)
    if head is None:
        head, lead = entry.sentences[0], 0
    old_rule = None
    plain = head.colon < 0 and head.semi < 0
    if (
        plain
        and (old := _OLD_TRIGGER.match(head.masked))
        and not _PROCEDURE.search(head.masked)
        and not _is_maintenance(head.masked)
        and not _BOUND.match(head.masked)
    ):
        head, old_rule = dataclasses.replace(head, colon=old.end()), "old-trigger-comma"
    elif plain and (old := _OLD_OPTIONAL_TRIGGER.match(head.masked)) and _is_event(old.group(), old.group()):
        # "When an opponent's monster declares an attack, you can …": any event, not only "is/are …"
        head, old_rule = dataclasses.replace(head, colon=old.end()), "old-trigger-comma"
    effect = _classify_effect(text, masked, _structure(text, lead, head), ctx)
    if old_rule and effect["kind"] == "trigger":
        effect["reasons"]["condition"] = _reason(old_rule)
    return effect


# A Gemini's clause: Normal Summoned again it gains the effect printed after it, as a bullet (Gigaplant:
# "● Once per turn: You can …" is an Ignition Effect, not the continuous clause before it).
_GRANTS_THIS_EFFECT = re.compile(r"\bbe(?:come| treated as) an Effect Monster with this effect\b")


# The older optional trigger with a comma for the colon; the condition must name an event.
_OLD_OPTIONAL_TRIGGER = re.compile(
    r"^(?:When|If) (?![^,;:]*\bwould\b)[^,;:]*?(?=, you can (?!only)(?![^.]*\binstead\b))"
)


def _bare_activation(effect: dict[str, Any]) -> bool:
    """A Continuous, Equip or Field card's activation with nothing resolving: no effect of the card that
    a clause about "each effect" of it could limit."""
    rule = effect["reasons"]["kind"]["rule"]
    return effect["text"] == CARD_ACTIVATION or rule in ("equip-only", "activation-requirement")


def _read_part(
    text: str, part: str, kind: str, subtypes: frozenset[str], not_effects: list[dict[str, str]]
) -> list[dict[str, Any]]:
    """The effects of one text box (Pendulum Effect, monster text, or a Spell/Trap's text)."""
    absorb = part == "card" and bool(subtypes & ONE_SHOT)
    entries, card_limits = group(sentences(text), absorb)
    effects: list[dict[str, Any]] = []
    for index, entry in enumerate(entries):
        unactivated = not any(e["kind"] == "activation" for e in effects)
        effect = _entry_effect(entry, _Ctx(part, kind, subtypes, index == 0, unactivated))
        if entry.limit is not None:
            _apply_limit(effect, entry.limit)
        effects.append(effect)
    if part == "card" and not any(e["kind"] == "activation" for e in effects):
        effects.insert(0, _card_activation(_Ctx(part, kind, subtypes, True)))
    for limit in card_limits:
        if limit.rule == "card-clause":
            not_effects.append({"text": limit.text, "what": "clause for all of the card's effects"})
            continue
        if limit.rule == "summon-limit":
            not_effects.append({"text": limit.text, "what": "once-per-turn limit on Summoning the card"})
            continue
        not_effects.append({"text": limit.text, "what": "once-per-turn clause for the card"})
        numbered = [e for e in effects if e["kind"] != "summoning_condition" and not _bare_activation(e)]
        if limit.scope != "all":
            shift = len(effects) - len(entries)  # a card activation put before the entries
            before = {id(e) for e in effects[: limit.place + shift]}
            numbered = [e for e in numbered if (id(e) in before) == (limit.scope == "preceding")]
        if limit.rule == "opt-card-activation":
            for effect in effects:
                if effect["kind"] == "activation":
                    _set_opt(effect, "card_activation", limit.rule)
        elif limit.rule == "opt-hard-nth":
            if limit.nth is not None and limit.nth < len(numbered):
                _apply_limit(numbered[limit.nth], limit)
        else:
            for effect in numbered:
                used = effect["kind"] in ACTIVATED or _USED_BY_CHOICE.search(effect["text"])
                if used and effect["once_per_turn"] != "card_activation":
                    _apply_limit(effect, limit)
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
    text = normalize(text)
    if pendulum_text is None and "pendulum" in subtypes and (mark := _PENDULUM_MARK.search(text)):
        monster_mark = _MONSTER_MARK.search(text, mark.end())
        pendulum_text = text[mark.end() : monster_mark.start() if monster_mark else len(text)]
        text = text[monster_mark.end() :] if monster_mark else ""
    not_effects: list[dict[str, str]] = []
    effects: list[dict[str, Any]] = []
    if pendulum_text is not None:
        effects += _read_part(normalize(pendulum_text), "pendulum", kind, subtypes, not_effects)
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
    st = _Structure(-1, -1, "", False, None, len(text))
    position = 0
    for sentence in sentences(text):
        lead = text.find(sentence.text, position)
        position = lead + len(sentence.text)
        if sentence.colon >= 0 or sentence.semi >= 0 or not _NAME_CLAUSE_START.match(sentence.text):
            st = _structure(text, lead, sentence)
            break
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
        reason = dict(_reason("judge-override"))
        reason["explanation"] = f"A judge set this value by hand; the reader had derived {previous!r}."
        effect["reasons"][name] = reason
    return out


__all__ = [
    "ALL_SUBTYPES",
    "READER_VERSION",
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
