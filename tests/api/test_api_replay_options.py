"""`POST /api/replay?boards=...&legal=...`: the replay options of the spec, through the API."""

import gzip
import json
from pathlib import Path
from typing import Any

import jsonpatch
import pytest
import yaml
from django.test import Client

pytestmark = pytest.mark.django_db

SCENARIO = Path(__file__).parents[1] / "scenarios" / "trigger-segoc-dark-hole-sangan-black-pendant.yaml"


def _document() -> str:
    return json.dumps(yaml.safe_load(SCENARIO.read_text(encoding="utf-8"))["scenario"])


def _replay(client: Client, query: str = "", **headers: str) -> Any:
    return client.post(f"/api/replay{query}", data=_document(), content_type="application/json", **headers)


def test_defaults_carry_every_board_and_legal(client: Client) -> None:
    steps = _replay(client).json()["steps"]
    assert all("board" in s and "legal" in s for s in steps)


def test_changes_rebuild_every_board(client: Client) -> None:
    every = _replay(client).json()
    lean = _replay(client, "?boards=changes&legal=none").json()
    assert lean["final_board"] == every["final_board"]
    board = lean["steps"][0]["board"]
    for mine, full in zip(lean["steps"], every["steps"], strict=True):
        assert "legal" not in mine
        if "changes" in mine:
            board = jsonpatch.apply_patch(board, mine["changes"])
        assert board == full["board"], f"step {mine['n']}"
        rest = {k: v for k, v in full.items() if k not in ("board", "legal")}
        assert {k: v for k, v in mine.items() if k not in ("board", "changes")} == rest


def test_final_and_last(client: Client) -> None:
    steps = _replay(client, "?boards=final&legal=last").json()["steps"]
    assert not any("board" in s or "changes" in s for s in steps)
    assert [s["n"] for s in steps if "legal" in s] == [steps[-1]["n"]]


def test_an_unknown_option_is_a_400_naming_it(client: Client) -> None:
    response = _replay(client, "?boards=some&legal=all")
    assert response.status_code == 400
    errors = {e["path"]: e["message"] for e in response.json()["errors"]}
    assert errors == {
        "boards": "expected one of every, changes, final",
        "legal": "expected one of every, none, last",
    }


def test_the_replay_is_gzipped_when_the_client_accepts_it(client: Client) -> None:
    response = _replay(client, headers={"Accept-Encoding": "gzip"})
    assert response["Content-Encoding"] == "gzip"
    assert json.loads(gzip.decompress(response.content))["steps"]


def test_the_schema_documents_the_options(client: Client) -> None:
    schema = yaml.safe_load(client.get("/api/schema").content)
    params = {p["name"]: p for p in schema["paths"]["/api/replay"]["post"]["parameters"]}
    assert sorted(params["boards"]["schema"]["enum"]) == ["changes", "every", "final"]
    assert sorted(params["legal"]["schema"]["enum"]) == ["every", "last", "none"]
    assert params["boards"]["schema"]["default"] == params["legal"]["schema"]["default"] == "every"
