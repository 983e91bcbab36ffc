"""Writing a board back out in the scenario's own board format, every card with its id.

A written board is also a fork's first board: besides what the spec's board format has, it carries
what the rules read later (README, "What a board carries for a fork"): the effects still applying
after they resolved (`lasting`), rules a card changed this turn (`turn_flags`), what later triggers
remember of this turn (`remembered`), how many of each Token were created (`created`), per player
this turn's Summons and the turn-long limits, and per card its owner where it is not the
controller, its current ATK/DEF where they differ from the printed ones, and what lasts on it
until the end of the turn.
"""

from __future__ import annotations

from typing import Any

from engine.rules import continuous
from engine.rules.abilities import properly_summoned
from engine.state import EMZ_SLOTS, PLAYERS, Board, CardState, Game, Lasting, PlayerState


def _entry(card: CardState, board: Board | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"card": card.name, "id": card.id}
    if card.owner != card.controller:  # in a pile: a card its owner's opponent holds (Graverobber)
        out["owner"] = card.owner
    if board is not None and card.zone in ("graveyard", "banished") and not properly_summoned(board, card):
        out["properly_summoned"] = False
    return out


def _entry_key(card: CardState) -> tuple[Any, ...]:
    return (card.name, card.owner, card.controller, card.zone, card.proper)


def _monster(board: Board, c: CardState) -> dict[str, Any]:
    out = _entry(c)
    out["zone"] = EMZ_SLOTS.get(c.slot or 0, c.slot)
    out["position"] = c.position
    for key in ("summoned_this_turn", "set_this_turn", "position_changed_this_turn"):
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
    defn = board.define(c.id)
    for key, own, now, printed, boost in (
        ("atk", c.atk, continuous.atk(board, c), defn.atk or 0, c.boost_atk),
        ("def", c.def_, continuous.def_(board, c), defn.def_ or 0, c.boost_def),
    ):
        if own is not None or now != printed:
            out[key] = now  # its current value (equips, Field Spells, this turn's changes)
        if boost:
            out[f"{key}_this_turn"] = boost
    if c.gemini:
        out["gemini_summoned"] = True
    _carried(c, out)
    return out


def _carried(c: CardState, out: dict[str, Any]) -> None:
    """What a fork needs of a card on the field beyond the spec's own fields."""
    if c.level_change:
        out["level_change"] = c.level_change
    if c.equipped_to and not c.self_equipped and c.zone == "spell_traps":
        out["self_equipped"] = False  # a Monster Card equipped by another card's effect
    for key in ("controlled_by", "declared", "bound_to"):
        if value := getattr(c, key):
            out[key] = value
    if c.summoned_with:
        out["summoned_with"] = list(c.summoned_with)


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
    _carried(c, out)
    return out


def _lasting(item: Lasting, board: Board) -> dict[str, Any]:
    """A lasting effect as the board writes it. Its cards are those it still affects: a card
    that left the field or turned face-down since it applied is a new card to it (`since`), so a
    fork, whose cards all count as there from the start, lists only the ones still affected."""
    out: dict[str, Any] = {"effect": item.what, "player": item.player, "source": item.source,
                           "until_turn": item.until_turn}  # fmt: skip
    if still := [c for c in item.cards if c in board.cards and _still_affected(board.cards[c], item)]:
        out["cards"] = still
    for key in ("name", "column", "amount"):
        if value := getattr(item, key):
            out[key] = value
    return out


def _still_affected(card: CardState, item: Lasting) -> bool:
    """The rule `continuous.lasting_negation` applies: with a `since`, a card that turned
    face-down or came to the field after it is a new card (Terrorking's negation follows the
    card from the field to the GY)."""
    if not item.since:
        return True
    if item.what == "battle_negated":
        return card.arrived <= item.since if card.zone == "monsters" else card.arrived == item.since
    return card.arrived <= item.since and (card.face_up or card.zone not in ("monsters", "spell_traps"))


