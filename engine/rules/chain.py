"""Activating cards and effects, building a chain, and resolving it link by link.

Source: Official Rulebook v10, "Chains and Spell Speed", "Spell & Trap Cards"; the engine
design notes (spell speed is derived from what the effect is, never declared).
"""

from __future__ import annotations

from engine.cards import CardDef, Effect
from engine.operations import OPERATIONS, Context, fits, misfit
from engine.refs import resolve_ref
from engine.rules.common import MAIN_PHASES, phase_name
from engine.scenario import ActionEntry
from engine.state import CardState, ChainLink, opponent
from engine.tx import Illegal, Tx

LINGERING = {"continuous", "equip", "field"}  # stay on the field after they resolve


def spell_speed(defn: CardDef, effect: Effect) -> int:
    """Spell Speed follows from what the effect is (rulebook, "Spell Speed")."""
    if effect.kind == "activation":
        kind = defn.spell_trap_kind
        if defn.card_type == "trap":
            return 3 if kind == "counter" else 2
        return 2 if kind == "quick-play" else 1
    return 2 if effect.kind == "quick" else 1


def _pick_effect(card: CardState, defn: CardDef, number: int | None) -> tuple[int, Effect]:
    usable = [(i + 1, e) for i, e in enumerate(defn.effects)
              if e.kind in ("activation", "ignition", "quick", "trigger", "flip")]  # fmt: skip
    if number is not None:
        if not 1 <= number <= len(defn.effects):
            raise Illegal("activate.no_such_effect",
                          f"{card.name} has {len(defn.effects)} effect(s); there is no effect "
                          f"{number}.", card.id)  # fmt: skip
        return number, defn.effects[number - 1]
    if not usable:
        raise Illegal("activate.no_effect_defined",
                      f"{card.name} has no effect the engine can activate.", card.id)
    return usable[0]


def _check_timing(tx: Tx, player: str, card: CardState, defn: CardDef, effect: Effect,
                  speed: int) -> None:  # fmt: skip
    board, game = tx.board, tx.game
    chain = game.chain
    if game.battle is not None and game.battle.window != "battle_step":
        after_calc = game.battle.window in ("damage_calculation", "after_damage_calculation",
                                            "damage_step_end")  # fmt: skip
        counter = defn.spell_trap_kind == "counter" and defn.card_type == "trap"
        if after_calc or not (counter or effect.damage_step):
            raise Illegal("activate.damage_step",
                          f"{card.name} cannot be activated now: in the Damage Step only Counter "
                          "Traps and effects that directly change ATK/DEF, and only until damage "
                          "calculation starts.", card.id)  # fmt: skip
    if chain:
        top = chain[-1]
        if speed < 2 or speed < top.spell_speed:
            raise Illegal("chain.spell_speed_too_low",
                          f"{card.name} is Spell Speed {speed}; a response to Chain Link "
                          f"{top.link} (Spell Speed {top.spell_speed}) must be Spell Speed 2 or "
                          f"higher and at least {top.spell_speed}.", card.id)  # fmt: skip
    elif speed == 1 and (
        player != board.turn_player or board.phase not in MAIN_PHASES or game.battle
    ):
        raise Illegal("activate.not_allowed_now",
                      f"{card.name} is Spell Speed 1: it can be activated only in its "
                      "controller's own Main Phase, when no chain is open; it is "
                      f"{phase_name(board.phase)} of {board.turn_player}'s turn.", card.id)


def _check_location(tx: Tx, player: str, card: CardState, defn: CardDef, effect: Effect) -> None:
    board = tx.board
    if effect.kind == "activation":
        owner_ok = card.controller == player
        if card.zone == "hand":
            if defn.card_type == "trap":
                raise Illegal("activate.not_allowed_now",
                              f"{card.name} is a Trap: it must be Set first, and can be activated "
                              "from the next turn on.", card.id)  # fmt: skip
            if defn.spell_trap_kind == "quick-play" and player != board.turn_player:
                raise Illegal("activate.not_allowed_now",
                              f"{card.name} is a Quick-Play Spell: on the opponent's turn it can "
                              "be activated only once it is Set (and not the turn it was Set).",
                              card.id)  # fmt: skip
        elif card.zone in ("spell_traps", "field_spell") and owner_ok and card.face == "down":
            if card.set_this_turn and (defn.card_type == "trap" or
                                       defn.spell_trap_kind == "quick-play"):  # fmt: skip
                raise Illegal("set.cannot_activate_this_turn",
                              f"{card.name} was Set this turn; a Set Trap or Quick-Play Spell can "
                              "be activated from the next turn on.", card.id)  # fmt: skip
        else:
            raise Illegal("action.card_not_there",
                          f"{card.id} must be in {player}'s hand or Set on {player}'s field to be "
                          "activated.", card.id)  # fmt: skip
        return
    if card.controller != player or card.zone not in _zones_for(effect):
        raise Illegal("action.card_not_there",
                      f"{card.id}'s effect works from {', '.join(effect.works_from)}; the card is "
                      f"in {card.controller}'s {card.zone.replace('_', ' ')}.", card.id)
    if card.zone == "monsters" and not card.face_up:
        raise Illegal("activate.not_allowed_now",
                      f"{card.name} is face-down; its effects cannot be activated.", card.id)


