"""The hall of a tournament (issue 41.6): the round's clock (`tournament set rundenzeit=MINUTES`, `tournament
start ROUND`), the results of a round by table to hang up (`tournament round-results N`), and the seat plan's
"Where do I sit?" lists by name and by start number (read back with pdftotext)."""

from __future__ import annotations

import datetime as dt
import re
import shutil
import subprocess

import pytest

needs_pdftotext = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="no pdftotext (poppler-utils)")
PLAYERS = ["Zenzi", "Anna", "Özlem", "Berta", "Carl", "Dora", "Emil", "Fritz"]


def pdf_text(path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout


def drawn(cli, rules: str = "schafkopf") -> list[dict]:
    cli.ok("tournament", "new", "Kirchweih", "--rules", rules, "--hands", "4", "--seed", "7")
    cli.ok("tournament", "register", *PLAYERS)
    cli.ok("tournament", "draw")
    return cli.json("tournament", "tables", "--format", "json")["tables"]


def test_the_round_clock_runs_from_the_draw_and_starts_again(cli):
    cli.ok("tournament", "new", "Kirchweih", "--rules", "schafkopf", "--hands", "4")
    assert "A round plays 45 minutes" in cli.ok("tournament", "set", "rundenzeit=45")
    cli.ok("tournament", "register", *PLAYERS)
    before = dt.datetime.now(dt.UTC).replace(microsecond=0, tzinfo=None)
    shown = cli.json("tournament", "show", "--format", "json")
    assert shown["round_started"] is None and shown["rundenzeit"] == 45
    refused = cli("tournament", "start", "1")
    assert refused.code == 2 and "no round drawn yet" in refused.err
    cli.ok("tournament", "draw")
    shown = cli.json("tournament", "show", "--format", "json")
    started = dt.datetime.fromisoformat(shown["round_started"].rstrip("Z"))
    assert before <= started <= dt.datetime.now(dt.UTC).replace(tzinfo=None)
    assert "round clock: 45 minutes; round 1 started at" in cli.ok("tournament", "show")
    assert "Round 1 starts now: 45 minutes, until" in cli.ok("tournament", "start", "1")
    wrong = cli("tournament", "start", "2")
    assert wrong.code == 2 and wrong.err.count("\n") == 1 and "round 1, not 2" in wrong.err
    # The money settings keep their line; the clock is no money.
    assert "rundenzeit" not in cli.ok("tournament", "set", "startgeld=500")


@pytest.mark.parametrize("value", ["x", "-5", "1441", ""])
def test_a_bad_rundenzeit_is_one_sentence_and_changes_nothing(cli, value):
    cli.ok("tournament", "new", "Kirchweih", "--rules", "schafkopf")
    ran = cli("tournament", "set", f"rundenzeit={value}")
    assert ran.code == 2 and "rundenzeit: give the minutes a round plays, 0 (no clock) to 1440" in ran.err
    assert "Traceback" not in ran.err
    assert cli.json("tournament", "show", "--format", "json")["rundenzeit"] is None


def test_round_results_by_table_in_the_terminal_and_json(cli):
    tables = drawn(cli)
    first = tables[0]["players"]
    cli.ok("tournament", "result", "1", "1", f"{first[0]}=30", f"{first[1]}=-10", f"{first[2]}=-10", f"{first[3]}=-10")
    out = cli.ok("tournament", "round-results", "1")
    assert "Round 1 of “Kirchweih”: the results by table." in out
    lines = out.splitlines()
    seat_1 = next(i for i, line in enumerate(lines) if re.match(rf"\s+1\s+1\s+\d+\s+{first[0]}\s+30$", line))
    assert re.search(rf"\s2\s+\d+\s+{first[1]}\s+−10$", lines[seat_1 + 1])
    assert "sum 0 ✓" in lines[seat_1 + 4] and "still playing: 0 of 4 hands" in out
    data = cli.json("tournament", "round-results", "1", "--format", "json")
    assert [p["name"] for p in data["tables"][0]["players"]] == first
    assert [p["points"] for p in data["tables"][0]["players"]] == [30, -10, -10, -10]
    assert data["tables"][0]["sum"] == 0 and data["tables"][0]["finished"] and not data["tables"][1]["finished"]
    wrong = cli("tournament", "round-results", "2")
    assert wrong.code == 2 and wrong.err == "schreiber: N: round 2 is not drawn; rounds drawn: 1.\n"


@needs_pdftotext
def test_round_results_pdf_lists_each_table_in_seat_order_with_its_sum(cli, tmp_path):
    tables = drawn(cli, rules="preisschafkopf")
    for table in tables:
        cli.ok(
            "tournament", "result", "1", str(table["table"]), *[f"{p}={10 * i}" for i, p in enumerate(table["players"])]
        )
    out = tmp_path / "runde1.pdf"
    assert "The results of round 1 are in" in cli.ok("tournament", "round-results", "1", "--output", str(out))
    text = pdf_text(out)
    assert "Kirchweih - round 1 - results by table" in text
    numbers = {e["name"]: e["number"] for e in cli.json("tournament", "show", "--format", "json")["players"]}
    for table in tables:
        assert f"Table {table['table']}" in text
        for seat, name in enumerate(table["players"], 1):
            assert re.search(rf"\b{seat}\s+{numbers[name]}\s+{name}\s+{10 * (seat - 1)}\b", text), name
    assert text.count("sum 60") == 2  # 0 + 10 + 20 + 30 at each table
    assert cli("tournament", "round-results", "1", "--output", "runde1.txt").code == 2


@needs_pdftotext
def test_the_seat_plan_says_where_everyone_sits_by_name_and_by_start_number(cli, tmp_path):
    tables = drawn(cli)
    where = {name: (t["table"], seat) for t in tables for seat, name in enumerate(t["players"], 1)}
    numbers = {e["name"]: e["number"] for e in cli.json("tournament", "show", "--format", "json")["players"]}
    out = tmp_path / "plan.pdf"
    cli.ok("tournament", "tables", "--output", str(out))
    text = pdf_text(out)
    by_name, by_number = text.split("Where do I sit? Everyone by name.")[1].split(
        "Where do I sit? Everyone by start number."
    )
    named = re.findall(r"^(\S+)\s+(\d+)\s+(\d+)\s+(\d+)$", by_name, flags=re.M)
    assert [n for n, *_ in named] == ["Anna", "Berta", "Carl", "Dora", "Emil", "Fritz", "Özlem", "Zenzi"]  # Ö with O
    assert all((int(no), int(tb), int(st)) == (numbers[n], *where[n]) for n, no, tb, st in named)
    numbered = re.findall(r"^(\d+)\s+(\S+)\s+(\d+)\s+(\d+)$", by_number, flags=re.M)
    assert [int(no) for no, *_ in numbered] == list(range(1, 9))
    assert all((numbers[n], *where[n]) == (int(no), int(tb), int(st)) for no, n, tb, st in numbered)


def test_the_terminal_says_where_everyone_sits_by_name_and_by_start_number(cli):
    tables = drawn(cli)
    where = {name: (t["table"], seat) for t in tables for seat, name in enumerate(t["players"], 1)}
    numbers = {e["name"]: e["number"] for e in cli.json("tournament", "show", "--format", "json")["players"]}
    named = re.findall(
        r"^\s*(\S+)\s+(\d+)\s+(\d+)\s+(\d+)$", cli.ok("tournament", "tables", "--by", "name"), flags=re.M
    )
    assert [n for n, *_ in named] == ["Anna", "Berta", "Carl", "Dora", "Emil", "Fritz", "Özlem", "Zenzi"]  # Ö with O
    assert all((int(no), int(tb), int(st)) == (numbers[n], *where[n]) for n, no, tb, st in named)
    by_number = cli.json("tournament", "tables", "--by", "number", "--format", "json")
    assert by_number["by"] == "number" and [p["number"] for p in by_number["players"]] == list(range(1, 9))
    assert all((p["table"], p["seat"]) == where[p["name"]] for p in by_number["players"])
    rows = cli.ok("tournament", "tables", "--by", "number", "--format", "csv").splitlines()
    assert rows[0] == "round,number,name,table,seat" and rows[1] == f"1,1,Zenzi,{where['Zenzi'][0]},{where['Zenzi'][1]}"
    for bad in (["--by", "seat"], ["--by", "name", "--output", "x.pdf"]):
        ran = cli("tournament", "tables", *bad)
        assert ran.code == 2 and ran.err.count("\n") == 1 and "--by" in ran.err and "Traceback" not in ran.err


def test_a_round_drawn_before_the_clock_was_kept_has_none_until_it_is_started(cli, tmp_path):
    """A ledger of revision 0013 (no started_at) with a round drawn: upgraded, the round has no clock, and
    `tournament start` gives it one."""
    if not cli.url.startswith("sqlite"):
        pytest.skip("the downgrade is run on a file")
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import create_engine

    from schreiber.store.engine import migrations_dir

    drawn(cli)
    cli.ok("tournament", "set", "rundenzeit=30")
    engine = create_engine(cli.url)
    config = Config()
    config.set_main_option("script_location", str(migrations_dir()))
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.downgrade(config, "0013")
    engine.dispose()
    shown = cli.json("tournament", "show", "--format", "json")  # opening the ledger upgrades it
    assert shown["round_started"] is None and shown["rundenzeit"] == 30
    assert "round clock" not in cli.ok("tournament", "show")
    assert "Round 1 starts now: 30 minutes" in cli.ok("tournament", "start", "1")
    assert cli.json("tournament", "show", "--format", "json")["round_started"].endswith("Z")
