"""Resolving a chain link by link (last in, first out): targets checked again, the effect's
steps joined by its own connectors, what a Spell or Trap does once it has resolved, and what
happens when the whole chain has. Activating and building the chain is engine.rules.chain.

Source: Official Rulebook v10, "Chains and Spell Speed", "Spell & Trap Cards".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import Selector
from engine.errors import Illegal
from engine.explain import Card, CardId, Phrase, Player, Zone
from engine.operations import OPERATIONS, Context
from engine.rules import continuous, deck, locks, restrictions
from engine.rules.chain import LINGERING, _check_requires, summoned_now
from engine.rules.common import describe_selector
from engine.rules.continuous import candidates, fits, misfit
from engine.rules.stated import apply as stated_resolution
from engine.state import evolve

if TYPE_CHECKING:
    from engine.cards import Effect, Step
    from engine.state import CardState, ChainLink
    from engine.tx import Tx


def _acted_fits(tx: Tx, ctx: Context, sel: Selector, player: str) -> bool:
    """An "if it is a DARK monster" after the step before moved the card: the card is checked where it
    is now (Caius the Shadow Monarch: a DARK monster banished while it was an Equip Card is a DARK
    monster in the banished pile; a Token that left the field no longer exists, and a Trap Monster
    is a Trap Card again; Yugipedia, Card Rulings:Caius the Shadow Monarch). With no kind asked
    ("if you do"), any card the step before acted on counts."""
    if sel == Selector():
        return bool(ctx.acted)
    now = [tx.board.cards.get(c.id) for c in ctx.acted]
    return any(c is not None and continuous.matches(tx.board, c, sel, player) for c in now)


def _steps(tx: Tx, link: ChainLink, effect: Effect) -> list[Step]:
    """What the link does. A Continuous Spell/Trap Card activated as Chain Link 1 right when the
    event its own "when" effect waits for has just happened applies that effect as part of the
    card's activation (Yugipedia, Card Rulings:Fairy Box: activated when an opponent's monster
    declares an attack, its coin toss is made in the same Chain Link as the card's activation)."""
    from engine.rules.conditions import Activating
    from engine.vocabulary import CONDITIONS

    defn = tx.board.define(link.card)
    if effect.kind != "activation" or effect.do or defn.spell_trap_kind != "continuous" or link.link != 1:
        return effect.do
    for other in defn.effects:
        if other.kind == "trigger" and other.event in CONDITIONS and (
            CONDITIONS[other.event](Activating(tx, link.player, other, None, False)) is None
        ):  # fmt: skip
            tx.say("chain.when_effect_with_activation", card=Card.of(tx.board.cards[link.card]),
                   cards=(link.card,))  # fmt: skip
            return other.do
    return effect.do


