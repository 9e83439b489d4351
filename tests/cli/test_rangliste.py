"""The Rangliste shows how ties fell, in every form (issue 39.4, RULES.md §7 and §9): an 11-player Seeger-Fabian
tournament entered by sheets (`--won`/`--lost`), two players tied on score, games won and games lost — placed
by lot and marked so — and two tied on score only, placed by games won. The JSON, the CSV, the terminal and the
PDF (read back with pdftotext) carry won, lost and the mark; no Soli where Skat has none; "Final standings" /
"Endstand" when final, "after round N (provisional)" before. On SQLite and PostgreSQL."""

from __future__ import annotations

import csv
import io
import shutil

import pytest

from schreiber import i18n
from tests.helpers.pdf import pdf_text
from tests.helpers.rangliste import EXPECTED, PLAYERS, TABLE_A, TABLE_B, TABLE_C, eleven


def seeger(lines: list[tuple[int, int, int]]) -> list[int]:
    """RULES.md §7, written out here: P + 50 × (won − lost) + the others' lost games × 30 (table of 4) or 40 (of 3)."""
    bonus = {4: 30, 3: 40}[len(lines)]
    all_lost = sum(lost for _p, _w, lost in lines)
    return [p + 50 * (won - lost) + (all_lost - lost) * bonus for p, won, lost in lines]


def test_the_expected_rangliste_is_the_rules_own_arithmetic():
    scores = dict(zip(["a0", "a1", "a2", "a3"], seeger(TABLE_A)))
    scores |= dict(zip(["b0", "b1", "b2", "b3"], seeger(TABLE_B)))
    scores |= dict(zip(["c0", "c1", "c2"], seeger(TABLE_C)))
    assert scores == {role: line[1] for role, line in EXPECTED.items()}


def _rank_fits(expected, rank: int) -> bool:
    return rank in expected if isinstance(expected, set) else rank == expected


def test_the_json_carries_won_lost_and_the_mark_of_the_lot(cli):
    roles = eleven(cli)
    got = cli.json("tournament", "standings", "--format", "json")
    assert got["final"] is True and got["wertung"] == "seeger"
    by_name = {p["name"]: p for p in got["players"]}
    for role, (rank, score, points, won, lost, by_lot) in EXPECTED.items():
        p = by_name[roles[role]]
        assert _rank_fits(rank, p["rank"]), (role, p)
        assert (p["score"], p["points"], p["won"], p["lost"], p["by_lot"]) == (score, points, won, lost, by_lot), role
        assert p["soli"] is None  # Skat has no Soli: the stable key stays, with no number
    assert [p["rank"] for p in got["players"]] == list(range(1, 12))
    # The lot is drawn from the tournament's seed: asked again, the same order.
    assert cli.json("tournament", "standings", "--format", "json") == got


def test_the_csv_has_won_lost_and_by_lot(cli):
    roles = eleven(cli)
    rows = list(csv.DictReader(io.StringIO(cli.ok("tournament", "standings", "--format", "csv"))))
    assert list(rows[0])[:9] == ["rank", "number", "name", "score", "points", "soli", "won", "lost", "by_lot"]
    by_name = {r["name"]: r for r in rows}
    for role, (_rank, score, points, won, lost, by_lot) in EXPECTED.items():
        r = by_name[roles[role]]
        assert (r["score"], r["points"], r["won"], r["lost"], r["by_lot"], r["soli"]) == (
            str(score),
            str(points),
            str(won),
            str(lost),
            "true" if by_lot else "false",
            "",
        ), role


def _player_lines(text: str) -> dict[str, str]:
    return {name: line for line in text.splitlines() for name in PLAYERS if f" {name}" in line and "." in line}


@pytest.mark.parametrize(
    "language, final, mark, heads, note",
    [
        ("en", "Final standings", "(by lot)", ["score", "Spielpunkte", "won", "lost"], "“by lot”: tied on score"),
        ("de", "Endstand", "(durch Los)", ["Wertung", "Spielpunkte", "gewonnen", "verloren"], "„durch Los“: gleich"),
    ],
)
def test_the_terminal_marks_the_lot_and_shows_won_and_lost_not_soli(cli, language, final, mark, heads, note):
    roles = eleven(cli)
    with i18n.speaking(language):
        text = cli.ok("tournament", "standings")
    assert text.startswith(final)
    header = next(line for line in text.splitlines() if "R1" in line)
    assert header.split()[3:8] == [*heads, "R1"] and "Soli" not in text
    lines = _player_lines(text)
    marked = {name for name, line in lines.items() if mark in line}
    assert marked == {roles["a1"], roles["b0"]}
    # Tied on score, b1 is placed before a2 by games won, and nobody's line says lot.
    assert lines[roles["b1"]].split()[0] == "6." and lines[roles["a2"]].split()[0] == "7."
    assert note in text


needs_pdftotext = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext is not installed")


