"""Saved rulings: accounts, permalinks, versions, search, export/import, stale verdicts, API, seeds."""

import base64
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django.urls import Resolver404, resolve

from rulings.replays.models import Scenario
from rulings.saved.models import RulingVersion, SavedRuling

pytestmark = pytest.mark.django_db

CORPUS = Path(__file__).resolve().parents[1] / "scenarios"

# An illegal Normal Summon of a Level 6 monster without a Tribute: a second, different ruling.
SKULL = """\
format: ygo-scenario/1
title: Summoned Skull needs a Tribute
board:
  turn: 2
  turn_player: A
  phase: main1
  players:
    A: {hand: [Summoned Skull], deck: 30}
    B: {deck: 30}
actions:
  - {player: A, do: normal_summon, card: "A:Summoned Skull"}
"""


@pytest.fixture
def judge(django_user_model: type[User]) -> User:
    return django_user_model.objects.create_user("alice", password="a-long-pass-phrase-1")


@pytest.fixture
def other_judge(django_user_model: type[User]) -> User:
    return django_user_model.objects.create_user("bob", password="another-pass-phrase-2")


@pytest.fixture
def judge_client(client: Client, judge: User) -> Client:
    client.force_login(judge)
    return client


def save(client: Client, text: str, title: str = "", notes: str = "") -> SavedRuling:
    """POST the new-ruling form; return the ruling it redirected to."""
    response = client.post("/r/new/", {"title": title, "notes": notes, "scenario": text})
    assert response.status_code == 302, response.content.decode()[:3000]
    slug = response["Location"].strip("/").split("/")[-1]
    assert response["Location"] == f"/r/{slug}/"
    return SavedRuling.objects.get(slug=slug)


@pytest.fixture
def ruling(judge_client: Client, seeded: None, scenario_yaml: str) -> SavedRuling:
    return save(judge_client, scenario_yaml, title="Direct attack", notes="B takes the damage.")


# --- accounts


def test_signup_logs_in_and_returns_to_next(client: Client) -> None:
    response = client.post(
        "/accounts/signup/",
        {
            "username": "carol",
            "password1": "pink-ocean-walrus-9",
            "password2": "pink-ocean-walrus-9",
            "next": "/r/new/",
        },
    )
    assert response.status_code == 302 and response["Location"] == "/r/new/"
    assert client.get("/r/new/").status_code == 200, "signed up is logged in"


def test_signup_mismatched_passwords_is_explained(client: Client) -> None:
    response = client.post(
        "/accounts/signup/", {"username": "dave", "password1": "pink-ocean-walrus-9", "password2": "nope"}
    )
    assert response.status_code == 400
    assert "didn’t match" in response.content.decode() or "didn't match" in response.content.decode()
    assert not User.objects.filter(username="dave").exists()


def test_login_and_logout(client: Client, judge: User) -> None:
    response = client.post("/accounts/login/", {"username": "alice", "password": "a-long-pass-phrase-1"})
    assert response.status_code == 302 and response["Location"] == "/r/"
    assert "alice" in client.get("/r/").content.decode()
    assert client.post("/accounts/logout/").status_code == 302
    assert client.get("/r/new/").status_code == 302, "logged out again"


def test_bad_login_says_so(client: Client, judge: User) -> None:
    response = client.post("/accounts/login/", {"username": "alice", "password": "wrong"})
    assert response.status_code == 200
    assert "correct username and password" in response.content.decode()


# --- create


def test_new_needs_login(client: Client) -> None:
    response = client.get("/r/new/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/?next=/r/new/")


def test_create_stores_ruling_verdict_and_version_1(ruling: SavedRuling, judge: User) -> None:
    assert ruling.title == "Direct attack" and ruling.notes == "B takes the damage."
    assert ruling.author == judge and ruling.origin == "judge"
    assert len(ruling.slug) == 8 and ruling.slug.isalnum()
    assert ruling.result == {"winner": None, "draw": False, "reason": None}
    assert "B 6600" in ruling.verdict
    assert ruling.cards == ["Celtic Guardian"]
    assert {"normal-summon", "direct-attack"} <= set(ruling.topics)
    assert [s["accepted"] for s in ruling.steps] == [True] * len(ruling.steps)
    assert "battle.direct_attack" in [code for s in ruling.steps for code in s["codes"]]
    (version,) = ruling.versions.all()
    assert (version.number, version.notes, version.text, version.author) == (
        1,
        ruling.notes,
        ruling.text,
        judge,
    )


