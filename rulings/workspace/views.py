"""The judge's workspace: the board editor's pages and buttons, what-if forks and a
side-by-side comparison of two replays.

The form and the document (`document`), the mat (`mat`) and the action builder
(`builder`) each have their own module; this one has the views and what each button does
to the form.
"""

import re
from typing import Any
from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from engine.explain import SUMMON_WORDS
from engine.state import PHASE_NAMES
from rulings.cards.models import Card
from rulings.replays.display import BATTLE_STEP_NAMES, board_view, result_text
from rulings.replays.models import Scenario
from rulings.replays.scenarios import ScenarioRejected, replay_text
from rulings.saved.store import MAX_NOTES, MAX_TITLE
from rulings.workspace.builder import (
    action_list,
    builder_context,
    builder_data,
    builder_problems,
    built_action,
    resolution_op,
    unfinished_rows,
)
from rulings.workspace.document import (
    EXTRA_PILE_SLOTS,
    PLAYERS,
    SUMMON_TYPES,
    Check,
    action_line,
    action_rows,
    check,
    default_document,
    fork_document,
    form_values,
    indices,
    parse_action,
    read_document,
)
from rulings.workspace.mat import all_slots, editor_mat, part_summaries

MORE_SLOTS = 3  # blank inputs a "More slots" button adds
DATALIST_LIMIT = 60
OP = re.compile(r"^(?P<name>[a-z-]+)(?::(?P<arg>[A-Za-z0-9_-]+))?$")
# Where focus goes when the builder's action has a problem: the field, or these for the others.
PROBLEM_FOCUS = {"general": "builder-heading", "resolution": "op-res-add", "cost": "b-cost"}


# --------------------------------------------------------------------------- form operations
def _form_dict(data: QueryDict) -> dict[str, str]:
    return {key: data.get(key, "") for key in data if key not in ("csrfmiddlewaretoken", "op")}


def _slots(data: dict[str, str]) -> dict[str, int]:
    return {k[6:]: int(v) for k, v in data.items() if k.startswith("slots-") and v.isdigit() and int(v) <= 60}


def _set_actions(values: dict[str, str], lines: list[str]) -> None:
    for key in [k for k in values if re.fullmatch(r"action-\d+", k)]:
        del values[key]
    for i, line in enumerate(lines):
        values[f"action-{i}"] = line


def apply_op(op: str, values: dict[str, str], data: QueryDict) -> str:
    """Apply a button's operation to the form values; returns the id of the field to focus."""
    match = OP.match(op or "")
    if not match:
        return ""
    name, arg = match["name"], match["arg"] or ""
    lines = [text for _, text in action_rows(values)]
    index = int(arg) if arg.isdigit() else -1
    if name == "more" and re.fullmatch(r"[AB]-(hand|graveyard|banished|extra_deck|deck)", arg):
        shown = int(values.get(f"slots-{arg}", "0") or 0)
        filled = len([i for i in indices(values, f"{arg}-") if values.get(f"{arg}-{i}", "").strip()])
        values[f"slots-{arg}"] = str(max(shown, filled + EXTRA_PILE_SLOTS) + MORE_SLOTS)
        return f"f-{arg}-{max(shown, filled + EXTRA_PILE_SLOTS)}"
    if name == "import-deck":
        return _import_deck(values)
    if not 0 <= index < len(lines):
        return ""
    if name == "up" and index > 0:
        lines[index - 1], lines[index] = lines[index], lines[index - 1]
        _set_actions(values, lines)
        return f"op-up-{index - 1}" if index > 1 else f"op-down-{index - 1}"
    if name == "down" and index < len(lines) - 1:
        lines[index + 1], lines[index] = lines[index], lines[index + 1]
        _set_actions(values, lines)
        return f"op-down-{index + 1}" if index + 1 < len(lines) - 1 else f"op-up-{index + 1}"
    if name == "delete":
        del lines[index]
        _set_actions(values, lines)
        return f"f-action-{min(index, len(lines) - 1)}" if lines else "b-do"
    if name == "resolve":
        lines.insert(index + 1, action_line({"do": "resolve"}))
        _set_actions(values, lines)
        return f"f-action-{index + 1}"
    return ""


def _fresh_builder(data: QueryDict) -> QueryDict:
    """The builder afresh for the next action: the same player and verb, nothing else."""
    fresh = QueryDict(mutable=True)
    fresh.update({k: data.get(k, "") for k in ("b-player", "b-do")})
    return fresh


def _without_edit(data: QueryDict) -> QueryDict:
    """The builder's fields no longer tied to an action of the list (which may have moved)."""
    data = data.copy()
    data.pop("b-edit", None)
    return data


