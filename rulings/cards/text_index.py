"""Search by effect text: the database's own full-text search, SQLite FTS5 or PostgreSQL's.

Names are matched in memory (`search.CardIndex`); a card's text is too long to hold in every
process, so its words are indexed by the database. SQLite keeps an FTS5 table over the card
table's `text` and `pendulum_text` (external content: the words only, no copy of the text), kept
in step by triggers; PostgreSQL a GIN index on the same texts' `tsvector`, which it keeps itself.
Both stem English words ("destroys" finds "destroyed"). Another database has no text search:
`matching_ids` says so and search tells the judge.
"""

from __future__ import annotations

import re

from django.db import connection as default_connection
from django.db.backends.base.base import BaseDatabaseWrapper

from rulings.cards.models import Card

TABLE = Card._meta.db_table
FTS = "card_text_fts"
WORD = re.compile(r"\w+")
PG_VECTOR = "to_tsvector('english', coalesce(text, '') || ' ' || coalesce(pendulum_text, ''))"

# Each trigger keeps the FTS table in step with one kind of change of a card's texts.
SQLITE_TRIGGERS = {
    f"{FTS}_insert": f"AFTER INSERT ON {TABLE} BEGIN "
    f"INSERT INTO {FTS}(rowid, text, pendulum_text) VALUES (new.id, new.text, new.pendulum_text); END",
    f"{FTS}_delete": f"AFTER DELETE ON {TABLE} BEGIN "
    f"INSERT INTO {FTS}({FTS}, rowid, text, pendulum_text) "
    f"VALUES ('delete', old.id, old.text, old.pendulum_text); END",
    f"{FTS}_update": f"AFTER UPDATE OF text, pendulum_text ON {TABLE} BEGIN "
    f"INSERT INTO {FTS}({FTS}, rowid, text, pendulum_text) "
    f"VALUES ('delete', old.id, old.text, old.pendulum_text); "
    f"INSERT INTO {FTS}(rowid, text, pendulum_text) VALUES (new.id, new.text, new.pendulum_text); END",
}


class TextSearchUnavailable(Exception):
    """This database has no full-text search the library knows."""


def install(connection: BaseDatabaseWrapper) -> None:
    """Create the text index (idempotent) and fill it from the cards there are."""
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute(
                f"CREATE VIRTUAL TABLE IF NOT EXISTS {FTS} USING fts5(text, pendulum_text, "
                f"content='{TABLE}', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2')"
            )
            for name, body in SQLITE_TRIGGERS.items():
                cursor.execute(f"CREATE TRIGGER IF NOT EXISTS {name} {body}")
            cursor.execute(f"INSERT INTO {FTS}({FTS}) VALUES ('rebuild')")
        elif connection.vendor == "postgresql":
            cursor.execute(f"CREATE INDEX IF NOT EXISTS card_text_search ON {TABLE} USING GIN ({PG_VECTOR})")


def remove(connection: BaseDatabaseWrapper) -> None:
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            for name in SQLITE_TRIGGERS:
                cursor.execute(f"DROP TRIGGER IF EXISTS {name}")
            cursor.execute(f"DROP TABLE IF EXISTS {FTS}")
        elif connection.vendor == "postgresql":
            cursor.execute("DROP INDEX IF EXISTS card_text_search")


def repair(connection: BaseDatabaseWrapper = default_connection) -> bool:
    """Put the triggers back if a migration dropped them, and rebuild the index; True if it had to.

    On SQLite, Django alters a table by copying it into a new one and dropping the old one, which
    drops its triggers: a later migration of the card table would silently stop the index from
    following the texts. Run after every `migrate` (`CardsConfig.ready` connects it to post_migrate).
    """
    if connection.vendor != "sqlite":
        return False
    with connection.cursor() as cursor:
        cursor.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE %s", [f"{FTS}_%"])
        present = {name for (name,) in cursor.fetchall()}
        cursor.execute("SELECT 1 FROM sqlite_master WHERE name = %s", [FTS])
        has_table = cursor.fetchone() is not None
    if not has_table or present >= set(SQLITE_TRIGGERS):
        return False  # before the migration that creates it, or whole
    install(connection)
    return True


def available(connection: BaseDatabaseWrapper = default_connection) -> bool:
    return connection.vendor in ("sqlite", "postgresql")


def matching_ids(words: str, connection: BaseDatabaseWrapper = default_connection) -> set[int]:
    """Ids of the cards whose text has every word of `words` (stemmed). Unranked: a judge looks
    for the cards that say something, listed by name (or by closeness to a name also typed)."""
    terms = WORD.findall(words.casefold())
    if not terms:
        return set()
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            query = " ".join(f'"{term}"' for term in terms)  # quoted: FTS5's operators stay words
            cursor.execute(f"SELECT rowid FROM {FTS} WHERE {FTS} MATCH %s", [query])
        elif connection.vendor == "postgresql":
            cursor.execute(
                f"SELECT id FROM {TABLE} WHERE {PG_VECTOR} @@ plainto_tsquery('english', %s)",
                [" ".join(terms)],
            )
        else:
            raise TextSearchUnavailable(
                f"text search needs SQLite or PostgreSQL; this is {connection.vendor}"
            )
        return {pk for (pk,) in cursor.fetchall()}
