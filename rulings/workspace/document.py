"""The board editor's form and the scenario document: each way, and the engine's problems back to
the fields they came from.

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
from django.http import Http404

from engine import yamlio
from engine.limits import LIMITS, check_depth
from rulings.replays.display import EMZ_ZONES, PLAYERS, ZONES
from rulings.replays.display import PILES as SHOWN_PILES
from rulings.replays.models import Scenario
from rulings.replays.scenarios import ErrorList, ScenarioRejected, replay_text
from rulings.saved.store import MAX_TITLE
from rulings.workspace.zones import zone_checks

FORMAT = "ygo-scenario/1"
EMZ = EMZ_ZONES
# Piles drawn as lists of card-name inputs (the viewer's, and the Deck's listed cards, which also
# has a count of unknown cards).
PILES = (*SHOWN_PILES, ("deck", "Deck"))
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
MAX_ACTIONS = LIMITS.actions + 1  # one more than the limit: the engine refuses it by name, no row is cut
DATALIST_LIMIT = 60


# --------------------------------------------------------------------------- small helpers
def _text(value: Any) -> str:
    """A document value as the text a field shows ("" for nothing)."""
    if value is None or value is False:
        return ""
    if value is True:
        return "on"
    return str(value)


def number(raw: str) -> int | str | None:
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
        value = _read_yaml("{" + raw + "}")
    except (yaml.YAMLError, ValueError):
        return raw
    return value if isinstance(value, dict) else raw


def _entry_name(entry: Any) -> str:
    if isinstance(entry, dict):
        return _text(entry.get("card"))
    return _text(entry)


def _read_yaml(text: str) -> Any:
    """Typed YAML within the engine's limits: yaml.YAMLError for an alias or nesting past the
    depth limit as for bad YAML (ValueError for a number too long to read)."""
    return yamlio.load_document(text, LIMITS.depth)


def _json(raw: str | None, default: Any) -> Any:
    try:
        value = json.loads(raw or "")
        check_depth(value)
    except (ValueError, RecursionError):  # DocumentError (too deep) is a ValueError too
        return default
    return value if isinstance(value, type(default)) else default


def action_line(action: Any) -> str:
    """One action as a line of YAML, the way the action list shows and edits it."""
    if not isinstance(action, dict):
        return _text(action)
    action = {**{k: action[k] for k in ("player", "do") if k in action}, **action}  # who, what, then how
    return yamlio.dump(
        action, default_flow_style=True, sort_keys=False, allow_unicode=True, width=10_000
    ).strip()


def dump_document(doc: dict[str, Any]) -> str:
    """The document as YAML: the same form always gives the same text (and the same slug)."""
    return yamlio.dump(doc, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100)


def indices(data: dict[str, str], prefix: str) -> list[int]:
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
    problems: ErrorList = field(default_factory=list)  # the form's own: what no document path holds

    def text(self) -> str:
        return dump_document(self.doc)


def _keep(data: dict[str, str], name_field: str, name: str) -> dict[str, Any]:
    """Attributes the fields do not show (an id in a pile, an Extra Deck card's face, materials
    with ids, attributes the editor has no field for yet), kept from the loaded document while
    the slot still holds the same card."""
    keep = _json(data.get(f"{name_field}-keep"), {})
    if str(keep.pop("card", "")).lower() != name.lower():
        return {}
    return keep


def _unshown(entry: dict[str, Any], shown: tuple[str, ...]) -> dict[str, Any]:
    """The attributes of a zone's entry that have no field of their own in the zone."""
    return {k: v for k, v in entry.items() if k not in shown and k != "zone"}


