"""What effects do: one registry from operation name to handler.

A card file names operations by these keys; `engine.cards` refuses a file that names one not
here. Each handler acts through the Tx (so every change leaves an event) and says in words
what it did, so the log a judge reads comes from the same code that acts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.state import Board, CardState, ChainLink, evolve, opponent

if TYPE_CHECKING:
    from engine.cards import Selector, Step
    from engine.tx import Tx


@dataclass(slots=True)
class Context:
    """What an operation needs to know about the link it belongs to."""

    link: ChainLink
    targets: tuple[str, ...]  # the targets still valid at resolution
    answered: ChainLink | None = None  # the link this one responds to, if it is still open
    acted: list[CardState] = field(default_factory=list)  # what the last step acted on ("it")
    choices: dict[str, Any] = field(default_factory=dict)  # the judge's choices for this link
    coin: str | None = None  # this effect's coin toss, once tossed
    listed: list[CardState] = field(default_factory=list)  # cards a judge-stated resolution names

    def amount(self, tx: Tx, step: Step) -> int:
        """A step's number: written on the card, or read off what the step before acted on."""
        if step.amount == "their_original_atk":
            base = sum(tx.board.define(c.id).atk or 0 for c in self.acted)
        elif step.amount == "attacker_atk":
            from engine.rules.continuous import atk

            battle = tx.game.battle
            attacker = tx.board.cards.get(battle.attacker) if battle else None
            base = atk(tx.board, attacker) if attacker is not None else 0
        elif step.amount == "their_atk":
            from engine.rules.continuous import atk

            base = sum(self.last_atk.get(c.id, atk(tx.board, c)) for c in self.acted)
        else:
            base = step.amount or 0
        if step.per:
            base *= sum(1 for c in tx.board.cards.values()
                        if any(fits(tx.board, c, sel, self.player) for sel in step.per))  # fmt: skip
        return base

    @property
    def player(self) -> str:
        return self.link.player

    last_atk: dict[str, int] = field(default_factory=dict)  # ATK of acted cards as they left

    def chosen(self, tx: Tx, key: str) -> list[CardState] | None:
        """The cards the judge chose for `key` at resolution, or None if none were given."""
        refs = self.choices.get(key)
        if refs is None:
            return None
        from engine.refs import resolve_ref

        return [resolve_ref(tx.board, str(r)) for r in (refs if isinstance(refs, list) else [refs])]


def select(tx: Tx, ctx: Context, what: str | Selector | None) -> list[CardState]:
    """The cards a step acts on: its targets, the card itself, or every card a selector fits."""
    board = tx.board
    if what in (None, "targets"):
        return [board.cards[t] for t in ctx.targets if t in board.cards]
    if what == "this":
        return [board.cards[ctx.link.card]]
    if what == "listed":
        return [board.cards[c.id] for c in ctx.listed if c.id in board.cards]
    if what == "those":
        return [board.cards[c.id] for c in ctx.acted if c.id in board.cards]
    if what == "namesakes":  # cards with the same name in their owners' hands and Decks
        names = {(c.owner, c.name) for c in ctx.acted}
        return [c for c in board.cards.values()
                if c.zone in ("hand", "deck") and (c.owner, c.name) in names]  # fmt: skip
    if what == "equipped":
        partner = board.cards[ctx.link.card].equipped_to
        return [board.cards[partner]] if partner in board.cards else []
    if what == "that_link":
        answered = ctx.answered
        if ctx.link.answers_summon:
            return [board.cards[c] for c in ctx.link.answers_summon if c in board.cards]
        return [board.cards[answered.card]] if answered and answered.card in board.cards else []
    assert not isinstance(what, str)
    summoned = tx.game.last_summon.cards if tx.game.last_summon else ()
    attacker = tx.game.battle.attacker if tx.game.battle else None
    # A card's "all cards" never includes itself while it resolves (Heavy Storm, Dark Hole).
    return [c for c in board.cards.values()
            if c.id != ctx.link.card and fits(board, c, what, ctx.player, summoned, attacker)]  # fmt: skip


