"""The change marker: every writing command moves it, reading commands never do."""

from __future__ import annotations

import threading

import pytest

from schreiber.ledger.reports import Scope, report
from schreiber.rules.model import Hand
from tests.strategies import PLAYERS


def rufspiel(player="Anna", partner="Carl", augen=75):
    return Hand(type="rufspiel", player=player, partner=partner, augen=augen)


def test_each_write_moves_the_marker_and_reads_do_not(ledger):
    before = ledger.changes()
    info = ledger.new_table("schafkopf", PLAYERS)
    after_new = ledger.changes()
    assert after_new > before
    ledger.add(rufspiel(), info.id)
    after_add = ledger.changes()
    assert after_add > after_new
    ledger.table(info.id)
    ledger.show(1, info.id)
    report(ledger, Scope(table_id=info.id))
    assert ledger.changes() == after_add
    ledger.edit(1, rufspiel(augen=85), info.id)
    after_edit = ledger.changes()
    assert after_edit > after_add
    ledger.undo(info.id)
    assert ledger.changes() > after_edit


def test_a_refused_hand_leaves_the_marker_alone(ledger):
    info = ledger.new_table("schafkopf", PLAYERS)
    marker = ledger.changes()
    with pytest.raises(ValueError):
        ledger.add(Hand(type="rufspiel", player="Anna", partner="Anna", augen=75), info.id)
    assert ledger.changes() == marker


def test_writers_at_once_each_count(ledger):
    info = ledger.new_table("schafkopf", PLAYERS)
    start = ledger.changes()
    errors: list[Exception] = []

    def write():
        try:
            ledger.add(rufspiel(), info.id)
        except Exception as e:  # a refused concurrent add must still be counted by the assertion below
            errors.append(e)

    threads = [threading.Thread(target=write) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert ledger.changes() == start + 4 - len(errors)
    assert len(ledger.table(info.id).hands) == 4 - len(errors)
