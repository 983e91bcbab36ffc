"""The judge's workspace: a board editor drawn like the mat, an action builder, what-if forks
and a side-by-side comparison of two replays.

The editor's state lives in the form. Each zone and pile is a few visible fields, each action
is one line of YAML, and a hidden field keeps the parts of the document the fields do not show
(custom card definitions), so nothing is lost on a round trip. Every check is the engine's:
the form becomes a `ygo-scenario/1` document, `replay_text` validates and replays it, and each
problem's path (`board.players.A.monsters[1].position`) is mapped back to the field it came
from. No rule is decided here.
"""

import json
import re
from dataclasses import dataclass, field
from typing import Any

import yaml
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from engine.scenario import VERBS, WINDOWS
from engine.state import PHASE_NAMES
from rulings.display import BATTLE_STEP_NAMES, board_view, result_text
from rulings.models import Card, Scenario, scenario_slug
from rulings.scenarios import ErrorList, ScenarioRejected, replay_text

FORMAT = "ygo-scenario/1"
PLAYERS = ("A", "B")
ZONES = range(1, 6)
EMZ = (("emz-left", "EMZ left"), ("emz-right", "EMZ right"))
# Piles drawn as lists of card-name inputs; the Deck also has a count of unknown cards.
PILES = (
    ("hand", "Hand"),
    ("graveyard", "GY"),
    ("banished", "Banished"),
    ("extra_deck", "Extra Deck"),
    ("deck", "Deck"),
)
MONSTER_FLAGS = ("summoned_this_turn", "position_changed_this_turn", "attacked_this_turn")
MONSTER_ATTRS = (
    "card",
    "position",
    *MONSTER_FLAGS,
    "summon_type",
    "materials",
    "counters",
    "atk",
    "def",
    "id",
)
ST_ATTRS = ("card", "face", "set_this_turn", "equipped_to", "counters", "id")
FIELD_ZONE_ATTRS = ("card", "face", "id")
SUMMON_TYPES = (
    "normal",
    "tribute",
    "flip",
    "special",
    "link",
    "xyz",
    "synchro",
    "fusion",
    "ritual",
    "pendulum",
)
ATTR_LABELS = {
    "card": "Card",
    "position": "Position",
    "face": "Face",
    "summoned_this_turn": "Summoned this turn",
    "position_changed_this_turn": "Position changed this turn",
    "attacked_this_turn": "Attacked this turn",
    "summon_type": "Summoned by",
    "materials": "Xyz materials",
    "counters": "Counters",
    "atk": "ATK",
    "def": "DEF",
    "id": "Id",
    "set_this_turn": "Set this turn",
    "equipped_to": "Equipped to",
    "zone": "Zone",
}
EXTRA_PILE_SLOTS = 2  # blank inputs drawn after a pile's cards
MORE_SLOTS = 3  # blank inputs a "More slots" button adds
MAX_ACTIONS = 500
DATALIST_LIMIT = 60

# The action builder: which inputs each verb takes (see the spec's table of actions).
VERB_FIELDS: dict[str, tuple[str, ...]] = {
    "activate": ("card", "effect", "targets", "cost", "choices", "responds_to"),
    "pass": (),
    "resolve": (),
    "decline": ("card", "effect"),
    "normal_summon": ("card", "tributes", "position"),
    "set": ("card", "zone", "tributes"),
    "flip_summon": ("card",),
    "special_summon": ("card", "method", "materials", "zone", "position"),
    "change_position": ("card", "to"),
    "attack": ("attacker", "target"),
    "phase": ("phase",),
    "end_turn": ("choices",),
    "concede": (),
}
VERB_LABELS = {
    "activate": "Activate a card or effect",
    "pass": "Pass priority",
    "resolve": "Resolve (both pass)",
    "decline": "Decline an optional trigger",
    "normal_summon": "Normal / Tribute Summon",
    "set": "Set",
    "flip_summon": "Flip Summon",
    "special_summon": "Special Summon (by procedure)",
    "change_position": "Change battle position",
    "attack": "Declare an attack",
    "phase": "Move to a phase",
    "end_turn": "End the turn",
    "concede": "Concede",
}
# Where the card an action names is usually found, by verb (own cards only).
VERB_SOURCES: dict[str, tuple[str, ...]] = {
    "activate": ("hand", "spell_traps", "field_spell", "monsters", "graveyard", "banished"),
    "decline": ("monsters", "graveyard", "hand", "spell_traps", "banished"),
    "normal_summon": ("hand",),
    "set": ("hand",),
    "flip_summon": ("monsters",),
    "special_summon": ("hand", "extra_deck", "graveyard", "banished", "deck"),
    "change_position": ("monsters",),
}
LOCATION_LABELS = {
    "hand": "Hand",
    "monsters": "Monster Zones",
    "spell_traps": "Spell & Trap Zones",
    "field_spell": "Field Zone",
    "graveyard": "GY",
    "banished": "Banished",
    "extra_deck": "Extra Deck",
    "deck": "Deck",
}
COST_KINDS = ("discard", "tribute", "banish", "send_to_gy", "detach", "reveal")
CHOICE_KEYS = (
    "add", "summon", "destroy", "send", "banish", "return", "discard", "tribute",
    "materials", "attach", "detach", "target", "order",
)  # fmt: skip
METHODS = ("link", "xyz", "synchro", "fusion", "ritual", "pendulum", "procedure")
ACTION_PHASES = ("standby", "main1", "battle", "main2", "end")
OP = re.compile(r"^(?P<name>[a-z-]+)(?::(?P<arg>[A-Za-z0-9_-]+))?$")


# --------------------------------------------------------------------------- small helpers
def _text(value: Any) -> str:
    """A document value as the text a field shows ("" for nothing)."""
    if value is None or value is False:
        return ""
    if value is True:
        return "on"
    return str(value)


def _number(raw: str) -> int | str | None:
    """A whole number from a field; any other text is passed on for the engine to reject."""
    raw = raw.strip()
    if not raw:
        return None
    return int(raw) if re.fullmatch(r"-?\d{1,12}", raw) else raw


def _names(raw: str) -> list[str]:
    return [name.strip() for name in raw.split(",") if name.strip()]


def _counters_text(counters: Any) -> str:
    if isinstance(counters, dict):
        return ", ".join(f"{name}: {count}" for name, count in counters.items())
    return _text(counters)


