"""Summons by game procedure: material lines (Synchro, Xyz, Link, Fusion), a monster's own
Special Summon procedure, and the summons an effect performs "immediately after it resolves".

A summon by game procedure does not start a chain: the materials (or the Tributed / banished
cards of an own procedure) leave the field as part of the summon, and the summon itself can be
negated as it is attempted (Solemn Judgment), like any other summon.

Sources: Official Rulebook v10, "Summoning Monster Cards" (Fusion, Synchro, Xyz, Link Summons,
Special Summon procedures); Yugipedia, "Synchro Summon" (1 Tuner + non-Tuners, Levels add up
exactly; face-down monsters cannot be used), "Xyz Summon" (monsters of the listed Level are
attached as Xyz Materials; Tokens cannot be Xyz Material), "Link Summon" (a Link Monster used as
material counts as 1 or as its Link Rating); Card Rulings: Formula Synchron ("the Synchro Summon
occurs immediately after the effect resolves, not when it resolves").
"""

from __future__ import annotations

from itertools import combinations, permutations
from typing import TYPE_CHECKING

from engine.errors import Illegal
from engine.explain import Card, CardId, Phrase, Player
from engine.refs import resolve_ref
from engine.rules.common import (
    FUSION_OPS,
    describe_selector,
    require_main_phase,
    require_open_state,
    require_summons_allowed,
    require_turn_player,
)
from engine.rules.continuous import matches
from engine.rules.summons import _extra_deck_zone, _free_main_zone, _one_face_up, attempted

if TYPE_CHECKING:
    from engine.cards import CardDef, Effect, Selector
    from engine.document import ActionEntry
    from engine.state import CardState
    from engine.tx import Tx

EXTRA_METHODS = ("link", "xyz", "synchro", "fusion")
MATERIAL_WORDS = {"link": "Link Material", "xyz": "Xyz Material", "synchro": "Synchro Material",
                  "fusion": "Fusion Material"}  # fmt: skip


def _fits(board, card: CardState, sel: Selector, player: str) -> bool:  # type: ignore[no-untyped-def]
    """The kind part of a selector (type, Attribute, name, archetype) plus its zone when given."""
    if sel.zone == "graveyard" and card.zone != "graveyard":
        return False
    return matches(board, card, sel, player)


def check_materials(tx: Tx, player: str, card: CardState, defn: CardDef, method: str,
                    materials: list[CardState], *, from_hand: bool = False,
                    either_field: bool = False, field_or_gy: bool = False) -> None:  # fmt: skip
    """Raise Illegal unless `materials` fit the monster's material line for this summon
    (`either_field`: monsters on either player's field, as Super Polymerization allows;
    `field_or_gy`: monsters on the player's field or in their GY, as Miracle Fusion allows)."""
    board = tx.board
    name = defn.name
    word = MATERIAL_WORDS.get(method, "material")
    for m in materials:
        where_ok = (
            m.zone == "monsters"
            or (from_hand and m.zone == "hand")
            or (field_or_gy and m.zone == "graveyard" and board.define(m.id).is_monster)
        )
        whose = m.controller if m.zone == "monsters" else m.owner
        if not where_ok or (whose != player and not (either_field and m.zone == "monsters")):
            raise Illegal(
                "summon.materials_wrong",
                reason=Phrase(
                    "materials_wrong.not_monster_cannot_for",
                    m=CardId(m.id),
                    where=Phrase("where.on_the_field")
                    if either_field
                    else Phrase(
                        "where.controls_or_gy" if field_or_gy else "where.controls",
                        player=Player(player),
                    ),
                    word=word,
                    name=name,
                ),
                cards=(card.id, m.id),
            )  # fmt: skip
        if method in ("synchro", "xyz", "link") and not m.face_up:
            raise Illegal(
                "summon.materials_wrong",
                reason=Phrase("materials_wrong.face_down_face_down", m=CardId(m.id), word=word),
                cards=(card.id, m.id),
            )
    if len({m.id for m in materials}) != len(materials):
        raise Illegal(
            "summon.materials_wrong",
            reason=Phrase("materials_wrong.card_named_twice_for", word=word, name=name),
            cards=(card.id,),
        )
    spec = defn.materials
    if spec is None:
        return
    n, need = len(materials), spec.count
    if n < need or (n > need and not spec.or_more):
        wanted = Phrase("count.or_more" if spec.or_more else "count.exactly", count=need)
        raise Illegal(
            "summon.materials_wrong",
            reason=Phrase(
                "materials_wrong.needs_materials_given",
                name=name,
                wanted=wanted,
                n=n,
            ),
            cards=(card.id,),
        )  # fmt: skip
    if spec.each is not None:
        for m in materials:
            if not matches(board, m, spec.each, player):
                raise Illegal(
                    "summon.materials_wrong",
                    reason=Phrase(
                        "materials_wrong.not_cannot_for",
                        m=CardId(m.id),
                        each=describe_selector(spec.each),
                        word=word,
                        name=name,
                    ),
                    cards=(card.id, m.id),
                )  # fmt: skip
    if spec.different_names and len({m.name for m in materials}) != n:
        raise Illegal(
            "summon.materials_wrong",
            reason=Phrase("materials_wrong.needs_materials_with_different", name=name),
            cards=(card.id,),
        )  # fmt: skip
    if method == "synchro":
        _check_synchro(tx, card, defn, materials)
    elif method == "xyz":
        _check_xyz(tx, card, defn, materials)
    elif method == "link":
        _check_link(tx, card, defn, materials)
    if spec.named:
        _check_named(tx, card, defn, materials, player)


