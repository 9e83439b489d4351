"""Tournaments (RULES.md §6): registration, the seat draw, paper sheets and the standings.

A tournament is tables: each table of a round is an ordinary session, seated in the draw's order,
so its hands are recorded, scored and cached as any evening's are. This module keeps only what a
session does not know (start numbers, rounds, sheets) and ranks from the sessions' cached payouts;
it scores nothing itself. The draw and the ranking are the pure functions of `seating` and `ranking`.
"""

from __future__ import annotations

import datetime as dt
import secrets
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from schreiber.i18n import _
from schreiber.ledger import corrections, prizes, registration, season_numbers, sheets, standings, table_results
from schreiber.ledger.corrections import Entered
from schreiber.ledger.final import table_done
from schreiber.ledger.names import fold
from schreiber.ledger.registration import EntrantView, Registered
from schreiber.ledger.series import Play, play_of, tournament_games
from schreiber.ledger.sheets import SheetView, TypedSheet
from schreiber.ledger.standings import StandingRow, StandingsView, Unfinished
from schreiber.ledger.service import Ledger
from schreiber.rules import registry
from schreiber.rules.model import SettingsError
from schreiber.scoring import cash, seating
from schreiber.store.models import (
    LIVE,
    Entrant,
    HandRecord,
    LedgerState,
    Player,
    Table,
    Seat,
    SheetEntry,
    StatsBlock,
    Tournament,
    TournamentCash,
    TournamentRound,
    TournamentTable,
)

ACTIVE_KEY = "active_tournament"
DEFAULT_ROUNDS = 3
OPEN, PLAYING, HANDS, SHEET = "open", "playing", "hands", "sheet"


@dataclass(frozen=True)
class TournamentInfo:
    id: int
    name: str
    rules: str
    settings: dict[str, Any]
    wertung: str
    rounds: int
    hands: int
    date: dt.date
    seed: str
    players: int
    withdrawn: int
    drawn: int
    active: bool


@dataclass(frozen=True)
class TablePlan:
    """One table of a round: its session, its players in seat order (seat 1 deals first), how far it is."""

    table: int
    session: int
    players: tuple[str, ...]
    numbers: tuple[int, ...]
    hands: int
    sheet: bool
    closed: bool = False
    of: int = 0  # the hands this table plays (a table of 5 plays 5/4 of a table of 4's)


@dataclass(frozen=True)
class RoundPlan:
    tournament: TournamentInfo
    round: int
    seed: str
    repeats: int
    tables: tuple[TablePlan, ...]

    def done(self, table: TablePlan) -> bool:
        """A table is finished when its sheet is in, when it played its hands, or when it was closed."""
        return table_done(table.sheet, table.closed, table.hands, table.of)

    def unfinished(self) -> list[Unfinished]:
        return [Unfinished(self.round, t.table, t.hands, t.of, t.numbers) for t in self.tables if not self.done(t)]


