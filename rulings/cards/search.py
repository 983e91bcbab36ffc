"""Card search as judges type it, shared by `GET /api/cards`, the `/cards/` page and decks.

Names are matched in memory, in each process: `CardIndex` holds every card's name as words
(NFKD, accents dropped, casefolded, every run of punctuation or spaces one space: "Maxx "C"" is
`maxx c`, "Blue-Eyes White Dragon" `blue eyes white dragon`), its passcodes and the columns the
filters read. rapidfuzz ranks what is close but misspelt. In memory rather than the database's
full-text search because FTS matches whole words or prefixes, never a typo ("blue eyez"), and
ranks by word frequency rather than by how close a name is to what was typed; 14,000 names are
under 2 MB, and the same code serves SQLite and PostgreSQL. The index is rebuilt when the cards
change (`_version`: their count, last id and last change per origin, read off indexes on every
search; this process's own saves bump `_generation`).

Effect text is the database's (`text_index`: FTS5 or PostgreSQL full text): too big to hold.

Order: a passcode, then the exact name, names starting with the words typed, names starting with
them run together (the last word still being typed), names with every word typed at the start of
one of their words (any order), names containing it; within each, the cards other cards' texts
name most often first, in their texts or within their own names ("blue eyes": Blue-Eyes White
Dragon), then the shorter name. With fewer
than ENOUGH_LITERAL of those, names that are only close (typos) follow, the closest first.
"""

from __future__ import annotations

import re
import threading
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Max
from django.db.models.signals import post_delete, post_save
from rapidfuzz import fuzz, process

from rulings.cards import text_index
from rulings.cards.models import Card, search_key

ATTRIBUTES = ("DARK", "LIGHT", "EARTH", "WATER", "FIRE", "WIND", "DIVINE")
CARD_TYPES = ("monster", "spell", "trap")
SUBTYPES = (
    "normal", "effect", "flip", "fusion", "ritual", "synchro", "xyz", "link", "pendulum", "token",
    "toon", "spirit", "union", "gemini", "tuner", "quick-play", "continuous", "equip", "field", "counter",
)  # fmt: skip
# Forbidden & Limited statuses (`Card.tcg_status`, `ocg_status`) and the words a page uses for them.
STATUSES = dict(Card.STATUSES)
LEGAL_IN_TCG = ("limited", "semilimited", "unlimited")
FILTERS = ("q", "text", "type", "attribute", "level", "rank", "link", "origin", "legality")
NUMBER_FILTERS = (("level", "level", 0, 13), ("rank", "rank", 0, 13), ("link", "link", 1, 8))
PASSCODE = re.compile(r"\d{1,10}")
WORDS = re.compile(r"[^\W_]+")
QUOTED_NAME = re.compile(r"\"([^\"]+)\"")
# rapidfuzz's ratio (0-100) a name's part needs to count as close; higher when the query is short,
# as a short query is close to many names by chance.
CLOSE_ENOUGH = 80
CLOSE_ENOUGH_SHORT = 90
SHORT_QUERY = 5
MOST_CLOSE = 50  # names that are only close: at most this many
ENOUGH_LITERAL = 10  # names that contain the query: with this many, close ones are not looked for


