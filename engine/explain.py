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
    "draw.normal_per_co_linked": (
        ("draw-phase", "continuous-effect", "link-summon"),
        "A Continuous effect changes the normal draw: its controller draws 1 card for each different "
        "name among the co-linked \"Knightmare\" monsters on the field, instead of 1 (Knightmare Unicorn).",
    ),
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
    "duel.final_countdown": (
        ("win-conditions", "turn-structure"),
        "Final Countdown: at the end of the 20th turn, counting its activation turn as the 1st, its "
        "player wins (two ending together: a draw).",
    ),
    # --- effects that outlive their resolution (engine.rules.lasting)
    "lp.gain_became_damage": (
        ("life-points", "continuous-effect"),
        "A face-up card turns an effect's LP gain into the same amount of damage (Simochi).",
    ),
    "lp.damage_halved": (("life-points",), "A lasting effect halves the damage this player takes."),
    "lasting.end_phase": (
        ("end-phase", "resolution"),
        "In the End Phase, an effect that resolved earlier does what it said it would (no chain).",
    ),
    "lasting.control_returned": (
        ("control", "end-phase"),
        "Control taken until the End Phase goes back to the card's owner.",
    ),
    "lasting.turn_counted": (
        ("end-phase", "turn-structure"),
        "A card that lasts for a number of the opponent's turns counted one more.",
    ),
    "activate.once_per_turn": (
        ("once-per-turn",),
        "The card (or this effect of it) was already activated this turn; its text allows it once.",
    ),
    "lasting.draw_on_summon": (
        ("lingering-effect", "special-summon"),
        "An effect applied earlier this turn (Maxx \"C\") draws a card at once for an opponent's "
        "Special Summon; no chain.",
    ),
    "lasting.deck_locked": (
        ("lingering-effect", "search-the-deck"),
        "For the rest of the turn no card can be added from either Main Deck to the hand, drawing "
        "included (Droll & Lock Bird).",
    ),
    "lasting.no_damage": (
        ("lingering-effect", "life-points"),
        "For the rest of the turn this player takes no damage (Dark Ruler No More).",
    ),
    "chain.negated_lasting": (
        ("lingering-effect", "negate"),
        "An effect applied earlier (Effect Veiler, Called by the Grave, Crossout Designator) negates "
        "the resolving effect.",
    ),
    "activate.unchainable": (
        ("chain", "activation"),
        "The last Chain Link's card says this cannot be activated in response to it.",
    ),
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
    # --- summons by game procedure and Pendulum Monsters (engine.rules.procedures, .pendulum)
    "summon.materials_wrong": (
        ("special-summon", "summoning-condition"),
        "The materials given do not fit the monster's material line (count, Tuners, Levels, "
        "Link Rating, or the kind of monster it names).",
    ),
    "summon.synchro": (("synchro-summon",), "A Synchro Monster was Synchro Summoned."),
    "summon.xyz": (("xyz-summon", "xyz-material"), "An Xyz Monster was Xyz Summoned."),
    "summon.link": (("link-summon", "extra-monster-zone"), "A Link Monster was Link Summoned."),
    "summon.own_procedure": (
        ("special-summon", "summoning-condition"),
        "A monster was Special Summoned from the hand by its own procedure; no chain starts.",
    ),
    "summon.after_resolution": (
        ("special-summon", "resolution", "missing-the-timing"),
        "An effect's summon happened immediately after the effect resolved, not as part of it.",
    ),
    "summon.after_resolution_none": (
        ("resolution",),
        "No monster was named for the summon an effect allows after it resolves.",
    ),
    "summon.pendulum": (("pendulum-summon",), "Monsters were Pendulum Summoned together."),
    "summon.pendulum_once": (("pendulum-summon",), "A player Pendulum Summons once per turn."),
    "summon.pendulum_no_scales": (
        ("pendulum-summon",),
        "A Pendulum Summon needs a Pendulum Monster in each Pendulum Zone.",
    ),
    "summon.pendulum_wrong_card": (
        ("pendulum-summon", "summoning-condition"),
        "Only monsters in the hand or face-up Pendulum Monsters in the Extra Deck can be Pendulum "
        "Summoned, and not ones that must be Special Summoned in their own way.",
    ),
    "summon.pendulum_wrong_level": (
        ("pendulum-summon",),
        "The monster's Level is not strictly between the two Pendulum Scales.",
    ),
    "summon.not_settable": (("set", "summoning-condition"), "This monster cannot be Normal Set."),
    "summon.cannot_respond": (
        ("normal-summon", "summon-negation"),
        "This monster's Normal Summon cannot be negated, and nothing can be activated in response.",
    ),
    "summon.condition_not_met": (
        ("summoning-condition", "special-summon"),
        "The monster can be Special Summoned only by the card its text names.",
    ),
    "summon.ignoring_conditions": (
        ("summoning-condition", "special-summon"),
        "An effect Special Summoned a monster ignoring its Summoning conditions.",
    ),
    "pendulum.scale_activated": (
        ("pendulum-effect", "activation"),
        "A Pendulum Monster was activated as a Spell Card in a Pendulum Zone.",
    ),
    "rule.pendulum_to_extra_deck": (
        ("pendulum-summon", "send-to-graveyard"),
        "A Pendulum Monster that would go from the field to the GY goes face-up to the Extra Deck.",
    ),
    "lp.damage_became_gain": (
        ("life-points", "continuous-effect"),
        "A face-up card makes the damage an effect would inflict an LP gain instead.",
    ),
    "activate.once_per_chain": (
        ("once-per-turn", "chain"),
        "This effect can be activated only once in the same chain.",
    ),
    "battle.damage_doubled": (
        ("battle-damage",),
        "A monster's effect doubles the battle damage it inflicts to the opponent.",
    ),
    "battle.no_attack_this_turn": (
        ("battle-phase", "activation"),
        "Activating this effect means the card cannot declare an attack this turn.",
    ),
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
    "position.locked": (
        ("battle-position", "rules-vs-card-effects"),
        "A card's effect says this monster cannot change its battle position this turn.",
    ),
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
    "trigger.phase_stop": (
        ("trigger-effect", "end-phase", "standby-phase"),
        "A \"During ...\" trigger is set off as a phase begins: the turn stops in that phase until "
        "it has resolved.",
    ),
    "battle.piercing_damage": (
        ("piercing-damage", "battle-damage"),
        "The attacker inflicts piercing damage: the difference between its ATK and the Defense "
        "Position monster's DEF.",
    ),
    "battle.cannot_be_attacked": (
        ("battle-step", "continuous-effect"),
        "A Continuous effect stops this monster from being chosen as an attack target.",
    ),
    # --- monster abilities: Toon, Union, Gemini (engine.rules.abilities)
    "toon.destroyed_with_toon_world": (
        ("toon-monster", "destroy"),
        "A face-up Toon World on the field was destroyed, so the Toon monsters are destroyed too.",
    ),
    "toon.must_attack_toon": (
        ("toon-monster", "battle-step"),
        "While the opponent controls a face-up Toon monster, a Toon monster must attack a Toon.",
    ),
    "toon.direct_attack": (
        ("toon-monster", "direct-attack"),
        "A Toon monster attacks directly though the opponent controls monsters (none of them Toons).",
    ),
    "union.destroyed_instead": (
        ("union-monster", "equip-card", "destroy"),
        "A Union equipped by its own effect is destroyed instead of the monster it equips.",
    ),
    "union.equipped": (
        ("union-monster", "equip-card"),
        "A Union monster became an Equip Spell Card equipped to a monster.",
    ),
    "union.unequipped": (
        ("union-monster", "special-summon"),
        "An equipped Union monster was Special Summoned back to a Monster Zone.",
    ),
    "union.not_appropriate": (
        ("union-monster", "target"),
        "The monster is not one this Union monster can be equipped to.",
    ),
    "equip.monster_equipped": (
        ("equip-card",),
        "A Monster Card was equipped to a monster; it is an Equip Spell Card while it stays there.",
    ),
    "summon.gemini": (
        ("gemini-monster", "normal-summon"),
        "A face-up Gemini monster was Normal Summoned again (a Gemini Summon) and gains its effects.",
    ),
    "activate.no_effects_now": (
        ("gemini-monster", "activation"),
        "The card has no effects now (a Gemini monster still treated as a Normal Monster).",
    ),
    "summon.not_gemini": (
        ("gemini-monster", "normal-summon"),
        "Only a face-up Gemini monster can be Normal Summoned while it is already on the field.",
    ),
    "summon.gemini_already": (
        ("gemini-monster",),
        "This Gemini monster already has its effects; it cannot be Gemini Summoned again.",
    ),
    "summon.procedure_condition": (
        ("special-summon", "summoning-condition"),
        "The monster's own Special Summon procedure needs a condition that is not met now.",
    ),
    "summon.cannot_be_special_summoned": (
        ("special-summon", "summoning-condition"),
        "This monster cannot be Special Summoned.",
    ),
    "summon.tribute_locked": (
        ("tribute-summon", "tribute"),
        "This monster cannot be Tributed for a Tribute Summon this turn: the effect that put it on "
        "the field said so (Dandylion's Fluff Tokens).",
    ),
    "summon.tribute_kind": (
        ("tribute-summon", "tribute"),
        "This monster's Tribute Summon takes only Tributes of the kind its text names.",
    ),
    "control.switched": (("control",), "Two monsters switched control."),
    "counter.spell_counter_placed": (
        ("counters", "continuous-effect"),
        "A Spell Card resolved, so a card that counts Spells gets a Spell Counter (no chain).",
    ),
    "counter.limit_reached": (("counters",), "The card already holds the most counters it can."),
    "duel.won_by_counters": (
        ("win-conditions", "counters"),
        "A card's effect wins the duel once it holds its number of counters (Vennominaga).",
    ),
    "duel.match_win": (
        ("win-conditions", "battle-damage"),
        "Victory Dragon's battle damage reduced the opponent to 0 LP: its controller wins the Match.",
    ),
    "rule.unaffected": (
        ("continuous-effect", "rules-vs-card-effects"),
        "A card unaffected by other cards' effects is left out of what an effect does.",
    ),
    "attack.extra": (
        ("battle-step",),
        "A card's effect lets a monster that already attacked this turn attack again.",
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
    # --- cards that finish the chain issue (Waboku, Ceasefire, Magic Drain, Gamble, ...)
    "battle.no_battle_damage": (
        ("battle-damage", "damage-calculation"),
        "A card applied this turn means the player takes no battle damage (Waboku).",
    ),
    "battle.not_destroyed_by_battle": (
        ("destroy", "damage-calculation"),
        "A card applied this turn means the player's monsters cannot be destroyed by battle (Waboku).",
    ),
    "battle.banished_by_effect": (
        ("banish", "damage-step"),
        "A monster destroyed by battle is banished instead of sent to the GY (Dark Magician of Chaos).",
    ),
    "battle.destroyed_effects_negated": (
        ("negate", "continuous-effect", "damage-calculation"),
        "An Effect Monster destroyed by battle with a card that says so has its effects negated while "
        "it stays on the field and then in the GY (Terrorking Archfiend).",
    ),
    "chain.negated_destroyed_by_battle": (
        ("negate", "continuous-effect", "resolution"),
        "The resolving effect's monster was destroyed by battle with Terrorking Archfiend: its effects "
        "are negated, so the effect it activated resolves without effect.",
    ),
    "reveal.hand_kept_revealed": (
        ("reveal", "public-knowledge", "continuous-effect"),
        "A face-up card keeps a player's hand revealed: the cards in it are public knowledge (The Eye "
        "of Truth).",
    ),
    "chain.flip_effects_not_activated": (
        ("flip-effect", "resolution"),
        "Monsters a card turns face-up without activating their Flip effects (Ceasefire).",
    ),
    "chain.negated_by_discard": (
        ("negate", "discard"),
        "The opponent discarded a card as the effect resolved, so the rest of it does not happen.",
    ),
    "rule.banished_instead": (
        ("banish", "leaves-the-field"),
        "A face-up card that would leave the field is banished instead, by its own effect.",
    ),
    "rule.end_phase_banish": (
        ("end-phase", "banish"),
        "A monster an effect summoned \"until the End Phase\" is banished then, without a chain.",
    ),
    "rule.control_returned": (
        ("control", "equip-card"),
        "Control given by a card while it stays equipped goes back once it is gone or negated.",
    ),
    "turn.skipped": (
        ("turn-structure", "turn-player"),
        "A player's turn is skipped: the other player takes the next turn.",
    ),
    # --- half-modelled cards finished (brief H8)
    "summon.needs_face_up_monster": (
        ("normal-summon", "flip-summon"),
        "This monster can be Normal or Flip Summoned only while its controller controls a face-up "
        "monster its text names (Terrorking Archfiend); Setting it is not restricted.",
    ),
    "trigger.battle_phase_end_stop": (
        ("trigger-effect", "battle-phase"),
        "Leaving the Battle Phase passes through its End Step; \"at the end of the Battle Phase\" "
        "triggers (Sword Hunter) are set off there and resolve before the turn moves on.",
    ),
    "battle.not_destroyed_once": (
        ("destroy", "once-per-turn", "continuous-effect"),
        "A monster that cannot be destroyed by battle once per turn is not destroyed by this battle; "
        "the use is spent for the turn (Gemini Summoner).",
    ),
    "lasting.borrowed_card_sent": (
        ("end-phase", "send-to-graveyard"),
        "In the End Phase, a card taken from the opponent's GY for this turn only (Graverobber) is "
        "sent to its owner's GY if its taker still has it; no chain.",
    ),
    "lasting.damage_after_use": (
        ("lingering-effect", "life-points"),
        "A card taken with a cost attached (Graverobber) was activated and resolved: its player takes "
        "the damage the taking card said, once; no chain.",
    ),
    "rule.die_roll": (
        ("random", "continuous-effect", "negate"),
        "A die rolled as an opponent's effect that targets this card resolves: on the results its text "
        "names, that effect is negated and its card destroyed (Terrorking Archfiend); no chain.",
    ),
    # --- half-modelled cards finished (brief H9)
    "turn.draw_phase_skipped": (
        ("draw-phase", "turn-structure"),
        "A card's effect makes this player skip the Draw Phase of their next turn (Yata-Garasu): no "
        "Draw Phase, so no draw.",
    ),
    "attack.second_in_a_row": (
        ("battle-step", "trigger-effect"),
        "A monster may make a second attack in a row: its next attack must come before any other "
        "monster attacks (Black Luster Soldier - Envoy of the Beginning).",
    ),
    "attack.second_in_a_row_lost": (
        ("battle-step",),
        "Another monster attacked first, so the second attack \"in a row\" can no longer be made.",
    ),
    "battle.damage_reflected": (
        ("battle-damage", "continuous-effect"),
        "Battle damage a player takes from a battle involving this card is also inflicted to the "
        "opponent, as effect damage, at the same moment (Relinquished).",
    ),
    "battle.damage_reduced_to_zero": (
        ("battle-damage", "pendulum-effect", "once-per-turn"),
        "A Pendulum Effect reduces the battle damage its controller takes from an attack involving "
        "their Pendulum Monster to 0 (Odd-Eyes Pendulum Dragon); it starts no chain.",
    ),
    "rule.destroyed_instead": (
        ("destroy", "equip-card", "continuous-effect"),
        "A monster that would be destroyed by battle has the monster equipped to it destroyed instead "
        "(Relinquished).",
    ),
    "rule.cannot_be_destroyed": (
        ("destroy", "link-summon"),
        "This card cannot be destroyed by the opponent's card effects (a Link Monster summoned with "
        "I:P Masquerena as material).",
    ),
    "rule.column_negated": (
        ("lingering-effect", "negate", "card-zones"),
        "Spell/Trap effects in a column are negated for the rest of the turn (a Set Infinite "
        "Impermanence): those on the field there and those activated there.",
    ),
    "summon.only_one_face_up": (
        ("summoning-condition", "rules-vs-card-effects"),
        "A player can control only 1 face-up copy of this card: a second cannot be summoned or "
        "flipped face-up while one is (Dragon Ice).",
    ),
    "rule.only_one_face_up_destroyed": (
        ("summoning-condition", "destroy"),
        "A second face-up copy of a card its controller may control only once is destroyed by the "
        "game, without a chain.",
    ),
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
