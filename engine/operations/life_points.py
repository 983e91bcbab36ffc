"""Operations on Life Points: damage, gain, halving, damage redirected, LP set to 0."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.explain import Card, CardId, Phrase, Player
from engine.operations.context import Context, _players
from engine.state import evolve, opponent
from engine.vocabulary import OPERATIONS

if TYPE_CHECKING:
    from engine.cards import Step
    from engine.tx import Tx


@OPERATIONS.register("damage", "inflicts damage to a player")
def _damage(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    players = _players(ctx, step.player or "opponent")
    shielded = ctx.link.redirect_damage  # Barrel Behind the Door: the other player takes it instead
    if shielded in players:
        players = [opponent(p) if p == shielded else p for p in players]
        tx.say(
            "chain.damage_redirected",
            shielded=shielded,
            card=CardId(ctx.link.card),
            opponent=Player(opponent(shielded)),
            cards=(ctx.link.card,),
        )  # fmt: skip
    amount = ctx.amount(tx, step)
    from engine.rules.continuous import first

    if (prime := first(tx.board, "damage_becomes_gain")) is not None:  # Prime Material Dragon
        tx.say(
            "lp.damage_became_gain",
            prime=Card.of(prime),
            amount=amount,
            card=CardId(ctx.link.card),
            players=[Player(p) for p in players],
            cards=(prime.id, ctx.link.card),
        )  # fmt: skip
        # said in the order they apply: the gain may in turn become damage (Bad Reaction to Simochi)
        return _gain_for(tx, ctx, players, amount, "done.damage.lp_instead")
    for p in players:
        tx.change_lp(p, -amount, event="damage", cause=ctx.link.card, chain_link=ctx.link.link)
    return Phrase(
        "done.damage.damage",
        players=[Player(p) for p in players],
        player_count=len(players),
        amount=amount,
    )


@OPERATIONS.register("gain_lp", "a player gains LP")
def _gain(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    return _gain_for(tx, ctx, _players(ctx, step.player), ctx.amount(tx, step), "done.gain_lp")


def _gain_for(tx: Tx, ctx: Context, players: list[str], amount: int, plain: str) -> Phrase:
    """The players gain `amount` LP; the words (`plain` where all gained) say what happened: a gain
    made damage instead (Bad Reaction to Simochi) is reported as the damage it became."""
    hurt = [p for p in players
            if tx.change_lp(p, amount, event="lp_gained", cause=ctx.link.card, chain_link=ctx.link.link) <= 0
            and amount > 0]  # fmt: skip
    gained = [p for p in players if p not in hurt]
    hurt_words = {"hurt": [Player(p) for p in hurt], "hurt_count": len(hurt), "amount": amount}
    if hurt and not gained:
        return Phrase("done.gain_lp.became_damage", **hurt_words)
    if hurt:
        return Phrase("done.gain_lp.some_became_damage", gainers=[Player(p) for p in gained],
                      gain_count=len(gained), **hurt_words)  # fmt: skip
    return Phrase(plain, players=[Player(p) for p in players], player_count=len(players), amount=amount)


@OPERATIONS.register(
    "redirect_damage", "the damage of the answered link is inflicted to its own player instead"
)
def _redirect_damage(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    answered = ctx.answered
    if answered is None:
        return Phrase("done.redirect_damage.no_damage_redirect")
    chain = tuple(evolve(x, redirect_damage=ctx.player) if x.link == answered.link else x
                  for x in tx.game.chain)  # fmt: skip
    tx.update(chain=chain)
    return Phrase(
        "done.redirect_damage.damage_chain_link_would",
        link=answered.link,
        player=Player(ctx.player),
        opponent=Player(opponent(ctx.player)),
    )


@OPERATIONS.register("lp_to_zero", "a player's LP become 0")
def _lp_to_zero(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    players = _players(ctx, step.player or "both")
    for p in players:
        tx.change_lp(p, -tx.board.player(p).lp, event="lp_set", cause=ctx.link.card, chain_link=ctx.link.link)
    return Phrase(
        "done.lp_to_zero",
        players=[Player(p) for p in players],
        player_count=len(players),
    )


@OPERATIONS.register("halve_lp", "halves a player's LP (not damage)")
def _halve_lp(tx: Tx, ctx: Context, step: Step) -> str:
    """Halve a player's LP; a half point is rounded up (the player keeps it). Not damage."""
    done = []
    for p in _players(ctx, step.player or "you"):
        lp = tx.board.player(p).lp
        keep = (lp + 1) // 2
        tx.change_lp(p, keep - lp, event="lp_halved", cause=ctx.link.card, chain_link=ctx.link.link)
        done.append(f"{p}'s LP is halved to {keep}")
    return "; ".join(done)


@OPERATIONS.register(
    "damage_controller", "inflicts damage to the controller of each card the step before acted on"
)
def _damage_controller(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Damage to the controller of each card the step before acted on (Stamping Destruction:
    "inflict 500 damage to its controller"), as it was controlled when that step acted."""
    amount = ctx.amount(tx, step)
    players = list(dict.fromkeys(c.controller for c in ctx.acted))
    for p in players:
        tx.change_lp(p, -amount, event="damage", cause=ctx.link.card, chain_link=ctx.link.link)
    return Phrase(
        "done.damage_controller",
        players=[Player(p) for p in players] or Phrase("word.no_one"),
        amount=amount,
    )
