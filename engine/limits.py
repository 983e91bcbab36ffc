"""The limits on what a scenario may ask of the engine, in one place (spec, "Limits").

A document over a limit is refused before it is replayed, with the limit named: the pages, the
API and the command line use the same `LIMITS` (the command line may raise them with flags).
What a refusal quotes of the input is cut short (`excerpt`), so an error never grows with it.
"""

from __future__ import annotations

import reprlib
from dataclasses import dataclass
from typing import Any

from engine.errors import DocumentError, Problem


@dataclass(frozen=True, slots=True)
class Limits:
    """Each limit, with what it bounds. A real scenario is a few kilobytes, a dozen actions and a
    turn or two; the defaults leave room for a whole long game (1,000 actions over 200 turns)."""

    body_bytes: int = 1024 * 1024  # the document's text (the HTTP body, the uploaded file)
    depth: int = 32  # lists and mappings inside one another (a scenario needs about 8)
    actions: int = 1000  # entries of `actions`
    turns: int = 250  # turns a replay may run: `end_turn` actions, the only way to a new turn
    steps: int = 5000  # steps a replay may make (actions plus what the rules do by themselves)
    output_cards: int = (
        500_000  # cards the steps' whole boards may write, all steps together (~35 MB of JSON)
    )
    problems: int = 100  # problems listed in one document error; the rest are counted


LIMITS = Limits()

# What a message calls what each limit counts
UNITS = {
    "body_bytes": "bytes of text",
    "depth": "levels of nesting",
    "actions": "actions",
    "turns": "turns",
    "steps": "replay steps",
    "output_cards": "cards written in step boards",
    "problems": "problems",
}


class TooLarge(DocumentError):
    """The document's text is over `body_bytes` (HTTP 413, not 400)."""


def exceeded(path: str, limit: str, value: int, limits: Limits, hint: str = "") -> DocumentError:
    """A DocumentError naming the limit, its value and what the document has."""
    most = getattr(limits, limit)
    message = f"{value} {UNITS[limit]} is over the limit of {most} ({limit})"
    if hint:
        message += f"; {hint}"
    error_class = TooLarge if limit == "body_bytes" else DocumentError
    return error_class([Problem(path, message)])


_SHORT = reprlib.Repr()
_SHORT.maxstring = 60
_SHORT.maxother = 60
_SHORT.maxlevel = 2
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxdict = _SHORT.maxset = 4


def excerpt(value: Any) -> str:
    """A value as an error quotes it: `repr`, cut short, never expanding nested or shared parts."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"a {len(str(value)) if value.bit_length() < 10_000 else 'very'}-digit number"
    return _SHORT.repr(value)


def listing(words: list[str], most: int = 12) -> str:
    """Words joined by commas, at most `most` of them and how many more."""
    if len(words) <= most:
        return ", ".join(words)
    return f"{', '.join(words[:most])} and {len(words) - most} more"


def check_depth(data: Any, limits: Limits = LIMITS) -> None:
    """Refuse data nested deeper than `limits.depth`, without recursing (the check must hold
    for the very data it refuses)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            children = node.values()
        elif isinstance(node, list):
            children = node
        else:
            continue
        if depth > limits.depth:
            raise exceeded("", "depth", depth, limits, "a scenario needs far fewer")
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))


def _cut(text: str, most: int) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


def capped(problems: list[Problem], limits: Limits = LIMITS) -> list[Problem]:
    """At most `limits.problems` problems, the last one saying how many more there are; a path
    (made of the document's own keys) or a message is cut short if it is long."""
    kept = [Problem(_cut(p.path, 200), _cut(p.message, 2000)) for p in problems[: limits.problems]]
    if len(problems) > limits.problems:
        rest = len(problems) - limits.problems
        kept.append(Problem("", f"and {rest} more problems (limit: problems)"))
    return kept
