"""The card-text reader over every real card text: exceptions, speed, and how it agrees with the
Japanese text's own numbering (①②③…) and once-per-turn clauses (１ターンに１度).

    .venv/bin/python benchmarks/textreader_real.py [--show N]

The texts are read from the shared card data at run time (`DUEL_ARBITER_CARD_DATA`, or
`../shared/data` beside the project); none is copied into the project. A benchmark, not a test:
it prints its figures (and up to N disagreements of each kind) and never fails on them.
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
    real_cards,
    restriction_only,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", type=int, default=0, help="print up to N disagreements of each kind")
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

    counts = Counter()
    shown: Counter[str] = Counter()

    def show(what: str, card: RealCard, detail: Any) -> None:
        if shown[what] < args.show:
            shown[what] += 1
            print(f"  [{what}] {card.name}: {detail}")

    restriction_entries = 0
    for card, effects in readings:
        if effects is None:
            continue
        for effect in effects:
            if restriction_only(effect["text"]):
                restriction_entries += 1
                show("restriction-only", card, effect["text"])
        mine = numbered(effects)
        want = ja_effect_count(card)
        if want is not None:
            counts["count_cards"] += 1
            if len(mine) == want:
                counts["count_agree"] += 1
            else:
                show("count", card, f"{len(mine)} read, {want} numbered")
        want_opt = ja_once_per_turn(card)
        if want_opt is not None:
            counts["opt_cards"] += 1
            have = [e["once_per_turn"] if e["once_per_turn"] != "card_activation" else "none" for e in mine]
            counts["opt_agree_any_order"] += Counter(have) == Counter(want_opt)
            if have == want_opt:
                counts["opt_agree"] += 1
            else:
                show("once-per-turn", card, f"{have} read, {want_opt} in Japanese")
            if len(mine) == len(want_opt):
                counts["opt_cards_same_count"] += 1
                counts["opt_agree_same_count"] += have == want_opt

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
        f"  … in any order:           {counts['opt_agree_any_order'] / counts['opt_cards']:.1%}"
        " (the English text sometimes prints the effects in another order than ①②③)"
    )
    print(f"  restriction-only entries: {restriction_entries}")


if __name__ == "__main__":
    main()
