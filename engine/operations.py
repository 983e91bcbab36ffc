"""What effects do: one registry from operation name to handler.

A card file names operations by these keys; `engine.cards` refuses a file that names one not
here. Each handler acts through the Tx (so every change leaves an event) and says in words
what it did, so the log a judge reads comes from the same code that acts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.rules.continuous import fits
from engine.state import CardState, ChainLink, evolve, opponent

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
    stopped: bool = False  # the rest of the effect does not happen (Magic Drain's discard)
    # what happens "immediately after this effect resolves" (a summon: Formula Synchron)
    afterwards: list[Callable[[], str]] = field(default_factory=list)
    listed: list[CardState] = field(default_factory=list)  # cards a judge-stated resolution names
    tributed: list[CardState] = field(default_factory=list)  # what this effect Tributed (Nibiru)

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
        elif step.amount in ("cost_original_atk", "cost_original_def"):  # Mystic Wok
            stat = "atk" if step.amount == "cost_original_atk" else "def_"
            base = sum(getattr(tx.board.define(c), stat) or 0 for c in _cost_cards(tx, self, "tribute"))
        elif step.amount == "cost_count":
            base = len(_cost_cards(tx, self))
        elif step.amount == "battle_opponent_atk":  # Honest: the opponent's monster in this battle
            from engine.rules.continuous import atk

            battle = tx.game.battle
            ids = (battle.attacker, battle.target) if battle else ()
            foes = [tx.board.cards[i] for i in ids if i in tx.board.cards
                    and tx.board.cards[i].controller != self.player]  # fmt: skip
            base = atk(tx.board, foes[0]) if foes else 0
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
        return _affected(tx, ctx, [board.cards[t] for t in ctx.targets if t in board.cards])
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
    if what == "gy_namesakes":  # "all cards with the same name" in the GY of each one's controller
        named = {(c.controller, c.name) for c in ctx.acted}
        return [c for c in board.cards.values()
                if c.zone == "graveyard" and (c.owner, c.name) in named]  # fmt: skip
    if what == "deck_namesakes":  # "all cards with that name" in both players' Decks
        names = {c.name for c in ctx.acted}
        return [c for c in board.cards.values() if c.zone == "deck" and c.name in names]
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
    if what.level == "cost_count":  # "whose Level equals the number banished" (Skull Lair)
        what = what.model_copy(update={"level": len(_cost_cards(tx, ctx))})
    # A card's "all cards" never includes itself while it resolves (Heavy Storm, Dark Hole),
    # unless its text says so (Black Rose Dragon destroys "all cards on the field", itself too).
    found = [c for c in board.cards.values()
             if (c.id != ctx.link.card or what.include_this)
             and fits(board, c, what, ctx.player, summoned, attacker)]  # fmt: skip
    if what.battling:
        battle = tx.game.battle
        found = [c for c in found if battle is not None and c.id in (battle.attacker, battle.target)]
    if what.lowest_atk and found:  # "the one with the lowest ATK (your choice, if tied)"
        from engine.rules.continuous import atk

        low = min(atk(board, c) for c in found)
        found = [c for c in found if atk(board, c) == low]
    return _affected(tx, ctx, found)


def _affected(tx: Tx, ctx: Context, cards: list[CardState]) -> list[CardState]:
    """Leave out the cards this effect does not apply to (unaffected by other cards' effects)."""
    from engine.rules.continuous import unaffected

    kept = []
    for c in cards:
        if unaffected(tx.board, c, ctx.link.card):
            tx.say("rule.unaffected", f"{c.name} is unaffected by {ctx.link.card}'s effect (its own "
                   "effect says so), so that effect does not apply to it.", c.id)  # fmt: skip
            continue
        kept.append(c)
    return kept


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
        if event == "destroyed":  # a card already in the GY or banished cannot be destroyed
            cards = [c for c in cards if c.zone not in ("graveyard", "banished")]
            from engine.rules.abilities import destroyed_instead  # a Union goes in its place

            cards = [c for c in cards if c.zone != "monsters" or destroyed_instead(tx, c, "effect") is None]
            from engine.rules.abilities import cannot_be_destroyed_by  # I:P Masquerena's Link Monster

            cards = [c for c in cards if not cannot_be_destroyed_by(tx, c, ctx.link.card)]
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
    from engine.rules.duel import draw
    from engine.rules.lasting import applying

    players = _players(ctx, step.player)
    for p in list(players):
        if (lock := applying(tx.board, "no_effect_draws", p)) is not None:
            tx.say("activate.locked", f"{p} activated {tx.card(lock.source).name} this turn, so {p} "
                   "cannot draw cards by card effects this turn: no card is drawn.", lock.source)
            players.remove(p)
            continue
        draw(tx, p, step.amount or 1, cause=ctx.link.card, chain_link=ctx.link.link)
        if f"drew_by_effect:{p}" not in tx.board.flags:  # what Pot of Prosperity asks about
            tx.set_board(evolve(tx.board, flags=(*tx.board.flags, f"drew_by_effect:{p}")))
    if not players:
        return "no card drawn"
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
    from engine.rules.continuous import first

    if (prime := first(tx.board, "damage_becomes_gain")) is not None:  # Prime Material Dragon
        for p in players:
            tx.change_lp(p, amount, event="lp_gained", cause=ctx.link.card, chain_link=ctx.link.link)
        tx.say("lp.damage_became_gain", f"{prime.name} is face-up: the {amount} damage "
               f"{ctx.link.card} would inflict to {' and '.join(players)} is gained as LP instead.",
               prime.id, ctx.link.card)  # fmt: skip
        return f"{' and '.join(players)} {'each gain' if len(players) > 1 else 'gains'} {amount} LP instead"
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
    ctx.acted[:] = [tx.card(card_id) for card_id in made]  # "those Tokens" for the step after
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
            tx.update_card(c.id, position="set", gemini=False)  # a Gemini turns Normal again
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
        if not tx.board.define(c.id).special_summonable:  # "Cannot be Special Summoned"
            tx.say("summon.cannot_be_special_summoned", f"{c.name} cannot be Special Summoned, so "
                   f"{ctx.link.card} cannot summon it.", c.id)  # fmt: skip
            continue
        only_by = tx.board.define(c.id).special_summon_by  # "Must be Special Summoned by X"
        if only_by and only_by.lower() != tx.board.define(ctx.link.card).name.lower():
            tx.say("summon.condition_not_met", f"{c.name} can be Special Summoned only by the effect "
                   f'of "{only_by}" (or one that ignores its Summoning conditions), so '
                   f"{ctx.link.card} cannot summon it.", c.id)  # fmt: skip
            continue
        who = c.owner if step.player == "both" else ctx.player  # "each player ... their own GY"
        position = ctx.choices.get("position") or step.position or "attack"
        from engine.rules.abilities import one_face_up_problem  # "You can only control 1 face-up X"

        if position != "set" and (why := one_face_up_problem(tx.board, c, who)) is not None:
            tx.say("summon.only_one_face_up", f"{why}, so {ctx.link.card} cannot summon it face-up.", c.id)
            continue
        slot = tx.board.free_slot("monsters", who)
        if slot is None:
            tx.say("zone.full", f"{who} has no free Main Monster Zone for {c.id}.", c.id)
            break
        tx.move(c.id, "monsters", event="summoned", cause=ctx.link.card, chain_link=ctx.link.link,
                slot=slot, position=position, controller=who)  # fmt: skip
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
    from engine.rules.lasting import deck_locked, say_deck_locked

    cards = _pick(tx, ctx, step, "add")
    if (lock := deck_locked(tx.board)) is not None and any(c.zone == "deck" for c in cards):
        say_deck_locked(tx, lock, ctx.player, "adds nothing from the Deck")
        cards = [c for c in cards if c.zone != "deck"]
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
    amount = ctx.amount(tx, step)  # a number, or one read off the board (Honest)
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
    """The judge says how the coin fell (`choices: {coin: heads}`); unsaid, heads is assumed.

    Where the player calls the toss (Gamble, Jirai Gumo), the card's steps say `right`/`wrong`
    and the judge says whether the call was right (`choices: {coin: wrong}`); unsaid, right.
    """
    effect = tx.board.define(ctx.link.card).effects[ctx.link.effect - 1]
    called = any(s.coin in ("right", "wrong") for s in effect.do)
    outcomes = ("right", "wrong") if called else ("heads", "tails")
    call = ctx.choices.get("coin")
    if call not in outcomes:
        call = outcomes[0]
        other = outcomes[1]
        tx.say("choice.engine_picked", f"The coin toss of {ctx.link.card} was not given; the engine "
               f"assumes {'the call was right' if called else 'heads'} (say `choices: {{coin: {other}}}` "
               "otherwise).", ctx.link.card)  # fmt: skip
    ctx.coin = call
    tx.emit("coin_toss", card=ctx.link.card, result=call, chain_link=ctx.link.link)
    return f"the call was {call}" if called else f"the coin comes up {call}"


def _draw_until(tx: Tx, ctx: Context, step: Step) -> str:
    from engine.rules.duel import draw

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


def _cost_cards(tx: Tx, ctx: Context, key: str | None = None) -> list[str]:
    """The cards paid as this link's cost (of one kind, or all of them), by id."""
    from engine.refs import resolve_ref

    ids = []
    for kind, value in ctx.link.cost:
        if key is not None and kind != key or kind == "pay_lp":
            continue
        for ref in value if isinstance(value, list) else [value]:
            ids.append(resolve_ref(tx.board, str(ref)).id)
    return ids


def _tribute(tx: Tx, ctx: Context, step: Step) -> str:
    """Each player named Tributes monsters they control, of their own choice (`choices: {tribute:
    [...]}`). A Tribute is not destruction; while Tributes are forbidden, none happens."""
    from engine.rules.continuous import first

    if (mask := first(tx.board, "forbid_tributes")) is not None:
        tx.say("rule.tributes_forbidden", f"{mask.name} is face-up: no monster can be Tributed, so "
               f"{ctx.link.card}'s Tribute does not happen.", mask.id, ctx.link.card)  # fmt: skip
        ctx.acted[:] = []
        return "no Tribute possible"
    count = step.amount if isinstance(step.amount, int) else 1
    chosen = ctx.chosen(tx, "tribute") or []
    done: list[CardState] = []
    for p in _players(ctx, step.player):
        mine = tx.board.monsters(p)
        named = [c for c in chosen if c.zone == "monsters" and c.controller == p]
        picks = (named or mine)[:count]
        if not named and len(mine) > count:
            tx.say("choice.engine_picked", f"No Tribute was named for {p}; the engine takes the first "
                   f"monster {p} controls: {', '.join(c.id for c in picks)}.", *[c.id for c in picks])
        for c in picks:
            tx.move(c.id, "graveyard", event="tributed", cause=ctx.link.card, chain_link=ctx.link.link)
        done += picks
    ctx.acted[:] = done
    return f"Tributes {', '.join(c.id for c in done) or 'nothing'}"


def _double_atk(tx: Tx, ctx: Context, step: Step) -> str:
    """Each face-up monster's ATK becomes double its current ATK until the end of the turn."""
    from engine.rules.continuous import atk

    cards = [c for c in select(tx, ctx, step.cards) if c.zone == "monsters" and c.face_up]
    for c in cards:
        now = atk(tx.board, c)
        tx.update_card(c.id, boost_atk=c.boost_atk + now)
        tx.emit("atk_changed", card=c.id, amount=now, atk=atk(tx.board, tx.board.cards[c.id]),
                cause=ctx.link.card, chain_link=ctx.link.link)  # fmt: skip
    ctx.acted[:] = [tx.board.cards[c.id] for c in cards]
    return f"doubles the ATK of {', '.join(c.id for c in cards) or 'nothing'} until the end of the turn"


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


def _take_control_until_end_phase(tx: Tx, ctx: Context, step: Step) -> str:
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
    return f"takes control of {', '.join(taken) or 'nothing'} until the End Phase"


def _banish_until_equal(tx: Tx, ctx: Context, step: Step) -> str:
    """The opponent banishes cards they control, face-down, of their choice (`choices: {banish:
    [...]}`), until they control as many cards as this card's controller (Evenly Matched)."""
    foe = opponent(ctx.player)
    on_field = ("monsters", "spell_traps", "field_spell")
    mine = [c for c in tx.board.cards.values() if c.zone in on_field and c.controller == ctx.player]
    theirs = [c for c in tx.board.cards.values() if c.zone in on_field and c.controller == foe]
    excess = len(theirs) - len(mine)
    if excess <= 0:
        return f"{foe} controls no more cards than {ctx.player}: nothing is banished"
    able = [c for c in theirs if not c.token]  # a Token cannot be banished face-down
    named = [c for c in ctx.chosen(tx, "banish") or [] if c in able]
    picks = (named + [c for c in able if c not in named])[:excess]
    if len(named) < excess:
        tx.say("choice.engine_picked", f"{foe} must banish {excess} card(s) and named {len(named)}; the "
               f"engine takes the first others: {', '.join(c.id for c in picks[len(named):])}.",
               *[c.id for c in picks])  # fmt: skip
    for c in picks:
        tx.move(c.id, "banished", event="banished", cause=ctx.link.card, chain_link=ctx.link.link)
    ctx.acted[:] = picks
    tx.say("chain.link_resolved", f"{foe} controlled {len(theirs)} cards and {ctx.player} {len(mine)} "
           f"(counting {ctx.link.card} itself, still on the field as it resolves): {foe} banishes "
           f"{excess} face-down, of {foe}'s own choice: {', '.join(c.id for c in picks)}.",
           ctx.link.card, *[c.id for c in picks])  # fmt: skip
    return f"{foe} banishes {', '.join(c.id for c in picks)} face-down"


def _excavate_add(tx: Tx, ctx: Context, step: Step) -> str:
    """Excavate the top cards of the Deck (as many as the cost paid), add 1 of them to the hand
    (`choices: {add: ref}`), and place the rest on the bottom in the order the player chooses
    (`choices: {order: [...]}`)."""
    from engine.cards import UNKNOWN_CARD

    count = len(_cost_cards(tx, ctx)) if step.amount == "cost_count" else int(step.amount or 1)
    state = tx.board.player(ctx.player)
    missing = max(0, min(count, state.deck_size) - len(state.deck))
    created = dict(tx.game.created)
    for _ in range(missing):  # unknown cards below the known ones come into view
        key = f"{ctx.player}:{UNKNOWN_CARD.name}"
        created[key] = created.get(key, 0) + 1
        card = CardState(id=f"{key}#{created[key]}", name=UNKNOWN_CARD.name, owner=ctx.player,  # type: ignore[arg-type]
                         controller=ctx.player, zone="deck")  # type: ignore[arg-type]
        state = tx.board.player(ctx.player)
        board = tx.board.with_card(card, UNKNOWN_CARD)
        tx.set_board(board.with_player(ctx.player, deck=(*state.deck, card.id),
                                       deck_unknown=state.deck_unknown - 1))  # fmt: skip
    tx.update(created=tuple(created.items()))
    shown = list(tx.board.player(ctx.player).deck[:count])
    tx.emit("excavated", player=ctx.player, cards=shown, cause=ctx.link.card, chain_link=ctx.link.link)
    chosen = [c.id for c in ctx.chosen(tx, "add") or [] if c.id in shown][:1] or shown[:1]
    for card_id in chosen:
        tx.move(card_id, "hand", event="added_to_hand", cause=ctx.link.card, chain_link=ctx.link.link)
    order = [c.id for c in ctx.chosen(tx, "order") or [] if c.id in shown and c.id not in chosen]
    rest = order + [c for c in shown if c not in chosen and c not in order]
    for card_id in rest:
        tx.move(card_id, "deck", event="placed_on_bottom", top=False, cause=ctx.link.card,
                chain_link=ctx.link.link)  # fmt: skip
    ctx.acted[:] = [tx.board.cards[c] for c in chosen]
    return (f"excavates {', '.join(shown) or 'nothing'}, adds {', '.join(chosen) or 'nothing'} to the "
            f"hand and places {len(rest)} on the bottom of the Deck")


def _stay_on_field(tx: Tx, ctx: Context, step: Step) -> str:
    """A Normal Spell that remains on the field once it resolves starts counting the opponent's
    turns on itself (Swords of Revealing Light); one whose activation was negated never gets here
    and goes to the GY as usual."""
    card = tx.board.cards[ctx.link.card]
    if card.zone != "spell_traps" or not card.face_up:
        return "nothing stays on the field"
    tx.update_card(card.id, counters=(*card.counters, ("turn", 0)))
    tx.emit("counters_placed", card=card.id, amount=0, what="turn", cause=card.id, chain_link=ctx.link.link)
    return f"{card.id} remains on the field"


def _declare_type(tx: Tx, ctx: Context, step: Step) -> str:
    """Note the Monster Type its activation declared (`choices: {declare: Warrior}`) on the card."""
    declared = ctx.choices.get("declare")
    if not isinstance(declared, str) or not declared:
        tx.say("choice.missing", f"{ctx.link.card} declares a Monster Type as it is activated: say "
               "which with `choices: {declare: <Type>}`.", ctx.link.card)  # fmt: skip
        return "no Type declared"
    card = tx.board.cards[ctx.link.card]
    if card.zone in ("spell_traps", "field_spell"):
        tx.update_card(card.id, declared=declared)
    tx.emit("declared", card=card.id, what=declared, chain_link=ctx.link.link)
    return f"declares {declared}"


# --- H3: whole hands and Decks, excavation, equipping itself (Morphing Jar, Cyber Jar, Fiber Jar,
# Don Zaloog, Dark Necrofear)
def _discard_hand(tx: Tx, ctx: Context, step: Step) -> str:
    """Each player named discards their whole hand at the same time (Morphing Jar)."""
    done: list[str] = []
    for p in _players(ctx, step.player):
        for card_id in list(tx.board.player(p).hand):
            tx.move(card_id, "graveyard", event="discarded", cause=ctx.link.card, chain_link=ctx.link.link)
            done.append(card_id)
    ctx.acted[:] = [tx.board.cards[c] for c in done]
    return f"discards the whole hand: {', '.join(done) or 'nothing'}"


def _top_cards(tx: Tx, player: str, count: int) -> list[str]:
    """The top `count` cards of a Deck; unknown cards below the known ones come into view as
    "Unknown Card"s (they are neither drawn nor chosen, so nobody could know them)."""
    from engine.cards import UNKNOWN_CARD

    state = tx.board.player(player)
    missing = max(0, min(count, state.deck_size) - len(state.deck))
    created = dict(tx.game.created)
    for _ in range(missing):
        key = f"{player}:{UNKNOWN_CARD.name}"
        created[key] = created.get(key, 0) + 1
        card = CardState(id=f"{key}#{created[key]}", name=UNKNOWN_CARD.name, owner=player,  # type: ignore[arg-type]
                         controller=player, zone="deck")  # type: ignore[arg-type]
        state = tx.board.player(player)
        board = tx.board.with_card(card, UNKNOWN_CARD)
        tx.set_board(board.with_player(player, deck=(*state.deck, card.id),
                                       deck_unknown=state.deck_unknown - 1))  # fmt: skip
    tx.update(created=tuple(created.items()))
    return list(tx.board.player(player).deck[:count])


def _send_top_of_deck(tx: Tx, ctx: Context, step: Step) -> str:
    """Send the top `amount` cards of a player's Deck to the GY (Don Zaloog: 2 of the opponent's)."""
    count = step.amount if isinstance(step.amount, int) else 1
    done: list[str] = []
    for p in _players(ctx, step.player or "opponent"):
        for card_id in _top_cards(tx, p, count):
            tx.move(card_id, "graveyard", event="sent_to_gy", cause=ctx.link.card, chain_link=ctx.link.link)
            done.append(card_id)
    ctx.acted[:] = [tx.board.cards[c] for c in done]
    return f"sends the top of the Deck to the GY: {', '.join(done) or 'nothing'}"


def _reveal_summon_rest_to_hand(tx: Tx, ctx: Context, step: Step) -> str:
    """Each player named reveals the top `amount` cards of their Deck; those that fit `cards` (Cyber
    Jar: Level 4 or lower monsters) are Special Summoned to their owner's field while there is a
    free zone, also the rest are added to the hand, at the same time. Face-up Attack Position
    unless the judge names them in `choices: {set: [...]}` (face-down Defense Position)."""
    from engine.cards import Selector
    from engine.rules.continuous import matches
    from engine.state import Summon

    wanted = step.cards if isinstance(step.cards, Selector) else Selector(zone="deck", card_type="monster")
    face_down = {c.id for c in ctx.chosen(tx, "set") or []}
    count = step.amount if isinstance(step.amount, int) else 5
    summoned: list[str] = []
    added: list[str] = []
    for p in _players(ctx, step.player or "both"):
        shown = _top_cards(tx, p, count)
        tx.emit("revealed", player=p, cards=shown, cause=ctx.link.card, chain_link=ctx.link.link)
        for card_id in shown:
            card, defn = tx.board.cards[card_id], tx.board.define(card_id)
            slot = tx.board.free_slot("monsters", p)
            if defn.is_monster and matches(tx.board, card, wanted, p) and slot is not None:
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
                                     seq=tx.game.seq))  # fmt: skip
    ctx.acted[:] = [tx.board.cards[c] for c in summoned]
    return (f"reveals, Special Summons {', '.join(summoned) or 'nothing'} and adds "
            f"{', '.join(added) or 'nothing'} to the hand")


