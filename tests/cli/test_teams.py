"""Team rankings in a tournament (TEAMS.md §10.1, issue 43) through the CLI, on SQLite and PostgreSQL: worked
example M1 (a Skat tournament of 16 with three Mannschaften, three Tandems, Detlef withdrawn after Serie 1), team
mates seated apart, and bad input to every team command."""

from __future__ import annotations

import shutil

import pytest

from tests.helpers.pdf import pdf_text
from tests.helpers.teams import M1_SETTINGS, PLAYERS, play_m1


def test_worked_example_m1(cli):
    play_m1(cli, *M1_SETTINGS)
    cli.ok("tournament", "team", "pay", "mannschaft", "Asse", "Buben", "Luschen")
    cli.ok("tournament", "team", "pay", "tandem", "Tandem 1", "Tandem 2", "Tandem 3")
    individual = cli.json("tournament", "standings", "--format", "json")
    assert [(p["name"], p["score"]) for p in individual["players"]] == [
        ("Christa", 1775), ("Manni", 1697), ("Heike", 1696), ("Egon", 1682), ("Günter", 1613), ("Jutta", 1592),
        ("Anton", 1588), ("Bernd", 1518), ("Klaus", 1440), ("Otto", 1417), ("Nora", 1396), ("Frieda", 1285),
        ("Lotte", 932), ("Paula", 786), ("Ingo", 595), ("Detlef", 156),
    ]  # fmt: skip
    got = cli.json("tournament", "team", "standings", "mannschaft", "--format", "json")
    assert {k: got[k] for k in ("competition", "size", "fehlend", "rounds")} == {
        "competition": "mannschaft", "size": 4, "fehlend": "ohne", "rounds": 2,
    }  # fmt: skip
    teams = {t["name"]: t for t in got["teams"]}
    assert [(t["rank"], t["name"], t["score"], t["prize"]) for t in got["teams"]] == [
        (1, "Buben", 6276, 3600), (2, "Asse", 5037, 2400), (3, "Luschen", 4559, 0),
    ]  # fmt: skip
    assert {k: teams["Buben"][k] for k in ("won", "lost", "lists")} == {"won": 52, "lost": 7, "lists": 8}
    assert {k: teams["Asse"][k] for k in ("won", "lost", "lists")} == {"won": 42, "lost": 7, "lists": 7}
    assert teams["Buben"]["members"][:2] == [
        {"number": 5, "name": "Egon", "score": 1682, "rounds": [602, 1080]},
        {"number": 6, "name": "Frieda", "score": 1285, "rounds": [340, 945]},
    ]
    assert teams["Asse"]["members"][3] == {
        "number": 4, "name": "Detlef", "score": 156, "rounds": [156, None], "withdrawn": True,
    }  # fmt: skip
    tandem = cli.json("tournament", "team", "standings", "tandem", "--format", "json")
    assert [(t["rank"], t["name"], t["score"], t["won"], t["lost"], t["prize"]) for t in tandem["teams"]] == [
        (1, "Tandem 1", 3472, 29, 4, 2100), (2, "Tandem 2", 3009, 25, 3, 900), (3, "Tandem 3", 3009, 25, 4, 0),
    ]  # fmt: skip
    table = cli.ok("tournament", "team", "standings", "mannschaft")
    lines = [line.split() for line in table.splitlines()]
    assert [line[:3] for line in lines if line and line[0] in "123"] == [
        ["1", "Buben", "6276"], ["2", "Asse", "5037"], ["3", "Luschen", "4559"],
    ]  # fmt: skip
    book = cli.json("tournament", "cash", "--format", "json")
    buben = next(t for t in book["teams"] if t["name"] == "Buben")
    assert {k: buben[k] for k in ("competition", "startgeld", "paid", "prize")} == {
        "competition": "mannschaft", "startgeld": 2000, "paid": 2000, "prize": 3600,
    }  # fmt: skip
    assert buben["shares"][0] == {"number": 5, "name": "Egon", "cents": 900}
    player = {p["name"]: p for p in book["players"]}
    assert (player["Detlef"]["prize"], player["Detlef"]["balance"]) == (600, 600)  # withdrawn, his share all the same
    assert player["Christa"]["prizes"] == [
        {"list": "team:mannschaft", "team": "Asse", "cents": 600},
        {"list": "team:tandem", "team": "Tandem 1", "cents": 1050},
    ]
    assert player["Christa"]["prize"] == 1650 and player["Ingo"]["prize"] == 0
    assert book["pot"] == 0 and book["kasse"] == 0  # each competition keeps its own pot
    cli.ok("tournament", "pay", "Christa", "--prize")
    assert cli.json("tournament", "cash", "--format", "json")["players"][0]["prize_paid"] == 1650
    # A prize is paid out: who is ranked, and so who holds a team prize, no longer moves without --force.
    before = cli.json("tournament", "team", "standings", "--format", "json")
    refused = cli("tournament", "team", "pay", "tandem", "Tandem 2", "--undo")
    assert refused.code == 2 and refused.out == "" and len(refused.err.strip().splitlines()) == 1
    assert "Christa" in refused.err and "--force" in refused.err
    assert cli.json("tournament", "team", "standings", "--format", "json") == before
    cli.ok("tournament", "team", "pay", "tandem", "Tandem 2", "--undo", "--force")
    tandems = cli.json("tournament", "team", "standings", "tandem", "--format", "json")["teams"]
    assert next(x["rank"] for x in tandems if x["name"] == "Tandem 2") is None
    cli.ok("tournament", "team", "pay", "tandem", "Tandem 2", "--force")
    both = cli.json("tournament", "team", "standings", "--format", "json")
    assert [c["competition"] for c in both] == ["mannschaft", "tandem"]
    csv = cli.ok("tournament", "team", "standings", "--format", "csv")
    assert csv.splitlines()[0].startswith("competition,rank,team,score,won,lost,lists,prize,number,name")


