"""Importing judges' card databases (YGOPro/EDOPro `cards.cdb`, YGOPRODeck JSON, the JSON lines of
the real card data) as "read" cards.

A file is first read whole into `CardRecord`s, then stored in one transaction. A file that cannot
be read at all raises `ImportProblem` before anything is written; a malformed row is skipped and
reported with its reason, the others are imported. Only TCG/OCG cards are imported: Rush Duel,
Speed Duel Skills, anime/manga, video-game-only, custom and token entries are skipped and counted
(so they never overwrite a real card of the same name). Only the cards a file names are read
from the database, so re-importing a few cards costs what they cost, not the whole table.

An imported card's effects come from the card-text reader (`engine.textreader.classify`); a
judge's overrides of what the reader decided are kept per version of the text and applied on top.
The engine never sees the text: it gets a card definition (`engine.cards.CardDef` as a dict)
built here, with a summary made from the type line and stats, never the card's own wording.
"""

from __future__ import annotations

import gzip
import json
import logging
import re
import sqlite3
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from django.db import DatabaseError, connection, transaction
from django.db.models import Count, Max
from django.utils import timezone

from engine import textreader
from engine.cards import CardDef, CatalogError
from engine.catalog import load_catalog, parse_card
from rulings.cards.models import Card, ReaderOverride, search_key, text_hash

logger = logging.getLogger(__name__)

CDB_EXPECTED = "a YGOPro/EDOPro cards.cdb (SQLite with tables 'datas' and 'texts')"
JSON_EXPECTED = 'YGOPRODeck API v7 card JSON: {"data": [{"id", "name", "type", "desc", ...}]}'
JSONL_EXPECTED = 'JSON lines of real card data: one {"name", "cardType", "text", ...} a line'


class ImportProblem(Exception):
    """A file that cannot be imported; the message says what is wrong and what was expected."""


# --------------------------------------------------------------------------- YGOPro bit flags
TYPE_MONSTER, TYPE_SPELL, TYPE_TRAP = 0x1, 0x2, 0x4
TYPE_SPSUMMON = 0x2000000  # "cannot be Normal Summoned/Set"
TYPE_SKILL, TYPE_ACTION = 0x8000000, 0x10000000  # Speed Duel Skills, anime Action cards
TYPE_TOKEN = 0x4000
# EDOPro's `ot` (scope) bits: where a card exists. Official: OCG, TCG or announced (pre-release).
SCOPE_OCG, SCOPE_TCG, SCOPE_PRERELEASE = 0x1, 0x2, 0x100
SCOPE_RUSH, SCOPE_LEGEND = 0x200, 0x400
SCOPE_REASONS = {  # the first bit set names why a card outside the TCG/OCG is skipped
    0x4: "an anime or manga card, not a TCG/OCG card",
    0x8: "an unofficial card (not legal in any format)",
    0x10: "a video game card, not a TCG/OCG card",
    0x20: "a custom (fan-made) card, not a TCG/OCG card",
    0x40: "a Speed Duel card, not a TCG/OCG card",
}
RUSH = "a Rush Duel card, not a TCG/OCG card"
SKILL = "a Skill or Action card, not used in a duel's rules"
TOKEN = "a Token, not a card of a Deck"
UNOFFICIAL = "not an official TCG/OCG card (no passcode and no official database id)"
MONSTER_FLAGS = {
    0x10: "normal", 0x20: "effect", 0x40: "fusion", 0x80: "ritual", 0x200: "spirit",
    0x400: "union", 0x800: "gemini", 0x1000: "tuner", 0x2000: "synchro", 0x4000: "token",
    0x200000: "flip", 0x400000: "toon", 0x800000: "xyz", 0x1000000: "pendulum", 0x4000000: "link",
}  # fmt: skip
SPELL_FLAGS = {
    0x10000: "quick-play",
    0x20000: "continuous",
    0x40000: "equip",
    0x80000: "field",
    0x80: "ritual",
}
TRAP_FLAGS = {0x20000: "continuous", 0x100000: "counter"}
RACES = [  # bit i is RACES[i]
    "Warrior", "Spellcaster", "Fairy", "Fiend", "Zombie", "Machine", "Aqua", "Pyro", "Rock",
    "Winged Beast", "Plant", "Insect", "Thunder", "Dragon", "Beast", "Beast-Warrior", "Dinosaur",
    "Fish", "Sea Serpent", "Reptile", "Psychic", "Divine-Beast", "Creator God", "Wyrm", "Cyberse",
    "Illusion",
]  # fmt: skip
ATTRIBUTES = {
    0x1: "EARTH",
    0x2: "WATER",
    0x4: "FIRE",
    0x8: "WIND",
    0x10: "LIGHT",
    0x20: "DARK",
    0x40: "DIVINE",
}
LINK_ARROWS = {0x40: "tl", 0x80: "t", 0x100: "tr", 0x8: "l", 0x20: "r", 0x1: "bl", 0x2: "b", 0x4: "br"}
ARROW_ORDER = ["tl", "t", "tr", "l", "r", "bl", "b", "br"]
ARROW_NAMES = {
    "tl": "top-left", "t": "top", "tr": "top-right", "l": "left", "r": "right",
    "bl": "bottom-left", "b": "bottom", "br": "bottom-right",
}  # fmt: skip
UNKNOWN_STAT = -2  # "?" ATK/DEF in a cdb

# Display order of subtypes on a type line ("Xyz Pendulum Effect Monster").
SUBTYPE_ORDER = [
    "fusion", "ritual", "synchro", "xyz", "link", "pendulum", "flip", "toon", "spirit", "union",
    "gemini", "tuner", "token", "normal", "effect", "quick-play", "continuous", "equip", "field", "counter",
]  # fmt: skip
SUBTYPE_WORDS = {"xyz": "Xyz", "quick-play": "Quick-Play"}
ENGINE_KINDS = {"activation", "ignition", "trigger", "quick", "continuous", "flip", "maintenance"}


@dataclass
class CardRecord:
    """One card as a file gives it, decoded; `where` names its row for error messages."""

    name: str
    card_type: str
    subtypes: list[str]
    where: str
    passcode: int | None = None
    attribute: str = ""
    monster_type: str = ""
    level: int | None = None
    rank: int | None = None
    link_rating: int | None = None
    link_arrows: list[str] = field(default_factory=list)
    atk: int | None = None
    defense: int | None = None
    scale_left: int | None = None
    scale_right: int | None = None
    text: str = ""
    pendulum_text: str = ""
    alt_passcodes: list[int] = field(default_factory=list)
    special_summon_only: bool = False
    konami_id: int | None = None
    yugipedia_page: str = ""
    ygoprodeck_page: str = ""
    tcg_status: str = ""
    ocg_status: str = ""


@dataclass
class Parsed:
    records: list[CardRecord]
    skipped: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    bad: list[str] = field(default_factory=list)  # rows that could not be read: where, and why
    warnings: list[str] = field(default_factory=list)  # about the file as a whole


def _row(parsed: Parsed, name: Any, decode: Any, *args: Any) -> CardRecord | None:
    """Decode one row into `parsed`: a record (returned), a card skipped with its reason (a str
    from `decode`), or a bad row (an ImportProblem from `decode`, naming the row)."""
    try:
        rec = decode(*args)
    except ImportProblem as problem:
        parsed.bad.append(str(problem))
        return None
    if isinstance(rec, str):
        parsed.skipped[rec].append(str(name))
        return None
    return rec


