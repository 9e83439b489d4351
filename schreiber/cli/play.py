"""`schreiber play`: one process for the evening, each line a command of the command line.

A line is parsed by the same click commands as `schreiber …` (one grammar: the command tree is
handed in, not imported) and run by the same `main` (the runner, handed in too), against the one ledger kept open (app._kept) whose fold of the table is kept between lines
and checked against the table's change marker, so a hand another terminal added is folded in
before the next line. prompt_toolkit is imported only on a terminal.
"""

from __future__ import annotations

import io
import sys
from contextlib import redirect_stderr
from typing import Any

from schreiber.i18n import _, ngettext
from schreiber.cli import complete
from schreiber.cli.metavars import fix_metavars

QUIT = ("quit", "exit")


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
        if self.session is not None and "--session" not in words and self._takes_session(words):
            words = [*words, "--session", str(self.session)]
        return words

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
        argv = ["--db", self.db, *words] if self.db else words
        said = io.StringIO()
        with redirect_stderr(said):
            code = self.runner(argv, command=self.root)
        return code, said.getvalue()

    def status(self) -> tuple[str, str]:
        """The prompt (next hand and its dealer) and the status bar (totals, what is carried, who sits out)."""
        try:
            view, number = self.ledger.at_table(self.session)
        except Exception as e:
            return "schreiber › ", sentence(str(e)) or _("no table")
        state = view.state
        totals = "  ".join(f"{name} {_signed(points)}" for name, points in view.totals.items())
        parts = [totals, *view.status, _("next: {name} deals").format(name=state.dealer_name)]
        if state.sitting_out:
            parts[-1] += ngettext(", {names} sits out", ", {names} sit out", len(state.sitting_out)).format(names=", ".join(state.sitting_out))
        prompt = _("hand {number} · {name} deals › ").format(number=number, name=state.dealer_name)
        return prompt, " │ ".join(p for p in parts if p)


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else (f"−{-points}" if points < 0 else "0")


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
            print(_("line {number}: {sentence}").format(number=number, sentence=sentence(said)), file=sys.stderr, flush=True)
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
            items, typed = complete.line(evening.root, document.text_before_cursor)
            for item in items:
                yield Completion(item.value, start_position=-len(typed), display_meta=item.help or "")

    try:
        from schreiber.store.engine import default_path

        where = default_path().parent
        where.mkdir(parents=True, exist_ok=True)
        history: Any = FileHistory(str(where / "play_history"))
    except OSError:
        history = InMemoryHistory()
    bar = [""]
    prompt = PromptSession(
        history=history, completer=Completes(), complete_while_typing=False, bottom_toolbar=lambda: bar[0]
    )
    again = ""
    while True:
        text, bar[0] = evening.status()
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
