"""The replay's verdict and the judge's names: what a judge reads first, in the words a judge uses.

The verdict's sentences on the three disputes are asserted in their corpus scenarios
(`tests/scenarios/verdict-*.yaml`, `expect.verdict`); here: the verdict is the same under every
replay option, names no card by id, and a step's title says what happened there.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from corpus_fingerprint import replayable

from engine import replay
from engine.explain import JudgeNames

CORPUS = Path(__file__).parents[1] / "scenarios"
CARD_ID = re.compile(r"\b[AB]:[^\s]")  # `B:Peten the Dark Clown#2`, `A:M1`


def _scenario(stem: str) -> dict:
    return yaml.safe_load((CORPUS / f"{stem}.yaml").read_text(encoding="utf-8"))["scenario"]


def test_judge_names_count_a_players_copies_in_listing_order() -> None:
    names = JudgeNames(
        [
            ("B:Peten the Dark Clown", "B", "Peten the Dark Clown"),
            ("A:Sangan", "A", "Sangan"),
            ("B:Peten the Dark Clown#2", "B", "Peten the Dark Clown"),
            ("A:Peten the Dark Clown", "A", "Peten the Dark Clown"),
            ("mine", "A", "Sangan"),
        ]
    )
    assert names("B:Peten the Dark Clown") == "B's first Peten the Dark Clown"
    assert names("B:Peten the Dark Clown#2") == "B's second Peten the Dark Clown"
    assert names("A:Peten the Dark Clown") == "A's Peten the Dark Clown"  # A has one: no ordinal
    assert names("mine") == "A's second Sangan"  # an explicit id counts where it is listed
    # created during the duel (Tokens): named from the id, the first plainly
    assert names("A:Sheep Token#1") == "A's Sheep Token"
    assert names("A:Sheep Token#3") == "A's third Sheep Token"


@pytest.mark.parametrize(
    "options",
    [
        {"boards": "changes", "legal": "none"},
        {"boards": "final", "legal": "last"},
        {"boards": "every", "legal": "every"},
    ],
)
def test_the_verdict_is_the_same_under_every_replay_option(options: dict[str, str]) -> None:
    document = _scenario("verdict-mirror-force-book-of-moon-on-attacker")
    plain = replay(document, boards="final", legal="none")["verdict"]
    assert plain and replay(document, **options)["verdict"] == plain


def test_a_step_where_a_trigger_misses_the_timing_is_titled_so() -> None:
    steps = replay(_scenario("timing-tributed-for-summon-peten-misses-sangan-does-not"), legal="none")[
        "steps"
    ]
    window = next(s for s in steps if any(e["code"] == "timing.missed" for e in s["explanations"]))
    assert window["summary"] == (
        "A's first Peten the Dark Clown misses the timing; triggers waiting: A's Sangan (mandatory)"
    )


def test_an_illegal_step_is_titled_with_the_action_in_words() -> None:
    steps = replay(_scenario("verdict-mirror-force-book-of-moon-on-attacker"), legal="none")["steps"]
    assert steps[-1]["accepted"] is False
    assert steps[-1]["summary"] == "Illegal: A attacks directly with A's Vorse Raider"


@pytest.mark.parametrize(
    ("target", "title"),
    [
        ("B:Celtic Guardian", "B's Vorse Raider attacks B's Celtic Guardian"),
        ("direct", "B's Vorse Raider attacks directly"),
    ],
)
def test_an_attack_by_a_taken_monster_is_titled_with_its_owner(target: str, title: str) -> None:
    """A judge names a card by its owner (README, "Cards named as a judge says them"), also while
    the other player controls it: A attacks with B's Vorse Raider, taken with Change of Heart."""
    document = {
        "format": "ygo-scenario/1",
        "board": {
            "turn": 3,
            "turn_player": "A",
            "phase": "main1",
            "players": {
                "A": {"deck": 10, "hand": ["Change of Heart"]},
                "B": {"deck": 10, "monsters": [{"card": "Vorse Raider"}, {"card": "Celtic Guardian"}]},
            },
        },
        "actions": [
            {"player": "A", "do": "activate", "card": "A:Change of Heart", "targets": ["B:Vorse Raider"]},
            {"do": "resolve"},
            {"player": "A", "do": "attack", "at": "battle", "attacker": "B:Vorse Raider", "target": target},
        ],
    }
    if target == "direct":  # nothing of B's left to attack
        document["board"]["players"]["B"]["monsters"].pop()
    steps = replay(document, legal="none")["steps"]
    assert steps[-1]["accepted"] is True
    assert steps[-1]["summary"] == title


@pytest.mark.parametrize("path", replayable(), ids=lambda p: p.stem)
def test_no_sentence_title_or_verdict_names_a_card_by_its_id(path: Path) -> None:
    result = replay(
        yaml.safe_load(path.read_text(encoding="utf-8"))["scenario"], boards="final", legal="none"
    )
    said = [s["summary"] for s in result["steps"]]
    said += [e["text"] for s in result["steps"] for e in s["explanations"]]
    said += [v["text"] for v in result["verdict"]]
    assert not [text for text in said if CARD_ID.search(text)]
    assert all(set(v) == {"step", "code", "text"} for v in result["verdict"])


def test_when_the_duel_ends_the_verdict_says_where_cards_were_then() -> None:
    """Ring of Destruction ends the duel as its link resolves: its card was still face-up on the
    field then, and the verdict says so in the past, not "after the last step"."""
    result = replay(_scenario("verdict-ring-of-destruction-500-lp-each"), boards="final", legal="none")
    assert result["result"]["draw"] is True
    places = [v for v in result["verdict"] if v["code"].startswith("verdict.card_")]
    assert places and all(v["code"] == "verdict.card_when_ended" for v in places)
    assert not [v for v in result["verdict"] if "After the last step" in v["text"]]
    assert "When the duel ended, A's Ring of Destruction was face-up in A's Spell & Trap Zone 1." in [
        v["text"] for v in result["verdict"]
    ]


def test_while_the_duel_goes_on_the_verdict_says_where_cards_are_after_the_last_step() -> None:
    result = replay(_scenario("verdict-dark-hole-sangan-and-peten"), boards="final", legal="none")
    places = [v for v in result["verdict"] if v["code"].startswith("verdict.card_")]
    assert places and all(v["text"].startswith("After the last step, ") for v in places)
