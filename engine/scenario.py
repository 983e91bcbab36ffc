"""Reading a scenario document (`ygo-scenario/1`): shape, cards, ids and references.

Two passes, both collecting every problem before giving up: `engine.shapes` checks the shape
(unknown keys, wrong values), then `_Builder` checks what a schema cannot (card names, zones,
duplicate ids, references), and builds the first `Game`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import yaml

from engine import yamlio
from engine.cards import CardDef
from engine.catalog import load_catalog, parse_card
from engine.document import (
    FORMAT,
    ActionEntry,
    BoardEntry,
    CardEntry,
    MonsterEntry,
    PlayerEntry,
    ScenarioDoc,
    SpellTrapEntry,
)
from engine.errors import DocumentError, Problem
from engine.explain import JudgeNames
from engine.limits import LIMITS, Limits, capped, check_depth, exceeded, excerpt, listing
from engine.rules import continuous, stated
from engine.rules.pendulum import USED as PENDULUM_SUMMON_USED
from engine.shapes import Shape, ShapeError, read
from engine.state import (
    EMZ_BY_NAME,
    LASTING_EFFECTS,
    PLAYERS,
    Board,
    CardState,
    Game,
    Lasting,
    PlayerState,
    evolve,
    new_card,
)

FORK_SINCE = 1  # the moment a written board's lasting effects count their cards from
ZONE_REF = re.compile(r"^(A|B):(M[1-5]|EMZ-L|EMZ-R|S[1-5]|FZ)$", re.IGNORECASE)
COST_KEYS = {"discard", "tribute", "banish", "send_to_gy", "detach", "reveal", "pay_lp"}
CHOICE_VALUES = ("position", "zone", "coin", "declare", "mode", "die")  # choices that name no card
UNCONFIRMED_LABELS = {"level": "Level", "attribute": "Attribute", "monster_type": "Type",
                      "atk": "ATK", "def": "DEF"}  # fmt: skip


def _listing(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


@dataclass(frozen=True, slots=True)
class Scenario:
    """A document that passed every check: the first game state and the actions to replay."""

    title: str | None
    game: Game
    actions: tuple[ActionEntry, ...]
    # how a judge names the board's cards ("B's second Peten the Dark Clown"), grouped as the
    # document was read, in its order: no pass over the board's cards, no sort by rank
    names: JudgeNames


# --------------------------------------------------------------------------- text -> dict
def parse_document(text: str | bytes, fmt: str, limits: Limits = LIMITS) -> dict:
    """Read JSON or YAML text into a mapping; malformed text, or text over a limit (its size,
    its nesting, a YAML alias), is a DocumentError (`TooLarge` for the size)."""
    data = read_data(text, fmt, limits)
    if not isinstance(data, dict):
        raise DocumentError([Problem("", "expected a mapping with format, board and actions")])
    return data


def read_data(text: str | bytes, fmt: str, limits: Limits = LIMITS) -> Any:
    """JSON or YAML text from outside as plain data, within `limits` (size, nesting, no YAML
    alias); a DocumentError otherwise. What every reader of a judge's text goes through."""
    size = len(text) if isinstance(text, bytes) or text.isascii() else len(text.encode("utf-8"))
    if size > limits.body_bytes:
        raise exceeded("", "body_bytes", size, limits, "a scenario is a few kilobytes")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise DocumentError([Problem("", "expected UTF-8 text")]) from None
    try:
        data = json.loads(text) if fmt == "json" else yamlio.load_document(text, limits.depth)
    except json.JSONDecodeError as err:
        raise DocumentError(
            [Problem("", f"malformed JSON at line {err.lineno}, column {err.colno}: {err.msg}")]
        ) from None
    except RecursionError:  # the C decoder's own guard, far below what Python's stack holds
        raise exceeded("", "depth", limits.depth + 1, limits, "a scenario needs far fewer") from None
    except yamlio.Refused as err:
        raise DocumentError([Problem("", str(err))]) from None
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(err, "problem", None) or "not valid YAML"
        raise DocumentError([Problem("", f"malformed YAML{where}: {problem}")]) from None
    except ValueError as err:  # a number too long to read (Python reads at most 4,300 digits)
        raise DocumentError([Problem("", f"cannot read a value: {str(err)[:100]}")]) from None
    check_depth(data, limits)
    return data


# --------------------------------------------------------------------------- shape errors
def _path(loc: tuple) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part in ("function-before", "function-after") or str(part).startswith("function-"):
            continue
        else:
            out += ("." if out else "") + str(part)
    return out


