"""Separate terminals at one table: OS processes running the `schreiber` script at once, and `kill -9`
of `add` at random moments. Every acknowledged hand is stored once, numbers run 1..N, `db check` is clean.
The long version with figures is benchmarks/crash_safety.py."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import time

import pytest
from tests.helpers.processes import SCHREIBER, add_hand_process, stored_hands

# The processes start in tests/helpers/processes.py, where the markers' look at a test's own code does not see them.
pytestmark = pytest.mark.slow_module


def _table(url: str) -> None:
    ran = subprocess.run(
        [SCHREIBER, "--db", url, "session", "new", "--rules", "schafkopf", "--players", "A", "B", "C", "D"],
        capture_output=True,
        text=True,
    )
    assert ran.returncode == 0, ran.stderr


def _clean(url: str) -> None:
    ran = subprocess.run([SCHREIBER, "--db", url, "db", "check"], capture_output=True, text=True)
    assert ran.returncode == 0 and ran.stdout.startswith("ok: "), ran.stdout + ran.stderr


@pytest.mark.parametrize("processes", [2, 4])
def test_processes_adding_at_once_store_every_acknowledged_hand_once(db_url, processes):
    _table(db_url)
    acknowledged, refused = [], []
    for round_ in range(3):
        running = {f"p{p}-r{round_}": add_hand_process(db_url, f"p{p}-r{round_}") for p in range(processes)}
        for note, proc in running.items():
            out, err = proc.communicate(timeout=120)
            (acknowledged if proc.returncode == 0 else refused).append((note, proc.returncode, err))
    stored = stored_hands(db_url)
    notes = [note for _, note in stored]
    assert sorted(n for n, *_ in acknowledged) == sorted(notes)  # each acknowledged once, nothing else
    assert [number for number, _ in stored] == list(range(1, len(stored) + 1))
    # Two terminals waiting for each other is what the busy timeout is for: nobody is turned away here.
    assert refused == []
    _clean(db_url)


def test_kill_9_of_add_at_random_moments_leaves_no_half_hand(db_url):
    _table(db_url)
    rounds = 16 if db_url.startswith("sqlite") else 10
    rng = random.Random(11)
    started = time.monotonic()
    assert add_hand_process(db_url, "timing").wait(timeout=60) == 0
    span = time.monotonic() - started  # one add here, so that kills fall anywhere from start-up to commit
    acknowledged, killed = ["timing"], []
    for i in range(rounds):
        note = f"k{i}"
        proc = add_hand_process(db_url, note)
        time.sleep(rng.uniform(0.0, 1.2 * span))
        proc.send_signal(signal.SIGKILL)
        proc.communicate(timeout=60)
        if proc.returncode == 0:
            acknowledged.append(note)
        else:
            assert proc.returncode == -signal.SIGKILL
            killed.append(note)
    stored = stored_hands(db_url)
    notes = [note for _, note in stored]
    assert all(notes.count(n) == 1 for n in acknowledged)  # every acknowledged hand is there, once
    assert len(set(notes)) == len(notes) and set(notes) <= set(acknowledged) | set(killed)
    assert [number for number, _ in stored] == list(range(1, len(stored) + 1))
    _clean(db_url)  # no hand without its payouts, nothing half-written
    # The ledger still takes the next hand after all that.
    proc = add_hand_process(db_url, "after")
    assert proc.wait(timeout=60) == 0
    assert len(stored_hands(db_url)) == len(stored) + 1


def test_kill_9_of_play_mid_evening_keeps_every_acknowledged_hand(db_url):
    _table(db_url)
    rng = random.Random(7)
    sent: list[str] = []
    acknowledged: list[int] = []
    for round_ in range(4 if db_url.startswith("sqlite") else 3):
        lines = [f"rufspiel -p A -m B -a {61 + i} -n r{round_}h{i}" for i in range(300)]
        sent += [line.rsplit(" ", 1)[1] for line in lines]
        proc = subprocess.Popen(
            [SCHREIBER, "--db", db_url, "play", "--session", "1"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        assert proc.stdin is not None
        proc.stdin.write("\n".join(lines) + "\n")
        proc.stdin.flush()
        # Killed a moment after its first hand was acknowledged, however slowly a busy machine started it.
        assert proc.stdout is not None
        head: list[str] = []
        while not head or not head[-1].startswith("Hand "):
            line = proc.stdout.readline()
            if not line:
                break
            head.append(line)
        time.sleep(rng.uniform(0.0, 0.5))
        proc.send_signal(signal.SIGKILL)
        out, _ = proc.communicate(timeout=60)
        out = "".join(head) + out
        # "Hand N: …" is printed only after hand N was committed.
        acknowledged += [int(m) for m in re.findall(r"^Hand (\d+):", out, flags=re.M)]
    stored = stored_hands(db_url)
    numbers = [number for number, _ in stored]
    assert numbers == list(range(1, len(stored) + 1))
    assert set(acknowledged) <= set(numbers)  # every hand play acknowledged is in the ledger
    notes = [note for _, note in stored]
    assert len(set(notes)) == len(notes) and set(notes) <= set(sent)
    assert 0 < len(stored) < len(sent)  # the kills fell mid-evening
    _clean(db_url)
