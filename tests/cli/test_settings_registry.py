"""One registry of settings (scoring/settings.py): a setting declared only here is taken by `tournament set`
and `tournament new --set`, refused with its sentence on a bad value, and frozen by the first draw when
declared so; `season set` reads the season's entries. On SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from schreiber.scoring import settings

EIGHT = [f"P{i}" for i in range(1, 9)]


@pytest.fixture
def plaetze():
    """A setting this test declares: the places on the prize list, 1 or more, frozen by the first draw."""
    declared = settings.register(
        settings.TOURNAMENT,
        settings.Setting("testplaetze", "int", settings.at_least(1), 3, settings.FIRST_DRAW, typed="N"),
    )
    yield declared
    settings.unregister(settings.TOURNAMENT, declared.name)


def _new(cli, *more: str) -> None:
    cli.ok("tournament", "new", "Herbstturnier", "--rules", "preisschafkopf", "--rounds", "2", "--seed", "7", *more)


def test_a_declared_setting_is_taken_refused_and_frozen(cli, plaetze):
    _new(cli, "--set", "startgeld=1000")
    assert settings.tournament_value(cli.json("tournament", "show", "--format", "json")["settings"], "testplaetze") == 3
    out = cli.ok("tournament", "set", "testplaetze=5")
    assert "testplaetze=5" in out and "money settings" not in out
    assert cli.json("tournament", "show", "--format", "json")["settings"]["testplaetze"] == 5

    ran = cli("tournament", "set", "testplaetze=0")
    assert ran.code == 2
    assert ran.err.strip() == "schreiber: tournament set testplaetze: use a whole number of 1 or more, not '0'."

    cli.ok("tournament", "register", *EIGHT)
    cli.ok("tournament", "draw")
    # the tables are the rule set's: a house setting does not travel to them
    table = cli.json("tournament", "tables", "--format", "json")["tables"][0]["session"]
    assert "testplaetze" not in cli.ok("session", "show", str(table))
    ran = cli("tournament", "set", "testplaetze=4")
    assert ran.code == 2
    assert ran.err.strip() == (
        "schreiber: tournament set testplaetze: a round is drawn already, so testplaetze stays as it is; "
        "`schreiber tournament undraw` takes the newest round back."
    )
    # money is frozen by the first prize, not by the draw
    assert "startgeld=2000" in cli.ok("tournament", "set", "startgeld=2000")
    assert cli.json("tournament", "show", "--format", "json")["settings"]["testplaetze"] == 5


def test_new_takes_a_declared_setting_and_refuses_an_unknown_one(cli, plaetze):
    ran = cli("tournament", "new", "Herbstturnier", "--rules", "preisschafkopf", "--set", "testplaetze=x")
    assert ran.code == 2
    assert ran.err.strip().splitlines()[-1] == "schreiber: --set testplaetze: use a whole number of 1 or more, not 'x'."
    _new(cli, "--set", "testplaetze=2")
    assert cli.json("tournament", "show", "--format", "json")["settings"]["testplaetze"] == 2
    ran = cli("tournament", "set", "tische=4")  # plaetze is a setting since issue 41; tische is none
    assert ran.code == 2
    assert ran.err.strip() == (
        "schreiber: tournament set: 'tische' is not a setting of the tournament; use startgeld, verlustspiel, "
        "reuegeld, auszahlung, preise, rundung, rundenzeit, plaetze, doppelt, verein, teams, getrennt, kategorien, "
        "sonderpreise, plus_preis, preise_je_tisch, doppelpreis, sachpreise_bezahlt, testplaetze, "
        "COMPETITION.startgeld|auszahlung|preise|fehlend, KATEGORIE.preise|startgeld."
    )


def test_season_set_changes_the_settings_season_new_took(cli):
    cli.ok("season", "new", "Liga", "--rules", "preisschafkopf", "--set", "min_starts=2")
    assert "min_starts 3" in cli.ok("season", "set", "min_starts=3", "finale=2")
    ran = cli("season", "set", "min_starts=0")
    assert ran.code == 2
    assert ran.err.strip() == "schreiber: season set min_starts: use a whole number of 1 or more, not '0'."
    ran = cli("season", "set", "plaetze=3")
    assert ran.code == 2
    assert ran.err.strip() == (
        "schreiber: season set: a season knows wertung=W, min_starts=N, finale=N, kategorien=K,… and verein=NAME, not 'plaetze=3'."
    )
