"""Card files are validated when loaded: unknown keys, operations and impossible stats fail."""

from __future__ import annotations

import pytest

from engine.cards import CatalogError
from engine.catalog import load_catalog, parse_card

MONSTER = {
    "name": "Test Dragon", "card_type": "monster", "subtypes": ["normal"], "attribute": "LIGHT",
    "level": 4, "atk": 1500, "def": 1000, "summary": "A plain test monster.",
}  # fmt: skip


def test_catalog_loads_and_knows_the_basics() -> None:
    catalog = load_catalog()
    assert catalog["dark magician"].level == 7
    assert catalog["dark magician"].tributes_needed() == 2
    assert catalog["summoned skull"].tributes_needed() == 1
    assert catalog["celtic guardian"].tributes_needed() == 0


def test_a_valid_card_parses() -> None:
    assert parse_card(MONSTER, "test.yaml").atk == 1500


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"colour": "red"}, "colour"),
        ({"atk": -100}, "atk"),
        ({"level": 14}, "level"),
        ({"card_type": "magic"}, "card_type"),
        ({"effects": [{"kind": "activation", "do": [{"op": "explode"}]}]}, "unknown operation"),
        ({"effects": [{"kind": "activation", "do": [{"op": "explode"}]}]}, "effects.0.do.0.op"),
        (
            {"effects": [{"kind": "quick", "condition": "whenever", "do": [{"op": "draw"}]}]},
            "effects.0.condition: unknown activation condition 'whenever'",
        ),
        (
            {"effects": [{"kind": "quick", "condition": ["opponents_turn", "at_dawn"], "do": []}]},
            "effects.0.condition.1: unknown activation condition 'at_dawn'",
        ),
        (
            {"effects": [{"kind": "activation", "do": [{"op": "damage", "amount": "lots"}]}]},
            "effects.0.do.0.amount: unknown amount 'lots'",
        ),
        (
            {"effects": [{"kind": "activation", "do": [{"op": "destroy", "cards": "them"}]}]},
            "effects.0.do.0.cards: unknown selector 'them'",
        ),
        (
            {"effects": [{"kind": "trigger", "event": "sneezed", "do": [{"op": "draw"}]}]},
            "effects.0.event: unknown trigger event 'sneezed'",
        ),
        ({"def": None}, "needs a Level and DEF"),
        (  # the engine names a choice it picks for the judge by its summary
            {
                "effects": [
                    {"kind": "ignition", "mode": 1, "summary": "gain 500 LP", "do": []},
                    {"kind": "ignition", "mode": 2, "do": []},
                ]
            },
            "effects[1] is choice 2 of an effect: it needs a summary",
        ),
        (
            {"effects": [{"kind": "ignition", "mode": 2, "summary": "draw 1 card", "do": []}]},
            "effects[0] is choice 2: it must follow choice 1",
        ),
    ],
)
def test_bad_card_files_name_the_file_and_field(change: dict, field: str) -> None:
    with pytest.raises(CatalogError) as info:
        parse_card({**MONSTER, **change}, "bad.yaml")
    assert "bad.yaml" in str(info.value)
    assert field in str(info.value)


def test_a_spell_has_one_spell_subtype_and_no_stats() -> None:
    with pytest.raises(CatalogError):
        parse_card({"name": "X", "card_type": "spell", "subtypes": ["counter"], "summary": "x"}, "x")
    with pytest.raises(CatalogError):
        parse_card({"name": "X", "card_type": "trap", "subtypes": ["normal"], "atk": 1,
                    "summary": "x"}, "x")  # fmt: skip


def test_every_vocabulary_word_says_what_it_does_and_every_card_word_is_known() -> None:
    from engine.vocabulary import ALL, unknown_words

    for vocabulary in ALL:
        assert len(vocabulary) > 0, vocabulary.what
        for name in vocabulary:
            assert vocabulary.words(name).strip(), (vocabulary.what, name)
    assert all(not unknown_words(card) for card in load_catalog().values())


def test_every_summoned_by_materials_extra_deck_monster_states_its_material_line() -> None:
    """An Xyz, Synchro or Link Monster of the library without a material line could be Summoned
    with any monsters at all (issue 13: Number 39: Utopia took a Level 1 monster)."""
    missing = [d.name for d in load_catalog().values()
               if {"xyz", "synchro", "link"} & set(d.subtypes) and d.materials is None]  # fmt: skip
    assert missing == []
