"""The season standings PDF of a long season: every tournament's column is on paper (landscape, then in blocks of
tournaments with rank, number and name again), not run off the edge of a portrait page."""

from __future__ import annotations

import random
import shutil
import subprocess

import pytest

from tests.helpers.season import play

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="no pdftotext (poppler-utils)")
NAMES = ["Anna", "Berta", "Carl", "Dora", "Emil", "Fritz", "Gerda", "Hans"]


def pages(path) -> list[str]:
    return subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout.split("\f")


@pytest.mark.parametrize("count", [3, 14])
def test_every_tournament_of_the_season_is_printed_with_each_players_result(cli, tmp_path, count):
    rng = random.Random(count)
    cli.ok("season", "new", "Wirtshauscup", "--rules", "preisschafkopf")
    for n in range(1, count + 1):
        play(cli, f"Abend {n}", NAMES, 1, rng, season=1)
    out = tmp_path / "season.pdf"
    cli.ok("season", "standings", "--output", str(out))
    text = pages(out)
    size = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True, check=True).stdout
    assert ("595.28 x 841.89" in size) == (count == 3)  # a short season portrait, a long one landscape
    got = cli.json("season", "standings", "--format", "json")
    for t in got["tournaments"]:
        assert any(f"T{t}" in page.split() for page in text), t
    for player in got["players"]:
        # On the page that lists this player with a tournament's column, his result stands in his line.
        for t, result in zip(got["tournaments"], player["results"]):
            page = next(p for p in text if f"T{t}" in p.split() and player["name"] in p)
            line = next(line for line in page.splitlines() if f" {player['name']} " in f" {line} ")
            assert f"{result['score']} ({result['rank']}.)" in line, (player["name"], t, line)
