"""The step page's "What happened" list reads as sentences a judge says, never as data."""

import re
from pathlib import Path

import pytest
import yaml
from django.test import Client

import engine
from rulings.replays.event_words import SHAPES, event_sentence

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
RAW = re.compile(r"\b[AB]:\S|_|\{|\}|\b(?:lp|amount|chain_link|cause|seq)\s*:")


def corpus_events() -> list[tuple[str, dict, engine.api.Names]]:
    """Every event of every corpus scenario's replay, with the judge's namer for its document."""
    found = []
    for path in sorted(SCENARIOS.glob("*.yaml")):
        data = yaml.safe_load(path.read_text())
        text = yaml.safe_dump(data.get("scenario", data))
        try:
            document = engine.parse_document(text, "yaml")
            replay = engine.replay(document, boards="final", legal="none")
        except engine.DocumentError:
            continue
        names = engine.card_names(document)
        found += [(path.stem, e, names) for s in replay["steps"] for e in s["events"]]
    return found


def test_every_event_of_the_corpus_reads_as_a_sentence_without_ids_or_engine_words() -> None:
    events = corpus_events()
    assert len({e["type"] for _, e, _ in events}) > 40
    for stem, event, names in events:
        assert event["type"] in SHAPES, (stem, event)
        sentence = event_sentence(event, names)
        assert not sentence[0].islower() and sentence.endswith("."), (stem, sentence)
        assert not RAW.search(sentence), (stem, event, sentence)


@pytest.mark.parametrize(
    ("event", "sentence"),
    [
        (
            {"type": "damage", "player": "B", "amount": 1000, "lp": 7000, "cause": "A:Caius"},
            "B takes 1,000 damage (LP 7,000), by A's Caius.",
        ),
        (
            {"type": "discarded", "card": "B:Kuriboh", "player": "B", "cause": "cost of B:Kuriboh"},
            "B discards B's Kuriboh, as the cost of B's Kuriboh.",
        ),
        (
            {"type": "negated", "card": "B:Solemn", "cause": "A:Tools", "chain_link": 3,
             "what": "activation", "negated_link": 2},
            "The activation of B's Solemn (Chain Link 2) is negated, by A's Tools.",
        ),
        (
            {"type": "destroyed", "card": "A:Guardian", "cause": "battle", "by": "B:Elf",
             "from": "monsters", "to": "graveyard"},
            "A's Guardian is destroyed and goes to the GY, by battle with B's Elf.",
        ),
        (
            {"type": "banished", "card": "B:Skull", "face_down": True, "from": "monsters",
             "cause": "A:Caius"},
            "B's Skull is banished face-down from a Monster Zone, by A's Caius.",
        ),
    ],
)  # fmt: skip
def test_an_event_sentence_names_cards_as_a_judge_does(event: dict, sentence: str) -> None:
    def names(card_id: str) -> str:
        return card_id.replace(":", "'s ")

    assert event_sentence(event, names) == sentence


@pytest.mark.django_db
def test_the_step_page_lists_what_happened_in_sentences(client: Client, seeded: None) -> None:
    text = """
format: ygo-scenario/1
board:
  turn: 3
  turn_player: A
  phase: main1
  players:
    A: {deck: 5, hand: [Caius the Shadow Monarch], monsters: [{card: Celtic Guardian, zone: 1}]}
    B: {deck: 5, monsters: [{card: Vorse Raider, zone: 1}]}
actions:
  - {player: A, do: normal_summon, card: "A:Caius the Shadow Monarch", tributes: ["A:Celtic Guardian"]}
"""
    response = client.post("/", {"text": text})
    assert response.status_code == 302, response.content.decode()[:2000]
    html = client.get(response["Location"]).content.decode()
    events = html.split('id="events-heading"')[1].split("</section>")[0]
    assert "A&#x27;s Caius the Shadow Monarch is Tribute Summoned from the hand." in events
    assert "as a Tribute for A&#x27;s Caius the Shadow Monarch" in events
    assert not RAW.search(events.replace("&#x27;", "'")), events
