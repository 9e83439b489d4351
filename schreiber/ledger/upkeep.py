"""Looking after the ledger itself: what it is (`db info`), whether it is intact (`db check`), a copy (`db backup`)."""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import func, select, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from schreiber.i18n import N_, _
from schreiber.ledger import stats, totals
from schreiber.ledger.service import Ledger
from schreiber.rules import registry
from schreiber.rules.model import HandError, SettingsError
from schreiber.store.engine import READ_ONLY, LedgerError, copy_sqlite, database_error, shown, stored_revision
from schreiber.store.models import (
    LIVE,
    SCHEMA_REVISION,
    HandRecord,
    PayoutRecord,
    Player,
    StatsBlock,
    Table,
    TableStats,
)


@dataclass(frozen=True)
class LedgerInfo:
    """Where the ledger is, its schema revision and how much it holds."""

    where: str
    revision: str | None
    tables: int
    hands: int
    players: int


@dataclass(frozen=True)
class CheckResult:
    """What `db check` found: one sentence per problem, and what it looked at."""

    problems: list[str]
    tables: int
    hands: int
    revision: str | None


def info(ledger: Ledger) -> LedgerInfo:
    revision = stored_revision(ledger.engine)
    tables = hands = players = 0
    if revision == SCHEMA_REVISION:
        with _reading(ledger) as s:
            tables = s.scalar(select(func.count()).select_from(Table)) or 0
            hands = s.scalar(select(func.count()).select_from(HandRecord).where(HandRecord.status == LIVE)) or 0
            players = s.scalar(select(func.count()).select_from(Player)) or 0
    return LedgerInfo(shown(str(ledger.engine.url)), revision, tables, hands, players)


def check(ledger: Ledger) -> CheckResult:
    """The store's own integrity, hand numbers 1..N per table, and every cached payout against the fold."""
    revision = stored_revision(ledger.engine)
    if revision != SCHEMA_REVISION:
        # The models describe the newest schema only, so the deeper checks wait for the upgrade.
        return CheckResult(
            [
                _(
                    "schema revision {revision} is behind {SCHEMA_REVISION}; `schreiber db upgrade` brings the "
                    "ledger up to date."
                ).format(revision=revision, SCHEMA_REVISION=SCHEMA_REVISION)
            ],
            0,
            0,
            revision,
        )
    problems: list[str] = []
    tables = hands = 0
    with _reading(ledger) as s:
        problems += _store_problems(s)
        names = dict(s.execute(select(Player.id, Player.name)).all())
        for table in s.scalars(select(Table).order_by(Table.id)):
            tables += 1
            versions = s.execute(
                select(HandRecord.number, HandRecord.status).where(HandRecord.table_id == table.id)
            ).all()
            numbers = [number for number, status in versions if status == LIVE]
            hands += len(numbers)
            problems += _numbering_problems(table.id, numbers, {number for number, _ in versions})
            problems += _payout_problems(ledger, s, table)
            problems += _summary_problems(s, table, names)
            problems += _totals_problems(ledger, s, table)
        problems += _block_problems(s, names)
    return CheckResult(problems, tables, hands, revision)


def backup(ledger: Ledger, file: str) -> tuple[Path, int]:
    """Copy an SQLite ledger consistently to `file` (whole or not at all); returns the path and its size."""
    engine = ledger.engine
    if engine.dialect.name != "sqlite" or not engine.url.database:
        raise LedgerError(
            _(
                "db backup: the ledger at {shown} lives on a database server; back it up with the server's "
                "own tool, e.g. `pg_dump --format=custom --file FILE DBNAME`."
            ).format(shown=shown(str(engine.url)))
        )
    source = Path(engine.url.database).resolve()
    target = Path(file).expanduser().resolve()
    if not target.parent.is_dir():
        raise LedgerError(_("FILE: the folder {parent} does not exist; create it first.").format(parent=target.parent))
    if target.is_dir():
        raise LedgerError(_("FILE: {target} is a folder; name the file the copy should go to.").format(target=target))
    ledger_files = {source, *(source.with_name(source.name + suffix) for suffix in ("-wal", "-shm", "-journal"))}
    if target in ledger_files or (target.exists() and any(_same(target, f) for f in ledger_files)):
        raise LedgerError(
            _("FILE: {target} is the ledger itself (or its journal); name a different file for the copy.").format(
                target=target
            )
        )
    try:
        copy_sqlite(source, target)
    except OSError as e:
        raise LedgerError(
            _("FILE: cannot write {target} ({strerror}); no copy was made.").format(target=target, strerror=e.strerror)
        ) from None
    except Exception as e:  # sqlite3 errors: busy, a disk full, a damaged source
        if "locked" in str(e) or "busy" in str(e):
            raise LedgerError(
                _("the ledger is busy (another schreiber is writing); no copy was made, try again in a moment.")
            ) from None
        raise LedgerError(
            _("FILE: the copy to {target} failed ({e}); no copy was made.").format(target=target, e=e)
        ) from None
    return target, target.stat().st_size


