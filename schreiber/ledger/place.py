"""Where a table of a tournament sits: its tournament, round and number, read from the draw itself.

The name a drawn table is stored under ("Wintercup, round 1, table 2") is worded once, in the language of
the laptop that drew the round; a page names the table in its reader's language from these instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from sqlalchemy import select

from schreiber.store.models import Tournament, TournamentTable

if TYPE_CHECKING:
    from schreiber.ledger.service import Ledger


@dataclass(frozen=True)
class Place:
    tournament: str
    round: int
    table: int


def place_of(ledger: Ledger, table_id: int) -> Place | None:
    """The tournament, round and table number of session `table_id`; None for a table of no tournament."""
    with ledger.transaction() as s:
        row = s.execute(
            select(Tournament.name, TournamentTable.round, TournamentTable.number)
            .join(Tournament, Tournament.id == TournamentTable.tournament_id)
            .where(TournamentTable.table_id == table_id)
        ).first()
    return None if row is None else Place(row[0], row[1], row[2])
