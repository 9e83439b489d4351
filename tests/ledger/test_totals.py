"""The report totals kept per table (`ledger.totals`): a season report made from them is the report
made from nothing, whatever is added, voided, edited or restored after they were kept."""

from __future__ import annotations

import datetime as dt

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete, func, select

from schreiber.ledger.reports import Scope, report
from schreiber.ledger.upkeep import check
from schreiber.rules.model import Hand, HandError, SettingsError
from schreiber.store.models import Base, TableTotals
from tests.strategies import PLAYERS, renamed, schafkopf_hands

NAMES = ("Anna", "Berta", "Carl", "Dora", "Emil", "Fritz")
SEASON = Scope(all_tables=True)

# Now and then a hand thrown in (at a table with kein_spiel=zusammenwerfen; elsewhere it is refused, as a
# Ramsch is there): it counts for no one in `hands` and `won`, but in the Kasse per hand.
hands = st.one_of(schafkopf_hands(), schafkopf_hands(), schafkopf_hands(), st.just(Hand("zusammengeworfen")))

evenings = st.lists(
    st.tuples(
        st.sampled_from(["schafkopf", "schafkopf-tarif"]),
        st.permutations(NAMES).map(lambda p: p[:4]),
        st.lists(hands, min_size=0, max_size=5),
        st.sampled_from([(), ("kasse=5",), ("kasse=2", "kasse_per=point"), ("kein_spiel=zusammenwerfen", "kasse=1")]),
    ),
    min_size=1,
    max_size=4,
)

changes = st.lists(
    st.tuples(
        st.sampled_from(["add", "void", "edit", "restore", "table"]),
        st.integers(0, 1000),
        hands,
        st.integers(0, 120),
    ),
    min_size=1,
    max_size=4,
)


def from_nothing(ledger, scope):
    """The report with no totals kept: every table summed from its payouts."""
    with ledger.transaction() as s:
        s.execute(delete(TableTotals))
    return report(ledger, scope)


def kept(ledger) -> int:
    with ledger.transaction() as s:
        return s.scalar(select(func.count()).select_from(TableTotals))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(season=evenings, steps=changes)
def test_a_change_after_the_totals_were_kept_changes_the_report_as_one_made_from_nothing(ledger, season, steps):
    with ledger.engine.begin() as conn:  # a fresh ledger for each example
        for table in reversed(Base.metadata.sorted_tables):
            if table.name != "ledger_state":
                conn.execute(table.delete())
    tables = []
    for n, (rules, seated, played, assignments) in enumerate(season):
        info = ledger.new_table(rules, list(seated), tariff=5, assignments=assignments,
                                date=dt.date(2026, 1, 1) + dt.timedelta(days=7 * n))
        tables.append((info.id, dict(zip(PLAYERS, seated, strict=True))))
        for hand in played:
            try:
                ledger.add(renamed(hand, tables[-1][1]), info.id)
            except HandError:
                pass  # not a game of this table (see `hands`): nothing recorded
    before = report(ledger, SEASON)
    assert kept(ledger) == len(tables)  # the season report kept one row per table
    assert report(ledger, SEASON) == before == from_nothing(ledger, SEASON)
    for kind, pick, hand, augen in steps:
        table_id, mapping = tables[pick % len(tables)]
        view = ledger.table(table_id)
        try:
            if kind == "add":
                ledger.add(renamed(hand, mapping), table_id)
            elif kind == "void" and view.hands:
                ledger.void(view.hands[pick % len(view.hands)].number, table_id)
            elif kind == "restore" and view.hands:
                ledger.restore(view.hands[pick % len(view.hands)].number, table_id)
            elif kind == "edit" and view.hands:
                ledger.edit(view.hands[pick % len(view.hands)].number, Hand("?", augen=augen), table_id, partial=True)
            elif kind == "table":
                info = ledger.new_table("schafkopf", list(mapping.values()), tariff=10)
                tables.append((info.id, mapping))
        except (HandError, SettingsError):
            pass  # refused (an edit that does not fit the hand's type): nothing changed
        # Each report over the season reads the kept totals of the tables not changed since.
        season_report = report(ledger, SEASON)
        one_table = report(ledger, Scope(table_id=table_id))
        assert season_report == from_nothing(ledger, SEASON)
        assert one_table == from_nothing(ledger, Scope(table_id=table_id))
    assert check(ledger).problems == []  # the totals kept by the last report are its hands'
