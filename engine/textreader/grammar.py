"""The grammar of a text box: which sentences start an effect and which attach to one.

Each sentence gets a role from the table `ROLES` (first match wins), then a small LALR grammar
(lark) groups them:

    box    := (lead | entry | CARD_LIMIT)*
    entry  := EFFECT (MORE | OWN_LIMIT | NAME)*
    lead   := (NAME | MORE | OWN_LIMIT)+          before the first effect (or after a card limit)

A clause after an effect belongs to it (the parser shifts rather than closing the entry); a
lead belongs to the effect that follows it, or, with none, to the one before. A once-per-turn
clause for the whole card (`CARD_LIMIT`: each effect, the Nth effect, 1 effect per turn, 1
activation per turn) is no entry: the reader applies it to the entries it names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lark import Lark, Token
from lark.lexer import Lexer

from .meaning import (
    _BOUND,
    _CONTINUATION,
    _EQUIPS_THIS_CARD,
    _NEGATION_CLAUSE,
    _RESTRICTION,
    _SUMMON_CONDITION,
    _SUMMONED_THIS_WAY,
    _UNION_SUBSTITUTE,
    _WHOLE_RULE,
)
from .tokens import Sentence

GRAMMAR = r"""
start: (lead | entry | CARD_LIMIT)*
lead: (NAME | MORE | OWN_LIMIT)+
entry: EFFECT (MORE | OWN_LIMIT | NAME)*
%declare EFFECT MORE OWN_LIMIT NAME CARD_LIMIT
"""

_NAME = r'"x*"'
# Once-per-turn (and per-Duel) clauses: (rule, role, pattern on masked text). The rule names the
# reading in `RULES`; "opt-nth" carries the effect's place.
LIMITS: tuple[tuple[str, str, re.Pattern[str]], ...] = tuple(
    (rule, role, re.compile(pattern))
    for rule, role, pattern in (
        (
            "card-clause",
            "CARD_LIMIT",
            r"^(?:Your opponent|Neither player) cannot (?:activate cards or effects )?"
            r"in response to this card's "
            r"(?:effect activations|effects)"
            r"|^Your opponent cannot activate cards or effects in response to this card's effect activations"
            r"|^This card's effects can only be applied"
            r"|^(?:If [^.]*, )?(?:[Yy]ou can activate (?:this card|it) (?:from your hand|the turn it was Set)"
            r"|it can be activated (?:this turn|the turn it was Set))"
            r"|^After this card's activation, it remains on the field"
            r"|^You cannot [^.]*\bthe turn you activate (?:either|any) of this card's effects\b"
            r"|^(?:Destroy this card|Send this card to the (?:GY|Graveyard)) during (?:your|the) \w+ "
            r"(?:Standby|End) Phase after (?:its |this card's )?activation"
            r"|^If (?:Summoned|this card was Summoned) this way, [^.]*\bcannot be (?:activated|used)"
            r" this turn"
            r"|^You must [^.]* to activate this card\b|^To activate this card,? you must\b"
            r"|^You cannot activate (?:the following effects|these effects|both of this card's effects"
            rf"|both effects)(?: of {_NAME})? in the same Chain"
            r"|^(?:Your opponent|Neither player) can(?:not)? activate [^.]* in response to this card's "
            r"(?:activation|effect activations|effects)\b",
        ),
        (
            "opt-card-activation",
            "CARD_LIMIT",
            rf"^You can only activate (?:1 )?{_NAME} (?:once )?per (?:turn|Duel)",
        ),
        (
            "opt-hard-each",
            "CARD_LIMIT",
            r"^You can only (?:use|activate|apply) each (?:(?:Pendulum |monster )?[Ee]ffect"
            r"|of (?:the (?:following|preceding|"
            rf"previous) effects|these effects)) of {_NAME} once per (?:turn|Duel)"
            rf"|^You can only use the Summoning effect, and the other effect, of {_NAME} each once per turn",
        ),
        (
            "opt-hard-one-effect",
            "CARD_LIMIT",
            rf"^You can only use 1 (?:{_NAME} effect|(?:monster |Pendulum )?effect of {_NAME}"
            rf"|of (?:the following|these) effects of {_NAME}) per turn",
        ),
        (
            "opt-hard-nth",
            "CARD_LIMIT",
            r"^You can only use the (?P<nth>1st|2nd|3rd|4th|first|second|third|fourth) "
            rf"(?:effect|of the following effects) of {_NAME} once per",
        ),
        (
            "opt-per-chain",
            "OWN_LIMIT",
            rf"^You can only (?:use|activate) (?:this|the) effect(?: of {_NAME})? once per Chain",
        ),
        (
            "opt-hard-this",
            "OWN_LIMIT",
            r"^You can only (?:use|activate|apply) (?:this|the(?: following| previous| preceding)?) "
            rf"effect(?: of {_NAME})?(?: [^.]*?)? once per"
            r"|^This effect(?: of " + _NAME + r")? can only (?:be used|activate) once per"
            r"|^You can only use this effect during your turn, once per turn"
            rf"|^(?:The|This) effect of {_NAME} can only be used once per"
            r"|^This card's effect can only be used once per"
            r"|^The turn player can only use this effect(?: of " + _NAME + r")? once per",
        ),
        (
            "opt-several-times",
            "OWN_LIMIT",
            rf"^(?:If [^.]*, )?[Yy]ou can (?:only )?use this effect(?: of {_NAME})? (?:up to )?"
            r"(?:twice|thrice|(?:\d+|three|four|five) times|a number of times) per turn",
        ),
        (
            "summon-limit",
            "CARD_LIMIT",
            r"^You can only (?:Special |Normal |Tribute |Link |Synchro |Xyz |Fusion )?Summon "
            rf"{_NAME}(?:\(s\))? once per (?:turn|Duel)\.?$",
        ),
        (
            "opt-hard-procedure",
            "OWN_LIMIT",
            r"^You can only (?:Special |Normal |Tribute |Link |Synchro |Xyz |Fusion )?Summon "
            rf"{_NAME} once per",
        ),
    )
)
_LIMIT_STARTS = (
    "You can only",
    "You can use",
    "You can activate",
    "This card's effects",
    "The turn player can only",
    "This effect",
    "The effect",
    "This card's effect",
    "Your opponent cannot",
    "Neither player",
    "If ",
    "After this",
    "Destroy this card during",
    "Send this card to the",
    "You must",
    "To activate this card",
    "You cannot",
)
# A bullet that is a whole effect: "● You can …", "● (Quick Effect): You can …", "● If …: You can …".
_WHOLE_BULLET = re.compile(r"^[●•■] (?:\(x*\): |[^:;]*: )?You can\b")
_NO_BATTLE_DAMAGE = re.compile(
    r"^(?:You take no|Neither player takes(?: any)?) (?:battle )?damage"
    r" from (?:battles|attacks) involving this\b"
)
_NOT_DESTROYED_BY_BATTLE = re.compile(r"^(?:This card )?[Cc]annot be destroyed by battle\b")
# This card's two protections printed as two sentences, one effect today ("…, also …"): not destroyed,
# then not targeted, or the other way round.
_PROTECTION_PAIR = re.compile(
    r"^(?:This card )?[Cc]annot be destroyed by [^.]*\."
    r" (?:Your opponent|Neither player) cannot target this card\b"
    r"|^(?:Your opponent|Neither player) cannot target this card [^.]*\."
    r" (?:This card )?[Cc]annot be destroyed by\b"
)
_FROM_HAND = re.compile(r"^You can activate this card from your hand\b")
_LISTING = re.compile(r"\b(?:the following|these) effects\b")
_SCOPE = re.compile(
    r"\b(?:each|1|one|1st|2nd|3rd|4th|first|second|third|fourth) of (?:the )?"
    r"(following|preceding|previous|these) effects\b"
)
# "these effects" is followed by them, as bullets
_SCOPES = {"following": "following", "these": "following", "preceding": "preceding", "previous": "preceding"}
_THE_FOLLOWING = re.compile(r"^You can only (?:use|activate|apply) the following effect\b")
_PER_DUEL = re.compile(r"\bonce per Duel\b")
_NTH = {"1st": 0, "first": 0, "2nd": 1, "second": 1, "3rd": 2, "third": 2, "4th": 3, "fourth": 3}
# "always treated as" says what the card counts as, a rule of the card, never an entry of its own
# (the Japanese text writes it before ①); "This card's name becomes …" is a continuous effect (①).
NAME_CLAUSE = re.compile(
    r"^\(?This card(?:'s (?:original )?name)? is "
    r"(?:(?:also |not )?always treated as|(?:also|not) treated as)\b"
)
# A bullet that is an effect of its own, not one choice or case of the effect before it.
_CONDITION_START = re.compile(r"^[●•■] (?:If|When|During|While|Once per turn|\(Quick Effect\)|FLIP)\b")
# A plain sentence of a one-shot card that is an effect of its own, not part of the activation.
_OWN_EFFECT = re.compile(
    r"\bthat has this card as (?:Xyz )?material\b|\bthis card (?:is )?in your (?:GY|Graveyard)\b"
    r"|\bthis card from your (?:GY|Graveyard)\b"
)
_ACTIVATED_ITSELF = re.compile(r"^(?:When|If) this card is activated\b")
_ACTIVATE_ONLY = re.compile(r"^(?:Activate (?:this card )?only|This card can only be activated)\b")
# A Trap Card that Special Summons itself as a monster: what it does as a monster is an effect of its own.
_TRAP_MONSTER = re.compile(
    r"^Special Summon this card (?:in [\w-]+ Position )?as an? (?:Effect|Normal) Monster\b"
)
_FACE_UP_TO_RESOLVE = re.compile(r"\bto activate and (?:to )?resolve\b")
# A die's or a coin's results, one line each ("1: Halve your LP.", "Heads: …"): cases of one effect.
_CASE = re.compile(r"^(?:\d+(?: ?[-~] ?\d+)?|Heads|Tails): ")


@dataclass
class Limit:
    """A once-per-turn clause: its text, its rule, whether it is once per Duel, the Nth effect."""

    text: str
    rule: str
    per_duel: bool
    nth: int | None = None
    scope: str = "all"  # or "following" / "preceding": the effects printed after or before it
    place: int = 0  # how many effects of its text box are printed before it


@dataclass
class Entry:
    """An effect's sentences, with its own once-per-turn clause if it has one."""

    sentences: list[Sentence] = field(default_factory=list)
    limit: Limit | None = None


