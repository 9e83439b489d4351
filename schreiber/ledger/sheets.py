"""A tournament table's paper sheet (RULES.md §6): checked against the table's rule set before it is
stored, corrected by a sheet that replaces it (the replaced one is kept, so every correction can be
traced), and read back for `tournament show`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from schreiber.i18n import _
from schreiber.ledger.names import pick
from schreiber.rules import registry
from schreiber.rules.model import Settings, SettingsError
from schreiber.rules.table import SheetValues
from schreiber.scoring import wertung as wertungen
from schreiber.store.models import (
    LIVE,
    Entrant,
    HandRecord,
    Player,
    ReplacedSheetEntry,
    Seat,
    SheetEntry,
    Table,
    Tournament,
    TournamentTable,
)


@dataclass(frozen=True)
class SheetLine:
    """One player's line of a sheet: his points, the Soli he won, his games won and lost as declarer."""

    number: int
    name: str
    points: int
    soli: int = 0
    won: int = 0
    lost: int = 0


@dataclass(frozen=True)
class SheetView:
    """A table's sheet: the one in force (`version` None), or one a correction replaced (`version` 1, 2, …)."""

    round: int
    table: int
    session: int
    lines: tuple[SheetLine, ...]
    thrown: int
    version: int | None = None
    replaced_at: dt.datetime | None = None


@dataclass(frozen=True)
class TypedSheet:
    """A sheet as typed: (name as typed or start number, value) pairs, for the players to be found at the
    table; or `values`, the points bare in seat order (ledger/sheet_keys.py names them)."""

    points: Sequence[tuple[str | int, int]]
    soli: Sequence[tuple[str | int, int]] = ()
    won: Sequence[tuple[str | int, int]] = ()
    lost: Sequence[tuple[str | int, int]] = ()
    thrown: int = 0
    values: Sequence[int] = ()