def _message(err: dict) -> str:
    kind, ctx, got = err["type"], err.get("ctx", {}), err.get("input")
    if kind == "literal_error":
        expected = ctx.get("expected", "").replace("'", "")
        return f"expected {expected}; got {excerpt(got)}"
    if kind == "missing":
        return "required, but missing"
    if kind == "extra_forbidden":
        return "unknown field"
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return f"expected a whole number; got {excerpt(got)}"
    if kind in ("bool_type", "bool_parsing"):
        return f"expected true or false; got {excerpt(got)}"
    if kind in ("string_type",):
        return f"expected text; got {excerpt(got)}"
    if kind in ("list_type",):
        return f"expected a list; got {excerpt(got)}"
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return f"expected a mapping; got {excerpt(got)}"
    if kind == "greater_than_equal":
        return f"expected a number >= {ctx.get('ge')}; got {excerpt(got)}"
    if kind == "less_than_equal":
        return f"expected a number <= {ctx.get('le')}; got {excerpt(got)}"
    return f"{err['msg']}; got {excerpt(got)}"


def _shape_problems(err: ShapeError) -> list[Problem]:
    seen: set[tuple[str, str]] = set()
    out = []
    for e in err.errors():
        loc = tuple(p for p in e["loc"] if not (isinstance(p, str) and p in ("int", "str")))
        key = (_path(loc), _message(e))
        if key not in seen:
            seen.add(key)
            out.append(Problem(*key))
    return out


def _close(word: str, candidates: list[str], cutoff: float) -> list[str]:
    """The three candidates nearest `word` (a typo's hint); difflib is imported only for one."""
    import difflib

    return difflib.get_close_matches(word, candidates, n=3, cutoff=cutoff)


def _ids(known: set[str]) -> str:
    """The ids a reference could have named, or that there are none (never an empty "ids:")."""
    return f"ids: {listing(sorted(known))}" if known else "the board lists no cards, so no id exists yet"


