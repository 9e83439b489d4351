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

from sqlalchemy import and_, case, delete, func, select
from sqlalchemy.orm import Session

from schreiber.i18n import _
from schreiber.ledger import ranking, season_numbers, seating
from schreiber.ledger.names import pick
from schreiber.ledger.service import Ledger
from schreiber.rules import registry
from schreiber.rules.model import SettingsError
from schreiber.store.models import (
    LIVE,
    Entrant,
    HandRecord,
    LedgerState,
    PayoutRecord,
    Player,
    Table,
    Seat,
    SheetEntry,
    StatsBlock,
    Tournament,
    TournamentRound,
    TournamentTable,
)

ACTIVE_KEY = "active_tournament"
# The rule sets a tournament can be played with, and the hands of a round when --hands is not given.
HANDS_BY_RULES = {"preisschafkopf": 32, "schafkopf": 32, "schafkopf-tarif": 32, "doppelkopf": 24, "doppelkopf-turnier": 24}
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
class EntrantView:
    number: int
    name: str
    withdrawn: bool


@dataclass(frozen=True)
class TablePlan:
    """One table of a round: its session, its players in seat order (seat 1 deals first), how far it is."""

    table: int
    session: int
    players: tuple[str, ...]
    numbers: tuple[int, ...]
    hands: int
    sheet: bool


@dataclass(frozen=True)
class RoundPlan:
    tournament: TournamentInfo
    round: int
    seed: str
    repeats: int
    tables: tuple[TablePlan, ...]

    def done(self, table: TablePlan) -> bool:
        """A table is finished when its sheet is in, or when it played the round's hands."""
        return table.sheet or table.hands >= self.tournament.hands


@dataclass(frozen=True)
class StandingRow:
    rank: int
    number: int
    name: str
    score: int
    points: int
    soli: int
    rounds: tuple[int | None, ...]
    withdrawn: bool