_ZONES = {
    "field": ("field_spell",),
    "onfield": ("monsters", "spell_traps", "field_spell"),
}


def fits(board: Board, card: CardState, sel: Selector, player: str,
         summoned: tuple[str, ...] = (), attacker: str | None = None) -> bool:  # fmt: skip
    """Does a card fit a selector (zone, whose, face, kind) from `player`'s point of view?"""
    from engine.rules.continuous import atk, matches

    if card.zone not in _ZONES.get(sel.zone, (sel.zone,)):
        return False
    if sel.just_summoned and card.id not in summoned:
        return False
    if sel.attacking and card.id != attacker:
        return False
    if sel.position != "any" and card.position != sel.position:
        return False
    if not matches(board, card, sel, player):
        return False
    if sel.min_atk is not None or sel.max_atk is not None:
        value = atk(board, card)
        if sel.min_atk is not None and value < sel.min_atk:
            return False
        limit = sel.max_atk
        if limit == "controller_lp":
            limit = board.player(card.controller).lp
        if isinstance(limit, int) and value > limit:
            return False
    if sel.face == "up" and not card.face_up:
        return False
    return not (sel.face == "down" and card.face_up)


def misfit(board: Board, card: CardState | None, sel: Selector, player: str,
           summoned: tuple[str, ...] = (), attacker: str | None = None, *,
           now: bool = True) -> str | None:  # fmt: skip
    """Why a card does not (or, at resolution, no longer does) fit a selector; None if it fits."""
    from engine.rules.continuous import atk

    no_longer, is_now = ("is no longer", "is now") if now else ("is not", "is")
    if card is None:
        return "is gone"
    if card.zone not in _ZONES.get(sel.zone, (sel.zone,)):
        return f"{no_longer} there (it {is_now} in the {card.zone.replace('_', ' ')})"
    if fits(board, card, sel, player, summoned, attacker):
        return None
    if sel.attacking and card.id != attacker:
        return f"{'is no longer' if now else 'is not'} the attacking monster"
    if sel.face == "up" and not card.face_up:
        return f"{is_now} face-down, and the effect needs a face-up card"
    if sel.face == "down" and card.face_up:
        return f"{is_now} face-up, and the effect needs a face-down card"
    if sel.position != "any" and card.position != sel.position:
        return f"{no_longer} in {sel.position.title()} Position"
    if sel.just_summoned and card.id not in summoned:
        return f"{no_longer} the monster whose summon the card answers"
    value = atk(board, card)
    if sel.min_atk is not None and value < sel.min_atk:
        return f"has {value} ATK{' now' if now else ''}, and the effect needs {sel.min_atk} or more"
    if isinstance(sel.max_atk, int) and value > sel.max_atk:
        return f"has {value} ATK{' now' if now else ''}, and the effect needs {sel.max_atk} or less"
    if sel.max_atk == "controller_lp" and value > board.player(card.controller).lp:
        return f"has {value} ATK, more than its controller's LP"
    return f"{no_longer} a card the effect can take"


def _players(ctx: Context, who: str | None) -> list[str]:
    if who == "opponent":
        return [opponent(ctx.player)]
    if who == "both":
        return [ctx.player, opponent(ctx.player)]
    return [ctx.player]


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


def _move_all(to: str, event: str) -> Callable[[Tx, Context, Step], str]:
    def handler(tx: Tx, ctx: Context, step: Step) -> str:
        from engine.rules.continuous import atk

        cards = _pick(tx, ctx, step, _CHOICE_KEYS[event]) if step.pick else select(tx, ctx, step.cards)
        if to in _RETURNS:
            staying = [c for c in cards if _on_chain(tx, c)]
            for c in staying:
                tx.say("chain.activated_card_stays", f"{c.name} was activated in this chain: it stays "
                       "on the field until the chain has resolved and cannot be returned to the "
                       f"{to}.", c.id)  # fmt: skip
            cards = [c for c in cards if c not in staying]
        ctx.acted[:] = cards
        ctx.last_atk = {c.id: atk(tx.board, c) for c in cards}
        for c in cards:
            tx.move(c.id, to, event=event, cause=ctx.link.card, chain_link=ctx.link.link)
        names = ", ".join(c.id for c in cards) or "nothing"
        return f"{event.replace('_', ' ')}: {names}"

    return handler


