"""Double entry (`tournament set doppelt=ja`, issue 41): every sheet is typed twice; it counts once two entries
agree. An entry waits in `sheet_draft` as the sheet it would store; a disagreement waits with both entries (the
queue of `tournament sheets --offen`) until a third equal to one of them, or the organiser's `--replace`, decides.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from schreiber.i18n import N_, _
from schreiber.ledger.sheets import SheetView
from schreiber.rules.model import SettingsError
from schreiber.scoring import settings
from schreiber.store.models import SheetDraft, SheetEntry, Table, Tournament, TournamentTable

FIRST, AGREE, DIFFER, DECIDED = "first", "agree", "differ", "decided"
FIELDS = ("points", "soli", "won", "lost")
WORDS = {"points": N_("points"), "soli": N_("Soli"), "won": N_("games won"), "lost": N_("games lost")}


@dataclass(frozen=True)
class Queued:
    """A sheet whose two entries differ: where it is, and the fields that differ."""

    round: int
    table: int
    differences: tuple[str, ...]


def on(t: Tournament) -> bool:
    """The tournament's sheets are typed twice."""
    return bool(settings.tournament_value(t.settings or {}, "doppelt"))


def pending(s: Session, table_id: int) -> bool:
    """The table has entries waiting (and so no sheet yet)."""
    return bool(s.scalar(select(func.count()).select_from(SheetDraft).where(SheetDraft.table_id == table_id)))


def _kept(view: SheetView) -> dict[str, Any]:
    lines = [[line.number, line.name, *(getattr(line, key) for key in FIELDS)] for line in view.lines]
    return {"lines": lines, "thrown": view.thrown}


def differences(a: dict[str, Any], b: dict[str, Any]) -> tuple[str, ...]:
    """ "Anna (3): points 100 / 120", one per field that differs, in seat order; the thrown-in hands last."""
    out = []
    for x, y in zip(a["lines"], b["lines"]):
        for key, p, q in zip(FIELDS, x[2:], y[2:]):
            if p != q:
                out.append(
                    _("{name} ({number}): {field} {one} / {other}").format(
                        name=x[1], number=x[0], field=_(WORDS[key]), one=p, other=q
                    )
                )
    if a["thrown"] != b["thrown"]:
        out.append(_("thrown-in hands {one} / {other}").format(one=a["thrown"], other=b["thrown"]))
    return tuple(out)


def settle(
    s: Session, stored: Table, view: SheetView, was_closed: bool, round_: int, table: int
) -> tuple[str, tuple[str, ...]]:
    """The sheet just entered (`view`, stored as the table's sheet) taken as one entry: kept when it agrees with one
    waiting, else taken back and kept waiting. An entry equal to neither of two that differ is refused."""
    drafts = list(s.scalars(select(SheetDraft).where(SheetDraft.table_id == stored.id).order_by(SheetDraft.entry)))
    mine = _kept(view)
    if any(d.sheet == mine for d in drafts):
        s.execute(delete(SheetDraft).where(SheetDraft.table_id == stored.id))
        return AGREE, ()
    if len(drafts) >= 2:
        raise SettingsError(
            _(
                "round {round} table {table}: this entry equals neither of the two that differ; type the sheet as "
                "one of them, or decide with --replace."
            ).format(round=round_, table=table)
        )
    s.execute(delete(SheetEntry).where(SheetEntry.table_id == stored.id))
    stored.closed = was_closed
    s.add(SheetDraft(table_id=stored.id, entry=len(drafts) + 1, sheet=mine))
    s.flush()
    if not drafts:
        return FIRST, ()
    return DIFFER, differences(drafts[0].sheet, mine)


def decided(s: Session, table_id: int) -> None:
    """The organiser's `--replace` decided: the entries waiting go."""
    s.execute(delete(SheetDraft).where(SheetDraft.table_id == table_id))


def _drafts(s: Session, t: Tournament) -> dict[tuple[int, int], list[dict[str, Any]]]:
    out: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for round_, number, sheet in s.execute(
        select(TournamentTable.round, TournamentTable.number, SheetDraft.sheet)
        .join(SheetDraft, SheetDraft.table_id == TournamentTable.table_id)
        .where(TournamentTable.tournament_id == t.id)
        .order_by(TournamentTable.round, TournamentTable.number, SheetDraft.entry)
    ):
        out.setdefault((round_, number), []).append(sheet)
    return out


def entries(s: Session, t: Tournament, round_: int, table: int) -> list[dict[str, Any]]:
    """The entries waiting for round `round_` table `table`, in the order typed: each {"lines": [[number, name,
    points, soli, won, lost], …], "thrown": N}."""
    return list(
        s.scalars(
            select(SheetDraft.sheet)
            .join(TournamentTable, TournamentTable.table_id == SheetDraft.table_id)
            .where(
                TournamentTable.tournament_id == t.id,
                TournamentTable.round == round_,
                TournamentTable.number == table,
            )
            .order_by(SheetDraft.entry)
        )
    )


def unconfirmed(s: Session, t: Tournament) -> int:
    """The sheets typed once or whose entries differ (counted by the database: the standings ask on every page)."""
    return (
        s.scalar(
            select(func.count(func.distinct(SheetDraft.table_id)))
            .join(TournamentTable, TournamentTable.table_id == SheetDraft.table_id)
            .where(TournamentTable.tournament_id == t.id)
        )
        or 0
    )


def unconfirmed_of(s: Session, tournament_ids: list[int]) -> dict[int, int]:
    """`unconfirmed` of several tournaments (a season's) in one query: id → count, 0 where none waits."""
    counted = dict(
        s.execute(
            select(TournamentTable.tournament_id, func.count(func.distinct(SheetDraft.table_id)))
            .join(TournamentTable, TournamentTable.table_id == SheetDraft.table_id)
            .where(TournamentTable.tournament_id.in_(tournament_ids))
            .group_by(TournamentTable.tournament_id)
        ).all()
    )
    return {tid: int(counted.get(tid, 0)) for tid in tournament_ids}


def queue(s: Session, t: Tournament) -> list[Queued]:
    """The sheets whose two entries differ, by round and table."""
    return [
        Queued(round_, table, differences(kept[0], kept[1]))
        for (round_, table), kept in _drafts(s, t).items()
        if len(kept) >= 2
    ]
