"""Hypothesis strategies for `ygo-scenario/1` documents: valid-ish boards made of the engine's own
card library, and action lists drawn from the whole action vocabulary of the format (spec,
"Actions"), referring mostly to cards that are on the board.

"Valid-ish": most documents read, so the actions reach the rules; some have a card in a zone it
cannot be in, an unknown name or a malformed action, so the document checks are fuzzed too.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from hypothesis import strategies as st

from engine import DocumentError, card_catalog, replay
from engine.document import FORMAT, VERBS, WINDOWS
from engine.rules.stated import CARD_VERBS, LINK_VERBS, PLAYER_VERBS

PLAYERS = ("A", "B")
EXTRA_DECK = {"fusion", "synchro", "xyz", "link"}
COST_KEYS = ("discard", "tribute", "banish", "send_to_gy", "detach", "reveal")
CHOICE_KEYS = ("add", "summon", "destroy", "send", "banish", "return", "discard", "tribute",
               "materials", "attach", "detach", "target", "order")  # fmt: skip
METHODS = ("link", "xyz", "synchro", "fusion", "ritual", "pendulum", "procedure")
ZONE_REFS = ("M1", "M2", "M3", "M4", "M5", "EMZ-L", "EMZ-R", "S1", "S2", "S3", "S4", "S5", "FZ")


@cache
def library() -> dict[str, list[str]]:
    """The catalog's names by where a board may hold them (a card whose printed values the
    scenario must state is left out: every document naming it is rejected at that field)."""
    groups: dict[str, list[str]] = {"main": [], "monster": [], "extra": [], "spell_trap": [], "field": [],
                                    "token": []}  # fmt: skip
    for name, card in sorted(card_catalog().items()):
        if card.get("unconfirmed"):
            continue
        subtypes = set(card.get("subtypes", []))
        if "token" in subtypes:
            groups["token"].append(name)
        elif card["card_type"] == "monster":
            groups["extra" if subtypes & EXTRA_DECK else "main"].append(name)
            groups["monster"].append(name)
        elif "field" in subtypes:
            groups["field"].append(name)
            groups["main"].append(name)
        else:
            groups["spell_trap"].append(name)
            groups["main"].append(name)
    return groups


def tokens() -> frozenset[str]:
    return frozenset(library()["token"])


def _weighted(group: str) -> st.SearchStrategy[str]:
    """A card of the group; one time in a hundred one from anywhere, or a name no card has."""
    anywhere = [n for names in library().values() for n in names]
    other = st.one_of(st.sampled_from(anywhere), st.just("No Such Card"))
    return st.integers(0, 99).flatmap(lambda n: st.sampled_from(library()[group]) if n < 99 else other)


@st.composite
def _monsters(draw: st.DrawFn, emz: str) -> list[dict[str, Any]]:
    zones = draw(st.lists(st.sampled_from([1, 2, 3, 4, 5, emz]), max_size=3, unique=True))
    out = []
    for zone in zones:
        group = "extra" if isinstance(zone, str) else draw(st.sampled_from(["monster", "monster", "token"]))
        entry: dict[str, Any] = {"card": draw(_weighted(group)), "zone": zone}
        entry["position"] = draw(st.sampled_from(["attack", "defense", "set"]))
        if draw(st.booleans()):
            entry["summoned_this_turn"] = True
        if draw(st.integers(0, 4)) == 0:
            entry["materials"] = draw(st.lists(_weighted("monster"), max_size=2))
        if draw(st.integers(0, 5)) == 0:
            entry["atk"] = draw(st.integers(0, 5000))
        out.append(entry)
    return out


@st.composite
def _spell_traps(draw: st.DrawFn) -> list[dict[str, Any]]:
    zones = draw(st.lists(st.integers(1, 5), max_size=3, unique=True))
    return [
        {"card": draw(_weighted("spell_trap")), "zone": zone, "face": draw(st.sampled_from(["up", "down"])),
         **({"set_this_turn": True} if draw(st.booleans()) else {})}
        for zone in zones
    ]  # fmt: skip


def _pile(group: str, size: int) -> st.SearchStrategy[list[str]]:
    return st.lists(_weighted(group), max_size=size)


_deck = st.one_of(
    st.integers(0, 6),
    _pile("main", 4),
    st.builds(
        lambda cards, unknown: {"cards": cards, "unknown": unknown}, _pile("main", 3), st.integers(0, 4)
    ),
)


def _player(emz: str) -> st.SearchStrategy[dict[str, Any]]:
    """A player's side; `emz`, the Extra Monster Zone its monsters may use (they are shared)."""
    return st.fixed_dictionaries(
        {
            "hand": st.lists(_weighted("main"), min_size=1, max_size=5),
            "deck": _deck,
            "monsters": _monsters(emz),
            "spell_traps": _spell_traps(),
        },
        optional={
            "lp": st.sampled_from([8000, 8000, 4000, 1000, 100, 1]),
            "graveyard": _pile("main", 3),
            "banished": _pile("main", 2),
            "extra_deck": _pile("extra", 3),
            "field_spell": st.builds(
                lambda c, f: {"card": c, "face": f}, _weighted("field"), st.sampled_from(["up", "down"])
            ),
            "normal_summon_used": st.booleans(),
        },
    )


