"""Control and equipping: taking or swapping control, Equip Cards, Union monsters, monsters
equipped as Equip Cards, cards bound to another."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.explain import Card, CardId, Phrase, Player
from engine.operations.context import (
    Context,
    _pick,
    first_legal,
    select,
    summon_forbidden,
    summon_position,
    unsaid_position,
)
from engine.state import CardState, evolve, opponent
from engine.vocabulary import OPERATIONS

if TYPE_CHECKING:
    from engine.cards import Step
    from engine.tx import Tx


@OPERATIONS.register("take_control", "takes control of the monsters")
def _take_control(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    taken = []
    for c in select(tx, ctx, step.cards):
        if c.zone != "monsters" or c.controller == ctx.player:
            continue
        slot = tx.board.free_slot("monsters", ctx.player)
        if slot is None:
            tx.say(
                "zone.full",
                reason=Phrase("full.has_no_free_main_4", c=CardId(c.id), player=Player(ctx.player)),
            )
            continue
        tx.set_board(tx.board.with_card(evolve(c, controller=ctx.player, slot=slot)))
        tx.emit("control_changed", card=c.id, player=ctx.player, cause=ctx.link.card,
                chain_link=ctx.link.link)  # fmt: skip
        taken.append(c.id)
    return Phrase("done.take_control", taken=list(taken) or Phrase("word.nothing"))


@OPERATIONS.register("take_control_until_end_phase", "takes control of a monster until the End Phase")
def _take_control_until_end_phase(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Take control of a monster chosen at resolution (`choices: {control: ref}`) until the End Phase."""
    from engine.rules.lasting import add
    from engine.state import Lasting

    taken = []
    for c in _pick(tx, ctx, step, "control"):
        slot = tx.board.free_slot("monsters", ctx.player)
        if c.zone != "monsters" or c.controller == ctx.player or slot is None:
            continue
        tx.set_board(tx.board.with_card(evolve(c, controller=ctx.player, slot=slot)))
        tx.emit("control_changed", card=c.id, player=ctx.player, cause=ctx.link.card,
                chain_link=ctx.link.link)  # fmt: skip
        taken.append(c.id)
    ctx.acted[:] = [tx.board.cards[c] for c in taken]
    if taken:
        add(tx, Lasting(what="control_until_end_phase", player=ctx.player, source=ctx.link.card,  # type: ignore[arg-type]
                        until_turn=tx.board.turn, cards=tuple(taken)))  # fmt: skip
    return Phrase("done.take_control_until_end_phase", taken=list(taken) or Phrase("word.nothing"))


