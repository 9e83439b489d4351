"""The printed score sheet of a tournament table (issue 41.4): the players in seat order with their start numbers,
rows for games lost and thrown-in hands where the money counts them, and a QR code that opens the table's sheet
form on the organiser's page; read back with pdftotext and zbarimg."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

pytestmark = pytest.mark.skipif(
    shutil.which("pdftotext") is None or shutil.which("zbarimg") is None or shutil.which("pdftoppm") is None,
    reason="no pdftotext, pdftoppm or zbarimg",
)

PLAYERS = [f"Spieler{i}" for i in range(1, 10)]  # 9: a table of 5 and one of 4
URL = "http://192.168.1.20:8150/"


def _pages(path) -> list[str]:
    out = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout
    return out.split("\f")[:-1]


def _codes(path, tmp_path) -> list[str]:
    """What the QR code of each page holds, page by page."""
    subprocess.run(["pdftoppm", "-png", "-r", "150", str(path), str(tmp_path / "page")], check=True)
    found = []
    for image in sorted(tmp_path.glob("page-*.png")):
        out = subprocess.run(["zbarimg", "--quiet", "--raw", str(image)], capture_output=True, text=True).stdout
        found.append(out.strip())
    return found


def _tournament(cli, *settings: str) -> list[dict]:
    cli.ok("tournament", "new", "Kirchweih", "--rules", "preisschafkopf", "--rounds", "2", "--seed", "5", *settings)
    cli.ok("tournament", "register", *PLAYERS)
    cli.ok("tournament", "draw")
    return cli.json("tournament", "tables", "--format", "json")["tables"]


def test_the_sheet_has_rows_for_the_money_numbers_and_a_qr_code_of_its_form(cli, tmp_path):
    tables = _tournament(cli, "--set", "verlustspiel=50,50,100", "--set", "reuegeld=20")
    out = tmp_path / "zettel.pdf"
    said = cli.ok("tournament", "sheets", "--output", str(out), "--url", URL)
    assert "2 score sheets of round 1" in said
    pages = _pages(out)
    assert len(pages) == 2  # still one page a table
    numbers = {e["name"]: e["number"] for e in cli.json("tournament", "show", "--format", "json")["players"]}
    for page, table in zip(pages, tables):
        assert f"Kirchweih - round 1 - table {table['table']}" in page
        heads = re.findall(r"(Spieler\d+) \((\d+)\)", page)
        assert [name for name, _ in heads] == table["players"]  # in seat order
        assert all(numbers[name] == int(no) for name, no in heads)
        for row in ("Total", "Soli", "Games lost", "Thrown-in hands"):
            assert row in page
    assert _codes(out, tmp_path) == [f"{URL}sheet?round=1&table={t['table']}" for t in tables]


def test_without_money_the_sheet_has_no_rows_for_it(cli, tmp_path):
    _tournament(cli)
    out = tmp_path / "zettel.pdf"
    cli.ok("tournament", "sheets", "--output", str(out), "--url", "http://10.0.0.5:9000")
    page = _pages(out)[0]
    assert "Soli" in page and "Games lost" not in page and "Thrown-in hands" not in page
    assert _codes(out, tmp_path)[0] == "http://10.0.0.5:9000/sheet?round=1&table=1"


def test_a_wrong_url_is_refused(cli, tmp_path):
    _tournament(cli)
    ran = cli("tournament", "sheets", "--output", str(tmp_path / "x.pdf"), "--url", "ftp://x")
    assert ran.code == 2 and "--url: give the address the phones open" in ran.err
    assert not (tmp_path / "x.pdf").exists()


def test_a_skat_list_carries_the_qr_code_of_its_table(cli, tmp_path):
    cli.ok("tournament", "new", "Preisskat", "--rules", "skat", "--rounds", "1", "--seed", "3")
    cli.ok("tournament", "register", "Anna", "Berta", "Carl", "Dora", "Emil", "Fritz", "Gerda")
    cli.ok("tournament", "draw")
    out = tmp_path / "serie.pdf"
    cli.ok("tournament", "sheets", "--output", str(out), "--url", URL)
    assert len(_pages(out)) == 2
    assert _codes(out, tmp_path) == [f"{URL}sheet?round=1&table={n}" for n in (1, 2)]
