"""The board's zone index says what a scan of every card would say, in the same order.

Rules read the field (and single zones) through `Board.in_zones` and friends instead of every
card; they list cards in the order the cards were put on the board, as the one mapping of every
card did before. Any sequence of changes must leave the index as a full scan would find it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import UNKNOWN_CARD
from engine.state import FIELD_ZONES, PILES, Board, CardState, evolve

ZONES = (*FIELD_ZONES, *PILES)
IDS = [f"{p}:Card#{n}" for p in "AB" for n in range(6)]


def _board() -> tuple[Board, dict[str, CardState]]:
    """A board of half the ids, and what the one mapping of every card held, in its order."""
    cards = {
        i: CardState(id=i, name="Card", owner=i[0], controller=i[0], zone="deck")  # type: ignore[arg-type]
        for i in IDS[::2]
    }
    board = Board(turn=1, turn_player="A", phase="main1", step=None, players={}, cards=cards,
                  defs=dict.fromkeys(cards, UNKNOWN_CARD))  # fmt: skip
    return board, dict(cards)


change = st.tuples(st.sampled_from(IDS), st.sampled_from(ZONES), st.sampled_from("AB"),
                   st.integers(1, 7), st.booleans(), st.booleans())  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(st.lists(change, max_size=40))
def test_index_matches_a_scan_of_every_card(changes: list) -> None:
    board, order = _board()
    board.defined("every", lambda d: True)  # found now: kept up as definitions are added
    for card_id, zone, controller, slot, summoned, remove in changes:
        if remove and card_id in order:
            board = board.without_card(card_id)
            del order[card_id]
            continue
        old = order.get(card_id) or CardState(id=card_id, name="Card", owner=card_id[0],  # type: ignore[arg-type]
                                              controller=card_id[0], zone="deck")  # fmt: skip
        card = evolve(old, zone=zone, controller=controller, slot=slot, summoned_this_turn=summoned)
        board = board.with_card(card, None if card_id in order else UNKNOWN_CARD)
        order[card_id] = card
    assert dict(board.cards) == order
    scan = list(order.values())
    assert board.in_order(board.cards) == scan
    for p in (None, "A", "B"):
        assert board.on_field(p) == [c for c in scan if c.zone in FIELD_ZONES and p in (None, c.controller)]
        for zone in ZONES:
            assert board.in_zone(zone, p) == [c for c in scan if c.zone == zone and p in (None, c.controller)]
    for p in "AB":
        for slot in range(1, 8):
            first = next((c for c in scan if c.zone == "monsters" and c.slot == slot
                          and (slot > 5 or c.controller == p)), None)  # fmt: skip
            assert board.occupant("monsters", p, slot) == first
    assert {c.id for c in board.this_turn_cards()} == {c.id for c in scan if c.this_turn}
    assert board.in_order(reversed(IDS)) == scan
    assert board.defined("every", lambda d: False) == set(board.defs) >= set(order)
