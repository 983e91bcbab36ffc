"""A card's printed facts from the real card data (Forbidden & Limited status, its pages on other
sites), and the database's index of the cards' texts for search by effect text (cards.text_index)."""

from django.db import migrations, models


def install_text_index(apps, schema_editor) -> None:
    from rulings.cards import text_index

    text_index.install(schema_editor.connection)


def remove_text_index(apps, schema_editor) -> None:
    from rulings.cards import text_index

    text_index.remove(schema_editor.connection)


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0002_correction_history"),
    ]

    operations = [
        migrations.AddField(
            model_name="card",
            name="external_ids",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name="card",
            name="legality",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.RunPython(install_text_index, remove_text_index),
    ]
