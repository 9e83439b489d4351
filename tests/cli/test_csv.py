"""Export and import as a club uses them: idempotent import, files whole or not at all, Excel, hostile files."""

from __future__ import annotations

import csv
import errno
import io
import os
import re
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from tests.conftest import PG_SERVER, Cli

PLAYERS = ("--players", "Anna", "Berta", "Carl", "Dora")
HANDS = (
    ("rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "70"),
    ("wenz", "--player", "Berta", "--augen", "40", "--note", "Jürgen zahlt 5 €"),
    ("rufspiel", "--player", "Dora", "--partner", "Carl", "--augen", "61"),
    ("farbsolo", "--player", "Carl", "--augen", "91", "--laufende", "3"),
    ("rufspiel", "--player", "Berta", "--partner", "Anna", "--augen", "30"),
)


def evening(cli: Cli, hands=HANDS, date: str = "2026-01-10") -> None:
    cli.ok("session", "new", "--rules", "schafkopf", *PLAYERS, "--tariff", "10", "--date", date)
    for hand in hands:
        cli.ok("add", *hand)


def export(cli: Cli, path: Path, *args: str) -> Path:
    cli.ok("export", "csv", "--all", "--output", str(path), *args)
    return path


@pytest.fixture
def other(db_url, cli, tmp_path):
    """A second, empty ledger of the same kind (another SQLite file, another PostgreSQL schema)."""
    if db_url.startswith("sqlite"):
        yield Cli(f"sqlite:///{tmp_path / 'club.db'}", cli.capsys)
        return
    schema = f"t_{uuid.uuid4().hex[:12]}"
    admin = create_engine(PG_SERVER, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield Cli(f"{PG_SERVER}?options=-csearch_path%3D{schema}", cli.capsys)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def without_uid(source: Path, target: Path) -> Path:
    """The file as an export of before table_uid wrote it."""
    with source.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    columns = [c for c in rows[0] if c not in ("table_uid", "euros")]
    with target.open("w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, columns, extrasaction="ignore", lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    return target


def totals(cli: Cli, session: int) -> dict[str, int]:
    return {
        p["name"]: p["points"] for p in cli.json("report", "--session", str(session), "--format", "json")["players"]
    }


# -- idempotent import --------------------------------------------------------------------------


def test_importing_an_export_into_its_own_ledger_changes_nothing(cli, tmp_path):
    evening(cli)
    before = cli.ok("export", "csv", "--all")
    out = cli.ok("import", "csv", str(export(cli, tmp_path / "abend.csv")))
    assert out == "Session 1 of the file is already in the ledger as session 1; nothing was changed.\n"
    assert cli.ok("export", "csv", "--all") == before


def test_importing_twice_into_another_ledger_adds_the_evening_once(cli, other, tmp_path):
    evening(cli)
    path = export(cli, tmp_path / "abend.csv")
    assert other.ok("import", "csv", str(path)) == "Imported session 1 with 5 hands.\n"
    assert other.ok("import", "csv", str(path)) == (
        "Session 1 of the file is already in the ledger as session 1; nothing was changed.\n"
    )
    assert len(other.json("report", "--all", "--format", "json")["sessions"]) == 1
    assert totals(other, 1) == totals(cli, 1)
    # the table keeps its identity, so the club's export imports back into the laptop as the same table
    assert cli.ok("import", "csv", str(export(other, tmp_path / "club.csv"))).startswith(
        "Session 1 of the file is already"
    )


def test_a_later_export_adds_only_the_new_hands(cli, other, tmp_path):
    evening(cli, HANDS[:3])
    other.ok("import", "csv", str(export(cli, tmp_path / "halb.csv")))
    for hand in HANDS[3:]:
        cli.ok("add", *hand)
    out = other.ok("import", "csv", str(export(cli, tmp_path / "ganz.csv")))
    assert out == "Added hands 4–5 to session 1; the earlier ones were there already.\n"
    assert totals(other, 1) == totals(cli, 1)
    shown = [c.json("show", "5", "--session", "1", "--format", "json")["payouts"] for c in (cli, other)]
    assert shown[0] == shown[1]
    # the earlier, shorter export now finds every one of its hands there
    out = other.ok("import", "csv", str(tmp_path / "halb.csv"))
    assert (
        out
        == "Session 1 of the file is already in the ledger as session 1, which has more hands (5 hands); nothing was changed.\n"
    )


def test_a_table_whose_hands_differ_is_refused_naming_the_hand_and_nothing_is_written(cli, tmp_path):
    evening(cli)
    cli.ok("session", "new", "--rules", "schafkopf", *PLAYERS, "--date", "2026-01-11")
    cli.ok("add", *HANDS[0])
    path = export(cli, tmp_path / "abend.csv")
    cli.ok("edit", "2", "wenz", "--player", "Carl", "--augen", "40", "--session", "1")
    cli.ok("undo", "--session", "2")  # session 2 of the file has a hand the ledger lacks now
    before = cli.ok("export", "csv", "--all")
    ran = cli("import", "csv", str(path))
    assert ran.code == 2 and ran.err.count("\n") == 1
    assert ran.err == (
        "schreiber: import csv: session 1 of the file is session 1 of the ledger, but hand 2 differs "
        '(player "Carl" in the ledger, "Berta" in the file); nothing was imported.\n'
    )
    assert cli.ok("export", "csv", "--all") == before


def test_an_older_file_without_identities_is_matched_by_its_facts(cli, other, tmp_path):
    evening(cli)
    old = without_uid(export(cli, tmp_path / "neu.csv"), tmp_path / "alt.csv")
    out = cli.ok("import", "csv", str(old))
    assert out == (
        "Session 1 of the file is already in the ledger as session 1 (matched by date, rule set, players and hands); "
        "nothing was changed.\n"
    )
    assert other.ok("import", "csv", str(old)) == "Imported session 1 with 5 hands.\n"
    assert "already in the ledger as session 1" in other.ok("import", "csv", str(old))
    # the same players on the same day at a second table with other hands is another table
    other.ok("session", "new", "--rules", "schafkopf", *PLAYERS, "--tariff", "10", "--date", "2026-01-10")
    other.ok("add", *HANDS[3])
    assert other.ok("import", "csv", str(old)).startswith("Session 1 of the file is already in the ledger as session 1")
    assert len(other.json("report", "--all", "--format", "json")["sessions"]) == 2


def test_an_older_file_that_continues_a_table_adds_its_new_hands(cli, other, tmp_path):
    evening(cli, HANDS[:2])
    other.ok("import", "csv", str(without_uid(export(cli, tmp_path / "a.csv"), tmp_path / "alt-halb.csv")))
    for hand in HANDS[2:]:
        cli.ok("add", *hand)
    old = without_uid(export(cli, tmp_path / "b.csv"), tmp_path / "alt-ganz.csv")
    out = other.ok("import", "csv", str(old))
    assert (
        out
        == "Added hands 3–5 to session 1 (matched by date, rule set, players and hands); the earlier ones were there already.\n"
    )
    assert totals(other, 1) == totals(cli, 1)


def test_a_refused_table_leaves_the_other_tables_of_the_file_unwritten(cli, other, tmp_path):
    evening(cli, HANDS[:2])
    evening(cli, HANDS[:2], date="2026-01-11")
    other.ok("import", "csv", str(export(cli, tmp_path / "erst.csv")))
    cli.ok("add", *HANDS[2], "--session", "1")
    cli.ok("edit", "1", "farbsolo", "--player", "Dora", "--augen", "91", "--session", "2")
    before = other.ok("export", "csv", "--all")
    ran = other("import", "csv", str(export(cli, tmp_path / "dann.csv")))
    assert ran.code == 2 and "session 2 of the file is session 2 of the ledger, but hand 1 differs (type" in ran.err
    assert other.ok("export", "csv", "--all") == before


def test_names_are_matched_as_the_ledger_spells_them(cli, other, tmp_path):
    evening(cli, HANDS[:2])
    other.ok("session", "new", "--rules", "schafkopf", "--players", "ANNA", "berta", "Carl", "Dora")
    out = other.ok("import", "csv", str(export(cli, tmp_path / "abend.csv")))
    assert out == "Imported session 2 with 2 hands.\n"
    assert set(totals(other, 2)) == {"ANNA", "berta", "Carl", "Dora"}
    assert "already in the ledger as session 2" in other.ok("import", "csv", str(tmp_path / "abend.csv"))


def test_new_tables_written_together_spell_a_player_as_the_first_of_them(cli, other, tmp_path):
    """New tables are written a batch at a time: a player the file spells two ways becomes one
    player, spelled as the first table spells them, and the later table's hands name them so."""
    evening(cli, HANDS[:2])
    evening(cli, HANDS[2:4], date="2026-01-11")
    lines = export(cli, tmp_path / "zwei.csv").read_text(encoding="utf-8").splitlines(keepends=True)
    second = [line for line in lines[1:] if line.startswith("2,")]
    assert len(second) == 8
    path = tmp_path / "gemischt.csv"
    path.write_text(
        "".join([*lines[: len(lines) - 8], *(line.replace("Dora", "DORA") for line in second)]), encoding="utf-8"
    )
    assert "DORA" in path.read_text(encoding="utf-8")
    out = other.ok("import", "csv", str(path))
    assert out == "Imported session 1 with 2 hands.\nImported session 2 with 2 hands.\n"
    assert "DORA" not in other.ok("export", "csv", "--all")
    assert set(totals(other, 2)) == {"Anna", "Berta", "Carl", "Dora"}
    assert totals(other, 2) == totals(cli, 2)
    assert other.ok("db", "check").startswith("ok:")
    assert other.ok("import", "csv", str(path)).count("nothing was changed") == 2


def test_a_file_whose_points_were_edited_is_refused_on_import_again(cli, other, tmp_path):
    """A table the ledger has already is compared by its facts and its points; points that the
    facts do not give are refused, as on the first import."""
    evening(cli, HANDS[:2])
    evening(cli, HANDS[:2], date="2026-01-11")
    path = export(cli, tmp_path / "abend.csv")
    other.ok("import", "csv", str(path))
    before = other.ok("export", "csv", "--all")
    with path.open(encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f))
    header = rows[0]
    (anna,) = [
        r
        for r in rows[1:]
        if r[header.index("session")] == "1" and r[header.index("hand")] == "2" and r[header.index("name")] == "Anna"
    ]
    anna[header.index("points")] = str(int(anna[header.index("points")]) + 2)
    edited = tmp_path / "bearbeitet.csv"
    with edited.open("w", encoding="utf-8", newline="") as f:
        csv.writer(f, lineterminator="\n").writerows(rows)
    ran = other("import", "csv", str(edited))
    assert ran.code == 2 and "hand 2 of session 1 scores" in ran.err, ran.err
    assert other.ok("export", "csv", "--all") == before


# -- files whole or not at all ----------------------------------------------------------------


def test_a_refused_export_leaves_no_file(cli, tmp_path):
    target = tmp_path / "abend.csv"
    ran = cli("export", "csv", "--output", str(target))
    assert ran.code == 2 and "no active session" in ran.err
    assert list(tmp_path.iterdir()) == [] or not target.exists()
    assert not any(p.name.startswith(".abend") for p in tmp_path.iterdir())
    # on standard output too: no header before the refusal
    ran = cli("export", "csv")
    assert ran.code == 2 and ran.out == ""


def test_the_ledger_is_never_an_output(cli, db_url, tmp_path):
    if not db_url.startswith("sqlite"):
        pytest.skip("only an SQLite ledger is a file")
    evening(cli)
    ledger = Path(db_url.removeprefix("sqlite:///"))
    before = ledger.read_bytes()
    link = tmp_path / "link.db"
    link.symlink_to(ledger)
    for target in (
        str(ledger),
        f"{ledger}-wal",
        f"{ledger}-shm",
        str(link),
        str(ledger.parent / "sub" / ".." / ledger.name),
    ):
        ran = cli("export", "csv", "--output", target)
        assert ran.code == 2 and "is the ledger itself" in ran.err, target
    cli.ok("session", "new", "--rules", "klassisch", *PLAYERS)
    (ledger.parent / "sub").mkdir()
    ran = cli("strokes", "--svg", str(ledger))
    assert ran.code == 2 and "is the ledger itself" in ran.err
    assert cli.json("report", "--session", "1", "--format", "json")["hands"] == 5
    assert ledger.read_bytes()[:16] == before[:16] == b"SQLite format 3\x00"


def test_a_full_disk_leaves_the_old_file_whole_and_says_so(cli, tmp_path, monkeypatch):
    evening(cli)
    target = tmp_path / "abend.csv"
    target.write_text("the export of last week\n")

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    ran = cli("export", "csv", "--output", str(target))
    assert ran.code == 2 and ran.err.count("\n") == 1
    assert "No space left on device" in ran.err and "internal error" not in ran.err
    assert target.read_text() == "the export of last week\n"
    assert [p.name for p in tmp_path.iterdir() if p.name != "ledger.db" and not p.name.startswith("ledger.db-")] == [
        "abend.csv"
    ]


def _schreiber(db_url: str, shell: str) -> subprocess.CompletedProcess[str]:
    """`schreiber` as a shell runs it, with its output redirected or piped as given."""
    command = f"{sys.executable} -c 'from schreiber.cli.app import entry; entry()' --db \"$DB\" {shell}"
    return subprocess.run(
        ["bash", "-c", command], capture_output=True, text=True, env={**os.environ, "DB": db_url}, timeout=120
    )


def _many_hands(cli: Cli, tmp_path: Path) -> None:
    """An evening with enough hands that its export overflows a pipe's buffer."""
    rows = []
    header = None
    evening(cli, HANDS[:1])
    path = export(cli, tmp_path / "one.csv")
    with path.open(encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f)
        header = reader.fieldnames
        rows = list(reader)
    big = tmp_path / "big.csv"
    with big.open("w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, header, lineterminator="\n")
        writer.writeheader()
        for i in range(300):
            uid = str(uuid.uuid4())
            for row in rows:
                writer.writerow({**row, "session": str(i + 10), "table_uid": uid, "date": "2025-01-01"})
    cli.ok("import", "csv", str(big))


def test_a_full_or_closed_standard_output_ends_in_one_sentence_or_quietly(cli, db_url, tmp_path):
    _many_hands(cli, tmp_path)
    full = _schreiber(db_url, "export csv --all > /dev/full")
    assert full.returncode == 2, full
    assert full.stderr == "schreiber: cannot write the output (No space left on device); it is incomplete.\n"
    device = _schreiber(db_url, "export csv --all --output /dev/full")
    assert device.returncode == 2 and "cannot write /dev/full (No space left on device)" in device.stderr
    piped = _schreiber(db_url, "export csv --all | head -1")
    assert piped.returncode == 0 and piped.stderr == ""
    assert piped.stdout.startswith("session,table_uid,")
    status = _schreiber(db_url, "export csv --all | head -1 >/dev/null; echo ${PIPESTATUS[0]}")
    # 1 when head closed the pipe while export still wrote; 0 when everything fitted into the pipe first.
    assert status.stdout.strip() in ("0", "1") and status.stderr == ""


# -- Excel ------------------------------------------------------------------------------------


def test_excel_flavour_opens_in_a_german_excel(cli, other, tmp_path):
    cli.ok(
        "session",
        "new",
        "--rules",
        "schafkopf",
        "--players",
        "Jürgen",
        "Bärbel",
        "Carl",
        "@Dora",
        "--tariff",
        "110",
        "--date",
        "2026-01-10",
    )
    cli.ok(
        "add",
        "rufspiel",
        "--player",
        "Jürgen",
        "--partner",
        "Carl",
        "--augen",
        "70",
        "--note",
        "5 € in die Kasse; danke",
    )
    raw = export(cli, tmp_path / "excel.csv", "--excel").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbfsession;table_uid;")
    rows = list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig")), delimiter=";"))
    assert {r["name"]: (r["points"], r["cents"], r["euros"]) for r in rows} == {
        "Jürgen": ("1", "110", "1,10"),
        "Bärbel": ("-1", "-110", "-1,10"),
        "Carl": ("1", "110", "1,10"),
        "'@Dora": ("-1", "-110", "-1,10"),
    }
    assert rows[0]["note"] == "5 € in die Kasse; danke"
    plain = list(csv.DictReader(io.StringIO(cli.ok("export", "csv"))))
    assert [r["euros"] for r in plain] == ["1.10", "-1.10", "1.10", "-1.10"]
    # what --excel wrote imports back
    assert other.ok("import", "csv", str(tmp_path / "excel.csv")) == "Imported session 1 with 1 hand.\n"
    assert totals(other, 1) == totals(cli, 1)

    report = cli.ok("report", "--format", "csv", "--excel")
    assert report.startswith("\ufeffrank;player;points;hands;won;solos;euros\r\n")
    lines = report.removeprefix("\ufeff").splitlines()
    assert lines[1:] == [
        "1;Carl;1;1;1;0;1,10",
        "2;Jürgen;1;1;1;0;1,10",
        "3;'@Dora;-1;1;0;0;-1,10",
        "4;Bärbel;-1;1;0;0;-1,10",
    ]
    ran = cli("report", "--excel")
    assert ran.code == 2 and "--excel" in ran.err


# -- hostile files ----------------------------------------------------------------------------


def _hostile(tmp_path: Path, good: Path) -> dict[str, Path]:
    text_ = good.read_text(encoding="utf-8")
    lines = text_.splitlines(keepends=True)
    files: dict[str, bytes] = {
        "random bytes": os.urandom(4096),
        "empty": b"",
        "utf-16": text_.encode("utf-16"),
        "latin-1": text_.replace("Jürgen zahlt 5 €", "Jürgen zahlt 5 DM").encode("latin-1"),
        "wrong columns": b"Datum,Spieler,Punkte\n2026-01-10,Anna,3\n",
        "cut inside a row": ("".join(lines[:5]) + ",".join(lines[5].split(",")[:12])).encode(),
        "cut inside a quoted cell": "".join(lines[:6]).encode()[: len("".join(lines[:5]).encode()) + 300],
        "oversized cell": (lines[0] + lines[1].replace("Rufspiel", "R" * 200_000, 1)).encode(),
        "one endless line": b"session," + b"a" * 3_000_000,
        "rows of a table apart": "".join([lines[0], *lines[1:5], *lines[21:25], *lines[5:21]]).encode(),
        "a hand with a player missing": "".join(lines[:8]).encode(),
        "points that do not score": "".join(
            [lines[0], lines[1].replace(",Anna,,1,10,0.10,", ",Anna,,3,10,0.10,"), *lines[2:5]]
        ).encode(),
        "a formula in the facts": "".join(
            [lines[0], *(line.replace('"{""augen""', '"=cmd|\' /C calc\'!A0{""augen""') for line in lines[1:5])]
        ).encode(),
    }
    paths = {}
    for name, data in files.items():
        path = tmp_path / (name.replace(" ", "-") + ".csv")
        path.write_bytes(data)
        paths[name] = path
    big = tmp_path / "fifty-megabytes.csv"
    with big.open("wb") as f:
        for _ in range(50):
            f.write(os.urandom(1 << 20))
    paths["a 50 MB file of noise"] = big
    fifo = tmp_path / "fifo.csv"
    os.mkfifo(fifo)
    paths["a FIFO"] = fifo
    paths["/dev/zero"] = Path("/dev/zero")
    paths["a folder"] = tmp_path
    paths["a missing file"] = tmp_path / "nowhere.csv"
    return paths


def test_hostile_files_are_refused_in_one_sentence_and_change_nothing(cli, tmp_path):
    evening(cli)
    evening(cli, HANDS[:1], date="2026-02-01")
    good = export(cli, tmp_path / "good.csv")
    before = cli.ok("export", "csv", "--all")
    expected = {
        "utf-16": "UTF-16",
        "latin-1": "not UTF-8",
        "wrong columns": "no column 'session'",
        "cut inside a row": "cells where the header has",
        "cut inside a quoted cell": "cannot be read as CSV",
        "oversized cell": "cannot be read as CSV (field larger than field limit",
        "one endless line": "longer than 1,000,000 bytes",
        "rows of a table apart": "are not together",
        "a hand with a player missing": "hand 2 of session 1 has rows for 3 of its 4 players",
        "points that do not score": "hand 1 of session 1 scores",
        "a formula in the facts": "the facts of hand 1 of session 1 cannot be read",
        "a FIFO": "not a regular file",
        "/dev/zero": "not a regular file",
        "a folder": "not a regular file",
        "a missing file": "No such file",
        "empty": "is empty",
    }
    for name, path in _hostile(tmp_path, good).items():
        ran = cli("import", "csv", str(path))
        assert ran.code == 2, (name, ran)
        assert ran.err.startswith("schreiber: import csv: ") and ran.err.count("\n") == 1, (name, ran.err)
        assert "internal error" not in ran.err and "Traceback" not in ran.err
        assert expected.get(name, "") in ran.err, (name, ran.err)
    assert cli.ok("export", "csv", "--all") == before


def test_a_bom_and_a_raw_formula_name_are_read_as_text(cli, other, tmp_path):
    # (a name that starts with "-" reads as an option when typed, and one with "=" is refused; the
    # property tests and the session name of tests/views/test_text.py cover those)
    cli.ok("session", "new", "--rules", "schafkopf", "--players", "+Anna,@Berta,Carl,+Dora", "--date", "2026-01-10")
    cli.ok("add", "rufspiel", "--player", "+Anna", "--partner", "Carl", "--augen", "70")
    path = export(cli, tmp_path / "abend.csv")
    content = path.read_text(encoding="utf-8")
    assert "'+Anna" in content and "'@Berta" in content
    path.write_bytes(b"\xef\xbb\xbf" + content.encode())
    assert other.ok("import", "csv", str(path)) == "Imported session 1 with 1 hand.\n"
    assert set(totals(other, 1)) == {"+Anna", "@Berta", "Carl", "+Dora"}
    # a file written by hand without the guard: the cell is the name, as text
    raw = tmp_path / "raw.csv"
    raw.write_text(content.replace("'+Anna", "+Anna").replace("'@Berta", "@Berta"), encoding="utf-8")
    assert "already in the ledger as session 1" in other.ok("import", "csv", str(raw))


def test_a_table_beyond_a_sane_size_is_refused_with_the_reason(cli, tmp_path, monkeypatch):
    from schreiber.ledger.transfer import reading

    evening(cli)
    path = export(cli, tmp_path / "abend.csv")
    cli.ok("session", "new", "--rules", "schafkopf", *PLAYERS, "--date", "2026-03-01")
    before = cli.ok("export", "csv", "--all")
    monkeypatch.setattr(reading, "MAX_HANDS", 4)
    ran = cli("import", "csv", str(path))
    assert ran.code == 2 and "has hand 5; a table holds hands 1–4" in ran.err
    assert cli.ok("export", "csv", "--all") == before


# -- payments recorded with settle travel with the file (issue 24, item 3) ---------------------


def money(cli: Cli) -> tuple:
    """Who still pays whom, at the table and across the ledger: what a payment changes."""
    report = cli.json("report", "--session", "1", "--format", "json")
    return report["money"], report["transfers"], cli.json("report", "--open", "--format", "json")["transfers"]


def test_payments_survive_export_and_import_and_a_later_export_adds_only_new_ones(cli, other, tmp_path):
    evening(cli, HANDS[:3])
    unpaid = money(cli)
    recorded = cli.ok("settle", "--paid", "Berta").split("Still open")[0].count(" paid ")
    assert recorded and money(cli) != unpaid
    out = other.ok("import", "csv", str(export(cli, tmp_path / "halb.csv")))
    payments = "1 payment" if recorded == 1 else f"{recorded} payments"
    assert out == f"Imported session 1 with 3 hands.\nRecorded {payments} of the file (settle) for session 1.\n"
    # what was paid is paid in the other ledger too: the same open debts, not the whole evening again
    assert money(other) == money(cli)

    # the same file again adds nothing; the export of the other ledger is the same file
    assert other.ok("import", "csv", str(tmp_path / "halb.csv")).startswith("Session 1 of the file is already")
    back = export(other, tmp_path / "zurueck.csv").read_text(encoding="utf-8")
    assert back == (tmp_path / "halb.csv").read_text(encoding="utf-8")

    # more hands and the rest paid: a later export adds the new hands and only the new payments
    for hand in HANDS[3:]:
        cli.ok("add", *hand)
    cli.ok("settle")
    out = other.ok("import", "csv", str(export(cli, tmp_path / "ganz.csv")))
    assert re.fullmatch(
        r"Added hands 4–5 to session 1; the earlier ones were there already\.\n"
        r"Recorded \d+ payments? of the file \(settle\) for session 1\.\n",
        out,
    )
    assert money(other) == money(cli)
    assert money(cli)[1:] == ([], [])
    assert other.ok("import", "csv", str(tmp_path / "ganz.csv")).startswith("Session 1 of the file is already")
    assert export(other, tmp_path / "zurueck.csv").read_text(encoding="utf-8") == (tmp_path / "ganz.csv").read_text(
        encoding="utf-8"
    )


def test_a_payment_recorded_after_the_last_hand_is_added_on_its_own(cli, other, tmp_path):
    evening(cli)
    other.ok("import", "csv", str(export(cli, tmp_path / "abend.csv")))
    recorded = cli.ok("settle").split("Still open")[0].count(" paid ")
    out = other.ok("import", "csv", str(export(cli, tmp_path / "bezahlt.csv")))
    payments = "1 payment" if recorded == 1 else f"{recorded} payments"
    assert out == f"Added {payments} of session 1 of the file to session 1; its hands were there already.\n"
    assert money(other) == money(cli)
    assert money(other)[1:] == ([], [])


def test_payments_that_differ_from_the_ledgers_are_refused_and_nothing_is_written(cli, other, tmp_path):
    evening(cli)
    other.ok("import", "csv", str(export(cli, tmp_path / "abend.csv")))
    assert cli.ok("settle", "--paid", "Anna") != other.ok("settle", "--session", "1", "--paid", "Dora")
    before = money(other)
    ran = other("import", "csv", str(export(cli, tmp_path / "bezahlt.csv")))
    assert ran.code == 2
    assert ran.err.strip() == (
        "schreiber: import csv: session 1 of the file is session 1 of the ledger, but the payments recorded for it differ; "
        "nothing was imported."
    )
    assert money(other) == before


@pytest.mark.parametrize("batch", [1, None])
def test_a_file_of_known_longer_and_new_tables_is_read_once_and_written_in_its_order(
    cli, other, tmp_path, monkeypatch, batch
):
    """The file is parsed once (the checked tables wait in a temporary file for the write), and
    tables in the ledger already, tables that gain hands and new tables come out in the file's
    order, across several write transactions (batch 1) or in one."""
    from schreiber.ledger.transfer import writing
    from schreiber import csvio

    evening(cli, HANDS[:2])
    evening(cli, HANDS[:2], date="2026-01-11")
    other.ok("import", "csv", str(export(cli, tmp_path / "erst.csv")))
    cli.ok("add", *HANDS[2], "--session", "2")
    evening(cli, HANDS, date="2026-01-12")
    path = export(cli, tmp_path / "dann.csv")

    opened = []
    real = csvio.read_file
    monkeypatch.setattr(csvio, "read_file", lambda p: opened.append(p) or real(p))
    if batch:
        monkeypatch.setattr(writing, "_WRITE_BATCH", batch)  # a transaction per table
    out = other.ok("import", "csv", str(path))
    assert opened == [str(path)]
    assert out.splitlines() == [
        "Session 1 of the file is already in the ledger as session 1; nothing was changed.",
        "Added hand 3 to session 2; the earlier ones were there already.",
        "Imported session 3 with 5 hands.",
    ]
    assert export(other, tmp_path / "zurueck.csv").read_text(encoding="utf-8") == path.read_text(encoding="utf-8")
    # and once more: nothing to write, still read once
    assert other.ok("import", "csv", str(path)).count("nothing was changed") == 3
    assert opened == [str(path)] * 2


def test_a_full_temporary_folder_refuses_the_import_in_one_sentence_and_writes_nothing(
    cli, other, tmp_path, monkeypatch
):
    import tempfile

    evening(cli)
    path = export(cli, tmp_path / "abend.csv")
    before = other.ok("export", "csv", "--all")

    class Full(io.BytesIO):
        def write(self, data):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(tempfile, "TemporaryFile", lambda *a, **k: Full())
    ran = other("import", "csv", str(path))
    assert ran.code == 2 and "Traceback" not in ran.err
    assert ran.err.strip() == (
        "schreiber: import csv: the checked tables cannot be kept in a temporary file (No space left on device; "
        "the folder is TMPDIR); nothing was imported."
    )
    assert other.ok("export", "csv", "--all") == before


def test_a_fixed_length_evening_with_a_kasse_moves_with_its_length_and_its_kasse(cli, other, tmp_path):
    cli.ok("session", "new", "--rules", "schafkopf", *PLAYERS, "--tariff", "10", "--hands", "5", "--set", "kasse=20")
    for hand in HANDS:
        cli.ok("add", *hand)
    assert other.ok("import", "csv", str(export(cli, tmp_path / "abend.csv"))) == "Imported session 1 with 5 hands.\n"
    settings = other.json("session", "list", "--format", "json")[0]
    assert settings["of"] == 5 and settings["hands"] == 5
    mine, theirs = (c.json("report", "--session", "1", "--format", "json") for c in (cli, other))
    assert theirs["kasse"] == mine["kasse"] and sum(theirs["kasse"].values()) == 5 * 4 * 20
    refused = other("add", "--session", "1", *HANDS[0])
    assert refused.code == 2 and "has played its 5 hands" in refused.err
