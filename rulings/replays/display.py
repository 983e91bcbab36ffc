"""Turn the engine's replay dicts into what templates draw, without deciding anything.

Django templates cannot look up a dict by a variable key, so the board is laid out here as
fixed rows of zones. Nothing here applies a rule: every value comes from the replay as is.
"""

import re
from collections.abc import Callable
from typing import Any

from engine.state import PHASE_NAMES

Names = Callable[[str], str]  # a card id -> how a judge names it (`engine.card_names`)

BATTLE_STEP_NAMES = {
    "start": "Start Step",
    "battle": "Battle Step",
    "damage": "Damage Step",
    "end": "End Step",
}
POSITION_NAMES = {"attack": "ATK", "defense": "DEF", "set": "Set (face-down DEF)"}
PLAYERS = ("A", "B")
ZONES = range(1, 6)
EMZ_ZONES = (("emz-left", "EMZ left"), ("emz-right", "EMZ right"))
PILES = (
    ("hand", "Hand"),
    ("graveyard", "GY"),
    ("banished", "Banished"),
    ("extra_deck", "Extra Deck"),
)


def as_card(entry: Any) -> dict[str, Any]:
    """A board entry as a dict with at least `card` and `id` (bare names are allowed)."""
    if isinstance(entry, dict):
        card = dict(entry)
        card.setdefault("id", card.get("card", ""))
        return card
    return {"card": str(entry), "id": str(entry)}


def phase_label(board: dict[str, Any]) -> str:
    """The board's moment in words: "Turn 3 · A's turn · Battle Phase, Damage Step"."""
    phase = board.get("phase")
    label = PHASE_NAMES.get(phase, str(phase or ""))
    if board.get("step"):
        label += ", " + BATTLE_STEP_NAMES.get(board["step"], str(board["step"]))
    parts = [f"Turn {board.get('turn', '?')}", f"{board.get('turn_player', '?')}'s turn", label]
    return " · ".join(part for part in parts if part)


def deck_count(deck: Any) -> int | None:
    """Cards in a Deck written as a count, a list, or `{cards: [...], unknown: n}`."""
    if isinstance(deck, bool):
        return None
    if isinstance(deck, int):
        return deck
    if isinstance(deck, list):
        return len(deck)
    if isinstance(deck, dict):
        return len(deck.get("cards") or []) + int(deck.get("unknown") or 0)
    return None


def monster_view(monster: dict[str, Any]) -> dict[str, Any]:
    """A monster with its position in words and its current ATK/DEF where the board has them."""
    card = as_card(monster)
    card["position_label"] = POSITION_NAMES.get(card.get("position"), card.get("position", ""))
    card["face_down"] = card.get("position") == "set"
    stats = [str(card[key]) for key in ("atk", "def") if card.get(key) is not None]
    card["stats"] = " / ".join(stats)
    card["materials"] = [as_card(m) for m in card.get("materials") or []]
    return card


def spell_trap_view(entry: dict[str, Any], names: Names = str) -> dict[str, Any]:
    card = as_card(entry)
    card["face_down"] = card.get("face") == "down"
    if card.get("equipped_to"):
        card["equipped_to"] = words(card["equipped_to"], names)
    return card


def player_view(
    name: str, player: dict[str, Any], turn_player: str | None, names: Names = str
) -> dict[str, Any]:
    """One player's side: LP, the five Main Monster and Spell/Trap Zones, field and piles."""
    monsters = {m.get("zone"): monster_view(m) for m in player.get("monsters") or []}
    spell_traps = {s.get("zone"): spell_trap_view(s, names) for s in player.get("spell_traps") or []}
    field = player.get("field_spell")
    return {
        "name": name,
        "lp": player.get("lp"),
        "is_turn_player": name == turn_player,
        "normal_summon_used": bool(player.get("normal_summon_used")),
        "monsters": [{"zone": z, "card": monsters.get(z)} for z in ZONES],
        "spell_traps": [{"zone": z, "card": spell_traps.get(z)} for z in ZONES],
        "field": spell_trap_view(field, names) if field else None,
        "piles": [
            {"key": key, "label": label, "cards": [as_card(c) for c in player.get(key) or []]}
            for key, label in PILES
        ],
        **{key: [as_card(c) for c in player.get(key) or []] for key, _ in PILES},
        "deck_count": deck_count(player.get("deck")),
        "deck_shuffled": isinstance(player.get("deck"), dict) and player["deck"].get("shuffled") is True,
    }


def board_view(board: dict[str, Any], names: Names = str) -> dict[str, Any]:
    """The whole board: both players (B drawn on top, as seen from A's seat) and the EMZs."""
    players = board.get("players") or {}
    turn_player = board.get("turn_player")
    sides = {p: player_view(p, players.get(p) or {}, turn_player, names) for p in PLAYERS}
    emz = []
    for zone, label in EMZ_ZONES:
        occupants = [
            {"owner": p, **monster_view(m)}
            for p in PLAYERS
            for m in (players.get(p) or {}).get("monsters") or []
            if m.get("zone") == zone
        ]
        emz.append({"zone": zone, "label": label, "cards": occupants})
    return {
        "phase_label": phase_label(board),
        "top": sides["B"],
        "bottom": sides["A"],
        "players": [sides["A"], sides["B"]],
        "emz": emz,
    }