def _keep_hand_revealed(tx: Tx, ctx: Context, step: Step) -> str:
    """A player keeps their hand revealed while the card stays face-up (The Eye of Truth): at this
    moment every card in that hand is shown to both players, so a judge can read it; the event
    lists the cards (an 'Unknown Card' is one the scenario did not name)."""
    source = tx.board.cards.get(ctx.link.card)
    name = source.name if source is not None else ctx.link.card
    shown: list[str] = []
    for p in _players(ctx, step.player or "opponent"):
        hand = list(tx.board.player(p).hand)
        tx.emit("revealed", player=p, cards=hand, what="hand", cause=ctx.link.card, chain_link=ctx.link.link)
        names = ", ".join(tx.board.cards[c].name for c in hand)
        seen = f"{p}'s hand is revealed: {names}" if hand else f"{p}'s hand is revealed: it is empty"
        tx.say("reveal.hand_kept_revealed", f"{seen}. {name} keeps it revealed while it stays face-up, "
               "so the cards in it are public knowledge.", ctx.link.card, *hand)  # fmt: skip
        shown.append(f"{p}'s hand ({len(hand)} cards)")
    return f"reveals {' and '.join(shown)}"


def _shuffle_deck(tx: Tx, player: str) -> None:
    """A shuffled Deck's order is unknown to everyone: its cards become the unknown part of it."""
    state = tx.board.player(player)
    board = tx.board
    for card_id in state.deck:
        board = board.without_card(card_id)
    tx.set_board(board.with_player(player, deck=(), deck_unknown=state.deck_unknown + len(state.deck)))
    tx.emit("shuffled", player=player, what="deck")


