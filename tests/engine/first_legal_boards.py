"""Boards made from the card library on which one effect can be activated with no `choices`,
for the "first legal option" test (tests/engine/test_first_legal.py).

For an effect, `cases` builds a document per turn and phase (A's or B's turn; Main Phase 1 or
the Battle Phase), each a board and the actions that activate the effect and resolve it: the card
where the effect works from (a Spell in the hand, a Trap Set, a monster face-up or in the GY, a
Union equipped), two cards of each kind the effect's selectors name (what it acts on, its
targets, its costs), what its activation conditions ask, the monsters and materials a Summon by
game procedure needs, and, for a trigger, the actions that bring its event about (a destruction a
test Spell states, a Flip Summon, an attack, a phase). The test replays them in turn and keeps
the first whose actions are all legal. The cards that fit a selector are found with the engine's
own `fits` over every library card, plain cards first, so a board holds as few other effects as
it can. Every card placed has an id of its own, so each reference names exactly the card meant.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import msgspec

from engine.cards import CardDef, Effect, Selector
from engine.catalog import load_catalog
from engine.rules.continuous import fits
from engine.scenario import load_scenario
from engine.state import Board

FORMAT = "ygo-scenario/1"
# A Spell with no written effect, activated with a judge-stated resolution: it destroys (returns,
# Special Summons) what brings about the trigger tried.
BREAKER = {
    "name": "Test Breaker",
    "card_type": "spell",
    "subtypes": ["normal"],
    "effects": [{"kind": "activation"}],
    "summary": "A test Spell whose resolution the scenario states.",
}
FILLER = "Celtic Guardian"  # a Normal Monster: hands, fields and Decks
STRONG = "Summoned Skull"  # a Normal Monster that wins a battle against the filler
EVENT_DESTROYED = ("sent_to_gy", "sent_to_gy_from_field", "sent_to_gy_from_field_not_by_battle", "destroyed",
                   "leaves_field")  # fmt: skip
# where in a battle a trigger's event waits for its activation
AT = {
    "battle_damage_to_opponent": "after_damage_calculation",
    "destroyed_by_battle": "damage_step_end",
    "standby_after_direct_damage": "standby",
}
VARIANTS = (("A", "main1"), ("B", "main1"), ("A", "battle"), ("B", "battle"))
PILES = ("hand", "deck", "graveyard", "banished", "extra_deck")


@cache
def library() -> dict[str, CardDef]:
    """The library's cards a board may name without stating printed values."""
    return {k: v for k, v in load_catalog().items() if not v.unconfirmed and k != "unknown card"}


@cache
def _probe() -> Board:
    """A board holding one copy of every library card (but Tokens) in A's Deck: what `fits`
    reads a card's kind and stats off."""
    names = [d.name for d in library().values() if "token" not in d.subtypes]
    doc = {"format": FORMAT, "board": {"turn": 1, "turn_player": "A", "phase": "main1",
                                       "players": {"A": {"deck": names}, "B": {"deck": 0}}}}  # fmt: skip
    return load_scenario(doc).game.board


def _plainness(defn: CardDef) -> tuple[int, int, int, str]:
    """Plain cards first: summoned as any monster is, no Continuous effect, few effects, by name."""
    odd = bool(defn.special_summon_by) or not defn.special_summonable or defn.needs_proper_summon
    lasting = any(e.kind in ("continuous", "maintenance") for e in defn.effects)
    return (int(odd), int(lasting), len(defn.effects), defn.name)


def fitting(sel: Selector) -> tuple[str, ...]:
    """The names of library cards of the kind and stats `sel` asks for, plainest first."""
    return _fitting(msgspec.json.encode(sel))


@cache
def _fitting(key: bytes) -> tuple[str, ...]:
    sel = msgspec.json.decode(key, type=Selector)
    # its kind and stats only: whoever's, wherever, face-up or not (the probe's cards are in a Deck)
    general = sel.model_copy(update={"controller": "any", "zone": "deck", "face": "any", "position": "any"})
    board = _probe()
    found = [board.define(c.id) for c in board.in_zone("deck", "A") if fits(board, c, general, "A")]
    return tuple(d.name for d in sorted(found, key=_plainness))


