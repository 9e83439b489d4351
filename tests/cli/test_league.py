"""Leagues through the CLI (TEAMS.md §10.3–§10.4, issue 44), on SQLite and PostgreSQL: worked examples L1 (without its
substitution), L2 and L3, and the bad input the issue names."""

from __future__ import annotations

from fractions import Fraction

import pytest

from schreiber.scoring.league import wp_json
from tests.helpers.league import (
    L1_DAY,
    L1_SERIEN,
    L1_SHEETS,
    L2_GROUP2,
    L2_TABLE,
    L3_TABLES,
    L3_TEAMS,
    l1_day,
    play_l1,
    sheet_words,
)


def wp(text: str) -> int | float:
    return wp_json(Fraction(text))


def test_worked_example_l1(cli):
    play_l1(cli)
    for serie, tables in L1_SHEETS.items():
        drawn = cli.json("league", "tables", "1", "--serie", str(serie), "--format", "json")
        seated = [[p["name"] for p in t["players"]] for t in drawn["groups"][0]["tables"]]
        assert seated == [[line[0] for line in table] for table in tables]
        assert drawn["groups"][0]["tables"][0]["players"][0]["position"] == 1
    report = cli.json("league", "day", "show", "1", "--format", "json")
    assert (report["day"], report["date"], report["provisional"]) == (1, "2025-03-22", True)
    group = report["groups"][0]
    assert (group["host"], group["teams"], group["venue"]) == ("Adorf", list(L1_DAY), "SC Adorf")
    for serie in group["serien"]:
        got = {t["team"]: (t["spielpunkte"], t["wp"], t["gegen"]) for t in serie["teams"]}
        assert got == {t: (sp, wp(w), wp(g)) for t, (sp, w, g) in L1_SERIEN[serie["serie"]].items()}
    cdorf = next(t for t in group["serien"][2]["teams"] if t["team"] == "Cdorf")
    assert cdorf["lists"][2] == {
        "position": 3, "table": 2, "score": 910, "won": 7, "lost": 1,
        "players": [{"name": "Cem", "from": 1, "to": 48, "score": 910, "hands": 36}],
    }  # fmt: skip
    assert group["total"] == [
        {"team": t, "wp": wp(w), "gegen": wp(g), "spielpunkte": sp} for t, (sp, w, g) in L1_DAY.items()
    ]
    text = cli.ok("league", "day", "show", "1")
    assert "5½:3½" in text and "2½:6½" in text and "vorläufig" in text
    csv = cli.ok("league", "day", "show", "1", "--format", "csv").splitlines()
    assert csv[0].startswith("league,day,date,provisional,group,serie,team,spielpunkte,wp,gegen")
    assert len(csv) == 1 + 3 * 16
    ispa = {name: value for name, value in (("wp_sieg", "2"),)}
    cli.ok("league", "set", *(f"{k}={v}" for k, v in ispa.items()))
    serie1 = cli.json("league", "day", "show", "1", "--format", "json")["groups"][0]["serien"][0]["teams"]
    assert [(t["wp"], t["gegen"]) for t in serie1] == [(6, 0), (4, 2), (2, 4), (0, 6)]
    cli.ok("league", "set", "wp_je=tag", "wp_sieg=1", "wp_sockel=1")
    total = cli.json("league", "day", "show", "1", "--format", "json")["groups"][0]["total"]
    assert [t["wp"] for t in total] == [4, 3, 2, 1]


