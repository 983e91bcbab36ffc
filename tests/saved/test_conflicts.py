"""Nothing lost: a save based on an older version is a conflict (409), never a silent overwrite
and never a 500, whether two judges save at once or twenty.

The concurrent tests run threads against the test database, a real SQLite file (tests/settings.py)
in WAL mode with a busy timeout and IMMEDIATE transactions (rulings/settings.py).
"""

import json
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client

from rulings.saved import store
from rulings.saved.models import SavedRuling

WRITERS = 20


@pytest.fixture
def judge(django_user_model: type[User]) -> User:
    return django_user_model.objects.create_user("alice", password="a-long-pass-phrase-1")


def _ruling(scenario_yaml: str, author: User) -> SavedRuling:
    snap = store.snapshot(scenario_yaml)
    return store.save_version(None, title="Direct attack", notes="version 1", snap=snap, author=author)


def _put(client: Client, ruling: SavedRuling, scenario: str, notes: str, version: Any) -> Any:
    body = {"title": "Direct attack", "notes": notes, "scenario": scenario, "version": version}
    return client.put(f"/api/rulings/{ruling.slug}", json.dumps(body), content_type="application/json")


# --- one judge's stale edit


def test_a_stale_edit_on_the_page_shows_both_and_saves_nothing(
    client: Client, judge: User, seeded: None, scenario_yaml: str
) -> None:
    ruling = _ruling(scenario_yaml, judge)
    client.force_login(judge)
    url = f"/r/{ruling.slug}/edit/"
    assert 'name="version" value="1"' in client.get(url).content.decode()
    # Another tab (or judge) saves version 2 meanwhile.
    store.save_version(
        ruling, title="Direct attack", notes="theirs", snap=store.snapshot(scenario_yaml), author=judge,
        based_on=1,
    )  # fmt: skip
    mine = {"title": "Direct attack", "notes": "mine", "scenario": scenario_yaml, "version": 1}
    response = client.post(url, mine)
    page = response.content.decode()
    assert response.status_code == 409
    assert "version 2 was saved while you were editing" in page
    assert "theirs" in page and ">mine</textarea>" in page, "both are shown"
    assert 'name="version" value="2"' in page, "saving again is a deliberate choice over version 2"
    ruling.refresh_from_db()
    assert (ruling.version, ruling.notes) == (2, "theirs")
    # The judge chooses to keep theirs: saved as version 3, version 2 kept in the history.
    assert client.post(url, {**mine, "version": 2}).status_code == 302
    ruling.refresh_from_db()
    assert (ruling.version, ruling.notes) == (3, "mine")
    assert list(ruling.versions.values_list("number", "notes")) == [
        (3, "mine"),
        (2, "theirs"),
        (1, "version 1"),
    ]


def test_an_edit_form_without_its_version_is_a_conflict(
    client: Client, judge: User, seeded: None, scenario_yaml: str
) -> None:
    ruling = _ruling(scenario_yaml, judge)
    client.force_login(judge)
    response = client.post(f"/r/{ruling.slug}/edit/", {"title": "x", "notes": "n", "scenario": scenario_yaml})
    assert response.status_code == 409
    assert SavedRuling.objects.get(pk=ruling.pk).version == 1


def test_the_api_answers_a_stale_edit_409_with_the_ruling_as_it_stands(
    client: Client, judge: User, django_user_model: type[User], seeded: None, scenario_yaml: str
) -> None:
    ruling = _ruling(scenario_yaml, judge)
    assert client.get(f"/api/rulings/{ruling.slug}").json()["version"] == 1
    assert _put(client, ruling, scenario_yaml, "anonymous", 1).status_code in (401, 403)
    client.force_login(django_user_model.objects.create_user("bob", password="another-pass-phrase-2"))
    assert _put(client, ruling, scenario_yaml, "not yours", 1).status_code == 403
    client.force_login(judge)
    missing = _put(client, ruling, scenario_yaml, "no version", None)
    assert missing.status_code == 400 and missing.json()["errors"][0]["path"] == "version"
    saved = _put(client, ruling, scenario_yaml, "second", 1)
    assert saved.status_code == 200 and saved.json()["version"] == 2
    stale = _put(client, ruling, scenario_yaml, "third, from version 1", 1)
    assert stale.status_code == 409
    assert stale.json()["errors"][0]["path"] == "version"
    assert (stale.json()["current"]["version"], stale.json()["current"]["notes"]) == (2, "second")
    assert SavedRuling.objects.get(pk=ruling.pk).versions.count() == 2


