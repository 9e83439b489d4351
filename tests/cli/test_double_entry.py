"""Double entry (issue 41.3, `--set doppelt=ja`): every sheet typed twice with `tournament result`; it counts once
two entries agree, differing entries wait in `tournament sheets --offen` with the fields that differ until a third
entry or `--replace` decides; the standings count the sheets not confirmed. On SQLite and PostgreSQL."""

from __future__ import annotations

from tests.helpers.tournament import refused, seats, sheet_of

PLAYERS = ["Anna", "Berta", "Carl", "Dora", "Emil", "Fritz", "Gerda", "Hans"]


def day(cli) -> dict:
    cli.ok(
        "tournament",
        "new",
        "Kirta",
        "--rules",
        "preisschafkopf",
        "--hands",
        "4",
        "--rounds",
        "1",
        "--seed",
        "5",
        "--set",
        "doppelt=ja",
    )
    cli.ok("tournament", "register", *PLAYERS)
    cli.ok("tournament", "draw")
    return seats(cli)


def result(cli, table: dict, number: int, values, *more: str) -> str:
    return cli.ok("tournament", "result", "1", str(number), *sheet_of(table, values), *more)


def standings(cli) -> dict:
    return cli.json("tournament", "standings", "--format", "json")


def points(cli) -> dict[str, int]:
    return {p["name"]: p["points"] for p in standings(cli)["players"]}


def test_two_entries_that_agree_make_the_sheet_count(cli):
    t1, t2 = day(cli)["tables"]
    out = result(cli, t1, 1, (45, 0, 25, 10))
    assert "entry 1 of 2 for round 1 table 1 stored; waiting for the second" in out
    assert points(cli)[t1["players"][0]] == 0 and standings(cli)["unconfirmed"] == 1
    assert "1 sheet is not confirmed" in cli.ok("tournament", "standings")
    assert "entries agree: the sheet counts" in result(cli, t1, 1, (45, 0, 25, 10))
    result(cli, t2, 2, (0, 30, 0, 5))
    result(cli, t2, 2, (0, 30, 0, 5))
    got = standings(cli)
    assert got["unconfirmed"] == 0 and got["final"] is True
    assert points(cli)[t1["players"][0]] == 45 and points(cli)[t2["players"][1]] == 30
    assert "No sheet waits" in cli.ok("tournament", "sheets", "--offen")


def test_entries_that_differ_wait_in_the_queue_and_a_third_decides(cli):
    t1, t2 = day(cli)["tables"]
    a, b = t1["players"][:2]
    result(cli, t1, 1, (45, 0, 25, 10))
    out = result(cli, t1, 1, (40, 0, 25, 10), "--soli", f"{b}=0", "--thrown", "1")
    assert "entries differ:" in out and "in the queue (tournament sheets --offen)" in out
    assert f"{a} (" in out and "points 45 / 40" in out and "thrown-in hands 0 / 1" in out
    result(cli, t2, 2, (0, 30, 0, 5))
    result(cli, t2, 2, (0, 30, 0, 5))
    queue = cli.ok("tournament", "sheets", "--offen")
    assert "points 45 / 40" in queue and "thrown-in hands 0 / 1" in queue
    got = standings(cli)
    assert got["unconfirmed"] == 1 and got["final"] is False and points(cli)[a] == 0
    refused(cli, "tournament", "result", "1", "1", *sheet_of(t1, (50, 0, 20, 10)), says="equals neither")
    refused(cli, "tournament", "sheets", "--offen", "--output", "x.pdf", says="takes no --output")
    assert "entries agree: the sheet counts" in result(cli, t1, 1, (40, 0, 25, 10), "--thrown", "1")
    got = standings(cli)
    assert got["unconfirmed"] == 0 and got["final"] is True and points(cli)[a] == 40
    assert "No sheet waits" in cli.ok("tournament", "sheets", "--offen")


def test_the_organisers_replace_decides(cli):
    t1, t2 = day(cli)["tables"]
    a = t1["players"][0]
    result(cli, t1, 1, (45, 0, 25, 10))
    result(cli, t1, 1, (40, 0, 25, 10))
    out = result(cli, t1, 1, (50, 0, 20, 10), "--replace")
    assert "entered" in out and "the organiser decides: this sheet counts" in out
    assert cli.ok("tournament", "sheets", "--offen").startswith("No sheet waits")
    assert standings(cli)["unconfirmed"] == 0 and points(cli)[a] == 50
    # A sheet that counts is corrected as without double entry.
    result(cli, t1, 1, (55, 0, 20, 5), "--replace")
    assert points(cli)[a] == 55


def test_the_season_standings_count_the_sheets_its_tournaments_have_not_confirmed(cli):
    cli.ok("season", "new", "Cup", "--rules", "preisschafkopf")
    cli.ok("season", "register", *PLAYERS)
    t1, t2 = day(cli)["tables"]  # the season's active: the tournament joins it
    cli.ok("season", "add", "1")
    result(cli, t1, 1, (45, 0, 25, 10))
    result(cli, t1, 1, (45, 0, 25, 10))
    result(cli, t2, 2, (0, 30, 0, 5))  # typed once
    season = cli.json("season", "standings", "--format", "json")
    assert season["unconfirmed"] == 1
    text = cli.ok("season", "standings")
    assert "after 0 tournaments" in text and "1 sheet of the season's tournaments is not confirmed" in text
    result(cli, t2, 2, (0, 35, 0, 0))  # differs: still waiting
    assert cli.json("season", "standings", "--format", "json")["unconfirmed"] == 1
    result(cli, t2, 2, (0, 35, 0, 0))  # equal to the second: decided
    assert cli.json("season", "standings", "--format", "json")["unconfirmed"] == 0
    text = cli.ok("season", "standings")
    assert "not confirmed" not in text and "after 1 tournament" in text
