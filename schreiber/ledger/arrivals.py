"""The door before and on the day (issue 41): registrations in advance, read from a list too, a field
capped at `plaetze` with a waiting list that moves up by itself, and arrival at the door."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from schreiber import csvio
from schreiber.i18n import _
from schreiber.ledger import registration
from schreiber.ledger.registration import EntrantView, Registered
from schreiber.ledger.season import CheckedIn, SeasonEntrant, Seasons
from schreiber.ledger.tournament import Tournaments
from schreiber.rules.numbers import whole
from schreiber.rules.model import SettingsError

if TYPE_CHECKING:
    from schreiber.ledger.service import Ledger


@dataclass(frozen=True)
class Places:
    """The field after `tournament set plaetze=N`: its places, how many have one, who moved up, who waits."""

    plaetze: int | None
    placed: int
    moved_up: tuple[EntrantView, ...]
    waiting: tuple[EntrantView, ...]


@dataclass(frozen=True)
class Listed:
    """A list of registrations read in: what `register` did (its kategorien column kept, TEAMS.md §10.2)."""

    registered: Registered


@dataclass(frozen=True)
class Door:
    """Who of the field has not arrived, and the waiting list in order."""

    absent: tuple[EntrantView, ...]
    waiting: tuple[EntrantView, ...]


# Columns of a registration list; kategorien (damen,senioren) sets the register's categories, which the registration
# copies (TEAMS.md §10.2 rule 1); an empty cell leaves the register as it is.
NAME, NUMBER, KATEGORIEN = "name", "number", "kategorien"


class Arrivals:
    """The door's commands over an open ledger, one transaction each."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger
        self.tournaments = Tournaments(ledger)

    def register(
        self,
        names: Sequence[str],
        number: int | None = None,
        vorab: bool = False,
        tournament_id: int | None = None,
        kategorien: str | None = None,
    ) -> Registered:
        """Register players; `vorab`: in advance, so not arrived yet (and not drawn until they are). `kategorien`
        (`--kategorie K,…`, TEAMS.md §10.2): their register's categories, which the registrations copy."""
        with self.ledger.transaction() as s:
            t = self.tournaments._tournament(s, tournament_id, for_update=True)
            if kategorien is not None:
                from schreiber.ledger import categories

                kategorien = categories.kept(categories.words(kategorien, "--kategorie", t)) or ""
            return registration.register(s, t, names, number, self.ledger.player, vorab=vorab, kategorien=kategorien)

    def register_from(self, path: str, tournament_id: int | None = None) -> Listed:
        """Register in advance everyone of a list (CSV with a `name` column, optional `number`), in its order."""
        rows = csvio.read_list(path)
        header = set(rows[0]) if rows else set()
        if NAME not in header:
            raise SettingsError(
                _("--from: {path} has no column name; its first line names the columns (name, number).").format(
                    path=path
                )
            )
        wanted: list[tuple[str, int | None]] = []
        kinds: list[tuple[int, str | None]] = []  # each row's line and its kategorien cell (None: empty or no column)
        for line, row in enumerate(rows, start=2):
            name, number = row.get(NAME, "").strip(), row.get(NUMBER, "").strip()
            if not name:
                raise SettingsError(_("--from: line {line} of {path} has no name.").format(line=line, path=path))
            if number and not number.isdigit():
                raise SettingsError(
                    _("--from: line {line} of {path} has the number {number}; give a start number 1 or more.").format(
                        line=line, path=path, number=repr(number)
                    )
                )
            wanted.append((name, whole(number) if number else None))
            kinds.append((line, row.get(KATEGORIEN, "").strip() or None))
        registration.typed_names([n for n, _number in wanted], None)  # empty and twice-given names, before any
        entrants: list[EntrantView] = []
        close: list = []
        with self.ledger.transaction() as s:
            t = self.tournaments._tournament(s, tournament_id, for_update=True)
            from schreiber.ledger import categories

            cells = [
                None if cell is None else categories.kept(categories.words(cell, f"--from: line {line}", t)) or ""
                for line, cell in kinds
            ]
            done = None
            for (name, number), cell in zip(wanted, cells):
                done = registration.register(s, t, [name], number, self.ledger.player, vorab=True, kategorien=cell)
                entrants += done.entrants
                close += done.close
        drawn = done.drawn if done else None
        return Listed(Registered(tuple(entrants), tuple(close), drawn))

    def places(self, moved_up: Sequence[EntrantView] = (), tournament_id: int | None = None) -> Places:
        """The field as `tournament set plaetze=N` left it: its cap, who has a place, `moved_up`, who waits."""
        with self.ledger.transaction() as s:
            t = self.tournaments._tournament(s, tournament_id)
            everyone = registration.entrants(s, t)
            return Places(
                t.plaetze,
                sum(1 for e in everyone if e.waiting is None),
                tuple(moved_up),
                _waiting(everyone),
            )

    def door(self, tournament_id: int | None = None) -> Door:
        """Who has a place and has not arrived (not withdrawn), and who waits."""
        with self.ledger.transaction() as s:
            everyone = registration.entrants(s, self.tournaments._tournament(s, tournament_id))
            absent = tuple(
                registration.view(e) for e in everyone if not e.arrived and e.waiting is None and not e.withdrawn
            )
            return Door(absent, _waiting(everyone))

    def checkin(self, words: Sequence[str], tournament_id: int | None = None) -> CheckedIn:
        """Mark players as arrived, by start number or whole name; in a season's tournament a season player
        not registered yet is registered at the door (Seasons.checkin)."""
        if not words or any(not w.strip() for w in words):
            raise SettingsError(_("NAME|NUMBER: name the players to check in, by start number or name."))
        with self.ledger.transaction() as s:
            t = self.tournaments._tournament(s, tournament_id)
            if t.season_id is None:
                found = []
                for word in words:
                    e = registration.find(s, t, word, "NAME|NUMBER")
                    if e not in found:
                        found.append(e)
                now = [e for e in found if not e.arrived]
                for e in now:
                    e.arrived = True
                return CheckedIn(
                    t.id,
                    tuple(SeasonEntrant(e.number, e.player.name) for e in now),
                    tuple(SeasonEntrant(e.number, e.player.name) for e in found if e not in now),
                )
            tid = t.id
        return Seasons(self.ledger).checkin(words, tid)


def _waiting(everyone: Sequence) -> tuple[EntrantView, ...]:
    return tuple(registration.view(e) for e in sorted(everyone, key=lambda e: e.waiting or 0) if e.waiting is not None)
