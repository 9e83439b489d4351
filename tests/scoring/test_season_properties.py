"""The season's ranking (RULES.md §8) held against what must always hold, for every season Wertung of the
registry: the ranks are those of the Wertung's key written out here from §8 (1, 2, 2, 4: shared only by equal
keys), the players below min_starts follow unranked, a finale qualifies exactly the ranks up to N, a player's
new result moves nobody else, and under `summe` a worse result never lifts a player past one who was ahead."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, strategies as st

from schreiber.scoring import wertung
from schreiber.scoring.season_ranking import Result, TournamentResults, parse_wertung, standings

PLAYERS = [f"P{i}" for i in range(7)]


def _results(scored: list[tuple[str, int, tuple[int, ...]]]) -> tuple[Result, ...]:
    """A tournament's results as its standings give them: rank 1 + those with a higher score, the field all."""
    return tuple(
        Result(p, score, 1 + sum(other > score for _o, other, _r in scored), len(scored), rounds)
        for p, score, rounds in scored
    )


@st.composite
def seasons(draw) -> list[TournamentResults]:
    out = []
    for t in range(draw(st.integers(1, 4))):
        players = draw(st.lists(st.sampled_from(PLAYERS), min_size=1, max_size=len(PLAYERS), unique=True))
        scored = [
            (p, draw(st.integers(-40, 120)), tuple(draw(st.lists(st.integers(-20, 60), min_size=1, max_size=3))))
            for p in players
        ]
        out.append(TournamentResults(t, _results(scored)))
    return out


WERTUNGEN = ["summe", "beste:1", "beste:2", "platzpunkte", "schnitt_platz", "rundenschnitt"]


def _oracle(name: str, k: int | None, results: list[Result]) -> tuple[int | Fraction, tuple]:
    """§8 written out: the season score, and the key that ranks it (smaller is better)."""
    scores = [r.score for r in results]
    if name == "summe":
        score: int | Fraction = sum(scores)
    elif name == "beste":
        score = sum(sorted(scores, reverse=True)[:k])
    elif name == "platzpunkte":
        score = sum(r.field - r.rank + 1 for r in results)
    elif name == "schnitt_platz":
        score = Fraction(sum(r.rank for r in results), len(results))
        return score, (score, -len(results), min(r.rank for r in results))
    else:
        rounds = [x for r in results for x in r.rounds]
        score = Fraction(sum(rounds), len(rounds))
    return score, (-score, -len(results), -max(scores))


def _mine(tournaments: list[TournamentResults]) -> dict[str, list[Result]]:
    out: dict[str, list[Result]] = {}
    for t in tournaments:
        for r in t.results:
            out.setdefault(r.player, []).append(r)
    return out


@given(seasons(), st.sampled_from(WERTUNGEN), st.integers(1, 4), st.none() | st.integers(1, 5))
def test_ranks_are_the_keys_ranks_and_the_unranked_follow(tournaments, typed, min_starts, finale):
    name, k = parse_wertung(typed)
    lines = standings(tournaments, name, best=k, min_starts=min_starts, finale=finale)
    results = _mine(tournaments)
    assert sorted(line.player for line in lines) == sorted(results)
    counted = {p: sum(len(r.rounds) for r in rs) if name == "rundenschnitt" else len(rs) for p, rs in results.items()}
    ranked = [line for line in lines if line.rank is not None]
    assert {line.player for line in ranked} == {p for p in results if counted[p] >= min_starts}
    assert lines[: len(ranked)] == ranked  # the unranked after every ranked line
    keys = {p: _oracle(name, k, rs)[1] for p, rs in results.items()}
    for line in ranked:
        assert line.score == _oracle(name, k, results[line.player])[0]
        assert line.rank == 1 + sum(keys[o.player] < keys[line.player] for o in ranked)
        assert line.qualified == (finale is not None and line.rank <= finale)
    assert [keys[line.player] for line in ranked] == sorted(keys[line.player] for line in ranked)
    if ranked:
        assert ranked[0].rank == 1


@given(seasons(), st.sampled_from(WERTUNGEN), st.sampled_from(PLAYERS), st.integers(-40, 120))
def test_a_new_result_moves_nobody_else(tournaments, typed, player, score):
    name, k = parse_wertung(typed)
    before = [line.player for line in standings(tournaments, name, best=k) if line.player != player]
    more = [*tournaments, TournamentResults(99, _results([(player, score, (score,))]))]
    after = [line.player for line in standings(more, name, best=k) if line.player != player]
    assert after == before


@given(seasons(), st.sampled_from(PLAYERS), st.integers(-40, -1))
def test_under_summe_a_worse_result_never_lifts_a_player_past_one_ahead(tournaments, player, score):
    before = standings(tournaments, "summe")
    ahead = set()
    for line in before:
        if line.player == player:
            break
        ahead.add(line.player)
    else:
        ahead = set()  # a player of no tournament yet: nobody was ranked against him
    more = [*tournaments, TournamentResults(99, _results([(player, score, (score,))]))]
    after = [line.player for line in standings(more, "summe")]
    assert ahead <= set(after[: after.index(player)])


def test_every_season_wertung_of_the_registry_is_checked_here():
    assert {typed.partition(":")[0] for typed in WERTUNGEN} == set(wertung.names(wertung.SEASON))
