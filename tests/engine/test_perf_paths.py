"""What the speed work relies on, checked: constants built without validation are what validation
would build, and a board's memo never outlives the board it was read from."""

from __future__ import annotations

from dataclasses import FrozenInstanceError

import pytest

from engine.cards import UNKNOWN_CARD, CardDef, Effect
from engine.rules.pendulum import SCALE_ACTIVATION
from engine.shapes import to_data
from engine.state import Board, CardState, evolve, new_card


def test_constructed_constants_validate_to_themselves() -> None:
    """`model_construct` skips validation: the result must be exactly what validating the same
    fields, written out as a card file would, gives."""
    for constant in (UNKNOWN_CARD, SCALE_ACTIVATION):
        assert type(constant).model_validate(to_data(constant)) == constant
    assert isinstance(UNKNOWN_CARD, CardDef) and isinstance(SCALE_ACTIVATION, Effect)


def test_new_card_is_the_dataclass_card() -> None:
    made = new_card("A:x", "x", "A", "B", "hand", face="up")
    assert made == CardState(id="A:x", name="x", owner="A", controller="B", zone="hand", face="up")
    assert type(made) is CardState and hash(made) == hash(CardState("A:x", "x", "A", "B", "hand", face="up"))
    with pytest.raises(FrozenInstanceError):
        made.zone = "deck"  # type: ignore[misc]
    with pytest.raises(TypeError):
        new_card("A:x", "x", "A", "B", "hand", facing="up")


def test_a_copy_of_a_board_starts_with_an_empty_memo() -> None:
    card = CardState(
        id="A:x", name="x", owner="A", controller="A", zone="monsters", slot=1, position="attack"
    )
    board = Board(
        turn=1, turn_player="A", phase="main1", step=None, players={}, cards={card.id: card}, defs={}
    )
    assert [c.id for c in board.monsters()] == ["A:x"]
    assert board.derived
    later = board.without_card(card.id)
    assert not later.derived and later.monsters() == []
    assert evolve(board, phase="main2").derived == {}
