"""URLs of the whole site: pages, the JSON API under /api/, and the admin."""

from django.contrib import admin
from django.urls import path, re_path
from drf_spectacular.views import SpectacularAPIView

from rulings import api, card_views, editor, reader_views, saved_views, views

api_patterns = [
    path("api/replay", api.replay, name="api-replay"),
    path("api/glossary", api.glossary_list, name="api-glossary"),
    path("api/glossary/<slug:slug>", api.glossary_detail, name="api-glossary-entry"),
    path("api/cards", api.card_list, name="api-cards"),
    path("api/cards/classify", api.card_classify, name="api-cards-classify"),
    path("api/cards/<path:key>", api.card_detail, name="api-card"),
    path("api/decks", api.deck_read, name="api-decks"),
    path("api/schema", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/rulings", api.ruling_list, name="api-rulings"),
    path("api/rulings/<str:slug>", api.ruling_detail, name="api-ruling"),
    re_path(r"^api/", api.no_such_endpoint),  # JSON 404s under /api/, not the HTML page
]

page_patterns = [
    path("", views.index, name="index"),
    path("s/<str:slug>/", views.scenario_step, name="scenario"),
    path("s/<str:slug>/step/<int:n>/", views.scenario_step, name="step"),
    path("glossary/", views.glossary_index, name="glossary"),
    path("glossary/<slug:slug>/", views.glossary_detail, name="glossary-entry"),
    # cards: search, one card with the reader's reading and judges' corrections; decks (card_views.py)
    path("cards/", card_views.card_search, name="cards"),
    path("cards/read/", reader_views.read_card, name="card-read"),  # before cards/<key>/
    path("cards/<int:pk>/overrides/", card_views.card_override, name="card-override"),
    path("cards/<path:key>/", card_views.card_detail, name="card"),
    path("decks/fill/", card_views.deck_fill, name="deck-fill"),
    # the judge's workspace: board editor, action builder, what-if compare (rulings/editor.py)
    path("editor/", editor.editor, name="editor"),
    path("editor/validate/", editor.editor_validate, name="editor-validate"),
    path("editor/save/", editor.editor_save, name="editor-save"),
    path("editor/builder/", editor.editor_builder, name="editor-builder"),
    path("editor/cards/", editor.editor_cards, name="editor-cards"),
    path("compare/<str:a>/<str:b>/", editor.compare, name="compare"),
    # saved rulings and judges' accounts (rulings/saved_views.py)
    path("r/", saved_views.ruling_list, name="ruling-list"),
    path("r/new/", saved_views.ruling_new, name="ruling-new"),
    path("r/import/", saved_views.ruling_import, name="ruling-import"),
    path("r/<str:slug>/", saved_views.ruling_detail, name="ruling"),
    path("r/<str:slug>/step/<int:n>/", saved_views.ruling_detail, name="ruling-step"),
    path("r/<str:slug>/edit/", saved_views.ruling_edit, name="ruling-edit"),
    path("r/<str:slug>/versions/", saved_views.ruling_versions, name="ruling-versions"),
    path("r/<str:slug>/versions/<int:number>/", saved_views.ruling_version, name="ruling-version"),
    path("r/<str:slug>/export.yaml", saved_views.ruling_export, {"ext": "yaml"}, name="ruling-export-yaml"),
    path("r/<str:slug>/export.json", saved_views.ruling_export, {"ext": "json"}, name="ruling-export-json"),
    path("r/<str:slug>/print/", saved_views.ruling_print, name="ruling-print"),
    path("accounts/login/", saved_views.login_view, name="login"),
    path("accounts/logout/", saved_views.logout_view, name="logout"),
    path("accounts/signup/", saved_views.signup, name="signup"),
]

urlpatterns = [*api_patterns, *page_patterns, path("admin/", admin.site.urls)]
