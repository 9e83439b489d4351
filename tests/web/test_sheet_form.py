"""The organiser's sheet form (issue 41.2, web/sheet_form.py): a table's paper sheet typed in seat order, checked as
typed by the checks of `tournament result`, stored once however often it is sent, replaced only when asked; refused
in one sentence without the organiser's cookie, from another site, with a body that is not a sheet, and once a
prize is paid — through Starlette's TestClient, and one sheet typed in headless chromium at 390 px."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from schreiber.ledger.service import Ledger  # noqa: E402
from schreiber.web.app import create_tournament_app  # noqa: E402
from tests.helpers.web import Served, assert_hardened, text  # noqa: E402
from tests.helpers import chromium  # noqa: E402
from tests.helpers.sheet_form import BOSS, PLAYERS, SAME, points, seated  # noqa: E402


@pytest.fixture
def day(cli):
    cli.ok("tournament", "new", "Kirchweih", "--rules", "preisschafkopf", "--hands", "8", "--seed", "9")
    cli.ok("tournament", "set", "verlustspiel=50", "reuegeld=20")
    cli.ok("tournament", "register", *PLAYERS)
    cli.ok("tournament", "draw")
    return cli


@pytest.fixture
def desk(day):
    """The organiser's browser: the cookie the key gave it, and the form's token from the page."""
    ledger = Ledger.open(day.url)
    try:
        client = TestClient(create_tournament_app(ledger, 1, entry=True, organiser=BOSS))
        first = client.get(f"/sheet?organiser={BOSS}&round=1&table=2", follow_redirects=False)
        assert first.status_code == 303 and first.headers["location"] == "/sheet?round=1&table=2"
        page = client.get(first.headers["location"])
        token = page.text.split('data-token="')[1].split('"')[0]
        client.headers.update({"X-Schreiber-Token": token, **SAME})
        yield client, page
    finally:
        ledger.engine.dispose()


def sheets(cli) -> list[dict]:
    return cli.json("tournament", "show", "--format", "json")["sheets"]


def test_the_form_shows_the_table_in_seat_order_with_its_fields(day, desk):
    client, page = desk
    shown = text(page.text)
    assert "Round 1 · table 2" in shown
    for name, number in seated(day, 2):
        assert f"{name} ({number})" in shown
    assert page.text.index(seated(day, 2)[0][0]) < page.text.index(seated(day, 2)[3][0])  # seat order
    assert page.text.count('name="points"') == 4 and page.text.count('name="soli"') == 4
    assert page.text.count('name="lost"') == 4 and 'id="thrown"' in page.text  # Verlustspielgeld, Reuegeld
    assert 'name="won"' not in page.text
    assert_hardened(page, "the sheet form", referrer="same-origin")
    german = client.get("/sheet?round=1&table=1", headers={"Accept-Language": "de"})
    assert "Runde 1 · Tisch 1" in text(german.text) and "Zettel senden" in text(german.text)


def test_a_sheet_is_checked_as_typed_stored_once_and_replaced_only_when_asked(day, desk):
    client, _page = desk
    names = [name for name, _n in seated(day, 2)]
    odd = client.post("/sheet/check", json={"round": 1, "table": 2, "points": [12, 0, 0, 0]})
    assert odd.status_code == 422 and "multiple of 5" in odd.json()["error"]
    assert_hardened(odd, "a check")
    good = {"round": 1, "table": 2, "points": [60, 20, 0, 0], "soli": [1, 0, 0, 0], "lost": [0, 1, 2, 0], "thrown": 1}
    assert client.post("/sheet/check", json=good).json() == {"ok": True, "sum": 80}
    assert sheets(day) == []  # a check stores nothing
    first = client.post("/sheet", json=good | {"request": "r1"})
    assert first.status_code == 200 and first.json()["stored"] is True
    again = client.post("/sheet", json=good | {"request": "r1"})  # the same form sent again (no answer came)
    assert again.status_code == 200 and again.json()["again"] is True
    assert len(sheets(day)) == 1
    stored = points(day)
    assert stored[names[0]] == 60 and stored[names[1]] == 20
    other = client.post("/sheet", json=good | {"request": "r1", "points": [40, 40, 0, 0]})
    assert other.status_code == 422 and "another sheet" in other.json()["error"]
    asked = client.post("/sheet", json=good | {"points": [40, 40, 0, 0], "request": "r2"})
    assert asked.status_code == 409 and asked.json()["replace"] is True and "replace it?" in asked.json()["error"]
    assert points(day)[names[0]] == 60
    done = client.post("/sheet", json=good | {"points": [40, 40, 0, 0], "request": "r3", "replace": True})
    assert done.status_code == 200 and done.json()["replaced"] is True
    assert points(day)[names[0]] == 40 and len(sheets(day)) == 2  # the old one is kept, as `result --replace`
    cash = day.json("tournament", "cash", "--format", "json")
    assert cash["pot"] == 3 * 50 + 4 * 20  # the lost games and the thrown-in hand reach the money


BAD = [
    ({"round": 1, "table": 2, "points": [60, 20, 0]}, "points: give 4 values"),
    ({"round": 1, "table": 2, "points": ["60", 20, 0, 0]}, "points: give a whole number"),
    ({"round": 1, "table": 2, "points": [True, 20, 0, 0]}, "points: give a whole number"),
    ({"round": 1, "table": 2, "points": [10**20, 0, 0, 0]}, "points: give a whole number"),
    ({"round": 1, "table": 2, "points": [60, 20, 0, 0], "soli": [-1, 0, 0, 0]}, "soli: give a whole number"),
    ({"round": 1, "table": 2, "points": [60, 20, 0, 0], "thrown": -2}, "thrown: give a whole number"),
    ({"round": 1, "table": 9, "points": [60, 20, 0, 0]}, "table: round 1 has tables 1 to 2, not 9."),
    ({"round": 4, "table": 1, "points": [60, 20, 0, 0]}, "round: no round 4 is drawn."),
    ({"round": "1", "table": 1}, "round: give a whole number"),
    ({"round": 1, "table": 2, "points": [60, 20, 0, 0], "soli": [5, 0, 0, 0]}, "--soli: 5 won Soli"),
    ({"round": 1, "table": 2, "points": [60, -20, 0, 0]}, "nobody has less than 0 points"),
    ({"round": 1, "table": 2, "points": [60, 20, 0, 0], "request": 7}, "request: send the form's own request key"),
    ([1, 2], "Send the sheet as the form does"),
]


@pytest.mark.parametrize("path", ["/sheet", "/sheet/check"])
def test_a_body_that_is_no_sheet_is_refused_in_one_sentence(day, desk, path):
    client, _page = desk
    for body, says in BAD:
        got = client.post(path, json=body)
        assert 400 <= got.status_code < 500 and says in got.json()["error"], (body, got.text)
        assert got.json()["error"].count(". ") == 0 or says.endswith("."), got.text
        assert_hardened(got, str(body))
    assert client.post(path, content=b"{not json").status_code == 422
    assert client.post(path, content=b"[" * 5000 + b"]" * 5000).status_code == 413
    assert sheets(day) == []


def test_only_the_organisers_own_page_writes(day, desk):
    client, _page = desk
    body = {"round": 1, "table": 1, "points": [60, 20, 0, 0]}
    stranger = TestClient(client.app)
    assert stranger.get("/sheet?round=1&table=1").status_code == 403  # a printed QR code without the cookie
    assert stranger.get("/sheet?organiser=wrong").status_code == 403
    assert stranger.post("/sheet", json=body, headers=SAME).status_code == 403
    cross = client.post("/sheet", json=body, headers={"Origin": "http://evil.example"})
    assert cross.status_code == 403 and "another site" in cross.json()["error"]
    forged = client.post("/sheet", json=body, headers={"X-Schreiber-Token": "made-up"})
    assert forged.status_code == 403
    assert client.get("/sheet?round=x&table=1").status_code == 422
    assert client.get("/sheet?round=7&table=1").status_code == 404
    assert sheets(day) == []


def test_paid_is_paid(day, desk):
    client, _page = desk
    client.post("/sheet", json={"round": 1, "table": 1, "points": [60, 20, 0, 0]})
    day.ok("tournament", "set", "preise=1000")
    first = day.json("tournament", "standings", "--format", "json")["players"][0]["number"]
    day.ok("tournament", "pay", str(first), "--prize")
    body = {"round": 1, "table": 2, "points": [60, 20, 0, 0]}
    for path in ("/sheet/check", "/sheet"):
        got = client.post(path, json=body)
        assert (
            got.status_code == 422
            and "paid out already" in got.json()["error"]
            and "--force" not in got.json()["error"]
        )
    assert len(sheets(day)) == 1


def type_in(browser, seat: int, value) -> None:
    browser.js(
        f"var i = document.getElementById('points-{seat}'); i.value = '{value}';"
        "i.dispatchEvent(new Event('input', {bubbles: true}))"
    )


def said(browser, element: str) -> str:
    return browser.js(f"document.getElementById('{element}').textContent")


@pytest.mark.browser
@pytest.mark.skipif(not chromium.available(), reason="no chromium")
def test_a_sheet_typed_on_a_phone_moves_the_standings(day, tmp_path):
    cli = day
    served = Served(cli.url, "--tournament", "--entry")
    shots = Path(os.environ.get("SCHREIBER_SHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    names = [name for name, _n in seated(cli, 1)]
    try:
        line = ""
        while "/sheet?organiser=" not in line:  # after the organiser's page, its QR code and the check-in
            line = served.readline()
            assert line, "serve said no sheet form"
        form = line.strip().rsplit(" ", 1)[1]
        browser = chromium.Browser()
        try:
            browser.size(390, 844, mobile=True)
            browser.language("de")
            browser.open(form)
            browser.wait(lambda: "Runde 1 · Tisch 1" in browser.text(), "the form in German", timeout=30)
            type_in(browser, 0, 12)
            for seat in (1, 2, 3):
                type_in(browser, seat, 0)
            browser.wait(lambda: browser.js("document.getElementById('check').className") == "check bad", "the refusal")
            assert "12" in said(browser, "check")  # the rule set's own sentence, in German
            assert said(browser, "sum") == "Summe: 12"
            browser.screenshot(str(shots / "sheet-form-de.png"))
            assert browser.js("document.documentElement.scrollWidth") <= 390  # nothing runs off a phone
            browser.language("en")
            browser.open(form.split("sheet?")[0] + "sheet?round=1&table=1")  # as a printed QR code opens it
            browser.wait(lambda: "Round 1 · table 1" in browser.text(), "the form in English", timeout=30)
            for seat, value in enumerate((25, 15, 0, 10)):
                type_in(browser, seat, value)
            browser.wait(lambda: said(browser, "check") == "The sheet fits the rules.", "the check")
            assert said(browser, "sum") == "Sum: 50"
            browser.js("document.getElementById('send').click()")
            browser.wait(lambda: "the sheet is stored" in said(browser, "said"), "stored")
            browser.screenshot(str(shots / "sheet-form-en.png"))
            assert browser.js("document.documentElement.scrollWidth") <= 390
            browser.js("document.getElementById('send').click()")  # the same form sent again: stored once
            browser.wait(lambda: "the sheet is stored" in said(browser, "said"), "the same answer")
            type_in(browser, 0, 30)
            type_in(browser, 3, 5)
            browser.js("document.getElementById('send').click()")  # another sheet: asks before it replaces
            browser.wait(lambda: "replace it?" in said(browser, "check"), "the question")
            assert browser.js("document.getElementById('replace').hidden") is False
            browser.open(form.split("sheet?")[0])
            browser.wait(
                lambda: f"{names[0]}" in browser.text() and "25" in browser.text(), "the standings", timeout=30
            )
        finally:
            browser.close()
    finally:
        served.stop()
    assert points(cli)[names[0]] == 25 and points(cli)[names[3]] == 10 and len(sheets(cli)) == 1