def _shuffle_all_into_deck(tx: Tx, ctx: Context, step: Step) -> str:
    """Each player named shuffles every card they own on the field, in the hand and in the GY into
    the Deck (Fiber Jar): Extra Deck monsters return to the Extra Deck, Tokens cease to exist, Xyz
    Materials go with their monster; banished cards stay where they are."""
    players = _players(ctx, step.player or "both")
    moved = 0
    for zones in (("monsters", "spell_traps", "field_spell"), ("hand", "graveyard")):
        for c in [c for c in tx.board.cards.values() if c.zone in zones and c.owner in players]:
            if c.id not in tx.board.cards or tx.board.cards[c.id].zone not in zones:
                continue  # gone with the card it belonged to
            to = "extra_deck" if tx.board.define(c.id).is_extra_deck else "deck"
            tx.move(c.id, to, event="returned_to_deck", cause=ctx.link.card, chain_link=ctx.link.link)
            moved += 1
    for p in players:
        _shuffle_deck(tx, p)
    ctx.acted[:] = []
    return f"{moved} card(s) shuffled into the Decks; each Deck's order is now unknown"


def _equip_self(tx: Tx, ctx: Context, step: Step) -> str:
    """This card leaves where it is (Dark Necrofear: the GY) for its controller's Spell & Trap
    Zone, face-up, as an Equip Card equipped to the target."""
    monsters = [c for c in select(tx, ctx, step.cards or "targets") if c.zone == "monsters" and c.face_up]
    slot = tx.board.free_slot("spell_traps", ctx.player)
    if not monsters or slot is None:
        return "nothing equipped (no target left, or no free Spell & Trap Zone)"
    tx.move(ctx.link.card, "spell_traps", event="placed", cause=ctx.link.card, chain_link=ctx.link.link,
            slot=slot, face="up", controller=ctx.player)  # fmt: skip
    # equipped by its own effect: a Monster Card's equip effects apply (engine.rules.abilities)
    tx.update_card(ctx.link.card, equipped_to=monsters[0].id, self_equipped=True)
    tx.emit("equipped", card=ctx.link.card, to=monsters[0].id, chain_link=ctx.link.link)
    ctx.acted[:] = [tx.board.cards[monsters[0].id]]
    return f"equips {ctx.link.card} to {monsters[0].id} as an Equip Card"


