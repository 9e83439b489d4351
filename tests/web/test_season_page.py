"""`schreiber serve --season`: the season's standings and awards, live as a tournament of the season records sheets
and hands (Starlette's TestClient; the command in a process of its own)."""

from __future__ import annotations

import random
import urllib.request

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from schreiber.ledger.service import Ledger  # noqa: E402
from schreiber.web.app import create_season_app  # noqa: E402
from tests.helpers.season import NAMES, play  # noqa: E402
from tests.helpers import chromium  # noqa: E402
from tests.helpers.web import text  # noqa: E402
from tests.helpers.web import Served  # noqa: E402


def test_the_season_page_follows_a_tournament_of_the_season(cli):
    cli.ok("season", "new", "Wirtshauscup", "--rules", "preisschafkopf", "--set", "finale=2")
    play(cli, "Januar", NAMES[:8], 1, random.Random(1), season=1)
    ledger = Ledger.open(cli.url)
    try:
        client = TestClient(create_season_app(ledger, 1))
        first = client.get("/")
        assert first.status_code == 200 and "Wirtshauscup" in first.text and "most starts" in first.text
        # The page names its language as every page does (a screen reader and the browser's translator read it).
        assert '<html lang="en"' in first.text
        german = client.get("/", headers={"Accept-Language": "de-DE,de;q=0.9"}).text
        assert '<html lang="de"' in german and "die meisten Starts" in german and "most starts" not in german
        assert "most starts" in client.get("/").text  # the English page is kept beside the German one
        leader = cli.json("season", "standings", "--format", "json")["players"][0]["name"]
        assert leader in first.text
        version = first.headers["X-Schreiber-Version"]
        assert "Anna" not in NAMES[8:] and "Ida" not in first.text
        # A second tournament of the season: a sheet entered shows on the page at once.
        play(cli, "Februar", NAMES[6:14], 1, random.Random(2), season=1)
        after = client.get("/fragment")
        assert after.headers["X-Schreiber-Version"] != version and "Ida" in after.text and "T2" in after.text
        assert 'class="wall"' in client.get("/?wall").text
        assert client.post("/").status_code == 405
    finally:
        ledger.engine.dispose()


def test_serve_season_without_an_id_serves_the_active_one(cli):
    cli.ok("season", "new", "Liga", "--rules", "doppelkopf")
    served = Served(cli.url, "--season")
    try:
        assert "the season “Liga”" in served.first
        assert "Liga" in urllib.request.urlopen(served.address, timeout=10).read().decode()
    finally:
        served.stop()


@pytest.mark.skipif(not chromium.available(), reason="no chromium")
@pytest.mark.parametrize("accept", ["de-DE,de;q=0.9", "en-GB,en;q=0.9"])
def test_the_season_page_fits_a_phone_and_the_wall_shows_every_tournament(cli, accept, browser):
    cli.ok("season", "new", "Wirtshauscup", "--rules", "preisschafkopf")
    for n in range(1, 5):  # four evenings: wider than a phone
        play(cli, f"Abend {n}", NAMES[:8], 1, random.Random(n), season=1)
    served = Served(cli.url, "--season")
    try:
        browser.language(accept)
        browser.size(390, 844, mobile=True)
        browser.open(served.address)
        browser.wait(lambda: "Wirtshauscup" in browser.text(), "the season page")
        # The standings scroll in their box; the page itself never sideways.
        assert browser.js("document.documentElement.scrollWidth") <= 390
        assert browser.js("document.documentElement.lang") == accept[:2]
        browser.size(1920, 1080)
        browser.open(served.address + "?wall")
        browser.wait(lambda: "Wirtshauscup" in browser.text(), "the wall")
        assert browser.js("document.documentElement.scrollWidth") <= 1920
        assert all(f"T{t}" in browser.text() for t in range(1, 5))
    finally:
        served.stop()


def running_season(cli, players: list[str]) -> dict:
    """A season of a final tournament of `players` and a second one still running (one sheet of its first round in)."""
    cli.ok("season", "new", "Wirtshauscup", "--rules", "preisschafkopf", "--set", "finale=4")
    play(cli, "Januar", players, 1, random.Random(1), season=1)
    cli.ok("tournament", "new", "Februar", "--rules", "preisschafkopf", "--rounds", "1", "--seed", "F", "--season", "1")
    cli.ok("tournament", "register", *players[:8])
    cli.ok("tournament", "draw")
    first = cli.json("tournament", "tables", "--format", "json")["tables"][0]
    cli.ok("tournament", "result", "1", "1", *[f"{p}={5 * i}" for i, p in enumerate(first["players"])])
    return first


def test_the_season_page_says_a_tournament_still_runs(cli):
    first = running_season(cli, NAMES[:8])
    ledger = Ledger.open(cli.url)
    try:
        client = TestClient(create_season_app(ledger, 1))
        page = text(client.get("/").text)
        assert "after 1 tournament" in page and "T2 “Februar” is still running: its results are so far" in page
        assert page.count(" so far") - page.count("results are so far") == len(first["players"])  # each result of T2
        german = text(client.get("/", headers={"Accept-Language": "de-DE,de;q=0.9"}).text)
        assert "nach 1 Turnier" in german and "T2 „Februar“ läuft noch" in german and "bisher" in german
    finally:
        ledger.engine.dispose()


@pytest.mark.skipif(not chromium.available(), reason="no chromium")
def test_the_season_wall_pages_through_every_player_and_shows_the_awards(cli, tmp_path, browser):
    import os
    import time
    from pathlib import Path

    players = [f"Spielerin{i:02d}" for i in range(1, 41)]  # 40: more rows than a 1080 px wall holds
    running_season(cli, players)
    served = Served(cli.url, "--season")
    shots = Path(os.environ.get("SCHREIBER_SHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    try:
        browser.size(1920, 1080)
        browser.open(served.address + "?wall&page=1")
        browser.wait(lambda: browser.js("!!document.querySelector('table.season + .pages')"), "the wall to page")
        assert "so far" in browser.text()
        on_screen = "(e => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight && e.offsetParent !== null; })"
        seen: set[str] = set()
        awards: set[int] = set()
        shot = False
        ends = time.monotonic() + 90
        while time.monotonic() < ends and (len(seen) < len(players) or len(awards) < 4):
            shown = browser.js(
                f"Array.from(document.querySelectorAll('table.season tbody tr')).filter({on_screen})"
                ".map(r => r.cells[2].textContent.trim())"
            )
            assert 0 < len(shown) < len(players)  # a page at a time, each on the screen
            seen |= set(shown)
            # The awards beside the standings, paged the same way when their tied names are more than the screen holds.
            awards |= set(
                browser.js(
                    f"Array.from(document.querySelectorAll('table.awards tr'))"
                    f".map((r, i) => {on_screen}(r) ? i : -1).filter(i => i >= 0)"
                )
            )
            if not shot and len(seen) > len(shown):
                browser.screenshot(str(shots / "season-wall-paging.png"))
                shot = True
            time.sleep(0.3)
        assert seen == set(players) and awards == {0, 1, 2, 3}
        assert browser.js("document.documentElement.scrollWidth") <= 1920
    finally:
        served.stop()