def _pile(data: dict[str, str], player: str, pile: str, path: str, built: Built, slot: str) -> list[Any]:
    out: list[Any] = []
    for i in indices(data, f"{player}-{pile}-"):
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
    keep = _keep(data, f"{prefix}-card", name)
    kept = keep.get("materials")
    if kept and ", ".join(_entry_name(m) for m in kept) == ", ".join(_names(materials_text)):
        monster["materials"] = kept
    elif materials := _names(materials_text):
        monster["materials"] = materials
    if (counters := _counters(data.get(f"{prefix}-counters", ""))) is not None:
        monster["counters"] = counters
    for stat in ("atk", "def"):
        if (value := number(data.get(f"{prefix}-{stat}", ""))) is not None:
            monster[stat] = value
    if card_id := data.get(f"{prefix}-id", "").strip():
        monster["id"] = card_id
    return monster | _unshown(keep, MONSTER_ATTRS)


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
    return entry | _unshown(_keep(data, f"{prefix}-card", name), ST_ATTRS if zone else FIELD_ZONE_ATTRS)


def _player(data: dict[str, str], p: str, built: Built) -> dict[str, Any]:
    base = f"board.players.{p}"
    slot = f"{p}-player"
    out: dict[str, Any] = {}
    built.where[base] = (slot, f"{p}-lp", ())
    if (lp := number(data.get(f"{p}-lp", ""))) is not None:
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
            unknown = number(data.get(f"{p}-deck-unknown", ""))
            built.where[f"{base}.deck.shuffled"] = (pile_slot, f"{p}-deck-shuffled", ())
            if listed:
                out["deck"] = {"cards": listed, "unknown": 0 if unknown is None else unknown}
                if data.get(f"{p}-deck-shuffled"):  # the listed cards' order is not known
                    out["deck"]["shuffled"] = True
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
    rows = [(i, data.get(f"action-{i}", "").strip()) for i in indices(data, "action-")]
    return [(i, text) for i, text in rows if text][:MAX_ACTIONS]


def parse_action(text: str) -> Any:
    """An action line as YAML; a line that is not YAML goes to the engine as text to reject."""
    try:
        return _read_yaml(text if text.lstrip().startswith("{") else "{" + text + "}")
    except (yaml.YAMLError, ValueError):
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
            board[key] = number(value) if key == "turn" else value
        built.where[f"board.{key}"] = ("board", key, ())
    board["players"] = {p: _player(data, p, built) for p in PLAYERS}
    doc["board"] = board
    for zone, label in EMZ:
        built.where[f"board.{zone}"] = (zone, f"{zone}-owner", ())
        if data.get(f"{zone}-card", "").strip() and data.get(f"{zone}-owner") not in PLAYERS:
            message = f"a card is in the {label}: choose whose monster it is (Player A's or Player B's)"
            built.problems.append({"path": f"board.{zone}", "message": message})
    if len(title) > MAX_TITLE:
        message = f"the title has {len(title)} characters; a saved ruling's title has at most {MAX_TITLE}"
        built.problems.append({"path": "title", "message": message})
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
    keep = _unshown(m, MONSTER_ATTRS)
    if any(isinstance(x, dict) and set(x) - {"card"} for x in materials):
        keep["materials"] = materials
    if keep:
        values[f"{prefix}-card-keep"] = json.dumps({"card": _entry_name(m), **keep})
    values[f"{prefix}-counters"] = _counters_text(m.get("counters"))
    values[f"{prefix}-atk"] = _text(m.get("atk"))
    values[f"{prefix}-def"] = _text(m.get("def"))
    values[f"{prefix}-id"] = _text(m.get("id"))


def _spell_trap_values(
    values: dict[str, str], prefix: str, s: Any, shown: tuple[str, ...] = ST_ATTRS
) -> None:
    s = s if isinstance(s, dict) else {"card": _text(s)}
    if keep := _unshown(s, shown):
        values[f"{prefix}-card-keep"] = json.dumps({"card": _entry_name(s), **keep})
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


def _as_entry(entry: Any) -> dict[str, Any]:
    return dict(entry) if isinstance(entry, dict) else {"card": _text(entry)}


