"""The rules glossary, copied from the engine (`manage.py seed`) so pages and the API can query it."""

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
        db_table = "rulings_glossaryentry"  # its table from the app `rulings`, kept
        ordering = ["term"]
        verbose_name_plural = "glossary entries"

    def __str__(self) -> str:
        return self.term


def glossary_terms(slugs: set[str]) -> dict[str, str]:
    """Slug → term, for those of the slugs the database has an entry for (pages link them by term)."""
    return dict(GlossaryEntry.objects.filter(slug__in=slugs).values_list("slug", "term"))
