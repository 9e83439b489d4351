"""Tables: start, list, use, close, teams, length, who joins and leaves, and the rows a transaction reads."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from schreiber.i18n import N_, _
from schreiber.ledger.names import pick
from schreiber.ledger.series import HANDS, Series, series_of
from schreiber.ledger.tables.results import TableInfo, TableView
from schreiber.rules.names import player_name
from schreiber.rules import registry
from schreiber.errors import NotFound
from schreiber.rules.model import SettingsError
from schreiber.rules.table import DefaultTariff, RuleSet, TeamPlay, SeatChange, change_seats
from schreiber.store.models import (
    JOIN,
    LEAVE,
    LIVE,
    HandRecord,
    LedgerState,
    Player,
    Table,
    Seat,
    SheetEntry,
    TableEvent,
    TournamentTable,
)

ACTIVE_KEY = "active_runde"


class Tables:
    """Start and keep tables: seats, settings, the active table, joins and leaves."""

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
        # Here, not at the top: a hand at a table reaches this module and never needs the Wertungen.
        from schreiber.scoring import wertung

        settings = registry.settings_for(rules, assignments, wertung.names)
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


def jsonable(settings: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in settings.items()}


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
