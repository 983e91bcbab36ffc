"""How long a judge waits for a full card database: import a synthetic 13,000-card cards.cdb,
then search it.

    .venv/bin/python benchmarks/import_speed.py [--cards 13000] [--queries 200]

The cards are generated here (names from word lists, texts from templates in the official
card-text grammar, realistic type flags), so no real card database is needed. Everything runs
against a fresh SQLite database in a temporary directory; the project's db.sqlite3 is untouched.
Reports the import time (aim: under 60 s), a re-import of the same file, and the time per card
search through `GET /api/cards` (aim: under 50 ms). A benchmark, not a test: it never fails.
"""

from __future__ import annotations

import argparse
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# YGOPro flags (see rulings/cards/importing.py)
MONSTER, SPELL, TRAP = 0x1, 0x2, 0x4
NORMAL, EFFECT, FUSION, RITUAL, TUNER, SYNCHRO = 0x10, 0x20, 0x40, 0x80, 0x1000, 0x2000
QUICKPLAY, CONTINUOUS, EQUIP, FIELD, COUNTER, FLIP = 0x10000, 0x20000, 0x40000, 0x80000, 0x100000, 0x200000
XYZ, PENDULUM, LINK = 0x800000, 0x1000000, 0x4000000


def words(text: str, sep: str | None = None) -> list[str]:
    return text.split(sep)


ADJECTIVES = words(
    "Ashen Brass Crimson Dusk Ember Frost Gilded Hollow Iron Jade Keen Lunar Mist Night Onyx Pale Quiet "
    "Rune Storm Thorn Umbral Vast Wild Azure Bright Cinder Dread Echo Feral Grave Hex Ivory Jet Karst"
)
NOUNS = words(
    "Warden Oracle Drake Sentinel Golem Wisp Knight Serpent Archer Sage Beast Titan Witch Hound Raven "
    "Colossus Monk Specter Lancer Wyvern Gryphon Shaman Reaper Herald Phantom Bishop Rogue Mantis Hydra"
)
TITLES = words("of the Vale|the Untold|Prime|Mk-II|of Ash|Reborn|the Lost|Ascendant|of Tides|Zero", "|")
SPELL_NOUNS = words("Rite Storm Pact Gambit Veil Surge Ward Edict Rain Seal Draught Lance Sigil Omen")
ACCENTED = ["Escuridão", "Señor", "Fête", "Ñandú", "Ångström", "Øre", "Müller", "Café"]

CONDITIONS = [
    "If this card is Normal Summoned",
    "If this card is Special Summoned",
    "When this card is destroyed by battle and sent to the GY",
    "If this card is sent from the field to the GY",
    "When an opponent's monster declares an attack",
    "During your Main Phase",
    "If this card is in your GY",
]
ACTIONS = [
    "draw 1 card",
    "add 1 Level 4 or lower monster from your Deck to your hand",
    "destroy it",
    "Special Summon it",
    "inflict 500 damage to your opponent",
    "gain 1000 LP",
    "banish it",
    "return it to the hand",
    "change its battle position",
    "it gains 500 ATK until the end of this turn",
]
COSTS = [
    "discard 1 card",
    "pay 1000 LP",
    "Tribute 1 monster",
    "banish this card from your GY",
    "discard this card",
]
TARGETS = ["target 1 monster on the field", "target 1 Spell/Trap on the field", "target 1 card in your GY"]
OPT = ['You can only use this effect of "{name}" once per turn.', "", "", ""]


def effect_text(rng: random.Random, name: str, quick: bool = False) -> str:
    """One monster effect in the official grammar: condition: cost; target; resolution."""
    head = rng.choice(CONDITIONS) if rng.random() < 0.6 else ""
    parts = []
    if rng.random() < 0.4:
        parts.append(rng.choice(COSTS))
    if rng.random() < 0.4:
        parts.append(rng.choice(TARGETS))
    action = rng.choice(ACTIONS)
    body = "You can " + "; ".join([*parts, action]) if parts else f"You can {action}"
    body = body[0].upper() + body[1:] + "."
    if quick:
        head = "(Quick Effect): " if not head else f"(Quick Effect): {head}"
    text = f"{head}: {body}" if head and not head.endswith(": ") else f"{head}{body}"
    opt = rng.choice(OPT).format(name=name)
    return f"{text} {opt}".strip()


