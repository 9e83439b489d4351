"""The entry page in a real browser (headless chromium, a phone-sized window): hands tapped in for
every rule set, a refusal, an undo — each checked against `schreiber list` — and the read-only page
of another phone following along. Screenshots go to $SCHREIBER_SHOTS (default: the test's folder)."""

from __future__ import annotations

import copy
import os
from pathlib import Path

import pytest

from tests.helpers import chromium
from tests.helpers.phone import Phone, listed_hands, serve_entry
from tests.helpers.schreiber import run, said


pytestmark = pytest.mark.skipif(
    not chromium.available() and os.environ.get("CI") != "true", reason="chromium is not installed"
)


def _second_tab(browser: chromium.Browser) -> chromium.Browser:
    """Another page in the same chromium: another phone at the table."""
    other = copy.copy(browser)
    target = browser.call("Target.createTarget", url="about:blank", browserContextId=browser.context)["targetId"]
    other.session = browser.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
    other.call("Page.enable", session=True)
    other.call("Runtime.enable", session=True)
    return other


def test_schafkopf_from_a_phone_rufspiel_wenz_ramsch_refusal_undo_and_another_phone_follows(db_url, browser, tmp_path):
    run(
        db_url, "session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", "Dora", "--tariff", "10"
    )
    served, link = serve_entry(db_url)
    try:
        watcher = _second_tab(browser)
        watcher.size(390, 844, mobile=True)
        watcher.open(served.address)
        watcher.wait(
            lambda: watcher.js("document.getElementById('live').textContent") == "live", "the read-only page's stream"
        )
        phone = Phone(browser, link)
        assert "Hand 1 · Anna deals" in browser.text()

        # A Rufspiel: Anna with Carl, 75 Augen typed on the keypad, 3 Laufende
        phone.choose("rufspiel")
        assert set(phone.shown_options()) == {"player", "partner", "augen", "laufende", "klopfen", "sau", "flags"}
        phone.name("player", "Anna")
        phone.name("partner", "Carl")
        phone.type_in('input[name="augen"]', "75")
        phone.value("laufende", "3")
        shown = phone.record(1)
        assert "Hand 1: Rufspiel Anna+Carl — Rufspiel 1 + Laufende 3 = 4" in shown
        # the other phone's read-only page has it without reloading
        watcher.wait(lambda: "Rufspiel Anna+Carl" in watcher.text(), "the hand on the other phone", timeout=10)

        # A Wenz with Laufende and Klopfen: only the inputs a Wenz takes (no partner)
        phone.choose("wenz")
        assert "partner" not in phone.shown_options()
        phone.name("player", "Carl")
        phone.value("augen", "91")
        phone.value("laufende", "2")
        phone.name("klopfen", "Anna")
        shown = phone.record(2)
        assert "Wenz Carl" in shown

        # A Ramsch: Augen per player
        phone.choose("ramsch")
        assert "augen_by_player" in phone.shown_options() and "player" not in phone.shown_options()
        for name, augen in (("Anna", "40"), ("Berta", "35"), ("Carl", "25"), ("Dora", "20")):
            phone.type_in(f'[data-option="augen_by_player"] input[data-name="{name}"]', augen)
        phone.record(3)

        # A refusal: a Geier without Augen — the sentence `add` says, in the page's words (the field it
        # shows, not the option), nothing recorded, the input kept
        phone.choose("geier")
        phone.name("player", "Dora")
        phone.tap("#record")
        browser.wait(lambda: browser.js("!document.getElementById('refusal').hidden"), "the refusal")
        refusal = browser.js("document.getElementById('refusal').textContent").replace("\u00ad", "")
        refused = said(db_url, "add", "geier", "--player", "Dora")
        assert refused.code == 2 and refused.err.strip() == "schreiber: --augen N is needed for geier."
        assert refusal == "Augen (card points) of the declarer's party is needed for Geier."
        assert browser.js("document.querySelector('[data-option=player] .chip.on').dataset.name") == "Dora"
        assert len(listed_hands(db_url)) == 3

        listed = listed_hands(db_url)
        assert [(h["number"], h["description"]) for h in listed] == [
            (1, "rufspiel Anna+Carl"),
            (2, "wenz Carl"),
            (3, "ramsch"),
        ]
        assert listed[0]["facts"] == {
            "type": "rufspiel",
            "player": "Anna",
            "partner": "Carl",
            "augen": 75,
            "laufende": 3,
        }
        assert listed[1]["facts"] == {"type": "wenz", "player": "Carl", "augen": 91, "laufende": 2, "klopfen": ["Anna"]}
        assert listed[2]["facts"]["augen_by_player"] == {"Anna": 40, "Berta": 35, "Carl": 25, "Dora": 20}
        # the totals on the phone are those of `list`
        totals = browser.js(
            "Array.from(document.querySelectorAll('#totals tr'), r => [r.cells[0].textContent, r.cells[1].textContent])"
        )
        signed = {n: (f"+{v}" if v > 0 else f"−{-v}" if v < 0 else "0") for n, v in listed[-1]["totals"].items()}
        assert dict(totals) == signed

        shots = Path(os.environ.get("SCHREIBER_SHOTS", tmp_path))
        shots.mkdir(parents=True, exist_ok=True)
        browser.screenshot(str(shots / "entry-after-ramsch.png"))

        # Undo, after a confirmation
        phone.tap("#undo")
        browser.wait(lambda: browser.js("!document.getElementById('confirm').hidden"), "the question")
        assert "Void hand 3 (Ramsch)?" in browser.js("document.getElementById('confirm').innerText")
        assert len(listed_hands(db_url)) == 3  # nothing happens before the answer
        phone.tap("#yes")
        browser.wait(lambda: "Hand 3 is void." in browser.text(), "the undo")
        assert [h["number"] for h in listed_hands(db_url)] == [1, 2]
        watcher.wait(lambda: "Ramsch" not in watcher.text(), "the undo on the other phone", timeout=10)
    finally:
        served.stop()


