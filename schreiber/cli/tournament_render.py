"""What the tournament commands print: seat plans, standings and confirmations; for scripts the JSON
and CSV of views/payloads.py."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from schreiber.cli.terminal import echo, grid, print_csv, print_json, tint, wrapped
from schreiber.i18n import _, ngettext
from schreiber.views import payloads, rangliste
from schreiber.views.heading import heading
from schreiber.views.text import signed

if TYPE_CHECKING:
    from schreiber.ledger.registration import Registered
    from schreiber.ledger.sheets import SheetLine, SheetView
    from schreiber.ledger.registration import EntrantView
    from schreiber.ledger.standings import StandingsView, Unfinished
    from schreiber.ledger.tournament.plans import RoundPlan, TablePlan, TournamentInfo


def _title(info: TournamentInfo) -> str:
    return _("Tournament {id} “{name}”: {rules}, {date}, {rounds} rounds, Wertung {wertung}").format(
        id=info.id,
        name=info.name,
        rules=info.rules,
        date=info.date.isoformat(),
        rounds=info.rounds,
        wertung=info.wertung,
    )


def info(info: TournamentInfo, created: bool = False) -> None:
    echo(wrapped(_title(info) + (_(" — now active") if info.active else "")))
    if created:
        echo(_("  register the players with `schreiber tournament register NAME …`, then `schreiber tournament draw`."))


def listing(infos: Sequence[TournamentInfo]) -> None:
    if not infos:
        echo(_("No tournaments yet; start one with `schreiber tournament new NAME --rules preisschafkopf`."))
        return
    rows = [
        [
            ("* " if i.active else "") + str(i.id),
            i.date.isoformat(),
            i.name,
            i.rules,
            i.wertung,
            str(i.players),
            f"{i.drawn}/{i.rounds}",
        ]
        for i in infos
    ]
    echo(
        grid(
            rows,
            [_("id"), _("date"), _("name"), _("rules"), _("Wertung"), _("players"), _("rounds drawn")],
            left=(2, 3, 4),
        )
    )


def details(
    info_: TournamentInfo,
    entrants: Sequence[EntrantView],
    sheets: Sequence[SheetView] = (),
    fmt: str = "table",
    clock: Any = None,
) -> None:
    if fmt == "json":
        return print_json(payloads.tournament_json(info_, entrants, sheets, clock))
    info(info_)
    echo(
        _("  hands per round: {hands}; rounds drawn: {drawn} of {rounds}; seed {seed}").format(
            hands=info_.hands, drawn=info_.drawn, rounds=info_.rounds, seed=info_.seed
        )
    )
    settings = ", ".join(f"{k}={v}" for k, v in info_.settings.items())
    echo(wrapped(_("  settings: {settings}").format(settings=settings)))
    if clock is not None and clock.ends is not None:
        echo(
            _("  round clock: {minutes} minutes; round {round} started at {started} UTC.").format(
                minutes=clock.minutes, round=clock.round, started=clock.started.strftime("%H:%M")
            )
        )
    echo(
        ngettext(
            "  {count} player registered, {gone} withdrawn:",
            "  {count} players registered, {gone} withdrawn:",
            info_.players,
        ).format(count=info_.players, gone=info_.withdrawn)
    )
    for e in entrants:
        marks = (_(" (withdrawn)") if e.withdrawn else "") + (_(" (not here yet)") if not e.arrived else "")
        if e.waiting is not None:
            marks += _(" (waiting list, place {place})").format(place=e.waiting)
        if e.kategorien:  # his registration's categories (TEAMS.md §10.2)
            marks += " [" + ", ".join(e.kategorien) + "]"
        echo(f"  {e.number:>4}  {e.name}{marks}")
    if sheets:
        echo(_("  Sheets entered (a corrected sheet is listed with the ones it replaced):"))
    for sheet in sheets:
        where = _("round {round} table {table}").format(round=sheet.round, table=sheet.table)
        if sheet.version is None:
            echo(wrapped(f"  {where}: {sheet_text(sheet.lines, sheet.thrown)}"))
        else:
            when = sheet.replaced_at.strftime("%H:%M") if sheet.replaced_at else ""
            echo(
                wrapped(
                    "      "
                    + _("replaced at {time}: {sheet}").format(time=when, sheet=sheet_text(sheet.lines, sheet.thrown))
                )
            )


def sheet_text(lines: Sequence[SheetLine], thrown: int = 0) -> str:
    """A sheet as the organiser compares it with the paper, each player with his start number, so that a slip
    shows at once: "Anna (1) 40 (1 Solo), Berta (2) 15, …"."""
    parts = []
    for line in lines:
        extra = []
        if line.soli:
            extra.append(ngettext("{count} Solo", "{count} Soli", line.soli).format(count=line.soli))
        if line.won:
            extra.append(_("won {count}").format(count=line.won))
        if line.lost:
            extra.append(_("lost {count}").format(count=line.lost))
        who = f"{line.name} ({line.number})" if line.number else line.name
        parts.append(f"{who} {line.points}" + (f" ({', '.join(extra)})" if extra else ""))
    text = ", ".join(parts)
    if thrown:
        text += "; " + ngettext("{count} hand thrown in", "{count} hands thrown in", thrown).format(count=thrown)
    return text


def _note(text: str) -> None:
    sys.stderr.write(text + "\n")


def registered(done: Registered) -> None:
    for e in done.entrants:
        if e.waiting is not None:
            line = _("Registered {name} with start number {number}; the field is full: waiting list, place {place}.")
        elif not e.arrived:
            line = _("Registered {name} in advance with start number {number}.")
        else:
            line = _("Registered {name} with start number {number}.")
        echo(line.format(name=e.name, number=e.number, place=e.waiting))
    for name, number, near in done.close:
        who = name if name.split() == [name] else str(number)
        _note(
            _("note: {name} is close to {others}; `schreiber tournament unregister {who}` takes it back.").format(
                name=name, others=", ".join(near), who=who
            )
        )
    if done.drawn is not None:
        number, started, last = done.drawn
        names = ", ".join(e.name for e in done.entrants)
        if not started:
            echo(
                wrapped(
                    _(
                        "Round {round} is drawn already, without {names}; `schreiber tournament draw --round {round}` draws it "
                        "again with them."
                    ).format(round=number, names=names)
                )
            )
        elif last:
            echo(
                wrapped(
                    _("Every round is drawn and the last one is being played: {names} play no round.").format(
                        names=names
                    )
                )
            )
        else:
            echo(
                wrapped(
                    _("Round {round} is being played: {names} are drawn from round {next} on.").format(
                        round=number, names=names, next=number + 1
                    )
                )
            )


def unregistered(done: Registered) -> None:
    e = done.entrants[0]
    echo(_("{name} is unregistered; start number {number} is free again.").format(name=e.name, number=e.number))


def withdrawn(done: Registered) -> None:
    e = done.entrants[0]
    if not e.withdrawn:
        echo(
            _("{name} (start number {number}) is back: drawn again from the next draw on.").format(
                name=e.name, number=e.number
            )
        )
        where = done.seated
        if done.drawn is not None and where is None and not done.drawn[1]:
            echo(
                wrapped(
                    _(
                        "Round {round} is drawn already without them; `schreiber tournament draw --round {round}` draws it again "
                        "with them."
                    ).format(round=done.drawn[0])
                )
            )
        return
    echo(
        _("{name} (start number {number}) has withdrawn: not drawn again; their rounds stay in the standings.").format(
            name=e.name, number=e.number
        )
    )
    where = done.seated
    if where is None:
        return
    if not where.started:
        echo(
            wrapped(
                _(
                    "They are seated at table {table} of round {round}, which has not started: `schreiber tournament draw --round "
                    "{round}` draws it again without them."
                ).format(table=where.table, round=where.round)
            )
        )
    else:
        echo(
            wrapped(
                _(
                    "They are seated at table {table} of round {round}, which is being played: that table's hands or sheet still "
                    "count for them."
                ).format(table=where.table, round=where.round)
            )
        )


def undrawn(plan: RoundPlan) -> None:
    echo(
        wrapped(
            _(
                "Round {round} is taken back: its {tables} tables are removed. `schreiber tournament draw` draws it again."
            ).format(round=plan.round, tables=len(plan.tables))
        )
    )


def closed(round_: int, table: TablePlan) -> None:
    echo(
        wrapped(
            _("Round {round} table {table} is closed: it counts as finished with {hands} of {of} hands.").format(
                round=round_, table=table.table, hands=table.hands, of=table.of
            )
        )
    )


def _status(plan: RoundPlan, table: TablePlan) -> str:
    if table.sheet:
        return _("sheet entered")
    if table.closed:
        return _("closed ({hands} of {of} hands)").format(hands=table.hands, of=table.of)
    if plan.done(table):
        return _("finished")
    return _("{hands} of {of} hands").format(hands=table.hands, of=table.of) if table.hands else _("open")


def plan(plan: RoundPlan, fmt: str, drawn: bool = False) -> None:
    if fmt == "json":
        return print_json(payloads.plan_json(plan))
    if fmt == "csv":
        return print_csv(payloads.plan_csv(plan))
    head = _("Round {round} of “{name}”: {tables} tables, {players} players.").format(
        round=plan.round,
        name=plan.tournament.name,
        tables=len(plan.tables),
        players=sum(len(t.players) for t in plan.tables),
    )
    echo(wrapped(head))
    echo(
        ngettext(
            "The draw made {count} repeated pair (players who sat at one table before).",
            "The draw made {count} repeated pairs (players who sat at one table before).",
            plan.repeats,
        ).format(count=plan.repeats)
    )
    rows = [
        [
            str(t.table),
            str(t.session),
            ", ".join(f"{name} ({number})" for name, number in zip(t.players, t.numbers)),
            _status(plan, t),
        ]
        for t in plan.tables
    ]
    echo(
        grid(
            rows,
            [_("table"), _("session"), _("players in seat order (start number); seat 1 deals first"), _("state")],
            left=(2, 3),
        )
    )
    if drawn:
        echo(
            _(
                "Record a table's hands with `schreiber play --session SESSION`, or its sheet with "
                "`schreiber tournament result {round} TABLE NAME=POINTS …`."
            ).format(round=plan.round)
        )


def finder(plan: RoundPlan, by: str, fmt: str) -> None:
    """`tournament tables --by name|number`: "Where do I sit?", everyone with number, table and seat."""
    from schreiber.views import seat_finder

    seats = seat_finder.seats(plan, by)
    if fmt == "json":
        return print_json(payloads.finder_json(plan, by, seats))
    if fmt == "csv":
        return print_csv(payloads.finder_csv(plan, seats))
    title = _("Where do I sit? Everyone by name.") if by == "name" else _("Where do I sit? Everyone by start number.")
    echo(wrapped(_("Round {round} of “{name}”.").format(round=plan.round, name=plan.tournament.name) + " " + title))
    names = [(x.name, str(x.number)) if by == "name" else (str(x.number), x.name) for x in seats]
    heads = [_("player"), _("no.")] if by == "name" else [_("no."), _("player")]
    rows = [[*pair, str(x.table), str(x.seat)] for pair, x in zip(names, seats)]
    echo(grid(rows, [*heads, _("table"), _("seat")], left=(0,) if by == "name" else (1,)))


def entered(round_: int, table: TablePlan, sheet: SheetView, replaced: bool = False) -> None:
    head = (
        _(
            "Sheet of round {round} table {table} replaced (session {session}; the old one is kept, `tournament show` lists it):"
        )
        if replaced
        else _("Sheet of round {round} table {table} entered (session {session}):")
    )
    echo(wrapped(head.format(round=round_, table=table.table, session=table.session)))
    echo(wrapped("  " + sheet_text(sheet.lines, sheet.thrown)))


def _round_cells(rounds: Sequence[int | None]) -> list[str]:
    """Figures as a list writes them: −5 with its minus, a dash where there is none."""
    return ["–" if r is None else signed(r) if r < 0 else str(r) for r in rounds]


def standings(view: StandingsView, fmt: str, excel: bool = False) -> None:
    """The Rangliste: rank, start number, name (marked "by lot" where a tie was drawn), the figures the game
    and the Wertung declare (StandingsView.columns), each round."""
    if fmt == "json":
        return print_json(payloads.standings_json(view))
    if fmt == "csv":
        return print_csv(payloads.standings_csv(view), excel=excel)
    echo(wrapped(standings_title(view) + ":"))
    for line in unfinished_lines(view.unfinished):
        echo(wrapped("  " + line))
    if view.unconfirmed:
        echo(wrapped("  " + unconfirmed_line(view.unconfirmed)))
    if not view.rows:
        echo(_("Nobody is registered yet."))
        return
    rows = []
    for r in view.rows:
        figures = [rangliste.figure(view, r, key) for key in view.columns]
        overall = [f"{r.overall}."] if view.kategorie is not None else []
        rows.append([f"{r.rank}.", *overall, str(r.number), rangliste.name(r), *figures, *_round_cells(r.rounds)])
    headers = [
        _("rank"),
        *([_("overall")] if view.kategorie is not None else []),
        _("no."),
        _("player"),
        *[rangliste.label(view, key) for key in view.columns],
        *[_("R{n}").format(n=i) for i in range(1, view.rounds + 1)],
    ]
    echo(tint(grid(rows, headers, left=(3 if view.kategorie is not None else 2,))))
    if view.by_lot:
        echo(wrapped(rangliste.lot_note()))


def standings_title(view: StandingsView) -> str:
    """ "Final standings" once the tournament is final; before, "after round N (provisional)" only when rounds 1
    to N are all finished, and while round 1 plays "so far (provisional)"."""
    t = view.tournament
    title = _("{heading} — “{name}”, Wertung {wertung}").format(heading=heading(view), name=t.name, wertung=t.wertung)
    if view.kategorie is not None:  # a category ranking (TEAMS.md §10.2)
        title += " — " + _("category {kategorie}").format(kategorie=view.kategorie)
    return title


def unconfirmed_line(count: int) -> str:
    """ "2 sheets are not confirmed (typed once, or two entries differ)." (double entry)"""
    return ngettext(
        "{count} sheet is not confirmed (typed once, or its two entries differ).",
        "{count} sheets are not confirmed (typed once, or their two entries differ).",
        count,
    ).format(count=count)


def unfinished_lines(unfinished: Sequence[Unfinished]) -> list[str]:
    """ "Not finished: round 1: table 5 is still playing (8 of 32 hands)", one line per table."""
    return [
        _("Not finished: round {round}, table {table} is still playing ({hands} of {of} hands).").format(
            round=u.round, table=u.table, hands=u.hands, of=u.of
        )
        for u in unfinished
    ]
