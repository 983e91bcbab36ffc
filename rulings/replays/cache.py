"""The replay cache of one process, bounded by the bytes it holds rather than by a count.

A replay is kept pickled: its size is then known exactly (a long replay can be ~100 MB as
Python objects; an entry count cannot bound that), and a hit hands out a fresh copy that no
caller can change for the others. Least recently used entries go first; a replay bigger than
the whole bound is not cached at all. The bound is `settings.REPLAY_CACHE_BYTES`.

An implementation detail of the replays app: only `rulings.replays.scenarios` uses it.
"""

import pickle
import threading
from collections.abc import Callable, Hashable
from typing import Any

from cachetools import LRUCache
from django.conf import settings


class ReplayCache:
    """Pickled values under a byte bound; safe to share between threads (runserver's)."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
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
        blob = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        if len(blob) <= self.max_bytes:
            with self._lock:
                self._entries[key] = blob
        return value

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
