"""The JSON and CSV payloads (schreiber/views/payloads.py): the two formats of one command say the same."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

from schreiber.ledger.reports import Scope, report
from schreiber.ledger.stats import compute
from schreiber.views import payloads

FOUR = ["--players", "Anna", "Berta", "Carl", "Dora", "--tariff", "10"]


def two_rule_sets(cli) -> None:
    cli.ok("session", "new", "--rules", "schafkopf", *FOUR, "--date", "2026-01-10")
    cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "70")
    cli.ok("add", "wenz", "--player", "Dora", "--augen", "40", "--laufende", "2")
    cli.ok("session", "new", "--rules", "doppelkopf", *FOUR, "--date", "2026-01-17")
    cli.ok("add", "normal", "--player", "Berta", "--partner", "Dora", "--augen", "150")


def written(sheet: payloads.Sheet) -> list[dict[str, str]]:
    """The sheet as the terminal writes it, read back."""
    from schreiber import csvio

    out = io.StringIO()
    csvio.write_table(sheet.headers, sheet.rows, out)
    return list(csv.DictReader(io.StringIO(out.getvalue())))


def test_report_csv_rows_are_the_json_groups_and_its_euros_the_money(cli, ledger):
    two_rule_sets(cli)
    rep = report(ledger, Scope(all_tables=True))
    data = payloads.report_json(rep)
    rows = written(payloads.report_csv(rep))
    groups = {g["rules"]: {p["name"]: p for p in g["players"]} for g in data["groups"]}
    assert {r["rules"] for r in rows} == set(groups) == {"schafkopf", "doppelkopf"}
    for row in rows:
        line = groups[row["rules"]][row["player"]]
        assert (int(row["points"]), int(row["hands"]), int(row["won"])) == (line["points"], line["hands"], line["won"])
    summed: dict[str, Decimal] = {}
    for row in rows:
        summed[row["player"]] = summed.get(row["player"], Decimal(0)) + Decimal(row["euros"])
    assert {name: int(euros * 100) for name, euros in summed.items()} == data["money"]
    assert any(data["money"].values())  # a season with money, or the sum above proves nothing


def test_stats_csv_holds_every_number_of_the_json(cli, ledger):
    two_rule_sets(cli)
    stats = compute(ledger, Scope(all_tables=True))
    rows = {(r["rules"], r["player"], r["stat"]): r["value"] for r in written(payloads.stats_csv(stats))}
    for g in payloads.stats_json(stats)["groups"]:
        assert rows[(g["rules"], "", "hands")] == str(g["hands"])
        for p in g["players"]:
            for key in ("hands", "won", "points"):
                assert rows[(g["rules"], p["name"], key)] == str(p[key])
            for role in ("as_player", "as_partner", "as_opponent"):
                assert rows[(g["rules"], p["name"], f"{role}.won")] == str(p[role]["won"])
            for hand_type, counted in p["by_type"].items():
                assert rows[(g["rules"], p["name"], f"by_type.{hand_type}.played")] == str(counted["played"])
