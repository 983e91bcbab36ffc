"""Setting Spell and Trap Cards. Source: Official Rulebook v10, "Spell & Trap Cards"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.errors import Illegal
from engine.explain import Card, Phrase, Player
from engine.rules.common import (
    own_card,
    require_main_phase,
    require_open_state,
    require_turn_player,
)

if TYPE_CHECKING:
    from engine.document import ActionEntry
    from engine.tx import Tx


def set_spell_trap(tx: Tx, action: ActionEntry) -> str | Phrase:
    require_turn_player(tx, action, "Set a Spell or Trap")
    require_open_state(tx, "Set a card")
    require_main_phase(tx, "Set a Spell or Trap")
    player = action.player or ""
    card = own_card(tx, action.card or "", player, "hand", "Set")
    defn = tx.board.define(card.id)
    if defn.spell_trap_kind == "field":
        old = tx.board.field_spell(player)
        if old is not None:
            tx.move(old.id, "graveyard", event="sent_to_gy", cause="a new Field Spell")
            tx.say(
                "set.field_spell_replaced",
                reason=Phrase(
                    "field_spell_replaced.places_new_field_spell",
                    old=Card.of(old),
                    player=Player(player),
                ),
            )  # fmt: skip
        tx.move(card.id, "field_spell", event="set", face="down")
        tx.update_card(card.id, set_this_turn=True)
        tx.finish()
        tx.say(
            "set.spell_trap",
            reason=Phrase("spell_trap.sets_face_down_field", card=Card.of(card), player=Player(player)),
        )
        return Phrase("summary.set_field_spell", player=Player(player))
    slot = action.zone if isinstance(action.zone, int) else tx.board.free_slot("spell_traps", player)
    if slot is None:
        raise Illegal("zone.full", reason=Phrase("full.all_spell_trap_zones", player=Player(player)))
    if not 1 <= slot <= 5 or tx.board.occupant("spell_traps", player, slot) is not None:
        raise Illegal(
            "zone.occupied",
            reason=Phrase("occupied.spell_trap_zone_not", player=Player(player), slot=slot),
        )
    tx.move(card.id, "spell_traps", event="set", slot=slot, face="down")
    tx.update_card(card.id, set_this_turn=True)
    tx.finish()
    later = Phrase("set.not_this_turn" if defn.card_type == "trap" or defn.spell_trap_kind == "quick-play"
                   else "nothing")  # fmt: skip
    tx.say(
        "set.spell_trap",
        reason=Phrase(
            "spell_trap.sets_card_face_down",
            card=Card.of(card),
            player=Player(player),
            slot=slot,
            later=later,
        ),
    )  # fmt: skip
    return Phrase("summary.set_spell_trap", player=Player(player), name=card.name)
