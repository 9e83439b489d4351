"""Worked example M1 of TEAMS.md §10.1 (a Skat tournament of 16 with three Mannschaften, three Tandems, Detlef
withdrawn after Serie 1) played through the commands."""

from __future__ import annotations


# M1: each player's Spielpunkte, games won and lost in Serie 1 and 2 and the score they make (None: not played).
M1 = {
    "Anton": ((540, 8, 1, 980), (318, 5, 1, 608)),
    "Bernd": ((402, 6, 0, 822), (366, 6, 1, 696)),
    "Christa": ((733, 11, 1, 1323), (212, 4, 1, 452)),
    "Detlef": ((96, 2, 2, 156), None),
    "Egon": ((312, 5, 1, 602), (590, 9, 1, 1080)),
    "Frieda": ((150, 3, 1, 340), (505, 8, 1, 945)),
    "Günter": ((388, 6, 0, 808), (425, 7, 1, 805)),
    "Heike": ((610, 9, 1, 1100), (276, 5, 1, 596)),
    "Ingo": ((95, 2, 2, 155), (210, 4, 1, 440)),
    "Jutta": ((476, 7, 1, 866), (356, 6, 1, 726)),
    "Klaus": ((120, 3, 2, 230), (640, 9, 0, 1210)),
    "Lotte": ((344, 6, 1, 684), (138, 3, 2, 248)),
    "Manni": ((688, 10, 0, 1308), (199, 4, 2, 389)),
    "Nora": ((261, 5, 2, 471), (455, 7, 0, 925)),
    "Otto": ((205, 4, 1, 445), (502, 8, 1, 972)),
    "Paula": ((270, 5, 0, 640), (86, 2, 2, 146)),
}
PLAYERS = list(M1)
MANNSCHAFTEN = {"Asse": PLAYERS[0:4], "Buben": PLAYERS[4:8], "Luschen": PLAYERS[8:12]}
TANDEMS = {"Tandem 1": ["3", "13"], "Tandem 2": ["7", "14"], "Tandem 3": ["10", "15"]}


def play_m1(cli, *settings: str) -> None:
    """M1 through the CLI: the draw is the draw's, so each player gets his won and lost and the Spielpunkte that
    make his M1 score at the table he was drawn to (+30 a game the others lost at a table of 4, +40 at 3)."""
    cli.ok("tournament", "new", "M1", "--rules", "skat", "--rounds", "2", "--hands", "48", "--seed", "m1", *settings)
    cli.ok("tournament", "register", *PLAYERS)
    for name, members in MANNSCHAFTEN.items():
        cli.ok("tournament", "team", "add", "mannschaft", name, *members)
    for name, members in TANDEMS.items():
        cli.ok("tournament", "team", "add", "tandem", name, *members)
    for serie in (1, 2):
        if serie == 2:
            cli.ok("tournament", "withdraw", "Detlef")
        cli.ok("tournament", "draw")
        plan = cli.json("tournament", "tables", "--format", "json")
        for t in plan["tables"]:
            seated = t["players"]
            for team in MANNSCHAFTEN.values():  # getrennt=mannschaft: no two of a Mannschaft at one table
                assert len(set(team) & set(seated)) <= 1, (serie, seated)
            lines = {p: M1[p][serie - 1] for p in seated}
            bonus = 40 if len(seated) == 3 else 30
            words, won, lost = [], [], []
            for p, (_points, w, lo, score) in lines.items():
                others = sum(lines[q][2] for q in seated if q != p)
                words.append(f"{p}={score - 50 * (w - lo) - bonus * others}")
                won.append(f"--won={p}={w}")
                lost.append(f"--lost={p}={lo}")
            cli.ok("tournament", "result", str(serie), str(t["table"]), *words, *won, *lost)


M1_SETTINGS = (
    "--set",
    "teams=mannschaft:4,tandem:2",
    "--set",
    "getrennt=mannschaft",
    "--set",
    "mannschaft.startgeld=2000",
    "--set",
    "mannschaft.preise=60%,40%",
    "--set",
    "tandem.startgeld=1000",
    "--set",
    "tandem.preise=70%,30%",
)