def _draw(tx: Tx, ctx: Context, step: Step) -> str:
    from engine.rules.turns import draw

    players = _players(ctx, step.player)
    for p in players:
        draw(tx, p, step.amount or 1, cause=ctx.link.card, chain_link=ctx.link.link)
    n = step.amount or 1
    cards = f"{n} card{'s' if n > 1 else ''}"
    return f"{' and '.join(players)} {'each draw' if len(players) > 1 else 'draws'} {cards}"


def _damage(tx: Tx, ctx: Context, step: Step) -> str:
    players = _players(ctx, step.player or "opponent")
    shielded = ctx.link.redirect_damage  # Barrel Behind the Door: the other player takes it instead
    if shielded in players:
        players = [opponent(p) if p == shielded else p for p in players]
        tx.say("chain.damage_redirected", f"The damage {shielded} would take from {ctx.link.card} "
               f"goes to {opponent(shielded)} instead.", ctx.link.card)  # fmt: skip
    amount = ctx.amount(tx, step)
    for p in players:
        tx.change_lp(p, -amount, event="damage", cause=ctx.link.card, chain_link=ctx.link.link)
    return f"{' and '.join(players)} {'each take' if len(players) > 1 else 'takes'} {amount} damage"


def _gain(tx: Tx, ctx: Context, step: Step) -> str:
    players = _players(ctx, step.player)
    amount = ctx.amount(tx, step)
    for p in players:
        tx.change_lp(p, amount, event="lp_gained", cause=ctx.link.card, chain_link=ctx.link.link)
    return f"{' and '.join(players)} {'each gain' if len(players) > 1 else 'gains'} {amount} LP"


def _create_tokens(tx: Tx, ctx: Context, step: Step) -> str:
    """Tokens take the lowest free Main Monster Zones; ids are <player>:<name>#<n>."""
    from engine.cards import load_catalog

    defn = load_catalog()[(step.token or "").lower()]
    created = dict(tx.game.created)
    made = []
    for _ in range(step.amount or 1):
        slot = tx.board.free_slot("monsters", ctx.player)
        if slot is None:
            break
        key = f"{ctx.player}:{defn.name}"
        created[key] = created.get(key, 0) + 1
        card = CardState(id=f"{key}#{created[key]}", name=defn.name, owner=ctx.player,
                         controller=ctx.player, zone="monsters", slot=slot,
                         position=step.position or "attack", token=True,
                         summoned_this_turn=True, summon_type="special")  # fmt: skip
        tx.set_board(tx.board.with_card(card, defn))
        tx.emit("summoned", card=card.id, player=ctx.player, cause=ctx.link.card,
                chain_link=ctx.link.link, to="monsters")  # fmt: skip
        made.append(card.id)
    tx.update(created=tuple(created.items()))
    return f"Special Summons {', '.join(made)}"


def _change_position(tx: Tx, ctx: Context, step: Step) -> str:
    cards = select(tx, ctx, step.cards)
    for c in cards:
        if c.zone != "monsters":
            continue
        to = step.position or ("defense" if c.position == "attack" else "attack")
        tx.update_card(c.id, position=to)
        tx.emit("position_changed", card=c.id, player=c.controller, to=to, cause=ctx.link.card,
                chain_link=ctx.link.link)  # fmt: skip
    return "changes battle positions"