def _counters(raw: str) -> Any:
    """`Spell Counter: 2, Other: 1` as a mapping; text that is not one goes to the engine as is."""
    raw = raw.strip()
    if not raw:
        return None
    try:
        value = yaml.safe_load("{" + raw + "}")
    except yaml.YAMLError:
        return raw
    return value if isinstance(value, dict) else raw


def _entry_name(entry: Any) -> str:
    if isinstance(entry, dict):
        return _text(entry.get("card"))
    return _text(entry)


def _json(raw: str | None, default: Any) -> Any:
    try:
        value = json.loads(raw or "")
    except ValueError:
        return default
    return value if isinstance(value, type(default)) else default


def action_line(action: Any) -> str:
    """One action as a line of YAML, the way the action list shows and edits it."""
    if not isinstance(action, dict):
        return _text(action)
    action = {**{k: action[k] for k in ("player", "do") if k in action}, **action}  # who, what, then how
    return yaml.safe_dump(
        action, default_flow_style=True, sort_keys=False, allow_unicode=True, width=10_000
    ).strip()


def dump_document(doc: dict[str, Any]) -> str:
    """The document as YAML: the same form always gives the same text (and the same slug)."""
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100)


def _indices(data: dict[str, str], prefix: str) -> list[int]:
    """The numbers n of the fields named `<prefix>n`, in order."""
    pattern = re.compile(re.escape(prefix) + r"(\d+)$")
    return sorted(int(m[1]) for key in data if (m := pattern.match(key)))


# --------------------------------------------------------------------------- form -> document
@dataclass
class Built:
    """A document made from the form, and where each of its parts came from.

    `where` maps a document path (`board.players.A.monsters[0]`) to the error slot drawn next
    to that part (`A-m3`), the field to point at (`A-m3-card`), and the attributes that have a
    field of their own in that slot.
    """

    doc: dict[str, Any]
    where: dict[str, tuple[str, str, tuple[str, ...]]] = field(default_factory=dict)

    def text(self) -> str:
        return dump_document(self.doc)


def _keep(data: dict[str, str], name_field: str, name: str) -> dict[str, Any]:
    """Attributes the fields do not show (an explicit id, an Extra Deck card's face), kept from
    the loaded document while the slot still holds the same card."""
    keep = _json(data.get(f"{name_field}-keep"), {})
    if str(keep.pop("card", "")).lower() != name.lower():
        return {}
    return {k: v for k, v in keep.items() if k in ("id", "face", "materials")}


def _pile(data: dict[str, str], player: str, pile: str, path: str, built: Built, slot: str) -> list[Any]:
    out: list[Any] = []
    for i in _indices(data, f"{player}-{pile}-"):
        name_field = f"{player}-{pile}-{i}"
        name = data.get(name_field, "").strip()
        if not name:
            continue
        extra = _keep(data, name_field, name)
        extra.pop("materials", None)
        built.where[f"{path}[{len(out)}]"] = (slot, name_field, ())
        out.append({"card": name, **extra} if extra else name)
    return out


def _monster(data: dict[str, str], prefix: str, zone: int | str) -> dict[str, Any] | None:
    name = data.get(f"{prefix}-card", "").strip()
    if not name:
        return None
    monster: dict[str, Any] = {
        "card": name,
        "zone": zone,
        "position": data.get(f"{prefix}-position") or "attack",
    }
    for flag in MONSTER_FLAGS:
        if data.get(f"{prefix}-{flag}"):
            monster[flag] = True
    if summon_type := data.get(f"{prefix}-summon_type", "").strip():
        monster["summon_type"] = summon_type
    materials_text = data.get(f"{prefix}-materials", "")
    kept = _keep(data, f"{prefix}-card", name).get("materials")
    if kept and ", ".join(_entry_name(m) for m in kept) == ", ".join(_names(materials_text)):
        monster["materials"] = kept
    elif materials := _names(materials_text):
        monster["materials"] = materials
    if (counters := _counters(data.get(f"{prefix}-counters", ""))) is not None:
        monster["counters"] = counters
    for stat in ("atk", "def"):
        if (value := _number(data.get(f"{prefix}-{stat}", ""))) is not None:
            monster[stat] = value
    if card_id := data.get(f"{prefix}-id", "").strip():
        monster["id"] = card_id
    return monster


def _spell_trap(data: dict[str, str], prefix: str, zone: int | None) -> dict[str, Any] | None:
    name = data.get(f"{prefix}-card", "").strip()
    if not name:
        return None
    entry: dict[str, Any] = {"card": name}
    if zone is not None:
        entry["zone"] = zone
    entry["face"] = data.get(f"{prefix}-face") or ("up" if zone is None else "down")
    if zone is not None:
        if data.get(f"{prefix}-set_this_turn"):
            entry["set_this_turn"] = True
        if equipped := data.get(f"{prefix}-equipped_to", "").strip():
            entry["equipped_to"] = equipped
        if (counters := _counters(data.get(f"{prefix}-counters", ""))) is not None:
            entry["counters"] = counters
    if card_id := data.get(f"{prefix}-id", "").strip():
        entry["id"] = card_id
    return entry


