"""The card library: the engine's own card files and imported cards, with judges' reader corrections.

Seeded from the engine (`manage.py seed`) and filled by imports (`manage.py import_cards`) so
pages and the API can search them; the engine's catalog stays the source of truth for the
cards it has written.
"""

import hashlib
import unicodedata

from django.conf import settings
from django.db import models
from django.utils import timezone

from engine import textreader


def search_key(text: str) -> str:
    """A name as search compares it: NFKD, combining marks dropped, casefolded ("Escuridão" → "escuridao")."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def text_hash(text: str, pendulum_text: str = "") -> str:
    """Which version of a card's text, as the reader splits it, an override was made for: SHA-256
    of both texts and the reader's version (a correction keyed by effect index must not move to
    another effect when a new reader splits the same text differently)."""
    digest = f"reader-{textreader.READER_VERSION}\x00{pendulum_text}\x00{text}"
    return hashlib.sha256(digest.encode()).hexdigest()


# Every column card search filters on, in one narrow index.
SEARCH_COLUMNS = [
    "search_name",
    "card_type",
    "subtypes",
    "attribute",
    "level",
    "rank",
    "link_rating",
    "origin",
]


class Card(models.Model):
    """A card: one of the engine's own files ("written") or imported and read by the reader ("read").

    `data` is always a dict the engine accepts as a card definition (`engine.cards.CardDef`);
    the stats are kept in columns too so search can filter on them. For a read card, `reading`
    is the reader's output (effects with their fields and reasons) before any judge's override.
    """

    WRITTEN = "written"
    READ = "read"
    ORIGINS = [(WRITTEN, "Written (engine card file)"), (READ, "Read from its text")]

    name = models.CharField(max_length=200, unique=True)
    search_name = models.CharField(max_length=200, editable=False, default="")
    card_type = models.CharField(max_length=20)
    summary = models.TextField(blank=True)
    data = models.JSONField(default=dict)
    passcode = models.PositiveBigIntegerField(unique=True, null=True, blank=True)
    alt_passcodes = models.JSONField(default=list, blank=True)  # alternative artworks
    origin = models.CharField(max_length=10, choices=ORIGINS, default=WRITTEN)
    text = models.TextField(blank=True)  # imported card text (monster text, or the Spell/Trap's text)
    pendulum_text = models.TextField(blank=True)
    text_hash = models.CharField(max_length=64, blank=True, editable=False)
    reading = models.JSONField(default=list, blank=True)
    subtypes = models.CharField(max_length=200, blank=True)  # space-separated, in the engine's order
    attribute = models.CharField(max_length=10, blank=True)
    monster_type = models.CharField(max_length=40, blank=True)
    level = models.PositiveSmallIntegerField(null=True, blank=True)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    link_rating = models.PositiveSmallIntegerField(null=True, blank=True)
    link_arrows = models.JSONField(default=list, blank=True)
    atk = models.IntegerField(null=True, blank=True)  # None: "?" (or not a monster)
    defense = models.IntegerField(null=True, blank=True)
    scale_left = models.PositiveSmallIntegerField(null=True, blank=True)
    scale_right = models.PositiveSmallIntegerField(null=True, blank=True)
    # Printed facts of the real card (cards.card_facts): the Forbidden & Limited status by format
    # ({"tcg": "limited", "ocg": "unlimited"}) and its pages elsewhere (konami_db, yugipedia, ygoprodeck).
    legality = models.JSONField(default=dict, blank=True)
    external_ids = models.JSONField(default=dict, blank=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "rulings_card"  # its table from the app `rulings`, kept
        ordering = ["name"]
        # Search scans the narrow card_search index (every column it filters on) instead of the wide
        # rows; the replay cache's key (imported cards' count and last change) reads card_changes.
        indexes = [
            models.Index(fields=SEARCH_COLUMNS, name="card_search"),
            models.Index(fields=["origin", "updated"], name="card_changes"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def subtype_list(self) -> list[str]:
        return self.subtypes.split()

    def refresh_derived(self) -> None:
        """Keep the search name and text hash in step with the name and text (bulk writes call it)."""
        self.search_name = search_key(self.name)
        self.text_hash = text_hash(self.text, self.pendulum_text) if self.origin == self.READ else ""

    def save(self, *args, **kwargs) -> None:
        self.refresh_derived()
        update_fields = kwargs.get("update_fields")
        if update_fields is not None:
            kwargs["update_fields"] = {*update_fields, "search_name", "text_hash", "updated"}
        super().save(*args, **kwargs)


class ReaderOverride(models.Model):
    """A judge's correction of one field the reader decided, for one version of a card's text.

    Keyed by the text's hash: a re-import of the same text keeps applying it; a changed text
    leaves it stored against the old hash, shown as made for an older text, never applied.
    It belongs to its author: only they (or staff) change or remove it; other judges propose
    (`OverrideProposal`), and every change is kept (`OverrideHistory`). See `corrections`.
    """

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="overrides")
    text_hash = models.CharField(max_length=64)
    effect_index = models.PositiveSmallIntegerField()  # 0-based, in the reader's list of effects
    field = models.CharField(max_length=40)
    value = models.JSONField(null=True, blank=True)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "rulings_readeroverride"  # its table from the app `rulings`, kept
        ordering = ["effect_index", "field"]
        constraints = [
            models.UniqueConstraint(
                fields=["card", "text_hash", "effect_index", "field"], name="one_override_per_field"
            )
        ]

    def __str__(self) -> str:
        return f"{self.card.name} effect {self.effect_index + 1}: {self.field}"


class OverrideHistory(models.Model):
    """One change of a correction in force, kept for ever (only ever added): corrections change
    replays for everyone, so who set which value when stays readable after it changed or went."""

    SET, CHANGED, REMOVED, ACCEPTED = "set", "changed", "removed", "accepted"
    ACTIONS = [(SET, "set"), (CHANGED, "changed"), (REMOVED, "removed"), (ACCEPTED, "accepted a proposal")]

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="override_history")
    text_hash = models.CharField(max_length=64)
    effect_index = models.PositiveSmallIntegerField()
    field = models.CharField(max_length=40)
    value = models.JSONField(null=True, blank=True)  # the value from then on (removed: the last one)
    action = models.CharField(max_length=10, choices=ACTIONS)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    proposal = models.ForeignKey(
        "OverrideProposal", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created", "-id"]

    def __str__(self) -> str:
        return f"{self.card.name} effect {self.effect_index + 1}: {self.field} {self.action}"


class OverrideProposal(models.Model):
    """Another judge's proposed value for a correction someone else owns; its owner decides."""

    OPEN, ACCEPTED, DECLINED = "open", "accepted", "declined"
    STATUSES = [(OPEN, "open"), (ACCEPTED, "accepted"), (DECLINED, "declined")]

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="override_proposals")
    text_hash = models.CharField(max_length=64)
    effect_index = models.PositiveSmallIntegerField()
    field = models.CharField(max_length=40)
    value = models.JSONField(null=True, blank=True)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(max_length=10, choices=STATUSES, default=OPEN)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)
    decided = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-id"]

    def __str__(self) -> str:
        return f"{self.card.name} effect {self.effect_index + 1}: {self.field} proposed ({self.status})"
