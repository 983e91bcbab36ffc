from django.apps import AppConfig


class WorkspaceConfig(AppConfig):
    """The judge's workspace: board editor, action builder, forks and comparisons."""

    name = "rulings.workspace"
    label = "workspace"
    verbose_name = "Workspace"
    default_auto_field = "django.db.models.BigAutoField"
