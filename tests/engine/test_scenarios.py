"""The scenario corpus: every worked ruling replays to the outcome its source states."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from engine import DocumentError, replay

CORPUS = Path(__file__).parents[1] / "scenarios"
FILES = sorted(CORPUS.glob("*.yaml"))


def _load(path: Path) -> dict[str, Any]:
    case = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert case.get("source"), f"{path.name}: every scenario cites its source"
    assert set(case) <= {"title", "source", "note", "scenario", "expect"}, path.name
    return case


def _codes(steps: list[dict]) -> list[str]:
    return [e["code"] for s in steps for e in s["explanations"]]


def test_corpus_is_not_empty() -> None:
    assert len(FILES) >= 20


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    case = _load(path)
    expect = case["expect"]
    if "errors" in expect:
        with pytest.raises(DocumentError) as info:
            replay(case["scenario"])
        got = info.value.errors
        for want in expect["errors"]:
            matches = [e for e in got if e["path"] == want["path"]]
            assert matches, f"no error at {want['path']}; got {got}"
            if "contains" in want:
                assert any(want["contains"] in e["message"] for e in matches), matches
        return

    result = replay(case["scenario"])
    steps = result["steps"]
    for index, want in (expect.get("actions") or {}).items():
        mine = [s for s in steps if s["action"] == int(index)]
        assert mine, f"action {index} produced no step"
        main = mine[-1]
        if "accepted" in want:
            assert main["accepted"] is want["accepted"], (index, main["summary"], main["explanations"])
        for code in want.get("codes", []):
            assert code in _codes(mine), f"action {index}: {code} not in {_codes(mine)}"
    board = result["final_board"]
    for player, lp in (expect.get("lp") or {}).items():
        assert board["players"][player]["lp"] == lp, f"{player}'s LP"
    where = _where(board)
    for card, zone in (expect.get("zones") or {}).items():
        assert where.get(card, ("gone", None))[0] == zone, f"{card} is in {where.get(card)}"
    for card, position in (expect.get("positions") or {}).items():
        assert where[card][1] == position, f"{card}'s position is {where[card][1]}"
    if "result" in expect:
        for key, value in expect["result"].items():
            assert result["result"][key] == value, result["result"]
    codes = _codes(steps)
    for code in expect.get("codes", []):
        assert code in codes, f"{code} not in {codes}"
    for code in expect.get("absent_codes", []):
        assert code not in codes, f"{code} should not appear"
    texts = " ".join(e["text"] for s in steps for e in s["explanations"])
    for fragment in expect.get("text", []):
        assert fragment in texts, f"{fragment!r} not in the explanations"
    _verdict(result, expect)


def _verdict(result: dict[str, Any], expect: dict[str, Any]) -> None:
    """`verdict`: sentences (or parts) the verdict says; `verdict_first`: what it says first (the
    most decisive); `verdict_absent`: what it must not say. Each entry points at an existing step."""
    verdict = result["verdict"]
    assert all(1 <= v["step"] <= len(result["steps"]) for v in verdict), verdict
    said = [v["text"] for v in verdict]
    for fragment in expect.get("verdict", []):
        assert any(fragment in text for text in said), f"{fragment!r} not in the verdict {said}"
    if "verdict_first" in expect:
        assert said and expect["verdict_first"] in said[0], f"the verdict begins {said[:1]}"
    for fragment in expect.get("verdict_absent", []):
        assert not any(fragment in text for text in said), f"{fragment!r} in the verdict {said}"


def _where(board: dict) -> dict[str, tuple[str, str | None]]:
    """Card id -> (zone, position) on a replay board."""
    out: dict[str, tuple[str, str | None]] = {}
    for p in board["players"].values():
        for zone in ("hand", "graveyard", "banished", "extra_deck"):
            for c in p[zone]:
                out[c["id"]] = (zone, None)
        deck = p["deck"]
        if isinstance(deck, dict):
            for c in deck["cards"]:
                out[c["id"]] = ("deck", None)
        for m in p["monsters"]:
            out[m["id"]] = ("monsters", m["position"])
            for mat in m.get("materials", []):
                out[mat["id"]] = ("material", None)
        for s in p["spell_traps"]:
            out[s["id"]] = ("spell_traps", s["face"])
        if p["field_spell"]:
            out[p["field_spell"]["id"]] = ("field_spell", p["field_spell"]["face"])
    return out
