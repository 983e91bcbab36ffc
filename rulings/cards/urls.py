"""Card search, one card with the reader's reading and judges' corrections, the reader's page, decks."""

from django.urls import path

from rulings.cards import reader_views, views

urlpatterns = [
    path("cards/", views.card_search, name="cards"),
    path("cards/read/", reader_views.read_card, name="card-read"),  # before cards/<key>/
    path("cards/<int:pk>/overrides/", views.card_override, name="card-override"),
    path("cards/<path:key>/", views.card_detail, name="card"),
    path("decks/fill/", views.deck_fill, name="deck-fill"),
]
