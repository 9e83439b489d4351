"""Running totals drawn in the terminal (plotext) or into an SVG or PNG (matplotlib, Agg).

Only the drawing: the numbers are `schreiber.ledger.chart.series(ledger, scope, money=False)`, a
`Chart` of `Panel`s, which these draw:
  `render_svg(chart) -> str`, `render_png(chart) -> bytes`, `render_terminal(chart, width=80) -> str`.
"""

from __future__ import annotations

import io
from typing import Any

from schreiber.i18n import N_, _
from schreiber.ledger.chart import Chart, Panel
from schreiber.views.text import MINUS, money, signed

# Bigger than the figure's default: a chart for the club's wall.
WIDTH, PANEL_HEIGHT, DPI = 10.0, 6.0, 100
COMPACT_WIDTH = 4.0  # the phone page's chart: 400 px, shown at about its own size


# -- drawing ----------------------------------------------------------------------------------

# Distinct colours, the strong ones first (tab10, then the light halves of tab20, then others), so
# no two players of a chart share one: a money chart across rule sets easily has a dozen players.
PALETTE = (
    "#1f77b4",
    "#ff7f0e",
    "#2ca02c",
    "#d62728",
    "#9467bd",
    "#8c564b",
    "#e377c2",
    "#7f7f7f",
    "#bcbd22",
    "#17becf",
    "#aec7e8",
    "#ffbb78",
    "#98df8a",
    "#ff9896",
    "#c5b0d5",
    "#c49c94",
    "#f7b6d2",
    "#c7c7c7",
    "#dbdb8d",
    "#9edae5",
    "#393b79",
    "#637939",
    "#8c6d31",
    "#843c39",
    "#7b4173",
    "#3182bd",
    "#e6550d",
    "#31a354",
    "#756bb1",
    "#636363",
)


def _colours(names: list[str]) -> dict[str, str]:
    """Each player his own colour, the same in every panel of the chart."""
    out: dict[str, str] = {}
    for name in names:
        if name not in out:
            k = len(out)
            out[name] = PALETTE[k] if k < len(PALETTE) else _spread(k)
    return out


def _spread(k: int) -> str:
    """A colour for the k-th player beyond the palette: hues around the circle by the golden angle."""
    import colorsys

    r, g, b = colorsys.hls_to_rgb((k * 0.618034) % 1.0, 0.4 + 0.2 * (k % 2), 0.75)
    return f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}"


def panel_height(panel: Panel, panels: int) -> float:
    """Inches of a panel, after what it shows: a panel of one evening is a row of dots, not a page."""
    if len(panel.x) <= 1:
        return 2.6
    return PANEL_HEIGHT if panels == 1 else 4.2


def _scaled(panel: Panel, v: int) -> float:
    return v / 100 if panel.money else v


def _label(panel: Panel, v: int) -> str:
    return money(v, plus=True) if panel.money else signed(v)


def _tick(panel: Panel, value: float) -> str:
    """A value axis' label in the language spoken: whole points ("−2"), or euros ("€0.50", "0,50 €")."""
    if panel.money:
        return money(round(value * 100))
    return str(round(value)).replace("-", MINUS)


