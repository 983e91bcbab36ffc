"""Decks: .ydk files and ydke:// links, resolved to card names through the card database."""

from __future__ import annotations

import base64
import struct
from pathlib import Path

import pytest
import yaml
from cardfiles import ALL_ROWS, FLARE_BURST, IRON_WARDEN, PLAIN_SOLDIER, QUICK_GUST, RELAY_WEAVER, make_cdb
from django.test import Client

from rulings.cards.decks import DeckProblem, parse_ydk, parse_ydke
from rulings.cards.importing import import_cdb

pytestmark = pytest.mark.django_db

SOLDIER, GUST, BURST = PLAIN_SOLDIER["id"], QUICK_GUST["id"], FLARE_BURST["id"]
WARDEN, WEAVER = IRON_WARDEN["id"], RELAY_WEAVER["id"]

YDK = f"""#created by a deck builder
#main
{SOLDIER}
{SOLDIER}
{GUST}

#extra
{WARDEN}
{WEAVER}
!side
{BURST}
"""


def ydke(main: list[int], extra: list[int], side: list[int]) -> str:
    part = [
        base64.b64encode(struct.pack(f"<{len(codes)}I", *codes)).decode() for codes in (main, extra, side)
    ]
    return "ydke://" + "!".join(part) + "!"


@pytest.fixture
def cards(tmp_path: Path) -> None:
    import_cdb(make_cdb(tmp_path / "cards.cdb", ALL_ROWS))


def test_parse_ydk_sections_and_comments() -> None:
    deck = parse_ydk(YDK.replace("\n", "\r\n"))
    assert (deck.main, deck.extra, deck.side) == ([SOLDIER, SOLDIER, GUST], [WARDEN, WEAVER], [BURST])


def test_parse_ydk_rejects_a_line_that_is_not_a_passcode() -> None:
    with pytest.raises(DeckProblem) as caught:
        parse_ydk("#main\n123\nDark Magician\n")
    assert caught.value.path == "ydk line 3" and "got 'Dark Magician'" in caught.value.message


def test_parse_ydke_round_trip_and_errors() -> None:
    deck = parse_ydke(ydke([SOLDIER, GUST], [WARDEN], []))
    assert (deck.main, deck.extra, deck.side) == ([SOLDIER, GUST], [WARDEN], [])
    for link, message in [
        ("ydk://abc!!!", "starting with ydke://"),
        ("ydke://AAAA", "three parts"),
        ("ydke://@@@@!!!", "main part is not base64"),
        ("ydke://AAA=!!!", "2 bytes; expected 4 bytes per card"),
        ("ydke://!!!", "lists no cards"),
    ]:
        with pytest.raises(DeckProblem, match=message):
            parse_ydke(link)


def test_api_reads_a_ydk(client: Client, cards: None) -> None:
    response = client.post("/api/decks", {"ydk": YDK}, content_type="application/json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert (body["deck"], body["extra_deck"], body["side"]) == (
        ["Plain Soldier", "Plain Soldier", "Quick Gust"],
        ["Iron Warden", "Relay Weaver"],
        ["Flare Burst"],
    )
    warden = body["cards"]["extra"][0]
    assert warden["passcode"] == WARDEN and warden["name"] == "Iron Warden"
    assert client.get(warden["url"]).status_code == 200, "each card links its page"
    assert body["unknown"] == []
    assert body["legality"]["legal"] is False
    assert "The Main Deck has 3 cards; it must have 40 to 60." in body["legality"]["problems"]


def test_api_reads_a_ydke_link_and_alternative_artworks(client: Client, tmp_path: Path) -> None:
    alt = {**FLARE_BURST, "id": BURST + 500, "alias": BURST}
    import_cdb(make_cdb(tmp_path / "alt.cdb", [*ALL_ROWS, alt]))
    response = client.post(
        "/api/decks", {"ydke": ydke([BURST + 500, SOLDIER], [], [])}, content_type="application/json"
    )
    assert response.status_code == 200, response.content
    assert response.json()["deck"] == ["Flare Burst", "Plain Soldier"]


