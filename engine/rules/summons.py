"""Summoning and Setting monsters, Flip Summons, and manual battle position changes.

Source: Official Rulebook v10, "Summoning Monster Cards" and "Main Phase 1".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.errors import Illegal
from engine.explain import Card, CardId, Phrase, Player
from engine.refs import resolve_ref
from engine.rules import continuous
from engine.rules.common import (
    describe_selector,
    own_card,
    require_main_phase,
    require_open_state,
    require_summons_allowed,
    require_turn_player,
)
from engine.state import EMZ_BY_NAME, CardState, Summon

if TYPE_CHECKING:
    from engine.document import ActionEntry
    from engine.tx import Tx

# A mark (until the end of the turn) on a monster that cannot be Tributed for a Tribute Summon
NO_TRIBUTE_SUMMON = "no_tribute_summon"


def attempted(tx: Tx, card_id: str, kind: str) -> None:
    """The summon happened; until the next thing happens it can still be negated."""
    card = tx.update_card(card_id, pending=True)  # its Continuous effects wait (Jinzo vs Solemn Judgment)
    tx.update(summon_attempt=Summon(cards=(card_id,), kind=kind, player=card.controller,
                                    seq=tx.game.seq))  # fmt: skip


def tributes_needed_for(tx: Tx, player: str, card_id: str, refs: list[str]) -> tuple[int, bool]:
    """How many Tributes this Normal Summon or Set needs, and whether it uses the monster's own
    Tribute method: the usual count (the Level table, or `tributes`), or, where the monster has its
    own method (`tribute_with`) and the Tributes given are that many monsters it names, that count.
    A monster with its own way to be Tribute Summoned can be Tribute Set that way too (Official
    Rulebook v10, Tribute Summon). Given that many Tributes, not all of the kind its method names
    (and not the usual count either), the summon is refused, saying both ways."""
    defn = tx.board.define(card_id)
    usual, own = defn.tributes_needed(), defn.tribute_with
    if own is None or len(refs) != own.count or own.count == usual:
        return usual, False
    given = [tx.board.cards.get(r) or resolve_ref(tx.board, r) for r in refs]
    if all(c.zone == "monsters" and c.controller == player and continuous.matches(tx.board, c, own, player)
           for c in given):  # fmt: skip
        return own.count, True
    raise Illegal("summon.own_tribute_method_not_met", card=Card.of(tx.card(card_id)), needed=usual,
                  count=own.count, what=describe_selector(own),
                  cards=(card_id, *(c.id for c in given)))  # fmt: skip


def _tribute(tx: Tx, player: str, refs: list[str], needed: int, name: str) -> list[str]:
    if needed and (mask := continuous.first(tx.board, "forbid_tributes")) is not None:
        raise Illegal(
            "rule.tributes_forbidden",
            reason=Phrase(
                "tributes_forbidden.face_up_no_monster",
                mask=Card.of(mask),
                name=Card.of(tx.card(name)),
            ),
            cards=(name, mask.id),
        )  # fmt: skip
    if len(refs) != needed:
        level = tx.board.define(name).level
        raise Illegal(
            "summon.wrong_tribute_count",
            level=level,
            needed=needed,
            given=len(refs),
            cards=(name,),
        )
    ids = []
    for ref in refs:
        card = resolve_ref(tx.board, ref)
        if card.zone != "monsters" or card.controller != player:
            raise Illegal(
                "summon.bad_tribute",
                reason=Phrase(
                    "bad_tribute.not_monster_controls_2",
                    card=CardId(card.id),
                    player=Player(player),
                ),
            )  # fmt: skip
        if card.id in ids:
            raise Illegal(
                "summon.bad_tribute",
                reason=Phrase("bad_tribute.named_twice_tribute", card=CardId(card.id)),
            )
        if NO_TRIBUTE_SUMMON in card.marks:  # Dandylion's Fluff Tokens, the turn they arrive
            raise Illegal("summon.tribute_locked", card=CardId(card.id), cards=(card.id, name))  # fmt: skip
        if not tx.board.define(card.id).tribute_summon_fodder:  # Scapegoat's Sheep Tokens, always
            raise Illegal("summon.never_tribute_fodder", card=CardId(card.id), cards=(card.id, name))
        kind = tx.board.define(name).tribute_with  # "by Tributing 3 Dragon monsters" (Victory Dragon)
        if kind is not None and not continuous.matches(tx.board, card, kind, player):
            raise Illegal(
                "summon.tribute_kind",
                card=CardId(card.id),
                name=Card.of(tx.card(name)),
                kind_monster_type=kind.monster_type or kind.name or 'the monsters its text names',
                cards=(name, card.id),
            )  # fmt: skip
        ids.append(card.id)
    return ids


def _pay_tributes(tx: Tx, ids: list[str], summoned: str) -> None:
    for card_id in ids:
        tx.move(card_id, "graveyard", event="sent_to_gy", cause=f"tribute for {summoned}")
    if ids:
        tx.finish()  # the Tribute is paid before the summon: it is not the last thing that happens
        tx.say(
            "summon.tributes_not_destroyed",
            ids=[CardId(i) for i in ids],
            count=len(ids),
            cards=(*ids,),
        )


def _free_main_zone(tx: Tx, player: str, wanted: int | str | None, leaving: list[str]) -> int:
    taken = {
        c.slot
        for c in tx.board.monsters(player)
        if c.id not in leaving and c.slot is not None and c.slot <= 5
    }
    if isinstance(wanted, int):
        if wanted in taken:
            raise Illegal(
                "zone.occupied",
                reason=Phrase("occupied.main_monster_zone_occupied", player=Player(player), wanted=wanted),
            )
        return wanted
    if isinstance(wanted, str):
        raise Illegal("zone.extra_monster_zone", reason=Phrase("extra_monster_zone.monster_from_hand_goes"))
    slot = next((s for s in range(1, 6) if s not in taken), None)
    if slot is None:
        raise Illegal("zone.full", reason=Phrase("full.all_main_monster_zones", player=Player(player)))
    return slot


def _check_normal_summon(tx: Tx, action: ActionEntry, verb: str) -> CardState:
    require_turn_player(tx, action, verb)
    require_open_state(tx, verb)
    require_main_phase(tx, verb)
    card = own_card(tx, action.card or "", action.player or "", "hand", verb)
    defn = tx.board.define(card.id)
    if not defn.is_monster:
        raise Illegal("summon.not_a_monster", card=Card.of(card))
    if not defn.normal_summonable or defn.is_extra_deck or "ritual" in defn.subtypes:
        raise Illegal("summon.not_normal_summonable", card=Card.of(card))  # fmt: skip
    if tx.board.player(card.owner).normal_summon_used:
        raise Illegal(
            "summon.already_used",
            reason=Phrase("already_used.already_used_turn_normal", owner=Player(card.owner)),
            cards=(card.id,),
        )
    return card


def needs_problem(tx: Tx, card: CardState, player: str, verb: str) -> None:
    """ "You cannot Normal or Flip Summon this card unless you control a face-up ... monster"
    (Terrorking Archfiend): checked as it is summoned; Setting it is not restricted."""
    wanted = tx.board.define(card.id).summon_needs
    if wanted is None:
        return
    if any(c.id != card.id and c.face_up and continuous.matches(tx.board, c, wanted, player)
           for c in tx.board.monsters(player)):  # fmt: skip
        return
    what = Phrase("needs.archetype", archetype=wanted.archetype) if wanted.archetype else Phrase("needs.kind")
    note = Phrase("needs.can_be_set") if verb == "Normal Summon" else Phrase("nothing")
    raise Illegal(
        "summon.needs_face_up_monster",
        card=Card.of(card),
        verb=verb,
        player=Player(player),
        what=what,
        note=note,
    )  # fmt: skip


def normal_summon(tx: Tx, action: ActionEntry) -> str | Phrase:
    if on_field(tx, action):  # a face-up Gemini monster Normal Summoned again
        return gemini_summon(tx, action)
    card = _check_normal_summon(tx, action, "Normal Summon")
    needs_problem(tx, card, card.owner, "Normal Summon")
    if action.position in ("defense", "set"):
        raise Illegal("summon.no_face_up_defense", card=Card.of(card))
    return _place_from_hand(tx, action, card, position="attack")


def set_monster(tx: Tx, action: ActionEntry) -> str | Phrase:
    card = _check_normal_summon(tx, action, "Set a monster")
    if not tx.board.define(card.id).settable:
        raise Illegal(
            "summon.not_settable",
            reason=Phrase("not_settable.cannot_normal_set_can", card=Card.of(card)),
        )  # fmt: skip
    return _place_from_hand(tx, action, card, position="set")


def _place_from_hand(tx: Tx, action: ActionEntry, card: CardState, position: str) -> str | Phrase:
    player = card.owner
    needed, own_method = tributes_needed_for(tx, player, card.id, action.tributes)
    if position == "attack":  # Setting it face-down is allowed
        _one_face_up(tx, card, player, "Normal Summon")
        require_summons_allowed(tx, player, "Normal Summon")
    tributes = _tribute(tx, player, action.tributes, needed, card.id)
    slot = _free_main_zone(tx, player, action.zone, tributes)
    _pay_tributes(tx, tributes, card.id)
    summon_type = "tribute" if tributes else "normal"
    tx.move(card.id, "monsters", event="summoned" if position == "attack" else "set",
            cause="Normal Summon" if position == "attack" else "Normal Set",
            slot=slot, position=position)  # fmt: skip
    if position == "attack":
        tx.events[-1]["summon_type"] = summon_type  # "If this card is Tribute Summoned" (Caius)
    tx.update_card(card.id, summoned_this_turn=position == "attack", set_this_turn=True,
                   summon_type=summon_type if position == "attack" else None)  # fmt: skip
    tx.set_board(tx.board.with_player(player, normal_summon_used=True))
    if position == "attack":
        attempted(tx, card.id, summon_type)
    tx.finish()
    if position == "attack":
        code, verb = ("summon.tribute", "Tribute Summons") if tributes else (
            "summon.normal", "Normal Summons")  # fmt: skip
        tx.say(code, player=Player(player), card=Card.of(card), slot=slot)
        if own_method:
            _say_own_method(tx, card, tributes, setting=False)
        return Phrase(
            "summary.tribute_summon" if tributes else "summary.normal_summon",
            player=Player(player),
            name=card.name,
        )
    code = "summon.tribute_set" if tributes else "summon.set"
    tx.say(code, player=Player(player), card=Card.of(card), slot=slot)
    if own_method:
        _say_own_method(tx, card, tributes, setting=True)
    return Phrase("summary.set_monster", player=Player(player), name=card.name)


def _say_own_method(tx: Tx, card: CardState, tributes: list[str], *, setting: bool) -> None:
    """The exception named: a Tribute Summon or Set by the monster's own Tribute method."""
    defn = tx.board.define(card.id)
    note = Phrase("own_method.set_too" if setting else "nothing")
    tx.say("summon.own_tribute_method", card=Card.of(card), tributes=[CardId(t) for t in tributes],
           count=len(tributes), usual=defn.tributes_needed(), note=note,
           cards=(card.id, *tributes))  # fmt: skip


