"""The Startgeld on the organiser's page (`serve --tournament --entry`, issue 34): who has not paid yet, and a
tap confirmed by a second that records it — only with the organiser's key, only from the page, never twice
(Starlette's TestClient; the served command and its page in headless chromium, with a screenshot to look at
in $SCHREIBER_SHOTS)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from schreiber.ledger.service import Ledger  # noqa: E402
from schreiber.web.app import create_tournament_app  # noqa: E402
from tests.helpers import chromium  # noqa: E402
from tests.helpers.web import text  # noqa: E402
from tests.helpers.web import Served  # noqa: E402

PLAYERS = ["Anna", "Berta", "Carl", "Dora", "Emil", "Fritz", "Gerda", "Hans"]
BOSS = "the-organisers-own-key-for-this-test"


@pytest.fixture
def day(cli):
    cli.ok(
        "tournament",
        "new",
        "Kirchweih",
        "--rules",
        "preisschafkopf",
        "--hands",
        "4",
        "--seed",
        "9",
        "--set",
        "startgeld=1500",
    )
    cli.ok("tournament", "register", *PLAYERS)
    cli.ok("tournament", "pay", "Anna", "Berta", "Carl")
    cli.ok("tournament", "draw")
    return cli


def paid(cli) -> dict[str, int]:
    return {p["name"]: p["paid"] for p in cli.json("tournament", "cash", "--format", "json")["players"]}


def owing(html: str) -> list[str]:
    part = html[html.index('<section class="cash"') : html.index("</section>", html.index('<section class="cash"'))]
    return [line.split(" (")[0] for line in text(part).split("\n") if "(" in line and "€15.00" in line]


def test_the_organiser_sees_who_has_not_paid_and_records_a_payment(day):
    cli = day
    app = create_tournament_app(Ledger.open(cli.url), 1, interval=0.1, entry=True, organiser=BOSS)
    with TestClient(app) as c:
        page = c.get(f"/?organiser={BOSS}").text
        seen = text(page)
        assert "Startgeld: who has not paid yet" in seen and "3 of 8 players have paid €15.00." in seen
        for name in ("Dora", "Emil", "Fritz", "Gerda", "Hans"):
            assert f'data-ask="{name} paid €15.00? Tap again"' in page
        assert 'data-ask="Anna paid' not in page
        # Everyone else's page shows no money and no button.
        for path in ("/", "/?wall", "/fragment"):
            assert "Startgeld" not in c.get(path).text, path

        # Only the organiser's key writes, only from the page itself, and only a start number.
        assert c.post("/cash/pay?organiser=guessed", json={"number": 4}).status_code == 403
        assert c.post("/cash/pay", json={"number": 4}).status_code == 403
        cross = c.post(f"/cash/pay?organiser={BOSS}", json={"number": 4}, headers={"Origin": "https://evil.example"})
        assert (
            cross.status_code == 403 and cross.json()["error"] == "A page of another site cannot record payments here."
        )
        for body in ({"number": "4"}, {"number": True}, [], {"name": "Dora"}):
            r = c.post(f"/cash/pay?organiser={BOSS}", json=body)
            assert (
                r.status_code == 422 and r.json()["error"] == 'number: send only the start number, like {"number": 3}.'
            )
        unknown = c.post(f"/cash/pay?organiser={BOSS}", json={"number": 12})
        assert unknown.status_code == 422 and "no player of Kirchweih has start number 12" in unknown.json()["error"]
        assert paid(cli)["Dora"] == 0

        r = c.post(f"/cash/pay?organiser={BOSS}", json={"number": 4}, headers={"Origin": "http://testserver"})
        assert r.status_code == 200 and r.json() == {"paid": 4, "name": "Dora", "cents": 1500}
        assert paid(cli)["Dora"] == 1500
        again = c.post(f"/cash/pay?organiser={BOSS}", json={"number": 4})
        assert again.status_code == 422 and "`schreiber tournament pay Dora --undo`" in again.json()["error"]
        assert paid(cli)["Dora"] == 1500
        fragment = c.get(f"/fragment?organiser={BOSS}").text
        assert "4 of 8 players have paid €15.00." in text(fragment) and 'data-ask="Dora paid' not in fragment


def test_without_entry_nobody_records_payments(day):
    cli = day
    with TestClient(create_tournament_app(Ledger.open(cli.url), 1, interval=0.1)) as c:
        assert c.post(f"/cash/pay?organiser={BOSS}", json={"number": 4}).status_code in (404, 405)
        assert "Startgeld" not in c.get(f"/?organiser={BOSS}").text
    assert paid(cli)["Dora"] == 0


@pytest.mark.skipif(not chromium.available(), reason="no chromium")
def test_a_tap_and_a_second_tap_mark_a_player_paid_in_the_browser(day, tmp_path):
    cli = day
    served = Served(cli.url, "--tournament", "--entry")
    try:
        boss = served.readline().strip().rsplit(" ", 1)[1]  # type: ignore[union-attr]
        assert "?organiser=" in boss
        browser = chromium.Browser()
        try:
            browser.size(420, 900, mobile=True)
            browser.open(boss)
            browser.wait(lambda: "who has not paid yet" in browser.text(), "the Startgeld list", timeout=30)
            pay_emil = "document.querySelector('.cash .pay[data-number=\"5\"]')"
            browser.js(f"{pay_emil}.click()")
            assert browser.js(f"{pay_emil}.textContent") == "Emil paid €15.00? Tap again"
            assert paid(cli)["Emil"] == 0  # one tap only asks
            browser.js(f"{pay_emil}.nextElementSibling.click()")  # No
            assert browser.js(f"{pay_emil}.textContent") == "paid"
            browser.js(f"{pay_emil}.click()")
            # Fritz pays at the desk while the question about Emil is open: the live page swaps in the
            # fresh list, and the question stays asked, so the second tap records Emil and not a new question.
            cli.ok("tournament", "pay", "Fritz")
            browser.wait(lambda: "4 of 8 players have paid" in browser.text(), "the list without Fritz", timeout=30)
            assert browser.js(f"{pay_emil}.textContent") == "Emil paid €15.00? Tap again"
            shots = Path(os.environ.get("SCHREIBER_SHOTS", tmp_path))
            shots.mkdir(parents=True, exist_ok=True)
            browser.screenshot(str(shots / "tournament-cash-ask.png"))
            browser.js(f"{pay_emil}.click()")
            # The live page swaps in the fresh list: Emil is no longer on it.
            browser.wait(
                lambda: (
                    browser.js("document.querySelector('.cash .pay[data-number=\"5\"]') === null")
                    and "5 of 8 players have paid" in browser.text()
                ),
                "the list without Emil",
                timeout=30,
            )
            browser.screenshot(str(shots / "tournament-cash.png"))
            assert (shots / "tournament-cash.png").stat().st_size > 5000
        finally:
            browser.close()
    finally:
        served.stop()
    assert paid(cli)["Emil"] == 1500 and paid(cli)["Fritz"] == 1500 and paid(cli)["Gerda"] == 0
