"""What a new process pays before replaying: the catalog cache and the YAML loader."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml

from engine import DocumentError, catalog_cache, parse_document, yamlio
from engine.cards import CARDS_DIR, load_catalog

FILES = [("a.yaml", b"name: A\n"), ("b.yaml", b"name: B\n")]


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return tmp_path / "duel-arbiter"


def test_built_once_then_read_back(cache_home: Path) -> None:
    builds: list[int] = []

    def build() -> dict[str, int]:
        builds.append(1)
        return {"cards": 2}

    assert catalog_cache.cached(FILES, build) == {"cards": 2}
    assert catalog_cache.cached(FILES, build) == {"cards": 2}
    assert len(builds) == 1
    assert [p.name for p in cache_home.iterdir()] == [f"catalog-{catalog_cache.key(FILES)}.pickle"]


def test_a_changed_card_file_is_a_new_key(cache_home: Path) -> None:
    catalog_cache.cached(FILES, lambda: "old")
    changed = [FILES[0], ("b.yaml", b"name: B2\n")]
    assert catalog_cache.key(changed) != catalog_cache.key(FILES)
    assert catalog_cache.cached(changed, lambda: "new") == "new"


def test_a_corrupt_cache_is_ignored_and_rebuilt(cache_home: Path) -> None:
    catalog_cache.cached(FILES, lambda: "first")
    (path,) = cache_home.iterdir()
    path.write_bytes(b"\x80\x05not a pickle")
    assert catalog_cache.cached(FILES, lambda: "rebuilt") == "rebuilt"
    assert catalog_cache.cached(FILES, lambda: "again") == "rebuilt"


def test_an_unwritable_cache_home_falls_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "a-file"  # a folder cannot be made under a file, even by root
    blocked.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    monkeypatch.setattr(catalog_cache.tempfile, "gettempdir", lambda: str(tmp_path))
    assert catalog_cache.cached(FILES, lambda: "built") == "built"
    uid = os.getuid() if hasattr(os, "getuid") else 0
    assert list((tmp_path / f"duel-arbiter-{uid}").glob("catalog-*.pickle"))
    monkeypatch.setattr(catalog_cache.tempfile, "gettempdir", lambda: str(blocked))
    assert catalog_cache.cached(FILES, lambda: "no cache at all") == "no cache at all"


def test_a_folder_others_can_write_is_not_used(cache_home: Path) -> None:
    cache_home.mkdir(mode=0o777)
    cache_home.chmod(0o777)
    assert not catalog_cache._usable(cache_home)


def test_the_cached_catalog_is_the_parsed_one(cache_home: Path) -> None:
    fresh = load_catalog.__wrapped__(CARDS_DIR)  # builds and writes the cache
    assert list(cache_home.glob("catalog-*.pickle"))
    assert load_catalog.__wrapped__(CARDS_DIR) == fresh  # read back
    assert fresh == load_catalog()


def test_the_source_tree_holds_no_cache() -> None:
    assert not list(Path(catalog_cache.ENGINE).rglob("*.pickle"))


def test_yaml_reads_as_the_safe_loader_does() -> None:
    text = "format: ygo-scenario/1\nboard: {turn: 2}\nlist: [1, 2.5, yes, null, '3', 2001-12-14]\n"
    assert parse_document(text, "yaml") == yaml.safe_load(text)
    aliased = "format: ygo-scenario/1\nboard: &b {turn: 2}\nagain: *b\n"
    assert yamlio.load(aliased)["again"] == {"turn": 2}  # the engine's own files: anchors as before
    with pytest.raises(DocumentError, match="anchors and aliases"):  # a judge's text: refused (limits)
        parse_document(aliased, "yaml")
    with pytest.raises(yaml.YAMLError):
        yamlio.load("!!python/object:os.system {}")
