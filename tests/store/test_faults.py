"""Faults probed on purpose (issue 11): another app's database, a URL with a password, a held lock, a
connection killed under `add`, a new file. Each is what a user sees, run as separate OS processes where
another process is the point."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

SCHREIBER = str(Path(sys.executable).with_name("schreiber"))


def run(*args: str, env: dict[str, str] | None = None, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """`schreiber ARGS` as a separate process, the way a second terminal runs it."""
    return subprocess.run(
        [SCHREIBER, *args], capture_output=True, text=True, timeout=timeout, env={**os.environ, **(env or {})}
    )


def _journal_mode(path: Path) -> str:
    with sqlite3.connect(path) as conn:
        return conn.execute("PRAGMA journal_mode").fetchone()[0]


# -- another application's database ------------------------------------------------------------------


@pytest.mark.parametrize("version_table", [False, True], ids=["plain", "other-alembic"])
def test_another_applications_sqlite_database_is_refused_and_left_alone(tmp_path, capsys, version_table):
    from schreiber.cli.app import main

    path = tmp_path / "recipes.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE recipe (id INTEGER PRIMARY KEY, name TEXT)")
        conn.execute("INSERT INTO recipe (name) VALUES ('Schweinsbraten')")
        if version_table:
            conn.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL)")
            conn.execute("INSERT INTO alembic_version VALUES ('ae1027a6acf')")
    conn.close()
    before = path.read_bytes()
    for args in (
        ["session", "list"],
        ["db", "upgrade"],
        ["db", "check"],
        ["db", "info"],
        ["session", "new", "--rules", "schafkopf", "--players", "A", "B", "C", "D"],
    ):
        code = main(["--db", str(path), *args])
        err = capsys.readouterr().err
        assert code == 2, args
        assert err == f"schreiber: --db: {path} is not a schreiber ledger" + err.split("ledger", 1)[1]
        assert err.count("\n") == 1 and "nothing was changed" in err
    assert path.read_bytes() == before
    assert _journal_mode(path) == "delete"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["recipes.db"]


def test_another_applications_postgresql_schema_is_refused(empty_db_url, capsys):
    from schreiber.cli.app import main

    engine = create_engine(empty_db_url)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE recipe (id INTEGER PRIMARY KEY, name TEXT)"))
    code = main(["--db", empty_db_url, "session", "list"])
    err = capsys.readouterr().err
    with engine.connect() as conn:
        tables = (
            conn.execute(text("SELECT name FROM sqlite_master WHERE type = 'table'")).scalars().all()
            if empty_db_url.startswith("sqlite")
            else conn.execute(
                text("SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")
            )
            .scalars()
            .all()
        )
    engine.dispose()
    assert code == 2 and "is not a schreiber ledger" in err and err.count("\n") == 1
    assert tables == ["recipe"]


# -- passwords ----------------------------------------------------------------------------------------

BAD_URLS = [
    "postgresql+psycopg2://u:secret@h/db",  # a driver that is not installed
    "postgresql+nosuchdrv://u:secret@h/db",  # a driver that does not exist
    "postgresql+psycopg://u:secret@h:abc/db",  # a port that is no number
    "postgresql+psycopg://u:secret@127.0.0.1:9/db?connect_timeout=2",  # nobody listens
    "postgresql+psycopg://u:s%40cret@127.0.0.1:9/db?connect_timeout=2",  # a password with an escaped @
    "nosuchdb://u:secret@h/db",  # no such database at all
]


@pytest.mark.parametrize("url", BAD_URLS)
@pytest.mark.parametrize(
    "args",
    [
        ["session", "list"],
        ["add", "rufspiel", "--player", "A"],
        ["db", "info"],
        ["db", "check"],
        ["db", "backup", "x.db"],
        ["db", "upgrade"],
        ["db", "path"],
    ],
    ids=lambda a: " ".join(a[:2]),
)
def test_no_refusal_prints_the_password(url, args, capsys, monkeypatch, tmp_path):
    from schreiber.cli.app import main

    monkeypatch.chdir(tmp_path)
    for how in ("option", "environment"):
        if how == "option":
            monkeypatch.delenv("SCHREIBER_DB", raising=False)
            code = main(["--db", url, *args])
        else:
            monkeypatch.setenv("SCHREIBER_DB", url)
            code = main(args)
        out, err = capsys.readouterr()
        assert "secret" not in out + err and "s@cret" not in out + err and "cret" not in out + err, (how, out, err)
        if args == ["db", "path"]:
            assert code == 0 and "***" in out
        else:
            assert code == 2 and err.startswith("schreiber: ") and err.count("\n") == 1, (how, err)
            assert "***" in err or "@" not in url


# -- a new file, and one in a folder that does not exist ----------------------------------------------


def test_a_new_ledger_file_says_once_where_it_was_created(tmp_path, capsys):
    from schreiber.cli.app import main

    path = tmp_path / "club.db"
    assert main(["--db", str(path), "session", "list"]) == 0
    assert capsys.readouterr().err == f"schreiber: created a new ledger at {path}.\n"
    assert main(["--db", str(path), "session", "list"]) == 0
    assert capsys.readouterr().err == ""


# -- a lock held by another terminal -------------------------------------------------------------------

HOLD_LOCK = """
import sqlite3, sys, time
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN IMMEDIATE")
conn.execute("UPDATE ledger_state SET value = value")
print("holding", flush=True)
time.sleep(float(sys.argv[2]))
conn.execute("ROLLBACK")
"""


@pytest.mark.parametrize("behind", [False, True], ids=["current", "needs-upgrade"])
def test_a_lock_held_by_another_process_is_busy_not_an_upgrade_failure(tmp_path, behind):
    path = tmp_path / "club.db"
    if behind:  # a ledger at the first revision, as after installing a newer schreiber
        from tests.helpers.upgrade import build_0001_ledger

        build_0001_ledger(f"sqlite:///{path}")
    else:
        assert (
            run("--db", str(path), "session", "new", "--rules", "schafkopf", "--players", "A", "B", "C", "D").returncode
            == 0
        )
    holder = subprocess.Popen([sys.executable, "-c", HOLD_LOCK, str(path), "30"], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "holding"
        for args in (["add", "rufspiel", "--player", "A", "--partner", "B", "--augen", "70"], ["session", "list"]):
            started = time.monotonic()
            ran = run("--db", str(path), *args, env={"SCHREIBER_BUSY_TIMEOUT": "0.5"})
            waited = time.monotonic() - started
            assert ran.returncode == 2, ran
            assert ran.stderr.startswith("schreiber: the ledger is busy (another schreiber is writing)")
            assert ran.stderr.count("\n") == 1 and "upgraded" not in ran.stderr and "try again" in ran.stderr
            assert waited >= 0.5  # it did wait for the other writer first
    finally:
        holder.kill()
        holder.wait()
    if behind:
        assert not path.with_name("club.db.bak-0001").exists()  # nothing was even attempted
    # The lock gone, the same command goes through (and the old ledger is upgraded).
    ran = run(
        "--db",
        str(path),
        *(["db", "upgrade"] if behind else ["add", "rufspiel", "--player", "A", "--partner", "B", "--augen", "70"]),
    )
    assert ran.returncode == 0, ran.stderr
    assert "ok: the store is intact" in run("--db", str(path), "db", "check").stdout


def test_on_postgresql_a_held_lock_is_busy_after_the_same_wait_as_on_sqlite(db_url):
    if db_url.startswith("sqlite"):
        pytest.skip("the SQLite case is the test above")
    assert (
        run("--db", db_url, "session", "new", "--rules", "schafkopf", "--players", "A", "B", "C", "D").returncode == 0
    )
    holder = create_engine(db_url).connect()
    # Another terminal in the middle of a long write (an import): the change counter's row is locked.
    holder.execute(text("SELECT value FROM ledger_state WHERE key = 'changes' FOR UPDATE"))
    try:
        started = time.monotonic()
        ran = run(
            "--db",
            db_url,
            "add",
            "rufspiel",
            "--player",
            "A",
            "--partner",
            "B",
            "--augen",
            "70",
            env={"SCHREIBER_BUSY_TIMEOUT": "0.5"},
            timeout=30,
        )
        waited = time.monotonic() - started
        assert ran.returncode == 2, ran
        assert (
            ran.stderr.startswith("schreiber: the ledger is busy (another schreiber is writing)")
            and ran.stderr.count("\n") == 1
        )
        assert 0.5 <= waited < 10  # it waited for the other writer, and not for good
    finally:
        holder.rollback()
        holder.close()
    assert "rufspiel" not in run("--db", db_url, "list").stdout  # nothing was written
    assert run("--db", db_url, "add", "rufspiel", "--player", "A", "--partner", "B", "--augen", "70").returncode == 0


def test_a_bad_busy_timeout_is_one_sentence(tmp_path):
    ran = run("--db", str(tmp_path / "l.db"), "session", "list", env={"SCHREIBER_BUSY_TIMEOUT": "soon"})
    assert ran.returncode == 2 and ran.stderr == (
        "schreiber: SCHREIBER_BUSY_TIMEOUT: use a number of seconds from 0 to 86400, not 'soon'.\n"
    )


# -- a PostgreSQL connection killed under `add` --------------------------------------------------------


HOLD = {
    # add waits for the table's row before it reads anything
    "reading": "SELECT id FROM runde WHERE id = 1 FOR UPDATE",
    # add waits while it writes the cached payouts (psycopg's pipeline): the foreign key to the players
    "writing": "SELECT id FROM player FOR UPDATE",
}


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
@pytest.mark.parametrize("moment", sorted(HOLD))
def test_a_connection_killed_under_add_is_one_sentence(db_url, moment):
    assert (
        run("--db", db_url, "session", "new", "--rules", "schafkopf", "--players", "A", "B", "C", "D").returncode == 0
    )
    tag = f"schreiber-kill-{uuid.uuid4().hex[:8]}"
    url = f"{db_url}&application_name={tag}"
    admin = create_engine(db_url, isolation_level="AUTOCOMMIT")
    holder = create_engine(db_url).connect()
    try:
        # Hold a row so that `add` waits inside its transaction, then end its connection there.
        holder.execute(text(HOLD[moment]))
        add = subprocess.Popen(
            [SCHREIBER, "--db", url, "add", "rufspiel", "--player", "A", "--partner", "B", "--augen", "70"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        deadline = time.monotonic() + 30
        with admin.connect() as conn:
            while True:
                pids = (
                    conn.execute(
                        text(
                            "SELECT pid FROM pg_stat_activity WHERE application_name = :tag AND wait_event_type = 'Lock'"
                        ),
                        {"tag": tag},
                    )
                    .scalars()
                    .all()
                )
                if pids or time.monotonic() > deadline:
                    break
                time.sleep(0.05)
            assert pids, "add never waited for the table"
            conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pids[0]})
        out, err = add.communicate(timeout=30)
    finally:
        holder.rollback()
        holder.close()
        admin.dispose()
    assert add.returncode == 2, (out, err)
    assert err.startswith("schreiber: the connection to the ledger was lost (") and err.count("\n") == 1, err
    assert "Traceback" not in err
    check = run("--db", db_url, "db", "check")
    assert check.returncode == 0 and "0 hands" in check.stdout


def test_a_file_that_is_no_database_is_refused_and_left_alone(tmp_path, capsys):
    from schreiber.cli.app import main

    path = tmp_path / "notes.txt"
    path.write_text("Einkaufsliste: Brezn, Weißwurst, Senf\n" * 200, encoding="utf-8")
    before = path.read_bytes()
    assert main(["--db", str(path), "session", "list"]) == 2
    err = capsys.readouterr().err
    assert err == f"schreiber: --db: cannot open the ledger at {path} (file is not a database); nothing was changed.\n"
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]
