"""Which tables a report, a statistic, a chart or an export covers, and the reading of them."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import select

from schreiber.store.models import Runde

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
    """The conditions on Runde that pick the tables of the scope (none for --all)."""
    if not scope.many:
        where = [Runde.id == ledger.runde(s, scope.table_id).id]
        if scope.rules is not None:
            where.append(Runde.rules == scope.rules)
        return where
    where = [] if scope.rules is None else [Runde.rules == scope.rules]
    if scope.since is not None:
        where.append(Runde.date >= scope.since)
    if scope.until is not None:
        where.append(Runde.date <= scope.until)
    return where


def tables(ledger: Ledger, s: Any, scope: Scope) -> list[Runde]:
    return list(s.scalars(select(Runde).where(*where(ledger, s, scope)).order_by(Runde.id)))


@contextmanager
def reading(ledger: Ledger, session: Any = None) -> Iterator[Any]:
    """The caller's open transaction, or a new one."""
    if session is not None:
        yield session
        return
    with ledger.transaction() as s:
        yield s
