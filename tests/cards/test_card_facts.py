"""The facts of every real card, shipped (`rulings/cards/data/card_facts.jsonl.gz`) and seeded:
they match the real card data, carry no card text, rebuild byte for byte, seed idempotently, and
a facts-only card is played on a board (summoned, attacking, its effect stated by the judge)."""

from __future__ import annotations

import gzip
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from rulings.cards.facts import FACTS_FILE, read_facts
from rulings.cards.models import Card
from tests.engine.real_cards import CARD_DATA, MISSING

needs_data = pytest.mark.skipif(CARD_DATA is None, reason=MISSING)

ARROWS = {"topleft": "tl", "topcenter": "t", "topright": "tr", "middleleft": "l",
          "middleright": "r", "bottomleft": "bl", "bottomcenter": "b", "bottomright": "br"}  # fmt: skip
# Written by the engine (Ash Blossom, Maxx "C", Accesscode Talker, Lunatite) or not (the rest).
NAMES = [
    "Ash Blossom & Joyous Spring", 'Maxx "C"', "Accesscode Talker", "Metallizing Parasite - Lunatite",
    "Timegazer Magician", "Decode Talker", "Gagaga Magician", "Dark Magician", "Pot of Desires",
]  # fmt: skip
FACTS_ONLY = ["Timegazer Magician", "Decode Talker", "Gagaga Magician", "Pot of Desires"]


@cache
def real() -> dict[str, dict[str, Any]]:
    """The real data's entries (Skills aside: a few share a real card's name), by name."""
    assert CARD_DATA is not None
    with gzip.open(CARD_DATA, "rt", encoding="utf-8") as fh:
        entries = (json.loads(line) for line in fh)
        return {e["name"]: e for e in entries if e["cardType"] != "skill"}


def expected(name: str) -> dict[str, Any]:
    """What the data file says of a card, in the card table's words (worked out here, not by the
    code under test)."""
    e = real()[name]
    out: dict[str, Any] = {
        "card_type": e["cardType"],
        "passcode": int(e["passwords"][0]),
        "alt_passcodes": [int(p) for p in e["passwords"][1:]],
        "konami_id": e["ids"]["konami_db"],
        "yugipedia_page": e["ids"]["yugipedia"],
        "ygoprodeck_page": e["ids"]["ygoprodeck"],
        "tcg_status": e["legality"]["tcg"],
        "ocg_status": e["legality"]["ocg"],
    }
    if e["cardType"] != "monster":
        return {**out, "subtypes": e["property"].replace("quickplay", "quick-play")}
    arrows = sorted(ARROWS[a] for a in e.get("linkArrows") or [])
    return {
        **out,
        "attribute": e["attribute"].upper(),
        "monster_type": e["type"],
        "level": None if arrows else e.get("level"),  # the data gives a Link Monster Level 0
        "rank": e.get("rank"),
        "link_rating": len(arrows) or None,
        "link_arrows": arrows,
        "atk": e["atk"],
        "defense": e.get("def"),
        "scale_left": e.get("scale"),
    }


def stored(card: Card) -> dict[str, Any]:
    got = {key: getattr(card, key) for key in expected(card.name)}
    if card.card_type != "monster":
        got["subtypes"] = card.subtypes
    else:
        got["monster_type"] = card.monster_type.lower().replace(" ", "").replace("-", "")
        got["link_arrows"] = sorted(card.link_arrows)
    return got


def test_the_shipped_file_has_no_card_text_and_is_small() -> None:
    allowed = {"name", "passcodes", "card_type", "subtypes", "attribute", "monster_type", "level",
               "rank", "link_arrows", "atk", "def", "scale", "tcg", "ocg", "konami_id", "yugipedia",
               "ygoprodeck"}  # fmt: skip
    with gzip.open(FACTS_FILE, "rt", encoding="utf-8") as fh:
        keys = set().union(*(json.loads(line) for line in fh))
    assert keys <= allowed, f"a facts line holds more than facts: {keys - allowed}"
    assert FACTS_FILE.stat().st_size < 1_000_000


