"""`schreiber rules [show]`: the rule sets, their hand types and settings.

Only typer, the standard library and cli/runner.py at the top, as in app.py.
"""

from __future__ import annotations

from typing import Annotated

import typer

from schreiber.cli.runner import _render, _target
from schreiber.i18n import _

rules_app = typer.Typer(help=_("The rule sets, their hand types and settings."), rich_markup_mode=None)


@rules_app.callback(invoke_without_command=True)
def rules_list(ctx: typer.Context) -> None:
    """The rule sets with one line each (the group's help is the Typer's, above)."""
    if ctx.invoked_subcommand is None:
        _render().rule_sets()


@rules_app.command(
    "show", help=_("A rule set's hand types, settings and their defaults; with TYPE, the options that type takes.")
)
def rules_show(
    name: Annotated[
        str | None,
        typer.Argument(
            metavar="[RULESET]", help=_("A rule set, e.g. schafkopf (default: the active table's)."), show_default=False
        ),
    ] = None,
    hand_type: Annotated[
        str | None,
        typer.Argument(
            metavar="[TYPE]", help=_("One hand type: only the options it takes, with an example."), show_default=False
        ),
    ] = None,
) -> None:
    from schreiber.rules import registry

    players = None
    if name is None:
        from schreiber.cli import helptext

        table = helptext.active_table(_target["db"])
        if table is None:
            raise typer.BadParameter(
                _("there is no active table; name a rule set: {names}.").format(names=", ".join(registry.names())),
                param_hint="RULESET",
            )
        name, players = table.rules, table.players
    rules = registry.get(name)
    if hand_type is None:
        _render().rule_set(rules)
        return
    from schreiber.cli import helptext

    picked = helptext.pick_type(rules, hand_type)
    if picked is None:
        raise typer.BadParameter(
            _("{hand_type} is not a hand type of {name}; use one of {types}.").format(
                hand_type=repr(hand_type), name=rules.name, types=", ".join(rules.types)
            ),
            param_hint="TYPE",
        )
    from schreiber.cli.hands import hand_commands
    from schreiber.cli.tree import one

    add_command = one(hand_commands, "add")
    typer.echo(helptext.type_text(rules, picked, players, add_command))