# --------------------------------------------------------------------------- semantics
class _Builder:
    """Second pass: names, zones, ids and references, building the first board."""

    def __init__(self, doc: ScenarioDoc, board: BoardEntry, players: dict[str, PlayerEntry],
                 actions: list[tuple[int, ActionEntry]]):  # fmt: skip
        self.doc = doc
        self.board_entry = board
        self.player_entries = players
        self.actions = actions
        self.problems: list[Problem] = []
        self.catalog = dict(load_catalog())
        self.cards: dict[str, CardState] = {}
        self.defs: dict[str, CardDef] = {}
        self.counts: dict[str, int] = {}
        self.equip_refs: list[tuple[str, str]] = []  # (path, reference) of each equipped_to on the board
        self.unstated: set[str] = set()  # cards with unconfirmed printed values already reported
        self.stated_stats: dict[str, tuple[int | None, int | None]] = {}  # monsters' stated atk/def
        self.later_refs: list[tuple[str, str]] = []  # (path, reference) of the fork fields
        self.lowered: set[str] | None = None  # every id in lower case, once a reference needs it
        # the judge's names (explain.JudgeNames): (owner, name) -> ids in the document's order
        self.groups: dict[tuple[str, str], list[str]] = {}
        self.where: dict[str, tuple[str, str]] = {}

    def fail(self, path: str, message: str) -> None:
        self.problems.append(Problem(path, message))

    def custom_cards(self) -> None:
        """The document's own cards: whole definitions, or the printed values of a library card
        whose file leaves them unconfirmed, read off the card (engine.cards.PrintedStat)."""
        for i, data in enumerate(self.doc.cards):
            try:
                base = self.unconfirmed_base(data)
                if base is not None:
                    missing = [s for s in base.unconfirmed if s not in data]
                    if missing:
                        self.fail(f"cards[{i}]", f"{base.name}: state its "
                                  f"{_listing([UNCONFIRMED_LABELS[s] for s in missing])} too (the card "
                                  "library has none of the printed values it lacks)")  # fmt: skip
                        continue
                card = base.completed(data, f"cards[{i}]") if base else parse_card(data, f"cards[{i}]")
            except Exception as err:  # CatalogError: one line per field
                for line in str(err).splitlines():
                    where, _, msg = line.partition(": ")
                    field_path, _, rest = msg.partition(": ")
                    self.fail(f"{where}.{field_path}", rest or msg)
                continue
            self.catalog[card.name.lower()] = card

    def unconfirmed_base(self, data: object) -> CardDef | None:
        """The library card a `cards` entry completes: it names a card whose file leaves printed
        values unconfirmed and gives nothing but those values."""
        if not isinstance(data, dict):
            return None
        base = self.catalog.get(str(data.get("name", "")).strip().lower())
        if base is None or not base.unconfirmed or not set(data) - {"name"} <= set(base.unconfirmed):
            return None
        return base

    def lookup(self, name: str, path: str) -> CardDef | None:
        card = self.catalog.get(name.strip().lower())
        if card is None:
            names = [c.name for c in self.catalog.values()]
            close = _close(name, names, 0.5)
            hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
            self.fail(path, f"unknown card {excerpt(name)}{hint}")
        elif card.unconfirmed and card.name not in self.unstated:
            self.unstated.add(card.name)  # said once, where the card is first named
            wanted = ", ".join(f"{s}: <{UNCONFIRMED_LABELS[s]}>" for s in card.unconfirmed)
            self.fail(path, f"{card.name}: the card library does not have its printed "
                      f"{_listing([UNCONFIRMED_LABELS[s] for s in card.unconfirmed])} (no source "
                      "we could reach confirms them, and a guess would be a wrong ruling). Read "
                      f"them off the card and state them under cards: "
                      f"{{name: {card.name}, {wanted}}}")  # fmt: skip
        return card

    def new_id(self, owner: str, defn: CardDef, explicit: str | None, path: str) -> str:
        if explicit:
            card_id = explicit
        else:
            base = f"{owner}:{defn.name}"
            self.counts[base] = self.counts.get(base, 0) + 1
            n = self.counts[base]
            card_id = base if n == 1 else f"{base}#{n}"
        if card_id in self.cards:
            self.fail(path, f"id {excerpt(card_id)} is used twice")
        return card_id

    def place(self, owner: str, entry: Any, zone: str, path: str, controller: str | None = None,
              **state: Any) -> str | None:  # fmt: skip
        defn = self.lookup(entry.card, f"{path}.card")
        if defn is None:
            return None
        card_id = self.new_id(owner, defn, entry.id, f"{path}.id")
        if "token" in defn.subtypes:  # a Token stated on the board is one: it never goes to a pile
            state["token"] = True
        self.cards[card_id] = new_card(card_id, defn.name, owner, controller or owner, zone, **state)
        self.defs[card_id] = defn
        key = (owner, defn.name)
        self.groups.setdefault(key, []).append(card_id)
        self.where[card_id] = key
        return card_id

    def pile(self, owner: str, entries: list[CardEntry], zone: str, path: str) -> tuple[str, ...]:
        """A pile's cards, in order. A run of an entry read before in this pile (a bare name, most
        of a big Deck or GY: `_validate_entries` gives each the same entry) is not looked up
        again, and is made in one pass: each of its cards costs its id and its state."""
        ids: list[str] = []
        gy = zone in ("graveyard", "banished")
        # by the entry's id(): (definition, owner, base id, face, proper, token)
        known: dict[int, tuple[CardDef, str, str, str | None, bool, bool]] = {}
        i, count = 0, len(entries)
        while i < count:
            entry = entries[i]
            seen = known.get(id(entry)) if entry is not None else None
            if seen is not None:
                end = i + 1
                while end < count and entries[end] is entry:
                    end += 1
                ids += self.repeat(seen, owner, zone, range(i, end), path)
                i = end
                continue
            i += 1
            if entry is None:
                continue
            misplaced = entry.properly_summoned is not None and not gy
            if misplaced:
                self.fail(f"{path}[{i - 1}].properly_summoned", "said only of a card in the GY or banished")
            card_owner = entry.owner or owner
            banished_down = zone == "banished" and entry.face == "down"  # Evenly Matched's
            face = entry.face if zone == "extra_deck" or banished_down else None
            proper = gy and entry.properly_summoned is not False
            card_id = self.place(card_owner, entry, zone, f"{path}[{i - 1}]", controller=owner, face=face,
                                 proper=proper)  # fmt: skip
            if card_id:
                ids.append(card_id)
                if entry.id is None and not misplaced:  # its next card counts on from this one's id
                    defn = self.defs[card_id]
                    known[id(entry)] = (defn, card_owner, f"{card_owner}:{defn.name}", face, proper,
                                        "token" in defn.subtypes)  # fmt: skip
        return tuple(ids)

    def repeat(self, seen: tuple[CardDef, str, str, str | None, bool, bool], controller: str, zone: str,
               places: range, path: str) -> list[str]:  # fmt: skip
        """The cards of an entry read before, one for each index of `places`, their default ids
        counting on from the last one given."""
        defn, owner, base, face, proper, token = seen
        first = self.counts[base] + 1
        self.counts[base] = first + len(places) - 1
        run = [f"{base}#{n}" for n in range(first, first + len(places))]
        cards, name = self.cards, defn.name
        if not cards.keys().isdisjoint(run):  # an id the document gave another card
            for i, card_id in zip(places, run, strict=True):
                if card_id in cards:
                    self.fail(f"{path}[{i}].id", f"id {excerpt(card_id)} is used twice")
        made = [new_card(card_id, name, owner, controller, zone, face=face, proper=proper, token=token)
                for card_id in run]  # fmt: skip
        cards.update(zip(run, made, strict=True))
        self.defs.update(dict.fromkeys(run, defn))
        key = (owner, name)
        self.groups.setdefault(key, []).extend(run)
        self.where.update(dict.fromkeys(run, key))
        return run

    def monster_zone(self, raw: int | str | None, taken: set[int], path: str) -> int | None:
        if raw is None:
            slot = next((s for s in range(1, 6) if s not in taken), None)
            if slot is None:
                self.fail(path, "no free Main Monster Zone: a player has at most 5")
            return slot
        if isinstance(raw, str) and raw.lower() in EMZ_BY_NAME:
            return EMZ_BY_NAME[raw.lower()]
        if isinstance(raw, int) and 1 <= raw <= 5:
            return raw
        self.fail(path, f"expected a zone from 1 to 5, emz-left or emz-right; got {excerpt(raw)}")
        return None

    def player(self, name: str, p: PlayerEntry, emz_taken: dict[int, str]) -> PlayerState:
        base = f"board.players.{name}"
        if p.lp < 0:
            self.fail(f"{base}.lp", f"expected LP of 0 or more; got {p.lp}")
        hand = self.pile(name, p.hand, "hand", f"{base}.hand")
        taken: set[int] = set()
        for i, m in enumerate(p.monsters):
            if m is None:
                continue
            path = f"{base}.monsters[{i}]"
            slot = self.monster_zone(m.zone, taken, f"{path}.zone")
            if slot is None:
                continue
            if slot in taken:
                self.fail(f"{path}.zone", f"zone {m.zone} already holds another monster")
                continue
            if slot > 5 and slot in emz_taken:
                self.fail(f"{path}.zone", f"{m.zone} is already used by player {emz_taken[slot]}")
                continue
            taken.add(slot)
            if slot > 5:
                emz_taken[slot] = name
            materials = []
            card_id = self.place(
                m.owner or name, m, "monsters", path, controller=name,
                slot=slot, position=m.position, summoned_this_turn=m.summoned_this_turn,
                set_this_turn=m.set_this_turn,
                summon_type=m.summon_type, position_changed_this_turn=m.position_changed_this_turn,
                attacks_this_turn=int(m.attacked_this_turn), counters=tuple(m.counters.items()),
                gemini=m.gemini_summoned, boost_atk=m.atk_this_turn, boost_def=m.def_this_turn,
                added_atk=m.atk_this_turn if m.atk_added_this_turn is None else m.atk_added_this_turn,
                level_change=m.level_change, **self.carried(m, path),
            )  # fmt: skip
            if card_id and (m.atk is not None or m.def_ is not None):
                self.stated_stats[card_id] = (m.atk, m.def_)
            if card_id and m.gemini_summoned and "gemini" not in self.defs[card_id].subtypes:
                self.fail(
                    f"{path}.gemini_summoned", f"{excerpt(self.defs[card_id].name)} is not a Gemini monster"
                )
            for j, mat in enumerate(m.materials):
                mat_id = self.place(name, mat, "material", f"{path}.materials[{j}]")
                if mat_id:
                    materials.append(mat_id)
            if card_id:
                self.cards[card_id] = evolve(self.cards[card_id], materials=tuple(materials))
                defn = self.defs[card_id]
                if not defn.is_monster:
                    self.fail(f"{path}.card", f"{excerpt(defn.name)} is not a monster")
                elif slot > 5 and not defn.is_extra_deck and "pendulum" not in defn.subtypes:
                    self.fail(f"{path}.zone", "only an Extra Deck monster goes to an EMZ")
        s_taken: set[int] = set()
        for i, s in enumerate(p.spell_traps):
            if s is None:
                continue
            path = f"{base}.spell_traps[{i}]"
            slot = s.zone or next((z for z in range(1, 6) if z not in s_taken), None)
            if slot is None or not 1 <= slot <= 5:
                self.fail(f"{path}.zone", f"expected a zone from 1 to 5; got {excerpt(s.zone)}")
                continue
            if slot in s_taken:
                self.fail(f"{path}.zone", f"zone {slot} already holds another card")
                continue
            s_taken.add(slot)
            card_id = self.place(
                s.owner or name, s, "spell_traps", path, controller=name, slot=slot, face=s.face,
                set_this_turn=s.set_this_turn, equipped_to=s.equipped_to,
                counters=tuple(s.counters.items()),
                # a Monster Card here equipped itself (a Union), unless the board says otherwise
                self_equipped=bool(s.equipped_to) if s.self_equipped is None else s.self_equipped,
                **self.carried(s, path),
            )  # fmt: skip
            if card_id and self.defs[card_id].subtypes == ["field"]:
                self.fail(f"{path}.card", "a Field Spell goes in field_spell, not spell_traps")
            if s.equipped_to:
                self.equip_refs.append((f"{path}.equipped_to", s.equipped_to))
        if p.field_spell is not None:
            path = f"{base}.field_spell"
            card_id = self.place(name, p.field_spell, "field_spell", path,
                                 face=p.field_spell.face or "up")  # fmt: skip
            if card_id and self.defs[card_id].subtypes != ["field"]:
                self.fail(f"{path}.card", f"{excerpt(self.defs[card_id].name)} is not a Field Spell")
        graveyard = self.pile(name, p.graveyard, "graveyard", f"{base}.graveyard")
        banished = self.pile(name, p.banished, "banished", f"{base}.banished")
        extra = self.pile(name, p.extra_deck, "extra_deck", f"{base}.extra_deck")
        deck = self.pile(name, p.deck.cards, "deck", f"{base}.deck.cards")
        return PlayerState(
            lp=p.lp, normal_summon_used=p.normal_summon_used,
            used_this_turn=tuple(p.used_this_turn), hand=hand, deck=deck, deck_unknown=p.deck.unknown,
            deck_shuffled=p.deck.shuffled and bool(deck), extra_deck=extra, graveyard=graveyard,
            banished=banished,
            summons_this_turn=p.summons_this_turn, cannot_attack=p.cannot_attack,
            skip_next_turn=p.skip_next_turn, skip_next_draw=p.skip_next_draw,
        )  # fmt: skip

    def carried(self, entry: MonsterEntry | SpellTrapEntry, path: str) -> dict[str, Any]:
        """The fields a written board carries for a fork (`engine.serialize`); their card
        references are checked with the others."""
        for key in ("controlled_by", "bound_to"):
            if (ref := getattr(entry, key)) is not None:
                self.later_refs.append((f"{path}.{key}", ref))
        self.later_refs += [(f"{path}.summoned_with[{i}]", r) for i, r in enumerate(entry.summoned_with)]
        return {"controlled_by": entry.controlled_by, "declared": entry.declared,
                "bound_to": entry.bound_to, "summoned_with": tuple(entry.summoned_with)}  # fmt: skip

    def current_stats(self, board: Board) -> Board:
        """A stated `atk`/`def` is the monster's current value: what the Continuous effects and
        this turn's changes on the board add is taken off, to find its own value."""
        for card_id, (atk, def_) in self.stated_stats.items():
            card = board.cards[card_id]
            defn = board.define(card_id)
            change = {}
            for field, value, printed, now in (
                ("atk", atk, defn.atk or 0, continuous.atk),
                ("def_", def_, defn.def_ or 0, continuous.def_),
            ):
                if value is not None:
                    own = max(0, printed + value - now(board, card))
                    change[field] = None if own == printed else own
            board = board.with_card(evolve(card, **change))
        return board

    def lasting(self) -> tuple[Lasting, ...]:
        out = []
        for i, item in enumerate(self.board_entry.lasting):
            path = f"board.lasting[{i}]"
            if item.effect not in LASTING_EFFECTS:
                self.fail(
                    f"{path}.effect",
                    f"unknown lasting effect; expected one of {_listing(sorted(LASTING_EFFECTS))}",
                )
            self.later_refs.append((f"{path}.source", item.source))
            self.later_refs += [(f"{path}.cards[{j}]", r) for j, r in enumerate(item.cards)]
            # its cards are the ones it still affects, all there since before the fork's first
            # moment: a card that turns face-down or leaves and comes back later is new to it
            since = 0 if item.effect == "battle_negated" else FORK_SINCE
            out.append(Lasting(what=item.effect, player=item.player, source=item.source,
                               until_turn=item.until_turn, cards=tuple(item.cards), name=item.name,
                               column=item.column, amount=item.amount, since=since))  # fmt: skip
        return tuple(out)

    def known_ref(self, ref: str) -> bool:
        """Does the reference name a card of the board (its id in any case) or a zone? The ids in
        lower case are listed once, when first a reference is not an id as written."""
        if ref in self.cards:
            return True
        if self.lowered is None:
            self.lowered = {k.lower() for k in self.cards}
        return ref.lower() in self.lowered or ZONE_REF.match(ref) is not None

    def check_refs(self) -> None:
        known = self.cards
        self.check_used_this_turn()
        for where, ref in [*self.equip_refs, *self.later_refs]:  # a typo would point at nothing
            if not self.known_ref(ref):
                self.fail(where, f"no card {excerpt(ref)} in this scenario; {_ids(set(known))}")
        for i, a in self.actions:
            path = f"actions[{i}]"
            if a.do != "resolve" and a.player is None:
                self.fail(f"{path}.player", "required for this action: A or B")
            refs: list[tuple[str, str]] = []
            for fld in ("card", "attacker"):
                if getattr(a, fld):
                    refs.append((f"{path}.{fld}", getattr(a, fld)))
            if a.target and a.target != "direct":
                refs.append((f"{path}.target", a.target))
            for fld in ("targets", "tributes", "materials"):
                for j, r in enumerate(getattr(a, fld)):
                    if r not in ("summon", "A", "B") and not r.startswith("link:"):
                        refs.append((f"{path}.{fld}[{j}]", r))
            for key, value in a.cost.items():
                where = f"{path}.cost.{str(key)[:40]}"
                if key not in COST_KEYS:
                    self.fail(where, f"unknown cost; expected {sorted(COST_KEYS)}")
                elif key == "pay_lp":
                    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                        self.fail(where, f"expected a whole number of LP; got {excerpt(value)}")
                else:
                    refs += self.ref_list(value, where)
            for key, value in a.choices.items():
                if key in CHOICE_VALUES or (isinstance(value, bool) and a.do != "end_turn"):
                    continue  # not card references (`true`: "you can" taken, without cards)
                where = f"{path}.choices.{str(key)[:40]}"
                for j, r in enumerate(value if isinstance(value, list) else [value]):
                    if key == "order" and isinstance(r, list):  # an order: lists of references too
                        refs += self.ref_list(r, f"{where}[{j}]")
                    else:
                        refs += self.ref_list([r], where, start=j)
            if a.responds_to is not None and not re.fullmatch(r"summon|link:[1-9]\d*", a.responds_to):
                self.fail(
                    f"{path}.responds_to",
                    f"expected summon or a Chain Link such as link:1; got {excerpt(a.responds_to)}",
                )
            refs += self.stated_refs(a, path)
            for where, ref in refs:
                if self.known_ref(ref) or self.created_later(ref):
                    continue
                close = _close(ref, sorted(known), 0.6)
                hint = f"did you mean {', '.join(close)}? " if close else ""
                self.fail(where, f"no card {excerpt(ref)} in this scenario; {hint}{_ids(set(known))}")
            self.check_verb(a, path)
            self.check_effect_kind(a, path)

    def ref_list(self, value: Any, where: str, start: int = 0) -> list[tuple[str, str]]:
        """A reference or a list of them, as (path, reference) to check; anything else fails."""
        refs = []
        for j, r in enumerate(value if isinstance(value, list) else [value], start):
            if not isinstance(r, str):
                self.fail(f"{where}[{j}]", f"expected a card reference such as A:Sangan; got {excerpt(r)}")
            elif r not in ("A", "B"):
                refs.append((f"{where}[{j}]", r))
        return refs

    def check_used_this_turn(self) -> None:
        """A once-per-turn entry names a card in this scenario (or its id, or "Name (effect N)"
        for one of several limited effects); any other name would limit nothing, so it is a typo."""
        if not any(entry.used_this_turn for entry in self.player_entries.values()):
            return
        names = {c.name.lower() for c in self.cards.values()} | {i.lower() for i in self.cards}
        for player, entry in self.player_entries.items():
            for n, used in enumerate(entry.used_this_turn):
                # "Name (effect N)": one of several limited effects; "Name (DARK)": a limit per
                # Attribute (Accesscode Talker); "(Pendulum Summon)": this turn's Pendulum Summon
                base = re.sub(r" \((effect \d+|[A-Z]+)\)$", "", used).lower()
                if base not in names and used != PENDULUM_SUMMON_USED:
                    self.fail(f"board.players.{player}.used_this_turn[{n}]",
                              f"no card named {excerpt(used)} in this scenario; expected the name of a card "
                              "whose once-per-turn effect this player already used")  # fmt: skip

    def stated_refs(self, a: ActionEntry, path: str) -> list[tuple[str, str]]:
        """Check a judge-stated resolution's shape; return the card references it names."""
        if not a.resolution:
            return []
        if a.do != "activate":
            self.fail(f"{path}.resolution", "only an activate action can state a resolution")
            return []
        refs: list[tuple[str, str]] = []
        for n, entry in enumerate(a.resolution):
            where = f"{path}.resolution[{n}]"
            if not isinstance(entry, dict) or not entry:
                self.fail(where, f"expected a mapping such as {{destroy: [A:Sangan]}}; got {excerpt(entry)}")
                continue
            for verb, value in entry.items():
                at = f"{where}.{verb}"
                if verb in stated.CARD_VERBS:
                    cards = value if isinstance(value, list) else [value]
                    if not cards or not all(isinstance(r, str) for r in cards):
                        self.fail(at, f"expected a list of card references; got {excerpt(value)}")
                    refs += [(f"{at}[{j}]", r) for j, r in enumerate(cards) if isinstance(r, str)]
                elif verb in (*stated.PLAYER_VERBS, *stated.STAT_VERBS):
                    keyed = "a player (A or B)" if verb in stated.PLAYER_VERBS else "a card reference"
                    if not isinstance(value, dict) or not value:
                        self.fail(at, f"expected a mapping from {keyed} to a number; got {excerpt(value)}")
                        continue
                    for key, amount in value.items():
                        if verb in stated.PLAYER_VERBS and key not in ("A", "B"):
                            self.fail(f"{at}.{key}", "expected A or B")
                        elif verb in stated.STAT_VERBS:
                            refs.append((f"{at}.{key}", str(key)))
                        low = None if verb in stated.STAT_VERBS else 0
                        if not isinstance(amount, int) or isinstance(amount, bool) or (
                            low is not None and amount <= low
                        ):  # fmt: skip
                            kind = "a whole number" if low is None else "a positive whole number"
                            self.fail(f"{at}.{key}", f"expected {kind}; got {excerpt(amount)}")
                elif verb in stated.LINK_VERBS:
                    if not (isinstance(value, str) and re.fullmatch(r"link:[1-9]\d*", value)):
                        self.fail(at, f"expected a Chain Link such as link:1; got {excerpt(value)}")
                else:
                    self.fail(at, f"unknown outcome; expected one of {', '.join(stated.VERBS)}")
        return refs

    def created_later(self, ref: str) -> bool:
        """Tokens and drawn unknown cards get ids `<player>:<name>#<n>` when they appear."""
        player, _, rest = ref.partition(":")
        name, _, number = rest.partition("#")
        defn = self.catalog.get(name.lower())
        created = defn is not None and ("token" in defn.subtypes or defn.name == "Unknown Card")
        return player in ("A", "B") and number.isdigit() and created

    def check_effect_kind(self, a: ActionEntry, path: str) -> None:
        """`effect_kind` states the kind of a monster's effect that no card file writes: with the
        `resolution` it had, on an activate action, for a monster with no written effect."""
        if a.effect_kind is None:
            return
        where = f"{path}.effect_kind"
        if a.do != "activate" or not a.resolution:
            self.fail(where, "states the kind of an effect whose resolution is stated: it needs resolution")
        elif a.effect is not None:
            self.fail(where, "give effect (a written effect) or effect_kind (a stated one), not both")
        ref = str(a.card or "")
        same = (i for i in self.cards if i.lower() == ref.lower())
        card_id = ref if ref in self.cards else next(same, None)
        defn = self.defs.get(card_id) if card_id else None
        if defn is None:
            return  # a zone reference: checked as the card is activated
        if not defn.is_monster:
            self.fail(where, f"{excerpt(defn.name)} is a {defn.card_type}: it is activated as a card, and "
                             "its activation has no kind to state")  # fmt: skip
        elif defn.effects:
            self.fail(where, f"{excerpt(defn.name)} has written effects: activate one with effect "
                             f"(1-{defn.effect_count}) instead")  # fmt: skip

    def check_verb(self, a: ActionEntry, path: str) -> None:
        needs = {
            "activate": ("card",), "decline": ("card",), "normal_summon": ("card",),
            "set": ("card",), "flip_summon": ("card",), "special_summon": ("card",),
            "change_position": ("card", "to"), "attack": ("attacker", "target"), "phase": ("to",),
        }  # fmt: skip
        for fld in needs.get(a.do, ()):
            if getattr(a, fld) in (None, ""):
                self.fail(f"{path}.{fld}", f"required for {a.do}")
        if a.do == "phase" and a.to and a.to not in ("standby", "main1", "battle", "main2", "end"):
            self.fail(f"{path}.to", f"expected standby, main1, battle, main2 or end; got {excerpt(a.to)}")
        if a.do == "change_position" and a.to and a.to not in ("attack", "defense"):
            self.fail(f"{path}.to", f"expected attack or defense; got {excerpt(a.to)}")

    def build(self) -> Game:
        self.custom_cards()
        emz_taken: dict[int, str] = {}
        players = {}
        for name in PLAYERS:
            players[name] = self.player(name, self.player_entries[name], emz_taken)
        b = self.board_entry
        if b.turn == 1 and b.phase in ("battle", "main2"):
            self.fail("board.phase", "the first turn of the duel has no Battle Phase (nor Main Phase 2)")
        if b.phase == "battle" and b.step is None:
            step = "start"
        else:
            step = b.step if b.phase == "battle" else None
            if b.step is not None and b.phase != "battle":
                self.fail("board.step", "a step is given only in the battle phase")
        for ref, marks in b.marks.items():
            if ref in self.cards:
                self.cards[ref] = evolve(self.cards[ref], marks=tuple(marks))
            else:
                self.later_refs.append((f"board.marks.{ref}", ref))
        board = Board(
            turn=b.turn, turn_player=b.turn_player, phase=b.phase, step=step,
            players=MappingProxyType(players), cards=MappingProxyType(self.cards),
            defs=MappingProxyType(self.defs), lasting=self.lasting(), flags=tuple(b.turn_flags),
        )  # fmt: skip
        memory = []
        for i, item in enumerate(b.remembered):
            self.later_refs.append((f"board.remembered[{i}].card", item.card))
            memory.append((0 if item.while_on_field else b.turn, item.card, item.what))
        # a monster the board says was summoned this turn is remembered so, as if the replay had seen
        # the summon: its End Phase return needs it (Yata-Garasu); a fork's board remembers it already
        memory += [(b.turn, c.id, "summoned_or_flipped") for c in self.cards.values()
                   if c.zone == "monsters" and c.summoned_this_turn]  # fmt: skip
        self.check_refs()
        if not self.problems:
            board = self.current_stats(board)
        created = tuple(b.created.items())
        seq = FORK_SINCE + 1 if board.lasting else 1
        return Game(board=board, priority=b.turn_player, memory=tuple(dict.fromkeys(memory)), created=created,
                    seq=seq)  # fmt: skip


