"""`manage.py import_cards FILE`: import a judge's card database (cards.cdb or YGOPRODeck JSON).

The format is told from the file's first bytes (an SQLite header, or JSON). All or nothing:
a file with a bad row changes nothing and the command says which row and why.
"""

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from rulings.cards.importing import ImportProblem, import_file


class Command(BaseCommand):
    help = "Import cards from a YGOPro/EDOPro cards.cdb or a YGOPRODeck API v7 JSON file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a cards.cdb (SQLite) or a .json file")

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["file"])
        if not path.is_file():
            raise CommandError(f"{path} is not a file.")
        try:
            report = import_file(path)
        except ImportProblem as problem:
            raise CommandError(f"Nothing imported. {problem}") from None
        for line in report.lines():
            self.stdout.write(line)
