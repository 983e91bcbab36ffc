"""How long the real card data takes: seeding the shipped facts, importing every real card with
its text, re-importing it, and re-importing a few cards.

    .venv/bin/python benchmarks/import_real.py [--data PATH]

The data is read at run time (`--data`, `DUEL_ARBITER_CARD_DATA`, or `../shared/data/cards.jsonl.gz`
beside the project); nothing of it is copied. Everything runs against a fresh SQLite database in a
temporary directory; the project's db.sqlite3 is untouched. Wall time and CPU time are both given
(a shared machine stretches the first). Aims: the whole import under 60 s; a few cards in well
under a second whatever the table's size. A benchmark, not a test: it never fails.
"""

from __future__ import annotations

import argparse
import gzip
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

FEW = ["Ash Blossom & Joyous Spring", "Gagaga Magician", "Decode Talker", "Pot of Desires"]


def timed(label: str, action: Callable[[], Any]) -> Any:
    wall, cpu = time.perf_counter(), time.process_time()
    result = action()
    print(f"{label}: {time.perf_counter() - wall:.2f} s ({time.process_time() - cpu:.2f} s CPU)")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    default = os.environ.get("DUEL_ARBITER_CARD_DATA") or ROOT.parent / "shared" / "data" / "cards.jsonl.gz"
    parser.add_argument("--data", default=str(default))
    args = parser.parse_args()
    data = Path(args.data)
    if not data.is_file():
        sys.exit(f"no real card data at {data}: pass --data PATH")

    workdir = Path(tempfile.mkdtemp(prefix="import-real-"))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulings.settings")
    os.environ.setdefault("DJANGO_SECRET_KEY", "benchmark-only-" + "x" * 50)  # DEBUG off: a key is needed
    from django.conf import settings

    settings.DATABASES["default"]["NAME"] = workdir / "bench.sqlite3"
    import django

    django.setup()
    from django.core.management import call_command

    from rulings.cards.facts import FACTS_FILE, seed_facts
    from rulings.cards.importing import import_jsonl
    from rulings.cards.models import Card

    call_command("migrate", verbosity=0)
    call_command("seed", no_facts=True, verbosity=0)
    print(f"facts file: {FACTS_FILE.stat().st_size:,} bytes")
    report = timed("seed the facts (first time)", seed_facts)
    print("  " + report.line())
    report = timed("seed the facts again (idempotent)", seed_facts)
    print("  " + report.line())

    report = timed(
        f"import every real card with its text ({data.name}; aim < 60 s)", lambda: import_jsonl(data)
    )
    for line in report.lines():
        print("  " + line)
    report = timed("re-import of the same file", lambda: import_jsonl(data))
    print(f"  {report.imported} imported, {report.updated} updated, {report.unchanged:,} unchanged")

    few = workdir / "few.jsonl"
    with gzip.open(data, "rt", encoding="utf-8") as fh:
        few.write_text("".join(line for line in fh if any(f'"name": "{n}"' in line or f'"name":"{n}"' in line
                                                          for n in FEW)), encoding="utf-8")  # fmt: skip
    report = timed(
        f"re-import of {len(FEW)} cards into a table of {Card.objects.count():,}", lambda: import_jsonl(few)
    )
    print(f"  {report.imported} imported, {report.updated} updated, {report.unchanged} unchanged")


if __name__ == "__main__":
    main()
