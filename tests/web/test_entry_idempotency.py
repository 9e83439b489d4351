"""An Idempotency-Key belongs to the hand its body recorded: sent again it answers that hand while
the hand stands, 409 once it was undone, 422 with another body — never another device's hand."""

from __future__ import annotations

import shutil
import uuid

import pytest

pytest.importorskip("starlette")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from schreiber.ledger.service import Ledger  # noqa: E402
from tests.helpers.entry import bearer, numbers, page_token, served  # noqa: E402

PLAYERS = ("Anna", "Berta", "Carl", "Dora")
K1 = {"Idempotency-Key": "phone-1-hand-2"}
WENZ = {"type": "wenz", "player": "Carl", "augen": 65, "laufende": 2}


@pytest.fixture
def table(cli):
    cli.ok("session", "new", "--rules", "schafkopf", "--players", *PLAYERS, "--tariff", "10")
    return cli


def test_a_key_resent_after_its_hand_was_undone_and_another_hand_2_recorded_is_409(table):
    c, key, __ = served(table.url)
    with c:
        assert (
            c.post(
                "/api/hands",
                json={"type": "rufspiel", "player": "Anna", "partner": "Berta", "augen": 70},
                headers=bearer(key),
            ).status_code
            == 201
        )
        first = c.post("/api/hands", json=WENZ, headers=bearer(key, **K1))
        assert first.status_code == 201 and first.json()["number"] == 2
        assert c.post("/api/undo", headers=bearer(key)).json() == {"voided": 2}
        other = c.post(
            "/api/hands",
            json={"type": "geier", "player": "Dora", "augen": 70},
            headers=bearer(key, **{"Idempotency-Key": "tablet"}),
        )
        assert other.status_code == 201 and other.json()["number"] == 2
        again = c.post("/api/hands", json=WENZ, headers=bearer(key, **K1))
    assert again.status_code == 409
    assert again.json()["error"] == "hand 2 was undone after it was recorded; nothing was recorded again."
    assert again.json()["undone"] == 2 and again.json()["next_number"] == 3
    assert numbers(table) == [1, 2]
    assert table.json("show", "2", "--format", "json")["type"] == "geier"


def test_a_key_resent_while_its_hand_stands_answers_it_edited_or_restored_and_records_nothing(table):
    c, key, ledger = served(table.url)
    with c:
        first = c.post("/api/hands", json=WENZ, headers=bearer(key, **K1))
        # the same body with its keys in another order and other spacing is the same request
        reordered = '{ "laufende": 2, "augen": 65, "player": "Carl", "type": "wenz" }'
        again = c.post(
            "/api/hands", content=reordered, headers=bearer(key, **K1, **{"Content-Type": "application/json"})
        )
        assert first.status_code == again.status_code == 201 and again.json() == first.json()
        table.ok("edit", "1", "--augen", "80")
        edited = c.post("/api/hands", json=WENZ, headers=bearer(key, **K1))
        assert edited.status_code == 201 and edited.json() == table.json("show", "1", "--format", "json")
        assert edited.json()["facts"]["augen"] == 80
        table.ok("undo")
        assert c.post("/api/hands", json=WENZ, headers=bearer(key, **K1)).status_code == 409
        table.ok("restore", "1")
        marker = ledger.changes()
        back = c.post("/api/hands", json=WENZ, headers=bearer(key, **K1))
        assert back.status_code == 201 and back.json() == table.json("show", "1", "--format", "json")
        assert ledger.changes() == marker
    assert numbers(table) == [1]


def test_a_key_resent_with_another_body_is_422_and_records_nothing(table):
    c, key, ledger = served(table.url)
    with c:
        assert c.post("/api/hands", json=WENZ, headers=bearer(key, **K1)).status_code == 201
        marker = ledger.changes()
        r = c.post("/api/hands", json={**WENZ, "augen": 30}, headers=bearer(key, **K1))
        assert r.status_code == 422
        assert (
            r.json()["error"]
            == "Idempotency-Key: this key was sent with another hand before; send a new hand with a new key."
        )
        # after an undo as well: never another hand under that key
        table.ok("undo")
        assert c.post("/api/hands", json={**WENZ, "augen": 30}, headers=bearer(key, **K1)).status_code == 422
        assert ledger.changes() == marker + 1
    assert numbers(table) == []


