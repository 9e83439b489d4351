"""What goes in each option (NAME, N, NAME=N, FILE), for help and completion alike."""

from __future__ import annotations

from typing import Any


# What goes in each option, by parameter name (typer would say <str>, <int>); the facts of a hand say
# their own (rules/declared.py).
_METAVARS = {
    "player": "NAME",
    "dealer": "NAME",
    "session": "ID",
    "rules": "RULESET",
    "players": "NAME",
    "new_player": "NAME",
    "tariff": "CENTS",
    "set_": "KEY=VALUE",
    "teams": "NAME+NAME",
    "name": "TEXT",
    "date": "YYYY-MM-DD",
    "seat": "N",
    "paid": "NAME",
    "since": "YYYY-MM-DD",
    "until": "YYYY-MM-DD",
    "output": "FILE",
    "svg": "FILE",
    "table": "ID",
    "teams_": "NAME+NAME",
}


def fix_metavars(command: Any) -> None:
    """Every option of the command and of those under it says what goes there (NAME, N, NAME=N, FILE), not <str>."""
    fix_params(command)
    for sub in getattr(command, "commands", {}).values():
        fix_metavars(sub)


def fix_params(command: Any) -> None:
    """The command's own options say what goes there (its subcommands are fixed as they are built: cli/tree.py),
    and each whole number is read with a bound."""
    for param in getattr(command, "params", ()):
        if param.metavar is None and param.name in _METAVARS and not getattr(param, "is_flag", False):
            param.metavar = _METAVARS[param.name]
        if type(param.type).__name__ == "IntParamType":
            param.type = _whole_type()


_WHOLE: list[Any] = []


def _whole_type() -> Any:
    """click's INT read with a bound (schreiber/rules/numbers.py): a number past it, or of thousands of digits
    (which int() itself refuses with a ValueError of its own), is one sentence naming the option, exit 2."""
    if _WHOLE:
        return _WHOLE[0]
    from typer._click.types import IntParamType

    from schreiber.i18n import _
    from schreiber.rules.numbers import LARGEST, digits_only, shortened, whole

    class Whole(IntParamType):
        def convert(self, value: Any, param: Any, ctx: Any) -> Any:
            if isinstance(value, int) and not isinstance(value, bool):
                number: int | None = abs(value) if abs(value) <= LARGEST else None
                text = str(value)
            else:
                text = str(value)
                unsigned = text.strip().removeprefix("-").removeprefix("+")
                if not digits_only(unsigned):
                    self.fail(f"{shortened(text)!r} is not a valid integer.", param, ctx)
                number = whole(unsigned)
            if number is None:
                self.fail(
                    _("use a whole number up to {largest}, not {value}.").format(
                        largest=LARGEST, value=repr(shortened(text))
                    ),
                    param,
                    ctx,
                )
            return -number if text.strip().startswith("-") else number

    _WHOLE.append(Whole())
    return _WHOLE[0]
