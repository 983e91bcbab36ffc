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

from .meaning import _CONTINUATION, _NEGATION_CLAUSE, _RESTRICTION, _SUMMON_CONDITION
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
            r"|^(?:If [^.]*, )?(?:you can activate (?:this card|it) (?:from your hand|the turn it was Set)"
            r"|it can be activated (?:this turn|the turn it was Set))"
            r"|^After this card's activation, it remains on the field"
            r"|^You cannot [^.]*\bthe turn you activate (?:either|any) of this card's effects\b"
            r"|^Destroy this card during (?:your|the) \w+ (?:Standby|End) Phase after "
            r"(?:its |this card's )?activation",
        ),
        (
            "opt-card-activation",
            "CARD_LIMIT",
            rf"^You can only activate (?:1 )?{_NAME} (?:once )?per (?:turn|Duel)",
        ),
        (
            "opt-hard-each",
            "CARD_LIMIT",
            r"^You can only (?:use|activate) each (?:(?:Pendulum |monster )?[Ee]ffect"
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
            r"^You can only use the (?P<nth>1st|2nd|3rd|4th|first|second|third|fourth) effect of "
            rf"{_NAME} once per",
        ),
        (
            "opt-hard-this",
            "OWN_LIMIT",
            r"^You can only (?:use|activate|apply) (?:this|the(?: following| previous| preceding)?) "
            rf"effect(?: of {_NAME})?(?: [^.]*?)? once per"
            r"|^This effect(?: of " + _NAME + r")? can only (?:be used|activate) once per"
            r"|^You can only use this effect during your turn, once per turn"
            rf"|^(?:The|This) effect of {_NAME} can only be used once per"
            r"|^This card's effect can only be used once per",
        ),
        (
            "opt-several-times",
            "OWN_LIMIT",
            rf"^You can only use this effect of {_NAME} (?:up to )?"
            r"(?:twice|thrice|(?:\d+|three|four|five) times) per turn",
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
    "This effect",
    "The effect",
    "This card's effect",
    "Your opponent cannot",
    "Neither player",
    "If ",
    "After this",
    "Destroy this card during",
    "You cannot",
)
_LISTING = re.compile(r"\b(?:the following|these) effects\b")
_SCOPE = re.compile(r"\beach of the (following|preceding|previous) effects\b")
_SCOPES = {"following": "following", "preceding": "preceding", "previous": "preceding"}
_PER_DUEL = re.compile(r"\bonce per Duel\b")
_NTH = {"1st": 0, "first": 0, "2nd": 1, "second": 1, "3rd": 2, "third": 2, "4th": 3, "fourth": 3}
# "always treated as" says what the card counts as, a rule of the card, never an entry of its own
# (the Japanese text writes it before ①); "This card's name becomes …" is a continuous effect (①).
NAME_CLAUSE = re.compile(
    r"^\(?This card(?:'s (?:original )?name)? is (?:(?:also |not )?always treated as|also treated as)\b"
)
# A bullet that is an effect of its own, not one choice or case of the effect before it.
_CONDITION_START = re.compile(r"^[●•■] (?:If|When|During|While|Once per turn|\(Quick Effect\)|FLIP)\b")
# A plain sentence of a one-shot card that is an effect of its own, not part of the activation.
_OWN_EFFECT = re.compile(
    r"\byou can (?!only)|\bthis card (?:is )?in your (?:GY|Graveyard)\b"
    r"|\bthis card from your (?:GY|Graveyard)\b"
)
_BULLET_YOU_CAN = re.compile(r"^[●•■] (?:Once per turn[,:] )?You can\b")
_ACTIVATED_ITSELF = re.compile(r"^(?:When|If) this card is activated\b")
_ACTIVATE_ONLY = re.compile(r"^(?:Activate (?:this card )?only|This card can only be activated)\b")
_FACE_UP_TO_RESOLVE = re.compile(r"\bto activate and to resolve\b")


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
            nth = _NTH[match.group("nth")] if "nth" in pattern.groupindex else None
            scope = _SCOPE.search(masked)
            word = scope.group(1) if scope else "all"
            return role, Limit(
                sentence.text, rule, bool(_PER_DUEL.search(masked)), nth, _SCOPES.get(word, "all")
            )
    return None


def role_of(sentence: Sentence, entries: int, first: Sentence | None, absorb: bool, listed: bool) -> str:
    """A sentence's role, given how many effects started before it and the current one's first
    sentence; `absorb`: a one-shot Spell/Trap, whose plain sentences belong to its activation;
    `listed`: the bullets follow a clause about "the following effects", so each is an effect."""
    masked = sentence.masked
    aside = masked.startswith("(") and masked.endswith(")")
    inner = sentence.text[1:] if aside else masked
    if NAME_CLAUSE.match(inner):
        return "NAME"
    if _FACE_UP_TO_RESOLVE.search(masked):
        return "NAME" if first is None else "MORE"  # restricts the effect it is printed beside
    if masked.startswith("-") and masked.endswith("!-"):
        return "NAME" if first is None else "MORE"  # a line the monster says ("-I Summon …!-")
    if first is None:
        return "EFFECT"
    if entries == 1 and _ACTIVATED_ITSELF.match(masked) and _ACTIVATE_ONLY.match(first.masked):
        return "MORE"  # "Activate only …. When this card is activated: …" is one activation
    if sentence.colon >= 0 and (
        (not sentence.bullet and masked[: sentence.colon].strip())
        or (listed and _CONDITION_START.match(masked))
    ):
        return "EFFECT"
    if listed and (sentence.semi >= 0 or _BULLET_YOU_CAN.match(masked)):
        return "EFFECT"  # "each of the following effects": each bullet is one
    if sentence.bullet or aside or _CONTINUATION.match(sentence.text) or _NEGATION_CLAUSE.match(masked):
        return "MORE"
    plain = sentence.colon < 0 and sentence.semi < 0
    if plain and absorb and entries == 1 and not _OWN_EFFECT.search(masked):
        return "MORE"
    if plain and _RESTRICTION.search(masked):
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
    for index, sentence in enumerate(sentences):
        found = limit_of(sentence)
        if found:
            role, limits[index] = found
            limits[index].place = entries
            listed = bool(_LISTING.search(sentence.masked))
        else:
            listed = listed and sentence.bullet
            role = role_of(sentence, entries, first, absorb, listed)
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
