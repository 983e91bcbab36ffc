"""Decks from the formats deck builders export: `.ydk` files and `ydke://` links.

Both hold passcodes; each is resolved to its card through the library (any artwork's passcode,
`search.card_index`), so any imported card can be used in a scenario. A passcode the library does
not know is reported for that card and the rest of the deck still reads. The deck is checked
against the deck rules and the current TCG Forbidden & Limited statuses.
"""

from __future__ import annotations

import base64
import binascii
import re
import struct
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse

from engine import yamlio
from engine.limits import excerpt
from rulings.cards.search import STATUSES, Entry, card_index

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


EXTRA_DECK_KINDS = ("fusion", "synchro", "xyz", "link")
KIND_WORDS = {"fusion": "a Fusion", "synchro": "a Synchro", "xyz": "an Xyz", "link": "a Link"}
SECTION_WORDS = {"main": "Main Deck", "extra": "Extra Deck", "side": "Side Deck"}
MAIN_SIZE = (40, 60)
MOST = {"extra": 15, "side": 15}
COPIES = {"unlimited": 3, "semilimited": 2, "limited": 1, "forbidden": 0}


@dataclass(frozen=True)
class DeckCard:
    """One card of a deck as listed: its passcode and the library's card (None: not in the library)."""

    section: str
    position: int  # 1-based, in its section
    passcode: int
    card: Entry | None

    def as_dict(self) -> dict[str, Any]:
        if self.card is None:
            return {"passcode": self.passcode, "name": None, "url": None, "status": None}
        status = STATUSES.get(self.card.tcg) if self.card.tcg else None
        return {
            "passcode": self.passcode,
            "name": self.card.name,
            "url": reverse("card", args=[self.card.id]),
            "status": status,
        }


@dataclass
class DeckReading:
    """A deck's cards resolved through the library, what is unknown, and its TCG legality."""

    cards: dict[str, list[DeckCard]]
    problems: list[str] = field(default_factory=list)  # why the deck is not legal, in words
    notes: list[str] = field(default_factory=list)  # what the check could not tell

    @property
    def unknown(self) -> list[DeckCard]:
        return [c for section in SECTIONS for c in self.cards[section] if c.card is None]

    def names(self, section: str) -> list[str]:
        return [c.card.name for c in self.cards[section] if c.card is not None]

    def unknown_messages(self, most: int = 20) -> list[dict[str, Any]]:
        """One message per unknown card, the first `most` of them (not a megabyte of passcodes back),
        then how many more."""
        unknown = self.unknown
        out = [
            {
                "path": f"{c.section}[{c.position - 1}]",
                "passcode": c.passcode,
                "message": f"{SECTION_WORDS[c.section]} card {c.position}: passcode {c.passcode} "
                "is not in the card database",
            }
            for c in unknown[:most]
        ]
        if len(unknown) > most:
            more = len(unknown) - most
            out.append(
                {
                    "path": "",
                    "passcode": None,
                    "message": f"and {more} more passcodes not in the card database",
                }
            )
        return out

    def as_dict(self) -> dict[str, Any]:
        return {
            "deck": self.names("main"),
            "extra_deck": self.names("extra"),
            "side": self.names("side"),
            "cards": {section: [c.as_dict() for c in self.cards[section]] for section in SECTIONS},
            "unknown": self.unknown_messages(),
            "legality": {
                "format": "TCG",
                "legal": not self.problems,
                "problems": self.problems,
                "notes": self.notes,
            },
        }


def _plural(count: int, word: str, words: str = "") -> str:
    return f"{count} {word if count == 1 else words or word + 's'}"


def _copies(count: int) -> str:
    return _plural(count, "copy", "copies")


