"""The door of a season's tournament (`serve --tournament --entry`, web/checkin.py): the organiser checks players in
by season start number, name, or the address a card's QR code holds, and sees who is in, missing and new — through
Starlette's TestClient, and 30 players through the served page in headless chromium (a screenshot in $SCHREIBER_SHOTS)."""

from __future__ import annotations

import html
import os
import re
import subprocess
from pathlib import Path

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from schreiber.ledger.service import Ledger  # noqa: E402
from schreiber.web.app import create_tournament_app  # noqa: E402
from tests.helpers import chromium  # noqa: E402
from tests.helpers.web import Served  # noqa: E402
from tests.helpers.checkin import BOSS, SEASON, entrants


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
        huge = client.get("/checkin?number=" + "9" * 5000)  # a number of more digits than a start number has: no 500
        assert huge.status_code == 404 and "a season start number has at most 6 digits" in huge.text
        huge = client.post("/checkin", data={"who": "9" * 5000, "token": token})
        assert huge.status_code == 413  # longer than the form's 4 KB
        huge = client.post("/checkin", data={"who": "9" * 3000, "token": token})
        assert huge.status_code == 422 and "NUMBER: a season start number has at most 6 digits." in huge.text
        # Nothing a GET asks for writes, from this site or another.
        for headers in ({"Sec-Fetch-Site": "none"}, {"Sec-Fetch-Site": "cross-site"}, {}):
            client.get("/checkin?number=18", headers=headers)
        assert entrants(cli) == ["Spieler17"]
        by_name = client.post(
            "/checkin", data={"who": "spieler04", "token": token}, headers={"Accept": "application/json"}
        )
        assert by_name.json()["said"] == "Spieler04 (4) is checked in."
        walk_in = client.post(
            "/checkin", data={"who": "Zenzi", "new": "1", "token": token}, headers={"Accept": "application/json"}
        )
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


@pytest.mark.parametrize(
    "accept, lang, missing, refusal",
    [
        ("de-AT,de;q=0.9", "de", "Fehlen noch (40)", "Einchecken ist Sache der Turnierleitung"),
        ("en-GB", "en", "Missing (40)", "Check-in is the organiser's"),
    ],
)
def test_the_door_speaks_the_language_of_each_request(door, accept, lang, missing, refusal):
    # The door, its card and its refusals in the browser's language, as every page of `serve` (web/hardening.py).
    ledger = Ledger.open(door.url)
    try:
        with TestClient(create_tournament_app(ledger, 2, entry=True, organiser=BOSS)) as client:
            client.headers["Accept-Language"] = accept
            refused = client.get("/checkin")
            assert refused.status_code == 403 and refusal in refused.text
            page = client.get(f"/checkin?organiser={BOSS}")
            assert f'<html lang="{lang}">' in page.text and missing in page.text
            card = client.get("/checkin?number=17")
            assert f'<html lang="{lang}">' in card.text and "Spieler17 (17)" in card.text
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
    # A tournament of no season checks in its own registered players only (issue 41): nobody is registered by it.
    cli.ok("tournament", "new", "Freundschaft", "--rules", "preisschafkopf")
    ran = cli("tournament", "checkin", "5")
    assert ran.code == 2 and "no player of Freundschaft has start number 5" in ran.err


def test_cards_pdf_has_a_card_per_player(door, tmp_path):
    cli = door
    out = tmp_path / "cards.pdf"
    assert "40 check-in cards" in cli.ok(
        "season", "cards", "--output", str(out), "--host", "192.168.1.10", "--port", "8150"
    )
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
            line = served.readline()
            assert line, "serve printed no check-in address"
        checkin = line.strip().rsplit(" ", 1)[1]
        browser = chromium.Browser()
        try:
            browser.size(420, 900, mobile=True)
            browser.open(checkin)
            browser.wait(lambda: "Missing (40)" in browser.text(), "the door list")
            browser.open(served.address + "checkin?number=21")  # a GET of a card's address checks no one in
            browser.wait(lambda: "Spieler21 (21)" in browser.text(), "card 21")
            assert entrants(cli) == []
            browser.open(served.address + "checkin")
            for i in range(1, 11):  # typed numbers
                browser.js(
                    f"document.getElementById('who').value = '{i}'; document.querySelector('form.door').submit()"
                )
                browser.wait(lambda i=i: f"Spieler{i:02d} ({i}) is checked in." in browser.text(), f"number {i}")
            for i in range(11, 21):  # typed names, in lower case
                browser.js(
                    f"document.getElementById('who').value = 'spieler{i:02d}'; document.querySelector('form.door').submit()"
                )
                browser.wait(lambda i=i: f"Spieler{i:02d} ({i}) is checked in." in browser.text(), f"name {i}")
            for i in range(21, 31):  # a card's QR code: the camera opens its address, the button checks in
                browser.open(served.address + f"checkin?number={i}")
                browser.wait(lambda i=i: f"Spieler{i:02d} ({i})" in browser.text(), f"card {i}")
                assert "is checked in" not in browser.text()
                browser.js("document.getElementById('checkin-card').click()")
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


