"""Card pages: search (`/cards/`, live results with htmx), one card (`/cards/<id or name>/`) with
what the reader made of its text and the judges' corrections, and the deck helper (`/decks/fill/`).

Nothing here decides a rule: a written card shows the engine's own data, a read card the
reader's output with the overrides applied, and the reason the reader gave for every field.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote, urlencode

from django.apps import apps
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from engine.textreader import apply_overrides as apply_checked
from rulings.cards import corrections
from rulings.cards.decks import SECTION_WORDS, SECTIONS, DeckProblem, DeckReading, deck_from_text, player_yaml
from rulings.cards.importing import (
    ARROW_NAMES,
    ENGINE_KINDS,
    apply_overrides,
    type_line,
)
from rulings.cards.models import Card, OverrideHistory, OverrideProposal, ReaderOverride
from rulings.cards.plain_text import control_character
from rulings.cards.search import (
    ATTRIBUTES,
    CARD_TYPES,
    STATUSES,
    SUBTYPES,
    SearchProblem,
    card_index,
    find_card,
    load_cards,
    search_ids,
)
from rulings.glossary.models import glossary_terms

# The reader's fields a judge may correct, and the values each one takes.
OVERRIDE_CHOICES: dict[str, list[str] | None] = {
    "kind": [*sorted(ENGINE_KINDS), "summoning_condition"],
    "spell_speed": ["1", "2", "3", "none"],
    "optional": ["true", "false"],
    "wording": ["when", "if", "during", "none"],
    "can_miss_timing": ["true", "false"],
    "targets": ["true", "false"],
    "once_per_turn": ["none", "soft", "hard", "card_activation"],
    "quick_effect": ["true", "false"],
    "cannot_be_negated": ["true", "false"],
    "cost": None,  # free text; empty means "no cost"
    "condition": None,
}
FIELD_ORDER = [
    "kind", "spell_speed", "optional", "wording", "can_miss_timing", "targets", "cost", "condition",
    "once_per_turn", "quick_effect", "cannot_be_negated", "conjunctions", "part",
]  # fmt: skip
RELATED_LIMIT = 20
PAGE_LIMIT = 100  # cards listed on the search page


class OverrideProblem(Exception):
    """A correction that cannot be stored; the message names the field and what was expected."""


def override_value(field: str, raw: str) -> Any:
    """The JSON value a judge's correction stands for: true/false, a number, a word, text or null."""
    if field not in OVERRIDE_CHOICES:
        raise OverrideProblem(f"field: expected one of {', '.join(OVERRIDE_CHOICES)}; got {field!r}")
    raw = raw.strip()
    if problem := control_character(raw):
        raise OverrideProblem(f"value: {problem}")
    choices = OVERRIDE_CHOICES[field]
    if choices is None:
        return raw or None
    if raw.lower() not in choices:
        raise OverrideProblem(f"value: {field} is one of {', '.join(choices)}; got {raw!r}")
    raw = raw.lower()
    if raw in ("true", "false"):
        return raw == "true"
    if raw == "none":
        return None if field in ("spell_speed", "wording") else "none"
    return int(raw) if field == "spell_speed" else raw


def _shown(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | dict):
        return json.dumps(value, ensure_ascii=False) if value else "—"
    return str(value)


# --------------------------------------------------------------------------- search
SEARCH_PARAMS = ("q", "text", "type", "attribute", "level", "legality", "origin")


def _search_context(request: HttpRequest) -> dict[str, Any]:
    params = request.GET
    context: dict[str, Any] = {
        "params": {key: params.get(key, "") for key in SEARCH_PARAMS},
        "card_types": CARD_TYPES,
        "subtypes": SUBTYPES,
        "attributes": ATTRIBUTES,
        "statuses": [("legal", "Legal (not Forbidden)"), *STATUSES.items()],
        "levels": range(0, 14),
        "problem": None,
        "cards": [],
        "searched": any(params.get(k) for k in SEARCH_PARAMS),
    }
    try:
        ids = search_ids(params)
    except SearchProblem as problem:
        context["problem"] = problem
        return context
    page = Paginator(ids, PAGE_LIMIT).get_page(params.get("page"))
    statuses = {e.id: STATUSES.get(e.tcg, "") for e in (card_index().by_id.get(pk) for pk in page) if e}
    context["page"] = page
    context["page_query"] = urlencode({k: v for k, v in context["params"].items() if v})
    context["cards"] = [
        {
            "card": c,
            "line": type_line(c.card_type, c.subtype_list, c.monster_type),
            "status": statuses.get(c.pk, ""),
        }
        for c in load_cards(list(page))
    ]
    return context


