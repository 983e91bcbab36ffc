"""HTML pages: paste a scenario and step through its replay.

The step page is one template for the full page and the htmx fragment: an htmx request gets
only `replays/_step.html`, so Previous/Next swap the step panel in place while every link
keeps a real URL that works without JavaScript.
"""

from collections.abc import Callable
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET, require_http_methods

import engine
from engine.limits import LIMITS
from rulings.glossary.models import glossary_terms
from rulings.replays.display import (
    board_view,
    chain_view,
    lp_changes,
    result_text,
    step_marks,
    verdict_items,
)
from rulings.replays.event_words import event_sentence
from rulings.replays.models import Scenario
from rulings.replays.scenarios import (
    ErrorList,
    ScenarioRejected,
    card_names,
    detect_format,
    normalize_text,
    replay_text,
    too_large,
)

MAX_UPLOAD_BYTES = LIMITS.body_bytes  # a scenario is a few kilobytes; anything this big is a mistake


def _examples() -> list[dict[str, Any]]:
    return list(engine.examples())


def _render_index(
    request: HttpRequest, text: str = "", errors: ErrorList | None = None, status: int = 200
) -> HttpResponse:
    context = {"text": text, "errors": errors or [], "examples": _examples()}
    return render(request, "replays/index.html", context, status=status)


def _submitted_text(request: HttpRequest) -> str:
    """The scenario from a POST: an example button, else an uploaded file, else the textarea.

    Raises ScenarioRejected when the choice cannot be read.
    """
    if slug := request.POST.get("example"):
        for example in _examples():
            if example["slug"] == slug:
                return example["text"]
        raise ScenarioRejected([{"path": "(document)", "message": f"No example '{slug}'."}])
    if upload := request.FILES.get("file"):
        if upload.size > MAX_UPLOAD_BYTES:
            raise too_large("The file", upload.size)
        try:
            return upload.read().decode("utf-8")
        except UnicodeDecodeError:
            message = f"The file {upload.name} is not UTF-8 text."
            raise ScenarioRejected([{"path": "(document)", "message": message}]) from None
    return request.POST.get("text", "")


@require_http_methods(["GET", "POST"])
def index(request: HttpRequest) -> HttpResponse:
    """The paste form. A valid scenario is stored and the browser redirected to its replay."""
    if request.method == "GET":
        text = ""
        if slug := request.GET.get("example"):
            text = next((e["text"] for e in _examples() if e["slug"] == slug), "")
        elif slug := request.GET.get("from"):
            text = getattr(Scenario.objects.live().filter(slug=slug).first(), "text", "")
        return _render_index(request, text)

    text = ""
    try:
        text = normalize_text(_submitted_text(request))
        if not text.strip():
            message = "Paste a scenario, upload a file, or pick an example."
            raise ScenarioRejected([{"path": "(document)", "message": message}])
        fmt = detect_format(text)
        replay_text(text, fmt)  # only stored once it replays
    except ScenarioRejected as rejected:
        shown = text if rejected.status != 413 else ""  # not a megabyte of text back in the form
        return _render_index(request, shown, rejected.errors, status=rejected.status)
    return redirect("scenario", slug=Scenario.keep(text, fmt).slug)


def step_context(
    scenario: Any, result: dict[str, Any], n: int, step_url: Callable[[int], str] | None = None
) -> dict[str, Any]:
    """What _step.html draws for step n; `step_url` makes step links (saved rulings have their own).

    Every card is named as the replay's sentences name it (`card_names`: "B's second Peten the
    Dark Clown"); a step link ends with `#step-N`, the step's own anchor, so it opens scrolled to
    the step."""
    if step_url is None:
        step_url = lambda i: reverse("step", args=[scenario.slug, i])  # noqa: E731
    anchored = lambda i: f"{step_url(i)}#step-{i}"  # noqa: E731
    names = card_names(scenario.text, scenario.fmt)
    steps = result.get("steps") or []
    step = steps[n - 1] if steps else None
    explanations = (step or {}).get("explanations") or []
    terms = glossary_terms({s for e in explanations for s in e.get("glossary") or []})
    board = step["board"] if step else result.get("final_board") or {}
    return {
        "scenario": scenario,
        "title": result.get("title") or "Untitled scenario",
        "result_text": result_text(result.get("result")),
        "result": result.get("result") or {},
        "verdict": verdict_items(result.get("verdict") or [], anchored),
        "step": step,
        "kind_label": str((step or {}).get("kind") or "").replace("_", " "),
        "marks": step_marks(step) if step else [],
        "step_count": len(steps),
        "step_list": [
            {
                "n": s["n"],
                "summary": s.get("summary", ""),
                "accepted": s.get("accepted", True),
                "marks": step_marks(s),
                "url": anchored(s["n"]),
            }
            for s in steps
        ],
        "prev_url": step_url(n - 1) if n > 1 else None,
        "next_url": step_url(n + 1) if n < len(steps) else None,
        "explanations": [
            {
                **e,
                "links": [{"slug": s, "term": terms.get(s, s)} for s in e.get("glossary") or []],
            }
            for e in explanations
        ],
        "events": [event_sentence(e, names) for e in (step or {}).get("events") or []],
        "chain": (step or {}).get("chain") or [],
        "chain_view": chain_view((step or {}).get("chain") or [], (step or {}).get("events") or [], names),
        "lp_changes": lp_changes((step or {}).get("events") or [], names),
        "card_names": {c: names(c) for e in explanations for c in e.get("cards") or []},
        "board": board_view(board, names),
    }


@require_GET
def scenario_step(request: HttpRequest, slug: str, n: int = 1) -> HttpResponse:
    """One step of a stored scenario's replay (step 1 at `/s/<slug>/`)."""
    scenario = get_object_or_404(Scenario.objects.live(), slug=slug)
    if (asked := request.GET.get("step", "")).isdigit() and int(asked) >= 1:  # `?step=N`: a permalink
        rest = request.GET.copy()
        del rest["step"]
        query = f"?{rest.urlencode()}" if rest else ""
        return redirect(f"{reverse('step', args=[slug, int(asked)])}{query}#step-{asked}")
    try:
        result = replay_text(scenario.text, scenario.fmt, focus=n)
    except ScenarioRejected as rejected:  # stored under an older engine, invalid under this one
        return _render_index(request, scenario.text, rejected.errors, status=400)
    step_count = len(result.get("steps") or [])
    if not 1 <= n <= max(step_count, 1):
        raise Http404(f"This replay has {step_count} steps.")
    partial = bool(request.htmx) and not request.htmx.history_restore_request
    # ?vs=<slug>: this replay is a what-if of that one; step links keep it, to offer Compare
    vs = request.GET.get("vs", "")
    vs = vs if vs != slug and Scenario.objects.live().filter(slug=vs).exists() else ""
    query = f"?vs={vs}" if vs else ""
    step_url = lambda i: reverse("step", args=[slug, i]) + query  # noqa: E731
    context = {**step_context(scenario, result, n, step_url=step_url), "partial": partial}
    context["fork_url"] = f"{reverse('editor')}?from={slug}&upto={n}" if step_count else ""
    context["compare_url"] = reverse("compare", args=[vs, slug]) if vs else ""
    template = "replays/_step.html" if partial else "replays/scenario.html"
    response = render(request, template, context)
    patch_vary_headers(response, ["HX-Request"])
    return response