def _figure(chart: Chart, compact: bool = False) -> Any:
    """A matplotlib Figure of the chart (no pyplot: nothing global, Agg only). `compact`: drawn for
    a phone's width (400 px), type at the size the phone shows it, at most five x labels and no
    legend (the line ends name every player)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    panels = chart.panels or [Panel(_("no hands"), "hand", "points", [], {})]
    heights = [panel_height(p, len(panels)) * (0.62 if compact else 1) for p in panels]
    fig = Figure(figsize=(COMPACT_WIDTH if compact else WIDTH, sum(heights)), dpi=DPI, layout="constrained")
    axes = fig.subplots(len(panels), 1, squeeze=False, height_ratios=heights)[:, 0]
    colours = _colours([name for p in panels for name in p.lines])
    if not compact:  # the phone page says what it shows in its own heading
        fig.suptitle(chart.title)
    for ax, panel, inches in zip(axes, panels, heights):
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
            (line,) = ax.plot(
                [p[0] for p in points],
                [p[1] for p in points],
                label=name,
                color=colours[name],
                marker="o" if n <= 40 else None,
                markersize=3 if n > 1 else 6,
                linewidth=1.6,
            )
            last = [v for v in values if v is not None][-1]
            ends.append((points[-1], f"{name} {_label(panel, last)}", line.get_color()))
        # The final totals at the line ends, moved apart where two would overlap.
        low, high = ax.get_ylim()
        gap = (high - low) * 0.17 / max(1.0, inches - 1.4)  # a line of 9-point text, in data units
        ends.sort(key=lambda e: e[0][1])
        placed: list[float] = []
        for (_x, y), _text, _colour in ends:
            placed.append(y if not placed or y - placed[-1] >= gap else placed[-1] + gap)
        top = high - gap * 0.4  # pushed up past the frame: back down, each a line below the one above
        for k in range(len(placed) - 1, -1, -1):
            placed[k] = min(placed[k], top)
            top = placed[k] - gap
        for ((x, _y), text, colour), at in zip(ends, placed):
            ax.text(x + max(0.08, n * 0.01), at, text, va="center", fontsize=9, color=colour)
        ax.axhline(0, color="#888888", linewidth=0.8)
        if not compact or len(panels) > 1:
            ax.set_title(panel.title)
        ax.set_xlabel(_(_AXIS.get(panel.xlabel, panel.xlabel)))
        ax.set_ylabel(_(_AXIS.get(panel.ylabel, panel.ylabel)))
        if n:
            step = -(-n // 5) if compact else max(1, n // 12)
            ticks = xs[::step]
            ax.set_xticks(
                ticks, [panel.x[t - 1] for t in ticks], rotation=30 if panel.xlabel == "evening" else 0, fontsize=8
            )
            ax.set_xlim(0.5, n + 0.5 + max(1, n * (0.35 if compact else 0.15)))  # room for the totals at the line ends
            if n == 1:
                ax.set_xlim(0.8, 1.6)
        # Points are whole and money has cents: ticks there only, written as the reader writes numbers.
        ax.yaxis.set_major_locator(MaxNLocator(integer=not panel.money, steps=[1, 2, 2.5, 5, 10]))
        ax.yaxis.set_major_formatter(FuncFormatter(lambda value, _pos, panel=panel: _tick(panel, value)))
        ax.grid(True, alpha=0.3)
        if (ends or panel.bock) and not compact:  # lines with no point drawn have nothing to name
            ax.legend(loc="upper left", fontsize=8, ncols=2 if len(panel.lines) > 6 else 1)
    return fig


def render_svg(chart: Chart, compact: bool = False) -> str:
    """The chart as an SVG document; text stays text, so names can be searched and read."""
    import matplotlib

    fig = _figure(chart, compact)
    out = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "schreiber"}):
        fig.savefig(out, format="svg", metadata={"Date": None})
    return out.getvalue()


def render_png(chart: Chart) -> bytes:
    out = io.BytesIO()
    _figure(chart).savefig(out, format="png")
    return out.getvalue()


def render_terminal(chart: Chart, width: int = 80, height: int | None = None, color: bool | None = None) -> str:
    """The chart drawn with plotext, `width` columns wide; colours only on a terminal (or when asked).

    Each panel is a figure of its own, `height` rows tall (default 22: one screen), one after the
    other: plotext's subplots share one figure's rows, which squeezed several panels into a few
    rows each, with neither lines nor legend.
    """
    import sys

    if color is None:
        color = sys.stdout.isatty()
    panels = chart.panels or [Panel(_("no hands"), "hand", "points", [], {})]
    per = max(12, height or 22)
    if len(panels) == 1:
        drawn = [_terminal_panel(panels[0], f"{chart.title}: {panels[0].title}", width, per, color)]
    else:
        drawn = [chart.title.center(width).rstrip()] + [_terminal_panel(p, p.title, width, per, color) for p in panels]
    notes = []
    for panel in panels:
        if panel.bock:
            notes.append(
                _("Bock hands ({title}): {hands}").format(
                    title=panel.title, hands=", ".join(panel.x[i] for i in panel.bock)
                )
            )
    import textwrap

    wrapped = [line for note in notes for line in textwrap.wrap(note, width)]
    return "\n".join(d.rstrip("\n") for d in drawn) + "\n" + "".join(line + "\n" for line in wrapped)


def _terminal_panel(panel: Panel, title: str, width: int, rows: int, color: bool) -> str:
    import plotext as plt

    markers = "●◆▲■✚✖★♦○◇△□"
    plt.clear_figure()
    plt.plotsize(width, rows)
    plt.title(title)
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
            plt.plot(
                [p[0] for p in pts],
                [p[1] for p in pts],
                label=f"{name} {_label(panel, last)}",
                marker=markers[j % len(markers)] if not color or n == 1 else "braille",
            )
    if n:
        step = max(1, n // 6)
        ticks = list(range(1, n + 1))[::step]
        plt.xticks(ticks, [panel.x[t - 1] for t in ticks])
        if n == 1:
            plt.xlim(0.5, 1.5)  # one evening: its dots in the middle, not on the frame
    plt.xlabel(_(_AXIS.get(panel.xlabel, panel.xlabel)))
    plt.ylabel(_(_AXIS.get(panel.ylabel, panel.ylabel)))
    text = plt.build()
    plt.clear_figure()
    return text


# The axes as a person reads them; Panel keeps the English words, which the code compares.
_AXIS = {"hand": N_("hand"), "evening": N_("evening"), "euros": N_("euros"), "points": N_("points")}

__all__ = ["render_png", "render_svg", "render_terminal"]
