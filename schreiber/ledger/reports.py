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
from schreiber.ledger.service import Ledger
from schreiber.ledger.tables.results import TableView
from schreiber.scoring.settlement import transfers
from schreiber.ledger.totals import seated_players
from schreiber.rules import registry
from schreiber.scoring import wertung as wertungen
from schreiber.rules.table import Ranked
from schreiber.store.models import LIVE, HandRecord, Payment, Player, Table, TableTotals

__all__ = ["PlayerLine", "Report", "Scope", "report", "seated_players", "session_title", "table_report"]


@dataclass(frozen=True)
class PlayerLine:
    name: str
    points: int
    hands: int
    won: int
    solos: int
    cents: int | None = None
    extras: dict[str, Any] = field(default_factory=dict)
    rank: int = 0  # by the report's Wertung: shared where it shares ties, else the place in the list

    def values(self) -> dict[str, Any]:
        """The line as a Wertung reads it: points, hands, won, solos and the rule set's own columns."""
        return {"points": self.points, "hands": self.hands, "won": self.won, "solos": self.solos, **self.extras}


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
    # What the ranking sorts by (scoring/wertung.py): the list's points, or at a Skat evening Seeger-Fabian.
    wertung: str = wertungen.PUNKTE.name
    # Verlustspielgeld per player (cents, RULES.md §9), paid into the evening's kitty apart from who pays whom.
    verlustspiel: dict[str, int] = field(default_factory=dict)

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


def report(
    ledger: Ledger,
    scope: Scope,
    views: dict[int, TableView] | None = None,
    session: Any = None,
    per_table: bool = False,
) -> Report:
    """The scope's totals summed by the database from each table's kept totals (`totals`), money settled in Python.

    `views`: tables the caller folded already, read in the caller's transaction `session`. `per_table`:
    also each table's money per player (`Report.table_cents`: what `settle`, `report --open` and the
    money chart need)."""
    views = dict(views or {})
    with _reading(ledger, session) as s:
        where = _where(ledger, s, scope)
        tables = s.execute(select(Table.id, Table.rules).where(*where).order_by(Table.id)).all()
        status: list[str] = []
        if tables and not scope.many:
            # One table: folded for what it carries (its status lines), and its own columns come from that fold.
            view = views.get(tables[0].id)
            if view is None:
                view = views[tables[0].id] = _folded(ledger, s, tables[0].id)
            status = view.status
        # Each table's sums are kept (`totals`): a season sums the kept rows in the database, and makes
        # from the cached payouts only the tables changed since.
        summed, fresh = totals_of.of_scope(ledger, s, where, views, per_table)
        title = _title(s, scope, where, tables)
        payments = _payments(s, where, summed.names)
        rule_sets = sorted({t.rules for t in tables})
        by = _ranked_by(s, where, rule_sets)
    if fresh and session is None:
        # In a short transaction of its own, after the reading one (a caller's open transaction is left alone).
        totals_of.keep(ledger, fresh, TableTotals)
    names = summed.names
    lines = _ranked(summed, by)
    paid = [(names[a], names[b], int(c)) for a, b, c in payments]
    return Report(
        title=title,
        players=lines,
        hands=summed.hands,
        sessions=[t.id for t in tables],
        transfers=_still_owed(lines, paid),
        status=status,
        table_cents={tid: {names[pid]: c for pid, c in per.items()} for tid, per in summed.table_cents.items()},
        paid=paid,
        kasse={names[pid]: line.kasse for pid, line in sorted(summed.players.items()) if line.kasse is not None},
        rules=rule_sets,
        # Points of different rule sets are never added: over several, one report per rule set.
        by_rules=[(r, report(ledger, replace(scope, rules=r), per_table=per_table)) for r in rule_sets]
        if len(rule_sets) > 1
        else [],
        wertung=by.name,
        verlustspiel={line.name: line.extras["verlustspiel"] for line in lines if "verlustspiel" in line.extras},
    )


