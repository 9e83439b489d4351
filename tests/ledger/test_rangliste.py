"""The Rangliste's columns come from what the game and the Wertung declare (issue 39.4), and the mark "by lot"
is on exactly the lines whose tie the lot broke — pure, no ledger."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from schreiber.scoring import wertung as wertungen
from schreiber.scoring.ranking import SeegerLine, seeger_standings
from schreiber.ledger.standings import StandingsView
from schreiber.ledger.series import play_of
from schreiber.rules.skat import SKAT


@pytest.mark.parametrize(
    "rules, wertung, columns",
    [
        ("skat", "seeger", ("score", "points", "won", "lost")),
        ("skat", "punkte", ("points", "won", "lost")),
        ("preisschafkopf", "punkte", ("points", "soli")),
        ("doppelkopf-turnier", "platz", ("score", "points", "soli")),
    ],
)
def test_the_columns_are_the_games_and_the_wertungs(rules, wertung, columns):
    play = play_of(rules)
    view = StandingsView(
        None, 1, (), counts=play.counts, own_score=wertungen.get(wertung, wertungen.TOURNAMENT).own_score
    )
    assert view.columns == columns


def test_skat_declares_games_won_and_lost_and_its_word_for_the_points():
    assert SKAT.standings_counts == ("won", "lost") and SKAT.points_word == "Spielpunkte"


# A table of 4 or 3: each player's Spielpunkte, won and lost from a few values, so ties are frequent.
line = st.builds(SeegerLine, st.sampled_from([-96, 0, 24, 48]), st.integers(0, 2), st.integers(0, 2))
table = st.integers(3, 4).flatmap(lambda n: st.lists(line, min_size=n, max_size=n))


@given(st.lists(table, min_size=1, max_size=4), st.integers(0, 10**6))
def test_the_lot_marks_exactly_the_lines_it_placed(tables, seed):
    rounds, players, k = [[]], [], 0
    for lines in tables:
        seated = {f"P{k + i}": x for i, x in enumerate(lines)}
        k += len(lines)
        rounds[0].append(seated)
        players += list(seated)
    got = seeger_standings(players, rounds, seed=seed)
    key = {x.player: (x.score, x.won, -x.lost) for x in got}
    assert [x.rank for x in got] == list(range(1, len(players) + 1))  # Seeger-Fabian shares no place
    assert [key[x.player] for x in got] == sorted(key.values(), reverse=True)
    for x in got:
        assert x.by_lot == (sum(v == key[x.player] for v in key.values()) > 1)
