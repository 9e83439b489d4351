"""Typer's own words in the chosen language: the help page's frame and the usage errors.

Typer says some of its words through the standard library's gettext ("Options", "Commands",
"default: …", "required"): `i18n.install` points that at our catalog, and the sentences are
listed below (`N_`) so that `pybabel extract` keeps them in it. The click that typer carries
inside it writes others as plain English ("Usage: ", "Show this message and exit.", "No such
option: …"); those are put into the language here: the help page through a formatter that
translates its frame, the errors by `usage_error`, which words them again from the exception's
parts (in English too, where click's own words read awkwardly). Under English the help pages are
typer's own.
"""

from __future__ import annotations

import re
from typing import Any

from schreiber import i18n
from schreiber.i18n import N_, _

# Typer's own sentences, looked up through gettext by typer itself (typer/core.py, typer/rich_utils.py).
TYPER_WORDS = (
    N_("Arguments"),
    N_("Options"),
    N_("Commands"),
    N_("default: {default}"),
    N_("required"),
    N_("env var: {var}"),
    N_("(dynamic)"),
    N_("Aborted!"),
    N_("Missing command."),
    N_("No such command {name!r}."),
    # typer/rich_utils.py, for help drawn with rich (not used here: rich_markup_mode=None).
    N_("(deprecated) "),
    N_("Error"),
    N_("Try [blue]'{command_path} {help_option}'[/] for help."),
    N_("[default: {}]"),
    N_("[env var: {}]"),
    N_("[required]"),
)

# The help texts of the options click and typer add themselves, written in English there.
_HELP_TEXTS = {
    "Show this message and exit.": N_("Show this message and exit."),
    "Install completion for the current shell.": N_("Install completion for the current shell."),
    "Show completion for the current shell, to copy it or customize the installation.": N_(
        "Show completion for the current shell, to copy it or customize the installation."
    ),
}

# The usage line's placeholders, written in English by click ("[OPTIONS] COMMAND [ARGS]...").
_USAGE_WORDS = (
    ("COMMAND [ARGS]...", N_("COMMAND [ARGS]...")),
    ("[OPTIONS]", N_("[OPTIONS]")),
)


def _usage(args: str) -> str:
    """The usage line's words in German, and click's "..." as the one character "…"."""
    for english, msgid in _USAGE_WORDS:
        args = args.replace(english, _(msgid))
    return args.replace("...", "…")


def install(typer: Any) -> None:
    """Under German, give typer's help pages a formatter that says "Aufruf:" and translates the help option."""
    if not i18n.GERMAN:
        return
    context = typer.core.TyperCommand.context_class
    base = context.formatter_class

    class Formatter(base):  # type: ignore[misc, valid-type]
        def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
            super().write_usage(prog, _usage(args), _("Usage: ") if prefix is None else prefix)

        def write_heading(self, heading: str) -> None:
            super().write_heading(_(heading))

        def write_dl(self, rows: Any, *args: Any, **kwargs: Any) -> None:
            # A command's help cut short ends in click's "...": written "…" here, as in the usage line.
            rows = [
                (
                    term.replace("...", "…"),
                    _(_HELP_TEXTS[text])
                    if text in _HELP_TEXTS
                    else text.removesuffix("...") + "…"
                    if text.endswith("...")
                    else text,
                )
                for term, text in rows
            ]
            super().write_dl(rows, *args, **kwargs)

    context.formatter_class = Formatter


def usage_error(error: Any) -> str:
    """The sentence for a usage error (unknown option, missing argument, bad value) in the chosen language.

    English too is worded again from the exception's parts: click's "Got unexpected extra argument(s)"
    and "'x' is not a valid int." read as "unexpected extra arguments (…)." and "'x' is not a whole number."."""
    english = error.format_message() if hasattr(error, "format_message") else str(error)
    return _german(error, english) or english


def _hint(error: Any) -> str:
    hint = getattr(error, "param_hint", None)
    if hint is None and getattr(error, "param", None) is not None:
        hint = error.param.get_error_hint(error.ctx)
    if isinstance(hint, (list, tuple)):
        hint = " / ".join(f"'{h}'" for h in hint)
    return hint or ""


_TYPE_MESSAGES = (
    (r"^(?P<value>.*) is not a valid (integer|int)\.$", N_("{value} is not a whole number.")),
    (r"^(?P<value>.*) is not a valid float\.$", N_("{value} is not a number.")),
    (r"^(?P<value>.*) is not a valid boolean\..*$", N_("{value} is neither true nor false.")),
    (r"^(?P<value>.*) is not a valid (?P<kind>.*)\.$", N_("{value} is not a valid {kind}.")),
)

_USAGE_MESSAGES = (
    (r"^Got unexpected extra argument\(s\) \((?P<args>.*)\)$", N_("unexpected extra arguments ({args}).")),
    (r"^Got unexpected extra arguments \((?P<args>.*)\)$", N_("unexpected extra arguments ({args}).")),
    (r"^Got unexpected extra argument \((?P<args>.*)\)$", N_("unexpected extra argument ({args}).")),
    (r"^Option (?P<option>'[^']*') requires an argument\.$", N_("option {option} needs a value.")),
    (r"^Option (?P<option>'[^']*') requires (?P<count>\d+) arguments\.$", N_("option {option} needs {count} values.")),
    (r"^Option (?P<option>'[^']*') does not take a value\.$", N_("option {option} takes no value.")),
    # typer's suggestion after "No such command" (itself translated through gettext)
    (r"^(?P<message>.*)\. Did you mean (?P<suggestions>.*)\?$", N_("{message}. Did you mean {suggestions}?")),
)


def _reword(message: str, patterns: Any) -> str | None:
    # The patterns are compiled (and cached by `re`) only when a usage error is worded in German.
    for pattern, msgid in patterns:
        found = re.match(pattern, message)
        # The groups are named after the placeholders; an unnamed group only widens the pattern.
        if found:
            return _(msgid).format(**found.groupdict())
    return None


def _german(error: Any, english: str) -> str | None:
    kind = type(error).__name__
    if kind == "NoSuchOption":
        option = error.option_name
        said = _("No such option: {option}").format(option=option)
        if error.possibilities:
            said += " " + _("(Possible options: {options})").format(options=", ".join(sorted(error.possibilities)))
        return said
    if kind == "MissingParameter":
        hint = _hint(error)
        which = error.param_type or (error.param.param_type_name if error.param is not None else "parameter")
        if which == "argument":
            return _("Missing argument {name}.").format(name=hint)
        if which == "option":
            return _("Missing option {name}.").format(name=hint)
        return _("Missing parameter {name}.").format(name=hint)
    if kind == "BadParameter":
        message = _reword(error.message, _TYPE_MESSAGES) or error.message
        hint = _hint(error)
        if hint:
            return _("Invalid value for {option}: {message}").format(option=hint, message=message)
        return _("Invalid value: {message}").format(message=message)
    return _reword(english, _USAGE_MESSAGES)