@require_GET
def card_search(request: HttpRequest) -> HttpResponse:
    """The search form; an htmx request (typing in it) gets only the results list."""
    context = _search_context(request)
    partial = bool(request.htmx) and not request.htmx.history_restore_request
    template = "cards/card_results.html" if partial else "cards/card_search.html"
    response = render(request, template, context, status=400 if context["problem"] and not partial else 200)
    patch_vary_headers(response, ["HX-Request"])
    return response


# --------------------------------------------------------------------------- one card
UNCONFIRMED_NOTE = (
    "No source the library could reach confirms the values marked \u201cnot confirmed\u201d, so they "
    "are not guessed. A scenario states them from the card (under cards), or an imported card "
    "database that has this card fills them in."
)


def _stats(card: Card) -> list[tuple[str, str]]:
    unconfirmed = set(card.data.get("unconfirmed") or [])

    def shown(stat: str, value: object, missing: str = "?") -> str:
        return "not confirmed" if stat in unconfirmed else missing if value is None else str(value)

    rows = [("Card type", type_line(card.card_type, card.subtype_list, card.monster_type))]
    if card.card_type == "monster":
        rows.append(("Attribute", shown("attribute", card.attribute or None, "—")))
        if card.link_rating is not None:
            rows.append(("Link rating", str(card.link_rating)))
            arrows = ", ".join(ARROW_NAMES.get(a, a) for a in card.link_arrows) or "none"
            rows.append(("Link Arrows", arrows))
            rows.append(("ATK", shown("atk", card.atk)))
        else:
            if card.rank is not None:
                rows.append(("Rank", str(card.rank)))
            elif card.level is not None or "level" in unconfirmed:
                rows.append(("Level", shown("level", card.level)))
            rows.append(("ATK / DEF", f"{shown('atk', card.atk)} / {shown('def', card.defense)}"))
        if unconfirmed:
            rows.append(("Printed stats", UNCONFIRMED_NOTE))
        if card.scale_left is not None:
            rows.append(("Pendulum Scales", f"{card.scale_left} / {card.scale_right}"))
        if card.data.get("normal_summonable") is False:
            rows.append(("Normal Summon", "cannot be Normal Summoned or Set"))
    if card.passcode is not None:
        rows.append(("Passcode", str(card.passcode)))
    if card.alt_passcodes:
        rows.append(("Other artworks", ", ".join(str(c) for c in card.alt_passcodes)))
    rows.append(("Origin", card.get_origin_display()))
    return rows


def legality_rows(card: Card) -> list[tuple[str, str]]:
    """The card's Forbidden & Limited status in each format it has one ("TCG status": Limited)."""
    rows = [("TCG status", card.get_tcg_status_display()), ("OCG status", card.get_ocg_status_display())]
    return [(label, value) for label, value in rows if value]


def external_links(card: Card) -> list[tuple[str, str]]:
    """The card's pages elsewhere, from its printed facts (`facts`)."""
    links = []
    if card.konami_id:
        query = urlencode({"ope": 2, "cid": card.konami_id, "request_locale": "en"})
        links.append(
            ("Official card database", f"https://www.db.yugioh-card.com/yugiohdb/card_search.action?{query}")
        )
    if card.yugipedia_page:
        links.append(
            ("Yugipedia", f"https://yugipedia.com/wiki/{quote(card.yugipedia_page.replace(' ', '_'))}")
        )
    if card.ygoprodeck_page:
        links.append(("YGOPRODeck", f"https://ygoprodeck.com/card/{quote(card.ygoprodeck_page)}"))
    return links


def _reason(reason: Any, terms: dict[str, str]) -> dict[str, Any]:
    """The rule the reader applied: its words, its id, and its glossary entry if there is one."""
    if isinstance(reason, dict):
        slug = reason.get("glossary") or ""
        return {
            "text": str(reason.get("explanation") or reason.get("rule") or "—"),
            "rule": str(reason.get("rule") or ""),
            "slug": slug if slug in terms else "",
            "term": terms.get(slug, ""),
        }
    return {"text": _shown(reason), "rule": "", "slug": "", "term": ""}