# --- many at once


def _run_concurrently(work: Any, count: int = WRITERS) -> list[Any]:
    """`work(i)` in `count` threads released together; each closes its own database connection."""
    barrier = threading.Barrier(count)

    def run(i: int) -> Any:
        try:
            barrier.wait(timeout=30)
            return work(i)
        finally:
            connection.close()

    with ThreadPoolExecutor(max_workers=count) as pool:
        return list(pool.map(run, range(count)))


@pytest.mark.django_db(transaction=True)
def test_twenty_judges_editing_at_once_lose_nothing_and_get_no_500(
    transactional_seeded: None, judge: User, scenario_yaml: str
) -> None:
    ruling = _ruling(scenario_yaml, judge)
    clients = []
    for _ in range(WRITERS):
        client = Client()
        client.force_login(judge)
        clients.append(client)

    def edit(i: int) -> list[int]:
        """Save from version 1; on a conflict, do what a judge who keeps theirs does: send again
        based on the newest version the 409 named."""
        statuses, based_on = [], 1
        while True:
            response = _put(clients[i], ruling, scenario_yaml, f"edit {i}", based_on)
            statuses.append(response.status_code)
            if response.status_code != 409:
                return statuses
            based_on = response.json()["current"]["version"]

    results = _run_concurrently(edit)
    first_tries = Counter(statuses[0] for statuses in results)
    assert first_tries == {200: 1, 409: WRITERS - 1}, "one wins; the others are told, none overwrites"
    assert all(statuses[-1] == 200 for statuses in results), results
    assert not any(status >= 500 for statuses in results for status in statuses)
    ruling.refresh_from_db()
    assert ruling.version == WRITERS + 1
    notes = set(ruling.versions.values_list("notes", flat=True))
    assert notes == {"version 1"} | {f"edit {i}" for i in range(WRITERS)}, "every edit is a version"
    assert sorted(ruling.versions.values_list("number", flat=True)) == list(range(1, WRITERS + 2))


@pytest.mark.django_db(transaction=True)
def test_twenty_new_rulings_at_once_are_all_saved(
    transactional_seeded: None, judge: User, scenario_yaml: str
) -> None:
    clients = []
    for _ in range(WRITERS):
        client = Client()
        client.force_login(judge)
        clients.append(client)

    def create(i: int) -> int:
        body = {"title": f"Ruling {i}", "scenario": scenario_yaml}
        return clients[i].post("/api/rulings", json.dumps(body), content_type="application/json").status_code

    assert _run_concurrently(create) == [201] * WRITERS
    assert SavedRuling.objects.count() == WRITERS


# --- what is stored is plain text


def test_titles_and_notes_with_control_characters_are_refused(
    client: Client, judge: User, seeded: None, scenario_yaml: str
) -> None:
    client.force_login(judge)
    for title, notes in (("Direct\x00attack", ""), ("Direct attack", "B takes\x1b[31m the damage")):
        response = client.post("/r/new/", {"title": title, "notes": notes, "scenario": scenario_yaml})
        assert response.status_code == 400 and "control character" in response.content.decode()
    body = json.dumps({"title": "Direct\x00attack", "scenario": scenario_yaml})
    response = client.post("/api/rulings", body, content_type="application/json")
    assert response.status_code == 400 and response.json()["errors"][0]["path"] == "title"
    assert not SavedRuling.objects.exists()
