"""The glossary's pages, and its entries as `manage.py seed` copies them from the engine."""

from django.core.management import call_command
from django.test import Client

import engine
from rulings.glossary.models import GlossaryEntry


def test_glossary_pages(client: Client, seeded: None) -> None:
    entries = engine.glossary()
    listing = client.get("/glossary/")
    assert listing.status_code == 200
    for entry in entries:
        assert f'href="/glossary/{entry["slug"]}/"' in listing.content.decode()
    entry = entries[0]
    detail = client.get(f"/glossary/{entry['slug']}/")
    assert detail.status_code == 200
    assert detail.context["entry"].term == entry["term"]


def test_glossary_unknown_slug_is_404_page(client: Client, seeded: None) -> None:
    response = client.get("/glossary/no-such-term/")
    assert response.status_code == 404
    assert "Not found" in response.content.decode()


def test_seed_is_idempotent(seeded: None) -> None:
    before = GlossaryEntry.objects.count()
    call_command("seed", verbosity=0)
    assert GlossaryEntry.objects.count() == before == len(engine.glossary())
