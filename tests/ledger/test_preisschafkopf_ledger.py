"""Property: a preisschafkopf table kept hand by hand in the ledger (five at the table, a hand
voided now and then) is the fold of its facts, never negative, and its statistics count the
hands and wins the report counts."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schreiber.ledger.reports import Scope, report
from schreiber.ledger.stats import compute
from schreiber.views.payloads import stats_json
from schreiber.ledger.upkeep import check
from schreiber.rules.model import HandError, SettingsError
from schreiber.rules.preisschafkopf import PREISSCHAFKOPF
from schreiber.rules.table import replay
from tests.helpers.preisschafkopf import hands

FIVE = ("Anna", "Berta", "Carl", "Dora", "Emil")


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(evening=st.lists(st.tuples(hands(FIVE), st.booleans()), min_size=1, max_size=12))
def test_hand_by_hand_equals_the_fold_and_stats_agree_with_report(ledger, evening):
    info = ledger.new_table("preisschafkopf", FIVE)
    for hand, void in evening:
        try:
            view = ledger.add(hand, info.id)
        except HandError:
            continue  # the player drawn sat out this hand: refused, nothing changed
        if void and len(view.hands) > 1:
            try:
                ledger.void(view.hands[-2].number, info.id)
            except (HandError, SettingsError):
                pass  # at five a void may make a later hand's player sit out: refused, nothing changed
    assert check(ledger).problems == []
    view = ledger.table(info.id)
    steps = replay(PREISSCHAFKOPF, view.table.settings, FIVE, [h.hand for h in view.hands])
    assert [dict(s.payout.points) for s in steps] == [dict(h.payout.points) for h in view.hands]
    assert all(v >= 0 for h in view.hands for v in h.payout.points.values())
    assert all(v >= 0 for v in view.totals.values())
    rep = {p.name: (p.hands, p.won, p.points) for p in report(ledger, Scope(table_id=info.id)).players}
    groups = stats_json(compute(ledger, Scope(table_id=info.id)))["groups"]
    counted = {p["name"]: (p["hands"], p["won"], p["points"]) for g in groups for p in g["players"]}
    assert counted == rep
