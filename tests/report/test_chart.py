"""`schreiber chart`: running totals as data, and the pictures a user gets (terminal, SVG, PNG)."""

from __future__ import annotations

import re
import struct
import xml.etree.ElementTree as ET

FOUR = ["--players", "Anna", "Berta", "Carl", "Dora"]
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def evening(cli, rules, date, *hands, extra=()):
    cli.ok("session", "new", "--rules", rules, *FOUR, "--date", date, *extra)
    for hand in hands:
        cli.ok("add", *hand.split())


def schafkopf_evening(cli):
    evening(
        cli,
        "schafkopf",
        "2026-01-10",
        "rufspiel --player Anna --partner Berta --augen 70",
        "rufspiel --player Dora --partner Anna --augen 60 --kontra --re",  # Re: a Bock round of four hands
        "wenz --player Carl --augen 80 --laufende 3",
        "rufspiel --player Berta --partner Carl --augen 90",
        extra=("--tariff", "10"),
    )


def test_one_table_runs_hand_by_hand_with_bock_marked(cli, ledger):
    from schreiber.ledger.reports import Scope
    from schreiber.ledger.chart import final_totals, series

    schafkopf_evening(cli)
    chart = series(ledger, Scope())
    (panel,) = chart.panels
    assert panel.x == ["1", "2", "3", "4"] and panel.xlabel == "hand"
    report = {p["name"]: p["points"] for p in cli.json("report", "--format", "json")["players"]}
    assert final_totals(chart)["schafkopf"] == report
    assert panel.bock == [2, 3]  # hands 3 and 4 (0-based), after the Re of hand 2
    money = series(ledger, Scope(), money=True).panels[0]
    assert money.finals() == {p: 10 * v for p, v in report.items()}


def test_several_evenings_one_panel_per_rule_set_and_money_summed(cli, ledger):
    from schreiber.ledger.reports import Scope
    from schreiber.ledger.chart import series

    schafkopf_evening(cli)
    evening(cli, "schafkopf", "2026-01-17", "wenz --player Anna --augen 90", extra=("--tariff", "10"))
    evening(
        cli, "doppelkopf", "2026-01-24", "normal --player Anna --partner Berta --augen 130", extra=("--tariff", "5")
    )
    chart = series(ledger, Scope(all_tables=True))
    assert [p.title for p in chart.panels] == ["doppelkopf", "schafkopf"]
    rep = cli.json("report", "--all", "--format", "json")
    for panel in chart.panels:
        group = next(g for g in rep["groups"] if g["rules"] == panel.title)
        assert panel.finals() == {p["name"]: p["points"] for p in group["players"]}
    schafkopf = chart.panels[1]
    assert schafkopf.x == ["2026-01-10", "2026-01-17"]  # one point per evening
    money = series(ledger, Scope(all_tables=True), money=True)
    assert len(money.panels) == 1 and money.panels[0].finals() == rep["money"]


def test_the_svg_parses_and_names_every_player(cli, tmp_path):
    schafkopf_evening(cli)
    cli.ok("session", "join", "Emil")
    cli.ok("add", "rufspiel", "--player", "Emil", "--partner", "Anna", "--augen", "80")
    out = tmp_path / "abend.svg"
    assert "written" in cli.ok("chart", "--output", str(out))
    root = ET.parse(out).getroot()
    assert root.tag.endswith("svg")
    text = " ".join("".join(e.itertext()) for e in root.iter() if e.tag.endswith("text"))
    for name in ("Anna", "Berta", "Carl", "Dora", "Emil"):
        assert name in text
    assert "Bock hand" in text and "points" in text and "hand" in text
    assert "Carl +" in text or "Carl -" in text  # the final total at the line's end


