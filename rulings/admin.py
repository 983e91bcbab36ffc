from django.contrib import admin

from rulings.models import Card, GlossaryEntry, ReaderOverride, Scenario


@admin.register(GlossaryEntry)
class GlossaryEntryAdmin(admin.ModelAdmin):
    list_display = ["term", "slug", "source_document", "source_section"]
    search_fields = ["term", "slug", "summary"]


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ["name", "card_type", "origin", "passcode"]
    list_filter = ["card_type", "origin"]
    search_fields = ["name", "summary", "=passcode"]


@admin.register(ReaderOverride)
class ReaderOverrideAdmin(admin.ModelAdmin):
    list_display = ["card", "effect_index", "field", "value", "author", "updated"]
    search_fields = ["card__name"]


@admin.register(Scenario)
class ScenarioAdmin(admin.ModelAdmin):
    list_display = ["slug", "fmt", "created"]
    readonly_fields = ["slug", "created"]
    search_fields = ["slug", "text"]
