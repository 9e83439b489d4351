"""`schreiber serve --season`: the season's standings and awards, live as a tournament of the season records sheets
and hands (Starlette's TestClient; the command in a process of its own)."""

from __future__ import annotations

import random
import urllib.request

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from schreiber.ledger.service import Ledger  # noqa: E402
from schreiber.web.season_page import create_season_app  # noqa: E402
from tests.cli.test_season import NAMES, play  # noqa: E402
from tests.web import chromium  # noqa: E402
from tests.web.test_serve_command import Served  # noqa: E402


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
        assert "class=\"wall\"" in client.get("/?wall").text
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
def test_the_season_page_fits_a_phone_and_the_wall_shows_every_tournament(cli, accept):
    cli.ok("season", "new", "Wirtshauscup", "--rules", "preisschafkopf")
    for n in range(1, 5):  # four evenings: wider than a phone
        play(cli, f"Abend {n}", NAMES[:8], 1, random.Random(n), season=1)
    served = Served(cli.url, "--season")
    browser = chromium.Browser()
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
        browser.close()
        served.stop()
