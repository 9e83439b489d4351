"""The entry page of an evening of two hands (headless chromium, 390×844; issue 39): once the second hand is
recorded from the phone, the page says the series is over where it named the next dealer and offers no hand
type and no form; an undo on the page brings them back, and the hand is taken again."""

from __future__ import annotations

import os

import pytest

from tests.helpers import chromium
from tests.helpers.schreiber import run
from tests.helpers.phone import Phone, listed_hands, serve_entry  # noqa: F401  (the fixture)

pytestmark = pytest.mark.skipif(
    not chromium.available() and os.environ.get("CI") != "true", reason="chromium is not installed"
)

OVER = "The series is over: 2 of 2 hands."


def kreuz(phone: Phone, player: str, number: int) -> str:
    phone.choose("kreuz")
    phone.name("player", player)
    phone.value("spitzen", "1")
    phone.type_in('input[name="augen"]', "75")
    return phone.record(number)


def test_the_last_hand_of_the_evening_ends_the_form_and_an_undo_brings_it_back(db_url, browser):  # noqa: F811
    run(db_url, "session", "new", "--rules", "skat", "--players", "Anna", "Berta", "Carl", "--hands", "2")
    served, link = serve_entry(db_url)
    try:
        phone = Phone(browser, link)
        kreuz(phone, "Anna", 1)
        assert "Next dealer: Berta" in browser.js("document.getElementById('result').innerText")
        shown = kreuz(phone, "Berta", 2)
        assert OVER in shown and "Next dealer" not in shown  # the result says it instead of the next dealer
        assert browser.js("document.getElementById('next').innerText") == OVER
        assert browser.js("document.getElementById('choose').hidden && document.getElementById('hand').hidden")

        phone.tap("#undo")
        browser.wait(lambda: browser.js("!document.getElementById('confirm').hidden"), "the question")
        phone.tap("#yes")
        browser.wait(lambda: "Hand 2 is void." in browser.text(), "the undo")
        browser.wait(lambda: not browser.js("document.getElementById('choose').hidden"), "the hand types back")
        assert browser.js("document.getElementById('next').innerText").startswith("Hand 2 · ")
        assert "Hand 2: Kreuz Carl" in kreuz(phone, "Carl", 2)
        assert [h["description"] for h in listed_hands(db_url)] == ["kreuz Anna", "kreuz Carl"]
        browser.wait(lambda: browser.js("document.getElementById('choose').hidden"), "the series over again")
    finally:
        served.stop()