@needs_pdftotext
@pytest.mark.parametrize(
    "language, final, mark, heads",
    [
        ("en", "Final standings", "(by lot)", ["Score", "Spielpunkte", "Won", "Lost"]),
        ("de", "Endstand", "(durch Los)", ["Wertung", "Spielpunkte", "Gewonnen", "Verloren"]),
    ],
)
def test_the_pdf_read_back_shows_the_lot_and_won_lost(cli, tmp_path, language, final, mark, heads):
    roles = eleven(cli)
    out = tmp_path / "rangliste.pdf"
    with i18n.speaking(language):
        cli.ok("tournament", "standings", "--output", str(out))
    text = pdf_text(out)
    assert f"Vereinsmeisterschaft - {final}" in text and "Soli" not in text
    header = next(line for line in text.splitlines() if "R1" in line)
    assert header.split()[3:8] == [*heads, "R1"]
    lines = _player_lines(text)
    assert {name for name, line in lines.items() if mark in line} == {roles["a1"], roles["b0"]}
    for role, (_rank, score, points, won, lost, _lot) in EXPECTED.items():
        # rank, number, name (and mark), then score, Spielpunkte, won, lost, R1 — a minus printed plain
        assert lines[roles[role]].split()[-5:] == [str(score), str(points), str(won), str(lost), str(score)], role
    assert mark.strip("()") in text.split(lines[roles["a3"]])[1]  # the note under the list says what the mark means


def test_before_the_last_round_the_rangliste_is_provisional_in_every_form(cli, tmp_path):
    roles = eleven(cli, rounds=2)
    got = cli.json("tournament", "standings", "--format", "json")
    assert got["final"] is False and got["after"] == 1
    assert {p["name"] for p in got["players"] if p["by_lot"]} == {roles["a1"], roles["b0"]}
    assert cli.ok("tournament", "standings").startswith("Standings after round 1 (provisional)")
    with i18n.speaking("de"):
        assert cli.ok("tournament", "standings").startswith("Stand nach Runde 1 (vorläufig)")
        if shutil.which("pdftotext"):
            cli.ok("tournament", "standings", "--output", str(tmp_path / "r.pdf"))
            assert "Vereinsmeisterschaft - Stand nach Runde 1 (vorläufig)" in pdf_text(tmp_path / "r.pdf")


def test_hands_one_by_one_count_the_declarers_games_and_a_ramsch_is_none(cli):
    """Won and lost from the hands: the declarer's game, won or lost; a Ramsch loser declared nothing, so he
    loses no game and nobody gets the 30 for it (RULES.md §7: the others get 30 for a game the declarer lost)."""
    cli.ok("tournament", "new", "Hand", "--rules", "skat", "--rounds", "1", "--hands", "12", "--set", "ramsch=true")
    cli.ok("tournament", "register", "Anna", "Berta", "Carl", "Dora")
    cli.ok("tournament", "draw")
    table = cli.json("tournament", "tables", "--format", "json")["tables"][0]
    session = str(table["session"])
    s0, s1, s2, s3 = table["players"]  # seat 1 deals the first hand and sits out; the dealer moves on
    cli.ok("add", "--session", session, "kreuz", "-p", s1, "--spitzen", "1", "-a", "75")  # won: +24
    cli.ok("add", "--session", session, "herz", "-p", s2, "--spitzen", "2", "--ohne", "-a", "58")  # lost: −60
    cli.ok("add", "--session", session, "ramsch", f"--augen={s3}=50", f"--augen={s0}=40", f"--augen={s1}=30")
    cli.ok("add", "--session", session, "eingepasst")
    got = {p["name"]: p for p in cli.json("tournament", "standings", "--format", "json")["players"]}
    expected = {  # (Spielpunkte, won, lost, Seeger-Fabian)
        s0: (0, 0, 0, 30),
        s1: (24, 1, 0, 24 + 50 + 30),
        s2: (-60, 0, 1, -60 - 50),
        s3: (-50, 0, 0, -50 + 30),  # the Ramsch's −50, no game lost
    }
    assert {p: (x["points"], x["won"], x["lost"], x["score"]) for p, x in got.items()} == expected
    assert all(x["soli"] is None and not x["by_lot"] for x in got.values())
    text = cli.ok("tournament", "standings")
    header = next(line for line in text.splitlines() if "R1" in line)
    assert header.split()[3:] == ["score", "Spielpunkte", "won", "lost", "R1"] and "Soli" not in text


def test_a_schafkopf_tournament_keeps_its_soli_and_counts_no_games(cli):
    cli.ok("tournament", "new", "Kirta", "--rules", "preisschafkopf", "--rounds", "1", "--hands", "4", "--seed", "1")
    cli.ok("tournament", "register", "Anna", "Berta", "Carl", "Dora")
    cli.ok("tournament", "draw")
    table = cli.json("tournament", "tables", "--format", "json")["tables"][0]
    sheet = [f"{p}={v}" for p, v in zip(table["players"], (40, 15, 0, 25))]
    cli.ok("tournament", "result", "1", "1", *sheet, f"--soli={table['players'][0]}=1")  # RULES.md §6 T1's Anna
    got = cli.json("tournament", "standings", "--format", "json")["players"]
    assert [(p["points"], p["soli"], p["won"], p["lost"], p["by_lot"]) for p in got] == [
        (40, 1, None, None, False),
        (25, 0, None, None, False),
        (15, 0, None, None, False),
        (0, 0, None, None, False),
    ]
    rows = list(csv.DictReader(io.StringIO(cli.ok("tournament", "standings", "--format", "csv"))))
    assert [(r["soli"], r["won"], r["lost"], r["by_lot"]) for r in rows][0] == ("1", "", "", "false")
    header = next(line for line in cli.ok("tournament", "standings").splitlines() if "R1" in line)
    assert header.split()[3:] == ["points", "Soli", "R1"]