@dataclass
class ImportReport:
    """What an import did: counts, and for skipped cards the reason and (some of) their names."""

    source: str
    imported: int = 0
    updated: int = 0
    unchanged: int = 0
    skipped: dict[str, list[str]] = field(default_factory=dict)
    unread: list[str] = field(default_factory=list)  # cards the reader failed on (stored with no effects)
    completed: list[str] = field(default_factory=list)  # written cards whose unconfirmed stats the file gave
    texts_kept: list[str] = field(default_factory=list)  # written cards whose official text the file gave
    bad: list[str] = field(default_factory=list)  # rows not imported: where, and why
    warnings: list[str] = field(default_factory=list)

    @property
    def skipped_count(self) -> int:
        return sum(len(names) for names in self.skipped.values())

    def lines(self) -> list[str]:
        out = [
            f"{self.source}: {self.imported} imported, {self.updated} updated, "
            f"{self.unchanged} unchanged, {self.skipped_count} skipped"
            + (f", {len(self.bad)} not readable." if self.bad else ".")
        ]
        out += [f"  warning: {warning}" for warning in self.warnings]
        if self.bad:
            out.append(f"  {len(self.bad)} row(s) could not be read and were left out:")
            out += [f"    {problem}" for problem in self.bad[:20]]
            if len(self.bad) > 20:
                out.append(f"    and {len(self.bad) - 20} more")
        for reason, names in sorted(self.skipped.items()):
            shown = ", ".join(names[:5]) + (f" and {len(names) - 5} more" if len(names) > 5 else "")
            out.append(f"  skipped {len(names)}: {reason} ({shown})")
        if self.texts_kept:
            out.append(
                f"  {len(self.texts_kept)} written card(s) given their official text (shown on their "
                f"page; their written effects kept): {', '.join(self.texts_kept[:5])}"
            )
        if self.completed:
            out.append(
                f"  {len(self.completed)} written card(s) given the printed stats the library "
                f"lacked (their written effects kept): {', '.join(self.completed[:5])}"
            )
        if self.unread:
            out.append(
                f"  {len(self.unread)} stored without effects (the reader failed): "
                + ", ".join(self.unread[:5])
            )
        return out


# --------------------------------------------------------------------------- shared decoding
PENDULUM_HEAD = re.compile(r"\[\s*Pendulum Effects?\s*\]", re.IGNORECASE)
MONSTER_HEAD = re.compile(r"\[\s*(?:Monster Effect|Flavou?r Text|Monster Text)\s*\]", re.IGNORECASE)
NOISE_LINE = re.compile(r"^\s*(?:-{3,}|←\s*\d+.*\d+\s*→)\s*$", re.MULTILINE)  # rules, "←4 [Scale] 4→"


def _clean(text: str) -> str:
    return NOISE_LINE.sub("", text.replace("\r\n", "\n")).strip()


def split_pendulum(desc: str) -> tuple[str, str]:
    """(pendulum_text, monster_text) of a Pendulum card's text; ("", text) if it has no headings."""
    pend = PENDULUM_HEAD.search(desc)
    mon = MONSTER_HEAD.search(desc)
    if pend is None and mon is None:
        return "", _clean(desc)
    if pend is None:
        return "", _clean(desc[mon.end() :])  # type: ignore[union-attr]
    if mon is None or mon.start() < pend.end():
        return _clean(desc[pend.end() :]), ""
    return _clean(desc[pend.end() : mon.start()]), _clean(desc[mon.end() :])


def _ordered(subtypes: Iterable[str]) -> list[str]:
    return sorted(set(subtypes), key=SUBTYPE_ORDER.index)


def unusable_reason(rec: CardRecord) -> str | None:
    """Why a well-formed card cannot be used by the engine (it is skipped), or None."""
    if rec.card_type != "monster":
        return None
    if not rec.attribute:
        return "a monster with no known Attribute"
    for label, value, low, high in (
        ("Level", rec.level, 0, 13),
        ("Rank", rec.rank, 0, 13),
        ("Link rating", rec.link_rating, 1, 8),
        ("Pendulum Scale", rec.scale_left, 0, 13),
    ):
        if value is not None and not low <= value <= high:
            return f"a {label} outside {low}-{high}"
    return None


# --------------------------------------------------------------------------- cards.cdb
def decode_type(flags: int) -> tuple[str, list[str]] | None:
    """Card type and subtypes from a cdb `type`; None if no monster/spell/trap bit is set."""
    if flags & TYPE_MONSTER:
        return "monster", _ordered(name for bit, name in MONSTER_FLAGS.items() if flags & bit)
    if flags & TYPE_SPELL:
        subs = [name for bit, name in SPELL_FLAGS.items() if flags & bit]
        return "spell", subs[:1] or ["normal"]
    if flags & TYPE_TRAP:
        subs = [name for bit, name in TRAP_FLAGS.items() if flags & bit]
        return "trap", subs[:1] or ["normal"]
    return None


def decode_race(race: int) -> str:
    return next((name for i, name in enumerate(RACES) if race == 1 << i), "")


def decode_arrows(mask: int) -> list[str]:
    return [arrow for bit, arrow in LINK_ARROWS.items() if mask & bit]


def _stat(value: int) -> int | None:
    return None if value < 0 else value  # -2 is "?"


def _int(row: sqlite3.Row, column: str, where: str) -> int:
    value = row[column]
    if isinstance(value, bool) or not isinstance(value, int):
        raise ImportProblem(f"{where}: column '{column}' should hold a whole number; got {value!r}.")
    return value


def _cdb_record(row: sqlite3.Row) -> CardRecord | str:
    """One `datas` row joined with its `texts` row; a str is the reason the card is skipped."""
    passcode = row["id"]
    if isinstance(passcode, bool) or not isinstance(passcode, int) or passcode <= 0:
        raise ImportProblem(f"datas row with id {passcode!r}: the id should be a positive passcode.")
    where = f"card {passcode}"
    name = row["name"]
    if not isinstance(name, str) or not name.strip():
        raise ImportProblem(f"{where}: it has no name (no 'texts' row, or an empty name).")
    name = name.strip()
    where = f"card {passcode} ({name})"
    flags = _int(row, "type", where)
    if flags & (TYPE_SKILL | TYPE_ACTION):
        return SKILL
    if why := _scope_reason(row["ot"]):
        return why
    if flags & TYPE_TOKEN:
        return TOKEN
    decoded = decode_type(flags)
    if decoded is None:
        raise ImportProblem(f"{where}: type {flags:#x} sets none of the Monster, Spell or Trap bits.")
    card_type, subtypes = decoded
    desc = row["desc"] if isinstance(row["desc"], str) else ""
    rec = CardRecord(name=name, card_type=card_type, subtypes=subtypes, where=where, passcode=passcode)
    if card_type != "monster":
        rec.text = _clean(desc)
        return rec
    level_field = _int(row, "level", where)
    atk, def_ = _int(row, "atk", where), _int(row, "def", where)
    attribute = _int(row, "attribute", where)
    rec.attribute = ATTRIBUTES.get(attribute, "")
    rec.monster_type = decode_race(_int(row, "race", where))
    rec.atk = _stat(atk)
    rec.special_summon_only = bool(flags & TYPE_SPSUMMON)
    level = level_field & 0xFF
    if "link" in subtypes:
        rec.link_rating, rec.link_arrows = level, decode_arrows(def_)
    else:
        rec.defense = _stat(def_)
        if "xyz" in subtypes:
            rec.rank = level
        else:
            rec.level = level
    if "pendulum" in subtypes:
        rec.scale_left, rec.scale_right = (level_field >> 24) & 0xFF, (level_field >> 16) & 0xFF
        rec.pendulum_text, rec.text = split_pendulum(desc)
    else:
        rec.text = _clean(desc)
    return rec


def _scope_reason(ot: Any) -> str | None:
    """Why a cdb row's scope (`ot`) is not a TCG/OCG card, or None (also when the file has none)."""
    if not isinstance(ot, int) or isinstance(ot, bool) or ot == 0:
        return None
    if ot & (SCOPE_RUSH | SCOPE_LEGEND):
        return RUSH
    if ot & (SCOPE_OCG | SCOPE_TCG | SCOPE_PRERELEASE):
        return None
    return next((why for bit, why in SCOPE_REASONS.items() if ot & bit), SCOPE_REASONS[0x8])


