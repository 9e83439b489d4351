"""The check-in page refuses a walk-in's name with a NUL, 200 characters or a right-to-left override
in the sentence of every other way in (schreiber/rules/names.py), 422, and checks no one in."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from schreiber.ledger.service import Ledger  # noqa: E402
from schreiber.web.app import create_tournament_app  # noqa: E402
from tests.helpers.names import LONG, NUL, RLO, SAID  # noqa: E402
from tests.helpers.checkin import BOSS, entrants  # noqa: E402


def test_the_door_refuses_such_a_name_as_a_walk_in_and_by_name(door):  # noqa: F811
    ledger = Ledger.open(door.url)
    try:
        client = TestClient(create_tournament_app(ledger, 2, entry=True, organiser=BOSS))
        client.get(f"/checkin?organiser={BOSS}")
        token = client.get("/checkin").text.split('name="token" value="')[1].split('"')[0]
        for bad in (NUL, LONG, RLO):
            for new in ("1", "0"):
                r = client.post(
                    "/checkin",
                    data={"who": bad, "new": new, "token": token},
                    headers={"Accept": "application/json", "Origin": "http://testserver"},
                )
                assert r.status_code == 422 and r.json()["error"] == f"NAME: {SAID[bad]}", (bad, new)
        assert entrants(door) == []
    finally:
        ledger.engine.dispose()
