"""URLs of the whole site: each app's own (the JSON API under /api/ first), the admin, and the
error pages (templates/4xx.html, 500.html: nothing in them about the server)."""

from django.contrib import admin
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import include, path
from django.views import defaults

from engine.limits import LIMITS

urlpatterns = [
    path("", include("rulings.api.urls")),
    path("", include("rulings.replays.urls")),
    path("", include("rulings.glossary.urls")),
    path("", include("rulings.cards.urls")),
    path("", include("rulings.workspace.urls")),
    path("", include("rulings.saved.urls")),
    path("admin/", admin.site.urls),
]


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """400, or 413 for a body over DATA_UPLOAD_MAX_MEMORY_SIZE (which Django reports as a 400)."""
    if isinstance(exception, RequestDataTooBig):
        context = {"limit_kb": LIMITS.body_bytes // 1024}
        return render(request, "413.html", context, status=413)
    return defaults.bad_request(request, exception)


handler400 = bad_request
