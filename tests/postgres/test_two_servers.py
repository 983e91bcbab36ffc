"""Two app servers, one PostgreSQL database: what an event's judge team runs on several machines.

Two gunicorn servers (gunicorn.conf.py, as `./dev.sh serve` starts them) on two loopback ports
share a fresh database (DATABASE_URL), the database cache (CACHE_URL=db) and the secret key, and
nothing else. A judge signs up through one; the session works through the other; a ruling saved
through one is read and edited through the other, and an edit based on the older version is a
conflict (409) whichever server it reaches. Throttle counts and login lockouts count requests
made through both.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import secrets
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
import pytest
from psycopg import sql

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "a-long-pass-phrase-1"
ANON_RATE = 6  # requests per minute per address, through both servers together


@dataclass
class Answer:
    status: int
    body: str

    def json(self) -> Any:
        return json.loads(self.body)


class Judge:
    """A browser's cookies (a session, the CSRF token) used against either server: cookies do not
    depend on the port, as they would not behind one address in front of both."""

    def __init__(self) -> None:
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def request(self, url: str, method: str = "GET", body: Any = None, form: dict | None = None) -> Answer:
        headers = {"X-CSRFToken": self.cookie("csrftoken") or ""}
        data = None
        if form is not None:
            data = urllib.parse.urlencode(form).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        elif body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(url, data=data, method=method, headers=headers)
        try:
            with self.opener.open(request, timeout=60) as response:
                return Answer(response.status, response.read().decode())
        except urllib.error.HTTPError as error:
            return Answer(error.code, error.read().decode())

    def cookie(self, name: str) -> str | None:
        return next((c.value for c in self.jar if c.name == name), None)

    def post_form(self, url: str, fields: dict[str, str]) -> Answer:
        """A page's form sent back as a browser does: its CSRF token read off the page first."""
        page = self.request(url)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.body)
        assert token, f"{url} has no form"
        return self.request(url, "POST", form={"csrfmiddlewaretoken": token[1], **fields})


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def shared_database(postgres_url: str) -> Iterator[str]:
    """A database of its own on the test server, made for this test and dropped after it."""
    name = f"duel_arbiter_two_servers_{os.getpid()}"
    with psycopg.connect(postgres_url, autocommit=True) as admin:
        admin.execute(sql.SQL("DROP DATABASE IF EXISTS {}").format(sql.Identifier(name)))
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield urllib.parse.urlparse(postgres_url)._replace(path=f"/{name}").geturl()
    finally:
        with psycopg.connect(postgres_url, autocommit=True) as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


@pytest.fixture(scope="module")
def two_servers(shared_database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """Two gunicorn servers over the shared database and cache, migrated as `./dev.sh serve` does;
    started once for the tests of this file (anonymous requests count towards one limit)."""
    logs = tmp_path_factory.mktemp("servers")
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "DATABASE_URL": shared_database,
        "CACHE_URL": os.environ.get("TEST_CACHE_URL") or "db",  # e.g. a Redis of one's own to try that
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),  # one key for both: sessions are signed with it
        "DJANGO_DEBUG": "0",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DUEL_ARBITER_RATE_ANON": f"{ANON_RATE}/minute",
        "WEB_CONCURRENCY": "1",
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)  # the real settings, not the tests'
    manage = [sys.executable, str(ROOT / "manage.py")]
    for command in (["migrate", "--noinput", "--verbosity", "0"], ["createcachetable"]):
        subprocess.run([*manage, *command], cwd=ROOT, env=env, check=True, timeout=300)
    servers, urls = [], []
    try:
        for i in range(2):
            port = _free_port()
            # each its own file cache, as on two machines: only CACHE_URL's is shared
            own = {"GUNICORN_BIND": f"127.0.0.1:{port}", "DUEL_ARBITER_CACHE_DIR": str(logs / f"cache-{i}")}
            with (logs / f"server-{i}.log").open("w") as log:
                servers.append(
                    subprocess.Popen(
                        [sys.executable, "-m", "gunicorn", "--config", str(ROOT / "gunicorn.conf.py")],
                        cwd=ROOT,
                        env={**env, **own},
                        stdout=log,
                        stderr=subprocess.STDOUT,
                    )
                )
            urls.append(f"http://127.0.0.1:{port}")
        for server, url in zip(servers, urls, strict=True):
            _wait_until_up(server, url)
        yield urls[0], urls[1]
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


