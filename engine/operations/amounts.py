"""The named amounts a step may give instead of a number (`amount: their_atk`), each read off
the board or the link as the step resolves; `per` then multiplies it (Context.amount)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.operations.context import _cost_cards
from engine.rules.continuous import atk
from engine.vocabulary import AMOUNTS

if TYPE_CHECKING:
    from engine.operations.context import Context
    from engine.tx import Tx


@AMOUNTS.register("their_original_atk", "the original ATK of the cards the step before acted on")
def _their_original_atk(tx: Tx, ctx: Context) -> int:
    return sum(tx.board.define(c.id).atk or 0 for c in ctx.acted)


@AMOUNTS.register("their_atk", "the ATK of the cards the step before acted on (as they left, if they left)")
def _their_atk(tx: Tx, ctx: Context) -> int:
    return sum(ctx.last_atk.get(c.id, atk(tx.board, c)) for c in ctx.acted)


@AMOUNTS.register("attacker_atk", "the attacking monster's ATK now")
def _attacker_atk(tx: Tx, ctx: Context) -> int:
    battle = tx.game.battle
    attacker = tx.board.cards.get(battle.attacker) if battle else None
    return atk(tx.board, attacker) if attacker is not None else 0


@AMOUNTS.register("cost_original_atk", "the original ATK of the monster Tributed as the cost")
def _cost_original_atk(tx: Tx, ctx: Context) -> int:
    """Mystik Wok: the LP gained are the Tributed monster's original ATK."""
    return sum(tx.board.define(c).atk or 0 for c in _cost_cards(tx, ctx, "tribute"))


@AMOUNTS.register("cost_original_def", "the original DEF of the monster Tributed as the cost")
def _cost_original_def(tx: Tx, ctx: Context) -> int:
    """Mystik Wok: the LP gained are the Tributed monster's original DEF."""
    return sum(tx.board.define(c).def_ or 0 for c in _cost_cards(tx, ctx, "tribute"))


@AMOUNTS.register("cost_count", "how many cards were paid as the cost")
def _cost_count(tx: Tx, ctx: Context) -> int:
    return len(_cost_cards(tx, ctx))


@AMOUNTS.register("battle_opponent_atk", "the ATK of the opponent's monster in the battle now")
def _battle_opponent_atk(tx: Tx, ctx: Context) -> int:
    """Honest: the ATK of the opponent's monster this monster battles."""
    battle = tx.game.battle
    ids = (battle.attacker, battle.target) if battle else ()
    foes = [tx.board.cards[i] for i in ids if i in tx.board.cards
            and tx.board.cards[i].controller != ctx.player]  # fmt: skip
    return atk(tx.board, foes[0]) if foes else 0
