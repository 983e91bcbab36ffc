"""What may be activated in the Damage Step, read off what an effect is and does (never its name).

Sources: Official Rulebook v10, "Damage Step Rules: Limitations on Activating Cards" (Counter Traps
and cards that directly change a monster's ATK or DEF, until damage calculation starts); as the
current rulings state the list (That Wacky Damage Step!, ygorganization.com, and the Judges'
Lounge article kept on r/Yugioh101's wiki): effects that negate the activation of a card or effect
may be activated in the Damage Step too, and Counter Traps and those effects at every moment of it
(a Trigger effect activated after damage calculation can be answered by them), while effects that
directly change ATK/DEF stop at damage calculation, and during damage calculation only effects
whose text says "during damage calculation" start a chain. An effect that only negates an effect
(Ash Blossom & Joyous Spring, Called by the Grave) is not among them (OCG FAQ: Ash Blossom cannot
be activated in the Damage Step). Trigger and Flip effects set off in the Damage Step are not
checked here: they activate when the game says (engine.rules.triggers).
"""

from __future__ import annotations

from engine.cards import CardDef, Effect
from engine.rules.locks import DURING_DAMAGE_CALCULATION

# operations that directly change a monster's ATK/DEF as the effect resolves; "ATK/DEF increases
# become decreases" (Reverse Trap) changes no ATK itself, so it is not one (That Wacky Damage Step!)
CHANGES_ATK_DEF = frozenset({"change_atk", "double_atk", "atk_becomes", "gain_atk_per_link_rating"})
UNTIL_DAMAGE_CALCULATION = ("damage_step_start", "before_damage_calculation")
# conditions that name the moment of the Damage Step the effect is activated in (Honest's "from the
# start of the Damage Step until damage calculation", Kuriboh's "during damage calculation"): the
# condition itself decides the window
NAMES_ITS_MOMENT = DURING_DAMAGE_CALCULATION | {"damage_step_battling"}


def allowance(defn: CardDef, effect: Effect, window: str, stated: tuple[str, ...] = ()) -> str | None:
    """Why this effect may be activated in this window of the Damage Step (a `damage_step_kind.`
    phrase key), or None if it may not. `stated`: the verbs of a judge-stated resolution, read as
    the operations of an effect with none written."""
    ops = {step.op for step in effect.do} or set(stated)
    named = {effect.condition} if isinstance(effect.condition, str) else set(effect.condition or ())
    if effect.kind == "activation" and defn.card_type == "trap" and defn.spell_trap_kind == "counter":
        return "damage_step_kind.counter_trap"
    if "negate_activation" in ops:
        return "damage_step_kind.negates_activation"
    if window in UNTIL_DAMAGE_CALCULATION and ops & CHANGES_ATK_DEF:
        return "damage_step_kind.changes_atk_def"
    if named & NAMES_ITS_MOMENT:
        return "damage_step_kind.names_its_moment"
    return None


# Trigger events that are the opponent Summoning a monster: such a Trigger effect cannot be
# activated in the Damage Step (That Wacky Damage Step!, ygorganization.com: an effect whose trigger
# is a monster Summoned by the opponent cannot be activated then; Dragon Ice's current text says it
# too, "except during the Damage Step"; yugioh-wiki.net, Dragon Ice: it cannot answer recruiters).
OPPONENTS_SUMMON = frozenset({"opponent_special_summoned"})


def summon_trigger_refused(window: str | None, effect: Effect) -> bool:
    """A Trigger effect set off by the opponent's Summon, in a window of the Damage Step."""
    return window not in (None, "battle_step") and effect.event in OPPONENTS_SUMMON


def refusal(effect: Effect, stated: tuple[str, ...] = ()) -> str:
    """Why it may not (a `damage_step_refused.` phrase key): an ATK/DEF change once damage
    calculation has started, or an effect of no kind the Damage Step allows."""
    ops = {step.op for step in effect.do} or set(stated)
    if ops & CHANGES_ATK_DEF:
        return "damage_step_refused.atk_def_too_late"
    return "damage_step_refused.not_a_kind_allowed"
