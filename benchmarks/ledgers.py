"""Where the benchmarks keep their ledgers and files: a fresh SQLite file or PostgreSQL schema per
run, or (with --keep) one built once under /tmp/schreiber-bench and reused by later runs.

A ledger of 1,000,000 hands takes minutes to build; `report_all.py` and `stats.py` build it once
and find it again (a SQLite file, or a schema `bench_<size>` on the PostgreSQL server --db names).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from sqlalchemy import create_engine, text

# Kept ledgers and generated files live here (SCHREIBER_BENCH_DIR overrides it).
BENCH = Path(os.environ.get("SCHREIBER_BENCH_DIR", "/tmp/schreiber-bench"))


def size(hands: int) -> str:
    """100000 -> "100k", 1000000 -> "1m": names of kept ledgers and files."""
    if hands % 1_000_000 == 0:
        return f"{hands // 1_000_000}m"
    if hands % 1_000 == 0:
        return f"{hands // 1_000}k"
    return str(hands)


def is_postgres(url: str | None) -> bool:
    return bool(url) and url.startswith("postgresql")  # type: ignore[union-attr]


def schema_url(server: str, schema: str) -> str:
    """The URL of `schema` on the server `server` names (any schema the URL named is replaced)."""
    base = re.sub(r"[?&]options=[^&]*", "", server)
    return base + ("&" if "?" in base else "?") + f"options=-csearch_path%3D{schema}"


def make_schema(server: str, schema: str, fresh: bool) -> str:
    """Make the schema on the server (dropped first when `fresh`); returns its URL."""
    admin = create_engine(re.sub(r"[?&]options=[^&]*", "", server), isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            if fresh:
                conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
            conn.execute(text(f'CREATE SCHEMA IF NOT EXISTS "{schema}"'))
    finally:
        admin.dispose()
    return schema_url(server, schema)


def drop_schema(server: str, schema: str) -> None:
    admin = create_engine(re.sub(r"[?&]options=[^&]*", "", server), isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
    finally:
        admin.dispose()


def live_hands(url: str) -> int:
    """How many live hands the ledger at `url` holds (0 when it is not a ledger yet)."""
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return int(conn.execute(text("SELECT count(*) FROM hand WHERE status = 'live'")).scalar() or 0)
    except Exception:  # no ledger there yet
        return 0
    finally:
        engine.dispose()
