"""What `tournament result` prints beyond the stored sheet: what a replacing sheet drops, and for
`--dry-run` the sheet, the drops and the standings' moves with nothing stored (CLI.md, issue 37)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from schreiber.cli.terminal import echo, grid, tint, wrapped
from schreiber.cli.tournament_render import entered as stored_sheet, sheet_text
from schreiber.i18n import _, ngettext
from schreiber.views.text import and_list

if TYPE_CHECKING:
    from collections.abc import Sequence

    from schreiber.ledger.corrections import Entered
    from schreiber.ledger.double_entry import Queued


def dropped_entries(done: Entered) -> tuple[str, int]:
    """ "Anna's 2 lost games and 1 Solo", and a count for the verb (1: one thing, singular); ("", 0) for none."""
    phrases, things = [], 0
    for gone in done.dropped:
        items = []
        if gone.lost:
            items.append(ngettext("{count} lost game", "{count} lost games", gone.lost).format(count=gone.lost))
        if gone.won:
            items.append(ngettext("{count} won game", "{count} won games", gone.won).format(count=gone.won))
        if gone.soli:
            items.append(ngettext("{count} Solo", "{count} Soli", gone.soli).format(count=gone.soli))
        phrases.append(_("{name}'s {entries}").format(name=gone.name, entries=and_list(items)))
        things += sum((gone.soli, gone.won, gone.lost)) if len(items) == 1 else 2
    if done.thrown_dropped:
        phrases.append(
            ngettext(
                "the table's {count} thrown-in hand", "the table's {count} thrown-in hands", done.thrown_dropped
            ).format(count=done.thrown_dropped)
        )
        things += done.thrown_dropped
    return and_list(phrases), (1 if len(phrases) == 1 and things == 1 else 2 if phrases else 0)


def entered(round_: int, done: Entered, replaced: bool = False) -> None:
    """The sheet as stored (or, with --dry-run, as it would be) and what it drops."""
    if done.double:
        return _double(round_, done)
    entries, count = dropped_entries(done)
    if done.stored:
        stored_sheet(round_, done.plan, done.sheet, replaced=replaced)
        if count:
            echo(
                wrapped(
                    ngettext(
                        "replaced: {entries} is no longer on this sheet.",
                        "replaced: {entries} are no longer on this sheet.",
                        count,
                    ).format(entries=entries)
                )
            )
        return
    echo(
        wrapped(
            _("Dry run, nothing is stored. The sheet of round {round} table {table} would read:").format(
                round=round_, table=done.plan.table
            )
        )
    )
    echo(wrapped("  " + sheet_text(done.sheet.lines, done.sheet.thrown)))
    if count:
        echo(
            wrapped(
                ngettext(
                    "{entries} would no longer be on this sheet.", "{entries} would no longer be on this sheet.", count
                ).format(entries=entries[:1].upper() + entries[1:])
            )
        )
    if done.moves:
        echo(_("The standings would move:"))
        for m in done.moves:
            echo(
                wrapped(
                    "  "
                    + _("{name} ({number}): rank {rank} → {new_rank}, score {score} → {new_score}").format(
                        name=m.name,
                        number=m.number,
                        rank=m.rank,
                        new_rank=m.new_rank,
                        score=m.score,
                        new_score=m.new_score,
                    )
                )
            )
    else:
        echo(_("The standings would not move."))
    if done.refused:
        echo(wrapped(_("Stored, it would be refused: {reason}").format(reason=done.refused)))


def _double(round_: int, done: Entered) -> None:
    """One entry of a sheet typed twice: the sheet as typed, and whether it waits, counts, or differs."""
    where = {"round": round_, "table": done.plan.table}
    if done.double in ("agree", "decided"):
        stored_sheet(round_, done.plan, done.sheet)
        echo(
            _("entries agree: the sheet counts")
            if done.double == "agree"
            else _("the organiser decides: this sheet counts, the entries that differed are gone")
        )
        return
    echo(wrapped("  " + sheet_text(done.sheet.lines, done.sheet.thrown)))
    if done.double == "first":
        echo(wrapped(_("entry 1 of 2 for round {round} table {table} stored; waiting for the second").format(**where)))
        return
    echo(
        wrapped(
            _("entries differ: {fields}, in the queue (tournament sheets --offen)").format(
                fields="; ".join(done.differences)
            )
        )
    )


def queue(queued: Sequence[Queued]) -> None:
    """`tournament sheets --offen`: each sheet whose two entries differ, with the fields that differ."""
    if not queued:
        echo(_("No sheet waits: no two entries differ."))
        return
    echo(
        tint(
            grid(
                [[str(q.round), str(q.table), "; ".join(q.differences)] for q in queued],
                [_("round"), _("table"), _("differs (entry 1 / entry 2)")],
                left=(2,),
            )
        )
    )
