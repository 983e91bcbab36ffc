from django.contrib import admin

from rulings.cards.models import Card, OverrideHistory, OverrideProposal, ReaderOverride


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ["name", "card_type", "origin", "passcode"]
    list_filter = ["card_type", "origin"]
    search_fields = ["name", "summary", "=passcode"]


class ReadOnlyAdmin(admin.ModelAdmin):
    """Shown, never changed here: only `corrections` changes them, and it keeps the history."""

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(ReaderOverride)
class ReaderOverrideAdmin(ReadOnlyAdmin):
    """Read-only: corrections change on the card's page (`corrections`), which keeps their history."""

    list_display = ["card", "effect_index", "field", "value", "author", "updated"]
    search_fields = ["card__name"]


@admin.register(OverrideHistory)
class OverrideHistoryAdmin(ReadOnlyAdmin):
    """Read-only: the history is only ever added to (by `corrections`)."""

    list_display = ["card", "effect_index", "field", "action", "value", "author", "created"]
    search_fields = ["card__name"]


@admin.register(OverrideProposal)
class OverrideProposalAdmin(admin.ModelAdmin):
    list_display = ["card", "effect_index", "field", "value", "author", "status", "created"]
    list_filter = ["status"]
    search_fields = ["card__name"]
