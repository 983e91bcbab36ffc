"""A database made before the apps split keeps everything a user saved once migrated.

The models left the app `rulings` for their apps with their tables (`rulings_*`): migrating a
database from main's last migration (`rulings` 0003) to now must keep every row, and the
models of the new apps must read them.
"""

from __future__ import annotations

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE_THE_SPLIT = [("rulings", "0003_cards_imported")]


def _migrate(targets: list[tuple[str, str]] | None = None) -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(targets or executor.loader.graph.leaf_nodes())


def _save_the_old_way() -> None:
    """A ruling with a version, an imported card with a judge's correction, a pasted scenario."""
    old = MigrationExecutor(connection).loader.project_state(BEFORE_THE_SPLIT).apps
    judge = old.get_model("auth", "User").objects.create(username="judge")
    content = {
        "title": "Sangan leaves the field",
        "text": "format: ygo-scenario/1\n",
        "fmt": "yaml",
        "result": {"winner": None},
        "verdict": "No winner",
        "steps": [{"n": 1, "accepted": True}],
        "cards": ["Sangan"],
        "topics": ["trigger-effect"],
        "author": judge,
    }
    ruling = old.get_model("rulings", "SavedRuling").objects.create(
        slug="abcdefgh", card_index="|Sangan|", topic_index="|trigger-effect|", **content
    )
    old.get_model("rulings", "RulingVersion").objects.create(ruling=ruling, number=1, **content)
    old.get_model("rulings", "RulingVersion").objects.create(ruling=ruling, number=2, **content)
    card = old.get_model("rulings", "Card").objects.create(
        name="Imported Flame", search_name="imported flame", card_type="monster", origin="read",
        passcode=12345678, text="When this card is destroyed: inflict 500 damage.", atk=1000,
    )  # fmt: skip
    old.get_model("rulings", "ReaderOverride").objects.create(
        card=card, text_hash="f" * 64, effect_index=0, field="kind", value="trigger", author=judge
    )
    old.get_model("rulings", "Scenario").objects.create(slug="0123456789ab", text="x", fmt="yaml")
    old.get_model("rulings", "GlossaryEntry").objects.create(slug="chain", term="Chain", summary="s")


@pytest.mark.django_db(transaction=True)
def test_what_was_saved_before_the_split_reads_back_after_it() -> None:
    from rulings.cards.models import Card, OverrideHistory, ReaderOverride
    from rulings.glossary.models import GlossaryEntry
    from rulings.replays.models import Scenario
    from rulings.saved.models import SavedRuling

    try:
        _migrate(BEFORE_THE_SPLIT)
        _save_the_old_way()
    finally:
        _migrate()

    ruling = SavedRuling.objects.get(slug="abcdefgh")
    assert (ruling.title, ruling.author.username, ruling.cards) == (
        "Sangan leaves the field",
        "judge",
        ["Sangan"],
    )
    version = ruling.versions.get(number=1)
    assert (version.number, version.verdict, version.steps) == (1, "No winner", [{"n": 1, "accepted": True}])
    card = Card.objects.get(passcode=12345678)
    assert (card.name, card.origin, card.atk) == ("Imported Flame", Card.READ, 1000)
    override = ReaderOverride.objects.get(card=card)
    assert (override.field, override.value, override.author.username) == ("kind", "trigger", "judge")
    assert Scenario.objects.get(slug="0123456789ab").text == "x"
    assert GlossaryEntry.objects.get(slug="chain").term == "Chain"
    # later migrations: the ruling carries its version, the correction starts its history, the
    # pasted scenario is kept a full SCENARIO_TTL from the migration on
    assert ruling.version == 2, "its newest version's number"
    (change,) = OverrideHistory.objects.filter(card=card)
    assert (change.action, change.value, change.author.username) == ("set", "trigger", "judge")
    assert Scenario.objects.live().filter(slug="0123456789ab").exists()
    # new rows go into the same tables, next to the old ones
    SavedRuling.objects.create(title="After", text="t", fmt="yaml", verdict="v")
    assert SavedRuling.objects.count() == 2
    assert ContentType.objects.get_for_model(SavedRuling).app_label == "saved"
    assert not ContentType.objects.filter(app_label="rulings", model="savedruling").exists()
