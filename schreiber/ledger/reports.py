"""Reports over one table or many: totals, money, who pays whom.

The scope of a report is in `scope`, the CSV export and import in `transfer`, what `settle`
recorded and what is still owed in `payments`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from sqlalchemy import func, select

from schreiber.i18n import N_, _, ngettext
from schreiber.ledger import totals as totals_of
from schreiber.ledger.scope import Scope, reading as _reading, where as _where
from schreiber.ledger.service import Ledger, TableView
from schreiber.report.settlement import against_average, transfers
from schreiber.rules import registry
from schreiber.rules.table import PlayerExtras
from schreiber.store.models import JOIN, LIVE, HandRecord, Payment, Player, Table, Seat, TableEvent

__all__ = ["PlayerLine", "Report", "Scope", "report", "session_title", "table_report"]


@dataclass(frozen=True)
class PlayerLine:
    name: str
    points: int
    hands: int
    won: int
    solos: int
    cents: int | None = None
    extras: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Report:
    """Totals per player, best first, with money and who pays whom where a tariff is set."""

    title: str
    players: list[PlayerLine]
    hands: int
    sessions: list[int]
    transfers: list[tuple[str, str, int]]
    status: list[str] = field(default_factory=list)
    # Money per table and player (cents), and what `settle` recorded as paid in the scope.
    table_cents: dict[int, dict[str, int]] = field(default_factory=dict)
    paid: list[tuple[str, str, int]] = field(default_factory=list)
    # Cents each player owes the club's pot (table setting kasse=N, kasse_per=hand|point).
    kasse: dict[str, int] = field(default_factory=dict)
    # The rule sets of the scope's tables; over several, one report per rule set (points are never
    # added across rule sets: only money is).
    rules: list[str] = field(default_factory=list)
    by_rules: list[tuple[str, Report]] = field(default_factory=list)

    @property
    def money(self) -> bool:
        return any(p.cents is not None for p in self.players)

    @property
    def groups(self) -> list[tuple[str, Report]]:
        """(rule set, its report) for each rule set of the scope; the report itself when there is one."""
        if self.by_rules:
            return self.by_rules
        return [(self.rules[0] if self.rules else "", self)]

    @property
    def cents(self) -> dict[str, int]:
        """Money per player summed across every table of the scope (the one sum across rule sets)."""
        return {p.name: p.cents for p in self.players if p.cents is not None}


def table_report(ledger: Ledger, table_id: int | None = None) -> tuple[TableView, Report]:
    """One table folded once, in one transaction: its view (hands, next dealer, what is carried) and its report."""
    with ledger.transaction() as s:
        table = ledger.table_row(s, table_id)
        # Only what the fold reads (number, facts) as plain rows: a third of the time of loading
        # the hands as ORM objects, which a read-only page never changes.
        rows = s.execute(
            select(HandRecord.number, HandRecord.facts)
            .where(HandRecord.table_id == table.id, HandRecord.status == LIVE)
            .order_by(HandRecord.number)
        ).all()
        view = ledger.view(s, table, rows)
        return view, report(ledger, Scope(table_id=table.id), views={table.id: view}, session=s)


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


def report(ledger: Ledger, scope: Scope, views: dict[int, TableView] | None = None, session: Any = None) -> Report:
    """Sum the cached payouts per table and player in the database, then settle the money in Python.

    `views`: tables the caller folded already, read in the caller's transaction `session`."""
    with _reading(ledger, session) as s:
        where = _where(ledger, s, scope)
        # The revisions are read before the totals: a row kept under a revision holds no older hands.
        tables = _scope_tables(s, where)
        seats, names = seated_players(s, where)
        # Each table's sums are kept (`totals`): a season reads one row per table, and sums from the
        # cached payouts only the tables changed since.
        kept, fresh = totals_of.read(s, where, tables)
        per_table = _player_lines(kept)
        totals = _summed(tables, seats, per_table)
        money = _money_and_extras(ledger, s, scope, tables, seats, names, per_table, views or {})
        kasse = _kasse(tables, per_table)
        payments = _payments(s, where, names)
    if fresh and session is None:
        # In a short transaction of its own, after the reading one (a caller's open transaction is left alone).
        revision = {t.id: t.revision for t in tables}
        totals_of.keep(ledger, {table_id: (revision[table_id], data) for table_id, data in fresh.items()})
    lines = _ranked(totals, names, money)
    paid = [(names[a], names[b], int(c)) for a, b, c in payments]
    rule_sets = sorted({t.rules for t in tables})
    return Report(
        title=_title(scope, tables),
        players=lines,
        hands=int(sum(k["hands"] for k in kept.values())),
        sessions=[t.id for t in tables],
        transfers=_still_owed(lines, paid),
        status=money.status,
        table_cents={tid: {names[pid]: c for pid, c in per.items()} for tid, per in money.by_table.items()},
        paid=paid,
        kasse={names[pid]: c for pid, c in kasse.items()},
        rules=rule_sets,
        # Points of different rule sets are never added: over several, one report per rule set.
        by_rules=[(r, report(ledger, replace(scope, rules=r))) for r in rule_sets] if len(rule_sets) > 1 else [],
    )