def flip_summon(tx: Tx, action: ActionEntry) -> str | Phrase:
    require_turn_player(tx, action, "Flip Summon")
    require_open_state(tx, "Flip Summon")
    require_main_phase(tx, "Flip Summon")
    card = own_card(tx, action.card or "", action.player or "", "monsters", "Flip Summon")
    if card.position != "set":
        raise Illegal("summon.flip_not_face_down", card=Card.of(card))  # fmt: skip
    # a Flip Summon changes the monster's battle position (rulebook v10, Flip Summon; Changing
    # Battle Position): not the turn it was Summoned or Set, nor after it attacked or already
    # changed position this turn (turned face-down by an effect since: it remembers)
    if card.summoned_this_turn:
        raise Illegal("summon.flip_summoned_this_turn", card=Card.of(card))  # fmt: skip
    if card.set_this_turn:
        raise Illegal("summon.flip_same_turn", card=Card.of(card))  # fmt: skip
    if card.attacks_this_turn:
        raise Illegal("summon.flip_after_attack", card=Card.of(card))  # fmt: skip
    if card.position_changed_this_turn:
        raise Illegal("summon.flip_position_changed", card=Card.of(card))
    needs_problem(tx, card, card.controller, "Flip Summon")
    _one_face_up(tx, card, card.controller, "Flip Summon")
    require_summons_allowed(tx, card.controller, "Flip Summon")
    tx.update_card(card.id, position="attack", summoned_this_turn=True, summon_type="flip",
                   position_changed_this_turn=True)  # fmt: skip
    tx.emit("flipped", card=card.id, player=card.controller, cause="Flip Summon")
    tx.emit("summoned", card=card.id, player=card.controller, cause="Flip Summon",
            summon_type="flip")  # fmt: skip
    attempted(tx, card.id, "flip")
    tx.finish()
    tx.say("summon.flip", card=Card.of(card), controller=Player(card.controller))  # fmt: skip
    return Phrase("summary.flip_summon", player=Player(card.controller), name=card.name)