# --- monster abilities: Union monsters, Monster Cards as Equip Cards, control (engine.rules.abilities)
def _union_equip(tx: Tx, ctx: Context, step: Step) -> str:
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
        return "the Union monster is no longer a face-up monster on the field: nothing is equipped"
    host = next((c for c in chosen if c.id != union.id and c.zone == "monsters" and c.face_up), None)
    if host is None:
        return "no monster left to equip it to: nothing is equipped"
    if (why := union_target_problem(tx.board, union, host)) is not None:
        tx.say("union.not_appropriate", f"{why}, so {union.name} is not equipped.", union.id, host.id)
        return "not a monster it can equip: nothing is equipped"
    slot = tx.board.free_slot("spell_traps", union.controller)
    if slot is None:
        tx.say("zone.full", f"{union.controller} has no free Spell & Trap Zone for {union.id}.", union.id)
        return "no free Spell & Trap Zone: nothing is equipped"
    tx.move(union.id, "spell_traps", event="placed", cause=ctx.link.card, chain_link=ctx.link.link,
            slot=slot, face="up", controller=union.controller)  # fmt: skip
    tx.update_card(union.id, equipped_to=host.id, self_equipped=True, attacks_this_turn=0,
                   summoned_this_turn=False, boost_atk=0, boost_def=0, gemini=False)  # fmt: skip
    tx.emit("equipped", card=union.id, to=host.id, cause=ctx.link.card, chain_link=ctx.link.link)
    tx.say("union.equipped", f"{union.name} becomes an Equip Spell Card equipped to {host.name}. It was "
           "equipped by its own Union effect, so its equip effects apply; while it stays equipped it is "
           "a Spell Card (Spell removal and Spell negation reach it, monster negation does not).",
           union.id, host.id)  # fmt: skip
    ctx.acted[:] = [tx.board.cards[host.id]]
    return f"equips {union.id} to {host.id}"


def _summon_from_equip(tx: Tx, ctx: Context, union: CardState, position: str) -> bool:
    """Special Summon an equipped Monster Card from the Spell & Trap Zone to its controller's field."""
    slot = tx.board.free_slot("monsters", union.controller)
    if slot is None:
        tx.say("zone.full", f"{union.controller} has no free Main Monster Zone for {union.id}.", union.id)
        return False
    host = union.equipped_to
    tx.move(union.id, "monsters", event="summoned", cause=ctx.link.card, chain_link=ctx.link.link,
            slot=slot, position=position, face=None, controller=union.controller)  # fmt: skip
    tx.update_card(union.id, equipped_to=None, self_equipped=False, summoned_this_turn=True,
                   summon_type="special")  # fmt: skip
    tx.say("union.unequipped", f"{union.name} is unequipped from {host} and Special Summoned in "
           f"{position.title()} Position; it is a monster again.", union.id)  # fmt: skip
    return True


def _union_unequip(tx: Tx, ctx: Context, step: Step) -> str:
    """Unequip a Union monster and Special Summon it: `cards: this`, by its own effect; `cards:
    targets`, an equipped Union Monster Card a card targets (Formation Union)."""
    from engine.state import Summon

    cards = [c for c in select(tx, ctx, step.cards or "this") if c.zone == "spell_traps" and c.equipped_to]
    position = ctx.choices.get("position") or step.position or "attack"
    made = [c.id for c in cards if _summon_from_equip(tx, ctx, c, position)]
    ctx.acted[:] = [tx.board.cards[c] for c in made]
    if made:
        tx.update(last_summon=Summon(cards=tuple(made), kind="special", player=ctx.player,  # type: ignore[arg-type]
                                     seq=tx.game.seq))  # fmt: skip
    return f"Special Summons {', '.join(made) or 'nothing'} from the Spell & Trap Zone"


def _unequip_unions_of(tx: Tx, ctx: Context, step: Step) -> str:
    """The Union monsters equipped (by their own effect) to the target are Special Summoned
    (Combination Attack), each to its own controller's field."""
    from engine.rules.kinds import equipped_unions
    from engine.state import Summon

    made = []
    for host in select(tx, ctx, step.cards or "targets"):
        for union in equipped_unions(tx.board, host):
            if _summon_from_equip(tx, ctx, union, ctx.choices.get("position") or step.position or "attack"):
                made.append(union.id)
    ctx.acted[:] = [tx.board.cards[c] for c in made]
    if made:
        tx.update(last_summon=Summon(cards=tuple(made), kind="special", player=ctx.player,  # type: ignore[arg-type]
                                     seq=tx.game.seq))  # fmt: skip
    return f"Special Summons {', '.join(made) or 'nothing'}"


def _extra_attack(tx: Tx, ctx: Context, step: Step) -> str:
    """The monster can attack again this turn: one more attack declaration (Combination Attack)."""
    done = []
    for c in select(tx, ctx, step.cards or "targets"):
        if c.zone == "monsters" and c.face_up:
            tx.update_card(c.id, attacks_this_turn=max(0, c.attacks_this_turn - 1))
            tx.emit("rule_changed", card=c.id, what="can attack again this turn", cause=ctx.link.card,
                    chain_link=ctx.link.link)  # fmt: skip
            tx.say("attack.extra", f"{c.name} can declare another attack this turn.", c.id)
            done.append(c.id)
    return f"{', '.join(done) or 'nothing'} can attack again this turn"


def _switch_with_this(tx: Tx, ctx: Context, step: Step) -> str:
    """This card and the target switch control, each taking the zone the other left (Invader of
    the Throne); if either is no longer on the field, nothing happens."""
    this = tx.board.cards.get(ctx.link.card)
    other = next((c for c in select(tx, ctx, step.cards or "targets") if c.zone == "monsters"), None)
    if this is None or this.zone != "monsters" or other is None or other.controller == this.controller:
        return "control does not change (one of the two is no longer on the field)"
    tx.set_board(tx.board.with_card(evolve(this, controller=other.controller, slot=other.slot)))
    tx.set_board(tx.board.with_card(evolve(other, controller=this.controller, slot=this.slot)))
    for c, to in ((this, other.controller), (other, this.controller)):
        tx.emit("control_changed", card=c.id, player=to, cause=ctx.link.card, chain_link=ctx.link.link)
    tx.say("control.switched", f"{this.name} and {other.name} switch control: {other.controller} now "
           f"controls {this.id}, {this.controller} controls {other.id}.", this.id, other.id)  # fmt: skip
    ctx.acted[:] = [tx.board.cards[this.id], tx.board.cards[other.id]]
    return f"{this.id} and {other.id} switch control"


def _change_level(tx: Tx, ctx: Context, step: Step) -> str:
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
    return f"{', '.join(c.id for c in done) or 'nothing'}: Level {sign}{amount}"


Handler = Callable[["Tx", Context, "Step"], str]


def _flip_face_up_quietly(tx: Tx, ctx: Context, step: Step) -> str:
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
        tx.say("chain.flip_effects_not_activated", f"{', '.join(flipped)} turned face-up by "
               f"{ctx.link.card}: their Flip effects do not activate.", *flipped)  # fmt: skip
    return f"{', '.join(flipped) or 'nothing'} turned face-up"


def _halve_lp(tx: Tx, ctx: Context, step: Step) -> str:
    """Halve a player's LP; a half point is rounded up (the player keeps it). Not damage."""
    done = []
    for p in _players(ctx, step.player or "you"):
        lp = tx.board.player(p).lp
        keep = (lp + 1) // 2
        tx.change_lp(p, keep - lp, event="lp_halved", cause=ctx.link.card, chain_link=ctx.link.link)
        done.append(f"{p}'s LP is halved to {keep}")
    return "; ".join(done)


def _skip_next_turn(tx: Tx, ctx: Context, step: Step) -> str:
    for p in _players(ctx, step.player or "you"):
        tx.set_board(tx.board.with_player(p, skip_next_turn=True))
        tx.emit("rule_changed", player=p, what="skips their next turn", cause=ctx.link.card,
                chain_link=ctx.link.link)  # fmt: skip
    return f"{' and '.join(_players(ctx, step.player or 'you'))} will skip their next turn"


