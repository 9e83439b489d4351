"""A Skat club evening scored by Seeger-Fabian (RULES.md §7 "At a club evening", §9 Verlustspielgeld; issue
39.5), typed as a list-keeper types it, on SQLite and PostgreSQL: the worked example hand by hand, a
36-hand evening at a table of 4 against a recomputation written here from the rules text (values from the
independent reckoner of tests/rules/test_skat_oracle.py, never schreiber's), the money on the Seeger
scores, the kitty, the settings refused, and the German report."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

from tests.helpers.skat import NULL_VALUE, SUIT_BASE, suit_value

FOUR = ["Anna", "Berta", "Carl", "Dora"]
EVENING = ["--set", "wertung=seeger", "--set", "verlustspiel=50,50,50,100"]


# -- the worked example of §7 "At a club evening" (table of 3, one series) -------------------------

# (the hand as typed, then after it each player's (Spielpunkte, Seeger-Fabian, won, lost))
WORKED = [
    (
        "kreuz --player Anna --spitzen 1 --augen 75",  # K1: Anna wins 24: 24 + 50
        {"Anna": (24, 74, 1, 0), "Berta": (0, 0, 0, 0), "Carl": (0, 0, 0, 0)},
    ),
    (
        "karo --player Anna --spitzen 2 --ohne --augen 50",  # 9 × 3 = 27 lost: −54 − 50, the others +40
        {"Anna": (-30, -30, 1, 1), "Berta": (0, 40, 0, 0), "Carl": (0, 40, 0, 0)},
    ),
    (
        "null --player Carl --ouvert --won",  # 46 + 50
        {"Anna": (-30, -30, 1, 1), "Berta": (0, 40, 0, 0), "Carl": (46, 136, 1, 0)},
    ),
]


def test_the_worked_example_of_a_club_evening_hand_by_hand(cli):
    cli.ok("session", "new", "--rules", "skat", "--players", "Anna", "Berta", "Carl", "--set", "wertung=seeger")
    for typed, after in WORKED:
        cli.ok("add", *typed.split())
        got = cli.json("report", "--format", "json")
        assert got["wertung"] == "seeger"
        assert {p["name"]: (p["points"], p["seeger"], p["won"], p["lost"]) for p in got["players"]} == after
    # Ranked by the score: Carl 136, Berta 40, Anna −30 (the list's points would put Berta second too, but
    # Anna's −30 Seeger equals her points only because her won and lost games cancel).
    assert [(p["rank"], p["name"]) for p in got["players"]] == [(1, "Carl"), (2, "Berta"), (3, "Anna")]
    assert all(p["verlustspiel"] == 0 for p in got["players"])  # carried, 0 where no Verlustspiel is set
    out = cli.ok("report")
    assert "Ranked by Seeger-Fabian" in out
    assert re.search(r"1\s+Carl\s+\+136\s+\+46\s+1\s+0\s+3", out), out
    assert re.search(r"3\s+Anna\s+−30\s+−30\s+1\s+1\s+3", out), out


def test_the_list_points_stay_the_default(cli):
    cli.ok("session", "new", "--rules", "skat", "--players", "Anna", "Berta", "Carl")
    for typed, _after in WORKED:
        cli.ok("add", *typed.split())
    got = cli.json("report", "--format", "json")
    assert "wertung" not in got  # a report of the list's points keeps the keys it always had
    assert all("seeger" not in p and "verlustspiel" not in p for p in got["players"])
    assert "Seeger" not in cli.ok("report")


def test_ties_are_shared_after_games_won_and_lost(cli):
    # Berta and Carl each win a kreuz for 24 (74 each): equal score, won and lost, so they share place 1.
    cli.ok("session", "new", "--rules", "skat", "--players", "Anna", "Berta", "Carl", "--set", "wertung=seeger")
    cli.ok("add", "kreuz", "-p", "Berta", "--spitzen", "1", "-a", "75")
    cli.ok("add", "kreuz", "-p", "Carl", "--spitzen", "1", "-a", "75")
    got = cli.json("report", "--format", "json")["players"]
    assert [(p["rank"], p["name"], p["seeger"]) for p in got] == [(1, "Berta", 74), (1, "Carl", 74), (3, "Anna", 0)]
    # More games won breaks a tie of the score: Anna wins two Herz for 20 (2 × 70), Berta one Karo mit 8,
    # Schneider, for 90 (140): both 140, Anna first.
    cli.ok("session", "new", "--rules", "skat", "--players", "Anna", "Berta", "Carl", "--set", "wertung=seeger")
    cli.ok("add", "herz", "-p", "Anna", "--spitzen", "1", "-a", "75")
    cli.ok("add", "karo", "-p", "Berta", "--spitzen", "8", "-a", "95")
    cli.ok("add", "herz", "-p", "Anna", "--spitzen", "1", "-a", "75")
    got = cli.json("report", "--format", "json")["players"]
    assert [(p["rank"], p["name"], p["seeger"], p["won"]) for p in got] == [
        (1, "Anna", 140, 2),
        (2, "Berta", 140, 1),
        (3, "Carl", 0, 0),
    ]


# -- a 36-hand evening at a table of 4, against a recomputation from the rules text ----------------


def _evening(seed: int) -> list[tuple[list[str], str | None, int]]:
    """36 hands (the typed words, the declarer or None, his list points) with the first dealer Anna: suit
    games and grands with Hand and Schneider, nulls, overbids, eingepasst. Each declarer is one of the three
    who play (the dealer of a table of 4 sits out)."""
    rng = random.Random(seed)
    hands = []
    for k in range(36):
        dealer = FOUR[k % 4]
        declarer = rng.choice([p for p in FOUR if p != dealer])
        kind = rng.random()
        if kind < 0.1:
            hands.append((["eingepasst"], None, 0))
            continue
        if kind < 0.25:
            hand, ouvert, won = rng.random() < 0.3, rng.random() < 0.3, rng.random() < 0.6
            words = ["null", "-p", declarer, "--won" if won else "--lost"]
            words += ["--hand"] if hand else []
            words += ["--ouvert"] if ouvert else []
            value = NULL_VALUE[(hand, ouvert)]
            hands.append((words, declarer, value if won else -2 * value))
            continue
        game = rng.choice(list(SUIT_BASE))
        facts = {
            "type": game,
            "spitzen": rng.randint(1, 4 if game == "grand" else 3),
            "hand": rng.random() < 0.25,
            "augen": rng.choice([20, 45, 60, 61, 75, 89, 90, 100]),
        }
        words = [game, "-p", declarer, "--spitzen", str(facts["spitzen"]), "-a", str(facts["augen"])]
        words += ["--hand"] if facts["hand"] else []
        value, won = suit_value(facts)
        if rng.random() < 0.15:
            # Overbid: a bid above the value as played is lost at the smallest multiple of the base that reaches
            # it (§7, ISkO 5.4.2); one base more is such a bid, and that multiple itself.
            bid = value + SUIT_BASE[game]
            words += ["--reizwert", str(bid)]
            value, won = bid, False
        hands.append((words, declarer, value if won else -2 * value))
    return hands


def _recompute(hands: list[tuple[list[str], str | None, int]], amounts: list[int]) -> dict[str, dict[str, int]]:
    """RULES.md §7: a won game V + 50; a lost one −2V − 50 and 30 to every other player at a table of 4, the
    dealer sitting out too; eingepasst 0. §9: the k-th lost game costs the k-th amount, the last repeating."""
    line = {p: defaultdict(int) for p in FOUR}
    for _words, declarer, points in hands:
        if declarer is None:
            continue
        line[declarer]["points"] += points
        if points > 0:
            line[declarer]["won"] += 1
            line[declarer]["seeger"] += points + 50
        else:
            line[declarer]["lost"] += 1
            line[declarer]["seeger"] += points - 50
            for other in FOUR:
                if other != declarer:
                    line[other]["seeger"] += 30
    for p in FOUR:
        lost = line[p]["lost"]
        line[p]["verlustspiel"] = sum(amounts[min(k, len(amounts) - 1)] for k in range(lost))
    return {p: dict(v) for p, v in line.items()}


def _ranked(line: dict[str, dict[str, int]]) -> list[tuple[int, str]]:
    """Score, then more games won, then fewer lost; still tied: the same place, the next one skipped."""
    key = {p: (v.get("seeger", 0), v.get("won", 0), -v.get("lost", 0)) for p, v in line.items()}
    order = sorted(FOUR, key=lambda p: (tuple(-x for x in key[p]), p))
    return [(1 + sum(key[q] > key[p] for q in FOUR), p) for p in order]


def test_a_club_evening_of_36_hands_by_seeger_fabian_with_verlustspielgeld(cli):
    hands = _evening(39)
    cli.ok("session", "new", "--rules", "skat", "--players", *FOUR, "--tariff", "1", "--set", "geld=seeger", *EVENING)
    for words, _declarer, _points in hands:
        cli.ok("add", *words)
    want = _recompute(hands, [50, 50, 50, 100])
    got = cli.json("report", "--format", "json")
    assert got["hands"] == 36 and got["wertung"] == "seeger"
    for p in got["players"]:
        mine = want[p["name"]]
        for key in ("points", "seeger", "won", "lost", "verlustspiel"):
            assert p[key] == mine.get(key, 0), (p["name"], key)
    assert [(p["rank"], p["name"]) for p in got["players"]] == _ranked(want)
    assert got["verlustspiel"] == {p: want[p]["verlustspiel"] for p in FOUR}
    # geld=seeger: tariff × (n × Sᵢ − ΣS), n = 4; zero-sum, and the Verlustspielgeld is not in who pays whom.
    total = sum(want[p].get("seeger", 0) for p in FOUR)
    assert got["money"] == {p: 4 * want[p].get("seeger", 0) - total for p in FOUR}
    assert sum(got["money"].values()) == 0
    net = dict.fromkeys(FOUR, 0)
    for t in got["transfers"]:
        net[t["from"]] -= t["cents"]
        net[t["to"]] += t["cents"]
    assert net == got["money"]
    # The terminal: the same ranking and numbers, the kitty listed apart.
    out = cli.ok("report")
    for rank, name in _ranked(want):
        v = want[name]
        row = rf"\n\s+{rank}\s+{name}\s+{_signed(v.get('seeger', 0))}\s+{_signed(v.get('points', 0))}\s+"
        row += rf"{v.get('won', 0)}\s+{v.get('lost', 0)}\s+\d+\s"
        assert re.search(row, out), (row, out)
    kitty = sum(want[p]["verlustspiel"] for p in FOUR)
    assert f"Verlustspielgeld into the evening's kitty ({_euros(kitty)} together):" in out
    for p in FOUR:
        if want[p]["verlustspiel"]:
            assert f"  {p} {_euros(want[p]['verlustspiel'])}\n" in out
    assert out.index("Verlustspielgeld") < out.index("Who pays whom:")


def _signed(v: int) -> str:
    return f"\\+{v}" if v > 0 else f"−{-v}" if v < 0 else "0"


def _euros(cents: int) -> str:
    return f"€{cents // 100}.{cents % 100:02d}"


def test_the_money_on_the_seeger_scores_is_zero_sum_and_differs_from_the_points(cli):
    cli.ok(
        "session",
        "new",
        "--rules",
        "skat",
        "--players",
        "Anna",
        "Berta",
        "Carl",
        "--tariff",
        "1",
        "--set",
        "geld=seeger",
    )
    for typed, _after in WORKED:
        cli.ok("add", *typed.split())
    money = cli.json("report", "--format", "json")["money"]
    # S = −30, 40, 136 (ΣS 146): 3 × S − ΣS; the list's points would pay Berta −16, not −26.
    assert money == {"Anna": -236, "Berta": -26, "Carl": 262}
    assert "wertung" not in cli.json("report", "--format", "json")  # the money alone moved: ranked by points


def test_a_report_over_seeger_evenings_ranks_by_their_sum_and_over_mixed_ones_by_points(cli):
    for _ in range(2):
        cli.ok("session", "new", "--rules", "skat", "--players", "Anna", "Berta", "Carl", "--set", "wertung=seeger")
        for typed, _after in WORKED:
            cli.ok("add", *typed.split())
    got = cli.json("report", "--all", "--format", "json")
    assert got["wertung"] == "seeger"
    assert {p["name"]: p["seeger"] for p in got["players"]} == {"Anna": -60, "Berta": 80, "Carl": 272}
    cli.ok("session", "new", "--rules", "skat", "--players", "Anna", "Berta", "Carl")
    cli.ok("add", "grand", "-p", "Anna", "--spitzen", "4", "--hand", "-a", "95")
    mixed = cli.json("report", "--all", "--format", "json")
    assert "wertung" not in mixed and "rank" not in mixed["players"][0]  # ranked by the list's points


REFUSED = [
    ("skat", "wertung=platz", "--set wertung: use one of punkte, seeger, not 'platz'."),
    ("skat", "geld=lot", "--set geld: use one of punkte, seeger, not 'lot'."),
    (
        "skat",
        "verlustspiel=50,x",
        "--set verlustspiel: give amounts in cents separated by commas, such as 50,50,50,100",
    ),
    ("skat", "verlustspiel=50,-100", "--set verlustspiel: an amount cannot be negative (-100)."),
    ("schafkopf", "wertung=seeger", "--set: schafkopf has no setting 'wertung'"),
    ("doppelkopf", "verlustspiel=50", "--set: doppelkopf has no setting 'verlustspiel'"),
    ("buchstaben", "geld=seeger", "--set: buchstaben has no setting 'geld'"),
]


@pytest.mark.parametrize("rules, setting, says", REFUSED, ids=[f"{r}-{s}" for r, s, _ in REFUSED])
def test_a_setting_that_cannot_be_is_refused_in_one_sentence(cli, rules, setting, says):
    before = cli.json("session", "list", "--format", "json")
    ran = cli("session", "new", "--rules", rules, "--players", *FOUR, "--set", setting)
    assert ran.code == 2 and says in ran.err
    assert ran.err.count("\n") == 1 and "Traceback" not in ran.err
    assert cli.json("session", "list", "--format", "json") == before


def test_the_report_speaks_german(tmp_path):
    env = {
        **os.environ,
        "SCHREIBER_LANG": "de",
        "SCHREIBER_DB": str(tmp_path / "abend.db"),
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
    }

    def run(*args: str) -> str:
        return subprocess.run(["schreiber", *args], env=env, capture_output=True, text=True, check=True).stdout

    run("session", "new", "--rules", "skat", "--players", "Anna", "Berta", "Carl", "--tariff", "1", *EVENING)
    for typed, _after in WORKED:
        run("add", *typed.split())
    out = run("report")
    assert "Gewertet nach Seeger-Fabian: ein gewonnenes Spiel V + 50" in out
    assert re.search(r"Platz\s+Spieler\s+Seeger-Fabian\s+Punkte\s+gewonnen\s+verloren\s+Spiele\s+Geld", out), out
    assert "Verlustspielgeld in die Kasse des Abends (0,50 € zusammen):\n  Anna 0,50 €" in out


def test_the_table_page_ranks_by_seeger_fabian_and_names_the_kitty(cli):
    from tests.helpers.web import client, text

    cli.ok("session", "new", "--rules", "skat", "--players", "Anna", "Berta", "Carl", *EVENING)
    for typed, _after in WORKED:
        cli.ok("add", *typed.split())
    page = text(client(cli.url).get("/").text)
    assert "# player Seeger-Fabian points" in page
    assert "1 Carl +136 +46" in page and "2 Berta +40 0" in page and "3 Anna −30 −30" in page
    assert "Verlustspielgeld into the evening's kitty: Anna €0.50" in page