# A season as a club's: Özlem has start number 12, two Müllers, one name with ß.
CLUB = [
    "Anna Schmidt",
    "Hans Müller",
    "Zenzi Müller",
    "Berta Maier",
    "Carl Huber",
    "Dora Weiß",
    "Emil Bauer",
    "Franz Wagner",
    "Gerda Koch",
    "Heinz Richter",
    "Ines Wolf",
    "Özlem",
]


@pytest.fixture
def club(cli):
    cli.ok("season", "new", "Wintercup", "--rules", "preisschafkopf")
    cli.ok("season", "register", *CLUB)
    cli.ok("tournament", "new", "Januar", "--rules", "preisschafkopf", "--season", "1")
    return cli


def organiser(cli, key: str = BOSS) -> tuple[TestClient, str, Ledger]:
    """A browser of the organiser at the door: the cookie set by the organiser's address, and the form's token."""
    ledger = Ledger.open(cli.url)
    client = TestClient(create_tournament_app(ledger, 1, entry=True, organiser=key))
    client.get(f"/checkin?organiser={key}")
    token = client.get("/checkin").text.split('name="token" value="')[1].split('"')[0]
    return client, token, ledger


def test_checkin_command_finds_surnames_and_accents_and_lists_several(club):
    cli = club
    for typed in ("Müller", "müller", "Mueller"):
        ran = cli("tournament", "checkin", typed)
        assert (
            ran.code == 2
            and f"NAME: '{typed}' could mean Hans Müller (2) or Zenzi Müller (3); give the start number." in ran.err
        )
    assert entrants(cli, 1) == []
    assert "Checked in Özlem (12) to tournament 1." in cli.ok("tournament", "checkin", "Ozlem")
    assert "Özlem (12) is checked in already." in cli.ok("tournament", "checkin", "Oezlem")
    assert "Checked in Dora Weiß (6) to tournament 1." in cli.ok("tournament", "checkin", "weiss")
    assert "Checked in Zenzi Müller (3) to tournament 1." in cli.ok("tournament", "checkin", "zenzi mueller")
    ran = cli("tournament", "checkin", "Xaver")
    assert (
        ran.code == 2 and "NAME: 'Xaver' is not a player of this season; `schreiber season show` lists them." in ran.err
    )
    assert "Anna Schmidt" not in ran.err  # not the whole season, as before
    ran = cli("tournament", "checkin", "9" * 5000)
    assert ran.code == 2 and "NUMBER: a season start number has at most 6 digits." in ran.err
    assert entrants(cli, 1) == ["Zenzi Müller", "Dora Weiß", "Özlem"]


def test_the_german_refusal_says_kein(club):
    from schreiber import i18n

    with i18n.speaking("de"):
        ran = club("tournament", "checkin", "Özlen")
    assert ran.code == 2
    assert "NAME: 'Özlen' ist kein Spieler dieser Saison; ist Özlem (12) gemeint?" in ran.err


