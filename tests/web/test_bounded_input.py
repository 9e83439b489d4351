"""The five kinds of 500 an attack run found (issue 38), each a page that now answers as it should: `serve --all` over
a ledger with money at one table and none at another, JSON nested a thousand deep posted to the payments, numbers of
thousands of digits in the door's `?number=`, a tournament's `?session=` and a table's `?hands=`; and the 500 of a
defect, which carries the security headers like every other answer (Starlette's TestClient, SQLite and PostgreSQL)."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from schreiber.ledger.reports import Scope  # noqa: E402
from schreiber.ledger.service import Ledger  # noqa: E402
from schreiber.web.app import create_app  # noqa: E402
from schreiber.web.app import create_tournament_app  # noqa: E402
from tests.helpers.web import text  # noqa: E402
from tests.helpers.web import assert_hardened  # noqa: E402

BOSS = "the-organisers-key"
HUGE = "9" * 5000
NUMBER = 'number: send only the start number, like {"number": 3}.'


@pytest.fixture
def day(cli):
    """A season's tournament with a Startgeld, drawn: eight of nine season players checked in, three paid."""
    cli.ok("season", "new", "Cup", "--rules", "preisschafkopf")
    cli.ok("season", "register", "Anna", "Berta", "Carl", "Dora", "Emil", "Fritz", "Gerda", "Hans", "Ida")
    cli.ok(
        "tournament",
        "new",
        "Kirchweih",
        "--rules",
        "preisschafkopf",
        "--season",
        "1",
        "--hands",
        "4",
        "--seed",
        "9",
        "--set",
        "startgeld=1500",
    )
    cli.ok("tournament", "checkin", *map(str, range(1, 9)))
    cli.ok("tournament", "pay", "1", "2", "3")
    cli.ok("tournament", "draw")
    return cli


def test_serve_all_shows_the_money_of_a_ledger_with_a_money_table_and_one_without(cli):
    cli.ok("session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", "Dora", "--tariff", "10")
    cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "70")
    # Nobody of this table ever sat at the money table: they have no money at all, not 0.
    cli.ok("session", "new", "--rules", "doppelkopf", "--players", "Emil", "Fritz", "Gerda", "Hans")
    cli.ok("add", "normal", "--player", "Emil", "--partner", "Fritz", "--augen", "130")
    with TestClient(create_app(Ledger.open(cli.url), Scope(all_tables=True), interval=0.1)) as c:
        for path in ("/", "/?wall", "/fragment"):
            r = c.get(path)
            assert_hardened(r, path)
            seen = text(r.text)
            money = seen[seen.index("Money, all rule sets") :]
            # As `report --all` lists it: most money first, a name deciding between equal sums.
            assert money.startswith(
                "Money, all rule sets player money Anna €0.10 Carl €0.10 Emil €0.00 Fritz €0.00 "
                "Gerda €0.00 Hans €0.00 Berta −€0.10 Dora −€0.10"
            ), (path, money[:200])


@pytest.mark.parametrize("body", [b"[" * 1000, b"[" * 999 + b"1", b"{" * 1000])
def test_json_nested_a_thousand_deep_to_the_payments_is_refused_in_one_sentence(day, body):
    with TestClient(create_tournament_app(Ledger.open(day.url), 1, interval=0.1, entry=True, organiser=BOSS)) as c:
        r = c.post(f"/cash/pay?organiser={BOSS}", content=body, headers={"Content-Type": "application/json"})
        assert_hardened(r, "deep JSON")
        assert r.status_code == 422 and r.json() == {"error": NUMBER}
        # A start number past any the ledger can hold is no start number either.
        r = c.post(f"/cash/pay?organiser={BOSS}", content=b'{"number": ' + b"9" * 900 + b"}")
        assert r.status_code == 422 and r.json() == {"error": NUMBER}
    assert [p["paid"] for p in day.json("tournament", "cash", "--format", "json")["players"]].count(0) == 5


def test_a_payment_body_past_its_limit_is_refused_before_it_is_read(day):
    with TestClient(create_tournament_app(Ledger.open(day.url), 1, interval=0.1, entry=True, organiser=BOSS)) as c:
        r = c.post(f"/cash/pay?organiser={BOSS}", content=b'{"number": 4, "pad": "' + b"x" * 2_000_000 + b'"}')
        assert r.status_code == 413 and r.json() == {"error": NUMBER}
    assert [p["paid"] for p in day.json("tournament", "cash", "--format", "json")["players"]].count(0) == 5


def test_a_streamed_body_is_read_only_up_to_its_limit():
    """Without a Content-Length (a chunked post) the reader stops at the first chunk past the limit."""
    import asyncio

    from starlette.requests import Request

    from schreiber.web.body import TooLarge, read_json_bytes

    sent = []

    async def receive():
        sent.append(1)
        return {"type": "http.request", "body": b"x" * 1000, "more_body": len(sent) < 10_000}

    request = Request({"type": "http", "method": "POST", "path": "/", "headers": []}, receive)
    with pytest.raises(TooLarge):
        asyncio.run(read_json_bytes(request, 16 * 1024))
    assert len(sent) == 17


def test_a_start_number_of_thousands_of_digits_at_the_door_is_one_sentence(day):
    day.ok("tournament", "new", "Februar", "--rules", "preisschafkopf", "--season", "1")
    with TestClient(create_tournament_app(Ledger.open(day.url), 2, interval=0.1, entry=True, organiser=BOSS)) as c:
        c.get(f"/checkin?organiser={BOSS}")  # the organiser's cookie
        for number in (HUGE, "9" * 30):
            r = c.get(f"/checkin?number={number}")
            assert_hardened(r, "?number=", referrer="same-origin")
            assert r.status_code == 404
            assert "a season start number has at most 6 digits" in text(r.text)
    assert day.json("tournament", "show", "2", "--format", "json")["players"] == []


def test_a_session_of_thousands_of_digits_is_no_table_of_the_tournament(day):
    with TestClient(create_tournament_app(Ledger.open(day.url), 1, interval=0.1)) as c:
        for path in ("/", "/fragment", "/chart.svg"):
            for number in (HUGE, "9" * 30):
                r = c.get(f"{path}?session={number}")
                assert_hardened(r, path)
                assert r.status_code == 404, path


def test_hands_of_thousands_of_digits_shows_the_latest_hands(cli):
    cli.ok("session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", "Dora")
    for __ in range(3):
        cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "70")
    with TestClient(create_app(Ledger.open(cli.url), Scope(), interval=0.1)) as c:
        latest = c.get("/").text
        for number in (HUGE, "9" * 30, "²"):
            r = c.get(f"/?hands={number}")
            assert_hardened(r, "?hands=")
            assert r.status_code == 200 and r.text == latest


def test_a_defect_answers_500_with_the_security_headers_and_the_next_request_is_answered(cli, monkeypatch):
    from schreiber.web import data

    cli.ok("session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", "Dora")
    gather = data.gather

    def broken(*args, **kwargs):
        raise RuntimeError("a defect of the page")

    with TestClient(create_app(Ledger.open(cli.url), Scope(), interval=0.1)) as c:
        monkeypatch.setattr(data, "gather", broken)
        r = c.get("/")
        assert r.status_code == 500 and r.text == "Internal Server Error"
        assert_hardened(r.__class__(200, headers=r.headers), "the 500")  # the four headers, status aside
        assert r.headers["cache-control"] == "no-store"
        monkeypatch.setattr(data, "gather", gather)
        assert c.get("/").status_code == 200
