"""Pages for saved rulings and judges' accounts.

Anyone opens a ruling's permalink, its versions, exports and print view; only its author edits
it or restores a version. Every save replays the scenario first (nothing that fails to replay
is stored) and adds a version; nothing is overwritten or deleted.
"""

import difflib
from typing import Any
from urllib.parse import quote, urlencode

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.views import LoginView, LogoutView
from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import Resolver404, resolve, reverse
from django.utils.cache import patch_vary_headers
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_http_methods

from engine.errors import DocumentError
from engine.scenario import read_data
from rulings.cards.models import Card
from rulings.glossary.models import GlossaryEntry, glossary_terms
from rulings.replays.display import deck_count, phase_label, result_text, verdict_items
from rulings.replays.models import Scenario
from rulings.replays.scenarios import ErrorList, ScenarioRejected, replay_text, too_large
from rulings.replays.views import MAX_UPLOAD_BYTES, step_context
from rulings.saved import store
from rulings.saved.limits import SignupLimit
from rulings.saved.models import RulingVersion, SavedRuling

PAGE_SIZE = 20

login_view = LoginView.as_view(template_name="registration/login.html", next_page="ruling-list")
logout_view = LogoutView.as_view(next_page="ruling-list")


def _safe_next(request: HttpRequest) -> str | None:
    target = request.POST.get("next") or request.GET.get("next")
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return target
    return None


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """A judge's account: a username and a password, then straight back to what they were doing."""
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if not SignupLimit().allows(request):
            return render(request, "429.html", status=429)
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(_safe_next(request) or "ruling-list")
    status = 400 if request.method == "POST" else 200
    context = {"form": form, "next": _safe_next(request) or ""}
    return render(request, "registration/signup.html", context, status=status)


# --- helpers


def _is_author(request: HttpRequest, ruling: SavedRuling) -> bool:
    return request.user.is_authenticated and ruling.author_id == request.user.id


def _forbidden(request: HttpRequest, ruling: SavedRuling, what: str) -> HttpResponse:
    context = {"ruling": ruling, "what": what}
    return render(request, "saved/ruling_forbidden.html", context, status=403)


def _errors_by_field(errors: ErrorList) -> dict[str, ErrorList]:
    """Title and notes problems go next to those fields; everything else is the scenario's."""
    fields: dict[str, ErrorList] = {"title": [], "notes": [], "scenario": []}
    for error in errors:
        fields[error["path"] if error["path"] in ("title", "notes") else "scenario"].append(error)
    return fields


def _validated(title: str, notes: str, text: str) -> tuple[str, str, store.Snapshot]:
    """Title, notes and the replayed scenario of a form, or ScenarioRejected with every problem."""
    errors: ErrorList = []
    snap = None
    try:
        notes = store.check_notes(notes)
    except ScenarioRejected as rejected:
        errors += rejected.errors
    if not text.strip():
        errors.append({"path": "(document)", "message": "Paste the scenario (YAML or JSON)."})
    else:
        try:
            snap = store.snapshot(text)
        except ScenarioRejected as rejected:
            errors += rejected.errors
    if snap is not None:
        try:
            title = store.choose_title(title, snap)
        except ScenarioRejected as rejected:
            errors += rejected.errors
    elif not title.strip():
        errors.append({"path": "title", "message": "Give the ruling a title."})
    if errors or snap is None:
        raise ScenarioRejected(errors)
    return title, notes, snap


