"""Operations that move cards between zones: destroy, send, banish, return, draw, add to the
hand, discard, Tribute, excavate, shuffle, Set from the hand."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.explain import Card, CardId, Phrase, Player, Zone
from engine.operations.context import (
    Context,
    _cost_cards,
    _pick,
    _players,
    first_legal,
    select,
    summon_forbidden,
)
from engine.rules.continuous import fits, unaffected
from engine.rules.deck import shuffle, top_cards
from engine.state import CardState, evolve, opponent
from engine.vocabulary import OPERATIONS

if TYPE_CHECKING:
    from engine.cards import Step
    from engine.tx import Tx


_RETURNS = ("hand", "deck")


_CHOICE_KEYS = {"destroyed": "destroy", "sent_to_gy": "send", "banished": "banish",
                "returned_to_hand": "return", "returned_to_deck": "return"}  # fmt: skip


_STAY_UNTIL_CHAIN_ENDS = ("normal", "quick-play", "counter", "ritual")


def _on_chain(tx: Tx, card: CardState) -> bool:
    """An activated Normal/Quick-Play/Counter/Ritual Spell or Trap, resolved or not: such a
    card is face-up on the field only while the chain it was activated in resolves."""
    defn = tx.board.define(card.id)
    return (
        defn.card_type in ("spell", "trap")
        and defn.spell_trap_kind in _STAY_UNTIL_CHAIN_ENDS
        and card.zone == "spell_traps"
        and card.face_up
        and not card.equipped_to
    )


def _move_all(to: str, event: str) -> Callable[[Tx, Context, Step], str | Phrase]:
    def handler(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
        from engine.rules.continuous import atk

        cards = _pick(tx, ctx, step, _CHOICE_KEYS[event]) if step.pick else select(tx, ctx, step.cards)
        if event == "destroyed":  # a card already in the GY or banished cannot be destroyed
            cards = [c for c in cards if c.zone not in ("graveyard", "banished")]
            from engine.rules.abilities import counter_removed_instead  # Magic Reflector's counter

            cards = [c for c in cards if not counter_removed_instead(tx, c, "effect")]
            from engine.rules.abilities import destroyed_instead  # a Union goes in its place

            cards = [c for c in cards if c.zone != "monsters" or destroyed_instead(tx, c, "effect") is None]
            from engine.rules.abilities import cannot_be_destroyed_by  # I:P Masquerena's Link Monster

            cards = [c for c in cards if not cannot_be_destroyed_by(tx, c, ctx.link.card)]
        if to in _RETURNS:
            staying = [c for c in cards if _on_chain(tx, c)]
            for c in staying:
                tx.say("chain.activated_card_stays", c=Card.of(c), to=to)  # fmt: skip
            cards = [c for c in cards if c not in staying]
        ctx.acted[:] = cards
        ctx.last_atk = {c.id: atk(tx.board, c) for c in cards}
        for c in cards:
            tx.move(c.id, to, event=event, cause=ctx.link.card, chain_link=ctx.link.link)
        moved = [CardId(c.id) for c in cards] or Phrase("word.nothing")
        if event == "destroyed" and to == "banished":  # Nobleman of Crossout: both, said together
            return Phrase("done.moved.destroyed_and_banished", moved=moved)
        return Phrase("done.moved", event=Zone(event), moved=moved)

    return handler


@OPERATIONS.register("draw", "a player draws cards")
def _draw(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    from engine.rules.duel import draw_together
    from engine.rules.lasting import applying

    players = _players(ctx, step.player)
    for p in list(players):
        if (lock := applying(tx.board, "no_effect_draws", p)) is not None:
            tx.say(
                "activate.locked",
                reason=Phrase("locked.activated_turn_cannot_draw", p=p, source=Card.of(tx.card(lock.source))),
                cards=(lock.source,),
            )
            players.remove(p)
    start = len(tx.events)
    draw_together(tx, players, step.amount or 1, cause=ctx.link.card, chain_link=ctx.link.link)
    # the words say who drew: a draw a lasting effect stopped (Droll & Lock Bird) did not happen
    drew = {e.get("player") for e in tx.events[start:] if e["type"] == "drew"}
    players = [p for p in players if p in drew]
    for p in players:
        if f"drew_by_effect:{p}" not in tx.board.flags:  # what Pot of Prosperity asks about
            tx.set_board(evolve(tx.board, flags=(*tx.board.flags, f"drew_by_effect:{p}")))
    if not players:
        return Phrase("done.draw.no_card_drawn")
    return Phrase(
        "done.draw.plain",
        players=[Player(p) for p in players],
        player_count=len(players),
        count=step.amount or 1,
    )


@OPERATIONS.register("add_to_hand", "adds the cards to the hand")
def _add_to_hand(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    from engine.rules.lasting import deck_locked, say_deck_locked

    cards = _pick(tx, ctx, step, "add")
    if (lock := deck_locked(tx.board)) is not None and any(c.zone == "deck" for c in cards):
        say_deck_locked(tx, lock, ctx.player, "adds nothing from the Deck")
        cards = [c for c in cards if c.zone != "deck"]
    ctx.acted[:] = cards
    for c in cards:
        tx.move(c.id, "hand", event="added_to_hand", cause=ctx.link.card, chain_link=ctx.link.link)
    return Phrase("done.add_to_hand", affected=[CardId(c.id) for c in cards] or Phrase("word.nothing"))


@OPERATIONS.register("discard", "a player discards cards")
def _discard(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    from engine.cards import Selector

    done, key = [], "discard"  # the `choices` key the judge names the discards with
    chosen = ctx.chosen(tx, key) or []
    players = _players(ctx, step.player)
    hands = {c for p in players for c in tx.board.player(p).hand}
    # a card an earlier step of this effect discarded was rightly named (Delinquent Duo's two)
    hands |= {e["card"] for e in tx.events if e["type"] == "discarded" and e.get("cause") == ctx.link.card}
    if wrong := [c.id for c in chosen if c.id not in hands]:  # said, left out, and the rest filled
        tx.say("choice.not_allowed", reason=Phrase("not_allowed.cannot_chosen_for_here",
               wrong=[CardId(i) for i in wrong], key_=key), cards=(*wrong,))  # fmt: skip
    for p in players:
        sel = Selector(zone="hand", count=step.amount or 1)
        hand = [tx.board.cards[c] for c in tx.board.player(p).hand]
        mine = list(dict.fromkeys(c for c in chosen if c.id in tx.board.player(p).hand))[: sel.count]
        rest = [c for c in hand if c not in mine]
        cards = mine + rest[: sel.count - len(mine)]  # "discard 2" discards 2 while the hand has them
        if len(cards) > len(mine) and len(rest) > sel.count - len(mine):  # the engine chose among them
            first_legal(tx, ctx, key, cards[len(mine) :])
        for c in cards:
            tx.move(c.id, "graveyard", event="discarded", cause=ctx.link.card, chain_link=ctx.link.link)
        done += [c.id for c in cards]
    return Phrase("done.discard", done=list(done) or Phrase("word.nothing"))


@OPERATIONS.register("draw_until", "a player draws until they hold a number of cards")
def _draw_until(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    from engine.rules.duel import draw

    target = step.amount if isinstance(step.amount, int) else 0
    need = max(0, target - len(tx.board.player(ctx.player).hand))
    draw(tx, ctx.player, need, cause=ctx.link.card, chain_link=ctx.link.link)
    return Phrase("done.draw_until", player=Player(ctx.player), need=need, target=target)


def _tributes_forbidden(tx: Tx, ctx: Context) -> bool:
    """A face-up card forbids Tributes (Mask of Restrict): say so, and nothing is Tributed."""
    from engine.rules.continuous import first

    if (mask := first(tx.board, "forbid_tributes")) is None:
        return False
    tx.say(
        "rule.tributes_forbidden",
        reason=Phrase(
            "tributes_forbidden.face_up_no_monster_6", mask=Card.of(mask), card=CardId(ctx.link.card)
        ),
        cards=(mask.id, ctx.link.card),
    )
    ctx.acted[:] = []
    return True


@OPERATIONS.register("tribute", "each player named Tributes monsters they control")
def _tribute(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Each player named Tributes monsters they control, of their own choice (`choices: {tribute:
    [...]}`). A Tribute is not destruction; while Tributes are forbidden, none happens."""
    if _tributes_forbidden(tx, ctx):
        return Phrase("done.tribute.no_tribute_possible")
    if step.cards is not None:  # "Tribute that target" (Magical Dimension): those cards, if still there
        named = [
            c for c in select(tx, ctx, step.cards) if c.zone == "monsters" and c.controller == ctx.link.player
        ]
        for c in named:
            tx.move(c.id, "graveyard", event="tributed", cause=ctx.link.card, chain_link=ctx.link.link)
        ctx.acted[:] = named
        return Phrase("done.tribute.tributes", done=[CardId(c.id) for c in named] or Phrase("word.nothing"))
    count = step.amount if isinstance(step.amount, int) else 1
    chosen = ctx.chosen(tx, "tribute") or []
    done: list[CardState] = []
    said: list[Phrase] = []
    for p in _players(ctx, step.player):
        mine = tx.board.monsters(p)
        named = [c for c in chosen if c.zone == "monsters" and c.controller == p]
        picks = (named or mine)[:count]
        if not named and len(mine) > count:
            first_legal(tx, ctx, "tribute", picks)
        for c in picks:
            if unaffected(tx.board, c, ctx.link.card):  # the player Tributes: no effect applies to it
                tx.say("rule.unaffected_player_acts", c=Card.of(c), card=CardId(ctx.link.card),
                       player=Player(p), cards=(c.id, ctx.link.card))  # fmt: skip
            tx.move(c.id, "graveyard", event="tributed", cause=ctx.link.card, chain_link=ctx.link.link)
        done += picks
        words = [CardId(c.id) for c in picks] or Phrase("word.nothing")
        said.append(Phrase("done.tribute.player_tributes", player=Player(p), done=words))
    ctx.acted[:] = done
    return said[0] if len(said) == 1 else Phrase("done.tribute.tributes", done=[CardId(c.id) for c in done])