class SearchProblem(Exception):
    """A filter that cannot be used; `path` is the parameter's name."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


def name_words(text: str) -> str:
    """A name as search compares it: accents dropped, casefolded, words separated by one space."""
    return " ".join(WORDS.findall(search_key(text)))


def named_within(names: list[str]) -> Counter[str]:
    """How many other names contain each name as whole words ("Dark Magician" is within "Dark
    Magician Girl"): the cards a series is named after, known from names alone when the library
    has no texts (a facts-only library), so "blue eyes" still finds Blue-Eyes White Dragon first."""
    runs: Counter[str] = Counter()
    for name in names:
        words = name_words(name).split()
        runs.update({" ".join(words[i:j]) for i in range(len(words)) for j in range(i + 1, len(words) + 1)})
    return Counter({name: runs[name_words(name)] - 1 for name in names if runs[name_words(name)] > 1})


@dataclass(frozen=True, slots=True)
class Entry:
    """One card as search sees it: no text, no reading."""

    id: int
    name: str
    words: str  # name_words(name)
    compact: str  # the words run together: "blueeyes" finds "Blue-Eyes"
    spaced: str  # " " + words: " eye" in it means a word starts with "eye"
    word_starts: tuple[int, ...]  # where each word of `words` starts
    passcodes: tuple[int, ...]
    card_type: str
    subtypes: frozenset[str]
    attribute: str
    level: int | None
    rank: int | None
    link: int | None
    origin: str
    tcg: str  # Forbidden & Limited status in the TCG; "" when the data has none
    cited: int  # how many other cards name this card: in quotes in their texts, or within their names


def passcodes_of(passcode: int | None, alternatives: Sequence[int] | None) -> tuple[int, ...]:
    """Every artwork's passcode, the main one first.

    Assumes the card's passcodes are `passcode` (the main artwork) and `alt_passcodes` (the
    others); a single list of all of them would replace both here and nowhere else.
    """
    codes = [passcode] if passcode is not None else []
    return tuple(dict.fromkeys([*codes, *(int(c) for c in alternatives or [])]))


class CardIndex:
    """Every card's name words, passcodes and filter columns, in name order."""

    def __init__(self, rows: list[dict[str, Any]], cited: Counter[str]) -> None:
        self.entries = [
            Entry(
                id=row["id"],
                name=row["name"],
                words=(words := name_words(row["name"])),
                compact=words.replace(" ", ""),
                spaced=f" {words}",
                word_starts=tuple(m.start() for m in WORDS.finditer(words)),
                passcodes=passcodes_of(row["passcode"], row["alt_passcodes"]),
                card_type=row["card_type"],
                subtypes=frozenset(row["subtypes"].split()),
                attribute=row["attribute"],
                level=row["level"],
                rank=row["rank"],
                link=row["link_rating"],
                origin=row["origin"],
                tcg=row["tcg_status"],
                cited=cited[row["name"]],
            )
            for row in rows
        ]
        self.by_passcode = {code: e for e in self.entries for code in e.passcodes}
        # Every name from each of its words on, by first letter: what typos are compared with.
        self.word_starts: dict[str, list[tuple[str, Entry]]] = {}
        for entry in self.entries:
            for start in entry.word_starts:
                rest = entry.words[start:]
                self.word_starts.setdefault(rest[0], []).append((rest, entry))
        self.by_id = {e.id: e for e in self.entries}

    @classmethod
    def load(cls) -> CardIndex:
        columns = ["id", "name", "card_type", "subtypes", "attribute", "level", "rank", "link_rating"]
        columns += ["origin", "passcode", "alt_passcodes", "tcg_status"]
        rows = list(Card.objects.order_by("name").values(*columns))
        cited: Counter[str] = Counter()
        for text, pendulum in Card.objects.exclude(text="").values_list("text", "pendulum_text"):
            cited.update(set(QUOTED_NAME.findall(text)) | set(QUOTED_NAME.findall(pendulum)))
        cited.update(named_within([row["name"] for row in rows]))
        return cls(rows, cited)

    def find(self, query: str, among: list[Entry]) -> list[Entry]:
        """The cards of `among` whose name or passcode fits `query`, the closest first."""
        words = name_words(query)
        if not words:
            return among
        compact = words.replace(" ", "")
        starts = [f" {part}" for part in words.split()]
        code = query.strip()
        by_code = self.by_passcode.get(int(code)) if PASSCODE.fullmatch(code) else None
        # Each test is a substring test run by Python's C code over every name; the rest of the
        # work is on the few names that passed.
        first = starts[0]
        literal = [
            e
            for e in among
            if compact in e.compact or (first in e.spaced and all(s in e.spaced for s in starts))
        ]
        ranked = []
        for entry in literal:
            if entry.words == words or entry.compact == compact:
                group = 1
            elif f"{entry.words} ".startswith(f"{words} "):
                group = 2  # the name starts with the words typed
            elif entry.compact.startswith(compact):
                group = 3  # ... the last of them still being typed
            elif all(s in entry.spaced for s in starts):
                group = 4  # every word typed starts a word of the name, in any order
            else:
                group = 5
            ranked.append(((group, -entry.cited, len(entry.name), entry.name), entry))
        ranked.sort(key=lambda pair: pair[0])
        found = [entry for _, entry in ranked]
        if by_code is not None and by_code in among:
            found = [by_code, *(e for e in found if e is not by_code)]
        if len(found) >= ENOUGH_LITERAL:
            return found
        allowed = None if among is self.entries else {e.id for e in among}
        return found + self._close(words, {e.id for e in found}, allowed)

    def _close(self, words: str, found: set[int], allowed: set[int] | None) -> list[Entry]:
        """Names only close to the query (typos): rapidfuzz's ratio between the query and each
        name's part as long as it, from the name's start or a later word's ("ash blosom" is close
        to "ash blosso|m Joyous Spring", "white dragn" to "Blue-Eyes |white drago|n"). Only parts
        starting with the query's first letter are compared (a typo is rarely the first letter),
        which keeps it to a few thousand. Best score first, then the card most named by others."""
        cutoff = CLOSE_ENOUGH_SHORT if len(words.replace(" ", "")) <= SHORT_QUERY else CLOSE_ENOUGH
        size = len(words)
        parts = [
            (rest[:size], entry)
            for rest, entry in self.word_starts.get(words[0], [])
            if entry.id not in found and (allowed is None or entry.id in allowed)
        ]
        close = process.extract(
            words,
            [part for part, _ in parts],
            scorer=fuzz.ratio,
            processor=None,
            score_cutoff=cutoff,
            limit=None,
        )
        scores: dict[int, tuple[float, Entry]] = {}
        for _, score, index in close:
            entry = parts[index][1]
            if score > scores.get(entry.id, (0.0, entry))[0]:
                scores[entry.id] = (score, entry)
        best = sorted(scores.values(), key=lambda pair: (-round(pair[0]), -pair[1].cited, len(pair[1].name)))
        return [entry for _, entry in best[:MOST_CLOSE]]


