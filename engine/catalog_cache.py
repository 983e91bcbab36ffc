"""The card catalog compiled once and kept on disk, so a new process does not read and validate
every card file again (that was about half of a cold `python -m engine replay`).

The cache file is keyed by content: a hash of every card file (its name and bytes), of the engine's
own source (the schema and the operation registry decide what a card file means) and of the Python
and pydantic versions (a pickle is read back only by the versions that wrote it). Any change gives
another key, so a stale file is never read; a file that cannot be read back (corrupt, truncated,
from another key) is ignored and rebuilt. Files are written to a temporary name and renamed, so a
reader never sees half a file.

Where: `$XDG_CACHE_HOME/duel-arbiter`, else `~/.cache/duel-arbiter`; when that cannot be written,
a private folder in the system's temporary directory; when neither can, no cache (the catalog is
built each time, as before). Never inside the source tree. A folder that another user could write
to is not used: a pickle is code to whoever reads it.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import stat
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

import pydantic

T = TypeVar("T")
ENGINE = Path(__file__).parent
FORMAT = 1  # bump when what is pickled changes shape without any engine source changing
PREFIX = "catalog-"
KEEP = 8  # catalogs kept in the folder, newest first


def cache_dirs() -> list[Path]:
    """Where the cache may live, in order of preference."""
    uid = getattr(os, "getuid", lambda: 0)()
    folders = [Path(tempfile.gettempdir()) / f"duel-arbiter-{uid}"]
    try:
        home = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    except RuntimeError:  # no home directory to be found
        return folders
    return [Path(home) / "duel-arbiter", *folders]


def _usable(folder: Path) -> bool:
    """Create the folder if need be; use it only if it is ours, writable, and no one else's to write."""
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = folder.stat()
    except OSError:
        return False
    if hasattr(os, "getuid") and (info.st_uid != os.getuid() or info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)):
        return False
    return os.access(folder, os.W_OK | os.X_OK)


def key(files: Iterable[tuple[str, bytes]]) -> str:
    """The content key: card files, engine source, Python and pydantic versions, cache format."""
    digest = hashlib.sha256(f"{FORMAT}\0{sys.version}\0{pydantic.VERSION}\0".encode())
    for source in sorted(ENGINE.rglob("*.py")):
        digest.update(str(source.relative_to(ENGINE)).encode() + b"\0" + source.read_bytes() + b"\0")
    for name, data in files:
        digest.update(name.encode() + b"\0" + data + b"\0")
    return digest.hexdigest()


def cached(files: list[tuple[str, bytes]], build: Callable[[], T]) -> T:
    """What `build()` returns for these files: read back from the cache, or built and stored."""
    content_key = key(files)
    folders = [f for f in cache_dirs() if _usable(f)]
    for folder in folders:
        found = _read(folder / f"{PREFIX}{content_key}.pickle", content_key)
        if found is not None:
            return found
    value = build()
    if folders:
        _write(folders[0], content_key, value)
    return value


def _read(path: Path, content_key: str) -> Any:
    try:
        with path.open("rb") as fh:
            stored_key, value = pickle.load(fh)
    except Exception:  # missing, corrupt or foreign: ignored, and written anew
        return None
    return value if stored_key == content_key else None


def _write(folder: Path, content_key: str, value: Any) -> None:
    """Write atomically (a temporary file renamed over the name); keep only the newest few
    catalogs (several checkouts of the engine may share the folder)."""
    target = folder / f"{PREFIX}{content_key}.pickle"
    try:
        fd, temp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".pickle")
        try:
            with os.fdopen(fd, "wb") as fh:
                pickle.dump((content_key, value), fh, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(temp, target)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
        kept = sorted(folder.glob(f"{PREFIX}*.pickle"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in kept[KEEP:]:
            old.unlink(missing_ok=True)
    except OSError:
        pass  # a cache that cannot be written is only a slower start