def _opponent_may_discard(tx: Tx, ctx: Context, step: Step) -> str:
    """"Your opponent can discard 1 Spell to negate this effect" (Magic Drain): the opponent
    decides as the effect resolves (`choices: {discard: <card>}`); if they discard a card that
    fits, the rest of this effect does not happen."""
    foe = opponent(ctx.player)
    chosen = [c for c in (ctx.chosen(tx, "discard") or []) if c.zone == "hand" and c.owner == foe]
    fitting = [c for c in chosen if isinstance(step.cards, str) or step.cards is None
               or fits(tx.board, c, step.cards, ctx.player)]  # fmt: skip
    if not fitting:
        wrong = ", ".join(c.id for c in chosen)
        note = f" ({wrong} cannot be discarded for it)" if wrong else ""
        return f"{foe} does not discard to stop it{note}"
    card = fitting[0]
    tx.move(card.id, "graveyard", event="discarded", cause=ctx.link.card, chain_link=ctx.link.link)
    tx.emit("negated", card=ctx.link.card, cause=card.id, chain_link=ctx.link.link, what="effect")
    ctx.stopped = True
    tx.say("chain.negated_by_discard", f"{foe} discards {card.name} as {ctx.link.card} resolves, so "
           f"the rest of its effect does not happen.", ctx.link.card, card.id)  # fmt: skip
    return f"{foe} discards {card.id}, so the effect stops"


def _set_from_hand(tx: Tx, ctx: Context, step: Step) -> str:
    """"You can Set 1 Spell/Trap from your hand" (Dust Tornado): only if the judge names the
    card (`choices: {set: <card>}`); a card Set this way cannot be activated this turn if it is
    a Trap or Quick-Play Spell."""
    chosen = ctx.chosen(tx, "set")
    if not chosen:
        return f"{ctx.player} Sets nothing"
    card = chosen[0]
    defn = tx.board.define(card.id)
    if card.zone != "hand" or card.owner != ctx.player or defn.is_monster:
        tx.say("choice.not_allowed", f"{card.id} is not a Spell or Trap in {ctx.player}'s hand, so it "
               "cannot be Set by this effect.", card.id)  # fmt: skip
        return f"{ctx.player} Sets nothing"
    if defn.spell_trap_kind == "field":
        old = tx.board.field_spell(ctx.player)
        if old is not None:
            tx.move(old.id, "graveyard", event="sent_to_gy", cause="a new Field Spell")
        tx.move(card.id, "field_spell", event="set", face="down", chain_link=ctx.link.link)
    else:
        slot = tx.board.free_slot("spell_traps", ctx.player)
        if slot is None:
            tx.say("zone.full", f"All of {ctx.player}'s Spell & Trap Zones are occupied.", card.id)
            return f"{ctx.player} Sets nothing"
        tx.move(card.id, "spell_traps", event="set", slot=slot, face="down", chain_link=ctx.link.link)
    tx.update_card(card.id, set_this_turn=True)
    ctx.acted[:] = [tx.board.cards[card.id]]
    return f"{ctx.player} Sets {card.id}"


def _mark(tx: Tx, ctx: Context, step: Step) -> str:
    """Leave a mark on cards until the end of the turn (`token`): what a later rule reads, such
    as "banish it during the End Phase" (Emergency Teleport) or "if this effect was activated
    this turn" (Stardust Dragon)."""
    mark = step.token or "marked"
    cards = select(tx, ctx, step.cards or "those")
    for c in cards:
        if mark not in c.marks:
            tx.update_card(c.id, marks=(*c.marks, mark))
    return f"{', '.join(c.id for c in cards) or 'nothing'}: {mark.replace('_', ' ')}"


def _take_control_while_equipped(tx: Tx, ctx: Context, step: Step) -> str:
    """Control lasts while this card stays equipped to the monster (Snatch Steal); the game
    gives it back when that ends (engine.rules.checks)."""
    before = {c.id: c.controller for c in select(tx, ctx, step.cards)}
    text = _take_control(tx, ctx, step)
    for card_id, was in before.items():
        card = tx.board.cards.get(card_id)
        if card is not None and card.controller != was:
            tx.update_card(card_id, controlled_by=ctx.link.card)
    return text

# --- Hand traps, negation by name and control swaps (brief H1) ---------------------------------


def _negate_effects_until_end(tx: Tx, ctx: Context, step: Step) -> str:
    """"Negate its effects until the end of this turn" (Effect Veiler, Infinite Impermanence,
    Forbidden Chalice, Dark Ruler No More): the face-up monsters chosen now, only while each stays
    face-up on the field as it is; turned face-down or gone and back, it is a new card."""
    from engine.rules.lasting import add
    from engine.state import Lasting

    cards = [c for c in select(tx, ctx, step.cards) if c.zone == "monsters" and c.face_up]
    ctx.acted[:] = cards
    if not cards:
        return "no face-up monster to negate"
    add(tx, Lasting(what="negated_until_end", player=ctx.player, source=ctx.link.card,  # type: ignore[arg-type]
                    until_turn=tx.board.turn, cards=tuple(c.id for c in cards), since=tx.game.seq))
    return f"the effects of {', '.join(c.id for c in cards)} are negated until the end of the turn"


def _negate_name(tx: Tx, ctx: Context, step: Step) -> str:
    """Called by the Grave, Crossout Designator: the activated effects and the effects on the field
    of cards with the original name of what the step before acted on are negated, until the end of
    this turn (`amount` 0) or of the next (`amount` 1)."""
    from engine.rules.lasting import add
    from engine.state import Lasting

    names = list(dict.fromkeys(tx.board.define(c.id).name for c in ctx.acted))
    turns = step.amount if isinstance(step.amount, int) else 0
    for name in names:
        add(tx, Lasting(what="names_negated", player=ctx.player, source=ctx.link.card,  # type: ignore[arg-type]
                        until_turn=tx.board.turn + turns, name=name))
    until = "the end of the next turn" if turns else "the end of this turn"
    return f"effects of cards named {', '.join(names) or 'nothing'} are negated until {until}"


def _banish_declared_from_deck(tx: Tx, ctx: Context, step: Step) -> str:
    """Crossout Designator: the name declared at activation (`choices: {declare: <name>}`, or the
    card itself: `choices: {banish: <ref>}`); 1 card of that name leaves its controller's Main Deck."""
    chosen = ctx.chosen(tx, "banish")
    name = str(ctx.choices.get("declare") or (chosen[0].name if chosen else ""))
    ctx.acted[:] = []
    if not name:
        tx.say("choice.missing", f"{ctx.link.card} needs the declared card name: `choices: {{declare: "
               "<card name>}}`.", ctx.link.card)  # fmt: skip
        return "no card name declared"
    deck = [tx.board.cards[c] for c in tx.board.player(ctx.player).deck]
    found = [c for c in (chosen or deck) if c.zone == "deck" and c.owner == ctx.player
             and tx.board.define(c.id).name.lower() == name.lower()]  # fmt: skip
    if not found:
        return f"{name} is declared; no card of that name is known in {ctx.player}'s Main Deck"
    tx.move(found[0].id, "banished", event="banished", cause=ctx.link.card, chain_link=ctx.link.link)
    ctx.acted[:] = [found[0]]
    return f"{name} is declared; {found[0].id} is banished from the Main Deck"


def _tribute_all(tx: Tx, ctx: Context, step: Step) -> str:
    """Nibiru: "Tribute as many face-up monsters on the field as possible" (both fields); not a
    cost, so it happens at resolution; while Tributes are forbidden none happens."""
    from engine.rules.continuous import first

    ctx.tributed = []
    if (mask := first(tx.board, "forbid_tributes")) is not None:
        tx.say("rule.tributes_forbidden", f"{mask.name} is face-up: no monster can be Tributed, so "
               f"{ctx.link.card}'s Tribute does not happen.", mask.id, ctx.link.card)  # fmt: skip
        ctx.acted[:] = []
        return "no Tribute possible"
    cards = [c for c in select(tx, ctx, step.cards) if c.zone == "monsters"]
    for c in cards:
        tx.move(c.id, "graveyard", event="tributed", cause=ctx.link.card, chain_link=ctx.link.link)
    ctx.acted[:] = cards
    ctx.tributed = list(cards)
    return f"Tributes {', '.join(c.id for c in cards) or 'nothing'}"


