"""`schreiber serve`: bind, say where to look (and the keys of `--entry`), and serve the one app (web/app.py)
until Ctrl-C: a table or a season's scope (`run`), a tournament (`run_tournament`), a season's standings
(`run_season`), a league (`run_league`)."""

from __future__ import annotations

import secrets
from typing import Any

from schreiber.i18n import _
from schreiber.ledger.reports import Scope
from schreiber.ledger.season import Seasons
from schreiber.ledger.service import Ledger
from schreiber.ledger.tournament import Tournaments
from schreiber.rules.model import SettingsError
from schreiber.web.app import create_app, create_league_app, create_season_app, create_tournament_app
from schreiber.web.gate import ORGANISER
from schreiber.web.server import Reach, address, bind, is_loopback, uvicorn_config


def entry_tables(ledger: Ledger, scope: Scope) -> list[int]:
    """The tables `serve --entry` takes hands for: the one table of the scope, or the open tables of a season."""
    if not scope.many:
        return [ledger.info(scope.table_id).id]
    return [
        t.id
        for t in ledger.tables()
        if not t.closed
        and (scope.since is None or t.date >= scope.since)
        and (scope.until is None or t.date <= scope.until)
    ]


def qr_text(text: str) -> str:
    """`text` as a QR code drawn with block characters, for a phone's camera held to the terminal."""
    import io

    import segno

    out = io.StringIO()
    segno.make(text, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue().rstrip("\n")


def run(
    ledger: Ledger, scope: Scope, host: str, port: int, say=print, entry: bool = False, reach: Reach = Reach()
) -> None:
    """Serve a table or a season's scope until Ctrl-C; with `entry` each open table's entry address and key."""
    import uvicorn

    if scope.table_id is not None and not scope.many:
        ledger.info(scope.table_id)  # a table that does not exist is refused now, not at every request
    tables = entry_tables(ledger, scope) if entry else None
    keys = [ledger.entry_key(table) for table in tables or ()]  # made on first use, kept with the table
    sock = bind(host, port)
    port = sock.getsockname()[1]
    what = (
        _("the season")
        if scope.many
        else _("session {id}").format(id=scope.table_id)
        if scope.table_id
        else _("the active table")
    )
    where = address(host, port)
    if entry:
        say(
            _(
                "schreiber serves {what} at {address} (whoever has a table's key may record hands there; Ctrl-C stops it)."
            ).format(what=what, address=where)
        )
    else:
        say(_("schreiber serves {what} at {address} (read-only; Ctrl-C stops it).").format(what=what, address=where))
    if not is_loopback(host):
        if entry:
            say(
                _(
                    "Anyone on the network that reaches {host} can read the scores, and record hands with a table's key."
                ).format(host=host)
            )
        else:
            say(_("Anyone on the network that reaches {host} can read the scores.").format(host=host))
    for info, key in keys:
        link = f"{where}?key={key}"
        say(
            _("Entry for session {id} ({players}): {address}").format(
                id=info.id, players=", ".join(info.players), address=link
            )
        )
        say(qr_text(link))
    if entry and is_loopback(host):
        say(_("Only this machine can open these addresses; for the phones at the table, serve with --host 0.0.0.0."))
    if entry and not keys:
        say(_("No open table in this scope: there is nothing to record hands at."))
    uvicorn.Server(uvicorn_config(create_app(ledger, scope, entry=tables), host, sock, reach)).run(sockets=[sock])


def run_tournament(
    ledger: Ledger, tournament: str, host: str, port: int, say=print, entry: bool = False, reach: Reach | None = None
) -> None:
    """Serve the tournament `tournament` (an id, or "" for the active one) until Ctrl-C; with `entry`
    the tables take hands with their keys, and the organiser's address (made now, printed only here)
    shows every open table's entry address and QR code."""
    import uvicorn

    if tournament and not tournament.isdigit():
        raise SettingsError(
            _("--tournament: give a tournament id (a number), not {value}.").format(value=repr(tournament))
        )
    info = Tournaments(ledger).info(int(tournament) if tournament else None)
    sock = bind(host, port)
    port = sock.getsockname()[1]
    where = address(host, port)
    name = f"“{info.name}”"
    if entry:
        say(
            _(
                "schreiber serves the tournament {name} at {address} (whoever has a table's key may record hands there; Ctrl-C stops it)."
            ).format(name=name, address=where)
        )
        if not is_loopback(host):
            say(
                _(
                    "Anyone on the network that reaches {host} can read the scores, and record hands with a table's key."
                ).format(host=host)
            )
        organiser = secrets.token_urlsafe(24)
        link = f"{where}?{ORGANISER}={organiser}"
        say(
            _(
                "The organiser's page, with every open table's entry address and QR code (keep it to yourself): {address}"
            ).format(address=link)
        )
        say(qr_text(link))
        say(
            _("The organiser's check-in, for the phone that reads the players' cards: {address}").format(
                address=f"{where}checkin?{ORGANISER}={organiser}"
            )
        )
        say(
            _("The organiser's sheet form, where the tables' paper sheets are typed: {address}").format(
                address=f"{where}sheet?{ORGANISER}={organiser}"
            )
        )
        if is_loopback(host):
            say(
                _("Only this machine can open these addresses; for the phones at the table, serve with --host 0.0.0.0.")
            )
        app = create_tournament_app(ledger, info.id, entry=True, organiser=organiser, public=where)
    else:
        say(
            _("schreiber serves the tournament {name} at {address} (read-only; Ctrl-C stops it).").format(
                name=name, address=where
            )
        )
        if not is_loopback(host):
            say(_("Anyone on the network that reaches {host} can read the scores.").format(host=host))
        app = create_tournament_app(ledger, info.id)
    uvicorn.Server(uvicorn_config(app, host, sock, reach or Reach())).run(sockets=[sock])


def run_season(ledger: Ledger, season: str, host: str, port: int, say=print, reach: Reach | None = None) -> None:
    """Serve the season `season` (an id, or "" for the active one) read-only until Ctrl-C."""
    _serve_one(
        ledger,
        season,
        host,
        port,
        say,
        reach,
        refusal=_("--season: give a season id (a number), not {value}."),
        info=Seasons(ledger).info,
        served=_("schreiber serves the season “{name}” at {address} (read-only; Ctrl-C stops it)."),
        create=create_season_app,
    )


def run_league(ledger: Ledger, league: str, host: str, port: int, say=print, reach: Reach | None = None) -> None:
    """Serve the league `league` (an id, or "" for the active one) read-only until Ctrl-C."""
    from schreiber.ledger.league import Leagues

    _serve_one(
        ledger,
        league,
        host,
        port,
        say,
        reach,
        refusal=_("--league: give a league id (a number), not {value}."),
        info=Leagues(ledger).info,
        served=_("schreiber serves the league “{name}” at {address} (read-only; Ctrl-C stops it)."),
        create=create_league_app,
    )


def _serve_one(
    ledger: Ledger,
    given: str,
    host: str,
    port: int,
    say: Any,
    reach: Reach | None,
    *,
    refusal: str,
    info: Any,
    served: str,
    create: Any,
) -> None:
    """One season's or league's read-only page: the id checked, the address said, served until Ctrl-C."""
    import uvicorn

    if given and not given.isdigit():
        raise SettingsError(refusal.format(value=repr(given)))
    found = info(int(given) if given else None)
    sock = bind(host, port)
    say(served.format(name=found.name, address=address(host, sock.getsockname()[1])))
    if not is_loopback(host):
        say(_("Anyone on the network that reaches {host} can read the scores.").format(host=host))
    uvicorn.Server(uvicorn_config(create(ledger, found.id), host, sock, reach or Reach())).run(sockets=[sock])
