"""Saved rulings: a judge's scenario with a title, notes and the verdict it had when saved; its versions."""

import secrets

from django.conf import settings
from django.db import models

from rulings.replays.models import Scenario

SLUG_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: easy to read out or type
SLUG_LENGTH = 8


def new_ruling_slug() -> str:
    """A short random slug; a hyphen never appears, so it cannot clash with a seeded file name."""
    return "".join(secrets.choice(SLUG_ALPHABET) for _ in range(SLUG_LENGTH))


class RulingContent(models.Model):
    """What every save records: the text as entered and the verdict the engine gave it then.

    `result` is the replay's result, `verdict` one line in words, `steps` a digest of every
    step (`n`, `accepted`, `summary`, `codes`): enough to tell later whether the engine still
    agrees, without storing whole boards.
    """

    FORMATS = Scenario.FORMATS

    title = models.CharField(max_length=200)
    notes = models.TextField(blank=True)
    text = models.TextField()
    fmt = models.CharField(max_length=4, choices=FORMATS)
    result = models.JSONField(default=dict)
    verdict = models.CharField(max_length=300)
    steps = models.JSONField(default=list)
    cards = models.JSONField(default=list)
    topics = models.JSONField(default=list)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        abstract = True


class SavedRuling(RulingContent):
    """A ruling as it stands now (the newest version), addressed by a permanent slug.

    `card_index` and `topic_index` hold the names and slugs between `|` so that SQLite can
    search them with a plain `icontains`.
    """

    JUDGE = "judge"
    WORKED_EXAMPLE = "worked-example"
    ORIGINS = [(JUDGE, "Judge"), (WORKED_EXAMPLE, "Worked example")]

    slug = models.CharField(max_length=100, unique=True, editable=False)
    origin = models.CharField(max_length=20, choices=ORIGINS, default=JUDGE)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="rulings",
    )
    card_index = models.TextField(blank=True, editable=False)
    topic_index = models.TextField(blank=True, editable=False)
    # The number of the newest version: an edit names the version it started from, and a save
    # based on an older one is a conflict (store.save_version), never a silent overwrite.
    version = models.PositiveIntegerField(default=1, editable=False)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "rulings_savedruling"  # its table from the app `rulings`, kept
        ordering = ["-updated", "-id"]

    def __str__(self) -> str:
        return self.title

    def save(self, *args, **kwargs) -> None:
        if not self.slug:
            self.slug = new_ruling_slug()
            while SavedRuling.objects.filter(slug=self.slug).exists():
                self.slug = new_ruling_slug()
        self.card_index = "|" + "|".join(self.cards) + "|"
        self.topic_index = "|" + "|".join(self.topics) + "|"
        super().save(*args, **kwargs)


class RulingVersion(RulingContent):
    """One save of a ruling, kept for ever: versions are only ever added, never changed."""

    ruling = models.ForeignKey(SavedRuling, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "rulings_rulingversion"  # its table from the app `rulings`, kept
        ordering = ["ruling", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["ruling", "number"], name="one_version_number_per_ruling")
        ]

    def __str__(self) -> str:
        return f"{self.ruling.slug} v{self.number}"
