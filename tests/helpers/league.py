"""The worked examples L1–L3 of TEAMS.md §10.3 as data (shared by tests/scoring/test_league.py and the CLI tests)."""

from __future__ import annotations

L1_TEAMS = {
    "Adorf": ["Anna", "Axel", "Alma", "Arno"],
    "Bstadt": ["Berta", "Bodo", "Bea", "Ben"],
    "Cdorf": ["Carl", "Cora", "Cem", "Clara"],
    "Dheim": ["Dora", "Dirk", "Dana", "Dieter"],
}
# Serie -> table -> [(name, points, won, lost, list)], seat order as in TEAMS.md.
L1_SHEETS = {
    1: [
        [("Anna", 612, 9, 1, 1102), ("Berta", 388, 6, 1, 728), ("Carl", 210, 4, 2, 370), ("Dora", 145, 3, 0, 415)],
        [("Axel", 455, 7, 1, 875), ("Bodo", 702, 10, 2, 1192), ("Cora", 96, 2, 1, 266), ("Dirk", 318, 5, 1, 638)],
        [("Alma", 530, 8, 0, 1050), ("Bea", 244, 4, 1, 484), ("Cem", 388, 6, 2, 648), ("Dana", 120, 3, 1, 310)],
        [("Arno", 290, 5, 1, 580), ("Ben", 476, 7, 0, 946), ("Clara", 508, 8, 1, 948), ("Dieter", -46, 1, 2, -36)],
    ],
    2: [
        [("Anna", 334, 6, 1, 644), ("Bodo", 512, 8, 1, 922), ("Cem", 276, 5, 0, 616), ("Dieter", 424, 6, 1, 734)],
        [("Axel", 198, 4, 2, 358), ("Berta", 640, 9, 1, 1130), ("Clara", 154, 3, 1, 344), ("Dana", 366, 6, 0, 786)],
        [("Alma", 588, 9, 1, 1078), ("Ben", 133, 3, 2, 243), ("Carl", 470, 7, 0, 940), ("Dirk", 250, 4, 1, 490)],
        [("Arno", 421, 7, 1, 811), ("Bea", 300, 5, 0, 670), ("Cora", 205, 4, 2, 365), ("Dora", 515, 8, 1, 955)],
    ],
    3: [
        [("Anna", 244, 4, 1, 454), ("Bea", 398, 6, 0, 788), ("Clara", 610, 9, 1, 1070), ("Dirk", 180, 3, 1, 340)],
        [("Axel", 512, 8, 0, 1032), ("Ben", 95, 2, 1, 235), ("Cem", 520, 7, 1, 910), ("Dora", 286, 5, 2, 496)],
        [("Alma", 150, 3, 1, 280), ("Berta", 466, 7, 1, 796), ("Cora", 390, 6, 0, 750), ("Dieter", 333, 5, 0, 643)],
        [("Arno", 605, 9, 1, 1095), ("Bodo", 210, 4, 2, 370), ("Carl", 355, 6, 1, 695), ("Dana", 122, 2, 0, 342)],
    ],
}
# Serie -> team -> (Spielpunkte, WP, Gegen) with WP as (numerator, denominator 2)
L1_SERIEN = {
    1: {"Adorf": (3607, "3", "0"), "Bstadt": (3350, "2", "1"), "Cdorf": (2232, "1", "2"), "Dheim": (1327, "0", "3")},
    2: {
        "Adorf": (2891, "1", "2"),
        "Bstadt": (2965, "5/2", "1/2"),
        "Cdorf": (2265, "0", "3"),
        "Dheim": (2965, "5/2", "1/2"),
    },
    3: {"Adorf": (2861, "2", "1"), "Bstadt": (2189, "1", "2"), "Cdorf": (3425, "3", "0"), "Dheim": (1821, "0", "3")},
}
L1_DAY = {
    "Adorf": (9359, "6", "3"),
    "Bstadt": (8504, "11/2", "7/2"),
    "Cdorf": (7922, "4", "5"),
    "Dheim": (6113, "5/2", "13/2"),
}