def test_worked_example_l2(cli):
    play_l1(cli, "--set", "aufsteiger=1", "--set", "absteiger=2", groups=(",".join(L2_GROUP2),))
    got = cli.json("league", "table", "--format", "json")
    assert {k: got[k] for k in ("league", "after_day", "provisional_days", "wertung")} == {
        "league": 1, "after_day": 1, "provisional_days": [1], "wertung": {"wp_je": "serie", "wp_sieg": 1, "wp_sockel": 0},
    }  # fmt: skip
    shown = [(t["rank"], t["name"], f"{t['wp']}:{t['gegen']}", t["spielpunkte"], t["mark"]) for t in got["teams"]]
    assert shown == [(r, n, _json_wp(w), sp, m) for r, n, w, sp, m in L2_TABLE]
    assert got["teams"][0] == {
        "rank": 1, "number": 5, "name": "Eheim", "wp": 6, "gegen": 3, "spielpunkte": 9945, "days": 1, "mark": "auf",
        "results": [{"day": 1, "wp": 6, "gegen": 3, "spielpunkte": 9945}],
    }  # fmt: skip
    assert got["teams"][7]["wp"] == 2.5 and got["teams"][7]["gegen"] == 6.5
    table = cli.ok("league", "table")
    lines = [line.split() for line in table.splitlines()]
    assert [line[:5] for line in lines if line and line[0].isdigit()] == [
        [str(r), n, w, str(sp)] + ([m] if m else []) for r, n, w, sp, m in L2_TABLE
    ]
    assert "vorläufig" in table
    cli.ok("league", "day", "close", "1")
    assert cli.json("league", "table", "--format", "json")["provisional_days"] == []
    assert cli.json("league", "day", "show", "1", "--format", "json")["provisional"] is False
    csv = cli.ok("league", "table", "--format", "csv").splitlines()
    assert csv[0] == (
        "league,after_day,rank,number,name,wp,gegen,spielpunkte,days,mark,day,day_wp,day_gegen,day_spielpunkte,provisional"
    )
    assert csv[1:] and len(csv) == 9 and csv[-1] == "1,1,8,4,Dheim,2.5,6.5,6113,1,ab,1,2.5,6.5,6113,"


def _json_wp(text: str) -> str:
    a, b = text.split(":")
    return f"{_half(a)}:{_half(b)}"


def _half(text: str) -> str:
    return text.replace("½", ".5") if len(text) > 1 else text.replace("½", "0.5")


def test_worked_example_l3(cli):
    cli.ok("league", "new", "Bayernliga", "--rules", "schafkopf", "--preset", "scb")
    for team, names in L3_TEAMS.items():
        cli.ok("league", "team", "add", team)
        cli.ok("league", "roster", team, *names)
    cli.ok("league", "day", "new", "1", "--date", "2025-04-05", "--group", ",".join(L3_TEAMS))
    for team, names in L3_TEAMS.items():
        cli.ok("league", "lineup", "1", team, *names)
    for serie, tables in L3_TABLES.items():
        cli.ok("league", "draw", "1")
        drawn = cli.json("league", "tables", "1", "--format", "json")
        assert [[p["name"] for p in t["players"]] for t in drawn["groups"][0]["tables"]] == [
            [line[0] for line in table] for table in tables
        ]
        for number, table in enumerate(tables, start=1):
            cli.ok("league", "result", "1", str(serie), str(number), *(f"{n}={p}" for n, p, _tp, _s in table))
    report = cli.json("league", "day", "show", "1", "--format", "json")
    for serie in report["groups"][0]["serien"]:
        for team in serie["teams"]:
            assert "wp" not in team
            for listed in team["lists"]:
                line = next(
                    x for x in L3_TABLES[serie["serie"]][listed["table"] - 1] if x[0] == listed["players"][0]["name"]
                )
                assert (listed["score"], listed["tischpunkte"]) == (line[1], line[2])
    assert {t["team"]: t["spielpunkte"] for t in report["groups"][0]["total"]} == {
        "Eichel": 493, "Gras": 435, "Herz": 469, "Schellen": 203,
    }  # fmt: skip
    table = cli.json("league", "table", "--format", "json")
    assert [(t["rank"], t["name"], t["spielpunkte"]) for t in table["teams"]] == [
        (1, "Eichel", 493), (2, "Herz", 469), (3, "Gras", 435), (4, "Schellen", 203),
    ]  # fmt: skip
    assert "wp" not in table["teams"][0] and table["wertung"]["wp_je"] == "keine"


# -- bad input: one sentence, exit 2, nothing stored -------------------------------------------------


def refused(cli, *args: str) -> str:
    before = _state(cli)
    ran = cli(*args)
    assert ran.code == 2, (args, ran.code, ran.out, ran.err)
    assert "Traceback" not in ran.err and ran.err.strip().count("\n") == 0, ran.err
    assert _state(cli) == before
    return ran.err


def _state(cli) -> tuple[str, ...]:
    out = [cli.ok("league", "team", "list"), cli.ok("league", "show")]
    days = cli.ok("league", "show")
    if "0 Spieltage" not in days:
        out.append(cli.ok("league", "day", "show", "1", "--format", "json"))
        ran = cli("league", "tables", "1", "--format", "json")
        out.append(ran.out)
    return tuple(out)


