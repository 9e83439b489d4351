"""Every amount, date and decimal of every page, and of each fragment the live pages swap in, in the
request's language, never the language `serve` was started in (issue 37: a German phone read "€10.00"
and "Berta zahlt Carl €5.82" from a server started in English). Starlette's TestClient; the pages in
chromium are in test_numbers_browser.py."""

from __future__ import annotations

import html as markup
import random
import re

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from schreiber import i18n  # noqa: E402
from schreiber.ledger.reports import Scope  # noqa: E402
from schreiber.ledger.service import Ledger  # noqa: E402
from schreiber.web.app import create_app  # noqa: E402
from schreiber.web.app import create_season_app  # noqa: E402
from schreiber.web.app import create_tournament_app  # noqa: E402
from tests.helpers.season import NAMES, play  # noqa: E402
from tests.helpers.web import text  # noqa: E402
from tests.helpers.numbers import STYLES

BOSS = "the-organisers-own-key-for-this-test"
ACCEPT = {"de": "de-DE,de;q=0.9", "en": "en-GB,en;q=0.9"}


def seen(page: str) -> str:
    """What a reader sees: the text, and the words the page shows from its attributes (a question a tap asks)."""
    shown = re.findall(r'(?:data-ask|title|aria-label)="([^"]*)"', page)
    return text(page) + " " + " ".join(markup.unescape(s) for s in shown)


def numbers(page: str, language: str) -> dict[str, list[str]]:
    """The amounts, dates and decimals of the page written the way `language` writes them."""
    shown = seen(page)
    return {kind: re.findall(pattern, shown) for kind, pattern in STYLES[language].items()}


def written_in(page: str, language: str) -> dict[str, list[str]]:
    """The page's numbers in `language`, after asserting none is written the other language's way."""
    other = "en" if language == "de" else "de"
    wrong = {kind: found for kind, found in numbers(page, other).items() if found}
    assert not wrong, (language, wrong)
    return numbers(page, language)