@dataclass(frozen=True)
class StandingsView:
    tournament: TournamentInfo
    rounds: int
    rows: tuple[StandingRow, ...]


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
        if rules_name not in HANDS_BY_RULES:
            raise SettingsError(
                _("--rules: a tournament is played with {allowed}, not {name}.").format(
                    allowed=", ".join(HANDS_BY_RULES), name=repr(rules_name)
                )
            )
        rules = registry.get(rules_name)
        wertung = ranking.PUNKTE
        table_settings = []
        for assignment in assignments:
            key, sep, value = assignment.partition("=")
            if key.strip() == "wertung" and sep:
                if value.strip() not in ranking.WERTUNGEN:
                    raise SettingsError(_("--set wertung: use punkte or platz, not {value}.").format(value=repr(value)))
                wertung = value.strip()
            else:
                table_settings.append(assignment)
        settings = registry.settings_for(rules, table_settings)
        if rounds is not None and rounds < 1:
            raise SettingsError(_("--rounds must be 1 or more."))
        if hands is not None and hands < 1:
            raise SettingsError(_("--hands must be 1 or more."))
        with self.ledger.transaction() as s:
            t = Tournament(
                name=name,
                rules=rules.name,
                settings={k: (list(v) if isinstance(v, tuple) else v) for k, v in settings.items()},
                wertung=wertung,
                rounds=rounds or DEFAULT_ROUNDS,
                hands=hands or HANDS_BY_RULES[rules_name],
                date=date or dt.date.today(),
                seed=seed if seed is not None else secrets.token_hex(4),
            )
            if season is not None:
                season_numbers.check_joins(s, season_numbers.season_row(s, season), name, rules.name, wertung)
                t.season_id = season
            s.add(t)
            s.flush()
            _set_active(s, t.id)
            return self._info(s, t)

    def list(self) -> list[TournamentInfo]:
        with self.ledger.transaction() as s:
            return [self._info(s, t) for t in s.scalars(select(Tournament).order_by(Tournament.id))]

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
            return [EntrantView(e.number, e.player.name, e.withdrawn) for e in self._entrants(s, t)]

    # -- registration ---------------------------------------------------------------------------

    def register(self, names: Sequence[str], number: int | None = None, tournament_id: int | None = None) -> list[EntrantView]:
        names = [n.strip() for n in names]
        if not names or any(not n for n in names):
            raise SettingsError(_("NAME: a player's name cannot be empty."))
        if number is not None and len(names) != 1:
            raise SettingsError(_("--number gives the start number of one player; name one player with it."))
        if number is not None and number < 1:
            raise SettingsError(_("--number must be 1 or more."))
        keys = [n.casefold() for n in names]
        if len(set(keys)) != len(keys):
            raise SettingsError(_("NAME: each player can be registered only once."))
        with self.ledger.transaction() as s:
            t = self._tournament(s, tournament_id)
            entrants = self._entrants(s, t)
            taken = {e.player.name_key: e for e in entrants}
            numbers = {e.number for e in entrants}
            for typed in names:
                if typed.casefold() in taken:
                    raise SettingsError(
                        _("{name} is registered already, with start number {number}.").format(
                            name=taken[typed.casefold()].player.name, number=taken[typed.casefold()].number
                        )
                    )
            if number is not None and number in numbers:
                raise SettingsError(_("--number: start number {number} is taken.").format(number=number))
            out = []
            following = max(numbers, default=0)
            for typed in names:
                player = self.ledger.player(s, typed)
                given = number if number is not None else following + 1
                if t.season_id is not None:  # his permanent season start number (RULES.md §8)
                    given = season_numbers.number_for(s, t.season_id, player.id, number)
                following = max(following, given)
                s.add(Entrant(tournament_id=t.id, player_id=player.id, number=given, withdrawn=False))
                out.append(EntrantView(given, player.name, False))
            return out

    def withdraw(self, name: str, tournament_id: int | None = None) -> EntrantView:
        with self.ledger.transaction() as s:
            t = self._tournament(s, tournament_id)
            entrant = self._entrant(s, t, name, "NAME")
            if entrant.withdrawn:
                raise SettingsError(_("{name} has withdrawn already.").format(name=entrant.player.name))
            entrant.withdrawn = True
            return EntrantView(entrant.number, entrant.player.name, True)

    # -- the draw ---------------------------------------------------------------------------------

    def draw(self, round_: int | None = None, seed: str | None = None, tournament_id: int | None = None) -> RoundPlan:
        """Seat every active player for the next round (or draw round `round_` again, before its first result)."""
        with self.ledger.transaction() as s:
            t = self._tournament(s, tournament_id, for_update=True)
            drawn = self._rounds(s, t)
            last = drawn[-1].number if drawn else 0
            number = last + 1 if round_ is None else round_
            if number < 1 or number > last + 1:
                raise SettingsError(
                    _("--round: round {number} cannot be drawn now; the next round to draw is {next}.").format(number=number, next=last + 1)
                )
            if number > t.rounds:
                raise SettingsError(
                    _("--round: {name} has {rounds} rounds; round {number} is not one of them.").format(name=t.name, rounds=t.rounds, number=number)
                )
            redraw = number <= last
            if redraw:
                if number < last:
                    raise SettingsError(
                        _("--round: round {number} cannot be drawn again, round {later} is drawn after it.").format(number=number, later=last)
                    )
                if self._has_results(s, t, number):
                    raise SettingsError(
                        _("--round: round {number} is being played (a result is recorded); it cannot be drawn again.").format(number=number)
                    )
            entrants = [e for e in self._entrants(s, t) if not e.withdrawn]
            met = seating.met_pairs(self._seatings(s, t, upto=number - 1).values())
            if seed is None:
                seed = f"{t.seed}-{number}"
                if redraw:
                    seed = f"{seed}-{secrets.token_hex(3)}"
            result = seating.draw([e.player_id for e in entrants], met, seed=seed, ahead=t.rounds - number)
            if redraw:
                old = list(s.scalars(select(TournamentTable.table_id).where(TournamentTable.tournament_id == t.id, TournamentTable.round == number)))
                s.execute(delete(TournamentTable).where(TournamentTable.tournament_id == t.id, TournamentTable.round == number))
                s.execute(delete(Seat).where(Seat.table_id.in_(old)))
                s.execute(delete(Table).where(Table.id.in_(old)))
                # A new table may be given a removed one's id (SQLite reuses the highest): no kept block of
                # statistics may name it as the table it was.
                s.execute(delete(StatsBlock))
                s.execute(delete(TournamentRound).where(TournamentRound.tournament_id == t.id, TournamentRound.number == number))
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
        points: Sequence[tuple[str, int]],
        soli: Sequence[tuple[str, int]] = (),
        tournament_id: int | None = None,
    ) -> TablePlan:
        """Enter a table's paper sheet: every player of the table with his points, and Soli where there were."""
        with self.ledger.transaction() as s:
            t = self._tournament(s, tournament_id, for_update=True)
            self._round_number(s, t, round_)
            table_id = s.scalar(
                select(TournamentTable.table_id).where(
                    TournamentTable.tournament_id == t.id, TournamentTable.round == round_, TournamentTable.number == table
                )
            )
            if table_id is None:
                count = s.scalar(select(func.count()).where(TournamentTable.tournament_id == t.id, TournamentTable.round == round_))
                raise SettingsError(
                    _("TABLE: round {round} has tables 1–{count}, not {table}.").format(round=round_, count=count, table=table)
                )
            stored = self.ledger.table_row(s, table_id, for_update=True)
            seated = {seat.player.name: seat.player_id for seat in stored.seats}
            if s.scalar(select(func.count()).select_from(SheetEntry).where(SheetEntry.table_id == stored.id)):
                raise SettingsError(
                    _("round {round} table {table} has its sheet already; a table's sheet is entered once.").format(round=round_, table=table)
                )
            if s.scalar(select(func.count()).where(HandRecord.table_id == stored.id, HandRecord.status == LIVE)):
                raise SettingsError(
                    _("round {round} table {table} has hands recorded (session {session}); a table has hands or a sheet, not both.").format(
                        round=round_, table=table, session=stored.id
                    )
                )
            given: dict[str, int] = {}
            for typed, value in points:
                name = pick(typed, seated, "NAME=POINTS", _("a player at this table"))
                if name in given:
                    raise SettingsError(_("NAME=POINTS: {name} is named twice.").format(name=name))
                given[name] = value
            missing = [n for n in seated if n not in given]
            if missing:
                raise SettingsError(
                    _("NAME=POINTS: the sheet names every player of the table; {names} missing.").format(names=", ".join(missing))
                )
            rules = registry.get(t.rules)
            if rules.zero_sum:
                if sum(given.values()) != 0:
                    raise SettingsError(
                        _("NAME=POINTS: {rules} is zero-sum, so a sheet adds up to 0, not {sum}.").format(rules=t.rules, sum=sum(given.values()))
                    )
            elif any(v < 0 for v in given.values()):
                raise SettingsError(_("NAME=POINTS: in {rules} nobody has less than 0 points.").format(rules=t.rules))
            solo_count: dict[str, int] = {}
            for typed, value in soli:
                name = pick(typed, seated, "--soli", _("a player at this table"))
                if value < 0:
                    raise SettingsError(_("--soli: {name} cannot have won fewer than 0 Soli.").format(name=name))
                solo_count[name] = value
            for name, value in given.items():
                s.add(SheetEntry(table_id=stored.id, player_id=seated[name], points=value, soli=solo_count.get(name, 0)))
            # No hand can be added to a table whose sheet is in.
            stored.closed = True
            s.flush()
            plan = self._plan(s, t, round_)
            return next(p for p in plan.tables if p.table == table)

    # -- standings ----------------------------------------------------------------------------------

    def standings(self, round_: int | None = None, tournament_id: int | None = None) -> StandingsView:
        """The ranking after round `round_` (default: every drawn round)."""
        with self.ledger.transaction() as s:
            t = self._tournament(s, tournament_id)
            upto = self._round_number(s, t, round_) if round_ is not None else (self._last_round(s, t) or 0)
            tables = list(
                s.execute(
                    select(TournamentTable.round, TournamentTable.table_id)
                    .where(TournamentTable.tournament_id == t.id, TournamentTable.round <= upto)
                    .order_by(TournamentTable.round, TournamentTable.number)
                )
            )
            ids = [table_id for _r, table_id in tables]
            seats: dict[int, list[int]] = defaultdict(list)
            for table_id, player_id in s.execute(
                select(Seat.table_id, Seat.player_id).where(Seat.table_id.in_(ids)).order_by(Seat.table_id, Seat.position)
            ):
                seats[table_id].append(player_id)
            sums: dict[tuple[int, int], int] = {}
            soli: dict[int, int] = defaultdict(int)
            with_hands: set[int] = set()
            for table_id, player_id, points, won_solo in s.execute(
                select(
                    PayoutRecord.table_id,
                    PayoutRecord.player_id,
                    func.sum(PayoutRecord.points),
                    # A Soli is a solo won as declarer: the rule set named the soloist, his payout is a win.
                    func.sum(case((and_(PayoutRecord.solo, PayoutRecord.won), 1), else_=0)),
                )
                .where(PayoutRecord.table_id.in_(ids))
                .group_by(PayoutRecord.table_id, PayoutRecord.player_id)
            ):
                sums[(table_id, player_id)] = int(points or 0)
                soli[player_id] += int(won_solo or 0)
                with_hands.add(table_id)
            for table_id, player_id, points, entered in s.execute(
                select(SheetEntry.table_id, SheetEntry.player_id, SheetEntry.points, SheetEntry.soli).where(SheetEntry.table_id.in_(ids))
            ):
                sums[(table_id, player_id)] = points
                soli[player_id] += entered
                with_hands.add(table_id)
            rounds: list[list[dict[int, int | None]]] = [[] for _ in range(upto)]
            for round_number, table_id in tables:
                played = table_id in with_hands
                rounds[round_number - 1].append(
                    {p: (sums.get((table_id, p), 0) if played else None) for p in seats[table_id]}
                )
            entrants = {e.player_id: e for e in self._entrants(s, t)}
            ranked = ranking.standings(list(entrants), rounds, soli, t.wertung)
            rows = tuple(
                StandingRow(
                    r.rank,
                    entrants[r.player].number,
                    entrants[r.player].player.name,
                    int(r.score),
                    r.points,
                    r.soli,
                    r.rounds,
                    entrants[r.player].withdrawn,
                )
                for r in ranked
            )
            return StandingsView(self._info(s, t), upto, rows)

    # -- helpers --------------------------------------------------------------------------------------

    def _tournament(self, s: Session, tournament_id: int | None, for_update: bool = False) -> Tournament:
        if tournament_id is None:
            value = s.scalar(select(LedgerState.value).where(LedgerState.key == ACTIVE_KEY))
            if value is None:
                raise SettingsError(
                    _("there is no active tournament; start one with `schreiber tournament new` or choose one with `schreiber tournament use ID`.")
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

    def _entrants(self, s: Session, t: Tournament) -> list[Entrant]:
        return list(s.scalars(select(Entrant).where(Entrant.tournament_id == t.id).order_by(Entrant.number)))

    def _entrant(self, s: Session, t: Tournament, typed: str, option: str) -> Entrant:
        entrants = self._entrants(s, t)
        by_name = {e.player.name: e for e in entrants}
        return by_name[pick(typed, by_name, option, _("a player of this tournament"))]

    def _rounds(self, s: Session, t: Tournament) -> list[TournamentRound]:
        return list(
            s.scalars(select(TournamentRound).where(TournamentRound.tournament_id == t.id).order_by(TournamentRound.number))
        )

    def _last_round(self, s: Session, t: Tournament) -> int | None:
        return s.scalar(select(func.max(TournamentRound.number)).where(TournamentRound.tournament_id == t.id))

    def _round_number(self, s: Session, t: Tournament, round_: int | None) -> int:
        last = self._last_round(s, t)
        if last is None:
            raise SettingsError(_("{name} has no round drawn yet; `schreiber tournament draw` draws one.").format(name=t.name))
        if round_ is None:
            return last
        if not 1 <= round_ <= last:
            raise SettingsError(
                _("--round: {name} has rounds 1–{last} drawn, not {round}.").format(name=t.name, last=last, round=round_)
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
        ids = select(TournamentTable.table_id).where(TournamentTable.tournament_id == t.id, TournamentTable.round == number)
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
        sheets = set(s.scalars(select(SheetEntry.table_id).where(SheetEntry.table_id.in_(ids)).distinct()))
        grouped: dict[int, tuple[int, list[str], list[int]]] = {}
        for table, table_id, name, start in rows:
            grouped.setdefault(table, (table_id, [], []))
            grouped[table][1].append(name)
            grouped[table][2].append(start or 0)
        tables = tuple(
            TablePlan(table, table_id, tuple(names), tuple(numbers), hands.get(table_id, 0), table_id in sheets)
            for table, (table_id, names, numbers) in sorted(grouped.items())
        )
        return RoundPlan(self._info(s, t), number, drawn.seed, drawn.repeats, tables)

    def _info(self, s: Session, t: Tournament) -> TournamentInfo:
        counts = dict(
            s.execute(
                select(Entrant.withdrawn, func.count()).where(Entrant.tournament_id == t.id).group_by(Entrant.withdrawn)
            ).all()
        )
        active = s.scalar(select(LedgerState.value).where(LedgerState.key == ACTIVE_KEY))
        return TournamentInfo(
            id=t.id,
            name=t.name,
            rules=t.rules,
            settings=dict(t.settings),
            wertung=t.wertung,
            rounds=t.rounds,
            hands=t.hands or HANDS_BY_RULES.get(t.rules, 32),
            date=t.date,
            seed=t.seed,
            players=sum(counts.values()),
            withdrawn=counts.get(True, 0),
            drawn=self._last_round(s, t) or 0,
            active=active is not None and int(active) == t.id,
        )


def _set_active(s: Session, tournament_id: int) -> None:
    state = s.get(LedgerState, ACTIVE_KEY)
    if state is None:
        s.add(LedgerState(key=ACTIVE_KEY, value=str(tournament_id)))
    else:
        state.value = str(tournament_id)


__all__ = ["RoundPlan", "StandingRow", "StandingsView", "TablePlan", "TournamentInfo", "Tournaments"]
