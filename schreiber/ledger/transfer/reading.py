"""Reading an exported file: its rows streamed into tables (`file_tables`), each checked as it comes
and re-scored where the ledger lacks hands of it (`scored`). Nothing here reads the ledger."""

from __future__ import annotations

import datetime as dt
import json
import uuid
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from operator import itemgetter
from typing import Any, TypeVar

from schreiber.i18n import _
from schreiber.ledger.series import HANDS
from schreiber.ledger.tables.tables import jsonable
from schreiber.ledger.transfer.export import unlisted
from schreiber.rules import registry
from schreiber.rules.model import Hand, HandError, SettingsError
from schreiber.rules.names import player_name
from schreiber.rules.table import FoldError, SeatChange, fold
from schreiber.store.models import JOIN, LEAVE


# A table beyond this is no evening at a card table; a file that claims one is refused early.
MAX_HANDS = 10_000


# The columns every row of one table repeats; rows that disagree are not an export of schreiber.
_TABLE_COLUMNS = (
    "table_uid",
    "session_name",
    "date",
    "rules",
    "tariff",
    "settings",
    "first_dealer",
    "teams",
    "payments",
)


@dataclass
class FileTable:
    """One table of an exported file, read and re-scored: the facts, and the fold that checked them."""

    key: str
    uid: str | None
    name: str | None
    rules: Any
    settings: dict[str, Any]
    tariff: int | None
    date: dt.date
    first_dealer: int
    teams: list[list[str]] | None
    players: tuple[str, ...]  # seated when the table was started
    hands: Sequence[Hand]  # the live hands in order; hand i of the table is hands[i - 1]
    # What the fold gave each hand, once `scored` made it: (points, who sat out, the soloist) — all a
    # write needs of the fold, small enough to keep for the write pass (see writing._Spill).
    payouts: list[tuple[dict[str, int], tuple[str, ...], str | None]] | None
    events: list[SeatChange] = field(default_factory=list)  # joins and leaves, after_hand counting these hands
    payments: list[tuple[str, str, int]] = field(
        default_factory=list
    )  # (payer, payee, cents) as `settle` recorded them
    # The facts of each hand as the file has them (export writes Hand.to_facts); None once respelled.
    # Facts the ledger stores alike are the same hand; others are compared as hands.
    facts: list[dict[str, Any]] | None = None
    points: list[dict[str, int]] | None = None  # each hand's points as the file gives them

    def everyone(self) -> list[str]:
        """Everyone who sat at the table: those seated at the start, then whoever joined or left."""
        everyone = list(self.players)
        for change in self.events:
            everyone += [n for n in (change.join, change.leave) if n is not None and n not in everyone]
        return everyone


def scored(table: FileTable) -> FileTable:
    """The table with its hands folded, each checked against the points the file gives."""
    if table.payouts is not None:
        return table
    steps = _fold(
        table.key,
        table.rules,
        table.settings,
        table.players,
        table.first_dealer,
        table.hands,
        table.points,
        table.events,
    )
    payouts = [(dict(step.payout.points), tuple(step.before.sitting_out), step.payout.soloist) for step in steps]
    return replace(table, payouts=payouts)


def refuse(message: str) -> SettingsError:
    return SettingsError(_("import csv: {message}; nothing was imported.").format(message=message))


