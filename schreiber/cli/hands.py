"""The hand commands of `schreiber`: add, edit, play, list, show, undo, void, restore.

Only typer, the standard library and cli/runner.py at the top, as in app.py. `add` and `edit` take their
options from the table (cli/facts.py builds them, when one of the two is looked up: cli/tree.py).
"""

from __future__ import annotations

from typing import Annotated, Any

import typer
import typer.core

from schreiber.cli.metavars import fix_metavars
from schreiber.cli.runner import FormatOpt, SessionOpt, _format, _kept, _ledger, _opened, _render, _target
from schreiber.i18n import _

# Registered on the root app in the order below (app.py): `schreiber --help` lists them so.
hand_commands = typer.Typer(rich_markup_mode=None)

# At a tournament's table whose prizes are paid out, a change of its hands moves the standings (RULES.md §9).
ForceOpt = Annotated[
    bool, typer.Option("--force", help=_("At a tournament table: change the hands although prizes are paid out."))
]


def add(
    type_: Annotated[str, typer.Argument(metavar="TYPE", help=_("The hand type, e.g. rufspiel, wenz, ramsch."))],
    session: SessionOpt = None,
    force: ForceOpt = False,
    **facts: Any,
) -> None:
    """`facts`: an option for each fact of a hand (rules/declared.py), by name: cli/facts.py makes them."""
    from schreiber.entry import build_hand

    _render().added(_ledger().add(build_hand(type_, **facts), session, force=force))


def edit(
    number: Annotated[int, typer.Argument(metavar="N", help=_("The hand to change."))],
    type_: Annotated[
        str | None,
        typer.Argument(
            metavar="[TYPE]",
            help=_("The hand type, to replace the whole hand; leave out to change only the options named."),
            show_default=False,
        ),
    ] = None,
    session: SessionOpt = None,
    force: ForceOpt = False,
    **facts: Any,
) -> None:
    """`edit N [TYPE] [options]` takes exactly the options of `add`; only TYPE is optional, since a
    partial edit keeps the stored hand's type."""
    from schreiber.entry import build_hand

    partial = type_ is None
    hand = build_hand("?" if partial else type_, **facts)  # type: ignore[arg-type]
    _render().edited(number, _ledger().edit(number, hand, session, partial=partial, force=force))


def _hand_command(info: Any, how: dict[str, Any]) -> Any:
    from schreiber.cli.facts import hand_command

    return hand_command(info, how)


add.make_command = edit.make_command = _hand_command  # type: ignore[attr-defined]  (called by cli/tree.py)