def test_bad_input(cli):
    l1_day(cli)
    assert "roster" in refused(cli, "league", "lineup", "1", "Adorf", "Anna", "Axel", "Alma", "Zoe")
    assert "position" in refused(cli, "league", "lineup", "1", "Adorf", "Anna", "Axel", "Anna", "Arno")
    assert "Conny" in refused(cli, "league", "lineup", "1", "Adorf", "Anna", "Axel", "Alma", "Conny")
    refused(cli, "league", "lineup", "1", "Adorf", "Anna", "Axel")  # below team_min
    refused(cli, "league", "result", "1", "1", "1", "Anna=10")  # no Serie drawn
    assert "gesetzt" in refused(cli, "league", "set", "gruppen=gemischt")
    refused(cli, "league", "set", "tischpunkte=40,30,21,10")
    cli.ok("league", "draw", "1")
    refused(cli, "league", "result", "1", "1", "5", "Anna=10")  # a table not drawn
    refused(cli, "league", "result", "1", "2", "1", "Anna=10")  # a Serie not drawn
    assert "Serie 1" in refused(cli, "league", "draw", "1")  # Serie 1 still plays
    refused(cli, "league", "lineup", "1", "Adorf", "Anna", "Axel", "Alma", "Arno")  # drawn: fixed
    cli.ok("league", "result", "1", "1", "1", *sheet_words(L1_SHEETS[1][0]))
    refused(cli, "league", "draw", "1", "--serie", "1")  # being played
    twice = refused(cli, "league", "result", "1", "1", "1", *sheet_words(L1_SHEETS[1][0]))
    assert "--replace" in twice and twice.startswith("schreiber: Serie 1, table 1 has its sheet already")
    cli.ok("league", "result", "1", "1", "1", "--replace", *sheet_words(L1_SHEETS[1][0]))
    ran = cli("league", "new", "X", "--rules", "skat", "--set", "gruppen=gemischt")
    assert ran.code == 2 and "gesetzt" in ran.err
    ran = cli("league", "new", "X", "--rules", "schafkopf", "--preset", "dskv")
    assert ran.code == 2 and "--preset" in ran.err
    assert len(cli.ok("league", "list").strip().splitlines()) == 3  # header, rule, one league


@pytest.mark.parametrize("words", [["--group", "Adorf"], ["--group", "Adorf,Bstadt", "--group", "Bstadt,Cdorf"]])
def test_bad_groups(cli, words):
    l1_day(cli)
    ran = cli("league", "day", "new", "2", "--date", "2025-04-01", *words)
    assert ran.code == 2 and ran.err.strip().count("\n") == 0


def test_a_league_table_is_a_session_that_takes_hands(cli):
    l1_day(cli)
    cli.ok("league", "draw", "1")
    session = str(cli.json("league", "tables", "1", "--format", "json")["groups"][0]["tables"][0]["session"])
    cli.ok("add", "--session", session, "kreuz", "-p", "Berta", "--spitzen", "1", "-a", "50")  # Anna deals
    cli.ok("add", "--session", session, "kreuz", "-p", "Anna", "--spitzen", "1", "-a", "75")
    serie = cli.json("league", "day", "show", "1", "--format", "json")["groups"][0]["serien"][0]
    assert serie["complete"] is False and all("wp" not in t for t in serie["teams"])
    firsts = {t["team"]: t["lists"][0] for t in serie["teams"]}
    assert {team: (v["score"], v["won"], v["lost"]) for team, v in firsts.items()} == {
        "Adorf": (104, 1, 0), "Bstadt": (-98, 0, 1), "Cdorf": (30, 0, 0), "Dheim": (30, 0, 0),
    }  # fmt: skip
    assert firsts["Adorf"]["players"][0]["hands"] == 1  # of the two hands, Anna dealt one
    ran = cli("league", "result", "1", "1", "1", *sheet_words(L1_SHEETS[1][0]))
    assert ran.code == 2 and "hands" in ran.err  # a table has its hands or a sheet


