"""A PostgreSQL server of the test's own, stopped and started again under 10 tables posting at once through
`schreiber serve --tournament --entry`: every answer that is not 201 is 503 with Retry-After, each phone
sends its hand again with the same Idempotency-Key, and every acked hand is stored once (issue 38)."""

from __future__ import annotations

import glob
import json
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path

import pytest

from tests.conftest import Cli
from tests.helpers.web import Served

pytestmark = [pytest.mark.postgres, pytest.mark.slow]
TABLES = 10
LEAST = 6  # hands each table posts after the last restart, so the server is seen to write again


def _bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}")) or [shutil.which(name)]
    return found[-1]


class OwnPostgres:
    """A cluster in a temporary folder on a free port, run as the `postgres` user when the tests run as root."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="schreiber-pg-"))
        self.data = self.folder / "data"
        self.port = _free_port()
        self.as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        if self.as_user:
            shutil.chown(self.folder, "postgres")
        self.folder.chmod(0o755)
        self._run(_bin("initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8")
        self.start()
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, *args: str | None) -> None:
        done = subprocess.run([*self.as_user, *args], capture_output=True, text=True, timeout=120)  # type: ignore[list-item]
        assert done.returncode == 0, done.stdout + done.stderr

    def start(self) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run(_bin("pg_ctl"), "-D", str(self.data), "-o", options, "-l", str(self.folder / "log"), "-w", "start")

    def stop(self, mode: str) -> None:
        self._run(_bin("pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop")

    def remove(self) -> None:
        subprocess.run(
            [*self.as_user, _bin("pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop"],  # type: ignore[list-item]
            capture_output=True,
        )
        shutil.rmtree(self.folder, ignore_errors=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def own_postgres():
    if _bin("initdb") is None or _bin("pg_ctl") is None:
        pytest.skip("PostgreSQL's initdb and pg_ctl are not installed")
    server = OwnPostgres()
    try:
        yield server
    finally:
        server.remove()


def post(url: str, body: dict, headers: dict[str, str]) -> tuple[int, dict, str | None]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), method="POST", headers={"Content-Type": "application/json", **headers}
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as r:
            return r.status, json.loads(r.read()), r.headers.get("Retry-After")
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read()), e.headers.get("Retry-After")


def test_a_postgresql_restarted_under_ten_posting_tables_loses_no_acked_hand(own_postgres, capsys):
    cli = Cli(own_postgres.url, capsys)
    cli.ok("tournament", "new", "Nachtcup", "--rules", "preisschafkopf", "--hands", "96")
    cli.ok("tournament", "register", *[f"Spieler{i}" for i in range(1, 4 * TABLES + 1)])
    cli.ok("tournament", "draw")
    seating = cli.json("tournament", "tables", "--format", "json")["tables"]
    keys = {
        t["session"]: cli.ok("session", "key", "--session", str(t["session"])).strip().rsplit("?key=", 1)[1]
        for t in seating
    }
    declarer = {t["session"]: t["players"][0] for t in seating}
    served = Served(own_postgres.url, "--tournament", "--entry", process=True)
    restarted = threading.Event()
    acked: dict[int, list[int]] = {s: [] for s in keys}
    answers: Counter[tuple[int, str | None]] = Counter()
    lock = threading.Lock()

    def table(session: int) -> None:
        api = f"{served.address}api/hands"
        k = 0
        after = 0
        while after < LEAST:
            k += 1
            hand = {"type": "wenz", "player": declarer[session], "augen": 61 + k % 59, "note": f"{session}/{k}"}
            headers = {"Authorization": f"Bearer {keys[session]}", "Idempotency-Key": f"{session}-{k}"}
            while True:  # a phone sends the same hand again until it is told it is stored
                status, answer, retry = post(api, hand, headers)
                with lock:
                    answers[(status, retry)] += 1
                if status == 201:
                    acked[session].append(answer["number"])
                    break
                assert status == 503 and retry is not None, (status, answer)
                time.sleep(0.2)
            after += restarted.is_set()
            time.sleep(0.05)

    threads = [threading.Thread(target=table, args=(s,)) for s in keys]
    try:
        for t in threads:
            t.start()
        time.sleep(1.0)
        own_postgres.stop("fast")  # a restart as an administrator makes it
        time.sleep(1.5)
        own_postgres.start()
        time.sleep(1.0)
        own_postgres.stop("immediate")  # as a crash makes it
        time.sleep(1.5)
        own_postgres.start()
        restarted.set()
        for t in threads:
            t.join(300)
        assert not any(t.is_alive() for t in threads)
    finally:
        served.stop()
    assert {status for status, __ in answers} == {201, 503}, answers
    assert sum(n for (status, __), n in answers.items() if status == 503) >= TABLES  # every table waited once
    for session in keys:
        listed = cli.json("list", "--session", str(session), "--format", "json")["hands"]
        assert [h["number"] for h in listed] == sorted(acked[session]) == list(range(1, len(acked[session]) + 1))
        assert [h["facts"]["note"] for h in listed] == [f"{session}/{k}" for k in range(1, len(listed) + 1)]
