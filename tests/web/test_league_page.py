"""`schreiber serve --league`: the league table, the newest Spielbericht and the lists of the Serie being played,
live as sheets come in (Starlette's TestClient; the command and chromium in processes of their own). Issue 45."""

from __future__ import annotations

import os
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from schreiber.ledger.service import Ledger  # noqa: E402
from schreiber.web.app import create_league_app  # noqa: E402
from tests.helpers import chromium  # noqa: E402
from tests.helpers.league import L1_SHEETS, L2_GROUP2, l1_day, play_l1, sheet_words  # noqa: E402
from tests.helpers.web import Served, text  # noqa: E402
from tests.helpers.chromium import watch_policy  # noqa: E402


def test_the_league_page_follows_the_sheets_of_the_serie(cli):
    l1_day(cli)
    cli.ok("league", "draw", "1")
    ledger = Ledger.open(cli.url)
    try:
        client = TestClient(create_league_app(ledger, 1))
        first = client.get("/")
        assert first.status_code == 200 and '<html lang="en"' in first.text
        page = text(first.text)
        assert "Verbandsliga" in page and "Spieltag 1, Serie 1: the lists" in page and "open" in page
        version = first.headers["X-Schreiber-Version"]
        cli.ok("league", "result", "1", "1", "1", *sheet_words(L1_SHEETS[1][0]))
        after = client.get("/fragment")
        assert after.headers["X-Schreiber-Version"] != version
        shown = text(after.text)
        assert "Anna (Adorf 1) 1102" in shown and "sheet entered" in shown
        for number, table in enumerate(L1_SHEETS[1][1:], start=2):
            cli.ok("league", "result", "1", "1", str(number), *sheet_words(table))
        shown = text(client.get("/fragment").text)
        assert "3607" in shown and "3:0" in shown  # Adorf's Serie 1 and the day's total so far
        german = text(client.get("/", headers={"Accept-Language": "de-DE,de;q=0.9"}).text)
        assert "Spieltag 1, Serie 1: die Listen" in german and "Tabelle" in german and "vorläufig" in german
        assert 'class="wall"' in client.get("/?wall").text
        assert client.post("/").status_code == 405
    finally:
        ledger.engine.dispose()


def test_the_league_page_before_any_spieltag(cli):
    cli.ok("league", "new", "Kreisliga", "--rules", "skat", "--preset", "dskv")
    ledger = Ledger.open(cli.url)
    try:
        page = text(TestClient(create_league_app(ledger, 1)).get("/").text)
        assert "Kreisliga" in page and "no Spieltag yet" in page
    finally:
        ledger.engine.dispose()


def test_serve_league_without_an_id_serves_the_active_one(cli):
    cli.ok("league", "new", "Kreisliga", "--rules", "skat", "--preset", "dskv")
    served = Served(cli.url, "--league")
    try:
        assert "the league “Kreisliga”" in served.first
        assert "Kreisliga" in urllib.request.urlopen(served.address, timeout=10).read().decode()
    finally:
        served.stop()


def test_serve_league_refuses_a_word_for_an_id(cli):
    cli.ok("league", "new", "Kreisliga", "--rules", "skat", "--preset", "dskv")
    ran = cli("serve", "--league", "abc")
    assert ran.code == 2 and "abc" in ran.err  # as `serve --season abc`: a word is not an id


