"""The published site in headless chromium (issue 42): every page type, German and English, at a phone's 390 px
and a desk's 1280 px, has no sideways scroll and passes axe-core's WCAG 2.1 A and AA rules with no violation.
axe.min.js (axe-core 4.12, MPL-2.0, its licence header kept) is vendored beside this test and injected over the
DevTools protocol; the pages are opened from the files, as from a USB stick. PostgreSQL publishes the same bytes as
SQLite (checked here), so axe reads the SQLite ledger's site."""

from __future__ import annotations

import base64
import json
import subprocess
from pathlib import Path

import pytest

from tests.helpers import chromium
from tests.helpers.pdf import pdf_text
from tests.helpers.league import play_l1
from tests.helpers.publish import s1_season, t1_c1, tree
from tests.helpers.teams import M1_SETTINGS, play_m1

pytestmark = pytest.mark.skipif(not chromium.available(), reason="no chromium")

AXE = Path(__file__).with_name("axe.min.js")
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
RUN = (
    "axe.run(document, {runOnly: {type: 'tag', values: WCAG}, resultTypes: ['violations']})"
    ".then(r => JSON.stringify(r.violations.map(v => ({id: v.id, help: v.help, nodes: v.nodes.map(n => n.target)}))))"
).replace("WCAG", json.dumps(WCAG))


def violations(browser: chromium.Browser) -> list[dict]:
    browser.call("Runtime.evaluate", session=True, expression=AXE.read_text(encoding="utf-8"))
    got = browser.call("Runtime.evaluate", session=True, expression=RUN, awaitPromise=True, returnByValue=True)
    return json.loads(got["result"]["value"])


def published(cli, out: Path) -> Path:
    """T1 with C1's prizes (outside a season, so its players have pages under spieler/), S1's season, M1
    with its teams, and L1's league, published to `out`."""
    t1_c1(cli)
    s1_season(cli, "--set", "min_starts=2", "--set", "finale=3")
    play_m1(cli, *M1_SETTINGS)  # tournament 5: its page has the team rankings (TEAMS.md §10.4)
    cli.ok("tournament", "team", "pay", "mannschaft", "Asse", "Buben", "Luschen")
    cli.ok("player", "set", "Hans", "--privat")
    play_l1(cli)  # league 1: its table and its Spielbericht (TEAMS.md §10.4)
    cli.ok("publish", "--output", str(out), "--lang", "both")
    return out


@pytest.fixture
def site(cli, tmp_path) -> Path:
    return published(cli, tmp_path / "site")


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_the_site_published_from_postgresql_is_the_one_from_sqlite_byte_for_byte(cli, sqlite_cli, tmp_path):
    """What the browser checks below on SQLite is what PostgreSQL publishes too, so chromium and axe need not read
    the same 40 pages twice."""
    from_postgresql = tree(published(cli, tmp_path / "postgresql"))
    from_sqlite = tree(published(sqlite_cli, tmp_path / "sqlite"))
    assert len(from_sqlite) > 100 and from_postgresql.keys() == from_sqlite.keys()
    assert [name for name in from_sqlite if from_postgresql[name] != from_sqlite[name]] == []


PAGES = [
    "index.html",
    "turnier-1/index.html",
    "turnier-1/runde-2.html",
    "turnier-5/index.html",
    "turnier-5/team-mannschaft.html",
    "saison-1/index.html",
    "saison-1/spieler/1.html",
    "spieler/1.html",
    "liga-1/index.html",
    "liga-1/spieltag-1.html",
]


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_every_page_type_fits_a_phone_and_passes_axe(site, browser):
    axe_header = AXE.read_text(encoding="utf-8")[:400]
    assert "axe v4" in axe_header and "Mozilla Public" in axe_header  # the licence stays with the file
    assert 'id="team-tandem"' in (site / "en" / "turnier-5" / "index.html").read_text(encoding="utf-8")  # M1's two
    for language in ("en", "de"):
        for page in PAGES:
            url = (site / language / page).as_uri()
            for width in (390, 1280):
                browser.size(width, 900, mobile=width < 500)
                browser.open(url)
                scroll = browser.js("[document.documentElement.scrollWidth, window.innerWidth]")
                assert scroll[0] <= scroll[1], (url, width, scroll)
                found = violations(browser)
                assert found == [], (url, width, found)
    browser.open((site / "index.html").as_uri())  # the choice of language at the top of a site in both
    assert violations(browser) == []


def test_the_print_sheet_prints_the_standings_on_a4_without_the_navigation(site, browser, tmp_path):
    browser.open((site / "de" / "turnier-1" / "index.html").as_uri())
    browser.call("Emulation.setEmulatedMedia", session=True, media="print")
    hidden = "['.bar', '.foot', '.rounds', '.files'].map(s => getComputedStyle(document.querySelector(s)).display)"
    assert browser.js(hidden) == ["none"] * 4
    assert browser.js("getComputedStyle(document.querySelector('.standings table')).display") == "table"
    pdf = browser.call("Page.printToPDF", session=True, preferCSSPageSize=True)
    path = tmp_path / "stand.pdf"
    path.write_bytes(base64.b64decode(pdf["data"]))
    text = pdf_text(path)
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    assert "(A4)" in info  # the print sheet's @page size
    assert text.count("\f") <= 1 and "Endstand" in text and "30,00 €" in text  # one A4 page, the prizes on it
    assert "Ergebnisse" not in text and "Runde 1: Sitzplan" not in text  # no navigation, no links to the rounds
