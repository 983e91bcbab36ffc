"""How fast a judge gets an answer: replay the scenario corpus in-process, and time
`POST /api/replay` through Django's test client.

    .venv/bin/python benchmarks/replay_speed.py [--rounds N]

Reports the median milliseconds per scenario, actions per second, and the p95 of the API.
A benchmark, not a test: it prints figures and never fails on them.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import DocumentError, replay  # noqa: E402


def corpus() -> list[dict]:
    """Every corpus scenario that replays (documents meant to be rejected are left out)."""
    docs = []
    for path in sorted((ROOT / "tests" / "scenarios").glob("*.yaml")):
        case = yaml.safe_load(path.read_text(encoding="utf-8"))
        if "errors" not in case.get("expect", {}):
            docs.append(case["scenario"])
    for path in sorted((ROOT / "benchmarks").glob("*.yaml")):
        docs.append(yaml.safe_load(path.read_text(encoding="utf-8")))
    return docs


def time_engine(docs: list[dict], rounds: int) -> tuple[float, float, float]:
    per_scenario: list[float] = []
    actions = 0
    total = 0.0
    for _ in range(rounds):
        for doc in docs:
            start = time.perf_counter()
            replay(doc)
            elapsed = time.perf_counter() - start
            per_scenario.append(elapsed * 1000)
            total += elapsed
            actions += len(doc.get("actions", []))
    return statistics.median(per_scenario), max(per_scenario), actions / total


def time_api(docs: list[dict], rounds: int) -> tuple[float, float]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulings.settings")
    os.environ.setdefault("DJANGO_SECRET_KEY", "benchmark-only-" + "x" * 50)  # DEBUG off: a key is needed
    for scope in ("ANON", "REPLAY_ANON"):  # one client: measure the replay, not the throttle
        os.environ.setdefault(f"DUEL_ARBITER_RATE_{scope}", "none")
    import django

    django.setup()
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_test_environment

    setup_test_environment()
    connection.creation.create_test_db(verbosity=0)  # a migrated throw-away database

    from rulings.replays.scenarios import clear_replay_cache

    client = Client(HTTP_HOST="localhost")
    times = []
    for _ in range(rounds):
        for doc in docs:
            body = json.dumps(doc)
            clear_replay_cache()  # measure the replay, not the app's memo of it
            start = time.perf_counter()
            response = client.post("/api/replay", body, content_type="application/json")
            times.append((time.perf_counter() - start) * 1000)
            assert response.status_code == 200, response.content[:300]
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95) - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    docs = corpus()
    try:
        replay(docs[0])  # warm the catalog and glossary caches, as a running server has them
    except DocumentError as err:
        raise SystemExit(f"corpus scenario does not replay: {err}") from None
    median, worst, rate = time_engine(docs, args.rounds)
    longest = max(len(d.get("actions", [])) for d in docs)
    print(f"engine: {len(docs)} scenarios (up to {longest} actions) x {args.rounds} rounds")
    print(f"  median {median:.2f} ms per scenario, worst {worst:.2f} ms, {rate:,.0f} actions/s")
    api_median, p95 = time_api(docs, max(1, args.rounds // 4))
    print(f"POST /api/replay (uncached): median {api_median:.2f} ms, p95 {p95:.2f} ms")


if __name__ == "__main__":
    main()
