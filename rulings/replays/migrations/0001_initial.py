"""Scenario, taken over from the app `rulings` (its migration 0004) with its table.

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
                    name="Scenario",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("slug", models.CharField(editable=False, max_length=12, unique=True)),
                        ("text", models.TextField()),
                        ("fmt", models.CharField(choices=[("json", "JSON"), ("yaml", "YAML")], max_length=4)),
                        ("created", models.DateTimeField(auto_now_add=True)),
                    ],
                    options={
                        "db_table": "rulings_scenario",
                        "ordering": ["-created"],
                    },
                ),
            ],
        ),
    ]