class Mat:
    """A board in the making: each player's zones, every card with an id of its own."""

    def __init__(self, turn_player: str, phase: str) -> None:
        self.turn_player, self.phase = turn_player, phase
        self.n = 0
        self.players: dict[str, dict[str, Any]] = {
            p: {"hand": [], "deck": [], "monsters": [], "spell_traps": [], "graveyard": [], "banished": [],
                "extra_deck": []}
            for p in "AB"
        }  # fmt: skip
        for p in "AB":
            for _ in range(2):
                self.pile(p, "hand", FILLER)
            for _ in range(3):
                self.pile(p, "deck", FILLER)
        self.monster("B", FILLER)  # two alike: a tie is a choice too (Fissure)
        self.monster("B", FILLER)

    def _id(self, player: str, name: str) -> str:
        self.n += 1
        return f"{player}:{name}@{self.n}"

    def pile(self, player: str, pile: str, name: str, first: bool = False) -> str:
        card_id = self._id(player, name)
        entries = self.players[player][pile]
        entries.insert(0 if first else len(entries), {"card": name, "id": card_id})
        return card_id

    def monster(self, player: str, name: str, position: str = "attack", **more: Any) -> str | None:
        taken = {m["zone"] for m in self.players[player]["monsters"]}
        zone = next((z for z in range(1, 6) if z not in taken), None)
        if zone is None:
            return None
        card_id = self._id(player, name)
        self.players[player]["monsters"].append({"card": name, "zone": zone, "position": position,
                                                 "id": card_id, **more})  # fmt: skip
        return card_id

    def spell_trap(self, player: str, name: str, face: str = "down", **more: Any) -> str | None:
        taken = {m["zone"] for m in self.players[player]["spell_traps"]}
        zone = next((z for z in range(1, 6) if z not in taken), None)
        if zone is None:
            return None
        card_id = self._id(player, name)
        self.players[player]["spell_traps"].append({"card": name, "zone": zone, "face": face, "id": card_id,
                                                    **more})  # fmt: skip
        return card_id

    def put(self, player: str, zone: str, name: str) -> str | None:
        """A card where a selector's zone looks for it (a Deck for "hand or Deck")."""
        defn = library()[name.lower()]
        if zone in ("monsters", "onfield") and defn.is_monster and not defn.is_extra_deck:
            return self.monster(player, name)
        if zone in ("monsters", "onfield", "spell_traps", "spell_traps_or_field"):
            return (
                self.spell_trap(player, name)
                if not defn.is_monster and defn.spell_trap_kind != "field"
                else None
            )
        if defn.is_extra_deck and zone in ("deck", "hand", "hand_or_deck"):
            return self.pile(player, "extra_deck", name)
        piles = {"hand_or_deck": "deck", "hand_or_graveyard": "graveyard", "hand_deck_or_graveyard": "deck"}
        pile = {**piles, "field": "graveyard"}.get(zone, zone)
        return self.pile(player, pile, name, first=True)

    def document(self, actions: list[dict[str, Any]]) -> dict[str, Any]:
        board = {"turn": 3, "turn_player": self.turn_player, "phase": self.phase, "players": self.players}
        return {"format": FORMAT, "cards": [BREAKER], "board": board, "actions": actions}


def _selectors(effect: Effect) -> list[Selector]:
    sels = [*effect.targets, *effect.cost_cards]
    sels += [s.cards for s in effect.do if isinstance(s.cards, Selector)]
    if effect.requires is not None:
        sels += [*effect.requires.any_on_field, *effect.requires.all_on_field]
    return sels


def _whose(sel: Selector) -> str:
    """Where a selector looks: the opponent's cards are B's, anyone's GY is A's, anyone's field B's."""
    if sel.controller == "opponent" or (sel.controller == "any" and sel.zone in ("monsters", "onfield")):
        return "B"
    return "A"


def _fill(mat: Mat, effect: Effect, name: str) -> dict[int, list[str]]:
    """Two cards of each kind the effect's selectors name, where they look; returns the ids
    placed for each selector (by its position in `_selectors`)."""
    placed: dict[int, list[str]] = {}
    for i, sel in enumerate(_selectors(effect)):
        if (
            sel.material_of_this
            or sel.equipped_to_this
            or sel.just_summoned
            or sel.attacking
            or sel.with_union
        ):
            continue
        own = sel.zone in (
            "deck",
            "hand_or_deck",
            "hand_or_graveyard",
            "hand_deck_or_graveyard",
        )  # its namesakes may be there
        names = [n for n in fitting(sel) if own or n != name][:2]
        ids = [mat.put(_whose(sel), sel.zone, n) for n in (names * 2)[:2]]  # two alike if only one fits
        placed[i] = [i_ for i_ in ids if i_ is not None]
    return placed


