"""Results and standings: a table's paper sheet, the sheets entered, and the ranking after a round."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

from schreiber.ledger import corrections, double_entry, sheets, standings, table_results
from schreiber.ledger.corrections import Entered
from schreiber.ledger.sheets import SheetView, TypedSheet
from schreiber.ledger.standings import StandingsView
from schreiber.store.models import Tournament, TournamentTable
from schreiber.ledger.tournament.plans import TournamentInfo


class Results:
    """Sheets and standings."""

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

    def queue(self, tournament_id: int | None = None) -> list[double_entry.Queued]:
        """With double entry: the sheets whose two entries differ, with the fields that differ."""
        with self.ledger.transaction() as s:
            return double_entry.queue(s, self._tournament(s, tournament_id))

    def entries(self, round_: int, table: int, tournament_id: int | None = None) -> list[dict]:
        """With double entry: the entries waiting for one table, in the order typed (the organiser picks one)."""
        with self.ledger.transaction() as s:
            return double_entry.entries(s, self._tournament(s, tournament_id), round_, table)

    def unconfirmed(self, tournament_id: int | None = None) -> int:
        """With double entry: the sheets typed once, or whose two entries differ."""
        with self.ledger.transaction() as s:
            return double_entry.unconfirmed(s, self._tournament(s, tournament_id))

    # -- standings ----------------------------------------------------------------------------------

    def standings(self, round_: int | None = None, tournament_id: int | None = None) -> StandingsView:
        """The ranking after round `round_` (default: every drawn round)."""
        with self.ledger.transaction() as s:
            return self._standings(s, self._tournament(s, tournament_id), round_)

    def standings_of(self, tournament_ids: Sequence[int]) -> list[StandingsView]:
        """The rankings after every drawn round of several tournaments (a season's), read in one transaction
        with as many queries as one tournament's, each with its sheets not confirmed (double entry)."""
        with self.ledger.transaction() as s:
            found = {t.id: t for t in s.scalars(select(Tournament).where(Tournament.id.in_(tournament_ids)))}
            ts = [found[tid] if tid in found else self._tournament(s, tid) for tid in tournament_ids]
            infos = self._infos(s, ts)
            results = table_results.read(
                s, list(found), select(TournamentTable).where(TournamentTable.tournament_id.in_(list(found)))
            )
            waiting = double_entry.unconfirmed_of(s, list(found))
            return [
                dataclasses.replace(
                    self._rank(t, infos[t.id].drawn, results[t.id], infos[t.id]), unconfirmed=waiting.get(t.id, 0)
                )
                for t in ts
            ]

    def _standings(self, s: Session, t: Tournament, round_: int | None) -> StandingsView:
        info = self._info(s, t)
        upto = self._round_number(s, t, round_) if round_ is not None else info.drawn
        tables = select(TournamentTable).where(TournamentTable.tournament_id == t.id, TournamentTable.round <= upto)
        view = self._rank(t, upto, table_results.read(s, [t.id], tables)[t.id], info)
        return dataclasses.replace(view, unconfirmed=double_entry.unconfirmed(s, t))

    def _rank(
        self, t: Tournament, upto: int, results: table_results.TableResults, info: TournamentInfo
    ) -> StandingsView:
        return standings.rank(t, upto, results, info, self._play(t))