def _validate(model: type[Shape], data: Any, prefix: str,
              problems: list[Problem]) -> Any:  # fmt: skip
    """Validate one part; its problems get paths under `prefix`."""
    try:
        return read(model, data)
    except ShapeError as err:
        for p in _shape_problems(err):
            joint = "" if not prefix or not p.path or p.path.startswith("[") else "."
            path = prefix + joint + p.path
            problems.append(Problem(path, p.message))
        return None


_PLAYER_LISTS: dict[str, type[Shape]] = {
    "hand": CardEntry, "extra_deck": CardEntry, "graveyard": CardEntry, "banished": CardEntry,
    "monsters": MonsterEntry, "spell_traps": SpellTrapEntry,
}  # fmt: skip


def _validate_player(raw: Any, prefix: str, problems: list[Problem]) -> PlayerEntry:
    """One player's half, entry by entry: a bad monster does not hide the rest of the half."""
    if not isinstance(raw, dict):
        problems.append(Problem(prefix, f"expected a mapping; got {excerpt(raw)}"))
        return PlayerEntry()
    head = {k: v for k, v in raw.items() if k not in _PLAYER_LISTS}
    deck = head.get("deck")
    deck_cards = deck if isinstance(deck, list) else deck.get("cards") if isinstance(deck, dict) else None
    if isinstance(deck_cards, list):  # the Deck's cards entry by entry too (a Deck can be big)
        head["deck"] = {**deck, "cards": []} if isinstance(deck, dict) else []
    entry = _validate(PlayerEntry, head, prefix, problems) or PlayerEntry()
    bare: dict[type[Shape], dict[str, Any]] = {}
    lists: dict[str, list[Any]] = {}
    for key, model in _PLAYER_LISTS.items():
        items = raw.get(key) or []
        if not isinstance(items, list):
            problems.append(Problem(f"{prefix}.{key}", f"expected a list; got {excerpt(items)}"))
            continue
        lists[key] = _validate_entries(model, items, f"{prefix}.{key}", problems, bare)
    if isinstance(deck_cards, list):
        cards = _validate_entries(CardEntry, deck_cards, f"{prefix}.deck.cards", problems, bare)
        lists["deck"] = entry.deck.model_copy(update={"cards": cards})  # type: ignore[assignment]
    return entry.model_copy(update=lists)


