"""Writing a board back out in the scenario's own board format, every card with its id."""

from __future__ import annotations

from typing import Any

from engine.state import EMZ_SLOTS, PLAYERS, Board, CardState


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


def board_to_dict(board: Board) -> dict[str, Any]:
    players: dict[str, Any] = {}
    for name in PLAYERS:
        p = board.player(name)
        deck: Any = p.deck_unknown
        if p.deck:
            deck = {"cards": [_entry(board.cards[i]) for i in p.deck], "unknown": p.deck_unknown}
        fs = board.field_spell(name)
        players[name] = {
            "lp": p.lp,
            "normal_summon_used": p.normal_summon_used,
            "used_this_turn": list(p.used_this_turn),
            "hand": [_entry(board.cards[i]) for i in p.hand],
            "deck": deck,
            "extra_deck": [
                {**_entry(board.cards[i]), **({"face": "up"} if board.cards[i].face else {})}
                for i in p.extra_deck
            ],
            "graveyard": [_entry(board.cards[i]) for i in p.graveyard],
            "banished": [_entry(board.cards[i]) for i in p.banished],
            "monsters": [_monster(board, c) for c in board.monsters(name)],
            "spell_traps": [_spell_trap(c) for c in board.spell_traps(name)],
            "field_spell": {**_entry(fs), "face": fs.face} if fs else None,
        }
    return {
        "turn": board.turn,
        "turn_player": board.turn_player,
        "phase": board.phase,
        "step": board.step,
        "players": players,
    }
