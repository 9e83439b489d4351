"""What the ledger's commands answer: a table as the user sees it, a hand, the table folded."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from schreiber.ledger.series import Series
from schreiber.rules.model import Hand, Payout
from schreiber.rules.table import BockRound, RuleSet, TableState


@dataclass(frozen=True)
class TableInfo:
    """A table as the user sees it: who sits where, which rules and settings, how far it is."""

    id: int
    name: str | None
    rules: str
    date: dt.date
    players: tuple[str, ...]
    settings: dict[str, Any]
    tariff: int | None
    teams: tuple[tuple[str, ...], ...] | None
    closed: bool
    hands: int
    active: bool
    # The hands the table plays, where it has a length (a tournament's series, `session new --hands N`).
    series: Series | None = None


@dataclass(frozen=True)
class HandView:
    """One live hand with its payout, who dealt, and the running totals after it."""

    number: int
    hand: Hand
    payout: Payout
    dealer: str
    sitting_out: tuple[str, ...]
    totals: dict[str, int]
    # Players of the table who were not seated at this hand (joined later or left before).
    absent: tuple[str, ...] = ()
    # The Bock round this hand made (it joins the end of the queue), if it made one.
    made_bock: BockRound | None = None


@dataclass(frozen=True)
class TableView:
    """A table after its hands were folded: every hand, the totals, and what comes next."""

    table: TableInfo
    hands: list[HandView]
    totals: dict[str, int]
    state: TableState
    status: list[str]
    rules: RuleSet = field(repr=False)

    @property
    def next_dealer(self) -> str:
        return self.state.dealer_name

    @property
    def ended(self) -> str | None:
        """ "The series is over: 36 of 36 hands." once the table played its series (said instead of a next
        dealer), else None."""
        series, played = self.table.series, self.table.hands
        return series.ended(played) if series is not None and series.over(played) else None
