"""Skat hands through the JSON API of `serve --entry`: the declared facts are body keys (the long
option names without dashes), and a refusal is the sentence `add` says, nothing written."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")

from tests.web.test_entry_api import bearer, served  # noqa: E402


def test_skat_hands_posted_as_json(cli):
    cli.ok("session", "new", "--rules", "skat", "--players", "Anna", "Berta", "Carl")
    c, key, __ = served(cli.url)
    with c:
        r = c.post("/api/hands", json={"type": "grand", "player": "be", "spitzen": 4, "hand": True, "augen": 95}, headers=bearer(key))
        assert r.status_code == 201
        assert r.json() == cli.json("show", "1", "--format", "json")
        assert r.json()["payouts"] == {"Anna": 0, "Berta": 168, "Carl": 0}
        r = c.post("/api/hands", json={"type": "null", "player": "Anna", "hand": "true", "ouvert": True, "lost": True,
                                       "reizwert": "59"}, headers=bearer(key))
        assert r.status_code == 201 and r.json()["payouts"]["Anna"] == -118
        r = c.post("/api/hands", json={"type": "kreuz", "player": "Carl", "spitzen": 1, "ouvert": True, "augen": 70}, headers=bearer(key))
        assert r.status_code == 422
        assert r.json() == {"error": "--augen is not entered with --ouvert: every trick decides the game; give --won or --lost."}
        r = c.post("/api/hands", json={"type": "kreuz", "player": "Carl", "spitzen": "viele", "augen": 70}, headers=bearer(key))
        assert r.status_code == 422 and r.json()["error"] == "--spitzen takes a whole number, not 'viele'."
    assert [h["number"] for h in cli.json("list", "--format", "json")["hands"]] == [1, 2]
