"""`schreiber` on a terminal (pexpect) and in bash's completion, as a user's shell runs it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
import pexpect
import pexpect.popen_spawn


SCHREIBER = str(Path(sys.executable).parent / "schreiber")


def completions(db: str, words: str, env: dict[str, str] | None = None) -> list[str]:
    """What bash gets for the command line `words` (the cursor at its end)."""
    cword = len(words.split()) - (0 if words.endswith(" ") else 1)
    ran = subprocess.run(
        [SCHREIBER],
        env={
            **os.environ,
            "SCHREIBER_DB": db,
            **(env or {}),
            "_SCHREIBER_COMPLETE": "complete_bash",
            "COMP_WORDS": words,
            "COMP_CWORD": str(cword),
        },
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert ran.returncode == 0, ran.stderr
    assert ran.stderr == ""
    return ran.stdout.split()


def terminal_env(db: str, home: Path) -> dict[str, str]:
    return {
        **os.environ,
        "SCHREIBER_DB": db,
        "XDG_DATA_HOME": str(home),
        "TERM": "xterm",
        "NO_COLOR": "1",
    }


def expect(child: pexpect.spawn, pattern: object) -> None:
    """Wait for `pattern`, answering the terminal's cursor-position questions as a terminal does."""
    while child.expect([pattern, "\x1b\\[6n"]) == 1:
        child.send("\x1b[1;1R")