def _add_action(request: HttpRequest, values: dict[str, str]) -> HttpResponse:
    """Add the builder's action to the list (or put it in place of the action being changed),
    unless the engine finds a problem with it: then it stays in the builder, each problem next
    to the field it is about."""
    data = request.POST
    lines = [text for _, text in action_rows(values)]
    editing = data.get("b-edit", "")
    n = int(editing) if editing.isdigit() and int(editing) < len(lines) else len(lines)
    action = built_action(data)
    if action is None:
        problems = {"do": ["choose what the player did"]}
        return _render_editor(request, values, show_errors=True, focus="b-do", data=data, problems=problems)
    trial = dict(values)
    _set_actions(trial, [*lines[:n], action_line(action), *lines[n + 1 :]])
    if problems := unfinished_rows(data) or builder_problems(check(trial).errors, n, data):
        key = next(iter(problems))
        focus = PROBLEM_FOCUS.get(key, f"b-{key}") + ("-verb" if key.startswith("res-") else "")
        return _render_editor(request, values, show_errors=True, focus=focus, data=data, problems=problems)
    return _render_editor(request, trial, show_errors=True, focus=f"f-action-{n}", data=_fresh_builder(data))


def _edit_action(request: HttpRequest, values: dict[str, str], arg: str) -> HttpResponse:
    """Load action `arg` of the list into the builder, to change it there."""
    lines = [text for _, text in action_rows(values)]
    n = int(arg) if arg.isdigit() and int(arg) < len(lines) else -1
    data = builder_data(parse_action(lines[n]), n) if n >= 0 else None
    if data is None:
        message = (
            f"Action {n + 1} has parts the builder cannot show (choices of several kinds, or a line "
            "that is not an action): change its line in the list instead."
        )
        problems = {"general": [message]}
        fresh = _fresh_builder(request.POST)
        return _render_editor(request, values, show_errors=True, focus="builder-heading", data=fresh,
                              problems=problems)  # fmt: skip
    return _render_editor(request, values, show_errors=True, focus="builder-heading", data=data)


def _import_deck(values: dict[str, str]) -> str:
    """Fill a player's Deck and Extra Deck from a .ydk text or ydke:// link (rulings.cards.decks)."""
    from rulings.cards.decks import DeckProblem, deck_from_text

    player = values.get("deck_player", "A")
    text = values.get("deck_text", "")
    try:
        if player not in PLAYERS:
            raise DeckProblem("player", f"expected A or B; got {player!r}")
        if not text.strip():
            raise DeckProblem("deck", "paste the text of a .ydk file or a ydke:// link")
        deck = deck_from_text(text)
    except DeckProblem as problem:
        values["deck_problem"] = f"{problem.path}: {problem.message}"
        return "f-deck-text"
    for pile, names in (("deck", deck.names("main")), ("extra_deck", deck.names("extra"))):
        key = f"{player}-{pile}"
        for old in [k for k in values if re.fullmatch(re.escape(key) + r"-\d+(-keep)?", k)]:
            del values[old]
        values.pop(f"slots-{key}", None)
        for i, card in enumerate(names):
            values[f"{key}-{i}"] = card
    unknown = [c for c in deck.unknown if c.section == "main"]  # cards the Deck holds, names unknown
    values[f"{player}-deck-unknown"] = str(len(unknown))
    values[f"{player}-deck-shuffled"] = "on"  # a deck list says which cards, not their order
    values["deck_text"] = ""
    values["deck_done"] = " ".join(
        [
            f"Player {player}: {len(deck.cards['main'])} Main Deck and "
            f"{len(deck.names('extra'))} Extra Deck cards.",
            *(m["message"] + "." for m in deck.unknown_messages()),
        ]
    )
    return f"pile-{player}-deck"


# --------------------------------------------------------------------------- views
def _save_url() -> str:
    try:
        return reverse("ruling-new")
    except NoReverseMatch:
        return "/r/new/"  # saved rulings are being built at /r/...; the button works once they land


def _store(text: str) -> Scenario:
    """The editor's document as a stored scenario (its slug is its text's: stored once)."""
    return Scenario.keep(text, "yaml")


def _builder(
    values: dict[str, str], data: QueryDict | dict[str, str], outcome: Check, problems: dict | None = None
) -> dict[str, Any]:
    """The builder's context. Changing action n, it offers the cards of the board just before n."""
    result = outcome.result
    editing = str(data.get("b-edit", ""))
    lines = [text for _, text in action_rows(values)]
    if editing.isdigit() and int(editing) < len(lines) and result is not None:
        before = dict(values)
        _set_actions(before, lines[: int(editing)])
        result = check(before).result
    elif editing and isinstance(data, QueryDict):
        data = _without_edit(data)
    return builder_context(data, result, problems)


