"""Effects that keep applying after their link has resolved (kept on `Board.lasting`,
engine.rules.lasting): this turn, until the End Phase, for the next turns."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.explain import CardId, Phrase, Player
from engine.operations.context import Context, Handler, _players
from engine.state import opponent
from engine.vocabulary import OPERATIONS

if TYPE_CHECKING:
    from engine.cards import Step
    from engine.tx import Tx


def _lasting(what: str, whose: str, turns: int = 0) -> Handler:
    """An effect that keeps applying after this link has resolved (engine.rules.lasting):
    to a player (`whose`: you / opponent) or to the cards the step before acted on, until the end
    of this turn or `turns` more. Its words are the kind's ("lasting_kind.<what>")."""
    said = Phrase("lasting_kind." + what)
    done = "done.lasting.this_turn" if turns == 0 else "done.lasting"

    def handler(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
        from engine.rules.lasting import add
        from engine.state import Lasting

        player = ctx.player if whose in ("you", "cards") else opponent(ctx.player)
        cards = tuple(c.id for c in ctx.acted) if whose == "cards" else ()
        if whose == "cards" and not cards:
            return Phrase("done.lasting.nothing", what=said)
        add(tx, Lasting(what=what, player=player, source=ctx.link.card,  # type: ignore[arg-type]
                        until_turn=tx.board.turn + turns, cards=cards))  # fmt: skip
        who = [CardId(c) for c in cards] if cards else Player(player)
        return Phrase(done, who=who, what=said)

    return handler


@OPERATIONS.register(
    "lock_name_activations", "its player cannot activate cards of the added card's name this turn"
)
def _lock_name_activations(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """ "... but you cannot activate cards, or the effects of cards, with that name for the rest of
    this turn" (Sangan, Witch of the Black Forest): the names of what the step before acted on
    (engine.rules.locks refuses those activations)."""
    from engine.rules.lasting import add
    from engine.state import Lasting

    names = list(dict.fromkeys(tx.board.define(c.id).name for c in ctx.acted))
    for name in names:
        add(tx, Lasting(what="names_locked", player=ctx.player, source=ctx.link.card,  # type: ignore[arg-type]
                        until_turn=tx.board.turn, name=name))  # fmt: skip
    return Phrase("done.lock_name_activations", player=Player(ctx.player), names=names)


@OPERATIONS.register(
    "banish_own_name_at_opponents_end_phase",
    "its player banishes 1 card of this card's name from their GY in the opponent's next End Phase",
)
def _banish_own_name_at_opponents_end_phase(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """ "... also banish 1 "Sinister Serpent" from your GY during your opponent's next End Phase":
    whichever card of that name is in the GY then (engine.rules.lasting_moments), not this card."""
    from engine.rules.lasting import add
    from engine.state import Lasting

    board = tx.board
    name = board.define(ctx.link.card).name
    until = board.turn + (1 if board.turn_player == ctx.player else 2)  # the opponent's next turn
    add(tx, Lasting(what="banish_named_at_end_phase", player=ctx.player, source=ctx.link.card,  # type: ignore[arg-type]
                    until_turn=until, name=name))  # fmt: skip
    foe = Player(opponent(ctx.player))
    return Phrase("done.banish_named_later", player=Player(ctx.player), foe=foe, name=name)


@OPERATIONS.register("skip_next_turn", "a player skips their next turn")
def _skip_next_turn(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    for p in _players(ctx, step.player or "you"):
        tx.set_board(tx.board.with_player(p, skip_next_turn=True))
        tx.emit("rule_changed", player=p, what="skips their next turn", cause=ctx.link.card,
                chain_link=ctx.link.link)  # fmt: skip
    return Phrase("done.skip_next_turn", players=[Player(p) for p in _players(ctx, step.player or "you")])


@OPERATIONS.register("skip_next_draw_phase", "a player skips the Draw Phase of their next turn")
def _skip_next_draw_phase(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """ "They skip the Draw Phase of their next turn" (Yata-Garasu): the whole Draw Phase of that
    player's next turn is skipped, so they draw nothing then (engine.rules.turns)."""
    players = _players(ctx, step.player or "opponent")
    for p in players:
        tx.set_board(tx.board.with_player(p, skip_next_draw=True))
        tx.emit("rule_changed", player=p, what="skips the Draw Phase of their next turn",
                cause=ctx.link.card, chain_link=ctx.link.link)  # fmt: skip
    return Phrase("done.skip_next_draw_phase", players=[Player(p) for p in players])


OPERATIONS.add(
    "destroy_at_end_phase",
    _lasting("destroy_at_end_phase", "cards"),
    "destroys the cards in the End Phase",
)
OPERATIONS.add(
    "halve_damage_to_opponent",
    _lasting("halve_damage_to", "opponent"),
    "damage to the opponent is halved this turn",
)
OPERATIONS.add(
    "final_countdown",
    _lasting("win_at_turn_end", "you", 19),
    "its player wins at the end of the 20th turn from now",
)
OPERATIONS.add(
    "cannot_attack_this_turn",
    _lasting("cannot_attack", "cards"),
    "the cards cannot attack this turn",
)
OPERATIONS.add(
    "negate_effects_this_turn",
    _lasting("effects_negated", "cards"),
    "the cards cannot activate or apply their effects this turn",
)
OPERATIONS.add(
    "no_battle_damage",
    _lasting("no_battle_damage", "you"),
    "its player takes no battle damage this turn",
)
OPERATIONS.add(
    "no_battle_destruction",
    _lasting("no_battle_destruction", "you"),
    "its player's monsters cannot be destroyed by battle this turn",
)
OPERATIONS.add(
    "no_damage_this_turn",
    _lasting("no_damage_to", "opponent"),
    "the opponent takes no damage for the rest of this turn",
)
OPERATIONS.add(
    "draw_when_opponent_special_summons",
    _lasting("draw_on_opponent_special_summon", "you"),
    "its player draws 1 card each time the opponent Special Summons this turn",
)
OPERATIONS.add(
    "lock_deck_to_hand",
    _lasting("no_deck_to_hand", "you"),
    "no card can be added from either Main Deck to the hand this turn",
)
OPERATIONS.add(
    "eclipse_at_end_phase",
    _lasting("eclipse_at_end_phase", "you"),
    "in the End Phase, the opponent flips their face-down monsters face-up and draws",
)
