"""Each table's report totals, kept like the statistics summaries (`stats`): per player the points,
the hands sat at and won (a thrown-in hand counts for no one, THROWN_IN), the solos, the table's money
for him, what he owes the club's pot (kasse) and the rule set's own columns (PlayerExtras).

A table's totals are made from its cached payouts (folded only where the rule set counts columns of its
own) and kept as a `table_totals` row under the table's revision, which every command writing to the
table raises, with a `player_totals` row per player: a kept row of another revision is stale and made
again. A season report lets the database sum the kept rows and makes only the tables changed since.
They are derived, never trusted: `db check` holds every kept row against its hands, `recompute`
drops them.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sqlalchemy import case, delete, func, insert, or_, select
from sqlalchemy.exc import DBAPIError

from schreiber.scoring.settlement import cents_for
from schreiber.rules import registry
from schreiber.rules.statistics import THROWN_IN
from schreiber.rules.table import PlayerExtras, Ranked
from schreiber.scoring.wertung import PUNKTE, Wertung, get
from schreiber.store.models import (
    JOIN,
    LIVE,
    HandRecord,
    PayoutRecord,
    Player,
    PlayerTotals,
    Seat,
    Table,
    TableEvent,
    TableTotals,
)

if TYPE_CHECKING:
    from schreiber.ledger.service import Ledger
    from schreiber.ledger.tables.results import TableView

# Raised whenever what a kept row holds changes, so rows kept by an older schreiber are made again.
TOTALS_VERSION = 2

# More tables changed than this since their totals were kept: the scope is made from its payouts whole
# (as the first report after an upgrade does) rather than naming each changed table in the sum.
MANY_CHANGED = 500


@dataclass
class Line:
    """One player's totals at one table, or summed over a scope."""

    points: int = 0
    hands: int = 0
    won: int = 0
    solos: int = 0
    cents: int | None = None
    kasse: int | None = None
    extras: dict[str, Any] | None = None

    def add(self, other: Line) -> None:
        """Sum `other` in (money and the pot only where either has some; extras are merged apart)."""
        self.points += other.points
        self.hands += other.hands
        self.won += other.won
        self.solos += other.solos
        if other.cents is not None:
            self.cents = (self.cents or 0) + other.cents
        if other.kasse is not None:
            self.kasse = (self.kasse or 0) + other.kasse


@dataclass
class Totals:
    """One table's totals (or a scope's): its live hands, a line per player id, and their names."""

    hands: int = 0
    players: dict[int, Line] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)
    # Per table id, per player id: the rule set's own columns and the money, in the order of the tables.
    extras: list[tuple[int, int, dict[str, Any]]] = field(default_factory=list)
    table_cents: dict[int, dict[int, int]] = field(default_factory=dict)


def of_scope(
    ledger: Ledger, s: Any, where: list[Any], views: dict[int, TableView], per_table: bool
) -> tuple[Totals, dict[int, tuple[int, Totals]]]:
    """The totals of the tables `where` picks, summed: (the scope's totals, those of the tables made just now
    because none were kept for their revision, as table id -> (revision, totals), to be kept). `per_table`:
    also each table's money per player (`table_cents`)."""
    changed = _stale(s, where)
    every = False
    if len(changed) > MANY_CHANGED:
        every = True
        changed = s.execute(_table_rows().where(*where)).all()
    fresh = made(ledger, s, changed, views, where if every else None)
    scope = Totals()
    if not every:
        _kept_sum(s, where, [t.id for t in changed], scope, per_table)
    for table_id in sorted(fresh):
        _added(scope, table_id, fresh[table_id], per_table)
    scope.extras.sort(key=lambda e: e[0])
    revision = {t.id: t.revision for t in changed}
    return scope, {table_id: (revision[table_id], totals) for table_id, totals in fresh.items()}


def points_by_table(s: Any, where: list[Any]) -> dict[int, dict[int, int]]:
    """Each table's points per player id (tables and players in the order of their ids), for the running
    totals of a season's chart: read from the kept totals where they are current, summed from the payouts
    of the tables changed since. Tables without a live hand are left out, as their payouts are."""
    stale = [t.id for t in _stale(s, where)]

    def summed(picks: list[Any]) -> list[Any]:
        sums = select(PayoutRecord.table_id, PayoutRecord.player_id, func.sum(PayoutRecord.points)).group_by(
            PayoutRecord.table_id, PayoutRecord.player_id
        )
        return s.execute(_picked(sums, PayoutRecord.table_id, picks)).all()

    if len(stale) > MANY_CHANGED:
        rows = summed(where)
    else:
        kept = (
            select(PlayerTotals.table_id, PlayerTotals.player_id, PlayerTotals.points)
            .join(TableTotals, TableTotals.table_id == PlayerTotals.table_id)
            .where(TableTotals.hands > 0)
        )
        rows = s.execute(_picked(kept, PlayerTotals.table_id, where, stale)).all()
        if stale:
            rows += summed([Table.id.in_(stale)])
    points: dict[int, dict[int, int]] = defaultdict(dict)
    for table_id, player_id, sum_ in sorted(rows, key=lambda row: (row[0], row[1])):
        points[table_id][player_id] = int(sum_ or 0)
    return points


