"""Limits a card puts on activations, beyond timing, Spell Speed and activation conditions
(once-per-turn limits are engine.rules.locks).

- A Normal Summon that cannot be negated and to which nothing can be activated (Obelisk the
  Tormentor): not in its summon's own window, not by the opponent, not the triggers it sets off;
  the turn player's next action of their own is a new action, not a response.
- A lock a resolved effect leaves for the rest of the turn: the opponent cannot activate
  effects in the GY (Abyss Dweller).
- Costs that must be a certain kind of card (Level Up!: a face-up "LV" monster naming another
  in hand or Deck; Accesscode Talker: a Link Monster whose Attribute was not used this turn).
- "You cannot Summon other monsters the turn you activate this card" (Scapegoat): not after a
  Summon that turn, and, once activated, no card of its player whose effect Summons can be
  activated (Konami's FAQ for Scapegoat); a Summon an effect would perform for that player does
  not happen (engine.operations.context.summon_forbidden).
- "This card cannot attack the turn you activate this effect" (Obelisk, Black Luster Soldier -
  Envoy of the Beginning): set by the activation itself, whatever happens to the effect; and
  such an effect cannot be activated once the card has attacked this turn.
"""

from __future__ import annotations

from contextlib import suppress
from typing import TYPE_CHECKING, Any

from engine.errors import Illegal
from engine.explain import Card, CardId, Phrase, Player
from engine.refs import resolve_ref
from engine.rules.abilities import one_face_up_problem
from engine.rules.common import FLIP_SUMMONED, NO_SUMMONS, gemini_summonable, summons_locked
from engine.rules.continuous import fits, in_force
from engine.rules.pendulum import SCALE_ACTIVATION
from engine.state import CardState, ChainLink, evolve

if TYPE_CHECKING:
    from engine.cards import Effect
    from engine.state import Board
    from engine.tx import Tx

GY_LOCK = "gy_locked"  # board flag "gy_locked:<player>": that player cannot activate in the GY
NO_ATTACK = "no_attack"  # board flag "no_attack:<card id>": it cannot attack this turn
# an effect of these categories Summons: its player cannot activate it while they cannot Summon
# (a mandatory trigger still activates, and Summons nothing)
SUMMONING = frozenset({"special_summon", "summon", "token", "fusion_summon", "ritual_summon"})


def link_effect(board: Board, link: ChainLink) -> Effect:
    """The effect a Chain Link activated; number 0 is a Pendulum card placed as a Scale."""
    return board.define(link.card).effects[link.effect - 1] if link.effect else SCALE_ACTIVATION


# operations that put one card on the field as an Equip Card (the card itself, a Union, a monster taken)
EQUIPS_A_CARD = frozenset({"equip_self", "union_equip", "equip_monster"})


