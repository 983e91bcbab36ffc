"""The test suite's settings: the production defaults (DEBUG off), with a key of the tests' own.

pytest-django reads settings before any conftest runs, so the key cannot come from a fixture;
it is no secret (tests only). The cache is per process, cleared before each test (conftest),
and passwords use a fast hasher: the tests make many accounts.
"""

import os
import tempfile

os.environ.setdefault("DJANGO_SECRET_KEY", "tests-only-not-a-secret-0123456789abcdefghijklmnopqrstuvwxyz")

from rulings.settings import *  # noqa: E402, F403

CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# A file, not SQLite's shared in-memory database: several threads writing at once (the concurrent
# saves of tests/saved/test_conflicts.py) need SQLite's real locking, WAL and busy timeout. With
# DATABASE_URL (tests/postgres runs the database tests again that way) Django's own test database
# of that server is used: `test_<name>`, made and dropped by the run.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": os.path.join(tempfile.gettempdir(), f"duel-arbiter-tests-{os.getpid()}.sqlite3")
    }
