"""What the tournament commands print: seat plans, standings and confirmations; for scripts the JSON
and CSV of views/payloads.py."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from schreiber.cli.render import _grid, _out, print_csv, print_json, signed, tint, wrapped
from schreiber.i18n import _, ngettext
from schreiber.views import payloads

if TYPE_CHECKING:
    from schreiber.ledger.tournament import EntrantView, RoundPlan, StandingsView, TablePlan, TournamentInfo


def _title(info: TournamentInfo) -> str:
    return _("Tournament {id} “{name}”: {rules}, {date}, {rounds} rounds, Wertung {wertung}").format(
        id=info.id, name=info.name, rules=info.rules, date=info.date.isoformat(), rounds=info.rounds, wertung=info.wertung
    )


def info(info: TournamentInfo, created: bool = False) -> None:
    _out(wrapped(_title(info) + (_(" — now active") if info.active else "")))
    if created:
        _out(_("  register the players with `schreiber tournament register NAME …`, then `schreiber tournament draw`."))


def listing(infos: Sequence[TournamentInfo]) -> None:
    if not infos:
        _out(_("No tournaments yet; start one with `schreiber tournament new NAME --rules preisschafkopf`."))
        return
    rows = [
        [("* " if i.active else "") + str(i.id), i.date.isoformat(), i.name, i.rules, i.wertung, str(i.players), f"{i.drawn}/{i.rounds}"]
        for i in infos
    ]
    _out(_grid(rows, [_("id"), _("date"), _("name"), _("rules"), _("Wertung"), _("players"), _("rounds drawn")]))


def details(info_: TournamentInfo, entrants: Sequence[EntrantView]) -> None:
    info(info_)
    _out(_("  hands per round: {hands}; rounds drawn: {drawn} of {rounds}; seed {seed}").format(
        hands=info_.hands, drawn=info_.drawn, rounds=info_.rounds, seed=info_.seed))
    settings = ", ".join(f"{k}={v}" for k, v in info_.settings.items())
    _out(wrapped(_("  settings: {settings}").format(settings=settings)))
    _out(ngettext("  {count} player registered, {gone} withdrawn:", "  {count} players registered, {gone} withdrawn:", info_.players).format(
        count=info_.players, gone=info_.withdrawn))
    for e in entrants:
        _out(f"  {e.number:>4}  {e.name}" + (_(" (withdrawn)") if e.withdrawn else ""))


def registered(entrants: Sequence[EntrantView]) -> None:
    for e in entrants:
        _out(_("Registered {name} with start number {number}.").format(name=e.name, number=e.number))


def withdrawn(entrant: EntrantView) -> None:
    _out(_("{name} (start number {number}) has withdrawn: not drawn again; his rounds stay in the standings.").format(
        name=entrant.name, number=entrant.number))


def _status(plan: RoundPlan, table: TablePlan) -> str:
    if table.sheet:
        return _("sheet entered")
    if plan.done(table):
        return _("finished")
    if table.hands:
        return ngettext("{count} hand", "{count} hands", table.hands).format(count=table.hands)
    return _("open")


def plan(plan: RoundPlan, fmt: str, drawn: bool = False) -> None:
    if fmt == "json":
        return print_json(payloads.plan_json(plan))
    if fmt == "csv":
        return print_csv(payloads.plan_csv(plan))
    head = _("Round {round} of “{name}”: {tables} tables, {players} players.").format(
        round=plan.round, name=plan.tournament.name, tables=len(plan.tables), players=sum(len(t.players) for t in plan.tables))
    _out(wrapped(head))
    _out(ngettext("The draw made {count} repeated pair (players who sat at one table before).",
                  "The draw made {count} repeated pairs (players who sat at one table before).", plan.repeats).format(count=plan.repeats))
    rows = [
        [str(t.table), str(t.session), ", ".join(f"{name} ({number})" for name, number in zip(t.players, t.numbers)), _status(plan, t)]
        for t in plan.tables
    ]
    _out(_grid(rows, [_("table"), _("session"), _("players in seat order (start number); seat 1 deals first"), _("state")]))
    if drawn:
        _out(_("Record a table's hands with `schreiber play --session SESSION`, or its sheet with "
               "`schreiber tournament result {round} TABLE NAME=POINTS …`.").format(round=plan.round))


def entered(round_: int, table: TablePlan) -> None:
    _out(_("Sheet of round {round} table {table} entered (session {session}): {names}.").format(
        round=round_, table=table.table, session=table.session, names=", ".join(table.players)))


def _round_cells(rounds: Sequence[int | None]) -> list[str]:
    return ["–" if r is None else signed(r) if r < 0 else str(r) for r in rounds]


def standings(view: StandingsView, fmt: str, excel: bool = False) -> None:
    t = view.tournament
    if fmt == "json":
        return print_json(payloads.standings_json(view))
    if fmt == "csv":
        return print_csv(payloads.standings_csv(view), excel=excel)
    _out(wrapped(_("Standings of “{name}” after round {round} of {rounds} (Wertung {wertung}):").format(
        name=t.name, round=view.rounds, rounds=t.rounds, wertung=t.wertung)))
    if not view.rows:
        _out(_("Nobody is registered yet."))
        return
    platz = t.wertung == "platz"
    headers = [_("rank"), _("no."), _("player"), *([_("score")] if platz else []), _("points"), _("Soli"),
               *[_("R{n}").format(n=i) for i in range(1, view.rounds + 1)]]
    rows = []
    for r in view.rows:
        name = r.name + (_(" (withdrawn)") if r.withdrawn else "")
        score = [signed(r.score)] if platz else []
        points = signed(r.points) if r.points < 0 else str(r.points)
        rows.append([f"{r.rank}.", str(r.number), name, *score, points, str(r.soli), *_round_cells(r.rounds)])
    _out(tint(_grid(rows, headers)))
