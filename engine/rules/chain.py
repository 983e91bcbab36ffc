"""Activating cards and effects and building a chain (resolving it: engine.rules.resolution).

Source: Official Rulebook v10, "Chains and Spell Speed", "Spell & Trap Cards"; the engine
design notes (spell speed is derived from what the effect is, never declared).
"""

from __future__ import annotations

from itertools import islice
from typing import TYPE_CHECKING, NamedTuple

from engine.cards import CardDef, Effect, Selector
from engine.errors import Illegal
from engine.explain import Card, CardId, Phase, Phrase, Player, Zone
from engine.refs import resolve_ref
from engine.rules import continuous, damage_step, locks, pendulum, restrictions

# a Union and a monster it can equip; a Gemini still a Normal Monster
from engine.rules.abilities import activation_problem, targets_problem
from engine.rules.common import FUSION_OPS, MAIN_PHASES, describe_selector
from engine.rules.conditions import Activating, deck_actions
from engine.rules.continuous import candidates, fits, misfit
from engine.rules.kinds import co_linked
from engine.rules.stated import CARD_VERBS
from engine.rules.triggers import Trigger, can_miss, own_state_problems
from engine.state import CardState, ChainLink, Game, Lasting, opponent
from engine.vocabulary import CONDITIONS, EVENTS

if TYPE_CHECKING:
    from engine.document import ActionEntry
    from engine.tx import Tx

# "..._self" costs: what is paid, where the card must be (any zone if empty), that place in words
SELF_COSTS = {
    "discard_self": ("discard", ("hand",), "in the hand"),
    "send_to_gy_self": ("send_to_gy", (), ""),
    "tribute_self": ("tribute", ("monsters",), "on the field"),
}
LINGERING = {"continuous", "equip", "field"}  # stay on the field after they resolve


def spell_speed(defn: CardDef, effect: Effect) -> int:
    """Spell Speed follows from what the effect is (rulebook, "Spell Speed")."""
    if effect.kind == "activation":
        kind = defn.spell_trap_kind
        if defn.card_type == "trap":
            return 3 if kind == "counter" else 2
        return 2 if kind == "quick-play" else 1
    # a Trap's effects are Spell Speed 2 (a Continuous Trap's trigger: Appropriate)
    return 2 if effect.kind == "quick" or defn.card_type == "trap" else 1


def _pick_effect(card: CardState, defn: CardDef, number: int | None, mode: int | None) -> tuple[int, Effect]:
    """The effect an `activate` names (`number` as the text counts them; `mode`: which of its
    choices), as (its number in the card file, the effect); unnamed, the first that can be."""
    if number is None:  # unnamed: the first effect that can be, or the given choice of it
        first, effect = _first_named(card, defn)
        if effect.mode is None or mode is None:
            return first, effect
        number = defn.numbered(first)[0]
    own = defn.choices_of(number)
    if not own:
        raise Illegal(
            "activate.no_such_effect",
            card=Card.of(card),
            effect_count=defn.effect_count,
            number=number,
        )  # fmt: skip
    if mode is not None and len(own) > 1 and not 1 <= mode <= len(own):
        raise Illegal("activate.no_such_choice", card=Card.of(card), number=number, mode=mode,
                      choice_count=len(own))  # fmt: skip
    internal = own[mode - 1] if mode is not None and len(own) > 1 else own[0]
    chosen = defn.effects[internal - 1]
    if chosen.kind in ("continuous", "maintenance"):
        raise Illegal(
            "activate.not_activated_effect",
            card=Card.of(card),
            number=number,
            kind=chosen.kind.title(),
        )  # fmt: skip
    return internal, chosen


def _first_named(card: CardState, defn: CardDef) -> tuple[int, Effect]:
    """The effect an `activate` that names none means: the card's first activated effect, or,
    in the GY or banished, the first that works from there."""
    usable = [(i + 1, e) for i, e in enumerate(defn.effects)
              if e.kind in ("activation", "ignition", "quick", "trigger", "flip")]  # fmt: skip
    if not usable:
        raise Illegal("activate.no_effect_defined", card=Card.of(card))
    if card.zone in OFF_FIELD:  # in the GY or banished: the effect that works from there, if one does
        return next(((n, e) for n, e in usable if card.zone in _zones_for(e)), usable[0])
    return usable[0]


def given_mode(action: ActionEntry) -> int | None:
    """The choice of an effect an action names (`choices: {mode: n}`), if it names one."""
    mode = action.choices.get("mode") if action.choices else None
    return mode if isinstance(mode, int) and not isinstance(mode, bool) else None


def _first_choice(tx: Tx, action: ActionEntry, card: CardState, defn: CardDef, number: int) -> int:
    """An effect with choices activated without saying which: the first choice that can be
    activated now (each tried as `legal` tries an activation), else the first; the engine says so
    (scenario format: "where one is needed and missing, the engine takes the first legal option
    and says so")."""
    own = defn.choices_of(defn.numbered(number)[0])
    picked = own[0]
    for internal in own:
        try:
            activate(type(tx)(tx.game), action, trying=True, number=internal)  # on a throw-away Tx
        except Illegal:
            continue
        picked = internal
        break
    tx.say(
        "choice.engine_picked",
        reason=Phrase("engine_picked.first_choice_that_works", card=Card.of(card),
                      mode=defn.numbered(picked)[1] or 1, what=defn.effects[picked - 1].summary or ""),
        cards=(card.id,),
    )  # fmt: skip
    return picked


OFF_FIELD = ("graveyard", "banished")


def _first_usable(defn: CardDef) -> int | None:
    """The number of the card's first effect that is activated (the one a bare request names)."""
    kinds = ("activation", "ignition", "quick", "trigger", "flip")
    return next((i + 1 for i, e in enumerate(defn.effects) if e.kind in kinds), None)


class ChainTop(NamedTuple):
    """The last Chain Link, as an activation in response is judged by it."""

    link: int
    spell_speed: int
    player: str
    card: str
    unchainable: str | None  # who cannot respond to it, by its card's text (Dark Ruler No More)
    name: str  # its card's name


class Moment(NamedTuple):
    """The moment of the game an activation is asked for, as where and when a card may be
    activated is judged (`_check_activation_place`, `_check_timing`): they read nothing else, so
    what they find for the same card at an equal moment is what they found before."""

    turn_player: str
    phase: str
    battle: bool
    window: str | None  # the battle's
    top: ChainTop | None
    bare: tuple[str, ...]  # the players who control no card (Evenly Matched)


def moment(game: Game) -> Moment:
    """The game's `Moment`, read once per game: kept on its board with the game itself (so that
    its id stays its own while kept)."""
    kept = game.board.derive(("moment", id(game)), lambda _: (game, _moment(game)))
    return kept[1] if kept[0] is game else _moment(game)


