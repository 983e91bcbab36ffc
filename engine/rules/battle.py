"""The Battle Phase: declaring attacks, replays, the Damage Step and damage calculation.

Source: Official Rulebook v10, "Battle Phase", "Replay Rules during the Battle Step",
"Monster Battle Rules" (Damage Step rules, determining damage). Battle destruction is
determined at damage calculation and carried out at the end of the Damage Step
(Yugipedia, "Destroyed by battle").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.errors import Illegal
from engine.refs import resolve_ref
from engine.rules import abilities, continuous
from engine.rules.common import own_card, require_turn_player
from engine.state import DAMAGE_WINDOWS, Battle, CardState, evolve, opponent

if TYPE_CHECKING:
    from engine.document import ActionEntry
    from engine.tx import Tx

WINDOW_NAMES = {
    "battle_step": "the Battle Step",
    "damage_step_start": "the start of the Damage Step",
    "before_damage_calculation": "the Damage Step, before damage calculation",
    "damage_calculation": "damage calculation",
    "after_damage_calculation": "the Damage Step, after damage calculation",
    "damage_step_end": "the end of the Damage Step",
}


DAMAGE_WINDOW_NAMES = {k: v for k, v in WINDOW_NAMES.items() if k != "battle_step"}


def current_atk(tx: Tx, card: CardState) -> int:
    return continuous.atk(tx.board, card)


def current_def(tx: Tx, card: CardState) -> int:
    return continuous.def_(tx.board, card)


def _attack_restrictions(tx: Tx, player: str, attacker: CardState,
                         action: ActionEntry | None = None) -> None:  # fmt: skip
    """Continuous effects that stop or tax an attack (Messenger of Peace, Armor Exe, Dark Elf)."""
    board = tx.board
    if (source := continuous.first(board, "forbid_attacks", attacker)) is not None:
        raise Illegal("battle.attacks_forbidden",
                      f"{source.name} is face-up: {attacker.name} ({current_atk(tx, attacker)} ATK) "
                      "cannot declare an attack.", attacker.id, source.id)  # fmt: skip
    from engine.rules.lasting import applying

    if (lock := applying(board, "cannot_attack", card=attacker.id)) is not None:
        raise Illegal("battle.attacks_forbidden", f"{attacker.name} cannot attack this turn "
                      f"({board.cards[lock.source].name}'s effect).", attacker.id, lock.source)  # fmt: skip
    from engine.rules.restrictions import cannot_attack

    if cannot_attack(board, attacker):  # "cannot attack the turn you activate this effect"
        raise Illegal("battle.attacks_forbidden", f"{attacker.name} cannot declare an attack this turn: "
                      "an effect of it that says so was activated this turn.", attacker.id)  # fmt: skip
    kind = "normal" if attacker.summon_type == "tribute" else attacker.summon_type
    special = kind not in (None, "normal", "flip")  # Link, Xyz, Fusion... are Special Summons too
    barrier = next((source for source, effect in continuous.in_force(board, "no_attack_turn_summoned")
                    if continuous.affects(board, source, effect, attacker) and (
                        not effect.summon_kinds or kind in effect.summon_kinds
                        or (special and "special" in effect.summon_kinds))), None)  # fmt: skip
    if attacker.summoned_this_turn and barrier is not None:
        whose = ("its own effect, which is not negated" if barrier.id == attacker.id
                 else f"{barrier.name} is face-up")  # fmt: skip
        raise Illegal("battle.attacks_forbidden",
                      f"{attacker.name} cannot attack the turn it is summoned ({whose}).",
                      attacker.id, barrier.id)  # fmt: skip
    for source, effect in continuous.in_force(board, "attack_cost"):
        if not continuous.affects(board, source, effect, attacker):
            continue
        if "tribute" in effect.cost:  # "cannot declare an attack unless you Tribute 1 monster"
            _tribute_to_attack(tx, player, attacker, int(effect.cost["tribute"]), action)
            continue
        due = int(effect.cost.get("pay_lp", 0))
        if board.player(player).lp < due:
            raise Illegal("activate.cost_missing",
                          f"{attacker.name} needs {due} LP paid to declare an attack; {player} has "
                          f"{board.player(player).lp}.", attacker.id)  # fmt: skip
        tx.change_lp(player, -due, event="lp_paid", cause=f"attack cost of {attacker.id}")
        tx.say("cost.attack_cost_paid", f"{player} pays {due} LP for {attacker.name} to declare an "
               "attack; this cost is part of its effect, so it is waived while that effect is negated.",
               attacker.id)  # fmt: skip


def _tribute_to_attack(tx: Tx, player: str, attacker: CardState, count: int,
                       action: ActionEntry | None) -> None:  # fmt: skip
    """An attack that costs Tributes (Panther Warrior): the attack action names them
    (`cost: {tribute: [ref]}`), monsters its controller controls other than the attacker."""
    refs = (action.cost.get("tribute") if action is not None else None) or []
    refs = refs if isinstance(refs, list) else [refs]
    if (mask := continuous.first(tx.board, "forbid_tributes")) is not None:
        raise Illegal("rule.tributes_forbidden", f"{mask.name} is face-up: no monster can be Tributed, "
                      f"so {attacker.name} cannot pay its Tribute to declare an attack.", attacker.id,
                      mask.id)  # fmt: skip
    cards = [resolve_ref(tx.board, str(r)) for r in refs]
    wrong = [c.id for c in cards if c.zone != "monsters" or c.controller != player or c.id == attacker.id]
    if len(cards) != count or wrong:
        why = f"{', '.join(wrong)} cannot be Tributed for it" if wrong else f"{len(cards)} given"
        raise Illegal("activate.cost_missing", f"{attacker.name} can declare an attack only if {player} "
                      f"Tributes {count} other monster(s) it controls (`cost: {{tribute: [...]}}` on the "
                      f"attack); {why}.", attacker.id)  # fmt: skip
    for c in cards:
        tx.move(c.id, "graveyard", event="tributed", cause=f"attack cost of {attacker.id}")
    tx.say("cost.attack_cost_paid", f"{player} Tributes {', '.join(c.id for c in cards)} for "
           f"{attacker.name} to declare an attack; this cost is part of its effect, so it is waived "
           "while that effect is negated.", attacker.id, *[c.id for c in cards])  # fmt: skip


def attack(tx: Tx, action: ActionEntry) -> str:
    require_turn_player(tx, action, "declare an attack")
    board = tx.board
    if board.turn == 1:
        raise Illegal("battle.no_battle_first_turn",
                      "The player who goes first cannot attack on the first turn of the duel: that "
                      "turn has no Battle Phase.")  # fmt: skip
    if board.phase != "battle" or board.step not in ("start", "battle"):
        raise Illegal("battle.not_battle_phase",
                      "Attacks are declared in the Battle Step of the Battle Phase; the turn has to "
                      "move to the Battle Phase first.")  # fmt: skip
    if tx.game.chain:
        raise Illegal("action.chain_open", "An attack cannot be declared while a chain is open.")
    player = action.player or ""
    if tx.board.player(player).cannot_attack:
        raise Illegal("battle.attacks_forbidden",
                      f"A card's effect stops {player} from declaring attacks this turn.")
    attacker = own_card(tx, action.attacker or "", player, "monsters", "attacker")
    if attacker.position != "attack":
        raise Illegal("battle.not_attack_position",
                      f"{attacker.name} is not in face-up Attack Position, so it cannot attack.",
                      attacker.id)  # fmt: skip
    if attacker.attacks_this_turn and tx.game.replay_attacker != attacker.id:
        raise Illegal("battle.already_attacked",
                      f"{attacker.name} already declared an attack this turn; a monster attacks "
                      "once per turn unless a card says otherwise.", attacker.id)  # fmt: skip
    _attack_restrictions(tx, player, attacker, action)
    foe = opponent(player)
    defenders = tx.board.monsters(foe)
    toon_direct, toon_problem = abilities.toon_attack(
        tx.board, attacker, None if action.target == "direct" else resolve_ref(tx.board, action.target or ""))
    if toon_problem is not None:
        raise Illegal("toon.must_attack_toon", toon_problem, attacker.id)
    if action.target == "direct" and defenders and toon_direct:
        tx.say("toon.direct_attack", f"{attacker.name} may attack {foe} directly although {foe} "
               "controls monsters: its Toon effect lets it, as none of them is a face-up Toon monster.",
               attacker.id)  # fmt: skip
    if action.target == "direct":
        if defenders and not toon_direct:
            names = ", ".join(c.id for c in defenders)
            raise Illegal("battle.direct_blocked",
                          f"{foe} controls a monster ({names}), so {attacker.name} cannot attack "
                          "directly.", attacker.id)  # fmt: skip
        target = None
    else:
        target = resolve_ref(tx.board, action.target or "")
        if target.zone != "monsters" or target.controller != foe:
            raise Illegal("battle.bad_target",
                          f"{target.id} is not a monster {foe} controls, so it cannot be attacked.",
                          target.id)  # fmt: skip
        if (guard := continuous.first(tx.board, "cannot_be_attacked", target)) is not None:
            whose = "its own effect" if guard.id == target.id else f"{guard.name}'s effect"
            raise Illegal("battle.cannot_be_attacked",
                          f"{target.name} cannot be targeted for an attack: {whose} applies now "
                          "(a Continuous effect, met by the board as it is).",
                          target.id, guard.id)  # fmt: skip
    _in_a_row(tx, attacker)
    if board.step == "start":
        tx.set_board(tx.board.with_turn(step="battle"))  # the board as the attack cost left it
        tx.emit("phase", phase="battle", step="battle", player=board.turn_player)
    replayed = tx.game.replay_attacker == attacker.id
    tx.update_card(attacker.id, attacks_this_turn=attacker.attacks_this_turn + (0 if replayed else 1))
    tx.update(
        battle=Battle(attacker.id, target.id if target else None,
                      frozenset(c.id for c in defenders)),
        replay_attacker=None, priority=foe,
    )  # fmt: skip
    tx.emit("attack_declared", card=attacker.id, player=player,
            target=target.id if target else "direct")  # fmt: skip
    tx.finish()
    if target is None:
        why = "its Toon effect lets it" if defenders else f"{foe} controls no monsters"
        tx.say("battle.direct_attack", f"{attacker.name} attacks {foe} directly: {why}.", attacker.id)
        return f"{player}'s {attacker.name} attacks directly"
    if target.position == "set":
        shown = f"{foe}'s face-down monster in Main Monster Zone {target.slot}"
    else:
        shown = f"{target.name} ({target.id})"
    tx.say("battle.attack_declared", f"{attacker.name} attacks {shown}. {foe} may "
           "respond in the Battle Step.", attacker.id, target.id)  # fmt: skip
    return f"{player}'s {attacker.name} attacks {target.id}"


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
        tx.say("attack.second_in_a_row_lost", f"{attacker.name} declares an attack before {card.name} "
               f"made its second attack \"in a row\", so {card.name} can no longer attack this turn.",
               card.id, attacker.id)  # fmt: skip


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
        tx.say("battle.ended", f"{battle.attacker} is no longer a face-up Attack Position monster "
               "on the field, so its attack ends without damage.", battle.attacker)  # fmt: skip
        return True
    defenders = frozenset(c.id for c in board.monsters(opponent(player)))
    target_gone = battle.target is not None and battle.target not in defenders
    if defenders != battle.defenders_at_declaration or target_gone:
        tx.update(battle=None, replay_attacker=battle.attacker)
        tx.emit("replay", card=battle.attacker, player=player)
        why = (f"the attack target {battle.target} left the field" if target_gone
               else f"the monsters {opponent(player)} controls changed")  # fmt: skip
        tx.say("battle.replay", f"A replay: {why} before the Damage Step. {attacker.name} may "
               "attack again (a new target, or directly if no monster is left), or not attack; "
               "if another monster attacks instead, it still counts as having attacked.",
               battle.attacker)  # fmt: skip
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
        battle = tx.game.battle
        if battle is None:
            return
    _enter(tx, battle, window)
    if window == "before_damage_calculation":
        _flip_target(tx)
    elif window == "damage_step_end":
        _destroy_doomed(tx)


def finish_battle(tx: Tx, until: str | None = None) -> None:
    """Both players pass through every remaining window of the attack (or up to `until`)."""
    while tx.game.battle is not None and tx.game.result is None:
        if until is not None and tx.game.battle.window == until:
            return
        next_window(tx)


_WINDOW_TEXT = {
    "damage_step_start": "The Damage Step starts. From here until damage calculation, only Counter "
    "Traps and effects that directly change ATK/DEF can be activated.",
    "before_damage_calculation": "Before damage calculation: a face-down target is turned face-up; "
    "effects that directly change ATK/DEF can still be activated now.",
    "damage_calculation": "Damage calculation begins. Only effects that are activated \"during damage "
    "calculation\" (such as Kuriboh's) can be activated now; then damage is calculated.",
    "after_damage_calculation": "After damage calculation: effects that happen at this moment "
    "activate now (such as the Flip effect of a monster the attack turned face-up).",
    "damage_step_end": "The end of the Damage Step: monsters destroyed by battle are sent to the GY now.",
}


def _enter(tx: Tx, battle: Battle, window: str) -> None:
    tx.update(battle=evolve(battle, window=window), priority=tx.board.turn_player)
    tx.emit("phase", phase="battle", step="damage", window=window, player=tx.board.turn_player)
    tx.say("battle.damage_step_window", _WINDOW_TEXT[window])


def _flip_target(tx: Tx) -> None:
    battle = tx.game.battle
    if battle is None or battle.target is None:
        return
    target = tx.card(battle.target)
    if target.position == "set":
        tx.update_card(target.id, position="defense")
        tx.emit("flipped", card=target.id, player=target.controller, cause="attacked")
        tx.finish()
        tx.say("battle.flipped_face_up", f"{target.name} was attacked face-down: it is turned "
               "face-up in Defense Position before damage calculation; a Flip effect would "
               "activate after damage calculation.", target.id)  # fmt: skip


def _damage_calculation(tx: Tx) -> None:
    battle = tx.game.battle
    assert battle is not None
    attacker = tx.card(battle.attacker)
    atk = current_atk(tx, attacker)
    player = attacker.controller
    foe = opponent(player)
    notes: list[tuple[str, str, str]] = []  # what a shield this turn changed (Waboku), said last
    if battle.target is None:
        tx.emit("battle", card=attacker.id, target="direct", atk=atk)
        taken = _battle_damage(tx, foe, atk, attacker.id, notes) if atk > 0 else 0
        tx.finish()
        tx.say("battle.direct_damage", f"Direct attack by {attacker.name} ({atk} ATK): {foe} "
               f"{_takes(taken)}.", attacker.id)  # fmt: skip
        for note in notes:
            tx.say(*note)
        return
    target = tx.card(battle.target)
    doomed: list[str] = []
    if target.position == "attack":
        t_atk = current_atk(tx, target)
        tx.emit("battle", card=attacker.id, target=target.id, atk=atk, target_atk=t_atk)
        if atk == t_atk == 0:
            code, text = "battle.atk_vs_atk_zero", (
                f"{attacker.name} and {target.name} both have 0 ATK: neither is destroyed and no "
                "one takes damage.")  # fmt: skip
        elif atk == t_atk:
            doomed = [attacker.id, target.id]
            code, text = "battle.atk_vs_atk_equal", (
                f"{attacker.name} ({atk}) and {target.name} ({t_atk}) have equal ATK: both are "
                "destroyed by battle and no one takes damage.")  # fmt: skip
        else:
            winner, loser = (attacker, target) if atk > t_atk else (target, attacker)
            diff = abs(atk - t_atk)
            doomed = [loser.id]
            taken = _battle_damage(tx, loser.controller, diff, winner.id, notes)
            code = "battle.atk_vs_atk_higher" if atk > t_atk else "battle.atk_vs_atk_lower"
            text = (
                f"{attacker.name} ({atk} ATK) battles {target.name} ({t_atk} ATK): {loser.name} "
                f"is destroyed by battle and {loser.controller} {_takes(taken)}.")
    else:
        t_def = current_def(tx, target)
        tx.emit("battle", card=attacker.id, target=target.id, atk=atk, target_def=t_def)
        if atk > t_def and (piercer := continuous.first(tx.board, "piercing", attacker)) is not None:
            doomed = [target.id]
            taken = _battle_damage(tx, foe, atk - t_def, attacker.id, notes)
            code, text = "battle.piercing_damage", (
                f"{attacker.name} ({atk} ATK) beats {target.name}'s {t_def} DEF: {target.name} is "
                f"destroyed by battle, and {piercer.name}'s effect inflicts piercing damage, ATK "
                f"minus DEF ({atk - t_def}): {foe} {_takes(taken)}.")  # fmt: skip
        elif atk > t_def:
            doomed = [target.id]
            code, text = "battle.atk_vs_def_higher", (
                f"{attacker.name} ({atk} ATK) beats {target.name}'s {t_def} DEF: {target.name} is "
                "destroyed by battle, and no one takes battle damage from attacking a Defense "
                "Position monster.")  # fmt: skip
        elif atk == t_def:
            code, text = "battle.atk_vs_def_equal", (
                f"{attacker.name}'s {atk} ATK equals {target.name}'s {t_def} DEF: nothing is "
                "destroyed and no one takes damage.")  # fmt: skip
        else:
            diff = t_def - atk
            taken = _battle_damage(tx, player, diff, target.id, notes)
            code, text = "battle.atk_vs_def_lower", (
                f"{attacker.name}'s {atk} ATK is below {target.name}'s {t_def} DEF: nothing is "
                f"destroyed and {player} {_takes(taken)}.")  # fmt: skip
    for card_id in list(doomed):
        owner = tx.card(card_id).controller
        if (shield := _shield(tx, "no_battle_destruction", owner)) is not None:
            doomed.remove(card_id)
            notes.append(("battle.not_destroyed_by_battle", f"But {shield} was applied this turn: "
                          f"{owner}'s monsters cannot be destroyed by battle, so {card_id} is not "
                          "destroyed by this battle.", card_id))  # fmt: skip
        elif abilities.survives_battle_once(tx, tx.card(card_id)):  # Gemini Summoner
            doomed.remove(card_id)
            notes.append(("battle.not_destroyed_once", f"{card_id} cannot be destroyed by battle once per "
                          "turn (its own Continuous effect): it is not destroyed by this battle, and that "
                          "use is spent for this turn.", card_id))  # fmt: skip
    tx.update(battle=evolve(tx.game.battle, doomed=tuple(doomed)))  # type: ignore[arg-type]
    tx.finish()
    tx.say(code, text, attacker.id, target.id)
    for note in notes:
        tx.say(*note)
    abilities.negate_battle_destroyed(tx, tuple(doomed))  # Terrorking Archfiend


def _shield(tx: Tx, kind: str, player: str) -> str | None:
    """The card whose effect applied this turn shields `player` this way (Waboku), if any."""
    from engine.rules.lasting import applying

    item = applying(tx.board, kind, player)
    return item.source if item is not None else None


def _takes(taken: int) -> str:
    """What the battle did to a player's LP, as it was done: a shield (Waboku, Kuriboh, Dark
    Ruler No More) or a halving changed it, and the note or the lasting effect says why."""
    return f"takes {taken} battle damage" if taken else "takes no battle damage"


def _battle_damage(tx: Tx, player: str, amount: int, source: str,
                   notes: list[tuple[str, str, str]]) -> int:  # fmt: skip
    """Battle damage to `player`, unless a card says they take none (this turn: Waboku; from
    this battle: Kuriboh); doubled when the monster inflicting it says so and battles an
    opponent's monster (Odd-Eyes). Returns the damage actually taken."""
    battle, src = tx.game.battle, tx.board.cards.get(source)
    if battle is not None and battle.target is not None and src is not None and (
        src.controller != player and continuous.first(tx.board, "double_battle_damage", src)
    ):  # fmt: skip
        notes.append(("battle.damage_doubled", f"{src.name} battles an opponent's monster: the battle "
                      f"damage it inflicts is doubled, {amount} to {amount * 2}.", src.id))  # fmt: skip
        amount *= 2
    if (shield := _shield(tx, "no_battle_damage", player)) is not None:
        notes.append(("battle.no_battle_damage", f"But {shield} was applied this turn: {player} takes no "
                      f"battle damage, so the {amount} battle damage is not taken.", shield))  # fmt: skip
        return 0
    if battle is not None and (guard := next((c for p, c in battle.no_damage if p == player), None)):
        notes.append(("battle.no_battle_damage", f"{tx.card(guard).name}'s effect applies to this battle: "
                      f"{player} takes no battle damage from it, so the {amount} battle damage is not "
                      "taken.", guard))  # fmt: skip
        return 0
    if (odd := _reduced_to_zero(tx, player)) is not None:
        notes.append(("battle.damage_reduced_to_zero", f"{odd.name}'s Pendulum Effect: {player} reduces the "
                      f"{amount} battle damage from this attack, which involves {player}'s Pendulum Monster, "
                      f"to 0 (once per turn; no chain; taken as {player}'s choice: the effect says \"you "
                      "can\").", odd.id))  # fmt: skip
        return 0
    taken = -tx.change_lp(player, -amount, event="damage", cause=f"battle: {source}")
    if taken > 0:
        _reflect(tx, player, taken, notes)
    return taken


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
        if key is not None:
            tx.set_board(board.with_player(player, used_this_turn=(*used, key)))
        return source
    return None


