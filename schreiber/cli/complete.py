"""What Tab offers: shared by shell completion (`schreiber --install-completion`) and `schreiber play`.

Both walk the same click command tree that parses the line (one grammar): `attach` gives its
parameters completers that read the table, `line` completes a line of `play` through click's own
resolution. The table comes from `source`: for the shell a ledger opened read-only for the one
question (no ledger yet: no suggestions, and none is created), in `play` the ledger kept open for
the evening. A completer never raises: whatever goes wrong, it offers nothing.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Callable, Iterable
from typing import Any

from typer._click import Command, Context, Parameter
from typer._click.shell_completion import CompletionItem, _resolve_context, _resolve_incomplete

from schreiber.i18n import N_, _

# Words of `play` that are not commands of the command line.
PLAY_WORDS = {"help": N_("the commands, or `help COMMAND`"), "quit": N_("leave play (or Ctrl-D)")}
# Options of add/edit that every hand type takes besides the facts of the table (rules/declared.py).
_ALWAYS = {"session", "help"}


def _from_ledger(ctx: Context | None, table_id: int | None) -> Any:
    """The table's TableInfo from the ledger the command line names, opened only to read."""
    from schreiber.ledger.service import Ledger

    db = None
    if ctx is not None:
        db = ctx.find_root().params.get("db")
    ledger = Ledger.open(db or os.environ.get("SCHREIBER_DB"), migrate=False, create=False)
    try:
        return ledger.info(table_id), ledger.tables
    finally:
        ledger.engine.dispose()


# (ctx, table id or None) -> (TableInfo, a function listing every table); `play` puts its own here.
source: Callable[[Context | None, int | None], Any] = _from_ledger


def _session(ctx: Context | None) -> int | None:
    while ctx is not None:
        value = ctx.params.get("session")
        if isinstance(value, int):
            return value
        ctx = ctx.parent
    return None


def _table(ctx: Context | None) -> tuple[Any, Any] | tuple[None, None]:
    try:
        info, tables = source(ctx, _session(ctx))
        from schreiber.rules import registry

        return info, registry.get(info.rules)
    except Exception:
        return None, None


def _starting(words: Iterable[str], incomplete: str) -> list[str]:
    key = incomplete.casefold()
    return [w for w in words if w.casefold().startswith(key)]


# -- one completer per kind of value ------------------------------------------------------------


def names(ctx: Context | None, incomplete: str) -> list[str]:
    info, _ = _table(ctx)
    return _starting(info.players, incomplete) if info else []


def _pairs(param: str) -> Callable[[Context | None, str], list[str]]:
    def name_pairs(ctx: Context | None, incomplete: str) -> list[str]:
        """`NAME=` for `--augen`/`--stiche`, but not for a name already given there (after `Sepp=30`
        comes the next player); nothing once the `=` is typed (a number follows)."""
        if "=" in incomplete:
            return []
        offered = names(ctx, incomplete)
        given = ctx.params.get(param) if ctx is not None else None
        if isinstance(given, str):
            given = [given]
        for pair in given or ():
            key = str(pair).partition("=")[0].strip().casefold()
            meant = [n for n in offered if n.casefold() == key] or [
                n for n in offered if key and n.casefold().startswith(key)
            ]
            if len(meant) == 1:
                offered.remove(meant[0])
        return [f"{name}=" for name in offered]

    return name_pairs


def types(ctx: Context | None, incomplete: str) -> list[str]:
    _, rules = _table(ctx)
    return _starting(rules.types, incomplete) if rules else []


def suits(ctx: Context | None, incomplete: str) -> list[str]:
    from schreiber.rules.table import Suits

    _, rules = _table(ctx)
    return _starting(rules.suits if isinstance(rules, Suits) else (), incomplete)


def sauen(ctx: Context | None, incomplete: str) -> list[str]:
    from schreiber.rules.table import CalledAces, Suits

    _, rules = _table(ctx)
    return _starting(
        rules.sauen if isinstance(rules, CalledAces) else rules.suits if isinstance(rules, Suits) else (), incomplete
    )


def rule_sets(ctx: Context | None, incomplete: str) -> list[str]:
    from schreiber.rules import registry

    return _starting(registry.names(), incomplete)


def sessions(ctx: Context | None, incomplete: str) -> list[CompletionItem]:
    try:
        _, tables = source(ctx, None)
    except Exception:
        # No active table does not mean no tables: list them from the ledger itself.
        try:
            tables = _all_tables(ctx)
        except Exception:
            return []
    try:
        return [
            CompletionItem(str(t.id), help=f"{t.rules} {t.date} {', '.join(t.players)}")
            for t in tables()
            if str(t.id).startswith(incomplete) and not t.closed
        ]
    except Exception:
        return []


