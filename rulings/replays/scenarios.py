"""The one door from the web side into the engine's replay.

Pages and the API both hand a scenario's text here and get back either the engine's replay
dict or a list of `{"path", "message"}` errors, never an exception they must guess at. Django
never recomputes a rule: whatever the replay says is what gets shown.
"""

import hashlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from django.db import connection

import engine
from engine.limits import LIMITS, TooLarge
from rulings.cards.importing import add_imported_cards, imported_cards_version
from rulings.cards.plain_text import control_character
from rulings.replays.cache import replay_cache

logger = logging.getLogger(__name__)

ErrorList = list[dict[str, str]]
T = TypeVar("T")

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


def _digest(text: str) -> bytes:
    """What the cache keys hold of a text: only the replays count against the bound."""
    return hashlib.sha256(text.encode("utf-8")).digest()


@dataclass(frozen=True)
class _Seen:
    """The imported cards' version as last read, and the state of the database it was read in."""

    raw: Any  # the SQLite connection (kept, so no later connection can take its identity)
    data_version: int
    total_changes: int
    version: str


_seen: _Seen | None = None


def cards_version() -> str:
    """`imported_cards_version()`, read from the database again only when it may have changed.

    It takes two aggregate queries (about 1 ms of CPU), on every replay and every cached answer.
    On SQLite it is kept as long as nothing was committed to the database since: `PRAGMA
    data_version` changes when any other connection (another worker, another process such as
    `import_cards`) commits, and the connection's `total_changes` when this one writes, committed
    or not; both are exact, so no worker can answer from cards it should no longer use. Inside a
    transaction (which may yet roll back what it counted) and on another database (PostgreSQL)
    it is read every time, as before.
    """
    global _seen
    if connection.vendor != "sqlite" or connection.in_atomic_block:
        return imported_cards_version()
    connection.ensure_connection()
    raw = connection.connection
    data_version = raw.execute("PRAGMA data_version").fetchone()[0]
    seen = _seen
    if (
        seen is not None
        and seen.raw is raw
        and (seen.data_version, seen.total_changes)
        == (
            data_version,
            raw.total_changes,
        )
    ):
        return seen.version
    version = imported_cards_version()
    _seen = _Seen(raw, data_version, raw.total_changes, version)
    return version


def _replay(text: str, fmt: str, options: tuple[str, str, int | None]) -> dict[str, Any]:
    """The engine's replay of the text, with the imported cards it names (their definitions added)."""
    boards, legal, focus = options
    document = add_imported_cards(engine.parse_document(text, fmt))
    return engine.replay(document, boards=boards, legal=legal, focus=focus)


def _replay_cached(
    text: str, fmt: str, cards_version: str, options: tuple[str, str, int | None]
) -> dict[str, Any]:
    """`cards_version` keys the cache on the imported cards, whose definitions are added here."""
    key = (_digest(text), fmt, cards_version, options)
    return replay_cache().get_or_compute(key, lambda: _replay(text, fmt, options))


def card_names(text: str, fmt: str) -> Callable[[str], str]:
    """How the replay of this (already replayed) text names its cards: `engine.card_names`, kept
    in the replay cache beside the replays. A text that no longer reads names cards by id."""
    key = (_digest(text), fmt, cards_version(), "names")
    try:
        return replay_cache().get_or_compute(
            key, lambda: engine.card_names(add_imported_cards(engine.parse_document(text, fmt)))
        )
    except engine.DocumentError:
        return str


def clear_replay_cache() -> None:
    """Forget every cached replay of this process (benchmarks measure the replay, not the cache)."""
    replay_cache().clear()


def _checked(text: str, fmt: str, run: Callable[[], T]) -> T:
    """`run()`, for a text that can be replayed; ScenarioRejected for one that cannot (see
    `replay_text`), so callers never answer 500."""
    if not text.strip():
        raise ScenarioRejected([{"path": "(document)", "message": "The scenario is empty."}])
    if problem := control_character(text):
        raise ScenarioRejected([{"path": "(document)", "message": f"The scenario {problem}."}])
    try:
        return run()
    except engine.DocumentError as exc:
        status = 413 if isinstance(exc, TooLarge) else 400
        raise ScenarioRejected(_clean_errors(getattr(exc, "errors", None)), status) from exc
    except Exception as exc:  # the engine is a library; a bug there must not become a 500
        logger.exception("The engine failed while replaying a %s scenario", fmt)
        message = f"The engine could not replay this scenario ({type(exc).__name__}: {str(exc)[:200]})."
        raise ScenarioRejected([{"path": "(engine)", "message": message}]) from exc


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
    return _checked(text, fmt, lambda: _replay_cached(text, fmt, cards_version(), (boards, legal, focus)))


def replay_bytes(
    text: str,
    fmt: str,
    *,
    boards: str,
    legal: str,
    encode: Callable[[dict[str, Any]], bytes],
    compress: Callable[[bytes], bytes] | None = None,
) -> bytes:
    """The replay as the bytes `encode` writes (the API's JSON), and `compress`ed if given (the
    API's gzip), kept in the replay cache as those bytes: answering again from the cache costs
    no replay, no encoding and no compression, only the bytes. Rejected as `replay_text` is.

    The key is `replay_text`'s (the text, its format, the imported cards' version, the options)
    and the functions: other functions make other bytes. Compressed answers keep only the
    compressed bytes (a tenth of the size); the uncompressed ones are kept when asked for.
    """

    def run() -> bytes:
        cache = replay_cache()
        key = (_digest(text), fmt, cards_version(), (boards, legal, None), encode)
        packed_key = (*key, compress)
        if compress is not None and (packed := cache.get_bytes(packed_key)) is not None:
            return packed
        plain = cache.get_bytes(key)
        if plain is None:
            plain = encode(_replay(text, fmt, (boards, legal, None)))
            if compress is None:
                cache.put_bytes(key, plain)
        if compress is None:
            return plain
        packed = compress(plain)
        cache.put_bytes(packed_key, packed)
        return packed

    return _checked(text, fmt, run)
