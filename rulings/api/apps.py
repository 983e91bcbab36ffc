from django.apps import AppConfig


class ApiConfig(AppConfig):
    """The JSON API (DRF) over the other apps: replay, glossary, cards, decks, saved rulings."""

    name = "rulings.api"
    label = "api"
    verbose_name = "JSON API"
    default_auto_field = "django.db.models.BigAutoField"
