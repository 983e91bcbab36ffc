"""Turn the engine's replay dicts into what templates draw, without deciding anything.

Django templates cannot look up a dict by a variable key, so the board is laid out here as
fixed rows of zones. Nothing here applies a rule: every value comes from the replay as is.
"""

from typing import Any

from engine.state import PHASE_NAMES

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
# Event keys shown in this order after the type; any others follow, sorted.
EVENT_KEY_ORDER = ("card", "player", "amount", "chain_link", "cause")
EVENT_KEYS_HIDDEN = {"type", "from", "to", "seq"}  # seq only orders events; the list does that


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


def spell_trap_view(entry: dict[str, Any]) -> dict[str, Any]:
    card = as_card(entry)
    card["face_down"] = card.get("face") == "down"
    return card


def player_view(name: str, player: dict[str, Any], turn_player: str | None) -> dict[str, Any]:
    """One player's side: LP, the five Main Monster and Spell/Trap Zones, field and piles."""
    monsters = {m.get("zone"): monster_view(m) for m in player.get("monsters") or []}
    spell_traps = {s.get("zone"): spell_trap_view(s) for s in player.get("spell_traps") or []}
    field = player.get("field_spell")
    return {
        "name": name,
        "lp": player.get("lp"),
        "is_turn_player": name == turn_player,
        "normal_summon_used": bool(player.get("normal_summon_used")),
        "monsters": [{"zone": z, "card": monsters.get(z)} for z in ZONES],
        "spell_traps": [{"zone": z, "card": spell_traps.get(z)} for z in ZONES],
        "field": spell_trap_view(field) if field else None,
        "piles": [
            {"key": key, "label": label, "cards": [as_card(c) for c in player.get(key) or []]}
            for key, label in PILES
        ],
        **{key: [as_card(c) for c in player.get(key) or []] for key, _ in PILES},
        "deck_count": deck_count(player.get("deck")),
    }


def board_view(board: dict[str, Any]) -> dict[str, Any]:
    """The whole board: both players (B drawn on top, as seen from A's seat) and the EMZs."""
    players = board.get("players") or {}
    turn_player = board.get("turn_player")
    sides = {p: player_view(p, players.get(p) or {}, turn_player) for p in PLAYERS}
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


def _value_text(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(_value_text(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} {_value_text(v)}" for k, v in value.items())
    return str(value)


def describe_event(event: dict[str, Any]) -> dict[str, Any]:
    """An event as a type label and short "key: value" details, for a compact list."""
    details = []
    if event.get("card"):
        details.append(_value_text(event["card"]))
    if event.get("from") or event.get("to"):
        details.append(f"{event.get('from') or '?'} → {event.get('to') or '?'}")
    keys = [*EVENT_KEY_ORDER[1:], *sorted(set(event) - EVENT_KEYS_HIDDEN - set(EVENT_KEY_ORDER))]
    for key in keys:
        if event.get(key) not in (None, "", []):
            details.append(f"{key.replace('_', ' ')}: {_value_text(event[key])}")
    return {"type": str(event.get("type", "event")).replace("_", " "), "details": details}


def result_text(result: dict[str, Any] | None) -> str:
    """The replay's result in words: who won and why, a draw, or a duel still going on."""
    result = result or {}
    reason = f" ({result['reason']})" if result.get("reason") else ""
    if result.get("draw"):
        return f"The duel ends in a draw{reason}."
    if result.get("winner"):
        return f"Player {result['winner']} wins{reason}."
    return "The duel is still going on after the last step."


SPEED_NAMES = {1: "Spell Speed 1", 2: "Spell Speed 2", 3: "Spell Speed 3"}
LP_EVENTS = {"damage": -1, "lp_paid": -1, "lp_gained": 1}
LP_EVENT_NAMES = {"damage": "damage", "lp_paid": "paid", "lp_gained": "gained"}


def chain_view(chain: list[dict[str, Any]], events: list[dict[str, Any]]) -> dict[str, Any]:
    """The chain as a stack, last link on top (it resolves first), and the links this step
    resolved or negated, read from its events."""
    links = [
        {
            **link,
            "speed_label": SPEED_NAMES.get(link.get("spell_speed"), ""),
            "negated": bool(link.get("activation_negated")),
        }
        for link in sorted(chain, key=lambda link: link.get("link") or 0, reverse=True)
    ]
    done = [
        {"link": e["chain_link"], "card": e.get("card", ""), "what": str(e.get("type", "")).replace("_", " ")}
        for e in events
        if e.get("type") in ("resolved", "negated", "no_effect") and e.get("chain_link")
    ]
    return {"links": links, "done": done}


def lp_changes(events: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
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
                "cause": event.get("cause") or "",
                "lp": event.get("lp"),
            }
        )
    return out