def resolve_top(tx: Tx) -> str | Phrase:
    """Resolve the last link of the chain (last in, first out)."""
    chain = tx.game.chain
    link = chain[-1]
    tx.update(chain=chain[:-1])
    defn = tx.board.define(link.card)
    card = tx.board.cards[link.card]
    tx.finish()  # a link starting to resolve finishes the action before it
    if card.pending and card.zone in continuous.FIELD:
        card = tx.update_card(card.id, pending=False)  # from now on its Continuous effects apply
    if link.activation_negated or link.effect_negated:
        what = "activation" if link.activation_negated else "effect"
        tx.emit("no_effect", card=link.card, chain_link=link.link, reason=f"{what} negated")
        tx.say(
            "chain.link_negated",
            link=link.link,
            card=Card.of(card),
            what=what,
            cards=(link.card,),
        )  # fmt: skip
        return Phrase("summary.link_negated", link=link.link, name=card.name)
    lingering = defn.spell_trap_kind in LINGERING and defn.card_type in ("spell", "trap")
    effect = restrictions.link_effect(tx.board, link)
    if lingering and (card.zone not in ("spell_traps", "field_spell") or card.face != "up") and (
        effect.kind == "activation" or effect.with_activation
    ):  # fmt: skip
        tx.emit("no_effect", card=link.card, chain_link=link.link, reason="left the field")
        tx.say(
            "chain.left_field_no_effect",
            card=Card.of(card),
            link=link.link,
            cards=(link.card,),
        )  # fmt: skip
        return Phrase("summary.link_does_nothing", link=link.link, name=card.name)
    lasting = continuous.lasting_negation(tx.board, card, activated=True, at=link.card_snapshot)
    veiled = link.negated_at_activation  # activated while negated, then left the field
    if lasting is None and veiled is not None and veiled in tx.board.lasting and (
        veiled.until_turn >= tx.board.turn
    ):  # fmt: skip
        lasting = veiled
    if lasting is not None and lasting.what == "battle_negated":  # Terrorking Archfiend
        source = tx.board.cards.get(lasting.source)
        name = source.name if source is not None else lasting.source
        tx.emit("no_effect", card=link.card, chain_link=link.link, reason=f"negated by {lasting.source}")
        tx.say(
            "chain.negated_destroyed_by_battle",
            card=Card.of(card),
            source=Card.of(source) if source is not None else CardId(lasting.source),
            where=Phrase("while_in.gy" if card.zone == "graveyard" else "while_in.field_then_gy"),
            link=link.link,
            cards=(link.card, lasting.source),
        )  # fmt: skip
        return Phrase("summary.link_negated_by", link=link.link, name=card.name, by=name)
    if lasting is not None:
        source = tx.board.cards.get(lasting.source)
        name = source.name if source is not None else lasting.source
        why = {"names_negated": Phrase("lasting_negation.by_name", name=lasting.name),
               "column_negated": Phrase("lasting_negation.column"),
               }.get(lasting.what) or Phrase("lasting_negation.card", card=Card.of(card))  # fmt: skip
        tx.emit("no_effect", card=link.card, chain_link=link.link, reason=f"negated by {lasting.source}")
        tx.say(
            "chain.negated_lasting",
            source=Card.of(source) if source is not None else CardId(lasting.source),
            why=why,
            turn=Phrase("turn.this" if lasting.until_turn == tx.board.turn else "turn.next"),
            link=link.link,
            card=Card.of(card),
            cards=(link.card, lasting.source),
        )  # fmt: skip
        return Phrase("summary.link_negated_by", link=link.link, name=card.name, by=name)
    if (negator := continuous.negated_by(tx.board, card)) is not None:
        tx.emit("no_effect", card=link.card, chain_link=link.link, reason=f"negated by {negator.id}")
        tx.say(
            "chain.negated_by_continuous",
            reason=Phrase(
                "negated_by_continuous.negates_effects_cards_field",
                negator=Card.of(negator),
                card_type=defn.card_type.title(),
                card=Card.of(card),
                link=link.link,
            ),
            cards=(link.card, negator.id),
        )  # fmt: skip
        return Phrase("summary.link_negated_by", link=link.link, name=card.name, by=negator.name)
    if (by := tx.board.cards.get(link.escaped_negator or "")) is not None and by.face_up:
        tx.say("chain.negation_left_behind", negator=Card.of(by), link=link.link, card=Card.of(card),
               cards=(link.card, by.id))  # fmt: skip
    if (valley := locks.graveyard_lock(tx, link, effect, link.targets)) is not None:
        tx.emit("no_effect", card=link.card, chain_link=link.link, reason=f"negated by {valley.id}")
        tx.say(
            "chain.negated_by_continuous",
            reason=Phrase(
                "negated_by_continuous.negates_any_card_effect",
                valley=Card.of(valley),
                card=Card.of(card),
                link=link.link,
            ),
            cards=(link.card, valley.id),
        )  # fmt: skip
        return Phrase("summary.link_negated_by", link=link.link, name=card.name, by=valley.name)
    if effect.requires is not None and effect.requires.at_resolution:
        try:
            _check_requires(tx, link.player, card, effect)
        except Illegal as gone:
            tx.emit("no_effect", card=link.card, chain_link=link.link, reason="condition gone")
            tx.say(
                "chain.condition_gone",
                link=link.link,
                card=Card.of(card),
                condition=gone.explanation.params["reason"].params["condition"],
                cards=(link.card,),
            )  # fmt: skip
            return Phrase("summary.link_does_nothing", link=link.link, name=card.name)
    elif effect.requires is not None and not any(k.endswith("_self") for k in effect.cost):
        # (a card that paid with itself, Skilled Dark Magician, left as it was activated: nothing to say)
        try:
            _check_requires(tx, link.player, card, effect)
        except Illegal as gone:  # an activation condition: it had to hold only as the card was activated
            tx.say(
                "chain.condition_only_at_activation",
                link=link.link,
                card=Card.of(card),
                condition=gone.explanation.params["reason"].params["condition"],
                cards=(link.card,),
            )  # fmt: skip
    if effect.kind == "flip" and (royal := continuous.first(tx.board, "negate_flip_effects")):
        tx.emit("no_effect", card=link.card, chain_link=link.link, reason=f"negated by {royal.id}")
        tx.say(
            "chain.negated_by_continuous",
            reason=Phrase(
                "negated_by_continuous.negates_flip_effects_flip",
                royal=Card.of(royal),
                card=Card.of(card),
            ),
            cards=(link.card, royal.id),
        )  # fmt: skip
        return Phrase("summary.link_negated_by", link=link.link, name=card.name, by=royal.name)
    valid = _still_valid_targets(tx, link, effect)
    if (effect.targets or link.target_places) and not valid:
        tx.emit("no_effect", card=link.card, chain_link=link.link, reason="targets gone")
        tx.say("chain.link_no_target", card=Card.of(card), link=link.link, cards=(link.card, *link.targets))
        return Phrase("summary.link_no_target", link=link.link, name=card.name)
    from engine.rules.abilities import die_negation

    if (negated := die_negation(tx, link, valid)) is not None:  # Terrorking Archfiend
        return negated
    before = tx.game.chain[-1] if tx.game.chain else None
    answered = before if before is not None and before.link == link.link - 1 else None
    ctx = Context(link=link, targets=valid, answered=answered, choices=dict(link.choices))
    ctx.acted[:] = [tx.board.cards[t] for t in valid]
    done: list[str | Phrase] = []
    said_untargeted: set[str] = set()
    steps = _steps(tx, link, effect)
    if steps is not effect.do:
        ctx.steps = tuple(steps)
    for step in () if link.stated else steps:
        if step.coin is not None and ctx.coin != step.coin:
            continue  # the other outcome of the coin toss
        if ctx.stopped:
            break  # the opponent stopped the rest (Magic Drain)
        kind_asked = step.if_acted is not None and step.if_acted != Selector()  # not just "it did something"
        if kind_asked and ctx.acted and not _acted_fits(tx, ctx, step.if_acted, link.player):
            # say what it was not: Nobleman of Crossout banishes no namesakes of a non-Flip monster
            acted = [CardId(c.id) for c in ctx.acted] or Phrase("word.nothing")
            done.append(Phrase("done.skipped.acted_not", op=Zone(step.op), acted=acted,
                               n=max(1, len(ctx.acted)), what=describe_selector(step.if_acted)))  # fmt: skip
            continue
        if (
            step.if_any is not None and not any(
                fits(tx.board, c, step.if_any, link.player) for c in candidates(tx.board, step.if_any))
        ) or (
            step.if_none is not None and any(
                fits(tx.board, c, step.if_none, link.player) for c in candidates(tx.board, step.if_none))
        ):  # fmt: skip
            done.append(Phrase("done.skipped.condition", op=Zone(step.op)))
            continue
        if step.join == "and_if_you_do" and not ctx.acted:
            break  # "and if you do": the rest happens only if the step before did
        if step.mode is not None and _mode(tx, ctx, link) != step.mode:
            continue  # another of the effects the player could choose from
        if step.if_co_linked and not link.co_linked:  # Knightmare Unicorn's draw
            done.append(Phrase("done.skipped.not_co_linked", op=Zone(step.op), card=Card.of(card)))
            continue
        if step.optional and _YOU_CAN.get(step.op, step.op) not in ctx.choices:
            # "then you can ...": not done; nothing happens after the step before, which stays
            # the last thing that happened
            key = _YOU_CAN.get(step.op, step.op)
            done.append(
                Phrase("done.skipped.not_chosen", op=Zone(step.op), player=Player(link.player), key_=key)
            )
            continue
        if step.join == "then":
            tx.finish()
        before = deck.known_decks(tx)
        ctx.searched.clear()
        ctx.searched_in_vain.clear()
        guarded = _guarded(tx, link.card)
        done.append(OPERATIONS[step.op](tx, ctx, step))
        _say_not_targeted(tx, ctx, guarded, said_untargeted)
        deck.shuffle_searched(tx, ctx.searched, before, in_vain=ctx.searched_in_vain)
    # a Continuous, Equip or Field card's activation only places it: it applies while on the field
    placed_only = effect.kind == "activation" and (defn.spell_trap_kind in LINGERING or not link.effect)
    if not effect.do and not link.stated and not placed_only:
        tx.say("stated.none_given", card=Card.of(card), cards=(link.card,))
    if link.stated:
        tx.say("stated.applied", card=Card.of(card), cards=(link.card,))  # fmt: skip
        done = stated_resolution(tx, ctx, link.stated)
    tx.emit("resolved", card=link.card, player=link.player, chain_link=link.link)
    tx.say(
        "chain.link_resolved",
        reason=Phrase(
            "link_resolved.chain_link_resolves" if done
            else "link_resolved.placed" if placed_only
            else "link_resolved.does_nothing",
            link=link.link,
            card=Card.of(card),
            done=done,
        ),
        cards=(link.card,),
    )  # fmt: skip
    from engine.rules.abilities import spell_resolved

    spell_resolved(tx, link, effect)  # a Spell Counter for each Spell that resolves (no chain)
    from engine.rules.lasting_moments import after_resolving

    after_resolving(tx, link.card, link.player, link.link)  # a card taken by Graverobber
    for later in ctx.afterwards:  # "immediately after this effect resolves" (Formula Synchron)
        tx.finish()
        later()
    return Phrase("summary.link_resolves", link=link.link, name=card.name)