def _moment(game: Game) -> Moment:
    board, battle = game.board, game.battle
    top = None
    if game.chain:
        link = game.chain[-1]
        lock = restrictions.link_effect(board, link).unchainable
        top = ChainTop(
            link.link, link.spell_speed, link.player, link.card, lock, board.define(link.card).name
        )
    bare = tuple(p for p in ("A", "B") if not board.on_field(p))
    return Moment(
        board.turn_player, board.phase, battle is not None, battle.window if battle else None, top, bare
    )


# what the place and timing of a card's activation came to (None, or the Illegal it raised), by
# moment, player, Spell Speed and the card, its definition and effect (kept with it: ids are reused)
_PLACED: dict[tuple, tuple[CardState, CardDef, Effect, Illegal | None]] = {}
_PLACED_KEPT = 4096


def _check_activation_when(now: Moment, player: str, card: CardState, defn: CardDef, effect: Effect,
                           speed: int) -> None:  # fmt: skip
    """A card's activation: its place then its timing, found once per card and moment (`legal`
    asks the same at step after step)."""
    key = (now, player, speed, id(card), id(defn), id(effect))
    kept = _PLACED.get(key)
    if kept is None or kept[0] is not card or kept[1] is not defn or kept[2] is not effect:
        try:
            _check_activation_place(now, player, card, defn, effect)
            _check_timing(now, player, card, defn, effect, speed)
            broken = None
        except Illegal as err:
            broken = err
        if len(_PLACED) >= _PLACED_KEPT:
            _PLACED.clear()
        kept = _PLACED[key] = (card, defn, effect, broken)
    if kept[3] is not None:
        raise kept[3].with_traceback(None)


def _check_timing(now: Moment, player: str, card: CardState, defn: CardDef, effect: Effect,
                  speed: int, stated: tuple[str, ...] = ()) -> str | None:  # fmt: skip
    """Raise Illegal if the effect cannot be activated now; in the Damage Step, return why it can
    (a phrase key, engine.rules.damage_step)."""
    allowed = None
    if now.battle and (window := now.window) != "battle_step":
        allowed = damage_step.allowance(defn, effect, window or "", stated)
        if allowed is None:
            raise Illegal(
                "activate.damage_step",
                card=Card.of(card),
                why=Phrase(damage_step.refusal(effect, stated)),
            )  # fmt: skip
    if (top := now.top) is not None:
        _check_unchainable(top, player, card, defn, effect)
        if speed < 2 or speed < top.spell_speed:
            raise Illegal(
                "chain.spell_speed_too_low",
                reason=Phrase(
                    "spell_speed_too_low.spell_speed_response_chain",
                    card=Card.of(card),
                    speed=speed,
                    link=top.link,
                    spell_speed=top.spell_speed,
                    needed=max(2, top.spell_speed),  # a response is Spell Speed 2 at least
                ),
            )  # fmt: skip
    elif speed == 1 and (player != now.turn_player or now.phase not in MAIN_PHASES or now.battle):
        raise Illegal(
            "activate.not_allowed_now",
            reason=Phrase(
                "not_allowed_now.spell_speed_can_activated",
                card=Card.of(card),
                phase=Phase(now.phase),
                turn_player=Player(now.turn_player),
            ),
        )
    return allowed


def _check_unchainable(top: ChainTop, player: str, card: CardState, defn: CardDef, effect: Effect) -> None:
    """A card that says who cannot respond to its activation (Dark Ruler No More: "neither player
    can activate monster effects in response")."""
    lock = top.unchainable
    if lock is None:
        return
    who = top.name
    if lock == "monster_effects" and defn.is_monster and effect.kind != "activation":
        raise Illegal(
            "activate.unchainable",
            reason=Phrase(
                "unchainable.neither_player_can_activate",
                who=who,
                link=top.link,
                card=Card.of(card),
            ),
            cards=(card.id, top.card),
        )  # fmt: skip
    if lock == "both" or (lock == "opponent" and player != top.player):
        raise Illegal(
            "activate.unchainable",
            reason=Phrase(
                "unchainable.chain_link_cannot_responded",
                who=who,
                link=top.link,
                either=Phrase("either_player") if lock == "both" else Player(player),
            ),
            cards=(card.id, top.card),
        )


def _check_activation_place(now: Moment, player: str, card: CardState, defn: CardDef, effect: Effect) -> None:
    """A card is activated from its controller's hand or face-down from their field."""
    owner_ok = card.controller == player
    if card.zone == "hand" and owner_ok:  # a card in the opponent's hand is not theirs to play
        if defn.card_type == "trap" and not locks.trap_from_hand(effect, player in now.bare):
            raise Illegal(
                "activate.not_allowed_now",
                reason=Phrase("not_allowed_now.trap_must_set_first", card=Card.of(card)),
            )  # fmt: skip
        if defn.spell_trap_kind == "quick-play" and player != now.turn_player:
            raise Illegal(
                "activate.not_allowed_now",
                reason=Phrase("not_allowed_now.quick_play_spell_opponent", card=Card.of(card)),
            )  # fmt: skip
    elif card.zone in ("spell_traps", "field_spell") and owner_ok and card.face == "down":
        if card.set_this_turn and (defn.card_type == "trap" or
                                   defn.spell_trap_kind == "quick-play"):  # fmt: skip
            raise Illegal("set.cannot_activate_this_turn", card=Card.of(card))  # fmt: skip
    else:
        raise Illegal(
            "action.card_not_there",
            reason=Phrase("card_not_there.must_hand_or_set", card=CardId(card.id), player=Player(player)),
        )  # fmt: skip


def _check_location(tx: Tx, player: str, card: CardState, defn: CardDef, effect: Effect,
                    activation: bool) -> None:  # fmt: skip
    board = tx.board
    if activation:
        _check_activation_place(moment(tx.game), player, card, defn, effect)
        return
    anyone = effect.either_player and card.zone in continuous.FIELD and card.face_up
    if (card.controller != player and not anyone) or card.zone not in _zones_for(effect):
        raise Illegal(
            "action.card_not_there",
            reason=Phrase(
                "card_not_there.effect_works_from_card",
                card=CardId(card.id),
                works_from=[Zone(z) for z in effect.works_from],
                controller=Player(card.controller),
                zone=Zone(card.zone),
            ),
        )
    if card.zone == "monsters" and not card.face_up:
        raise Illegal(
            "activate.not_allowed_now",
            reason=Phrase("not_allowed_now.face_down_effects_cannot", card=Card.of(card)),
        )
    if (why := activation_problem(board, card, effect)) is not None:
        raise Illegal("activate.no_effects_now", why=why, cards=(card.id,))
    if pendulum.is_pendulum_card(board, card) != effect.pendulum and card.zone in continuous.FIELD:
        raise Illegal(
            "action.card_not_there",
            reason=Phrase(
                "effect_kind.pendulum" if effect.pendulum else "effect_kind.monster",
                card=Card.of(card),
            ),
        )  # fmt: skip


