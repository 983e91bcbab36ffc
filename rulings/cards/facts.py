"""The printed facts of every real TCG/OCG card, shipped with the project (no card text).

`data/card_facts.jsonl.gz` holds one card a line: its name, passcodes, card type and
subtypes, Attribute, Type, Level/Rank/Link Arrows, ATK/DEF ("?" is null), Pendulum Scale,
TCG/OCG status, the official database id and its Yugipedia and YGOPRODeck page names (the
Yugipedia page left out when it is the card's name, null when there is none), in the Card
columns' own words. `manage.py build_card_facts --source FILE` makes it from the real card
data's JSON lines (the same decoding as `import_cards`, `importing.jsonl_record`, so the same
cards are left out for the same reasons); `manage.py seed` loads it into the card table
(`seed_facts`), where each card the engine has no file of and no import gave becomes a
"facts" card: usable on a board by name, its effects stated by the judge (`resolution`).
"""

from __future__ import annotations

import gzip
import io
import json
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.db import transaction
from django.utils import timezone

from engine.cards import CatalogError
from rulings.cards.importing import (
    BATCH,
    FACT_FIELDS,
    CardRecord,
    card_columns,
    card_definition,
    complete_written,
    give_facts,
    read_jsonl,
    record_columns,
    unusable_reason,
    update_rows,
)
from rulings.cards.models import Card

FACTS_FILE = Path(__file__).parent / "data" / "card_facts.jsonl.gz"
# File key → CardRecord attribute, in the order a line is written.
KEYS = {
    "name": "name", "card_type": "card_type", "subtypes": "subtypes", "attribute": "attribute",
    "monster_type": "monster_type", "level": "level", "rank": "rank", "link_arrows": "link_arrows",
    "atk": "atk", "def": "defense", "scale": "scale_left", "tcg": "tcg_status", "ocg": "ocg_status",
    "konami_id": "konami_id", "yugipedia": "yugipedia_page", "ygoprodeck": "ygoprodeck_page",
}  # fmt: skip
STATS = ("atk", "def")  # null is a printed "?", so kept for a monster
# A Spell or Trap is activated as a card whatever its text: a facts-only one has that activation,
# with nothing it does (the judge states it: `resolution`). A monster's effects are not known (not
# even whether Ignition, Quick or Trigger): none, until its text is imported; the judge states the
# kind of one it used (`effect_kind`, engine.rules.stated).
ACTIVATION = [{"kind": "activation", "text": "The card's activation: what it does is stated by the judge."}]
FACTS_COLUMNS = [
    "card_type", "summary", "data", "passcode", "alt_passcodes", "subtypes", "attribute",
    "monster_type", "level", "rank", "link_rating", "link_arrows", "atk", "defense", "scale_left",
    "scale_right", *FACT_FIELDS, "search_name", "updated",
]  # fmt: skip


def facts_line(rec: CardRecord) -> dict[str, Any]:
    """A record's printed facts as one line of the facts file: no text, nothing empty."""
    line: dict[str, Any] = {}
    for key, attr in KEYS.items():
        value = getattr(rec, attr)
        monster_stat = key in STATS and rec.card_type == "monster" and not (key == "def" and rec.link_arrows)
        if key == "yugipedia":  # most pages are the card's name: absent means that, null means none
            if value != rec.name:
                line[key] = value or None
        elif value not in (None, "", []) or (monster_stat and value is None):
            line[key] = value
        if key == "name":
            codes = [rec.passcode, *rec.alt_passcodes] if rec.passcode is not None else []
            if codes:
                line["passcodes"] = codes
    return line


def record_of(line: dict[str, Any], where: str) -> CardRecord:
    """A line of the facts file as a CardRecord (with no text)."""
    rec = CardRecord(
        name=line["name"], card_type=line["card_type"], subtypes=list(line["subtypes"]), where=where
    )
    for key, attr in KEYS.items():
        if key in line and key not in ("name", "card_type", "subtypes"):
            setattr(rec, attr, line[key])
    rec.yugipedia_page = line.get("yugipedia", rec.name) or ""
    rec.scale_right = rec.scale_left
    if rec.link_arrows:
        rec.link_rating = len(rec.link_arrows)
    codes = line.get("passcodes") or []
    rec.passcode, rec.alt_passcodes = (codes[0], list(codes[1:])) if codes else (None, [])
    return rec


@dataclass
class Built:
    lines: list[dict[str, Any]]
    skipped: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    bad: list[str] = field(default_factory=list)


def build_facts(source: Path) -> Built:
    """The facts of every TCG/OCG card of a real-card-data JSON-lines file, sorted by name.

    Left out, each with its reason: Skills and Tokens (`cardType`), cards never legal for play
    (`illegal`), entries with neither passcode nor official database id (anime, manga, not yet
    announced), monsters the engine cannot use (no Attribute), and unreadable lines.
    """
    parsed = read_jsonl(source)
    built = Built(lines=[], skipped=defaultdict(list, parsed.skipped), bad=parsed.bad)
    seen: set[str] = set()
    for rec in parsed.records:
        if rec.name.casefold() in seen:
            built.skipped["the same name as an earlier card"].append(rec.name)
            continue
        why = unusable_reason(rec)
        if why is None:
            try:
                facts_definition(rec)
            except CatalogError as err:
                why = f"the engine cannot use it ({str(err).splitlines()[0]})"
        if why:
            built.skipped[why].append(rec.name)
            continue
        seen.add(rec.name.casefold())
        built.lines.append(facts_line(rec))
    built.lines.sort(key=lambda line: (line["name"].casefold(), line["name"]))
    return built


