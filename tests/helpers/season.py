"""A season's tournaments played by `cli`, and its standings recomputed from the tournaments' own."""

from __future__ import annotations

import random
from fractions import Fraction


NAMES = [
    "Anna",
    "Berta",
    "Carl",
    "Dora",
    "Emil",
    "Fritz",
    "Gerda",
    "Hans",
    "Ida",
    "Jakob",
    "Karl",
    "Lena",
    "Max",
    "Nora",
]


def play(
    cli,
    name: str,
    players: list[str],
    rounds: int,
    rng: random.Random,
    season: int | None = None,
    rules: str = "preisschafkopf",
    absent: tuple[str, ...] = (),
) -> int:
    """A tournament of `players` with every table's sheet entered (points from `rng`); `absent` are registered
    but withdraw before the first draw, so they play no round. Returns its id."""
    extra = ["--season", str(season)] if season is not None else []
    out = cli.ok("tournament", "new", name, "--rules", rules, "--rounds", str(rounds), "--seed", name, *extra)
    tid = int(out.split()[1])
    cli.ok("tournament", "register", *players, *absent)
    for who in absent:
        cli.ok("tournament", "withdraw", who)
    for r in range(1, rounds + 1):
        cli.ok("tournament", "draw")
        for table in cli.json("tournament", "tables", "--format", "json")["tables"]:
            if rules == "preisschafkopf":
                points = [5 * rng.randint(0, 12) for _ in table["players"]]
            else:
                points = [5 * rng.randint(-6, 6) for _ in table["players"][1:]]
                points.insert(0, -sum(points))
            cli.ok(
                "tournament",
                "result",
                str(r),
                str(table["table"]),
                *[f"{p}={x}" for p, x in zip(table["players"], points)],
            )
    return tid


def recompute(tournaments: list[dict], wertung: str, min_starts: int = 1, finale: int | None = None) -> list[tuple]:
    """The season's standings made again from `tournament standings --format json` of each tournament, by
    counting for each player who is better (RULES.md §8): (rank, name, score, starts, qualified, results)."""
    people: dict[str, dict] = {}
    for i, t in enumerate(tournaments):
        played = [p for p in t["players"] if any(x is not None for x in p["rounds"])]
        for p in played:
            entry = people.setdefault(p["name"], {"results": [None] * len(tournaments), "rounds": []})
            rank = 1 + len([q for q in played if q["rank"] < p["rank"]])
            entry["results"][i] = {
                "tournament": t["tournament"],
                "score": p["score"],
                "rank": rank,
                "field": len(played),
            }
            entry["rounds"] += [x for x in p["rounds"] if x is not None]
    kind, _sep, k = wertung.partition(":")
    lines = []
    for name, e in people.items():
        got = [r for r in e["results"] if r is not None]
        scores = [r["score"] for r in got]
        score = {
            "summe": lambda: sum(scores),
            "beste": lambda: sum(sorted(scores)[::-1][: int(k or 0)]),
            "platzpunkte": lambda: sum(r["field"] - r["rank"] + 1 for r in got),
            "schnitt_platz": lambda: Fraction(sum(r["rank"] for r in got), len(got)),
            "rundenschnitt": lambda: Fraction(sum(e["rounds"]), len(e["rounds"])),
        }[kind]()
        counted = len(e["rounds"]) if kind == "rundenschnitt" else len(got)
        lower = kind == "schnitt_platz"
        tie = min(r["rank"] for r in got) if lower else -max(scores)
        lines.append(
            {
                "name": name,
                "score": score,
                "starts": len(got),
                "ranked": counted >= min_starts,
                "key": ((score if lower else -score), -len(got), tie),
                "results": e["results"],
            }
        )
    out = []
    for line in lines:
        if line["ranked"]:
            rank = 1 + sum(1 for other in lines if other["ranked"] and other["key"] < line["key"])
        else:
            rank = None
        qualified = rank is not None and finale is not None and rank <= finale
        score = float(line["score"]) if isinstance(line["score"], Fraction) else line["score"]
        out.append((rank, line["name"], score, line["starts"], qualified, line["results"]))
    return sorted(out, key=lambda x: (x[0] is None, x[0] or 0, x[1]))


def shown(season_json: dict) -> list[tuple]:
    return sorted(
        ((p["rank"], p["name"], p["score"], p["starts"], p["qualified"], p["results"]) for p in season_json["players"]),
        key=lambda x: (x[0] is None, x[0] or 0, x[1]),
    )


def tournament_standings(cli, tournament: int) -> dict:
    cli.ok("tournament", "use", str(tournament))
    return cli.json("tournament", "standings", "--format", "json")
