"""Export → import round trips for any names and notes: a fresh ledger gets the same table, a second import nothing."""

from __future__ import annotations

import datetime as dt
import itertools
import uuid
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import create_engine, text

from schreiber.ledger.reports import Scope, export_rows, import_rows
from schreiber.ledger.service import Ledger
from schreiber import csvio
from tests.conftest import PG_SERVER
from tests.strategies import PLAYERS, renamed, schafkopf_hands

# Names as people type them into a laptop: any letters, spaces, separators, quotes, and the
# characters a spreadsheet would run as a formula, at the start or anywhere.
_name_chars = st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")) | st.sampled_from(list("=+-@,;\"'\t€äöüß"))
# A name holds no = or , (refused at the table) and one space between its words (as it is kept).
names = st.text(_name_chars, min_size=1, max_size=12).filter(
    lambda n: " ".join(n.split()) == n and "=" not in n and "," not in n
)
EVENINGS = itertools.count()
notes = st.none() | st.text(_name_chars | st.sampled_from(["\n", "\r"]), min_size=1, max_size=40)


@pytest.fixture
def target(db_url, tmp_path):
    """A second ledger of the same kind as `ledger`."""
    if db_url.startswith("sqlite"):
        opened = Ledger.open(f"sqlite:///{tmp_path / 'club.db'}")
        yield opened
        opened.engine.dispose()
        return
    schema = f"t_{uuid.uuid4().hex[:12]}"
    admin = create_engine(PG_SERVER, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    opened = Ledger.open(f"{PG_SERVER}?options=-csearch_path%3D{schema}")
    try:
        yield opened
    finally:
        opened.engine.dispose()
        with admin.connect() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def export(ledger: Ledger, table_id: int, path, excel: bool) -> None:
    with path.open("w", encoding="utf-8", newline="") as out:
        csvio.write(export_rows(ledger, Scope(table_id=table_id)), out, excel=excel)


def facts_and_points(ledger: Ledger, table_id: int) -> tuple[list[str], list[dict], list[list[int]]]:
    view = ledger.table(table_id)
    players = list(view.table.players)
    return (
        [p.casefold() for p in players],
        [(h.hand.type, h.hand.note, h.hand.augen, h.hand.laufende) for h in view.hands],
        [[h.payout.points[p] for p in players] for h in view.hands],
    )


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    players=st.lists(names, min_size=4, max_size=4, unique_by=str.casefold),
    hands=st.lists(st.tuples(schafkopf_hands(), notes), min_size=1, max_size=6),
    excel=st.booleans(),
)
def test_any_names_and_notes_survive_export_and_import_once(ledger, target, tmp_path, players, hands, excel):
    names_of = dict(zip(PLAYERS, players, strict=True))
    # The ledgers outlive one example: each example's table gets its own evening and its players are
    # new by word, or an earlier example's "00" would make "000" a typo, or its identical one-hand
    # table on the same evening would be this file's table by the facts.
    evening = dt.date(2001, 1, 1) + dt.timedelta(days=next(EVENINGS))
    info = ledger.new_table("schafkopf", players, tariff=5, new_players=players, date=evening)
    for hand, note in hands:
        ledger.add(replace(renamed(hand, names_of), note=note), info.id)
    path = tmp_path / f"{uuid.uuid4().hex}.csv"
    export(ledger, info.id, path, excel)

    # into a ledger that does not have the table: the same table, hand by hand
    (done,) = import_rows(target, lambda: csvio.read_file(str(path)))
    assert (done.outcome, done.hands, done.added) == ("new", len(hands), len(hands))
    mine, theirs = facts_and_points(ledger, info.id), facts_and_points(target, done.session)
    # (names match case-insensitively, so a ledger that knows "ANNA" seats her under that spelling)
    assert mine == theirs

    # and again, into that ledger and into the one it came from: nothing changes
    for into in (target, ledger):
        count = len(into.tables())
        (again,) = import_rows(into, lambda: csvio.read_file(str(path)))
        assert (again.outcome, again.added) == ("same", 0)
        assert len(into.tables()) == count


def test_a_note_with_a_carriage_return_reads_back(tmp_path):
    path = tmp_path / "cr.csv"
    headers = [*csvio.REQUIRED, "note"]
    with path.open("w", encoding="utf-8", newline="") as out:
        csvio.write_table(
            headers,
            [["1"] * len(csvio.REQUIRED) + ["line one\rline two"], ["2"] * len(csvio.REQUIRED) + ["plain"]],
            out,
        )
    assert [r["note"] for r in csvio.read_file(str(path))] == ["line one\rline two", "plain"]
