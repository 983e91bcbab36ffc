"""What an effect changes on a card where it stands: ATK and Level, battle position and face,
counters and marks; and the coin toss and declarations an effect makes before it acts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import Selector
from engine.explain import PHRASES, CardId, Phrase, Zone
from engine.operations.context import Context, first_legal, select
from engine.rules.common import describe_selector
from engine.state import CardState, evolve, opponent
from engine.vocabulary import OPERATIONS

if TYPE_CHECKING:
    from engine.cards import Step
    from engine.tx import Tx


@OPERATIONS.register("change_position", "changes the battle position of the cards")
def _change_position(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    changed = []
    for c in select(tx, ctx, step.cards):
        if c.zone != "monsters":
            continue
        to = step.position or ("defense" if c.position == "attack" else "attack")
        if to == c.position:
            continue  # already so: nothing changes (Desert Sunlight on a Defense Position monster)
        tx.update_card(c.id, position=to)
        tx.emit("position_changed", card=c.id, player=c.controller, to=to, cause=ctx.link.card,
                chain_link=ctx.link.link)  # fmt: skip
        changed.append(c.id)
    if step.join == "also":  # "to face-up Attack Position" after flipping it: either part did it, so
        # an "and if you do" that follows holds (Black Rose Dragon on a face-up Defense monster)
        done = {c.id for c in ctx.acted}
        ctx.acted[:] = [*ctx.acted, *(tx.board.cards[i] for i in changed if i not in done)]
    if not changed and isinstance(step.cards, Selector):  # say which monsters it was for (Desert Sunlight)
        return Phrase("done.change_position.none_fits", what=describe_selector(step.cards, ctx.player))
    if not changed:
        return Phrase("done.change_position.none")
    return Phrase("done.change_position", changed=changed, n=len(changed))


@OPERATIONS.register("flip_face_down", "turns the monsters face-down (Set)")
def _flip_face_down(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    flipped = []
    for c in select(tx, ctx, step.cards):
        if c.token or "link" in tx.board.define(c.id).subtypes:
            continue  # always face-up: a Token or a Link Monster is never turned face-down (rulebook)
        if c.zone == "monsters" and c.position != "set":
            # a Gemini turns Normal again; a card turned face-down keeps no counters (Spell Counter)
            # and none of this turn's changes to its ATK, DEF or Level: face-up again, it is a
            # new card to them (Edison rulings, Book of Moon)
            tx.update_card(c.id, position="set", gemini=False, counters=(), boost_atk=0, boost_def=0,
                           added_atk=0, level_change=0, marks=(), bound_to=None)  # fmt: skip
            _forget_face_down(tx, c)
            tx.emit("position_changed", card=c.id, player=c.controller, to="set",
                    cause=ctx.link.card, chain_link=ctx.link.link)  # fmt: skip
            if held := sum(n for _, n in c.counters):
                tx.say("counter.removed_face_down", card=CardId(c.id), count=held, cards=(c.id,))
            if c.boost_atk or c.boost_def or c.level_change:
                tx.say("stats.changes_lost_face_down", card=CardId(c.id), cards=(c.id,))
            flipped.append(c.id)
    return Phrase("done.flip_face_down", flipped=list(flipped) or Phrase("word.nothing"))


# what effects applied to one card keep applying when it is turned face-down: taking control
# (Book of Moon does not end Change of Heart's); the others see a new card
_KEPT_FACE_DOWN = ("control_until_end_phase", "send_to_gy_at_end_phase")


def _forget_face_down(tx: Tx, c: CardState) -> None:
    """A monster turned face-down is a new card to what effects applied to it, control excepted:
    Limiter Removal no longer destroys it, Emergency Teleport no longer banishes it, Call of the
    Haunted is no longer linked to it (yugioh-wiki.net, Book of Moon)."""
    sources = [c.bound_to] if c.bound_to else []
    kept = []
    for item in tx.board.lasting:
        if c.id in item.cards and item.what not in _KEPT_FACE_DOWN:
            sources.append(item.source)
            item = evolve(item, cards=tuple(i for i in item.cards if i != c.id))
        kept.append(item)
    tx.set_board(evolve(tx.board, lasting=tuple(kept)))
    if sources:
        named = list(dict.fromkeys(sources))
        tx.say("rule.face_down_new_card", card=CardId(c.id), sources=[CardId(s) for s in named],
               cards=(c.id, *named))  # fmt: skip
    elif c.marks:  # a mark names no card: what effects left on it this turn (Emergency Teleport's)
        tx.say("rule.face_down_marks_lost", card=CardId(c.id), cards=(c.id,))


@OPERATIONS.register("flip_face_up", "turns the cards face-up")
def _flip_face_up(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    flipped = []
    for c in select(tx, ctx, step.cards):
        if c.zone == "monsters" and c.position == "set":
            tx.update_card(c.id, position=step.position or "defense")
            tx.emit("flipped", card=c.id, player=c.controller, cause=ctx.link.card,
                    chain_link=ctx.link.link)  # fmt: skip
            flipped.append(c.id)
    ctx.acted[:] = [tx.board.cards[c] for c in flipped]
    return Phrase("done.flip_face_up", flipped=list(flipped) or Phrase("word.nothing"))


@OPERATIONS.register(
    "flip_face_up_quietly", "turns face-down monsters face-up without activating their Flip effects"
)
def _flip_face_up_quietly(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Face-down monsters turned face-up without their Flip effects activating (Ceasefire)."""
    flipped = []
    for c in select(tx, ctx, step.cards):
        if c.zone == "monsters" and c.position == "set":
            tx.update_card(c.id, position=step.position or "defense")
            tx.emit("flipped", card=c.id, player=c.controller, cause=ctx.link.card,
                    chain_link=ctx.link.link, flip_effects=False)  # fmt: skip
            flipped.append(c.id)
    ctx.acted[:] = [tx.board.cards[c] for c in flipped]
    if flipped:
        tx.say(
            "chain.flip_effects_not_activated",
            flipped=[CardId(i) for i in flipped],
            card=CardId(ctx.link.card),
            cards=(*flipped,),
        )  # fmt: skip
    return Phrase("done.flip_face_up_quietly", flipped=list(flipped) or Phrase("word.nothing"))