_index: CardIndex | None = None
_index_version: tuple[Any, ...] | None = None
_generation = 0  # bumped by this process's own saves and deletes (a rolled-back test's too)
_lock = threading.Lock()


def _changed(**kwargs: Any) -> None:
    global _generation
    _generation += 1


def connect_signals() -> None:
    post_save.connect(_changed, sender=Card, dispatch_uid="card-index-save")
    post_delete.connect(_changed, sender=Card, dispatch_uid="card-index-delete")


def _version() -> tuple[Any, ...]:
    """What changes whenever any card does, here or in another process (bulk writes included:
    imports set `updated`, which `auto_now` alone would not on bulk_update). Each part is read
    off an index (the last change per origin off `card_changes`): well under a millisecond."""
    last = [
        Card.objects.filter(origin=origin).aggregate(last=Max("updated"))["last"]
        for origin in (Card.WRITTEN, Card.READ, Card.FACTS)
    ]
    return (_generation, Card.objects.count(), Card.objects.aggregate(top=Max("id"))["top"], *last)


def card_index() -> CardIndex:
    """This process's index, rebuilt when the cards changed since it was built."""
    global _index, _index_version
    version = _version()
    with _lock:
        if _index is None or version != _index_version:
            _index, _index_version = CardIndex.load(), version
        return _index


def _number(params: Mapping[str, str], key: str, low: int, high: int) -> int | None:
    raw = (params.get(key) or "").strip()
    if not raw:
        return None
    if not (raw.isascii() and raw.isdigit()) or not low <= int(raw) <= high:  # "¹" is a digit, not a number
        raise SearchProblem(key, f"expected a whole number from {low} to {high}; got {raw!r}")
    return int(raw)


def _choice(params: Mapping[str, str], key: str, allowed: Sequence[str], given: str) -> None:
    if given not in allowed:
        raise SearchProblem(key, f"expected one of {', '.join(allowed)}; got {params.get(key)!r}")


def search_ids(params: Mapping[str, str]) -> list[int]:
    """Ids of the cards matching `q` (a name as typed, or a passcode), `text` (words of the effect
    text) and the filters `type`, `attribute`, `level`, `rank`, `link`, `origin` and `legality`
    (the TCG status, or `legal`), best match first; every card, by name, with none.
    Raises SearchProblem naming the parameter it cannot use."""
    index = card_index()
    entries = index.entries
    kind = (params.get("type") or "").strip().lower()
    if kind:
        _choice(params, "type", CARD_TYPES + SUBTYPES, kind)
        if kind in CARD_TYPES:
            entries = [e for e in entries if e.card_type == kind]
        else:
            entries = [e for e in entries if kind in e.subtypes]
    attribute = (params.get("attribute") or "").strip().upper()
    if attribute:
        _choice(params, "attribute", ATTRIBUTES, attribute)
        entries = [e for e in entries if e.attribute == attribute]
    for key, column, low, high in NUMBER_FILTERS:
        value = _number(params, key, low, high)
        if value is not None:
            entries = [e for e in entries if getattr(e, column) == value]
    origin = (params.get("origin") or "").strip().lower()
    if origin:
        _choice(params, "origin", (Card.WRITTEN, Card.READ, Card.FACTS), origin)
        entries = [e for e in entries if e.origin == origin]
    status = (params.get("legality") or "").strip().lower().replace("-", "")
    if status:
        _choice(params, "legality", ("legal", *STATUSES), status)
        wanted = LEGAL_IN_TCG if status == "legal" else (status,)
        entries = [e for e in entries if e.tcg in wanted]
    words = (params.get("text") or "").strip()
    if words:
        try:
            said = text_index.matching_ids(words)
        except text_index.TextSearchUnavailable as missing:
            raise SearchProblem("text", str(missing)) from None
        entries = [e for e in entries if e.id in said]
    query = (params.get("q") or "").strip()
    if query:
        entries = index.find(query, entries)
    return [e.id for e in entries]


def load_cards(ids: Sequence[int]) -> list[Card]:
    """The cards of `ids` in that order, without their readings (a list never shows them)."""
    found = Card.objects.defer("reading").in_bulk(ids)
    return [found[pk] for pk in ids if pk in found]


SCENARIO_ID = re.compile(r"[AB]:(?P<name>.+?)(?:#\d+)?")


def find_card(key: str) -> Card | None:
    """A card by database id, by name (any case), or by a scenario id such as `A:Sangan#2`."""
    if key.isascii() and key.isdigit() and (card := Card.objects.filter(pk=int(key)).first()):
        return card
    names = [key]
    if match := SCENARIO_ID.fullmatch(key):
        names.append(match["name"])
    for name in names:
        if card := Card.objects.filter(name__iexact=name).first():
            return card
    for name in names:  # accents and non-ASCII case too ("escuridão" for "Escuridao")
        if card := Card.objects.filter(search_name=search_key(name)).first():
            return card
    return None
