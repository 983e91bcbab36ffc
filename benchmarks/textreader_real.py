"""The card-text reader over every real card text: exceptions, speed, and how it agrees with the
Japanese text's own numbering (①②③…) and once-per-turn clauses (１ターンに１度).

    .venv/bin/python benchmarks/textreader_real.py [--show N]

The texts are read from the shared card data at run time (`DUEL_ARBITER_CARD_DATA`, or
`../shared/data` beside the project); none is copied into the project. A benchmark, not a test:
it prints its figures, the disagreements counted by category (and up to N of each category) and
never fails on them. How an English entry is paired with a Japanese ①②③ and which entries the
Japanese numbers are said in tests/engine/real_cards.py (`numbered`, `once_per_turn_agrees`).
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.textreader import classify  # noqa: E402
from tests.engine.real_cards import (  # noqa: E402
    CARD_DATA,
    MISSING,
    RealCard,
    ja_effect_count,
    ja_once_per_turn,
    numbered,
    once_per_turn_agrees,
    read_once_per_turn,
    real_cards,
    restriction_only,
)


def card_group(card: RealCard) -> str:
    """A card's kind as the disagreements are counted: Pendulum and Extra Deck monsters, Spell/Trap type."""
    if card.kind != "monster":
        return f"{card.kind}/{card.subtype[0]}"
    for name in ("pendulum", "fusion", "synchro", "xyz", "link", "ritual"):
        if name in card.subtype:
            return f"monster/{name}"
    return "monster/main-deck"


def count_category(card: RealCard, effects: list[dict[str, Any]], want: int) -> str:
    """Why the reader's count differs, as far as its own reading says: direction, card group, and the
    kinds of entries a longer reading has that are neither activated nor a card's activation."""
    mine = numbered(effects)
    direction = "more entries" if len(mine) > want else "fewer entries"
    plain = sum(e["kind"] == "continuous" for e in mine)
    detail = "with continuous entries" if len(mine) > want and plain else ""
    return " ".join(p for p in (direction, card_group(card), detail) if p)


def opt_category(card: RealCard, effects: list[dict[str, Any]], want: list[str]) -> str:
    """Why the once-per-turn reading differs: a different effect count, or the values that differ."""
    have = read_once_per_turn(numbered(effects))
    if len(have) != len(want):
        return "effect count differs"
    pairs = sorted({f"{h} read, {w} in Japanese" for h, w in zip(have, want, strict=True) if h != w})
    return "; ".join(pairs) or "same values, other order"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", type=int, default=0, help="print up to N disagreements of each category")
    args = parser.parse_args()
    if CARD_DATA is None:
        sys.exit(MISSING)
    cards = list(real_cards())
    readings: list[tuple[RealCard, list[dict[str, Any]] | None]] = []
    errors: list[tuple[str, str]] = []
    start, cpu = time.perf_counter(), time.process_time()
    for card in cards:
        try:
            readings.append((card, classify(**card.args())))
        except Exception as error:  # noqa: BLE001 - the benchmark counts them
            errors.append((card.name, "".join(traceback.format_exception_only(error)).strip()))
            readings.append((card, None))
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu

    counts: Counter[str] = Counter()
    categories: dict[str, Counter[str]] = {"count": Counter(), "once-per-turn": Counter()}
    shown: Counter[str] = Counter()
    examples: list[str] = []

    def note(what: str, category: str, card: RealCard, detail: str) -> None:
        categories[what][category] += 1
        key = f"{what}: {category}"
        if shown[key] < args.show:
            shown[key] += 1
            examples.append(f"  [{key}] {card.name}: {detail}")

    restriction_entries = 0
    for card, effects in readings:
        if effects is None:
            continue
        for effect in effects:
            if restriction_only(effect["text"]):
                restriction_entries += 1
                examples.append(f"  [restriction-only] {card.name}: {effect['text']}")
        mine = numbered(effects)
        want = ja_effect_count(card)
        if want is not None:
            counts["count_cards"] += 1
            if len(mine) == want:
                counts["count_agree"] += 1
            else:
                note("count", count_category(card, effects, want), card, f"{len(mine)} read, {want} numbered")
        want_opt = ja_once_per_turn(card)
        if want_opt is not None:
            counts["opt_cards"] += 1
            counts["opt_agree_in_order"] += bool(once_per_turn_agrees(card, effects, in_order=True))
            if once_per_turn_agrees(card, effects):
                counts["opt_agree"] += 1
            else:
                have = read_once_per_turn(mine)
                note("once-per-turn", opt_category(card, effects, want_opt), card, f"{have} read, {want_opt}")
            if len(mine) == len(want_opt):
                counts["opt_cards_same_count"] += 1
                counts["opt_agree_same_count"] += bool(once_per_turn_agrees(card, effects))

    for what, found in categories.items():
        print(f"{what} disagreements by category ({sum(found.values())}):")
        for category, number in found.most_common():
            print(f"  {number:5d}  {category}")
    if examples:
        print("examples:")
        print("\n".join(examples))
    effects_read = sum(len(e) for _, e in readings if e)
    print(f"read {len(cards)} real card texts ({effects_read} entries) in {elapsed:.2f} s")
    print(f"  exceptions:               {len(errors)}")
    for name, error in errors[: max(args.show, 5)]:
        print(f"    {name}: {error}")
    print(
        f"  speed:                    {len(cards) / elapsed:,.0f} texts/s"
        f" ({len(cards) / cpu:,.0f} per CPU-second: the machine may be shared)"
    )
    print(
        f"  effect count = Japanese:  {counts['count_agree'] / counts['count_cards']:.1%}"
        f" of {counts['count_cards']} cards that number their effects"
    )
    print(
        f"  once per turn = Japanese: {counts['opt_agree'] / counts['opt_cards']:.1%}"
        f" of {counts['opt_cards']} cards with a '１ターンに１度' clause"
        f" ({counts['opt_agree_same_count'] / max(counts['opt_cards_same_count'], 1):.1%}"
        f" of the {counts['opt_cards_same_count']} whose effect count agrees)"
    )
    print(
        f"  … place by place:         {counts['opt_agree_in_order'] / counts['opt_cards']:.1%}"
        " (English effect n against Japanese n, without pairing reordered effects or reading a"
        " phase trigger's 'Once per turn' as the Japanese silence)"
    )
    print(f"  restriction-only entries: {restriction_entries}")


if __name__ == "__main__":
    main()
