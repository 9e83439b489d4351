"""Folds: a table's stored hands folded through its rule set, the view of it, and the payout cache."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from schreiber.i18n import _
from schreiber.ledger.tables.results import HandView, TableView
from schreiber.ledger.tables.tables import _initial_players, _members
from schreiber.ledger.tables.unit import _changes_seen
from schreiber.rules import registry
from schreiber.rules.model import Hand, HandError
from schreiber.rules.table import FoldError, RuleSet, TeamPlay, SeatChange, Step, TableState, change_seats, fold, start
from schreiber.store.models import (
    JOIN,
    LEAVE,
    HandRecord,
    PayoutRecord,
    Table,
    TableEvent,
    TableStats,
    StatsBlock,
    PlayerTotals,
    TableTotals,
)


class Folds:
    """Fold a table's hands, view it, and keep its payout cache (and, in `play`, its fold) in step."""

    def _as_it_stands(self, s: Session, table: Table) -> tuple[TableView, int]:
        """The table folded from its facts, and the number its next hand gets."""
        records = self.records(s, table)
        return self.view(s, table, records), self.next_number(s, table, records)

    def _kept(self, s: Session, table: Table) -> tuple[TableView, int]:
        """The table's view and next hand number: the fold kept from the last line while nobody
        changed the table since, else folded again from the facts (and kept)."""
        # The counter as this transaction sees it (any write, by any terminal, to any table moves it
        # on), read before the facts: a write in between only makes the next line refold.
        marker = _changes_seen(s)
        kept = self._folds.get(table.id)
        if kept is not None and kept[0] == marker:
            return kept[1], kept[2]
        view, number = self._as_it_stands(s, table)
        self._folds[table.id] = (marker, view, number, None)
        return view, number

    def fold_hands(
        self,
        rules: RuleSet,
        table: Table,
        records: list[HandRecord],
        hands: list[Hand] | None = None,
        events: list[TableEvent] | None = None,
        dealers: dict[int, str] | None = None,
        raw: bool = False,
    ) -> tuple[list[Step], TableState]:
        """The table's stored hands (or `hands` in their place) and its joins and leaves, folded in order.

        `dealers`: see `fold`. `raw`: a hand that no longer fits is the FoldError naming it, for the caller to word."""
        if hands is None:
            hands = [Hand.from_facts(r.facts) for r in records]
        try:
            return fold(
                rules,
                table.settings,
                _initial_players(table),
                [(r.number, h) for r, h in zip(records, hands, strict=True)],
                table.first_dealer,
                seat_changes(events or []),
                dealers,
            )
        except FoldError as e:
            if raw:
                raise
            raise HandError(
                _("hand {number} would no longer fit after this change: {e}").format(number=e.number, e=e)
            ) from None

    def view(
        self,
        s: Session,
        table: Table,
        records: list[HandRecord],
        steps: list[Step] | None = None,
        events: list[TableEvent] | None = None,
    ) -> TableView:
        """The table after `records`, folded here unless the caller folded them already (`steps`)."""
        rules = registry.get(table.rules)
        if events is None:
            events = self.events(s, table)
        if steps is None:
            steps, state = self.fold_hands(rules, table, records, events=events)
        else:
            # The steps are folded; only joins and leaves after the last of them are left to apply
            # (the fold applies a change before the first hand numbered above its after_hand).
            state = (
                steps[-1].after if steps else start(rules, table.settings, _initial_players(table), table.first_dealer)
            )
            for change in sorted(seat_changes(events), key=lambda c: c.after_hand):
                if not records or change.after_hand >= records[-1].number:
                    state = change_seats(rules, table.settings, state, change)
        members = _members(table, events)
        totals = {p: 0 for p in members}
        hands = []
        for record, step in zip(records, steps, strict=True):
            for p, pts in step.payout.points.items():
                totals[p] += pts
            hands.append(_hand_view(record.number, step, totals, members))
        if isinstance(rules, TeamPlay) and table.teams:
            # Teams redrawn since the last hand start their Partie now, so the status shows it.
            state = rules.redraw(table.settings, state, table.teams)
        return TableView(
            table=self._info(s, table, len(records), members),
            hands=hands,
            totals=totals,
            state=state,
            status=rules.status(table.settings, state),
            rules=rules,
        )

    def _cache(
        self, s: Session, table: Table, pairs: list[tuple[HandRecord, Step]], ids: dict[str, int] | None = None
    ) -> None:
        s.add_all(self.payout_rows(s, table, pairs, ids))
        s.flush()

    def player_ids(self, s: Session, table: Table) -> dict[str, int]:
        """The player ids of everyone who sat at the table, by name."""
        ids = {seat.player.name: seat.player_id for seat in table.seats}
        for e in self.events(s, table):
            if e.player is not None:
                ids.setdefault(e.player.name, e.player.id)
        return ids

    def payout_rows(
        self, s: Session, table: Table, pairs: list[tuple[HandRecord, Step]], ids: dict[str, int] | None = None
    ) -> list[PayoutRecord]:
        """The cache rows the fold gives for these hands (written by add/edit, compared by `db check`)."""
        if ids is None:
            ids = self.player_ids(s, table)
        rows = []
        for record, step in pairs:
            out = set(step.before.sitting_out)
            for name, points in step.payout.points.items():
                rows.append(
                    PayoutRecord(
                        hand_id=record.id,
                        table_id=table.id,
                        player_id=ids[name],
                        points=points,
                        sat_out=name in out,
                        won=points > 0,
                        solo=step.payout.soloist == name,
                    )
                )
        return rows

    def _rebuild_cache(
        self, s: Session, table: Table, records: list[HandRecord], steps: list[Step] | None = None
    ) -> None:
        """Throw away the table's cached payouts and write them again from the facts (or their fold)."""
        if steps is None:
            rules = registry.get(table.rules)
            steps, __ = self.fold_hands(rules, table, records, events=self.events(s, table))
        s.execute(delete(PayoutRecord).where(PayoutRecord.table_id == table.id))
        self._cache(s, table, list(zip(records, steps, strict=True)))

    def recompute(self) -> tuple[int, int]:
        """Rebuild the payout cache of every table from the facts and drop the kept statistics and report totals; returns
        (hands, hands that had differed)."""
        hands = differed = 0
        with self.transaction() as s:
            for table in s.scalars(select(Table).order_by(Table.id)):
                records = self.records(s, table)
                old = _cached(s, [r.id for r in records])
                self._rebuild_cache(s, table, records)
                new = _cached(s, [r.id for r in records])
                hands += len(records)
                differed += sum(1 for r in records if old.get(r.id) != new.get(r.id))
            # The statistics summaries are made again from the rebuilt payouts by the next `stats`.
            s.execute(delete(TableStats))
            s.execute(delete(StatsBlock))
            s.execute(delete(PlayerTotals))
            s.execute(delete(TableTotals))
        return hands, differed


