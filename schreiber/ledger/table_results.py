"""What a tournament's standings read of its tables — each player's points, Soli and games won and lost
as declarer per table, which tables have a sheet, were closed or still play — for many tournaments in a
handful of queries, so a season's standings cost no more round trips than one tournament's."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Select, and_, case, func, select
from sqlalchemy.orm import Session

from schreiber.store.models import LIVE, Entrant, HandRecord, PayoutRecord, Seat, SheetEntry, Table, TournamentTable


@dataclass
class TableResults:
    """One tournament's tables (round, table id, table number, in order) and what was scored at them."""

    numbered: list[tuple[int, int, int]] = field(default_factory=list)
    seats: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))  # table id: player ids in seat order
    points: dict[tuple[int, int], int] = field(default_factory=dict)  # (table id, player id)
    soli: dict[int, int] = field(default_factory=lambda: defaultdict(int))  # player id: Soli over the tables read
    games: dict[tuple[int, int], tuple[int, int]] = field(default_factory=dict)  # games won, lost as declarer
    scored: set[int] = field(default_factory=set)  # tables with a hand or a sheet
    sheeted: set[int] = field(default_factory=set)
    closed: set[int] = field(default_factory=set)
    live_hands: dict[int, int] = field(default_factory=dict)  # the hands played at each table not closed
    entrants: list[Entrant] = field(default_factory=list)  # by start number


def read(s: Session, tournament_ids: list[int], tables: Select[Any]) -> dict[int, TableResults]:
    """The results of the tables `tables` selects (TournamentTable rows: a tournament's rounds, or a part
    of them) and the entrants of `tournament_ids`, by tournament."""
    out = {tid: TableResults() for tid in tournament_ids}
    # The tables as a subquery, not a list of ids: PostgreSQL's driver spends more on a list of hundreds
    # of parameters than the database on the join.
    ids = tables.with_only_columns(TournamentTable.table_id)
    owner: dict[int, TableResults] = {}
    for tid, round_number, table_id, number in s.execute(
        tables.with_only_columns(
            TournamentTable.tournament_id, TournamentTable.round, TournamentTable.table_id, TournamentTable.number
        ).order_by(TournamentTable.tournament_id, TournamentTable.round, TournamentTable.number)
    ):
        owner[table_id] = out[tid]
        out[tid].numbered.append((round_number, table_id, number))
    scores(s, ids, owner)
    if tournament_ids:
        for e in s.scalars(select(Entrant).where(Entrant.tournament_id.in_(tournament_ids)).order_by(Entrant.number)):
            out[e.tournament_id].entrants.append(e)
    return out


def scores(s: Session, ids: Select[Any], owner: dict[int, TableResults]) -> None:
    """Fill in what was scored at the tables `ids` selects (a select of table ids): their seats, each player's
    points and games from the hands or the sheet, which are sheeted, closed, and the hands of those still open;
    each table's into its `owner`. A league's tables (ledger/league) are read by it as a tournament's."""
    for table_id, player_id in s.execute(
        select(Seat.table_id, Seat.player_id).where(Seat.table_id.in_(ids)).order_by(Seat.table_id, Seat.position)
    ):
        owner[table_id].seats[table_id].append(player_id)
    for table_id, player_id, points, won, lost in s.execute(
        select(
            PayoutRecord.table_id,
            PayoutRecord.player_id,
            func.sum(PayoutRecord.points),
            # Games won and lost as declarer: the rows of the player the payout names as declarer (the soloist;
            # Skat's declarer), as the cashbook counts lost games — not the sign of the points: a Ramsch loser
            # declared nothing. A Soli is such a game won.
            func.sum(case((and_(PayoutRecord.solo, PayoutRecord.won), 1), else_=0)),
            func.sum(case((and_(PayoutRecord.solo, PayoutRecord.won.is_(False)), 1), else_=0)),
        )
        .where(PayoutRecord.table_id.in_(ids))
        .group_by(PayoutRecord.table_id, PayoutRecord.player_id)
    ):
        r = owner[table_id]
        r.points[(table_id, player_id)] = int(points or 0)
        r.soli[player_id] += int(won or 0)
        r.games[(table_id, player_id)] = (int(won or 0), int(lost or 0))
        r.scored.add(table_id)
    for table_id, player_id, points, entered, won, lost in s.execute(
        select(
            SheetEntry.table_id,
            SheetEntry.player_id,
            SheetEntry.points,
            SheetEntry.soli,
            SheetEntry.won,
            SheetEntry.lost,
        ).where(SheetEntry.table_id.in_(ids))
    ):
        r = owner[table_id]
        r.points[(table_id, player_id)] = points
        r.soli[player_id] += entered
        r.games[(table_id, player_id)] = (won, lost)
        r.scored.add(table_id)
        r.sheeted.add(table_id)
    for table_id in s.scalars(select(Table.id).where(Table.id.in_(ids), Table.closed)):
        owner[table_id].closed.add(table_id)
    # A table has its hands or its sheet, never both: the hands of the tables not closed are all to count.
    open_tables = select(Table.id).where(Table.id.in_(ids), Table.closed.is_(False))
    for table_id, count in s.execute(
        select(HandRecord.table_id, func.count())
        .where(HandRecord.table_id.in_(open_tables), HandRecord.status == LIVE)
        .group_by(HandRecord.table_id)
    ):
        owner[table_id].live_hands[table_id] = count


__all__ = ["TableResults", "read", "scores"]