def _open_cdb(path: Path) -> sqlite3.Connection:
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        connection.row_factory = sqlite3.Row
        tables = {r[0] for r in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.DatabaseError as err:
        raise ImportProblem(
            f"{path.name} is not an SQLite database ({err}); expected {CDB_EXPECTED}."
        ) from None
    missing = {"datas", "texts"} - tables
    if missing:
        connection.close()
        found = ", ".join(sorted(tables)) or "none"
        raise ImportProblem(
            f"{path.name} has no table {' or '.join(sorted(missing))} (its tables: {found}); "
            f"expected {CDB_EXPECTED}."
        )
    for table, needed in (("datas", {"id", "alias", "type", "atk", "def", "level", "race", "attribute"}),
                          ("texts", {"id", "name", "desc"})):  # fmt: skip
        columns = {r[1] for r in connection.execute(f"PRAGMA table_info({table})")}
        if absent := needed - columns:
            connection.close()
            raise ImportProblem(
                f"{path.name}: table '{table}' has no column {', '.join(sorted(absent))}; "
                f"expected {CDB_EXPECTED}."
            )
    return connection


def read_cdb(path: Path) -> Parsed:
    """Every card of a cards.cdb, decoded; alias rows with the same name become alternative passcodes."""
    connection = _open_cdb(path)
    try:
        has_ot = any(r[1] == "ot" for r in connection.execute("PRAGMA table_info(datas)"))
        rows = connection.execute(
            "SELECT d.id, d.alias, d.type, d.atk, d.def, d.level, d.race, d.attribute, t.name, t.desc"
            + (", d.ot" if has_ot else ", NULL AS ot")
            + " FROM datas d LEFT JOIN texts t ON t.id = d.id ORDER BY d.id"
        ).fetchall()
    except sqlite3.DatabaseError as err:
        raise ImportProblem(f"{path.name} cannot be read ({err}); expected {CDB_EXPECTED}.") from None
    finally:
        connection.close()
    parsed = Parsed(records=[])
    aliases: list[tuple[sqlite3.Row, CardRecord]] = []
    for row in rows:
        rec = _row(parsed, row["name"] or row["id"], _cdb_record, row)
        if rec is None:
            continue
        if row["alias"]:
            aliases.append((row, rec))
        else:
            parsed.records.append(rec)
    by_passcode = {r.passcode: r for r in parsed.records}
    by_name = {r.name.casefold(): r for r in parsed.records}
    for row, rec in aliases:
        main = by_passcode.get(row["alias"]) or by_name.get(rec.name.casefold())
        if main is not None and main.name.casefold() == rec.name.casefold():
            main.alt_passcodes.append(rec.passcode)  # type: ignore[arg-type]
            parsed.skipped["an alternative artwork (its passcode is kept with the card)"].append(rec.name)
        else:
            parsed.records.append(rec)  # an alias with a name of its own, or the only printing here
    return parsed


# --------------------------------------------------------------------------- YGOPRODeck JSON
JSON_ARROWS = {
    "top-left": "tl", "top": "t", "top-right": "tr", "left": "l", "right": "r",
    "bottom-left": "bl", "bottom": "b", "bottom-right": "br",
}  # fmt: skip
JSON_BANS = {"banned": "forbidden", "forbidden": "forbidden", "limited": "limited",
             "semi-limited": "semilimited"}  # fmt: skip
JSON_SPELL_TRAP_RACES = {"normal", "quick-play", "continuous", "equip", "field", "ritual", "counter"}


def _json_field(entry: dict[str, Any], key: str, kind: type, where: str, required: bool = True) -> Any:
    value = entry.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, kind) or isinstance(value, bool):
        expected = {int: "a whole number", str: "text", list: "a list"}[kind]
        raise ImportProblem(f"{where}.{key}: expected {expected}; got {value!r}. Expected {JSON_EXPECTED}.")
    return value


def _json_record(entry: Any, where: str) -> CardRecord | str:
    if not isinstance(entry, dict):
        raise ImportProblem(
            f"{where}: expected a card object; got {type(entry).__name__}. Expected {JSON_EXPECTED}."
        )
    passcode = _json_field(entry, "id", int, where)
    name = _json_field(entry, "name", str, where).strip()
    if not name:
        raise ImportProblem(f"{where}.name: the card has an empty name.")
    type_line = _json_field(entry, "type", str, where)
    desc = _json_field(entry, "desc", str, where, required=False) or ""
    where = f"{where} ({name})"
    words = set(type_line.lower().replace("-", " ").split())
    typeline_words = {str(w).lower() for w in entry.get("typeline") or [] if isinstance(w, str)}
    if words & {"skill"} or entry.get("frameType") == "skill":
        return SKILL
    if words == {"token"} or entry.get("frameType") == "token":
        return TOKEN
    misc = entry.get("misc_info")
    misc = misc[0] if isinstance(misc, list) and misc and isinstance(misc[0], dict) else {}
    formats = {str(f) for f in misc.get("formats") or [] if isinstance(f, str)}
    if formats and not formats & {"TCG", "OCG"}:
        if "Rush Duel" in formats:
            return RUSH
        return SCOPE_REASONS[0x40] if formats == {"Speed Duel"} else SCOPE_REASONS[0x10]
    rec = CardRecord(name=name, card_type="", subtypes=[], where=where, passcode=passcode)
    if isinstance(misc.get("konami_id"), int) and not isinstance(misc.get("konami_id"), bool):
        rec.konami_id = misc["konami_id"]
    bans = entry.get("banlist_info") if isinstance(entry.get("banlist_info"), dict) else {}
    for fmt in ("tcg", "ocg"):
        ban = JSON_BANS.get(str(bans.get(f"ban_{fmt}") or "").lower())
        if ban is None and formats:
            ban = "unlimited" if fmt.upper() in formats else "unreleased"
        setattr(rec, f"{fmt}_status", ban or "")
    url = entry.get("ygoprodeck_url")
    if isinstance(url, str) and "/card/" in url:
        rec.ygoprodeck_page = url.rstrip("/").rsplit("/", 1)[-1]
    images = entry.get("card_images") or []
    rec.alt_passcodes = [
        img["id"]
        for img in images
        if isinstance(img, dict) and isinstance(img.get("id"), int) and img["id"] != passcode
    ]
    if words & {"spell", "trap"}:
        rec.card_type = "spell" if "spell" in words else "trap"
        race = str(entry.get("race") or "normal").lower()
        if race not in JSON_SPELL_TRAP_RACES:
            raise ImportProblem(
                f"{where}.race: expected a {rec.card_type} kind (Normal, Quick-Play, ...); got {race!r}."
            )
        rec.subtypes = [race]
        rec.text = _clean(desc)
        return rec
    if not words & {"monster", "token"}:
        raise ImportProblem(f"{where}.type: expected a Monster, Spell or Trap type; got {type_line!r}.")
    rec.card_type = "monster"
    subtypes = {w for w in words | typeline_words if w in MONSTER_FLAGS.values() or w == "xyz"}
    if "dual" in words:
        subtypes.add("gemini")
    rec.subtypes = _ordered(subtypes)
    rec.attribute = str(entry.get("attribute") or "").upper()
    if rec.attribute not in ATTRIBUTES.values():
        rec.attribute = ""
    rec.monster_type = str(entry.get("race") or "")
    atk = _json_field(entry, "atk", int, where, required=False)
    rec.atk = None if atk is None else _stat(atk)
    level = _json_field(entry, "level", int, where, required=False)
    if "link" in subtypes:
        rec.link_rating = _json_field(entry, "linkval", int, where)
        markers = _json_field(entry, "linkmarkers", list, where, required=False) or []
        unknown = [m for m in markers if str(m).lower() not in JSON_ARROWS]
        if unknown:
            raise ImportProblem(
                f"{where}.linkmarkers: unknown arrow(s) {unknown}; expected e.g. 'Top', 'Bottom-Left'."
            )
        rec.link_arrows = [a for a in ARROW_ORDER if a in {JSON_ARROWS[str(m).lower()] for m in markers}]
    else:
        defense = _json_field(entry, "def", int, where, required=False)
        rec.defense = None if defense is None else _stat(defense)
        if level is None:
            raise ImportProblem(f"{where}.level: a {type_line} needs a Level or Rank.")
        if "xyz" in subtypes:
            rec.rank = level
        else:
            rec.level = level
    if "pendulum" in subtypes:
        scale = _json_field(entry, "scale", int, where, required=False)
        rec.scale_left = rec.scale_right = scale
        pend, mon = entry.get("pend_desc"), entry.get("monster_desc")
        if isinstance(pend, str) and isinstance(mon, str):
            rec.pendulum_text, rec.text = _clean(pend), _clean(mon)
        else:
            rec.pendulum_text, rec.text = split_pendulum(desc)
    else:
        rec.text = _clean(desc)
    return rec