def _all_tables(ctx: Context | None) -> Callable[[], list[Any]]:
    from schreiber.ledger.service import Ledger

    db = ctx.find_root().params.get("db") if ctx is not None else None
    ledger = Ledger.open(db or os.environ.get("SCHREIBER_DB"), migrate=False, create=False)

    def tables() -> list[Any]:
        try:
            return ledger.tables()
        finally:
            ledger.engine.dispose()

    return tables


def _fixed(*words: str) -> Callable[[Context | None, str], list[str]]:
    return lambda ctx, incomplete: _starting(words, incomplete)


def _offered(choices: tuple[tuple[str, Any], ...]) -> list[str]:
    """The words of a choice Tab offers: not a short form, the start of a word for the same value (s: schwarz)."""
    return [w for w, v in choices if not any(o != w and o.startswith(w) and u == v for o, u in choices)]


def _of_fact(fact: Any) -> Callable[[Context | None, str], list[Any]] | None:
    """What Tab offers for a fact of a hand, by its kind (rules/declared.py)."""
    from schreiber.rules.declared import CHOICE, NAME, NAMES, PAIRS

    if fact.kind in (NAME, NAMES):
        return names
    if fact.kind == PAIRS:
        return _pairs(fact.param)
    if fact.kind == CHOICE and fact.among:
        return {"suits": suits, "sauen": sauen}.get(fact.among)
    if fact.kind == CHOICE:
        return _fixed(*_offered(fact.choices))
    return None


def _by_param() -> dict[str, Callable[[Context | None, str], list[Any]]]:
    """Parameter (its click name) -> completer; the same name means the same kind of value everywhere."""
    from schreiber.rules.declared import DECLARED

    facts = {fact.param: made for fact in DECLARED if (made := _of_fact(fact)) is not None}
    return {**facts, "type_": types, "rules": rule_sets, "session": sessions}


# Arguments whose name alone does not say it: (command, parameter) -> completer.
BY_COMMAND: dict[tuple[str, str], Callable[[Context | None, str], list[Any]]] = {
    ("leave", "name"): names,
    ("show", "name"): rule_sets,  # rules show NAME
    ("use", "table"): sessions,
    ("show", "table"): sessions,
    ("close", "table"): sessions,
}


def _guarded(complete: Callable[[Context | None, str], list[Any]]) -> Callable[[Context, Parameter, str], list[Any]]:
    def run(ctx: Context, param: Parameter, incomplete: str) -> list[Any]:
        try:
            items = complete(ctx, incomplete)
        except Exception:
            return []
        if os.environ.get("_SCHREIBER_COMPLETE", "").endswith("_bash"):
            # bash puts a word in as it is given: a name's space is escaped (`Hans\ Peter`) so it stays one word.
            items = [i.replace(" ", "\\ ") if isinstance(i, str) else i for i in items]
        return items

    return run


def attach(root: Command) -> Command:
    """Give the parameters of every command under `root` their completers; add and edit offer only
    the options the hand type typed so far takes. Done once per command tree."""
    if getattr(root, "_schreiber_completes", False):
        return root
    by_param = _by_param()
    todo: list[tuple[str, Command]] = [("schreiber", root)]
    while todo:
        name, command = todo.pop()
        for param in command.params:
            complete = BY_COMMAND.get((name, param.name or "")) or by_param.get(param.name or "")
            if complete is not None:
                param._custom_shell_complete = _guarded(complete)  # type: ignore[attr-defined]
        if name in ("add", "edit"):
            command.shell_complete = _for_type(command)  # type: ignore[method-assign]
        todo.extend(getattr(command, "commands", {}).items())
    root._schreiber_completes = True  # type: ignore[attr-defined]
    return root


def _for_type(command: Command) -> Callable[[Context, str], list[CompletionItem]]:
    everything = command.shell_complete
    param_of = {opt: p.name for p in command.params for opt in (*p.opts, *p.secondary_opts)}

    def shell_complete(ctx: Context, incomplete: str) -> list[CompletionItem]:
        items = everything(ctx, incomplete)
        try:
            applies = options_for(ctx, ctx.params.get("type_"))
        except Exception:
            applies = None
        if applies is None:
            return items
        return [i for i in items if param_of.get(i.value) is None or param_of[i.value] in applies]

    return shell_complete