@needs_data
def test_the_shipped_file_is_what_build_card_facts_makes(tmp_path: Path) -> None:
    """Deterministic: the committed file is the command's output for the real data, byte for byte
    (a data update that changes it shows as a failure here until the file is rebuilt)."""
    out = tmp_path / "facts.jsonl.gz"
    call_command("build_card_facts", source=str(CARD_DATA), output=str(out), verbosity=0)
    assert out.read_bytes() == FACTS_FILE.read_bytes()


@needs_data
def test_every_tcg_ocg_card_is_in_the_file_and_nothing_else() -> None:
    names = {rec.name for rec in read_facts()}
    entries = real().values()
    kept = {
        e["name"] for e in entries
        if e["cardType"] in ("monster", "spell", "trap") and not e.get("illegal")
        and (e["passwords"] or "konami_db" in e["ids"])
    }  # fmt: skip
    assert names <= kept
    assert len(kept - names) <= 2, f"left out without a reason the build reports: {sorted(kept - names)}"
    assert not any(e["cardType"] in ("token", "skill") for e in entries if e["name"] in names)


@needs_data
@pytest.mark.django_db
def test_seeded_facts_match_the_real_data() -> None:
    call_command("seed", verbosity=0)
    for name in NAMES:
        card = Card.objects.get(name=name)
        assert stored(card) == expected(name), name
    for name in FACTS_ONLY:
        card = Card.objects.get(name=name)
        assert card.origin == "facts" and card.text == ""
        kinds = [e["kind"] for e in card.data["effects"]]
        assert kinds == (["activation"] if card.card_type != "monster" else []), "no effect is guessed"
    assert Card.objects.get(name="Ash Blossom & Joyous Spring").origin == "written"
    # A Pendulum and a Link card, spelled out.
    timegazer = Card.objects.get(name="Timegazer Magician")
    assert (timegazer.scale_left, timegazer.scale_right, timegazer.data["scale"]) == (8, 8, 8)
    decode = Card.objects.get(name="Decode Talker")
    assert (decode.link_rating, decode.defense, decode.data["link_rating"]) == (3, None, 3)
    # The written card whose file leaves its stats unconfirmed is given them by the facts.
    lunatite = Card.objects.get(name="Metallizing Parasite - Lunatite")
    assert "unconfirmed" not in lunatite.data and lunatite.data["effects"], "its written effects are kept"
    assert Card.objects.filter(origin="facts").count() > 13_000


@needs_data
@pytest.mark.django_db
def test_seeding_again_changes_nothing() -> None:
    call_command("seed", verbosity=0)
    before = dict(Card.objects.values_list("name", "updated"))
    call_command("seed", verbosity=0)
    assert dict(Card.objects.values_list("name", "updated")) == before


def _small_facts(tmp_path: Path, names: list[str]) -> Path:
    """A facts file of a few real cards (built by the command from real data lines)."""
    source = tmp_path / "cards.jsonl"
    source.write_text("".join(json.dumps(real()[n]) + "\n" for n in names), encoding="utf-8")
    out = tmp_path / "facts.jsonl.gz"
    call_command("build_card_facts", source=str(source), output=str(out), verbosity=0)
    return out


def _replay(client: Client, doc: dict[str, Any]) -> dict[str, Any]:
    response = client.post("/api/replay", json.dumps(doc), content_type="application/json")
    assert response.status_code == 200, response.content
    return response.json()


@needs_data
@pytest.mark.django_db
def test_a_facts_only_card_is_summoned_and_attacks(client: Client, tmp_path: Path) -> None:
    call_command(
        "seed", facts=str(_small_facts(tmp_path, ["Gagaga Magician", "Pot of Desires"])), verbosity=0
    )
    doc = {
        "format": "ygo-scenario/1",
        "board": {
            "turn": 2, "turn_player": "A", "phase": "main1",
            "players": {
                "A": {"hand": ["Gagaga Magician"], "deck": 10},
                "B": {"deck": 10, "monsters": [{"card": "Celtic Guardian", "zone": 3}]},
            },
        },
        "actions": [
            {"player": "A", "do": "normal_summon", "card": "A:Gagaga Magician"},
            {"player": "A", "do": "phase", "to": "battle"},
            {"player": "A", "do": "attack", "attacker": "A:Gagaga Magician", "target": "B:Celtic Guardian"},
            {"player": "A", "do": "phase", "to": "main2"},
        ],
    }  # fmt: skip
    replay = _replay(client, doc)
    assert all(step["accepted"] for step in replay["steps"]), [s.get("explanations") for s in replay["steps"]]
    final = replay["final_board"]["players"]
    assert [c["card"] for c in final["B"]["graveyard"]] == ["Celtic Guardian"], "1500 ATK beats 1400 ATK"
    assert final["B"]["lp"] == 8000 - 100