EFFECT_KINDS = {
    "activation": "The card's activation",
    "ignition": "Ignition Effect",
    "trigger": "Trigger Effect",
    "quick": "Quick Effect",
    "continuous": "Continuous Effect",
    "flip": "Flip Effect",
    "maintenance": "Maintenance cost",
    "summoning_condition": "Summoning condition",
}
ONCE_PER_TURN = {
    "soft": "Once per turn (this copy)",
    "hard": "Once per turn, by name",
    "card_activation": "One activation of the card's name per turn",
    "shared": "Once per turn, shared with its other effects",
}
ZONES = {"graveyard": "GY", "spell_traps": "Spell & Trap Zone", "monsters": "Monster Zone"}


def _words(word: Any) -> str:
    """An engine word as plain words ("send_to_gy_self" → "send to GY self")."""
    return " ".join("GY" if part == "gy" else "LP" if part == "lp" else part for part in str(word).split("_"))


def _cost(kind: str, amount: Any) -> str:
    """One cost of a card file in words: "discard this card", "pay LP 1000", "tribute 1"."""
    if kind.endswith("_self"):
        return f"{_words(kind.removesuffix('_self'))} this card"
    return f"{_words(kind)} {_words(amount)}"


def _selector(selector: Any) -> str:
    """A selector of the card file as a short phrase: "1 monster (opponent's, Monster Zone)"."""
    if not isinstance(selector, dict):
        return _words(selector)
    count = selector.get("count", 1)
    thing = selector.get("card_type") or "card"
    where = [ZONES.get(selector.get("zone", "monsters"), _words(selector.get("zone", "")))]
    if selector.get("controller") in ("you", "opponent"):
        where.insert(0, "yours" if selector["controller"] == "you" else "the opponent's")
    named = f" named {selector['name']}" if selector.get("name") else ""
    things = f"{count} {thing}{'' if count == 1 else 's'}{named}"
    return f"{'up to ' if selector.get('up_to') else ''}{things} ({', '.join(where)})"


def _written_effects(card: Card) -> list[dict[str, Any]]:
    """A written card's effects as rows of words a judge reads (not the card file's keys)."""
    effects = []
    for number, effect in enumerate(card.data.get("effects") or [], start=1):
        rows = [("Kind", EFFECT_KINDS.get(effect.get("kind"), _words(effect.get("kind"))))]
        if effect.get("kind") not in ("continuous", "maintenance"):
            rows.append(("Optional", "yes (“you can”)" if effect.get("optional", True) else "no, mandatory"))
        if effect.get("wording"):
            event = f" {_words(effect['event'])}" if effect.get("event") else ""
            rows.append(("Timing", f"“{effect['wording'].capitalize()} …”{event}"))
        if effect.get("works_from"):
            rows.append(("Works from", ", ".join(ZONES.get(z, _words(z)) for z in effect["works_from"])))
        if effect.get("condition"):
            conditions = (
                effect["condition"] if isinstance(effect["condition"], list) else [effect["condition"]]
            )
            rows.append(("Condition", "; ".join(_words(c) for c in conditions)))
        if effect.get("cost"):
            rows.append(("Cost", "; ".join(_cost(kind, amount) for kind, amount in effect["cost"].items())))
        if effect.get("targets"):
            rows.append(("Targets", "; ".join(_selector(t) for t in effect["targets"])))
        if effect.get("do"):
            rows.append(("What it does", ", then ".join(_words(step.get("op")) for step in effect["do"])))
        if effect.get("apply"):
            rows.append(("While it applies", _words(effect["apply"])))
        if effect.get("once_per_turn", "none") != "none":
            rows.append(
                ("Limit", ONCE_PER_TURN.get(effect["once_per_turn"], _words(effect["once_per_turn"])))
            )
        effects.append({"number": number, "summary": effect.get("summary"), "rows": rows})
    return effects


FIELD_LABELS = {
    "kind": "Kind of effect",
    "spell_speed": "Spell Speed",
    "optional": "Optional (“you can”)",
    "wording": "Timing word",
    "can_miss_timing": "Can miss the timing",
    "targets": "Targets",
    "cost": "Cost",
    "condition": "Condition",
    "once_per_turn": "Once per turn",
    "quick_effect": "Quick Effect",
    "cannot_be_negated": "Cannot be negated",
    "conjunctions": "Joined by",
    "part": "Part of the card",
}
PARTS = {"pendulum": "Pendulum Effect", "monster": "Monster effect", "card": "The card's text"}
CONJUNCTIONS = {"and_if_you_do": "“and if you do”", "then": "“then”", "also": "“also”", "and": "“and”"}


