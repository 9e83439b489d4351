"""The application layer: tables, hands, undo and edit, each command one transaction over the fold."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from sqlalchemy import Engine, delete, func, select
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import Session

from schreiber.ledger.names import pick, resolve_names
from schreiber.rules import registry
from schreiber.rules.model import Hand, HandError, Payout, SettingsError
from schreiber.rules.table import RuleSet, Step, TableState, play, start
from schreiber.store.engine import LedgerError, _reason, database_error, open_engine
from schreiber.store.models import LIVE, SUPERSEDED, VOID, HandRecord, LedgerState, PayoutRecord, Player, Runde, Seat

ACTIVE_KEY = "active_runde"


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


@dataclass(frozen=True)
class HandView:
    """One live hand with its payout, who dealt, and the running totals after it."""

    number: int
    hand: Hand
    payout: Payout
    dealer: str
    sitting_out: tuple[str, ...]
    totals: dict[str, int]


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


class Ledger:
    """An open ledger: one engine, and one short transaction per command."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @classmethod
    def open(cls, target: str | None = None, **how: Any) -> Ledger:
        """Open the ledger; `how` goes to `open_engine` (migrate, create, on_create)."""
        return cls(open_engine(target, **how))

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """A session whose work is committed at the end, or rolled back on any error."""
        session = Session(self.engine, expire_on_commit=False)
        try:
            with session.begin():
                yield session
        except IntegrityError as e:
            raise LedgerError(
                f"the ledger refused the change ({_reason(e)}); another terminal may have written at the same time, "
                "so try again."
            ) from None
        except DBAPIError as e:
            raise database_error(e, "the ledger could not be read or written") from None
        finally:
            session.close()

    # -- tables -------------------------------------------------------------------------------

    def new_table(
        self,
        rules_name: str,
        players: Sequence[str],
        *,
        dealer: str | None = None,
        tariff: int | None = None,
        assignments: Sequence[str] = (),
        teams: Sequence[str] = (),
        name: str | None = None,
        date: dt.date | None = None,
    ) -> TableInfo:
        """Seat the players, store the full settings in force and make the new table the active one."""
        rules = registry.get(rules_name)
        players = [p.strip() for p in players]
        if any(not p for p in players):
            raise SettingsError("--players: a name cannot be empty.")
        keys = [p.casefold() for p in players]
        if len(set(keys)) != len(keys):
            raise SettingsError("--players: each player can sit at the table only once.")
        if not rules.min_players <= len(players) <= rules.max_players:
            count = (
                f"exactly {rules.min_players}"
                if rules.min_players == rules.max_players
                else f"{rules.min_players}–{rules.max_players}"
            )
            raise SettingsError(f"--players: {rules.name} is played by {count} players, not {len(players)}.")
        settings = registry.settings_for(rules, assignments)
        if tariff is not None and tariff < 0:
            raise SettingsError("--tariff must be 0 or more cents per point.")
        if tariff is None:
            tariff = getattr(rules, "default_tariff", None)
        first_dealer = 0
        if dealer is not None:
            first_dealer = players.index(pick(dealer, players, "--dealer", "a player at this table"))
        uses_teams = getattr(rules, "uses_teams", False)
        if teams and not uses_teams:
            raise SettingsError(f"--teams: {rules.name} has no fixed teams; only klassisch has.")
        team_list = None
        if uses_teams:
            team_list = parse_teams(rules, teams or ["+".join(players[0::2]), "+".join(players[1::2])], tuple(players))
        with self.transaction() as s:
            runde = Runde(
                name=name,
                rules=rules.name,
                settings=_jsonable(settings),
                tariff=tariff,
                date=date or dt.date.today(),
                first_dealer=first_dealer,
                teams=[list(t) for t in team_list] if team_list else None,
                closed=False,
            )
            s.add(runde)
            for position, player_name in enumerate(players):
                s.add(Seat(runde=runde, position=position, player=self._player(s, player_name)))
            s.flush()
            self._set_active(s, runde.id)
            s.flush()
            return self._info(s, runde)

    def tables(self) -> list[TableInfo]:
        with self.transaction() as s:
            return [self._info(s, r) for r in s.scalars(select(Runde).order_by(Runde.id))]

    def table(self, table_id: int | None = None) -> TableView:
        """The table folded through its rule set: every payout, the totals and what comes next."""
        with self.transaction() as s:
            runde = self._runde(s, table_id)
            return self._view(s, runde, self._records(s, runde))

    def use(self, table_id: int) -> TableInfo:
        with self.transaction() as s:
            runde = self._runde(s, table_id)
            if runde.closed:
                raise SettingsError(f"session {table_id} is closed; open tables are listed by `schreiber session list`.")
            self._set_active(s, runde.id)
            return self._info(s, runde)

    def close(self, table_id: int | None = None) -> TableInfo:
        with self.transaction() as s:
            runde = self._runde(s, table_id)
            runde.closed = True
            if self._active_id(s) == runde.id:
                s.execute(delete(LedgerState).where(LedgerState.key == ACTIVE_KEY))
                s.info[ACTIVE_KEY] = None
            s.flush()
            return self._info(s, runde)

    def set_teams(self, teams: Sequence[str], table_id: int | None = None) -> TableInfo:
        """Redraw the teams of a klassisch table: a new Partie starts with the next hand."""
        with self.transaction() as s:
            runde = self._runde(s, table_id, for_update=True)
            rules = registry.get(runde.rules)
            if not getattr(rules, "uses_teams", False):
                raise SettingsError(f"session teams: {rules.name} has no fixed teams; only klassisch has.")
            runde.teams = [list(t) for t in parse_teams(rules, teams, _players(runde))]
            s.flush()
            return self._info(s, runde)

    # -- hands --------------------------------------------------------------------------------

    def add(self, hand: Hand, table_id: int | None = None) -> TableView:
        """Check, score and record one hand in one transaction; bad input changes nothing."""
        with self.transaction() as s:
            runde = self._runde(s, table_id, for_update=True)
            if runde.closed:
                raise SettingsError(f"session {runde.id} is closed; start a new one with `schreiber session new`.")
            records = self._records(s, runde)
            view = self._view(s, runde, records)
            hand = self._prepare(view.rules, runde, hand, view.table.players)
            step = play(view.rules, runde.settings, view.state, hand)
            number = (records[-1].number if records else 0) + 1
            record = HandRecord(
                runde_id=runde.id, number=number, type=hand.type, facts=hand.to_facts(), note=hand.note, status=LIVE
            )
            s.add(record)
            s.flush()
            self._cache(s, runde, [(record, step)])
            return _extended(view, number, step)

    def edit(self, number: int, hand: Hand, table_id: int | None = None) -> TableView:
        """Replace hand `number` (the old record is kept, superseded) and re-score every later hand."""
        with self.transaction() as s:
            runde = self._runde(s, table_id, for_update=True)
            records = self._records(s, runde)
            old = _find(records, number, runde.id)
            rules = registry.get(runde.rules)
            hand = self._prepare(rules, runde, hand, _players(runde), teams_of=Hand.from_facts(old.facts).teams)
            hands = [hand if r is old else Hand.from_facts(r.facts) for r in records]
            steps = self._replay_checked(rules, runde, hands, records)
            old.status = SUPERSEDED
            s.flush()
            new = HandRecord(
                runde_id=runde.id,
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
            self._rebuild_cache(s, runde, records, steps)
            return self._view(s, runde, records, steps)

    def undo(self, table_id: int | None = None) -> tuple[HandView, TableView]:
        """Void the last live hand (kept, marked void); returns it and the table without it."""
        with self.transaction() as s:
            runde = self._runde(s, table_id, for_update=True)
            records = self._records(s, runde)
            if not records:
                raise SettingsError(f"undo: session {runde.id} has no hand to undo.")
            rules = registry.get(runde.rules)
            steps = self._fold(rules, runde, records)
            undone = self._view(s, runde, records, steps).hands[-1]
            last = records[-1]
            last.status = VOID
            s.execute(delete(PayoutRecord).where(PayoutRecord.hand_id == last.id))
            s.flush()
            # The table without its last hand is the same fold one step shorter.
            return undone, self._view(s, runde, records[:-1], steps[:-1])

    def history(self, table_id: int | None = None) -> tuple[TableInfo, list[tuple[int, str, Hand, Any]]]:
        """Every record of the table in the order it was typed, live, void and superseded alike."""
        with self.transaction() as s:
            runde = self._runde(s, table_id)
            records = s.scalars(
                select(HandRecord).where(HandRecord.runde_id == runde.id).order_by(HandRecord.id)
            ).all()
            rows = [(r.number, r.status, Hand.from_facts(r.facts), r.created_at) for r in records]
            return self._info(s, runde), rows

    def show(self, number: int, table_id: int | None = None) -> tuple[HandView, TableView]:
        view = self.table(table_id)
        for h in view.hands:
            if h.number == number:
                return h, view
        raise SettingsError(
            f"show: session {view.table.id} has no hand {number}; it has hands 1–{len(view.hands)}."
            if view.hands
            else f"show: session {view.table.id} has no hands yet."
        )

    def recompute(self) -> tuple[int, int]:
        """Rebuild the payout cache of every table from the facts; returns (hands, hands that had differed)."""
        hands = differed = 0
        with self.transaction() as s:
            for runde in s.scalars(select(Runde).order_by(Runde.id)):
                records = self._records(s, runde)
                old = _cached(s, [r.id for r in records])
                self._rebuild_cache(s, runde, records)
                new = _cached(s, [r.id for r in records])
                hands += len(records)
                differed += sum(1 for r in records if old.get(r.id) != new.get(r.id))
        return hands, differed

    # -- inside a transaction ------------------------------------------------------------------

    def _prepare(
        self,
        rules: RuleSet,
        runde: Runde,
        hand: Hand,
        players: tuple[str, ...],
        teams_of: tuple[tuple[str, ...], ...] | None = None,
    ) -> Hand:
        """Spell names and the type as the table does, and stamp the teams in force onto a team game."""
        hand = replace(hand, type=pick(hand.type, rules.types, "TYPE", f"a hand type of {rules.name}"))
        hand = resolve_names(hand, players)
        if getattr(rules, "uses_teams", False):
            teams = teams_of or tuple(tuple(t) for t in runde.teams or ())
            hand = replace(hand, teams=teams or None)
        return hand

    def _fold(self, rules: RuleSet, runde: Runde, records: list[HandRecord]) -> list[Step]:
        """The table's stored hands folded through its rule set."""
        return self._replay_checked(rules, runde, [Hand.from_facts(r.facts) for r in records], records)

    def _replay_checked(
        self, rules: RuleSet, runde: Runde, hands: list[Hand], records: list[HandRecord]
    ) -> list[Step]:
        state = start(rules, runde.settings, _players(runde), runde.first_dealer)
        steps = []
        for record, hand in zip(records, hands, strict=True):
            try:
                step = play(rules, runde.settings, state, hand)
            except HandError as e:
                raise HandError(f"hand {record.number} would no longer fit after this change: {e}") from None
            steps.append(step)
            state = step.after
        return steps

    def _view(
        self, s: Session, runde: Runde, records: list[HandRecord], steps: list[Step] | None = None
    ) -> TableView:
        """The table after `records`, folded here unless the caller folded them already (`steps`)."""
        rules = registry.get(runde.rules)
        if steps is None:
            steps = self._fold(rules, runde, records)
        state = steps[-1].after if steps else start(rules, runde.settings, _players(runde), runde.first_dealer)
        totals = {p: 0 for p in state.players}
        hands = []
        for record, step in zip(records, steps, strict=True):
            for p, pts in step.payout.points.items():
                totals[p] += pts
            hands.append(_hand_view(record.number, step, totals))
        if getattr(rules, "uses_teams", False) and runde.teams:
            # Teams redrawn since the last hand start their Partie now, so the status shows it.
            state = rules.redraw(runde.settings, state, runde.teams)  # type: ignore[attr-defined]
        return TableView(
            table=self._info(s, runde, len(records)),
            hands=hands,
            totals=totals,
            state=state,
            status=rules.status(runde.settings, state),
            rules=rules,
        )

    def _cache(self, s: Session, runde: Runde, pairs: list[tuple[HandRecord, Step]]) -> None:
        s.add_all(self._payout_rows(runde, pairs))
        s.flush()

    def _payout_rows(self, runde: Runde, pairs: list[tuple[HandRecord, Step]]) -> list[PayoutRecord]:
        """The cache rows the fold gives for these hands (written by add/edit, compared by `db check`)."""
        ids = {seat.player.name: seat.player_id for seat in runde.seats}
        rows = []
        for record, step in pairs:
            out = set(step.before.sitting_out)
            for name, points in step.payout.points.items():
                rows.append(
                    PayoutRecord(
                        hand_id=record.id,
                        runde_id=runde.id,
                        player_id=ids[name],
                        points=points,
                        sat_out=name in out,
                        won=points > 0,
                        solo=step.payout.soloist == name,
                    )
                )
        return rows

    def _rebuild_cache(
        self, s: Session, runde: Runde, records: list[HandRecord], steps: list[Step] | None = None
    ) -> None:
        """Throw away the table's cached payouts and write them again from the facts (or their fold)."""
        if steps is None:
            rules = registry.get(runde.rules)
            steps = self._fold(rules, runde, records)
        s.execute(delete(PayoutRecord).where(PayoutRecord.runde_id == runde.id))
        self._cache(s, runde, list(zip(records, steps, strict=True)))

    def _player(self, s: Session, name: str) -> Player:
        player = s.scalar(select(Player).where(Player.name_key == name.casefold()))
        if player is None:
            player = Player(name=name, name_key=name.casefold())
            s.add(player)
            s.flush()
        return player

    def _runde(self, s: Session, table_id: int | None, for_update: bool = False) -> Runde:
        if table_id is None:
            table_id = self._active_id(s)
            if table_id is None:
                raise SettingsError(
                    "--session: there is no active session; start one with `schreiber session new` "
                    "or name one with --session ID."
                )
        query = select(Runde).where(Runde.id == table_id)
        if for_update:
            # On PostgreSQL this serialises writers of one table, so hand numbers never race.
            query = query.with_for_update()
        runde = s.scalar(query)
        if runde is None:
            raise SettingsError(f"--session: there is no session {table_id}; `schreiber session list` shows them.")
        return runde

    def _records(self, s: Session, runde: Runde) -> list[HandRecord]:
        return list(
            s.scalars(
                select(HandRecord)
                .where(HandRecord.runde_id == runde.id, HandRecord.status == LIVE)
                .order_by(HandRecord.number)
            )
        )

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

    def _info(self, s: Session, runde: Runde, hands: int | None = None) -> TableInfo:
        if hands is None:
            hands = s.scalar(
                select(func.count()).where(HandRecord.runde_id == runde.id, HandRecord.status == LIVE)
            )
        return TableInfo(
            id=runde.id,
            name=runde.name,
            rules=runde.rules,
            date=runde.date,
            players=_players(runde),
            settings=dict(runde.settings),
            tariff=runde.tariff,
            teams=tuple(tuple(t) for t in runde.teams) if runde.teams else None,
            closed=runde.closed,
            hands=hands or 0,
            active=self._active_id(s) == runde.id,
        )


def parse_teams(rules: RuleSet, texts: Sequence[str], players: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """`NAME+NAME NAME+NAME` as typed, names forgiving, checked by the rule set that plays in teams."""
    teams = [
        tuple(pick(name, players, "--teams", "a player at this table") for name in text.split("+") if name.strip())
        for text in texts
    ]
    return rules.check_teams(players, teams)  # type: ignore[attr-defined]


def _hand_view(number: int, step: Step, totals: dict[str, int]) -> HandView:
    before = step.before
    return HandView(number, step.hand, step.payout, before.dealer_name, before.sitting_out, dict(totals))


def _extended(view: TableView, number: int, step: Step) -> TableView:
    """The view after one more hand, without folding the earlier ones again."""
    totals = {p: view.totals[p] + step.payout.points[p] for p in view.totals}
    return replace(
        view,
        table=replace(view.table, hands=view.table.hands + 1),
        hands=[*view.hands, _hand_view(number, step, totals)],
        totals=totals,
        state=step.after,
        status=view.rules.status(view.table.settings, step.after),
    )


def _players(runde: Runde) -> tuple[str, ...]:
    return tuple(seat.player.name for seat in runde.seats)


def _find(records: list[HandRecord], number: int, table_id: int) -> HandRecord:
    for record in records:
        if record.number == number:
            return record
    raise SettingsError(
        f"edit: session {table_id} has no hand {number}; it has hands 1–{len(records)}."
        if records
        else f"edit: session {table_id} has no hands yet."
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


def _jsonable(settings: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in settings.items()}
