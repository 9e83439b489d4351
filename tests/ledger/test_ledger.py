"""The ledger against the pure fold, on SQLite and PostgreSQL: replay, undo, edit, the cache, two writers."""

from __future__ import annotations

import threading

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schreiber.ledger.reports import Scope, report
from schreiber.rules import registry
from schreiber.rules.model import Hand
from schreiber.rules.table import replay
from tests.strategies import PLAYERS, schafkopf_hands

DB_SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def table(ledger, rules="schafkopf", players=PLAYERS, **kw):
    return ledger.new_table(rules, players, **kw)


@DB_SETTINGS
@given(hands=st.lists(schafkopf_hands(), min_size=1, max_size=12))
def test_adding_one_by_one_gives_what_the_fold_gives(ledger, hands):
    info = table(ledger)
    for hand in hands:
        view = ledger.add(hand, info.id)
    rules = registry.get("schafkopf")
    pure = replay(rules, info.settings, PLAYERS, hands)
    assert [h.payout.points for h in view.hands] == [s.payout.points for s in pure]
    assert ledger.table(info.id).totals == view.totals
    cached = {p.name: p.points for p in report(ledger, Scope(table_id=info.id)).players}
    assert cached == view.totals
    assert sum(view.totals.values()) == 0


@DB_SETTINGS
@given(hands=st.lists(schafkopf_hands(), min_size=2, max_size=8))
def test_undo_then_adding_the_same_hand_changes_nothing(ledger, hands):
    info = table(ledger)
    for hand in hands:
        before = ledger.add(hand, info.id)
    ledger.undo(info.id)
    after = ledger.add(hands[-1], info.id)
    assert [h.payout for h in after.hands] == [h.payout for h in before.hands]
    assert after.totals == before.totals
    assert after.status == before.status


@DB_SETTINGS
@given(hands=st.lists(schafkopf_hands(), min_size=2, max_size=8), data=st.data())
def test_an_edit_rescores_every_later_hand_like_a_fresh_fold(ledger, hands, data):
    info = table(ledger)
    for hand in hands:
        ledger.add(hand, info.id)
    n = data.draw(st.integers(1, len(hands)))
    replacement = data.draw(schafkopf_hands())
    view = ledger.edit(n, replacement, info.id).view
    edited = [*hands[: n - 1], replacement, *hands[n:]]
    pure = replay(registry.get("schafkopf"), info.settings, PLAYERS, edited)
    assert [h.payout.points for h in view.hands] == [s.payout.points for s in pure]
    assert ledger.recompute()[1] == 0


def test_recompute_rebuilds_a_damaged_cache(ledger):
    from sqlalchemy import update

    from schreiber.store.models import PayoutRecord

    info = table(ledger)
    ledger.add(Hand("rufspiel", player="Berta", partner="Dora", augen=72), info.id)
    with ledger.transaction() as s:
        s.execute(update(PayoutRecord).values(points=99))
    assert ledger.recompute() == (1, 1)
    assert {p.name: p.points for p in report(ledger, Scope(table_id=info.id)).players} == {
        "Anna": -1,
        "Berta": 1,
        "Carl": -1,
        "Dora": 1,
    }


def test_two_terminals_adding_at_once_get_distinct_numbers(ledger, db_url):
    from schreiber.ledger.service import Ledger

    info = table(ledger)
    errors: list[Exception] = []

    def terminal(player: str) -> None:
        mine = Ledger.open(db_url)
        try:
            for _ in range(8):
                mine.add(Hand("rufspiel", player=player, partner="Dora", augen=80), info.id)
        except Exception as e:  # pragma: no cover - the assertion below shows it
            errors.append(e)
        finally:
            mine.engine.dispose()

    threads = [threading.Thread(target=terminal, args=(p,)) for p in ("Anna", "Berta")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    view = ledger.table(info.id)
    assert [h.number for h in view.hands] == list(range(1, 17))
    assert view.totals["Dora"] == 16  # 80 Augen: won, no Schneider, 1 each