def _wait_until_up(server: subprocess.Popen, url: str) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert server.poll() is None, f"the server of {url} stopped (exit {server.returncode})"
        try:
            with urllib.request.urlopen(f"{url}/accounts/login/", timeout=30) as response:
                if response.status == 200:
                    return
        except OSError:  # not listening yet (refused), or the worker still booting (timed out)
            pass
        time.sleep(0.3)
    raise AssertionError(f"{url} did not answer within 60 s")


def _edit(scenario: str, notes: str, version: int) -> dict[str, Any]:
    return {"title": "Two servers", "notes": notes, "scenario": scenario, "version": version}


def test_a_ruling_saved_through_one_server_is_read_edited_and_conflict_checked_through_the_other(
    two_servers: tuple[str, str], scenario_yaml: str
) -> None:
    one, two = two_servers
    judge = Judge()
    signed_up = judge.post_form(
        f"{one}/accounts/signup/", {"username": "alice", "password1": PASSWORD, "password2": PASSWORD}
    )
    assert signed_up.status == 200 and "alice" in signed_up.body, "signed up and signed in through one"

    created = judge.request(f"{one}/api/rulings", "POST", {"title": "Two servers", "scenario": scenario_yaml})
    assert created.status == 201, created.body
    slug = created.json()["slug"]

    read = judge.request(f"{two}/api/rulings/{slug}")
    assert read.status == 200
    assert (read.json()["title"], read.json()["version"]) == ("Two servers", 1)

    edited = judge.request(f"{two}/api/rulings/{slug}", "PUT", _edit(scenario_yaml, "edited through two", 1))
    assert edited.status == 200, "the session made through one signs the judge in through two"
    assert edited.json()["version"] == 2

    stale = judge.request(f"{one}/api/rulings/{slug}", "PUT", _edit(scenario_yaml, "stale, through one", 1))
    assert stale.status == 409, stale.body
    assert (stale.json()["current"]["version"], stale.json()["current"]["notes"]) == (2, "edited through two")

    again = judge.request(f"{one}/api/rulings/{slug}", "PUT", _edit(scenario_yaml, "kept, through one", 2))
    assert again.status == 200 and again.json()["version"] == 3
    latest = judge.request(f"{two}/api/rulings/{slug}").json()
    assert (latest["version"], latest["notes"]) == (3, "kept, through one")


def test_throttles_and_login_lockouts_count_requests_through_both_servers(
    two_servers: tuple[str, str],
) -> None:
    one, two = two_servers
    visitor = Judge()
    statuses = [visitor.request(f"{(one, two)[i % 2]}/api/glossary").status for i in range(ANON_RATE + 1)]
    assert statuses == [200] * ANON_RATE + [429], "the limit is for both servers together"

    judge = Judge()
    fields = {"username": "bob", "password1": PASSWORD, "password2": PASSWORD}
    assert judge.post_form(f"{one}/accounts/signup/", fields).status == 200
    intruder = Judge()
    wrong = {"username": "bob", "password": "not the password"}
    # django-axes: the 5th wrong password for one account from one address locks that pair out
    guesses = [intruder.post_form(f"{(one, two)[i % 2]}/accounts/login/", wrong).status for i in range(5)]
    assert guesses == [200] * 4 + [429], "wrong guesses through either server count together"
    right = intruder.post_form(f"{two}/accounts/login/", {"username": "bob", "password": PASSWORD})
    assert right.status == 429, "locked out through both: the right password is refused too"
