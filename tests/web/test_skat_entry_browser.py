"""A Skat series of four hands tapped in on the entry page (headless chromium, 390×844) at a table
of four (the dealer sits out), checked against `list` and `report`: the Spitzen as buttons, Hand and
the announcements as flags, won/lost only where every trick decides, and only what a type takes."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.helpers import chromium
from tests.helpers.schreiber import run
from tests.helpers.phone import Phone, listed_hands, serve_entry  # noqa: F401  (the fixture)

pytestmark = pytest.mark.skipif(
    not chromium.available() and os.environ.get("CI") != "true", reason="chromium is not installed"
)


def test_a_skat_series_of_four_hands_from_a_phone(db_url, browser, tmp_path):  # noqa: F811
    run(db_url, "session", "new", "--rules", "skat", "--players", "Anna", "Berta", "Carl", "Dora", "--tariff", "1")
    served, link = serve_entry(db_url)
    try:
        phone = Phone(browser, link)
        assert "Hand 1 · Anna deals" in browser.text()
        # Ramsch is not offered: the table does not play it
        assert "ramsch" not in browser.js("Array.from(document.querySelectorAll('#types .type'), b => b.dataset.type)")

        # Grand Hand mit 4 of Berta (Anna deals and sits out): a suit game's inputs, no won/lost yet
        phone.choose("grand")
        assert phone.shown_options() == ["player", "spitzen", "reizwert", "augen", "flags"]
        assert browser.js(
            "Array.from(document.querySelectorAll('[data-option=player] .chip'), c => c.dataset.name)"
        ) == ["Berta", "Carl", "Dora"]
        assert browser.js(
            "Array.from(document.querySelectorAll('[data-option=spitzen] .chip'), c => c.dataset.value)"
        ) == ["1", "2", "3", "4"]
        flags = lambda: browser.js("Array.from(document.querySelectorAll('[data-flag]'), c => c.dataset.flag)")  # noqa: E731
        assert flags() == ["ohne", "hand", "ouvert", "schwarz"]
        phone.name("player", "Berta")
        phone.value("spitzen", "4")
        phone.flag("hand")
        assert flags() == ["ohne", "hand", "schneider_angesagt", "schwarz_angesagt", "ouvert", "schwarz"]
        phone.type_in('input[name="augen"]', "95")
        shots = Path(os.environ.get("SCHREIBER_SHOTS", tmp_path))
        shots.mkdir(parents=True, exist_ok=True)
        browser.screenshot(str(shots / "skat-entry-grand.png"))
        assert "Hand 1: Grand Berta — Grand Hand mit 4, Schneider: 24 × 7 = 168" in phone.record(1)

        # Kreuz ohne 2 of Carl, lost with 58, bid 36
        phone.choose("kreuz")
        assert browser.js("document.querySelectorAll('[data-option=spitzen] .chip').length") == 11
        assert browser.js("document.querySelector('[data-flag=hand]').textContent") == "Hand"
        phone.name("player", "Carl")
        phone.value("spitzen", "2")
        phone.flag("ohne")
        phone.type_in('input[name="reizwert"]', "36")
        phone.type_in('input[name="augen"]', "58")
        assert "Kreuz ohne 2: 12 × 3 = 36" in phone.record(2)

        # Grand ouvert: Augen step aside for won/lost
        phone.choose("grand")
        phone.name("player", "Dora")
        phone.value("spitzen", "1")
        phone.type_in('input[name="augen"]', "70")  # typed, then ouvert is tapped: not sent
        phone.flag("ouvert")
        assert phone.shown_options() == ["player", "spitzen", "reizwert", "won", "flags"]
        phone.value("won", "true")
        browser.screenshot(str(shots / "skat-entry-ouvert.png"))
        assert "Grand ouvert mit 1: 24 × 8 = 192" in phone.record(3)

        # Null Hand of Anna, lost: no Spitzen, no Augen
        phone.choose("null")
        assert phone.shown_options() == ["player", "reizwert", "won", "flags"]
        assert flags() == ["hand", "ouvert"]
        phone.name("player", "Anna")
        phone.flag("hand")
        phone.value("won", "false")
        assert "Null Hand: 35" in phone.record(4)
        browser.screenshot(str(shots / "skat-entry-after.png"))

        listed = listed_hands(db_url)
        assert [h["facts"] for h in listed] == [
            {"type": "grand", "player": "Berta", "augen": 95, "spitzen": 4, "hand": True},
            {"type": "kreuz", "player": "Carl", "augen": 58, "spitzen": 2, "ohne": True, "reizwert": 36},
            {"type": "grand", "player": "Dora", "won": True, "spitzen": 1, "ouvert": True},
            {"type": "null", "player": "Anna", "won": False, "hand": True},
        ]
        assert [h["sitting_out"] for h in listed] == [["Anna"], ["Berta"], ["Carl"], ["Dora"]]
        report = json.loads(run(db_url, "report", "--format", "json"))
        points = {"Anna": -70, "Berta": 168, "Carl": -72, "Dora": 192}
        assert {p["name"]: p["points"] for p in report["players"]} == points
        total = sum(points.values())
        assert {p["name"]: p["cents"] for p in report["players"]} == {n: 4 * v - total for n, v in points.items()}
        totals = browser.js(
            "Array.from(document.querySelectorAll('#totals tr'), r => [r.cells[0].textContent, r.cells[1].textContent])"
        )
        assert dict(totals) == {n: (f"+{v}" if v > 0 else f"−{-v}") for n, v in points.items()}
    finally:
        served.stop()


def test_k13_and_k14_from_a_german_phone_and_the_void_button_stays_inside_390_px(db_url, browser, tmp_path):  # noqa: F811
    """Issue 39: "Pik Hand mit 1" at 72 and Schwarz with the Skat's 15 Augen are tapped in; the chips offer
    Skat's Augen; "Streichen" beside a long breakdown stays on the phone's screen."""
    run(db_url, "session", "new", "--rules", "skat", "--players", "Anna", "Berta", "Carl")
    served, link = serve_entry(db_url)
    try:
        phone = Phone(browser, link)
        phone.choose("pik")
        chips = browser.js("Array.from(document.querySelectorAll('.chips.quick .chip'), c => c.dataset.value)")
        assert {"30", "31", "60", "61", "89", "90"} <= set(chips) and "91" not in chips
        phone.name("player", "Anna")
        phone.value("spitzen", "1")
        phone.flag("hand")
        phone.type_in('input[name="reizwert"]', "72")
        phone.type_in('input[name="augen"]', "75")
        assert "11 × 7 = 77" in phone.record(1)
        phone.choose("kreuz")
        phone.name("player", "Berta")
        phone.value("spitzen", "1")
        phone.flag("ohne")
        phone.type_in('input[name="augen"]', "15")
        phone.flag("schwarz")
        assert "12 × 4 = 48" in phone.record(2)
        # The same page in German, where the button says "Streichen".
        browser.language("de")
        Phone(browser, link)
        shots = Path(os.environ.get("SCHREIBER_SHOTS", tmp_path))
        shots.mkdir(parents=True, exist_ok=True)
        browser.screenshot(str(shots / "skat-entry-k13-k14.png"), full=True)
        assert [h["payouts"] for h in listed_hands(db_url)] == [
            {"Anna": -154, "Berta": 0, "Carl": 0},
            {"Anna": 0, "Berta": -96, "Carl": 0},
        ]
        buttons = browser.js(
            "Array.from(document.querySelectorAll('#recent button'), b => [b.textContent, "
            "Math.ceil(b.getBoundingClientRect().right), b.scrollWidth <= b.clientWidth])"
        )
        assert buttons and all(text == "Streichen" and right <= 390 and fits for text, right, fits in buttons), buttons
        assert browser.js("document.documentElement.scrollWidth") <= 390
    finally:
        served.stop()
