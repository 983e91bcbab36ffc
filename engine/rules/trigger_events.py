"""Trigger events: the `event:` words of a card file ("destroyed", "your_standby_phase",
"opponent_special_summoned"...), each a small function registered in engine.vocabulary.EVENTS
with the words it writes: does this event set off this trigger? (engine.rules.triggers asks.)

Three kinds: most are events of the card itself (it was destroyed, it was summoned); the
`WATCHING` ones are about other cards, seen from where this card is (Dragon Ice in the hand);
the `PHASE_EVENTS` ("During ...") are set off as a phase begins, in whose turn they say.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.rules.continuous import FIELD
from engine.vocabulary import EVENTS

if TYPE_CHECKING:
    from engine.cards import Effect
    from engine.state import Board, CardState


# "During ..." triggers set off as a phase begins: event -> (phase, whose turn it must be).
PHASE_EVENTS = {
    "your_standby_phase": ("standby", "you"),
    "opponent_standby_phase": ("standby", "opponent"),
    "opponent_end_phase": ("end", "opponent"),  # Gemini Summoner
    "your_end_phase": ("end", "you"),
    "end_phase": ("end", "any"),
    "end_phase_summoned_or_flipped": ("end", "any"),
    "end_phase_normal_or_special_summoned": ("end", "any"),  # Dark Magician of Chaos
    "end_phase_destroyed_by_opponent": ("end", "any"),
    "end_phase_destroyed_by_battle": ("end", "any"),  # Horus the Black Flame Dragon LV6
    "standby_after_direct_damage": ("standby", "you"),  # Silent Swordsman LV5
}


# Triggers set off by what happens to other cards (the card itself watches from where it is).
WATCHING = (
    "opponent_special_summoned",
    "drew_normal_monster_in_draw_phase",
    "opponent_added_from_deck",
    "other_synchro_summoned",
    "other_normal_or_flip_summoned",
    "opponent_attack_declared",
    "own_pendulum_returned_by_opponent",
    "end_of_battle_phase",
)


_NOT_SPECIAL = (None, "normal", "tribute", "flip")

DIRECT_DAMAGE = "direct_damage:"  # memory: inflicted battle damage by a direct attack in turn N


@dataclass(frozen=True, slots=True)
class Seen:
    """An event as a trigger effect sees it: the event, the effect, the card whose effect it is
    (None: asked of no card in particular), what cards remember (Game.memory), the board, the
    other events of the same step (for what must have happened alone), and the monsters the
    current battle's damage calculation determined destroyed by battle (Battle.doomed)."""

    board: Board
    event: dict[str, Any]
    effect: Effect
    card: CardState | None = None
    memory: tuple[tuple[int, str, str], ...] = ()
    batch: tuple[dict[str, Any], ...] = ()
    doomed: tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        return str(self.event["type"])


def _battle_source(event: dict[str, Any]) -> str | None:
    """The monster that inflicted battle damage: the engine writes its cause as "battle: <id>"."""
    cause = str(event.get("cause") or "")
    return cause[len("battle: ") :] if cause.startswith("battle: ") else None


def battle_opponent(event: dict[str, Any], card_id: str) -> str | None:
    """The monster `card_id` battled, in a `battle` event (the attacker, or the attack target);
    None for a direct attack or a card not in that battle."""
    pair = (event.get("card"), event.get("target"))
    if card_id not in pair or "direct" in pair:
        return None
    other = pair[1] if pair[0] == card_id else pair[0]
    return other if isinstance(other, str) else None


def _special_summoner(board: Board, event: dict[str, Any]) -> str | None:
    """The player who Special Summoned the monster of a `summoned` event; None if it was not a
    Special Summon (Normal, Tribute and Flip Summons are not)."""
    if event["type"] != "summoned" or event.get("cause") in ("Normal Summon", "Flip Summon"):
        return None
    card = board.cards.get(event.get("card") or "")
    if card is None or card.zone != "monsters":
        return None
    if card.summon_type in _NOT_SPECIAL and not card.token:
        return None
    return event.get("summoner") or card.controller  # a Token given to the opponent (Nibiru)


def _pendulum_returned_alone(board: Board, card: CardState, event: dict[str, Any],
                             batch: list[dict[str, Any]]) -> bool:  # fmt: skip
    """Stargazer Magician: exactly 1 other Pendulum Monster its controller controlled (and no other
    card) was returned from the field to the hand at this moment, by an opponent's card effect,
    outside the Damage Step, while Stargazer is a face-up monster on the field."""
    if event["type"] != "returned_to_hand" or card.zone != "monsters" or board.step == "damage":
        return False
    returned = [e for e in batch if e["type"] == "returned_to_hand" and e["seq"] == event["seq"]
                and _from_field(e)]  # fmt: skip
    if len(returned) != 1 or returned[0] is not event or event.get("from") != "monsters":
        return False
    back = board.cards.get(event.get("card") or "")
    source = board.cards.get(str(event.get("cause") or ""))
    return (back is not None and back.id != card.id and event.get("player") == card.controller
            and "pendulum" in board.define(back.id).subtypes
            and source is not None and source.controller != card.controller)  # fmt: skip


