"""The Ledger by noun: the unit of work, tables, hands, folds and entry keys, composed in schreiber/ledger/service.py."""
