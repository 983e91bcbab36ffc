"""Replay options (`boards`, `legal`): they change what a step carries, never what happened.

Over the whole corpus: every step's board rebuilt from the first board and the `changes` (with a
JSON Patch library, knowing nothing of the engine) is the board `boards=every` gives; and steps
(less `board`, `changes`, `legal`), result and final board are the same for every combination.
"""

from __future__ import annotations

import copy
import itertools
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonpatch
import pytest
import yaml
from corpus_fingerprint import replayable

from engine import DocumentError, replay
from engine.changes import board_changes
from engine.replay import BOARDS, LEGAL

FILES = replayable()
OPTIONAL = ("board", "changes", "legal")


def _same_part(result: dict[str, Any]) -> dict[str, Any]:
    steps = [{k: v for k, v in step.items() if k not in OPTIONAL} for step in result["steps"]]
    return {"steps": steps, "result": result["result"], "final_board": result["final_board"]}


def _rebuilt_boards(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each step's board from the first board and the changes, as any reader would do it."""
    boards: list[dict[str, Any]] = []
    for step in steps:
        if "board" in step:
            assert not boards, "only the first step carries a whole board"
            boards.append(json.loads(json.dumps(step["board"])))
        else:
            boards.append(jsonpatch.apply_patch(boards[-1], json.loads(json.dumps(step["changes"]))))
    return boards


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_options_change_only_what_steps_carry(path: Path) -> None:
    document = yaml.safe_load(path.read_text(encoding="utf-8"))["scenario"]
    every = replay(copy.deepcopy(document))
    same = _same_part(every)
    for boards, legal in itertools.product(BOARDS, LEGAL):
        result = replay(copy.deepcopy(document), boards=boards, legal=legal)
        assert _same_part(result) == same, (boards, legal)
        steps = result["steps"]
        if boards == "changes":
            assert _rebuilt_boards(steps) == [s["board"] for s in every["steps"]]
        elif boards == "final":
            assert not any("board" in s or "changes" in s for s in steps)
        if legal == "every":
            assert [s["legal"] for s in steps] == [s["legal"] for s in every["steps"]]
        elif legal == "last":
            assert [s for s in steps[:-1] if "legal" in s] == []
            assert not steps or steps[-1]["legal"] == every["steps"][-1]["legal"]
        else:
            assert not any("legal" in s for s in steps)
    if every["steps"]:  # the pages' cheap path: one step carries its board and `legal`
        n = (len(every["steps"]) + 1) // 2
        focused = replay(copy.deepcopy(document), boards="final", legal="none", focus=n)
        assert _same_part(focused) == same
        assert [s["n"] for s in focused["steps"] if set(OPTIONAL) & set(s)] == [n]
        assert focused["steps"][n - 1]["board"] == every["steps"][n - 1]["board"]
        assert focused["steps"][n - 1]["legal"] == every["steps"][n - 1]["legal"]


def test_changes_say_null_and_list_edits() -> None:
    """`step` becoming null and a Field Zone emptied are said (a merge patch could not say them);
    a card drawn is a remove and an add, not the whole Deck again."""
    players = {
        "A": {"hand": [{"card": "X", "id": "A:X"}], "deck": {"cards": [{"card": "Y", "id": "A:Y"},
              {"card": "Z", "id": "A:Z"}], "unknown": 3}, "field_spell": {"card": "F", "id": "A:F"}},
    }  # fmt: skip
    old = {"turn": 2, "turn_player": "A", "phase": "battle", "step": "damage", "players": players}
    new = copy.deepcopy(old)
    new.update(phase="main2", step=None)
    new["players"]["A"]["hand"].append(new["players"]["A"]["deck"]["cards"].pop(0))
    new["players"]["A"]["field_spell"] = None
    patch = board_changes(old, new)
    assert {"op": "replace", "path": "/step", "value": None} in patch
    assert {"op": "remove", "path": "/players/A/deck/cards/0"} in patch
    assert {"op": "add", "path": "/players/A/hand/-", "value": {"card": "Y", "id": "A:Y"}} in patch
    assert jsonpatch.apply_patch(old, patch) == new
    assert board_changes(new, new) == []


@pytest.mark.parametrize(("option", "value"), [("boards", "diff"), ("legal", "all")])
def test_unknown_option_is_named(option: str, value: str) -> None:
    document = yaml.safe_load(FILES[0].read_text(encoding="utf-8"))["scenario"]
    with pytest.raises(DocumentError) as err:
        replay(document, **{option: value})
    assert err.value.errors[0]["path"] == option
    assert repr(value) in err.value.errors[0]["message"]
    assert all(v in err.value.errors[0]["message"] for v in (BOARDS if option == "boards" else LEGAL))
    assert isinstance(err.value, ValueError)


def test_command_line_takes_the_same_options(tmp_path: Path) -> None:
    document = yaml.safe_load(FILES[0].read_text(encoding="utf-8"))["scenario"]
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    command = [sys.executable, "-m", "engine", "replay", str(path), "--json"]
    run = subprocess.run([*command, "--boards", "final", "--legal", "last"],
                         capture_output=True, text=True, check=True)  # fmt: skip
    assert json.loads(run.stdout) == replay(document, boards="final", legal="last")
    bad = subprocess.run([*command, "--legal", "some"], capture_output=True, text=True, check=False)
    assert bad.returncode == 2
    assert "--legal" in bad.stderr and "every" in bad.stderr
