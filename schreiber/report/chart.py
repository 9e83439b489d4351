"""Running totals as data, drawn in the terminal (plotext) or into an SVG or PNG (matplotlib, Agg).

The API (also for the web page):
  `series(ledger, scope, money=False) -> Chart`: the numbers, no drawing;
  `render_svg(chart) -> str`, `render_png(chart) -> bytes`, `render_terminal(chart, width=80) -> str`.

One table: each player's total after every hand, Bock hands marked. Several tables: one point per
evening (the total after it). Points of different rule sets are never added: one panel per rule
set. Money is comparable, so `money=True` gives one panel summed across rule sets.
"""

from __future__ import annotations

import io
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import func, select

from schreiber.i18n import N_, _, ngettext
from schreiber.rules.model import SettingsError
from schreiber.rules.table import TeamPlay

# Bigger than the figure's default: a chart for the club's wall.
WIDTH, PANEL_HEIGHT, DPI = 10.0, 6.0, 100


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
    from schreiber.report.settlement import against_average

    view = ledger.table(scope.table_id)
    t = view.table
    if scope.rules is not None and t.rules != scope.rules:
        raise SettingsError(_("--rules: session {id} is played under {rules}, not {rules2}.").format(id=t.id, rules=t.rules, rules2=scope.rules))
    if money:
        if not t.tariff:
            raise SettingsError(_("--money: session {id} plays for no money (no --tariff); chart its points instead.").format(id=t.id))
        if isinstance(view.rules, TeamPlay):
            raise SettingsError(
                _("--money: session {id} (klassisch) pays per finished Schafkopf, not per hand; chart its "
                    "strokes, or several evenings with --money.").format(id=t.id)
            )
    lines: dict[str, list[int | None]] = {p: [] for p in t.players}
    bock = []
    for i, h in enumerate(view.hands):
        totals = h.totals
        if money:
            totals = {p: v * t.tariff for p, v in totals.items()} if view.rules.zero_sum else against_average(totals, t.tariff)
        for p in t.players:
            # A player who joined later has no line before his first hand.
            lines[p].append(None if p in h.absent and not any(v is not None for v in lines[p]) else totals.get(p, 0))
        if any(term.op == "×" and term.label in ("Bock", "Doppelbock") for term in h.payout.terms):
            bock.append(i)
    title = _("session {id}{name} ({rules}, {date})").format(id=t.id, name=" " + t.name if t.name else "", rules=t.rules, date=t.date)
    panel = Panel(t.rules, "hand", "euros" if money else "points", [str(h.number) for h in view.hands], lines, bock, money)
    return Chart(title, [panel])


def _evenings(ledger: Any, scope: Any, money: bool) -> Chart:
    from schreiber.ledger.reports import _where, report
    from schreiber.store.models import PayoutRecord, Player, Runde

    with ledger.transaction() as s:
        where = _where(ledger, s, scope)
        tables = s.execute(select(Runde.id, Runde.rules, Runde.date).where(*where).order_by(Runde.date, Runde.id)).all()
        names = dict(s.execute(select(Player.id, Player.name)).all())
        per_table: dict[int, dict[str, int]] = defaultdict(dict)
        if not money:
            sums = select(PayoutRecord.runde_id, PayoutRecord.player_id, func.sum(PayoutRecord.points)).group_by(
                PayoutRecord.runde_id, PayoutRecord.player_id
            )
            if where:
                sums = sums.join(Runde, Runde.id == PayoutRecord.runde_id).where(*where)
            for runde_id, pid, pts in s.execute(sums):
                per_table[runde_id][names[pid]] = int(pts or 0)
    span = _("{first} to {last}").format(first=tables[0].date, last=tables[-1].date) if tables else _("no sessions")
    title = ngettext("{count} session, {span}", "{count} sessions, {span}", len(tables)).format(count=len(tables), span=span)
    if money:
        rep = report(ledger, scope)
        if not rep.money:
            raise SettingsError(_("--money: no session of the scope plays for money (no --tariff); chart points instead."))
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


# -- drawing ----------------------------------------------------------------------------------


def _scaled(panel: Panel, v: int) -> float:
    return v / 100 if panel.money else v


def _label(panel: Panel, v: int) -> str:
    if panel.money:
        sign = "−" if v < 0 else "+" if v > 0 else ""
        whole, rest = divmod(abs(v), 100)
        return f"{sign}{whole},{rest:02d} €"
    return f"+{v}" if v > 0 else f"−{-v}" if v < 0 else "0"


