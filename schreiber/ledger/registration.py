"""Who plays a tournament (RULES.md §6): registration with start numbers, taking a mistaken one back,
withdrawing and coming back. A player is named by his whole name or his start number, never by the
start of a name: the wrong Zenzi must not leave the tournament.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from schreiber.i18n import _
from schreiber.ledger import season_numbers
from schreiber.ledger.names import close_names, fold
from schreiber.rules.numbers import digits_only, shortened, whole
from schreiber.rules.model import SettingsError
from schreiber.rules.names import player_name
from schreiber.store.models import (
    Entrant,
    HandRecord,
    Seat,
    SheetEntry,
    Tournament,
    TournamentRound,
    TournamentTable,
    TournamentTeam,
    TournamentTeamMember,
)


@dataclass(frozen=True)
class EntrantView:
    number: int
    name: str
    withdrawn: bool
    arrived: bool = True
    waiting: int | None = None  # his place on the waiting list; None: he has a place in the field
    kategorien: tuple[str, ...] = ()  # the categories his registration carries (TEAMS.md §10.2 rule 1)


def view(e: Entrant) -> EntrantView:
    carried = tuple(c for c in (e.kategorien or "").split(",") if c)
    return EntrantView(e.number, e.player.name, e.withdrawn, e.arrived, e.waiting, carried)


@dataclass(frozen=True)
class Seated:
    """Where a player sits in the newest drawn round, and whether that round has started."""

    round: int
    table: int
    started: bool
    last_round: bool


@dataclass(frozen=True)
class Registered:
    """What `register`, `withdraw` and `unregister` did, and what it means for the rounds drawn."""

    entrants: tuple[EntrantView, ...]
    # Names close to a registered one: (new name, number, the names it is close to).
    close: tuple[tuple[str, int, tuple[str, ...]], ...] = ()
    # The newest drawn round (number, started, the last round of the tournament), when there is one.
    drawn: tuple[int, bool, bool] | None = None
    seated: Seated | None = None
    # Who moved up from the waiting list into the field, in order.
    moved_up: tuple[EntrantView, ...] = ()


def entrants(s: Session, t: Tournament) -> list[Entrant]:
    return list(s.scalars(select(Entrant).where(Entrant.tournament_id == t.id).order_by(Entrant.number)))


def find(s: Session, t: Tournament, typed: str, option: str) -> Entrant:
    """The entrant `typed` names: his start number, or his whole name (case and accents aside)."""
    everyone = entrants(s, t)
    text = typed.strip()
    if digits_only(text.lstrip("#")):
        number = whole(text.lstrip("#"))
        for e in everyone:
            if e.number == number:
                return e
        raise SettingsError(
            _(
                "{option}: no player of {name} has start number {number}; `schreiber tournament show` lists them."
            ).format(option=option, name=t.name, number=shortened(text.lstrip("#")))
        )
    exact = [e for e in everyone if e.player.name.casefold() == text.casefold()] or [
        e for e in everyone if fold(e.player.name) == fold(text)
    ]
    if len(exact) == 1:
        return exact[0]
    meant = [e for e in everyone if fold(e.player.name).startswith(fold(text))] if text else []
    meant = meant or [e for e in everyone if e.player.name in close_names(text, [x.player.name for x in everyone])]
    if meant:
        raise SettingsError(
            _(
                "{option}: no player of {name} is called {typed}; did you mean {who}? Give the whole name or the start number."
            ).format(
                option=option,
                name=t.name,
                typed=repr(typed),
                who=_either([f"{e.player.name} ({e.number})" for e in meant]),
            )
        )
    raise SettingsError(
        _("{option}: no player of {name} is called {typed}; `schreiber tournament show` lists them.").format(
            option=option, name=t.name, typed=repr(typed)
        )
    )


def _either(words: list[str]) -> str:
    return words[0] if len(words) == 1 else _("{names} or {last}").format(names=", ".join(words[:-1]), last=words[-1])


def newest(s: Session, t: Tournament) -> tuple[int, bool, bool] | None:
    """The newest drawn round: its number, whether a hand or sheet is recorded at one of its tables,
    and whether it is the tournament's last round."""
    number = s.scalar(select(func.max(TournamentRound.number)).where(TournamentRound.tournament_id == t.id))
    if number is None:
        return None
    return number, started(s, t, number), number >= t.rounds


def started(s: Session, t: Tournament, number: int) -> bool:
    """A hand (even one voided since) or a sheet is recorded at a table of round `number`."""
    ids = select(TournamentTable.table_id).where(TournamentTable.tournament_id == t.id, TournamentTable.round == number)
    hands = s.scalar(select(func.count()).select_from(HandRecord).where(HandRecord.table_id.in_(ids)))
    sheets = s.scalar(select(func.count()).select_from(SheetEntry).where(SheetEntry.table_id.in_(ids)))
    return bool(hands or sheets)


def seated_in(s: Session, t: Tournament, player_id: int) -> list[tuple[int, int]]:
    """Every (round, table) the player is seated at, in order."""
    return [
        (round_, table)
        for round_, table in s.execute(
            select(TournamentTable.round, TournamentTable.number)
            .join(Seat, Seat.table_id == TournamentTable.table_id)
            .where(TournamentTable.tournament_id == t.id, Seat.player_id == player_id)
            .order_by(TournamentTable.round)
        )
    ]


