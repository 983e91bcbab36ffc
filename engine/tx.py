"""A step in the making: the game as it changes, with the events and explanations so far.

Rule code changes the game only through a `Tx`, so every change leaves an event behind and
every event carries the moment it happened (`seq`). `finish()` is the one place where "an
action finished" and the moment moves on; rules call it where the game's rules say so.
If a rule finds the action illegal it raises `Illegal`, and the step is thrown away whole.
"""

from __future__ import annotations

from typing import Any

from engine.explain import Card, Explanation, Player, Zone, explain
from engine.rules.continuous import first
from engine.rules.lasting import replace_lp_change
from engine.state import NEGATED_SUMMON, PILES, Board, CardState, Game, evolve, new_card

FIELD_ZONES = ("monsters", "spell_traps", "field_spell")


class Tx:
    def __init__(self, game: Game):
        self._game = game
        # a board set since `_game` was made: the Game holding it is made when the game is read
        # (most changes are to the board, several in a row; a Game is a copy of many fields)
        self._board: Board | None = None
        self.events: list[dict[str, Any]] = []
        self.explanations: list[Explanation] = []
        self.watched = 0  # how many of `events` lasting effects have seen (rules.lasting_moments.watch)

    # --- reading
    @property
    def game(self) -> Game:
        if self._board is not None:
            self._game = evolve(self._game, board=self._board)
            self._board = None
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        self._game = game
        self._board = None

    @property
    def board(self) -> Board:
        return self._game.board if self._board is None else self._board

    def card(self, card_id: str) -> CardState:
        return self.board.cards[card_id]

    # --- writing
    def set_board(self, board: Board) -> None:
        self._board = board

    def update(self, **changes: Any) -> None:
        if self._board is not None:
            changes.setdefault("board", self._board)
            self._board = None
        self._game = evolve(self._game, **changes)

    def update_card(self, card_id: str, **changes: Any) -> CardState:
        old = self.board.cards[card_id]
        card = evolve(old, **changes)
        if card.face_up and not old.face_up:
            card = evolve(card, arrived=self._game.seq)  # a Continuous effect starts applying now
        self.set_board(self.board.with_card(card))
        return card

    def emit(self, type_: str, **fields: Any) -> dict[str, Any]:
        event = {"type": type_, "seq": self._game.seq}
        event.update({k: v for k, v in fields.items() if v is not None})
        self.events.append(event)
        return event

    def say(self, code: str, *, cards: tuple[str, ...] | None = None, **params: Any) -> None:
        """Explain an outcome: its code and the parameters of its sentence (see `engine.explain`)."""
        self.explanations.append(explain(code, cards=cards, **params))

    def finish(self) -> None:
        """An action finished: later events no longer share its moment."""
        self.update(seq=self._game.seq + 1)

    # --- moving cards
    def move(
        self,
        card_id: str,
        to: str,
        *,
        event: str,
        cause: str | None = None,
        slot: int | None = None,
        position: str | None = None,
        face: str | None = None,
        controller: str | None = None,
        top: bool = True,
        chain_link: int | None = None,
    ) -> CardState:
        """Move a card between zones; a card that leaves the field forgets its past there.

        Piles are their owner's, except a hand: a card can be added to a non-owner's hand
        (`controller`, Graverobber); it is then in that player's hand, and still goes to its
        owner's GY, Deck or banishment."""
        board = self.board
        card = board.cards[card_id]
        source = card.zone
        if source in PILES:
            holder = card.controller if source == "hand" else card.owner
            pile = getattr(board.player(holder), source)
            at = pile.index(card_id)  # slices, not a scan in Python: a pile can be big
            rest = pile[:at] + pile[at + 1 :]
            if source == "deck" and not rest:  # no known card left whose order could be unknown
                board = board.with_player(holder, deck=rest, deck_shuffled=False)
            else:
                board = board.with_player(holder, **{source: rest})
        left_field = source in FIELD_ZONES and to not in FIELD_ZONES
        if left_field and to in ("hand", "deck", "extra_deck", "graveyard") and card.face_up:
            to, event = self._banished_instead(card, to, event)
        negated = NEGATED_SUMMON in card.marks  # its Summon was negated: it was never Summoned
        if to in ("hand", "deck") and board.define(card_id).is_extra_deck:
            # a Fusion, Synchro, Xyz or Link Monster goes back to the Extra Deck instead
            self.say("rule.extra_deck_instead", card=Card.of(card), to=Zone(to), cards=(card_id,))
            to = "extra_deck"
        if left_field and to == "graveyard" and "pendulum" in board.define(card_id).subtypes and not negated:
            # a Pendulum Monster that would go from the field to the GY goes to the Extra Deck
            to, face = "extra_deck", "up"  # face-up, in its owner's (rulebook, "Pendulum Monsters")
            self.say("rule.pendulum_to_extra_deck", card=Card.of(card), cards=(card_id,))  # fmt: skip
        if left_field and card.materials:
            for mat in card.materials:
                self.set_board(board)
                self.move(mat, "graveyard", event="sent_to_gy", cause="rule: Xyz Material")
                board = self.board
        if to == "monsters" and position in ("defense", "set") and "link" in board.define(card_id).subtypes:
            # a Link Monster has no DEF: it is never in Defense Position nor Set (rulebook, Link Monsters)
            self.say("rule.link_monster_attack_position", card=Card.of(card), cards=(card_id,))
            position = "attack"
        if card.token and left_field:
            self.set_board(board.without_card(card_id))
            self.emit(event, card=card_id, player=card.controller, cause=cause,
                      chain_link=chain_link, **{"from": source, "to": "gone"})  # fmt: skip
            return card
        if to in PILES:
            owner = card.owner
            holder = controller if to == "hand" and controller else owner
            if left_field and holder == owner != card.controller and not card.token:
                # control is not ownership: a card leaving the field goes to its owner's pile
                self.say("rule.to_owners_pile", card=Card.of(card), owner=Player(owner),
                         controller=Player(card.controller), to=Zone(to), cards=(card_id,))  # fmt: skip
            pile = getattr(board.player(holder), to)
            pile = (card_id, *pile) if (to == "deck" and top) else (*pile, card_id)
            board = board.with_player(holder, **{to: pile})
            if to not in ("graveyard", "banished"):
                proper = False
            elif left_field:
                proper = not negated
            else:
                proper = card.proper and source in ("graveyard", "banished")
            kept_face = face if to == "extra_deck" or (to == "banished" and face == "down") else None
            moved = new_card(card.id, card.name, owner, holder, to, face=kept_face, proper=proper)
        else:
            base = card if not left_field and source in FIELD_ZONES else new_card(
                card.id, card.name, card.owner, card.controller, to
            )  # fmt: skip
            moved = evolve(
                base, zone=to, slot=slot, position=position, face=face,
                controller=controller or card.controller, arrived=self._game.seq,
            )  # fmt: skip
        self.set_board(board.with_card(moved))
        equipped = card.equipped_to if left_field else None  # "destroyed while equipped"
        face_down = True if left_field and not card.face_up else None  # "this face-up card"
        # a monster whose Summon was negated was never on the field: it is not "sent from the field"
        never_on_field = True if left_field and negated else None
        # banished face-down (Evenly Matched): it cannot activate a "leaves the field" effect
        banished_face_down = True if to == "banished" and face == "down" else None
        self.emit(event, card=card_id, player=card.controller, cause=cause, chain_link=chain_link,
                  equipped_to=equipped, face_down=face_down, never_on_field=never_on_field,
                  banished_face_down=banished_face_down, **{"from": source, "to": to})  # fmt: skip
        return moved

    def _banished_instead(self, card: CardState, to: str, event: str) -> tuple[str, str]:
        """A face-up card whose own Continuous effect says "if it would leave the field, banish
        it instead" (Dark Magician of Chaos), and is not negated, is banished instead."""
        if not any(e.apply == "banish_when_leaving" for e in self.board.define(card.id).effects):
            return to, event
        if first(self.board, "banish_when_leaving", card) is None:
            return to, event
        self.say("rule.banished_instead", card=Card.of(card), to=Zone(to))  # fmt: skip
        return "banished", event if event in ("destroyed", "tributed") else "banished"

    def change_lp(self, player: str, amount: int, *, event: str, cause: str | None = None,
                  chain_link: int | None = None) -> int:  # fmt: skip
        """Lose (negative) or gain LP; LP never goes below 0. Effects that change what an LP
        change becomes (a gain turned into damage, halved damage) apply here, in one place.
        Returns the change as it was made (0: no damage taken), for the words that report it."""
        amount, event = replace_lp_change(self, player, amount, event)
        if amount == 0 and event == "damage":
            return 0  # no damage is taken at all (Dark Ruler No More): no event
        lp = self.board.player(player).lp
        new_lp = max(0, lp + amount)
        self.set_board(self.board.with_player(player, lp=new_lp))
        self.emit(event, player=player, amount=abs(amount), lp=new_lp, cause=cause,
                  chain_link=chain_link)  # fmt: skip
        return amount
