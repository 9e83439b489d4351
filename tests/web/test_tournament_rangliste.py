"""The tournament page and the wall show how ties fell (issue 39.4): the 11-player Seeger-Fabian tournament of
tests/cli/test_rangliste.py — won and lost beside the score, no Soli, "(by lot)" / "(durch Los)" beside the two
names the lot placed and what the mark means; "Final standings" / "Endstand", "provisional" before. TestClient
for the words, one headless chromium for the page on a phone and the wall (screenshots in $SCHREIBER_SHOTS)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from schreiber.ledger.service import Ledger  # noqa: E402
from schreiber.web.app import create_tournament_app  # noqa: E402
from tests.helpers.rangliste import EXPECTED, eleven  # noqa: E402
from tests.helpers import chromium  # noqa: E402
from tests.helpers.web import text  # noqa: E402
from tests.helpers.web import Served  # noqa: E402

GERMAN = {"Accept-Language": "de"}


def _rows(body: str) -> dict[str, str]:
    """The standings' rows as read: the name (and its marks), then the figures."""
    part = body[body.index('<section class="standings"') :]
    rows = re.findall(r'<tr data-find="[^"]*">(.*?)</tr>', part, flags=re.S)
    return {text(r).split()[2]: text(r) for r in rows}


@pytest.mark.parametrize(
    "headers, final, mark, heads, note",
    [
        ({}, "Final standings", "(by lot)", "rank no. player score Spielpunkte won lost R1", "“by lot”: tied on"),
        (
            GERMAN,
            "Endstand",
            "(durch Los)",
            "Platz Nr. Spieler Wertung Spielpunkte gewonnen verloren R1",
            "„durch Los“",
        ),
    ],
)
@pytest.mark.parametrize("path", ["/", "/?wall"])
def test_the_page_and_the_wall_show_won_lost_and_the_lot(cli, path, headers, final, mark, heads, note):
    roles = eleven(cli)
    with TestClient(create_tournament_app(Ledger.open(cli.url), 1, interval=0.1)) as c:
        body = c.get(path, headers=headers).text
    page = text(body)
    standings = page[page.index(final) :]
    assert heads in standings and "Soli" not in standings and "provisional" not in page
    assert note in standings
    rows = _rows(body)
    assert {name for name, row in rows.items() if mark in row} == {roles["a1"], roles["b0"]}
    for role, (_rank, score, points, won, lost, _lot) in EXPECTED.items():
        figures = rows[roles[role]].split()[-5:]
        minus = lambda n: str(n).replace("-", "−")  # noqa: E731
        assert figures == [minus(score), minus(points), str(won), str(lost), minus(score)], role


def test_the_page_is_provisional_before_the_last_round(cli):
    eleven(cli, rounds=2)
    with TestClient(create_tournament_app(Ledger.open(cli.url), 1, interval=0.1)) as c:
        assert "Standings after round 1 (provisional)" in text(c.get("/").text)
        german = text(c.get("/?wall", headers=GERMAN).text)
        assert "Stand nach Runde 1 (vorläufig)" in german and "(durch Los)" in german


@pytest.mark.skipif(not chromium.available() and os.environ.get("CI") != "true", reason="chromium is not installed")
def test_a_phone_and_the_wall_show_the_lot_in_chromium(cli, tmp_path):
    roles = eleven(cli)
    tied = {roles["a1"], roles["b0"]}
    served = Served(cli.url, "--tournament")
    browser = chromium.Browser()
    shots = Path(os.environ.get("SCHREIBER_SHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    rows = (
        "Array.from(document.querySelectorAll('.standings tbody tr')).filter(r => r.offsetParent).map(r => r.innerText)"
    )
    try:
        browser.language("de")
        browser.size(390, 844, mobile=True)
        browser.open(served.address)
        browser.wait(lambda: "Endstand" in browser.text(), "the standings")
        shown = browser.js(rows)
        assert {line.split()[2] for line in shown if "(durch Los)" in line} == tied
        # On a phone the figures the ranking compares: the score, games won and lost (Spielpunkte on wider screens).
        heads = browser.js(
            "Array.from(document.querySelectorAll('.standings thead th')).filter(h => h.offsetParent).map(h => h.innerText)"
        )
        assert heads == ["Platz", "Nr.", "Spieler", "Wertung", "gewonnen", "verloren"]
        browser.screenshot(str(shots / "rangliste-phone.png"), full=True)
        assert browser.js("document.documentElement.scrollWidth") <= 390  # nothing sideways on a phone
        browser.size(1920, 1080)
        browser.open(served.address + "?wall&page=1")  # the wall pages through the rows, a page a second here
        browser.wait(lambda: "Endstand" in browser.text(), "the wall")
        seen: set[str] = set()

        def marked_on_the_wall() -> bool:
            seen.update(line.split("\t")[2].split(" (")[0] for line in browser.js(rows) if "(durch Los)" in line)
            return seen == tied

        browser.wait(marked_on_the_wall, "both names placed by lot, marked, on the wall")
        everyone = browser.js("Array.from(document.querySelectorAll('.standings tbody tr')).map(r => r.textContent)")
        assert len(everyone) == 11 and sum("(durch Los)" in line for line in everyone) == 2
        heads = browser.js("Array.from(document.querySelectorAll('.standings thead th')).map(h => h.innerText)")
        assert heads[3:7] == ["Wertung", "Spielpunkte", "gewonnen", "verloren"]
        assert "„durch Los“" in browser.text()
        assert browser.js("document.documentElement.scrollWidth") <= 1920  # every column on the screen
        browser.screenshot(str(shots / "rangliste-wall.png"))
    finally:
        browser.close()
        served.stop()
