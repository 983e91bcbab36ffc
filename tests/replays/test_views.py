"""The HTML pages: paste form, step pages (full and htmx partial), glossary."""

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from django.test import Client

import engine
from rulings.glossary.models import GlossaryEntry
from rulings.replays.models import Scenario, scenario_slug
from rulings.replays.scenarios import normalize_text

pytestmark = pytest.mark.django_db


def store(client: Client, text: str) -> str:
    """POST a scenario to the paste form; return the URL it redirects to."""
    response = client.post("/", {"text": text})
    assert response.status_code == 302, response.content.decode()[:2000]
    return response["Location"]


def test_index_renders_form_and_examples(client: Client) -> None:
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="text"' in html and 'type="file"' in html
    for example in engine.examples():
        assert example["title"] in html or example["title"].replace("'", "&#x27;") in html
        assert f'value="{example["slug"]}"' in html
    assert "django_htmx/htmx-2.min.js" in html
    assert "https://" not in html.split("<body")[0], "no external assets in <head>"


@pytest.fixture
def one_example(monkeypatch: pytest.MonkeyPatch, scenario_yaml: str) -> dict[str, str]:
    """A known example, whatever the engine bundles."""
    example = {"slug": "summon-and-attack", "title": "Summon and attack", "text": scenario_yaml}
    monkeypatch.setattr(engine, "examples", lambda: [example])
    return example


def test_index_prefills_an_example_for_editing(client: Client, one_example: dict) -> None:
    response = client.get("/", {"example": one_example["slug"]})
    assert response.status_code == 200
    assert response.context["text"] == one_example["text"]


def test_post_valid_yaml_stores_and_redirects(client: Client, scenario_yaml: str) -> None:
    location = store(client, scenario_yaml.replace("\n", "\r\n"))
    slug = scenario_slug(normalize_text(scenario_yaml))
    assert location == f"/s/{slug}/"
    scenario = Scenario.objects.get(slug=slug)
    assert scenario.fmt == "yaml"
    assert store(client, scenario_yaml) == location, "the same text keeps the same URL"
    assert Scenario.objects.count() == 1


def test_post_valid_json_is_detected(client: Client, scenario_doc: dict[str, Any]) -> None:
    store(client, json.dumps(scenario_doc, indent=2))
    assert Scenario.objects.get().fmt == "json"


def test_post_uploaded_file(client: Client, scenario_yaml: str) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("s.yaml", scenario_yaml.encode(), content_type="text/yaml")
    response = client.post("/", {"text": "", "file": upload})
    assert response.status_code == 302


def test_post_example_button(client: Client, one_example: dict) -> None:
    response = client.post("/", {"text": "", "example": one_example["slug"]})
    assert response.status_code == 302
    assert Scenario.objects.get().text == normalize_text(one_example["text"])


def test_every_bundled_example_replays(client: Client, seeded: None) -> None:
    for example in engine.examples():
        response = client.post("/", {"example": example["slug"]})
        assert response.status_code == 302, (example["slug"], response.context["errors"])
        assert client.get(response["Location"]).status_code == 200


def test_post_invalid_rerenders_with_errors(client: Client, scenario_doc: dict[str, Any]) -> None:
    scenario_doc["board"]["players"]["A"]["hand"] = ["No Such Card Anywhere"]
    text = json.dumps(scenario_doc)
    response = client.post("/", {"text": text})
    assert response.status_code == 400
    html = response.content.decode()
    assert 'role="alert"' in html
    for error in response.context["errors"]:
        assert error["path"] in html
    assert "board.players.A.hand" in html
    assert "No Such Card Anywhere" in html, "the pasted text is kept in the textarea"
    assert Scenario.objects.count() == 0


@pytest.mark.parametrize("text", ["", "   ", "format: [broken"])
def test_post_empty_or_malformed_is_400(client: Client, text: str) -> None:
    response = client.post("/", {"text": text})
    assert response.status_code == 400
    assert response.context["errors"]


def test_step_page_shows_explanations_and_glossary_links(
    client: Client, seeded: None, scenario_yaml: str
) -> None:
    location = store(client, scenario_yaml)
    response = client.get(location)
    assert response.status_code == 200
    html = response.content.decode()
    replay = engine.replay(engine.parse_document(scenario_yaml, "yaml"))
    first = replay["steps"][0]
    assert first["summary"] in html or first["summary"].replace("'", "&#x27;") in html
    for explanation in first["explanations"]:
        for slug in explanation["glossary"]:
            assert f'href="/glossary/{slug}/"' in html
            term = GlossaryEntry.objects.filter(slug=slug).values_list("term", flat=True).first()
            assert term is None or term in html
    assert 'id="step-panel"' in html
    assert f'href="{location}step/2/"' in html and f'hx-get="{location}step/2/"' in html
    assert 'hx-push-url="true"' in html and 'hx-target="#step-panel"' in html
    assert "<!doctype html>" in html.lower()


