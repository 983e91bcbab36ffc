"""Fixtures shared by the Django tests (a folder per app of rulings/) and the browser tests."""

import os
from typing import Any

import pytest
import yaml
from django.core.management import call_command

# pytest-django's live_server runs in a thread while Playwright's sync API runs an event loop
# in this one; Django refuses ORM calls from a thread with a running loop unless told it is
# safe. Tests only: the app itself never runs this way.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"


def pytest_report_header() -> str:
    """Which database the Django tests use: SQLite, or the server DATABASE_URL names
    (tests/postgres runs the database tests again on PostgreSQL)."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    server = f" on {database['HOST']}:{database['PORT']}" if database.get("HOST") else ""
    return f"database: {database['ENGINE'].rsplit('.', 1)[-1]}{server}"


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    """Every test starts with no throttle counts: the suite runs at the real rates, each test far
    below them (tests/api/test_throttling.py lowers them to test the limits themselves)."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Drive Debian's Chromium (apt install chromium); never `playwright install`."""
    return {
        **browser_type_launch_args,
        "executable_path": "/usr/bin/chromium",
        "headless": True,
        "args": [
            "--no-sandbox",
            "--disable-dev-shm-usage",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
        ],
    }


@pytest.fixture
def seeded(db: None) -> None:
    """The glossary and card catalog copied from the engine into the test database (without the
    facts of every real card: `tests/cards/test_card_facts.py` seeds those where it needs them)."""
    call_command("seed", no_facts=True, verbosity=0)


@pytest.fixture
def transactional_seeded(transactional_db: None) -> None:
    """`seeded` for tests that need real transactions (the live server)."""
    call_command("seed", no_facts=True, verbosity=0)


# A Normal Summons a Level 4 Normal Monster in Main Phase 1 of turn 2, attacks directly, and
# moves on to Main Phase 2 (which finishes the battle: B takes the damage).
SUMMON_AND_ATTACK = """\
format: ygo-scenario/1
title: Summon and attack
board:
  turn: 2
  turn_player: A
  phase: main1
  players:
    A: {lp: 8000, hand: [Celtic Guardian], deck: 30, monsters: [], spell_traps: []}
    B: {lp: 8000, hand: [], deck: 30, monsters: [], spell_traps: []}
actions:
  - {player: A, do: normal_summon, card: "A:Celtic Guardian", position: attack}
  - {player: A, do: phase, to: battle}
  - {player: A, do: attack, attacker: "A:Celtic Guardian", target: direct}
  - {player: A, do: phase, to: main2}
"""


@pytest.fixture
def scenario_doc() -> dict[str, Any]:
    """The summon-and-attack scenario as a dict, fresh for each test to change at will."""
    return yaml.safe_load(SUMMON_AND_ATTACK)


@pytest.fixture
def scenario_yaml() -> str:
    return SUMMON_AND_ATTACK