# The `choices` key that says a player does an optional ("you can") step, by operation.
_YOU_CAN = {"destroy": "destroy", "send_to_gy": "send", "banish": "banish", "special_summon": "summon",
            "add_to_hand": "add", "return_to_hand": "return", "return_to_deck": "return",
            "shuffle_into_deck": "return"}  # fmt: skip


def _mode(tx: Tx, ctx: Context, link: ChainLink) -> int:
    """Which of an effect's modes ("activate 1 of these effects") the player chose: `choices:
    {mode: n}`; unsaid, the first, and the engine says so."""
    mode = ctx.choices.get("mode")
    if isinstance(mode, int) and not isinstance(mode, bool):
        return mode
    if "mode" not in ctx.choices:
        ctx.choices["mode"] = 1
        tx.say(
            "choice.engine_picked",
            reason=Phrase("engine_picked.no_mode_was_given", card=CardId(link.card)),
            cards=(link.card,),
        )  # fmt: skip
    return 1


def _still_valid_targets(tx: Tx, link: ChainLink, effect: Effect) -> tuple[str, ...]:
    """Targets are checked again at resolution; one that moved or changed is not affected."""
    valid = []
    name = tx.board.define(link.card).name
    if link.target_places and not effect.targets:
        return _stated_targets_still_there(tx, link, name)
    for t in link.targets:
        card = tx.board.cards.get(t)
        attacker = tx.game.battle.attacker if tx.game.battle else None
        reasons = [misfit(tx.board, card, sel, link.player, summoned_now(tx), attacker)
                   for sel in effect.targets]  # fmt: skip
        if None in reasons:
            valid.append(t)
            if card is not None and not card.face_up and t in link.face_up_targets:
                # turned face-down since: "a card on the field" it still is (Caius the Shadow Monarch)
                tx.say("target.still_valid_face_down", name=name, t=CardId(t), cards=(t,))  # fmt: skip
        else:
            tx.say(
                "target.no_longer_valid",
                reason=Phrase("no_longer_valid.target_not_affected", name=name, t=t, reasons=reasons[0]),
                cards=(t,),
            )  # fmt: skip
    return tuple(valid)