def _player(data: dict[str, str], p: str, built: Built) -> dict[str, Any]:
    base = f"board.players.{p}"
    slot = f"{p}-player"
    out: dict[str, Any] = {}
    built.where[base] = (slot, f"{p}-lp", ())
    if (lp := _number(data.get(f"{p}-lp", ""))) is not None:
        out["lp"] = lp
    built.where[f"{base}.lp"] = (slot, f"{p}-lp", ())
    if data.get(f"{p}-normal_summon_used"):
        out["normal_summon_used"] = True
    built.where[f"{base}.normal_summon_used"] = (slot, f"{p}-normal_summon_used", ())
    if used := _names(data.get(f"{p}-used_this_turn", "")):
        out["used_this_turn"] = used
    built.where[f"{base}.used_this_turn"] = (slot, f"{p}-used_this_turn", ())

    for pile, _label in PILES:
        pile_slot = f"{p}-{pile}"
        if pile == "deck":
            built.where[f"{base}.deck"] = (pile_slot, f"{p}-deck-unknown", ())
            built.where[f"{base}.deck.unknown"] = (pile_slot, f"{p}-deck-unknown", ())
            listed = _pile(data, p, "deck", f"{base}.deck.cards", built, pile_slot)
            unknown = _number(data.get(f"{p}-deck-unknown", ""))
            if listed:
                out["deck"] = {"cards": listed, "unknown": 0 if unknown is None else unknown}
            elif unknown is not None:
                out["deck"] = unknown
            continue
        built.where[f"{base}.{pile}"] = (pile_slot, f"{p}-{pile}-0", ())
        if entries := _pile(data, p, pile, f"{base}.{pile}", built, pile_slot):
            out[pile] = entries

    monsters: list[dict[str, Any]] = []
    cells: list[tuple[str, int | str]] = [(f"{p}-m{z}", z) for z in ZONES]
    cells += [(zone, zone) for zone, _ in EMZ if data.get(f"{zone}-owner") == p]
    for prefix, zone in cells:
        if (monster := _monster(data, prefix, zone)) is not None:
            built.where[f"{base}.monsters[{len(monsters)}]"] = (prefix, f"{prefix}-card", MONSTER_ATTRS)
            monsters.append(monster)
    if monsters:
        out["monsters"] = monsters
    spell_traps: list[dict[str, Any]] = []
    for z in ZONES:
        prefix = f"{p}-s{z}"
        if (entry := _spell_trap(data, prefix, z)) is not None:
            built.where[f"{base}.spell_traps[{len(spell_traps)}]"] = (prefix, f"{prefix}-card", ST_ATTRS)
            spell_traps.append(entry)
    if spell_traps:
        out["spell_traps"] = spell_traps
    if (field_spell := _spell_trap(data, f"{p}-fz", None)) is not None:
        out["field_spell"] = field_spell
    built.where[f"{base}.field_spell"] = (f"{p}-fz", f"{p}-fz-card", FIELD_ZONE_ATTRS)
    return out


def action_rows(data: dict[str, str]) -> list[tuple[int, str]]:
    """The action lines of the form, in order, as (field number, text); blank lines dropped."""
    rows = [(i, data.get(f"action-{i}", "").strip()) for i in _indices(data, "action-")]
    return [(i, text) for i, text in rows if text][:MAX_ACTIONS]


def parse_action(text: str) -> Any:
    """An action line as YAML; a line that is not YAML goes to the engine as text to reject."""
    try:
        return yaml.safe_load(text if text.lstrip().startswith("{") else "{" + text + "}")
    except yaml.YAMLError:
        return text


def build_document(data: dict[str, str]) -> Built:
    """The scenario document the form describes (never raises: the engine judges it)."""
    built = Built(doc={})
    extra = _json(data.get("doc-extra"), {})
    doc: dict[str, Any] = {"format": FORMAT}
    doc.update({k: v for k, v in extra.items() if k not in ("format", "title", "board", "actions")})
    if title := data.get("title", "").strip():
        doc["title"] = title
    built.where["title"] = ("general", "title", ())
    board: dict[str, Any] = {}
    built.where["board"] = ("board", "turn", ())
    for key in ("turn", "turn_player", "phase", "step"):
        value = data.get(key, "").strip()
        if value:
            board[key] = _number(value) if key == "turn" else value
        built.where[f"board.{key}"] = ("board", key, ())
    board["players"] = {p: _player(data, p, built) for p in PLAYERS}
    doc["board"] = board
    actions = []
    for i, text in action_rows(data):
        built.where[f"actions[{len(actions)}]"] = (f"action-{i}", f"action-{i}", ())
        actions.append(parse_action(text))
    doc["actions"] = actions
    built.doc = doc
    return built


# --------------------------------------------------------------------------- document -> form
def _place(entries: list[Any], zones: list[int]) -> dict[int, dict[str, Any]]:
    """Entries by zone; one without a zone (or with a taken one) takes the lowest free zone."""
    placed: dict[int, dict[str, Any]] = {}
    loose = []
    for entry in entries:
        entry = entry if isinstance(entry, dict) else {"card": _text(entry)}
        zone = entry.get("zone")
        if zone in zones and zone not in placed:
            placed[zone] = entry
        else:
            loose.append(entry)
    for entry in loose:
        free = next((z for z in zones if z not in placed), None)
        if free is not None:
            placed[free] = entry
    return placed


def _monster_values(values: dict[str, str], prefix: str, m: dict[str, Any]) -> None:
    values[f"{prefix}-card"] = _entry_name(m)
    values[f"{prefix}-position"] = _text(m.get("position") or "attack")
    for flag in MONSTER_FLAGS:
        values[f"{prefix}-{flag}"] = "on" if m.get(flag) else ""
    values[f"{prefix}-summon_type"] = _text(m.get("summon_type"))
    materials = m.get("materials") or []
    values[f"{prefix}-materials"] = ", ".join(_entry_name(x) for x in materials)
    if any(isinstance(x, dict) and set(x) - {"card"} for x in materials):
        values[f"{prefix}-card-keep"] = json.dumps({"card": _entry_name(m), "materials": materials})
    values[f"{prefix}-counters"] = _counters_text(m.get("counters"))
    values[f"{prefix}-atk"] = _text(m.get("atk"))
    values[f"{prefix}-def"] = _text(m.get("def"))
    values[f"{prefix}-id"] = _text(m.get("id"))


def _spell_trap_values(values: dict[str, str], prefix: str, s: Any) -> None:
    s = s if isinstance(s, dict) else {"card": _text(s)}
    values[f"{prefix}-card"] = _entry_name(s)
    values[f"{prefix}-face"] = _text(s.get("face"))
    values[f"{prefix}-set_this_turn"] = "on" if s.get("set_this_turn") else ""
    values[f"{prefix}-equipped_to"] = _text(s.get("equipped_to"))
    values[f"{prefix}-counters"] = _counters_text(s.get("counters"))
    values[f"{prefix}-id"] = _text(s.get("id"))


def _pile_values(values: dict[str, str], player: str, pile: str, entries: list[Any]) -> None:
    for i, entry in enumerate(entries):
        name = _entry_name(entry)
        values[f"{player}-{pile}-{i}"] = name
        if isinstance(entry, dict) and set(entry) - {"card"}:
            values[f"{player}-{pile}-{i}-keep"] = json.dumps(entry)


