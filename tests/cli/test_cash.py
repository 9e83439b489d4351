"""`schreiber tournament set | pay | cash` as a treasurer types them (CLI.md "The cashbook", RULES.md §9),
on SQLite and PostgreSQL."""

from __future__ import annotations

import csv
import io

import pytest
from tests.helpers.tournament import state
from tests.helpers.cash import C1_SET, EIGHT, t1_day


def test_worked_example_c1(cli):
    role = t1_day(cli, *C1_SET)
    cli.ok("tournament", "pay", *[role[r] for r in ["Anna", "Berta", "Carl", "Dora"]])
    cli.ok("tournament", "pay", *[role[r] for r in ["Emil", "Fritz", "Gerda"]])
    got = cli.json("tournament", "cash", "--format", "json")
    assert (got["pot"], got["payout"], got["kasse"]) == (7500, 6000, 1500)
    by_role = {next(r for r, p in role.items() if p == line["name"]): line for line in got["players"]}
    assert {r: line["verlustspiel"] for r, line in by_role.items() if line["verlustspiel"]} == {
        "Anna": 100,
        "Carl": 350,
        "Dora": 50,
    }
    assert {r: line["prize"] for r, line in by_role.items() if line["prize"]} == {
        "Gerda": 3000,
        "Emil": 1800,
        "Anna": 1200,
    }
    assert {r: line["balance"] for r, line in by_role.items()} == {
        "Gerda": 3000,
        "Emil": 1800,
        "Anna": 1200,
        "Hans": -1000,
        "Berta": 0,
        "Carl": 0,
        "Dora": 0,
        "Fritz": 0,
    }
    assert [line["rank"] for line in got["players"]] == list(range(1, 9))
    assert set(got["players"][0]) == {
        "number",
        "name",
        "rank",
        "startgeld",
        "paid",
        "verlustspiel",
        "reuegeld",
        "prize",
        "prize_paid",
        "balance",
        "prizes",  # each prize he gets: his place's, a team's share (TEAMS.md §10.1)
        "kategorien",  # his registration's categories (TEAMS.md §10.2)
    }
    assert got["prizes_fixed"] is None and all(line["prize_paid"] == 0 for line in got["players"])
    assert by_role["Hans"]["paid"] == 0 and by_role["Anna"]["paid"] == 1000 and by_role["Anna"]["startgeld"] == 1000

    table = cli.ok("tournament", "cash")
    assert "Pot €75.00 = Startgeld paid €70.00 + Verlustspielgeld €5.00 + Reuegeld €0.00." in table
    assert "Payout (80%): €60.00; the prizes: 1. €30.00, 2. €18.00, 3. €12.00." in table
    assert "Kasse (the club's share): €15.00." in table
    assert f"1 player has not paid the Startgeld yet: {role['Hans']} (" in table

    rows = list(csv.DictReader(io.StringIO(cli.ok("tournament", "cash", "--format", "csv"))))
    assert [r["name"] for r in rows[:3]] == [role["Gerda"], role["Emil"], role["Anna"]]
    assert rows[0]["prize"] == "30.00" and next(r for r in rows if r["name"] == role["Hans"])["balance"] == "-10.00"
    excel = cli.ok("tournament", "cash", "--format", "csv", "--excel")
    assert excel.startswith(
        "\ufeffnumber;name;rank;startgeld;paid;verlustspiel;reuegeld;prize;prize_paid;balance;"
        "list;place;cents;sach;value;by_lot\r\n"
    )  # a row per prize (TEAMS.md §10.2): its list, place and cash
    assert ";30,00;0,00;30,00;preise;1;30,00;;;false\r\n" in excel  # Gerda: prize, paid, balance, decimal comma


def test_settings_are_shown_changed_and_always_computed_from_the_current_ones(cli):
    role = t1_day(cli, *C1_SET)
    assert (
        "money (cents): startgeld=1000, verlustspiel=50,50,50,100, reuegeld=0, auszahlung=80, preise=50%,30%,20%, rundung=100"
        in cli.ok("tournament", "show")
    )
    out = cli.ok("tournament", "set", "auszahlung=100", "preise=3000,2000")
    assert "auszahlung=100" in out and "preise=3000,2000" in out
    got = cli.json("tournament", "cash", "--format", "json")
    assert got["pot"] == 500 and got["payout"] == 500  # nobody has paid yet: only the Verlustspielgeld
    assert {p["name"]: p["prize"] for p in got["players"] if p["prize"]} == {role["Gerda"]: 3000, role["Emil"]: 2000}
    assert got["kasse"] == 500 - 5000  # amounts are paid as given: the club adds


def test_a_tournament_without_money_shows_no_money_line(cli):
    cli.ok("tournament", "new", "Frei", "--rules", "schafkopf")
    assert "money" not in cli.ok("tournament", "show")


