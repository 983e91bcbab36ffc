"""Turn structure: phases in order, the draw, the End Phase, and how a duel ends.

Source: Official Rulebook v10, "Turn Structure" and "Win Conditions"; Judge Notes, "Ending
the game" (both players at 0 LP at once is a draw).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.errors import Illegal
from engine.explain import Card, Phase, Phrase, Player, Window, Zone
from engine.refs import resolve_ref
from engine.rules import battle as battle_rules
from engine.rules.common import require_turn_player
from engine.rules.duel import draw, end_duel
from engine.state import BATTLE_STEPS, PHASES, Board, CardState, evolve, opponent

if TYPE_CHECKING:
    from engine.document import ActionEntry
    from engine.tx import Tx

HAND_LIMIT = 6
BATTLE_STEP_WINDOWS = {"start_step": "start", "battle_step": "battle", "end_step": "end"}


def leaves_battle(target: str) -> bool:
    """Does acting `at` this moment leave a pending attack behind (its End Step, or a later
    phase), rather than act within it?"""
    return target == "end_step" or (target in PHASES and PHASES.index(target) > PHASES.index("battle"))


def position(tx: Tx) -> tuple[int, int]:
    """Where the turn is, as (phase index, battle step index) for comparing windows."""
    b = tx.board
    step = BATTLE_STEPS.index(b.step) if b.step else 0
    return PHASES.index(b.phase), step


def enter_phase(tx: Tx, phase: str, declined: frozenset[str] = frozenset()) -> None:
    """Move into `phase` (a later one), finishing a pending battle on the way out.

    Maintenance costs fall due as the Standby Phase (or, for some cards, the End Phase) begins;
    `declined` lists the cards whose controller chooses not to pay.
    """
    if tx.game.battle is not None:
        battle_rules.finish_battle(tx)
    step = "start" if phase == "battle" else None
    tx.set_board(tx.board.with_turn(phase=phase, step=step))
    tx.update(priority=tx.board.turn_player, replay_attacker=None)
    tx.emit("phase", phase=phase, step=step, player=tx.board.turn_player)
    if phase in ("standby", "end"):
        from engine.rules.checks import maintenance

        maintenance(tx, declined)
    if phase == "end":
        from engine.rules import lasting_moments

        lasting_moments.end_phase(tx)  # Limiter Removal's destruction, Swords' turn count
        _banish_marked(tx)  # Emergency Teleport's monster


def _banish_marked(tx: Tx) -> None:
    """ "Banish it during the End Phase" (Emergency Teleport): applied without a chain, to the
    monster only while it is still the one the effect summoned (a card that left the field and
    came back is a new card and carries no mark)."""
    for card in tx.board.in_zone("monsters"):
        if "banish_at_end_phase" in card.marks:
            tx.move(card.id, "banished", event="banished", cause="End Phase")
            tx.say("rule.end_phase_banish", card=Card.of(card))  # fmt: skip


def advance_to(tx: Tx, target: str, who: str) -> bool:
    """Advance to a phase or battle step, both players passing between. Returns True if moved."""
    board = tx.board
    if target in battle_rules.DAMAGE_WINDOW_NAMES or target == "damage_step":
        return _advance_battle_window(tx, "damage_step_start" if target == "damage_step" else target)
    if target in BATTLE_STEP_WINDOWS:
        phase, step = "battle", BATTLE_STEP_WINDOWS[target]
    else:
        phase, step = target, ("start" if target == "battle" else None)
    here = position(tx)
    there = (PHASES.index(phase), BATTLE_STEPS.index(step) if step else 0)
    if there == here:
        return False
    if there < here:
        raise Illegal(
            "phase.illegal_order",
            reason=Phrase("illegal_order.already_past_turn_turn", phase=Phase(phase, step)),
        )  # fmt: skip
    if phase == "battle" and board.turn == 1:
        raise Illegal(
            "phase.no_battle_first_turn",
            reason=Phrase("no_battle_first_turn.player_who_goes_first"),
        )
    for p in PHASES[here[0] + 1 : there[0] + 1]:
        if p == "battle" and board.turn == 1:
            continue  # the first turn skips the Battle Phase
        enter_phase(tx, p)
    if phase == "battle" and step and step != tx.board.step:
        if tx.game.battle is not None:
            battle_rules.finish_battle(tx)
        tx.set_board(tx.board.with_turn(step=step))
        tx.emit("phase", phase="battle", step=step, player=tx.board.turn_player)
    tx.say(
        "phase.passed_through",
        reason=Phrase(
            "passed_through.both_players_pass_until",
            phase=Phase(phase, step),
            who=who,
        ),
    )  # fmt: skip
    return True


def _advance_battle_window(tx: Tx, window: str) -> bool:
    battle = tx.game.battle
    if battle is None:
        raise Illegal(
            "battle.not_battle_phase",
            reason=Phrase("not_battle_phase.there_no_attack_progress", window=Zone(window)),
        )
    order = ("battle_step", *battle_rules.WINDOW_NAMES.keys())
    order = tuple(dict.fromkeys(order))
    if order.index(window) < order.index(battle.window):
        raise Illegal(
            "phase.illegal_order",
            reason=Phrase(
                "illegal_order.attack_already_past",
                window=Window(window),
            ),
        )
    if window == battle.window:
        return False
    battle_rules.finish_battle(tx, until=window)
    if tx.game.battle is not None:
        tx.say(
            "phase.passed_through",
            reason=Phrase(
                "passed_through.both_players_pass_until_2",
                window=Window(window),
            ),
        )
    return True


def phase(tx: Tx, action: ActionEntry) -> str | Phrase:
    require_turn_player(tx, action, "move to another phase")
    target = action.to or ""
    if target == "battle" and tx.board.turn == 1:
        raise Illegal(
            "phase.no_battle_first_turn",
            reason=Phrase(
                "no_battle_first_turn.player_who_goes_first_2",
                player=Player(action.player),
            ),
        )  # fmt: skip
    if tx.board.phase == "battle" and target == "battle":
        raise Illegal("phase.illegal_order", reason=Phrase("illegal_order.already_battle_phase"))
    if PHASES.index(target) <= PHASES.index(tx.board.phase):
        raise Illegal(
            "phase.illegal_order",
            reason=Phrase(
                "illegal_order.phases_only_move_forward",
                phase=Phase(tx.board.phase),
            ),
        )
    if target == "main2" and tx.board.phase != "battle":
        raise Illegal(
            "phase.illegal_order",
            reason=Phrase("illegal_order.main_phase_follows_battle"),
        )  # fmt: skip
    for p in PHASES[PHASES.index(tx.board.phase) + 1 : PHASES.index(target) + 1]:
        if p == "battle" and target != "battle":
            continue
        if p == "main2" and target != "main2":
            continue
        enter_phase(tx, p)
    tx.finish()
    tx.say("phase.entered", player=Player(action.player), phase=Phase(target))
    return Phrase("summary.phase", player=Player(action.player or ""), phase=Phase(target))


def end_turn(tx: Tx, action: ActionEntry, stop_at: str | None) -> str | Phrase:
    """The End Phase (hand-size discard), then the next turn up to its Main Phase 1."""
    require_turn_player(tx, action, "end the turn")
    player = tx.board.turn_player
    if tx.board.phase != "end":
        enter_phase(tx, "end")
    _discard_to_limit(tx, action)
    from engine.rules import lasting_moments

    if lasting_moments.turn_end(tx):  # Final Countdown: the duel ends with the turn
        tx.finish()
        return Phrase("summary.end_turn_duel_over", player=Player(player))
    foe = opponent(player)
    board = tx.board
    for c in board.this_turn_cards():
        board = board.with_card(evolve(c, summoned_this_turn=False, set_this_turn=False,
                                       attacks_this_turn=0, position_changed_this_turn=False,
                                       boost_atk=0, boost_def=0, added_atk=0, marks=()))  # fmt: skip
    players = {
        name: evolve(p, normal_summon_used=False, used_this_turn=(), cannot_attack=False, summons_this_turn=0)
        for name, p in board.players.items()
    }
    if players[foe].skip_next_turn:  # Gamble: the skipped turn is not played at all
        players[foe] = evolve(players[foe], skip_next_turn=False)
        tx.emit("turn_skipped", player=foe)
        tx.say("turn.skipped", foe=Player(foe), player=Player(player))  # fmt: skip
        foe = player
    from types import MappingProxyType

    tx.set_board(evolve(board, turn=board.turn + 1, turn_player=foe, phase="draw", step=None,
                         players=MappingProxyType(players), flags=()))  # fmt: skip
    tx.update(priority=foe, replay_attacker=None)
    tx.emit("turn", turn=board.turn + 1, player=foe)
    skip_draw = tx.board.player(foe).skip_next_draw  # Yata-Garasu: the whole Draw Phase is skipped
    if skip_draw:
        tx.set_board(tx.board.with_player(foe, skip_next_draw=False))
        tx.emit("phase_skipped", phase="draw", player=foe)
    else:
        tx.emit("phase", phase="draw", player=foe)
    tx.say("turn.started", turn=board.turn + 1, foe=Player(foe))
    count, source, names = normal_draw_count(tx.board, foe)  # Knightmare Unicorn
    if skip_draw:
        tx.say("turn.draw_phase_skipped", foe=Player(foe))  # fmt: skip
    else:
        draw(tx, foe, count, cause="Draw Phase")
    if tx.game.result is None:
        if not skip_draw and source is not None:
            tx.say(
                "draw.normal_per_co_linked",
                source=Card.of(source),
                foe=Player(foe),
                count=count,
                names=names,
            )  # fmt: skip
        elif not skip_draw:
            tx.say("draw.normal", foe=Player(foe))
        target = stop_at if stop_at in ("draw", "standby") else "main1"
        if skip_draw and target == "draw":
            target = "standby"  # there is no Draw Phase to act in
        if target != "draw":
            enter_phase(tx, "standby", _declined(tx, action))
        if target == "main1":
            enter_phase(tx, "main1")
    tx.finish()
    return Phrase("summary.end_turn", player=Player(player), turn=board.turn + 1, foe=Player(foe))


def normal_draw_count(board: Board, player: str) -> tuple[int, CardState | None, list[str]]:
    """How many cards the normal draw draws: 1, unless a face-up, un-negated Knightmare Unicorn
    this player controls applies ("for your normal draw ... draw 1 card for each different card
    name among those co-linked "Knightmare" monsters, instead of 1"): then one per different name
    among the face-up monsters on either field that fit its `affects` and are co-linked now.
    Returns the count, the card that changed it (or None) and the names counted."""
    from engine.rules import continuous
    from engine.rules.kinds import co_linked

    best: tuple[int, CardState | None, list[str]] = (1, None, [])
    for source, effect in continuous.in_force(board, "normal_draw_per_co_linked_name"):
        if source.controller != player or effect.affects is None or isinstance(effect.affects, str):
            continue
        names = sorted({board.define(c.id).name for c in board.monsters()
                        if c.face_up and continuous.matches(board, c, effect.affects, player)
                        and co_linked(board, c)})  # fmt: skip
        if names and len(names) >= best[0]:
            best = (len(names), source, names)
    return best


def _declined(tx: Tx, action: ActionEntry) -> frozenset[str]:
    """Cards whose maintenance cost the player chooses not to pay (`choices: {destroy: [...]}`)."""
    refs = action.choices.get("destroy", [])
    return frozenset(resolve_ref(tx.board, str(r)).id for r in (refs if isinstance(refs, list) else [refs]))


def _discard_to_limit(tx: Tx, action: ActionEntry) -> None:
    player = tx.board.turn_player
    hand = tx.board.player(player).hand
    excess = len(hand) - HAND_LIMIT
    if excess <= 0:
        return
    chosen_refs = action.choices.get("discard", [])
    chosen_refs = chosen_refs if isinstance(chosen_refs, list) else [chosen_refs]
    chosen = [resolve_ref(tx.board, r).id for r in chosen_refs]
    if chosen and (len(set(chosen)) != excess or any(c not in hand for c in chosen)):
        raise Illegal(
            "hand.discard_choice_invalid",
            player=Player(player),
            hand_count=len(hand),
            excess=excess,
        )  # fmt: skip
    picked_by_engine = not chosen
    if picked_by_engine:
        chosen = list(hand[:excess])
    for card_id in chosen:
        tx.move(card_id, "graveyard", event="discarded", cause="hand size limit")
    tx.finish()
    tx.say(
        "hand.discard_to_limit",
        player=Player(player),
        held=len(hand),
        excess=excess,
        discarded=[Card.of(tx.card(c)) for c in chosen],
        note=Phrase("discard.engine_picked", excess=excess) if picked_by_engine else Phrase("nothing"),
        cards=(*chosen,),
    )  # fmt: skip


def concede(tx: Tx, action: ActionEntry) -> str | Phrase:
    player = action.player or ""
    end_duel(tx, opponent(player), "concede")
    tx.say("duel.conceded", player=Player(player), opponent=Player(opponent(player)))
    return Phrase("summary.concede", player=Player(player))
