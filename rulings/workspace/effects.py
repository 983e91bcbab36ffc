"""What the chosen card's effect asks of the builder, read off its card file (engine/cards): which
effect, the cost it demands and the cards that could pay it, what it targets and how many. The
builder shows those fields and fills what is forced; the engine still judges the action.

The cards offered for a cost are those the engine's own "legal now" try pays with
(engine.rules.legal: the hand for a discard, your monsters for a Tribute, the card itself for a
banish from the GY, else your GY; the card's Xyz Materials for a detach), narrowed to the zones
the card file's `cost_cards` names."""

from typing import Any

from engine.cards import CardDef, Effect, Selector
from engine.catalog import load_catalog
from engine.explain import COST_WORDS
from engine.rules.legal import ACTIVATED

# Where a selector's zone is on a replay's board
SELECTOR_ZONES: dict[str, tuple[str, ...]] = {
    "monsters": ("monsters",),
    "spell_traps": ("spell_traps",),
    "field": ("field_spell",),
    "hand": ("hand",),
    "graveyard": ("graveyard",),
    "deck": ("deck",),
    "banished": ("banished",),
    "onfield": ("monsters", "spell_traps", "field_spell"),
    "spell_traps_or_field": ("spell_traps", "field_spell"),
    "hand_or_deck": ("hand", "deck"),
    "hand_deck_or_graveyard": ("hand", "deck", "graveyard"),
}
# Where the cards paying a cost are, when the card file does not say (as engine.rules.legal pays)
COST_ZONES: dict[str, tuple[str, ...]] = {
    "discard": ("hand",),
    "tribute": ("monsters",),
    "send_to_gy": ("hand",),
    "banish": ("graveyard",),
    "reveal": ("hand",),
}
CARD_COSTS = ("discard", "tribute", "send_to_gy", "banish", "detach", "reveal")  # costs paid with cards
KIND_WORDS = {
    "activation": "the card's activation",
    "ignition": "Ignition Effect",
    "quick": "Quick Effect",
    "trigger": "Trigger Effect",
    "flip": "Flip Effect",
}
MONSTERS_FIRST = (
    "monsters",
    "spell_traps",
    "field_spell",
    "graveyard",
    "banished",
    "hand",
    "deck",
    "extra_deck",
)


def definition(name: str | None) -> CardDef | None:
    """The card file of a card by name; None for a card the engine has no file for."""
    return load_catalog().get(str(name or "").strip().lower())


def effect_choices(defn: CardDef) -> list[dict[str, Any]]:
    """The effects a player activates (not Continuous ones), numbered as an action's `effect`
    counts them; one entry per choice of an effect with choices, numbered "effect.choice"
    (`effect` and `choices: {mode: n}`, `built_action`)."""
    out = []
    for internal, effect in enumerate(defn.effects, start=1):
        if effect.kind in ACTIVATED:
            shown, mode = defn.numbered(internal)
            number = str(shown) if mode is None else f"{shown}.{mode}"
            words = KIND_WORDS.get(effect.kind, effect.kind)
            if mode is not None:
                words += f", choice {mode}"
            if effect.summary:
                words += f": {effect.summary}"
            out.append({"number": number, "label": f"{shown}. {words}", "effect": effect})
    return out


def chosen_effect(defn: CardDef, given: str, legal: str, location: str) -> tuple[str, Effect] | None:
    """The effect the builder is about: the one given, else the one the engine says can be
    activated now, else the first that works from where the card is."""
    choices = effect_choices(defn)
    for wanted in (given, legal):
        for choice in choices:
            if wanted and str(choice["number"]) == str(wanted):
                return choice["number"], choice["effect"]
    field = location in ("monsters", "spell_traps", "field_spell")
    for choice in choices:
        works = choice["effect"].works_from
        if choice["effect"].kind == "activation" or location in works or (field and "field" in works):
            return choice["number"], choice["effect"]
    return (choices[0]["number"], choices[0]["effect"]) if choices else None


def _zones(selector: Selector) -> tuple[str, ...]:
    return SELECTOR_ZONES.get(selector.zone, ("monsters",))


def _whose(controller: str, player: str) -> tuple[str, ...]:
    foe = "B" if player == "A" else "A"
    return {"you": (player,), "opponent": (foe,)}.get(controller, (foe, player))


def _count_words(amount: Any) -> str:
    if amount == "any":
        return "1 or more"
    if isinstance(amount, list):
        return " or ".join(str(a) for a in amount)
    return str(amount)


def cost_fields(
    effect: Effect | None, extra: list[str], card: dict[str, Any], player: str, cards_in: Any
) -> list[dict[str, Any]]:
    """One field for each cost the effect demands (and each `extra` kind the judge adds): its
    words, how many, and the cards that could pay it (`cards_in(player, zones)` gives a player's
    cards in those zones, grouped). A cost paid with the card itself or with LP is only said: the
    engine pays it."""
    fields = []
    costs: dict[str, Any] = dict(effect.cost) if effect else {}
    costs.update({key: "any" for key in extra if key not in costs})
    cost_cards = effect.cost_cards if effect else []
    for key, amount in costs.items():
        required = effect is not None and key in effect.cost
        field: dict[str, Any] = {"key": key, "words": COST_WORDS.get(key, key), "count": _count_words(amount),
                                 "required": required, "amount": amount}  # fmt: skip
        if key not in CARD_COSTS:
            if key == "pay_lp":
                field["note"] = "half your LP" if amount == "half" else f"{amount} LP"
            elif key == "remove_counters":
                field["note"] = f"{amount} counter(s) from this card"
            else:
                field["note"] = "this card itself"
            fields.append(field)
            continue
        if key == "detach":
            groups = [{"label": f"Materials of {card['card']}", "cards": list(card.get("materials") or [])}]
        elif key == "banish" and card.get("location") == "graveyard" and not cost_cards:
            groups = [{"label": "This card, in the GY", "cards": [card]}]  # as the engine's try pays it
        else:
            if cost_cards:
                zones = tuple(dict.fromkeys(z for s in cost_cards for z in _zones(s)))
                whose = _whose(cost_cards[0].controller, player)
            else:
                zones, whose = COST_ZONES.get(key, ("hand",)), (player,)
            groups = [g for p in whose for g in cards_in(p, zones)]
            for group in groups:  # a card does not pay for itself, unless its file says so (_self)
                group["cards"] = [c for c in group["cards"] if c["id"] != card["id"]]
        field["groups"] = [g for g in groups if g["cards"]]
        field["candidates"] = [c["id"] for g in field["groups"] for c in g["cards"]]
        fields.append(field)
    return fields


def target_zones(effect: Effect, player: str) -> list[tuple[str, tuple[str, ...]]]:
    """(player, zones) where the effect's targets can be, monsters first."""
    out: list[tuple[str, tuple[str, ...]]] = []
    for selector in effect.targets:
        for p in _whose(selector.controller, player):
            zones = tuple(sorted(_zones(selector), key=MONSTERS_FIRST.index))
            if (p, zones) not in out:
                out.append((p, zones))
    return sorted(out, key=lambda pz: MONSTERS_FIRST.index(pz[1][0]))


def target_count(effect: Effect) -> str:
    """How many targets the effect takes, in words ("1", "up to 2")."""
    total = sum(s.count for s in effect.targets)
    up_to = any(s.up_to for s in effect.targets)
    return f"up to {total}" if up_to else str(total)
