"""Final and provisional (issue 37.2, RULES.md §9 "final"): a tournament's standings and cashbook say
"vorläufig"/"provisional" until every round is drawn and each of its tables has its sheet, its hands or was
closed, and "Endstand"/"Final standings" after; a season counts a running tournament's results "so far" and
marks nobody qualified from them. In the terminal, JSON and PDF, on SQLite and PostgreSQL."""

from __future__ import annotations

import random

from schreiber import i18n
from tests.helpers.season import NAMES, play
from tests.helpers.tournament import seats
from tests.helpers.pdf import pdf_text

EIGHT = NAMES[:8]


def sheet(table: dict, values) -> list[str]:
    return [f"{name}={value}" for name, value in zip(table["players"], values)]


def german(cli, *args: str) -> str:
    with i18n.speaking("de"):
        return cli.ok(*args)


def heading(cli) -> str:
    return cli.ok("tournament", "standings").splitlines()[0]


def test_a_tournament_is_provisional_until_every_round_and_table_is_done(cli, tmp_path):
    cli.ok("tournament", "new", "Kirta", "--rules", "preisschafkopf", "--rounds", "2", "--hands", "4", "--seed", "5")
    cli.ok("tournament", "register", *EIGHT)
    cli.ok("tournament", "draw")
    t1, t2 = seats(cli)["tables"]
    cli.ok("tournament", "result", "1", "1", *sheet(t1, (40, 20, 0, 10)))
    # Round 1 with a table still playing: provisional everywhere.
    assert heading(cli).startswith("Standings so far, no round finished yet (provisional)")
    assert german(cli, "tournament", "standings").startswith("Stand bisher, noch keine Runde fertig (vorläufig)")
    assert cli.json("tournament", "standings", "--format", "json")["final"] is False
    assert cli.json("tournament", "cash", "--format", "json")["final"] is False
    # The table closed after a hand: round 1 is finished, but round 2 of 2 is not drawn yet.
    a, _b, c, _d = t2["players"]
    cli.ok("add", "--session", str(t2["session"]), "rufspiel", "-p", a, "-m", c, "-a", "70")
    cli.ok("tournament", "close", "1", "2")
    assert heading(cli).startswith("Standings after round 1 (provisional)")
    assert german(cli, "tournament", "standings").startswith("Stand nach Runde 1 (vorläufig)")
    assert "The cashbook of “Kirta” — Standings after round 1 (provisional):" in cli.ok("tournament", "cash")
    assert cli.json("tournament", "standings", "--format", "json")["final"] is False
    # The last round drawn: still provisional until each of its tables has its sheet.
    cli.ok("tournament", "draw")
    u1, u2 = seats(cli)["tables"]
    cli.ok("tournament", "result", "2", "1", *sheet(u1, (5, 0, 0, 25)))
    assert cli.json("tournament", "standings", "--format", "json")["final"] is False
    cli.ok("tournament", "standings", "--output", str(tmp_path / "before.pdf"))
    assert "(provisional)" in pdf_text(tmp_path / "before.pdf")
    cli.ok("tournament", "result", "2", "2", *sheet(u2, (15, 0, 30, 0)))
    # Final: every round drawn, every table done.
    assert heading(cli) == "Final standings — “Kirta”, Wertung punkte:"
    assert german(cli, "tournament", "standings").startswith("Endstand — „Kirta“, Wertung punkte:")
    assert cli.json("tournament", "standings", "--format", "json")["final"] is True
    assert cli.json("tournament", "cash", "--format", "json")["final"] is True
    assert "The cashbook of “Kirta” — Final standings:" in cli.ok("tournament", "cash")
    assert "Das Kassenbuch von „Kirta“ — Endstand:" in german(cli, "tournament", "cash")
    with i18n.speaking("de"):
        said = cli.ok("tournament", "standings", "--output", str(tmp_path / "final.pdf"))
    assert "Endstand" in said
    text = pdf_text(tmp_path / "final.pdf")
    assert "Kirta - Endstand" in text and "vorläufig" not in text
    # The standings after an earlier round of a final tournament look back: no "provisional" there.
    assert heading(cli) != cli.ok("tournament", "standings", "--round", "1").splitlines()[0]
    assert cli.ok("tournament", "standings", "--round", "1").startswith("Standings after round 1 — ")


