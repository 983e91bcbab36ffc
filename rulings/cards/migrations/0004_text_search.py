"""The database's index of the cards' texts for search by effect text (cards.text_index): an FTS5
table kept by triggers on SQLite, a GIN tsvector index on PostgreSQL."""

from django.db import migrations


def install_text_index(apps, schema_editor) -> None:
    from rulings.cards import text_index

    text_index.install(schema_editor.connection)


def remove_text_index(apps, schema_editor) -> None:
    from rulings.cards import text_index

    text_index.remove(schema_editor.connection)


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0003_card_facts"),
    ]

    operations = [
        migrations.RunPython(install_text_index, remove_text_index),
    ]
