"""The JSON API, all under /api/."""

from django.urls import path, re_path
from drf_spectacular.views import SpectacularAPIView

from rulings.api import views

urlpatterns = [
    path("api/replay", views.replay, name="api-replay"),
    path("api/glossary", views.glossary_list, name="api-glossary"),
    path("api/glossary/<slug:slug>", views.glossary_detail, name="api-glossary-entry"),
    path("api/cards", views.card_list, name="api-cards"),
    path("api/cards/classify", views.card_classify, name="api-cards-classify"),
    path("api/cards/<path:key>", views.card_detail, name="api-card"),
    path("api/decks", views.deck_read, name="api-decks"),
    path("api/schema", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/rulings", views.ruling_list, name="api-rulings"),
    path("api/rulings/<str:slug>", views.ruling_detail, name="api-ruling"),
    re_path(r"^api/", views.no_such_endpoint),  # JSON 404s under /api/, not the HTML page
]