def hands_at(hands: int, size: int) -> int:
    """The hands a table of `size` plays when a table of 4 plays `hands`: as many for everyone at the
    table (a table of 5 plays 40 for 32, a Skat table of 3 plays 36 for 48), rounded up."""
    return -(-hands * size // 4)


def check(
    rules_name: str, settings: Settings, seated: Sequence[str], sheet: TypedSheet, hands: int
) -> tuple[dict[str, int], dict[str, int], dict[str, int], dict[str, int]]:
    """The sheet's points, Soli, games won and lost by the table's spelling of each name, or the one
    sentence saying why the rule set cannot have written it. `hands`: the hands the table plays."""
    points = _by_name(sheet.points, seated, "NAME=POINTS")
    missing = [n for n in seated if n not in points]
    if missing:
        raise SettingsError(
            _("NAME=POINTS: the sheet names every player of the table; {names} missing.").format(
                names=", ".join(missing)
            )
        )
    soli = _by_name(sheet.soli, seated, "--soli")
    won = _by_name(sheet.won, seated, "--won")
    lost = _by_name(sheet.lost, seated, "--lost")
    for option, counts in (("--soli", soli), ("--won", won), ("--lost", lost)):
        for name, value in counts.items():
            if value < 0:
                raise SettingsError(
                    _("{option}: {name} has {value}; a count is 0 or more.").format(
                        option=option, name=name, value=value
                    )
                )
    if sheet.thrown < 0:
        raise SettingsError(_("--thrown: {value} thrown-in hands; give 0 or more.").format(value=sheet.thrown))
    rules = registry.get(rules_name)
    if rules.zero_sum:
        if sum(points.values()) != 0:
            raise SettingsError(
                _("NAME=POINTS: {rules} is zero-sum, so a sheet adds up to 0, not {sum}.").format(
                    rules=rules_name, sum=sum(points.values())
                )
            )
    elif isinstance(rules, SheetValues):  # only the winners are written: nobody below 0
        below = [n for n, v in points.items() if v < 0]
        if below:
            raise SettingsError(
                _("NAME=POINTS: in {rules} nobody has less than 0 points ({name} has {value}).").format(
                    rules=rules_name, name=below[0], value=points[below[0]]
                )
            )
    if isinstance(rules, SheetValues):
        step = rules.sheet_step(settings)
        odd = [n for n, v in points.items() if step > 1 and v % step]
        if odd:
            raise SettingsError(
                _(
                    "NAME=POINTS: {name} has {value}, which no hands of {rules} add up to; at this table every result is a multiple of {step}."
                ).format(name=odd[0], value=points[odd[0]], rules=rules_name, step=step)
            )
        least = rules.least_solo(settings)
        for name, count in soli.items():
            if least and count * least > points[name]:
                raise SettingsError(
                    _("--soli: {count} won Soli are worth at least {least} points, but {name} has {points}.").format(
                        count=count, least=count * least, name=name, points=points[name]
                    )
                )
    if sum(soli.values()) > hands:
        raise SettingsError(
            _("--soli: {count} Soli at a table that plays {hands} hands.").format(count=sum(soli.values()), hands=hands)
        )
    declared = sum(won.values()) + sum(lost.values()) + sheet.thrown
    if declared > hands:
        raise SettingsError(
            _(
                "--won, --lost, --thrown: {count} hands at a table that plays {hands} (each hand has one declarer or was thrown in)."
            ).format(count=declared, hands=hands)
        )
    return points, soli, won, lost


def _must_be_true(
    t: Tournament,
    seated: list[str],
    points: dict[str, int],
    won: dict[str, int],
    lost: dict[str, int],
    soli_given: bool,
) -> None:
    """A rule set that knows what its sheets can say (Skat: games won and lost against the points) refuses one that cannot be."""
    rules = registry.get(t.rules)
    if hasattr(rules, "check_sheet"):
        rules.check_sheet(
            wertungen.get(t.wertung, wertungen.TOURNAMENT), t.settings, seated, points, won, lost, soli_given
        )


def _by_name(pairs: Sequence[tuple[str | int, int]], seated: Sequence[str], option: str) -> dict[str, int]:
    """The pairs by the table's spelling of each name; a player named twice is refused."""
    out: dict[str, int] = {}
    for typed, value in pairs:
        name = pick(str(typed), seated, option, _("a player at this table"))
        if name in out:
            raise SettingsError(
                _("{option}: {name} is named twice; give each player once.").format(option=option, name=name)
            )
        out[name] = value
    return out


def enter(
    s: Session,
    t: Tournament,
    round_: int,
    table: int,
    stored: Table,
    sheet: TypedSheet,
    *,
    hands: int,
    replace: bool,
    where: str | None = None,
) -> None:
    """Store the sheet of round `round_` table `table` (session `stored`), checked; with `replace` the
    sheet in force is kept as replaced and this one takes its place. `where`: how a refusal names the table
    (a league's "Serie 2, table 3"; a tournament's round by default)."""
    if where is None:
        where = _("round {round} table {table}").format(round=round_, table=table)
    seated = {seat.player.name: seat.player_id for seat in stored.seats}
    if s.scalar(select(func.count()).where(HandRecord.table_id == stored.id, HandRecord.status == LIVE)):
        raise SettingsError(
            _(
                "{where} has hands recorded (session {session}); a table has hands or a sheet, not both — "
                "correct its hands with `schreiber edit N --session {session}` or `void N`."
            ).format(where=where, session=stored.id)
        )
    has_sheet = bool(s.scalar(select(func.count()).select_from(SheetEntry).where(SheetEntry.table_id == stored.id)))
    if has_sheet and not replace:
        raise SettingsError(
            _(
                "{where} has its sheet already; to correct it, enter the whole sheet again with --replace "
                "(the old one is kept)."
            ).format(where=where)
        )
    if replace and not has_sheet:
        raise SettingsError(
            _("--replace: {where} has no sheet to replace; enter its sheet without --replace.").format(where=where)
        )
    points, soli, won, lost = check(t.rules, t.settings, list(seated), sheet, hands)
    _must_be_true(t, list(seated), points, won, lost, bool(sheet.soli))
    if replace:
        version = (
            s.scalar(select(func.max(ReplacedSheetEntry.version)).where(ReplacedSheetEntry.table_id == stored.id)) or 0
        ) + 1
        for old in s.scalars(select(SheetEntry).where(SheetEntry.table_id == stored.id)):
            s.add(
                ReplacedSheetEntry(
                    table_id=stored.id,
                    version=version,
                    player_id=old.player_id,
                    points=old.points,
                    soli=old.soli,
                    won=old.won,
                    lost=old.lost,
                    thrown=old.thrown,
                )
            )
        s.execute(delete(SheetEntry).where(SheetEntry.table_id == stored.id))
    for name, value in points.items():
        s.add(
            SheetEntry(
                table_id=stored.id,
                player_id=seated[name],
                points=value,
                soli=soli.get(name, 0),
                won=won.get(name, 0),
                lost=lost.get(name, 0),
                thrown=sheet.thrown,
            )
        )
    # No hand can be added to a table whose sheet is in.
    stored.closed = True
    s.flush()


def sheets(s: Session, t: Tournament, table_id: int | None = None) -> list[SheetView]:
    """Every sheet of the tournament (or of one table), by round and table: the one in force, then the
    ones it replaced, newest first."""
    where = [TournamentTable.tournament_id == t.id] + (
        [TournamentTable.table_id == table_id] if table_id is not None else []
    )
    places = {row.table_id: row for row in s.scalars(select(TournamentTable).where(*where))}
    numbers = dict(s.execute(select(Entrant.player_id, Entrant.number).where(Entrant.tournament_id == t.id)).all())
    grouped: dict[tuple[int, int | None], list[tuple[SheetLine, int, dt.datetime | None]]] = {}
    current = s.execute(
        select(SheetEntry, Player.name)
        .join(Player, Player.id == SheetEntry.player_id)
        .where(SheetEntry.table_id.in_(list(places)))
    )
    for entry, name in current:
        line = SheetLine(numbers.get(entry.player_id, 0), name, entry.points, entry.soli, entry.won, entry.lost)
        grouped.setdefault((entry.table_id, None), []).append((line, entry.thrown, None))
    replaced = s.execute(
        select(ReplacedSheetEntry, Player.name)
        .join(Player, Player.id == ReplacedSheetEntry.player_id)
        .where(ReplacedSheetEntry.table_id.in_(list(places)))
    )
    for entry, name in replaced:
        line = SheetLine(numbers.get(entry.player_id, 0), name, entry.points, entry.soli, entry.won, entry.lost)
        grouped.setdefault((entry.table_id, entry.version), []).append((line, entry.thrown, entry.replaced_at))
    seat_of = _seats(s, list(places))
    out = []
    for (tid, version), rows in grouped.items():
        place = places[tid]
        lines = tuple(line for line, _thrown, _at in sorted(rows, key=lambda r: seat_of[tid].get(r[0].name, 0)))
        out.append(SheetView(place.round, place.number, tid, lines, rows[0][1], version, rows[0][2]))
    out.sort(key=lambda v: (v.round, v.table, v.version is not None, -(v.version or 0)))
    return out


def _seats(s: Session, table_ids: list[int]) -> dict[int, dict[str, int]]:
    """Each table's players by name with their seat, so a sheet reads in seat order as on paper."""
    out: dict[int, dict[str, int]] = {tid: {} for tid in table_ids}
    for table_id, position, name in s.execute(
        select(Seat.table_id, Seat.position, Player.name)
        .join(Player, Player.id == Seat.player_id)
        .where(Seat.table_id.in_(table_ids))
    ):
        out[table_id][name] = position
    return out
