"""The engine's limits (engine/limits.py; spec, "Limits"): a document over one is refused before it
is replayed, with the limit named, and an error never quotes more than a short excerpt of it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from engine import DocumentError, parse_document, replay
from engine.limits import LIMITS, Limits, TooLarge, excerpt

ROOT = Path(__file__).resolve().parents[2]

# 341 bytes of nested aliases: each line nine times the one before (9**9 strings written out)
BOMB = "\n".join(
    ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    + [f"{chr(98 + i)}: &{chr(98 + i)} [{','.join(['*' + chr(97 + i)] * 9)}]" for i in range(8)]
)


def _doc(actions: list[Any] | None = None, **players: Any) -> dict[str, Any]:
    sides = {"A": {"hand": ["Sangan"], "deck": 300}, "B": {"deck": 300}, **players}
    board = {"turn": 2, "turn_player": "A", "phase": "main1", "players": sides}
    return {"format": "ygo-scenario/1", "board": board, "actions": actions or []}


def _problems(call: Any) -> list[str]:
    with pytest.raises(DocumentError) as caught:
        call()
    return [str(p) for p in caught.value.problems]


def _nested(levels: int) -> str:
    return '{"format": "ygo-scenario/1", "title": ' + "[" * levels + "]" * levels + "}"


def test_an_alias_bomb_is_refused_before_anything_is_built() -> None:
    assert len(BOMB) < 600
    problems = _problems(lambda: parse_document(BOMB, "yaml"))
    assert len(problems) == 1
    assert "anchors and aliases" in problems[0] and "line 1" in problems[0]


def test_the_loader_refuses_before_building_anything(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing of the document is constructed: the refusal comes from the composer, node by node."""
    from engine import yamlio

    def never(*args: Any) -> Any:
        raise AssertionError("a node was built")

    monkeypatch.setattr(yamlio._DocumentLoader, "construct_document", never)
    for text in (BOMB, "board: " + "[" * 10_000):
        with pytest.raises(yamlio.Refused):
            yamlio.load_document(text, LIMITS.depth)


@pytest.mark.parametrize("text", ["a: &x 1\n", "a: 1\nb: *x\n", "board: &b {turn: 2}\n"])
def test_any_anchor_or_alias_is_refused(text: str) -> None:
    (problem,) = _problems(lambda: parse_document(text, "yaml"))
    assert "anchors and aliases" in problem


@pytest.mark.parametrize("fmt", ["json", "yaml"])
@pytest.mark.parametrize("levels", [LIMITS.depth + 1, 10_000, 200_000])
def test_deep_nesting_is_refused_by_name(fmt: str, levels: int) -> None:
    (problem,) = _problems(lambda: parse_document(_nested(levels), fmt))
    assert "levels of nesting" in problem or "nested deeper" in problem
    assert "depth" in problem


def test_nesting_within_the_limit_is_read() -> None:
    data = parse_document(_nested(LIMITS.depth - 2), "json")
    assert data["format"] == "ygo-scenario/1"


def test_a_text_over_the_size_limit_is_too_large_naming_it() -> None:
    text = "title: " + "x" * LIMITS.body_bytes
    with pytest.raises(TooLarge) as caught:
        parse_document(text, "yaml")
    assert "body_bytes" in str(caught.value) and str(LIMITS.body_bytes) in str(caught.value)


def test_ten_thousand_turns_are_refused_with_the_limit_named() -> None:
    actions = [{"player": "A" if n % 2 == 0 else "B", "do": "end_turn"} for n in range(10_000)]
    (problem,) = _problems(lambda: replay(_doc(actions)))
    assert "actions" in problem and "(actions)" in problem  # 10,000 is over the actions limit first
    just_turns = Limits(actions=20_000)
    (problem,) = _problems(lambda: replay(_doc(actions), limits=just_turns))
    assert f"10000 turns is over the limit of {LIMITS.turns} (turns)" in problem


def test_a_long_game_within_the_limits_replays() -> None:
    actions = [{"player": "A" if n % 2 == 0 else "B", "do": "end_turn"} for n in range(LIMITS.turns)]
    result = replay(_doc(actions), boards="final", legal="none")
    assert result["final_board"]["turn"] == 2 + LIMITS.turns


def test_the_steps_a_replay_makes_are_bounded() -> None:
    actions = [{"player": "A" if n % 2 == 0 else "B", "do": "end_turn"} for n in range(30)]
    (problem,) = _problems(lambda: replay(_doc(actions), limits=Limits(steps=10)))
    assert "11 replay steps is over the limit of 10 (steps)" in problem


def test_what_the_steps_write_is_bounded_and_says_how_to_write_less() -> None:
    actions = [{"player": "A" if n % 2 == 0 else "B", "do": "end_turn"} for n in range(30)]
    small = Limits(output_cards=200)
    (problem,) = _problems(lambda: replay(_doc(actions), boards="every", legal="none", limits=small))
    assert "(output_cards)" in problem and "boards=changes" in problem
    replay(_doc(actions), boards="changes", legal="none", limits=small)  # the same game, written as changes


def test_an_error_quotes_only_a_short_excerpt_of_the_input() -> None:
    huge = "x" * 200_000
    doc = _doc(
        [{"player": "A", "do": "phase", "to": huge}], A={"hand": [huge], "deck": 30, "lp": [huge] * 1000}
    )
    problems = _problems(lambda: replay(doc))
    assert problems and all(len(p) < 2500 for p in problems)
    assert sum(len(p) for p in problems) < 10_000


