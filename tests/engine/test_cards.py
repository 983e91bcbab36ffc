"""Card files are validated when loaded: unknown keys, operations and impossible stats fail."""

from __future__ import annotations

import pytest

from engine.cards import CatalogError, load_catalog, parse_card

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
        ({"def": None}, "needs a Level and DEF"),
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