def form_values(doc: dict[str, Any]) -> dict[str, str]:
    """The editor's fields for a document (the inverse of `build_document`)."""
    values: dict[str, str] = {"title": _text(doc.get("title"))}
    extra = {k: v for k, v in doc.items() if k not in ("format", "title", "board", "actions")}
    values["doc-extra"] = json.dumps(extra) if extra else ""
    board = doc.get("board") if isinstance(doc.get("board"), dict) else {}
    for key in ("turn", "turn_player", "phase", "step"):
        values[key] = _text(board.get(key))
    players = board.get("players") if isinstance(board.get("players"), dict) else {}
    for p in PLAYERS:
        player = players.get(p) if isinstance(players.get(p), dict) else {}
        values[f"{p}-lp"] = _text(player.get("lp", 8000))
        values[f"{p}-normal_summon_used"] = "on" if player.get("normal_summon_used") else ""
        values[f"{p}-used_this_turn"] = ", ".join(_text(n) for n in player.get("used_this_turn") or [])
        for pile, _label in PILES:
            if pile == "deck":
                deck = player.get("deck", 0)
                if isinstance(deck, dict):
                    _pile_values(values, p, "deck", deck.get("cards") or [])
                    values[f"{p}-deck-unknown"] = _text(deck.get("unknown", 0))
                elif isinstance(deck, list):
                    _pile_values(values, p, "deck", deck)
                    values[f"{p}-deck-unknown"] = "0"
                else:
                    values[f"{p}-deck-unknown"] = _text(deck)
                continue
            _pile_values(values, p, pile, player.get(pile) or [])
        monsters = [m if isinstance(m, dict) else {"card": _text(m)} for m in player.get("monsters") or []]
        main = [m for m in monsters if m.get("zone") not in dict(EMZ)]
        for zone, m in _place(main, list(ZONES)).items():
            _monster_values(values, f"{p}-m{zone}", m)
        for m in monsters:
            zone = m.get("zone")
            if zone in dict(EMZ) and not values.get(f"{zone}-card"):
                values[f"{zone}-owner"] = p
                _monster_values(values, zone, m)
        for zone, s in _place(player.get("spell_traps") or [], list(ZONES)).items():
            _spell_trap_values(values, f"{p}-s{zone}", s)
        if player.get("field_spell"):
            _spell_trap_values(values, f"{p}-fz", player["field_spell"])
    for i, action in enumerate(doc.get("actions") or []):
        values[f"action-{i}"] = action_line(action)
    return values


def default_document() -> dict[str, Any]:
    """A blank duel: turn 2, A's Main Phase 1, 8000 LP and 30 unknown cards in each Deck."""
    players = {p: {"lp": 8000, "deck": 30} for p in PLAYERS}
    return {"format": FORMAT, "board": {"turn": 2, "turn_player": "A", "phase": "main1", "players": players}}


def fork_document(scenario: Scenario, upto: int | None) -> dict[str, Any]:
    """A stored scenario's document; with `upto`, only the actions behind steps 1..upto.

    Raises Http404 for a step the replay does not have.
    """
    doc = yaml.safe_load(scenario.text) if scenario.fmt == "yaml" else json.loads(scenario.text)
    if not isinstance(doc, dict):
        raise Http404("This scenario is not a document the editor can open.")
    if upto is None:
        return doc
    try:
        steps = replay_text(scenario.text, scenario.fmt).get("steps") or []
    except ScenarioRejected:
        return doc
    if not 1 <= upto <= len(steps):
        raise Http404(f"This replay has {len(steps)} steps.")
    last = max((s["action"] for s in steps[:upto] if s.get("action") is not None), default=-1)
    return {**doc, "actions": list(doc.get("actions") or [])[: last + 1]}


# --------------------------------------------------------------------------- errors -> fields
PARENT = re.compile(r"^(?P<parent>.*?)(?:\.[^.\[\]]+|\[\d+\])$")


def locate(path: str, where: dict[str, tuple[str, str, tuple[str, ...]]]) -> tuple[str, str, str]:
    """The error slot, field and attribute label for an engine path; "general" if none fits."""
    probe = path
    while probe:
        if probe in where:
            slot, field_name, attrs = where[probe]
            rest = path[len(probe) :].lstrip(".")
            attr = re.match(r"[a-z_]+", rest)
            name = attr[0] if attr else ""
            if name in attrs and name != "card":
                return slot, f"{slot}-{name}", ATTR_LABELS.get(name, name)
            return slot, field_name, ATTR_LABELS.get(name, "") if name in ("card", "zone", "id") else ""
        match = PARENT.match(probe)
        probe = match["parent"] if match else ""
    return "general", "", ""


def errors_by_slot(errors: ErrorList, built: Built) -> dict[str, list[dict[str, str]]]:
    out: dict[str, list[dict[str, str]]] = {}
    for error in errors:
        slot, field_name, label = locate(error["path"], built.where)
        item = {**error, "field": field_name, "label": label}
        out.setdefault(slot, []).append(item)
    return out


# --------------------------------------------------------------------------- drawing the mat
def _cell(
    values: dict[str, str], prefix: str, kind: str, label: str, long: str, errors: dict[str, list]
) -> dict[str, Any]:
    """One zone's fields; `long` names it for screen readers ("Player A, Monster Zone 3")."""
    attrs = {"monster": MONSTER_ATTRS, "st": ST_ATTRS, "field": FIELD_ZONE_ATTRS}[kind]
    v = {attr: values.get(f"{prefix}-{attr}", "") for attr in attrs}
    shown = ("card", "position", "face")
    cell_errors = errors.get(prefix, [])
    more_open = any(v[a] for a in attrs if a not in shown) or any(
        e["field"] not in (f"{prefix}-{a}" for a in shown) for e in cell_errors
    )
    return {
        "prefix": prefix,
        "kind": kind,
        "label": label,
        "long": long,
        "side": prefix[0] if prefix[:2] in ("A-", "B-") else "",
        "v": v,
        "keep": values.get(f"{prefix}-card-keep", ""),
        "filled": bool(v["card"].strip()),
        "errors": cell_errors,
        "more_open": more_open,
        "owner": values.get(f"{prefix}-owner", ""),
    }


