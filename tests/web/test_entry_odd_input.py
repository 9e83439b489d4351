"""Input no player means to send, and the ledger busy with another writer: each answered with a 4xx and
one sentence (or a 503 to retry), never a 5xx, nothing written — CLI.md, "Entry from a phone"."""

from __future__ import annotations

import sqlite3

import pytest

pytest.importorskip("starlette")
from sqlalchemy import create_engine, text  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from schreiber.ledger.reports import Scope  # noqa: E402
from schreiber.ledger.service import Ledger  # noqa: E402
from schreiber.web.app import create_app  # noqa: E402

PLAYERS = ("Anna", "Berta", "Carl", "Dora")
WENZ = {"type": "wenz", "player": "Carl", "augen": 70}


@pytest.fixture
def table(cli):
    cli.ok("session", "new", "--rules", "schafkopf", "--players", *PLAYERS)
    return cli


def served(url: str) -> tuple[TestClient, dict[str, str], Ledger]:
    ledger = Ledger.open(url)
    __, key = ledger.entry_key()
    return TestClient(create_app(ledger, Scope(), interval=0.1, entry=[1])), {"Authorization": f"Bearer {key}"}, ledger


def listed(cli) -> list[tuple[int, str]]:
    return [(h["number"], h["description"]) for h in cli.json("list", "--format", "json")["hands"]]


def test_a_hand_expected_that_was_voided_since_the_page_loaded_is_named(table):
    c, auth, __ = served(table.url)
    with c:
        assert c.post("/api/hands", json=WENZ, headers=auth).status_code == 201
        # the page shows "Hand 2"; meanwhile a laptop records hands 2 and 3 and voids hand 2
        table.ok("add", "geier", "--player", "Dora", "--augen", "70")
        table.ok("add", "geier", "--player", "Anna", "--augen", "70")
        table.ok("void", "2")
        r = c.post("/api/hands", json={**WENZ, "expect_number": 2}, headers=auth)
    assert r.status_code == 409
    assert r.json()["error"] == "hand 2 was voided after this page loaded." and r.json()["next_number"] == 4
    assert listed(table) == [(1, "wenz Carl"), (3, "geier Anna")]


def test_an_idempotency_key_whose_hand_was_undone_says_so(table):
    c, auth, __ = served(table.url)
    with c:
        assert c.post("/api/hands", json=WENZ, headers={**auth, "Idempotency-Key": "k1"}).status_code == 201
        assert c.post("/api/undo", headers=auth).json() == {"voided": 1}
        r = c.post("/api/hands", json=WENZ, headers={**auth, "Idempotency-Key": "k1"})
    assert r.status_code == 409
    assert r.json()["error"] == "hand 1 was undone after it was recorded; nothing was recorded again."
    assert listed(table) == []


@pytest.mark.parametrize(
    "raw, sentence",
    [
        (
            b'{"type": "wenz", "player": "Carl", "augen": 70, "note": "a\\ud800b"}',
            "--note holds a byte or half a character that is not UTF-8; type the text again.",
        ),
        (
            b'{"type": "wenz", "player": "Carl\\udc80", "augen": 70}',
            "--player holds a byte or half a character that is not UTF-8; type the text again.",
        ),
        (
            b'{"type": "wenz", "player": "Carl", "augen": 70, "note": "a\\u0000b"}',
            "--note holds a NUL character, which cannot be stored; leave it out.",
        ),
        (
            b'{"type": "ramsch", "augen_by": {"An\\u0000na": 40}}',
            "--augen holds a NUL character, which cannot be stored; leave it out.",
        ),
        (b"[" * 5000 + b"]" * 5000, "The body is nested too deeply; send one flat JSON object."),
        (b'{"a":[' * 1600 + b"1" + b"]}" * 1600, "The body is nested too deeply; send one flat JSON object."),
        (
            b'{"type": "wenz", "player": "Carl", "augen": 70, "laufende": 99999999999999999999}',
            "--laufende takes a whole number up to 1000000, not 99999999999999999999.",
        ),
    ],
)
def test_text_the_ledger_cannot_keep_alike_on_both_backends_is_refused(table, raw, sentence):
    c, auth, ledger = served(table.url)
    marker = ledger.changes()
    with c:
        r = c.post("/api/hands", content=raw, headers={**auth, "Content-Type": "application/json"})
    assert r.status_code == 422 and r.json() == {"error": sentence}
    assert ledger.changes() == marker and listed(table) == []


def test_a_note_of_other_characters_is_stored_alike(table):
    c, auth, __ = served(table.url)
    note = "Zenzi's \u00fcber-Wenz \U0001f0a1 \u2028 <b>"
    with c:
        assert c.post("/api/hands", json={**WENZ, "note": note}, headers=auth).status_code == 201
    assert table.json("show", "1", "--format", "json")["facts"]["note"] == note


def test_an_invalid_utf8_byte_in_a_note_on_the_command_line_is_one_sentence(table):
    import subprocess
    import sys
    from pathlib import Path

    schreiber = str(Path(sys.executable).with_name("schreiber"))
    ran = subprocess.run(
        [schreiber, "--db", table.url, "add", "wenz", "-p", "Carl", "-a", "70", "-n", b"caf\xe9"],
        capture_output=True,
        timeout=60,
    )
    assert ran.returncode == 2
    assert (
        ran.stderr.decode().strip()
        == "schreiber: --note holds a byte or half a character that is not UTF-8; type the text again."
    )
    assert listed(table) == []


def test_a_ledger_busy_with_another_writer_answers_503_with_retry_after(db_url, monkeypatch, cli):
    cli.ok("session", "new", "--rules", "schafkopf", "--players", *PLAYERS)
    if db_url.startswith("sqlite"):
        monkeypatch.setenv("SCHREIBER_BUSY_TIMEOUT", "0.2")
        c, auth, ledger = served(db_url)
        holder = sqlite3.connect(db_url.removeprefix("sqlite:///"), isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
    else:
        # PostgreSQL waits for a lock as long as it is told to: here a fifth of a second
        c, auth, ledger = served(db_url + "%20-clock_timeout%3D200")
        holder = create_engine(db_url).connect()
        holder.execute(text("SELECT id FROM runde WHERE id = 1 FOR UPDATE"))
    try:
        with c:
            r = c.post("/api/hands", json=WENZ, headers={**auth, "Idempotency-Key": "again"})
            assert r.status_code == 503 and r.headers["retry-after"] == "2"
            assert "busy" in r.json()["error"]
            holder.rollback() if not db_url.startswith("sqlite") else holder.execute("ROLLBACK")
            # the program sends the same request again: recorded once
            assert c.post("/api/hands", json=WENZ, headers={**auth, "Idempotency-Key": "again"}).status_code == 201
    finally:
        holder.close()
    assert listed(cli) == [(1, "wenz Carl")]
