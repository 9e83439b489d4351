"""The season's fold (RULES.md §8): worked example S1 for every Wertung and the awards, and the ties."""

from __future__ import annotations

from fractions import Fraction

import pytest

from schreiber.scoring.season_ranking import Result, TournamentResults, awards, parse_wertung, standings
from schreiber.rules.model import SettingsError

# S1 as given: tournament -> field, [(player, score, rank)]. Each result is one round of that score.
S1 = {
    1: (6, [("Anna", 150, 1), ("Berta", 120, 2), ("Carl", 110, 3), ("Dora", 90, 4), ("Emil", 60, 5), ("Fritz", 30, 6)]),
    2: (5, [("Berta", 140, 1), ("Dora", 130, 2), ("Anna", 100, 3), ("Emil", 80, 4), ("Gerda", 20, 5)]),
    3: (6, [("Carl", 170, 1), ("Anna", 90, 2), ("Emil", 85, 3), ("Berta", 70, 4), ("Dora", 65, 5), ("Gerda", 50, 6)]),
}


def s1(rounds: dict[str, tuple[int, ...]] | None = None) -> list[TournamentResults]:
    return [
        TournamentResults(t, tuple(Result(p, score, rank, field, (score,)) for p, score, rank in rows))
        for t, (field, rows) in S1.items()
    ]


S1_EXPECTED = [
    (
        "summe",
        1,
        [
            ("Anna", 340, 1),
            ("Berta", 330, 2),
            ("Dora", 285, 3),
            ("Carl", 280, 4),
            ("Emil", 225, 5),
            ("Gerda", 70, 6),
            ("Fritz", 30, 7),
        ],
    ),
    (
        "beste:2",
        1,
        [
            ("Carl", 280, 1),
            ("Berta", 260, 2),
            ("Anna", 250, 3),
            ("Dora", 220, 4),
            ("Emil", 165, 5),
            ("Gerda", 70, 6),
            ("Fritz", 30, 7),
        ],
    ),
    (
        "platzpunkte",
        1,
        [
            ("Anna", 14, 1),
            ("Berta", 13, 2),
            ("Carl", 10, 3),
            ("Dora", 9, 4),
            ("Emil", 8, 5),
            ("Gerda", 2, 6),
            ("Fritz", 1, 7),
        ],
    ),
    (
        "schnitt_platz",
        2,
        [
            ("Anna", Fraction(2), 1),
            ("Carl", Fraction(2), 2),
            ("Berta", Fraction(7, 3), 3),
            ("Dora", Fraction(11, 3), 4),
            ("Emil", Fraction(4), 5),
            ("Gerda", Fraction(11, 2), 6),
            ("Fritz", Fraction(6), None),
        ],
    ),
]


@pytest.mark.parametrize(("wertung", "min_starts", "expected"), S1_EXPECTED, ids=[w for w, _m, _e in S1_EXPECTED])
def test_worked_example_s1(wertung, min_starts, expected):
    name, best = parse_wertung(wertung)
    lines = standings(s1(), name, best=best, min_starts=min_starts)
    assert [(line.player, line.score, line.rank) for line in lines] == expected


def test_s1_schnitt_platz_two_decimals_as_the_example_writes_them():
    lines = standings(s1(), "schnitt_platz", min_starts=2)
    assert [f"{float(line.score):.2f}" for line in lines] == ["2.00", "2.00", "2.33", "3.67", "4.00", "5.50", "6.00"]
    assert [line.starts for line in lines] == [3, 2, 3, 3, 3, 2, 1]


def test_s1_awards():
    lines = standings(s1(), "summe", min_starts=2)
    got = awards(lines, [1, 2, 3])
    assert set(got.most_starts.players) == {"Anna", "Berta", "Dora", "Emil"} and got.most_starts.value == 3
    assert set(got.best_average_rank.players) == {"Anna", "Carl"} and got.best_average_rank.value == 2
    assert got.worst_average_rank.players == ("Gerda",) and got.worst_average_rank.value == Fraction(11, 2)
    assert got.best_score.players == ("Carl",) and got.best_score.value == 170 and got.best_score.tournaments == (3,)


