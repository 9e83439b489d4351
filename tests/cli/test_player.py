"""`schreiber player …` (CLI.md "Seasons and players"): the one register of people, on SQLite and PostgreSQL."""

from __future__ import annotations

import random

from tests.helpers.season import NAMES, tournament_standings, play, recompute, shown


def state(cli) -> tuple:
    return tuple(
        (ran.code, ran.out, ran.err)
        for ran in (
            cli("player", "list", "--format", "json"),
            cli("report", "--all", "--format", "json"),
            cli("stats", "--all", "--format", "json"),
            cli("session", "list", "--format", "json"),
            cli("tournament", "list"),
            cli("season", "list", "--format", "json"),
        )
    )


def test_merge_refuses_two_who_sat_at_one_table_and_changes_nothing(cli):
    cli.ok("session", "new", "--rules", "schafkopf", "--players", "Sepp", "Anna", "Sepp K.", "Berta")
    cli.ok("add", "rufspiel", "-p", "Sepp", "-m", "Sepp K.", "-a", "80")
    cli.ok("tournament", "new", "Cup", "--rules", "preisschafkopf")
    cli.ok("tournament", "register", "Carl", "Karl", "Dora", "Emil")
    before = state(cli)
    for args, sentence in [
        (
            ("player", "merge", "Sepp K.", "Sepp"),
            "Sepp K. and Sepp sat at one table (session 1), so they are two people",
        ),
        (("player", "merge", "Karl", "Carl"), "Karl and Carl are both registered in tournament 1"),
        (("player", "merge", "Sepp", "sepp"), "FROM and INTO are both Sepp"),
        (("player", "merge", "Sepq", "Anna"), "FROM: 'Sepq' is no player of the ledger; did you mean Sepp?"),
        (
            ("player", "merge", "Anna", "Zacharias"),
            "INTO: 'Zacharias' is no player of the ledger; `schreiber player list`",
        ),
        (
            ("player", "rename", "Anna", "berta"),
            "NEW: Berta is another player already; `schreiber player merge Anna Berta`",
        ),
        (("player", "rename", "Anna", "A=B"), "NEW: 'A=B' cannot be a name"),
        (("player", "show", "Se"), "could mean Sepp, Sepp K."),
    ]:
        ran = cli(*args)
        assert ran.code == 2 and sentence in ran.err, (args, ran.err)
        assert len(ran.err.strip().splitlines()) == 1
        assert state(cli) == before, args


def test_show_lists_evenings_tournaments_seasons_and_totals_per_rule_set(cli):
    cli.ok("session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", "Dora")
    cli.ok("add", "rufspiel", "-p", "Anna", "-m", "Carl", "-a", "80")
    cli.ok("add", "wenz", "-p", "Anna", "-a", "30")
    cli.ok("season", "new", "Cup", "--rules", "preisschafkopf")
    play(cli, "Januar", NAMES[:8], 2, random.Random(2), season=1)
    card = cli.json("player", "show", "anna", "--format", "json")
    assert card["name"] == "Anna"
    assert [e["table"] for e in card["evenings"]] == [1]
    assert card["evenings"][0]["hands"] == 2
    standing = {p["name"]: p for p in tournament_standings(cli, 1)["players"]}["Anna"]
    assert card["tournaments"] == [
        {
            "tournament": 1,
            "date": card["tournaments"][0]["date"],
            "name": "Januar",
            "rules": "preisschafkopf",
            "number": standing["number"],
            "rounds": 2,
            "points": standing["points"],
        }
    ]
    assert card["seasons"] == [{"season": 1, "name": "Cup", "rules": "preisschafkopf", "number": standing["number"]}]
    report = {g["rules"]: g for g in cli.json("report", "--all", "--format", "json")["groups"]}
    anna = {p["name"]: p for p in report["schafkopf"]["players"]}["Anna"]
    totals = {t["rules"]: t for t in card["totals"]}
    assert (totals["schafkopf"]["points"], totals["schafkopf"]["hands"], totals["schafkopf"]["won"]) == (
        anna["points"],
        anna["hands"],
        anna["won"],
    )
    assert totals["preisschafkopf"]["points"] == standing["points"] and totals["preisschafkopf"]["tables"] == 2
    assert "Totals per rule set:" in cli.ok("player", "show", "Anna")
    listed = {p["name"]: p for p in cli.json("player", "list", "--format", "json")}
    assert listed["Anna"] == {"name": "Anna", "tables": 3, "hands": 2, "tournaments": 1, "seasons": 1}
    assert cli.ok("player", "list", "--format", "csv").splitlines()[0] == "name,tables,hands,tournaments,seasons"


