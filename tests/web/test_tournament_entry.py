"""`schreiber serve --tournament --entry`: every table of the tournament takes hands with its own key,
and each open table's entry address and QR code are on the organiser's page — the page opened with the
organiser's key that `serve` prints in its terminal, and no other (Starlette's TestClient; the served
command and its page in headless chromium, with a screenshot to look at in $SCHREIBER_SHOTS)."""

from __future__ import annotations

import os
import re
import urllib.error
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from schreiber.ledger.service import Ledger  # noqa: E402
from schreiber.web.gate import FREE_FAILURES  # noqa: E402
from schreiber.web.app import create_tournament_app  # noqa: E402
from tests.helpers import chromium  # noqa: E402
from tests.helpers.web import text  # noqa: E402
from tests.helpers.web import Served  # noqa: E402

PLAYERS = [f"Spieler{i:02d}" for i in range(1, 14)]  # 13: a table of 5 and two of 4
BOSS = "the-organisers-own-key-for-this-test"


@pytest.fixture
def day(cli):
    """Round 1 drawn: table 1's paper sheet is in, tables 2 and 3 are open; and a session outside the tournament."""
    cli.ok("tournament", "new", "Kirchweih", "--rules", "preisschafkopf", "--hands", "4", "--seed", "9")
    cli.ok("tournament", "register", *PLAYERS)
    cli.ok("tournament", "draw")
    plan = cli.json("tournament", "tables", "--format", "json")
    first = plan["tables"][0]
    cli.ok("tournament", "result", "1", "1", *[f"{p}={5 * i}" for i, p in enumerate(first["players"])])
    cli.ok("session", "new", "--rules", "schafkopf", "--players", "A", "B", "C", "D")  # not a table of the tournament
    return cli, plan


def key_of(cli, session: int) -> str:
    """The table's key as `session key` prints it (the same key the table keeps)."""
    return cli.ok("session", "key", "--session", str(session)).strip().rsplit("?key=", 1)[1]


def hands_of(cli, session: int) -> list[str]:
    return [h["description"] for h in cli.json("list", "--session", str(session), "--format", "json")["hands"]]


def test_the_organisers_page_shows_each_open_tables_address_and_qr_and_nobody_elses(day):
    cli, plan = day
    app = create_tournament_app(Ledger.open(cli.url), 1, interval=0.1, entry=True, organiser=BOSS)
    with TestClient(app) as c:
        mine = c.get(f"/?organiser={BOSS}")
        assert mine.status_code == 200
        # The page holds keys: no cache keeps it, no link names it to another site.
        assert mine.headers["cache-control"] == "no-store" and mine.headers["referrer-policy"] == "no-referrer"
        seen = text(mine.text)
        assert "Round 1: entry at the tables" in seen and "the organiser's page" in seen
        links = re.findall(r'href="(http://testserver/\?key=[^"]+)"', mine.text)
        open_tables = plan["tables"][1:]
        assert links == [f"http://testserver/?key={key_of(cli, t['session'])}" for t in open_tables]
        cards = {n: mine.text[mine.text.index(f'id="key-{n}"') :] for n in (1, 2, 3)}
        assert (
            "sheet entered" in text(cards[1][: cards[1].index("</div>")])
            and "?key=" not in cards[1][: cards[1].index('id="key-2"')]
        )
        for n in (2, 3):
            card = cards[n][: cards[n].index("</p>", cards[n].index('class="link"')) + 4]
            assert "<svg" in card and ", ".join(plan["tables"][n - 1]["players"]) in text(card)
        # The page's script fetches the fragment with the page's own query: it keeps the keys in view.
        assert links == re.findall(r'href="(http://testserver/\?key=[^"]+)"', c.get(f"/fragment?organiser={BOSS}").text)
        # Everyone else's page (a player's phone, the wall) shows no key.
        for path in ("/", "/?wall", "/fragment", f"/?session={open_tables[0]['session']}"):
            r = c.get(path)
            assert r.status_code == 200 and "key=" not in r.text and "entry at the tables" not in r.text, path
        # A wrong organiser key is refused in one sentence, and shows nothing.
        for __ in range(FREE_FAILURES):
            wrong = c.get("/?organiser=guessed")
            assert wrong.status_code == 403 and "key=" not in wrong.text
        assert wrong.text == "This is not the organiser's address `serve` printed; ask the organiser for it."


