"""The glossary's pages: every entry, one entry, and the gist of one for the step viewer's popup."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from rulings.glossary.models import GlossaryEntry, glossary_terms


@require_GET
def glossary_index(request: HttpRequest) -> HttpResponse:
    return render(request, "glossary/glossary_list.html", {"entries": GlossaryEntry.objects.all()})


@require_GET
def glossary_detail(request: HttpRequest, slug: str) -> HttpResponse:
    entry = get_object_or_404(GlossaryEntry, slug=slug)
    terms = glossary_terms(set(entry.related))
    related = [{"slug": s, "term": terms.get(s, s), "known": s in terms} for s in entry.related]
    if request.GET.get("popup"):  # the step viewer's summary popup: the entry's gist only
        return render(request, "glossary/_glossary_popup.html", {"entry": entry})
    return render(request, "glossary/glossary_detail.html", {"entry": entry, "related": related})
