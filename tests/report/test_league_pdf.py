"""The league's paper (TEAMS.md §10.4, issue 45): the Spielbericht of L1 and L2's league table as PDFs, read back."""

from __future__ import annotations

from tests.helpers.league import play_l1, split_l1
from tests.helpers.pdf import pdf_text


def test_spielbericht_pdf_has_every_list_the_totals_and_a_line_per_captain(cli, tmp_path):
    play_l1(cli)
    path = tmp_path / "bericht.pdf"
    out = cli.ok("league", "day", "show", "1", "--output", str(path))
    assert str(path) in out
    text = pdf_text(path)
    assert "Spielbericht Spieltag 1" in text and "vorläufig" in text
    for word in ("Serie 1", "Serie 2", "Serie 3", "1102", "3607", "3:0", "9359", "6:3", "5½:3½"):
        assert word in text, word
    for team in ("Adorf", "Bstadt", "Cdorf", "Dheim"):
        assert f"Captain of {team}" in text
    cli.ok("league", "day", "close", "1")
    cli.ok("league", "day", "show", "1", "--output", str(path))
    assert "vorläufig" not in pdf_text(path)


def test_league_table_pdf_marks_provisional_days(cli, tmp_path):
    play_l1(cli, "--set", "aufsteiger=1", "--set", "absteiger=2", groups=("Eheim,Fdorf,Gstadt,Hheim",))
    path = tmp_path / "tabelle.pdf"
    cli.ok("league", "table", "--output", str(path))
    text = pdf_text(path)
    lines = [line.split() for line in text.splitlines() if line.strip()[:2] in ("1.", "8.")]
    assert lines[0][:3] == ["1.", "5", "Eheim"] and "auf" in lines[0]
    assert lines[1][:3] == ["8.", "4", "Dheim"] and "2½:6½" in lines[1]
    assert "vorläufig" in text and "ST 1*" in text


def test_output_must_be_a_pdf(cli, tmp_path):
    play_l1(cli)
    ran = cli("league", "table", "--output", str(tmp_path / "t.txt"))
    assert ran.code == 2 and "--output" in ran.err and not (tmp_path / "t.txt").exists()


def test_a_split_list_names_both_players_with_their_hands(cli, tmp_path):
    from schreiber.report import league_pdf

    path = tmp_path / "split.pdf"
    path.write_bytes(league_pdf.day_report(split_l1(cli), "Verbandsliga"))
    text = pdf_text(path)
    assert "Cem 1-24 (340), Conny 25-48 (570)" in text


def play_l3(cli) -> None:
    """L3 of TEAMS.md (Schafkopf, SCB: Tischpunkte, no Wertungspunkte) through the CLI."""
    from tests.helpers.league import L3_TABLES, L3_TEAMS

    cli.ok("league", "new", "Bayernliga", "--rules", "schafkopf", "--preset", "scb")
    for team, names in L3_TEAMS.items():
        cli.ok("league", "team", "add", team)
        cli.ok("league", "roster", team, *names)
    cli.ok("league", "day", "new", "1", "--date", "2025-04-05", "--group", ",".join(L3_TEAMS))
    for team, names in L3_TEAMS.items():
        cli.ok("league", "lineup", "1", team, *names)
    for serie, tables in L3_TABLES.items():
        cli.ok("league", "draw", "1")
        for number, table in enumerate(tables, start=1):
            cli.ok("league", "result", "1", str(serie), str(number), *(f"{n}={p}" for n, p, _tp, _s in table))


def test_l3_papers_have_tischpunkte_and_no_wertungspunkte(cli, tmp_path):
    play_l3(cli)
    bericht, tabelle = tmp_path / "bericht.pdf", tmp_path / "tabelle.pdf"
    cli.ok("league", "day", "show", "1", "--output", str(bericht))
    cli.ok("league", "table", "--output", str(tabelle))
    text = pdf_text(bericht)
    assert "TP" in text and "WP:Gegen" not in text and "Won" not in text
    assert "Serie 4" in text and "493" in text and "Captain of Schellen" in text
    table = pdf_text(tabelle)
    rows = [line.split() for line in table.splitlines() if line.strip()[:2] in ("1.", "4.")]
    assert rows[0][:3] == ["1.", "Eichel", "493"] and rows[1][:3] == ["4.", "Schellen", "203"]
    assert "WP:Gegen" not in table.split("ST n:")[0]


def test_the_spielbericht_in_german(cli, tmp_path):
    from schreiber import i18n
    from schreiber.report import league_pdf

    view = split_l1(cli)
    path = tmp_path / "bericht.pdf"
    with i18n.speaking("de"):
        path.write_bytes(league_pdf.day_report(view, "Verbandsliga"))
    text = pdf_text(path)
    assert "Unterschriften der Mannschaftsführer" in text and "Mannschaftsführer Dheim" in text
    assert "22.03.2025 (vorläufig)" in text and "Gruppe 1 (SC Adorf), Gastgeber Adorf" in text
    assert "Der Spieltag" in text and "Captain" not in text


def test_the_seat_plan_of_a_serie(cli, tmp_path):
    play_l1(cli)
    path = tmp_path / "plan.pdf"
    cli.ok("league", "tables", "1", "--serie", "2", "--output", str(path))
    text = pdf_text(path)
    assert "Spieltag 1, Serie 2" in text
    drawn = cli.json("league", "tables", "1", "--serie", "2", "--format", "json")["groups"][0]["tables"]
    for table in drawn:
        line = next(x for x in text.splitlines() if table["players"][0]["name"] in x).split()
        assert line[-4:] == [p["name"] for p in table["players"]]
