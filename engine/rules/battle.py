"""The Battle Phase: declaring attacks, replays, the Damage Step and damage calculation.

Source: Official Rulebook v10, "Battle Phase", "Replay Rules during the Battle Step",
"Monster Battle Rules" (Damage Step rules, determining damage). Battle destruction is
determined at damage calculation and carried out at the end of the Damage Step
(Yugipedia, "Destroyed by battle").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.errors import Illegal
from engine.explain import WINDOW_NAMES, Card, CardId, Explanation, Phase, Phrase, Player, explain
from engine.refs import resolve_ref
from engine.rules import abilities, continuous
from engine.rules.common import own_card, require_turn_player
from engine.state import DAMAGE_WINDOWS, Battle, Board, CardState, evolve, opponent

if TYPE_CHECKING:
    from engine.document import ActionEntry
    from engine.tx import Tx

DAMAGE_WINDOW_NAMES = {k: v for k, v in WINDOW_NAMES.items() if k != "battle_step"}


def current_atk(tx: Tx, card: CardState) -> int:
    return continuous.atk(tx.board, card)


def current_def(tx: Tx, card: CardState) -> int:
    return continuous.def_(tx.board, card)


def _attack_restrictions(tx: Tx, player: str, attacker: CardState,
                         action: ActionEntry | None = None) -> None:  # fmt: skip
    """Continuous effects that stop or tax an attack (Messenger of Peace, Armor Exe, Dark Elf)."""
    board = tx.board
    forbidding = [
        s
        for s, e in continuous.in_force(board, "forbid_attacks")
        if continuous.affects(board, s, e, attacker)
    ]
    stopping = [s for s in forbidding if not continuous.unaffected(board, attacker, s.id)]
    if board.define(attacker.id).level is None:
        # "Level N or higher/lower" does not fit a monster with a Rank or Link Rating and no Level:
        # say why such a forbidding card lets it attack (yugioh-wiki.net, Gravity Bind)
        for source, effect in continuous.in_force(board, "forbid_attacks"):
            sel = effect.affects
            by_level = (
                getattr(sel, "min_level", None) is not None or getattr(sel, "max_level", None) is not None
            )
            if by_level and source not in forbidding:
                tx.say(
                    "rule.no_level",
                    c=Card.of(attacker),
                    source=Card.of(source),
                    cards=(attacker.id, source.id),
                )
    for shield in (s for s in forbidding if s not in stopping):
        # a monster unaffected by that card's effects attacks anyway (Elemental HERO Wildheart and
        # Gravity Bind: yugioh-wiki.net, Gravity Bind)
        tx.say("rule.unaffected", c=Card.of(attacker), card=CardId(shield.id), cards=(attacker.id,))
    if stopping:
        source = stopping[0]
        raise Illegal(
            "battle.attacks_forbidden",
            reason=Phrase(
                "attacks_forbidden.face_up_atk_cannot",
                attacker=Card.of(attacker),
                source=Card.of(source),
                atk=current_atk(tx, attacker),
            ),
        )  # fmt: skip
    from engine.rules.lasting import applying

    if (lock := applying(board, "cannot_attack", card=attacker.id)) is not None:
        raise Illegal(
            "battle.attacks_forbidden",
            reason=Phrase(
                "attacks_forbidden.cannot_attack_turn_effect",
                attacker=Card.of(attacker),
                source=Card.of(board.cards[lock.source]),
            ),
            cards=(attacker.id, lock.source),
        )  # fmt: skip
    from engine.rules.restrictions import cannot_attack

    if cannot_attack(board, attacker):  # "cannot attack the turn you activate this effect"
        raise Illegal(
            "battle.attacks_forbidden",
            reason=Phrase("attacks_forbidden.cannot_declare_attack_turn", attacker=Card.of(attacker)),
        )  # fmt: skip
    kind = "normal" if attacker.summon_type == "tribute" else attacker.summon_type
    special = kind not in (None, "normal", "flip")  # Link, Xyz, Fusion... are Special Summons too
    barriers = [source for source, effect in continuous.in_force(board, "no_attack_turn_summoned")
                if continuous.affects(board, source, effect, attacker) and (
                    not effect.summon_kinds or kind in effect.summon_kinds
                    or (special and "special" in effect.summon_kinds))]  # fmt: skip
    if attacker.summoned_this_turn:
        # a monster unaffected by that card's effects attacks anyway (Silent Swordsman LV5 and the
        # opponent's Vengeful Bog Spirit: yugioh-wiki.net, Vengeful Bog Spirit)
        for shield in (s for s in barriers if continuous.unaffected(board, attacker, s.id)):
            tx.say("rule.unaffected", c=Card.of(attacker), card=CardId(shield.id), cards=(attacker.id,))
    barrier = next((s for s in barriers if not continuous.unaffected(board, attacker, s.id)), None)
    if attacker.summoned_this_turn and barrier is not None:
        whose = (Phrase("barrier.own_effect") if barrier.id == attacker.id
                 else Phrase("barrier.face_up", barrier=Card.of(barrier)))  # fmt: skip
        raise Illegal(
            "battle.attacks_forbidden",
            reason=Phrase(
                "attacks_forbidden.cannot_attack_turn_summoned",
                attacker=Card.of(attacker),
                whose=whose,
            ),
            cards=(attacker.id, barrier.id),
        )  # fmt: skip
    if tx.game.replay_attacker == attacker.id:
        return  # choosing a target again after a replay declares no new attack: nothing more to pay
    costs = [(source, effect) for source, effect in continuous.in_force(board, "attack_cost")
             if continuous.affects(board, source, effect, attacker)]  # fmt: skip
    # every LP cost is one payment of the attack declaration: two Tolls ask 1000 LP, all or nothing
    # (Netrep rulings on Toll: two Tolls cost 1000 LP per attack; a player who cannot pay cannot
    # declare the attack)
    total = sum(int(effect.cost.get("pay_lp", 0)) for _source, effect in costs)
    if board.player(player).lp < total:
        raise Illegal(
            "activate.cost_missing",
            reason=Phrase(
                "cost_missing.needs_lp_paid_declare",
                attacker=Card.of(attacker),
                due=total,
                player=Player(player),
                lp=board.player(player).lp,
            ),
        )  # fmt: skip
    for source, effect in costs:
        if "tribute" in effect.cost:  # "cannot declare an attack unless you Tribute 1 monster"
            _tribute_to_attack(tx, player, attacker, int(effect.cost["tribute"]), action)
            continue
        due = int(effect.cost.get("pay_lp", 0))
        tx.change_lp(player, -due, event="lp_paid", cause=f"attack cost of {attacker.id}")
        # the attacker's own cost (a Toon's) is part of its effect; another card's (Toll) is that card's
        own = source.id == attacker.id
        reason = (Phrase("attack_cost_paid.pays_lp_for_declare", attacker=Card.of(attacker),
                         player=Player(player), due=due) if own
                  else Phrase("attack_cost_paid.pays_lp_for_card", attacker=Card.of(attacker),
                              player=Player(player), due=due, source=Card.of(source)))  # fmt: skip
        tx.say("cost.attack_cost_paid", reason=reason)


def _tribute_to_attack(tx: Tx, player: str, attacker: CardState, count: int,
                       action: ActionEntry | None) -> None:  # fmt: skip
    """An attack that costs Tributes (Panther Warrior): the attack action names them
    (`cost: {tribute: [ref]}`), monsters its controller controls other than the attacker."""
    refs = (action.cost.get("tribute") if action is not None else None) or []
    refs = refs if isinstance(refs, list) else [refs]
    if (mask := continuous.first(tx.board, "forbid_tributes")) is not None:
        raise Illegal(
            "rule.tributes_forbidden",
            reason=Phrase(
                "tributes_forbidden.face_up_no_monster_3",
                attacker=Card.of(attacker),
                mask=Card.of(mask),
            ),
        )  # fmt: skip
    cards = [resolve_ref(tx.board, str(r)) for r in refs]
    wrong = [c.id for c in cards if c.zone != "monsters" or c.controller != player or c.id == attacker.id]
    if len(cards) != count or wrong:
        why = (Phrase("tribute_cost.cannot_be_tributed", wrong=[CardId(i) for i in wrong]) if wrong
               else Phrase("tribute_cost.given", given=len(cards)))  # fmt: skip
        raise Illegal(
            "activate.cost_missing",
            reason=Phrase(
                "cost_missing.can_declare_attack_only",
                attacker=Card.of(attacker),
                player=Player(player),
                count=count,
                why=why,
            ),
            cards=(attacker.id,),
        )  # fmt: skip
    for c in cards:
        tx.move(c.id, "graveyard", event="tributed", cause=f"attack cost of {attacker.id}")
    tx.say(
        "cost.attack_cost_paid",
        reason=Phrase(
            "attack_cost_paid.tributes_for_declare_attack",
            player=Player(player),
            cards_=[CardId(c.id) for c in cards],
            attacker=Card.of(attacker),
        ),
        cards=(attacker.id, *[c.id for c in cards]),
    )  # fmt: skip


def attack(tx: Tx, action: ActionEntry) -> str | Phrase:
    require_turn_player(tx, action, "declare an attack")
    board = tx.board
    if board.turn == 1:
        raise Illegal("battle.no_battle_first_turn")  # fmt: skip
    if board.phase != "battle" or board.step not in ("start", "battle"):
        over = board.phase in ("main2", "end") or (board.phase == "battle" and board.step == "end")
        raise Illegal(
            "battle.not_battle_phase",
            reason=Phrase("not_battle_phase.battle_phase_over", phase=Phase(board.phase))
            if over else Phrase("not_battle_phase.attacks_are_declared_battle"),
        )  # fmt: skip
    if tx.game.chain:
        raise Illegal("action.chain_open", reason=Phrase("chain_open.attack_cannot_declared_while"))
    player = action.player or ""
    if tx.board.player(player).cannot_attack:
        raise Illegal(
            "battle.attacks_forbidden",
            reason=Phrase("attacks_forbidden.card_effect_stops_from", player=Player(player)),
        )
    attacker = own_card(tx, action.attacker or "", player, "monsters", "attacker")
    if attacker.position != "attack":
        raise Illegal("battle.not_attack_position", attacker=Card.of(attacker))  # fmt: skip
    if attacker.attacks_this_turn and tx.game.replay_attacker != attacker.id:
        raise Illegal("battle.already_attacked", attacker=Card.of(attacker))  # fmt: skip
    _attack_restrictions(tx, player, attacker, action)
    foe = opponent(player)
    defenders = tx.board.monsters(foe)
    toon_direct, toon_problem = abilities.toon_attack(
        tx.board, attacker, None if action.target == "direct" else resolve_ref(tx.board, action.target or "")
    )
    if toon_problem is not None:
        raise Illegal("toon.must_attack_toon", reason=toon_problem, cards=(attacker.id,))
    if action.target == "direct" and defenders and toon_direct:
        tx.say("toon.direct_attack", attacker=Card.of(attacker), foe=Player(foe))  # fmt: skip
    if action.target == "direct":
        if defenders and not toon_direct and (by := abilities.toon_attack_negated(tx.board, attacker)):
            raise Illegal(
                "toon.direct_attack_negated",
                attacker=Card.of(attacker),
                foe=Player(foe),
                names=[CardId(c.id) for c in defenders],
                by=Card.of(by),
                cards=(attacker.id, by.id),
            )  # fmt: skip
        if defenders and not toon_direct:
            raise Illegal(
                "battle.direct_blocked",
                attacker=Card.of(attacker),
                foe=Player(foe),
                names=[CardId(c.id) for c in defenders],
                cards=(attacker.id,),
            )  # fmt: skip
        target = None
    else:
        target = resolve_ref(tx.board, action.target or "")
        if target.zone != "monsters" or target.controller != foe:
            raise Illegal("battle.bad_target", target=CardId(target.id), foe=Player(foe))  # fmt: skip
        if (guard := continuous.first(tx.board, "cannot_be_attacked", target)) is not None:
            whose = (
                Phrase(
                    "guard.own",
                )
                if guard.id == target.id
                else Phrase("guard.other", guard=Card.of(guard))
            )
            raise Illegal(
                "battle.cannot_be_attacked",
                target=Card.of(target),
                whose=whose,
                cards=(target.id, guard.id),
            )  # fmt: skip
    _in_a_row(tx, attacker)
    if board.step == "start":
        tx.set_board(tx.board.with_turn(step="battle"))  # the board as the attack cost left it
        tx.emit("phase", phase="battle", step="battle", player=board.turn_player)
    replayed = tx.game.replay_attacker == attacker.id
    tx.update_card(attacker.id, attacks_this_turn=attacker.attacks_this_turn + (0 if replayed else 1))
    tx.update(
        battle=Battle(attacker.id, target.id if target else None,
                      frozenset(c.id for c in defenders), declined=_declined(tx, action),
                      declaration=not replayed),
        replay_attacker=None, priority=foe,
    )  # fmt: skip
    # after a replay, the same monster choosing a new target is not a new attack declaration
    tx.emit("attack_declared", card=attacker.id, player=player,
            target=target.id if target else "direct", retarget=replayed or None)  # fmt: skip
    tx.finish()
    if replayed:
        tx.say("battle.replay_not_a_declaration", attacker=Card.of(attacker), cards=(attacker.id,))
    if target is None:
        why = Phrase("direct.toon") if defenders else Phrase("direct.no_monsters", foe=Player(foe))
        tx.say("battle.direct_attack", attacker=Card.of(attacker), foe=Player(foe), why=why)
        return Phrase("summary.direct_attack", attacker=Card.of(attacker))
    if target.position == "set":
        shown = Phrase("attacked.face_down", foe=Player(foe), slot=target.slot)
    else:
        shown = Phrase("attacked.face_up", target=Card.of(target))
    tx.say(
        "battle.replay_target" if replayed else "battle.attack_declared",  # a replay's: no declaration
        attacker=Card.of(attacker),
        shown=shown,
        foe=Player(foe),
        cards=(attacker.id, target.id),
    )  # fmt: skip
    return Phrase("summary.attack", attacker=Card.of(attacker), target=Card.of(target))


SECOND_ATTACK = "second_attack_in_a_row"  # a mark: this monster may attack again, as its next attack


def _in_a_row(tx: Tx, attacker: CardState) -> None:
    """A monster allowed "a second attack in a row" (Black Luster Soldier - Envoy of the Beginning)
    must make it as the very next attack declared: once another monster declares an attack first,
    that second attack is lost (the card's rulings: the two attacks come one right after the other)."""
    for card in tx.board.monsters(attacker.controller):
        if SECOND_ATTACK not in card.marks:
            continue
        rest = tuple(m for m in card.marks if m != SECOND_ATTACK)
        if card.id == attacker.id:
            tx.update_card(card.id, marks=rest)
            continue
        tx.update_card(card.id, marks=rest, attacks_this_turn=card.attacks_this_turn + 1)
        tx.say("attack.second_in_a_row_lost", card=Card.of(card), attacker=Card.of(attacker))  # fmt: skip


def replay_check(tx: Tx) -> bool:
    """Before the Damage Step: did the attack stop, or did the defenders change (a replay)?"""
    battle = tx.game.battle
    if battle is None:
        return False
    board = tx.board
    attacker = board.cards.get(battle.attacker)
    player = board.turn_player
    if attacker is None or attacker.zone != "monsters" or attacker.controller != player or (
        attacker.position != "attack"
    ):  # fmt: skip
        tx.update(battle=None)
        tx.emit("battle", result="attack_stopped", card=battle.attacker)
        tx.say(
            "battle.ended",
            reason=Phrase("ended.no_longer_face_up", attacker=CardId(battle.attacker)),
            cards=(battle.attacker,),
        )  # fmt: skip
        return True
    defenders = frozenset(c.id for c in board.monsters(opponent(player)))
    target_gone = battle.target is not None and battle.target not in defenders
    if defenders != battle.defenders_at_declaration or target_gone:
        tx.update(battle=None, replay_attacker=battle.attacker)
        tx.emit("replay", card=battle.attacker, player=player)
        why = (Phrase("replay.target_left", target=CardId(battle.target)) if target_gone
               else Phrase("replay.monsters_changed", foe=Player(opponent(player))))  # fmt: skip
        tx.say("battle.replay", why=why, attacker=Card.of(attacker), cards=(battle.attacker,))  # fmt: skip
        return True
    return False


def next_window(tx: Tx) -> None:
    """Close the current battle window and open the next one, doing what happens there."""
    battle = tx.game.battle
    assert battle is not None
    if battle.window == "battle_step":
        if replay_check(tx):
            return
        _enter(tx, battle, "damage_step_start")
        tx.set_board(tx.board.with_turn(step="damage"))
        return
    index = DAMAGE_WINDOWS.index(battle.window)
    if index + 1 == len(DAMAGE_WINDOWS):
        _end_of_battle(tx)
        return
    window = DAMAGE_WINDOWS[index + 1]
    if battle.window == "damage_calculation":
        # damage is calculated as its window closes: after the effects activated "during damage
        # calculation" (Kuriboh) have resolved
        _damage_calculation(tx)
        _calculation_over(tx)
        battle = tx.game.battle
        if battle is None:
            return
    _enter(tx, battle, window)
    if window == "before_damage_calculation":
        _flip_target(tx)
    elif window == "damage_step_end":
        _destroy_doomed(tx)


def _calculation_over(tx: Tx) -> None:
    """What applied "during damage calculation only" ends with it (Kazejin's ATK 0)."""
    for card in tx.board.in_zone("monsters"):
        if continuous.ZEROED_IN_CALCULATION in card.marks:
            kept = tuple(m for m in card.marks if m != continuous.ZEROED_IN_CALCULATION)
            tx.update_card(card.id, marks=kept)


def finish_battle(tx: Tx, until: str | None = None) -> None:
    """Both players pass through every remaining window of the attack (or up to `until`)."""
    while tx.game.battle is not None and tx.game.result is None:
        if until is not None and tx.game.battle.window == until:
            return
        next_window(tx)


def _enter(tx: Tx, battle: Battle, window: str) -> None:
    tx.update(battle=evolve(battle, window=window), priority=tx.board.turn_player)
    tx.emit("phase", phase="battle", step="damage", window=window, player=tx.board.turn_player)
    tx.say("battle.damage_step_window", window=Phrase("damage_step_window." + window))


def _flip_target(tx: Tx) -> None:
    battle = tx.game.battle
    if battle is None or battle.target is None:
        return
    target = tx.card(battle.target)
    if target.position == "set":
        tx.update_card(target.id, position="defense")
        tx.emit("flipped", card=target.id, player=target.controller, cause="attacked")
        tx.finish()
        tx.say("battle.flipped_face_up", target=Card.of(target))  # fmt: skip


def _damage_calculation(tx: Tx) -> None:
    battle = tx.game.battle
    assert battle is not None
    attacker = tx.card(battle.attacker)
    atk = current_atk(tx, attacker)
    player = attacker.controller
    foe = opponent(player)
    notes: list[Explanation] = []  # what a shield this turn changed (Waboku), said last
    if battle.target is None:
        tx.emit("battle", card=attacker.id, target="direct", atk=atk)
        taken = _battle_damage(tx, foe, atk, attacker.id, notes) if atk > 0 else 0
        tx.finish()
        tx.say(
            "battle.direct_damage",
            attacker=Card.of(attacker),
            atk=atk,
            foe=Player(foe),
            taken=_takes(taken),
        )  # fmt: skip
        tx.explanations += notes
        return
    target = tx.card(battle.target)
    doomed: list[str] = []
    params: dict[str, Any] = {"attacker": Card.of(attacker), "atk": atk, "target": Card.of(target)}
    if target.position == "attack":
        t_atk = current_atk(tx, target)
        tx.emit("battle", card=attacker.id, target=target.id, atk=atk, target_atk=t_atk)
        params["target_atk"] = t_atk
        if atk == t_atk == 0:
            code = "battle.atk_vs_atk_zero"
        elif atk == t_atk:
            doomed = [attacker.id, target.id]
            code = "battle.atk_vs_atk_equal"
        else:
            winner, loser = (attacker, target) if atk > t_atk else (target, attacker)
            diff = abs(atk - t_atk)
            doomed = [loser.id]
            taken = _battle_damage(tx, loser.controller, diff, winner.id, notes)
            code = "battle.atk_vs_atk_higher" if atk > t_atk else "battle.atk_vs_atk_lower"
            params |= {"loser": Card.of(loser), "loser_controller": Player(loser.controller),
                       "taken": _takes(taken)}  # fmt: skip
    else:
        t_def = current_def(tx, target)
        tx.emit("battle", card=attacker.id, target=target.id, atk=atk, target_def=t_def)
        params["target_def"] = t_def
        if atk > t_def and (piercer := continuous.first(tx.board, "piercing", attacker)) is not None:
            doomed = [target.id]
            taken = _battle_damage(tx, foe, atk - t_def, attacker.id, notes)
            code = "battle.piercing_damage"
            params |= {"piercer": Card.of(piercer), "difference": atk - t_def, "foe": Player(foe),
                       "taken": _takes(taken)}  # fmt: skip
        elif atk > t_def and (negator := _piercing_negated(tx.board, attacker)) is not None:
            doomed = [target.id]  # its own piercing effect is there, but negated (Skill Drain)
            code = "battle.piercing_negated"
            params |= {"negator": Card.of(negator), "foe": Player(foe)}
        elif atk > t_def:
            doomed = [target.id]
            code = "battle.atk_vs_def_higher"
        elif atk == t_def:
            code = "battle.atk_vs_def_equal"
        else:
            diff = t_def - atk
            taken = _battle_damage(tx, player, diff, target.id, notes)
            code = "battle.atk_vs_def_lower"
            params |= {"player": Player(player), "taken": _takes(taken)}
    for card_id in list(doomed):
        owner = tx.card(card_id).controller
        shield = _shield(tx, "no_battle_destruction", owner)
        if shield is not None and continuous.unaffected(tx.board, tx.card(card_id), shield):
            # Waboku's "your monsters" does not reach a monster unaffected by it (Card Rulings:Waboku)
            notes.append(explain("rule.unaffected", c=Card.of(tx.card(card_id)), card=CardId(shield),
                                 cards=(card_id,)))  # fmt: skip
        elif shield is not None:
            doomed.remove(card_id)
            notes.append(explain("battle.not_destroyed_by_battle", shield=CardId(shield), owner=Player(owner),
                                 card=CardId(card_id), cards=(card_id,)))  # fmt: skip
        elif abilities.survives_battle_once(tx, tx.card(card_id)):  # Gemini Summoner
            doomed.remove(card_id)
            notes.append(explain("battle.not_destroyed_once", card=CardId(card_id)))
    tx.update(battle=evolve(tx.game.battle, doomed=tuple(doomed)))  # type: ignore[arg-type]
    tx.finish()
    tx.say(code, cards=(attacker.id, target.id), **params)
    tx.explanations += notes
    abilities.negate_battle_destroyed(tx, tuple(doomed))  # Terrorking Archfiend


def _shield(tx: Tx, kind: str, player: str) -> str | None:
    """The card whose effect applied this turn shields `player` this way (Waboku), if any."""
    from engine.rules.lasting import applying

    item = applying(tx.board, kind, player)
    return item.source if item is not None else None


def _takes(taken: int) -> Phrase:
    """What the battle did to a player's LP, as it was done: a shield (Waboku, Kuriboh, Dark
    Ruler No More) or a halving changed it, and the note or the lasting effect says why."""
    return Phrase("battle_damage.taken", amount=taken) if taken else Phrase("battle_damage.none_taken")


def _battle_damage(tx: Tx, player: str, amount: int, source: str,
                   notes: list[Explanation]) -> int:  # fmt: skip
    """Battle damage to `player`, unless a card says they take none (this turn: Waboku; from
    this battle: Kuriboh); doubled when the monster inflicting it says so and battles an
    opponent's monster (Odd-Eyes). Returns the damage actually taken."""
    battle, src = tx.game.battle, tx.board.cards.get(source)
    if battle is not None and battle.target is not None and src is not None and (
        src.controller != player and continuous.first(tx.board, "double_battle_damage", src)
    ):  # fmt: skip
        notes.append(explain("battle.damage_doubled", card=Card.of(src), amount=amount, doubled=amount * 2))
        amount *= 2
    if (shield := _shield(tx, "no_battle_damage", player)) is not None:
        notes.append(explain(
            "battle.no_battle_damage",
            reason=Phrase(
                "no_battle_damage.this_turn",
                shield=CardId(shield),
                player=Player(player),
                amount=amount,
            ),
        ))  # fmt: skip
        return 0
    if battle is not None and (guard := next((c for p, c in battle.no_damage if p == player), None)):
        notes.append(explain(
            "battle.no_battle_damage",
            reason=Phrase(
                "no_battle_damage.this_battle",
                guard=Card.of(tx.card(guard)),
                player=Player(player),
                amount=amount,
            ),
        ))  # fmt: skip
        return 0
    if (odd := _reduced_to_zero(tx, player)) is not None:
        notes.append(
            explain(
                "battle.damage_reduced_to_zero",
                card=Card.of(odd),
                player=Player(player),
                amount=amount,
            )
        )
        return 0
    taken = -tx.change_lp(player, -amount, event="damage", cause=f"battle: {source}")
    if taken > 0:
        _reflect(tx, player, taken, notes)
    return taken


def _declined(tx: Tx, action: ActionEntry) -> tuple[str, ...]:
    """The cards named in the attack's `choices: {decline: [...]}`: their controllers choose not
    to apply those cards' optional effects that apply without activation during this battle (by
    default such an effect is applied the first time it can be)."""
    refs = action.choices.get("decline", [])
    return tuple(resolve_ref(tx.board, ref).id for ref in (refs if isinstance(refs, list) else [refs]))


def _reduced_to_zero(tx: Tx, player: str) -> CardState | None:
    """Odd-Eyes Pendulum Dragon's Pendulum Effect: its controller can reduce the battle damage they
    take from an attack involving a Pendulum Monster they control to 0, once per turn; applied
    as the damage is inflicted, without a chain. Returns the card whose effect did it."""
    battle, board = tx.game.battle, tx.board
    if battle is None:
        return None
    fighters = [board.cards[c] for c in (battle.attacker, battle.target) if c and c in board.cards]
    if not any(f.controller == player and f.zone == "monsters" and "pendulum" in board.define(f.id).subtypes
               for f in fighters):  # fmt: skip
        return None
    from engine.rules.locks import once_key

    for source, effect in continuous.in_force(board, "pendulum_battle_damage_to_zero"):
        used = board.player(player).used_this_turn
        key = once_key(source, board.define(source.id), effect)
        if source.controller != player or (key is not None and key in used):
            continue
        if source.id in battle.declined:
            tx.say("battle.damage_reduction_declined", card=Card.of(source), player=Player(player))
            continue
        if key is not None:
            tx.set_board(board.with_player(player, used_this_turn=(*used, key)))
        return source
    return None


def _reflect(tx: Tx, player: str, taken: int, notes: list[Explanation]) -> None:
    """Relinquished: while a monster is equipped to it by its own effect, the battle damage its
    controller takes from a battle involving it is also inflicted to the opponent, as effect damage,
    at the same moment (its current text; Yugipedia, "Battle damage": effects that also inflict
    the battle damage you take to your opponent)."""
    battle, board = tx.game.battle, tx.board
    for fighter in (battle.attacker, battle.target) if battle else ():
        card = board.cards.get(fighter or "")
        if card is None or card.controller != player:
            continue
        if continuous.first(board, "reflect_battle_damage", card) is None or not any(
            c.equipped_to == card.id and board.define(c.id).is_monster for c in board.in_zone("spell_traps")
        ):  # fmt: skip
            continue
        foe = opponent(player)
        tx.change_lp(foe, -taken, event="damage", cause=card.id)
        notes.append(explain(
            "battle.damage_reflected",
            card=Card.of(card),
            amount=taken,
            player=Player(player),
            foe=Player(foe),
        ))  # fmt: skip
        return


def _destroy_doomed(tx: Tx) -> None:
    battle = tx.game.battle
    assert battle is not None
    gone = []
    board = tx.board
    for card_id in battle.doomed:
        card = tx.board.cards.get(card_id)
        if card is None or card.zone != "monsters":
            continue  # it left the field before the end of the Damage Step: not destroyed
        if abilities.destroyed_instead(tx, card, "battle") is not None:
            gone.append(card_id)  # a Union equipped to it went in its place; it stays
            continue
        other = board.cards.get(battle.target if card_id == battle.attacker else battle.attacker or "")
        tx.move(card_id, "graveyard", event="destroyed", cause="battle")
        abilities.stamp_battle_negated(tx, card)  # its effects stay negated in the GY (Terrorking)
        if other is not None:  # who destroyed it: "if this card destroys a monster by battle" (Horus LV6)
            tx.events[-1].update(by=other.id, attacker=battle.attacker)
        gone.append(card_id)
    if gone:
        tx.finish()


def _end_of_battle(tx: Tx) -> None:
    battle = tx.game.battle
    assert battle is not None
    tx.update(battle=None, priority=tx.board.turn_player)
    tx.set_board(tx.board.with_turn(step="battle"))
    tx.emit("phase", phase="battle", step="battle", player=tx.board.turn_player)
    tx.say(
        "battle.ended",
        reason=Phrase("ended.battle_over_back_battle", attacker=CardId(battle.attacker)),
        cards=(battle.attacker,),
    )  # fmt: skip


def _piercing_negated(board: Board, attacker: CardState) -> CardState | None:
    """The card negating the attacker's own piercing effect (Gravekeeper's Spear Soldier under Skill
    Drain: its piercing is a Continuous Effect, so negated it inflicts nothing), if that is why it
    does not pierce."""
    if not continuous.holder("piercing")(board.define(attacker.id)):
        return None
    return continuous.negated_by(board, attacker)
