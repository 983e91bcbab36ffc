"""Card and ReaderOverride, taken over from the app `rulings` (its migration 0004) with their tables.

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
                    name="Card",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("name", models.CharField(max_length=200, unique=True)),
                        ("search_name", models.CharField(default="", editable=False, max_length=200)),
                        ("card_type", models.CharField(max_length=20)),
                        ("summary", models.TextField(blank=True)),
                        ("data", models.JSONField(default=dict)),
                        ("passcode", models.PositiveBigIntegerField(blank=True, null=True, unique=True)),
                        ("alt_passcodes", models.JSONField(blank=True, default=list)),
                        (
                            "origin",
                            models.CharField(
                                choices=[
                                    ("written", "Written (engine card file)"),
                                    ("read", "Read from its text"),
                                ],
                                default="written",
                                max_length=10,
                            ),
                        ),
                        ("text", models.TextField(blank=True)),
                        ("pendulum_text", models.TextField(blank=True)),
                        ("text_hash", models.CharField(blank=True, editable=False, max_length=64)),
                        ("reading", models.JSONField(blank=True, default=list)),
                        ("subtypes", models.CharField(blank=True, max_length=200)),
                        ("attribute", models.CharField(blank=True, max_length=10)),
                        ("monster_type", models.CharField(blank=True, max_length=40)),
                        ("level", models.PositiveSmallIntegerField(blank=True, null=True)),
                        ("rank", models.PositiveSmallIntegerField(blank=True, null=True)),
                        ("link_rating", models.PositiveSmallIntegerField(blank=True, null=True)),
                        ("link_arrows", models.JSONField(blank=True, default=list)),
                        ("atk", models.IntegerField(blank=True, null=True)),
                        ("defense", models.IntegerField(blank=True, null=True)),
                        ("scale_left", models.PositiveSmallIntegerField(blank=True, null=True)),
                        ("scale_right", models.PositiveSmallIntegerField(blank=True, null=True)),
                        ("updated", models.DateTimeField(auto_now=True)),
                    ],
                    options={
                        "db_table": "rulings_card",
                        "ordering": ["name"],
                        "indexes": [
                            models.Index(
                                fields=[
                                    "search_name",
                                    "card_type",
                                    "subtypes",
                                    "attribute",
                                    "level",
                                    "rank",
                                    "link_rating",
                                    "origin",
                                ],
                                name="card_search",
                            ),
                            models.Index(fields=["origin", "updated"], name="card_changes"),
                        ],
                    },
                ),
                migrations.CreateModel(
                    name="ReaderOverride",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("text_hash", models.CharField(max_length=64)),
                        ("effect_index", models.PositiveSmallIntegerField()),
                        ("field", models.CharField(max_length=40)),
                        ("value", models.JSONField(blank=True, null=True)),
                        ("created", models.DateTimeField(auto_now_add=True)),
                        ("updated", models.DateTimeField(auto_now=True)),
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
                            "card",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="overrides",
                                to="cards.card",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "rulings_readeroverride",
                        "ordering": ["effect_index", "field"],
                        "constraints": [
                            models.UniqueConstraint(
                                fields=("card", "text_hash", "effect_index", "field"),
                                name="one_override_per_field",
                            )
                        ],
                    },
                ),
            ],
        ),
    ]
