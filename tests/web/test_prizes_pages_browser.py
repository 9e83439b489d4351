"""The category pages of the published site (TEAMS.md §10.4) in headless chromium: P2's tournament page with its
category ranking and goods, and its `kategorie-damen.html`, German and English, at 390 px and 1280 px: no sideways
scroll, no axe-core WCAG 2.1 A/AA violation (axe.min.js vendored beside test_publish_browser.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import chromium
from tests.helpers.prizes import play_p2

pytestmark = pytest.mark.skipif(not chromium.available(), reason="no chromium")

AXE = Path(__file__).with_name("axe.min.js")
RUN = (
    "axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']},"
    " resultTypes: ['violations']}).then(r => JSON.stringify(r.violations.map(v => ({id: v.id, nodes: v.nodes.map("
    "n => n.target)}))))"
)


@pytest.mark.browser
def test_the_category_pages_fit_a_phone_and_pass_axe(cli, tmp_path, browser):
    play_p2(cli)
    out = tmp_path / "site"
    cli.ok("publish", "--output", str(out), "--lang", "both")
    for language in ("en", "de"):
        for page in ("turnier-1/index.html", "turnier-1/kategorie-damen.html"):
            for width in (390, 1280):
                browser.size(width, 900, mobile=width < 500)
                browser.open((out / language / page).as_uri())
                scroll = browser.js("[document.documentElement.scrollWidth, window.innerWidth]")
                assert scroll[0] <= scroll[1], (page, width, scroll)
                browser.call("Runtime.evaluate", session=True, expression=AXE.read_text(encoding="utf-8"))
                got = browser.call(
                    "Runtime.evaluate", session=True, expression=RUN, awaitPromise=True, returnByValue=True
                )
                assert json.loads(got["result"]["value"]) == [], (language, page, width)


@pytest.mark.browser
@pytest.mark.parametrize("accept", ["de-DE,de;q=0.9", "en-GB,en;q=0.9"])
def test_the_live_page_shows_the_category_ranking_on_a_phone_and_in_turn_on_the_wall(cli, browser, accept):
    """`serve --tournament`: at 390 px the category ranking below the individual one, no sideways scroll; on the
    1920×1080 wall the individual list, then the Damen, then the individual list again."""
    from tests.helpers.web import Served

    play_p2(cli)
    german = accept.startswith("de")
    headings = ["Endstand", "Kategorie damen"] if german else ["Final standings", "Category damen"]
    shown = (
        "Array.from(document.querySelectorAll('[data-wall-turn]')).filter(s => s.offsetParent)"
        ".map(s => s.querySelector('h2').innerText)"
    )
    served = Served(cli.url, "--tournament")
    try:
        browser.language(accept)
        browser.size(390, 844, mobile=True)
        browser.open(served.address)
        assert browser.js(shown) == headings  # a phone shows every ranking, one below the other
        assert "Berta" in browser.js("document.querySelector('section.kategorie').innerText")
        scroll = browser.js("[document.documentElement.scrollWidth, window.innerWidth]")
        assert scroll[0] <= scroll[1], scroll
        browser.size(1920, 1080)
        browser.open(served.address + "?wall&page=1")
        for turn in (0, 1, 0):
            browser.wait(lambda: browser.js("document.documentElement.dataset.turn") == str(turn), f"turn {turn}")
            assert browser.js(shown) == [headings[turn]]
    finally:
        served.stop()
