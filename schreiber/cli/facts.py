"""The commands `add` and `edit`: their own arguments (TYPE, N, --session, --force) from their
signature, an option for each fact of a hand from the table (rules/declared.py), made by typer's own
converter one parameter at a time, so they read and show as typer makes every other option.

Only typer and the table are imported: cli/tree.py calls `hand_command` when `add` or `edit` is
looked up, so `schreiber --help` makes none of it.
"""

from __future__ import annotations

import inspect
from typing import Any

import typer
import typer.main
from typer.models import CommandInfo, ParamMeta
from typer.utils import get_params_from_function

from schreiber.i18n import _
from schreiber.rules import declared
from schreiber.rules.declared import FLAG, NAMES, NUMBER, PAIRS, Declared


def options() -> list[tuple[Declared, ParamMeta]]:
    """A parameter for each option of the table, in its order (an option that gives two facts, once)."""
    facts = declared.DECLARED
    out = []
    for fact in facts:
        if fact.via:
            continue  # given by the option of the fact it names
        decls = (fact.option, fact.short) if fact.short else (fact.option,)
        shared = any(f.via == fact.name and f.kind == PAIRS for f in facts)  # --augen N or NAME=N
        more: dict[str, Any] = {"help": _(fact.help)}
        if fact.kind != FLAG:
            more["metavar"] = fact.shown_as
        if fact.kind == FLAG and fact.off:
            decls = (f"{fact.option}/--{fact.off.replace('_', '-')}",)
            annotation, default = bool | None, None
        elif fact.kind == FLAG:
            annotation, default = bool, False
        elif fact.kind in (NAMES, PAIRS) or shared:
            annotation, default = list[str] | None, None
        elif fact.kind == NUMBER:
            annotation, default = int | None, None
        else:
            annotation, default = str | None, None
        out.append(
            (fact, ParamMeta(name=fact.param, default=typer.Option(default, *decls, **more), annotation=annotation))
        )
    return out


def hand_command(info: CommandInfo, how: dict[str, Any]) -> Any:
    """The click command of `add` or `edit` as typer.main.get_command_from_info makes one, with the
    table's options between the command's arguments and its own options (--session, --force), the
    facts every hand takes last among the table's first (as `add --help` has always listed them)."""
    callback = info.callback
    assert callback is not None
    arguments, own, convertors = [], [], {}
    for name, meta in get_params_from_function(callback).items():
        if name == "facts":  # the **facts the table's options go into
            continue
        param, convertor = typer.main.get_click_param(meta)
        if convertor:
            convertors[name] = convertor
        (arguments if param.param_type_name == "argument" else own).append(param)
    made = options()
    cut = max((i for i, (fact, __) in enumerate(made) if fact.every), default=len(made) - 1) + 1
    table = []
    for __, meta in made:
        param, convertor = typer.main.get_click_param(meta)
        if convertor:
            convertors[meta.name] = convertor
        table.append(param)
    params = [*arguments, *table[:cut], *own, *table[cut:]]

    def run(**given: Any) -> Any:
        return callback(**{name: convertors[name](v) if name in convertors else v for name, v in given.items()})

    return (info.cls or typer.core.TyperCommand)(
        name=info.name,
        context_settings=info.context_settings,
        callback=run,
        params=params,
        help=inspect.cleandoc(info.help) if info.help is not None else inspect.getdoc(callback),
        epilog=info.epilog,
        short_help=info.short_help,
        options_metavar=info.options_metavar,
        add_help_option=info.add_help_option,
        no_args_is_help=info.no_args_is_help,
        hidden=info.hidden,
        deprecated=info.deprecated,
        rich_markup_mode=how["rich_markup_mode"],
        rich_help_panel=info.rich_help_panel,
    )
