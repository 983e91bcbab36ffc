"""What stops an activation outright, and what an activation leaves behind for the turn.

- Once per turn: "Once per turn" (soft: this copy), "You can only use this effect of X once per
  turn" (hard: any copy) and "You can only activate 1 X per turn" (card_activation) are used up
  by the activation itself, even if it is negated (rulebook, "Once per turn" effects; the
  cards' rulings: Lightning Storm, Triple Tactics Talent, Pot of Prosperity).
- Necrovalley (Yugipedia, Card Rulings:Necrovalley; its current text): cards in the GY cannot be
  banished, so a cost or an effect that would banish one cannot be activated; an effect that
  would move a card in the GY elsewhere (Monster Reborn) CAN be activated, and is negated as it
  resolves while Necrovalley applies.
- A monster that "cannot activate its effects this turn" (Level Modulation).
- A name its player "cannot activate cards, or the effects of cards, with" for the rest of the turn
  (Sangan, Witch of the Black Forest: the name of the card they added; their 2017 errata).
- What the turn remembers: a monster effect activated in a Main Phase (Triple Tactics Talent
  asks about the opponent's), "you cannot draw by card effects the turn you activate this card"
  (Pot of Prosperity: applies from the activation on, even if it is negated).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.cards import CardDef, Effect, Selector
from engine.errors import Illegal
from engine.explain import Card, Phrase, Player
from engine.refs import resolve_ref
from engine.rules import continuous
from engine.rules.common import MAIN_PHASES
from engine.rules.lasting import deck_locked, effects_negated
from engine.state import Board, CardState, ChainLink, Lasting, evolve

if TYPE_CHECKING:
    from engine.document import ActionEntry
    from engine.tx import Tx

# conditions of effects activated "during damage calculation", the one window they have (Kuriboh)
DURING_DAMAGE_CALCULATION = frozenset(
    {"damage_calculation_opponent_attacks", "damage_calculation_this_attacked"}
)
# operations that take a card from where it is to somewhere else
MOVING_OPS = frozenset({"banish", "return_to_hand", "return_to_deck", "shuffle_into_deck", "special_summon",
                        "add_to_hand", "send_to_gy", "equip", "destroy_and_banish",
                        "borrow_from_gy"})  # fmt: skip


@dataclass(frozen=True, slots=True)
class InForce:
    """The locks in force on a board that any activation is checked against, each the card (or
    lasting effect) that imposes it, or None."""

    deck: Lasting | None  # no card added from a Main Deck to the hand (Droll & Lock Bird)
    traps: CardState | None  # no Trap Card activated (Jinzo)
    tributes: CardState | None  # no Tribute (Mask of Restrict)
    graveyard: CardState | None  # no card in the GY banished (Necrovalley)


def in_force(board: Board) -> InForce:
    """The board's locks, read once per board: `legal` checks every card in reach against the
    same board."""
    return board.derive("activation_locks", _in_force)


def _in_force(board: Board) -> InForce:
    return InForce(
        deck=deck_locked(board),
        traps=continuous.first(board, "negate_trap_cards"),
        tributes=continuous.first(board, "forbid_tributes"),
        graveyard=continuous.first(board, "lock_graveyard"),
    )


def once_key(card: CardState, defn: CardDef, effect: Effect) -> str | None:
    """What a once-per-turn limit is counted by: this copy (soft) or the card's name (hard), and
    the effect's number (as the text counts them) when the card has more than one limited effect
    ("each effect once per turn" is a separate limit per effect). The board format lists these
    keys in `used_this_turn`."""
    if effect.once_per_turn in ("soft", "shared"):  # shared: a Union's "equip OR unequip"
        key = card.id
    elif effect.once_per_turn in ("hard", "card_activation"):
        key = defn.name
    else:
        return None
    limited = {
        defn.numbered(i)[0]
        for i, e in enumerate(defn.effects, start=1)
        if e.once_per_turn in ("soft", "hard")
    }  # the choices of one effect share its limit
    if effect.once_per_turn in ("soft", "hard") and len(limited) > 1:
        key += f" (effect {defn.numbered(defn.effects.index(effect) + 1)[0]})"
    return key


def _used_while_face_up(card: CardState, defn: CardDef, effect: Effect) -> tuple[int, str, str]:
    """What the game remembers of a "once while face-up" effect used: for as long as the card
    stays face-up on the field (turn 0: `Game.memory`)."""
    return (0, card.id, f"used_while_face_up:{defn.numbered(defn.effects.index(effect) + 1)[0]}")


def check(tx: Tx, player: str, card: CardState, defn: CardDef, effect: Effect, action: ActionEntry) -> None:
    """Raise Illegal if a limit or a face-up card's effect forbids this activation now."""
    board = tx.board
    if (
        effect.once_per_turn == "once_while_face_up"
        and _used_while_face_up(card, defn, effect) in tx.game.memory
    ):
        raise Illegal("activate.once_while_face_up", card=Card.of(card), cards=(card.id,))
    key = once_key(card, defn, effect) if effect.once_per_turn != "none" else None
    if key is not None and key in board.player(player).used_this_turn:
        what = Phrase("once_per_turn." + str(effect.once_per_turn), name=defn.name)
        raise Illegal(
            "activate.once_per_turn",
            player=Player(player),
            name=defn.name,
            what=what,
            cards=(card.id,),
        )  # fmt: skip
    for item in board.lasting:  # Sangan, Witch of the Black Forest: "cannot activate ... that name"
        if item.what == "names_locked" and item.player == player and item.name == defn.name and (
            item.until_turn >= board.turn
        ):  # fmt: skip
            raise Illegal(
                "activate.locked",
                reason=Phrase(
                    "locked.name_this_turn",
                    player=Player(player),
                    name=defn.name,
                    source=Card.of(tx.card(item.source)),
                ),  # fmt: skip
                cards=(card.id, item.source),
            )

    if effect.kind != "activation" and defn.is_monster and (lock := effects_negated(board, card.id)):
        raise Illegal(
            "activate.locked",
            reason=Phrase(
                "locked.cannot_activate_effects_turn",
                card=Card.of(card),
                source=Card.of(tx.card(lock.source)),
            ),
            cards=(card.id, lock.source),
        )  # fmt: skip
    valley = in_force(board).graveyard
    if valley is None:
        return
    for key, value in action.cost.items():
        if key != "banish":
            continue
        for ref in value if isinstance(value, list) else [value]:
            if resolve_ref(tx.board, str(ref)).zone == "graveyard":
                raise Illegal(
                    "activate.locked",
                    reason=Phrase("locked.face_up_cards_gy_2", card=Card.of(card), valley=Card.of(valley)),
                )  # fmt: skip
    refs = [resolve_ref(tx.board, r) for r in action.answers if not r.startswith("link:") and r != "summon"]
    if _banishes_from_gy(effect, refs):
        raise Illegal(
            "activate.locked",
            reason=Phrase("locked.face_up_cards_gy", card=Card.of(card), valley=Card.of(valley)),
        )  # fmt: skip