def _context(
    values: dict[str, str],
    outcome: Check,
    *,
    show_errors: bool,
    focus: str = "",
    data: QueryDict | None = None,
    problems: dict | None = None,
    with_builder: bool = True,
) -> dict[str, Any]:
    by_slot = outcome.by_slot if show_errors else {}
    slots = _slots(values)
    forked_from = values.get("forked_from", "")
    mat = editor_mat(values, by_slot, slots)
    open_parts = _open_parts(values)
    return {
        "values": values,
        "mat": mat,
        "parts": part_summaries(mat, open_parts),
        "ui_open": {key: True for key in open_parts},
        "ui_open_text": ",".join(sorted(open_parts)),
        "next_action": max(indices(values, "action-"), default=-1) + 1,
        "board_errors": by_slot.get("board", []),
        "general_errors": by_slot.get("general", []),
        "errors": outcome.errors if show_errors else [],
        "error_count": len(outcome.errors),
        "actions": action_list(values, by_slot, outcome.result),
        "builder": _builder(values, data or values, outcome, problems) if with_builder else {},
        "doc_extra": values.get("doc-extra", ""),
        "slots": slots,
        "text": outcome.text,
        "result": outcome.result,
        "result_text": result_text((outcome.result or {}).get("result")) if outcome.result else "",
        "phases": list(PHASE_NAMES.items()),
        "battle_steps": list(BATTLE_STEP_NAMES.items()),
        "summon_types": [(kind, SUMMON_WORDS.get(kind, kind)) for kind in SUMMON_TYPES],
        "forked_from": forked_from if Scenario.objects.live().filter(slug=forked_from).exists() else "",
        "fork_step": values.get("fork_step", ""),
        "focus": focus,
        "save_url": _save_url(),
        "max_notes": MAX_NOTES,
        "card_names": list(Card.objects.values_list("name", flat=True)[:DATALIST_LIMIT]),
        "all_slots": all_slots(values),
        "editing": True,
    }


UI_PARTS = ("A", "B", "emz", "actions_text")  # the editor's folded parts, by their data-ui key


def _open_parts(values: dict[str, str]) -> set[str]:
    """The folded parts the judge left open (editor.js keeps them in the `ui-open` field)."""
    return {key for key in values.get("ui-open", "").split(",") if key in UI_PARTS}


def _render_editor(request: HttpRequest, values: dict[str, str], *, show_errors: bool, focus: str = "",
                   status: int = 200, data: QueryDict | None = None,
                   problems: dict | None = None) -> HttpResponse:  # fmt: skip
    outcome = check(values)
    if data is None and request.method == "POST":
        data = request.POST
    context = _context(values, outcome, show_errors=show_errors, focus=focus, data=data, problems=problems)
    if request.htmx:
        return render(request, "workspace/_editor_form.html", {**context, "oob": True}, status=200)
    return render(request, "workspace/editor.html", context, status=status)


@require_http_methods(["GET", "POST"])
def editor(request: HttpRequest) -> HttpResponse:
    """The board editor. GET draws a blank board, a stored scenario (`?from=`) or a fork of one
    (`&upto=<step>`); POST applies a button (add an action, move one, more slots, replay)."""
    if request.method == "GET":
        doc = default_document()
        values: dict[str, str]
        if slug := request.GET.get("from"):
            scenario = get_object_or_404(Scenario.objects.live(), slug=slug)
            upto = request.GET.get("upto", "")
            if upto and not upto.isdigit():
                raise Http404("upto must be a step number.")
            doc = fork_document(scenario, int(upto) if upto else None)
            values = form_values(doc)
            values["forked_from"] = scenario.slug
            values["fork_step"] = upto
        else:
            values = form_values(doc)
        return _render_editor(request, values, show_errors=bool(request.GET.get("from")))

    values = _form_dict(request.POST)
    op = request.POST.get("op", "")
    if op == "replay":
        outcome = check(values)
        if outcome.errors:
            return _render_editor(request, values, show_errors=True, focus="editor-errors", status=400)
        scenario = _store(outcome.text)
        url = reverse("scenario", args=[scenario.slug])
        if values.get("forked_from") and Scenario.objects.live().filter(slug=values["forked_from"]).exists():
            url += f"?vs={values['forked_from']}"
        if request.htmx:
            return HttpResponse(status=204, headers={"HX-Redirect": url})
        return redirect(url)
    match = OP.match(op)
    name, arg = (match["name"], match["arg"] or "") if match else ("", "")
    if name == "add-action":
        return _add_action(request, values)
    if name == "edit":
        return _edit_action(request, values, arg)
    data: QueryDict = request.POST
    if name in ("res-add", "res-delete"):
        data, focus = resolution_op(name, arg, data)
        return _render_editor(request, values, show_errors=True, focus=focus, data=data)
    if name == "cancel-edit":
        return _render_editor(request, values, show_errors=True, focus="b-do", data=_fresh_builder(data))
    focus = apply_op(op, values, data)
    if name in ("up", "down", "delete", "resolve"):  # the list changed: a change in the builder lets go
        data = _without_edit(data)
    return _render_editor(
        request, values, show_errors=op in ("check", "replay") or bool(focus), focus=focus, data=data
    )