def _zones_for(effect: Effect) -> set[str]:
    zones = set()
    for w in effect.works_from:
        zones |= {"monsters", "spell_traps", "field_spell"} if w == "field" else {w}
    return zones


def _targets(tx: Tx, player: str, card: CardState, effect: Effect, refs: list[str]) -> tuple[str, ...]:
    if not effect.targets:
        return ()
    needed = sum(s.count for s in effect.targets)
    chosen = [resolve_ref(tx.board, r) for r in refs if not r.startswith("link:")]
    if len(chosen) != needed:
        raise Illegal("activate.bad_target",
                      f"{card.name} needs {needed} target(s) chosen at activation; "
                      f"{len(chosen)} given.", card.id)  # fmt: skip
    for t in chosen:
        if not any(fits(tx.board, t, sel, player) for sel in effect.targets):
            raise Illegal("activate.bad_target",
                          f"{t.id} is not a card {card.name} can target.", card.id, t.id)
    return tuple(t.id for t in chosen)


def _link_kind(tx: Tx, link: ChainLink) -> str:
    """What a link is, for activation conditions: a Spell or Trap Card's activation, or an effect."""
    defn = tx.board.define(link.card)
    effect = defn.effects[link.effect - 1]
    if effect.kind == "activation":
        return defn.card_type  # "spell" or "trap"
    return "monster_effect" if defn.is_monster else f"{defn.card_type}_effect"


_CONDITION_TEXT = {
    "responds_to_spell": ("spell",), "responds_to_trap": ("trap",),
    "responds_to_spell_or_trap": ("spell", "trap"), "responds_to_monster_effect": ("monster_effect",),
    "responds_to_any": ("spell", "trap", "monster_effect", "spell_effect", "trap_effect"),
}  # fmt: skip


def _check_condition(tx: Tx, player: str, card: CardState, effect: Effect,
                     refs: list[str]) -> ChainLink | None:  # fmt: skip
    """Activation conditions are checked here, at activation, and never again."""
    condition = effect.condition
    if condition is None:
        return None
    chain = tx.game.chain
    if condition == "opponents_turn":
        if tx.board.turn_player == player:
            raise Illegal("activate.condition_not_met",
                          f"{card.name} can be activated only during the opponent's turn.", card.id)
        return None
    if condition == "opponent_attack_declared":
        battle = tx.game.battle
        if battle is None or battle.window != "battle_step" or (
            tx.board.cards[battle.attacker].controller == player
        ):  # fmt: skip
            raise Illegal("activate.condition_not_met",
                          f"{card.name} needs an opponent's monster to have just declared an "
                          "attack.", card.id)  # fmt: skip
        return None
    wanted = _CONDITION_TEXT[condition]
    answered = chain[-1] if chain else None
    for ref in refs:
        if ref.startswith("link:") and (answered is None or ref != f"link:{answered.link}"):
            raise Illegal("activate.condition_not_met",
                          f"{card.name} can answer only the activation immediately before it "
                          f"(Chain Link {answered.link if answered else 'none'}), not {ref}.",
                          card.id)  # fmt: skip
    if answered is None or _link_kind(tx, answered) not in wanted:
        what = " or ".join(w.replace("_", " ") for w in wanted)
        before = (f"Chain Link {answered.link} is {_link_kind(tx, answered).replace('_', ' ')}"
                  if answered else "no chain is open")  # fmt: skip
        raise Illegal("activate.condition_not_met",
                      f"{card.name} answers the activation of a {what} immediately before it; "
                      f"{before}.", card.id)  # fmt: skip
    return answered


