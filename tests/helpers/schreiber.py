"""`schreiber …` run in this process, as a test's set-up types it: the same command tree and output as the
installed command, without starting Python, typer and SQLAlchemy again (most of a page test's CPU was the
set-up's processes). Where the process itself is what a test checks, it starts one (tests/helpers/processes.py)."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_TREES: dict[str, Any] = {}


def command_tree() -> Any:
    """The click command tree, built once per worker and language as `play` builds it once per evening: typer
    reading the signatures of the commands a test runs again was a tenth of a CLI test's time. A test that changes
    what the tree is built from (a hand fact declared in the test) calls `main` without it."""
    from schreiber import i18n
    from schreiber.cli.app import app
    from schreiber.cli.metavars import fix_params
    from schreiber.cli.tree import build

    language = i18n.spoken()
    if language not in _TREES:
        _TREES[language] = build(app, finish=fix_params)
    return _TREES[language]


@dataclass
class Said:
    code: int
    out: str
    err: str


def said(url: str, *args: str, language: str | None = None) -> Said:
    """`schreiber --db URL ARGS` with what it printed, in `language` ("de" or "en") as if started in it."""
    from schreiber import i18n
    from schreiber.cli.app import main

    out, err = io.StringIO(), io.StringIO()
    with i18n.speaking(language or i18n.spoken()), redirect_stdout(out), redirect_stderr(err):
        code = main(["--db", url, *args], command=command_tree())
    return Said(code, out.getvalue(), err.getvalue())


def run(url: str, *args: str, language: str | None = None) -> str:
    """What `schreiber --db URL ARGS` printed; it must succeed."""
    done = said(url, *args, language=language)
    assert done.code == 0, f"schreiber {' '.join(args)} failed ({done.code}): {done.err}"
    return done.out


def replay(script: Path, url: str) -> None:
    """An example evening of examples/ into the ledger at `url`: each of its `s …` lines (the script's one way of
    calling schreiber) run in this process, as the script runs them in processes of their own."""
    import shlex

    lines = [line[2:] for line in script.read_text(encoding="utf-8").splitlines() if line.startswith("s ")]
    assert lines, f"{script} calls schreiber with no `s …` line"
    for line in lines:
        run(url, *shlex.split(line))
