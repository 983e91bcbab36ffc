"""An equipped Union Monster gives its bonus, and the written board shows it: a monster's `atk` /
`def` are its current values where they differ from the printed ones (Advanced Rules (TR/EN),
"Union Monsters"; Z-Metal Tank's text: +600 ATK/DEF)."""

from __future__ import annotations

import copy
from pathlib import Path

import yaml

from engine import replay

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def _monster(board: dict, player: str, name: str) -> dict:
    return next(m for m in board["players"][player]["monsters"] if m["card"] == name)


def _document(stem: str) -> dict:
    return yaml.safe_load((SCENARIOS / f"{stem}.yaml").read_text(encoding="utf-8"))["scenario"]


def test_the_board_shows_an_equipped_unions_bonus() -> None:
    document = _document("union-z-metal-tank-equip-and-destroyed-instead")
    steps = replay(copy.deepcopy(document), legal="none")["steps"]
    before = _monster(steps[0]["board"], "A", "Y-Dragon Head")
    equipped = next(s for s in steps if s["action"] == 1)["board"]
    head = _monster(equipped, "A", "Y-Dragon Head")
    assert "atk" not in before and "def" not in before  # printed 1500/1600: nothing to say
    assert (head["atk"], head["def"]) == (2100, 2200)


def test_a_negated_unions_bonus_is_not_shown() -> None:
    """Under Imperial Order the equipped Z-Metal Tank has no effect: the printed values stand."""
    document = _document("union-imperial-order-negates-bonus")
    board = replay(copy.deepcopy(document), legal="none")["steps"][0]["board"]
    head = _monster(board, "A", "Y-Dragon Head")
    assert "atk" not in head and "def" not in head
