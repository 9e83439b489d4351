"""Names with a space ("Hans Peter", "Sepp K.") everywhere a name is typed, and the names refused."""

from __future__ import annotations

import csv
import io

import pexpect
import pytest

from schreiber.cli import complete
from tests.helpers.terminal import SCHREIBER, terminal_env, expect
from tests.helpers.evening import hands, play

SPACED = ["Hans Peter", "Sepp K.", "Carl", "Dora"]


@pytest.mark.parametrize(
    ("words", "seated"),
    [
        (["Hans Peter,Sepp K.,Carl,Dora"], SPACED),  # a comma: split at commas only
        (["Hans Peter, Sepp K., Carl, Dora"], SPACED),
        (["Hans Peter", "Sepp K.", "Carl", "Dora"], SPACED),  # one by one: each keeps its spaces
        (["Hans Peter,Sepp K.", "Carl", "Dora"], SPACED),
        (["Anna Berta Carl Dora"], ["Anna", "Berta", "Carl", "Dora"]),  # one quoted list, as before
        (["Anna,Berta,Carl", "Dora"], ["Anna", "Berta", "Carl", "Dora"]),
        (["Hans  Peter", "Sepp K.", "Carl", "Dora"], SPACED),  # spaces inside a name: one
    ],
)
def test_players_with_spaces_are_seated_as_written(cli, words, seated):
    out = cli.ok("session", "new", "--rules", "schafkopf", "--players", *words)
    assert f"players: {', '.join(seated)}" in out
    assert cli.json("session", "list", "--format", "json")[0]["players"] == seated


@pytest.mark.parametrize("bad", ["Hans=Peter", "Hans,"])
def test_a_name_with_equals_or_comma_is_refused_in_one_sentence(cli, bad):
    cli.ok("session", "new", "--rules", "schafkopf", "--players", *SPACED)
    ran = cli("session", "join", bad)
    assert ran.code == 2 and ran.out == ""
    said = ran.err.strip()
    assert said.count("\n") == 0 and "session join" in said and "= and no comma" in said
    assert "Hans=Peter" not in cli.ok("session", "show")
    ran = cli("session", "new", "--rules", "schafkopf", "--players", "Hans=Peter", "Carl", "Dora", "Emil")
    assert ran.code == 2
    assert ran.err == "schreiber: --players: 'Hans=Peter' cannot be a name; a name holds no = and no comma.\n"
    assert len(cli.json("session", "list", "--format", "json")) == 1


def test_hands_take_spaced_names_by_any_case_and_unique_start(cli):
    cli.ok("session", "new", "--rules", "schafkopf", "--players", *SPACED, "--tariff", "10")
    out = cli.ok(
        "add", "rufspiel", "--player", "Hans Peter", "--partner", "sepp", "--augen", "70", "--klopfen", "hans p"
    )
    assert "Hand 1: rufspiel Hans Peter+Sepp K." in out
    out = cli.ok("add", "ramsch", "--augen", "Hans Peter=40", "sepp k.=35", "Carl=25", "Dora=20")
    assert "Loser Hans Peter" in out
    cli.ok("session", "join", "Anna  Maria")
    assert cli.json("session", "list", "--format", "json")[0]["players"] == [*SPACED, "Anna Maria"]
    listed = list(csv.reader(io.StringIO(cli.ok("list", "--format", "csv"))))
    assert "Hans Peter" in listed[0] and "Sepp K._total" in listed[0]
    assert listed[1][3] == "rufspiel Hans Peter+Sepp K."


def test_spaced_names_survive_the_csv_round_trip(cli, tmp_path, db_url):
    cli.ok("session", "new", "--rules", "klassisch", "--players", *SPACED, "--teams", "Hans Peter+Carl", "Sepp K.+Dora")
    cli.ok("add", "spiel", "--player", "Hans Peter", "--augen", "95")
    cli.ok("session", "new", "--rules", "schafkopf", "--players", *SPACED, "--tariff", "10")
    cli.ok("add", "wenz", "--player", "Sepp K.", "--augen", "70", "--klopfen", "Hans Peter", "--klopfen", "Carl")
    path = tmp_path / "out.csv"
    cli.ok("export", "csv", "--all", "--output", str(path))
    rows = list(csv.DictReader(path.open(encoding="utf-8")))
    assert {r["teams"] for r in rows if r["rules"] == "klassisch"} == {"Hans Peter+Carl, Sepp K.+Dora"}
    assert {r["klopfen"] for r in rows if r["rules"] == "schafkopf"} == {"Hans Peter, Carl"}
    assert {r["name"] for r in rows} == set(SPACED)
    # Into a fresh ledger: the same table, the same teams and points.
    from tests.conftest import Cli

    other = Cli(f"sqlite:///{tmp_path / 'other.db'}", cli.capsys)
    other.ok("import", "csv", str(path))
    for table in ("1", "2"):
        assert other.json("report", "--session", table, "--format", "json") == cli.json(
            "report", "--session", table, "--format", "json"
        )
    assert "Hans Peter+Carl" in other.ok("session", "show", "1")