def test_m1_hochrechnen_scales_asse_by_eight_sevenths(cli):
    play_m1(
        cli,
        "--set",
        "teams=mannschaft:4,tandem:2",
        "--set",
        "getrennt=mannschaft",
        "--set",
        "mannschaft.fehlend=hochrechnen",
    )
    got = cli.json("tournament", "team", "standings", "mannschaft", "--format", "json")
    assert got["fehlend"] == "hochrechnen"
    assert [(t["name"], t["score"]) for t in got["teams"]] == [
        ("Buben", 6276), ("Asse", pytest.approx(5037 * 8 / 7)), ("Luschen", 4559),
    ]  # fmt: skip
    table = cli.ok("tournament", "team", "standings", "mannschaft")
    assert "5756.57" in table or "5756,57" in table
    assert ",Asse,5756.57,42,7,7," in cli.ok("tournament", "team", "standings", "mannschaft", "--format", "csv")


def _count(db_url: str, table: str) -> int:
    from sqlalchemy import create_engine, text

    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            return conn.execute(text(f"SELECT count(*) FROM {table}")).scalar_one()
    finally:
        engine.dispose()


def test_32_players_in_8_mannschaften_are_kept_apart_over_3_rounds(cli):
    cli.ok(
        "tournament", "new", "Preisskat", "--rules", "skat", "--rounds", "3", "--hands", "12", "--seed", "apart",
        "--set", "teams=mannschaft:4", "--set", "getrennt=mannschaft",
    )  # fmt: skip
    players = [f"Spieler{i:02d}" for i in range(1, 33)]
    cli.ok("tournament", "register", *players)
    cli.ok("tournament", "team", "fill", "mannschaft")
    teams = cli.json("tournament", "team", "list", "--format", "json")
    assert [t["name"] for t in teams] == [f"Team {k}" for k in range(1, 9)]
    team_of = {m["name"]: t["name"] for t in teams for m in t["members"]}
    assert [m["number"] for m in teams[1]["members"]] == [5, 6, 7, 8]
    for serie in (1, 2, 3):
        cli.ok("tournament", "draw", "--force")
        for table in cli.json("tournament", "tables", "--format", "json")["tables"]:
            assert len({team_of[p] for p in table["players"]}) == len(table["players"]), (serie, table)
        ran = cli("tournament", "team", "edit", "mannschaft", "Team 1", "--rename", "Asse")
        assert ran.code == 2 and "has been drawn already" in ran.err


