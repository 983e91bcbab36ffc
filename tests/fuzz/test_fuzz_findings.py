"""What the fuzzers found, each pinned by a plain test of its own (the fuzzers' examples change
whenever the schema or the strategies do)."""

from __future__ import annotations

import json
from typing import Any

import jsonpatch
import pytest
from django.test import Client

from engine import replay


@pytest.fixture
def api(seeded: None) -> Client:
    return Client(HTTP_HOST="localhost")


def _schema(api: Client) -> dict[str, Any]:
    return api.get("/api/schema?format=json").json()


def test_a_superscript_digit_is_no_card_id_and_no_level(api: Client) -> None:
    """ "¹".isdigit() is true, but int("¹") fails: it was a 500."""
    response = api.get("/api/cards/%C2%B9")
    assert response.status_code == 404
    assert response.json() == {"detail": "No card named '¹'."}
    response = api.get("/api/cards", {"level": "¹"})
    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == "level"


def test_a_card_answers_def_as_its_schema_names_it(api: Client) -> None:
    card = api.get("/api/cards/Sangan").json()
    properties = _schema(api)["components"]["schemas"]["Card"]["properties"]
    assert card["def"] == 600
    assert "def" in properties and "def_" not in properties
    assert set(card) == set(properties)


def test_saved_rulings_document_each_method_apart(api: Client) -> None:
    paths = _schema(api)["paths"]
    assert set(paths["/api/rulings"]["get"]["responses"]) == {"200", "400"}  # 400: a bad page
    assert set(paths["/api/rulings"]["post"]["responses"]) == {"201", "400", "403", "413"}
    assert "parameters" not in paths["/api/rulings"]["post"]  # the filters are GET's
    assert set(paths["/api/rulings/{slug}"]["get"]["responses"]) == {"200", "404"}


def test_the_card_filters_state_what_the_search_accepts(api: Client) -> None:
    parameters = {p["name"]: p["schema"] for p in _schema(api)["paths"]["/api/cards"]["get"]["parameters"]}
    assert parameters["link"] == {"type": "integer", "minimum": 1, "maximum": 8}
    assert "DARK" in parameters["attribute"]["enum"]
    for name, schema in parameters.items():
        if "maximum" in schema:
            beyond = api.get("/api/cards", {name: schema["maximum"] + 1})
            assert beyond.status_code == 400, name
            assert api.get("/api/cards", {name: schema["maximum"]}).status_code == 200, name


def test_a_board_is_a_tree_so_a_patched_copy_changes_one_pile() -> None:
    """Every empty pile of a board was one list (the empty tuple is a single object, and piles
    were kept by identity): a JSON Patch applied to a copy of the board (jsonpatch deep-copies,
    keeping aliases) added a card to the GY and to every other empty pile with it."""
    doc = {
        "format": "ygo-scenario/1",
        "board": {
            "turn": 2,
            "turn_player": "A",
            "phase": "main1",
            "players": {"A": {"hand": ["Pot of Greed"], "deck": 5}, "B": {"deck": 5}},
        },
        "actions": [{"player": "A", "do": "activate", "card": "A:Pot of Greed"}, {"do": "resolve"}],
    }
    lean = replay(doc, boards="changes", legal="none")
    board = lean["steps"][0]["board"]
    for step in lean["steps"][1:]:
        board = jsonpatch.apply_patch(board, step["changes"])
    assert board == json.loads(json.dumps(lean["final_board"]))
    assert board["players"]["A"]["graveyard"] == [{"card": "Pot of Greed", "id": "A:Pot of Greed"}]
    assert board["players"]["B"]["banished"] == []


def test_a_player_cannot_activate_a_card_in_the_opponents_hand() -> None:
    """B activated A's Umi from A's hand: it went to A's Field Zone, and A's Dragon Ravine, which
    it replaced, went nowhere (it was neither on the board nor in a GY)."""
    doc = {
        "format": "ygo-scenario/1",
        "board": {
            "turn": 2,
            "turn_player": "B",
            "phase": "main1",
            "players": {
                "A": {"hand": ["Umi"], "deck": 3, "field_spell": {"card": "Dragon Ravine", "face": "up"}},
                "B": {"deck": 3},
            },
        },
        "actions": [{"player": "B", "do": "activate", "card": "A:Umi"}],
    }
    step = replay(doc, legal="none")["steps"][0]
    assert not step["accepted"]
    assert step["explanations"][0]["code"] == "action.card_not_there"
    assert "B's hand" in step["explanations"][0]["text"]
    assert step["board"]["players"]["A"]["field_spell"]["card"] == "Dragon Ravine"