# --------------------------------------------------------------------------- the card's own events
def _from_field(event: dict[str, Any]) -> bool:
    """The card left the field; a monster whose Summon was negated never was on it (Card
    Rulings:Solemn Judgment: it is not sent to the GY from the field)."""
    return event.get("from") in FIELD and not event.get("never_on_field")


@EVENTS.register("flipped", "this card is flipped face-up (a Flip effect: unless flipped without them)")
def _flipped(s: Seen) -> bool:
    """A card that flips without Flip effects (Ceasefire) sets off none."""
    return s.kind == "flipped" and (s.effect.kind != "flip" or s.event.get("flip_effects", True))


@EVENTS.register("summoned", "this card is summoned")
def _summoned(s: Seen) -> bool:
    return s.kind == "summoned"


@EVENTS.register("tribute_summoned", "this card is Tribute Summoned")
def _tribute_summoned(s: Seen) -> bool:
    """Caius the Shadow Monarch."""
    return s.kind == "summoned" and s.event.get("summon_type") == "tribute"


def _summoned_by(method: str) -> Any:
    def summoned(s: Seen) -> bool:
        return s.kind == "summoned" and s.event.get("summon_type") == method

    return summoned


EVENTS.add("synchro_summoned", _summoned_by("synchro"), "this card is Synchro Summoned")
EVENTS.add("link_summoned", _summoned_by("link"), "this card is Link Summoned")


@EVENTS.register("normal_or_special_summoned", "this card is Normal or Special Summoned (not Flip Summoned)")
def _normal_or_special_summoned(s: Seen) -> bool:
    return s.kind == "summoned" and s.event.get("cause") != "Flip Summon"


@EVENTS.register(
    "normal_summoned_or_flipped", "this card is Normal (or Tribute) Summoned, or flipped face-up"
)
def _normal_summoned_or_flipped(s: Seen) -> bool:
    """Tsukuyomi: a Flip Summon flips it, so it is set off by `flipped` only."""
    return s.kind == "flipped" or (s.kind == "summoned" and s.event.get("cause") == "Normal Summon")


@EVENTS.register("sent_to_gy_from_field", "this card is sent from the field to the GY")
def _sent_to_gy_from_field(s: Seen) -> bool:
    return s.event.get("to") == "graveyard" and _from_field(s.event)


@EVENTS.register(
    "sent_to_gy_from_field_not_by_battle",
    "this face-up card is sent from the field to the GY, except by battle",
)
def _sent_to_gy_from_field_not_by_battle(s: Seen) -> bool:
    return (s.event.get("to") == "graveyard" and _from_field(s.event)
            and s.event.get("cause") != "battle" and not s.event.get("face_down"))  # fmt: skip


@EVENTS.register(
    "sent_to_gy_after_flip", "this card is sent to the GY after it was flipped face-up on the field"
)
def _sent_to_gy_after_flip(s: Seen) -> bool:
    """Spear Cretin."""
    return s.event.get("to") == "graveyard" and any(
        m[1] == s.event.get("card") and m[2] == "flipped" for m in s.memory
    )


@EVENTS.register("sent_to_gy", "this card is sent to the GY")
def _sent_to_gy(s: Seen) -> bool:
    """A banished card moved to the GY is not "sent to the GY" (rulebook v10, Glossary: Send to
    the Graveyard, its exception)."""
    return s.event.get("to") == "graveyard" and s.event.get("from") != "banished"


@EVENTS.register("destroyed", "this card is destroyed")
def _destroyed(s: Seen) -> bool:
    return s.kind == "destroyed"


@EVENTS.register("destroyed_while_equipped", "this Equip Card is destroyed while equipped")
def _destroyed_while_equipped(s: Seen) -> bool:
    """Butterfly Dagger - Elma: not when the game destroys it because its monster left (Yugipedia,
    Card Rulings: both destroyed at the same time, it returns)."""
    return (s.kind == "destroyed" and s.event.get("to") == "graveyard" and bool(s.event.get("equipped_to"))
            and s.event.get("cause") != "rule: equip")  # fmt: skip


@EVENTS.register("destroyed_by_battle", "this card is destroyed by battle")
def _destroyed_by_battle(s: Seen) -> bool:
    return s.kind == "destroyed" and s.event.get("cause") == "battle"