def _scope_tables(s: Any, where: list[Any]) -> list[Any]:
    """The tables `where` picks, in the order they were opened (id, rules, tariff, settings, name, date, revision)."""
    return s.execute(
        select(Table.id, Table.rules, Table.tariff, Table.settings, Table.name, Table.date, Table.revision)
        .where(*where)
        .order_by(Table.id)
    ).all()


def _player_lines(kept: dict[int, dict[str, Any]]) -> dict[int, dict[int, list[int]]]:
    """Each table's kept totals as player id -> line (the columns of `totals`: points, hands, won, …)."""
    return {table_id: {int(pid): line for pid, line in k["players"].items()} for table_id, k in kept.items()}


def _summed(tables: list[Any], seats: dict[int, list[int]], per_table: dict[int, dict[int, list[int]]]) -> dict[int, list[int]]:
    """Points, hands, won and solos per player over every table of the scope, in the order they sat down."""
    totals: dict[int, list[int]] = {pid: [0, 0, 0, 0] for t in tables for pid in seats[t.id]}
    for t in tables:
        for pid in seats[t.id]:
            for i, v in enumerate(per_table[t.id].get(pid, [0, 0, 0, 0])[:4]):
                totals[pid][i] += v
    return totals


@dataclass
class _Money:
    """What the tables of a scope add up to besides points, gathered table by table."""

    cents: dict[int, int] = field(default_factory=dict)  # per player, every table together
    by_table: dict[int, dict[int, int]] = field(default_factory=lambda: defaultdict(dict))  # table -> player -> cents
    extras: dict[int, dict[str, Any]] = field(default_factory=lambda: defaultdict(dict))  # the rule sets' own columns
    status: list[str] = field(default_factory=list)  # the status lines of a report of one table


def _money_and_extras(
    ledger: Ledger, s: Any, scope: Scope, tables: list[Any], seats: dict[int, list[int]], names: dict[int, str],
    per_table: dict[int, dict[int, list[int]]], views: dict[int, TableView],
) -> _Money:
    """Per table: the rule set's own columns (folded for), then its money: what the rule set counts
    itself, or points × tariff."""
    money = _Money()
    # Asked once per rule set: a runtime Protocol's isinstance costs about 0.3 ms, 3 s over a decade's tables.
    counts_extras: dict[str, bool] = {}
    for t in tables:
        rules = registry.get(t.rules)
        if t.rules not in counts_extras:
            counts_extras[t.rules] = isinstance(rules, PlayerExtras)
        table_extras = None
        if counts_extras[t.rules] or not scope.many:
            # Only these tables are folded: their extras (Musssolo, Schafköpfe) are not cached.
            view = views.get(t.id)
            if view is None:
                view = _folded(ledger, s, t.id)
            if not scope.many:
                money.status = view.status
            if counts_extras[t.rules]:
                table_extras = rules.player_extras(t.settings, view.state)  # type: ignore[attr-defined]
        if table_extras:
            _add_extras(money, t.id, table_extras, {names[pid]: pid for pid in seats[t.id]})
        if t.tariff and not (table_extras and any("cents" in v for v in table_extras.values())):
            points = {pid: per_table[t.id].get(pid, [0, 0, 0, 0])[0] for pid in seats[t.id]}
            table_cents = _tariff_cents(rules, points, t.tariff)
            for pid, c in table_cents.items():
                money.cents[pid] = money.cents.get(pid, 0) + c
            money.by_table[t.id] = dict(table_cents)
    return money


def _folded(ledger: Ledger, s: Any, table_id: int) -> TableView:
    """A table of the scope folded from its hands (the caller had not folded it)."""
    table = s.get(Table, table_id)
    assert table is not None
    return ledger.view(s, table, ledger.records(s, table))


def _add_extras(money: _Money, table_id: int, table_extras: dict[str, dict[str, Any]], by_name: dict[str, int]) -> None:
    """One table's own columns added in: its cents as the table's money, counts summed, other values the latest."""
    for name, values in table_extras.items():
        pid = by_name[name]
        mine = money.extras[pid]
        for key, value in values.items():
            if key == "cents":
                if value is not None:
                    money.cents[pid] = money.cents.get(pid, 0) + int(value)
                    money.by_table[table_id][pid] = int(value)
            elif isinstance(value, int) and not isinstance(value, bool):
                mine[key] = mine.get(key, 0) + value
            else:
                mine[key] = value