def test_a_table_that_played_all_its_hands_finishes_the_tournament(cli):
    cli.ok("tournament", "new", "Kurz", "--rules", "preisschafkopf", "--rounds", "1", "--hands", "2", "--seed", "1")
    cli.ok("tournament", "register", *NAMES[:4])
    cli.ok("tournament", "draw")
    table = seats(cli)["tables"][0]
    a, _b, c, _d = table["players"]
    cli.ok("add", "--session", str(table["session"]), "rufspiel", "-p", a, "-m", c, "-a", "70")
    assert cli.json("tournament", "standings", "--format", "json")["final"] is False
    cli.ok("add", "--session", str(table["session"]), "rufspiel", "-p", a, "-m", c, "-a", "70")
    assert cli.json("tournament", "standings", "--format", "json")["final"] is True
    # A hand voided: the table has not played all its hands again, the standings are provisional again.
    cli.ok("void", "2", "--session", str(table["session"]))
    assert heading(cli).startswith("Standings so far, no round finished yet (provisional)")


def test_season_standings_during_a_running_tournament_say_so(cli, tmp_path):
    cli.ok("season", "new", "Wirtshauscup", "--rules", "preisschafkopf", "--set", "finale=3")
    play(cli, "Januar", EIGHT, 1, random.Random(1), season=1)
    # Februar: one sheet of two in, the tournament runs.
    cli.ok("tournament", "new", "Februar", "--rules", "preisschafkopf", "--rounds", "1", "--seed", "F", "--season", "1")
    cli.ok("tournament", "register", *NAMES[6:14])
    cli.ok("tournament", "draw")
    first = seats(cli)["tables"][0]
    cli.ok("tournament", "result", "1", "1", *sheet(first, (300, 290, 280, 270)))  # more than anyone of Januar
    got = cli.json("season", "standings", "--format", "json")
    by_name = {p["name"]: p for p in got["players"]}
    for name in first["players"]:
        assert by_name[name]["results"][1]["running"] is True
    assert all("running" not in p["results"][0] for p in got["players"] if p["results"][0] is not None)
    # Qualified from the final tournament alone: the three best of Januar, whatever Februar's one sheet says.
    qualified = {p["name"] for p in got["players"] if p["qualified"]}
    best_of_januar = sorted(
        (p for p in got["players"] if p["results"][0] is not None), key=lambda p: p["results"][0]["rank"]
    )
    assert qualified == {p["name"] for p in best_of_januar if p["results"][0]["rank"] <= 3}
    assert not qualified & (set(first["players"]) - set(EIGHT))  # a newcomer of Februar's one sheet is no finalist
    table = cli.ok("season", "standings")
    assert table.startswith("Standings of season “Wirtshauscup” after 1 tournament ")
    assert "T2 “Februar” is still running: its results are so far and qualify nobody for the final yet." in table
    assert "(1.) so far" in table
    deutsch = german(cli, "season", "standings")
    assert "nach 1 Turnier " in deutsch and "T2 „Februar“ läuft noch" in deutsch and "(1.) bisher" in deutsch
    cli.ok("season", "standings", "--output", str(tmp_path / "season.pdf"))
    text = pdf_text(tmp_path / "season.pdf")
    assert "after 1 tournament." in text and "is still running: its results are so far" in text and "(1.)*" in text
    # The last sheet in: Februar is final, nothing runs, and its results count for the final.
    second = seats(cli)["tables"][1]
    cli.ok("tournament", "result", "1", "2", *sheet(second, (0, 5, 10, 15)))
    got = cli.json("season", "standings", "--format", "json")
    assert all("running" not in x for p in got["players"] for x in p["results"] if x is not None)
    table = cli.ok("season", "standings")
    assert "after 2 tournaments" in table and "so far" not in table and "still running" not in table
    cli.ok("season", "standings", "--output", str(tmp_path / "season2.pdf"))
    assert "so far" not in pdf_text(tmp_path / "season2.pdf") and "after 2 tournaments." in pdf_text(
        tmp_path / "season2.pdf"
    )
