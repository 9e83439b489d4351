"""The application layer: tables, hands, undo and edit, each command one transaction over the fold."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from sqlalchemy import Engine, Integer, String, cast, delete, event, func, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import Session

from schreiber.i18n import N_, _
from schreiber.ledger.names import pick, pick_suit, pick_type, resolve_names
from schreiber.ledger.requests import Replayed, replay
from schreiber.ledger.series import HANDS, Series, series_of
from schreiber.rules.names import player_name
from schreiber.rules import registry
from schreiber.errors import NotFound
from schreiber.rules.declared import DECLARED
from schreiber.rules.model import Hand, HandError, Payout, SettingsError
from schreiber.rules.table import (
    BockRound,
    CalledAces,
    DefaultTariff,
    FoldError,
    RefusesTypes,
    RuleSet,
    Suits,
    TeamPlay,
    SeatChange,
    Step,
    TableState,
    change_seats,
    fold,
    play,
    start,
)
from schreiber.store.engine import LedgerError, reason_of, database_error, open_engine
from schreiber.store.models import (
    JOIN,
    LEAVE,
    LIVE,
    RESTORED,
    SUPERSEDED,
    VOID,
    VOIDED,
    HandRecord,
    LedgerState,
    PayoutRecord,
    Player,
    Table,
    Seat,
    EntryRequest,
    SheetEntry,
    TableEvent,
    TableStats,
    StatsBlock,
    PlayerTotals,
    TableTotals,
    TournamentTable,
)

ACTIVE_KEY = "active_runde"
# Bumped by every transaction that writes, so a page or a play loop can tell cheaply whether anything changed.
CHANGES_KEY = "changes"
_WROTE = "wrote"


class Moved(SettingsError):
    """The device expected to record hand `expected`, but the table is at `next_number` now."""

    def __init__(self, expected: int, next_number: int) -> None:
        super().__init__(_("hand {number} was just recorded from another device.").format(number=expected))
        self.expected = expected
        self.next_number = next_number


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
class Edited:
    """What an edit did: the facts changed (name, old, new), and how many later hands now pay differently."""

    view: TableView
    changes: list[tuple[str, Any, Any]]
    later_changed: int
    # `void N --keep-dealers`: the later hands that now carry the dealer they were recorded with (number, name).
    kept_dealers: list[tuple[int, str]] = field(default_factory=list)


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


class Ledger:
    """An open ledger: one engine, and one short transaction per command."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        # `play` keeps each table's fold between lines (`keep_folds = True`): table id -> (marker, view,
        # next hand number, player ids by name or None). A command run once folds from the facts and keeps nothing.
        self.keep_folds = False
        self._folds: dict[int, tuple[int, TableView, int, dict[str, int] | None]] = {}

    @classmethod
    def open(cls, target: str | None = None, **how: Any) -> Ledger:
        """Open the ledger; `how` goes to `open_engine` (migrate, create, on_create)."""
        return cls(open_engine(target, **how))

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """A session whose work is committed at the end, or rolled back on any error."""
        session = Session(self.engine, expire_on_commit=False)
        event.listen(session, "after_flush", _note_flush)
        event.listen(session, "do_orm_execute", _note_statement)
        try:
            with session.begin():
                yield session
                if session.info.get(_WROTE) or session.new or session.dirty or session.deleted:
                    _bump_changes(session)
        except IntegrityError as e:
            raise LedgerError(
                _(
                    "the ledger refused the change ({reason}); another terminal may have written at the same "
                    "time, so try again."
                ).format(reason=reason_of(e))
            ) from None
        except DBAPIError as e:
            raise database_error(e, _("the ledger could not be read or written")) from None
        finally:
            session.close()

    def changes(self) -> int:
        """How many writing transactions the ledger has seen: one small read, for pollers."""
        try:
            with self.engine.connect() as conn:
                return _changes_seen(conn)
        except DBAPIError as e:
            raise database_error(e, "the ledger could not be read") from None

    # -- tables -------------------------------------------------------------------------------

    def new_table(
        self,
        rules_name: str,
        players: Sequence[str],
        *,
        dealer: str | None = None,
        tariff: int | None = None,
        assignments: Sequence[str] = (),
        new_players: Sequence[str] = (),
        teams: Sequence[str] = (),
        name: str | None = None,
        date: dt.date | None = None,
        hands: int | None = None,
    ) -> TableInfo:
        """Seat the players, store the full settings in force and make the new table the active one;
        `hands`: the evening's length (RULES.md §7: the table's own count), kept with its settings."""
        rules = registry.get(rules_name)
        if hands is not None and hands < 1:
            raise SettingsError(_("--hands must be 1 or more."))
        players = [_name(p, "--players") for p in players]
        keys = [p.casefold() for p in players]
        if len(set(keys)) != len(keys):
            raise SettingsError(_("--players: each player can sit at the table only once."))
        if not rules.min_players <= len(players) <= rules.max_players:
            count = (
                _("exactly {count}").format(count=rules.min_players)
                if rules.min_players == rules.max_players
                else f"{rules.min_players}–{rules.max_players}"
            )
            raise SettingsError(
                _("--players: {name} is played by {count} players, not {count2}.").format(
                    name=rules.name, count=count, count2=len(players)
                )
            )
        settings = registry.settings_for(rules, assignments)
        if hands is not None:
            settings[HANDS] = hands
        if tariff is not None and tariff < 0:
            raise SettingsError(_("--tariff must be 0 or more cents per point."))
        if tariff is None:
            tariff = rules.default_tariff if isinstance(rules, DefaultTariff) else None
        first_dealer = 0
        if dealer is not None:
            first_dealer = players.index(pick(dealer, players, "--dealer", N_("a player at this table")))
        uses_teams = isinstance(rules, TeamPlay)
        if teams and not uses_teams:
            raise SettingsError(_("--teams: {name} has no fixed teams; only klassisch has.").format(name=rules.name))
        team_list = None
        if uses_teams:
            team_list = parse_teams(rules, teams or ["+".join(players[0::2]), "+".join(players[1::2])], tuple(players))
        with self.transaction() as s:
            self._check_close_names(s, players, new_players)
            table = Table(
                name=name,
                rules=rules.name,
                settings=jsonable(settings),
                tariff=tariff,
                date=date or dt.date.today(),
                first_dealer=first_dealer,
                teams=[list(t) for t in team_list] if team_list else None,
                closed=False,
            )
            s.add(table)
            for position, player_name in enumerate(players):
                s.add(Seat(table=table, position=position, player=self.player(s, player_name)))
            s.flush()
            self._set_active(s, table.id)
            s.flush()
            return self._info(s, table)

    def tables(self) -> list[TableInfo]:
        with self.transaction() as s:
            rows = list(s.scalars(select(Table).order_by(Table.id)))
            lengths = series_of(s, rows)
            return [self._info(s, r, series=lengths.get(r.id)) for r in rows]

    def table(self, table_id: int | None = None) -> TableView:
        """The table folded through its rule set: every payout, the totals and what comes next."""
        with self.transaction() as s:
            table = self.table_row(s, table_id)
            if not self.keep_folds:
                return self.view(s, table, self.records(s, table))
            return self._kept(s, table)[0]

    def info(self, table_id: int | None = None) -> TableInfo:
        """The table's seats, rule set and settings, without folding its hands."""
        with self.transaction() as s:
            return self._info(s, self.table_row(s, table_id))

    def at_table(self, table_id: int | None = None) -> tuple[TableView, int]:
        """The table as it stands and the number its next hand gets (kept between calls with keep_folds)."""
        with self.transaction() as s:
            table = self.table_row(s, table_id)
            if self.keep_folds:
                return self._kept(s, table)
            return self._as_it_stands(s, table)

    def use(self, table_id: int) -> TableInfo:
        with self.transaction() as s:
            table = self.table_row(s, table_id)
            if table.closed:
                raise SettingsError(
                    _("session {table_id} is closed; open tables are listed by `schreiber session list`.").format(
                        table_id=table_id
                    )
                )
            self._set_active(s, table.id)
            return self._info(s, table)

    def close(self, table_id: int | None = None) -> TableInfo:
        with self.transaction() as s:
            table = self.table_row(s, table_id)
            table.closed = True
            if self._active_id(s) == table.id:
                s.execute(delete(LedgerState).where(LedgerState.key == ACTIVE_KEY))
                s.info[ACTIVE_KEY] = None
            s.flush()
            return self._info(s, table)

    def set_teams(self, teams: Sequence[str], table_id: int | None = None) -> TableInfo:
        """Redraw the teams of a klassisch table: a new Partie starts with the next hand."""
        with self.transaction() as s:
            table = self.table_row(s, table_id, for_update=True)
            rules = registry.get(table.rules)
            if not isinstance(rules, TeamPlay):
                raise SettingsError(
                    _("session teams: {name} has no fixed teams; only klassisch has.").format(name=rules.name)
                )
            table.teams = [list(t) for t in parse_teams(rules, teams, _initial_players(table))]
            s.flush()
            return self._info(s, table)

    def set_length(self, assignments: Sequence[str], table_id: int | None = None) -> TableInfo:
        """`session set hands=N`: the evening's length, lengthened (or shortened to no fewer than the hands played).
        The rule settings stay as the table was started: its hands were scored with them."""
        if not assignments:
            raise SettingsError(_("session set takes hands=N, the number of hands the evening plays."))
        with self.transaction() as s:
            table = self.table_row(s, table_id, for_update=True)
            for assignment in assignments:
                key, sep, text = assignment.partition("=")
                if not sep or key.strip() != HANDS:
                    raise SettingsError(
                        _(
                            "session set: hands=N is what a started table can change, not {assignment}; the other "
                            "settings stay as the table was started, as its hands were scored with them."
                        ).format(assignment=repr(assignment))
                    )
                try:
                    length = int(text.strip())
                except ValueError:
                    length = 0
                if length < 1:
                    raise SettingsError(
                        _("session set hands: use a whole number of hands, 1 or more, not {value}.").format(
                            value=repr(text)
                        )
                    )
                series = series_of(s, [table]).get(table.id)
                if series is not None and series.in_tournament:
                    raise SettingsError(
                        _(
                            "session set hands: session {id} is round {round}, table {table} of a tournament; it plays "
                            "the tournament's series of {hands} hands."
                        ).format(id=table.id, round=series.round, table=series.table, hands=series.of)
                    )
                played = len(self.records(s, table))
                if length < played:
                    raise SettingsError(
                        _(
                            "session set hands: session {id} has played {played} hands already, so it plays {played} "
                            "or more, not {hands}."
                        ).format(id=table.id, played=played, hands=length)
                    )
                # A new dict: the JSON column is stored again only when it is given another object.
                table.settings = {**table.settings, HANDS: length}
            s.flush()
            return self._info(s, table)

    # -- hands --------------------------------------------------------------------------------

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

    def entry_key(self, table_id: int | None = None, new: bool = False) -> tuple[TableInfo, str]:
        """The table's entry key, made (random, 192 bits) when it has none or `new` asks for another;
        a replaced key stops working at once, as every request reads the key anew."""
        import secrets

        with self.transaction() as s:
            table = self.table_row(s, table_id)
            if new or not table.entry_key:
                table.entry_key = secrets.token_urlsafe(24)
            return self._info(s, table), table.entry_key

    def set_aside(self, table_id: int) -> list[int]:
        """Numbers of table `table_id` whose hand is voided and not replaced by a live one: what `restore` brings back."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(HandRecord.number, HandRecord.status).where(HandRecord.table_id == table_id)
            ).all()
        live = {number for number, status in rows if status == LIVE}
        return sorted({number for number, status in rows if status != LIVE and number not in live})

    def entry_keys(self, table_ids: Sequence[int]) -> dict[int, str]:
        """The entry keys of these tables as stored now (a table without one is left out)."""
        try:
            with self.engine.connect() as conn:
                rows = conn.execute(select(Table.id, Table.entry_key).where(Table.id.in_(list(table_ids)))).all()
        except DBAPIError as e:  # busy with another writer: one sentence (the page answers 503)
            raise database_error(e, _("the ledger could not be read")) from None
        return {table: key for table, key in rows if key}

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

    def join(self, name: str, seat: int | None = None, table_id: int | None = None) -> TableView:
        """`name` sits down at the table from the next hand on (at `seat`, 1 = the first; default: after the last)."""
        return self._seat_change(table_id, JOIN, _name(name, "session join"), seat)

    def leave(self, name: str, table_id: int | None = None) -> TableView:
        """`name` leaves the table after the last hand; his points stay in the totals."""
        return self._seat_change(table_id, LEAVE, name, None)

    def _seat_change(self, table_id: int | None, kind: str, name: str, seat: int | None) -> TableView:
        with self.transaction() as s:
            table = self.table_row(s, table_id, for_update=True)
            if table.closed:
                raise self._closed(s, table)
            records = self.records(s, table)
            events = self.events(s, table)
            rules = registry.get(table.rules)
            steps, state = self.fold_hands(rules, table, records, events=events)
            if kind == LEAVE:
                name = pick(name, state.players, "session leave", N_("a player at this table"))
            else:
                # Someone who sat here earlier (or at another table) is the same person, spelled as before.
                known = s.scalar(select(Player).where(Player.name_key == name.casefold()))
                name = known.name if known is not None else name
            after_hand = self.next_number(s, table, records) - 1
            # Checked against the table as it is now: the rule set's player limits, the seat.
            change_seats(
                rules,
                table.settings,
                state,
                SeatChange(after_hand, name if kind == JOIN else None, name if kind == LEAVE else None, seat),
            )
            s.add(
                TableEvent(table_id=table.id, after_hand=after_hand, kind=kind, player=self.player(s, name), seat=seat)
            )
            s.flush()
            events = self.events(s, table)
            return self.view(s, table, records, steps, events)

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

    # -- inside a transaction ------------------------------------------------------------------
    #
    # The ledger's internal API: the methods without an underscore below (table, records, events,
    # player, player_ids, view, fold_hands, payout_rows, next_number) and the functions seat_changes
    # and jsonable are what the other modules of schreiber/ledger/ (reports, transfer, payments,
    # upkeep, tournament, scope, chart) build on. Each works inside a transaction the caller holds
    # (`s`, from `transaction()`), on the stored rows; the commands above are what cli/ and web/ call.
    # Those with an underscore are this class's own.

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

    def _check_close_names(self, s: Session, players: Sequence[str], new_players: Sequence[str]) -> None:
        """Refuse a name that is not a known player but close to one ("Ana" when "Anna" exists),
        unless it was given with --new-player: a typo would split one player's totals in two."""
        import difflib

        fresh = {n.strip().casefold() for n in new_players}
        known = {key: name for key, name in s.execute(select(Player.name_key, Player.name))}
        for typed in players:
            key = typed.casefold()
            if key in known or key in fresh:
                continue
            close = difflib.get_close_matches(key, list(known), n=1, cutoff=0.8)
            if close:
                name = known[close[0]]
                raise SettingsError(
                    _(
                        "--players: {typed} is not a known player; did you mean {name}? (--new-player {typed} if "
                        "{typed} is someone else)"
                    ).format(typed=typed, name=name)
                )

    def player(self, s: Session, name: str) -> Player:
        name = player_name(name, "NAME")  # every way in checked it already; nothing else is stored
        player = s.scalar(select(Player).where(Player.name_key == name.casefold()))
        if player is None:
            player = Player(name=name, name_key=name.casefold())
            s.add(player)
            s.flush()
        return player

    def _paid_prizes(self, s: Session, table: Table, what: str, force: bool | None) -> None:
        """A hand changed at a tournament's table moves its standings: refused once its prizes are paid out,
        unless `force` (RULES.md §9); None: the caller (a page) has no --force to offer."""
        from schreiber.ledger.prizes import guard

        guard(s, what, force=force, table_id=table.id)

    def _closed(self, s: Session, table: Table) -> SettingsError:
        """Why a closed table takes no hand: a tournament table whose paper sheet is in says so
        (a new session would not help there); any other was closed by `session close`."""
        if s.scalar(select(SheetEntry.table_id).where(SheetEntry.table_id == table.id).limit(1)) is not None:
            place = s.scalars(select(TournamentTable).where(TournamentTable.table_id == table.id)).first()
            if place is not None:
                return SettingsError(
                    _(
                        "round {round} table {table} (session {id}) has its paper sheet entered with `tournament result`, so it takes no hands."
                    ).format(round=place.round, table=place.number, id=table.id)
                )
        return SettingsError(
            _("session {id} is closed; start a new one with `schreiber session new`.").format(id=table.id)
        )

    def table_row(self, s: Session, table_id: int | None, for_update: bool = False) -> Table:
        if table_id is None:
            table_id = self._active_id(s)
            if table_id is None:
                raise SettingsError(
                    _(
                        "--session: there is no active session; start one with `schreiber session new` or name one "
                        "with --session ID."
                    )
                )
        query = select(Table).where(Table.id == table_id)
        if for_update:
            # On PostgreSQL this serialises writers of one table, so hand numbers never race.
            query = query.with_for_update()
        table = s.scalar(query)
        if table is None:
            raise NotFound(
                _("--session: there is no session {table_id}; `schreiber session list` shows them.").format(
                    table_id=table_id
                )
            )
        if for_update:
            # Whatever the writer changes, a statistics summary cached for the old revision is now stale.
            table.revision = (table.revision or 0) + 1
        return table

    def records(self, s: Session, table: Table) -> list[HandRecord]:
        return list(
            s.scalars(
                select(HandRecord)
                .where(HandRecord.table_id == table.id, HandRecord.status == LIVE)
                .order_by(HandRecord.number)
            )
        )

    def events(self, s: Session, table: Table) -> list[TableEvent]:
        return list(s.scalars(select(TableEvent).where(TableEvent.table_id == table.id).order_by(TableEvent.id)))

    def next_number(self, s: Session, table: Table, records: list[HandRecord]) -> int:
        """The next hand's number: after the last live hand, and after any join or leave (which are
        tied to the hand they follow, so a hand typed after them is never played before them)."""
        last = records[-1].number if records else 0
        seated = s.scalar(
            select(func.max(TableEvent.after_hand)).where(
                TableEvent.table_id == table.id, TableEvent.kind.in_((JOIN, LEAVE))
            )
        )
        return max(last, seated or 0) + 1

    def _active_id(self, s: Session) -> int | None:
        # Asked by several steps of one command; the answer is kept for the transaction.
        if ACTIVE_KEY not in s.info:
            value = s.scalar(select(LedgerState.value).where(LedgerState.key == ACTIVE_KEY))
            s.info[ACTIVE_KEY] = int(value) if value is not None else None
        return s.info[ACTIVE_KEY]

    def _set_active(self, s: Session, table_id: int) -> None:
        s.info[ACTIVE_KEY] = table_id
        state = s.get(LedgerState, ACTIVE_KEY)
        if state is None:
            s.add(LedgerState(key=ACTIVE_KEY, value=str(table_id)))
        else:
            state.value = str(table_id)

    def _info(
        self,
        s: Session,
        table: Table,
        hands: int | None = None,
        members: tuple[str, ...] | None = None,
        series: Series | None | bool = True,
    ) -> TableInfo:
        """The table as the user sees it; `series`: its series when the caller read it already (True: read it here)."""
        if hands is None:
            hands = s.scalar(select(func.count()).where(HandRecord.table_id == table.id, HandRecord.status == LIVE))
        if series is True:
            series = series_of(s, [table]).get(table.id)
        return TableInfo(
            id=table.id,
            name=table.name,
            rules=table.rules,
            date=table.date,
            players=members if members is not None else _members(table, self.events(s, table)),
            settings=dict(table.settings),
            tariff=table.tariff,
            teams=tuple(tuple(t) for t in table.teams) if table.teams else None,
            closed=table.closed,
            hands=hands or 0,
            active=self._active_id(s) == table.id,
            series=series or None,
        )


