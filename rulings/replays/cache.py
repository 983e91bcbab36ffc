"""The replay cache of one process, bounded by the bytes it holds rather than by a count.

A replay is kept pickled: its size is then known exactly (a long replay can be ~100 MB as
Python objects; an entry count cannot bound that), and a hit hands out a fresh copy that no
caller can change for the others. The API keeps its answer instead, as the bytes it sends (its
JSON, and that JSON gzipped): bytes cannot be changed, so a hit is those bytes, with nothing
unpickled, encoded or compressed again. Both kinds count against the one bound, and least
recently used entries go first. A replay bigger than an
eighth of the bound is not cached at all, so one request cannot empty the cache of the others,
and its pickling stops as soon as it passes that size (a huge replay is never copied whole).
The bound is `settings.REPLAY_CACHE_BYTES`.

The replays app keeps its replays and answers in the one `replay_cache()`; the saved rulings keep
their scenario documents in a `ReplayCache` of their own (`rulings.saved.store.document_of`).
"""

import io
import pickle
import threading
from collections.abc import Callable, Hashable
from typing import Any

from cachetools import LRUCache
from django.conf import settings


class _TooBig(Exception):
    pass


class _BoundedBuffer(io.BytesIO):
    """A pickle's output that refuses to grow past `limit` bytes."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def write(self, data: Any) -> int:  # type: ignore[override]
        if self.tell() + len(data) > self.limit:
            raise _TooBig
        return super().write(data)


def pickled(value: Any, limit: int) -> bytes | None:
    """`value` pickled, or None as soon as it would take more than `limit` bytes."""
    buffer = _BoundedBuffer(limit)
    try:
        pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(value)
    except _TooBig:
        return None
    return buffer.getvalue()


class ReplayCache:
    """Pickled values under a byte bound; safe to share between threads (runserver's)."""

    def __init__(self, max_bytes: int, max_entry_bytes: int | None = None) -> None:
        """`max_entry_bytes`: the most one value may take to be kept (an eighth of the bound)."""
        self.max_bytes = max_bytes
        self.max_entry_bytes = min(max_bytes, max_bytes // 8 if max_entry_bytes is None else max_entry_bytes)
        self._entries: LRUCache[Hashable, bytes] = LRUCache(maxsize=max_bytes, getsizeof=len)
        self._lock = threading.Lock()

    @property
    def size(self) -> int:
        """Bytes held now (never more than `max_bytes`)."""
        return int(self._entries.currsize)

    def __len__(self) -> int:
        return len(self._entries)

    def get_or_compute(self, key: Hashable, compute: Callable[[], Any]) -> Any:
        """The value stored under `key`, else `compute()`'s, kept if it fits. Exceptions are not kept."""
        with self._lock:
            blob = self._entries.get(key)
        if blob is not None:
            return pickle.loads(blob)
        value = compute()
        blob = pickled(value, self.max_entry_bytes)
        if blob is not None:
            with self._lock:
                self._entries[key] = blob
        return value

    def get_bytes(self, key: Hashable) -> bytes | None:
        """The bytes kept under `key` (by `put_bytes`), or None."""
        with self._lock:
            return self._entries.get(key)

    def put_bytes(self, key: Hashable, value: bytes) -> None:
        """Keep `value` as it is, if it is no bigger than one entry may be."""
        if len(value) <= self.max_entry_bytes:
            with self._lock:
                self._entries[key] = value

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()


_cache: ReplayCache | None = None


def replay_cache() -> ReplayCache:
    """This process's cache, made on first use with the bound the settings give then."""
    global _cache
    if _cache is None or _cache.max_bytes != settings.REPLAY_CACHE_BYTES:
        _cache = ReplayCache(settings.REPLAY_CACHE_BYTES)
    return _cache