def _check_cost(tx: Tx, player: str, card: CardState, effect: Effect,
                action: ActionEntry) -> dict[str, object]:  # fmt: skip
    """A cost the card demands must be given by the action, and payable; returns what to pay."""
    costs: dict[str, object] = dict(action.cost)
    for key, amount in effect.cost.items():
        given = action.cost.get(key)
        if key == "pay_lp":
            lp = tx.board.player(player).lp
            due = lp // 2 if amount == "half" else int(amount)
            if given is None:
                costs["pay_lp"] = due  # the amount follows from the card; nothing to choose
            elif int(given) != due:
                raise Illegal("activate.cost_missing",
                              f"{card.name} costs {due} LP now; {given} was given.", card.id)
            if lp < due or (amount != "half" and lp <= 0):
                raise Illegal("activate.cost_missing",
                              f"{player} has {lp} LP and cannot pay {due}.", card.id)
            continue
        count = len(given) if isinstance(given, list) else (1 if given else 0)
        if count != amount:
            raise Illegal("activate.cost_missing",
                          f"{card.name} needs a cost of {amount} card(s) to {key.replace('_', ' ')}; "
                          f"{count} given (cost: {{{key}: [...]}}).", card.id)  # fmt: skip
    return costs


def activate(tx: Tx, action: ActionEntry) -> str:
    player = action.player or ""
    card = resolve_ref(tx.board, action.card or "")
    defn = tx.board.define(card.id)
    number, effect = _pick_effect(card, defn, action.effect)
    speed = spell_speed(defn, effect)
    _check_location(tx, player, card, defn, effect)
    _check_timing(tx, player, card, defn, effect, speed)
    _check_condition(tx, player, card, effect, action.targets)
    targets = _targets(tx, player, card, effect, action.targets)
    costs = _check_cost(tx, player, card, effect, action)
    holder = tx.game.priority
    if tx.game.chain and holder != player:
        tx.emit("passed", player=holder)
    _pay_costs(tx, player, card, costs)
    if effect.kind == "activation":
        _place_activated(tx, player, card, defn)
    link_no = len(tx.game.chain) + 1
    link = ChainLink(link=link_no, card=card.id, player=player, spell_speed=speed,  # type: ignore[arg-type]
                     effect=number, targets=targets, cost=tuple(costs.items()),
                     choices=tuple((k, str(v)) for k, v in action.choices.items()),
                     card_snapshot=tx.card(card.id))  # fmt: skip
    tx.update(chain=(*tx.game.chain, link), priority=opponent(player))
    tx.emit("activated", card=card.id, player=player, chain_link=link_no, effect=number,
            targets=list(targets) or None)  # fmt: skip
    tx.finish()
    foe = opponent(player)
    if link_no == 1:
        tx.say("chain.opened", f"{card.name} starts a chain as Chain Link 1 (Spell Speed {speed}); "
               f"{foe} may respond with Spell Speed 2 or higher.", card.id)  # fmt: skip
    else:
        tx.say("chain.link_added", f"{card.name} is Chain Link {link_no} (Spell Speed {speed}), "
               f"responding to Chain Link {link_no - 1}; it will resolve first.", card.id)
    return f"{player} activates {card.name} (Chain Link {link_no}, Spell Speed {speed})"


def _pay_costs(tx: Tx, player: str, card: CardState, costs: dict[str, object]) -> None:
    """Costs are paid at activation and never refunded, even if the activation is negated."""
    paid = False
    for key, value in costs.items():
        if key == "pay_lp":
            amount = int(value)  # type: ignore[call-overload]
            if tx.board.player(player).lp < amount:
                raise Illegal("activate.condition_not_met",
                              f"{player} cannot pay {amount} LP with "
                              f"{tx.board.player(player).lp} LP.", card.id)  # fmt: skip
            tx.change_lp(player, -amount, event="lp_paid", cause=f"cost of {card.id}")
            paid = True
            continue
        to, event = {"discard": ("graveyard", "discarded"), "tribute": ("graveyard", "sent_to_gy"),
                     "send_to_gy": ("graveyard", "sent_to_gy"), "banish": ("banished", "banished"),
                     "detach": ("graveyard", "sent_to_gy"), "reveal": (None, "revealed")}[key]
        for ref in value if isinstance(value, list) else [value]:
            c = resolve_ref(tx.board, str(ref))
            if to is None:
                tx.emit(event, card=c.id, player=player, cause=f"cost of {card.id}")
            else:
                tx.move(c.id, to, event=event, cause=f"cost of {card.id}")
            paid = True
    if paid:
        tx.emit("cost_paid", card=card.id, player=player)


