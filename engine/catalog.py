"""The card catalog as a replay uses it: every card file read against the schema
(engine.cards), then every word it names (operations, activation conditions, amounts, named
selectors, trigger events) checked against the vocabularies (engine.vocabulary).

The rule modules that implement the words are imported first, so the vocabularies are full;
a card naming a word none of them knows fails here, with the card and the field named."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import engine.operations  # noqa: F401  (registers the operations, amounts and named selectors)
import engine.rules.conditions  # noqa: F401  (registers the activation conditions)
import engine.rules.trigger_events  # noqa: F401  (registers the trigger events)
from engine import cards
from engine.cards import CardDef, CatalogError
from engine.vocabulary import unknown_words

__all__ = ["CatalogError", "check_words", "load_catalog", "parse_card"]


def check_words(card: CardDef, source: str) -> None:
    """Raise CatalogError naming the source and each field whose word no vocabulary knows."""
    problems = unknown_words(card)
    if problems:
        raise CatalogError("\n".join(f"{source}: {problem}" for problem in problems))


def parse_card(data: Any, source: str) -> CardDef:
    """One card mapping (a scenario's `cards` entry, an imported card), schema and words checked."""
    card = cards.parse_card(data, source)
    check_words(card, source)
    return card


@lru_cache(maxsize=1)
def load_catalog() -> dict[str, CardDef]:
    """Every card file, schema and words checked, keyed by lower-case name; once per process.
    The same mapping as engine.cards.load_catalog() (which rules read a Token from), checked."""
    catalog = cards.load_catalog()
    problems = []
    for card in catalog.values():
        try:
            check_words(card, f"{card.name}")
        except CatalogError as err:
            problems.append(str(err))
    if problems:
        raise CatalogError("\n".join(problems))
    return catalog
