"""Operations on attacks: negating an attack, forbidding or granting attacks, shields for the
battle now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.explain import Card, Phrase, Player
from engine.operations.context import Context, _players, select
from engine.state import evolve
from engine.vocabulary import OPERATIONS

if TYPE_CHECKING:
    from engine.cards import Step
    from engine.tx import Tx


@OPERATIONS.register("negate_attack", "negates the attack")
def _negate_attack(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    battle = tx.game.battle
    if battle is None:
        return Phrase("done.negate_attack.no_attack_negate")
    tx.update(battle=None)
    tx.emit("negated", card=battle.attacker, cause=ctx.link.card, chain_link=ctx.link.link,
            what="attack")  # fmt: skip
    return Phrase("done.negate_attack.negates_attack", attacker=battle.attacker)


# the flag an effect leaves when it ends the Battle Phase: the phase ends once the chain has resolved
END_BATTLE_PHASE = "end_battle_phase"


@OPERATIONS.register("end_battle_phase", "ends the Battle Phase (after the chain resolves)")
def _end_battle_phase(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """ "Then end the Battle Phase" (Negate Attack): the links below still resolve in the Battle
    Phase; once the chain has resolved the turn moves to Main Phase 2 (rules.resolution.after_chain)."""
    if tx.board.phase != "battle":
        return Phrase("done.end_battle_phase.not_battle_phase")
    if END_BATTLE_PHASE not in tx.board.flags:
        tx.set_board(
            evolve(
                tx.board,
                flags=(*tx.board.flags, f"{END_BATTLE_PHASE}", f"{END_BATTLE_PHASE}:{ctx.link.card}"),
            )
        )
    return Phrase("done.end_battle_phase")


@OPERATIONS.register("forbid_attacks", "a player's monsters cannot attack this turn")
def _forbid_attacks(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    for p in _players(ctx, step.player or "opponent"):
        tx.set_board(tx.board.with_player(p, cannot_attack=True))
        tx.emit("restricted", player=p, what="declare attacks", cause=ctx.link.card,
                chain_link=ctx.link.link)  # fmt: skip
    return Phrase(
        "done.forbid_attacks",
        players=[Player(p) for p in _players(ctx, step.player or "opponent")],
    )


@OPERATIONS.register("extra_attack", "the monster can attack once more this turn")
def _extra_attack(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """The monster can attack again this turn: one more attack declaration (Combination Attack)."""
    done = []
    for c in select(tx, ctx, step.cards or "targets"):
        if c.zone == "monsters" and c.face_up:
            tx.update_card(c.id, attacks_this_turn=max(0, c.attacks_this_turn - 1))
            tx.emit("rule_changed", card=c.id, what="can attack again this turn", cause=ctx.link.card,
                    chain_link=ctx.link.link)  # fmt: skip
            tx.say("attack.extra", c=Card.of(c))
            done.append(c.id)
    return Phrase("done.extra_attack", done=list(done) or Phrase("word.nothing"))


# --- half-modelled cards finished (brief H9): Black Luster Soldier - Envoy, Yata-Garasu,
# Infinite Impermanence, Stargazer Magician
@OPERATIONS.register("second_attack_in_a_row", "the monster can make a second attack in a row")
def _second_attack_in_a_row(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """ "It can make a second attack in a row" (Black Luster Soldier - Envoy of the Beginning): one
    more attack declaration this turn, which must be the very next attack; if another monster
    declares an attack first, it is lost (engine.rules.battle)."""
    from engine.rules.battle import SECOND_ATTACK

    done = []
    for c in select(tx, ctx, step.cards or "this"):
        if c.zone != "monsters" or not c.face_up:
            continue
        tx.update_card(c.id, attacks_this_turn=max(0, c.attacks_this_turn - 1),
                       marks=(*(m for m in c.marks if m != SECOND_ATTACK), SECOND_ATTACK))  # fmt: skip
        tx.emit("rule_changed", card=c.id, what="can make a second attack in a row", cause=ctx.link.card,
                chain_link=ctx.link.link)  # fmt: skip
        tx.say("attack.second_in_a_row", c=Card.of(c))  # fmt: skip
        done.append(c.id)
    return Phrase("done.second_attack_in_a_row", done=list(done) or Phrase("word.nothing"))


# --- battle shields, attack-declaration answers and end-of-Battle-Phase equips (brief H8)
@OPERATIONS.register("no_battle_damage_this_battle", "its player takes no battle damage from the battle now")
def _no_battle_damage_this_battle(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """ "You take no battle damage from that battle" (Kuriboh): only the battle going on now, and
    only this link's player; damage calculation reads it (engine.rules.battle)."""
    battle = tx.game.battle
    if battle is None:
        return Phrase("done.no_battle_damage_this_battle.no_battle_going_nothing")
    tx.update(battle=evolve(battle, no_damage=(*battle.no_damage, (ctx.player, ctx.link.card))))
    tx.emit("rule_changed", player=ctx.player, what="takes no battle damage from this battle",
            cause=ctx.link.card, chain_link=ctx.link.link)  # fmt: skip
    return Phrase("done.no_battle_damage_this_battle.takes_no_battle_damage", player=Player(ctx.player))
