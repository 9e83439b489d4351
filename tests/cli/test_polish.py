"""The command line as a new user finds it (issue 9): help, versions, widths, colour, names, formats."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from schreiber.cli.app import main

PLAYERS = ("Anna", "Berta", "Carl", "Dora")


def run(capsys, *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def _evening(cli, rules: str = "schafkopf", *players: str) -> None:
    cli.ok("session", "new", "--rules", rules, "--players", *(players or PLAYERS))


# -- help, version, the bare command ----------------------------------------------------------------


def test_bare_schreiber_prints_its_help_with_exit_0(capsys):
    code, out, err = run(capsys)
    assert code == 0 and out.startswith("Usage: schreiber [OPTIONS] COMMAND") and "add" in out and err == ""
    code, again, err = run(capsys, "--db", "ledger.db")
    assert code == 0 and again == out and err == ""
    code, out, _ = run(capsys, "session")
    assert code == 0 and out.startswith("Usage: schreiber session [OPTIONS] COMMAND")


def test_version(capsys):
    from importlib.metadata import version

    code, out, _ = run(capsys, "--version")
    assert code == 0 and out == f"schreiber {version('schreiber')}\n"


def test_every_help_names_what_goes_there(cli):
    from schreiber.cli.app import app
    from schreiber.cli.tree import build

    def paths(command, prefix=()):
        yield prefix
        for name, sub in getattr(command, "commands", {}).items():
            yield from paths(sub, (*prefix, name))

    for path in paths(build(app)):
        out = cli.ok(*path, "--help")
        assert "<str>" not in out and "<int>" not in out, (path, out)
    add = cli.ok("add", "--help")
    for option, metavar in (("--player", "NAME"), ("--augen", "N|NAME=N"), ("--laufende", "N"), ("--session", "ID")):
        assert re.search(rf"{option} {re.escape(metavar)}\s", add), option
    assert "--output FILE" in cli.ok("export", "csv", "--help")


def test_show_help_offers_only_the_formats_show_takes(cli):
    out = cli.ok("show", "--help")
    assert "table|json" in out and "csv" not in out


def test_add_type_help_shows_only_that_types_options(cli):
    _evening(cli)
    out = cli.ok("add", "wenz", "--help")
    assert out.startswith("Usage: schreiber add wenz [OPTIONS]")
    assert "--laufende N" in out and "--partner" not in out and "--fuchs-re" not in out and "--spritze" not in out
    assert "Example:\n  schreiber add wenz --player Anna --augen 75 --laufende" in out
    # a unique start is enough, and edit takes the same help
    assert cli.ok("add", "bettel-b", "--help").startswith("Usage: schreiber add bettel-brett [OPTIONS]")
    edit = cli.ok("edit", "1", "wenz", "--help")
    assert edit.startswith("Usage: schreiber edit N wenz [OPTIONS]") and edit.splitlines()[2:] == out.splitlines()[2:]


def test_add_type_help_without_a_table_finds_the_rule_set(tmp_path, capsys):
    code, out, _ = run(capsys, "--db", str(tmp_path / "none.db"), "add", "hochzeit", "--help")
    assert code == 0 and "hochzeit (doppelkopf)" in out and "--fuchs-re N" in out
    assert not (tmp_path / "none.db").exists()  # help never creates a ledger


def test_add_without_a_type_lists_the_tables_types(cli):
    _evening(cli, "buchstaben")
    ran = cli("add")
    assert ran.code == 2
    assert ran.err == (
        "schreiber: add needs a hand type (TYPE); session 1 plays buchstaben: rufspiel, spiel, solo, du, bettel, "
        "zusammengeworfen, vergeben, jeder-gegen-jeden.\n"
    )


def test_rules_show_without_a_name_is_the_active_tables(cli):
    assert cli("rules", "show").code == 2
    _evening(cli, "doppelkopf")
    out = cli.ok("rules", "show")
    assert out.startswith("doppelkopf: ")
    wenz = cli.ok("rules", "show", "schafkopf", "wenz")
    assert "wenz (schafkopf)" in wenz and "--partner" not in wenz
    assert cli("rules", "show", "schafkopf", "skat").code == 2


# -- --db after the command ---------------------------------------------------------------------------


def test_db_after_the_command(tmp_path, capsys):
    db = str(tmp_path / "late.db")
    code, _, err = run(capsys, "session", "new", "--rules", "schafkopf", "--players", *PLAYERS, "--db", db)
    assert code == 0 and err == f"schreiber: created a new ledger at {db}.\n"
    code, out, err = run(
        capsys, "add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "70", f"--db={db}"
    )
    assert code == 0 and "Hand 1" in out and err == ""
    # a note that reads "--db" is the note's text
    code, out, _ = run(capsys, "--db", db, "add", "wenz", "--player", "Anna", "--augen", "70", "--note", "--db")
    assert (
        code == 0 and json.loads(run(capsys, "--db", db, "show", "2", "--format", "json")[1])["facts"]["note"] == "--db"
    )


def test_augen_of_every_player_after_one_option(cli):
    cli.ok("session", "new", "--rules", "schafkopf", "--players", *PLAYERS)
    cli.ok("add", "ramsch", "--augen", "Anna=40", "--augen", "Berta=35", "--augen", "Carl=25", "--augen", "Dora=20")
    # as typed at the table: one --augen (or -a, or --augen=…) for all four, a note after them untouched
    cli.ok("add", "ramsch", "--augen", "Anna=40", "Berta=35", "Carl=25", "Dora=20")
    cli.ok("add", "ramsch", "-a", "Anna=40", "Berta=35", "Carl=25", "Dora=20", "--note", "x=1")
    cli.ok("add", "ramsch", "--augen=Anna=40", "Berta=35", "Carl=25", "Dora=20")
    shown = [cli.json("show", str(n), "--format", "json") for n in (1, 2, 3, 4)]
    assert all(h["payouts"] == shown[0]["payouts"] for h in shown)
    assert shown[2]["facts"]["note"] == "x=1"
    # a number for the player party does not take NAME=N after it: refused in one sentence, nothing added
    ran = cli("add", "rufspiel", "--player", "Anna", "--partner", "Berta", "--augen", "70", "Carl=3")
    assert ran.code == 2 and "Carl=3" in ran.err and ran.err.count("\n") == 1
    assert cli.json("report", "--format", "json")["hands"] == 4


# -- session new: names ---------------------------------------------------------------------------


def test_a_name_close_to_a_known_player_is_refused(cli):
    _evening(cli)
    before = cli.ok("session", "list", "--format", "json")
    ran = cli("session", "new", "--rules", "schafkopf", "--players", "Ana", "Berta", "Carl", "Dora")
    assert ran.code == 2
    assert ran.err == (
        "schreiber: --players: Ana is not a known player; did you mean Anna? (--new-player Ana if Ana is someone else)\n"
    )
    assert cli.ok("session", "list", "--format", "json") == before
    out = cli.ok(
        "session", "new", "--rules", "schafkopf", "--players", "Ana", "Berta", "Carl", "Dora", "--new-player", "Ana"
    )
    assert "Ana, Berta, Carl, Dora" in out
    # --new-player alone seats the player after the others
    out = cli.ok("session", "new", "--rules", "schafkopf", "--players", "Berta", "Carl", "Dora", "--new-player", "Anne")
    assert "Berta, Carl, Dora, Anne" in out


def test_players_quoted_or_with_a_plus_are_all_seated(cli):
    out = cli.ok("session", "new", "--rules", "schafkopf", "--players", "Anna Berta Carl Dora")
    assert "players: Anna, Berta, Carl, Dora" in out
    # "+Carl" is a name, never dropped: here it is close to Carl, so it is asked about
    ran = cli("session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "+Carl", "Dora")
    assert ran.code == 2 and "did you mean Carl? (--new-player +Carl if +Carl is someone else)" in ran.err
    out = cli.ok(
        "session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "+Carl", "Dora", "--new-player", "+Carl"
    )
    assert "players: Anna, Berta, +Carl, Dora" in out


def test_missing_players_are_named_in_english(cli):
    _evening(cli)
    ran = cli("add", "ramsch", "--augen", "Anna=120")
    assert ran.err == "schreiber: --augen NAME=N is needed for every player; Berta, Carl and Dora are missing.\n"
    ran = cli("add", "ramsch", "--augen", "Anna=60", "--augen", "Berta=30", "--augen", "Carl=30")
    assert ran.err.endswith("; Dora is missing.\n")


# -- hands and reports --------------------------------------------------------------------------------


def test_durchmarsch_needs_no_augen_of_the_others(cli):
    _evening(cli)
    cli.ok("add", "ramsch", "--durchmarsch", "Anna")
    cli.ok("add", "ramsch", "--durchmarsch", "Anna", "--augen", "Anna=120")
    ran = cli("add", "ramsch", "--durchmarsch", "Anna", "--augen", "Anna=100")
    assert ran.code == 2 and "--augen Anna=120, not 100" in ran.err
    assert cli.json("show", "2", "--format", "json")["payouts"]["Anna"] == 21


def test_show_has_a_header_and_names_the_bock_round_it_made(cli):
    _evening(cli)
    cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "70", "--kontra", "--re")
    out = cli.ok("show", "1")
    assert out.startswith("Hand 1 of session 1 (schafkopf, ")
    assert "  dealt by: Anna\n" in out
    assert "This hand made a Bock round: ×2 for 4 hands." in out
    assert re.search(r"^term\s+amount$", out, flags=re.M)
    assert "This hand made" in cli.ok("add", "wenz", "--player", "Carl", "--augen", "70", "--kontra", "--re")
    plain = cli.ok("add", "wenz", "--player", "Carl", "--augen", "70")
    assert "This hand made" not in plain


def test_doppelkopf_re_kontra_are_in_the_breakdown(cli):
    _evening(cli, "doppelkopf")
    cli.ok("add", "normal", "--player", "Anna", "--partner", "Berta", "--augen", "150", "--re", "--kontra")
    shown = cli.json("show", "1", "--format", "json")
    assert shown["payouts"]["Anna"] == 5  # nothing doubled
    assert {"label": "Re and Kontra (no factor at the Alten table; recorded only)", "op": "+", "amount": 0} in shown[
        "breakdown"
    ]
    cli.ok("session", "new", "--rules", "doppelkopf", "--players", *PLAYERS, "--set", "bock=re")
    out = cli.ok("add", "normal", "--player", "Anna", "--partner", "Berta", "--augen", "150", "--re")
    assert "Re (no factor at the Alten table; Re makes Bock)" in out and "This hand made a Bock round" in out


def test_history_says_won_or_lost(cli):
    _evening(cli)
    cli.ok("add", "sie", "--player", "Anna", "--won")
    cli.ok("add", "bettel", "--player", "Berta", "--lost")
    out = cli.ok("list", "--history")
    assert "result: won" in out and "result: lost" in out and "won: yes" not in out


def test_report_counts_tables_and_says_its_range(cli):
    cli.ok("session", "new", "--rules", "schafkopf", "--players", *PLAYERS, "--date", "2026-02-01")
    cli.ok("add", "wenz", "--player", "Anna", "--augen", "70")
    assert cli.ok("report", "--all").startswith("Report: 1 table — 1 hand")
    cli.ok("session", "new", "--rules", "schafkopf", "--players", *PLAYERS, "--date", "2026-03-05")
    assert cli.ok("report", "--all").startswith("Report: 2 tables — 1 hand")
    assert cli.ok("report", "--since", "2026-01-01").startswith("Report: 2 tables from 2026-01-01 to 2026-03-05")
    assert cli.ok("report", "--until", "2026-02-10").startswith("Report: 1 table from 2026-02-01 to 2026-02-10")
    ran = cli("report", "--since", "2026-03-01", "--until", "2026-02-01")
    assert ran.code == 2 and "--until" in ran.err and ran.err.count("\n") == 1


# -- formats ------------------------------------------------------------------------------------------


def test_list_and_session_list_formats(cli):
    _evening(cli)
    cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "70")
    cli.ok("add", "wenz", "--player", "Berta", "--augen", "50")
    data = cli.json("list", "--format", "json")
    assert data["session"] == 1 and data["players"] == list(PLAYERS)
    assert [h["number"] for h in data["hands"]] == [1, 2]
    assert data["hands"][0]["payouts"] == {"Anna": 1, "Berta": -1, "Carl": 1, "Dora": -1}
    assert data["hands"][1]["totals"] == data["totals"] and data["hands"][1]["type"] == "wenz"
    rows = list(csv.DictReader(io.StringIO(cli.ok("list", "--format", "csv"))))
    assert [r["number"] for r in rows] == ["1", "2"] and rows[1]["Anna_total"] == str(data["totals"]["Anna"])
    assert rows[1]["Berta"] == str(data["hands"][1]["payouts"]["Berta"])
    tables = cli.json("session", "list", "--format", "json")
    assert tables == [
        {
            "id": 1,
            "date": tables[0]["date"],
            "rules": "schafkopf",
            "name": None,
            "players": list(PLAYERS),
            "hands": 2,
            "closed": False,
            "active": True,
            "of": None,
        }
    ]
    rows = list(csv.DictReader(io.StringIO(cli.ok("session", "list", "--format", "csv"))))
    assert rows[0]["players"] == "Anna, Berta, Carl, Dora" and rows[0]["active"] == "true"
    assert cli("list", "--format", "xml").code == 2


def test_session_list_headers_every_column(cli):
    _evening(cli)
    header = cli.ok("session", "list").splitlines()[0].split()
    assert header == ["id", "date", "rules", "name", "players", "hands", "status"]


# -- width, signs, colour ---------------------------------------------------------------------------


def _wide_evening(cli) -> None:
    cli.ok(
        "session",
        "new",
        "--rules",
        "schafkopf",
        "--players",
        "Annemarie",
        "Bartholomäus",
        "Constantin",
        "Dorothea",
        "Emilia",
        "--name",
        "Stammtisch im Goldenen Hirschen zu Oberammergau",
        "--tariff",
        "10",
    )
    cli.ok(
        "add",
        "rufspiel",
        "--player",
        "Bart",
        "--partner",
        "Cons",
        "--augen",
        "91",
        "--laufende",
        "4",
        "--kontra",
        "--re",
        "--klopfen",
        "Cons",
        "--klopfen",
        "Dor",
        "--klopfen",
        "Emi",
    )
    cli.ok(
        "add",
        "farbsolo-tout",
        "--player",
        "Cons",
        "--farbe",
        "herz",
        "--won",
        "--klopfen",
        "Annem",
        "--note",
        "a long note about the hand that goes on and on",
    )
    cli.ok("add", "ramsch", "--augen", "Annem=40", "--augen", "Cons=35", "--augen", "Dor=25", "--augen", "Emi=20")


@pytest.mark.parametrize(
    "command",
    [
        ("list",),
        ("list", "--history"),
        ("session", "list"),
        ("rules",),
        ("rules", "show"),
        ("rules", "show", "doppelkopf"),
        ("show", "1"),
        ("show", "2"),
        ("report",),
        (
            "add",
            "rufspiel",
            "--player",
            "Annem",
            "--partner",
            "Dor",
            "--augen",
            "91",
            "--laufende",
            "4",
            "--kontra",
            "--re",
            "--klopfen",
            "Bart",
            "--klopfen",
            "Emi",
            "--klopfen",
            "Dor",
        ),
    ],
)
def test_output_fits_80_columns(cli, monkeypatch, command):
    _wide_evening(cli)
    monkeypatch.setenv("COLUMNS", "80")
    out = cli.ok(*command)
    too_wide = [line for line in out.splitlines() if len(line) > 80]
    assert not too_wide, "\n".join(too_wide)


def test_a_wide_terminal_keeps_every_column(cli, monkeypatch):
    _wide_evening(cli)
    monkeypatch.setenv("COLUMNS", "200")
    header = next(line for line in cli.ok("list").splitlines() if line.lstrip().startswith("#"))
    assert header.split()[:4] == ["#", "dealer", "hand", "value"]
    monkeypatch.setenv("COLUMNS", "80")
    narrow = next(line for line in cli.ok("list").splitlines() if line.lstrip().startswith("#"))
    assert "dealer" not in narrow and "value" not in narrow


def test_one_minus_sign_for_people(cli):
    _evening(cli)
    out = cli.ok("add", "wenz", "--player", "Anna", "--augen", "50")
    assert "−" in out and not re.search(r"(?<![\w-])-\d", out)
    assert not re.search(r"(?<![\w-])-\d", cli.ok("list") + cli.ok("show", "1") + cli.ok("report"))
    assert cli.json("show", "1", "--format", "json")["payouts"]["Berta"] == 2  # JSON keeps numbers


def _on_a_terminal(db: Path, *args: str, **env: str) -> str:
    """schreiber run with its standard output on a pseudo-terminal."""
    import pty

    leader, follower = pty.openpty()
    environ = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS")}
    environ.update(env)
    proc = subprocess.Popen(
        [str(Path(sys.executable).parent / "schreiber"), "--db", str(db), *args],
        stdout=follower,
        stderr=follower,
        env=environ,
    )
    os.close(follower)
    chunks = []
    while True:
        try:
            data = os.read(leader, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=60)
    os.close(leader)
    return b"".join(chunks).decode()


def test_colour_on_a_terminal_only(tmp_path, capsys):
    db = tmp_path / "c.db"
    run(capsys, "--db", str(db), "session", "new", "--rules", "schafkopf", "--players", *PLAYERS)
    run(
        capsys,
        "--db",
        str(db),
        "add",
        "rufspiel",
        "--player",
        "Anna",
        "--partner",
        "Carl",
        "--augen",
        "70",
        "--kontra",
        "--re",
    )
    coloured = _on_a_terminal(db, "list")
    assert "\x1b[32m+" in coloured and "\x1b[31m−" in coloured  # plus green, minus red
    assert "\x1b[33mBock" in coloured
    refused = _on_a_terminal(db, "add", "wenz", "--player", "Xaver", "--augen", "70")
    assert refused.startswith("\x1b[31mschreiber: ")
    assert "\x1b[" not in _on_a_terminal(db, "list", NO_COLOR="1")
    # piped (captured here): no colour at all
    code, out, _ = run(capsys, "--db", str(db), "list")
    assert code == 0 and "\x1b[" not in out
