"""What the game checks by itself after every action and every Chain Link: no chain, no choice.

- An Equip Card whose monster left the field (or is face-down) is destroyed (rulebook,
  "Equip Spell Cards"); a monster bound to a card that left the field (Call of the Haunted,
  Premature Burial) is destroyed with it, unless that card's effects were negated as it left
  (Jinzo brought back by Call of the Haunted negates it, so Jinzo stays: Eternity card of the
  day, Call of the Haunted, 2004).
- A player at 0 LP loses; both at once is a draw. A player holding all five pieces of Exodia
  wins (rulebook, "Winning the Duel"). These are checked between links, never in the middle of
  one link's resolution (Advanced Rules, "Winning in a Chain": Graceful Charity).
- Maintenance costs are paid in the Standby Phase whether or not the card's effect is negated
  (Advanced Rules, "Costs": Imperial Order vs Messenger of Peace, Jinzo vs Imperial Order).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.explain import Card, CardId, Phrase, Player
from engine.rules import abilities, duel, lasting_moments
from engine.rules.continuous import FIELD, holder, negated_by
from engine.state import Board, CardState, evolve, opponent

if TYPE_CHECKING:
    from engine.cards import CardDef
    from engine.tx import Tx

EXODIA = frozenset({
    "exodia the forbidden one", "left arm of the forbidden one", "right arm of the forbidden one",
    "left leg of the forbidden one", "right leg of the forbidden one",
})  # fmt: skip


def settle(tx: Tx) -> None:
    """Run every check the game makes between actions, until nothing more changes."""
    if tx.game.result is not None:
        return
    lasting_moments.watch(tx)  # Maxx "C" draws, summons counted, Droll & Lock Bird's cue
    while _orphans(tx) or _control_returns(tx) or abilities.settle(tx):  # Toons go with Toon World
        pass
    abilities.check_wins(tx)  # by counters (Vennominaga); the Match win of Victory Dragon
    duel.check_life_points(tx)
    _check_exodia(tx)


def _orphans(tx: Tx) -> bool:
    """Destroy one equip or bound card whose partner left; True if something was destroyed."""
    board = tx.board
    for card in board.on_field():
        partner_id = card.bound_to if card.zone == "monsters" else card.equipped_to
        if partner_id is None:
            continue
        partner = board.cards.get(partner_id)
        if card.zone == "monsters":  # a monster bound to the card that brought it back
            gone = partner is not None and partner.zone not in FIELD
            # returned or banished, not destroyed: "When this card is destroyed" (Premature Burial)
            until_destroyed = holder("bound_until_destroyed")
            only_if_destroyed = partner is not None and until_destroyed(board.define(partner.id))
            if gone and partner is not None and partner.zone != "graveyard" and only_if_destroyed:
                tx.update_card(card.id, bound_to=None)
                tx.say("rule.bound_monster_stays_not_destroyed", card=CardId(card.id),
                       partner=CardId(partner_id), cards=(card.id,))  # fmt: skip
                return True
            if gone and partner is not None and (by := _negated_as_it_left(board, partner)) is not None:
                tx.update_card(card.id, bound_to=None)
                tx.say("rule.bound_monster_stays", card=CardId(card.id), partner=CardId(partner_id),
                       by=Card.of(by), cards=(card.id, by.id))  # fmt: skip
                return True
            if partner is None or partner.zone not in FIELD or not partner.face_up:
                tx.move(card.id, "graveyard", event="destroyed", cause=partner_id)
                tx.say(
                    "rule.bound_monster_destroyed",
                    card=CardId(card.id),
                    partner=CardId(partner_id),
                    cards=(card.id,),
                )  # fmt: skip
                return True
            continue
        if partner is None or partner.zone != "monsters" or not partner.face_up:
            defn = board.define(card.id)
            if defn.spell_trap_kind == "continuous" and partner is not None and partner.zone != "graveyard":
                continue  # Call of the Haunted stays when its monster is not destroyed
            tx.move(card.id, "graveyard", event="destroyed", cause="rule: equip")
            tx.say(
                "rule.equip_destroyed",
                reason=Phrase(
                    "equip_destroyed.no_longer_attached_face",
                    card=Card.of(card),
                    partner=CardId(partner_id),
                ),
                cards=(card.id,),
            )  # fmt: skip
            return True
    return False


def _negated_as_it_left(board: Board, partner: CardState) -> CardState | None:
    """What negated the effects of a Spell/Trap that brought a monster back, as it left the field:
    its "when this card leaves the field, destroy that monster" does not apply then. Read off the
    field as it stands right after (the negator, such as Jinzo, is still there)."""
    if board.define(partner.id).is_monster:
        return None
    was = evolve(partner, zone="spell_traps", face="up")
    return negated_by(board, was)


def _check_exodia(tx: Tx) -> None:
    if len(tx.board.defined("exodia", _exodia_piece)) < len(EXODIA):
        return  # not every piece is in this replay: nobody can hold them all
    holders = []
    for player in ("A", "B"):
        names = {tx.board.cards[c].name.lower() for c in tx.board.player(player).hand}
        if names >= EXODIA:
            holders.append(player)
    if len(holders) == 2:
        duel.end_duel(tx, None, "exodia")
        tx.say("duel.exodia", reason=Phrase("exodia.both_players_hold_all"))
    elif holders:
        winner = holders[0]
        duel.end_duel(tx, winner, "exodia")
        tx.say(
            "duel.exodia",
            reason=Phrase(
                "exodia.holds_all_five_pieces",
                winner=Player(winner),
                opponent=Player(opponent(winner)),
            ),
        )  # fmt: skip


def _exodia_piece(defn: CardDef) -> bool:
    return defn.name.lower() in EXODIA


def maintenance(tx: Tx, declined: frozenset[str] = frozenset()) -> None:
    """The maintenance costs due as the Standby (or End) Phase begins: the turn player's, and the
    opponent's that are due in every turn (Imperial Order).

    Paid if possible, unless the judge lists the card under `choices: {destroy: [...]}`;
    unpaid, the card is destroyed. Negating the card's effect does not waive the cost.
    """
    phase = tx.board.phase
    player = tx.board.turn_player
    for card in (*tx.board.on_field(player), *tx.board.on_field(opponent(player))):
        if not card.face_up:
            continue
        for effect in tx.board.define(card.id).effects:
            if effect.kind != "maintenance" or effect.phase != phase:
                continue
            if card.controller != player and not effect.every_turn:
                continue
            # "you must pay ... (this is not optional)" (Terrorking Archfiend): paid if possible
            forced = card.id in declined and not effect.optional
            # due in the opponent's Standby Phase too: say why (its text's "during the Standby Phase")
            due = Phrase("maintenance.every_turn", turn_player=Player(player)) if card.controller != player \
                else Phrase("nothing")  # fmt: skip
            _pay_or_destroy(tx, card.id, effect.cost, card.id in declined and effect.optional, forced, due)


def _counter_holder(tx: Tx, card: CardState) -> CardState:
    """Where a counter maintenance cost is taken from: Armor Exe removes 1 Spell Counter from
    anywhere on its controller's field (the card itself first, then the first face-up card that
    holds a Spell Counter)."""
    if card.counters:
        return card
    for other in tx.board.on_field(card.controller):
        if other.face_up and any(
            "spell" in name.lower() for name, n in other.counters if n > 0
        ):  # fmt: skip
            return evolve(other, counters=tuple((k, v) for k, v in other.counters if "spell" in k.lower()))
    return card


def _control_returns(tx: Tx) -> bool:
    """A monster whose control a card gave only while it stays equipped to it (Snatch Steal)
    goes back to its owner once that card is gone, no longer equipped to it, or negated."""
    for card in tx.board.in_zone("monsters"):
        source_id = card.controlled_by
        if source_id is None or card.controller == card.owner:
            continue
        source = tx.board.cards.get(source_id)
        if source is not None and source.zone in FIELD and source.face_up and (
            source.equipped_to == card.id and negated_by(tx.board, source) is None
        ):  # fmt: skip
            continue
        slot = tx.board.free_slot("monsters", card.owner)
        if slot is None:
            tx.move(card.id, "graveyard", event="sent_to_gy", cause="rule: no free zone")
            tx.say(
                "rule.control_returned",
                reason=Phrase(
                    "control_returned.control_goes_back_who",
                    card=CardId(card.id),
                    owner=Player(card.owner),
                ),
            )  # fmt: skip
            return True
        tx.set_board(tx.board.with_card(evolve(card, controller=card.owner, slot=slot,
                                                controlled_by=None)))  # fmt: skip
        tx.emit("control_changed", card=card.id, player=card.owner, cause=source_id)
        tx.say(
            "rule.control_returned",
            reason=Phrase(
                "control_returned.no_longer_gives_control",
                source=CardId(source_id),
                card=CardId(card.id),
                owner=Player(card.owner),
            ),
            cards=(card.id, source_id),
        )  # fmt: skip
        return True
    return False


def _pay_or_destroy(tx: Tx, card_id: str, cost: dict, declined: bool, forced: bool = False,
                    due: Phrase | None = None) -> None:  # fmt: skip
    card = tx.card(card_id)
    player = card.controller
    lp_due = int(cost.get("pay_lp", 0))
    counters_due = int(cost.get("remove_counters", 0))
    holder = _counter_holder(tx, card) if counters_due else card
    counters = dict(holder.counters)
    have = sum(counters.values())
    payable = tx.board.player(player).lp >= lp_due and have >= counters_due
    what = (
        Phrase(
            "maintenance.lp",
            lp=lp_due,
        )
        if lp_due
        else Phrase("maintenance.counters", count=counters_due)
    )
    if counters_due and holder.id != card.id:
        what = Phrase("maintenance.counters_from", count=counters_due, holder=Card.of(holder))
    tributes_due = int(cost.get("tribute", 0))  # "Tribute 1 monster or destroy this card"
    if tributes_due:
        from engine.rules.continuous import first

        fodder = tx.board.monsters(player)[:tributes_due]
        payable = len(fodder) == tributes_due and first(tx.board, "forbid_tributes") is None
        what = Phrase("maintenance.tributes", count=tributes_due)
    if payable and not declined:
        if lp_due:
            tx.change_lp(player, -lp_due, event="lp_paid", cause=f"maintenance of {card_id}")
        for monster in fodder if tributes_due else ():
            tx.move(monster.id, "graveyard", event="tributed", cause=f"maintenance of {card_id}")
            what = Phrase("maintenance.tributed", monster=CardId(monster.id), player=Player(player))
        if counters_due:
            name = next(iter(counters))
            counters[name] -= counters_due
            tx.update_card(holder.id, counters=tuple((k, v) for k, v in counters.items() if v > 0))
            tx.emit("counters_removed", card=holder.id, amount=counters_due, what=name,
                    cause=f"maintenance of {card_id}")  # fmt: skip
        tx.emit("cost_paid", card=card_id, player=player, what="maintenance")
        negator = negated_by(tx.board, card)
        tx.say(
            "cost.maintenance_paid",
            player=Player(player),
            what=what,
            card=Card.of(card),
            negated=Phrase("maintenance.negated", negator=Card.of(negator)) if negator else Phrase("nothing"),
            forced=Phrase("maintenance.forced") if forced else Phrase("nothing"),
            due=due or Phrase("nothing"),
            cards=(card_id,),
        )  # fmt: skip
        return
    tx.move(card_id, "graveyard", event="destroyed", cause=f"maintenance of {card_id} not paid")
    why = Phrase("maintenance.declined" if payable else "maintenance.cannot_pay")
    tx.say(
        "cost.maintenance_unpaid",
        player=Player(player),
        why=why,
        what=what,
        card=Card.of(card),
        due=due or Phrase("nothing"),
        cards=(card_id,),
    )  # fmt: skip