def test_create_takes_the_documents_title_when_none_given(judge_client: Client, seeded: None) -> None:
    assert save(judge_client, SKULL).title == "Summoned Skull needs a Tribute"


def test_create_invalid_scenario_shows_errors_and_saves_nothing(
    judge_client: Client, scenario_yaml: str
) -> None:
    text = scenario_yaml.replace("position: attack", "position: atk")
    response = judge_client.post("/r/new/", {"title": "Broken", "notes": "", "scenario": text})
    assert response.status_code == 400
    html = response.content.decode()
    assert 'id="scenario-errors"' in html and "expected attack, defense or set" in html
    assert 'aria-describedby="scenario-errors"' in html
    assert "Broken" in html, "what was typed stays in the form"
    assert SavedRuling.objects.count() == 0 and RulingVersion.objects.count() == 0


def test_create_without_any_title_asks_for_one(judge_client: Client, scenario_yaml: str) -> None:
    text = scenario_yaml.replace("title: Summon and attack\n", "")
    response = judge_client.post("/r/new/", {"title": "  ", "scenario": text})
    assert response.status_code == 400
    assert 'id="title-errors"' in response.content.decode()
    assert "Give the ruling a title" in response.content.decode()


def test_new_form_prefills_from_a_stored_scenario(judge_client: Client, scenario_yaml: str) -> None:
    scenario = Scenario.objects.create(text=scenario_yaml, fmt="yaml")
    response = judge_client.get("/r/new/", {"from": scenario.slug})
    assert response.status_code == 200
    assert response.context["scenario_value"] == scenario_yaml
    assert response.context["title_value"] == "Summon and attack"
    response = judge_client.get("/r/new/", {"text": SKULL})
    assert response.context["scenario_value"] == SKULL


# --- permalink


def test_permalink_is_readable_logged_out(ruling: SavedRuling) -> None:
    response = Client().get(f"/r/{ruling.slug}/")
    assert response.status_code == 200
    html = response.content.decode()
    for text in ["Direct attack", "B takes the damage.", "alice", ruling.verdict, "Celtic Guardian"]:
        assert text in html
    assert '<a class="term" href="/glossary/direct-attack/">' in html, "topics link the glossary"
    try:  # cards link their page where the site has card pages
        resolve("/cards/Celtic%20Guardian/")
        assert 'href="/cards/Celtic%20Guardian/"' in html
    except Resolver404:
        assert "/cards/" not in html
    assert f"/r/{ruling.slug}/edit/" not in html, "no Edit button for a reader"
    for link in ["print/", "export.yaml", "export.json", "versions/"]:
        assert f'href="/r/{ruling.slug}/{link}"' in html
    assert "The verdict has changed" not in html
    assert 'id="step-panel"' in html and f'href="/r/{ruling.slug}/step/2/"' in html


def test_permalink_shows_edit_to_its_author(judge_client: Client, ruling: SavedRuling) -> None:
    assert f'href="/r/{ruling.slug}/edit/"' in judge_client.get(f"/r/{ruling.slug}/").content.decode()


def test_ruling_steps_have_urls_and_htmx_partials(ruling: SavedRuling) -> None:
    client = Client()
    full = client.get(f"/r/{ruling.slug}/step/3/")
    assert full.status_code == 200 and "<html" in full.content.decode()
    assert full.context["step"]["n"] == 3
    assert full.context["prev_url"] == f"/r/{ruling.slug}/step/2/"
    partial = client.get(f"/r/{ruling.slug}/step/3/", HTTP_HX_REQUEST="true")
    html = partial.content.decode()
    assert partial.status_code == 200 and "<html" not in html and 'id="step-panel"' in html
    assert "attacks directly" in html
    assert client.get(f"/r/{ruling.slug}/step/99/").status_code == 404
    assert client.get("/r/nosuchslug/").status_code == 404


