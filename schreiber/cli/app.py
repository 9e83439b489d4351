"""The `schreiber` command: the root app, its global options, and `main`, which runs a command line and turns
what goes wrong into one sentence. The commands are in one module per group (session, hands, reports, …).

Only typer and the standard library are imported here and there, so `schreiber --help` stays quick; each
command imports the ledger (SQLAlchemy) and the renderer when it runs. The commands' annotations
(`Annotated[…, typer.Option(…)]`) stay text until typer builds the command (cli/tree.py): `--help`
makes none of those objects, `add` only its own.
"""

from __future__ import annotations

import gc
import os
import sys
from typing import Annotated, Any

import typer
import typer.core

from schreiber.cli.tree import LazyGroup, build


class _Root(LazyGroup):
    """The `schreiber` group; asked by a shell to complete, it first gives its parameters the table's
    completers (schreiber/cli/complete.py, imported only then)."""

    def _main_shell_completion(self, ctx_args: Any, prog_name: str, complete_var: str | None = None) -> None:
        if os.environ.get(complete_var or f"_{prog_name}_COMPLETE".replace("-", "_").upper()):
            from schreiber.cli.complete import attach

            attach(self)
        super()._main_shell_completion(ctx_args, prog_name, complete_var)


# After the group class: the modules below are read only once typer's group is defined.
from schreiber import i18n  # noqa: E402
from schreiber.cli import clickwords  # noqa: E402
from schreiber.cli.argv import optional_id, spread_name_values  # noqa: E402
from schreiber.cli.argv import db_first as _db_first  # noqa: E402
from schreiber.cli.metavars import fix_params  # noqa: E402
from schreiber.cli.runner import _opened, _target  # noqa: E402
from schreiber.i18n import _  # noqa: E402

# Help texts are translated as the commands are defined, in the modules imported below: the language is chosen by now.
i18n.install()
clickwords.install(typer)

app = typer.Typer(
    cls=_Root,
    help=_("schreiber — the score-keeper for Schafkopf, Buchstaben-Schafkopf, Doppelkopf, the old Schafkopf and Skat."),
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    no_args_is_help=True,
)

# One module per command group, each importing typer only (the ledger and the renderers come with the command that
# runs). `schreiber --help` lists the commands in the order they are registered here: the root's own, then the groups.
from schreiber.cli.db import db_app, db_commands  # noqa: E402
from schreiber.cli.hands import hand_commands  # noqa: E402
from schreiber.cli.league import league_app  # noqa: E402
from schreiber.cli.player import player_app  # noqa: E402
from schreiber.cli.publish import publish_commands  # noqa: E402
from schreiber.cli.reports import report_commands  # noqa: E402
from schreiber.cli.rules import rules_app  # noqa: E402
from schreiber.cli.season import season_app  # noqa: E402
from schreiber.cli.serve import serve_commands  # noqa: E402
from schreiber.cli.session import session_app  # noqa: E402
from schreiber.cli.tournament import tournament_app  # noqa: E402
from schreiber.cli.transfer import export_app, import_app  # noqa: E402

for commands in (hand_commands, report_commands, serve_commands, publish_commands, db_commands):
    app.registered_commands += commands.registered_commands
app.add_typer(session_app, name="session")
app.add_typer(rules_app, name="rules")
app.add_typer(export_app, name="export")
app.add_typer(import_app, name="import")
app.add_typer(db_app, name="db")
app.add_typer(tournament_app, name="tournament")
app.add_typer(season_app, name="season")
app.add_typer(league_app, name="league")
app.add_typer(player_app, name="player")


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            typer.echo(f"schreiber {version('schreiber')}")
        except PackageNotFoundError:
            typer.echo(_("schreiber (version unknown: not installed)"))
        raise typer.Exit()


@app.callback()
def _global(
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            envvar="SCHREIBER_DB",
            metavar="TARGET",
            help=_("Ledger: an SQLite file path or an SQLAlchemy URL; before or after the command."),
        ),
    ] = None,
    version: Annotated[
        bool, typer.Option("--version", is_eager=True, callback=_version, help=_("Print the version and exit."))
    ] = False,
) -> None:
    _target["db"] = db