def test_a_short_team_leaves_the_last_table_a_table_of_three(cli):
    cli.ok("league", "new", "L", "--rules", "skat", "--preset", "dskv", "--set", "serien=1")
    teams = {"A": "A1 A2 A3 A4", "B": "B1 B2 B3 B4", "C": "C1 C2 C3 C4", "D": "D1 D2 D3"}
    for team, names in teams.items():
        cli.ok("league", "team", "add", team)
        cli.ok("league", "roster", team, *names.split())
    cli.ok("league", "day", "new", "1", "--date", "2025-01-01", "--group", "A,B,C,D")
    for team, names in teams.items():
        cli.ok("league", "lineup", "1", team, *names.split())
    cli.ok("league", "draw", "1")
    got = cli.json("league", "tables", "1", "--format", "json")["groups"][0]["tables"]
    assert [[p["name"] for p in t["players"]] for t in got] == [
        ["A1", "B1", "C1", "D1"], ["A2", "B2", "C2", "D2"], ["A3", "B3", "C3", "D3"], ["A4", "B4", "C4"],
    ]  # fmt: skip
    shown = cli.ok("session", "show", str(got[3]["session"]))
    assert "36" in shown  # a Skat table of 3 plays 36 hands
    words = ["A4=0", "B4=0", "C4=0", "--won=A4=0", "--won=B4=0", "--won=C4=0", "--lost=A4=0", "--lost=B4=0"]
    for t in got[:3]:
        cli.ok("league", "result", "1", "1", str(t["table"]), *(f"{p['name']}=0" for p in t["players"]),
               *(f"--won={p['name']}=0" for p in t["players"]), *(f"--lost={p['name']}=0" for p in t["players"]))  # fmt: skip
    cli.ok("league", "result", "1", "1", "4", *words, "--lost=C4=0")
    ran = cli("league", "draw", "1")
    assert ran.code == 2 and "serien=1" in ran.err


def drawn_doppelkopf_group(cli, count: int) -> None:
    """A `ddv` league whose Spieltag 1 is one group of `count` teams of four (T1: P11 … P14, …), Serie 1 drawn."""
    cli.ok("league", "new", "L", "--rules", "doppelkopf-turnier", "--preset", "ddv")
    teams = {f"T{k}": [f"P{k}{i}" for i in range(1, 5)] for k in range(1, count + 1)}
    for team, names in teams.items():
        cli.ok("league", "team", "add", team)
        cli.ok("league", "roster", team, *names)
    cli.ok("league", "day", "new", "1", "--date", "2025-01-01", "--group", ",".join(teams))
    for team, names in teams.items():
        cli.ok("league", "lineup", "1", team, *names)
    cli.ok("league", "draw", "1")


def test_five_teams_are_drawn_as_a_round_with_team_mates_apart(cli):
    drawn_doppelkopf_group(cli, 5)
    got = cli.json("league", "tables", "1", "--format", "json")["groups"][0]["tables"]
    assert [len(t["players"]) for t in got] == [4] * 5
    assert all(len({p["team"] for p in t["players"]}) == 4 for t in got)


def test_two_teams_play_only_when_both_are_full(cli):
    cli.ok("league", "new", "L", "--rules", "skat", "--preset", "dskv")
    for team in ("A", "B"):
        cli.ok("league", "team", "add", team)
        cli.ok("league", "roster", team, *(f"{team}{i}" for i in range(1, 5)))
    cli.ok("league", "day", "new", "1", "--date", "2025-01-01", "--group", "A,B")
    cli.ok("league", "lineup", "1", "A", "A1", "A2", "A3", "A4")
    cli.ok("league", "lineup", "1", "B", "B1", "B2", "B3")
    ran = cli("league", "draw", "1")
    assert ran.code == 2 and "team_size=4" in ran.err
    cli.ok("league", "lineup", "1", "B", "B1", "B2", "B3", "B4")
    cli.ok("league", "draw", "1")
    got = cli.json("league", "tables", "1", "--format", "json")["groups"][0]["tables"]
    assert [[p["name"] for p in t["players"]] for t in got] == [["A1", "A2", "B1", "B2"], ["A3", "A4", "B3", "B4"]]


