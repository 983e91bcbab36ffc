"""Monster abilities that change how the basic rules treat a card, and effects that rewrite a rule.

- Toon monsters (Advanced Rules (TR/EN), "Toon Monsters"; the cards' current texts): summoned by
  their own procedure while their controller has a face-up "Toon World"; they attack directly
  unless the opponent controls a face-up Toon monster, and then only a Toon; they are destroyed
  when a face-up "Toon World" on the field is destroyed (not when it is returned or sent to the
  GY), as an effect that starts no chain; a face-down Toon is not destroyed.
- Union monsters (Advanced Rules, "Union Monsters"; rulebook, "Equip Cards"): a Union equipped
  by its own effect is an Equip Spell Card (Heavy Storm destroys it, Imperial Order negates it,
  Skill Drain does not); its equip bonuses apply only while it is equipped by its own effect (or
  by an effect that treats it so, Formation Union), not when another card equips it (Union
  Rider); if the monster it equips would be destroyed, the Union is destroyed instead.
- Gemini monsters (Advanced Rules, "Gemini Monsters"): a Normal Monster while face-up on the field
  or in the GY, until its controller Normal Summons it again while it is face-up on the field
  (no Tributes); that Normal Summon can be negated and answered like any other; "Gemini Elf" is
  a Normal Monster, not a Gemini monster.
- Rule-changing effects: a Spell Counter each time a Spell Card resolves (Skilled Dark
  Magician), winning the duel by counters (Vennominaga), winning the Match by battle damage
  (Victory Dragon).

Everything here reads the board or acts through the Tx, like the other rule modules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.explain import Card, CardId, Phrase, Player
from engine.rules import continuous
from engine.rules.duel import end_duel
from engine.rules.kinds import equipped_unions, has_effects
from engine.state import Board, CardState, ChainLink, Lasting, evolve, opponent

if TYPE_CHECKING:
    from engine.cards import CardDef, Effect
    from engine.tx import Tx

FIELD = ("monsters", "spell_traps", "field_spell")


# --------------------------------------------------------------------------- Toon monsters
def _face_up_toons(board: Board, controller: str) -> list[CardState]:
    return [c for c in board.monsters(controller) if c.face_up and "toon" in board.define(c.id).subtypes]


def toon_attack(board: Board, attacker: CardState, target: CardState | None) -> tuple[bool, Phrase | None]:
    """For a monster whose Toon effect applies: (may it attack directly, why this attack is
    illegal or None). For any other monster: (False, None), and the basic rules decide."""
    if continuous.first(board, "toon_attacks", attacker) is None:
        return False, None
    toons = _face_up_toons(board, opponent(attacker.controller))
    if not toons:
        return True, None
    names = [CardId(c.id) for c in toons]
    if target is None:
        return False, Phrase("must_attack_toon.not_directly", attacker=Card.of(attacker), toons=names)
    if target.id not in {c.id for c in toons}:
        return False, Phrase("must_attack_toon.not_that_target", attacker=Card.of(attacker), toons=names,
                             target=CardId(target.id))  # fmt: skip
    return False, None


def toon_attack_negated(board: Board, attacker: CardState) -> CardState | None:
    """The card negating a monster's own Toon effect that lets it attack directly (Skill Drain), if
    it has one and it is negated: it then attacks as any monster does (Yugipedia, Card
    Rulings:Toon World: under Skill Drain a Toon cannot attack directly)."""
    if not any(e.apply == "toon_attacks" for e in board.define(attacker.id).effects):
        return None
    return continuous.negated_by(board, attacker)


def toons_destroyed(tx: Tx) -> bool:
    """A face-up card that says "If <X> on the field is destroyed, destroy this card" (every
    Toon: "Toon World") goes when a face-up X on either player's field is destroyed. No chain:
    the game does it at once. True if something was destroyed."""
    gone = {tx.board.cards[e["card"]].name.lower(): e["card"] for e in tx.events
            if e["type"] == "destroyed" and e.get("from") in FIELD and not e.get("face_down")
            and e.get("card") in tx.board.cards}  # fmt: skip
    if not gone:
        return False
    board = tx.board
    doomed = []
    for source, effect in continuous.in_force(board, "destroyed_with"):
        world = gone.get((effect.with_card or "").lower())
        if world is not None and source.zone == "monsters" and source.face_up:
            doomed.append((source, world))
    _spared_by_negation(tx, gone, {card.id for card, _world in doomed})
    for card, world in doomed:
        tx.move(card.id, "graveyard", event="destroyed", cause=world)
        tx.say(
            "toon.destroyed_with_toon_world",
            world=Card.of(tx.card(world)),
            card=Card.of(card),
            cards=(card.id, world),
        )
    return bool(doomed)


def _spared_by_negation(tx: Tx, gone: dict[str, str], doomed: set[str]) -> None:
    """Say why a face-up monster with such an effect stays: its effects are negated (a Toon under
    Skill Drain is not destroyed with Toon World: Yugipedia, Card Rulings:Toon World)."""
    board = tx.board
    for card in board.in_zone("monsters"):
        if card.id in doomed or not card.face_up:
            continue
        for effect in board.define(card.id).effects:
            world = gone.get((effect.with_card or "").lower()) if effect.apply == "destroyed_with" else None
            said = any(
                e.code == "toon.spared_effects_negated" and card.id in e.cards for e in tx.explanations
            )
            if world is not None and not said and (by := continuous.negated_by(board, card)) is not None:
                tx.say("toon.spared_effects_negated", world=Card.of(tx.card(world)), card=Card.of(card),
                       by=Card.of(by), cards=(card.id, world, by.id))  # fmt: skip


def procedure_problem(board: Board, card: CardState, player: str) -> str | Phrase | None:
    """A summon procedure's condition ("while you control Toon World", "if only your opponent
    controls a monster"), in words, if unmet."""
    procedure = board.define(card.id).procedure
    req = procedure.requires if procedure is not None else None
    if req is None:
        return None
    if req.only_opponent_controls_monsters and (
        board.in_zone("monsters", player) or not board.in_zone("monsters", opponent(player))
    ):
        return Phrase("procedure_problem.only_opponent_controls", card=CardId(card.id),
                      player=Player(player), opponent=Player(opponent(player)))  # fmt: skip
    if req.you_control is None:
        return None
    wanted = req.you_control.lower()
    if any(c.controller == player and c.face_up and c.zone in FIELD and c.name.lower() == wanted
           for c in board.on_field(player)):  # fmt: skip
        return None
    return Phrase(
        "procedure_problem.must_control", player=Player(player), wanted=req.you_control, card=CardId(card.id)
    )