def _flip_face_down(tx: Tx, ctx: Context, step: Step) -> str:
    flipped = []
    for c in select(tx, ctx, step.cards):
        if c.zone == "monsters" and c.position != "set":
            tx.update_card(c.id, position="set")
            tx.emit("position_changed", card=c.id, player=c.controller, to="set",
                    cause=ctx.link.card, chain_link=ctx.link.link)  # fmt: skip
            flipped.append(c.id)
    return f"{', '.join(flipped) or 'nothing'} turned face-down"


def _negate_attack(tx: Tx, ctx: Context, step: Step) -> str:
    battle = tx.game.battle
    if battle is None:
        return "no attack to negate"
    tx.update(battle=None)
    tx.emit("negated", card=battle.attacker, cause=ctx.link.card, chain_link=ctx.link.link,
            what="attack")  # fmt: skip
    return f"negates the attack of {battle.attacker}"


def _forbid_attacks(tx: Tx, ctx: Context, step: Step) -> str:
    for p in _players(ctx, step.player or "opponent"):
        tx.set_board(tx.board.with_player(p, cannot_attack=True))
        tx.emit("restricted", player=p, what="declare attacks", cause=ctx.link.card,
                chain_link=ctx.link.link)  # fmt: skip
    return f"{' and '.join(_players(ctx, step.player or 'opponent'))} cannot declare attacks this turn"


def _negate(flag: str, word: str) -> Callable[[Tx, Context, Step], str]:
    """Negate the activation (or only the effect) of the link this one answers, or the summon."""

    def handler(tx: Tx, ctx: Context, step: Step) -> str:
        if ctx.link.answers_summon:
            return _negate_summon(tx, ctx)
        answered = ctx.answered
        if answered is None:
            return f"nothing to negate ({word})"
        chain = tuple(
            evolve(link, **{flag: True}) if link.link == answered.link else link
            for link in tx.game.chain
        )
        tx.update(chain=chain)
        card = tx.board.cards.get(answered.card)
        ctx.acted[:] = [card] if card is not None else []
        tx.emit("negated", card=answered.card, cause=ctx.link.card, chain_link=ctx.link.link,
                what=word, negated_link=answered.link)  # fmt: skip
        return f"negates the {word} of Chain Link {answered.link} ({answered.card})"

    return handler


def _negate_summon(tx: Tx, ctx: Context) -> str:
    """The summon never happened: the monsters stay where the summon put them until the next
    step (destroyed by Solemn Judgment), but they were never summoned successfully."""
    cards = [tx.board.cards[c] for c in ctx.link.answers_summon if c in tx.board.cards]
    ctx.acted[:] = cards
    for c in cards:
        tx.emit("summon_negated", card=c.id, player=c.controller, cause=ctx.link.card,
                chain_link=ctx.link.link)  # fmt: skip
    tx.say("summon.negated", f"{ctx.link.card} negates the summon of "
           f"{', '.join(c.id for c in cards)}: it was never summoned successfully, so nothing can "
           "respond to it as a summon.", *[c.id for c in cards])  # fmt: skip
    return f"negates the summon of {', '.join(c.id for c in cards) or 'nothing'}"


def _pick(tx: Tx, ctx: Context, step: Step, key: str) -> list[CardState]:
    """Cards chosen at resolution: the judge's `choices[key]` among those that fit, else the first."""
    candidates = select(tx, ctx, step.cards)
    count = step.pick or (
        step.cards.count if not isinstance(step.cards, str) and step.cards else len(candidates))
    chosen = ctx.chosen(tx, key)
    if chosen is not None:
        wrong = [c.id for c in chosen if c.id not in {x.id for x in candidates}]
        if wrong:
            tx.say("choice.not_allowed", f"{', '.join(wrong)} cannot be chosen for {key} here; the "
                   "effect takes only cards that fit it.", *wrong)  # fmt: skip
        return [c for c in chosen if c.id not in wrong][:count]
    picked = candidates[:count]
    if picked and len(candidates) > count:
        tx.say("choice.engine_picked", f"No choice was given for {key}; the engine takes the first "
               f"that fits: {', '.join(c.id for c in picked)}.", *[c.id for c in picked])  # fmt: skip
    return picked


