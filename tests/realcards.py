"""The real card data (`../shared/data/cards.jsonl.gz`, or DUEL_ARBITER_DATA) as library cards, read
at run time: nothing of it is copied into the project. Used by the tests on real data and by
benchmarks/card_search.py.

`manage.py seed` gives every real card its printed facts (`facts`: passcodes of every artwork,
Forbidden & Limited statuses, its pages elsewhere); each card then gains its text from the data, a
facts-only card becoming an imported ("read") one without a reading (the reader is not what these
measure), so that search by effect text and the ranking by how often texts name a card have it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from django.core.management import call_command
from django.utils import timezone

from rulings.cards.importing import iter_jsonl, update_rows
from rulings.cards.models import Card, search_key

DATA = Path(os.environ.get("DUEL_ARBITER_DATA") or Path(__file__).resolve().parents[2] / "shared" / "data")
CARDS = DATA / "cards.jsonl.gz"
CARD_TYPES = ("monster", "spell", "trap")  # the data's Tokens and Skills are not deck cards


def records() -> list[dict[str, Any]]:
    """The data's records as written (one JSON object a line)."""
    return [entry for _, entry in iter_jsonl(CARDS) if isinstance(entry, dict)]


def load_real_cards() -> int:
    """Seed the engine's cards and every real card's facts, then give each its text: the count."""
    call_command("seed", verbosity=0)
    texts = {}
    for record in records():
        if record.get("cardType") in CARD_TYPES and (record.get("text") or record.get("pendulum_text")):
            texts.setdefault(search_key(record["name"]), record)
    now = timezone.now()
    changed = []
    for card in Card.objects.filter(text="").defer("reading", "data"):
        record = texts.get(card.search_name)
        if record is None:
            continue
        card.text, card.pendulum_text = record.get("text") or "", record.get("pendulum_text") or ""
        if card.origin == Card.FACTS:
            card.origin = Card.READ
        card.refresh_derived()
        card.updated = now
        changed.append(card)
    update_rows(changed, ["text", "pendulum_text", "origin", "text_hash", "updated"])
    return Card.objects.count()