def _zones_for(effect: Effect) -> set[str]:
    if effect.pendulum:
        return {"spell_traps"}  # a Pendulum Effect works from the Pendulum Zone
    zones = set()
    for w in effect.works_from:
        zones |= {"monsters", "spell_traps", "field_spell"} if w == "field" else {w}
    return zones


def summoned_now(tx: Tx) -> tuple[str, ...]:
    """The monsters whose summon is the last thing that happened (what Trap Hole may target)."""
    summon = tx.game.last_summon
    return summon.cards if summon is not None else ()


def _targets(tx: Tx, player: str, card: CardState, effect: Effect, refs: list[str],
             stated: bool = False) -> tuple[str, ...]:  # fmt: skip
    """The targets chosen at activation, checked against what the effect can target.

    An effect the library has no operations for, whose resolution the judge states, takes the
    targets the judge names: the engine cannot tell what it may target, but still applies the
    rules every target obeys (a card that cannot be targeted, one already destroyed by battle).
    """
    board = tx.board
    chosen = (
        [resolve_ref(board, r) for r in refs if not r.startswith("link:") and r != "summon"] if refs else []
    )
    if not effect.targets:
        if not chosen:
            return ()
        if not (stated and not effect.do):
            raise Illegal(
                "activate.bad_target",
                reason=Phrase("bad_target.does_not_target_no", card=Card.of(card)),
            )
        _targetable(tx, card, chosen)
        return tuple(t.id for t in chosen)
    needed, flexible = 0, False
    for sel in effect.targets:
        needed += sel.count
        flexible = flexible or sel.up_to
    if len(chosen) != needed and not (flexible and 1 <= len(chosen) <= needed):
        raise Illegal(
            "activate.bad_target",
            reason=Phrase(
                "bad_target.needs_target_chosen_activation",
                card=Card.of(card),
                needed=needed,
                chosen_count=len(chosen),
            ),
        )  # fmt: skip
    summoned = summoned_now(tx)
    battle = tx.game.battle
    attacker = battle.attacker if battle else None
    for t in chosen:
        if t.id == card.id and all(sel.except_this for sel in effect.targets):
            raise Illegal(
                "activate.bad_target",
                reason=Phrase("bad_target.cannot_target_itself_effect", card=Card.of(card)),
            )  # fmt: skip
        for sel in effect.targets:
            if fits(board, t, sel, player, summoned, attacker):
                break
        else:
            why = next(filter(None, (misfit(board, t, sel, player, summoned, attacker, now=False)
                                     for sel in effect.targets)), Phrase("misfit.does_not_fit"))  # fmt: skip
            raise Illegal(
                "activate.bad_target",
                reason=Phrase("bad_target.not_card_can_target", card=Card.of(card), t=CardId(t.id), why=why),
            )
    if len(effect.targets) > 1 and not _split(tx, chosen, effect.targets, player, summoned, attacker):
        whose = {"you": Phrase("where.controls", player=Player(player)),
                 "opponent": Phrase("where.controls", player=Player(opponent(player)))}  # fmt: skip
        wanted = [Phrase(
            "split.part",
            count=sel.count,
            where=whose.get(sel.controller, Phrase("where.on_the_field")),
        )
                  for sel in effect.targets]  # fmt: skip
        raise Illegal(
            "activate.bad_target",
            reason=Phrase(
                "bad_target.targets_must_split_text",
                card=Card.of(card),
                wanted=wanted,
                chosen=[CardId(t.id) for t in chosen],
            ),
            cards=(card.id,),
        )  # fmt: skip
    restrictions.check_material_targets(tx, card, effect, chosen)
    _targetable(tx, card, chosen)
    return tuple([t.id for t in chosen])


def _split(tx: Tx, chosen: list[CardState], selectors: list, player: str,
           summoned: tuple[str, ...], attacker: str | None) -> bool:  # fmt: skip
    """Can the chosen targets be shared out among the effect's kinds of target, each taking no
    more than its count ("2 monsters you control and 1 your opponent controls")?"""
    room = [sel.count for sel in selectors]

    def place(i: int) -> bool:
        if i == len(chosen):
            return True
        for k, sel in enumerate(selectors):
            if room[k] and fits(tx.board, chosen[i], sel, player, summoned, attacker):
                room[k] -= 1
                if place(i + 1):
                    return True
                room[k] += 1
        return False

    return len({c.id for c in chosen}) == len(chosen) and place(0)


def _targetable(tx: Tx, card: CardState, chosen: list[CardState]) -> None:
    """What no card can target, whatever it says: a monster this battle already destroyed, a
    card a Continuous effect protects."""
    battle = tx.game.battle
    for t in chosen:
        if battle is not None and t.id in battle.doomed:
            raise Illegal(
                "activate.bad_target",
                reason=Phrase("bad_target.already_destroyed_battle_leaves", t=CardId(t.id)),
                cards=(card.id, t.id),
            )  # fmt: skip
        if (guard := continuous.first(tx.board, "untargetable", t)) is not None:
            raise Illegal(
                "activate.bad_target",
                reason=Phrase(
                    "bad_target.cannot_targeted_card_effects",
                    t=CardId(t.id),
                    guard=Card.of(guard),
                ),
                cards=(card.id, t.id, guard.id),
            )  # fmt: skip


def conditions(effect: Effect) -> list[str]:
    c = effect.condition
    return [] if c is None else [c] if isinstance(c, str) else list(c)


def _meets(tx: Tx, player: str, effect: Effect, condition: str, answered: ChainLink | None,
           negating_summon: bool, card: str = "") -> str | Phrase | None:  # fmt: skip
    """None if the condition holds now; otherwise what is missing, a phrase (rules.conditions)."""
    if negating_summon and condition != "negates_summon":
        return Phrase("unmet.not_a_summon_negator")
    return CONDITIONS[condition](Activating(tx, player, effect, answered, negating_summon, card))


DECK_STEPS = ("add_to_hand", "special_summon", "send_to_gy")