def _level(tx: Tx, m: CardState) -> int | None:
    return tx.board.define(m.id).level


def _check_synchro(tx: Tx, card: CardState, defn: CardDef, materials: list[CardState]) -> None:
    spec = defn.materials
    assert spec is not None
    tuners = [m for m in materials if "tuner" in tx.board.define(m.id).subtypes]
    wanted = spec.tuners if spec.tuners is not None else 1
    if len(tuners) != wanted:
        raise Illegal(
            "summon.materials_wrong",
            reason=Phrase(
                "materials_wrong.synchro_summon_needs_exactly",
                name=defn.name,
                wanted=wanted,
                tuners=len(tuners),
            ),
            cards=(card.id,),
        )  # fmt: skip
    levels = []
    for m in materials:
        level = _level(tx, m)
        if level is None:
            raise Illegal(
                "summon.materials_wrong",
                reason=Phrase("materials_wrong.has_no_level_xyz", m=CardId(m.id)),
                cards=(card.id, m.id),
            )  # fmt: skip
        levels.append(level)
    if sum(levels) != (defn.level or 0):
        raise Illegal(
            "summon.materials_wrong",
            reason=Phrase(
                "materials_wrong.levels_synchro_materials_add",
                total=sum(levels),
                levels=levels,
                name=defn.name,
                level=defn.level,
            ),
            cards=(card.id,),
        )  # fmt: skip


def _check_xyz(tx: Tx, card: CardState, defn: CardDef, materials: list[CardState]) -> None:
    spec = defn.materials
    assert spec is not None
    for m in materials:
        if m.token:  # it would cease to exist as it left the field (rulebook v10, Monster Tokens)
            raise Illegal(
                "summon.token_not_xyz_material",
                reason=Phrase("materials_wrong.token_token_cannot_become", m=CardId(m.id)),
                cards=(card.id, m.id),
            )
        level = _level(tx, m)
        if spec.level is not None and level != spec.level:
            shown = Phrase("level.is", level=level) if level is not None else Phrase("level.none")
            raise Illegal(
                "summon.materials_wrong",
                reason=Phrase(
                    "materials_wrong.needs_level_monsters_xyz",
                    m=CardId(m.id),
                    shown=shown,
                    name=defn.name,
                    level=spec.level,
                ),
                cards=(card.id, m.id),
            )  # fmt: skip


def _check_link(tx: Tx, card: CardState, defn: CardDef, materials: list[CardState]) -> None:
    """The materials' values add up to the Link Rating: each counts as 1, a Link Monster as 1
    or as its own Link Rating."""
    sums = {0}
    for m in materials:
        rating = tx.board.define(m.id).link_rating
        options = {1, rating} if rating else {1}
        sums = {s + o for s in sums for o in options}
    if (defn.link_rating or 0) not in sums:
        raise Illegal(
            "summon.materials_wrong",
            reason=Phrase(
                "materials_wrong.link_materials_must_count",
                name=defn.name,
                link_rating=defn.link_rating,
                materials_count=len(materials),
            ),
            cards=(card.id,),
        )  # fmt: skip