@st.composite
def boards(draw: st.DrawFn) -> dict[str, Any]:
    phase = draw(st.sampled_from(["main1"] * 6 + ["battle", "battle", "main2", "draw", "standby", "end"]))
    board: dict[str, Any] = {
        "turn": draw(st.integers(2 if phase in ("battle", "main2") else 1, 4)),  # turn 1: no Battle Phase
        "turn_player": draw(st.sampled_from(PLAYERS)),
        "phase": phase,
        "players": {"A": draw(_player("emz-left")), "B": draw(_player("emz-right"))},
    }
    if phase == "battle" and draw(st.booleans()):
        board["step"] = draw(st.sampled_from(["start", "battle", "damage", "end"]))
    return board


def card_ids(board: dict[str, Any]) -> list[str]:
    """Every card id on a replay's board (as the engine wrote it), materials included."""
    ids = []
    for player in board["players"].values():
        deck = player["deck"]
        entries = [*player["hand"], *player["graveyard"], *player["banished"], *player["extra_deck"]]
        entries += [*player["spell_traps"], *([player["field_spell"]] if player["field_spell"] else [])]
        entries += deck.get("cards", []) if isinstance(deck, dict) else []
        for monster in player["monsters"]:
            entries += [monster, *monster.get("materials", [])]
        ids += [entry["id"] for entry in entries]
    return ids


Refs = dict[tuple[str, str], list[str]]  # (player, zone) -> ids; ("*", "*"): every reference


def _refs_of(board: dict[str, Any]) -> Refs:
    """The ids the engine gives this board's cards by player and zone (none if it is rejected),
    and a few references it does not give: a Token not made yet, zones, an empty name."""
    refs: Refs = {}
    try:
        start = replay({"format": FORMAT, "board": board, "actions": []}, boards="final", legal="none")
    except DocumentError:
        start = None
    for who in PLAYERS:
        player = start["final_board"]["players"][who] if start else {}
        for zone in ("hand", "monsters", "spell_traps", "graveyard", "banished", "extra_deck"):
            refs[who, zone] = [entry["id"] for entry in player.get(zone, [])]
    created = [f"{p}:{t}#1" for p in PLAYERS for t in library()["token"][:1]]
    zones = [f"{p}:{z}" for p in PLAYERS for z in ZONE_REFS[::3]]
    refs["*", "*"] = [r for ids in refs.values() for r in ids] + created + zones
    return refs


def _actions(refs: Refs, turn_player: str) -> st.SearchStrategy[dict[str, Any]]:
    """An action, three times in four by the turn player."""
    other = "B" if turn_player == "A" else "A"
    who = st.sampled_from([turn_player, turn_player, turn_player, other])
    return who.flatmap(lambda p: _action_by(p, refs))