@pytest.fixture
def club(cli):
    """An evening with a tariff, and a tournament with a Startgeld, its round drawn on a German laptop."""
    cli.ok(
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
    cli.ok("add", "wenz", "--player", "Carl", "--augen", "65")
    cli.ok(
        "tournament",
        "new",
        "Wintercup",
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
    cli.ok("tournament", "register", *NAMES[:8])
    cli.ok("tournament", "pay", "Anna", "Berta", "Carl")
    with i18n.speaking("de"):  # the table names stored with the draw are German ("Wintercup, Runde 1, Tisch 1")
        cli.ok("tournament", "draw")
    return cli


@pytest.fixture(params=["en", "de"])
def started(request, monkeypatch) -> str:
    """The language `serve` was started in (SCHREIBER_LANG or the locale): what a browser asking for
    neither language gets, and what the old code wrote every number in."""
    monkeypatch.setattr(i18n, "LANGUAGE", request.param)
    monkeypatch.setattr(i18n, "GERMAN", request.param == "de")
    return request.param


def other(language: str) -> str:
    return "en" if language == "de" else "de"


def test_the_table_page_and_its_fragment_write_money_and_the_date_as_the_browser_reads(club, started):
    ledger = Ledger.open(club.url)
    try:
        with TestClient(create_app(ledger, Scope(table_id=1), interval=0.1)) as c:
            for path in ("/", "/fragment", "/?wall"):
                german = written_in(c.get(path, headers={"Accept-Language": ACCEPT["de"]}).text, "de")
                assert (
                    "0,60 €" in german["money"] and "0,20 €" in german["money"] and german["date"] == ["27.11.2026"]
                ), path
                english = written_in(c.get(path, headers={"Accept-Language": ACCEPT["en"]}).text, "en")
                assert (
                    "€0.60" in english["money"] and "€0.20" in english["money"] and english["date"] == ["2026-11-27"]
                ), path
            assert "Berta zahlt Carl 0,20 €" in text(c.get("/", headers={"Accept-Language": ACCEPT["de"]}).text)
            assert "Berta pays Carl €0.20" in text(c.get("/", headers={"Accept-Language": ACCEPT["en"]}).text)
            # A browser that asks for neither language reads the one `serve` was started in.
            assert written_in(c.get("/", headers={"Accept-Language": "fr-FR"}).text, started)["money"]
            # The chart beside the standings too (drawn once per language): whole points on its axis, not −0.5.
            for accept in ACCEPT.values():
                chart = " ".join(
                    re.findall(
                        r"<text[^>]*>([^<]*)</text>", c.get("/chart.svg", headers={"Accept-Language": accept}).text
                    )
                )
                assert not re.search(r"\d[.,]\d(?!\d{2}-)", chart.replace("2026-11-27", "")), chart
    finally:
        ledger.engine.dispose()


def test_the_organisers_cash_page_and_its_fragment_write_the_startgeld_as_the_browser_reads(club, started):
    ledger = Ledger.open(club.url)
    try:
        app = create_tournament_app(ledger, 1, interval=0.1, entry=True, organiser=BOSS)
        with TestClient(app) as c:
            for path in (f"/?organiser={BOSS}", f"/fragment?organiser={BOSS}"):
                page = c.get(path, headers={"Accept-Language": ACCEPT["de"]}).text
                german = written_in(page, "de")
                assert german["money"].count("10,00 €") == 1 + 2 * 5, (
                    path,
                    german,
                )  # the Startgeld; each of 5: amount, question
                assert (
                    "3 von 8 Spielern haben 10,00 € bezahlt." in text(page)
                    and 'data-ask="Dora hat 10,00 € bezahlt? Noch einmal tippen"' in page
                )
                assert german["date"] == ["28.11.2026"]
                page = c.get(path, headers={"Accept-Language": ACCEPT["en"]}).text
                english = written_in(page, "en")
                assert english["money"].count("€10.00") == 11 and 'data-ask="Dora paid €10.00? Tap again"' in page
                assert english["date"] == ["2026-11-28"]
    finally:
        ledger.engine.dispose()


def test_the_tournament_page_its_tables_and_their_fragments_write_dates_as_the_browser_reads(club, started):
    table = club.json("tournament", "tables", "--format", "json")["tables"][0]
    ledger = Ledger.open(club.url)
    try:
        with TestClient(create_tournament_app(ledger, 1, interval=0.1)) as c:
            for path in (
                "/",
                "/fragment",
                "/?wall",
                f"/?session={table['session']}",
                f"/fragment?session={table['session']}",
            ):
                assert written_in(c.get(path, headers={"Accept-Language": ACCEPT["de"]}).text, "de")["date"] == [
                    "28.11.2026"
                ], path
                assert written_in(c.get(path, headers={"Accept-Language": ACCEPT["en"]}).text, "en")["date"] == [
                    "2026-11-28"
                ], path
    finally:
        ledger.engine.dispose()


def test_the_entry_page_names_its_table_in_the_phones_language_not_the_drawing_laptops(club, started):
    """The header said "Wintercup, Runde 1, Tisch 1" to an English phone: the name stored when a German laptop drew."""
    tables = club.json("tournament", "tables", "--format", "json")["tables"]
    ledger = Ledger.open(club.url)
    try:
        with TestClient(create_tournament_app(ledger, 1, interval=0.1, entry=True, organiser=BOSS)) as c:
            for t in tables:
                key = ledger.entry_key(t["session"])[1]
                english = c.get(f"/?key={key}", headers={"Accept-Language": ACCEPT["en"]}).text
                header = text(english[english.index('<header class="top">') : english.index("</header>")])
                assert header.startswith(f"Round 1 · Table {t['table']} · Wintercup · preisschafkopf"), header
                assert "Runde" not in english and "Tisch" not in english
                written_in(english, "en")
                german = c.get(f"/?key={key}", headers={"Accept-Language": ACCEPT["de"]}).text
                header = text(german[german.index('<header class="top">') : german.index("</header>")])
                assert header.startswith(f"Runde 1 · Tisch {t['table']} · Wintercup · preisschafkopf"), header
                assert "Round 1" not in german
                written_in(german, "de")
                state = c.get(f"/entry/state?key={key}", headers={"Accept-Language": ACCEPT["en"]}).json()
                assert (state["title"], state["place"]) == ("Wintercup", f"Round 1 · Table {t['table']}")
    finally:
        ledger.engine.dispose()


def test_an_evenings_entry_page_keeps_its_own_name(cli):
    cli.ok(
        "session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", "Dora", "--name", "Stammtisch"
    )
    ledger = Ledger.open(cli.url)
    try:
        __, key = ledger.entry_key(1)
        with TestClient(create_app(ledger, Scope(), interval=0.1, entry=[1])) as c:
            page = c.get(f"/?key={key}", headers={"Accept-Language": ACCEPT["de"]}).text
            assert text(page[page.index('<header class="top">') : page.index("</header>")]).startswith(
                "Stammtisch · schafkopf"
            )
            assert c.get(f"/entry/state?key={key}").json()["place"] is None
    finally:
        ledger.engine.dispose()


def test_the_season_page_and_its_fragment_write_averages_as_the_browser_reads(cli, started):
    cli.ok("season", "new", "Wirtshauscup", "--rules", "preisschafkopf", "--set", "wertung=schnitt_platz")
    play(cli, "Januar", NAMES[:8], 1, random.Random(1), season=1)
    play(cli, "Februar", NAMES[:8], 1, random.Random(2), season=1)
    awards = cli.json("season", "awards", "--format", "json")
    average = awards["best_average_rank"]["value"]
    ledger = Ledger.open(cli.url)
    try:
        with TestClient(create_season_app(ledger, 1)) as c:
            for path in ("/", "/fragment", "/?wall"):
                german = written_in(c.get(path, headers={"Accept-Language": ACCEPT["de"]}).text, "de")["decimal"]
                english = written_in(c.get(path, headers={"Accept-Language": ACCEPT["en"]}).text, "en")["decimal"]
                assert f"{average:.2f}".replace(".", ",") in german and f"{average:.2f}" in english, path
                assert len(german) == len(english) >= 8 + 2, path  # every player's average rank, and two awards
    finally:
        ledger.engine.dispose()