def _special_summon(tx: Tx, ctx: Context, step: Step) -> str:
    """Special Summon to the link player's field, each to the lowest free Main Monster Zone."""
    from engine.state import Summon

    cards = _pick(tx, ctx, step, "summon") if step.cards not in (None, "targets") else select(
        tx, ctx, step.cards)  # fmt: skip
    made = []
    for c in cards:
        slot = tx.board.free_slot("monsters", ctx.player)
        if slot is None:
            tx.say("zone.full", f"{ctx.player} has no free Main Monster Zone for {c.id}.", c.id)
            break
        position = ctx.choices.get("position") or step.position or "attack"
        tx.move(c.id, "monsters", event="summoned", cause=ctx.link.card, chain_link=ctx.link.link,
                slot=slot, position=position, controller=ctx.player)  # fmt: skip
        tx.update_card(c.id, summoned_this_turn=True, summon_type="special")
        made.append(c.id)
    ctx.acted[:] = [tx.board.cards[c] for c in made]
    if made:
        tx.update(last_summon=Summon(cards=tuple(made), kind="special", player=ctx.player,  # type: ignore[arg-type]
                                     seq=tx.game.seq))  # fmt: skip
    return f"Special Summons {', '.join(made) or 'nothing'}"


def _bind(tx: Tx, ctx: Context, step: Step) -> str:
    """This card and the monster it brought back share their fate (Call of the Haunted)."""
    source = ctx.link.card
    for c in ctx.acted:
        tx.update_card(c.id, bound_to=source)
        tx.update_card(source, equipped_to=c.id)
    return f"{source} and {', '.join(c.id for c in ctx.acted) or 'nothing'} are bound together"


def _add_to_hand(tx: Tx, ctx: Context, step: Step) -> str:
    cards = _pick(tx, ctx, step, "add")
    ctx.acted[:] = cards
    for c in cards:
        tx.move(c.id, "hand", event="added_to_hand", cause=ctx.link.card, chain_link=ctx.link.link)
    return f"adds {', '.join(c.id for c in cards) or 'nothing'} to the hand"


def _discard(tx: Tx, ctx: Context, step: Step) -> str:
    from engine.cards import Selector

    done = []
    for p in _players(ctx, step.player):
        sel = Selector(zone="hand", count=step.amount or 1)
        hand = [tx.board.cards[c] for c in tx.board.player(p).hand]
        chosen = ctx.chosen(tx, "discard")
        mine = [c for c in chosen if c.id in tx.board.player(p).hand] if chosen is not None else None
        cards = (mine if mine else hand)[: sel.count]
        for c in cards:
            tx.move(c.id, "graveyard", event="discarded", cause=ctx.link.card, chain_link=ctx.link.link)
        done += [c.id for c in cards]
    return f"discards {', '.join(done) or 'nothing'}"


def _change_atk(tx: Tx, ctx: Context, step: Step) -> str:
    """ATK changes until the end of the turn (Rush Recklessly); `amount` may be negative."""
    from engine.rules.continuous import atk

    cards = [c for c in select(tx, ctx, step.cards) if c.zone == "monsters" and c.face_up]
    amount = step.amount if isinstance(step.amount, int) else 0
    for c in cards:
        tx.update_card(c.id, boost_atk=c.boost_atk + amount)
        tx.emit("atk_changed", card=c.id, amount=amount, atk=atk(tx.board, tx.board.cards[c.id]),
                cause=ctx.link.card, chain_link=ctx.link.link)  # fmt: skip
    ctx.acted[:] = cards
    sign = "+" if amount >= 0 else ""
    return f"{', '.join(c.id for c in cards) or 'nothing'} {sign}{amount} ATK until the end of the turn"


def _reverse_increases(tx: Tx, ctx: Context, step: Step) -> str:
    tx.set_board(evolve(tx.board, flags=(*tx.board.flags, "reverse_increases")))
    tx.emit("rule_changed", what="ATK/DEF increases become decreases", cause=ctx.link.card,
            chain_link=ctx.link.link)  # fmt: skip
    return "until the end of the turn, ATK/DEF increases become decreases"