def options_for(ctx: Context | None, typed: str | None) -> set[str] | None:
    """The parameters of add/edit that the hand type `typed` (or its unique start) takes at the table."""
    if not typed:
        return None
    info, rules = _table(ctx)
    if rules is None:
        return None
    from schreiber.cli.helptext import pick_type

    picked = pick_type(rules, typed)
    if picked is None:
        return None
    from schreiber.rules.declared import DECLARED

    facts = rules.options_for(picked, info.settings)
    return {f.param for f in DECLARED if f.name in facts or f.every} | _ALWAYS


# -- a line of `play` ---------------------------------------------------------------------------


def split(text: str) -> tuple[list[str], str]:
    """The finished words of `text` and the word being typed at its end ("" after a space)."""
    open_quote = False
    try:
        words = shlex.split(text)
    except ValueError:
        open_quote = True  # `-p "Hans `: the space is inside the name being typed
        try:
            words = shlex.split(text + '"')
        except ValueError:
            try:
                words = shlex.split(text + "'")
            except ValueError:
                words, open_quote = text.split(), False
    if text and (open_quote or not text[-1].isspace()) and words:
        return words[:-1], words[-1]
    return words, ""


def raw_word(text: str) -> str:
    """The characters of the word being typed at the end of `text`, its quotes included (`"Hans P`)."""
    start, quote, i = 0, "", 0
    while i < len(text):
        c = text[i]
        if quote:
            if c == quote:
                quote = ""
            elif c == "\\" and quote == '"':
                i += 1
        elif c in "'\"":
            quote = c
        elif c == "\\":
            i += 1
        elif c.isspace():
            start = i + 1
        i += 1
    return text[start:]


def quoted(value: str) -> str:
    """A completed word as the line must hold it: a name with a space in quotes, as a shell quotes
    it (`"Hans Peter"`, `"Hans Peter"=` after --augen); any other word as it is."""
    if not any(c.isspace() or c in "'\"\\" for c in value):
        return value
    base, equals = (value[:-1], "=") if value.endswith("=") else (value, "")
    return '"' + base.replace("\\", "\\\\").replace('"', '\\"') + '"' + equals


def replacement(text: str, typed: str, value: str) -> tuple[str, int]:
    """What Tab puts in for `value`, and where it starts (negative, from the cursor): the word typed
    so far (`typed`, quotes and all) gives way to the completion, quoted if it must be."""
    word = quoted(value)
    raw = raw_word(text)
    if word != value or raw != typed:
        dequoted = split(raw)[1] if raw else ""
        if raw and dequoted == typed:
            return word, -len(raw)  # the whole word typed so far, an opening quote included
    return word, -len(typed)


def command_words(root: Any, words: list[str]) -> list[str]:
    """A line of `play` as the command line has it: a line that does not start with a command is a hand (`add`)."""
    if words and words[0] not in root.commands and words[0] not in PLAY_WORDS and not words[0].startswith("-"):
        return ["add", *words]
    return words


def line(root: Any, text: str) -> tuple[list[CompletionItem], str]:
    """What Tab offers for `text` (the line up to the cursor) in `play`, and the word it replaces."""
    words, incomplete = split(text)
    try:
        if not words and not incomplete.startswith("-"):
            commands = [CompletionItem(c, help=_(PLAY_WORDS[c])) for c in _starting(PLAY_WORDS, incomplete)]
            commands += [
                CompletionItem(name, help=(cmd.get_short_help_str(60) if cmd else ""))
                for name, cmd in root.commands.items()
                if name.startswith(incomplete) and name != "play" and not (cmd and cmd.hidden)
            ]
            return [CompletionItem(t, help=_("a hand")) for t in types(None, incomplete)] + commands, incomplete
        if words and words[0] == "help":
            return [CompletionItem(c) for c in _starting(root.commands, incomplete)], incomplete
        from schreiber.cli.argv import NAME_VALUE, NAME_VALUE_OPTIONS, spread_name_values

        args = spread_name_values(command_words(root, words))
        if (
            len(args) > 1
            and args[-2] in NAME_VALUE_OPTIONS
            and NAME_VALUE.fullmatch(args[-1])
            and not incomplete.startswith("-")
        ):
            args.append(args[-2])  # after `--augen Anna=40`, the word typed is the next NAME=N
        ctx = _resolve_context(root, {}, "schreiber", list(args))
        obj, incomplete_value = _resolve_incomplete(ctx, list(args), incomplete)
        return obj.shell_complete(ctx, incomplete_value), incomplete_value
    except Exception:
        return [], incomplete