def read_ygoprodeck_json(path: Path) -> Parsed:
    """Every card of a YGOPRODeck API v7 response (`{"data": [...]}`), decoded."""
    raw = _read_bytes(path)
    try:
        document = json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise ImportProblem(f"{path.name} is not UTF-8 text; expected {JSON_EXPECTED}.") from None
    except json.JSONDecodeError as err:
        raise ImportProblem(
            f"{path.name} is not valid JSON (line {err.lineno}, column {err.colno}: {err.msg}); "
            f"expected {JSON_EXPECTED}."
        ) from None
    if not isinstance(document, dict) or not isinstance(document.get("data"), list):
        got = f"keys {sorted(document)[:5]}" if isinstance(document, dict) else type(document).__name__
        raise ImportProblem(f"{path.name}: expected {JSON_EXPECTED}; got {got}.")
    parsed = Parsed(records=[])
    if warning := _pagination_warning(document.get("meta"), len(document["data"])):
        parsed.warnings.append(warning)
    for i, entry in enumerate(document["data"]):
        name = entry.get("name") if isinstance(entry, dict) else None
        rec = _row(parsed, name or f"data[{i}]", _json_record, entry, f"data[{i}]")
        if rec is not None:
            parsed.records.append(rec)
    return parsed


def _pagination_warning(meta: Any, present: int) -> str | None:
    """What a paginated YGOPRODeck response (`num`/`offset`) leaves out, or None if it is whole."""
    if not isinstance(meta, dict):
        return None
    total, remaining, next_page = meta.get("total_rows"), meta.get("rows_remaining"), meta.get("next_page")
    more = next_page or (isinstance(remaining, int) and remaining > 0)
    if not more and not (isinstance(total, int) and total > present):
        return None
    missing = (
        remaining if isinstance(remaining, int) else (total - present if isinstance(total, int) else None)
    )
    of = f" of {total:,}" if isinstance(total, int) else ""
    rest = f"; {missing:,} card(s) are on later pages" if missing else ""
    return (
        f"this is one page of a paginated YGOPRODeck response: {present:,}{of} cards{rest} "
        "(not imported). Request the cards without num/offset to import them all."
    )


# --------------------------------------------------------------------------- JSON lines (real card data)
JSONL_ARROWS = {"topleft": "tl", "topcenter": "t", "topright": "tr", "middleleft": "l",
                "middleright": "r", "bottomleft": "bl", "bottomcenter": "b", "bottomright": "br"}  # fmt: skip
JSONL_TYPES = {name.lower().replace("-", "").replace(" ", ""): name for name in RACES}
JSONL_PROPERTIES = {"quickplay": "quick-play"}
PASSCODE = re.compile(r"\d{1,10}(?!\d)")
STATUSES = {value for value, _ in Card.STATUSES}


def _jsonl_stat(entry: dict[str, Any], key: str, where: str) -> int | None:
    value = entry.get(key)
    if value is None or value == "?":
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ImportProblem(f"{where}.{key}: expected a whole number or '?'; got {value!r}.")
    return value


def jsonl_record(entry: Any, where: str) -> CardRecord | str:
    """One card of the real card data's JSON lines (its README names the fields), or why it is
    skipped: a Skill or Token (`cardType`), a card never legal for play (`illegal`), or one with
    neither a passcode nor an official database id (anime, manga, unannounced)."""
    if not isinstance(entry, dict):
        raise ImportProblem(f"{where}: expected a card object; got {type(entry).__name__}.")
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ImportProblem(f"{where}.name: expected the card's English name; got {name!r}.")
    name = name.strip()
    where = f"{where} ({name})"
    kind = entry.get("cardType")
    if kind == "skill":
        return SKILL
    if kind == "token":
        return TOKEN
    if kind not in ("monster", "spell", "trap"):
        raise ImportProblem(f"{where}.cardType: expected monster, spell, trap, token or skill; got {kind!r}.")
    if entry.get("illegal"):
        return "a card not legal in any format (a prize or promotional card)"
    ids = entry.get("ids") if isinstance(entry.get("ids"), dict) else {}
    codes = entry.get("passwords") or []
    if not isinstance(codes, list) or not all(isinstance(c, str) and PASSCODE.match(c) for c in codes):
        raise ImportProblem(f"{where}.passwords: expected a list of 8-digit passcodes; got {codes!r}.")
    codes = list(dict.fromkeys(PASSCODE.match(c)[0] for c in codes))  # a wiki note after one is dropped
    konami = ids.get("konami_db")
    if not codes and not isinstance(konami, int):
        return UNOFFICIAL
    rec = CardRecord(name=name, card_type=kind, subtypes=[], where=where)
    rec.passcode = int(codes[0]) if codes else None
    rec.alt_passcodes = [int(c) for c in codes[1:]]
    rec.konami_id = konami if isinstance(konami, int) and not isinstance(konami, bool) else None
    rec.yugipedia_page = str(ids.get("yugipedia") or "")
    rec.ygoprodeck_page = str(ids.get("ygoprodeck") or "")
    legality = entry.get("legality") if isinstance(entry.get("legality"), dict) else {}
    for fmt in ("tcg", "ocg"):
        status = legality.get(fmt) or ""
        if status and status not in STATUSES:
            raise ImportProblem(
                f"{where}.legality.{fmt}: expected one of {sorted(STATUSES)}; got {status!r}."
            )
        setattr(rec, f"{fmt}_status", status)
    text, pendulum_text = entry.get("text") or "", entry.get("pendulum_text") or ""
    if not isinstance(text, str) or not isinstance(pendulum_text, str):
        raise ImportProblem(f"{where}.text: expected the card's text.")
    rec.text, rec.pendulum_text = _clean(text), _clean(pendulum_text)
    if kind != "monster":
        prop = entry.get("property")
        prop = JSONL_PROPERTIES.get(prop, prop)
        allowed = SPELL_FLAGS.values() if kind == "spell" else TRAP_FLAGS.values()
        if prop != "normal" and prop not in allowed:
            raise ImportProblem(f"{where}.property: expected a {kind} property (normal, ...); got {prop!r}.")
        rec.subtypes = [prop]
        return rec
    words = [*(entry.get("monsterCardTypes") or []), *(entry.get("classifications") or []),
             *(entry.get("abilities") or [])]  # fmt: skip
    rec.subtypes = _ordered(w for w in words if w in MONSTER_FLAGS.values())
    if {"normal", "effect", "pendulum"} <= set(rec.subtypes):
        # a Normal Pendulum Monster whose Pendulum Effect the data also lists as "effect"
        # (Hallohallo, Magicalibra): its monster text is flavor, so it is a Normal Monster
        rec.subtypes = [s for s in rec.subtypes if s != "effect"]
    rec.attribute = str(entry.get("attribute") or "").upper()
    if rec.attribute not in ATTRIBUTES.values():
        rec.attribute = ""
    monster_type = str(entry.get("type") or "")
    rec.monster_type = JSONL_TYPES.get(monster_type, "")
    if monster_type and not rec.monster_type:
        raise ImportProblem(f"{where}.type: unknown monster Type {monster_type!r}.")
    rec.atk = _jsonl_stat(entry, "atk", where)
    if "link" in rec.subtypes:
        arrows = entry.get("linkArrows") or []
        unknown = [a for a in arrows if a not in JSONL_ARROWS]
        if unknown or not arrows:
            raise ImportProblem(f"{where}.linkArrows: expected arrows such as 'topcenter'; got {arrows!r}.")
        rec.link_arrows = [a for a in ARROW_ORDER if a in {JSONL_ARROWS[x] for x in arrows}]
        rec.link_rating = len(rec.link_arrows)
    else:
        rec.defense = _jsonl_stat(entry, "def", where)
        key = "rank" if "xyz" in rec.subtypes else "level"
        value = _jsonl_stat(entry, key, where)
        if value is None:
            raise ImportProblem(f"{where}.{key}: a {'Xyz' if key == 'rank' else 'monster'} needs its {key}.")
        setattr(rec, key, value)
    if "pendulum" in rec.subtypes:
        rec.scale_left = rec.scale_right = _jsonl_stat(entry, "scale", where)
    return rec