def test_s1_finale_qualifies_the_best_n():
    lines = standings(s1(), "summe", finale=3)
    assert [line.player for line in lines if line.qualified] == ["Anna", "Berta", "Dora"]


def test_a_running_tournament_ranks_with_its_results_so_far_but_qualifies_nobody():
    # S1 with tournament 3 still running (issue 37): Carl's 170 there puts him 4th, but the final's four are
    # the best four of tournaments 1 and 2 (Berta 260, Anna 250, Dora 220, Emil 140).
    lines = standings(s1(), "summe", finale=4, running={3})
    assert [(line.player, line.rank) for line in lines][:5] == [
        ("Anna", 1),
        ("Berta", 2),
        ("Dora", 3),
        ("Carl", 4),
        ("Emil", 5),
    ]
    assert {line.player for line in lines if line.qualified} == {"Anna", "Berta", "Dora", "Emil"}
    # Nothing running: the ranking decides, as before.
    assert [line.player for line in standings(s1(), "summe", finale=4) if line.qualified] == [
        "Anna",
        "Berta",
        "Dora",
        "Carl",
    ]


def test_a_tie_at_the_final_place_qualifies_everyone_tied():
    t = [TournamentResults(1, (Result("A", 10, 1, 3, (10,)), Result("B", 5, 2, 3, (5,)), Result("C", 5, 2, 3, (5,))))]
    lines = standings(t, "summe", finale=2)
    assert [(line.player, line.rank, line.qualified) for line in lines] == [
        ("A", 1, True),
        ("B", 2, True),
        ("C", 2, True),
    ]


def test_ties_more_starts_then_best_single_score_then_shared():
    t1 = TournamentResults(
        1,
        (
            Result("A", 50, 1, 4, (50,)),
            Result("B", 40, 2, 4, (40,)),
            Result("C", 30, 3, 4, (30,)),
            Result("D", 20, 4, 4, (20,)),
        ),
    )
    t2 = TournamentResults(2, (Result("B", 20, 1, 2, (20,)), Result("D", 10, 2, 2, (10,))))
    t3 = TournamentResults(3, (Result("E", 60, 1, 2, (60,)), Result("F", 60, 1, 2, (60,))))
    lines = standings([t1, t2, t3], "summe")
    # B 60 (2 starts) before E and F 60 (1 start, best 60) who share; A 50; D 30 (2 starts) before C 30 (1).
    assert [(line.player, line.score, line.rank) for line in lines] == [
        ("B", 60, 1),
        ("E", 60, 2),
        ("F", 60, 2),
        ("A", 50, 4),
        ("D", 30, 5),
        ("C", 30, 6),
    ]


def test_rundenschnitt_averages_every_round_and_min_starts_counts_rounds():
    t1 = TournamentResults(
        1, (Result("A", 30, 1, 3, (10, 20)), Result("B", 25, 2, 3, (25,)), Result("C", 5, 3, 3, (0, 5)))
    )
    t2 = TournamentResults(2, (Result("A", 9, 1, 2, (9,)), Result("C", 4, 2, 2, (4,))))
    lines = standings([t1, t2], "rundenschnitt", min_starts=2)
    assert [(line.player, line.score, line.rank, line.rounds) for line in lines] == [
        ("A", Fraction(13), 1, 3),
        ("C", Fraction(3), 2, 3),
        ("B", Fraction(25), None, 1),
    ]


@pytest.mark.parametrize("text", ["beste:0", "beste:", "beste:-1", "beste:x", "best", "summe:2", ""])
def test_a_wertung_that_is_none_is_refused_in_one_sentence(text):
    with pytest.raises(SettingsError, match=r"^--set wertung: "):
        parse_wertung(text)
