"""The CSV export of a ledger's tables and their import into a ledger (bounded memory, checked first)."""

from __future__ import annotations

import datetime as dt
import json
import uuid
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, fields, replace
from operator import itemgetter
from typing import Any, TypeVar

from sqlalchemy import insert, select
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import aliased

from schreiber.i18n import _
from schreiber.ledger import interrupted
from schreiber.ledger.names import resolve_names
from schreiber.ledger.scope import Scope, tables as _tables
from schreiber.ledger.service import Ledger, jsonable, seat_changes
from schreiber.report import csvio
from schreiber.rules import registry
from schreiber.rules.model import Hand, HandError, SettingsError
from schreiber.rules.names import player_name
from schreiber.rules.table import FoldError, SeatChange, TeamPlay, fold
from schreiber.views.text import and_list
from schreiber.store.models import JOIN, LEAVE, LIVE, HandRecord, Payment, PayoutRecord, Player, Table, Seat, TableEvent


def export_rows(ledger: Ledger, scope: Scope) -> Iterator[dict[str, Any]]:
    """One row per live hand and seated player, with every fact, the breakdown and the payout.

    Each table is read in a transaction of its own and written after it ends, so a slow reader of
    the output never holds the ledger.
    """
    with ledger.transaction() as s:
        ids = [t.id for t in _tables(ledger, s, scope)]
    for table_id in ids:
        with ledger.transaction() as s:
            t = s.get(Table, table_id)
            if t is None:  # deleted meanwhile by another terminal
                continue
            rows = list(_table_rows(ledger, s, t))
        yield from rows


def _table_rows(ledger: Ledger, s: Any, t: Table) -> Iterator[dict[str, Any]]:
    view = ledger.view(s, t, ledger.records(s, t))
    positions = {name: i for i, name in enumerate(view.table.players)}
    settings = json.dumps(t.settings, ensure_ascii=False, sort_keys=True)
    # Joins and leaves of the table, on every row of it; import replays them between the hands.
    seat_events = [
        {"after_hand": e.after_hand, "kind": e.kind, "name": e.player.name, "seat": e.seat}
        for e in ledger.events(s, t)
        if e.kind in (JOIN, LEAVE) and e.player is not None
    ]
    table_events = json.dumps(seat_events, ensure_ascii=False) if seat_events else None
    # What `settle` recorded as paid for the table, in the order it was recorded; import replays it.
    paid = [{"payer": a, "payee": b, "cents": c} for a, b, c in _payments(s, t.id)]
    payments = json.dumps(paid, ensure_ascii=False) if paid else None
    for h in view.hands:
        facts = h.hand.to_facts()
        for name in view.table.players:
            if name in h.absent:
                continue  # not at the table for this hand
            points = h.payout.points[name]
            cents = points * t.tariff if t.tariff and view.rules.zero_sum else None
            yield {
                "session": t.id,
                "table_uid": t.uid,
                "session_name": t.name,
                "date": t.date.isoformat(),
                "rules": t.rules,
                "tariff": t.tariff,
                "hand": h.number,
                "type": h.hand.type,
                "dealer": h.dealer,
                "seat": positions[name] + 1,
                "name": name,
                "sat_out": name in h.sitting_out,
                "points": points,
                "cents": cents,
                "euros": csvio.euros(cents) if cents is not None else None,
                "value": h.payout.value,
                **csvio.hand_cells(h.hand),  # player, partner, augen … (rules/declared.py)
                "breakdown": h.payout.formula,
                "note": h.hand.note,
                "facts": json.dumps(facts, ensure_ascii=False, sort_keys=True),
                "settings": settings,
                "first_dealer": t.first_dealer + 1,
                "teams": _listed(["+".join(team) for team in t.teams]) if t.teams else None,
                "table_events": table_events,
                "payments": payments,
            }


def _payments(s: Any, table_id: int) -> list[tuple[str, str, int]]:
    """The payments recorded for a table, as (payer, payee, cents) in the order they were recorded."""
    return [(a, b, c) for __, a, b, c in _payments_of(s, [table_id])]


def _payments_of(s: Any, table_ids: list[int]) -> list[tuple[int, str, str, int]]:
    """The payments recorded for these tables, as (table, payer, payee, cents) in the order they were recorded."""
    payer, payee = aliased(Player), aliased(Player)
    return [
        (t, a, b, int(c))
        for t, a, b, c in s.connection().execute(
            select(Payment.table_id, payer.name, payee.name, Payment.cents)
            .join(payer, payer.id == Payment.payer_id)
            .join(payee, payee.id == Payment.payee_id)
            .where(Payment.table_id.in_(table_ids))
            .order_by(Payment.id)
        )
    ]


# -- import -----------------------------------------------------------------------------------

# A table beyond this is no evening at a card table; a file that claims one is refused early.
MAX_HANDS = 10_000


def _listed(words: Sequence[str]) -> str:
    """Names (or teams) in one cell: "Anna Carl", or "Hans Peter, Carl" once a name holds a space."""
    return (", " if any(" " in w for w in words) else " ").join(words)


def _unlisted(cell: str) -> list[str]:
    """What `_listed` wrote, and what older versions wrote (always between spaces)."""
    return [w.strip() for w in cell.split(",") if w.strip()] if "," in cell else cell.split()


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
    # write needs of the fold, small enough to keep for the write pass (see _Spill).
    payouts: list[tuple[dict[str, int], tuple[str, ...], str | None]] | None
    events: list[SeatChange] = field(default_factory=list)  # joins and leaves, after_hand counting these hands
    payments: list[tuple[str, str, int]] = field(
        default_factory=list
    )  # (payer, payee, cents) as `settle` recorded them
    # The facts of each hand as the file has them (export writes Hand.to_facts); None once respelled.
    # Facts the ledger stores alike are the same hand; others are compared as hands.
    facts: list[dict[str, Any]] | None = None
    points: list[dict[str, int]] | None = None  # each hand's points as the file gives them


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


