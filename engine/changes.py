"""A step's board as what changed since the step before (`boards=changes`): an RFC 6902 JSON Patch.

Why JSON Patch and not a JSON Merge Patch (RFC 7386): in a merge patch `null` means "remove this
key", but a board has keys whose value is `null` (`step` outside the Battle Phase, a player's
`field_spell` when the Field Zone is empty), so a merge patch could not say "`step` is now null".
A JSON Patch can, and any JSON Patch library applies it with no knowledge of the engine.

The form, as the README states it for readers:

- `changes` is a list of operations applied in order to the board of the step before; the
  result is this step's board, exactly (the same as `boards=every` would give).
- Only three operations occur: `replace` (`path`, `value`), `add` (`path`, `value`; a path
  ending in `/-` appends to a list) and `remove` (`path`). Paths are JSON Pointers into the board:
  `/phase`, `/players/A/lp`, `/players/B/graveyard/3`, `/players/A/deck/cards/0`,
  `/players/A/monsters/0/attacked_this_turn` (a card that stayed where it was: only what changed
  on it)...
- An unchanged board gives `[]`.
- In-process (not through JSON), the values are shared with other steps' boards: apply the patch
  to a copy (`jsonpatch.apply_patch` copies unless told `in_place=True`).

How it stays cheap: the board is compared part by part (the turn fields, then each player's
fields and piles), never as a whole; a part the state shared between the two boards is the same
object in both dicts (`serialize.BoardWriter` reuses them), so it is skipped by identity. A list
that changed at one end or in one run (a card drawn, one sent to the GY) becomes a few `add` and
`remove` operations; a list that changed all over is replaced whole.
"""

from __future__ import annotations

from typing import Any

TURN_FIELDS = ("turn", "turn_player", "phase", "step")


def board_changes(old: dict[str, Any], new: dict[str, Any]) -> list[dict[str, Any]]:
    """The JSON Patch that turns board dict `old` into `new` (both as `serialize` writes them)."""
    ops: list[dict[str, Any]] = []
    for key in TURN_FIELDS:
        if old[key] != new[key]:
            ops.append({"op": "replace", "path": f"/{key}", "value": new[key]})
    _optional(ops, "", old, new, exclude=("players", *TURN_FIELDS))
    for name, mine in new["players"].items():
        before = old["players"][name]
        if before is mine:
            continue
        _optional(ops, f"/players/{name}", before, mine)
    return ops


def _optional(ops: list[dict[str, Any]], path: str, old: dict[str, Any], new: dict[str, Any],
              exclude: tuple[str, ...] = ()) -> None:  # fmt: skip
    """The keys of a mapping: changed ones compared part by part; the ones written only when they
    hold something (a fork's `lasting`, a player's `summons_this_turn`) added or removed."""
    for key, value in new.items():
        if key in exclude:
            continue
        if key not in old:
            ops.append({"op": "add", "path": f"{path}/{key}", "value": value})
            continue
        was = old[key]
        if was is not value and was != value:
            _part(ops, f"{path}/{key}", was, value)
    ops += [{"op": "remove", "path": f"{path}/{key}"} for key in old if key not in new and key not in exclude]


def _part(ops: list[dict[str, Any]], path: str, old: Any, new: Any) -> None:
    if old is new or old == new:
        return
    if isinstance(old, list) and isinstance(new, list):
        _list(ops, path, old, new)
    elif isinstance(old, dict) and isinstance(new, dict) and old.keys() == new.keys() and "cards" in new:
        for key, value in new.items():  # a Deck with known cards: {cards, unknown}
            _part(ops, f"{path}/{key}", old[key], value)
    else:
        ops.append({"op": "replace", "path": path, "value": new})


def _list(ops: list[dict[str, Any]], path: str, old: list, new: list) -> None:
    """Keep the common start and end; the run between them is replaced item by item, then the
    extra items removed or added. A list changed all over is replaced whole (shorter)."""
    start, shortest = 0, min(len(old), len(new))
    while start < shortest and (old[start] is new[start] or old[start] == new[start]):
        start += 1
    end = 0
    while end < shortest - start and (old[-1 - end] is new[-1 - end] or old[-1 - end] == new[-1 - end]):
        end += 1
    gone, came = old[start : len(old) - end], new[start : len(new) - end]
    out: list[dict[str, Any]] = []
    for i, (was, value) in enumerate(zip(gone, came, strict=False)):
        if was is value or was == value:
            continue
        if (
            isinstance(was, dict)
            and isinstance(value, dict)
            and "id" in value
            and was.get("id") == value["id"]
        ):
            _optional(out, f"{path}/{start + i}", was, value)  # the same card: only what changed on it
        else:
            out.append({"op": "replace", "path": f"{path}/{start + i}", "value": value})
    at = start + min(len(gone), len(came))
    out += [{"op": "remove", "path": f"{path}/{at}"} for _ in range(len(gone) - len(came))]
    for i, value in enumerate(came[len(gone) :]):
        index = "-" if end == 0 else str(at + i)
        out.append({"op": "add", "path": f"{path}/{index}", "value": value})
    if len(out) > 1 and len(out) * 2 > len(new):
        out = [{"op": "replace", "path": path, "value": new}]
    ops += out
