"""`manage.py load_card_facts FILE`: every artwork's passcode, the Forbidden & Limited status and
the pages on other sites, from the real card data (`cards.jsonl.gz`), onto the library's cards."""

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from rulings.cards.card_facts import FactsProblem, load_facts, read_records


class Command(BaseCommand):
    help = "Load passcodes, Forbidden & Limited statuses and external ids from a card data .jsonl(.gz)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a .jsonl or .jsonl.gz file, one card a line")

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["file"])
        if not path.is_file():
            raise CommandError(f"{path} is not a file.")
        try:
            report = load_facts(read_records(path))
        except FactsProblem as problem:
            raise CommandError(f"Nothing loaded. {path.name}, {problem}") from None
        for line in report.lines():
            self.stdout.write(line)