def change_position(tx: Tx, action: ActionEntry) -> str | Phrase:
    require_turn_player(tx, action, "change a monster's battle position")
    require_open_state(tx, "change a battle position")
    require_main_phase(tx, "change a battle position")
    card = own_card(tx, action.card or "", action.player or "", "monsters", "position change")
    if card.position == "set":
        raise Illegal("position.face_down", card=Card.of(card))  # fmt: skip
    if "link" in tx.board.define(card.id).subtypes:
        raise Illegal("position.link_monster", card=Card.of(card))
    if card.summoned_this_turn and card.summon_type == "flip":
        raise Illegal("position.flip_summoned_this_turn", card=Card.of(card))
    if card.summoned_this_turn or card.set_this_turn:
        raise Illegal("position.summoned_this_turn", card=Card.of(card))  # fmt: skip
    if card.attacks_this_turn:
        raise Illegal("position.attacked_this_turn", card=Card.of(card))  # fmt: skip
    if card.position_changed_this_turn:
        raise Illegal("position.already_changed", card=Card.of(card))
    if "position_locked" in card.marks:
        raise Illegal("position.locked", card=Card.of(card))  # fmt: skip
    if card.position == action.to:
        raise Illegal("position.same", card=Card.of(card), to=action.to)
    tx.update_card(card.id, position=action.to, position_changed_this_turn=True)
    tx.emit("position_changed", card=card.id, player=card.controller, to=action.to,
            cause="manual position change")  # fmt: skip
    tx.finish()
    label = "Attack" if action.to == "attack" else "Defense"
    tx.say(
        "position.changed",
        card=Card.of(card),
        controller=Player(card.controller),
        label=label,
    )  # fmt: skip
    return Phrase("summary.position", player=Player(card.controller), name=card.name, label=label)