def check(tx: Tx, player: str, card: CardState, effect: Effect, trigger_seq: int | None = None) -> None:
    """Raise Illegal if the card's own limits, or a lock left this turn, forbid this activation."""
    if card.zone == "graveyard" and f"{GY_LOCK}:{player}" in tx.board.flags:
        raise Illegal(
            "activate.locked",
            reason=Phrase("locked.effect_resolved_turn_says", card=Card.of(card), player=Player(player)),
        )
    if effect.once_per_chain and any(link.card == card.id and link_effect(tx.board, link) is effect
                                     for link in tx.game.chain):  # fmt: skip
        raise Illegal("activate.once_per_chain", card=Card.of(card))  # fmt: skip
    ops = {step.op for step in effect.do}
    if EQUIPS_A_CARD & ops and tx.board.free_slot("spell_traps", player) is None:
        # the Equip Card it would place needs a Spell & Trap Zone: with none free it cannot be
        # activated, and a mandatory one is lost (Yugipedia, Card Rulings:Dark Necrofear)
        raise Illegal(
            "zone.full", reason=Phrase("full.no_zone_to_equip", card=Card.of(card), player=Player(player))
        )
    if "union_unequip" in ops and tx.board.free_slot("monsters", player) is None:
        # it Special Summons a Union from the Spell & Trap Zone, which frees no Monster Zone: with
        # all 5 occupied it cannot be activated (edisonrul.ing, Formation Union)
        raise Illegal("zone.full", reason=Phrase("full.all_main_monster_zones", player=Player(player)))
    if effect.no_other_summons and _summoned_this_turn(tx.board, player):
        raise Illegal(
            "activate.condition_not_met",
            reason=Phrase(
                "condition_not_met.already_summoned_this_turn", card=Card.of(card), player=Player(player)
            ),
        )
    summons = set(effect.categories) & SUMMONING and (
        effect.optional or effect.kind not in ("trigger", "flip")
    )
    if summons and (source := summons_locked(tx.board, player, card.id)) is not None:  # Konami FAQ, Scapegoat
        raise Illegal(
            "activate.condition_not_met",
            reason=Phrase("condition_not_met.summons_locked", card=Card.of(card), player=Player(player),
                          source=CardId(source)),
        )  # fmt: skip
    if effect.no_attack_after and card.attacks_this_turn:
        raise Illegal(
            "activate.condition_not_met",
            reason=Phrase("condition_not_met.already_declared_attack_turn", card=Card.of(card)),
        )  # fmt: skip
    _check_battle_spell_lock(tx, player, card, effect)
    _check_response(tx, player, card, effect, trigger_seq)
    _check_one_face_up(tx, player, card, effect)


def _check_one_face_up(tx: Tx, player: str, card: CardState, effect: Effect) -> None:
    """An effect that Special Summons its own card (Dragon Ice) cannot be activated while its
    player already controls a face-up copy they may control only 1 of: it could not summon it."""
    for step in effect.do:  # a loop, not any(): this runs for every card `legal` tries
        if step.op == "special_summon" and step.cards == "this" and step.position != "set":
            break
    else:
        return
    if (why := one_face_up_problem(tx.board, card, player)) is not None:
        raise Illegal(
            "summon.only_one_face_up",
            reason=Phrase("only_one_face_up.effect_which_would_special", card=Card.of(card), why=why),
            cards=(card.id,),
        )  # fmt: skip


def _check_battle_spell_lock(tx: Tx, player: str, card: CardState, effect: Effect) -> None:
    """Stargazer Magician: while its controller's Pendulum Monster attacks or is attacked, until
    the end of the Damage Step, the opponent cannot activate Spell Cards."""
    battle = tx.game.battle
    if battle is None or effect.kind != "activation" or tx.board.define(card.id).card_type != "spell":
        return
    board = tx.board
    fighters = [board.cards[c] for c in (battle.attacker, battle.target) if c and c in board.cards]
    for source, _effect in in_force(board, "battle_spell_lock"):
        if source.controller == player:
            continue
        if any(f.controller == source.controller and "pendulum" in board.define(f.id).subtypes
               and f.zone == "monsters" for f in fighters):  # fmt: skip
            raise Illegal(
                "activate.locked",
                reason=Phrase(
                    "locked.pendulum_zone_pendulum_monster",
                    source=Card.of(source),
                    controller=Player(source.controller),
                    player=Player(player),
                ),
                cards=(card.id, source.id),
            )


def _check_response(tx: Tx, player: str, card: CardState, effect: Effect,
                    trigger_seq: int | None) -> None:  # fmt: skip
    """A Normal Summon nothing can respond to (Obelisk); a card's "cannot be responded to" on its
    own activation is checked with the chain (engine.rules.chain)."""
    game = tx.game
    if game.chain:
        return
    summon = game.summon_attempt or game.last_summon
    if summon is None or summon.kind not in ("normal", "tribute"):
        return
    board = tx.board
    locked = [c for c in summon.cards if c in board.cards and board.define(c).summon_unanswerable]
    if not locked:
        return
    # the summon's own window: negating it, the opponent acting, a trigger it set off, or an
    # activation that answers a summon; the turn player's next action of their own is not
    set_off = trigger_seq is not None and trigger_seq >= summon.seq
    cond = effect.condition if isinstance(effect.condition, list) else [effect.condition]
    answers = {"opponent_summoned", "any_summoned", "negates_summon"} & set(cond)
    if game.summon_attempt is not None or player != board.turn_player or set_off or answers:
        name = board.define(locked[0]).name
        raise Illegal("summon.cannot_respond", name=name, cards=(card.id, locked[0]))


