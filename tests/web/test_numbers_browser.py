"""Every page of `serve` in headless chromium writes its amounts, dates and decimals as the browser's
language does, whatever language `serve` was started in (issue 37: a German phone read "€10.00" from a
server started in English), also after the live page swapped in a fresh fragment; and the entry page's
header names the table in the phone's language and fits a phone's 390 px. Screenshots go to
$SCHREIBER_SHOTS (default: the test's temporary directory)."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.season import NAMES
from tests.helpers import chromium, schreiber
from tests.helpers.numbers import STYLES

SCHREIBER = str(Path(sys.executable).with_name("schreiber"))
ACCEPT = {"de": "de-DE,de;q=0.9,en;q=0.5", "en": "en-GB,en;q=0.9"}

pytestmark = pytest.mark.skipif(
    not chromium.available() and os.environ.get("CI") != "true", reason="chromium is not installed"
)


def env(language: str) -> dict[str, str]:
    return {**os.environ, "SCHREIBER_LANG": language}


def run(url: str, language: str, *args: str) -> str:
    """`schreiber ARGS` as if started in `language` (in this process: the set-up is not what is tested)."""
    return schreiber.run(url, *args, language=language)


class Serving:
    """`schreiber serve …` started in `language`, until stopped; `lines` what it printed before serving."""

    def __init__(self, url: str, language: str, *args: str, lines: int = 1) -> None:
        self.proc = subprocess.Popen(
            [SCHREIBER, "--db", url, "serve", "--port", "0", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env(language),
        )
        self.lines = [self.proc.stdout.readline() for __ in range(lines)]  # type: ignore[union-attr]
        assert self.lines[0], self.proc.stderr.read()  # type: ignore[union-attr]
        self.address = re.search(r"http://\S+/", self.lines[0]).group(0)  # type: ignore[union-attr]

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.communicate(timeout=30)


@pytest.fixture
def shots(tmp_path) -> Path:
    where = Path(os.environ.get("SCHREIBER_SHOTS", tmp_path))
    where.mkdir(parents=True, exist_ok=True)
    return where


def read(browser: chromium.Browser) -> str:
    """What the reader sees, and the questions a tap will ask (the cash list's "Dora paid €10.00?")."""
    asked = browser.js("Array.from(document.querySelectorAll('[data-ask]'), e => e.dataset.ask).join(' ')") or ""
    return browser.text().replace("\n", " ") + " " + asked


def numbers(browser: chromium.Browser, language: str) -> dict[str, list[str]]:
    """The page's amounts, dates and decimals in `language`, after asserting none is written the other way."""
    shown = read(browser)
    other = "en" if language == "de" else "de"
    wrong = {kind: found for kind, pattern in STYLES[other].items() if (found := re.findall(pattern, shown))}
    assert not wrong, (language, wrong, browser.js("location.href"))
    return {kind: re.findall(pattern, shown) for kind, pattern in STYLES[language].items()}


def show(browser: chromium.Browser, url: str, language: str, waiting_for: str) -> None:
    browser.language(ACCEPT[language])
    browser.open(url)
    browser.wait(lambda: waiting_for in browser.text(), f"{waiting_for} on {url}")
    assert browser.js("document.documentElement.lang") == language


@pytest.mark.parametrize("started", ["en", "de"])
def test_every_page_writes_its_numbers_as_the_browser_reads_not_as_serve_was_started(db_url, browser, shots, started):
    run(
        db_url,
        started,
        "session",
        "new",
        "--rules",
        "schafkopf",
        "--players",
        "Anna",
        "Berta",
        "Carl",
        "Dora",
        "--tariff",
        "10",
        "--date",
        "2026-11-27",
    )
    run(db_url, started, "add", "wenz", "--player", "Carl", "--augen", "65")
    run(
        db_url,
        started,
        "tournament",
        "new",
        "Wintercup Oberland",
        "--rules",
        "preisschafkopf",
        "--hands",
        "4",
        "--seed",
        "9",
        "--date",
        "2026-11-28",
        "--set",
        "startgeld=1000",
    )
    run(db_url, started, "tournament", "register", *NAMES[:8])
    run(db_url, started, "tournament", "pay", "Anna", "Berta", "Carl")
    run(db_url, started, "tournament", "draw")  # the tables' names are stored in the language `serve` is started in
    tables = json.loads(run(db_url, started, "tournament", "tables", "--format", "json"))["tables"]
    table = Serving(db_url, started, "--session", "1")
    tournament = Serving(db_url, started, "--tournament", "--entry", lines=2)
    organiser = re.search(r"http://\S+\?organiser=\S+", tournament.lines[1]).group(0)  # type: ignore[union-attr]
    browser.size(390, 844, mobile=True)
    try:
        for language in ("de", "en"):
            # The table page: money, the transfers and the evening's date.
            show(browser, table.address, language, {"de": "0,20 €", "en": "€0.20"}[language])
            seen = numbers(browser, language)
            assert {"de": "0,60 €", "en": "€0.60"}[language] in seen["money"]
            assert seen["date"] == [{"de": "27.11.2026", "en": "2026-11-27"}[language]]
            assert {"de": "Berta zahlt Carl 0,20 €", "en": "Berta pays Carl €0.20"}[language] in read(browser)
        for hands, language in enumerate(("de", "en"), start=2):
            show(browser, table.address, language, {"de": "27.11.2026", "en": "2026-11-27"}[language])
            # A hand recorded elsewhere: the fragment the live page swaps in is written the same way.
            run(
                db_url,
                "en" if language == "de" else "de",
                "add",
                "--session",
                "1",
                "rufspiel",
                "-p",
                "Anna",
                "-m",
                "Berta",
                "-a",
                "75",
            )
            count = {"de": f"{hands} Spiele", "en": f"{hands} hands"}[language]
            browser.wait(lambda: count in browser.text(), f"the swapped-in fragment ({count})")
            seen = numbers(browser, language)
            assert seen["money"] and seen["date"] == [{"de": "27.11.2026", "en": "2026-11-27"}[language]]
            browser.screenshot(str(shots / f"numbers-table-{started}-served-{language}-390.png"), full=True)
        for language in ("de", "en"):
            # The tournament page and a table of it: the tournament's date.
            day = {"de": "28.11.2026", "en": "2026-11-28"}[language]
            for url in (tournament.address, f"{tournament.address}?session={tables[0]['session']}"):
                show(browser, url, language, day)
                numbers(browser, language)
            # The organiser's page: the Startgeld owed and the question a tap asks.
            show(browser, organiser, language, "Startgeld")
            seen = numbers(browser, language)
            ten = {"de": "10,00 €", "en": "€10.00"}[language]
            assert seen["money"].count(ten) == 1 + 2 * 5, (
                seen
            )  # the Startgeld; each of five: the amount and the question
            browser.js("document.querySelector('.cash .pay').click()")
            asked = {"de": "hat 10,00 € bezahlt? Noch einmal tippen", "en": "paid €10.00? Tap again"}[language]
            assert asked in browser.js("document.querySelector('.cash .pay').textContent")
            browser.screenshot(str(shots / f"numbers-organiser-{started}-served-{language}-390.png"), full=True)
    finally:
        table.stop()
        tournament.stop()


@pytest.mark.parametrize("started", ["en", "de"])
def test_the_season_page_writes_its_averages_as_the_browser_reads(db_url, browser, started):
    run(db_url, started, "season", "new", "Wirtshauscup", "--rules", "preisschafkopf", "--set", "wertung=schnitt_platz")
    rng = random.Random(4)
    for name in ("Januar", "Februar"):
        run(
            db_url,
            started,
            "tournament",
            "new",
            name,
            "--rules",
            "preisschafkopf",
            "--rounds",
            "1",
            "--seed",
            name,
            "--season",
            "1",
        )
        run(db_url, started, "tournament", "register", *NAMES[:8])
        run(db_url, started, "tournament", "draw")
        for t in json.loads(run(db_url, started, "tournament", "tables", "--format", "json"))["tables"]:
            run(
                db_url,
                started,
                "tournament",
                "result",
                "1",
                str(t["table"]),
                *[f"{p}={5 * rng.randint(0, 12)}" for p in t["players"]],
            )
    average = json.loads(run(db_url, "en", "season", "awards", "--format", "json"))["best_average_rank"]["value"]
    season = Serving(db_url, started, "--season")
    browser.size(390, 844, mobile=True)
    try:
        for language in ("de", "en"):
            show(browser, season.address, language, "Wirtshauscup")
            decimals = numbers(browser, language)["decimal"]
            said = f"{average:.2f}"
            assert (said.replace(".", ",") if language == "de" else said) in decimals
            assert len(decimals) >= 8 + 2  # every player's average rank, and the two awards of one
    finally:
        season.stop()


@pytest.mark.parametrize("started", ["en", "de"])
def test_the_entry_header_names_the_table_in_the_phones_language_and_fits_390_px(db_url, browser, shots, started):
    """It was the name stored when the round was drawn ("Wintercup Oberland, round 1, table 2"), in the
    drawing laptop's language, cut with an ellipsis before the table's number."""
    run(
        db_url,
        started,
        "tournament",
        "new",
        "Wintercup Oberland des Schafkopfvereins",
        "--rules",
        "preisschafkopf",
        "--hands",
        "4",
        "--seed",
        "9",
    )
    run(db_url, started, "tournament", "register", *NAMES[:12])
    run(db_url, started, "tournament", "draw")
    tables = json.loads(run(db_url, started, "tournament", "tables", "--format", "json"))["tables"]
    served = Serving(db_url, started, "--tournament", "--entry")
    from schreiber.ledger.service import Ledger

    ledger = Ledger.open(db_url)
    try:
        key = ledger.entry_key(tables[-1]["session"])[1]
    finally:
        ledger.engine.dispose()
    browser.size(390, 844, mobile=True)
    try:
        for language in ("de", "en"):
            place = {"de": "Runde 1 · Tisch 3", "en": "Round 1 · Table 3"}[language]
            show(browser, f"{served.address}?key={key}", language, place)
            header = browser.js(
                "(() => { const h = document.querySelector('header.top'), w = h.querySelector('.where');"
                " const p = w.querySelector('.place').getBoundingClientRect();"
                " return {text: w.innerText, header: [h.scrollWidth, h.clientWidth], where: [w.scrollWidth, w.clientWidth],"
                " place: [p.left, p.right, p.top, p.bottom], page: document.documentElement.scrollWidth}; })()"
            )
            assert header["text"].startswith(place + " · Wintercup Oberland des Schafkopfvereins · preisschafkopf"), (
                header
            )
            assert ("Runde" in header["text"]) == (language == "de") and ("Round" in header["text"]) == (
                language == "en"
            )
            assert header["header"][0] <= header["header"][1] and header["where"][0] <= header["where"][1], header
            left, right, top, bottom = header["place"]
            assert 0 <= left < right <= 390 and bottom > top, header  # the table's number is on the screen
            assert header["page"] <= 390, header
            browser.screenshot(str(shots / f"numbers-entry-{started}-served-{language}-390.png"))
    finally:
        served.stop()
