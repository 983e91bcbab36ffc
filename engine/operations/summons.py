"""Summons an effect performs: Special Summons, Tokens, Ritual and Fusion Summons, summons
"immediately after this effect resolves", and Normal Summons an effect grants."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.explain import Card, CardId, Phrase, Player, Zone
from engine.operations.context import (
    Context,
    Handler,
    _pick,
    _players,
    first_legal,
    select,
    summon_forbidden,
    summon_position,
    summon_zone,
    unsaid_position,
)
from engine.state import CardState, Summon, evolve
from engine.vocabulary import OPERATIONS

if TYPE_CHECKING:
    from engine.cards import Step
    from engine.tx import Tx


@OPERATIONS.register("create_tokens", "Special Summons Tokens")
def _create_tokens(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Tokens take the lowest free Main Monster Zones; ids are <player>:<name>#<n>."""
    from engine.cards import load_catalog

    defn = load_catalog()[(step.token or "").lower()]
    if summon_forbidden(tx, ctx, ctx.player):
        return Phrase("done.special_summon", made=Phrase("word.nothing"))
    created = dict(tx.game.created)
    made = []
    for n in range(step.amount or 1):
        slot = summon_zone(tx, ctx, ctx.player, n)
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
    if made:  # a successful Special Summon: "When a monster is Summoned" cards answer it
        tx.update(last_summon=Summon(cards=tuple(made), kind="special", player=ctx.player,  # type: ignore[arg-type]
                                     seq=tx.game.seq))  # fmt: skip
    ctx.acted[:] = [tx.card(card_id) for card_id in made]  # "those Tokens" for the step after
    return Phrase("done.create_tokens", made=list(made))


