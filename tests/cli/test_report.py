"""`schreiber report` across evenings and in its three formats; money only where a tariff is set."""

from __future__ import annotations

import csv
import io

PLAYERS = ["--players", "Anna", "Berta", "Carl", "Dora"]


def evening(cli, date, *hands, tariff=None):
    extra = ["--tariff", str(tariff)] if tariff else []
    cli.ok("session", "new", "--rules", "schafkopf", *PLAYERS, "--date", date, *extra)
    for hand in hands:
        cli.ok("add", *hand.split())


def test_all_and_date_ranges_add_up_evenings(cli):
    evening(cli, "2026-01-10", "rufspiel --player Berta --partner Dora --augen 72")
    evening(
        cli,
        "2026-02-14",
        "wenz --player Carl --augen 65 --laufende 2",
        "rufspiel --player Anna --partner Carl --augen 95",
    )
    cli.ok(
        "session", "new", "--rules", "schafkopf", "--players", "anna", "Carl", "Emil", "Fritz", "--date", "2026-03-01"
    )
    cli.ok("add", "farbsolo", "--player", "Emil", "--augen", "80")

    everything = cli.json("report", "--all", "--format", "json")
    assert everything["hands"] == 4
    points = {p["name"]: p["points"] for p in everything["players"]}
    # Anna of the third evening is the same player (names are case-insensitive)
    assert points == {
        "Anna": -1 - 4 + 2 - 2,
        "Berta": 1 - 4 - 2,
        "Carl": -1 + 12 + 2 - 2,
        "Dora": 1 - 4 - 2,
        "Emil": 6,
        "Fritz": -2,
    }
    assert sum(points.values()) == 0
    assert [p["name"] for p in everything["players"]][0] == "Carl"  # ranked by points

    february = cli.json("report", "--since", "2026-02-01", "--until", "2026-02-28", "--format", "json")
    assert february["hands"] == 2 and february["sessions"] == [2]
    since = cli.json("report", "--since", "2026-02-01", "--format", "json")
    assert since["sessions"] == [2, 3]


def test_hands_won_and_solos_per_player(cli):
    evening(
        cli,
        "2026-01-10",
        "wenz --player Carl --augen 65",
        "wenz --player Carl --augen 30",
        "rufspiel --player Carl --partner Anna --augen 70",
    )
    line = next(p for p in cli.json("report", "--format", "json")["players"] if p["name"] == "Carl")
    assert (line["hands"], line["won"], line["solos"]) == (3, 2, 2)


def test_csv_report_is_one_row_per_player_with_a_header(cli):
    evening(cli, "2026-01-10", "rufspiel --player Berta --partner Dora --augen 72", tariff=50)
    rows = list(csv.reader(io.StringIO(cli.ok("report", "--format", "csv"))))
    assert rows[0][:3] == ["rank", "player", "points"] and rows[0][-1] == "euros"
    assert {r[1]: int(r[2]) for r in rows[1:]} == {"Berta": 1, "Dora": 1, "Anna": -1, "Carl": -1}
    # money is a number a spreadsheet sums, not "−0,50 €"
    assert {r[1]: r[-1] for r in rows[1:]} == {"Berta": "0.50", "Dora": "0.50", "Anna": "-0.50", "Carl": "-0.50"}


def test_no_tariff_no_money(cli):
    evening(cli, "2026-01-10", "rufspiel --player Berta --partner Dora --augen 72")
    out = cli.ok("report")
    assert "€" not in out and "pays" not in out
    assert all("cents" not in p for p in cli.json("report", "--format", "json")["players"])


def test_tariff_table_pays_in_cents_per_point(cli):
    cli.ok("session", "new", "--rules", "schafkopf-tarif", *PLAYERS)
    cli.ok("add", "rufspiel", "--player", "Berta", "--partner", "Dora", "--augen", "61")
    data = cli.json("report", "--format", "json")
    # the tariff's points are cents already
    assert {p["name"]: p["cents"] for p in data["players"]} == {"Berta": 20, "Dora": 20, "Anna": -20, "Carl": -20}


def test_report_refuses_session_together_with_all(cli):
    evening(cli, "2026-01-10")
    ran = cli("report", "--session", "1", "--all")
    assert ran.code == 2 and "--session" in ran.err