def test_a_second_phone_on_the_same_hand_is_told_and_records_it_next_only_when_asked(db_url, browser):
    run(db_url, "session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", "Dora")
    served, link = serve_entry(db_url)
    try:
        phone = Phone(browser, link)
        phone.choose("wenz")
        phone.name("player", "Carl")
        phone.value("augen", "91")
        run(db_url, "add", "geier", "--player", "Dora", "--augen", "70")  # meanwhile, from a laptop
        phone.tap("#record")
        browser.wait(lambda: browser.js("!document.getElementById('moved').hidden"), "the notice")
        assert "Hand 1 was just recorded from another device." in browser.text()
        assert [h["description"] for h in listed_hands(db_url)] == ["geier Dora"]
        phone.tap("#again")
        browser.wait(lambda: "Hand 2: Wenz Carl" in browser.text(), "hand 2")
        assert [h["description"] for h in listed_hands(db_url)] == ["geier Dora", "wenz Carl"]
    finally:
        served.stop()


def test_doppelkopf_with_absagen_and_a_fuchs(db_url, browser):
    run(db_url, "session", "new", "--rules", "doppelkopf-turnier", "--players", "Anna", "Berta", "Carl", "Dora")
    served, link = serve_entry(db_url)
    try:
        phone = Phone(browser, link)
        phone.choose("normal")
        assert {"re_absage", "kontra_absage", "fuchs_re", "karlchen"} <= set(phone.shown_options())
        phone.name("player", "Carl")
        phone.name("partner", "Dora")
        phone.type_in('input[name="augen"]', "160")
        phone.value("re_absage", "90")
        phone.value("fuchs_re", "1")
        phone.flag("re")
        shown = phone.record(1)
        listed = listed_hands(db_url)
        assert listed[0]["facts"] == {
            "type": "normal",
            "player": "Carl",
            "partner": "Dora",
            "augen": 160,
            "re": True,
            "re_absage": 90,
            "fuchs_re": 1,
        }
        assert listed[0]["formula"] in shown
    finally:
        served.stop()


def test_klassisch_and_buchstaben(db_url, browser):
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
    served, link = serve_entry(db_url)
    try:
        phone = Phone(browser, link)
        phone.choose("spiel")
        assert set(phone.shown_options()) == {"player", "augen", "flags"}
        phone.name("player", "Anna")
        phone.value("augen", "120")
        phone.flag("schwarz")
        phone.record(1)
        assert listed_hands(db_url)[0]["facts"] == {
            "type": "spiel",
            "player": "Anna",
            "augen": 120,
            "schwarz": True,
            "teams": [["Anna", "Carl"], ["Berta", "Dora"]],
        }
    finally:
        served.stop()
    run(db_url, "session", "new", "--rules", "buchstaben", "--players", "Anna", "Berta", "Carl")
    served, link = serve_entry(db_url)
    try:
        phone = Phone(browser, link)
        assert "solo" not in browser.js(
            "Array.from(document.querySelectorAll('#types .type'), b => b.dataset.type)"
        )  # not at 3
        phone.choose("spiel")
        phone.name("player", "Berta")
        phone.value("augen", "37")
        phone.flag("spritze")
        phone.record(1)
        phone.choose("du")
        assert "augen" not in phone.shown_options() and "won" in phone.shown_options()
        phone.name("player", "Carl")
        phone.value("won", "false")
        phone.record(2)
        listed = listed_hands(db_url)
        assert listed[0]["facts"] == {"type": "spiel", "player": "Berta", "augen": 37, "spritze": True}
        assert listed[1]["facts"] == {"type": "du", "player": "Carl", "won": False}
    finally:
        served.stop()
