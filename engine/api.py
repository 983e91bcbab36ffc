"""The engine's public functions: what the Django app and the command line call."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from engine import yamlio
from engine.catalog import load_catalog
from engine.errors import DocumentError
from engine.explain import CODES as _CODES
from engine.explain import Names
from engine.fork import fork, fork_points
from engine.replay import BOARDS, LEGAL, judge_names, replay
from engine.scenario import load_scenario, parse_document

DATA = Path(__file__).parent / "data"
EXAMPLES = Path(__file__).parent / "examples"

# The replay options (README, "Replay options"): each one's allowed values, the default first.
REPLAY_OPTIONS: dict[str, tuple[str, ...]] = {"boards": BOARDS, "legal": LEGAL}

CODES: dict[str, dict[str, Any]] = {
    name: {"glossary": list(code.glossary), "meaning": code.meaning} for name, code in _CODES.items()
}


@lru_cache(maxsize=1)
def _glossary() -> tuple[dict[str, Any], ...]:
    with (DATA / "glossary.yaml").open(encoding="utf-8") as fh:
        return tuple(yamlio.load(fh))


def glossary() -> list[dict[str, Any]]:
    """Every glossary entry, in the file's order."""
    return [dict(e) for e in _glossary()]


def glossary_entry(slug: str) -> dict[str, Any] | None:
    return next((dict(e) for e in _glossary() if e["slug"] == slug), None)


def card_catalog() -> dict[str, dict[str, Any]]:
    """Card name -> card data, for every card the engine knows."""
    return {card.name: card.to_dict() for card in load_catalog().values()}


@lru_cache(maxsize=1)
def _examples() -> tuple[dict[str, Any], ...]:
    out = []
    for path in sorted(EXAMPLES.glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        title = (yamlio.load(text) or {}).get("title") or path.stem
        out.append({"slug": path.stem, "title": title, "text": text})
    return tuple(out)


def examples() -> list[dict[str, Any]]:
    """Bundled example scenarios for the first page: slug, title and YAML text."""
    return [dict(e) for e in _examples()]


def card_names(document: dict) -> Names:
    """How the replay's sentences name each card of this document ("B's second Peten the Dark
    Clown"), for a page that shows a replay's events, chain and board by name; raises
    DocumentError for a bad document."""
    return judge_names(load_scenario(document))


__all__ = [
    "CODES",
    "REPLAY_OPTIONS",
    "DocumentError",
    "card_catalog",
    "card_names",
    "examples",
    "fork",
    "fork_points",
    "glossary",
    "glossary_entry",
    "parse_document",
    "replay",
]
