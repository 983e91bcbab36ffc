"""Judge-stated resolution: what a link did, said by the judge instead of read from the card.

A card the library has no operations for (an imported card, a card not written yet) can still
be played: the `activate` action carries `resolution`, a list of what happened when the link
resolved. The engine applies it as if the card said so, with every timing rule: costs are paid
at activation, targets are checked again at resolution, the moves set off triggers, and each
later entry happens after the one before (as "then"), so a "When" trigger of an earlier entry
misses the timing. Several keys in one entry happen at the same time.

One place for the vocabulary (`CARD_VERBS`, `PLAYER_VERBS`, ...): the scenario checks use it,
and so does the workspace's action builder.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.explain import CardId, Phrase, Player, Zone
from engine.operations import OPERATIONS, Context
from engine.operations.moves import _move_all
from engine.refs import resolve_ref
from engine.rules.deck import known_decks, shuffle_searched

if TYPE_CHECKING:
    from engine.state import CardState
    from engine.tx import Tx

ON_FIELD = ("monsters", "spell_traps", "field_spell")
# the verbs that, naming a card in a Deck, say the Deck was searched (rules.deck: shuffled after);
# a card sent or banished from a Deck may be its top card instead (Don Zaloog), so those do not
SEARCHING_VERBS = frozenset({"add_to_hand", "special_summon"})
# verb -> the zones a card must be in for the verb to act on it
CARD_VERBS: dict[str, tuple[str, ...]] = {
    "destroy": ON_FIELD,
    "send_to_gy": (*ON_FIELD, "hand", "deck", "extra_deck"),
    "banish": (*ON_FIELD, "hand", "deck", "extra_deck", "graveyard"),
    "return_to_hand": (*ON_FIELD, "graveyard", "banished"),
    "return_to_deck": (*ON_FIELD, "hand", "graveyard", "banished"),
    "add_to_hand": ("deck", "graveyard", "banished"),
    "discard": ("hand",),
    "special_summon": ("hand", "deck", "extra_deck", "graveyard", "banished"),
    "flip_face_down": ("monsters",),
    "flip_face_up": ("monsters",),
    "take_control": ("monsters",),
}
PLAYER_VERBS = ("damage", "gain_lp", "draw")  # {A: n}
STAT_VERBS = ("change_atk",)  # {card: +/-n}
LINK_VERBS = ("negate_activation", "negate_effect")  # "link:N"
VERBS = (*CARD_VERBS, *PLAYER_VERBS, *STAT_VERBS, *LINK_VERBS)
_OPS = {"discard": _move_all("graveyard", "discarded")}  # the stated cards, not a count
# Where an effect whose kind the judge states may work from: wherever the monster is but the Decks
# (its text, which would say, is not in the library).
STATED_FROM = ("field", "hand", "graveyard", "banished")


def stated_effect(tx: Tx, card: CardState, kind: str) -> int:
    """The number of the effect of this `kind` ("ignition", "quick", "trigger") a judge states for
    a monster with no written effect (`effect_kind`): one is added to the card's definition the
    first time, with no steps, and used from then on; it is activated as that kind is (Spell Speed
    1, 2, 1; an Ignition Effect in its controller's Main Phase with no chain open; a Trigger Effect
    in the window after its event, as any stated trigger). A card with written effects (read from
    its text, or in the library) has none to state: Illegal."""
    from engine.cards import Effect
    from engine.errors import Illegal
    from engine.explain import Card

    defn = tx.board.define(card.id)
    for n, effect in enumerate(defn.effects, start=1):
        if effect.kind == kind and _stated_shape(effect):
            return n
    if not defn.is_monster or any(not _stated_shape(e) for e in defn.effects):
        raise Illegal("activate.kind_of_written_effect", card=Card.of(card), cards=(card.id,))
    effect = Effect(kind=kind, works_from=list(STATED_FROM))  # type: ignore[arg-type]
    tx.set_board(tx.board.with_card(tx.board.cards[card.id], defn.model_copy(update={"effects": [
        *defn.effects, effect]})))  # fmt: skip
    return len(defn.effects) + 1


def _stated_shape(effect: Any) -> bool:
    """An effect a judge stated the kind of: no steps, no event, nothing it applies."""
    return effect.kind in ("ignition", "quick", "trigger") and not (effect.do or effect.event or effect.apply)


def apply(tx: Tx, ctx: Context, stated: tuple[tuple[tuple[str, Any], ...], ...]) -> list[str | Phrase]:
    """Apply the judge's entries in order; returns what each did, in words."""
    from engine.cards import Step

    done: list[str | Phrase] = []
    lost = set(ctx.link.targets) - set(ctx.targets)  # targets no longer valid: not affected
    for n, entry in enumerate(stated):
        if n:
            tx.finish()  # a later entry happens after the one before ("then")
        for verb, value in entry:
            if verb in CARD_VERBS:
                ctx.listed = _reachable(tx, ctx, verb, value, lost)
                step = Step(op=verb, cards="listed")
                # a card added or Summoned from a Deck was searched for: that Deck is shuffled after
                searching = verb in SEARCHING_VERBS
                searched = {c.owner for c in ctx.listed if c.zone == "deck"} if searching else set()
                before = known_decks(tx)
                done.append(_OPS.get(verb, OPERATIONS[verb])(tx, ctx, step))
                shuffle_searched(tx, searched, before)
                continue
            elif verb in PLAYER_VERBS:
                for player, amount in value.items():
                    who = "you" if player == ctx.player else "opponent"
                    step = Step(op=verb, player=who, amount=int(amount))
                    done.append(OPERATIONS[verb](tx, ctx, step))
                continue
            elif verb in STAT_VERBS:
                for ref, amount in value.items():
                    ctx.listed = _reachable(tx, ctx, verb, [ref], lost)
                    done.append(OPERATIONS[verb](tx, ctx, Step(op=verb, cards="listed", amount=int(amount))))
                continue
            else:
                ctx.answered = next((lk for lk in tx.game.chain if f"link:{lk.link}" == value), None)
                step = Step(op=verb)
            done.append(_OPS.get(verb, OPERATIONS[verb])(tx, ctx, step))
    return done


def _reachable(tx: Tx, ctx: Context, verb: str, refs: list[str], lost: set[str]) -> list[CardState]:
    """The stated cards the verb can still act on; each one skipped is said, with why."""
    zones = CARD_VERBS.get(verb, ("monsters",))
    out = []
    for ref in refs:
        card = resolve_ref(tx.board, ref)
        if card.id in lost:
            continue  # already said: the target is no longer valid, so it is not affected
        if card.zone not in zones:
            tx.say(
                "stated.card_not_there",
                card=CardId(ctx.link.card),
                verb=Zone(verb),
                card2=CardId(card.id),
                controller=Player(card.controller),
                zone=Zone(card.zone),
                cards=(card.id, ctx.link.card),
            )  # fmt: skip
            continue
        out.append(card)
    return out
