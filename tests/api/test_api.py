"""The JSON API: replay, glossary, cards and the OpenAPI schema."""

import json
from typing import Any

import pytest
import yaml
from django.test import Client

import engine

pytestmark = pytest.mark.django_db


def post_replay(client: Client, body: str | bytes, content_type: str) -> Any:
    return client.post("/api/replay", data=body, content_type=content_type)


def assert_error_body(response: Any) -> list[dict[str, str]]:
    assert response.status_code == 400
    assert response["Content-Type"].startswith("application/json")
    errors = response.json()["errors"]
    assert errors, "a 400 must list at least one error"
    for error in errors:
        assert set(error) == {"path", "message"}
        assert isinstance(error["path"], str) and error["message"]
    return errors


def assert_replay(data: dict[str, Any], action_count: int) -> None:
    assert data["format"] == "ygo-scenario/1"
    assert {"steps", "result", "final_board"} <= set(data)
    assert {"winner", "draw", "reason"} <= set(data["result"])
    assert len(data["steps"]) >= action_count
    first = data["steps"][0]
    assert {"n", "action", "kind", "accepted", "summary", "events", "explanations", "board"} <= set(first)
    assert first["n"] == 1
    assert first["explanations"], "every step explains itself"


def test_replay_json(client: Client, scenario_doc: dict[str, Any]) -> None:
    response = post_replay(client, json.dumps(scenario_doc), "application/json")
    assert response.status_code == 200, response.content
    assert_replay(response.json(), len(scenario_doc["actions"]))


@pytest.mark.parametrize(
    "content_type", ["application/yaml", "text/yaml", "application/x-yaml; charset=utf-8"]
)
def test_replay_yaml(client: Client, scenario_yaml: str, content_type: str) -> None:
    response = post_replay(client, scenario_yaml, content_type)
    assert response.status_code == 200, response.content
    assert_replay(response.json(), 4)


def test_replay_json_and_yaml_agree(client: Client, scenario_doc: dict[str, Any], scenario_yaml: str) -> None:
    from_json = post_replay(client, json.dumps(scenario_doc), "application/json").json()
    from_yaml = post_replay(client, scenario_yaml, "application/yaml").json()
    assert from_json == from_yaml


def test_replay_without_content_type_detects_the_format(client: Client, scenario_yaml: str) -> None:
    response = post_replay(client, scenario_yaml, "text/plain")
    assert response.status_code == 200


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        ('{"format": "ygo-scenario/1", "board": ', "application/json"),
        ("format: [ygo-scenario/1\nboard: {", "application/yaml"),
        ("", "application/json"),
        (b"\xff\xfe\x00not utf-8", "application/yaml"),
    ],
    ids=["truncated-json", "broken-yaml", "empty", "not-utf8"],
)
def test_replay_malformed_body_is_400_with_errors(
    client: Client, body: str | bytes, content_type: str
) -> None:
    assert_error_body(post_replay(client, body, content_type))


def test_replay_bad_position_is_400_with_its_path(client: Client, scenario_doc: dict[str, Any]) -> None:
    monster = {"card": engine_monster_name(), "zone": 1, "position": "atk"}
    scenario_doc["board"]["players"]["B"]["monsters"] = [monster]
    errors = assert_error_body(post_replay(client, json.dumps(scenario_doc), "application/json"))
    assert "board.players.B.monsters[0].position" in [error["path"] for error in errors], errors


def test_replay_unknown_card_is_400_with_its_path(client: Client, scenario_doc: dict[str, Any]) -> None:
    scenario_doc["board"]["players"]["A"]["hand"] = ["No Such Card Anywhere"]
    errors = assert_error_body(post_replay(client, json.dumps(scenario_doc), "application/json"))
    paths = [error["path"] for error in errors]
    assert any(path.startswith("board.players.A.hand[0]") for path in paths), errors
    assert any("No Such Card Anywhere" in error["message"] for error in errors), errors