def typed_names(names: Sequence[str], number: int | None) -> list[str]:
    """The names to register, spaces tidied; refused in one sentence when one is empty or given twice,
    or when `--number` is not 1 or more for one name (tournaments and seasons alike)."""
    if not names or any(not n.split() for n in names):
        raise SettingsError(_("NAME: a player's name cannot be empty."))
    names = [player_name(n, "NAME") for n in names]
    if number is not None and len(names) != 1:
        raise SettingsError(_("--number gives the start number of one player; name one player with it."))
    if number is not None and number < 1:
        raise SettingsError(_("--number must be 1 or more."))
    keys = [n.casefold() for n in names]
    if len(set(keys)) != len(keys):
        raise SettingsError(_("NAME: each player can be registered only once."))
    return names


def register(
    s: Session,
    t: Tournament,
    names: Sequence[str],
    number: int | None,
    player_of,
    vorab: bool = False,
    kategorien: str | None = None,
) -> Registered:
    """Register `names` with the next start numbers (or `number` for one); `player_of(s, name)` finds or
    makes the ledger's player. A name close to a registered one is registered and named in `close`.
    `vorab`: registered in advance, not arrived yet; beyond the tournament's `plaetze` a player waits."""
    names = typed_names(names, number)
    everyone = entrants(s, t)
    taken = {e.player.name_key: e for e in everyone}
    numbers = {e.number for e in everyone}
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
    close = []
    known = {e.player.name: e.number for e in everyone}
    following = max(numbers, default=0)
    placed = sum(1 for e in everyone if e.waiting is None)
    queue = max((e.waiting or 0 for e in everyone), default=0)
    for typed in names:
        player = player_of(s, typed)
        if kategorien is not None:  # `register … --kategorie`: the register's set, which the registration copies
            player.kategorien = kategorien or None
        given = number if number is not None else following + 1
        if t.season_id is not None:  # his permanent season start number (RULES.md §8)
            given = season_numbers.number_for(s, t.season_id, player.id, number)
        following = max(following, given)
        waiting = None
        if t.plaetze is not None and placed >= t.plaetze:
            queue += 1
            waiting = queue
        else:
            placed += 1
        s.add(
            Entrant(
                tournament_id=t.id,
                player_id=player.id,
                number=given,
                withdrawn=False,
                arrived=not vorab,
                waiting=waiting,
                kategorien=player.kategorien,  # a copy: a later change in the register leaves it (TEAMS.md §10.2)
            )
        )
        near = close_names(player.name, known)
        if near:
            close.append((player.name, given, tuple(f"{n} ({known[n]})" for n in near)))
        known[player.name] = given
        out.append(
            EntrantView(
                given,
                player.name,
                False,
                not vorab,
                waiting,
                tuple(c for c in (player.kategorien or "").split(",") if c),
            )
        )
    return Registered(tuple(out), tuple(close), newest(s, t))


def move_up(s: Session, t: Tournament) -> tuple[EntrantView, ...]:
    """Fill the free places of the field from the waiting list, in order, and number the rest 1, 2, …"""
    s.flush()
    everyone = entrants(s, t)
    placed = sum(1 for e in everyone if e.waiting is None)
    queue = sorted((e for e in everyone if e.waiting is not None), key=lambda e: e.waiting or 0)
    free = len(queue) if t.plaetze is None else max(t.plaetze - placed, 0)
    for e in queue[:free]:
        e.waiting = None
    for place, e in enumerate(queue[free:], start=1):
        e.waiting = place
    s.flush()
    return tuple(view(e) for e in queue[:free])


def unregister(s: Session, t: Tournament, typed: str) -> Registered:
    """Take back a registration made by mistake: only before the player's first drawn round."""
    entrant = find(s, t, typed, "NAME|NUMBER")
    seats = seated_in(s, t, entrant.player_id)
    if seats:
        round_, table = seats[0]
        raise SettingsError(
            _(
                "{name} ({number}) is seated in round {round} (table {table}), so the registration stays; "
                "`schreiber tournament withdraw {number}` keeps them out of the next draws."
            ).format(name=entrant.player.name, number=entrant.number, round=round_, table=table)
        )
    gone = view(entrant)
    teams = select(TournamentTeam.id).where(TournamentTeam.tournament_id == t.id)
    s.execute(  # his teams lose him too (TEAMS.md §10.1: members are registered players)
        delete(TournamentTeamMember).where(
            TournamentTeamMember.player_id == entrant.player_id, TournamentTeamMember.team_id.in_(teams)
        )
    )
    s.delete(entrant)
    s.flush()
    return Registered((gone,), moved_up=move_up(s, t))


def withdraw(s: Session, t: Tournament, typed: str, undo: bool = False) -> Registered:
    """Withdraw a player (not drawn again; his rounds stay), or with `undo` bring him back into the next draw."""
    entrant = find(s, t, typed, "NAME|NUMBER")
    if undo and not entrant.withdrawn:
        raise SettingsError(
            _("--undo: {name} ({number}) has not withdrawn.").format(name=entrant.player.name, number=entrant.number)
        )
    if not undo and entrant.withdrawn:
        raise SettingsError(
            _("{name} ({number}) has withdrawn already; `--undo` brings them back.").format(
                name=entrant.player.name, number=entrant.number
            )
        )
    entrant.withdrawn = not undo
    drawn = newest(s, t)
    seated = None
    if drawn is not None:
        at = [table for round_, table in seated_in(s, t, entrant.player_id) if round_ == drawn[0]]
        if at:
            seated = Seated(drawn[0], at[0], drawn[1], drawn[2])
    return Registered(
        (EntrantView(entrant.number, entrant.player.name, entrant.withdrawn),), drawn=drawn, seated=seated
    )