def _materials(mat: Mat, effect: Effect) -> None:
    """What a Summon the effect performs by a game procedure needs: every such monster of the
    library in the Extra Deck (or the hand, Ritual), and monsters it can use."""
    ops = {s.op for s in effect.do}
    lib = library().values()
    if ops & {"fusion_summon", "fusion_summon_either_field"}:
        for d in lib:
            if "fusion" not in d.subtypes:
                continue
            mat.pile("A", "extra_deck", d.name)
            for sel in d.materials.named if d.materials else []:
                for n in fitting(sel)[:1]:  # Polymerization: from the hand; Super Polymerization: the field
                    _ = mat.pile("A", "hand", n) if "fusion_summon" in ops else mat.monster("A", n)
    if "ritual_summon" in ops:
        step = next(s for s in effect.do if s.op == "ritual_summon")
        for d in lib:
            if (
                "ritual" in d.subtypes
                and d.is_monster
                and (not isinstance(step.cards, Selector) or d.name == step.cards.name)
            ):
                mat.pile("A", "hand", d.name)
    for method in ("synchro", "link"):
        if f"{method}_summon_after" in ops:
            for d in lib:
                if method in d.subtypes:
                    mat.pile("A", "extra_deck", d.name)
    if ops & {"normal_summon_after", "normal_summon_gemini"}:
        for n in (*fitting(Selector(subtype="gemini"))[:1], STRONG):
            mat.pile("A", "hand", n)
    if ops & {"ritual_summon", "synchro_summon_after", "link_summon_after", "normal_summon_after",
              "normal_summon_gemini", "swap_control", "tribute"}:  # fmt: skip
        mat.monster("A", STRONG)
        mat.monster("A", "Luster Dragon")


def _requires(mat: Mat, defn: CardDef, effect: Effect, card_id: str) -> None:
    """What the effect's activation conditions ask of the board."""
    req = effect.requires
    if req is None:
        return
    a, b = mat.players["A"], mat.players["B"]
    if req.opponent_hand_min:
        for _ in range(req.opponent_hand_min - len(b["hand"])):
            mat.pile("B", "hand", FILLER)
    if req.your_hand_max is not None:
        a["hand"] = [e for e in a["hand"] if e["id"] == card_id] + [
            e for e in a["hand"] if e["id"] != card_id
        ]
        a["hand"] = a["hand"][: max(req.your_hand_max, 1)]
    if req.your_gy_max is not None:
        a["graveyard"] = a["graveyard"][: req.your_gy_max]
    for name in (req.you_control, req.on_field):
        if name:
            mat.monster("A", name)
    if req.counters_min:  # counters on the card itself, of the kind it holds
        kind = next((e.counter for e in defn.effects if e.counter), "counter")
        for m in [*a["monsters"], *a["spell_traps"]]:
            if m["id"] == card_id:
                m["counters"] = {kind: req.counters_min}


def _cost(mat: Mat, effect: Effect, card_id: str, placed: dict[int, list[str]]) -> dict[str, Any]:
    """A cost the activation can pay: cards of the kind it takes, placed where it takes them."""
    cost: dict[str, Any] = {}
    sels = _selectors(effect)
    by_count = any(isinstance(s.cards, Selector) and s.cards.level == "cost_count" for s in effect.do)
    for key, amount in effect.cost.items():
        n = amount[0] if isinstance(amount, list) else 1 if amount == "any" else amount
        if by_count:  # "whose Level equals the number banished" (Skull Lair): as many as a filler's Level
            n = library()[FILLER.lower()].level or 1
        if key == "pay_lp" or key.endswith("_self") or not isinstance(n, int):
            continue
        if key == "banish" and "graveyard" in effect.works_from and not effect.cost_cards:
            cost[key] = [card_id]  # itself, from the GY (Peten the Dark Clown)
            continue
        if effect.cost_cards:  # placed by `_fill`, with the other selectors
            ids = [i for j, s in enumerate(sels) if s in effect.cost_cards for i in placed.get(j, [])]
            if effect.requires is not None and effect.requires.cost_lists_lv:  # Level Up!: one naming an "LV"
                ids = [i for i in ids if library()[i.split(":")[1].split("@")[0].lower()].level_up_to]
                for i in ids[:n]:
                    listed = str(library()[i.split(":")[1].split("@")[0].lower()].level_up_to)
                    mat.pile("A", "deck", listed, first=True)
                    mat.pile("A", "deck", listed, first=True)
            if by_count and key == "banish":  # as many as the Level asks (Skull Lair: monsters from the GY)
                more = [mat.pile("A", "graveyard", FILLER) for _ in range(n - len(ids))]
                ids += [i for i in more if i is not None]
            cost[key] = ids[:n]
            continue
        if key == "banish" and isinstance(amount, list):  # Pot of Prosperity: face-down from the Extra Deck
            cost[key] = [mat.pile("A", "extra_deck", d.name) for d in library().values() if d.is_extra_deck][
                :n
            ]
            continue
        where = {"discard": "hand", "tribute": "monsters", "send_to_gy": "hand", "banish": "graveyard"}[key]
        ids = [mat.monster("A", FILLER) if where == "monsters" else mat.pile("A", where, FILLER)
               for _ in range(n)]  # fmt: skip
        cost[key] = [i for i in ids if i is not None]
    return cost