class _Reading:
    """The rows of one table as they stream past: only its hands are held, never the whole file."""

    def __init__(self, key: str, first: dict[str, str]) -> None:
        self.key = key
        self.first = {k: first.get(k, "") for k in _TABLE_COLUMNS}
        self.rules = registry.get(self.first["rules"]) if self.first["rules"] in registry.names() else None
        if self.rules is None:
            raise refuse(
                _("session {key} is played under {first}, which is not a rule set of schreiber").format(
                    key=key, first=repr(self.first["rules"])
                )
            )
        self.events = _seat_changes(key, first.get("table_events") or "")
        self.payments = _paid(key, first.get("payments") or "")
        self.seats: dict[int, str] = {}
        self.facts: dict[int, str] = {}
        self.read: dict[int, dict[str, Any]] = {}
        self.cells = itemgetter(*_TABLE_COLUMNS)
        self.same = self.cells(self.first)
        self.points: dict[int, dict[str, int]] = {}
        # Everyone who sat at the table has a seat number: the most seated at once, and each newcomer after them.
        self.most = self.rules.max_players + len(self.events)
        self.max_hands = MAX_HANDS

    def add(self, row: dict[str, str]) -> None:
        # Once per row of the file: the checks of every row, in as few steps as they can be made.
        try:
            same = self.cells(row) == self.same  # the usual row: one comparison
        except KeyError:
            same = False
        if not same:
            for column in _TABLE_COLUMNS:
                if row.get(column, "") != self.first[column]:
                    raise refuse(
                        _("the rows of session {key} disagree in column {column}").format(
                            key=self.key, column=repr(column)
                        )
                    )
        try:
            seat, number = int(row["seat"]), int(row["hand"])
        except ValueError:
            seat, number = _whole(row, "seat", self.key), _whole(row, "hand", self.key)
        name = row["name"]
        if not 1 <= seat <= self.most:
            raise refuse(
                _("session {key} has seat {seat}; {name} seats 1–{max_players}").format(
                    key=self.key, seat=seat, name=self.rules.name, max_players=self.most
                )
            )
        if not 1 <= number <= self.max_hands:
            raise refuse(
                _("session {key} has hand {number}; a table holds hands 1–{MAX_HANDS:,}").format(
                    key=self.key, number=number, MAX_HANDS=self.max_hands
                )
            )
        if self.seats.setdefault(seat, name) != name:
            raise refuse(
                _("session {key} seats both {seats} and {name} at seat {seat}").format(
                    key=self.key, seats=repr(self.seats[seat]), name=repr(name), seat=seat
                )
            )
        points = self.points.get(number)
        if points is None:
            try:
                facts = json.loads(row["facts"])
                if not isinstance(facts, dict):
                    raise TypeError("not an object")
                self.read[number] = facts
            except (ValueError, TypeError, RecursionError) as e:
                raise refuse(
                    _("the facts of hand {number} of session {key} cannot be read ({e})").format(
                        number=number, key=self.key, e=e
                    )
                ) from None
            self.facts[number] = row["facts"]
            points = self.points[number] = {}
        elif row["facts"] != self.facts[number]:
            raise refuse(
                _("the rows of hand {number} of session {key} disagree in their facts").format(
                    number=number, key=self.key
                )
            )
        try:
            points[name] = int(row["points"])
        except ValueError:
            points[name] = _whole(row, "points", self.key)

    def table(self) -> FileTable:
        """The table checked: seats and hands complete, and every hand scores the exported points."""
        key, first, rules = self.key, self.first, self.rules
        members, players = _seating(key, self.seats, self.events)
        if not rules.min_players <= len(players) <= rules.max_players:
            raise refuse(
                _("session {key} seats {count} players; {name} is played by {min_players}–{max_players}").format(
                    key=key,
                    count=len(players),
                    name=rules.name,
                    min_players=rules.min_players,
                    max_players=rules.max_players,
                )
            )
        if len({p.casefold() for p in members}) != len(members) or any(not p.strip() or len(p) > 80 for p in members):
            raise refuse(
                _("session {key} has a player name that is empty, longer than 80 characters or given twice").format(
                    key=key
                )
            )
        for member in members:
            try:
                player_name(member, "name")
            except SettingsError as e:  # the same sentence as every other way a name comes in
                raise refuse(_("session {key}, {sentence}").format(key=key, sentence=str(e).rstrip("."))) from None
        # A hand voided in the middle of the evening leaves a gap in the exported numbers: the table's
        # hands are its live ones in order, and a join or leave sits between the same two of them.
        numbers = sorted(self.read)
        events = [replace(c, after_hand=bisect_right(numbers, c.after_hand)) for c in self.events]
        for number in numbers:
            # With joins and leaves, who sat at which hand is the fold's to say (it checks each hand's rows).
            if not self.events and set(self.points[number]) != set(players):
                raise refuse(
                    _(
                        "hand {number} of session {key} has rows for {count} of its {count2} players (a cut-off file?)"
                    ).format(number=number, key=key, count=len(self.points[number]), count2=len(players))
                )
        try:
            uid = str(uuid.UUID(first["table_uid"])) if first["table_uid"] else None
        except ValueError:
            raise refuse(
                _("session {key} has the table_uid {value}, which is not a table identity").format(
                    key=key, value=repr(first["table_uid"][:40])
                )
            ) from None
        try:
            settings = json.loads(first["settings"])
            # A table keeps its rule set's settings and, when given, the club's Kasse and its own length.
            allowed = {*rules.settings, *registry.TABLE_SETTINGS, HANDS}
            if not isinstance(settings, dict) or not set(settings) <= allowed:
                raise ValueError(f"settings of {rules.name} expected")
            if HANDS in settings and not (type(settings[HANDS]) is int and settings[HANDS] >= 1):
                raise ValueError(f"{HANDS} {settings[HANDS]!r}")
            settings = jsonable({**{k: s.default for k, s in rules.settings.items()}, **settings})
            tariff = int(first["tariff"]) if first["tariff"] else None
            date = dt.date.fromisoformat(first["date"]) if first["date"] else dt.date.today()
            first_dealer = int(first["first_dealer"] or 1) - 1
            if not 0 <= first_dealer < len(players):
                raise ValueError(f"first_dealer {first_dealer + 1}")
            teams = [t.strip().split("+") for t in unlisted(first["teams"])] or None
        except (ValueError, TypeError, RecursionError) as e:
            raise refuse(_("session {key} cannot be read ({e})").format(key=key, e=e)) from None
        for payer, payee, __ in self.payments:
            if payer not in members or payee not in members or payer == payee:
                raise refuse(
                    _(
                        "session {key} has a payment between {payer} and {payee}, who are not two players of "
                        "the table (column payments)"
                    ).format(key=key, payer=repr(payer), payee=repr(payee))
                )
        points = [self.points[n] for n in numbers]
        # Folded only when the ledger lacks some of them (`scored`): the hands a ledger has already
        # are compared by their facts, and their points with the ledger's (see matching._agrees).
        facts = [self.read[n] for n in numbers]
        return FileTable(
            key,
            uid,
            first["session_name"] or None,
            rules,
            settings,
            tariff,
            date,
            first_dealer,
            teams,
            players,
            _Hands(key, numbers, facts),
            None,
            events,
            self.payments,
            facts,
            points,
        )