def _banishes_from_gy(effect: Effect, targets: list[CardState]) -> bool:
    for step in effect.do:
        if step.op not in ("banish", "destroy_and_banish"):
            continue
        if step.cards in (None, "targets") and any(t.zone == "graveyard" for t in targets):
            return True
        if isinstance(step.cards, Selector) and step.cards.zone == "graveyard":
            return True
    return False


def record(tx: Tx, player: str, card: CardState, defn: CardDef, effect: Effect) -> None:
    """What this activation leaves for the rest of the turn (once-per-turn use, and the rest)."""
    if effect.once_per_turn == "once_while_face_up":  # forgotten once it leaves the field (rules.triggers)
        tx.update(memory=(*tx.game.memory, _used_while_face_up(card, defn, effect)))
    key = once_key(card, defn, effect)
    me = tx.board.player(player)
    if key is not None and key not in me.used_this_turn:
        tx.set_board(tx.board.with_player(player, used_this_turn=(*me.used_this_turn, key)))
    if defn.is_monster and effect.kind != "activation" and tx.board.phase in MAIN_PHASES:
        flag = f"monster_effect_main:{player}"
        if flag not in tx.board.flags:
            tx.set_board(evolve(tx.board, flags=(*tx.board.flags, flag)))
    if effect.requires is not None and effect.requires.no_effect_draw_this_turn:
        from engine.rules.lasting import add

        add(tx, Lasting(what="no_effect_draws", player=player, source=card.id,  # type: ignore[arg-type]
                        until_turn=tx.board.turn))  # fmt: skip


def graveyard_lock(tx: Tx, link: ChainLink, effect: Effect, valid: tuple[str, ...]) -> CardState | None:
    """The Necrovalley that negates this resolving effect (it would move a card in the GY), if any."""
    valley = continuous.first(tx.board, "lock_graveyard")
    if valley is None or valley.id == link.card:
        return None
    board = tx.board
    for step in effect.do:
        if step.op not in MOVING_OPS:
            continue
        if step.cards in (None, "targets") and any(board.cards[t].zone == "graveyard" for t in valid):
            return valley
        if step.cards == "this" and board.cards[link.card].zone == "graveyard":
            return valley
        if isinstance(step.cards, Selector) and step.cards.zone == "graveyard":
            return valley
    return None


def trap_from_hand(effect: Effect, controls_nothing: bool) -> bool:
    """ "If you control no cards, you can activate this card from your hand" (Evenly Matched)."""
    return effect.from_hand_if_no_cards and controls_nothing


def requires_missing(tx: Tx, player: str, card: CardState, req: object) -> list[Phrase]:
    """This module's board-state conditions ("Activate only if ..."), in words, where unmet."""
    from engine.cards import Requires
    from engine.state import opponent

    assert isinstance(req, Requires)
    board = tx.board
    mine = board.on_field(player)
    theirs = board.on_field(opponent(player))
    problems = []
    if req.you_control_no_face_up and any(c.face_up and c.id != card.id for c in mine):
        problems.append(Phrase("requires.no_face_up", player=Player(player)))
    # the card itself counts: from the hand it will be on the field (Evenly Matched's rulings)
    if req.opponent_controls_more and len(theirs) <= len(mine) + (card.zone not in continuous.FIELD):
        problems.append(
            Phrase(
                "requires.opponent_controls_more",
                foe=Player(opponent(player)),
                player=Player(player),
            )
        )
    if req.battling is not None:
        battle = tx.game.battle
        fighters = [board.cards[i] for i in ((battle.attacker, battle.target) if battle else ())
                    if i is not None and i in board.cards]  # fmt: skip
        if not any(c.face_up and continuous.matches(board, c, req.battling, player) for c in fighters):
            problems.append(Phrase("requires.battling"))
    if req.no_effect_draw_this_turn and f"drew_by_effect:{player}" in board.flags:
        problems.append(Phrase("requires.no_effect_draw", player=Player(player)))
    if req.nothing_equipped and any(c.equipped_to == card.id and board.define(c.id).is_monster
                                    for c in board.in_zone("spell_traps")):  # fmt: skip
        problems.append(Phrase("requires.nothing_equipped", card=Card.of(card)))
    return problems
