"""What the door's commands print (issue 41): a list read in, the waiting list moving up, the places of
the field, and after a draw who has not arrived."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from schreiber.cli.terminal import echo, wrapped
from schreiber.cli.tournament_render import registered
from schreiber.i18n import _, ngettext

if TYPE_CHECKING:
    from schreiber.ledger.arrivals import Door, Listed, Places
    from schreiber.ledger.registration import EntrantView


def _names(people: Sequence[EntrantView]) -> str:
    return ", ".join(f"{e.name} ({e.number})" for e in people)


def listed(done: Listed) -> None:
    registered(done.registered)
    waiting = sum(1 for e in done.registered.entrants if e.waiting is not None)
    echo(
        wrapped(
            ngettext(
                "{count} player registered in advance ({waiting} on the waiting list).",
                "{count} players registered in advance ({waiting} on the waiting list).",
                len(done.registered.entrants),
            ).format(count=len(done.registered.entrants), waiting=waiting)
        )
    )


def moved_up(people: Sequence[EntrantView]) -> None:
    for e in people:
        echo(
            _("Moved up from the waiting list: {name} ({number}) has a place now.").format(name=e.name, number=e.number)
        )


def door(seen: Door) -> None:
    """After a draw: who has a place and has not arrived, and who still waits."""
    if seen.absent:
        echo(wrapped(_("not here: {names}.").format(names=_names(seen.absent))))
    if seen.waiting:
        echo(wrapped(_("waiting list: {names}.").format(names=_names(seen.waiting))))


def places(done: Places) -> None:
    if done.plaetze is None:
        echo(_("The field has no cap now; {placed} players have a place.").format(placed=done.placed))
    else:
        echo(
            wrapped(
                _("The field has {plaetze} places; {placed} are taken, {waiting} on the waiting list.").format(
                    plaetze=done.plaetze, placed=done.placed, waiting=len(done.waiting)
                )
            )
        )
    moved_up(done.moved_up)