# --------------------------------------------------------------------------- Union monsters
SHIELD = "shield"  # a counter whose card, while it holds one, loses one instead of being destroyed


def counter_removed_instead(tx: Tx, card: CardState, by: str, *, instead_of: CardState | None = None) -> bool:
    """If `card`, which would be destroyed (`by` battle or a card effect; never by the rules, a
    maintenance cost or its own text), holds a shield counter (Magic Reflector's), 1 counter is
    removed instead and it stays (Yugipedia, Card Rulings:Magic Reflector: one counter per
    destruction; Imperial Order does not stop the counters). True (and says so) if it was;
    `instead_of`: the monster a Union would have been destroyed in place of, which stays too."""
    held = dict(card.counters).get(SHIELD, 0)
    if held <= 0:
        return False
    counters = {k: v for k, v in card.counters if k != SHIELD}
    if held > 1:
        counters[SHIELD] = held - 1
    tx.update_card(card.id, counters=tuple(counters.items()))
    tx.emit("counters_removed", card=card.id, amount=1, what=SHIELD, cause=f"instead of destruction by {by}")
    how = Phrase("destroyed_by.battle" if by == "battle" else "destroyed_by.effect")
    if instead_of is not None:
        by_whom = Phrase("union_equipped_by.itself" if card.self_equipped else "union_equipped_by.another")
        tx.say("union.counter_removed_instead", card=Card.of(instead_of), source=Card.of(card), how=how,
               by=by_whom, left=held - 1, cards=(card.id, instead_of.id))  # fmt: skip
        return True
    tx.say("rule.counter_removed_instead", card=Card.of(card), how=how, left=held - 1, cards=(card.id,))
    return True


