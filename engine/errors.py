"""The engine's error taxonomy, small on purpose.

A document that cannot be read is a DocumentError listing every problem with its path. An
illegal action is not an error: the replay marks the step illegal and goes on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.explain import explain


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a document, and where: a dotted path like `board.turn`."""

    path: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"path": self.path, "message": self.message}

    def __str__(self) -> str:
        return f"{self.path or '(document)'}: {self.message}"


class DocumentError(ValueError):
    """A scenario document that cannot be replayed; `errors` lists every problem."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))

    @property
    def errors(self) -> list[dict[str, str]]:
        return [p.to_dict() for p in self.problems]


class Illegal(Exception):
    """The action breaks a rule: the step is marked illegal and the board stays as it was."""

    def __init__(self, code: str, *, cards: tuple[str, ...] | None = None, **params: Any):
        """`code` and its sentence's parameters, as `engine.explain.explain` takes them."""
        self.explanation = explain(code, cards=cards, **params)
        super().__init__(code)

    def __str__(self) -> str:
        """The sentence, rendered only when asked for (`legal` tries many activations that fail)."""
        return self.explanation.text