def _targets(mat: Mat, effect: Effect, placed: dict[int, list[str]]) -> list[str] | None:
    """The first of the cards placed for each target selector (None: none could be placed)."""
    out = []
    for i, sel in enumerate(effect.targets):
        if sel.material_of_this or sel.just_summoned or sel.attacking:
            return None
        if sel.with_union:  # a monster that attacked, equipped with a Union by the Union's own effect
            union = next(d for d in library().values() if "union" in d.subtypes)
            hosts = [t for e in union.effects if any(s.op == "union_equip" for s in e.do) for t in e.targets]
            host = mat.monster("A", fitting(hosts[0])[0] if hosts else FILLER, attacked_this_turn=True)
            mat.spell_trap("A", union.name, "up", equipped_to=host)
            out.append(str(host))
            continue
        ids = placed.get(i, [])
        if sel.up_to and not ids:
            continue
        if not ids:
            return None
        out += ids[: sel.count]
    return out


def _place(mat: Mat, defn: CardDef, effect: Effect) -> tuple[str, list[dict[str, Any]]] | None:
    """Put the card where its effect works from: its id, and the actions that bring about a
    trigger's event (none for an effect activated at will); None if no board here does."""
    name = defn.name
    if effect.kind == "activation":
        card_id = (
            mat.pile("A", "hand", name, first=True)
            if defn.card_type == "spell"
            else mat.spell_trap("A", name)
        )
        return (str(card_id), []) if card_id else None
    if effect.kind == "flip":
        card_id = str(mat.monster("A", name, "set"))
        return card_id, [{"player": "A", "do": "flip_summon", "card": card_id}]
    if effect.kind == "trigger":
        return _event(mat, defn, effect)
    if "spell_traps" in effect.works_from:  # a Union monster equipped by its own effect, to a host it fits
        hosts = [t for e in defn.effects if any(s.op == "union_equip" for s in e.do) for t in e.targets]
        host = mat.monster("A", fitting(hosts[0])[0] if hosts else FILLER)
        return str(mat.spell_trap("A", name, "up", equipped_to=host)), []
    if "field" in effect.works_from or "monsters" in effect.works_from:
        if defn.is_monster:  # a Gemini monster already Normal Summoned again: it has its effects
            more = {"gemini_summoned": True} if "gemini" in defn.subtypes else {}
            return str(mat.monster("A", name, **more)), []
        if defn.spell_trap_kind == "field":
            card_id = mat._id("A", name)
            mat.players["A"]["field_spell"] = {"card": name, "face": "up", "id": card_id}
            return card_id, []
        return str(mat.spell_trap("A", name, "up")), []
    zone = "graveyard" if "graveyard" in effect.works_from else "hand"
    return mat.pile("A", zone, name, first=True), []


def _breaker(mat: Mat, player: str, verb: str, card_id: str) -> list[dict[str, Any]]:
    """The test Spell, activated by `player` with the stated resolution `verb` on the card."""
    spell = mat.pile(player, "hand", BREAKER["name"])
    return [{"player": player, "do": "activate", "card": spell, "resolution": [{verb: [card_id]}]},
            {"do": "resolve"}]  # fmt: skip