def destroyed_instead(tx: Tx, card: CardState, by: str) -> CardState | None:
    """If `card` would be destroyed (`by` battle or effect), a Union equipped to it by its own
    effect whose text covers that destruction is destroyed instead; returns that Union. A shield
    counter on that Union is removed instead of its destruction, so neither card is destroyed
    (Yugipedia, Card Rulings:Magic Reflector, on Union Monsters)."""
    board = tx.board
    for source, effect in continuous.in_force(board, "destroyed_instead"):
        if not continuous.affects(board, source, effect, card):
            continue
        if by == "effect" and effect.substitute_for == "battle":
            continue
        if counter_removed_instead(tx, source, by, instead_of=card):
            return source  # neither is destroyed
        tx.move(source.id, "graveyard", event="destroyed", cause=f"instead of {card.id}")
        how = Phrase("destroyed_by.battle" if by == "battle" else "destroyed_by.effect")
        by_whom = Phrase("union_equipped_by.itself" if source.self_equipped else "union_equipped_by.another")
        tx.say("union.destroyed_instead", source=Card.of(source), card=Card.of(card), how=how, by=by_whom)
        return source
    return _equipped_destroyed_instead(tx, card, by)


def _equipped_destroyed_instead(tx: Tx, card: CardState, by: str) -> CardState | None:
    """ "If this card would be destroyed by battle, destroy that equipped monster instead"
    (Relinquished): the Monster Card equipped to it goes in its place; returns that card."""
    board = tx.board
    for source, effect in continuous.in_force(board, "destroy_equipped_instead"):
        if source.id != card.id or (by == "effect" and effect.substitute_for != "battle_or_effect"):
            continue
        held = next((c for c in board.spell_traps() if c.equipped_to == card.id
                     and board.define(c.id).is_monster), None)  # fmt: skip
        if held is None:
            return None
        tx.move(held.id, "graveyard", event="destroyed", cause=f"instead of {card.id}")
        how = Phrase("destroyed_by.battle" if by == "battle" else "destroyed_by.effect")
        tx.say("rule.destroyed_instead", card=Card.of(card), held=Card.of(held), how=how)  # fmt: skip
        return held
    return None


def cannot_be_destroyed_by(tx: Tx, card: CardState, source: str) -> bool:
    """A Link Monster Link Summoned using I:P Masquerena as material "cannot be destroyed by your
    opponent's card effects": an effect it gained from its material, so it stops while its own
    effects are negated. True (and says so) if `source`'s effect cannot destroy it."""
    board = tx.board
    origin = board.cards.get(source)
    if card.zone != "monsters" or not card.face_up or card.summon_type != "link" or (
        origin is None or origin.controller == card.controller
    ):  # fmt: skip
        return False
    granting = next((board.cards[m] for m in card.summoned_with if m in board.cards and any(
        e.apply == "link_material_protection" for e in board.define(m).effects)), None)  # fmt: skip
    if granting is None or continuous.negated_by(board, card) is not None:
        return False
    tx.say(
        "rule.cannot_be_destroyed",
        card=Card.of(card),
        granting=Card.of(granting),
        origin=Card.of(origin),
        cards=(card.id, granting.id),
    )  # fmt: skip
    return True