def _pile_cell(
    values: dict[str, str], p: str, pile: str, label: str, slots: dict[str, int], errors: dict
) -> dict:
    key = f"{p}-{pile}"
    filled = [i for i in _indices(values, f"{key}-") if values.get(f"{key}-{i}", "").strip()]
    count = max(len(filled) + EXTRA_PILE_SLOTS, slots.get(key, 0))
    names = [values.get(f"{key}-{i}", "") for i in filled]
    keeps = [values.get(f"{key}-{i}-keep", "") for i in filled]
    inputs = [
        {
            "name": f"{key}-{n}",
            "value": names[n] if n < len(names) else "",
            "keep": keeps[n] if n < len(keeps) else "",
        }
        for n in range(count)
    ]
    return {"key": key, "pile": pile, "player": p, "label": label, "inputs": inputs, "count": len(filled),
            "slots": count, "errors": errors.get(key, []),
            "unknown": values.get(f"{p}-deck-unknown", "") if pile == "deck" else None}  # fmt: skip


def editor_mat(values: dict[str, str], errors: dict[str, list], slots: dict[str, int]) -> dict[str, Any]:
    """The mat with the editor's fields in every zone, shaped like `display.board_view`."""
    sides = {}
    for p in PLAYERS:
        piles = {pile: _pile_cell(values, p, pile, label, slots, errors) for pile, label in PILES}
        sides[p] = {
            "name": p,
            "is_turn_player": values.get("turn_player", "A") == p,
            "lp": values.get(f"{p}-lp", ""),
            "normal_summon_used": bool(values.get(f"{p}-normal_summon_used")),
            "used_this_turn": values.get(f"{p}-used_this_turn", ""),
            "errors": errors.get(f"{p}-player", []),
            "monsters": [
                _cell(values, f"{p}-m{z}", "monster", f"M{z}", f"Player {p}, Monster Zone {z}", errors)
                | {"zone": z}
                for z in ZONES
            ],
            "spell_traps": [
                _cell(values, f"{p}-s{z}", "st", f"S{z}", f"Player {p}, Spell & Trap Zone {z}", errors)
                | {"zone": z, "pendulum": z in (1, 5)}
                for z in ZONES
            ],
            "field": _cell(values, f"{p}-fz", "field", "Field", f"Player {p}, Field Zone", errors),
            "graveyard": piles["graveyard"],
            "extra_deck": piles["extra_deck"],
            "deck": piles["deck"],
            "hand": piles["hand"],
            "banished": piles["banished"],
        }
    emz = [
        _cell(values, zone, "monster", label, f"Extra Monster Zone ({label[4:]})", errors) | {"zone": zone}
        for zone, label in EMZ
    ]
    return {"top": sides["B"], "bottom": sides["A"], "players": [sides["A"], sides["B"]], "emz": emz}


def all_slots(values: dict[str, str]) -> list[str]:
    """Every error slot the editor draws, so a check can clear the ones now fine."""
    slots = ["general", "board", *(zone for zone, _ in EMZ)]
    for p in PLAYERS:
        slots += [f"{p}-player", f"{p}-fz", *(f"{p}-m{z}" for z in ZONES), *(f"{p}-s{z}" for z in ZONES)]
        slots += [f"{p}-{pile}" for pile, _ in PILES]
    return slots


# --------------------------------------------------------------------------- the replay so far
@dataclass
class Check:
    """What the engine says about the form: the document, its problems, or its replay."""

    built: Built
    text: str
    errors: ErrorList
    result: dict[str, Any] | None

    @property
    def by_slot(self) -> dict[str, list[dict[str, str]]]:
        return errors_by_slot(self.errors, self.built)


def check(values: dict[str, str]) -> Check:
    built = build_document(values)
    text = built.text()
    try:
        return Check(built, text, [], replay_text(text, "yaml"))
    except ScenarioRejected as rejected:
        return Check(built, text, rejected.errors, None)


def action_outcomes(values: dict[str, str], result: dict[str, Any] | None) -> dict[int, list[dict[str, Any]]]:
    """For each action row (by field number), the steps its action produced in the replay."""
    if not result:
        return {}
    rows = [i for i, _ in action_rows(values)]
    out: dict[int, list[dict[str, Any]]] = {}
    for step in result.get("steps") or []:
        index = step.get("action")
        if index is not None and 0 <= index < len(rows):
            notes = (
                [e.get("text", "") for e in step.get("explanations") or []]
                if not step.get("accepted")
                else []
            )
            out.setdefault(rows[index], []).append(
                {
                    "n": step["n"],
                    "summary": step.get("summary", ""),
                    "accepted": step.get("accepted", True),
                    "notes": notes,
                }  # fmt: skip
            )
    return out


def _action_list(
    values: dict[str, str], by_slot: dict[str, list], result: dict[str, Any] | None
) -> list[dict]:
    outcomes = action_outcomes(values, result)
    rows = action_rows(values)
    return [
        {
            "i": i,
            "n": n,
            "text": text,
            "errors": by_slot.get(f"action-{i}", []),
            "steps": outcomes.get(i, []),
            "first": n == 0,
            "last": n == len(rows) - 1,
        }  # fmt: skip
        for n, (i, text) in enumerate(rows)
    ]


# --------------------------------------------------------------------------- action builder
def _card_types(names: set[str]) -> dict[str, str]:
    return {n.lower(): t for n, t in Card.objects.filter(name__in=names).values_list("name", "card_type")}


def _label(entry: dict[str, Any], location: str) -> str:
    where = LOCATION_LABELS.get(location, location)
    if location in ("monsters", "spell_traps") and entry.get("zone") is not None:
        zone = entry["zone"]
        where = (
            str(zone).upper()
            if isinstance(zone, str)
            else ("M" if location == "monsters" else "S") + str(zone)
        )
        state = entry.get("position") or ("face-down" if entry.get("face") == "down" else "face-up")
        where += f", {state}"
    return f"{entry.get('card')} ({where})"


def board_cards(board: dict[str, Any], player: str, locations: tuple[str, ...]) -> list[dict[str, Any]]:
    """A player's cards in the given locations of a replay's board, each with id and label."""
    p = ((board or {}).get("players") or {}).get(player) or {}
    groups = []
    for location in locations:
        raw = p.get(location)
        if location == "deck":
            raw = raw.get("cards") if isinstance(raw, dict) else []
        entries = [raw] if isinstance(raw, dict) else list(raw or [])
        cards = []
        for entry in entries:
            if isinstance(entry, dict) and entry.get("id"):
                cards.append({"id": entry["id"], "label": _label(entry, location), "card": entry.get("card"),
                              "position": entry.get("position"), "location": location})  # fmt: skip
            for material in (entry.get("materials") or []) if isinstance(entry, dict) else []:
                if isinstance(material, dict) and material.get("id"):
                    label = f"{material.get('card')} (material of {entry.get('card')})"
                    cards.append({"id": material["id"], "label": label, "card": material.get("card"),
                                  "location": "material"})  # fmt: skip
        if cards:
            groups.append({"label": f"{player}: {LOCATION_LABELS.get(location, location)}", "cards": cards})
    return groups


