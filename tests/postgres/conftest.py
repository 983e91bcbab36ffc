"""PostgreSQL for the tests of this folder: the server TEST_POSTGRES_URL names (`./dev.sh postgres
start` makes a throw-away one and prints its URL; `.ci/run` does that before `./dev.sh test`).

Without it these tests are skipped, except in CI (CI=true), where a missing or unreachable server
fails them: CI must never pass by having tested SQLite alone.
"""

import os

import psycopg
import pytest


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


@pytest.fixture(scope="session")
def postgres_url() -> str:
    """TEST_POSTGRES_URL, once the server it names has answered."""
    url = os.environ.get("TEST_POSTGRES_URL", "").strip()
    if not url:
        message = (
            "TEST_POSTGRES_URL is not set, so there is no PostgreSQL to test on "
            "(`./dev.sh postgres start` starts one and prints it)"
        )
        if _in_ci():
            pytest.fail(f"CI=true but {message}", pytrace=False)
        pytest.skip(message)
    try:
        psycopg.connect(url, connect_timeout=10).close()
    except psycopg.Error as error:
        pytest.fail(f"The PostgreSQL server of TEST_POSTGRES_URL does not answer: {error}", pytrace=False)
    return url
