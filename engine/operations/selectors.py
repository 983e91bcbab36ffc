"""The named selectors a step may give as its `cards` instead of a Selector (`cards: those`):
which cards a step acts on, read off the link, the step before or the card itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.explain import Card, Phrase
from engine.operations.context import _affected
from engine.vocabulary import SELECTORS

if TYPE_CHECKING:
    from engine.operations.context import Context
    from engine.state import CardState
    from engine.tx import Tx


@SELECTORS.register("targets", "the link's targets still valid (those unaffected by it left out)")
def _targets(tx: Tx, ctx: Context) -> list[CardState]:
    board = tx.board
    return _affected(tx, ctx, [board.cards[t] for t in ctx.targets if t in board.cards])


@SELECTORS.register("this", "this card, while it is where it was as its effect was activated")
def _this(tx: Tx, ctx: Context) -> list[CardState]:
    """A card that changed zones since its effect was activated (after its cost) is a new card:
    an effect that acts on "this card" no longer finds it (Vennominaga's "Special Summon this card"
    from the GY does nothing once it was banished in response)."""
    card = tx.board.cards.get(ctx.link.card)
    was = ctx.link.card_snapshot
    if card is None:
        return []
    if was is not None and card.zone != was.zone:
        if not ctx.lost_this:
            ctx.lost_this = True
            tx.say(
                "resolution.this_card_moved",
                card=Card.of(card),
                was=Phrase("zone_name." + was.zone),
                now=Phrase("zone_name." + card.zone),
                cards=(card.id,),
            )
        return []
    return [card]


@SELECTORS.register(
    "battle_victim",
    "the monster whose destruction by battle set this trigger off, while it is still on the field",
)
def _battle_victim(tx: Tx, ctx: Context) -> list[CardState]:
    """Dark Magician of Chaos's banishment after damage calculation: the monster it destroyed by
    battle is still on the field then (it is sent to the GY only at the end of the Damage Step), and
    is banished from there. A monster that left the field in the meantime is a new card, no longer
    that monster: nothing is banished."""
    card = tx.board.cards.get(ctx.link.subject or "")
    if card is None:
        return []
    if card.zone != "monsters":
        tx.say(
            "resolution.battle_victim_gone",
            card=Card.of(card),
            now=Phrase("zone_name." + card.zone),
            cards=(card.id,),
        )
        return []
    return [card]


@SELECTORS.register("listed", "the cards a judge-stated resolution names")
def _listed(tx: Tx, ctx: Context) -> list[CardState]:
    board = tx.board
    return [board.cards[c.id] for c in ctx.listed if c.id in board.cards]


@SELECTORS.register("those", "the cards the step before acted on, where they are now")
def _those(tx: Tx, ctx: Context) -> list[CardState]:
    board = tx.board
    return [board.cards[c.id] for c in ctx.acted if c.id in board.cards]


@SELECTORS.register(
    "namesakes", "cards named like those the step before acted on, in their owners' hands and Decks"
)
def _namesakes(tx: Tx, ctx: Context) -> list[CardState]:
    board = tx.board
    names = {(c.owner, c.name) for c in ctx.acted}
    return [c for c in board.in_zones(("hand", "deck")) if (c.owner, c.name) in names]


@SELECTORS.register(
    "gy_namesakes", "cards named like those the step before acted on, in their controllers' GYs"
)
def _gy_namesakes(tx: Tx, ctx: Context) -> list[CardState]:
    """Karma Cut: "all cards with the same name" in the GY of each one's controller."""
    board = tx.board
    named = {(c.controller, c.name) for c in ctx.acted}
    return [c for c in board.in_zone("graveyard") if (c.owner, c.name) in named]


@SELECTORS.register("deck_namesakes", "cards named like those the step before acted on, in both Decks")
def _deck_namesakes(tx: Tx, ctx: Context) -> list[CardState]:
    board = tx.board
    names = {c.name for c in ctx.acted}
    return [c for c in board.in_zone("deck") if c.name in names]


@SELECTORS.register("equipped", "the monster this card is equipped to")
def _equipped(tx: Tx, ctx: Context) -> list[CardState]:
    board = tx.board
    partner = board.cards[ctx.link.card].equipped_to
    return [board.cards[partner]] if partner in board.cards else []


@SELECTORS.register("that_link", "the card(s) the answered link or summon is about")
def _that_link(tx: Tx, ctx: Context) -> list[CardState]:
    board = tx.board
    answered = ctx.answered
    if ctx.link.answers_summon:
        return [board.cards[c] for c in ctx.link.answers_summon if c in board.cards]
    return [board.cards[answered.card]] if answered and answered.card in board.cards else []
