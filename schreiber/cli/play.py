"""`schreiber play`: one process for the evening, each line a command of the command line.

A line is parsed by the same click commands as `schreiber …` (one grammar: the command tree is
handed in, not imported) and run by the same `main` (the runner, handed in too), against the one ledger kept open (runner._kept) whose fold of the table is kept between lines
and checked against the table's change marker, so a hand another terminal added is folded in
before the next line. prompt_toolkit is imported only on a terminal.
"""

from __future__ import annotations

import io
import sys
from contextlib import redirect_stderr
from typing import Any

from schreiber.i18n import N_, _, ngettext
from schreiber.cli import complete
from schreiber.cli.metavars import fix_metavars
from schreiber.views.text import signed

QUIT = ("quit", "exit")
# What `help` lists in play: the lines that make sense at the table (`help COMMAND` has the rest).
PLAY_HELP = (
    ("TYPE [OPTIONS]", N_("record a hand, as `add` does: ruf -p an -m ca -a 75")),
    ("undo", N_("void the last hand (kept, marked void)")),
    ("edit N …", N_("correct hand N: `edit 3 -a 85`, or the whole hand: `edit 3 wenz -p ca -a 65`")),
    ("void N", N_("void hand N; every later hand is re-scored")),
    ("restore N", N_("bring back hand N as it was before `void` or `edit`")),
    ("show N", N_("hand N: every term and factor of its value, and the payout")),
    ("list", N_("every hand, its payout and the running totals")),
    ("report", N_("the totals, the money and who pays whom")),
    ("settle", N_("the open transfers were paid")),
    ("session join NAME", N_("a player joins from the next hand on")),
    ("session leave NAME", N_("a player leaves from the next hand on")),
    ("stats", N_("statistics of the table")),
    ("chart", N_("every player's running total, drawn")),
    ("strokes", N_("each team's strokes and the sheep's head being drawn")),
    ("help COMMAND", N_("the options of a command: `help add`, `help edit`")),
    ("quit", N_("leave play (or Ctrl-D)")),
)