@pytest.mark.browser
@pytest.mark.skipif(not chromium.available(), reason="no chromium")
@pytest.mark.parametrize("accept", ["de-DE,de;q=0.9", "en-GB,en;q=0.9"])
def test_the_league_page_fits_a_phone_and_the_wall(cli, accept, browser, tmp_path):
    play_l1(cli, "--set", "aufsteiger=1", "--set", "absteiger=2", groups=(",".join(L2_GROUP2),))
    served = Served(cli.url, "--league")
    shots = Path(os.environ.get("SCHREIBER_SHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    watch_policy(browser)
    try:
        browser.language(accept)
        browser.size(390, 844, mobile=True)
        browser.open(served.address)
        browser.wait(lambda: "Verbandsliga" in browser.text(), "the league page")
        assert browser.js("document.documentElement.scrollWidth") <= 390
        assert browser.js("window.violations") == []  # nothing inline the Content-Security-Policy had to block
        assert browser.js("document.documentElement.lang") == accept[:2]
        browser.screenshot(str(shots / f"league-phone-{accept[:2]}.png"))
        browser.size(1920, 1080)
        browser.open(served.address + "?wall")
        browser.wait(lambda: "Verbandsliga" in browser.text(), "the wall")
        assert browser.js("document.documentElement.scrollWidth") <= 1920
        assert "Eheim" in browser.text() and "Dheim" in browser.text()
        assert browser.js("window.violations") == []
        # The wall's script pages the table and the Serie (wall.js ran: each paged table says how many rows show).
        assert browser.js("Number(document.querySelector('table.league').dataset.rows)") == 8
        browser.screenshot(str(shots / f"league-wall-{accept[:2]}.png"))
    finally:
        served.stop()


def test_a_hand_at_a_league_table_moves_its_running_list(cli):
    l1_day(cli)
    cli.ok("league", "draw", "1")
    session = cli.json("league", "tables", "1", "--format", "json")["groups"][0]["tables"][0]["session"]
    ledger = Ledger.open(cli.url)
    try:
        client = TestClient(create_league_app(ledger, 1))
        assert "Anna (Adorf 1) –" in text(client.get("/").text)
        cli.ok("add", "--session", str(session), "grand", "-p", "Berta", "--spitzen", "1", "-a", "70")
        shown = text(client.get("/fragment").text)
        assert "1 of 48 hands" in shown
        berta = cli.json("league", "day", "show", "1", "--format", "json")["groups"][0]["serien"][0]["teams"][1]
        assert f"Berta (Bstadt 1) {berta['lists'][0]['score']}" in shown and berta["lists"][0]["score"] > 0
    finally:
        ledger.engine.dispose()


def sixteen_teams(cli) -> list[str]:
    """16 teams of four in four groups on Spieltag 1, Serie 1 drawn: 16 tables."""
    cli.ok("league", "new", "Oberliga", "--rules", "skat", "--preset", "dskv")
    teams = [f"Team{k:02d}" for k in range(1, 17)]
    for k, team in enumerate(teams, start=1):
        cli.ok("league", "team", "add", team, "--number", str(k))
        cli.ok("league", "roster", team, *[f"Spieler{k:02d}{p}" for p in "ABCD"])
    groups = [word for g in range(4) for word in ("--group", ",".join(teams[4 * g : 4 * g + 4]))]
    cli.ok("league", "day", "new", "1", "--date", "2025-03-22", *groups)
    for k, team in enumerate(teams, start=1):
        cli.ok("league", "lineup", "1", team, *[f"Spieler{k:02d}{p}" for p in "ABCD"])
    cli.ok("league", "draw", "1")
    return teams


@pytest.mark.browser
@pytest.mark.skipif(not chromium.available(), reason="no chromium")
def test_the_wall_of_sixteen_teams_pages_each_column_on_the_screen(cli, browser, tmp_path):
    sixteen_teams(cli)
    served = Served(cli.url, "--league")
    shots = Path(os.environ.get("SCHREIBER_SHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    try:
        browser.language("de-DE,de;q=0.9")
        browser.size(1920, 1080)
        browser.open(served.address + "?wall")
        browser.wait(lambda: browser.js("!!document.querySelector('table.league-tables[data-pages]')"), "the wall")
        assert browser.js("document.documentElement.scrollWidth") <= 1920
        # Every column's rows that show are on the screen; the 16 tables take more than one page.
        on_screen = (
            "Array.from(document.querySelectorAll('table[data-wall-pages] tbody tr')).filter(r => r.offsetParent !== null)"
            ".every(r => r.getBoundingClientRect().bottom <= innerHeight)"
        )
        assert browser.js(on_screen)
        assert browser.js("Number(document.querySelector('table.league-tables').dataset.pages)") > 1
        browser.screenshot(str(shots / "league-wall-16.png"))
    finally:
        served.stop()