def test_a_team_that_cannot_be_kept_apart_refuses_the_draw(cli, db_url):
    cli.ok(
        "tournament", "new", "Klein", "--rules", "preisschafkopf", "--seed", "k",
        "--set", "teams=mannschaft:5", "--set", "getrennt=mannschaft",
    )  # fmt: skip
    players = [f"Spieler{i}" for i in range(1, 9)]
    cli.ok("tournament", "register", *players)
    cli.ok("tournament", "team", "add", "mannschaft", "Asse", *players[:5])
    ran = cli("tournament", "draw")
    assert ran.code == 2
    assert ran.err.strip() == "schreiber: team Asse has 5 players present but round 1 has 2 tables"
    assert _count(db_url, "tournament_round") == 0 and _count(db_url, "tournament_table") == 0
    cli.ok("tournament", "set", "getrennt=off")  # without getrennt the same field is drawn
    cli.ok("tournament", "draw")


BAD = [
    # (command words, what the one sentence says)
    (["team", "add", "liga", "X", "1"], "COMPETITION: T has the competitions mannschaft and tandem, not 'liga'."),
    (["team", "add", "tandem", "X", "1", "2", "3"], "MEMBER: a team of tandem has at most 2 members, not 3."),
    (["team", "add", "mannschaft", "Neu", "5"], "MEMBER: Egon plays in Buben of mannschaft already."),
    (["team", "add", "mannschaft", "buben", "9"], "NAME: mannschaft has a team buben already; choose another name."),
    (["team", "add", "mannschaft", "X", "1", "#1"], "MEMBER: each player is named once."),
    (["team", "add", "mannschaft", "X", "99"], "MEMBER: no player of T has start number 99;"),
    (
        ["team", "edit", "mannschaft", "Buben"],
        "tournament team edit: give --add MEMBER, --remove MEMBER or --rename NEW.",
    ),
    (["team", "edit", "mannschaft", "Buben", "--remove", "1"], "--remove: Anton is not a member of Buben."),
    (["team", "edit", "mannschaft", "Buben", "--add", "5"], "--add: Egon is a member of Buben already."),
    (
        ["team", "edit", "mannschaft", "Buben", "--add", "9"],
        "MEMBER: a team of mannschaft has at most 4 members, not 5.",
    ),
    (["team", "edit", "mannschaft", "Buben", "--rename", "Asse"], "--rename: mannschaft has a team Asse already;"),
    (["team", "edit", "tandem", "Duo", "--remove", "1", "--remove", "2"], "MEMBER: a team has at least 1 member."),
    (["team", "remove", "mannschaft", "Damen"], "NAME: mannschaft has no team 'Damen';"),
    (["team", "fill", "liga"], "COMPETITION: T has the competitions mannschaft and tandem, not 'liga'."),
    (["team", "list", "liga"], "COMPETITION: T has the competitions mannschaft and tandem, not 'liga'."),
    (["team", "list", "--format", "xml"], "--format"),
    (["team", "pay", "tandem", "Duo"], "NAME: tandem takes no Startgeld;"),
    (["team", "pay", "mannschaft", "Asse", "--undo"], "NAME: Asse has not paid; there is nothing to take back."),
    (["team", "pay", "mannschaft", "Asse", "asse"], "NAME: each team is named once."),
    (["team", "standings", "liga"], "COMPETITION: T has the competitions mannschaft and tandem, not 'liga'."),
    (["set", "getrennt=liga"], "tournament set getrennt: liga is not a competition of the tournament;"),
    (["set", "liga.startgeld=100"], "tournament set liga.startgeld: liga is not a competition of the tournament;"),
    (["set", "teams=mannschaft:4"], "tournament set teams: tandem has teams registered;"),
    (["set", "teams=mannschaft"], "tournament set teams: give each competition as NAME:SIZE"),
    (["set", "teams=a:2,a:3"], "tournament set teams: the competition a is named twice."),
    (["set", "mannschaft.fehlend=alle"], "tournament set mannschaft.fehlend: use ohne or hochrechnen, not 'alle'."),
    (
        ["set", "mannschaft.preise=60%,50%"],
        "tournament set mannschaft.preise: the percentages add up to 110%, more than 100%.",
    ),
]


