"""The seat draw: draw a round (again), take it back, close a table whose time is up, show a round's plan."""

from __future__ import annotations

import secrets

from collections.abc import Sequence

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from schreiber.i18n import _
from schreiber.ledger import prizes
from schreiber.ledger.drawn import remove_tables, seat_table
from schreiber.ledger.standings import Unfinished
from schreiber.rules.model import SettingsError
from schreiber.scoring import seating, settings as settings_registry
from schreiber.store.models import (
    Entrant,
    Player,
    Seat,
    Tournament,
    TournamentRound,
    TournamentTable,
)
from schreiber.ledger.tournament.plans import RoundPlan, TablePlan, TournamentInfo
from schreiber.ledger.tournament.rows import table_plans, table_states
from schreiber.ledger.tournament.teams import separated


class Draws:
    """Draw, take back and close rounds and tables."""

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
                [e.player_id for e in entrants],
                met,
                seed=seed,
                ahead=t.rounds - number,
                sizes=self._play(t).sizes,
                apart=separated(s, t),
                round_=number,
            )
            if redraw:
                self._remove_round(s, t, number)
            s.add(TournamentRound(tournament_id=t.id, number=number, seed=str(seed), repeats=result.repeats))
            for i, people in enumerate(result.tables, start=1):
                table = seat_table(
                    s,
                    _("{name}, round {round}, table {table}").format(name=t.name, round=number, table=i),
                    t.rules,
                    {k: v for k, v in t.settings.items() if not settings_registry.known(k)},
                    t.date,
                    people,
                )
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

    def plans_of(self, infos: Sequence[TournamentInfo]) -> dict[int, list[RoundPlan]]:
        """The seat plans of every drawn round of several tournaments (`publish`), read in one transaction with
        as many queries as one round's plan: each the same as `plan(round, tournament)` gives."""
        ids = [info.id for info in infos]
        with self.ledger.transaction() as s:
            ts = {t.id: t for t in s.scalars(select(Tournament).where(Tournament.id.in_(ids)))}
            drawn = {
                (r.tournament_id, r.number): r
                for r in s.scalars(select(TournamentRound).where(TournamentRound.tournament_id.in_(ids)))
            }
            rows = list(
                s.execute(
                    select(
                        TournamentTable.tournament_id,
                        TournamentTable.round,
                        TournamentTable.number,
                        TournamentTable.table_id,
                        Player.name,
                        Entrant.number,
                    )
                    .join(Seat, Seat.table_id == TournamentTable.table_id)
                    .join(Player, Player.id == Seat.player_id)
                    .outerjoin(
                        Entrant,
                        (Entrant.player_id == Seat.player_id)
                        & (Entrant.tournament_id == TournamentTable.tournament_id),
                    )
                    .where(TournamentTable.tournament_id.in_(ids))
                    .order_by(
                        TournamentTable.tournament_id, TournamentTable.round, TournamentTable.number, Seat.position
                    )
                )
            )
            tables = select(TournamentTable.table_id).where(TournamentTable.tournament_id.in_(ids))
            states = table_states(s, tables)
            plays = {tid: self._play(t) for tid, t in ts.items()}
        grouped: dict[tuple[int, int], dict[int, tuple[int, list[str], list[int]]]] = {}
        for tid, round_number, table, table_id, name, start in rows:
            seated = grouped.setdefault((tid, round_number), {}).setdefault(table, (table_id, [], []))
            seated[1].append(name)
            seated[2].append(start or 0)
        out: dict[int, list[RoundPlan]] = {}
        for info in infos:
            play, t = plays[info.id], ts[info.id]
            per_round = t.hands or play.hands
            out[info.id] = [
                RoundPlan(
                    info,
                    number,
                    drawn[info.id, number].seed,
                    drawn[info.id, number].repeats,
                    table_plans(grouped.get((info.id, number), {}), states, play, per_round),
                )
                for number in range(1, info.drawn + 1)
            ]
        return out

    def _remove_round(self, s: Session, t: Tournament, number: int) -> None:
        old = list(
            s.scalars(
                select(TournamentTable.table_id).where(
                    TournamentTable.tournament_id == t.id, TournamentTable.round == number
                )
            )
        )
        s.execute(delete(TournamentTable).where(TournamentTable.tournament_id == t.id, TournamentTable.round == number))
        remove_tables(s, old)
        s.execute(
            delete(TournamentRound).where(TournamentRound.tournament_id == t.id, TournamentRound.number == number)
        )
        s.flush()


def _still_playing(u: Unfinished) -> str:
    return _("round {round}: table {table} is still playing ({hands} of {of} hands)").format(
        round=u.round, table=u.table, hands=u.hands, of=u.of
    )
