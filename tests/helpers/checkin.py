"""The door of a tournament: a season of 40 numbered players, the organiser's key, and who is checked in."""

from __future__ import annotations


BOSS = "the-organisers-own-key-for-this-test"


SEASON = [f"Spieler{i:02d}" for i in range(1, 41)]


def entrants(cli, tournament: int = 2) -> list[str]:
    return [line.split(maxsplit=1)[1] for line in cli.ok("tournament", "show", str(tournament)).splitlines()[4:]]
