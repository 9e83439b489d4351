"""`schreiber tournament …` as an organiser types it (CLI.md "Tournaments", RULES.md §6), on SQLite and PostgreSQL."""

from __future__ import annotations

import csv
import io

import pytest

from schreiber.scoring.ranking import standings as ranked
from tests.helpers.tournament import EIGHT, seats, state, type_t1_sheets


def start(cli, *extra: str, players=EIGHT, rules: str = "schafkopf") -> None:
    cli.ok("tournament", "new", "Herbstturnier", "--rules", rules, "--seed", "7", *extra)
    cli.ok("tournament", "register", *players)


T1_EXPECTED = {
    "punkte": [
        ("Gerda", 55, 1),
        ("Emil", 50, 2),
        ("Anna", 50, 3),
        ("Fritz", 40, 4),
        ("Carl", 35, 5),
        ("Dora", 30, 6),
        ("Hans", 25, 7),
        ("Berta", 20, 8),
    ],
    "platz": [
        ("Emil", 3, 1),
        ("Gerda", 2, 2),
        ("Anna", 2, 3),
        ("Fritz", 1, 4),
        ("Carl", 0, 5),
        ("Dora", -2, 6),
        ("Hans", -2, 7),
        ("Berta", -4, 8),
    ],
}


@pytest.mark.parametrize("wertung", ["punkte", "platz"])
def test_worked_example_t1_typed_as_sheets(cli, wertung):
    """T1 through the commands. The draw seats the players, so T1's roles (Anna … Hans) go to the
    registered players the draw put where T1 has them: round 2 seats two of each round-1 table together."""
    start(
        cli,
        "--rounds",
        "2",
        "--set",
        f"wertung={wertung}",
        players=[f"P{i}" for i in range(1, 9)],
        rules="preisschafkopf",
    )
    cli.ok("tournament", "draw")
    first = [set(t["players"]) for t in seats(cli)["tables"]]
    out = cli.ok("tournament", "draw", "--force")  # T1's sheets are typed in after both draws
    assert "The draw made 4 repeated pairs" in out  # 8 players: two of each first table meet again, at best
    role = type_t1_sheets(cli, first)
    got = cli.json("tournament", "standings", "--format", "json")
    assert got["wertung"] == wertung and got["rounds"] == 2
    assert [(p["name"], p["score"], p["rank"]) for p in got["players"]] == [
        (role[r], score, rank) for r, score, rank in T1_EXPECTED[wertung]
    ]
    by_name = {p["name"]: p for p in got["players"]}
    assert by_name[role["Gerda"]]["rounds"] == [10, 45] and by_name[role["Gerda"]]["points"] == 55
    assert by_name[role["Emil"]]["soli"] == 2
    # After round 1 alone: Anna leads with 40.
    after_one = cli.json("tournament", "standings", "--round", "1", "--format", "json")
    assert after_one["rounds"] == 1 and after_one["players"][0]["name"] == role["Anna"]


def test_hands_at_a_table_make_its_round_result_and_soli(cli):
    start(cli, rules="preisschafkopf")
    cli.ok("tournament", "draw")
    table = seats(cli)["tables"][0]
    s1, s2, s3, s4 = table["players"]
    session = str(table["session"])
    cli.ok("add", "--session", session, "wenz", "-p", s2, "-a", "65", "-l", "2")  # won: +30, a Soli
    cli.ok("add", "--session", session, "farbsolo", "-p", s3, "--farbe", "herz", "-a", "50")  # lost: the others +25
    cli.ok("add", "--session", session, "rufspiel", "-p", s1, "-m", s3, "-a", "72")  # +5 each
    got = {p["name"]: p for p in cli.json("tournament", "standings", "--format", "json")["players"]}
    assert {n: got[n]["rounds"] for n in table["players"]} == {s1: [30], s2: [55], s3: [5], s4: [25]}
    assert {n: got[n]["soli"] for n in table["players"]} == {s1: 0, s2: 1, s3: 0, s4: 0}
    assert got[s2]["rank"] == 1
    # The other table has no result yet: its players' round is null.
    other = seats(cli)["tables"][1]["players"]
    assert all(got[n]["rounds"] == [None] for n in other)
    assert "3 of 32 hands" in cli.ok("tournament", "tables")


def test_standings_equal_the_ranking_recomputed_from_the_sheets(cli):
    import random

    players = [f"Spieler{i:02d}" for i in range(1, 18)]  # 17: a table of 5 each round
    start(cli, "--set", "wertung=platz", players=players)
    rng = random.Random(3)
    rounds = []
    for round_ in (1, 2, 3):
        cli.ok("tournament", "draw")
        tables = []
        for t in seats(cli)["tables"]:
            values = [rng.randrange(-30, 31) for _ in t["players"][1:]]
            sheet = dict(zip(t["players"], [-sum(values), *values]))
            cli.ok("tournament", "result", str(round_), str(t["table"]), *[f"{n}={v}" for n, v in sheet.items()])
            tables.append(sheet)
        rounds.append(tables)
        got = cli.json("tournament", "standings", "--format", "json")
        expected = ranked(players, rounds, {}, "platz")
        assert [(p["name"], p["rank"], p["score"], p["points"], p["rounds"]) for p in got["players"]] == [
            (s.player, s.rank, s.score, s.points, list(s.rounds)) for s in expected
        ]
        assert all(len(t["players"]) in (4, 5) for t in seats(cli)["tables"])


