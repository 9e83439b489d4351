"""RULES.md §6 seat draw, pure: legal tables, everyone once, repeats counted right, seeds reproduce."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schreiber.ledger.seating import count_repeats, draw, met_pairs, table_sizes
from schreiber.rules.model import SettingsError


@pytest.mark.parametrize(("n", "sizes"), [(4, (4,)), (5, (5,)), (8, (4, 4)), (9, (5, 4)), (10, (5, 5)),
                                          (15, (5, 5, 5)), (17, (5, 4, 4, 4)), (40, (4,) * 10), (43, (5, 5, 5) + (4,) * 7)])
def test_table_sizes(n, sizes):
    assert table_sizes(n) == sizes


@pytest.mark.parametrize("n", [0, 1, 2, 3, 6, 7, 11])
def test_counts_that_cannot_be_seated_are_refused(n):
    with pytest.raises(SettingsError, match=f"{n} players cannot be seated"):
        draw(list(range(n)))


def run(n: int, rounds: int, seed: str) -> list:
    met: set = set()
    out = []
    for r in range(rounds):
        d = draw(list(range(n)), met, seed=f"{seed}/{r}")
        out.append(d)
        met |= met_pairs([d.tables])
    return out


@pytest.mark.parametrize("n", [16, 20])
@pytest.mark.parametrize("seed", ["a", "b", "c"])
def test_sixteen_or_twenty_players_play_three_rounds_without_a_repeat(n, seed):
    draws = run(n, 3, seed)
    assert [d.repeats for d in draws] == [0, 0, 0]
    assert len(met_pairs(d.tables for d in draws)) == 3 * (n // 4) * 6


def test_a_seed_gives_the_same_draw_and_another_seed_another():
    assert run(40, 3, "x") == run(40, 3, "x")
    assert run(40, 3, "x")[0].tables != run(40, 3, "y")[0].tables


def test_seventeen_players_repeat_once_where_a_table_of_five_must():
    # Round 1 has four tables; a table of five in round 2 must hold two players of one of them.
    assert [d.repeats for d in run(17, 2, "s")] == [0, 1]


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=4, max_value=60).filter(lambda n: n not in (6, 7, 11)),
    st.integers(min_value=1, max_value=4),
    st.text(max_size=5),
)
def test_every_draw_seats_everyone_once_and_reports_the_repeats_it_made(n, rounds, seed):
    players = [f"P{i}" for i in range(n)]
    met: set = set()
    for r in range(rounds):
        d = draw(players, met, seed=f"{seed}/{r}")
        seated = [p for t in d.tables for p in t]
        assert sorted(seated) == sorted(players)
        assert sorted((len(t) for t in d.tables), reverse=True) == list(table_sizes(n))
        assert d.repeats == count_repeats(d.tables, met)
        met |= met_pairs([d.tables])