# --- edit, versions, restore


def test_edit_makes_a_new_version_and_keeps_the_old(judge_client: Client, ruling: SavedRuling) -> None:
    url = f"/r/{ruling.slug}/edit/"
    assert judge_client.get(url).status_code == 200
    response = judge_client.post(
        url, {"title": "Direct attack", "notes": "Updated notes.", "scenario": ruling.text, "version": 1}
    )
    assert response.status_code == 302
    ruling.refresh_from_db()
    assert ruling.notes == "Updated notes."
    assert list(ruling.versions.values_list("number", "notes")) == [
        (2, "Updated notes."),
        (1, "B takes the damage."),
    ]
    # Saving the same again makes no empty version.
    same = {"title": "Direct attack", "notes": "Updated notes.", "scenario": ruling.text, "version": 2}
    judge_client.post(url, same)
    assert ruling.versions.count() == 2

    versions = Client().get(f"/r/{ruling.slug}/versions/").content.decode()
    assert "Version 2 (current)" in versions and "Version 1" in versions
    old = Client().get(f"/r/{ruling.slug}/versions/1/")
    assert old.status_code == 200 and "B takes the damage." in old.content.decode()
    assert "Restore" not in old.content.decode(), "only the author may restore"


def test_edit_with_a_new_scenario_changes_the_verdict(judge_client: Client, ruling: SavedRuling) -> None:
    response = judge_client.post(
        f"/r/{ruling.slug}/edit/", {"title": "Skull", "notes": "", "scenario": SKULL, "version": 1}
    )
    assert response.status_code == 302
    ruling.refresh_from_db()
    assert ruling.cards == ["Summoned Skull"] and "illegal: step 1" in ruling.verdict
    assert ruling.versions.get(number=1).cards == ["Celtic Guardian"], "version 1 is unchanged"
    diff = judge_client.get(f"/r/{ruling.slug}/versions/1/").content.decode()
    assert "+  - {player: A, do: phase, to: battle}" in diff


def test_edit_with_a_bad_scenario_keeps_the_ruling(judge_client: Client, ruling: SavedRuling) -> None:
    response = judge_client.post(
        f"/r/{ruling.slug}/edit/",
        {"title": "x", "notes": "", "scenario": "format: ygo-scenario/1\nboard: {}"},
    )
    assert response.status_code == 400 and 'id="scenario-errors"' in response.content.decode()
    ruling.refresh_from_db()
    assert ruling.title == "Direct attack" and ruling.versions.count() == 1


def test_restore_creates_a_new_version(judge_client: Client, ruling: SavedRuling) -> None:
    edit = {"title": "Skull", "notes": "changed", "scenario": SKULL, "version": 1}
    judge_client.post(f"/r/{ruling.slug}/edit/", edit)
    page = judge_client.get(f"/r/{ruling.slug}/versions/1/").content.decode()
    assert "Restore version 1" in page and 'name="version" value="2"' in page
    response = judge_client.post(f"/r/{ruling.slug}/versions/1/", {"version": 2})
    assert response.status_code == 302
    ruling.refresh_from_db()
    assert (ruling.title, ruling.notes, ruling.cards) == (
        "Direct attack",
        "B takes the damage.",
        ["Celtic Guardian"],
    )
    assert list(ruling.versions.values_list("number", "title")) == [
        (3, "Direct attack"),
        (2, "Skull"),
        (1, "Direct attack"),
    ]
    assert "restored as version 3" in judge_client.get(f"/r/{ruling.slug}/").content.decode()


def test_only_the_author_edits_or_restores(client: Client, other_judge: User, ruling: SavedRuling) -> None:
    # Logged out: asked to log in.
    logged_out = Client()
    assert logged_out.get(f"/r/{ruling.slug}/edit/").status_code == 302
    assert logged_out.post(f"/r/{ruling.slug}/versions/1/").status_code == 302
    # Another judge: a friendly 403 and nothing changes.
    client.force_login(other_judge)
    response = client.get(f"/r/{ruling.slug}/edit/")
    assert response.status_code == 403
    assert "Only its author can edit this ruling" in response.content.decode()
    posted = client.post(
        f"/r/{ruling.slug}/edit/", {"title": "Mine now", "notes": "", "scenario": ruling.text}
    )
    assert posted.status_code == 403
    assert client.post(f"/r/{ruling.slug}/versions/1/").status_code == 403
    ruling.refresh_from_db()
    assert ruling.title == "Direct attack" and ruling.versions.count() == 1


