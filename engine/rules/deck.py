"""A Deck's order: what is known of it, and when it is lost.

A player's Deck is the known cards (`PlayerState.deck`, top first) above a number of unknown ones
(`deck_unknown`). Once the Deck is shuffled (after a search, or by a card that says so), its known
cards are still in it but their order is not (`deck_shuffled`): a later search may still find
them, but the top card is anybody's guess, so a card taken from the top (a draw, a card sent or
excavated from the top) is an "Unknown Card". Source: Official Rulebook v10, Glossary: Search Your
Deck (shuffle the Deck after any search) and Shuffle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.explain import Player
from engine.state import PLAYERS, CardState

if TYPE_CHECKING:
    from engine.tx import Tx


def shuffle(tx: Tx, player: str, searched: bool = False, found: bool = True) -> None:
    """The player's Deck is shuffled: its known cards stay known, their order does not. After a
    search (`searched`) the judge is told why it happens, also where it found nothing (`found`)."""
    state = tx.board.player(player)
    if state.deck:
        tx.set_board(tx.board.with_player(player, deck_shuffled=True))
    tx.emit("shuffled", player=player, what="deck")
    if searched:
        tx.say("deck.shuffled_after_search" if found else "deck.shuffled_after_failed_search",
               player=Player(player))  # fmt: skip


def known_decks(tx: Tx) -> tuple[tuple[str, ...], ...]:
    """Each player's known Deck cards now: what `shuffle_searched` compares with afterwards."""
    return tuple(tx.board.player(p).deck for p in PLAYERS)


def shuffle_searched(tx: Tx, searched: set[str], before: tuple[tuple[str, ...], ...],
                     in_vain: frozenset[str] | set[str] = frozenset()) -> None:  # fmt: skip
    """Shuffle each Deck that was looked through (`searched`: its players) and that a card has
    left since `before`, and each one searched in vain (`in_vain`: no card in it fitted), which
    is shuffled all the same (rulebook v10, Glossary: Search Your Deck: "after any time you
    search it"; the Yu-Gi-Oh! Wiki's "What are the rules on Search Effects?": Sangan finding
    nothing, the opponent may check the Deck, then it is shuffled)."""
    for player, was in zip(PLAYERS, before, strict=True):
        now = tx.board.player(player).deck
        if player in searched and was is not now and set(was) - set(now):
            shuffle(tx, player, searched=True)
        elif player in in_vain:
            shuffle(tx, player, searched=True, found=False)


def top_cards(tx: Tx, player: str, count: int) -> list[str]:
    """The top `count` cards of a player's Deck, as far as it holds them. Unknown cards come into
    view as "Unknown Card"s (they are neither drawn nor chosen, so nobody could know them); so
    do the known cards of a shuffled Deck, whose places are not known."""
    from engine.cards import UNKNOWN_CARD

    state = tx.board.player(player)
    if state.deck_shuffled and state.deck:
        _order_lost(tx, player)
        state = tx.board.player(player)
    missing = max(0, min(count, state.deck_size) - len(state.deck))
    created = dict(tx.game.created)
    for _ in range(missing):
        key = f"{player}:{UNKNOWN_CARD.name}"
        created[key] = created.get(key, 0) + 1
        card = CardState(id=f"{key}#{created[key]}", name=UNKNOWN_CARD.name, owner=player,  # type: ignore[arg-type]
                         controller=player, zone="deck")  # fmt: skip
        state = tx.board.player(player)
        board = tx.board.with_card(card, UNKNOWN_CARD)
        board = board.with_player(player, deck=(*state.deck, card.id), deck_unknown=state.deck_unknown - 1)
        tx.set_board(board)
    if missing:
        tx.update(created=tuple(created.items()))
    return list(tx.board.player(player).deck[:count])


def _order_lost(tx: Tx, player: str) -> None:
    """A card is taken from the top of a shuffled Deck: its known cards' places are unknown, so
    they join the unknown part, and the judge is told why the card taken is not named."""
    state = tx.board.player(player)
    board = tx.board
    for card_id in state.deck:
        board = board.without_card(card_id)
    tx.set_board(board.with_player(player, deck=(), deck_unknown=state.deck_size, deck_shuffled=False))
    tx.say("deck.order_unknown", player=Player(player))
