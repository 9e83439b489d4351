"""An `import csv` that stopped before its last batch: kept as a LedgerState row per file while the
import runs, so the next command that opens the ledger can say how far it got, until a run finishes.

The row is written in the same transaction as each batch of tables, so it always says what the
ledger holds: "an import of FILE stopped after 125 of 300 tables".
"""

from __future__ import annotations

import hashlib
from typing import Any

from sqlalchemy import select

from schreiber.store.models import LedgerState

PREFIX = "import:"


def _key(source: str) -> str:
    return PREFIX + hashlib.sha256(source.encode("utf-8", "surrogateescape")).hexdigest()[:16]


def progress(s: Any, source: str, done: int, total: int) -> None:
    """In the batch's transaction `s`: `done` of the file's `total` tables are in the ledger; all of
    them ends the note."""
    key = _key(source)
    row = s.get(LedgerState, key)
    if done >= total:
        if row is not None:
            s.delete(row)
        return
    # The value column holds 200 characters: a long path keeps its end, the file's own name.
    value = f"{done}/{total}/" + source.encode("utf-8", "surrogateescape").decode("utf-8", "replace")[-170:]
    if row is None:
        s.add(LedgerState(key=key, value=value))
    else:
        row.value = value


def stopped(conn: Any) -> list[tuple[str, int, int]]:
    """Each import that stopped part-way: (file, tables done, tables in the file)."""
    out = []
    for (value,) in conn.execute(select(LedgerState.value).where(LedgerState.key.like(PREFIX + "%"))):
        done, total, source = value.split("/", 2)
        out.append((source, int(done), int(total)))
    return out
