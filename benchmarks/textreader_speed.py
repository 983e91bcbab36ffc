"""How fast the card-text reader is, and how often it is right: read 10,000 card texts (the test
set, cycled) and score every field of the set against its expected reading.

    .venv/bin/python benchmarks/textreader_speed.py [--count N]

Prints the total time (the aim is under 5 s), cards per second, and per-field accuracy.
A benchmark, not a test: it prints figures and never fails on them.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from itertools import cycle, islice
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.textreader import FIELDS, classify  # noqa: E402

CARDS: list[dict[str, Any]] = yaml.safe_load(
    (ROOT / "tests" / "engine" / "data" / "card_texts.yaml").read_text(encoding="utf-8")
)
SPEC_FIELDS = [f for f in FIELDS if f != "reasons"]


def read(card: dict[str, Any]) -> list[dict[str, Any]]:
    return classify(
        card["text"], kind=card["kind"], subtype=card["subtype"], pendulum_text=card.get("pendulum_text")
    )


def accuracy() -> tuple[dict[str, float], int]:
    """Per field, the share of expected effects read right; an effect not found counts as wrong."""
    right: Counter[str] = Counter()
    total = 0
    for card in CARDS:
        got, expected = read(card), card["effects"]
        total += len(expected)
        if len(got) == len(expected):
            for have, want in zip(got, expected, strict=True):
                right.update(name for name in SPEC_FIELDS if have[name] == want[name])
    return {name: right[name] / total for name in SPEC_FIELDS}, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000, help="card texts to read (default 10000)")
    args = parser.parse_args()

    cards = list(islice(cycle(CARDS), args.count))
    start = time.perf_counter()
    effects = sum(len(read(card)) for card in cards)
    elapsed = time.perf_counter() - start

    print(f"read {len(cards)} card texts ({effects} effects) in {elapsed:.2f} s")
    print(f"  {len(cards) / elapsed:,.0f} cards/s, {elapsed / len(cards) * 1e6:.0f} µs per card")
    scores, total = accuracy()
    print(f"per-field accuracy over {len(CARDS)} cards, {total} effects:")
    for name, score in scores.items():
        print(f"  {name:<18} {score:7.1%}")


if __name__ == "__main__":
    main()
