"""The verdict: the ruling in a few sentences, most decisive first, each pointing at its step.

A judge is asked a question ("does Peten miss the timing?", "who wins?"); the replay answers it
somewhere in its steps. The verdict gathers those answers from what the replay already holds
(steps, events, explanations, result, final board), so it never decides anything: how the duel
ended, each illegal action and why, each trigger that missed the timing and what came after it,
what was negated, the order each chain resolved in, where the cards the actions named ended,
and the LP when the duel goes on. Its sentences are codes and phrases of `engine.explain`
(`verdict.*`), their cards named by the replay's namer (`JudgeNames`).
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Iterator
from typing import Any

from engine.document import ActionEntry
from engine.errors import Illegal
from engine.explain import (
    PHRASES,
    Card,
    CardId,
    Explanation,
    Names,
    Phase,
    Phrase,
    Player,
    Zone,
    explain,
    from_dict,
    render,
    render_phrase,
)
from engine.refs import resolve_ref
from engine.state import PHASE_NAMES, Board

Entry = dict[str, Any]
NEGATION_WORDS = ("activation", "effect", "effects", "attack")
PILES = ("hand", "graveyard", "banished", "extra_deck")


def describe(action: ActionEntry, board: Board) -> Phrase:
    """An action as the judge entered it, its cards named (an illegal step's title and verdict)."""
    who = Player(action.player) if action.player else Phrase("action.both_players")
    if action.do == "resolve":
        return Phrase("action.resolve")
    if action.do == "attack":
        attacker = _card(board, action.attacker)
        if action.target == "direct":
            return Phrase("action.attack_direct", player=who, attacker=attacker)
        return Phrase("action.attack", player=who, target=_card(board, action.target), attacker=attacker)
    if action.do == "phase" and action.to in PHASE_NAMES:
        return Phrase("action.phase", player=who, phase=Phase(action.to or ""))
    verb = Phrase("action_verb." + action.do) if f"action_verb.{action.do}" in PHRASES else Zone(action.do)
    if action.card:
        return Phrase("action.card", player=who, verb=verb, card=_card(board, action.card))
    return Phrase("action.plain", player=who, verb=verb)


def _card(board: Board, ref: str | None) -> Card | CardId:
    """A card an action names: the card on the board, or the reference as typed if none fits."""
    try:
        card = resolve_ref(board, ref or "")
    except Illegal:
        return CardId(ref or "")
    return Card(card.id, card.name)


def verdict(steps: list[dict[str, Any]], result: dict[str, Any], final_board: dict[str, Any],
            actions: tuple[ActionEntry, ...], board: Board, names: Names) -> list[Entry]:  # fmt: skip
    """The replay's `verdict`: `[{step, code, text}]`, most decisive first. `board` is the
    scenario's first board (the actions' references are read against it)."""
    if not steps:
        return []
    ended = bool(result.get("winner") or result.get("draw"))
    found = [
        *(_result(steps, result, names) if ended else []),
        *_illegal(steps, actions, board, names),
        *_missed(steps, names),
        *_negated(steps, names),
        *_chains(steps, names),
    ]
    disputed = [*_named(actions, board), *_concerned(steps)]
    found += _ended(steps, final_board, dict.fromkeys(disputed), names, ended)
    if not ended:
        found += _lp(steps, final_board, names)
    return found


def _entry(step: int, code: str, text: str) -> Entry:
    return {"step": step, "code": code, "text": text}


def _result(steps: list[dict[str, Any]], result: dict[str, Any], names: Names) -> Iterator[Entry]:
    """How the duel ended, in the words of the rule that ended it."""
    for step in reversed(steps):
        if not any(e.get("type") == "duel_end" for e in step["events"]):
            continue
        ending = [
            e for e in step["explanations"] if e["code"].startswith("duel.") and e["code"] != "duel.over"
        ]
        why: Explanation | Phrase | None = from_dict(ending[0]) if ending else None
        if why is None:
            why = Phrase("verdict.ended_draw") if result.get("draw") else Phrase(
                "verdict.ended_win", player=Player(str(result.get("winner"))))  # fmt: skip
        yield _entry(step["n"], "verdict.result", render(explain("verdict.result", why=why), names))
        return


def _illegal(steps: list[dict[str, Any]], actions: tuple[ActionEntry, ...], board: Board,
             names: Names) -> Iterator[Entry]:  # fmt: skip
    """Each action the rules refused (not the ones after the duel ended), and the rule it breaks; a
    mandatory trigger the engine could not activate is said as such, not as the action's fault."""
    for step in steps:
        if step["accepted"] or not step["explanations"] or step["explanations"][0]["code"] == "duel.over":
            continue
        rule = step["explanations"][0]
        why = from_dict(rule)
        index = step["action"]
        if step["kind"] == "automatic":  # the engine's own step (a mandatory trigger), not an action
            text = render_phrase(Phrase("verdict.mandatory_not_activated", why=why), names)
        elif index is None:
            text = render_phrase(Phrase("verdict.not_possible", why=why), names)
        else:
            text = render_phrase(
                Phrase("verdict.illegal", action=describe(actions[index], board), why=why), names
            )
        yield _entry(step["n"], rule["code"], text)


def _missed(steps: list[dict[str, Any]], names: Names) -> Iterator[Entry]:
    """Each trigger that missed the timing, with what set it off and what came after."""
    for step in steps:
        for e in step["explanations"]:
            if e["code"] == "timing.missed":
                params = from_dict(e).params
                phrase = Phrase("verdict.missed_timing", trigger=params["trigger"], what=params["what"],
                                after=params["after"])  # fmt: skip
                yield _entry(step["n"], "timing.missed", render_phrase(phrase, names))


def _negated(steps: list[dict[str, Any]], names: Names) -> Iterator[Entry]:
    """Each activation, effect or attack negated, and each summon negated, with the card that did it."""
    for step in steps:
        summons: dict[str, list[Card]] = {}
        for event in step["events"]:
            if event.get("type") == "negated" and event.get("card") and event.get("cause"):
                what = event.get("what")
                word = Phrase("verdict.negated." + what) if what in NEGATION_WORDS else Zone(str(what))
                text = render(explain("verdict.negated", cause=_id(event["cause"]), what=word,
                                      card=_id(event["card"])), names)  # fmt: skip
                yield _entry(step["n"], "verdict.negated", text)
            elif event.get("type") == "summon_negated" and event.get("cause"):
                summons.setdefault(event["cause"], []).append(_id(event["card"]))
        for cause, cards in summons.items():
            text = render(explain("verdict.summon_negated", cause=_id(cause), cards_=cards), names)
            yield _entry(step["n"], "verdict.summon_negated", text)


def _chains(steps: list[dict[str, Any]], names: Names) -> Iterator[Entry]:
    """Each chain of two or more links: the order its links resolved in and what each did."""
    chain: list[Phrase] = []
    first = 0
    for step in [*steps, None]:
        starts = step is None or any(e["code"] == "chain.resolves" for e in step["explanations"])
        if starts and len(chain) > 1:
            yield _entry(
                first, "verdict.chain_order", render(explain("verdict.chain_order", links=chain), names)
            )
        if starts:
            chain, first = [], step["n"] if step else 0
        if step is None or step["kind"] != "chain_link_resolves":
            continue
        ends = [
            e for e in step["events"] if e.get("type") in ("resolved", "no_effect") and e.get("chain_link")
        ]
        link = ends[0] if ends else None
        if link is None:
            continue
        negated = "negated" in str(link.get("reason") or "")
        key = "verdict.link.resolved" if link["type"] == "resolved" else (
            "verdict.link.negated" if negated else "verdict.link.no_effect")  # fmt: skip
        chain.append(Phrase(key, link=link["chain_link"], card=_id(link["card"])))


def _named(actions: tuple[ActionEntry, ...], board: Board) -> Iterator[str]:
    """The cards the actions name (cards, attackers, targets, costs, Tributes, materials), as ids
    on the first board; references that name no card there (`direct`, `link:1`) are skipped."""
    for action in actions:
        refs: list[Any] = [action.card, action.attacker, action.target, *action.targets]
        refs += [getattr(action, key, None) for key in ("tributes", "materials")]
        refs += list((action.cost or {}).values()) if isinstance(action.cost, dict) else []
        for ref in _flat(refs):
            try:
                yield resolve_ref(board, ref).id
            except Illegal:
                continue


def _flat(values: Iterable[Any]) -> Iterator[str]:
    for value in values:
        if isinstance(value, str):
            yield value
        elif isinstance(value, list | tuple):
            yield from _flat(value)


def _concerned(steps: list[dict[str, Any]]) -> Iterator[str]:
    """The cards whose trigger missed the timing, that were negated, or that a Chain Link moved: a
    judge asks where they went."""
    for step in steps:
        for e in step["explanations"]:
            if e["code"] == "timing.missed":
                yield from e["cards"]
        for event in step["events"]:
            if not isinstance(event.get("card"), str):
                continue
            moved = event.get("chain_link") and (event.get("to") or event.get("from"))
            if moved or event.get("type") in ("negated", "summon_negated"):
                yield event["card"]


def _ended(steps: list[dict[str, Any]], final_board: dict[str, Any], cards: dict[str, None],
           names: Names, over: bool) -> Iterator[Entry]:  # fmt: skip
    """Where each disputed card is after the last step, pointing at the last step that moved it;
    if the duel is over, where it was when the duel ended (a chain the end cut short is not
    resolved any further: its cards stay where they were)."""
    code = "verdict.card_when_ended" if over else "verdict.card_ended"
    places = _places(final_board, cards)
    moved: dict[str, int] = {}  # card id -> the last step that moved it, in one pass over the steps
    for step in steps:
        for e in step["events"]:
            if (e.get("to") or e.get("from")) and isinstance(card := e.get("card"), str):
                moved[card] = step["n"]
    for card_id in cards:
        where = places.get(card_id, Phrase("verdict.where.gone"))
        last = moved.get(card_id, steps[-1]["n"])
        yield _entry(last, code, render(explain(code, card=_id(card_id), where=where), names))


def _places(board: dict[str, Any], wanted: Container[str]) -> dict[str, Phrase]:
    """Card id -> where it is on a replay board, in words, for the `wanted` cards (a few, on a
    board whose Decks and GYs may hold thousands)."""
    out: dict[str, Phrase] = {}
    for name, side in board["players"].items():
        player = Player(name)
        for pile in PILES:
            for card in side.get(pile) or []:
                if card["id"] in wanted:
                    out[card["id"]] = Phrase("verdict.where." + pile, player=player)
        deck = side.get("deck")
        for card in (
            deck.get("cards") or [] if isinstance(deck, dict) else deck if isinstance(deck, list) else []
        ):
            if isinstance(card, dict) and card["id"] in wanted:
                out[card["id"]] = Phrase("verdict.where.deck", player=player)
        for m in side.get("monsters") or []:
            position = Phrase("verdict.position." + str(m.get("position")))
            face = Phrase("verdict.face.down" if m.get("position") == "set" else "verdict.face.up")
            zone = m.get("zone")
            if isinstance(zone, int):
                out[m["id"]] = Phrase("verdict.where.monster", face=face, position=position, player=player,
                                      zone=zone)  # fmt: skip
            else:
                side_word = Phrase("verdict.emz.left" if zone == "emz-left" else "verdict.emz.right")
                out[m["id"]] = Phrase("verdict.where.extra_monster", face=face, position=position,
                                      side=side_word)  # fmt: skip
            for mat in m.get("materials") or []:
                out[mat["id"]] = Phrase("verdict.where.material", card=_id(m["id"]))
        for s in side.get("spell_traps") or []:
            face = Phrase("verdict.face.down" if s.get("face") == "down" else "verdict.face.up")
            out[s["id"]] = Phrase("verdict.where.spell_trap", face=face, player=player, zone=s.get("zone"))
        field = side.get("field_spell")
        if field:
            face = Phrase("verdict.face.down" if field.get("face") == "down" else "verdict.face.up")
            out[field["id"]] = Phrase("verdict.where.field_spell", face=face, player=player)
    return out


def _lp(steps: list[dict[str, Any]], final_board: dict[str, Any], names: Names) -> Iterator[Entry]:
    """The duel goes on: each player's LP after the last step."""
    lps = [
        Phrase("verdict.lp_of", player=Player(p), lp=side.get("lp"))
        for p, side in final_board["players"].items()
    ]
    yield _entry(steps[-1]["n"], "verdict.lp", render(explain("verdict.lp", lps=lps), names))


def _id(card_id: str) -> Card:
    """A card of the replay's events: the namer names it by its id."""
    return Card(card_id, card_id)