def _game_parts(game: Game) -> dict[str, Any]:
    """What a fork needs that the game keeps beside the board: what later triggers remember of
    this turn (`while_on_field`: for as long as the card stays there), and the Tokens created."""
    out: dict[str, Any] = {}
    remembered = [
        {"card": card, "what": what, **({"while_on_field": True} if turn == 0 else {})}
        for turn, card, what in game.memory
        if turn in (0, game.board.turn) and card in game.board.cards  # a Token that left is gone
    ]
    if remembered:
        out["remembered"] = remembered
    if game.created:
        out["created"] = dict(game.created)
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
        self._entries: dict[str, tuple[tuple[Any, ...], dict[str, Any]]] = {}
        self._last_piles: dict[tuple[str, str], tuple[tuple[str, ...], list[dict[str, Any]]]] = {}
        # per player, the last dict written, with the player state and what else it was written from
        self._players: dict[str, tuple[PlayerState, tuple[Any, ...], dict[str, Any]]] = {}

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
            out = [self._entry(board.cards[i], board) for i in ids]
        self._piles[id(ids)] = self._last_piles[where] = (ids, out)  # kept alive: its id is not reused
        return out

    def _one_end(self, board: Board, last: tuple[tuple[str, ...], list[dict[str, Any]]],
                 ids: tuple[str, ...]) -> list[dict[str, Any]] | None:  # fmt: skip
        """The list for `ids` from the last one, when one card came or went at either end."""
        old, written = last
        if len(ids) == len(old) + 1:
            if ids[1:] == old:
                return [self._entry(board.cards[ids[0]], board), *written]
            if ids[:-1] == old:
                return [*written, self._entry(board.cards[ids[-1]], board)]
        elif len(ids) == len(old) - 1 and ids:
            if ids == old[1:]:
                return written[1:]
            if ids == old[:-1]:
                return written[:-1]
        return None

    def _entry(self, card: CardState, board: Board) -> dict[str, Any]:
        key = _entry_key(card)
        kept = self._entries.get(card.id)
        if kept is None or kept[0] != key:
            kept = self._entries[card.id] = (key, _entry(card, board))
        return kept[1]

    def write(self, board: Board, game: Game | None = None) -> dict[str, Any]:
        """The board; with the `game` it belongs to, also what a fork needs of the game."""
        out = {
            "turn": board.turn,
            "turn_player": board.turn_player,
            "phase": board.phase,
            "step": board.step,
            "players": {name: self._player(board, name) for name in PLAYERS},
        }
        if board.lasting:
            out["lasting"] = [_lasting(item, board) for item in board.lasting]
        if board.flags:
            out["turn_flags"] = list(board.flags)
        # what effects left on cards until the end of the turn, wherever they are (Stardust Dragon
        # in the GY): kept here, not in the piles, so a pile's entries never change in place
        if marks := {c.id: list(c.marks) for c in board.this_turn_cards() if c.marks}:
            out["marks"] = marks
        if game is not None:
            out.update(_game_parts(game))
        return out

    def _player(self, board: Board, name: str) -> dict[str, Any]:
        """A player's part is written from their state and the cards alone: when neither changed
        since the last board (a new phase, a new window), it is the same dict as before."""
        p, cards = board.player(name), board.cards
        # what a monster's current ATK/DEF read besides the cards: LP, the phase, the turn's rules
        reads = (cards, board.players, board.phase, board.lasting, board.flags)
        kept = self._players.get(name)
        if kept is not None and kept[0] is p and all(a is b for a, b in zip(kept[1], reads, strict=True)):
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
        for key in ("summons_this_turn", "cannot_attack", "skip_next_turn", "skip_next_draw"):
            if value := getattr(p, key):
                out[key] = value
        self._players[name] = (p, reads, out)
        return out


def board_to_dict(board: Board) -> dict[str, Any]:
    """One board, on its own (a replay writes its boards through one `BoardWriter`)."""
    return BoardWriter().write(board)
