"""A monster known only by its printed facts has no written effect; the judge states the kind of
the effect it used (`effect_kind`: ignition, quick or trigger) with what it did (`resolution`),
and the engine activates it as that kind is (README, "An effect of a facts-only monster")."""

from __future__ import annotations

from typing import Any

import pytest

from engine import DocumentError, replay

# A card given only its printed facts, as a scenario's `cards` section (or the facts file) gives it.
FACTS = {"name": "Test Facts Monster", "card_type": "monster", "subtypes": ["effect"], "attribute": "DARK",
         "monster_type": "Fiend", "level": 4, "atk": 1200, "def": 1000,
         "summary": "Printed facts only."}  # fmt: skip


def _doc(actions: list[dict[str, Any]], turn_player: str = "A") -> dict[str, Any]:
    players = {
        "A": {"hand": ["Pot of Greed", "Dark Hole"], "deck": 10,
              "monsters": [{"card": "Test Facts Monster", "zone": 1}]},
        "B": {"hand": ["Test Facts Monster"], "deck": 10,
              "monsters": [{"card": "Celtic Guardian", "zone": 1}]},
    }  # fmt: skip
    board = {"turn": 3, "turn_player": turn_player, "phase": "main1", "players": players}
    return {"format": "ygo-scenario/1", "cards": [FACTS], "board": board, "actions": actions}


def _codes(step: dict[str, Any]) -> list[str]:
    return [e["code"] for e in step["explanations"]]


IGNITION = {"player": "A", "do": "activate", "card": "A:Test Facts Monster", "effect_kind": "ignition",
            "resolution": [{"destroy": ["B:Celtic Guardian"]}]}  # fmt: skip


def test_an_ignition_effect_is_spell_speed_1_in_its_controllers_main_phase() -> None:
    steps = replay(_doc([IGNITION, {"do": "resolve"}]))["steps"]
    assert steps[0]["accepted"] and "Spell Speed 1" in steps[0]["summary"]
    assert "stated.applied" in _codes(steps[1])
    board = replay(_doc([IGNITION, {"do": "resolve"}]))["final_board"]["players"]["B"]
    assert [c["card"] for c in board["graveyard"]] == ["Celtic Guardian"]
    # in the opponent's turn an Ignition Effect cannot be activated
    refused = replay(_doc([IGNITION], turn_player="B"))["steps"][0]
    assert not refused["accepted"] and "activate.not_allowed_now" in _codes(refused)


def test_a_quick_effect_is_spell_speed_2_and_chains_to_a_spell() -> None:
    """B's facts-only monster in the hand (a hand trap) answers Pot of Greed, paying its discard
    as the stated cost, and negates its effect."""
    steps = replay(_doc([
        {"player": "A", "do": "activate", "card": "A:Pot of Greed"},
        {"player": "B", "do": "activate", "card": "B:Test Facts Monster", "effect_kind": "quick",
         "cost": {"discard": ["B:Test Facts Monster"]}, "resolution": [{"negate_effect": "link:1"}]},
        {"do": "resolve"},
    ]))["steps"]  # fmt: skip
    assert steps[1]["accepted"] and "Chain Link 2, Spell Speed 2" in steps[1]["summary"]
    assert any("chain.link_negated" in _codes(s) for s in steps)
    # stated as an Ignition Effect, the same response is refused: Spell Speed 1 cannot chain
    ignition = {"player": "B", "do": "activate", "card": "B:Test Facts Monster", "effect_kind": "ignition",
                "resolution": [{"negate_effect": "link:1"}]}  # fmt: skip
    refused = replay(_doc([{"player": "A", "do": "activate", "card": "A:Pot of Greed"}, ignition]))["steps"][
        1
    ]
    assert not refused["accepted"] and "chain.spell_speed_too_low" in _codes(refused)


def test_a_trigger_effect_is_stated_in_the_window_after_its_event() -> None:
    """Destroyed by Dark Hole, the facts-only monster's trigger is stated as the chain has
    resolved (Spell Speed 1); stated while another chain is open, it is refused."""
    trigger = {"player": "A", "do": "activate", "card": "A:Test Facts Monster", "effect_kind": "trigger",
               "resolution": [{"draw": {"A": 1}}]}  # fmt: skip
    steps = replay(_doc([{"player": "A", "do": "activate", "card": "A:Dark Hole"}, {"do": "resolve"}, trigger,
                         {"do": "resolve"}]))["steps"]  # fmt: skip
    stated = steps[2]
    assert stated["accepted"] and "stated.trigger_set_off" in _codes(stated), _codes(stated)
    assert "Spell Speed 1" in stated["summary"]
    open_chain = replay(_doc([{"player": "A", "do": "activate", "card": "A:Pot of Greed"}, trigger]))[
        "steps"
    ][1]
    assert not open_chain["accepted"] and "chain.spell_speed_too_low" in _codes(open_chain)


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"effect_kind": "continuous"}, "expected ignition, quick or trigger"),
        ({"card": "A:Pot of Greed"}, "is a spell: it is activated as a card"),
        ({"resolution": []}, "it needs resolution"),
        ({"effect": 1}, "not both"),
    ],
)
def test_a_stated_kind_that_cannot_be_is_a_document_error_at_its_field(change: dict, says: str) -> None:
    with pytest.raises(DocumentError) as info:
        replay(_doc([{**IGNITION, **change}]))
    problems = [(p.path, p.message) for p in info.value.problems]
    assert any(path == "actions[0].effect_kind" and says in message for path, message in problems), problems


def test_a_card_with_written_effects_has_no_kind_to_state() -> None:
    """Sangan's effect is in the library: a stated kind is refused where the document names it,
    and, named by its zone, as it is activated."""
    doc = _doc([{**IGNITION, "card": "A:Sangan"}])
    doc["board"]["players"]["A"]["monsters"].append({"card": "Sangan", "zone": 2})
    with pytest.raises(DocumentError) as info:
        replay(doc)
    assert [p.path for p in info.value.problems] == ["actions[0].effect_kind"]
    assert "has written effects" in info.value.problems[0].message
    doc["actions"] = [{**IGNITION, "card": "A:M2"}]
    step = replay(doc)["steps"][0]
    assert not step["accepted"] and _codes(step) == ["activate.kind_of_written_effect"]