def test_merging_two_spellings_keeps_the_roster_and_line_up(cli):
    l1_day(cli)
    cli.ok("session", "new", "--rules", "skat", "--players", "Xaver", "Yvo", "Zora", "--new-player", "Yvo")
    cli.ok("player", "merge", "Anna", "Xaver")
    assert "Xaver" in cli.ok("league", "team", "show", "Adorf")
    cli.ok("league", "draw", "1")
    assert (
        cli.json("league", "tables", "1", "--format", "json")["groups"][0]["tables"][0]["players"][0]["name"] == "Xaver"
    )
    ran = cli("player", "merge", "Axel", "Berta")  # on two rosters of one league: two people
    assert ran.code == 2 and "roster" in ran.err


def test_three_teams_of_doppelkopf_are_drawn_with_as_few_team_mates_together_as_can_be(cli):
    drawn_doppelkopf_group(cli, 3)
    got = cli.json("league", "tables", "1", "--format", "json")["groups"][0]["tables"]
    assert [len(t["players"]) for t in got] == [4, 4, 4]
    assert sorted(len({p["team"] for p in t["players"]}) for t in got) == [3, 3, 3]  # one pair of mates a table


def test_a_serie_is_drawn_again_until_its_first_sheet(cli):
    l1_day(cli)
    cli.ok("league", "draw", "1")
    first = cli.json("league", "tables", "1", "--format", "json")
    cli.ok("league", "draw", "1", "--serie", "1")
    again = cli.json("league", "tables", "1", "--format", "json")
    seated = [[[p["name"] for p in t["players"]] for t in d["groups"][0]["tables"]] for d in (first, again)]
    assert seated[0] == seated[1] and len(again["groups"][0]["tables"]) == 4
    assert cli.ok("session", "list").count("Serie 1") == 4


def test_a_scheme_and_a_preset_are_values_of_their_registries(cli, monkeypatch):
    """A Wertungspunkte scheme and a preset defined only here work through the commands, nothing else changed."""
    from schreiber.scoring import league

    monkeypatch.setitem(league.WP_SCHEMES, "tag_ohne", league.WpScheme("tag_ohne", per_serie=False))
    values = {**league.PRESETS["dskv"].values, "wp_je": "tag_ohne", "serien": 3}
    monkeypatch.setitem(league.PRESETS, "kreis", league.Preset("kreis", "skat", values))
    play_l1(cli)
    cli.ok("league", "set", "wp_je=tag_ohne")
    total = cli.json("league", "day", "show", "1", "--format", "json")["groups"][0]["total"]
    assert [(t["wp"], t["gegen"]) for t in total] == [(3, 0), (2, 1), (1, 2), (0, 3)]  # the day once, no Sockel
    assert cli.json("league", "table", "--format", "json")["wertung"]["wp_je"] == "tag_ohne"
    cli.ok("league", "new", "Kreisliga", "--rules", "skat", "--preset", "kreis")
    assert "wp_je=tag_ohne" in cli.ok("league", "show")
    assert cli("league", "set", "wp_je=nie").code == 2


def test_a_roster_name_close_to_a_known_player_is_noted(cli):
    l1_day(cli)
    ran = cli("league", "roster", "Adorf", "Alme")
    assert ran.code == 0 and "Alme" in ran.err and "Alma" in ran.err and "--remove Alme" in ran.err
    assert cli("league", "roster", "Adorf", "Zacharias").err == ""
    cli.ok("league", "roster", "Adorf", "--remove", "Alme", "--remove", "Zacharias")
    assert "Alme" not in cli.ok("league", "team", "show", "Adorf")


def test_a_sheet_typed_as_written_gives_each_won_and_lost_after_one_option(cli):
    """`--won Anna=9 Berta=6 …` as a list-keeper types it off the paper, as `--soli` and `--augen` take theirs."""
    l1_day(cli)
    cli.ok("league", "draw", "1")
    table = L1_SHEETS[1][0]
    typed = [f"{name}={points}" for name, points, *_rest in table]
    typed += ["--won", *(f"{name}={won}" for name, _p, won, _l, _s in table)]
    typed += ["--lost", *(f"{name}={lost}" for name, _p, _w, lost, _s in table)]
    cli.ok("league", "result", "1", "1", "1", *typed)
    lists = {
        line["players"][0]["name"]: (line["score"], line["won"], line["lost"])
        for team in cli.json("league", "day", "show", "1", "--format", "json")["groups"][0]["serien"][0]["teams"]
        for line in team["lists"]
        if line["table"] == 1
    }
    assert lists == {name: (score, won, lost) for name, _p, won, lost, score in table}
