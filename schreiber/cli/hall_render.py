"""What `tournament start` and `tournament round-results` print."""

from __future__ import annotations

from schreiber.cli.terminal import echo, grid, print_json, wrapped
from schreiber.i18n import _
from schreiber.ledger.clock import RoundClock
from schreiber.views.round_results import RoundResults, round_results_json


def started(clock: RoundClock) -> None:
    if clock.ends is None:
        echo(
            wrapped(
                _(
                    "Round {round} starts now; it has no clock: `schreiber tournament set rundenzeit=MINUTES` sets one."
                ).format(round=clock.round)
            )
        )
        return
    echo(
        _("Round {round} starts now: {minutes} minutes, until {ends} UTC.").format(
            round=clock.round, minutes=clock.minutes, ends=clock.ends.strftime("%H:%M")
        )
    )


def results(view: RoundResults, fmt: str) -> None:
    if fmt == "json":
        return print_json(round_results_json(view))
    echo(_("Round {round} of “{name}”: the results by table.").format(round=view.round, name=view.tournament.name))
    rows = []
    for t in view.tables:
        for seat, number, name, points in t.players:
            rows.append([str(t.table) if seat == 1 else "", str(seat), str(number), name, _points(points)])
        rows.append(
            ["", "", "", view.check(t) if t.finished else _("still playing: {state}").format(state=t.state), ""]
        )
    echo(grid(rows, [_("table"), _("seat"), _("no."), _("player"), _("points")], left=(3,)))


def _points(points: int | None) -> str:
    return "–" if points is None else str(points) if points >= 0 else "−" + str(-points)
