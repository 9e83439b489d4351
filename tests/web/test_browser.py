"""A real browser (headless chromium) keeps the page in step with hands added from another process,
without reloading, also across a restart of the server; screenshots at phone and desktop width.

The screenshots go to $SCHREIBER_SHOTS (default: the test's temporary directory) to be looked at.
"""

from __future__ import annotations

import os
import urllib.request
from pathlib import Path

import pytest

from tests.helpers import chromium
from tests.helpers.schreiber import run
from tests.helpers.web import Served


pytestmark = pytest.mark.skipif(
    not chromium.available() and os.environ.get("CI") != "true", reason="chromium is not installed"
)


def _run(url: str, *args: str) -> None:
    run(url, *args)  # in this process: the hands come from another process than the server's all the same


def test_the_page_follows_hands_from_another_process_without_reloading(db_url, browser, tmp_path):
    _run(
        db_url,
        "session",
        "new",
        "--rules",
        "schafkopf",
        "--players",
        "Anna",
        "Berta",
        "Carl",
        "Dora",
        "Emil",
        "--tariff",
        "10",
        "--name",
        "Stammtisch",
    )
    _run(
        db_url,
        "add",
        "rufspiel",
        "--player",
        "Berta",
        "--partner",
        "Carl",
        "--augen",
        "75",
        "--laufende",
        "3",
        "--bock",
    )
    _run(db_url, "add", "wenz", "--player", "Carl", "--augen", "40")
    served = Served(db_url, process=True)  # the hands come from this process, the page from another
    try:
        browser.size(390, 844, mobile=True)
        browser.open(served.address)
        browser.wait(lambda: browser.js("document.getElementById('live').textContent") == "live", "the stream to open")
        assert "2 hands" in browser.text() and "Wenz Carl" in browser.text()
        # A mark that a reload would wipe out.
        browser.js("window.notReloaded = true")
        _run(db_url, "add", "farbsolo", "--player", "Dora", "--augen", "91", "--laufende", "3")
        browser.wait(lambda: "Farbsolo Dora" in browser.text(), "the new hand on the page")
        assert browser.js("window.notReloaded") is True
        assert "3 hands" in browser.text()
        shots = Path(os.environ.get("SCHREIBER_SHOTS", tmp_path))
        shots.mkdir(parents=True, exist_ok=True)
        browser.js("document.querySelector('details').open = true")
        browser.screenshot(str(shots / "phone.png"))
        browser.size(1280, 800)
        browser.screenshot(str(shots / "desktop.png"))
        browser.open(served.address + "?wall")
        browser.size(1920, 1080)
        browser.screenshot(str(shots / "wall.png"))
        assert all((shots / f"{name}.png").stat().st_size > 5000 for name in ("phone", "desktop", "wall"))

        # The server goes away and comes back on the same port: the page reconnects and catches up.
        port = served.port
        served.stop()
        browser.wait(lambda: "reconnecting" in browser.text(), "the page to notice")
        _run(db_url, "undo")
        served = Served(db_url, "--port", str(port), process=True)
        browser.wait(
            lambda: "Farbsolo Dora" not in browser.text() and "2 hands" in browser.text(),
            "the page to re-sync",
            timeout=20,
        )
        assert browser.js("window.notReloaded") is None  # the ?wall page was opened afresh above
    finally:
        served.stop()


def test_the_chart_on_a_phone_is_as_wide_as_the_page_readable_and_in_its_own_place(db_url, browser, tmp_path):
    """Issue 24: the full figure was shrunk to about 360 px, at the very bottom of the page."""
    _run(db_url, "session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", "Dora")
    for k in range(14):
        player, partner = ("Anna", "Berta", "Carl", "Dora")[k % 4], ("Carl", "Dora", "Anna", "Berta")[k % 4]
        _run(db_url, "add", "rufspiel", "--player", player, "--partner", partner, "--augen", str(35 + 5 * k))
    served = Served(db_url)
    try:
        browser.size(390, 844, mobile=True)
        browser.open(served.address)
        browser.wait(
            lambda: browser.js(
                "document.querySelector('.chart img') && document.querySelector('.chart img').complete "
                "&& document.querySelector('.chart img').naturalWidth > 0"
            ),
            "the chart to load",
        )
        box = browser.js(
            "(() => { const r = document.querySelector('.chart img').getBoundingClientRect();"
            " return [r.left, r.width, r.top, document.querySelector('.chart img').naturalWidth]; })()"
        )
        left, shown, top, natural = box
        assert shown >= 390 - 2 * 24 - 16, box  # the page's width, less its margins and the paper's padding
        assert shown >= 0.85 * natural, box  # type drawn at about the size it is shown, not shrunk to a third
        hands_top = browser.js("document.querySelector('section.hands').getBoundingClientRect().top")
        standings_top = browser.js("document.querySelector('section.standings').getBoundingClientRect().top")
        assert standings_top < top < hands_top  # after the standings, before the 14 hands: not at the very bottom
        src = browser.js("document.querySelector('.chart img').currentSrc")
        svg = urllib.request.urlopen(src, timeout=30).read().decode()
        assert 2 <= svg.count('id="xtick_') <= 6  # 14 hands, at most five or six labels
        shots = Path(os.environ.get("SCHREIBER_SHOTS", tmp_path))
        shots.mkdir(parents=True, exist_ok=True)
        browser.js("document.querySelector('.chart').scrollIntoView()")
        browser.screenshot(str(shots / "phone-chart.png"))
    finally:
        served.stop()
