"""Effects that keep applying after their link has resolved (kept on `Board.lasting`,
engine.rules.lasting): this turn, until the End Phase, for the next turns."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.operations.context import Context, Handler, _players
from engine.state import opponent

if TYPE_CHECKING:
    from engine.cards import Step
    from engine.tx import Tx


def _lasting(what: str, whose: str, words: str, turns: int = 0) -> Handler:
    """An effect that keeps applying after this link has resolved (engine.rules.lasting):
    to a player (`whose`: you / opponent) or to the cards the step before acted on."""

    def handler(tx: Tx, ctx: Context, step: Step) -> str:
        from engine.rules.lasting import add
        from engine.state import Lasting

        player = ctx.player if whose in ("you", "cards") else opponent(ctx.player)
        cards = tuple(c.id for c in ctx.acted) if whose == "cards" else ()
        if whose == "cards" and not cards:
            return f"nothing for: {words}"
        add(tx, Lasting(what=what, player=player, source=ctx.link.card,  # type: ignore[arg-type]
                        until_turn=tx.board.turn + turns, cards=cards))  # fmt: skip
        who = ", ".join(cards) if cards else player
        return f"{who}: {words}"

    return handler


def _skip_next_turn(tx: Tx, ctx: Context, step: Step) -> str:
    for p in _players(ctx, step.player or "you"):
        tx.set_board(tx.board.with_player(p, skip_next_turn=True))
        tx.emit("rule_changed", player=p, what="skips their next turn", cause=ctx.link.card,
                chain_link=ctx.link.link)  # fmt: skip
    return f"{' and '.join(_players(ctx, step.player or 'you'))} will skip their next turn"


def _skip_next_draw_phase(tx: Tx, ctx: Context, step: Step) -> str:
    """"They skip the Draw Phase of their next turn" (Yata-Garasu): the whole Draw Phase of that
    player's next turn is skipped, so they draw nothing then (engine.rules.turns)."""
    players = _players(ctx, step.player or "opponent")
    for p in players:
        tx.set_board(tx.board.with_player(p, skip_next_draw=True))
        tx.emit("rule_changed", player=p, what="skips the Draw Phase of their next turn",
                cause=ctx.link.card, chain_link=ctx.link.link)  # fmt: skip
    return f"{' and '.join(players)} will skip the Draw Phase of their next turn"