def _render_form(
    request: HttpRequest,
    *,
    ruling: SavedRuling | None,
    title: str,
    notes: str,
    text: str,
    errors: ErrorList | None = None,
    based_on: int | None = None,
    conflict: store.Conflict | None = None,
) -> HttpResponse:
    """The form; after a conflict, the judge's own edit again with the newest version beside it,
    and `version` moved on to that one, so saving again is a deliberate choice."""
    context = {
        "ruling": ruling,
        "title_value": title,
        "notes_value": notes,
        "scenario_value": text,
        "version_value": based_on if based_on is not None else getattr(ruling, "version", ""),
        "errors": errors or [],
        "field_errors": _errors_by_field(errors or []),
    }
    status = 400 if errors else 200
    if conflict is not None:
        current = conflict.current
        diff = difflib.unified_diff(
            current.text.splitlines(),
            store.normalize_text(text).splitlines(),
            fromfile=f"version {current.version} (saved)",
            tofile="your edit",
            lineterm="",
        )
        context.update(conflict=current, conflict_diff="\n".join(diff), version_value=current.version)
        status = 409
    return render(request, "saved/ruling_form.html", context, status=status)


def _based_on(request: HttpRequest) -> int:
    """The version an edit started from (the form's hidden field); 0 if missing: a conflict."""
    raw = request.POST.get("version", "").strip()
    return int(raw) if raw.isdigit() else 0


def _document_title(text: str) -> str:
    """The `title` a pasted document gives itself, to prefill the form; "" if it has none."""
    try:
        data = read_data(text, "yaml")  # JSON is YAML too
    except DocumentError:
        return ""
    return str(data.get("title") or "") if isinstance(data, dict) else ""


# --- create, edit


@login_required
@require_http_methods(["GET", "POST"])
def ruling_new(request: HttpRequest) -> HttpResponse:
    """Save a scenario as a ruling: `?from=<scenario slug>` or `?text=` prefill the form."""
    if request.method == "GET":
        text = request.GET.get("text", "")
        if slug := request.GET.get("from"):
            text = getattr(Scenario.objects.live().filter(slug=slug).first(), "text", text)
        title = request.GET.get("title") or _document_title(text)
        return _render_form(request, ruling=None, title=title, notes="", text=text)
    title, notes, text = (request.POST.get(k, "") for k in ("title", "notes", "scenario"))
    try:
        title, notes, snap = _validated(title, notes, text)
    except ScenarioRejected as rejected:
        return _render_form(request, ruling=None, title=title, notes=notes, text=text, errors=rejected.errors)
    ruling = store.save_version(None, title=title, notes=notes, snap=snap, author=request.user)
    messages.success(request, "Ruling saved as version 1.")
    return redirect("ruling", slug=ruling.slug)


@login_required
@require_http_methods(["GET", "POST"])
def ruling_edit(request: HttpRequest, slug: str) -> HttpResponse:
    """Change the title, notes or scenario; a save that changes something is a new version."""
    ruling = get_object_or_404(SavedRuling, slug=slug)
    if not _is_author(request, ruling):
        return _forbidden(request, ruling, "edit")
    if request.method == "GET":
        return _render_form(request, ruling=ruling, title=ruling.title, notes=ruling.notes, text=ruling.text)
    title, notes, text = (request.POST.get(k, "") for k in ("title", "notes", "scenario"))
    based_on = _based_on(request)
    try:
        title, notes, snap = _validated(title, notes, text)
    except ScenarioRejected as rejected:
        return _render_form(
            request,
            ruling=ruling,
            title=title,
            notes=notes,
            text=text,
            errors=rejected.errors,
            based_on=based_on,
        )
    if store.unchanged(ruling, title, notes, snap.text):
        messages.info(request, "Nothing changed, so no new version was made.")
        return redirect("ruling", slug=ruling.slug)
    try:
        ruling = store.save_version(
            ruling, title=title, notes=notes, snap=snap, author=request.user, based_on=based_on
        )
    except store.Conflict as conflict:
        return _render_form(request, ruling=ruling, title=title, notes=notes, text=text, conflict=conflict)
    messages.success(request, f"Saved as version {ruling.version}.")
    return redirect("ruling", slug=ruling.slug)


# --- permalink and step-through


def _card_url(name: str) -> str | None:
    """The card's page, if this site has a `/cards/<name>/` page (another part of the app)."""
    path = f"/cards/{quote(name, safe='')}/"
    try:
        resolve(path)
    except Resolver404:
        return None
    return path


