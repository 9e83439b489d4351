"""What a sheet entered with `tournament result` did (RULES.md §6, CLI.md "The day as it happens"): the
entries a replacing sheet drops (Soli, games won and lost, thrown-in hands not typed again are 0), and,
for `--dry-run`, how the standings would move.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from schreiber.ledger import double_entry, prizes, sheet_keys, sheets
from schreiber.ledger.sheets import SheetView, TypedSheet
from schreiber.rules.model import SettingsError

# ledger/tournament/results.py imports this module; its StandingsView, TablePlan and Tournaments are named here
# only in words, so that no import runs back up (tests/test_architecture.py).
StandingsView = TablePlan = Tournaments = Any


@dataclass(frozen=True)
class Dropped:
    """What one player had on the replaced sheet and no longer has on the new one (0 where nothing dropped)."""

    number: int
    name: str
    soli: int = 0
    won: int = 0
    lost: int = 0


@dataclass(frozen=True)
class Move:
    """A player whose rank or score the sheet changes."""

    number: int
    name: str
    rank: int
    score: int
    new_rank: int
    new_score: int


@dataclass(frozen=True)
class Entered:
    """A sheet entered (or, with `stored` false, what it would do): the table, the sheet as stored, what a
    replacement dropped, and with --dry-run the standings' moves and the refusal storing would meet."""

    plan: TablePlan
    sheet: SheetView
    dropped: tuple[Dropped, ...] = ()
    thrown_dropped: int = 0  # thrown-in hands of the table the old sheet had and the new one has not
    stored: bool = True
    moves: tuple[Move, ...] = ()
    refused: str | None = None
    double: str | None = None  # with double entry: the first entry, entries that agree, or that differ
    differences: tuple[str, ...] = ()  # the fields two differing entries differ in


def dropped(old: SheetView | None, new: SheetView) -> tuple[tuple[Dropped, ...], int]:
    """Each entry of `old` that was not 0 and is 0 on `new`, by player in seat order; and the table's thrown-in
    hands when the new sheet has none."""
    if old is None:
        return (), 0
    now = {line.number: line for line in new.lines}
    out = []
    for line in old.lines:
        there = now.get(line.number)
        if there is None:
            continue
        gone = Dropped(
            line.number,
            line.name,
            *(
                getattr(line, key) if getattr(line, key) and not getattr(there, key) else 0
                for key in ("soli", "won", "lost")
            ),
        )
        if gone.soli or gone.won or gone.lost:
            out.append(gone)
    return tuple(out), old.thrown if old.thrown and not new.thrown else 0


def moves(before: StandingsView, after: StandingsView) -> tuple[Move, ...]:
    """The players whose rank or score differs between the two standings, in the new order."""
    was = {row.number: row for row in before.rows}
    out = []
    for row in after.rows:
        old = was.get(row.number)
        if old is not None and (old.rank, old.score) != (row.rank, row.score):
            out.append(Move(row.number, row.name, old.rank, old.score, row.rank, row.score))
    return tuple(out)


def current(views: Sequence[SheetView]) -> SheetView | None:
    """The sheet in force among a table's sheets, if it has one."""
    return next((v for v in views if v.version is None), None)


class _NotStored(Exception):
    """Leaves a --dry-run's transaction, rolling back the sheet it entered to see what it does."""

    def __init__(self, entered: Entered) -> None:
        super().__init__()
        self.entered = entered


def enter(
    tournaments: Tournaments,
    round_: int,
    table: int,
    sheet: TypedSheet,
    replace: bool,
    tournament_id: int | None,
    *,
    force: bool | None = None,
    dry_run: bool = False,
) -> Entered:
    """`Tournaments.result`: the sheet checked and stored in one transaction (with `dry_run` entered, looked
    at and rolled back). Once prizes are paid out it is refused unless `force` (RULES.md §9)."""
    self = tournaments
    try:
        with self.ledger.transaction() as s:
            t = self._tournament(s, tournament_id, for_update=True)
            self._round_number(s, t, round_)
            stored = self.ledger.table_row(s, self._table_id(s, t, round_, table), for_update=True)
            size = len(stored.seats)
            play = self._play(t)
            old = current(sheets.sheets(s, t, stored.id)) if replace else None
            before = self._standings(s, t, None) if dry_run else None
            sheet = sheet_keys.by_name(s, t, round_, table, stored, sheet)
            said = None
            double = not dry_run and double_entry.on(t)
            waiting = double and double_entry.pending(s, stored.id)
            if double and replace and waiting:  # the organiser decides a sheet that has entries but no sheet yet
                double_entry.decided(s, stored.id)
                replace = double = False
                said = double_entry.DECIDED
            was_closed = stored.closed
            sheets.enter(
                s, t, round_, table, stored, sheet, hands=play.hands_at(t.hands or play.hands, size), replace=replace
            )
            refused = None
            try:  # checked after the sheet's own checks, so that --force never hides another refusal
                prizes.guard(s, "tournament result", force=force, tournament_id=t.id)
            except SettingsError as e:
                if before is None:
                    raise
                refused = str(e)
            plan = next(p for p in self._plan(s, t, round_).tables if p.table == table)
            new = sheets.sheets(s, t, stored.id)[0]
            if double and not replace:
                said, differ = double_entry.settle(s, stored, new, was_closed, round_, table)
                return Entered(plan, new, double=said, differences=differ)
            gone, thrown = dropped(old, new)
            entered = Entered(plan, new, gone, thrown, double=said)
            if before is not None:
                raise _NotStored(
                    dataclasses.replace(
                        entered, stored=False, moves=moves(before, self._standings(s, t, None)), refused=refused
                    )
                )
            return entered
    except _NotStored as shown:  # raised inside the transaction, so that nothing of it is stored
        return shown.entered


__all__ = ["Dropped", "Entered", "Move", "current", "dropped", "enter", "moves"]