# --------------------------------------------------------------------------- "only 1 face-up"
def one_face_up_problem(board: Board, card: CardState, player: str) -> Phrase | None:
    """ "There can only be 1 face-up X on the field" (Dragon Ice): why `player` cannot have this
    card face-up on the field now (another is face-up on the field, on either side), or None.
    Both fields count: the OCG FAQ on Dragon Ice (fid 12926) says the opponent of a player who
    controls a face-up one cannot Summon one, activate its effect, or target one with Monster
    Reborn. Not an effect: negating effects does not lift it (YGOrganization, "Learn Rulings" part
    13, the "Highlander" clause)."""
    defn = board.define(card.id)
    if not defn.only_one_face_up:
        return None
    other = next((c for c in board.in_zone("monsters") if c.id != card.id and c.face_up
                  and board.define(c.id).name == defn.name), None)  # fmt: skip
    if other is None:
        return None
    return Phrase("only_one_face_up.already_on_field", name=defn.name, other=Card.of(other))


def only_one_destroyed(tx: Tx) -> bool:
    """A player who ends up with 2 face-up copies of such a card (one flipped face-up, control of
    one taken) has the newcomer destroyed by the game, without a chain: the one taken from the
    opponent, else the one that came face-up last. True if one was destroyed."""
    board = tx.board
    if not board.defined("only_one_face_up", _only_one_face_up):
        return False  # no such card in this replay: nothing to look at, step after step
    for player in ("A", "B"):
        seen: dict[str, CardState] = {}
        mine = [c for c in board.monsters(player) if c.face_up]
        for card in sorted(mine, key=lambda c: (c.controller != c.owner, c.arrived)):
            defn = board.define(card.id)
            if not defn.only_one_face_up:
                continue
            if defn.name not in seen:
                seen[defn.name] = card
                continue
            tx.move(card.id, "graveyard", event="destroyed", cause="rule: only 1 face-up")
            tx.say(
                "rule.only_one_face_up_destroyed",
                player=Player(player),
                name=defn.name,
                card=CardId(card.id),
                cards=(card.id, seen[defn.name].id),
            )  # fmt: skip
            return True
    return False


def _only_one_face_up(defn: CardDef) -> bool:
    return bool(defn.only_one_face_up)


def _wins_by_counters(defn: CardDef) -> bool:
    return any(e.apply == "win_with_counters" for e in defn.effects)


def _wins_the_match(defn: CardDef) -> bool:
    return any(e.apply == "match_win" for e in defn.effects)


def union_target_problem(board: Board, union: CardState, host: CardState) -> Phrase | None:
    """Is `host` a monster this Union can equip to ("appropriate": what its own equip effect
    can target, and not already equipped with a Union)? None if it is; else why not."""
    if any(c.id != union.id for c in equipped_unions(board, host)):  # Advanced Rules, Union Monsters
        return Phrase("union_problem.already_has_a_union", host=CardId(host.id))
    for effect in board.define(union.id).effects:
        if any(s.op == "union_equip" and s.cards == "this" for s in effect.do) and effect.targets:
            if continuous.fits(board, host, effect.targets[0], union.controller):
                return None
            return Phrase("union_problem.not_a_host", host=CardId(host.id), union=Card.of(union))
    return Phrase("union_problem.no_union_effect", union=Card.of(union))


def move_equip_problem(board: Board, equip: CardState, host: CardState) -> Phrase | None:
    """May an effect that moves an Equip Card (Tailor of the Fickle) move `equip` to `host`? None if
    it may; else why not. It must be a face-up Equip Card equipped to a monster, and `host` another
    face-up monster it could correctly be equipped to: for an Equip Spell/Trap, what its activation
    could target. A monster equipped as an Equip Card cannot be moved to another monster, except a
    Union Monster equipped by its own effect, which may go to a monster it could equip itself to
    (Official Rulebook v10, Glossary: Equip Cards)."""
    if equip.zone != "spell_traps" or not equip.face_up or equip.equipped_to is None:
        return Phrase("move_problem.not_equipped", equip=CardId(equip.id))
    if host.zone != "monsters" or not host.face_up or host.id == equip.equipped_to:
        return Phrase("move_problem.not_another_monster", host=CardId(host.id), equip=CardId(equip.id))
    defn = board.define(equip.id)
    if defn.is_monster:  # a Monster Card equipped as an Equip Card
        if "union" in defn.subtypes and equip.self_equipped:
            return union_target_problem(board, equip, host)
        return Phrase("move_problem.monster_equip", equip=CardId(equip.id))
    for effect in defn.effects:
        if effect.kind == "activation" and any(s.op == "equip" for s in effect.do) and effect.targets:
            if continuous.fits(board, host, effect.targets[0], equip.controller):
                return None
            return Phrase("move_problem.not_correct_target", host=CardId(host.id), equip=Card.of(equip))
    return None


