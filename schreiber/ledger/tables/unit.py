"""The unit of work: one engine, one short transaction per command, and the counter of writes."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Self

from sqlalchemy import Engine, Integer, String, cast, event, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import Session

from schreiber.i18n import _
from schreiber.ledger.tables.results import TableView
from schreiber.store.engine import LedgerError, reason_of, database_error, open_engine, release
from schreiber.store.models import LedgerState


# Bumped by every transaction that writes, so a page or a play loop can tell cheaply whether anything changed.
CHANGES_KEY = "changes"
_WROTE = "wrote"


class UnitOfWork:
    """An open ledger: one engine, and one short transaction per command."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        # `play` keeps each table's fold between lines (`keep_folds = True`): table id -> (marker, view,
        # next hand number, player ids by name or None). A command run once folds from the facts and keeps nothing.
        self.keep_folds = False
        self._folds: dict[int, tuple[int, TableView, int, dict[str, int] | None]] = {}

    @classmethod
    def open(cls, target: str | None = None, **how: Any) -> Self:
        """Open the ledger; `how` goes to `open_engine` (migrate, create, on_create)."""
        return cls(open_engine(target, **how))

    def release(self) -> None:
        """The command is done: its connections closed or, on PostgreSQL, kept for the next (store/engine.py)."""
        release(self.engine)

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """A session whose work is committed at the end, or rolled back on any error."""
        session = Session(self.engine, expire_on_commit=False)
        event.listen(session, "after_flush", _note_flush)
        event.listen(session, "do_orm_execute", _note_statement)
        try:
            with session.begin():
                yield session
                if session.info.get(_WROTE) or session.new or session.dirty or session.deleted:
                    _bump_changes(session)
        except IntegrityError as e:
            raise LedgerError(
                _(
                    "the ledger refused the change ({reason}); another terminal may have written at the same "
                    "time, so try again."
                ).format(reason=reason_of(e))
            ) from None
        except DBAPIError as e:
            raise database_error(e, _("the ledger could not be read or written")) from None
        finally:
            session.close()

    def changes(self) -> int:
        """How many writing transactions the ledger has seen: one small read, for pollers."""
        try:
            with self.engine.connect() as conn:
                return _changes_seen(conn)
        except DBAPIError as e:
            raise database_error(e, "the ledger could not be read") from None


def _note_flush(session: Session, _context: Any) -> None:
    session.info[_WROTE] = True


def _note_statement(state: Any) -> None:
    if state.is_insert or state.is_update or state.is_delete:
        state.session.info[_WROTE] = True


def _changes_seen(reader: Session | Any) -> int:
    """The change counter (see `Ledger.changes`) as a session or a connection sees it."""
    value = reader.scalar(select(LedgerState.value).where(LedgerState.key == CHANGES_KEY))
    return int(value) if value is not None else 0


def _bump_changes(s: Session) -> None:
    # One UPDATE, so two terminals writing at once each add their own 1 (the row lock orders them).
    bumped = s.execute(
        update(LedgerState)
        .where(LedgerState.key == CHANGES_KEY)
        .values(value=cast(cast(LedgerState.value, Integer) + 1, String))
        .execution_options(synchronize_session=False)
    ).rowcount
    if not bumped:
        s.add(LedgerState(key=CHANGES_KEY, value="1"))
        s.flush()