def _picked(query: Any, table_id: Any, where: list[Any], leave_out: list[int] | None = None) -> Any:
    """`query` (whose rows name their table by `table_id`) narrowed to the tables `where` picks, but those left out."""
    picks = [*where, Table.id.not_in(leave_out)] if leave_out else where
    return query.join(Table, Table.id == table_id).where(*picks) if picks else query


def _table_rows() -> Any:
    return select(Table.id, Table.rules, Table.tariff, Table.settings, Table.revision)


def _stale(s: Any, where: list[Any]) -> list[Any]:
    """The tables `where` picks whose totals are not kept for their revision now (or by another version)."""
    return s.execute(
        _table_rows()
        .outerjoin(TableTotals, TableTotals.table_id == Table.id)
        .where(
            *where,
            or_(
                TableTotals.table_id.is_(None),
                TableTotals.revision != Table.revision,
                TableTotals.version != TOTALS_VERSION,
            ),
        )
        .order_by(Table.id)
    ).all()


def _kept_sum(s: Any, where: list[Any], leave_out: list[int], into: Totals, per_table: bool) -> None:
    """The kept totals of the tables `where` picks but those left out, summed by the database."""

    def picked(query: Any, table_id: Any) -> Any:
        return _picked(query, table_id, where, leave_out)

    sums = picked(
        select(
            PlayerTotals.player_id,
            Player.name,
            func.sum(PlayerTotals.points),
            func.sum(PlayerTotals.hands),
            func.sum(PlayerTotals.won),
            func.sum(PlayerTotals.solos),
            func.sum(PlayerTotals.cents),
            func.sum(PlayerTotals.kasse),
        ).join(Player, Player.id == PlayerTotals.player_id),
        PlayerTotals.table_id,
    ).group_by(PlayerTotals.player_id, Player.name)
    for pid, name, points, hands, won, solos, cents, kasse in s.execute(sums):
        into.names[pid] = name
        into.players[pid] = Line(
            int(points),
            int(hands),
            int(won),
            int(solos),
            None if cents is None else int(cents),
            None if kasse is None else int(kasse),
        )
    into.hands += int(s.scalar(picked(select(func.sum(TableTotals.hands)), TableTotals.table_id)) or 0)
    extras = picked(
        select(PlayerTotals.table_id, PlayerTotals.player_id, PlayerTotals.extras).where(
            PlayerTotals.extras.is_not(None)
        ),
        PlayerTotals.table_id,
    )
    into.extras += [(table_id, pid, data) for table_id, pid, data in s.execute(extras)]
    if per_table:
        cents = picked(
            select(PlayerTotals.table_id, PlayerTotals.player_id, PlayerTotals.cents).where(
                PlayerTotals.cents.is_not(None)
            ),
            PlayerTotals.table_id,
        )
        for table_id, pid, c in s.execute(cents):
            into.table_cents.setdefault(table_id, {})[pid] = int(c)


def _added(into: Totals, table_id: int, table: Totals, per_table: bool) -> None:
    """One table's totals summed into a scope's."""
    into.hands += table.hands
    into.names.update(table.names)
    for pid, line in table.players.items():
        mine = into.players.get(pid)
        if mine is None:
            mine = into.players[pid] = Line()
        mine.add(line)
        if line.extras is not None:
            into.extras.append((table_id, pid, line.extras))
        if per_table and line.cents is not None:
            into.table_cents.setdefault(table_id, {})[pid] = line.cents