def iter_jsonl(path: Path) -> Iterable[tuple[int, Any]]:
    """(line number, decoded JSON or the ImportProblem of a line that is not JSON) of a JSON-lines
    file, gzipped or not."""
    opener = gzip.open if _read_bytes(path, limit=2) == b"\x1f\x8b" else open
    try:
        with opener(path, "rt", encoding="utf-8-sig") as fh:
            for number, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                try:
                    yield number, json.loads(line)
                except json.JSONDecodeError as err:
                    yield (
                        number,
                        ImportProblem(f"line {number}: not valid JSON ({err.msg}, column {err.colno})."),
                    )
    except (OSError, UnicodeDecodeError, EOFError) as err:
        raise ImportProblem(f"{path.name} cannot be read as {JSONL_EXPECTED} ({err}).") from None


def _raise(problem: ImportProblem) -> CardRecord:
    raise problem


def read_jsonl(path: Path) -> Parsed:
    """Every card of a JSON-lines file in the real card data's format, decoded."""
    parsed = Parsed(records=[])
    for number, entry in iter_jsonl(path):
        if isinstance(entry, ImportProblem):
            _row(parsed, f"line {number}", _raise, entry)
            continue
        name = entry.get("name") if isinstance(entry, dict) else None
        rec = _row(parsed, name or f"line {number}", jsonl_record, entry, f"line {number}")
        if rec is not None:
            parsed.records.append(rec)
    return parsed


def _read_bytes(path: Path, limit: int | None = None) -> bytes:
    """The file's bytes (only the first `limit` of them if given); an empty file is an ImportProblem."""
    try:
        with path.open("rb") as fh:
            raw = fh.read() if limit is None else fh.read(limit)
    except OSError as err:
        raise ImportProblem(f"{path} cannot be read: {err.strerror or err}.") from None
    if not raw.strip():
        raise ImportProblem(f"{path.name} is empty; expected {CDB_EXPECTED} or {JSON_EXPECTED}.")
    return raw


# --------------------------------------------------------------------------- the reader
def read_effects(
    card_type: str, subtypes: list[str], text: str, pendulum_text: str = ""
) -> list[dict[str, Any]]:
    """The reader's effects for a card's text (Pendulum Effects first); none for an empty text.

    Raises ValueError (the reader's ReaderError) for a text it refuses, e.g. one too long.
    """
    if not pendulum_text.strip() or "pendulum" not in subtypes:
        pendulum_text = ""
    if not text.strip():
        if not pendulum_text:
            return []
        # the reader wants a monster text; a placeholder stands in, and only Pendulum Effects are kept
        subtype = list(subtypes)
        effects = textreader.classify("-", kind=card_type, subtype=subtype, pendulum_text=pendulum_text)
        return [e for e in effects if e.get("part") == "pendulum"]
    return textreader.classify(
        text, kind=card_type, subtype=list(subtypes) or ["normal"], pendulum_text=pendulum_text or None
    )


def apply_overrides(
    reading: list[dict[str, Any]], overrides: dict[tuple[int, str], Any]
) -> list[dict[str, Any]]:
    """The reader's effects with a judge's corrections applied (the reader's own function).

    A correction the reader no longer accepts (say, for an effect a newer reader no longer
    finds in the same text) is left out rather than failing the whole card.
    """
    if not overrides:
        return reading
    try:
        return textreader.apply_overrides(reading, overrides)
    except ValueError:
        effects = reading
        for key, value in overrides.items():
            try:
                effects = textreader.apply_overrides(effects, {key: value})
            except ValueError:
                logger.warning("Correction %s no longer fits the reading; left out", key)
        return effects


# --------------------------------------------------------------------------- card definitions
HAND_HINT = re.compile(
    r"\b(?:discard|reveal) this card\b|this card[^.;:]*\bhand\b|\bhand\b[^.;:]*\bthis card\b"
)
GY_HINT = re.compile(
    r"this card[^.;:]*\b(?:gy|graveyard)\b|\b(?:gy|graveyard)\b[^.;:]*this card|this card is destroyed"
)
BANISHED_HINT = re.compile(r"this card[^.;:]*\bbanished\b|\bbanished\b[^.;:]*this card")


def works_from(effect_text: str) -> list[str]:
    """Where a monster effect can be activated from, from what its text says about "this card".

    Always the field; the hand, GY or banishment too when the text ties "this card" to them
    (a lenient reading: the judge decides what is legal, the engine must not refuse it).
    """
    text = effect_text.lower()
    places = ["field"]
    for place, hint in (("hand", HAND_HINT), ("graveyard", GY_HINT), ("banished", BANISHED_HINT)):
        if hint.search(text):
            places.append(place)
    return places


def _effect_def(card_type: str, effect: dict[str, Any]) -> dict[str, Any]:
    kind = effect.get("kind")
    out: dict[str, Any] = {"kind": kind}
    if isinstance(effect.get("optional"), bool):
        out["optional"] = effect["optional"]
    if effect.get("wording") in ("when", "if", "during"):
        out["wording"] = effect["wording"]
    if effect.get("once_per_turn") in ("none", "soft", "hard", "card_activation"):
        out["once_per_turn"] = effect["once_per_turn"]
    text = str(effect.get("text") or "")
    if card_type == "monster" and kind != "activation":
        out["works_from"] = works_from(text)
    if kind == "trigger" and (event := textreader.trigger_event(str(effect.get("condition") or text))):
        out["event"] = event
    if text:
        out["summary"] = text
    return out


def type_line(card_type: str, subtypes: list[str], monster_type: str = "") -> str:
    """ "Spellcaster Xyz Effect Monster", "Quick-Play Spell", "Counter Trap"."""
    words = [SUBTYPE_WORDS.get(s, s.capitalize()) for s in _ordered(subtypes)]
    if card_type == "monster":
        if words == ["Token"]:
            return " ".join(filter(None, [monster_type, "Token"]))
        return " ".join(filter(None, [monster_type, *words, "Monster"]))
    return " ".join([*words, card_type.capitalize()])


def _stat_text(value: int | None) -> str:
    return "?" if value is None else str(value)


