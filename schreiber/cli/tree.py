"""The click command tree of `schreiber`, built a command at a time.

typer turns every command's signature into options before it reads a word: some forty commands, most
of `schreiber --help`'s start-up beyond importing typer. Here a group knows its commands by name and
has typer build one when it is looked up: `--help` lists them from their help texts and builds none,
`add` builds `add` alone. Only typer and the standard library are imported, as in app.py.
"""

from __future__ import annotations

import copy
import inspect
from collections.abc import Callable, Iterator, MutableMapping
from typing import Any

import typer
import typer.core
import typer.main
from typer.models import CommandInfo, TyperInfo


class LazyGroup(typer.core.TyperGroup):
    """A group whose `commands` may be `Commands`: listing them builds none of them."""

    def list_commands(self, ctx: Any) -> list[str]:
        return list(self.commands)  # typer's own goes through .items(), which would build every command

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        commands = self.commands
        if not isinstance(commands, Commands):
            super().format_commands(ctx, formatter)
            return
        # typer's own listing, shown the commands' names and help texts only.
        self.commands = commands.summaries()
        try:
            super().format_commands(ctx, formatter)
        finally:
            self.commands = commands


class Commands(MutableMapping[str, Any]):
    """A group's commands by name, in typer's order; each is built by typer when first looked up,
    then handed to `finish`."""

    def __init__(self, app: typer.Typer, how: dict[str, Any], finish: Callable[[Any], None]) -> None:
        self._how = how  # what typer hands down from the root: pretty_exceptions_short, rich_markup_mode, …
        self._finish = finish
        self._plans: dict[str, CommandInfo | TyperInfo | None] = {}
        self._built: dict[str, Any] = {}
        self._plan(app)

    def _plan(self, app: typer.Typer) -> None:
        for info in app.registered_commands:
            self._plans[info.name or typer.main.get_command_name(info.callback.__name__)] = info  # type: ignore[union-attr]
        for group in app.registered_groups:
            name = typer.main.solve_typer_info_defaults(group).name
            if name:
                self._plans[name] = group
            else:  # a group added without a name: typer puts its commands in this one
                self._plan(group.typer_instance)  # type: ignore[arg-type]

    def __getitem__(self, name: str) -> Any:
        if name not in self._built:
            plan = self._plans[name]
            if isinstance(plan, CommandInfo):
                # A command that makes itself (hands.py's add and edit: their options from a table).
                make = getattr(plan.callback, "make_command", None)
                if make is not None:
                    built = make(plan, self._how)
                else:
                    built = typer.main.get_command_from_info(
                        plan,
                        pretty_exceptions_short=self._how["pretty_exceptions_short"],
                        rich_markup_mode=self._how["rich_markup_mode"],
                    )
            else:
                built = _group(plan, self._how, self._finish)  # type: ignore[arg-type]
            self._finish(built)
            self._built[name] = built
        return self._built[name]

    def __setitem__(self, name: str, command: Any) -> None:
        self._plans.setdefault(name, None)
        self._built[name] = command

    def __delitem__(self, name: str) -> None:
        del self._plans[name]
        self._built.pop(name, None)

    def __contains__(self, name: object) -> bool:
        return name in self._plans  # Mapping's own would build the command to answer

    def __iter__(self) -> Iterator[str]:
        return iter(self._plans)

    def __len__(self) -> int:
        return len(self._plans)

    def summaries(self) -> dict[str, Any]:
        """Each command as the group's help lists it (name, help, short help, hidden, deprecated),
        without its options: what typer would give it (typer.main.get_command_from_info, get_group_from_info)."""
        out = {}
        for name, plan in self._plans.items():
            if name in self._built:
                out[name] = self._built[name]
                continue
            if isinstance(plan, CommandInfo):
                text = inspect.cleandoc(plan.help) if plan.help is not None else inspect.getdoc(plan.callback)
            else:
                plan = typer.main.solve_typer_info_defaults(plan)  # type: ignore[arg-type]
                text = plan.help
            out[name] = typer.core.TyperCommand(
                name=name,
                help=text,
                short_help=plan.short_help,
                hidden=plan.hidden,
                deprecated=plan.deprecated,  # type: ignore[union-attr]
            )
        return out


def build(app: typer.Typer, finish: Callable[[Any], None] = lambda command: None) -> Any:
    """The root group of `app` (its class a LazyGroup), as `typer.main.get_command` makes it, but its
    commands built on demand; `finish(command)` is called on each command and group as it is built."""
    root = typer.main.get_command(_bare(app))
    if not isinstance(root, LazyGroup):
        raise TypeError(f"{app.info.cls} should be a subclass of LazyGroup")
    root.commands = Commands(app, _how(app), finish)
    finish(root)
    return root


def one(app: typer.Typer, name: str) -> Any:
    """The command `name` of `app`, built as the tree builds it, the rest of the tree left unbuilt."""
    return Commands(app, _how(app), lambda command: None)[name]


def _how(app: typer.Typer) -> dict[str, Any]:
    """What typer hands down from the root to every command it builds."""
    return {
        "pretty_exceptions_short": app.pretty_exceptions_short,
        "rich_markup_mode": app.rich_markup_mode,
        "suggest_commands": app.suggest_commands,
    }


def _group(info: TyperInfo, how: dict[str, Any], finish: Callable[[Any], None]) -> LazyGroup:
    """The group `info` describes, as typer builds it (typer.main.get_group_from_info), with lazy commands."""
    bare = copy.copy(info)
    bare.typer_instance = _bare(info.typer_instance)  # type: ignore[arg-type]
    cls = typer.main.solve_typer_info_defaults(info).cls
    if cls is None:
        bare.cls = LazyGroup
    elif not issubclass(cls, LazyGroup):
        raise TypeError(f"{cls} should be a subclass of LazyGroup")
    group = typer.main.get_group_from_info(bare, **how)
    group.commands = Commands(info.typer_instance, how, finish)  # type: ignore[arg-type]
    return group  # type: ignore[return-value]


def _bare(app: typer.Typer) -> typer.Typer:
    """`app` without its commands and groups: what typer builds of it is the group itself."""
    bare = copy.copy(app)
    bare.registered_commands = []
    bare.registered_groups = []
    return bare
