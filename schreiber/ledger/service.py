"""The application layer: tables, hands, undo and edit, each command one transaction over the fold.

`Ledger` is composed of its nouns in schreiber/ledger/tables/: the unit of work (unit.py), tables and
their seats (tables.py), hands (hands.py), folds and the payout cache (folds.py), and entry keys (keys.py).
"""

from __future__ import annotations

from schreiber.ledger.tables.folds import Folds
from schreiber.ledger.tables.hands import Hands
from schreiber.ledger.tables.keys import EntryKeys
from schreiber.ledger.tables.tables import Tables
from schreiber.ledger.tables.unit import UnitOfWork


class Ledger(UnitOfWork, Tables, Hands, Folds, EntryKeys):
    """An open ledger: one engine, and one short transaction per command.

    Its commands are what cli/ and web/ call. The methods without an underscore that take a session `s`
    (table_row, records, events, player, player_ids, view, fold_hands, payout_rows, next_number), with the
    functions seat_changes (folds.py) and jsonable (tables.py), are the internal API the other modules of
    schreiber/ledger/ build on, inside a transaction the caller holds; those with an underscore are its own."""
