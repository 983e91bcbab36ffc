"""Generated scenarios (tests/fuzz/scenario_strategies.py) replayed through the engine and through
`POST /api/replay`.

For every document: the engine either replays it or rejects it with a DocumentError (never any
other exception); an illegal action is a step with `accepted: false` that says why; replaying it
again gives the identical replay; no card appears twice on a board, and from one step to the next
no card appears or vanishes (a Token may appear, and go: a Token leaving the field is gone); the
API answers 200 with exactly the engine's replay, or 400 with exactly its problems; the replay
options change only what is written out (a lean replay's JSON Patches rebuild every board).

Derandomized with a bounded number of examples, so CI runs the same documents every time.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import jsonpatch
import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from scenario_strategies import card_ids, documents, tokens

from engine import DocumentError, replay

ENGINE_EXAMPLES = 120
API_EXAMPLES = 40
BOUNDED = settings(
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def _replay_or_problems(doc: dict[str, Any], **options: str) -> tuple[dict[str, Any] | None, list[Any]]:
    try:
        return replay(doc, **options), []
    except DocumentError as error:
        assert error.errors, "a rejected document names its problems"
        assert all(e["message"] for e in error.errors)
        return None, error.errors


def _held(board: dict[str, Any]) -> tuple[Counter[str], int]:
    """A board's cards: the ids of the known non-Token cards (counted, to catch a card twice), and
    how many are unknown (a Deck's count, and the unknown cards drawn from it)."""
    known: Counter[str] = Counter()
    unknown = sum(p["deck"] if isinstance(p["deck"], int) else p["deck"]["unknown"]
                  for p in board["players"].values())  # fmt: skip
    for card_id in card_ids(board):
        name = card_id.split(":", 1)[1].split("#")[0]
        if name == "Unknown Card":
            unknown += 1
        elif name not in tokens():
            known[card_id] += 1
    return known, unknown


@settings(BOUNDED, max_examples=ENGINE_EXAMPLES)
@given(documents())
def test_engine_replays_any_document_the_same_and_keeps_every_card(doc: dict[str, Any]) -> None:
    first, problems = _replay_or_problems(doc)
    again, problems_again = _replay_or_problems(doc)
    assert (first, problems) == (again, problems_again), "the same document replays the same"
    if first is None:
        return
    start = replay({**doc, "actions": []}, legal="none")["final_board"]
    known, unknown = _held(start)
    assert max(known.values(), default=1) == 1, f"a card twice at the start: {known.most_common(1)}"
    for step in first["steps"]:
        held = _held(step["board"])
        assert held == (known, unknown), f"step {step['n']} ({step['summary']}) changed the cards"
        if not step["accepted"]:
            assert step["explanations"], f"illegal step {step['n']} says why"
        assert all(e["glossary"] for e in step["explanations"])
    acted = {step["action"] for step in first["steps"]}
    assert acted >= set(range(len(doc["actions"]))), "every action is a step"
    _same_whatever_the_options(doc, first)


def _same_whatever_the_options(doc: dict[str, Any], full: dict[str, Any]) -> None:
    """A lean replay (boards=changes, legal=last) says what happened the same way, and its
    JSON Patches rebuild every step's board (README, "Replay options")."""
    lean = replay(doc, boards="changes", legal="last")
    assert [
        {k: v for k, v in s.items() if k not in ("board", "changes", "legal")} for s in lean["steps"]
    ] == [{k: v for k, v in s.items() if k not in ("board", "legal")} for s in full["steps"]]
    assert (lean["result"], lean["final_board"]) == (full["result"], full["final_board"])
    board = None
    for lean_step, full_step in zip(lean["steps"], full["steps"], strict=True):
        board = lean_step["board"] if board is None else jsonpatch.apply_patch(board, lean_step["changes"])
        assert board == full_step["board"], f"step {full_step['n']}: the patches rebuild another board"
    if full["steps"]:
        assert lean["steps"][-1]["legal"] == full["steps"][-1]["legal"]


@pytest.fixture
def api(db: None, settings: Any) -> Client:
    """The API client, unthrottled: the examples come faster than the real rates allow."""
    rates = dict.fromkeys(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"])
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    return Client(HTTP_HOST="localhost")


@settings(BOUNDED, max_examples=API_EXAMPLES)
@given(documents(max_actions=8))
def test_api_answers_what_the_engine_says(api: Client, doc: dict[str, Any]) -> None:
    body = json.dumps(doc)
    response = api.post("/api/replay?legal=last", body, content_type="application/json")
    expected, problems = _replay_or_problems(json.loads(body), legal="last")
    if expected is None:
        assert response.status_code == 400, response.content[:300]
        assert response.json() == {"errors": problems}
    else:
        assert response.status_code == 200, response.content[:300]
        assert response.json() == json.loads(json.dumps(expected))