def movable_equips(board: Board) -> list[tuple[CardState, CardState]]:
    """Every (Equip Card, monster) pair an effect that moves Equip Cards could use now, in the
    board's order."""
    return [(e, m) for e in board.spell_traps() if e.equipped_to is not None
            for m in board.monsters() if move_equip_problem(board, e, m) is None]  # fmt: skip


def properly_summoned(board: Board, card: CardState) -> bool:
    """May an effect Special Summon this card from where it is? Not a monster that must first be
    properly Summoned and was not: in the hand, Deck or Extra Deck, or in the GY or banished
    without having been Summoned properly (`CardState.proper`)."""
    if card.zone in ("monsters", "spell_traps", "field_spell", "material"):
        return True
    return card.proper or not board.define(card.id).needs_proper_summon


def never_properly_summoned(board: Board, card: CardState) -> bool:
    """A monster in the GY or banished that must first be properly Summoned and was not. Ignoring
    the Summoning conditions does not lift this: it is a rule of the game, not a condition on the
    card (yugioh-wiki.net, Level Modulation: a Horus LV8 sent from the Deck to the GY cannot be
    Special Summoned by it)."""
    return card.zone in ("graveyard", "banished") and not properly_summoned(board, card)


def only_by_another(board: Board, card: CardState, source: str) -> bool:
    """ "Must be Special Summoned by X" (a Nomi monster): may `source`'s effect not Special Summon
    it? Only X's effect may (or the monster's own, where its text says so: Vennominaga)."""
    defn = board.define(card.id)
    only_by = defn.special_summon_by
    if not only_by or only_by.lower() == board.define(source).name.lower():
        return False
    return not (defn.special_summon_by_itself and card.id == source)