def _equip(tx: Tx, ctx: Context, step: Step) -> str:
    """Attach this Equip Card to its target; with no target left it is sent to the GY later."""
    monsters = [c for c in select(tx, ctx, step.cards or "targets") if c.zone == "monsters" and c.face_up]
    if not monsters:
        return "nothing to equip"
    tx.update_card(ctx.link.card, equipped_to=monsters[0].id)
    tx.emit("equipped", card=ctx.link.card, to=monsters[0].id, chain_link=ctx.link.link)
    return f"equips {ctx.link.card} to {monsters[0].id}"


def _take_control(tx: Tx, ctx: Context, step: Step) -> str:
    taken = []
    for c in select(tx, ctx, step.cards):
        if c.zone != "monsters" or c.controller == ctx.player:
            continue
        slot = tx.board.free_slot("monsters", ctx.player)
        if slot is None:
            tx.say("zone.full", f"{ctx.player} has no free Main Monster Zone to take {c.id}.", c.id)
            continue
        tx.set_board(tx.board.with_card(evolve(c, controller=ctx.player, slot=slot)))
        tx.emit("control_changed", card=c.id, player=ctx.player, cause=ctx.link.card,
                chain_link=ctx.link.link)  # fmt: skip
        taken.append(c.id)
    return f"takes control of {', '.join(taken) or 'nothing'}"


def _flip_face_up(tx: Tx, ctx: Context, step: Step) -> str:
    flipped = []
    for c in select(tx, ctx, step.cards):
        if c.zone == "monsters" and c.position == "set":
            tx.update_card(c.id, position=step.position or "defense")
            tx.emit("flipped", card=c.id, player=c.controller, cause=ctx.link.card,
                    chain_link=ctx.link.link)  # fmt: skip
            flipped.append(c.id)
    ctx.acted[:] = [tx.board.cards[c] for c in flipped]
    return f"{', '.join(flipped) or 'nothing'} turned face-up"


def _coin_toss(tx: Tx, ctx: Context, step: Step) -> str:
    """The judge says how the coin fell (`choices: {coin: heads}`); unsaid, heads is assumed."""
    call = ctx.choices.get("coin")
    if call not in ("heads", "tails"):
        call = "heads"
        tx.say("choice.engine_picked", f"The coin toss of {ctx.link.card} was not given; the engine "
               "assumes heads (say `choices: {coin: tails}` otherwise).", ctx.link.card)  # fmt: skip
    ctx.coin = call
    tx.emit("coin_toss", card=ctx.link.card, result=call, chain_link=ctx.link.link)
    return f"the coin comes up {call}"


def _draw_until(tx: Tx, ctx: Context, step: Step) -> str:
    from engine.rules.turns import draw

    target = step.amount if isinstance(step.amount, int) else 0
    need = max(0, target - len(tx.board.player(ctx.player).hand))
    draw(tx, ctx.player, need, cause=ctx.link.card, chain_link=ctx.link.link)
    return f"{ctx.player} draws {need} card(s), up to {target} in hand"


def _redirect_damage(tx: Tx, ctx: Context, step: Step) -> str:
    answered = ctx.answered
    if answered is None:
        return "no damage to redirect"
    chain = tuple(evolve(x, redirect_damage=ctx.player) if x.link == answered.link else x
                  for x in tx.game.chain)  # fmt: skip
    tx.update(chain=chain)
    return f"damage Chain Link {answered.link} would inflict to {ctx.player} goes to {opponent(ctx.player)}"


def _lp_to_zero(tx: Tx, ctx: Context, step: Step) -> str:
    players = _players(ctx, step.player or "both")
    for p in players:
        tx.change_lp(p, -tx.board.player(p).lp, event="lp_set", cause=ctx.link.card, chain_link=ctx.link.link)
    return f"{' and '.join(players)} {'have' if len(players) > 1 else 'has'} 0 LP"


