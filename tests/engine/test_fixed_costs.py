"""What a new process pays before replaying: the catalog cache and the YAML loader."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
import yaml

from engine import DocumentError, catalog_cache, parse_document, yamlio
from engine.cards import CARDS_DIR, UNKNOWN_CARD, load_catalog, parse_card

FILES = [("a.yaml", b"name: A\n"), ("b.yaml", b"name: B\n")]


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "home"))
    return tmp_path / "home" / "duel-arbiter"


@pytest.fixture
def cards(tmp_path: Path) -> Path:
    """A folder of card files (the cache reads a folder's `*.yaml`)."""
    folder = tmp_path / "cards"
    folder.mkdir()
    for name, data in FILES:
        (folder / name).write_bytes(data)
    return folder


class Builds:
    """A `build` that counts its calls and says what it was given."""

    def __init__(self, value: bytes) -> None:
        self.value, self.given = value, []

    def __call__(self, files: list[tuple[str, bytes]]) -> bytes:
        self.given.append(files)
        return self.value


def test_built_once_then_read_back(cache_home: Path, cards: Path) -> None:
    build = Builds(b"catalog")
    assert catalog_cache.cached(cards, build) == b"catalog"
    assert catalog_cache.cached(cards, build) == b"catalog"
    assert build.given == [FILES]
    key = catalog_cache.key(FILES)
    assert sorted(p.name for p in cache_home.iterdir() if p.name.startswith("catalog-")) == [
        f"catalog-{key}.bin"
    ]


def test_an_unchanged_stamp_reads_no_card_file(cache_home: Path, cards: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    catalog_cache.cached(cards, Builds(b"catalog"))
    monkeypatch.setattr(catalog_cache, "read_files", lambda directory: pytest.fail("read the card files"))
    assert catalog_cache.cached(cards, Builds(b"other")) == b"catalog"


def test_a_changed_card_file_is_a_new_key(cache_home: Path, cards: Path) -> None:
    catalog_cache.cached(cards, Builds(b"old"))
    changed = [FILES[0], ("b.yaml", b"name: B2\n")]
    assert catalog_cache.key(changed) != catalog_cache.key(FILES)
    (cards / "b.yaml").write_bytes(b"name: B2\n")
    assert catalog_cache.cached(cards, Builds(b"new")) == b"new"
    (cards / "c.yaml").write_bytes(b"name: C\n")  # a card file added
    assert catalog_cache.cached(cards, Builds(b"newer")) == b"newer"


def test_a_touched_file_with_the_same_content_finds_the_same_catalog(cache_home: Path, cards: Path) -> None:
    catalog_cache.cached(cards, Builds(b"catalog"))
    os.utime(cards / "a.yaml", ns=(1, 1))  # the stamp differs, the content key does not
    build = Builds(b"rebuilt")
    assert catalog_cache.cached(cards, build) == b"catalog"
    assert build.given == []


def test_a_corrupt_cache_is_ignored_and_rebuilt(cache_home: Path, cards: Path) -> None:
    catalog_cache.cached(cards, Builds(b"first"))
    (path,) = cache_home.glob("catalog-*")
    path.write_bytes(b"\x80\x05not a catalog")
    assert catalog_cache.cached(cards, Builds(b"rebuilt")) == b"rebuilt"
    assert catalog_cache.cached(cards, Builds(b"again")) == b"rebuilt"
    (stamp,) = cache_home.glob("stamp-*")
    stamp.write_bytes(b"\xff\xfe not a stamp")
    assert catalog_cache.cached(cards, Builds(b"again")) == b"rebuilt"


def test_an_unwritable_cache_home_falls_back(
    tmp_path: Path, cards: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "a-file"  # a folder cannot be made under a file, even by root
    blocked.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(tmp_path))
    assert catalog_cache.cached(cards, Builds(b"built")) == b"built"
    uid = os.getuid() if hasattr(os, "getuid") else 0
    assert list((tmp_path / f"duel-arbiter-{uid}").glob("catalog-*.bin"))
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(blocked))
    assert catalog_cache.cached(cards, Builds(b"no cache at all")) == b"no cache at all"


def test_a_folder_others_can_write_is_not_used(cache_home: Path) -> None:
    cache_home.mkdir(mode=0o777, parents=True)
    cache_home.chmod(0o777)
    assert not catalog_cache._usable(cache_home)


def test_the_cached_catalog_is_the_parsed_one(cache_home: Path) -> None:
    fresh = load_catalog.__wrapped__(CARDS_DIR)  # builds and writes the cache
    assert list(cache_home.glob("catalog-*.bin"))
    assert load_catalog.__wrapped__(CARDS_DIR) == fresh  # read back
    assert fresh == load_catalog()
    parsed = {name: parse_card(yamlio.load(data), name) for name, data in catalog_cache.read_files(CARDS_DIR)}
    assert {card.name.lower(): card for card in parsed.values()} == {
        key: card for key, card in fresh.items() if card is not UNKNOWN_CARD
    }


def test_the_source_tree_holds_no_cache() -> None:
    assert not list(Path(catalog_cache.ENGINE).rglob("catalog-*"))


def test_yaml_reads_as_the_safe_loader_does() -> None:
    text = "format: ygo-scenario/1\nboard: {turn: 2}\nlist: [1, 2.5, yes, null, '3', 2001-12-14]\n"
    assert parse_document(text, "yaml") == yaml.safe_load(text)
    aliased = "format: ygo-scenario/1\nboard: &b {turn: 2}\nagain: *b\n"
    assert yamlio.load(aliased)["again"] == {"turn": 2}  # the engine's own files: anchors as before
    with pytest.raises(DocumentError, match="anchors and aliases"):  # a judge's text: refused (limits)
        parse_document(aliased, "yaml")
    with pytest.raises(yaml.YAMLError):
        yamlio.load("!!python/object:os.system {}")