# --- search


@pytest.fixture
def two_rulings(judge_client: Client, seeded: None, scenario_yaml: str) -> tuple[SavedRuling, SavedRuling]:
    first = save(judge_client, scenario_yaml, title="Direct attack", notes="Nothing blocks it.")
    second = save(
        judge_client, SKULL, title="Level 6 without a Tribute", notes="Summoned Skull stays in hand."
    )
    return first, second


def titles(response: Any) -> list[str]:
    return [r.title for r in response.context["page"].object_list]


def test_search_by_card_topic_and_text(client: Client, two_rulings: tuple[SavedRuling, SavedRuling]) -> None:
    assert titles(client.get("/r/", {"card": "celtic"})) == ["Direct attack"]
    assert titles(client.get("/r/", {"card": "Summoned Skull"})) == ["Level 6 without a Tribute"]
    assert titles(client.get("/r/", {"topic": "tribute-summon"})) == ["Level 6 without a Tribute"]
    assert titles(client.get("/r/", {"topic": "Direct Attack"})) == ["Direct attack"], "by glossary term"
    assert titles(client.get("/r/", {"q": "stays in hand"})) == ["Level 6 without a Tribute"], "notes"
    assert titles(client.get("/r/", {"q": "direct"})) == ["Direct attack"], "title"
    assert titles(client.get("/r/", {"q": "direct", "card": "skull"})) == [], "filters combine"
    assert sorted(titles(client.get("/r/"))) == ["Direct attack", "Level 6 without a Tribute"]
    html = client.get("/r/", {"card": "nothing like this"}).content.decode()
    assert "No ruling matches" in html


