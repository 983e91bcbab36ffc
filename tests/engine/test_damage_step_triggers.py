"""Triggers set off at the end of the Damage Step (a monster destroyed by battle and sent to the GY
there) are activated in the Damage Step, before the battle goes back to the Battle Step: what may
answer them, and what may answer a monster they Summon, is what the Damage Step allows (Yu-Gi-Oh!
Wiki, Damage Step, http://yugioh-x13.wikia.com/wiki/Damage_Step: a monster Special Summoned there
by Mystic Tomato's or Shining Angel's effect cannot be answered by Torrential Tribute; Games
Learning Society, "What does end of the damage step mean?",
https://www.gameslearningsociety.org/wiki/what-does-end-of-the-damage-step-mean: effects that
activate on destruction by battle trigger and resolve at the end of the Damage Step)."""

from __future__ import annotations

from typing import Any

from engine import replay

# A's Vorse Raider destroys B's Reborn Tengu by battle; its mandatory trigger Special Summons the
# second from the Deck. A holds a Set Mystical Space Typhoon, B a Set Torrential Tribute.
DOCUMENT: dict[str, Any] = {
    "format": "ygo-scenario/1",
    "board": {
        "turn": 3, "turn_player": "A", "phase": "battle", "step": "battle",
        "players": {
            "A": {"deck": 10, "monsters": [{"card": "Vorse Raider", "zone": 1}],
                  "spell_traps": [{"card": "Mystical Space Typhoon", "zone": 1, "face": "down"}]},
            "B": {"deck": {"cards": ["Reborn Tengu"], "unknown": 10},
                  "monsters": [{"card": "Reborn Tengu", "zone": 1}],
                  "spell_traps": [{"card": "Torrential Tribute", "zone": 1, "face": "down"}]},
        },
    },
    "actions": [
        {"player": "A", "do": "attack", "attacker": "A:Vorse Raider", "target": "B:Reborn Tengu"},
        {"player": "A", "do": "phase", "to": "main2"},
    ],
}  # fmt: skip


def _codes(step: dict[str, Any]) -> list[str]:
    return [e["code"] for e in step["explanations"]]


def _cannot(step: dict[str, Any], player: str) -> dict[str, str]:
    return {entry["name"]: entry["reason"] for entry in step["legal"][player]["cannot"]}


def test_a_trigger_of_the_damage_steps_end_is_chained_before_the_battle_step() -> None:
    steps = replay(DOCUMENT)["steps"]
    opened = next(s for s in steps if "trigger.activated" in _codes(s))
    resolved = next(s for s in steps if s["n"] > opened["n"] and "chain.link_resolved" in _codes(s))
    back = next(s for s in steps if "battle.ended" in _codes(s))
    assert opened["n"] < resolved["n"] < back["n"]
    stop = next(s for s in steps if "end of the Damage Step" in s["summary"])
    assert stop["n"] < opened["n"]
    # answering the trigger, and the Summon it made: only what the Damage Step allows
    assert "Damage Step" in _cannot(opened, "A")["Mystical Space Typhoon"]
    assert "Damage Step" in _cannot(resolved, "B")["Torrential Tribute"]
    # back in the Battle Step, a Quick-Play Spell can be activated again
    assert any(e["name"] == "Mystical Space Typhoon" for e in back["legal"]["A"]["can"])