def _legal(step: dict[str, Any] | None, player: str) -> tuple[list[dict[str, str]], list[dict[str, str]]]:
    """What the engine's `legal` field on a step says a player can and cannot activate.

    Read loosely: a mapping by player holding either a list of entries (a reference, or a
    mapping with `card` and a verdict) or separate lists of what can and cannot be activated.
    """
    legal = (step or {}).get("legal")
    mine = legal.get(player) if isinstance(legal, dict) else None
    can: list[dict[str, str]] = []
    cannot: list[dict[str, str]] = []

    def entry(item: Any) -> dict[str, str]:
        if isinstance(item, dict):
            ref = item.get("card") or item.get("ref") or item.get("id") or ""
            reason = item.get("reason") or item.get("why") or item.get("text") or item.get("code") or ""
            effect = item.get("effect")
            name = item.get("name") or ref
            return {"ref": str(ref), "name": str(name), "reason": str(reason), "effect": str(effect or "")}
        return {"ref": str(item), "name": str(item), "reason": "", "effect": ""}

    if isinstance(mine, dict):
        for key in ("activate", "can_activate", "can", "legal", "ok", "options"):
            can += [entry(x) for x in mine.get(key) or [] if x]
        for key in ("cannot", "cannot_activate", "illegal", "blocked", "not"):
            cannot += [entry(x) for x in mine.get(key) or [] if x]
    elif isinstance(mine, list):
        for item in mine:
            verdict = (
                item.get("legal", item.get("ok", item.get("can", True))) if isinstance(item, dict) else True
            )
            (can if verdict else cannot).append(entry(item))
    return [c for c in can if c["ref"]], [c for c in cannot if c["ref"]]


def builder_context(values: dict[str, str], result: dict[str, Any] | None) -> dict[str, Any]:
    """The builder's choices, from the board after the last step of the replay so far."""
    player = values.get("b-player") if values.get("b-player") in PLAYERS else ""
    verb = values.get("b-do") if values.get("b-do") in VERBS else ""
    steps = (result or {}).get("steps") or []
    board = (result or {}).get("final_board") or {}
    last = steps[-1] if steps else None
    if not player:
        player = (last or {}).get("board", board).get("turn_player") or values.get("turn_player") or "A"
    foe = "B" if player == "A" else "A"
    sources = VERB_SOURCES.get(verb, ())
    own = board_cards(board, player, sources)
    if verb == "normal_summon":  # offer monsters first; the engine judges the rest
        types = _card_types({c["card"] for g in own for c in g["cards"]})
        for group in own:
            group["cards"].sort(key=lambda c: types.get(str(c["card"]).lower(), "monster") != "monster")
    if verb == "flip_summon":
        for group in own:
            group["cards"] = [c for c in group["cards"] if c.get("position") == "set"] or group["cards"]
    can, cannot = _legal(last, player) if verb == "activate" else ([], [])
    offered = {c["ref"] for c in can}  # offered first, with the engine's word; not twice
    for group in own:
        group["cards"] = [c for c in group["cards"] if c["id"] not in offered]
    own = [group for group in own if group["cards"]]
    everywhere = ("monsters", "spell_traps", "field_spell", "graveyard", "banished", "hand")
    chain = (last or {}).get("chain") or []
    return {
        "result_ok": result is not None,
        "player": player,
        "verb": verb,
        "verbs": [(v, VERB_LABELS.get(v, v)) for v in VERBS],
        "fields": VERB_FIELDS.get(verb, ()),
        "values": {k[2:]: values.get(k, "") for k in values if k.startswith("b-")},
        "lists": {
            k[2:]: values.getlist(k) if isinstance(values, QueryDict) else []
            for k in values
            if k.startswith("b-")
        },
        "card_groups": own,
        "legal_can": can,
        "legal_cannot": cannot,
        "own_monsters": board_cards(board, player, ("monsters",)),
        "foe_monsters": board_cards(board, foe, ("monsters",)),
        "cost_groups": board_cards(
            board, player, ("hand", "monsters", "spell_traps", "graveyard", "banished")
        ),
        "target_groups": [*board_cards(board, foe, everywhere), *board_cards(board, player, everywhere)],
        "choice_groups": [
            *board_cards(board, player, ("deck", "hand", "graveyard", "banished", "extra_deck", "monsters")),
            *board_cards(board, foe, ("monsters", "spell_traps", "field_spell", "graveyard", "hand")),
        ],
        "chain_links": [
            {"ref": f"link:{c['link']}", "label": f"Chain Link {c['link']}: {c['card']}"} for c in chain
        ],
        "windows": WINDOWS,
        "phases": [(p, PHASE_NAMES.get(p, p)) for p in ACTION_PHASES],
        "cost_kinds": COST_KINDS,
        "choice_keys": CHOICE_KEYS,
        "methods": METHODS,
        "zones": list(ZONES),
    }


def built_action(data: QueryDict | dict[str, str]) -> dict[str, Any] | None:
    """The action the builder's fields describe; the engine checks it once it is in the list."""
    verb = data.get("b-do", "")
    if verb not in VERBS:
        return None
    get_list = data.getlist if isinstance(data, QueryDict) else (lambda k: [data[k]] if data.get(k) else [])
    refs = lambda key: [r for r in get_list(f"b-{key}") if r]  # noqa: E731
    action: dict[str, Any] = {} if verb == "resolve" else {"player": data.get("b-player") or "A"}
    action["do"] = verb
    wanted = VERB_FIELDS[verb]
    for key in ("card", "attacker", "target", "responds_to", "position", "method"):
        if key in wanted and (value := data.get(f"b-{key}", "").strip()):
            action[key] = value
    if "effect" in wanted and (effect := _number(data.get("b-effect", ""))) is not None:
        action["effect"] = effect
    if "zone" in wanted and (zone := _number(data.get("b-zone", ""))) is not None:
        action["zone"] = zone
    if "phase" in wanted and (to := data.get("b-phase", "").strip()):
        action["to"] = to
    if "to" in wanted and (to := data.get("b-to", "").strip()):
        action["to"] = to
    for key in ("targets", "tributes", "materials"):
        if key in wanted and (chosen := refs(key)):
            action[key] = chosen
    if "cost" in wanted:
        cost: dict[str, Any] = {}
        if (kind := data.get("b-cost_kind", "")) in COST_KINDS and (chosen := refs("cost")):
            cost[kind] = chosen
        if (pay := _number(data.get("b-pay_lp", ""))) is not None:
            cost["pay_lp"] = pay
        if cost:
            action["cost"] = cost
    if "choices" in wanted:
        key = "discard" if verb == "end_turn" else data.get("b-choice_key", "")
        if key in CHOICE_KEYS and (chosen := refs("choices")):
            action["choices"] = {key: chosen}
    if (at := data.get("b-at", "")) in WINDOWS:
        action["at"] = at
    return action


