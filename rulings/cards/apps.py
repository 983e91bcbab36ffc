from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _repair_text_index(using: str = "default", **kwargs: Any) -> None:
    from django.db import connections

    from rulings.cards import text_index

    text_index.repair(connections[using])


class CardsConfig(AppConfig):
    """The card library: search, imports, decks, and the card-text reader's page."""

    name = "rulings.cards"
    label = "cards"
    verbose_name = "Card library"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # A migration that rebuilds the card table on SQLite drops the text index's triggers.
        post_migrate.connect(_repair_text_index, sender=self, dispatch_uid="cards-text-index")
        from rulings.cards import search

        search.connect_signals()