def _check_deck_holds_one(tx: Tx, player: str, card: CardState, effect: Effect) -> None:
    """An effect whose first step takes a card from the Deck cannot be activated when the Deck
    holds none it could take (rulebook v10, Glossary: Search Your Deck). Only where the Deck is
    known whole: an unknown card might be one."""
    step = effect.do[0] if effect.do else None
    sel = step.cards if step is not None and step.op in DECK_STEPS else None
    if not isinstance(sel, Selector) or sel.zone != "deck":
        return
    whose = (player,) if sel.controller in (None, "you") else (opponent(player),)
    if sel.controller == "any":
        whose = (player, opponent(player))
    if any(tx.board.player(p).deck_unknown for p in whose):
        return
    if not any(fits(tx.board, c, sel, player) for c in candidates(tx.board, sel) if c.controller in whose):
        raise Illegal(
            "activate.condition_not_met",
            reason=Phrase("condition_not_met.deck_holds_none", card=Card.of(card), player=Player(whose[0])),
        )


def _check_hand_holds_normal_summon(tx: Tx, player: str, card: CardState, effect: Effect) -> None:
    """An effect whose first step Normal Summons or Sets a monster from the hand cannot be
    activated when the hand holds none that could be Normal Summoned now (Ultimate Offering: its
    500 LP cannot be paid for nothing)."""
    if not effect.do or effect.do[0].op != "normal_summon_after":
        return
    from engine.operations.summons import hand_holds_normal_summon

    if not hand_holds_normal_summon(tx, player):
        raise Illegal(
            "activate.condition_not_met",
            reason=Phrase("condition_not_met.hand_holds_no_normal_summon", card=Card.of(card),
                          player=Player(player)),
            cards=(card.id,),
        )  # fmt: skip


def _check_fusion_possible(tx: Tx, player: str, card: CardState, effect: Effect) -> None:
    """An effect that Fusion Summons cannot be activated when no Fusion Summon it could perform
    is possible now (engine.rules.procedures.fusion_impossible)."""
    if not any(step.op in FUSION_OPS for step in effect.do):
        return  # (most effects: the import and the call below are for the few that Fusion Summon)
    from engine.rules.procedures import fusion_impossible

    why = fusion_impossible(tx, player, effect)
    if why is None:
        return
    _, valley = why
    if valley is not None:
        reason = Phrase("condition_not_met.no_fusion_gy_locked", card=Card.of(card), valley=Card.of(valley))
    else:
        reason = Phrase("condition_not_met.no_fusion_possible", card=Card.of(card))
    raise Illegal("activate.condition_not_met", reason=reason, cards=(card.id,))


def _check_requires(tx: Tx, player: str, card: CardState, effect: Effect) -> None:
    """Board-state conditions ("Activate only if ..."): checked here, at activation, never again."""
    req = effect.requires
    if req is None:
        return
    board = tx.board
    me, foe = board.player(player), board.player(opponent(player))
    problems: list[Phrase] = []
    for name, anyone in ((req.you_control, False), (req.on_field, True)):
        if name is not None and not any(
            (anyone or c.controller == player) and c.face_up and c.zone in continuous.FIELD
            and c.name.lower() == name.lower() for c in board.on_field()
        ):  # fmt: skip
            whose = Phrase("field.the") if anyone else Phrase("field.of", player=Player(player))
            problems.append(Phrase("requires.face_up_on", name=name, whose=whose))
    if req.your_hand_max is not None and len(me.hand) - (card.zone == "hand") > req.your_hand_max:
        problems.append(Phrase("requires.hand_max", player=Player(player), count=req.your_hand_max))
    if req.opponent_hand_min is not None and len(foe.hand) < req.opponent_hand_min:
        problems.append(
            Phrase(
                "requires.opponent_hand_min",
                foe=Player(opponent(player)),
                count=req.opponent_hand_min,
            )
        )
    if req.your_gy_max is not None and len(me.graveyard) > req.your_gy_max:
        problems.append(Phrase("requires.gy_max", player=Player(player), count=req.your_gy_max,
                               held=len(me.graveyard)))  # fmt: skip
    if req.your_gy_monsters_min is not None:
        monsters = sum(1 for c in me.graveyard if board.define(c).is_monster)
        if monsters < req.your_gy_monsters_min:
            problems.append(Phrase(
                "requires.gy_monsters_min",
                player=Player(player),
                count=req.your_gy_monsters_min,
                held=monsters,
            ))  # fmt: skip
    problems += locks.requires_missing(tx, player, card, req)
    if req.lp_behind_by is not None and foe.lp - me.lp < req.lp_behind_by:
        problems.append(Phrase("requires.lp_behind", player=Player(player), amount=req.lp_behind_by,
                               foe=Player(opponent(player))))  # fmt: skip
    if req.free_monster_zones_min is not None:
        taken = {c.slot for c in board.in_zone("monsters", player)}
        if sum(1 for s in range(1, 6) if s not in taken) < req.free_monster_zones_min:
            problems.append(Phrase("requires.free_monster_zones", count=req.free_monster_zones_min,
                                   player=Player(player)))  # fmt: skip
    if req.any_on_field and not any(
        fits(board, c, sel, player) for sel in req.any_on_field for c in candidates(board, sel)
        if not (sel.except_this and c.id == card.id)  # "other" cards: a Set card is not one of them
    ):  # fmt: skip
        kinds = " or ".join(dict.fromkeys(describe_selector(sel) for sel in req.any_on_field))
        problems.append(Phrase("requires.on_field", what=kinds))
    for sel in req.all_on_field:  # each must fit some card (Creature Swap: a monster on each side)
        if not any(fits(board, c, sel, player) for c in candidates(board, sel)):
            problems.append(Phrase("requires.on_field", what=describe_selector(sel, player)))
    if req.opponent_summons_min is not None:
        done = foe.summons_this_turn
        if done < req.opponent_summons_min:
            problems.append(Phrase("requires.opponent_summons", foe=Player(opponent(player)),
                                   count=req.opponent_summons_min, done=done))  # fmt: skip
    problems += own_state_problems(card, req)
    if problems:
        again = Phrase("checked.again_at_resolution" if req.at_resolution else "checked.at_activation")
        raise Illegal(
            "activate.condition_not_met",
            reason=Phrase(
                "condition_not_met.cannot_activated_condition_checked",
                card=Card.of(card),
                condition=Phrase("condition_unmet", problems=problems, again=again),
            ),
            cards=(card.id,),
        )  # fmt: skip


