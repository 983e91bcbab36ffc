"""Properties that hold for any sequence of actions: the replay never crashes, is the same
every time, and no card appears from nowhere or vanishes (tokens excepted)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import replay

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
