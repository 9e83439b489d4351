"""Paid is paid on the pages (RULES.md §9, issue 37): once a prize is paid out, the entry page and the JSON API of a
tournament's tables refuse every change of its hands (422) with no way past, and the organiser's page shows since
when the prizes are fixed, each prize, what is paid of it and the balance (Starlette's TestClient)."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from schreiber.ledger.service import Ledger  # noqa: E402
from schreiber.web.app import create_tournament_app  # noqa: E402
from tests.helpers.web import text  # noqa: E402

PLAYERS = [f"Spieler{i}" for i in range(1, 9)]
BOSS = "the-organisers-own-key-for-this-test"


def key_of(cli, session: int) -> str:
    return cli.ok("session", "key", "--session", str(session)).strip().rsplit("?key=", 1)[1]


@pytest.fixture
def paid_day(cli):
    """Round 1: table 1 plays by hands (one recorded), table 2's sheet is in; the winner is paid his prize."""
    cli.ok(
        "tournament",
        "new",
        "Kirchweih",
        "--rules",
        "preisschafkopf",
        "--rounds",
        "1",
        "--hands",
        "4",
        "--seed",
        "9",
        "--set",
        "startgeld=1000",
        "--set",
        "preise=3000,2000",
    )
    cli.ok("tournament", "register", *PLAYERS)
    cli.ok("tournament", "draw")
    one, two = cli.json("tournament", "tables", "--format", "json")["tables"]
    cli.ok(
        "add",
        "rufspiel",
        "--player",
        one["players"][0],
        "--partner",
        one["players"][2],
        "--augen",
        "75",
        "--session",
        str(one["session"]),
    )
    cli.ok("tournament", "result", "1", "2", *[f"{p}={n}" for p, n in zip(two["players"], (100, 0, 0, 0), strict=True)])
    winner = cli.json("tournament", "standings", "--format", "json")["players"][0]["name"]
    cli.ok("tournament", "pay", winner, "--prize")
    return cli, one, winner


def test_the_entry_page_and_the_api_refuse_with_no_way_past(paid_day):
    cli, one, winner = paid_day
    key = key_of(cli, one["session"])
    before = cli.ok("list", "--session", str(one["session"]), "--format", "json")
    app = create_tournament_app(Ledger.open(cli.url), 1, interval=0.1, entry=True, organiser=BOSS)
    hand = {"type": "rufspiel", "player": one["players"][1], "partner": one["players"][3], "augen": 70}
    with TestClient(app) as c:
        bearer = {"Authorization": f"Bearer {key}"}
        for path, body in (("/api/hands", hand), ("/api/undo", {})):
            r = c.post(path, json=body, headers=bearer)
            assert r.status_code == 422, (path, r.text)
            said = r.json()["error"]
            assert said.startswith(f"Prizes of Kirchweih are paid out already ({winner} (") and "--force" not in said, (
                said
            )
        assert (
            c.post("/api/hands", json=hand | {"force": True}, headers=bearer).status_code == 422
        )  # no field lets it past
        token = re.search(r'name="schreiber-token" content="([^"]+)"', c.get(f"/?key={key}").text).group(1)
        for path, body in (("/entry/hands", hand), ("/entry/void", {"number": 1}), ("/entry/undo", {})):
            r = c.post(f"{path}?key={key}", json=body, headers={"X-Schreiber-Token": token})
            assert (
                r.status_code == 422 and "paid out already" in r.json()["error"] and "--force" not in r.json()["error"]
            ), path
    assert cli.ok("list", "--session", str(one["session"]), "--format", "json") == before


def test_the_organisers_page_shows_the_fixed_prizes_and_what_is_paid(paid_day):
    cli, one, winner = paid_day
    app = create_tournament_app(Ledger.open(cli.url), 1, interval=0.1, entry=True, organiser=BOSS)
    with TestClient(app) as c:
        page = c.get(f"/?organiser={BOSS}").text
        part = text(
            page[
                page.index('<section class="prizes"') : page.index("</section>", page.index('<section class="prizes"'))
            ]
        )
        assert "Prizes fixed since " in part
        row = next(line for line in part.split("\n") if winner in line)
        assert row.count("€30.00") == 2 and "−€10.00" in row  # prize, prize paid, and the Startgeld he still owes
        # A Startgeld paid at the door now goes to the Kasse: the prizes stay.
        r = c.post(f"/cash/pay?organiser={BOSS}", json={"number": 1}, headers={"Origin": "http://testserver"})
        assert r.status_code == 200
        again = text(c.get(f"/fragment?organiser={BOSS}").text)
        assert "€30.00 €30.00" in again and "€10.00" in again  # (the second prize shared by two)
        # Everyone else's page shows no money.
        assert "Prizes fixed" not in c.get("/").text