def _hand_view(number: int, step: Step, totals: dict[str, int], members: tuple[str, ...] = ()) -> HandView:
    before = step.before
    payout = step.payout
    absent = tuple(p for p in members if p not in payout.points)
    if absent:
        # Every player of the table has a payout (0 when not seated), in the table's order.
        payout = replace(payout, points={p: payout.points.get(p, 0) for p in members})
    made = step.after.bock.rounds[-1] if step.bock_causes and step.after.bock.rounds else None
    return HandView(number, step.hand, payout, before.dealer_name, before.sitting_out, dict(totals), absent, made)


def _extended(view: TableView, number: int, step: Step) -> TableView:
    """The view after one more hand, without folding the earlier ones again."""
    totals = {p: view.totals[p] + step.payout.points.get(p, 0) for p in view.totals}
    return replace(
        view,
        table=replace(view.table, hands=view.table.hands + 1),
        hands=[*view.hands, _hand_view(number, step, totals, view.table.players)],
        totals=totals,
        state=step.after,
        status=view.rules.status(view.table.settings, step.after),
    )


def seat_changes(events: Sequence[TableEvent]) -> list[SeatChange]:
    return [
        SeatChange(
            e.after_hand,
            join=e.player.name if e.kind == JOIN else None,
            leave=e.player.name if e.kind == LEAVE else None,
            seat=e.seat,
        )
        for e in events
        if e.kind in (JOIN, LEAVE) and e.player is not None
    ]


def _cached(s: Session, hand_ids: list[int]) -> dict[int, dict[int, int]]:
    out: dict[int, dict[int, int]] = {}
    if not hand_ids:
        return out
    for hand_id, player_id, points in s.execute(
        select(PayoutRecord.hand_id, PayoutRecord.player_id, PayoutRecord.points).where(
            PayoutRecord.hand_id.in_(hand_ids)
        )
    ):
        out.setdefault(hand_id, {})[player_id] = points
    return out
