"""What a tournament's score sheet carries besides the points (RULES.md §6, §9): Soli or games won and lost
where the standings count them, games lost where the money has a Verlustspielgeld, thrown-in hands where it
has a Reuegeld. The printed sheet (`tournament sheets`) and the organiser's sheet form ask the same."""

from __future__ import annotations

from dataclasses import dataclass

from schreiber.ledger import standings
from schreiber.ledger.cashbook import stored_settings
from schreiber.ledger.series import play_of
from schreiber.ledger.service import Ledger
from schreiber.store.models import Tournament


@dataclass(frozen=True)
class SheetFields:
    """The counts a table's sheet holds beside each player's points."""

    soli: bool = False
    won: bool = False
    lost: bool = False
    thrown: bool = False


def fields(ledger: Ledger, tournament_id: int) -> SheetFields:
    """The counts the sheets of tournament `tournament_id` carry."""
    with ledger.transaction() as s:
        t = s.get(Tournament, tournament_id)
        money = stored_settings(s, tournament_id)
    play = play_of(t.rules) if t is not None else None
    counts = play.counts if play is not None else ()
    return SheetFields(
        soli=standings.SOLI in counts,
        won=standings.WON in counts,
        lost=standings.LOST in counts or bool(money.verlustspiel),
        thrown=bool(money.reuegeld),
    )


def form_address(base: str, round_: int, table: int) -> str:
    """The organiser page's sheet form of one table (`serve --tournament --entry`), as a printed sheet's QR code holds it."""
    return f"{base.rstrip('/')}/sheet?round={round_}&table={table}"
