"""The action list in words: each action as the sentence a judge would say ("A activates Dark
Hole", "B attacks A's Sangan with Vorse Raider"), written from the action as entered, so that it
reads even where the engine refuses it. Phases, moments, costs and summons are worded by
engine.explain; this module only puts them in order."""

import re
from typing import Any

from engine.explain import CHOICE_WORDS, EFFECT_KIND_WORDS, SUMMON_WORDS, moment_words, phase_words

REF = re.compile(r"^(?P<owner>[AB]):(?P<name>.+?)(?:#(?P<copy>\d+))?$")
# A cost as a sentence says it, by the key of an action's `cost` ("banishing Peten the Dark Clown").
COST_PHRASES = {
    "discard": "discarding {}",
    "tribute": "Tributing {}",
    "banish": "banishing {}",
    "send_to_gy": "sending {} to the GY",
    "detach": "detaching {}",
    "reveal": "revealing {}",
    "remove_counters": "removing {} counters",
    "pay_lp": "paying {} LP",
}
PILES = ("hand", "graveyard", "banished", "extra_deck", "monsters", "spell_traps")


def card_names(board: dict[str, Any] | None) -> dict[str, str]:
    """Every card id of a replay's board (its final one: ids never change) and its name."""
    names: dict[str, str] = {}
    for player in ((board or {}).get("players") or {}).values():
        entries: list[Any] = []
        for pile in PILES:
            entries += list(player.get(pile) or [])
        if isinstance(player.get("field_spell"), dict):
            entries.append(player["field_spell"])
        deck = player.get("deck")
        if isinstance(deck, dict):
            entries += list(deck.get("cards") or [])
        for entry in entries:
            if not isinstance(entry, dict):
                continue
            for card in (entry, *(m for m in entry.get("materials") or [] if isinstance(m, dict))):
                if card.get("id") and card.get("card"):
                    names[str(card["id"])] = str(card["card"])
    return names


def _as_list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else [] if value in (None, "") else [value]


def _joined(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1] if words else ""


class Words:
    """Card references in words, for one action's player: their own cards by name, the
    opponent's as "B's Sangan", a second copy as "Sangan (2)"."""

    def __init__(self, names: dict[str, str], player: str):
        self.names = names
        self.player = player

    def card(self, ref: Any) -> str:
        ref = str(ref)
        if ref in ("A", "B"):
            return f"player {ref}"
        if ref == "summon":
            return "the summon"
        if ref.startswith("link:"):
            return f"Chain Link {ref[5:]}"
        match = REF.match(ref)
        name = self.names.get(ref) or (match["name"] if match else ref)
        if match and match["copy"]:
            name += f" ({match['copy']})"
        owner = match["owner"] if match else ""
        return f"{owner}'s {name}" if owner and owner != self.player else name

    def cards(self, refs: Any) -> str:
        return _joined([self.card(r) for r in _as_list(refs)])


def _position(position: Any) -> str:
    return {"attack": " in Attack Position", "defense": " in Defense Position", "set": " face-down"}.get(
        str(position), ""
    )


def _activate(a: dict[str, Any], w: Words) -> str:
    text = f"{a['player']} activates {w.card(a.get('card', '?'))}"
    mode = a["choices"].get("mode") if isinstance(a.get("choices"), dict) else None
    if a.get("effect") or mode:
        text += f" (effect {a.get('effect') or 1}" + (f", choice {mode})" if mode else ")")
    if a.get("effect_kind") in EFFECT_KIND_WORDS:  # a facts-only monster's, its kind stated
        text += f" (its {EFFECT_KIND_WORDS[a['effect_kind']]})"
    parts = []
    if a.get("targets"):
        parts.append(f"targeting {w.cards(a['targets'])}")
    if a.get("responds_to"):
        parts.append(f"in response to {w.card(a['responds_to'])}")
    for key, value in (a.get("cost") or {}).items() if isinstance(a.get("cost"), dict) else ():
        phrase = COST_PHRASES.get(key, key.replace("_", " ") + " {}")
        parts.append(phrase.format(value if key in ("pay_lp", "remove_counters") else w.cards(value)))
    for key, value in (a.get("choices") or {}).items() if isinstance(a.get("choices"), dict) else ():
        if key == "mode":
            continue  # said with the effect: "(effect 1, choice 2)"
        words = CHOICE_WORDS.get(key, key.replace("_", " "))
        if isinstance(value, bool):
            parts.append(f"choosing {'to' if value else 'not to'} {words}")
        elif isinstance(value, int):
            parts.append(f"choosing {words} {value}")
        else:
            parts.append(f"choosing {w.cards(value)} to {words}")
    if a.get("resolution"):
        parts.append("with what happened stated by the judge")
    return text + (", " + ", ".join(parts) if parts else "")


def _summon(a: dict[str, Any], w: Words) -> str:
    card = w.card(a.get("card", "?"))
    do = a["do"]
    if do == "normal_summon":
        verb = "Tribute Summons" if a.get("tributes") else "Normal Summons"
        text = f"{a['player']} {verb} {card}" + _position(a.get("position"))
    elif do == "set":
        text = f"{a['player']} Sets {card}"
    elif do == "flip_summon":
        text = f"{a['player']} Flip Summons {card}"
    else:
        text = f"{a['player']} Special Summons {card}"
        if a.get("method"):
            text += f" by {SUMMON_WORDS.get(str(a['method']), a['method'])}"
        if a.get("materials"):
            text += f", using {w.cards(a['materials'])}"
        text += _position(a.get("position"))
    if a.get("tributes"):
        text += f", Tributing {w.cards(a['tributes'])}"
    if a.get("zone"):
        text += f", to zone {a['zone']}"
    return text


def sentence(action: Any, names: dict[str, str]) -> str:
    """One action as a sentence; a line the engine cannot read as an action says so."""
    if not isinstance(action, dict) or not isinstance(action.get("do"), str):
        return "A line that is not an action (change it as text)"
    do = action["do"]
    if do == "resolve":
        text = "Both players pass: the chain resolves"
    else:
        player = str(action.get("player") or "?")
        a = {**action, "player": player}
        w = Words(names, player)
        if do == "activate":
            text = _activate(a, w)
        elif do in ("normal_summon", "set", "flip_summon", "special_summon"):
            text = _summon(a, w)
        elif do == "attack":
            attacker = w.card(a.get("attacker", "?"))
            target = a.get("target")
            if target == "direct" or not target:
                text = f"{player} attacks directly with {attacker}"
            else:
                text = f"{player} attacks {w.card(target)} with {attacker}"
        elif do == "change_position":
            to = {"attack": "Attack Position", "defense": "Defense Position"}.get(
                str(a.get("to")), a.get("to")
            )
            text = f"{player} changes {w.card(a.get('card', '?'))} to {to}"
        elif do == "phase":
            text = f"{player} moves to {phase_words(str(a.get('to', '?')))}"
        elif do == "end_turn":
            text = f"{player} ends the turn"
            if isinstance(a.get("choices"), dict) and a["choices"].get("discard"):
                text += f", discarding {w.cards(a['choices']['discard'])}"
        elif do == "pass":
            text = f"{player} passes"
        elif do == "decline":
            text = f"{player} declines the effect of {w.card(a.get('card', '?'))}"
        elif do == "concede":
            text = f"{player} concedes"
        else:
            text = f"{player}: {do.replace('_', ' ')}"
    if action.get("at"):
        text += f", at {moment_words(str(action['at']))}"
    return text