# -- the checks -----------------------------------------------------------------------------------


class _reading:
    """A session that only reads: whatever happens, it is rolled back."""

    def __init__(self, ledger: Ledger) -> None:
        self.session = Session(ledger.engine.execution_options(**{READ_ONLY: True}))

    def __enter__(self) -> Session:
        return self.session

    def __exit__(self, kind, error, tb) -> None:  # type: ignore[no-untyped-def]
        try:
            self.session.rollback()
        finally:
            self.session.close()
        if isinstance(error, DBAPIError):
            raise database_error(error, _("the ledger could not be read")) from None


# Rows that point nowhere or disagree with what they point to; each query returns (description,) rows.
_ORPHANS = {
    N_(
        "hand {0} belongs to no table"
    ): "SELECT h.id FROM hand h LEFT JOIN runde r ON r.id = h.runde_id WHERE r.id IS NULL",
    N_("hand {0} replaces a hand that does not exist"): (
        "SELECT h.id FROM hand h LEFT JOIN hand o ON o.id = h.replaces_id WHERE h.replaces_id IS NOT NULL AND o.id IS NULL"
    ),
    N_("a seat of table {0} belongs to no table"): (
        "SELECT s.runde_id FROM seat s LEFT JOIN runde r ON r.id = s.runde_id WHERE r.id IS NULL"
    ),
    N_("a seat of table {0} names a player who does not exist"): (
        "SELECT s.runde_id FROM seat s LEFT JOIN player p ON p.id = s.player_id WHERE p.id IS NULL"
    ),
    N_("a cached payout names hand {0}, which does not exist"): (
        "SELECT DISTINCT c.hand_id FROM payout c LEFT JOIN hand h ON h.id = c.hand_id WHERE h.id IS NULL"
    ),
    N_("a cached payout of hand {0} names a player who does not exist"): (
        "SELECT DISTINCT c.hand_id FROM payout c LEFT JOIN player p ON p.id = c.player_id WHERE p.id IS NULL"
    ),
    N_("the cached payout of hand {0} is filed under another table than the hand"): (
        "SELECT DISTINCT c.hand_id FROM payout c JOIN hand h ON h.id = c.hand_id WHERE c.runde_id <> h.runde_id"
    ),
    N_("hand {0} is not live but still has cached payouts"): (
        "SELECT DISTINCT c.hand_id FROM payout c JOIN hand h ON h.id = c.hand_id WHERE h.status <> 'live'"
    ),
    N_("the active table {0} does not exist"): (
        "SELECT l.value FROM ledger_state l LEFT JOIN runde r ON CAST(r.id AS VARCHAR(20)) = l.value "
        "WHERE l.key = 'active_runde' AND r.id IS NULL"
    ),
}


def _store_problems(s: Session) -> list[str]:
    """The database's own verdict (SQLite's integrity and foreign-key checks) and rows that point nowhere."""
    problems = []
    if s.get_bind().dialect.name == "sqlite":
        verdict = [row[0] for row in s.execute(text("PRAGMA integrity_check"))]
        if verdict != ["ok"]:
            problems += [_("the SQLite file is damaged: {line}").format(line=line) for line in verdict]
        for table, rowid, parent, __ in s.execute(text("PRAGMA foreign_key_check")):
            problems.append(
                _("row {rowid} of table {table} points to a missing row of {parent}").format(
                    rowid=rowid, table=table, parent=parent
                )
            )
    for sentence, query in _ORPHANS.items():
        problems += [_(sentence).format(value) for (value,) in s.execute(text(query))]
    return problems


