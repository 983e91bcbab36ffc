"""Activation conditions: the `condition:` words of a card file ("responds_to_spell",
"opponents_turn", "damage_step_battling"...), each a small function registered in
engine.vocabulary.CONDITIONS with the words it writes. A function returns None when its
condition holds now, else what is missing, in words; rules.chain asks them at activation.

Conditions about the link an activation answers ("responds_to_...") are `_answering`: with no
chain open, they are missing before anything else is asked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.explain import SUMMON_WORDS, CardId, Phrase, Player, Zone
from engine.rules import continuous, restrictions
from engine.rules.common import MAIN_PHASES
from engine.state import opponent
from engine.vocabulary import CONDITIONS

if TYPE_CHECKING:
    from engine.cards import Effect
    from engine.state import ChainLink, Summon
    from engine.tx import Tx


@dataclass(frozen=True, slots=True)
class Activating:
    """What a condition is asked about: who activates which effect, answering which link, and
    whether the activation answers a summon being attempted."""

    tx: Tx
    player: str
    effect: Effect
    answered: ChainLink | None
    negating_summon: bool
    card: str = ""  # the card activated ("if this card is being attacked": Kazejin)


Check = Callable[[Activating], "str | Phrase | None"]


def _answering(check: Callable[[Activating, ChainLink], str | Phrase | None]) -> Check:
    """A condition about the link the activation answers: missing while no chain is open."""

    def asked(a: Activating) -> str | Phrase | None:
        if a.answered is None:
            return Phrase("unmet.no_chain")
        return check(a, a.answered)

    asked.__doc__ = check.__doc__
    return asked


def _link_kind(tx: Tx, link: ChainLink) -> str:
    """What a link is, for activation conditions: a Spell or Trap Card's activation, or an effect."""
    defn = tx.board.define(link.card)
    if not link.effect or _link_effect(tx, link).pendulum:  # a Pendulum card acts as a Spell Card
        return "spell" if not link.effect else "spell_effect"
    if _link_effect(tx, link).kind == "activation":
        return defn.card_type  # "spell" or "trap"
    snap = link.card_snapshot  # an equipped Union's effect is an Equip Spell Card's effect
    if defn.is_monster and snap is not None and snap.zone == "spell_traps":
        return "spell_effect"
    return "monster_effect" if defn.is_monster else f"{defn.card_type}_effect"


_CONDITION_TEXT = {
    "responds_to_spell": ("spell",), "responds_to_trap": ("trap",),
    "responds_to_spell_or_trap": ("spell", "trap"), "responds_to_monster_effect": ("monster_effect",),
    "responds_to_any": ("spell", "trap", "monster_effect", "spell_effect", "trap_effect"),
}  # fmt: skip


def _summon_fits(effect: Effect, summon: Summon | None, player: str, who: str) -> bool:
    if summon is None:
        return False
    kinds = effect.summon_kinds
    kind = "normal" if summon.kind == "tribute" else summon.kind
    if kinds and kind not in kinds and summon.kind not in kinds:
        return False
    return who == "any" or summon.player != player


# What Ash Blossom & Joyous Spring answers, as categories: "search" (a card added from the Deck
# to the hand), "draw" (drawing is adding from the Deck), "special_summon_from_deck",
# "send_from_deck". A card's steps say it too, so a card that forgot the category still counts.
DECK_ACTIONS = frozenset({"search", "draw", "special_summon_from_deck", "send_from_deck"})


_STEP_ACTIONS = {"add_to_hand": "search", "excavate_add": "search",
                 "special_summon": "special_summon_from_deck", "send_to_gy": "send_from_deck"}  # fmt: skip


def deck_actions(effect: Effect) -> set[str]:
    """Which of Ash Blossom's three kinds of action (drawing counts as adding) an effect includes."""
    found = set(effect.categories) & DECK_ACTIONS
    for step in effect.do:
        if step.op in ("draw", "draw_until", "draw_when_opponent_special_summons"):
            found.add("draw")  # Maxx "C"'s draws later in the turn are still its effect's (Niconico Pedia)
        elif step.op in _STEP_ACTIONS and not isinstance(step.cards, str) and step.cards is not None and (
            step.cards.zone in ("deck", "hand_or_deck")
        ):  # fmt: skip
            found.add(_STEP_ACTIONS[step.op])
    return found