@pytest.mark.parametrize(("words", "said"), BAD, ids=[" ".join(w) for w, _s in BAD])
def test_bad_input_to_a_team_command_is_one_sentence_and_exit_2(cli, db_url, words, said):
    cli.ok("tournament", "new", "T", "--rules", "schafkopf", "--set", "teams=mannschaft:4,tandem:2")
    cli.ok("tournament", "register", *PLAYERS[:9])
    cli.ok("tournament", "set", "mannschaft.startgeld=2000")
    cli.ok("tournament", "team", "add", "mannschaft", "Buben", "5", "6", "7", "8")
    cli.ok("tournament", "team", "add", "mannschaft", "Asse", "1", "2")
    cli.ok("tournament", "team", "add", "tandem", "Duo", "1", "2")
    before = cli.ok("tournament", "team", "list", "--format", "json"), cli.ok("tournament", "show", "--format", "json")
    ran = cli("tournament", *words)
    assert ran.code == 2, ran
    sentence = ran.err.strip().splitlines()[-1]
    assert said in sentence and "Traceback" not in ran.err
    assert (
        cli.ok("tournament", "team", "list", "--format", "json"),
        cli.ok("tournament", "show", "--format", "json"),
    ) == before


def test_team_edit_pay_remove_and_list(cli):
    cli.ok(
        "tournament",
        "new",
        "T",
        "--rules",
        "schafkopf",
        "--set",
        "teams=mannschaft:4",
        "--set",
        "mannschaft.startgeld=2000",
    )
    cli.ok("tournament", "register", *PLAYERS[:9])
    assert "Anton (1)" in cli.ok("tournament", "team", "add", "mannschaft", "Asse", "Anton", "2")
    cli.ok("tournament", "team", "edit", "mannschaft", "asse", "--add", "3", "--remove", "Anton", "--rename", "Trümpfe")
    cli.ok("tournament", "team", "pay", "mannschaft", "Trümpfe")
    got = cli.json("tournament", "team", "list", "mannschaft", "--format", "json")
    assert got == [
        {
            "competition": "mannschaft", "name": "Trümpfe", "startgeld": 2000, "paid": 2000, "fixed": False,
            "members": [{"number": 2, "name": "Bernd"}, {"number": 3, "name": "Christa"}],
        }
    ]  # fmt: skip
    assert cli("tournament", "team", "remove", "mannschaft", "Trümpfe").code == 2  # paid: take it back first
    cli.ok("tournament", "team", "pay", "mannschaft", "Trümpfe", "--undo")
    cli.ok("tournament", "team", "remove", "mannschaft", "Trümpfe")
    assert cli.json("tournament", "team", "list", "--format", "json") == []
    cli.ok("tournament", "team", "add", "mannschaft", "Kurz", "Ingo", "2")
    cli.ok("tournament", "unregister", "Ingo")  # a registration taken back leaves his team too
    assert [m["name"] for m in cli.json("tournament", "team", "list", "--format", "json")[0]["members"]] == ["Bernd"]
    cli.ok("tournament", "team", "remove", "mannschaft", "Kurz")
    cli.ok("tournament", "register", "Ingo")
    filled = cli.ok("tournament", "team", "fill", "mannschaft")
    assert "Team 3" in filled and "Ingo (" in filled
    table = cli.ok("tournament", "team", "standings")
    assert "Team 1" in table and "not ranked" in table  # the Startgeld is unpaid


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext is not installed")
def test_m1_team_standings_as_a_pdf(cli, tmp_path):
    play_m1(cli, *M1_SETTINGS)
    cli.ok("tournament", "team", "pay", "mannschaft", "Asse", "Buben", "Luschen")
    out = tmp_path / "teams.pdf"
    assert str(out) in cli.ok("tournament", "team", "standings", "--output", str(out))
    lines = [" ".join(line.split()) for line in pdf_text(out).splitlines()]
    assert "M1 - team standings" in lines
    for rank, name, score, prize in [(1, "Buben", 6276, "36.00"), (2, "Asse", 5037, "24.00"), (3, "Luschen", 4559, "")]:
        assert any(line.startswith(f"{rank}. {name} {score}") and line.rstrip().endswith(prize) for line in lines), name
    for member in ("Egon 5 1682", "Frieda 6 1285", "Detlef (withdrawn) 4 156", "Christa 3 1775 "):
        assert any(member in line for line in lines), member
    assert sum("Team standings of tandem" in line for line in lines) == 1
    assert any(line.startswith("- Tandem 1 3472") for line in lines)  # the tandems' Startgeld is not paid
    assert cli("tournament", "team", "standings", "--output", str(tmp_path / "x.txt")).code == 2
