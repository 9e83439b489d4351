"""`serve --entry` over HTTP (Starlette's TestClient): the JSON API of CLI.md, the entry page's
writes, and what keeps strangers out — checked against what `schreiber list` / `show` say."""

from __future__ import annotations

import html
import json
import re

import pytest

pytest.importorskip("starlette")

from schreiber.web.entry import MAX_BODY  # noqa: E402
from schreiber.web.gate import FREE_FAILURES  # noqa: E402
from tests.helpers.entry import bearer, numbers, page_token, served

PLAYERS = ("Anna", "Berta", "Carl", "Dora")


@pytest.fixture
def table(cli):
    cli.ok("session", "new", "--rules", "schafkopf", "--players", *PLAYERS, "--tariff", "10")
    return cli


def test_a_hand_posted_is_recorded_as_add_would_and_answered_with_show_json(table):
    c, key, __ = served(table.url)
    body = {
        "type": "rufspiel",
        "player": "an",
        "partner": "Carl",
        "augen": 75,
        "laufende": 3,
        "kontra": True,
        "klopfen": ["Berta"],
        "note": "from the phone",
    }
    with c:
        r = c.post("/api/hands", json=body, headers=bearer(key))
        assert r.status_code == 201
        assert r.json() == table.json("show", "1", "--format", "json")
        # the same through ?key= and a Ramsch with Augen per player
        r = c.post(
            f"/api/hands?key={key}",
            json={"type": "ramsch", "augen_by": {"Anna": 40, "Berta": 35, "Carl": 25, "Dora": 20}},
        )
        assert r.status_code == 201 and r.json()["number"] == 2
    # the command line records the same facts from the same words
    table.ok(
        "add",
        "rufspiel",
        "-p",
        "an",
        "-m",
        "Carl",
        "-a",
        "75",
        "-l",
        "3",
        "--kontra",
        "-k",
        "Berta",
        "-n",
        "from the phone",
    )
    shown = [table.json("show", str(n), "--format", "json") for n in (1, 3)]
    assert shown[0]["facts"] == shown[1]["facts"] and shown[0]["payouts"] == shown[1]["payouts"]


@pytest.mark.parametrize(
    "body, args",
    [
        ({"type": "wenz", "player": "Xaver", "augen": 65}, ["wenz", "--player", "Xaver", "--augen", "65"]),
        ({"type": "wenz", "player": "Carl", "augen": 130}, ["wenz", "--player", "Carl", "--augen", "130"]),
        ({"type": "rufspiel", "player": "Carl", "augen": 65}, ["rufspiel", "--player", "Carl", "--augen", "65"]),
        (
            {"type": "wenz", "player": "Carl", "augen": 65, "partner": "Anna"},
            ["wenz", "--player", "Carl", "--augen", "65", "--partner", "Anna"],
        ),
        ({"type": "f", "player": "Carl"}, ["f", "--player", "Carl"]),
        ({"type": "ramsch", "augen_by": {"Anna": 40}}, ["ramsch", "--augen", "Anna=40"]),
        ({"type": "wenz", "player": "Carl", "augen": "viel"}, ["wenz", "--player", "Carl", "--augen", "viel"]),
    ],
)
def test_a_refusal_is_the_sentence_add_says_and_writes_nothing(table, body, args):
    c, key, ledger = served(table.url)
    marker = ledger.changes()
    with c:
        r = c.post("/api/hands", json=body, headers=bearer(key))
    assert r.status_code == 422
    said = table("add", *args)
    assert said.code == 2
    assert r.json() == {"error": said.err.strip().removeprefix("schreiber: ")}
    assert ledger.changes() == marker and numbers(table) == []


