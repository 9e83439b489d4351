"""`schreiber db path | info | check | backup` as a user types them."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

from sqlalchemy import create_engine, select, text, update

from schreiber.store.models import SCHEMA_REVISION, StatsBlock
from tests.helpers.schreiber import run, said

SCHREIBER = str(Path(sys.executable).with_name("schreiber"))


def _evening(cli) -> None:
    cli.ok("session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", "Dora", "--tariff", "10")
    cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "70")
    cli.ok("add", "wenz", "--player", "Berta", "--augen", "80", "--laufende", "2")
    cli.ok("add", "rufspiel", "--player", "Dora", "--partner", "Anna", "--augen", "40")
    cli.ok("undo")
    cli.ok("edit", "1", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "91")


def _sql(url: str, *statements: str) -> None:
    engine = create_engine(url)
    with engine.begin() as conn:
        for statement in statements:
            conn.execute(text(statement))
    engine.dispose()


def test_db_path_names_the_ledger_without_creating_it(tmp_path, capsys, monkeypatch):
    from schreiber.cli.app import main

    path = tmp_path / "club.db"
    assert main(["--db", str(path), "db", "path"]) == 0
    assert capsys.readouterr().out == f"{path}\n" and not path.exists()
    monkeypatch.setenv("SCHREIBER_DB", "postgresql+psycopg://kassier:geheim@club.example/schafkopf")
    assert main(["db", "path"]) == 0
    assert capsys.readouterr().out == "postgresql+psycopg://kassier:***@club.example/schafkopf\n"


def test_db_info_says_where_which_revision_and_how_much(cli):
    _evening(cli)
    out = cli.ok("db", "info")
    lines = dict(line.split(":", 1) for line in out.splitlines())
    assert lines["schema revision"].strip() == SCHEMA_REVISION
    assert lines["tables"].strip() == "1" and lines["hands"].strip() == "2" and lines["players"].strip() == "4"
    assert lines["ledger"].strip() == (
        cli.url.removeprefix("sqlite:///") if cli.url.startswith("sqlite") else lines["ledger"].strip()
    )


def test_db_info_and_check_refuse_a_ledger_that_does_not_exist(tmp_path, capsys):
    from schreiber.cli.app import main

    path = tmp_path / "nowhere.db"
    for command in ("info", "check", "backup"):
        assert main(["--db", str(path), "db", command, *(["copy.db"] if command == "backup" else [])]) == 2
        assert capsys.readouterr().err == f"schreiber: --db: there is no ledger at {path}.\n"
    assert list(tmp_path.iterdir()) == []


def test_db_check_of_a_sound_ledger_is_one_ok_line(cli):
    _evening(cli)
    cli.ok("session", "new", "--rules", "doppelkopf", "--players", "A", "B", "C", "D", "E")
    cli.ok("add", "normal", "--player", "B", "--partner", "C", "--augen", "150")
    out = cli.ok("db", "check")
    assert out == (
        f"ok: the store is intact; 2 tables, 3 hands, every cached payout equals the fold, "
        f"schema revision {SCHEMA_REVISION} is current.\n"
    )


def test_db_check_names_a_cached_payout_that_differs_from_the_fold(cli):
    _evening(cli)
    _sql(
        cli.url,
        "UPDATE payout SET points = points + 5 WHERE hand_id = (SELECT id FROM hand WHERE number = 2 AND status = 'live')",
    )
    ran = cli("db", "check")
    assert ran.code == 1
    assert ran.out.splitlines() == [
        "problem: session 1 hand 2: the cached payout Anna +1, Berta +17, Carl +1, Dora +1 differs from the fold "
        "Anna -4, Berta +12, Carl -4, Dora -4; `schreiber recompute` rebuilds it"
    ]
    cli.ok("recompute")
    assert cli.ok("db", "check").startswith("ok: ")


def _one_problem_until_recompute(cli, problem: str, before: str, *command: str) -> None:
    """db check names one kept cache that differs from the hands; after `recompute` the command says what it said before."""
    ran = cli("db", "check")
    assert ran.code == 1
    assert ran.out.splitlines() == [problem]
    cli.ok("recompute")
    assert cli.ok("db", "check").startswith("ok: ")
    assert cli.ok(*command) == before


def test_db_check_names_kept_statistics_that_differ_from_the_hands(cli):
    _evening(cli)
    before = cli.ok("stats", "--format", "json")  # makes and keeps the table's summary
    _sql(
        cli.url,
        """UPDATE table_stats SET data = '{"v": 1, "hands": 99, "types": {}, "players": {}, "pairs": [], "teams": {}}'""",
    )
    _one_problem_until_recompute(
        cli,
        (
            "problem: session 1: the statistics kept for it differ from its hands; `schreiber recompute` drops them "
            "and the next `schreiber stats` makes them again"
        ),
        before,
        "stats",
        "--format",
        "json",
    )


def test_db_check_finds_gaps_and_duplicates_in_hand_numbers(cli):
    _evening(cli)
    cli.ok("add", "rufspiel", "--player", "Dora", "--partner", "Anna", "--augen", "40")
    # The unique index stops two live hands with one number, so it must go before the damage can be made.
    _sql(cli.url, "DROP INDEX uq_hand_live_number", "UPDATE hand SET number = 2 WHERE number = 3 AND status = 'live'")
    ran = cli("db", "check")
    assert ran.code == 1
    assert "problem: session 1: hand 2 is live 2 times" in ran.out.splitlines()
    _sql(cli.url, "UPDATE hand SET number = 7 WHERE number = 2 AND status = 'live'")
    ran = cli("db", "check")
    assert (
        ran.code == 1
        and "problem: session 1: the hands are not numbered 1–7 (no version of hand 2, 4, 5, 6)" in ran.out
    )


def test_db_check_accepts_a_voided_hand_between_live_ones_and_an_undo_after_a_join(cli):
    _evening(cli)
    cli.ok("add", "rufspiel", "--player", "Dora", "--partner", "Anna", "--augen", "40")
    cli.ok("void", "2")
    cli.ok("session", "join", "Emil")
    cli.ok("undo")
    cli.ok("add", "rufspiel", "--player", "Carl", "--partner", "Anna", "--augen", "70")
    assert cli.ok("db", "check").startswith("ok: ")


def test_db_check_finds_rows_pointing_nowhere_and_payouts_of_undone_hands(cli):
    _evening(cli)
    void = "(SELECT id FROM hand WHERE status = 'void')"
    _sql(
        cli.url,
        f"INSERT INTO payout (hand_id, player_id, points, sat_out, won, solo, runde_id) VALUES ({void}, 1, 3, false, true, false, 1)",
    )
    ran = cli("db", "check")
    assert ran.code == 1
    assert any(
        line.startswith("problem: hand ") and line.endswith("is not live but still has cached payouts")
        for line in ran.out.splitlines()
    )


def test_db_check_of_a_damaged_sqlite_file_reports_the_damage(tmp_path):
    path = tmp_path / "club.db"
    run(str(path), "session", "new", "--rules", "schafkopf", "--players", "A", "B", "C", "D")
    for _ in range(30):
        run(str(path), "add", "rufspiel", "--player", "A", "--partner", "B", "--augen", "70", "--note", "x" * 300)
    # Scribble over one page of the hand table's index, as a failing disk might.
    with sqlite3.connect(path) as conn:
        page_size = conn.execute("PRAGMA page_size").fetchone()[0]
        root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'ix_hand_runde_status'").fetchone()[0]
    conn.close()
    with open(path, "r+b") as f:
        f.seek((root - 1) * page_size + 8)
        f.write(b"\x07" * 64)
    ran = subprocess.run([SCHREIBER, "--db", str(path), "db", "check"], capture_output=True, text=True)
    assert ran.returncode in (1, 2), ran
    assert "Traceback" not in ran.stderr
    if ran.returncode == 1:
        assert any(line.startswith("problem: the SQLite file is damaged") for line in ran.stdout.splitlines())


def test_db_backup_is_a_whole_ledger_and_refuses_the_ledger_itself(cli, tmp_path):
    _evening(cli)
    if not cli.url.startswith("sqlite"):
        ran = cli("db", "backup", str(tmp_path / "copy.db"))
        assert ran.code == 2 and "pg_dump" in ran.err and ran.err.count("\n") == 1
        assert list(tmp_path.iterdir()) == []
        return
    ledger = Path(cli.url.removeprefix("sqlite:///"))
    for target in (ledger, ledger.with_name(ledger.name + "-wal"), ledger.with_name(ledger.name + "-shm")):
        ran = cli("db", "backup", str(target))
        assert ran.code == 2 and "is the ledger itself" in ran.err
    ran = cli("db", "backup", str(tmp_path / "no" / "copy.db"))
    assert ran.code == 2 and f"the folder {tmp_path / 'no'} does not exist" in ran.err
    copy = tmp_path / "copy.db"
    out = cli.ok("db", "backup", str(copy))
    assert out.startswith(f"The ledger was copied to {copy} (")
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".copy.db")] == []  # no temporary left
    assert copy.stat().st_mode & 0o777 == ledger.stat().st_mode & 0o777
    before = cli.ok("export", "csv")
    from tests.conftest import Cli

    restored = Cli(f"sqlite:///{copy}", cli.capsys)
    assert restored.ok("export", "csv") == before
    assert restored.ok("db", "check").startswith("ok: ")


# Another terminal adding hand after hand, as `play` does: one command line after another in one process.
BUSY_WRITER = """
import sys
from schreiber.cli.app import main
db, n = sys.argv[1], int(sys.argv[2])
for i in range(n):
    assert main(["--db", db, "add", "rufspiel", "--player", "A", "--partner", "B", "--augen", str(61 + i % 50)]) == 0
