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
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.orm import aliased

from schreiber.i18n import _
from schreiber.ledger.names import resolve_names
from schreiber.ledger.scope import Scope, tables as _tables
from schreiber.ledger.service import Ledger, jsonable, seat_changes
from schreiber.report import csvio
from schreiber.rules import registry
from schreiber.rules.model import Hand, HandError, SettingsError
from schreiber.rules.table import FoldError, SeatChange, TeamPlay, fold
from schreiber.views.text import and_list
from schreiber.store.models import JOIN, LEAVE, LIVE, HandRecord, Payment, PayoutRecord, Player, Runde, Seat, TableEvent


def export_rows(ledger: Ledger, scope: Scope) -> Iterator[dict[str, Any]]:
    """One row per live hand and seated player, with every fact, the breakdown and the payout.

    Each table is read in a transaction of its own and written after it ends, so a slow reader of
    the output never holds the ledger.
    """
    with ledger.transaction() as s:
        ids = [t.id for t in _tables(ledger, s, scope)]
    for table_id in ids:
        with ledger.transaction() as s:
            t = s.get(Runde, table_id)
            if t is None:  # deleted meanwhile by another terminal
                continue
            rows = list(_table_rows(ledger, s, t))
        yield from rows


def _table_rows(ledger: Ledger, s: Any, t: Runde) -> Iterator[dict[str, Any]]:
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
                "player": h.hand.player,
                "partner": h.hand.partner,
                "augen": h.hand.augen
                if h.hand.augen is not None
                else " ".join(f"{k}={v}" for k, v in h.hand.augen_by_player.items()) or None,
                "laufende": h.hand.laufende,
                "won": {True: "won", False: "lost"}.get(h.hand.won),  # type: ignore[arg-type]
                "schwarz": h.hand.schwarz,
                "kontra": h.hand.kontra,
                "re": h.hand.re,
                "klopfen": _listed(h.hand.klopfen) or None,
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
    payer, payee = aliased(Player), aliased(Player)
    return [
        (a, b, int(c))
        for a, b, c in s.connection().execute(
            select(payer.name, payee.name, Payment.cents)
            .join(payer, payer.id == Payment.payer_id)
            .join(payee, payee.id == Payment.payee_id)
            .where(Payment.runde_id == table_id)
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
_TABLE_COLUMNS = ("table_uid", "session_name", "date", "rules", "tariff", "settings", "first_dealer", "teams", "payments")


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
    hands: list[Hand]  # the live hands in order; hand i of the table is hands[i - 1]
    # What the fold gave each hand, once `scored` made it: (points, who sat out, the soloist) — all a
    # write needs of the fold, small enough to keep for the write pass (see _Spill).
    payouts: list[tuple[dict[str, int], tuple[str, ...], str | None]] | None
    events: list[SeatChange] = field(default_factory=list)  # joins and leaves, after_hand counting these hands
    payments: list[tuple[str, str, int]] = field(default_factory=list)  # (payer, payee, cents) as `settle` recorded them
    # The facts of each hand as the file has them (export writes Hand.to_facts); None once respelled.
    # Facts the ledger stores alike are the same hand; others are compared as hands.
    facts: list[dict[str, Any]] | None = None
    points: list[dict[str, int]] | None = None  # each hand's points as the file gives them


def scored(table: FileTable) -> FileTable:
    """The table with its hands folded, each checked against the points the file gives."""
    if table.payouts is not None:
        return table
    steps = _fold(table.key, table.rules, table.settings, table.players, table.first_dealer, table.hands,
                  table.points, table.events)
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
    first_added: int = 0  # the ledger's number of the first hand added (after a voided hand it is not hands - added + 1)
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
            raise _refuse(_("session {key} is played under {first}, which is not a rule set of schreiber").format(key=key, first=repr(self.first['rules'])))
        self.events = _seat_changes(key, first.get("table_events") or "")
        self.payments = _paid(key, first.get("payments") or "")
        self.seats: dict[int, str] = {}
        self.facts: dict[int, str] = {}
        self.read: dict[int, dict[str, Any]] = {}
        self.cells = itemgetter(*_TABLE_COLUMNS)
        self.same = self.cells(self.first)
        self.hands: dict[int, Hand] = {}
        self.points: dict[int, dict[str, int]] = defaultdict(dict)

    def add(self, row: dict[str, str]) -> None:
        try:
            same = self.cells(row) == self.same  # the usual row: one comparison
        except KeyError:
            same = False
        for column in () if same else _TABLE_COLUMNS:
            if row.get(column, "") != self.first[column]:
                raise _refuse(_("the rows of session {key} disagree in column {column}").format(key=self.key, column=repr(column)))
        seat = _whole(row, "seat", self.key)
        number = _whole(row, "hand", self.key)
        name = row["name"]
        # Everyone who sat at the table has a seat number: the most seated at once, and each newcomer after them.
        most = self.rules.max_players + len(self.events)
        if not 1 <= seat <= most:
            raise _refuse(_("session {key} has seat {seat}; {name} seats 1–{max_players}").format(key=self.key, seat=seat, name=self.rules.name, max_players=most))
        if not 1 <= number <= MAX_HANDS:
            raise _refuse(_("session {key} has hand {number}; a table holds hands 1–{MAX_HANDS:,}").format(key=self.key, number=number, MAX_HANDS=MAX_HANDS))
        if self.seats.setdefault(seat, name) != name:
            raise _refuse(_("session {key} seats both {seats} and {name} at seat {seat}").format(key=self.key, seats=repr(self.seats[seat]), name=repr(name), seat=seat))
        if number not in self.hands:
            try:
                facts = json.loads(row["facts"])
                if not isinstance(facts, dict):
                    raise TypeError("not an object")
                self.hands[number] = Hand.from_facts(facts)
                self.read[number] = facts
            except (ValueError, TypeError, RecursionError, HandError) as e:
                raise _refuse(_("the facts of hand {number} of session {key} cannot be read ({e})").format(number=number, key=self.key, e=e)) from None
            self.facts[number] = row["facts"]
        elif row["facts"] != self.facts[number]:
            raise _refuse(_("the rows of hand {number} of session {key} disagree in their facts").format(number=number, key=self.key))
        self.points[number][name] = _whole(row, "points", self.key)

    def table(self) -> FileTable:
        """The table checked: seats and hands complete, and every hand scores the exported points."""
        key, first, rules = self.key, self.first, self.rules
        members, players = _seating(key, self.seats, self.events)
        if not rules.min_players <= len(players) <= rules.max_players:
            raise _refuse(_("session {key} seats {count} players; {name} is played by {min_players}–{max_players}").format(key=key, count=len(players), name=rules.name, min_players=rules.min_players, max_players=rules.max_players))
        if len({p.casefold() for p in members}) != len(members) or any(not p.strip() or len(p) > 80 for p in members):
            raise _refuse(_("session {key} has a player name that is empty, longer than 80 characters or given twice").format(key=key))
        # A hand voided in the middle of the evening leaves a gap in the exported numbers: the table's
        # hands are its live ones in order, and a join or leave sits between the same two of them.
        numbers = sorted(self.hands)
        events = [replace(c, after_hand=bisect_right(numbers, c.after_hand)) for c in self.events]
        for number in numbers:
            # With joins and leaves, who sat at which hand is the fold's to say (it checks each hand's rows).
            if not self.events and set(self.points[number]) != set(players):
                raise _refuse(
                    _("hand {number} of session {key} has rows for {count} of its {count2} players (a cut-off file?)").format(number=number, key=key, count=len(self.points[number]), count2=len(players))
                )
        try:
            uid = str(uuid.UUID(first["table_uid"])) if first["table_uid"] else None
        except ValueError:
            raise _refuse(_("session {key} has the table_uid {value}, which is not a table identity").format(key=key, value=repr(first['table_uid'][:40]))) from None
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
                raise _refuse(_("session {key} has a payment between {payer} and {payee}, who are not two players of "
                                "the table (column payments)").format(key=key, payer=repr(payer), payee=repr(payee)))
        hands = [self.hands[n] for n in numbers]
        points = [self.points[n] for n in numbers]
        # Folded only when the ledger lacks some of them (`scored`): the hands a ledger has already
        # are compared by their facts, and their points with the ledger's (see _agrees).
        facts = [self.read[n] for n in numbers]
        return FileTable(key, uid, first["session_name"] or None, rules, settings, tariff, date, first_dealer, teams,
                         players, hands, None, events, self.payments, facts, points)


def _whole(row: dict[str, str], column: str, key: str) -> int:
    try:
        return int(row[column])
    except ValueError:
        raise _refuse(_("column {column} of session {key} holds {value}, not a whole number").format(column=repr(column), key=key, value=repr(row[column][:40]))) from None


def _fold(key: str, rules: Any, settings: dict[str, Any], players: tuple[str, ...], first_dealer: int,
          hands: list[Hand], points: list[dict[str, int]] | None = None, events: list[SeatChange] | None = None) -> list[Any]:
    """Re-score the hands from the start, with the joins and leaves between them; each hand must give
    the exported points where they are given."""
    try:
        steps, __ = fold(rules, settings, players, list(enumerate(hands, start=1)), first_dealer, events or ())
    except FoldError as e:
        raise _refuse(_("hand {value} of session {key} cannot be scored under {name} ({e})").format(value=e.number, key=key, name=rules.name, e=str(e).rstrip("."))) from None
    except SettingsError as e:
        raise _refuse(_("the joins and leaves of session {key} cannot be replayed ({e})").format(key=key, e=str(e).rstrip("."))) from None
    except (HandError, KeyError, ValueError, TypeError, AttributeError) as e:
        # Facts that read as a hand but break the scoring itself (not a HandError): the fold does not say which.
        raise _refuse(_("session {key} cannot be scored under {name} ({e})").format(key=key, name=rules.name, e=e)) from None
    for i, step in enumerate(steps):
        if points is not None and dict(step.payout.points) != points[i]:
            raise _refuse(
                _("hand {value} of session {key} scores {dict} under {name}, but the file says {points}").format(value=i + 1, key=key, dict=dict(step.payout.points), name=rules.name, points=points[i])
            )
    return steps


def _seat_changes(key: str, text: str) -> list[SeatChange]:
    """The column table_events: [{"after_hand": K, "kind": "join"|"leave", "name": NAME, "seat": N|null}, …]."""
    if not text:
        return []
    try:
        entries = json.loads(text)
        if not isinstance(entries, list):
            raise TypeError("a list expected")
        changes = []
        for e in entries:
            after, kind, name, seat = e["after_hand"], e["kind"], e["name"], e.get("seat")
            if not (isinstance(after, int) and 0 <= after <= MAX_HANDS and kind in (JOIN, LEAVE) and isinstance(name, str)
                    and name.strip() and len(name) <= 80 and (seat is None or isinstance(seat, int))):
                raise ValueError(json.dumps(e, ensure_ascii=False)[:80])
            changes.append(SeatChange(after, join=name if kind == JOIN else None, leave=name if kind == LEAVE else None, seat=seat))
    except (ValueError, TypeError, KeyError, RecursionError) as e:
        raise _refuse(_("the joins and leaves of session {key} (column table_events) cannot be read ({e})").format(key=key, e=e)) from None
    return changes


def _paid(key: str, text: str) -> list[tuple[str, str, int]]:
    """The column payments: [{"payer": NAME, "payee": NAME, "cents": N}, …] in the order they were recorded."""
    if not text:
        return []
    try:
        entries = json.loads(text)
        if not isinstance(entries, list):
            raise TypeError("a list expected")
        paid = []
        for e in entries:
            payer, payee, cents = e["payer"], e["payee"], e["cents"]
            if not (isinstance(payer, str) and isinstance(payee, str) and isinstance(cents, int)
                    and not isinstance(cents, bool) and 0 < cents <= 10**12):
                raise ValueError(json.dumps(e, ensure_ascii=False)[:80])
            paid.append((payer, payee, cents))
    except (ValueError, TypeError, KeyError, RecursionError) as e:
        raise _refuse(_("the payments of session {key} (column payments) cannot be read ({e})").format(key=key, e=e)) from None
    return paid


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
        raise _refuse(_("session {key} has seats {seats}; they must be 1, 2, 3 … in order").format(key=key, seats=sorted(everyone)))
    members = tuple(everyone[i] for i in sorted(everyone))
    players = tuple(m for m in members if m not in newcomers)
    if members != players + tuple(newcomers):
        raise _refuse(_("the seats of session {key} disagree with its joins and leaves (column table_events)").format(key=key))
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
                raise _refuse(_("the rows of session {key} are not together; an export writes each table's rows in one block").format(key=key))
            seen.add(key)
            reading = _Reading(key, row)
        reading.add(row)
    if reading is not None:
        yield reading.table()


def import_rows(ledger: Ledger, rows: Callable[[], Iterable[dict[str, str]]]) -> list[Imported]:
    """Bring the file's tables into the ledger without ever doubling one.

    The file is read once: each table is checked against the ledger (and re-scored where the ledger
    lacks hands of it) and kept, as it will be written, in a temporary file (_Spill), so nothing
    is written if one table is refused and memory holds one table at a time. Then the kept tables
    are written, a batch of tables per short transaction. A table already in the ledger (the same
    uid, or for an older file the same date, rule set, players and hands) is left as it is, or gets
    only the hands it lacks. (`rows` is called once.)
    """
    from schreiber.report.csvio import CsvError

    try:
        count = 0
        unchanged: list[Imported] = []  # what the import does when it writes nothing
        with _Spill() as spill:
            for s, table in _batched(ledger, file_tables(rows())):
                table = _respelled(s, table)
                plan = _plan(ledger, s, table)
                if plan.outcome in ("same", "older") and not plan.payments and _agrees(s, plan, table):
                    # Nothing to write: only what the import found is kept, in its place among the tables.
                    unchanged.append(Imported(table.key, plan.runde.id, plan.outcome, plan.stored, 0, plan.by_facts))  # type: ignore[union-attr]
                    spill.keep(unchanged[-1])
                else:
                    # Refused here, before anything is written, if a hand does not score as the file says.
                    spill.keep(scored(table))
                count += 1
            if not count:
                raise _refuse(_("the file has no hands in it"))
            if len(unchanged) == count:
                return unchanged  # every table is in the ledger already: nothing to write
            return _write(ledger, spill.tables())
    except CsvError as e:
        raise SettingsError(_("import csv: {e}").format(e=e)) from None


def _write(ledger: Ledger, tables: Iterator[FileTable | Imported]) -> list[Imported]:
    """Write the checked tables, a batch of whole tables per transaction; each is planned again
    against the ledger as it is now (another terminal may have changed it since the check). A table
    the check found in the ledger already comes as what the import did with it (`Imported`)."""
    done: list[Imported] = []  # the tables of the batches committed
    while True:
        batch: list[Imported] = []
        try:
            # A batch of tables per transaction, up to about _WRITE_BATCH hands: short, and not one
            # commit per evening.
            with ledger.transaction() as s:
                hands = 0
                while hands < _WRITE_BATCH:
                    table = next(tables, None)
                    if table is None:
                        break
                    batch.append(table if isinstance(table, Imported) else _apply(ledger, s, _respelled(s, table)))
                    hands += batch[-1].added
        except SettingsError as e:
            if not done:
                raise
            # Another terminal changed the ledger between the check and the write.
            raise SettingsError(
                _("{value}; the {count} tables before it were imported, and importing the file again adds the rest.").format(value=str(e).removesuffix('; nothing was imported.'), count=len(done))
            ) from None
        if not batch:
            return done
        done += batch


def _unkept(e: OSError) -> SettingsError:
    return _refuse(_("the checked tables cannot be kept in a temporary file ({strerror}; the folder is TMPDIR)").format(
        strerror=e.strerror or e))


class _Spill:
    """The checked tables of a file, kept in order in a temporary file between the check and the
    write (pickled, the rule set by its name): the file is parsed and scored once, and memory
    holds one table at a time however long the file is. The temporary file is removed on exit."""

    def __enter__(self) -> _Spill:
        import tempfile

        try:
            self.file = tempfile.TemporaryFile()
        except OSError as e:
            raise _unkept(e) from None
        return self

    def __exit__(self, *exc: object) -> None:
        self.file.close()

    def keep(self, table: FileTable | Imported) -> None:
        import pickle

        if isinstance(table, FileTable):
            table = replace(table, rules=table.rules.name)
        try:
            pickle.dump(table, self.file, protocol=pickle.HIGHEST_PROTOCOL)
        except OSError as e:  # the temporary folder is full
            raise _unkept(e) from None

    def tables(self) -> Iterator[FileTable | Imported]:
        import pickle

        try:
            self.file.flush()
        except OSError as e:
            raise _unkept(e) from None
        self.file.seek(0)
        while True:
            try:
                table = pickle.load(self.file)
            except EOFError:
                return
            yield replace(table, rules=registry.get(table.rules)) if isinstance(table, FileTable) else table


# Tables checked in one read-only transaction; a batch is short, and nothing is held across it.
_CHECK_BATCH = 50
# Hands written in one transaction (whole tables: a table is never split across two).
_WRITE_BATCH = 5_000


def _batched(ledger: Ledger, tables: Iterable[FileTable]) -> Iterator[tuple[Any, FileTable]]:
    """Each table with a transaction to read the ledger in, one transaction per batch of tables."""
    tables = iter(tables)
    while True:
        with ledger.transaction() as s:
            for __ in range(_CHECK_BATCH):
                table = next(tables, None)
                if table is None:
                    return
                yield s, table
                s.expunge_all()  # the ledger's rows read for this table are not needed for the next


def _agrees(s: Any, plan: _Plan, table: FileTable) -> bool:
    """Whether each hand of the file gives the points the ledger keeps for it (its cached payouts,
    which `db check` proves equal to the fold); if not, the fold decides."""
    assert plan.runde is not None and table.points is not None
    kept: dict[int, dict[str, int]] = defaultdict(dict)
    for number, name, points in s.connection().execute(
        select(HandRecord.number, Player.name, PayoutRecord.points)
        .join(PayoutRecord, PayoutRecord.hand_id == HandRecord.id)
        .join(Player, Player.id == PayoutRecord.player_id)
        .where(HandRecord.runde_id == plan.runde.id, HandRecord.status == LIVE)
    ):
        kept[number][name] = points
    numbers = sorted(kept)[: len(table.hands)]
    if len(numbers) != len(table.hands):
        return False
    # The file names only those at the table for a hand; the ledger keeps a row for each of them too.
    return all(kept[n] == p for n, p in zip(numbers, table.points))


def _respelled(s: Any, table: FileTable) -> FileTable:
    """The table with each player spelled as the ledger already spells them (names match case-insensitively)."""
    everyone = list(table.players)
    for change in table.events:
        everyone += [n for n in (change.join, change.leave) if n is not None and n not in everyone]
    keys = [p.casefold() for p in everyone]
    known = {k: n for k, n in s.connection().execute(select(Player.name_key, Player.name).where(Player.name_key.in_(keys)))}
    spelled = {p: known.get(p.casefold(), p) for p in everyone}
    if all(a == b for a, b in spelled.items()):
        return table
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
        replace(c, join=spelled.get(c.join, c.join) if c.join else None, leave=spelled.get(c.leave, c.leave) if c.leave else None)
        for c in table.events
    ]
    points = [{spelled.get(n, n): v for n, v in p.items()} for p in table.points] if table.points is not None else None
    return replace(table, players=players, hands=hands, teams=teams, payouts=None, events=events, payments=payments,
                   facts=None, points=points)


@dataclass(frozen=True)
class _Plan:
    outcome: str
    runde: Runde | None = None
    stored: int = 0
    by_facts: bool = False
    events: tuple[SeatChange, ...] = ()  # the file's joins and leaves the ledger does not have yet
    payments: tuple[tuple[str, str, int], ...] = ()  # the file's payments the ledger does not have yet


def _plan(ledger: Ledger, s: Any, table: FileTable) -> _Plan:
    """What importing the table means for this ledger; a conflict is refused, naming the first differing hand."""
    plan = _plan_hands(ledger, s, table)
    if plan.runde is None:
        return replace(plan, payments=tuple(table.payments))
    # As with joins and leaves: the side with fewer payments has the beginning of the other's,
    # and the file's payments beyond the ledger's are added (an older file adds none).
    have = [(a.casefold(), b.casefold(), c) for a, b, c in _payments(s, plan.runde.id)]
    want = [(a.casefold(), b.casefold(), c) for a, b, c in table.payments]
    common = min(len(have), len(want))
    if have[:common] != want[:common] or (plan.outcome == "older" and len(want) > len(have)):
        raise _refuse(
            _("session {key} of the file is session {id} of the ledger, but the payments recorded for it differ").format(
                key=table.key, id=plan.runde.id)
        )
    extra = tuple(table.payments[len(have):])
    if extra and plan.outcome == "same":
        return replace(plan, outcome="extended", payments=extra)
    return replace(plan, payments=extra)


def _plan_hands(ledger: Ledger, s: Any, table: FileTable) -> _Plan:
    """What importing the table's hands, joins and leaves means for this ledger."""
    stored = s.scalar(select(Runde).where(Runde.uid == table.uid)) if table.uid else None
    if stored is not None:
        if not _same_setup(stored, table):
            raise _refuse(
                _("session {key} of the file has the identity of session {id} of the ledger, but other "
                    "players, rules or settings").format(key=table.key, id=stored.id)
            )
        records = _live(s, stored.id)
        differs = _first_difference(records, table.hands, table.facts)
        if differs is not None:
            number, what = differs
            raise _refuse(
                _("session {key} of the file is session {id} of the ledger, but hand {number} differs ({what})").format(key=table.key, id=stored.id, number=number, what=what)
            )
        plan = _with_events(ledger, s, _outcome(stored, len(records), table, by_facts=False), table, records)
        if plan is None:
            raise _refuse(
                _("session {key} of the file is session {id} of the ledger, but their joins and leaves differ").format(key=table.key, id=stored.id)
            )
        return plan
    # An older file without identities (or a table imported from one): match by the facts.
    extends: list[tuple[Runde, list[HandRecord]]] = []
    for candidate in s.scalars(
        select(Runde).where(Runde.date == table.date, Runde.rules == table.rules.name).order_by(Runde.id)
    ):
        if not _same_setup(candidate, table):
            continue
        records = _live(s, candidate.id)
        if not records or _first_difference(records, table.hands, table.facts) is not None:
            continue
        if len(records) >= len(table.hands):
            fits = _with_events(ledger, s, _outcome(candidate, len(records), table, by_facts=True), table, records)
            if fits is not None:
                return fits
        elif _with_events(ledger, s, _Plan("extended", candidate, len(records), True), table, records) is not None:
            extends.append((candidate, records))
    if len(extends) > 1:
        raise _refuse(
            _("session {key} of the file continues sessions {names} of the ledger alike, so it cannot "
                "tell which one it is").format(key=table.key, names=and_list(str(r.id) for r, _r in extends))
        )
    if extends:
        candidate, records = extends[0]
        return _with_events(ledger, s, _outcome(candidate, len(records), table, by_facts=True), table, records)  # type: ignore[return-value]
    return _Plan("new")


def _live(s: Any, table_id: int) -> list[Any]:
    """The number and facts of a table's live hands, in order (rows, not ORM objects: only compared)."""
    return list(
        s.connection().execute(
            select(HandRecord.number, HandRecord.facts)
            .where(HandRecord.runde_id == table_id, HandRecord.status == LIVE)
            .order_by(HandRecord.number)
        )
    )


def _with_events(ledger: Ledger, s: Any, plan: _Plan, table: FileTable, records: list[Any]) -> _Plan | None:
    """The plan with the file's joins and leaves the ledger lacks (`records`: the table's live hands in
    the ledger), or None when the two disagree:
    the side with fewer hands must have the beginning of the other's events, and an event the
    ledger lacks must come after its last hand (earlier, it would change hands it has)."""
    def key(c: SeatChange) -> tuple[Any, ...]:
        return (c.after_hand, (c.join or "").casefold(), (c.leave or "").casefold(), c.seat)

    assert plan.runde is not None
    # The ledger's events counted in its live hands, as the file's are (a voided hand leaves a gap).
    numbers = [r.number for r in records]
    have = [key(replace(c, after_hand=bisect_right(numbers, c.after_hand))) for c in seat_changes(ledger.events(s, plan.runde))]
    want = [key(c) for c in table.events]
    common = min(len(have), len(want))
    if have[:common] != want[:common]:
        return None
    if plan.outcome == "older":
        return plan if len(want) <= len(have) else None
    if plan.outcome == "extended" and len(have) > len(want):
        return None
    extra = tuple(table.events[len(have):])
    if any(c.after_hand < plan.stored for c in extra):
        return None
    if extra and plan.outcome == "same":
        return replace(plan, outcome="extended", events=extra)
    return replace(plan, events=extra)


def _outcome(runde: Runde, stored: int, table: FileTable, by_facts: bool) -> _Plan:
    if stored == len(table.hands):
        return _Plan("same", runde, stored, by_facts)
    if stored > len(table.hands):
        return _Plan("older", runde, stored, by_facts)
    if runde.closed:
        raise _refuse(
            _("session {key} of the file has {value} more hands than session {id} of the ledger, which is closed").format(key=table.key, value=len(table.hands) - stored, id=runde.id)
        )
    return _Plan("extended", runde, stored, by_facts)


def _same_setup(runde: Runde, table: FileTable) -> bool:
    players = tuple(seat.player.name.casefold() for seat in runde.seats)
    rules = registry.get(runde.rules)
    defaults = {k: s.default for k, s in rules.settings.items()}
    return (
        runde.rules == table.rules.name
        and players == tuple(p.casefold() for p in table.players)
        and runde.first_dealer == table.first_dealer
        and jsonable({**defaults, **runde.settings}) == table.settings
    )


def _first_difference(
    records: list[Any], hands: list[Hand], facts: list[dict[str, Any]] | None = None
) -> tuple[int, str] | None:
    """The first hand both have that differs, and how: (number, "player Anna in the ledger, Berta in the file").

    `facts`: the hands' facts as the file wrote them; the same stored facts are the same hand."""
    for i, (record, hand) in enumerate(zip(records, hands)):
        if facts is not None and record.facts == facts[i]:
            continue
        stored = Hand.from_facts(record.facts).to_facts()
        given = hand.to_facts()
        if stored == given:
            continue
        # In the order the facts are typed (type, player, partner, augen …), so the first named is the first seen.
        order = ["type", *(f.name for f in fields(Hand) if f.name != "type")]
        for key in [*order, *sorted((set(stored) | set(given)) - set(order))]:
            if stored.get(key) != given.get(key):
                return record.number, f"{key} {_shown(stored.get(key))} in the ledger, {_shown(given.get(key))} in the file"
    return None


def _shown(value: Any) -> str:
    return "not given" if value is None else json.dumps(value, ensure_ascii=False)


def _apply(ledger: Ledger, s: Any, table: FileTable) -> Imported:
    plan = _plan(ledger, s, table)
    if plan.outcome in ("same", "older"):
        assert plan.runde is not None
        return Imported(table.key, plan.runde.id, plan.outcome, plan.stored, 0, plan.by_facts)
    everyone = [*table.players, *(n for c in table.events for n in (c.join, c.leave) if n is not None)]
    people = _players(s, everyone)
    if plan.outcome == "extended":
        runde = ledger.runde(s, plan.runde.id, for_update=True)  # type: ignore[union-attr]
        if isinstance(table.rules, TeamPlay) and table.teams:
            runde.teams = table.teams
    else:
        runde = Runde(
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
            runde.uid = table.uid
        s.add(runde)
        for position, name in enumerate(table.players):
            s.add(Seat(runde=runde, position=position, player=people[name]))
        s.flush()
    # The file counts hands 1..N; the ledger's own numbers may have gaps where a hand was voided.
    records = ledger.records(s, runde) if plan.outcome == "extended" else []
    first = ledger.next_number(s, runde, records) if records else plan.stored + 1
    numbers = [r.number for r in records] + list(range(first, first + len(table.hands) - plan.stored))
    for change in table.events if plan.outcome == "new" else plan.events:
        after = numbers[change.after_hand - 1] if change.after_hand else 0
        s.add(TableEvent(runde_id=runde.id, after_hand=after, kind=JOIN if change.join else LEAVE,
                         player=people[change.join or change.leave], seat=change.seat))  # type: ignore[index]
    for payer, payee, cents in plan.payments:
        s.add(Payment(runde_id=runde.id, payer_id=people[payer].id, payee_id=people[payee].id, cents=cents))
    s.flush()
    added = _write_hands(s, runde, scored(table), numbers, plan.stored, {n: p.id for n, p in people.items()})
    events = len(table.events) if plan.outcome == "new" else len(plan.events)
    return Imported(table.key, runde.id, plan.outcome, len(table.hands), added, plan.by_facts,
                    numbers[plan.stored] if added else 0, len(plan.payments), events)


def _players(s: Any, names: Iterable[str]) -> dict[str, Player]:
    """The ledger's player of each name (names match case-insensitively), those it lacks added:
    one query and one flush for a table, not one of each per player."""
    names = list(dict.fromkeys(names))
    known = {p.name_key: p for p in s.scalars(select(Player).where(Player.name_key.in_([n.casefold() for n in names])))}
    new = [Player(name=n, name_key=n.casefold()) for n in names if n.casefold() not in known]
    if new:
        s.add_all(new)
        s.flush()
        known.update((p.name_key, p) for p in new)
    return {n: known[n.casefold()] for n in names}


def _write_hands(s: Any, runde: Runde, table: FileTable, numbers: list[int], stored: int, players: dict[str, int]) -> int:
    """Write the file's hands after the first `stored` and their cached payouts, each in one batch
    (an executemany, not one ORM object per row); returns how many hands were written.
    `players`: the id of each player of the table, by name."""
    new = range(stored, len(table.hands))
    if not new:
        return 0
    assert table.payouts is not None
    hands = [
        {"runde_id": runde.id, "number": numbers[i], "type": table.hands[i].type, "facts": table.hands[i].to_facts(),
         "note": table.hands[i].note, "status": LIVE}
        for i in new
    ]
    ids = dict(
        s.execute(
            insert(HandRecord.__table__).returning(HandRecord.number, HandRecord.id, sort_by_parameter_order=True), hands
        ).all()
    )
    payouts = []
    for i in new:
        paid, out, soloist = table.payouts[i]
        hand_id = ids[numbers[i]]
        for name, points in paid.items():
            payouts.append({"hand_id": hand_id, "runde_id": runde.id, "player_id": players[name], "points": points,
                            "sat_out": name in out, "won": points > 0, "solo": soloist == name})
    # The tables' own inserts (Core): the ORM's bulk path costs more per row than it saves here.
    s.execute(insert(PayoutRecord.__table__), payouts)
    return len(hands)