def made(
    ledger: Ledger, s: Any, tables: list[Any], views: dict[int, TableView], where: list[Any] | None = None
) -> dict[int, Totals]:
    """The totals of `tables` (rows of id, rules, tariff, settings), made from their cached payouts; a table
    whose rule set counts columns of its own is folded (or taken from `views`). `where`: the tables were
    all those it picks (else they are named one by one)."""
    if not tables:
        return {}
    only = where if where is not None else [Table.id.in_([t.id for t in tables])]
    seats, names = seated_players(s, only)
    summed = summed_from_payouts(s, only)
    counts_extras: dict[str, tuple[bool, bool]] = {}
    out = {}
    for t in tables:
        rules = registry.get(t.rules)
        if t.rules not in counts_extras:
            # Asked once per rule set: a runtime Protocol's isinstance costs about 0.3 ms a table.
            counts_extras[t.rules] = (isinstance(rules, PlayerExtras), isinstance(rules, Ranked))
        extras, ranked = counts_extras[t.rules]
        table_extras: dict[str, dict[str, Any]] = {}
        # A game whose columns come with a Wertung counts them only where the table's settings ask.
        if extras and (not ranked or rules.extras_wanted(t.settings or {})):  # type: ignore[attr-defined]
            view = views.get(t.id)
            if view is None:
                row = s.get(Table, t.id)
                view = ledger.view(s, row, ledger.records(s, row))
            table_extras = rules.player_extras(t.settings, view.state)  # type: ignore[attr-defined]
        paid_on = get(rules.paid_on(t.settings or {})) if ranked else PUNKTE  # type: ignore[attr-defined]
        out[t.id] = _lines(t, rules, seats.get(t.id, []), names, summed.get(t.id), table_extras, paid_on)
    return out


def _lines(
    t: Any,
    rules: Any,
    seated: list[int],
    names: dict[int, str],
    summed: tuple[int, dict[int, list[int]]] | None,
    table_extras: dict[str, dict[str, Any]],
    paid_on: Wertung = PUNKTE,
) -> Totals:
    """One table's totals from its payouts summed (`summed`: hands, player id -> columns) and the rule set's own
    columns; the money is paid on the Wertung `paid_on` (the list's points, or Seeger-Fabian at a Skat evening)."""
    hands, sums = summed or (0, {})
    table = Totals(hands=hands, names={pid: names[pid] for pid in seated})
    for pid in seated:
        points, hands_at, won, solos, __, __ = sums.get(pid, (0, 0, 0, 0, 0, 0))
        table.players[pid] = Line(points, hands_at, won, solos)
    by_name = {names[pid]: pid for pid in seated}
    own_cents = False
    for name, values in table_extras.items():
        line = table.players[by_name[name]]
        line.extras = {k: v for k, v in values.items() if k != "cents"}
        if "cents" in values:
            own_cents = True
            if values["cents"] is not None:
                line.cents = int(values["cents"])
    if t.tariff and not own_cents:
        points = {
            pid: paid_on.score({"points": line.points, **(line.extras or {})}) for pid, line in table.players.items()
        }
        cents = cents_for(rules, points, t.tariff)
        for pid, c in cents.items():
            table.players[pid].cents = c
    per_cents = int((t.settings or {}).get("kasse") or 0)
    if per_cents:
        by_point = (t.settings or {}).get("kasse_per") == "point"
        for pid, (__, __, __, __, sat, lost) in sums.items():
            # per hand: every hand he sat at (thrown-in ones too); per point: every point he lost.
            table.players[pid].kasse = (lost if by_point else sat) * per_cents
    return table


def seated_players(s: Any, where: list[Any]) -> tuple[dict[int, list[int]], dict[int, str]]:
    """Everyone who sat at each table `where` picks (player ids in seat order, then as they joined),
    and their names: each has a line in a report or a statistic, hands or not."""
    seats: dict[int, list[int]] = defaultdict(list)
    names: dict[int, str] = {}
    for table_id, player_id, name in s.execute(
        select(Seat.table_id, Seat.player_id, Player.name)
        .join(Player, Player.id == Seat.player_id)
        .join(Table, Table.id == Seat.table_id)
        .where(*where)
        .order_by(Seat.table_id, Seat.position)
    ):
        seats[table_id].append(player_id)
        names[player_id] = name
    for table_id, player_id, name in s.execute(
        # Players who joined a table later are at it too (table events, ordered as they came).
        select(TableEvent.table_id, TableEvent.player_id, Player.name)
        .join(Player, Player.id == TableEvent.player_id)
        .join(Table, Table.id == TableEvent.table_id)
        .where(TableEvent.kind == JOIN, *where)
        .order_by(TableEvent.id)
    ):
        if player_id not in seats[table_id]:
            seats[table_id].append(player_id)
            names[player_id] = name
    return seats, names


