from django.apps import AppConfig


class CardsConfig(AppConfig):
    """The card library: search, imports, decks, and the card-text reader's page."""

    name = "rulings.cards"
    label = "cards"
    verbose_name = "Card library"
    default_auto_field = "django.db.models.BigAutoField"
