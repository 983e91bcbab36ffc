"""A library card whose printed stats no source confirmed (Metallizing Parasite - Lunatite):
the judge is asked for them, an imported database fills them in, and re-seeding keeps them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cardfiles import make_json
from django.core.management import call_command
from django.test import Client

from rulings.cards.importing import import_ygoprodeck_json
from rulings.cards.models import Card

pytestmark = pytest.mark.django_db

LUNATITE = "Metallizing Parasite - Lunatite"
# Test input standing for a judge's own card database: these numbers are no claim about the card.
RECORD = {
    "id": 7369217, "name": LUNATITE, "type": "Union Effect Monster", "frameType": "effect",
    "typeline": ["Aqua", "Union", "Effect"], "desc": "A Union monster.", "race": "Aqua",
    "attribute": "WATER", "atk": 100, "def": 200, "level": 2,
}  # fmt: skip


def _scenario(cards: list[dict] | None = None) -> dict:
    doc = {
        "format": "ygo-scenario/1",
        "board": {
            "turn": 3, "turn_player": "A", "phase": "main1",
            "players": {
                "A": {"deck": 5, "monsters": [{"card": "Celtic Guardian", "zone": 1},
                                              {"card": LUNATITE, "zone": 2}]},
                "B": {"deck": 5},
            },
        },
        "actions": [
            {"player": "A", "do": "activate", "card": f"A:{LUNATITE}", "effect": 1,
             "targets": ["A:Celtic Guardian"]},
            {"do": "resolve"},
        ],
    }  # fmt: skip
    return {**doc, "cards": cards} if cards else doc


def _replay(client: Client, doc: dict):
    return client.post("/api/replay", json.dumps(doc), content_type="application/json")


def test_the_card_page_says_the_stats_are_not_confirmed(client: Client, seeded: None) -> None:
    card = Card.objects.get(name=LUNATITE)
    page = client.get(f"/cards/{card.pk}/").content.decode()
    assert "not confirmed" in page and "ATK / DEF" in page
    assert "A scenario states them from the card" in page


def test_a_replay_asks_for_the_stats_by_field(client: Client, seeded: None) -> None:
    response = _replay(client, _scenario())
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert errors[0]["path"] == "board.players.A.monsters[1].card"
    assert "Read them off the card" in errors[0]["message"]

    stated = [
        {"name": LUNATITE, "level": 2, "attribute": "WATER", "monster_type": "Aqua", "atk": 0, "def": 0}
    ]
    response = _replay(client, _scenario(stated))
    assert response.status_code == 200, response.content
    assert response.json()["steps"][1]["accepted"] is True


def test_an_import_completes_the_written_card_and_seed_keeps_it(
    client: Client, seeded: None, tmp_path: Path
) -> None:
    report = import_ygoprodeck_json(make_json(tmp_path / "cards.json", [RECORD]))
    assert report.completed == [LUNATITE]
    assert any("given the printed stats" in line for line in report.lines())
    card = Card.objects.get(name=LUNATITE)
    got = (card.origin, card.level, card.atk, card.defense, card.attribute)
    assert got == ("written", 2, 100, 200, "WATER")
    assert "unconfirmed" not in card.data and card.data["effects"], "the written effects are kept"

    response = _replay(client, _scenario())  # no `cards`: the imported stats are used
    assert response.status_code == 200, response.content
    assert "union.equipped" in [e["code"] for e in response.json()["steps"][1]["explanations"]]

    call_command("seed", no_facts=True, verbosity=0)
    card.refresh_from_db()
    assert (card.level, card.atk) == (2, 100), "re-seeding keeps what the import supplied"
