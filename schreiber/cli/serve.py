"""`schreiber serve`: the live scoreboard in the browser, for a table, a scope, a tournament, a season or a league.

The one command of cli/ that imports web/ (tests/test_architecture.py, CLI_INTO_WEB), inside itself: only typer,
the standard library and cli/ at the top, as in app.py.
"""

from __future__ import annotations

from typing import Annotated

import typer

from schreiber.cli.reports import SinceOpt, UntilOpt, _scope
from schreiber.cli.runner import SessionOpt, _ledger
from schreiber.i18n import _

serve_commands = typer.Typer(rich_markup_mode=None)


@serve_commands.command(
    "serve",
    help=_(
        "A read-only live scoreboard in the browser: standings, hands with breakdowns, next dealer;\n"
        "it follows every hand recorded from any terminal. Open the address it prints; `?wall` for a wall screen."
    ),
)
def serve(
    session: SessionOpt = None,
    all_: Annotated[bool, typer.Option("--all", help=_("Every table of the ledger: the season standings."))] = False,
    since: SinceOpt = None,
    until: UntilOpt = None,
    host: Annotated[
        str,
        typer.Option(
            "--host",
            metavar="ADDRESS",
            help=_("Address to listen on; another than 127.0.0.1 lets the network read the scores."),
        ),
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", metavar="PORT", help=_("Port to listen on (0: any free one)."))] = 8150,
    entry: Annotated[
        bool,
        typer.Option(
            "--entry",
            help=_(
                "The page may also record hands: prints each table's entry address with its key, and a QR code (with --tournament: the organiser's page, which shows them, its check-in and its sheet form, where the tables' paper sheets are typed)."
            ),
        ),
    ] = False,
    tournament: Annotated[
        str | None,
        typer.Option(
            "--tournament",
            metavar="[ID]",
            help=_("A tournament (default: the active one): its standings, the seat plan and every table's page."),
        ),
    ] = None,
    behind_proxy: Annotated[
        bool,
        typer.Option(
            "--behind-proxy",
            help=_(
                "Trust X-Forwarded-For from the proxy in front (only when serve is reachable through that proxy alone)."
            ),
        ),
    ] = False,
    host_name: Annotated[
        list[str] | None,
        typer.Option(
            "--host-name",
            metavar="NAME",
            help=_("Another name the pages answer to, such as a proxy's in front (repeatable); other names get 421."),
        ),
    ] = None,
    proxy_address: Annotated[
        list[str] | None,
        typer.Option(
            "--proxy-address",
            metavar="ADDRESS",
            help=_(
                "A proxy whose X-Forwarded-For names the client, besides 127.0.0.1 with --behind-proxy (repeatable)."
            ),
        ),
    ] = None,
    season: Annotated[
        str | None,
        typer.Option(
            "--season", metavar="[ID]", help=_("A season (default: the active one): its standings and awards, live.")
        ),
    ] = None,
    league: Annotated[
        str | None,
        typer.Option(
            "--league",
            metavar="[ID]",
            help=_(
                "A league (default: the active one): its table, the Spielbericht of the newest Spieltag and the lists"
                " of the Serie being played, live."
            ),
        ),
    ] = None,
) -> None:
    from schreiber.web.server import Reach

    reach = Reach.given(host_name or (), behind_proxy, proxy_address or ())
    if league is not None:
        from schreiber.web.serve import run_league

        run_league(_ledger(), league, host, port, say=typer.echo, reach=reach)
        return
    if season is not None:
        from schreiber.web.serve import run_season

        run_season(_ledger(), season, host, port, say=typer.echo, reach=reach)
        return
    if tournament is not None:
        from schreiber.web.serve import run_tournament

        run_tournament(_ledger(), tournament, host, port, say=typer.echo, entry=entry, reach=reach)
        return
    scope = _scope(session, all_, since, until)
    from schreiber.web.serve import run

    run(_ledger(), scope, host, port, say=typer.echo, entry=entry, reach=reach)
