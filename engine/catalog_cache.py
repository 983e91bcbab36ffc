"""The card catalog compiled once and kept on disk, so a new process does not read and validate
every card file again (that was about half of a cold `python -m engine replay`).

What is kept is plain data (the caller encodes the catalog to bytes and decodes it back), in a file
keyed by content: a hash of every card file (its name and bytes), of the engine's own source (the
schema and the operation registry decide what a card file means) and of the Python and msgspec
versions. Any change gives another key, so a stale file is never read; a file that cannot be read
back (corrupt, truncated, from another key) is ignored and rebuilt. Files are written to a
temporary name and renamed, so a reader never sees half a file.

Finding the key without reading every file: each checkout of the engine keeps a stamp, the size
and modification time (to the nanosecond) of each of its source and card files, beside the
content key they had. When the files' stamp is the same as then, the key is taken from it: the
same trust Python gives its own bytecode cache, which decides by the source's size and
modification time which engine code runs at all. Any difference (a file touched, added, removed)
and the key is computed from the content again.

Where: `$XDG_CACHE_HOME/duel-arbiter`, else `~/.cache/duel-arbiter`; when that cannot be written,
a private folder in the system's temporary directory; when neither can, no cache (the catalog is
built each time, as before). Never inside the source tree. A folder that another user could write
to is not used: what it holds decides every ruling.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import msgspec

ENGINE = Path(__file__).parent
FORMAT = 2  # bump when what is kept changes shape without any engine source changing
PREFIX = "catalog-"
STAMPS = "stamp-"
KEEP = 8  # catalogs kept in the folder, newest first (and twice as many checkouts' stamps)

Files = list[tuple[str, bytes]]


def cache_dirs() -> Iterator[Path]:
    """Where the cache may live, in order of preference; the next one is found only if asked for
    (a cache found in the first never looks for the system's temporary directory)."""
    try:
        home = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    except RuntimeError:  # no home directory to be found
        home = None
    if home is not None:
        yield Path(home) / "duel-arbiter"
    import tempfile

    yield Path(tempfile.gettempdir()) / f"duel-arbiter-{getattr(os, 'getuid', lambda: 0)()}"


def _folders() -> Iterator[Path]:
    return (folder for folder in cache_dirs() if _usable(folder))


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
    """The content key: card files, engine source, Python and msgspec versions, cache format."""
    import hashlib  # only when the stamp does not give the key

    digest = hashlib.sha256(_versions().encode())
    for source in sorted(Path(entry.path) for entry in _sources()):
        digest.update(source.relative_to(ENGINE).as_posix().encode() + b"\0" + source.read_bytes() + b"\0")
    for name, data in files:
        digest.update(name.encode() + b"\0" + data + b"\0")
    return digest.hexdigest()


def read_files(directory: Path) -> Files:
    """The card files of a folder, by name: (name, bytes)."""
    return [(name, (directory / name).read_bytes()) for name in _card_names(directory)]


def cached(directory: Path, build: Callable[[Files], bytes]) -> bytes:
    """What `build(files)` returns for the card files in `directory`: read back from the cache,
    or built and stored. The files are read only when the stamp does not give the key."""
    stamp = _stamp(directory)
    for folder in _folders():
        content_key = _stamped_key(folder, directory, stamp)
        found = _read(folder / f"{PREFIX}{content_key}.bin", content_key) if content_key else None
        if found is not None:
            return found
    folders = list(_folders())
    files = read_files(directory)
    content_key = key(files)
    for folder in folders:
        found = _read(folder / f"{PREFIX}{content_key}.bin", content_key)
        if found is not None:  # the same content, from another checkout or a touched file
            _write_stamp(folder, directory, stamp, content_key)
            return found
    value = build(files)
    if folders:
        _write(folders[0], content_key, value)
        _write_stamp(folders[0], directory, stamp, content_key)
    return value


# --------------------------------------------------------------------------- what is hashed
def _versions() -> str:
    return f"{FORMAT}\0{sys.version}\0{msgspec.__version__}\0"


def _sources() -> Iterator[os.DirEntry[str]]:
    """The engine's Python files (what decides what a card file means)."""
    folders = [str(ENGINE)]
    while folders:
        with os.scandir(folders.pop()) as entries:
            for entry in entries:
                if entry.name.endswith(".py"):
                    yield entry
                elif entry.name != "__pycache__" and entry.is_dir():
                    folders.append(entry.path)


def _card_names(directory: Path) -> list[str]:
    return sorted(name for name in os.listdir(directory) if name.endswith(".yaml"))


def _stamp(directory: Path) -> str:
    """Each source and card file's path, size and modification time, one a line."""
    lines = [_versions().replace("\0", " "), str(ENGINE), str(directory)]
    with os.scandir(directory) as cards:
        entries = [*_sources(), *(entry for entry in cards if entry.name.endswith(".yaml"))]
    for entry in sorted(entries, key=lambda e: e.path):
        info = entry.stat()
        lines.append(f"{entry.path}\0{info.st_size}\0{info.st_mtime_ns}")
    return "\n".join(lines)


def _stamp_path(folder: Path, directory: Path) -> Path:
    """This checkout's stamp: named by the folders' device and inode (no hashing needed); their
    paths are in the stamp itself, so a reused inode only misses."""
    engine, cards = os.stat(ENGINE), os.stat(directory)
    return folder / f"{STAMPS}{engine.st_dev}-{engine.st_ino}-{cards.st_ino}.txt"


def _stamped_key(folder: Path, directory: Path, stamp: str) -> str | None:
    """The content key the stamp was written with, if the files still have this stamp."""
    try:
        content_key, _, kept = _stamp_path(folder, directory).read_text(encoding="utf-8").partition("\n")
    except (OSError, UnicodeDecodeError):
        return None
    return content_key if kept == stamp and len(content_key) == 64 else None


# --------------------------------------------------------------------------- files
def _read(path: Path, content_key: str) -> bytes | None:
    try:
        data = path.read_bytes()
    except OSError:  # missing or unreadable: written anew
        return None
    head, _, value = data.partition(b"\n")
    return value if head == content_key.encode() else None  # a foreign or truncated file: ignored


def _write(folder: Path, content_key: str, value: bytes) -> None:
    """Write the catalog; keep only the newest few (several checkouts may share the folder)."""
    _write_file(folder / f"{PREFIX}{content_key}.bin", content_key.encode() + b"\n" + value)
    _prune(folder, f"{PREFIX}*.bin", KEEP)


def _write_stamp(folder: Path, directory: Path, stamp: str, content_key: str) -> None:
    try:
        path = _stamp_path(folder, directory)
    except OSError:
        return
    _write_file(path, f"{content_key}\n{stamp}".encode())
    _prune(folder, f"{STAMPS}*.txt", 2 * KEEP)


def _write_file(target: Path, data: bytes) -> None:
    """Write atomically: a temporary file renamed over the name."""
    import tempfile

    try:
        fd, temp = tempfile.mkstemp(dir=target.parent, prefix=".tmp-", suffix=target.suffix)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            os.replace(temp, target)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
    except OSError:
        pass  # a cache that cannot be written is only a slower start


def _prune(folder: Path, pattern: str, keep: int) -> None:
    try:
        kept = sorted(folder.glob(pattern), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in kept[keep:]:
            old.unlink(missing_ok=True)
    except OSError:
        pass
