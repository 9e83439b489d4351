"""Every number typed on the command line is read with a bound (issue 38): a start number, an id, a count or an
amount of thousands of digits — which Python's int() refuses with a ValueError of its own — or one past what the
ledger can hold is one sentence naming the option, exit 2, and nothing changes; on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

HUGE = "9" * 5000
LONG = "9" * 30  # past any integer column: SQLite's own OverflowError before


@pytest.fixture
def door(cli):
    cli.ok("season", "new", "Cup", "--rules", "preisschafkopf")
    cli.ok("season", "register", "Anna", "Berta", "Carl", "Dora")
    cli.ok("tournament", "new", "Kirchweih", "--rules", "preisschafkopf", "--season", "1", "--set", "startgeld=1500")
    cli.ok("tournament", "checkin", "1", "2", "3", "4")
    return cli


def refused(cli, *args: str) -> str:
    ran = cli(*args)
    assert ran.code == 2, (args[:3], ran.code, ran.err[:300])
    assert ran.err.startswith("schreiber: ") and ran.err.count("\n") == 1, ran.err[:300]
    assert "internal error" not in ran.err and len(ran.err) < 300, ran.err[:300]
    return ran.err


@pytest.mark.parametrize("number", [HUGE, LONG, "#" + HUGE])
def test_a_start_number_of_thousands_of_digits_is_one_sentence(door, number):
    cli = door
    before = cli.ok("tournament", "cash")
    assert "start number 99999999" in refused(
        cli, "tournament", "pay", number
    ) and "NAME: no player of Kirchweih" in refused(cli, "tournament", "pay", number)
    assert refused(cli, "tournament", "withdraw", number).startswith(
        "schreiber: NAME|NUMBER: no player of Kirchweih has start number 99999"
    )
    assert refused(cli, "tournament", "unregister", number).startswith("schreiber: NAME|NUMBER: no player of Kirchweih")
    assert cli.ok("tournament", "cash") == before


@pytest.mark.parametrize("number", [HUGE, LONG])
def test_checking_in_a_start_number_of_thousands_of_digits_is_one_sentence(door, number):
    cli = door
    cli.ok("tournament", "new", "Februar", "--rules", "preisschafkopf", "--season", "1")
    # The door's search (ledger/search.py) bounds a start number before it is read as one.
    assert (
        refused(cli, "tournament", "checkin", number)
        == "schreiber: NUMBER: a season start number has at most 6 digits.\n"
    )
    # A superscript two is a digit to str.isdigit and no number to int(): a name here, and no such player.
    assert "'²' is not a player of this season" in refused(cli, "tournament", "checkin", "²")
    assert cli.json("tournament", "show", "2", "--format", "json")["players"] == []


@pytest.mark.parametrize(
    "args, option",
    [
        (["show", HUGE], "'N'"),
        (["void", LONG], "'N'"),
        (["session", "show", LONG], "'ID'"),
        (["session", "new", "--rules", "schafkopf", "--players", "A", "B", "C", "D", "--tariff", LONG], "'--tariff'"),
        (["report", "--session", LONG], "'--session'"),
        (["tournament", "show", LONG], "'[ID]'"),
        (["tournament", "standings", "--round", HUGE], "'--round'"),
        (["season", "use", LONG], "'ID'"),
    ],
)
def test_an_integer_option_past_its_bound_is_one_sentence_naming_it(door, args, option):
    err = refused(door, *args)
    assert err.startswith(f"schreiber: Invalid value for {option}"), err
    assert "use a whole number up to 2147483647, not '99999999" in err


@pytest.mark.parametrize(
    "args, start",
    [
        (["tournament", "set", "startgeld=" + HUGE], "schreiber: tournament set startgeld: give an amount in cents"),
        (["tournament", "set", "preise=" + HUGE], "schreiber: tournament set preise: give amounts in cents"),
        (["tournament", "set", "preise=" + HUGE + "%"], "schreiber: tournament set preise: give percentages above 0"),
        (
            ["season", "new", "Liga", "--rules", "schafkopf", "--set", "min_starts=" + HUGE],
            "schreiber: --set min_starts: use a whole number of 1 or more",
        ),
        (
            ["season", "new", "Liga", "--rules", "schafkopf", "--set", "wertung=beste:" + HUGE],
            "schreiber: --set wertung: beste:K counts",
        ),
    ],
)
def test_a_setting_of_thousands_of_digits_is_one_sentence(door, args, start):
    assert refused(door, *args).startswith(start)