def test_a_refusal_follows_the_browsers_language(table):
    c, key, __ = served(table.url)
    with c:
        de = c.post(
            "/api/hands",
            json={"type": "wenz", "player": "Xaver", "augen": 65},
            headers=bearer(key, **{"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}),
        )
        en = c.post(
            "/api/hands",
            json={"type": "wenz", "player": "Xaver", "augen": 65},
            headers=bearer(key, **{"Accept-Language": "en-GB"}),
        )
    assert de.status_code == en.status_code == 422
    assert "ist kein Spieler an diesem Tisch" in de.json()["error"] and "is not a player" in en.json()["error"]


def test_no_key_is_401_a_wrong_key_403_and_nothing_is_written(table):
    c, key, ledger = served(table.url)
    marker = ledger.changes()
    hand = {"type": "wenz", "player": "Carl", "augen": 65}
    with c:
        assert c.post("/api/hands", json=hand).status_code == 401
        assert c.post("/api/undo").status_code == 401
        wrong = ("y" if key[0] == "x" else "x") + key[1:]  # one character off, never the key itself
        r = c.post("/api/hands", json=hand, headers=bearer(wrong))
        assert r.status_code == 403 and wrong not in r.text and key not in r.text
        assert c.post(f"/api/hands?key={wrong}", json=hand).status_code == 403
        # the page without a key, or with a wrong one, shows no form and no key
        assert c.get(f"/?key={wrong}").status_code == 403 and key not in c.get(f"/?key={wrong}").text
        assert c.get("/entry/state").status_code == 401
    assert ledger.changes() == marker and numbers(table) == []


def test_repeated_wrong_keys_from_one_address_are_answered_ever_more_slowly(table):
    c, key, __ = served(table.url)
    gate = c.app.state.entry.gate
    with c:
        waits = []
        for __ in range(FREE_FAILURES + 3):
            waits.append(gate.wait_for("testclient"))
            c.post("/api/hands", json={}, headers=bearer("wrong"))
    assert waits[:FREE_FAILURES] == [0.0] * FREE_FAILURES
    assert 0 < waits[FREE_FAILURES] < waits[FREE_FAILURES + 1] < waits[FREE_FAILURES + 2]
    assert gate.wait_for("another.address") == 0.0


def test_a_new_key_stops_the_old_one_at_once(table):
    c, old, __ = served(table.url)
    with c:
        assert (
            c.post("/api/hands", json={"type": "wenz", "player": "Carl", "augen": 65}, headers=bearer(old)).status_code
            == 201
        )
        said = table.ok("session", "key", "--new")
        new = said.split("?key=")[1].split()[0]
        assert new != old and len(new) >= 22  # 192 random bits, URL-safe
        assert (
            c.post("/api/hands", json={"type": "wenz", "player": "Carl", "augen": 65}, headers=bearer(old)).status_code
            == 403
        )
        assert (
            c.post("/api/hands", json={"type": "wenz", "player": "Carl", "augen": 65}, headers=bearer(new)).status_code
            == 201
        )
    assert numbers(table) == [1, 2]


def test_without_entry_every_post_is_405(table):
    c, key, ledger = served(table.url, entry=False)
    marker = ledger.changes()
    with c:
        for path in ("/api/hands", "/api/undo", f"/api/hands?key={key}", "/"):
            assert (
                c.post(path, json={"type": "wenz", "player": "Carl", "augen": 65}, headers=bearer(key)).status_code
                == 405
            )
        assert "schreiber-token" not in c.get(f"/?key={key}").text  # the read-only page, no form
    assert ledger.changes() == marker


def test_idempotency_key_replayed_records_nothing_again_and_answers_as_the_first(table):
    c, key, __ = served(table.url)
    hand = {"type": "wenz", "player": "Carl", "augen": 65, "laufende": 2}
    with c:
        first = c.post("/api/hands", json=hand, headers=bearer(key, **{"Idempotency-Key": "phone-1-hand"}))
        again = c.post("/api/hands", json=hand, headers=bearer(key, **{"Idempotency-Key": "phone-1-hand"}))
        other = c.post("/api/hands", json=hand, headers=bearer(key, **{"Idempotency-Key": "phone-1-next"}))
    assert first.status_code == again.status_code == other.status_code == 201
    assert again.json() == first.json() and other.json()["number"] == 2
    assert numbers(table) == [1, 2]


def test_expect_number_behind_the_table_is_409_with_the_hand_now_there(table):
    c, key, __ = served(table.url)
    with c:
        assert (
            c.post(
                "/api/hands",
                json={"type": "wenz", "player": "Carl", "augen": 65, "expect_number": 1},
                headers=bearer(key),
            ).status_code
            == 201
        )
        r = c.post(
            "/api/hands", json={"type": "geier", "player": "Dora", "augen": 70, "expect_number": 1}, headers=bearer(key)
        )
        assert r.status_code == 409
        assert r.json()["error"] == "hand 1 was just recorded from another device."
        assert r.json()["hand"] == table.json("show", "1", "--format", "json") and r.json()["next_number"] == 2
        # confirmed by the user: recorded as the next hand
        r = c.post(
            "/api/hands", json={"type": "geier", "player": "Dora", "augen": 70, "expect_number": 2}, headers=bearer(key)
        )
        assert r.status_code == 201 and r.json()["number"] == 2
    assert numbers(table) == [1, 2]


def test_undo_voids_the_last_hand(table):
    c, key, __ = served(table.url)
    with c:
        c.post("/api/hands", json={"type": "wenz", "player": "Carl", "augen": 65}, headers=bearer(key))
        c.post("/api/hands", json={"type": "geier", "player": "Dora", "augen": 70}, headers=bearer(key))
        r = c.post("/api/undo", headers=bearer(key))
        assert r.status_code == 200 and r.json() == {"voided": 2}
    assert numbers(table) == [1]
    assert "void" in table.ok("list", "--history")


def test_bodies_over_the_limit_are_413_and_bad_json_422(table):
    c, key, ledger = served(table.url)
    marker = ledger.changes()
    with c:
        big = json.dumps({"type": "wenz", "player": "Carl", "augen": 65, "note": "x" * MAX_BODY})
        r = c.post("/api/hands", content=big, headers=bearer(key, **{"Content-Type": "application/json"}))
        assert r.status_code == 413

        def chunks():
            for __ in range(MAX_BODY // 1000 + 2):
                yield b" " * 1000

        r = c.post("/api/hands", content=chunks(), headers=bearer(key))  # no Content-Length: counted as read
        assert r.status_code == 413
        r = c.post("/api/hands", content=b"{not json", headers=bearer(key))
        assert r.status_code == 422 and "JSON" in r.json()["error"]
        r = c.post("/api/hands", json=["wenz"], headers=bearer(key))
        assert r.status_code == 422
        r = c.post("/api/hands", json={"type": "wenz", "spieler": "Carl"}, headers=bearer(key))
        assert r.status_code == 422 and "'spieler' is not an option of add" in r.json()["error"]
    assert ledger.changes() == marker


def test_the_pages_writes_need_its_token_and_cookie_and_refuse_other_sites(table):
    c, key, ledger = served(table.url)
    hand = {"type": "wenz", "player": "Carl", "augen": 65}
    with c:
        token = page_token(c, key)
        cookie = c.cookies.get("schreiber_entry")
        assert cookie
        marker = ledger.changes()
        # no token, a made-up token, the token without the cookie: refused, nothing written
        assert c.post(f"/entry/hands?key={key}", json=hand).status_code == 403
        assert c.post(f"/entry/hands?key={key}", json=hand, headers={"X-Schreiber-Token": "abc.def"}).status_code == 403
        c.cookies.clear()
        assert c.post(f"/entry/hands?key={key}", json=hand, headers={"X-Schreiber-Token": token}).status_code == 403
        c.cookies.set("schreiber_entry", cookie)
        # a cross-site POST (another site's form or script) is refused even with the right key and token
        for headers in ({"Origin": "http://evil.example"}, {"Sec-Fetch-Site": "cross-site"}):
            r = c.post(f"/entry/hands?key={key}", json=hand, headers={"X-Schreiber-Token": token, **headers})
            assert r.status_code == 403 and "another site" in r.json()["error"]
        assert ledger.changes() == marker
        # the page's own request goes through; replayed, it records nothing again
        same = {"X-Schreiber-Token": token, "Idempotency-Key": "form-1", "Origin": "http://testserver"}
        first = c.post(f"/entry/hands?key={key}", json=hand, headers=same)
        again = c.post(f"/entry/hands?key={key}", json=hand, headers=same)
        assert first.status_code == again.status_code == 201 and first.json() == again.json()
    assert numbers(table) == [1]
    head = c.get(f"/?key={key}").headers["set-cookie"].lower()
    assert "httponly" in head and "samesite=strict" in head


def test_void_and_restore_from_the_page(table):
    c, key, __ = served(table.url)
    with c:
        token = {"X-Schreiber-Token": page_token(c, key)}
        for hand in ({"type": "wenz", "player": "Carl", "augen": 65}, {"type": "geier", "player": "Dora", "augen": 70}):
            assert c.post(f"/entry/hands?key={key}", json=hand, headers=token).status_code == 201
        assert c.post(f"/entry/void?key={key}", json={"number": 1}, headers=token).json() == {"voided": 1}
        assert numbers(table) == [2]
        assert c.get(f"/entry/state?key={key}").json()["restorable"] == [1]
        assert c.post(f"/entry/restore?key={key}", json={"number": 1}, headers=token).json() == {"restored": 1}
        assert c.post(f"/entry/void?key={key}", json={"number": "1"}, headers=token).status_code == 422
    assert numbers(table) == [1, 2]


def test_a_hostile_name_and_note_are_text_everywhere_on_the_page(cli):
    hostile = "</script><script>alert(1)</script>"  # a name holds no `=`, no comma and no run of spaces
    cli.ok("session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", hostile)
    c, key, __ = served(cli.url)
    with c:
        r = c.post(
            "/api/hands",
            json={"type": "wenz", "player": hostile, "augen": 65, "note": "<b>x</b>&"},
            headers=bearer(key),
        )
        assert r.status_code == 201
        page = c.get(f"/?key={key}").text
        state = c.get(f"/entry/state?key={key}").json()
    assert hostile in state["players"]
    assert "<script>alert" not in page and "</script><script>" not in page
    # the state inside the page is the same JSON, with nothing that could close its script
    inside = re.search(r'<script id="state" type="application/json">(.*?)</script>', page, re.S).group(1)
    assert "<" not in inside and json.loads(inside)["players"] == state["players"]
    assert html.escape(hostile) in page or hostile not in page


def test_the_entry_page_shows_who_deals_and_sits_out_and_the_types_in_the_rule_sets_order(cli):
    cli.ok("session", "new", "--rules", "schafkopf", "--players", *PLAYERS, "Emil")
    cli.ok("add", "wenz", "--player", "Carl", "--augen", "65")
    cli.ok("add", "wenz", "--player", "Dora", "--augen", "65")
    cli.ok("add", "geier", "--player", "Dora", "--augen", "65")
    c, key, __ = served(cli.url)
    with c:
        en = c.get(f"/?key={key}", headers={"Accept-Language": "en"}).text
        de = c.get(f"/?key={key}", headers={"Accept-Language": "de"}).text
        state = c.get(f"/entry/state?key={key}").json()
    listed = cli.json("list", "--format", "json")
    session = cli.ok("session", "show")
    assert state["next_number"] == 4
    assert state["dealer"] in session and f"{state['dealer']} deals" in en and f"{state['dealer']} gibt" in de
    assert state["sitting_out"] and f"{state['sitting_out'][0]} sits out" in en
    # the same order whatever was played: a thumb finds a type where it was
    assert [t["type"] for t in state["types"]][:4] == ["rufspiel", "farbsolo", "wenz", "geier"]
    assert [t["name"] for t in state["types"]][:1] == ["Ruf\u00adspiel"]
    assert state["totals"] == listed["totals"]
    assert '<html lang="de">' in de and '<html lang="en">' in en
    assert "<svg" in en  # the QR code for the next phone


def test_the_page_is_told_that_the_dealer_deals_again_after_a_solo_as_add_says(table):
    c, key, __ = served(table.url)
    with c:
        token = {"X-Schreiber-Token": page_token(c, key)}
        solo = c.post(
            f"/entry/hands?key={key}", json={"type": "wenz", "player": "Carl", "augen": 65}, headers=token
        ).json()
        plain = c.post(
            f"/entry/hands?key={key}",
            json={"type": "rufspiel", "player": "Anna", "partner": "Carl", "augen": 65},
            headers=token,
        ).json()
        german = c.post(
            f"/entry/hands?key={key}",
            json={"type": "geier", "player": "Dora", "augen": 70},
            headers={**token, "Accept-Language": "de"},
        ).json()
    assert solo["said"] == ["Solo: Anna deals again"] and solo["state"]["dealer"] == "Anna"
    assert plain["said"] == []
    assert german["said"] == ["Solo: Berta gibt noch einmal"]
    # the command line says the same after its solo
    assert "Solo: Berta deals again" in table.ok("add", "wenz", "--player", "Anna", "--augen", "70")
