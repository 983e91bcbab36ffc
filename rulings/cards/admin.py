from django.contrib import admin

from rulings.cards.models import Card, ReaderOverride


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ["name", "card_type", "origin", "passcode"]
    list_filter = ["card_type", "origin"]
    search_fields = ["name", "summary", "=passcode"]


@admin.register(ReaderOverride)
class ReaderOverrideAdmin(admin.ModelAdmin):
    list_display = ["card", "effect_index", "field", "value", "author", "updated"]
    search_fields = ["card__name"]