def _create_token_from_tributes(tx: Tx, ctx: Context, step: Step) -> str:
    """Nibiru: 1 Token to `player`'s field (the opponent's), Special Summoned by this link's
    player, with the combined original ATK/DEF of the monsters this effect Tributed."""
    from engine.cards import load_catalog

    defn = load_catalog()[(step.token or "").lower()]
    owner = _players(ctx, step.player)[0]
    slot = tx.board.free_slot("monsters", owner)
    if slot is None:
        tx.say("zone.full", f"{owner} has no free Main Monster Zone for {defn.name}.")
        return f"no zone for {defn.name}"
    atk = sum(tx.board.define(c.id).atk or 0 for c in ctx.tributed)
    def_ = sum(tx.board.define(c.id).def_ or 0 for c in ctx.tributed)
    created = dict(tx.game.created)
    key = f"{owner}:{defn.name}"
    created[key] = created.get(key, 0) + 1
    card = CardState(id=f"{key}#{created[key]}", name=defn.name, owner=owner,  # type: ignore[arg-type]
                     controller=owner, zone="monsters", slot=slot,  # type: ignore[arg-type]
                     position=step.position or "attack", token=True, summoned_this_turn=True,
                     summon_type="special", atk=atk, def_=def_, arrived=tx.game.seq)  # fmt: skip
    tx.set_board(tx.board.with_card(card, defn))
    tx.update(created=tuple(created.items()))
    tx.emit("summoned", card=card.id, player=owner, summoner=ctx.player, cause=ctx.link.card,
            chain_link=ctx.link.link, to="monsters")  # fmt: skip
    return f"Special Summons {card.id} to {owner}'s field ({atk} ATK / {def_} DEF)"


def _swap_control(tx: Tx, ctx: Context, step: Step) -> str:
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
            tx.say("choice.engine_picked", f"No monster was named for {p}; the engine takes the first "
                   f"{p} controls: {pick[0].id}.", pick[0].id)  # fmt: skip
        picks += pick
    if len(picks) != 2:
        return "both players must give a monster; no control changes"
    first, second = picks
    locked = ("position_locked",)  # "cannot change their battle positions for the rest of this turn"
    tx.set_board(tx.board.with_card(evolve(first, controller=second.controller, slot=second.slot,
                                           marks=(*first.marks, *locked))))  # fmt: skip
    tx.set_board(tx.board.with_card(evolve(second, controller=first.controller, slot=first.slot,
                                           marks=(*second.marks, *locked))))  # fmt: skip
    for c, to in ((first, second.controller), (second, first.controller)):
        tx.emit("control_changed", card=c.id, player=to, cause=ctx.link.card, chain_link=ctx.link.link)
    ctx.acted[:] = [tx.board.cards[first.id], tx.board.cards[second.id]]
    return (f"{first.id} and {second.id} switch control; neither can change its battle position "
            "for the rest of this turn")


def _damage_controller(tx: Tx, ctx: Context, step: Step) -> str:
    """Damage to the controller of each card the step before acted on (Stamping Destruction:
    "inflict 500 damage to its controller"), as it was controlled when that step acted."""
    amount = ctx.amount(tx, step)
    players = list(dict.fromkeys(c.controller for c in ctx.acted))
    for p in players:
        tx.change_lp(p, -amount, event="damage", cause=ctx.link.card, chain_link=ctx.link.link)
    return f"{' and '.join(players) or 'no one'} takes {amount} damage"


# --- summons an effect performs, and other Extra Deck / Level monster effects (brief H2)
def _summon_after(method: str) -> Handler:
    """A summon by game procedure "immediately after this effect resolves", using this card as
    material (Formula Synchron: Synchro; I:P Masquerena: Link). The judge names the monster and
    its materials (`choices: {summon: <monster>, materials: [...]}`); the summon follows the
    link's resolution, so a "When ... you can" effect of the summoned monster misses the timing
    if another Chain Link resolves after it (engine.rules.procedures)."""

    def handler(tx: Tx, ctx: Context, step: Step) -> str:
        from engine.rules.procedures import after_resolution

        chosen = [c.id for c in ctx.chosen(tx, "summon") or []]
        materials = [c.id for c in ctx.chosen(tx, "materials") or []]
        player, source = ctx.player, ctx.link.card

        def later() -> str:
            board = tx.board
            return after_resolution(tx, player, source, method, [board.cards[c] for c in chosen],
                                    [board.cards[m] for m in materials], must_use=source)  # fmt: skip

        ctx.afterwards.append(later)
        return f"a {method.title()} Summon follows its resolution"

    return handler


def _normal_summon_after(tx: Tx, ctx: Context, step: Step) -> str:
    """Ultimate Offering: "immediately after this effect resolves, Normal Summon/Set 1 monster"
    (`choices: {summon: <monster>, tribute: [...], position: set}`)."""
    from engine.rules.procedures import effect_normal_summon

    chosen = [c.id for c in ctx.chosen(tx, "summon") or []]
    tributes = [c.id for c in ctx.chosen(tx, "tribute") or []]
    position = ctx.choices.get("position")
    player, source = ctx.player, ctx.link.card

    def later() -> str:
        board = tx.board
        return effect_normal_summon(tx, player, source, [board.cards[c] for c in chosen],
                                    [board.cards[t] for t in tributes], position)  # fmt: skip

    ctx.afterwards.append(later)
    return "a Normal Summon/Set follows its resolution"


def _lock_gy_activations(tx: Tx, ctx: Context, step: Step) -> str:
    """For the rest of this turn the opponent cannot activate card effects in the GY (Abyss
    Dweller); the lock stays even if the card that applied it leaves the field."""
    from engine.rules.restrictions import lock_gy

    foe = opponent(ctx.player)
    lock_gy(tx, foe)
    tx.emit("rule_changed", player=foe, what="cannot activate effects in the GY this turn",
            cause=ctx.link.card, chain_link=ctx.link.link)  # fmt: skip
    return f"{foe} cannot activate card effects in the GY for the rest of this turn"


def _gain_atk_per_link_rating(tx: Tx, ctx: Context, step: Step) -> str:
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
    return f"{', '.join(c.id for c in cards) or 'nothing'} gains {gain} ATK (Link Rating {rating})"


def _summon_listed_lv(tx: Tx, ctx: Context, step: Step) -> str:
    """Level Up!: Special Summon the "LV" monster named by the monster sent as the cost, from the
    hand or Deck, ignoring its Summoning conditions."""
    from engine.refs import resolve_ref
    from engine.state import Summon

    sent = [resolve_ref(tx.board, str(r)) for key, value in ctx.link.cost if key == "send_to_gy"
            for r in (value if isinstance(value, list) else [value])]  # fmt: skip
    names = [tx.board.define(c.id).level_up_to for c in sent]
    listed = next((n for n in names if n), None)
    if listed is None:
        return "no \"LV\" monster is named"
    fitting = [c for c in tx.board.cards.values() if c.owner == ctx.player and c.zone in ("hand", "deck")
               and c.name.lower() == listed.lower()]  # fmt: skip
    chosen = [c for c in ctx.chosen(tx, "summon") or [] if c.id in {f.id for f in fitting}]
    card = (chosen or fitting or [None])[0]
    slot = tx.board.free_slot("monsters", ctx.player)
    if card is None or slot is None:
        why = f"no {listed} in {ctx.player}'s hand or Deck" if card is None else "no free Main Monster Zone"
        return f"nothing is summoned ({why})"
    position = ctx.choices.get("position") or "attack"
    tx.move(card.id, "monsters", event="summoned", cause=ctx.link.card, chain_link=ctx.link.link,
            slot=slot, position=position, controller=ctx.player)  # fmt: skip
    tx.update_card(card.id, summoned_this_turn=True, summon_type="special")
    ctx.acted[:] = [tx.board.cards[card.id]]
    tx.update(last_summon=Summon(cards=(card.id,), kind="special", player=ctx.player,  # type: ignore[arg-type]
                                 seq=tx.game.seq))  # fmt: skip
    tx.say("summon.ignoring_conditions", f"{card.name} is Special Summoned from the "
           f"{'hand' if card.zone == 'hand' else 'Deck'} ignoring its Summoning conditions (Level "
           "Up! says so), although its own text allows no other way.", card.id)  # fmt: skip
    return f"Special Summons {card.id} ignoring its Summoning conditions"


def _fusion_either_field(tx: Tx, ctx: Context, step: Step) -> str:
    """Fusion Summon using monsters from either field (Super Polymerization), checked against
    the Fusion Monster's material line (`choices: {summon: ..., materials: [...]}`)."""
    from engine.rules.procedures import fusion_from_either_field
    from engine.state import Summon

    made = fusion_from_either_field(tx, ctx.player, ctx.link.card, ctx.chosen(tx, "summon") or [],
                                    ctx.chosen(tx, "materials") or [])  # fmt: skip
    ctx.acted[:] = [tx.board.cards[c] for c in made]
    if not made:
        return "no Fusion Summon"
    tx.update(last_summon=Summon(cards=tuple(made), kind="special", player=ctx.player,  # type: ignore[arg-type]
                                 seq=tx.game.seq))  # fmt: skip
    used = tx.board.cards[made[0]].summoned_with
    return f"Fusion Summons {made[0]} using {', '.join(used)} (from either field)"


