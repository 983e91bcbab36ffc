"""Throttling: the API's costly endpoints, sign-up and logins are limited per address (or per
signed-in judge). The suite runs at the real rates; these tests lower them to reach the limits."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client, override_settings

LOW = {
    "anon": "100/minute",
    "user": "100/minute",
    "replay_anon": "3/minute",
    "replay_user": "5/minute",
    "classify_anon": "2/minute",
    "classify_user": "4/minute",
    "decks_anon": "2/minute",
    "decks_user": "4/minute",
    "signup": "2/hour",
}


@pytest.fixture
def low_rates() -> Any:
    with override_settings(REST_FRAMEWORK={**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": LOW}):
        yield


def _replay(client: Client, scenario_yaml: str, address: str = "192.0.2.1", **extra: str) -> int:
    response = client.post(
        "/api/replay", scenario_yaml, content_type="application/yaml", REMOTE_ADDR=address, **extra
    )
    return response.status_code


def test_anonymous_replays_are_throttled_per_address(
    client: Client, seeded: None, low_rates: None, scenario_yaml: str
) -> None:
    assert [_replay(client, scenario_yaml) for _ in range(4)] == [200, 200, 200, 429]
    throttled = client.post(
        "/api/replay", scenario_yaml, content_type="application/yaml", REMOTE_ADDR="192.0.2.1"
    )
    assert throttled.status_code == 429 and int(throttled["Retry-After"]) > 0
    assert _replay(client, scenario_yaml, "192.0.2.2") == 200, "another address has its own count"
    spoofed = _replay(client, scenario_yaml, "192.0.2.1", HTTP_X_FORWARDED_FOR="203.0.113.9")
    assert spoofed == 429, "with no proxy configured, a client's X-Forwarded-For is not believed"


def test_a_signed_in_judge_has_a_count_and_rate_of_their_own(
    client: Client, seeded: None, low_rates: None, scenario_yaml: str, django_user_model: type[User]
) -> None:
    for _ in range(3):
        _replay(client, scenario_yaml)
    assert _replay(client, scenario_yaml) == 429
    client.force_login(django_user_model.objects.create_user("alice", password="pw-for-tests-only"))
    assert [_replay(client, scenario_yaml) for _ in range(6)] == [200] * 5 + [429]


def test_classify_and_decks_are_throttled(client: Client, seeded: None, low_rates: None) -> None:
    body = json.dumps({"text": "You can draw 1 card.", "kind": "spell", "subtype": "normal"})
    classify = [
        client.post("/api/cards/classify", body, content_type="application/json").status_code
        for _ in range(3)
    ]
    assert classify == [200, 200, 429]
    deck = json.dumps({"ydk": "#main\n#extra\n!side\n"})
    decks = [client.post("/api/decks", deck, content_type="application/json").status_code for _ in range(3)]
    assert decks[-1] == 429 and 429 not in decks[:2]


def test_the_real_rates_leave_room_for_a_judge_at_work() -> None:
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    assert rates["replay_anon"] == "60/minute" and rates["signup"].endswith("/hour")


# --- accounts


def _signup(client: Client, name: str) -> int:
    form = {"username": name, "password1": "a-long-pass-phrase-1", "password2": "a-long-pass-phrase-1"}
    return client.post("/accounts/signup/", form, REMOTE_ADDR="198.51.100.7").status_code


def test_signups_are_rate_limited_per_address(client: Client, db: None, low_rates: None) -> None:
    weak = {"username": "x", "password1": "123", "password2": "123"}
    assert client.post("/accounts/signup/", weak, REMOTE_ADDR="198.51.100.7").status_code == 400
    assert client.post("/accounts/signup/", weak, REMOTE_ADDR="198.51.100.7").status_code == 400
    assert [_signup(Client(), f"judge{i}") for i in range(3)] == [302, 302, 429], "mistakes do not count"
    assert User.objects.count() == 2
    page = Client().post(
        "/accounts/signup/",
        {"username": "judge9", "password1": "a-long-pass-phrase-1", "password2": "a-long-pass-phrase-1"},
        REMOTE_ADDR="198.51.100.7",
    )
    assert "Too many attempts" in page.content.decode()


def _login(client: Client, password: str, address: str = "203.0.113.5", username: str = "alice") -> Any:
    form = {"username": username, "password": password}
    return client.post("/accounts/login/", form, REMOTE_ADDR=address)


def test_logins_lock_out_after_repeated_failures(
    client: Client, db: None, django_user_model: type[User]
) -> None:
    django_user_model.objects.create_user("alice", password="the-right-pass-phrase")
    django_user_model.objects.create_user("bob", password="bobs-right-pass-phrase")
    assert [_login(client, f"wrong-{i}").status_code for i in range(settings.AXES_FAILURE_LIMIT)][-1] == 429
    locked = _login(client, "the-right-pass-phrase")
    assert locked.status_code == 429 and "Too many attempts" in locked.content.decode()
    assert "_auth_user_id" not in client.session, "the right password is refused during the lockout"
    assert _login(Client(), "bobs-right-pass-phrase", username="bob").status_code == 302, "others are not"
    assert _login(Client(), "the-right-pass-phrase", address="203.0.113.99").status_code == 302


def test_a_successful_login_resets_the_count(client: Client, db: None, django_user_model: type[User]) -> None:
    django_user_model.objects.create_user("alice", password="the-right-pass-phrase")
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert _login(client, "wrong").status_code == 200
    assert _login(client, "the-right-pass-phrase").status_code == 302
    assert _login(Client(), "wrong").status_code == 200, "counting starts again"


def test_basic_auth_failures_lock_out_too(client: Client, db: None, django_user_model: type[User]) -> None:
    import base64

    django_user_model.objects.create_user("alice", password="the-right-pass-phrase")

    def basic(password: str) -> int:
        token = base64.b64encode(f"alice:{password}".encode()).decode()
        body = json.dumps({"scenario": {}})
        return client.post(
            "/api/rulings", body, content_type="application/json", HTTP_AUTHORIZATION=f"Basic {token}",
            REMOTE_ADDR="203.0.113.5",
        ).status_code  # fmt: skip

    assert {basic("wrong") for _ in range(settings.AXES_FAILURE_LIMIT)} <= {401, 403, 429}
    assert basic("the-right-pass-phrase") in (401, 403, 429), "locked out: the right password is refused"
