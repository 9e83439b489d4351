"""The league season through the CLI (TEAMS.md §10.3 rules 3, 5, 6, 13, 17, 18; issue 45), on SQLite and
PostgreSQL: plan P1 with hosts H1, L1 with its substitution (Cem and Conny's split), absent teams, the
Einzelwertung, and the bad input the issue names."""

from __future__ import annotations

import random

import pytest

from tests.helpers.league import L1_SHEETS, l1_day, play_l1, sheet_words

P1 = {
    1: "{*1,2,3,4} {*6,5,7,8} {*12,9,10,11} {*15,13,14,16}",
    2: "{*9,1,5,13} {*2,6,10,14} {*7,3,11,15} {*16,4,8,12}",
    3: "{*11,1,6,16} {*5,2,12,15} {*3,8,9,14} {*13,4,7,10}",
    4: "{*14,1,7,12} {*8,2,11,13} {*10,3,5,16} {*4,6,9,15}",
    5: "{1,8,10,15} {2,7,9,16} {3,6,12,13} {4,5,11,14}",
}


def _groups(text: str) -> list[list[int]]:
    return [[int(n.strip("*")) for n in group.strip("{}").split(",")] for group in text.split()]


def sixteen(cli, numbers: dict[str, int] | None = None, clubs: dict[str, str] | None = None) -> None:
    """A league of teams T1 … T16 added in order; `numbers` and `clubs` per team where given."""
    cli.ok("league", "new", "Bezirksliga", "--rules", "skat", "--preset", "dskv")
    for k in range(1, 17):
        name = f"T{k}"
        extra = ["--number", str(numbers[name])] if numbers and name in numbers else []
        extra += ["--club", clubs[name]] if clubs and name in clubs else []
        cli.ok("league", "team", "add", name, *extra)


def test_plan_p1_and_hosts_h1(cli):
    # T16 is numbered 1, so T1 … T15 take 2 … 16 in the order of `team add`.
    sixteen(cli, numbers={"T16": 1})
    number = {f"T{k}": k + 1 for k in range(1, 16)} | {"T16": 1}
    team = {n: name for name, n in number.items()}
    out = cli.ok("league", "plan")
    assert "*1 T16" in out
    for day, text in P1.items():
        cli.ok("league", "day", "new", str(day), "--date", f"2025-0{day}-01")
        shown = cli.json("league", "day", "show", str(day), "--format", "json")
        got = [([team[n] for n in g], g == _groups(text)[0]) for g in _groups(text)]
        assert [g["teams"] for g in shown["groups"]] == [names for names, _first in got]
        hosts = [g["host"] for g in shown["groups"]]
        assert hosts == ([None] * 4 if day == 5 else [names[0] for names, _first in got])
    # every two teams meet exactly once over the five Spieltage
    pairs = [frozenset((a, b)) for text in P1.values() for g in _groups(text) for a in g for b in g if a < b]
    assert len(pairs) == len(set(pairs)) == 120


def test_plan_clubs(cli):
    sixteen(cli, clubs={"T1": "SC Eins", "T5": "SC Eins"})
    ran = cli("league", "plan")
    assert ran.code == 0 and "T1" in ran.err and "T5" in ran.err and "SC Eins" in ran.err


@pytest.mark.parametrize(
    "how",
    [
        {"clubs": {f"T{k}": "SC Fünf" for k in range(1, 6)}},
        {"count": 15},
    ],
)
def test_plan_refused(cli, how):
    if "count" in how:
        cli.ok("league", "new", "Bezirksliga", "--rules", "skat", "--preset", "dskv")
        for k in range(1, how["count"] + 1):
            cli.ok("league", "team", "add", f"T{k}")
    else:
        sixteen(cli, clubs=how["clubs"])
    ran = cli("league", "plan")
    assert ran.code == 2 and ran.err.strip().count("\n") == 0, ran.err
    assert "Traceback" not in ran.err
    ran = cli("league", "day", "new", "1", "--date", "2025-03-01")
    assert ran.code == 2  # nothing stored: no plan to take the groups from


def _l1_with_sub(cli):
    l1_day(cli)
    for serie, tables in L1_SHEETS.items():
        cli.ok("league", "draw", "1")
        for number, table in enumerate(tables, start=1):
            cli.ok("league", "result", "1", str(serie), str(number), *sheet_words(table))
    cli.ok(
        "league", "sub", "1", "3", "Cdorf", "3", "Conny", "--ab", "25", "--split", "Cem=180/3/1/2", "Conny=340/4/0/1"
    )


