"""`schreiber player …`: the ledger's one register of people — list, show, rename, merge.

Only typer, the standard library and cli/runner.py at the top, as in app.py.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from schreiber.cli.runner import FormatOpt, _format, _ledger
from schreiber.i18n import _

player_app = typer.Typer(
    help=_("The players of the ledger: list them, show one, rename one, merge two spellings of one person."),
    rich_markup_mode=None,
    no_args_is_help=True,
)


def _players() -> Any:
    from schreiber.ledger.players import Players

    return Players(_ledger())


def _show() -> Any:
    from schreiber.cli import player_render

    return player_render


@player_app.command("list", help=_("Every player with his tables, hands, tournaments and seasons."))
def list_(format_: FormatOpt = "table") -> None:
    fmt = _format(format_, ("table", "json", "csv"))
    _show().listing(_players().list(), fmt)


@player_app.command("show", help=_("A player's evenings, tournaments and seasons, with his totals per rule set."))
def show(
    name: Annotated[str, typer.Argument(metavar="NAME", help=_("The player."))],
    format_: Annotated[str, typer.Option("--format", metavar="table|json", help=_("table or json."))] = "table",
) -> None:
    fmt = _format(format_, ("table", "json"))
    _show().card(_players().show(name), fmt)


@player_app.command("rename", help=_("Give a player another name, at every table, tournament and season at once."))
def rename(
    old: Annotated[str, typer.Argument(metavar="OLD", help=_("The player."))],
    new: Annotated[str, typer.Argument(metavar="NEW", help=_("His new name."))],
) -> None:
    _show().renamed(*_players().rename(old, new))


@player_app.command(
    "merge",
    help=_(
        "Join two spellings of one person: every hand, payout, sheet line, registration and season number of FROM\n"
        "becomes INTO's, in one transaction. Refused when both sat at one table."
    ),
)
def merge(
    source: Annotated[str, typer.Argument(metavar="FROM", help=_("The spelling that goes."))],
    target: Annotated[str, typer.Argument(metavar="INTO", help=_("The spelling that stays."))],
) -> None:
    _show().merged(_players().merge(source, target))


@player_app.command(
    "set",
    help=_(
        'What `publish` may show of a player: with --privat he appears as "Player 12" (his number) on every\n'
        "published page and in its data, never by name; --undo publishes his name again. --kategorie K,…:\n"
        'his categories (damen,senioren; "" clears), which each later registration copies.'
    ),
)
def set_(
    name: Annotated[str, typer.Argument(metavar="NAME", help=_("The player."))],
    privat: Annotated[
        bool, typer.Option("--privat", help=_('Publish him by his number only ("Player 12"), never by name.'))
    ] = False,
    undo: Annotated[bool, typer.Option("--undo", help=_("Publish his name again."))] = False,
    kategorie: Annotated[
        str | None,
        typer.Option(
            "--kategorie", metavar="K,…", help=_('His categories in the register (damen,senioren; "" clears them).')
        ),
    ] = None,
) -> None:
    if not privat and kategorie is None:
        raise typer.BadParameter(_("name what to set: --privat or --kategorie K,…."), param_hint="--privat")
    if kategorie is not None:
        from schreiber.ledger.categories import Categories

        _show().kategorien(*Categories(_ledger()).set_register(name, kategorie))
    if privat:
        _show().privat(*_players().set_privat(name, not undo))
