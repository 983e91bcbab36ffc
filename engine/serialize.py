"""Writing a board back out in the scenario's own board format, every card with its id."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.state import EMZ_SLOTS, PLAYERS, Board, CardState, PlayerState


def _entry(card: CardState) -> dict[str, Any]:
    return {"card": card.name, "id": card.id}


def _monster(board: Board, c: CardState) -> dict[str, Any]:
    out = _entry(c)
    out["zone"] = EMZ_SLOTS.get(c.slot or 0, c.slot)
    out["position"] = c.position
    for key in ("summoned_this_turn", "position_changed_this_turn"):
        if getattr(c, key):
            out[key] = True
    if c.summon_type:
        out["summon_type"] = c.summon_type
    if c.attacks_this_turn:
        out["attacked_this_turn"] = True
    if c.materials:
        out["materials"] = [_entry(board.cards[m]) for m in c.materials]
    if c.counters:
        out["counters"] = dict(c.counters)
    if c.atk is not None:
        out["atk"] = c.atk
    if c.def_ is not None:
        out["def"] = c.def_
    if c.gemini:
        out["gemini_summoned"] = True
    return out


def _spell_trap(c: CardState) -> dict[str, Any]:
    out = _entry(c)
    out["zone"] = c.slot
    out["face"] = c.face
    if c.set_this_turn:
        out["set_this_turn"] = True
    if c.equipped_to:
        out["equipped_to"] = c.equipped_to
    if c.counters:
        out["counters"] = dict(c.counters)
    return out


class BoardWriter:
    """Writes the boards of one replay, reusing what two boards share.

    A pile (hand, Deck, GY, banished) that is the same tuple in two boards gives the same list
    object, and a card's entry is written once per card: the state shares unchanged piles
    between steps, so writing a board costs what changed, and `changes.board_changes` skips
    shared parts by identity. The dicts returned are shared: treat them as read-only.
    """

    def __init__(self) -> None:
        self._piles: dict[int, tuple[tuple[str, ...], list[dict[str, Any]]]] = {}
        self._entries: dict[str, dict[str, Any]] = {}
        self._last_piles: dict[tuple[str, str], tuple[tuple[str, ...], list[dict[str, Any]]]] = {}
        # per player, the last dict written, with the player state and cards it was written from
        self._players: dict[str, tuple[PlayerState, Mapping[str, CardState], dict[str, Any]]] = {}

    def _pile(self, board: Board, ids: tuple[str, ...], where: tuple[str, str]) -> list[dict[str, Any]]:
        """`where`: (player, pile); a pile that changed at one end since the last one written
        there (a card drawn, one sent to the GY) is that list with one entry more or less."""
        if not ids:  # `()` is one object: kept, every empty pile of a board would be the same list
            self._last_piles[where] = (ids, out := [])
            return out
        kept = self._piles.get(id(ids))
        if kept is not None and kept[0] is ids:
            return kept[1]
        last = self._last_piles.get(where)
        out = None if last is None else self._one_end(board, last, ids)
        if out is None:
            out = [self._entry(board.cards[i]) for i in ids]
        self._piles[id(ids)] = self._last_piles[where] = (ids, out)  # kept alive: its id is not reused
        return out

    def _one_end(self, board: Board, last: tuple[tuple[str, ...], list[dict[str, Any]]],
                 ids: tuple[str, ...]) -> list[dict[str, Any]] | None:  # fmt: skip
        """The list for `ids` from the last one, when one card came or went at either end."""
        old, written = last
        if len(ids) == len(old) + 1:
            if ids[1:] == old:
                return [self._entry(board.cards[ids[0]]), *written]
            if ids[:-1] == old:
                return [*written, self._entry(board.cards[ids[-1]])]
        elif len(ids) == len(old) - 1 and ids:
            if ids == old[1:]:
                return written[1:]
            if ids == old[:-1]:
                return written[:-1]
        return None

    def _entry(self, card: CardState) -> dict[str, Any]:
        entry = self._entries.get(card.id)
        if entry is None or entry["card"] != card.name:
            entry = self._entries[card.id] = _entry(card)
        return entry

    def write(self, board: Board) -> dict[str, Any]:
        return {
            "turn": board.turn,
            "turn_player": board.turn_player,
            "phase": board.phase,
            "step": board.step,
            "players": {name: self._player(board, name) for name in PLAYERS},
        }

    def _player(self, board: Board, name: str) -> dict[str, Any]:
        """A player's part is written from their state and the cards alone: when neither changed
        since the last board (a new phase, a new window), it is the same dict as before."""
        p, cards = board.player(name), board.cards
        kept = self._players.get(name)
        if kept is not None and kept[0] is p and kept[1] is cards:
            return kept[2]
        deck: Any = p.deck_unknown
        if p.deck:
            deck = {"cards": self._pile(board, p.deck, (name, "deck")), "unknown": p.deck_unknown}
        fs = board.field_spell(name)
        out = {
            "lp": p.lp,
            "normal_summon_used": p.normal_summon_used,
            "used_this_turn": list(p.used_this_turn),
            "hand": self._pile(board, p.hand, (name, "hand")),
            "deck": deck,
            "extra_deck": [
                {**_entry(cards[i]), **({"face": "up"} if cards[i].face else {})} for i in p.extra_deck
            ],
            "graveyard": self._pile(board, p.graveyard, (name, "graveyard")),
            "banished": self._pile(board, p.banished, (name, "banished")),
            "monsters": [_monster(board, c) for c in board.monsters(name)],
            "spell_traps": [_spell_trap(c) for c in board.spell_traps(name)],
            "field_spell": {**_entry(fs), "face": fs.face} if fs else None,
        }
        self._players[name] = (p, cards, out)
        return out


def board_to_dict(board: Board) -> dict[str, Any]:
    """One board, on its own (a replay writes its boards through one `BoardWriter`)."""
    return BoardWriter().write(board)