def test_the_door_finds_by_surname_accents_and_number_and_lists_several(club):
    cli = club
    client, token, ledger = organiser(cli)
    try:

        def post(**form):
            return client.post("/checkin", data={**form, "token": token}, headers={"Accept": "application/json"})

        for typed in ("Müller", "müller", "Mueller"):
            several = post(who=typed)
            assert several.status_code == 422
            assert [m["name"] for m in several.json()["matches"]] == ["Hans Müller", "Zenzi Müller"]
        page = client.post("/checkin", data={"who": "müller", "token": token})
        assert (
            page.status_code == 200 and "“müller” fits 2 players of the season; tap the one at the door." in page.text
        )
        assert page.text.count('class="person"') == 2 and entrants(cli, 1) == []
        assert post(who="Ozlem").json()["said"] == "Özlem (12) is checked in."
        assert post(who="Oezlem").json()["said"] == "Özlem (12) was checked in already."
        assert post(who="3").json()["said"] == "Zenzi Müller (3) is checked in."
        assert post(who="weiß").json()["said"] == "Dora Weiß (6) is checked in."
        assert entrants(cli, 1) == ["Zenzi Müller", "Dora Weiß", "Özlem"]
        # Missing first: the door's question is who is not here yet.
        door = client.get("/checkin").text
        assert door.index("Missing (9)") < door.index("Checked in (3)") < door.index("New to the season")
    finally:
        ledger.engine.dispose()


def test_a_new_name_close_to_a_season_players_is_asked_about_first(club):
    cli = club
    client, token, ledger = organiser(cli)
    try:
        asked = client.post("/checkin", data={"who": "Oezlem", "new": "1", "token": token})
        assert asked.status_code == 200 and "Did you mean Özlem (12)?" in asked.text
        assert ">Özlem (12)</button>" in asked.text and "Register Oezlem as new to the season" in asked.text
        assert entrants(cli, 1) == []
        typo = client.post("/checkin", data={"who": "Özlen", "token": token})  # not new, not found: close
        assert "Did you mean Özlem (12)?" in typo.text and entrants(cli, 1) == []
        unknown = client.post("/checkin", data={"who": "Xaver", "token": token})
        assert unknown.status_code == 422 and "'Xaver' is not a player of this season." in html.unescape(unknown.text)
        assert "Register Xaver as new to the season" in unknown.text
        # The button for the season player checks her in; the other registers the new name anyway.
        assert "Özlem (12) is checked in." in client.post("/checkin", data={"who": "12", "token": token}).text
        anyway = client.post(
            "/checkin",
            data={"who": "Oezlem", "new": "1", "sure": "1", "token": token},
            headers={"Accept": "application/json"},
        )
        assert anyway.json()["said"] == "Oezlem is new to the season and checked in with start number 13."
        # A new name like no one's is registered without a question.
        walk_in = client.post(
            "/checkin", data={"who": "Xaver Zeller", "new": "1", "token": token}, headers={"Accept": "application/json"}
        )
        assert walk_in.json()["said"] == "Xaver Zeller is new to the season and checked in with start number 14."
        assert entrants(cli, 1) == ["Özlem", "Oezlem", "Xaver Zeller"]
    finally:
        ledger.engine.dispose()


def test_only_a_post_from_the_page_with_a_cookie_made_from_the_key_checks_in(club):
    cli = club
    client, token, ledger = organiser(cli)
    try:
        cookie = client.cookies.get("schreiber_organiser")
        assert cookie and BOSS not in cookie and BOSS not in client.get("/checkin").text
        form = {"who": "12", "token": token}
        for headers in ({"Sec-Fetch-Site": "cross-site"}, {"Origin": "https://evil.example"}, {"Origin": "null"}):
            refused = client.post("/checkin", data=form, headers=headers)
            assert refused.status_code == 403 and "A page of another site cannot check players in here." in refused.text
        assert entrants(cli, 1) == []
        # The cookie of another key (the next start of `serve` makes a new one), or the key itself, opens nothing.
        other, __, other_ledger = organiser(cli, key="the-key-of-the-next-start")
        try:
            assert other.cookies.get("schreiber_organiser") != cookie
        finally:
            other_ledger.engine.dispose()
        for value in (BOSS, other.cookies.get("schreiber_organiser")):
            client.cookies.set("schreiber_organiser", value)
            assert client.post("/checkin", data=form).status_code == 403
            assert client.get("/checkin").status_code == 403
        assert entrants(cli, 1) == []
        client.cookies.set("schreiber_organiser", cookie)
        assert client.post("/checkin", data=form, headers={"Sec-Fetch-Site": "same-origin"}).status_code == 200
        assert entrants(cli, 1) == ["Özlem"]
    finally:
        ledger.engine.dispose()


