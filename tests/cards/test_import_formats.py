"""Imports that respect formats: TCG/OCG cards only (Rush Duel, Skills, anime, unofficial cards and
Tokens skipped and counted, never overwriting a real card), a bad row left out with its reason,
a paginated YGOPRODeck page warned about, the JSON lines of the real card data, the official text
of a written card kept and shown, and a re-import that reads only the cards it names.

Every file is built here: a cards.cdb with EDOPro's `datas`/`texts` tables, a YGOPRODeck dict,
and lines of the real card data read at test time (no card text is committed).
"""

from __future__ import annotations

import gzip
import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from cardfiles import (
    EARTH,
    EFFECT,
    FLARE_BURST,
    MONSTER,
    QUICK_GUST,
    WARRIOR,
    make_cdb,
    make_json,
    row,
)
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from rulings.cards.importing import import_cdb, import_file, import_jsonl, import_ygoprodeck_json
from rulings.cards.models import Card
from tests.engine.real_cards import CARD_DATA, MISSING

pytestmark = pytest.mark.django_db
needs_data = pytest.mark.skipif(CARD_DATA is None, reason=MISSING)

RUSH, ANIME, ILLEGAL, CUSTOM, OCG, TCG = 0x200, 0x4, 0x8, 0x20, 0x1, 0x2
TOKEN = 0x4000


def scoped(card: dict[str, Any], ot: int, **changes: Any) -> dict[str, Any]:
    return {**card, "ot": ot, **changes}


def test_cdb_keeps_tcg_ocg_cards_only(tmp_path: Path) -> None:
    warrior = row(10000100, "Gate Warrior", "A warrior.", type_=MONSTER | EFFECT, atk=1000, level=4,
                  race=WARRIOR, attribute=EARTH)  # fmt: skip
    rows = [
        scoped(FLARE_BURST, OCG),
        scoped(QUICK_GUST, TCG),
        scoped(warrior, RUSH | OCG, id=10000101, name="Rush Warrior"),
        scoped(warrior, ANIME, id=10000102, name="Anime Warrior"),
        scoped(warrior, ILLEGAL, id=10000103, name="Prize Warrior"),
        scoped(warrior, CUSTOM, id=10000104, name="Fan Warrior"),
        scoped(warrior, OCG, id=10000105, name="Warrior Token", type=MONSTER | TOKEN),
    ]
    report = import_cdb(make_cdb(tmp_path / "cards.cdb", rows))
    assert report.imported == 2
    assert report.skipped == {
        "a Rush Duel card, not a TCG/OCG card": ["Rush Warrior"],
        "an anime or manga card, not a TCG/OCG card": ["Anime Warrior"],
        "an unofficial card (not legal in any format)": ["Prize Warrior"],
        "a custom (fan-made) card, not a TCG/OCG card": ["Fan Warrior"],
        "a Token, not a card of a Deck": ["Warrior Token"],
    }
    assert sorted(Card.objects.values_list("name", flat=True)) == ["Flare Burst", "Quick Gust"]
    assert "5 skipped" in report.lines()[0]


def test_a_rush_card_never_overwrites_the_real_card(tmp_path: Path) -> None:
    import_cdb(make_cdb(tmp_path / "real.cdb", [FLARE_BURST]))
    real = Card.objects.get(name="Flare Burst")
    rush = scoped(FLARE_BURST, RUSH, desc="[REQUIREMENT] Something else entirely.")
    report = import_cdb(make_cdb(tmp_path / "rush.cdb", [rush]))
    assert report.skipped == {"a Rush Duel card, not a TCG/OCG card": ["Flare Burst"]}
    again = Card.objects.get(name="Flare Burst")
    assert (again.text, again.updated) == (real.text, real.updated)


def test_a_bad_cdb_row_is_reported_and_the_rest_imported(tmp_path: Path) -> None:
    bad_level = {**FLARE_BURST, "id": 10000107, "name": "Odd Row", "type": MONSTER | EFFECT, "level": "four"}
    report = import_cdb(make_cdb(tmp_path / "cards.cdb", [QUICK_GUST, bad_level]))
    assert report.imported == 1
    assert report.bad == ["card 10000107 (Odd Row): column 'level' should hold a whole number; got 'four'."]