def test_search_live_results_are_an_htmx_fragment(client: Client, two_rulings: Any) -> None:
    response = client.get("/r/", {"card": "skull"}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert "<html" not in html and html.lstrip().startswith('<section id="ruling-results"')
    assert "Level 6 without a Tribute" in html and "Direct attack" not in html
    assert "1 matching ruling" in html


def test_search_is_paginated(judge: User, seeded: None, scenario_yaml: str) -> None:
    from rulings.saved import store

    snap = store.snapshot(scenario_yaml)
    for i in range(25):
        store.save_version(None, title=f"Ruling {i:02}", notes="", snap=snap, author=judge)
    client = Client()
    first = client.get("/r/")
    assert len(first.context["page"].object_list) == 20
    assert 'href="?page=2"' in first.content.decode()
    second = client.get("/r/", {"page": 2, "q": "Ruling"})
    assert len(second.context["page"].object_list) == 5
    assert 'href="?q=Ruling&amp;page=1"' in second.content.decode()


# --- export and import


def test_export_yaml_and_json_roundtrip(judge_client: Client, ruling: SavedRuling) -> None:
    for ext, load in (("yaml", yaml.safe_load), ("json", json.loads)):
        response = Client().get(f"/r/{ruling.slug}/export.{ext}")
        assert response.status_code == 200
        assert response["Content-Disposition"] == f'attachment; filename="{ruling.slug}.ruling.{ext}"'
        data = load(response.content.decode())
        assert data["format"] == "duel-arbiter-ruling/1"
        assert (data["title"], data["notes"], data["cards"]) == (ruling.title, ruling.notes, ruling.cards)
        assert data["verdict"]["summary"] == ruling.verdict
        assert data["scenario"] == yaml.safe_load(ruling.text)

        upload = SimpleUploadedFile(f"exported.{ext}", response.content)
        imported = judge_client.post("/r/import/", {"file": upload, "text": "", "title": ""})
        assert imported.status_code == 302, imported.content.decode()[:3000]
        copy = SavedRuling.objects.get(slug=imported["Location"].strip("/").split("/")[-1])
        assert copy.slug != ruling.slug
        assert (copy.title, copy.notes, copy.verdict, copy.steps) == (
            ruling.title,
            ruling.notes,
            ruling.verdict,
            ruling.steps,
        )
        assert yaml.safe_load(copy.text) == yaml.safe_load(ruling.text)
        assert copy.fmt == ext


def test_import_a_bare_scenario_by_paste(judge_client: Client, seeded: None) -> None:
    response = judge_client.post("/r/import/", {"text": SKULL, "title": ""})
    assert response.status_code == 302
    ruling = SavedRuling.objects.get()
    assert ruling.title == "Summoned Skull needs a Tribute" and ruling.text == SKULL


@pytest.mark.parametrize(
    ("body", "path", "message"),
    [
        ("", "(document)", "The file is empty"),
        ("format: [unclosed", "(document)", "not valid YAML"),
        ('{"format": ', "(document)", "not valid JSON"),
        ("- just\n- a list\n", "(document)", "Expected a duel-arbiter-ruling/1 or ygo-scenario/1"),
        ("format: duel-arbiter-ruling/9\nscenario: {}\n", "format", "Expected duel-arbiter-ruling/1"),
        ("title: x\nscenario: {}\n", "format", "needs `format: duel-arbiter-ruling/1`"),
        ("format: duel-arbiter-ruling/1\ntitle: x\n", "scenario", "Expected the scenario document"),
        ("format: duel-arbiter-ruling/1\ntitle: [1]\nscenario: {}\nextra: 1\n", "extra", "Unknown key"),
        (
            "format: duel-arbiter-ruling/1\ntitle: x\n"
            "scenario:\n  format: ygo-scenario/1\n  board: {turn: 0}\n",
            "scenario.board.turn",
            "",
        ),
    ],
)
def test_bad_imports_are_explained(judge_client: Client, body: str, path: str, message: str) -> None:
    response = judge_client.post("/r/import/", {"text": body, "title": ""})
    assert response.status_code == 400
    errors = response.context["errors"]
    assert any(e["path"] == path and message in e["message"] for e in errors), errors
    assert "Not imported" in response.content.decode()
    assert SavedRuling.objects.count() == 0


def test_import_rejects_a_binary_file(judge_client: Client) -> None:
    upload = SimpleUploadedFile("ruling.yaml", b"\xff\xfe\x00bad")
    response = judge_client.post("/r/import/", {"file": upload})
    assert response.status_code == 400
    assert "is not UTF-8 text" in response.content.decode()


def test_import_needs_login(client: Client) -> None:
    assert client.get("/r/import/").status_code == 302


# --- stale rulings


def test_changed_verdict_shows_both_and_the_changed_steps(ruling: SavedRuling) -> None:
    # As if the ruling had been saved by an engine that judged step 3 differently.
    old_steps = [dict(s) for s in ruling.steps]
    old_steps[2] = {**old_steps[2], "accepted": False, "codes": ["battle.blocked"], "summary": "Old summary"}
    SavedRuling.objects.filter(pk=ruling.pk).update(
        steps=old_steps,
        verdict="Old verdict: B keeps 8000 LP.",
        result={"winner": "A", "draw": False, "reason": "x"},
    )
    response = Client().get(f"/r/{ruling.slug}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "The verdict has changed since this ruling was saved" in html
    assert "Old verdict: B keeps 8000 LP." in html and ruling.verdict in html
    assert "The result of the duel changed." in html
    changed = response.context["comparison"].changed_steps
    assert [c["n"] for c in changed] == [3]
    assert changed[0]["fields"] == ["accepted", "codes"]  # a new title alone is wording, not a ruling
    assert "was illegal, now accepted" in html and "battle.direct_attack" in html


def test_ruling_that_no_longer_replays_still_opens(ruling: SavedRuling) -> None:
    # As if a card had been renamed in the catalog since the ruling was saved.
    text = ruling.text.replace("Celtic Guardian", "Celtic Guardian of Old")
    SavedRuling.objects.filter(pk=ruling.pk).update(text=text)
    client = Client()
    response = client.get(f"/r/{ruling.slug}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "This ruling no longer replays" in html
    assert ruling.verdict in html, "the stored verdict is still shown"
    assert "Celtic Guardian of Old" in html, "the engine's error names the unknown card"
    assert client.get(f"/r/{ruling.slug}/step/2/").status_code == 302
    printed = client.get(f"/r/{ruling.slug}/print/").content.decode()
    assert "This ruling no longer replays" in printed and "Steps as stored" in printed


# --- print


def test_print_view_has_everything_on_one_page(ruling: SavedRuling) -> None:
    response = Client().get(f"/r/{ruling.slug}/print/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "@media print" not in html, "print rules live in the stylesheet"
    assert "rulings/rulings.css" in html and 'class="site-header"' not in html, "no navigation"
    for text in ["Direct attack", ruling.verdict, "B takes the damage.", "The board at the start"]:
        assert text in html
    steps = response.context["steps"]
    assert len(steps) == len(ruling.steps)
    assert any("Direct attack" in t for s in steps for e in s["explanations"] for t in e["terms"])
    assert "Celtic Guardian" in html and "A Normal Summons Celtic Guardian" in html


# --- API


def basic(user: str, password: str) -> dict[str, str]:
    token = base64.b64encode(f"{user}:{password}".encode()).decode()
    return {"HTTP_AUTHORIZATION": f"Basic {token}"}


def test_api_list_and_detail(client: Client, two_rulings: tuple[SavedRuling, SavedRuling]) -> None:
    first, second = two_rulings
    listed = client.get("/api/rulings").json()["results"]
    assert {r["slug"] for r in listed} == {first.slug, second.slug}
    assert [r["title"] for r in client.get("/api/rulings", {"card": "skull"}).json()["results"]] == [
        second.title
    ]
    assert [r["title"] for r in client.get("/api/rulings", {"topic": "direct-attack"}).json()["results"]] == [
        first.title
    ]
    assert client.get("/api/rulings", {"q": "nothing like it"}).json()["results"] == []
    detail = client.get(f"/api/rulings/{first.slug}").json()
    assert detail["title"] == "Direct attack" and detail["notes"] == "Nothing blocks it."
    assert detail["author"] == "alice"
    assert detail["scenario"] == yaml.safe_load(first.text)
    assert detail["verdict"]["summary"] == first.verdict and detail["verdict"]["steps"] == first.steps
    assert detail["cards"] == ["Celtic Guardian"] and "direct-attack" in detail["topics"]
    assert detail["permalink"] == f"http://testserver/r/{first.slug}/"
    assert detail["created"] and detail["updated"]
    missing = client.get("/api/rulings/nope")
    assert missing.status_code == 404 and "nope" in missing.json()["detail"]


def test_api_create_needs_a_user(client: Client, seeded: None, scenario_doc: dict[str, Any]) -> None:
    body = json.dumps({"title": "API ruling", "scenario": scenario_doc})
    response = client.post("/api/rulings", body, content_type="application/json")
    assert response.status_code in (401, 403)
    assert SavedRuling.objects.count() == 0


def test_api_create_with_basic_auth(
    client: Client, judge: User, seeded: None, scenario_doc: dict[str, Any]
) -> None:
    body = json.dumps({"title": "API ruling", "notes": "via the API", "scenario": scenario_doc})
    response = client.post(
        "/api/rulings", body, content_type="application/json", **basic("alice", "a-long-pass-phrase-1")
    )
    assert response.status_code == 201, response.content
    data = response.json()
    ruling = SavedRuling.objects.get(slug=data["slug"])
    assert response["Location"] == data["permalink"]
    assert (ruling.title, ruling.notes, ruling.author) == ("API ruling", "via the API", judge)
    assert data["scenario"] == scenario_doc and ruling.versions.count() == 1
    assert client.get(f"/r/{ruling.slug}/").status_code == 200


def test_api_create_takes_yaml_text_and_session_auth(judge_client: Client, seeded: None) -> None:
    body = json.dumps({"scenario": SKULL})
    response = judge_client.post("/api/rulings", body, content_type="application/json")
    assert response.status_code == 201, response.content
    assert response.json()["title"] == "Summoned Skull needs a Tribute"


def test_api_create_rejects_bad_bodies(client: Client, judge: User, scenario_doc: dict[str, Any]) -> None:
    auth = basic("alice", "a-long-pass-phrase-1")
    scenario_doc["board"]["turn"] = 0
    cases = [
        ({"title": 5, "scenario": scenario_doc}, {"title", "scenario.board.turn"}),
        ({"title": "x"}, {"scenario"}),
        ({"title": "x", "scenario": 12}, {"scenario"}),
        ([1, 2], {"(document)"}),
    ]
    for body, paths in cases:
        response = client.post("/api/rulings", json.dumps(body), content_type="application/json", **auth)
        assert response.status_code == 400, body
        assert {e["path"] for e in response.json()["errors"]} == paths, response.json()
    assert SavedRuling.objects.count() == 0


def test_schema_describes_the_rulings_api(client: Client) -> None:
    schema = client.get("/api/schema", {"format": "json"}).json()
    assert {"get", "post"} <= set(schema["paths"]["/api/rulings"])
    assert {"201", "400"} <= set(schema["paths"]["/api/rulings"]["post"]["responses"])
    assert "get" in schema["paths"]["/api/rulings/{slug}"]


# --- worked examples


def test_seeded_worked_examples(client: Client, seeded: None) -> None:
    call_command("seed_rulings", verbosity=0)
    examples = SavedRuling.objects.filter(origin="worked-example")
    assert examples.count() >= 30
    tie = examples.get(slug="battle-atk-vs-atk-tie")
    source = yaml.safe_load((CORPUS / "battle-atk-vs-atk-tie.yaml").read_text())
    assert tie.title == source["title"] and tie.author is None
    assert tie.notes.startswith("Source: Official Rulebook v10") and source["note"] in tie.notes
    assert set(tie.cards) == {"Luster Dragon", "Vorse Raider"}
    assert not examples.filter(slug__startswith="doc-").exists(), "rejected documents are not rulings"
    assert not examples.filter(slug="chain-destroying-is-not-negating").exists(), (
        "cites no reference document"
    )
    page = client.get(f"/r/{tie.slug}/").content.decode()
    assert "Worked example" in page and "The verdict has changed" not in page
    assert client.get("/r/", {"card": "vorse"}).context["page"].paginator.count >= 1

    call_command("seed_rulings", verbosity=0)
    assert RulingVersion.objects.filter(ruling__origin="worked-example").count() == examples.count(), (
        "idempotent"
    )


def test_reseeding_adds_a_version_only_for_changed_files(
    tmp_path: Path, judge: User, seeded: None, scenario_yaml: str
) -> None:
    for name in ("battle-atk-vs-atk-tie.yaml", "battle-direct-attack.yaml"):
        shutil.copy(CORPUS / name, tmp_path / name)
    from rulings.saved import store

    judges = store.save_version(
        None, title="Mine", notes="", snap=store.snapshot(scenario_yaml), author=judge
    )
    call_command("seed_rulings", corpus=tmp_path, verbosity=0)
    changed = tmp_path / "battle-atk-vs-atk-tie.yaml"
    changed.write_text(changed.read_text().replace("title: ATK vs ATK", "title: Tie, ATK vs ATK"))
    call_command("seed_rulings", corpus=tmp_path, verbosity=0)

    tie = SavedRuling.objects.get(slug="battle-atk-vs-atk-tie")
    assert tie.title.startswith("Tie, ATK vs ATK") and tie.versions.count() == 2
    assert SavedRuling.objects.get(slug="battle-direct-attack").versions.count() == 1
    judges.refresh_from_db()
    assert judges.title == "Mine" and judges.versions.count() == 1 and judges.origin == "judge"


def test_a_stored_scenario_is_read_the_same_each_time_and_cannot_be_changed_by_a_reader() -> None:
    """The API lists rulings from their stored texts: a text read before is served from memory,
    and what one request does with its copy does not reach the next request's."""
    from rulings.saved.store import document_of

    first = document_of(SKULL, "yaml")
    assert first == yaml.safe_load(SKULL)
    first["title"] = "changed by a reader"
    first["actions"].clear()
    again = document_of(SKULL, "yaml")
    assert again == yaml.safe_load(SKULL)
    assert document_of(json.dumps(again), "json") == again