def _atk_becomes(tx: Tx, ctx: Context, step: Step) -> str:
    """"Its ATK becomes `amount` until the end of this turn" (Black Rose Dragon): the change is
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
    return f"{', '.join(c.id for c in cards) or 'nothing'}: ATK becomes {value} until the end of the turn"


def _equip_monster(tx: Tx, ctx: Context, step: Step) -> str:
    """Take the target and equip it to this card as an Equip Card (Relinquished); if this card
    is no longer face-up on the field, nothing happens."""
    this = tx.board.cards.get(ctx.link.card)
    if this is None or this.zone != "monsters" or not this.face_up:
        return f"{ctx.link.card} is no longer face-up on the field, so nothing is equipped"
    done = []
    for c in select(tx, ctx, step.cards or "targets"):
        if c.zone != "monsters":
            continue
        slot = tx.board.free_slot("spell_traps", ctx.player)
        if slot is None:
            tx.say("zone.full", f"{ctx.player} has no free Spell & Trap Zone to equip {c.id}.", c.id)
            break
        tx.move(c.id, "spell_traps", event="equipped", cause=ctx.link.card, chain_link=ctx.link.link,
                slot=slot, face="up", controller=ctx.player)  # fmt: skip
        tx.update_card(c.id, equipped_to=this.id)
        done.append(c.id)
    ctx.acted[:] = [tx.board.cards[c] for c in done]
    return f"equips {', '.join(done) or 'nothing'} to {this.id} as an Equip Card"


# --- battle shields, attack-declaration answers and end-of-Battle-Phase equips (brief H8)
def _no_battle_damage_this_battle(tx: Tx, ctx: Context, step: Step) -> str:
    """"You take no battle damage from that battle" (Kuriboh): only the battle going on now, and
    only this link's player; damage calculation reads it (engine.rules.battle)."""
    battle = tx.game.battle
    if battle is None:
        return "no battle is going on: nothing happens"
    tx.update(battle=evolve(battle, no_damage=(*battle.no_damage, (ctx.player, ctx.link.card))))
    tx.emit("rule_changed", player=ctx.player, what="takes no battle damage from this battle",
            cause=ctx.link.card, chain_link=ctx.link.link)  # fmt: skip
    return f"{ctx.player} takes no battle damage from this battle"


def _equip_battle_victims(tx: Tx, ctx: Context, step: Step) -> str:
    """Sword Hunter, at the end of the Battle Phase: every monster this card destroyed by battle
    this turn that is still in a GY becomes an Equip Card equipped to it (its ATK gain is its own
    Continuous effect). If there are not enough Spell & Trap Zones for all, none is equipped (as
    the ProjectIgnis script of its text does); if this card is no longer face-up, nothing is."""
    from engine.rules.triggers import BATTLE_VICTIM

    this = tx.board.cards.get(ctx.link.card)
    if this is None or this.zone != "monsters" or not this.face_up:
        return f"{ctx.link.card} is no longer face-up on the field, so nothing is equipped"
    turn, mark = tx.board.turn, f"{BATTLE_VICTIM}{this.id}"
    victims = [c for c in tx.board.cards.values() if c.zone == "graveyard"
               and (turn, c.id, mark) in tx.game.memory]  # fmt: skip
    free = sum(1 for s in range(1, 6) if tx.board.occupant("spell_traps", ctx.player, s) is None)
    if not victims:
        return "no monster it destroyed by battle this turn is in a GY: nothing is equipped"
    if len(victims) > free:
        tx.say("zone.full", f"{ctx.player} has {free} free Spell & Trap Zone(s) for {len(victims)} monsters "
               f"to equip to {this.name}, so none is equipped.", this.id)  # fmt: skip
        return "not enough free Spell & Trap Zones: nothing is equipped"
    for c in victims:
        slot = tx.board.free_slot("spell_traps", ctx.player)
        tx.move(c.id, "spell_traps", event="equipped", cause=ctx.link.card, chain_link=ctx.link.link,
                slot=slot, face="up", controller=ctx.player)  # fmt: skip
        tx.update_card(c.id, equipped_to=this.id)  # by this card's effect, not its own
    ctx.acted[:] = [tx.board.cards[c.id] for c in victims]
    return f"equips {', '.join(c.id for c in victims)} to {this.id} as Equip Cards"


def _normal_summon_gemini(tx: Tx, ctx: Context, step: Step) -> str:
    """Gemini Summoner: Normal Summon or Set 1 Gemini monster from the hand (with its usual
    Tributes), or Normal Summon a face-up Gemini monster on the field again (a Gemini Summon), as
    this effect resolves: in addition to the turn's Normal Summon, which it neither needs nor uses.
    `choices: {summon: <monster>, tribute: [...], position: set}`; unsaid, the first that fits.
    A summon made while an effect resolves cannot be negated (it is not an attempt)."""
    from engine.errors import Illegal
    from engine.rules import summons
    from engine.state import Summon

    board, player = tx.board, ctx.player
    fitting = [c for c in board.cards.values() if "gemini" in board.define(c.id).subtypes and (
        (c.zone == "hand" and c.owner == player)
        or (c.zone == "monsters" and c.controller == player and c.face_up and not c.gemini))]  # fmt: skip
    chosen = [c for c in ctx.chosen(tx, "summon") or [] if c.id in {f.id for f in fitting}]
    if not chosen and fitting:
        chosen = fitting[:1]
        tx.say("choice.engine_picked", f"No Gemini monster was named (`choices: {{summon: ...}}`); the "
               f"engine takes the first that fits: {chosen[0].id}.", chosen[0].id)  # fmt: skip
    if not chosen:
        return f"{player} has no Gemini monster to Normal Summon"
    card = chosen[0]
    if card.zone == "monsters":
        tx.update_card(card.id, gemini=True, summoned_this_turn=True, summon_type="normal")
        tx.emit("summoned", card=card.id, player=player, cause=ctx.link.card, chain_link=ctx.link.link,
                gemini=True, **{"from": "monsters", "to": "monsters"})  # fmt: skip
        tx.say("summon.gemini", f"{ctx.link.card}'s effect Normal Summons {card.name}, already face-up on "
               "the field (a Gemini Summon): it is now an Effect Monster with its effects. This does not "
               f"use {player}'s Normal Summon, and a summon made as an effect resolves cannot be negated.",
               card.id)  # fmt: skip
    else:
        setting = ctx.choices.get("position") == "set"
        tributes = [c.id for c in ctx.chosen(tx, "tribute") or []]
        defn = tx.board.define(card.id)
        try:
            if setting and not defn.settable:
                raise Illegal("summon.not_settable", f"{card.name} cannot be Normal Set.", card.id)
            ids = summons._tribute(tx, player, tributes, defn.tributes_needed(), card.id)
            slot = summons._free_main_zone(tx, player, None, ids)
            summons._pay_tributes(tx, ids, card.id)
        except Illegal as err:
            tx.explanations.append(err.explanation)
            return f"no Normal Summon ({err.explanation.text})"
        kind = "tribute" if ids else "normal"
        tx.move(card.id, "monsters", event="set" if setting else "summoned", cause=ctx.link.card,
                chain_link=ctx.link.link, slot=slot, position="set" if setting else "attack")  # fmt: skip
        tx.update_card(card.id, summoned_this_turn=not setting, set_this_turn=True,
                       summon_type=None if setting else kind)  # fmt: skip
        if setting:
            ctx.acted[:] = [tx.board.cards[card.id]]
            return f"{player} Sets {card.id}"
    ctx.acted[:] = [tx.board.cards[card.id]]
    tx.update(last_summon=Summon(cards=(card.id,), kind="normal", player=player,  # type: ignore[arg-type]
                                 seq=tx.game.seq))  # fmt: skip
    return f"{player} Normal Summons {card.id}"


