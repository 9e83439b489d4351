"""Which tables a report, a statistic, a chart or an export covers, and the reading of them."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import select

from schreiber.store.models import Table

if TYPE_CHECKING:
    from schreiber.ledger.service import Ledger


@dataclass(frozen=True)
class Scope:
    """Which tables a report covers: the active one, one by id, all, or those in a date range."""

    table_id: int | None = None
    all_tables: bool = False
    since: dt.date | None = None
    until: dt.date | None = None
    # Only the tables of this rule set (stats and chart --rules; report groups by it).
    rules: str | None = None

    @property
    def many(self) -> bool:
        return self.all_tables or self.since is not None or self.until is not None


def where(ledger: Ledger, s: Any, scope: Scope) -> list[Any]:
    """The conditions on Table that pick the tables of the scope (none for --all)."""
    if not scope.many:
        where = [Table.id == ledger.table_row(s, scope.table_id).id]
        if scope.rules is not None:
            where.append(Table.rules == scope.rules)
        return where
    where = [] if scope.rules is None else [Table.rules == scope.rules]
    if scope.since is not None:
        where.append(Table.date >= scope.since)
    if scope.until is not None:
        where.append(Table.date <= scope.until)
    return where


def tables(ledger: Ledger, s: Any, scope: Scope) -> list[Table]:
    return list(s.scalars(select(Table).where(*where(ledger, s, scope)).order_by(Table.id)))


@contextmanager
def reading(ledger: Ledger, session: Any = None) -> Iterator[Any]:
    """The caller's open transaction, or a new one."""
    if session is not None:
        yield session
        return
    with ledger.transaction() as s:
        yield s