def parse_teams(rules: RuleSet, texts: Sequence[str], players: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """`NAME+NAME NAME+NAME` as typed, names forgiving, checked by the rule set that plays in teams."""
    teams = [
        tuple(pick(name, players, "--teams", N_("a player at this table")) for name in text.split("+") if name.strip())
        for text in texts
    ]
    return rules.check_teams(players, teams)  # type: ignore[attr-defined]


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


def _initial_players(table: Table) -> tuple[str, ...]:
    """The players seated when the table was started (joins and leaves are events after that)."""
    return tuple(seat.player.name for seat in table.seats)


def _members(table: Table, events: Sequence[TableEvent]) -> tuple[str, ...]:
    """Everyone who sat at the table at some hand: the first seating, then those who joined."""
    names = list(_initial_players(table))
    for e in events:
        if e.kind == JOIN and e.player is not None and e.player.name not in names:
            names.append(e.player.name)
    return tuple(names)


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


def jsonable(settings: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in settings.items()}


def _note_flush(session: Session, _context: Any) -> None:
    session.info[_WROTE] = True


def _note_statement(state: Any) -> None:
    if state.is_insert or state.is_update or state.is_delete:
        state.session.info[_WROTE] = True


def _changes_seen(reader: Session | Any) -> int:
    """The change counter (see `Ledger.changes`) as a session or a connection sees it."""
    value = reader.scalar(select(LedgerState.value).where(LedgerState.key == CHANGES_KEY))
    return int(value) if value is not None else 0


def _bump_changes(s: Session) -> None:
    # One UPDATE, so two terminals writing at once each add their own 1 (the row lock orders them).
    bumped = s.execute(
        update(LedgerState)
        .where(LedgerState.key == CHANGES_KEY)
        .values(value=cast(cast(LedgerState.value, Integer) + 1, String))
        .execution_options(synchronize_session=False)
    ).rowcount
    if not bumped:
        s.add(LedgerState(key=CHANGES_KEY, value="1"))
        s.flush()


def _name(typed: str, option: str) -> str:
    """A new player's name as it is kept: spaces inside it are kept ("Hans Peter", one space between
    words); what schreiber/rules/names.py refuses, or `=` or `,` (which the options use between names
    and values), is refused."""
    name = player_name(typed, option)
    if "=" in name or "," in name:
        raise SettingsError(
            _("{option}: {name} cannot be a name; a name holds no = and no comma.").format(
                option=option, name=repr(name)
            )
        )
    return name
