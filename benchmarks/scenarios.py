"""Scenario documents the benchmarks replay: built here so every benchmark measures the same thing.

- `long_game(actions)`: turns of Normal Summon, attack and end turn until the number of actions
  is reached (50 for the usual benchmark, 1,000 for the long one). Both players draw a known
  monster each turn, hold Spells and Set Traps they never use (so `legal` has work), and have LP
  high enough that nobody loses.
- `with_extra_cards(doc, n)`: the same document with `n` more named cards in each player's Deck
  and GY, to show what a step costs when nothing it touches grew.
- `short_game()`: a 5-action ruling, the usual size of what a judge enters.
"""

from __future__ import annotations

import copy
from typing import Any

MONSTERS = ("Luster Dragon", "Vorse Raider", "Celtic Guardian", "Gemini Elf")


ATK = {"Luster Dragon": 1900, "Vorse Raider": 1900, "Celtic Guardian": 1400, "Gemini Elf": 1900}


def _turn(player: str, number: int, field: dict[str, list[str]], counts: dict[str, int]) -> list[dict]:
    """One turn: summon the card drawn, attack the opponent's newest monster (or directly).
    `field` follows the battles (higher ATK wins, a tie destroys both) so attacks stay legal."""
    other = "B" if player == "A" else "A"
    name = MONSTERS[(number // 2) % len(MONSTERS)]
    counts[f"{player}:{name}"] = count = counts.get(f"{player}:{name}", 0) + 1
    ref = f"{player}:{name}" if count == 1 else f"{player}:{name}#{count}"
    actions: list[dict[str, Any]] = []
    if len(field[player]) < 5:
        actions.append({"player": player, "do": "normal_summon", "card": ref})
        field[player].append(ref)
    else:
        actions.append({"player": player, "do": "change_position", "card": field[player][0], "to": "attack"})
        ref = field[player][-1]
    target = field[other][-1] if field[other] else "direct"
    actions += [
        {"player": player, "do": "phase", "to": "battle"},
        {"player": player, "do": "attack", "attacker": ref, "target": target},
        {"player": player, "do": "phase", "to": "main2"},
        {"player": player, "do": "end_turn"},
    ]
    if target != "direct":
        mine, theirs = ATK[ref.split(":")[1].split("#")[0]], ATK[target.split(":")[1].split("#")[0]]
        if mine >= theirs:
            field[other].remove(target)
        if mine <= theirs:
            field[player].remove(ref)
    return actions


def long_game(actions: int = 50) -> dict[str, Any]:
    """`actions` actions over as many turns as it takes; both Decks hold enough known monsters."""
    turns = actions // 5 + 1
    draws = [MONSTERS[(n + 1) % len(MONSTERS)] for n in range(turns)]
    players = {
        p: {
            "lp": 1_000_000,
            "hand": [MONSTERS[0], "Dark Hole", "Mystical Space Typhoon"],
            "deck": {"cards": draws, "unknown": 5},
            "spell_traps": [
                {"card": name, "zone": zone, "face": "down"}
                for zone, name in enumerate(("Threatening Roar", "Compulsory Evacuation Device", "Waboku"), 1)
            ],
        }
        for p in ("A", "B")
    }
    out: list[dict[str, Any]] = []
    field: dict[str, list[str]] = {"A": [], "B": []}
    counts: dict[str, int] = {}
    number = 0
    while len(out) < actions:
        out += _turn("A" if number % 2 == 0 else "B", number, field, counts)
        number += 1
    return {
        "format": "ygo-scenario/1",
        "title": f"{actions} actions (benchmark)",
        "board": {"turn": 2, "turn_player": "A", "phase": "main1", "players": players},
        "actions": out[:actions],
    }


def with_extra_cards(doc: dict[str, Any], n: int = 1000) -> dict[str, Any]:
    """The same document with `n` more named cards in each player's Deck (below the known
    ones) and GY."""
    doc = copy.deepcopy(doc)
    for player in doc["board"]["players"].values():
        deck = player.get("deck", 0)
        known = deck["cards"] if isinstance(deck, dict) else (deck if isinstance(deck, list) else [])
        player["deck"] = {"cards": [*known, *["Celtic Guardian"] * n], "unknown": 0}
        player["graveyard"] = [*player.get("graveyard", []), *["Giant Soldier of Stone"] * n]
    doc["title"] = f"{doc.get('title', '')} with {n} more cards in each Deck and GY"
    return doc


def short_game() -> dict[str, Any]:
    """Five actions: a summon, a Spell, its resolution and an attack into a face-down Trap."""
    return {
        "format": "ygo-scenario/1",
        "title": "Five actions (benchmark)",
        "board": {
            "turn": 2,
            "turn_player": "A",
            "phase": "main1",
            "players": {
                "A": {"hand": ["Luster Dragon", "Mystical Space Typhoon"], "deck": 30},
                "B": {
                    "deck": 30,
                    "monsters": [{"card": "Celtic Guardian", "zone": 3}],
                    "spell_traps": [{"card": "Threatening Roar", "zone": 1, "face": "down"}],
                },
            },
        },
        "actions": [
            {"player": "A", "do": "normal_summon", "card": "A:Luster Dragon"},
            {
                "player": "A",
                "do": "activate",
                "card": "A:Mystical Space Typhoon",
                "targets": ["B:Threatening Roar"],
            },
            {"do": "resolve"},
            {"player": "A", "do": "phase", "to": "battle"},
            {"player": "A", "do": "attack", "attacker": "A:Luster Dragon", "target": "B:Celtic Guardian"},
        ],
    }
