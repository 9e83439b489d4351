"""A sheet as the desk types it (issue 41): players by name, by start number, or bare values in seat
order as the seat plan prints them, turned into the table's names before the sheet is checked."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

from schreiber.i18n import _, ngettext
from schreiber.ledger.sheets import TypedSheet
from schreiber.rules.model import SettingsError
from schreiber.store.models import Entrant, Player, Seat, Table, Tournament, TournamentTable


def by_name(s: Session, t: Tournament, round_: int, table: int, stored: Table, sheet: TypedSheet) -> TypedSheet:
    """The sheet with every player named as the table spells him; a start number not at this table, or a
    count of bare values other than the table's seats, is refused in one sentence."""
    seated = [seat.player.name for seat in stored.seats]
    if sheet.values:
        if len(sheet.values) != len(seated):
            raise SettingsError(
                ngettext(
                    "table {table} of round {round} seats {seats} players; {count} value given.",
                    "table {table} of round {round} seats {seats} players; {count} values given.",
                    len(sheet.values),
                ).format(table=table, round=round_, seats=len(seated), count=len(sheet.values))
            )
        points: Sequence[tuple[str | int, int]] = list(zip(seated, sheet.values, strict=True))
    else:
        points = sheet.points
    keyed = (points, sheet.soli, sheet.won, sheet.lost)
    if not any(isinstance(key, int) for pairs in keyed for key, _v in pairs):
        return dataclasses.replace(sheet, points=points, values=())
    ids = {seat.player_id for seat in stored.seats}
    entrants = {e.number: e for e in s.scalars(select(Entrant).where(Entrant.tournament_id == t.id))}
    options = ("NUMBER=POINTS", "--soli", "--won", "--lost")
    named = [[(_name(s, t, round_, table, ids, entrants, key, o), v) for key, v in p] for p, o in zip(keyed, options)]
    return dataclasses.replace(sheet, points=named[0], soli=named[1], won=named[2], lost=named[3], values=())


def _name(
    s: Session, t: Tournament, round_: int, table: int, ids: set[int], entrants: dict[int, Entrant], key, option: str
) -> str:
    """The name behind a start number at this table (a name stays as typed, for the sheet's own checks)."""
    if not isinstance(key, int):
        return key
    entrant = entrants.get(key)
    if entrant is None:
        raise SettingsError(
            _("{option}: no player of this tournament has start number {number}.").format(option=option, number=key)
        )
    if entrant.player_id in ids:
        return entrant.player.name
    elsewhere = s.scalar(
        select(TournamentTable.number)
        .join(Seat, Seat.table_id == TournamentTable.table_id)
        .where(
            TournamentTable.tournament_id == t.id, TournamentTable.round == round_, Seat.player_id == entrant.player_id
        )
    )
    who = s.get(Player, entrant.player_id).name
    if elsewhere is None:
        raise SettingsError(
            _("{option}: {name} ({number}) has no seat in round {round}.").format(
                option=option, name=who, number=key, round=round_
            )
        )
    raise SettingsError(
        _("{option}: {name} ({number}) sits at table {other} of round {round}, not at table {table}.").format(
            option=option, name=who, number=key, other=elsewhere, round=round_, table=table
        )
    )
