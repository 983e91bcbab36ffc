"""Negation: of an activation, an effect, a summon, a card name, a column; GY locks."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.explain import Card, CardId, Phrase, Player, Zone
from engine.operations.context import Context, select
from engine.state import NEGATED_SUMMON, evolve, opponent
from engine.vocabulary import OPERATIONS

if TYPE_CHECKING:
    from engine.cards import Step
    from engine.tx import Tx


def _negate(flag: str, word: str) -> Callable[[Tx, Context, Step], str | Phrase]:
    """Negate the activation (or only the effect) of the link this one answers, or the summon."""

    def handler(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
        if ctx.link.answers_summon:
            return _negate_summon(tx, ctx)
        answered = ctx.answered
        if answered is None:
            return Phrase("done.negate.nothing", what=Zone(word))
        chain = tuple(
            evolve(link, **{flag: True}) if link.link == answered.link else link for link in tx.game.chain
        )
        tx.update(chain=chain)
        card = tx.board.cards.get(answered.card)
        ctx.acted[:] = [card] if card is not None else []
        tx.emit("negated", card=answered.card, cause=ctx.link.card, chain_link=ctx.link.link,
                what=word, negated_link=answered.link)  # fmt: skip
        return Phrase("done.negate.link", what=Zone(word), link=answered.link, card=CardId(answered.card))

    return handler


def _negate_summon(tx: Tx, ctx: Context) -> str | Phrase:
    """The summon never happened: the monsters stay where the summon put them until the next
    step (destroyed by Solemn Judgment), but they were never summoned successfully."""
    cards = [tx.board.cards[c] for c in ctx.link.answers_summon if c in tx.board.cards]
    ctx.acted[:] = cards
    negated = {c.id for c in cards}
    # a negated summon sets off nothing: the triggers it set off as it was attempted go
    dropped = [t for t in tx.game.waiting if t.subject in negated]
    if dropped:
        tx.update(waiting=tuple(t for t in tx.game.waiting if t not in dropped))
        tx.say("summon.negated_sets_off_nothing", names=[t.name for t in dropped],
               summoned=[CardId(c) for c in sorted(negated)], cards=tuple(sorted(negated)))  # fmt: skip
    for c in cards:
        tx.update_card(c.id, marks=(*c.marks, NEGATED_SUMMON))  # never Summoned: not properly either
        tx.emit("summon_negated", card=c.id, player=c.controller, cause=ctx.link.card,
                chain_link=ctx.link.link)  # fmt: skip
    tx.say(
        "summon.negated",
        card=CardId(ctx.link.card),
        cards_=[CardId(c.id) for c in cards],
        cards=(*[c.id for c in cards],),
    )  # fmt: skip
    return Phrase("done.negate.summon", summoned=[CardId(c.id) for c in cards] or Phrase("word.nothing"))


@OPERATIONS.register("negate_effects_until_end", "negates the cards' effects until the end of this turn")
def _negate_effects_until_end(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """ "Negate its effects until the end of this turn" (Effect Veiler, Infinite Impermanence,
    Forbidden Chalice, Dark Ruler No More): the face-up monsters chosen now, only while each stays
    face-up on the field as it is; turned face-down or gone and back, it is a new card."""
    from engine.rules.lasting import add
    from engine.state import Lasting

    cards = [c for c in select(tx, ctx, step.cards) if c.zone == "monsters" and c.face_up]
    ctx.acted[:] = cards
    if not cards:
        return Phrase("done.negate_effects_until_end.no_face_up_monster")
    add(
        tx,
        Lasting(
            what="negated_until_end",
            player=ctx.player,
            source=ctx.link.card,  # type: ignore[arg-type]
            until_turn=tx.board.turn,
            cards=tuple(c.id for c in cards),
            since=tx.game.seq,
        ),
    )
    return Phrase(
        "done.negate_effects_until_end.effects_are_negated_until",
        cards_=[CardId(c.id) for c in cards],
    )


@OPERATIONS.register("negate_name", "negates the effects of cards with this name until the end of this turn")
def _negate_name(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Called by the Grave, Crossout Designator: the activated effects and the effects on the field
    of cards with the original name of what the step before acted on are negated, until the end of
    this turn (`amount` 0) or of the next (`amount` 1)."""
    from engine.rules.lasting import add
    from engine.state import Lasting

    names = list(dict.fromkeys(tx.board.define(c.id).name for c in ctx.acted))
    turns = step.amount if isinstance(step.amount, int) else 0
    for name in names:
        add(
            tx,
            Lasting(
                what="names_negated",
                player=ctx.player,
                source=ctx.link.card,  # type: ignore[arg-type]
                until_turn=tx.board.turn + turns,
                name=name,
            ),
        )
    until = Phrase("turn.next" if turns else "turn.this")
    return Phrase("done.negate_name", names=list(names) or Phrase("word.nothing"), until=until)


@OPERATIONS.register("negate_column_spell_traps", "negates the Spells/Traps in this card's column this turn")
def _negate_column_spell_traps(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Infinite Impermanence: "if this card was Set before activation and is on the field at
    resolution, for the rest of this turn all other Spell/Trap effects in this column are negated"
    (engine.rules.continuous reads it: those on the field there, and those activated there)."""
    from engine.rules.continuous import column_of
    from engine.rules.lasting import add
    from engine.state import Lasting

    card = tx.board.cards.get(ctx.link.card)
    if not ctx.link.from_set:
        return Phrase("done.negate_column_spell_traps.was_not_set_before")
    if card is None or card.zone != "spell_traps" or (column := column_of(card)) is None:
        return Phrase("done.negate_column_spell_traps.no_longer_field_no")
    add(tx, Lasting(what="column_negated", player=ctx.player, source=card.id,  # type: ignore[arg-type]
                    until_turn=tx.board.turn, column=column))  # fmt: skip
    tx.say("rule.column_negated", card=Card.of(card))  # fmt: skip
    return Phrase("done.negate_column_spell_traps.other_spell_trap_effects")


@OPERATIONS.register("lock_gy_activations", "the opponent cannot activate card effects in the GY this turn")
def _lock_gy_activations(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """For the rest of this turn the opponent cannot activate card effects in the GY (Abyss
    Dweller); the lock stays even if the card that applied it leaves the field."""
    from engine.rules.restrictions import lock_gy

    foe = opponent(ctx.player)
    lock_gy(tx, foe)
    tx.emit("rule_changed", player=foe, what="cannot activate effects in the GY this turn",
            cause=ctx.link.card, chain_link=ctx.link.link)  # fmt: skip
    return Phrase("done.lock_gy_activations", foe=Player(foe))


OPERATIONS.add(
    "negate_activation",
    _negate("activation_negated", "activation"),
    "negates the activation of the answered link (or summon)",
)
OPERATIONS.add(
    "negate_effect",
    _negate("effect_negated", "effect"),
    "negates the effect of the answered link",
)