def test_unknown_passcodes_are_reported_and_the_rest_reads(client: Client, cards: None) -> None:
    response = client.post(
        "/api/decks", {"ydk": f"#main\n{SOLDIER}\n99999999\n12345\n"}, content_type="application/json"
    )
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["deck"] == ["Plain Soldier"]
    assert [c["name"] for c in body["cards"]["main"]] == ["Plain Soldier", None, None]
    assert [(u["path"], u["message"]) for u in body["unknown"]] == [
        ("main[1]", "Main Deck card 2: passcode 99999999 is not in the card database"),
        ("main[2]", "Main Deck card 3: passcode 12345 is not in the card database"),
    ]
    assert "2 cards with a passcode not in the card database: not checked." in body["legality"]["notes"]


@pytest.mark.parametrize(
    ("body", "path", "message"),
    [
        ({}, "(document)", 'exactly one of "ydk"'),
        ({"ydk": "1", "ydke": "ydke://!!!"}, "(document)", 'exactly one of "ydk"'),
        ({"ydk": 12}, "ydk", "Expected text; got int."),
        ({"ydke": "ydke://@@!!!"}, "ydke", "not base64"),
        ({"ydk": "#main\nabc"}, "ydk line 2", "expected a passcode"),
    ],
)
def test_api_bad_decks_are_400(client: Client, cards: None, body: dict, path: str, message: str) -> None:
    response = client.post("/api/decks", body, content_type="application/json")
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert error["path"] == path and message in error["message"]


def test_fill_partial_gives_yaml_for_a_player(client: Client, cards: None) -> None:
    response = client.post("/decks/fill/", {"deck": YDK, "player": "B"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html and 'data-player="B"' in html and 'data-ok="true"' in html
    text = response.context["yaml"]
    assert yaml.safe_load(text) == {
        "deck": {"cards": ["Plain Soldier", "Plain Soldier", "Quick Gust"], "unknown": 0},
        "extra_deck": ["Iron Warden", "Relay Weaver"],
    }
    assert "# side deck (not part of a scenario): [Flare Burst]" in text
    assert "Paste these lines under <code>B:</code>" in html


def test_fill_errors(client: Client, cards: None) -> None:
    htmx = client.post("/decks/fill/", {"deck": "#main\nabc\n", "player": "A"}, HTTP_HX_REQUEST="true")
    assert htmx.status_code == 200 and 'data-ok="false"' in htmx.content.decode()
    assert "expected a passcode" in htmx.content.decode()
    plain = client.post("/decks/fill/", {"deck": YDK, "player": "C"})
    assert plain.status_code == 400 and "expected A or B" in plain.content.decode()
    assert "<html" in plain.content.decode(), "without htmx the form gets a whole page"


def test_fill_reports_an_unknown_passcode_and_keeps_the_rest(client: Client, cards: None) -> None:
    text = f"#main\n{SOLDIER}\n424242\n"
    htmx = client.post("/decks/fill/", {"deck": text, "player": "A"}, HTTP_HX_REQUEST="true")
    html = htmx.content.decode()
    assert htmx.status_code == 200 and 'data-ok="true"' in html
    assert "Main Deck card 2: passcode 424242 is not in the card database" in html
    assert yaml.safe_load(htmx.context["yaml"])["deck"] == {"cards": ["Plain Soldier"], "unknown": 1}
    assert "Not legal in the TCG today" in html and "it must have 40 to 60" in html


def test_index_page_offers_the_deck_form(client: Client) -> None:
    html = client.get("/").content.decode()
    assert 'hx-post="/decks/fill/"' in html and 'name="deck"' in html and 'name="player"' in html
    assert 'id="deck-fill-result"' in html