def _field_effect(tx: Tx, link: ChainLink) -> bool:
    """Was this link the effect of a monster activated on the field, or the effect of a Spell/Trap
    already face-up on the field (not a card's activation, nor a Trap's effect used as it flipped)?"""
    snapshot = link.card_snapshot
    if snapshot is None or snapshot.zone not in continuous.FIELD or not snapshot.face_up:
        return False
    return _link_effect(tx, link).kind != "activation" and link.card not in tx.game.flipped_in_chain


def _link_effect(tx: Tx, link: ChainLink) -> Effect:
    return restrictions.link_effect(tx.board, link)  # number 0: a Pendulum card placed as a Scale


def _would_damage(tx: Tx, link: ChainLink, player: str) -> bool:
    """Would this link inflict damage to `player` as written ("damage" to you or the opponent)?"""
    for step in _link_effect(tx, link).do:
        if step.op != "damage":
            continue
        who = step.player or "opponent"
        hit = {"you": [link.player], "opponent": [opponent(link.player)], "both": ["A", "B"]}[who]
        if player in hit:
            return True
    return False


# --------------------------------------------------------------------------- summons
@CONDITIONS.register("negates_summon", "a summon (of `summon_kinds`) is being attempted now")
def _negates_summon(a: Activating) -> str | Phrase | None:
    if a.negating_summon and _summon_fits(a.effect, a.tx.game.summon_attempt, a.player, "any"):
        return None
    answering = next((link for link in a.tx.game.chain if link.answers_summon), None)
    if a.tx.game.summon_attempt is None and answering is not None:
        # the summon is answered already: only Chain Link 1 can negate a summon (ygorganization,
        # Learn Rulings part 6: Summons)
        return Phrase("unmet.summon_answered_by_link_1", first=CardId(answering.card),
                      summoned=[CardId(c) for c in answering.answers_summon])  # fmt: skip
    done = a.tx.game.last_summon
    if a.tx.game.summon_attempt is None and done is not None and done.by is not None:
        # Monster Reborn, Polymerization: the summon is part of a resolving effect, never attempted
        return Phrase("unmet.summon_by_resolving_effect", by=CardId(done.by),
                      summoned=[CardId(c) for c in done.cards])  # fmt: skip
    kinds = " or ".join(a.effect.summon_kinds) or "any"
    return Phrase("unmet.negates_summon", kinds=kinds)


def _summoned(who: str) -> Check:
    def summoned(a: Activating) -> str | Phrase | None:
        if _summon_fits(a.effect, a.tx.game.last_summon, a.player, who):
            return None
        by = Phrase("by.opponent" if who == "opponent" else "by.a_player")
        if not a.effect.summon_kinds:  # any summon: "the opponent's successful summon"
            return Phrase("unmet.summoned_any", by=by)
        kinds = [SUMMON_WORDS.get(k, k) for k in a.effect.summon_kinds]
        last = a.tx.game.last_summon
        if last is not None and (who == "any" or last.player != a.player):
            # the summon just made is of another kind (Trap Hole after a Special Summon)
            made = SUMMON_WORDS.get(last.kind, last.kind)
            return Phrase("unmet.summon_kind", by=by, kinds=kinds, kind=made)
        return Phrase("unmet.summoned", by=by, kinds=kinds)

    return summoned


CONDITIONS.add(
    "opponent_summoned",
    _summoned("opponent"),
    "the opponent's successful summon (of `summon_kinds`) is the last thing that happened",
)
CONDITIONS.add(
    "any_summoned",
    _summoned("any"),
    "a successful summon (of `summon_kinds`) is the last thing that happened",
)


