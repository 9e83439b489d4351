"""Property: the unfinished tables that standings name (worked out for all rounds at once, as a season asks
of every tournament) are the ones each round's seat plan calls unfinished — a table is finished by its
sheet, by all its hands (a table of 5 plays 5/4 of them) or by `close`."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schreiber.ledger.sheets import TypedSheet
from schreiber.ledger.tournament import Tournaments
from schreiber.rules.model import Hand, SettingsError

COUNT = itertools.count(1)  # a tournament's name and date are its own: each example starts another
NINE = ["Anna", "Berta", "Carl", "Dora", "Emil", "Fritz", "Gabi", "Hans", "Ida"]  # a table of 5 and one of 4

# What happens at each of the four tables of two rounds: ("hands", k) plays k hands, "sheet" types the
# paper sheet, "close" ends it early after k hands (at least one).
fates = st.lists(st.tuples(st.sampled_from(["hands", "sheet", "close"]), st.integers(0, 6)), min_size=4, max_size=4)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(fates=fates)
def test_standings_name_the_tables_each_round_plan_calls_unfinished(ledger, fates):
    t = Tournaments(ledger)
    info = t.new(f"Probe {next(COUNT)}", "preisschafkopf", rounds=2, hands=4, seed="unfinished")
    t.register(NINE)
    tables = [(1, table) for table in t.draw(tournament_id=info.id).tables]
    tables += [(2, table) for table in t.draw(tournament_id=info.id, force=True).tables]
    for (round_, table), (fate, k) in zip(tables, fates):
        if fate == "sheet":
            t.result(round_, table.table, TypedSheet([(name, 0) for name in table.players]), tournament_id=info.id)
            continue
        wanted = max(k, 1) if fate == "close" else k  # a table closes with the hands it has, one at least
        for _ in range(min(wanted, table.of)):
            player = ledger.table(table.session).state.active[0]
            ledger.add(Hand("wenz", player=player, augen=70), table.session)
        if wanted > table.of:  # the table has played its series: the hand after it is refused (issue 39)
            player = ledger.table(table.session).state.active[0]
            with pytest.raises(SettingsError, match=f"table {table.table} has played its {table.of} hands"):
                ledger.add(Hand("wenz", player=player, augen=70), table.session)
        if fate == "close":
            t.close(round_, table.table, tournament_id=info.id)

    expected = [u for round_ in (1, 2) for u in t.plan(round_, tournament_id=info.id).unfinished()]
    got = t.standings(tournament_id=info.id)
    assert list(got.unfinished) == expected
    # A table of 5 plays 5 of the round's 4 hands: one that played 4 is still playing.
    assert all(u.of == (5 if len(u.numbers) == 5 else 4) and u.hands < u.of for u in got.unfinished)
    assert got.after == (0 if any(u.round == 1 for u in expected) else 1 if expected else 2)