def targets_problem(board: Board, effect: Effect, targets: tuple[str, ...],
                    source: str | None = None) -> Phrase | None:  # fmt: skip
    """Targets that only make sense together: "1 Union monster you control and 1 monster it can
    be equipped to" (Formation Union); a target the effect would Special Summon must be one it
    can (not a Nomi monster another card must Summon, unless the effect ignores the Summoning
    conditions: Level Modulation, and the monster, if in the GY or banished, was properly Summoned
    first). None if they fit."""
    if effect.do and all(s.op == "flip_face_down" and s.cards == "targets" for s in effect.do):
        for t in targets:  # a Token or a Link Monster is always face-up (rulebook, Monster Tokens)
            what = "Token" if board.cards[t].token else "Link Monster"
            if board.cards[t].token or "link" in board.define(t).subtypes:
                return Phrase("union_problem.always_face_up", target=CardId(t), what=what)
    summoning = [s for s in effect.do if s.op == "special_summon" and s.cards in (None, "targets")]
    if summoning:
        ignoring = any(s.ignore_conditions for s in summoning)
        for t in targets:  # a monster that "Cannot be Special Summoned" is not a legal target
            if not board.define(t).special_summonable:
                return Phrase("union_problem.not_special_summonable", target=CardId(t))
            if ignoring and not never_properly_summoned(board, board.cards[t]):
                continue
            if not ignoring and source is not None and only_by_another(board, board.cards[t], source):
                only_by = str(board.define(t).special_summon_by)
                return Phrase("proper_problem.only_by", target=CardId(t), only_by=only_by)
            if not properly_summoned(board, board.cards[t]):
                return Phrase("proper_problem.not_properly_summoned", target=CardId(t))
        for t in targets:  # "There can only be 1 face-up X on the field" (OCG FAQ, Dragon Ice)
            if (why := one_face_up_problem(board, board.cards[t], board.cards[t].owner)) is not None:
                return Phrase("only_one_face_up.cannot_be_chosen", why=why, target=CardId(t))
    if any(s.op == "union_unequip" and s.cards == "targets" for s in effect.do):
        for t in targets:  # "an equipped Union Monster Card": equipped as a Union, by its own effect
            card = board.cards[t]
            if "union" in board.define(t).subtypes and not card.self_equipped:
                return Phrase("union_problem.not_self_equipped", target=CardId(t))
    own = [s for s in effect.do if s.op == "union_equip" and s.cards == "this"]
    if own and targets:  # the Union's own effect: the target is the monster it equips to
        host = board.cards[targets[0]]
        if any(True for _ in equipped_unions(board, host)):
            return Phrase("union_problem.already_has_a_union", host=CardId(host.id))
    if not any(s.op == "union_equip" and s.cards == "targets" for s in effect.do) or len(targets) < 2:
        return None
    union, host = board.cards[targets[0]], board.cards[targets[1]]
    if "union" not in board.define(union.id).subtypes:
        return Phrase("union_problem.first_not_a_union", union=CardId(union.id))
    return union_target_problem(board, union, host)


# --------------------------------------------------------------------------- rules effects rewrite
def spell_resolved(tx: Tx, link: ChainLink, effect: Effect) -> None:
    """A Spell Card's activation resolved: each face-up card counting Spells that was already on
    the field when it was activated gets a counter, up to its limit (no chain: it just happens);
    one whose counting effect is negated (Skill Drain) gets none, and the replay says why."""
    if effect.kind != "activation" or tx.board.define(link.card).card_type != "spell":
        return
    since = link.card_snapshot.arrived if link.card_snapshot is not None else tx.game.seq
    for source, counting in list(continuous.in_force(tx.board, "spell_counters")):
        if source.zone != "monsters" or source.arrived > since or counting.counter is None:
            continue
        counters = dict(source.counters)
        have = counters.get(counting.counter, 0)
        if counting.counter_limit is not None and have >= counting.counter_limit:
            tx.say(
                "counter.limit_reached",
                source=Card.of(source),
                have=have,
                counter=counting.counter,
            )  # fmt: skip
            continue
        counters[counting.counter] = have + 1
        tx.update_card(source.id, counters=tuple(counters.items()))
        tx.emit("counters_placed", card=source.id, amount=1, what=counting.counter, cause=link.card)
        tx.say(
            "counter.spell_counter_placed",
            card=CardId(link.card),
            source=Card.of(source),
            counter=counting.counter,
            have=have + 1,
            cards=(source.id, link.card),
        )  # fmt: skip
    for source, counting, by in continuous.negated_in_force(tx.board, "spell_counters"):
        if source.zone != "monsters" or source.arrived > since or counting.counter is None:
            continue
        tx.say(
            "counter.spell_counter_negated",
            card=CardId(link.card),
            source=Card.of(source),
            negator=Card.of(by),
            counter=counting.counter,
            cards=(source.id, link.card, by.id),
        )  # fmt: skip