def limit_of(sentence: Sentence) -> tuple[str, Limit] | None:
    """A once-per-turn clause's role and reading, or None if the sentence is not one."""
    masked = sentence.masked
    if not masked.startswith(_LIMIT_STARTS):
        return None
    for rule, role, pattern in LIMITS:
        if match := pattern.match(masked):
            if rule == "opt-hard-this" and _THE_FOLLOWING.match(masked):
                # "the following effect": the first effect printed after it, not the one before
                return "CARD_LIMIT", Limit(
                    sentence.text, "opt-hard-nth", bool(_PER_DUEL.search(masked)), 0, "following"
                )
            nth = _NTH[match.group("nth")] if "nth" in pattern.groupindex else None
            scope = _SCOPE.search(masked)
            word = scope.group(1) if scope else "all"
            return role, Limit(
                sentence.text, rule, bool(_PER_DUEL.search(masked)), nth, _SCOPES.get(word, "all")
            )
    return None


def role_of(
    sentence: Sentence,
    entries: int,
    first: Sentence | None,
    absorb: bool,
    listed: bool,
    in_bullet: bool = False,
) -> str:
    """A sentence's role, given how many effects started before it and the current one's first
    sentence; `absorb`: a one-shot Spell/Trap, whose plain sentences belong to its activation;
    `listed`: the bullets follow a clause about "the following effects", so each is an effect;
    `in_bullet`: the sentence continues a line that starts with a bullet."""
    masked = sentence.masked
    aside = masked.startswith("(") and masked.endswith(")")
    inner = sentence.text[1:] if aside else masked
    if NAME_CLAUSE.match(inner):
        return "NAME"
    if "resolve" in masked and _FACE_UP_TO_RESOLVE.search(masked):
        return "NAME" if first is None else "MORE"  # restricts the effect it is printed beside
    if masked.startswith("-") and masked.endswith("!-"):
        return "NAME" if first is None else "MORE"  # a line the monster says ("-I Summon …!-")
    if first is None:
        # "This card's activation and effect cannot be negated." printed first: of the effect after it
        return "NAME" if _NEGATION_CLAUSE.match(masked) else "EFFECT"
    if in_bullet and not sentence.new_line and not sentence.bullet:
        return "MORE"  # the rest of a bullet's line is that bullet's (a granted effect's) text
    if entries == 1 and _ACTIVATED_ITSELF.match(masked) and _ACTIVATE_ONLY.match(first.masked):
        return "MORE"  # "Activate only …. When this card is activated: …" is one activation
    if _CASE.match(masked):
        return "MORE"
    if sentence.colon >= 0 and (
        (not sentence.bullet and masked[: sentence.colon].strip())
        or (listed and _CONDITION_START.match(masked))
    ):
        return "EFFECT"
    if listed and sentence.bullet:
        return "EFFECT"  # "each of the following effects": each bullet is one
    if not sentence.bullet and not aside and _WHOLE_RULE.match(first.masked):
        # a rule of the card (how it is Summoned, what it equips to) is one sentence: "It …" after
        # it is an effect of its own
        return (
            "MORE" if _SUMMON_CONDITION.match(masked) and _SUMMON_CONDITION.match(first.masked) else "EFFECT"
        )
    plain = sentence.colon < 0 and sentence.semi < 0
    if plain and _BOUND.match(masked):
        return "EFFECT"  # "If that monster is destroyed, destroy this card": a continuous effect of its own
    if sentence.bullet and not aside and _SUMMON_CONDITION.match(first.masked):
        return (
            "EFFECT"  # bullets after a Summoning condition are effects the monster has, not the condition's
        )
    if plain and _NO_BATTLE_DAMAGE.match(masked) and _NOT_DESTROYED_BY_BATTLE.match(first.masked):
        return (
            "MORE"  # the older way to print "Cannot be destroyed by battle, also you take no battle damage …"
        )
    if (
        plain
        and "annot" in masked
        and first.colon < 0
        and first.semi < 0
        and _PROTECTION_PAIR.match(first.masked + " " + masked)
    ):
        return "MORE"  # the older way to print "Cannot be destroyed by card effects, also … cannot target it"
    if sentence.bullet or aside or _CONTINUATION.match(sentence.text) or _NEGATION_CLAUSE.match(masked):
        return "MORE"
    if _UNION_SUBSTITUTE.match(masked) and _EQUIPS_THIS_CARD.search(first.masked):
        return "MORE"
    if _SUMMONED_THIS_WAY.match(masked) and not (
        _SUMMON_CONDITION.match(first.masked) or (entries == 1 and _TRAP_MONSTER.match(first.masked))
    ):
        return "MORE"
    if plain and absorb and entries == 1 and not _OWN_EFFECT.search(masked):
        return "MORE"
    if (
        plain
        and ("turn" in masked or "ctivate" in masked or "response" in masked)
        and _RESTRICTION.search(masked)
    ):
        return "MORE"
    if _SUMMON_CONDITION.match(masked) and _SUMMON_CONDITION.match(first.masked):
        return "MORE"
    return "EFFECT"