def _extra_deck_zone(tx: Tx, player: str, wanted: int | str | None, leaving: list[str],
                     link: bool, card: str | None = None) -> int:  # fmt: skip
    """Where a monster Summoned from the Extra Deck goes (Master Rule, April 2020): a Fusion,
    Synchro or Xyz Monster to any free Main Monster Zone or an Extra Monster Zone; a Link Monster
    (`link`, also a Pendulum Monster from the face-up Extra Deck) to an Extra Monster Zone or a
    Main Monster Zone a Link Arrow points to. A player with a monster in one Extra Monster Zone
    may use the other only where that forms an Extra Link."""
    from engine.rules.kinds import linked_main_zones

    mine = [c for c in tx.board.monsters(player) if (c.slot or 0) > 5 and c.id not in leaving]
    if isinstance(wanted, str) and wanted.lower() in EMZ_BY_NAME:
        slot = EMZ_BY_NAME[wanted.lower()]
        holder = tx.board.occupant("monsters", player, slot)
        if holder is not None and holder.id not in leaving:
            raise Illegal(
                "zone.occupied",
                reason=Phrase("occupied.extra_monster_zone_occupied", wanted=wanted),
            )
        if mine and not (link and card is not None and _forms_extra_link(tx, player, card, slot, leaving)):
            raise Illegal("zone.one_extra_monster_zone", player=Player(player), card=Card.of(mine[0]))
        return slot
    if not link:
        if wanted is None and not mine and _main_zones_full(tx, player, leaving):
            # a Fusion, Synchro or Xyz Monster may use an Extra Monster Zone when no Main one is free
            for slot in (6, 7):
                holder = tx.board.occupant("monsters", player, slot)
                if holder is None or holder.id in leaving:
                    return slot
        return _free_main_zone(tx, player, wanted, leaving)
    linked = linked_main_zones(tx.board, player, tuple(leaving))
    taken = {c.slot for c in tx.board.monsters(player) if c.id not in leaving and (c.slot or 0) <= 5}
    if isinstance(wanted, int):
        if wanted not in linked:
            raise Illegal("zone.not_linked", player=Player(player), wanted=wanted)
        return _free_main_zone(tx, player, wanted, leaving)
    if not mine:
        for slot in (6, 7):
            holder = tx.board.occupant("monsters", player, slot)
            if holder is None or holder.id in leaving:
                return slot
    free = sorted(linked - taken)
    if free:
        return free[0]
    raise Illegal("zone.full", reason=Phrase("full.has_no_extra_monster", player=Player(player)))


def _main_zones_full(tx: Tx, player: str, leaving: list[str]) -> bool:
    taken = {c.slot for c in tx.board.monsters(player) if c.id not in leaving and (c.slot or 0) <= 5}
    return all(s in taken for s in range(1, 6))


