"""Which database and cache the settings choose from DATABASE_URL and CACHE_URL, and a clear error
naming the variable for one they cannot use. No server needed: only the settings are read."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SHOW = (
    "import json; from django.conf import settings as s; "
    "db = s.DATABASES['default']; cache = s.CACHES['default']; "
    "print(json.dumps({'engine': db['ENGINE'], 'name': str(db['NAME']), 'host': db.get('HOST'), "
    "'options': db.get('OPTIONS', {}), 'age': db.get('CONN_MAX_AGE'), 'cache': cache['BACKEND'], "
    "'location': str(cache.get('LOCATION')), 'sessions': s.SESSION_ENGINE}))"
)


def _settings(**env: str) -> subprocess.CompletedProcess[str]:
    """The real settings read in a fresh Python with only these of the variables set."""
    chosen = {"DATABASE_URL", "CACHE_URL", "DUEL_ARBITER_DB", "DJANGO_SETTINGS_MODULE"}
    base = {k: v for k, v in os.environ.items() if k not in chosen}
    base |= {"DJANGO_SETTINGS_MODULE": "rulings.settings", "DJANGO_SECRET_KEY": "x" * 50, **env}
    return subprocess.run(
        [sys.executable, "-c", SHOW], cwd=ROOT, env=base, capture_output=True, text=True, timeout=120
    )


def _chosen(**env: str) -> dict[str, Any]:
    run = _settings(**env)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_without_urls_one_machine_uses_sqlite_in_wal_mode_and_a_file_cache() -> None:
    chosen = _chosen()
    assert chosen["engine"] == "django.db.backends.sqlite3" and chosen["name"].endswith("db.sqlite3")
    assert "journal_mode=WAL" in chosen["options"]["init_command"]
    assert chosen["options"]["transaction_mode"] == "IMMEDIATE"
    assert chosen["cache"] == "django.core.cache.backends.filebased.FileBasedCache"
    assert chosen["sessions"] == "django.contrib.sessions.backends.db"


def test_database_url_names_a_postgresql_database_and_cache_url_the_shared_cache() -> None:
    chosen = _chosen(DATABASE_URL="postgres://judge:secret@db.example.org:5432/rulings", CACHE_URL="db")
    assert (chosen["engine"], chosen["host"], chosen["name"]) == (
        "django.db.backends.postgresql",
        "db.example.org",
        "rulings",
    )
    assert chosen["options"] == {}, "no SQLite pragma reaches PostgreSQL"
    assert chosen["age"] == 60
    assert chosen["cache"] == "django.core.cache.backends.db.DatabaseCache"
    redis = _chosen(CACHE_URL="redis://cache.example.org:6379/0")
    assert (redis["cache"], redis["location"]) == (
        "django.core.cache.backends.redis.RedisCache",
        "redis://cache.example.org:6379/0",
    )


def test_a_url_the_settings_cannot_use_is_an_error_naming_the_variable() -> None:
    database = _settings(DATABASE_URL="mongodb://db.example.org/rulings")
    assert database.returncode != 0
    expected = "ImproperlyConfigured: DATABASE_URL cannot be used: Scheme 'mongodb://' is unknown"
    assert expected in database.stderr
    cache = _settings(CACHE_URL="memcached://cache.example.org")
    assert cache.returncode != 0
    assert "ImproperlyConfigured: CACHE_URL is 'memcached://cache.example.org'; expected db" in cache.stderr