# --------------------------------------------------------------------------- phases and turns
@CONDITIONS.register(
    "equip_card_movable", "an Equip Card on the field can be moved to another monster it could be equipped to"
)
def _equip_card_movable(a: Activating) -> str | Phrase | None:
    """Tailor of the Fickle: with no Equip Card it could move, it cannot be activated; a monster
    equipped as an Equip Card (other than a Union equipped by its own effect) is named as one that
    cannot be moved (engine.rules.abilities.move_equip_problem)."""
    from engine.rules.abilities import movable_equips, move_equip_problem

    board = a.tx.board
    if movable_equips(board):
        return None
    stuck = [e for e in board.spell_traps() if e.equipped_to is not None
             and any(move_equip_problem(board, e, m) is not None for m in board.monsters())
             and board.define(e.id).is_monster]  # fmt: skip
    if stuck:
        return Phrase(
            "unmet.no_movable_equip_monsters", stuck=[CardId(e.id) for e in stuck], count=len(stuck)
        )
    return Phrase("unmet.no_movable_equip")


@CONDITIONS.register("battle_phase", "during the Battle Phase")
def _battle_phase(a: Activating) -> str | Phrase | None:
    """Combination Attack."""
    return None if a.tx.board.phase == "battle" else "it works only during the Battle Phase"


@CONDITIONS.register("not_battle_phase", "not during the Battle Phase")
def _not_battle_phase(a: Activating) -> str | Phrase | None:
    """Invader of the Throne's Flip effect."""
    return Phrase("unmet.not_battle_phase") if a.tx.board.phase == "battle" else None


@CONDITIONS.register("main_phase", "during either player's Main Phase 1 or 2")
def _main_phase(a: Activating) -> str | Phrase | None:
    """Nibiru, the Primal Being; the opponent's alone is `opponents_main_phase`."""
    if a.tx.board.phase in MAIN_PHASES and a.tx.game.battle is None:
        return None
    return Phrase("unmet.main_phase")


@CONDITIONS.register("opponents_turn", "during the opponent's turn")
def _opponents_turn(a: Activating) -> str | Phrase | None:
    return None if a.tx.board.turn_player != a.player else "it can be activated only in the opponent's turn"


@CONDITIONS.register("opponents_main_phase", "during the opponent's Main Phase 1 or 2")
def _opponents_main_phase(a: Activating) -> str | Phrase | None:
    """Formula Synchron, I:P Masquerena."""
    board = a.tx.board
    if board.turn_player != a.player and board.phase in ("main1", "main2") and a.tx.game.battle is None:
        return None
    return Phrase("unmet.opponents_main_phase")


@CONDITIONS.register("main_or_opponents_battle", "during your Main Phase or the opponent's Battle Phase")
def _main_or_opponents_battle(a: Activating) -> str | Phrase | None:
    """Ultimate Offering."""
    board = a.tx.board
    mine = board.turn_player == a.player
    if (mine and board.phase in ("main1", "main2")) or (not mine and board.phase == "battle"):
        return None
    return Phrase("unmet.main_or_opponents_battle")


@CONDITIONS.register("end_of_battle_phase", "at the end of the Battle Phase (its End Step)")
def _end_of_battle_phase(a: Activating) -> str | Phrase | None:
    """Evenly Matched."""
    board = a.tx.board
    if board.phase == "battle" and board.step == "end" and a.tx.game.battle is None:
        return None
    return Phrase("unmet.end_of_battle_phase")


@CONDITIONS.register(
    "opponent_activated_monster_effect_in_main",
    "the opponent activated a monster effect in a Main Phase this turn",
)
def _opponent_activated_monster_effect_in_main(a: Activating) -> str | Phrase | None:
    """Triple Tactics Talent."""
    if f"monster_effect_main:{opponent(a.player)}" in a.tx.board.flags:
        return None
    return Phrase("unmet.opponent_activated_monster_effect_in_main", opponent=Player(opponent(a.player)))


