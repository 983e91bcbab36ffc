"""Every operation of `/api/schema`, fuzzed by schemathesis in this process (WSGI, no server).

Each operation gets `EXAMPLES` generated requests (a few seconds each), derandomized so CI sees the
same ones every run. Every answer must be no server error and match the schema: a documented
status code, its content type, headers and body shape. A request the schema calls valid must be
accepted too, where the schema can say everything the server checks: the query filters of the
GET operations. A scenario, a deck or a card's type line is checked beyond its shape (card
names, passcodes, which subtype fits which kind), so a well-shaped one may rightly get a 400
there; those must still get a documented 400, never a 500.

The write operations of saved rulings run signed in (HTTP Basic) as the author of a ruling whose
slug replaces every generated slug of even length, so the save and conflict paths are reached too.
"""

from __future__ import annotations

import base64
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import (
    ignored_auth,
    negative_data_rejection,
    positive_data_acceptance,
)

from rulings.saved import store

EXAMPLES = 50
PASSWORD = "fuzz-password-1"
OWN_SLUG = "fuzzed-ruling"
# Operations whose request body the server reads beyond what a schema says (see the docstring).
CHECKED_BEYOND_SHAPE = {
    "POST /api/replay",
    "POST /api/decks",
    "POST /api/cards/classify",
    "POST /api/rulings",
    "PUT /api/rulings/{slug}",
}
SCENARIO = """\
format: ygo-scenario/1
title: Fuzzed ruling
board:
  turn: 2
  turn_player: A
  phase: main1
  players:
    A: {hand: [Sangan], deck: 30}
    B: {deck: 30}
actions:
  - {player: A, do: normal_summon, card: "A:Sangan"}
"""

# The card search ignores an empty filter and reads a word in any case ("dark", "XYZ"): the /cards/
# page's form sends every field. Its schema gives the canonical values, so a request outside them
# may rightly be answered. Every paged list also reads an empty `limit` as the default page size
# (and the last of a repeated parameter), as DRF's limit/offset paginator does.
LENIENT = {"GET /api/cards", "GET /api/glossary", "GET /api/rulings"}

schema = schemathesis.openapi.from_wsgi("/api/schema?format=json", get_wsgi_application())


@pytest.fixture(autouse=True)
def _served_in_process(seeded: None, settings: Any) -> Iterator[None]:
    """Requests go through the WSGI handler inside the test's transaction, unthrottled.

    The handler closes the database connection after each request (`close_old_connections`);
    Django's own test client disconnects that, and so do we, or the test's transaction would go.
    """
    rates = dict.fromkeys(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"])
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


@pytest.fixture
def author(django_user_model: Any) -> dict[str, str]:
    """A judge with one saved ruling (`OWN_SLUG`); their HTTP Basic header."""
    user = django_user_model.objects.create_user(username="fuzzer", password=PASSWORD)
    ruling = store.save_version(
        None, title="Fuzzed ruling", notes="", snap=store.snapshot(SCENARIO), author=user
    )
    type(ruling).objects.filter(pk=ruling.pk).update(slug=OWN_SLUG)
    token = base64.b64encode(f"fuzzer:{PASSWORD}".encode()).decode()
    return {"Authorization": f"Basic {token}"}


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_every_operation_answers_as_its_schema_says(case: schemathesis.Case, author: dict[str, str]) -> None:
    label = f"{case.method.upper()} {case.path}"
    slug = (case.path_parameters or {}).get("slug")
    if isinstance(slug, str) and len(slug) % 2 == 0:  # half of them, as generated: the judge's own ruling
        case.path_parameters["slug"] = OWN_SLUG
    # the in-process client does not unzip: ask for the plain body (the API gzips for clients that accept it)
    headers = {"Accept-Encoding": "identity"}
    excluded = [positive_data_acceptance] if label in CHECKED_BEYOND_SHAPE else []
    if case.method.upper() in ("POST", "PUT") and "rulings" in case.path:
        headers.update(author)
        excluded.append(ignored_auth)  # the credentials are real: being accepted is right
    excluded += [negative_data_rejection] if label in LENIENT else []
    case.call_and_validate(headers=headers, excluded_checks=excluded)
