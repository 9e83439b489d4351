"""A Skat tournament (RULES.md §7, issue 32): tables of 4 and 3, a series of `--hands` at a table of 4 and
three quarters of it at a table of 3, some tables by hand and some by sheet (`--won`/`--lost`), ranked by
Seeger-Fabian; on SQLite and PostgreSQL, against a recomputation from the hands and sheets."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

from schreiber.rules.seeger import seeger_hands, seeger_sheet

HANDS = 12  # at a table of 4; 9 at a table of 3 (a Skat series is a multiple of 12)


def test_a_skat_tournament_of_25_players_over_two_series(cli):
    rng = random.Random(32)
    players = [f"Skater{i:02d}" for i in range(1, 26)]
    cli.ok("tournament", "new", "Preisskat", "--rules", "skat", "--rounds", "2", "--hands", str(HANDS), "--seed", "25")
    cli.ok("tournament", "register", *players)
    score: dict[str, int] = defaultdict(int)
    games: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for series in (1, 2):
        cli.ok("tournament", "draw")
        plan = cli.json("tournament", "tables", "--format", "json")
        assert sorted(len(t["players"]) for t in plan["tables"]) == [3, 3, 3, 4, 4, 4, 4]
        for i, t in enumerate(plan["tables"]):
            seated = t["players"]
            assert t["of"] == (HANDS if len(seated) == 4 else HANDS * 3 // 4)
            if i % 2 == 0:  # typed hand by hand
                played = []
                for k in range(t["of"]):
                    dealer = seated[k % len(seated)]
                    active = [p for p in seated if len(seated) == 3 or p != dealer]
                    declarer = rng.choice(active)
                    if rng.random() < 0.15:
                        cli.ok("add", "--session", str(t["session"]), "eingepasst")
                        played.append((None, 0))
                        continue
                    augen = rng.choice([75, 50, 95])
                    cli.ok(
                        "add",
                        "--session",
                        str(t["session"]),
                        "kreuz",
                        "-p",
                        declarer,
                        "--spitzen",
                        "1",
                        "-a",
                        str(augen),
                    )
                    value = {75: 24, 50: -48, 95: 36}[augen]  # 12 × (1 + 1), lost double; Schneider one level more
                    played.append((declarer, value))
                    games[declarer][0 if value > 0 else 1] += 1
                for p, v in seeger_hands(seated, played).items():
                    score[p] += v
            else:  # the paper sheet: Spielpunkte, games won and lost
                points = {p: rng.choice([0, 24, -48, 72]) for p in seated}
                # Under Seeger-Fabian every player's games won and lost are on the sheet, 0 too.
                won = {p: int(v > 0) for p, v in points.items()}
                lost = {p: int(v < 0) for p, v in points.items()}
                cli.ok(
                    "tournament",
                    "result",
                    str(series),
                    str(t["table"]),
                    *[f"{p}={v}" for p, v in points.items()],
                    *[f"--won={p}={n}" for p, n in won.items()],
                    *[f"--lost={p}={n}" for p, n in lost.items()],
                )
                for p, v in seeger_sheet(points, won, lost).items():
                    score[p] += v
                for p in seated:
                    games[p][0] += won[p]
                    games[p][1] += lost[p]
        got = cli.json("tournament", "standings", "--format", "json")
        assert got["wertung"] == "seeger" and got["unfinished"] == [] and got["after"] == series
        assert {p["name"]: p["score"] for p in got["players"]} == {p: score[p] for p in players}
        assert {p["name"]: [p["won"], p["lost"]] for p in got["players"]} == {p: games[p] for p in players}
        keys = [(p["score"], p["won"], -p["lost"]) for p in got["players"]]
        assert keys == sorted(keys, reverse=True)
        assert [p["rank"] for p in got["players"]] == list(range(1, 26))  # Seeger-Fabian shares no rank: ties go by lot
        for p, q in zip(got["players"], got["players"][1:]):
            if (p["score"], p["won"], p["lost"]) == (q["score"], q["won"], q["lost"]):
                assert p["by_lot"] and q["by_lot"]  # a tie of all three is broken by lot, and says so
    # The lot is drawn from the tournament's seed: the same standings every time they are asked for.
    assert cli.json("tournament", "standings", "--format", "json") == got
    assert "(by lot)" in cli.ok("tournament", "standings") or not any(p["by_lot"] for p in got["players"])


def test_the_seeger_example_typed_at_a_table_of_three(cli):
    """RULES.md §7: Anna wins kreuz (24), loses karo ohne 2 with 50 Augen (−54), Carl wins null ouvert (46)."""
    cli.ok("tournament", "new", "Klein", "--rules", "skat", "--rounds", "1", "--hands", "12", "--seed", "1")
    cli.ok("tournament", "register", "Anna", "Berta", "Carl")
    cli.ok("tournament", "draw")
    t = cli.json("tournament", "tables", "--format", "json")["tables"][0]
    session = str(t["session"])
    cli.ok("add", "--session", session, "kreuz", "-p", "Anna", "--spitzen", "1", "-a", "75")
    cli.ok("add", "--session", session, "karo", "-p", "Anna", "--spitzen", "2", "--ohne", "-a", "50")
    cli.ok("add", "--session", session, "null", "-p", "Carl", "--ouvert", "--won")
    got = {
        p["name"]: (p["points"], p["score"]) for p in cli.json("tournament", "standings", "--format", "json")["players"]
    }
    assert got == {"Anna": (-30, -30), "Berta": (0, 40), "Carl": (46, 136)}
    # Ranked by Spielpunkte alone under wertung=punkte.
    cli.ok(
        "tournament", "new", "Klein2", "--rules", "skat", "--set", "wertung=punkte", "--rounds", "1", "--hands", "12"
    )
    assert cli("tournament", "new", "X", "--rules", "skat", "--set", "wertung=platz").code == 2


def test_five_players_cannot_sit_at_skat_tables(cli):
    cli.ok("tournament", "new", "Fünf", "--rules", "skat")
    cli.ok("tournament", "register", "Anna", "Berta", "Carl", "Dora", "Emil")
    ran = cli("tournament", "draw")
    assert ran.code == 2 and "5 players cannot be seated" in ran.err


# -- sheets that must be true (issue 39.3) -----------------------------------------------------------


def _one_table(cli, *sets: str) -> None:
    cli.ok("tournament", "new", "Wahr", "--rules", "skat", "--rounds", "1", "--hands", "48", "--seed", "3", *sets)
    cli.ok("tournament", "register", "Hans", "Carl", "Karl")
    cli.ok("tournament", "draw")


IMPOSSIBLE = [
    # Under Seeger-Fabian --won and --lost for every player, 0 typed too.
    (
        ["Hans=520", "Carl=150", "Karl=380"],
        "--won: under Seeger-Fabian the sheet gives every player's games won and lost as declarer, 0 too; Hans has no --won.",
    ),
    (
        [
            "Hans=48",
            "Carl=0",
            "Karl=0",
            "--won",
            "Hans=2",
            "--won",
            "Carl=0",
            "--won",
            "Karl=0",
            "--lost",
            "Hans=0",
            "--lost",
            "Carl=0",
        ],
        "--lost: under Seeger-Fabian the sheet gives every player's games won and lost as declarer, 0 too; Karl has no --lost.",
    ),
    # Points other than 0 need a game.
    (
        [
            "Hans=48",
            "Carl=24",
            "Karl=0",
            "--won",
            "Hans=2",
            "--won",
            "Carl=0",
            "--won",
            "Karl=0",
            "--lost",
            "Hans=0",
            "--lost",
            "Carl=0",
            "--lost",
            "Karl=0",
        ],
        "Carl has 24 points but no game won or lost as declarer; points other than 0 need at least one game.",
    ),
    # Only won games: at least 18 each.
    (
        [
            "Hans=-520",
            "Carl=0",
            "Karl=0",
            "--won",
            "Hans=10",
            "--won",
            "Carl=0",
            "--won",
            "Karl=0",
            "--lost",
            "Hans=0",
            "--lost",
            "Carl=0",
            "--lost",
            "Karl=0",
        ],
        "Hans has −520 points with 10 games won and none lost; a won game is worth at least 18, so the points are at least 180.",
    ),
    (
        [
            "Hans=17",
            "Carl=0",
            "Karl=0",
            "--won",
            "Hans=1",
            "--won",
            "Carl=0",
            "--won",
            "Karl=0",
            "--lost",
            "Hans=0",
            "--lost",
            "Carl=0",
            "--lost",
            "Karl=0",
        ],
        "Hans has 17 points with 1 game won and none lost; a won game is worth at least 18, so the points are at least 18.",
    ),
    # Only lost games: at most −36 each.
    (
        [
            "Hans=0",
            "Carl=-70",
            "Karl=0",
            "--won",
            "Hans=0",
            "--won",
            "Carl=0",
            "--won",
            "Karl=0",
            "--lost",
            "Hans=0",
            "--lost",
            "Carl=2",
            "--lost",
            "Karl=0",
        ],
        "Carl has −70 points with 2 games lost and none won; a lost game costs at least 36, so the points are at most −72.",
    ),
    # More games than hands (36 at a table of 3 in a 48-hand series).
    (
        [
            "Hans=800",
            "Carl=0",
            "Karl=0",
            "--won",
            "Hans=37",
            "--won",
            "Carl=0",
            "--won",
            "Karl=0",
            "--lost",
            "Hans=0",
            "--lost",
            "Carl=0",
            "--lost",
            "Karl=0",
        ],
        "--won, --lost, --thrown: 37 hands at a table that plays 36 (each hand has one declarer or was thrown in).",
    ),
    # Skat has no Soli.
    (
        [
            "Hans=48",
            "Carl=0",
            "Karl=0",
            "--soli",
            "Hans=1",
            "--won",
            "Hans=2",
            "--won",
            "Carl=0",
            "--won",
            "Karl=0",
            "--lost",
            "Hans=0",
            "--lost",
            "Carl=0",
            "--lost",
            "Karl=0",
        ],
        "--soli: Skat has no Soli; give each player's games won and lost as declarer with --won and --lost.",
    ),
]


@pytest.mark.parametrize("words, sentence", IMPOSSIBLE, ids=range(len(IMPOSSIBLE)))
def test_a_sheet_that_cannot_be_is_refused_and_nothing_stored(cli, words, sentence):
    _one_table(cli)
    before = cli.json("tournament", "standings", "--format", "json"), cli.ok("tournament", "show")
    ran = cli("tournament", "result", "1", "1", *words)
    assert ran.code == 2
    assert ran.err.strip() == f"schreiber: {sentence}"
    assert (cli.json("tournament", "standings", "--format", "json"), cli.ok("tournament", "show")) == before
    assert before[0]["unfinished"]  # the table is still open: no sheet was stored


def test_a_true_sheet_is_stored_and_scored_by_seeger_fabian(cli):
    _one_table(cli)
    cli.ok(
        "tournament",
        "result",
        "1",
        "1",
        "Hans=520",
        "Carl=-150",
        "Karl=0",
        "--won",
        "Hans=12",
        "--won",
        "Carl=1",
        "--won",
        "Karl=0",
        "--lost",
        "Hans=0",
        "--lost",
        "Carl=2",
        "--lost",
        "Karl=0",
    )
    got = {p["name"]: p["score"] for p in cli.json("tournament", "standings", "--format", "json")["players"]}
    # P + 50 × (won − lost) + 40 × the others' lost games (RULES.md §7)
    assert got == {"Hans": 520 + 600 + 80, "Carl": -150 - 50, "Karl": 80}


def test_under_punkte_won_and_lost_are_optional_but_checked_where_given(cli):
    _one_table(cli, "--set", "wertung=punkte")
    ran = cli("tournament", "result", "1", "1", "Hans=-520", "Carl=0", "Karl=0", "--won", "Hans=10")
    assert ran.code == 2 and "Hans has −520 points with 10 games won and none lost" in ran.err
    cli.ok("tournament", "result", "1", "1", "Hans=520", "Carl=150", "Karl=-380")
