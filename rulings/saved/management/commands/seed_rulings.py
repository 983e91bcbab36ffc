"""`manage.py seed_rulings`: the corpus's worked rulings, shipped as saved rulings.

Each file of tests/scenarios/ whose `source` cites one of the reference documents (the
rulebook, the advanced rules, the glossary, the judge notes) becomes a worked example: its slug
is the file name, its title the file's `title`, its notes the `source` and `note`. Idempotent:
a re-run adds a version only where the file changed, and never touches a judge's ruling.
"""

import re
from pathlib import Path
from typing import Any

import yaml
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from rulings.replays.scenarios import ScenarioRejected
from rulings.saved import store
from rulings.saved.models import SavedRuling

CORPUS = Path(settings.BASE_DIR) / "tests" / "scenarios"
# The reference documents a worked example must cite (tests/scenarios/README.md: `source`).
REFERENCE_SOURCE = re.compile(r"rulebook|advanced rules|glossary|judge notes", re.IGNORECASE)


def worked_example(path: Path) -> dict[str, Any] | None:
    """Title, notes and scenario text of one corpus file, or None if it is not a worked ruling
    (no reference document cited, or a document the engine must reject)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    source = str(data.get("source") or "")
    if not REFERENCE_SOURCE.search(source) or not isinstance(data.get("scenario"), dict):
        return None
    if (data.get("expect") or {}).get("errors"):
        return None
    notes = f"Source: {source}"
    if data.get("note"):
        notes += f"\n\n{str(data['note']).strip()}"
    return {
        "title": " ".join(str(data.get("title") or path.stem).split())[: store.MAX_TITLE],
        "notes": notes,
        "text": store.dump_yaml(data["scenario"]),
    }


def summary(counts: dict[str, int]) -> str:
    """What seeding did, in words a judge starting the app understands: most corpus files are
    test cases, not worked examples, and saying only "not seeded" made that look like a fault."""
    lines = [
        "Worked examples (shown under Rulings): {created} added, {updated} updated, "
        "{unchanged} already up to date.".format(**counts)
    ]
    if left_out := counts["not_an_example"]:
        files = "file of the test corpus is" if left_out == 1 else "files of the test corpus are"
        lines.append(
            f"The other {left_out} scenario {files} left out, as "
            "intended: only scenarios worked from the rulebook, the advanced rules, the glossary or "
            "the judge notes are shown as worked examples; the rest (a card's own rulings, other "
            "sources, documents the engine must reject) are test cases."
        )
    if counts["skipped"]:
        lines.append(f"{counts['skipped']} could not be added; each is named above with the reason.")
    return "\n".join(lines)


class Command(BaseCommand):
    help = "Save the scenario corpus's worked rulings as saved rulings (idempotent)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--corpus", type=Path, default=CORPUS, help="Folder of corpus YAML files.")

    def handle(self, *args: Any, **options: Any) -> None:
        corpus: Path = options["corpus"]
        if not corpus.is_dir():
            raise CommandError(f"No scenario corpus at {corpus}.")
        counts = {"created": 0, "updated": 0, "unchanged": 0, "not_an_example": 0, "skipped": 0}
        for path in sorted(corpus.glob("*.yaml")):
            counts[self.seed_one(path)] += 1
        if options["verbosity"]:
            self.stdout.write(summary(counts))

    def seed_one(self, path: Path) -> str:
        try:
            example = worked_example(path)
        except yaml.YAMLError as err:
            self.stderr.write(
                f"{path.name}: not added as a worked example: the file is not valid YAML ({err})."
            )
            return "skipped"
        if example is None:
            return "not_an_example"
        slug = path.stem
        ruling = SavedRuling.objects.filter(slug=slug).first()
        if ruling is not None and ruling.origin != SavedRuling.WORKED_EXAMPLE:
            self.stderr.write(
                f"{path.name}: not added as a worked example: a judge's own ruling has the address "
                f"/r/{slug}/ and is kept as it is."
            )
            return "skipped"
        title, notes, text = example["title"], example["notes"], example["text"]
        if ruling is not None and store.unchanged(ruling, title, notes, text):
            return "unchanged"
        try:
            snap = store.snapshot(example["text"], "yaml")
        except ScenarioRejected as rejected:
            self.stderr.write(
                f"{path.name}: not added as a worked example: the engine cannot replay it ({rejected})."
            )
            return "skipped"
        store.save_version(
            ruling,
            title=example["title"],
            notes=example["notes"],
            snap=snap,
            author=None,
            origin=SavedRuling.WORKED_EXAMPLE,
            slug=slug,
        )
        return "created" if ruling is None else "updated"
