"""What effects do: the operations a card file names (`do: - op: destroy`), one module per
concept, each registered under its name in engine.vocabulary.OPERATIONS with the words it writes.

Each handler acts through the Tx (so every change leaves an event) and says in words what it
did, so the log a judge reads comes from the same code that acts. Importing this package
registers every operation, named amount (`amounts`) and named selector (`selectors`).
"""

from __future__ import annotations

from engine.operations import (
    amounts,
    battle,
    control,
    lasting,
    life_points,
    moves,
    negation,
    selectors,
    stats,
    summons,
)
from engine.operations.context import Context, select
from engine.vocabulary import OPERATIONS

__all__ = ["OPERATIONS", "Context", "select", "amounts", "battle", "control", "lasting", "life_points",
           "moves", "negation", "selectors", "stats", "summons"]  # fmt: skip
