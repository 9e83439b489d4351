"""`schreiber add` in a process of its own and the hands stored, for the tests and the benchmark of crashes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


SCHREIBER = str(Path(sys.executable).with_name("schreiber"))


def add_hand_process(url: str, note: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [
            SCHREIBER,
            "--db",
            url,
            "add",
            "--session",
            "1",
            "rufspiel",
            "--player",
            "A",
            "--partner",
            "B",
            "--augen",
            str(61 + len(note) % 59),
            "--note",
            note,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def stored_hands(url: str) -> list[tuple[int, str]]:
    """(number, note) of every live hand of the table, folded as every command folds it."""
    from schreiber.ledger.service import Ledger

    ledger = Ledger.open(url)
    try:
        return [(h.number, h.hand.note) for h in ledger.table(1).hands]
    finally:
        ledger.engine.dispose()