def summed_from_payouts(s: Any, where: list[Any]) -> dict[int, tuple[int, dict[int, list[int]]]]:
    """The tables `where` picks summed from their cached payouts (which hold live hands only): table id ->
    (live hands, player id -> [points, hands, won, solos, hands sat at, points lost]). Tables without hands are left out."""
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
    count = select(HandRecord.table_id, func.count()).where(HandRecord.status == LIVE).group_by(HandRecord.table_id)
    if where:
        sums = sums.join(Table, Table.id == PayoutRecord.table_id).where(*where)
        thrown = thrown.join(Table, Table.id == PayoutRecord.table_id).where(*where)
        count = count.join(Table, Table.id == HandRecord.table_id).where(*where)
    players: dict[int, dict[int, list[int]]] = defaultdict(dict)
    for table_id, player_id, points, sat, won, solos, lost in s.execute(sums):
        sat = int(sat or 0)
        # `hands` loses the thrown-in hands below; the pot counts them (`sat`).
        players[table_id][player_id] = [int(points or 0), sat, int(won or 0), int(solos or 0), sat, int(lost or 0)]
    for table_id, player_id, thrown_at, won in s.execute(thrown):
        line = players[table_id][player_id]
        line[1] -= int(thrown_at)
        line[2] -= int(won or 0)
    hands = dict(s.execute(count).all())
    return {
        table_id: (int(hands.get(table_id, 0)), players.get(table_id, {})) for table_id in set(players) | set(hands)
    }


def kept_now(s: Any, kept: Any, where: list[Any], revision: dict[int, int], version: int) -> dict[int, dict[str, Any]]:
    """The rows of `kept` (the statistics' TableStats) of the tables `where` picks that were kept under the
    table's revision now (`revision`, read before) and in the shape `version`: table id -> data."""
    query = select(kept.table_id, kept.revision, kept.data)
    if where:
        query = query.join(Table, Table.id == kept.table_id).where(*where)
    return {
        table_id: data
        for table_id, rev, data in s.execute(query)
        if rev == revision.get(table_id) and data.get("v") == version
    }


def keep(ledger: Any, fresh: dict[int, tuple[int, Any]], kept: Any) -> None:
    """Store what was just made for each table under the revision it was made from, in a short transaction
    of its own: with `kept` TableTotals the report totals (`Totals`), with TableStats the statistics
    summaries, with StatsBlock blocks of them merged (under their fingerprints). Only a cache: when the ledger cannot be written just now (busy, read-only) the next report
    or `stats` makes them again. Not a writing transaction of the ledger (`changes()` stays): nothing happened."""
    ids = list(fresh)
    try:
        with ledger.engine.begin() as conn:
            for chunk in range(0, len(ids), 500):
                part = ids[chunk : chunk + 500]
                if kept is TableTotals:
                    conn.execute(delete(PlayerTotals).where(PlayerTotals.table_id.in_(part)))
                    conn.execute(delete(TableTotals).where(TableTotals.table_id.in_(part)))
                    conn.execute(
                        insert(TableTotals),
                        [
                            {
                                "table_id": i,
                                "revision": fresh[i][0],
                                "version": TOTALS_VERSION,
                                "hands": fresh[i][1].hands,
                            }
                            for i in part
                        ],
                    )
                    lines = [_row(i, pid, line) for i in part for pid, line in fresh[i][1].players.items()]
                    if lines:
                        conn.execute(insert(PlayerTotals), lines)
                else:
                    # A statistics summary is kept under its table's revision, a block of them under its fingerprint.
                    stamp = "fingerprint" if hasattr(kept, "fingerprint") else "revision"
                    conn.execute(delete(kept).where(kept.table_id.in_(part)))
                    conn.execute(insert(kept), [{"table_id": i, stamp: fresh[i][0], "data": fresh[i][1]} for i in part])
    except DBAPIError:
        pass


def _row(table_id: int, player_id: int, line: Line) -> dict[str, Any]:
    return {
        "table_id": table_id,
        "player_id": player_id,
        "points": line.points,
        "hands": line.hands,
        "won": line.won,
        "solos": line.solos,
        "cents": line.cents,
        "kasse": line.kasse,
        "extras": line.extras,
    }


def differs(ledger: Ledger, s: Any, table: Table) -> bool:
    """Whether the totals kept for the table's current revision differ from what its hands give now
    (none kept, or stale: nothing to differ; the next report makes them again)."""
    kept = s.scalar(
        select(TableTotals).where(
            TableTotals.table_id == table.id,
            TableTotals.revision == table.revision,
            TableTotals.version == TOTALS_VERSION,
        )
    )
    if kept is None:
        return False
    now = made(ledger, s, s.execute(_table_rows().where(Table.id == table.id)).all(), {})[table.id]
    lines = {
        row.player_id: _row(
            table.id, row.player_id, Line(row.points, row.hands, row.won, row.solos, row.cents, row.kasse, row.extras)
        )
        for row in s.scalars(select(PlayerTotals).where(PlayerTotals.table_id == table.id))
    }
    return kept.hands != now.hands or lines != {pid: _row(table.id, pid, line) for pid, line in now.players.items()}
