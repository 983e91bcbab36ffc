"""The "Read a card" page (`/cards/read/`): paste a card's text, see it split into its effects and
every property the card-text reader derived, each with the grammar rule and its glossary entry.

One view serves the full page and the htmx fragment: an htmx POST gets only
`cards/_reading.html`, swapped in under the form; without JavaScript the form posts and the
whole page comes back with the reading. The reading itself is the engine's (`engine.textreader`);
this module only labels it for people.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_http_methods

from engine import textreader
from rulings.glossary.models import glossary_terms

# How each field is named on the page, in the order it is shown.
FIELD_LABELS = {
    "kind": "Kind of effect",
    "spell_speed": "Spell Speed",
    "optional": "Optional or mandatory",
    "wording": "Timing word",
    "can_miss_timing": "Missing the timing",
    "targets": "Targets",
    "cost": "Cost",
    "condition": "Activation condition",
    "once_per_turn": "Once per turn",
    "quick_effect": "(Quick Effect)",
    "cannot_be_negated": "Negation",
    "conjunctions": "Joined by",
    "part": "Text box",
}
KIND_LABELS = {
    "ignition": "Ignition Effect",
    "trigger": "Trigger Effect",
    "quick": "Quick Effect",
    "continuous": "Continuous effect",
    "flip": "Flip effect",
    "activation": "Card activation",
    "maintenance": "Maintenance cost",
    "summoning_condition": "Summoning condition",
}
VALUE_LABELS: dict[str, dict[Any, str]] = {
    "kind": KIND_LABELS,
    "optional": {True: "Optional ('You can')", False: "Mandatory", None: "Not applicable"},
    "wording": {"when": "“When”", "if": "“If”", "during": "“During”", None: "None"},
    "can_miss_timing": {True: "Can miss the timing", False: "Cannot miss the timing"},
    "targets": {True: "Targets", False: "Does not target"},
    "once_per_turn": {
        "none": "No limit",
        "soft": "Once per turn (this copy)",
        "hard": "Once per turn (all copies with this name)",
        "card_activation": "1 activation of the card per turn",
    },
    "quick_effect": {True: "Says “(Quick Effect)”", False: "No “(Quick Effect)”"},
    "cannot_be_negated": {True: "Cannot be negated", False: "Can be negated"},
    "part": {"pendulum": "Pendulum Effect", "monster": "Monster effect", "card": "Spell/Trap text"},
}
CONJUNCTION_LABELS = {"and_if_you_do": "“and if you do”", "then": "“then”", "also": "“also”", "and": "“and”"}
PART_LABELS = {
    "condition": "Condition",
    "marker": "Marker",
    "cost": "Cost",
    "target": "Targets",
    "effect": "Effect",
}
KIND_CHOICES = [("monster", "Monster"), ("spell", "Spell"), ("trap", "Trap")]

# A few texts to try, written in the card-text grammar for this page.
EXAMPLES = [
    {
        "slug": "hand-trap",
        "title": "A hand trap",
        "kind": "monster",
        "subtype": ["effect", "tuner"],
        "text": "(Quick Effect): You can discard this card; negate the activation of a Spell Card. "
        'You can only use this effect of "Quiet Lantern" once per turn.',
    },
    {
        "slug": "when-trigger",
        "title": "A “When ... you can” trigger",
        "kind": "monster",
        "subtype": ["effect"],
        "text": "When this card is sent from the field to the GY: You can add 1 Level 4 or lower monster "
        "from your Deck to your hand. Monsters your opponent controls lose 300 ATK.",
    },
    {
        "slug": "xyz",
        "title": "An Xyz Monster",
        "kind": "monster",
        "subtype": ["xyz", "effect"],
        "text": "2 Level 4 monsters\nOnce per turn: You can detach 1 material from this card, then target "
        "1 card on the field; destroy it, and if you do, draw 1 card.",
    },
    {
        "slug": "counter-trap",
        "title": "A Counter Trap",
        "kind": "trap",
        "subtype": ["counter"],
        "text": "When a monster would be Summoned: Pay 1000 LP; negate the Summon, and if you do, "
        "banish that monster.",
    },
    {
        "slug": "continuous-trap",
        "title": "A Continuous Trap with a cost to keep",
        "kind": "trap",
        "subtype": ["continuous"],
        "text": "Monsters cannot attack directly. Once per turn, during your Standby Phase, you must pay "
        "500 LP (this is not optional), or destroy this card.",
    },
]


def _form(data: Any) -> dict[str, Any]:
    """The form's values from a POST (or an example), as the template shows them back."""
    subtypes = data.getlist("subtype") if hasattr(data, "getlist") else list(data.get("subtype") or [])
    return {
        "text": data.get("text", ""),
        "pendulum_text": data.get("pendulum_text", ""),
        "kind": data.get("kind", "monster"),
        "subtype": subtypes,
    }


