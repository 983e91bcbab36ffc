"""A facts-only monster through the API: seeded from a facts file (no text, no written effect), its
effect is activated with the kind the judge states (`effect_kind`) and what it did (`resolution`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from rulings.cards.facts import write_facts
from rulings.cards.models import Card

pytestmark = pytest.mark.django_db

# An invented monster's printed facts, a line of the facts file as `build_card_facts` writes it.
HAND_TRAP = {"name": "Test Veil Fairy", "card_type": "monster", "subtypes": ["effect", "tuner"],
             "attribute": "LIGHT", "monster_type": "Fairy", "level": 3, "atk": 0, "def": 1800}  # fmt: skip


@pytest.fixture
def facts_seeded(db: None, tmp_path: Path) -> None:
    path = tmp_path / "facts.jsonl.gz"
    write_facts([HAND_TRAP], path)
    call_command("seed", facts=str(path), verbosity=0)


def _post(client: Client, actions: list[dict[str, Any]]) -> Any:
    doc = {
        "format": "ygo-scenario/1",
        "board": {"turn": 3, "turn_player": "A", "phase": "main1", "players": {
            "A": {"hand": ["Pot of Greed"], "deck": 10},
            "B": {"hand": ["Test Veil Fairy", "Sangan"], "deck": 10},
        }},
        "actions": actions,
    }  # fmt: skip
    return client.post("/api/replay", json.dumps(doc), content_type="application/json")


def test_a_seeded_facts_only_monster_uses_a_stated_quick_effect(client: Client, facts_seeded: None) -> None:
    assert Card.objects.get(name="Test Veil Fairy").origin == "facts"
    response = _post(client, [
        {"player": "A", "do": "activate", "card": "A:Pot of Greed"},
        {"player": "B", "do": "activate", "card": "B:Test Veil Fairy", "effect_kind": "quick",
         "cost": {"discard": ["B:Test Veil Fairy"]}, "resolution": [{"negate_effect": "link:1"}]},
        {"do": "resolve"},
    ])  # fmt: skip
    assert response.status_code == 200, response.content
    steps = response.json()["steps"]
    assert steps[1]["accepted"] and "Spell Speed 2" in steps[1]["summary"]
    texts = [e["text"] for s in steps for e in s["explanations"]]
    assert any("resolution is as the judge stated it" in t for t in texts)
    assert any("had its effect negated" in t for t in texts), texts
    final = response.json()["final_board"]["players"]
    assert [c["card"] for c in final["B"]["graveyard"]] == ["Test Veil Fairy"]
    assert len(final["A"]["hand"]) == 0, "Pot of Greed drew nothing"


def test_a_stated_kind_for_a_written_card_is_a_400_naming_the_field(
    client: Client, facts_seeded: None
) -> None:
    response = _post(client, [
        {"player": "B", "do": "activate", "card": "B:Sangan", "effect_kind": "quick",
         "resolution": [{"draw": {"B": 1}}]},
    ])  # fmt: skip
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert [e["path"] for e in errors] == ["actions[0].effect_kind"], errors
    assert "has written effects" in errors[0]["message"]
