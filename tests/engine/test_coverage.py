"""The coverage table (tests/scenarios/coverage.yml): every rule statement of the rules references
is listed with the corpus scenarios that test it (or, for a rule a replay of one Duel cannot show,
the tests that check it elsewhere: the deck check, the printed facts), or with the reason none
does yet.

`python tests/engine/test_coverage.py` rewrites tests/scenarios/COVERAGE.md from the table.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml
from test_measures import measured_wrong
from test_scenarios import test_scenario as check_scenario

from engine import replay

CORPUS = Path(__file__).parents[1] / "scenarios"
TABLE = CORPUS / "coverage.yml"
MARKDOWN = CORPUS / "COVERAGE.md"
PENDING = CORPUS / "pending"
KEYS = {"id", "source", "rule", "scenarios", "tests", "open", "exceptions", "note"}
ROOT = Path(__file__).parents[2]
TEST_REF = re.compile(r"^(tests/[\w/.-]+\.py)::(test_\w+)$")  # a test outside the corpus: path::function
PENDING_CITED = re.compile(r"tests/scenarios/pending/([\w.-]+\.yaml)")


def _load() -> dict[str, Any]:
    return yaml.safe_load(TABLE.read_text(encoding="utf-8"))


TABLE_DATA = _load()
RULES: list[dict[str, Any]] = TABLE_DATA["rules"]
LISTED = sorted({stem for r in RULES for stem in r.get("scenarios") or []})
PENDING_FILES = sorted(PENDING.glob("*.yaml"))


def summary(rules: list[dict[str, Any]]) -> dict[str, int]:
    """How many rules the table lists, how many have scenarios or tests, how many are open."""
    covered = sum(1 for r in rules if r.get("scenarios") or r.get("tests"))
    return {"rules": len(rules), "covered": covered, "open": len(rules) - covered}


def render_markdown(rules: list[dict[str, Any]]) -> str:
    """The table as Markdown, one section per reference file, for reading on a code host."""
    counts = summary(rules)
    out = [
        "# Rules coverage",
        "",
        "Generated from `coverage.yml` by `python tests/engine/test_coverage.py`; do not edit by hand.",
        "",
        f"{counts['rules']} rules: {counts['covered']} covered by scenarios, {counts['open']} open.",
    ]
    current = None
    for rule in rules:
        reference = rule["source"].split(",")[0]
        if reference != current:
            current = reference
            out += ["", f"## {reference}", "", "| id | rule | scenarios / open |", "|---|---|---|"]
        text = rule["rule"] + (f" *Except:* {rule['exceptions']}" if rule.get("exceptions") else "")
        if rule.get("scenarios") or rule.get("tests"):
            tested = ", ".join(f"`{s}`" for s in [*(rule.get("scenarios") or []), *(rule.get("tests") or [])])
        else:
            tested = f"**open:** {rule['open']}"
        out.append(f"| `{rule['id']}` | {_cell(text)} | {_cell(tested)} |")
    return "\n".join(out) + "\n"


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def test_ids_are_unique() -> None:
    twice = [i for i, n in Counter(r["id"] for r in RULES).items() if n > 1]
    assert not twice, twice


@pytest.mark.parametrize("rule", RULES, ids=[r["id"] for r in RULES])
def test_entry(rule: dict[str, Any]) -> None:
    assert set(rule) <= KEYS, set(rule) - KEYS
    assert rule["source"].strip() and rule["rule"].strip()
    scenarios, reason = rule.get("scenarios"), (rule.get("open") or "").strip()
    tests = rule.get("tests")
    assert bool(scenarios or tests) != bool(reason), "an entry has scenarios or tests, or an open reason"
    for stem in scenarios or []:
        assert (CORPUS / f"{stem}.yaml").is_file(), f"{stem}.yaml is not in the corpus"
    for ref in tests or []:  # a test that checks the rule where a replay cannot (the deck check)
        found = TEST_REF.match(ref)
        assert found, f"{ref}: expected tests/<path>.py::test_<name>"
        path, name = ROOT / found[1], found[2]
        assert path.is_file(), f"{found[1]} is not a file"
        assert re.search(rf"^def {name}\(", path.read_text(encoding="utf-8"), re.M), f"{ref}: no such test"
    for name in PENDING_CITED.findall(reason):
        assert (PENDING / name).is_file(), f"pending/{name} is cited but missing"


@pytest.mark.parametrize("stem", LISTED)
def test_listed_scenario_replays(stem: str) -> None:
    """Each listed file is a scenario that replays; test_scenarios.py checks its outcome."""
    case = yaml.safe_load((CORPUS / f"{stem}.yaml").read_text(encoding="utf-8"))
    if "errors" not in case["expect"]:
        assert replay(case["scenario"], boards="final", legal="none")["steps"]


def test_every_pending_scenario_is_cited() -> None:
    """By the `open` entry of its rule, or as a `wrong` first run of a measure's record
    (tests/scenarios/measures/), which names the general rule the engine is missing."""
    cited = {name for r in RULES for name in PENDING_CITED.findall(r.get("open") or "")}
    cited |= {f"{stem}.yaml" for stem in measured_wrong() if (PENDING / f"{stem}.yaml").is_file()}
    assert sorted(p.name for p in PENDING_FILES) == sorted(cited)


@pytest.mark.parametrize("path", PENDING_FILES, ids=[p.stem for p in PENDING_FILES])
@pytest.mark.xfail(
    raises=AssertionError,
    reason="the engine disagrees with the source; once it passes, move it to the corpus",
)
def test_pending_scenario_still_disagrees(path: Path) -> None:
    check_scenario(path)


def test_summary() -> None:
    counts = summary(RULES)
    print(f"\ncoverage: {counts['rules']} rules, {counts['covered']} covered, {counts['open']} open")
    assert counts == TABLE_DATA["summary"], "update the summary at the top of coverage.yml"


def test_markdown_is_current() -> None:
    assert MARKDOWN.read_text(encoding="utf-8") == render_markdown(RULES), (
        "run: python tests/engine/test_coverage.py"
    )


if __name__ == "__main__":
    MARKDOWN.write_text(render_markdown(RULES), encoding="utf-8")
    print(f"wrote {MARKDOWN} ({summary(RULES)})")