def _place_activated(tx: Tx, player: str, card: CardState, defn: CardDef) -> None:
    """A Spell/Trap activated from the hand goes face-up to the field; a Set one turns face-up."""
    if card.zone != "hand":
        tx.update_card(card.id, face="up")
        return
    if defn.spell_trap_kind == "field":
        old = tx.board.field_spell(player)
        if old is not None:
            tx.move(old.id, "graveyard", event="sent_to_gy", cause="a new Field Spell")
        tx.move(card.id, "field_spell", event="placed", face="up")
        return
    slot = tx.board.free_slot("spell_traps", player)
    if slot is None:
        raise Illegal("zone.full", f"All 5 of {player}'s Spell & Trap Zones are occupied.")
    tx.move(card.id, "spell_traps", event="placed", slot=slot, face="up")


def resolve_top(tx: Tx) -> str:
    """Resolve the last link of the chain (last in, first out)."""
    chain = tx.game.chain
    link = chain[-1]
    tx.update(chain=chain[:-1])
    defn = tx.board.define(link.card)
    card = tx.board.cards[link.card]
    tx.finish()  # a link starting to resolve finishes the action before it
    if link.activation_negated or link.effect_negated:
        what = "activation" if link.activation_negated else "effect"
        tx.emit("no_effect", card=link.card, chain_link=link.link, reason=f"{what} negated")
        tx.say("chain.link_negated", f"Chain Link {link.link} ({card.name}) had its {what} negated, "
               "so it resolves without doing anything.", link.card)  # fmt: skip
        return f"Chain Link {link.link} ({card.name}) was negated"
    lingering = defn.spell_trap_kind in LINGERING and defn.card_type in ("spell", "trap")
    if lingering and (card.zone not in ("spell_traps", "field_spell") or card.face != "up"):
        tx.emit("no_effect", card=link.card, chain_link=link.link, reason="left the field")
        tx.say("chain.left_field_no_effect", f"{card.name} left the field before Chain Link "
               f"{link.link} resolved, so it does nothing.", link.card)  # fmt: skip
        return f"Chain Link {link.link} ({card.name}) does nothing"
    effect = defn.effects[link.effect - 1]
    valid = _still_valid_targets(tx, link, effect)
    if effect.targets and not valid:
        tx.emit("no_effect", card=link.card, chain_link=link.link, reason="targets gone")
        tx.say("chain.link_no_target", f"{card.name} has no valid target left when Chain Link "
               f"{link.link} resolves, so it does nothing.", link.card, *link.targets)
        return f"Chain Link {link.link} ({card.name}) has no target left"
    before = tx.game.chain[-1] if tx.game.chain else None
    answered = before if before is not None and before.link == link.link - 1 else None
    ctx = Context(link=link, targets=valid, answered=answered)
    done = []
    for step in effect.do:
        if step.join == "and_if_you_do" and not ctx.acted:
            break  # "and if you do": the rest happens only if the step before did
        if step.join == "then":
            tx.finish()
        done.append(OPERATIONS[step.op](tx, ctx, step))
    tx.emit("resolved", card=link.card, player=link.player, chain_link=link.link)
    tx.say("chain.link_resolved", f"Chain Link {link.link}: {card.name} resolves ({'; '.join(done)}).",
           link.card)  # fmt: skip
    return f"Chain Link {link.link} resolves: {card.name}"


def _still_valid_targets(tx: Tx, link: ChainLink, effect: Effect) -> tuple[str, ...]:
    """Targets are checked again at resolution; one that moved or changed is not affected."""
    valid = []
    name = tx.board.define(link.card).name
    for t in link.targets:
        card = tx.board.cards.get(t)
        reasons = [misfit(tx.board, card, sel, link.player) for sel in effect.targets]
        if None in reasons:
            valid.append(t)
        else:
            tx.say("target.no_longer_valid", f"{name}'s target {t} {reasons[0]}, so it is not "
                   "affected.", t)  # fmt: skip
    return tuple(valid)


def after_chain(tx: Tx) -> None:
    """When the whole chain has resolved, Normal Spells/Traps still on the field go to the GY."""
    for card in list(tx.board.cards.values()):
        if card.zone != "spell_traps" or card.face != "up":
            continue
        defn = tx.board.define(card.id)
        if defn.spell_trap_kind in ("normal", "quick-play", "counter", "ritual") and not card.equipped_to:
            tx.move(card.id, "graveyard", event="sent_to_gy", cause="rule: resolved")
    tx.update(priority=tx.board.turn_player)
