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
from engine.rules.continuous import ZEROED
from engine.state import EMZ_SLOTS, PLAYERS, Board, CardState, Game, Lasting


def _entry(card: CardState, board: Board | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"card": card.name, "id": card.id}
    if card.owner != card.controller:  # in a pile: a card its owner's opponent holds (Graverobber)
        out["owner"] = card.owner
    if card.zone == "banished" and card.face == "down":  # Evenly Matched: not public knowledge
        out["face"] = "down"
    if board is not None and card.zone in ("graveyard", "banished") and not properly_summoned(board, card):
        out["properly_summoned"] = False
    return out


def _entry_key(card: CardState) -> tuple[Any, ...]:
    return (card.name, card.owner, card.controller, card.zone, card.proper, card.face)


def _monster(board: Board, c: CardState, now: tuple[int, int]) -> dict[str, Any]:
    """A monster's entry; `now`: its current ATK and DEF (`continuous`)."""
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
    for key, own, value, printed, boost in (
        ("atk", c.atk, now[0], defn.atk or 0, c.boost_atk),
        ("def", c.def_, now[1], defn.def_ or 0, c.boost_def),
    ):
        if own is not None or value != printed:
            out[key] = value  # its current value (equips, Field Spells, this turn's changes)
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
    if c.added_atk != c.boost_atk:  # part of this turn's change was a doubling or a set value
        out["atk_added_this_turn"] = c.added_atk
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


def _fixed_stats(board: Board) -> bool:
    """Is every monster's ATK/DEF its own (printed, set or boosted), whatever else is on the board?
    Yes when no card of the replay has a Continuous effect that changes them."""
    return not any(
        board.defined(("continuous", apply), continuous.holder(apply)) for apply in continuous.STAT_EFFECTS
    )


