"""`manage.py import_cards FILE`: import a judge's card database (cards.cdb, YGOPRODeck JSON, or
JSON lines in the real card data's format, gzipped or not).

The format is told from the file's first bytes. A bad row is left out and reported with its
reason; the rest is imported. A file that cannot be read at all changes nothing. A progress bar
shows while the cards are read, at a terminal (and not with `--verbosity 0`).
"""

import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TypeVar

from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

from rulings.cards.importing import ImportProblem, import_file

T = TypeVar("T")


class Command(BaseCommand):
    help = (
        "Import cards from a YGOPro/EDOPro cards.cdb, a YGOPRODeck API v7 JSON file, or JSON lines "
        "of real card data (.jsonl or .jsonl.gz). TCG/OCG cards only."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a cards.cdb (SQLite), a .json file, or a .jsonl(.gz) file")

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["file"])
        if not path.is_file():
            raise CommandError(f"{path} is not a file.")
        show = options["verbosity"] > 0 and sys.stderr.isatty()

        def progress(items: Iterable[T], total: int, description: str) -> Iterable[T]:
            return tqdm(items, total=total, desc=description, unit=" cards", disable=not show, leave=False)

        try:
            report = import_file(path, progress)
        except ImportProblem as problem:
            raise CommandError(f"Nothing imported. {problem}") from None
        for line in report.lines():
            self.stdout.write(line)
