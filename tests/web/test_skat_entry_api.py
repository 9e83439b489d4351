"""Skat hands through the JSON API of `serve --entry`: the declared facts are body keys (the long
option names without dashes), and a refusal is the sentence `add` says, nothing written."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")

from tests.helpers.entry import bearer, served  # noqa: E402


def test_skat_hands_posted_as_json(cli):
    cli.ok("session", "new", "--rules", "skat", "--players", "Anna", "Berta", "Carl")
    c, key, __ = served(cli.url)
    with c:
        r = c.post(
            "/api/hands",
            json={"type": "grand", "player": "be", "spitzen": 4, "hand": True, "augen": 95},
            headers=bearer(key),
        )
        assert r.status_code == 201
        assert r.json() == cli.json("show", "1", "--format", "json")
        assert r.json()["payouts"] == {"Anna": 0, "Berta": 168, "Carl": 0}
        r = c.post(
            "/api/hands",
            json={"type": "null", "player": "Anna", "hand": "true", "ouvert": True, "lost": True, "reizwert": "59"},
            headers=bearer(key),
        )
        assert r.status_code == 201 and r.json()["payouts"]["Anna"] == -118
        r = c.post(
            "/api/hands",
            json={"type": "kreuz", "player": "Carl", "spitzen": 1, "ouvert": True, "augen": 70},
            headers=bearer(key),
        )
        assert r.status_code == 422
        assert r.json() == {
            "error": "--augen is not entered with --ouvert: every trick decides the game; give --won or --lost."
        }
        r = c.post(
            "/api/hands", json={"type": "kreuz", "player": "Carl", "spitzen": "viele", "augen": 70}, headers=bearer(key)
        )
        assert r.status_code == 422 and r.json()["error"] == "--spitzen takes a whole number, not 'viele'."
    assert [h["number"] for h in cli.json("list", "--format", "json")["hands"]] == [1, 2]


def test_k13_and_k14_through_the_api_and_the_page(cli):
    """Issue 39: an overbid that could never reach the bid, and Schwarz with the Skat's Augen, are recorded."""
    from tests.helpers.entry import page_token

    cli.ok("session", "new", "--rules", "skat", "--players", "Anna", "Berta", "Carl")
    c, key, __ = served(cli.url)
    with c:
        r = c.post(
            "/api/hands",
            json={"type": "pik", "player": "Anna", "spitzen": 1, "hand": True, "augen": 75, "reizwert": 72},
            headers=bearer(key),
        )
        assert r.status_code == 201, r.text
        assert r.json()["payouts"] == {"Anna": -154, "Berta": 0, "Carl": 0} and r.json()["value"] == 77
        token = {"X-Schreiber-Token": page_token(c, key)}
        r = c.post(
            f"/entry/hands?key={key}",
            json={"type": "kreuz", "player": "Berta", "spitzen": 1, "ohne": True, "augen": 15, "schwarz": True},
            headers=token,
        )
        assert r.status_code == 201, r.text
        r = c.post(
            "/api/hands", json={"type": "null", "player": "Carl", "won": True, "reizwert": 24}, headers=bearer(key)
        )
        assert r.status_code == 422
        assert r.json() == {"error": "--reizwert 24: Null is worth 23, so it cannot have been played at 24."}
    listed = cli.json("list", "--format", "json")["hands"]
    assert [h["payouts"] for h in listed] == [
        {"Anna": -154, "Berta": 0, "Carl": 0},
        {"Anna": 0, "Berta": -96, "Carl": 0},
    ]


def test_the_page_offers_skat_s_augen_and_says_the_spitzen_are_missing_in_german(cli):
    from tests.helpers.entry import page_token

    cli.ok("session", "new", "--rules", "skat", "--players", "Anna", "Berta", "Carl")
    c, key, __ = served(cli.url)
    with c:
        state = c.get(f"/entry/state?key={key}").json()
        token = {"X-Schreiber-Token": page_token(c, key)}
        de = c.post(
            f"/entry/hands?key={key}",
            json={"type": "grand", "player": "Anna", "augen": 75},
            headers={**token, "Accept-Language": "de"},
        )
        en = c.post(
            f"/entry/hands?key={key}",
            json={"type": "grand", "player": "Anna", "augen": 75},
            headers={**token, "Accept-Language": "en"},
        )
    assert {30, 31, 60, 61, 89, 90} <= set(state["quick"]) and 91 not in state["quick"]
    assert de.status_code == 422 and de.json()["error"].startswith("Spitzen fehlen; Grand braucht sie")
    assert en.json()["error"].startswith("Spitzen are needed for Grand")
    assert cli.json("list", "--format", "json")["hands"] == []
