"""Bounded input everywhere (README, "Limits"): every endpoint that takes a body answers bad input
400, or 413 for a body too large, in the API's error format; never 500, never a traceback, and
never the input quoted beyond a short excerpt. The pages the same, with their own error pages."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from engine.limits import LIMITS
from rulings.saved import store
from rulings.saved.models import SavedRuling

# 341 bytes of nested aliases: each line nine times the one before (9**9 strings written out)
BOMB = "\n".join(
    ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    + [f"{chr(98 + i)}: &{chr(98 + i)} [{','.join(['*' + chr(97 + i)] * 9)}]" for i in range(8)]
)
DEEP = "[" * 10_000 + "]" * 10_000
MARKER = "Q" * 3000  # a long run that an error must not quote whole


def _bodies() -> dict[str, bytes]:
    """Bad bodies of many shapes, as raw bytes (sent as application/json)."""
    return {
        "not an object": b"[1, 2, 3]",
        "a string": b'"text"',
        "null": b"null",
        "a number": b"12",
        "deep nesting": DEEP.encode(),
        "deep in an object": ('{"text": ' + DEEP + ', "ydk": ' + DEEP + "}").encode(),
        "wrong types": b'{"text": [1], "kind": {"a": 1}, "subtype": 3, "ydk": 5, "title": [], "scenario": 7}',
        "huge number": ('{"text": 1' + "0" * 6000 + "}").encode(),
        "huge number in a list": ("[" + "9" * 6000 + "]").encode(),
        "NaN": b'{"text": NaN}',
        "NUL bytes": b'{"text": "a\\u0000b\x00", "kind": "monster\x00"}',
        "invalid UTF-8": b'{"text": "\xff\xfe\xfa"}',
        "malformed": b'{"text": ',
        "an echo bait": json.dumps({"ydk": MARKER, "text": MARKER, "kind": MARKER, "title": MARKER}).encode(),
        "unknown keys": json.dumps({MARKER: 1, "x" * 100: [MARKER]}).encode(),
        "empty": b"",
    }


BODIES = _bodies()
ENDPOINTS = [
    ("post", "/api/replay"),
    ("post", "/api/decks"),
    ("post", "/api/cards/classify"),
    ("post", "/api/rulings"),
    ("put", "/api/rulings/{slug}"),
]


@pytest.fixture
def judge(db: None, django_user_model: type[User]) -> User:
    return django_user_model.objects.create_user("limits-judge", password="a-long-pass-phrase-1")


@pytest.fixture
def ruling(judge: User, scenario_yaml: str) -> SavedRuling:
    snap = store.snapshot(scenario_yaml)
    return store.save_version(None, title="Summon", notes="", snap=snap, author=judge)


@pytest.fixture
def signed_in(client: Client, judge: User) -> Client:
    client.force_login(judge)
    return client


def _send(client: Client, method: str, url: str, body: bytes, content_type: str = "application/json") -> Any:
    return getattr(client, method)(url, data=body, content_type=content_type)


def _assert_refused(response: Any, *, statuses: tuple[int, ...] = (400, 413)) -> list[dict[str, str]]:
    """400/413 in the API's format, nothing from a traceback, no long excerpt of the input."""
    assert response.status_code in statuses, (response.status_code, response.content[:300])
    text = response.content.decode()
    assert "Traceback" not in text and "RecursionError" not in text and 'File "' not in text
    assert MARKER[:200] not in text
    assert len(text) < 20_000
    errors = response.json()["errors"]
    assert errors and all(set(e) == {"path", "message"} for e in errors)
    assert all(isinstance(e["path"], str) and isinstance(e["message"], str) for e in errors)
    return errors


@pytest.mark.parametrize("shape", list(BODIES))
@pytest.mark.parametrize(("method", "url"), ENDPOINTS)
def test_no_endpoint_answers_500_to_bad_input(
    signed_in: Client, ruling: SavedRuling, seeded: None, method: str, url: str, shape: str
) -> None:
    response = _send(signed_in, method, url.format(slug=ruling.slug), BODIES[shape])
    _assert_refused(response)


@pytest.mark.parametrize(("method", "url"), ENDPOINTS)
def test_deep_nesting_is_400_naming_the_limit_on_every_endpoint(
    signed_in: Client, ruling: SavedRuling, method: str, url: str
) -> None:
    body = ('{"text": ' + DEEP + ', "scenario": ' + DEEP + "}").encode()
    errors = _assert_refused(_send(signed_in, method, url.format(slug=ruling.slug), body), statuses=(400,))
    assert any("depth" in e["message"] for e in errors), errors


@pytest.mark.parametrize(("method", "url"), ENDPOINTS)
def test_a_body_over_the_limit_is_413_in_the_api_format(
    signed_in: Client, ruling: SavedRuling, method: str, url: str
) -> None:
    body = json.dumps({"text": "x" * LIMITS.body_bytes}).encode()
    errors = _assert_refused(_send(signed_in, method, url.format(slug=ruling.slug), body), statuses=(413,))
    assert any("body_bytes" in e["message"] for e in errors), errors


def test_a_yaml_body_over_the_limit_is_413(client: Client, db: None) -> None:
    body = ("title: " + "x" * LIMITS.body_bytes).encode()
    errors = _assert_refused(_send(client, "post", "/api/replay", body, "application/yaml"), statuses=(413,))
    assert "body_bytes" in errors[0]["message"]


