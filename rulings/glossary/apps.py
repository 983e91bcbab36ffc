from django.apps import AppConfig


class GlossaryConfig(AppConfig):
    """The rules glossary: its entries (copied from the engine) and their pages."""

    name = "rulings.glossary"
    label = "glossary"
    verbose_name = "Glossary"
    default_auto_field = "django.db.models.BigAutoField"
