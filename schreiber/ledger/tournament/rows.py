"""The rows a tournament command reads inside its transaction: the tournament, its rounds, tables, entrants and plans."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from schreiber.i18n import _
from schreiber.ledger.series import Play, play_of
from schreiber.ledger.service import Ledger
from schreiber.rules.model import SettingsError
from schreiber.store.models import (
    LIVE,
    Entrant,
    HandRecord,
    LedgerState,
    Player,
    Table,
    Seat,
    SheetEntry,
    Tournament,
    TournamentRound,
    TournamentTable,
)
from schreiber.ledger.tournament.plans import ACTIVE_KEY, RoundPlan, TablePlan, TournamentInfo


class Rows:
    """The reads the tournament commands share, each inside a transaction the caller holds."""

    ledger: Ledger

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
        states = table_states(s, ids)
        play = self._play(t)
        hands_per_round = t.hands or play.hands
        grouped: dict[int, tuple[int, list[str], list[int]]] = {}
        for table, table_id, name, start in rows:
            grouped.setdefault(table, (table_id, [], []))
            grouped[table][1].append(name)
            grouped[table][2].append(start or 0)
        tables = table_plans(grouped, states, play, hands_per_round)
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


def table_states(s: Session, tables: Any) -> tuple[dict[int, int], set[int], set[int]]:
    """Of the tables (ids, or a select of them): each one's live hands, those with a sheet, those closed."""
    hands = dict(
        s.execute(
            select(HandRecord.table_id, func.count())
            .where(HandRecord.table_id.in_(tables), HandRecord.status == LIVE)
            .group_by(HandRecord.table_id)
        ).all()
    )
    with_sheet = set(s.scalars(select(SheetEntry.table_id).where(SheetEntry.table_id.in_(tables)).distinct()))
    closed = set(s.scalars(select(Table.id).where(Table.id.in_(tables), Table.closed)))
    return hands, with_sheet, closed


def table_plans(
    grouped: dict[int, tuple[int, list[str], list[int]]],
    states: tuple[dict[int, int], set[int], set[int]],
    play: Play,
    per_round: int,
) -> tuple[TablePlan, ...]:
    """A round's tables in order, from who sits where (table -> its id, names, start numbers) and table_states."""
    hands, with_sheet, closed = states
    return tuple(
        TablePlan(
            table,
            table_id,
            tuple(names),
            tuple(numbers),
            hands.get(table_id, 0),
            table_id in with_sheet,
            table_id in closed,
            play.hands_at(per_round, len(names)),
        )
        for table, (table_id, names, numbers) in sorted(grouped.items())
    )
