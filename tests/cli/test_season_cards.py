"""`season cards` (issue 37.5): the QR codes carry --url; without it this machine's first address a phone can
reach with --port, never 127.0.0.1; with no such address, refused naming --url. What each QR code holds is read
from what is handed to segno."""

from __future__ import annotations

import socket

import pytest

from schreiber.web import server

PLAYERS = ["Anna", "Berta", "Carl"]


@pytest.fixture
def season(cli):
    cli.ok("season", "new", "Wirtshauscup", "--rules", "preisschafkopf")
    cli.ok("season", "register", *PLAYERS)
    return cli


@pytest.fixture
def encoded(monkeypatch) -> list[str]:
    """Every text made into a QR code from now on."""
    import segno

    made: list[str] = []
    real = segno.make

    def make(content, *args, **kwargs):
        made.append(content)
        return real(content, *args, **kwargs)

    monkeypatch.setattr(segno, "make", make)
    return made


def test_the_cards_carry_the_url_given(season, encoded, tmp_path):
    out = tmp_path / "cards.pdf"
    assert "3 check-in cards" in season.ok(
        "season", "cards", "--output", str(out), "--url", "https://cup.example.org/turnier/"
    )
    assert encoded == [f"https://cup.example.org/turnier/checkin?number={n}" for n in (1, 2, 3)]
    assert out.read_bytes().startswith(b"%PDF")


def test_without_url_the_cards_carry_this_machines_network_address(season, encoded, tmp_path, monkeypatch):
    monkeypatch.setattr(server, "network_address", lambda: "192.0.2.7")
    season.ok("season", "cards", "--output", str(tmp_path / "cards.pdf"), "--port", "8200")
    assert encoded == [f"http://192.0.2.7:8200/checkin?number={n}" for n in (1, 2, 3)]


def test_without_url_on_a_machine_with_no_network_address_the_cards_are_refused(season, encoded, tmp_path, monkeypatch):
    monkeypatch.setattr(server, "network_address", lambda: None)
    out = tmp_path / "cards.pdf"
    ran = season("season", "cards", "--output", str(out))
    assert ran.code == 2 and "--url" in ran.err and len(ran.err.strip().splitlines()) == 1
    assert not out.exists() and encoded == []


@pytest.mark.parametrize("url", ["192.168.1.20:8150", "ftp://192.168.1.20/", "http://", "http://x/?a=1"])
def test_an_address_no_phone_can_open_is_refused(season, tmp_path, url):
    ran = season("season", "cards", "--output", str(tmp_path / "cards.pdf"), "--url", url)
    assert ran.code == 2 and ran.err.startswith("schreiber: --url:") and len(ran.err.strip().splitlines()) == 1


def test_the_network_address_is_never_a_loopback_one(monkeypatch):
    found = server.network_address()
    assert found is None or not server.is_loopback(found)

    # A machine with loopback alone: no route out, and its name is 127.0.1.1.
    class NoRoute(socket.socket):
        def connect(self, address):
            raise OSError("Network is unreachable")

    monkeypatch.setattr(server.socket, "socket", NoRoute)
    monkeypatch.setattr(
        server.socket, "getaddrinfo", lambda *a, **k: [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.1.1", 0))]
    )
    assert server.network_address() is None
    monkeypatch.setattr(
        server.socket,
        "getaddrinfo",
        lambda *a, **k: [
            (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.1.1", 0)),
            (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("10.1.2.3", 0)),
        ],
    )
    assert server.network_address() == "10.1.2.3"