@OPERATIONS.register("change_atk", "changes the cards' ATK until the end of the turn")
def _change_atk(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """ATK changes until the end of the turn (Rush Recklessly); `amount` may be negative."""
    from engine.rules.continuous import atk

    cards = [c for c in select(tx, ctx, step.cards) if c.zone == "monsters" and c.face_up]
    amount = ctx.amount(tx, step)  # a number, or one read off the board (Honest)
    for c in cards:
        tx.update_card(c.id, boost_atk=c.boost_atk + amount, added_atk=c.added_atk + amount)
        tx.emit("atk_changed", card=c.id, amount=amount, atk=atk(tx.board, tx.board.cards[c.id]),
                cause=ctx.link.card, chain_link=ctx.link.link)  # fmt: skip
    ctx.acted[:] = cards
    sign = "+" if amount >= 0 else ""
    return Phrase(
        "done.change_atk",
        affected=[CardId(c.id) for c in cards] or Phrase("word.nothing"),
        sign=sign,
        amount=amount,
    )


@OPERATIONS.register(
    "lose_atk_exactly", "the cards lose exactly the amount of ATK while face-up; nothing if they have less"
)
def _lose_atk_exactly(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """ "This card loses exactly 1000 ATK, and if it does, ..." (Darklord Desire): a face-up monster
    with at least `amount` ATK loses it for as long as it stays face-up on the field (kept in its
    ATK, as Accesscode Talker's gain is); one with less loses nothing, and then an "and if it does"
    step after this one does not happen."""
    from engine.rules.continuous import atk

    amount = ctx.amount(tx, step)
    cards = [c for c in select(tx, ctx, step.cards or "this") if c.zone == "monsters" and c.face_up]
    done = [c for c in cards if atk(tx.board, c) >= amount]
    for c in done:
        base = c.atk if c.atk is not None else tx.board.define(c.id).atk or 0
        tx.update_card(c.id, atk=base - amount)
        tx.emit("atk_changed", card=c.id, amount=-amount, atk=atk(tx.board, tx.board.cards[c.id]),
                cause=ctx.link.card, chain_link=ctx.link.link)  # fmt: skip
    ctx.acted[:] = done
    if not done:
        return Phrase("done.lose_atk_exactly.cannot", cards_=[CardId(c.id) for c in cards], amount=amount)
    return Phrase("done.lose_atk_exactly.loses", cards_=[CardId(c.id) for c in done], amount=amount)


@OPERATIONS.register("reverse_increases", "ATK/DEF additions and subtractions are reversed this turn")
def _reverse_increases(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Reverse Trap: additions subtract and subtractions add, until the end of the turn; doubling,
    halving or setting a value is no addition (its current text; Yu-Gi-Oh! Wiki, Card Rulings:
    Reverse Trap: Limiter Removal still doubles). The flag keeps its first name: boards carry it."""
    tx.set_board(evolve(tx.board, flags=(*tx.board.flags, "reverse_increases")))
    tx.emit("rule_changed", what="ATK/DEF additions and subtractions are reversed", cause=ctx.link.card,
            chain_link=ctx.link.link)  # fmt: skip
    return Phrase("done.reverse_increases")


@OPERATIONS.register("double_atk", "each face-up monster's ATK becomes double until the end of the turn")
def _double_atk(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Each face-up monster's ATK becomes double its current ATK until the end of the turn."""
    from engine.rules.continuous import atk

    cards = [c for c in select(tx, ctx, step.cards) if c.zone == "monsters" and c.face_up]
    for c in cards:
        now = atk(tx.board, c)
        tx.update_card(c.id, boost_atk=c.boost_atk + now)
        tx.emit("atk_changed", card=c.id, amount=now, atk=atk(tx.board, tx.board.cards[c.id]),
                cause=ctx.link.card, chain_link=ctx.link.link)  # fmt: skip
    ctx.acted[:] = [tx.board.cards[c.id] for c in cards]
    return Phrase("done.double_atk", affected=[CardId(c.id) for c in cards] or Phrase("word.nothing"))


@OPERATIONS.register("atk_becomes", "the cards' ATK becomes the amount until the end of this turn")
def _atk_becomes(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """ "Its ATK becomes `amount` until the end of this turn" (Black Rose Dragon): the change is
    this turn's, so later changes still apply on top of it (its OCG ruling: Rush Recklessly
    afterward makes it 700)."""
    from engine.rules.continuous import atk

    value = step.amount if isinstance(step.amount, int) else 0
    cards = [c for c in select(tx, ctx, step.cards) if c.zone == "monsters" and c.face_up]
    for c in cards:
        change = value - atk(tx.board, c)
        tx.update_card(c.id, boost_atk=c.boost_atk + change)
        tx.emit("atk_changed", card=c.id, amount=change, atk=atk(tx.board, tx.board.cards[c.id]),
                cause=ctx.link.card, chain_link=ctx.link.link)  # fmt: skip
    ctx.acted[:] = cards
    return Phrase(
        "done.atk_becomes",
        affected=[CardId(c.id) for c in cards] or Phrase("word.nothing"),
        value=value,
    )


@OPERATIONS.register(
    "gain_atk_per_link_rating", "this card gains ATK for each Link Rating of what the step before acted on"
)
def _gain_atk_per_link_rating(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """This card gains `amount` ATK for each Link Rating of what the step before acted on (its
    target: Accesscode Talker), for as long as it stays face-up on the field."""
    from engine.rules.continuous import atk

    rating = sum(tx.board.define(c.id).link_rating or 0 for c in ctx.acted)
    gain = (step.amount if isinstance(step.amount, int) else 0) * rating
    cards = [c for c in select(tx, ctx, step.cards or "this") if c.zone == "monsters" and c.face_up]
    for c in cards:
        base = c.atk if c.atk is not None else tx.board.define(c.id).atk or 0
        tx.update_card(c.id, atk=base + gain)
        tx.emit("atk_changed", card=c.id, amount=gain, atk=atk(tx.board, tx.board.cards[c.id]),
                cause=ctx.link.card, chain_link=ctx.link.link)  # fmt: skip
    return Phrase(
        "done.gain_atk_per_link_rating",
        affected=[CardId(c.id) for c in cards] or Phrase("word.nothing"),
        gain=gain,
        rating=rating,
    )


@OPERATIONS.register("change_level", "a face-up monster's Level goes up or down while it stays face-up")
def _change_level(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """A face-up monster's Level goes up or down by `amount` while it stays face-up (Level
    Eater: -1); a Level cannot go below 1, so a Level 1 monster is not changed."""
    amount = step.amount if isinstance(step.amount, int) else 0
    done = []
    for c in select(tx, ctx, step.cards or "targets"):
        level = tx.board.define(c.id).level
        if c.zone != "monsters" or not c.face_up or level is None or level + c.level_change + amount < 1:
            continue
        tx.update_card(c.id, level_change=c.level_change + amount)
        tx.emit("level_changed", card=c.id, amount=amount, level=level + c.level_change + amount,
                cause=ctx.link.card, chain_link=ctx.link.link)  # fmt: skip
        done.append(c)
    ctx.acted[:] = [tx.board.cards[c.id] for c in done]
    sign = "+" if amount >= 0 else ""
    return Phrase(
        "done.change_level",
        done=[CardId(c.id) for c in done] or Phrase("word.nothing"),
        sign=sign,
        amount=amount,
    )


def _add_counters(tx: Tx, ctx: Context, cards: list[CardState], name: str, amount: int) -> None:
    """Put `amount` counters called `name` on each card, each placing an event."""
    for c in cards:
        counters = dict(c.counters)
        counters[name] = counters.get(name, 0) + amount
        tx.update_card(c.id, counters=tuple(counters.items()))
        tx.emit("counters_placed", card=c.id, amount=amount, what=name,
                cause=ctx.link.card, chain_link=ctx.link.link)  # fmt: skip


@OPERATIONS.register("place_counters", "places counters on the cards")
def _place_counters(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    name = step.token or "counter"
    cards = select(tx, ctx, step.cards or "this")
    _add_counters(tx, ctx, cards, name, step.amount or 1)
    return Phrase(
        "done.place_counters",
        amount=step.amount or 1,
        name=name,
        cards_=[CardId(c.id) for c in cards],
    )


@OPERATIONS.register(
    "place_shield_counters",
    "places counters that are removed, one each time, instead of the card's destruction",
)
def _place_shield_counters(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Magic Reflector: a counter on each card; while a card holds one, if it would be destroyed
    by battle or by a card effect, 1 counter is removed instead (engine.rules.abilities
    .counter_removed_instead). The counters stay with the card, not with the card that placed them."""
    from engine.rules.abilities import SHIELD

    cards = [c for c in select(tx, ctx, step.cards or "targets") if c.zone in ("spell_traps", "field_spell")]
    _add_counters(tx, ctx, cards, SHIELD, step.amount or 1)
    if not cards:
        return Phrase("done.place_shield_counters.nothing")
    return Phrase("done.place_shield_counters.places", cards_=[CardId(c.id) for c in cards])


@OPERATIONS.register("mark", "leaves a mark on the cards until the end of the turn")
def _mark(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Leave a mark on cards until the end of the turn (`token`): what a later rule reads, such
    as "banish it during the End Phase" (Emergency Teleport) or "if this effect was activated
    this turn" (Stardust Dragon)."""
    mark = step.token or "marked"
    cards = select(tx, ctx, step.cards or "those")
    for c in cards:
        if mark not in c.marks:
            tx.update_card(c.id, marks=(*c.marks, mark))
    return Phrase(
        "done.mark",
        affected=[CardId(c.id) for c in cards] or Phrase("word.nothing"),
        # the mark's own words, where explain.py has them
        mark=Phrase("mark." + mark) if "mark." + mark in PHRASES else Zone(mark),
    )


@OPERATIONS.register("coin_toss", "tosses a coin; later steps may ask how it fell")
def _coin_toss(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """The judge says how the coin fell (`choices: {coin: heads}`); unsaid, heads is assumed.

    Where the player calls the toss (Gamble, Jirai Gumo), the card's steps say `right`/`wrong`
    and the judge says whether the call was right (`choices: {coin: wrong}`); unsaid, right.
    """
    effect = tx.board.define(ctx.link.card).effects[ctx.link.effect - 1]
    called = any(s.coin in ("right", "wrong") for s in ctx.steps or effect.do)
    outcomes = ("right", "wrong") if called else ("heads", "tails")
    call = ctx.choices.get("coin")
    if call not in outcomes:
        call = outcomes[0]
        other = outcomes[1]
        tx.say(
            "choice.engine_picked",
            reason=Phrase(
                "engine_picked.coin_toss_was_not",
                card=CardId(ctx.link.card),
                assumed=Phrase("coin.call_right" if called else "coin.heads"),
                other=other,
            ),
            cards=(ctx.link.card,),
        )  # fmt: skip
    ctx.coin = call
    tx.emit("coin_toss", card=ctx.link.card, result=call, chain_link=ctx.link.link)
    return Phrase("done.coin.called" if called else "done.coin.toss", result=Zone(call))


@OPERATIONS.register("declare_type", "notes the Monster Type declared at activation")
def _declare_type(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Note the Monster Type its activation declared (`choices: {declare: Warrior}`) on the card."""
    declared = ctx.choices.get("declare")
    if not isinstance(declared, str) or not declared:
        # unsaid: the Type of the first face-up monster on the field, the opponent's first
        foe = opponent(ctx.player)
        field = [c for p in (foe, ctx.player) for c in tx.board.monsters(p) if c.face_up]
        typed = [c for c in field if tx.board.define(c.id).monster_type]
        if typed:
            declared = str(tx.board.define(typed[0].id).monster_type)
            first_legal(tx, ctx, "declare", typed[:1], taken=Phrase("declared.type_of", type_=declared,
                        card=CardId(typed[0].id)), what="declare_type")  # fmt: skip
    if not isinstance(declared, str) or not declared:
        tx.say(
            "choice.missing",
            reason=Phrase("missing.declares_monster_type_activated", card=CardId(ctx.link.card)),
            cards=(ctx.link.card,),
        )  # fmt: skip
        return Phrase("done.declare_type.no_type_declared")
    card = tx.board.cards[ctx.link.card]
    if card.zone in ("spell_traps", "field_spell"):
        tx.update_card(card.id, declared=declared)
    tx.emit("declared", card=card.id, what=declared, chain_link=ctx.link.link)
    return Phrase("done.declare_type.declares", declared=declared)