"""


def test_db_backup_while_another_terminal_writes_is_consistent(tmp_path):
    path = tmp_path / "club.db"
    run(str(path), "session", "new", "--rules", "schafkopf", "--players", "A", "B", "C", "D")
    writer = subprocess.Popen([sys.executable, "-c", BUSY_WRITER, str(path), "60"])
    copies = []
    try:
        while writer.poll() is None and not _hands(path):
            time.sleep(0.01)  # the copies are taken while the hands go in, not before the first
        while writer.poll() is None and len(copies) < 8:
            copy = tmp_path / f"copy{len(copies)}.db"
            run(str(path), "db", "backup", str(copy))
            copies.append(copy)
    finally:
        writer.wait(timeout=120)
    assert writer.returncode == 0 and copies
    for copy in copies:
        checked = said(str(copy), "db", "check")
        assert checked.code == 0 and checked.out.startswith("ok: "), checked.out + checked.err
        assert not Path(f"{copy}-wal").exists() or Path(f"{copy}-wal").stat().st_size == 0
    counts = [_hands(copy) for copy in copies]
    assert counts == sorted(counts) and 0 < counts[0] and counts[-1] <= 60, counts
    assert len(copies) == 1 or counts[0] < _hands(path) == 60, counts  # taken while the writer wrote


def _hands(path: Path) -> int:
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as conn:
        return conn.execute("SELECT count(*) FROM hand").fetchone()[0]


def test_db_check_of_a_ledger_behind_says_so_and_upgrades_nothing(tmp_path, capsys):
    from schreiber.cli.app import main
    from tests.helpers.upgrade import build_0001_ledger

    path = tmp_path / "old.db"
    build_0001_ledger(f"sqlite:///{path}")
    assert main(["--db", str(path), "db", "check"]) == 1
    assert capsys.readouterr().out == (
        f"problem: schema revision 0001 is behind {SCHEMA_REVISION}; `schreiber db upgrade` brings the ledger up to date.\n"
    )
    assert main(["--db", str(path), "db", "info"]) == 0
    assert "schema revision: 0001" in capsys.readouterr().out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.db"]  # no upgrade, so no copy either
    assert main(["--db", str(path), "db", "upgrade"]) == 0
    assert main(["--db", str(path), "db", "check"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("ok: the store is intact; 6 tables, 36 hands")


def test_db_given_twice_is_refused_and_writes_nowhere(tmp_path, capsys, monkeypatch):
    """`--db` before and after the command, twice after it, or twice before: one sentence, exit 2,
    no hand in either ledger and no ledger created; a --db inside a note is the note's text."""
    from schreiber.cli.app import main

    monkeypatch.chdir(tmp_path)
    first, second = tmp_path / "abend.db", tmp_path / "saison.db"
    for db in (first, second):
        assert main(["--db", str(db), "session", "new", "--rules", "schafkopf", "--players", "A", "B", "C", "D"]) == 0
    hand = ["add", "rufspiel", "--player", "A", "--partner", "B", "--augen", "70"]
    fresh = tmp_path / "neu.db"
    for args in (
        ["--db", str(first), *hand, "--db", str(second)],
        [*hand, "--db", str(first), f"--db={second}"],
        ["--db", str(first), f"--db={second}", *hand],
        ["--db", str(first), *hand, "--db", str(first)],  # the same one twice is no better
        ["--db", str(fresh), *hand, "--db", str(first)],
    ):
        capsys.readouterr()
        assert main(args) == 2
        err = capsys.readouterr().err
        assert err.startswith("schreiber: --db is given more than once (") and err.count("\n") == 1, err
        assert "name the ledger once, before or after the command" in err and "Traceback" not in err
    for db in (first, second):
        with sqlite3.connect(db) as conn:
            assert conn.execute("SELECT count(*) FROM hand").fetchone() == (0,)
    assert not fresh.exists()
    # A password in a URL given twice is not shown.
    assert main(["--db", "postgresql+psycopg://kassier:geheim@127.0.0.1:1/club", "db", "path", "--db", str(first)]) == 2
    assert "geheim" not in capsys.readouterr().err
    # Once after the command, or once in a note, is fine.
    assert main([*hand, "--db", str(first)]) == 0
    assert main(["--db", str(first), *hand, "--note", "--db"]) == 0
    with sqlite3.connect(first) as conn:
        assert conn.execute("SELECT count(*) FROM hand").fetchone() == (2,)


