"""The results of one round by table (`tournament round-results N`), to hang up: each table's players in seat
order with their start numbers and their points of that round, and the table's sum to check against its sheet."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from schreiber.i18n import _
from schreiber.rules import registry


@dataclass(frozen=True)
class TableResult:
    table: int
    session: int
    players: tuple[tuple[int, int, str, int | None], ...]  # (seat, start number, name, points of the round)
    finished: bool
    state: str  # "sheet entered", "3 of 32 hands", …: how far the table is

    @property
    def sum(self) -> int:
        return sum(points or 0 for *_rest, points in self.players)


@dataclass(frozen=True)
class RoundResults:
    tournament: Any  # TournamentInfo
    round: int
    zero_sum: bool  # the rule set's hands add up to 0: so must each table's sum
    tables: tuple[TableResult, ...]

    def check(self, table: TableResult) -> str:
        """The table's sum as the sheet's foot checks it: "sum 0 ✓" where the game adds up to 0."""
        if not self.zero_sum:
            return _("sum {sum}").format(sum=table.sum)
        if table.sum == 0:
            return _("sum 0 ✓")
        return _("sum {sum} ✗ (should be 0)").format(sum=table.sum)


def round_results(plan: Any, standings: Any) -> RoundResults:
    """The round `plan` shows, with each player's round result from `standings` (after that round)."""
    points = {row.number: row.rounds[plan.round - 1] for row in standings.rows if len(row.rounds) >= plan.round}
    tables = []
    for t in plan.tables:
        if t.sheet:
            state = _("sheet entered")
        elif t.closed:
            state = _("closed ({hands} of {of} hands)").format(hands=t.hands, of=t.of)
        else:
            state = _("{hands} of {of} hands").format(hands=t.hands, of=t.of)
        players = tuple(
            (seat, number, name, points.get(number)) for seat, (name, number) in enumerate(zip(t.players, t.numbers), 1)
        )
        tables.append(TableResult(t.table, t.session, players, plan.done(t), state))
    return RoundResults(plan.tournament, plan.round, bool(registry.get(plan.tournament.rules).zero_sum), tuple(tables))


def round_results_json(view: RoundResults) -> dict[str, Any]:
    """`tournament round-results N --format json`."""
    return {
        "tournament": view.tournament.id,
        "round": view.round,
        "tables": [
            {
                "table": t.table,
                "session": t.session,
                "finished": t.finished,
                "sum": t.sum,
                "players": [
                    {"seat": seat, "number": number, "name": name, "points": points}
                    for seat, number, name, points in t.players
                ],
            }
            for t in view.tables
        ],
    }
