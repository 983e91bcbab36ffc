"""Checks many procedures share: who may act now, and whether a card is where it must be."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.errors import Illegal
from engine.explain import CardId, Phase, Phrase, Player, Zone, article
from engine.refs import resolve_ref
from engine.state import CardState, opponent

if TYPE_CHECKING:
    from engine.cards import Selector
    from engine.document import ActionEntry
    from engine.state import Board
    from engine.tx import Tx

MAIN_PHASES = ("main1", "main2")
# board flag "no_summons:<player>:<card id>": that card's activation forbids `player` to Summon
# other monsters for the rest of the turn (Scapegoat)
NO_SUMMONS = "no_summons"
# board flag "flip_summoned:<player>": that player Flip Summoned this turn (the monster may be gone)
FLIP_SUMMONED = "flip_summoned"


def summons_locked(board: Board, player: str, but: str | None = None) -> str | None:
    """The card whose activation this turn forbids `player` to Summon other monsters (Scapegoat),
    or None; `but`: a card whose own effect is the exception ("except by this card's effect")."""
    prefix = f"{NO_SUMMONS}:{player}:"
    return next((flag[len(prefix) :] for flag in board.flags
                 if flag.startswith(prefix) and flag[len(prefix) :] != but), None)  # fmt: skip


def gemini_summonable(board: Board, player: str) -> list[CardState]:
    """The monsters an effect that Normal Summons a Gemini monster could summon for `player`: a
    Gemini monster (the ability, not a name with "Gemini" in it) in their hand, or face-up on their
    field and not yet Normal Summoned again."""
    return [c for c in board.in_zones(("hand", "monsters"))
            if "gemini" in board.define(c.id).subtypes and (
        (c.zone == "hand" and c.owner == player)
        or (c.zone == "monsters" and c.controller == player and c.face_up and not c.gemini))]  # fmt: skip


def require_summons_allowed(tx: Tx, player: str, what: str) -> None:
    """A card activated this turn forbids this player to Summon other monsters (Scapegoat)."""
    source = summons_locked(tx.board, player)
    if source is not None:
        raise Illegal(
            "summon.locked_this_turn",
            player=Player(player),
            source=CardId(source),
            what=what,
            cards=(source,),
        )


def require_turn_player(tx: Tx, action: ActionEntry, what: str) -> None:
    if action.player != tx.board.turn_player:
        raise Illegal(
            "action.not_turn_player",
            turn_player=Player(tx.board.turn_player),
            what=what,
            player=Player(action.player),
        )


def require_open_state(tx: Tx, what: str) -> None:
    """Summons, Sets and position changes need an open game state: no chain, no battle."""
    if tx.game.chain or tx.game.battle is not None:
        raise Illegal("action.chain_open", reason=Phrase("chain_open.cannot_while_chain_or", what=what))


def require_main_phase(tx: Tx, what: str) -> None:
    if tx.board.phase not in MAIN_PHASES:
        raise Illegal(
            "action.wrong_phase",
            what_upper=what[0].upper(),
            what=what[1:],
            phase=Phase(tx.board.phase),
        )


def own_card(tx: Tx, ref: str, player: str, zone: str, what: str) -> CardState:
    """The referenced card, which must be in `player`'s `zone` (hand, monsters, ...): held there,
    whoever owns it (a card taken from the opponent's GY by Graverobber is in its taker's hand)."""
    card = resolve_ref(tx.board, ref)
    if card.zone != zone or card.controller != player:
        raise Illegal(
            "action.card_not_there",
            reason=Phrase(
                "card_not_there.not",
                card=CardId(card.id),
                player=Player(player),
                zone=Zone(zone),
                what=what,
                controller=Player(card.controller),
                zone2=Zone(card.zone),
            ),
        )
    return card


# The operations that Fusion Summon as their card resolves, and where each takes its materials:
# `either_field` (Super Polymerization), `field_or_gy` (Miracle Fusion), else the hand and field.
FUSION_OPS = {"fusion_summon": "hand_or_field", "fusion_summon_either_field": "either_field",
              "fusion_summon_banishing": "field_or_gy"}  # fmt: skip


def describe_selector(sel: Selector, player: str | None = None) -> str:
    """A selector in a few words: what a material or procedure card must be, what must be on the
    field for an activation ("a face-up non-Token monster", "a Level 7 or higher Dragon monster B
    controls"). `player`: whose side "you" and "opponent" are seen from (unsaid: not named)."""
    level = None
    if isinstance(sel.level, int):
        level = f"Level {sel.level}"
    elif sel.min_level is not None:
        level = f"Level {sel.min_level} or higher"
    elif sel.max_level is not None:
        level = f"Level {sel.max_level} or lower"
    words = [
        {"up": "face-up", "down": "face-down"}.get(sel.face),
        {"attack": "Attack Position", "defense": "Defense Position"}.get(sel.position),
        level,
        f"non-{sel.not_subtype.title()}" if sel.not_subtype else None,
        sel.attribute,
        f'"{sel.archetype}"' if sel.archetype else None,
        f'"{sel.name}"' if sel.name else None,
        sel.monster_type or " or ".join(sel.monster_type_in) or None,
        sel.subtype.title() if sel.subtype else None,
        f"{sel.card_type.title()} Card"
        if sel.card_type in ("spell", "trap")
        else "card"
        if sel.zone in ("field", "spell_traps", "field_spell") and sel.card_type != "monster"
        else "monster",
    ]
    text = " ".join(w for w in words if w)
    if player is not None and sel.controller in ("you", "opponent"):
        text += f" {player if sel.controller == 'you' else opponent(player)} controls"
    if sel.except_this:  # "other" cards: the card being activated is not one of them
        return f"another {text}"
    return f"{article(text)} {text}"