YGOPRODECK = {
    "data": [
        {"id": 10000201, "name": "Deck Sentinel", "type": "Effect Monster", "frameType": "effect",
         "desc": "If this card is Normal Summoned: You can draw 1 card.", "race": "Warrior",
         "attribute": "EARTH", "atk": 1200, "def": 800, "level": 4,
         "banlist_info": {"ban_tcg": "Semi-Limited", "ban_ocg": "Banned"},
         "misc_info": [{"formats": ["TCG", "OCG"], "konami_id": 99001}],
         "ygoprodeck_url": "https://ygoprodeck.com/card/deck-sentinel-1"},
        {"id": 10000202, "name": "Sentinel Token", "type": "Token", "frameType": "token", "desc": "",
         "race": "Warrior", "attribute": "EARTH", "atk": 0, "def": 0, "level": 1},
        {"id": 10000203, "name": "Sentinel Skill", "type": "Skill Card", "frameType": "skill",
         "desc": "Once per Duel.", "race": "Kaiba"},
        {"id": 10000204, "name": "Rush Sentinel", "type": "Normal Monster", "frameType": "normal",
         "desc": "A sentinel.", "race": "Warrior", "attribute": "EARTH", "atk": 0, "def": 0, "level": 1,
         "misc_info": [{"formats": ["Rush Duel"]}]},
        {"id": 10000205, "name": "Links Sentinel", "type": "Normal Monster", "frameType": "normal",
         "desc": "A sentinel.", "race": "Warrior", "attribute": "EARTH", "atk": 0, "def": 0, "level": 1,
         "misc_info": [{"formats": ["Duel Links"]}]},
        {"id": 10000206, "name": "Broken Sentinel", "type": "Effect Monster", "desc": "A sentinel.",
         "race": "Warrior", "attribute": "EARTH", "atk": "lots", "def": 0, "level": 1},
    ]
}  # fmt: skip


def test_ygoprodeck_formats_statuses_and_bad_rows(tmp_path: Path) -> None:
    report = import_ygoprodeck_json(make_json(tmp_path / "cards.json", YGOPRODECK["data"]))
    assert report.imported == 1 and report.warnings == []
    assert report.skipped == {
        "a Token, not a card of a Deck": ["Sentinel Token"],
        "a Skill or Action card, not used in a duel's rules": ["Sentinel Skill"],
        "a Rush Duel card, not a TCG/OCG card": ["Rush Sentinel"],
        "a video game card, not a TCG/OCG card": ["Links Sentinel"],
    }
    assert report.bad == [
        "data[5] (Broken Sentinel).atk: expected a whole number; got 'lots'. Expected YGOPRODeck API v7 card "
        'JSON: {"data": [{"id", "name", "type", "desc", ...}]}.'
    ]
    card = Card.objects.get(name="Deck Sentinel")
    assert (card.tcg_status, card.ocg_status, card.konami_id) == ("semilimited", "forbidden", 99001)
    assert card.ygoprodeck_page == "deck-sentinel-1"


@pytest.mark.parametrize(
    ("meta", "warned"),
    [
        ({"total_rows": 3, "rows_remaining": 2, "next_page": "https://x/?num=1&offset=1"},
         "1 of 3 cards; 2 card(s) are on later pages"),
        ({"total_rows": 1, "rows_remaining": 0}, None),
    ],
    ids=["a-page", "the-last-page-is-whole"],
)  # fmt: skip
def test_a_paginated_ygoprodeck_file_is_warned_about(tmp_path: Path, meta: dict, warned: str | None) -> None:
    path = tmp_path / "page.json"
    path.write_text(json.dumps({"data": YGOPRODECK["data"][:1], "meta": meta}), encoding="utf-8")
    report = import_file(path)
    assert report.imported == 1
    if warned is None:
        assert report.warnings == []
    else:
        assert len(report.warnings) == 1 and warned in report.warnings[0]
        assert "without num/offset" in report.warnings[0]
        assert any(line.startswith("  warning: this is one page") for line in report.lines())


def _real_lines(names: list[str]) -> list[str]:
    """The real data's lines for these names, read at test time."""
    assert CARD_DATA is not None
    wanted = set(names)
    with gzip.open(CARD_DATA, "rt", encoding="utf-8") as fh:
        return [line for line in fh if json.loads(line)["name"] in wanted]


