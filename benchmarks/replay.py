"""Replaying generated hands through the pure core: hands per second of the fold, per rule set.

Run by hand: `.venv/bin/python benchmarks/replay.py [--runs N] [hands] [rule set ...]` (100,000 hands of each
rule set by default). The goal is ≥ 100,000 hands per second for every rule set (issue 21).

Each figure is the best of three replays of the same hands, timed in CPU seconds of this process
(`time.process_time`): on a machine shared with other work the wall clock measures the neighbours
too. The wall-clock rate of the best run is printed beside it.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

from schreiber.rules import registry
from schreiber.rules.model import Hand
from schreiber.rules.table import replay

PLAYERS = ("Anna", "Berta", "Carl", "Dora")
GOAL = 100_000


def _cuts(rng: random.Random, total: int, parts: int) -> list[int]:
    """`total` Augen split at random among `parts` players."""
    cuts = sorted(rng.randint(0, total) for _ in range(parts - 1))
    return [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]


def schafkopf(n: int, seed: int = 7) -> list[Hand]:
    """A plausible evening mix: mostly Rufspiele, some solos, Ramsch, Bock causes (valid for both presets)."""
    rng = random.Random(seed)
    hands = []
    for _ in range(n):
        roll = rng.random()
        player = rng.choice(PLAYERS)
        partner = rng.choice([p for p in PLAYERS if p != player])
        klopfen = tuple(rng.sample(PLAYERS, rng.choice([0, 0, 0, 1])))
        if roll < 0.6:
            kontra = rng.random() < 0.1
            augen, laufende = rng.randint(0, 120), rng.randint(0, 5)
            re = kontra and rng.random() < 0.3
            hands.append(
                Hand(
                    "rufspiel",
                    player=player,
                    partner=partner,
                    augen=augen,
                    laufende=laufende,
                    kontra=kontra,
                    re=re,
                    klopfen=klopfen,
                )
            )
        elif roll < 0.85:
            game = rng.choice(["wenz", "farbsolo", "geier"])
            hands.append(
                Hand(game, player=player, augen=rng.randint(0, 120), laufende=rng.randint(0, 4), klopfen=klopfen)
            )
        elif roll < 0.95:
            cuts = sorted(rng.sample(range(1, 120), 3))
            augen = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 120 - cuts[2]]
            if augen.count(max(augen)) > 1:
                augen = [30, 30, 20, 40]
            hands.append(Hand("ramsch", augen_by_player=dict(zip(PLAYERS, augen, strict=True))))
        else:
            hands.append(Hand("bettel", player=player, won=rng.random() < 0.5))
    return hands


# benchmarks/report_all.py builds its ledger from these hands under their first name.
generated = schafkopf


def buchstaben(n: int, seed: int = 7) -> list[Hand]:
    """Four players: Rufspiele, solos, Du and Bettel, throw-ins, misdeals and Jeder gegen Jeden."""
    rng = random.Random(seed)
    hands = []
    for _ in range(n):
        roll = rng.random()
        player, partner = rng.sample(PLAYERS, 2)
        spritze = rng.random() < 0.1
        laufende = rng.choice([None, None, 0, 1, 2, 3, 4, 5])
        if roll < 0.5:
            augen = rng.randint(0, 48)
            hands.append(
                Hand(
                    "rufspiel",
                    player=player,
                    partner=partner,
                    augen=augen,
                    laufende=laufende,
                    schwarz=augen in (0, 48) and rng.random() < 0.5,
                    spritze=spritze,
                )
            )
        elif roll < 0.7:
            hands.append(Hand("solo", player=player, augen=rng.randint(0, 48), laufende=laufende, spritze=spritze))
        elif roll < 0.78:
            hands.append(Hand("du", player=player, won=rng.random() < 0.5, laufende=laufende))
        elif roll < 0.86:
            hands.append(Hand("bettel", player=player, won=rng.random() < 0.5))
        elif roll < 0.92:
            hands.append(Hand("zusammengeworfen"))
        elif roll < 0.95:
            hands.append(Hand("vergeben"))
        else:
            augen = _cuts(rng, 48, 4)
            hands.append(
                Hand(
                    "jeder-gegen-jeden",
                    augen_by_player=dict(zip(PLAYERS, augen, strict=True)),
                    stiche=dict(zip(PLAYERS, [2, 2, 2, 2], strict=True)) if min(augen) > 0 else {},
                )
            )
    return hands


def _doppelkopf(n: int, seed: int, turnier: bool) -> list[Hand]:
    rng = random.Random(seed)
    solos = ["trumpfsolo", "farbsolo", "grandsolo", "damensolo", "fleischlos", "stilles-solo"]
    hands = []
    for _ in range(n):
        roll = rng.random()
        player, partner = rng.sample(PLAYERS, 2)
        augen = rng.randint(0, 240)
        facts: dict = {"re": rng.random() < 0.2, "kontra": rng.random() < 0.1}
        if turnier:
            facts["re_absage"] = rng.choice([None] * 8 + [90, 60])
            facts["kontra_absage"] = rng.choice([None] * 9 + [90])
        if roll < 0.8:
            fuchs_re = rng.choice([None, None, None, 1])
            facts.update(
                fuchs_re=fuchs_re,
                fuchs_kontra=rng.choice([None, None, None, 1]),
                karlchen=rng.choice([None] * 6 + ["re", "kontra"]),
            )
            if turnier:
                facts["doppelkopf_re"] = rng.choice([None, None, 1]) if augen >= 40 else None
            else:
                facts["altenstrafe"] = rng.random() < 0.05
            hands.append(Hand("normal", player=player, partner=partner, augen=augen, **facts))
        elif roll < 0.85:
            hands.append(Hand("hochzeit", player=player, partner=partner, augen=augen, **facts))
        elif roll < 0.97:
            kind = rng.choice(solos)
            farbe = rng.choice(["kreuz", "pik", "herz", "karo"]) if kind == "farbsolo" else None
            hands.append(Hand(kind, player=player, augen=augen, farbe=farbe, **facts))
        elif turnier or roll < 0.98:
            hands.append(Hand("zusammengeworfen"))
        elif roll < 0.99:
            augen_by = _cuts(rng, 240, 4)
            winner = None if augen_by.count(max(augen_by)) == 1 else PLAYERS[augen_by.index(max(augen_by))]
            hands.append(Hand("hammelrennen", augen_by_player=dict(zip(PLAYERS, augen_by, strict=True)), winner=winner))
        else:
            hands.append(Hand("schiebekopf", augen_by_player=dict(zip(PLAYERS, _cuts(rng, 240, 4), strict=True))))
    return hands


def doppelkopf(n: int, seed: int = 7) -> list[Hand]:
    """The Alten table: normal games with spot points, Hochzeiten, solos, Hammelrennen and Schiebekopf."""
    return _doppelkopf(n, seed, turnier=False)


def doppelkopf_turnier(n: int, seed: int = 7) -> list[Hand]:
    """The DDV rules: normal games with Ansagen, Absagen and Sonderpunkte, Hochzeiten and solos."""
    return _doppelkopf(n, seed, turnier=True)


def klassisch(n: int, seed: int = 7) -> list[Hand]:
    """Hands of the two teams, with 60:60, double and schwarz, and now and then a redraw of the teams."""
    rng = random.Random(seed)
    pairings = [(("Anna", "Carl"), ("Berta", "Dora")), (("Anna", "Berta"), ("Carl", "Dora"))]
    teams = pairings[0]
    hands = []
    for _ in range(n):
        if rng.random() < 0.01:
            teams = rng.choice(pairings)
        augen = rng.choice([rng.randint(0, 120), 60, 0, 120])
        hands.append(
            Hand(
                "spiel",
                player=rng.choice(PLAYERS),
                augen=augen,
                forced=rng.random() < 0.2,
                schwarz=augen in (0, 120) and rng.random() < 0.5,
                teams=teams,
            )
        )
    return hands


def preisschafkopf(n: int, seed: int = 7) -> list[Hand]:
    """Tournament Schafkopf at four: Rufspiele and Kreuz, solos with Laufende, Bettel and Tout."""
    rng = random.Random(seed)
    hands = []
    for _ in range(n):
        roll = rng.random()
        player, partner = rng.sample(PLAYERS, 2)
        augen = rng.randint(0, 120)
        if roll < 0.55:
            hands.append(
                Hand(
                    "rufspiel",
                    player=player,
                    partner=partner,
                    augen=augen,
                    laufende=rng.randint(0, 4),
                    sau=rng.choice(["eichel", "gras", "schellen"]),
                )
            )
        elif roll < 0.65:
            hands.append(Hand("kreuz", player=player, augen=augen))
        elif roll < 0.9:
            game = rng.choice(["farbsolo", "wenz", "geier"])
            farbe = rng.choice(["eichel", "gras", "herz", "schellen"]) if game == "farbsolo" else None
            hands.append(Hand(game, player=player, augen=augen, laufende=rng.randint(0, 4), farbe=farbe))
        elif roll < 0.97:
            hands.append(Hand("bettel", player=player, won=rng.random() < 0.5))
        else:
            hands.append(Hand("wenz-tout", player=player, won=rng.random() < 0.5, laufende=rng.randint(0, 4)))
    return hands


def skat(n: int, seed: int = 7) -> list[Hand]:
    """Skat at four (the dealer sits out, the deal passes every hand): suit games and grands with Hand,
    Schneider, Schwarz and announcements, bids (some overbid), nulls and eingepasst hands."""
    rng = random.Random(seed)
    bases = {"karo": 9, "herz": 10, "pik": 11, "kreuz": 12, "grand": 24}
    hands = []
    for i in range(n):
        player = rng.choice([p for p in PLAYERS if p != PLAYERS[i % len(PLAYERS)]])
        roll = rng.random()
        if roll < 0.8:
            game = rng.choice(["karo", "herz", "pik", "kreuz", "grand", "grand"])
            spitzen = rng.randint(1, 4 if game == "grand" else rng.choice([2, 4, 11]))
            hand = rng.random() < 0.15
            facts: dict = {"player": player, "spitzen": spitzen, "ohne": rng.random() < 0.5, "hand": hand}
            if hand and rng.random() < 0.05:
                facts.update(ouvert=rng.random() < 0.5, won=rng.random() < 0.7)
                facts["schwarz_angesagt"] = not facts["ouvert"]
            else:
                augen = rng.choice([rng.randint(0, 120), rng.randint(61, 120), 120, 60])
                facts.update(
                    augen=augen,
                    schwarz=augen in (0, 120) and rng.random() < 0.5,
                    schneider_angesagt=hand and rng.random() < 0.1,
                )
            if rng.random() < 0.5:
                # A bid the game reached, or one step above it now and then (an overbid).
                bid = bases[game] * (spitzen + 1 + (1 if rng.random() < 0.1 else 0))
                facts["reizwert"] = max(18, bid)
                if facts["reizwert"] > bases[game] * (spitzen + 3 + 4 * hand):
                    del facts["reizwert"]
            hands.append(Hand(game, **facts))
        elif roll < 0.92:
            hands.append(
                Hand(
                    "null",
                    player=player,
                    hand=rng.random() < 0.2,
                    ouvert=rng.random() < 0.2,
                    won=rng.random() < 0.6,
                    reizwert=rng.choice([None, 18, 20, 23]),
                )
            )
        else:
            hands.append(Hand("eingepasst"))
    return hands


GENERATORS: dict[str, Callable[[int], list[Hand]]] = {
    "schafkopf": schafkopf,
    "schafkopf-tarif": schafkopf,
    "buchstaben": buchstaben,
    "doppelkopf": doppelkopf,
    "doppelkopf-turnier": doppelkopf_turnier,
    "klassisch": klassisch,
    "preisschafkopf": preisschafkopf,
    "skat": skat,
}


def measure(name: str, n: int, runs: int = 3) -> tuple[float, float]:
    """Hands per second of `table.replay` over `n` generated hands of rule set `name`: the best
    of `runs` replays in CPU time, and in wall-clock time."""
    rules = registry.get(name)
    settings = registry.settings_for(rules)
    hands = GENERATORS[name](n)
    best_cpu = best_wall = float("inf")
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        steps = replay(rules, settings, PLAYERS, hands)
        best_cpu = min(best_cpu, time.process_time() - cpu)
        best_wall = min(best_wall, time.perf_counter() - wall)
        assert len(steps) == n
        del steps
    return n / best_cpu, n / best_wall


def main() -> None:
    args = sys.argv[1:]
    runs = 3
    if "--runs" in args:  # fewer replays of a long table (1,000,000 hands take a while each)
        i = args.index("--runs")
        runs = int(args[i + 1])
        del args[i : i + 2]
    n = int(args[0]) if args else 100_000
    names = args[1:] or list(GENERATORS)
    for name in names:
        cpu, wall = measure(name, n, runs)
        mark = "" if cpu >= GOAL else f"  below the goal of {GOAL:,}"
        print(
            f"{name:<20} {n:>9,} hands: {cpu:>9,.0f} hands per CPU second ({wall:>9,.0f} by the clock){mark}",
            flush=True,
        )


if __name__ == "__main__":
    main()
