"""Small card databases for the import, deck and card-page tests, built in a test's tmp_path.

The cards are invented (names, texts and passcodes), written in the official card-text grammar
so the reader has something real to read. Flags are YGOPro's: see rulings/cards/importing.py.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

MONSTER, SPELL, TRAP = 0x1, 0x2, 0x4
NORMAL, EFFECT, RITUAL, XYZ, PENDULUM, LINK = 0x10, 0x20, 0x80, 0x800000, 0x1000000, 0x4000000
QUICKPLAY, CONTINUOUS, COUNTER, SPSUMMON = 0x10000, 0x20000, 0x100000, 0x2000000
WARRIOR, SPELLCASTER, DRAGON, CYBERSE = 0x1, 0x2, 0x2000, 0x1000000
EARTH, WATER, FIRE, WIND, LIGHT, DARK = 0x1, 0x2, 0x4, 0x8, 0x10, 0x20
# Link Arrows
BOTTOM_LEFT, BOTTOM, TOP_RIGHT = 0x1, 0x2, 0x100


def row(
    passcode: int,
    name: str,
    desc: str,
    *,
    type_: int,
    atk: int = 0,
    def_: int = 0,
    level: int = 0,
    race: int = 0,
    attribute: int = 0,
    alias: int = 0,
) -> dict[str, Any]:
    return {
        "id": passcode,
        "ot": 3,
        "alias": alias,
        "setcode": 0,
        "type": type_,
        "atk": atk,
        "def": def_,
        "level": level,
        "race": race,
        "attribute": attribute,
        "category": 0,
        "name": name,
        "desc": desc,
    }


PENDULUM_DESC = (
    "[ Pendulum Effect ]\n"
    "Once per turn: You can target 1 face-up monster you control; it gains 300 ATK.\n"
    "----------------------------------------\n"
    "[ Monster Effect ]\n"
    "If this card is Normal Summoned: You can draw 1 card."
)

# One card of each shape the tests need.
SWAY_ORACLE = row(
    10000001,
    "Sway Oracle",
    PENDULUM_DESC,
    type_=MONSTER | EFFECT | PENDULUM,
    atk=1200,
    def_=900,
    level=(3 << 24) | (5 << 16) | 4,
    race=SPELLCASTER,
    attribute=LIGHT,
)
RELAY_WEAVER = row(
    10000002,
    "Relay Weaver",
    "2 Effect Monsters\nYou can target 1 card on the field; destroy it.",
    type_=MONSTER | EFFECT | LINK,
    atk=1600,
    def_=BOTTOM_LEFT | BOTTOM | TOP_RIGHT,
    level=2,
    race=CYBERSE,
    attribute=DARK,
)
IRON_WARDEN = row(
    10000003,
    "Iron Warden",
    "2 Level 4 monsters\nOnce per turn: You can detach 1 material from this card; draw 1 card.",
    type_=MONSTER | EFFECT | XYZ,
    atk=2100,
    def_=-2,
    level=4,
    race=WARRIOR,
    attribute=EARTH,
)
QUICK_GUST = row(
    10000004, "Quick Gust", "Target 1 Spell/Trap on the field; destroy it.", type_=SPELL | QUICKPLAY
)
HUSH_WORD = row(
    10000005,
    "Hush Word",
    "When a Spell Card is activated: Negate the activation, and if you do, destroy it.",
    type_=TRAP | COUNTER,
)
FLARE_BURST = row(10000006, "Flare Burst", "Inflict 500 damage to your opponent.", type_=SPELL)
ESCURIDAO = row(
    10000007,
    "Dusk Warden",  # fictional: "Elemental HERO Escuridao" has a card file (written cards win)
    "Cannot be Normal Summoned/Set. Must be Special Summoned "
    "by its own effect. You can discard this card; draw 1 card.",
    type_=MONSTER | EFFECT,
    atk=2500,
    def_=2000,
    level=8,
    race=WARRIOR,
    attribute=DARK,
)
PLAIN_SOLDIER = row(
    10000008,
    "Plain Soldier",
    "A soldier with nothing to say.",
    type_=MONSTER | NORMAL,
    atk=1500,
    def_=1000,
    level=4,
    race=WARRIOR,
    attribute=EARTH,
)

ALL_ROWS = [
    SWAY_ORACLE,
    RELAY_WEAVER,
    IRON_WARDEN,
    QUICK_GUST,
    HUSH_WORD,
    FLARE_BURST,
    ESCURIDAO,
    PLAIN_SOLDIER,
]


def make_cdb(path: Path, rows: list[dict[str, Any]]) -> Path:
    """A cards.cdb with YGOPro's two tables, holding these rows."""
    connection = sqlite3.connect(path)
    connection.execute(
        "CREATE TABLE datas (id INTEGER PRIMARY KEY, ot INTEGER, alias INTEGER, setcode INTEGER, "
        "type INTEGER, atk INTEGER, def INTEGER, level INTEGER, race INTEGER, attribute INTEGER, "
        "category INTEGER)"
    )
    strs = ", ".join(f"str{i} TEXT" for i in range(1, 17))
    connection.execute(f"CREATE TABLE texts (id INTEGER PRIMARY KEY, name TEXT, desc TEXT, {strs})")
    for r in rows:
        connection.execute(
            "INSERT INTO datas VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                r[k]
                for k in (
                    "id",
                    "ot",
                    "alias",
                    "setcode",
                    "type",
                    "atk",
                    "def",
                    "level",
                    "race",
                    "attribute",
                    "category",
                )
            ],
        )
        connection.execute(
            "INSERT INTO texts (id, name, desc) VALUES (?, ?, ?)", [r["id"], r["name"], r["desc"]]
        )
    connection.commit()
    connection.close()
    return path


def make_json(path: Path, cards: list[dict[str, Any]]) -> Path:
    path.write_text(json.dumps({"data": cards}), encoding="utf-8")
    return path
