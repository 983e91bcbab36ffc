"""Importing card databases: cards.cdb flags, YGOPRODeck JSON, atomicity, overrides, replays."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from cardfiles import (
    ALL_ROWS,
    EFFECT,
    FLARE_BURST,
    HUSH_WORD,
    IRON_WARDEN,
    MONSTER,
    QUICK_GUST,
    RELAY_WEAVER,
    SPELL,
    SWAY_ORACLE,
    make_cdb,
    make_json,
    row,
)
from django.core.management import CommandError, call_command
from django.test import Client

from engine.cards import CardDef
from rulings.cards.importing import (
    ImportProblem,
    import_cdb,
    import_file,
    import_ygoprodeck_json,
    refresh_read_card,
)
from rulings.cards.models import Card, ReaderOverride

pytestmark = pytest.mark.django_db


@pytest.fixture
def cdb(tmp_path: Path) -> Path:
    return make_cdb(tmp_path / "cards.cdb", ALL_ROWS)


def test_cdb_flags_are_decoded(cdb: Path) -> None:
    report = import_cdb(cdb)
    assert report.imported == len(ALL_ROWS) and report.skipped_count == 0

    pendulum = Card.objects.get(name="Sway Oracle")
    assert pendulum.origin == "read" and pendulum.passcode == SWAY_ORACLE["id"]
    assert pendulum.subtype_list == ["pendulum", "effect"]
    assert (pendulum.level, pendulum.scale_left, pendulum.scale_right) == (4, 3, 5)
    assert (pendulum.attribute, pendulum.monster_type) == ("LIGHT", "Spellcaster")
    assert pendulum.pendulum_text.startswith("Once per turn: You can target 1 face-up monster")
    assert pendulum.text == "If this card is Normal Summoned: You can draw 1 card."
    assert [e["part"] for e in pendulum.reading] == ["pendulum", "monster"]

    link = Card.objects.get(name="Relay Weaver")
    assert link.subtype_list == ["link", "effect"]
    assert (link.link_rating, link.level, link.defense) == (2, None, None)
    assert link.link_arrows == ["tr", "bl", "b"]
    assert link.data["link_arrows"] and "def" not in link.data
    assert [e["kind"] for e in link.reading] == ["ignition"], "the material line is not an effect"

    xyz = Card.objects.get(name="Iron Warden")
    assert (xyz.rank, xyz.level, xyz.atk, xyz.defense) == (4, None, 2100, None), "DEF -2 is '?'"
    assert "Rank 4 EARTH Warrior Xyz Effect Monster, 2100/?" in xyz.summary

    quick = Card.objects.get(name="Quick Gust")
    assert (quick.card_type, quick.subtype_list, quick.atk, quick.attribute) == (
        "spell",
        ["quick-play"],
        None,
        "",
    )
    assert quick.reading[0]["spell_speed"] == 2 and quick.reading[0]["targets"] is True

    counter = Card.objects.get(name="Hush Word")
    assert (counter.card_type, counter.subtype_list) == ("trap", ["counter"])
    assert counter.data["effects"][0]["kind"] == "activation"

    normal_spell = Card.objects.get(name="Flare Burst")
    assert normal_spell.subtype_list == ["normal"]
    for card in Card.objects.filter(origin="read"):
        CardDef.model_validate(card.data)  # every imported card is a definition the engine accepts
        assert card.text not in card.summary and card.summary.startswith("Imported: ")


def test_summoning_condition_is_not_an_effect(cdb: Path) -> None:
    import_cdb(cdb)
    card = Card.objects.get(name="Dusk Warden")
    assert [e["kind"] for e in card.reading] == ["summoning_condition", "ignition"]
    assert card.data["normal_summonable"] is False
    assert [e["kind"] for e in card.data["effects"]] == ["ignition"]
    assert "hand" in card.data["effects"][0]["works_from"], "'discard this card' works from the hand"


def test_alias_rows_are_alternative_artworks(tmp_path: Path) -> None:
    alt = {**FLARE_BURST, "id": FLARE_BURST["id"] + 1, "alias": FLARE_BURST["id"]}
    report = import_cdb(make_cdb(tmp_path / "alt.cdb", [FLARE_BURST, alt]))
    assert report.imported == 1
    assert any("alternative artwork" in reason for reason in report.skipped)
    card = Card.objects.get(name="Flare Burst")
    assert card.passcode == FLARE_BURST["id"] and card.alt_passcodes == [alt["id"]]


def test_a_bad_row_is_left_out_with_its_reason(tmp_path: Path) -> None:
    broken = row(10000099, "Broken Card", "Nothing.", type_=0)  # no Monster/Spell/Trap bit
    path = make_cdb(tmp_path / "bad.cdb", [*ALL_ROWS, broken])
    report = import_cdb(path)
    assert report.imported == len(ALL_ROWS), "the other rows are imported"
    assert len(report.bad) == 1
    assert report.bad[0].startswith("card 10000099 (Broken Card): type 0x0 sets none of the Monster")
    assert any("1 row(s) could not be read" in line for line in report.lines())
    assert not Card.objects.filter(passcode=10000099).exists()


def test_a_row_without_text_is_left_out(tmp_path: Path) -> None:
    path = make_cdb(tmp_path / "notext.cdb", [QUICK_GUST, HUSH_WORD])
    connection = sqlite3.connect(path)
    connection.execute("DELETE FROM texts WHERE id = ?", [HUSH_WORD["id"]])
    connection.commit()
    connection.close()
    report = import_cdb(path)
    assert report.bad == [f"card {HUSH_WORD['id']}: it has no name (no 'texts' row, or an empty name)."]
    assert list(Card.objects.values_list("name", flat=True)) == ["Quick Gust"]


def test_foreign_sqlite_and_not_sqlite_are_clear_errors(tmp_path: Path) -> None:
    foreign = tmp_path / "notes.db"
    connection = sqlite3.connect(foreign)
    connection.execute("CREATE TABLE notes (id INTEGER, body TEXT)")
    connection.commit()
    connection.close()
    with pytest.raises(ImportProblem, match=r"notes\.db has no table datas or texts \(its tables: notes\)"):
        import_cdb(foreign)
    garbage = tmp_path / "cards.cdb"
    garbage.write_bytes(b"this is not a database at all" * 40)
    with pytest.raises(ImportProblem, match="is not an SQLite database"):
        import_cdb(garbage)
    empty = tmp_path / "empty.cdb"
    empty.write_bytes(b"")
    with pytest.raises(ImportProblem, match="empty.cdb is empty"):
        import_file(empty)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"cards": []}', r"expected YGOPRODeck API v7 card JSON.*got keys \['cards'\]"),
        ('{"data": [{"id": 1, "name": "X", "type": 5}]}', r"data\[0\]\.type: expected text; got 5"),
        ('{"data": [', r"is not valid JSON \(line 1, column 11"),
        ("[1, 2]", "expected YGOPRODeck API v7 card JSON.*got list"),
        ("   \n", "is empty"),
    ],
    ids=["other-shape", "bad-field", "truncated", "a-list", "blank"],
)
def test_bad_json_is_a_clear_error(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "cards.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ImportProblem, match=message):
        import_ygoprodeck_json(path)
    assert not Card.objects.exists()


def test_ygoprodeck_json(tmp_path: Path) -> None:
    cards = [
        {
            "id": 20000001,
            "name": "Tide Caller",
            "type": "Pendulum Effect Monster",
            "frameType": "effect_pendulum",
            "desc": "[ Pendulum Effect ]\nYou can destroy this card.\n---\n[ Monster Effect ]\n"
            "If this card is Normal Summoned: You can draw 1 card.",
            "race": "Aqua",
            "attribute": "WATER",
            "atk": 1000,
            "def": 1000,
            "level": 3,
            "scale": 2,
            "card_images": [{"id": 20000001}, {"id": 20000011}],
        },
        {
            "id": 20000002,
            "name": "Grid Sentry",
            "type": "Link Monster",
            "frameType": "link",
            "desc": "2 monsters\nYou can target 1 monster on the field; destroy it.",
            "race": "Cyberse",
            "attribute": "DARK",
            "atk": 1800,
            "linkval": 2,
            "linkmarkers": ["Top", "Bottom-Left"],
        },
        {
            "id": 20000003,
            "name": "Sudden Field",
            "type": "Spell Card",
            "frameType": "spell",
            "desc": "All monsters on the field lose 100 ATK.",
            "race": "Field",
        },
        {
            "id": 20000004,
            "name": "Rank Knight",
            "type": "XYZ Monster",
            "frameType": "xyz",
            "typeline": ["Warrior", "Xyz", "Effect"],
            "desc": "2 Level 4 monsters\nOnce per turn: You can detach 1 "
            "material from this card; draw 1 card.",
            "race": "Warrior",
            "attribute": "FIRE",
            "atk": 2000,
            "def": 1500,
            "level": 4,
        },
        {"id": 20000005, "name": "Speed Trick", "type": "Skill Card", "desc": "A skill.", "race": "Joey"},
    ]
    report = import_ygoprodeck_json(make_json(tmp_path / "cards.json", cards))
    assert (report.imported, report.skipped_count) == (4, 1)
    tide = Card.objects.get(name="Tide Caller")
    assert tide.pendulum_text == "You can destroy this card."
    assert tide.text == "If this card is Normal Summoned: You can draw 1 card."
    assert (tide.scale_left, tide.level, tide.alt_passcodes) == (2, 3, [20000011])
    grid = Card.objects.get(name="Grid Sentry")
    assert (grid.link_rating, grid.link_arrows, grid.defense) == (2, ["t", "bl"], None)
    assert Card.objects.get(name="Sudden Field").subtype_list == ["field"]
    knight = Card.objects.get(name="Rank Knight")
    assert (knight.rank, knight.subtype_list) == (4, ["xyz", "effect"])


def test_a_name_clash_keeps_the_written_card(seeded: None, tmp_path: Path) -> None:
    written = Card.objects.get(name="Dark Hole")
    before = written.data
    clash = row(55144522, "Dark Hole", "Destroy every card everywhere.", type_=SPELL)
    report = import_cdb(make_cdb(tmp_path / "clash.cdb", [clash, FLARE_BURST]))
    assert report.imported == 1
    assert [names for reason, names in report.skipped.items() if "engine card file" in reason] == [
        ["Dark Hole"]
    ]
    written.refresh_from_db()
    assert (written.origin, written.data) == ("written", before), "its written effects are kept"
    assert written.text == "Destroy every card everywhere.", "its official text is kept for its page"
    assert report.texts_kept == ["Dark Hole"]
    assert written.passcode == 55144522, "the passcode is recorded so decks can name the written card"


def test_seed_keeps_imported_cards(seeded: None, cdb: Path) -> None:
    import_cdb(cdb)
    call_command("seed", no_facts=True, verbosity=0)
    assert Card.objects.filter(origin="read").count() == len(ALL_ROWS)
    assert Card.objects.filter(name="Dark Hole", origin="written").exists()


def test_reimport_keeps_overrides(tmp_path: Path, django_user_model) -> None:
    path = make_cdb(tmp_path / "one.cdb", [RELAY_WEAVER])
    import_cdb(path)
    card = Card.objects.get(name="Relay Weaver")
    judge = django_user_model.objects.create_user("judge", password="pw-for-tests-only")
    ReaderOverride.objects.create(
        card=card, text_hash=card.text_hash, effect_index=0, field="kind", value="quick", author=judge
    )

    again = import_cdb(path)  # the same text: the correction still applies
    card.refresh_from_db()
    assert again.unchanged == 1 or again.updated == 1
    assert card.data["effects"][0]["kind"] == "quick"

    changed = {
        **RELAY_WEAVER,
        "desc": "2 Effect Monsters\nYou can target 1 monster on the field; return it to the hand.",
    }
    report = import_cdb(make_cdb(tmp_path / "two.cdb", [changed]))
    assert report.updated == 1
    card.refresh_from_db()
    override = ReaderOverride.objects.get(card=card)
    assert override.text_hash != card.text_hash, "kept against the older text"
    assert card.data["effects"][0]["kind"] == "ignition", "not applied to the new text"


def test_an_imported_card_is_replayed_by_name(client: Client, seeded: None, cdb: Path) -> None:
    import_cdb(cdb)
    scenario = {
        "format": "ygo-scenario/1",
        "board": {
            "turn": 2,
            "turn_player": "A",
            "phase": "main1",
            "players": {"A": {"hand": ["flare burst"], "deck": 10}, "B": {"deck": 10}},
        },
        "actions": [{"player": "A", "do": "activate", "card": "A:Flare Burst"}],
    }
    response = client.post("/api/replay", json.dumps(scenario), content_type="application/json")
    assert response.status_code == 200, response.content
    step = response.json()["steps"][0]
    assert step["accepted"] is True
    activated = [e for e in step["events"] if e["type"] == "activated"]
    assert activated and activated[0]["card"] == "A:Flare Burst" and activated[0]["chain_link"] == 1


def test_a_correction_reaches_the_next_replay(client: Client, seeded: None, cdb: Path) -> None:
    import_cdb(cdb)
    scenario = {
        "format": "ygo-scenario/1",
        "board": {
            "turn": 2,
            "turn_player": "A",
            "phase": "main1",
            "players": {"A": {"hand": ["Flare Burst"], "deck": 10}, "B": {"deck": 10}},
        },
        "actions": [{"player": "A", "do": "activate", "card": "A:Flare Burst"}],
    }

    def first_step() -> dict:
        response = client.post("/api/replay", json.dumps(scenario), content_type="application/json")
        assert response.status_code == 200, response.content
        return response.json()["steps"][0]

    assert first_step()["accepted"] is True
    card = Card.objects.get(name="Flare Burst")
    ReaderOverride.objects.create(
        card=card, text_hash=card.text_hash, effect_index=0, field="kind", value="summoning_condition"
    )
    refresh_read_card(card)
    step = first_step()  # the same text again: not the cached replay of the old definition
    assert step["accepted"] is False
    assert [e["code"] for e in step["explanations"]] == ["activate.no_effect_defined"]


def test_import_cards_command(cdb: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    call_command("import_cards", str(cdb))
    assert (
        f"cards.cdb: {len(ALL_ROWS)} imported, 0 updated, 0 unchanged, 0 skipped." in capsys.readouterr().out
    )
    call_command("import_cards", str(cdb))
    assert f"0 imported, 0 updated, {len(ALL_ROWS)} unchanged" in capsys.readouterr().out
    bad = tmp_path / "deck.txt"
    bad.write_text("hello", encoding="utf-8")
    with pytest.raises(
        CommandError, match="Nothing imported. deck.txt is neither an SQLite database nor JSON"
    ):
        call_command("import_cards", str(bad))
    with pytest.raises(CommandError, match="is not a file"):
        call_command("import_cards", str(tmp_path / "missing.cdb"))


def test_monster_without_attribute_is_skipped_with_reason(tmp_path: Path) -> None:
    odd = row(10000050, "Odd Beast", "A beast.", type_=MONSTER | EFFECT, atk=100, def_=100, level=1)
    report = import_cdb(make_cdb(tmp_path / "odd.cdb", [odd, IRON_WARDEN]))
    assert report.imported == 1
    assert report.skipped == {"a monster with no known Attribute": ["Odd Beast"]}