def _value_words(key: str, value: Any) -> str:
    """A field of the reader's reading as a judge reads it."""
    if key == "kind" and isinstance(value, str):
        return EFFECT_KINDS.get(value, _words(value))
    if key == "once_per_turn":
        return "no limit" if value in (None, "none") else ONCE_PER_TURN.get(value, _words(value))
    if key == "wording" and isinstance(value, str):
        return f"“{value.capitalize()} …”"
    if key == "part" and isinstance(value, str):
        return PARTS.get(value, _words(value))
    if key == "conjunctions" and isinstance(value, list):
        return ", ".join(CONJUNCTIONS.get(v, _words(v)) for v in value) or "—"
    if isinstance(value, list):
        return ", ".join(_words(v) for v in value) or "—"
    return _shown(value)


def _read_effects(card: Card, overrides: list[ReaderOverride]) -> list[dict[str, Any]]:
    """The reader's effects with corrections applied; each field with its value, rule and override."""
    by_key = {(o.effect_index, o.field): o for o in overrides}
    effects = apply_overrides(card.reading, {key: o.value for key, o in by_key.items()})
    slugs = {
        r.get("glossary")
        for e in effects
        for r in (e.get("reasons") or {}).values()
        if isinstance(r, dict) and r.get("glossary")
    }
    terms = glossary_terms(slugs)
    engine_number = 0
    out = []
    for index, effect in enumerate(effects):
        reasons = effect.get("reasons") or {}
        keys = [k for k in FIELD_ORDER if k in effect] + sorted(
            k for k in effect if k not in FIELD_ORDER and k not in ("text", "reasons")
        )
        counted = effect.get("kind") in ENGINE_KINDS
        engine_number += counted
        out.append(
            {
                "index": index,
                "number": index + 1,
                "engine_number": engine_number if counted else None,
                "text": effect.get("text") or "",
                "fields": [
                    {
                        "name": key,
                        "label": FIELD_LABELS.get(key, _words(key).capitalize()),
                        "value": _value_words(key, effect.get(key)),
                        "reason": _reason(reasons.get(key) if isinstance(reasons, dict) else None, terms),
                        "override": by_key.get((index, key)),
                        "read": _value_words(key, card.reading[index].get(key))
                        if index < len(card.reading)
                        else "—",
                    }
                    for key in keys
                ],
            }
        )
    return out


def _related(card: Card) -> dict[str, list[Any]]:
    """Saved rulings and pasted scenarios that name the card.

    Their apps sit above this one (see ARCHITECTURE.md, "rulings/"), so their models are looked
    up by label rather than imported.
    """
    saved = apps.get_model("saved", "SavedRuling")
    scenario = apps.get_model("replays", "Scenario")
    rulings = [
        {"title": ruling.title, "url": reverse("ruling", args=[ruling.slug])}
        for ruling in saved.objects.filter(card_index__icontains=f"|{card.name}|")[:RELATED_LIMIT]
    ]
    scenarios = [
        {"title": s.slug, "url": reverse("scenario", args=[s.slug]), "created": s.created}
        for s in scenario.objects.live().filter(text__icontains=card.name)[:RELATED_LIMIT]
    ]
    return {"rulings": rulings, "scenarios": scenarios}


def _card_context(card: Card, user: Any, form: dict[str, Any] | None = None) -> dict[str, Any]:
    context: dict[str, Any] = {
        "card": card,
        "stats": _stats(card) + legality_rows(card),
        "links": external_links(card),
        "related": _related(card),
        "form": form or {},
        "override_fields": OVERRIDE_CHOICES,
    }
    if card.origin == Card.READ:
        overrides = list(card.overrides.select_related("author"))
        current = [o for o in overrides if o.text_hash == card.text_hash]
        history: dict[int, list[OverrideHistory]] = {}
        changes = card.override_history.filter(text_hash=card.text_hash).select_related("author")
        for change in changes:
            for o in current:
                if (o.effect_index, o.field) == (change.effect_index, change.field):
                    history.setdefault(o.pk, []).append(change)
        context["read_effects"] = _read_effects(card, current)
        context["current_overrides"] = [
            {"override": o, "yours": corrections.may_decide(user, o), "history": history.get(o.pk, [])}
            for o in current
        ]
        proposals = card.override_proposals.filter(text_hash=card.text_hash, status=OverrideProposal.OPEN)
        owners = {(o.effect_index, o.field): o for o in current}
        context["proposals"] = [
            {"proposal": p, "decides": _decides(user, owners.get((p.effect_index, p.field)))}
            for p in proposals.select_related("author")
        ]
        context["old_overrides"] = [o for o in overrides if o.text_hash != card.text_hash]
    else:
        context["written_effects"] = _written_effects(card)
    return context


