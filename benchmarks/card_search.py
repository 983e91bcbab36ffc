"""How fast a judge's card search answers over the whole card pool: every real card (about
14,000, from `../shared/data`, or DUEL_ARBITER_DATA, read at run time) in a fresh SQLite database.

    .venv/bin/python benchmarks/card_search.py [--rounds 3]

Measures, each a p50 and p95 in milliseconds:
- `search_ids` (rulings/cards/search.py) for names as judges type them (words, typos, passcodes),
  with filters, and by effect text (aim: p95 < 30 ms);
- a page of `GET /api/cards` through Django's test client (100 cards, every field; aim < 50 ms),
  unfiltered and searched;
- `POST /api/decks` of a 40-card .ydk.
Also the time to load the cards and to build a process's name index. Throttles are off for the run.
A benchmark, not a test: it never fails; the project's db.sqlite3 is untouched.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

NAME_QUERIES = [
    "blue eyes", "maxx c", "number 39 utopia", "dark magician", "ash blossom", "ash blosom",
    "blue eyez white dragn", "utopia 39", "called by", "infinite imp", "nibiru", "raigeki",
    "pot of", "d/d/d", "elemental hero", "sky striker", "snake eye", "kashtira", "tearlaments",
    "accesscode", "i:p masq", "borreload", "apollousa", "s:p little", "zzz no such card",
]  # fmt: skip
FILTERED = [
    {"q": "dragon", "type": "synchro"},
    {"attribute": "DARK", "level": "4"},
    {"type": "xyz", "rank": "4"},
    {"legality": "forbidden"},
    {"q": "hero", "legality": "limited"},
]
TEXTS = [
    "draw 2 cards",
    "negate the summon",
    "banish",
    "special summon from your deck",
    "destroy all monsters",
]


def percentiles(times: list[tuple[float, float]]) -> str:
    """p50 and p95 of the wall-clock times, then of the CPU times (this process's own: on a shared
    machine the wall clock also counts the time other processes held the cores)."""
    out = []
    for label, values in (("wall", sorted(t[0] for t in times)), ("CPU", sorted(t[1] for t in times))):
        p95 = values[max(0, int(len(values) * 0.95) - 1)]
        out.append(f"{label} p50 {statistics.median(values):5.1f} p95 {p95:5.1f} ms")
    return f"{'; '.join(out)} ({len(times)} runs)"


def timed(action: Callable[[Any], object], rounds: int, runs: Sequence[Any]) -> list[tuple[float, float]]:
    times = []
    for _ in range(rounds):
        for item in runs:
            wall, cpu = time.perf_counter(), time.process_time()
            action(item)
            times.append(((time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=3, help="how many times each query runs")
    args = parser.parse_args()
    warnings.filterwarnings("ignore", message="No directory at")  # WhiteNoise: no collectstatic here

    workdir = Path(tempfile.mkdtemp(prefix="card-search-"))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulings.settings")
    os.environ.setdefault("DJANGO_SECRET_KEY", "benchmark-only-" + "x" * 50)  # DEBUG off: a key is needed
    for scope in ("ANON", "USER", "DECKS_ANON", "DECKS_USER"):
        os.environ[f"DUEL_ARBITER_RATE_{scope}"] = "none"
    from django.conf import settings

    settings.DATABASES["default"]["NAME"] = workdir / "bench.sqlite3"
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client
    from realcards import CARDS, load_real_cards

    from rulings.cards import search
    from rulings.cards.models import Card

    if not CARDS.exists():
        sys.exit(f"no real card data at {CARDS}: set DUEL_ARBITER_DATA")
    call_command("migrate", verbosity=0)
    start = time.perf_counter()
    total = load_real_cards()
    print(
        f"loaded {total:,} cards in {time.perf_counter() - start:.1f} s "
        f"(load average {os.getloadavg()[0]:.1f})"
    )
    start = time.perf_counter()
    search.card_index()
    print(f"name index of one process built in {(time.perf_counter() - start) * 1000:.0f} ms")

    names = timed(lambda q: search.search_ids({"q": q}), args.rounds, NAME_QUERIES)
    print(f"search by name ({len(NAME_QUERIES)} queries):    {percentiles(names)}")
    codes = list(Card.objects.exclude(passcode=None).values_list("passcode", flat=True)[:25])
    by_code = timed(lambda c: search.search_ids({"q": str(c)}), args.rounds, codes)
    print(f"search by passcode:                {percentiles(by_code)}")
    filtered = timed(lambda p: search.search_ids(p), args.rounds, FILTERED)
    print(f"filters (with and without a name): {percentiles(filtered)}")
    texts = timed(lambda t: search.search_ids({"text": t}), args.rounds, TEXTS)
    print(f"search by effect text:             {percentiles(texts)}")
    every = names + by_code + filtered + texts
    print(f"card search, all of the above:     {percentiles(every)}  (aim: p95 < 30 ms)")

    client = Client(HTTP_HOST="localhost")
    client.get("/api/cards")  # the first request loads URLs and serializers
    offsets = [str(n) for n in range(0, total, max(1, total // 20))]
    pages = timed(lambda o: client.get("/api/cards", {"offset": o}), args.rounds, offsets)
    print(f"GET /api/cards, a page of 100:     {percentiles(pages)}  (aim < 50 ms)")
    searched = timed(lambda q: client.get("/api/cards", {"q": q}), args.rounds, NAME_QUERIES)
    print(f"GET /api/cards?q=, a page:         {percentiles(searched)}")

    ydk = "#main\n" + "\n".join(str(c) for c in codes[:20] * 2) + "\n#extra\n!side\n"
    decks = timed(
        lambda _: client.post("/api/decks", {"ydk": ydk}, content_type="application/json"),
        args.rounds,
        range(10),
    )
    print(f"POST /api/decks, 40 cards:         {percentiles(decks)}")


if __name__ == "__main__":
    main()
