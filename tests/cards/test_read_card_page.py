"""The "Read a card" page: the form, the reading (full page and htmx fragment), errors, examples."""

import re

import pytest
from django.test import Client

from engine.textreader import classify

pytestmark = pytest.mark.django_db

URL = "/cards/read/"
XYZ = (
    "2 Level 4 monsters\nOnce per turn: You can detach 1 material from this card, then target 1 card on "
    "the field; destroy it. If this card is sent to the GY: You can draw 1 card."
)


def test_the_form(client: Client) -> None:
    response = client.get(URL)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>Read a card</h1>" in html
    assert f'hx-post="{URL}"' in html and f'action="{URL}"' in html and 'method="post"' in html
    for control in ['id="card-text" name="text"', 'id="pendulum-text" name="pendulum_text"']:
        assert control in html
    assert '<label for="card-text">Card text</label>' in html
    assert html.count('type="radio" name="kind"') == 3
    assert 'value="quick-play"' in html and 'value="counter"' in html
    assert f'<a href="{URL}">Read a card</a>' in html, "a link in the site's nav"
    assert "effect" not in re.sub(r"<[^>]+>", "", html.split('id="reading"')[1]).lower(), "no reading yet"


def test_posting_shows_the_reading_in_the_full_page(client: Client, seeded: None) -> None:
    response = client.post(URL, {"text": XYZ, "kind": "monster", "subtype": ["xyz", "effect"]})
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" in html and "2 effects" in html
    assert "Effect 1: Ignition Effect" in html and "Effect 2: Trigger Effect" in html
    assert "Not an effect" in html and "2 Level 4 monsters" in html
    # the text cut into its labelled parts
    cost = '<span class="reader-part part-cost"><span class="part-name">Cost and targets</span> You can'
    condition = '<span class="reader-part part-condition"><span class="part-name">Condition</span> If this'
    assert cost in html and condition in html
    # every derived field: its value, its rule in plain words, a link to its glossary entry
    for effect in classify(XYZ, kind="monster", subtype=["xyz", "effect"]):
        for reason in effect["reasons"].values():
            assert reason["explanation"].replace("'", "&#x27;") in html
            assert f'href="/glossary/{reason["glossary"]}/"' in html
            assert f'<code class="rule">{reason["rule"]}</code>' in html
    assert ">Missing the timing</dt>" in html and "Cannot miss the timing" in html
    assert "Once per turn (this copy)" in html and ">Detach 1 material from this card<" in html


def test_the_glossary_links_open(client: Client, seeded: None) -> None:
    html = client.post(URL, {"text": XYZ, "kind": "monster", "subtype": ["xyz"]}).content.decode()
    for slug in set(re.findall(r'href="/glossary/([a-z0-9-]+)/"', html)):
        assert client.get(f"/glossary/{slug}/").status_code == 200, slug


def test_an_htmx_post_gets_only_the_reading(client: Client, seeded: None) -> None:
    response = client.post(
        URL,
        {"text": "FLIP: Target 1 card on the field; destroy it.", "kind": "monster", "subtype": "flip"},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html and "<form" not in html
    assert "1 effect<" in html and "Effect 1: Flip effect" in html
    assert '<span class="part-name">Targets</span>' in html
    assert "HX-Request" in response["Vary"]


def test_bad_input_is_explained(client: Client) -> None:
    response = client.post(URL, {"text": "Draw 1 card.", "kind": "spell", "subtype": ["counter"]})
    assert response.status_code == 400
    html = response.content.decode()
    assert 'role="alert"' in html and "a spell&#x27;s subtype is one of" in html
    assert '<code class="error-path">subtype</code>' in html
    assert 'value="counter" checked' in html, "the form keeps what was typed"

    empty = client.post(URL, {"text": "", "kind": "monster", "subtype": ["effect"]}).content.decode()
    assert re.search(r'id="card-text"[^>]*aria-invalid="true"', empty), "the field in error is marked"

    fragment = client.post(URL, {"text": "", "kind": "trap"}, headers={"HX-Request": "true"})
    assert fragment.status_code == 200, "htmx only swaps 2xx answers"
    assert 'role="alert"' in fragment.content.decode()


def test_an_example_is_filled_in_and_read(client: Client, seeded: None) -> None:
    html = client.get(URL, {"example": "counter-trap"}).content.decode()
    assert "When a monster would be Summoned: Pay 1000 LP;" in html
    assert 'value="trap" checked' in html and 'value="counter" checked' in html
    assert "Effect 1: Card activation" in html and "Spell Speed 3" in html


def test_the_page_is_not_taken_for_a_card_name(client: Client, seeded: None) -> None:
    assert client.get(URL).templates[0].name == "cards/read_card.html"