def spell_text(rng: random.Random) -> str:
    parts = []
    if rng.random() < 0.3:
        parts.append(rng.choice(COSTS).capitalize())
    if rng.random() < 0.5:
        parts.append(rng.choice(TARGETS).capitalize())
    action = rng.choice(ACTIONS)
    return ("; ".join([*parts, action]) if parts else action.capitalize()) + "."


def generate(count: int, seed: int = 7) -> list[tuple[int, int, int, int, int, int, int, int, str, str]]:
    """`count` distinct cards: (id, alias, type, atk, def, level, race, attribute, name, desc)."""
    rng = random.Random(seed)
    names: set[str] = set()
    rows = []
    passcode = 10_000_000
    while len(rows) < count:
        passcode += rng.randint(1, 40)
        roll = rng.random()
        if roll < 0.62:
            name = f"{rng.choice(ADJECTIVES)} {rng.choice(NOUNS)}"
            if rng.random() < 0.6:
                name += f" {rng.choice(TITLES)}"
            if rng.random() < 0.02:
                name = f"{rng.choice(ACCENTED)} {name}"
        else:
            name = f"{rng.choice(ADJECTIVES)} {rng.choice(SPELL_NOUNS)} {rng.choice(TITLES)}"
        if name in names:
            name = f"{name} {len(rows)}"
        names.add(name)
        race, attribute = 1 << rng.randrange(25), 1 << rng.randrange(6)
        atk, def_ = rng.randrange(0, 31) * 100, rng.randrange(0, 31) * 100
        level = rng.randint(1, 12)
        if rng.random() < 0.01:
            atk = -2  # "?"
        if roll < 0.08:
            type_, desc = MONSTER | NORMAL, "A creature of legend, seldom seen and never tamed."
        elif roll < 0.40:
            type_ = (
                MONSTER | EFFECT | (TUNER if rng.random() < 0.1 else 0) | (FLIP if rng.random() < 0.05 else 0)
            )
            effects = [effect_text(rng, name, quick=rng.random() < 0.15) for _ in range(rng.randint(1, 3))]
            if type_ & FLIP:
                effects[0] = "FLIP: " + rng.choice(ACTIONS).capitalize() + "."
            if rng.random() < 0.08:
                effects.insert(
                    0, "Cannot be Normal Summoned/Set. Must be Special Summoned by its own effect."
                )
            desc = "\n".join(effects)
        elif roll < 0.46:
            type_, level = MONSTER | EFFECT | XYZ, rng.randint(1, 12)
            desc = f"2 Level {level} monsters\n" + effect_text(rng, name)
            desc = desc.replace("You can ", "You can detach 1 material from this card; ", 1)
        elif roll < 0.50:
            type_ = MONSTER | EFFECT | SYNCHRO
            desc = "1 Tuner + 1+ non-Tuner monsters\n" + effect_text(rng, name)
        elif roll < 0.54:
            type_ = MONSTER | EFFECT | FUSION
            desc = "2 monsters with different Attributes\n" + effect_text(rng, name)
        elif roll < 0.58:
            type_, level = MONSTER | EFFECT | LINK, rng.randint(1, 5)
            def_ = sum(rng.sample([0x1, 0x2, 0x4, 0x8, 0x20, 0x40, 0x80, 0x100], level))
            desc = f"{level} Effect Monsters\n" + effect_text(rng, name)
        elif roll < 0.61:
            type_ = MONSTER | EFFECT | PENDULUM
            left = rng.randint(0, 12)
            level = (left << 24) | (left << 16) | rng.randint(1, 10)
            desc = (
                "[ Pendulum Effect ]\n"
                + effect_text(rng, name)
                + "\n----------------------------------------\n"
                "[ Monster Effect ]\n" + effect_text(rng, name)
            )
        elif roll < 0.62:
            type_ = MONSTER | EFFECT | RITUAL
            desc = 'You can Ritual Summon this card with "Ritual Rite".\n' + effect_text(rng, name)
        elif roll < 0.82:
            kind = rng.choice([0, 0, QUICKPLAY, CONTINUOUS, EQUIP, FIELD, RITUAL])
            type_, atk, def_, level, race, attribute = SPELL | kind, 0, 0, 0, 0, 0
            desc = spell_text(rng)
        else:
            kind = rng.choice([0, 0, CONTINUOUS, COUNTER])
            type_, atk, def_, level, race, attribute = TRAP | kind, 0, 0, 0, 0, 0
            desc = ("When your opponent activates a Spell Card: " if kind == COUNTER else "") + spell_text(
                rng
            )
        rows.append((passcode, 0, type_, atk, def_, level, race, attribute, name, desc))
    # about 3% alternative artworks (alias rows with the same name)
    for base in rng.sample(rows, count // 33):
        rows.append((base[0] + 1_000_000_000, base[0], *base[2:]))
    return rows


def write_cdb(path: Path, rows: list[tuple]) -> None:
    connection = sqlite3.connect(path)
    connection.execute(
        "CREATE TABLE datas (id INTEGER PRIMARY KEY, ot INTEGER, alias INTEGER, setcode INTEGER, "
        "type INTEGER, atk INTEGER, def INTEGER, level INTEGER, race INTEGER, attribute INTEGER, "
        "category INTEGER)"
    )
    strs = ", ".join(f"str{i} TEXT" for i in range(1, 17))
    connection.execute(f"CREATE TABLE texts (id INTEGER PRIMARY KEY, name TEXT, desc TEXT, {strs})")
    connection.executemany(
        "INSERT INTO datas VALUES (?, 3, ?, 0, ?, ?, ?, ?, ?, ?, 0)", [r[:8] for r in rows]
    )
    connection.executemany(
        "INSERT INTO texts (id, name, desc) VALUES (?, ?, ?)", [(r[0], r[8], r[9]) for r in rows]
    )
    connection.commit()
    connection.close()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--cards", type=int, default=13_000)
    parser.add_argument("--queries", type=int, default=200)
    args = parser.parse_args()

    workdir = Path(tempfile.mkdtemp(prefix="import-speed-"))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulings.settings")
    os.environ.setdefault("DJANGO_SECRET_KEY", "benchmark-only-" + "x" * 50)  # DEBUG off: a key is needed
    from django.conf import settings

    settings.DATABASES["default"]["NAME"] = workdir / "bench.sqlite3"
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    from rulings.cards.importing import import_cdb
    from rulings.cards.models import Card

    call_command("migrate", verbosity=0)
    call_command("seed", verbosity=0)

    rows = generate(args.cards)
    cdb = workdir / "cards.cdb"
    start = time.perf_counter()
    write_cdb(cdb, rows)
    print(f"generated {args.cards:,} cards (+{len(rows) - args.cards} alternative artworks) in "
          f"{time.perf_counter() - start:.1f} s")  # fmt: skip

    start = time.perf_counter()
    report = import_cdb(cdb)
    first = time.perf_counter() - start
    print(f"import: {first:.1f} s ({args.cards / first:,.0f} cards/s; aim < 60 s)")
    for line in report.lines():
        print("  " + line)
    start = time.perf_counter()
    report = import_cdb(cdb)
    print(f"re-import of the same file: {time.perf_counter() - start:.1f} s ({report.unchanged:,} unchanged)")

    rng = random.Random(3)
    queries = [{"q": rng.choice(ADJECTIVES).lower()[:3]} for _ in range(args.queries // 4)]
    queries += [{"q": rng.choice(NOUNS)} for _ in range(args.queries // 4)]
    queries += [{"q": "escuridao"}, {"q": "CAFÉ"}, {"q": "zzz-no-such-card"}] * (args.queries // 12)
    queries += [
        {"type": "xyz", "attribute": "DARK"},
        {"level": "4", "origin": "read"},
        {"type": "quick-play"},
    ] * (args.queries // 12)
    client = Client(HTTP_HOST="localhost")
    client.get("/api/cards", {"q": "warm"})  # the first request loads URLs and serializers
    total = Card.objects.count()
    times = []
    for params in queries:
        start = time.perf_counter()
        response = client.get("/api/cards", params)
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, response.content[:300]
    times.sort()
    p95 = times[int(len(times) * 0.95) - 1]
    print(
        f"GET /api/cards over {total:,} cards: {len(times)} queries, "
        f"median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, worst {times[-1]:.1f} ms (aim < 50 ms)"
    )


if __name__ == "__main__":
    main()
