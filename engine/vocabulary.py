"""The words a card file may name beyond its schema's own keys: operations (`do: - op:`),
activation conditions (`condition:`), amounts (`amount:`), named selectors (`cards:`) and
trigger events (`event:`).

Each vocabulary is a registry of small named functions: the rule code that implements a word
(engine.operations, engine.rules.conditions, engine.rules.triggers) registers it here under
its name, with the words it writes (one line: what it does). This module holds only the
registries and reads which words a card names; engine.catalog imports the implementations
first, then refuses a card file naming a word no registry knows, naming the card and field.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from engine.cards import CardDef
    from engine.explain import Phrase

F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True, slots=True)
class Word(Generic[F]):
    """One registered word: its name, the function that does it, and what it does in words."""

    name: str
    fn: F
    words: str


class Vocabulary(Generic[F]):
    """The words of one kind (`what`: "operation", "trigger event"...), by name."""

    def __init__(self, what: str) -> None:
        self.what = what
        self._words: dict[str, Word[F]] = {}

    def register(self, name: str, words: str) -> Callable[[F], F]:
        """Decorator: register the function under `name`, with what it does in words."""

        def add(fn: F) -> F:
            self.add(name, fn, words)
            return fn

        return add

    def add(self, name: str, fn: F, words: str) -> None:
        if name in self._words:
            raise ValueError(f"{self.what} {name!r} is registered twice")
        if not words.strip():
            raise ValueError(f"{self.what} {name!r} needs the words it writes")
        self._words[name] = Word(name, fn, words)

    def __getitem__(self, name: str) -> F:
        return self._words[name].fn

    def __contains__(self, name: object) -> bool:
        return name in self._words

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._words))

    def __len__(self) -> int:
        return len(self._words)

    def words(self, name: str) -> str:
        """What the word does, in one line."""
        return self._words[name].words

    def unknown(self, name: str) -> str:
        """Why a name is refused: the message a card file naming it gets."""
        return f"unknown {self.what} {name!r}; known: {', '.join(self)}"


# an operation returns what it did, a condition what is missing (None: met), as engine.explain phrases
OPERATIONS: Vocabulary[Callable[..., str | Phrase]] = Vocabulary("operation")
CONDITIONS: Vocabulary[Callable[..., str | Phrase | None]] = Vocabulary("activation condition")
AMOUNTS: Vocabulary[Callable[..., int]] = Vocabulary("amount")
SELECTORS: Vocabulary[Callable[..., list[Any]]] = Vocabulary("selector")
EVENTS: Vocabulary[Callable[..., bool]] = Vocabulary("trigger event")
ALL = (OPERATIONS, CONDITIONS, AMOUNTS, SELECTORS, EVENTS)


def words_named(card: CardDef) -> Iterator[tuple[str, Vocabulary[Any], str]]:
    """Every vocabulary word a card names: (its field as a dotted path, its vocabulary, the name)."""
    for i, effect in enumerate(card.effects):
        at = f"effects.{i}"
        if effect.event is not None:
            yield f"{at}.event", EVENTS, effect.event
        if isinstance(effect.condition, str):
            yield f"{at}.condition", CONDITIONS, effect.condition
        else:
            for j, condition in enumerate(effect.condition or ()):
                yield f"{at}.condition.{j}", CONDITIONS, condition
        for j, step in enumerate(effect.do):
            yield f"{at}.do.{j}.op", OPERATIONS, step.op
            if isinstance(step.amount, str):
                yield f"{at}.do.{j}.amount", AMOUNTS, step.amount
            if isinstance(step.cards, str):
                yield f"{at}.do.{j}.cards", SELECTORS, step.cards


def unknown_words(card: CardDef) -> list[str]:
    """`field: why` for each word the card names that no vocabulary knows."""
    return [f"{path}: {vocabulary.unknown(name)}" for path, vocabulary, name in words_named(card)
            if name not in vocabulary]  # fmt: skip
