"""Seeger-Fabian (RULES.md §7) and the draw at tables of 4 and 3, pure: the worked example, the
sheet formula against the per-hand scoring, the tie-breaks and the lot."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings as hyp_settings, strategies as st

from schreiber.scoring import seating
from schreiber.scoring.ranking import SeegerLine, seeger_standings
from schreiber.rules.seeger import seeger_hands, seeger_sheet
from schreiber.rules.model import Hand, SettingsError
from schreiber.rules.skat import SKAT
from schreiber.rules.table import replay

THREE = ("Anna", "Berta", "Carl")


def test_the_worked_example_per_hand_through_the_fold_and_from_the_sheet():
    hands = [
        Hand("kreuz", player="Anna", spitzen=1, augen=75),
        Hand("karo", player="Anna", spitzen=2, ohne=True, augen=50),
        Hand("null", player="Carl", ouvert=True, won=True),
    ]
    steps = replay(SKAT, {}, THREE, hands)
    points = {p: sum(s.payout.points[p] for s in steps) for p in THREE}
    assert points == {"Anna": -30, "Berta": 0, "Carl": 46}
    per_hand = seeger_hands(THREE, [(s.hand.player, s.payout.points[s.hand.player]) for s in steps])
    assert per_hand == {"Anna": -30, "Berta": 40, "Carl": 136}
    assert seeger_sheet(points, {"Anna": 1, "Carl": 1}, {"Anna": 1}) == per_hand


def test_a_table_of_four_gives_30_to_everyone_else_the_dealer_too():
    seated = ("Anna", "Berta", "Carl", "Dora")
    assert seeger_hands(seated, [("Berta", -48), (None, 0)]) == {"Anna": 30, "Berta": -98, "Carl": 30, "Dora": 30}
    with pytest.raises(ValueError):
        seeger_hands(("Anna", "Berta"), [])


@st.composite
def tables(draw):
    size = draw(st.sampled_from([3, 4]))
    seated = tuple("ABCD"[:size])
    hands = draw(
        st.lists(
            st.one_of(
                st.just((None, 0)),
                st.tuples(st.sampled_from(seated), st.integers(18, 264)),
                st.tuples(st.sampled_from(seated), st.integers(18, 264).map(lambda v: -2 * v)),
            ),
            max_size=48,
        )
    )
    return seated, hands


@given(tables())
@hyp_settings(max_examples=300, deadline=None)
def test_seeger_per_hand_summed_is_the_sheet_formula(table):
    seated, hands = table
    points = dict.fromkeys(seated, 0)
    won, lost = Counter(), Counter()
    for declarer, p in hands:
        if declarer is None:
            continue
        points[declarer] += p
        (won if p > 0 else lost)[declarer] += 1
    assert seeger_hands(seated, hands) == seeger_sheet(points, won, lost)


def test_standings_rank_by_score_then_won_then_lost_then_by_lot():
    rounds = [
        [
            {"Anna": SeegerLine(100, 2, 0), "Berta": SeegerLine(100, 2, 0), "Carl": SeegerLine(0, 0, 0)},
            {"Dora": SeegerLine(110, 1, 0), "Emil": SeegerLine(90, 2, 1), "Fritz": SeegerLine(0, 0, 0)},
        ]
    ]
    players = ["Anna", "Berta", "Carl", "Dora", "Emil", "Fritz"]
    lines = seeger_standings(players, rounds, seed=7)
    scores = {x.player: x.score for x in lines}
    # Anna, Berta: 100 + 100 = 200; Dora 110 + 50 + 40 (Emil lost one) = 200; Emil 90 + 50 = 140; Fritz 40.
    assert scores == {"Anna": 200, "Berta": 200, "Carl": 0, "Dora": 200, "Emil": 140, "Fritz": 40}
    # Anna and Berta won 2, Dora 1: Dora third; Anna and Berta tie on everything: by lot, marked.
    assert [x.player for x in lines][2:] == ["Dora", "Emil", "Fritz", "Carl"]
    assert {x.player for x in lines[:2]} == {"Anna", "Berta"}
    assert [x.rank for x in lines] == [1, 2, 3, 4, 5, 6]
    assert [x.by_lot for x in lines] == [True, True, False, False, False, False]
    # The same seed draws the same lot; the lot is drawn over the players, not the order they came in.
    assert seeger_standings(list(reversed(players)), rounds, seed=7) == lines
    draws = {tuple(x.player for x in seeger_standings(players, rounds, seed=s)[:2]) for s in range(20)}
    assert draws == {("Anna", "Berta"), ("Berta", "Anna")}
    punkte = seeger_standings(players, rounds, wertung="punkte")
    assert [(x.rank, x.player, x.score) for x in punkte][:3] == [(1, "Dora", 110), (2, "Anna", 100), (2, "Berta", 100)]


def test_an_unfinished_table_counts_when_its_sheet_is_in():
    rounds = [[{"Anna": SeegerLine(24, 1, 0), "Berta": None, "Carl": SeegerLine(0)}]]
    lines = seeger_standings(["Anna", "Berta", "Carl"], rounds)
    assert all(x.score == 0 and x.rounds == (None,) for x in lines)


# -- the draw at tables of 4 and 3 -------------------------------------------------------------------


@pytest.mark.parametrize(
    "count, sizes",
    [
        (3, (3,)),
        (4, (4,)),
        (6, (3, 3)),
        (7, (4, 3)),
        (8, (4, 4)),
        (9, (3, 3, 3)),
        (10, (4, 3, 3)),
        (11, (4, 4, 3)),
        (12, (4, 4, 4)),
        (13, (4, 3, 3, 3)),
        (25, (4, 4, 4, 4, 3, 3, 3)),
    ],
)
def test_as_few_tables_of_three_as_can_be(count, sizes):
    assert seating.table_sizes(count, seating.FOUR_AND_THREE) == sizes
    drawn = seating.draw([f"P{i}" for i in range(count)], seed=1, sizes=seating.FOUR_AND_THREE)
    assert tuple(len(t) for t in drawn.tables) == sizes
    assert sorted(p for t in drawn.tables for p in t) == sorted(f"P{i}" for i in range(count))


@pytest.mark.parametrize("count", [0, 1, 2, 5])
def test_five_or_fewer_than_three_cannot_be_seated_at_skat(count):
    with pytest.raises(SettingsError, match="4 or 3 players"):
        seating.table_sizes(count, seating.FOUR_AND_THREE)


def test_the_draw_of_four_and_five_is_the_same_as_before():
    players = list(range(23))
    assert seating.draw(players, seed="x") == seating.draw(players, seed="x", sizes=seating.FOUR_AND_FIVE)
    assert seating.table_sizes(23) == (5, 5, 5, 4, 4)
    assert tuple(SKAT.table_sizes) == seating.FOUR_AND_THREE


def test_a_later_round_of_25_at_skat_avoids_repeats():
    players = [f"P{i}" for i in range(25)]
    first = seating.draw(players, seed=3, sizes=seating.FOUR_AND_THREE)
    second = seating.draw(players, seating.met_pairs([first.tables]), seed=3, sizes=seating.FOUR_AND_THREE)
    assert second.repeats == 0
