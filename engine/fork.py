"""Forks: a new scenario that starts from the board of one step of a replay and goes on with the
actions after it ("what if B had not chained Book of Moon here?" is then one edit away).

A step can be forked where everything the rules need next is on its written board (the board
carries the lasting effects, this turn's counts and what later triggers remember: `serialize`):
after the last step of an action, with no chain open or being built, no attack in progress, no
Summon still negatable or just made (a Trap Hole could still answer it), no card just added from
the Deck for Droll & Lock Bird to answer, and the duel not over. Replaying the fork gives the
same result and final board as the rest of the original replay.
"""

from __future__ import annotations

from typing import Any

from engine.errors import DocumentError, Problem
from engine.replay import run
from engine.scenario import load_scenario
from engine.serialize import BoardWriter
from engine.state import Game


def _settled(game: Game) -> bool:
    """Is nothing pending that the board cannot carry?"""
    return not (
        game.chain or game.building or game.waiting or game.battle or game.summon_attempt
        or game.last_summon or game.last_added or game.replay_attacker or game.result or game.passed
    )  # fmt: skip


def _replayed(document: dict[str, Any]) -> tuple[list[dict[str, Any]], list[Game]]:
    games: list[Game] = []
    result = run(load_scenario(document), boards="final", legal="none", games=games)
    return result["steps"], games


def _forkable(steps: list[dict[str, Any]], games: list[Game]) -> list[int]:
    out = []
    for i, (step, game) in enumerate(zip(steps, games, strict=True)):
        after = steps[i + 1] if i + 1 < len(steps) else None
        ends_action = after is None or (after["action"] is not None and after["action"] != step["action"])
        if ends_action and _settled(game):
            out.append(step["n"])
    return out


def fork_points(document: dict[str, Any]) -> list[int]:
    """The steps of this document's replay that can be forked."""
    return _forkable(*_replayed(document))


def fork(document: dict[str, Any], step: int) -> dict[str, Any]:
    """The scenario document that starts from step `step`'s board and goes on with the actions
    after that step's. Raises DocumentError for a bad document or a step that cannot be forked."""
    steps, games = _replayed(document)
    if step not in _forkable(steps, games):
        why = "no such step" if not 1 <= step <= len(steps) else "something is still pending there"
        raise DocumentError([Problem("step", f"step {step} cannot be forked: {why}")])
    done = max((s["action"] for s in steps[:step] if s["action"] is not None), default=-1)
    out: dict[str, Any] = {"format": document["format"]}
    if document.get("cards"):
        out["cards"] = document["cards"]
    out["board"] = BoardWriter().write(games[step - 1].board, games[step - 1])
    out["actions"] = list(document.get("actions") or [])[done + 1 :]
    return out