@needs_data
def test_real_json_lines_import(tmp_path: Path, seeded: None, client: Client) -> None:
    lines = _real_lines(["Ash Blossom & Joyous Spring", "Gagaga Magician", "Adventurer Token",
                         "Aggiba, the Malevolent Sh'nn S'yo", "Decode Talker"])  # fmt: skip
    path = tmp_path / "cards.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        fh.writelines([*lines, "{not json\n", json.dumps({"name": "Odd", "cardType": "rush"}) + "\n"])
    call_command("import_cards", str(path), verbosity=0)  # the command tells the format itself
    report = import_file(path)  # again: everything unchanged, same skips and bad rows
    assert report.imported == 0 and report.unchanged == 2
    assert report.skipped == {
        "a Token, not a card of a Deck": ["Adventurer Token"],
        "a card not legal in any format (a prize or promotional card)": ["Aggiba, the Malevolent Sh'nn S'yo"],
        "an engine card file has this card (its written effects are kept)": ["Ash Blossom & Joyous Spring"],
    }
    assert report.bad == [
        "line 6: not valid JSON (Expecting property name enclosed in double quotes, column 2).",
        "line 7 (Odd).cardType: expected monster, spell, trap, token or skill; got 'rush'.",
    ]
    gagaga = Card.objects.get(name="Gagaga Magician")
    real = json.loads(next(line for line in lines if '"Gagaga Magician"' in line))
    assert gagaga.origin == "read" and gagaga.text == real["text"]
    assert (gagaga.level, gagaga.atk, gagaga.konami_id) == (
        real["level"],
        real["atk"],
        real["ids"]["konami_db"],
    )
    decode = Card.objects.get(name="Decode Talker")
    assert (decode.link_rating, decode.level) == (3, None)

    ash = Card.objects.get(name="Ash Blossom & Joyous Spring")
    real_ash = json.loads(next(line for line in lines if "Ash Blossom" in line))
    assert ash.origin == "written" and ash.text == real_ash["text"], "the official text is kept"
    page = client.get(f"/cards/{ash.pk}/").content.decode()
    assert "Card text (as imported)" in page and ash.summary.split(".")[0] in page
    assert real_ash["text"].split(".")[0].replace('"', "&quot;") in page


@needs_data
def test_a_normal_pendulum_monster_listed_as_effect_too_is_read_as_normal(tmp_path: Path) -> None:
    """The data lists Hallohallo as normal and effect (its Pendulum Effect): it is imported as the
    Normal Pendulum Monster it is, its Pendulum Effect read, instead of being stored unread."""
    path = tmp_path / "two.jsonl"
    path.write_text("".join(_real_lines(["Hallohallo", "Magicalibra"])), encoding="utf-8")
    report = import_jsonl(path)
    assert report.imported == 2 and not report.bad
    for name in ("Hallohallo", "Magicalibra"):
        card = Card.objects.get(name=name)
        assert "normal" in card.subtypes.split() and "effect" not in card.subtypes.split()
        assert card.origin == "read", name


@needs_data
def test_a_reimport_reads_only_the_cards_it_names(tmp_path: Path) -> None:
    """A table of thousands of cards and a file of two: the import never selects the whole
    table, and only those two rows change."""
    Card.objects.bulk_create(
        [
            Card(
                name=f"Filler {i:05}",
                search_name=f"filler {i:05}",
                card_type="spell",
                subtypes="normal",
                origin=Card.FACTS,
                data={},
            )
            for i in range(3000)
        ]  # fmt: skip
    )
    path = tmp_path / "two.jsonl"
    path.write_text("".join(_real_lines(["Gagaga Magician", "Pot of Desires"])), encoding="utf-8")
    import_jsonl(path)
    before = dict(Card.objects.values_list("name", "updated"))
    with CaptureQueriesContext(connection) as queries:
        report = import_jsonl(path)
    assert report.unchanged == 2
    selects = [q["sql"] for q in queries if q["sql"].startswith("SELECT") and '"rulings_card"' in q["sql"]]
    assert selects and all("WHERE" in sql for sql in selects), "no query reads every card"
    assert len(queries) < 20
    assert dict(Card.objects.values_list("name", "updated")) == before


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_progress_bar_at_a_terminal_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = make_cdb(tmp_path / "cards.cdb", [FLARE_BURST, QUICK_GUST])
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    call_command("import_cards", str(path))
    assert "Reading cards.cdb" in terminal.getvalue()
    for quiet, verbosity in ((Terminal(), 0), (io.StringIO(), 1)):  # asked for quiet, or not a terminal
        monkeypatch.setattr(sys, "stderr", quiet)
        call_command("import_cards", str(path), verbosity=verbosity)
        assert quiet.getvalue() == ""