def make_summary(card: dict[str, Any], effect_count: int, facts_only: bool = False) -> str:
    """A short summary of our own, from the type line and stats (never the card's wording)."""
    line = type_line(card["card_type"], card["subtypes"], card.get("monster_type") or "")
    if card["card_type"] == "monster":
        head = []
        if card.get("link_rating") is not None:
            head.append(f"Link-{card['link_rating']}")
        elif card.get("rank") is not None:
            head.append(f"Rank {card['rank']}")
        elif card.get("level") is not None:
            head.append(f"Level {card['level']}")
        if card.get("attribute"):
            head.append(card["attribute"])
        text = " ".join([*head, line])
        if card.get("link_rating") is not None:
            arrows = ", ".join(ARROW_NAMES[a] for a in card.get("link_arrows") or [])
            text += f", {_stat_text(card.get('atk'))} ATK, arrows: {arrows or 'none'}"
        else:
            text += f", {_stat_text(card.get('atk'))}/{_stat_text(card.get('defense'))}"
        if card.get("scale_left") is not None:
            text += f", Pendulum Scales {card['scale_left']}/{card.get('scale_right', card['scale_left'])}"
    else:
        text = line
    if facts_only:
        return f"{text}. Its effects are not written in the library: state what it did as it resolves."
    if effect_count:
        return (
            f"Imported: {text}; {effect_count} effect{'s' if effect_count != 1 else ''} read from its text."
        )
    return f"Imported: {text}; no effects read from its text."


def card_definition(
    card: dict[str, Any], effects: list[dict[str, Any]], facts_only: bool = False
) -> dict[str, Any]:
    """An engine card definition (validated as CardDef) from a card's columns and its read effects.

    Summoning conditions are not effects: they are dropped, and make the card not Normal
    Summonable. "?" ATK/DEF become 0, the original value the engine can work with.
    """
    kept = [e for e in effects if e.get("kind") in ENGINE_KINDS]
    data: dict[str, Any] = {
        "name": card["name"],
        "card_type": card["card_type"],
        "subtypes": list(card["subtypes"]),
        "summary": make_summary(card, len(kept), facts_only),
        "effects": [_effect_def(card["card_type"], e) for e in kept],
    }
    if card["card_type"] == "monster":
        data.update(attribute=card["attribute"], atk=card.get("atk") or 0)
        if card.get("monster_type"):
            data["monster_type"] = card["monster_type"]
        subs = set(card["subtypes"])
        if "link" in subs:
            data.update(link_rating=card["link_rating"], link_arrows=list(card.get("link_arrows") or []))
        elif "xyz" in subs:
            data.update(rank=card["rank"], **{"def": card.get("defense") or 0})
        else:
            data.update(level=card["level"], **{"def": card.get("defense") or 0})
        if card.get("scale_left") is not None:
            data["scale"] = card["scale_left"]
        no_normal_summon = any(e.get("kind") == "summoning_condition" for e in effects)
        if no_normal_summon or card.get("special_summon_only") or "ritual" in subs:
            data["normal_summonable"] = False
    return parse_card(data, card["name"]).to_dict()


def card_columns(data: dict[str, Any]) -> dict[str, Any]:
    """The searchable Card columns of an engine card dict (for written cards: `manage.py seed`)."""
    scale = data.get("scale")
    return {
        "card_type": data.get("card_type") or "",
        "subtypes": " ".join(data.get("subtypes") or []),
        "attribute": data.get("attribute") or "",
        "monster_type": data.get("monster_type") or "",
        "level": data.get("level"),
        "rank": data.get("rank"),
        "link_rating": data.get("link_rating"),
        "link_arrows": list(data.get("link_arrows") or []),
        "atk": data.get("atk"),
        "defense": data.get("def"),
        "scale_left": scale,
        "scale_right": scale,
    }


def record_columns(rec: CardRecord) -> dict[str, Any]:
    return {
        "name": rec.name,
        "card_type": rec.card_type,
        "subtypes": rec.subtypes,
        "attribute": rec.attribute,
        "monster_type": rec.monster_type,
        "level": rec.level,
        "rank": rec.rank,
        "link_rating": rec.link_rating,
        "link_arrows": rec.link_arrows,
        "atk": rec.atk,
        "defense": rec.defense,
        "scale_left": rec.scale_left,
        "scale_right": rec.scale_right,
        "special_summon_only": rec.special_summon_only,
    }


def card_as_columns(card: Card) -> dict[str, Any]:
    """A stored card's columns in the shape `card_definition` takes."""
    return {
        "name": card.name,
        "card_type": card.card_type,
        "subtypes": card.subtype_list,
        "attribute": card.attribute,
        "monster_type": card.monster_type,
        "level": card.level,
        "rank": card.rank,
        "link_rating": card.link_rating,
        "link_arrows": card.link_arrows,
        "atk": card.atk,
        "defense": card.defense,
        "scale_left": card.scale_left,
        "scale_right": card.scale_right,
        # not Normal Summonable for a reason other than its text or being a Ritual: the file's flag
        "special_summon_only": card.data.get("normal_summonable") is False
        and "ritual" not in card.subtype_list
        and not any(e.get("kind") == "summoning_condition" for e in card.reading),
    }


def current_overrides(card: Card) -> dict[tuple[int, str], Any]:
    """The judge's overrides made for the card's current text."""
    rows = ReaderOverride.objects.filter(card=card, text_hash=card.text_hash)
    return {(o.effect_index, o.field): o.value for o in rows}


def refresh_read_card(card: Card) -> None:
    """Rebuild a read card's engine definition after its overrides changed, and save it."""
    effects = apply_overrides(card.reading, current_overrides(card))
    card.data = card_definition(card_as_columns(card), effects)
    card.summary = card.data["summary"]
    card.save(update_fields=["data", "summary"])


# --------------------------------------------------------------------------- storing
FACT_FIELDS = ["konami_id", "yugipedia_page", "ygoprodeck_page", "tcg_status", "ocg_status"]
STORED_FIELDS = [
    "name", "card_type", "summary", "data", "passcode", "alt_passcodes", "origin", "text",
    "pendulum_text", "text_hash", "reading", "subtypes", "attribute", "monster_type", "level",
    "rank", "link_rating", "link_arrows", "atk", "defense", "scale_left", "scale_right",
    *FACT_FIELDS, "search_name", "updated",
]  # fmt: skip
COMPARED_FIELDS = [f for f in STORED_FIELDS if f not in ("updated", "search_name", "text_hash")]
BATCH = 500
T = TypeVar("T")


def batched(items: list[T], size: int) -> Iterable[list[T]]:
    return (items[i : i + size] for i in range(0, len(items), size))


Progress = Callable[[Iterable[T], int, str], Iterable[T]]


def no_progress(items: Iterable[T], total: int, description: str) -> Iterable[T]:
    return items


def update_rows(cards: list[Card], fields: list[str]) -> None:
    """UPDATE these cards' `fields` by primary key, one statement run for every row (executemany):
    Django's bulk_update builds a CASE over every row per field, which takes minutes for the
    thousands of rows a whole card database changes."""
    if not cards:
        return
    meta = Card._meta
    columns = [meta.get_field(name) for name in fields]
    quote = connection.ops.quote_name
    sql = (
        f"UPDATE {quote(meta.db_table)} SET {', '.join(f'{quote(c.column)} = %s' for c in columns)} "
        f"WHERE {quote(meta.pk.column)} = %s"
    )
    rows = [
        [c.get_db_prep_save(getattr(card, c.attname), connection) for c in columns] + [card.pk]
        for card in cards
    ]
    with connection.cursor() as cursor:
        cursor.executemany(sql, rows)