def _shown(name: str, value: Any) -> str:
    if name == "conjunctions":
        return ", ".join(CONJUNCTION_LABELS[c] for c in value) or "None"
    if name == "spell_speed":
        return str(value) if value else "None (not activated)"
    if name in ("cost", "condition"):
        return value or "None"
    return VALUE_LABELS[name].get(value, str(value))


def _display(reading: textreader.Reading) -> dict[str, Any]:
    """The reading laid out for the template: parts of each effect's text, fields with their rules."""
    slugs = {r["glossary"] for e in reading.effects for r in e["reasons"].values()}
    terms = glossary_terms(slugs)
    effects = []
    for number, effect in enumerate(reading.effects, start=1):
        fields = []
        for name, label in FIELD_LABELS.items():
            reason = effect["reasons"][name]
            fields.append(
                {
                    "name": name,
                    "label": label,
                    "value": _shown(name, effect[name]),
                    "rule": reason["rule"],
                    "explanation": reason["explanation"],
                    "slug": reason["glossary"],
                    "term": terms.get(reason["glossary"], reason["glossary"]),
                }
            )
        parts = [
            {"label": part["label"], "name": PART_LABELS[part["label"]], "text": part["text"].strip()}
            for part in textreader.text_parts(effect)
        ]
        for part in parts:
            if part["label"] == "cost" and effect["targets"]:
                part["name"] = "Cost and targets"
        effects.append(
            {
                "number": number,
                "kind_label": KIND_LABELS[effect["kind"]],
                "part_label": VALUE_LABELS["part"][effect["part"]],
                "speed": effect["spell_speed"],
                "parts": parts,
                "fields": fields,
            }
        )
    return {"effects": effects, "not_effects": reading.not_effects}


@require_http_methods(["GET", "POST"])
def read_card(request: HttpRequest) -> HttpResponse:
    """GET: the form (with an example read, `?example=`). POST: the reading, or what is wrong."""
    errors: list[dict[str, str]] = []
    result: dict[str, Any] | None = None
    example = next((e for e in EXAMPLES if e["slug"] == request.GET.get("example")), None)
    form = _form(request.POST if request.method == "POST" else example or {})
    if request.method == "POST" or example:
        try:
            reading = textreader.read(
                form["text"],
                kind=form["kind"],
                subtype=form["subtype"],
                pendulum_text=form["pendulum_text"] or None,
            )
        except textreader.ReaderError as error:
            errors = [{"path": error.field, "message": error.message}]
        else:
            result = _display(reading)

    partial = bool(request.htmx) and not request.htmx.history_restore_request
    context = {
        "form": form,
        "errors": errors,
        "result": result,
        "examples": EXAMPLES,
        "kinds": KIND_CHOICES,
        "subtypes": [
            {"value": s, "kinds": [k for k in textreader.KINDS if s in textreader.SUBTYPES[k]]}
            for s in textreader.ALL_SUBTYPES
        ],
        "partial": partial,
    }
    # htmx swaps only 2xx answers, so a fragment with errors in it is a 200; the full page says 400.
    status = 400 if errors and not partial else 200
    template = "cards/_reading.html" if partial else "cards/read_card.html"
    response = render(request, template, context, status=status)
    patch_vary_headers(response, ["HX-Request"])
    return response
