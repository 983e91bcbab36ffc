"""SavedRuling and RulingVersion, taken over from the app `rulings` (its migration 0004) with their tables.

State only: the tables `rulings_*` exist already (created by the `rulings` migrations 0001-0003
on a fresh database, or there with their rows on an existing one) and are not touched.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("rulings", "0004_models_move_to_their_apps"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="SavedRuling",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("title", models.CharField(max_length=200)),
                        ("notes", models.TextField(blank=True)),
                        ("text", models.TextField()),
                        ("fmt", models.CharField(choices=[("json", "JSON"), ("yaml", "YAML")], max_length=4)),
                        ("result", models.JSONField(default=dict)),
                        ("verdict", models.CharField(max_length=300)),
                        ("steps", models.JSONField(default=list)),
                        ("cards", models.JSONField(default=list)),
                        ("topics", models.JSONField(default=list)),
                        ("slug", models.CharField(editable=False, max_length=100, unique=True)),
                        (
                            "origin",
                            models.CharField(
                                choices=[("judge", "Judge"), ("worked-example", "Worked example")],
                                default="judge",
                                max_length=20,
                            ),
                        ),
                        ("card_index", models.TextField(blank=True, editable=False)),
                        ("topic_index", models.TextField(blank=True, editable=False)),
                        ("created", models.DateTimeField(auto_now_add=True)),
                        ("updated", models.DateTimeField(auto_now=True)),
                        (
                            "author",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="rulings",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "rulings_savedruling",
                        "ordering": ["-updated", "-id"],
                    },
                ),
                migrations.CreateModel(
                    name="RulingVersion",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("title", models.CharField(max_length=200)),
                        ("notes", models.TextField(blank=True)),
                        ("text", models.TextField()),
                        ("fmt", models.CharField(choices=[("json", "JSON"), ("yaml", "YAML")], max_length=4)),
                        ("result", models.JSONField(default=dict)),
                        ("verdict", models.CharField(max_length=300)),
                        ("steps", models.JSONField(default=list)),
                        ("cards", models.JSONField(default=list)),
                        ("topics", models.JSONField(default=list)),
                        ("number", models.PositiveIntegerField()),
                        ("created", models.DateTimeField(auto_now_add=True)),
                        (
                            "author",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "ruling",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="versions",
                                to="saved.savedruling",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "rulings_rulingversion",
                        "ordering": ["ruling", "-number"],
                        "constraints": [
                            models.UniqueConstraint(
                                fields=("ruling", "number"), name="one_version_number_per_ruling"
                            )
                        ],
                    },
                ),
            ],
        ),
    ]
