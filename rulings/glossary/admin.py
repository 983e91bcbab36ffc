from django.contrib import admin

from rulings.glossary.models import GlossaryEntry


@admin.register(GlossaryEntry)
class GlossaryEntryAdmin(admin.ModelAdmin):
    list_display = ["term", "slug", "source_document", "source_section"]
    search_fields = ["term", "slug", "summary"]