def _stated_targets_still_there(tx: Tx, link: ChainLink, name: str) -> tuple[str, ...]:
    """With no target condition to check, a stated target stays valid while it is where it was
    at activation and still face-up (or face-down) as it was: a card that moved or changed face
    is not affected."""
    valid = []
    for t, zone, face_up in link.target_places:
        card = tx.board.cards[t]
        if card.zone == zone and str(card.face_up) == face_up:
            valid.append(t)
            continue
        why = (Phrase("target_changed.moved", controller=Player(card.controller), zone=Zone(card.zone))
               if card.zone != zone
               else Phrase(
                   "target_changed.face_up" if card.face_up else "target_changed.face_down",
               ))  # fmt: skip
        tx.say(
            "target.no_longer_valid",
            reason=Phrase("no_longer_valid.target_since_was_targeted", name=name, t=CardId(t), why=why),
            cards=(t,),
        )  # fmt: skip
    return tuple(valid)


def _end_battle_phase(tx: Tx) -> None:
    """An effect of the chain ended the Battle Phase (Negate Attack): now it ends, into Main Phase 2."""
    from engine.operations.battle import END_BATTLE_PHASE
    from engine.rules.turns import enter_phase

    marks = [f for f in tx.board.flags if f == END_BATTLE_PHASE or f.startswith(f"{END_BATTLE_PHASE}:")]
    if not marks:
        return
    source = next((f.split(":", 1)[1] for f in marks if ":" in f), None)
    tx.set_board(evolve(tx.board, flags=tuple(f for f in tx.board.flags if f not in marks)))
    if tx.board.phase != "battle":
        return
    tx.update(battle=None)
    enter_phase(tx, "main2")
    card = Card.of(tx.board.card(source)) if source else Phrase("word.nothing")
    tx.say("phase.battle_phase_ended", card=card, player=Player(tx.board.turn_player))