def _check_named(tx: Tx, card: CardState, defn: CardDef, materials: list[CardState],
                 player: str) -> None:  # fmt: skip
    """Fusion: a different material for each listed kind ("1 "Elemental HERO" + 1 DARK")."""
    spec = defn.materials
    assert spec is not None
    wanted = spec.named
    if len(materials) < len(wanted):
        return
    for order in permutations(materials, len(wanted)):
        if all(matches(tx.board, m, sel, player) for m, sel in zip(order, wanted, strict=True)):
            return
    listed = [describe_selector(s) for s in wanted]
    raise Illegal(
        "summon.materials_wrong",
        reason=Phrase(
            "materials_wrong.needs_do_not_fit",
            name=defn.name,
            listed=listed,
            materials=[CardId(m.id) for m in materials],
        ),
        cards=(card.id,),
    )  # fmt: skip


def check_procedure(tx: Tx, player: str, card: CardState, defn: CardDef,
                    refs: list[CardState]) -> tuple[list[str], list[str]]:  # fmt: skip
    """A monster's own procedure: which given cards are Tributed and which banished."""
    proc = defn.procedure
    assert proc is not None
    from engine.rules import continuous

    if proc.banish and (valley := continuous.first(tx.board, "lock_graveyard")) is not None:
        # cards in the GY cannot be banished, by a procedure either (YGOrganization, Necrovalley)
        raise Illegal("summon.procedure_not_met",
                      reason=Phrase("procedure_not_met.gy_locked", name=defn.name, valley=Card.of(valley)),
                      cards=(card.id, valley.id))  # fmt: skip
    tribute: list[str] = []
    banish: list[str] = []
    left = list(refs)
    for group, sels, zone in ((tribute, proc.tribute, "monsters"), (banish, proc.banish, "graveyard")):
        for sel in sels:
            found = next((c for c in left if c.zone == zone and (
                c.controller if zone == "monsters" else c.owner) == player
                and _fits(tx.board, c, sel, player)), None)  # fmt: skip
            if found is None:
                verb = Phrase("by.tributing" if zone == "monsters" else "by.banishing")
                raise Illegal(
                    "summon.procedure_not_met",
                    reason=Phrase(
                        "procedure_not_met.special_summoned_from_hand",
                        name=defn.name,
                        verb=verb,
                        sel=describe_selector(sel),
                        refs=[CardId(c.id) for c in refs] or Phrase("none"),
                    ),
                    cards=(card.id,),
                )
            group.append(found.id)
            left.remove(found)
    if left:
        raise Illegal(
            "summon.procedure_not_met",
            reason=Phrase(
                "procedure_not_met.not_part_summoning_procedure",
                left=[CardId(c.id) for c in left],
                count=len(left),
                name=defn.name,
            ),
            cards=(card.id,),
        )  # fmt: skip
    return tribute, banish


def place(tx: Tx, player: str, card: CardState, defn: CardDef, method: str,
          materials: list[CardState], zone: int | str | None, position: str | None,
          cause: str) -> int:  # fmt: skip
    """Move the materials away and the monster onto the field; returns its zone."""
    from engine.rules import summons

    leaving = [m.id for m in materials if m.zone == "monsters"]
    if defn.is_extra_deck:
        slot = summons._extra_deck_zone(tx, player, zone, leaving, link="link" in defn.subtypes,
                                        card=card.id)  # fmt: skip
    else:
        slot = summons._free_main_zone(tx, player, zone, leaving)
    ids = tuple(m.id for m in materials)
    if method == "xyz" and materials:  # the exception named: attached, not sent to the GY
        tx.say("summon.xyz_materials_attached", materials=[CardId(i) for i in ids], count=len(ids),
               monster=Card.of(card), cards=(*ids, card.id))  # fmt: skip
    elif method == "fusion" and materials:  # sent as the card resolves (Super Polymerization)
        tx.say("summon.fusion_materials_sent", materials=[CardId(i) for i in ids], count=len(ids),
               monster=Card.of(card), source=CardId(cause), cards=(*ids, card.id))  # fmt: skip
    for m in materials:
        if method == "xyz":
            tx.move(m.id, "material", event="attached", cause=f"Xyz Material for {card.id}")
        else:
            tx.move(m.id, "graveyard", event="sent_to_gy", cause=f"material for {card.id}")
    if materials:
        tx.finish()  # the materials leave first: the summon, not their move, is the last thing
    pos = "attack" if method == "link" or position not in ("attack", "defense") else position
    tx.move(card.id, "monsters", event="summoned", cause=cause, slot=slot, position=pos,
            controller=player)  # fmt: skip
    tx.events[-1]["summon_type"] = method if method in (*EXTRA_METHODS, "pendulum", "ritual") else "special"
    tx.update_card(card.id, summoned_this_turn=True,
                   summon_type="special" if method == "procedure" else method,
                   materials=tuple(m.id for m in materials) if method == "xyz" else (),
                   summoned_with=tuple(m.id for m in materials))  # fmt: skip
    return slot


