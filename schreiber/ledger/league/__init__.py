"""Leagues (TEAMS.md §10.3): teams with rosters, Spieltage with groups and line-ups, each Serie seated by the plan,
its tables ordinary sessions — so `add`, `play` and sheets work on them as on any evening — and the lists, Tischpunkte,
Wertungspunkte and the table computed from them (scoring/league.py); nothing derived is stored.

`Leagues` is composed of its nouns: the league, its teams and rosters (founding.py), the Spieltage, line-ups and
draws (days.py), sheets, the Spielbericht and the table (results.py), the rows they read (rows.py); what they answer
is in plans.py.
"""

from __future__ import annotations

from schreiber.ledger.league.days import Days
from schreiber.ledger.league.founding import Founding
from schreiber.ledger.league.results import Results
from schreiber.ledger.league.rows import Rows
from schreiber.ledger.league.season import Season
from schreiber.ledger.service import Ledger


class Leagues(Founding, Days, Results, Season, Rows):
    """The league commands over an open ledger, one transaction each."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger


__all__ = ["Leagues"]
