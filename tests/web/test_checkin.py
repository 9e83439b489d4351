"""The door of a season's tournament (`serve --tournament --entry`, web/season.py): the organiser checks players in
by season start number, name, or the address a card's QR code holds, and sees who is in, missing and new — through
Starlette's TestClient, and 30 players through the served page in headless chromium (a screenshot in $SCHREIBER_SHOTS)."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from schreiber.ledger.service import Ledger  # noqa: E402
from schreiber.web.tournament import create_tournament_app  # noqa: E402
from tests.web import chromium  # noqa: E402
from tests.web.test_serve_command import Served  # noqa: E402

BOSS = "the-organisers-own-key-for-this-test"
SEASON = [f"Spieler{i:02d}" for i in range(1, 41)]


@pytest.fixture
def door(cli):
    """A season of 40 players with numbers 1–40 (Spieler01 … Spieler40), Spieler01–03 played tournament 1; tournament 2
    is the one at the door."""
    cli.ok("season", "new", "Cup", "--rules", "preisschafkopf")
    cli.ok("season", "register", *SEASON)
    cli.ok("tournament", "new", "Januar", "--rules", "preisschafkopf", "--season", "1")
    cli.ok("tournament", "register", "Spieler01", "Spieler02", "Spieler03")
    cli.ok("tournament", "new", "Februar", "--rules", "preisschafkopf", "--season", "1")
    return cli


def entrants(cli, tournament: int = 2) -> list[str]:
    return [line.split(maxsplit=1)[1] for line in cli.ok("tournament", "show", str(tournament)).splitlines()[4:]]


def test_the_organiser_checks_in_by_number_name_and_card_address(door):
    cli = door
    ledger = Ledger.open(cli.url)
    try:
        client = TestClient(create_tournament_app(ledger, 2, entry=True, organiser=BOSS))
        assert client.get("/checkin").status_code == 403  # no cookie: not the organiser
        assert client.get("/checkin?organiser=wrong").status_code == 403
        first = client.get(f"/checkin?organiser={BOSS}", follow_redirects=False)
        assert first.status_code == 303 and "httponly" in first.headers["set-cookie"].lower()
        page = client.get("/checkin")
        assert "Missing (40)" in page.text and "Checked in (0)" in page.text
        token = page.text.split('name="token" value="')[1].split('"')[0]
        # A card's address, opened by the phone's camera: the player and one "Check in" button; the GET checks no one in.
        card = client.get("/checkin?number=17", headers={"Sec-Fetch-Site": "none"})
        assert card.status_code == 200 and "Spieler17 (17)" in card.text and card.text.count(">Check in</button>") == 1
        assert "is checked in" not in card.text and entrants(cli) == []
        pressed = client.post("/checkin", data={"who": "17", "token": token}, headers={"Origin": "http://testserver"})
        assert pressed.status_code == 200 and "Spieler17 (17) is checked in." in pressed.text  # after the redirect
        assert "was checked in already" in client.get("/checkin?number=17").text
        assert client.get("/checkin?number=99").status_code == 404
        # Nothing a GET asks for writes, from this site or another.
        for headers in ({"Sec-Fetch-Site": "none"}, {"Sec-Fetch-Site": "cross-site"}, {}):
            client.get("/checkin?number=18", headers=headers)
        assert entrants(cli) == ["Spieler17"]
        by_name = client.post("/checkin", data={"who": "spieler04", "token": token}, headers={"Accept": "application/json"})
        assert by_name.json()["said"] == "Spieler04 (4) is checked in."
        walk_in = client.post("/checkin", data={"who": "Zenzi", "new": "1", "token": token}, headers={"Accept": "application/json"})
        got = walk_in.json()
        assert got["said"] == "Zenzi is new to the season and checked in with start number 41."
        assert {"number": 41, "name": "Zenzi"} in got["new"] and {"number": 4, "name": "Spieler04"} in got["new"]
        assert {"number": 1, "name": "Spieler01"} in got["missing"] and len(got["checked_in"]) == 3
        before = entrants(cli)
        unknown = client.post("/checkin", data={"who": "99", "token": token})
        assert unknown.status_code == 422 and "season 1 has no player with start number 99" in unknown.text
        assert client.post("/checkin", data={"who": "4", "token": "forged"}).status_code == 403
        assert entrants(cli) == before
    finally:
        ledger.engine.dispose()


def test_checkin_command_and_its_refusals(door):
    cli = door
    assert "Checked in Spieler05 (5) to tournament 2." in cli.ok("tournament", "checkin", "5", "spieler06")
    assert "Spieler05 (5) is checked in already." in cli.ok("tournament", "checkin", "5")
    before = entrants(cli)
    for args, sentence in [
        (("tournament", "checkin", "99"), "NUMBER: season 1 has no player with start number 99"),
        (("tournament", "checkin", "7", "Spieler1x"), "did you mean"),
    ]:
        ran = cli(*args)
        assert ran.code == 2 and sentence in ran.err and len(ran.err.strip().splitlines()) == 1
        assert entrants(cli) == before
    cli.ok("tournament", "new", "Freundschaft", "--rules", "preisschafkopf")
    ran = cli("tournament", "checkin", "5")
    assert ran.code == 2 and "tournament 3 counts for no season" in ran.err


def test_cards_pdf_has_a_card_per_player(door, tmp_path):
    cli = door
    out = tmp_path / "cards.pdf"
    assert "40 check-in cards" in cli.ok("season", "cards", "--output", str(out), "--host", "192.168.1.10", "--port", "8150")
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    assert all(name in text for name in SEASON) and text.count("Show this card at the door.") == 40
    images = subprocess.run(["pdfimages", "-list", str(out)], capture_output=True, text=True, check=True).stdout
    assert len(images.strip().splitlines()) - 2 == 40  # a QR code per card
    pages = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True, check=True).stdout
    assert re.search(r"^Pages:\s+4$", pages, re.M)
    ran = cli("season", "cards", "--output", str(tmp_path / "cards.png"))
    assert ran.code == 2 and "--output" in ran.err


def test_thirty_players_checked_in_through_the_organisers_page_in_chromium(door, tmp_path):
    if not chromium.available():
        pytest.skip("no chromium")
    cli = door
    served = Served(cli.url, "--tournament", "2", "--entry")
    try:
        line = ""
        while "The organiser's check-in" not in line:
            line = served.proc.stdout.readline()  # type: ignore[union-attr]
            assert line, "serve printed no check-in address"
        checkin = line.strip().rsplit(" ", 1)[1]
        browser = chromium.Browser()
        try:
            browser.size(420, 900, mobile=True)
            browser.open(checkin)
            browser.wait(lambda: "Missing (40)" in browser.text(), "the door list")
            for i in range(1, 11):  # typed numbers
                browser.js(f"document.getElementById('who').value = '{i}'; document.querySelector('form').submit()")
                browser.wait(lambda i=i: f"Spieler{i:02d} ({i}) is checked in." in browser.text(), f"number {i}")
            for i in range(11, 21):  # typed names, in lower case
                browser.js(f"document.getElementById('who').value = 'spieler{i:02d}'; document.querySelector('form').submit()")
                browser.wait(lambda i=i: f"Spieler{i:02d} ({i}) is checked in." in browser.text(), f"name {i}")
            for i in range(21, 31):  # a card's QR code: the camera opens its address
                browser.open(served.address + f"checkin?number={i}")
                browser.wait(lambda i=i: f"Spieler{i:02d} ({i}) is checked in." in browser.text(), f"card {i}")
            text = browser.text()
            assert "Checked in (30)" in text and "Missing (10)" in text and "New to the season (27)" in text
            shots = Path(os.environ.get("SCHREIBER_SHOTS", tmp_path))
            shots.mkdir(parents=True, exist_ok=True)
            browser.screenshot(str(shots / "season-checkin.png"), full=True)
        finally:
            browser.close()
    finally:
        served.stop()
    assert entrants(cli) == [f"Spieler{i:02d}" for i in range(1, 31)]