def existing_cards(names: Iterable[str], passcodes: Iterable[int]) -> list[Card]:
    """The stored cards with one of these names (compared casefolded) or passcodes, and only those:
    a file of a few cards reads a few rows, whatever the size of the table."""
    found: dict[int, Card] = {}
    keys = sorted({search_key(n) for n in names})
    codes = sorted(set(passcodes))
    for chunk in batched(keys, BATCH):
        found.update((c.pk, c) for c in Card.objects.filter(search_name__in=chunk))
    for chunk in batched(codes, BATCH):
        found.update((c.pk, c) for c in Card.objects.filter(passcode__in=chunk))
    return list(found.values())


def give_facts(card: Card, rec: CardRecord) -> bool:
    """Copy the printed facts a record has (database id, page names, status) onto a stored card;
    True if one changed. A fact the record lacks keeps the stored one."""
    changed = False
    for name in FACT_FIELDS:
        value = getattr(rec, name)
        if value not in (None, "") and getattr(card, name) != value:
            setattr(card, name, value)
            changed = True
    return changed


def _store(parsed: Parsed, source: str, progress: Progress = no_progress) -> ImportReport:
    if parsed.bad and not parsed.records and not parsed.skipped:  # most likely not such a file at all
        raise ImportProblem(f"{source}: no row could be read ({len(parsed.bad)} tried). {parsed.bad[0]}")
    report = ImportReport(
        source=source,
        skipped={k: list(v) for k, v in parsed.skipped.items()},
        bad=list(parsed.bad),
        warnings=list(parsed.warnings),
    )

    def skip(reason: str, name: str) -> None:
        report.skipped.setdefault(reason, []).append(name)

    existing = existing_cards(
        (r.name for r in parsed.records),
        (c for r in parsed.records for c in [r.passcode, *r.alt_passcodes] if c is not None),
    )
    by_name = {c.name.casefold(): c for c in existing}
    by_passcode = {c.passcode: c for c in existing if c.passcode is not None}
    overrides: dict[tuple[int, str], dict[tuple[int, str], Any]] = defaultdict(dict)
    for o in ReaderOverride.objects.filter(card_id__in=[c.pk for c in existing if c.origin == Card.READ]):
        overrides[(o.card_id, o.text_hash)][(o.effect_index, o.field)] = o.value
    now = timezone.now()
    creates: list[Card] = []
    updates: list[Card] = []
    written: dict[int, Card] = {}  # written cards given a passcode, printed stats, text or facts
    in_file: dict[str, CardRecord] = {}
    seen_passcodes: dict[int, str] = {}
    for rec in progress(parsed.records, len(parsed.records), f"Reading {source}"):
        key = rec.name.casefold()
        if key in in_file:
            first = in_file[key]
            first.alt_passcodes.extend(c for c in [rec.passcode] if c is not None)
            skip("the same name as another card in the file (kept as an alternative passcode)", rec.name)
            continue
        clash = next(
            (seen_passcodes[c] for c in [rec.passcode, *rec.alt_passcodes] if c in seen_passcodes), None
        )
        if clash is not None:
            skip(f"a passcode also used by another card in the file ({clash})", rec.name)
            continue
        in_file[key] = rec
        seen_passcodes.update((c, rec.name) for c in [rec.passcode, *rec.alt_passcodes] if c is not None)
        named = by_name.get(key)
        match = by_passcode.get(rec.passcode) if rec.passcode is not None else None
        match = match or named
        if match is not None and match.origin == Card.WRITTEN:
            if _update_written(match, rec, by_passcode, report):
                written[match.pk] = match
            continue
        if match is not None and named is not None and named.pk != match.pk:
            skip(f"its name is already used by another card (passcode {named.passcode})", rec.name)
            continue
        if why := unusable_reason(rec):
            skip(why, rec.name)
            continue
        card = _build(rec, match, overrides, report)
        if card is None:
            continue
        card.updated = now
        card.refresh_derived()
        if match is None:
            creates.append(card)
            by_name[key] = card
            if card.passcode is not None:
                by_passcode[card.passcode] = card
        elif any(getattr(card, f) != getattr(match, f) for f in COMPARED_FIELDS):
            updates.append(card)
        else:
            report.unchanged += 1
    try:
        with transaction.atomic():
            Card.objects.bulk_create(creates, batch_size=BATCH)
            update_rows(updates, STORED_FIELDS)
            for card in written.values():
                card.updated = now
            update_rows(
                list(written.values()),
                ["passcode", "data", "text", "pendulum_text", "updated", *FACT_FIELDS, *card_columns({})],
            )
    except DatabaseError as err:
        raise ImportProblem(
            f"{source}: the cards could not be stored ({err}); nothing was imported."
        ) from None
    report.imported, report.updated = len(creates), len(updates)
    return report


def _update_written(card: Card, rec: CardRecord, by_passcode: dict[int, Card], report: ImportReport) -> bool:
    """What a file gives a card the engine has a file of: its passcode if it had none, the printed
    stats its file leaves unconfirmed, its official text (shown on its page) and its facts. The
    written effects are kept. True if the card changed."""
    changed = False
    if card.passcode is None and rec.passcode is not None and rec.passcode not in by_passcode:
        card.passcode = rec.passcode
        by_passcode[rec.passcode] = card
        changed = True
    if card.data.get("unconfirmed") and complete_written(card, rec):
        report.completed.append(card.name)
        changed = True
    if rec.text and (card.text, card.pendulum_text) != (rec.text, rec.pendulum_text):
        card.text, card.pendulum_text = rec.text, rec.pendulum_text
        report.texts_kept.append(card.name)
        changed = True
    changed = give_facts(card, rec) or changed
    if card.name not in report.completed:
        report.skipped.setdefault(
            "an engine card file has this card (its written effects are kept)", []
        ).append(rec.name)
    return changed


def _with_stats(data: dict[str, Any], stats: dict[str, Any], source: str) -> dict[str, Any] | None:
    """A written card whose file leaves printed stats unconfirmed, with them given (engine
    `CardDef.completed`); None if one is missing or they do not fit the card."""
    if any(v is None for v in stats.values()):
        return None
    try:
        return parse_card(data, data["name"]).completed(stats, source).to_dict()
    except CatalogError:
        return None


def complete_written(card: Card, rec: CardRecord) -> bool:
    """Give a written card the printed stats its file leaves unconfirmed, from an imported record
    of the same card: the judge's own database is a source the library did not have. False (and
    nothing changed) if the record lacks one of them or they do not fit the card."""
    values = {"level": rec.level, "attribute": rec.attribute or None, "atk": rec.atk,
              "monster_type": rec.monster_type or None, "def": rec.defense}  # fmt: skip
    data = _with_stats(card.data, {s: values[s] for s in card.data["unconfirmed"]}, rec.where)
    if data is None:
        return False
    card.data = data
    for column, value in card_columns(data).items():
        setattr(card, column, value)
    return True


def keep_completed_stats(file_card: dict[str, Any], stored: dict[str, Any] | None) -> dict[str, Any]:
    """A written card's file, with the unconfirmed printed stats an import gave its stored copy
    (`complete_written`) kept: re-seeding must not lose what a judge's file supplied."""
    missing = file_card.get("unconfirmed") or []
    if not missing or not stored or stored.get("unconfirmed"):
        return file_card
    kept = _with_stats(file_card, {s: stored.get(s) for s in missing}, file_card["name"])
    return kept if kept is not None else file_card


