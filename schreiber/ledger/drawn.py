"""A drawn table: the ordinary session a tournament's round or a league's Serie seats its players at, and taking
such tables back. One place for both, so that a drawn table is the same session wherever it was drawn."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from sqlalchemy import delete
from sqlalchemy.orm import Session

from schreiber.rules import registry
from schreiber.store.models import Seat, StatsBlock, Table


def seat_table(
    s: Session, name: str, rules_name: str, settings: dict[str, Any], date: dt.date, players: Sequence[int]
) -> Table:
    """A new open session of `rules_name` named `name`, seated with `players` (ids) in order, seat 1 dealing first."""
    table = Table(
        name=name,
        rules=rules_name,
        settings=settings,
        tariff=getattr(registry.get(rules_name), "default_tariff", None),
        date=date,
        first_dealer=0,
        teams=None,
        closed=False,
    )
    s.add(table)
    s.flush()
    for position, player_id in enumerate(players):
        s.add(Seat(table_id=table.id, position=position, player_id=player_id))
    return table


def remove_tables(s: Session, table_ids: Sequence[int]) -> None:
    """Take drawn tables back, with their seats (the caller drops its own rows that name them first)."""
    s.execute(delete(Seat).where(Seat.table_id.in_(list(table_ids))))
    s.execute(delete(Table).where(Table.id.in_(list(table_ids))))
    # A new table may be given a removed one's id (SQLite reuses the highest): no kept block of
    # statistics may name it as the table it was.
    s.execute(delete(StatsBlock))
    s.flush()
