"""Numbers, money and name lists as people read them (schreiber/views/text.py), and the outputs that use them."""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schreiber import i18n
from schreiber.views import text

SCHREIBER = Path(sys.executable).parent / "schreiber"


def german(tmp_path: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """`schreiber ARGS` under a German locale, on the ledger in tmp_path."""
    env = {k: v for k, v in os.environ.items() if k not in ("SCHREIBER_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update(LANG="de_DE.UTF-8", SCHREIBER_DB=str(tmp_path / "l.db"), COLUMNS="80", NO_COLOR="1")
    return subprocess.run([str(SCHREIBER), *args], input=stdin, capture_output=True, text=True, env=env)


@pytest.mark.parametrize(
    ("cents", "english", "german_"),
    [
        (2600, "€26.00", "26,00 €"),
        (-180, "−€1.80", "−1,80 €"),
        (-5, "−€0.05", "−0,05 €"),
        (0, "€0.00", "0,00 €"),
        (123456789, "€1,234,567.89", "1.234.567,89 €"),
    ],
)
def test_money_as_each_language_writes_it(cents, english, german_):
    with i18n.speaking("en"):
        assert text.money(cents) == english
    with i18n.speaking("de"):
        assert text.money(cents) == german_


@given(st.integers(-(10**9), 10**9), st.booleans())
def test_money_reads_back_as_the_cents_it_was(cents, german_):
    with i18n.speaking("de" if german_ else "en"):
        said = text.money(cents, plus=True)
    digits = said.replace("€", "").replace(" ", "").replace("−", "-").replace("+", "")
    digits = digits.replace(".", "").replace(",", ".") if german_ else digits.replace(",", "")
    assert round(float(digits) * 100) == cents
    assert said.startswith("−" if cents < 0 else "+" if cents > 0 else "€" if not german_ else "0")
    assert "-" not in said  # one minus sign people read, never the hyphen


def test_numbers_follow_the_language_spoken_not_the_one_started_in():
    """A German page of a server started in English wrote "€10.00": money followed the process's language."""
    assert not i18n.GERMAN  # the tests run in English (conftest)
    with i18n.speaking("de"):
        assert (text.money(1000), text.money(-582), i18n.number(12345)) == ("10,00 €", "−5,82 €", "12.345")
        with i18n.speaking("en"):
            assert (text.money(1000), i18n.number(12345)) == ("€10.00", "12,345")
    assert text.money(1000) == "€10.00"


@pytest.mark.parametrize(
    ("value", "english", "german_"),
    [(2.5, "2.50", "2,50"), (1 / 3, "0.33", "0,33"), (-1.25, "−1.25", "−1,25"), (12, "12.00", "12,00")],
)
def test_decimals_as_each_language_writes_them(value, english, german_):
    with i18n.speaking("en"):
        assert text.decimal(value) == english
    with i18n.speaking("de"):
        assert text.decimal(value) == german_


def test_a_season_score_is_whole_or_an_average_with_two_decimals():
    from fractions import Fraction

    with i18n.speaking("de"):
        assert [text.score(v) for v in (7, Fraction(5, 2), None)] == ["7", "2,50", "–"]
    with i18n.speaking("en"):
        assert [text.score(v) for v in (7, Fraction(5, 2), None)] == ["7", "2.50", "–"]


def test_dates_as_each_language_writes_them():
    import datetime as dt

    with i18n.speaking("en"):
        assert text.day(dt.date(2026, 3, 7)) == "2026-03-07"
    with i18n.speaking("de"):
        assert text.day(dt.date(2026, 3, 7)) == "07.03.2026"


@pytest.mark.parametrize(("n", "said"), [(5, "+5"), (-5, "−5"), (0, "0"), (-120, "−120")])
def test_signed_points(n, said):
    assert text.signed(n) == said


@pytest.mark.parametrize(
    ("names", "said"),
    [
        ([], ""),
        (["Anna"], "Anna"),
        (["Anna", "Carl"], "Anna and Carl"),
        (["Anna", "Berta", "Carl"], "Anna, Berta and Carl"),
    ],
)
def test_names_listed_in_english(names, said):
    assert text.and_list(names) == said


def test_a_german_refusal_lists_the_missing_names_in_german(tmp_path):
    """It said "es fehlen Carl and Dora": the list of names was joined with an English "and"."""
    assert (
        german(
            tmp_path, "session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", "Dora"
        ).returncode
        == 0
    )
    ran = german(tmp_path, "add", "ramsch", "--augen", "Anna=60", "Berta=60")
    assert ran.returncode == 2
    assert ran.stderr == "schreiber: --augen NAME=N braucht es für jeden Spieler; es fehlen Carl und Dora.\n"


def test_a_report_writes_money_as_each_language_does(cli, tmp_path):
    """English said "26,00 €"; now "€…" in English and "… €" in German, with the one minus sign."""
    cli.ok("session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", "Dora", "--tariff", "10")
    cli.ok("add", "wenz", "--player", "Carl", "--augen", "65")
    english = cli.ok("report")
    assert "€0.60" in english and "−€0.20" in english and "Berta pays Carl €0.20" in english
    assert "0,60 €" not in english
    # The same evening in German, on an SQLite ledger of its own.
    assert (
        german(
            tmp_path,
            "session",
            "new",
            "--rules",
            "schafkopf",
            "--players",
            "Anna",
            "Berta",
            "Carl",
            "Dora",
            "--tariff",
            "10",
        ).returncode
        == 0
    )
    assert german(tmp_path, "add", "wenz", "--player", "Carl", "--augen", "65").returncode == 0
    deutsch = german(tmp_path, "report").stdout
    assert "0,60 €" in deutsch and "−0,20 €" in deutsch and "Berta zahlt Carl 0,20 €" in deutsch
    # CSV and JSON keep plain numbers.
    rows = list(csv.DictReader(io.StringIO(cli.ok("report", "--format", "csv"))))
    assert {r["player"]: r["euros"] for r in rows}["Carl"] == "0.60"
    assert {p["name"]: p["cents"] for p in cli.json("report", "--format", "json")["players"]}["Anna"] == -20


FORMULA = '=HYPERLINK("http://x","y")'


def test_session_list_csv_guards_a_formula(cli):
    """`session list --format csv` wrote a table named like a formula bare; `export csv` guarded it."""
    cli.ok("session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", "Dora", "--name", FORMULA)
    cli.ok("add", "wenz", "--player", "Carl", "--augen", "65")
    rows = list(csv.DictReader(io.StringIO(cli.ok("session", "list", "--format", "csv"))))
    assert rows[0]["name"] == "'" + FORMULA
    assert (
        rows[0]["closed"] == "false" and rows[0]["active"] == "true" and rows[0]["players"] == "Anna, Berta, Carl, Dora"
    )
    exported = list(csv.DictReader(io.StringIO(cli.ok("export", "csv"))))
    assert {r["session_name"] for r in exported} == {"'" + FORMULA}  # as export always did


def test_list_and_open_csv_guard_player_names(cli):
    """A player named like a formula is guarded in `list --format csv` (a column is named after him)
    and in `report --open --format csv`."""
    cli.ok("session", "new", "--rules", "schafkopf", "--players", "@Anna", "Berta", "Carl", "Dora", "--tariff", "10")
    cli.ok("add", "wenz", "--player", "Carl", "--augen", "65")
    listed = list(csv.reader(io.StringIO(cli.ok("list", "--format", "csv"))))
    assert listed[0][5:7] == ["'@Anna", "'@Anna_total"]
    assert listed[1][:5] == ["1", "'@Anna", "wenz", "wenz Carl", "2"]  # the first dealer is @Anna
    owed = list(csv.DictReader(io.StringIO(cli.ok("report", "--open", "--format", "csv"))))
    assert {r["from"] for r in owed} == {"'@Anna", "Berta", "Dora"}


def test_report_all_json_does_not_add_points_of_different_rule_sets(cli):
    """A Schafkopf +1 and a Doppelkopf +5 were added to 6 in the top-level `players[].points`."""
    four = ["--players", "Anna", "Berta", "Carl", "Dora"]
    cli.ok("session", "new", "--rules", "schafkopf", *four, "--date", "2026-01-10")
    cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "70")
    cli.ok("session", "new", "--rules", "doppelkopf", *four, "--date", "2026-01-17")
    cli.ok("add", "normal", "--player", "Anna", "--partner", "Berta", "--augen", "130")
    rep = cli.json("report", "--all", "--format", "json")
    assert [p["points"] for p in rep["players"]] == [None] * 4
    assert {p["name"] for p in rep["players"]} == {"Anna", "Berta", "Carl", "Dora"}
    by_group = {g["rules"]: {p["name"]: p["points"] for p in g["players"]} for g in rep["groups"]}
    assert by_group["schafkopf"]["Anna"] == 1 and by_group["doppelkopf"]["Anna"] > 0
    # One rule set: the points as before.
    one = cli.json("report", "--session", "1", "--format", "json")
    assert {p["name"]: p["points"] for p in one["players"]} == by_group["schafkopf"]
    season = cli.json("report", "--until", "2026-01-12", "--format", "json")
    assert {p["name"]: p["points"] for p in season["players"]} == by_group["schafkopf"]
