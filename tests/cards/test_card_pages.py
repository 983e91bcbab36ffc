"""Card search (API and page), one card's page, and judges' corrections of the reader."""

from __future__ import annotations

import html as html_lib
from pathlib import Path

import pytest
from cardfiles import ALL_ROWS, make_cdb
from django.test import Client

from rulings.cards.importing import import_cdb
from rulings.cards.models import Card, ReaderOverride
from rulings.replays.models import Scenario

pytestmark = pytest.mark.django_db


@pytest.fixture
def cards(seeded: None, tmp_path: Path) -> None:
    import_cdb(make_cdb(tmp_path / "cards.cdb", ALL_ROWS))


def names(response) -> list[str]:
    assert response.status_code == 200, response.content
    return [card["name"] for card in response.json()["results"]]


@pytest.mark.parametrize("query", ["escuridão", "ESCURIDAO", "hero escur", "Escuridão"])
def test_search_is_accent_and_case_insensitive(client: Client, cards: None, query: str) -> None:
    assert names(client.get("/api/cards", {"q": query})) == ["Elemental HERO Escuridao"]


def test_search_filters(client: Client, cards: None) -> None:
    assert names(client.get("/api/cards", {"type": "xyz", "origin": "read"})) == ["Iron Warden"]
    assert names(client.get("/api/cards", {"type": "counter", "origin": "read"})) == ["Hush Word"]
    assert "Hush Word" not in names(client.get("/api/cards", {"type": "counter", "origin": "written"}))
    assert set(names(client.get("/api/cards", {"attribute": "dark", "origin": "read"}))) == {
        "Relay Weaver",
        "Dusk Warden",
    }
    assert names(client.get("/api/cards", {"level": "8", "origin": "read"})) == ["Dusk Warden"]
    written = client.get("/api/cards", {"origin": "written", "type": "spell", "q": "dark"}).json()["results"]
    assert written[0]["name"] == "Dark Hole", "a name starting with the query comes first"
    assert {(c["origin"], c["card_type"]) for c in written} == {("written", "spell")}
    assert all("dark" in c["name"].lower() for c in written)
    first = client.get("/api/cards", {"q": "sway"}).json()["results"][0]
    assert (first["origin"], first["level"], first["scale_left"], first["scale_right"]) == ("read", 4, 3, 5)
    assert first["subtypes"] == ["pendulum", "effect"] and first["def"] == 900


@pytest.mark.parametrize(
    ("params", "path"),
    [
        ({"level": "high"}, "level"),
        ({"attribute": "SHADOW"}, "attribute"),
        ({"type": "wizard"}, "type"),
        ({"origin": "printed"}, "origin"),
        ({"limit": "0"}, "limit"),
    ],
)
def test_bad_filters_are_400_with_the_parameter(client: Client, cards: None, params: dict, path: str) -> None:
    response = client.get("/api/cards", params)
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert error["path"] == path and error["message"].startswith("expected")


def test_card_detail_api_still_finds_by_id_and_name(client: Client, cards: None) -> None:
    card = Card.objects.get(name="Relay Weaver")
    assert client.get(f"/api/cards/{card.pk}").json()["link_arrows"] == card.link_arrows
    assert client.get("/api/cards/relay weaver").json()["passcode"] == card.passcode


def test_search_page_and_htmx_results(client: Client, cards: None) -> None:
    page = client.get("/cards/", {"q": "escuridão"})
    html = page.content.decode()
    assert page.status_code == 200 and "<html" in html and 'hx-get="/cards/"' in html
    card = Card.objects.get(name="Elemental HERO Escuridao")
    assert f'href="/cards/{card.pk}/"' in html
    partial = client.get("/cards/", {"q": "weaver"}, HTTP_HX_REQUEST="true")
    fragment = partial.content.decode()
    assert "<html" not in fragment and "Relay Weaver" in fragment and "Escuridao" not in fragment
    bad = client.get("/cards/", {"level": "99"})
    assert bad.status_code == 400 and "expected a whole number from 0 to 13" in bad.content.decode()


