"""Explanation codes and their wording: one stable dotted name per outcome a judge may ask about.

Every explanation the engine writes names a code from CODES; the code fixes which glossary
entries it links, so a rule and its plain-words entry never drift apart. Codes are documented
here, and only here (the API and the docs read this table).

This module is also the one place of wording. A rule never writes a sentence: it gives a code
and structured parameters (`Tx.say(code, **params)`, `Illegal(code, **params)`), and `render`
turns them into text with the code's sentence template (SENTENCES, `str.format` named fields).
Where one code covers several situations, its template takes a phrase (`Phrase(key, **params)`,
a key into PHRASES, whose templates have parameters of their own and may nest phrases).

Parameters are values, never words:

- `Phase("battle")` (written "the Battle Phase"; with a `step`, "the Damage Step of the Battle
  Phase"), `Window("damage_calculation")` (a moment of a battle, as WINDOW_NAMES writes it).
- `Card(id, name)`: a card, named by the namer given to `render` (by default its name as the
  rule knew it); `CardId(id)`: a card written as its id. Either adds its id to `cards`.
- `Player("A")`, `Zone("extra_deck")` (written "extra deck"), ints (a `one|other` format spec
  picks a word by the number: `{n} {n:was|were}`), strings that are values (a
  card name, a Monster Type), lists (joined with ", ", or with the field's format spec:
  `{done:; }` joins with "; "), a `Phrase`, or another explanation
  (`Explanation`, nested where one outcome says why another one happened).

A replay's explanation is a dict: `code`, `text` (rendered), `glossary`, `cards` (the ids it is
about) and `params`, the parameters as JSON so a reader can render them again with its own
namer: a card is `{"card": id}` (`{"card": id, "as": "id"}` for a CardId), a player
`{"player": "A"}`, a zone `{"zone": name}`, a phase `{"phase": name}` (and `"step"`), a battle's
moment `{"window": name}`, a phrase `{"phrase": key, "params": {...}}`, a nested
explanation `{"explanation": code, "params": {...}}`; ints, strings and lists as they are.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from engine.state import PHASE_NAMES

# code -> (glossary slugs, what the code means)
_TABLE: dict[str, tuple[tuple[str, ...], str]] = {
    # --- turns and phases
    "turn.started": (("turn-structure", "turn-player"), "A new turn begins."),
    "phase.entered": (("turn-structure",), "The turn moves into a phase or step."),
    "phase.battle_phase_ended": (
        ("battle-phase", "main-phase"),
        "An effect ended the Battle Phase: once the chain has resolved, the turn moves to Main Phase 2.",
    ),
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
        'name among the co-linked "Knightmare" monsters on the field, instead of 1 (Knightmare Unicorn).',
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
    "deck.shuffled_after_search": (
        ("search-the-deck", "shuffle"),
        "A Deck is shuffled after it is searched; the order of its cards is no longer known.",
    ),
    "deck.shuffled_after_failed_search": (
        ("search-the-deck", "shuffle"),
        "A Deck searched for a card that is not in it is shuffled all the same.",
    ),
    "deck.order_unknown": (
        ("shuffle", "search-the-deck"),
        "A card taken from the top of a shuffled Deck is not known until it is seen.",
    ),
    "continuous.draws_on_opponent_draw": (
        ("continuous-effect", "draw-phase"),
        "A face-up card makes its controller draw each time the opponent draws outside a Draw Phase.",
    ),
    "duel.both_deck_out": (
        ("deck-out", "game-draw"),
        "Both players had to draw more cards at once than their Decks held: the duel is a draw.",
    ),
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
    "activate.once_while_face_up": (
        ("once-per-turn",),
        "The effect was already used while the card has been face-up on the field; its text allows it once.",
    ),
    "lasting.draw_on_summon": (
        ("lingering-effect", "special-summon"),
        'An effect applied earlier this turn (Maxx "C") draws a card at once for an opponent\'s '
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
    "rule.extra_deck_instead": (
        ("card-zones", "fusion-summon", "xyz-summon"),
        "A Fusion, Synchro, Xyz or Link Monster that would go to the hand or Main Deck returns to the Extra "
        "Deck.",
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
    "summon.own_tribute_method": (
        ("tribute-summon", "tribute", "set"),
        "A monster with its own way to be Tribute Summoned may be Tribute Summoned that way, and Tribute "
        "Set that way too.",
    ),
    "summon.own_tribute_method_not_met": (
        ("tribute-summon", "tribute"),
        "A monster with its own Tribute method needs the usual Tributes, or the ones its method names.",
    ),
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
    # --- Extra Monster Zones and Link Arrows (Master Rule, April 2020)
    "zone.not_linked": (
        ("extra-monster-zone", "link-summon", "card-zones"),
        "A Link Monster, or a Pendulum Monster from the face-up Extra Deck, goes to an Extra Monster Zone "
        "or a Main Monster Zone a Link Arrow points to.",
    ),
    "zone.one_extra_monster_zone": (
        ("extra-monster-zone", "card-zones"),
        "A player with a monster in one Extra Monster Zone may use the other only to form an Extra Link.",
    ),
    # --- Fusion and Ritual materials, chosen and checked at resolution
    "summon.material_not_there": (
        ("fusion-summon", "ritual-summon", "resolution"),
        "A stated material no longer where the card takes materials from (the hand or the field, as "
        "a rule) cannot be used.",
    ),
    "summon.material_none_left": (
        ("fusion-summon", "ritual-summon", "resolution"),
        "With no material left to use, nothing is Summoned.",
    ),
    "summon.ritual_levels_short": (
        ("ritual-summon", "tribute"),
        "The Tributes' Levels must add up to at least the Ritual Monster's Level.",
    ),
    # the exception named: Summons and their materials (issue 13, item 5)
    "summon.fusion_materials_sent": (
        ("fusion-summon", "send-to-graveyard", "resolution"),
        "Fusion Materials are sent to the GY as the card that Fusion Summons resolves: sent, not "
        "destroyed, not a cost; the Fusion Summon comes after, so their sending is not the last thing "
        "to happen.",
    ),
    "summon.fusion_materials_banished": (
        ("fusion-summon", "banish", "resolution"),
        "Fusion Materials go where the card that Fusion Summons says: a card that banishes them "
        "banishes them instead of sending them to the GY, and the Fusion Summon still happens.",
    ),
    "summon.ritual_tributes": (
        ("ritual-summon", "tribute", "resolution"),
        "A Ritual Summon's Tributes, from the hand or the field, are Tributed as the Ritual Spell "
        "resolves: Tributed, not destroyed, not a cost; the Ritual Summon comes after them.",
    ),
    "summon.xyz_materials_attached": (
        ("xyz-summon", "xyz-material"),
        "Xyz Materials are attached to the Xyz Monster, not sent to the GY: they go there only when "
        "detached, or when the Xyz Monster leaves the field.",
    ),
    "cost.xyz_material_detached": (
        ("xyz-material", "cost", "send-to-graveyard"),
        "Detaching Xyz Material as a cost sends it to the GY at activation, from under the Xyz Monster "
        "(not from the field); it is not refunded if the effect is negated.",
    ),
    "trigger.xyz_material_not_sent": (
        ("xyz-material", "send-to-graveyard"),
        'A card that becomes Xyz Material is not sent to the GY: its "sent to the GY" effects are not set '
        "off (they can be once it is detached).",
    ),
    "trigger.returned_from_banishment": (
        ("send-to-graveyard", "banish"),
        'A banished card moved to the GY is not "sent to the GY": its "sent to the GY" effects are not '
        "set off.",
    ),
    "trigger.not_from_field": (
        ("send-to-graveyard", "card-zones"),
        "A card sent to the GY from the hand (Tributed for a Ritual Summon, discarded) was not sent from "
        'the field: its "sent from the field" effects are not set off.',
    ),
    "rule.link_monster_attack_position": (
        ("battle-position", "link-summon"),
        "A Link Monster is always in Attack Position: it cannot be Summoned in Defense Position or Set.",
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
    "position.flip_summoned_this_turn": (
        ("flip-summon", "battle-position"),
        "A Flip Summon is the monster's one battle position change for the turn.",
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
    "position.link_monster": (
        ("link-summon", "battle-position"),
        "A Link Monster has no DEF and is never in Defense Position: its position cannot be changed.",
    ),
    "target.always_face_up": (
        ("token", "link-summon", "battle-position", "target"),
        "A Token or a Link Monster is always face-up: an effect that only turns a monster face-down "
        "cannot target it.",
    ),
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
    "activate.no_such_choice": (("activation",), "The effect has no choice with that number."),
    "activate.kind_of_written_effect": (
        ("activation", "ignition-effect", "quick-effect", "trigger-effect"),
        "Only a monster with no written effect has an effect whose kind the judge states; a card with "
        "written effects activates one of them.",
    ),
    "activate.no_effect_defined": (
        ("activation",),
        "The engine has no written effect for this card here.",
    ),
    "activate.bad_target": (("target",), "The target chosen is not one the card can take."),
    "activate.condition_not_met": (
        ("activation-condition",),
        "The card's activation condition is not met.",
    ),
    "activate.damage_step_summon_trigger": (
        ("damage-step", "trigger-effect"),
        "A Trigger effect set off by the opponent's Summon cannot be activated in the Damage Step "
        "(Dragon Ice).",
    ),
    "activate.damage_step": (
        ("damage-step", "counter-trap"),
        "In the Damage Step only Counter Traps, effects that negate an activation, and effects that "
        "directly change ATK/DEF (until damage calculation) or name their moment.",
    ),
    "activate.damage_step_allowed": (
        ("damage-step",),
        "An activation in the Damage Step, of a kind the Damage Step allows.",
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
    "resolution.battle_victim_gone": (
        ("resolution", "leaves-the-field", "damage-step"),
        "The monster destroyed by battle that an effect activated after damage calculation acts on "
        "left the field before it resolved: a new card, the effect does nothing to it (Dark Magician "
        "of Chaos's banishment).",
    ),
    "resolution.this_card_moved": (
        ("resolution", "leaves-the-field"),
        "A card that changed zones since its effect was activated is a new card: the effect no longer "
        "acts on it.",
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
    "rule.bound_monster_stays": (
        ("continuous-trap", "leaves-the-field", "negate"),
        "A card whose effects are negated as it leaves the field does not take its monster with it.",
    ),
    "rule.bound_monster_stays_not_destroyed": (
        ("leaves-the-field", "destroy"),
        "A card that destroys its monster only when it is destroyed left otherwise: the monster stays.",
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
        "A choice the player makes was not given; the engine took the first legal option.",
    ),
    "choice.missing": (("resolution",), "The effect needs a choice the scenario did not give."),
    "choice.not_allowed": (("resolution",), "A choice named a card the effect cannot take."),
    "cost.attack_cost_paid": (
        ("cost", "continuous-effect"),
        "A cost to declare an attack was paid: part of the monster's own effect (a Toon's), or asked by "
        "another card (Toll).",
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
    "trigger.cannot_be_activated": (
        ("trigger-effect", "mandatory-and-optional", "activation-condition"),
        "An optional trigger was set off but cannot be activated now, whatever its player chooses.",
    ),
    "trigger.auto_activated": (
        ("mandatory-and-optional", "simultaneous-effects"),
        "A mandatory trigger the scenario left out is activated by the engine in its legal place.",
    ),
    "trigger.declined": (
        ("mandatory-and-optional",),
        "An optional trigger was not activated.",
    ),
    "trigger.lapsed": (
        ("mandatory-and-optional", "activation-condition"),
        "An optional trigger its player could not activate leaves the waiting list unused.",
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
    "trigger.destroyed_not_by_battle": (
        ("trigger-effect", "destroy"),
        "A card destroyed by a card effect, even during a battle, was not destroyed by battle.",
    ),
    "trigger.summon_negated_not_from_field": (
        ("summon-negation", "send-to-graveyard"),
        "A monster whose Summon was negated was never on the field: it is not sent from the field.",
    ),
    "trigger.not_set_off": (
        ("trigger-effect",),
        "A trigger effect activates only when its event happens, in the window that follows.",
    ),
    "trigger.event_not_happened": (
        ("trigger-effect",),
        "A trigger of a card in the GY or banished is set off only by its own event, not by any way of "
        "getting there.",
    ),
    "timing.lost_to_activation": (
        ("missing-the-timing", "when-and-if", "cost"),
        'An optional "When ... you can" trigger set off by a cost: the activation came after its event.',
    ),
    "timing.missed": (
        ("missing-the-timing", "when-and-if"),
        'An optional "When ... you can" trigger whose event was not the last thing to happen.',
    ),
    "trigger.none_waiting": (
        ("trigger-effect", "mandatory-and-optional"),
        "There is no optional trigger waiting that could be declined.",
    ),
    "trigger.phase_stop": (
        ("trigger-effect", "end-phase", "standby-phase"),
        'A "During ..." trigger is set off as a phase begins: the turn stops in that phase until '
        "it has resolved.",
    ),
    "battle.piercing_negated": (
        ("piercing-damage", "continuous-effect", "negate"),
        "The attacker's piercing effect is negated: no damage from attacking a Defense Position monster.",
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
    "toon.spared_effects_negated": (
        ("toon-monster", "negate"),
        "A Toon whose effects are negated (Skill Drain) is not destroyed when Toon World is.",
    ),
    "toon.direct_attack_negated": (
        ("toon-monster", "negate", "direct-attack"),
        "A Toon whose effects are negated (Skill Drain) cannot attack directly while the opponent controls "
        "a monster.",
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
        "A Union equipped to a monster is destroyed instead of it.",
    ),
    "union.counter_removed_instead": (
        ("union-monster", "counters", "destroy"),
        "A Union that would be destroyed instead of the monster it is equipped to loses a counter that "
        "is removed instead of its destruction (Magic Reflector's): neither card is destroyed.",
    ),
    "rule.counter_removed_instead": (
        ("counters", "destroy"),
        "A card holding a counter that is removed instead of its destruction (Magic Reflector's) loses "
        "1 counter instead of being destroyed by battle or by a card effect.",
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
    "equip.moved": (
        ("equip-card",),
        "An effect that allows it moved an Equip Card to another monster it could correctly be equipped to.",
    ),
    "equip.cannot_move": (
        ("equip-card", "union-monster"),
        "An Equip Card moves only to another monster it could correctly be equipped to; a monster "
        "equipped as an Equip Card cannot be moved to another monster, except a Union Monster "
        "equipped by its own effect.",
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
    "summon.not_properly_summoned": (
        ("special-summon", "summoning-condition"),
        "A monster that must first be properly Summoned (a Fusion, Synchro, Xyz, Link or Ritual Monster, or "
        "one that cannot be Normal Summoned) cannot be Special Summoned by an effect from the hand, Deck, GY "
        "or banishment unless it was.",
    ),
    "summon.locked_this_turn": (
        ("normal-summon", "flip-summon", "special-summon"),
        "A card activated this turn forbids its player to Summon other monsters (Scapegoat); a Normal "
        "Set is still allowed.",
    ),
    "summon.no_other_summons": (
        ("activation", "special-summon"),
        "Activating this card means its player cannot Summon other monsters for the rest of the turn.",
    ),
    "summon.tribute_locked": (
        ("tribute-summon", "tribute"),
        "This monster cannot be Tributed for a Tribute Summon this turn: the effect that put it on "
        "the field said so (Dandylion's Fluff Tokens).",
    ),
    "summon.never_tribute_fodder": (
        ("tribute-summon", "tribute", "token"),
        "This monster can never be Tributed for a Tribute Summon: the card that made it says so "
        "(Scapegoat's Sheep Tokens). It can still be Tributed for other purposes.",
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
    "counter.spell_counter_negated": (
        ("counters", "negate", "continuous-effect"),
        "A Spell Card resolved, but the effect of the card that counts Spells is negated: no counter.",
    ),
    "counter.removed_face_down": (
        ("counters", "battle-position"),
        "A card turned face-down loses the counters on it: only a face-up card holds counters.",
    ),
    "counter.limit_reached": (("counters",), "The card already holds the most counters it can."),
    "stats.changes_lost_face_down": (
        ("battle-position", "original-atk"),
        "A monster turned face-down loses what effects changed on it: face-up again, it is a new card.",
    ),
    "duel.won_by_counters": (
        ("win-conditions", "counters"),
        "A card's effect wins the duel once it holds its number of counters (Vennominaga).",
    ),
    "duel.match_win": (
        ("win-conditions", "battle-damage"),
        "Victory Dragon's battle damage reduced the opponent to 0 LP: its controller wins the Match.",
    ),
    "rule.no_level": (
        ("battle-phase",),
        "A card that forbids attacks by Level does not stop a monster with no Level (Xyz or Link).",
    ),
    "rule.unaffected": (
        ("continuous-effect", "rules-vs-card-effects"),
        "A card unaffected by other cards' effects is left out of what an effect does.",
    ),
    "rule.face_down_new_card": (
        ("battle-position", "rules-vs-card-effects"),
        "A monster turned face-down is a new card to the effects that applied to it, control excepted.",
    ),
    "rule.face_down_marks_lost": (
        ("battle-position", "rules-vs-card-effects"),
        "A monster turned face-down loses what effects left on it this turn.",
    ),
    "rule.not_targeted": (
        ("target", "rules-vs-card-effects"),
        "A card that cannot be targeted is still reached by an effect that does not target.",
    ),
    "rule.unaffected_player_acts": (
        ("tribute", "rules-vs-card-effects"),
        "An effect that makes a player Tribute applies to the player, so it reaches an unaffected monster.",
    ),
    "attack.extra": (
        ("battle-step",),
        "A card's effect lets a monster that already attacked this turn attack again.",
    ),
    # --- battle
    "battle.attack_declared": (("battle-step",), "An attack was declared."),
    "battle.replay_target": (
        ("replay", "battle-step"),
        "After a replay, the attack goes on at its new target: it is not a new declaration.",
    ),
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
        "ATK vs ATK, the attacker is stronger: the target is destroyed, its controller takes the difference.",
    ),
    "battle.atk_vs_atk_lower": (
        ("damage-calculation", "battle-damage", "destroy"),
        "ATK vs ATK, the attacker is weaker: the attacker is destroyed, its controller takes the difference.",
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
    "chain.when_effect_with_activation": (
        ("activation", "chain-link"),
        "A Continuous Spell/Trap activated right when what its own effect waits for happened applies "
        "that effect as part of its activation (Fairy Box).",
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
        'A monster an effect summoned "until the End Phase" is banished then, without a chain.',
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
        'Leaving the Battle Phase passes through its End Step; "at the end of the Battle Phase" '
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
        'Another monster attacked first, so the second attack "in a row" can no longer be made.',
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
    "battle.damage_reduction_declined": (
        ("battle-damage", "pendulum-effect", "mandatory-and-optional"),
        "The player chose not to apply an optional effect that applies without a chain (Odd-Eyes "
        "Pendulum Dragon's Pendulum Effect); it stays unused this turn.",
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
        "Only 1 face-up copy of this card can be on the field, either player's side: a second cannot "
        "be summoned or flipped face-up while one is (Dragon Ice).",
    ),
    "rule.only_one_face_up_destroyed": (
        ("summoning-condition", "destroy"),
        "A second face-up copy of a card its controller may control only once is destroyed by the "
        "game, without a chain.",
    ),
    # --- the verdict (engine.verdict): what a judge is asked about, in a few sentences
    "verdict.negated": (
        ("negate", "chain-link"),
        "In the verdict: an activation, an effect or an attack that was negated, and by which card.",
    ),
    "verdict.summon_negated": (
        ("summon-negation", "negate"),
        "In the verdict: a summon that was negated, and by which card.",
    ),
    "verdict.chain_order": (
        ("chain", "resolution"),
        "In the verdict: the order a chain resolved in, last link first, and what each link did.",
    ),
    "verdict.card_ended": (
        ("card-zones",),
        "In the verdict: where a card the actions named (or a trigger concerned) is after the last step.",
    ),
    "verdict.card_when_ended": (
        ("card-zones", "win-conditions"),
        "In the verdict: where a card the actions named (or a trigger concerned) was when the duel ended "
        "(a chain the end cut short resolves no further).",
    ),
    "verdict.result": (("win-conditions",), "In the verdict: how the duel ended."),
    "verdict.lp": (
        ("life-points",),
        "In the verdict: the duel goes on after the last step; each player's LP then.",
    ),
    # --- general rules (issue 13, item 3): summon negation, Flip Summons, attack declarations
    "summon.negated_sets_off_nothing": (
        ("summon-negation", "trigger-effect"),
        "A negated summon never happened: the effects it would have set off do not activate.",
    ),
    "summon.flip_summoned_this_turn": (
        ("flip-summon", "battle-position"),
        "A Flip Summon changes a monster's battle position: not the turn the monster was Summoned.",
    ),
    "summon.flip_after_attack": (
        ("flip-summon", "battle-position"),
        "A Flip Summon changes a monster's battle position: not after it declared an attack this turn.",
    ),
    "summon.flip_position_changed": (
        ("flip-summon", "battle-position"),
        "A Flip Summon changes a monster's battle position: not once its position was already changed "
        "this turn.",
    ),
    "battle.replay_not_a_declaration": (
        ("replay", "battle-step"),
        "After a replay, the same monster attacking again is not a new attack declaration: what answers "
        "an attack declaration cannot be activated.",
    ),
    # the exception named (issue 13, item 5): where a trigger is not set off, the concept that says why
    "trigger.xyz_material_not_on_field": (
        ("xyz-material", "leaves-the-field"),
        "An Xyz Material is not a card on the field: sent to the GY, it was not sent from the field.",
    ),
    "trigger.became_xyz_material": (
        ("xyz-material", "leaves-the-field"),
        'A card that becomes Xyz Material does not leave the field for its "leaves the field" effects.',
    ),
    "chain.condition_only_at_activation": (
        ("activation-condition", "resolution"),
        "An activation condition needs to hold only when the card is activated: the card still resolves "
        "if it no longer holds.",
    ),
    "cost.paid_off_the_field": (
        ("cost", "negate", "continuous-effect"),
        "A monster's effects negated only while it is face-up on the field escape the negation when its "
        "own cost takes it off the field: its effect resolves.",
    ),
    "chain.negation_left_behind": (
        ("negate", "continuous-effect", "resolution"),
        "A Continuous effect that negates face-up monsters on the field does not reach an effect whose "
        "monster has left the field.",
    ),
    "cost.paid_while_negated": (
        ("cost", "negate"),
        "A cost is not an effect: a monster whose effects are negated can still activate them, and its "
        "cost is paid (never refunded).",
    ),
    "rule.to_owners_pile": (
        ("control", "possess"),
        "Control is not ownership: a card that leaves the field goes to its owner's GY, hand, Deck or "
        "banishment, whoever controlled it.",
    ),
    "summon.token_not_xyz_material": (
        ("token", "xyz-material"),
        "A Token cannot become Xyz Material: it would cease to exist as it left the field.",
    ),
    "target.still_valid_face_down": (
        ("target", "set"),
        "A target turned face-down is still a card on the field: an effect that targets a card on the "
        "field (not a face-up one) still applies to it.",
    ),
    "trigger.moved_to_main_deck": (
        ("leaves-the-field", "card-zones"),
        'A card moved from the field to the Main Deck cannot activate its "leaves the field" effects.',
    ),
    "trigger.banished_face_down": (
        ("leaves-the-field", "card-zones"),
        'A card banished face-down from the field cannot activate its "leaves the field" effects.',
    ),
    "trigger.left_face_down": (
        ("trigger-effect", "send-to-graveyard"),
        'An effect of "this face-up card" sent from the field is not set off by a card face-down as it left.',
    ),
}


# --- the wording: each code's sentence, and the phrases a sentence may take

SENTENCES: dict[str, str] = {
    "turn.started": "Turn {turn} begins: {foe} is the turn player.",
    "phase.entered": "{player} moves to {phase}.",
    "phase.battle_phase_ended": (
        "{card} ended the Battle Phase: now that the chain has resolved, {player} moves to Main Phase 2 "
        "and no more attacks can be declared this turn."
    ),
    "phase.passed_through": "{reason}",
    "phase.illegal_order": "{reason}",
    "phase.not_turn_player": "Only the turn player moves on.",
    "phase.no_battle_first_turn": "{reason}",
    "draw.normal": "{foe} draws 1 card for the turn in the Draw Phase.",
    "draw.normal_per_co_linked": (
        "{foe} draws {count} card{count:|s} for the turn in the Draw Phase: {source} makes the normal draw 1 "
        'card for each different name among the co-linked "Knightmare" monsters on the field, instead of 1 '
        "({names})."
    ),
    "draw.skipped_first_turn": "The player who goes first does not draw on the first turn.",
    "hand.discard_to_limit": (
        "{player} ends the turn with {held} cards in hand and discards {excess} to keep 6: {discarded}{note}."
    ),
    "hand.discard_choice_invalid": (
        "{player} holds {hand_count} cards and must discard exactly {excess} from the hand."
    ),
    "duel.zero_lp": "{loser}'s LP reached 0, so {opponent} wins the duel.",
    "duel.both_zero_lp": "Both players reached 0 LP at the same time: the duel is a draw.",
    "duel.deck_out": "{player} must draw but has no cards left in the Deck, so {player} loses the duel.",
    "deck.shuffled_after_search": (
        "{player}'s Deck is shuffled after the search, so the order of its cards is no longer known."
    ),
    "deck.shuffled_after_failed_search": (
        "{player} searched the Deck and found no card the effect could take (none of its known cards "
        "fits; the opponent may check): the Deck is shuffled all the same, so the order of its cards is "
        "no longer known."
    ),
    "deck.order_unknown": (
        "{player}'s Deck was shuffled, so nobody knows which card is on top: the card taken from it is shown "
        "as an Unknown Card, and the cards that Deck was known to hold are no longer named."
    ),
    "continuous.draws_on_opponent_draw": (
        "{opponent} drew outside a Draw Phase, so {card} makes {player} draw {count} cards at once: a "
        "Continuous effect, it does not start a chain."
    ),
    "duel.both_deck_out": (
        "{players: and } must each draw {count} card{count:|s} at the same time, and neither Deck holds "
        "that many: neither can draw, so the duel is a draw."
    ),
    "duel.conceded": "{player} concedes: {opponent} wins the duel.",
    "duel.exodia": "{reason}",
    "duel.over": "{reason}",
    "duel.final_countdown": "{reason}",
    "lp.gain_became_damage": (
        "{source} is face-up: the {amount} LP {player} would gain becomes {amount} damage instead."
    ),
    "lp.damage_halved": (
        "{player} takes half of the {amount} damage ({halved}): {source} halves the damage {player} takes "
        "for the rest of this turn."
    ),
    "lasting.end_phase": "{reason}",
    "lasting.control_returned": "{reason}",
    "lasting.turn_counted": (
        "End Phase of {turn_player}'s turn: {card} has counted {counted} of {turns} of {turn_player}'s turns."
    ),
    "activate.once_per_turn": (
        "{player} already activated {name} this turn; its text allows {what}, even if that activation was "
        "negated."
    ),
    "activate.once_while_face_up": (
        "{card} already used this effect while it has been face-up on the field: its text allows it once "
        "while it stays face-up there (once it leaves the field or is turned face-down, it may again)."
    ),
    "lasting.draw_on_summon": (
        "{summoner} Special Summoned {summoned}: {source}'s effect, applied earlier this turn, makes "
        "{player} draw 1 card at once; this is not an activation and starts no chain."
    ),
    "lasting.deck_locked": (
        "{source}'s effect applies for the rest of this turn: no card can be added from either player's Main "
        "Deck to the hand, so {player} {what}."
    ),
    "lasting.no_damage": (
        "{player} takes no damage for the rest of this turn ({source}'s effect, applied when it resolved), "
        "so the {amount} damage is not taken."
    ),
    "chain.negated_lasting": (
        "{source}'s effect, applied earlier, still applies: {why} until the end of {turn}, so Chain Link "
        "{link} ({card}) resolves without effect."
    ),
    "activate.unchainable": "{reason}",
    "action.not_turn_player": "Only the turn player ({turn_player}) can {what}; {player} cannot.",
    "action.wrong_phase": "{what_upper}{what} only in your Main Phase; it is {phase} now.",
    "action.chain_open": "{reason}",
    "action.chain_resolved_first": "Both players pass: the open chain resolves before the next action.",
    "action.card_not_there": "{reason}",
    "action.nothing_to_resolve": "{reason}",
    "action.passed": "{player} passes priority: {next}.",
    "priority.not_holder": (
        "{player} cannot pass: {holder} holds priority now (the turn player acts first; after an activation "
        "the opponent gets priority)."
    ),
    "summon.normal": (
        "{player} Normal Summons {card} in Attack Position to Main Monster Zone {slot}; that uses {player}'s "
        "Normal Summon for this turn."
    ),
    "summon.tribute": (
        "{player} Tribute Summons {card} in Attack Position to Main Monster Zone {slot}; that uses "
        "{player}'s Normal Summon for this turn."
    ),
    "summon.set": (
        "{player} Sets {card} face-down in Defense Position to Main Monster Zone {slot}; that uses "
        "{player}'s Normal Summon or Set for this turn."
    ),
    "summon.tribute_set": (
        "{player} Sets {card} face-down in Defense Position to Main Monster Zone {slot}; that uses "
        "{player}'s Normal Summon or Set for this turn."
    ),
    "summon.flip": (
        "{controller} Flip Summons {card}: it turns face-up in Attack Position. A Flip Summon does not use "
        "the Normal Summon."
    ),
    "summon.special": "{player} Special Summons {card}; a Special Summon does not use the Normal Summon.",
    "summon.materials_wrong": "{reason}",
    "summon.synchro": (
        "{player} Synchro Summons {card} using {materials} as Synchro Material; it is a Special Summon, so "
        "it does not use the Normal Summon, and it does not start a chain."
    ),
    "summon.xyz": (
        "{player} Xyz Summons {card} using {materials} as Xyz Material; it is a Special Summon, so it does "
        "not use the Normal Summon, and it does not start a chain."
    ),
    "summon.link": (
        "{player} Link Summons {card} using {materials} as Link Material; it is a Special Summon, so it does "
        "not use the Normal Summon, and it does not start a chain."
    ),
    "summon.own_procedure": (
        "{player} Special Summons {card} from the hand {how}: its own procedure, which does not start a "
        "chain (so nothing can respond to it as an activation) and does not use the Normal Summon."
    ),
    "summon.after_resolution": "{reason}",
    "summon.after_resolution_none": "{reason}",
    "summon.pendulum": (
        "{player} Pendulum Summons {placed} at the same time (Scales {low} and {high}: Levels {low2} to "
        "{high2}); a Pendulum Summon is a Special Summon, once per turn, and it does not start a chain."
    ),
    "summon.pendulum_once": (
        "{player} already Pendulum Summoned this turn; a player can Pendulum Summon once per turn."
    ),
    "summon.pendulum_no_scales": (
        "{player} needs a Pendulum Monster in each Pendulum Zone (the leftmost and rightmost Spell & Trap "
        "Zones) to Pendulum Summon."
    ),
    "summon.pendulum_wrong_card": "{reason}",
    "summon.pendulum_wrong_level": (
        "{c} is {shown}; with Scales {low} and {high} only Levels {low2} to {high2} can be Pendulum Summoned."
    ),
    "summon.not_settable": "{reason}",
    "summon.cannot_respond": (
        "{name} was just Normal Summoned: its Normal Summon cannot be negated, and no card or effect can be "
        "activated in response to it."
    ),
    "summon.condition_not_met": (
        '{c} can be Special Summoned only by the effect of "{only_by}" (or one that ignores its Summoning '
        "conditions), so {card} cannot summon it."
    ),
    "summon.ignoring_conditions": (
        "{card} is Special Summoned {zone} ignoring its Summoning conditions ({source} says so), although "
        "its own text allows no other way."
    ),
    "pendulum.scale_activated": (
        "{player} activates {card} as a Spell Card in the Pendulum Zone (Spell & Trap Zone {slot}): Pendulum "
        "Scale {scale}. The activation is a Chain Link and can be answered."
    ),
    "rule.extra_deck_instead": (
        "{card} is an Extra Deck monster: instead of going to the {to}, it returns to its owner's Extra Deck."
    ),
    "rule.pendulum_to_extra_deck": (
        "{card} is a Pendulum Monster: instead of going from the field to the GY, it is placed face-up in "
        "its owner's Extra Deck."
    ),
    "lp.damage_became_gain": (
        "{prime} is face-up: the {amount} damage {card} would inflict to {players: and } is gained as LP "
        "instead."
    ),
    "activate.once_per_chain": (
        "{card}'s effect can be activated only once per chain, and it is already in this one."
    ),
    "battle.damage_doubled": (
        "{card} battles an opponent's monster: the battle damage it inflicts is doubled, {amount} to "
        "{doubled}."
    ),
    "battle.no_attack_this_turn": (
        "{card} cannot declare an attack this turn: activating this effect says so, even if the effect is "
        "negated."
    ),
    "summon.tributes_not_destroyed": (
        "{ids} {count:was|were} Tributed: sent to the GY as part of the summon (a condition of it, not "
        "a cost), not destroyed."
    ),
    "summon.already_used": "{reason}",
    "summon.wrong_tribute_count": (
        "A Level {level} monster needs {needed} Tribute{needed:|s}; {given} {given:was|were} given."
    ),
    "summon.bad_tribute": "{reason}",
    "summon.own_tribute_method": (
        "{card} uses its own Tribute method: {tributes} {count:is|are} Tributed instead of the {usual} "
        "Tributes its Level asks{note}."
    ),
    "summon.own_tribute_method_not_met": (
        "{card} needs {needed} Tributes, or {what} by its own Tribute method ({count} in all); the "
        "Tributes given are neither."
    ),
    "summon.no_face_up_defense": (
        "{card} cannot be Normal Summoned in Defense Position: Normal Summon it in Attack Position, or Set "
        "it face-down."
    ),
    "summon.not_normal_summonable": (
        "{card} cannot be Normal Summoned or Set; it must be Special Summoned in its own way."
    ),
    "summon.not_a_monster": "{card} is not a monster.",
    "summon.flip_same_turn": "{card} was Set this turn, so it cannot be Flip Summoned until a later turn.",
    "summon.flip_not_face_down": (
        "{card} is face-up; only a face-down Defense Position monster can be Flip Summoned."
    ),
    "summon.procedure_not_met": "{reason}",
    "zone.full": "{reason}",
    "zone.occupied": "{reason}",
    "zone.extra_monster_zone": "{reason}",
    "zone.not_linked": (
        "No Link Arrow points to {player}'s Main Monster Zone {wanted}: a Link Monster, or a Pendulum "
        "Monster Summoned from the face-up Extra Deck, goes to an Extra Monster Zone or to a Main Monster "
        "Zone a Link Arrow points to."
    ),
    "zone.one_extra_monster_zone": (
        "{player} already has {card} in an Extra Monster Zone; a player may use the other one only where "
        "the Summon forms an Extra Link (co-linked Link Monsters joining both Extra Monster Zones)."
    ),
    "summon.material_not_there": (
        "{gone} is not {where} as the card resolves, so it cannot be used as material for "
        "{card}: materials are chosen when the card resolves."
    ),
    "summon.material_none_left": "No stated material is left to use, so {card} is not Summoned.",
    "rule.link_monster_attack_position": (
        "{card} is a Link Monster, which has no DEF and is never in Defense Position: it is placed in "
        "Attack Position."
    ),
    "summon.fusion_materials_sent": (
        "{materials} {count:is|are} sent to the GY as Fusion Material for {monster} as {source} resolves: "
        "sent, not destroyed, and not as a cost; the Fusion Summon of {monster} comes after, so for a "
        '"When ... is sent" effect of a material that is not the last thing to happen.'
    ),
    "summon.fusion_materials_banished": (
        "{materials} {count:is|are} banished as Fusion Material for {monster} as {source} resolves, "
        "as its text says, instead of being sent to the GY: not destroyed, and not as a cost; the "
        "Fusion Summon of {monster} still happens, after them."
    ),
    "summon.ritual_tributes": (
        "{source} Tributes {tributes} ({where}) for the Ritual Summon of {monster} as it resolves: "
        "Tributed, not destroyed, and not as a cost; the Ritual Summon of {monster} comes after them."
    ),
    "summon.xyz_materials_attached": (
        "{materials} {count:becomes|become} Xyz Material of {monster}: attached under it, not sent to the "
        "GY, until detached or until {monster} leaves the field."
    ),
    "cost.xyz_material_detached": (
        "{card} detaches {materials} as the cost of its effect: detached Xyz Material goes to the GY now, "
        "at activation, from under {card}, not from the field."
    ),
    "trigger.xyz_material_not_sent": (
        '{card} became Xyz Material: it was not sent to the GY, so its "sent to the GY" effect is not set '
        "off (it can be once {card} is detached)."
    ),
    "trigger.returned_from_banishment": (
        "{card} was returned to the GY from among the banished cards: that is not being sent to the GY, "
        'so its "sent to the GY" effect is not set off.'
    ),
    "trigger.not_from_field": (
        '{card} went to the GY from the hand, not from the field, so its "sent from the field" effect is '
        "not set off."
    ),
    "summon.ritual_levels_short": (
        "The Tributes ({tributes}) add up to Level {total}, short of {card}'s Level {level}, so the Ritual "
        "Summon cannot be performed and nothing is Summoned."
    ),
    "position.changed": (
        "{controller} changes {card} to {label} Position; it cannot be changed again this turn."
    ),
    "position.already_changed": "{card} already changed its battle position this turn.",
    "position.summoned_this_turn": (
        "{card} came to the field this turn, so its battle position cannot be changed manually until the "
        "next turn."
    ),
    "position.flip_summoned_this_turn": (
        "{card} was Flip Summoned this turn: the Flip Summon was its one battle position change this "
        "turn, so its position cannot be changed again until the next turn."
    ),
    "position.attacked_this_turn": "{card} attacked this turn, so its battle position cannot be changed.",
    "position.face_down": (
        "{card} is face-down: it is turned face-up by a Flip Summon, not by a battle position change."
    ),
    "position.same": "{card} is already in {to} position.",
    "position.link_monster": (
        "{card} is a Link Monster: it has no DEF and is never in Defense Position, so its battle position "
        "cannot be changed."
    ),
    "target.always_face_up": "{reason}",
    "position.locked": (
        "A card's effect (Creature Swap) says {card} cannot change its battle position for the rest of this "
        "turn."
    ),
    "set.spell_trap": "{reason}",
    "set.cannot_activate_this_turn": (
        "{card} was Set this turn; a Set Trap or Quick-Play Spell can be activated from the next turn on."
    ),
    "set.field_spell_replaced": "{reason}",
    "chain.opened": (
        "{card} starts a chain as Chain Link 1 (Spell Speed {speed}){paid}; {foe} may respond with {answer}."
    ),
    "chain.link_added": (
        "{card} is Chain Link {link_no} (Spell Speed {speed}), responding to Chain Link {link_no2}{paid}; it "
        "will resolve first."
    ),
    "chain.spell_speed_too_low": "{reason}",
    "chain.resolves": "Both players pass: {what}.",
    "chain.link_resolved": "{reason}",
    "chain.link_no_target": (
        "{card} has no valid target left when Chain Link {link} resolves, so it does nothing."
    ),
    "chain.link_negated": (
        "Chain Link {link} ({card}) had its {what} negated, so it resolves without doing anything."
    ),
    "activate.cost_missing": "{reason}",
    "chain.left_field_no_effect": (
        "{card} left the field before Chain Link {link} resolved, so it does nothing."
    ),
    "activate.not_allowed_now": "{reason}",
    "activate.no_such_effect": (
        "{card} has {effect_count} {effect_count:effect|effects}; there is no effect {number}."
    ),
    "activate.no_such_choice": (
        "Effect {number} of {card} has {choice_count} choices; there is no choice {mode}."
    ),
    "activate.kind_of_written_effect": (
        "{card} has written effects (or is not a monster): activate one of its effects, not a kind of "
        "effect stated for a monster with none."
    ),
    "activate.no_effect_defined": "{card} has no effect the engine can activate.",
    "activate.bad_target": "{reason}",
    "activate.condition_not_met": "{reason}",
    "activate.damage_step": (
        "{card} cannot be activated now: {why}. In the Damage Step only Counter Traps, effects that negate "
        "the activation of a card or effect, effects that directly change ATK/DEF (only until damage "
        "calculation starts) and effects whose text names that moment of the Damage Step can be "
        "activated; Trigger effects still activate when the game sets them off."
    ),
    "activate.damage_step_allowed": "{card} can be activated in the Damage Step: {why}.",
    "activate.damage_step_summon_trigger": (
        "{card}'s Trigger effect was set off by the opponent Summoning a monster in the Damage Step, and "
        "such an effect cannot be activated in the Damage Step."
    ),
    "stated.applied": (
        "{card}'s resolution is as the judge stated it; the engine applies it with the timing rules."
    ),
    "stated.none_given": (
        "The library has no written resolution for {card}: it does nothing here. Say what it did in the "
        "action's `resolution` to apply it."
    ),
    "stated.trigger_set_off": (
        "The library cannot tell what sets off {card}'s trigger effect; it is taken as set off, as the judge "
        "states."
    ),
    "stated.card_not_there": (
        "The judge stated that {card} would {verb} {card2}, but it is now in {controller}'s {zone}, so that "
        "part does nothing."
    ),
    "resolution.battle_victim_gone": (
        "{card}, the monster destroyed by battle that this effect acts on, is no longer on the field "
        "(it is in {now}): it is a new card now, so the effect does nothing to it."
    ),
    "resolution.this_card_moved": (
        "{card} has moved from {was} to {now} since its effect was activated: it is a new card now, so "
        "the effect does nothing to it."
    ),
    "target.no_longer_valid": "{reason}",
    "rule.equip_destroyed": "{reason}",
    "rule.bound_monster_destroyed": (
        "{partner} left the field, so the monster it brought back, {card}, is destroyed with it."
    ),
    "rule.bound_monster_stays": (
        "{partner} left the field while {by} negated its effects, so the monster it brought back, {card}, "
        "is not destroyed with it."
    ),
    "rule.bound_monster_stays_not_destroyed": (
        "{partner} left the field without being destroyed, so the monster it brought back, {card}, stays: "
        "its text destroys that monster only when it is destroyed."
    ),
    "cost.maintenance_paid": "{player} pays {what} to keep {card} on the field.{due}{negated}{forced}",
    "cost.maintenance_unpaid": "{player} {why} {what} for {card}, so it is destroyed.{due}",
    "activate.locked": "{reason}",
    "activate.flipped_this_chain": (
        "{name}'s effect was already used as the card was activated in this chain; it cannot be used again "
        "in the same chain."
    ),
    "activate.not_activated_effect": (
        "Effect {number} of {card} is {kind:a} effect: it applies by itself and is never activated."
    ),
    "chain.activated_card_stays": (
        "{c} was activated in this chain: it stays on the field until the chain has resolved and cannot be "
        "returned to the {to}."
    ),
    "chain.continuous_trap_flip_use": (
        "{card} is activated and its effect used at the same time, as one Chain Link; that effect cannot be "
        "used again in this chain."
    ),
    "chain.damage_redirected": "The damage {shielded} would take from {card} goes to {opponent} instead.",
    "chain.condition_gone": (
        "Chain Link {link} ({card}) does nothing: its card needs its condition at resolution too, and "
        "{condition}"
    ),
    "chain.negated_by_continuous": "{reason}",
    "choice.engine_picked": "{reason}",
    "choice.missing": "{reason}",
    "choice.not_allowed": "{reason}",
    "cost.attack_cost_paid": "{reason}",
    "rule.tributes_forbidden": "{reason}",
    "summon.negated": (
        "{card} negates the summon of {cards_}: it was never summoned successfully, so nothing can respond "
        "to it as a summon."
    ),
    "summon.negation_window": (
        "{card} answers the summon of {attempt} as it is attempted: the summon is not a Chain Link, and this "
        "card starts the chain as Chain Link 1."
    ),
    "trigger.waiting": (
        "Triggers waiting: {listed}. They go on a chain in this order of kinds: the turn player's mandatory, "
        "the opponent's mandatory, the turn player's optional, the opponent's optional; each player orders "
        "their own."
    ),
    "trigger.activated": (
        "{card}'s {kind} trigger effect, set off when {what}, goes on the chain as Chain Link {link_no}."
    ),
    "trigger.auto_activated": (
        "{trigger}'s trigger effect is mandatory, so the engine activates it in its legal place."
    ),
    "trigger.declined": "{player} does not activate {trigger}'s optional trigger effect.",
    "trigger.lapsed": (
        "{trigger}'s optional trigger effect goes unused: {player} could not activate it. {reason}"
    ),
    "trigger.cannot_be_activated": (
        "{trigger}'s optional trigger effect was set off when {what}, but it cannot be activated now, so it "
        "is not among the triggers waiting. {reason}"
    ),
    "trigger.mandatory": "{trigger}'s trigger effect is mandatory: it cannot be declined.",
    "trigger.wrong_order": "{other} ({their_class}) must go on the chain before {trigger} ({my_class}).",
    "trigger.wrong_player": "{card}'s trigger belongs to {trig_player}; {player} cannot activate it.",
    "trigger.destroyed_not_by_battle": (
        "{card} was destroyed by a card effect, not by battle, so its effect that needs it destroyed by "
        "battle is not set off."
    ),
    "trigger.summon_negated_not_from_field": (
        "{card}'s Summon was negated, so it was never on the field: it goes to the GY, but not from the "
        'field, and its "sent from the field" effect is not set off.'
    ),
    "trigger.not_set_off": (
        "{card}'s effect is a trigger: it activates only when its event happens, and no such event is "
        "waiting."
    ),
    "trigger.event_not_happened": (
        "{card} cannot be activated from the {zone}: its effect there is a trigger, activated only when "
        "{event}, and no such event is waiting."
    ),
    "timing.lost_to_activation": (
        '{card}\'s optional "When ... you can" effect has already missed the timing: it was set off when '
        "{what}, but after that {after}, so it cannot be activated, now or once the chain has resolved."
    ),
    "timing.missed": (
        '{trigger}\'s optional "When ... you can" effect misses the timing: it was set off when {what}, but '
        "that was not the last thing to happen; after it, {after}."
    ),
    "trigger.none_waiting": "{reason}",
    "trigger.phase_stop": (
        'The End Phase begins and sets off "During the End Phase" triggers: they resolve before the turn '
        "ends."
    ),
    "battle.piercing_negated": (
        "{attacker} ({atk} ATK) beats {target}'s {target_def} DEF: {target} is destroyed by battle, but "
        "{attacker}'s piercing is a Continuous effect that {negator} negates, so {foe} takes no battle "
        "damage."
    ),
    "battle.piercing_damage": (
        "{attacker} ({atk} ATK) beats {target}'s {target_def} DEF: {target} is destroyed by battle, and "
        "{piercer}'s effect inflicts piercing damage, ATK minus DEF ({difference}): {foe} {taken}."
    ),
    "battle.cannot_be_attacked": (
        "{target} cannot be targeted for an attack: {whose} applies now (a Continuous effect, met by the "
        "board as it is)."
    ),
    "toon.destroyed_with_toon_world": (
        "{world} was destroyed on the field, so {card} is destroyed too (its own effect, which starts no "
        "chain)."
    ),
    "toon.spared_effects_negated": (
        "{world} was destroyed on the field, but {card} stays: its effects are negated ({by}), the one "
        "that would destroy it with {world} too."
    ),
    "toon.direct_attack_negated": (
        "{foe} controls a monster ({names}), and {attacker}'s effect that lets it attack directly is negated "
        "({by}), so it cannot attack directly."
    ),
    "toon.must_attack_toon": "{reason}",
    "toon.direct_attack": (
        "{attacker} may attack {foe} directly although {foe} controls monsters: its Toon effect lets it, as "
        "none of them is a face-up Toon monster."
    ),
    "union.destroyed_instead": (
        "{card} would be destroyed {how}; {source}, equipped to it {by}, is destroyed instead."
    ),
    "union.counter_removed_instead": (
        "{card} would be destroyed {how}, and {source}, equipped to it {by}, would be destroyed instead; "
        "{source} holds a counter that is removed instead of its destruction (as Magic Reflector's are): "
        "1 counter is removed and neither card is destroyed ({left} left)."
    ),
    "rule.counter_removed_instead": (
        "{card} would be destroyed {how}, but it holds a counter that is removed instead (as Magic "
        "Reflector's are): 1 counter is removed and {card} is not destroyed ({left} left)."
    ),
    "union.equipped": (
        "{union} becomes an Equip Spell Card equipped to {host}. It was equipped by its own Union effect, so "
        "its equip effects apply; while it stays equipped it is a Spell Card (Spell removal and Spell "
        "negation reach it, monster negation does not)."
    ),
    "union.unequipped": (
        "{union} is unequipped from {host} and Special Summoned in {position} Position; it is a monster "
        "again."
    ),
    "union.not_appropriate": "{reason}",
    "equip.moved": (
        "{equip} is moved from {old} to {host} and is now equipped to it; it stays in its Spell & Trap Zone."
    ),
    "equip.cannot_move": "{equip} cannot be moved to {host}: {why}.",
    "equip.monster_equipped": (
        "A Monster Card was equipped to a monster; it is an Equip Spell Card while it stays there."
    ),
    "summon.gemini": "{reason}",
    "activate.no_effects_now": "{why}.",
    "summon.not_gemini": "{reason}",
    "summon.gemini_already": (
        "{card} was already Normal Summoned on the field and has its effects; it cannot be Gemini Summoned "
        "again."
    ),
    "summon.procedure_condition": (
        "{problem}; its own summoning procedure needs it, as the summon is performed."
    ),
    "summon.cannot_be_special_summoned": "{reason}",
    "summon.not_properly_summoned": "{reason}",
    "summon.locked_this_turn": (
        "{player} activated {source} this turn, which says {player} cannot Summon other monsters that "
        "turn, so this {what} is not allowed (a Normal Set still is)."
    ),
    "summon.no_other_summons": (
        "{player} activates {card}: for the rest of this turn {player} cannot Summon other monsters "
        "(Normal, Flip or Special Summon; a Normal Set is still allowed)."
    ),
    "summon.tribute_locked": (
        "{card} cannot be Tributed for a Tribute Summon this turn: the effect that summoned it said so."
    ),
    "summon.never_tribute_fodder": (
        "{card} cannot be Tributed for a Tribute Summon at all (only for other purposes): the card "
        "that made it says so."
    ),
    "summon.tribute_kind": (
        "{card} cannot be Tributed for {name}: its Tribute Summon takes only {kind_monster_type} monsters."
    ),
    "control.switched": (
        "{this} and {other} switch control: {other_controller} now controls {this2}, {this_controller} "
        "controls {other2}."
    ),
    "counter.spell_counter_placed": (
        "{card} resolved as a Spell Card: {source} gets 1 {counter} ({have} now). This is not an activation; "
        "nothing can respond to it."
    ),
    "counter.spell_counter_negated": (
        "{card} resolved as a Spell Card, but {negator} negates the effects of {source}, so it gets no "
        "{counter}."
    ),
    "counter.removed_face_down": (
        "{card} is turned face-down, so the {count} counter(s) on it are removed: a face-down card holds "
        "none."
    ),
    "counter.limit_reached": "{source} already holds {have} {counter}(s), its most; no counter is placed.",
    "stats.changes_lost_face_down": (
        "{card} is turned face-down, so the changes effects made to its ATK, DEF or Level this turn "
        "are gone: turned face-up again, it is a new card to them."
    ),
    "duel.won_by_counters": "{card} holds {held} {counter}s: {controller} wins the duel by its effect.",
    "duel.match_win": (
        "{source}'s battle damage reduced {loser} to 0 LP: {winner} wins this duel and, by its effect, the "
        "whole Match, whatever the score in duels (a judge records a Match win, not just a game win)."
    ),
    "rule.no_level": (
        "{source} does not stop {c}: it forbids attacks by Level, and {c} has a Rank or Link Rating, "
        "no Level."
    ),
    "rule.unaffected": (
        "{c} is unaffected by {card}'s effect (its own effect says so), so that effect does not apply to it."
    ),
    "rule.face_down_new_card": (
        "{card} is turned face-down: it is a new card to {sources}, whose effect on it no longer applies."
    ),
    "rule.face_down_marks_lost": (
        "{card} is turned face-down: it is a new card, and what effects left on it this turn no longer "
        "applies to it."
    ),
    "rule.not_targeted": (
        "{card}'s effect does not target, so {guard}'s effect that stops targeting does not protect {c}."
    ),
    "rule.unaffected_player_acts": (
        "{c} is unaffected by {card}'s effect, but that effect makes {player} Tribute: the Tribute is "
        "{player}'s own act, not the effect applied to {c}, so {c} can be Tributed."
    ),
    "attack.extra": "{c} can declare another attack this turn.",
    "battle.attack_declared": "{attacker} attacks {shown}. {foe} may respond in the Battle Step.",
    "battle.replay_target": (
        "{attacker} now attacks {shown}, the target chosen after the replay; {foe} may respond in the Battle "
        "Step, but not with cards that answer an attack declaration."
    ),
    "battle.direct_attack": "{attacker} attacks {foe} directly: {why}.",
    "battle.attacks_forbidden": "{reason}",
    "battle.direct_blocked": "{foe} controls a monster ({names}), so {attacker} cannot attack directly.",
    "battle.already_attacked": (
        "{attacker} already declared an attack this turn; a monster attacks once per turn unless a card says "
        "otherwise."
    ),
    "battle.not_attack_position": "{attacker} is not in face-up Attack Position, so it cannot attack.",
    "battle.not_battle_phase": "{reason}",
    "battle.bad_target": "{target} is not a monster {foe} controls, so it cannot be attacked.",
    "battle.no_battle_first_turn": (
        "The player who goes first cannot attack on the first turn of the duel: that turn has no Battle "
        "Phase."
    ),
    "battle.flipped_face_up": (
        "{target} was attacked face-down: it is turned face-up in Defense Position before damage "
        "calculation; a Flip effect would activate after damage calculation."
    ),
    "battle.damage_step_window": "{window}",
    "battle.atk_vs_atk_higher": (
        "{attacker} ({atk} ATK) battles {target} ({target_atk} ATK): {loser} is destroyed by battle and "
        "{loser_controller} {taken}."
    ),
    "battle.atk_vs_atk_lower": (
        "{attacker} ({atk} ATK) battles {target} ({target_atk} ATK): {loser} is destroyed by battle and "
        "{loser_controller} {taken}."
    ),
    "battle.atk_vs_atk_equal": (
        "{attacker} ({atk}) and {target} ({target_atk}) have equal ATK: both are destroyed by battle and no "
        "one takes damage."
    ),
    "battle.atk_vs_atk_zero": (
        "{attacker} and {target} both have 0 ATK: neither is destroyed and no one takes damage."
    ),
    "battle.atk_vs_def_higher": (
        "{attacker} ({atk} ATK) beats {target}'s {target_def} DEF: {target} is destroyed by battle, and no "
        "one takes battle damage from attacking a Defense Position monster."
    ),
    "battle.atk_vs_def_equal": (
        "{attacker}'s {atk} ATK equals {target}'s {target_def} DEF: nothing is destroyed and no one takes "
        "damage."
    ),
    "battle.atk_vs_def_lower": (
        "{attacker}'s {atk} ATK is below {target}'s {target_def} DEF: nothing is destroyed and {player} "
        "{taken}."
    ),
    "battle.direct_damage": "Direct attack by {attacker} ({atk} ATK): {foe} {taken}.",
    "battle.replay": (
        "A replay: {why} before the Damage Step. {attacker} may attack again (a new target, or directly if "
        "no monster is left), or not attack; if another monster attacks instead, it still counts as having "
        "attacked."
    ),
    "battle.ended": "{reason}",
    "battle.no_battle_damage": "{reason}",
    "battle.not_destroyed_by_battle": (
        "But {shield} was applied this turn: {owner}'s monsters cannot be destroyed by battle, so {card} is "
        "not destroyed by this battle."
    ),
    "battle.destroyed_effects_negated": (
        "{card} is destroyed by battle with {source}: {source}'s Continuous effect negates {card}'s effects "
        "while it stays on the field and then in the GY (an effect it activates there resolves without "
        "effect); this ends if it leaves the GY."
    ),
    "chain.negated_destroyed_by_battle": (
        "{card} was destroyed by battle with {source}, whose effect negates its effects while it stays "
        "{where}, so Chain Link {link} ({card}) resolves without effect."
    ),
    "reveal.hand_kept_revealed": (
        "{player}'s hand is revealed: {hand}. {source} keeps it revealed while it stays face-up, so the "
        "cards in it are public knowledge."
    ),
    "chain.flip_effects_not_activated": (
        "{flipped} turned face-up by {card}: their Flip effects do not activate."
    ),
    "chain.when_effect_with_activation": (
        "{card} was activated right when what its own effect waits for happened, so that effect "
        "applies as part of this activation, in the same Chain Link."
    ),
    "chain.negated_by_discard": (
        "{foe} discards {card} as {card2} resolves, so the rest of its effect does not happen."
    ),
    "rule.banished_instead": (
        "{card} would leave the field face-up (to the {to}); its own effect banishes it instead."
    ),
    "rule.end_phase_banish": (
        "End Phase: {card} is banished, as the effect that summoned it said; this is not an activation, so "
        "nothing can respond to it."
    ),
    "rule.control_returned": "{reason}",
    "turn.skipped": "{foe}'s turn is skipped (a card's effect said so), so {player} takes the next turn.",
    "summon.needs_face_up_monster": (
        "{card} can be {verb}ed only while {player} controls a face-up {what}; {player} controls none.{note}"
    ),
    "trigger.battle_phase_end_stop": (
        'The Battle Phase reaches its End Step and sets off "at the end of the Battle Phase" triggers: '
        "they resolve before the turn moves on."
    ),
    "battle.not_destroyed_once": (
        "{card} cannot be destroyed by battle once per turn (its own Continuous effect): it is not destroyed "
        "by this battle, and that use is spent for this turn."
    ),
    "lasting.borrowed_card_sent": (
        "End Phase: {card}, taken from {owner}'s GY by {source} for this turn, is still in {player}'s "
        "{where}, so it is sent to {owner}'s GY (this is not a new activation)."
    ),
    "lasting.damage_after_use": (
        "{card} was taken by {source} and has now been activated and resolved: {player} takes {amount} "
        "damage (once; no chain)."
    ),
    "rule.die_roll": "{reason}",
    "turn.draw_phase_skipped": (
        "{foe} skips the Draw Phase of this turn (a card's effect said so): {foe} draws no card, and the "
        "turn goes on to the Standby Phase."
    ),
    "attack.second_in_a_row": (
        "{c} can make a second attack in a row: its next attack must be declared before any other monster "
        "attacks."
    ),
    "attack.second_in_a_row_lost": (
        '{attacker} declares an attack before {card} made its second attack "in a row", so {card} can no '
        "longer attack this turn."
    ),
    "battle.damage_reflected": (
        "{card} is equipped with a monster by its own effect: the {amount} battle damage {player} takes from "
        "this battle is also inflicted to {foe}, as effect damage, at the same moment."
    ),
    "battle.damage_reduced_to_zero": (
        "{card}'s Pendulum Effect: {player} reduces the {amount} battle damage from this attack, which "
        "involves {player}'s Pendulum Monster, to 0 (once per turn; no chain; taken as {player}'s choice: "
        'the effect says "you can").'
    ),
    "battle.damage_reduction_declined": (
        "{player} chooses not to apply {card}'s Pendulum Effect to this attack's battle damage (stated "
        "in the attack's choices: decline); the damage is taken, and the effect can still be used "
        "later this turn."
    ),
    "rule.destroyed_instead": (
        "{card} would be destroyed {how}; its own effect destroys the monster equipped to it, {held}, "
        "instead, so {card} stays on the field."
    ),
    "rule.cannot_be_destroyed": (
        "{card} was Link Summoned using {granting} as material: it cannot be destroyed by its controller's "
        "opponent's card effects, so {origin} does not destroy it."
    ),
    "rule.column_negated": (
        "{card} was Set before it was activated and is still on the field: for the rest of this turn the "
        "other Spell/Trap effects in its column are negated, on the field there and activated there."
    ),
    "summon.only_one_face_up": "{reason}",
    "rule.only_one_face_up_destroyed": (
        "{player} now controls 2 face-up {name}, and can control only 1: the newer, {card}, is destroyed by "
        "the game (no chain)."
    ),
    "verdict.negated": "{cause} negates the {what} of {card}.",
    "verdict.summon_negated": "{cause} negates the summon of {cards_: and }: it never counts as summoned.",
    "verdict.chain_order": "The chain resolved last link first: {links:; then }.",
    "verdict.card_ended": "After the last step, {card} is {where}.",
    "verdict.card_when_ended": "When the duel ended, {card} was {where}.",
    "verdict.result": "The duel is over. {why}",
    "verdict.lp": "The duel goes on after the last step: {lps: and }.",
    # --- general rules (issue 13, item 3)
    "summon.negated_sets_off_nothing": (
        "The summon of {summoned} was negated, so it never happened: it sets off nothing ({names} does "
        "not activate)."
    ),
    "summon.flip_summoned_this_turn": (
        "{card} was Summoned this turn; a Flip Summon changes its battle position, which cannot be done "
        "the turn it was Summoned (even after an effect turned it face-down)."
    ),
    "summon.flip_after_attack": (
        "{card} declared an attack this turn; a Flip Summon changes its battle position, which cannot be "
        "done after it attacked (turned face-down since, it still attacked)."
    ),
    "summon.flip_position_changed": (
        "{card} already changed its battle position this turn; a Flip Summon is a battle position change, "
        "so it cannot be Flip Summoned until a later turn."
    ),
    "battle.replay_not_a_declaration": (
        "After the replay, {attacker} chooses its target again: the same attack goes on, not a new attack "
        "declaration, so cards that answer an attack declaration cannot be activated for it."
    ),
    "trigger.xyz_material_not_on_field": (
        "{card} was an Xyz Material, which is not a card on the field: it went to the GY, but not from the "
        "field, so its effect is not set off."
    ),
    "trigger.became_xyz_material": (
        '{card} became Xyz Material: for its "leaves the field" effect that is not leaving the field, so '
        "the effect is not set off."
    ),
    "chain.condition_only_at_activation": (
        "Chain Link {link} ({card}) still resolves, though its activation condition no longer holds: "
        "{condition}"
    ),
    "cost.paid_off_the_field": (
        "{card}'s effects are negated by {negator} only while it is face-up on the field; its cost took it "
        "off the field, so its effect is activated and {negator} will not negate it as it resolves."
    ),
    "chain.negation_left_behind": (
        "{negator} does not negate Chain Link {link} ({card}): {card} is no longer face-up on the field, and "
        "{negator} negates only the effects of monsters that are."
    ),
    "cost.paid_while_negated": (
        "{card}'s effects are negated by {negator}, but the effect can still be activated and its cost is "
        "paid: a cost is not an effect, so the negation does not stop it."
    ),
    "rule.to_owners_pile": (
        "{card} was controlled by {controller} but is owned by {owner}: leaving the field, it goes to its "
        "owner's {to}."
    ),
    "summon.token_not_xyz_material": "{reason}",
    "target.still_valid_face_down": (
        "{t} was turned face-down after {name} targeted it, but {name} targets a card on the field, not a "
        "face-up one, and {t} still is one: it is affected."
    ),
    "trigger.moved_to_main_deck": (
        '{card} went from the field to the Main Deck: a card placed there cannot activate its "leaves the '
        'field" effect.'
    ),
    "trigger.banished_face_down": (
        '{card} was banished face-down from the field: a card banished face-down cannot activate its "leaves '
        'the field" effect.'
    ),
    "trigger.left_face_down": (
        "{card} was face-down when it was sent from the field to the GY: its effect needs this face-up card "
        "sent there, so it is not set off."
    ),
}

PHRASES: dict[str, str] = {
    "cost_paid.none": "",
    "cost_paid.paid": (", its cost paid on activation ({items}), which stays paid even if it is negated"),
    "cost_item.discard": "discarding {cards}",
    "cost_item.tribute": "Tributing {cards}",
    "cost_item.send_to_gy": "sending {cards} to the GY",
    "cost_item.banish": "banishing {cards}",
    "cost_item.detach": "detaching {cards}",
    "cost_item.reveal": "revealing {cards}",
    "cost_item.pay_lp": "paying {amount} LP",
    "passed_through.both_players_pass_until": "Both players pass until {phase}, where {who} acts.",
    "passed_through.both_players_pass_until_2": "Both players pass until {window}.",
    "illegal_order.already_past_turn_turn": "It is already past {phase} this turn; the turn cannot go back.",
    "illegal_order.attack_already_past": "The attack is already past {window}.",
    "illegal_order.already_battle_phase": "It is already the Battle Phase.",
    "illegal_order.phases_only_move_forward": "It is {phase}; phases only move forward.",
    "illegal_order.main_phase_follows_battle": (
        "Main Phase 2 follows a Battle Phase; without one, the turn goes from Main Phase 1 to the End Phase."
    ),
    "no_battle_first_turn.player_who_goes_first": (
        "The player who goes first has no Battle Phase on the first turn."
    ),
    "no_battle_first_turn.player_who_goes_first_2": (
        "The player who goes first has no Battle Phase on the first turn; {player} can move to the End Phase "
        "instead."
    ),
    "exodia.both_players_hold_all": "Both players hold all five pieces of Exodia: the duel is a draw.",
    "exodia.holds_all_five_pieces": (
        "{winner} holds all five pieces of Exodia the Forbidden One in the hand and wins the duel; "
        "{opponent} loses."
    ),
    "over.duel_over_no_further": "The duel is over ({result}); no further action counts.",
    "over.duel_ended_while_chain": "The duel ended while the chain resolved.",
    "over.duel_ended_during_attack": "The duel ended during the attack.",
    "over.duel_ended_end_battle": "The duel ended at the end of the Battle Phase.",
    "over.duel_ended_end_phase": "The duel ended in the End Phase.",
    "final_countdown.both_players_final_countdowns": (
        "Both players' Final Countdowns reach their 20th turn at the end of this turn: the duel is a draw."
    ),
    "final_countdown.end_turn_turns_have": (
        "The end of turn {turn}: 20 turns have passed since {winner} activated Final Countdown (its turn "
        "counted as the 1st), so {winner} wins the duel."
    ),
    "end_phase.end_phase_effect_turns": (
        "End Phase: {source}'s effect turns {foe}'s face-down monsters face-up in Defense Position "
        "({flipped}); {foe} draws {flipped_count} card(s), 1 for each. This is not a new activation."
    ),
    "end_phase.end_phase_turn_since": (
        "End Phase of {turn_player}'s turn {counted} since {card} was activated: it is destroyed, as its "
        "text says."
    ),
    "end_phase.banishes_named": (
        "End Phase: {player} banishes {card} from the GY, as {source}'s effect said when it resolved "
        "(this makes no new Chain Link)."
    ),
    "end_phase.banishes_named_none": (
        'End Phase: {source}\'s effect has {player} banish 1 "{name}" from the GY now, but there is none '
        "there, so nothing is banished."
    ),
    "end_phase.end_phase_effect_destroys": (
        "End Phase: {source}'s effect destroys {doomed}, as it said when it resolved (this makes no new "
        "Chain Link)."
    ),
    "control_returned.end_phase_control_goes": (
        "End Phase: control of {card} goes back to {owner}; {source} gave control only until the End Phase."
    ),
    "control_returned.already_with_owner": (
        "End Phase: {card} is already controlled by its owner, {owner} (control changed again since), so "
        "{source}'s control until the End Phase has nothing to give back."
    ),
    "control_returned.should_go_back_who": (
        "{card} should go back to {owner}, who has no free Main Monster Zone, so it is sent to the GY."
    ),
    "control_returned.no_longer_gives_control": (
        "{source} no longer gives control of {card} (it left the field, is no longer equipped to it, or is "
        "negated), so control goes back to {owner}."
    ),
    "control_returned.control_goes_back_who": (
        "Control of {card} goes back to {owner}, who has no free Main Monster Zone, so it is sent to the GY."
    ),
    "unchainable.neither_player_can_activate": (
        "Neither player can activate monster effects in response to {who} (Chain Link {link}), so {card}'s "
        "effect cannot be activated now."
    ),
    "unchainable.chain_link_cannot_responded": (
        "{who} (Chain Link {link}) cannot be responded to by {either}."
    ),
    "chain_open.cannot_while_chain_or": "Cannot {what} while a chain or an attack is open.",
    "chain_open.attack_cannot_declared_while": "An attack cannot be declared while a chain is open.",
    "card_not_there.not": "{card} is not in {player}'s {zone} ({what}); it is in {controller}'s {zone2}.",
    "card_not_there.not_monster_controls": "{card} is not a monster {player} controls.",
    "card_not_there.effect_works_from_card": (
        "{card}'s effect works from {works_from}; the card is in {controller}'s {zone}."
    ),
    "card_not_there.must_hand_or_set": (
        "{card} must be in {player}'s hand or Set on {player}'s field to be activated."
    ),
    "card_not_there.must_hand_or_extra": (
        "{card} must be in {player}'s hand or Extra Deck to be Special Summoned this way."
    ),
    "card_not_there.not_monster_hand": "{card} is not a monster in {player}'s hand.",
    "card_not_there.there_no_card_now": "There is no card at {ref} now.",
    "nothing_to_resolve.unknown_action": "Unknown action {do!r}.",
    "nothing_to_resolve.both_players_pass_no": (
        "Both players pass; no chain or battle window is open, so nothing happens."
    ),
    "materials_wrong.needs_do_not_fit": "{name} needs {listed: + }; {materials} do not fit that.",
    "materials_wrong.card_named_twice_for": "A card is named twice as {word} for {name}.",
    "materials_wrong.needs_materials_given": "{name} needs {wanted} materials; {n} {n:was|were} given.",
    "materials_wrong.needs_materials_with_different": "{name} needs materials with different names.",
    "materials_wrong.synchro_summon_needs_exactly": (
        "A Synchro Summon of {name} needs exactly {wanted} Tuner{wanted:|s} among its materials; {tuners} "
        "{tuners:was|were} given."
    ),
    "materials_wrong.levels_synchro_materials_add": (
        "The Levels of the Synchro Materials add up to {total} ({levels: + }); {name} is Level {level}, and "
        "they must add up to exactly that."
    ),
    "materials_wrong.link_materials_must_count": (
        "{name} is Link-{link_rating}: its materials must count as exactly {link_rating} (each monster 1, a "
        "Link Monster 1 or its Link Rating); these {materials_count} cannot."
    ),
    "materials_wrong.not_monster_cannot_for": (
        "{m} is not a monster {where}, so it cannot be {word} for {name}."
    ),
    "materials_wrong.face_down_face_down": "{m} is face-down: a face-down monster cannot be {word}.",
    "materials_wrong.has_no_level_xyz": (
        "{m} has no Level (an Xyz or Link Monster), so it cannot be Synchro Material."
    ),
    "materials_wrong.needs_level_monsters_xyz": (
        "{m} is {shown}; {name} needs Level {level} monsters as Xyz Material."
    ),
    "materials_wrong.summon_must_use_itself": "{source}'s summon must use {must_use} itself as material.",
    "materials_wrong.token_token_cannot_become": (
        "{m} is a Token: a Token cannot become Xyz Material (it would cease to exist as it left the field)."
    ),
    "materials_wrong.not_cannot_for": "{m} is not {each}, so it cannot be {word} for {name}.",
    "after_resolution.immediately_after_resolves_summons": (
        "Immediately after {source} resolves, {player} {method} Summons {card} using {materials}: the summon "
        "happens after the effect resolves, not as part of it."
    ),
    "after_resolution.immediately_after_resolves_normal": (
        "Immediately after {source} resolves, {player} {verb} {card}; this Normal Summon/Set comes from the "
        "effect, in addition to the one a player may conduct each turn, which it does not use."
    ),
    "after_resolution_none.no_monster_was_named": (
        "No monster was named to summon after {source} resolved (`choices: {{summon: <monster>, materials: "
        "[...]}}`), so none is summoned."
    ),
    "after_resolution_none.no_monster_was_named_2": (
        "No monster was named to Normal Summon after {source} resolved (`choices: {{summon: <monster>, "
        "tribute: [...]}}`), so none is summoned."
    ),
    "pendulum_wrong_card.not_hand_or_extra": (
        "{c} is not in {player}'s hand or Extra Deck, so it cannot be Pendulum Summoned."
    ),
    "pendulum_wrong_card.not_face_up_pendulum": (
        "{c} is not a face-up Pendulum Monster in the Extra Deck; only those can be Pendulum Summoned from "
        "there."
    ),
    "pendulum_wrong_card.cannot_pendulum_summoned_from": (
        "{c} cannot be Pendulum Summoned from the hand: a monster that must be Special Summoned in its own "
        "way cannot be."
    ),
    "not_settable.cannot_normal_set_can": (
        "{card} cannot be Normal Set; it can only be Normal Summoned face-up."
    ),
    "not_settable.cannot_normal_set": "{card} cannot be Normal Set.",
    "condition_not_met.cannot_activated_now": "{card} cannot be activated now: {reasons:; or }.",
    "condition_not_met.deck_holds_none": (
        "{card} cannot be activated: {player}'s Deck holds no card it could take, and a Deck is searched "
        "only when it holds one that fits."
    ),
    "condition_not_met.hand_holds_no_normal_summon": (
        "{card}'s effect cannot be activated: {player} has no monster in hand that could be Normal "
        "Summoned or Set now (none, or none with the Tributes it needs), and an effect whose only act "
        "is that Summon would do nothing."
    ),
    "condition_not_met.cannot_activated_condition_checked": "{card} cannot be activated: {condition}",
    "condition_not_met.no_fusion_possible": (
        "{card} cannot be activated: no Fusion Summon it could perform is possible now (no Fusion Monster "
        "it may Summon has its materials where the card takes them), and a card is activated only if its "
        "effect can be carried out."
    ),
    "condition_not_met.no_gemini_monster": (
        "{card} cannot be activated: {player} has no Gemini monster in the hand, nor one face-up on the "
        'field not yet Normal Summoned again, for it to Normal Summon (a monster with "Gemini" in its name '
        "is a Gemini monster only if it has the Gemini ability), and a card is activated only if its effect "
        "can be carried out."
    ),
    "condition_not_met.no_fusion_gy_locked": (
        "{card} cannot be activated: its Fusion Summon would need materials from the GY, which {valley} "
        "keeps from being banished, and a card that would banish a card from the GY cannot be activated "
        "while it cannot be banished."
    ),
    "condition_not_met.can_answer_only_activation": (
        "{card} can answer only the activation immediately before it (Chain Link {answered_link}), not {ref}."
    ),
    "condition_not_met.does_not_negate_summons": (
        "{card} does not negate summons, so it cannot answer a summon being attempted; it can respond once "
        "the summon has succeeded."
    ),
    "condition_not_met.cannot_activated_paying_card": (
        "{card} cannot be activated paying {count} card(s) to {key_}: {why}."
    ),
    "condition_not_met.cannot_pay_lp_with": "{player} cannot pay {amount} LP with {lp} LP.",
    "condition_not_met.summons_locked": (
        "{card}'s effect would Summon a monster, but {player} activated {source} this turn and cannot "
        "Summon other monsters that turn, so {player} cannot activate it."
    ),
    "locked_summon.by_effect": "Summon by {card}",
    "condition_not_met.already_summoned_this_turn": (
        "{player} already Summoned a monster this turn, and {card} says {player} cannot Summon other "
        "monsters the turn it is activated, so it cannot be activated now."
    ),
    "condition_not_met.already_declared_attack_turn": (
        "{card} already declared an attack this turn; this effect can be activated only if it does not "
        "attack this turn."
    ),
    "already_used.already_used_turn_normal": (
        "{owner} already used this turn's Normal Summon or Set; only one per turn."
    ),
    "already_used.already_used_turn_normal_2": (
        "{player} already used this turn's Normal Summon or Set; a Gemini Summon is a Normal Summon."
    ),
    "bad_tribute.not_monster_controls_2": "{card} is not a monster {player} controls.",
    "bad_tribute.named_twice_tribute": "{card} is named twice as a Tribute.",
    "procedure_not_met.not_part_summoning_procedure": (
        "{left} {count:is|are} not part of {name}'s summoning procedure."
    ),
    "procedure_not_met.cannot_special_summoned_procedure": (
        "{name} cannot be Special Summoned by a procedure of its own: only by the effect of "
        '"{special_summon_by}" (or an effect that ignores its Summoning conditions).'
    ),
    "procedure_not_met.ritual_summon_performed_ritual": (
        "A Ritual Summon is performed by a Ritual Spell's effect (activate it with `choices`), not by a "
        "summon action."
    ),
    "procedure_not_met.not_monster_extra_deck": (
        "{name} is not {method:a} Monster in {player}'s Extra Deck, so it cannot be {method} Summoned."
    ),
    "procedure_not_met.fusion_summoned_card_effect": (
        "{name} is Fusion Summoned by a card's effect (Polymerization), not by a summon action."
    ),
    "procedure_not_met.not_monster": "{card} is not {method:a} Monster.",
    "procedure_not_met.link_summon_needs_materials": "A Link Summon needs materials.",
    "procedure_not_met.special_summoned_way_from": "{name} is Special Summoned this way from the hand only.",
    "procedure_not_met.not_monster_extra_deck_2": (
        "{card} is not {method:a} Monster in {player}'s Extra Deck."
    ),
    "procedure_not_met.not_fusion_monster_extra": "{card} is not a Fusion Monster in {player}'s Extra Deck.",
    "procedure_not_met.not_monster_controls_3": "{m} is not a monster {player} controls.",
    "procedure_problem.only_opponent_controls": (
        "{card} can be Special Summoned by its own procedure only while {opponent} controls a monster and "
        "{player} controls none"
    ),
    "procedure_not_met.gy_locked": (
        "{name}'s procedure banishes cards from the GY, and while {valley} is face-up no card in the GY "
        "can be banished."
    ),
    "procedure_not_met.special_summoned_from_hand": (
        "{name} is Special Summoned from the hand by {verb} {sel}; none of the cards given ({refs}) is one."
    ),
    "full.no_zone_to_equip": (
        "All of {player}'s Spell & Trap Zones are occupied, so {card}'s effect, which would place an Equip "
        "Card there, cannot be activated."
    ),
    "full.has_no_extra_monster": "{player} has no Extra Monster Zone free for a Link Monster.",
    "full.all_main_monster_zones": "All 5 of {player}'s Main Monster Zones are occupied.",
    "full.no_zone_to_summon": (
        "All 5 of {player}'s Main Monster Zones are occupied, and {card}'s effect Special Summons a monster "
        "there: an effect that Special Summons cannot be activated without a free zone for the monster."
    ),
    "full.all_spell_trap_zones": "All 5 of {player}'s Spell & Trap Zones are occupied.",
    "full.both_pendulum_zones_leftmost": (
        "Both of {player}'s Pendulum Zones (the leftmost and rightmost Spell & Trap Zones) are occupied, so "
        "{card} cannot be placed there."
    ),
    "full.has_free_main_monster": (
        "{player} has {free_main_count} free Main Monster Zone(s) for {from_hand_count} monsters from the "
        "hand."
    ),
    "full.has_no_free_main": "{owner} has no free Main Monster Zone for {name}.",
    "full.has_no_free_main_2": "{who} has no free Main Monster Zone for {c}.",
    "full.all_spell_trap_zones_2": "All of {player}'s Spell & Trap Zones are occupied.",
    "full.has_free_spell_trap": (
        "{player} has {free} free Spell & Trap Zone(s) for {victims_count} monsters to equip to {this}, so "
        "none is equipped."
    ),
    "full.has_no_free_spell": "{controller} has no free Spell & Trap Zone for {union}.",
    "full.has_no_free_main_3": "{controller} has no free Main Monster Zone for {union}.",
    "full.has_no_free_main_4": "{player} has no free Main Monster Zone to take {c}.",
    "full.has_no_free_spell_2": "{player} has no free Spell & Trap Zone to equip {c}.",
    "occupied.main_monster_zone_occupied": "{player}'s Main Monster Zone {wanted} is occupied.",
    "occupied.extra_monster_zone_occupied": "The {wanted} Extra Monster Zone is occupied.",
    "occupied.spell_trap_zone_not": "{player}'s Spell & Trap Zone {slot} is not free.",
    "extra_monster_zone.monster_from_hand_goes": (
        "A monster from the hand goes to a Main Monster Zone, not an Extra one."
    ),
    "extra_monster_zone.main_deck_monster_no_main_zone": (
        "All 5 of {player}'s Main Monster Zones are occupied, and {card}, not Summoned from the Extra Deck, "
        "cannot be placed in an Extra Monster Zone: it is not Summoned."
    ),
    "extra_monster_zone.pendulum_monster_pendulum_summoned": (
        "A Pendulum Monster Pendulum Summoned from the Extra Deck goes to an Extra Monster Zone (one per "
        "player) or to a Main Monster Zone a Link Arrow points to; there is no such zone free for each of "
        "{from_extra}."
    ),
    "locked.effect_applies_for_rest": (
        "{source}'s effect applies for the rest of this turn: no card can be added from either Main Deck to "
        "the hand, so {card}, which would {adds: or }, cannot be activated."
    ),
    "locked.face_up_effect_not": (
        "{jinzo} is face-up and its effect is not negated: Trap Cards, and their effects on the field, "
        "cannot be activated, so {card} cannot be."
    ),
    "locked.effect_resolved_turn_says": (
        "An effect resolved this turn says {player} cannot activate effects in the GY this turn, so {card}'s "
        "effect cannot be activated there."
    ),
    "locked.pendulum_zone_pendulum_monster": (
        "{source} is in {controller}'s Pendulum Zone and {controller}'s Pendulum Monster is in this battle: "
        "{player} cannot activate Spell Cards until the end of the Damage Step."
    ),
    "locked.cannot_activate_effects_turn": "{card} cannot activate its effects this turn ({source}).",
    "locked.name_this_turn": (
        "{player} cannot activate cards, or the effects of cards, named {name} for the rest of this turn "
        "({source} added one)."
    ),
    "locked.face_up_cards_gy": (
        "{valley} is face-up: cards in the GY cannot be banished, so {card}, which would banish one, cannot "
        "be activated."
    ),
    "locked.face_up_cards_gy_2": (
        "{valley} is face-up: cards in the GY cannot be banished, so the cost of {card} cannot be paid and "
        "it cannot be activated."
    ),
    "locked.activated_turn_cannot_draw": (
        "{p} activated {source} this turn, so {p} cannot draw cards by card effects this turn: no card is "
        "drawn."
    ),
    "spell_trap.sets_card_face_down": (
        "{player} Sets a card ({card}) face-down in Spell & Trap Zone {slot}.{later}"
    ),
    "spell_trap.sets_face_down_field": "{player} Sets {card} face-down in the Field Zone.",
    "field_spell_replaced.activates_new_field_spell": (
        "{player} activates a new Field Spell: {old} is sent to the GY at once, even if the new one is "
        "negated. Each player has a Field Zone, so {opponent}'s Field Spell is not affected."
    ),
    "field_spell_replaced.places_new_field_spell": (
        "{player} places a new Field Spell, so {old} is sent to the GY."
    ),
    "spell_speed_too_low.spell_speed_response_chain": (
        "{card} is Spell Speed {speed}; a response to Chain Link {link} (Spell Speed {spell_speed}) must be "
        "Spell Speed {needed} or higher."
    ),
    "spell_speed_too_low.trigger_effect_spell_speed": (
        "{card}'s trigger effect is Spell Speed 1: it cannot respond to an open chain."
    ),
    "link_resolved.chain_link_resolves": "Chain Link {link}: {card} resolves ({done:; }).",
    # nothing to say it did: a Continuous, Equip or Field card's activation only places it
    "link_resolved.placed": (
        "Chain Link {link}: {card} resolves; it stays face-up and applies while it is on the field."
    ),
    "link_resolved.does_nothing": "Chain Link {link}: {card} resolves and does nothing.",
    "link_resolved.controlled_cards_counting_itself": (
        "{foe} controlled {theirs_count} cards and {player} {mine_count} (counting {card} itself, still on "
        "the field as it resolves): {foe} banishes {excess} face-down, of {foe}'s own choice: {picks}."
    ),
    "link_resolved.controlled_cards_tokens_stay": (
        "{foe} controlled {theirs_count} cards and {player} {mine_count} (counting {card} itself, still on "
        "the field as it resolves): {foe} would banish {excess} face-down, but a Token cannot be banished "
        "face-down, so {foe} banishes only {picks} and keeps {tokens}."
    ),
    "cost_missing.needs_cost_card_given": (
        "{card} needs a cost of {amount} card(s) to {key_}; {count} given in the action's cost."
    ),
    "cost_missing.has_lp_cannot_pay": "{player} has {lp} LP and cannot pay {due}.",
    "cost_missing.not_enough_in_hand": (
        "{card} needs {amount} card(s) discarded from the hand as its cost, but {player} has only "
        "{have} other card(s) in the hand, so it cannot be activated."
    ),
    "cost_missing.must_pay_cost_with": "{card} must be {where} to pay its cost with itself.",
    "cost_missing.activated_card_pays": (
        "{card} is the card being activated, so it cannot also pay its own cost."
    ),
    "cost_missing.needs_cost_card_given_2": (
        "{card} needs a cost of {wanted} card(s) to {key_}; {count} given."
    ),
    "cost_missing.not_xyz_material_cost": (
        "{strays} is not Xyz Material of {card}; the cost detaches material from the card itself."
    ),
    "cost_missing.costs_lp_now_was": "{card} costs {due} LP now; {given} was given.",
    "cost_missing.can_declare_attack_only": (
        "{attacker} can declare an attack only if {player} Tributes {count} other monster(s) it controls "
        "(`cost: {{tribute: [...]}}` on the attack); {why}."
    ),
    "cost_missing.needs_lp_paid_declare": (
        "{attacker} needs {due} LP paid to declare an attack; {player} has {lp}."
    ),
    "cost_missing.names_no_lv_monster": (
        '{paid} names no "LV" monster to summon (as far as the card library knows), so it cannot be sent '
        "for {card}."
    ),
    "cost_missing.can_activated_only_if": (
        '{card} can be activated only if "{listed}" (the monster {paid} names) is in {player}\'s hand or '
        "Deck."
    ),
    "cost_missing.cannot_pay_cost_not": (
        "{paid} cannot pay the cost of {card}: it is not one of the cards the cost names."
    ),
    "cost_missing.monster_already_paid_for": (
        "{attribute:A} monster already paid for {card}'s effect this turn; a monster of the same Attribute "
        "cannot pay for it again this turn."
    ),
    "not_allowed_now.face_down_effects_cannot": "{card} is face-down; its effects cannot be activated.",
    "not_allowed_now.spell_speed_can_activated": (
        "{card} is Spell Speed 1: it can be activated only in its controller's own Main Phase, when no chain "
        "is open; it is {phase} of {turn_player}'s turn."
    ),
    "not_allowed_now.trap_must_set_first": (
        "{card} is a Trap: it must be Set first, and can be activated from the next turn on."
    ),
    "not_allowed_now.quick_play_spell_opponent": (
        "{card} is a Quick-Play Spell: on the opponent's turn it can be activated only once it is Set (and "
        "not the turn it was Set)."
    ),
    "bad_target.needs_target_chosen_activation": (
        "{card} needs {needed} target(s) chosen at activation; {chosen_count} given."
    ),
    "bad_target.targets_must_split_text": (
        "{card}'s targets must be split as its text says ({wanted: and }); {chosen} cannot be."
    ),
    "bad_target.does_not_target_no": "{card} does not target; no target can be chosen for it.",
    "bad_target.paid_as_cost": (
        "{t} is paid as the cost of {card}, before its target is chosen, so it cannot also be that target."
    ),
    "bad_target.cannot_target_itself_effect": (
        "{card} cannot target itself: its effect takes only other cards."
    ),
    "bad_target.not_card_can_target": "{t} is not a card {card} can target: it {why}.",
    "bad_target.already_destroyed_battle_leaves": (
        "{t} is already destroyed by this battle (it leaves the field at the end of the Damage Step), so it "
        "cannot be targeted."
    ),
    "bad_target.cannot_targeted_card_effects": (
        "{t} cannot be targeted by card effects while {guard} is face-up."
    ),
    "bad_target.was_not_used_material": (
        "{t} was not used as material for {card}'s summon, so it cannot be this effect's target."
    ),
    "no_longer_valid.target_since_was_targeted": (
        "{name}'s target {t} {why} since it was targeted, so it is not affected."
    ),
    "no_longer_valid.target_not_affected": "{name}'s target {t} {reasons}, so it is not affected.",
    "equip_destroyed.has_no_monster_equip": "{card} has no monster to equip, so it is sent to the GY.",
    "equip_destroyed.no_longer_attached_face": (
        "{card} is no longer attached to a face-up monster ({partner} left the field or was turned "
        "face-down), so it is destroyed."
    ),
    "negated_by_continuous.negates_effects_cards_field": (
        "{negator} negates the effects of {card_type} Cards on the field, so {card} (Chain Link {link}) "
        "resolves without effect."
    ),
    "negated_by_continuous.negates_any_card_effect": (
        "{valley} negates any card effect that would move a card in the GY, so {card} (Chain Link {link}) "
        "resolves without effect; it could still be activated."
    ),
    "negated_by_continuous.negates_flip_effects_flip": (
        "{royal} negates Flip effects, so {card}'s Flip effect resolves without effect."
    ),
    "engine_picked.no_mode_was_given": (
        "No mode was given for {card}'s effect; the engine takes the first (say `choices: {{mode: 2}}` for "
        "the second)."
    ),
    "engine_picked.first_choice_that_works": (
        "No choice was given for {card}'s effect (`choices: {{mode: n}}`); the engine takes the first one "
        "that can be activated now: choice {mode} of its text, to {what}."
    ),
    "engine_picked.die_rolls_resolves_was": (
        "The die {source} rolls as {card} resolves was not given; the engine takes 1 (say `choices: {{die: "
        "n}}` on that activation)."
    ),
    "engine_picked.coin_toss_was_not": (
        "The coin toss of {card} was not given; the engine assumes {assumed} (say `choices: {{coin: "
        "{other}}}` otherwise)."
    ),
    "engine_picked.first_legal": (
        "No choice was given for {card}: {what} (`choices: {{{key_}: ...}}`). The engine takes the first "
        "legal option: {picked}."
    ),
    "choice_of.add": "which card to add to the hand",
    "choice_of.summon": "which monster to Summon",
    "choice_of.destroy": "which card to destroy",
    "choice_of.send": "which card to send to the GY",
    "choice_of.banish": "which card to banish",
    "choice_of.return": "which card to return",
    "choice_of.discard": "which card to discard",
    "choice_of.tribute": "which monster to Tribute",
    "choice_of.materials": "which monsters to use as material",
    "choice_of.control": "which monster each player gives",
    "choice_of.order": "the order of the cards placed on the bottom of the Deck",
    "choice_of.position": "the battle position of the monster it Summons",
    "choice_of.equip": "which Equip Card to move",
    "choice_of.equip_to": "which monster to move the Equip Card to",
    "choice_of.declare": "which card name to declare",
    "choice_of.declare_type": "which Monster Type to declare",
    "choice_of.set": "which monsters are Summoned face-down",
    "position_taken.attack": "face-up Attack Position",
    "declared.type_of": "{type_}, the Type of {card}",
    "missing.no_legal_summon": (
        "{card} has no legal {method} Summon to perform: no {method} Monster {player} could Summon this way "
        "has the materials it needs."
    ),
    "missing.declares_monster_type_activated": (
        "{card} declares a Monster Type as it is activated: say which with `choices: {{declare: <Type>}}`."
    ),
    "missing.needs_declared_card_name": (
        "{card} needs the declared card name: `choices: {{declare: <card name>}}}}`."
    ),
    "not_allowed.not_spell_or_trap": (
        "{card} is not a Spell or Trap in {player}'s hand, so it cannot be Set by this effect."
    ),
    "not_allowed.zone_not_free": (
        "The zone named in the choices ({zone}) is not a free Main Monster Zone of {player}'s; the monster "
        "goes to the lowest free one instead."
    ),
    "not_allowed.position_fixed.attack": (
        "{card}'s text Special Summons in Attack Position; no other position can be chosen."
    ),
    "not_allowed.position_fixed.defense": (
        "{card}'s text Special Summons in Defense Position; no other position can be chosen."
    ),
    "not_allowed.position_fixed.set": (
        "{card}'s text Special Summons in face-down Defense Position; no other position can be chosen."
    ),
    "not_allowed.cannot_chosen_for_here": (
        "{wrong} cannot be chosen for {key_} here; the effect takes only cards that fit it."
    ),
    "attack_cost_paid.tributes_for_declare_attack": (
        "{player} Tributes {cards_} for {attacker} to declare an attack; this cost is part of its effect, so "
        "it is waived while that effect is negated."
    ),
    "attack_cost_paid.pays_lp_for_card": (
        "{player} pays {due} LP to declare an attack with {attacker}: {source}'s effect makes every attack "
        "declaration cost it."
    ),
    "attack_cost_paid.pays_lp_for_declare": (
        "{player} pays {due} LP for {attacker} to declare an attack; this cost is part of its effect, so it "
        "is waived while that effect is negated."
    ),
    "tributes_forbidden.face_up_no_monster": (
        "{mask} is face-up: no monster can be Tributed, so {name} cannot be Tribute Summoned or Set."
    ),
    "tributes_forbidden.face_up_no_monster_2": (
        "{mask} is face-up: no monster can be Tributed, so the Tribute cost of {card} cannot be paid."
    ),
    "tributes_forbidden.face_up_no_monster_3": (
        "{mask} is face-up: no monster can be Tributed, so {attacker} cannot pay its Tribute to declare an "
        "attack."
    ),
    "tributes_forbidden.face_up_no_monster_4": (
        "{mask} is face-up: no monster can be Tributed, so {name} cannot be Special Summoned by Tributing."
    ),
    "tributes_forbidden.face_up_no_monster_5": (
        "{mask} is face-up: no monster can be Tributed, so the Ritual Summon of {monster} cannot happen."
    ),
    "tributes_forbidden.face_up_no_monster_6": (
        "{mask} is face-up: no monster can be Tributed, so {card}'s Tribute does not happen."
    ),
    "none_waiting.no_optional_trigger_waiting": "No optional trigger is waiting to be declined.",
    "none_waiting.no_optional_trigger_card": "No optional trigger of that card is waiting to be declined.",
    "must_attack_toon.not_directly": (
        "{attacker} can attack directly only while the opponent controls no face-up Toon monster; they "
        "control {toons}, so it must attack one of them."
    ),
    "must_attack_toon.not_that_target": (
        "The opponent controls a face-up Toon monster ({toons}), so {attacker} must choose a Toon monster as "
        "its attack target, not {target}."
    ),
    "gemini.normal_summons_already_face": (
        "{player} Normal Summons {card}, already face-up on the field (a Gemini Summon): no Tribute is "
        "needed, it uses the Normal Summon, and it can be negated or answered like any Normal Summon. It is "
        "now an Effect Monster with its effects."
    ),
    "gemini.effect_normal_summons_already": (
        "{card}'s effect Normal Summons {card2}, already face-up on the field (a Gemini Summon): it is now "
        "an Effect Monster with its effects. This does not use {player}'s Normal Summon, and a summon made "
        "as an effect resolves cannot be negated."
    ),
    "not_gemini.already_field_not_gemini": (
        "{card} is already on the field and is not a Gemini monster: only a Gemini monster can be Normal "
        "Summoned while it is face-up on the field."
    ),
    "not_gemini.face_down_gemini_monster": (
        "{card} is face-down; a Gemini monster is Normal Summoned again only while it is face-up (flip it "
        "first)."
    ),
    "attacks_forbidden.face_up_atk_cannot": (
        "{source} is face-up: {attacker} ({atk} ATK) cannot declare an attack."
    ),
    "attacks_forbidden.cannot_attack_turn_effect": "{attacker} cannot attack this turn ({source}'s effect).",
    "attacks_forbidden.cannot_declare_attack_turn": (
        "{attacker} cannot declare an attack this turn: an effect of it that says so was activated this turn."
    ),
    "attacks_forbidden.cannot_attack_turn_summoned": (
        "{attacker} cannot attack the turn it is summoned ({whose})."
    ),
    "attacks_forbidden.card_effect_stops_from": (
        "A card's effect stops {player} from declaring attacks this turn."
    ),
    "not_battle_phase.attacks_are_declared_battle": (
        "Attacks are declared in the Battle Step of the Battle Phase; the turn has to move to the Battle "
        "Phase first."
    ),
    "not_battle_phase.battle_phase_over": (
        "This turn's Battle Phase is over (the turn is in {phase}), and a turn has only one Battle Phase, "
        "so no attack can be declared now."
    ),
    "not_battle_phase.there_no_attack_progress": "There is no attack in progress, so there is no {window}.",
    "damage_step_window.damage_step_start": (
        "The Damage Step starts. From here until damage calculation, only Counter Traps, effects that "
        "negate an activation, effects that directly change ATK/DEF and effects whose text names this "
        "moment can be activated."
    ),
    "damage_step_window.before_damage_calculation": (
        "Before damage calculation: a face-down target is turned face-up; effects that directly change "
        "ATK/DEF can still be activated now."
    ),
    "damage_step_window.damage_calculation": (
        'Damage calculation begins. Only effects that are activated "during damage calculation" (such as '
        "Kuriboh's), and Counter Traps or effects that negate an activation, can be activated now; then "
        "damage is calculated."
    ),
    "damage_step_kind.counter_trap": (
        "it is a Counter Trap, which can be activated at any moment of the Damage Step"
    ),
    "damage_step_kind.negates_activation": (
        "it negates the activation of a card or effect, which can be done at any moment of the Damage Step"
    ),
    "damage_step_kind.changes_atk_def": (
        "it directly changes ATK/DEF, and damage calculation has not started yet"
    ),
    "damage_step_kind.names_its_moment": "its text names the moment of the Damage Step it is activated in",
    "damage_step_refused.atk_def_too_late": (
        "it changes ATK/DEF, but damage calculation has started, and from then on such effects can no "
        "longer be activated"
    ),
    "damage_step_refused.not_a_kind_allowed": (
        "it is not a Counter Trap, it does not negate an activation, it does not directly change ATK/DEF, "
        "and its text names no moment of the Damage Step"
    ),
    "damage_step_window.after_damage_calculation": (
        "After damage calculation: effects that happen at this moment activate now (such as the Flip effect "
        "of a monster the attack turned face-up)."
    ),
    "damage_step_window.damage_step_end": (
        "The end of the Damage Step: monsters destroyed by battle are sent to the GY now."
    ),
    "ended.battle_over_back_battle": "The battle of {attacker} is over; back to the Battle Step.",
    "ended.no_longer_face_up": (
        "{attacker} is no longer a face-up Attack Position monster on the field, so its attack ends without "
        "damage."
    ),
    "no_battle_damage.this_turn": (
        "But {shield} was applied this turn: {player} takes no battle damage, so the {amount} battle damage "
        "is not taken."
    ),
    "no_battle_damage.this_battle": (
        "{guard}'s effect applies to this battle: {player} takes no battle damage from it, so the {amount} "
        "battle damage is not taken."
    ),
    "die_roll.targets_controller_rolls_die": (
        "{card} targets {source}: its controller rolls a die as the effect resolves and gets {rolled}, so "
        "the effect is negated{destroyed}. This is a Continuous effect of the card: it builds no chain."
    ),
    "die_roll.targets_controller_rolls_die_2": (
        "{card} targets {source}: its controller rolls a die as the effect resolves and gets {rolled}, not "
        "{wanted: or }, so the effect applies."
    ),
    "die_roll.and_destroyed": ", and {card} is destroyed",
    "only_one_face_up.already_on_field": (
        "{other} is already face-up on the field, and there can be only 1 face-up {name} on the field, "
        "counting both players' sides"
    ),
    "only_one_face_up.cannot_be_chosen": "{why}, so {target} cannot be chosen to be Special Summoned",
    "only_one_face_up.cannot_ed_now": "{why}: {card} cannot be {verb}ed now.",
    "only_one_face_up.effect_which_would_special": (
        "{why}, so {card}'s effect, which would Special Summon it face-up, cannot be activated."
    ),
    "only_one_face_up.cannot_summon_face_up": "{why}, so {card} cannot summon it face-up.",
    "battle_damage.taken": "takes {amount} battle damage",
    "battle_damage.none_taken": "takes no battle damage",
    "union_equipped_by.itself": "by its own Union effect",
    "union_equipped_by.another": "by another card's effect",
    "union_problem.not_a_host": "{host} is not a monster {union} can be equipped to",
    "move_problem.not_equipped": "{equip} is not a face-up Equip Card equipped to a monster",
    "move_problem.not_another_monster": "{host} is not another face-up monster for {equip}",
    "move_problem.monster_equip": (
        "{equip} is a monster equipped as an Equip Card, and such a card cannot be moved to another "
        "monster; only a Union Monster equipped by its own effect can be, by an effect that allows it"
    ),
    "move_problem.not_correct_target": "{host} is not a monster {equip} could be equipped to",
    "union_problem.no_union_effect": "{union} has no Union effect that equips it",
    "union_problem.already_has_a_union": (
        "{host} is already equipped with a Union monster, and a monster can be equipped with only 1 Union "
        "monster at a time"
    ),
    "union_problem.always_face_up": (
        "{target} is always face-up ({what:a}), so it cannot be changed to face-down Defense Position"
    ),
    "proper_problem.not_properly_summoned": (
        "{target} must first be properly Summoned (by its own way of being Summoned) before an effect can "
        "Special Summon it from there, and it was not: a monster sent to the GY from the hand, Deck or Extra "
        "Deck, or whose Summon was negated, was never properly Summoned"
    ),
    "proper_problem.only_by": (
        '{target} can be Special Summoned only by the effect of "{only_by}" (or one that ignores its '
        "Summoning conditions), so it cannot be chosen to be Special Summoned by another card"
    ),
    "union_problem.not_special_summonable": (
        "{target} cannot be Special Summoned, so it cannot be chosen to be Special Summoned"
    ),
    "union_problem.not_self_equipped": (
        "{target} is equipped, but not by a Union's own effect (another card equipped it), so it is not an "
        "equipped Union Monster Card"
    ),
    "union_problem.first_not_a_union": "the first target must be the Union monster, and {union} is not one",
    "targets_problem": "{card} cannot target these: {why}.",
    "not_equipped": "{why}, so {union} is not equipped.",
    "not_summonable_by": "{c} cannot be Special Summoned, so {card} cannot summon it.",
    "nothing": "",
    "own_method.set_too": (
        ": a monster with its own way to be Tribute Summoned can be Tribute Set that way too"
    ),
    "condition_unmet": "{problems:; }. (This condition is checked{again}.)",
    "checked.again_at_resolution": " (and again as it resolves)",
    "checked.at_activation": " only when the card is activated",
    "no_summon_because": "no {method} Summon ({why})",
    "no_normal_summon_because": "no Normal Summon ({why})",
    "tributes_from.hand": "from the hand",
    "tributes_from.field": "from the field",
    "tributes_from.both": "from the hand and the field",
    "where.on_the_field": "on the field",
    "where.controls": "{player} controls",
    "where.controls_or_gy": "{player} controls or has in their GY",
    "where.hand_or_field": "in the hand or on the field",
    "where.field_or_gy": "on the field or in the GY",
    "none": "none",
    "either_player": "either player",
    "effect_kind.pendulum": "This Pendulum Effect of {card} works only while the card is in a Pendulum Zone.",
    "effect_kind.monster": "This monster effect of {card} works only while the card is in a Monster Zone.",
    "turn.this": "this turn",
    "turn.next": "the next turn",
    "from.hand": "from the hand",
    "from.deck": "from the Deck",
    "from.graveyard": "from the GY",
    "from.banished": "from among the banished cards",
    "from.extra_deck": "from the Extra Deck",
    "coin.call_right": "the call was right",
    "coin.heads": "heads",
    "barrier.own_effect": "its own effect, which is not negated",
    "barrier.face_up": "{barrier} is face-up",
    "tribute_cost.cannot_be_tributed": "{wrong} cannot be Tributed for it",
    "tribute_cost.given": "{given} given",
    "direct.toon": "its Toon effect lets it",
    "direct.no_monsters": "{foe} controls no monsters",
    "attacked.face_down": "{foe}'s face-down monster in Main Monster Zone {slot}",
    "attacked.face_up": "{target}",
    "replay.target_left": "the attack target {target} left the field",
    "replay.monsters_changed": "the monsters {foe} controls changed",
    "guard.own": "its own effect",
    "guard.other": "{guard}'s effect",
    "discard.engine_picked": " (none were named, so the engine took the first card{excess:|s} in hand)",
    "needs.archetype": '"{archetype}" monster',
    "needs.kind": "monster of the kind its text names",
    "needs.can_be_set": " (It can still be Set: Setting is not a Normal Summon.)",
    "maintenance.lp": "{lp} LP",
    "maintenance.counters": "{count} Spell {count:Counter|Counters}",
    "maintenance.counters_from": "{count} Spell {count:Counter|Counters} from {holder}",
    "maintenance.tributes": "a Tribute of {count} monster(s)",
    "maintenance.tributed": "a Tribute of {monster} (the engine takes the first monster {player} controls)",
    "maintenance.negated": " Its effect is negated by {negator}, but a maintenance cost is still due.",
    "maintenance.forced": (
        " Its text makes this payment not optional while it can be paid, so the choice not to pay does not "
        "apply."
    ),
    "maintenance.every_turn": (
        " It is due in {turn_player}'s Standby Phase too: the card's text asks for it in every player's "
        "Standby Phase, not only its controller's."
    ),
    "maintenance.declined": "chooses not to pay",
    "maintenance.cannot_pay": "cannot pay",
    "split.part": "{count} {where}",
    "count.one_of": "{counts: or }",
    "count.one_or_more": "1 or more",
    "answer.counter_trap": "only a Counter Trap (Spell Speed 3)",
    "answer.spell_speed_2": "Spell Speed 2 or higher",
    "while_in.gy": "in the GY",
    "while_in.field_then_gy": "on the field and then in the GY",
    "lasting_negation.by_name": "the activated effects of cards named {name} are negated",
    "lasting_negation.column": "the other Spell/Trap effects activated in its column are negated",
    "lasting_negation.card": "{card}'s effects are negated",
    "target_changed.moved": "has moved to {controller}'s {zone}",
    "target_changed.face_up": "is now face-up",
    "target_changed.face_down": "is now face-down",
    "count.or_more": "{count} or more",
    "count.exactly": "exactly {count}",
    "level.is": "Level {level}",
    "level.none": "has no Level",
    "by.tributing": "Tributing",
    "by.banishing": "banishing from the GY",
    "paid.tributing": "Tributing {cards_}",
    "paid.banishing": "banishing {cards_} from the GY",
    "paid.by": "by {paid: and }",
    "paid.nothing": "with nothing to Tribute or banish",
    "verb.sets": "Sets",
    "verb.tribute_summons": "Tribute Summons",
    "verb.normal_summons": "Normal Summons",
    "destroyed_by.battle": "by battle",
    "destroyed_by.effect": "by a card effect",
    "chain_resolves.one": "the chain of {size} link resolves",
    "chain_resolves.many": "the chain of {size} links resolves, last link first",
    "passed.chain_open": "{foe} may respond; if {foe} passes too, the chain resolves",
    "passed.window": "{foe} may act; if {foe} passes too, this window ends",
    "once_per_turn.soft": "this card's effect once per turn",
    "once_per_turn.shared": "one of its effects once per turn",
    "once_per_turn.hard": "this effect of {name} once per turn",
    "once_per_turn.card_activation": "only 1 {name} per turn",
    "set.not_this_turn": " It cannot be activated this turn; from the next turn on it can.",
    "hand.empty": "it is empty",
    "done.negate_attack.negates_attack": "negates the attack of {attacker}",
    "done.negate_attack.no_attack_negate": "no attack to negate",
    "done.forbid_attacks": "{players: and } cannot declare attacks this turn",
    "done.end_battle_phase": "the Battle Phase ends once the chain has resolved",
    "done.end_battle_phase.not_battle_phase": "no Battle Phase to end",
    "done.extra_attack": "{done} can attack again this turn",
    "done.second_attack_in_a_row": "{done} can make a second attack in a row",
    "done.no_battle_damage_this_battle.takes_no_battle_damage": (
        "{player} takes no battle damage from this battle"
    ),
    "done.no_battle_damage_this_battle.no_battle_going_nothing": "no battle is going on: nothing happens",
    "done.take_control": "takes control of {taken}",
    "done.take_control_until_end_phase": "takes control of {taken} until the End Phase",
    "done.swap_control.switch_control_neither_can": (
        "{first} and {second} switch control; neither can change its battle position for the rest of this "
        "turn"
    ),
    "done.swap_control.both_players_must_give": "both players must give a monster; no control changes",
    "done.borrow_from_gy.goes_hand_for_turn": (
        "{ids} goes to {player}'s hand for this turn; if {player} activates it, {player} takes {amount} "
        "damage after it resolves"
    ),
    "done.borrow_from_gy.nothing_taken": "nothing is taken",
    "done.equip.equips": "equips {card} to {card2}",
    "done.equip.nothing_equip": "nothing to equip",
    "done.equip_self.equips_equip_card": "equips {card} to {card2} as an Equip Card",
    "done.equip_self.nothing_equipped_no_target": (
        "nothing equipped (no target left, or no free Spell & Trap Zone)"
    ),
    "done.equip_monster.equips_equip_card_2": "equips {done} to {this} as an Equip Card",
    "done.equip_monster.no_longer_face_up": (
        "{card} is no longer face-up on the field, so nothing is equipped; the rules send {sent} to the GY "
        "instead, as a monster that cannot be equipped"
    ),
    "done.equip_battle_victims.equips_equip_cards": "equips {victims} to {this} as Equip Cards",
    "done.equip_battle_victims.no_longer_face_up_2": (
        "{card} is no longer face-up on the field, so nothing is equipped"
    ),
    "done.equip_battle_victims.no_monster_destroyed_battle": (
        "no monster it destroyed by battle this turn is in a GY: nothing is equipped"
    ),
    "done.equip_battle_victims.not_enough_free_spell": (
        "not enough free Spell & Trap Zones: nothing is equipped"
    ),
    "done.bind": "{source} and {acted} are bound together",
    "done.union_equip.equips_2": "equips {union} to {host}",
    "done.move_equip.moves": "moves {equip} to {host}",
    "done.move_equip.nothing_moved": "no Equip Card is moved",
    "done.union_equip.union_monster_no_longer": (
        "the Union monster is no longer a face-up monster on the field: nothing is equipped"
    ),
    "done.union_equip.no_monster_left_equip": "no monster left to equip it to: nothing is equipped",
    "done.union_equip.not_monster_can_equip": "not a monster it can equip: nothing is equipped",
    "done.union_equip.no_free_spell_trap": "no free Spell & Trap Zone: nothing is equipped",
    "done.union_unequip": "Special Summons {made} from the Spell & Trap Zone",
    "done.unequip_unions_of": "Special Summons {made}",
    "done.skip_next_turn": "{players: and } will skip their next turn",
    "done.skip_next_draw_phase": "{players: and } will skip the Draw Phase of their next turn",
    "done.damage.damage": "{players: and } {player_count:takes|each take} {amount} damage",
    "done.damage.lp_instead": "{players: and } {player_count:gains|each gain} {amount} LP instead",
    "done.gain_lp": "{players: and } {player_count:gains|each gain} {amount} LP",
    "done.gain_lp.became_damage": (
        "{hurt: and } {hurt_count:takes|each take} {amount} damage instead of gaining it"
    ),
    "done.gain_lp.some_became_damage": (
        "{gainers: and } {gain_count:gains|each gain} {amount} LP; {hurt: and } {hurt_count:takes|each take} "
        "{amount} damage instead"
    ),
    "done.redirect_damage.damage_chain_link_would": (
        "damage Chain Link {link} would inflict to {player} goes to {opponent}"
    ),
    "done.redirect_damage.no_damage_redirect": "no damage to redirect",
    "done.lp_to_zero": "{players: and } {player_count:has|have} 0 LP",
    "done.damage_controller": "{players: and } takes {amount} damage",
    "done.draw.plain": "{players: and } {player_count:draws|each draw} {count} card{count:|s}",
    "done.draw.no_card_drawn": "no card drawn",
    "done.add_to_hand": "adds {affected} to the hand",
    "done.discard": "discards {done}",
    "done.draw_until": "{player} draws {need} card(s), up to {target} in hand",
    "done.tribute.tributes": "Tributes {done}",
    "done.tribute.player_tributes": "{player} Tributes {done}",
    "done.tribute.no_tribute_possible": "no Tribute possible",
    "done.tribute_all.tributes_2": "Tributes {affected}",
    "done.tribute_all.no_tribute_possible_2": "no Tribute possible",
    "done.banish_until_equal.banishes_face_down": "{foe} banishes {picks} face-down",
    "done.banish_until_equal.controls_no_more_cards": (
        "{foe} controls no more cards than {player}: nothing is banished"
    ),
    "done.excavate_add": (
        "excavates {shown}, adds {chosen} to the hand and places {rest_count} on the bottom of the Deck"
    ),
    "done.stay_on_field.remains_field": "{card} remains on the field",
    "done.stay_on_field.nothing_stays_field": "nothing stays on the field",
    "done.discard_hand": "discards the whole hand: {done}",
    "done.send_top_of_deck": "sends the top of the Deck to the GY: {done}",
    "done.reveal_summon_rest_to_hand": "reveals, Special Summons {summoned} and adds {added} to the hand",
    "done.keep_hand_revealed": "reveals {shown: and }",
    "done.shuffle_all_into_deck": "{moved} card(s) shuffled into the Decks; each Deck's order is now unknown",
    "done.opponent_may_discard.discards_effect_stops": "{foe} discards {card}, so the effect stops",
    "done.opponent_may_discard.does_not_discard_stop": "{foe} does not discard to stop it{note}",
    "done.set_from_hand.sets": "{player} Sets {card}",
    "done.set_from_hand.sets_nothing": "{player} Sets nothing",
    "done.banish_declared_from_deck.declared_banished_from_main": (
        "{name} is declared; {card} is banished from the Main Deck"
    ),
    "done.banish_declared_from_deck.no_card_name_declared": "no card name declared",
    "done.banish_declared_from_deck.declared_no_card_name": (
        "{name} is declared; no card of that name is known in {player}'s Main Deck"
    ),
    "done.negate_effects_until_end.effects_are_negated_until": (
        "the effects of {cards_} are negated until the end of the turn"
    ),
    "done.negate_effects_until_end.no_face_up_monster": "no face-up monster to negate",
    "done.lock_name_activations": "{player} cannot activate cards named {names} for the rest of this turn",
    "done.negate_name": "effects of cards named {names} are negated until the end of {until}",
    "done.negate_column_spell_traps.other_spell_trap_effects": (
        "the other Spell/Trap effects in its column are negated for the rest of the turn"
    ),
    "done.negate_column_spell_traps.was_not_set_before": (
        "it was not Set before it was activated, so no column is negated"
    ),
    "done.negate_column_spell_traps.no_longer_field_no": (
        "it is no longer on the field, so no column is negated"
    ),
    "done.lock_gy_activations": "{foe} cannot activate card effects in the GY for the rest of this turn",
    "done.change_position": "{changed} {n:changes|change} battle position",
    "done.change_position.none": "no monster changes its battle position",
    "done.change_position.none_fits": "no monster changes its battle position, as none is {what}",
    "done.flip_face_down": "{flipped} turned face-down",
    "done.flip_face_up": "{flipped} turned face-up",
    "done.flip_face_up_quietly": "{flipped} turned face-up",
    "done.change_atk": "{affected} {sign}{amount} ATK until the end of the turn",
    "done.reverse_increases": "until the end of the turn, ATK/DEF additions subtract and subtractions add",
    "done.double_atk": "doubles the ATK of {affected} until the end of the turn",
    "done.atk_becomes": "{affected}: ATK becomes {value} until the end of the turn",
    "done.gain_atk_per_link_rating": "{affected} gains {gain} ATK (Link Rating {rating})",
    "done.change_level": "{done}: Level {sign}{amount}",
    "done.place_counters": "places {amount} {name}(s) on {cards_}",
    "done.lose_atk_exactly.loses": "{cards_} loses exactly {amount} ATK",
    "done.lose_atk_exactly.cannot": (
        "{cards_} has less than {amount} ATK, so it cannot lose exactly {amount}: nothing more happens"
    ),
    "done.place_shield_counters.places": (
        "places a counter on {cards_}, to be removed instead of its destruction"
    ),
    "done.place_shield_counters.nothing": "no counter is placed: the card is no longer a face-up Spell there",
    "done.mark": "{affected}: {mark}",
    # the words of a mark a step leaves (engine/operations/stats.py `_mark`), by its token
    "mark.atk_zero_in_battle": "ATK becomes 0 until the end of the Battle Phase",
    "mark.atk_zero_in_damage_calculation": "ATK becomes 0 during this damage calculation only",
    "mark.banish_at_end_phase": "to be banished during the End Phase",
    "mark.no_tribute_summon": "cannot be Tributed for a Tribute Summon this turn",
    "mark.used_its_negation": "its negation used this turn",
    "done.declare_type.declares": "declares {declared}",
    "done.declare_type.no_type_declared": "no Type declared",
    "done.create_tokens": "Special Summons {made}",
    "done.create_token_from_tributes.special_summons_field_atk": (
        "Special Summons {card} to {owner}'s field ({atk} ATK / {def_} DEF)"
    ),
    "done.create_token_from_tributes.no_zone_for": "no zone for {name}",
    "done.special_summon": "Special Summons {made}",
    "done.summon_returned_namesake": "no returned monster is known, so nothing is summoned",
    "done.switch_with_this.switch_control": "{this} and {other} switch control",
    "done.switch_with_this.control_does_not_change": (
        "control does not change (one of the two is no longer on the field)"
    ),
    "done.normal_summon_after": "a Normal Summon/Set follows its resolution",
    "done.summon_listed_lv.special_summons_ignoring_summoning": (
        "Special Summons {card} ignoring its Summoning conditions"
    ),
    "done.summon_listed_lv.no_lv_monster_named": 'no "LV" monster is named',
    "done.summon_listed_lv.nothing_summoned": "nothing is summoned ({why})",
    "done.fusion_summon_either_field.fusion_summons_using_from": (
        "Fusion Summons {made} using {used} (from either field)"
    ),
    "done.fusion_summon_either_field.no_fusion_summon": "no Fusion Summon",
    "done.normal_summon_gemini.normal_summons": "{player} Normal Summons {card}",
    "done.normal_summon_gemini.has_no_gemini_monster": "{player} has no Gemini monster to Normal Summon",
    "done.normal_summon_gemini.sets_2": "{player} Sets {card}",
    "word.nothing": "nothing",
    "word.no_one": "no one",
    "no_effects.gemini": (
        "{card} is a Gemini monster treated as a Normal Monster: it has no effects until it is Normal "
        "Summoned again while face-up on the field"
    ),
    "requires.no_face_up": "{player} must control no face-up cards",
    "requires.opponent_controls_more": "{foe} must control more cards than {player} (this card included)",
    "requires.battling": "a monster it names must be battling now",
    "requires.no_effect_draw": "{player} already drew a card by a card effect this turn",
    "requires.nothing_equipped": "a monster is already equipped to {card} by its effect (only 1 at a time)",
    "requires.hand_max": "{player} must hold {count} or fewer other cards in hand",
    "requires.free_monster_zones": "{count} of {player}'s Main Monster Zones must be free",
    "requires.opponent_hand_min": "{foe} must hold {count} or more cards",
    "requires.gy_max": "{player}'s GY must hold {count} or fewer cards (it holds {held})",
    "requires.gy_monsters_min": "{player}'s GY must hold {count} or more monsters (it holds {held})",
    "requires.lp_behind": "{player}'s LP must be at least {amount} lower than {foe}'s",
    "requires.opponent_summons": (
        "{foe} must have Normal or Special Summoned {count} or more monsters this turn ({done} so far)"
    ),
    "lasting_kind.win_at_turn_end": "wins at the end of the 20th turn",
    "lasting_kind.destroy_at_end_phase": "destroyed in the End Phase",
    "lasting_kind.control_until_end_phase": "control returns in the End Phase",
    "lasting_kind.halve_damage_to": "damage halved",
    "lasting_kind.no_effect_draws": "cannot draw by card effects",
    "lasting_kind.cannot_attack": "cannot attack",
    "lasting_kind.effects_negated": "cannot activate or apply its effects",
    "lasting_kind.negated_until_end": "effects negated until the end of the turn",
    "lasting_kind.names_negated": "effects of cards with that name negated",
    "lasting_kind.no_damage_to": "takes no damage",
    "lasting_kind.draw_on_opponent_special_summon": "draws 1 card each time the opponent Special Summons",
    "lasting_kind.no_deck_to_hand": "no card can be added from either Main Deck to the hand",
    "lasting_kind.eclipse_at_end_phase": (
        "the opponent flips their face-down monsters face-up in the End Phase"
    ),
    "lasting_kind.no_battle_damage": "takes no battle damage",
    "lasting_kind.no_battle_destruction": "monsters cannot be destroyed by battle",
    "lasting_kind.column_negated": "effects in that column negated",
    "lasting_kind.battle_negated": "its effects negated, as a monster the card destroyed by battle",
    "lasting_kind.send_to_gy_at_end_phase": "sent to the GY in the End Phase",
    "lasting_kind.damage_after_resolving": "takes damage after the effect resolves",
    "lasting_kind.names_locked": "cannot activate cards of the added card's name",
    "lasting_kind.banish_named_at_end_phase": (
        "banishes 1 card of that name from the GY in the opponent's next End Phase"
    ),
    "done.lasting": "{who}: {what}",
    "done.banish_named_later": 'in {foe}\'s next End Phase, {player} banishes 1 "{name}" from the GY',
    "done.lasting.this_turn": "{who}: {what} this turn",
    "done.lasting.nothing": "nothing for: {what}",
    "misfit.gone": "is gone",
    "misfit.does_not_fit": "does not fit",
    "misfit.not_there": "{no_longer} there (it {is_now} in the {zone})",
    "misfit.not_attacking": "{no_longer} the attacking monster",
    "misfit.face_down": "{is_now} face-down, and the effect needs a face-up card",
    "misfit.banished_face_down": "{is_now} banished face-down, so what it is cannot be seen",
    "misfit.face_up": "{is_now} face-up, and the effect needs a face-down card",
    "misfit.position": "{no_longer} in {position} Position",
    "misfit.not_summoned": "{no_longer} the monster whose summon the card answers",
    "misfit.atk_low": "has {value} ATK{when}, and the effect needs {limit} or more",
    "misfit.atk_high": "has {value} ATK{when}, and the effect needs {limit} or less",
    "misfit.atk_over_lp": "has {value} ATK, more than its controller's LP",
    "misfit.not_attacked": "has not attacked this turn",
    "misfit.no_union": "is not equipped with a Union monster (by the Union's own effect)",
    "misfit.own_card": "{is_now} {player}'s own card, and the effect takes only a card the opponent controls",
    "misfit.opponents_card": (
        "{is_now} the opponent's card, and the effect takes only a card {player} controls"
    ),
    "misfit.kind": "{is_now} not {kind:a}, and the effect takes only {kind:a}",
    "misfit.kind.monster": "Monster Card",
    "misfit.kind.spell": "Spell Card",
    "misfit.kind.trap": "Trap Card",
    "misfit.other": "{no_longer} a card the effect can take",
    "misfit.word.no_longer": "is no longer",
    "misfit.word.is_not": "is not",
    "misfit.word.is_now": "is now",
    "misfit.word.is": "is",
    "misfit.word.now": " now",
    "requires.on_field": "{what} must be on the field",
    "requires.marked": "{card} must have {mark} this turn",
    "requires.no_materials": "{card} must have no Xyz Material",
    "requires.union_equipped": "{card} must be equipped to a monster by its own Union effect",
    "requires.counters_min": "{card} must hold {count} or more counters",
    "requires.special_summoned": "{card} must have been Special Summoned",
    "cost_count.no_level": (
        "no face-up monster on the field is Level {count}, so the effect could not use that number"
    ),
    "done.moved.destroyed_and_banished": "destroyed and banished: {moved}",
    "done.skipped.acted_not": "no {op}: {acted} {n:is|are} not {what}",
    "done.skipped.condition": "no {op}: the condition the card sets for it is not met",
    "done.skipped.not_co_linked": "no {op}: {card} was not co-linked when this effect was activated",
    "done.skipped.not_chosen": (
        'no {op}: {player} chooses not to (the card says "you can"; name the cards in '
        "`choices: {{{key_}: ...}}`)"
    ),
    "requires.face_up_on": "a face-up {name} must be on {whose} field",
    "field.the": "the",
    "field.of": "{player}'s",
    "discard.cannot_be_discarded": " ({wrong} cannot be discarded for it)",
    "nothing_summoned.no_card": "no {name} in {player}'s hand or Deck",
    "nothing_summoned.no_zone": "no free Main Monster Zone",
    "done.negate.nothing": "nothing to negate ({what})",
    "done.negate.link": "negates the {what} of Chain Link {link} ({card})",
    "done.negate.summon": "negates the summon of {summoned}",
    "done.moved": "{event}: {moved}",
    "done.coin.called": "the call was {result}",
    "done.coin.toss": "the coin comes up {result}",
    "done.summon_by_procedure.nothing_chosen": "no monster or materials chosen",
    "done.summon_by_procedure.no_tribute": "no Tribute possible: no Ritual Summon",
    "done.summon_by_procedure.no_zone": "no zone for the monster: no {method} Summon",
    "done.summon_by_procedure.not_summoned": "no legal materials: no {method} Summon",
    "done.summon_by_procedure.summons": "{method} Summons {monster} using {materials}",
    "done.summon_after": "{method:a} Summon follows its resolution",
    "unmet.destroys_only_summoned": (
        "Chain Link {link} destroys only {summoned}, whose summon it negates, and a monster whose summon "
        "is being attempted is not on the field yet"
    ),
    "unmet.destruction_only_chosen": (
        "Chain Link {link} ({card}) destroys only if its player chooses to as it resolves, so it is not an "
        "activation that would destroy a card"
    ),
    "unmet.summon_answered_by_link_1": (
        "a summon can be negated only by the first card in the chain, Chain Link 1, and {first} already "
        "answers the summon of {summoned}"
    ),
    "unmet.negates_summon": (
        "it negates a summon ({kinds}) at the moment it is attempted, and none is being attempted"
    ),
    "unmet.main_phase": "it can be activated only in a Main Phase (either player's)",
    "unmet.opponents_main_phase": "it can be activated only during the opponent's Main Phase",
    "unmet.main_or_opponents_battle": (
        "it can be activated only during its controller's Main Phase or the opponent's Battle Phase"
    ),
    "unmet.end_of_battle_phase": "it is activated at the end of the Battle Phase (its End Step)",
    "unmet.opponent_activated_monster_effect_in_main": (
        "{opponent} must have activated a monster effect during a Main Phase this turn"
    ),
    "unmet.opponent_drew_outside_draw_phase": (
        "it can be activated only when {opponent} draws outside a Draw Phase, and that is not the last "
        "thing that happened"
    ),
    "unmet.opponent_added_from_deck": (
        "it answers {opponent} adding a card from their Main Deck to their hand outside the Draw Phase, and "
        "that is not what just happened"
    ),
    "unmet.opponent_attack_declared": "it needs an opponent's monster to have just declared an attack",
    "unmet.any_attack_declared": "it needs a monster to have just declared an attack",
    "unmet.damage_step_battling": (
        "it is activated in the Damage Step, before damage calculation, while monsters battle"
    ),
    "unmet.damage_calculation_opponent_attacks": (
        "it is activated during damage calculation, while an opponent's monster attacks"
    ),
    "unmet.damage_calculation_this_attacked": (
        "it is activated during damage calculation in the opponent's turn, while this card is being attacked"
    ),
    "unmet.responds_to_destruction": (
        "it answers the activation of a card or effect that would destroy a card, and Chain Link {link} "
        "would not"
    ),
    "unmet.responds_to_deck_action": (
        "it answers a card or effect that would add a card from the Deck to the hand (drawing included), "
        "Special Summon from the Deck or send a card from the Deck to the GY; Chain Link {link} would do "
        "none of these"
    ),
    "unmet.responds_to_field_effect": (
        "it answers the effect of a monster activated on the field, or the effect of a Spell/Trap already "
        "face-up on the field; Chain Link {link} is neither"
    ),
    "unmet.responds_to_summoning": (
        "it answers an activation that would summon, and Chain Link {link} would not"
    ),
    "unmet.responds_to_damage": (
        "it answers an effect that would inflict damage to {a_player}, and Chain Link {link} would not"
    ),
    "unmet.no_chain": "it answers an activation, and no chain is open",
    "unmet.no_movable_equip": (
        "no Equip Card on the field can be moved to another monster it could be equipped to"
    ),
    "unmet.no_movable_equip_monsters": (
        "no Equip Card on the field can be moved to another monster it could be equipped to; {stuck} "
        "{count:is a monster|are monsters} equipped as an Equip Card, which cannot be moved to another "
        "monster (only a Union Monster equipped by its own effect can be)"
    ),
    "unmet.summoned": (
        "it answers {by}'s successful {kinds: or }, and that is not the last thing that happened"
    ),
    "unmet.summoned_any": "it answers {by}'s successful summon, and that is not the last thing that happened",
    "unmet.summon_kind": (
        "it answers {by}'s successful {kinds: or } only, and the summon just made was {kind:a}"
    ),
    "by.opponent": "the opponent",
    "by.a_player": "a player",
    "unmet.not_battle_phase": "it does not work during the Battle Phase",
    "unmet.responds_to_kind": (
        "it answers the activation of {wanted:a/ or } immediately before it; Chain Link {link} is {kind:a}"
    ),
    "unmet.not_a_summon_negator": "only a card that negates summons can answer a summon being attempted",
    # the verdict's sentences around a rule's own explanation (engine.verdict)
    "verdict.illegal": "Illegal: {action}. {why}",
    "verdict.missed_timing": (
        "{trigger} misses the timing: it was set off when {what}, but after that {after}, so its optional "
        '"When ... you can" effect cannot be activated.'
    ),
    "verdict.link.resolved": "Chain Link {link} ({card}) resolved",
    "verdict.link.no_effect": "Chain Link {link} ({card}) did nothing",
    "verdict.link.negated": "Chain Link {link} ({card}) was negated",
    "verdict.negated.activation": "activation",
    "verdict.negated.effect": "effect",
    "verdict.negated.effects": "effects",
    "verdict.negated.attack": "attack",
    "verdict.lp_of": "{player} has {lp} LP",
    "verdict.not_possible": "Not possible: {why}",
    "verdict.mandatory_not_activated": "Mandatory trigger not activated: {why}",
    "verdict.ended_draw": "The duel is a draw.",
    "verdict.ended_win": "{player} wins the duel.",
    "verdict.where.monster": "{face} in {position} Position in {player}'s Monster Zone {zone}",
    "verdict.where.extra_monster": "{face} in {position} Position in the {side} Extra Monster Zone",
    "verdict.where.spell_trap": "{face} in {player}'s Spell & Trap Zone {zone}",
    "verdict.where.field_spell": "{face} in {player}'s Field Zone",
    "verdict.where.material": "attached to {card} as Xyz Material",
    "verdict.where.hand": "in {player}'s hand",
    "verdict.where.graveyard": "in {player}'s GY",
    "verdict.where.banished": "banished (among {player}'s banished cards)",
    "verdict.where.extra_deck": "in {player}'s Extra Deck",
    "verdict.where.deck": "in {player}'s Deck",
    "verdict.where.gone": "no longer in the duel",
    # a zone a card moved between, as a sentence names it ("from a Spell & Trap Zone to the GY")
    "zone_name.monsters": "a Monster Zone",
    "zone_name.spell_traps": "a Spell & Trap Zone",
    "zone_name.field_spell": "the Field Zone",
    "zone_name.hand": "the hand",
    "zone_name.deck": "the Deck",
    "zone_name.extra_deck": "the Extra Deck",
    "zone_name.graveyard": "the GY",
    "zone_name.banished": "banishment",
    "zone_name.material": "the Xyz Materials of a monster",
    "zone_name.gone": "nowhere (it left the duel)",
    "verdict.face.up": "face-up",
    "verdict.face.down": "face-down",
    "verdict.position.attack": "Attack",
    "verdict.position.defense": "Defense",
    "verdict.position.set": "Defense",
    "verdict.emz.left": "left",
    "verdict.emz.right": "right",
    # an event in a few words: what set a trigger off, what happened after it (engine.rules.triggers)
    "event.link_resolved": "Chain Link {link} ({card}) resolved",
    "event.activated": "{card} was activated",
    "event.cost_paid": "a cost was paid ({card})",
    "event.phase_began": "{player}'s {phase} began",
    "event.battle_end_step": "{player}'s Battle Phase reached its End Step",
    "event.battled_directly": "{card} battled directly (damage calculation)",
    "event.battled_with": "{card} battled with {other} (damage calculation)",
    "event.destroyed_by_battle_at_calculation": "{card} destroyed {other} by battle (damage calculation)",
    "event.equipped": "{card} was equipped to {to}",
    "event.battle_damage": "{source} inflicted {amount} battle damage to {player}",
    "event.sent_to_gy": "{card} was sent to the GY",
    "event.destroyed": "{card} was destroyed",
    "event.summoned": "{card} was summoned",
    "event.drew": "{card} was drawn",
    "event.added_to_hand": "{card} was added to the hand",
    "event.flipped": "{card} was flipped face-up",
    "event.damage": "{card} took damage",
    "event.discarded": "{card} was discarded",
    "event.banished": "{card} was banished",
    "event.tributed": "{card} was Tributed",
    "event.other": "{card} {kind}",
    "event.something_else": "something else happened",
    "event.then_part": '{words}, its last part after a "then": {part}',
    # a step's title (engine.replay): an illegal action, a trigger window
    "summary.normal_summon": "{player} Normal Summons {name}",
    "summary.tribute_summon": "{player} Tribute Summons {name}",
    "summary.set_monster": "{player} Sets a monster ({name})",
    "summary.flip_summon": "{player} Flip Summons {name}",
    "summary.position": "{player} changes {name} to {label} Position",
    "summary.gemini_summon": "{player} Gemini Summons {name}",
    "summary.activate": "{player} activates {name} (Chain Link {link_no}, Spell Speed {speed})",
    "summary.direct_attack": "{attacker} attacks directly",
    "summary.attack": "{attacker} attacks {target}",
    "summary.procedure_summon": "{player} {method} Summons {name}",
    "summary.own_procedure": "{player} Special Summons {name} by its own procedure",
    "done.then_procedure_summon": "then {player} {method} Summons {name}",
    "done.then_summons": "then {player} {verb} {name}",
    "summary.special_summon": "{player} Special Summons {name}",
    "done.no_summon": "no summon",
    "done.no_normal_summon": "no Normal Summon",
    "summary.link_negated": "Chain Link {link} ({name}) was negated",
    "summary.link_does_nothing": "Chain Link {link} ({name}) does nothing",
    "summary.link_negated_by": "Chain Link {link} ({name}) is negated by {by}",
    "summary.link_no_target": "Chain Link {link} ({name}) has no target left",
    "summary.link_resolves": "Chain Link {link} resolves: {name}",
    "summary.set_field_spell": "{player} Sets a Field Spell",
    "summary.set_spell_trap": "{player} Sets a Spell/Trap ({name})",
    "summary.phase": "{player} moves to {phase}",
    "summary.end_turn_duel_over": "{player} ends the turn; the duel is over",
    "summary.end_turn": "{player} ends the turn; turn {turn} ({foe})",
    "summary.concede": "{player} concedes",
    "summary.pendulum_summon": "{player} Pendulum Summons {names:, }",
    "procedure_problem.must_control": "{player} must control a face-up {wanted} to Special Summon {card}",
    "summary.link_negated_by_die": "Chain Link {link} ({name}) is negated by {by}'s die roll",
    "summary.lasting_draw": "A lasting effect draws a card for the Special Summon",
    "summary.pass": "{player} passes",
    "summary.window_ends": "Both players pass: {window} ends",
    "summary.rest_of_attack": "Both players pass through the rest of the attack",
    "summary.attack_until_after_damage": "Both players pass through the attack to after damage calculation",
    "summary.attack_until_damage_step_end": (
        "Both players pass through the attack to the end of the Damage Step"
    ),
    "summary.enters_end_phase": "{player} enters the End Phase",
    "summary.end_step": "{player}'s Battle Phase reaches its End Step",
    "summary.pass_until_main1": "Both players pass until Main Phase 1",
    "summary.declines": "{player} declines {name}'s trigger",
    "summary.lapses": "{name}'s trigger goes unused",
    "summary.mandatory_refused": "{name}'s mandatory trigger cannot be activated",
    "summary.pass_until": "Both players pass until {label}",
    "summary.illegal": "Illegal: {action}",
    "summary.missed": "{cards} {n:misses|miss} the timing",
    "summary.missed_and_waiting": "{cards} {n:misses|miss} the timing; triggers waiting: {listed}",
    "summary.waiting": "Triggers waiting: {listed}",
    "summary.no_trigger": "No trigger can be activated",
    "summary.trigger": "{card} ({kind})",
    "summary.mandatory": "mandatory",
    "summary.optional": "optional",
    "action.both_players": "Both players",
    "action_verb.normal_summon": "Normal Summons",
    "action_verb.set": "Sets",
    "action_verb.flip_summon": "Flip Summons",
    "action_verb.special_summon": "Special Summons",
    "action_verb.change_position": "changes the battle position of",
    "action_verb.activate": "activates",
    "action_verb.pass": "passes",
    "action_verb.decline": "declines the trigger of",
    "action_verb.phase": "moves on",
    "action_verb.end_turn": "ends the turn",
    "action_verb.concede": "concedes",
    # an action as the judge entered it, for the title of an illegal step (engine.replay.describe)
    "action.resolve": "Both players pass",
    "action.attack": "{player} attacks {target} with {attacker}",
    "action.attack_direct": "{player} attacks directly with {attacker}",
    "action.phase": "{player} moves on to {phase}",
    "action.card": "{player} {verb} {card}",
    "action.plain": "{player} {verb}",
    # --- general rules (issue 13, item 3)
    "unmet.summon_by_resolving_effect": (
        "{summoned} was Special Summoned by the resolving effect of {by}, and such a summon is never "
        "attempted, so it cannot be negated as a summon"
    ),
    "unmet.not_first_chain_after_declaration": (
        "it answers an attack declaration, and only in the first chain right after it; that chain has "
        "resolved, or the attack is a replay's new target, not a declaration"
    ),
}


@dataclass(frozen=True, slots=True)
class Code:
    """One explanation code: the glossary entries it links, what it means and its sentence."""

    name: str
    glossary: tuple[str, ...]
    meaning: str
    template: str


CODES: dict[str, Code] = {
    name: Code(name, slugs, meaning, SENTENCES.get(name, "")) for name, (slugs, meaning) in _TABLE.items()
}


# --- parameters: values a template names, never words


@dataclass(frozen=True, slots=True)
class Card:
    """A card, written as the namer names it; `name` is how the rule knew it (the default)."""

    id: str
    name: str

    @classmethod
    def of(cls, card: Any) -> Card:
        """The card of a `CardState`, or of a waiting `Trigger` (whose `card` is the id)."""
        return cls(card.card if hasattr(card, "card") else card.id, card.name)


@dataclass(frozen=True, slots=True)
class CardId:
    """A card written as its id (`B:Celtic Guardian#2`), as a judge typed it."""

    id: str


@dataclass(frozen=True, slots=True)
class Player:
    """A player, "A" or "B"."""

    name: str


@dataclass(frozen=True, slots=True)
class Zone:
    """A zone, phase or other engine name (`extra_deck`), written in words ("extra deck")."""

    name: str


@dataclass(frozen=True, slots=True)
class Phase:
    """A phase ("main1": "Main Phase 1", "battle": "the Battle Phase"), or a step of the Battle
    Phase with `step` ("the Damage Step of the Battle Phase")."""

    name: str
    step: str | None = None


@dataclass(frozen=True, slots=True)
class Window:
    """A moment of a battle (`damage_calculation`), written as WINDOW_NAMES says it, or any other
    moment an action can name (`at`: a phase, a step of the Battle Phase): `moment_words`."""

    name: str


WINDOW_NAMES = {
    "battle_step": "the Battle Step",
    "damage_step_start": "the start of the Damage Step",
    "before_damage_calculation": "the Damage Step, before damage calculation",
    "damage_calculation": "damage calculation",
    "after_damage_calculation": "the Damage Step, after damage calculation",
    "damage_step_end": "the end of the Damage Step",
}


def phase_words(phase: str, step: str | None = None) -> str:
    """The phase as a sentence names it: "the Battle Phase", "Main Phase 1"."""
    if phase == "battle" and step and step != "start":
        return f"the {step.title()} Step of the Battle Phase"
    name = PHASE_NAMES.get(phase, phase)
    return name if name.startswith("Main") else f"the {name}"


def moment_words(moment: str) -> str:
    """Any moment an action can name (`at`): a phase, a step of the Battle Phase, or a moment of
    a battle, as a sentence names it ("the Start Step of the Battle Phase", "damage calculation")."""
    if moment in WINDOW_NAMES:
        return WINDOW_NAMES[moment]
    if moment == "start_step":
        return "the Start Step of the Battle Phase"
    if moment.endswith("_step"):
        return phase_words("battle", moment.removesuffix("_step"))
    return phase_words(moment)


# What a cost does to its cards, as a judge says it ("banish 1 card"), by the key a card file
# and an action's `cost` use.
COST_WORDS = {
    "discard": "discard",
    "tribute": "Tribute",
    "banish": "banish",
    "send_to_gy": "send to the GY",
    "detach": "detach (Xyz Material)",
    "reveal": "reveal",
    "remove_counters": "remove counters",
    "pay_lp": "pay LP",
    "discard_self": "discard this card",
    "tribute_self": "Tribute this card",
    "send_to_gy_self": "send this card to the GY",
}
# How a monster was summoned (a board's `summon_type`, a `special_summon` action's `method`).
SUMMON_WORDS = {
    "normal": "Normal Summon",
    "tribute": "Tribute Summon",
    "flip": "Flip Summon",
    "special": "Special Summon",
    "link": "Link Summon",
    "xyz": "Xyz Summon",
    "synchro": "Synchro Summon",
    "fusion": "Fusion Summon",
    "ritual": "Ritual Summon",
    "pendulum": "Pendulum Summon",
    "procedure": "its own procedure",
}
# The kind of effect a judge states for a monster known by its printed facts only (`effect_kind`).
EFFECT_KIND_WORDS = {"ignition": "Ignition Effect", "quick": "Quick Effect", "trigger": "Trigger Effect"}
# What a player's choice for an effect is for, by the key of an action's `choices`.
CHOICE_WORDS = {
    "add": "add to the hand",
    "summon": "Special Summon",
    "destroy": "destroy",
    "send": "send to the GY",
    "banish": "banish",
    "return": "return",
    "discard": "discard",
    "tribute": "Tribute",
    "materials": "use as material",
    "attach": "attach as material",
    "detach": "detach",
    "target": "target",
    "order": "put in order",
}


@dataclass(frozen=True, slots=True)
class Phrase:
    """A part of a sentence: a key into PHRASES and its own parameters."""

    key: str
    params: Mapping[str, Any]

    def __init__(self, key: str, **params: Any):
        if key not in PHRASES:
            raise KeyError(f"unknown phrase {key!r}")
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "params", params)


Names = Callable[[str], str]

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
JUDGE_NAME = "{player}'s {name}"
JUDGE_NAME_NTH = "{player}'s {nth} {name}"


def ordinal(n: int) -> str:
    """1 -> "first"; past "tenth", "11th" (a player rarely has more copies than that)."""
    return ORDINALS[n - 1] if 1 <= n <= len(ORDINALS) else f"{n}th"


class JudgeNames:
    """The namer of a replay's sentences: a card as a judge says it, "B's Peten the Dark Clown".

    The player is the one whose part of the scenario lists the card (its owner). Where that player
    has several cards of the same name in the scenario, an ordinal counts them in the order the
    scenario lists them, the order its default ids count in (hand, monsters each followed by its
    Xyz Materials, spell_traps, field_spell, graveyard, banished, extra_deck, deck): the card with
    id `B:Peten the Dark Clown#2` is "B's second Peten the Dark Clown", and the first one "B's first
    Peten the Dark Clown". A card created during the duel (a Token) is named from its id: the
    first one plainly, the n-th with its ordinal. Ids stay in `cards`, `events` and `params`.
    """

    def __init__(self, cards: Iterable[tuple[str, str, str]]) -> None:
        """`cards`: (id, owner, name) of every card of the scenario's board, in listing order.
        Only grouped here: a card's name is worded when it is first asked for (a replay names a
        few cards; a board may hold thousands in its Decks and GYs)."""
        groups: dict[tuple[str, str], list[str]] = {}
        where: dict[str, tuple[str, str]] = {}
        for card_id, owner, name in cards:
            key = (owner, name)
            ids = groups.get(key)
            if ids is None:
                ids = groups[key] = []
            ids.append(card_id)
            where[card_id] = key
        self._groups = groups
        self._where = where
        self._names: dict[str, str] = {}
        self._pattern: re.Pattern[str] | None = None

    @classmethod
    def grouped(
        cls, groups: dict[tuple[str, str], list[str]], where: dict[str, tuple[str, str]]
    ) -> JudgeNames:
        """The namer of cards already grouped: (owner, name) -> ids in listing order, and each id's
        (owner, name). The scenario reader groups them as it reads (`Scenario.names`)."""
        names = cls(())
        names._groups, names._where = groups, where
        return names

    def in_text(self, text: str) -> str:
        """A raw value with card ids inside ("cost of B:Tribute to the Doomed", an event's `cause`),
        each id named; the longest id first, so `A:Sangan#2` is not read as `A:Sangan`."""
        if ":" not in text:
            return text
        if self._pattern is None:
            ids = sorted(self._where, key=len, reverse=True)
            self._pattern = re.compile("|".join([*map(re.escape, ids), r"[AB]:[^,;:()]+?#\d+"]))
        return self._pattern.sub(lambda m: self(m.group(0)), text)

    def __call__(self, card_id: str) -> str:
        known = self._names.get(card_id)
        if known is not None:
            return known
        key = self._where.get(card_id)
        if key is not None:
            ids = self._groups[key]
            named = judge_name(*key, ids.index(card_id) + 1 if len(ids) > 1 else None)
            self._names[card_id] = named
            return named
        owner, colon, rest = card_id.partition(":")
        if not colon or owner not in ("A", "B"):
            return card_id
        name, _, number = rest.partition("#")
        n = int(number) if number.isdigit() else 1
        return judge_name(owner, name, n if n > 1 else None)


def judge_name(player: str, name: str, n: int | None = None) -> str:
    """ "B's Peten the Dark Clown", or with `n`, "B's second Peten the Dark Clown"."""
    if n is None:
        return JUDGE_NAME.format(player=player, name=name)
    return JUDGE_NAME_NTH.format(player=player, nth=ordinal(n), name=name)


@dataclass(frozen=True, slots=True)
class Explanation:
    """An outcome for a judge: a code, the parameters its sentence needs, the cards it is about."""

    code: str
    params: Mapping[str, Any]
    cards: tuple[str, ...] = ()
    extra_glossary: tuple[str, ...] = field(default=())

    @property
    def text(self) -> str:
        """The sentence with every card named as the rule knew it (the default namer)."""
        return render(self)

    def to_dict(self, names: Names | None = None) -> dict:
        """The replay's form; `names` names the cards of `text` (default: as the rule knew them)."""
        slugs = list(CODES[self.code].glossary)
        if self.extra_glossary:
            slugs += [s for s in self.extra_glossary if s not in slugs]
        return {
            "code": self.code,
            "text": render(self, names),
            "glossary": slugs,
            "cards": list(self.cards),
            "params": {k: _json(v) for k, v in self.params.items()},
        }


def explain(code: str, *, cards: tuple[str, ...] | None = None, **params: Any) -> Explanation:
    """Build an explanation; an unknown code is a programming error, caught by the tests.

    `cards` defaults to the ids of the card parameters, in the order given (phrases and nested
    explanations included); pass it where the explanation is about other cards.
    """
    if code not in CODES:
        raise KeyError(f"unknown explanation code {code!r}")
    if cards is None:
        cards = tuple(_card_ids(params.values()))
    return Explanation(code, params, tuple(c for c in cards if c))


# --- rendering: the one place parameters become words


def render(explanation: Explanation, names: Names | None = None) -> str:
    """The explanation's sentence; `names` says how a card id is written (default: the name the
    rule knew it by, kept in its `Card`)."""
    return _fill(CODES[explanation.code].template, explanation.params, names)


def render_phrase(phrase: Phrase, names: Names | None = None) -> str:
    """A phrase on its own (a step's title), its cards named by `names`."""
    return _fill(PHRASES[phrase.key], phrase.params, names)


def _fill(template: str, params: Mapping[str, Any], names: Names | None) -> str:
    words = {k: _word(v, names) for k, v in params.items()}
    for name in _articled(template):  # `{method:a}`: the value with its article, "an Xyz"
        if name in words:
            words[name] = _Articled(words[name])
    return template.format(**words)


_ARTICLED = re.compile(r"\{(\w+):[aA](?:/[^}]*)?\}")


@cache
def _articled(template: str) -> frozenset[str]:
    """The fields of a template written with an article spec (`{kind:a}`, `{attribute:A}`)."""
    return frozenset(_ARTICLED.findall(template))


# Words whose first letter is a vowel but whose sound is not ("a Union", "a one-time"), and words
# whose first letter is a consonant but whose sound is a vowel ("an Xyz", "an X-Head Cannon",
# "an Honest").
_NOT_VOWEL_SOUND = ("uni", "use", "usu", "uti", "one", "once", "eu", "ewe")
_VOWEL_SOUND = ("x", "hour", "honest", "honor", "heir")


def article(word: str) -> str:
    """ "a" or "an", by how the word is said: an Xyz Monster, an EARTH monster, a Union monster."""
    w = word.lstrip("\"'(“‘").lower()
    if w.startswith(_NOT_VOWEL_SOUND):
        return "a"
    return "an" if w[:1] in "aeiou" or w.startswith(_VOWEL_SOUND) else "a"


class _Articled:
    """A value a template writes with its article: spec `a` (or `A` at the start of a sentence),
    optionally followed by `/` and the value's own spec (`{wanted:a/ or }`)."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __format__(self, spec: str) -> str:
        text = format(self.value, spec[2:] if spec[1:2] == "/" else "")
        word = article(text)
        return f"{word.title() if spec[:1] == 'A' else word} {text}"


def _word(value: Any, names: Names | None) -> Any:
    kind = type(value)  # exact types first: this runs for every parameter of every explanation
    if kind is str:
        if names is not None and _CARD_ID.match(value):
            return names(value)  # a card id some rule gave as a plain value: named like a Card
        return value  # a string value, formatted by the template's own spec
    if kind is Card:
        return value.name if names is None else names(value.id)  # default: as the rule knew it
    if kind is CardId:
        return value.id if names is None else names(value.id)
    if kind is Player:
        return str(value.name)
    if kind is Zone:  # a zone, an operation or an event by its name: "sent_to_gy", "sent to the GY"
        return " ".join(_NAME_WORDS.get(w, w) for w in str(value.name).split("_"))
    if kind is int:
        return _Number(value)
    if kind is Phrase:
        return _Words(_fill(PHRASES[value.key], value.params, names))
    if kind is list or kind is tuple:
        return _Listed([str(_word(v, names)) for v in value])
    if kind is Phase:
        return phase_words(value.name, value.step)
    if kind is Window:
        return moment_words(value.name)
    if kind is Explanation:
        return _Words(render(value, names))
    return value


_NAME_WORDS = {"gy": "the GY"}  # a word of a name written as a judge says it
_CARD_ID = re.compile(r"[AB]:\S")  # a card's id (`B:Peten the Dark Clown#2`): no card name starts so


class _Words(str):
    """A rendered phrase: it also stands where a list could (`{players: and }` given "no one")."""

    def __format__(self, spec: str) -> str:
        try:
            return str.__format__(self, spec)
        except ValueError:
            return str(self)


class _Number(int):
    """A number parameter; a `one|other` format spec picks a word by it (`{n:was|were}`)."""

    def __format__(self, spec: str) -> str:
        if "|" in spec:
            one, other = spec.split("|", 1)
            return one if self == 1 else other
        return int.__format__(self, spec)


class _Listed(list):
    """A list parameter as words: "X, Y and Z" by default, or joined with the field's format spec
    (`{done:; }`; `{cards:, | or }` names the separator before the last item)."""

    def __format__(self, spec: str) -> str:
        sep, last = spec.split("|", 1) if "|" in spec else (spec, spec) if spec else (", ", " and ")
        if len(self) > 1:
            return sep.join(self[:-1]) + last + self[-1]
        return sep.join(self)


def _card_ids(values: Any) -> list[str]:
    ids: list[str] = []
    for value in values:
        if isinstance(value, Card | CardId):
            ids.append(value.id)
        elif isinstance(value, Phrase):
            ids += _card_ids(value.params.values())
        elif isinstance(value, Explanation):
            ids += value.cards
        elif isinstance(value, list | tuple):
            ids += _card_ids(value)
    return ids


def from_dict(data: Mapping[str, Any]) -> Explanation:
    """A replay's explanation dict back as an `Explanation`, to render with another namer.

    The dict names cards by id only, so `render` needs a namer for it."""
    return Explanation(data["code"], _params_from_json(data["params"]), tuple(data["cards"]))


def _params_from_json(params: Mapping[str, Any]) -> dict[str, Any]:
    return {k: _from_json(v) for k, v in params.items()}


def _from_json(value: Any) -> Any:
    if isinstance(value, list):
        return [_from_json(v) for v in value]
    if not isinstance(value, dict):
        return value
    if "card" in value:
        return CardId(value["card"]) if value.get("as") == "id" else Card(value["card"], value["card"])
    if "player" in value:
        return Player(value["player"])
    if "zone" in value:
        return Zone(value["zone"])
    if "phase" in value:
        return Phase(value["phase"], value.get("step"))
    if "window" in value:
        return Window(value["window"])
    if "phrase" in value:
        return Phrase(value["phrase"], **_params_from_json(value["params"]))
    if "explanation" in value:
        return Explanation(value["explanation"], _params_from_json(value["params"]))
    raise ValueError(f"not an explanation parameter: {value!r}")


def _json(value: Any) -> Any:
    kind = type(value)  # the plain values first: this runs for every parameter of every explanation
    if kind is str or kind is int or value is None:
        return value
    if kind is Card:
        return {"card": value.id}
    if kind is Phrase:
        return {"phrase": value.key, "params": {k: _json(v) for k, v in value.params.items()}}
    if kind is Player:
        return {"player": value.name}
    return _json_other(value)


def _json_other(value: Any) -> Any:
    if isinstance(value, Card):
        return {"card": value.id}
    if isinstance(value, CardId):
        return {"card": value.id, "as": "id"}
    if isinstance(value, Player):
        return {"player": value.name}
    if isinstance(value, Zone):
        return {"zone": value.name}
    if isinstance(value, Phase):
        return {"phase": value.name, "step": value.step} if value.step else {"phase": value.name}
    if isinstance(value, Window):
        return {"window": value.name}
    if isinstance(value, Phrase):
        return {"phrase": value.key, "params": {k: _json(v) for k, v in value.params.items()}}
    if isinstance(value, Explanation):
        return {"explanation": value.code, "params": {k: _json(v) for k, v in value.params.items()}}
    if isinstance(value, list | tuple):
        return [_json(v) for v in value]
    return value
