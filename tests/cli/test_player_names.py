"""A name with a NUL, 200 characters or a right-to-left override is refused in every way a name comes
in — a table's players, a join, a rename, a merge, a tournament's or a season's register, the check-in
at the door (command and page), an import — with the same sentence on SQLite and PostgreSQL, and
nothing is written (PostgreSQL refused a NUL in its own words before, SQLite stored all three)."""

from __future__ import annotations

import csv

import pytest

from tests.helpers.names import ESC, LONG, NUL, RLO, SAID

PLAYERS = ("Anna", "Berta", "Carl", "Dora")


def refused(ran, sentence: str) -> None:
    assert ran.code == 2 and ran.out == "", ran
    assert ran.err.strip() == f"schreiber: {sentence}"


def players(cli) -> list[str]:
    return sorted(p["name"] for p in cli.json("player", "list", "--format", "json"))


@pytest.fixture
def evening(cli):
    cli.ok("season", "new", "Cup", "--rules", "preisschafkopf")
    cli.ok("season", "register", "Spieler01", "Spieler02")
    cli.ok("tournament", "new", "Januar", "--rules", "preisschafkopf", "--season", "1")
    cli.ok("session", "new", "--rules", "schafkopf", "--players", *PLAYERS)
    cli.ok("add", "wenz", "--player", "Carl", "--augen", "70")
    return cli


@pytest.mark.parametrize("bad", [NUL, LONG, RLO], ids=["nul", "200", "rlo"])
def test_every_way_in_refuses_the_name_with_one_sentence_naming_it(evening, bad):
    cli = evening
    before = (players(cli), cli.ok("session", "list"), cli.ok("tournament", "show"), cli.ok("season", "show"))
    for args, option in [
        (("session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", bad), "--players"),
        (("session", "join", bad), "session join"),
        (("player", "rename", "Dora", bad), "NEW"),
        (("player", "merge", bad, "Dora"), "FROM"),
        (("player", "merge", "Dora", bad), "INTO"),
        (("tournament", "register", bad), "NAME"),
        (("tournament", "register", "Spieler09", bad), "NAME"),
        (("season", "register", bad), "NAME"),
        (("tournament", "checkin", bad), "NAME"),
    ]:
        refused(cli(*args), f"{option}: {SAID[bad]}")
    assert (players(cli), cli.ok("session", "list"), cli.ok("tournament", "show"), cli.ok("season", "show")) == before


# A file with a NUL is refused as binary data before its names are read.
@pytest.mark.parametrize("bad", [ESC, RLO], ids=["escape", "rlo"])
def test_an_import_with_such_a_name_is_refused_and_imports_nothing(evening, tmp_path, bad):
    cli = evening
    path = tmp_path / "abend.csv"
    cli.ok("export", "csv", "--all", "--output", str(path))
    changed = tmp_path / "changed.csv"
    rows = list(csv.DictReader(path.open(encoding="utf-8")))
    text = path.read_text(encoding="utf-8").replace("Dora", bad)
    # another table's identity: the file's table is new to the ledger
    changed.write_text(text.replace(rows[0]["table_uid"], "6c0d6f5e-0000-4000-8000-000000000001"), encoding="utf-8")
    before = (players(cli), cli.ok("session", "list"))
    ran = cli("import", "csv", str(changed))
    assert (
        ran.code == 2
        and ran.err.strip() == f"schreiber: import csv: session 1, name: {SAID[bad].rstrip('.')}; nothing was imported."
    )
    assert (players(cli), cli.ok("session", "list")) == before