def check_legality(cards: dict[str, list[DeckCard]]) -> tuple[list[str], list[str]]:
    """The deck rules and the current TCG Forbidden & Limited statuses: what breaks them (in words)
    and what could not be checked. Main Deck 40 to 60, Extra and Side Deck at most 15 each; at
    most 3 copies of a name across the three, fewer for a Limited (1) or Semi-Limited (2) card,
    none of a Forbidden one or one not released in the TCG; Fusion, Synchro, Xyz and Link Monsters
    in the Extra Deck, no other card there."""
    problems, notes = [], []
    low, high = MAIN_SIZE
    main = len(cards["main"])
    if not low <= main <= high:
        problems.append(f"The Main Deck has {_plural(main, 'card')}; it must have {low} to {high}.")
    for section, most in MOST.items():
        if len(cards[section]) > most:
            words = SECTION_WORDS[section]
            problems.append(
                f"The {words} has {_plural(len(cards[section]), 'card')}; it may have at most {most}."
            )
    copies: Counter[int] = Counter()
    known: dict[int, Entry] = {}
    for section in SECTIONS:
        for item in cards[section]:
            if item.card is None:
                continue
            copies[item.card.id] += 1
            known[item.card.id] = item.card
            kind = next((k for k in EXTRA_DECK_KINDS if k in item.card.subtypes), None)
            if section == "main" and kind:
                problems.append(
                    f"{item.card.name} is {KIND_WORDS[kind]} Monster: it belongs in the Extra Deck, "
                    "not the Main Deck."
                )
            elif section == "extra" and not kind:
                problems.append(
                    f"{item.card.name} cannot be in the Extra Deck: only Fusion, Synchro, Xyz and Link "
                    "Monsters can."
                )
    for pk, count in copies.items():
        card = known[pk]
        if card.tcg == "unreleased":
            problems.append(f"{card.name} is not released in the TCG: it cannot be played.")
        elif card.tcg == "forbidden":
            problems.append(
                f"{card.name} is Forbidden in the TCG: the deck has {_copies(count)}; it may have none."
            )
        elif card.tcg in COPIES and count > COPIES[card.tcg]:
            status = "" if card.tcg == "unlimited" else f" ({STATUSES[card.tcg]})"
            problems.append(
                f"{card.name}{status}: the deck has {_copies(count)}; it may have at most {COPIES[card.tcg]}."
            )
        elif card.tcg not in COPIES:
            if count > COPIES["unlimited"]:
                problems.append(f"{card.name}: the deck has {_copies(count)}; it may have at most 3.")
            notes.append(f"The Forbidden & Limited status of {card.name} is not in the card database.")
    return list(dict.fromkeys(problems)), notes


def resolve(deck: Passcodes) -> DeckReading:
    """Every passcode (any artwork's) to its card; an unknown one stays in the deck, unresolved."""
    index = card_index()
    cards = {
        section: [
            DeckCard(section, position, code, index.by_passcode.get(code))
            for position, code in enumerate(getattr(deck, section), start=1)
        ]
        for section in SECTIONS
    }
    problems, notes = check_legality(cards)
    reading = DeckReading(cards, problems, notes)
    if reading.unknown:
        reading.notes.insert(
            0,
            f"{_plural(len(reading.unknown), 'card')} with a passcode not in the card database: not checked.",
        )
    return reading


def deck_from_text(text: str) -> DeckReading:
    """Parse and resolve a ydk text or a ydke link in one go."""
    return resolve(parse_deck(text))


def player_yaml(reading: DeckReading) -> str:
    """The lines to paste under a player in a scenario (`deck` top card first, `extra_deck`); a
    Main Deck card whose passcode is unknown is one of the Deck's `unknown` cards."""
    unknown = sum(1 for c in reading.cards["main"] if c.card is None)
    data = {
        "deck": {"cards": reading.names("main"), "unknown": unknown},
        "extra_deck": reading.names("extra"),
    }
    text = yamlio.dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100)
    if side := reading.names("side"):
        listed = yamlio.dump(side, allow_unicode=True, default_flow_style=True, width=10_000).strip()
        text += f"# side deck (not part of a scenario): {listed}\n"
    return text
