"""Decks from the formats deck builders export: `.ydk` files and `ydke://` links.

Both hold passcodes; they are resolved to card names through the database (a card's own
passcode or one of its alternative artworks), so any imported card can be used in a scenario.
"""

from __future__ import annotations

import base64
import binascii
import re
import struct
from dataclasses import dataclass, field

from engine import yamlio
from engine.limits import excerpt, listing
from rulings.cards.models import Card

SECTIONS = ("main", "extra", "side")
YDKE_PREFIX = "ydke://"
PASSCODE_LINE = re.compile(r"\d{1,10}")


class DeckProblem(Exception):
    """A deck that cannot be read; `path` says where ("ydk", "ydke", "ydk line 7")."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


@dataclass
class Passcodes:
    main: list[int] = field(default_factory=list)
    extra: list[int] = field(default_factory=list)
    side: list[int] = field(default_factory=list)


def parse_ydk(text: str) -> Passcodes:
    """`#main`, `#extra` and `!side` sections of passcodes, one a line; other `#` lines are comments."""
    deck = Passcodes()
    section = "main"  # lines before any heading count as the Main Deck
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        lowered = line.lower()
        if lowered in ("#main", "#extra", "!side"):
            section = lowered[1:]
            continue
        if line.startswith(("#", "!", "//")):
            continue
        if not PASSCODE_LINE.fullmatch(line):
            message = f"expected a passcode (digits) or a section heading; got {excerpt(line)}"
            raise DeckProblem(f"ydk line {number}", message)
        getattr(deck, section).append(int(line))
    if not (deck.main or deck.extra or deck.side):
        message = "the deck lists no cards; expected #main, #extra and !side sections of passcodes"
        raise DeckProblem("ydk", message)
    return deck


def _ydke_part(part: str, label: str) -> list[int]:
    try:
        raw = base64.b64decode(part, validate=True)
    except (binascii.Error, ValueError):
        raise DeckProblem("ydke", f"the {label} part is not base64") from None
    if len(raw) % 4:
        raise DeckProblem("ydke", f"the {label} part is {len(raw)} bytes; expected 4 bytes per card")
    return [value for (value,) in struct.iter_unpack("<I", raw)]


def parse_ydke(link: str) -> Passcodes:
    """`ydke://main!extra!side!`: each part base64 of little-endian 32-bit passcodes."""
    link = link.strip()
    if not link.lower().startswith(YDKE_PREFIX):
        raise DeckProblem("ydke", f"expected a link starting with {YDKE_PREFIX}")
    parts = link[len(YDKE_PREFIX) :].split("!")
    if len(parts) < 3:
        raise DeckProblem("ydke", "expected three parts separated by '!': main!extra!side!")
    deck = Passcodes(*(_ydke_part(part, label) for part, label in zip(parts[:3], SECTIONS, strict=True)))
    if not (deck.main or deck.extra or deck.side):
        raise DeckProblem("ydke", "the link lists no cards")
    return deck


def parse_deck(text: str) -> Passcodes:
    """A ydke:// link or the text of a .ydk file."""
    if text.strip().lower().startswith(YDKE_PREFIX):
        return parse_ydke(text)
    return parse_ydk(text)


def card_names(codes: set[int]) -> dict[int, str]:
    """Passcode → card name, for those of the codes the database knows (alternative artworks too)."""
    names = dict(Card.objects.filter(passcode__in=codes).values_list("passcode", "name"))
    missing = codes - set(names)
    if missing:
        for name, alternatives in Card.objects.exclude(alt_passcodes=[]).values_list("name", "alt_passcodes"):
            for code in set(alternatives) & missing:
                names[code] = name
    return names


def resolve(deck: Passcodes, path: str) -> dict[str, list[str]]:
    """Card names in the shapes a scenario's player takes: `deck`, `extra_deck`, and `side`."""
    codes = set(deck.main) | set(deck.extra) | set(deck.side)
    names = card_names(codes)
    unknown = [code for code in sorted(codes) if code not in names]
    if unknown:
        listed = listing([str(code) for code in unknown], 20)  # not a megabyte of passcodes back
        raise DeckProblem(
            path,
            f"{len(unknown)} passcode{'s' if len(unknown) != 1 else ''} not in the card database: {listed}. "
            "Import the cards first (manage.py import_cards).",
        )
    return {
        "deck": [names[c] for c in deck.main],
        "extra_deck": [names[c] for c in deck.extra],
        "side": [names[c] for c in deck.side],
    }


def deck_from_text(text: str) -> dict[str, list[str]]:
    """Parse and resolve a ydk text or a ydke link in one go."""
    path = "ydke" if text.strip().lower().startswith(YDKE_PREFIX) else "ydk"
    return resolve(parse_deck(text), path)


def player_yaml(deck: dict[str, list[str]]) -> str:
    """The lines to paste under a player in a scenario (`deck` top card first, `extra_deck`)."""
    data = {"deck": {"cards": deck["deck"], "unknown": 0}, "extra_deck": deck["extra_deck"]}
    text = yamlio.dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100)
    if deck["side"]:
        side = yamlio.dump(deck["side"], allow_unicode=True, default_flow_style=True, width=10_000).strip()
        text += f"# side deck (not part of a scenario): {side}\n"
    return text