L2_GROUP2 = {
    "Eheim": (3890, 2750, 3305),
    "Fdorf": (3512, 3311, 2980),
    "Gstadt": (3120, 3480, 2870),
    "Hheim": (2904, 2566, 3633),
}
# rank, team, WP text, Spielpunkte, mark
L2_TABLE = [
    (1, "Eheim", "6:3", 9945, "auf"),
    (2, "Adorf", "6:3", 9359, None),
    (3, "Bstadt", "5½:3½", 8504, None),
    (4, "Fdorf", "5:4", 9803, None),
    (5, "Gstadt", "4:5", 9470, None),
    (6, "Cdorf", "4:5", 7922, None),
    (7, "Hheim", "3:6", 9103, "ab"),
    (8, "Dheim", "2½:6½", 6113, "ab"),
]

L3_TEAMS = {
    "Eichel": ["Emil", "Ella", "Egon", "Erna"],
    "Gras": ["Gustl", "Gerda", "Georg", "Gabi"],
    "Herz": ["Hans", "Hilde", "Horst", "Heidi"],
    "Schellen": ["Sepp", "Susi", "Sigi", "Sofie"],
}
_L3 = """
1|Emil +14 40 54, Gustl -6 20 14, Hans +3 30 33, Sepp -11 10 -1|Ella -8 15 7, Gerda +21 40 61, Hilde -8 15 7, Susi -5 30 25|Egon +9 35 44, Georg +9 35 44, Horst -14 10 -4, Sigi -4 20 16|Erna -3 30 27, Gabi -12 15 3, Heidi +27 40 67, Sofie -12 15 3
2|Emil -5 20 15, Gerda +12 40 52, Horst -9 10 1, Sofie +2 30 32|Ella +18 40 58, Gustl -4 25 21, Heidi -10 10 0, Sigi -4 25 21|Egon -7 20 13, Gabi +6 30 36, Hans +11 40 51, Susi -10 10 0|Erna +4 30 34, Georg -16 10 -6, Hilde +20 40 60, Sepp -8 20 12
3|Emil +22 40 62, Georg -6 20 14, Heidi -2 30 28, Susi -14 10 -4|Ella -3 25 22, Gabi +15 40 55, Horst -3 25 22, Sepp -9 10 1|Egon +8 40 48, Gustl +1 20 21, Hilde -13 10 -3, Sofie +4 30 34|Erna -6 10 4, Gerda -1 30 29, Hans -5 20 15, Sigi +12 40 52
4|Emil +3 30 33, Gabi -9 10 1, Hilde +10 40 50, Sigi -4 20 16|Ella +7 30 37, Georg +7 30 37, Hans +7 30 37, Sofie -21 10 -11|Egon -12 15 3, Gerda +5 30 35, Heidi +19 40 59, Sepp -12 15 3|Erna +2 30 32, Gustl -2 20 18, Horst +6 40 46, Susi -6 10 4
"""
# Serie -> table -> [(name, game points, Tischpunkte, sum)]
L3_TABLES = {
    int(line.split("|")[0]): [
        [
            (parts[0], int(parts[1]), int(parts[2]), int(parts[3]))
            for parts in (entry.split() for entry in table.split(", "))
        ]
        for table in line.split("|")[1:]
    ]
    for line in _L3.strip().splitlines()
}
L3_TEAM_SUMS = {"Eichel": (43, 450, 493), "Herz": (39, 430, 469), "Gras": (20, 415, 435), "Schellen": (-102, 305, 203)}


