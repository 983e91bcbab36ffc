"""Every explanation and verdict sentence of the corpus reads as a sentence: no empty parameter
"()", no doubled space, no "None" where a value was missing."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from engine import replay

CORPUS = Path(__file__).parents[1] / "scenarios"
FILES = [p for p in sorted(CORPUS.glob("*.yaml"))
         if "errors" not in yaml.safe_load(p.read_text(encoding="utf-8"))["expect"]]  # fmt: skip
FLAWS = ("()", "  ", "None")


def _flaws(text: str) -> list[str]:
    return [flaw for flaw in FLAWS if flaw in text]


def test_flaws_are_found() -> None:
    assert _flaws("A's Mask of Restrict resolves ().") == ["()"]
    assert _flaws("resolves  twice") == ["  "] and _flaws("takes None") == ["None"]
    assert _flaws("Chain Link 1: A's Mask of Restrict resolves and does nothing.") == []


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_sentences_have_no_gaps(path: Path) -> None:
    result = replay(
        yaml.safe_load(path.read_text(encoding="utf-8"))["scenario"], boards="final", legal="none"
    )
    texts = [e["text"] for s in result["steps"] for e in s["explanations"]]
    texts += [s["summary"] for s in result["steps"]] + [v["text"] for v in result["verdict"]]
    assert [(text, _flaws(text)) for text in texts if _flaws(text)] == []


def test_unaffected_said_once_per_step() -> None:
    """Horus the Black Flame Dragon LV6 escapes each part of Snatch Steal's effect: one sentence says so."""
    case = yaml.safe_load(
        (CORPUS / "ruling-horus-lv6-snatch-steal-does-not-take-it.yaml").read_text(encoding="utf-8")
    )
    steps = replay(case["scenario"], boards="final", legal="none")["steps"]
    counts = [sum(e["code"] == "rule.unaffected" for e in s["explanations"]) for s in steps]
    assert max(counts) == 1