def pays_cost(board: Board, card: CardState, effect: Effect, paid: CardState, player: str) -> bool:
    """Is `paid` one of the cards the cost names (`cost_cards`)? Not the card itself where the text
    says "other" (Vennominaga: "banish 1 other Reptile monster from your GY")."""
    return any(
        fits(board, paid, sel, player) and (not sel.equipped_to_this or paid.equipped_to == card.id)
        and not (sel.except_this and paid.id == card.id)
        for sel in effect.cost_cards
    )  # fmt: skip


def check_summon_zone(tx: Tx, player: str, card: CardState, effect: Effect, costs: dict[str, Any],
                      mandatory: bool) -> None:  # fmt: skip
    """An effect whose first action Special Summons to its player's field needs a free Main Monster
    Zone to be activated (Konami FAQ, db.yugioh-card.com FAQ 18928: an effect that Special Summons
    cannot be activated without the zones it needs; if a zone is lost before it resolves, nothing is
    Summoned). A Monster Zone its cost empties counts; a mandatory trigger still activates."""
    first = effect.do[0] if effect.do else None
    if mandatory or first is None or first.op != "special_summon" or first.player == "both":
        return
    board = tx.board
    if board.free_slot("monsters", player) is not None:
        return
    paid = [ref for value in costs.values() if isinstance(value, (list, str)) for ref in
            (value if isinstance(value, list) else [value])]  # fmt: skip
    for ref in paid:
        with suppress(Illegal):
            spent = resolve_ref(board, str(ref))
            if spent.zone == "monsters" and spent.controller == player and spent.slot in range(1, 6):
                return
    raise Illegal(
        "zone.full",
        reason=Phrase("full.no_zone_to_summon", card=Card.of(card), player=Player(player)),
        cards=(card.id,),
    )


def check_gemini_summon(tx: Tx, player: str, card: CardState, effect: Effect, mandatory: bool) -> None:
    """An effect whose first action Normal Summons a Gemini monster cannot be activated when its
    player has none to summon: a card is activated only if its effect can be carried out (rulebook
    v10, Activating cards and effects). A card with "Gemini" in its name is not a Gemini monster
    unless it has the Gemini ability (Gemini monsters rulings: Gemini Elf, Gemini Summoner). A
    mandatory trigger still activates."""
    first = effect.do[0] if effect.do else None
    if mandatory or first is None or first.op != "normal_summon_gemini":
        return
    if gemini_summonable(tx.board, player):
        return
    raise Illegal(
        "activate.condition_not_met",
        reason=Phrase("condition_not_met.no_gemini_monster", card=Card.of(card), player=Player(player)),
        cards=(card.id,),
    )


def check_costs(tx: Tx, player: str, card: CardState, effect: Effect, costs: dict[str, Any]) -> None:
    """Cards paid as a cost must be of the kind the card asks for."""
    if not effect.cost_cards and not effect.once_per_attribute:
        return
    board = tx.board
    used = board.player(player).used_this_turn
    for key, value in costs.items():
        if key == "pay_lp":
            continue
        for ref in value if isinstance(value, list) else [value]:
            paid = resolve_ref(board, str(ref))
            if effect.cost_cards and not pays_cost(board, card, effect, paid, player):
                raise Illegal(
                    "activate.cost_missing",
                    reason=Phrase(
                        "cost_missing.cannot_pay_cost_not",
                        card=Card.of(card),
                        paid=CardId(paid.id),
                    ),
                )  # fmt: skip
            attribute = board.define(paid.id).attribute
            if effect.once_per_attribute and f"{board.define(card.id).name} ({attribute})" in used:
                raise Illegal(
                    "activate.cost_missing",
                    reason=Phrase(
                        "cost_missing.monster_already_paid_for",
                        attribute=attribute,
                        card=Card.of(card),
                    ),
                    cards=(card.id, paid.id),
                )  # fmt: skip
            level_up_to = board.define(paid.id).level_up_to
            if effect.requires is not None and effect.requires.cost_lists_lv:
                _check_lists_lv(tx, player, card, paid, level_up_to)