def _action_by(who: str, refs: Refs) -> st.SearchStrategy[dict[str, Any]]:
    """An action of player `who`, naming mostly `who`'s cards from where the action takes them
    (a summon from the hand, an attacker from the field), so that more actions are legal."""

    def card_in(*zones: str) -> st.SearchStrategy[str]:
        mine = [r for zone in zones for r in refs[who, zone]]
        return st.integers(0, 3).flatmap(lambda n: st.sampled_from(mine if n and mine else refs["*", "*"]))

    card = card_in("hand", "monsters", "spell_traps", "graveyard", "banished", "extra_deck")
    many = st.lists(card, max_size=2)
    player = st.sampled_from(PLAYERS)
    actor = st.just(who)
    target = st.one_of(card, player, st.sampled_from(["link:1", "link:2", "summon"]))
    cost = st.dictionaries(st.sampled_from(COST_KEYS), many, max_size=1) | st.builds(
        lambda n: {"pay_lp": n}, st.sampled_from([500, 1000, 2000])
    )
    choices = st.dictionaries(st.sampled_from(CHOICE_KEYS), st.one_of(card, many), max_size=2)
    stated = st.one_of(
        st.builds(
            lambda v, c: {v: c}, st.sampled_from(list(CARD_VERBS)), st.lists(card, min_size=1, max_size=2)
        ),
        st.builds(lambda v, p, n: {v: {p: n}}, st.sampled_from(PLAYER_VERBS), player, st.integers(1, 3000)),
        st.builds(lambda c, n: {"change_atk": {c: n}}, card, st.integers(-2000, 2000)),
        st.builds(lambda v, n: {v: f"link:{n}"}, st.sampled_from(LINK_VERBS), st.integers(1, 3)),
    )
    activate = st.fixed_dictionaries(
        {"do": st.just("activate"), "player": actor, "card": card_in("hand", "spell_traps", "monsters")},
        optional={"effect": st.integers(1, 3), "targets": st.lists(target, max_size=2), "cost": cost,
                  "choices": choices, "responds_to": st.sampled_from(["link:1", "summon"]),
                  "resolution": st.lists(stated, min_size=1, max_size=2)},
    )  # fmt: skip

    def verb(
        do: str, needs: tuple[str, ...] = (), **fields: st.SearchStrategy[Any]
    ) -> st.SearchStrategy[dict[str, Any]]:
        """An action `do`: the fields it `needs`, and any of the others."""
        required = {"do": st.just(do), "player": actor, **{k: fields.pop(k) for k in needs}}
        return st.fixed_dictionaries(required, optional=fields)

    position = st.sampled_from(["attack", "defense", "set"])
    field = card_in("monsters")
    common = st.one_of(
        activate,
        activate,
        activate,
        verb("pass"),
        st.just({"do": "resolve"}),
        st.just({"do": "resolve"}),
        verb(
            "normal_summon",
            ("card",),
            card=card_in("hand"),
            tributes=st.lists(field, max_size=2),
            position=position,
        ),
        verb(
            "set",
            ("card",),
            card=card_in("hand"),
            zone=st.integers(1, 5),
            tributes=st.lists(field, max_size=2),
        ),
        verb("flip_summon", ("card",), card=field),
        verb(
            "special_summon",
            ("card", "method"),
            card=card_in("extra_deck", "hand"),
            method=st.sampled_from(METHODS),
            materials=st.lists(field, max_size=3),
            zone=st.sampled_from([1, 3, 5, "emz-left", "emz-right"]),
            position=position,
        ),
        verb("change_position", ("card", "to"), card=field, to=st.sampled_from(["attack", "defense"])),
        verb(
            "attack",
            ("attacker", "target"),
            attacker=field,
            target=st.one_of(card_in("monsters"), st.just("direct")),
        ),
        verb("phase", ("to",), to=st.sampled_from(["standby", "main1", "battle", "main2", "end"])),
        verb("end_turn", choices=st.builds(lambda d: {"discard": d}, st.lists(card_in("hand"), max_size=2))),
    )
    rare = st.one_of(verb("decline", ("card",), card=card, effect=st.integers(1, 2)), verb("concede"))
    action = st.integers(0, 19).flatmap(lambda n: rare if n == 19 else common)
    timed = st.tuples(action, st.integers(0, 7), st.sampled_from(WINDOWS)).map(
        lambda t: {**t[0], "at": t[2]} if t[1] == 7 else t[0]
    )
    broken = st.one_of(  # the document's own checks: a bad verb, field or value
        st.builds(lambda d: {"do": d, "player": who}, st.text(max_size=8).filter(lambda d: d not in VERBS)),
        st.just({"do": "attack", "player": "C", "attacker": 5}),
        st.just({"player": "A"}),
        st.just([]),
        st.builds(lambda c: {"do": "activate", "player": "A", "card": c}, st.integers() | st.none()),
    )
    unknown = st.builds(lambda a: {**a, "card": "A:No Such Card"} if "card" in a else a, timed)
    return st.integers(0, 199).flatmap(lambda n: broken if n == 199 else unknown if n == 198 else timed)


@st.composite
def documents(draw: st.DrawFn, max_actions: int = 12) -> dict[str, Any]:
    """A whole scenario document: a board and up to `max_actions` actions on it."""
    board = draw(boards())
    refs, turn_player, actions = _refs_of(board), board["turn_player"], []
    for _ in range(draw(st.integers(0, max_actions))):
        action = draw(_actions(refs, turn_player))
        actions.append(action)
        if (
            isinstance(action, dict)
            and action.get("do") == "end_turn"
            and action.get("player") == turn_player
        ):
            turn_player = "B" if turn_player == "A" else "A"
    return {"format": FORMAT, "board": board, "actions": actions}
