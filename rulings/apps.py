from django.apps import AppConfig


class RulingsConfig(AppConfig):
    """The web side of Duel Arbiter: pages and API around the engine."""

    name = "rulings"
    verbose_name = "Duel Arbiter rulings"
    default_auto_field = "django.db.models.BigAutoField"
