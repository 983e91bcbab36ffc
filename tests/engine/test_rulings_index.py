"""The rulings index (tests/scenarios/rulings_index/): for each of the 60 cards judges ask about
most, and any other library card that has one, every ruling its pages give, with the scenarios
that test it or why none can yet."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

CORPUS = Path(__file__).parents[1] / "scenarios"
INDEX = CORPUS / "rulings_index"
CARDS = Path(__file__).parents[2] / "engine" / "cards"
TOP60 = [stem for group in yaml.safe_load((INDEX / "top60.yaml").read_text(encoding="utf-8")).values()
         for stem in group]  # fmt: skip
# the holdout measures' records, one per sample (not cards): holdout.yaml (seed 2026), holdout-2027.yaml...
HOLDOUTS = sorted(INDEX.glob("holdout*.yaml"))
PRESENT = sorted(
    p.stem for p in INDEX.glob("*.yaml") if p.stem != "top60" and not p.stem.startswith("holdout")
)
LONGEST = 300  # a ruling in our own words; a longer one is likely a page's sentences copied


def _load(path: Path) -> Any:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def test_top60_lists_60_library_cards() -> None:
    assert len(set(TOP60)) == len(TOP60) == 60
    assert [s for s in TOP60 if not (CARDS / f"{s}.yaml").is_file()] == []


def test_every_top60_card_has_an_index() -> None:
    assert [stem for stem in TOP60 if stem not in PRESENT] == []


def test_every_index_is_a_library_card() -> None:
    assert [stem for stem in PRESENT if not (CARDS / f"{stem}.yaml").is_file()] == []


@pytest.mark.parametrize("stem", PRESENT)
def test_index_file(stem: str) -> None:
    index = _load(INDEX / f"{stem}.yaml")
    assert set(index) == {"card", "pages", "rulings"}, set(index)
    assert index["card"] == _load(CARDS / f"{stem}.yaml")["name"]
    assert index["pages"] and index["rulings"]
    for n, entry in enumerate(index["rulings"], 1):
        where = f"{stem} ruling {n}"
        assert set(entry) in ({"ruling", "source", "scenarios"}, {"ruling", "source", "open"}), where
        assert entry["source"].strip(), where
        assert 0 < len(entry["ruling"].strip()) <= LONGEST, where
        if "open" in entry:
            assert entry["open"].strip(), where
            continue
        assert entry["scenarios"], where
        missing = [s for s in entry["scenarios"] if not _scenario_exists(s)]
        assert missing == [], where


def _scenario_exists(stem: str) -> bool:
    return any((folder / f"{stem}.yaml").is_file() for folder in (CORPUS, CORPUS / "pending"))


def test_holdout_samples_are_independent() -> None:
    """Each later sample was drawn among cards no earlier sample had drawn (they had an index by then)."""
    records = sorted((_load(path) for path in HOLDOUTS), key=lambda r: r["seed"])
    assert len(records) >= 2
    for n, record in enumerate(records):
        earlier = {card for r in records[:n] for card in r["cards"]}
        assert earlier.isdisjoint(record["population"]), record["seed"]


@pytest.mark.parametrize("path", HOLDOUTS, ids=[p.stem for p in HOLDOUTS])
def test_holdout_record(path: Path) -> None:
    """The holdout sample is the one its seed draws from its population (library cards), each card
    drawn has an index file (or is listed as having no published ruling found), and the first-run
    record adds up: every scenario it names is in the corpus and listed in that card's index, once."""
    import random

    record = _load(path)
    population = record["population"]
    assert population == sorted(population) and all((CARDS / f"{s}.yaml").is_file() for s in population)
    assert random.Random(record["seed"]).sample(population, len(record["cards"])) == record["cards"]
    none_found = record.get("no_rulings_found", {})
    assert all(reason.strip() for reason in none_found.values()) and set(none_found) <= set(record["cards"])
    assert set(record["first_run"]) == set(record["cards"]) - set(none_found) <= set(PRESENT)
    counts = {"right": 0, "wrong_outcome": 0, "wrong_explanation": 0, "cannot_express": 0}
    named = []
    for stem, verdicts in record["first_run"].items():
        verdicts = verdicts or {}
        listed = {s for entry in _load(INDEX / f"{stem}.yaml")["rulings"] for s in entry.get("scenarios", [])}
        mine = [*verdicts.get("right", []), *(w["scenario"] for w in verdicts.get("wrong", []))]
        assert set(mine) <= listed, stem
        named += mine
        counts["right"] += len(verdicts.get("right", []))
        counts["cannot_express"] += len(verdicts.get("cannot_express", []))
        for wrong in verdicts.get("wrong", []):
            assert wrong["kind"] in ("outcome", "explanation") and wrong["why"].strip(), wrong
            counts["wrong_" + wrong["kind"]] += 1
    assert len(named) == len(set(named)) and all((CORPUS / f"{s}.yaml").is_file() for s in named)
    assert set(record["scenario_fixes"]) <= set(named)
    totals = record["totals"]
    assert {k: totals[k] for k in counts} == counts and totals["measured"] == sum(counts.values())
