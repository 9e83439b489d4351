"""Replaying generated hands through the pure core: hands per second of the fold (goal ≥ 100,000).

Run by hand: `.venv/bin/python benchmarks/replay.py [hands]`.
"""

from __future__ import annotations

import random
import sys
import time

from schreiber.rules import registry
from schreiber.rules.model import Hand
from schreiber.rules.table import replay

PLAYERS = ("Anna", "Berta", "Carl", "Dora")


def generated(n: int, seed: int = 7) -> list[Hand]:
    """A plausible evening mix: mostly Rufspiele, some solos, Ramsch, Bock causes."""
    rng = random.Random(seed)
    hands = []
    for _ in range(n):
        roll = rng.random()
        player = rng.choice(PLAYERS)
        partner = rng.choice([p for p in PLAYERS if p != player])
        klopfen = tuple(rng.sample(PLAYERS, rng.choice([0, 0, 0, 1])))
        if roll < 0.6:
            kontra = rng.random() < 0.1
            hands.append(Hand("rufspiel", player=player, partner=partner, augen=rng.randint(0, 120),
                              laufende=rng.randint(0, 5), kontra=kontra, re=kontra and rng.random() < 0.3, klopfen=klopfen))
        elif roll < 0.85:
            game = rng.choice(["wenz", "farbsolo", "geier"])
            hands.append(Hand(game, player=player, augen=rng.randint(0, 120), laufende=rng.randint(0, 4), klopfen=klopfen))
        elif roll < 0.95:
            cuts = sorted(rng.sample(range(1, 120), 3))
            augen = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 120 - cuts[2]]
            if augen.count(max(augen)) > 1:
                augen = [30, 30, 20, 40]
            hands.append(Hand("ramsch", augen_by_player=dict(zip(PLAYERS, augen, strict=True))))
        else:
            hands.append(Hand("bettel", player=player, won=rng.random() < 0.5))
    return hands


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    rules = registry.get("schafkopf")
    settings = registry.settings_for(rules)
    hands = generated(n)
    start = time.perf_counter()
    steps = replay(rules, settings, PLAYERS, hands)
    seconds = time.perf_counter() - start
    assert len(steps) == n
    print(f"replayed {n:,} hands through schafkopf in {seconds:.2f} s: {n / seconds:,.0f} hands per second (goal ≥ 100,000)")


if __name__ == "__main__":
    main()
