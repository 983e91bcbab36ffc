"""The deck construction rules of the rulebook and the Forbidden & Limited list, as the deck check
(`rulings.cards.decks.check_legality`) applies them: the rules coverage table
(tests/scenarios/coverage.yml) points here for the rules a replay of one Duel cannot show."""

from __future__ import annotations

from rulings.cards.decks import DeckCard, check_legality
from rulings.cards.search import Entry


def _entry(pk: int, name: str, tcg: str = "unlimited", subtypes: tuple[str, ...] = ()) -> Entry:
    return Entry(id=pk, name=name, words=name.lower(), compact=name.lower().replace(" ", ""),
                 spaced=" " + name.lower(), word_starts=(0,), passcodes=(pk,), card_type="monster",
                 subtypes=frozenset(subtypes), attribute="EARTH", level=4, rank=None, link=None,
                 origin="written", tcg=tcg, cited=0)  # fmt: skip


def _deck(main: list[Entry], extra: list[Entry] | None = None,
          side: list[Entry] | None = None) -> dict[str, list[DeckCard]]:  # fmt: skip
    sections = {"main": main, "extra": extra or [], "side": side or []}
    return {section: [DeckCard(section, n, e.id, e) for n, e in enumerate(entries, start=1)]
            for section, entries in sections.items()}  # fmt: skip


def _fillers(n: int, start: int = 1000) -> list[Entry]:
    return [_entry(start + i, f"Filler {i}") for i in range(n)]


def test_a_main_deck_holds_40_to_60_cards() -> None:
    for size, legal in ((39, False), (40, True), (60, True), (61, False)):
        problems, _ = check_legality(_deck(_fillers(size)))
        assert (not problems) is legal, (size, problems)
    assert check_legality(_deck(_fillers(39)))[0] == ["The Main Deck has 39 cards; it must have 40 to 60."]


def test_an_extra_deck_holds_at_most_15_cards() -> None:
    fusion = [_entry(5000 + i, f"Fusion {i}", subtypes=("fusion",)) for i in range(16)]
    assert check_legality(_deck(_fillers(40), extra=fusion[:15]))[0] == []
    assert check_legality(_deck(_fillers(40), extra=fusion))[0] == [
        "The Extra Deck has 16 cards; it may have at most 15."
    ]


def test_a_side_deck_holds_at_most_15_cards() -> None:
    assert check_legality(_deck(_fillers(40), side=_fillers(16, start=8000)))[0] == [
        "The Side Deck has 16 cards; it may have at most 15."
    ]


def test_at_most_3_copies_of_a_name_across_the_main_and_side_deck() -> None:
    """Cards with the same name are the same card: 3 copies in the Main Deck and 1 in the Side
    Deck are 4 copies."""
    dark = _entry(1, "Dark Magician")
    assert check_legality(_deck([dark] * 3 + _fillers(37)))[0] == []
    assert check_legality(_deck([dark] * 3 + _fillers(37), side=[dark]))[0] == [
        "Dark Magician: the deck has 4 copies; it may have at most 3."
    ]


def test_the_forbidden_and_limited_list_lowers_the_copies_a_deck_may_hold() -> None:
    limited, semi, forbidden = (_entry(2, "Pot of Greed", "limited"), _entry(3, "Semi Card", "semilimited"),
                                _entry(4, "Forbidden Card", "forbidden"))  # fmt: skip
    assert check_legality(_deck([limited, semi, semi] + _fillers(37)))[0] == []
    problems, _ = check_legality(_deck([limited] * 2 + [semi] * 3 + [forbidden] + _fillers(34)))
    assert problems == [
        "Pot of Greed (Limited): the deck has 2 copies; it may have at most 1.",
        "Semi Card (Semi-Limited): the deck has 3 copies; it may have at most 2.",
        "Forbidden Card is Forbidden in the TCG: the deck has 1 copy; it may have none.",
    ]


def test_at_most_3_copies_of_a_name_across_the_extra_and_side_deck() -> None:
    """The limit counts the Extra Deck too: 3 copies of a Fusion Monster in the Extra Deck and 1 in
    the Side Deck are 4 copies."""
    fusion = _entry(9, "Test Fusion", subtypes=("fusion",))
    assert check_legality(_deck(_fillers(40), extra=[fusion] * 3))[0] == []
    assert check_legality(_deck(_fillers(40), extra=[fusion] * 3, side=[fusion]))[0] == [
        "Test Fusion: the deck has 4 copies; it may have at most 3."
    ]


def test_extra_deck_cards_do_not_count_toward_the_main_deck() -> None:
    """39 Main Deck cards are too few however many monsters the Extra Deck holds."""
    fusions = [_entry(5000 + i, f"Fusion {i}", subtypes=("fusion",)) for i in range(5)]
    assert check_legality(_deck(_fillers(39), extra=fusions))[0] == [
        "The Main Deck has 39 cards; it must have 40 to 60."
    ]


def test_only_extra_deck_monsters_go_in_the_extra_deck() -> None:
    """A Main Deck monster cannot be in the Extra Deck, nor a Fusion Monster in the Main Deck."""
    dark, fusion = _entry(1, "Dark Magician"), _entry(9, "Test Fusion", subtypes=("fusion",))
    assert check_legality(_deck(_fillers(40), extra=[dark]))[0] == [
        "Dark Magician cannot be in the Extra Deck: only Fusion, Synchro, Xyz and Link Monsters can."
    ]
    assert check_legality(_deck(_fillers(39) + [fusion]))[0] == [
        "Test Fusion is a Fusion Monster: it belongs in the Extra Deck, not the Main Deck."
    ]