def _post_through_asgi(app, headers: list[tuple[bytes, bytes]], chunks: int) -> tuple[int, int]:
    """POST /checkin straight to the ASGI app, the body offered in `chunks` chunks of 1 MB: (status, chunks the app took)."""
    import asyncio

    taken = 0
    started: list[int] = []

    async def receive():
        nonlocal taken
        if taken >= chunks:
            return {"type": "http.disconnect"}
        taken += 1
        return {"type": "http.request", "body": b"x" * (1 << 20), "more_body": taken < chunks}

    async def send(message):
        if message["type"] == "http.response.start":
            started.append(message["status"])

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/checkin",
        "raw_path": b"/checkin",
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"testserver"), *headers],
        "server": ("testserver", 80),
        "client": ("127.0.0.1", 5000),
    }
    asyncio.run(app(scope, receive, send))
    return started[0], taken


def test_a_large_post_is_not_read_without_the_cookie_nor_beyond_the_limit_with_it(club):
    cli = club
    client, __, ledger = organiser(cli)
    try:
        app = create_tournament_app(ledger, 1, entry=True, organiser=BOSS)
        cookie = (b"cookie", f"schreiber_organiser={client.cookies.get('schreiber_organiser')}".encode())
        form = (b"content-type", b"application/x-www-form-urlencoded")
        huge = (b"content-length", str(300 << 20).encode())
        assert _post_through_asgi(app, [form, huge], 300) == (403, 0)  # no cookie: not a byte read
        assert _post_through_asgi(app, [form], 300) == (403, 0)  # nor without a length
        assert _post_through_asgi(app, [form, huge, cookie], 300) == (413, 0)  # a length over the limit: refused before
        assert _post_through_asgi(app, [form, cookie], 300) == (413, 1)  # no length: read up to the limit only
        assert _post_through_asgi(app, [form, cookie, (b"sec-fetch-site", b"cross-site")], 300) == (403, 0)
        assert entrants(cli, 1) == []
    finally:
        ledger.engine.dispose()