def main(argv: list[str] | None = None, command: Any = None) -> int:
    """Run the command; bad input and database trouble become one sentence and exit status 2.

    `command`: the click command tree, when the caller built it once (`play`, line after line)."""
    try:
        args = optional_id(spread_name_values(_db_first(list(sys.argv[1:] if argv is None else argv))))
        if command is None:
            command = build(app, finish=fix_params)
        # obj: what runs a command line, handed down to `play` (cli/hands.py), whose every line is one.
        result = command.main(args=args, prog_name="schreiber", standalone_mode=False, obj=main)
        sys.stdout.flush()
    except OSError as e:
        if not _output_trouble(e):
            return _refuse(e)
        return _output_failed(e)
    except typer.Abort:
        typer.echo(_("Aborted."), err=True)
        return 1
    except typer.TyperException as e:  # usage errors: unknown option, missing argument, bad value
        from typer._click.exceptions import MissingParameter, NoArgsIsHelpError

        if isinstance(e, NoArgsIsHelpError):  # bare `schreiber` (or `schreiber session`): its help
            typer.echo(e.format_message())
            return 0
        ctx = getattr(e, "ctx", None)
        # typer says it through gettext: in German the sentence is the catalog's.
        if (
            ctx is not None
            and ctx.parent is None
            and getattr(e, "message", "") in ("Missing command.", _("Missing command."))
        ):
            typer.echo(ctx.get_help())  # `schreiber --db FILE` alone: the help too
            return 0
        message = clickwords.usage_error(e)
        if isinstance(e, MissingParameter) and e.param is not None and e.param.name == "type_" and e.ctx is not None:
            message = _no_type(e.ctx.command.name)
        _say_refusal(f"schreiber: {message}")
        return getattr(e, "exit_code", 2) or 2
    except Exception as e:
        return _refuse(e)
    finally:
        while _opened:
            _opened.pop().release()
        _target["db"] = None
    return result if isinstance(result, int) else 0


def _no_type(command: str | None) -> str:
    """`add` without TYPE: name the hand types of the active table."""
    from schreiber.cli import helptext

    table = helptext.active_table(_target["db"])
    if table is None:
        return _(
            "{command} needs a hand type (TYPE); `schreiber rules show RULESET` lists each rule set's types."
        ).format(command=command)
    from schreiber.rules import registry

    types = ", ".join(registry.get(table.rules).types)
    return _("{command} needs a hand type (TYPE); session {id} plays {rules}: {types}.").format(
        command=command, id=table.id, rules=table.rules, types=types
    )


def _say_refusal(text: str) -> None:
    """A refusal on standard error: red on a terminal, plain when piped or with NO_COLOR."""
    if os.environ.get("NO_COLOR"):
        typer.echo(text, err=True, color=False)
    else:
        typer.secho(text, err=True, fg="red")


def _output_trouble(error: OSError) -> bool:
    import errno

    return error.errno in (errno.EPIPE, errno.ENOSPC, errno.EDQUOT, errno.EFBIG)


def _output_failed(error: OSError) -> int:
    """Standard output went away (`| head`) or filled up (`> /dev/full`): quiet, or one sentence, exit 2."""
    import errno

    try:
        # What is still buffered can never be written; point stdout at nothing so exit stays quiet.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass  # not a real file descriptor (captured in tests)
    if error.errno == errno.EPIPE:
        return 1  # the reader stopped reading (`| head`): quiet, with click's status for a broken pipe
    typer.echo(
        _("schreiber: cannot write the output ({reason}); it is incomplete.").format(reason=error.strerror or error),
        err=True,
    )
    return 2


def _refuse(error: Exception) -> int:
    """Our own errors carry a sentence for the user; anything else from the database is said plainly too."""
    from schreiber.errors import UserError
    from schreiber.store.engine import hide_password

    def say(message: str) -> None:
        # Whatever part of a URL was wrong, its password never reaches the screen.
        _say_refusal(hide_password(message, _target["db"] or os.environ.get("SCHREIBER_DB")))

    if isinstance(error, UserError):
        say(f"schreiber: {error}")
        return 2
    if type(error).__module__.startswith(("sqlalchemy", "psycopg", "sqlite3")):
        first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        say(_("schreiber: the ledger could not be used ({reason}); nothing was changed.").format(reason=first))
        return 2
    if os.environ.get("SCHREIBER_DEBUG"):
        raise error
    # A bug of ours: the transaction was rolled back, so say so in one line rather than a traceback.
    say(
        _(
            "schreiber: internal error ({error}); nothing was changed. Run again with SCHREIBER_DEBUG=1 to see the details."
        ).format(error=f"{type(error).__name__}: {error}")
    )
    return 1


def entry() -> None:
    # A command starts by importing a great many long-lived objects (SQLAlchemy, the models, a rule
    # set); the collector is paused until they are in place, sparing it passes that find no garbage.
    gc.disable()
    sys.exit(main())
