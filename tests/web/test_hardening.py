"""What every answer of `serve` carries (CLI.md, "Entry from a phone"): a Content-Security-Policy that
allows only the page's own files, nosniff, no framing, no referrer — on the read-only table page,
the season page, the entry routes and the tournament pages alike, and on refusals and 404s too."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from schreiber.ledger.reports import Scope  # noqa: E402
from schreiber.ledger.service import Ledger  # noqa: E402
from schreiber.web.app import create_app  # noqa: E402
from tests.helpers.web import assert_hardened
from schreiber.web.app import create_tournament_app  # noqa: E402

BOSS = "the-organisers-key"


@pytest.fixture
def evening(cli):
    cli.ok("session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", "Dora", "--tariff", "10")
    cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "75")
    return cli


def test_every_route_of_the_table_page_and_the_entry_carries_the_security_headers(evening):
    ledger = Ledger.open(evening.url)
    __, key = ledger.entry_key()
    reads = [
        "/",
        "/?hands=all",
        "/?wall",
        "/fragment",
        "/events",
        "/chart.svg",
        "/static/style.css",
        "/static/live.js",
        "/static/entry.js",
        "/no-such-page",
    ]
    with TestClient(create_app(ledger, Scope(), interval=0.1, stream_seconds=0.2)) as c:
        for path in reads:
            assert_hardened(c.get(path), path)
        assert_hardened(c.post("/api/hands", json={}), "POST /api/hands read-only")
    with TestClient(create_app(ledger, Scope(), interval=0.1, stream_seconds=0.2, entry=[1])) as c:
        for path in [*reads, f"/?key={key}", "/?key=wrong", f"/entry/state?key={key}", "/entry/state"]:
            assert_hardened(c.get(path), path)
        auth = {"Authorization": f"Bearer {key}"}
        assert_hardened(c.post("/api/hands", json={"type": "wenz", "player": "Carl", "augen": 70}, headers=auth), "201")
        assert_hardened(c.post("/api/hands", json={"type": "wenz"}, headers=auth), "422")
        assert_hardened(c.post("/api/hands", json={}), "401")
        assert_hardened(c.post("/api/undo", headers=auth), "undo")
        assert_hardened(c.post(f"/entry/hands?key={key}", json={}), "the page's write without its token")
    with TestClient(create_app(ledger, Scope(all_tables=True), interval=0.1, stream_seconds=0.2)) as c:
        for path in ["/", "/fragment", "/stats", "/chart.svg"]:
            assert_hardened(c.get(path), "season " + path)


def test_every_route_of_the_tournament_pages_carries_the_security_headers(cli):
    cli.ok("tournament", "new", "Kirchweih", "--rules", "preisschafkopf", "--hands", "4", "--seed", "9")
    cli.ok("tournament", "register", *[f"Spieler{i:02d}" for i in range(1, 9)])
    cli.ok("tournament", "draw")
    session = cli.json("tournament", "tables", "--format", "json")["tables"][0]["session"]
    ledger = Ledger.open(cli.url)
    __, key = ledger.entry_key(session)
    for entry in (False, True):
        app = create_tournament_app(ledger, 1, interval=0.1, entry=entry, organiser=BOSS if entry else None)
        with TestClient(app) as c:
            paths = [
                "/",
                "/?wall",
                "/fragment",
                f"/?session={session}",
                f"/?session={session}&wall",
                "/?session=999",
                "/static/tournament.js",
                "/static/tournament.css",
                "/static/wall.js",
                "/static/clock.js",
                "/chart.svg",
            ]
            if entry:
                paths += [f"/?organiser={BOSS}", "/?organiser=wrong", f"/?key={key}", "/?key=wrong"]
            for path in paths:
                assert_hardened(c.get(path), f"entry={entry} {path}")


@pytest.mark.parametrize("default", ["de", "en"])
def test_a_browser_asking_for_neither_language_gets_the_one_schreiber_started_in(evening, monkeypatch, default):
    from schreiber import i18n

    monkeypatch.setattr(i18n, "LANGUAGE", default)
    ledger = Ledger.open(evening.url)
    __, key = ledger.entry_key()
    with TestClient(create_app(ledger, Scope(), interval=0.1, entry=[1])) as c:
        for path in ("/", f"/?key={key}", "/fragment"):
            for accept, lang in (("fr-FR,fr;q=0.9", default), ("", default), ("fr, en;q=0.1", "en"), ("de-AT", "de")):
                r = c.get(path, headers={"Accept-Language": accept} if accept else {})
                assert "accept-language" in r.headers["vary"].lower()
                said = (
                    ("Nächster Geber" if lang == "de" else "Next dealer")
                    if path != f"/?key={key}"
                    else ("Spielart" if lang == "de" else "Hand type")
                )
                assert said in r.text, (path, accept, default)
                if path != "/fragment":
                    assert f'<html lang="{lang}"' in r.text, (path, accept)
