"""JSON shapes of saved rulings in the API (`/api/rulings`)."""

from typing import Any

from django.urls import reverse
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from rulings.api.serializers import ResultSerializer, ScenarioSerializer
from rulings.saved.models import SavedRuling
from rulings.saved.store import document_of


class StepDigestSerializer(serializers.Serializer):
    n = serializers.IntegerField()
    accepted = serializers.BooleanField()
    summary = serializers.CharField()
    codes = serializers.ListField(child=serializers.CharField(), help_text="Explanation codes of the step.")


class VerdictSerializer(serializers.Serializer):
    """What the engine said when the ruling was saved."""

    summary = serializers.CharField(help_text="The outcome in one line.")
    result = ResultSerializer()
    steps = StepDigestSerializer(many=True)


class SavedRulingSerializer(serializers.ModelSerializer):
    """A saved ruling: the judge's title and notes, the scenario, and its stored verdict."""

    scenario = serializers.SerializerMethodField()
    author = serializers.SerializerMethodField()
    verdict = serializers.SerializerMethodField()
    permalink = serializers.SerializerMethodField()
    cards = serializers.ListField(child=serializers.CharField(), help_text="Card names on the board.")
    topics = serializers.ListField(
        child=serializers.CharField(), help_text="Glossary slugs the replay cites."
    )

    class Meta:
        model = SavedRuling
        fields = [
            "slug",
            "version",
            "title",
            "notes",
            "author",
            "origin",
            "created",
            "updated",
            "verdict",
            "cards",
            "topics",
            "permalink",
            "scenario",
        ]

    @extend_schema_field(ScenarioSerializer)
    def get_scenario(self, ruling: SavedRuling) -> dict[str, Any]:
        return document_of(ruling.text, ruling.fmt)

    def get_author(self, ruling: SavedRuling) -> str | None:
        return ruling.author.get_username() if ruling.author else None

    @extend_schema_field(VerdictSerializer)
    def get_verdict(self, ruling: SavedRuling) -> dict[str, Any]:
        return {"summary": ruling.verdict, "result": ruling.result, "steps": ruling.steps}

    def get_permalink(self, ruling: SavedRuling) -> str:
        path = reverse("ruling", args=[ruling.slug])
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request else path


class NewRulingSerializer(serializers.Serializer):
    """What `POST /api/rulings` reads; the scenario is replayed before anything is saved."""

    title = serializers.CharField(
        required=False, allow_blank=True, allow_null=True, help_text="Defaults to the scenario's title."
    )
    notes = serializers.CharField(required=False, allow_blank=True, allow_null=True)
    scenario = serializers.JSONField(help_text="A ygo-scenario/1 document, or its YAML/JSON text.")


class RulingEditSerializer(NewRulingSerializer):
    """What `PUT /api/rulings/<slug>` reads: a new version, based on the version named."""

    version = serializers.IntegerField(
        min_value=1, help_text="The version this edit started from (the ruling's `version` when read)."
    )


class ConflictSerializer(serializers.Serializer):
    """409: a newer version was saved since the one the edit started from; nothing was saved."""

    errors = serializers.ListField(child=serializers.DictField(child=serializers.CharField()))
    current = SavedRulingSerializer(help_text="The ruling as it stands now, with its newest version.")
