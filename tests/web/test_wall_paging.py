"""The walls of a hall (`serve --tournament` and `serve --season`, `?wall`) at 1920×1080 with 100 players: one
paging (static/wall.js) fits 20 rows and more to a page and passes every player of the ranking within a minute.
Screenshots go to $SCHREIBER_SHOTS (default: the test's temporary directory)."""

from __future__ import annotations

import datetime as dt
import os
import random
import re
from pathlib import Path

import pytest

from tests.helpers.season import play
from tests.helpers.web import Served
from tests.helpers import chromium

pytestmark = pytest.mark.skipif(not chromium.available(), reason="no chromium")

FIRST = ["Anna", "Berta", "Carl", "Dora", "Emil", "Fritz", "Gerda", "Hans", "Ida", "Josef"]
LAST = ["Huber", "Maier", "Bauer", "Wagner", "Öztürk", "Schmid", "Hofer", "Brandl", "Gruber", "Wimmer"]
PLAYERS = [f"{f} {s}" for s in LAST for f in FIRST]  # 100
ON_SCREEN = "(r => { const b = r.getBoundingClientRect(); return r.offsetParent !== null && b.top >= 0 && b.bottom <= innerHeight; })"


@pytest.fixture
def shots(tmp_path) -> Path:
    where = Path(os.environ.get("SCHREIBER_SHOTS", tmp_path))
    where.mkdir(parents=True, exist_ok=True)
    return where


def paging(browser: chromium.Browser, table: str) -> tuple[int, int, int, int]:
    """The rows of `table` on the screen now, its rows to a page and pages as the wall's script counted them, and
    the seconds a page stays."""
    browser.wait(lambda: browser.js(f"!!document.querySelector('{table}[data-pages]')"), "the wall to page")
    on_screen = browser.js(f"Array.from(document.querySelectorAll('{table} tbody tr')).filter({ON_SCREEN}).length")
    rows, pages = browser.js(f"(t => [+t.dataset.rows, +t.dataset.pages])(document.querySelector('{table}'))")
    return on_screen, rows, pages, int(browser.js("document.documentElement.dataset.pageSeconds"))


@pytest.mark.parametrize("accept", ["de-DE,de;q=0.9", "en-GB,en;q=0.9"])
def test_the_tournament_wall_shows_20_rows_a_page_and_100_players_in_a_minute(cli, shots, accept):
    cli.ok("tournament", "new", "Kirchweih", "--rules", "preisschafkopf", "--hands", "4", "--seed", "9")
    cli.ok("tournament", "register", *PLAYERS)
    cli.ok("tournament", "draw")
    rng = random.Random(5)
    for table in cli.json("tournament", "tables", "--format", "json")["tables"][:20]:  # 5 tables still playing
        points = [f"{p}={5 * rng.randint(0, 12)}" for p in table["players"]]
        cli.ok("tournament", "result", "1", str(table["table"]), *points)
    served = Served(cli.url, "--tournament")
    browser = chromium.Browser()
    try:
        browser.language(accept)
        browser.size(1920, 1080)
        browser.open(served.address + "?wall")
        on_screen, rows, pages, seconds = paging(browser, ".standings table")
        assert on_screen >= 20 and rows >= 20
        assert pages * rows >= len(PLAYERS) and pages * seconds <= 60
        assert browser.js("document.querySelector('.standings .pages').textContent") == f"1–{rows} / 100"
        # The tables still playing are one line above the standings, in the page's language.
        words = (
            "Nicht fertig: Runde 1, Tische 21–25" if accept.startswith("de") else "Not finished: round 1, tables 21–25"
        )
        assert words in browser.text()
        browser.screenshot(str(shots / f"wall-100-{accept[:2]}.png"))
    finally:
        browser.close()
        served.stop()


