"""Running totals as data: what `schreiber chart` and the web page draw (schreiber/report/chart.py).

`series(ledger, scope, money=False) -> Chart`: the numbers, no drawing.

One table: each player's total after every hand, Bock hands marked. Several tables: one point per
evening (the total after it). Points of different rule sets are never added: one panel per rule
set. Money is comparable, so `money=True` gives one panel summed across rule sets.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select

from schreiber.i18n import _, ngettext
from schreiber.rules.model import SettingsError
from schreiber.rules.table import TeamPlay


@dataclass
class Panel:
    """One panel: x labels (hand numbers or evening dates) and each player's running total (None
    before his first hand or evening); `bock` are the indexes of Bock hands."""

    title: str
    xlabel: str
    ylabel: str
    x: list[str]
    lines: dict[str, list[int | None]]
    bock: list[int] = field(default_factory=list)
    money: bool = False

    def finals(self) -> dict[str, int]:
        """Each player's last total (what the report of the same scope says)."""
        out = {}
        for name, values in self.lines.items():
            known = [v for v in values if v is not None]
            out[name] = known[-1] if known else 0
        return out


@dataclass
class Chart:
    title: str
    panels: list[Panel]


def series(ledger: Any, scope: Any, money: bool = False) -> Chart:
    """The running totals of the scope, as `chart` draws them."""
    if not scope.many:
        return _one_table(ledger, scope, money)
    return _evenings(ledger, scope, money)


def _one_table(ledger: Any, scope: Any, money: bool) -> Chart:
    from schreiber.scoring.settlement import cents_for

    view = ledger.table(scope.table_id)
    t = view.table
    if scope.rules is not None and t.rules != scope.rules:
        raise SettingsError(
            _("--rules: session {id} is played under {rules}, not {rules2}.").format(
                id=t.id, rules=t.rules, rules2=scope.rules
            )
        )
    if money:
        if not t.tariff:
            raise SettingsError(
                _("--money: session {id} plays for no money (no --tariff); chart its points instead.").format(id=t.id)
            )
        if isinstance(view.rules, TeamPlay):
            raise SettingsError(
                _(
                    "--money: session {id} (klassisch) pays per finished Schafkopf, not per hand; chart its "
                    "strokes, or several evenings with --money."
                ).format(id=t.id)
            )
    lines: dict[str, list[int | None]] = {p: [] for p in t.players}
    bock = []
    for i, h in enumerate(view.hands):
        totals = h.totals
        if money:
            totals = cents_for(view.rules, totals, t.tariff)
        for p in t.players:
            # A player who joined later has no line before his first hand.
            lines[p].append(None if p in h.absent and not any(v is not None for v in lines[p]) else totals.get(p, 0))
        if any(term.op == "×" and term.label in ("Bock", "Doppelbock") for term in h.payout.terms):
            bock.append(i)
    title = _("session {id}{name} ({rules}, {date})").format(
        id=t.id, name=" " + t.name if t.name else "", rules=t.rules, date=t.date
    )
    panel = Panel(
        t.rules, "hand", "euros" if money else "points", [str(h.number) for h in view.hands], lines, bock, money
    )
    return Chart(title, [panel])


def _evenings(ledger: Any, scope: Any, money: bool) -> Chart:
    from schreiber.ledger.reports import report
    from schreiber.ledger.scope import where as scope_where
    from schreiber.ledger.totals import points_by_table
    from schreiber.store.models import Player, Table

    with ledger.transaction() as s:
        where = scope_where(ledger, s, scope)
        tables = s.execute(select(Table.id, Table.rules, Table.date).where(*where).order_by(Table.date, Table.id)).all()
        names = dict(s.execute(select(Player.id, Player.name)).all())
        per_table: dict[int, dict[str, int]] = defaultdict(dict)
        if not money:
            for table_id, points in points_by_table(s, where).items():
                per_table[table_id] = {names[pid]: p for pid, p in points.items()}
    span = _("{first} to {last}").format(first=tables[0].date, last=tables[-1].date) if tables else _("no sessions")
    title = ngettext("{count} session, {span}", "{count} sessions, {span}", len(tables)).format(
        count=len(tables), span=span
    )
    if money:
        rep = report(ledger, scope, per_table=True)
        if not rep.money:
            raise SettingsError(
                _("--money: no session of the scope plays for money (no --tariff); chart points instead.")
            )
        for t in tables:
            per_table[t.id] = dict(rep.table_cents.get(t.id, {}))
        return Chart(title, [_panel(_("money, all rule sets"), tables, per_table, True)])
    panels = []
    for rules in sorted({t.rules for t in tables}):
        panels.append(_panel(rules, [t for t in tables if t.rules == rules], per_table, False))
    return Chart(title, panels)


def _panel(title: str, tables: list[Any], per_table: dict[int, dict[str, int]], money: bool) -> Panel:
    running: dict[str, int] = {}
    order: list[str] = []
    for t in tables:
        for name in per_table.get(t.id, {}):
            if name not in running:
                running[name] = 0
                order.append(name)
    lines: dict[str, list[int | None]] = {name: [] for name in order}
    seen: set[str] = set()
    for t in tables:
        here = per_table.get(t.id, {})
        for name in order:
            if name in here:
                running[name] += here[name]
                seen.add(name)
            lines[name].append(running[name] if name in seen else None)
    x = [f"{t.date}" for t in tables]
    return Panel(title, "evening", "euros" if money else "points", x, lines, [], money)


def final_totals(chart: Chart) -> dict[str, dict[str, int]]:
    """Per panel, each player's last total: for tests and the web page."""
    return {p.title: p.finals() for p in chart.panels}