class _Hands(Sequence[Hand]):
    """The hands of a file's table, each made from its facts when first asked for: a table the
    ledger has already is compared by its facts alone, and only the hands to be scored are made."""

    def __init__(self, key: str, numbers: list[int], facts: list[dict[str, Any]]) -> None:
        self.key, self.numbers, self.facts = key, numbers, facts
        self.made: list[Hand | None] = [None] * len(facts)

    def __len__(self) -> int:
        return len(self.facts)

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        hand = self.made[i]
        if hand is None:
            try:
                hand = self.made[i] = Hand.from_facts(self.facts[i])
            except (ValueError, TypeError, RecursionError, HandError) as e:
                raise refuse(
                    _("the facts of hand {number} of session {key} cannot be read ({e})").format(
                        number=self.numbers[i], key=self.key, e=e
                    )
                ) from None
        return hand

    def __iter__(self) -> Iterator[Hand]:
        return (self[i] for i in range(len(self)))


def _whole(row: dict[str, str], column: str, key: str) -> int:
    try:
        return int(row[column])
    except ValueError:
        raise refuse(
            _("column {column} of session {key} holds {value}, not a whole number").format(
                column=repr(column), key=key, value=repr(row[column][:40])
            )
        ) from None


def _fold(
    key: str,
    rules: Any,
    settings: dict[str, Any],
    players: tuple[str, ...],
    first_dealer: int,
    hands: list[Hand],
    points: list[dict[str, int]] | None = None,
    events: list[SeatChange] | None = None,
) -> list[Any]:
    """Re-score the hands from the start, with the joins and leaves between them; each hand must give
    the exported points where they are given."""
    try:
        steps, __ = fold(rules, settings, players, list(enumerate(hands, start=1)), first_dealer, events or ())
    except FoldError as e:
        raise refuse(
            _("hand {value} of session {key} cannot be scored under {name} ({e})").format(
                value=e.number, key=key, name=rules.name, e=str(e).rstrip(".")
            )
        ) from None
    except SettingsError as e:
        raise refuse(
            _("the joins and leaves of session {key} cannot be replayed ({e})").format(key=key, e=str(e).rstrip("."))
        ) from None
    except (HandError, KeyError, ValueError, TypeError, AttributeError) as e:
        # Facts that read as a hand but break the scoring itself (not a HandError): the fold does not say which.
        raise refuse(
            _("session {key} cannot be scored under {name} ({e})").format(key=key, name=rules.name, e=e)
        ) from None
    for i, step in enumerate(steps):
        if points is not None and dict(step.payout.points) != points[i]:
            raise refuse(
                _("hand {value} of session {key} scores {dict} under {name}, but the file says {points}").format(
                    value=i + 1, key=key, dict=dict(step.payout.points), name=rules.name, points=points[i]
                )
            )
    return steps


_T = TypeVar("_T")


