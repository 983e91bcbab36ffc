"""The database tests again, on PostgreSQL: the suite itself runs on SQLite (the default), and the
folders whose tests lean on the database (saved rulings and their conflicts, card search, imports
and corrections, pasted scenarios, the API over them, the migrations) run once more in a pytest of
their own with DATABASE_URL set to TEST_POSTGRES_URL. The rest (engine, pages drawn from forms,
settings) does not depend on which database it is.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATABASE_TESTS = [
    "tests/saved",
    "tests/cards",
    "tests/replays",
    "tests/api",
    "tests/test_migrations.py",
]


def test_the_database_tests_pass_on_postgresql(postgres_url: str) -> None:
    env = {**os.environ, "DATABASE_URL": postgres_url, "CACHE_URL": ""}
    run = subprocess.run(
        [sys.executable, "-m", "pytest", *DATABASE_TESTS, "-p", "no:cacheprovider", "--tb=short"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    output = run.stdout + run.stderr
    assert "database: postgresql" in output, f"the run did not use PostgreSQL:\n{output[-5000:]}"
    assert run.returncode == 0, f"on PostgreSQL:\n{output[-20000:]}"
    summary = output.strip().splitlines()[-1]
    assert re.fullmatch(r"=+ \d+ passed(, \d+ warnings?)? in .*", summary), f"not all passed: {summary}"