class Tournaments:
    """The tournament commands over an open ledger, one transaction each."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger

    # -- the tournament -----------------------------------------------------------------------

    def new(
        self,
        name: str,
        rules_name: str,
        *,
        rounds: int | None = None,
        hands: int | None = None,
        date: dt.date | None = None,
        assignments: Sequence[str] = (),
        seed: str | None = None,
        season: int | None = None,
    ) -> TournamentInfo:
        name = name.strip()
        if not name:
            raise SettingsError(_("NAME: a tournament needs a name."))
        play = play_of(rules_name)
        if play is None:
            raise SettingsError(
                _("--rules: a tournament is played with {allowed}, not {name}.").format(
                    allowed=", ".join(tournament_games()), name=repr(rules_name)
                )
            )
        rules = registry.get(rules_name)
        wertung = play.wertungen[0]
        table_settings = []
        money = []  # the tournament's own money settings (RULES.md §9), kept with it, not with its tables
        for assignment in assignments:
            key, sep, value = assignment.partition("=")
            if key.strip() == "wertung" and sep:
                if value.strip() not in play.wertungen:
                    raise SettingsError(
                        _("--set wertung: use {allowed}, not {value}.").format(
                            allowed=_either(list(play.wertungen)), value=repr(value)
                        )
                    )
                wertung = value.strip()
            elif key.strip() in cash.KEYS and sep:
                money.append((key.strip(), value))
            else:
                table_settings.append(assignment)
        settings = registry.settings_for(rules, table_settings)
        money_settings = cash.parse(money, "--set") if money else None
        if rounds is not None and rounds < 1:
            raise SettingsError(_("--rounds must be 1 or more."))
        if hands is not None and hands < 1:
            raise SettingsError(_("--hands must be 1 or more."))
        for size in play.sizes:  # the game refuses a series its tables cannot share out evenly
            play.hands_at(hands or play.hands, size)
        with self.ledger.transaction() as s:
            on = date or dt.date.today()
            for same in s.scalars(select(Tournament).where(Tournament.date == on)):
                if fold(same.name) == fold(name):
                    raise SettingsError(
                        _(
                            "NAME: there is a tournament “{name}” on {date} already (tournament {id}); "
                            "`schreiber tournament use {id}` makes it the active one."
                        ).format(name=same.name, date=on.isoformat(), id=same.id)
                    )
            t = Tournament(
                name=name,
                rules=rules.name,
                settings={k: (list(v) if isinstance(v, tuple) else v) for k, v in settings.items()},
                wertung=wertung,
                rounds=rounds or DEFAULT_ROUNDS,
                hands=hands or play.hands,
                date=on,
                seed=seed if seed is not None else secrets.token_hex(4),
            )
            if season is not None:
                season_numbers.check_joins(s, season_numbers.season_row(s, season), name, rules.name, wertung)
                t.season_id = season
            s.add(t)
            s.flush()
            if money_settings is not None:
                s.add(TournamentCash(tournament_id=t.id, settings=money_settings.stored()))
            _set_active(s, t.id)
            return self._info(s, t)

    def list(self) -> list[TournamentInfo]:
        with self.ledger.transaction() as s:
            ts = list(s.scalars(select(Tournament).order_by(Tournament.id)))
            infos = self._infos(s, ts)
            return [infos[t.id] for t in ts]

    def info(self, tournament_id: int | None = None) -> TournamentInfo:
        with self.ledger.transaction() as s:
            return self._info(s, self._tournament(s, tournament_id))

    def use(self, tournament_id: int) -> TournamentInfo:
        with self.ledger.transaction() as s:
            t = self._tournament(s, tournament_id)
            _set_active(s, t.id)
            return self._info(s, t)

    def entrants(self, tournament_id: int | None = None) -> list[EntrantView]:
        with self.ledger.transaction() as s:
            t = self._tournament(s, tournament_id)
            return [registration.view(e) for e in self._entrants(s, t)]

    # -- registration ---------------------------------------------------------------------------

    def register(self, names: Sequence[str], number: int | None = None, tournament_id: int | None = None) -> Registered:
        with self.ledger.transaction() as s:
            return registration.register(s, self._tournament(s, tournament_id), names, number, self.ledger.player)

    def unregister(self, typed: str, tournament_id: int | None = None) -> Registered:
        with self.ledger.transaction() as s:
            return registration.unregister(s, self._tournament(s, tournament_id), typed)

    def withdraw(
        self, typed: str, undo: bool = False, tournament_id: int | None = None, force: bool | None = None
    ) -> Registered:
        with self.ledger.transaction() as s:
            t = self._tournament(s, tournament_id)
            done = registration.withdraw(s, t, typed, undo)
            prizes.guard(s, "tournament withdraw", force=force, tournament_id=t.id)
            return done

    # -- the draw ---------------------------------------------------------------------------------

    def draw(
        self, round_: int | None = None, seed: str | None = None, tournament_id: int | None = None, force: bool = False
    ) -> RoundPlan:
        """Seat every active player for the next round (or draw round `round_` again, before its first result).
        The next round waits for every table of the newest one, unless `force`."""
        with self.ledger.transaction() as s:
            t = self._tournament(s, tournament_id, for_update=True)
            drawn = self._rounds(s, t)
            last = drawn[-1].number if drawn else 0
            number = last + 1 if round_ is None else round_
            if number < 1 or number > last + 1:
                raise SettingsError(
                    _("--round: round {number} cannot be drawn now; the next round to draw is {next}.").format(
                        number=number, next=last + 1
                    )
                )
            if number > t.rounds:
                raise SettingsError(
                    _("--round: {name} has {rounds} rounds; round {number} is not one of them.").format(
                        name=t.name, rounds=t.rounds, number=number
                    )
                )
            redraw = number <= last
            if not redraw and last and not force:
                waiting = self._plan(s, t, last).unfinished()
                if waiting:
                    raise SettingsError(
                        _(
                            "round {round} cannot be drawn yet: {tables}. Enter the sheet, finish the hands, or close a table "
                            "whose time is up with `schreiber tournament close ROUND TABLE`; --force draws anyway."
                        ).format(round=number, tables="; ".join(_still_playing(u) for u in waiting))
                    )
            if redraw:
                if number < last:
                    raise SettingsError(
                        _("--round: round {number} cannot be drawn again, round {later} is drawn after it.").format(
                            number=number, later=last
                        )
                    )
                if self._has_results(s, t, number):
                    raise SettingsError(
                        _(
                            "--round: round {number} is being played (a result is recorded); it cannot be drawn again."
                        ).format(number=number)
                    )
            entrants = [e for e in self._entrants(s, t) if e.drawable]  # here, with a place, not withdrawn
            met = seating.met_pairs(self._seatings(s, t, upto=number - 1).values())
            if seed is None:
                seed = f"{t.seed}-{number}"
                if redraw:
                    seed = f"{seed}-{secrets.token_hex(3)}"
            result = seating.draw(
                [e.player_id for e in entrants], met, seed=seed, ahead=t.rounds - number, sizes=self._play(t).sizes
            )
            if redraw:
                self._remove_round(s, t, number)
            s.add(TournamentRound(tournament_id=t.id, number=number, seed=str(seed), repeats=result.repeats))
            rules = registry.get(t.rules)
            for i, people in enumerate(result.tables, start=1):
                table = Table(
                    name=_("{name}, round {round}, table {table}").format(name=t.name, round=number, table=i),
                    rules=t.rules,
                    settings=dict(t.settings),
                    tariff=getattr(rules, "default_tariff", None),
                    date=t.date,
                    first_dealer=0,
                    teams=None,
                    closed=False,
                )
                s.add(table)
                s.flush()
                for position, player_id in enumerate(people):
                    s.add(Seat(table_id=table.id, position=position, player_id=player_id))
                s.add(TournamentTable(tournament_id=t.id, round=number, number=i, table_id=table.id))
            s.flush()
            return self._plan(s, t, number)

    def undraw(self, tournament_id: int | None = None) -> RoundPlan:
        """Take back the newest round, with its tables, until its first hand or sheet; returns it as it was."""
        with self.ledger.transaction() as s:
            t = self._tournament(s, tournament_id, for_update=True)
            last = self._last_round(s, t)
            if last is None:
                raise SettingsError(_("{name} has no round drawn; there is nothing to take back.").format(name=t.name))
            if self._has_results(s, t, last):
                raise SettingsError(
                    _(
                        "round {round} is being played (a hand or sheet is recorded), so it cannot be taken back; "
                        "correct a sheet with `tournament result … --replace` and a hand with `edit` or `void`."
                    ).format(round=last)
                )
            plan = self._plan(s, t, last)
            self._remove_round(s, t, last)
            return plan

    def close(self, round_: int, table: int, tournament_id: int | None = None, force: bool | None = None) -> TablePlan:
        """Time is up at a table: it counts as finished with the hands it has, and takes no more."""
        with self.ledger.transaction() as s:
            t = self._tournament(s, tournament_id, for_update=True)
            self._round_number(s, t, round_)
            stored = self.ledger.table_row(s, self._table_id(s, t, round_, table), for_update=True)
            plan = next(p for p in self._plan(s, t, round_).tables if p.table == table)
            if plan.sheet:
                raise SettingsError(
                    _("round {round} table {table} has its sheet entered; it is finished.").format(
                        round=round_, table=table
                    )
                )
            if plan.closed:
                raise SettingsError(
                    _("round {round} table {table} is closed already.").format(round=round_, table=table)
                )
            if not plan.hands:
                raise SettingsError(
                    _(
                        "round {round} table {table} has no hand recorded; enter its paper sheet with "
                        "`schreiber tournament result {round} {table} NAME=POINTS …`."
                    ).format(round=round_, table=table)
                )
            prizes.guard(s, "tournament close", force=force, tournament_id=t.id)
            stored.closed = True
            s.flush()
            return next(p for p in self._plan(s, t, round_).tables if p.table == table)

    def plan(self, round_: int | None = None, tournament_id: int | None = None) -> RoundPlan:
        """The seat plan of a round (default: the newest drawn)."""
        with self.ledger.transaction() as s:
            t = self._tournament(s, tournament_id)
            return self._plan(s, t, self._round_number(s, t, round_))

    # -- results ----------------------------------------------------------------------------------

    def result(
        self,
        round_: int,
        table: int,
        sheet: TypedSheet,
        replace: bool = False,
        tournament_id: int | None = None,
        force: bool | None = None,
        dry_run: bool = False,
    ) -> Entered:
        """Enter a table's paper sheet (checked against the rule set), or with `replace` correct it; says what
        a replacement drops. `dry_run`: the same checks and answer, with the standings' moves, nothing stored."""
        return corrections.enter(self, round_, table, sheet, replace, tournament_id, force=force, dry_run=dry_run)

    def sheets(self, tournament_id: int | None = None) -> list[SheetView]:
        """Every sheet entered, with the ones corrections replaced."""
        with self.ledger.transaction() as s:
            return sheets.sheets(s, self._tournament(s, tournament_id))

    # -- standings ----------------------------------------------------------------------------------

    def standings(self, round_: int | None = None, tournament_id: int | None = None) -> StandingsView:
        """The ranking after round `round_` (default: every drawn round)."""
        with self.ledger.transaction() as s:
            return self._standings(s, self._tournament(s, tournament_id), round_)

    def standings_of(self, tournament_ids: Sequence[int]) -> list[StandingsView]:
        """The rankings after every drawn round of several tournaments (a season's), read in one transaction
        with as many queries as one tournament's."""
        with self.ledger.transaction() as s:
            found = {t.id: t for t in s.scalars(select(Tournament).where(Tournament.id.in_(tournament_ids)))}
            ts = [found[tid] if tid in found else self._tournament(s, tid) for tid in tournament_ids]
            infos = self._infos(s, ts)
            results = table_results.read(
                s, list(found), select(TournamentTable).where(TournamentTable.tournament_id.in_(list(found)))
            )
            return [self._rank(t, infos[t.id].drawn, results[t.id], infos[t.id]) for t in ts]

    def _standings(self, s: Session, t: Tournament, round_: int | None) -> StandingsView:
        info = self._info(s, t)
        upto = self._round_number(s, t, round_) if round_ is not None else info.drawn
        tables = select(TournamentTable).where(TournamentTable.tournament_id == t.id, TournamentTable.round <= upto)
        return self._rank(t, upto, table_results.read(s, [t.id], tables)[t.id], info)

    def _rank(
        self, t: Tournament, upto: int, results: table_results.TableResults, info: TournamentInfo
    ) -> StandingsView:
        return standings.rank(t, upto, results, info, self._play(t))

    # -- helpers --------------------------------------------------------------------------------------

    def _tournament(self, s: Session, tournament_id: int | None, for_update: bool = False) -> Tournament:
        if tournament_id is None:
            value = s.scalar(select(LedgerState.value).where(LedgerState.key == ACTIVE_KEY))
            if value is None:
                raise SettingsError(
                    _(
                        "there is no active tournament; start one with `schreiber tournament new` or choose one with `schreiber tournament use ID`."
                    )
                )
            tournament_id = int(value)
        query = select(Tournament).where(Tournament.id == tournament_id)
        if for_update:
            query = query.with_for_update()
        t = s.scalar(query)
        if t is None:
            raise SettingsError(
                _("there is no tournament {id}; `schreiber tournament list` shows them.").format(id=tournament_id)
            )
        return t

    def _play(self, t: Tournament) -> Play:
        play = play_of(t.rules)
        if play is None:  # a tournament stored by a schreiber that played a game this one does not
            raise SettingsError(
                _("{name} is played with {rules}, which this schreiber plays in no tournament.").format(
                    name=t.name, rules=t.rules
                )
            )
        return play

    def _table_id(self, s: Session, t: Tournament, round_: int, table: int) -> int:
        table_id = s.scalar(
            select(TournamentTable.table_id).where(
                TournamentTable.tournament_id == t.id, TournamentTable.round == round_, TournamentTable.number == table
            )
        )
        if table_id is None:
            count = s.scalar(
                select(func.count()).where(TournamentTable.tournament_id == t.id, TournamentTable.round == round_)
            )
            raise SettingsError(
                _("TABLE: round {round} has tables 1–{count}, not {table}.").format(
                    round=round_, count=count, table=table
                )
            )
        return table_id

    def _remove_round(self, s: Session, t: Tournament, number: int) -> None:
        old = list(
            s.scalars(
                select(TournamentTable.table_id).where(
                    TournamentTable.tournament_id == t.id, TournamentTable.round == number
                )
            )
        )
        s.execute(delete(TournamentTable).where(TournamentTable.tournament_id == t.id, TournamentTable.round == number))
        s.execute(delete(Seat).where(Seat.table_id.in_(old)))
        s.execute(delete(Table).where(Table.id.in_(old)))
        # A new table may be given a removed one's id (SQLite reuses the highest): no kept block of
        # statistics may name it as the table it was.
        s.execute(delete(StatsBlock))
        s.execute(
            delete(TournamentRound).where(TournamentRound.tournament_id == t.id, TournamentRound.number == number)
        )
        s.flush()

    def _entrants(self, s: Session, t: Tournament) -> list[Entrant]:
        return list(s.scalars(select(Entrant).where(Entrant.tournament_id == t.id).order_by(Entrant.number)))

    def _rounds(self, s: Session, t: Tournament) -> list[TournamentRound]:
        return list(
            s.scalars(
                select(TournamentRound).where(TournamentRound.tournament_id == t.id).order_by(TournamentRound.number)
            )
        )

    def _last_round(self, s: Session, t: Tournament) -> int | None:
        return s.scalar(select(func.max(TournamentRound.number)).where(TournamentRound.tournament_id == t.id))

    def _round_number(self, s: Session, t: Tournament, round_: int | None) -> int:
        last = self._last_round(s, t)
        if last is None:
            raise SettingsError(
                _("{name} has no round drawn yet; `schreiber tournament draw` draws one.").format(name=t.name)
            )
        if round_ is None:
            return last
        if not 1 <= round_ <= last:
            raise SettingsError(
                _("--round: {name} has rounds 1–{last} drawn, not {round}.").format(
                    name=t.name, last=last, round=round_
                )
            )
        return round_

    def _seatings(self, s: Session, t: Tournament, upto: int) -> dict[int, list[list[int]]]:
        """Each drawn round up to `upto`: its tables as lists of player ids in seat order."""
        out: dict[int, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
        for round_number, table, player_id in s.execute(
            select(TournamentTable.round, TournamentTable.number, Seat.player_id)
            .join(Seat, Seat.table_id == TournamentTable.table_id)
            .where(TournamentTable.tournament_id == t.id, TournamentTable.round <= upto)
            .order_by(TournamentTable.round, TournamentTable.number, Seat.position)
        ):
            out[round_number][table].append(player_id)
        return {r: list(tables.values()) for r, tables in out.items()}

    def _has_results(self, s: Session, t: Tournament, number: int) -> bool:
        ids = select(TournamentTable.table_id).where(
            TournamentTable.tournament_id == t.id, TournamentTable.round == number
        )
        hands = s.scalar(select(func.count()).select_from(HandRecord).where(HandRecord.table_id.in_(ids)))
        sheets = s.scalar(select(func.count()).select_from(SheetEntry).where(SheetEntry.table_id.in_(ids)))
        return bool(hands or sheets)

    def _plan(self, s: Session, t: Tournament, number: int) -> RoundPlan:
        drawn = s.get(TournamentRound, (t.id, number))
        rows = list(
            s.execute(
                select(TournamentTable.number, TournamentTable.table_id, Player.name, Entrant.number)
                .join(Seat, Seat.table_id == TournamentTable.table_id)
                .join(Player, Player.id == Seat.player_id)
                .outerjoin(Entrant, (Entrant.player_id == Seat.player_id) & (Entrant.tournament_id == t.id))
                .where(TournamentTable.tournament_id == t.id, TournamentTable.round == number)
                .order_by(TournamentTable.number, Seat.position)
            )
        )
        ids = sorted({table_id for _n, table_id, _p, _e in rows})
        hands = dict(
            s.execute(
                select(HandRecord.table_id, func.count())
                .where(HandRecord.table_id.in_(ids), HandRecord.status == LIVE)
                .group_by(HandRecord.table_id)
            ).all()
        )
        with_sheet = set(s.scalars(select(SheetEntry.table_id).where(SheetEntry.table_id.in_(ids)).distinct()))
        closed = set(s.scalars(select(Table.id).where(Table.id.in_(ids), Table.closed)))
        play = self._play(t)
        hands_per_round = t.hands or play.hands
        grouped: dict[int, tuple[int, list[str], list[int]]] = {}
        for table, table_id, name, start in rows:
            grouped.setdefault(table, (table_id, [], []))
            grouped[table][1].append(name)
            grouped[table][2].append(start or 0)
        tables = tuple(
            TablePlan(
                table,
                table_id,
                tuple(names),
                tuple(numbers),
                hands.get(table_id, 0),
                table_id in with_sheet,
                table_id in closed,
                play.hands_at(hands_per_round, len(names)),
            )
            for table, (table_id, names, numbers) in sorted(grouped.items())
        )
        return RoundPlan(self._info(s, t), number, drawn.seed, drawn.repeats, tables)

    def _info(self, s: Session, t: Tournament) -> TournamentInfo:
        return self._infos(s, [t])[t.id]

    def _infos(self, s: Session, ts: Sequence[Tournament]) -> dict[int, TournamentInfo]:
        ids = [t.id for t in ts]
        counts: dict[int, dict[bool, int]] = defaultdict(dict)
        for tid, withdrawn, count in s.execute(
            select(Entrant.tournament_id, Entrant.withdrawn, func.count())
            .where(Entrant.tournament_id.in_(ids))
            .group_by(Entrant.tournament_id, Entrant.withdrawn)
        ):
            counts[tid][withdrawn] = count
        drawn = dict(
            s.execute(
                select(TournamentRound.tournament_id, func.max(TournamentRound.number))
                .where(TournamentRound.tournament_id.in_(ids))
                .group_by(TournamentRound.tournament_id)
            ).all()
        )
        active = s.scalar(select(LedgerState.value).where(LedgerState.key == ACTIVE_KEY))
        return {
            t.id: TournamentInfo(
                id=t.id,
                name=t.name,
                rules=t.rules,
                settings=dict(t.settings),
                wertung=t.wertung,
                rounds=t.rounds,
                hands=t.hands or self._play(t).hands,
                date=t.date,
                seed=t.seed,
                players=sum(counts[t.id].values()),
                withdrawn=counts[t.id].get(True, 0),
                drawn=drawn.get(t.id) or 0,
                active=active is not None and int(active) == t.id,
            )
            for t in ts
        }


def _either(words: list[str]) -> str:
    return words[0] if len(words) == 1 else _("{names} or {last}").format(names=", ".join(words[:-1]), last=words[-1])


def _still_playing(u: Unfinished) -> str:
    return _("round {round}: table {table} is still playing ({hands} of {of} hands)").format(
        round=u.round, table=u.table, hands=u.hands, of=u.of
    )


def _set_active(s: Session, tournament_id: int) -> None:
    state = s.get(LedgerState, ACTIVE_KEY)
    if state is None:
        s.add(LedgerState(key=ACTIVE_KEY, value=str(tournament_id)))
    else:
        state.value = str(tournament_id)


__all__ = [
    "EntrantView",
    "Play",
    "RoundPlan",
    "StandingRow",
    "StandingsView",
    "TablePlan",
    "TournamentInfo",
    "Tournaments",
    "Unfinished",
    "play_of",
    "tournament_games",
]