def test_late_registration_and_withdrawal(cli):
    start(cli, players=EIGHT[:8])
    cli.ok("tournament", "draw")
    cli.ok("tournament", "register", "Ida", "Jakob", "Karl", "Lena")
    out = cli.ok("tournament", "register", "Max", "--number", "40")
    assert "Max with start number 40" in out
    cli.ok("tournament", "withdraw", "Dora")
    cli.ok("tournament", "draw", "--force")
    seated = [p for t in seats(cli)["tables"] for p in t["players"]]
    assert sorted(seated) == sorted([n for n in EIGHT if n != "Dora"] + ["Ida", "Jakob", "Karl", "Lena", "Max"])
    standing = {p["name"]: p for p in cli.json("tournament", "standings", "--format", "json")["players"]}
    assert standing["Max"]["number"] == 40 and standing["Max"]["rounds"] == [None, None]
    assert "Dora" in standing  # a withdrawn player keeps his round and is ranked


def test_a_seed_draws_the_same_again_and_a_redraw_before_the_first_result(cli):
    start(cli, players=[f"N{i}" for i in range(20)])
    cli.ok("tournament", "draw")
    first = seats(cli)
    cli.ok("tournament", "draw", "--round", "1", "--seed", "other")
    other = seats(cli)
    assert other["tables"] != first["tables"]
    cli.ok("tournament", "draw", "--round", "1", "--seed", "7-1")  # the seed the first draw was made from
    assert [t["players"] for t in seats(cli)["tables"]] == [t["players"] for t in first["tables"]]
    # 20 players over 3 rounds: nobody meets anybody twice.
    for _ in (2, 3):
        cli.ok("tournament", "draw", "--force")
        assert seats(cli)["repeats"] == 0


def test_the_list_show_and_use(cli):
    start(cli)
    cli.ok("tournament", "new", "Zweites", "--rules", "doppelkopf-turnier")
    listed = cli.ok("tournament", "list")
    assert "Herbstturnier" in listed and "* 2" in listed
    cli.ok("tournament", "use", "1")
    shown = cli.ok("tournament", "show")
    assert "8 players registered" in shown and "Wertung punkte" in shown


def test_csv_and_excel(cli):
    start(cli)
    cli.ok("tournament", "draw")
    csv_text = cli.ok("tournament", "standings", "--format", "csv")
    assert csv_text.splitlines()[0] == "rank,number,name,score,points,soli,won,lost,by_lot,round_1,withdrawn,unfinished"
    excel = cli.ok("tournament", "standings", "--format", "csv", "--excel")
    assert excel.startswith("\ufeffrank;number;name")
    plan = cli.ok("tournament", "tables", "--format", "csv").splitlines()
    assert plan[0] == "round,table,session,seat,number,name" and len(plan) == 9


def test_seat_plan_csv_guards_a_formula(cli):
    """`tournament tables --format csv` wrote with a bare csv writer: a player named like a formula
    went into the spreadsheet unguarded, as `standings --format csv` never did."""
    start(cli, players=["@Anna", *EIGHT[1:]])
    cli.ok("tournament", "draw")
    seats = list(csv.DictReader(io.StringIO(cli.ok("tournament", "tables", "--format", "csv"))))
    assert "'@Anna" in {row["name"] for row in seats} and "@Anna" not in {row["name"] for row in seats}
    ranked = list(csv.DictReader(io.StringIO(cli.ok("tournament", "standings", "--format", "csv"))))
    assert {row["name"] for row in ranked} == {row["name"] for row in seats}


def refused(cli, *args: str, says: str) -> None:
    before = state(cli)
    ran = cli(*args)
    assert ran.code == 2, ran
    assert says in ran.err and len(ran.err.strip().splitlines()) == 1 and "Traceback" not in ran.err
    assert state(cli) == before


