"""Every page of `serve` in a real browser (headless chromium) as players and the organiser see it, at a
phone's 390×844 and a wall screen's 1920×1080: in the browser's language, fitting the width, paging the
wall. Screenshots go to $SCHREIBER_SHOTS (default: the test's temporary directory)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.helpers import chromium
from tests.helpers.chromium import watch_policy
from tests.helpers.schreiber import run
from tests.helpers.web import Served


pytestmark = pytest.mark.skipif(
    not chromium.available() and os.environ.get("CI") != "true", reason="chromium is not installed"
)
SIZES = [(390, 844, True), (1920, 1080, False)]
# Words of each page in each language; the other language's words must not be there.
WORDS = {
    "table": {"de": ["Nächster Geber", "Stand", "nur lesen"], "en": ["Next dealer", "Standings", "read-only"]},
    "entry": {
        "de": ["Spielart", "Korrekturen", "Letztes Spiel zurücknehmen"],
        "en": ["Hand type", "Corrections", "Undo the last hand"],
    },
    "tournament": {
        "de": ["Wo sitze ich?", "Stand bisher, noch keine Runde fertig", "Runde 1: wer sitzt wo"],
        "en": ["Where do I sit?", "Standings so far, no round finished yet", "Round 1: who sits where"],
    },
    "wall": {"de": ["Stand bisher, noch keine Runde fertig"], "en": ["Standings so far, no round finished yet"]},
    "tournament table": {
        "de": ["Runde 1 · Tisch 1 · Spiel 2 von 4", "Nächster Geber"],
        "en": ["Round 1 · Table 1 · Hand 2 of 4", "Next dealer"],
    },
    "organiser": {"de": ["Eintragen an den Tischen"], "en": ["entry at the tables"]},
}
# German words of the page's own (not the game's) that an English page must not show.
GERMAN = ["Nächster", "Spiele ", "Geber", "nur lesen", "Runde ", "Tisch ", "gewonnen", "Punkte", "zahlt", "eintragen"]


def has(word: str, seen: str) -> bool:
    """Whether `word` stands in the text as a word of its own (Stand, not the Stand of Standings)."""
    return re.search(rf"(?<!\w){re.escape(word.strip().lower())}(?!\w)", seen) is not None


@pytest.fixture
def shots(tmp_path) -> Path:
    where = Path(os.environ.get("SCHREIBER_SHOTS", tmp_path))
    where.mkdir(parents=True, exist_ok=True)
    return where


def test_the_klassisch_drawing_and_every_page_of_a_table_run_under_the_policy(db_url, browser):
    run(
        db_url,
        "session",
        "new",
        "--rules",
        "klassisch",
        "--players",
        "Anna",
        "Berta",
        "Carl",
        "Dora",
        "--teams",
        "Anna+Carl",
        "Berta+Dora",
    )
    run(db_url, "add", "spiel", "-p", "Anna", "-a", "120", "--schwarz")
    served = Served(db_url, "--entry")
    link = next(line for line in _lines(served, 3) if "?key=" in line).split(": ", 1)[1].strip()
    watch_policy(browser)
    try:
        for url in (served.address, served.address + "?wall", served.address + "?hands=all", link):
            browser.open(url)
            browser.wait(lambda: browser.js("document.body && document.body.innerText.length > 40"), url)
            assert browser.js("!!document.querySelector('svg')"), url  # the drawing, or the entry page's QR code
            assert browser.js("window.violations") == [], url
    finally:
        served.stop()


def _lines(served: Served, count: int) -> list[str]:
    return [served.readline() for __ in range(count)]  # type: ignore[union-attr]


def test_every_page_follows_the_browsers_language_at_phone_and_wall_size(db_url, browser, shots):
    run(
        db_url, "session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", "Dora", "--tariff", "10"
    )
    run(db_url, "add", "rufspiel", "-p", "Anna", "-m", "Carl", "-a", "75")
    run(db_url, "tournament", "new", "Kirchweih", "--rules", "preisschafkopf", "--hands", "4", "--seed", "9")
    run(db_url, "tournament", "register", *[f"Sp{i}" for i in range(1, 9)])
    run(db_url, "tournament", "draw")
    first = __import__("json").loads(run(db_url, "tournament", "tables", "--format", "json"))["tables"][0]
    run(
        db_url,
        "add",
        "--session",
        str(first["session"]),
        "rufspiel",
        "-p",
        first["players"][1],
        "-m",
        first["players"][3],
        "-a",
        "70",
    )
    table = Served(db_url, "--entry", "--session", "1")
    entry = next(line for line in _lines(table, 3) if "?key=" in line).split(": ", 1)[1].strip()
    tournament = Served(db_url, "--tournament", "--entry")
    organiser = next(line for line in _lines(tournament, 4) if "?organiser=" in line).rsplit(": ", 1)[1].strip()
    pages = {
        "table": table.address,
        "entry": entry,
        "tournament": tournament.address,
        "wall": tournament.address + "?wall",
        "tournament table": f"{tournament.address}?session={first['session']}",
        "organiser": organiser,
    }
    watch_policy(browser)
    try:
        for width, height, mobile in SIZES:
            browser.size(width, height, mobile=mobile)
            for language, accept in (
                ("de", "de-DE,de;q=0.9,en;q=0.5"),
                ("en", "en-GB,en;q=0.9"),
                ("de", "fr-FR, de;q=0.8"),
            ):
                browser.language(accept)
                for name, url in pages.items():
                    browser.open(url)
                    browser.wait(lambda: browser.js("document.body && document.body.innerText.length > 40"), name)
                    assert browser.js("document.documentElement.lang") == language, (name, accept)
                    assert browser.js("window.violations") == [], name  # nothing inline the policy had to block
                    if name in ("table", "tournament table"):  # the chart loads though the page sends no Referer
                        browser.wait(
                            lambda: browser.js(
                                "(() => { const i = document.querySelector('.chart img');"
                                " return !!i && i.complete && i.naturalWidth > 0; })()"
                            ),
                            f"the chart of {name}",
                        )
                    seen = browser.text().lower()  # headings are set in capitals by the stylesheet
                    # an entry key is 32 random URL-safe characters: it may hold "--" or a word of its own
                    seen = re.sub(r"https?://\S+|[a-z0-9_-]{32}", "", seen)
                    other = "en" if language == "de" else "de"
                    for word in WORDS[name][language]:
                        assert has(word, seen), (name, accept, word)
                    for word in WORDS[name][other]:
                        assert not has(word, seen), (name, accept, word)
                    if language == "en":
                        assert not [w for w in GERMAN if has(w, seen)], (name, [w for w in GERMAN if has(w, seen)])
                    assert "--" not in seen.replace("–", ""), name
                    if width == 390 and accept.startswith("de-DE") and name in ("tournament table", "wall"):
                        browser.screenshot(str(shots / f"{name.replace(' ', '-')}-{language}-{width}.png"))
    finally:
        table.stop()
        tournament.stop()


def _hand_with(db_url: str, names: list[str]) -> None:
    run(
        db_url,
        "session",
        "new",
        "--rules",
        "doppelkopf-turnier" if len(names) > 4 else "schafkopf",
        "--players",
        *names,
    )


def test_the_result_card_fits_a_phone_for_four_five_and_six_names_without_sideways_scroll(db_url, browser, shots):
    from tests.helpers.phone import Phone

    long = ["Maximiliane", "Bartholomäus", "Kunigunde", "Friedrich-Wilhelm", "Zenzi", "Annemarie"]
    for count in (4, 5, 6):
        names = long[:count]
        run(db_url, "session", "new", "--rules", "doppelkopf-turnier", "--players", *names)
        served = Served(db_url, "--entry")
        link = next(line for line in _lines(served, 3) if "?key=" in line).split(": ", 1)[1].strip()
        try:
            for accept in ("de-DE,de", "en"):
                browser.language(accept)
                phone = Phone(browser, link)
                phone.choose("normal")
                playing = browser.js(
                    "Array.from(document.querySelectorAll('[data-option=player] .chip'), c => c.dataset.name)"
                )
                phone.name("player", playing[0])
                phone.name("partner", playing[2])
                phone.type_in('input[name="augen"]', "151")
                phone.tap("#record")
                browser.wait(lambda: browser.js("!document.getElementById('result').hidden"), "the result card")
                assert browser.js("document.getElementById('refusal').hidden"), browser.js(
                    "document.getElementById('refusal').textContent"
                )
                width = browser.js("[document.scrollingElement.scrollWidth, innerWidth]")
                assert width[0] <= width[1], (count, accept, width)
                card = browser.js(
                    "(() => { const r = document.getElementById('result').getBoundingClientRect(); return [r.left, r.right]; })()"
                )
                assert card[0] >= 0 and card[1] <= 390, (count, card)
                # every name and its total is on the card, none cut off
                cells = browser.js(
                    "Array.from(document.querySelectorAll('#result .payout tbody tr'), r => [r.cells[0].textContent, r.cells[0].scrollWidth <= r.cells[0].clientWidth + 1])"
                )
                assert [c[0] for c in cells] == names and all(c[1] for c in cells), cells
                if count in (4, 6):
                    for dark in (False, True):
                        browser.call(
                            "Emulation.setEmulatedMedia",
                            session=True,
                            features=[{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}],
                        )
                        browser.screenshot(str(shots / f"entry-{count}-{accept[:2]}-{'dark' if dark else 'light'}.png"))
                    browser.call("Emulation.setEmulatedMedia", session=True, features=[])
        finally:
            served.stop()


def test_the_wall_pages_through_every_player_of_a_23_player_tournament(db_url, browser, shots):
    import time

    players = [f"Spielerin{i:02d}" for i in range(1, 24)]
    run(db_url, "tournament", "new", "Kirchweih", "--rules", "preisschafkopf", "--hands", "4", "--seed", "9")
    run(db_url, "tournament", "register", *players)
    run(db_url, "tournament", "draw")
    served = Served(db_url, "--tournament")
    try:
        browser.size(1920, 1080)
        browser.open(served.address + "?wall&page=1")
        browser.wait(lambda: browser.js("!!document.querySelector('.standings .pages')"), "the wall to page")
        seen: set[str] = set()
        shot = False
        ends = time.monotonic() + 60
        while time.monotonic() < ends and len(seen) < len(players):
            shown = browser.js(
                "Array.from(document.querySelectorAll('.standings tbody tr'))"
                ".filter(r => r.offsetParent !== null && r.getBoundingClientRect().bottom <= innerHeight)"
                ".map(r => r.querySelector('.name').textContent.trim())"
            )
            assert 0 < len(shown) < len(players)  # a page at a time, each on the screen
            seen |= set(shown)
            if not shot and len(seen) > len(shown):
                browser.screenshot(str(shots / "wall-mid-paging.png"))
                shot = True
            time.sleep(0.3)
        assert seen == set(players)
    finally:
        served.stop()


def test_every_tap_target_of_the_entry_page_is_at_least_44_px(db_url, browser):
    from tests.helpers.phone import Phone

    run(db_url, "session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", "Dora")
    served = Served(db_url, "--entry")
    link = next(line for line in _lines(served, 3) if "?key=" in line).split(": ", 1)[1].strip()
    try:
        phone = Phone(browser, link)
        for hand_type in ("rufspiel", "ramsch", "wenz"):
            phone.tap("#other") if browser.js("!document.getElementById('other').hidden") else None
            phone.choose(hand_type)
            small = browser.js("""Array.from(document.querySelectorAll('button, summary, input, .chip, .foot a'))
                .filter(e => e.offsetParent !== null)
                .map(e => [e.textContent.trim() || e.name || e.tagName, e.getBoundingClientRect().width, e.getBoundingClientRect().height])
                .filter(([n, w, h]) => w < 44 || h < 44)""")
            assert small == [], (hand_type, small)
        # The read-only page's footer links (wall screen, normal) are a thumb's targets too.
        browser.open(link.split("?")[0])
        browser.wait(lambda: "wall screen" in browser.text(), "the read-only page")
        small = browser.js("""Array.from(document.querySelectorAll('.foot a'))
            .map(e => [e.textContent.trim(), e.getBoundingClientRect().width, e.getBoundingClientRect().height])
            .filter(([n, w, h]) => w < 44 || h < 44)""")
        assert small == [], small
    finally:
        served.stop()


@pytest.mark.parametrize("accept", ["de-DE,de;q=0.9", "en-GB,en;q=0.9"])
def test_a_refusal_on_the_page_names_the_fields_not_the_options(db_url, browser, accept):
    from tests.helpers.phone import Phone

    run(db_url, "session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", "Dora")
    served = Served(db_url, "--entry")
    link = next(line for line in _lines(served, 3) if "?key=" in line).split(": ", 1)[1].strip()
    german = accept.startswith("de")
    try:
        browser.language(accept)
        phone = Phone(browser, link)

        def refusal() -> str:
            browser.wait(lambda: browser.js("!document.getElementById('refusal').hidden"), "the refusal")
            return browser.js("document.getElementById('refusal').textContent").replace("\u00ad", "")

        phone.choose("wenz")
        phone.value("augen", "91")
        phone.tap("#record")
        said = refusal()
        assert said == ("Spieler fehlt; Wenz braucht es." if german else "Player is needed for Wenz.")
        phone.tap("#other")
        phone.choose("ramsch")
        for name, augen in (("Anna", "40"), ("Berta", "35"), ("Carl", "25"), ("Dora", "30")):
            phone.type_in(f'[data-option="augen_by_player"] input[data-name="{name}"]', augen)
        assert browser.js("document.getElementById('augen-sum').textContent") == (
            "Zusammen 130 von 120" if german else "Together 130 of 120"
        )
        phone.tap("#record")
        browser.wait(lambda: "130" in refusal(), "the Ramsch refusal")
        said = refusal()
        assert said == (
            "Die Augenzahl je Spieler muss zusammen 120 ergeben; diese ergeben 130."
            if german
            else "The Augen (card points) of each player must add up to 120; these add up to 130."
        )
        assert "--" not in said
        assert run(db_url, "list", "--format", "json").count('"number"') == 0  # nothing was recorded
    finally:
        served.stop()
