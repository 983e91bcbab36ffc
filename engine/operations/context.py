"""What every operation shares: the link it belongs to (`Context`, with a step's number), the
cards a step acts on (`select`), and the players and cost cards an effect names."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.explain import Card, CardId, Phrase, Player
from engine.rules.continuous import candidates, fits
from engine.state import CardState, ChainLink, opponent
from engine.vocabulary import AMOUNTS, SELECTORS

if TYPE_CHECKING:
    from engine.cards import Selector, Step
    from engine.tx import Tx


@dataclass(slots=True)
class Context:
    """What an operation needs to know about the link it belongs to."""

    link: ChainLink
    targets: tuple[str, ...]  # the targets still valid at resolution
    answered: ChainLink | None = None  # the link this one responds to, if it is still open
    acted: list[CardState] = field(default_factory=list)  # what the last step acted on ("it")
    choices: dict[str, Any] = field(default_factory=dict)  # the judge's choices for this link
    coin: str | None = None  # this effect's coin toss, once tossed
    # the steps the link does, where they are not its own effect's (a Continuous Trap's "when"
    # effect applied with the card's activation: Fairy Box)
    steps: tuple[Step, ...] = ()
    stopped: bool = False  # the rest of the effect does not happen (Magic Drain's discard)
    # what happens "immediately after this effect resolves" (a summon: Formula Synchron)
    afterwards: list[Callable[[], str | Phrase]] = field(default_factory=list)
    listed: list[CardState] = field(default_factory=list)  # cards a judge-stated resolution names
    tributed: list[CardState] = field(default_factory=list)  # what this effect Tributed (Nibiru)
    lost_this: bool = False  # "this card" moved since the activation, and the link said so
    # the players whose Deck the current step looked through (`select`): shuffled after the step
    # if a card left it (rules.deck)
    searched: set[str] = field(default_factory=set)
    # the players whose Deck the current step looked through for a card and found none that fit:
    # shuffled all the same (rulebook v10: "after any time you search it")
    searched_in_vain: set[str] = field(default_factory=set)

    def amount(self, tx: Tx, step: Step) -> int:
        """A step's number: written on the card, or a named amount read off the board
        (engine.vocabulary.AMOUNTS, engine.operations.amounts)."""
        base = AMOUNTS[step.amount](tx, self) if isinstance(step.amount, str) else step.amount or 0
        if step.per:
            base *= len({c.id for sel in step.per for c in candidates(tx.board, sel)
                         if fits(tx.board, c, sel, self.player)})  # fmt: skip
        return base

    @property
    def player(self) -> str:
        return self.link.player

    last_atk: dict[str, int] = field(default_factory=dict)  # ATK of acted cards as they left

    def chosen(self, tx: Tx, key: str) -> list[CardState] | None:
        """The cards the judge chose for `key` at resolution, or None if none were given."""
        refs = self.choices.get(key)
        if refs is None:
            return None
        from engine.refs import resolve_ref

        flat: list[Any] = []
        for ref in refs if isinstance(refs, list) else [refs]:
            flat += ref if isinstance(ref, list) else [ref]  # an order may nest lists
        return [resolve_ref(tx.board, str(r)) for r in flat]


def select(tx: Tx, ctx: Context, what: str | Selector | None) -> list[CardState]:
    """The cards a step acts on: its targets, the card itself, or every card a selector fits."""
    if what is None or isinstance(what, str):  # a named selector (engine.operations.selectors)
        return SELECTORS[what or "targets"](tx, ctx)
    board = tx.board
    summoned = tx.game.last_summon.cards if tx.game.last_summon else ()
    attacker = tx.game.battle.attacker if tx.game.battle else None
    if what.level == "cost_count":  # "whose Level equals the number banished" (Skull Lair)
        what = what.model_copy(update={"level": len(_cost_cards(tx, ctx))})
    # A card's "all cards" never includes itself while it resolves (Heavy Storm, Dark Hole),
    # unless its text says so (Black Rose Dragon destroys "all cards on the field", itself too).
    found = [c for c in candidates(board, what)
             if (c.id != ctx.link.card or what.include_this)
             and fits(board, c, what, ctx.player, summoned, attacker)]  # fmt: skip
    ctx.searched.update(c.owner for c in found if c.zone == "deck")
    if what.zone == "deck" and not found:  # looked through for a card and none fits (Sangan)
        ctx.searched_in_vain.add(opponent(ctx.player) if what.controller == "opponent" else ctx.player)
    if what.battling:
        battle = tx.game.battle
        found = [c for c in found if battle is not None and c.id in (battle.attacker, battle.target)]
    if what.lowest_atk and found:  # "the one with the lowest ATK (your choice, if tied)"
        from engine.rules.continuous import atk

        low = min(atk(board, c) for c in found)
        found = [c for c in found if atk(board, c) == low]
    return _affected(tx, ctx, found)


def _affected(tx: Tx, ctx: Context, cards: list[CardState]) -> list[CardState]:
    """Leave out the cards this effect does not apply to (unaffected by other cards' effects)."""
    from engine.rules.continuous import unaffected

    kept = []
    for c in cards:
        if unaffected(tx.board, c, ctx.link.card):
            # said once per step, however many parts of the effect it escapes (Horus LV6 and Snatch Steal)
            said = any(e.code == "rule.unaffected" and e.cards == (c.id,) for e in tx.explanations)
            if not said:
                tx.say("rule.unaffected", c=Card.of(c), card=CardId(ctx.link.card), cards=(c.id,))
            continue
        kept.append(c)
    return kept


def _players(ctx: Context, who: str | None) -> list[str]:
    if who == "opponent":
        return [opponent(ctx.player)]
    if who == "both":
        return [ctx.player, opponent(ctx.player)]
    return [ctx.player]


def _pick(tx: Tx, ctx: Context, step: Step, key: str) -> list[CardState]:
    """Cards chosen at resolution: the judge's `choices[key]` among those that fit, else the first."""
    candidates = select(tx, ctx, step.cards)
    count = step.pick or (
        step.cards.count if not isinstance(step.cards, str) and step.cards else len(candidates)
    )
    chosen = ctx.chosen(tx, key)
    if chosen is not None:
        wrong = [c.id for c in chosen if c.id not in {x.id for x in candidates}]
        if wrong:
            tx.say(
                "choice.not_allowed",
                reason=Phrase(
                    "not_allowed.cannot_chosen_for_here",
                    wrong=[CardId(i) for i in wrong],
                    key_=key,
                ),
                cards=(*wrong,),
            )  # fmt: skip
        return [c for c in chosen if c.id not in wrong][:count]
    picked = candidates[:count]
    if picked and len(candidates) > count:
        first_legal(tx, ctx, key, picked)
    return picked


def first_legal(tx: Tx, ctx: Context, key: str, cards: list[CardState], taken: Phrase | None = None,
                what: str | None = None) -> None:  # fmt: skip
    """Say that a choice the judge did not give (`choices: {key: ...}`) was made by the engine,
    which took the first legal option: the resolving card, what the choice was for, and what it
    took (`cards`, or `taken` in words where the option is not a card, such as a position);
    `what` names the choice where the key alone does not (a declared Monster Type)."""
    tx.say(
        "choice.engine_picked",
        reason=Phrase(
            "engine_picked.first_legal",
            card=CardId(ctx.link.card),
            what=Phrase("choice_of." + (what or key)),
            key_=key,
            picked=taken if taken is not None else [CardId(c.id) for c in cards],
        ),
        cards=tuple(c.id for c in cards),
    )  # fmt: skip


def summon_forbidden(tx: Tx, ctx: Context, player: str) -> bool:
    """Does a card `player` activated this turn forbid them to Summon other monsters (Scapegoat),
    so that this effect cannot Summon for them? Said when it does; the resolving card's own
    effect is the exception (Scapegoat's Tokens)."""
    from engine.rules.common import summons_locked

    source = summons_locked(tx.board, player, ctx.link.card)
    if source is None:
        return False
    what = Phrase("locked_summon.by_effect", card=CardId(ctx.link.card))
    tx.say("summon.locked_this_turn", player=Player(player), source=CardId(source), what=what,
           cards=(source, ctx.link.card))  # fmt: skip
    return True


def summon_zone(tx: Tx, ctx: Context, player: str, n: int = 0) -> int | None:
    """The Main Monster Zone the `n`-th monster an effect Summons for `player` goes to: the one
    the judge names in `choices: {zone: ...}` (3, "M3", "A:M3", or a list, one per monster), if it
    is free; else the lowest free one, as the format says for a zone left unsaid (a zone named
    that is not free is said, and not used). None: no zone is free."""
    free = tx.board.free_slot("monsters", player)
    given = ctx.choices.get("zone")
    wanted = (given[n] if n < len(given) else None) if isinstance(given, list) else given if n == 0 else None
    if wanted is None:
        return free
    slot = _zone_number(wanted, player)
    if slot is None or slot in {c.slot for c in tx.board.in_zone("monsters", player)}:
        tx.say("choice.not_allowed", reason=Phrase("not_allowed.zone_not_free", zone=str(wanted)[:20],
               player=Player(player)), cards=())  # fmt: skip
        return free
    return slot


def _zone_number(value: Any, player: str) -> int | None:
    """A Main Monster Zone as `choices.zone` names it (3, "3", "M3", "A:M3"), or None."""
    if isinstance(value, bool):
        return None
    text = str(value).strip().upper()
    if text.startswith(f"{player}:"):
        text = text[2:]
    text = text.removeprefix("M")
    return int(text) if text.isdigit() and 1 <= int(text) <= 5 else None


def summon_position(ctx: Context, step: Step | None) -> str | None:
    """The battle position an effect Summons in: the one the card's step fixes ("in Attack
    Position": not the player's to choose), else the judge's `choices: {position: ...}`; None
    where neither says (see `unsaid_position`)."""
    if step is not None and step.position:
        return step.position
    given = ctx.choices.get("position")
    return str(given) if given in ("attack", "defense", "set") else None


def unsaid_position(tx: Tx, ctx: Context, summoned: list[CardState]) -> None:
    """Monsters an effect Summoned in face-up Attack Position because no one said which position
    (the first legal option): say so, but for Link Monsters, which are never in Defense Position."""
    free = [c for c in summoned if "link" not in tx.board.define(c.id).subtypes]
    if free:
        first_legal(tx, ctx, "position", free, taken=Phrase("position_taken.attack"))


def _cost_cards(tx: Tx, ctx: Context, key: str | None = None) -> list[str]:
    """The cards paid as this link's cost (of one kind, or all of them), by id."""
    from engine.refs import resolve_ref

    ids = []
    for kind, value in ctx.link.cost:
        if key is not None and kind != key or kind == "pay_lp":
            continue
        for ref in value if isinstance(value, list) else [value]:
            ids.append(resolve_ref(tx.board, str(ref)).id)
    return ids


Handler = Callable[["Tx", Context, "Step"], "str | Phrase"]
