"""Printed facts of real cards that no card database import carries: every artwork's passcode,
the Forbidden & Limited status, and the card's pages on other sites.

Read from the real card data's records (one JSON object a line, gzipped or not: `name`,
`passwords`, `legality`, `ids`) onto the cards already in the library, matched by name (any
case, accents aside). `manage.py load_card_facts FILE`. Facts only: no card text is read.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.db import transaction
from django.utils import timezone

from rulings.cards.models import Card, search_key

CARD_TYPES = ("monster", "spell", "trap")  # the data's tokens and Skills are not deck cards
LINKED_SITES = ("konami_db", "yugipedia", "ygoprodeck")


class FactsProblem(Exception):
    """A file that is not the real card data's format; the message says where."""


@dataclass
class FactsReport:
    updated: int = 0
    unmatched: list[str] = field(default_factory=list)  # records naming no card of the library

    def lines(self) -> list[str]:
        lines = [f"{self.updated} card{'s' if self.updated != 1 else ''} updated."]
        if self.unmatched:
            lines.append(f"{len(self.unmatched)} records name no card of the library (not imported).")
        return lines


def read_records(path: Path) -> Iterator[dict[str, Any]]:
    """The records of a `.jsonl` or `.jsonl.gz` file, each checked to be an object with a name."""
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as lines:
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as error:
                raise FactsProblem(f"line {number}: not JSON ({error.msg})") from None
            if not isinstance(record, dict) or not isinstance(record.get("name"), str):
                raise FactsProblem(f"line {number}: expected an object with a name")
            yield record


def facts_of(record: dict[str, Any]) -> dict[str, Any]:
    """The columns a record sets: passcodes (main artwork first), legality, external ids."""
    codes = [int(code) for code in record.get("passwords") or [] if str(code).isdigit()]
    ids = record.get("ids") or {}
    return {
        "passcodes": codes,
        "legality": {k: v for k, v in (record.get("legality") or {}).items() if isinstance(v, str)},
        "external_ids": {k: ids[k] for k in LINKED_SITES if ids.get(k) not in (None, "")},
    }


def load_facts(records: Iterable[dict[str, Any]]) -> FactsReport:
    """Set each named card's facts; a card keeps its own main passcode and gains the others."""
    by_key = {}
    for record in records:
        if record.get("cardType", "monster") in CARD_TYPES:
            by_key.setdefault(search_key(record["name"]), record)
    report = FactsReport()
    changed = []
    now = timezone.now()
    with transaction.atomic():
        cards = list(Card.objects.defer("reading", "data", "text", "pendulum_text"))
        taken = {card.passcode for card in cards}  # a passcode is one card's (unique)
        for card in cards:
            record = by_key.pop(card.search_name, None)
            if record is None:
                continue
            facts = facts_of(record)
            codes = facts["passcodes"]
            if card.passcode is None and codes and codes[0] not in taken:
                card.passcode = codes[0]
                taken.add(card.passcode)
            card.alt_passcodes = [
                c for c in dict.fromkeys([*card.alt_passcodes, *codes]) if c != card.passcode
            ]
            card.legality, card.external_ids, card.updated = facts["legality"], facts["external_ids"], now
            changed.append(card)
        fields = ["passcode", "alt_passcodes", "legality", "external_ids", "updated"]
        Card.objects.bulk_update(changed, fields, batch_size=500)
    report.updated = len(changed)
    report.unmatched = sorted(record["name"] for record in by_key.values())
    return report
