"""Where a choice is needed at resolution and the scenario gives none, the engine takes the first
legal option and says so (issue 13, item 4; spec, "Actions": `choices`), across the whole library.

For every library card's effect that is activated and takes a choice as it resolves (which card
to add, Summon, destroy, Tribute, discard; a Fusion's or Ritual's monster and materials; the
battle position a monster is Summoned in; a mode, a coin, a declaration), a board made from the
library (tests/engine/first_legal_boards.py) on which it can be activated with no `choices` is
replayed: no exception, every action legal, the card's Chain Link resolves, and an explanation
`choice.engine_picked` names the card and what the engine took. The few effects no generated
board activates with a choice to make are listed with the reason, and the test checks that
the engine still makes no choice for them.
"""

from __future__ import annotations

from typing import Any

import pytest
from first_legal_boards import cases, library

from engine import replay
from engine.cards import CardDef, Effect, Selector

# Operations whose resolution always takes a choice where there is more than one option.
CHOOSING = {
    "fusion_summon", "ritual_summon", "fusion_summon_either_field", "synchro_summon_after",
    "link_summon_after", "normal_summon_after", "normal_summon_gemini", "summon_listed_lv",
    "summon_returned_namesake", "excavate_add", "swap_control", "banish_declared_from_deck",
    "declare_type", "reveal_summon_rest_to_hand", "tribute", "discard", "banish_until_equal", "coin_toss",
}  # fmt: skip
SUMMONING = {"special_summon", "union_unequip", "unequip_unions_of"}  # a battle position to choose
ACTIVATED = ("activation", "ignition", "quick", "trigger", "flip")
# Effects no generated board activates, or that have nothing to choose from on it, and why; the
# test checks that each still has no choice the engine made. By the effect's number in the card
# file (one per choice of an effect with choices: Triple Tactics Talent's 2 is its second choice).
EXEMPT = {
    ("Dragon Ravine", 2): 'it adds a "Dragunity" monster, and no library card is one, so no Deck holds one',
    (
        "Silent Swordsman LV5",
        2,
    ): "it Summons Silent Swordsman LV7, which is not in the library: nothing to choose",
    (
        "Stardust Dragon",
        2,
    ): "it is set off in the End Phase only if its first effect resolved that turn, which a "
    "board cannot state and these boards do not bring about",
    (
        "Triple Tactics Talent",
        2,
    ): "its choices are activated only after the opponent activated a monster effect in a Main "
    "Phase that turn, which these boards do not bring about",
    ("Triple Tactics Talent", 3): "as its second choice",
}


def chooses(defn: CardDef, effect: Effect) -> bool:
    """Does the effect's resolution take a choice where more than one option is legal? (An
    optional "you can" step is not done unless `choices` asks for it: no choice is missing.)"""
    for step in effect.do:
        if step.optional:
            continue
        if step.op in CHOOSING or step.pick or step.mode:
            return True
        if step.op == "add_to_hand" and isinstance(step.cards, Selector):
            return True
        link_itself = step.cards == "this" and "link" in defn.subtypes  # always in Attack Position
        if step.op in SUMMONING and step.position is None and not link_itself:
            return True
    return False


def choosing_effects() -> list[tuple[str, int]]:
    return [(defn.name, n) for defn in sorted(library().values(), key=lambda d: d.name)
            for n, effect in enumerate(defn.effects, start=1)
            if effect.kind in ACTIVATED and chooses(defn, effect)]  # fmt: skip


def _outcome(doc: dict[str, Any]) -> tuple[str | None, list[dict[str, Any]]]:
    """Why the document's actions are not all legal (None if they are), and its steps."""
    result = replay(doc)
    illegal = [e["text"] for s in result["steps"] if not s["accepted"] for e in s["explanations"]]
    return ("; ".join(illegal) or None), result["steps"]


def test_the_library_has_effects_that_take_a_choice() -> None:
    effects = choosing_effects()
    assert len(effects) >= 50, effects
    assert set(EXEMPT) <= set(effects)


@pytest.mark.parametrize(("name", "number"), choosing_effects(), ids=lambda v: str(v))
def test_an_effect_with_no_choices_takes_the_first_legal_option(name: str, number: int) -> None:
    reasons = []
    for card, doc in cases(name, number):
        why, steps = _outcome(doc)
        if why is not None:
            reasons.append(why)
            continue
        resolving = [
            any(e["type"] == "resolved" and e.get("card") == card for e in s["events"]) for s in steps
        ]
        resolved = resolving.index(True) if True in resolving else None
        assert resolved is not None, f"{name}'s Chain Link never resolves"
        picked = [
            e for s in steps[resolved:] for e in s["explanations"] if e["code"] == "choice.engine_picked"
        ]
        if not picked and (name, number) in EXEMPT:
            pytest.skip(EXEMPT[(name, number)])  # activated, with nothing to choose
        assert (name, number) not in EXEMPT, f"listed as exempt, yet it took a choice: {doc}"
        assert picked, f"{name} resolved with no choices and nothing says what the engine took"
        said = picked[0]["params"]["reason"]["params"]
        assert said["card"]["card"] == card, said  # it names the card whose choice it made
        ops = {s.op for s in library()[name.lower()].effects[number - 1].do}
        if ops & {"fusion_summon", "ritual_summon"}:  # with no stated materials, it Summons with the first
            summoned = [e for s in steps[resolved:] for e in s["events"] if e["type"] == "summoned"]
            assert summoned, f"{name} Summoned nothing"
        return
    if (name, number) in EXEMPT:
        pytest.skip(EXEMPT[(name, number)])
    pytest.fail(f"no generated board activates {name}'s effect {number}: {reasons}")
