"""A ledger made empty again inside one test, for a property test whose examples share the test's ledger."""

from __future__ import annotations

from schreiber.ledger.service import Ledger


def emptied(ledger: Ledger) -> Ledger:
    """`ledger` with every row of every table deleted (the schema and its revision kept): each example starts from a
    new ledger, and `db check`, which reads the whole ledger, reads only that example's tables."""
    import schreiber.store.league_models  # noqa: F401  (its tables belong to the same metadata)
    from schreiber.store.models import Base

    with ledger.transaction() as s:
        for table in reversed(Base.metadata.sorted_tables):
            s.execute(table.delete())
    return ledger