CARD_ID = re.compile(r"[AB]:\S")  # a card's id in the replay (`B:Peten the Dark Clown#2`)
REASON_WORDS = {
    "zero_lp": "a player's LP reached 0",
    "both_zero_lp": "both players reached 0 LP at the same time",
    "deck_out": "a player could not draw",
    "both_deck_out": "both players had to draw more cards than their Decks held",
    "concede": "a player conceded",
    "exodia": "all five pieces of Exodia",
    "match_win": "Victory Dragon's attack won the Match",
    "counters": "a card's counters won the duel",
    "final_countdown": "Final Countdown reached its 20th turn",
}


def words(value: Any, names: Names = str) -> str:
    """A replay value in words: a card id by the judge's name, an engine word without `_`."""
    if isinstance(value, list):
        return ", ".join(words(v, names) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{words(k)} {words(v, names)}" for k, v in value.items())
    if isinstance(value, str) and CARD_ID.match(value):
        return names(value)
    if isinstance(value, str) and (in_text := getattr(names, "in_text", None)):
        value = in_text(value)  # ids inside a value: "cost of B:Tribute to the Doomed"
    return str(value).replace("_", " ")


def result_text(result: dict[str, Any] | None) -> str:
    """The replay's result in words: who won and why, a draw, or a duel still going on."""
    result = result or {}
    reason = result.get("reason")
    why = f" ({REASON_WORDS.get(reason, words(reason))})" if reason else ""
    if result.get("draw"):
        return f"The duel ends in a draw{why}."
    if result.get("winner"):
        return f"Player {result['winner']} wins{why}."
    return "The duel is still going on after the last step."


# What a step list marks, in words, each with a shape that survives grayscale (verdict.css).
MARKS = {
    "illegal": "Illegal",
    "missed": "Misses the timing",
    "negated": "Negated",
    "chain": "Chain resolves",
}


def step_marks(step: dict[str, Any]) -> list[dict[str, str]]:
    """The marks of one step: illegal, a trigger missing the timing, a negation, a chain resolving."""
    codes = {e.get("code") for e in step.get("explanations") or []}
    events = step.get("events") or []
    found = []
    if not step.get("accepted", True):
        found.append("illegal")
    if "timing.missed" in codes:
        found.append("missed")
    negated = any(
        e.get("type") in ("negated", "summon_negated")
        or (e.get("type") == "no_effect" and "negated" in str(e.get("reason") or ""))
        for e in events
    )
    if negated:
        found.append("negated")
    if step.get("kind") == "chain_link_resolves":
        found.append("chain")
    return [{"key": key, "label": MARKS[key]} for key in found]


def verdict_items(verdict: list[dict[str, Any]], step_url: Callable[[int], str]) -> list[dict[str, Any]]:
    """The replay's verdict as the pages show it: each sentence with the link to its step."""
    return [
        {
            "step": v.get("step"),
            "text": v.get("text", ""),
            "code": v.get("code", ""),
            "url": step_url(v["step"]),
        }
        for v in verdict or []
        if isinstance(v.get("step"), int)
    ]


SPEED_NAMES = {1: "Spell Speed 1", 2: "Spell Speed 2", 3: "Spell Speed 3"}
LP_EVENTS = {"damage": -1, "lp_paid": -1, "lp_gained": 1}
LP_EVENT_NAMES = {"damage": "damage", "lp_paid": "paid", "lp_gained": "gained"}


def chain_view(
    chain: list[dict[str, Any]], events: list[dict[str, Any]], names: Names = str
) -> dict[str, Any]:
    """The chain as a stack, last link on top (it resolves first), and the links this step
    resolved or negated, read from its events."""
    links = [
        {
            **link,
            "card_name": words(link.get("card", ""), names),
            "target_names": [words(t, names) for t in link.get("targets") or []],
            "speed_label": SPEED_NAMES.get(link.get("spell_speed"), ""),
            "negated": bool(link.get("activation_negated")),
        }
        for link in sorted(chain, key=lambda link: link.get("link") or 0, reverse=True)
    ]
    done = [
        {"link": e["chain_link"], "card": words(e.get("card", ""), names), "what": words(e.get("type", ""))}
        for e in events
        if e.get("type") in ("resolved", "negated", "no_effect") and e.get("chain_link")
    ]
    return {"links": links, "done": done}


def lp_changes(events: list[dict[str, Any]], names: Names = str) -> dict[str, list[dict[str, Any]]]:
    """Each player's LP changes in a step: damage, LP paid and gained, with the new LP."""
    out: dict[str, list[dict[str, Any]]] = {}
    for event in events:
        sign = LP_EVENTS.get(str(event.get("type")))
        if sign is None or event.get("player") not in PLAYERS:
            continue
        amount = event.get("amount") or 0
        out.setdefault(event["player"], []).append(
            {
                "delta": f"{'+' if sign > 0 else '−'}{amount}",
                "gain": sign > 0,
                "what": LP_EVENT_NAMES[str(event["type"])],
                "cause": words(event.get("cause") or "", names),
                "lp": event.get("lp"),
            }
        )
    return out