def summon_zone(tx: Tx, player: str, card: CardState, leaving: list[str]) -> int:
    """The zone a monster Summoned by a card's effect goes to (Fusion and Ritual Summons), once
    `leaving` (its materials on the field) are gone: a monster from the Extra Deck as
    `_extra_deck_zone` says; any other, a free Main Monster Zone only, never an Extra Monster Zone
    (rulebook v10, How to Ritual Summon: the Ritual Monster is played in a Main Monster Zone).
    Raises Illegal, said, where there is none."""
    defn = tx.board.define(card.id)
    if defn.is_extra_deck:
        return _extra_deck_zone(tx, player, None, leaving, link="link" in defn.subtypes, card=card.id)
    if _main_zones_full(tx, player, leaving):
        raise Illegal(
            "zone.extra_monster_zone",
            reason=Phrase("extra_monster_zone.main_deck_monster_no_main_zone", card=Card.of(card),
                          player=Player(player)),
            cards=(card.id,),
        )  # fmt: skip
    return _free_main_zone(tx, player, None, leaving)


def _forms_extra_link(tx: Tx, player: str, card_id: str, slot: int, leaving: list[str]) -> bool:
    """Would `card_id`, placed face-up in Extra Monster Zone `slot`, join both Extra Monster Zones
    by a series of co-linked Link Monsters (an Extra Link; whoever controls them)?"""
    from engine.rules.kinds import co_linked
    from engine.state import evolve

    board = tx.board
    for gone in leaving:
        board = board.without_card(gone)
    here = evolve(board.card(card_id), zone="monsters", slot=slot, controller=player, position="attack")
    board = board.with_card(here)
    other = board.occupant("monsters", player, 13 - slot)
    seen, todo = {card_id}, [here]
    while todo:
        for nxt in co_linked(board, todo.pop()):
            if other is not None and nxt.id == other.id:
                return True
            if nxt.id not in seen:
                seen.add(nxt.id)
                todo.append(nxt)
    return False


def _one_face_up(tx: Tx, card: CardState, player: str, verb: str) -> None:
    """ "You can only control 1 face-up X" (Dragon Ice): a second cannot be summoned face-up (or
    Flip Summoned) while its player controls a face-up one; it can still be Set."""
    from engine.rules.abilities import one_face_up_problem

    if (why := one_face_up_problem(tx.board, card, player)) is not None:
        raise Illegal(
            "summon.only_one_face_up",
            reason=Phrase("only_one_face_up.cannot_ed_now", card=Card.of(card), why=why, verb=verb),
            cards=(card.id,),
        )


# --------------------------------------------------------------------------- Gemini monsters
def on_field(tx: Tx, action: ActionEntry) -> bool:
    """Does this Normal Summon name a monster already on the field (a Gemini Summon)?"""
    return resolve_ref(tx.board, action.card or "").zone == "monsters"


def gemini_summon(tx: Tx, action: ActionEntry) -> str | Phrase:
    """Normal Summon a face-up Gemini monster its controller has on the field: it stays where it
    is, needs no Tribute, uses the Normal Summon, and can be negated or answered like any other
    Normal Summon; from then on it is an Effect Monster with its effects."""
    require_turn_player(tx, action, "Normal Summon")
    require_open_state(tx, "Normal Summon")
    require_main_phase(tx, "Normal Summon")
    card = resolve_ref(tx.board, action.card or "")
    player = action.player or ""
    defn = tx.board.define(card.id)
    if card.controller != player:
        raise Illegal(
            "action.card_not_there",
            reason=Phrase("card_not_there.not_monster_controls", card=CardId(card.id), player=Player(player)),
        )
    if "gemini" not in defn.subtypes:
        raise Illegal(
            "summon.not_gemini",
            reason=Phrase("not_gemini.already_field_not_gemini", card=Card.of(card)),
        )  # fmt: skip
    if not card.face_up:
        raise Illegal(
            "summon.not_gemini",
            reason=Phrase("not_gemini.face_down_gemini_monster", card=Card.of(card)),
        )  # fmt: skip
    if card.gemini:
        raise Illegal("summon.gemini_already", card=Card.of(card))  # fmt: skip
    if tx.board.player(player).normal_summon_used:
        raise Illegal(
            "summon.already_used",
            reason=Phrase("already_used.already_used_turn_normal_2", player=Player(player)),
            cards=(card.id,),
        )  # fmt: skip
    tx.update_card(card.id, gemini=True, summoned_this_turn=True, summon_type="normal")
    tx.set_board(tx.board.with_player(player, normal_summon_used=True))
    tx.emit("summoned", card=card.id, player=player, cause="Normal Summon", gemini=True,
            **{"from": "monsters", "to": "monsters"})  # fmt: skip
    attempted(tx, card.id, "normal")
    tx.finish()
    tx.say(
        "summon.gemini",
        reason=Phrase("gemini.normal_summons_already_face", card=Card.of(card), player=Player(player)),
    )
    return Phrase("summary.gemini_summon", player=Player(player), name=card.name)
