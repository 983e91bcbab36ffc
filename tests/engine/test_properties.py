"""Properties that hold for any sequence of actions: the replay never crashes, is the same
every time, and no card appears from nowhere or vanishes (tokens excepted)."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine import DocumentError, replay

BOARD = {
    "turn": 2,
    "turn_player": "A",
    "phase": "main1",
    "players": {
        "A": {
            "hand": ["Dark Magician", "Summoned Skull", "Celtic Guardian", "Compulsory Evacuation Device"],
            "deck": 3,
            "monsters": [{"card": "Luster Dragon", "zone": 1}, {"card": "Kuriboh", "zone": 2}],
        },
        "B": {
            "hand": ["Scapegoat"],
            "deck": 2,
            "monsters": [{"card": "Giant Soldier of Stone", "zone": 1, "position": "set"}],
            "spell_traps": [{"card": "Compulsory Evacuation Device", "zone": 1}],
        },
    },
}
CARDS = ["A:Dark Magician", "A:Summoned Skull", "A:Celtic Guardian", "A:Luster Dragon", "A:Kuriboh",
         "A:Compulsory Evacuation Device", "B:Giant Soldier of Stone",
         "B:Compulsory Evacuation Device", "B:Scapegoat"]  # fmt: skip

actions = st.one_of(
    st.builds(lambda p, c: {"player": p, "do": "normal_summon", "card": c},
              st.sampled_from("AB"), st.sampled_from(CARDS)),
    st.builds(lambda p, c, t: {"player": p, "do": "normal_summon", "card": c, "tributes": t},
              st.sampled_from("AB"), st.sampled_from(CARDS), st.lists(st.sampled_from(CARDS), max_size=2)),
    st.builds(lambda p, c: {"player": p, "do": "set", "card": c},
              st.sampled_from("AB"), st.sampled_from(CARDS)),
    st.builds(lambda p, c: {"player": p, "do": "flip_summon", "card": c},
              st.sampled_from("AB"), st.sampled_from(CARDS)),
    st.builds(lambda p, c, to: {"player": p, "do": "change_position", "card": c, "to": to},
              st.sampled_from("AB"), st.sampled_from(CARDS), st.sampled_from(["attack", "defense"])),
    st.builds(lambda p, a, t: {"player": p, "do": "attack", "attacker": a, "target": t},
              st.sampled_from("AB"), st.sampled_from(CARDS), st.sampled_from([*CARDS, "direct"])),
    st.builds(lambda p, c, t: {"player": p, "do": "activate", "card": c, "targets": t},
              st.sampled_from("AB"), st.sampled_from(CARDS), st.lists(st.sampled_from(CARDS), max_size=1)),
    st.builds(lambda p, to: {"player": p, "do": "phase", "to": to},
              st.sampled_from("AB"), st.sampled_from(["battle", "main2", "end"])),
    st.builds(lambda p: {"player": p, "do": "end_turn"}, st.sampled_from("AB")),
    st.just({"do": "resolve"}),
)  # fmt: skip


def _card_count(board: dict) -> int:
    total = 0
    for p in board["players"].values():
        deck = p["deck"]
        total += deck if isinstance(deck, int) else len(deck["cards"]) + deck["unknown"]
        for zone in ("hand", "graveyard", "banished", "extra_deck", "spell_traps"):
            total += len(p[zone])
        for m in p["monsters"]:
            total += 0 if m["card"] == "Sheep Token" else 1 + len(m.get("materials", []))
        total += 1 if p["field_spell"] else 0
    return total


@settings(max_examples=150, deadline=None)
@given(st.lists(actions, max_size=12))
def test_any_sequence_replays_the_same_and_keeps_every_card(seq: list[dict]) -> None:
    doc = {"format": "ygo-scenario/1", "board": BOARD, "actions": seq}
    first = replay(doc)
    assert first == replay(doc)
    start = _card_count(replay({**doc, "actions": []})["final_board"])
    for step in first["steps"]:
        assert _card_count(step["board"]) == start, step["summary"]
        assert all(e["glossary"] for e in step["explanations"])
    illegal = [s for s in first["steps"] if not s["accepted"]]
    assert all(s["explanations"] for s in illegal), "an illegal step says why"


# --- choices made at resolution, with odd values (issue 13, item 4: no document raises)
CHOICE_BOARD = {
    "turn": 3,
    "turn_player": "A",
    "phase": "main1",
    "players": {
        "A": {
            "hand": ["Polymerization", "Black Luster Ritual", "Black Luster Soldier", "Graceful Charity",
                     "Reinforcement of the Army", "Monster Reborn", "Creature Swap", "Crossout Designator",
                     "Pot of Prosperity", "Elemental HERO Avian", "Scapegoat"],
            "deck": ["Exiled Force", "Celtic Guardian", "Sangan", "Mystic Tomato", "Pot of Greed"],
            "graveyard": ["Sangan", "Summoned Skull"],
            "extra_deck": ["Elemental HERO Escuridao", "Black Rose Dragon", "Stardust Dragon"],
            "monsters": [{"card": "Luster Dragon", "zone": 1}, {"card": "Dark Magician", "zone": 2}],
            "spell_traps": [{"card": "The Regulation of Tribe", "zone": 1},
                            {"card": "Evenly Matched", "zone": 2}],
        },
        "B": {
            "hand": ["Celtic Guardian", "Kuriboh"],
            "deck": 4,
            "monsters": [{"card": "Celtic Guardian", "zone": 1}, {"card": "Vorse Raider", "zone": 3}],
            "spell_traps": [{"card": "Trap Hole", "zone": 1}],
        },
    },
}  # fmt: skip
CHOOSERS = ["A:Polymerization", "A:Black Luster Ritual", "A:Graceful Charity", "A:Reinforcement of the Army",
            "A:Monster Reborn", "A:Creature Swap", "A:Crossout Designator", "A:Pot of Prosperity",
            "A:The Regulation of Tribe", "A:Evenly Matched", "A:Scapegoat"]  # fmt: skip
REFS = [*CHOOSERS, "A:Black Luster Soldier", "A:Elemental HERO Avian", "A:Luster Dragon", "A:Dark Magician",
        "A:Sangan", "A:Summoned Skull", "A:Elemental HERO Escuridao", "A:Exiled Force", "B:Celtic Guardian",
        "B:Vorse Raider", "B:Trap Hole", "B:Kuriboh"]  # fmt: skip
ZONES = [f"{p}:{z}" for p in "AB" for z in ("M1", "M2", "M4", "M5", "EMZ-L", "EMZ-R", "S1", "S3", "FZ")]
KEYS = ["add", "summon", "destroy", "send", "banish", "return", "discard", "tribute", "materials", "attach",
        "detach", "target", "order", "position", "zone", "mode", "die", "coin", "declare", "set", "control",
        "decline"]  # fmt: skip
ref = st.sampled_from(REFS + ZONES)
odd = st.one_of(
    ref,
    st.lists(ref, max_size=3),
    st.lists(st.lists(ref, max_size=2), max_size=2),  # an order's lists of lists
    st.sampled_from(["attack", "defense", "set", "heads", "wrong", "Dragon", "", "A", "B", "link:1"]),
    st.integers(-2, 9),
    st.booleans(),
    st.none(),
    st.just({"x": 1}),
)
odd_choices = st.dictionaries(st.sampled_from(KEYS), odd, max_size=3)
activations = st.one_of(
    st.builds(lambda c, ch, t: {"player": "A", "do": "activate", "card": c, "choices": ch, "targets": t},
              st.sampled_from(CHOOSERS), odd_choices, st.lists(st.sampled_from(REFS), max_size=1)),
    st.builds(lambda ch: {"player": "A", "do": "end_turn", "choices": ch}, odd_choices),
    st.just({"do": "resolve"}),
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.lists(activations, min_size=1, max_size=6))
@example(
    [
        {
            "player": "A",
            "do": "activate",
            "card": "A:Monster Reborn",
            "targets": ["A:Sangan"],
            "choices": {"position": True, "zone": "A:M1"},
        }
    ]
)  # a position that is no position
@example([{"player": "A", "do": "activate", "card": "A:Polymerization", "choices": {"materials": "B:M5"}}])
@example(
    [
        {
            "player": "A",
            "do": "activate",
            "card": "A:Pot of Prosperity",
            "cost": {"banish": []},
            "choices": {"order": [["A:M1", "A:Sangan"]], "add": "A:S3"},
        }
    ]
)
def test_odd_choices_are_an_illegal_step_or_a_document_error_never_an_exception(seq: list[dict]) -> None:
    """A zone reference, an empty zone, a number, a nested list, `null`: whatever a document puts
    in `choices`, the replay reads it or refuses the document; it never raises anything else."""
    doc = {"format": "ygo-scenario/1", "board": CHOICE_BOARD, "actions": [*seq, {"do": "resolve"}]}
    try:
        result = replay(doc)
    except DocumentError as err:
        assert err.problems, "a document error names what is wrong"
        return
    illegal = [s for s in result["steps"] if not s["accepted"]]
    assert all(s["explanations"] for s in illegal), "an illegal step says why"
