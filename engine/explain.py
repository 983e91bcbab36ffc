"""Explanation codes: one stable dotted name per outcome a judge may ask about.

Every explanation the engine writes names a code from CODES; the code fixes which glossary
entries it links, so a rule and its plain-words entry never drift apart. Codes are documented
here, and only here (the API and the docs read this table).
"""

from __future__ import annotations

from dataclasses import dataclass, field

# code -> (glossary slugs, what the code means)
_TABLE: dict[str, tuple[tuple[str, ...], str]] = {
    # --- turns and phases
    "turn.started": (("turn-structure", "turn-player"), "A new turn begins."),
    "phase.entered": (("turn-structure",), "The turn moves into a phase or step."),
    "phase.passed_through": (
        ("turn-structure", "priority"),
        "The engine moved to the window an action asked for; both players passed in between.",
    ),
    "phase.illegal_order": (("turn-structure",), "Phases only move forward, in order."),
    "phase.not_turn_player": (("turn-player", "turn-structure"), "Only the turn player moves on."),
    "phase.no_battle_first_turn": (
        ("battle-phase", "turn-structure"),
        "The player who goes first has no Battle Phase on the first turn.",
    ),
    "draw.normal": (("draw-phase",), "The turn player draws 1 card in the Draw Phase."),
    "draw.skipped_first_turn": (
        ("draw-phase", "turn-structure"),
        "The player who goes first does not draw on the first turn.",
    ),
    "hand.discard_to_limit": (
        ("hand-size-limit", "end-phase"),
        "At the end of the turn the turn player discards down to 6 cards.",
    ),
    "hand.discard_choice_invalid": (
        ("hand-size-limit",),
        "The cards named for the hand-size discard are not right.",
    ),
    # --- the duel ends
    "duel.zero_lp": (("life-points", "win-conditions"), "A player's LP reached 0: they lose."),
    "duel.both_zero_lp": (("game-draw", "life-points"), "Both players reached 0 LP at once."),
    "duel.deck_out": (("deck-out", "win-conditions"), "A player had to draw from an empty Deck."),
    "duel.conceded": (("concede", "win-conditions"), "A player conceded the duel."),
    "duel.exodia": (
        ("win-conditions",),
        "A player holds all five pieces of Exodia the Forbidden One in the hand and wins.",
    ),
    "duel.over": (("win-conditions",), "The duel has already ended; nothing more happens."),
    # --- action shape
    "action.not_turn_player": (
        ("turn-player", "priority"),
        "Only the turn player may do this, and only while they hold priority.",
    ),
    "action.wrong_phase": (("main-phase", "turn-structure"), "Not allowed in this phase."),
    "action.chain_open": (
        ("chain", "priority"),
        "This cannot be done while a chain is open or a battle window is waiting.",
    ),
    "action.chain_resolved_first": (
        ("chain", "resolution"),
        "Before a new action, the open chain resolves.",
    ),
    "action.card_not_there": (("card-zones",), "The card is not where the action needs it."),
    "action.nothing_to_resolve": (("priority",), "Both players passed with nothing open."),
    "action.passed": (("priority",), "A player passed priority."),
    "priority.not_holder": (("priority", "turn-player"), "Only the player holding priority can pass it."),
    # --- summoning
    "summon.normal": (("normal-summon",), "A monster was Normal Summoned."),
    "summon.tribute": (("tribute-summon", "tribute"), "A monster was Tribute Summoned."),
    "summon.set": (("set", "normal-summon"), "A monster was Normal Set face-down in Defense."),
    "summon.tribute_set": (("set", "tribute-summon"), "A monster was Tribute Set."),
    "summon.flip": (("flip-summon",), "A face-down monster was Flip Summoned."),
    "summon.special": (("special-summon",), "A monster was Special Summoned."),
    "summon.tributes_not_destroyed": (
        ("tribute", "destroy"),
        "Tributed monsters go to the GY but are not destroyed.",
    ),
    "summon.already_used": (
        ("normal-summon",),
        "Only one Normal Summon or Set per turn (Tribute Summons and Sets included).",
    ),
    "summon.wrong_tribute_count": (
        ("tribute-summon", "tribute"),
        "Level 5-6 monsters need 1 Tribute, Level 7 or higher need 2; Level 4 or lower none.",
    ),
    "summon.bad_tribute": (("tribute",), "Tributes must be monsters you control."),
    "summon.no_face_up_defense": (
        ("battle-position", "normal-summon"),
        "A monster is Normal Summoned in Attack Position or Set face-down; never face-up Defense.",
    ),
    "summon.not_normal_summonable": (
        ("special-summon", "normal-summon"),
        "This monster cannot be Normal Summoned or Set.",
    ),
    "summon.not_a_monster": (("normal-summon",), "Only monsters can be summoned."),
    "summon.flip_same_turn": (
        ("flip-summon", "set"),
        "A monster cannot be Flip Summoned the turn it was Set.",
    ),
    "summon.flip_not_face_down": (
        ("flip-summon",),
        "Only a face-down Defense Position monster can be Flip Summoned.",
    ),
    "summon.procedure_not_met": (
        ("special-summon",),
        "The monster's Summoning procedure or its materials are not met.",
    ),
    "zone.full": (("card-zones",), "There is no free zone for the card."),
    "zone.occupied": (("card-zones",), "The zone named is already occupied."),
    "zone.extra_monster_zone": (
        ("extra-monster-zone", "card-zones"),
        "Only monsters from the Extra Deck may be placed in an Extra Monster Zone.",
    ),
    # --- battle positions
    "position.changed": (("battle-position",), "A monster's battle position was changed."),
    "position.already_changed": (
        ("battle-position",),
        "A monster's battle position can be changed manually only once per turn.",
    ),
    "position.summoned_this_turn": (
        ("battle-position",),
        "A monster's position cannot be changed manually the turn it was summoned.",
    ),
    "position.attacked_this_turn": (
        ("battle-position",),
        "A monster that attacked this turn cannot have its position changed manually.",
    ),
    "position.face_down": (
        ("battle-position", "flip-summon"),
        "A face-down monster is turned face-up by a Flip Summon, not a position change.",
    ),
    "position.same": (("battle-position",), "The monster is already in that position."),
    # --- spells and traps
    "set.spell_trap": (("set",), "A Spell or Trap was Set face-down."),
    "set.cannot_activate_this_turn": (
        ("set", "normal-trap", "quick-play-spell"),
        "A Trap or Quick-Play Spell cannot be activated the turn it was Set.",
    ),
    "set.field_spell_replaced": (("field-spell",), "A new Field Spell sends the old one to GY."),
    # --- chains (foundation; the chain issue adds more)
    "chain.opened": (("chain", "spell-speed"), "An activation starts a chain as Chain Link 1."),
    "chain.link_added": (("chain", "chain-link"), "An activation is added to the open chain."),
    "chain.spell_speed_too_low": (
        ("spell-speed", "chain"),
        "A response must be Spell Speed 2 or higher and at least the previous link's.",
    ),
    "chain.resolves": (("resolution", "chain"), "The chain resolves, last link first."),
    "chain.link_resolved": (("resolution", "chain-link"), "A Chain Link resolved."),
    "chain.link_no_target": (
        ("target", "resolution"),
        "Every target of a link became invalid before it resolved, so the link does nothing.",
    ),
    "chain.link_negated": (
        ("negate", "chain-link"),
        "A link whose activation or effect was negated resolves without doing anything.",
    ),
    "activate.cost_missing": (("cost",), "The cost the card demands was not given or cannot be paid."),
    "chain.left_field_no_effect": (
        ("resolution", "continuous-spell"),
        "A Continuous/Equip/Field Spell or Continuous Trap that left the field does nothing.",
    ),
    "activate.not_allowed_now": (
        ("activation", "spell-speed"),
        "The card cannot be activated at this point of the turn.",
    ),
    "activate.no_such_effect": (("activation",), "The card has no effect with that number."),
    "activate.no_effect_defined": (
        ("activation",),
        "The engine has no written effect for this card here.",
    ),
    "activate.bad_target": (("target",), "The target chosen is not one the card can take."),
    "activate.condition_not_met": (
        ("activation-condition",),
        "The card's activation condition is not met.",
    ),
    "activate.damage_step": (
        ("damage-step", "counter-trap"),
        "In the Damage Step only Counter Traps and effects that directly change ATK/DEF.",
    ),
    "stated.applied": (
        ("resolution",),
        "The library has no written effect here: the link did what the judge stated, under the "
        "same timing rules (targets re-checked, each later part happening after the one before).",
    ),
    "stated.none_given": (
        ("resolution",),
        "The card has no written resolution and none was stated, so its link does nothing here.",
    ),
    "stated.trigger_set_off": (
        ("trigger-effect",),
        "The library cannot tell what sets off this trigger; the judge's activation says it was.",
    ),
    "stated.card_not_there": (
        ("resolution", "target"),
        "A card the judge's stated resolution names is no longer where that part could act on it.",
    ),
    "target.no_longer_valid": (
        ("target", "resolution"),
        "A target that moved or no longer fits is not affected.",
    ),
    "rule.equip_destroyed": (
        ("equip-card", "destroy"),
        "An Equip Card whose monster left the field or was turned face-down is destroyed.",
    ),
    "rule.bound_monster_destroyed": (
        ("continuous-trap", "leaves-the-field"),
        "A monster brought back by a card (Call of the Haunted) is destroyed when that card leaves.",
    ),
    "cost.maintenance_paid": (
        ("cost", "standby-phase"),
        "A maintenance cost was paid; it is due even while the card's effect is negated.",
    ),
    "cost.maintenance_unpaid": (
        ("cost", "standby-phase"),
        "A maintenance cost was not paid, so the card is destroyed.",
    ),
    "activate.locked": (
        ("continuous-effect", "normal-trap"),
        "A face-up card's Continuous effect forbids this activation (Jinzo: no Trap Cards).",
    ),
    "activate.flipped_this_chain": (
        ("continuous-trap", "chain"),
        "A Continuous Trap's effect used as it was flipped cannot be used again in that chain.",
    ),
    "activate.not_activated_effect": (
        ("continuous-effect", "activation"),
        "A Continuous or maintenance effect applies by itself; it is never activated.",
    ),
    "chain.activated_card_stays": (
        ("chain", "normal-spell", "normal-trap"),
        "An activated Normal Spell/Trap stays on the field until its chain ends; it cannot be returned.",
    ),
    "chain.continuous_trap_flip_use": (
        ("continuous-trap", "chain-link"),
        "A Continuous Trap activated and its effect used at once: one Chain Link, not two.",
    ),
    "chain.damage_redirected": (
        ("counter-trap", "battle-damage"),
        "A card redirected the damage of a link to the other player.",
    ),
    "chain.condition_gone": (
        ("activation-condition", "resolution"),
        "A card whose text needs its condition at resolution too does nothing once it is gone.",
    ),
    "chain.negated_by_continuous": (
        ("negate", "continuous-effect"),
        "A face-up card's Continuous effect negates the resolving card's effect.",
    ),
    "choice.engine_picked": (
        ("resolution",),
        "A choice made at resolution was not given; the engine took the first legal option.",
    ),
    "choice.missing": (("resolution",), "The effect needs a choice the scenario did not give."),
    "choice.not_allowed": (("resolution",), "A choice named a card the effect cannot take."),
    "cost.attack_cost_paid": (
        ("cost", "continuous-effect"),
        "A cost to declare an attack, part of the monster's effect, was paid.",
    ),
    "rule.tributes_forbidden": (
        ("tribute", "continuous-effect"),
        "A face-up card forbids Tributes (Mask of Restrict): no Tribute cost, Summon or Ritual.",
    ),
    "summon.negated": (
        ("summon-negation",),
        "The summon was negated: the monster was never summoned successfully.",
    ),
    "summon.negation_window": (
        ("summon-negation", "chain"),
        "A card that negates summons answers a summon as it is attempted; the summon is not a link.",
    ),
    "trigger.waiting": (
        ("trigger-effect", "simultaneous-effects"),
        "Triggers set off by what just happened wait to build a chain, in the SEGOC order.",
    ),
    "trigger.activated": (("trigger-effect", "chain-link"), "A waiting trigger goes on the chain."),
    "trigger.auto_activated": (
        ("mandatory-and-optional", "simultaneous-effects"),
        "A mandatory trigger the scenario left out is activated by the engine in its legal place.",
    ),
    "trigger.declined": (
        ("mandatory-and-optional",),
        "An optional trigger was not activated.",
    ),
    "trigger.mandatory": (
        ("mandatory-and-optional",),
        "A mandatory trigger must be activated; it cannot be declined.",
    ),
    "trigger.wrong_order": (
        ("simultaneous-effects",),
        "Simultaneous triggers go on the chain: turn player's mandatory, opponent's mandatory, turn "
        "player's optional, opponent's optional.",
    ),
    "trigger.wrong_player": (("trigger-effect",), "A trigger is activated by its controller only."),
    "trigger.not_set_off": (
        ("trigger-effect",),
        "A trigger effect activates only when its event happens, in the window that follows.",
    ),
    "timing.missed": (
        ("missing-the-timing", "when-and-if"),
        "An optional \"When ... you can\" trigger whose event was not the last thing to happen.",
    ),
    "trigger.none_waiting": (
        ("trigger-effect", "mandatory-and-optional"),
        "There is no optional trigger waiting that could be declined.",
    ),
    # --- battle
    "battle.attack_declared": (("battle-step",), "An attack was declared."),
    "battle.direct_attack": (("direct-attack", "battle-damage"), "An attack on the player."),
    "battle.attacks_forbidden": (
        ("rules-vs-card-effects", "battle-step"),
        "A card's effect stops this player from declaring attacks this turn.",
    ),
    "battle.direct_blocked": (
        ("direct-attack",),
        "A direct attack is allowed only when the opponent controls no monsters.",
    ),
    "battle.already_attacked": (
        ("battle-step",),
        "Each monster can attack only once per turn unless a card says otherwise.",
    ),
    "battle.not_attack_position": (
        ("battle-position", "battle-step"),
        "Only face-up Attack Position monsters can attack.",
    ),
    "battle.not_battle_phase": (("battle-phase",), "Attacks are declared in the Battle Step."),
    "battle.bad_target": (("battle-step",), "The attack target must be an opponent's monster."),
    "battle.no_battle_first_turn": (
        ("battle-phase", "turn-structure"),
        "The player who goes first cannot conduct a Battle Phase on the first turn.",
    ),
    "battle.flipped_face_up": (
        ("damage-step", "flip-effect"),
        "A face-down attack target is turned face-up in the Damage Step before damage.",
    ),
    "battle.damage_step_window": (("damage-step",), "The Damage Step moved to its next window."),
    "battle.atk_vs_atk_higher": (
        ("damage-calculation", "battle-damage", "destroy"),
        "ATK vs ATK, the attacker is stronger: the target is destroyed, its controller takes the "
        "difference.",
    ),
    "battle.atk_vs_atk_lower": (
        ("damage-calculation", "battle-damage", "destroy"),
        "ATK vs ATK, the attacker is weaker: the attacker is destroyed, its controller takes the "
        "difference.",
    ),
    "battle.atk_vs_atk_equal": (
        ("damage-calculation", "destroy"),
        "ATK vs ATK with equal ATK: both are destroyed and no damage.",
    ),
    "battle.atk_vs_atk_zero": (
        ("damage-calculation",),
        "ATK vs ATK with both at 0 ATK: neither is destroyed and no damage.",
    ),
    "battle.atk_vs_def_higher": (
        ("damage-calculation", "destroy"),
        "ATK above DEF: the Defense Position monster is destroyed; no damage.",
    ),
    "battle.atk_vs_def_equal": (
        ("damage-calculation",),
        "ATK equal to DEF: nothing is destroyed and no damage.",
    ),
    "battle.atk_vs_def_lower": (
        ("damage-calculation", "battle-damage"),
        "ATK below DEF: nothing is destroyed; the attacker's controller takes the difference.",
    ),
    "battle.direct_damage": (
        ("direct-attack", "battle-damage"),
        "A direct attack deals the attacker's ATK as damage.",
    ),
    "battle.replay": (
        ("replay", "battle-step"),
        "The opponent's monsters changed before damage: the attack may be declared again.",
    ),
    "battle.ended": (("battle-step",), "The battle ended."),
}


@dataclass(frozen=True, slots=True)
class Code:
    """One explanation code: the glossary entries it links and what it means."""

    name: str
    glossary: tuple[str, ...]
    meaning: str


CODES: dict[str, Code] = {
    name: Code(name, slugs, meaning) for name, (slugs, meaning) in _TABLE.items()
}


@dataclass(frozen=True, slots=True)
class Explanation:
    """A sentence for a judge, tied to a rule (code) and its glossary entries."""

    code: str
    text: str
    cards: tuple[str, ...] = ()
    extra_glossary: tuple[str, ...] = field(default=())

    def to_dict(self) -> dict:
        slugs = list(CODES[self.code].glossary)
        slugs += [s for s in self.extra_glossary if s not in slugs]
        return {"code": self.code, "text": self.text, "glossary": slugs, "cards": list(self.cards)}


def explain(code: str, text: str, *cards: str) -> Explanation:
    """Build an explanation; an unknown code is a programming error, caught by the tests."""
    if code not in CODES:
        raise KeyError(f"unknown explanation code {code!r}")
    return Explanation(code, text, tuple(c for c in cards if c))
