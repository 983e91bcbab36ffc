from django.apps import AppConfig


class RulingsConfig(AppConfig):
    """The project package as an app: it only keeps the migration history of the app `rulings`.

    The models moved to the apps of their concept (`rulings/<app>/`) with their tables; the
    migrations here still create those tables on a fresh database, then hand them over.
    """

    name = "rulings"
    verbose_name = "Duel Arbiter"
    default_auto_field = "django.db.models.BigAutoField"
