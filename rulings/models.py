"""What the web side stores: copies of the engine's glossary and catalog, and pasted scenarios.

The glossary and cards are seeded from the engine (`manage.py seed`) so pages and the API can
query and search them; the engine stays the source of truth. A scenario is stored so that
every step of its replay has a stable URL; the replay itself is recomputed, never stored.
"""

import hashlib

from django.db import models


class GlossaryEntry(models.Model):
    """One rules term, linked from explanations by its stable slug."""

    slug = models.SlugField(max_length=100, unique=True)
    term = models.CharField(max_length=200)
    summary = models.TextField()
    body = models.TextField(blank=True)
    example = models.TextField(blank=True)
    source_document = models.CharField(max_length=200, blank=True)
    source_section = models.CharField(max_length=200, blank=True)
    related = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["term"]
        verbose_name_plural = "glossary entries"

    def __str__(self) -> str:
        return self.term


class Card(models.Model):
    """One card of the engine's catalog; `data` is the engine's card dict as given."""

    name = models.CharField(max_length=200, unique=True)
    card_type = models.CharField(max_length=20)
    summary = models.TextField(blank=True)
    data = models.JSONField(default=dict)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


def scenario_slug(text: str) -> str:
    """The first 12 hex digits of the text's SHA-256: the same text always gets the same URL."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


class Scenario(models.Model):
    """A scenario as a judge pasted it (JSON or YAML), addressed by a hash of its text."""

    FORMATS = [("json", "JSON"), ("yaml", "YAML")]

    slug = models.CharField(max_length=12, unique=True, editable=False)
    text = models.TextField()
    fmt = models.CharField(max_length=4, choices=FORMATS)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.slug

    def save(self, *args, **kwargs) -> None:
        if not self.slug:
            self.slug = scenario_slug(self.text)
        super().save(*args, **kwargs)