def _borrow_from_gy(tx: Tx, ctx: Context, step: Step) -> str:
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
        return "nothing is taken"
    ids = tuple(c.id for c in cards)
    add(tx, Lasting(what="send_to_gy_at_end_phase", player=ctx.player, source=ctx.link.card,  # type: ignore[arg-type]
                    until_turn=tx.board.turn, cards=ids))  # fmt: skip
    amount = step.amount if isinstance(step.amount, int) else 0
    if amount:
        add(tx, Lasting(what="damage_after_resolving", player=ctx.player, source=ctx.link.card,  # type: ignore[arg-type]
                        until_turn=tx.board.turn, cards=ids, amount=amount))  # fmt: skip
    return (f"{', '.join(ids)} goes to {ctx.player}'s hand for this turn; if {ctx.player} activates it, "
            f"{ctx.player} takes {amount} damage after it resolves")


# --- half-modelled cards finished (brief H9): Black Luster Soldier - Envoy, Yata-Garasu,
# Infinite Impermanence, Stargazer Magician
def _second_attack_in_a_row(tx: Tx, ctx: Context, step: Step) -> str:
    """"It can make a second attack in a row" (Black Luster Soldier - Envoy of the Beginning): one
    more attack declaration this turn, which must be the very next attack; if another monster
    declares an attack first, it is lost (engine.rules.battle)."""
    from engine.rules.battle import SECOND_ATTACK

    done = []
    for c in select(tx, ctx, step.cards or "this"):
        if c.zone != "monsters" or not c.face_up:
            continue
        tx.update_card(c.id, attacks_this_turn=max(0, c.attacks_this_turn - 1),
                       marks=(*(m for m in c.marks if m != SECOND_ATTACK), SECOND_ATTACK))  # fmt: skip
        tx.emit("rule_changed", card=c.id, what="can make a second attack in a row", cause=ctx.link.card,
                chain_link=ctx.link.link)  # fmt: skip
        tx.say("attack.second_in_a_row", f"{c.name} can make a second attack in a row: its next attack "
               "must be declared before any other monster attacks.", c.id)  # fmt: skip
        done.append(c.id)
    return f"{', '.join(done) or 'nothing'} can make a second attack in a row"


def _skip_next_draw_phase(tx: Tx, ctx: Context, step: Step) -> str:
    """"They skip the Draw Phase of their next turn" (Yata-Garasu): the whole Draw Phase of that
    player's next turn is skipped, so they draw nothing then (engine.rules.turns)."""
    players = _players(ctx, step.player or "opponent")
    for p in players:
        tx.set_board(tx.board.with_player(p, skip_next_draw=True))
        tx.emit("rule_changed", player=p, what="skips the Draw Phase of their next turn",
                cause=ctx.link.card, chain_link=ctx.link.link)  # fmt: skip
    return f"{' and '.join(players)} will skip the Draw Phase of their next turn"


def _negate_column_spell_traps(tx: Tx, ctx: Context, step: Step) -> str:
    """Infinite Impermanence: "if this card was Set before activation and is on the field at
    resolution, for the rest of this turn all other Spell/Trap effects in this column are negated"
    (engine.rules.continuous reads it: those on the field there, and those activated there)."""
    from engine.rules.continuous import column_of
    from engine.rules.lasting import add
    from engine.state import Lasting

    card = tx.board.cards.get(ctx.link.card)
    if not ctx.link.from_set:
        return "it was not Set before it was activated, so no column is negated"
    if card is None or card.zone != "spell_traps" or (column := column_of(card)) is None:
        return "it is no longer on the field, so no column is negated"
    add(tx, Lasting(what="column_negated", player=ctx.player, source=card.id,  # type: ignore[arg-type]
                    until_turn=tx.board.turn, column=column))  # fmt: skip
    tx.say("rule.column_negated", f"{card.name} was Set before it was activated and is still on the "
           f"field: for the rest of this turn the other Spell/Trap effects in its column are negated, "
           "on the field there and activated there.", card.id)  # fmt: skip
    return "the other Spell/Trap effects in its column are negated for the rest of the turn"


def _summon_returned_namesake(tx: Tx, ctx: Context, step: Step) -> str:
    """Stargazer Magician: Special Summon 1 monster from the hand with the same name as the monster
    whose return to the hand set this trigger off (that monster itself may be the one)."""
    from engine.cards import Selector

    subject = tx.board.cards.get(ctx.link.subject or "")
    if subject is None:
        return "no returned monster is known, so nothing is summoned"
    name = tx.board.define(subject.id).name
    named = Selector(zone="hand", controller="you", card_type="monster", name=name)
    return _special_summon(tx, ctx, step.model_copy(update={"cards": named}))


OPERATIONS: dict[str, Handler] = {
    "destroy": _move_all("graveyard", "destroyed"),
    "discard_hand": _discard_hand,
    "send_top_of_deck": _send_top_of_deck,
    "reveal_summon_rest_to_hand": _reveal_summon_rest_to_hand,
    "keep_hand_revealed": _keep_hand_revealed,
    "shuffle_all_into_deck": _shuffle_all_into_deck,
    "equip_self": _equip_self,
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
    "tribute": _tribute,
    "double_atk": _double_atk,
    "destroy_at_end_phase": _lasting("destroy_at_end_phase", "cards", "destroyed in the End Phase"),
    "take_control_until_end_phase": _take_control_until_end_phase,
    "banish_until_equal": _banish_until_equal,
    "excavate_add": _excavate_add,
    "halve_damage_to_opponent": _lasting("halve_damage_to", "opponent", "damage halved this turn"),
    "final_countdown": _lasting("win_at_turn_end", "you", "wins at the end of the 20th turn", 19),
    "cannot_attack_this_turn": _lasting("cannot_attack", "cards", "cannot attack this turn"),
    "negate_effects_this_turn": _lasting("effects_negated", "cards",
                                         "cannot activate or apply its effects this turn"),
    "declare_type": _declare_type,
    "stay_on_field": _stay_on_field,
    "destroy_and_banish": _move_all("banished", "destroyed"),
    "no_battle_damage": _lasting("no_battle_damage", "you", "takes no battle damage this turn"),
    "no_battle_destruction": _lasting("no_battle_destruction", "you",
                                      "monsters cannot be destroyed by battle this turn"),
    "flip_face_up_quietly": _flip_face_up_quietly,
    "halve_lp": _halve_lp,
    "skip_next_turn": _skip_next_turn,
    "opponent_may_discard": _opponent_may_discard,
    "set_from_hand": _set_from_hand,
    "mark": _mark,
    "take_control_while_equipped": _take_control_while_equipped,
    "negate_effects_until_end": _negate_effects_until_end,
    "negate_name": _negate_name,
    "banish_declared_from_deck": _banish_declared_from_deck,
    "tribute_all": _tribute_all,
    "create_token_from_tributes": _create_token_from_tributes,
    "swap_control": _swap_control,
    "damage_controller": _damage_controller,
    "no_damage_this_turn": _lasting("no_damage_to", "opponent",
                                    "takes no damage for the rest of this turn"),
    "draw_when_opponent_special_summons": _lasting(
        "draw_on_opponent_special_summon", "you",
        "draws 1 card each time the opponent Special Summons this turn"),
    "lock_deck_to_hand": _lasting("no_deck_to_hand", "you",
                                  "no card can be added from either Main Deck to the hand this turn"),
    "eclipse_at_end_phase": _lasting("eclipse_at_end_phase", "you",
                                     "the opponent flips their face-down monsters face-up in the End Phase"),
    "synchro_summon_after": _summon_after("synchro"),
    "link_summon_after": _summon_after("link"),
    "normal_summon_after": _normal_summon_after,
    "lock_gy_activations": _lock_gy_activations,
    "gain_atk_per_link_rating": _gain_atk_per_link_rating,
    "summon_listed_lv": _summon_listed_lv,
    "equip_monster": _equip_monster,
    "atk_becomes": _atk_becomes,
    "fusion_summon_either_field": _fusion_either_field,
    "union_equip": _union_equip,
    "union_unequip": _union_unequip,
    "unequip_unions_of": _unequip_unions_of,
    "extra_attack": _extra_attack,
    "switch_with_this": _switch_with_this,
    "change_level": _change_level,
    "second_attack_in_a_row": _second_attack_in_a_row,
    "skip_next_draw_phase": _skip_next_draw_phase,
    "negate_column_spell_traps": _negate_column_spell_traps,
    "summon_returned_namesake": _summon_returned_namesake,
    "no_battle_damage_this_battle": _no_battle_damage_this_battle,
    "equip_battle_victims": _equip_battle_victims,
    "normal_summon_gemini": _normal_summon_gemini,
    "borrow_from_gy": _borrow_from_gy,
}
