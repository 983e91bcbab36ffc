"""Search's moving parts on small data: the text index follows the texts (and is repaired when a
migration drops its triggers), the name index follows saves, every list states its page limits
in the OpenAPI schema. (The real data's facts are loaded by `manage.py seed`: test_card_facts.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from cardfiles import ALL_ROWS, FLARE_BURST, make_cdb
from django.db import connection
from django.test import Client

from rulings.cards import text_index
from rulings.cards.importing import import_cdb
from rulings.cards.models import Card

pytestmark = pytest.mark.django_db


@pytest.fixture
def cards(tmp_path: Path) -> None:
    import_cdb(make_cdb(tmp_path / "cards.cdb", ALL_ROWS))


def found(client: Client, **params: str) -> list[str]:
    response = client.get("/api/cards", params)
    assert response.status_code == 200, response.content
    return [card["name"] for card in response.json()["results"]]


def test_text_search_follows_the_texts_and_survives_a_lost_trigger(client: Client, cards: None) -> None:
    burst = Card.objects.get(name=FLARE_BURST["name"])
    burst.text = "Shuffle every quokka into the Deck."
    burst.save()
    assert found(client, text="quokkas") == [burst.name], "stemmed, as the card's text now says"
    if connection.vendor != "sqlite":
        return
    with connection.cursor() as cursor:  # what Django's table rebuild on SQLite does to triggers
        for name in text_index.SQLITE_TRIGGERS:
            cursor.execute(f"DROP TRIGGER {name}")
    assert text_index.repair(connection) is True
    assert text_index.repair(connection) is False, "whole again"
    burst.text = "Banish every wombat."
    burst.save()
    assert found(client, text="wombat") == [burst.name] and found(client, text="quokka") == []


def test_a_saved_name_is_found_at_once(client: Client, cards: None) -> None:
    assert found(client, q="renamed soldier") == []
    soldier = Card.objects.get(name="Plain Soldier")
    soldier.name = "Renamed Soldier"
    soldier.save()
    assert found(client, q="renamed soldier")[0] == "Renamed Soldier"


@pytest.mark.parametrize("path", ["/api/cards", "/api/glossary", "/api/rulings"])
def test_every_list_is_paged_with_its_limits_in_the_schema(client: Client, path: str) -> None:
    schema = client.get("/api/schema", {"format": "json"}).json()
    operation = schema["paths"][path]["get"]
    limit = next(p for p in operation["parameters"] if p["name"] == "limit")
    assert limit["schema"] == {"type": "integer", "minimum": 1, "maximum": 500, "default": 100}
    assert any(p["name"] == "offset" for p in operation["parameters"])
    body = operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
    assert set(schema["components"]["schemas"][body]["properties"]) == {
        "count",
        "next",
        "previous",
        "results",
    }
    bad = client.get(path, {"offset": "-1"})
    assert bad.status_code == 400
    assert bad.json()["errors"][0]["path"] == "offset"
