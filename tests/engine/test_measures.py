"""The measures' records (tests/scenarios/measures/*.yaml): how the engine did, on its first run,
on rulings nobody on this project wrote. Each record names the scenarios it measured and what the
first run gave for each; this checks the record against the corpus and that its totals add up."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

CORPUS = Path(__file__).parents[1] / "scenarios"
PENDING = CORPUS / "pending"
RECORDS = sorted((CORPUS / "measures").glob("*.yaml"))
KINDS = ("outcome", "explanation")


def _load(path: Path) -> Any:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def verdict_of(entry: Any) -> str:
    """`right`, `wrong_outcome`, `wrong_explanation` or `cannot_express` for one first-run entry."""
    if entry == "right":
        return "right"
    assert isinstance(entry, dict) and len(entry) == 1, entry
    if "cannot_express" in entry:
        assert str(entry["cannot_express"]).strip(), "cannot_express says why"
        return "cannot_express"
    wrong = entry["wrong"]
    assert wrong["kind"] in KINDS, wrong
    assert str(wrong["why"]).strip(), "a wrong one names the general rule the engine is missing"
    return f"wrong_{wrong['kind']}"


def test_there_is_a_record() -> None:
    assert RECORDS


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_record(path: Path) -> None:
    record = _load(path)
    assert {"pages", "first_run", "scenario_fixes", "totals"} <= set(record), set(record)
    assert record["pages"] and all(p["title"].strip() and p["url"].strip() for p in record["pages"])
    counts = {"right": 0, "wrong_outcome": 0, "wrong_explanation": 0, "cannot_express": 0}
    for stem, entry in record["first_run"].items():
        verdict = verdict_of(entry)
        counts[verdict] += 1
        in_corpus, pending = (CORPUS / f"{stem}.yaml").is_file(), (PENDING / f"{stem}.yaml").is_file()
        assert in_corpus or pending, f"{stem} is not a corpus scenario"
        if verdict == "right":  # a right one stays in the corpus; a wrong one waits in pending/
            assert in_corpus, f"{stem} is right: it belongs in tests/scenarios/"
        # (a wrong one waits in pending/ until the engine follows it, then joins the corpus; its
        # first run stays recorded as it was)
    assert set(record["scenario_fixes"] or []) <= set(record["first_run"])
    totals = record["totals"]
    assert {k: totals[k] for k in counts} == counts
    assert totals["measured"] == sum(counts.values()) == len(record["first_run"])
    for stem in (record.get("already_tested") or {}).values():  # older scenarios, not measured
        assert (CORPUS / f"{stem}.yaml").is_file(), stem
        assert stem not in record["first_run"], stem


def measured_wrong() -> set[str]:
    """Stems every record measured as wrong on their first run (pending/ holds those the engine
    does not follow yet)."""
    return {
        stem
        for path in RECORDS
        for stem, entry in _load(path)["first_run"].items()
        if isinstance(entry, dict) and "wrong" in entry
    }