def _zeroed(board: Board) -> bool:
    """Is a monster's ATK 0 now for the rest of the Battle Phase (a mark on it: Fairy Box)?"""
    if board.phase != "battle":
        return False
    cards = board.cards
    return any(ZEROED in cards[i].marks for i in board.this_turn_ids)


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

    Every part of a board written before is given again as the same object when what it was
    written from did not change: a pile that is the same tuple gives the same list, a card's entry
    is written once per state of the card (a monster's, once per state and current ATK/DEF), a
    zone whose entries are all the same gives the same list, and a player whose every part is the
    same gives the same dict. Writing a board so costs what changed since the last one, and
    `changes.board_changes` skips every shared part by identity. The dicts returned are shared:
    treat them as read-only.
    """

    def __init__(self) -> None:
        self._piles: dict[int, tuple[tuple[str, ...], list[dict[str, Any]]]] = {}
        self._entries: dict[str, tuple[tuple[Any, ...], dict[str, Any]]] = {}
        self._last_piles: dict[tuple[str, str], tuple[tuple[str, ...], list[dict[str, Any]]]] = {}
        # a field card's entry by the id of its state: (the state, what else it was written from, entry)
        self._field: dict[int, tuple[CardState, tuple[Any, ...], dict[str, Any]]] = {}
        # per (player, zone): the last list written there; per player: the last dict
        self._zones: dict[tuple[str, str], list[Any]] = {}
        self._players: dict[str, dict[str, Any]] = {}
        # per player, what the last dict and its cards' part were written from (`_player`)
        self._player_from: dict[str, tuple[object, object]] = {}
        self._sources: dict[str, tuple[object, ...] | None] = {}
        self._fixed: tuple[object, bool] | None = None  # (Board.memo, _fixed_stats) of the replay

    def _pile(self, board: Board, ids: tuple[str, ...], where: tuple[str, str]) -> list[dict[str, Any]]:
        """`where`: (player, pile); a pile that changed at one end since the last one written
        there (a card drawn, one sent to the GY) is that list with one entry more or less."""
        if not ids:  # `()` is one object: kept, every empty pile of a board would be the same list
            last = self._last_piles.get(where)
            if last is not None and not last[0]:
                return last[1]
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
        """A player's part, from their state and their cards; the same dict as the last one
        written when every part of it is the same (a new phase, a new window, the other player's
        move)."""
        p, field = board.player(name), self._cards_part(board, name)
        last = self._players.get(name)
        if last is not None and self._player_from[name][0] is p and self._player_from[name][1] is field:
            return last
        self._player_from[name] = (p, field)
        deck: Any = p.deck_unknown
        if p.deck:
            written = {"cards": self._pile(board, p.deck, (name, "deck")), "unknown": p.deck_unknown}
            if p.deck_shuffled:  # its order is not known (engine.rules.deck)
                written["shuffled"] = True
            deck = self._same((name, "deck"), written)
        out = {
            "lp": p.lp,
            "normal_summon_used": p.normal_summon_used,
            "used_this_turn": self._same((name, "used"), list(p.used_this_turn)),
            "hand": self._pile(board, p.hand, (name, "hand")),
            "deck": deck,
            "extra_deck": field["extra_deck"],
            "graveyard": self._pile(board, p.graveyard, (name, "graveyard")),
            "banished": self._pile(board, p.banished, (name, "banished")),
            "monsters": field["monsters"],
            "spell_traps": field["spell_traps"],
            "field_spell": field["field_spell"],
        }
        for key in ("summons_this_turn", "cannot_attack", "skip_next_turn", "skip_next_draw"):
            if value := getattr(p, key):
                out[key] = value
        if last is not None and last.keys() == out.keys() and all(
            last[key] is value or (value.__class__ in (int, bool) and last[key] == value)
            for key, value in out.items()
        ):  # fmt: skip
            return last
        self._players[name] = out
        return out

    def _cards_part(self, board: Board, name: str) -> dict[str, Any]:
        """A player's Extra Deck and field, written from their cards' states and what changes a
        monster's ATK/DEF. Where no card of the replay changes ATK/DEF by a Continuous effect, it
        is written from the cards alone: the same as the last one while `Board.touched` says none
        of the player's cards changed (the phase counts only for a monster whose ATK is 0 in the
        Battle Phase, a mark on the card)."""
        if self._fixed is None or self._fixed[0] is not board.memo:  # new definitions: a Token
            self._fixed = (board.memo, _fixed_stats(board))
        sources = (
            (board.touched[PLAYERS.index(name)], board.flags, _zeroed(board)) if self._fixed[1] else None
        )
        last = self._sources.get(name)
        if (
            sources is not None
            and last is not None
            and all(a is b for a, b in zip(last, sources, strict=True))
        ):
            return self._zones[(name, "cards")]
        self._sources[name] = sources
        cards, fs = board.cards, board.field_spell(name)
        extra = [self._extra(cards[i]) for i in board.player(name).extra_deck]
        monsters = [self._monster(board, c) for c in board.monsters(name)]
        spell_traps = [self._spell_trap(c) for c in board.spell_traps(name)]
        return self._same((name, "cards"), {
            "extra_deck": self._same((name, "extra_deck"), extra),
            "monsters": self._same((name, "monsters"), monsters),
            "spell_traps": self._same((name, "spell_traps"), spell_traps),
            "field_spell": self._field_spell(fs) if fs else None,
        })  # fmt: skip

    def _same(self, where: tuple[str, str], value: Any) -> Any:
        """The last value written at `where` when this one holds the very same parts (a list of
        the same entries, a Deck's same list and count), else this one, kept for next time."""
        last = self._zones.get(where)
        if last is not None and len(last) == len(value) and all(
            a is b or (a.__class__ is int and a == b)
            for a, b in zip(last.values() if isinstance(last, dict) else last,
                            value.values() if isinstance(value, dict) else value, strict=True)
        ):  # fmt: skip
            return last
        self._zones[where] = value
        return value

    def _kept(self, card: CardState, reads: tuple[Any, ...], write: Any) -> dict[str, Any]:
        """A field card's entry, written once per state of the card and per `reads` (what else it
        shows: a monster's current ATK/DEF, its materials' states)."""
        kept = self._field.get(id(card))
        if kept is not None and kept[0] is card and kept[1] == reads:
            return kept[2]
        out = write()
        self._field[id(card)] = (card, reads, out)  # the state is kept alive: its id is not reused
        return out

    def _monster(self, board: Board, c: CardState) -> dict[str, Any]:
        now = (continuous.atk(board, c), continuous.def_(board, c))
        materials = tuple(board.cards[m] for m in c.materials)
        return self._kept(c, (*now, *map(id, materials)), lambda: _monster(board, c, now))

    def _spell_trap(self, c: CardState) -> dict[str, Any]:
        return self._kept(c, (), lambda: _spell_trap(c))

    def _field_spell(self, c: CardState) -> dict[str, Any]:
        return self._kept(c, (), lambda: {**_entry(c), "face": c.face})

    def _extra(self, c: CardState) -> dict[str, Any]:
        return self._kept(c, (), lambda: {**_entry(c), **({"face": "up"} if c.face else {})})


def board_to_dict(board: Board) -> dict[str, Any]:
    """One board, on its own (a replay writes its boards through one `BoardWriter`)."""
    return BoardWriter().write(board)
