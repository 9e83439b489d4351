"""Tournaments (RULES.md §6): registration, the seat draw, paper sheets and the standings.

A tournament is tables: each table of a round is an ordinary session, seated in the draw's order,
so its hands are recorded, scored and cached as any evening's are. This package keeps only what a
session does not know (start numbers, rounds, sheets) and ranks from the sessions' cached payouts;
it scores nothing itself. The draw and the ranking are the pure functions of `seating` and `ranking`.

`Tournaments` is composed of its nouns here: starting and choosing tournaments (founding.py), the
entrants (entrants.py), the draw (draws.py), sheets and standings (results.py), the team competitions (teams.py), and the rows they
read inside a transaction (rows.py); what they answer is in plans.py.
"""

from __future__ import annotations

from schreiber.ledger.service import Ledger
from schreiber.ledger.tournament.draws import Draws
from schreiber.ledger.tournament.entrants import Entrants
from schreiber.ledger.tournament.founding import Founding
from schreiber.ledger.tournament.results import Results
from schreiber.ledger.tournament.rows import Rows
from schreiber.ledger.tournament.teams import Teams


class Tournaments(Founding, Entrants, Draws, Results, Teams, Rows):
    """The tournament commands over an open ledger, one transaction each."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger


__all__ = ["Tournaments"]