def test_the_season_wall_pages_100_players_the_same_way(cli, shots):
    cli.ok("season", "new", "Wirtshauscup", "--rules", "preisschafkopf", "--set", "finale=16")
    play(cli, "Januar", PLAYERS, 1, random.Random(1), season=1)
    play(cli, "Februar", PLAYERS[:8], 1, random.Random(2), season=1)  # "most starts": these 8
    served = Served(cli.url, "--season")
    browser = chromium.Browser()
    try:
        browser.size(1920, 1080)
        browser.open(served.address + "?wall")
        on_screen, rows, pages, seconds = paging(browser, "table.season")
        assert on_screen >= 20 and rows >= 20 and pages * seconds <= 60
        browser.screenshot(str(shots / "season-wall-100.png"))
        # The awards beside it, paged by the same script when their tied names are more than the screen holds.
        assert browser.js(f"Array.from(document.querySelectorAll('table.awards tr')).filter({ON_SCREEN}).length") >= 1
        assert (
            "most starts" in browser.text()
            and int(browser.js("document.querySelector('table.awards').dataset.pages")) <= 2
        )
    finally:
        browser.close()
        served.stop()


def _started(url: str, ago: dt.timedelta) -> None:
    """Round 1's clock as if it had started `ago` before now (a transaction of the ledger's: the pages follow it)."""
    from schreiber.ledger.service import Ledger
    from schreiber.store.models import TournamentRound

    ledger = Ledger.open(url)
    try:
        with ledger.transaction() as s:
            s.get(TournamentRound, (1, 1)).started_at = dt.datetime.now(dt.UTC).replace(tzinfo=None) - ago
    finally:
        ledger.engine.dispose()


def _left(browser: chromium.Browser) -> int:
    """The seconds the clock shows (mm:ss)."""
    minutes, seconds = browser.js("document.querySelector('.clock .left').textContent").split(":")
    return int(minutes) * 60 + int(seconds)


def test_the_wall_and_the_organisers_page_count_the_rounds_time_down(cli, shots):
    cli.ok("tournament", "new", "Kirchweih", "--rules", "preisschafkopf", "--hands", "4", "--seed", "9")
    cli.ok("tournament", "register", *PLAYERS)
    cli.ok("tournament", "set", "rundenzeit=45")
    cli.ok("tournament", "draw")
    _started(cli.url, dt.timedelta(minutes=10))  # 35 minutes left
    served = Served(cli.url, "--tournament", "--entry")
    organiser = served.readline().strip().rsplit(" ", 1)[1]  # type: ignore[union-attr]
    browser = chromium.Browser()
    try:
        browser.size(1920, 1080)
        browser.open(served.address + "?wall")
        browser.wait(
            lambda: ":" in (browser.js("document.querySelector('.clock .left').textContent") or ""), "the clock"
        )
        first = _left(browser)
        assert 35 * 60 - 60 <= first <= 35 * 60 + 1 and re.search(r"\bRound 1: \d\d:\d\d\n", browser.text())
        browser.wait(lambda: _left(browser) < first, "the clock to count down", timeout=5)
        browser.screenshot(str(shots / "wall-clock-en.png"))
        browser.open(served.address)  # everyone's page: no clock
        browser.wait(lambda: "Kirchweih" in browser.text(), "the page")
        assert browser.js("document.querySelector('.clock')") is None
        browser.language("de-DE,de;q=0.9")
        browser.open(organiser)
        browser.wait(lambda: "Runde 1:" in browser.text(), "the organiser's clock")
        assert 34 * 60 - 60 <= _left(browser) <= 35 * 60
        browser.open(served.address + "?wall")
        browser.wait(lambda: "Runde 1:" in browser.text(), "the German wall")
        browser.screenshot(str(shots / "wall-clock-de.png"))
        _started(cli.url, dt.timedelta(minutes=50))  # the page follows the ledger: its time is up
        browser.wait(lambda: "Runde 1: Zeit ist um" in browser.text(), "the time up")
        browser.screenshot(str(shots / "wall-clock-up-de.png"))
    finally:
        browser.close()
        served.stop()