@dataclass(frozen=True)
class Imported:
    """What the import did with one table of the file."""

    key: str
    session: int
    outcome: str  # "new", "same" (nothing to add), "older" (the ledger has more), "extended"
    hands: int  # the table's hands in the ledger now
    added: int
    by_facts: bool = False
    first_added: int = (
        0  # the ledger's number of the first hand added (after a voided hand it is not hands - added + 1)
    )
    payments: int = 0  # payments of the file recorded now
    events: int = 0  # joins and leaves of the file added now


def _refuse(message: str) -> SettingsError:
    return SettingsError(_("import csv: {message}; nothing was imported.").format(message=message))


class _Reading:
    """The rows of one table as they stream past: only its hands are held, never the whole file."""

    def __init__(self, key: str, first: dict[str, str]) -> None:
        self.key = key
        self.first = {k: first.get(k, "") for k in _TABLE_COLUMNS}
        self.rules = registry.get(self.first["rules"]) if self.first["rules"] in registry.names() else None
        if self.rules is None:
            raise _refuse(
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
                    raise _refuse(
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
            raise _refuse(
                _("session {key} has seat {seat}; {name} seats 1–{max_players}").format(
                    key=self.key, seat=seat, name=self.rules.name, max_players=self.most
                )
            )
        if not 1 <= number <= self.max_hands:
            raise _refuse(
                _("session {key} has hand {number}; a table holds hands 1–{MAX_HANDS:,}").format(
                    key=self.key, number=number, MAX_HANDS=self.max_hands
                )
            )
        if self.seats.setdefault(seat, name) != name:
            raise _refuse(
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
                raise _refuse(
                    _("the facts of hand {number} of session {key} cannot be read ({e})").format(
                        number=number, key=self.key, e=e
                    )
                ) from None
            self.facts[number] = row["facts"]
            points = self.points[number] = {}
        elif row["facts"] != self.facts[number]:
            raise _refuse(
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
            raise _refuse(
                _("session {key} seats {count} players; {name} is played by {min_players}–{max_players}").format(
                    key=key,
                    count=len(players),
                    name=rules.name,
                    min_players=rules.min_players,
                    max_players=rules.max_players,
                )
            )
        if len({p.casefold() for p in members}) != len(members) or any(not p.strip() or len(p) > 80 for p in members):
            raise _refuse(
                _("session {key} has a player name that is empty, longer than 80 characters or given twice").format(
                    key=key
                )
            )
        for member in members:
            try:
                player_name(member, "name")
            except SettingsError as e:  # the same sentence as every other way a name comes in
                raise _refuse(_("session {key}, {sentence}").format(key=key, sentence=str(e).rstrip("."))) from None
        # A hand voided in the middle of the evening leaves a gap in the exported numbers: the table's
        # hands are its live ones in order, and a join or leave sits between the same two of them.
        numbers = sorted(self.read)
        events = [replace(c, after_hand=bisect_right(numbers, c.after_hand)) for c in self.events]
        for number in numbers:
            # With joins and leaves, who sat at which hand is the fold's to say (it checks each hand's rows).
            if not self.events and set(self.points[number]) != set(players):
                raise _refuse(
                    _(
                        "hand {number} of session {key} has rows for {count} of its {count2} players (a cut-off file?)"
                    ).format(number=number, key=key, count=len(self.points[number]), count2=len(players))
                )
        try:
            uid = str(uuid.UUID(first["table_uid"])) if first["table_uid"] else None
        except ValueError:
            raise _refuse(
                _("session {key} has the table_uid {value}, which is not a table identity").format(
                    key=key, value=repr(first["table_uid"][:40])
                )
            ) from None
        try:
            settings = json.loads(first["settings"])
            if not isinstance(settings, dict) or not set(settings) <= set(rules.settings):
                raise ValueError(f"settings of {rules.name} expected")
            settings = jsonable({**{k: s.default for k, s in rules.settings.items()}, **settings})
            tariff = int(first["tariff"]) if first["tariff"] else None
            date = dt.date.fromisoformat(first["date"]) if first["date"] else dt.date.today()
            first_dealer = int(first["first_dealer"] or 1) - 1
            if not 0 <= first_dealer < len(players):
                raise ValueError(f"first_dealer {first_dealer + 1}")
            teams = [t.strip().split("+") for t in _unlisted(first["teams"])] or None
        except (ValueError, TypeError, RecursionError) as e:
            raise _refuse(_("session {key} cannot be read ({e})").format(key=key, e=e)) from None
        for payer, payee, __ in self.payments:
            if payer not in members or payee not in members or payer == payee:
                raise _refuse(
                    _(
                        "session {key} has a payment between {payer} and {payee}, who are not two players of "
                        "the table (column payments)"
                    ).format(key=key, payer=repr(payer), payee=repr(payee))
                )
        points = [self.points[n] for n in numbers]
        # Folded only when the ledger lacks some of them (`scored`): the hands a ledger has already
        # are compared by their facts, and their points with the ledger's (see _agrees).
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
                raise _refuse(
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
        raise _refuse(
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
        raise _refuse(
            _("hand {value} of session {key} cannot be scored under {name} ({e})").format(
                value=e.number, key=key, name=rules.name, e=str(e).rstrip(".")
            )
        ) from None
    except SettingsError as e:
        raise _refuse(
            _("the joins and leaves of session {key} cannot be replayed ({e})").format(key=key, e=str(e).rstrip("."))
        ) from None
    except (HandError, KeyError, ValueError, TypeError, AttributeError) as e:
        # Facts that read as a hand but break the scoring itself (not a HandError): the fold does not say which.
        raise _refuse(
            _("session {key} cannot be scored under {name} ({e})").format(key=key, name=rules.name, e=e)
        ) from None
    for i, step in enumerate(steps):
        if points is not None and dict(step.payout.points) != points[i]:
            raise _refuse(
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
        raise _refuse(
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
        raise _refuse(
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
        raise _refuse(
            _("session {key} has seats {seats}; they must be 1, 2, 3 … in order").format(
                key=key, seats=sorted(everyone)
            )
        )
    members = tuple(everyone[i] for i in sorted(everyone))
    players = tuple(m for m in members if m not in newcomers)
    if members != players + tuple(newcomers):
        raise _refuse(
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
                raise _refuse(
                    _(
                        "the rows of session {key} are not together; an export writes each table's rows in one block"
                    ).format(key=key)
                )
            seen.add(key)
            reading = _Reading(key, row)
        reading.add(row)
    if reading is not None:
        yield reading.table()


def import_rows(
    ledger: Ledger, rows: Callable[[], Iterable[dict[str, str]]], source: str | None = None
) -> list[Imported]:
    """Bring the file's tables into the ledger without ever doubling one.

    The file is read once: each table is checked against the ledger (and re-scored where the ledger
    lacks hands of it) and kept, as it will be written, in a temporary file (_Spill), so nothing
    is written if one table is refused and memory holds one batch of tables at a time. Then the
    kept tables are written, a batch of tables per short transaction. A table already in the ledger
    (the same uid, or for an older file the same date, rule set, players and hands) is left as it
    is, or gets only the hands it lacks. The ledger is read for a batch of tables at once (_Look),
    and new tables are written a batch at a time (_create). (`rows` is called once.) With `source`
    (the file's name), each batch notes how far the import got, until the last one (interrupted.py).
    """
    from schreiber.report.csvio import CsvError

    try:
        count = 0
        unchanged: list[Imported] = []  # what the import does when it writes nothing
        with _Spill() as spill:
            for batch in _batches(file_tables(rows())):
                # Folded after the batch's transaction: the ledger is not held while the hands are scored.
                for item in _checked(ledger, batch):
                    if isinstance(item, Imported):
                        # Nothing to write: only what the import found is kept, in its place among the tables.
                        unchanged.append(item)
                        spill.keep(item)
                    else:
                        # Refused here, before anything is written, if a hand does not score as the file says.
                        spill.keep(_Kept.of(scored(item)))
                    count += 1
            if not count:
                raise _refuse(_("the file has no hands in it"))
            if len(unchanged) == count:
                if source is not None:
                    with ledger.transaction() as s:
                        interrupted.progress(s, source, count, count)
                return unchanged  # every table is in the ledger already: nothing to write
            return _write(ledger, spill.tables(), source, count)
    except CsvError as e:
        raise SettingsError(_("import csv: {e}").format(e=e)) from None


# Tables checked in one read of the ledger (one short transaction), and at most about so many hands:
# a batch is what memory holds of the file at once.
_CHECK_BATCH = 50
_CHECK_HANDS = 10_000
# Hands written in one transaction (whole tables: a table is never split across two), and at most
# so many tables (each query of a batch names its tables).
_WRITE_BATCH = 5_000
_WRITE_TABLES = 500


def _batches(tables: Iterable[FileTable]) -> Iterator[list[FileTable]]:
    """The file's tables in batches of _CHECK_BATCH tables or about _CHECK_HANDS hands."""
    tables = iter(tables)
    while True:
        batch: list[FileTable] = []
        hands = 0
        for table in tables:
            batch.append(table)
            hands += len(table.hands)
            if len(batch) >= _CHECK_BATCH or hands >= _CHECK_HANDS:
                break
        if not batch:
            return
        yield batch


def _checked(ledger: Ledger, batch: list[FileTable]) -> list[FileTable | Imported]:
    """Each table of the batch as it is to be written (respelled as the ledger spells its players),
    or what the import does with it when it is in the ledger already and nothing is to be written."""
    out: list[FileTable | Imported] = []
    with ledger.transaction() as s:
        look = _Look(ledger, s, batch, points=True)
        for table in batch:
            table = _respelled(look, table)
            plan = _plan(look, table)
            if plan.outcome in ("same", "older") and not plan.payments and _agrees(look, plan, table):
                out.append(Imported(table.key, plan.table.id, plan.outcome, plan.stored, 0, plan.by_facts))  # type: ignore[union-attr]
            else:
                out.append(table)
    return out


def _write(
    ledger: Ledger, tables: Iterator[_Kept | Imported], source: str | None = None, total: int = 0
) -> list[Imported]:
    """Write the checked tables, a batch of whole tables per transaction; each is planned again
    against the ledger as it is now (another terminal may have changed it since the check). A table
    the check found in the ledger already comes as what the import did with it (`Imported`)."""
    done: list[Imported] = []  # the tables of the batches committed
    while True:
        # A batch of tables per transaction, up to about _WRITE_BATCH hands: short, and not one
        # commit per evening.
        batch: list[_Kept | Imported] = []
        hands = 0
        for table in tables:
            batch.append(table)
            hands += len(table.rows) if isinstance(table, _Kept) else 0
            if hands >= _WRITE_BATCH or len(batch) >= _WRITE_TABLES:
                break
        if not batch:
            return done
        try:
            with ledger.transaction() as s:
                written = _written(ledger, s, batch)
                if source is not None:
                    interrupted.progress(s, source, len(done) + len(written), total)
        except SettingsError as e:
            if not done:
                raise
            # Another terminal changed the ledger between the check and the write.
            raise SettingsError(
                _(
                    "{value}; the {count} tables before it were imported, and importing the file again adds the rest."
                ).format(value=str(e).removesuffix("; nothing was imported."), count=len(done))
            ) from None
        done += written


def _written(ledger: Ledger, s: Any, batch: list[_Kept | Imported]) -> list[Imported]:
    """Write one batch in the transaction `s`, in the file's order. A table still new (its uid not in
    the ledger, its players spelled as the ledger spells them) waits to be written with the other
    new tables of the batch (_create); any other is planned and written on its own (_apply), after
    the new tables before it, which it may continue."""
    look = _Look(ledger, s, [t.table for t in batch if isinstance(t, _Kept)])
    out: list[Imported | None] = []
    waiting: list[tuple[int, _Kept]] = []
    for item in batch:
        if isinstance(item, Imported):
            out.append(item)
            continue
        table = item.table
        if (
            table.uid
            and look.table_row(table.uid) is None
            and _spelling(look, table) is None
            and all(k.table.uid != table.uid for _i, k in waiting)
        ):
            waiting.append((len(out), item))
            out.append(None)
            look.seen(table)
            continue
        _create(s, look, waiting, out)
        waiting = []
        whole = _respelled(look, item.whole())
        out.append(_apply(look, whole))
        look.seen(whole, out[-1].session)  # type: ignore[union-attr]
    _create(s, look, waiting, out)
    return out  # type: ignore[return-value]


class _Kept:
    """A checked table as the write needs it: the table without its hands (`table.hands` is empty),
    and each hand as it will be stored, (type, note, facts as JSON); small to keep and quick to
    read back, since a hand object is rebuilt only where the write must look at it again (`whole`)."""

    def __init__(self, table: FileTable, rows: list[tuple[str, str | None, str]]) -> None:
        self.table = table
        self.rows = rows

    @classmethod
    def of(cls, table: FileTable) -> _Kept:
        rows = [(h.type, h.note, json.dumps(h.to_facts())) for h in table.hands]
        return cls(replace(table, hands=[], facts=None, points=None), rows)

    def whole(self) -> FileTable:
        """The table with its hands (as the ledger would store them: the same facts)."""
        return replace(self.table, hands=[Hand.from_facts(json.loads(facts)) for _t, _n, facts in self.rows])

    def __getstate__(self) -> tuple[FileTable, list[tuple[str, str | None, str]]]:
        return replace(self.table, rules=self.table.rules.name), self.rows  # the rule set by its name

    def __setstate__(self, state: tuple[FileTable, list[tuple[str, str | None, str]]]) -> None:
        table, self.rows = state
        self.table = replace(table, rules=registry.get(table.rules))


def _everyone(table: FileTable) -> list[str]:
    """Everyone who sat at the table: those seated at the start, then whoever joined or left."""
    everyone = list(table.players)
    for change in table.events:
        everyone += [n for n in (change.join, change.leave) if n is not None and n not in everyone]
    return everyone


class _Look:
    """What importing a batch of tables reads of the ledger, each kind of row in one query for the
    whole batch: how the ledger spells the players, the tables of the batch's uids, and their live
    hands, joins and leaves, payments and (`points`) kept points. A table found another way (an
    older file's, by its date) is read on its own."""

    def __init__(self, ledger: Ledger, s: Any, tables: list[FileTable], points: bool = False) -> None:
        self.ledger, self.s = ledger, s
        db = s.connection()
        keys = list({n.casefold() for t in tables for n in _everyone(t)})
        self.spelled: dict[str, str] = (
            dict(db.execute(select(Player.name_key, Player.name).where(Player.name_key.in_(keys))).all())
            if keys
            else {}
        )  # type: ignore[arg-type]
        uids = list({t.uid for t in tables if t.uid})
        self.tables: dict[str, Table] = (
            {r.uid: r for r in s.scalars(select(Table).where(Table.uid.in_(uids)))} if uids else {}
        )
        self.absent = set(uids) - set(self.tables)  # uids the ledger did not have when the batch was read
        ids = [r.id for r in self.tables.values()]
        self.read = set(ids)  # the tables whose rows below were read
        self.hands: dict[int, list[Any]] = defaultdict(list)
        self.events: dict[int, list[TableEvent]] = defaultdict(list)
        self.paid: dict[int, list[tuple[str, str, int]]] = defaultdict(list)
        self.kept: dict[int, dict[int, dict[str, int]]] = defaultdict(lambda: defaultdict(dict))
        if not ids:
            return
        for row in db.execute(
            select(HandRecord.table_id, HandRecord.number, HandRecord.facts)
            .where(HandRecord.table_id.in_(ids), HandRecord.status == LIVE)
            .order_by(HandRecord.table_id, HandRecord.number)
        ).all():
            self.hands[row.table_id].append(row)
        for event in s.scalars(select(TableEvent).where(TableEvent.table_id.in_(ids)).order_by(TableEvent.id)):
            self.events[event.table_id].append(event)
        for table_id, a, b, c in _payments_of(s, ids):
            self.paid[table_id].append((a, b, c))
        if points:
            for table_id, number, name, value in db.execute(_kept_points(ids)).all():
                self.kept[table_id][number][name] = value

    def table_row(self, uid: str) -> Table | None:
        """The ledger's table of this uid."""
        if uid in self.tables:
            return self.tables[uid]
        if uid in self.absent:
            return None
        return self.s.scalar(select(Table).where(Table.uid == uid))  # type: ignore[no-any-return]

    def live(self, table_id: int) -> list[Any]:
        """The number and facts of the table's live hands, in order."""
        return self.hands[table_id] if table_id in self.read else _live(self.s, table_id)

    def table_events(self, table: Table) -> list[TableEvent]:
        return self.events[table.id] if table.id in self.read else self.ledger.events(self.s, table)

    def payments(self, table_id: int) -> list[tuple[str, str, int]]:
        return self.paid[table_id] if table_id in self.read else _payments(self.s, table_id)

    def points(self, table_id: int) -> dict[int, dict[str, int]]:
        """Each live hand's kept points, by the hand's number and the player's name."""
        if table_id in self.read:
            return self.kept[table_id]
        kept: dict[int, dict[str, int]] = defaultdict(dict)
        for __, number, name, value in self.s.connection().execute(_kept_points([table_id])):
            kept[number][name] = value
        return kept

    def seen(self, table: FileTable, table_id: int | None = None) -> None:
        """The table is (or is about to be) in the ledger: the tables after it spell its players as
        it does, and find it (`table_id`: written now, so what was read of it is old)."""
        for name in _everyone(table):
            self.spelled.setdefault(name.casefold(), name)
        if table_id is not None:
            self.read.discard(table_id)
            self.tables = {u: r for u, r in self.tables.items() if r.id != table_id}
            if table.uid:
                self.absent.discard(table.uid)

    def created(self, uids: Iterable[str]) -> None:
        self.absent.difference_update(uids)


def _kept_points(table_ids: list[int]) -> Any:
    """(table, hand number, player name, points) of the live hands' kept payouts of these tables."""
    # Both the hands and the payouts are picked by table: PostgreSQL, picking payouts alone, joined
    # them to every live hand of the ledger (a second per batch at 1,000,000 hands, more unanalyzed).
    return (
        select(PayoutRecord.table_id, HandRecord.number, Player.name, PayoutRecord.points)
        .join(HandRecord, HandRecord.id == PayoutRecord.hand_id)
        .join(Player, Player.id == PayoutRecord.player_id)
        .where(PayoutRecord.table_id.in_(table_ids), HandRecord.table_id.in_(table_ids), HandRecord.status == LIVE)
    )


def _agrees(look: _Look, plan: _Plan, table: FileTable) -> bool:
    """Whether each hand of the file gives the points the ledger keeps for it (its cached payouts,
    which `db check` proves equal to the fold); if not, the fold decides."""
    assert plan.table is not None and table.points is not None
    kept = look.points(plan.table.id)
    numbers = sorted(kept)[: len(table.hands)]
    if len(numbers) != len(table.hands):
        return False
    # The file names only those at the table for a hand; the ledger keeps a row for each of them too.
    return all(kept[n] == p for n, p in zip(numbers, table.points))


def _spelling(look: _Look, table: FileTable) -> dict[str, str] | None:
    """Each player of the table as the ledger spells them (names match case-insensitively), or None
    when the table spells them all alike."""
    spelled = {p: look.spelled.get(p.casefold(), p) for p in _everyone(table)}
    return None if all(a == b for a, b in spelled.items()) else spelled


def _respelled(look: _Look, table: FileTable) -> FileTable:
    """The table with each player spelled as the ledger already spells them (names match case-insensitively)."""
    spelled = _spelling(look, table)
    if spelled is None:
        return table
    everyone = _everyone(table)
    payments = [(spelled.get(a, a), spelled.get(b, b), c) for a, b, c in table.payments]
    players = tuple(spelled[p] for p in table.players)
    members = tuple(spelled[p] for p in everyone)
    hands = []
    for hand in table.hands:
        hand = resolve_names(hand, members)
        if hand.teams:
            hand = replace(hand, teams=tuple(tuple(spelled.get(n, n) for n in team) for team in hand.teams))
        hands.append(hand)
    teams = [[spelled.get(n, n) for n in team] for team in table.teams] if table.teams else None
    events = [
        replace(
            c,
            join=spelled.get(c.join, c.join) if c.join else None,
            leave=spelled.get(c.leave, c.leave) if c.leave else None,
        )
        for c in table.events
    ]
    points = [{spelled.get(n, n): v for n, v in p.items()} for p in table.points] if table.points is not None else None
    return replace(
        table,
        players=players,
        hands=hands,
        teams=teams,
        payouts=None,
        events=events,
        payments=payments,
        facts=None,
        points=points,
    )


@dataclass(frozen=True)
class _Plan:
    outcome: str
    table: Table | None = None
    stored: int = 0
    by_facts: bool = False
    events: tuple[SeatChange, ...] = ()  # the file's joins and leaves the ledger does not have yet
    payments: tuple[tuple[str, str, int], ...] = ()  # the file's payments the ledger does not have yet


def _plan(look: _Look, table: FileTable) -> _Plan:
    """What importing the table means for this ledger; a conflict is refused, naming the first differing hand."""
    plan = _plan_hands(look, table)
    if plan.table is None:
        return replace(plan, payments=tuple(table.payments))
    # As with joins and leaves: the side with fewer payments has the beginning of the other's,
    # and the file's payments beyond the ledger's are added (an older file adds none).
    have = [(a.casefold(), b.casefold(), c) for a, b, c in look.payments(plan.table.id)]
    want = [(a.casefold(), b.casefold(), c) for a, b, c in table.payments]
    common = min(len(have), len(want))
    if have[:common] != want[:common] or (plan.outcome == "older" and len(want) > len(have)):
        raise _refuse(
            _(
                "session {key} of the file is session {id} of the ledger, but the payments recorded for it differ"
            ).format(key=table.key, id=plan.table.id)
        )
    extra = tuple(table.payments[len(have) :])
    if extra and plan.outcome == "same":
        return replace(plan, outcome="extended", payments=extra)
    return replace(plan, payments=extra)


def _plan_hands(look: _Look, table: FileTable) -> _Plan:
    """What importing the table's hands, joins and leaves means for this ledger."""
    stored = look.table_row(table.uid) if table.uid else None
    if stored is not None:
        if not _same_setup(stored, table):
            raise _refuse(
                _(
                    "session {key} of the file has the identity of session {id} of the ledger, but other "
                    "players, rules or settings"
                ).format(key=table.key, id=stored.id)
            )
        records = look.live(stored.id)
        differs = _first_difference(records, table.hands, table.facts)
        if differs is not None:
            number, what = differs
            raise _refuse(
                _("session {key} of the file is session {id} of the ledger, but hand {number} differs ({what})").format(
                    key=table.key, id=stored.id, number=number, what=what
                )
            )
        plan = _with_events(look, _outcome(stored, len(records), table, by_facts=False), table, records)
        if plan is None:
            raise _refuse(
                _("session {key} of the file is session {id} of the ledger, but their joins and leaves differ").format(
                    key=table.key, id=stored.id
                )
            )
        return plan
    # An older file without identities (or a table imported from one): match by the facts.
    extends: list[tuple[Table, list[HandRecord]]] = []
    for candidate in look.s.scalars(
        select(Table).where(Table.date == table.date, Table.rules == table.rules.name).order_by(Table.id)
    ):
        if not _same_setup(candidate, table):
            continue
        records = look.live(candidate.id)
        if not records or _first_difference(records, table.hands, table.facts) is not None:
            continue
        if len(records) >= len(table.hands):
            fits = _with_events(look, _outcome(candidate, len(records), table, by_facts=True), table, records)
            if fits is not None:
                return fits
        elif _with_events(look, _Plan("extended", candidate, len(records), True), table, records) is not None:
            extends.append((candidate, records))
    if len(extends) > 1:
        raise _refuse(
            _(
                "session {key} of the file continues sessions {names} of the ledger alike, so it cannot "
                "tell which one it is"
            ).format(key=table.key, names=and_list(str(r.id) for r, _r in extends))
        )
    if extends:
        candidate, records = extends[0]
        return _with_events(look, _outcome(candidate, len(records), table, by_facts=True), table, records)  # type: ignore[return-value]
    return _Plan("new")


def _live(s: Any, table_id: int) -> list[Any]:
    """The number and facts of a table's live hands, in order (rows, not ORM objects: only compared)."""
    return list(
        s.connection().execute(
            select(HandRecord.number, HandRecord.facts)
            .where(HandRecord.table_id == table_id, HandRecord.status == LIVE)
            .order_by(HandRecord.number)
        )
    )


def _with_events(look: _Look, plan: _Plan, table: FileTable, records: list[Any]) -> _Plan | None:
    """The plan with the file's joins and leaves the ledger lacks (`records`: the table's live hands in
    the ledger), or None when the two disagree:
    the side with fewer hands must have the beginning of the other's events, and an event the
    ledger lacks must come after its last hand (earlier, it would change hands it has)."""

    def key(c: SeatChange) -> tuple[Any, ...]:
        return (c.after_hand, (c.join or "").casefold(), (c.leave or "").casefold(), c.seat)

    assert plan.table is not None
    # The ledger's events counted in its live hands, as the file's are (a voided hand leaves a gap).
    numbers = [r.number for r in records]
    have = [
        key(replace(c, after_hand=bisect_right(numbers, c.after_hand)))
        for c in seat_changes(look.table_events(plan.table))
    ]
    want = [key(c) for c in table.events]
    common = min(len(have), len(want))
    if have[:common] != want[:common]:
        return None
    if plan.outcome == "older":
        return plan if len(want) <= len(have) else None
    if plan.outcome == "extended" and len(have) > len(want):
        return None
    extra = tuple(table.events[len(have) :])
    if any(c.after_hand < plan.stored for c in extra):
        return None
    if extra and plan.outcome == "same":
        return replace(plan, outcome="extended", events=extra)
    return replace(plan, events=extra)


def _outcome(kept: Table, stored: int, table: FileTable, by_facts: bool) -> _Plan:
    if stored == len(table.hands):
        return _Plan("same", kept, stored, by_facts)
    if stored > len(table.hands):
        return _Plan("older", kept, stored, by_facts)
    if kept.closed:
        raise _refuse(
            _(
                "session {key} of the file has {value} more hands than session {id} of the ledger, which is closed"
            ).format(key=table.key, value=len(table.hands) - stored, id=kept.id)
        )
    return _Plan("extended", kept, stored, by_facts)


def _same_setup(kept: Table, table: FileTable) -> bool:
    players = tuple(seat.player.name.casefold() for seat in kept.seats)
    rules = registry.get(kept.rules)
    defaults = {k: s.default for k, s in rules.settings.items()}
    return (
        kept.rules == table.rules.name
        and players == tuple(p.casefold() for p in table.players)
        and kept.first_dealer == table.first_dealer
        and jsonable({**defaults, **kept.settings}) == table.settings
    )


def _first_difference(
    records: list[Any], hands: Sequence[Hand], facts: list[dict[str, Any]] | None = None
) -> tuple[int, str] | None:
    """The first hand both have that differs, and how: (number, "player Anna in the ledger, Berta in the file").

    `facts`: the hands' facts as the file wrote them; the same stored facts are the same hand (and
    the file's hand is not even made)."""
    for i, record in enumerate(records[: len(hands)]):
        if facts is not None and record.facts == facts[i]:
            continue
        stored = Hand.from_facts(record.facts).to_facts()
        given = hands[i].to_facts()
        if stored == given:
            continue
        # In the order the facts are typed (type, player, partner, augen …), so the first named is the first seen.
        order = ["type", *(f.name for f in fields(Hand) if f.name != "type")]
        for key in [*order, *sorted((set(stored) | set(given)) - set(order))]:
            if stored.get(key) != given.get(key):
                return (
                    record.number,
                    f"{key} {_shown(stored.get(key))} in the ledger, {_shown(given.get(key))} in the file",
                )
    return None


def _shown(value: Any) -> str:
    return "not given" if value is None else json.dumps(value, ensure_ascii=False)


def _apply(look: _Look, table: FileTable) -> Imported:
    """Plan and write one table on its own: one that is in the ledger already (it may gain hands,
    joins, leaves and payments), or an older file's new table."""
    ledger, s = look.ledger, look.s
    plan = _plan(look, table)
    if plan.outcome in ("same", "older"):
        assert plan.table is not None
        return Imported(table.key, plan.table.id, plan.outcome, plan.stored, 0, plan.by_facts)
    people = _players(s, _everyone(table))
    if plan.outcome == "extended":
        kept = ledger.table_row(s, plan.table.id, for_update=True)  # type: ignore[union-attr]
        if isinstance(table.rules, TeamPlay) and table.teams:
            kept.teams = table.teams
    else:
        kept = Table(
            name=table.name,
            rules=table.rules.name,
            settings=table.settings,
            tariff=table.tariff,
            date=table.date,
            first_dealer=table.first_dealer,
            teams=table.teams,
            closed=False,
        )
        if table.uid:
            kept.uid = table.uid
        s.add(kept)
        for position, name in enumerate(table.players):
            s.add(Seat(table=kept, position=position, player_id=people[name]))
        s.flush()
    # The file counts hands 1..N; the ledger's own numbers may have gaps where a hand was voided.
    records = ledger.records(s, kept) if plan.outcome == "extended" else []
    first = ledger.next_number(s, kept, records) if records else plan.stored + 1
    numbers = [r.number for r in records] + list(range(first, first + len(table.hands) - plan.stored))
    for change in table.events if plan.outcome == "new" else plan.events:
        after = numbers[change.after_hand - 1] if change.after_hand else 0
        s.add(
            TableEvent(
                table_id=kept.id,
                after_hand=after,
                kind=JOIN if change.join else LEAVE,
                player_id=people[change.join or change.leave],
                seat=change.seat,
            )
        )  # type: ignore[index]
    for payer, payee, cents in plan.payments:
        s.add(Payment(table_id=kept.id, payer_id=people[payer], payee_id=people[payee], cents=cents))
    s.flush()
    table = scored(table)
    assert table.payouts is not None
    new = range(plan.stored, len(table.hands))
    _insert_hands(
        s,
        [
            (
                kept.id,
                numbers[i],
                table.hands[i].type,
                table.hands[i].note,
                json.dumps(table.hands[i].to_facts()),
                table.payouts[i],
            )
            for i in new
        ],
        people,
    )
    events = len(table.events) if plan.outcome == "new" else len(plan.events)
    return Imported(
        table.key,
        kept.id,
        plan.outcome,
        len(table.hands),
        len(new),
        plan.by_facts,
        numbers[plan.stored] if new else 0,
        len(plan.payments),
        events,
    )


def _create(s: Any, look: _Look, waiting: list[tuple[int, _Kept]], out: list[Imported | None]) -> None:
    """Write the new tables that wait (each with its seats, joins and leaves, payments, hands and
    payouts), each kind of row in one statement for them all; what was done goes to out[i]."""
    if not waiting:
        return
    tables = [k.table for _i, k in waiting]
    people = _players(s, [n for t in tables for n in _everyone(t)])
    s.execute(
        insert(Table.__table__),
        [
            {
                "uid": t.uid,
                "name": t.name,
                "rules": t.rules.name,
                "settings": t.settings,
                "tariff": t.tariff,
                "date": t.date,
                "first_dealer": t.first_dealer,
                "teams": t.teams,
                "closed": False,
            }
            for t in tables
        ],
    )
    uids = [t.uid for t in tables]
    ids: dict[str, int] = dict(s.connection().execute(select(Table.uid, Table.id).where(Table.uid.in_(uids))).all())  # type: ignore[arg-type]
    s.execute(
        insert(Seat.__table__),
        [
            {"table_id": ids[t.uid], "position": i, "player_id": people[n]}
            for t in tables
            for i, n in enumerate(t.players)
        ],  # type: ignore[index]
    )
    # A new table's hands are numbered 1..N, so a join or leave comes after the hand the file says.
    events = [
        {
            "table_id": ids[t.uid],
            "after_hand": c.after_hand,
            "kind": JOIN if c.join else LEAVE,  # type: ignore[index]
            "player_id": people[c.join or c.leave],
            "seat": c.seat,
        }  # type: ignore[index]
        for t in tables
        for c in t.events
    ]
    if events:
        s.execute(insert(TableEvent.__table__), events)
    paid = [
        {"table_id": ids[t.uid], "payer_id": people[a], "payee_id": people[b], "cents": c}  # type: ignore[index]
        for t in tables
        for a, b, c in t.payments
    ]
    if paid:
        s.execute(insert(Payment.__table__), paid)
    _insert_hands(
        s,
        [
            (ids[k.table.uid], number, kind, note, facts, k.table.payouts[number - 1])  # type: ignore[index]
            for _i, k in waiting
            for number, (kind, note, facts) in enumerate(k.rows, start=1)
        ],
        people,
    )
    for i, k in waiting:
        t = k.table
        out[i] = Imported(t.key, ids[t.uid], "new", len(k.rows), len(k.rows), False, 1, len(t.payments), len(t.events))  # type: ignore[index]
    look.created(uids)  # type: ignore[arg-type]


def _players(s: Any, names: Iterable[str]) -> dict[str, int]:
    """The id of the ledger's player of each name (names match case-insensitively), those it lacks
    added: one query and one insert for them all, not one of each per player."""
    names = list(dict.fromkeys(names))
    keys = list({n.casefold() for n in names})
    known = dict(s.connection().execute(select(Player.name_key, Player.id).where(Player.name_key.in_(keys))).all())
    new = {n.casefold(): n for n in reversed(names) if n.casefold() not in known}  # the first spelling of each
    if new:
        s.execute(insert(Player.__table__), [{"name": n, "name_key": k} for k, n in new.items()])
        known.update(
            s.connection().execute(select(Player.name_key, Player.id).where(Player.name_key.in_(list(new)))).all()
        )
    return {n: known[n.casefold()] for n in names}


def _insert_hands(s: Any, hands: list[tuple[int, int, str, str | None, str, Any]], players: dict[str, int]) -> None:
    """Write hands and their cached payouts: `hands` holds (table id, number, type, note, facts as
    JSON, what the fold paid: (points, who sat out, the soloist)); `players` the id of each name."""
    if not hands:
        return
    db = s.connection()
    _bulk(
        db,
        HandRecord.__table__,
        ("table_id", "number", "type", "facts", "note", "status"),
        [(table_id, number, kind, facts, note, LIVE) for table_id, number, kind, note, facts, _paid in hands],
    )
    # Their ids, read back in one query: cheaper than an insert that returns them row by row.
    tables = list({h[0] for h in hands})
    ids = {
        (r, n): i
        for r, n, i in db.execute(
            select(HandRecord.table_id, HandRecord.number, HandRecord.id).where(
                HandRecord.table_id.in_(tables), HandRecord.status == LIVE
            )
        )
    }
    _bulk(
        db,
        PayoutRecord.__table__,
        ("hand_id", "table_id", "player_id", "points", "sat_out", "won", "solo"),
        [
            (ids[table_id, number], table_id, players[name], points, name in out, points > 0, soloist == name)
            for table_id, number, _k, _n, _f, (paid, out, soloist) in hands
            for name, points in paid.items()
        ],
    )


def _bulk(db: Any, table: Any, columns: tuple[str, ...], rows: list[tuple[Any, ...]]) -> None:
    """Insert many rows in the connection's transaction by the driver's own bulk path: COPY on
    PostgreSQL, executemany on SQLite (SQLAlchemy's per-row parameter handling costs more than the
    insert). Values are plain: JSON already as text, booleans as booleans."""
    quote = db.dialect.identifier_preparer.quote
    # The columns are named by their keys in the code; the stored names may differ (table_id is runde_id).
    names = ", ".join(quote(table.c[c].name) for c in columns)
    raw = db.connection.dbapi_connection
    if db.dialect.name == "postgresql":
        sql = f"COPY {quote(table.name)} ({names}) FROM STDIN"
    else:
        sql = f"INSERT INTO {quote(table.name)} ({names}) VALUES ({', '.join('?' * len(columns))})"
    cursor = raw.cursor()
    try:
        if db.dialect.name == "postgresql":
            with cursor.copy(sql) as copy:
                for row in rows:
                    copy.write_row(row)
        else:
            cursor.executemany(sql, rows)
    except db.dialect.loaded_dbapi.Error as e:
        # As SQLAlchemy says it, so the transaction turns it into the ledger's own sentence.
        raise DBAPIError.instance(sql, None, e, db.dialect.loaded_dbapi.Error) from None
    finally:
        cursor.close()


def _unkept(e: OSError) -> SettingsError:
    return _refuse(
        _("the checked tables cannot be kept in a temporary file ({strerror}; the folder is TMPDIR)").format(
            strerror=e.strerror or e
        )
    )


class _Spill:
    """The checked tables of a file, kept in order in a temporary file between the check and the
    write (pickled): the file is parsed and scored once, and memory holds one table at a time
    however long the file is. The temporary file is removed on exit."""

    def __enter__(self) -> _Spill:
        import tempfile

        try:
            self.file = tempfile.TemporaryFile()
        except OSError as e:
            raise _unkept(e) from None
        return self

    def __exit__(self, *exc: object) -> None:
        self.file.close()

    def keep(self, table: _Kept | Imported) -> None:
        import pickle

        try:
            pickle.dump(table, self.file, protocol=pickle.HIGHEST_PROTOCOL)
        except OSError as e:  # the temporary folder is full
            raise _unkept(e) from None

    def tables(self) -> Iterator[_Kept | Imported]:
        import pickle

        try:
            self.file.flush()
        except OSError as e:
            raise _unkept(e) from None
        self.file.seek(0)
        while True:
            try:
                yield pickle.load(self.file)
            except EOFError:
                return