def test_the_tables_take_hands_with_their_keys_and_only_their_own(day):
    cli, plan = day
    t1, t2, t3 = plan["tables"]
    app = create_tournament_app(Ledger.open(cli.url), 1, interval=0.1, entry=True, organiser=BOSS)
    with TestClient(app) as c:
        c.get(f"/?organiser={BOSS}")  # makes the keys of the open tables
        key2, _key3 = key_of(cli, t2["session"]), key_of(cli, t3["session"])
        # The entry page of table 2, from the address on the organiser's page.
        page = c.get(f"/?key={key2}")
        assert page.status_code == 200 and "schreiber-token" in page.text and all(p in page.text for p in t2["players"])
        hand = {"type": "rufspiel", "player": t2["players"][1], "partner": t2["players"][3], "augen": 70}
        r = c.post("/api/hands", json=hand, headers={"Authorization": f"Bearer {key2}"})
        assert r.status_code == 201 and r.json()["number"] == 1
        assert len(hands_of(cli, t2["session"])) == 1 and hands_of(cli, t3["session"]) == []
        # A table of the tournament whose sheet is in: its key records nothing, and says why.
        r = c.post(
            "/api/hands",
            json=hand | {"player": t1["players"][0], "partner": t1["players"][1]},
            headers={"Authorization": f"Bearer {key_of(cli, t1['session'])}"},
        )
        assert r.status_code == 422 and r.json()["error"] == (
            f"round 1 table 1 (session {t1['session']}) has its paper sheet entered with `tournament result`, so it takes no hands."
        )
        # A session outside the tournament is no table here, even with its own key.
        outside = max(t["session"] for t in plan["tables"]) + 1
        r = c.post(
            "/api/hands",
            json={"type": "rufspiel", "player": "A", "partner": "B", "augen": 70},
            headers={"Authorization": f"Bearer {key_of(cli, outside)}"},
        )
        assert r.status_code == 403 and hands_of(cli, outside) == []
        assert c.post("/api/hands", json=hand).status_code == 401
        # Round 2, drawn while `serve` runs: its tables take hands at once, and the organiser's page shows them.
        cli.ok("tournament", "draw", "--force")
        second = [t for t in cli.json("tournament", "tables", "--format", "json")["tables"] if len(t["players"]) == 4]
        boss = c.get(f"/?organiser={BOSS}").text
        assert "Round 2: entry at the tables" in text(boss)
        new_key = key_of(cli, second[0]["session"])
        assert f"?key={new_key}" in boss
        hand = {"type": "rufspiel", "player": second[0]["players"][0], "partner": second[0]["players"][2], "augen": 61}
        r = c.post("/api/hands", json=hand, headers={"Authorization": f"Bearer {new_key}"})
        assert r.status_code == 201, r.json()
        assert len(hands_of(cli, second[0]["session"])) == 1


def test_without_entry_the_tournament_page_never_writes_and_knows_no_organiser(day):
    cli, plan = day
    with TestClient(create_tournament_app(Ledger.open(cli.url), 1, interval=0.1)) as c:
        key = key_of(cli, plan["tables"][1]["session"])
        page = c.get("/?organiser=anything")
        assert page.status_code == 200 and "key=" not in page.text
        assert c.get(f"/?key={key}").status_code == 200 and "Record hand" not in c.get(f"/?key={key}").text
        assert (
            c.post("/api/hands", json={"type": "rufspiel"}, headers={"Authorization": f"Bearer {key}"}).status_code
            == 405
        )
    assert hands_of(cli, plan["tables"][1]["session"]) == []


def test_serve_prints_the_organisers_address_and_the_page_shows_the_codes(day, tmp_path):
    cli, plan = day
    served = Served(cli.url, "--tournament", "--entry")
    try:
        assert "whoever has a table's key may record hands there" in served.first
        said = served.readline()
        assert "The organiser's page" in said
        boss = said.strip().rsplit(" ", 1)[1]
        assert boss.startswith(served.address + "?organiser=") and len(boss.rsplit("=", 1)[1]) >= 32
        page = urllib.request.urlopen(boss, timeout=10).read().decode()
        assert "Round 1: entry at the tables" in text(page)
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(served.address + "?organiser=x", timeout=10)
        assert refused.value.code == 403
        if not chromium.available():
            return
        browser = chromium.Browser()
        try:
            browser.size(1280, 1000)
            browser.open(boss)
            browser.wait(lambda: "entry at the tables" in browser.text(), "the organiser's page")
            assert browser.js("document.querySelectorAll('.keys .card svg').length") == 2
            shots = Path(os.environ.get("SCHREIBER_SHOTS", tmp_path))
            shots.mkdir(parents=True, exist_ok=True)
            browser.screenshot(str(shots / "tournament-organiser.png"))
            assert (shots / "tournament-organiser.png").stat().st_size > 5000
        finally:
            browser.close()
    finally:
        out = served.stop()
    assert "?key=" not in out  # the tables' keys are on the organiser's page, not in the terminal's scroll-back