def test_the_problems_listed_are_capped_and_counted() -> None:
    doc = _doc(A={"hand": [f"No Such Card {n}" for n in range(500)], "deck": 30})
    problems = _problems(lambda: replay(doc))
    assert len(problems) == LIMITS.problems + 1
    assert "and 400 more problems" in problems[-1]


def test_excerpt_never_expands_a_huge_value() -> None:
    shared: list[Any] = ["lol"] * 9
    for _ in range(40):  # 9**40 strings if written out
        shared = [shared] * 9
    assert len(excerpt(shared)) < 200
    assert excerpt(10**5000) == "a very-digit number" or "digit" in excerpt(10**5000)
    assert excerpt("short") == "'short'"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        (
            "format: ygo-scenario/1\nbody: " + "9" * 5000,
            "cannot read a value",
        ),  # more digits than Python reads
        ('{"format": 1' + "0" * 5000 + "}", "cannot read a value"),
        ("a: \x00", "malformed YAML"),
        (b"format: \xff\xfe", "expected UTF-8 text"),
        ("[1, 2]", "expected a mapping"),
        ("{1: 2, [3]: 4}", "malformed YAML"),
    ],
)
def test_odd_text_is_one_clear_problem(text: str | bytes, fragment: str) -> None:
    fmt = "json" if isinstance(text, str) and text.startswith('{"') else "yaml"
    (problem,) = _problems(lambda: parse_document(text, fmt))
    assert fragment in problem


# Two document shapes raised an uncaught exception from the engine (found by trying odd shapes
# in every field of the corpus scenarios): a chosen discard that is not a reference, and a choice
# naming an empty zone, which passes the reference check and fails only as the link resolves.
SEVEN = ["Sangan", "Celtic Guardian", "Dark Hole", "Kuriboh", "Mirror Force", "Waboku", "Mystic Tomato"]
HAND_SIZE = {"A": {"hand": SEVEN, "deck": 30}}


@pytest.mark.parametrize("discard", [None, True, 1.5, 2**70, {}, [[]], {"card": "A:Sangan"}])
def test_a_chosen_discard_that_is_not_a_reference_is_a_document_error(discard: Any) -> None:
    doc = _doc([{"player": "A", "do": "end_turn", "choices": {"discard": discard}}], **HAND_SIZE)
    (problem,) = _problems(lambda: replay(doc))
    assert problem.startswith("actions[0].choices.discard[0]: expected a card reference")


def test_a_choice_naming_an_empty_zone_is_a_document_error() -> None:
    doc = _doc(
        [{"player": "A", "do": "activate", "card": "A:Delinquent Duo", "choices": {"discard": ["B:S4"]}},
         {"do": "resolve"}],
        A={"hand": ["Delinquent Duo"], "deck": 10},
        B={"hand": ["Kuriboh", "Sangan"], "deck": 10},
    )  # fmt: skip
    (problem,) = _problems(lambda: replay(doc))
    assert problem == (
        "actions: Chain Link 1 (Delinquent Duo) cannot resolve with the choices given: "
        "There is no card at B:S4 now."
    )


def test_pay_lp_must_be_a_number() -> None:
    doc = _doc([{"player": "A", "do": "normal_summon", "card": "A:Sangan", "cost": {"pay_lp": "x"}}])
    (problem,) = _problems(lambda: replay(doc))
    assert problem == "actions[0].cost.pay_lp: expected a whole number of LP; got 'x'"


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", "replay", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        timeout=120,
    )


def test_the_command_line_prints_the_error_lines_and_no_traceback(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text(BOMB)
    run = _cli(str(bomb))
    assert run.returncode == 1 and run.stdout == ""
    assert "anchors and aliases" in run.stderr and "Traceback" not in run.stderr

    turns = tmp_path / "turns.json"
    turns.write_text(
        json.dumps(_doc([{"player": "A", "do": "end_turn"}, {"player": "B", "do": "end_turn"}] * 200))
    )
    run = _cli(str(turns))
    assert run.returncode == 1 and "Traceback" not in run.stderr
    limit = f"actions: 400 turns is over the limit of {LIMITS.turns} (turns)"
    assert run.stderr.strip() == f"{limit}; each end_turn action begins a new turn"
    run = _cli(str(turns), "--max-turns", "400")  # a flag raises the limit
    assert run.returncode == 0, run.stderr
    assert "Result: the duel goes on" in run.stdout

    deep = tmp_path / "deep.json"
    deep.write_text(_nested(10_000))
    run = _cli(str(deep))
    assert run.returncode == 1 and "(depth)" in run.stderr and "Traceback" not in run.stderr


def test_the_command_line_refuses_a_file_over_the_size_limit_before_reading_it(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_text(yaml.safe_dump(_doc()) + "#" * 2000)
    run = _cli(str(big), "--max-body-bytes", "1000")
    assert run.returncode == 1 and "(body_bytes; --max-body-bytes raises it)" in run.stderr
    assert _cli(str(big)).returncode == 0


def test_a_limit_flag_takes_a_positive_whole_number(tmp_path: Path) -> None:
    run = _cli("x.yaml", "--max-actions", "0")
    assert run.returncode == 2 and "expected 1 or more" in run.stderr and "Traceback" not in run.stderr


def test_what_the_project_writes_the_checked_loader_reads_back() -> None:
    """A value shared by two places is written twice (an anchor would be refused on the way back)."""
    from engine import yamlio

    shared = ["Sangan", "Kuriboh"]
    text = yamlio.dump({"hand": shared, "graveyard": shared})
    assert "&" not in text and "*" not in text
    assert yamlio.load_document(text, LIMITS.depth) == {"hand": shared, "graveyard": shared}