@OPERATIONS.register(
    "take_control_while_equipped", "takes control of the monster while this card stays equipped to it"
)
def _take_control_while_equipped(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Control lasts while this card stays equipped to the monster (Snatch Steal); the game
    gives it back when that ends (engine.rules.checks)."""
    before = {c.id: c.controller for c in select(tx, ctx, step.cards)}
    text = _take_control(tx, ctx, step)
    for card_id, was in before.items():
        card = tx.board.cards.get(card_id)
        if card is not None and card.controller != was:
            tx.update_card(card_id, controlled_by=ctx.link.card)
    return text


@OPERATIONS.register("swap_control", "each player gives the other control of 1 monster they control")
def _swap_control(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Creature Swap: each player chooses 1 monster they control (`choices: {control: [one of each
    player's]}`, else the first) and the two switch control, each taking the zone the other left;
    neither can change its battle position for the rest of the turn."""
    chosen = ctx.chosen(tx, "control") or []
    picks = []
    for p in (ctx.player, opponent(ctx.player)):
        mine = tx.board.monsters(p)
        named = [c for c in chosen if c.zone == "monsters" and c.controller == p]
        pick = (named or mine)[:1]
        if not named and len(mine) > 1:
            first_legal(tx, ctx, "control", pick)
        picks += pick
    if len(picks) != 2:
        return Phrase("done.swap_control.both_players_must_give")
    first, second = picks
    locked = ("position_locked",)  # "cannot change their battle positions for the rest of this turn"
    tx.set_board(tx.board.with_card(evolve(first, controller=second.controller, slot=second.slot,
                                           marks=(*first.marks, *locked))))  # fmt: skip
    tx.set_board(tx.board.with_card(evolve(second, controller=first.controller, slot=first.slot,
                                           marks=(*second.marks, *locked))))  # fmt: skip
    for c, to in ((first, second.controller), (second, first.controller)):
        tx.emit("control_changed", card=c.id, player=to, cause=ctx.link.card, chain_link=ctx.link.link)
    ctx.acted[:] = [tx.board.cards[first.id], tx.board.cards[second.id]]
    return Phrase(
        "done.swap_control.switch_control_neither_can",
        first=CardId(first.id),
        second=CardId(second.id),
    )


@OPERATIONS.register(
    "borrow_from_gy", "adds a card from the opponent's GY to its player's hand, to be sent back later"
)
def _borrow_from_gy(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Graverobber: the target, a card in the opponent's GY, goes to this link's player's hand (it
    stays its owner's card); during this turn's End Phase it is sent to the GY if they still hold
    it, and the first time they activate it they take `amount` damage after it resolves
    (engine.rules.lasting)."""
    from engine.rules.lasting import add
    from engine.state import Lasting

    cards = [c for c in select(tx, ctx, step.cards or "targets") if c.zone == "graveyard"]
    ctx.acted[:] = cards
    for c in cards:
        tx.move(c.id, "hand", event="added_to_hand", cause=ctx.link.card, chain_link=ctx.link.link,
                controller=ctx.player)  # fmt: skip
    if not cards:
        return Phrase("done.borrow_from_gy.nothing_taken")
    ids = tuple(c.id for c in cards)
    add(tx, Lasting(what="send_to_gy_at_end_phase", player=ctx.player, source=ctx.link.card,  # type: ignore[arg-type]
                    until_turn=tx.board.turn, cards=ids))  # fmt: skip
    amount = step.amount if isinstance(step.amount, int) else 0
    if amount:
        add(tx, Lasting(what="damage_after_resolving", player=ctx.player, source=ctx.link.card,  # type: ignore[arg-type]
                        until_turn=tx.board.turn, cards=ids, amount=amount))  # fmt: skip
    return Phrase(
        "done.borrow_from_gy.goes_hand_for_turn",
        ids=list(ids),
        player=Player(ctx.player),
        amount=amount,
    )


@OPERATIONS.register("equip", "equips this Equip Card to its target")
def _equip(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Attach this Equip Card to its target; with no target left it is sent to the GY later."""
    monsters = [c for c in select(tx, ctx, step.cards or "targets") if c.zone == "monsters" and c.face_up]
    if not monsters:
        return Phrase("done.equip.nothing_equip")
    tx.update_card(ctx.link.card, equipped_to=monsters[0].id)
    tx.emit("equipped", card=ctx.link.card, to=monsters[0].id, chain_link=ctx.link.link)
    return Phrase("done.equip.equips", card=ctx.link.card, card2=CardId(monsters[0].id))


@OPERATIONS.register("equip_self", "this card equips itself to a monster, from where it is")
def _equip_self(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """This card leaves where it is (Dark Necrofear: the GY) for its controller's Spell & Trap
    Zone, face-up, as an Equip Card equipped to the target."""
    monsters = [c for c in select(tx, ctx, step.cards or "targets") if c.zone == "monsters" and c.face_up]
    slot = tx.board.free_slot("spell_traps", ctx.player)
    if not monsters or slot is None:
        return Phrase("done.equip_self.nothing_equipped_no_target")
    tx.move(ctx.link.card, "spell_traps", event="placed", cause=ctx.link.card, chain_link=ctx.link.link,
            slot=slot, face="up", controller=ctx.player)  # fmt: skip
    # equipped by its own effect: a Monster Card's equip effects apply (engine.rules.abilities)
    tx.update_card(ctx.link.card, equipped_to=monsters[0].id, self_equipped=True)
    tx.emit("equipped", card=ctx.link.card, to=monsters[0].id, chain_link=ctx.link.link)
    ctx.acted[:] = [tx.board.cards[monsters[0].id]]
    return Phrase("done.equip_self.equips_equip_card", card=ctx.link.card, card2=CardId(monsters[0].id))


@OPERATIONS.register("equip_monster", "equips the target monster to this card as an Equip Card")
def _equip_monster(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Take the target and equip it to this card as an Equip Card (Relinquished); if this card
    is no longer face-up on the field, the target cannot be equipped and is sent to the GY, by
    the rules rather than by the effect (Relinquished Anima's OCG ruling, YGOResources via
    huntlist.eu; Relinquished's own, edisonformat.net)."""
    this = tx.board.cards.get(ctx.link.card)
    if this is None or this.zone != "monsters" or not this.face_up:
        sent = [c.id for c in select(tx, ctx, step.cards or "targets") if c.zone == "monsters"]
        for card_id in sent:
            tx.move(card_id, "graveyard", event="sent_to_gy", cause="rule: nothing to equip to")
        return Phrase("done.equip_monster.no_longer_face_up", card=ctx.link.card,
                      sent=list(sent) or Phrase("word.nothing"))  # fmt: skip
    done = []
    for c in select(tx, ctx, step.cards or "targets"):
        if c.zone != "monsters":
            continue
        slot = tx.board.free_slot("spell_traps", ctx.player)
        if slot is None:
            tx.say(
                "zone.full",
                reason=Phrase("full.has_no_free_spell_2", c=CardId(c.id), player=Player(ctx.player)),
            )
            break
        tx.move(c.id, "spell_traps", event="equipped", cause=ctx.link.card, chain_link=ctx.link.link,
                slot=slot, face="up", controller=ctx.player)  # fmt: skip
        tx.update_card(c.id, equipped_to=this.id)
        done.append(c.id)
    ctx.acted[:] = [tx.board.cards[c] for c in done]
    return Phrase(
        "done.equip_monster.equips_equip_card_2",
        done=list(done) or Phrase("word.nothing"),
        this=CardId(this.id),
    )


@OPERATIONS.register(
    "equip_battle_victims", "equips to this card the monsters it destroyed by battle this turn"
)
def _equip_battle_victims(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Sword Hunter, at the end of the Battle Phase: every monster this card destroyed by battle
    this turn that is still in a GY becomes an Equip Card equipped to it (its ATK gain is its own
    Continuous effect). If there are not enough Spell & Trap Zones for all, none is equipped (as
    the ProjectIgnis script of its text does); if this card is no longer face-up, nothing is."""
    from engine.rules.triggers import BATTLE_VICTIM

    this = tx.board.cards.get(ctx.link.card)
    if this is None or this.zone != "monsters" or not this.face_up:
        return Phrase("done.equip_battle_victims.no_longer_face_up_2", card=ctx.link.card)
    turn, mark = tx.board.turn, f"{BATTLE_VICTIM}{this.id}"
    victims = [c for c in tx.board.in_zone("graveyard") if (turn, c.id, mark) in tx.game.memory]
    free = sum(1 for s in range(1, 6) if tx.board.occupant("spell_traps", ctx.player, s) is None)
    if not victims:
        return Phrase("done.equip_battle_victims.no_monster_destroyed_battle")
    if len(victims) > free:
        tx.say(
            "zone.full",
            reason=Phrase(
                "full.has_free_spell_trap",
                this=Card.of(this),
                player=Player(ctx.player),
                free=free,
                victims_count=len(victims),
            ),
        )  # fmt: skip
        return Phrase("done.equip_battle_victims.not_enough_free_spell")
    for c in victims:
        slot = tx.board.free_slot("spell_traps", ctx.player)
        tx.move(c.id, "spell_traps", event="equipped", cause=ctx.link.card, chain_link=ctx.link.link,
                slot=slot, face="up", controller=ctx.player)  # fmt: skip
        tx.update_card(c.id, equipped_to=this.id)  # by this card's effect, not its own
    ctx.acted[:] = [tx.board.cards[c.id] for c in victims]
    return Phrase(
        "done.equip_battle_victims.equips_equip_cards",
        victims=[CardId(c.id) for c in victims],
        this=CardId(this.id),
    )


@OPERATIONS.register("bind", "this card and the monster it brought back share their fate")
def _bind(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """This card and the monster it brought back share their fate (Call of the Haunted)."""
    source = ctx.link.card
    for c in ctx.acted:
        tx.update_card(c.id, bound_to=source)
        tx.update_card(source, equipped_to=c.id)
    return Phrase(
        "done.bind",
        source=source,
        acted=[CardId(c.id) for c in ctx.acted] or Phrase("word.nothing"),
    )


# --- monster abilities: Union monsters, Monster Cards as Equip Cards, control (engine.rules.abilities)
@OPERATIONS.register("union_equip", "a Union monster equips itself to a monster as an Equip Spell Card")
def _union_equip(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """A Union monster becomes an Equip Spell Card equipped to a monster by its own effect (so its
    equip effects apply): `cards: this`, the Union equips itself to the target; `cards: targets`
    (Formation Union), the first target, a Union, equips to the second, if that is a monster the
    Union's own effect could equip it to."""
    from engine.rules.abilities import union_target_problem

    chosen = select(tx, ctx, "targets")
    if step.cards == "this":
        union = tx.board.cards.get(ctx.link.card)
    else:  # targets: [the Union, the monster]
        union = chosen[0] if chosen and chosen[0].id == ctx.link.targets[0] else None
    if union is None or union.zone != "monsters" or not union.face_up:
        return Phrase("done.union_equip.union_monster_no_longer")
    host = next((c for c in chosen if c.id != union.id and c.zone == "monsters" and c.face_up), None)
    if host is None:
        return Phrase("done.union_equip.no_monster_left_equip")
    if (why := union_target_problem(tx.board, union, host)) is not None:
        tx.say("union.not_appropriate", reason=Phrase("not_equipped", why=why, union=Card.of(union)),
               cards=(union.id, host.id))  # fmt: skip
        return Phrase("done.union_equip.not_monster_can_equip")
    slot = tx.board.free_slot("spell_traps", union.controller)
    if slot is None:
        tx.say(
            "zone.full",
            reason=Phrase(
                "full.has_no_free_spell",
                union=CardId(union.id),
                controller=Player(union.controller),
            ),
        )
        return Phrase("done.union_equip.no_free_spell_trap")
    tx.move(union.id, "spell_traps", event="placed", cause=ctx.link.card, chain_link=ctx.link.link,
            slot=slot, face="up", controller=union.controller)  # fmt: skip
    tx.update_card(union.id, equipped_to=host.id, self_equipped=True, attacks_this_turn=0,
                   summoned_this_turn=False, boost_atk=0, boost_def=0, added_atk=0, gemini=False)  # fmt: skip
    tx.emit("equipped", card=union.id, to=host.id, cause=ctx.link.card, chain_link=ctx.link.link)
    tx.say("union.equipped", union=Card.of(union), host=Card.of(host))  # fmt: skip
    ctx.acted[:] = [tx.board.cards[host.id]]
    return Phrase("done.union_equip.equips_2", union=CardId(union.id), host=CardId(host.id))


@OPERATIONS.register(
    "move_equip", "moves an Equip Card equipped to a monster to another monster it could be equipped to"
)
def _move_equip(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Tailor of the Fickle: 1 Equip Card equipped to a monster goes to another correct monster,
    both chosen as it resolves (`choices: {equip: <card>, equip_to: <monster>}`, else the first
    legal pair). A monster equipped as an Equip Card cannot be moved, except a Union equipped by
    its own effect (engine.rules.abilities.move_equip_problem); it stays in its zone, equipped by
    its own effect still."""
    from engine.rules.abilities import movable_equips, move_equip_problem

    named = (ctx.chosen(tx, "equip") or [None])[0]
    to = (ctx.chosen(tx, "equip_to") or [None])[0]
    if named is None or to is None:
        pairs = [(e, m) for e, m in movable_equips(tx.board)
                 if (named is None or e.id == named.id) and (to is None or m.id == to.id)]  # fmt: skip
        if not pairs:
            return Phrase("done.move_equip.nothing_moved")
        if named is None:
            first_legal(tx, ctx, "equip", [pairs[0][0]])
        if to is None:
            first_legal(tx, ctx, "equip_to", [pairs[0][1]])
        named, to = pairs[0]
    if (why := move_equip_problem(tx.board, named, to)) is not None:
        tx.say("equip.cannot_move", equip=Card.of(named), host=Card.of(to), why=why, cards=(named.id, to.id))
        return Phrase("done.move_equip.nothing_moved")
    old = named.equipped_to
    tx.update_card(named.id, equipped_to=to.id)
    tx.emit("equipped", card=named.id, to=to.id, cause=ctx.link.card, chain_link=ctx.link.link)
    tx.say("equip.moved", equip=Card.of(named), old=CardId(old or ""), host=Card.of(to),
           cards=(named.id, to.id))  # fmt: skip
    ctx.acted[:] = [tx.board.cards[to.id]]
    return Phrase("done.move_equip.moves", equip=CardId(named.id), host=CardId(to.id))


def _summon_from_equip(tx: Tx, ctx: Context, union: CardState, position: str) -> bool:
    """Special Summon an equipped Monster Card from the Spell & Trap Zone to its controller's field."""
    if summon_forbidden(tx, ctx, union.controller):
        return False
    slot = tx.board.free_slot("monsters", union.controller)
    if slot is None:
        tx.say(
            "zone.full",
            reason=Phrase(
                "full.has_no_free_main_3",
                union=CardId(union.id),
                controller=Player(union.controller),
            ),
        )
        return False
    host = union.equipped_to
    tx.move(union.id, "monsters", event="summoned", cause=ctx.link.card, chain_link=ctx.link.link,
            slot=slot, position=position, face=None, controller=union.controller)  # fmt: skip
    tx.update_card(union.id, equipped_to=None, self_equipped=False, summoned_this_turn=True,
                   summon_type="special")  # fmt: skip
    tx.say("union.unequipped", union=Card.of(union), host=CardId(host) if host else Phrase("word.nothing"),
           position=position.title())  # fmt: skip
    return True


@OPERATIONS.register("union_unequip", "unequips a Union monster and Special Summons it")
def _union_unequip(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Unequip a Union monster and Special Summon it: `cards: this`, by its own effect; `cards:
    targets`, an equipped Union Monster Card a card targets (Formation Union)."""
    from engine.state import Summon

    cards = [c for c in select(tx, ctx, step.cards or "this") if c.zone == "spell_traps" and c.equipped_to]
    said = summon_position(ctx, step)
    made = [c.id for c in cards if _summon_from_equip(tx, ctx, c, said or "attack")]
    ctx.acted[:] = [tx.board.cards[c] for c in made]
    if said is None:
        unsaid_position(tx, ctx, ctx.acted)
    if made:
        tx.update(last_summon=Summon(cards=tuple(made), kind="special", player=ctx.player,  # type: ignore[arg-type]
                                     seq=tx.game.seq, by=ctx.link.card))  # fmt: skip
    return Phrase("done.union_unequip", made=list(made) or Phrase("word.nothing"))


@OPERATIONS.register("unequip_unions_of", "the Union monsters equipped to the target are Special Summoned")
def _unequip_unions_of(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """The Union monsters equipped (by their own effect) to the target are Special Summoned
    (Combination Attack), each to its own controller's field."""
    from engine.rules.kinds import equipped_unions
    from engine.state import Summon

    made = []
    said = summon_position(ctx, step)
    for host in select(tx, ctx, step.cards or "targets"):
        for union in equipped_unions(tx.board, host):
            if _summon_from_equip(tx, ctx, union, said or "attack"):
                made.append(union.id)
    ctx.acted[:] = [tx.board.cards[c] for c in made]
    if said is None:
        unsaid_position(tx, ctx, ctx.acted)
    if made:
        tx.update(last_summon=Summon(cards=tuple(made), kind="special", player=ctx.player,  # type: ignore[arg-type]
                                     seq=tx.game.seq, by=ctx.link.card))  # fmt: skip
    return Phrase("done.unequip_unions_of", made=list(made) or Phrase("word.nothing"))
