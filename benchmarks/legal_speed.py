"""What `legal` costs: `legal_now` over every step of `long_game(50)`, and the whole default replay.

    .venv/bin/python benchmarks/legal_speed.py [--runs N]
    .venv/bin/python benchmarks/against.py REF benchmarks/legal_speed.py   # REF's engine, then this one

Prints CPU time (`time.process_time`, min and median of N runs) of:
- `legal_now` over the games of every step of `long_game(50)` (70 steps), each run on games
  replayed afresh (so nothing kept on a board by an earlier run is reused);
- the replay with the default options (`legal` on every step) and with `legal=none`.

For a figure a busy machine does not blur, count instructions with callgrind: `--count legal N`
runs N passes of `legal_now` (on fresh games), `--count replay N` N default replays; count N
and 0 and subtract (run the script once first: the catalog cache is rebuilt when engine files
change):

    valgrind --tool=callgrind --callgrind-out-file=/dev/null .venv/bin/python \\
        benchmarks/legal_speed.py --count legal 10

A benchmark, not a test: it prints figures and never fails on them.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from against import bench_root  # noqa: E402

bench_root()  # before the engine is imported: the tree being measured

from scenarios import long_game  # noqa: E402

from engine import replay  # noqa: E402
from engine.rules.legal import legal_now  # noqa: E402

driver = importlib.import_module("engine.replay")


def games(doc: dict[str, Any]) -> list[tuple[Any, Any]]:
    """The (game, names) `legal_now` is asked about at each step of a default replay, replayed
    afresh (new boards: nothing an earlier run derived from them is kept)."""
    asked: list[tuple[Any, Any]] = []

    def record(game: Any, names: Any = None) -> dict[str, Any]:
        asked.append((game, names))
        return {}

    driver.legal_now = record  # type: ignore[attr-defined]
    try:
        replay(doc)
    finally:
        driver.legal_now = legal_now  # type: ignore[attr-defined]
    return asked


def legal_pass(asked: list[tuple[Any, Any]]) -> None:
    for game, names in asked:
        legal_now(game, names)


def _cpu(run: Any, runs: int, prepare: Any = None) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        given = prepare() if prepare else None
        start = time.process_time()
        run(given)
        times.append(time.process_time() - start)
    return min(times) * 1000, statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--count", nargs=2, metavar=("WHAT", "N"), help="legal|replay|games N, no output")
    args = parser.parse_args()
    doc = long_game(50)
    replay(doc)  # warm: catalog, glossary
    if args.count:
        what, n = args.count[0], int(args.count[1])
        for _ in range(n):
            asked = games(doc) if what in ("legal", "games") else None
            if what == "legal":
                legal_pass(asked)  # type: ignore[arg-type]
            elif what == "replay":
                replay(doc)
        return
    steps = len(games(doc))
    low, mid = _cpu(legal_pass, args.runs, lambda: games(doc))
    print(f"legal_now over the {steps} steps of long_game(50): min {low:.2f} ms, median {mid:.2f} ms")
    low, mid = _cpu(lambda _: replay(doc), args.runs)
    print(f"replay, default options:                     min {low:.2f} ms, median {mid:.2f} ms")
    low, mid = _cpu(lambda _: replay(doc, legal="none"), args.runs)
    print(f"replay, legal=none:                          min {low:.2f} ms, median {mid:.2f} ms")


if __name__ == "__main__":
    main()
