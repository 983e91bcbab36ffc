"""Saved rulings carry the number of their newest version; existing rows get the one they have."""

from django.db import migrations, models
from django.db.models import Max, OuterRef, Subquery


def number_existing(apps, schema_editor) -> None:
    ruling = apps.get_model("saved", "SavedRuling")
    version = apps.get_model("saved", "RulingVersion")
    newest = version.objects.filter(ruling=OuterRef("pk")).values("ruling").annotate(top=Max("number"))
    ruling.objects.filter(pk__in=version.objects.values("ruling")).update(
        version=Subquery(newest.values("top"))
    )


class Migration(migrations.Migration):
    dependencies = [
        ("saved", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="savedruling",
            name="version",
            field=models.PositiveIntegerField(default=1, editable=False),
        ),
        migrations.RunPython(number_existing, migrations.RunPython.noop),
    ]
