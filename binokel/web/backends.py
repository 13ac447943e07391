"""Opening the web store by address: SQLite (a file) or PostgreSQL (a ``postgresql://`` URL).

>>> type(open_store(":memory:")).__name__
'Store'
"""

from __future__ import annotations

from pathlib import Path

from .store import Store, TableStore, redact

__all__ = ["is_postgres", "open_store", "redact"]

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres(where: str | Path) -> bool:
    return str(where).startswith(POSTGRES_SCHEMES)


def open_store(where: str | Path) -> TableStore:
    """The store at ``where``: a ``postgresql://`` (or ``postgres://``) address (psycopg
    needed), or else an SQLite file."""
    if is_postgres(where):
        from .store_pg import PostgresStore

        return PostgresStore(str(where))
    return Store(where)
