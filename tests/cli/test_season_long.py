"""A club's season in one go (issue 33), on SQLite and PostgreSQL: four tournaments of 24–40 players with players
coming and going, a second spelling of one player merged in the middle, the standings after each tournament against
a recomputation from the tournaments' own standings, the awards, and the check-in cards."""

from __future__ import annotations

import random
import subprocess

from tests.helpers.season import tournament_standings, play, recompute, shown

POOL = [f"Spieler{i:02d}" for i in range(1, 46)]


def test_a_season_of_four_tournaments_with_a_merge_in_the_middle(cli, tmp_path):
    rng = random.Random(2026)
    cli.ok(
        "season",
        "new",
        "Jahreswertung",
        "--rules",
        "preisschafkopf",
        "--set",
        "wertung=beste:3",
        "--set",
        "min_starts=2",
        "--set",
        "finale=8",
    )
    fields = [
        ["Sepp"] + rng.sample(POOL, 23),  # 24
        ["Sepp K."] + rng.sample(POOL, 31),  # 32: Sepp comes as "Sepp K."
        ["Sepp"] + rng.sample(POOL, 39),  # 40
        rng.sample(POOL, 28),  # 28: Sepp stays away
    ]
    ids: list[int] = []
    for n, field in enumerate(fields, start=1):
        ids.append(play(cli, f"Runde {n}", field, 2, rng, season=1))
        if n == 2:
            before = cli.json("season", "standings", "--format", "json")
            sepp = {p["name"]: p for p in before["players"]}
            assert sepp["Sepp"]["starts"] == 1 and sepp["Sepp K."]["starts"] == 1
            cli.ok("player", "merge", "Sepp K.", "Sepp")
        got = cli.json("season", "standings", "--format", "json")
        assert got["tournaments"] == ids
        assert shown(got) == recompute(
            [tournament_standings(cli, t) for t in ids], "beste:3", min_starts=2, finale=8
        ), n
        for wertung in ("summe", "platzpunkte", "schnitt_platz", "rundenschnitt"):
            other = cli.json("season", "standings", "--wertung", wertung, "--format", "json")
            assert shown(other) == recompute(
                [tournament_standings(cli, t) for t in ids], wertung, min_starts=2, finale=8
            ), (
                n,
                wertung,
            )
    sepp = {p["name"]: p for p in cli.json("season", "standings", "--format", "json")["players"]}["Sepp"]
    assert sepp["starts"] == 3 and [r is not None for r in sepp["results"]] == [True, True, True, False]
    assert "Sepp K." not in cli.ok("player", "list")
    # Season numbers carried: each player's start number is the same in every tournament he played.
    numbers: dict[str, set[int]] = {}
    for t in ids:
        for p in tournament_standings(cli, t)["players"]:
            numbers.setdefault(p["name"], set()).add(p["number"])
    assert all(len(n) == 1 for n in numbers.values())
    awards = cli.json("season", "awards", "--format", "json")
    assert awards["most_starts"]["value"] == max(
        p["starts"] for p in cli.json("season", "standings", "--format", "json")["players"]
    )
    out = tmp_path / "cards.pdf"
    cli.ok("season", "cards", "--output", str(out))
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    listed = cli.ok("season", "show").split("players with a season start number:\n", 1)[1]
    players = [line.split(maxsplit=1)[1] for line in listed.splitlines()]
    assert len(players) == len(numbers) and all(name in text for name in players)
    assert cli.ok("db", "check").startswith("ok")