def _check_condition(tx: Tx, player: str, card: CardState, effect: Effect,
                     refs: list[str]) -> ChainLink | None:  # fmt: skip
    """Activation conditions are checked here, at activation, and never again.

    Returns the link this activation answers (the one immediately before it), if any.
    """
    chain = tx.game.chain
    answered = chain[-1] if chain else None
    for ref in refs:
        if ref.startswith("link:") and (answered is None or ref != f"link:{answered.link}"):
            raise Illegal(
                "activate.condition_not_met",
                reason=Phrase(
                    "condition_not_met.can_answer_only_activation",
                    card=Card.of(card),
                    answered_link=answered.link if answered else Phrase("none"),
                    ref=ref,
                ),
            )  # fmt: skip
    wanted = conditions(effect)
    negating_summon = "summon" in refs
    if not wanted:
        if negating_summon:
            raise Illegal(
                "activate.condition_not_met",
                reason=Phrase("condition_not_met.does_not_negate_summons", card=Card.of(card)),
            )
        return None
    missing = [_meets(tx, player, effect, c, answered, negating_summon, card.id) for c in wanted]
    if None in missing:
        return answered
    reasons = [m for m in missing if m]
    if negating_summon and "negates_summon" in wanted:  # its other uses are beside the point here
        reasons = [m for c, m in zip(wanted, missing, strict=True) if m and c == "negates_summon"]
    raise Illegal(
        "activate.condition_not_met",
        reason=Phrase("condition_not_met.cannot_activated_now", card=Card.of(card), reasons=reasons),
    )


def _cost_count_problem(tx: Tx, player: str, effect: Effect, count: int) -> Phrase | None:
    """A cost of "any number" whose count the effect reads ("destroy 1 face-up monster whose Level
    equals the number banished", Skull Lair) must be a number the effect can use: some card must
    fit with that count as its Level (ProjectIgnis c6733059.lua: the banished number is chosen
    among the Levels of face-up monsters on the field)."""
    wanted = [s.cards for s in effect.do if isinstance(s.cards, Selector) and s.cards.level == "cost_count"]
    for sel in wanted:
        probe = sel.model_copy(update={"level": count})
        if any(fits(tx.board, c, probe, player) for c in candidates(tx.board, probe)):
            return None
    if not wanted:
        return None
    return Phrase("cost_count.no_level", count=count)


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
                raise Illegal(
                    "activate.cost_missing",
                    reason=Phrase("cost_missing.costs_lp_now_was", card=Card.of(card), due=due, given=given),
                )
            if lp < due or (amount != "half" and lp <= 0):
                raise Illegal(
                    "activate.cost_missing",
                    reason=Phrase("cost_missing.has_lp_cannot_pay", player=Player(player), lp=lp, due=due),
                    cards=(card.id,),
                )
            continue
        if key in SELF_COSTS:  # "discard / send / Tribute this card": the card itself is the cost
            pay, zones, where = SELF_COSTS[key]
            if zones and card.zone not in zones:
                raise Illegal(
                    "activate.cost_missing",
                    reason=Phrase("cost_missing.must_pay_cost_with", card=Card.of(card), where=where),
                )  # fmt: skip
            costs.pop(key, None)
            costs[pay] = [card.id]
            continue
        count = len(given) if isinstance(given, list) else (1 if given else 0)
        if (
            effect.kind == "activation"
            and given
            and card.id
            in {resolve_ref(tx.board, str(r)).id for r in (given if isinstance(given, list) else [given])}
        ):  # a Spell/Trap being activated is on the field, not a card it can pay with (Twin Twisters)
            raise Illegal(
                "activate.cost_missing",
                reason=Phrase("cost_missing.activated_card_pays", card=Card.of(card)),
                cards=(card.id,),
            )
        if amount == "any" or isinstance(amount, list):  # "any number" (Skull Lair), "3 or 6" (Pot)
            allowed = amount if isinstance(amount, list) else None
            if count < 1 or (allowed is not None and count not in allowed):
                wanted = Phrase("count.one_of", counts=allowed) if allowed else Phrase("count.one_or_more")
                raise Illegal(
                    "activate.cost_missing",
                    reason=Phrase(
                        "cost_missing.needs_cost_card_given_2",
                        card=Card.of(card),
                        wanted=wanted,
                        key_=Zone(key),
                        count=count,
                    ),
                )  # fmt: skip
            if (why := _cost_count_problem(tx, player, effect, count)) is not None:
                raise Illegal(
                    "activate.condition_not_met",
                    reason=Phrase(
                        "condition_not_met.cannot_activated_paying_card",
                        card=Card.of(card),
                        count=count,
                        key_=Zone(key),
                        why=why,
                    ),
                )  # fmt: skip
            continue
        if key == "detach" and given:
            strays = [str(r) for r in (given if isinstance(given, list) else [given])
                      if resolve_ref(tx.board, str(r)).id not in card.materials]  # fmt: skip
            if strays:
                raise Illegal(
                    "activate.cost_missing",
                    reason=Phrase(
                        "cost_missing.not_xyz_material_cost",
                        card=Card.of(card),
                        strays=strays,
                    ),
                )
        if key == "discard" and isinstance(amount, int) and count < amount:
            have = len(tx.board.player(player).hand) - (card.zone == "hand")
            if have < amount:  # the cost cannot be paid at all, whatever the action gives (Final Destiny)
                raise Illegal(
                    "activate.cost_missing",
                    reason=Phrase(
                        "cost_missing.not_enough_in_hand",
                        card=Card.of(card),
                        player=Player(player),
                        amount=amount,
                        have=have,
                    ),
                    cards=(card.id,),
                )  # fmt: skip
        if count != amount:
            raise Illegal(
                "activate.cost_missing",
                reason=Phrase(
                    "cost_missing.needs_cost_card_given",
                    card=Card.of(card),
                    amount=amount,
                    key_=Zone(key),
                    count=count,
                ),
            )  # fmt: skip
    return costs


def _check_locks(tx: Tx, player: str, card: CardState, defn: CardDef, effect: Effect) -> None:
    """Continuous effects that forbid the activation outright (Jinzo: no Trap Cards)."""
    held = locks.in_force(tx.board)
    if effect.kind != "trigger" and (lock := held.deck) is not None and (
        adds := {"draw", "search"} & deck_actions(effect)
    ):  # fmt: skip
        raise Illegal(
            "activate.locked",
            reason=Phrase(
                "locked.effect_applies_for_rest",
                source=Card.of(tx.board.cards[lock.source]),
                card=Card.of(card),
                adds=[Zone(a) for a in sorted(adds)],
            ),
            cards=(card.id, lock.source),
        )  # fmt: skip
    if defn.card_type == "trap" and (jinzo := held.traps):
        raise Illegal(
            "activate.locked",
            reason=Phrase("locked.face_up_effect_not", card=Card.of(card), jinzo=Card.of(jinzo)),
        )  # fmt: skip
    if (mask := held.tributes) and ("tribute" in effect.cost or "tribute_self" in effect.cost):
        raise Illegal(
            "rule.tributes_forbidden",
            reason=Phrase("tributes_forbidden.face_up_no_monster_2", card=Card.of(card), mask=Card.of(mask)),
        )  # fmt: skip


