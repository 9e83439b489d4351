"""Entry keys: the secret in a table's entry address, which lets a phone record hands."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.exc import DBAPIError

from schreiber.i18n import _
from schreiber.ledger.tables.results import TableInfo
from schreiber.store.engine import database_error
from schreiber.store.models import Table


class EntryKeys:
    """Make, replace and read the tables' entry keys."""

    def entry_key(self, table_id: int | None = None, new: bool = False) -> tuple[TableInfo, str]:
        """The table's entry key, made (random, 192 bits) when it has none or `new` asks for another;
        a replaced key stops working at once, as every request reads the key anew."""
        import secrets

        with self.transaction() as s:
            table = self.table_row(s, table_id)
            if new or not table.entry_key:
                table.entry_key = secrets.token_urlsafe(24)
            return self._info(s, table), table.entry_key

    def entry_keys(self, table_ids: Sequence[int]) -> dict[int, str]:
        """The entry keys of these tables as stored now (a table without one is left out)."""
        try:
            with self.engine.connect() as conn:
                rows = conn.execute(select(Table.id, Table.entry_key).where(Table.id.in_(list(table_ids)))).all()
        except DBAPIError as e:  # busy with another writer: one sentence (the page answers 503)
            raise database_error(e, _("the ledger could not be read")) from None
        return {table: key for table, key in rows if key}
