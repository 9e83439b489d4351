"""An `import csv` stopped part-way (killed, Ctrl-C, the machine off) leaves whole tables only, and every
command after it says how far it got — "an import of FILE stopped after 4 of 6 tables; run it again to
finish" — until a run of that file finishes."""

from __future__ import annotations

import datetime as dt

import pytest

from schreiber.ledger.transfer import writing
from schreiber.ledger.reports import Scope, export_rows, import_rows
from schreiber.ledger.service import Ledger
from schreiber import csvio
from schreiber.rules.model import Hand


@pytest.fixture
def file_of_six(tmp_path):
    source = Ledger.open(f"sqlite:///{tmp_path / 'club.db'}")
    for day in range(6):
        info = source.new_table(
            "schafkopf",
            ["Anna", "Berta", "Carl", "Dora"],
            new_players=["Anna", "Berta", "Carl", "Dora"],
            date=dt.date(2026, 1, 1 + day),
        )
        source.add(Hand(type="wenz", player="Carl", augen=70 + day), info.id)
    path = tmp_path / "club.csv"
    with path.open("w", encoding="utf-8", newline="") as out:
        csvio.write(export_rows(source, Scope(all_tables=True)), out)
    source.engine.dispose()
    return str(path)


def interrupt(monkeypatch, url: str, path: str, tables_per_batch: int, killed_in_batch: int) -> None:
    """Import `path` into the ledger at `url`, `tables_per_batch` tables a transaction, killed (Ctrl-C) as
    batch `killed_in_batch` is written."""
    monkeypatch.setattr(writing, "_WRITE_TABLES", tables_per_batch)
    written = writing._written
    batches = []

    def killed(*args):
        batches.append(1)
        if len(batches) == killed_in_batch:
            raise KeyboardInterrupt
        return written(*args)

    monkeypatch.setattr(writing, "_written", killed)
    with pytest.raises(KeyboardInterrupt):
        import_rows(Ledger.open(url), lambda: csvio.read_file(path), source=path)
    monkeypatch.setattr(writing, "_written", written)


def test_an_import_stopped_part_way_is_named_until_it_is_finished(cli, file_of_six, monkeypatch):
    interrupt(monkeypatch, cli.url, file_of_six, tables_per_batch=2, killed_in_batch=3)
    target = Ledger.open(cli.url)
    said = f"schreiber: an import of {file_of_six} stopped after 4 of 6 tables; run it again to finish."

    listed = cli("session", "list")
    assert listed.code == 0 and said in listed.err.splitlines()
    assert len(target.tables()) == 4  # whole tables only
    assert said in cli("report").err.splitlines()

    ran = cli("import", "csv", file_of_six)
    assert ran.code == 0
    assert len(target.tables()) == 6
    assert "stopped after" not in cli("session", "list").err


def test_an_import_found_complete_by_a_second_run_ends_the_note(cli, file_of_six, monkeypatch):
    interrupt(monkeypatch, cli.url, file_of_six, tables_per_batch=3, killed_in_batch=2)
    assert "stopped after 3 of 6 tables" in cli("session", "list").err
    # another process adds the rest meanwhile without naming the file; a run of the file finds all six in
    import_rows(Ledger.open(cli.url), lambda: csvio.read_file(file_of_six))
    assert "stopped after 3 of 6 tables" in cli("session", "list").err
    assert cli("import", "csv", file_of_six).code == 0
    assert "stopped after" not in cli("session", "list").err