# --------------------------------------------------------------------------- form operations
def _form_dict(data: QueryDict) -> dict[str, str]:
    return {key: data.get(key, "") for key in data if key not in ("csrfmiddlewaretoken", "op")}


def _slots(data: dict[str, str]) -> dict[str, int]:
    return {k[6:]: int(v) for k, v in data.items() if k.startswith("slots-") and v.isdigit() and int(v) <= 60}


def _set_actions(values: dict[str, str], lines: list[str]) -> None:
    for key in [k for k in values if re.fullmatch(r"action-\d+", k)]:
        del values[key]
    for i, line in enumerate(lines):
        values[f"action-{i}"] = line


def apply_op(op: str, values: dict[str, str], data: QueryDict) -> str:
    """Apply a button's operation to the form values; returns the id of the field to focus."""
    match = OP.match(op or "")
    if not match:
        return ""
    name, arg = match["name"], match["arg"] or ""
    lines = [text for _, text in action_rows(values)]
    index = int(arg) if arg.isdigit() else -1
    if name == "more" and re.fullmatch(r"[AB]-(hand|graveyard|banished|extra_deck|deck)", arg):
        shown = int(values.get(f"slots-{arg}", "0") or 0)
        filled = len([i for i in _indices(values, f"{arg}-") if values.get(f"{arg}-{i}", "").strip()])
        values[f"slots-{arg}"] = str(max(shown, filled + EXTRA_PILE_SLOTS) + MORE_SLOTS)
        return f"f-{arg}-{max(shown, filled + EXTRA_PILE_SLOTS)}"
    if name == "import-deck":
        return _import_deck(values)
    if name == "add-action" and (action := built_action(data)) is not None:
        lines.append(action_line(action))
        _set_actions(values, lines)
        return f"f-action-{len(lines) - 1}"
    if not 0 <= index < len(lines):
        return ""
    if name == "up" and index > 0:
        lines[index - 1], lines[index] = lines[index], lines[index - 1]
        _set_actions(values, lines)
        return f"op-up-{index - 1}" if index > 1 else f"op-down-{index - 1}"
    if name == "down" and index < len(lines) - 1:
        lines[index + 1], lines[index] = lines[index], lines[index + 1]
        _set_actions(values, lines)
        return f"op-down-{index + 1}" if index + 1 < len(lines) - 1 else f"op-up-{index + 1}"
    if name == "delete":
        del lines[index]
        _set_actions(values, lines)
        return f"f-action-{min(index, len(lines) - 1)}" if lines else "b-do"
    if name == "resolve":
        lines.insert(index + 1, action_line({"do": "resolve"}))
        _set_actions(values, lines)
        return f"f-action-{index + 1}"
    return ""


def _import_deck(values: dict[str, str]) -> str:
    """Fill a player's Deck and Extra Deck from a .ydk text or ydke:// link (rulings.decks)."""
    from rulings.decks import DeckProblem, deck_from_text

    player = values.get("deck_player", "A")
    text = values.get("deck_text", "")
    try:
        if player not in PLAYERS:
            raise DeckProblem("player", f"expected A or B; got {player!r}")
        if not text.strip():
            raise DeckProblem("deck", "paste the text of a .ydk file or a ydke:// link")
        deck = deck_from_text(text)
    except DeckProblem as problem:
        values["deck_problem"] = f"{problem.path}: {problem.message}"
        return "f-deck-text"
    for pile, names in (("deck", deck["deck"]), ("extra_deck", deck["extra_deck"])):
        key = f"{player}-{pile}"
        for old in [k for k in values if re.fullmatch(re.escape(key) + r"-\d+(-keep)?", k)]:
            del values[old]
        values.pop(f"slots-{key}", None)
        for i, card in enumerate(names):
            values[f"{key}-{i}"] = card
    values[f"{player}-deck-unknown"] = "0"
    values["deck_text"] = ""
    values["deck_done"] = (
        f"Player {player}: {len(deck['deck'])} Main Deck and {len(deck['extra_deck'])} Extra Deck cards."
    )
    return f"pile-{player}-deck"


# --------------------------------------------------------------------------- views
def _save_url() -> str:
    try:
        return reverse("ruling-new")
    except NoReverseMatch:
        return "/r/new/"  # saved rulings are being built at /r/...; the button works once they land


def _context(
    values: dict[str, str],
    outcome: Check,
    *,
    show_errors: bool,
    focus: str = "",
    data: QueryDict | None = None,
) -> dict[str, Any]:
    by_slot = outcome.by_slot if show_errors else {}
    slots = _slots(values)
    forked_from = values.get("forked_from", "")
    return {
        "values": values,
        "mat": editor_mat(values, by_slot, slots),
        "board_errors": by_slot.get("board", []),
        "general_errors": by_slot.get("general", []),
        "errors": outcome.errors if show_errors else [],
        "error_count": len(outcome.errors),
        "actions": _action_list(values, by_slot, outcome.result),
        "builder": builder_context(data if data is not None else values, outcome.result),
        "doc_extra": values.get("doc-extra", ""),
        "slots": slots,
        "text": outcome.text,
        "result": outcome.result,
        "result_text": result_text((outcome.result or {}).get("result")) if outcome.result else "",
        "phases": list(PHASE_NAMES.items()),
        "battle_steps": list(BATTLE_STEP_NAMES.items()),
        "summon_types": SUMMON_TYPES,
        "forked_from": forked_from if Scenario.objects.filter(slug=forked_from).exists() else "",
        "fork_step": values.get("fork_step", ""),
        "focus": focus,
        "save_url": _save_url(),
        "card_names": list(Card.objects.values_list("name", flat=True)[:DATALIST_LIMIT]),
        "all_slots": all_slots(values),
        "editing": True,
    }