def _flip_use(tx: Tx, card: CardState, defn: CardDef, effect: Effect) -> bool:
    """Is this a Continuous Trap's effect used as the card itself is activated (one link)?

    Such an effect cannot be used again in the chain in which the card was flipped face-up.
    """
    if not effect.with_activation:
        return False
    if card.zone == "spell_traps" and card.face == "down":
        return True
    if card.id in tx.game.flipped_in_chain:
        raise Illegal("activate.flipped_this_chain", name=defn.name, cards=(card.id,))  # fmt: skip
    return False


def waiting_trigger(game: Game, card_id: str, number: int | None) -> Trigger | None:
    """The waiting trigger of this card (and effect, if given: its number as the text counts
    them), if one is waiting."""
    for trig in game.waiting:
        if trig.card != card_id:
            continue
        if number is None or game.board.define(card_id).numbered(trig.effect)[0] == number:
            return trig
    return None


def not_set_off(card: CardState, game: Game | None = None, effect: Effect | None = None) -> Illegal:
    """A trigger (or Flip) effect activated when no event it waits for is waiting; or one whose
    event came with a cost and the activation that cost was paid for (Pinch Hopper Tributed for
    Share the Pain): an optional "When" trigger has lost its timing to that activation already."""
    for trig in game.waiting if game is not None else ():
        if trig.card == card.id and trig.passed_by is not None and can_miss(trig):
            return Illegal(
                "timing.lost_to_activation", card=Card.of(card), what=trig.what, after=trig.passed_by
            )
    if effect is not None and effect.event in EVENTS and card.zone in _zones_for(effect):
        # a trigger of a card in the GY or banished: say which event it needs
        return Illegal(
            "trigger.event_not_happened",
            card=Card.of(card),
            zone=Zone(card.zone),
            event=EVENTS.words(effect.event),
        )
    if game is not None and _destroyed_not_by_battle(game, card, effect):
        return Illegal("trigger.destroyed_not_by_battle", card=Card.of(card))
    return Illegal("trigger.not_set_off", card=Card.of(card))  # fmt: skip


def _destroyed_not_by_battle(game: Game, card: CardState, effect: Effect | None) -> bool:
    """A card in the GY whose trigger needs it "destroyed by battle", destroyed this turn by
    something else (Sakuretsu Armor destroys an attacker by a card effect, in the Battle Phase)."""
    if card.zone != "graveyard":
        return False
    effects = [effect] if effect is not None else game.board.define(card.id).effects
    if not any(e.kind == "trigger" and e.event == "destroyed_by_battle" for e in effects):
        return False
    whats = {what for turn, c, what in game.memory if c == card.id and turn == game.board.turn}
    return "destroyed_by_battle" not in whats and any(w.startswith("destroyed") for w in whats)


def first_targets(game: Game, card_id: str, player: str, effect: Effect) -> list[str]:
    """The first legal target of each kind: for effects the engine activates itself (a
    mandatory trigger left out) or tries ("legal now")."""
    if not effect.targets:
        return (
            ["summon"] if game.summon_attempt is not None and "negates_summon" in conditions(effect) else []
        )
    board = game.board
    chosen: list[str] = []
    doomed = game.battle.doomed if game.battle else ()
    attacker = game.battle.attacker if game.battle else None
    summoned = game.last_summon.cards if game.last_summon else ()
    me = board.cards.get(card_id)
    for sel in effect.targets:
        fitting = (c.id for c in candidates(board, sel)
                   if c.id not in chosen and c.id != card_id and c.id not in doomed
                   and fits(board, c, sel, player, summoned, attacker))  # fmt: skip
        picked = list(islice(fitting, sel.count))  # the first ones: the rest need not be tried
        # a mandatory trigger (or Flip) effect must be activated: with nothing else to target it
        # targets its own card (Man-Eater Bug alone on the field), unless its text says "other
        # than this card" (except_this)
        mandatory = not effect.optional and effect.kind in ("trigger", "flip")
        if len(picked) < sel.count and mandatory and me is not None and not sel.except_this and (
            card_id not in chosen and card_id not in doomed and me in candidates(board, sel)
            and fits(board, me, sel, player, summoned, attacker)
        ):  # fmt: skip
            picked.append(card_id)
        chosen += picked
    if game.summon_attempt is not None and "negates_summon" in conditions(effect):
        chosen.append("summon")
    return chosen


