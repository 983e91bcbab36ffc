"""JSON shapes of the API.

The glossary and card serializers read the database. The scenario, replay and error
serializers only describe the engine's dicts for the OpenAPI schema: the engine already
produces those dicts, so the API returns them as they are.
"""

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from engine.document import FORMAT
from rulings.cards.models import Card
from rulings.glossary.models import GlossaryEntry


class SourceSerializer(serializers.Serializer):
    """Where a glossary entry's rule is written down."""

    document = serializers.CharField()
    section = serializers.CharField()


class GlossaryEntrySerializer(serializers.ModelSerializer):
    """A glossary entry, in the same shape as the engine's `glossary()` entries."""

    source = serializers.SerializerMethodField()
    related = serializers.ListField(child=serializers.CharField())

    class Meta:
        model = GlossaryEntry
        fields = ["slug", "term", "summary", "body", "example", "source", "related"]

    @extend_schema_field(SourceSerializer)
    def get_source(self, entry: GlossaryEntry) -> dict[str, str]:
        return {"document": entry.source_document, "section": entry.source_section}


class CardSerializer(serializers.ModelSerializer):
    """A catalog card; `data` is the engine's full card dict (stats, subtypes, effects).

    `origin`: "written" (an engine card file), "read" (imported; `text` is its card text and
    its effects were read from it) or "facts" (a real card's printed facts only, no text).
    `atk`/`def` null: "?" or not a monster. `tcg_status`/`ocg_status`: the Forbidden & Limited
    status (forbidden, limited, semilimited, unlimited, unreleased; "" not known); `konami_id`,
    `yugipedia_page`, `ygoprodeck_page`: the card on the official database and those sites.
    """

    data = serializers.DictField()
    subtypes = serializers.ListField(child=serializers.CharField(), source="subtype_list", read_only=True)
    link_arrows = serializers.ListField(child=serializers.CharField(), read_only=True)
    alt_passcodes = serializers.ListField(child=serializers.IntegerField(), read_only=True)
    def_ = serializers.IntegerField(source="defense", allow_null=True, read_only=True)

    class Meta:
        model = Card
        fields = [
            "id", "name", "card_type", "summary", "data", "passcode", "alt_passcodes", "origin",
            "subtypes", "attribute", "monster_type", "level", "rank", "link_rating", "link_arrows",
            "atk", "def_", "scale_left", "scale_right", "text", "pendulum_text", "tcg_status", "ocg_status",
            "konami_id", "yugipedia_page", "ygoprodeck_page",
        ]  # fmt: skip

    def get_fields(self) -> dict[str, serializers.Field]:
        """`def_` answers as `def` (a Python keyword, so not a class attribute), in the schema too."""
        return {"def" if name == "def_" else name: field for name, field in super().get_fields().items()}


class DeckRequestSerializer(serializers.Serializer):
    """One of the two: the text of a .ydk file, or a ydke:// link."""

    ydk = serializers.CharField(required=False)
    ydke = serializers.CharField(required=False)


class DeckCardSerializer(serializers.Serializer):
    """One card of the deck as listed; `name` null: its passcode is not in the card database."""

    passcode = serializers.IntegerField()
    name = serializers.CharField(allow_null=True)
    url = serializers.CharField(allow_null=True, help_text="The card's page.")
    status = serializers.CharField(
        allow_null=True, help_text="Its TCG Forbidden & Limited status in words; null: not known."
    )


class DeckSectionsSerializer(serializers.Serializer):
    main = DeckCardSerializer(many=True)
    extra = DeckCardSerializer(many=True)
    side = DeckCardSerializer(many=True)


class UnknownPasscodeSerializer(serializers.Serializer):
    path = serializers.CharField(help_text='Where it is listed: "main[3]" is the 4th Main Deck card.')
    passcode = serializers.IntegerField()
    message = serializers.CharField()


class DeckLegalitySerializer(serializers.Serializer):
    format = serializers.CharField(help_text="Always TCG: the current TCG Forbidden & Limited List.")
    legal = serializers.BooleanField()
    problems = serializers.ListField(child=serializers.CharField(), help_text="Each rule the deck breaks.")
    notes = serializers.ListField(child=serializers.CharField(), help_text="What could not be checked.")


