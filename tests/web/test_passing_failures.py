"""A ledger that cannot be written for a cause that passes — a read-only file, a full disk — answers 503 with
Retry-After on every write route (the entry API, the payments, the door), never 422, which CLI.md keeps for a
refused hand: a phone sends the hand again, and once the cause is gone the same request is recorded once (issue 38).

Both need the file itself on SQLite: made immutable (root) or read-only (anyone else), and put on a small tmpfs
that is filled up (root only; skipped with the reason where mount is not permitted)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import uuid

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from schreiber.ledger.reports import Scope  # noqa: E402
from schreiber.ledger.service import Ledger  # noqa: E402
from schreiber.web.app import create_app  # noqa: E402
from schreiber.web.app import create_tournament_app  # noqa: E402
from tests.conftest import Cli  # noqa: E402
from tests.helpers.web import assert_hardened  # noqa: E402

BOSS = "the-organisers-key"
WENZ = {"type": "wenz", "player": "Carl", "augen": 70}


def day(cli: Cli) -> None:
    """A table of four, and a season's tournament with a Startgeld at the door, drawn; every key made."""
    cli.ok("session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", "Dora")
    cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "70")
    cli.ok("session", "key")
    cli.ok("season", "new", "Cup", "--rules", "preisschafkopf")
    cli.ok("season", "register", *[f"Spieler{i}" for i in range(1, 11)])
    cli.ok("tournament", "new", "Kirchweih", "--rules", "preisschafkopf", "--season", "1", "--set", "startgeld=1500")
    cli.ok("tournament", "checkin", *map(str, range(1, 9)))
    cli.ok("tournament", "draw")


def unavailable(r, what: str) -> None:
    assert_hardened(r.__class__(200, headers=r.headers), what)
    assert r.status_code == 503 and r.headers["retry-after"] == "2", (what, r.status_code, r.text[:300])


def every_write_is_503(ledger: Ledger, key: str, reason: str) -> None:
    """Each write route of the table's and the tournament's pages answers 503 with Retry-After and the reason."""
    auth = {"Authorization": f"Bearer {key}"}
    with TestClient(create_app(ledger, Scope(table_id=1), interval=0.1, entry=[1])) as c:
        r = c.post("/api/hands", json=WENZ, headers={**auth, "Idempotency-Key": "once"})
        unavailable(r, "POST /api/hands")
        assert reason in r.json()["error"] and r.json()["error"].endswith("nothing was changed.")
        unavailable(c.post("/api/undo", headers=auth), "POST /api/undo")
    with TestClient(create_tournament_app(ledger, 1, interval=0.1, entry=True, organiser=BOSS)) as c:
        unavailable(c.post(f"/cash/pay?organiser={BOSS}", json={"number": 4}), "POST /cash/pay")
        c.get(f"/checkin?organiser={BOSS}")
        token = re.search(r'name="token" value="([^"]+)"', c.get("/checkin").text).group(1)
        r = c.post(
            "/checkin",
            content=f"who=9&token={token}".encode(),
            headers={"Content-Type": "application/x-www-form-urlencoded"},
        )
        unavailable(r, "POST /checkin")
        assert reason in r.text


def written_once_after(ledger: Ledger, key: str, cli: Cli) -> None:
    """The cause gone, the phone's resend (same Idempotency-Key) is recorded, once."""
    with TestClient(create_app(ledger, Scope(table_id=1), interval=0.1, entry=[1])) as c:
        r = c.post("/api/hands", json=WENZ, headers={"Authorization": f"Bearer {key}", "Idempotency-Key": "once"})
        assert r.status_code == 201 and r.json()["number"] == 2
    assert cli.json("tournament", "cash", "--format", "json")["players"][3]["paid"] == 0
    assert len(cli.json("tournament", "show", "--format", "json")["players"]) == 8
    assert [h["number"] for h in cli.json("list", "--session", "1", "--format", "json")["hands"]] == [1, 2]


def test_a_read_only_ledger_file_answers_503_with_retry_after(tmp_path, capsys):
    path = tmp_path / "ledger.db"
    cli = Cli(f"sqlite:///{path}", capsys)
    day(cli)
    if os.geteuid() == 0:
        # root writes a file whatever its mode: the file is made immutable instead (ext4, xfs, btrfs, tmpfs).
        if (
            shutil.which("chattr") is None
            or subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode
        ):
            pytest.skip("running as root, and chattr +i is not available here: root writes even a read-only file")
        undo = ["chattr", "-i", str(path)]
    else:
        path.chmod(0o444)
        undo = ["chmod", "644", str(path)]
    try:
        ledger = Ledger.open(cli.url)
        key = ledger.entry_keys([1])[1]
        every_write_is_503(ledger, key, "attempt to write a readonly database")
    finally:
        subprocess.run(undo, check=True)
    written_once_after(Ledger.open(cli.url), key, cli)


@pytest.fixture
def small_disk(tmp_path):
    """A tmpfs of 2 MB of its own."""
    where = tmp_path / "disk"
    where.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(where)], capture_output=True, text=True
    )
    if mounted.returncode:
        pytest.skip(f"cannot mount a small tmpfs to fill ({mounted.stderr.strip() or 'mount is not permitted'})")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def test_a_full_disk_answers_503_with_retry_after(small_disk, capsys):
    cli = Cli(f"sqlite:///{small_disk / 'ledger.db'}", capsys)
    day(cli)
    ledger = Ledger.open(cli.url)
    key = ledger.entry_keys([1])[1]
    filler = small_disk / f"filler-{uuid.uuid4().hex}"
    handle = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(handle, b"\0" * 4096)
    except OSError:  # the disk is full
        pass
    finally:
        os.close(handle)
    every_write_is_503(ledger, key, "database or disk is full")
    filler.unlink()
    written_once_after(ledger, key, cli)
