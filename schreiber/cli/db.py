"""`schreiber db …` (upgrade, path, info, check, backup) and `schreiber recompute`: the ledger's upkeep.

Only typer, the standard library and cli/runner.py at the top, as in app.py.
"""

from __future__ import annotations

from typing import Annotated

import typer

from schreiber import i18n
from schreiber.cli.runner import _ledger, _render, _target
from schreiber.i18n import _

db_app = typer.Typer(
    help=_("The ledger's database. A command waits SCHREIBER_BUSY_TIMEOUT seconds (10) for another terminal's write."),
    rich_markup_mode=None,
    no_args_is_help=True,
)
# `recompute`, a command of the root app (app.py registers it last of them).
db_commands = typer.Typer(rich_markup_mode=None)


@db_commands.command("recompute", help=_("Rebuild every cached payout from the facts and say how many had differed."))
def recompute() -> None:
    hands, differed = _ledger().recompute()
    typer.echo(
        i18n.ngettext(
            "{hands} hand re-scored from its facts;", "{hands} hands re-scored from their facts;", hands
        ).format(hands=hands)
        + " "
        + i18n.ngettext(
            "{differed} cached payout had differed and was rebuilt.",
            "{differed} cached payouts had differed and were rebuilt.",
            differed,
        ).format(differed=differed)
    )


@db_app.command("upgrade", help=_("Create the ledger or bring its schema up to the newest revision."))
def db_upgrade() -> None:
    from schreiber.store.engine import shown, stored_revision

    ledger = _ledger()
    typer.echo(
        _("The ledger at {where} is at schema revision {revision}.").format(
            where=shown(str(ledger.engine.url)), revision=stored_revision(ledger.engine)
        )
    )


@db_app.command("path", help=_("Name the ledger in use (a file path, or a server URL without its password)."))
def db_path() -> None:
    from schreiber.store.engine import shown, target_url

    typer.echo(shown(target_url(_target["db"])))


@db_app.command("info", help=_("The ledger's place, schema revision, and how many tables, hands and players."))
def db_info() -> None:
    from schreiber.ledger.upkeep import info

    _render().ledger_info(info(_ledger(migrate=False, create=False)))


@db_app.command("check", help=_("Prove the ledger intact and its payouts equal to the fold; exit 1 on any problem."))
def db_check() -> None:
    from schreiber.ledger.upkeep import check

    result = check(_ledger(migrate=False, create=False))
    _render().ledger_check(result)
    if result.problems:
        raise typer.Exit(1)


@db_app.command("backup", help=_("Copy an SQLite ledger to FILE, consistent while others write (PostgreSQL: pg_dump)."))
def db_backup(
    file: Annotated[str, typer.Argument(metavar="FILE", help=_("Where the copy goes (replaced if it exists)."))],
) -> None:
    from schreiber.ledger.upkeep import backup

    path, size = backup(_ledger(migrate=False, create=False), file)
    typer.echo(_("The ledger was copied to {path} ({size} bytes).").format(path=path, size=i18n.number(size)))
