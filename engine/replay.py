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

from engine.changes import board_changes
from engine.document import ActionEntry
from engine.errors import DocumentError, Illegal, Problem
from engine.explain import Card, Explanation, JudgeNames, Names, Phrase, Player, Window, render_phrase
from engine.limits import LIMITS, Limits, exceeded, excerpt
from engine.refs import resolve_ref
from engine.rules import battle as battle_rules
from engine.rules import chain as chain_rules
from engine.rules import checks, lasting_moments, procedures, resolution, summons, triggers, turns
from engine.rules.legal import legal_now, refused_trigger
from engine.scenario import Scenario, load_scenario
from engine.serialize import BoardWriter
from engine.state import Board, ChainLink, Game, Summon, evolve, opponent
from engine.tx import Tx
from engine.verdict import describe, verdict

_REASONS = {
    "zero_lp": "a player's LP reached 0",
    "both_zero_lp": "both players reached 0 LP: a draw",
    "both_deck_out": "both players had to draw more cards at once than their Decks held: a draw",
    "deck_out": "a player could not draw",
    "concede": "a player conceded",
    "exodia": "a player assembled all five pieces of Exodia",
    "match_win": "Victory Dragon's attack reduced a player to 0 LP: its controller wins the Match",
    "counters": "a card's effect won the duel by its counters (Vennominaga)",
    "final_countdown": "a Final Countdown reached the end of its 20th turn",
}
MOVING_ON = ("attack", "phase", "end_turn")
CHAIN_VERBS = ("activate", "pass", "decline", "resolve")


BOARDS = ("every", "changes", "final")
LEGAL = ("every", "none", "last")


class _Recorder:
    """Collects steps; writes each distinct board once (boards are shared between steps).

    `boards` and `legal` are the replay options (README, "Replay options"): they choose what a
    step carries besides what it always does, never what happened. `focus` (a step number) is
    the pages' cheap path: that step carries its `legal`, and with `boards=final` its whole
    `board`, whatever the options say of the other steps.
    """

    def __init__(self, boards: str = "every", legal: str = "every", focus: int | None = None,
                 names: Names | None = None, limits: Limits = LIMITS) -> None:  # fmt: skip
        self.steps: list[dict[str, Any]] = []
        self.names = names  # how sentences name cards (JudgeNames: "B's second Peten the Dark Clown")
        self.limits = limits
        self.written = 0  # cards the step boards hold so far (limit: output_cards)
        self.boards = boards
        self.legal = legal
        self.focus = focus
        self._writer = BoardWriter()
        self._boards: dict[int, tuple[Board, Any, Any, dict]] = {}
        self._last_board: dict | None = None  # boards=changes: the board of the step before
        self._last_game: Game | None = None  # legal=last: the game after the last step
        self._legal_of: tuple[Game, dict[str, Any]] | None = None  # the last game `legal` was found for
        self.games: list[Game] | None = None  # when given, each step's game is kept there (forks)

    def board(self, game: Game) -> dict:
        """The game's board as written (with what a fork needs of the game: `serialize`)."""
        board = game.board
        kept = self._boards.get(id(board))
        if kept is None or kept[0] is not board or kept[1] is not game.memory or kept[2] is not game.created:
            kept = (board, game.memory, game.created, self._writer.write(board, game))
            self._boards[id(board)] = kept
        return kept[3]

    def _legal(self, game: Game) -> dict[str, Any]:
        """`legal_now`, once per game: a step that changed nothing (an illegal action) has the
        very game of the step before, and so its `legal` (shared, like the boards: read-only)."""
        if self._legal_of is None or self._legal_of[0] is not game:
            self._legal_of = (game, legal_now(game, self.names))
        return self._legal_of[1]

    def add(self, tx: Tx, action: int | None, kind: str, accepted: bool, summary: str | Phrase) -> None:
        if len(self.steps) >= self.limits.steps:
            raise exceeded("actions", "steps", len(self.steps) + 1, self.limits)
        if isinstance(summary, Phrase):
            summary = render_phrase(summary, self.names)
        step = {
            "n": len(self.steps) + 1,
            "action": action,
            "kind": kind,
            "accepted": accepted,
            "summary": summary,
            "events": tx.events,
            "explanations": [e.to_dict(self.names) for e in tx.explanations],
            "chain": [_link_dict(tx.board, link) for link in tx.game.chain],
        }
        focused = step["n"] == self.focus
        if self.legal == "every" or focused:
            step["legal"] = self._legal(tx.game)
        self._last_game = tx.game
        if self.boards == "every" or (focused and self.boards == "final"):
            self._count(tx.board)
            step["board"] = self.board(tx.game)
        elif self.boards == "changes":
            board = self.board(tx.game)
            if self._last_board is None:
                step["board"] = board
            else:
                step["changes"] = board_changes(self._last_board, board)
            self._last_board = board
        self.steps.append(step)
        if self.games is not None:
            self.games.append(tx.game)

    def _count(self, board: Board) -> None:
        """The output bound: every whole board a step carries counts its cards (its `legal` is
        what a player could do with the few cards in reach: small beside the board)."""
        self.written += len(board.cards)
        if self.written > self.limits.output_cards:
            hint = "ask for less with boards=changes or boards=final"
            raise exceeded("actions", "output_cards", self.written, self.limits, hint)

    def finish(self) -> None:
        """`legal=last`: the last step alone says what could be activated after it."""
        if self.legal != "last" or self._last_game is None:
            return
        last = self.steps[-1]
        tail = {k: last.pop(k) for k in ("board", "changes") if k in last}
        last["legal"] = legal_now(self._last_game, self.names)
        last.update(tail)


