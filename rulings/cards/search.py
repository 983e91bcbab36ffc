"""Card search, shared by `GET /api/cards` and the `/cards/` page.

Names are compared by their search key (NFKD, combining marks dropped, casefolded), so
"escuridão", "ESCURIDAO" and "Escuridao" find the same card. Exact matches come first, then
names that start with the query, then the rest, each group by name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from django.db.models import Case, IntegerField, Q, Value, When

from rulings.cards.models import Card, search_key

ATTRIBUTES = ("DARK", "LIGHT", "EARTH", "WATER", "FIRE", "WIND", "DIVINE")
CARD_TYPES = ("monster", "spell", "trap")
SUBTYPES = (
    "normal", "effect", "flip", "fusion", "ritual", "synchro", "xyz", "link", "pendulum", "token",
    "toon", "spirit", "union", "gemini", "tuner", "quick-play", "continuous", "equip", "field", "counter",
)  # fmt: skip
DEFAULT_LIMIT = 100
MAX_LIMIT = 500
FILTERS = ("q", "type", "attribute", "level", "rank", "link", "origin")
NUMBER_FILTERS = (("level", "level", 0, 13), ("rank", "rank", 0, 13), ("link", "link_rating", 1, 8))


class SearchProblem(Exception):
    """A filter that cannot be used; `path` is the parameter's name."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


def _number(params: Mapping[str, str], key: str, low: int, high: int) -> int | None:
    raw = (params.get(key) or "").strip()
    if not raw:
        return None
    if not (raw.isascii() and raw.isdigit()) or not low <= int(raw) <= high:  # "¹" is a digit, not a number
        raise SearchProblem(key, f"expected a whole number from {low} to {high}; got {raw!r}")
    return int(raw)


def has_subtype(subtype: str) -> Q:
    """Cards whose space-separated `subtypes` include this one word."""
    return (
        Q(subtypes=subtype)
        | Q(subtypes__startswith=f"{subtype} ")
        | Q(subtypes__endswith=f" {subtype}")
        | Q(subtypes__contains=f" {subtype} ")
    )


def search_cards(params: Mapping[str, str]) -> list[Card]:
    """Cards matching `q` (part of a name) and the filters `type`, `attribute`, `level`, `rank`,
    `link`, `origin`; at most `limit` of them (100 for a search; with no parameter at all, the
    whole catalog, as the API always listed it). Raises SearchProblem for a filter it cannot use.

    Two steps: the ids come from the narrow `card_search` index (SQLite scans it instead of the
    wide rows, which hold card texts and readings), then only those cards are loaded.
    """
    cards = Card.objects.order_by()
    query = search_key((params.get("q") or "").strip())
    order = ["search_name"]
    if query:
        cards = cards.filter(search_name__contains=query).annotate(
            rank_by=Case(
                When(search_name=query, then=Value(0)),
                When(search_name__startswith=query, then=Value(1)),
                default=Value(2),
                output_field=IntegerField(),
            )
        )
        order.insert(0, "rank_by")
    kind = (params.get("type") or "").strip().lower()
    if kind:
        if kind in CARD_TYPES:
            cards = cards.filter(card_type=kind)
        elif kind in SUBTYPES:
            cards = cards.filter(has_subtype(kind))
        else:
            known = ", ".join(CARD_TYPES + SUBTYPES)
            raise SearchProblem("type", f"expected one of {known}; got {kind!r}")
    attribute = (params.get("attribute") or "").strip().upper()
    if attribute:
        if attribute not in ATTRIBUTES:
            raise SearchProblem("attribute", f"expected one of {', '.join(ATTRIBUTES)}; got {attribute!r}")
        cards = cards.filter(attribute=attribute)
    for key, column, low, high in NUMBER_FILTERS:
        value = _number(params, key, low, high)
        if value is not None:
            cards = cards.filter(**{column: value})
    origin = (params.get("origin") or "").strip().lower()
    if origin:
        if origin not in (Card.WRITTEN, Card.READ):
            raise SearchProblem("origin", f"expected written or read; got {origin!r}")
        cards = cards.filter(origin=origin)
    limit = _number(params, "limit", 1, MAX_LIMIT)
    if limit is None and any(params.get(key) for key in FILTERS):
        limit = DEFAULT_LIMIT
    ids = list(cards.order_by(*order).values_list("id", flat=True)[:limit])
    found = Card.objects.defer("reading").in_bulk(ids)
    return [found[pk] for pk in ids]


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
