"""The import: the file read once, each table checked against the ledger and kept in a temporary file,
then written a batch of whole tables per short transaction (bounded memory, nothing written if one
table is refused)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.exc import DBAPIError

from schreiber.i18n import _
from schreiber.ledger import interrupted
from schreiber.ledger.service import Ledger
from schreiber.ledger.transfer.matching import Imported, Look, checked, plan_for, respelled, spelling
from schreiber.ledger.transfer.reading import FileTable, file_tables, refuse, scored
from schreiber.rules import registry
from schreiber.rules.model import Hand, SettingsError
from schreiber.rules.table import TeamPlay
from schreiber.store.models import JOIN, LEAVE, LIVE, HandRecord, Payment, PayoutRecord, Player, Seat, Table, TableEvent


def import_rows(
    ledger: Ledger, rows: Callable[[], Iterable[dict[str, str]]], source: str | None = None
) -> list[Imported]:
    """Bring the file's tables into the ledger without ever doubling one.

    The file is read once: each table is checked against the ledger (and re-scored where the ledger
    lacks hands of it) and kept, as it will be written, in a temporary file (_Spill), so nothing
    is written if one table is refused and memory holds one batch of tables at a time. Then the
    kept tables are written, a batch of tables per short transaction. A table already in the ledger
    (the same uid, or for an older file the same date, rule set, players and hands) is left as it
    is, or gets only the hands it lacks. The ledger is read for a batch of tables at once (Look),
    and new tables are written a batch at a time (_create). (`rows` is called once.) With `source`
    (the file's name), each batch notes how far the import got, until the last one (interrupted.py).
    """
    from schreiber.csvio import CsvError

    try:
        count = 0
        unchanged: list[Imported] = []  # what the import does when it writes nothing
        with _Spill() as spill:
            for batch in _batches(file_tables(rows())):
                # Folded after the batch's transaction: the ledger is not held while the hands are scored.
                for item in checked(ledger, batch):
                    if isinstance(item, Imported):
                        # Nothing to write: only what the import found is kept, in its place among the tables.
                        unchanged.append(item)
                        spill.keep(item)
                    else:
                        # Refused here, before anything is written, if a hand does not score as the file says.
                        spill.keep(_Kept.of(scored(item)))
                    count += 1
            if not count:
                raise refuse(_("the file has no hands in it"))
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
    look = Look(ledger, s, [t.table for t in batch if isinstance(t, _Kept)])
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
            and spelling(look, table) is None
            and all(k.table.uid != table.uid for _i, k in waiting)
        ):
            waiting.append((len(out), item))
            out.append(None)
            look.seen(table)
            continue
        _create(s, look, waiting, out)
        waiting = []
        whole = respelled(look, item.whole())
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


def _apply(look: Look, table: FileTable) -> Imported:
    """Plan and write one table on its own: one that is in the ledger already (it may gain hands,
    joins, leaves and payments), or an older file's new table."""
    ledger, s = look.ledger, look.s
    plan = plan_for(look, table)
    if plan.outcome in ("same", "older"):
        assert plan.table is not None
        return Imported(table.key, plan.table.id, plan.outcome, plan.stored, 0, plan.by_facts)
    people = _players(s, table.everyone())
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


def _create(s: Any, look: Look, waiting: list[tuple[int, _Kept]], out: list[Imported | None]) -> None:
    """Write the new tables that wait (each with its seats, joins and leaves, payments, hands and
    payouts), each kind of row in one statement for them all; what was done goes to out[i]."""
    if not waiting:
        return
    tables = [k.table for _i, k in waiting]
    people = _players(s, [n for t in tables for n in t.everyone()])
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
    return refuse(
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