def _reflect(tx: Tx, player: str, taken: int, notes: list[tuple[str, str, str]]) -> None:
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
        notes.append(("battle.damage_reflected", f"{card.name} is equipped with a monster by its own effect: "
                      f"the {taken} battle damage {player} takes from this battle is also inflicted to "
                      f"{foe}, as effect damage, at the same moment.", card.id))  # fmt: skip
        return


def _destroy_doomed(tx: Tx) -> None:
    battle = tx.game.battle
    assert battle is not None
    gone = []
    board = tx.board  # as the Damage Step ends: a banisher destroyed in the same battle still counts
    for card_id in battle.doomed:
        card = tx.board.cards.get(card_id)
        if card is None or card.zone != "monsters":
            continue  # it left the field before the end of the Damage Step: not destroyed
        if abilities.destroyed_instead(tx, card, "battle") is not None:
            gone.append(card_id)  # a Union equipped to it went in its place; it stays
            continue
        other = board.cards.get(battle.target if card_id == battle.attacker else battle.attacker or "")
        banisher = other and continuous.first(board, "banish_battle_destroyed", other)
        tx.move(card_id, "banished" if banisher else "graveyard", event="destroyed", cause="battle")
        abilities.stamp_battle_negated(tx, card)  # its effects stay negated in the GY (Terrorking)
        if other is not None:  # who destroyed it: "if this card destroys a monster by battle" (Horus LV6)
            tx.events[-1].update(by=other.id, attacker=battle.attacker)
        if banisher:
            tx.say("battle.banished_by_effect", f"{card.name} is destroyed by battle with {banisher.name}, "
                   "whose effect banishes it instead of sending it to the GY.", card_id, banisher.id)
        gone.append(card_id)
    if gone:
        tx.finish()


def _end_of_battle(tx: Tx) -> None:
    battle = tx.game.battle
    assert battle is not None
    tx.update(battle=None, priority=tx.board.turn_player)
    tx.set_board(tx.board.with_turn(step="battle"))
    tx.emit("phase", phase="battle", step="battle", player=tx.board.turn_player)
    tx.say("battle.ended", f"The battle of {battle.attacker} is over; back to the Battle Step.",
           battle.attacker)  # fmt: skip