@OPERATIONS.register(
    "create_token_from_tributes", "Special Summons a Token whose ATK/DEF are those of the Tributed monsters"
)
def _create_token_from_tributes(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Nibiru: 1 Token to `player`'s field (the opponent's), Special Summoned by this link's
    player, with the combined original ATK/DEF of the monsters this effect Tributed."""
    from engine.cards import load_catalog

    defn = load_catalog()[(step.token or "").lower()]
    owner = _players(ctx, step.player)[0]
    if summon_forbidden(tx, ctx, ctx.player):  # its player Summons it, to the opponent's field
        return Phrase("done.special_summon", made=Phrase("word.nothing"))
    slot = tx.board.free_slot("monsters", owner)
    if slot is None:
        tx.say("zone.full", reason=Phrase("full.has_no_free_main", owner=owner, name=defn.name))
        return Phrase("done.create_token_from_tributes.no_zone_for", name=defn.name)
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
    # a successful Special Summon by this link's player, the last thing the effect does: "When a
    # monster is Summoned" cards (Torrential Tribute) answer it, a summon-negating card cannot
    tx.update(last_summon=Summon(cards=(card.id,), kind="special", player=ctx.player,  # type: ignore[arg-type]
                                 seq=tx.game.seq, by=ctx.link.card))  # fmt: skip
    return Phrase(
        "done.create_token_from_tributes.special_summons_field_atk",
        card=CardId(card.id),
        owner=owner,
        atk=atk,
        def_=def_,
    )


def may_special_summon(tx: Tx, ctx: Context, c: CardState, *, ignore_conditions: bool = False) -> bool:
    """May the resolving effect Special Summon `c`? Not one that "cannot be Special Summoned", one
    that must be Special Summoned by another card, or one that must first be properly Summoned and
    was not (unless the effect ignores the Summoning conditions: then only the last, a rule). Says
    why not, and says so where the conditions are ignored."""
    from engine.rules.abilities import never_properly_summoned, only_by_another, properly_summoned

    if not tx.board.define(c.id).special_summonable:  # "Cannot be Special Summoned"
        tx.say("summon.cannot_be_special_summoned", reason=Phrase("not_summonable_by", c=Card.of(c),
               card=CardId(ctx.link.card)), cards=(c.id,))  # fmt: skip
        return False
    only_by = tx.board.define(c.id).special_summon_by  # "Must be Special Summoned by X"
    conditioned = only_by_another(tx.board, c, ctx.link.card) or not properly_summoned(tx.board, c)
    if ignore_conditions and never_properly_summoned(tx.board, c):  # a rule, not a condition
        tx.say("summon.not_properly_summoned", reason=Phrase("proper_problem.not_properly_summoned",
               target=CardId(c.id)), cards=(c.id,))  # fmt: skip
        return False
    if ignore_conditions and conditioned:  # "ignoring the Summoning conditions" (Level Modulation)
        zone = Phrase("from." + (c.zone if c.zone in _SUMMONED_FROM else "deck"))
        tx.say("summon.ignoring_conditions", card=Card.of(c), zone=zone, source=CardId(ctx.link.card),
               cards=(c.id,))  # fmt: skip
    elif only_by_another(tx.board, c, ctx.link.card):
        tx.say("summon.condition_not_met", c=Card.of(c), only_by=only_by, card=CardId(ctx.link.card),
               cards=(c.id,))  # fmt: skip
        return False
    elif not only_by and not properly_summoned(tx.board, c):  # by X's effect is its proper way
        tx.say("summon.not_properly_summoned", reason=Phrase("proper_problem.not_properly_summoned",
               target=CardId(c.id)), cards=(c.id,))  # fmt: skip
        return False
    return True


@OPERATIONS.register("special_summon", "Special Summons the cards")
def _special_summon(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Special Summon to the link player's field, each to the lowest free Main Monster Zone."""
    from engine.state import Summon

    cards = _pick(tx, ctx, step, "summon") if step.cards not in (None, "targets") else select(
        tx, ctx, step.cards)  # fmt: skip
    made = []
    said = summon_position(ctx, step)
    allowed: dict[str, bool] = {}  # per player: not forbidden to Summon this turn (Scapegoat)
    for c in cards:
        if not may_special_summon(tx, ctx, c, ignore_conditions=bool(step.ignore_conditions)):
            continue
        who = c.owner if step.player == "both" else ctx.player  # "each player ... their own GY"
        if who not in allowed:
            allowed[who] = not summon_forbidden(tx, ctx, who)
        if not allowed[who]:
            continue
        # a position the text fixes ("in Attack Position": Mystic Tomato, Call of the Haunted) is not
        # the player's to choose; the choice counts only where the text leaves it open
        position = said or "attack"
        if step.position and ctx.choices.get("position") not in (None, step.position):
            tx.say("choice.not_allowed", reason=Phrase("not_allowed.position_fixed." + step.position,
                   card=CardId(ctx.link.card)), cards=(c.id,))  # fmt: skip
        from engine.rules.abilities import one_face_up_problem  # "You can only control 1 face-up X"

        if position != "set" and (why := one_face_up_problem(tx.board, c, who)) is not None:
            tx.say(
                "summon.only_one_face_up",
                reason=Phrase("only_one_face_up.cannot_summon_face_up", why=why, card=CardId(ctx.link.card)),
                cards=(c.id,),
            )
            continue
        slot = summon_zone(tx, ctx, who, len(made))
        if slot is None:
            tx.say("zone.full", reason=Phrase("full.has_no_free_main_2", c=CardId(c.id), who=who))
            break
        tx.move(c.id, "monsters", event="summoned", cause=ctx.link.card, chain_link=ctx.link.link,
                slot=slot, position=position, controller=who)  # fmt: skip
        tx.update_card(c.id, summoned_this_turn=True, summon_type="special")
        made.append(c.id)
    ctx.acted[:] = [tx.board.cards[c] for c in made]
    if said is None:
        unsaid_position(tx, ctx, ctx.acted)
    if made:
        tx.update(last_summon=Summon(cards=tuple(made), kind="special", player=ctx.player,  # type: ignore[arg-type]
                                     seq=tx.game.seq, by=ctx.link.card))  # fmt: skip
    return Phrase("done.special_summon", made=list(made) or Phrase("word.nothing"))


