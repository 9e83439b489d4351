"""RULES.md §6 standings, pure: worked example T1 in both Wertungen, and the ranking's invariants."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schreiber.scoring.placement import placements
from schreiber.scoring.ranking import standings

T1_ROUNDS = [
    [{"Anna": 40, "Berta": 15, "Carl": 0, "Dora": 25}, {"Emil": 30, "Fritz": 30, "Gerda": 10, "Hans": 5}],
    [{"Anna": 10, "Emil": 20, "Gerda": 45, "Berta": 5}, {"Carl": 35, "Fritz": 10, "Dora": 5, "Hans": 20}],
]
T1_PLAYERS = ["Anna", "Berta", "Carl", "Dora", "Emil", "Fritz", "Gerda", "Hans"]
T1_SOLI = {"Anna": 1, "Emil": 2}


@pytest.mark.parametrize(
    ("wertung", "expected"),
    [
        (
            "punkte",
            [
                ("Gerda", 55, 1),
                ("Emil", 50, 2),
                ("Anna", 50, 3),
                ("Fritz", 40, 4),
                ("Carl", 35, 5),
                ("Dora", 30, 6),
                ("Hans", 25, 7),
                ("Berta", 20, 8),
            ],
        ),
        (
            "platz",
            [
                ("Emil", 3, 1),
                ("Gerda", 2, 2),
                ("Anna", 2, 3),
                ("Fritz", 1, 4),
                ("Carl", 0, 5),
                ("Dora", -2, 6),
                ("Hans", -2, 7),
                ("Berta", -4, 8),
            ],
        ),
    ],
)
def test_worked_example_t1(wertung, expected):
    got = [(s.player, s.score, s.rank) for s in standings(T1_PLAYERS, T1_ROUNDS, T1_SOLI, wertung)]
    assert got == expected


def test_t1_placements_of_round_one():
    assert placements(T1_ROUNDS[0][0]) == {"Anna": 3, "Dora": 1, "Berta": -1, "Carl": -3}
    assert placements(T1_ROUNDS[0][1]) == {"Emil": 2, "Fritz": 2, "Gerda": -1, "Hans": -3}


def test_a_table_of_five_and_three_tied():
    assert placements({"a": 9, "b": 5, "c": 5, "d": 5, "e": 0}) == {"a": 4, "b": 0, "c": 0, "d": 0, "e": -4}


def test_ties_share_the_rank_and_the_next_skips():
    ranks = [s.rank for s in standings(["a", "b", "c", "d"], [[{"a": 9, "b": 5, "c": 5, "d": 1}]])]
    assert ranks == [1, 2, 2, 4]


def test_a_round_not_played_is_none_and_counts_nothing():
    rows = standings(
        ["a", "b", "c", "d", "e"], [[{"a": 1, "b": 2, "c": 3, "d": 4}], [{"a": 1, "b": 2, "c": 3, "e": 4}]]
    )
    by = {s.player: s for s in rows}
    assert by["e"].rounds == (None, 4) and by["e"].points == 4
    assert by["d"].rounds == (4, None)


results = st.integers(min_value=-60, max_value=60)


@st.composite
def tournaments(draw):
    n = draw(st.integers(min_value=4, max_value=13).filter(lambda n: n not in (6, 7, 11)))
    players = [f"p{i}" for i in range(n)]
    from schreiber.scoring.seating import table_sizes

    rounds = []
    for _r in range(draw(st.integers(min_value=1, max_value=4))):
        order = draw(st.permutations(players))
        tables, start = [], 0
        for size in table_sizes(n):
            tables.append({p: draw(results) for p in order[start : start + size]})
            start += size
        rounds.append(tables)
    soli = {p: draw(st.integers(min_value=0, max_value=2)) for p in players}
    return players, rounds, soli


@settings(max_examples=150, deadline=None)
@given(tournaments(), st.sampled_from(["punkte", "platz"]))
def test_standings_equal_a_ranking_recomputed_from_the_round_results(t, wertung):
    players, rounds, soli = t
    rows = standings(players, rounds, soli, wertung)
    assert sorted(s.player for s in rows) == sorted(players)
    for s in rows:
        mine = [next(tab[s.player] for tab in tables if s.player in tab) for tables in rounds]
        assert list(s.rounds) == mine and s.points == sum(mine)
        if wertung == "platz":
            assert s.score == sum(
                placements(next(tab for tab in tables if s.player in tab))[s.player] for tables in rounds
            )
        else:
            assert s.score == s.points

        # The rank is 1 + how many players are strictly better by the tie-break chain.
        def key(x):
            return (x.score, x.points if wertung == "platz" else 0, x.soli, max(x.rounds))

        assert s.rank == 1 + sum(1 for o in rows if key(o) > key(s))
    # Placement points at each table add up to 0.
    for tables in rounds:
        for tab in tables:
            assert sum(placements(tab).values()) == 0