def _place_counters(tx: Tx, ctx: Context, step: Step) -> str:
    name = step.token or "counter"
    cards = select(tx, ctx, step.cards or "this")
    for c in cards:
        counters = dict(c.counters)
        counters[name] = counters.get(name, 0) + (step.amount or 1)
        tx.update_card(c.id, counters=tuple(counters.items()))
        tx.emit("counters_placed", card=c.id, amount=step.amount or 1, what=name,
                cause=ctx.link.card, chain_link=ctx.link.link)  # fmt: skip
    return f"places {step.amount or 1} {name}(s) on {', '.join(c.id for c in cards)}"


def _materials_then_summon(method: str) -> Handler:
    """Ritual and Fusion Summons: the Tributes/materials leave at resolution, not as a cost, so
    a card that stops Tributes (Mask of Restrict) in force by then stops the Ritual Summon."""

    def handler(tx: Tx, ctx: Context, step: Step) -> str:
        from engine.rules.continuous import first

        monster = (ctx.chosen(tx, "summon") or [None])[0]
        materials = ctx.chosen(tx, "materials") or ctx.chosen(tx, "tribute") or []
        if monster is None or not materials:
            tx.say("choice.missing", f"{ctx.link.card} needs `choices: {{summon: <monster>, materials: "
                   "[...]}}` to say which monster is summoned with which materials.", ctx.link.card)
            return "no monster or materials chosen"
        if method == "ritual" and (mask := first(tx.board, "forbid_tributes")) is not None:
            tx.say("rule.tributes_forbidden", f"{mask.name} is face-up: no monster can be Tributed, so "
                   f"the Ritual Summon of {monster.name} cannot happen.", mask.id, ctx.link.card)
            return "no Tribute possible: no Ritual Summon"
        for m in materials:
            event = "tributed" if method == "ritual" else "sent_to_gy"
            tx.move(m.id, "graveyard", event=event, cause=f"material for {monster.id}",
                    chain_link=ctx.link.link)  # fmt: skip
        slot = tx.board.free_slot("monsters", ctx.player)
        tx.move(monster.id, "monsters", event="summoned", cause=ctx.link.card, chain_link=ctx.link.link,
                slot=slot, position="attack", controller=ctx.player)  # fmt: skip
        tx.update_card(monster.id, summoned_this_turn=True, summon_type=method)
        return f"{method.title()} Summons {monster.id} using {', '.join(m.id for m in materials)}"

    return handler


Handler = Callable[["Tx", Context, "Step"], str]

OPERATIONS: dict[str, Handler] = {
    "destroy": _move_all("graveyard", "destroyed"),
    "send_to_gy": _move_all("graveyard", "sent_to_gy"),
    "banish": _move_all("banished", "banished"),
    "return_to_hand": _move_all("hand", "returned_to_hand"),
    "return_to_deck": _move_all("deck", "returned_to_deck"),
    "draw": _draw,
    "damage": _damage,
    "gain_lp": _gain,
    "create_tokens": _create_tokens,
    "change_position": _change_position,
    "flip_face_down": _flip_face_down,
    "negate_attack": _negate_attack,
    "forbid_attacks": _forbid_attacks,
    "negate_activation": _negate("activation_negated", "activation"),
    "negate_effect": _negate("effect_negated", "effect"),
    "special_summon": _special_summon,
    "bind": _bind,
    "add_to_hand": _add_to_hand,
    "discard": _discard,
    "change_atk": _change_atk,
    "reverse_increases": _reverse_increases,
    "equip": _equip,
    "take_control": _take_control,
    "flip_face_up": _flip_face_up,
    "coin_toss": _coin_toss,
    "draw_until": _draw_until,
    "redirect_damage": _redirect_damage,
    "place_counters": _place_counters,
    "lp_to_zero": _lp_to_zero,
    "ritual_summon": _materials_then_summon("ritual"),
    "fusion_summon": _materials_then_summon("fusion"),
}
