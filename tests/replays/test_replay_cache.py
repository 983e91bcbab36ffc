"""The replay cache is bounded by the bytes it holds, not by its number of entries."""

from __future__ import annotations

import pickle
import sqlite3

import pytest
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext

from rulings.api.renderers import to_json
from rulings.cards.importing import imported_cards_version
from rulings.cards.models import Card
from rulings.replays.cache import ReplayCache, pickled, replay_cache
from rulings.replays.scenarios import cards_version, clear_replay_cache, replay_bytes, replay_text


def _pickled_size(value: object) -> int:
    return len(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))


def test_the_bytes_held_never_exceed_the_bound() -> None:
    value = {"steps": ["x" * 1000]}
    bound = 3 * _pickled_size(value) + 10  # room for three such values
    cache = ReplayCache(bound, max_entry_bytes=bound)
    for i in range(20):
        cache.get_or_compute(i, lambda i=i: {"steps": [str(i % 10) * 1000]})
        assert cache.size <= bound
    assert len(cache) == 3
    computed = []
    assert cache.get_or_compute(19, lambda: computed.append(1)) == {"steps": ["9" * 1000]}
    assert not computed, "the most recent entries are kept"
    cache.get_or_compute(0, lambda: computed.append(1))
    assert computed, "the oldest went first"


def test_a_value_bigger_than_the_bound_is_returned_but_not_kept() -> None:
    cache = ReplayCache(100, max_entry_bytes=100)
    big = {"steps": ["x" * 500]}
    assert cache.get_or_compute("big", lambda: big) is big
    assert len(cache) == 0
    assert cache.size == 0


def test_one_value_takes_at_most_an_eighth_of_the_bound() -> None:
    """A huge replay is not kept, so it cannot push out every other (and is never pickled whole)."""
    value = {"steps": ["x" * 1000]}
    size = _pickled_size(value)
    cache = ReplayCache(8 * size - 8)  # an eighth is just too small for it
    assert cache.get_or_compute("k", lambda: value) == value
    assert len(cache) == 0
    cache = ReplayCache(8 * size)
    cache.get_or_compute("k", lambda: value)
    assert cache.size == size


def test_pickling_stops_at_the_entry_bound() -> None:
    assert pickled({"steps": ["x" * 10_000]}, 1000) is None
    small = {"steps": [1, 2]}
    assert pickled(small, 1000) == pickle.dumps(small, protocol=pickle.HIGHEST_PROTOCOL)


def test_a_hit_is_a_fresh_copy() -> None:
    cache = ReplayCache(10_000)
    first = cache.get_or_compute("k", lambda: {"steps": [1, 2]})
    first["steps"].append(3)
    assert cache.get_or_compute("k", lambda: None) == {"steps": [1, 2]}


@pytest.mark.django_db
def test_replays_through_the_app_stay_within_the_setting(scenario_yaml: str) -> None:
    one = _pickled_size(replay_text(scenario_yaml, "yaml"))
    bound = int(one * 8.5)  # eight of these replays fit (each under an eighth), a ninth does not
    with override_settings(REPLAY_CACHE_BYTES=bound):
        clear_replay_cache()
        texts = [scenario_yaml.replace("Summon and attack", f"Summon and attack {i}") for i in range(10)]
        for text in texts:
            replay_text(text, "yaml")
            assert replay_cache().size <= bound
        assert len(replay_cache()) == 8
    with override_settings(REPLAY_CACHE_BYTES=one // 2):  # smaller than any replay: nothing is kept
        clear_replay_cache()
        replay_text(scenario_yaml, "yaml")
        assert len(replay_cache()) == 0
    clear_replay_cache()


def test_bytes_are_kept_as_they_are_within_the_bound() -> None:
    cache = ReplayCache(1000, max_entry_bytes=300)
    cache.put_bytes("a", b"x" * 300)
    cache.put_bytes("b", b"y" * 301)  # bigger than one entry may be: not kept
    assert cache.get_bytes("a") == b"x" * 300
    assert cache.get_bytes("b") is None
    for key in range(5):
        cache.put_bytes(key, b"z" * 300)
        assert cache.size <= 1000
    assert cache.get_bytes("a") is None, "the oldest went first"


@pytest.mark.django_db
def test_api_answers_count_against_the_same_bound(scenario_yaml: str) -> None:
    one = len(replay_bytes(scenario_yaml, "yaml", boards="every", legal="every", encode=to_json))
    bound = int(one * 8.5)
    with override_settings(REPLAY_CACHE_BYTES=bound):
        clear_replay_cache()
        for i in range(10):
            text = scenario_yaml.replace("Summon and attack", f"Summon and attack {i}")
            replay_bytes(text, "yaml", boards="every", legal="every", encode=to_json)
            assert replay_cache().size <= bound
        assert len(replay_cache()) == 8
    clear_replay_cache()


def _read_card(name: str) -> Card:
    return Card.objects.create(name=name, card_type="spell", origin=Card.READ, data={"name": name})


@pytest.mark.django_db(transaction=True)
def test_the_cards_version_is_read_again_only_after_a_write() -> None:
    """Outside a transaction, a second read costs no query; a write by this connection or a commit
    by another (another worker, `import_cards`) is seen at once. That rests on SQLite's own change
    counters; on another database the version is read every time, so it is always fresh."""
    if connection.vendor != "sqlite":
        cards_version()
        with CaptureQueriesContext(connection) as queries:
            cards_version()
        assert len(queries) > 0, "without SQLite's counters nothing may be kept"
        _read_card("Card A")
        assert cards_version() == imported_cards_version()
        return
    first = cards_version()
    assert first == imported_cards_version()
    with CaptureQueriesContext(connection) as queries:
        assert cards_version() == first
    assert len(queries) == 0
    _read_card("Card A")
    assert cards_version() == imported_cards_version() != first
    second = cards_version()
    other = sqlite3.connect(connection.settings_dict["NAME"])  # another process's connection
    with other:
        other.execute("DELETE FROM rulings_card WHERE name = 'Card A'")
    other.close()
    assert cards_version() == imported_cards_version() == first != second


@pytest.mark.django_db
def test_inside_a_transaction_the_cards_version_is_read_every_time() -> None:
    """A transaction (a test's, a request's) may roll back what it counted: nothing is kept."""
    cards_version()
    with CaptureQueriesContext(connection) as queries:
        cards_version()
    assert len(queries) == 2