def _card_links(names: list[str]) -> list[dict[str, Any]]:
    return [{"name": name, "url": _card_url(name)} for name in names]


def _topic_links(slugs: list[str]) -> list[dict[str, Any]]:
    terms = glossary_terms(slugs)
    return [
        {
            "slug": s,
            "term": terms.get(s, s),
            "url": reverse("glossary-entry", args=[s]) if s in terms else None,
        }
        for s in slugs
    ]


def _ruling_context(request: HttpRequest, ruling: SavedRuling) -> dict[str, Any]:
    return {
        "ruling": ruling,
        "is_author": _is_author(request, ruling),
        "card_links": _card_links(ruling.cards),
        "topic_links": _topic_links(ruling.topics),
        "stored_result_text": result_text(ruling.result),
        "version_count": ruling.versions.count(),
    }


@require_GET
def ruling_detail(request: HttpRequest, slug: str, n: int = 1) -> HttpResponse:
    """The permalink: the ruling, its verdict (and today's, if the engine now disagrees), its steps."""
    ruling = get_object_or_404(SavedRuling.objects.select_related("author"), slug=slug)
    comparison = store.compare(ruling)
    context: dict[str, Any] = {"comparison": comparison, "partial": False}
    if not comparison.broken:
        replay = replay_text(ruling.text, ruling.fmt, focus=n)
        step_count = len(replay.get("steps") or [])
        if not 1 <= n <= max(step_count, 1):
            raise Http404(f"This ruling's replay has {step_count} steps.")
        step_url = lambda i: reverse("ruling-step", args=[ruling.slug, i])  # noqa: E731
        context.update(step_context(ruling, replay, n, step_url=step_url))
        context["title"] = ruling.title
        if request.htmx and not request.htmx.history_restore_request:
            response = render(request, "replays/_step.html", {**context, "partial": True})
            patch_vary_headers(response, ["HX-Request"])
            return response
    elif n != 1:
        return redirect("ruling", slug=ruling.slug)
    context.update(_ruling_context(request, ruling))
    response = render(request, "saved/ruling_detail.html", context)
    patch_vary_headers(response, ["HX-Request"])
    return response


# --- versions


@require_GET
def ruling_versions(request: HttpRequest, slug: str) -> HttpResponse:
    ruling = get_object_or_404(SavedRuling, slug=slug)
    versions = ruling.versions.select_related("author")
    context = {"ruling": ruling, "versions": versions, "is_author": _is_author(request, ruling)}
    return render(request, "saved/ruling_versions.html", context)


def _render_version(
    request: HttpRequest,
    ruling: SavedRuling,
    version: RulingVersion,
    errors: ErrorList | None = None,
    conflict: bool = False,
) -> HttpResponse:
    diff = difflib.unified_diff(
        ruling.text.splitlines(),
        version.text.splitlines(),
        fromfile="current scenario",
        tofile=f"version {version.number}",
        lineterm="",
    )
    context = {
        "ruling": ruling,
        "version": version,
        "is_latest": not ruling.versions.filter(number__gt=version.number).exists(),
        "is_author": _is_author(request, ruling),
        "diff": "\n".join(diff),
        "errors": errors or [],
        "result_text": result_text(version.result),
        "conflict": conflict,
    }
    status = 409 if conflict else 400 if errors else 200
    return render(request, "saved/ruling_version.html", context, status=status)


