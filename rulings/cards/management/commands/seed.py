"""`manage.py seed`: copy the engine's glossary and card catalog into the database.

Idempotent: run it after every engine update. Written cards the engine no longer has are
removed, so they stay a copy of the engine, never a second source of truth; only printed stats
the engine's file leaves unconfirmed and an import supplied are kept. Imported ("read")
cards are left alone; a card file with the name of an imported card takes its place.
"""

from typing import Any

from django.core.management.base import BaseCommand
from django.db import transaction

import engine
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
        "text": "",
        "pendulum_text": "",
        "reading": [],
    }


class Command(BaseCommand):
    help = "Load the engine's glossary and card catalog into the database (idempotent)."

    @transaction.atomic
    def handle(self, *args: Any, **options: Any) -> None:
        entries = engine.glossary()
        for entry in entries:
            GlossaryEntry.objects.update_or_create(slug=entry["slug"], defaults=glossary_fields(entry))
        GlossaryEntry.objects.exclude(slug__in=[e["slug"] for e in entries]).delete()

        cards = list(engine.card_catalog().values())
        stored = dict(Card.objects.filter(origin=Card.WRITTEN).values_list("name", "data"))
        for card in cards:
            card = keep_completed_stats(card, stored.get(card["name"]))
            Card.objects.update_or_create(name=card["name"], defaults=card_fields(card))
        stale = Card.objects.filter(origin=Card.WRITTEN).exclude(name__in=[c["name"] for c in cards])
        stale.delete()

        if options["verbosity"]:
            self.stdout.write(
                f"Glossary: {len(entries)} entries. Card library: {len(cards)} cards the engine knows "
                "(cards you imported are kept as they are)."
            )
