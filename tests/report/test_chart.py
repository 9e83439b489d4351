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
        cli, "schafkopf", "2026-01-10",
        "rufspiel --player Anna --partner Berta --augen 70",
        "rufspiel --player Dora --partner Anna --augen 60 --kontra --re",  # Re: a Bock round of four hands
        "wenz --player Carl --augen 80 --laufende 3",
        "rufspiel --player Berta --partner Carl --augen 90",
        extra=("--tariff", "10"),
    )


def test_one_table_runs_hand_by_hand_with_bock_marked(cli, ledger):
    from schreiber.ledger.reports import Scope
    from schreiber.report.chart import final_totals, series

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
    from schreiber.report.chart import series

    schafkopf_evening(cli)
    evening(cli, "schafkopf", "2026-01-17", "wenz --player Anna --augen 90", extra=("--tariff", "10"))
    evening(cli, "doppelkopf", "2026-01-24", "normal --player Anna --partner Berta --augen 130", extra=("--tariff", "5"))
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


def test_the_png_is_a_picture_of_the_expected_size(cli, tmp_path):
    schafkopf_evening(cli)
    evening(cli, "doppelkopf", "2026-01-24", "normal --player Anna --partner Berta --augen 130")
    one = tmp_path / "one.png"
    cli.ok("chart", "--session", "1", "--output", str(one))
    data = one.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    assert struct.unpack(">II", data[16:24]) == (1000, 600)
    two = tmp_path / "season.png"
    cli.ok("chart", "--all", "--output", str(two))
    assert struct.unpack(">II", two.read_bytes()[16:24]) == (1000, 1200)  # a panel per rule set


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