def test_card_page_shows_the_derived_fields(client: Client, cards: None) -> None:
    card = Card.objects.get(name="Relay Weaver")
    html = html_lib.unescape(client.get(f"/cards/{card.pk}/").content.decode())
    assert "Cyberse Link Effect Monster" in html
    assert "Link-2 DARK Cyberse Link Effect Monster, 1600 ATK, arrows: top-right, bottom-left, bottom" in html
    assert "top-right, bottom-left, bottom" in html and str(card.passcode) in html
    assert "How the reader split it into effects" in html
    assert "You can target 1 card on the field; destroy it." in html
    reason = card.reading[0]["reasons"]["targets"]["explanation"]
    assert reason in html, "each field shows the rule that decided it"
    assert "effect: 1" in html, "the effect number a scenario uses"
    assert "Log in</a> to correct" in html

    by_name = client.get("/cards/elemental hero escuridão/")
    assert by_name.status_code == 200 and "Elemental HERO Escuridao" in by_name.content.decode()
    assert client.get("/cards/No Such Card/").status_code == 404

    pendulum = Card.objects.get(name="Sway Oracle")
    page = html_lib.unescape(client.get("/cards/sway oracle/").content.decode())
    assert "Pendulum Scales</dt><dd>3 / 5" in page and pendulum.pendulum_text in page


def test_written_card_page_shows_its_data(client: Client, seeded: None) -> None:
    html = html_lib.unescape(client.get("/cards/Dark Hole/").content.decode())
    assert "Effects (the engine's card file)" in html and "destroy" in html
    assert "Written (engine card file)" in html


def test_card_page_lists_scenarios_using_it(client: Client, cards: None, scenario_yaml: str) -> None:
    scenario = Scenario.objects.create(text=scenario_yaml, fmt="yaml")
    html = client.get("/cards/Celtic Guardian/").content.decode()
    assert f'href="/s/{scenario.slug}/"' in html


def test_overrides_need_a_login(client: Client, cards: None) -> None:
    card = Card.objects.get(name="Relay Weaver")
    response = client.post(f"/cards/{card.pk}/overrides/", {"effect": "1", "field": "kind", "value": "quick"})
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert not ReaderOverride.objects.exists()


def test_a_judge_corrects_the_reader(client: Client, cards: None, django_user_model) -> None:
    judge = django_user_model.objects.create_user("judge", password="pw-for-tests-only")
    client.force_login(judge)
    card = Card.objects.get(name="Relay Weaver")
    url = f"/cards/{card.pk}/overrides/"

    bad = client.post(url, {"effect": "1", "field": "spell_speed", "value": "fast"})
    assert (
        bad.status_code == 400
        and "spell_speed is one of 1, 2, 3, none; got &#x27;fast&#x27;" in bad.content.decode()
    )
    assert client.post(url, {"effect": "3", "field": "kind", "value": "quick"}).status_code == 400

    response = client.post(url, {"effect": "1", "field": "kind", "value": "quick"})
    assert response.status_code == 302
    card.refresh_from_db()
    assert card.data["effects"][0]["kind"] == "quick", "the engine's definition follows the correction"
    html = client.get(f"/cards/{card.pk}/").content.decode()
    assert "corrected" in html and "Corrected by judge" in html and "the reader said Ignition Effect" in html

    override = ReaderOverride.objects.get(card=card)
    client.post(url, {"remove": str(override.pk)})
    card.refresh_from_db()
    assert not ReaderOverride.objects.exists() and card.data["effects"][0]["kind"] == "ignition"


def test_overrides_for_an_older_text_are_shown_as_such(client: Client, cards: None, tmp_path: Path) -> None:
    card = Card.objects.get(name="Quick Gust")
    ReaderOverride.objects.create(card=card, text_hash="0" * 64, effect_index=0, field="targets", value=False)
    html = client.get(f"/cards/{card.pk}/").content.decode()
    assert "1 correction for an older text or reading (not applied)" in html