def engine_monster_name() -> str:
    return next(c["name"] for c in engine.card_catalog().values() if c["card_type"] == "monster")


def test_replay_engine_failure_is_400_naming_the_engine(
    client: Client, scenario_yaml: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(doc: dict[str, Any], **options: Any) -> dict[str, Any]:
        raise RuntimeError("boom")

    monkeypatch.setattr(engine, "replay", broken)
    errors = assert_error_body(post_replay(client, scenario_yaml + "\n# fresh\n", "text/yaml"))
    assert errors[0]["path"] == "(engine)"
    assert "boom" in errors[0]["message"]


def test_replay_only_accepts_post(client: Client) -> None:
    response = client.get("/api/replay")
    assert response.status_code == 405
    assert "detail" in response.json()


def test_unknown_api_path_is_404_json(client: Client) -> None:
    response = client.get("/api/nothing-here")
    assert response.status_code == 404
    assert "detail" in response.json()


def test_glossary_list(client: Client, seeded: None) -> None:
    response = client.get("/api/glossary")
    assert response.status_code == 200
    page = response.json()
    entries = page["results"]
    assert page["count"] == len(engine.glossary()) and len(entries) == min(100, page["count"])
    assert {"slug", "term", "summary", "body", "example", "source", "related"} <= set(entries[0])
    assert set(entries[0]["source"]) == {"document", "section"}


def test_glossary_detail(client: Client, seeded: None) -> None:
    expected = engine.glossary()[0]
    response = client.get(f"/api/glossary/{expected['slug']}")
    assert response.status_code == 200
    entry = response.json()
    assert entry["slug"] == expected["slug"]
    assert entry["term"] == expected["term"]
    assert entry["related"] == list(expected.get("related") or [])


def test_glossary_unknown_slug_is_404_json(client: Client, seeded: None) -> None:
    response = client.get("/api/glossary/no-such-term")
    assert response.status_code == 404
    assert "no-such-term" in response.json()["detail"]


def test_cards_search_is_case_insensitive_substring(client: Client, seeded: None) -> None:
    name = engine_monster_name()
    response = client.get("/api/cards", {"q": name[1:4].swapcase()})
    assert response.status_code == 200
    assert name in [card["name"] for card in response.json()["results"]]
    everything = client.get("/api/cards", {"limit": 500}).json()
    assert everything["count"] == len(everything["results"]) == len(engine.card_catalog())


def test_card_detail_by_name_scenario_id_and_pk(client: Client, seeded: None) -> None:
    name = engine_monster_name()
    by_name = client.get(f"/api/cards/{name.upper()}")
    assert by_name.status_code == 200
    card = by_name.json()
    assert card["name"] == name
    assert card["data"]["card_type"] == "monster"
    assert client.get(f"/api/cards/A:{name}#2").json()["name"] == name
    assert client.get(f"/api/cards/{card['id']}").json()["name"] == name


def test_card_unknown_is_404_json(client: Client, seeded: None) -> None:
    response = client.get("/api/cards/No Such Card Anywhere")
    assert response.status_code == 404
    assert "detail" in response.json()


def test_schema_describes_the_api(client: Client) -> None:
    response = client.get("/api/schema", {"format": "json"})
    assert response.status_code == 200
    schema = json.loads(response.content)
    assert schema["openapi"].startswith("3.")
    paths = schema["paths"]
    for path in ["/api/replay", "/api/glossary", "/api/glossary/{slug}", "/api/cards"]:
        assert path in paths, sorted(paths)
    replay_op = paths["/api/replay"]["post"]
    assert {"application/json", "application/yaml"} <= set(replay_op["requestBody"]["content"])
    assert {"200", "400"} <= set(replay_op["responses"])


def test_schema_default_is_yaml(client: Client) -> None:
    response = client.get("/api/schema")
    assert response.status_code == 200
    assert "/api/replay" in yaml.safe_load(response.content)["paths"]
