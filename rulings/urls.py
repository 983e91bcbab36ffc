"""URLs of the whole site: each app's own (the JSON API under /api/ first), and the admin."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("", include("rulings.api.urls")),
    path("", include("rulings.replays.urls")),
    path("", include("rulings.glossary.urls")),
    path("", include("rulings.cards.urls")),
    path("", include("rulings.workspace.urls")),
    path("", include("rulings.saved.urls")),
    path("admin/", admin.site.urls),
]
