"""The action builder and the action list: a player and a verb, then the cards that verb needs,
picked from the board at that point of the replay, with the engine's "legal now" first; and for
each action line, the steps the engine made of it."""

import re
from typing import Any

from django.http import QueryDict

from engine.document import VERBS, WINDOWS
from engine.explain import CHOICE_WORDS, COST_WORDS, EFFECT_KIND_WORDS, SUMMON_WORDS, moment_words
from engine.rules import stated
from engine.state import PHASE_NAMES
from rulings.cards.models import Card
from rulings.workspace.document import PLAYERS, ZONES, action_rows, number, parse_action
from rulings.workspace.effects import (
    CARD_COSTS,
    chosen_effect,
    cost_fields,
    definition,
    effect_choices,
    target_count,
    target_zones,
)
from rulings.workspace.sentences import Words, card_names, sentence

# The action builder: which inputs each verb takes (see the spec's table of actions).
VERB_FIELDS: dict[str, tuple[str, ...]] = {
    "activate": ("card", "effect", "targets", "cost", "choices", "responds_to", "resolution", "effect_kind"),
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
COST_KINDS = CARD_COSTS
CHOICE_KEYS = (
    "add", "summon", "destroy", "send", "banish", "return", "discard", "tribute",
    "materials", "attach", "detach", "target", "order",
)  # fmt: skip
METHODS = ("link", "xyz", "synchro", "fusion", "ritual", "pendulum", "procedure")
ACTION_PHASES = ("standby", "main1", "battle", "main2", "end")

# A judge-stated resolution (`resolution` on an activate action): rows of "what happened". The
# vocabulary is the engine's (engine.rules.stated); these are only its words on the page.
RESOLUTION_GROUPS = (
    ("cards", "Cards", tuple(stated.CARD_VERBS)),
    ("player", "Players", stated.PLAYER_VERBS),
    ("stat", "ATK", stated.STAT_VERBS),
    ("link", "Chain Links", stated.LINK_VERBS),
)
RESOLUTION_KINDS = {verb: kind for kind, _, verbs in RESOLUTION_GROUPS for verb in verbs}
RESOLUTION_LABELS = {
    "destroy": "destroyed",
    "send_to_gy": "sent to the GY",
    "banish": "banished",
    "return_to_hand": "returned to the hand",
    "return_to_deck": "returned to the Deck",
    "add_to_hand": "added to the hand",
    "discard": "discarded",
    "special_summon": "Special Summoned",
    "flip_face_down": "flipped face-down",
    "flip_face_up": "flipped face-up",
    "take_control": "control taken",
    "damage": "takes damage",
    "gain_lp": "gains LP",
    "draw": "draws cards",
    "change_atk": "ATK changes until the end of the turn",
    "negate_activation": "activation negated",
    "negate_effect": "effect negated",
}
MAX_RESOLUTION_ROWS = 20
ROW_FIELDS = ("verb", "with", "cards", "player", "amount", "card", "link")


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


def action_list(
    values: dict[str, str], by_slot: dict[str, list], result: dict[str, Any] | None
) -> list[dict]:
    """Each action line of the form: its text, its sentence, its problems and its steps."""
    outcomes = action_outcomes(values, result)
    rows = action_rows(values)
    names = card_names((result or {}).get("final_board"))
    return [
        {
            "i": i,
            "n": n,
            "text": text,
            "sentence": sentence(parse_action(text), names),
            "errors": by_slot.get(f"action-{i}", []),
            "steps": outcomes.get(i, []),
            "first": n == 0,
            "last": n == len(rows) - 1,
        }  # fmt: skip
        for n, (i, text) in enumerate(rows)
    ]


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
            materials = []
            for material in (entry.get("materials") or []) if isinstance(entry, dict) else []:
                if isinstance(material, dict) and material.get("id"):
                    label = f"{material.get('card')} (material of {entry.get('card')})"
                    materials.append({"id": material["id"], "label": label, "card": material.get("card"),
                                      "location": "material"})  # fmt: skip
            if isinstance(entry, dict) and entry.get("id"):
                cards.append({"id": entry["id"], "label": _label(entry, location), "card": entry.get("card"),
                              "position": entry.get("position"), "location": location,
                              "materials": materials})  # fmt: skip
            cards += materials
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
            effect = str(item.get("effect") or "")
            if effect and item.get("mode"):  # one choice of an effect with choices: "effect.choice"
                effect += f".{item['mode']}"
            name = item.get("name") or ref
            return {"ref": str(ref), "name": str(name), "reason": str(reason), "effect": effect}
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


FOLD_ORDER = ("monsters", "spell_traps", "field_spell", "graveyard", "banished", "hand")  # monsters first
OWN_CARDS = ("hand", "monsters", "spell_traps", "field_spell", "graveyard", "banished")


def _words(pairs: Any, words: dict[str, str]) -> list[tuple[str, str]]:
    return [(key, words.get(key, key)) for key in pairs]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _monsters_first(board: dict[str, Any], player: str, foe: str, zones: tuple[str, ...]) -> list[dict]:
    """Both players' cards in these zones, the opponent's before the player's, monsters first."""
    return [g for zone in zones for p in (foe, player) for g in board_cards(board, p, (zone,))]


def _find(groups: list[dict], ref: str) -> dict[str, Any] | None:
    return next((c for g in groups for c in g["cards"] if c["id"] == ref), None) if ref else None


def _effect_context(
    values: QueryDict | dict[str, str], lists: dict[str, list[str]], board: dict[str, Any], player: str,
    can: list[dict[str, str]],
) -> dict[str, Any]:  # fmt: skip
    """The chosen card's effects, costs and targets as its card file says them (engine/cards),
    with the costs only one set of cards can pay filled in."""
    ref = str(values.get("b-card", "") or "")
    card = _find(board_cards(board, player, (*OWN_CARDS, "extra_deck", "deck")), ref)
    defn = definition(card["card"]) if card else None
    extra = [k for k in CARD_COSTS if lists.get(f"cost-{k}") or values.get("b-cost_kind") == k]
    out: dict[str, Any] = {"definition": defn is not None, "effects": [], "effect_number": None,
                           "target_hint": "", "targets_known": False, "target_note": ""}  # fmt: skip
    effect = None
    if defn is not None and card is not None:
        legal = next((c["effect"] for c in can if c["ref"] == ref), "")
        picked = chosen_effect(defn, str(values.get("b-effect", "") or ""), legal, card["location"])
        out["effects"] = [(c["number"], c["label"]) for c in effect_choices(defn)]
        if picked:
            out["effect_number"], effect = picked
    costs = cost_fields(effect, extra, card or {"id": "", "card": ""}, player,
                        lambda p, zones: board_cards(board, p, zones))  # fmt: skip
    for field in costs:
        chosen = [r for r in lists.get(f"cost-{field['key']}", []) if r]
        wanted = field["amount"]
        if "candidates" in field and not chosen and field["required"] and len(field["candidates"]) == wanted:
            chosen, field["forced"] = list(field["candidates"]), True  # only these can pay it
        field["chosen"] = chosen
        field["name"] = f"b-cost-{field['key']}"
        field["legend"] = f"{_capital(field['words'])} {field['count']} card(s)"
        field["hint"] = ("(only this can pay it: filled in)" if field.get("forced") else
                         "(its card file asks for it)" if field["required"] else "")  # fmt: skip
    out["costs"] = costs
    out["cost_kinds"] = [(k, COST_WORDS[k]) for k in CARD_COSTS if k not in {f["key"] for f in costs}]
    if effect is not None and effect.targets:
        out["targets_known"] = True
        out["target_hint"] = f"(choose {target_count(effect)})"
        out["target_groups"] = [
            g for p, zones in target_zones(effect, player) for g in board_cards(board, p, zones)
        ]
    elif effect is not None:
        out["target_note"] = f"{card['card'] if card else 'This effect'} targets nothing, says its card file."
    return out


def builder_context(
    values: QueryDict | dict[str, str], result: dict[str, Any] | None, problems: dict[str, list] | None = None
) -> dict[str, Any]:
    """The builder's choices, from the board after the last step of `result` (the replay so far,
    or up to the action being changed), and the problems found with what it built."""
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
    labels = {
        c["id"]: c["label"]
        for g in board_cards(board, player, (*OWN_CARDS, "extra_deck"))
        for c in g["cards"]
    }
    for entry in (*can, *cannot):  # a card by its name and place, never its id
        entry["label"] = labels.get(entry["ref"], entry["name"])
        entry["several"] = sum(1 for c in can if c["ref"] == entry["ref"]) > 1
    offered = {c["ref"] for c in can}  # offered first, with the engine's word; not twice
    for group in own:
        group["cards"] = [c for c in group["cards"] if c["id"] not in offered]
    own = [group for group in own if group["cards"]]
    chain = (last or {}).get("chain") or []
    problems = problems or {}
    res_rows = []
    for k, row in enumerate(resolution_rows(values)):
        kind = RESOLUTION_KINDS.get(row["verb"], "")
        zones = stated.CARD_VERBS[row["verb"]] if kind == "cards" else ("monsters",) if kind == "stat" else ()
        groups = [*board_cards(board, foe, zones), *board_cards(board, player, zones)]
        key = f"res-{k}"
        res_rows.append(row | {"k": k, "key": key, "kind": kind, "groups": groups,
                               "cards_name": f"b-{key}-cards", "problems": problems.get(key)})  # fmt: skip
    editing = values.get("b-edit", "")
    lists = {k[2:]: values.getlist(k) if isinstance(values, QueryDict) else _get_list(values, k)
             for k in values if k.startswith("b-")}  # fmt: skip
    foe_monsters = board_cards(board, foe, ("monsters",))
    effect = _effect_context(values, lists, board, player, can) if verb == "activate" else {}
    everywhere = _monsters_first(board, player, foe, FOLD_ORDER)
    words = Words(card_names(board), player)
    return {
        "editing": int(editing) if editing.isdigit() else None,
        "problems": problems,
        "res_rows": res_rows,
        "res_groups": [
            (label, [(verb, RESOLUTION_LABELS.get(verb, verb)) for verb in verbs])
            for _, label, verbs in RESOLUTION_GROUPS
        ],
        "result_ok": result is not None,
        "player": player,
        "verb": verb,
        "verbs": [(v, VERB_LABELS.get(v, v)) for v in VERBS],
        "fields": VERB_FIELDS.get(verb, ()),
        "values": {k[2:]: values.get(k, "") for k in values if k.startswith("b-")},
        "lists": lists,
        "card_groups": own,
        "legal_can": can,
        "legal_cannot": cannot,
        "effect": effect,
        "own_monsters": board_cards(board, player, ("monsters",)),
        "foe_monsters": foe_monsters,
        "direct_first": not any(g["cards"] for g in foe_monsters),  # a direct attack looks legal
        "target_groups": effect.get("target_groups") or everywhere,
        "other_target_groups": everywhere if effect.get("target_groups") else [],
        "choice_groups": [
            *board_cards(board, player, ("deck", "hand", "graveyard", "banished", "extra_deck", "monsters")),
            *board_cards(board, foe, ("monsters", "spell_traps", "field_spell", "graveyard", "hand")),
        ],
        "chain_links": [
            {"ref": f"link:{c['link']}", "label": f"Chain Link {c['link']}: {words.card(c['card'])}"}
            for c in chain
        ],
        "windows": [(w, _capital(moment_words(w))) for w in WINDOWS],
        "phases": [(p, PHASE_NAMES.get(p, p)) for p in ACTION_PHASES],
        "choice_keys": _words(CHOICE_KEYS, CHOICE_WORDS),
        "effect_kinds": [(k, EFFECT_KIND_WORDS[k]) for k in EFFECT_KIND_WORDS],
        "methods": _words(METHODS, SUMMON_WORDS),
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
    mode = None
    if "effect" in wanted:
        raw = data.get("b-effect", "").strip()
        if re.fullmatch(r"\d{1,6}\.\d{1,6}", raw):  # one choice of an effect with choices
            raw, mode = raw.split(".")[0], int(raw.split(".")[1])
        if (effect := number(raw)) is not None:
            action["effect"] = effect
    if "effect_kind" in wanted and (kind := data.get("b-effect_kind", "").strip()) in EFFECT_KIND_WORDS:
        action["effect_kind"] = kind  # a facts-only monster's effect: its kind, stated
    if "zone" in wanted and (zone := number(data.get("b-zone", ""))) is not None:
        action["zone"] = zone
    if "phase" in wanted and (to := data.get("b-phase", "").strip()):
        action["to"] = to
    if "to" in wanted and (to := data.get("b-to", "").strip()):
        action["to"] = to
    for key in ("targets", "tributes", "materials"):
        if key in wanted and (chosen := refs(key)):
            action[key] = chosen
    if "cost" in wanted:
        cost: dict[str, Any] = {kind: chosen for kind in COST_KINDS if (chosen := refs(f"cost-{kind}"))}
        if (pay := number(data.get("b-pay_lp", ""))) is not None:
            cost["pay_lp"] = pay
        if cost:
            action["cost"] = cost
    if "choices" in wanted:
        key = "discard" if verb == "end_turn" else data.get("b-choice_key", "")
        if key in CHOICE_KEYS and (chosen := refs("choices")):
            action["choices"] = {key: chosen}
    if mode is not None:
        action["choices"] = {"mode": mode, **action.get("choices", {})}
    if "resolution" in wanted and (entries := built_resolution(resolution_rows(data))[0]):
        action["resolution"] = entries
    if (at := data.get("b-at", "")) in WINDOWS:
        action["at"] = at
    return action


# --------------------------------------------------------------------------- stated resolution
def _get_list(data: QueryDict | dict[str, Any], key: str) -> list[str]:
    if isinstance(data, QueryDict):
        return data.getlist(key)
    value = data.get(key)
    return [str(v) for v in value] if isinstance(value, list) else [value] if value else []


def resolution_rows(data: QueryDict | dict[str, Any]) -> list[dict[str, Any]]:
    """The builder's rows of "what happened", as the fields give them."""
    count = number(str(data.get("b-res-rows", "") or ""))
    count = min(count, MAX_RESOLUTION_ROWS) if isinstance(count, int) and count > 0 else 0
    rows = []
    for k in range(count):
        row: dict[str, Any] = {f: str(data.get(f"b-res-{k}-{f}", "") or "").strip() for f in ROW_FIELDS}
        row["cards"] = [r for r in _get_list(data, f"b-res-{k}-cards") if r]
        rows.append(row)
    return rows


def _row_value(row: dict[str, Any]) -> Any:
    kind = RESOLUTION_KINDS[row["verb"]]
    if kind == "cards":
        return list(row["cards"])
    if kind == "link":
        return row["link"]
    key = (row["player"] or "B") if kind == "player" else row["card"]
    return {key: number(row["amount"])} if key else {}


def built_resolution(rows: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], dict[tuple[int, str], int]]:
    """The `resolution` entries the rows state, and which row each (entry, verb) came from.

    A row ticked "at the same time" joins the entry of the row before (same verb: its cards or
    players are added to that part); any other row is a new entry, after the one before.
    """
    entries: list[dict[str, Any]] = []
    where: dict[tuple[int, str], int] = {}
    for k, row in enumerate(rows):
        verb = row["verb"]
        if verb not in RESOLUTION_KINDS:
            continue
        value = _row_value(row)
        entry = entries[-1] if row["with"] and entries else None
        if entry is not None and verb in entry:
            if isinstance(value, list) and isinstance(entry[verb], list):
                entry[verb] = [*entry[verb], *value]
            elif isinstance(value, dict) and isinstance(entry[verb], dict):
                entry[verb] = {**entry[verb], **value}
            else:  # two Chain Links cannot share one part: the second is a part of its own
                entry = None
        elif entry is not None:
            entry[verb] = value
        if entry is None:
            entries.append({verb: value})
        where.setdefault((len(entries) - 1, verb), k)
        where.setdefault((len(entries) - 1, ""), k)
    return entries, where


def _as_list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else [] if value in (None, "") else [value]


def rows_of(resolution: Any) -> list[dict[str, Any]] | None:
    """A document's `resolution` as builder rows; None where the rows cannot say it."""
    if not isinstance(resolution, list):
        return None
    rows: list[dict[str, Any]] = []
    for entry in resolution:
        if not isinstance(entry, dict) or not entry:
            return None
        first = True
        for verb, value in entry.items():
            kind = RESOLUTION_KINDS.get(verb)
            base = {f: "" for f in ROW_FIELDS} | {"verb": verb, "cards": []}
            if kind == "cards":
                parts = [{"cards": [str(r) for r in _as_list(value)]}]
            elif kind == "link" and isinstance(value, str):
                parts = [{"link": value}]
            elif kind in ("player", "stat") and isinstance(value, dict) and value:
                key = "player" if kind == "player" else "card"
                parts = [{key: str(who), "amount": str(amount)} for who, amount in value.items()]
            else:
                return None
            for part in parts:
                rows.append(base | part | {"with": "" if first else "on"})
                first = False
    return rows


def _normal(action: dict[str, Any]) -> dict[str, Any]:
    """An action with its one-or-many fields as lists, the way the builder writes them."""
    out = dict(action)
    for key in ("targets", "tributes", "materials"):
        if key in out:
            out[key] = _as_list(out[key])
    if isinstance(out.get("cost"), dict):
        out["cost"] = {k: v if k == "pay_lp" else _as_list(v) for k, v in out["cost"].items()}
    if isinstance(out.get("choices"), dict):
        out["choices"] = {k: _as_list(v) for k, v in out["choices"].items()}
    if isinstance(out.get("resolution"), list):
        out["resolution"] = [
            {v: _as_list(x) if RESOLUTION_KINDS.get(v) == "cards" else x for v, x in e.items()}
            if isinstance(e, dict) else e
            for e in out["resolution"]
        ]  # fmt: skip
    return out


def builder_data(action: Any, index: int) -> QueryDict | None:
    """The builder's fields for an action of the list (to change it there): None where the
    builder cannot show all of it, so that nothing is lost by editing it there."""
    if not isinstance(action, dict) or action.get("do") not in VERBS:
        return None
    verb = action["do"]
    data = QueryDict(mutable=True)
    data["b-do"], data["b-edit"] = verb, str(index)
    for key in ("player", "card", "attacker", "target", "responds_to", "position", "method", "effect",
                "effect_kind", "zone", "at"):  # fmt: skip
        if key in action:
            data[f"b-{key}"] = str(action[key])
    if "to" in action:
        data["b-phase" if verb == "phase" else "b-to"] = str(action["to"])
    for key in ("targets", "tributes", "materials"):
        data.setlist(f"b-{key}", [str(r) for r in _as_list(action.get(key))])
    cost = action.get("cost") if isinstance(action.get("cost"), dict) else {}
    for kind in COST_KINDS:
        if kind in cost:
            data.setlist(f"b-cost-{kind}", [str(r) for r in _as_list(cost[kind])])
    if "pay_lp" in cost:
        data["b-pay_lp"] = str(cost["pay_lp"])
    choices = action.get("choices") if isinstance(action.get("choices"), dict) else {}
    if choices:
        key = next(iter(choices))
        data["b-choice_key"] = key
        data.setlist("b-choices", [str(r) for r in _as_list(choices[key])])
    if "resolution" in action:
        rows = rows_of(action["resolution"]) or []
        data["b-res-rows"] = str(len(rows))
        for k, row in enumerate(rows):
            for f in ROW_FIELDS:
                if f == "cards":
                    data.setlist(f"b-res-{k}-cards", row["cards"])
                elif row[f]:
                    data[f"b-res-{k}-{f}"] = row[f]
    return data if built_action(data) == _normal(action) else None


def resolution_op(name: str, arg: str, data: QueryDict) -> tuple[QueryDict, str]:
    """Add a row of "what happened" (`res-add`) or remove row `arg` (`res-delete`); returns the
    builder's fields and the field to focus."""
    data = data.copy()
    rows = resolution_rows(data)
    for key in [k for k in data if k.startswith("b-res-")]:
        del data[key]
    if name == "res-add" and len(rows) < MAX_RESOLUTION_ROWS:
        rows.append({f: "" for f in ROW_FIELDS} | {"cards": []})
        focus = f"b-res-{len(rows) - 1}-verb"
    elif name == "res-delete" and arg.isdigit() and int(arg) < len(rows):
        del rows[int(arg)]
        focus = f"op-res-delete-{min(int(arg), len(rows) - 1)}" if rows else "op-res-add"
    else:
        focus = "op-res-add"
    data["b-res-rows"] = str(len(rows))
    for k, row in enumerate(rows):
        data.setlist(f"b-res-{k}-cards", row["cards"])
        for f in ROW_FIELDS[:2] + ROW_FIELDS[3:]:
            data[f"b-res-{k}-{f}"] = row[f]
    return data, focus


def unfinished_rows(data: QueryDict | dict[str, Any]) -> dict[str, list[str]]:
    """Rows of "what happened" left half filled in, said in the builder's words (the engine
    would only see an empty list or a missing number)."""
    out: dict[str, list[str]] = {}
    for k, row in enumerate(resolution_rows(data)):
        kind = RESOLUTION_KINDS.get(row["verb"], "")
        if not kind:
            message = "choose what happened, or remove this row"
        elif kind == "cards" and not row["cards"]:
            message = "choose the cards it happened to"
        elif kind == "stat" and not row["card"]:
            message = "choose the monster whose ATK changes"
        elif kind == "link" and not row["link"]:
            message = "choose the Chain Link"
        elif kind in ("player", "stat") and not row["amount"]:
            message = "give the amount" if row["verb"] != "draw" else "give the number of cards"
        else:
            continue
        out[f"res-{k}"] = [message]
    return out


# --------------------------------------------------------------------------- problems in place
PROBLEM_FIELDS = ("player", "do", "card", "effect", "effect_kind", "targets", "responds_to", "tributes",
                  "method", "materials", "zone", "position", "attacker", "target", "at",
                  "choices")  # fmt: skip


def builder_problems(
    errors: list[dict[str, str]], n: int, data: QueryDict | dict[str, Any]
) -> dict[str, list[str]]:
    """The engine's problems with action `n` (the one being added or changed), by builder field:
    `card`, `pay_lp`, `res-2` (a row of what happened), or `general`."""
    where = built_resolution(resolution_rows(data))[1]
    prefix = f"actions[{n}]"
    out: dict[str, list[str]] = {}
    for error in errors:
        path = error.get("path", "")
        if path != prefix and not path.startswith((f"{prefix}.", f"{prefix}[")):
            continue
        rest = path[len(prefix) :].lstrip(".")
        if match := re.match(r"resolution\[(\d+)\](?:\.([a-z_]+))?", rest):
            k = where.get((int(match[1]), match[2] or ""), where.get((int(match[1]), "")))
            key = "resolution" if k is None else f"res-{k}"
        elif rest.startswith("cost"):
            key = "pay_lp" if rest.startswith("cost.pay_lp") else "cost"
        elif rest == "to" or rest.startswith("to."):
            key = "phase" if data.get("b-do") == "phase" else "to"
        else:
            head = re.match(r"[a-z_]*", rest)[0]
            key = head if head in (*PROBLEM_FIELDS, "resolution") else "general"
        out.setdefault(key, []).append(error.get("message", ""))
    return out
