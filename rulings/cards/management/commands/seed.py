"""`manage.py seed`: copy the engine's glossary and card catalog into the database, then the
printed facts of every real card (`rulings.cards.facts`, the shipped `data/card_facts.jsonl.gz`).

Idempotent: run it after every engine update. Written cards the engine no longer has are
removed, so they stay a copy of the engine, never a second source of truth; only printed stats
the engine's file leaves unconfirmed and an import supplied are kept, and the official text an
import gave (shown on the card's page). Imported ("read") cards are left alone; a card file with
the name of an imported or facts-only card takes its place. `--no-facts` skips the facts (the
test suite's default library: the engine's cards alone).
"""

import time
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction

import engine
from rulings.cards.facts import FACTS_FILE, seed_facts
from rulings.cards.importing import card_columns, keep_completed_stats
from rulings.cards.models import Card
from rulings.glossary.models import GlossaryEntry


def glossary_fields(entry: dict[str, Any]) -> dict[str, Any]:
    """An engine glossary entry as GlossaryEntry model fields (all but the slug)."""
    source = entry.get("source") or {}
    return {
        "term": entry.get("term") or entry["slug"],
        "summary": entry.get("summary") or "",
        "body": entry.get("body") or "",
        "example": entry.get("example") or "",
        "source_document": source.get("document") or "",
        "source_section": source.get("section") or "",
        "related": list(entry.get("related") or []),
    }


def card_fields(card: dict[str, Any]) -> dict[str, Any]:
    """An engine card dict as Card model fields (all but the name)."""
    return {
        **card_columns(card),
        "summary": card.get("summary") or "",
        "data": card,
        "origin": Card.WRITTEN,
        "reading": [],
    }


class Command(BaseCommand):
    help = (
        "Load the engine's glossary, card catalog and every real card's facts into the database (idempotent)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--no-facts", action="store_true", help="the engine's cards only, no real card's facts"
        )
        parser.add_argument("--facts", default=str(FACTS_FILE), help="another facts file (build_card_facts)")

    def handle(self, *args: Any, **options: Any) -> None:
        self.seed_engine(options["verbosity"])
        if not options["no_facts"]:
            start = time.perf_counter()
            report = seed_facts(Path(options["facts"]))
            if options["verbosity"]:
                self.stdout.write(f"{report.line()} ({time.perf_counter() - start:.1f} s)")

    @transaction.atomic
    def seed_engine(self, verbosity: int) -> None:
        entries = engine.glossary()
        for entry in entries:
            GlossaryEntry.objects.update_or_create(slug=entry["slug"], defaults=glossary_fields(entry))
        GlossaryEntry.objects.exclude(slug__in=[e["slug"] for e in entries]).delete()

        cards = list(engine.card_catalog().values())
        stored = {c.name: c for c in Card.objects.filter(name__in=[c["name"] for c in cards])}
        for card in cards:
            row = stored.get(card["name"])
            card = keep_completed_stats(card, row.data if row and row.origin == Card.WRITTEN else None)
            fields = card_fields(card)
            if row is None or any(getattr(row, key) != value for key, value in fields.items()):
                Card.objects.update_or_create(name=card["name"], defaults=fields)  # only what changed
        stale = Card.objects.filter(origin=Card.WRITTEN).exclude(name__in=[c["name"] for c in cards])
        stale.delete()

        if verbosity:
            self.stdout.write(
                f"Glossary: {len(entries)} entries. Card library: {len(cards)} cards the engine knows "
                "(cards you imported are kept as they are)."
            )