def _ranked_by(s: Any, where: list[Any], rule_sets: list[str]) -> wertungen.Wertung:
    """The Wertung every table of the scope ranks by (one rule set, whose tables may choose it; Skat), else
    the list's points: a report over evenings ranked differently ranks by what they all have."""
    if len(rule_sets) != 1:
        return wertungen.PUNKTE
    rules = registry.get(rule_sets[0])
    if not isinstance(rules, Ranked):
        return wertungen.PUNKTE
    found = {
        wertungen.get(rules.ranked_by(settings or {}))
        for (settings,) in s.execute(select(Table.settings).where(*where))
    }
    return found.pop() if len(found) == 1 else wertungen.PUNKTE


def _folded(ledger: Ledger, s: Any, table_id: int) -> TableView:
    """A table of the scope folded from its hands (the caller had not folded it)."""
    table = s.get(Table, table_id)
    assert table is not None
    return ledger.view(s, table, ledger.records(s, table))


def _extras(summed: totals_of.Totals) -> dict[int, dict[str, Any]]:
    """The rule sets' own columns per player over the scope's tables in order: counts summed, other values the latest."""
    extras: dict[int, dict[str, Any]] = defaultdict(dict)
    for __, pid, values in summed.extras:
        mine = extras[pid]
        for key, value in values.items():
            if isinstance(value, int) and not isinstance(value, bool):
                mine[key] = mine.get(key, 0) + value
            else:
                mine[key] = value
    return extras


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


def _ranked(summed: totals_of.Totals, by: wertungen.Wertung = wertungen.PUNKTE) -> list[PlayerLine]:
    """A line per player, best first by the Wertung `by` (the most points, unless the tables rank by another),
    then by name; each with his rank (money only when some table has it)."""
    extras = _extras(summed)
    lines = [
        PlayerLine(
            name=summed.names[pid],
            points=v.points,
            hands=v.hands,
            won=v.won,
            solos=v.solos,
            cents=v.cents,
            extras=extras.get(pid, {}),
        )
        for pid, v in summed.players.items()
    ]
    keyed = sorted(
        ((by.key(line.values()), line) for line in lines), key=lambda k: ([-x for x in k[0]], k[1].name.casefold())
    )
    ranks = wertungen.ranks([key for key, __ in keyed], by.shared)
    return [replace(line, rank=rank) for rank, (__, line) in zip(ranks, keyed)]


def _title(s: Any, scope: Scope, where: list[Any], tables: list[Any]) -> str:
    """The report's title: the one table, or how many tables and the range of dates they span."""
    if not scope.many:
        one = s.execute(select(Table.id, Table.name, Table.rules, Table.date).where(Table.id == tables[0].id)).one()
        return session_title(one, _)
    title = ngettext("{count} table", "{count} tables", len(tables)).format(count=len(tables))
    if scope.since or scope.until:
        # The range as it really is: an open end is the date of the first or last table found.
        first, last = s.execute(select(func.min(Table.date), func.max(Table.date)).where(*where)).one()
        start = scope.since or first
        end = scope.until or last
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
    """ "session 3 Stammtisch (schafkopf, 2026-11-20)", through `say` (gettext, or str for the English)."""
    return say(N_("session {id}{name} ({rules}, {date})")).format(
        id=t.id, name=" " + t.name if t.name else "", rules=t.rules, date=t.date
    )


# The export and import (`transfer/`) and the payments (`payments`) were part of this module; their
# names are still found here, loaded when first asked for (importing them here would be a loop,
# and would slow the start of every command that only reports).
_MOVED = {
    "transfer.export": ("export_rows",),
    "transfer.reading": ("file_tables", "FileTable", "MAX_HANDS", "scored"),
    "transfer.matching": ("Imported",),
    "transfer.writing": ("import_rows",),
    "payments": ("open_debts", "settle", "OpenDebts", "TableDebts"),
}


def __getattr__(name: str) -> Any:
    import importlib

    for module, names in _MOVED.items():
        if name in names:
            return getattr(importlib.import_module(f"schreiber.ledger.{module}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