class _Roles(Lexer):
    """The roles, already assigned, fed to the parser as its tokens (value: the sentence's index)."""

    def __init__(self, conf: object) -> None:
        pass

    def lex(self, data: list[Token]) -> list[Token]:  # type: ignore[override]
        return data


_PARSER = Lark(GRAMMAR, parser="lalr", lexer=_Roles)


def group(sentences: list[Sentence], absorb: bool) -> tuple[list[Entry], list[Limit]]:
    """A text box's sentences grouped into effects, and its clauses for the whole card."""
    tokens: list[Token] = []
    limits: dict[int, Limit] = {}
    entries = 0
    first: Sentence | None = None
    listed = False
    each = False  # after "You can only use each effect of …": a bullet that is a whole effect is one
    in_bullet = False
    for index, sentence in enumerate(sentences):
        in_bullet = sentence.bullet if sentence.new_line or sentence.bullet else in_bullet
        found = limit_of(sentence)
        if found and absorb and entries == 1 and _FROM_HAND.match(sentence.masked):
            role = "MORE"  # a one-shot card's "You can activate this card from your hand …": its activation's
        elif found:
            role, limits[index] = found
            limits[index].place = entries
            listed = bool(_LISTING.search(sentence.masked))
            each = (
                limits[index].rule in ("opt-hard-each", "opt-hard-one-effect")
                and limits[index].scope != "preceding"
            )
        else:
            listed = listed and sentence.bullet
            each = each and sentence.bullet
            whole = each and bool(_WHOLE_BULLET.match(sentence.masked))
            role = role_of(sentence, entries, first, absorb, listed or whole, in_bullet)
            if role == "EFFECT":
                entries += 1
                first = sentence
        tokens.append(Token(role, index))  # type: ignore[arg-type]
    tree = _PARSER.parse(tokens)  # type: ignore[arg-type]
    out: list[Entry] = []
    card: list[Limit] = []
    pending: list[int] = []
    for node in tree.children:
        if isinstance(node, Token):
            card.append(limits[int(node.value)])
            continue
        indexes = [int(t.value) for t in node.children]
        if node.data == "lead":
            pending += indexes
            continue
        entry = Entry()
        for index in pending + indexes:
            if index in limits:
                entry.limit = limits[index]
            entry.sentences.append(sentences[index])
        pending = []
        out.append(entry)
    if pending:
        target = out[-1] if out else Entry()
        for index in pending:
            if index in limits:
                target.limit = limits[index]
            target.sentences.append(sentences[index])
        if not out and target.sentences:
            out.append(target)
    return out, card
