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
PRESENT = sorted(p.stem for p in INDEX.glob("*.yaml") if p.stem != "top60")
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