def by_procedure(tx: Tx, action: ActionEntry) -> str | Phrase | None:
    """The `special_summon` action for the methods this module knows (a material line, an own
    procedure, a Pendulum Summon); None leaves the action to the older count-only check."""
    from engine.rules import pendulum, summons

    card = resolve_ref(tx.board, action.card or "")
    defn = tx.board.define(card.id)
    player = action.player or ""
    method = action.method or "procedure"
    if method == "pendulum":
        return pendulum.pendulum_summon(tx, action)
    if defn.special_summon_by and method == "procedure":
        raise Illegal(
            "summon.procedure_not_met",
            reason=Phrase(
                "procedure_not_met.cannot_special_summoned_procedure",
                name=defn.name,
                special_summon_by=defn.special_summon_by,
            ),
            cards=(card.id,),
        )  # fmt: skip
    if method == "ritual":
        raise Illegal(
            "summon.procedure_not_met",
            reason=Phrase("procedure_not_met.ritual_summon_performed_ritual"),
            cards=(card.id,),
        )  # fmt: skip
    own = method == "procedure" and defn.procedure is not None
    if not own and defn.materials is None:
        return None
    if card.owner != player or card.zone not in ("hand", "extra_deck"):
        raise Illegal(
            "action.card_not_there",
            reason=Phrase("card_not_there.must_hand_or_extra", card=CardId(card.id), player=Player(player)),
        )  # fmt: skip
    given = [resolve_ref(tx.board, r) for r in action.materials]
    if own:
        if card.zone != "hand":
            raise Illegal(
                "summon.procedure_not_met",
                reason=Phrase("procedure_not_met.special_summoned_way_from", name=defn.name),
                cards=(card.id,),
            )
        from engine.rules.abilities import procedure_problem  # "while you control Toon World"

        if (problem := procedure_problem(tx.board, card, player)) is not None:
            raise Illegal("summon.procedure_condition", problem=problem, cards=(card.id,))  # fmt: skip
        tribute, banish = check_procedure(tx, player, card, defn, given)
        return _own_procedure(tx, player, card, defn, tribute, banish, action)
    if method not in defn.subtypes or card.zone != "extra_deck":
        raise Illegal(
            "summon.procedure_not_met",
            reason=Phrase(
                "procedure_not_met.not_monster_extra_deck",
                name=defn.name,
                method=method.title(),
                player=Player(player),
            ),
            cards=(card.id,),
        )  # fmt: skip
    if method == "fusion":
        raise Illegal(
            "summon.procedure_not_met",
            reason=Phrase("procedure_not_met.fusion_summoned_card_effect", name=defn.name),
            cards=(card.id,),
        )  # fmt: skip
    check_materials(tx, player, card, defn, method, given)
    place(tx, player, card, defn, method, given, action.zone, action.position, f"{method} summon")
    summons.attempted(tx, card.id, "special")
    tx.finish()
    tx.say(
        "summon." + method,
        player=Player(player),
        card=Card.of(card),
        materials=[CardId(m.id) for m in given],
    )
    return Phrase("summary.procedure_summon", player=Player(player), method=method.title(), name=card.name)


def _own_procedure(tx: Tx, player: str, card: CardState, defn: CardDef, tribute: list[str],
                   banish: list[str], action: ActionEntry) -> str | Phrase:  # fmt: skip
    from engine.rules import continuous, summons

    if tribute and (mask := continuous.first(tx.board, "forbid_tributes")) is not None:
        raise Illegal(
            "rule.tributes_forbidden",
            reason=Phrase("tributes_forbidden.face_up_no_monster_4", mask=Card.of(mask), name=defn.name),
            cards=(card.id, mask.id),
        )  # fmt: skip
    slot = summons._free_main_zone(tx, player, action.zone, tribute)
    for t in tribute:
        tx.move(t, "graveyard", event="sent_to_gy", cause=f"tribute for {card.id}")
    for b in banish:
        tx.move(b, "banished", event="banished", cause=f"cost of summoning {card.id}")
    if tribute or banish:
        tx.finish()  # what the procedure costs leaves first: the summon is the last thing
    pos = action.position if action.position in ("attack", "defense") else "attack"
    tx.move(card.id, "monsters", event="summoned", cause="procedure", slot=slot, position=pos)
    tx.events[-1]["summon_type"] = "special"
    tx.update_card(card.id, summoned_this_turn=True, summon_type="special")
    summons.attempted(tx, card.id, "special")
    tx.finish()
    paid = [Phrase("paid.tributing", cards_=[CardId(i) for i in tribute])] if tribute else []
    paid += [Phrase("paid.banishing", cards_=[CardId(i) for i in banish])] if banish else []
    how = Phrase("paid.by", paid=paid) if paid else Phrase("paid.nothing")
    tx.say(
        "summon.own_procedure",
        player=Player(player),
        card=Card.of(card),
        how=how,
        cards=(card.id, *tribute, *banish),
    )  # fmt: skip
    return Phrase("summary.own_procedure", player=Player(player), name=card.name)