def test_the_alias_bomb_is_400_naming_aliases(client: Client, db: None) -> None:
    """Refused as the first anchor is met, before anything is expanded or built."""
    errors = _assert_refused(_send(client, "post", "/api/replay", BOMB.encode(), "application/yaml"))
    assert errors == [
        {
            "path": "",
            "message": "YAML anchors and aliases (&name, *name) are not accepted: a scenario never needs "
            "them; write each value out (line 1, column 4)",
        }
    ]


def test_ten_thousand_turns_are_refused_with_the_limit_named(
    client: Client, db: None, scenario_doc: dict[str, Any]
) -> None:
    end_turns = [{"player": "A", "do": "end_turn"}, {"player": "B", "do": "end_turn"}]
    scenario_doc["actions"] = end_turns * 5000
    errors = _assert_refused(client.post("/api/replay", scenario_doc, content_type="application/json"))
    assert errors == [
        {"path": "actions", "message": f"10000 actions is over the limit of {LIMITS.actions} (actions)"}
    ]
    scenario_doc["actions"] = end_turns * 150
    errors = _assert_refused(client.post("/api/replay", scenario_doc, content_type="application/json"))
    assert errors[0]["message"].startswith(f"300 turns is over the limit of {LIMITS.turns} (turns)")


def test_a_replay_writing_too_much_asks_for_less(
    client: Client, db: None, scenario_doc: dict[str, Any]
) -> None:
    """The output bound: every step's whole board and `legal` count their cards."""
    scenario_doc["board"]["players"]["A"]["deck"] = ["Celtic Guardian"] * 2000
    scenario_doc["board"]["players"]["B"]["deck"] = ["Celtic Guardian"] * 2000
    scenario_doc["actions"] = [{"player": "A" if n % 2 == 0 else "B", "do": "end_turn"} for n in range(200)]
    errors = _assert_refused(client.post("/api/replay", scenario_doc, content_type="application/json"))
    assert "(output_cards)" in errors[0]["message"] and "boards=changes" in errors[0]["message"]
    response = client.post(
        "/api/replay?boards=final&legal=none", scenario_doc, content_type="application/json"
    )
    assert response.status_code == 200


def test_the_schema_documents_the_limits(client: Client) -> None:
    schema = client.get("/api/schema", HTTP_ACCEPT="application/json").content.decode()
    assert f"at most {LIMITS.body_bytes} bytes" in schema and f"{LIMITS.turns} turns" in schema
    assert "413" in schema


# --- the pages


def test_the_home_page_refuses_the_alias_bomb_without_growing(client: Client, db: None) -> None:
    response = client.post("/", {"text": BOMB})
    page = response.content.decode()
    assert response.status_code == 400
    assert "anchors and aliases" in page and "lol" * 20 not in page


@pytest.mark.parametrize(
    "text", [DEEP, "title: " + MARKER + "\nboard: " + DEEP, "format: x\nturn: 1" + "0" * 6000]
)
def test_the_home_page_refuses_odd_documents_with_a_page(client: Client, db: None, text: str) -> None:
    response = client.post("/", {"text": text})
    page = response.content.decode()
    assert response.status_code == 400 and "Traceback" not in page
    assert (
        page.count(MARKER[:200]) <= len(MARKER) // 200
    )  # the form gives the text back once, the errors never


def test_an_uploaded_file_over_the_limit_is_a_413_naming_it(client: Client, db: None) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("big.yaml", b"#" * (LIMITS.body_bytes + 1))
    response = client.post("/", {"file": upload})
    assert response.status_code == 413 and "body_bytes" in response.content.decode()


@pytest.mark.parametrize("url", ["/", "/r/import/"])
def test_a_huge_upload_is_the_413_page_before_it_is_read(signed_in: Client, url: str) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("huge.yaml", b"#" * (3 * LIMITS.body_bytes))
    response = signed_in.post(url, {"file": upload})
    assert response.status_code == 413 and "That is too large" in response.content.decode()


def test_a_paste_over_the_limit_is_the_friendly_413_page(client: Client) -> None:
    response = client.post("/", {"text": "x" * (LIMITS.body_bytes + 10)})
    assert response.status_code == 413 and "That is too large" in response.content.decode()


def test_the_saved_ruling_import_refuses_the_bomb_and_deep_nesting(signed_in: Client) -> None:
    response = signed_in.post("/r/import/", {"text": BOMB})
    assert response.status_code == 400 and "anchors and aliases" in response.content.decode()
    response = signed_in.post("/r/import/", {"text": '{"format": ' + DEEP + "}"})
    assert response.status_code == 400 and "(depth)" in response.content.decode()


@pytest.mark.parametrize("field", ["action-0", "A-m1-counters", "doc-extra"])
def test_the_workspace_reads_its_fields_within_the_limits(client: Client, seeded: None, field: str) -> None:
    value = {"action-0": "player: A\nx: " + BOMB, "A-m1-counters": DEEP, "doc-extra": DEEP}[field]
    response = client.post("/editor/", {"op": "check", field: value})
    assert response.status_code in (200, 400) and "Traceback" not in response.content.decode()


def test_unknown_passcodes_are_counted_not_all_listed(client: Client, db: None) -> None:
    ydk = "#main\n" + "\n".join(str(90_000_000 + n) for n in range(2000))
    response = client.post("/api/decks", {"ydk": ydk}, content_type="application/json")
    assert response.status_code == 200, response.content[:300]  # the deck loads; unknown cards are said
    unknown = response.json()["unknown"]
    assert len(unknown) == 21
    assert unknown[0]["message"].endswith("passcode 90000000 is not in the card database")
    assert unknown[-1]["message"] == "and 1980 more passcodes not in the card database"
    assert "The Main Deck has 2000 cards" in " ".join(response.json()["legality"]["problems"])