@OPERATIONS.register(
    "summon_returned_namesake", "Special Summons from the hand a monster named like the one returned"
)
def _summon_returned_namesake(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Stargazer Magician: Special Summon 1 monster from the hand with the same name as the monster
    whose return to the hand set this trigger off (that monster itself may be the one)."""
    from engine.cards import Selector

    subject = tx.board.cards.get(ctx.link.subject or "")
    if subject is None:
        return Phrase("done.summon_returned_namesake")
    name = tx.board.define(subject.id).name
    named = Selector(zone="hand", controller="you", card_type="monster", name=name)
    return _special_summon(tx, ctx, step.model_copy(update={"cards": named}))


@OPERATIONS.register("switch_with_this", "this card and the target switch control")
def _switch_with_this(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """This card and the target switch control, each taking the zone the other left (Invader of
    the Throne); if either is no longer on the field, nothing happens."""
    this = tx.board.cards.get(ctx.link.card)
    other = next((c for c in select(tx, ctx, step.cards or "targets") if c.zone == "monsters"), None)
    if this is None or this.zone != "monsters" or other is None or other.controller == this.controller:
        return Phrase("done.switch_with_this.control_does_not_change")
    tx.set_board(tx.board.with_card(evolve(this, controller=other.controller, slot=other.slot)))
    tx.set_board(tx.board.with_card(evolve(other, controller=this.controller, slot=this.slot)))
    for c, to in ((this, other.controller), (other, this.controller)):
        tx.emit("control_changed", card=c.id, player=to, cause=ctx.link.card, chain_link=ctx.link.link)
    tx.say(
        "control.switched",
        this=Card.of(this),
        other=Card.of(other),
        other_controller=Player(other.controller),
        this2=CardId(this.id),
        this_controller=Player(this.controller),
        other2=CardId(other.id),
        cards=(this.id, other.id),
    )  # fmt: skip
    ctx.acted[:] = [tx.board.cards[this.id], tx.board.cards[other.id]]
    return Phrase("done.switch_with_this.switch_control", this=CardId(this.id), other=CardId(other.id))


_SUMMON = "summon"  # the `choices` key naming the monster an effect Summons
NORMAL = "normal"  # a Normal Summon, as a summon's method names it
_SUMMONED_FROM = ("hand", "deck", "graveyard", "banished", "extra_deck")  # the zones a phrase names


def _materials_then_summon(method: str, *, field_or_gy: bool = False) -> Handler:
    """Ritual and Fusion Summons: the Tributes/materials leave at resolution, not as a cost, so
    a card that stops Tributes (Mask of Restrict) in force by then stops the Ritual Summon.
    `field_or_gy`: the Fusion Materials come from the player's field or GY and are banished, not
    sent to the GY (Miracle Fusion); the Fusion Summon still happens (rulebook v10, How to Fusion
    Summon: materials another effect sends elsewhere go there)."""

    def handler(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
        from engine.rules.continuous import first

        if summon_forbidden(tx, ctx, ctx.player):
            return Phrase("done.summon_by_procedure.not_summoned", method=method.title())
        monster = (ctx.chosen(tx, "summon") or [None])[0]
        materials = ctx.chosen(tx, "materials") or ctx.chosen(tx, "tribute") or []
        if monster is None or not materials:
            found = _first_summon(tx, ctx, step, method, monster, materials, field_or_gy=field_or_gy)
            if found is None:
                return Phrase("done.summon_by_procedure.nothing_chosen")
            monster, materials = found
        from engine.cards import Selector
        from engine.rules.continuous import matches

        if isinstance(step.cards, Selector) and not matches(tx.board, monster, step.cards, ctx.player):
            tx.say("choice.not_allowed", reason=Phrase("not_allowed.cannot_chosen_for_here",
                   wrong=[CardId(monster.id)], key_=_SUMMON), cards=(monster.id,))  # fmt: skip
            return Phrase("done.summon_by_procedure.not_summoned", method=method.title())
        if method == "ritual" and (mask := first(tx.board, "forbid_tributes")) is not None:
            tx.say(
                "rule.tributes_forbidden",
                reason=Phrase(
                    "tributes_forbidden.face_up_no_monster_5",
                    mask=Card.of(mask),
                    monster=Card.of(monster),
                ),
                cards=(mask.id, ctx.link.card),
            )
            return Phrase("done.summon_by_procedure.no_tribute")
        from engine.errors import Illegal
        from engine.rules.procedures import at_resolution

        try:
            materials = at_resolution(tx, ctx.player, method, monster, materials, field_or_gy=field_or_gy)
        except Illegal as err:
            tx.explanations.append(err.explanation)
            return Phrase("done.summon_by_procedure.not_summoned", method=method.title())
        from engine.rules.summons import summon_zone

        try:  # the zone it will take once its materials on the field are gone
            slot = summon_zone(tx, ctx.player, monster, [m.id for m in materials if m.zone == "monsters"])
        except Illegal as err:
            tx.explanations.append(err.explanation)
            return Phrase("done.summon_by_procedure.no_zone", method=method.title())
        _say_materials(tx, ctx, method, monster, materials, banished=field_or_gy)
        for m in materials:
            event = "tributed" if method == "ritual" else "banished" if field_or_gy else "sent_to_gy"
            tx.move(m.id, "banished" if field_or_gy else "graveyard", event=event,
                    cause=f"material for {monster.id}", chain_link=ctx.link.link)  # fmt: skip
        tx.finish()  # the materials leave before the summon: "When ... sent to the GY" misses the timing
        said = summon_position(ctx, step)
        tx.move(monster.id, "monsters", event="summoned", cause=ctx.link.card, chain_link=ctx.link.link,
                slot=slot, position=said or "attack", controller=ctx.player)  # fmt: skip
        tx.update_card(monster.id, summoned_this_turn=True, summon_type=method)
        if said is None:
            unsaid_position(tx, ctx, [tx.board.cards[monster.id]])
        # a successful Special Summon by a resolving card: Bottomless Trap Hole answers it, a
        # summon-negating card cannot
        tx.update(last_summon=Summon(cards=(monster.id,), kind="special", player=ctx.player,  # type: ignore[arg-type]
                                     seq=tx.game.seq, by=ctx.link.card))  # fmt: skip
        return Phrase("done.summon_by_procedure.summons", method=method.title(), monster=CardId(monster.id),
                      materials=[CardId(m.id) for m in materials])  # fmt: skip

    return handler


def _say_materials(tx: Tx, ctx: Context, method: str, monster: CardState, materials: list[CardState],
                   *, banished: bool = False) -> None:  # fmt: skip
    """The exception a ruling on these materials turns on, named: Fusion Materials are sent (or
    banished, where the card says so), and Ritual Tributes (from the hand, the field or both)
    Tributed, as the card resolves, not as a cost, and the Summon comes after them (rulebook v10,
    How to Fusion Summon, How to Ritual Summon)."""
    ids = tuple(m.id for m in materials)
    if method == "fusion":
        code = "summon.fusion_materials_banished" if banished else "summon.fusion_materials_sent"
        tx.say(code, materials=[CardId(i) for i in ids], count=len(ids), monster=Card.of(monster),
               source=CardId(ctx.link.card), cards=(*ids, monster.id))  # fmt: skip
        return
    zones = {"hand" if m.zone == "hand" else "field" for m in materials}
    where = Phrase("tributes_from." + (zones.pop() if len(zones) == 1 else "both"))
    tributes = [CardId(i) for i in ids]
    tx.say("summon.ritual_tributes", source=CardId(ctx.link.card), tributes=tributes, where=where,
           monster=Card.of(monster), cards=(*ids, monster.id))  # fmt: skip


def _no_legal_summon(tx: Tx, ctx: Context, method: str) -> None:
    tx.say(
        "choice.missing",
        reason=Phrase("missing.no_legal_summon", card=CardId(ctx.link.card), method=method.title(),
                      player=Player(ctx.player)),
        cards=(ctx.link.card,),
    )  # fmt: skip


def _first_summon(tx: Tx, ctx: Context, step: Step, method: str, monster: CardState | None,
                  materials: list[CardState], *,
                  field_or_gy: bool = False) -> tuple[CardState, list[CardState]] | None:  # fmt: skip
    """A Fusion or Ritual Summon whose monster or materials the judge did not state: the first
    legal option (engine.rules.procedures.first_legal_summon), said as the engine's pick; the
    monster is one the card can Summon (its `cards`, if it names one: Black Luster Ritual), from
    the Extra Deck (Fusion) or the hand (Ritual), and the materials come from its player's hand
    and field (`field_or_gy`: from its player's field and GY). None, said, when there is no legal one."""
    from engine.cards import Selector
    from engine.rules.continuous import matches
    from engine.rules.procedures import first_legal_summon

    player = ctx.player
    home = "extra_deck" if method == "fusion" else "hand"
    wanted = step.cards if isinstance(step.cards, Selector) else None
    monsters = [monster] if monster is not None else [
        c for c in tx.board.in_zone(home, player) if method in tx.board.define(c.id).subtypes
        and (wanted is None or matches(tx.board, c, wanted, player))]  # fmt: skip
    other = "graveyard" if field_or_gy else "hand"
    pool = [c for c in [*tx.board.in_zone(other, player), *tx.board.monsters(player)]
            if tx.board.define(c.id).is_monster]  # fmt: skip
    found = first_legal_summon(tx, player, method, monsters, materials, pool, field_or_gy=field_or_gy)
    if found is None:
        _no_legal_summon(tx, ctx, method)
        return None
    if monster is None:
        first_legal(tx, ctx, "summon", [found[0]])
    if not materials:
        first_legal(tx, ctx, "tribute" if method == "ritual" else "materials", found[1])
    return found


# --- summons an effect performs, and other Extra Deck / Level monster effects (brief H2)
def _summon_after(method: str) -> Handler:
    """A summon by game procedure "immediately after this effect resolves", using this card as
    material (Formula Synchron: Synchro; I:P Masquerena: Link). The judge names the monster and
    its materials (`choices: {summon: <monster>, materials: [...]}`); the summon follows the
    link's resolution, so a "When ... you can" effect of the summoned monster misses the timing
    if another Chain Link resolves after it (engine.rules.procedures)."""

    def handler(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
        from engine.rules.procedures import after_resolution

        chosen = [c.id for c in ctx.chosen(tx, "summon") or []]
        materials = [c.id for c in ctx.chosen(tx, "materials") or []]
        player, source = ctx.player, ctx.link.card

        def later() -> str | Phrase:
            board = tx.board
            if summon_forbidden(tx, ctx, player):
                return Phrase("done.summon_by_procedure.not_summoned", method=method.title())
            monsters, used = [board.cards[c] for c in chosen], [board.cards[m] for m in materials]
            if not monsters or not used:  # unsaid: the first legal Summon, if there is one
                found = _first_after(tx, ctx, method, monsters, used)
                if found is None:
                    _no_legal_summon(tx, ctx, method)
                    return Phrase("done.summon_by_procedure.not_summoned", method=method.title())
                monsters, used = [found[0]], found[1]
            said = summon_position(ctx, step)
            done = after_resolution(tx, player, source, method, monsters, used, source, position=said)
            summoned = [c for c in monsters if tx.board.cards[c.id].zone == "monsters"]
            if said is None and summoned:
                unsaid_position(tx, ctx, [tx.board.cards[c.id] for c in summoned])
            return done

        ctx.afterwards.append(later)
        return Phrase("done.summon_after", method=method.title())

    return handler


def _first_after(tx: Tx, ctx: Context, method: str, monsters: list[CardState],
                 materials: list[CardState]) -> tuple[CardState, list[CardState]] | None:  # fmt: skip
    """A Synchro or Link Summon "immediately after this effect resolves" whose monster or
    materials the judge did not state: the first legal option, with this card among the
    materials, from its player's Extra Deck and face-up monsters; said as the engine's pick."""
    from engine.rules.procedures import first_legal_summon

    player = ctx.player
    candidates = monsters or [c for c in tx.board.in_zone("extra_deck", player)
                              if method in tx.board.define(c.id).subtypes]  # fmt: skip
    pool = [c for c in tx.board.monsters(player) if c.face_up]
    found = first_legal_summon(tx, player, method, candidates, materials, pool, must_use=ctx.link.card)
    if found is None:
        return None
    if not monsters:
        first_legal(tx, ctx, "summon", [found[0]])
    if not materials:
        first_legal(tx, ctx, "materials", found[1])
    return found


@OPERATIONS.register(
    "normal_summon_after", "Normal Summons or Sets 1 monster immediately after this effect resolves"
)
def _normal_summon_after(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Ultimate Offering: "immediately after this effect resolves, Normal Summon/Set 1 monster"
    (`choices: {summon: <monster>, tribute: [...], position: set}`)."""
    from engine.rules.procedures import effect_normal_summon

    chosen = [c.id for c in ctx.chosen(tx, "summon") or []]
    tributes = [c.id for c in ctx.chosen(tx, "tribute") or []]
    position = summon_position(ctx, None)
    player, source = ctx.player, ctx.link.card

    def later() -> str | Phrase:
        board = tx.board
        if position != "set" and summon_forbidden(tx, ctx, player):  # a Normal Set is still allowed
            return Phrase("done.summon_by_procedure.not_summoned", method=Zone(NORMAL))
        cards, given = [board.cards[c] for c in chosen], [board.cards[t] for t in tributes]
        if not cards:  # unsaid: the first monster in the hand that can be Normal Summoned now
            able = [(c, t) for c in board.in_zone("hand", player) if _normal_summonable(tx, c)
                    and (t := _first_tributes(tx, player, c, given)) is not None]  # fmt: skip
            if able:
                first_legal(tx, ctx, "summon", [able[0][0]])
                cards = [able[0][0]]
        if cards and not given and (picked := _first_tributes(tx, player, cards[0], [])):
            first_legal(tx, ctx, "tribute", picked)
            given = picked
        done = effect_normal_summon(tx, player, source, cards, given, position)
        if position is None and cards and tx.board.cards[cards[0].id].zone == "monsters":
            unsaid_position(tx, ctx, [tx.board.cards[cards[0].id]])
        return done

    ctx.afterwards.append(later)
    return Phrase("done.normal_summon_after")


def hand_holds_normal_summon(tx: Tx, player: str) -> bool:
    """Does `player` hold a monster in hand it could Normal Summon or Set now, with the Tributes it
    needs among the monsters it controls? (An effect whose only act is such a Summon, Ultimate
    Offering's, cannot be activated otherwise: it would do nothing.)"""
    return any(_normal_summonable(tx, c) and _first_tributes(tx, player, c, []) is not None
               for c in tx.board.in_zone("hand", player))  # fmt: skip


def _normal_summonable(tx: Tx, card: CardState) -> bool:
    """Could this card in the hand be Normal Summoned at all (by its kind, not the board)?"""
    defn = tx.board.define(card.id)
    ritual = "ritual" in defn.subtypes
    return defn.is_monster and defn.normal_summonable and not defn.is_extra_deck and not ritual


def _first_tributes(tx: Tx, player: str, card: CardState, given: list[CardState]) -> list[CardState] | None:
    """The Tributes a Normal Summon of `card` takes where the judge named none: the first
    monsters `player` controls that may be Tributed for it, as many as it needs (none for a
    Level 4 or lower); the ones given, if any; None if there are not enough."""
    from engine.rules.continuous import matches
    from engine.rules.summons import NO_TRIBUTE_SUMMON

    needed = tx.board.define(card.id).tributes_needed()
    if given or not needed:
        return given
    kind = tx.board.define(card.id).tribute_with
    able = [c for c in tx.board.monsters(player) if NO_TRIBUTE_SUMMON not in c.marks
            and (kind is None or matches(tx.board, c, kind, player))]  # fmt: skip
    return able[:needed] if len(able) >= needed else None


@OPERATIONS.register(
    "summon_listed_lv", "Special Summons the LV monster named by the monster paid as the cost"
)
def _summon_listed_lv(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Level Up!: Special Summon the "LV" monster named by the monster sent as the cost, from the
    hand or Deck, ignoring its Summoning conditions."""
    from engine.refs import resolve_ref
    from engine.state import Summon

    sent = [resolve_ref(tx.board, str(r)) for key, value in ctx.link.cost if key == "send_to_gy"
            for r in (value if isinstance(value, list) else [value])]  # fmt: skip
    names = [tx.board.define(c.id).level_up_to for c in sent]
    listed = next((n for n in names if n), None)
    if listed is None:
        return Phrase("done.summon_listed_lv.no_lv_monster_named")
    fitting = [c for c in tx.board.in_zones(("hand", "deck")) if c.owner == ctx.player
               and c.name.lower() == listed.lower()]  # fmt: skip
    chosen = [c for c in ctx.chosen(tx, "summon") or [] if c.id in {f.id for f in fitting}]
    card = (chosen or fitting or [None])[0]
    slot = tx.board.free_slot("monsters", ctx.player)
    if card is not None and summon_forbidden(tx, ctx, ctx.player):
        return Phrase("done.special_summon", made=Phrase("word.nothing"))
    if card is None or slot is None:
        why = (Phrase("nothing_summoned.no_card", name=listed, player=Player(ctx.player)) if card is None
               else Phrase("nothing_summoned.no_zone"))  # fmt: skip
        return Phrase("done.summon_listed_lv.nothing_summoned", why=why)
    if not chosen and len(fitting) > 1:
        first_legal(tx, ctx, "summon", [card])
    said = summon_position(ctx, step)
    tx.move(card.id, "monsters", event="summoned", cause=ctx.link.card, chain_link=ctx.link.link,
            slot=slot, position=said or "attack", controller=ctx.player)  # fmt: skip
    tx.update_card(card.id, summoned_this_turn=True, summon_type="special")
    ctx.acted[:] = [tx.board.cards[card.id]]
    if said is None:
        unsaid_position(tx, ctx, ctx.acted)
    tx.update(last_summon=Summon(cards=(card.id,), kind="special", player=ctx.player,  # type: ignore[arg-type]
                                 seq=tx.game.seq, by=ctx.link.card))  # fmt: skip
    tx.say(
        "summon.ignoring_conditions",
        card=Card.of(card),
        zone=Phrase("from.hand" if card.zone == "hand" else "from.deck"),
        source=CardId(ctx.link.card),
        cards=(card.id,),
    )  # fmt: skip
    return Phrase("done.summon_listed_lv.special_summons_ignoring_summoning", card=CardId(card.id))


@OPERATIONS.register("fusion_summon_either_field", "Fusion Summons using monsters from either field")
def _fusion_either_field(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Fusion Summon using monsters from either field (Super Polymerization), checked against
    the Fusion Monster's material line (`choices: {summon: ..., materials: [...]}`)."""
    from engine.rules.procedures import fusion_from_either_field
    from engine.state import Summon

    if summon_forbidden(tx, ctx, ctx.player):
        return Phrase("done.fusion_summon_either_field.no_fusion_summon")
    monsters, materials = ctx.chosen(tx, "summon") or [], ctx.chosen(tx, "materials") or []
    if not monsters or not materials:  # unsaid: the first legal Fusion Summon, if there is one
        from engine.rules.procedures import first_legal_summon

        candidates = monsters or [c for c in tx.board.in_zone("extra_deck", ctx.player)
                                  if "fusion" in tx.board.define(c.id).subtypes]  # fmt: skip
        found = first_legal_summon(tx, ctx.player, "fusion", candidates, materials, tx.board.monsters(),
                                   either_field=True)  # fmt: skip
        if found is None:
            _no_legal_summon(tx, ctx, "fusion")
        else:
            if not monsters:
                first_legal(tx, ctx, "summon", [found[0]])
            if not materials:
                first_legal(tx, ctx, "materials", found[1])
            monsters, materials = [found[0]], found[1]
    said = summon_position(ctx, step)
    made = fusion_from_either_field(tx, ctx.player, ctx.link.card, monsters, materials, said)
    ctx.acted[:] = [tx.board.cards[c] for c in made]
    if not made:
        return Phrase("done.fusion_summon_either_field.no_fusion_summon")
    if said is None:
        unsaid_position(tx, ctx, ctx.acted)
    tx.update(last_summon=Summon(cards=tuple(made), kind="special", player=ctx.player,  # type: ignore[arg-type]
                                 seq=tx.game.seq, by=ctx.link.card))  # fmt: skip
    used = tx.board.cards[made[0]].summoned_with
    return Phrase(
        "done.fusion_summon_either_field.fusion_summons_using_from",
        made=made[0],
        used=list(used),
    )


@OPERATIONS.register(
    "normal_summon_gemini",
    "Normal Summons or Sets a Gemini monster from the hand, besides the usual Normal Summon",
)
def _normal_summon_gemini(tx: Tx, ctx: Context, step: Step) -> str | Phrase:
    """Gemini Summoner: Normal Summon or Set 1 Gemini monster from the hand (with its usual
    Tributes), or Normal Summon a face-up Gemini monster on the field again (a Gemini Summon), as
    this effect resolves: in addition to the turn's Normal Summon, which it neither needs nor uses.
    `choices: {summon: <monster>, tribute: [...], position: set}`; unsaid, the first that fits.
    A summon made while an effect resolves cannot be negated (it is not an attempt)."""
    from engine.errors import Illegal
    from engine.rules import summons
    from engine.rules.common import gemini_summonable
    from engine.state import Summon

    board, player = tx.board, ctx.player
    fitting = gemini_summonable(board, player)
    chosen = [c for c in ctx.chosen(tx, "summon") or [] if c.id in {f.id for f in fitting}]
    if not chosen and fitting:
        chosen = fitting[:1]
        if len(fitting) > 1:
            first_legal(tx, ctx, "summon", chosen)
    if not chosen:
        return Phrase("done.normal_summon_gemini.has_no_gemini_monster", player=Player(player))
    card = chosen[0]
    if (card.zone == "monsters" or summon_position(ctx, None) != "set") and summon_forbidden(tx, ctx, player):
        return Phrase("done.summon_by_procedure.not_summoned", method=Zone(NORMAL))
    if card.zone == "monsters":
        tx.update_card(card.id, gemini=True, summoned_this_turn=True, summon_type="normal")
        tx.emit("summoned", card=card.id, player=player, cause=ctx.link.card, chain_link=ctx.link.link,
                gemini=True, **{"from": "monsters", "to": "monsters"})  # fmt: skip
        tx.say(
            "summon.gemini",
            reason=Phrase(
                "gemini.effect_normal_summons_already",
                card2=Card.of(card),
                card=CardId(ctx.link.card),
                player=Player(player),
            ),
            cards=(card.id,),
        )  # fmt: skip
    else:
        said = summon_position(ctx, None)
        setting = said == "set"
        tributes = [c.id for c in ctx.chosen(tx, "tribute") or []]
        if not tributes and (picked := _first_tributes(tx, player, card, [])):
            first_legal(tx, ctx, "tribute", picked)
            tributes = [c.id for c in picked]
        defn = tx.board.define(card.id)
        try:
            if setting and not defn.settable:
                raise Illegal(
                    "summon.not_settable",
                    reason=Phrase("not_settable.cannot_normal_set", card=Card.of(card)),
                )
            needed = summons.tributes_needed_for(tx, player, card.id, tributes)[0]
            ids = summons._tribute(tx, player, tributes, needed, card.id)
            slot = summons._free_main_zone(tx, player, None, ids)
            summons._pay_tributes(tx, ids, card.id)
        except Illegal as err:
            tx.explanations.append(err.explanation)
            return Phrase("no_normal_summon_because", why=err.explanation)
        kind = "tribute" if ids else "normal"
        tx.move(card.id, "monsters", event="set" if setting else "summoned", cause=ctx.link.card,
                chain_link=ctx.link.link, slot=slot, position="set" if setting else "attack")  # fmt: skip
        tx.update_card(card.id, summoned_this_turn=not setting, set_this_turn=True,
                       summon_type=None if setting else kind)  # fmt: skip
        if setting:
            ctx.acted[:] = [tx.board.cards[card.id]]
            return Phrase("done.normal_summon_gemini.sets_2", player=Player(player), card=CardId(card.id))
        if said is None:
            unsaid_position(tx, ctx, [tx.board.cards[card.id]])
    ctx.acted[:] = [tx.board.cards[card.id]]
    tx.update(last_summon=Summon(cards=(card.id,), kind="normal", player=player,  # type: ignore[arg-type]
                                 seq=tx.game.seq))  # fmt: skip
    return Phrase("done.normal_summon_gemini.normal_summons", player=Player(player), card=CardId(card.id))


OPERATIONS.add(
    "ritual_summon",
    _materials_then_summon("ritual"),
    "Ritual Summons a monster, Tributing its materials",
)
OPERATIONS.add(
    "fusion_summon",
    _materials_then_summon("fusion"),
    "Fusion Summons a monster, sending its materials to the GY",
)
OPERATIONS.add(
    "fusion_summon_banishing",
    _materials_then_summon("fusion", field_or_gy=True),
    "Fusion Summons a monster, banishing its materials from its player's field or GY",
)
OPERATIONS.add(
    "synchro_summon_after",
    _summon_after("synchro"),
    "Synchro Summons immediately after this effect resolves",
)
OPERATIONS.add(
    "link_summon_after",
    _summon_after("link"),
    "Link Summons immediately after this effect resolves",
)
