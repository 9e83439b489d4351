"""Who stands in front of `serve` (schreiber/web/front.py): only the Hosts it binds and prints (or
names with --host-name) are answered, others get 421; behind a trusted proxy the client is the
rightmost X-Forwarded-For entry no trusted proxy wrote; the wrong-key counters stay bounded."""

from __future__ import annotations

import ipaddress
import socket
import time

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from schreiber.ledger.reports import Scope  # noqa: E402
from schreiber.ledger.service import Ledger  # noqa: E402
from schreiber.web.app import create_app  # noqa: E402
from schreiber.web.gate import FREE_FAILURES, REMEMBERED, Gate  # noqa: E402
from schreiber.web.front import Front  # noqa: E402
from schreiber.web.server import allowed_hosts, bind  # noqa: E402
from schreiber.web.app import create_tournament_app  # noqa: E402
from tests.helpers.web import assert_hardened  # noqa: E402

HOSTS = [("127.0.0.1", 8150), ("localhost", 8150), ("::1", 8150), ("scores.example.org", None)]
PROXY = [ipaddress.ip_network("127.0.0.1")]


@pytest.fixture
def evening(cli):
    cli.ok("session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", "Dora", "--tariff", "10")
    cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "75")
    return cli


def test_a_foreign_host_gets_421_naming_the_allowed_hosts_with_the_security_headers(evening):
    ledger = Ledger.open(evening.url)
    __, key = ledger.entry_key()
    app = Front(create_app(ledger, Scope(), interval=0.1, entry=[1]), HOSTS)
    with TestClient(app, base_url="http://127.0.0.1:8150") as c:
        for host in (
            "127.0.0.1:8150",
            "localhost:8150",
            "LOCALHOST.:8150",
            "[::1]:8150",
            "scores.example.org",
            "scores.example.org:443",
        ):
            assert c.get("/", headers={"Host": host}).status_code == 200, host
        for host in (
            "evil.example",
            "evil.example:8150",
            "127.0.0.1:8151",
            "localhost",
            "127.0.0.1.evil.example:8150",
            "",
            "[::1",
            "a b",
        ):
            for method, path in (("GET", "/"), ("GET", "/fragment"), ("GET", f"/?key={key}"), ("POST", "/api/hands")):
                r = c.request(
                    method,
                    path,
                    headers={"Host": host, "Authorization": f"Bearer {key}"},
                    json={"type": "wenz", "player": "Carl", "augen": 70},
                )
                assert r.status_code == 421, (host, path)
                assert_hardened(r, f"{host} {path}")
                assert r.text.strip() == (
                    "This server answers only as 127.0.0.1:8150, localhost:8150, [::1]:8150, scores.example.org; "
                    "serve with --host-name NAME to reach it by another name."
                )
        r = c.get("/", headers={"Host": "evil.example", "Accept-Language": "de"})
        assert r.status_code == 421 and "--host-name" in r.text and "Dieser Server" in r.text
    assert [h["number"] for h in evening.json("list", "--format", "json")["hands"]] == [1]


def test_the_tournament_pages_answer_only_their_hosts_too(cli):
    cli.ok("tournament", "new", "Kirchweih", "--rules", "preisschafkopf", "--hands", "4", "--seed", "9")
    app = Front(create_tournament_app(Ledger.open(cli.url), 1, interval=0.1), HOSTS)
    with TestClient(app, base_url="http://127.0.0.1:8150") as c:
        assert c.get("/").status_code == 200
        assert c.get("/", headers={"Host": "evil.example:8150"}).status_code == 421


def test_serve_answers_the_names_it_binds_and_prints_and_each_host_name():
    with bind("127.0.0.1", 0) as sock:
        port = sock.getsockname()[1]
        assert allowed_hosts("127.0.0.1", sock, ["Scores.Example.org", "proxy.lan:8443"]) == [
            ("127.0.0.1", port),
            ("localhost", port),
            ("::1", port),
            ("scores.example.org", None),
            ("proxy.lan", 8443),
        ]
    with bind("0.0.0.0", 0) as sock:
        port = sock.getsockname()[1]
        every = allowed_hosts("0.0.0.0", sock)
        assert ("127.0.0.1", port) in every and ("localhost", port) in every and ("0.0.0.0", port) not in every
        assert (socket.gethostname().lower(), port) in every


def wrong_key(c: TestClient, forwarded: str) -> float:
    """Seconds until a wrong key sent with this X-Forwarded-For is answered (403)."""
    started = time.monotonic()
    r = c.post("/api/hands", json={}, headers={"Authorization": "Bearer wrong", "X-Forwarded-For": forwarded})
    assert r.status_code == 403
    return time.monotonic() - started


def test_behind_an_appending_proxy_the_client_written_entry_does_not_dodge_the_slow_down(evening):
    ledger = Ledger.open(evening.url)
    ledger.entry_key()
    # the proxy (nginx: $proxy_add_x_forwarded_for) appends the address it saw to what the client wrote
    app = Front(create_app(ledger, Scope(), interval=0.1, entry=[1]), HOSTS, PROXY)
    with TestClient(app, base_url="http://127.0.0.1:8150", client=("127.0.0.1", 40000)) as c:
        waits = [wrong_key(c, f"10.9.0.{i}, 203.0.113.7") for i in range(FREE_FAILURES + 2)]
        others = [wrong_key(c, f"198.51.100.{i}") for i in range(FREE_FAILURES + 1)]
    # slowed down as a direct client is: 0.25 s, then 0.5 s
    assert waits[FREE_FAILURES] >= 0.25 and waits[-1] >= 0.5, waits
    # each address behind the proxy has its own count
    assert max(others) < 0.25, others


def test_only_trusted_proxies_name_the_client(evening):
    ledger = Ledger.open(evening.url)
    ledger.entry_key()
    proxies = [ipaddress.ip_network("127.0.0.1"), ipaddress.ip_network("10.0.0.0/24")]
    app = Front(create_app(ledger, Scope(), interval=0.1, entry=[1]), HOSTS, proxies)
    # a chain of two trusted proxies: the client is left of both
    with TestClient(app, base_url="http://127.0.0.1:8150", client=("127.0.0.1", 40000)) as c:
        waits = [wrong_key(c, f"10.9.0.{i}, 203.0.113.8, 10.0.0.5") for i in range(FREE_FAILURES + 1)]
    assert waits[-1] >= 0.25, waits
    # a direct client that is no proxy: its header is not read at all
    with TestClient(app, base_url="http://127.0.0.1:8150", client=("192.0.2.50", 40000)) as c:
        waits = [wrong_key(c, f"10.9.1.{i}") for i in range(FREE_FAILURES + 1)]
    assert waits[-1] >= 0.25, waits


def test_the_wrong_key_counters_are_bounded_and_a_flood_of_addresses_does_not_clear_them(evening):
    gate = Gate(Ledger.open(evening.url), [1])
    for __ in range(FREE_FAILURES + 3):
        gate._failed("203.0.113.7")
    slowed = gate.wait_for("203.0.113.7")
    assert slowed >= 1.0
    for i in range(REMEMBERED + 1):
        gate._failed(f"rotated-{i}")
        if i % 1000 == 0:  # the slowed address keeps trying meanwhile
            gate._failed("203.0.113.7")
    assert len(gate.failures) == REMEMBERED
    assert gate.wait_for("203.0.113.7") >= slowed
    assert "rotated-0" not in gate.failures and f"rotated-{REMEMBERED}" in gate.failures