class _HandCommand(typer.core.TyperCommand):
    """`add` / `edit`: help with examples and the active table's hand types; `add TYPE --help`
    shows only the options TYPE takes."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        typed = ctx.meta["typed"] = list(args)  # --help is eager: it runs before TYPE is read
        rest = super().parse_args(ctx, args)
        if not ctx.resilient_parsing:
            from schreiber.cli.argv import spitzen_once

            spitzen_once(typed)
        return rest

    def format_help(self, ctx: Any, formatter: Any) -> None:
        from schreiber.cli import helptext

        fix_metavars(self)
        typed = ctx.meta.get("typed", [])
        words = [w for w in typed if not w.startswith("-")]
        if self.name == "edit" and words and words[0].isdigit():
            words = words[1:]
        if words and typed and not typed[0].startswith("-") and (self.name == "add" or len(words) < len(typed)):
            table = helptext.active_table(_target["db"])
            if table is not None:
                from schreiber.rules import registry

                candidates = [registry.get(table.rules)]
            else:
                candidates = helptext.rule_sets_with(words[0].lower())
            for rules in candidates:
                picked = helptext.pick_type(rules, words[0])
                if picked is not None:
                    others = [r.name for r in helptext.rule_sets_with(picked) if r.name != rules.name]
                    players = table.players if table is not None else None
                    helptext.type_help(self, ctx, formatter, rules, picked, players, others if table is None else ())
                    return
        super().format_help(ctx, formatter)
        helptext.add_epilog(formatter, _target["db"], edit=self.name == "edit")


hand_commands.command(
    "add",
    cls=_HandCommand,
    help=_("Record one hand; prints its payout, the running totals, the next dealer and the Bock queue."),
)(add)
hand_commands.command(
    "edit",
    cls=_HandCommand,
    help=_(
        "Change hand N: `edit N --augen 85` changes only the options named and keeps the rest;\n"
        "`edit N TYPE [options]` replaces the whole hand. Every later hand is re-scored."
    ),
)(edit)


@hand_commands.command(
    "play",
    help=_(
        "One process for the evening: each line is a command without `schreiber`; a line that starts\n"
        "with a hand type records it (`ruf -p an -m ca -a 75`). Tab completes, `quit` or Ctrl-D leaves.\n"
        "Not a terminal (`schreiber play < evening.txt`): the first refused line stops with `line N: …`.\n"
        "`help` lists play's own commands; `fs` is farbsolo, a suit's start stands for it (`--farbe ei`)."
    ),
)
def play(ctx: typer.Context, session: SessionOpt = None) -> None:
    from schreiber.cli.play import run

    ledger = _ledger()
    _opened.remove(ledger)  # kept open across the lines, each of which is a command of its own
    _kept.append(ledger)
    try:
        # Each line runs as this command did: in the same command tree, by what ran it (app.main, the context's obj).
        code = run(ledger, session, _target["db"], root=ctx.find_root().command, runner=ctx.obj)
    finally:
        _kept.clear()
        ledger.engine.dispose()
    if code:
        raise typer.Exit(code)


@hand_commands.command(
    "list",
    help=_(
        "The hands of the table with payouts and running totals.\n"
        "\n"
        'JSON: {"session", "players", "hands": [{"number", "type", "dealer", "description", "value", "formula",\n'
        '"sitting_out", "payouts": {NAME: points}, "totals": {NAME: points}, "facts"}], "totals"}; CSV: one row\n'
        "per hand, columns number, dealer, type, description, value, then NAME and NAME_total per player."
    ),
)
def list_hands(
    session: SessionOpt = None,
    history: Annotated[
        bool, typer.Option("--history", help=_("Every hand as typed, with those undone or replaced."))
    ] = False,
    format_: FormatOpt = "table",
) -> None:
    fmt = _format(format_, ("table", "json", "csv"))
    if history:
        if fmt != "table":
            raise typer.BadParameter(_("--history is shown as a table only."), param_hint="--format")
        _render().history(*_ledger().history(session))
        return
    _render().hands(_ledger().table(session), fmt)


@hand_commands.command("show", help=_("One hand: the facts, every term and factor of its value, and the payout."))
def show(
    number: Annotated[int, typer.Argument(metavar="N", help=_("The hand number."))],
    format_: Annotated[str, typer.Option("--format", metavar="table|json", help=_("table or json."))] = "table",
    session: SessionOpt = None,
) -> None:
    fmt = _format(format_, ("table", "json"))
    hand, view = _ledger().show(number, session)
    _render().hand(hand, view, fmt)


@hand_commands.command("undo", help=_("Void the last hand (it is kept, marked void)."))
def undo(session: SessionOpt = None, force: ForceOpt = False) -> None:
    hand, view = _ledger().undo(session, force=force)
    _render().undone(hand, view)


@hand_commands.command(
    "void", help=_("Void hand N, wherever it is (kept, marked void); every later hand is re-scored.")
)
def void(
    number: Annotated[int, typer.Argument(metavar="N", help=_("The hand to void."))],
    keep_dealers: Annotated[
        bool,
        typer.Option(
            "--keep-dealers",
            help=_(
                "Each later hand keeps the dealer it was recorded with (stored as its --dealer), so who sat out and its payout stay."
            ),
        ),
    ] = False,
    session: SessionOpt = None,
    force: ForceOpt = False,
) -> None:
    hand, result = _ledger().void(number, session, keep_dealers=keep_dealers, force=force)
    _render().voided(hand, result)


@hand_commands.command(
    "restore",
    help=_(
        "Bring back the newest voided or replaced version of hand N; the version in force, if any, is\n"
        "set aside as replaced (so a second restore brings it back). Every later hand is re-scored."
    ),
)
def restore(
    number: Annotated[int, typer.Argument(metavar="N", help=_("The hand to bring back."))],
    session: SessionOpt = None,
    force: ForceOpt = False,
) -> None:
    hand, result = _ledger().restore(number, session, force=force)
    _render().restored(hand, result)
