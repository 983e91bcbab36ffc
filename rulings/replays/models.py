"""A pasted scenario, stored so that every step of its replay has a stable URL.

The replay itself is recomputed (and cached), never stored.
"""

import hashlib

from django.db import models


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
        db_table = "rulings_scenario"  # its table from the app `rulings`, kept
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.slug

    def save(self, *args, **kwargs) -> None:
        if not self.slug:
            self.slug = scenario_slug(self.text)
        super().save(*args, **kwargs)