def after_resolution(tx: Tx, player: str, source: str, method: str, chosen: list[CardState],
                     materials: list[CardState], must_use: str | None,
                     position: str | None = None) -> str | Phrase:  # fmt: skip
    """A summon an effect performs "immediately after it resolves" (Formula Synchron's Synchro
    Summon, I:P Masquerena's Link Summon): the game's own procedure, by the effect's player,
    right after the link. A summon that cannot be performed does not happen (and says why)."""
    from engine.rules import summons

    if not chosen:
        tx.say(
            "summon.after_resolution_none",
            reason=Phrase("after_resolution_none.no_monster_was_named", source=source),
            cards=(source,),
        )  # fmt: skip
        return Phrase("done.no_summon")
    card = chosen[0]
    defn = tx.board.define(card.id)
    try:
        if card.zone != "extra_deck" or card.owner != player or method not in defn.subtypes:
            raise Illegal(
                "summon.procedure_not_met",
                reason=Phrase(
                    "procedure_not_met.not_monster_extra_deck_2",
                    card=CardId(card.id),
                    method=method.title(),
                    player=Player(player),
                ),
            )  # fmt: skip
        if must_use is not None and must_use not in {m.id for m in materials}:
            raise Illegal(
                "summon.materials_wrong",
                reason=Phrase("materials_wrong.summon_must_use_itself", source=source, must_use=must_use),
                cards=(card.id,),
            )
        check_materials(tx, player, card, defn, method, materials)
        place(tx, player, card, defn, method, materials, None, position, f"{method} summon ({source})")
    except Illegal as err:
        tx.explanations.append(err.explanation)
        return Phrase("no_summon_because", method=method.title(), why=err.explanation)
    if tx.game.chain:  # mid-chain: the links below still resolve; nothing can answer it now
        tx.update_card(card.id, pending=False)
    else:
        summons.attempted(tx, card.id, "special")
    tx.say(
        "summon.after_resolution",
        reason=Phrase(
            "after_resolution.immediately_after_resolves_summons",
            source=source,
            player=Player(player),
            method=method.title(),
            card=Card.of(card),
            materials=[CardId(m.id) for m in materials],
        ),
        cards=(card.id, source),
    )  # fmt: skip
    return Phrase("done.then_procedure_summon", player=Player(player), method=method.title(), name=card.name)