def _build(
    rec: CardRecord,
    match: Card | None,
    overrides: dict[tuple[int, str], dict[tuple[int, str], Any]],
    report: ImportReport,
) -> Card | None:
    """The Card row for a record: read its text (unless the stored reading is of the same text by
    the same reader), apply the overrides for this text, define it."""
    digest = text_hash(rec.text, rec.pendulum_text)
    try:
        if match is not None and match.origin == Card.READ and match.text_hash == digest:
            reading = match.reading
        else:
            reading = read_effects(rec.card_type, rec.subtypes, rec.text, rec.pendulum_text)
    except ValueError as err:  # a text the reader refuses (too long...): stored, with no effects
        logger.info("The reader refused %s: %s", rec.where, err)
        reading = []
        report.unread.append(rec.name)
    except Exception:  # one text the reader trips on must not stop thousands of others
        logger.exception("The reader failed on %s", rec.where)
        reading = []
        report.unread.append(rec.name)
    effects = reading
    if match is not None and (found := overrides.get((match.pk, digest))):
        effects = apply_overrides(reading, found)
    columns = record_columns(rec)
    try:
        data = card_definition(columns, effects)
    except CatalogError as err:
        first = str(err).splitlines()[0]
        report.skipped.setdefault(f"the engine cannot use it ({first.partition(': ')[2]})", []).append(
            rec.name
        )
        return None
    alt = sorted(set(rec.alt_passcodes) | set(match.alt_passcodes if match else []))
    passcode = rec.passcode if match is None or match.passcode in (None, rec.passcode) else match.passcode
    card = Card(
        pk=match.pk if match else None,
        name=rec.name,
        card_type=rec.card_type,
        summary=data["summary"],
        data=data,
        passcode=passcode,
        alt_passcodes=alt,
        origin=Card.READ,
        text=rec.text,
        pendulum_text=rec.pendulum_text,
        reading=reading,
        subtypes=" ".join(rec.subtypes),
        attribute=rec.attribute,
        monster_type=rec.monster_type,
        level=rec.level,
        rank=rec.rank,
        link_rating=rec.link_rating,
        link_arrows=rec.link_arrows,
        atk=rec.atk,
        defense=rec.defense,
        scale_left=rec.scale_left,
        scale_right=rec.scale_right,
    )
    if match is not None:  # the facts the file lacks are kept (a facts-only card becoming read)
        for name in FACT_FIELDS:
            setattr(card, name, getattr(match, name))
    give_facts(card, rec)
    return card


def import_cdb(path: str | Path, progress: Progress = no_progress) -> ImportReport:
    """Import a YGOPro/EDOPro cards.cdb: bad rows are left out and reported, the rest imported."""
    path = Path(path)
    _read_bytes(path, limit=100)
    return _store(read_cdb(path), path.name, progress)


def import_ygoprodeck_json(path: str | Path, progress: Progress = no_progress) -> ImportReport:
    """Import a YGOPRODeck API v7 JSON file, like `import_cdb`."""
    path = Path(path)
    return _store(read_ygoprodeck_json(path), path.name, progress)


def import_jsonl(path: str | Path, progress: Progress = no_progress) -> ImportReport:
    """Import JSON lines in the real card data's format (gzipped or not), like `import_cdb`."""
    path = Path(path)
    return _store(read_jsonl(path), path.name, progress)


def import_file(path: str | Path, progress: Progress = no_progress) -> ImportReport:
    """Import any of the formats, told apart by the file's first bytes: an SQLite header, gzip
    (JSON lines), JSON lines (a first line that is a whole card object), or JSON."""
    path = Path(path)
    head = _read_bytes(path, limit=4096)
    if head.startswith(b"SQLite format 3\x00"):
        return import_cdb(path, progress)
    if head.startswith(b"\x1f\x8b") or _looks_like_jsonl(head):
        return import_jsonl(path, progress)
    if head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith((b"{", b"[")):
        return import_ygoprodeck_json(path, progress)
    raise ImportProblem(
        f"{path.name} is neither an SQLite database nor JSON; expected {CDB_EXPECTED}, {JSON_EXPECTED} "
        f"or {JSONL_EXPECTED}."
    )


def _looks_like_jsonl(head: bytes) -> bool:
    first, newline, _ = head.lstrip(b"\xef\xbb\xbf \t\r\n").partition(b"\n")
    if not newline:
        return False
    try:
        entry = json.loads(first)
    except ValueError:
        return False
    return isinstance(entry, dict) and "cardType" in entry


# --------------------------------------------------------------------------- scenarios
BOARD_ORIGINS = (Card.READ, Card.FACTS)  # cards the engine has no file of, defined from the database


def imported_cards_version() -> str:
    """Changes whenever any read or facts-only card changes: part of the replay cache's key.

    Read cards are counted (a judge may delete one); facts-only cards change only with `seed`,
    which stamps what it writes, so their latest change is enough: an index seek, not a count of
    thirteen thousand rows on every replay.
    """
    stats = Card.objects.filter(origin=Card.READ).aggregate(n=Count("id"), last=Max("updated"), top=Max("id"))
    facts = Card.objects.filter(origin=Card.FACTS).aggregate(last=Max("updated"))["last"]
    if not stats["n"] and facts is None:
        return ""
    version = f"{stats['n']}:{stats['top']}:{stats['last'].isoformat() if stats['last'] else ''}"
    return version + (f":facts {facts.isoformat()}" if facts else "")


def _entry_names(entry: Any) -> Iterable[str]:
    if isinstance(entry, str):
        yield entry
    elif isinstance(entry, dict):
        if isinstance(entry.get("card"), str):
            yield entry["card"]
        for material in entry.get("materials") or []:
            yield from _entry_names(material)


def names_in(doc: dict[str, Any]) -> set[str]:
    """Every card name a scenario's board uses (bare names and `{card: X}` entries)."""
    names: set[str] = set()
    board = doc.get("board")
    players = board.get("players") if isinstance(board, dict) else None
    for player in (players or {}).values():
        if not isinstance(player, dict):
            continue
        for key in ("hand", "extra_deck", "graveyard", "banished", "monsters", "spell_traps"):
            pile = player.get(key)
            for entry in pile if isinstance(pile, list) else []:
                names.update(_entry_names(entry))
        deck = player.get("deck")
        deck_cards = deck.get("cards") if isinstance(deck, dict) else deck
        for entry in deck_cards if isinstance(deck_cards, list) else []:
            names.update(_entry_names(entry))
        names.update(_entry_names(player.get("field_spell")))
    return {n.strip() for n in names if n.strip()}


def stated_stats(defn: CardDef) -> dict[str, Any] | None:
    """A document's `cards` entry completing a written card whose file leaves printed stats
    unconfirmed, once an import has given them (`complete_written`); None until then."""
    row = Card.objects.filter(origin=Card.WRITTEN, name=defn.name).only("data").first()
    if row is None or row.data.get("unconfirmed"):
        return None
    return {"name": defn.name, **{stat: row.data.get(stat) for stat in defn.unconfirmed}}


def add_imported_cards(doc: dict[str, Any]) -> dict[str, Any]:
    """The document with the definitions of the read and facts-only cards it names added to its
    `cards` (a facts-only card has no effects: the judge states what it did, `resolution`).

    Only cards the engine's catalog does not have and the document does not define itself.
    The document is returned unchanged (the same object) when there is nothing to add.
    """
    custom = doc.get("cards")
    if custom is not None and not isinstance(custom, list):
        return doc  # the engine reports the bad `cards` itself
    defined = {str(c.get("name", "")).lower() for c in custom or [] if isinstance(c, dict)}
    catalog = load_catalog()
    named = {n.lower(): n for n in names_in(doc) if n.lower() not in defined}
    wanted = {k: n for k, n in named.items() if k not in catalog}
    unconfirmed = {k: catalog[k] for k in named if k in catalog and catalog[k].unconfirmed}
    extra = [stated_stats(card) for card in unconfirmed.values()]
    extra = [entry for entry in extra if entry is not None]
    if not wanted and not extra:
        return doc
    rows = Card.objects.filter(
        origin__in=BOARD_ORIGINS, search_name__in={search_key(n) for n in wanted.values()}
    )
    extra += [card.data for card in rows if card.name.lower() in wanted]
    if not extra:
        return doc
    return {**doc, "cards": [*(custom or []), *extra]}