def _entries(player: dict[str, Any]) -> dict[str, Any]:
    """A copy of a player's part of the board with every card an entry of its own (a mapping),
    so that ids can be written into it without touching the document."""
    out = dict(player)
    for pile in ("hand", "graveyard", "banished", "extra_deck", "spell_traps"):
        out[pile] = [_as_entry(e) for e in player.get(pile) or []]
    out["monsters"] = []
    for m in player.get("monsters") or []:
        m = _as_entry(m)
        if isinstance(m.get("materials"), list):
            m["materials"] = [_as_entry(x) for x in m["materials"]]
        out["monsters"].append(m)
    if player.get("field_spell"):
        out["field_spell"] = _as_entry(player["field_spell"])
    deck = player.get("deck")
    if isinstance(deck, list):
        out["deck"] = {"cards": [_as_entry(e) for e in deck], "unknown": 0}
    elif isinstance(deck, dict):
        out["deck"] = {**deck, "cards": [_as_entry(e) for e in deck.get("cards") or []]}
    return out


def _in_id_order(player: dict[str, Any], monsters: list[dict], spell_traps: list[dict]) -> list[dict]:
    """A player's cards in the order the engine numbers them (`A:Name#2`): hand, each monster
    followed by its Xyz materials, Spells/Traps, Field Spell, GY, banished, Extra Deck, Deck."""
    out = [*player["hand"]]
    for m in monsters:
        out += [m, *(m.get("materials") or [])]
    out += [*spell_traps, *([player["field_spell"]] if player.get("field_spell") else [])]
    deck = player.get("deck")
    return out + [*player["graveyard"], *player["banished"], *player["extra_deck"],
                  *(deck.get("cards") or [] if isinstance(deck, dict) else [])]  # fmt: skip


def _default_ids(p: str, entries: list[dict], canon: dict[str, str]) -> dict[int, str]:
    """The id the engine gives each entry without one, by the entry's identity."""
    counts: dict[str, int] = {}
    ids = {}
    for entry in entries:
        if entry.get("id"):
            continue
        name = _entry_name(entry).strip()
        name = canon.get(name.lower(), name)
        counts[name] = counts.get(name, 0) + 1
        ids[id(entry)] = f"{p}:{name}" + (f"#{counts[name]}" if counts[name] > 1 else "")
    return ids


def _pin_ids(p: str, doc_order: list[dict], form_order: list[dict], canon: dict[str, str]) -> None:
    """The editor writes zones in zone order, which can differ from the document's: where that
    would change a card's id (two Dust Tornados listed zone 2 first), every card of that name
    keeps the id the document gave it, written out."""
    want, got = _default_ids(p, doc_order, canon), _default_ids(p, form_order, canon)
    moved = {_entry_name(e).strip().lower() for e in doc_order if want.get(id(e)) != got.get(id(e))}
    for entry in doc_order:
        if id(entry) in want and _entry_name(entry).strip().lower() in moved:
            entry["id"] = want[id(entry)]


def _canonical_names(doc: dict[str, Any]) -> dict[str, str]:
    """Card names as the engine writes them in ids, by lower-case name."""
    from engine.catalog import load_catalog

    names = {key: card.name for key, card in load_catalog().items()}
    for card in doc.get("cards") or []:
        if isinstance(card, dict) and card.get("name"):
            names[str(card["name"]).lower()] = str(card["name"])
    return names