def effect_normal_summon(tx: Tx, player: str, source: str, chosen: list[CardState],
                         tributes: list[CardState], position: str | None) -> str | Phrase:  # fmt: skip
    """A Normal Summon or Set an effect grants "immediately after this effect resolves"
    (Ultimate Offering): the usual Tributes, in addition to the turn's own Normal Summon, which
    it neither needs nor uses up; it may happen in the opponent's turn."""
    from engine.rules import summons

    if not chosen:
        tx.say(
            "summon.after_resolution_none",
            reason=Phrase("after_resolution_none.no_monster_was_named_2", source=source),
            cards=(source,),
        )
        return Phrase("done.no_normal_summon")
    card = chosen[0]
    defn = tx.board.define(card.id)
    setting = position == "set"
    try:
        if card.zone != "hand" or card.owner != player or not defn.is_monster:
            raise Illegal(
                "action.card_not_there",
                reason=Phrase("card_not_there.not_monster_hand", card=CardId(card.id), player=Player(player)),
            )  # fmt: skip
        if not defn.normal_summonable or defn.is_extra_deck or "ritual" in defn.subtypes:
            raise Illegal("summon.not_normal_summonable", card=Card.of(card))  # fmt: skip
        if setting and not defn.settable:
            raise Illegal(
                "summon.not_settable",
                reason=Phrase("not_settable.cannot_normal_set", card=Card.of(card)),
            )
        if not setting:
            summons.needs_problem(tx, card, player, "Normal Summon")  # Terrorking Archfiend
        refs = [t.id for t in tributes]
        ids = summons._tribute(
            tx, player, refs, summons.tributes_needed_for(tx, player, card.id, refs)[0], card.id
        )
        slot = summons._free_main_zone(tx, player, None, ids)
        summons._pay_tributes(tx, ids, card.id)
    except Illegal as err:
        tx.explanations.append(err.explanation)
        return Phrase("no_normal_summon_because", why=err.explanation)
    pos = "set" if setting else "attack"
    kind = "tribute" if ids else "normal"
    tx.move(card.id, "monsters", event="set" if setting else "summoned", cause=f"Normal Summon ({source})",
            slot=slot, position=pos)  # fmt: skip
    tx.update_card(card.id, summoned_this_turn=not setting, set_this_turn=True,
                   summon_type=None if setting else kind)  # fmt: skip
    if not setting:
        if tx.game.chain:
            tx.update_card(card.id, pending=False)
        else:
            summons.attempted(tx, card.id, kind)
    verb = Phrase("verb.sets" if setting else "verb.tribute_summons" if ids else "verb.normal_summons")
    tx.say(
        "summon.after_resolution",
        reason=Phrase(
            "after_resolution.immediately_after_resolves_normal",
            source=CardId(source),
            player=Player(player),
            verb=Phrase("verb.sets" if setting else "verb.tribute_summons" if ids else "verb.normal_summons"),
            card=Card.of(card),
        ),
        cards=(card.id, source),
    )  # fmt: skip
    return Phrase("done.then_summons", player=Player(player), verb=verb, name=card.name)


def at_resolution(tx: Tx, player: str, method: str, monster: CardState,
                  materials: list[CardState], *, field_or_gy: bool = False) -> list[CardState]:  # fmt: skip
    """A Fusion or Ritual Summon by a Spell: the materials are chosen and checked as it resolves
    (Advanced Rules, Costs: Fusion Material & Ritual Spell Tributes). A stated material no longer
    in its controller's hand or on their field (`field_or_gy`: on their field or in their GY, as
    Miracle Fusion says) cannot be used; raise Illegal unless the rest is a legal set (nothing is
    Summoned). Returns the materials used."""
    other = "graveyard" if field_or_gy else "hand"
    gone = [m for m in materials if not ((m.zone == "monsters" and m.controller == player)
                                         or (m.zone == other and m.owner == player))]  # fmt: skip
    used = [m for m in materials if m.id not in {g.id for g in gone}]
    if gone:
        where = Phrase("where.field_or_gy" if field_or_gy else "where.hand_or_field")
        tx.say("summon.material_not_there", gone=[CardId(m.id) for m in gone], card=Card.of(monster),
               where=where, cards=tuple(m.id for m in gone))  # fmt: skip
    defn = tx.board.define(monster.id)
    home = "extra_deck" if method == "fusion" else "hand"
    if method not in defn.subtypes or monster.zone != home or monster.owner != player:
        raise Illegal(
            "summon.procedure_not_met",
            reason=Phrase("procedure_not_met.not_monster", card=Card.of(monster), method=method.title()),
            cards=(monster.id,),
        )  # fmt: skip
    if not used:
        raise Illegal("summon.material_none_left", card=Card.of(monster), cards=(monster.id,))
    if method == "fusion":
        check_materials(tx, player, monster, defn, "fusion", used, from_hand=not field_or_gy,
                        field_or_gy=field_or_gy)  # fmt: skip
        return used
    total = sum(_level(tx, m) or 0 for m in used)
    if monster.id in {m.id for m in used} or total < (defn.level or 0):
        raise Illegal("summon.ritual_levels_short", card=Card.of(monster), level=defn.level or 0,
                      total=total, tributes=[CardId(m.id) for m in used], cards=(monster.id,))  # fmt: skip
    return used


MOST_MATERIALS = 8  # the first legal set is sought among this many candidates at most