class DeckSerializer(serializers.Serializer):
    """A deck: card names in the shapes a scenario's player takes, each card as listed, the
    passcodes not found, and the deck's legality."""

    deck = serializers.ListField(child=serializers.CharField(), help_text="Main Deck: player.deck.cards")
    extra_deck = serializers.ListField(child=serializers.CharField(), help_text="player.extra_deck")
    side = serializers.ListField(child=serializers.CharField(), help_text="Side Deck (not in a scenario)")
    cards = DeckSectionsSerializer()
    unknown = UnknownPasscodeSerializer(many=True)
    legality = DeckLegalitySerializer()


# --- schema-only shapes (documentation of the engine's dicts)


class ErrorSerializer(serializers.Serializer):
    path = serializers.CharField(
        help_text='Where the problem is, e.g. "board.turn"; "(document)" for the whole document.'
    )
    message = serializers.CharField()


class ErrorListSerializer(serializers.Serializer):
    """Every problem found in a rejected request."""

    errors = ErrorSerializer(many=True)


class DetailSerializer(serializers.Serializer):
    detail = serializers.CharField()


class ScenarioSerializer(serializers.Serializer):
    """A scenario document, format ygo-scenario/1 (see the scenario format spec)."""

    format = serializers.ChoiceField(choices=[FORMAT], help_text=f"Always {FORMAT}.")
    title = serializers.CharField(required=False, allow_null=True, allow_blank=True)
    cards = serializers.ListField(child=serializers.DictField(), required=False)
    board = serializers.DictField()
    actions = serializers.ListField(child=serializers.DictField(), required=False, help_text="None: no step.")


class ExplanationSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Stable dotted code, e.g. timing.missed.")
    text = serializers.CharField()
    glossary = serializers.ListField(child=serializers.CharField(), help_text="Glossary slugs.")
    cards = serializers.ListField(child=serializers.CharField(), help_text="Card ids.")
    params = serializers.DictField(
        required=False,
        help_text="What the sentence is built from, by its template's field names (cards as ids): "
        "a reader can render the sentence again its own way (README, Explanations).",
    )


class StepSerializer(serializers.Serializer):
    n = serializers.IntegerField()
    action = serializers.IntegerField(allow_null=True, help_text="Index into actions.")
    kind = serializers.ChoiceField(
        choices=["action", "chain_link_resolves", "triggers", "window", "automatic"]
    )
    accepted = serializers.BooleanField()
    summary = serializers.CharField()
    events = serializers.ListField(child=serializers.DictField())
    explanations = ExplanationSerializer(many=True)
    chain = serializers.ListField(child=serializers.DictField())
    legal = serializers.DictField(
        required=False,
        help_text="Per player, what could be activated after this step and why the rest cannot "
        "(every step with legal=every, the last with legal=last, none with legal=none).",
    )
    board = serializers.DictField(
        required=False,
        help_text="The whole board after this step (every step with boards=every; the first step "
        "with boards=changes; none with boards=final).",
    )
    changes = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        help_text="boards=changes, every step after the first: an RFC 6902 JSON Patch (replace, add, "
        "remove) that turns the board of the step before into this step's board.",
    )


class ResultSerializer(serializers.Serializer):
    winner = serializers.ChoiceField(choices=["A", "B"], allow_null=True)
    draw = serializers.BooleanField()
    reason = serializers.CharField(allow_null=True)


class VerdictSentenceSerializer(serializers.Serializer):
    """One sentence of the verdict (README, "The verdict")."""

    step = serializers.IntegerField(help_text="The step the sentence is about (1-based `n`).")
    code = serializers.CharField(
        help_text="The rule's own code for an illegal action (e.g. battle.not_attack_position) and "
        "timing.missed for a missed timing; verdict.negated, verdict.summon_negated, "
        "verdict.chain_order, verdict.card_ended, verdict.result or verdict.lp otherwise."
    )
    text = serializers.CharField(help_text="The sentence, cards named as a judge says them (no ids).")


class ReplaySerializer(serializers.Serializer):
    """The engine's replay: every step with what happened, why, and the board after it."""

    format = serializers.CharField()
    title = serializers.CharField(allow_null=True, required=False)
    steps = StepSerializer(many=True)
    result = ResultSerializer()
    verdict = VerdictSentenceSerializer(
        many=True,
        help_text="The ruling in a few sentences, most decisive first: how the duel ended, each "
        "illegal action and why, each trigger that missed the timing and what came after, what was "
        "negated, the order each chain resolved in, where the cards the actions named ended, and "
        "the LP when the duel goes on. The same whatever the replay options.",
    )
    final_board = serializers.DictField()


def as_errors(errors: list[dict[str, Any]]) -> dict[str, Any]:
    """The one error body the API uses for a 400."""
    return {"errors": errors}