def activate(tx: Tx, action: ActionEntry, *, trying: bool = False, number: int | None = None) -> str | Phrase:
    """Activate a card or effect as a new Chain Link; raises Illegal with the first rule it breaks.

    `trying` ("legal now", on a throw-away copy): stop once nothing further can make it illegal,
    before the Chain Link, its events and its explanations are built. `number`: the effect, by its
    number in the card file (one choice of an effect with choices), instead of the action's."""
    player = action.player or ""
    card = resolve_ref(tx.board, action.card or "")
    chosen = action.effect
    if action.effect_kind is not None:  # a facts-only monster's effect, its kind stated by the judge
        from engine.rules.stated import stated_effect

        chosen = stated_effect(tx, card, action.effect_kind)
        card = tx.board.cards[card.id]
    defn = tx.board.define(card.id)
    trig = waiting_trigger(tx.game, card.id, chosen) if tx.game.building else None
    if trig is not None:
        number, effect = trig.effect, defn.effects[trig.effect - 1]
    elif number is not None:  # one choice, tried (`_first_choice`, legal now)
        effect = defn.effects[number - 1]
    elif pendulum.places_as_scale(card, defn, action.effect):
        number, effect = 0, pendulum.SCALE_ACTIVATION  # the card itself, placed as a Scale
    else:
        number, effect = _pick_effect(card, defn, chosen, given_mode(action))
        if effect.mode is not None and given_mode(action) is None and not trying:
            number = _first_choice(tx, action, card, defn, number)
            effect = defn.effects[number - 1]
    flip_use = _flip_use(tx, card, defn, effect)
    activation = effect.kind == "activation" or flip_use
    speed = 2 if flip_use else spell_speed(defn, effect)
    damage_step_kind = None  # why it may be activated in the Damage Step, if it is one now
    if trig is not None:
        if trig.player != player:
            raise Illegal(
                "trigger.wrong_player",
                card=Card.of(card),
                trig_player=Player(trig.player),
                player=Player(player),
            )  # fmt: skip
        window = tx.game.battle.window if tx.game.battle is not None else None
        if damage_step.summon_trigger_refused(window, effect):  # Dragon Ice: not in the Damage Step
            raise Illegal("activate.damage_step_summon_trigger", card=Card.of(card))
        tx.update(waiting=tuple(t for t in tx.game.waiting if t != trig))
    elif effect.kind == "trigger" and effect.event is None and not effect.do and action.resolution:
        _check_location(tx, player, card, defn, effect, activation)
        if tx.game.chain and not tx.game.building:
            raise Illegal(
                "chain.spell_speed_too_low",
                reason=Phrase("spell_speed_too_low.trigger_effect_spell_speed", card=Card.of(card)),
            )  # fmt: skip
        tx.say("stated.trigger_set_off", card=Card.of(card))  # fmt: skip
    elif effect.kind in ("trigger", "flip"):
        # asked for the card, not an effect, in the GY or banished, where only this trigger works
        # (its first effect, a card's activation, works elsewhere): say which event it needs
        named_by_zone = chosen is None and number != _first_usable(defn)
        raise not_set_off(card, tx.game, effect if named_by_zone else None)
    elif activation and trying:
        _check_activation_when(moment(tx.game), player, card, defn, effect, speed)
    else:
        _check_location(tx, player, card, defn, effect, activation)
        stated_verbs = tuple(verb for entry in action.resolution for verb in entry)
        damage_step_kind = _check_timing(moment(tx.game), player, card, defn, effect, speed, stated_verbs)
    _check_locks(tx, player, card, defn, effect)
    locks.check(tx, player, card, defn, effect, action)
    restrictions.check(tx, player, card, effect, trig.seq if trig else None)
    _check_requires(tx, player, card, effect)
    _check_deck_holds_one(tx, player, card, effect)
    _check_hand_holds_normal_summon(tx, player, card, effect)
    if not action.resolution:  # a judge-stated resolution says itself what the card did
        _check_fusion_possible(tx, player, card, effect)
    refs = action.answers
    answered = _check_condition(tx, player, card, effect, refs)
    stated = tuple(tuple((verb, value if verb not in CARD_VERBS or isinstance(value, list) else [value])
                         for verb, value in entry.items()) for entry in action.resolution)  # fmt: skip
    targets = _targets(tx, player, card, effect, refs, stated=bool(stated))
    if (why := targets_problem(tx.board, effect, targets, card.id)) is not None:
        code = {
            "union_problem.not_special_summonable": "summon.cannot_be_special_summoned",
            "proper_problem.only_by": "summon.cannot_be_special_summoned",
            "proper_problem.not_properly_summoned": "summon.not_properly_summoned",
            "only_one_face_up.cannot_be_chosen": "summon.only_one_face_up",
            "union_problem.always_face_up": "target.always_face_up",
        }.get(why.key, "union.not_appropriate")
        raise Illegal(
            code,
            reason=Phrase("targets_problem", card=Card.of(card), why=why),
            cards=(card.id, *targets),
        )
    costs = _check_cost(tx, player, card, effect, action)
    if targets and costs and (both := [t for t in targets if t in _paid_cards(tx, costs)]):
        # "Tribute this card, then target 1 monster" (Exiled Force): the cost is paid first, so
        # a card paid as the cost is gone before the target is chosen (Yugipedia, Card
        # Rulings:Exiled Force: it cannot be activated while it is the only monster)
        raise Illegal(
            "activate.bad_target",
            reason=Phrase("bad_target.paid_as_cost", t=CardId(both[0]), card=Card.of(card)),
            cards=(card.id, *both),
        )
    restrictions.check_costs(tx, player, card, effect, costs)
    restrictions.check_summon_zone(tx, player, card, effect, costs, bool(trig and trig.mandatory))
    restrictions.check_gemini_summon(tx, player, card, effect, bool(trig and trig.mandatory))
    if trying:  # what the activation records cannot make it illegal: only paying the costs and a
        if costs:  # want of a zone can (no events nor words are needed)
            _pay_costs(tx, player, card, costs)
        if activation:
            _slot_for(tx, player, card, defn)
        return ""
    places = tuple((t, tx.board.cards[t].zone, str(tx.board.cards[t].face_up)) for t in targets)
    face_up = tuple(t for t in targets if t in tx.board.cards and tx.board.cards[t].face_up)
    holder = tx.game.priority
    if holder != player:
        tx.emit("passed", player=holder)
    attempt = tx.game.summon_attempt if "summon" in refs else None
    veiled = _negated_on_field(tx, card.id)  # before a cost can take the card off the field
    negator = continuous.negated_by(tx.board, card) if card.zone == "monsters" and costs else None
    by_continuous = negator is not None and continuous.lasting_negation(tx.board, card) is None
    paid = _pay_costs(tx, player, card, costs)
    now = tx.board.cards.get(card.id)
    escaped = by_continuous and (now is None or now.zone != "monsters" or not now.face_up)
    if negator is not None:
        # a cost is not an effect: a negated monster's effect is still activated and its cost paid;
        # one whose cost took it off the field is out of the negation's reach as it resolves
        # (Stardust Dragon under Skill Drain: the negation applies to face-up monsters on the field)
        tx.say("cost.paid_off_the_field" if escaped else "cost.paid_while_negated", card=Card.of(card),
               negator=Card.of(negator), cards=(card.id, negator.id))  # fmt: skip
    locks.record(tx, player, card, defn, effect)
    restrictions.record(tx, player, card, effect, costs)
    if activation:
        _place_activated(tx, player, card, defn)
    link_no = len(tx.game.chain) + 1
    from_set = activation and card.zone in ("spell_traps", "field_spell") and card.face == "down"
    linked = any(s.if_co_linked for s in effect.do) and bool(co_linked(tx.board, tx.card(card.id)))
    link = ChainLink(link=link_no, card=card.id, player=player, spell_speed=speed,  # type: ignore[arg-type]
                     effect=number, targets=targets, cost=tuple(costs.items()),
                     choices=tuple(action.choices.items()), card_snapshot=tx.card(card.id),
                     answers_summon=attempt.cards if attempt else (), stated=stated,
                     target_places=places if stated else (), face_up_targets=face_up,
                     subject=trig.subject if trig else None,
                     from_set=from_set, co_linked=linked, negated_at_activation=veiled,
                     escaped_negator=negator.id if escaped and negator is not None else None)  # fmt: skip
    flipped = (*tx.game.flipped_in_chain, card.id) if flip_use else tx.game.flipped_in_chain
    tx.update(chain=(*tx.game.chain, link), priority=opponent(player), flipped_in_chain=flipped,
              summon_attempt=None if attempt else tx.game.summon_attempt)  # fmt: skip
    tx.emit(
        "activated",
        card=card.id,
        player=player,
        chain_link=link_no,
        effect=defn.numbered(number)[0] if number else number,  # as the card's text counts them
        mode=defn.numbered(number)[1] if number else None,  # which of its choices, for one with choices
        targets=list(targets) or None,
        responds_to=f"link:{answered.link}" if answered else None,
    )
    tx.finish()
    foe = opponent(player)
    if attempt:
        tx.say(
            "summon.negation_window",
            card=Card.of(card),
            attempt=[CardId(i) for i in attempt.cards],
            cards=(card.id, *attempt.cards),
        )  # fmt: skip
    if flip_use:
        tx.say("chain.continuous_trap_flip_use", card=Card.of(card))
    answer = Phrase("answer.counter_trap" if speed == 3 else "answer.spell_speed_2")
    if trig is not None:
        kind = Zone("mandatory" if trig.mandatory else "optional")
        tx.say(
            "trigger.activated",
            card=Card.of(card),
            kind=kind,
            what=trig.what,
            link_no=link_no,
            cards=(card.id,),
        )  # fmt: skip
    if link_no == 1:
        tx.say("chain.opened", card=Card.of(card), speed=speed, foe=Player(foe), answer=answer,
               paid=paid, cards=(card.id,))  # fmt: skip
    else:
        tx.say("chain.link_added", card=Card.of(card), link_no=link_no, speed=speed, link_no2=link_no - 1,
               paid=paid, cards=(card.id,))  # fmt: skip
    if damage_step_kind is not None:
        tx.say("activate.damage_step_allowed", card=Card.of(card), why=Phrase(damage_step_kind))
    return Phrase("summary.activate", player=Player(player), name=card.name, link_no=link_no, speed=speed)


