"""The printed Skat list (issue 39.6): `session sheet` at tables of 3 and 4, empty and filled, and
`tournament sheets` of a Skat tournament, read back with pdftotext and pdfinfo: one A4 page, the rows,
the sums and the Seeger-Fabian block at the foot."""

from __future__ import annotations

import re
import shutil
import subprocess
import zlib

import pytest

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="no pdftotext (poppler-utils)")

THREE = ["Anna", "Berta", "Carl"]
FOUR = [*THREE, "Dora"]


def _text(path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout


def _info(path) -> dict[str, str]:
    out = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    return {k.strip(): v.strip() for k, _, v in (line.partition(":") for line in out.splitlines())}


def _type_sizes(path) -> set[float]:
    """Every type size the PDF sets (`/F1 10.00 Tf` in its page streams)."""
    sizes: set[float] = set()
    for stream in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", path.read_bytes(), flags=re.S):
        try:
            sizes |= {float(x) for x in re.findall(rb"/F\d+ ([\d.]+) Tf", zlib.decompress(stream))}
        except zlib.error:
            continue
    return sizes


def _rows(text: str) -> list[int]:
    """The row numbers printed at the left of the list."""
    return [int(m) for m in re.findall(r"^\s*(\d+)\b", text, flags=re.M)]


def _foot(text: str, label: str) -> list[str]:
    line = next(x for x in text.splitlines() if x.strip().startswith(label))
    return line.strip()[len(label) :].split()


def test_the_list_of_a_table_of_three_filled_with_the_worked_example(cli, tmp_path):
    cli.ok("session", "new", "--rules", "skat", "--players", *THREE, "--name", "Dreier")
    cli.ok("add", "kreuz", "-p", "Anna", "--spitzen", "1", "-a", "75")
    cli.ok("add", "karo", "-p", "Anna", "--spitzen", "2", "--ohne", "-a", "50")
    cli.ok("add", "null", "-p", "Carl", "--ouvert", "--won")
    out = tmp_path / "liste.pdf"
    said = cli.ok("session", "sheet", "--output", str(out))
    assert f"The Skat list of session 1 (3 hands) is in {out}." in said
    info = _info(out)
    assert info["Pages"] == "1" and "(A4)" in info["Page size"]  # A4
    text = _text(out)
    assert "Skat list - session 1 Dreier" in text
    assert _rows(text) == list(range(1, 37))  # 36 rows at a table of 3
    assert re.search(r"1\s+Kreuz m1\s+\+24\s+24\n", text)
    assert re.search(r"2\s+Karo o2\s+-54\s+-30\n", text)
    assert re.search(r"3\s+Null ouvert\s+\+46\s+46\n", text)
    # The foot: sums, games won and lost (count, then × 50), the others' lost games × 40, Seeger-Fabian.
    assert _foot(text, "points") == ["-30", "0", "46"]
    assert _foot(text, "won × 50") == ["1", "+50", "0", "0", "1", "+50"]
    assert _foot(text, "lost × 50") == ["1", "-50", "0", "0", "0", "0"]
    assert _foot(text, "others lost × 40") == ["0", "0", "1", "+40", "1", "+40"]
    assert _foot(text, "Seeger-Fabian") == ["-30", "40", "136"]
    assert min(_type_sizes(out)) == 10 and 11 in _type_sizes(out)  # its rows have room for 11 pt


def test_the_list_of_a_table_of_four_empty_and_filled(cli, tmp_path):
    cli.ok("session", "new", "--rules", "skat", "--players", *FOUR)
    blank = tmp_path / "leer.pdf"
    assert "(0 hands)" in cli.ok("session", "sheet", "--output", str(blank))
    assert _info(blank)["Pages"] == "1"
    text = _text(blank)
    assert _rows(text) == list(range(1, 49))  # 48 rows at a table of 4
    assert _foot(text, "Seeger-Fabian") == [] and _foot(text, "others lost × 30") == []  # a blank foot
    assert "at a table of 4 he sits out" in text
    # Berta wins a grand (48), Carl loses a pik (−44), then Anna's null ouvert Hand is lost (−118) while
    # Dora deals; Anna deals first.
    cli.ok("add", "grand", "-p", "Berta", "--spitzen", "1", "-a", "70")
    cli.ok("add", "pik", "-p", "Carl", "--spitzen", "1", "-a", "50")
    cli.ok("add", "eingepasst")
    cli.ok("add", "null", "-p", "Anna", "--ouvert", "--hand", "--lost")
    filled = tmp_path / "voll.pdf"
    cli.ok("session", "sheet", "--output", str(filled))
    assert _info(filled)["Pages"] == "1"
    text = _text(filled)
    assert re.search(r"3\s+eingepasst\n", text)
    assert _foot(text, "points") == ["-118", "48", "-44", "0"]
    # Everyone else at the table, the dealer who sat out too, gets 30 for each game lost.
    assert _foot(text, "others lost × 30") == ["1", "+30", "2", "+60", "1", "+30", "2", "+60"]
    assert _foot(text, "Seeger-Fabian") == ["-138", "158", "-64", "60"]
    assert min(_type_sizes(filled)) == 10  # 48 rows at 10 pt, nothing smaller


def test_a_longer_list_goes_on_with_the_sums_carried_over(cli, tmp_path):
    # A page holds 48 rows (a table of 3 that plays on past its 36 fills them before a second sheet).
    cli.ok("session", "new", "--rules", "skat", "--players", *THREE)
    for _ in range(49):
        cli.ok("add", "karo", "-p", "Anna", "--spitzen", "1", "-a", "75")  # 18 each
    out = tmp_path / "lang.pdf"
    cli.ok("session", "sheet", "--output", str(out))
    assert _info(out)["Pages"] == "2"
    first, second = _text(out).split("\f")[:2]
    assert "sheet 1 of 2" in first and "sheet 2 of 2" in second
    assert _rows(first) == list(range(1, 49))
    assert re.search(r"carried over\s+864\s+0\s+0", second)  # 48 × 18
    assert re.search(r"49\s+Karo m1\s+\+18\s+882", second)
    assert _foot(first, "Seeger-Fabian") == []  # the foot is filled on the list's last sheet
    assert _foot(second, "Seeger-Fabian") == [str(49 * 68), "0", "0"]


def test_a_skat_tournament_prints_its_list_per_table(cli, tmp_path):
    cli.ok("tournament", "new", "Preisskat", "--rules", "skat", "--rounds", "1", "--seed", "3")
    cli.ok("tournament", "register", *FOUR, "Emil", "Fritz", "Gerda")
    cli.ok("tournament", "draw")
    plan = cli.json("tournament", "tables", "--format", "json")["tables"]
    out = tmp_path / "serie1.pdf"
    assert "2 score sheets of round 1" in cli.ok("tournament", "sheets", "--output", str(out))
    assert _info(out)["Pages"] == "2"  # a page per table
    pages = _text(out).split("\f")
    for page, table in zip(pages, plan):
        assert f"Preisskat - round 1 - table {table['table']}" in page
        assert _rows(page) == list(range(1, table["of"] + 1))  # 48 at the table of 4, 36 at the table of 3
        for name in table["players"]:
            assert re.search(rf"{name} \(\d+\)", page)  # with his start number
        assert f"others lost × {30 if len(table['players']) == 4 else 40}" in page


def test_a_session_of_its_own_length_lists_that_many_rows(cli, tmp_path):
    cli.ok("session", "new", "--rules", "skat", "--players", *THREE, "--hands", "12")
    cli.ok("add", "kreuz", "-p", "Anna", "--spitzen", "1", "-a", "75")
    out = tmp_path / "kurz.pdf"
    cli.ok("session", "sheet", "--output", str(out))
    assert _rows(_text(out)) == list(range(1, 13))  # the 12 hands the session plays, not a series of 36


def test_only_a_skat_table_has_a_list(cli, tmp_path):
    cli.ok("session", "new", "--rules", "schafkopf", "--players", *FOUR)
    ran = cli("session", "sheet", "--output", str(tmp_path / "x.pdf"))
    assert ran.code == 2 and "session 1 plays schafkopf, which keeps no printed list" in ran.err
    assert not (tmp_path / "x.pdf").exists()
    cli.ok("session", "new", "--rules", "skat", "--players", *THREE)
    ran = cli("session", "sheet", "--output", str(tmp_path / "liste.txt"))
    assert ran.code == 2 and "name a file ending in .pdf" in ran.err