def _validate_entries(model: type[Shape], items: list[Any], prefix: str, problems: list[Problem],
                      bare: dict[type[Shape], dict[str, Any]]) -> list[Any]:  # fmt: skip
    """Each entry of a list, None where one failed (later paths keep their index). A bare card
    name (most of a big Deck or GY) is validated once per name: the entry is the same for each."""
    known = bare.setdefault(model, {})
    out = []
    for i, item in enumerate(items):
        entry = known.get(item) if isinstance(item, str) else None
        if entry is None:
            entry = _validate(model, item, f"{prefix}[{i}]", problems)
            if entry is not None and isinstance(item, str):
                known[item] = entry
        out.append(entry)
    return out


def _check_limits(data: dict, limits: Limits) -> None:
    """What can be known of a replay's size before it runs: the nesting, the number of actions,
    and the turns it would run (only `end_turn` begins a new turn)."""
    check_depth(data, limits)
    actions = data.get("actions")
    if not isinstance(actions, list):
        return
    if len(actions) > limits.actions:
        raise exceeded("actions", "actions", len(actions), limits)
    turns = sum(1 for a in actions if isinstance(a, dict) and a.get("do") == "end_turn")
    if turns > limits.turns:
        raise exceeded("actions", "turns", turns, limits, "each end_turn action begins a new turn")


