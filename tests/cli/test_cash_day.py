"""A whole tournament day with its money, as the treasurer keeps it, on SQLite and PostgreSQL (issue 34, "Done when").

40 players, 3 rounds of preisschafkopf; in rounds 1 and 2 two tables type their hands, every other table
enters its paper sheet with --lost and --thrown. 30 pay at the door, 6 after round 1, 2 at the end, 2
never. Two players tie on a prize place and share it. Every number of the cashbook is checked against
one worked out here from what was typed, and the payout list is written as a PDF (its text read back).
"""

from __future__ import annotations

import subprocess

PLAYERS = [f"Spieler{i:02d}" for i in range(1, 41)]
TWINS = ("Spieler39", "Spieler40")  # always at a sheet table, the same points every round: one shared rank
HANDS = 8
MONEY = [
    "--set",
    "startgeld=1500",
    "--set",
    "verlustspiel=50,50,50,100",
    "--set",
    "reuegeld=20",
    "--set",
    "auszahlung=90",
    "--set",
    "preise=30%,20%,15%,10%,8%,7%,5%,5%",
    "--set",
    "rundung=100",
]


def typed_hands(players: list[str], round_: int, table: int) -> list[tuple[list[str], str | None, bool]]:
    """The hands of a table as typed: (the words of `add`, the declarer, whether he lost)."""
    out = []
    for k in range(HANDS):
        a, b = players[k % 4], players[(k + 2) % 4]
        augen = (31, 45, 61, 75, 90, 58, 100, 66)[(k + round_ + table) % 8]
        if k % 4 == 3:
            won = (k + table) % 3 == 0
            out.append((["bettel", "--player", b, "--won" if won else "--lost"], b, not won))
        elif k % 4 == 1:
            out.append((["wenz", "--player", a, "--augen", str(augen)], a, augen < 61))
        else:
            out.append((["rufspiel", "--player", a, "--partner", b, "--augen", str(augen)], a, augen < 61))
    return out


def sheet_points(name: str, round_: int) -> int:
    if name in TWINS:
        return 200
    return 5 * ((int(name[-2:]) * 7 + round_ * 3) % 19)


def cost(n: int) -> int:
    amounts = (50, 50, 50, 100)
    return sum(amounts[min(k, 4) - 1] for k in range(1, n + 1))


def test_a_day_with_money(cli, tmp_path):
    cli.ok(
        "tournament",
        "new",
        "Kirchweih-Schafkopf",
        "--rules",
        "preisschafkopf",
        "--rounds",
        "3",
        "--hands",
        str(HANDS),
        "--seed",
        "34",
        *MONEY,
    )
    cli.ok("tournament", "register", *PLAYERS)
    number = {name: i for i, name in enumerate(PLAYERS, start=1)}
    door, after_round_1, at_the_end = PLAYERS[:30], PLAYERS[30:36], PLAYERS[36:38]  # Spieler39 and 40 never pay
    cli.ok("tournament", "pay", *door)
    verlust: dict[str, int] = dict.fromkeys(PLAYERS, 0)
    thrown: dict[str, int] = dict.fromkeys(PLAYERS, 0)
    for round_ in (1, 2, 3):
        cli.ok("tournament", "draw")
        plan = cli.json("tournament", "tables", "--format", "json")
        assert plan["round"] == round_
        by_hand = [t for t in plan["tables"] if not set(t["players"]) & set(TWINS)][:2] if round_ < 3 else []
        lost = dict.fromkeys(PLAYERS, 0)  # games lost as declarer this round: the count starts again each round
        for t in plan["tables"]:
            players = t["players"]
            if t in by_hand:
                for words, declarer, lost_it in typed_hands(players, round_, t["table"]):
                    cli.ok("add", *words, "--session", str(t["session"]))
                    lost[declarer] += lost_it
                continue
            # A sheet: the first player lost 1 game as declarer, the second 5, and the table threw in (table % 3) hands.
            losers = {players[0]: 1, players[1]: 5} if t["table"] % 2 else {}
            throw = t["table"] % 3
            args = [
                "tournament",
                "result",
                str(round_),
                str(t["table"]),
                *[f"{p}={sheet_points(p, round_)}" for p in players],
            ]
            for p, n in losers.items():
                args += ["--lost", f"{p}={n}"]
                lost[p] += n
            cli.ok(*args, "--thrown", str(throw))
            for p in players:
                thrown[p] += throw
        for p in PLAYERS:
            verlust[p] += cost(lost[p])
        if round_ == 1:
            cli.ok("tournament", "pay", *after_round_1)
    cli.ok("tournament", "pay", *at_the_end)

    got = cli.json("tournament", "cash", "--format", "json")
    lines = {p["name"]: p for p in got["players"]}
    paid = {p: 1500 if p not in TWINS else 0 for p in PLAYERS}
    assert {p: lines[p]["paid"] for p in PLAYERS} == paid
    assert {p: lines[p]["verlustspiel"] for p in PLAYERS} == verlust
    assert {p: lines[p]["reuegeld"] for p in PLAYERS} == {p: 20 * n for p, n in thrown.items()}
    pot = sum(paid.values()) + sum(verlust.values()) + 20 * sum(thrown.values())
    payout = pot * 90 // 100
    assert (got["pot"], got["payout"]) == (pot, payout)
    percents = (30, 20, 15, 10, 8, 7, 5, 5)
    prizes = [payout * p // 100 // 100 * 100 for p in percents]
    prizes[0] += payout - sum(prizes)
    assert sum(p["prize"] for p in got["players"]) == payout and got["kasse"] == pot - payout

    # The twins share a rank and the prizes of the two places they cover; the odd cent goes to the lower number.
    a, b = (lines[t] for t in TWINS)
    assert a["rank"] == b["rank"] <= 7
    share = prizes[a["rank"] - 1] + prizes[a["rank"]]
    assert a["prize"] + b["prize"] == share and a["prize"] - b["prize"] == share % 2
    assert a["balance"] == a["prize"] - 1500 and lines[PLAYERS[0]]["balance"] == lines[PLAYERS[0]]["prize"]
    standings = cli.json("tournament", "standings", "--format", "json")
    assert [(p["name"], p["rank"]) for p in standings["players"]] == [(p["name"], p["rank"]) for p in got["players"]]
    # Every rank, shared or not, takes the prizes of the places it covers, split to the cent.
    by_rank: dict[int, list[dict]] = {}
    for p in got["players"]:
        by_rank.setdefault(p["rank"], []).append(p)
    for rank, tied in by_rank.items():
        covered = sum(prizes[place - 1] for place in range(rank, rank + len(tied)) if place <= len(prizes))
        parts = [p["prize"] for p in sorted(tied, key=lambda p: p["number"])]
        assert sum(parts) == covered and max(parts) - min(parts) <= 1 and parts == sorted(parts, reverse=True)

    table = cli.ok("tournament", "cash")
    assert "2 players have not paid the Startgeld yet: Spieler39 (39), Spieler40 (40)." in table

    pdf = tmp_path / "auszahlung.pdf"
    assert "payout list" in cli.ok("tournament", "cash", "--output", str(pdf))
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    winners = [p for p in got["players"] if p["prize"]]
    assert len(winners) >= 8  # eight places (a shared place is more winners)
    for p in winners:
        line = next(x for x in text.splitlines() if f" {p['name']} " in f" {x} ")
        assert f"{p['prize'] // 100:,}.{p['prize'] % 100:02d}" in line
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", str(pdf), str(tmp_path / "page")], check=True)
    assert (tmp_path / "page-1.png").stat().st_size > 5000
    assert number[TWINS[0]] < number[TWINS[1]]