def _check_lists_lv(tx: Tx, player: str, card: CardState, paid: CardState, listed: str | None) -> None:
    """Level Up!: the monster sent must name a "LV" monster, and one must be in hand or Deck."""
    board = tx.board
    if listed is None:
        raise Illegal(
            "activate.cost_missing",
            reason=Phrase("cost_missing.names_no_lv_monster", card=Card.of(card), paid=Card.of(paid)),
        )  # fmt: skip
    here = [c for c in board.in_zones(("hand", "deck")) if c.owner == player
            and c.name.lower() == listed.lower()]  # fmt: skip
    if not here and board.player(player).deck_unknown == 0:
        raise Illegal(
            "activate.cost_missing",
            reason=Phrase(
                "cost_missing.can_activated_only_if",
                card=Card.of(card),
                paid=Card.of(paid),
                listed=listed,
                player=Player(player),
            ),
        )  # fmt: skip


def record(tx: Tx, player: str, card: CardState, effect: Effect, costs: dict[str, Any]) -> None:
    """What the activation itself leaves behind: an Attribute paid, a card that cannot attack
    this turn."""
    defn = tx.board.define(card.id)
    state = tx.board.player(player)
    used = list(state.used_this_turn)
    if effect.once_per_attribute:
        for key_, value in costs.items():
            for ref in (value if isinstance(value, list) else [value]) if key_ != "pay_lp" else []:
                attribute = tx.board.define(resolve_ref(tx.board, str(ref)).id).attribute
                used.append(f"{defn.name} ({attribute})")
    if used != list(state.used_this_turn):
        tx.set_board(tx.board.with_player(player, used_this_turn=tuple(used)))
    if effect.no_attack_after:
        tx.set_board(evolve(tx.board, flags=(*tx.board.flags, f"{NO_ATTACK}:{card.id}")))
        tx.say("battle.no_attack_this_turn", card=Card.of(card))
    if effect.no_other_summons:
        tx.set_board(evolve(tx.board, flags=(*tx.board.flags, f"{NO_SUMMONS}:{player}:{card.id}")))
        tx.say("summon.no_other_summons", player=Player(player), card=Card.of(card))


def _summoned_this_turn(board: Board, player: str) -> bool:
    """Has `player` Summoned a monster this turn? Normal and Special Summons are counted, a Flip
    Summon is a turn flag (its monster may have left the field since), and a board may state a
    monster Flip Summoned this turn."""
    if board.player(player).summons_this_turn or f"{FLIP_SUMMONED}:{player}" in board.flags:
        return True
    return any(c.summoned_this_turn and c.summon_type == "flip" for c in board.monsters(player))


def lock_gy(tx: Tx, player: str) -> None:
    """For the rest of this turn `player` cannot activate effects in the GY (Abyss Dweller)."""
    tx.set_board(evolve(tx.board, flags=(*tx.board.flags, f"{GY_LOCK}:{player}")))


def cannot_attack(board: Board, card: CardState) -> bool:
    return f"{NO_ATTACK}:{card.id}" in board.flags


def check_material_targets(tx: Tx, card: CardState, effect: Effect, chosen: list[CardState]) -> None:
    """ "Target 1 Link Monster that was used as material for its Link Summon" (Accesscode Talker):
    the target must be one of this card's materials."""
    for sel in effect.targets:
        if sel.material_of_this:
            break
    else:
        return
    for t in chosen:
        if t.id not in card.summoned_with:
            raise Illegal(
                "activate.bad_target",
                reason=Phrase("bad_target.was_not_used_material", card=Card.of(card), t=CardId(t.id)),
            )  # fmt: skip
