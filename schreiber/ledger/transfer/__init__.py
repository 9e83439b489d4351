"""The CSV export of a ledger's tables and their import into a ledger (bounded memory, checked first).

By what the code does: `export` writes the rows (`export_rows`); `reading` reads a file's tables back
(`file_tables`, `FileTable`, `scored`); `matching` finds each in the ledger (`Imported`: what the
import did with a table); `writing` is the import itself (`import_rows`).
"""
