"""Reading documents: JSON and YAML in, every problem reported at once with its path."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import DocumentError, parse_document, replay

BOARD = {
    "turn": 2,
    "turn_player": "A",
    "phase": "main1",
    "players": {"A": {"hand": ["Celtic Guardian"], "deck": 5}, "B": {"deck": 5}},
}


def doc(**changes: object) -> dict:
    return {"format": "ygo-scenario/1", "board": BOARD, "actions": [], **changes}


def errors_of(document: dict) -> dict[str, str]:
    with pytest.raises(DocumentError) as info:
        replay(document)
    return {e["path"]: e["message"] for e in info.value.errors}


def test_json_and_yaml_read_the_same() -> None:
    data = doc(actions=[{"player": "A", "do": "normal_summon", "card": "A:Celtic Guardian"}])
    from_json = parse_document(json.dumps(data), "json")
    yaml_text = (
        "format: ygo-scenario/1\nboard: {turn: 2, turn_player: A, phase: main1, players: "
        "{A: {hand: [Celtic Guardian], deck: 5}, B: {deck: 5}}}\n"
        "actions:\n  - {player: A, do: normal_summon, card: 'A:Celtic Guardian'}\n"
    )
    assert parse_document(yaml_text, "yaml") == from_json
    assert replay(from_json) == replay(parse_document(yaml_text, "yaml"))


@pytest.mark.parametrize(
    ("text", "fmt", "fragment"),
    [
        ("{", "json", "malformed JSON at line 1"),
        ("board: [unclosed", "yaml", "malformed YAML"),
        ("- just\n- a list\n", "yaml", "expected a mapping"),
    ],
)
def test_malformed_text_is_one_clear_problem(text: str, fmt: str, fragment: str) -> None:
    with pytest.raises(DocumentError) as info:
        parse_document(text, fmt)
    assert fragment in info.value.errors[0]["message"]


def test_every_problem_is_reported_at_once() -> None:
    """Shape problems (a bad turn, a bad position, an unknown verb) do not hide the others."""
    board = {
        "turn": 0,
        "players": {
            "A": {
                "lp": -5,
                "monsters": [
                    {"card": "Celtic Guardain", "zone": 1},
                    {"card": "Luster Dragon", "zone": 1},
                    {"card": "Vorse Raider", "zone": 9},
                    {"card": "Gemini Elf", "position": "atk"},
                ],
            },
            "B": {"monsters": ["Gemini Elf"] * 6},
        },
    }
    actions = [
        {"player": "A", "do": "summon", "card": "A:Luster Dragon"},
        {"player": "A", "do": "attack", "attacker": "A:Nobody", "target": "direct"},
    ]
    problems = errors_of(doc(format="ygo/2", board=board, actions=actions))
    assert "ygo-scenario/1" in problems["format"]
    assert problems["board.turn"].startswith("expected a number >= 1")
    assert "expected attack, defense or set; got 'atk'" in problems["board.players.A.monsters[3].position"]
    assert "did you mean 'Celtic Guardian'" in problems["board.players.A.monsters[0].card"]
    assert "already holds" in problems["board.players.A.monsters[1].zone"]
    assert "from 1 to 5" in problems["board.players.A.monsters[2].zone"]
    assert "LP of 0 or more" in problems["board.players.A.lp"]
    assert "at most 5" in problems["board.players.B.monsters[5].zone"]
    assert "expected activate" in problems["actions[0].do"]
    assert "no card 'A:Nobody'" in problems["actions[1].attacker"]


def test_unknown_reference_lists_the_ids() -> None:
    actions = [{"player": "A", "do": "normal_summon", "card": "A:Celtic Guardien"}]
    message = errors_of(doc(actions=actions))["actions[0].card"]
    assert "did you mean A:Celtic Guardian" in message
    assert "ids: A:Celtic Guardian" in message


def test_duplicate_names_get_numbered_ids() -> None:
    board = {**BOARD, "players": {"A": {"hand": ["Kuriboh", "Kuriboh"]}, "B": {}}}
    result = replay(doc(board=board))
    ids = [c["id"] for c in result["final_board"]["players"]["A"]["hand"]]
    assert ids == ["A:Kuriboh", "A:Kuriboh#2"]


def test_command_line_lists_problems_and_replays(tmp_path: Path) -> None:
    good = tmp_path / "good.yaml"
    good.write_text(
        "format: ygo-scenario/1\nboard: {turn: 2, players: {A: {hand: [Celtic Guardian]}, B: {}}}\n"
        "actions:\n  - {player: A, do: normal_summon, card: 'A:Celtic Guardian'}\n"
    )
    run = subprocess.run([sys.executable, "-m", "engine", "replay", str(good)],
                         capture_output=True, text=True, check=False)  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "A Normal Summons Celtic Guardian" in run.stdout
    as_json = subprocess.run([sys.executable, "-m", "engine", "replay", str(good), "--json"],
                             capture_output=True, text=True, check=False)  # fmt: skip
    assert json.loads(as_json.stdout)["steps"][0]["accepted"] is True
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc(board={"turn": 2, "players": {"A": {"lp": -1}}})))
    run = subprocess.run([sys.executable, "-m", "engine", "replay", str(bad)],
                         capture_output=True, text=True, check=False)  # fmt: skip
    assert run.returncode == 1
    assert "board.players.A.lp: expected LP of 0 or more" in run.stderr
    assert "board.players.B: required" in run.stderr
    assert "Traceback" not in run.stderr