@OPERATIONS.register("tribute_all", "Tributes as many face-up monsters on the field as possible")
def _tribute_all(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Nibiru: "Tribute as many face-up monsters on the field as possible" (both fields); not a
    cost, so it happens at resolution; while Tributes are forbidden none happens."""
    ctx.tributed = []
    if _tributes_forbidden(tx, ctx):
        return Phrase("done.tribute_all.no_tribute_possible_2")
    cards = [c for c in select(tx, ctx, step.cards) if c.zone == "monsters"]
    for c in cards:
        tx.move(c.id, "graveyard", event="tributed", cause=ctx.link.card, chain_link=ctx.link.link)
    ctx.acted[:] = cards
    ctx.tributed = list(cards)
    return Phrase(
        "done.tribute_all.tributes_2",
        affected=[CardId(c.id) for c in cards] or Phrase("word.nothing"),
    )


@OPERATIONS.register(
    "banish_until_equal", "the opponent banishes cards they control until both control as many"
)
def _banish_until_equal(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """The opponent banishes cards they control, face-down, of their choice (`choices: {banish:
    [...]}`), until they control as many cards as this card's controller (Evenly Matched)."""
    foe = opponent(ctx.player)
    mine = tx.board.on_field(ctx.player)
    theirs = tx.board.on_field(foe)
    excess = len(theirs) - len(mine)
    if excess <= 0:
        return Phrase(
            "done.banish_until_equal.controls_no_more_cards",
            foe=Player(foe),
            player=Player(ctx.player),
        )
    able = [c for c in theirs if not c.token]  # a Token cannot be banished face-down
    named = [c for c in ctx.chosen(tx, "banish") or [] if c in able]
    picks = (named + [c for c in able if c not in named])[:excess]
    if len(named) < excess and len(able) > excess:  # the opponent's choice, unsaid: the first ones
        first_legal(tx, ctx, "banish", picks[len(named) :])
    for c in picks:
        tx.move(c.id, "banished", event="banished", face="down", cause=ctx.link.card,
                chain_link=ctx.link.link)  # fmt: skip
    ctx.acted[:] = picks
    kept = [c for c in theirs if c.token] if len(picks) < excess else []  # Tokens it could not banish
    named_picks = [CardId(c.id) for c in picks] if picks else Phrase("word.nothing")
    said = (
        "link_resolved.controlled_cards_tokens_stay"
        if kept
        else "link_resolved.controlled_cards_counting_itself"
    )
    tx.say(
        "chain.link_resolved",
        reason=Phrase(
            said,
            foe=Player(foe),
            theirs_count=len(theirs),
            player=Player(ctx.player),
            mine_count=len(mine),
            card=CardId(ctx.link.card),
            excess=excess,
            picks=named_picks,
            **({"tokens": [CardId(c.id) for c in kept]} if kept else {}),
        ),
        cards=(ctx.link.card, *[c.id for c in picks]),
    )  # fmt: skip
    return Phrase(
        "done.banish_until_equal.banishes_face_down",
        foe=Player(foe),
        picks=[CardId(c.id) for c in picks],
    )


@OPERATIONS.register(
    "excavate_add", "excavates the top cards of the Deck, adds 1 to the hand, the rest go back"
)
def _excavate_add(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Excavate the top cards of the Deck (as many as the cost paid), add 1 of them to the hand
    (`choices: {add: ref}`), and place the rest on the bottom in the order the player chooses
    (`choices: {order: [...]}`)."""
    count = len(_cost_cards(tx, ctx)) if step.amount == "cost_count" else int(step.amount or 1)
    shown = top_cards(tx, ctx.player, count)
    tx.emit("excavated", player=ctx.player, cards=shown, cause=ctx.link.card, chain_link=ctx.link.link)
    chosen = [c.id for c in ctx.chosen(tx, "add") or [] if c.id in shown][:1]
    if not chosen and len(shown) > 1:
        first_legal(tx, ctx, "add", [tx.board.cards[c] for c in shown[:1]])
    chosen = chosen or shown[:1]
    for card_id in chosen:
        tx.move(card_id, "hand", event="added_to_hand", cause=ctx.link.card, chain_link=ctx.link.link)
    order = [c.id for c in ctx.chosen(tx, "order") or [] if c.id in shown and c.id not in chosen]
    rest = order + [c for c in shown if c not in chosen and c not in order]
    if len(rest) > 1 and len(order) < len(rest) - 1:  # an order left unsaid: as they were shown
        first_legal(tx, ctx, "order", [tx.board.cards[c] for c in rest])
    for card_id in rest:
        tx.move(card_id, "deck", event="placed_on_bottom", top=False, cause=ctx.link.card,
                chain_link=ctx.link.link)  # fmt: skip
    ctx.acted[:] = [tx.board.cards[c] for c in chosen]
    return Phrase(
        "done.excavate_add",
        shown=list(shown) or Phrase("word.nothing"),
        chosen=list(chosen) or Phrase("word.nothing"),
        rest_count=len(rest),
    )


@OPERATIONS.register("stay_on_field", "this Normal Spell stays on the field, counting the opponent's turns")
def _stay_on_field(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """A Normal Spell that remains on the field once it resolves starts counting the opponent's
    turns on itself (Swords of Revealing Light); one whose activation was negated never gets here
    and goes to the GY as usual."""
    card = tx.board.cards[ctx.link.card]
    if card.zone != "spell_traps" or not card.face_up:
        return Phrase("done.stay_on_field.nothing_stays_field")
    tx.update_card(card.id, counters=(*card.counters, ("turn", 0)))
    tx.emit("counters_placed", card=card.id, amount=0, what="turn", cause=card.id, chain_link=ctx.link.link)
    return Phrase("done.stay_on_field.remains_field", card=CardId(card.id))


# --- H3: whole hands and Decks, excavation, equipping itself (Morphing Jar, Cyber Jar, Fiber Jar,
# Don Zaloog, Dark Necrofear)
@OPERATIONS.register("discard_hand", "each player named discards their whole hand")
def _discard_hand(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Each player named discards their whole hand at the same time (Morphing Jar)."""
    done: list[str] = []
    for p in _players(ctx, step.player):
        for card_id in list(tx.board.player(p).hand):
            tx.move(card_id, "graveyard", event="discarded", cause=ctx.link.card, chain_link=ctx.link.link)
            done.append(card_id)
    ctx.acted[:] = [tx.board.cards[c] for c in done]
    return Phrase("done.discard_hand", done=list(done) or Phrase("word.nothing"))


@OPERATIONS.register("send_top_of_deck", "sends the top cards of a player's Deck to the GY")
def _send_top_of_deck(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Send the top `amount` cards of a player's Deck to the GY (Don Zaloog: 2 of the opponent's)."""
    count = step.amount if isinstance(step.amount, int) else 1
    done: list[str] = []
    for p in _players(ctx, step.player or "opponent"):
        for card_id in top_cards(tx, p, count):
            tx.move(card_id, "graveyard", event="sent_to_gy", cause=ctx.link.card, chain_link=ctx.link.link)
            done.append(card_id)
    ctx.acted[:] = [tx.board.cards[c] for c in done]
    return Phrase("done.send_top_of_deck", done=list(done) or Phrase("word.nothing"))


@OPERATIONS.register(
    "reveal_summon_rest_to_hand",
    "reveals the top cards of each Deck, summons those that fit, adds the rest to the hand",
)
def _reveal_summon_rest_to_hand(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Each player named reveals the top `amount` cards of their Deck; those that fit `cards` (Cyber
    Jar: Level 4 or lower monsters) are Special Summoned to their owner's field while there is a
    free zone, also the rest are added to the hand, at the same time. Face-up Attack Position
    unless the judge names them in `choices: {set: [...]}` (face-down Defense Position)."""
    from engine.cards import Selector
    from engine.operations.summons import may_special_summon
    from engine.rules.continuous import matches
    from engine.state import Summon

    wanted = step.cards if isinstance(step.cards, Selector) else Selector(zone="deck", card_type="monster")
    face_down = {c.id for c in ctx.chosen(tx, "set") or []}
    count = step.amount if isinstance(step.amount, int) else 5
    summoned: list[str] = []
    added: list[str] = []
    for p in _players(ctx, step.player or "both"):
        shown = top_cards(tx, p, count)
        tx.emit("revealed", player=p, cards=shown, cause=ctx.link.card, chain_link=ctx.link.link)
        allowed = not any(tx.board.define(c).is_monster for c in shown) or not summon_forbidden(tx, ctx, p)
        for card_id in shown:
            card, defn = tx.board.cards[card_id], tx.board.define(card_id)
            slot = tx.board.free_slot("monsters", p)
            if (defn.is_monster and matches(tx.board, card, wanted, p) and slot is not None and allowed
                    and may_special_summon(tx, ctx, card)):  # fmt: skip
                position = "set" if card_id in face_down else "attack"
                tx.move(card_id, "monsters", event="summoned", cause=ctx.link.card, chain_link=ctx.link.link,
                        slot=slot, position=position, controller=p)  # fmt: skip
                tx.update_card(card_id, summoned_this_turn=True, summon_type="special")
                summoned.append(card_id)
            else:
                tx.move(card_id, "hand", event="added_to_hand", cause=ctx.link.card, chain_link=ctx.link.link)
                added.append(card_id)
    if summoned:
        tx.update(last_summon=Summon(cards=tuple(summoned), kind="special", player=ctx.player,  # type: ignore[arg-type]
                                     seq=tx.game.seq, by=ctx.link.card))  # fmt: skip
    ctx.acted[:] = [tx.board.cards[c] for c in summoned]
    if "set" not in ctx.choices and summoned:  # unsaid: all face-up Attack Position
        first_legal(tx, ctx, "set", ctx.acted, taken=Phrase("position_taken.attack"))
    return Phrase(
        "done.reveal_summon_rest_to_hand",
        summoned=list(summoned) or Phrase("word.nothing"),
        added=list(added) or Phrase("word.nothing"),
    )


@OPERATIONS.register("keep_hand_revealed", "a player keeps their hand revealed while this card stays face-up")
def _keep_hand_revealed(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """A player keeps their hand revealed while the card stays face-up (The Eye of Truth): at this
    moment every card in that hand is shown to both players, so a judge can read it; the event
    lists the cards (an 'Unknown Card' is one the scenario did not name)."""
    source = tx.board.cards.get(ctx.link.card)
    shown: list[str] = []
    for p in _players(ctx, step.player or "opponent"):
        hand = list(tx.board.player(p).hand)
        tx.emit("revealed", player=p, cards=hand, what="hand", cause=ctx.link.card, chain_link=ctx.link.link)
        tx.say("reveal.hand_kept_revealed", player=Player(p),
               hand=[Card.of(tx.board.cards[c]) for c in hand] or Phrase("hand.empty"),
               source=Card.of(source) if source is not None else CardId(ctx.link.card),
               cards=(ctx.link.card, *hand))  # fmt: skip
        shown.append(f"{p}'s hand ({len(hand)} cards)")
    return Phrase("done.keep_hand_revealed", shown=list(shown))


@OPERATIONS.register(
    "shuffle_all_into_deck",
    "each player named shuffles their cards on the field, in hand and GY into the Deck",
)
def _shuffle_all_into_deck(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Each player named shuffles every card they own on the field, in the hand and in the GY into
    the Deck (Fiber Jar): Extra Deck monsters return to the Extra Deck, Tokens cease to exist, Xyz
    Materials go with their monster; banished cards stay where they are."""
    players = _players(ctx, step.player or "both")
    moved = 0
    for zones in (("monsters", "spell_traps", "field_spell"), ("hand", "graveyard")):
        for c in [c for c in tx.board.in_zones(zones) if c.owner in players]:
            if c.id not in tx.board.cards or tx.board.cards[c.id].zone not in zones:
                continue  # gone with the card it belonged to
            to = "extra_deck" if tx.board.define(c.id).is_extra_deck else "deck"
            tx.move(c.id, to, event="returned_to_deck", cause=ctx.link.card, chain_link=ctx.link.link)
            moved += 1
    for p in players:
        shuffle(tx, p)
    ctx.acted[:] = []
    return Phrase("done.shuffle_all_into_deck", moved=moved)


@OPERATIONS.register(
    "opponent_may_discard", "the opponent may discard a card to stop the rest of this effect"
)
def _opponent_may_discard(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """ "Your opponent can discard 1 Spell to negate this effect" (Magic Drain): the opponent
    decides as the effect resolves (`choices: {discard: <card>}`); if they discard a card that
    fits, the rest of this effect does not happen."""
    foe = opponent(ctx.player)
    chosen = [c for c in (ctx.chosen(tx, "discard") or []) if c.zone == "hand" and c.owner == foe]
    fitting = [c for c in chosen if isinstance(step.cards, str) or step.cards is None
               or fits(tx.board, c, step.cards, ctx.player)]  # fmt: skip
    if not fitting:
        wrong = [CardId(c.id) for c in chosen]
        note = Phrase("discard.cannot_be_discarded", wrong=wrong) if wrong else Phrase("nothing")
        return Phrase("done.opponent_may_discard.does_not_discard_stop", foe=Player(foe), note=note)
    card = fitting[0]
    tx.move(card.id, "graveyard", event="discarded", cause=ctx.link.card, chain_link=ctx.link.link)
    tx.emit("negated", card=ctx.link.card, cause=card.id, chain_link=ctx.link.link, what="effect")
    ctx.stopped = True
    tx.say(
        "chain.negated_by_discard",
        foe=Player(foe),
        card=Card.of(card),
        card2=CardId(ctx.link.card),
        cards=(ctx.link.card, card.id),
    )  # fmt: skip
    return Phrase("done.opponent_may_discard.discards_effect_stops", foe=Player(foe), card=CardId(card.id))


@OPERATIONS.register("set_from_hand", "Sets a Spell/Trap from the hand, if the judge names one")
def _set_from_hand(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """ "You can Set 1 Spell/Trap from your hand" (Dust Tornado): only if the judge names the
    card (`choices: {set: <card>}`); a card Set this way cannot be activated this turn if it is
    a Trap or Quick-Play Spell."""
    chosen = ctx.chosen(tx, "set")
    if not chosen:
        return Phrase("done.set_from_hand.sets_nothing", player=Player(ctx.player))
    card = chosen[0]
    defn = tx.board.define(card.id)
    if card.zone != "hand" or card.owner != ctx.player or defn.is_monster:
        tx.say(
            "choice.not_allowed",
            reason=Phrase(
                "not_allowed.not_spell_or_trap",
                card=CardId(card.id),
                player=Player(ctx.player),
            ),
        )  # fmt: skip
        return Phrase("done.set_from_hand.sets_nothing", player=Player(ctx.player))
    if defn.spell_trap_kind == "field":
        old = tx.board.field_spell(ctx.player)
        if old is not None:
            tx.move(old.id, "graveyard", event="sent_to_gy", cause="a new Field Spell")
        tx.move(card.id, "field_spell", event="set", face="down", chain_link=ctx.link.link)
    else:
        slot = tx.board.free_slot("spell_traps", ctx.player)
        if slot is None:
            tx.say(
                "zone.full",
                reason=Phrase("full.all_spell_trap_zones_2", player=Player(ctx.player)),
                cards=(card.id,),
            )
            return Phrase("done.set_from_hand.sets_nothing", player=Player(ctx.player))
        tx.move(card.id, "spell_traps", event="set", slot=slot, face="down", chain_link=ctx.link.link)
    tx.update_card(card.id, set_this_turn=True)
    ctx.acted[:] = [tx.board.cards[card.id]]
    return Phrase("done.set_from_hand.sets", player=Player(ctx.player), card=CardId(card.id))


@OPERATIONS.register("banish_declared_from_deck", "banishes a card with the declared name from the Deck")
def _banish_declared_from_deck(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Crossout Designator: the name declared at activation (`choices: {declare: <name>}`, or the
    card itself: `choices: {banish: <ref>}`); 1 card of that name leaves its controller's Main Deck."""
    chosen = ctx.chosen(tx, "banish")
    name = str(ctx.choices.get("declare") or (chosen[0].name if chosen else ""))
    ctx.acted[:] = []
    from engine.cards import UNKNOWN_CARD

    deck = [tx.board.cards[i] for i in tx.board.player(ctx.player).deck]
    known = [c for c in deck if c.name != UNKNOWN_CARD.name]
    if not name and known:  # unsaid: the first card of its Main Deck the scenario names
        first_legal(tx, ctx, "declare", known[:1])
        chosen, name = known[:1], known[0].name
    if not name:
        tx.say(
            "choice.missing",
            reason=Phrase("missing.needs_declared_card_name", card=CardId(ctx.link.card)),
            cards=(ctx.link.card,),
        )  # fmt: skip
        return Phrase("done.banish_declared_from_deck.no_card_name_declared")
    found = [c for c in (chosen or deck) if c.zone == "deck" and c.owner == ctx.player
             and tx.board.define(c.id).name.lower() == name.lower()]  # fmt: skip
    if not found:
        return Phrase(
            "done.banish_declared_from_deck.declared_no_card_name",
            name=name,
            player=Player(ctx.player),
        )
    tx.move(found[0].id, "banished", event="banished", cause=ctx.link.card, chain_link=ctx.link.link)
    shuffle(tx, found[0].owner, searched=True)  # the Deck was looked through for it
    ctx.acted[:] = [found[0]]
    return Phrase(
        "done.banish_declared_from_deck.declared_banished_from_main",
        name=name,
        card=CardId(found[0].id),
    )


OPERATIONS.add("destroy", _move_all("graveyard", "destroyed"), "destroys the cards (to the GY)")
OPERATIONS.add("send_to_gy", _move_all("graveyard", "sent_to_gy"), "sends the cards to the GY")
OPERATIONS.add("banish", _move_all("banished", "banished"), "banishes the cards")
OPERATIONS.add("return_to_hand", _move_all("hand", "returned_to_hand"), "returns the cards to the hand")
OPERATIONS.add("return_to_deck", _move_all("deck", "returned_to_deck"), "returns the cards to the Deck")


@OPERATIONS.register("shuffle_into_deck", "shuffles the cards into their owners' Decks")
def _shuffle_into_deck(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """ "Shuffle it into the Deck" (Knightmare Unicorn, Triple Tactics Talent): the cards go to
    their owners' Decks, which are shuffled, so a draw after it does not take them by name (an Extra
    Deck monster goes to the Extra Deck instead, which is not shuffled)."""
    _move_all("deck", "returned_to_deck")(tx, ctx, step)
    for owner in sorted({c.owner for c in ctx.acted if tx.board.cards.get(c.id, c).zone == "deck"}):
        shuffle(tx, owner)
    moved = [CardId(c.id) for c in ctx.acted] or Phrase("word.nothing")
    return Phrase("done.moved", event=Zone("shuffled_into_deck"), moved=moved)


OPERATIONS.add(
    "return_to_graveyard",
    _move_all("graveyard", "returned_to_gy"),
    "returns banished cards to the GY (not sent there)",
)
OPERATIONS.add(
    "destroy_and_banish",
    _move_all("banished", "destroyed"),
    "destroys the cards and banishes them",
)