class Evening:
    """The open ledger, the command tree built once, and the table the lines act on."""

    def __init__(self, ledger: Any, session: int | None, db: str | None, *, root: Any, runner: Any) -> None:
        self.ledger = ledger
        self.session = session
        self.db = db
        self.root = complete.attach(root)
        fix_metavars(self.root)
        self.runner = runner
        ledger.keep_folds = True
        complete.source = self._source

    def _source(self, ctx: Any, table_id: int | None) -> Any:
        return self.ledger.info(table_id or self.session), self.ledger.tables

    def words(self, line: str) -> list[str]:
        """The line as arguments of `schreiber`; raises ValueError on an unclosed quote."""
        import shlex

        words = shlex.split(line)
        if words and words[0] == "help":
            return [*words[1:], "--help"]
        words = complete.command_words(self.root, words)
        if words and words[0] in ("add", "edit"):
            words = self._shorthands(words)
        if self.session is not None and "--session" not in words and self._takes_session(words):
            words = [*words, "--session", str(self.session)]
        return words

    def _shorthands(self, words: list[str]) -> list[str]:
        """The words a table's game lets players type for options (`Shorthands`: Skat's `m2`, `o2`, `h`)
        spelled out; a word that is an option's value, and the hand type of `add`, are left alone."""
        try:
            from schreiber.rules import registry
            from schreiber.rules.table import Shorthands

            rules = registry.get(self.ledger.info(self.session).rules)
        except Exception:
            return words  # no table: the command says so itself
        if not isinstance(rules, Shorthands):
            return words
        command = self.root.commands[words[0]]
        takes_value = {o for p in command.params if p.param_type_name == "option" and not p.is_flag for o in p.opts}
        out = words[:1]
        positional = 0
        value_next = False
        for word in words[1:]:
            if value_next or word.startswith("-"):
                out.append(word)
                value_next = not value_next and word in takes_value
                continue
            positional += 1
            # add TYPE …: the first word is the type; edit N …: the first is the number.
            spelled = rules.shorthand(word) if positional > 1 or words[0] == "edit" and not word.isdigit() else None
            out.extend(spelled if spelled is not None else (word,))
        return out

    def _takes_session(self, words: list[str]) -> bool:
        command: Any = self.root
        for word in words:
            sub = getattr(command, "commands", {}).get(word)
            if sub is None:
                break
            command = sub
        return command is not self.root and any(p.name == "session" for p in command.params)

    def run(self, line: str) -> tuple[int, str]:
        """Run one line; (exit status, what it said on stderr)."""
        try:
            words = self.words(line)
        except ValueError as e:
            return 2, _("schreiber: the line has {problem}; close the quote.").format(problem=str(e).lower()) + "\n"
        if words and words[0] == "play":
            return 2, _("schreiber: play: this is play already; type a hand or a command (`help` lists them).") + "\n"
        if words == ["--help"]:  # a bare `help`: play's own commands, not the command line's
            print(self.help(), end="", flush=True)
            return 0, ""
        argv = ["--db", self.db, *words] if self.db else words
        said = io.StringIO()
        with redirect_stderr(said):
            code = self.runner(argv, command=self.root)
        return code, said.getvalue()

    def help(self) -> str:
        """What `help` prints in play: a hand, the commands that make sense at the table, the short forms."""
        import textwrap

        from schreiber.cli.terminal import width

        room = min(78, (width() or 80) - 1)  # the terminal's width, at most 78

        try:
            from schreiber.rules import registry

            from schreiber.rules.table import TeamPlay

            rules = registry.get(self.ledger.info(self.session).rules)
            types, teams = ", ".join(rules.types), isinstance(rules, TeamPlay)
        except Exception:
            types, teams = "", False
        rows = [(left, _(right)) for left, right in PLAY_HELP if left != "strokes" or teams]
        wide = max(len(left) for left, _right in rows) + 2
        out = textwrap.wrap(
            _(
                "In play each line is what follows `schreiber` on the command line; a line that "
                "starts with a hand type records that hand."
            ),
            room,
        ) + [""]
        for left, right in rows:
            out += textwrap.wrap(
                right,
                room,
                initial_indent="  " + left.ljust(wide),
                subsequent_indent=" " * (wide + 2),
                break_on_hyphens=False,
            )
        out.append("")
        if types:
            out += textwrap.wrap(
                _("Hand types at this table: {types}.").format(types=types), room, break_on_hyphens=False
            )
        from schreiber.rules.declared import DECLARED

        shorts = ", ".join(f"{d.short} {d.option}" for d in DECLARED if d.short)  # -p --player, …
        out += textwrap.wrap(
            _(
                "Short forms: {options}; "
                "fs farbsolo; in Skat m2 / o2 mit / ohne 2 (--spitzen 2 [--ohne]), h Hand. A unique start of a hand type, a name or a suit stands for it (ruf, an, ei). "
                "Tab completes, ↑ recalls earlier lines, Ctrl-C clears the line."
            ).format(options=shorts),
            room,
            break_on_hyphens=False,
        )
        return "\n".join(out) + "\n"

    def status(self) -> tuple[str, Any]:
        """The prompt (next hand and its dealer) and the status bar: a function of the width it may
        take, giving who deals and sits out next first, then what the table carries (the Bock
        queue …), then the totals, abbreviated to fit."""
        try:
            view, number = self.ledger.at_table(self.session)
        except Exception as e:
            said = sentence(str(e)) or _("no table")
            return "schreiber › ", lambda width: said[: max(1, width - 1)]
        state = view.state
        if view.ended:  # the table has played its series: nobody deals next, and the bar says so first
            totals = dict(view.totals)
            return _("series over › "), lambda width: bar([view.ended], totals, width)
        dealer = state.dealer_name
        if dealer in state.sitting_out:  # at five or six, the dealer sits out
            first = _("next: {name} deals and sits out").format(name=dealer)
        else:
            first = _("next: {name} deals").format(name=dealer)
        others = [n for n in state.sitting_out if n != dealer]
        if others:
            first += ngettext(", {names} sits out", ", {names} sit out", len(others)).format(names=", ".join(others))
        carried = [first, *view.status]
        totals = dict(view.totals)
        prompt = _("hand {number} · {name} deals › ").format(number=number, name=state.dealer_name)
        return prompt, lambda width: bar(carried, totals, width)