def _paid_cards(tx: Tx, costs: dict[str, object]) -> set[str]:
    """The cards a cost pays with (Tributed, discarded, banished...), by id."""
    paid: set[str] = set()
    for value in costs.values():
        for ref in value if isinstance(value, list) else [value]:
            if isinstance(ref, str):
                paid.add(resolve_ref(tx.board, ref).id)
    return paid


def _negated_on_field(tx: Tx, card_id: str) -> Lasting | None:
    """The "negate its effects until the end of this turn" (Effect Veiler, Infinite Impermanence)
    on this card as it is activated. The card can still activate its effects, but they resolve
    negated, even if a cost or another card takes it off the field before they resolve
    (ygorganization.com/?p=1702, on how negation effects interact: Effect Veiler and the like look
    at where the effect was activated, not where the card is as it resolves)."""
    lasting = continuous.lasting_negation(tx.board, tx.card(card_id))
    if lasting is None or lasting.what not in ("negated_until_end", "effects_negated"):
        return None
    return lasting


def _pay_costs(tx: Tx, player: str, card: CardState, costs: dict[str, object]) -> Phrase:
    """Costs are paid at activation and never refunded, even if the activation is negated; what was
    paid, in words, for the Chain Link's sentence (a judge asks whether it was paid)."""
    paid = False
    items = []
    for key, value in costs.items():
        if key == "pay_lp":
            amount = int(value)  # type: ignore[call-overload]
            if tx.board.player(player).lp < amount:
                raise Illegal(
                    "activate.condition_not_met",
                    reason=Phrase(
                        "condition_not_met.cannot_pay_lp_with",
                        player=Player(player),
                        amount=amount,
                        lp=tx.board.player(player).lp,
                    ),
                    cards=(card.id,),
                )  # fmt: skip
            tx.change_lp(player, -amount, event="lp_paid", cause=f"cost of {card.id}")
            items.append(Phrase("cost_item.pay_lp", amount=amount))
            paid = True
            continue
        to, event = {
            "discard": ("graveyard", "discarded"),
            "tribute": ("graveyard", "sent_to_gy"),
            "send_to_gy": ("graveyard", "sent_to_gy"),
            "banish": ("banished", "banished"),
            "detach": ("graveyard", "sent_to_gy"),
            "reveal": (None, "revealed"),
        }[key]
        spent = []
        for ref in value if isinstance(value, list) else [value]:
            c = resolve_ref(tx.board, str(ref))
            spent.append(CardId(c.id))
            if to is None:
                tx.emit(event, card=c.id, player=player, cause=f"cost of {card.id}")
            else:
                tx.move(c.id, to, event=event, cause=f"cost of {card.id}")
            if key == "detach":  # the Xyz Monster no longer holds it
                for host in tx.board.on_field():
                    if c.id in host.materials:
                        tx.update_card(host.id, materials=tuple(m for m in host.materials if m != c.id))
            paid = True
        if spent:
            items.append(Phrase("cost_item." + key, cards=spent))
        if key == "detach" and spent:  # the exception named: detached as a cost, to the GY now
            tx.say("cost.xyz_material_detached", card=Card.of(card), materials=spent,
                   cards=(card.id, *(c.id for c in spent)))  # fmt: skip
    if paid:
        tx.emit("cost_paid", card=card.id, player=player)
    return Phrase("cost_paid.paid", items=items) if items else Phrase("cost_paid.none")


def _place_activated(tx: Tx, player: str, card: CardState, defn: CardDef) -> None:
    """A Spell/Trap activated from the hand goes face-up to the field; a Set one turns face-up.

    A Continuous, Equip or Field card's Continuous effects apply only once its activation has
    resolved; until then it is `pending`.
    """
    pending = defn.spell_trap_kind in LINGERING
    if card.zone != "hand":
        tx.update_card(card.id, face="up", pending=pending)
        return
    if defn.spell_trap_kind == "field":
        old = tx.board.field_spell(player)
        if old is not None:
            tx.move(old.id, "graveyard", event="sent_to_gy", cause="a new Field Spell")
            tx.say(
                "set.field_spell_replaced",
                reason=Phrase(
                    "field_spell_replaced.activates_new_field_spell",
                    player=Player(player),
                    old=Card.of(old),
                    opponent=Player(opponent(player)),
                ),
                cards=(old.id, card.id),
            )
        tx.move(card.id, "field_spell", event="placed", face="up")
        tx.update_card(card.id, pending=True)
        return
    slot = _slot_for(tx, player, card, defn)
    if defn.is_monster:  # a Pendulum Monster activated as a Spell Card in a Pendulum Zone
        tx.say(
            "pendulum.scale_activated",
            card=Card.of(card),
            player=Player(player),
            slot=slot,
            scale=defn.scale,
        )  # fmt: skip
    tx.move(card.id, "spell_traps", event="placed", slot=slot, face="up")
    if pending or defn.is_monster:
        tx.update_card(card.id, pending=True)


def _slot_for(tx: Tx, player: str, card: CardState, defn: CardDef) -> int | None:
    """The zone a card activated from the hand is placed in (None: not a Spell & Trap Zone);
    Illegal when every one it could go to is occupied."""
    if card.zone != "hand" or defn.spell_trap_kind == "field":
        return None
    if defn.is_monster:  # a Pendulum Monster activated as a Spell Card in a Pendulum Zone
        return pendulum.free_zone(tx, player, card)
    slot = tx.board.free_slot("spell_traps", player)
    if slot is None:
        raise Illegal("zone.full", reason=Phrase("full.all_spell_trap_zones", player=Player(player)))
    return slot