def test_the_page_resending_an_undone_hand_is_told_so_and_offered_the_next_number(table):
    c, key, __ = served(table.url)
    with c:
        headers = {"X-Schreiber-Token": page_token(c, key), "Idempotency-Key": "page-1"}
        hand = {**WENZ, "expect_number": 1}
        assert c.post(f"/entry/hands?key={key}", json=hand, headers=headers).status_code == 201
        assert c.post(f"/entry/undo?key={key}", json={}, headers=headers).json() == {"voided": 1}
        r = c.post(f"/entry/hands?key={key}", json=hand, headers=headers)
    assert r.status_code == 409
    assert (
        r.json()["error"] == "Hand 1 was undone after it was recorded; nothing was recorded again."
    )  # as the page words it
    assert r.json()["next_number"] == 1
    assert numbers(table) == []


# -- a property: posts, undos and resends from several devices ----------------------------------------

DEVICES = 3
STEP = st.one_of(
    st.tuples(st.just("post"), st.integers(0, DEVICES - 1), st.sampled_from(PLAYERS), st.integers(0, 120)),
    st.tuples(st.just("resend"), st.integers(0, DEVICES - 1), st.integers(0, 5)),
    st.tuples(st.just("undo"), st.integers(0, DEVICES - 1)),
)


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    """One ledger with a table and its key, copied for every example (a migration takes its time)."""
    path = tmp_path_factory.mktemp("idem") / "ledger.db"
    ledger = Ledger.open(f"sqlite:///{path}")
    ledger.new_table("schafkopf", list(PLAYERS), tariff=10)
    ledger.entry_key()
    ledger.engine.dispose()
    return path


@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(steps=st.lists(STEP, min_size=1, max_size=12))
def test_every_201_names_the_hand_its_own_body_made_and_no_acked_hand_is_missing(template, tmp_path, steps):
    path = tmp_path / f"{uuid.uuid4().hex}.db"
    shutil.copy(template, path)
    c, key, ledger = served(f"sqlite:///{path}")
    sent: list[list[tuple[str, dict]]] = [[] for __ in range(DEVICES)]  # each device's requests: key, body
    acked: dict[str, int] = {}  # request key -> the number of its hand, while it stands
    with c:
        for step in steps:
            if step[0] == "post" or (step[0] == "resend" and not sent[step[1]]):
                device = step[1]
                request = f"d{device}-{len(sent[device])}"
                player, augen = (step[2], step[3]) if step[0] == "post" else ("Carl", 61)
                # the note names the request: the hand answered shows whose body made it
                body = {"type": "wenz", "player": player, "augen": augen, "note": request}
                sent[device].append((request, body))
            elif step[0] == "resend":
                request, body = sent[step[1]][step[2] % len(sent[step[1]])]
            else:
                r = c.post("/api/undo", headers=bearer(key))
                if r.status_code == 200:
                    voided = r.json()["voided"]
                    acked = {k: n for k, n in acked.items() if n != voided}
                else:
                    assert r.status_code == 422 and not acked
                continue
            r = c.post("/api/hands", json=body, headers=bearer(key, **{"Idempotency-Key": request}))
            if r.status_code == 201:
                assert r.json()["facts"]["note"] == request and r.json()["facts"]["player"] == body["player"]
                assert acked.setdefault(request, r.json()["number"]) == r.json()["number"]
            else:
                # refused only as a resend of a hand undone since
                assert r.status_code == 409 and request not in acked, r.json()
                assert r.json()["error"].endswith("was undone after it was recorded; nothing was recorded again.")
    assert {h.hand.note: h.number for h in ledger.table(1).hands} == acked
    ledger.engine.dispose()