def bar(carried: list[str], totals: dict[str, int], width: int) -> str:
    """The status bar in `width` columns: one line when all of it fits, else the dealer and what the
    table carries on the first line and the totals (names shortened as far as needed) on the second."""
    room = max(20, width - 1)
    whole = _totals(totals, 99)
    if len(" │ ".join([*carried, whole])) <= room:
        return " │ ".join([*carried, whole])
    lines: list[str] = []
    for piece in carried:  # packed into as few lines as they fit, in order
        if lines and len(lines[-1]) + 3 + len(piece) <= room:
            lines[-1] += " │ " + piece
        else:
            lines.append(_cut(piece, room))
    for keep in range(max((len(n) for n in totals), default=1), 0, -1):
        line = _totals(totals, keep)
        if len(line) <= room:
            break
    return "\n".join([*lines, _cut(line, room)])


def _totals(totals: dict[str, int], keep: int) -> str:
    """`Anna +12  Berta −3 …` with each name cut to `keep` letters, but never to a start two names share."""
    names = list(totals)
    out = []
    for name in names:
        k = min(len(name), keep)
        while k < len(name) and any(o != name and o[:k].casefold() == name[:k].casefold() for o in names):
            k += 1
        out.append(f"{name[:k]} {signed(totals[name])}")
    return ("  " if keep > 3 else " ").join(out)


def _cut(text: str, room: int) -> str:
    return text if len(text) <= room else text[: room - 1] + "…"


def _first_clause(text: str) -> str:
    """A command's help up to its first `;`, `:` or sentence end: one line of play's `help`."""
    import re

    return re.split(r"; |: |\. ", text.rstrip("."), maxsplit=1)[0].rstrip(",")


def sentence(said: str) -> str:
    """What a refused command said, as one sentence without the `schreiber: ` it starts with."""
    text = " ".join(line.strip() for line in said.strip().splitlines() if line.strip())
    return text.removeprefix("schreiber: ")


def run(ledger: Any, session: int | None, db: str | None, *, root: Any, runner: Any) -> int:
    """`root`: the `schreiber` command tree; `runner`: what runs one command line against it (cli.app.main)."""
    evening = Evening(ledger, session, db, root=root, runner=runner)
    try:
        if sys.stdin.isatty() and sys.stdout.isatty():
            return _terminal(evening)
        return _piped(evening, sys.stdin)
    finally:
        complete.source = complete._from_ledger  # the evening's ledger closes with it
        ledger.keep_folds = False


def _piped(evening: Evening, lines: Any) -> int:
    """Each line in order, its result printed; the first refused line stops with `line N: …`."""
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line in QUIT:
            break
        code, said = evening.run(line)
        if code:
            print(
                _("line {number}: {sentence}").format(number=number, sentence=sentence(said)),
                file=sys.stderr,
                flush=True,
            )
            return code
        if said:
            sys.stderr.write(said)
    return 0


def _terminal(evening: Evening) -> int:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import Completer, Completion
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    class Completes(Completer):
        def get_completions(self, document: Any, complete_event: Any) -> Any:
            text = document.text_before_cursor
            items, typed = complete.line(evening.root, text)
            for item in items:
                value, start = complete.replacement(text, typed, item.value)
                yield Completion(value, start_position=start, display=item.value, display_meta=item.help or "")

    try:
        from schreiber.store.engine import default_path

        where = default_path().parent
        where.mkdir(parents=True, exist_ok=True)
        history: Any = FileHistory(str(where / "play_history"))
    except OSError:
        history = InMemoryHistory()
    from prompt_toolkit.application.current import get_app

    status: list[Any] = [lambda width: ""]

    def toolbar() -> str:
        return status[0](get_app().output.get_size().columns)  # drawn again at every size the terminal takes

    prompt = PromptSession(history=history, completer=Completes(), complete_while_typing=False, bottom_toolbar=toolbar)
    again = ""
    while True:
        text, status[0] = evening.status()
        try:
            line = prompt.prompt(text, default=again)
        except KeyboardInterrupt:
            again = ""  # Ctrl-C clears the line
            continue
        except EOFError:
            break
        again = ""
        if not line.strip() or line.strip().startswith("#"):
            continue
        if line.strip() in QUIT:
            break
        code, said = evening.run(line)
        if code:
            print(sentence(said), file=sys.stderr, flush=True)
            again = line  # the refused line comes back to be corrected
        elif said:
            sys.stderr.write(said)
    return 0