def test_every_step_renders(client: Client, seeded: None, scenario_yaml: str) -> None:
    location = store(client, scenario_yaml)
    replay = engine.replay(engine.parse_document(scenario_yaml, "yaml"))
    for step in replay["steps"]:
        response = client.get(f"{location}step/{step['n']}/")
        assert response.status_code == 200, step
        assert f"Step {step['n']} of {len(replay['steps'])}" in response.content.decode()


def test_step_out_of_range_is_404(client: Client, scenario_yaml: str) -> None:
    location = store(client, scenario_yaml)
    assert client.get(f"{location}step/0/").status_code == 404
    assert client.get(f"{location}step/999/").status_code == 404
    assert client.get("/s/000000000000/").status_code == 404


def test_htmx_request_gets_the_partial_only(client: Client, scenario_yaml: str) -> None:
    location = store(client, scenario_yaml)
    response = client.get(f"{location}step/2/", headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="step-panel"' in html
    assert "<html" not in html and "site-header" not in html
    assert "Step 2 of" in html
    assert "HX-Request" in response["Vary"]


def test_htmx_history_restore_gets_the_full_page(client: Client, scenario_yaml: str) -> None:
    location = store(client, scenario_yaml)
    headers = {"HX-Request": "true", "HX-History-Restore-Request": "true"}
    html = client.get(f"{location}step/2/", headers=headers).content.decode()
    assert "<html" in html


LEGAL_NOW = """\
format: ygo-scenario/1
board:
  turn: 3
  turn_player: A
  phase: main1
  players:
    A:
      hand: [Dark Hole]
      deck: 10
      spell_traps: [{card: Mirror Force, zone: 1, face: down, set_this_turn: true}]
    B: {deck: 10, spell_traps: [{card: Magic Jammer, zone: 1, face: down}], hand: [Celtic Guardian],
        monsters: [Vorse Raider]}  # Dark Hole needs a monster to destroy
actions:
  - {player: A, do: activate, card: "A:Dark Hole"}
"""


def test_step_page_shows_what_is_legal_now_and_why_not(client: Client, seeded: None) -> None:
    """The answer to "can I chain X here?": after Dark Hole, B can chain Magic Jammer; A's
    Mirror Force was Set this turn, and the page says so."""
    html = client.get(store(client, LEGAL_NOW)).content.decode()
    assert "Legal now" in html
    section = html[html.index("Legal now") :]
    player_b = section[section.index("Player B") :]
    assert "Magic Jammer" in player_b.split("</p>")[0]  # listed under "Can activate"
    assert "was Set this turn" in section


def _corpus_scenario(name: str) -> str:
    """A corpus scenario's document, as a judge would paste it."""
    path = Path(__file__).parents[1] / "scenarios" / f"{name}.yaml"
    case = yaml.safe_load(path.read_text(encoding="utf-8"))
    return yaml.safe_dump(case["scenario"], sort_keys=False)


def test_step_pages_say_a_searched_deck_is_shuffled(client: Client, seeded: None) -> None:
    """After the search the mat says A's Deck is shuffled; the draw from it later is not named,
    and the page says why."""
    url = store(client, _corpus_scenario("search-deck-shuffled-after-a-search"))
    searched = client.get(f"{url}step/2/").content.decode()
    assert "A&#x27;s Deck is shuffled after the search" in searched
    assert "2 cards, shuffled: order unknown" in searched
    drawn = client.get(f"{url}step/4/").content.decode()
    assert "the card taken from it is shown as an Unknown Card" in drawn
    assert "shuffled: order unknown" not in drawn.split("Player A Deck")[1].split("</div>")[0]


def test_step_pages_show_a_card_banished_face_down(client: Client, seeded: None) -> None:
    """Evenly Matched banishes face-down: the mat lists those cards as face-down, the others not."""
    url = store(client, _corpus_scenario("chain-evenly-matched-end-of-battle-phase"))
    html = client.get(f"{url}step/4/").content.decode()
    banished = html[html.index("<dt>Banished (2)</dt>") :].split("</dd>")[0]
    assert banished.count('<span class="card-pos">face-down</span>') == 2
    assert "Mirror Force" in banished and "Luster Dragon" in banished