def _legal_set(tx: Tx, player: str, method: str, monster: CardState, materials: list[CardState],
               *, either_field: bool = False, field_or_gy: bool = False) -> bool:  # fmt: skip
    """Would these materials Summon this monster by `method`? (The checks the Summon itself
    makes, without saying anything.)"""
    defn = tx.board.define(monster.id)
    try:
        if method == "ritual":
            total = sum(_level(tx, m) or 0 for m in materials)
            return monster.id not in {m.id for m in materials} and total >= (defn.level or 0)
        check_materials(tx, player, monster, defn, method, materials,
                        from_hand=method == "fusion" and not field_or_gy, either_field=either_field,
                        field_or_gy=field_or_gy)  # fmt: skip
    except Illegal:
        return False
    return True


def first_legal_summon(tx: Tx, player: str, method: str, monsters: list[CardState],
                       materials: list[CardState], pool: list[CardState], *, must_use: str | None = None,
                       either_field: bool = False,
                       field_or_gy: bool = False) -> tuple[CardState, list[CardState]] | None:  # fmt: skip
    """The first legal option where the judge did not say which monster (or which materials) a
    Fusion, Ritual, Synchro or Link Summon by an effect uses: the first of `monsters` (in the
    board's order) that `materials` Summon, or, with no materials stated, that some set of `pool`
    Summons, the set with the fewest cards first, each set in the board's order. A set must hold
    `must_use` (the card whose effect performs the Summon: Formula Synchron). None: no legal one."""
    for monster in monsters:
        defn = tx.board.define(monster.id)
        if materials:
            if _legal_set(tx, player, method, monster, materials, either_field=either_field,
                          field_or_gy=field_or_gy):  # fmt: skip
                return monster, materials
            continue
        candidates = [m for m in pool if m.id != monster.id][:MOST_MATERIALS]
        spec = defn.materials
        low = spec.count if spec is not None and method != "ritual" else 1
        high = len(candidates) if spec is None or spec.or_more or method == "ritual" else spec.count
        for size in range(low, high + 1):
            for combo in combinations(candidates, size):
                if must_use is not None and must_use not in {m.id for m in combo}:
                    continue
                if _legal_set(tx, player, method, monster, list(combo), either_field=either_field,
                              field_or_gy=field_or_gy):  # fmt: skip
                    return monster, list(combo)
    return None


def fusion_from_either_field(tx: Tx, player: str, source: str, chosen: list[CardState],
                             materials: list[CardState],
                             position: str | None = None) -> list[str]:  # fmt: skip
    """Super Polymerization: Fusion Summon with monsters from either field as materials (sent to
    their owners' GYs as the card resolves, not as a cost). Returns the summoned monster's id, or
    nothing (and says why) if the summon cannot be performed."""
    if not chosen or not materials:
        return []  # the operation found no legal option and said so
    card = chosen[0]
    defn = tx.board.define(card.id)
    try:
        if card.zone != "extra_deck" or card.owner != player or "fusion" not in defn.subtypes:
            raise Illegal(
                "summon.procedure_not_met",
                reason=Phrase(
                    "procedure_not_met.not_fusion_monster_extra",
                    card=CardId(card.id),
                    player=Player(player),
                ),
            )
        check_materials(tx, player, card, defn, "fusion", materials, either_field=True)
        place(tx, player, card, defn, "fusion", materials, None, position, source)
    except Illegal as err:
        tx.explanations.append(err.explanation)
        return []
    return [card.id]