def _numbering_problems(table_id: int, live: list[int], every: set[int]) -> list[str]:
    # A voided hand keeps its number (void N, undo before a join), so gaps are judged over every version.
    counts = Counter(live)
    problems = [
        _("session {table_id}: hand {n} is live {c} times").format(table_id=table_id, n=n, c=c)
        for n, c in sorted(counts.items())
        if c > 1
    ]
    top = max(every, default=0)
    missing = sorted(set(range(1, top + 1)) - every)
    if missing:
        problems.append(
            _("session {table_id}: the hands are not numbered 1–{top} (no version of hand {numbers})").format(
                table_id=table_id, top=top, numbers=", ".join(map(str, missing))
            )
        )
    return problems


def _payout_problems(ledger: Ledger, s: Session, table: Table) -> list[str]:
    """Fold the table's facts as every command does and compare the cache with what the fold gives."""
    records = ledger.records(s, table)
    try:
        rules = registry.get(table.rules)
        steps, __ = ledger.fold_hands(rules, table, records, events=ledger.events(s, table))
        expected = ledger.payout_rows(s, table, list(zip(records, steps, strict=True)))
    except (HandError, SettingsError, ValueError, KeyError, TypeError) as e:
        return [
            _("session {id}: its hands no longer fold under {rules} ({e})").format(id=table.id, rules=table.rules, e=e)
        ]
    want: dict[int, dict[int, tuple[int, bool, bool, bool]]] = {}
    for row in expected:
        want.setdefault(row.hand_id, {})[row.player_id] = (row.points, row.sat_out, row.won, row.solo)
    have: dict[int, dict[int, tuple[int, bool, bool, bool]]] = {}
    for row in s.scalars(select(PayoutRecord).where(PayoutRecord.table_id == table.id)):
        have.setdefault(row.hand_id, {})[row.player_id] = (row.points, row.sat_out, row.won, row.solo)
    names = {seat.player_id: seat.player.name for seat in table.seats}
    problems = []
    for record in records:
        if have.get(record.id) != want.get(record.id):
            problems.append(
                _(
                    "session {id} hand {number}: the cached payout {points} differs from the fold {points2}; "
                    "`schreiber recompute` rebuilds it"
                ).format(
                    id=table.id,
                    number=record.number,
                    points=_points(have.get(record.id), names),
                    points2=_points(want.get(record.id), names),
                )
            )
    return problems


def _summary_problems(s: Session, table: Table, names: dict[int, str]) -> list[str]:
    """A statistics summary kept for the table's current revision must be what its hands give now."""
    kept = s.scalar(
        select(TableStats.data).where(TableStats.table_id == table.id, TableStats.revision == table.revision)
    )
    if kept is None or kept.get("v") != stats.SUMMARY_VERSION:
        return []  # none, or stale: the next `stats` makes it again
    if kept == stats.summarize(table.rules, stats.hand_rows(s.connection(), [Table.id == table.id]), names):
        return []
    return [
        _(
            "session {id}: the statistics kept for it differ from its hands; `schreiber recompute` drops them "
            "and the next `schreiber stats` makes them again"
        ).format(id=table.id)
    ]


def _block_problems(s: Session, names: dict[int, str]) -> list[str]:
    """A block of statistics summaries kept for tables as they are now must be what their hands give now."""
    problems = []
    for first, fingerprint, data in s.execute(
        select(StatsBlock.table_id, StatsBlock.fingerprint, StatsBlock.data).order_by(StatsBlock.table_id)
    ):
        if stats.block_differs(s, first, fingerprint, data, names):
            problems.append(
                _(
                    "sessions {first} to {last}: the statistics kept for them differ from their hands; "
                    "`schreiber recompute` drops them and the next `schreiber stats` makes them again"
                ).format(first=first, last=data["tables"][-1])
            )
    return problems


def _totals_problems(ledger: Ledger, s: Session, table: Table) -> list[str]:
    """The report totals kept for the table's current revision must be what its hands give now."""
    if not totals.differs(ledger, s, table):
        return []
    return [
        _(
            "session {id}: the report totals kept for it differ from its hands; `schreiber recompute` drops them "
            "and the next `schreiber report` sums them again"
        ).format(id=table.id)
    ]


def _points(rows: dict[int, tuple[int, bool, bool, bool]] | None, names: dict[int, str]) -> str:
    if not rows:
        return _("(none)")
    return ", ".join(
        f"{names.get(pid) or _('player {id}').format(id=pid)} {v[0]:+d}" for pid, v in sorted(rows.items())
    )


def _same(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False