def _tariff_cents(rules: Any, points: dict[int, int], tariff: int) -> dict[int, int]:
    """A table's money by its tariff: points × tariff where the points add up to zero, else each
    player's distance from the table's average."""
    if rules.zero_sum:
        return {pid: pts * tariff for pid, pts in points.items()}
    return against_average(points, tariff)


def _kasse(tables: list[Any], per_table: dict[int, dict[int, list[int]]]) -> dict[int, int]:
    """Cents each player owes the club's pot (table setting kasse=N, kasse_per=hand|point)."""
    kasse: dict[int, int] = defaultdict(int)
    for t in tables:
        per_cents = int((t.settings or {}).get("kasse") or 0)
        if not per_cents:
            continue
        by_point = (t.settings or {}).get("kasse_per") == "point"
        # per hand: every hand a player sat at; per point: every point he lost.
        column = totals_of.LOST if by_point else totals_of.SAT
        for pid, line in sorted(per_table[t.id].items()):
            kasse[pid] += line[column] * per_cents
    return kasse


def _payments(s: Any, where: list[Any], names: dict[int, str]) -> list[Any]:
    """What `settle` recorded in the scope, summed per payer and payee; their names go into `names`."""
    payments = s.execute(
        select(Payment.payer_id, Payment.payee_id, func.sum(Payment.cents))
        .join(Table, Table.id == Payment.table_id)
        .where(*where)
        .group_by(Payment.payer_id, Payment.payee_id)
    ).all()
    for payer_id, payee_id, __ in payments:
        names.setdefault(payer_id, s.get(Player, payer_id).name)  # type: ignore[union-attr]
        names.setdefault(payee_id, s.get(Player, payee_id).name)  # type: ignore[union-attr]
    return payments


def _ranked(totals: dict[int, list[int]], names: dict[int, str], money: _Money) -> list[PlayerLine]:
    """A line per player, the most points first (money only when some table has it)."""
    lines = [
        PlayerLine(
            name=names[pid],
            points=v[0],
            hands=v[1],
            won=v[2],
            solos=v[3],
            cents=money.cents.get(pid) if money.cents else None,
            extras=money.extras.get(pid, {}),
        )
        for pid, v in totals.items()
    ]
    lines.sort(key=lambda p: (-p.points, p.name.casefold()))
    return lines


def _title(scope: Scope, tables: list[Any]) -> str:
    """The report's title: the one table, or how many tables and the range of dates they span."""
    if not scope.many:
        return session_title(tables[0], _)
    title = ngettext("{count} table", "{count} tables", len(tables)).format(count=len(tables))
    if scope.since or scope.until:
        # The range as it really is: an open end is the date of the first or last table found.
        dates = sorted(t.date for t in tables)
        start = scope.since or (dates[0] if dates else None)
        end = scope.until or (dates[-1] if dates else None)
        if start and end:
            title += _(" from {since} to {until}").format(since=start, until=end)
        else:
            title += _(" from {since} on").format(since=start) if start else _(" up to {until}").format(until=end)
    return title


def _still_owed(lines: list[PlayerLine], paid: list[tuple[str, str, int]]) -> list[tuple[str, str, int]]:
    """Who pays whom: what `settle` recorded is paid, so only what is still owed is settled."""
    by_name = {line.name: line.cents for line in lines if line.cents is not None}
    for payer, payee, c in paid:
        by_name[payer] = by_name.get(payer, 0) + c
        by_name[payee] = by_name.get(payee, 0) - c
    return transfers(by_name) if by_name else []


def session_title(t: Any, say: Callable[[str], str]) -> str:
    """"session 3 Stammtisch (schafkopf, 2026-11-20)", through `say` (gettext, or str for the English)."""
    return say(N_("session {id}{name} ({rules}, {date})")).format(id=t.id, name=" " + t.name if t.name else "", rules=t.rules, date=t.date)


# The export and import (`transfer`) and the payments (`payments`) were part of this module; their
# names are still found here, loaded when first asked for (importing them here would be a loop,
# and would slow the start of every command that only reports).
_MOVED = {
    "transfer": ("export_rows", "import_rows", "file_tables", "FileTable", "Imported", "MAX_HANDS", "scored"),
    "payments": ("open_debts", "settle", "OpenDebts", "TableDebts"),
}


def __getattr__(name: str) -> Any:
    import importlib

    for module, names in _MOVED.items():
        if name in names:
            return getattr(importlib.import_module(f"schreiber.ledger.{module}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
