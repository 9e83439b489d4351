"""What a tournament's score sheet carries besides the points (RULES.md §6, §9): Soli or games won and lost
where the standings count them, games lost where the money has a Verlustspielgeld, thrown-in hands where it
has a Reuegeld. The printed sheet (`tournament sheets`) and the organiser's sheet form ask the same."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from schreiber.i18n import _
from schreiber.ledger import standings
from schreiber.ledger.cashbook import stored_settings
from schreiber.ledger.series import play_of
from schreiber.ledger.service import Ledger
from schreiber.ledger.sheets import SheetView, TypedSheet
from schreiber.ledger.tournament import Tournaments
from schreiber.rules import registry
from schreiber.rules.model import SettingsError
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


@dataclass(frozen=True)
class FormTable:
    """One table as the sheet form shows it: its players in seat order with their start numbers, what its sheet
    carries, the sheet in force (None: none yet) and whether points below 0 can be."""

    round: int
    table: int
    players: tuple[str, ...]
    numbers: tuple[int, ...]
    fields: SheetFields
    signed: bool
    sheet: SheetView | None = None
    hands: int = 0  # hands recorded at the table (then it takes no sheet)


def rounds(ledger: Ledger, tournament_id: int) -> dict[int, tuple[int, ...]]:
    """Each drawn round with its tables' numbers, and which of them have a sheet (negative: not yet)."""
    t = Tournaments(ledger)
    out = {}
    for number in range(1, t.info(tournament_id).drawn + 1):
        plan = t.plan(number, tournament_id)
        out[number] = tuple(tb.table if tb.sheet else -tb.table for tb in plan.tables)
    return out


def form_table(ledger: Ledger, tournament_id: int, round_: int, table: int) -> FormTable:
    """Round `round_` table `table` for the sheet form; refused in one sentence when there is no such table."""
    t = Tournaments(ledger)
    plan = t.plan(round_, tournament_id)
    found = next((tb for tb in plan.tables if tb.table == table), None)
    if found is None:
        raise SettingsError(
            _("table: round {round} has tables 1 to {count}, not {table}.").format(
                round=round_, count=len(plan.tables), table=table
            )
        )
    sheet = None
    if found.sheet:
        sheet = next((v for v in t.sheets(tournament_id) if v.session == found.session and v.version is None), None)
    return FormTable(
        round_,
        table,
        found.players,
        found.numbers,
        fields(ledger, tournament_id),
        registry.get(plan.tournament.rules).zero_sum,
        sheet,
        found.hands,
    )


def typed(
    table: FormTable, points: Sequence[int], soli: Sequence[int], won: Sequence[int], lost: Sequence[int], thrown: int
) -> TypedSheet:
    """The values of the form, in seat order, as the sheet `tournament result` takes by name."""

    def by_name(values: Sequence[int]) -> list[tuple[str, int]]:
        return list(zip(table.players, values))

    return TypedSheet(
        by_name(points),
        by_name(soli) if table.fields.soli else (),
        by_name(won) if table.fields.won else (),
        by_name(lost) if table.fields.lost else (),
        thrown if table.fields.thrown else 0,
    )