@CONDITIONS.register(
    "opponent_added_from_deck",
    "the opponent just added a card from their Main Deck to the hand outside the Draw Phase",
)
def _opponent_added_from_deck(a: Activating) -> str | Phrase | None:
    """Droll & Lock Bird: nothing else has happened since."""
    if opponent(a.player) in a.tx.game.last_added:
        return None
    return (Phrase("unmet.opponent_added_from_deck", opponent=Player(opponent(a.player))))  # fmt: skip


@CONDITIONS.register(
    "opponent_drew_outside_draw_phase",
    "the opponent's draw outside a Draw Phase is the last thing that happened",
)
def _opponent_drew_outside_draw_phase(a: Activating) -> str | Phrase | None:
    """Appropriate (TCG text: "Activate only when your opponent draws ... outside of either Draw
    Phase"): a "when" timing, so not after something else has happened (Graceful Charity's discard)."""
    if a.tx.game.last_drew == opponent(a.player):
        return None
    return Phrase("unmet.opponent_drew_outside_draw_phase", opponent=Player(opponent(a.player)))


# --------------------------------------------------------------------------- attacks and battles
@CONDITIONS.register("opponent_attack_declared", "an opponent's monster has just declared an attack")
def _opponent_attack_declared(a: Activating) -> str | Phrase | None:
    battle, board = a.tx.game.battle, a.tx.board
    if battle is not None and battle.window == "battle_step" and (
        board.cards[battle.attacker].controller != a.player
    ):  # fmt: skip
        return None if battle.declaration else Phrase("unmet.not_first_chain_after_declaration")
    return Phrase("unmet.opponent_attack_declared")


@CONDITIONS.register("any_attack_declared", "a monster has just declared an attack")
def _any_attack_declared(a: Activating) -> str | Phrase | None:
    """Number 39: Utopia."""
    battle = a.tx.game.battle
    if battle is not None and battle.window == "battle_step":
        return None if battle.declaration else Phrase("unmet.not_first_chain_after_declaration")
    return Phrase("unmet.any_attack_declared")


@CONDITIONS.register(
    "damage_step_battling", "in the Damage Step, before damage calculation, while monsters battle"
)
def _damage_step_battling(a: Activating) -> str | Phrase | None:
    """Honest; which monster must battle is `requires.battling`."""
    battle = a.tx.game.battle
    if battle is not None and battle.target is not None and battle.window in (
            "damage_step_start", "before_damage_calculation"):  # fmt: skip
        return None
    return Phrase("unmet.damage_step_battling")


@CONDITIONS.register(
    "damage_calculation_opponent_attacks", "during damage calculation, while an opponent's monster attacks"
)
def _damage_calculation_opponent_attacks(a: Activating) -> str | Phrase | None:
    """Kuriboh."""
    board, battle = a.tx.board, a.tx.game.battle
    attacker = board.cards.get(battle.attacker) if battle is not None else None
    if battle is not None and battle.window == "damage_calculation" and attacker is not None and (
        attacker.controller != a.player
    ):  # fmt: skip
        return None
    return Phrase("unmet.damage_calculation_opponent_attacks")


@CONDITIONS.register(
    "damage_calculation_this_attacked",
    "during damage calculation in the opponent's turn, while this card is being attacked",
)
def _damage_calculation_this_attacked(a: Activating) -> str | Phrase | None:
    """Kazejin, Sanga of the Thunder, Suijin."""
    battle = a.tx.game.battle
    attacker = a.tx.board.cards.get(battle.attacker) if battle is not None else None
    if battle is not None and battle.window == "damage_calculation" and battle.target == a.card and (
        attacker is not None and attacker.controller != a.player and a.tx.board.turn_player != a.player
    ):  # fmt: skip
        return None
    return Phrase("unmet.damage_calculation_this_attacked")


