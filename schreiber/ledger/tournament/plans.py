"""What the tournament commands answer: a tournament, a round's seat plan and its tables; the few names they share."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from schreiber.ledger.final import table_done
from schreiber.ledger.standings import Unfinished


ACTIVE_KEY = "active_tournament"
DEFAULT_ROUNDS = 3
OPEN, PLAYING, HANDS, SHEET = "open", "playing", "hands", "sheet"


@dataclass(frozen=True)
class TournamentInfo:
    id: int
    name: str
    rules: str
    settings: dict[str, Any]
    wertung: str
    rounds: int
    hands: int
    date: dt.date
    seed: str
    players: int
    withdrawn: int
    drawn: int
    active: bool


@dataclass(frozen=True)
class TablePlan:
    """One table of a round: its session, its players in seat order (seat 1 deals first), how far it is."""

    table: int
    session: int
    players: tuple[str, ...]
    numbers: tuple[int, ...]
    hands: int
    sheet: bool
    closed: bool = False
    of: int = 0  # the hands this table plays (a table of 5 plays 5/4 of a table of 4's)


@dataclass(frozen=True)
class RoundPlan:
    tournament: TournamentInfo
    round: int
    seed: str
    repeats: int
    tables: tuple[TablePlan, ...]

    def done(self, table: TablePlan) -> bool:
        """A table is finished when its sheet is in, when it played its hands, or when it was closed."""
        return table_done(table.sheet, table.closed, table.hands, table.of)

    def unfinished(self) -> list[Unfinished]:
        return [Unfinished(self.round, t.table, t.hands, t.of, t.numbers) for t in self.tables if not self.done(t)]
