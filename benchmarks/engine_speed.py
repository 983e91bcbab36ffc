"""What a replay costs the engine: CPU per replay, response size, a long game, a cold start.

    .venv/bin/python benchmarks/engine_speed.py [--runs N]
    .venv/bin/python benchmarks/against.py REF benchmarks/engine_speed.py   # REF's engine, then this one

Figures, never pass/fail (issue 12's targets are printed beside them):
- `long_game(50)` in-process, CPU time (`time.process_time`, min and median of N runs) and the
  size of its JSON response (compact, as the API writes it; gzipped too), with the default options
  and with `boards=changes, legal=none`;
- `long_game(1000)` through `python -m engine replay --json --boards changes --legal none`: wall
  time, CPU time (user + system, which a busy machine does not inflate) and peak memory (max RSS)
  of that process;
- `short_game()` (5 actions) through the command line in a new process each time, wall and CPU
  time, median and min of N; the bytecode and catalog caches are warmed by one run first, as
  after a first use;
- the corpus (`tests/scenarios`): median CPU per scenario of `parse_document` (from YAML text) and
  `replay`, default options.

A tree whose engine has no replay options measures the defaults only, and says so.
"""

from __future__ import annotations

import argparse
import gzip
import inspect
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from against import bench_root  # noqa: E402

ROOT = bench_root()  # before the engine is imported: the tree being measured

import yaml  # noqa: E402
from scenarios import long_game, short_game  # noqa: E402

from engine import parse_document, replay  # noqa: E402

CHEAP = {"boards": "changes", "legal": "none"}
HAS_OPTIONS = "boards" in inspect.signature(replay).parameters


def _cpu(doc: dict[str, Any], runs: int, **options: str) -> tuple[float, float, dict[str, Any]]:
    result = replay(doc, **options)  # warm: catalog, glossary
    times = []
    for _ in range(runs):
        start = time.process_time()
        result = replay(doc, **options)
        times.append(time.process_time() - start)
    return min(times) * 1000, statistics.median(times) * 1000, result


def _size(result: dict[str, Any]) -> str:
    body = json.dumps(result, separators=(",", ":"), ensure_ascii=False).encode()
    return f"{len(body) / 1024:.1f} KB ({len(gzip.compress(body)) / 1024:.1f} KB gzipped)"


def _env() -> dict[str, str]:
    """The command line as a judge runs it: bytecode cached after the first run."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT)
    return env


def _cli(path: Path, *flags: str) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (user + system: what a busy machine does not inflate) and peak
    memory (MB) of one `python -m engine replay` process."""
    command = [sys.executable, "-m", "engine", "replay", str(path), *flags]
    start = time.perf_counter()
    proc = subprocess.Popen(command, env=_env(), cwd=ROOT, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({proc.returncode})")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024  # ru_maxrss: KB on Linux


def _corpus() -> list[str]:
    """The YAML text of every corpus scenario that replays."""
    texts = []
    for path in sorted((ROOT / "tests" / "scenarios").glob("*.yaml")):
        case = yaml.safe_load(path.read_text(encoding="utf-8"))
        if "errors" not in case.get("expect", {}):
            texts.append(yaml.safe_dump(case["scenario"], sort_keys=False, allow_unicode=True))
    return texts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    print(f"engine: {ROOT}")
    if not HAS_OPTIONS:
        print("this engine has no replay options: defaults only")

    doc = long_game(50)
    for label, options in (("defaults", {}), ("boards=changes, legal=none", CHEAP)):
        if options and not HAS_OPTIONS:
            continue
        low, mid, result = _cpu(doc, args.runs, **options)
        target = "<= 5 ms" if options else "<= 15 ms"
        print(f"long_game(50), {label}: CPU min {low:.1f} ms, median {mid:.1f} ms (target {target}); "
              f"response {_size(result)}" + (" (target <= 40 KB)" if options else ""))  # fmt: skip

    with tempfile.TemporaryDirectory(prefix="engine-speed-") as tmp:
        long_path = Path(tmp) / "long.json"
        long_path.write_text(json.dumps(long_game(1000)), encoding="utf-8")
        flags = ["--json", "--boards", "changes", "--legal", "none"] if HAS_OPTIONS else ["--json"]
        wall, cpu, peak = _cli(long_path, *flags)
        print(f"long_game(1000), CLI {' '.join(flags)}: wall {wall:.2f} s (CPU {cpu:.2f} s), peak "
              f"{peak:.0f} MB (target < 0.5 s, < 150 MB)")  # fmt: skip

        short_path = Path(tmp) / "short.yaml"
        short_path.write_text(yaml.safe_dump(short_game(), sort_keys=False), encoding="utf-8")
        for flags in (["--json"], []):
            _cli(short_path, *flags)  # warm: bytecode, catalog cache
            runs = [_cli(short_path, *flags) for _ in range(args.runs)]
            walls, cpus = [r[0] * 1000 for r in runs], [r[1] * 1000 for r in runs]
            label = "--json" if flags else "text report"
            print(f"short_game(), cold CLI {label}: wall median {statistics.median(walls):.0f} ms, "
                  f"min {min(walls):.0f} ms; CPU median {statistics.median(cpus):.0f} ms, "
                  f"min {min(cpus):.0f} ms (target < 120 ms)")  # fmt: skip

    texts = _corpus()
    replay(parse_document(texts[0], "yaml"))
    per: list[float] = []
    for text in texts:
        best = float("inf")
        for _ in range(3):
            start = time.process_time()
            replay(parse_document(text, "yaml"))
            best = min(best, time.process_time() - start)
        per.append(best * 1000)
    print(f"corpus: {len(texts)} scenarios, parse + replay median {statistics.median(per):.2f} ms "
          f"per scenario (CPU, best of 3; target: a quarter of main's)")  # fmt: skip


if __name__ == "__main__":
    main()