def check_wins(tx: Tx) -> None:
    """Wins that are not the basic ones: a card holding its winning number of counters
    (Vennominaga: 3 Hyper-Venom Counters), and Victory Dragon's battle damage reducing the opponent
    to 0 LP, which also wins the Match."""
    if tx.game.result is not None:
        return
    board = tx.board
    counting = board.defined("wins_by_counters", _wins_by_counters)  # few replays have one
    for card in board.monsters() if counting else ():
        if not card.face_up:
            continue
        for effect in board.define(card.id).effects:
            if effect.apply != "win_with_counters" or effect.counter is None or effect.counter_limit is None:
                continue
            held = dict(card.counters).get(effect.counter, 0)
            if held >= effect.counter_limit:
                end_duel(tx, card.controller, "counters")
                tx.say(
                    "duel.won_by_counters",
                    card=Card.of(card),
                    held=held,
                    counter=effect.counter,
                    controller=Player(card.controller),
                )  # fmt: skip
                return
    for event in tx.events if board.defined("wins_the_match", _wins_the_match) else ():
        cause = str(event.get("cause") or "")
        if event["type"] != "damage" or not cause.startswith("battle: "):
            continue
        source = board.cards.get(cause[len("battle: ") :])
        loser = event.get("player")
        if source is None or loser is None or board.player(loser).lp > 0:
            continue
        battle = tx.game.battle
        if battle is not None and battle.attacker != source.id:
            continue  # "its attack": not damage it inflicts while it is being attacked
        if any(e.apply == "match_win" for e in board.define(source.id).effects):
            winner = opponent(loser)
            end_duel(tx, winner, "match_win")
            tx.say(
                "duel.match_win",
                source=Card.of(source),
                loser=Player(loser),
                winner=Player(winner),
            )  # fmt: skip
            return


def settle(tx: Tx) -> bool:
    """This module's checks between actions; True if a card moved (check again)."""
    return toons_destroyed(tx) or only_one_destroyed(tx)


def activation_problem(board: Board, card: CardState, effect: Effect) -> Phrase | None:
    """Why this card cannot activate this effect now, by its ability (a Gemini treated as a Normal
    Monster; a Union's equip or unequip from the wrong place), or None."""
    if not has_effects(board, card):
        return Phrase("no_effects.gemini", card=Card.of(card))
    return None


# --------------------------------------------------------------------------- Archfiend die rolls
def die_negation(tx: Tx, link: ChainLink, targets: tuple[str, ...]) -> str | Phrase | None:
    """ "When resolving an opponent's card effect that targets this card, roll a six-sided die and
    negate the effect if the result is 2 or 5, and if you do, destroy that card" (Terrorking
    Archfiend): a Continuous effect, no chain; the card must still be a valid target, face-up and
    its effect not negated. The judge says the roll (`choices: {die: n}` on the activation that
    targets it); unsaid, the engine takes 1 and says so. Returns the link's summary if negated."""
    board = tx.board
    for source, effect in continuous.in_force(board, "negate_targeting_on_die"):
        if source.id not in targets or source.controller == link.player:
            continue
        rolled = dict(link.choices).get("die")
        if not isinstance(rolled, int) or isinstance(rolled, bool) or not 1 <= rolled <= 6:
            rolled = 1
            tx.say(
                "choice.engine_picked",
                reason=Phrase(
                    "engine_picked.die_rolls_resolves_was",
                    source=Card.of(source),
                    card=CardId(link.card),
                ),
                cards=(source.id,),
            )  # fmt: skip
        tx.emit("die_roll", card=source.id, player=source.controller, result=rolled, chain_link=link.link)
        wanted = list(effect.die)
        if rolled not in effect.die:
            tx.say(
                "rule.die_roll",
                reason=Phrase(
                    "die_roll.targets_controller_rolls_die_2",
                    card=CardId(link.card),
                    source=Card.of(source),
                    rolled=rolled,
                    wanted=wanted,
                ),
                cards=(source.id, link.card),
            )  # fmt: skip
            continue
        tx.emit("negated", card=link.card, cause=source.id, chain_link=link.link, what="effect")
        tx.emit("no_effect", card=link.card, chain_link=link.link, reason=f"negated by {source.id}")
        culprit = board.cards.get(link.card)
        on_field = culprit is not None and culprit.zone in FIELD  # "that card": only on the field
        if on_field:
            tx.move(link.card, "graveyard", event="destroyed", cause=source.id)
        tx.say(
            "rule.die_roll",
            reason=Phrase(
                "die_roll.targets_controller_rolls_die",
                card=CardId(link.card),
                source=Card.of(source),
                rolled=rolled,
                destroyed=Phrase("die_roll.and_destroyed", card=CardId(link.card))
                if on_field
                else Phrase("nothing"),
            ),
            cards=(source.id, link.card),
        )  # fmt: skip
        named = culprit.name if culprit is not None else link.card
        return Phrase("summary.link_negated_by_die", link=link.link, name=named, by=source.name)
    return None


