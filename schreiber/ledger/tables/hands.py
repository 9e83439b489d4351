"""Hands: record, edit, void, restore and undo one, each one transaction that re-scores what follows."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from schreiber.i18n import _
from schreiber.ledger.names import pick_suit, pick_type, resolve_names
from schreiber.ledger.requests import Replayed, replay
from schreiber.ledger.series import series_of
from schreiber.ledger.tables.folds import _extended
from schreiber.ledger.tables.results import HandView, TableInfo, TableView
from schreiber.ledger.tables.tables import _members
from schreiber.rules import registry
from schreiber.rules.declared import DECLARED
from schreiber.rules.model import Hand, HandError, SettingsError
from schreiber.rules.table import CalledAces, FoldError, RefusesTypes, RuleSet, Suits, TeamPlay, Step, play
from schreiber.store.models import (
    LIVE,
    RESTORED,
    SUPERSEDED,
    VOID,
    VOIDED,
    HandRecord,
    PayoutRecord,
    Table,
    EntryRequest,
    TableEvent,
)


class Moved(SettingsError):
    """The device expected to record hand `expected`, but the table is at `next_number` now."""

    def __init__(self, expected: int, next_number: int) -> None:
        super().__init__(_("hand {number} was just recorded from another device.").format(number=expected))
        self.expected = expected
        self.next_number = next_number


@dataclass(frozen=True)
class Edited:
    """What an edit did: the facts changed (name, old, new), and how many later hands now pay differently."""

    view: TableView
    changes: list[tuple[str, Any, Any]]
    later_changed: int
    # `void N --keep-dealers`: the later hands that now carry the dealer they were recorded with (number, name).
    kept_dealers: list[tuple[int, str]] = field(default_factory=list)


class Hands:
    """Record and correct hands; the old versions are kept, every later hand re-scored."""

    def add(
        self,
        hand: Hand,
        table_id: int | None = None,
        *,
        expect_number: int | None = None,
        request_key: str | None = None,
        request_hash: str | None = None,
        force: bool | None = None,
    ) -> TableView:
        """Check, score and record one hand in one transaction; bad input changes nothing.

        From another device (the entry page): `expect_number`, the number the device showed, is
        refused with `Moved` when the table has moved past it meanwhile; a `request_key` seen
        before records nothing again (schreiber/ledger/requests.py: `Replayed` with the number it
        recorded then, while that hand stands; `request_hash` is the body's, kept with the key).
        `force` (the command line's --force; None where there is none): see `_paid_prizes`."""
        with self.transaction() as s:
            table = self.table_row(s, table_id, for_update=True)
            if request_key is not None:
                # Before the closed check: a phone resending a hand it did record is told so.
                seen = s.get(EntryRequest, (table.id, request_key))
                if seen is not None:
                    try:
                        replay(s, seen, request_hash)
                    except Replayed as again:
                        # The table as this transaction saw it: the hand cannot be undone in between.
                        again.view = self._as_it_stands(s, table)[0]
                        raise
            if table.closed:
                raise self._closed(s, table)
            ids = None
            if self.keep_folds:
                view, number = self._kept(s, table)
                marker, ids = self._folds[table.id][0], self._folds[table.id][3]
            else:
                view, number = self._as_it_stands(s, table)
            # Before the prizes and the device's expected number: --force lets no hand past the series (it would
            # belong to another table or to nobody), and a hand sent late is told that rather than offered a number.
            series = view.table.series
            if series is not None and series.over(view.table.hands):
                raise series.refusal(table.id)
            if expect_number is not None and number > expect_number:
                raise Moved(expect_number, number)
            self._paid_prizes(s, table, "add", force)
            hand = self._prepare(view.rules, table, hand, view.state.players)
            # The settings of the view: one object while the fold is kept, so the rule set reuses its
            # per-settings tables instead of making them again for every hand.
            step = play(view.rules, view.table.settings, view.state, hand)
            record = HandRecord(
                table_id=table.id, number=number, type=hand.type, facts=hand.to_facts(), note=hand.note, status=LIVE
            )
            s.add(record)
            s.flush()
            if request_key is not None:
                s.add(
                    EntryRequest(
                        table_id=table.id,
                        request_key=request_key,
                        number=number,
                        hand_id=record.id,
                        body_hash=request_hash,
                    )
                )
                s.flush()
            if self.keep_folds and ids is None:
                ids = self.player_ids(s, table)  # who sits at the table changes only with a marker
            self._cache(s, table, [(record, step)], ids)
            view = _extended(view, number, step)
            # The table is locked (FOR UPDATE) or the ledger is (SQLite): nobody else wrote to this table
            # since the marker was read, and this transaction moves the counter on by one as it ends. Had
            # another table been written meanwhile, the counter is further on and the next line refolds.
            kept = (table.id, (marker + 1, view, number + 1, ids)) if self.keep_folds else None
        if kept is not None:
            # Only once committed does the fold extended by this hand become the one to build on.
            self._folds[kept[0]] = kept[1]
        return view

    def edit(
        self, number: int, hand: Hand, table_id: int | None = None, partial: bool = False, force: bool | None = None
    ) -> Edited:
        """Replace hand `number` (the old record is kept, superseded) and re-score every later hand.

        `partial` (`edit N --augen 85`, no TYPE): only the facts given in `hand` are laid over the
        stored hand; the rest is kept.
        """
        only = None
        if partial:
            table = (d.name for d in DECLARED if d.every)  # note, dealer, sits out: not the rule set's
            only = hand.given() | {f for f in table if getattr(hand, f) not in (None, ())}
            if not only:
                raise SettingsError(
                    _(
                        "edit: name what to change in hand {number} (e.g. --augen 85), or give TYPE and the whole hand."
                    ).format(number=number)
                )
        with self.transaction() as s:
            table = self.table_row(s, table_id, for_update=True)
            records = self.records(s, table)
            old = _find(records, number, table.id, "edit")
            self._paid_prizes(s, table, "edit", force)
            rules = registry.get(table.rules)
            stored = Hand.from_facts(old.facts)
            if only is not None:
                hand = replace(stored, **{name: getattr(hand, name) for name in only})
            events = self.events(s, table)
            hand = self._prepare(rules, table, hand, _members(table, events), teams_of=stored.teams)
            before, __ = self.fold_hands(rules, table, records, events=events)
            hands = [hand if r is old else Hand.from_facts(r.facts) for r in records]
            steps, __ = self.fold_hands(rules, table, records, hands, events)
            changes = _fact_changes(stored, hand)
            if not changes:
                # The same facts again: nothing to record, nothing re-scored.
                return Edited(self.view(s, table, records, before, events), [], 0)
            old.status = SUPERSEDED
            s.flush()
            new = HandRecord(
                table_id=table.id,
                number=number,
                type=hand.type,
                facts=hand.to_facts(),
                note=hand.note,
                status=LIVE,
                replaces_id=old.id,
            )
            s.add(new)
            s.flush()
            records = [new if r is old else r for r in records]
            self._rebuild_cache(s, table, records, steps)
            later = _later_changed(records, number, before, steps)
            return Edited(self.view(s, table, records, steps, events), changes, later)

    def void(
        self, number: int, table_id: int | None = None, keep_dealers: bool = False, force: bool | None = None
    ) -> tuple[HandView, Edited]:
        """Void hand `number` wherever it is (kept, marked void); every later hand is re-scored.

        `keep_dealers`: each later hand keeps the dealer it was recorded with (and so who sat out):
        where the rotation without hand `number` gives another, the hand is replaced by the same hand
        with that dealer as its `--dealer` override (the old version kept, superseded).
        """
        with self.transaction() as s:
            table = self.table_row(s, table_id, for_update=True)
            records = self.records(s, table)
            target = _find(records, number, table.id, "void")
            self._paid_prizes(s, table, "void", force)
            rules = registry.get(table.rules)
            events = self.events(s, table)
            before, __ = self.fold_hands(rules, table, records, events=events)
            voided = self.view(s, table, records, before, events).hands[records.index(target)]
            rest = [r for r in records if r is not target]
            dealers = None
            if keep_dealers:
                dealers = {
                    r.number: step.before.dealer_name
                    for r, step in zip(records, before, strict=True)
                    if r.number > number
                }
            try:
                steps, __ = self.fold_hands(rules, table, rest, events=events, dealers=dealers, raw=True)
            except FoldError as e:
                if keep_dealers:
                    raise HandError(
                        _("hand {number} would no longer fit after this change: {e}").format(number=e.number, e=e)
                    ) from None
                raise HandError(
                    _(
                        "void {number}: hand {later} would no longer fit without it ({reason}); keep every later "
                        "hand's dealer as recorded with `void {number} --keep-dealers`, or name hand {later}'s dealer "
                        "first with `edit {later} --dealer NAME`."
                    ).format(number=number, later=e.number, reason=str(e).rstrip("."))
                ) from None
            target.status = VOID
            s.add(TableEvent(table_id=table.id, after_hand=number, kind=VOIDED, hand_number=number))
            s.flush()
            pinned: list[tuple[int, str]] = []
            for i, (record, step) in enumerate(zip(rest, steps, strict=True)):
                if step.hand.dealer is None or record.facts.get("dealer") == step.hand.dealer:
                    continue
                # The dealer override is a fact of the hand: the hand is replaced by itself with it.
                record.status = SUPERSEDED
                s.flush()
                new = HandRecord(
                    table_id=table.id,
                    number=record.number,
                    type=record.type,
                    facts=step.hand.to_facts(),
                    note=record.note,
                    status=LIVE,
                    replaces_id=record.id,
                )
                s.add(new)
                s.flush()
                rest[i] = new
                pinned.append((record.number, step.hand.dealer))
            self._rebuild_cache(s, table, rest, steps)
            kept = [step for r, step in zip(records, before, strict=True) if r is not target]
            later = _later_changed(rest, number, kept, steps)
            view = self.view(s, table, rest, steps, self.events(s, table))
            return voided, Edited(view, [], later, pinned)

    def restore(self, number: int, table_id: int | None = None, force: bool | None = None) -> tuple[HandView, Edited]:
        """Bring back the newest version of hand `number` that is not in force (voided or superseded).

        The version in force, if there is one, is set aside as superseded, so a second restore
        brings it back again. Every later hand is re-scored.
        """
        with self.transaction() as s:
            table = self.table_row(s, table_id, for_update=True)
            records = self.records(s, table)
            versions = s.scalars(
                select(HandRecord)
                .where(HandRecord.table_id == table.id, HandRecord.number == number, HandRecord.status != LIVE)
                .order_by(HandRecord.id.desc())
            ).all()
            if not versions:
                raise SettingsError(
                    _(
                        "restore: session {id} has no voided or replaced version of hand {number}; `schreiber list "
                        "--history` shows them."
                    ).format(id=table.id, number=number)
                )
            back = versions[0]
            if not any(r.number == number for r in records):  # one more live hand: it must fit in the series
                series = series_of(s, [table]).get(table.id)
                if series is not None and series.over(len(records)):
                    raise series.refusal(table.id)
            self._paid_prizes(s, table, "restore", force)
            rules = registry.get(table.rules)
            events = self.events(s, table)
            before, __ = self.fold_hands(rules, table, records, events=events)
            current = next((r for r in records if r.number == number), None)
            after = sorted([r for r in records if r is not current] + [back], key=lambda r: r.number)
            steps, __ = self.fold_hands(rules, table, after, events=events)
            if current is not None:
                current.status = SUPERSEDED
                s.flush()
            back.status = LIVE
            s.add(TableEvent(table_id=table.id, after_hand=number, kind=RESTORED, hand_number=number))
            s.flush()
            self._rebuild_cache(s, table, after, steps)
            old_by_number = {r.number: step for r, step in zip(records, before, strict=True)}
            later = sum(
                1
                for r, step in zip(after, steps, strict=True)
                if r.number > number
                and (r.number not in old_by_number or old_by_number[r.number].payout.points != step.payout.points)
            )
            view = self.view(s, table, after, steps, self.events(s, table))
            restored = view.hands[after.index(back)]
            return restored, Edited(view, [], later)

    def undo(self, table_id: int | None = None, force: bool | None = None) -> tuple[HandView, TableView]:
        """Void the last live hand (kept, marked void); returns it and the table without it."""
        with self.transaction() as s:
            table = self.table_row(s, table_id, for_update=True)
            records = self.records(s, table)
            if not records:
                raise SettingsError(_("undo: session {id} has no hand to undo.").format(id=table.id))
            self._paid_prizes(s, table, "undo", force)
            rules = registry.get(table.rules)
            events = self.events(s, table)
            steps, __ = self.fold_hands(rules, table, records, events=events)
            undone = self.view(s, table, records, steps, events).hands[-1]
            last = records[-1]
            last.status = VOID
            s.add(TableEvent(table_id=table.id, after_hand=last.number, kind=VOIDED, hand_number=last.number))
            s.execute(delete(PayoutRecord).where(PayoutRecord.hand_id == last.id))
            s.flush()
            # The table without its last hand is the same fold one step shorter.
            return undone, self.view(s, table, records[:-1], steps[:-1], events)

    def history(
        self, table_id: int | None = None
    ) -> tuple[TableInfo, list[tuple[int, str, Hand, Any]], list[tuple[int, str, str | None, int | None, Any]]]:
        """Every record of the table in the order it was typed, live, void and superseded alike,
        and the table's events (join, leave, void, restore) as (after hand, kind, player, seat or hand, when)."""
        with self.transaction() as s:
            table = self.table_row(s, table_id)
            records = s.scalars(select(HandRecord).where(HandRecord.table_id == table.id).order_by(HandRecord.id)).all()
            rows = [(r.number, r.status, Hand.from_facts(r.facts), r.created_at) for r in records]
            events = [
                (e.after_hand, e.kind, e.player.name if e.player else None, e.seat or e.hand_number, e.created_at)
                for e in self.events(s, table)
            ]
            return self._info(s, table), rows, events

    def show(self, number: int, table_id: int | None = None) -> tuple[HandView, TableView]:
        view = self.table(table_id)
        for h in view.hands:
            if h.number == number:
                return h, view
        raise SettingsError(
            _("show: session {id} has no hand {number}; it has hands 1–{last}.").format(
                id=view.table.id, number=number, last=len(view.hands)
            )
            if view.hands
            else _("show: session {id} has no hands yet.").format(id=view.table.id)
        )

    def set_aside(self, table_id: int) -> list[int]:
        """Numbers of table `table_id` whose hand is voided and not replaced by a live one: what `restore` brings back."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(HandRecord.number, HandRecord.status).where(HandRecord.table_id == table_id)
            ).all()
        live = {number for number, status in rows if status == LIVE}
        return sorted({number for number, status in rows if status != LIVE and number not in live})

    def _prepare(
        self,
        rules: RuleSet,
        table: Table,
        hand: Hand,
        players: tuple[str, ...],
        teams_of: tuple[tuple[str, ...], ...] | None = None,
    ) -> Hand:
        """Spell names and the type as the table does, and stamp the teams in force onto a team game."""
        refused = rules.refusal(hand.type.strip().lower()) if isinstance(rules, RefusesTypes) else None
        if refused is not None:
            raise HandError(refused)
        hand = replace(hand, type=pick_type(hand.type, rules))
        suits = rules.suits if isinstance(rules, Suits) else ()
        if hand.farbe is not None or hand.sau is not None:  # a unique start of a suit: `ei` → eichel
            sauen = rules.sauen if isinstance(rules, CalledAces) else suits
            hand = replace(hand, farbe=pick_suit(hand.farbe, suits), sau=pick_suit(hand.sau, sauen))
        hand = resolve_names(hand, players)
        if isinstance(rules, TeamPlay):
            teams = teams_of or tuple(tuple(t) for t in table.teams or ())
            hand = replace(hand, teams=teams or None)
        return hand

    def _paid_prizes(self, s: Session, table: Table, what: str, force: bool | None) -> None:
        """A hand changed at a tournament's table moves its standings: refused once its prizes are paid out,
        unless `force` (RULES.md §9); None: the caller (a page) has no --force to offer."""
        from schreiber.ledger.prizes import guard

        guard(s, what, force=force, table_id=table.id)


def _fact_changes(old: Hand, new: Hand) -> list[tuple[str, Any, Any]]:
    """The facts that differ between two versions of a hand, as (fact, old value, new value)."""
    a, b = old.to_facts(), new.to_facts()
    return [(k, a.get(k), b.get(k)) for k in dict.fromkeys([*a, *b]) if a.get(k) != b.get(k)]


def _later_changed(records: list[HandRecord], number: int, before: list[Step], after: list[Step]) -> int:
    """How many hands after `number` pay differently now; `before` and `after` fold the same `records`, aligned."""
    return sum(
        1
        for record, old, new in zip(records, before, after, strict=True)
        if record.number > number and old.payout.points != new.payout.points
    )


def _find(records: list[HandRecord], number: int, table_id: int, command: str = "edit") -> HandRecord:
    for record in records:
        if record.number == number:
            return record
    numbers = ", ".join(str(r.number) for r in records)
    raise SettingsError(
        _("{command}: session {id} has no hand {number} in force; its hands are {numbers}.").format(
            command=command, id=table_id, number=number, numbers=numbers
        )
        if records
        else _("{command}: session {id} has no hands yet.").format(command=command, id=table_id)
    )