# --------------------------------------------------------------------------- the answered link
@CONDITIONS.register("responds_to_destruction", "it answers a link that would destroy a card")
@_answering
def _responds_to_destruction(a: Activating, answered: ChainLink) -> str | Phrase | None:
    """Stardust Dragon. Not a link whose every destruction is one its player may choose as it
    resolves ("then you can destroy": Magical Dimension): it is not certain to destroy
    (yugioh-hack.com, Stardust Dragon and Magical Dimension)."""
    effect = _link_effect(a.tx, answered)
    if "destroy" not in effect.categories:
        return Phrase("unmet.responds_to_destruction", link=answered.link)
    destroying = [s for s in effect.do if "destroy" in s.op]
    if destroying and all(s.optional for s in destroying):
        return Phrase("unmet.destruction_only_chosen", link=answered.link, card=CardId(answered.card))
    if answered.answers_summon and destroying and all(s.cards == "that_link" for s in destroying):
        # it destroys only the monster whose summon it negates, which is not on the field yet
        # (Edison rulings, Prime Material Dragon: not against Royal Oppression on a summon)
        return Phrase("unmet.destroys_only_summoned", link=answered.link,
                      summoned=[CardId(c) for c in answered.answers_summon])  # fmt: skip
    return None


@CONDITIONS.register(
    "responds_to_deck_action",
    "it answers a link that adds from the Deck to the hand, summons or sends from it",
)
@_answering
def _responds_to_deck_action(a: Activating, answered: ChainLink) -> str | Phrase | None:
    """Ash Blossom & Joyous Spring: drawing counts as adding from the Deck."""
    if deck_actions(_link_effect(a.tx, answered)):
        return None
    return (Phrase("unmet.responds_to_deck_action", link=answered.link))  # fmt: skip


@CONDITIONS.register(
    "responds_to_field_effect",
    "it answers a monster effect activated on the field, or a face-up Spell/Trap's effect",
)
@_answering
def _responds_to_field_effect(a: Activating, answered: ChainLink) -> str | Phrase | None:
    """Ghost Ogre & Snow Rabbit."""
    if _field_effect(a.tx, answered):
        return None
    return Phrase("unmet.responds_to_field_effect", link=answered.link)


@CONDITIONS.register("responds_to_summoning", "it answers a link that would summon")
@_answering
def _responds_to_summoning(a: Activating, answered: ChainLink) -> str | Phrase | None:
    if {"special_summon", "summon"} & set(_link_effect(a.tx, answered).categories):
        return None
    return Phrase("unmet.responds_to_summoning", link=answered.link)


@CONDITIONS.register("responds_to_damage", "it answers a link that would inflict damage to its player")
@_answering
def _responds_to_damage(a: Activating, answered: ChainLink) -> str | Phrase | None:
    if _would_damage(a.tx, answered, a.player):
        return None
    return Phrase("unmet.responds_to_damage", a_player=Player(a.player), link=answered.link)


def _responds_to_kind(condition: str) -> Check:
    """It answers the activation of a card or effect of these kinds, immediately before it."""
    wanted = _CONDITION_TEXT[condition]

    def responds(a: Activating, answered: ChainLink) -> str | Phrase | None:
        kind = _link_kind(a.tx, answered)
        if kind in wanted:
            return None
        return Phrase("unmet.responds_to_kind", wanted=[Zone(w) for w in wanted], link=answered.link,
                      kind=Zone(kind))  # fmt: skip

    return _answering(responds)


CONDITIONS.add(
    "responds_to_spell", _responds_to_kind("responds_to_spell"), "it answers the activation of a Spell Card"
)
CONDITIONS.add(
    "responds_to_trap", _responds_to_kind("responds_to_trap"), "it answers the activation of a Trap Card"
)
CONDITIONS.add(
    "responds_to_spell_or_trap",
    _responds_to_kind("responds_to_spell_or_trap"),
    "it answers the activation of a Spell or Trap Card",
)
CONDITIONS.add(
    "responds_to_monster_effect",
    _responds_to_kind("responds_to_monster_effect"),
    "it answers the activation of a monster effect",
)
CONDITIONS.add(
    "responds_to_any",
    _responds_to_kind("responds_to_any"),
    "it answers any activation (a card, or a monster, Spell or Trap effect)",
)
