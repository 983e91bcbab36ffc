"""The replay driver: a fold of the scenario's actions over the game state.

Each action is checked against where the game is (the open prompt: a chain waiting for
responses, a battle window, an open game state). What the rules do by themselves first
(resolving an open chain before a new action, passing through windows to reach `at`,
finishing a pending attack) is recorded as steps of its own, so a judge sees every move.
The driver keeps no state of its own between actions: the `Game` is the whole state, which
is what lets a replay be forked at any step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.rules import battle as battle_rules
from engine.rules import chain as chain_rules
from engine.rules import checks, summons, turns
from engine.scenario import ActionEntry, Scenario, load_scenario
from engine.serialize import board_to_dict
from engine.state import Board, Game, evolve, opponent
from engine.tx import Illegal, Tx

_REASONS = {
    "zero_lp": "a player's LP reached 0",
    "both_zero_lp": "both players reached 0 LP: a draw",
    "deck_out": "a player could not draw",
    "concede": "a player conceded",
    "exodia": "a player assembled all five pieces of Exodia",
}
MOVING_ON = ("attack", "phase", "end_turn")
CHAIN_VERBS = ("activate", "pass", "decline", "resolve")


class _Recorder:
    """Collects steps; serializes each distinct board once (boards are shared between steps)."""

    def __init__(self) -> None:
        self.steps: list[dict[str, Any]] = []
        self._boards: dict[int, tuple[Board, dict]] = {}

    def board(self, board: Board) -> dict:
        kept = self._boards.get(id(board))
        if kept is None or kept[0] is not board:
            kept = (board, board_to_dict(board))
            self._boards[id(board)] = kept
        return kept[1]

    def add(self, tx: Tx, action: int | None, kind: str, accepted: bool, summary: str) -> None:
        self.steps.append({
            "n": len(self.steps) + 1,
            "action": action,
            "kind": kind,
            "accepted": accepted,
            "summary": summary,
            "events": tx.events,
            "explanations": [e.to_dict() for e in tx.explanations],
            "chain": [link.to_dict() for link in tx.game.chain],
            "board": self.board(tx.board),
        })  # fmt: skip


def _illegal(rec: _Recorder, game: Game, index: int, action: ActionEntry, err: Illegal) -> Game:
    tx = Tx(game)
    tx.explanations.append(err.explanation)
    rec.add(tx, index, "action", False, f"Illegal: {describe(action)}")
    return game


def describe(action: ActionEntry) -> str:
    """A short line for an action as the judge entered it."""
    if action.do == "resolve":
        return "Both players pass (resolve)"
    who = action.player or "Both players"
    verb = action.do.replace("_", " ")
    what = action.card or action.attacker or action.to or ""
    if action.do == "attack":
        what = f"{action.attacker} -> {action.target}"
    return f"{who} {verb} {what}".strip()


def _automatic(rec: _Recorder, game: Game, index: int | None, kind: str,
               work: Callable[[Tx], str | None]) -> Game:  # fmt: skip
    tx = Tx(game)
    summary = work(tx)
    checks.settle(tx)
    if summary is None and not tx.events:
        return game
    rec.add(tx, index, kind, True, summary or "")
    return tx.game


def _resolve_chain(rec: _Recorder, game: Game, index: int | None, announce: bool) -> Game:
    """Resolve the whole open chain, one step per link; the duel may end between links."""
    first = True
    while game.chain and game.result is None:
        def one(tx: Tx, first: bool = first) -> str:
            if first and announce:
                tx.say("action.chain_resolved_first", "Both players pass: the open chain "
                       "resolves before the next action.")  # fmt: skip
            if first:
                size = len(tx.game.chain)
                what = "the chain of 1 link resolves" if size == 1 else (
                    f"the chain of {size} links resolves, last link first")  # fmt: skip
                tx.say("chain.resolves", f"Both players pass: {what}.")
            summary = chain_rules.resolve_top(tx)
            if not tx.game.chain:
                checks.settle(tx)
                if tx.game.result is None:
                    chain_rules.after_chain(tx)
                    battle = tx.game.battle
                    if battle is not None and battle.window == "battle_step":
                        battle_rules.replay_check(tx)
            return summary

        game = _automatic(rec, game, index, "chain_link_resolves", one)
        first = False
    if game.result is not None and game.chain:
        game = evolve(game, chain=())
    return game


def _dispatch(tx: Tx, action: ActionEntry, next_at: str | None) -> str:
    do = action.do
    if do == "normal_summon":
        return summons.normal_summon(tx, action)
    if do == "set":
        return _set(tx, action)
    if do == "flip_summon":
        return summons.flip_summon(tx, action)
    if do == "special_summon":
        return summons.special_summon(tx, action)
    if do == "change_position":
        return summons.change_position(tx, action)
    if do == "attack":
        return battle_rules.attack(tx, action)
    if do == "phase":
        return turns.phase(tx, action)
    if do == "end_turn":
        return turns.end_turn(tx, action, next_at)
    if do == "concede":
        return turns.concede(tx, action)
    if do == "activate":
        return chain_rules.activate(tx, action)
    if do == "pass":
        tx.emit("passed", player=action.player)
        tx.update(priority=opponent(action.player or "A"))
        tx.say("action.passed", f"{action.player} passes priority.")
        return f"{action.player} passes"
    if do == "decline":
        raise Illegal("trigger.none_waiting", "No optional trigger is waiting to be declined.")
    raise Illegal("action.nothing_to_resolve", f"Unknown action {do!r}.")


def _set(tx: Tx, action: ActionEntry) -> str:
    from engine.refs import resolve_ref

    card = resolve_ref(tx.board, action.card or "")
    if tx.board.define(card.id).is_monster:
        return summons.set_monster(tx, action)
    from engine.rules.spells import set_spell_trap

    return set_spell_trap(tx, action)


def _resolve_action(rec: _Recorder, game: Game, index: int) -> Game:
    """`resolve`: close the open chain, else the current battle window, else nothing."""
    if game.chain:
        return _resolve_chain(rec, game, index, announce=False)
    if game.battle is not None:
        def close(tx: Tx) -> str:
            window = tx.game.battle.window  # type: ignore[union-attr]
            battle_rules.next_window(tx)
            return f"Both players pass: {battle_rules.WINDOW_NAMES[window]} ends"

        return _automatic(rec, game, index, "window", close)
    tx = Tx(_moved_on(game))
    tx.say("action.nothing_to_resolve", "Both players pass; no chain or battle window is open, "
           "so nothing happens.")  # fmt: skip
    rec.add(tx, index, "action", True, "Both players pass")
    return tx.game


def _apply(rec: _Recorder, game: Game, index: int, action: ActionEntry, next_at: str | None) -> Game:
    if game.result is not None:
        return _illegal(rec, game, index, action, Illegal(
            "duel.over", f"The duel is over ({_REASONS.get(game.result.reason, game.result.reason)}); "
            "no further action counts."))
    if action.do == "resolve":
        return _resolve_action(rec, _summon_moment(game, action), index)
    if action.do not in CHAIN_VERBS and game.chain:
        game = _resolve_chain(rec, game, None, announce=True)
        if game.result is not None:
            return _illegal(rec, game, index, action, Illegal(
                "duel.over", "The duel ended while the chain resolved."))
    if action.do not in CHAIN_VERBS:
        game = _moved_on(game)
    if action.at:
        try:
            game = _automatic(rec, game, None, "window",
                              lambda tx: _advance(tx, action))  # fmt: skip
        except Illegal as err:
            return _illegal(rec, game, index, action, err)
    if action.do in MOVING_ON and game.battle is not None:
        def finish(tx: Tx) -> str:
            battle_rules.finish_battle(tx)
            return "Both players pass through the rest of the attack"

        game = _automatic(rec, game, None, "window", finish)
        if game.result is not None:
            return _illegal(rec, game, index, action, Illegal(
                "duel.over", "The duel ended during the attack."))
    tx = Tx(_summon_moment(game, action))
    try:
        summary = _dispatch(tx, action, next_at)
    except Illegal as err:
        return _illegal(rec, game, index, action, err)  # an illegal action changes nothing
    checks.settle(tx)
    rec.add(tx, index, "action", True, summary)
    return tx.game


def _summon_moment(game: Game, action: ActionEntry) -> Game:
    """A summon can be negated only right after it is attempted; anything else that happens
    makes it successful. Responses to a successful summon (Trap Hole) last only while nothing
    else happens: a new action outside the chain ends that window."""
    attempt = game.summon_attempt
    negating = action.do == "activate" and "summon" in action.targets
    if attempt is not None and not negating:
        board = game.board
        for card_id in attempt.cards:
            if card_id in board.cards and board.cards[card_id].pending:
                board = board.with_card(evolve(board.cards[card_id], pending=False))
        game = evolve(game, board=board, summon_attempt=None, last_summon=attempt)
    return game


def _moved_on(game: Game) -> Game:
    """Something new happens outside a chain: the last summon is no longer the last thing."""
    return evolve(game, last_summon=None) if game.last_summon is not None else game


def _advance(tx: Tx, action: ActionEntry) -> str | None:
    moved = turns.advance_to(tx, action.at or "", action.player or tx.board.turn_player)
    if not moved:
        return None
    label = (action.at or "").replace("_", " ")
    return f"Both players pass until {label}"


def run(scenario: Scenario) -> dict[str, Any]:
    rec = _Recorder()
    game = scenario.game
    actions = scenario.actions
    for index, action in enumerate(actions):
        next_at = actions[index + 1].at if index + 1 < len(actions) else None
        game = _apply(rec, game, index, action, next_at)
    result = game.result.to_dict() if game.result else {"winner": None, "draw": False,
                                                        "reason": None}  # fmt: skip
    return {
        "format": "ygo-scenario/1",
        "title": scenario.title,
        "steps": rec.steps,
        "result": result,
        "final_board": rec.board(game.board),
    }


def replay(document: dict) -> dict[str, Any]:
    """Validate a scenario document and replay it; raises DocumentError for a bad document."""
    return run(load_scenario(document))
