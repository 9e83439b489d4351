"""`schreiber serve` as a user starts it: the address it prints, where it listens, what it refuses."""

from __future__ import annotations

import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from tests.helpers.web import Served

SCHREIBER = str(Path(sys.executable).with_name("schreiber"))


def test_serve_listens_on_loopback_by_default_and_prints_the_address(cli):
    cli.ok("session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", "Dora")
    served = Served(cli.url)
    try:
        assert served.address.startswith("http://127.0.0.1:")
        page = urllib.request.urlopen(served.address, timeout=10).read().decode()
        assert "Session 1" in page
        # Only loopback answers: the machine's other addresses are not listened on.
        others = [a for a in _addresses() if not a.startswith("127.")]
        for other in others:
            with pytest.raises(OSError), socket.create_connection((other, served.port), timeout=2):
                pass
    finally:
        out = served.stop()
    assert "read-only" in out and "network" not in out


def test_another_host_is_said_to_open_the_scores_to_the_network(db_url):
    served = Served(db_url, "--host", "0.0.0.0")
    try:
        second = served.readline()
        assert "Anyone on the network that reaches 0.0.0.0 can read the scores." in second
        assert urllib.request.urlopen(f"http://127.0.0.1:{served.port}/", timeout=10).status == 200
    finally:
        served.stop()


def test_a_port_in_use_or_out_of_range_is_one_sentence(db_url):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        ran = subprocess.run(
            [SCHREIBER, "--db", db_url, "serve", "--port", str(port)], capture_output=True, text=True, timeout=60
        )
    assert (
        ran.returncode == 2
        and ran.stderr.strip().splitlines()[-1]
        == f"schreiber: --port: {port} is in use on 127.0.0.1; choose another with --port."
    )
    ran = subprocess.run(
        [SCHREIBER, "--db", db_url, "serve", "--port", "70000"], capture_output=True, text=True, timeout=60
    )
    assert (
        ran.returncode == 2
        and ran.stderr.strip().splitlines()[-1]
        == "schreiber: --port: use a port from 1 to 65535 (0: any free one), not 70000."
    )
    ran = subprocess.run(
        [SCHREIBER, "--db", db_url, "serve", "--session", "1", "--all"], capture_output=True, text=True, timeout=60
    )
    assert ran.returncode == 2 and "--session" in ran.stderr and "Traceback" not in ran.stderr


def _addresses() -> list[str]:
    try:
        out = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=10).stdout
    except OSError:
        return []
    return [a for a in out.split() if "." in a]


def test_a_session_that_does_not_exist_is_refused_at_start(db_url):
    subprocess.run(
        [SCHREIBER, "--db", db_url, "session", "new", "--rules", "schafkopf", "--players", "A", "B", "C", "D"],
        check=True,
        capture_output=True,
        timeout=60,
    )
    for args in (["--session", "99"], ["--session", "99", "--entry"]):
        ran = subprocess.run(
            [SCHREIBER, "--db", db_url, "serve", "--port", "0", *args], capture_output=True, text=True, timeout=60
        )
        assert ran.returncode == 2, args
        assert (
            ran.stderr.strip().splitlines()[-1]
            == "schreiber: --session: there is no session 99; `schreiber session list` shows them."
        )


def _wrong_key(port: int, forwarded: str) -> float:
    """Seconds until a wrong key posted with this X-Forwarded-For is answered (403)."""
    import time
    import urllib.error

    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/hands",
        data=b"{}",
        method="POST",
        headers={"Authorization": "Bearer wrong", "X-Forwarded-For": forwarded},
    )
    started = time.monotonic()
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=30)
    assert refused.value.code == 403
    return time.monotonic() - started


def test_rotating_x_forwarded_for_does_not_dodge_the_slow_down_for_wrong_keys(db_url):
    from schreiber.web.gate import FREE_FAILURES

    subprocess.run(
        [SCHREIBER, "--db", db_url, "session", "new", "--rules", "schafkopf", "--players", "A", "B", "C", "D"],
        check=True,
        capture_output=True,
        timeout=60,
    )
    served = Served(db_url, "--entry")
    try:
        urllib.request.urlopen(served.address, timeout=30).read()  # warm: the first answer of a process is slow
        waits = [_wrong_key(served.port, f"10.0.0.{i}") for i in range(FREE_FAILURES + 2)]
    finally:
        served.stop()
    # every try came from this machine, whatever the header said: the slow-down counts them all
    assert waits[FREE_FAILURES] >= 0.25 and waits[-1] >= 0.5, waits
    served = Served(db_url, "--entry", "--behind-proxy")
    try:
        urllib.request.urlopen(served.address, timeout=30).read()
        rotated = [_wrong_key(served.port, f"10.0.0.{i}") for i in range(FREE_FAILURES + 2)]
        same = [_wrong_key(served.port, "10.0.1.1") for __ in range(FREE_FAILURES + 1)]
    finally:
        served.stop()
    # behind a proxy the header names the client: each address has its own count (the slowed answers
    # above waited 0.25 s and 0.5 s; here the same tries come from five addresses and wait for nothing)
    assert rotated[FREE_FAILURES] < 0.25 and rotated[-1] < 0.5 and same[-1] >= 0.25, (rotated, same)


def _status(port: int, host: str) -> tuple[int, str]:
    """The status and text `serve` answers to a GET / that names `host` in its Host header."""
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", "/", headers={"Host": host})
        answer = conn.getresponse()
        return answer.status, answer.read().decode()
    finally:
        conn.close()


def test_serve_answers_only_the_hosts_it_binds_and_prints_and_its_host_names(db_url):
    subprocess.run(
        [SCHREIBER, "--db", db_url, "session", "new", "--rules", "schafkopf", "--players", "A", "B", "C", "D"],
        check=True,
        capture_output=True,
        timeout=60,
    )
    served = Served(db_url, "--host-name", "scores.example.org")
    try:
        port = served.port
        for host in (f"127.0.0.1:{port}", f"localhost:{port}", "scores.example.org"):
            assert _status(port, host)[0] == 200, host
        status, text = _status(port, f"evil.example:{port}")  # a rebinding page's request
        assert status == 421
        assert text.strip() == (
            f"This server answers only as 127.0.0.1:{port}, localhost:{port}, [::1]:{port}, scores.example.org; "
            "serve with --host-name NAME to reach it by another name."
        )
    finally:
        served.stop()
    for option, value, said in (
        ("--host-name", "evil example", "--host-name: 'evil example' is no host name"),
        ("--proxy-address", "proxy.lan", "--proxy-address: 'proxy.lan' is no IP address"),
    ):
        ran = subprocess.run(
            [SCHREIBER, "--db", db_url, "serve", "--port", "0", option, value],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert ran.returncode == 2 and ran.stderr.strip().splitlines()[-1].startswith(f"schreiber: {said}"), ran.stderr