def test_bad_input_is_one_sentence_and_changes_nothing(cli):
    start(cli, rules="preisschafkopf")
    cli.ok("tournament", "draw")
    plan = seats(cli)
    t1, t2 = plan["tables"]
    stranger = t2["players"][0]
    sheet = [f"{n}={v}" for n, v in zip(t1["players"], (10, 0, 5, 20))]
    refused(cli, "tournament", "result", "1", "3", *sheet, says="round 1 has tables 1–2, not 3")
    refused(cli, "tournament", "result", "2", "1", *sheet, says="rounds 1–1 drawn, not 2")
    refused(
        cli,
        "tournament",
        "result",
        "1",
        "1",
        *sheet[:3],
        f"{stranger}=5",
        says=f"{stranger!r} is not a player at this table",
    )
    refused(cli, "tournament", "result", "1", "1", *sheet[:3], says="names every player of the table")
    refused(
        cli,
        "tournament",
        "result",
        "1",
        "1",
        *sheet[:3],
        f"{t1['players'][3]}=-5",
        says="nobody has less than 0 points",
    )
    refused(cli, "tournament", "result", "1", "1", *sheet, "--soli", f"{stranger}=1", says="not a player at this table")
    refused(cli, "tournament", "result", "1", "1", "Anna", says="use NAME=POINTS")
    cli.ok("tournament", "result", "1", "1", *sheet)
    refused(cli, "tournament", "result", "1", "1", *sheet, says="has its sheet already")
    # A table whose sheet is in takes no hand, and says which table of which round it is (not "start a new session").
    entered = f"round 1 table 1 (session {t1['session']}) has its paper sheet entered with `tournament result`, so it takes no hands."
    refused(
        cli,
        "add",
        "--session",
        str(t1["session"]),
        "rufspiel",
        "-p",
        t1["players"][0],
        "-m",
        t1["players"][1],
        "-a",
        "70",
        says=entered,
    )
    refused(cli, "session", "join", "Zora", "--session", str(t1["session"]), says=entered)
    cli.ok(
        "add", "--session", str(t2["session"]), "rufspiel", "-p", t2["players"][0], "-m", t2["players"][1], "-a", "70"
    )
    refused(cli, "tournament", "result", "1", "2", *[f"{n}=5" for n in t2["players"]], says="has hands recorded")
    refused(cli, "tournament", "draw", "--round", "1", says="round 1 is being played")
    refused(cli, "tournament", "draw", "--round", "3", says="the next round to draw is 2")
    refused(cli, "tournament", "register", "Anna", says="Anna is registered already")
    refused(cli, "tournament", "register", "Zora", "--number", "3", says="start number 3 is taken")
    refused(cli, "tournament", "withdraw", "Zora", says="no player of Herbstturnier is called 'Zora'")
    refused(cli, "tournament", "standings", "--format", "xml", says="use table, json, csv")
    refused(cli, "tournament", "tables", "--output", "plan.txt", says="ending in .pdf")


def test_a_zero_sum_sheet_adds_up_to_zero(cli):
    start(cli, rules="doppelkopf")
    cli.ok("tournament", "draw")
    t1 = seats(cli)["tables"][0]["players"]
    refused(
        cli,
        "tournament",
        "result",
        "1",
        "1",
        *[f"{n}=3" for n in t1],
        says="doppelkopf is zero-sum, so a sheet adds up to 0, not 12",
    )


def test_six_players_and_other_rule_sets_are_refused(cli):
    refused_new = cli("tournament", "new", "X", "--rules", "klassisch")
    assert refused_new.code == 2 and "a tournament is played with schafkopf" in refused_new.err
    assert "preisschafkopf" in refused_new.err and "skat" in refused_new.err
    assert cli("tournament", "list").out.startswith("No tournaments yet")
    refused(cli, "tournament", "show", says="there is no active tournament")
    start(cli, players=EIGHT[:6])
    refused(cli, "tournament", "draw", says="6 players cannot be seated")
    refused(
        cli, "tournament", "new", "Y", "--rules", "schafkopf", "--set", "wertung=mittel", says="use punkte or platz"
    )
    refused(
        cli, "tournament", "new", "Y", "--rules", "schafkopf", "--set", "tout=3", says="schafkopf has no setting 'tout'"
    )


def pages(path) -> int:
    import re

    data = path.read_bytes()
    assert data.startswith(b"%PDF")
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", data))


def test_paper_as_pdf(cli, tmp_path):
    start(cli, players=[f"Spieler{i}" for i in range(1, 14)])  # 13: a table of 5 and two of 4
    cli.ok("tournament", "draw")
    assert "3 score sheets of round 1" in cli.ok("tournament", "sheets", "--output", str(tmp_path / "sheets.pdf"))
    assert pages(tmp_path / "sheets.pdf") == 3  # one per table, 32 lines each
    cli.ok("tournament", "tables", "--output", str(tmp_path / "plan.pdf"))
    assert pages(tmp_path / "plan.pdf") == 3  # the tables, everyone by name, everyone by start number
    cli.ok("tournament", "standings", "--output", str(tmp_path / "standings.pdf"))
    assert pages(tmp_path / "standings.pdf") == 1
    refused(
        cli, "tournament", "sheets", "--output", str(tmp_path / "no" / "such" / "dir.pdf"), says="no file was written"
    )
