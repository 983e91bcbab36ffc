"""`POST /api/replay` answers with the bytes DRF's JSON renderer and `gzip_page` would make of
the replay, and answers again from the replay cache with the same bytes, replaying nothing."""

import datetime
import gzip
import json
import uuid
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import yaml
from django.test import Client
from django.utils.translation import gettext_lazy
from rest_framework.renderers import JSONRenderer as DRFJSONRenderer

import engine
from rulings.api.renderers import JSONRenderer, to_json
from rulings.replays.scenarios import clear_replay_cache, replay_text

SCENARIO = Path(__file__).parents[1] / "scenarios" / "trigger-segoc-dark-hole-sangan-black-pendant.yaml"


def _document() -> str:
    return json.dumps(yaml.safe_load(SCENARIO.read_text(encoding="utf-8"))["scenario"])


def _post(
    client: Client,
    query: str = "",
    body: str | None = None,
    content_type: str = "application/json",
    **extra: str,
) -> Any:
    return client.post(f"/api/replay{query}", data=body or _document(), content_type=content_type, **extra)


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Counts the engine's replays (each a string of its options) from a cleared replay cache."""
    clear_replay_cache()
    done: list[str] = []
    real = engine.replay

    def counted(document: Any, **options: Any) -> Any:
        done.append(f"{options['boards']} {options['legal']}")
        return real(document, **options)

    monkeypatch.setattr(engine, "replay", counted)
    yield done
    clear_replay_cache()


def _drf_bytes(text: str, boards: str, legal: str) -> bytes:
    return DRFJSONRenderer().render(replay_text(text, "json", boards=boards, legal=legal))


@pytest.mark.django_db
@pytest.mark.parametrize(
    "query, boards, legal", [("", "every", "every"), ("?boards=changes&legal=none", "changes", "none")]
)
def test_the_answer_is_drf_s_json_and_its_gzip(client: Client, query: str, boards: str, legal: str) -> None:
    expected = _drf_bytes(_document(), boards, legal)
    plain = _post(client, query)
    assert plain.status_code == 200
    assert plain["Content-Type"] == "application/json"
    assert plain.content == expected
    assert "Content-Encoding" not in plain
    assert "Accept-Encoding" in plain["Vary"]
    packed = _post(client, query, HTTP_ACCEPT_ENCODING="gzip, deflate")
    assert packed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed["Vary"]
    assert gzip.decompress(packed.content) == expected
    assert int(packed["Content-Length"]) == len(packed.content) < len(expected) / 2


@pytest.mark.django_db
def test_an_answer_again_is_the_same_bytes_without_a_replay(client: Client, replays: list[str]) -> None:
    first = _post(client, "?boards=changes", HTTP_ACCEPT_ENCODING="gzip").content
    again = _post(client, "?boards=changes", HTTP_ACCEPT_ENCODING="gzip").content
    assert again == first
    assert replays == ["changes every"]
    plain = _post(client, "?boards=changes").content  # the plain bytes were not kept: replayed once more
    assert _post(client, "?boards=changes").content == plain == gzip.decompress(first)
    assert replays == ["changes every", "changes every"]


@pytest.mark.django_db
def test_each_option_text_and_format_is_its_own_answer(client: Client, replays: list[str]) -> None:
    document = json.loads(_document())
    _post(client)
    _post(client, "?legal=none")
    _post(client, "?boards=final")
    _post(client, body=json.dumps({**document, "title": "Another title"}))
    _post(client, body=yaml.safe_dump(document), content_type="application/yaml")
    _post(client, body=yaml.safe_dump(document), content_type="application/yaml")  # cached
    assert replays == ["every every", "every none", "final every", "every every", "every every"]


@pytest.mark.django_db
def test_a_rejected_document_is_still_a_400_listing_its_problems(client: Client) -> None:
    answer = _post(client, body=json.dumps({"format": "ygo-scenario/1"}), HTTP_ACCEPT_ENCODING="gzip")
    assert answer.status_code == 400
    assert answer.json()["errors"]


def test_the_renderer_writes_what_drf_s_renderer_writes() -> None:
    drf = DRFJSONRenderer()
    values: list[Any] = [
        {"text": "A's \u2028 Sangan \u2029 ünïcode ✓", "n": [1, 2.5, -3, True, None], "nested": {"a": []}},
        {"when": datetime.datetime(2026, 11, 25, 12, 30, 5, 123456, tzinfo=datetime.UTC)},
        {"day": datetime.date(2026, 11, 25), "at": datetime.time(12, 30), "id": uuid.UUID(int=7)},
        {"lazy": gettext_lazy("Monster"), "price": Decimal("1.50"), "span": datetime.timedelta(seconds=90)},
        {"big": 10**30, "keys": {1: "one"}},
        ["tuple", ("a", 1)],
    ]
    for value in values:
        assert to_json(value) == drf.render(value), value
        assert JSONRenderer().render(value) == drf.render(value)
    indented = "application/json; indent=2"
    assert JSONRenderer().render({"a": [1]}, indented) == drf.render({"a": [1]}, indented)
    assert JSONRenderer().render(None) == b""