@require_http_methods(["GET", "POST"])
def ruling_version(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """One old version; its author may restore it (POST), which saves it as the newest version."""
    ruling = get_object_or_404(SavedRuling, slug=slug)
    version = get_object_or_404(RulingVersion.objects.select_related("author"), ruling=ruling, number=number)
    if request.method == "GET":
        return _render_version(request, ruling, version)
    if not request.user.is_authenticated:
        return redirect(f"{reverse('login')}?{urlencode({'next': request.path})}")
    if not _is_author(request, ruling):
        return _forbidden(request, ruling, "restore a version of")
    try:
        snap = store.snapshot(version.text, version.fmt)
    except ScenarioRejected as rejected:
        return _render_version(request, ruling, version, rejected.errors)
    try:
        ruling = store.save_version(
            ruling,
            title=version.title,
            notes=version.notes,
            snap=snap,
            author=request.user,
            based_on=_based_on(request),
        )
    except store.Conflict as conflict:
        message = (
            f"Not restored: version {conflict.current.version} was saved since you opened this page. "
            "Look at it, then restore again if you still want this version."
        )
        errors = [{"path": "version", "message": message}]
        return _render_version(request, conflict.current, version, errors, conflict=True)
    messages.success(request, f"Version {number} restored as version {ruling.version}.")
    return redirect("ruling", slug=ruling.slug)


# --- list and search


def _filters(request: HttpRequest) -> dict[str, str]:
    return {key: request.GET.get(key, "").strip() for key in ("q", "card", "topic")}


def _filtered(filters: dict[str, str]) -> QuerySet[SavedRuling]:
    return store.search(SavedRuling.objects.select_related("author"), **filters)


@require_GET
def ruling_list(request: HttpRequest) -> HttpResponse:
    """Saved rulings, newest first; search by card, topic and text, all combinable."""
    filters = _filters(request)
    page = Paginator(_filtered(filters), PAGE_SIZE).get_page(request.GET.get("page"))
    query = {k: v for k, v in filters.items() if v}
    context = {
        "page": page,
        "filters": filters,
        "searching": bool(query),
        "query": urlencode(query),
        "card_names": Card.objects.values_list("name", flat=True),
        "topics": GlossaryEntry.objects.values_list("slug", "term"),
    }
    partial = bool(request.htmx) and not request.htmx.history_restore_request
    template = "saved/_ruling_results.html" if partial else "saved/ruling_list.html"
    response = render(request, template, context)
    patch_vary_headers(response, ["HX-Request"])
    return response


# --- export, import, print

EXPORT_TYPES = {"yaml": "application/yaml; charset=utf-8", "json": "application/json; charset=utf-8"}


@require_GET
def ruling_export(request: HttpRequest, slug: str, ext: str) -> HttpResponse:
    """The ruling as a duel-arbiter-ruling/1 file, for another judge or another site to import."""
    ruling = get_object_or_404(SavedRuling, slug=slug)
    data = store.export_wrapper(ruling)
    body = store.dump_yaml(data) if ext == "yaml" else store.dump_json(data)
    response = HttpResponse(body, content_type=EXPORT_TYPES[ext])
    response["Content-Disposition"] = f'attachment; filename="{ruling.slug}.ruling.{ext}"'
    return response


def _uploaded_text(request: HttpRequest) -> tuple[str, str]:
    """The imported file (or the pasted text) and a title from the file name as a last resort."""
    if upload := request.FILES.get("file"):
        if upload.size > MAX_UPLOAD_BYTES:
            raise too_large("The file", upload.size)
        try:
            text = upload.read().decode("utf-8")
        except UnicodeDecodeError:
            raise ScenarioRejected(
                [{"path": "file", "message": f"The file {upload.name} is not UTF-8 text."}]
            ) from None
        return text, upload.name.rsplit("/", 1)[-1].split(".", 1)[0].replace("-", " ").replace("_", " ")
    return request.POST.get("text", ""), ""


@login_required
@require_http_methods(["GET", "POST"])
def ruling_import(request: HttpRequest) -> HttpResponse:
    """A new ruling from an exported ruling or a bare scenario document (YAML or JSON)."""
    if request.method == "GET":
        return render(request, "saved/ruling_import.html", {"text": "", "title": "", "errors": []})
    text, file_title = "", ""
    title = request.POST.get("title", "")
    try:
        text, file_title = _uploaded_text(request)
        imported = store.read_import(text)
        try:
            snap = store.snapshot(imported.text, imported.fmt)
        except ScenarioRejected as rejected:
            errors = rejected.errors
            raise ScenarioRejected(
                store.prefix_errors(errors, "scenario") if imported.wrapped else errors
            ) from None
        title = store.choose_title(title or imported.title or snap.title or file_title, snap)
        notes = store.check_notes(imported.notes)
    except ScenarioRejected as rejected:
        shown = text if rejected.status != 413 else ""  # not a megabyte of text back in the form
        context = {"text": shown, "title": title, "errors": rejected.errors}
        return render(request, "saved/ruling_import.html", context, status=rejected.status)
    ruling = store.save_version(None, title=title, notes=notes, snap=snap, author=request.user)
    messages.success(request, "Ruling imported as version 1.")
    return redirect("ruling", slug=ruling.slug)


def _print_steps(replay: dict[str, Any]) -> list[dict[str, Any]]:
    """Every step with its explanations and the glossary terms they cite, for a compact list."""
    steps = replay.get("steps") or []
    slugs = {s for step in steps for e in step.get("explanations") or [] for s in e.get("glossary") or []}
    terms = glossary_terms(slugs)
    return [
        {
            "n": step.get("n"),
            "accepted": step.get("accepted", True),
            "summary": step.get("summary", ""),
            "chain": step.get("chain") or [],
            "explanations": [
                {**e, "terms": [terms.get(s, s) for s in e.get("glossary") or []]}
                for e in step.get("explanations") or []
            ],
        }
        for step in steps
    ]


POSITIONS = {"attack": "ATK", "defense": "DEF", "set": "face-down DEF"}
PILE_ROWS = (("hand", "Hand"), ("graveyard", "GY"), ("banished", "Banished"), ("extra_deck", "Extra Deck"))


def _card_text(entry: Any, detail: str = "") -> str:
    name = entry.get("card", "") if isinstance(entry, dict) else str(entry)
    return f"{name} ({detail})" if detail else name


def compact_board(board: dict[str, Any]) -> list[dict[str, Any]]:
    """Each player's cards as a few lines of text: the start board on paper, in little space."""
    players = board.get("players") or {}
    sides = []
    for name in ("A", "B"):
        player = players.get(name) or {}
        monsters = [
            f"M{m.get('zone')}: " + _card_text(m, POSITIONS.get(m.get("position"), m.get("position") or ""))
            for m in player.get("monsters") or []
        ]
        spell_traps = [
            f"S{s.get('zone')}: " + _card_text(s, "face-down" if s.get("face") == "down" else "face-up")
            for s in player.get("spell_traps") or []
        ]
        rows = [("Monsters", monsters), ("Spells & Traps", spell_traps)]
        if player.get("field_spell"):
            rows.append(("Field", [_card_text(player["field_spell"])]))
        rows += [(label, [_card_text(c) for c in player.get(key) or []]) for key, label in PILE_ROWS]
        sides.append(
            {
                "name": name,
                "lp": player.get("lp"),
                "is_turn_player": board.get("turn_player") == name,
                "rows": [{"label": label, "cards": cards} for label, cards in rows if cards],
                "deck": deck_count(player.get("deck")),
            }
        )
    return sides


@require_GET
def ruling_print(request: HttpRequest, slug: str) -> HttpResponse:
    """One printable page: title, verdict, notes, the board at the start, every step explained."""
    ruling = get_object_or_404(SavedRuling.objects.select_related("author"), slug=slug)
    comparison = store.compare(ruling)
    context = {**_ruling_context(request, ruling), "comparison": comparison}
    if not comparison.broken:
        replay = replay_text(ruling.text, ruling.fmt)
        context["steps"] = _print_steps(replay)
        context["verdict"] = verdict_items(  # the same verdict as the ruling's page, linking its steps
            replay.get("verdict") or [], lambda i: f"{reverse('ruling-step', args=[ruling.slug, i])}#step-{i}"
        )
        board = store.start_board(store.document_of(ruling.text, ruling.fmt))
        context["board"] = {"phase_label": phase_label(board), "sides": compact_board(board)}
    return render(request, "saved/ruling_print.html", context)
