"""Double entry on the organiser's sheet form (issue 41.3, `--set doppelt=ja`): each POST /sheet is one entry; two
that agree make the sheet count, two that differ wait in the page's queue with the fields that differ, and the
standings count the sheets not confirmed. Through Starlette's TestClient, on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from schreiber.ledger.service import Ledger  # noqa: E402
from schreiber.web.app import create_tournament_app  # noqa: E402
from tests.helpers.web import text  # noqa: E402
from tests.helpers.sheet_form import BOSS, PLAYERS, SAME, points, seated  # noqa: E402


@pytest.fixture
def desk(cli):
    cli.ok("tournament", "new", "Kirchweih", "--rules", "preisschafkopf", "--hands", "8", "--rounds", "1")
    cli.ok("tournament", "set", "doppelt=ja")
    cli.ok("tournament", "register", *PLAYERS)
    cli.ok("tournament", "draw")
    ledger = Ledger.open(cli.url)
    try:
        client = TestClient(create_tournament_app(ledger, 1, entry=True, organiser=BOSS))
        page = client.get(f"/sheet?organiser={BOSS}&round=1&table=2")
        client.headers.update({"X-Schreiber-Token": page.text.split('data-token="')[1].split('"')[0], **SAME})
        yield cli, client
    finally:
        ledger.engine.dispose()


def unconfirmed(cli) -> int:
    return cli.json("tournament", "standings", "--format", "json")["unconfirmed"]


def test_two_entries_through_the_form_that_agree_make_the_sheet_count(desk):
    cli, client = desk
    names = [name for name, _n in seated(cli, 2)]
    sheet = {"round": 1, "table": 2, "points": [60, 20, 0, 0]}
    first = client.post("/sheet", json=sheet | {"request": "helper-1"}).json()
    assert first["waiting"] is True and "Entry 1 of 2 for round 1 table 2 stored" in first["message"]
    assert points(cli)[names[0]] == 0 and unconfirmed(cli) == 1
    assert "1 sheet is not confirmed" in text(client.get("/sheet").text)
    second = client.post("/sheet", json=sheet | {"request": "helper-2"}).json()
    assert second["waiting"] is False and "the entries agree, the sheet counts" in second["message"]
    assert points(cli)[names[0]] == 60 and unconfirmed(cli) == 0


def test_two_entries_through_the_form_that_differ_are_listed_on_the_page(desk):
    cli, client = desk
    name, number = seated(cli, 1)[1]
    client.post("/sheet", json={"round": 1, "table": 1, "points": [0, 30, 10, 0], "request": "a"})
    differ = client.post("/sheet", json={"round": 1, "table": 1, "points": [0, 35, 5, 0], "request": "b"}).json()
    assert differ["waiting"] is True and f"{name} ({number}): points 30 / 35" in differ["message"]
    page = text(client.get("/sheet").text)
    assert "Entries that differ" in page and f"Round 1 · table 1 : {name} ({number}): points 30 / 35" in page
    assert unconfirmed(cli) == 1 and cli.json("tournament", "standings", "--format", "json")["final"] is False
    client.post("/sheet", json={"round": 1, "table": 1, "points": [0, 35, 5, 0], "request": "c"})
    assert points(cli)[name] == 35 and "Entries that differ" not in text(client.get("/sheet").text)


def test_the_organiser_chooses_an_entry_of_the_queue_on_the_page(desk):
    cli, client = desk
    name, number = seated(cli, 1)[1]
    choose = {"round": 1, "table": 1, "entry": 2}
    none = client.post("/sheet/choose", json=choose)
    assert none.status_code == 422 and "no two entries that differ" in none.json()["error"]
    client.post("/sheet", json={"round": 1, "table": 1, "points": [0, 30, 10, 0], "request": "a"})
    client.post("/sheet", json={"round": 1, "table": 1, "points": [0, 35, 5, 0], "request": "b"})
    assert 'data-entry="2"' in client.get("/sheet").text
    wrong = client.post("/sheet/choose", json=choose | {"entry": 3})
    assert wrong.status_code == 422 and wrong.json()["error"] == "entry: give 1 or 2, the entry that counts."
    chosen = client.post("/sheet/choose", json=choose).json()
    assert chosen["double"] == "decided" and chosen["waiting"] is False and "the organiser decides" in chosen["message"]
    assert points(cli)[name] == 35 and unconfirmed(cli) == 0
    assert "Entries that differ" not in text(client.get("/sheet").text)
    forbidden = TestClient(client.app).post("/sheet/choose", json=choose, headers=SAME)
    assert forbidden.status_code == 403


def test_a_choice_from_elsewhere_or_that_is_no_choice_is_refused_in_one_sentence(desk):
    cli, client = desk
    client.post("/sheet", json={"round": 1, "table": 1, "points": [0, 30, 10, 0], "request": "a"})
    client.post("/sheet", json={"round": 1, "table": 1, "points": [0, 35, 5, 0], "request": "b"})
    choose = {"round": 1, "table": 1, "entry": 1}
    cross = client.post("/sheet/choose", json=choose, headers={"Origin": "http://evil.example"})
    assert cross.status_code == 403 and "another site" in cross.json()["error"]
    assert client.post("/sheet/choose", json=choose, headers={"X-Schreiber-Token": "made-up"}).status_code == 403
    for body, says in (
        (choose | {"entry": "1"}, "entry: give a whole number"),
        (choose | {"entry": 0}, "entry: give a whole number"),
        (choose | {"table": 9}, "table: round 1 has tables 1 to 2, not 9."),
        (choose | {"round": 2}, "round: no round 2 is drawn."),
        ([1], "Send the sheet as the form does"),
    ):
        got = client.post("/sheet/choose", json=body)
        assert got.status_code == 422 and says in got.json()["error"], (body, got.text)
    assert unconfirmed(cli) == 1 and len(client.get("/sheet").text.split('class="choose"')) > 1