def test_pay_undo_and_refusals(cli):
    role = t1_day(cli, *C1_SET)
    anna = role["Anna"]
    assert "has paid the Startgeld of €10.00" in cli.ok("tournament", "pay", anna)
    ran = cli("tournament", "pay", anna)
    assert ran.code == 2 and f"`schreiber tournament pay {anna} --undo`" in ran.err
    assert "is taken back" in cli.ok("tournament", "pay", anna, "--undo")
    ran = cli("tournament", "pay", anna, "--undo")
    assert ran.code == 2 and "has not paid; there is nothing to take back." in ran.err
    cli.ok("tournament", "pay", "1")  # a start number does
    got = cli.json("tournament", "cash", "--format", "json")
    assert next(p for p in got["players"] if p["number"] == 1)["paid"] == 1000


def test_a_paid_out_prize_freezes_the_money_settings(cli):
    role = t1_day(cli, *C1_SET)
    gerda = role["Gerda"]
    ran = cli("tournament", "pay", role["Berta"], "--prize")
    assert ran.code == 2 and "has no prize to pay out" in ran.err
    assert "has been paid the prize of €3.00" in cli.ok(
        "tournament", "pay", gerda, "--prize"
    )  # €2.00 and what rounding left
    before = state(cli)
    ran = cli("tournament", "set", "auszahlung=100")
    assert ran.code == 2 and f"`schreiber tournament pay {gerda} --prize --undo`" in ran.err
    assert state(cli) == before
    cli.ok("tournament", "pay", gerda, "--prize", "--undo")
    cli.ok("tournament", "set", "auszahlung=100")


@pytest.mark.parametrize(
    ("args", "sentence"),
    [
        (
            ["tournament", "set", "preise=50%,40%,20%"],
            "tournament set preise: the percentages add up to 110%, more than 100%.",
        ),
        (["tournament", "set", "reuegeld=-20"], "tournament set reuegeld: an amount cannot be negative (-20)."),
        (
            ["tournament", "set", "verlustspiel=abc"],
            "tournament set verlustspiel: give amounts in cents separated by commas, such as 50,50,50,100, not 'abc'.",
        ),
        (
            ["tournament", "pay", "Zenzi"],
            "NAME: no player of Herbstturnier is called 'Zenzi'; `schreiber tournament show` lists them.",
        ),
        (
            ["tournament", "pay", "P1", "Zenzi"],
            "NAME: no player of Herbstturnier is called 'Zenzi'; `schreiber tournament show` lists them.",
        ),
        (
            ["tournament", "pay", "12"],
            "NAME: no player of Herbstturnier has start number 12; `schreiber tournament show` lists them.",
        ),
        (
            ["tournament", "set", "kasse=5"],
            "tournament set: 'kasse' is not a setting of the tournament; use startgeld, verlustspiel, reuegeld, auszahlung, preise, rundung, rundenzeit, plaetze, doppelt, verein, teams, getrennt, kategorien, sonderpreise, plus_preis, preise_je_tisch, doppelpreis, sachpreise_bezahlt, COMPETITION.startgeld|auszahlung|preise|fehlend, KATEGORIE.preise|startgeld.",
        ),
    ],
)
def test_bad_input_is_one_sentence_exit_2_and_changes_nothing(cli, args, sentence):
    cli.ok("tournament", "new", "Herbstturnier", "--rules", "preisschafkopf", *C1_SET)
    cli.ok("tournament", "register", *EIGHT)
    before = (state(cli), cli.ok("tournament", "cash", "--format", "json"))
    ran = cli(*args)
    assert ran.code == 2
    assert ran.err.strip() == f"schreiber: {sentence}"
    assert (state(cli), cli.ok("tournament", "cash", "--format", "json")) == before


@pytest.mark.parametrize(
    ("setting", "sentence"),
    [
        ("preise=60%,50%", "--set preise: the percentages add up to 110%, more than 100%."),
        ("startgeld=-100", "--set startgeld: an amount cannot be negative (-100)."),
        (
            "verlustspiel=abc",
            "--set verlustspiel: give amounts in cents separated by commas, such as 50,50,50,100, not 'abc'.",
        ),
    ],
)
def test_a_new_tournament_with_bad_money_is_refused(cli, setting, sentence):
    ran = cli("tournament", "new", "Herbstturnier", "--rules", "preisschafkopf", "--set", setting)
    assert ran.code == 2 and ran.err.strip().splitlines()[-1] == f"schreiber: {sentence}"
    assert "No tournaments yet" in cli.ok("tournament", "list")


def test_pay_without_a_startgeld_or_naming_a_player_twice_is_refused(cli):
    cli.ok("tournament", "new", "Frei", "--rules", "schafkopf")
    cli.ok("tournament", "register", *EIGHT)
    ran = cli("tournament", "pay", "P1")
    assert (
        ran.code == 2
        and ran.err.strip()
        == "schreiber: NAME: Frei takes no Startgeld; `schreiber tournament set startgeld=CENTS` sets one."
    )
    cli.ok("tournament", "set", "startgeld=1000")
    ran = cli("tournament", "pay", "P1", "1")
    assert ran.code == 2 and ran.err.strip() == "schreiber: NAME: each player is named once."
    assert all(p["paid"] == 0 for p in cli.json("tournament", "cash", "--format", "json")["players"])
