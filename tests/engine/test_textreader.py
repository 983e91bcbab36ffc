"""The card-text reader: accuracy over our card-text set, the grammar's traps, errors and overrides."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import glossary
from engine.textreader import (
    DERIVED,
    FIELDS,
    RULES,
    ReaderError,
    apply_overrides,
    classify,
    read,
    text_parts,
)

DATA = Path(__file__).parent / "data" / "card_texts.yaml"
CARDS: list[dict[str, Any]] = yaml.safe_load(DATA.read_text(encoding="utf-8"))
SPEC_FIELDS = [f for f in FIELDS if f != "reasons"]
MIN_ACCURACY = 0.95


def read_card(card: dict[str, Any]) -> list[dict[str, Any]]:
    return classify(
        card["text"], kind=card["kind"], subtype=card["subtype"], pendulum_text=card.get("pendulum_text")
    )


def one(text: str, kind: str = "monster", subtype: str | list[str] = "effect") -> dict[str, Any]:
    """The only effect of a text."""
    effects = classify(text, kind=kind, subtype=subtype)
    assert len(effects) == 1, [e["text"] for e in effects]
    return effects[0]


# --- the card-text set


def test_the_set_is_large_and_covers_every_value() -> None:
    assert len(CARDS) >= 70
    effects = [e for card in CARDS for e in card["effects"]]
    for name, values in {
        "kind": {
            "ignition",
            "trigger",
            "quick",
            "continuous",
            "flip",
            "activation",
            "maintenance",
            "summoning_condition",
        },
        "spell_speed": {1, 2, 3, None},
        "optional": {True, False},
        "wording": {"when", "if", "during", None},
        "once_per_turn": {"none", "soft", "hard", "card_activation"},
        "can_miss_timing": {True, False},
        "targets": {True, False},
        "quick_effect": {True, False},
        "cannot_be_negated": {True, False},
        "part": {"pendulum", "monster", "card"},
    }.items():
        assert {e[name] for e in effects} >= values, name
    assert {c for e in effects for c in e["conjunctions"]} == {"and_if_you_do", "then", "also", "and"}
    assert any(not card["effects"] for card in CARDS), "flavour text with no effect"
    for card in CARDS:
        assert card["modelled_on"] and card["name"] != card["modelled_on"], card["name"]
        for effect in card["effects"]:
            assert list(effect) == SPEC_FIELDS, card["name"]


def test_per_field_accuracy_over_the_set() -> None:
    """Each field right for at least 95% of the expected effects (an effect not found counts as wrong)."""
    right: Counter[str] = Counter()
    total = 0
    split_right = 0
    for card in CARDS:
        got = read_card(card)
        expected = card["effects"]
        split_right += len(got) == len(expected)
        total += len(expected)
        for index, want in enumerate(expected):
            have = got[index] if index < len(got) and len(got) == len(expected) else {}
            for name in SPEC_FIELDS:
                right[name] += have.get(name, object()) == want[name]
    table = [f"{'field':<18} accuracy  ({total} effects, {len(CARDS)} cards)"]
    table += [f"{name:<18} {right[name] / total:7.1%}" for name in SPEC_FIELDS]
    table.append(
        f"{'effect split':<18} {split_right / len(CARDS):7.1%}  (cards split into the right effects)"
    )
    print("\n" + "\n".join(table))
    low = {name: right[name] / total for name in SPEC_FIELDS if right[name] / total < MIN_ACCURACY}
    assert not low, low
    assert split_right / len(CARDS) >= MIN_ACCURACY


@pytest.mark.parametrize("card", CARDS, ids=[c["name"] for c in CARDS])
def test_every_effect_explains_every_field(card: dict[str, Any]) -> None:
    slugs = {e["slug"] for e in glossary()}
    for effect in read_card(card):
        assert list(effect) == list(FIELDS)
        assert set(effect["reasons"]) == set(DERIVED)
        for name, reason in effect["reasons"].items():
            assert reason["rule"] in RULES, (name, reason)
            assert reason["explanation"].endswith("."), reason
            assert reason["glossary"] in slugs, reason


def test_every_rule_links_a_glossary_entry() -> None:
    slugs = {e["slug"] for e in glossary()}
    assert {slug for _, slug in RULES.values()} <= slugs


# --- When vs If, optional vs mandatory, and missing the timing


@pytest.mark.parametrize(
    ("text", "optional", "wording", "can_miss", "rule"),
    [
        (
            "When this card is sent to the GY: You can draw 1 card.",
            True,
            "when",
            True,
            "when-optional-can-miss",
        ),
        ("If this card is sent to the GY: You can draw 1 card.", True, "if", False, "if-never-misses"),
        ("When this card is sent to the GY: Draw 1 card.", False, "when", False, "mandatory-never-misses"),
        ("If this card is sent to the GY: Draw 1 card.", False, "if", False, "mandatory-never-misses"),
        ("During your End Phase: You can draw 1 card.", True, "during", False, "phase-never-misses"),
    ],
)
def test_when_and_if(text: str, optional: bool, wording: str, can_miss: bool, rule: str) -> None:
    effect = one(text)
    assert (effect["kind"], effect["optional"], effect["wording"]) == ("trigger", optional, wording)
    assert effect["can_miss_timing"] is can_miss
    assert effect["reasons"]["can_miss_timing"]["rule"] == rule
    assert effect["reasons"]["can_miss_timing"]["glossary"] == "missing-the-timing"


def test_a_situation_is_not_a_trigger() -> None:
    in_gy = one("If this card is in your GY: You can banish 1 card from your hand; Special Summon this card.")
    assert (in_gy["kind"], in_gy["spell_speed"], in_gy["can_miss_timing"]) == ("ignition", 1, False)
    assert in_gy["reasons"]["kind"]["rule"] == "state-condition"
    summoned = one("If a monster Special Summoned from the Extra Deck is on the field: You can draw 1 card.")
    assert summoned["kind"] == "ignition"
    your_turn = one("During your turn: You can banish this card from your GY; draw 1 card.", "trap", "normal")
    assert your_turn["kind"] == "activation"  # the first effect of a Normal Trap is its activation
    gy_effect = classify(
        "Draw 1 card. During your turn: You can banish this card from your GY; draw 1 card.",
        kind="trap",
        subtype="normal",
    )[1]
    assert (gy_effect["kind"], gy_effect["spell_speed"]) == ("quick", 2)


def test_flip_effects_and_hand_and_gy_triggers() -> None:
    flip = one("FLIP: You can target 1 card on the field; destroy it.", subtype=["effect", "flip"])
    assert (flip["kind"], flip["spell_speed"], flip["condition"], flip["targets"]) == ("flip", 1, None, True)
    assert flip["can_miss_timing"] is False
    gy = one("If this card is sent from the hand to the GY: You can draw 1 card.")
    assert gy["reasons"]["kind"]["rule"] == "trigger-gy"
    hand = one("When you take damage while this card is in your hand: You can Special Summon it.")
    assert hand["reasons"]["kind"]["rule"] == "trigger-hand"
    assert hand["can_miss_timing"] is True


# --- Quick Effects, ignition, costs and targets


def test_quick_effect_tag() -> None:
    hand_trap = one("(Quick Effect): You can discard this card; negate that effect.")
    assert (hand_trap["kind"], hand_trap["spell_speed"], hand_trap["quick_effect"]) == ("quick", 2, True)
    assert hand_trap["reasons"]["kind"]["rule"] == "hand-quick-effect"
    assert hand_trap["cost"] == "Discard this card" and hand_trap["condition"] is None
    on_field = one("When an opponent's monster declares an attack (Quick Effect): You can negate the attack.")
    assert on_field["condition"] == "When an opponent's monster declares an attack"
    assert on_field["wording"] == "when" and on_field["can_miss_timing"] is False
    old = one("Once per turn, during either player's turn: You can target 1 card; destroy it.")
    assert (old["kind"], old["quick_effect"], old["once_per_turn"]) == ("quick", False, "soft")


@pytest.mark.parametrize(
    ("text", "cost", "targets", "rule"),
    [
        ("You can Tribute 1 monster; draw 1 card.", "Tribute 1 monster", False, "cost-before-semicolon"),
        ("You can target 1 card on the field; destroy it.", None, True, "only-targets-before-semicolon"),
        (
            "You can pay 1000 LP, then target 1 monster; destroy it.",
            "Pay 1000 LP",
            True,
            "cost-before-semicolon",
        ),
        ("You can declare 1 card name; reveal the top card of your Deck.", None, False, None),
        ("Once per turn: You can draw 1 card.", None, False, "no-semicolon-no-cost"),
    ],
)
def test_ignition_costs_and_targets(text: str, cost: str | None, targets: bool, rule: str | None) -> None:
    effect = one(text)
    assert (effect["kind"], effect["spell_speed"], effect["optional"]) == ("ignition", 1, True)
    assert (effect["cost"], effect["targets"]) == (cost, targets)
    if rule:
        assert effect["reasons"]["cost"]["rule"] == rule


def test_target_in_the_condition_is_not_targeting() -> None:
    effect = one("If this card is targeted by a card effect: You can draw 1 card.")
    assert effect["targets"] is False
    assert effect["reasons"]["targets"]["rule"] == "no-semicolon-no-target"


# --- continuous effects, summoning conditions, maintenance


@pytest.mark.parametrize(
    "text",
    [
        "Monsters your opponent controls lose 500 ATK.",
        "You can only declare an attack with this card while you control another monster.",
        "If this card would be destroyed, you can send 1 card from your hand to the GY instead.",
        "When this card leaves the field, destroy the equipped monster.",
    ],
)
def test_continuous_effects_are_not_activated(text: str) -> None:
    effect = one(text)
    assert (effect["kind"], effect["spell_speed"], effect["optional"], effect["targets"]) == (
        "continuous",
        None,
        False,
        False,
    )
    assert effect["reasons"]["kind"]["glossary"] == "continuous-effect"


def test_summoning_conditions_and_material_lines_are_not_effects() -> None:
    reading = read(
        "2 Level 4 monsters\nCannot be Normal Summoned/Set. Must be Special Summoned by its own procedure. "
        "Once per turn: You can detach 1 material from this card; draw 1 card.",
        kind="monster",
        subtype="xyz",
    )
    assert reading.not_effects[0] == {"text": "2 Level 4 monsters", "what": "material line, not an effect"}
    condition, ignition = reading.effects
    assert condition["kind"] == "summoning_condition" and condition["spell_speed"] is None
    assert condition["text"].startswith("Cannot be Normal Summoned/Set. Must be")
    assert ignition["cost"] == "Detach 1 material from this card"
    same_line = classify(
        "1 Tuner + 1+ non-Tuner monsters Cannot be destroyed by battle.", kind="monster", subtype="synchro"
    )
    assert [e["text"] for e in same_line] == ["Cannot be destroyed by battle."]


def test_a_procedure_in_parentheses_is_not_activated_but_a_colon_is() -> None:
    procedure = one("If you control no monsters, you can Special Summon this card (from your hand).")
    assert procedure["kind"] == "summoning_condition"
    assert procedure["reasons"]["kind"]["rule"] == "summoning-procedure"
    activated = one("If you control no monsters: You can Special Summon this card from your hand.")
    assert (activated["kind"], activated["spell_speed"]) == ("ignition", 1)


def test_a_gemini_s_granted_bullet_is_the_effect_it_gains() -> None:
    """The bullet after a Gemini's "... become an Effect Monster with this effect" is what it gains
    when Normal Summoned again: an activated effect when it says "You can" after a colon
    (Gigaplant's, an Ignition Effect: the Japanese 発動できる), not the continuous clause before it."""
    text = (
        "This card is treated as a Normal Monster while face-up on the field or in the GY. While this "
        "card is a Normal Monster on the field, you can Normal Summon it to have it become an Effect "
        "Monster with this effect.\n● Once per turn: You can draw 1 card."
    )
    clause, gained = read(text, kind="monster", subtype="gemini").effects
    assert clause["kind"] == "continuous"
    assert (gained["kind"], gained["spell_speed"], gained["once_per_turn"]) == ("ignition", 1, "soft")
    battle = "● If this card destroys a monster by battle: You can draw 1 card."
    when = text.replace("● Once per turn: You can draw 1 card.", battle)
    gained = read(when, kind="monster", subtype="gemini").effects[1]
    assert (gained["kind"], gained["wording"]) == ("trigger", "if")


def test_normal_monsters_have_no_effects() -> None:
    reading = read("A dragon of legend. Its roar shakes the sky.", kind="monster", subtype="normal")
    assert reading.effects == []
    assert reading.not_effects == [
        {"text": "A dragon of legend. Its roar shakes the sky.", "what": "flavour text, not an effect"}
    ]


@pytest.mark.parametrize(
    ("text", "cost"),
    [
        (
            "During your Standby Phase, you must pay 500 LP (this is not optional), or destroy this card.",
            "Pay 500 LP",
        ),
        (
            "During your Standby Phase, send 1 card from your hand to the GY or destroy this card.",
            "Send 1 card from your hand to the GY",
        ),
    ],
)
def test_maintenance_costs(text: str, cost: str) -> None:
    """A maintenance cost is never optional (the spec): it comes every time, paid or not."""
    activation, effect = classify(text, kind="trap", subtype="continuous")
    assert activation["text"] == "(card activation)"
    assert (effect["kind"], effect["spell_speed"], effect["optional"], effect["cost"]) == (
        "maintenance",
        None,
        False,
        cost,
    )
    assert effect["reasons"]["cost"]["glossary"] == "maintenance-cost"


def test_a_phase_payment_written_with_a_colon_is_a_trigger() -> None:
    """With a colon the effect is activated (the grammar's colon), so it is a mandatory trigger, not a
    maintenance cost: every real text so written (Yubel, Five-Headed Link Dragon, Frozen Domain of the
    Ice Barrier) is one the Japanese says activates (発動する)."""
    activation, effect = classify(
        "Once per turn, during your End Phase: Pay 500 LP or destroy this card.",
        kind="trap",
        subtype="continuous",
    )
    assert activation["text"] == "(card activation)"
    assert (effect["kind"], effect["optional"], effect["wording"]) == ("trigger", False, "during")


# --- Spells and Traps


@pytest.mark.parametrize(
    ("kind", "subtype", "speed"),
    [
        ("spell", "normal", 1),
        ("spell", "ritual", 1),
        ("spell", "quick-play", 2),
        ("trap", "normal", 2),
        ("trap", "counter", 3),
    ],
)
def test_card_activation_speeds(kind: str, subtype: str, speed: int) -> None:
    effects = classify(
        'Target 1 card on the field; destroy it. Then, draw 1 card. You can only activate 1 "Test" per turn.',
        kind=kind,
        subtype=subtype,
    )
    assert len(effects) == 1, "a Spell or Trap's activation is one effect, whatever its sentences"
    effect = effects[0]
    assert (effect["kind"], effect["spell_speed"], effect["targets"]) == ("activation", speed, True)
    assert effect["conjunctions"] == ["then"] and effect["once_per_turn"] == "card_activation"


@pytest.mark.parametrize(("kind", "speed", "effect_kind"), [("spell", 1, "ignition"), ("trap", 2, "quick")])
def test_effects_of_face_up_continuous_cards(kind: str, speed: int, effect_kind: str) -> None:
    activation, continuous, activated = classify(
        "Monsters you control gain 300 ATK. Once per turn: You can pay 500 LP; draw 1 card.",
        kind=kind,
        subtype="continuous",
    )
    assert (activation["text"], activation["kind"], activation["optional"]) == (
        "(card activation)",
        "activation",
        True,
    )
    assert activation["spell_speed"] == speed
    assert continuous["kind"] == "continuous"
    assert (activated["kind"], activated["spell_speed"], activated["once_per_turn"]) == (
        effect_kind,
        speed,
        "soft",
    )


def test_activate_this_card_and_its_limit() -> None:
    activation, continuous = classify(
        "When this card is activated: You can add 1 card from your Deck to your hand. "
        'Your monsters gain 100 ATK. You can only activate 1 "Test Field" per turn.',
        kind="spell",
        subtype="field",
    )
    assert (activation["kind"], activation["spell_speed"], activation["optional"]) == ("activation", 1, True)
    assert activation["once_per_turn"] == "card_activation"
    assert continuous["once_per_turn"] == "none"
    toon = one("Activate this card by paying 1000 LP.", "spell", "continuous")
    assert (toon["kind"], toon["cost"]) == ("activation", "Paying 1000 LP")


# --- once per turn, cannot be negated, conjunctions


def test_once_per_turn_kinds() -> None:
    soft, hard = classify(
        "Once per turn: You can draw 1 card. If this card is Summoned: You can draw 1 card. "
        'You can only use this effect of "Test" once per turn.',
        kind="monster",
        subtype="effect",
    )
    assert (soft["once_per_turn"], hard["once_per_turn"]) == ("soft", "hard")
    assert hard["reasons"]["once_per_turn"]["rule"] == "opt-hard-this"
    assert hard["text"].endswith("once per turn."), "the clause is part of the effect it limits"

    reading = read(
        "Your monsters gain 100 ATK. You can Tribute 1 monster; draw 1 card. If this card is sent to the GY: "
        'You can draw 1 card. You can only use each effect of "Test" once per turn.',
        kind="monster",
        subtype="effect",
    )
    assert [e["once_per_turn"] for e in reading.effects] == ["none", "hard", "hard"]
    assert reading.not_effects[-1]["text"].startswith("You can only use each effect")

    second = classify(
        "You can Tribute 1 monster; draw 1 card. If this card is sent to the GY: You can draw 1 card. "
        'You can only use the 2nd effect of "Test" once per turn.',
        kind="monster",
        subtype="effect",
    )
    assert [e["once_per_turn"] for e in second] == ["none", "hard"]
    per_duel = one('You can pay 1000 LP; draw 2 cards. You can only use this effect of "Test" once per Duel.')
    assert per_duel["once_per_turn"] == "hard"
    assert per_duel["reasons"]["once_per_turn"]["rule"] == "opt-per-duel"


@pytest.mark.parametrize(
    "text",
    [
        "You can pay 1000 LP; destroy all cards on the field. This effect cannot be negated.",
        "You can pay 1000 LP; destroy all cards on the field. The activation of this card cannot be negated.",
    ],
)
def test_cannot_be_negated(text: str) -> None:
    effect = one(text)
    assert effect["cannot_be_negated"] is True
    assert effect["reasons"]["cannot_be_negated"]["glossary"] == "negate"
    assert one("You can pay 1000 LP; destroy all cards on the field.")["cannot_be_negated"] is False


def test_conjunctions_in_order() -> None:
    effect = one(
        "If this card is Summoned: Draw 1 card, also gain 500 LP, and if you do, discard 1 card. Then, "
        "destroy 1 monster, and inflict 500 damage to your opponent."
    )
    assert effect["conjunctions"] == ["also", "and_if_you_do", "then", "and"]
    cost_then = one("You can Tribute 1 monster, then target 1 card; destroy it.")
    assert cost_then["conjunctions"] == [], (
        "'then' before the semicolon orders the activation, not the effect"
    )


# --- Pendulum Effects


def test_pendulum_effects_come_first() -> None:
    effects = classify(
        "FLIP: Draw 1 card.",
        kind="monster",
        subtype=["pendulum", "effect", "flip"],
        pendulum_text="Once per turn: You can target 1 card; destroy it.",
    )
    assert [(e["part"], e["kind"], e["spell_speed"]) for e in effects] == [
        ("pendulum", "ignition", 1),
        ("monster", "flip", 1),
    ]
    assert effects[0]["reasons"]["spell_speed"]["glossary"] == "pendulum-effect"
    marked = classify(
        "[ Pendulum Effect ] Your monsters gain 100 ATK. [ Monster Effect ] Cannot be destroyed by battle.",
        kind="monster",
        subtype="pendulum effect",
    )
    assert [e["part"] for e in marked] == ["pendulum", "monster"]


# --- text parts for display


def test_text_parts_rebuild_the_text() -> None:
    effect = one("If this card is Summoned: You can discard 1 card; draw 2 cards.")
    parts = text_parts(effect)
    assert [p["label"] for p in parts] == ["condition", "cost", "effect"]
    assert "".join(p["text"] for p in parts) == effect["text"]
    assert [p["label"] for p in text_parts(one("FLIP: Target 1 card; destroy it.", subtype="flip"))] == [
        "marker",
        "target",
        "effect",
    ]


# --- errors


@pytest.mark.parametrize(
    ("args", "field", "words"),
    [
        ({"text": "Draw 1 card.", "kind": "magic", "subtype": "normal"}, "kind", "monster, spell or trap"),
        ({"text": "Draw 1 card.", "kind": "spell", "subtype": "speedy"}, "subtype", "unknown subtype"),
        (
            {"text": "Draw 1 card.", "kind": "spell", "subtype": "counter"},
            "subtype",
            "a spell's subtype is one of",
        ),
        ({"text": "Draw 1 card.", "kind": "spell", "subtype": ["normal", "field"]}, "subtype", "exactly one"),
        ({"text": "Draw 1 card.", "kind": "spell", "subtype": []}, "subtype", "give the spell's subtype"),
        ({"text": "Draw 1 card.", "kind": "monster", "subtype": 3}, "subtype", "expected a subtype name"),
        ({"text": "Draw 1 card.", "kind": "monster", "subtype": "normal effect"}, "subtype", "not both"),
        ({"text": "   ", "kind": "spell", "subtype": "normal"}, "text", "empty"),
        ({"text": None, "kind": "spell", "subtype": "normal"}, "text", "expected the card's text"),
        ({"text": "x" * 5001, "kind": "spell", "subtype": "normal"}, "text", "too long"),
        (
            {"text": "Draw 1 card.", "kind": "monster", "subtype": "effect", "pendulum_text": "Draw 1 card."},
            "pendulum_text",
            "only Pendulum monsters",
        ),
    ],
)
def test_bad_input_names_the_field(args: dict[str, Any], field: str, words: str) -> None:
    with pytest.raises(ValueError) as info:
        classify(args.pop("text"), **args)
    assert isinstance(info.value, ReaderError)
    assert info.value.field == field
    assert words in str(info.value)


@settings(max_examples=150, deadline=None)
@given(
    text=st.text(
        alphabet=st.sampled_from(list('abc XYZ:;.,()"\n●-12')) | st.characters(), min_size=1, max_size=300
    ),
    kind=st.sampled_from(["monster", "spell", "trap"]),
)
def test_any_text_reads_or_is_rejected_cleanly(text: str, kind: str) -> None:
    subtype = {"monster": "effect xyz", "spell": "continuous", "trap": "counter"}[kind]
    try:
        effects = classify(text, kind=kind, subtype=subtype)
    except ReaderError as error:
        assert error.field == "text"
        return
    for effect in effects:
        assert list(effect) == list(FIELDS)
        assert effect["text"].strip()


# --- overrides


def test_overrides_replace_a_value_and_its_reason() -> None:
    effects = classify(
        "When this card is sent to the GY: You can draw 1 card.", kind="monster", subtype="effect"
    )
    changed = apply_overrides(effects, {(0, "can_miss_timing"): False, (0, "once_per_turn"): "hard"})
    assert changed[0]["can_miss_timing"] is False and changed[0]["once_per_turn"] == "hard"
    reason = changed[0]["reasons"]["can_miss_timing"]
    assert reason["rule"] == "judge-override" and "True" in reason["explanation"]
    assert changed[0]["reasons"]["kind"] == effects[0]["reasons"]["kind"], "other reasons stay"
    assert effects[0]["can_miss_timing"] is True, "the input is not changed"


@pytest.mark.parametrize(
    ("overrides", "path", "words"),
    [
        ({(1, "kind"): "quick"}, "effects[1]", "no such effect"),
        ({(0, "colour"): "red"}, "effects[0].colour", "cannot be overridden"),
        ({(0, "text"): "Draw 2 cards."}, "effects[0].text", "cannot be overridden"),
        ({(0, "kind"): "magic"}, "effects[0].kind", "expected one of ignition"),
        ({(0, "spell_speed"): 4}, "effects[0].spell_speed", "1, 2, 3 or null"),
        ({(0, "spell_speed"): True}, "effects[0].spell_speed", "1, 2, 3 or null"),
        ({(0, "optional"): "yes"}, "effects[0].optional", "true, false or null"),
        ({(0, "conjunctions"): ["but"]}, "effects[0].conjunctions", "a list of"),
        ({(0, "cost"): ""}, "effects[0].cost", "a text or null"),
        ({"kind": "quick"}, "overrides", "(effect index, field)"),
    ],
)
def test_bad_overrides_name_the_field(overrides: dict[Any, Any], path: str, words: str) -> None:
    effects = classify("You can draw 1 card.", kind="monster", subtype="effect")
    with pytest.raises(ValueError) as info:
        apply_overrides(effects, overrides)
    assert info.value.field == path  # type: ignore[attr-defined]
    assert words in str(info.value)


# --- issue 14: what the reader got wrong on real texts (our own wordings of each pattern)


def test_a_name_with_quotes_of_its_own_keeps_its_once_per_turn_clause() -> None:
    effect = one(
        '(Quick Effect): You can discard this card; draw 1 card. You can only use this effect of "Bug "Z"" '
        "once per turn."
    )
    assert effect["once_per_turn"] == "hard"
    assert effect["text"].endswith("once per turn.")


@pytest.mark.parametrize(
    "clause",
    [
        'You can only use the effect of "Test" once per turn.',
        'The effect of "Test" can only be used once per turn.',
        'You can only use the preceding effect of "Test" once per turn.',
    ],
)
def test_older_once_per_turn_clauses(clause: str) -> None:
    effect = one(f"You can discard 1 card; draw 1 card. {clause}")
    assert effect["once_per_turn"] == "hard"


def test_clauses_are_never_entries_of_their_own() -> None:
    reading = read(
        '(This card is always treated as a "Test" card.)\nYou can discard 1 card; draw 1 card. '
        "You cannot Special Summon monsters the turn you activate this effect. "
        "This card must be face-up on the field to activate and to resolve this effect. "
        'You can only use this effect of "Test" once per turn.',
        kind="monster",
        subtype="effect",
    )
    assert len(reading.effects) == 1
    assert reading.effects[0]["once_per_turn"] == "hard"


def test_each_of_the_following_effects_limits_only_those_after_it() -> None:
    effects = classify(
        "If this card is Summoned: You can draw 1 card. "
        'You can only use each of the following effects of "Test" once per turn. '
        "You can discard 1 card; draw 1 card. If this card is sent to the GY: You can draw 1 card.",
        kind="monster",
        subtype="effect",
    )
    assert [e["once_per_turn"] for e in effects] == ["none", "hard", "hard"]


def test_activate_one_of_these_effects_is_a_choice_not_a_cost() -> None:
    effect = one(
        "Once per turn: You can activate 1 of these effects;\n● Draw 1 card.\n● Gain 500 LP.",
        "trap",
        "normal",
    )
    assert effect["cost"] is None
    assert effect["reasons"]["cost"]["rule"] == "only-targets-before-semicolon"


def test_a_colon_after_the_first_sentence_starts_its_own_effect() -> None:
    effects = classify(
        "Your monsters gain 100 ATK. It can attack twice. "
        "If this card is sent to the GY: You can draw 1 card.",
        kind="monster",
        subtype="effect",
    )
    assert [e["kind"] for e in effects] == ["continuous", "trigger"]


@pytest.mark.parametrize("subtype", ["continuous", "equip", "field"])
def test_a_card_that_stays_on_the_field_has_its_activation_entry(subtype: str) -> None:
    activation, effect = classify("Monsters you control gain 300 ATK.", kind="spell", subtype=subtype)
    assert (activation["text"], activation["kind"], activation["optional"]) == (
        "(card activation)",
        "activation",
        True,
    )
    assert activation["targets"] is (subtype == "equip")
    assert effect["kind"] == "continuous"


def test_a_trap_activated_when_something_happens_can_miss_the_timing() -> None:
    trap = one("When a monster is Normal Summoned: Target it; destroy it.", "trap", "normal")
    assert (trap["kind"], trap["optional"], trap["can_miss_timing"]) == ("activation", True, True)
    field = classify(
        "When this card is activated: You can draw 1 card. Your monsters gain 100 ATK.",
        kind="spell",
        subtype="field",
    )[0]
    assert field["can_miss_timing"] is False, "'When this card is activated' names no event to miss"


@pytest.mark.parametrize(
    ("text", "kind", "cost"),
    [
        ("You can remove from play 1 monster in your Graveyard to draw 1 card.", "ignition",
         "Remove from play 1 monster in your Graveyard"),
        ("Either player can pay 500 Life Points to negate the activation of a Trap Card.", "quick",
         "Pay 500 Life Points"),
    ],
)  # fmt: skip
def test_older_costs_written_with_to(text: str, kind: str, cost: str) -> None:
    card = ("trap", "continuous") if kind == "quick" else ("monster", "effect")
    effect = classify(text, kind=card[0], subtype=card[1])[-1]
    assert (effect["kind"], effect["cost"]) == (kind, cost)
    assert effect["reasons"]["cost"]["rule"] == "old-cost-to"


def test_older_triggers_and_activation_conditions() -> None:
    trigger = one("When this card is destroyed by battle and sent to the Graveyard, you can draw 1 card.")
    assert (trigger["kind"], trigger["optional"], trigger["wording"], trigger["can_miss_timing"]) == (
        "trigger",
        True,
        "when",
        True,
    )
    assert trigger["condition"] == "When this card is destroyed by battle and sent to the Graveyard"
    quick = one("During either player's turn, you can Tribute this card to draw 1 card.")
    assert quick["kind"] == "quick"
    trap = one("Activate only when your opponent declares an attack. Destroy all monsters.", "trap", "normal")
    assert (trap["wording"], trap["can_miss_timing"]) == ("when", True)
    assert trap["condition"] == "Activate only when your opponent declares an attack"