def _option(name: str, value: str, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise DocumentError([Problem(name, f"unknown {name} option {excerpt(value)}: expected one of "
                                     f"{', '.join(allowed)}")])  # fmt: skip


def _illegal(rec: _Recorder, game: Game, index: int, action: ActionEntry, err: Illegal) -> Game:
    tx = Tx(game)
    tx.explanations.append(err.explanation)
    rec.add(tx, index, "action", False, Phrase("summary.illegal", action=describe(action, game.board)))
    return game


def _duel_ended(rec: _Recorder, game: Game, index: int, action: ActionEntry, when: str) -> Game:
    """The duel ended while the rules did what comes before this action (`when` says where)."""
    return _illegal(rec, game, index, action, Illegal("duel.over", reason=Phrase(when)))


def _automatic(rec: _Recorder, game: Game, index: int | None, kind: str,
               work: Callable[[Tx], str | Phrase | None]) -> Game:  # fmt: skip
    tx = Tx(game)
    summary = work(tx)
    checks.settle(tx)
    if summary is None and not tx.events:
        return game
    triggers.explain_exceptions(tx)
    tx.game = triggers.collect(tx.game, tx.events)
    rec.add(tx, index, kind, True, summary or "")
    return tx.game


def _resolve_chain(rec: _Recorder, game: Game, index: int | None, announce: bool) -> Game:
    """Resolve the whole open chain, one step per link; the duel may end between links."""
    first = True
    while game.chain and game.result is None:

        def one(tx: Tx, first: bool = first) -> str | Phrase:
            if first and announce:
                tx.say("action.chain_resolved_first")  # fmt: skip
            if first:
                size = len(tx.game.chain)
                tx.say(
                    "chain.resolves",
                    what=Phrase(
                        "chain_resolves.one" if size == 1 else "chain_resolves.many",
                        size=size,
                    ),
                )  # fmt: skip
            summary = resolution.resolve_top(tx)
            if not tx.game.chain:
                checks.settle(tx)
                if tx.game.result is None:
                    resolution.after_chain(tx)
                    battle = tx.game.battle
                    if battle is not None and battle.window == "battle_step":
                        battle_rules.replay_check(tx)
            return summary

        try:
            game = _automatic(rec, game, index, "chain_link_resolves", one)
        except Illegal as err:  # a choice naming a zone that is empty as the link resolves
            top = game.chain[-1]
            name = game.board.cards[top.card].name if top.card in game.board.cards else top.card
            raise DocumentError([Problem("actions", f"Chain Link {top.link} ({name}) cannot resolve with "
                                         f"the choices given: {err}")]) from None  # fmt: skip
        first = False
    if game.result is not None and game.chain:
        game = evolve(game, chain=())
    return game


def _dispatch(tx: Tx, action: ActionEntry, next_at: str | None) -> str | Phrase:
    do = action.do
    if do == "normal_summon":
        return summons.normal_summon(tx, action)
    if do == "set":
        return _set(tx, action)
    if do == "flip_summon":
        return summons.flip_summon(tx, action)
    if do == "special_summon":
        return procedures.special_summon(tx, action)
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
        return _pass(tx, action.player or "A")
    if do == "decline":
        raise Illegal("trigger.none_waiting", reason=Phrase("none_waiting.no_optional_trigger_waiting"))
    raise Illegal("action.nothing_to_resolve", reason=Phrase("nothing_to_resolve.unknown_action", do=do))


def _pass(tx: Tx, player: str) -> str | Phrase:
    """Pass priority (rulebook, "Turn Player's Priority"): only the player holding it can."""
    holder = tx.game.priority
    if player != holder:
        raise Illegal("priority.not_holder", player=Player(player), holder=Player(holder))
    tx.emit("passed", player=player)
    tx.update(priority=opponent(player), passed=player)
    foe = opponent(player)
    tx.say(
        "action.passed",
        player=Player(player),
        next=Phrase("passed.chain_open" if tx.game.chain else "passed.window", foe=Player(foe)),
    )  # fmt: skip
    return Phrase("summary.pass", player=Player(player))


def _set(tx: Tx, action: ActionEntry) -> str | Phrase:
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

        def close(tx: Tx) -> str | Phrase:
            window = tx.game.battle.window  # type: ignore[union-attr]
            battle_rules.next_window(tx)
            return Phrase("summary.window_ends", window=Window(window))

        return _automatic(rec, game, index, "window", close)
    tx = Tx(_moved_on(game))
    tx.say("action.nothing_to_resolve", reason=Phrase("nothing_to_resolve.both_players_pass_no"))  # fmt: skip
    rec.add(tx, index, "action", True, "Both players pass")
    return tx.game


def _apply(rec: _Recorder, game: Game, index: int, action: ActionEntry, next_at: str | None,
           upcoming: tuple[ActionEntry, ...] = ()) -> Game:  # fmt: skip
    if game.result is not None:
        return _illegal(
            rec,
            game,
            index,
            action,
            Illegal(
                "duel.over",
                reason=Phrase(
                    "over.duel_over_no_further",
                    result=_REASONS.get(game.result.reason, game.result.reason),
                ),
            ),
        )
    if action.do == "resolve":
        return _resolve_action(rec, _close_window(rec, game, index), index)
    both_passed = game.passed == opponent(action.player or "A") and game.priority == action.player
    if action.do == "pass" and both_passed:  # both players passed in succession: as `resolve`
        game = _apply(rec, evolve(game, passed=None), index, action, next_at)
        return evolve(_resolve_action(rec, _close_window(rec, game, index), index), passed=None)
    if game.passed is not None:
        game = evolve(game, passed=None)  # anything but a pass breaks a run of passes
    if action.do == "decline":
        return _decline(rec, game, index, action)
    if action.do == "activate" and game.building:
        try:
            game = _trigger_order(rec, game, index, action, upcoming)
        except Illegal as err:
            return _illegal(rec, game, index, action, err)
    if action.do not in CHAIN_VERBS and (game.chain or game.waiting):
        game = _settle_chains(rec, game)
        if game.result is not None:
            return _duel_ended(rec, game, index, action, "over.duel_ended_while_chain")
    if action.do not in CHAIN_VERBS:
        game = _moved_on(game)
    if action.at and game.battle is not None and turns.leaves_battle(action.at):
        game = _finish_attack(rec, game)  # its Flip effects first, as when the turn player moves on
        if game.result is not None:
            return _duel_ended(rec, game, index, action, "over.duel_ended_during_attack")
    if action.at:
        try:
            game = _automatic(rec, game, None, "window",
                              lambda tx: _advance(tx, action))  # fmt: skip
        except Illegal as err:
            return _illegal(rec, game, index, action, err)
        if triggers.window_open(game) and not game.building:  # set off on the way (battle)
            game = _open_window(rec, game)
            if action.do == "activate" and game.building:  # the SEGOC order holds here too
                try:
                    game = _trigger_order(rec, game, index, action, upcoming)
                except Illegal as err:
                    return _illegal(rec, game, index, action, err)
    if action.do in MOVING_ON and game.battle is not None:
        game = _finish_attack(rec, game)
        if game.result is not None:
            return _duel_ended(rec, game, index, action, "over.duel_ended_during_attack")
    if action.do in ("phase", "end_turn") and action.player == game.board.turn_player:
        game = _battle_end_first(rec, game)
        if game.result is not None:
            return _duel_ended(rec, game, index, action, "over.duel_ended_end_battle")
    for_triggers = False
    if action.do == "end_turn":
        game = _end_phase_first(rec, game)
        if game.result is not None:
            return _duel_ended(rec, game, index, action, "over.duel_ended_end_phase")
        for_triggers = _standby_stop(game, next_at)
        next_at = "standby" if for_triggers else next_at
    tx = Tx(game)
    try:
        summary = _dispatch(tx, action, next_at)
    except Illegal as err:
        return _illegal(rec, game, index, action, err)  # an illegal action changes nothing
    checks.settle(tx)
    triggers.explain_exceptions(tx)
    tx.game = triggers.collect(tx.game, tx.events)
    rec.add(tx, index, "action", True, summary)
    if action.do == "end_turn" and for_triggers and tx.game.board.phase == "standby":
        return _standby_then_main(rec, tx.game)
    return tx.game


def _finish_attack(rec: _Recorder, game: Game) -> Game:
    """The rest of a pending attack, both players passing, before the turn player moves on (or
    acts `at` a later moment). It stops after damage calculation first: Flip effects of a monster
    the attack turned face-up activate there, before monsters destroyed by battle leave the field
    (rulebook v10, Monster Battle Rules: Activation of a Flip Effect). It stops again at the end of
    the Damage Step when monsters sent to the GY there set off triggers: those are activated in the
    Damage Step, where only what the Damage Step allows can answer them (Yu-Gi-Oh! Wiki, Damage
    Step: Mystic Tomato's Summon there cannot be answered by Torrential Tribute)."""
    for until in ("after_damage_calculation", "damage_step_end", None):

        def finish(tx: Tx, until: str | None = until) -> str | Phrase | None:
            if tx.game.battle is None or tx.game.result is not None or (
                until is not None and tx.game.battle.window == until
            ):  # fmt: skip
                return None  # over (the duel too), or already there (a judge acted after damage calculation)
            battle_rules.finish_battle(tx, until)
            if until == "damage_step_end":
                if triggers.collect(tx.game, tx.events).waiting != tx.game.waiting:
                    return Phrase("summary.attack_until_damage_step_end")
                battle_rules.finish_battle(tx)  # nothing set off: on to the Battle Step, one step
            return Phrase(
                "summary.attack_until_after_damage" if until == "after_damage_calculation"
                else "summary.rest_of_attack"
            )  # fmt: skip

        game = _settle_chains(rec, _automatic(rec, game, None, "window", finish))
    return game


def _end_phase_first(rec: _Recorder, game: Game) -> Game:
    """`end_turn` from before the End Phase: if "During the End Phase" triggers would be set off,
    the End Phase begins as a step of its own and they resolve before the turn ends."""
    if game.board.phase == "end" or not triggers.phase_triggers(game, "end"):
        return game

    def enter(tx: Tx) -> str | Phrase:
        turns.enter_phase(tx, "end")
        tx.finish()
        tx.say("trigger.phase_stop")  # fmt: skip
        return Phrase("summary.enters_end_phase", player=Player(tx.board.turn_player))

    return _settle_chains(rec, _automatic(rec, game, None, "window", enter))


def _battle_end_first(rec: _Recorder, game: Game) -> Game:
    """Leaving the Battle Phase before its End Step: if "at the end of the Battle Phase" triggers
    would be set off (Sword Hunter), the End Step begins as a step of its own and they resolve
    there, before the turn moves on (rulebook, "Battle Phase": the End Step)."""
    board = game.board
    if board.phase != "battle" or board.step == "end" or not triggers.battle_end_triggers(game):
        return game

    def enter(tx: Tx) -> str | Phrase:
        tx.set_board(tx.board.with_turn(step="end"))
        tx.emit("phase", phase="battle", step="end", player=tx.board.turn_player)
        tx.finish()
        tx.say("trigger.battle_phase_end_stop")
        return Phrase("summary.end_step", player=Player(tx.board.turn_player))

    return _settle_chains(rec, _automatic(rec, game, None, "window", enter))


def _standby_stop(game: Game, next_at: str | None) -> bool:
    """Does the next turn stop in its Standby Phase by itself? Yes when the next action does not
    ask to act in its Draw or Standby Phase and a "During ... Standby Phase" trigger would be set
    off there: the trigger resolves there, then the turn goes on to Main Phase 1."""
    if next_at in ("draw", "standby"):
        return False
    return triggers.phase_triggers(game, "standby", opponent(game.board.turn_player))


def _standby_then_main(rec: _Recorder, game: Game) -> Game:
    """The Standby Phase triggers the turn stopped for resolve (mandatory ones activated by the
    engine, optional ones not named with `at: standby` declined); then on to Main Phase 1."""
    game = _settle_chains(rec, game)
    if game.result is not None:
        return game

    def on(tx: Tx) -> str | Phrase:
        turns.advance_to(tx, "main1", tx.board.turn_player)
        tx.finish()
        return Phrase("summary.pass_until_main1")

    return _automatic(rec, game, None, "window", on)


def _open_window(rec: _Recorder, game: Game) -> Game:
    """Triggers set off by what just happened: optional "When" ones whose event was not the
    last thing miss the timing; the rest wait to build a chain in the SEGOC order."""

    def work(tx: Tx) -> Phrase:
        waiting, missed = [], []
        for trig in tx.game.waiting:
            if triggers.missed(tx.game, trig):
                missed.append(trig)
                after = trig.passed_by or (tx.game.last_event[1] if tx.game.last_event else None)
                after = after or Phrase("event.something_else")
                tx.emit("missed_timing", card=trig.card, player=trig.player, effect=_shown(tx.board, trig))
                tx.say(
                    "timing.missed",
                    trigger=Card.of(trig),
                    what=trig.what,
                    after=after,
                    cards=(trig.card,),
                )  # fmt: skip
                continue
            waiting.append(trig)
            tx.emit("triggered", card=trig.card, player=trig.player, effect=_shown(tx.board, trig))
        turn_player = tx.board.turn_player
        waiting.sort(key=lambda t: t.order_class(turn_player))
        tx.update(waiting=tuple(waiting), building=bool(waiting))
        refused = _refused(tx.game, waiting)
        ready = [t for t in waiting if all(t is not r for r, _ in refused)]
        if ready:
            listed = [_listed(t) for t in ready]
            tx.say("trigger.waiting", listed=listed, cards=(*[t.card for t in ready],))  # fmt: skip
        for trig, why in refused:
            tx.say("trigger.cannot_be_activated", trigger=Card.of(trig), what=trig.what, reason=why,
                   cards=(trig.card,))  # fmt: skip
        return _window_title(missed, ready)

    return _automatic(rec, game, None, "triggers", work)


def _refused(game: Game, waiting: list[triggers.Trigger]) -> list[tuple[triggers.Trigger, Explanation]]:
    """The optional triggers just set off that cannot be activated whatever their player chooses
    (legal.refused_trigger), with why: a judge is not told they wait. They stay in the game's
    waiting list, so asking for one still gets its reason, and it is declined as before."""
    out = []
    for trig in waiting:
        card = game.board.cards.get(trig.card)
        if trig.mandatory or card is None:
            continue
        effect = game.board.define(trig.card).effects[trig.effect - 1]
        if (why := refused_trigger(game, trig.player, card, trig.effect, effect)) is not None:
            out.append((trig, why))
    return out


def _window_title(missed: list[triggers.Trigger], waiting: list[triggers.Trigger]) -> Phrase:
    """A trigger window's step title: what missed the timing first, then what waits."""
    listed = [_listed(t) for t in waiting]
    cards = [Card.of(t) for t in missed]
    if missed and waiting:
        return Phrase("summary.missed_and_waiting", cards=cards, n=len(cards), listed=listed)
    if missed:
        return Phrase("summary.missed", cards=cards, n=len(cards))
    if waiting:
        return Phrase("summary.waiting", listed=listed)
    return Phrase("summary.no_trigger")


def _listed(trig: triggers.Trigger) -> Phrase:
    """A waiting trigger as a title lists it: "A's Sangan (mandatory)"."""
    kind = Phrase("summary.mandatory") if trig.mandatory else Phrase("summary.optional")
    return Phrase("summary.trigger", card=Card.of(trig), kind=kind)


def _auto_activate(rec: _Recorder, game: Game, index: int | None, trig: triggers.Trigger) -> Game:
    """The engine activates a mandatory trigger the scenario left out, in its legal place."""
    effect = game.board.define(trig.card).effects[trig.effect - 1]
    targets = chain_rules.first_targets(game, trig.card, trig.player, effect)
    auto = ActionEntry(do="activate", player=trig.player, card=trig.card,  # type: ignore[arg-type]
                       effect=_shown(game.board, trig), targets=targets)  # fmt: skip

    def work(tx: Tx) -> str | Phrase:
        tx.say("trigger.auto_activated", trigger=trig.name, cards=(trig.card,))  # fmt: skip
        return chain_rules.activate(tx, auto)

    try:
        return _automatic(rec, game, index, "automatic", work)
    except Illegal as err:
        tx = Tx(evolve(game, waiting=tuple(t for t in game.waiting if t != trig)))
        tx.explanations.append(err.explanation)
        rec.add(tx, index, "automatic", False, Phrase("summary.mandatory_refused", name=trig.name))
        return tx.game


def _shown(board: Board, trig: triggers.Trigger) -> int:
    """A trigger's effect number as the card's text counts them (a scenario's `effect`)."""
    return board.define(trig.card).numbered(trig.effect)[0]


def _link_dict(board: Board, link: ChainLink) -> dict[str, Any]:
    """A Chain Link as a step shows it: its effect numbered as the card's text counts them, with
    `mode` when it is one of that effect's choices (a Scale's activation is effect 0)."""
    out = link.to_dict()
    if link.effect and link.card in board.defs:
        out["effect"], mode = board.define(link.card).numbered(link.effect)
        if mode is not None:
            out["mode"] = mode
    return out


def _declined(tx: Tx, trig: triggers.Trigger) -> str | Phrase:
    """An optional trigger is not activated: it leaves the waiting list. One its player could not
    have activated whatever they chose (Gemini Summoner with no Gemini monster, a second Sinister
    Serpent once the first used the turn's limit) is not "declined": the replay says why it lapses."""
    why = _refused(tx.game, [trig])
    tx.update(waiting=tuple(t for t in tx.game.waiting if t != trig))
    tx.emit("declined", card=trig.card, player=trig.player, effect=_shown(tx.board, trig))
    if why:
        tx.say("trigger.lapsed", trigger=Card.of(trig), player=Player(trig.player), reason=why[0][1],
               cards=(trig.card,))  # fmt: skip
        return Phrase("summary.lapses", name=trig.name)
    tx.say(
        "trigger.declined",
        player=Player(trig.player),
        trigger=trig.name,
        cards=(trig.card,),
    )  # fmt: skip
    return Phrase("summary.declines", player=Player(trig.player), name=trig.name)


def _decline_trigger(rec: _Recorder, game: Game, index: int | None, trig: triggers.Trigger) -> Game:
    return _automatic(rec, game, index, "automatic", lambda tx: _declined(tx, trig))


def _close_window(rec: _Recorder, game: Game, index: int | None) -> Game:
    """The trigger window ends: mandatory triggers not yet activated go on in their legal
    order; optional ones not activated are declined."""
    if not game.building:
        return game
    for trig in sorted(game.waiting, key=lambda t: t.order_class(game.board.turn_player)):
        game = _auto_activate(rec, game, index, trig) if trig.mandatory else (
            _decline_trigger(rec, game, index, trig))  # fmt: skip
    return evolve(game, building=False)


def _trigger_order(rec: _Recorder, game: Game, index: int, action: ActionEntry,
                   upcoming: tuple[ActionEntry, ...]) -> Game:  # fmt: skip
    """Before a trigger goes on the chain, the triggers that must come before it do; an order
    the scenario gives against the SEGOC rule is illegal. Any other activation ends the window."""
    card = resolve_ref(game.board, action.card or "").id
    trig = chain_rules.waiting_trigger(game, card, action.effect)
    if trig is None:
        return _close_window(rec, game, index)
    turn_player = game.board.turn_player
    mine = trig.order_class(turn_player)
    later = {(resolve_ref(game.board, a.card or "").id if _known(game, a.card) else None)
             for a in upcoming if a.do == "activate"}  # fmt: skip
    for other in sorted(game.waiting, key=lambda t: t.order_class(turn_player)):
        if other == trig or other.order_class(turn_player) >= mine:
            continue
        if other.card in later:
            raise Illegal(
                "trigger.wrong_order",
                other=Card.of(other),
                their_class=triggers.CLASS_NAMES[other.order_class(turn_player)],
                trigger=trig.name,
                my_class=triggers.CLASS_NAMES[mine],
                cards=(trig.card, other.card),
            )  # fmt: skip
        game = _auto_activate(rec, game, index, other) if other.mandatory else (
            _decline_trigger(rec, game, index, other))  # fmt: skip
    return game


def _known(game: Game, ref: str | None) -> bool:
    try:
        resolve_ref(game.board, ref or "")
    except Illegal:
        return False
    return True


def _decline(rec: _Recorder, game: Game, index: int, action: ActionEntry) -> Game:
    trig = None
    if game.building and _known(game, action.card):
        card = resolve_ref(game.board, action.card or "").id
        trig = chain_rules.waiting_trigger(game, card, action.effect)
    if trig is None:
        return _illegal(
            rec,
            game,
            index,
            action,
            Illegal(
                "trigger.none_waiting",
                reason=Phrase("none_waiting.no_optional_trigger_card"),
            ),
        )
    if trig.mandatory:
        return _illegal(
            rec,
            game,
            index,
            action,
            Illegal(
                "trigger.mandatory",
                trigger=trig.name,
                cards=(trig.card,),
            ),
        )
    tx = Tx(game)
    summary = _declined(tx, trig)
    rec.add(tx, index, "action", True, summary)
    return tx.game


def _settle_chains(rec: _Recorder, game: Game) -> Game:
    """Before a new action: the open chain resolves, and every chain of triggers it sets off."""
    for _ in range(50):  # a loop guard: each pass resolves a chain
        game = _close_window(rec, game, None)
        if game.chain:
            game = _resolve_chain(rec, game, None, announce=True)
        if game.result is not None or not triggers.window_open(game):
            break
        game = _open_window(rec, game)
        if not game.waiting:
            break
    return game


def _summon_moment(game: Game, action: ActionEntry) -> Game:
    """A summon can be negated only right after it is attempted; anything else that happens
    makes it successful. Responses to a successful summon (Trap Hole) last only while nothing
    else happens: a new action outside the chain ends that window."""
    attempt = game.summon_attempt
    negating = action.do == "activate" and "summon" in action.answers
    if attempt is not None and not negating:
        board = game.board
        for card_id in attempt.cards:
            if card_id in board.cards and board.cards[card_id].pending:
                board = board.with_card(evolve(board.cards[card_id], pending=False))
        game = evolve(game, board=board, summon_attempt=None, last_summon=attempt)
    return game


def _moved_on(game: Game) -> Game:
    """Something new happens outside a chain: the last summon (or the last card added from the
    Deck to the hand) is no longer the last thing."""
    if game.last_summon is None and not game.last_added:
        return game
    return evolve(game, last_summon=None, last_added=(), last_added_fresh=False)


def _summon_succeeded(rec: _Recorder, game: Game, attempt: Summon) -> Game:
    """A summon nothing negated counts now (Nibiru counts the opponent's summons this turn), and
    Maxx "C" draws at once for a Special Summon; the draw, if any, is a step of its own."""
    tx = Tx(game)
    lasting_moments.count_summon(tx, attempt.cards, attempt.kind, attempt.player)
    return _automatic(
        rec,
        tx.game,
        None,
        "automatic",
        lambda tx: lasting_moments.draw_for_summon(tx, attempt.cards, attempt.kind, attempt.player),
    )


def _advance(tx: Tx, action: ActionEntry) -> str | Phrase | None:
    moved = turns.advance_to(tx, action.at or "", action.player or tx.board.turn_player)
    if not moved:
        return None
    return Phrase("summary.pass_until", label=Window(action.at or ""))


def _window_actions(actions: tuple[ActionEntry, ...], start: int) -> tuple[ActionEntry, ...]:
    """The actions after `start` that still belong to the same trigger window."""
    out = []
    for action in actions[start:]:
        if action.do not in ("activate", "pass", "decline"):
            break
        out.append(action)
    return tuple(out)


def run(scenario: Scenario, *, boards: str = "every", legal: str = "every",
        focus: int | None = None, games: list[Game] | None = None,
        limits: Limits = LIMITS) -> dict[str, Any]:  # fmt: skip
    """Replay a scenario. `boards`: every | changes | final; `legal`: every | none | last; `focus`:
    the one step that carries its board and `legal` besides (see `_Recorder`). Whatever they are,
    the steps, events, explanations, chains, result and final board are the same."""
    _option("boards", boards, BOARDS)
    _option("legal", legal, LEGAL)
    first = scenario.game.board
    names = judge_names(scenario)
    rec = _Recorder(boards, legal, focus, names, limits)
    rec.games = games
    game = scenario.game
    actions = scenario.actions
    for index, action in enumerate(actions):
        next_at = actions[index + 1].at if index + 1 < len(actions) else None
        attempt = game.summon_attempt
        game = _summon_moment(game, action)
        if attempt is not None and game.last_summon is attempt:
            game = _summon_succeeded(rec, game, attempt)
        # a card that negates the summon answers it before any trigger the summon set off
        negating = game.summon_attempt is not None
        if triggers.window_open(game) and not game.building and not negating:
            game = _open_window(rec, game)
        game = _apply(rec, game, index, action, next_at, _window_actions(actions, index + 1))
    if triggers.window_open(game) and not game.building:
        game = _open_window(rec, game)
    rec.finish()
    result = game.result.to_dict() if game.result else {"winner": None, "draw": False,
                                                        "reason": None}  # fmt: skip
    final_board = rec.board(game)
    return {
        "format": "ygo-scenario/1",
        "title": scenario.title,
        "steps": rec.steps,
        "result": result,
        "verdict": verdict(rec.steps, result, final_board, scenario.actions, first, names),
        "final_board": final_board,
    }


def judge_names(scenario: Scenario) -> JudgeNames:
    """The namer of the replay's sentences, from the scenario's board (`JudgeNames`), grouped as
    the document was read (`Scenario.names`)."""
    return scenario.names


def replay(document: dict, *, boards: str = "every", legal: str = "every",
           focus: int | None = None, limits: Limits = LIMITS) -> dict[str, Any]:  # fmt: skip
    """Validate a scenario document and replay it; raises DocumentError for a bad document, an
    unknown option (before reading the document), or a document over one of `limits` (the
    actions and turns before the replay; the steps and what they write as it runs)."""
    _option("boards", boards, BOARDS)
    _option("legal", legal, LEGAL)
    scenario = load_scenario(document, limits)
    return run(scenario, boards=boards, legal=legal, focus=focus, limits=limits)
