"""A pasted scenario, stored so that every step of its replay has a stable URL.

The replay itself is recomputed (and cached), never stored. A pasted scenario is anonymous and
kept for `settings.SCENARIO_TTL` after it was last pasted; a judge who wants it for good saves it
as a ruling (rulings/saved).
"""

import hashlib
from datetime import datetime

from django.conf import settings
from django.db import models
from django.utils import timezone


def scenario_slug(text: str) -> str:
    """The first 12 hex digits of the text's SHA-256: the same text always gets the same URL."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def expiry() -> datetime:
    return timezone.now() + settings.SCENARIO_TTL


class ScenarioQuerySet(models.QuerySet):
    def live(self) -> "ScenarioQuerySet":
        """The scenarios not expired yet: the only ones any page shows or links."""
        return self.filter(expires__gt=timezone.now())


class Scenario(models.Model):
    """A scenario as a judge pasted it (JSON or YAML), addressed by a hash of its text."""

    FORMATS = [("json", "JSON"), ("yaml", "YAML")]

    slug = models.CharField(max_length=12, unique=True, editable=False)
    text = models.TextField()
    fmt = models.CharField(max_length=4, choices=FORMATS)
    created = models.DateTimeField(auto_now_add=True)
    expires = models.DateTimeField(default=expiry, db_index=True)

    objects = ScenarioQuerySet.as_manager()

    class Meta:
        db_table = "rulings_scenario"  # its table from the app `rulings`, kept
        ordering = ["-created"]

    @classmethod
    def keep(cls, text: str, fmt: str) -> "Scenario":
        """Store a pasted text (or find it: its slug is its text's) for another SCENARIO_TTL;
        the expired ones go as a new one comes, so nothing else needs to run to purge them."""
        cls.objects.filter(expires__lte=timezone.now()).delete()
        scenario, created = cls.objects.get_or_create(
            slug=scenario_slug(text), defaults={"text": text, "fmt": fmt}
        )
        if not created:
            scenario.expires = expiry()
            scenario.save(update_fields=["expires"])
        return scenario

    def __str__(self) -> str:
        return self.slug

    def save(self, *args, **kwargs) -> None:
        if not self.slug:
            self.slug = scenario_slug(self.text)
        super().save(*args, **kwargs)
