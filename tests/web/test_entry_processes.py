"""`schreiber serve --entry` as a process of its own, with many phones posting at once (SQLite and
PostgreSQL): every hand recorded once, numbered 1..N, and `db check` clean."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path

from tests.helpers.web import Served

SCHREIBER = str(Path(sys.executable).with_name("schreiber"))
PHONES = 20


def post(url: str, body: dict, **headers: str) -> tuple[int, dict]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), method="POST", headers={"Content-Type": "application/json", **headers}
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def at_once(calls: list) -> list:
    """Each call in a thread of its own, all let go at the same moment."""
    start = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(i: int, call) -> None:
        start.wait()
        results[i] = call()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    return results


def test_many_phones_at_once_and_the_same_hand_twice(cli):
    cli.ok("session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", "Dora")
    served = Served(cli.url, "--entry", process=True)
    try:
        line = served.readline()
        assert "Entry for session 1 (Anna, Berta, Carl, Dora): http://127.0.0.1:" in line
        key = line.split("?key=")[1].split()[0]
        # then the same address as a QR code, and who can open it
        drawn: list[str] = []
        while len(drawn) < 60 and not (drawn and drawn[-1].startswith("Only this machine")):
            drawn.append(served.readline())  # type: ignore[union-attr]
        said = len(drawn) - 1
        assert said >= 15 and all(text.strip() and set(text.rstrip("\n")) <= set("█▀▄ ") for text in drawn[:said])
        assert drawn[said].strip() == (
            "Only this machine can open these addresses; for the phones at the table, serve with --host 0.0.0.0."
        )
        api = f"{served.address}api/hands"
        auth = {"Authorization": f"Bearer {key}"}
        # 20 phones, each a different hand (the Augen tell them apart), no expected number: each is the next
        hands = [{"type": "wenz", "player": "Carl", "augen": 61 + i, "note": f"phone {i}"} for i in range(PHONES)]
        results = at_once([lambda h=h: post(api, h, **auth) for h in hands])
        assert [status for status, __ in results] == [201] * PHONES
        assert sorted(answer["number"] for __, answer in results) == list(range(1, PHONES + 1))
        # two phones send the same hand for the same number: one records it, the other is told
        same = {"type": "geier", "player": "Dora", "augen": 70, "expect_number": PHONES + 1}
        results = at_once([lambda: post(api, same, **auth), lambda: post(api, same, **auth)])
        assert sorted(status for status, __ in results) == [201, 409]
        told = next(answer for status, answer in results if status == 409)
        assert told["error"] == f"hand {PHONES + 1} was just recorded from another device."
        # one phone that lost its answer sends again with the same Idempotency-Key, twice at once
        again = {"type": "sie", "player": "Anna", "won": True}
        results = at_once([lambda: post(api, again, **auth, **{"Idempotency-Key": "lost-answer"}) for __ in range(3)])
        assert [status for status, __ in results] == [201] * 3
        assert len({answer["number"] for __, answer in results}) == 1
    finally:
        served.stop()
    listed = cli.json("list", "--format", "json")["hands"]
    assert [h["number"] for h in listed] == list(range(1, PHONES + 3))
    notes = sorted(h["facts"].get("note", "") for h in listed[:PHONES])
    assert notes == sorted(f"phone {i}" for i in range(PHONES))
    assert [h["type"] for h in listed[PHONES:]] == ["geier", "sie"]
    checked = subprocess.run([SCHREIBER, "--db", cli.url, "db", "check"], capture_output=True, text=True, timeout=120)
    assert checked.returncode == 0 and checked.stdout.startswith("ok:"), checked.stdout + checked.stderr
