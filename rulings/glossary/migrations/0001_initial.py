"""GlossaryEntry, taken over from the app `rulings` (its migration 0004) with its table.

State only: the tables `rulings_*` exist already (created by the `rulings` migrations 0001-0003
on a fresh database, or there with their rows on an existing one) and are not touched.
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("rulings", "0004_models_move_to_their_apps"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="GlossaryEntry",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("slug", models.SlugField(max_length=100, unique=True)),
                        ("term", models.CharField(max_length=200)),
                        ("summary", models.TextField()),
                        ("body", models.TextField(blank=True)),
                        ("example", models.TextField(blank=True)),
                        ("source_document", models.CharField(blank=True, max_length=200)),
                        ("source_section", models.CharField(blank=True, max_length=200)),
                        ("related", models.JSONField(blank=True, default=list)),
                    ],
                    options={
                        "verbose_name_plural": "glossary entries",
                        "db_table": "rulings_glossaryentry",
                        "ordering": ["term"],
                    },
                ),
            ],
        ),
    ]
