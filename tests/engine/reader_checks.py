"""What the reader is checked against beyond its own labelled set: the library's written cards,
and a random sample of real effects checked by hand. Shared by the tests and the benchmark."""

from __future__ import annotations

import random
from typing import Any

from engine.cards import load_catalog
from engine.textreader import classify
from tests.engine.real_cards import RealCard

ACTIVATED = ("activation", "ignition", "trigger", "quick", "flip")
COMPARED = ("kind", "optional", "wording", "once_per_turn")
SAMPLE_SEED = 14  # the number; fixed so the sample is the same on every run
SAMPLE_SIZE = 300
CHECKED_FIELDS = (
    "kind",
    "spell_speed",
    "optional",
    "wording",
    "can_miss_timing",
    "targets",
    "cost",
    "condition",
    "once_per_turn",
)


def written_disagreements(cards: dict[str, RealCard]) -> list[dict[str, Any]]:
    """Where the reader's reading of a card's real text differs from the library's written card:
    the activated effects, in order, field by field (a different count is one row)."""
    rows: list[dict[str, Any]] = []
    for written in sorted(load_catalog().values(), key=lambda c: c.name):
        real = cards.get(written.name)
        if real is None:
            continue
        mine = [e for e in classify(**real.args()) if e["kind"] in ACTIVATED]
        # the choices of one effect are one effect, as the text counts them (its first choice)
        theirs = [e for e in written.effects if e.kind in ACTIVATED and e.mode in (None, 1)]
        if len(mine) != len(theirs):
            rows.append({"card": written.name, "field": "activated effects", "reader": len(mine),
                         "written": len(theirs)})  # fmt: skip
            continue
        for index, (have, want) in enumerate(zip(mine, theirs, strict=True)):
            for name in COMPARED:
                value = getattr(want, name)
                if value is not None and have[name] != value:
                    rows.append({"card": written.name, "field": f"effects[{index}].{name}",
                                 "reader": have[name], "written": value})  # fmt: skip
    return rows


def numbering_disagreements(cards: dict[str, RealCard]) -> dict[str, tuple[list[int], list[int]]]:
    """Where a judge's `effect: n` (the scenario format: the card's effects counted in the order
    its text gives them) would name an activated effect on one side and not on the other: by card,
    the numbers of the activated effects as the reader reads the real text, and as the library's
    written card numbers them (`CardDef.numbered`)."""
    out: dict[str, tuple[list[int], list[int]]] = {}
    for written in sorted(load_catalog().values(), key=lambda c: c.name):
        real = cards.get(written.name)
        if real is None:
            continue
        entries = [e for e in classify(**real.args()) if e["kind"] != "summoning_condition"]
        mine = [i for i, e in enumerate(entries, start=1) if e["kind"] in ACTIVATED]
        theirs = sorted({written.numbered(i)[0] for i, e in enumerate(written.effects, start=1)
                         if e.kind in ACTIVATED})  # fmt: skip
        if mine != theirs:
            out[written.name] = (mine, theirs)
    return out


def sample(cards: list[RealCard]) -> list[tuple[RealCard, int]]:
    """The fixed random sample of real effects: (card, index of the effect in the reader's reading)."""
    rng = random.Random(SAMPLE_SEED)
    out: list[tuple[RealCard, int]] = []
    for card in rng.sample(cards, SAMPLE_SIZE):
        effects = classify(**card.args())
        pick = rng.random()  # one draw per card, so the sample does not move with the reader
        out.append((card, int(pick * len(effects)) if effects else -1))
    return out
