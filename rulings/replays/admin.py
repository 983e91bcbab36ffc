from django.contrib import admin

from rulings.replays.models import Scenario


@admin.register(Scenario)
class ScenarioAdmin(admin.ModelAdmin):
    list_display = ["slug", "fmt", "created"]
    readonly_fields = ["slug", "created"]
    search_fields = ["slug", "text"]
