"""Property: whatever joins, leaves, re-deals, voids and restores an evening sees, the cached payouts
equal a fresh fold of the stored facts, the cached statistics equal fresh ones, and a zero-sum
rule set stays zero-sum; and the evening survives export and import."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete

from schreiber.ledger.reports import Scope, export_rows, import_rows
from schreiber.ledger.service import Ledger
from schreiber.ledger.stats import compute
from schreiber.views.payloads import stats_json
from schreiber.ledger.upkeep import check
from schreiber import csvio
from schreiber.rules.model import Hand, HandError, SettingsError
from schreiber.store.models import StatsBlock, TableStats
from tests.helpers.ledgers import emptied

NAMES = ("Anna", "Berta", "Carl", "Dora", "Emil", "Fritz", "Gabi")

steps = st.lists(
    st.tuples(
        st.sampled_from(["hand", "hand", "hand", "dealer", "join", "leave", "void", "restore", "edit"]),
        st.integers(0, 1000),
        st.integers(0, 120),
    ),
    min_size=1,
    max_size=25,
)


def assert_stats_cache_fresh(ledger, table_id):
    """What `stats` answers from its cache (filled by the previous step) is what it answers from nothing."""
    cached = stats_json(compute(ledger, Scope(table_id=table_id)))
    with ledger.transaction() as s:
        s.execute(delete(StatsBlock))
        s.execute(delete(TableStats))
    assert cached == stats_json(compute(ledger, Scope(table_id=table_id)))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=steps, rules=st.sampled_from(["schafkopf", "doppelkopf"]))
def test_stored_payouts_equal_the_fold_of_the_facts(ledger, steps, rules):
    ledger = emptied(ledger)  # the examples share the test's ledger; each starts from an empty one
    info = ledger.new_table(rules, NAMES[:4], tariff=5)
    augen_of = 240 if rules == "doppelkopf" else 120
    game = "normal" if rules == "doppelkopf" else "rufspiel"
    for kind, pick, augen in steps:
        view = ledger.table(info.id)
        active = view.state.active
        seated = view.state.players
        try:
            if kind in ("hand", "dealer"):
                dealer = seated[pick % len(seated)] if kind == "dealer" else None
                # with a dealer named, the one who sits out is that dealer (and dealer + 3 at six)
                if dealer is not None and len(seated) > 4:
                    i = seated.index(dealer)
                    out = {dealer} | ({seated[(i + 3) % len(seated)]} if len(seated) == 6 else set())
                    active = tuple(p for p in seated if p not in out)
                a, b = active[pick % 4], active[(pick + 1) % 4]
                ledger.add(Hand(game, player=a, partner=b, augen=augen * augen_of // 120, dealer=dealer), info.id)
            elif kind == "join":
                newcomer = next(n for n in NAMES if n not in seated)
                ledger.join(newcomer, seat=pick % (len(seated) + 1) + 1, table_id=info.id)
            elif kind == "leave":
                ledger.leave(seated[pick % len(seated)], info.id)
            elif kind == "void" and view.hands:
                ledger.void(view.hands[pick % len(view.hands)].number, info.id)
            elif kind == "restore" and view.hands:
                ledger.restore(view.hands[pick % len(view.hands)].number, info.id)
            elif kind == "edit" and view.hands:
                ledger.edit(
                    view.hands[pick % len(view.hands)].number,
                    Hand("?", augen=augen * augen_of // 120),
                    info.id,
                    partial=True,
                )
        except (HandError, SettingsError):
            pass  # refused (a limit of the rule set, a player not seated any more): nothing changed
        # `db check`: the cached payouts are the fold of the facts, and a kept statistics summary is its hands'.
        assert check(ledger).problems == []
        assert_stats_cache_fresh(ledger, info.id)
    view = ledger.table(info.id)
    for h in view.hands:
        assert sum(h.payout.points.values()) == 0
    assert sum(view.totals.values()) == 0
    if view.hands:
        assert_export_is_imported_alike(ledger, info.id, view)


def assert_export_is_imported_alike(ledger, table_id, view):
    """What export wrote, import reads: the same hands, payouts and seating in a fresh ledger."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "evening.csv"
        with path.open("w", encoding="utf-8", newline="") as out:
            csvio.write(export_rows(ledger, Scope(table_id=table_id)), out)
        other = Ledger.open(f"sqlite:///{Path(tmp) / 'other.db'}")
        try:
            (done,) = import_rows(other, lambda: csvio.read_file(str(path)))
            again = other.table(done.session)
            assert [h.payout.points for h in again.hands] == [h.payout.points for h in view.hands]
            assert again.totals == view.totals
            assert (again.state.players, again.state.dealer) == (view.state.players, view.state.dealer)
        finally:
            other.engine.dispose()