def after_chain(tx: Tx) -> None:
    """When the whole chain has resolved, Normal Spells/Traps still on the field go to the GY,
    and so does an Equip Spell that found no monster to equip."""
    for card in tx.board.in_zone("spell_traps"):
        if card.face != "up":
            continue
        defn = tx.board.define(card.id)
        kind = defn.spell_trap_kind
        if defn.stays_for_opponent_turns is not None and "turn" in dict(card.counters):
            continue  # resolved, it remains (Swords of Revealing Light); negated, it goes to the GY
        if kind in ("normal", "quick-play", "counter", "ritual") and not card.equipped_to:
            tx.move(card.id, "graveyard", event="sent_to_gy", cause="rule: resolved")
        elif kind == "equip" and defn.card_type == "spell" and not card.equipped_to:
            tx.move(card.id, "graveyard", event="sent_to_gy", cause="rule: nothing to equip")
            tx.say(
                "rule.equip_destroyed",
                reason=Phrase("equip_destroyed.has_no_monster_equip", card=Card.of(card)),
            )  # fmt: skip
    summon = tx.game.last_summon
    keep = summon if summon is not None and summon.seq == tx.game.seq else None
    # a card added from the Deck during this chain is what just happened; one added before it is not
    added = tx.game.last_added if tx.game.last_added_fresh else ()
    _end_battle_phase(tx)
    battle = tx.game.battle
    if battle is not None and battle.declaration:  # the first chain after the declaration is over
        tx.update(battle=evolve(battle, declaration=False))
    tx.update(
        priority=tx.board.turn_player,
        flipped_in_chain=(),
        last_summon=keep,
        last_added=added,
        last_added_fresh=False,
    )


def _guarded(tx: Tx, source: str) -> dict[str, CardState]:
    """The monsters a "cannot be targeted" effect guards now, with the card whose effect it is;
    not `source` itself, nor one `source`'s effect does not affect (that says more)."""
    board = tx.board
    if next(continuous.in_force(board, "untargetable"), None) is None:
        return {}
    return {c.id: guard for c in board.in_zone("monsters")
            if c.id != source and (guard := continuous.first(board, "untargetable", c)) is not None
            and not continuous.unaffected(board, c, source)}  # fmt: skip


def _say_not_targeted(tx: Tx, ctx: Context, guarded: dict[str, CardState], said: set[str]) -> None:
    """An effect that does not target reaches a monster guarded from targeting: say why the guard
    did not stop it (Yu-Gi-Oh! Wiki, Card Rulings: Lord of D.: Dark Hole still destroys the
    Dragons)."""
    for c in ctx.acted:
        if c.id in guarded and c.id not in ctx.link.targets and c.id not in said:
            said.add(c.id)
            guard = guarded[c.id]
            tx.say("rule.not_targeted", c=Card.of(c), guard=Card.of(guard), card=CardId(ctx.link.card),
                   cards=(c.id, guard.id, ctx.link.card))  # fmt: skip