def test_l1_with_its_substitution(cli):
    _l1_with_sub(cli)
    report = cli.json("league", "day", "show", "1", "--format", "json")
    cdorf = next(t for t in report["groups"][0]["serien"][2]["teams"] if t["team"] == "Cdorf")
    assert cdorf["spielpunkte"] == 3425 and (cdorf["wp"], cdorf["gegen"]) == (3, 0)
    assert cdorf["lists"][2] == {
        "position": 3, "table": 2, "score": 910, "won": 7, "lost": 1,
        "players": [
            {"name": "Cem", "from": 1, "to": 24, "score": 340, "hands": 18},
            {"name": "Conny", "from": 25, "to": 48, "score": 570, "hands": 18},
        ],
    }  # fmt: skip
    einzel = cli.json("league", "einzel", "--format", "json")
    assert einzel["min_hands"] == 81
    players = {p["name"]: p for p in einzel["players"]}
    assert players["Cem"] | {"rank": 0} == {
        "rank": 0, "name": "Cem", "team": "Cdorf", "points": 1604, "hands": 90, "average": 1604 / 90
    }  # fmt: skip
    assert players["Cem"]["rank"] is not None
    assert players["Conny"] == {
        "rank": None, "name": "Conny", "team": "Cdorf", "points": 570, "hands": 18, "average": 570 / 18
    }  # fmt: skip
    assert einzel["players"][0]["name"] == "Conny"  # by average, as TEAMS.md §10.4 lists her first
    text = cli.ok("league", "einzel")
    assert "17.82" in text and "31.67" in text
    assert "Cem 340/Conny 570 (910)" in cli.ok("league", "day", "show", "1")


def test_sub_holds_for_later_serien(cli):
    l1_day(cli)
    cli.ok("league", "draw", "1")
    cli.ok("league", "sub", "1", "1", "Cdorf", "3", "Conny", "--ab", "14")
    for number, table in enumerate(L1_SHEETS[1], start=1):
        cli.ok("league", "result", "1", "1", str(number), *sheet_words(table))
    cli.ok("league", "draw", "1")
    drawn = cli.json("league", "tables", "1", "--format", "json")
    seated = {p["name"]: p["position"] for g in drawn["groups"] for t in g["tables"] for p in t["players"]}
    assert seated.get("Conny") == 3 and "Cem" not in seated


@pytest.mark.parametrize(
    "args, word",
    [
        (("--ab", "49"), "--ab"),
        (("--ab", "25", "--split", "Cem=180/3/1/2", "Conny=340/4/0/2"), "--split"),
        (("--ab", "25", "--split", "Cem=180/3/1"), "--split"),
    ],
)
def test_sub_refused(cli, args, word):
    play_l1(cli)
    before = cli.ok("league", "day", "show", "1", "--format", "json")
    ran = cli("league", "sub", "1", "3", "Cdorf", "3", "Conny", *args)
    assert ran.code == 2 and word in ran.err and ran.err.strip().count("\n") == 0, ran.err
    assert cli.ok("league", "day", "show", "1", "--format", "json") == before


def test_absent_team(cli):
    l1_day(cli)
    cli.ok("league", "absent", "1", "Dheim", "--serie", "1")
    cli.ok("league", "draw", "1")
    tables = cli.json("league", "tables", "1", "--format", "json")["groups"][0]["tables"]
    assert len(tables) == 4 and all(len(t["players"]) == 3 for t in tables)
    assert not any(p["team"] == "Dheim" for t in tables for p in t["players"])
    for t in tables:
        words = [f"{p['name']}=100" for p in t["players"]] + [f"--won={p['name']}=2" for p in t["players"]]
        cli.ok("league", "result", "1", "1", str(t["table"]), *words, *[f"--lost={p['name']}=0" for p in t["players"]])
    report = cli.json("league", "day", "show", "1", "--format", "json")["groups"][0]
    assert report["absent"] == ["Dheim"]
    serie = {t["team"]: (t["wp"], t["gegen"]) for t in report["serien"][0]["teams"]}
    assert "Dheim" not in serie and serie["Adorf"] == (2, 1)  # ½:½ twice, 1:0 from Dheim
    total = {t["team"]: (t["wp"], t["gegen"], t["spielpunkte"]) for t in report["total"]}
    assert total["Dheim"] == (0, 3, 0)
    assert total["Adorf"] == (2, 1, 800)  # four lists of 100 + 2 × 50


