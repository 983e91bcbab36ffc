from django.apps import AppConfig


class SavedConfig(AppConfig):
    """Saved rulings with their versions and permalinks, and judges' accounts."""

    name = "rulings.saved"
    label = "saved"
    verbose_name = "Saved rulings"
    default_auto_field = "django.db.models.BigAutoField"