def special_summon(tx: Tx, action: ActionEntry) -> str | Phrase:
    """A summon by game procedure (Link, Xyz, Synchro, Fusion by its own rule, or a
    monster's own Special Summon procedure). A card with a material line or a procedure of its
    own is checked against it (engine.rules.procedures); others only for count here."""
    require_turn_player(tx, action, "Special Summon")
    require_open_state(tx, "Special Summon")
    require_main_phase(tx, "Special Summon")
    _one_face_up(tx, resolve_ref(tx.board, action.card or ""), action.player or "", "Special Summon")
    require_summons_allowed(tx, action.player or "", "Special Summon")
    if (done := by_procedure(tx, action)) is not None:
        return done
    card = resolve_ref(tx.board, action.card or "")
    defn = tx.board.define(card.id)
    player = action.player or ""
    method = action.method or "procedure"
    if card.owner != player or card.zone not in ("hand", "extra_deck"):
        raise Illegal(
            "action.card_not_there",
            reason=Phrase("card_not_there.must_hand_or_extra", card=CardId(card.id), player=Player(player)),
        )  # fmt: skip
    if method in ("link", "xyz", "synchro", "fusion") and method not in defn.subtypes:
        raise Illegal(
            "summon.procedure_not_met",
            reason=Phrase("procedure_not_met.not_monster", card=Card.of(card), method=method.title()),
        )  # fmt: skip
    materials = [resolve_ref(tx.board, r) for r in action.materials]
    for m in materials:
        if m.zone != "monsters" or m.controller != player:
            raise Illegal(
                "summon.procedure_not_met",
                reason=Phrase(
                    "procedure_not_met.not_monster_controls_3",
                    m=CardId(m.id),
                    player=Player(player),
                ),
            )  # fmt: skip
        if method == "xyz" and m.token:
            raise Illegal(
                "summon.token_not_xyz_material",
                reason=Phrase("materials_wrong.token_token_cannot_become", m=CardId(m.id)),
            )  # fmt: skip
    if method == "link" and len(materials) < 1:
        raise Illegal(
            "summon.procedure_not_met",
            reason=Phrase("procedure_not_met.link_summon_needs_materials"),
            cards=(card.id,),
        )
    if defn.is_extra_deck:
        slot = _extra_deck_zone(
            tx, player, action.zone, [m.id for m in materials], link="link" in defn.subtypes, card=card.id
        )
    else:
        slot = _free_main_zone(tx, player, action.zone, [m.id for m in materials])
    for m in materials:
        if method == "xyz":
            tx.move(m.id, "material", event="sent_to_gy", cause=f"Xyz Material for {card.id}")
        else:
            tx.move(m.id, "graveyard", event="sent_to_gy", cause=f"material for {card.id}")
    if materials:
        tx.finish()  # materials leave before the summon: "When ... sent to the GY" misses the timing
    position = action.position if action.position in ("attack", "defense") else "attack"
    if method == "link":
        position = "attack"
    tx.move(card.id, "monsters", event="summoned", cause=f"{method} summon", slot=slot,
            position=position)  # fmt: skip
    tx.update_card(
        card.id,
        summoned_this_turn=True,
        summon_type="special" if method == "procedure" else method,
        materials=tuple(m.id for m in materials) if method == "xyz" else (),
    )
    attempted(tx, card.id, "special")
    tx.finish()
    tx.say("summon.special", card=Card.of(card), player=Player(player))  # fmt: skip
    return Phrase("summary.special_summon", player=Player(player), name=card.name)


def fusion_impossible(tx: Tx, player: str, effect: Effect) -> tuple[str, CardState | None] | None:
    """Why an effect that Fusion Summons could not do so now, or None if it could: a card is
    activated only if its effect can be carried out, so a Fusion Spell needs, at activation, a
    Fusion Monster in the Extra Deck it may Summon and materials for it where it takes them
    (Super Polymerization: monsters on either field; Fusion Helper judge notes, Super
    Polymerization). Cards in a GY that cannot be banished (Necrovalley) are no materials for a
    summon that banishes them (YGOrganization, Necrovalley: a card that would banish from the GY
    cannot be activated). Returns ("none", None) or ("gy_locked", the locking card)."""
    from engine.cards import Selector
    from engine.rules import continuous

    steps = [s for s in effect.do if s.op in FUSION_OPS]
    if not steps:
        return None
    board = tx.board
    locked = None
    for step in steps:
        where = FUSION_OPS[step.op]
        wanted = step.cards if isinstance(step.cards, Selector) else None
        monsters = [c for c in board.in_zone("extra_deck", player) if "fusion" in board.define(c.id).subtypes
                    and (wanted is None or matches(board, c, wanted, player))]  # fmt: skip
        valley = None
        if where == "either_field":
            pools = [list(board.monsters())]
        elif where == "field_or_gy":
            gy = [c for c in board.in_zone("graveyard", player) if board.define(c.id).is_monster]
            valley = continuous.first(board, "lock_graveyard")
            pools = [[*board.monsters(player), *gy]]
            if valley is not None and gy:  # no GY material can be banished: the field alone
                pools.insert(0, list(board.monsters(player)))
        else:
            hand = [c for c in board.in_zone("hand", player) if board.define(c.id).is_monster]
            pools = [[*hand, *board.monsters(player)]]
        for n, pool in enumerate(pools):
            found = first_legal_summon(tx, player, "fusion", monsters, [], pool,
                                       either_field=where == "either_field",
                                       field_or_gy=where == "field_or_gy")  # fmt: skip
            if found is None:
                continue
            if n == 0:
                return None
            locked = valley  # possible only with the GY's cards, which cannot be banished
    return ("gy_locked", locked) if locked is not None else ("none", None)