def test_play_lines_quote_names_as_a_shell_does(cli, monkeypatch):
    cli.ok("session", "new", "--rules", "schafkopf", "--players", *SPACED)
    ran = play(
        cli,
        monkeypatch,
        'ruf -p "Hans Peter" -m \'sepp k.\' -a 75\nramsch -a "Hans Peter=40" Sepp\\ K.=35 Carl=25 Dora=20\n',
    )
    assert ran.code == 0, ran.err
    assert "Hand 1: rufspiel Hans Peter+Sepp K." in ran.out
    assert [t for _, t, _ in hands(cli)] == ["rufspiel", "ramsch"]


@pytest.mark.parametrize(
    ("line", "typed", "value", "put"),
    [
        ("ruf -p Han", "Han", "Hans Peter", ('"Hans Peter"', -3)),
        ('ruf -p "Hans P', "Hans P", "Hans Peter", ('"Hans Peter"', -7)),
        ('ruf -p "Ca', "Ca", "Carl", ("Carl", -3)),
        ("ruf -p Ca", "Ca", "Carl", ("Carl", -2)),
        ("ramsch -a Se", "Se", "Sepp K.=", ('"Sepp K."=', -2)),
    ],
)
def test_play_completion_quotes_a_name_with_a_space(line, typed, value, put):
    assert complete.split(line)[1] == typed
    assert complete.replacement(line, typed, value) == put


def test_play_reads_an_open_quote_as_one_word_being_typed():
    assert complete.split('ruf -p "Hans ') == (["ruf", "-p"], "Hans ")
    assert complete.split("ruf -p Hans ") == (["ruf", "-p", "Hans"], "")


def bash_words(db: str, words: str) -> list[str]:
    """What bash puts in, one completion a line (bash reads them so: IFS is a newline)."""
    import os
    import subprocess

    cword = len(words.replace("\\ ", "_").split()) - (0 if words.endswith(" ") else 1)
    ran = subprocess.run(
        [SCHREIBER],
        env={
            **os.environ,
            "SCHREIBER_DB": db,
            "_SCHREIBER_COMPLETE": "complete_bash",
            "COMP_WORDS": words,
            "COMP_CWORD": str(cword),
        },
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert ran.returncode == 0 and ran.stderr == "", ran.stderr
    return ran.stdout.splitlines()


def test_shell_completion_escapes_the_space_for_bash(cli, db_url):
    cli.ok("session", "new", "--rules", "schafkopf", "--players", *SPACED)
    assert bash_words(db_url, "schreiber add ruf --player ") == ["Hans\\ Peter", "Sepp\\ K.", "Carl", "Dora"]
    assert bash_words(db_url, "schreiber add ruf --player Hans\\ P") == ["Hans\\ Peter"]
    assert bash_words(db_url, "schreiber add ramsch --augen S") == ["Sepp\\ K.="]


def test_play_on_a_terminal_completes_a_spaced_name_in_quotes(cli, db_url, tmp_path):
    cli.ok("session", "new", "--rules", "schafkopf", "--players", *SPACED)
    child = pexpect.spawn(
        SCHREIBER, ["play"], env=terminal_env(db_url, tmp_path), encoding="utf-8", dimensions=(30, 120), timeout=30
    )
    try:
        expect(child, "hand 1 · Hans Peter deals")
        child.send("ruf -p Ha\t")
        expect(child, '"Hans Peter"')
        child.send(" -m Se\t")
        expect(child, '"Sepp K."')
        child.send(" -a 75\r")
        expect(child, "Hand 1: rufspiel Hans Peter\\+Sepp K\\.")
        expect(child, "hand 2 · Sepp K. deals")
        child.sendcontrol("d")
        expect(child, pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert [t for _, t, _ in hands(cli)] == ["rufspiel"]


def test_the_page_shows_spaced_names_whole(cli):
    pytest.importorskip("starlette")
    from tests.helpers.web import client, text

    cli.ok("session", "new", "--rules", "schafkopf", "--players", *SPACED, "--tariff", "10")
    cli.ok("add", "wenz", "--player", "Sepp K.", "--augen", "70")
    with client(cli.url) as c:
        page = text(c.get("/").text)
    assert "1 Wenz Sepp K." in page and "player: Sepp K.; augen: 70" in page  # the type as the page names it
    assert "1 Sepp K. +6 €0.60" in page and "Hans Peter pays Sepp K. €0.20" in page