def _event(mat: Mat, defn: CardDef, effect: Effect) -> tuple[str, list[dict[str, Any]]] | None:
    """A trigger's card and the actions that bring its event about, on this turn and phase."""
    name, event, tp, phase = defn.name, effect.event, mat.turn_player, mat.phase
    if event in EVENT_DESTROYED and (tp, phase) == ("A", "main1"):
        card_id = str(mat.monster("A", name))
        return card_id, _breaker(mat, "A", "destroy", card_id)
    if event == "sent_to_gy_after_flip" and (tp, phase) == ("A", "main1"):
        card_id = str(mat.monster("A", name, "set"))
        return card_id, [{"player": "A", "do": "flip_summon", "card": card_id}, {"do": "resolve"},
                         *_breaker(mat, "A", "destroy", card_id)]  # fmt: skip
    if event == "destroyed_by_battle" and (tp, phase) == ("B", "battle"):
        card_id, attacker = str(mat.monster("A", name)), mat.monster("B", STRONG)
        return card_id, [{"player": "B", "do": "attack", "attacker": attacker, "target": card_id}]
    if event in ("battle_damage_to_opponent", "attack_declared") and (tp, phase) == ("A", "battle"):
        mat.players["B"]["monsters"] = []
        card_id = str(mat.monster("A", name))
        return card_id, [{"player": "A", "do": "attack", "attacker": card_id, "target": "direct"}]
    if event == "opponent_attack_declared" and (tp, phase) == ("B", "battle"):
        card_id = str(mat.monster("A", name) if defn.is_monster else mat.spell_trap("A", name, "up"))
        attacker = mat.monster("B", STRONG)
        return card_id, [{"player": "B", "do": "attack", "attacker": attacker, "target": "direct"}]
    if event == "opponent_special_summoned" and (tp, phase) == ("B", "main1"):
        card_id = str(mat.put("A", effect.works_from[0], name))
        summoned = mat.pile("B", "hand", STRONG)
        return card_id, _breaker(mat, "B", "special_summon", summoned)
    if (
        event in ("your_end_phase", "opponent_end_phase")
        and phase == "main1"
        and tp == ("A" if event == "your_end_phase" else "B")
    ):
        card_id = str(mat.spell_trap("A", name, "up") if effect.pendulum else mat.monster("A", name))
        return card_id, [{"player": tp, "do": "phase", "to": "end"}]
    if event == "end_phase_destroyed_by_battle" and (tp, phase) == ("A", "battle"):
        card_id = str(mat.monster("A", name))
        target = mat.players["B"]["monsters"][0]["id"]
        return card_id, [{"player": "A", "do": "attack", "attacker": card_id, "target": target},
                         {"player": "A", "do": "phase", "to": "end"}]  # fmt: skip
    if event == "standby_after_direct_damage" and (tp, phase) == ("A", "battle"):
        mat.players["B"]["monsters"] = []
        card_id = str(mat.monster("A", name))
        return card_id, [{"player": "A", "do": "attack", "attacker": card_id, "target": "direct"},
                         {"player": "A", "do": "end_turn"}, {"player": "B", "do": "end_turn"}]  # fmt: skip
    if event == "own_pendulum_returned_by_opponent" and (tp, phase) == ("B", "main1"):
        card_id = str(mat.monster("A", name))
        pendulum = next(d.name for d in library().values() if "pendulum" in d.subtypes and d.name != name)
        returned = str(mat.monster("A", pendulum))
        mat.pile("A", "hand", pendulum)  # another of its name: a choice of which to Summon
        return card_id, _breaker(mat, "B", "return_to_hand", returned)
    return None


def cases(name: str, number: int) -> list[tuple[str, dict[str, Any]]]:
    """Documents that activate effect `number` of card `name` with no `choices` and resolve it,
    in the order to try them (whose turn it is, and the phase), each with the id of the card."""
    defn = library()[name.lower()]
    effect = defn.effects[number - 1]
    trigger = effect.kind in ("trigger", "flip")
    out = []
    for turn_player, phase in VARIANTS:
        mat = Mat(turn_player, phase)
        placed_card = _place(mat, defn, effect)
        if placed_card is None:
            continue
        card_id, setup = placed_card
        placed = _fill(mat, effect, name)
        _requires(mat, defn, effect, card_id)
        _materials(mat, effect)
        targets = _targets(mat, effect, placed)
        if targets is None and not trigger:
            continue
        cost = _cost(mat, effect, card_id, placed)
        action: dict[str, Any] = {"player": "A", "do": "activate", "card": card_id}
        shown, mode = defn.numbered(number)  # as the card's text counts its effects
        activated = {defn.numbered(i)[0] for i, e in enumerate(defn.effects, start=1)
                     if e.kind not in ("continuous", "maintenance")}  # fmt: skip
        if len(activated) > 1:
            action["effect"] = shown
        if mode is not None:  # one of the effect's choices: said, as a judge would
            action["choices"] = {"mode": mode}
        if targets:
            action["targets"] = targets
        if cost:
            action["cost"] = cost
        if effect.condition == "end_of_battle_phase":
            action["at"] = "end_step"
        if effect.event in AT:
            action["at"] = AT[effect.event]
        activation = [action] if not trigger or effect.optional else []
        out.append((card_id, mat.document([*setup, *activation, {"do": "resolve"}])))
    return out