@needs_data
@pytest.mark.django_db
def test_a_facts_only_spell_resolves_as_the_judge_states(client: Client, tmp_path: Path) -> None:
    call_command("seed", facts=str(_small_facts(tmp_path, ["Pot of Desires"])), verbosity=0)
    doc = {
        "format": "ygo-scenario/1",
        "board": {
            "turn": 2, "turn_player": "A", "phase": "main1",
            "players": {"A": {"hand": ["Pot of Desires"], "deck": 20}, "B": {"deck": 10}},
        },
        "actions": [
            {"player": "A", "do": "activate", "card": "A:Pot of Desires", "resolution": [{"draw": {"A": 2}}]},
            {"do": "resolve"},
        ],
    }  # fmt: skip
    replay = _replay(client, doc)
    assert all(step["accepted"] for step in replay["steps"]), [s.get("explanations") for s in replay["steps"]]
    final = replay["final_board"]["players"]["A"]
    assert len(final["hand"]) == 2 and [c["card"] for c in final["graveyard"]] == ["Pot of Desires"]


@needs_data
@pytest.mark.django_db
def test_an_import_of_the_card_replaces_its_facts_only_row(tmp_path: Path) -> None:
    """An imported text makes a facts-only card "read" (its effects read from the text); the
    facts stay. A re-seed does not turn it back."""
    from rulings.cards.importing import import_jsonl

    call_command("seed", facts=str(_small_facts(tmp_path, ["Gagaga Magician"])), verbosity=0)
    source = tmp_path / "one.jsonl"
    source.write_text(json.dumps(real()["Gagaga Magician"]) + "\n", encoding="utf-8")
    report = import_jsonl(source)
    assert report.updated == 1 and report.imported == 0
    card = Card.objects.get(name="Gagaga Magician")
    assert (
        card.origin == "read"
        and card.text
        and card.konami_id == real()["Gagaga Magician"]["ids"]["konami_db"]
    )
    call_command("seed", facts=str(_small_facts(tmp_path, ["Gagaga Magician"])), verbosity=0)
    card.refresh_from_db()
    assert card.origin == "read" and card.text


@needs_data
@pytest.mark.django_db
def test_the_card_page_shows_a_facts_only_card(client: Client, tmp_path: Path) -> None:
    call_command("seed", facts=str(_small_facts(tmp_path, ["Decode Talker"])), verbosity=0)
    card = Card.objects.get(name="Decode Talker")
    page = client.get(f"/cards/{card.pk}/").content.decode()
    assert "printed facts only" in page and "state what it did" in page
    assert card.tcg_status and f"<dt>TCG status</dt><dd>{card.get_tcg_status_display()}</dd>" in page
    assert card.yugipedia_page and "https://yugipedia.com/wiki/Decode_Talker" in page


@needs_data
@pytest.mark.django_db
def test_a_facts_only_library_finds_the_card_a_series_is_named_after_first(
    client: Client, tmp_path: Path
) -> None:
    """No texts to count who names whom: the names alone say Blue-Eyes White Dragon is the one
    "blue eyes" means (Malefic Blue-Eyes White Dragon names it), not the shortest Blue-Eyes name."""
    series = ["Blue-Eyes Jet Dragon", "Blue-Eyes Toon Dragon", "Blue-Eyes White Dragon"]
    call_command(
        "seed", facts=str(_small_facts(tmp_path, [*series, "Malefic Blue-Eyes White Dragon"])), verbosity=0
    )
    assert not Card.objects.exclude(text="").exists(), "no card text to count names in"
    found = [c["name"] for c in client.get("/api/cards", {"q": "blue eyes"}).json()["results"]]
    assert found[0] == "Blue-Eyes White Dragon" and set(series) <= set(found)