def l1_day(cli, *settings: str, groups: tuple[str, ...] = ()) -> None:
    """L1's league, teams, rosters, Spieltag 1 and line-ups through the CLI (no Serie drawn); `groups`: more groups
    of the same Spieltag, their teams added before (each a roster of four, `l2_teams`)."""
    cli.ok("league", "new", "Verbandsliga", "--rules", "skat", "--preset", "dskv", *settings)
    for number, (team, names) in enumerate(L1_TEAMS.items(), start=1):
        cli.ok("league", "team", "add", team, "--club", f"SC {team}", "--number", str(number))
        cli.ok("league", "roster", team, *names, *(["Conny"] if team == "Cdorf" else []))
    more = [word for group in groups for word in ("--group", group)]
    if groups:
        l2_teams(cli)
    cli.ok("league", "day", "new", "1", "--date", "2025-03-22", "--group", ",".join(L1_TEAMS), *more)
    for team, names in L1_TEAMS.items():
        cli.ok("league", "lineup", "1", team, *names, *(["--ersatz", "Conny"] if team == "Cdorf" else []))
    if groups:
        for team in L2_GROUP2:
            cli.ok("league", "lineup", "1", team, *l2_players(team))


def sheet_words(table) -> list[str]:
    """A table of L1_SHEETS as `league result` words."""
    words = [f"{name}={points}" for name, points, *_rest in table]
    words += [f"--won={name}={won}" for name, _p, won, _l, _s in table]
    return words + [f"--lost={name}={lost}" for name, _p, _w, lost, _s in table]


def l2_players(team: str) -> list[str]:
    return [f"{team[0]}{k}" for k in range(1, 5)]


def l2_teams(cli) -> None:
    for number, team in enumerate(L2_GROUP2, start=5):
        cli.ok("league", "team", "add", team, "--number", str(number))
        cli.ok("league", "roster", team, *l2_players(team))


def l2_sheet(serie: int, seated: list[str], first: bool) -> list[str]:
    """A sheet of group 2 that gives each team its Serie total of TEAMS.md L2: the whole total (points T − 500 with
    10 games won, a list of T) to its player at the group's first table, 0 to the others."""
    words, won = [], []
    for name in seated:
        team = next(t for t in L2_GROUP2 if name.startswith(t[0]))
        total = L2_GROUP2[team][serie - 1] if first else 0
        words.append(f"{name}={total - 500 if first else 0}")
        won.append(f"--won={name}={10 if first else 0}")
    return words + won + [f"--lost={name}=0" for name in seated]


def play_l1(cli, *settings: str, groups: tuple[str, ...] = ()) -> None:
    """L1 through the CLI: three Serien drawn and their sheets entered (the whole list of Cem's seat is his); with
    `groups` (L2) group 2's sheets too."""
    l1_day(cli, *settings, groups=groups)
    for serie, tables in L1_SHEETS.items():
        cli.ok("league", "draw", "1")
        drawn = cli.json("league", "tables", "1", "--format", "json")
        for number, table in enumerate(tables, start=1):
            cli.ok("league", "result", "1", str(serie), str(number), *sheet_words(table))
        for group in drawn["groups"][1:]:
            for index, table in enumerate(group["tables"]):
                seated = [p["name"] for p in table["players"]]
                cli.ok("league", "result", "1", str(serie), str(table["table"]), *l2_sheet(serie, seated, index == 0))


def split_l1(cli):
    """L1's Spielbericht with Cem's list of Serie 3 split as TEAMS.md's JSON example shows it (Cem 1–24, Conny 25–48),
    made from the report the ledger gives (`league sub` comes with the league season)."""
    import dataclasses

    from schreiber.ledger.league import Leagues
    from schreiber.ledger.league.plans import Part
    from schreiber.ledger.service import Ledger

    play_l1(cli)
    ledger = Ledger.open(cli.url)
    try:
        view = Leagues(ledger).day_report(1)
    finally:
        ledger.engine.dispose()
    parts = (Part("Cem", 1, 24, 340, 18), Part("Conny", 25, 48, 570, 18))

    def split(v):
        return dataclasses.replace(v, players=parts) if v.players[0].name == "Cem" else v

    def team(t):
        return dataclasses.replace(t, lists=tuple(split(v) for v in t.lists))

    def serie(s):
        return dataclasses.replace(s, teams=tuple(team(t) for t in s.teams)) if s.serie == 3 else s

    group = view.groups[0]
    return dataclasses.replace(view, groups=(dataclasses.replace(group, serien=tuple(serie(s) for s in group.serien)),))