def test_gruppen_gesetzt_blocks_by_the_table_and_the_best_at_table_1(cli):
    """Rule 19: Serie 1 by lot in blocks of 4, then blocks from the table so far; in a block table k takes every
    team's k-th best player so far; WP are compared within the blocks."""
    teams = ["Adorf", "Bstadt", "Cdorf", "Dheim", "Eheim", "Fdorf", "Gstadt", "Hheim"]
    cli.ok("league", "new", "Pokal", "--rules", "skat", "--preset", "dskv", "--set", "gruppen=gesetzt")
    for team in teams:
        cli.ok("league", "team", "add", team)
        cli.ok("league", "roster", team, *[f"{team[0]}{k}" for k in range(1, 5)])
    cli.ok("league", "day", "new", "1", "--date", "2025-05-01", "--group", ",".join(teams))
    for team in teams:
        cli.ok("league", "lineup", "1", team, *[f"{team[0]}{k}" for k in range(1, 5)])
    cli.ok("league", "draw", "1")
    first = cli.json("league", "tables", "1", "--format", "json")["groups"]
    assert [len(g["tables"]) for g in first] == [4, 4]
    rng = random.Random(19)
    for g in first:
        for t in g["tables"]:
            words = []
            for p in t["players"]:
                won = rng.randint(1, 9)
                words += [f"{p['name']}={won * 40 + rng.randint(0, 9)}", f"--won={p['name']}={won}"]
            cli.ok(
                "league", "result", "1", "1", str(t["table"]), *words, *[f"--lost={p['name']}=0" for p in t["players"]]
            )
    report = cli.json("league", "day", "show", "1", "--format", "json")["groups"][0]["serien"][0]["teams"]
    assert sorted(t["wp"] for t in report) == [0, 0, 1, 1, 2, 2, 3, 3]  # two blocks of four: 3:0 … 0:3 in each
    ranked = [t["team"] for t in sorted(report, key=lambda t: (t["wp"], t["spielpunkte"]), reverse=True)]
    best = {t["team"]: max(t["lists"], key=lambda v: v["score"])["players"][0]["name"] for t in report}
    cli.ok("league", "draw", "1")
    second = cli.json("league", "tables", "1", "--format", "json")["groups"]
    assert [sorted({p["team"] for t in g["tables"] for p in t["players"]}) for g in second] == [
        sorted(ranked[:4]),
        sorted(ranked[4:]),
    ]
    assert sorted(p["name"] for p in second[0]["tables"][0]["players"]) == sorted(best[t] for t in ranked[:4])


def test_verlustspielgeld_per_list_owed_to_the_host(cli):
    """Rule 18: `verlustspiel` counted per list; the group's sum is owed to its host."""
    play_l1(cli, "--set", "verlustspiel=50,50,100")
    group = cli.json("league", "day", "show", "1", "--format", "json")["groups"][0]
    lost = [line[3] for tables in L1_SHEETS.values() for table in tables for line in table]
    owed = sum(0 if n == 0 else [50, 100, 200][min(n, 3) - 1] + max(0, n - 3) * 100 for n in lost)
    assert (group["host"], group["verlustspiel"]) == ("Adorf", owed)
    assert "Verlustspielgeld" in cli.ok("league", "day", "show", "1")


def test_an_absent_team_gets_no_wp_sockel_under_wp_je_tag(cli):
    """Rule 13 under `wp_je = tag`: the absent team gives wp_sieg to each team of its group, carries them as
    Gegen and gets no wp_sockel; the others get theirs."""
    l1_day(cli, "--set", "wp_je=tag", "--set", "wp_sockel=1")
    cli.ok("league", "absent", "1", "Dheim")
    for serie in (1, 2, 3):
        cli.ok("league", "draw", "1")
        for t in cli.json("league", "tables", "1", "--format", "json")["groups"][0]["tables"]:
            won = {"Adorf": 3, "Bstadt": 2, "Cdorf": 1}
            words = [f"{p['name']}={won[p['team']] * 40}" for p in t["players"]]
            words += [f"--won={p['name']}={won[p['team']]}" for p in t["players"]]
            cli.ok(
                "league",
                "result",
                "1",
                str(serie),
                str(t["table"]),
                *words,
                *[f"--lost={p['name']}=0" for p in t["players"]],
            )
    total = {
        t["team"]: (t["wp"], t["gegen"], t["spielpunkte"])
        for t in cli.json("league", "day", "show", "1", "--format", "json")["groups"][0]["total"]
    }
    assert {team: got[:2] for team, got in total.items()} == {
        "Adorf": (4, 0), "Bstadt": (3, 1), "Cdorf": (2, 2), "Dheim": (0, 3)
    }  # fmt: skip
    assert total["Dheim"][2] == 0