@EVENTS.register(
    "destroyed_opponent_by_battle_attacking", "this attacking card destroys an opponent's monster by battle"
)
def _destroyed_opponent_by_battle_attacking(s: Seen) -> bool:
    """Black Luster Soldier - Envoy of the Beginning: set off as the destroyed monster leaves, at
    the end of the Damage Step."""
    card = s.card
    return (s.kind == "destroyed" and s.event.get("cause") == "battle" and card is not None
            and s.event.get("by") == card.id == s.event.get("attacker")
            and s.event.get("player") != card.controller)  # fmt: skip


@EVENTS.register(
    "destroys_opponent_by_battle",
    "this card destroys an opponent's monster by battle (activated after damage calculation)",
)
def _destroys_opponent_by_battle(s: Seen) -> bool:
    """Dark Magician of Chaos ("after damage calculation"): set off as damage calculation
    determines the opponent's monster it battled destroyed by battle; it activates after damage
    calculation, while that monster is still on the field (it is sent to the GY at the end of the
    Damage Step). Whether this card is destroyed by the same battle is not asked (nor does the
    ProjectIgnis script of its text ask it)."""
    card = s.card
    if s.kind != "battle" or "result" in s.event or card is None:
        return False
    other = s.board.cards.get(battle_opponent(s.event, card.id) or "")
    return other is not None and other.id in s.doomed and other.controller != card.controller


@EVENTS.register("leaves_field", "this card leaves the field")
def _leaves_field(s: Seen) -> bool:
    """A card shuffled into the Main Deck, banished face-down or turned into Xyz Material
    activates nothing (Yugipedia, "Leaves the field"); a Token leaves too, it just ceases to exist."""
    return (_from_field(s.event) and s.event.get("to") not in (*FIELD, "material", "deck")
            and not s.event.get("banished_face_down"))  # fmt: skip


@EVENTS.register("attack_declared", "this card declares an attack")
def _attack_declared(s: Seen) -> bool:
    return (s.kind == "attack_declared" and not s.event.get("retarget")
            and (s.card is None or s.card.id == s.event.get("card")))  # fmt: skip


@EVENTS.register("attack_targeted", "this card is chosen as an attack target")
def _attack_targeted(s: Seen) -> bool:
    """Number 39: Utopia."""
    return s.kind == "attack_declared" and s.card is not None and s.card.id == s.event.get("target")


@EVENTS.register("equipped", "this card is equipped with an Equip Card")
def _equipped(s: Seen) -> bool:
    return s.kind == "equipped"


@EVENTS.register("battled", "this card battled: its battle reached damage calculation")
def _battled(s: Seen) -> bool:
    return s.kind == "battle" and "result" not in s.event


@EVENTS.register("battle_damage_to_opponent", "this card inflicts battle damage to the opponent")
def _battle_damage_to_opponent(s: Seen) -> bool:
    return (s.kind == "damage" and _battle_source(s.event) is not None and s.card is not None
            and s.event.get("player") != s.card.controller)  # fmt: skip


# --------------------------------------------------------------------------- watching other cards
# A watching trigger is asked only of a card (Seen.card is set) where its effect works.
@EVENTS.register("opponent_special_summoned", "the opponent Special Summons a monster (watched)")
def _opponent_special_summoned(s: Seen) -> bool:
    """Dragon Ice, from the hand or GY."""
    summoner = _special_summoner(s.board, s.event)
    return summoner is not None and s.card is not None and summoner != s.card.controller


@EVENTS.register("opponent_attack_declared", "an opponent's monster declares an attack (watched)")
def _opponent_attack_declared(s: Seen) -> bool:
    """Fairy Box: each attack of an opponent's monster."""
    attacker = s.board.cards.get(s.event.get("card") or "")
    return (s.kind == "attack_declared" and not s.event.get("retarget") and attacker is not None
            and s.card is not None and attacker.controller != s.card.controller)  # fmt: skip


@EVENTS.register("end_of_battle_phase", "the Battle Phase's End Step begins, while this card is a monster")
def _end_of_battle_phase(s: Seen) -> bool:
    """ "At the end of the Battle Phase" (Sword Hunter)."""
    return (s.kind == "phase" and s.event.get("phase") == "battle" and s.event.get("step") == "end"
            and s.card is not None and s.card.zone == "monsters")  # fmt: skip


@EVENTS.register("other_synchro_summoned", "another monster is Synchro Summoned while this card is a monster")
def _other_synchro_summoned(s: Seen) -> bool:
    """T.G. Hyper Librarian: not its own summon."""
    return (s.kind == "summoned" and s.event.get("summon_type") == "synchro" and s.card is not None
            and s.event.get("card") != s.card.id and s.card.zone == "monsters")  # fmt: skip