def test_a_spelling_merged_in_a_season_keeps_the_season_number_of_into(cli):
    rng = random.Random(8)
    cli.ok("season", "new", "Cup", "--rules", "preisschafkopf")
    play(cli, "Januar", ["Sepp"] + NAMES[:7], 1, rng, season=1)
    play(cli, "Februar", ["Sepp K."] + NAMES[2:9], 1, rng, season=1)
    numbers = {e["name"]: e["number"] for e in tournament_standings(cli, 1)["players"]}
    cli.ok("player", "merge", "Sepp K.", "Sepp")
    feb = {e["name"]: e for e in tournament_standings(cli, 2)["players"]}
    assert "Sepp K." not in feb and feb["Sepp"]["number"] == numbers["Sepp"]
    got = cli.json("season", "standings", "--format", "json")
    sepp = {p["name"]: p for p in got["players"]}["Sepp"]
    assert sepp["starts"] == 2 and sepp["number"] == numbers["Sepp"]
    assert shown(got) == recompute([tournament_standings(cli, 1), tournament_standings(cli, 2)], "summe")
    assert "Sepp K." not in cli.ok("season", "show")
    assert cli.ok("db", "check").startswith("ok")


def test_rename_changes_the_name_everywhere_and_no_number(cli):
    rng = random.Random(4)
    cli.ok("season", "new", "Cup", "--rules", "preisschafkopf")
    play(cli, "Januar", NAMES[:8], 1, rng, season=1)
    cli.ok("session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", "Dora")
    cli.ok("add", "rufspiel", "-p", "Anna", "-m", "Carl", "-a", "80")
    before = (
        tournament_standings(cli, 1),
        cli.json("season", "standings", "--format", "json"),
        cli.json("report", "--all", "--format", "json"),
    )
    assert "Anna is called Anni now" in cli.ok("player", "rename", "anna", "Anni")
    after = (
        tournament_standings(cli, 1),
        cli.json("season", "standings", "--format", "json"),
        cli.json("report", "--all", "--format", "json"),
    )
    assert repr(after) == repr(before).replace("'Anna'", "'Anni'")
    assert cli.ok("add", "rufspiel", "-p", "Anni", "-m", "Berta", "-a", "70")
    assert cli.ok("db", "check").startswith("ok")


def test_merge_moves_a_paid_startgeld_with_the_spelling(cli):
    """The cashbook's payments belong to the person: after a merge the Startgeld paid under one spelling
    is his under the other, and nothing is owed twice."""
    cli.ok("tournament", "new", "Cup 1", "--rules", "preisschafkopf", "--set", "startgeld=1000", "--date", "2027-01-10")
    cli.ok("tournament", "register", "Anna", "Berta", "Carl", "Sepp")
    cli.ok("tournament", "pay", "Sepp")
    cli.ok("tournament", "new", "Cup 2", "--rules", "preisschafkopf", "--set", "startgeld=1000", "--date", "2027-01-17")
    cli.ok("tournament", "register", "Anna", "Berta", "Carl", "Sepp K.")
    cli.ok("player", "merge", "Sepp", "Sepp K.")
    cli.ok("tournament", "use", "1")
    paid = {p["name"]: p["paid"] for p in cli.json("tournament", "cash", "--format", "json")["players"]}
    assert paid == {"Anna": 0, "Berta": 0, "Carl": 0, "Sepp K.": 1000}
