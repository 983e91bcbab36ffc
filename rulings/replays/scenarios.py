"""The one door from the web side into the engine's replay.

Pages and the API both hand a scenario's text here and get back either the engine's replay
dict or a list of `{"path", "message"}` errors, never an exception they must guess at. Django
never recomputes a rule: whatever the replay says is what gets shown.
"""

import hashlib
import logging
from collections.abc import Callable
from typing import Any

import engine
from engine.limits import LIMITS, TooLarge
from rulings.cards.importing import add_imported_cards, imported_cards_version
from rulings.cards.plain_text import control_character
from rulings.replays.cache import replay_cache

logger = logging.getLogger(__name__)

ErrorList = list[dict[str, str]]

# The Content-Types the API reads, and the format each one means.
CONTENT_TYPE_FORMATS = {
    "application/json": "json",
    "application/yaml": "yaml",
    "application/x-yaml": "yaml",
    "text/yaml": "yaml",
    "text/x-yaml": "yaml",
}


class ScenarioRejected(Exception):
    """The scenario cannot be replayed; `errors` lists every problem by path. `status` is the
    HTTP status that says so: 413 for a text over the size limit, else 400."""

    def __init__(self, errors: ErrorList, status: int = 400) -> None:
        super().__init__("; ".join(f"{e['path']}: {e['message']}" for e in errors))
        self.errors = errors
        self.status = status


def too_large(what: str, size: int) -> ScenarioRejected:
    """`what` (the scenario, the file) is over the size limit: a 413 naming it."""
    message = (
        f"{what} has {size} bytes, over the limit of {LIMITS.body_bytes} (body_bytes): a scenario "
        "is a few kilobytes."
    )
    return ScenarioRejected([{"path": "(document)", "message": message}], status=413)


def normalize_text(text: str) -> str:
    """Drop a BOM and Windows line ends, so a pasted and an uploaded copy hash the same."""
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


def detect_format(text: str) -> str:
    """JSON if the text starts with `{`, otherwise YAML (YAML is the friendlier default)."""
    return "json" if text.lstrip().startswith("{") else "yaml"


def format_for_content_type(content_type: str) -> str | None:
    """The scenario format a request's Content-Type names, or None if it names none."""
    media_type = content_type.split(";", 1)[0].strip().lower()
    return CONTENT_TYPE_FORMATS.get(media_type)


def _clean_errors(errors: Any) -> ErrorList:
    """The engine's error list as plain `{"path": str, "message": str}` dicts."""
    cleaned = [
        {"path": str(error.get("path", "")), "message": str(error.get("message", ""))}
        for error in (errors or [])
        if isinstance(error, dict)
    ]
    return cleaned or [{"path": "(document)", "message": "The scenario is not valid."}]


def _replay_cached(
    text: str, fmt: str, cards_version: str, options: tuple[str, str, int | None]
) -> dict[str, Any]:
    """`cards_version` keys the cache on the imported cards, whose definitions are added here.

    The key holds the text's digest, not the text: only the replays count against the bound.
    """
    key = (hashlib.sha256(text.encode("utf-8")).digest(), fmt, cards_version, options)
    boards, legal, focus = options
    return replay_cache().get_or_compute(
        key,
        lambda: engine.replay(
            add_imported_cards(engine.parse_document(text, fmt)), boards=boards, legal=legal, focus=focus
        ),
    )


def card_names(text: str, fmt: str) -> Callable[[str], str]:
    """How the replay of this (already replayed) text names its cards: `engine.card_names`, kept
    in the replay cache beside the replays. A text that no longer reads names cards by id."""
    key = (hashlib.sha256(text.encode("utf-8")).digest(), fmt, imported_cards_version(), "names")
    try:
        return replay_cache().get_or_compute(
            key, lambda: engine.card_names(add_imported_cards(engine.parse_document(text, fmt)))
        )
    except engine.DocumentError:
        return str


def clear_replay_cache() -> None:
    """Forget every cached replay of this process (benchmarks measure the replay, not the cache)."""
    replay_cache().clear()


def replay_text(
    text: str, fmt: str, *, boards: str = "final", legal: str = "none", focus: int | None = None
) -> dict[str, Any]:
    """Parse and replay a scenario; the result is the caller's own (a cache hit is a fresh copy).

    The options are the engine's (README, "Replay options"), and the default is the cheap path:
    no step boards and no `legal`, since most callers read only the steps and the final board.
    A step page asks for its own step (`focus=n`: that step's board and `legal`); the API passes
    on what the request asked for.

    Raises ScenarioRejected for a text with a control character (so none is ever stored: every
    stored scenario was replayed first), with the engine's own error list for an invalid document, and
    with one "(engine)" error if the engine itself fails, so callers never answer 500.
    """
    if not text.strip():
        raise ScenarioRejected([{"path": "(document)", "message": "The scenario is empty."}])
    if problem := control_character(text):
        raise ScenarioRejected([{"path": "(document)", "message": f"The scenario {problem}."}])
    try:
        return _replay_cached(text, fmt, imported_cards_version(), (boards, legal, focus))
    except engine.DocumentError as exc:
        status = 413 if isinstance(exc, TooLarge) else 400
        raise ScenarioRejected(_clean_errors(getattr(exc, "errors", None)), status) from exc
    except Exception as exc:  # the engine is a library; a bug there must not become a 500
        logger.exception("The engine failed while replaying a %s scenario", fmt)
        message = f"The engine could not replay this scenario ({type(exc).__name__}: {str(exc)[:200]})."
        raise ScenarioRejected([{"path": "(engine)", "message": message}]) from exc