@require_POST
def editor_save(request: HttpRequest) -> HttpResponse:
    """Save as a ruling, logged out: keep the board (as a stored scenario) and go to the save
    form by way of the login page, so logging in loses nothing the judge entered."""
    text = request.POST.get("scenario", "")
    try:
        replay_text(text, "yaml")
    except ScenarioRejected:  # back to the editor, with the board and what is wrong with it
        doc = read_document(text)
        return _render_editor(request, form_values(doc), show_errors=True, focus="editor-errors", status=400)
    scenario = _store(text)
    query = urlencode({"from": scenario.slug, "title": request.POST.get("title", "")[:MAX_TITLE]})
    target = f"{_save_url()}?{query}"
    if request.user.is_authenticated:
        return redirect(target)
    return redirect(f"{reverse('login')}?{urlencode({'next': target})}")


@require_POST
def editor_validate(request: HttpRequest) -> HttpResponse:
    """The live check: the engine's problems, each swapped in next to its field (htmx OOB)."""
    values = _form_dict(request.POST)
    outcome = check(values)
    context = _context(values, outcome, show_errors=True, with_builder=False)  # the builder is not redrawn
    slot_errors = outcome.by_slot
    slot_list = [{"slot": s, "errors": slot_errors.get(s, [])} for s in context["all_slots"]]
    return render(
        request, "workspace/_editor_validate.html", {**context, "slot_list": slot_list, "oob": True}
    )


@require_POST
def editor_builder(request: HttpRequest) -> HttpResponse:
    """The action builder alone, redrawn for the chosen player and verb."""
    values = _form_dict(request.POST)
    outcome = check(values)
    context = {"builder": _builder(values, request.POST, outcome)}
    return render(request, "workspace/_editor_builder.html", context)


@require_GET
def editor_cards(request: HttpRequest) -> HttpResponse:
    """`<option>`s of card names for the editor's datalist, matching what was typed so far."""
    query = request.GET.get("q")
    if query is None:  # an htmx request from a card input sends that input's own value
        query = next(iter(request.GET.values()), "")
    cards = Card.objects.all()
    if query := query.strip():
        cards = cards.filter(name__icontains=query)
    names = list(cards.values_list("name", flat=True)[:DATALIST_LIMIT])
    return render(request, "workspace/_editor_card_options.html", {"card_names": names})


# --------------------------------------------------------------------------- compare
def _digest(step: dict[str, Any] | None) -> tuple:
    if step is None:
        return ()
    codes = tuple(e.get("code") for e in step.get("explanations") or [])
    return (step.get("summary"), step.get("accepted"), codes)


@require_GET
def compare(request: HttpRequest, a: str, b: str) -> HttpResponse:
    """Two replays side by side: both verdicts, both final boards, and the steps that differ."""
    sides = []
    for slug in (a, b):
        scenario = get_object_or_404(Scenario.objects.live(), slug=slug)
        try:
            result = replay_text(scenario.text, scenario.fmt, boards="every")  # boards compared step by step
        except ScenarioRejected as rejected:
            return render(
                request,
                "workspace/editor_compare.html",
                {"errors": rejected.errors, "slug": slug},
                status=400,
            )
        sides.append({"scenario": scenario, "result": result})
    steps_a = sides[0]["result"].get("steps") or []
    steps_b = sides[1]["result"].get("steps") or []
    rows = []
    first_difference = None
    for i in range(max(len(steps_a), len(steps_b))):
        sa = steps_a[i] if i < len(steps_a) else None
        sb = steps_b[i] if i < len(steps_b) else None
        outcome_differs = _digest(sa) != _digest(sb)
        board_differs = (sa or {}).get("board") != (sb or {}).get("board")
        differs = outcome_differs or board_differs
        if differs and first_difference is None:
            first_difference = i + 1
        rows.append({"n": i + 1, "a": sa, "b": sb, "differs": differs, "outcome_differs": outcome_differs,
                     "board_differs": board_differs and not outcome_differs})  # fmt: skip
    for side in sides:
        result = side["result"]
        side["title"] = result.get("title") or "Untitled scenario"
        side["verdict"] = result_text(result.get("result"))
        side["board"] = board_view(result.get("final_board") or {})
        side["steps"] = len(result.get("steps") or [])
        players = (result.get("final_board") or {}).get("players") or {}
        side["lp"] = " · ".join(f"{p} {players[p].get('lp')}" for p in PLAYERS if p in players)
    context = {"a": sides[0], "b": sides[1], "rows": rows, "first_difference": first_difference,
               "differences": sum(1 for r in rows if r["differs"])}  # fmt: skip
    return render(request, "workspace/editor_compare.html", context)