def _rss(pid: int) -> int:
    """The resident memory of process `pid`, in bytes."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"^VmRSS:\s+(\d+) kB", status, re.M).group(1)) * 1024


def test_a_300_mb_post_without_a_key_leaves_the_servers_memory_as_it_was(club):
    """A real `serve` (uvicorn in its own process): 300 MB streamed at POST /checkin without any key."""
    import socket
    import threading
    import time
    import urllib.error
    import urllib.request

    if not Path("/proc/self/status").exists():
        pytest.skip("no /proc")
    if not club.url.startswith("sqlite"):
        pytest.skip("the body is refused before the ledger is asked: one backend tells it")
    served = Served(club.url, "--tournament", "1", "--entry", process=True)  # its memory is measured
    try:
        for __ in range(3):  # the app warmed up: its modules imported, a page made
            try:
                urllib.request.urlopen(served.address + "checkin", timeout=10)
            except urllib.error.HTTPError as e:
                assert e.code == 403
        before = _rss(served.proc.pid)
        peak = before
        done = threading.Event()

        def watch():
            nonlocal peak
            while not done.is_set():
                peak = max(peak, _rss(served.proc.pid))
                time.sleep(0.02)

        watcher = threading.Thread(target=watch)
        watcher.start()
        total, sent, answer = 300 << 20, 0, b""
        chunk = b"who=" + b"x" * ((1 << 20) - 4)
        try:
            with socket.create_connection(("127.0.0.1", served.port), timeout=10) as conn:
                conn.sendall(
                    f"POST /checkin HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\n"
                    f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {total}\r\n\r\n".encode()
                )
                try:
                    while sent < total:
                        conn.sendall(chunk)
                        sent += len(chunk)
                except OSError:  # the server answered and closed, or stopped reading: the rest is not sent
                    pass
                try:
                    answer = conn.recv(200)
                except OSError:
                    pass
        finally:
            time.sleep(0.3)
            done.set()
            watcher.join()
        assert peak - before < 50 << 20, f"{(peak - before) >> 20} MB more after {sent >> 20} MB sent"
        assert not answer or answer.startswith(b"HTTP/1.1 403"), answer
    finally:
        served.stop()


def test_the_door_in_german_at_390_px_in_chromium(club, tmp_path):
    """Müller, müller, Ozlem, Oezlem, a number and a card's address at the door of a German phone, and the
    close-name question; screenshots in $SCHREIBER_SHOTS."""
    if not chromium.available():
        pytest.skip("no chromium")
    cli = club
    shots = Path(os.environ.get("SCHREIBER_SHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    backend = cli.url.split(":")[0].split("+")[0]
    served = Served(cli.url, "--tournament", "1", "--entry")
    try:
        line = ""
        while "check-in" not in line:
            line = served.readline()
            assert line, "serve printed no check-in address"
        browser = chromium.Browser()
        try:
            browser.size(390, 844, mobile=True)
            browser.language("de-DE,de;q=0.9")
            browser.open(line.strip().rsplit(" ", 1)[1])
            browser.wait(lambda: "Fehlen noch (12)" in browser.text(), "the door list")

            def typed(who: str, new: bool = False) -> None:
                browser.js(
                    f"document.getElementById('who').value = {who!r};"
                    f"document.querySelector('form.door input[name=new]').checked = {'true' if new else 'false'};"
                    "document.querySelector('form.door').submit()"
                )

            def tap(label: str) -> None:
                browser.js(
                    f"[...document.querySelectorAll('button')].find(b => b.innerText.trim() === {label!r}).click()"
                )

            typed("Müller")
            browser.wait(lambda: "„Müller“ passt auf 2 Spieler der Saison" in browser.text(), "the two Müllers")
            assert browser.js("document.querySelectorAll('section.ask button.person').length") == 2
            browser.screenshot(str(shots / f"checkin-de-390-several-{backend}.png"), full=True)
            assert browser.js("document.documentElement.scrollWidth") <= 390
            tap("Hans Müller (2)")
            browser.wait(lambda: "Hans Müller (2) ist eingecheckt." in browser.text(), "Hans Müller tapped")
            typed("müller")
            browser.wait(lambda: "„müller“ passt auf 2 Spieler der Saison" in browser.text(), "müller")
            tap("Zenzi Müller (3)")
            browser.wait(lambda: "Zenzi Müller (3) ist eingecheckt." in browser.text(), "Zenzi Müller tapped")
            typed("Oezlem", new=True)  # a new name like Özlem's: asked first
            browser.wait(lambda: "Ist Özlem (12) gemeint?" in browser.text(), "the close-name question")
            assert "Oezlem als neu in der Saison anmelden" in browser.text() and entrants(cli, 1) == [
                "Hans Müller",
                "Zenzi Müller",
            ]
            browser.screenshot(str(shots / f"checkin-de-390-question-{backend}.png"), full=True)
            assert browser.js("document.documentElement.scrollWidth") <= 390
            typed("Ozlem")
            browser.wait(lambda: "Özlem (12) ist eingecheckt." in browser.text(), "Ozlem")
            typed("Oezlem")
            browser.wait(lambda: "Özlem (12) war schon eingecheckt." in browser.text(), "Oezlem")
            typed("4")
            browser.wait(lambda: "Berta Maier (4) ist eingecheckt." in browser.text(), "number 4")
            browser.open(served.address + "checkin?number=6")  # Dora Weiß's card
            browser.wait(lambda: "Dora Weiß (6)" in browser.text(), "card 6")
            assert "Dora Weiß" not in entrants(cli, 1)
            browser.screenshot(str(shots / f"checkin-de-390-card-{backend}.png"), full=True)
            assert browser.js("document.documentElement.scrollWidth") <= 390
            browser.js("document.getElementById('checkin-card').click()")
            browser.wait(lambda: "Dora Weiß (6) ist eingecheckt." in browser.text(), "card 6 pressed")
            text = browser.text()
            assert text.index("Fehlen noch (7)") < text.index("Eingecheckt (5)")
            browser.screenshot(str(shots / f"checkin-de-390-{backend}.png"), full=True)
            assert browser.js("document.documentElement.scrollWidth") <= 390
        finally:
            browser.close()
    finally:
        served.stop()
    assert entrants(cli, 1) == ["Hans Müller", "Zenzi Müller", "Berta Maier", "Dora Weiß", "Özlem"]