def load_scenario(data: dict, limits: Limits = LIMITS) -> Scenario:
    """Validate a scenario mapping; every problem at once in a DocumentError (at most
    `limits.problems` of them listed)."""
    _check_limits(data, limits)
    problems: list[Problem] = []
    if "format" in data and data["format"] != FORMAT:
        problems.append(Problem("format", f"expected {FORMAT!r}; got {excerpt(data.get('format'))}"))
    doc = _validate(ScenarioDoc, data, "", problems)
    if doc is None:
        raise DocumentError(capped(problems, limits))
    board = _validate(BoardEntry, doc.board, "board", problems)
    board_ok = board is not None
    if board is None:  # still check the players and actions, so every problem is reported
        board = BoardEntry.model_construct(turn=2, turn_player="A", phase="main1", step=None,
                                           players={})  # fmt: skip
    players: dict[str, PlayerEntry] = {}
    raw_players = doc.board.get("players") if isinstance(doc.board.get("players"), dict) else {}
    for name in raw_players:
        if name not in PLAYERS:
            problems.append(Problem(f"board.players.{name}", "unknown player; expected A or B"))
    for name in PLAYERS:
        if name not in raw_players:
            if board_ok:
                problems.append(Problem(f"board.players.{name}", "required, but missing"))
            players[name] = PlayerEntry()
            continue
        players[name] = _validate_player(raw_players[name] or {}, f"board.players.{name}", problems)
    actions = []
    for i, raw in enumerate(doc.actions):
        action = _validate(ActionEntry, raw, f"actions[{i}]", problems)
        if action is not None:
            actions.append((i, action))
    builder = _Builder(doc, board, players, actions)
    game = builder.build()
    problems += builder.problems
    if problems:
        raise DocumentError(capped(problems, limits))
    names = JudgeNames.grouped(builder.groups, builder.where)
    return Scenario(title=doc.title, game=game, actions=tuple(a for _, a in actions), names=names)
