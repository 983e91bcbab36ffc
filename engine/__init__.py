"""Duel Arbiter's rules engine: a pure-Python library (no Django).

Board state and actions in, a replay out. The public surface is small on purpose:

    >>> from engine import replay, parse_document
    >>> doc = parse_document(text, fmt="yaml")     # raises DocumentError
    >>> result = replay(doc)                       # raises DocumentError; dict per the spec
    >>> lean = replay(doc, boards="changes", legal="none")  # options: README, "Replay options"
    >>> page = replay(doc, boards="final", legal="none", focus=3)  # step 3 alone: board, legal
    >>> what_if = fork(doc, 5)  # a new document from step 5's board and the actions after it

Everything else (the catalog, the glossary, the explanation codes) is reachable from here too.
"""

from engine.api import (
    CODES,
    REPLAY_OPTIONS,
    DocumentError,
    card_catalog,
    card_names,
    examples,
    fork,
    fork_points,
    glossary,
    glossary_entry,
    parse_document,
    replay,
)

__all__ = [
    "CODES",
    "REPLAY_OPTIONS",
    "DocumentError",
    "card_catalog",
    "card_names",
    "examples",
    "fork",
    "fork_points",
    "glossary",
    "glossary_entry",
    "parse_document",
    "replay",
]
