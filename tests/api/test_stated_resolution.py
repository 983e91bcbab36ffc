"""Imported cards have no operations: the judge states what their resolution did, and the engine
applies it with every timing rule (issue 5, "Judge-stated resolution")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cardfiles import (
    DARK,
    EFFECT,
    FLARE_BURST,
    HUSH_WORD,
    MONSTER,
    QUICK_GUST,
    WARRIOR,
    make_cdb,
    row,
)
from django.test import Client

from rulings.cards.importing import import_cdb

pytestmark = pytest.mark.django_db

# An invented monster whose optional "When" trigger the reader ties to its own destruction.
GRUDGE_KNIGHT = row(
    10000101,
    "Grudge Knight",
    "When this card is destroyed by a card effect and sent to the GY: You can inflict 300 damage "
    "to your opponent.",
    type_=MONSTER | EFFECT,
    atk=1400,
    def_=1000,
    level=4,
    race=WARRIOR,
    attribute=DARK,
)


@pytest.fixture
def imported(seeded: None, tmp_path: Path) -> None:
    import_cdb(make_cdb(tmp_path / "cards.cdb", [FLARE_BURST, QUICK_GUST, HUSH_WORD, GRUDGE_KNIGHT]))


def _replay(client: Client, players: dict, actions: list[dict]) -> dict:
    scenario = {
        "format": "ygo-scenario/1",
        "board": {"turn": 3, "turn_player": "A", "phase": "main1", "players": players},
        "actions": actions,
    }
    response = client.post("/api/replay", json.dumps(scenario), content_type="application/json")
    assert response.status_code == 200, response.content
    return response.json()


def _texts(replay: dict) -> list[str]:
    return [e["text"] for s in replay["steps"] for e in s["explanations"]]


def test_stated_damage_and_a_stated_negation(client: Client, imported: None) -> None:
    """Flare Burst burns as stated; Hush Word (imported Counter Trap) negates it as stated, and the
    discard paid as Hush Word's cost stays paid."""
    replay = _replay(
        client,
        {
            "A": {"hand": ["Flare Burst", "Flare Burst"], "deck": 10},
            "B": {
                "deck": 10,
                "hand": ["Sangan"],
                "spell_traps": [{"card": "Hush Word", "zone": 1, "face": "down"}],
            },
        },
        [
            {
                "player": "A",
                "do": "activate",
                "card": "A:Flare Burst",
                "resolution": [{"damage": {"B": 500}}],
            },
            {"do": "resolve"},
            {
                "player": "A",
                "do": "activate",
                "card": "A:Flare Burst#2",
                "resolution": [{"damage": {"B": 500}}],
            },
            {
                "player": "B",
                "do": "activate",
                "card": "B:Hush Word",
                "targets": ["link:1"],
                "cost": {"discard": ["B:Sangan"]},
                "resolution": [{"negate_activation": "link:1"}],
            },
            {"do": "resolve"},
        ],
    )
    assert replay["final_board"]["players"]["B"]["lp"] == 7500  # only the first burn landed
    assert any("had its activation negated" in t for t in _texts(replay))
    graveyard = [c["id"] for c in replay["final_board"]["players"]["B"]["graveyard"]]
    assert "B:Sangan" in graveyard, "the discarded cost is not refunded"


def test_a_stated_target_that_moved_is_not_affected(client: Client, imported: None) -> None:
    """Quick Gust targets a Set card; the card is activated in response and gone by resolution."""
    replay = _replay(
        client,
        {
            "A": {"hand": ["Quick Gust"], "deck": 10},
            "B": {
                "deck": 10,
                "monsters": ["Sangan"],
                "spell_traps": [{"card": "Book of Moon", "zone": 1, "face": "down"}],
            },
        },
        [
            {
                "player": "A",
                "do": "activate",
                "card": "A:Quick Gust",
                "targets": ["B:Book of Moon"],
                "resolution": [{"destroy": ["B:Book of Moon"]}],
            },
            {"player": "B", "do": "activate", "card": "B:Book of Moon", "targets": ["B:Sangan"]},
            {"do": "resolve"},
        ],
    )
    texts = _texts(replay)
    assert any("is now face-up since it was targeted" in t for t in texts), texts
    assert any("has no valid target left" in t for t in texts)


def test_an_imported_when_trigger_misses_the_timing_after_a_stated_then(
    client: Client, imported: None
) -> None:
    """The reader reads Grudge Knight's trigger as "When this card is destroyed": the engine
    collects it from the stated destruction, and the stated damage after it makes it miss."""
    replay = _replay(
        client,
        {
            "A": {"hand": ["Flare Burst"], "deck": 10},
            "B": {"deck": 10, "monsters": ["Grudge Knight"]},
        },
        [
            {
                "player": "A",
                "do": "activate",
                "card": "A:Flare Burst",
                "resolution": [{"destroy": ["B:Grudge Knight"]}, {"damage": {"B": 500}}],
            },
            {"do": "resolve"},
        ],
    )
    codes = [e["code"] for s in replay["steps"] for e in s["explanations"]]
    assert "timing.missed" in codes
    assert any("Grudge Knight" in t and "misses the timing" in t for t in _texts(replay))


def test_without_a_stated_resolution_the_engine_says_what_is_missing(client: Client, imported: None) -> None:
    replay = _replay(
        client,
        {"A": {"hand": ["Flare Burst"], "deck": 10}, "B": {"deck": 10}},
        [{"player": "A", "do": "activate", "card": "A:Flare Burst"}, {"do": "resolve"}],
    )
    assert replay["final_board"]["players"]["B"]["lp"] == 8000
    assert any("no written resolution for A's Flare Burst" in t for t in _texts(replay))


def test_a_bad_stated_resolution_is_a_400_naming_the_field(client: Client, imported: None) -> None:
    scenario = {
        "format": "ygo-scenario/1",
        "board": {
            "turn": 3,
            "turn_player": "A",
            "phase": "main1",
            "players": {"A": {"hand": ["Flare Burst"], "deck": 10}, "B": {"deck": 10}},
        },
        "actions": [
            {
                "player": "A",
                "do": "activate",
                "card": "A:Flare Burst",
                "resolution": [{"damage": {"B": -5}}],
            }
        ],
    }
    response = client.post("/api/replay", json.dumps(scenario), content_type="application/json")
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert errors[0]["path"] == "actions[0].resolution[0].damage.B"
    assert "positive whole number" in errors[0]["message"]
