"""URLs of the whole site: pages, the JSON API under /api/, and the admin."""

from django.contrib import admin
from django.urls import path, re_path
from drf_spectacular.views import SpectacularAPIView

from rulings import api, views

api_patterns = [
    path("api/replay", api.replay, name="api-replay"),
    path("api/glossary", api.glossary_list, name="api-glossary"),
    path("api/glossary/<slug:slug>", api.glossary_detail, name="api-glossary-entry"),
    path("api/cards", api.card_list, name="api-cards"),
    path("api/cards/<path:key>", api.card_detail, name="api-card"),
    path("api/schema", SpectacularAPIView.as_view(), name="api-schema"),
    re_path(r"^api/", api.no_such_endpoint),  # JSON 404s under /api/, not the HTML page
]

page_patterns = [
    path("", views.index, name="index"),
    path("s/<str:slug>/", views.scenario_step, name="scenario"),
    path("s/<str:slug>/step/<int:n>/", views.scenario_step, name="step"),
    path("glossary/", views.glossary_index, name="glossary"),
    path("glossary/<slug:slug>/", views.glossary_detail, name="glossary-entry"),
]

urlpatterns = [*api_patterns, *page_patterns, path("admin/", admin.site.urls)]
