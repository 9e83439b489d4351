"""A whole tournament day as an organiser runs it, on SQLite and PostgreSQL (issue 20, "Done when").

40 players: 38 registered in the morning, two late before round 2, one withdraws after round 1.
Three rounds drawn; at half the tables the hands are typed through `play` (piped), the other half
enter their paper sheet; the standings are checked after every round against a ranking recomputed
from the round results, and the paper is written as PDF.
"""

from __future__ import annotations

import io
import random
import sys

from schreiber.ledger.names import german_order
from schreiber.ledger.ranking import standings as ranked
from schreiber.ledger.seating import count_repeats, met_pairs

HANDS = 6


def hands_for(players: list[str], rng: random.Random, count: int = HANDS) -> list[tuple[str, str | None]]:
    """A round of preisschafkopf lines for `play`, each with its soloist (None for a Rufspiel); at a table
    of 5 the dealer (the deal passes after every hand) sits out."""
    lines = []
    for k in range(count):
        active = [p for i, p in enumerate(players) if len(players) == 4 or i != k % len(players)]
        kind = rng.choice(["ruf", "ruf", "wenz", "solo"])
        if kind == "ruf":
            lines.append((f"rufspiel -p {active[0]} -m {active[2]} -a {rng.choice([40, 70, 95])} -l {rng.choice([0, 2, 3])}", None))
        elif kind == "wenz":
            lines.append((f"wenz -p {active[1]} -a {rng.choice([50, 80])}", active[1]))
        else:
            lines.append((f"farbsolo -p {active[3]} --farbe {rng.choice(['eichel', 'herz'])} -a {rng.choice([30, 66])}", active[3]))
    return lines


def test_a_tournament_day(cli, tmp_path, monkeypatch):
    rng = random.Random(20)
    morning = [f"Spieler{i:02d}" for i in range(1, 39)]
    late = ["Spät1", "Spät2"]
    cli.ok("tournament", "new", "Dorfturnier", "--rules", "preisschafkopf", "--rounds", "3", "--hands", str(HANDS),
           "--seed", "2026", "--date", "2026-11-28")
    cli.ok("tournament", "register", *morning)
    results: list[list[dict[str, int]]] = []  # per round, per table: player -> round result
    soli: dict[str, int] = {}
    seatings: list[list[list[str]]] = []
    everyone = list(morning)
    for round_ in (1, 2, 3):
        if round_ == 2:
            cli.ok("tournament", "register", *late)
            everyone += late
            cli.ok("tournament", "withdraw", "Spieler07")
        drawn = cli.ok("tournament", "draw")
        plan = cli.json("tournament", "tables", "--format", "json")
        assert plan["round"] == round_
        tables = [t["players"] for t in plan["tables"]]
        # Everyone active once, at legal tables; the repeats said are the repeats made.
        active = [p for p in everyone if not (round_ > 1 and p == "Spieler07")]
        assert sorted(p for t in tables for p in t) == sorted(active)
        assert sorted(len(t) for t in tables) == sorted([5] * (len(active) % 4) + [4] * (len(active) // 4 - len(active) % 4))
        assert plan["repeats"] == count_repeats(tables, met_pairs(seatings))
        assert f"The draw made {plan['repeats']} repeated pair" in drawn
        seatings.append(tables)
        cli.ok("tournament", "sheets", "--output", str(tmp_path / f"sheets-{round_}.pdf"))
        cli.ok("tournament", "tables", "--output", str(tmp_path / f"plan-{round_}.pdf"))
        round_results = []
        for i, t in enumerate(plan["tables"]):
            if i % 2 == 0:  # hands typed at the table through `play`
                lines = hands_for(t["players"], rng, t["of"])  # a table of 5 plays 5/4 of the hands
                monkeypatch.setattr(sys, "stdin", io.StringIO("# table {}\n".format(t["table"]) + "\n".join(line for line, _s in lines) + "\n"))
                cli.ok("play", "--session", str(t["session"]))
                report = cli.json("report", "--session", str(t["session"]), "--format", "json")
                assert report["hands"] == t["of"] == (HANDS if len(t["players"]) == 4 else -(-HANDS * 5 // 4))
                got = {p["name"]: p["points"] for p in report["players"]}
                # A Soli: a solo won by its declarer (61 Augen or more); a lost one pays the others.
                for line, soloist in lines:
                    if soloist is not None and int(line.split("-a ")[1].split()[0]) >= 61:
                        soli[soloist] = soli.get(soloist, 0) + 1
            else:  # the paper sheet
                got = {p: rng.randrange(0, 60, 5) for p in t["players"]}
                # A Soli must fit the points: a won solo is worth at least 20.
                solo = {p: 1 for p in t["players"][:1] if got[p] >= 20}
                args = [f"{p}={v}" for p, v in got.items()]
                cli.ok("tournament", "result", str(round_), str(t["table"]), *args, *[f"--soli={p}={n}" for p, n in solo.items()])
                for p, n in solo.items():
                    soli[p] = soli.get(p, 0) + n
            round_results.append(got)
        results.append(round_results)
        plan_text = cli.ok("tournament", "tables")
        assert plan_text.count("sheet entered") == len(plan["tables"]) // 2
        # The standings after this round equal the ranking recomputed from the round results.
        got = cli.json("tournament", "standings", "--format", "json")
        expected = ranked(sorted(everyone, key=german_order), results, soli, "punkte")
        assert [(r["rank"], r["name"], r["points"], r["soli"], r["rounds"]) for r in got["players"]] == [
            (s.rank, s.player, s.points, s.soli, list(s.rounds)) for s in expected
        ]
        cli.ok("tournament", "standings", "--output", str(tmp_path / f"standings-{round_}.pdf"))
    final = {r["name"]: r for r in cli.json("tournament", "standings", "--format", "json")["players"]}
    assert len(final) == 40
    assert final["Spieler07"]["rounds"][1:] == [None, None] and final["Spieler07"]["rounds"][0] is not None
    assert final["Spät1"]["rounds"][0] is None and None not in final["Spät1"]["rounds"][1:]
    assert sum(r["soli"] for r in final.values()) == sum(soli.values()) > 0
    for name in ("sheets-3.pdf", "plan-3.pdf", "standings-3.pdf"):
        assert (tmp_path / name).read_bytes().startswith(b"%PDF")
