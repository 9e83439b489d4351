"""The words of a command line before click reads them (cli/argv.py)."""

from __future__ import annotations

import pytest

from schreiber.cli.argv import spread_name_values


@pytest.mark.parametrize("db", [[], ["--db", "club.db"], ["--db=club.db"]])
@pytest.mark.parametrize("command", [["tournament", "result", "1", "2"], ["league", "result", "1", "1", "2"]])
def test_a_sheets_won_and_lost_take_every_name_after_them(db, command):
    typed = [*db, *command, "A=612", "B=388", "--won", "A=9", "B=6", "--lost", "A=1", "B=0", "--replace"]
    assert spread_name_values(typed) == [
        *db, *command, "A=612", "B=388", "--won", "A=9", "--won", "B=6", "--lost", "A=1", "--lost", "B=0", "--replace",
    ]  # fmt: skip
    # `--won=A=9` names one player: a script's words go on with the next player's points.
    scripted = [*db, *command, "A=612", "--won=A=9", "B=388", "--won=B=6"]
    assert spread_name_values(scripted) == scripted


def test_a_hands_won_is_a_flag_and_takes_no_names():
    typed = ["add", "bettel", "--player", "Anna", "--won", "--augen", "Anna=40", "Berta=35"]
    assert spread_name_values(typed) == [*typed[:5], "--augen", "Anna=40", "--augen", "Berta=35"]
    assert spread_name_values(["add", "tout", "-p", "Anna", "--won", "Berta=3"]) == [
        "add", "tout", "-p", "Anna", "--won", "Berta=3",
    ]  # fmt: skip
