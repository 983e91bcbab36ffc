"""What effects do: one registry from operation name to handler.

A card file names operations by these keys; `engine.cards` refuses a file that names one not
here. Each handler acts through the Tx (so every change leaves an event) and says in words
what it did, so the log a judge reads comes from the same code that acts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.state import Board, CardState, ChainLink, evolve, opponent

if TYPE_CHECKING:
    from engine.cards import Selector, Step
    from engine.tx import Tx


@dataclass(frozen=True, slots=True)
class Context:
    """What an operation needs to know about the link it belongs to."""

    link: ChainLink
    targets: tuple[str, ...]  # the targets still valid at resolution
    answered: ChainLink | None = None  # the link this one responds to, if it is still open
    acted: list[CardState] = field(default_factory=list)  # what the last step acted on ("it")

    def amount(self, tx: Tx, step: Step) -> int:
        """A step's number: written on the card, or read off what the step before acted on."""
        if step.amount == "their_original_atk":
            return sum(tx.board.define(c.id).atk or 0 for c in self.acted)
        return step.amount or 0

    @property
    def player(self) -> str:
        return self.link.player


def select(tx: Tx, ctx: Context, what: str | Selector | None) -> list[CardState]:
    """The cards a step acts on: its targets, the card itself, or every card a selector fits."""
    board = tx.board
    if what in (None, "targets"):
        return [board.cards[t] for t in ctx.targets if t in board.cards]
    if what == "this":
        return [board.cards[ctx.link.card]]
    if what == "that_link":
        answered = ctx.answered
        return [board.cards[answered.card]] if answered and answered.card in board.cards else []
    assert not isinstance(what, str)
    # A card's "all cards" never includes itself while it resolves (Heavy Storm, Dark Hole).
    return [c for c in board.cards.values() if fits(board, c, what, ctx.player) and c.id != ctx.link.card]


def fits(board: Board, card: CardState, sel: Selector, player: str) -> bool:
    """Does a card fit a selector (zone, whose, face) from `player`'s point of view?"""
    zone = "field_spell" if sel.zone == "field" else sel.zone
    if card.zone != zone:
        return False
    if sel.controller == "you" and card.controller != player:
        return False
    if sel.controller == "opponent" and card.controller == player:
        return False
    if sel.position != "any" and card.position != sel.position:
        return False
    if sel.min_atk is not None or sel.max_atk is not None:
        atk = card.atk if card.atk is not None else board.define(card.id).atk or 0
        if sel.min_atk is not None and atk < sel.min_atk:
            return False
        limit = sel.max_atk
        if limit == "controller_lp":
            limit = board.player(card.controller).lp
        if isinstance(limit, int) and atk > limit:
            return False
    if sel.face == "up" and not card.face_up:
        return False
    return not (sel.face == "down" and card.face_up)


def misfit(board: Board, card: CardState | None, sel: Selector, player: str) -> str | None:
    """Why a card no longer fits a selector, in words; None if it fits."""
    if card is None:
        return "is gone"
    zone = "field_spell" if sel.zone == "field" else sel.zone
    if card.zone != zone:
        return f"is no longer there (it is now in the {card.zone.replace('_', ' ')})"
    if not fits(board, card, sel, player):
        if sel.face == "up" and not card.face_up:
            return "is now face-down, and the effect needs a face-up card"
        if sel.face == "down" and card.face_up:
            return "is now face-up, and the effect needs a face-down card"
        if sel.position != "any" and card.position != sel.position:
            return f"is no longer in {sel.position.title()} Position"
        if sel.min_atk is not None or sel.max_atk is not None:
            return "no longer has an ATK the effect can take"
        return "is no longer a card the effect can take"
    return None


def _players(ctx: Context, who: str | None) -> list[str]:
    if who == "opponent":
        return [opponent(ctx.player)]
    if who == "both":
        return [ctx.player, opponent(ctx.player)]
    return [ctx.player]


def _move_all(to: str, event: str) -> Callable[[Tx, Context, Step], str]:
    def handler(tx: Tx, ctx: Context, step: Step) -> str:
        cards = select(tx, ctx, step.cards)
        ctx.acted[:] = cards
        for c in cards:
            tx.move(c.id, to, event=event, cause=ctx.link.card, chain_link=ctx.link.link)
        names = ", ".join(c.id for c in cards) or "nothing"
        return f"{event.replace('_', ' ')}: {names}"

    return handler


def _draw(tx: Tx, ctx: Context, step: Step) -> str:
    from engine.rules.turns import draw

    players = _players(ctx, step.player)
    for p in players:
        draw(tx, p, step.amount or 1, cause=ctx.link.card, chain_link=ctx.link.link)
    n = step.amount or 1
    cards = f"{n} card{'s' if n > 1 else ''}"
    return f"{' and '.join(players)} {'each draw' if len(players) > 1 else 'draws'} {cards}"


def _damage(tx: Tx, ctx: Context, step: Step) -> str:
    players = _players(ctx, step.player or "opponent")
    amount = ctx.amount(tx, step)
    for p in players:
        tx.change_lp(p, -amount, event="damage", cause=ctx.link.card, chain_link=ctx.link.link)
    return f"{' and '.join(players)} {'each take' if len(players) > 1 else 'takes'} {amount} damage"