def _entries(text: str, entry: Callable[[Any], _T]) -> list[_T]:
    """A column holding a JSON list, read entry by entry (`entry` raises ValueError for one it cannot take); empty is none."""
    if not text:
        return []
    entries = json.loads(text)
    if not isinstance(entries, list):
        raise TypeError("a list expected")
    return [entry(e) for e in entries]


_UNREADABLE = (ValueError, TypeError, KeyError, RecursionError)


def _seat_changes(key: str, text: str) -> list[SeatChange]:
    """The column table_events: [{"after_hand": K, "kind": "join"|"leave", "name": NAME, "seat": N|null}, …]."""

    def change(e: Any) -> SeatChange:
        after, kind, name, seat = e["after_hand"], e["kind"], e["name"], e.get("seat")
        if not (
            isinstance(after, int)
            and 0 <= after <= MAX_HANDS
            and kind in (JOIN, LEAVE)
            and isinstance(name, str)
            and name.strip()
            and len(name) <= 80
            and (seat is None or isinstance(seat, int))
        ):
            raise ValueError(json.dumps(e, ensure_ascii=False)[:80])
        return SeatChange(after, join=name if kind == JOIN else None, leave=name if kind == LEAVE else None, seat=seat)

    try:
        return _entries(text, change)
    except _UNREADABLE as e:
        raise refuse(
            _("the joins and leaves of session {key} (column table_events) cannot be read ({e})").format(key=key, e=e)
        ) from None


def _paid(key: str, text: str) -> list[tuple[str, str, int]]:
    """The column payments: [{"payer": NAME, "payee": NAME, "cents": N}, …] in the order they were recorded."""

    def payment(e: Any) -> tuple[str, str, int]:
        payer, payee, cents = e["payer"], e["payee"], e["cents"]
        if not (
            isinstance(payer, str)
            and isinstance(payee, str)
            and isinstance(cents, int)
            and not isinstance(cents, bool)
            and 0 < cents <= 10**12
        ):
            raise ValueError(json.dumps(e, ensure_ascii=False)[:80])
        return (payer, payee, cents)

    try:
        return _entries(text, payment)
    except _UNREADABLE as e:
        raise refuse(
            _("the payments of session {key} (column payments) cannot be read ({e})").format(key=key, e=e)
        ) from None


def _seating(key: str, seats: dict[int, str], events: list[SeatChange]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(everyone who sat at the table in seat order, those seated when it was started).

    The seat column numbers everyone who sat: those from the start first, then each newcomer in
    the order he joined. A newcomer is a player whose first event is a join (one who sat from the
    start must leave before he can join again). The column names only those who played a hand; one
    who joined and never played, or sat from the start and left before the first hand, is known by
    the events: newcomers take the seats after the others, those who left first fill the gaps."""
    first_event: dict[str, str] = {}
    for change in events:
        for name, kind in ((change.join, JOIN), (change.leave, LEAVE)):
            if name is not None:
                first_event.setdefault(name, kind)
    newcomers = [n for n, kind in first_event.items() if kind == JOIN]
    played = set(seats.values())
    total = len(seats) + sum(1 for n in first_event if n not in played)
    first = total - len(newcomers)
    everyone = dict(seats)
    for i, name in enumerate(newcomers):
        everyone.setdefault(first + i + 1, name)
    gaps = iter(n for n in range(1, first + 1) if n not in everyone)
    for name, kind in first_event.items():
        if kind == LEAVE and name not in played:
            everyone[next(gaps, total + 1)] = name
    if sorted(everyone) != list(range(1, len(everyone) + 1)):
        raise refuse(
            _("session {key} has seats {seats}; they must be 1, 2, 3 … in order").format(
                key=key, seats=sorted(everyone)
            )
        )
    members = tuple(everyone[i] for i in sorted(everyone))
    players = tuple(m for m in members if m not in newcomers)
    if members != players + tuple(newcomers):
        raise refuse(
            _("the seats of session {key} disagree with its joins and leaves (column table_events)").format(key=key)
        )
    return members, players


def file_tables(rows: Iterable[dict[str, str]]) -> Iterator[FileTable]:
    """The tables of a file, one at a time; a table's rows must be together, as export writes them."""
    seen: set[str] = set()
    reading: _Reading | None = None
    for row in rows:
        key = row["session"]
        if reading is None or key != reading.key:
            if reading is not None:
                yield reading.table()
            if key in seen:
                raise refuse(
                    _(
                        "the rows of session {key} are not together; an export writes each table's rows in one block"
                    ).format(key=key)
                )
            seen.add(key)
            reading = _Reading(key, row)
        reading.add(row)
    if reading is not None:
        yield reading.table()