def form_values(doc: dict[str, Any]) -> dict[str, str]:
    """The editor's fields for a document (the inverse of `build_document`)."""
    values: dict[str, str] = {"title": _text(doc.get("title"))}
    extra = {k: v for k, v in doc.items() if k not in ("format", "title", "board", "actions")}
    values["doc-extra"] = json.dumps(extra) if extra else ""
    board = doc.get("board") if isinstance(doc.get("board"), dict) else {}
    for key in ("turn", "turn_player", "phase", "step"):
        values[key] = _text(board.get(key))
    players = board.get("players") if isinstance(board.get("players"), dict) else {}
    canon = _canonical_names(doc)
    for p in PLAYERS:
        player = _entries(players.get(p) if isinstance(players.get(p), dict) else {})
        main = [m for m in player["monsters"] if m.get("zone") not in dict(EMZ)]
        placed = _place(main, list(ZONES))
        emz = sorted((m for m in player["monsters"] if m.get("zone") in dict(EMZ)), key=lambda m: m["zone"])
        placed_st = _place(player["spell_traps"], list(ZONES))
        _pin_ids(p, _in_id_order(player, player["monsters"], player["spell_traps"]),
                 _in_id_order(player, [*(placed[z] for z in sorted(placed)), *emz],
                              [placed_st[z] for z in sorted(placed_st)]), canon)  # fmt: skip
        values[f"{p}-lp"] = _text(player.get("lp", 8000))
        values[f"{p}-normal_summon_used"] = "on" if player.get("normal_summon_used") else ""
        values[f"{p}-used_this_turn"] = ", ".join(_text(n) for n in player.get("used_this_turn") or [])
        for pile, _label in PILES:
            if pile == "deck":
                deck = player.get("deck", 0)
                if isinstance(deck, dict):
                    _pile_values(values, p, "deck", deck.get("cards") or [])
                    values[f"{p}-deck-unknown"] = _text(deck.get("unknown", 0))
                    values[f"{p}-deck-shuffled"] = "on" if deck.get("shuffled") is True else ""
                elif isinstance(deck, list):
                    _pile_values(values, p, "deck", deck)
                    values[f"{p}-deck-unknown"] = "0"
                else:
                    values[f"{p}-deck-unknown"] = _text(deck)
                continue
            _pile_values(values, p, pile, player.get(pile) or [])
        for zone, m in placed.items():
            _monster_values(values, f"{p}-m{zone}", m)
        for m in player["monsters"]:
            zone = m.get("zone")
            if zone in dict(EMZ) and not values.get(f"{zone}-card"):
                values[f"{zone}-owner"] = p
                _monster_values(values, zone, m)
        for zone, s in placed_st.items():
            _spell_trap_values(values, f"{p}-s{zone}", s)
        if player.get("field_spell"):
            _spell_trap_values(values, f"{p}-fz", player["field_spell"], FIELD_ZONE_ATTRS)
    for i, action in enumerate(doc.get("actions") or []):
        values[f"action-{i}"] = action_line(action)
    return values


def default_document() -> dict[str, Any]:
    """A blank duel: turn 2, A's Main Phase 1, 8000 LP and 30 unknown cards in each Deck."""
    players = {p: {"lp": 8000, "deck": 30} for p in PLAYERS}
    return {"format": FORMAT, "board": {"turn": 2, "turn_player": "A", "phase": "main1", "players": players}}


def read_document(text: str) -> dict[str, Any]:
    """A document's text as a mapping; a blank board for text that is not one."""
    try:
        doc = _read_yaml(text)
    except (yaml.YAMLError, ValueError):
        doc = None
    return doc if isinstance(doc, dict) else default_document()


def fork_document(scenario: Scenario, upto: int | None) -> dict[str, Any]:
    """A stored scenario's document; with `upto`, only the actions behind steps 1..upto.

    Raises Http404 for a step the replay does not have.
    """
    doc = _read_yaml(scenario.text) if scenario.fmt == "yaml" else json.loads(scenario.text)
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


# --------------------------------------------------------------------------- the replay so far
@dataclass
class Check:
    """What the engine says about the form: the document, its problems, or its replay."""

    built: Built
    text: str
    errors: ErrorList
    result: dict[str, Any] | None
    notes: ErrorList = field(default_factory=list)  # said next to their field; they stop nothing

    @property
    def by_slot(self) -> dict[str, list[dict[str, str]]]:
        out = errors_by_slot(self.errors, self.built)
        for slot, notes in errors_by_slot(self.notes, self.built).items():
            out.setdefault(slot, []).extend({**note, "note": "on"} for note in notes)
        return out


def check(values: dict[str, str]) -> Check:
    """The engine's check of the form's document, after the form's own (which stop a replay)."""
    built = build_document(values)
    text = built.text()
    problems, notes = zone_checks(built.doc)
    built.problems += problems
    try:
        result = replay_text(text, "yaml", legal="last")  # the builder offers what is legal after it
    except ScenarioRejected as rejected:
        return Check(built, text, [*built.problems, *rejected.errors], None, notes)
    if built.problems:
        return Check(built, text, built.problems, None, notes)
    return Check(built, text, [], result, notes)