def test_db_check_names_a_kept_block_of_statistics_that_differs_from_the_hands(cli):
    _evening(cli)
    cli.ok("session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", "Dora", "--tariff", "10")
    cli.ok("add", "wenz", "--player", "Carl", "--augen", "80")
    before = cli.ok("stats", "--all", "--format", "json")  # keeps each table's summary and the block of both
    assert cli.ok("db", "check").startswith("ok: ")
    # The block says Carl won 40 more hands: the season's statistics read it, and db check finds it.
    engine = create_engine(cli.url)
    with engine.begin() as conn:
        data = conn.execute(select(StatsBlock.data)).scalar_one()
        data["players"]["3"]["won"] += 40  # Carl, the third player named
        conn.execute(update(StatsBlock).values(data=data))
    engine.dispose()
    season = {p["name"]: p["won"] for p in cli.json("stats", "--all", "--format", "json")["groups"][0]["players"]}
    assert season["Carl"] >= 40
    _one_problem_until_recompute(
        cli,
        (
            "problem: sessions 1 to 2: the statistics kept for them differ from their hands; `schreiber recompute` drops "
            "them and the next `schreiber stats` makes them again"
        ),
        before,
        "stats",
        "--all",
        "--format",
        "json",
    )


def test_db_check_names_kept_report_totals_that_differ_from_the_hands(cli):
    _evening(cli)
    cli.ok("session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", "Dora", "--tariff", "10")
    cli.ok("add", "wenz", "--player", "Carl", "--augen", "80")
    before = cli.ok("report", "--all", "--format", "json")  # sums each table once and keeps its totals
    assert cli.ok("db", "check").startswith("ok: ")
    # A damaged row of table 1: Anna 500 points. The report reads what was kept, and db check finds it.
    _sql(cli.url, "UPDATE player_totals SET points = 500 WHERE runde_id = 1 AND player_id = 1")
    second = {p["name"]: p["points"] for p in cli.json("report", "--session", "2", "--format", "json")["players"]}
    season = {p["name"]: p["points"] for p in cli.json("report", "--all", "--format", "json")["players"]}
    assert season["Anna"] == 500 + second["Anna"]  # the season sums what was kept
    _one_problem_until_recompute(
        cli,
        (
            "problem: session 1: the report totals kept for it differ from its hands; `schreiber recompute` drops them "
            "and the next `schreiber report` sums them again"
        ),
        before,
        "report",
        "--all",
        "--format",
        "json",
    )