@EVENTS.register(
    "other_normal_or_flip_summoned",
    "another monster is Normal (Tribute, Gemini) or Flip Summoned while this card is a face-up monster",
)
def _other_normal_or_flip_summoned(s: Seen) -> bool:
    """Mysterious Puppeteer: any player's summon, not its own."""
    if s.kind != "summoned" or s.card is None or s.card.zone != "monsters" or not s.card.face_up:
        return False
    summoned = s.board.cards.get(s.event.get("card") or "")
    return (summoned is not None and summoned.id != s.card.id and summoned.zone == "monsters"
            and summoned.summon_type in ("normal", "tribute", "flip"))  # fmt: skip


@EVENTS.register(
    "own_pendulum_returned_by_opponent",
    "exactly 1 other own Pendulum Monster is returned to the hand by an opponent's effect",
)
def _own_pendulum_returned_by_opponent(s: Seen) -> bool:
    """Stargazer Magician (watched from the field)."""
    return s.card is not None and _pendulum_returned_alone(s.board, s.card, s.event, list(s.batch))


@EVENTS.register(
    "opponent_added_from_deck",
    "the opponent adds a card from their Main Deck to the hand outside the Draw Phase",
)
def _opponent_added_from_deck(s: Seen) -> bool:
    """Appropriate, watched from the field: drawing is adding, too."""
    return (s.kind in ("drew", "added_to_hand") and s.event.get("from", "deck") == "deck"
            and s.card is not None and s.event.get("player") != s.card.controller
            and s.event.get("cause") != "Draw Phase" and s.board.phase != "draw")  # fmt: skip


@EVENTS.register(
    "drew_normal_monster_in_draw_phase", "its controller draws a Normal Monster in their Draw Phase"
)
def _drew_normal_monster_in_draw_phase(s: Seen) -> bool:
    """Heart of the Underdog."""
    board, card = s.board, s.card
    drawn = board.cards.get(s.event.get("card") or "")
    if drawn is None or card is None:
        return False
    normal = {"normal"} <= set(board.define(drawn.id).subtypes)
    return (s.kind == "drew" and normal and drawn.owner == card.controller
            and board.turn_player == card.controller and board.phase == "draw"
            and board.define(drawn.id).is_monster)  # fmt: skip


# --------------------------------------------------------------------------- "During ..." a phase
# Asked once the phase has begun in the turn PHASE_EVENTS names; what more each needs, below.
def _phase(s: Seen) -> bool:
    return True


EVENTS.add("your_standby_phase", _phase, "its controller's Standby Phase begins")
EVENTS.add(
    "opponent_standby_phase", _phase, "the opponent's Standby Phase begins, while this card is face-up"
)
EVENTS.add("your_end_phase", _phase, "its controller's End Phase begins")
EVENTS.add("opponent_end_phase", _phase, "the opponent's End Phase begins")
EVENTS.add("end_phase", _phase, "each End Phase begins")


def _remembered(zone: str, what: str) -> Callable[[Seen], bool]:
    """An End Phase trigger of a card still in `zone` that something this turn marked `what`."""

    def seen(s: Seen) -> bool:
        card = s.card
        return card is not None and card.zone == zone and (s.board.turn, card.id, what) in s.memory

    return seen


EVENTS.add(
    "end_phase_summoned_or_flipped",
    _remembered("monsters", "summoned_or_flipped"),
    "the End Phase of a turn this monster was summoned or flipped in",
)


@EVENTS.register(
    "end_phase_normal_or_special_summoned",
    "the End Phase of a turn this monster was Normal or Special Summoned in (not Flip Summoned)",
)
def _end_phase_normal_or_special_summoned(s: Seen) -> bool:
    """Its own state says so: a monster that left the field since is a new card, not summoned."""
    card = s.card
    if card is None or card.zone != "monsters":
        return False
    return card.summoned_this_turn and card.summon_type != "flip"


EVENTS.add(
    "end_phase_destroyed_by_opponent",
    _remembered("graveyard", "destroyed_by_opponent"),
    "the End Phase, in the GY, of a turn the opponent destroyed this card",
)
EVENTS.add(  # Horus the Black Flame Dragon LV6
    "end_phase_destroyed_by_battle",
    _remembered("monsters", "destroyed_by_battle"),
    "the End Phase of a turn this monster destroyed a monster by battle",
)


@EVENTS.register(
    "standby_after_direct_damage",
    "its controller's next Standby Phase after its direct attack inflicted battle damage",
)
def _standby_after_direct_damage(s: Seen) -> bool:
    """Silent Swordsman LV5: after battle damage by a direct attack in turn T, the Standby Phase
    of turn T+2 (the next turn is the opponent's)."""
    card, turn = s.card, s.board.turn
    if card is None:
        return False
    dealt = [int(m[2][len(DIRECT_DAMAGE):]) for m in s.memory
             if m[0] == 0 and m[1] == card.id and m[2].startswith(DIRECT_DAMAGE)]  # fmt: skip
    return card.zone == "monsters" and any(t < turn <= t + 2 for t in dealt)
