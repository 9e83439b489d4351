"""Finding a file's tables in the ledger: by their uid, or for an older file by their date, rule set,
players and hands; what importing each means (new, the same, older, extended), or why it is refused."""

from __future__ import annotations

import json
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from sqlalchemy import select

from schreiber.i18n import _
from schreiber.ledger.names import resolve_names
from schreiber.ledger.service import Ledger
from schreiber.ledger.tables.folds import seat_changes
from schreiber.ledger.tables.tables import jsonable
from schreiber.ledger.transfer.export import payments_of, table_payments
from schreiber.ledger.transfer.reading import FileTable, refuse
from schreiber.rules import registry
from schreiber.rules.model import Hand
from schreiber.rules.table import SeatChange
from schreiber.rules.words import and_list
from schreiber.store.models import LIVE, HandRecord, PayoutRecord, Player, Table, TableEvent


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


def checked(ledger: Ledger, batch: list[FileTable]) -> list[FileTable | Imported]:
    """Each table of the batch as it is to be written (respelled as the ledger spells its players),
    or what the import does with it when it is in the ledger already and nothing is to be written."""
    out: list[FileTable | Imported] = []
    with ledger.transaction() as s:
        look = Look(ledger, s, batch, points=True)
        for table in batch:
            table = respelled(look, table)
            plan = plan_for(look, table)
            if plan.outcome in ("same", "older") and not plan.payments and _agrees(look, plan, table):
                out.append(Imported(table.key, plan.table.id, plan.outcome, plan.stored, 0, plan.by_facts))  # type: ignore[union-attr]
            else:
                out.append(table)
    return out


class Look:
    """What importing a batch of tables reads of the ledger, each kind of row in one query for the
    whole batch: how the ledger spells the players, the tables of the batch's uids, and their live
    hands, joins and leaves, payments and (`points`) kept points. A table found another way (an
    older file's, by its date) is read on its own."""

    def __init__(self, ledger: Ledger, s: Any, tables: list[FileTable], points: bool = False) -> None:
        self.ledger, self.s = ledger, s
        db = s.connection()
        keys = list({n.casefold() for t in tables for n in t.everyone()})
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
        for table_id, a, b, c in payments_of(s, ids):
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
        return self.paid[table_id] if table_id in self.read else table_payments(self.s, table_id)

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
        for name in table.everyone():
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


def _agrees(look: Look, plan: Plan, table: FileTable) -> bool:
    """Whether each hand of the file gives the points the ledger keeps for it (its cached payouts,
    which `db check` proves equal to the fold); if not, the fold decides."""
    assert plan.table is not None and table.points is not None
    kept = look.points(plan.table.id)
    numbers = sorted(kept)[: len(table.hands)]
    if len(numbers) != len(table.hands):
        return False
    # The file names only those at the table for a hand; the ledger keeps a row for each of them too.
    return all(kept[n] == p for n, p in zip(numbers, table.points))


def spelling(look: Look, table: FileTable) -> dict[str, str] | None:
    """Each player of the table as the ledger spells them (names match case-insensitively), or None
    when the table spells them all alike."""
    spelled = {p: look.spelled.get(p.casefold(), p) for p in table.everyone()}
    return None if all(a == b for a, b in spelled.items()) else spelled


def respelled(look: Look, table: FileTable) -> FileTable:
    """The table with each player spelled as the ledger already spells them (names match case-insensitively)."""
    spelled = spelling(look, table)
    if spelled is None:
        return table
    everyone = table.everyone()
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
class Plan:
    outcome: str
    table: Table | None = None
    stored: int = 0
    by_facts: bool = False
    events: tuple[SeatChange, ...] = ()  # the file's joins and leaves the ledger does not have yet
    payments: tuple[tuple[str, str, int], ...] = ()  # the file's payments the ledger does not have yet


def plan_for(look: Look, table: FileTable) -> Plan:
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
        raise refuse(
            _(
                "session {key} of the file is session {id} of the ledger, but the payments recorded for it differ"
            ).format(key=table.key, id=plan.table.id)
        )
    extra = tuple(table.payments[len(have) :])
    if extra and plan.outcome == "same":
        return replace(plan, outcome="extended", payments=extra)
    return replace(plan, payments=extra)


def _plan_hands(look: Look, table: FileTable) -> Plan:
    """What importing the table's hands, joins and leaves means for this ledger."""
    stored = look.table_row(table.uid) if table.uid else None
    if stored is not None:
        if not _same_setup(stored, table):
            raise refuse(
                _(
                    "session {key} of the file has the identity of session {id} of the ledger, but other "
                    "players, rules or settings"
                ).format(key=table.key, id=stored.id)
            )
        records = look.live(stored.id)
        differs = _first_difference(records, table.hands, table.facts)
        if differs is not None:
            number, what = differs
            raise refuse(
                _("session {key} of the file is session {id} of the ledger, but hand {number} differs ({what})").format(
                    key=table.key, id=stored.id, number=number, what=what
                )
            )
        plan = _with_events(look, _outcome(stored, len(records), table, by_facts=False), table, records)
        if plan is None:
            raise refuse(
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
        elif _with_events(look, Plan("extended", candidate, len(records), True), table, records) is not None:
            extends.append((candidate, records))
    if len(extends) > 1:
        raise refuse(
            _(
                "session {key} of the file continues sessions {names} of the ledger alike, so it cannot "
                "tell which one it is"
            ).format(key=table.key, names=and_list(str(r.id) for r, _r in extends))
        )
    if extends:
        candidate, records = extends[0]
        return _with_events(look, _outcome(candidate, len(records), table, by_facts=True), table, records)  # type: ignore[return-value]
    return Plan("new")


def _live(s: Any, table_id: int) -> list[Any]:
    """The number and facts of a table's live hands, in order (rows, not ORM objects: only compared)."""
    return list(
        s.connection().execute(
            select(HandRecord.number, HandRecord.facts)
            .where(HandRecord.table_id == table_id, HandRecord.status == LIVE)
            .order_by(HandRecord.number)
        )
    )


def _with_events(look: Look, plan: Plan, table: FileTable, records: list[Any]) -> Plan | None:
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


def _outcome(kept: Table, stored: int, table: FileTable, by_facts: bool) -> Plan:
    if stored == len(table.hands):
        return Plan("same", kept, stored, by_facts)
    if stored > len(table.hands):
        return Plan("older", kept, stored, by_facts)
    if kept.closed:
        raise refuse(
            _(
                "session {key} of the file has {value} more hands than session {id} of the ledger, which is closed"
            ).format(key=table.key, value=len(table.hands) - stored, id=kept.id)
        )
    return Plan("extended", kept, stored, by_facts)


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