def write_facts(lines: list[dict[str, Any]], path: Path) -> None:
    """The facts file, byte for byte the same for the same facts (no timestamp in the gzip header)."""
    text = "".join(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n" for line in lines)
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0, compresslevel=9) as fh:
        fh.write(text.encode("utf-8"))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())


def read_facts(path: Path = FACTS_FILE) -> list[CardRecord]:
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        return [record_of(json.loads(line), f"{path.name} line {n}") for n, line in enumerate(fh, 1)]


@dataclass
class SeedReport:
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    removed: int = 0
    given: int = 0  # written or imported cards given their facts (id, pages, status, passcode)

    def line(self) -> str:
        return (
            f"Card facts: {self.created} added, {self.updated} updated, {self.unchanged} unchanged, "
            f"{self.removed} removed; {self.given} written or imported card(s) given their facts."
        )


def facts_definition(rec: CardRecord) -> dict[str, Any]:
    """The engine's definition of a facts-only card (validated)."""
    effects = ACTIVATION if rec.card_type in ("spell", "trap") else []
    return card_definition(record_columns(rec), effects, facts_only=True)


def facts_card(rec: CardRecord, match: Card | None, taken: dict[int, Card]) -> Card:
    """The "facts" Card row of a record (its pk kept if it is stored already). A passcode another
    card holds already (say, an imported card under another name) is left off."""
    data = facts_definition(rec)
    mine = match.pk if match else None
    codes = [c for c in [rec.passcode, *rec.alt_passcodes] if c is not None and taken.get(c, match) is match]
    card = Card(
        pk=mine,
        name=rec.name,
        origin=Card.FACTS,
        summary=data["summary"],
        data=data,
        passcode=codes[0] if codes and codes[0] == rec.passcode else None,
        alt_passcodes=[c for c in codes if c != rec.passcode],
        subtypes=" ".join(rec.subtypes),
        **{
            k: v
            for k, v in record_columns(rec).items()
            if k not in ("name", "subtypes", "special_summon_only")
        },
        **{name: getattr(rec, name) for name in FACT_FIELDS},
    )
    card.refresh_derived()
    return card


def seed_facts(path: Path = FACTS_FILE) -> SeedReport:
    """Load the facts file into the card table in bulk; running it again changes nothing.

    A card the engine has a file of ("written") or an import read ("read") keeps what it is and
    is only given the facts it lacks (database id, page names, status, a passcode, and a written
    card's printed stats its file leaves unconfirmed). Every other card is a "facts" card; facts
    cards no longer in the file are removed.
    """
    report = SeedReport()
    records = read_facts(path)
    stored = {c.name.casefold(): c for c in Card.objects.all()}
    taken = {c.passcode: c for c in stored.values() if c.passcode is not None}
    for card in stored.values():
        taken.update((code, card) for code in card.alt_passcodes)
    now = timezone.now()
    creates: list[Card] = []
    updates: list[Card] = []
    others: list[Card] = []
    for rec in records:
        match = stored.get(rec.name.casefold())
        if match is not None and match.origin != Card.FACTS:
            changed = give_facts(match, rec)
            if match.passcode is None and rec.passcode is not None and rec.passcode not in taken:
                match.passcode = rec.passcode
                taken[rec.passcode] = match
                changed = True
            extra = [c for c in rec.alt_passcodes if c not in taken]
            if extra and match.passcode == rec.passcode:  # other artworks of the same printing
                match.alt_passcodes = sorted([*match.alt_passcodes, *extra])
                taken.update((code, match) for code in extra)
                changed = True
            if match.origin == Card.WRITTEN and match.data.get("unconfirmed"):
                changed = complete_written(match, rec) or changed
            if changed:
                match.updated = now
                others.append(match)
            continue
        card = facts_card(rec, match, taken)
        if match is None:
            card.updated = now
            creates.append(card)
            taken.update((code, card) for code in [card.passcode, *card.alt_passcodes] if code is not None)
        elif any(getattr(card, f) != getattr(match, f) for f in FACTS_COLUMNS if f != "updated"):
            card.updated = now
            updates.append(card)
        else:
            report.unchanged += 1
    names = {rec.name.casefold() for rec in records}
    stale = [c.pk for c in stored.values() if c.origin == Card.FACTS and c.name.casefold() not in names]
    with transaction.atomic():
        for i in range(0, len(stale), BATCH):
            Card.objects.filter(pk__in=stale[i : i + BATCH]).delete()
        Card.objects.bulk_create(creates, batch_size=BATCH)
        update_rows(updates, FACTS_COLUMNS)
        update_rows(others, ["passcode", "alt_passcodes", "data", "updated", *FACT_FIELDS, *card_columns({})])
    report.created, report.updated, report.removed, report.given = (
        len(creates),
        len(updates),
        len(stale),
        len(others),
    )
    return report
