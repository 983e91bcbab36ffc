from django.apps import AppConfig


class ReplaysConfig(AppConfig):
    """Replaying a pasted scenario: the paste form, the step pages, the replay cache."""

    name = "rulings.replays"
    label = "replays"
    verbose_name = "Replays"
    default_auto_field = "django.db.models.BigAutoField"
