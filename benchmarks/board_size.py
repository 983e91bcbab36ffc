"""What a step costs when the Decks and GYs are big: replay the same 50 actions on the plain board
and with 1,000 more cards in each player's Deck and GY, and compare the CPU time.

    .venv/bin/python benchmarks/board_size.py [--rounds 7] [--actions 50] [--extra 1000]
    .venv/bin/python benchmarks/against.py REF benchmarks/board_size.py

Each replay is the whole `engine.replay` with its default options (reading the document, every
step with `legal` and its board, the result). Prints the minimum and the median CPU time
(`time.process_time`) of each, and the ratio of the big board to the plain one (the aim of issue
12: within 1.5x). Two parts grow with the piles whatever the steps do, so they are also shown
apart: reading the document (every card is read) and writing each step's board out (every card
of every pile is written). "steps" is the rest: what the rules cost.
A benchmark, not a test: it prints figures and never fails on them.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from against import bench_root  # noqa: E402

bench_root()

from scenarios import long_game, with_extra_cards  # noqa: E402

from engine import replay  # noqa: E402

driver = importlib.import_module("engine.replay")  # the module (`engine.replay` is the function)

PARTS = {"load_scenario": "reading", "board_to_dict": "boards"}  # the driver's names -> labels
spent: dict[str, float] = dict.fromkeys(PARTS.values(), 0.0)


def _timed(label: str, func: Callable[..., Any]) -> Callable[..., Any]:
    def timed(*args: Any, **kwargs: Any) -> Any:
        start = time.process_time()
        try:
            return func(*args, **kwargs)
        finally:
            spent[label] += time.process_time() - start

    return timed


for _name, _label in PARTS.items():  # the tree measured may have moved them: then they read 0
    if hasattr(driver, _name):
        setattr(driver, _name, _timed(_label, getattr(driver, _name)))

# a driver that writes its boards through a `BoardWriter` (one per replay) no longer calls
# `board_to_dict`: time the writer's `write` instead
_writer = getattr(importlib.import_module("engine.serialize"), "BoardWriter", None)
if _writer is not None and not hasattr(driver, "board_to_dict"):
    _writer.write = _timed("boards", _writer.write)


def cpu_times(doc: dict, rounds: int) -> dict[str, list[float]]:
    """The CPU seconds of each of `rounds` replays of `doc`: whole, and in parts."""
    times: dict[str, list[float]] = {"total": [], **{label: [] for label in spent}, "steps": []}
    for _ in range(rounds):
        spent.update(dict.fromkeys(spent, 0.0))
        start = time.process_time()
        replay(doc)
        total = time.process_time() - start
        times["total"].append(total)
        for label, seconds in spent.items():
            times[label].append(seconds)
        times["steps"].append(total - sum(spent.values()))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--actions", type=int, default=50)
    parser.add_argument("--extra", type=int, default=1000)
    args = parser.parse_args()
    plain = long_game(args.actions)
    big = with_extra_cards(plain, args.extra)
    replay(plain)  # warm the catalog and glossary caches, as a running server has them
    print(f"{args.actions} actions, {args.rounds} rounds; CPU ms, min / median")
    runs = {"plain": cpu_times(plain, args.rounds), f"+{args.extra}": cpu_times(big, args.rounds)}
    (small, large) = runs.values()
    print(f"{'':>8} {'plain':>17} {f'+{args.extra} in each Deck and GY':>28} {'ratio (min)':>12}")
    for part in small:
        cells = [
            f"{min(t) * 1000:7.1f} / {statistics.median(t) * 1000:7.1f}" for t in (small[part], large[part])
        ]
        ratio = min(large[part]) / min(small[part]) if min(small[part]) > 0 else float("nan")
        print(f"{part:>8} {cells[0]:>17} {cells[1]:>28} {ratio:>11.2f}x")


if __name__ == "__main__":
    main()