def _figure(chart: Chart) -> Any:
    """A matplotlib Figure of the chart (no pyplot: nothing global, Agg only)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    panels = chart.panels or [Panel(_("no hands"), "hand", "points", [], {})]
    fig = Figure(figsize=(WIDTH, PANEL_HEIGHT * len(panels)), dpi=DPI, layout="constrained")
    axes = fig.subplots(len(panels), 1, squeeze=False)[:, 0]
    fig.suptitle(chart.title)
    for ax, panel in zip(axes, panels):
        n = len(panel.x)
        xs = list(range(1, n + 1))
        for i in panel.bock:
            ax.axvspan(i + 0.5, i + 1.5, color="#f3d9a0", alpha=0.6, linewidth=0)
        if panel.bock:
            ax.plot([], [], color="#f3d9a0", linewidth=8, label=_("Bock hand"))
        ends = []
        for name, values in panel.lines.items():
            points = [(x, _scaled(panel, v)) for x, v in zip(xs, values) if v is not None]
            if not points:
                continue
            (line,) = ax.plot([p[0] for p in points], [p[1] for p in points], label=name,
                              marker="o" if n <= 40 else None, markersize=3, linewidth=1.6)
            last = [v for v in values if v is not None][-1]
            ends.append((points[-1], f"{name} {_label(panel, last)}", line.get_color()))
        # The final totals at the line ends, moved apart where two would overlap.
        low, high = ax.get_ylim()
        gap = (high - low) * 0.045
        placed: list[float] = []
        for (x, y), text, colour in sorted(ends, key=lambda e: e[0][1]):
            at = y if not placed or y - placed[-1] >= gap else placed[-1] + gap
            placed.append(at)
            ax.text(x + max(0.08, n * 0.01), at, text, va="center", fontsize=9, color=colour)
        ax.axhline(0, color="#888888", linewidth=0.8)
        ax.set_title(panel.title)
        ax.set_xlabel(_(_AXIS.get(panel.xlabel, panel.xlabel)))
        ax.set_ylabel(_(_AXIS.get(panel.ylabel, panel.ylabel)))
        if n:
            step = max(1, n // 12)
            ticks = xs[::step]
            ax.set_xticks(ticks, [panel.x[t - 1] for t in ticks], rotation=30 if panel.xlabel == "evening" else 0,
                          fontsize=8)
            ax.set_xlim(0.5, n + 0.5 + max(1, n * 0.15))  # room for the totals at the line ends
        ax.grid(True, alpha=0.3)
        if panel.lines:
            ax.legend(loc="upper left", fontsize=8, ncols=2 if len(panel.lines) > 6 else 1)
    return fig


def render_svg(chart: Chart) -> str:
    """The chart as an SVG document; text stays text, so names can be searched and read."""
    import matplotlib

    fig = _figure(chart)
    out = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "schreiber"}):
        fig.savefig(out, format="svg", metadata={"Date": None})
    return out.getvalue()


def render_png(chart: Chart) -> bytes:
    out = io.BytesIO()
    _figure(chart).savefig(out, format="png")
    return out.getvalue()


def render_terminal(chart: Chart, width: int = 80, height: int | None = None, color: bool | None = None) -> str:
    """The chart drawn with plotext, `width` columns wide; colours only on a terminal (or when asked)."""
    import sys

    import plotext as plt

    if color is None:
        color = sys.stdout.isatty()
    panels = chart.panels or [Panel(_("no hands"), "hand", "points", [], {})]
    per = height or (22 if len(panels) == 1 else 16)
    plt.clear_figure()
    plt.plotsize(width, per * len(panels))
    if len(panels) > 1:
        plt.subplots(len(panels), 1)
    markers = "●◆▲■✚✖★♦○◇△□"
    for k, panel in enumerate(panels):
        if len(panels) > 1:
            plt.subplot(k + 1, 1)
        plt.title(f"{chart.title}: {panel.title}" if len(panels) == 1 else panel.title)
        if not color:
            plt.theme("clear")
        n = len(panel.x)
        # More points than columns only smear the lines into a block: every k-th (and the last) is drawn.
        room = max(10, width - 16)
        keep = sorted({*range(0, n, -(-n // room)), n - 1}) if n > room else range(n)
        for j, (name, values) in enumerate(panel.lines.items()):
            pts = [(i + 1, _scaled(panel, values[i])) for i in keep if values[i] is not None]
            if pts:
                last = [v for v in values if v is not None][-1]
                plt.plot([p[0] for p in pts], [p[1] for p in pts], label=f"{name} {_label(panel, last)}",
                         marker=markers[j % len(markers)] if not color else "braille")
        if n:
            step = max(1, n // 6)
            ticks = list(range(1, n + 1))[::step]
            plt.xticks(ticks, [panel.x[t - 1] for t in ticks])
        plt.xlabel(_(_AXIS.get(panel.xlabel, panel.xlabel)))
        plt.ylabel(_(_AXIS.get(panel.ylabel, panel.ylabel)))
    text = plt.build()
    plt.clear_figure()
    notes = []
    for panel in panels:
        if panel.bock:
            notes.append(_("Bock hands ({title}): {hands}").format(title=panel.title, hands=", ".join(panel.x[i] for i in panel.bock)))
    wrapped = []
    for note in notes:
        import textwrap

        wrapped += textwrap.wrap(note, width)
    return text.rstrip("\n") + "\n" + "".join(line + "\n" for line in wrapped)


def final_totals(chart: Chart) -> dict[str, dict[str, int]]:
    """Per panel, each player's last total: for tests and the web page."""
    return {p.title: p.finals() for p in chart.panels}


# The axes as a person reads them; Panel keeps the English words, which the code compares.
_AXIS = {"hand": N_("hand"), "evening": N_("evening"), "euros": N_("euros"), "points": N_("points")}

__all__ = ["Chart", "Panel", "final_totals", "render_png", "render_svg", "render_terminal", "series"]
