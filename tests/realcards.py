"""The real card data (`../shared/data/cards.jsonl.gz`, or DUEL_ARBITER_DATA) as library cards, read
at run time: nothing of it is copied into the project. Used by the tests on real data and by
benchmarks/card_search.py.

Every monster, Spell and Trap becomes a `Card`: the engine's written cards (`manage.py seed`)
keep theirs and gain the real facts (`card_facts.load_facts`: passcodes of every artwork, the
Forbidden & Limited status, external ids); the others are stored as imported ("read") cards with
their printed stats and text, without a reading (the reader is not what these measure).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from django.core.management import call_command

from rulings.cards.card_facts import CARD_TYPES, facts_of, load_facts, read_records
from rulings.cards.importing import SUBTYPE_ORDER
from rulings.cards.models import Card, search_key

DATA = Path(os.environ.get("DUEL_ARBITER_DATA") or Path(__file__).resolve().parents[2] / "shared" / "data")
CARDS = DATA / "cards.jsonl.gz"
PROPERTIES = {"quickplay": "quick-play"}


def records() -> list[dict[str, Any]]:
    return list(read_records(CARDS))


def card_of(record: dict[str, Any]) -> Card:
    """A real card's record as an imported card (its facts, no reading)."""
    kind = record["cardType"]
    if kind == "monster":
        words = [
            *record.get("monsterCardTypes", []),
            *record.get("classifications", []),
            *record.get("abilities", []),
        ]
    else:
        words = [PROPERTIES.get(record.get("property", "normal"), record.get("property", "normal"))]
    subtypes = sorted({w for w in words if w in SUBTYPE_ORDER}, key=SUBTYPE_ORDER.index)
    facts = facts_of(record)
    codes = facts["passcodes"]
    arrows = record.get("linkArrows") or []
    card = Card(
        name=record["name"],
        card_type=kind,
        subtypes=" ".join(subtypes),
        data={"name": record["name"], "card_type": kind, "subtypes": subtypes},
        origin=Card.READ,
        text=record.get("text") or "",
        pendulum_text=record.get("pendulum_text") or "",
        attribute=(record.get("attribute") or "").upper(),
        monster_type=(record.get("type") or "").title(),
        level=record.get("level"),
        rank=record.get("rank"),
        link_rating=len(arrows) if arrows else None,
        atk=record.get("atk") if isinstance(record.get("atk"), int) else None,
        defense=record.get("def") if isinstance(record.get("def"), int) else None,
        scale_left=record.get("scale"),
        scale_right=record.get("scale"),
        passcode=codes[0] if codes else None,
        alt_passcodes=codes[1:],
        legality=facts["legality"],
        external_ids=facts["external_ids"],
    )
    card.refresh_derived()
    return card


def load_real_cards() -> int:
    """Seed the engine's cards, add every other real card, and load the facts of all: the count."""
    call_command("seed", verbosity=0)
    every = records()
    have = set(Card.objects.values_list("search_name", flat=True))
    taken = set(Card.objects.exclude(passcode=None).values_list("passcode", flat=True))
    new = []
    for record in every:
        if record["cardType"] not in CARD_TYPES or search_key(record["name"]) in have:
            continue
        card = card_of(record)
        have.add(card.search_name)
        if card.passcode in taken:
            card.passcode = None
        taken.add(card.passcode)
        new.append(card)
    Card.objects.bulk_create(new, batch_size=1000)
    load_facts(every)
    return Card.objects.count()