def _gain(tx: Tx, ctx: Context, step: Step) -> str:
    players = _players(ctx, step.player)
    for p in players:
        tx.change_lp(p, step.amount or 0, event="lp_gained", cause=ctx.link.card,
                     chain_link=ctx.link.link)  # fmt: skip
    return f"{' and '.join(players)} {'each gain' if len(players) > 1 else 'gains'} {step.amount} LP"


def _create_tokens(tx: Tx, ctx: Context, step: Step) -> str:
    """Tokens take the lowest free Main Monster Zones; ids are <player>:<name>#<n>."""
    from engine.cards import load_catalog

    defn = load_catalog()[(step.token or "").lower()]
    created = dict(tx.game.created)
    made = []
    for _ in range(step.amount or 1):
        slot = tx.board.free_slot("monsters", ctx.player)
        if slot is None:
            break
        key = f"{ctx.player}:{defn.name}"
        created[key] = created.get(key, 0) + 1
        card = CardState(id=f"{key}#{created[key]}", name=defn.name, owner=ctx.player,
                         controller=ctx.player, zone="monsters", slot=slot,
                         position=step.position or "attack", token=True,
                         summoned_this_turn=True, summon_type="special")  # fmt: skip
        tx.set_board(tx.board.with_card(card, defn))
        tx.emit("summoned", card=card.id, player=ctx.player, cause=ctx.link.card,
                chain_link=ctx.link.link, to="monsters")  # fmt: skip
        made.append(card.id)
    tx.update(created=tuple(created.items()))
    return f"Special Summons {', '.join(made)}"


def _change_position(tx: Tx, ctx: Context, step: Step) -> str:
    cards = select(tx, ctx, step.cards)
    for c in cards:
        if c.zone != "monsters":
            continue
        to = step.position or ("defense" if c.position == "attack" else "attack")
        tx.update_card(c.id, position=to)
        tx.emit("position_changed", card=c.id, player=c.controller, to=to, cause=ctx.link.card,
                chain_link=ctx.link.link)  # fmt: skip
    return "changes battle positions"


def _flip_face_down(tx: Tx, ctx: Context, step: Step) -> str:
    flipped = []
    for c in select(tx, ctx, step.cards):
        if c.zone == "monsters" and c.position != "set":
            tx.update_card(c.id, position="set")
            tx.emit("position_changed", card=c.id, player=c.controller, to="set",
                    cause=ctx.link.card, chain_link=ctx.link.link)  # fmt: skip
            flipped.append(c.id)
    return f"{', '.join(flipped) or 'nothing'} turned face-down"


def _negate_attack(tx: Tx, ctx: Context, step: Step) -> str:
    battle = tx.game.battle
    if battle is None:
        return "no attack to negate"
    tx.update(battle=None)
    tx.emit("negated", card=battle.attacker, cause=ctx.link.card, chain_link=ctx.link.link,
            what="attack")  # fmt: skip
    return f"negates the attack of {battle.attacker}"


def _forbid_attacks(tx: Tx, ctx: Context, step: Step) -> str:
    for p in _players(ctx, step.player or "opponent"):
        tx.set_board(tx.board.with_player(p, cannot_attack=True))
        tx.emit("restricted", player=p, what="declare attacks", cause=ctx.link.card,
                chain_link=ctx.link.link)  # fmt: skip
    return f"{' and '.join(_players(ctx, step.player or 'opponent'))} cannot declare attacks this turn"


def _negate(flag: str, word: str) -> Callable[[Tx, Context, Step], str]:
    """Negate the activation (or only the effect) of the link this one answers."""

    def handler(tx: Tx, ctx: Context, step: Step) -> str:
        answered = ctx.answered
        if answered is None:
            return f"nothing to negate ({word})"
        chain = tuple(
            evolve(link, **{flag: True}) if link.link == answered.link else link
            for link in tx.game.chain
        )
        tx.update(chain=chain)
        card = tx.board.cards.get(answered.card)
        ctx.acted[:] = [card] if card is not None else []
        tx.emit("negated", card=answered.card, cause=ctx.link.card, chain_link=ctx.link.link,
                what=word, negated_link=answered.link)  # fmt: skip
        return f"negates the {word} of Chain Link {answered.link} ({answered.card})"

    return handler


Handler = Callable[["Tx", Context, "Step"], str]

OPERATIONS: dict[str, Handler] = {
    "destroy": _move_all("graveyard", "destroyed"),
    "send_to_gy": _move_all("graveyard", "sent_to_gy"),
    "banish": _move_all("banished", "banished"),
    "return_to_hand": _move_all("hand", "returned_to_hand"),
    "return_to_deck": _move_all("deck", "returned_to_deck"),
    "draw": _draw,
    "damage": _damage,
    "gain_lp": _gain,
    "create_tokens": _create_tokens,
    "change_position": _change_position,
    "flip_face_down": _flip_face_down,
    "negate_attack": _negate_attack,
    "forbid_attacks": _forbid_attacks,
    "negate_activation": _negate("activation_negated", "activation"),
    "negate_effect": _negate("effect_negated", "effect"),
}
