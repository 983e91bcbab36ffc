"""The board editor's mat: every zone and pile of both halves with its fields and the problems
the engine found there, shaped like `display.board_view` so one template draws both."""

from typing import Any

from rulings.workspace.document import (
    EMZ,
    EXTRA_PILE_SLOTS,
    FIELD_ZONE_ATTRS,
    MONSTER_ATTRS,
    PILES,
    PLAYERS,
    ST_ATTRS,
    ZONES,
    indices,
)


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
    filled = [i for i in indices(values, f"{key}-") if values.get(f"{key}-{i}", "").strip()]
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
            "unknown": values.get(f"{p}-deck-unknown", "") if pile == "deck" else None,
            "shuffled": bool(values.get(f"{p}-deck-shuffled")) if pile == "deck" else False}  # fmt: skip


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


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def part_summaries(mat: dict[str, Any], open_parts: set[str]) -> list[dict[str, Any]]:
    """The mat in three parts the editor folds away (B's half, the Extra Monster Zones, A's half),
    each with a line saying what it holds and how many problems it has, so a closed part still
    reads. A part is open when the judge left it open or it has a problem."""
    parts = []
    for key, side in (("B", mat["top"]), ("emz", None), ("A", mat["bottom"])):
        if side is None:
            cells = mat["emz"]
            piles: list[dict[str, Any]] = []
        else:
            cells = [*side["monsters"], *side["spell_traps"], side["field"]]
            piles = [side[p] for p in ("hand", "graveyard", "banished", "extra_deck", "deck")]
        on_field = [c["v"]["card"].strip() for c in cells if c["filled"]]
        said = [e for c in cells for e in c["errors"]] + [e for p in piles for e in p["errors"]]
        said += side["errors"] if side is not None else []
        problems = sum(1 for e in said if not e.get("note"))
        words = [f"{side['lp'] or '?'} LP"] if side is not None else []
        if on_field:
            words.append("on the field: " + ", ".join(on_field))
        elif side is not None:
            words.append("nothing on the field")
        else:
            words.append("empty")
        for pile in piles:
            if pile["pile"] == "deck":
                unknown = str(pile["unknown"] or "0")
                total = pile["count"] + (int(unknown) if unknown.isdigit() else 0)
                words.append(_count(total, "card") + " in the Deck")
            elif pile["count"]:
                words.append(f"{pile['label']} {pile['count']}")
        parts.append({"key": key, "title": f"Player {key}" if side is not None else "Extra Monster Zones",
                      "side": side, "summary": " · ".join(words), "problems": problems,
                      "open": key in open_parts or problems > 0})  # fmt: skip
    return parts
