"""The models leave the app `rulings` for the apps of their concept, their tables staying as they are.

State only: no table is dropped or renamed. Each app's first migration (glossary, cards,
replays, saved) creates the same models in its own state over the same `rulings_*` tables
(`Meta.db_table`), so an existing database keeps every row and a fresh one gets the tables
from 0001-0003 above.
"""

from django.db import migrations

# Each model's new app: its content type (and so its permissions) moves there too.
NEW_APP = {
    "glossaryentry": "glossary",
    "card": "cards",
    "readeroverride": "cards",
    "scenario": "replays",
    "savedruling": "saved",
    "rulingversion": "saved",
}


def move_content_types(apps, schema_editor) -> None:
    content_type = apps.get_model("contenttypes", "ContentType")
    for model, app in NEW_APP.items():
        content_type.objects.filter(app_label="rulings", model=model).update(app_label=app)


def move_content_types_back(apps, schema_editor) -> None:
    content_type = apps.get_model("contenttypes", "ContentType")
    for model, app in NEW_APP.items():
        content_type.objects.filter(app_label=app, model=model).update(app_label="rulings")


class Migration(migrations.Migration):
    dependencies = [
        ("rulings", "0003_cards_imported"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="RulingVersion"),
                migrations.DeleteModel(name="SavedRuling"),
                migrations.DeleteModel(name="ReaderOverride"),
                migrations.DeleteModel(name="Card"),
                migrations.DeleteModel(name="Scenario"),
                migrations.DeleteModel(name="GlossaryEntry"),
            ],
        ),
        migrations.RunPython(move_content_types, move_content_types_back),
    ]
