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