def _render_editor(request: HttpRequest, values: dict[str, str], *, show_errors: bool, focus: str = "",
                   status: int = 200, data: QueryDict | None = None) -> HttpResponse:  # fmt: skip
    outcome = check(values)
    if data is None and request.method == "POST":
        data = request.POST
    context = _context(values, outcome, show_errors=show_errors, focus=focus, data=data)
    if request.htmx:
        return render(request, "rulings/_editor_form.html", {**context, "oob": True}, status=200)
    return render(request, "rulings/editor.html", context, status=status)


@require_http_methods(["GET", "POST"])
def editor(request: HttpRequest) -> HttpResponse:
    """The board editor. GET draws a blank board, a stored scenario (`?from=`) or a fork of one
    (`&upto=<step>`); POST applies a button (add an action, move one, more slots, replay)."""
    if request.method == "GET":
        doc = default_document()
        values: dict[str, str]
        if slug := request.GET.get("from"):
            scenario = get_object_or_404(Scenario, slug=slug)
            upto = request.GET.get("upto", "")
            if upto and not upto.isdigit():
                raise Http404("upto must be a step number.")
            doc = fork_document(scenario, int(upto) if upto else None)
            values = form_values(doc)
            values["forked_from"] = scenario.slug
            values["fork_step"] = upto
        else:
            values = form_values(doc)
        return _render_editor(request, values, show_errors=bool(request.GET.get("from")))

    values = _form_dict(request.POST)
    op = request.POST.get("op", "")
    if op == "replay":
        outcome = check(values)
        if outcome.errors:
            return _render_editor(request, values, show_errors=True, focus="editor-errors", status=400)
        scenario, _ = Scenario.objects.get_or_create(
            slug=scenario_slug(outcome.text), defaults={"text": outcome.text, "fmt": "yaml"}
        )
        url = reverse("scenario", args=[scenario.slug])
        if values.get("forked_from") and Scenario.objects.filter(slug=values["forked_from"]).exists():
            url += f"?vs={values['forked_from']}"
        if request.htmx:
            return HttpResponse(status=204, headers={"HX-Redirect": url})
        return redirect(url)
    focus = apply_op(op, values, request.POST)
    builder_data = request.POST
    if op == "add-action":  # the builder starts afresh for the next action, same player and verb
        builder_data = QueryDict(mutable=True)
        builder_data.update({k: request.POST.get(k, "") for k in ("b-player", "b-do")})
    return _render_editor(
        request, values, show_errors=op in ("check", "replay") or bool(focus), focus=focus, data=builder_data
    )


@require_POST
def editor_validate(request: HttpRequest) -> HttpResponse:
    """The live check: the engine's problems, each swapped in next to its field (htmx OOB)."""
    values = _form_dict(request.POST)
    outcome = check(values)
    context = _context(values, outcome, show_errors=True)
    slot_errors = outcome.by_slot
    slot_list = [{"slot": s, "errors": slot_errors.get(s, [])} for s in context["all_slots"]]
    return render(request, "rulings/_editor_validate.html", {**context, "slot_list": slot_list, "oob": True})


@require_POST
def editor_builder(request: HttpRequest) -> HttpResponse:
    """The action builder alone, redrawn for the chosen player and verb."""
    values = _form_dict(request.POST)
    outcome = check(values)
    return render(
        request, "rulings/_editor_builder.html", {"builder": builder_context(request.POST, outcome.result)}
    )


@require_GET
def editor_cards(request: HttpRequest) -> HttpResponse:
    """`<option>`s of card names for the editor's datalist, matching what was typed so far."""
    query = request.GET.get("q")
    if query is None:  # an htmx request from a card input sends that input's own value
        query = next(iter(request.GET.values()), "")
    cards = Card.objects.all()
    if query := query.strip():
        cards = cards.filter(name__icontains=query)
    names = list(cards.values_list("name", flat=True)[:DATALIST_LIMIT])
    return render(request, "rulings/_editor_card_options.html", {"card_names": names})


# --------------------------------------------------------------------------- compare
def _digest(step: dict[str, Any] | None) -> tuple:
    if step is None:
        return ()
    codes = tuple(e.get("code") for e in step.get("explanations") or [])
    return (step.get("summary"), step.get("accepted"), codes)


@require_GET
def compare(request: HttpRequest, a: str, b: str) -> HttpResponse:
    """Two replays side by side: both verdicts, both final boards, and the steps that differ."""
    sides = []
    for slug in (a, b):
        scenario = get_object_or_404(Scenario, slug=slug)
        try:
            result = replay_text(scenario.text, scenario.fmt)
        except ScenarioRejected as rejected:
            return render(
                request, "rulings/editor_compare.html", {"errors": rejected.errors, "slug": slug}, status=400
            )
        sides.append({"scenario": scenario, "result": result})
    steps_a = sides[0]["result"].get("steps") or []
    steps_b = sides[1]["result"].get("steps") or []
    rows = []
    first_difference = None
    for i in range(max(len(steps_a), len(steps_b))):
        sa = steps_a[i] if i < len(steps_a) else None
        sb = steps_b[i] if i < len(steps_b) else None
        outcome_differs = _digest(sa) != _digest(sb)
        board_differs = (sa or {}).get("board") != (sb or {}).get("board")
        differs = outcome_differs or board_differs
        if differs and first_difference is None:
            first_difference = i + 1
        rows.append({"n": i + 1, "a": sa, "b": sb, "differs": differs, "outcome_differs": outcome_differs,
                     "board_differs": board_differs and not outcome_differs})  # fmt: skip
    for side in sides:
        result = side["result"]
        side["title"] = result.get("title") or "Untitled scenario"
        side["verdict"] = result_text(result.get("result"))
        side["board"] = board_view(result.get("final_board") or {})
        side["steps"] = len(result.get("steps") or [])
        players = (result.get("final_board") or {}).get("players") or {}
        side["lp"] = " · ".join(f"{p} {players[p].get('lp')}" for p in PLAYERS if p in players)
    context = {"a": sides[0], "b": sides[1], "rows": rows, "first_difference": first_difference,
               "differences": sum(1 for r in rows if r["differs"])}  # fmt: skip
    return render(request, "rulings/editor_compare.html", context)