def png_size(path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_the_png_is_a_picture_of_the_expected_size(cli, tmp_path):
    schafkopf_evening(cli)
    evening(cli, "doppelkopf", "2026-01-24", "normal --player Anna --partner Berta --augen 130")
    one = tmp_path / "one.png"
    cli.ok("chart", "--session", "1", "--output", str(one))
    assert png_size(one) == (1000, 600)
    two = tmp_path / "season.png"
    cli.ok("chart", "--all", "--output", str(two))
    # A panel per rule set, each of one evening (a row of dots): sized to that, not 600 px a panel.
    assert png_size(two) == (1000, 520)


def test_a_season_png_of_several_rule_sets_is_sized_to_what_it_shows(cli, tmp_path):
    """Issue 24: five rule sets made a 3,000 px tall PNG of mostly one dot per player."""
    for date in ("2026-01-10", "2026-01-17", "2026-01-24"):
        evening(
            cli, "schafkopf", date, "rufspiel --player Anna --partner Berta --augen 70", "wenz --player Carl --augen 80"
        )
    evening(cli, "doppelkopf", "2026-01-12", "normal --player Anna --partner Berta --augen 130")
    evening(cli, "doppelkopf-turnier", "2026-01-13", "normal --player Carl --partner Dora --augen 130")
    evening(cli, "klassisch", "2026-01-14", "spiel --player Anna --augen 70")
    cli.ok("session", "new", "--rules", "buchstaben", "--players", "Anna", "Berta", "Carl", "--date", "2026-01-15")
    cli.ok("add", "spiel", "--player", "Anna", "--augen", "30")
    out = tmp_path / "season.png"
    cli.ok("chart", "--all", "--output", str(out))
    wide, tall = png_size(out)
    # Four panels of one evening (260 px each) and the schafkopf panel of three evenings (420 px).
    assert (wide, tall) == (1000, 4 * 260 + 420)


def test_the_money_chart_gives_every_player_a_colour_of_his_own(cli, ledger):
    from schreiber.ledger.reports import Scope
    from schreiber.ledger.chart import series
    from schreiber.report.chart import _figure

    names = ["Anna", "Berta", "Carl", "Dora", "Emil", "Fritz", "Gerda", "Hans", "Ida", "Jakob", "Karl", "Lena", "Max"]
    for k in range(0, 12, 4):
        four = names[k : k + 4]
        cli.ok(
            "session",
            "new",
            "--rules",
            "schafkopf",
            "--players",
            *four,
            "--date",
            f"2026-02-{10 + k}",
            "--tariff",
            "10",
        )
        cli.ok("add", "rufspiel", "--player", four[0], "--partner", four[1], "--augen", "70")
    cli.ok(
        "session",
        "new",
        "--rules",
        "doppelkopf",
        "--players",
        "Max",
        "Anna",
        "Berta",
        "Carl",
        "--date",
        "2026-02-25",
        "--tariff",
        "5",
    )
    cli.ok("add", "normal", "--player", "Max", "--partner", "Anna", "--augen", "130")
    chart = series(ledger, Scope(all_tables=True), money=True)
    (panel,) = chart.panels
    assert len(panel.lines) == 13
    (ax,) = _figure(chart).axes
    colours = {line.get_label(): line.get_color() for line in ax.get_lines() if line.get_label() in panel.lines}
    assert set(colours) == set(panel.lines)
    assert (
        len(set(colours.values())) == 13
    )  # matplotlib's own cycle has 10: Karl, Lena and Max got Anna's, Berta's, Carl's


def test_the_terminal_chart_fits_80_columns(cli):
    schafkopf_evening(cli)
    out = cli.ok("chart")
    plain = ANSI.sub("", out)
    assert max(len(line) for line in plain.splitlines()) <= 80
    for name in ("Anna", "Berta", "Carl", "Dora"):
        assert name in plain
    assert "Bock hands (schafkopf): 3, 4" in plain
    evening(cli, "doppelkopf", "2026-01-24", "normal --player Anna --partner Berta --augen 130")
    plain = ANSI.sub("", cli.ok("chart", "--all"))
    assert max(len(line) for line in plain.splitlines()) <= 80
    assert "doppelkopf" in plain and "schafkopf" in plain


def panels_of(plain: str) -> dict[str, list[str]]:
    """The terminal chart cut into its panels: title (the centred line above a frame) -> its lines."""
    lines = plain.splitlines()
    starts = [i for i in range(len(lines) - 1) if lines[i + 1].lstrip().startswith("┌") and lines[i].strip()]
    return {lines[i].strip(): lines[i:j] for i, j in zip(starts, [*starts[1:], len(lines)])}


def test_the_terminal_chart_of_several_rule_sets_gives_each_a_screen(cli, monkeypatch):
    """Issue 24: each panel was squeezed into 1-3 rows with neither lines nor legend."""
    for date in ("2026-01-10", "2026-01-17", "2026-01-24"):
        evening(
            cli, "schafkopf", date, "rufspiel --player Anna --partner Berta --augen 70", "wenz --player Carl --augen 80"
        )
    evening(cli, "doppelkopf", "2026-01-12", "normal --player Anna --partner Berta --augen 130")
    evening(cli, "klassisch", "2026-01-14", "spiel --player Anna --augen 70")
    for rows in (24, 40):
        monkeypatch.setenv("LINES", str(rows))
        plain = ANSI.sub("", cli.ok("chart", "--all"))
        assert max(len(line) for line in plain.splitlines()) <= 80
        panels = panels_of(plain)
        assert list(panels) == ["doppelkopf", "klassisch", "schafkopf"]
        for title, block in panels.items():
            assert len(block) == rows - 1, (title, rows)  # a screen each, less the prompt's line
            framed = [line for line in block if "│" in line]
            assert len(framed) >= rows - 8
            legend = " ".join(framed[:4])
            for name in ("Anna", "Berta", "Carl", "Dora"):
                assert name in legend, (title, block)
        # The lines themselves: the schafkopf panel draws its three evenings' points.
        drawn = "".join(panels["schafkopf"][6:])
        assert sum(drawn.count(m) for m in "●◆▲■") >= 6


def test_a_bad_suffix_or_no_money_is_refused_and_leaves_no_file(cli, tmp_path):
    schafkopf_evening(cli)
    where = tmp_path / "charts"
    where.mkdir()
    ran = cli("chart", "--output", str(where / "chart.pdf"))
    assert ran.code == 2 and "--output" in ran.err and ".svg or .png" in ran.err
    assert list(where.iterdir()) == []
    evening(cli, "schafkopf", "2026-01-17", "wenz --player Anna --augen 90")  # no --tariff
    ran = cli("chart", "--money", "--output", str(where / "x.svg"))
    assert ran.code == 2 and "--money" in ran.err and "no money" in ran.err and "Traceback" not in ran.err
    assert list(where.iterdir()) == []
