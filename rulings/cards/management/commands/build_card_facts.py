"""`manage.py build_card_facts --source FILE`: rebuild the shipped facts of every real card.

Reads the real card data's JSON lines (gzipped or not) and writes `rulings/cards/data/
card_facts.jsonl.gz`: printed facts only, never a card's text. The same source gives the same
bytes, so a rebuild shows in `git diff` only where a fact changed.
"""

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from rulings.cards.facts import FACTS_FILE, build_facts, write_facts
from rulings.cards.importing import ImportProblem


class Command(BaseCommand):
    help = "Rebuild rulings/cards/data/card_facts.jsonl.gz from real card data (JSON lines, no text kept)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--source", required=True, help="the real card data: cards.jsonl.gz")
        parser.add_argument("--output", default=str(FACTS_FILE), help="where to write (the shipped file)")

    def handle(self, *args: Any, **options: Any) -> None:
        source = Path(options["source"])
        if not source.is_file():
            raise CommandError(f"--source {source} is not a file.")
        try:
            built = build_facts(source)
        except ImportProblem as problem:
            raise CommandError(f"Nothing written. {problem}") from None
        output = Path(options["output"])
        write_facts(built.lines, output)
        self.stdout.write(f"{output.name}: {len(built.lines)} cards, {output.stat().st_size:,} bytes.")
        for reason, names in sorted(built.skipped.items()):
            shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
            self.stdout.write(f"  left out {len(names)}: {reason} ({shown})")
        for problem in built.bad[:20]:
            self.stdout.write(f"  not readable: {problem}")