def _decides(user: Any, override: ReaderOverride | None) -> bool:
    return override is not None and corrections.may_decide(user, override)


@require_GET
def card_detail(request: HttpRequest, key: str) -> HttpResponse:
    """One card by database id or name (any case)."""
    card = find_card(key)
    if card is None:
        raise Http404(f"No card named {key!r}.")
    return render(request, "cards/card_detail.html", _card_context(card, request.user))


@login_required
@require_POST
def card_override(request: HttpRequest, pk: int) -> HttpResponse:
    """Correct one field the reader decided, for the current text: the judge's own correction is
    set or changed; another judge's gets a proposal its author decides on (`corrections`). Also
    removes a correction, and accepts or declines a proposal (its author only)."""
    card = get_object_or_404(Card, pk=pk, origin=Card.READ)
    back = redirect(reverse("card", args=[card.pk]) + "#reading")
    try:
        if remove := request.POST.get("remove"):
            corrections.remove(get_object_or_404(ReaderOverride, card=card, pk=_number(remove)), request.user)
            return back
        if decision := request.POST.get("accept") or request.POST.get("decline"):
            proposal = get_object_or_404(OverrideProposal, card=card, pk=_number(decision))
            corrections.decide(proposal, request.user, accept="accept" in request.POST)
            return back
    except corrections.NotYours as refused:
        context = _card_context(card, request.user, {"refused": str(refused)})
        return render(request, "cards/card_detail.html", context, status=403)
    form = {key: request.POST.get(key, "") for key in ("effect", "field", "value")}
    try:
        raw_effect = form["effect"].strip()
        if not raw_effect.isdigit() or not 1 <= int(raw_effect) <= len(card.reading):
            count = len(card.reading)
            raise OverrideProblem(f"effect: expected a number from 1 to {count}; got {raw_effect!r}")
        value = override_value(form["field"], form["value"])
        try:
            apply_checked(card.reading, {(int(raw_effect) - 1, form["field"]): value})
        except ValueError as err:
            raise OverrideProblem(f"value: {getattr(err, 'message', err)}") from None
    except OverrideProblem as problem:
        context = _card_context(card, request.user, {**form, "problem": str(problem)})
        return render(request, "cards/card_detail.html", context, status=400)
    outcome = corrections.correct(card, int(raw_effect) - 1, form["field"], value, request.user)
    return redirect(reverse("card", args=[card.pk]) + ("#proposals" if outcome == "proposed" else "#reading"))


def _number(raw: str) -> int:
    return int(raw) if raw.isdigit() else 0


# --------------------------------------------------------------------------- decks
@require_http_methods(["GET", "POST"])
def deck_fill(request: HttpRequest) -> HttpResponse:
    """A deck (ydk text or ydke link) as the YAML lines for one player's half of a scenario.

    An htmx request gets the small partial (errors too, with status 200 so htmx swaps them in,
    marked `data-ok="false"`); a plain form post gets a whole page (400 on a problem).
    """
    partial = bool(request.htmx)
    if request.method == "GET":
        return render(request, "cards/deck_fill.html", {"player": "A", "text": ""})
    text = request.POST.get("deck", "")
    player = request.POST.get("player", "A").strip().upper()
    context: dict[str, Any] = {"player": player, "text": text}
    try:
        if player not in ("A", "B"):
            raise DeckProblem("player", f"expected A or B; got {player!r}")
        if not text.strip():
            raise DeckProblem("deck", "paste the text of a .ydk file or a ydke:// link")
        deck = deck_from_text(text)
    except DeckProblem as problem:
        context["problem"] = problem
        template = "cards/_deck_fill.html" if partial else "cards/deck_fill.html"
        return render(request, template, context, status=200 if partial else 400)
    context.update(deck=deck, yaml=player_yaml(deck), sections=_deck_sections(deck))
    return render(request, "cards/_deck_fill.html" if partial else "cards/deck_fill.html", context)


def _deck_sections(deck: DeckReading) -> list[dict[str, Any]]:
    """Each part of the deck with its cards as the page lists them (same cards in a row counted)."""
    sections = []
    for section in SECTIONS:
        rows: list[dict[str, Any]] = []
        for item in deck.cards[section]:
            shown = item.as_dict()
            if rows and rows[-1]["passcode"] == shown["passcode"]:
                rows[-1]["count"] += 1
            else:
                rows.append({**shown, "count": 1})
        sections.append({"title": SECTION_WORDS[section], "count": len(deck.cards[section]), "rows": rows})
    return sections
