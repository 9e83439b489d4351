"""Each table's report totals, kept like the statistics summaries (`stats`): per player the points,
the hands sat at and won (a thrown-in hand counts for no one, THROWN_IN), the solos, and what the
club's pot (kasse) counts: hands sat at (thrown-in ones too) and points lost.

A table's totals are summed from its cached payouts by the database and kept in `table_totals`
under the table's revision, which every command writing to the table raises: a kept row of
another revision is stale and summed again. They are derived, never trusted: `db check` holds
every kept row against its hands, `recompute` drops them. A season report reads one row per
table and sums only the tables changed since.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sqlalchemy import case, delete, func, insert, select
from sqlalchemy.exc import DBAPIError

from schreiber.rules.statistics import THROWN_IN
from schreiber.store.models import LIVE, HandRecord, PayoutRecord, Table, TableTotals

# Raised whenever what a kept row holds changes, so rows kept by an older schreiber are summed again.
TOTALS_VERSION = 1

# The columns of a player's line in a kept row.
POINTS, HANDS, WON, SOLOS, SAT, LOST = range(6)


def read(s: Any, where: list[Any], tables: list[Any]) -> tuple[dict[int, dict[str, Any]], dict[int, dict[str, Any]]]:
    """The totals of `tables` (rows with `id` and `revision`, those `where` picks): (every table's totals,
    those just summed because none was kept for the table's revision). Read in the caller's transaction,
    after the revisions: a row kept under a revision never holds hands older than it."""
    totals = kept_now(s, TableTotals, where, {t.id: t.revision for t in tables}, TOTALS_VERSION)
    stale = [t.id for t in tables if t.id not in totals]
    fresh: dict[int, dict[str, Any]] = {}
    if stale:
        only = where if len(stale) == len(tables) else [Table.id.in_(stale)]
        summed = summed_from_payouts(s, only)
        for table_id in stale:
            fresh[table_id] = totals[table_id] = summed.get(table_id) or _empty()
    return totals, fresh


def _empty() -> dict[str, Any]:
    return {"v": TOTALS_VERSION, "hands": 0, "players": {}}


def summed_from_payouts(s: Any, where: list[Any]) -> dict[int, dict[str, Any]]:
    """The totals of the tables `where` picks, summed from their cached payouts (which hold live hands
    only). Tables without hands are left out."""
    sums = select(
        PayoutRecord.table_id,
        PayoutRecord.player_id,
        func.sum(PayoutRecord.points),
        func.sum(case((PayoutRecord.sat_out, 0), else_=1)),
        func.sum(case((PayoutRecord.won, 1), else_=0)),
        func.sum(case((PayoutRecord.solo, 1), else_=0)),
        func.sum(case((PayoutRecord.points < 0, -PayoutRecord.points), else_=0)),
    ).group_by(PayoutRecord.table_id, PayoutRecord.player_id)
    # The few thrown-in hands are counted apart and taken off `hands` and `won` (joining every payout
    # to its hand for its type would double the time of the sums above).
    thrown = (
        select(
            PayoutRecord.table_id,
            PayoutRecord.player_id,
            func.count(),
            func.sum(case((PayoutRecord.won, 1), else_=0)),
        )
        .join(HandRecord, HandRecord.id == PayoutRecord.hand_id)
        .where(HandRecord.type.in_(THROWN_IN), PayoutRecord.sat_out.is_(False))
        .group_by(PayoutRecord.table_id, PayoutRecord.player_id)
    )
    count = (
        select(HandRecord.table_id, func.count())
        .where(HandRecord.status == LIVE)
        .group_by(HandRecord.table_id)
    )
    if where:
        sums = sums.join(Table, Table.id == PayoutRecord.table_id).where(*where)
        thrown = thrown.join(Table, Table.id == PayoutRecord.table_id).where(*where)
        count = count.join(Table, Table.id == HandRecord.table_id).where(*where)
    out: dict[int, dict[str, Any]] = defaultdict(_empty)
    for table_id, player_id, points, sat, won, solos, lost in s.execute(sums):
        sat = int(sat or 0)
        out[table_id]["players"][str(player_id)] = [int(points or 0), sat, int(won or 0), int(solos or 0), sat, int(lost or 0)]
    for table_id, player_id, sat_at, won in s.execute(thrown):
        line = out[table_id]["players"][str(player_id)]
        line[HANDS] -= int(sat_at)
        line[WON] -= int(won or 0)
    for table_id, hands in s.execute(count):
        out[table_id]["hands"] = int(hands)
    return dict(out)


def kept_now(s: Any, kept: Any, where: list[Any], revision: dict[int, int], version: int) -> dict[int, dict[str, Any]]:
    """The rows of `kept` (TableTotals, or the statistics' TableStats) of the tables `where` picks that were
    kept under the table's revision now (`revision`, read before) and in the shape `version`: table id -> data."""
    query = select(kept.table_id, kept.revision, kept.data)
    if where:
        query = query.join(Table, Table.id == kept.table_id).where(*where)
    return {
        table_id: data for table_id, rev, data in s.execute(query) if rev == revision.get(table_id) and data.get("v") == version
    }


def keep(ledger: Any, fresh: dict[int, tuple[int, dict[str, Any]]], kept: Any = TableTotals) -> None:
    """Store the totals just summed (or, with `kept` TableStats, the statistics summaries just made), each
    under the revision it was made from, in a short transaction of its own. Only a cache: when the ledger
    cannot be written just now (busy, read-only) the next report or `stats` makes them again. Not a
    writing transaction of the ledger (`changes()` stays): nothing happened."""
    ids = list(fresh)
    try:
        with ledger.engine.begin() as conn:
            for chunk in range(0, len(ids), 500):
                part = ids[chunk:chunk + 500]
                conn.execute(delete(kept).where(kept.table_id.in_(part)))
                conn.execute(insert(kept), [{"table_id": i, "revision": fresh[i][0], "data": fresh[i][1]} for i in part])
    except DBAPIError:
        pass


def differs(s: Any, table: Table) -> bool:
    """Whether the totals kept for the table's current revision differ from what its hands give now
    (none kept, or stale: nothing to differ; the next report sums them again)."""
    kept = s.scalar(select(TableTotals.data).where(TableTotals.table_id == table.id, TableTotals.revision == table.revision))
    if kept is None or kept.get("v") != TOTALS_VERSION:
        return False
    return kept != (summed_from_payouts(s, [Table.id == table.id]).get(table.id) or _empty())