# Lasting.until_turn for an effect with no turn limit: it ends when its card moves (battle_negated)
WHILE_IT_STAYS = 1 << 30


def negate_battle_destroyed(tx: Tx, doomed: tuple[str, ...]) -> None:
    """ "Effect Monsters destroyed by battle with this card have their effects negated" (Terrorking
    Archfiend): a Continuous effect, no chain. From the moment damage calculation determines the
    destruction, the Effect Monster's effects are negated while it stays on the field and then in
    the GY it is sent to; a Flip effect activated after damage calculation, or a trigger it
    activates in the GY, resolves without effect. It ends when the monster leaves the GY, and never
    starts if the monster goes elsewhere (a UDE ruling on Dark Ruler Ha Des, whose negation works
    the same way: yugioh-wiki.net, 《ジェノサイドキングデーモン》). Skill Drain negating the
    Terrorking stops it (Advanced Rules, "Maintenance costs", example 4)."""
    battle = tx.game.battle
    if battle is None or battle.target is None:
        return
    negators = {source.id: source for source, _ in continuous.in_force(tx.board, "negate_battle_destroyed")}
    for card_id in doomed:
        other_id = battle.target if card_id == battle.attacker else battle.attacker
        source = negators.get(other_id)
        card = tx.board.cards.get(card_id)
        if source is None or card is None or "effect" not in tx.board.define(card_id).subtypes:
            continue
        item = Lasting(what="battle_negated", player=source.controller, source=source.id,
                       until_turn=WHILE_IT_STAYS, cards=(card_id,), since=tx.game.seq)  # fmt: skip
        tx.set_board(evolve(tx.board, lasting=(*tx.board.lasting, item)))
        tx.emit("negated", card=card_id, player=card.controller, cause=source.id, what="effects")
        tx.say(
            "battle.destroyed_effects_negated",
            card=Card.of(card),
            source=Card.of(source),
            cards=(card_id, source.id),
        )  # fmt: skip


def stamp_battle_negated(tx: Tx, before: CardState) -> None:
    """A monster whose effects Terrorking Archfiend negated has just been sent to the GY by that
    battle (`before`: as it was on the field): tie the negation to this stay in the GY (its
    `arrived` and the lasting's `since` share a moment), so it ends once the monster leaves."""
    card = tx.board.cards.get(before.id)
    if card is None or card.zone != "graveyard":
        return
    for item in tx.board.lasting:
        if item.what == "battle_negated" and before.id in item.cards and before.arrived <= item.since:
            stay = evolve(item, since=tx.game.seq)
            tx.set_board(evolve(tx.board, lasting=tuple(stay if i is item else i for i in tx.board.lasting)))
            tx.update_card(before.id, arrived=tx.game.seq)
            return


# --------------------------------------------------------------------------- battle protection
def survives_battle_once(tx: Tx, card: CardState) -> bool:
    """ "Once per turn, this card cannot be destroyed by battle" (Gemini Summoner): the first battle
    this turn that would destroy it does not; the use is marked on the card until the end of the
    turn (a card that left the field and came back is a new card, with its use unspent)."""
    if "battle_shield_used" in card.marks or continuous.first(
        tx.board, "not_destroyed_by_battle_once", card
    ) is None:  # fmt: skip
        return False
    tx.update_card(card.id, marks=(*card.marks, "battle_shield_used"))
    return True
