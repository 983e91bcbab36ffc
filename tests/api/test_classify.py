"""POST /api/cards/classify: the card-text reader over HTTP, its 400s, and its OpenAPI description."""

import json
from typing import Any

import pytest
from django.test import Client

from engine.textreader import FIELDS

pytestmark = pytest.mark.django_db

URL = "/api/cards/classify"


def post(client: Client, body: Any, content_type: str = "application/json") -> Any:
    data = body if isinstance(body, str | bytes) else json.dumps(body)
    return client.post(URL, data=data, content_type=content_type)


def errors_of(response: Any) -> list[dict[str, str]]:
    assert response.status_code == 400, response.content
    errors = response.json()["errors"]
    assert errors and all(set(e) == {"path", "message"} and e["message"] for e in errors)
    return errors


def test_a_monster_with_a_material_line_and_two_effects(client: Client) -> None:
    response = post(
        client,
        {
            "text": "2 Level 4 monsters\nOnce per turn: You can detach 1 material from this card, then "
            "target 1 card on the field; destroy it. If this card is sent to the GY: You can draw 1 card.",
            "kind": "monster",
            "subtype": ["xyz", "effect"],
        },
    )
    assert response.status_code == 200, response.content
    ignition, trigger = response.json()["effects"]
    assert list(ignition) == list(FIELDS)
    assert (ignition["kind"], ignition["spell_speed"], ignition["targets"]) == ("ignition", 1, True)
    assert ignition["cost"] == "Detach 1 material from this card"
    assert ignition["once_per_turn"] == "soft"
    assert (trigger["kind"], trigger["wording"], trigger["can_miss_timing"]) == ("trigger", "if", False)
    reason = trigger["reasons"]["can_miss_timing"]
    assert reason == {
        "rule": "if-never-misses",
        "explanation": reason["explanation"],
        "glossary": "missing-the-timing",
    }


def test_a_pendulum_monster_reads_its_pendulum_effect_first(client: Client) -> None:
    response = post(
        client,
        {
            "text": "If this card is Normal Summoned: You can draw 1 card.",
            "pendulum_text": "Once per turn: You can target 1 card; destroy it.",
            "kind": "monster",
            "subtype": "pendulum effect",
        },
    )
    assert response.status_code == 200, response.content
    assert [e["part"] for e in response.json()["effects"]] == ["pendulum", "monster"]


def test_a_counter_trap(client: Client) -> None:
    response = post(
        client,
        {
            "text": "When a Spell Card is activated: Discard 1 card; negate that activation, and if you do, "
            "destroy it.",
            "kind": "trap",
            "subtype": "counter",
        },
    )
    (effect,) = response.json()["effects"]
    assert (effect["kind"], effect["spell_speed"], effect["cost"]) == ("activation", 3, "Discard 1 card")
    assert effect["conjunctions"] == ["and_if_you_do"]


def test_a_normal_monster_has_no_effects(client: Client) -> None:
    response = post(client, {"text": "A knight of old.", "kind": "monster", "subtype": "normal"})
    assert response.status_code == 200
    assert response.json() == {"effects": []}


@pytest.mark.parametrize(
    ("body", "paths", "words"),
    [
        ({"text": "Draw 1 card.", "kind": "magic", "subtype": "normal"}, ["kind"], "monster, spell or trap"),
        ({"text": "Draw 1 card.", "kind": "spell", "subtype": "counter"}, ["subtype"], "one of normal"),
        ({"text": "  ", "kind": "spell", "subtype": "normal"}, ["text"], "empty"),
        ({"text": 5, "kind": "spell", "subtype": "normal"}, ["text"], "string"),
        ({"kind": "spell"}, ["text", "subtype"], "required"),
        (
            {"text": "Draw 1 card.", "kind": "spell", "subtype": "normal", "effect": 1},
            ["effect"],
            "unknown field",
        ),
        (
            {"text": "Draw 1 card.", "kind": "spell", "subtype": "normal", "pendulum_text": "Draw 1 card."},
            ["pendulum_text"],
            "only Pendulum monsters",
        ),
        ([1, 2], ["(document)"], "JSON object"),
        ('{"text": ', ["(document)"], "JSON"),
    ],
    ids=["kind", "subtype", "empty", "not-text", "missing", "unknown", "pendulum", "list", "broken-json"],
)
def test_bad_requests_are_400_with_paths(client: Client, body: Any, paths: list[str], words: str) -> None:
    errors = errors_of(post(client, body))
    assert [e["path"] for e in errors] == paths
    assert words in errors[0]["message"]


def test_only_post(client: Client) -> None:
    response = client.get(URL)
    assert response.status_code == 405
    assert response["Content-Type"].startswith("application/json")


def test_the_route_is_not_taken_for_a_card_name(client: Client, seeded: None) -> None:
    """`classify` is matched before `api/cards/<key>`, and card names still resolve."""
    assert client.get("/api/cards/Sangan").status_code == 200


def test_schema_describes_classify(client: Client) -> None:
    response = client.get("/api/schema", {"format": "json"})
    assert response.status_code == 200
    operation = json.loads(response.content)["paths"]["/api/cards/classify"]["post"]
    assert {"200", "400"} <= set(operation["responses"])
    assert "application/json" in operation["requestBody"]["content"]
