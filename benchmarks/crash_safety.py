"""Crash and concurrency safety, the long version of tests/cli/test_processes.py, run by hand.

    .venv/bin/python benchmarks/crash_safety.py [ROUNDS] [--db URL] [--writers N]

Three parts against one fresh ledger (an SQLite file in a temporary folder unless --db names a
PostgreSQL URL of an empty schema): N `schreiber add` processes at once, ROUNDS times; ROUNDS `add`s
killed with SIGKILL at random moments; on PostgreSQL also ROUNDS `add`s whose server connection is
ended with pg_terminate_backend. After each part it checks that every acknowledged hand is stored
once, hands are numbered 1..N and `schreiber db check` is clean, and prints the figures.
"""

from __future__ import annotations

import argparse
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# the repository's root, for the helpers this shares with tests/cli/test_processes.py
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.helpers.processes import SCHREIBER, add_hand_process, stored_hands  # noqa: E402


def verify(url: str, acknowledged: list[str]) -> list[str]:
    """What is wrong with the ledger after a part, as sentences (none when it is sound)."""
    failures = []
    hands = stored_hands(url)
    notes = [n for _, n in hands]
    failures += [f"acknowledged hand {n} stored {notes.count(n)} times" for n in acknowledged if notes.count(n) != 1]
    if len(set(notes)) != len(notes):
        failures.append("a hand is stored twice")
    if [number for number, _ in hands] != list(range(1, len(hands) + 1)):
        failures.append("hand numbers are not 1..N")
    check = subprocess.run([SCHREIBER, "--db", url, "db", "check"], capture_output=True, text=True)
    if check.returncode != 0:
        failures.append(f"db check: {check.stdout.strip()} {check.stderr.strip()}")
    return failures


def concurrent(url: str, rounds: int, writers: int) -> None:
    acknowledged, refused, started = [], 0, time.monotonic()
    for r in range(rounds):
        procs = {f"c{r}-{w}": add_hand_process(url, f"c{r}-{w}") for w in range(writers)}
        for note, proc in procs.items():
            proc.communicate()
            if proc.returncode == 0:
                acknowledged.append(note)
            else:
                refused += 1
    failures = verify(url, acknowledged)
    print(
        f"concurrent: {rounds} rounds × {writers} processes, {len(acknowledged)} acknowledged, {refused} refused, "
        f"{len(failures)} failures, {time.monotonic() - started:.1f} s"
    )
    for f in failures:
        print("  FAILURE", f)


def duration(url: str, note: str) -> float:
    """How long one `add` takes here, so that kills fall anywhere from start-up to commit."""
    started = time.monotonic()
    add_hand_process(url, note).communicate()
    return time.monotonic() - started


def kill_9(url: str, rounds: int, rng: random.Random) -> None:
    acknowledged, killed, odd, started = [], 0, 0, time.monotonic()
    span = duration(url, "timing-k")
    for r in range(rounds):
        proc = add_hand_process(url, f"k{r}")
        time.sleep(rng.uniform(0.0, 1.2 * span))
        proc.send_signal(signal.SIGKILL)
        proc.communicate()
        if proc.returncode == 0:
            acknowledged.append(f"k{r}")
        elif proc.returncode == -signal.SIGKILL:
            killed += 1
        else:
            odd += 1
    hands_before = len(stored_hands(url))
    failures = verify(url, ["timing-k", *acknowledged])
    print(
        f"kill -9 of add (one add takes {span:.2f} s): {rounds} rounds, {len(acknowledged)} acknowledged, {killed} killed, {odd} other exits, "
        f"{hands_before} hands stored, {len(failures)} failures, {time.monotonic() - started:.1f} s"
    )
    for f in failures:
        print("  FAILURE", f)


def terminate(url: str, rounds: int, rng: random.Random) -> None:
    """PostgreSQL only: end the server side of `add`'s connection at random moments."""
    from sqlalchemy import create_engine, text

    tag = f"crash-{rng.randrange(1 << 30)}"
    tagged = f"{url}{'&' if '?' in url else '?'}application_name={tag}"
    admin = create_engine(url.split("?")[0], isolation_level="AUTOCOMMIT")
    acknowledged, lost, messy, started = [], 0, [], time.monotonic()
    span = duration(url, "timing-t")
    for r in range(rounds):
        proc = add_hand_process(tagged, f"t{r}")
        time.sleep(rng.uniform(0.0, span))
        # From a random moment on, end its connection as soon as it has one, until it exits.
        with admin.connect() as conn:
            while proc.poll() is None:
                conn.execute(
                    text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = :t"),
                    {"t": tag},
                )
                time.sleep(0.005)
        _, err = proc.communicate()
        if proc.returncode == 0:
            acknowledged.append(f"t{r}")
        else:
            lost += 1
            if err.count("\n") != 1 or not err.startswith("schreiber: "):
                messy.append(err)
    admin.dispose()
    failures = verify(url, ["timing-t", *acknowledged]) + [f"not one sentence: {e!r}" for e in messy]
    print(
        f"connection ended under add: {rounds} rounds, {len(acknowledged)} acknowledged, {lost} refused in one "
        f"sentence, {len(failures)} failures, {time.monotonic() - started:.1f} s"
    )
    for f in failures:
        print("  FAILURE", f)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rounds", type=int, nargs="?", default=100)
    parser.add_argument("--db", help="an empty PostgreSQL ledger (default: a new SQLite file)")
    parser.add_argument("--writers", type=int, default=4)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    url = args.db or f"sqlite:///{Path(tempfile.mkdtemp()) / 'crash.db'}"
    subprocess.run(
        [SCHREIBER, "--db", url, "session", "new", "--rules", "schafkopf", "--players", "A", "B", "C", "D"],
        check=True,
        capture_output=True,
    )
    rng = random.Random(args.seed)
    print(f"ledger: {url.split('?')[0]}")
    concurrent(url, args.rounds, args.writers)
    kill_9(url, args.rounds, rng)
    if url.startswith("postgresql"):
        terminate(url, args.rounds, rng)


if __name__ == "__main__":
    main()
