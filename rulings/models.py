"""What the web side stores: copies of the engine's glossary and catalog, and pasted scenarios.

The glossary and cards are seeded from the engine (`manage.py seed`) so pages and the API can
query and search them; the engine stays the source of truth. A scenario is stored so that
every step of its replay has a stable URL; the replay itself is recomputed, never stored.
"""

import hashlib
import secrets
import unicodedata

from django.conf import settings
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


def search_key(text: str) -> str:
    """A name as search compares it: NFKD, combining marks dropped, casefolded ("Escuridão" → "escuridao")."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def text_hash(text: str, pendulum_text: str = "") -> str:
    """Which version of a card's text an override was made for: SHA-256 of both texts."""
    return hashlib.sha256(f"{pendulum_text}\x00{text}".encode()).hexdigest()


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
    updated = models.DateTimeField(auto_now=True)

    class Meta:
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
        ordering = ["effect_index", "field"]
        constraints = [
            models.UniqueConstraint(
                fields=["card", "text_hash", "effect_index", "field"], name="one_override_per_field"
            )
        ]

    def __str__(self) -> str:
        return f"{self.card.name} effect {self.effect_index + 1}: {self.field}"


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


# --- saved rulings: a judge's scenario with a title, notes and the verdict it had when saved

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
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
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
        ordering = ["ruling", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["ruling", "number"], name="one_version_number_per_ruling")
        ]

    def __str__(self) -> str:
        return f"{self.ruling.slug} v{self.number}"
