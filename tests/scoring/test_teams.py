"""Team rankings (TEAMS.md §10.1) held against what must always hold: for random tournaments at tables of 4
and 5 (and of 3 and 4 for Skat) under every tournament Wertung, a team's score under `ohne` is the sum of its
members' scores from the individual ranking, `hochrechnen` scales it by SIZE × R / n, the ranks follow the score
and the summed ties (shared, never by lot); a team's prize is split to the cent. And the seat draw keeps every
team of `getrennt` apart (rule 5), or refuses naming the team."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from schreiber.rules.model import SettingsError
from schreiber.scoring import cash, ranking, seating, teams, wertung as wertungen
from schreiber.scoring.wertung import tie

GAMES = {  # the Wertungen and the table sizes and counts of the games that rank by them
    "punkte": ((4, 5), ("soli",)),
    "platz": ((4, 5), ("soli",)),
    "seeger": ((4, 3), ("won", "lost")),
}


@st.composite
def fields(draw):
    """A random tournament: its Wertung, the players, each round's tables of sheet lines (some not played by a
    player who withdrew), and the players split into teams of at most SIZE."""
    name = draw(st.sampled_from(sorted(GAMES)))
    sizes, counts = GAMES[name]
    n = draw(st.integers(8, 20).filter(lambda k: _seats(k, sizes)))
    players = [f"P{i:02d}" for i in range(n)]
    rounds = []
    count = draw(st.integers(1, 3))
    gone = draw(st.sets(st.sampled_from(players), max_size=2))  # withdrawn before the last round
    if count == 1 or not _seats(n - len(gone), sizes):
        gone = set()
    for r in range(count):
        here = [p for p in players if r < count - 1 or p not in gone]
        order = draw(st.permutations(here))
        tables, start = [], 0
        for size in seating.table_sizes(len(here), sizes):
            seated = order[start : start + size]
            start += size
            tables.append(
                {
                    p: ranking.SeegerLine(
                        draw(st.integers(-200, 200)), draw(st.integers(0, 9)), draw(st.integers(0, 4))
                    )
                    for p in seated
                }
            )
        rounds.append(tables)
    size = draw(st.integers(1, 5))
    order = draw(st.permutations(players))
    cut = draw(st.lists(st.integers(1, size), min_size=1, max_size=n))
    groups, start = [], 0
    for k in cut:
        if start < n:
            groups.append(order[start : start + k])
            start += k
    soli = {p: draw(st.integers(0, 3)) for p in players} if "soli" in counts else {}
    return name, counts, players, rounds, soli, size, groups


def _seats(n: int, sizes: tuple[int, ...]) -> bool:
    try:
        seating.table_sizes(n, sizes)
    except SettingsError:
        return False
    return True


@given(fields(), st.sampled_from(sorted(teams.FEHLEND)))
@settings(max_examples=60, deadline=None)
def test_a_team_scores_the_sum_of_its_members_and_ranks_by_it(field, fehlend):
    name, counts, players, rounds, soli, size, groups = field
    wertung = wertungen.get(name, wertungen.TOURNAMENT)
    ranked = {x.player: x for x in ranking.rank(wertung, players, rounds, soli, ties=ranking.after(counts))}
    shown = (*counts, *(("points",) if "soli" in counts else ()))
    team_list = [
        teams.Team(
            f"T{i}",
            tuple(
                teams.Member(
                    players.index(p),
                    p,
                    ranked[p].score,
                    ranked[p].rounds,
                    {k: getattr(ranked[p], k) for k in shown},
                )
                for p in group
            ),
        )
        for i, group in enumerate(groups)
    ]
    played = sum(1 for r in range(len(rounds)) if any(ranked[p].rounds[r] is not None for p in players))
    ties = teams.team_ties((*wertung.ties, *ranking.after(counts)))
    out = teams.rank(team_list, size, played, ties, fehlend)
    assert len(out) == len(team_list)
    for line in out:
        members = [ranked[m.name] for m in line.team.members]
        total = sum((x.score for x in members), 0)
        lists = sum(1 for x in members for r in x.rounds if r is not None)
        assert line.total == total
        assert line.lists == lists
        if fehlend == "ohne":
            assert line.score == total
        else:
            assert line.score == (Fraction(total) * size * played / lists if lists else 0)
        for k in shown:
            assert line.counts[k] == sum(getattr(x, k) for x in members)
    keys = [(line.score, *(tie(line.counts, t) for t in ties)) for line in out]
    assert keys == sorted(keys, reverse=True)
    for i, line in enumerate(out):  # 1, 2, 2, 4: shared exactly by equal keys
        assert line.rank == 1 + sum(k > keys[i] for k in keys)


@given(st.integers(0, 100_000), st.lists(st.integers(1, 300), min_size=1, max_size=5))
def test_a_teams_prize_is_split_to_the_cent_the_lower_numbers_first(cents, numbers):
    team = teams.Team("T", tuple(teams.Member(n, f"P{n}", 0) for n in dict.fromkeys(numbers)))
    shares = teams.split(cents, team)
    assert sum(shares.values()) == cents
    ordered = [shares[n] for n in sorted(shares)]
    assert ordered == sorted(ordered, reverse=True) and max(ordered) - min(ordered) <= 1


def test_m1_money_two_places_of_the_pot():
    members = lambda first: tuple(teams.Member(n, f"P{n}", 0) for n in range(first, first + 4))  # noqa: E731
    ranked = teams.rank(
        [teams.Team("Asse", members(1)), teams.Team("Buben", members(5)), teams.Team("Luschen", members(9))], 4, 2
    )
    ranked = [teams.RankedTeam(r, x.team, x.score, x.total, x.lists, x.counts) for r, x in zip((2, 1, 3), ranked)]
    money = teams.money(cash.CashSettings(startgeld=2000, preise=(6000, 4000)), ranked, 6000)
    assert money.prize == {"Asse": 2400, "Buben": 3600, "Luschen": 0}
    assert money.shares["Asse"] == {1: 600, 2: 600, 3: 600, 4: 600}


def test_tied_teams_share_the_prizes_of_their_places_the_odd_cent_to_the_lower_first_number():
    a = teams.Team("A", (teams.Member(7, "x", 100),))
    b = teams.Team("B", (teams.Member(2, "y", 100),))
    ranked = teams.rank([a, b], 1, 1)
    assert [(x.rank, x.team.name) for x in ranked] == [(1, "B"), (1, "A")]
    money = teams.money(cash.CashSettings(preise=(601, 300), percent=False), ranked, 0)
    assert money.prize == {"B": 451, "A": 450}


def test_unpaid_teams_follow_unranked():
    a = teams.Team("A", (teams.Member(1, "x", 100),), paid=False)
    b = teams.Team("B", (teams.Member(2, "y", 10),))
    assert [(x.rank, x.team.name) for x in teams.rank([a, b], 1, 1)] == [(1, "B"), (None, "A")]


# -- seated apart (getrennt) ------------------------------------------------------------------------------


@pytest.mark.parametrize("sizes", [seating.FOUR_AND_FIVE, seating.FOUR_AND_THREE])
def test_32_players_in_8_teams_of_4_never_sit_with_a_mate_over_3_rounds(sizes):
    players = list(range(32))
    apart = {f"T{k}": range(4 * k, 4 * k + 4) for k in range(8)}
    met: set[frozenset] = set()
    for r in (1, 2, 3):
        drawn = seating.draw(players, met, seed=f"apart-{r}", ahead=3 - r, sizes=sizes, apart=apart, round_=r)
        for table in drawn.tables:
            assert len({p // 4 for p in table}) == len(table)
        met |= seating.pairs_of(drawn.tables)


@given(
    st.integers(8, 40),
    st.integers(2, 8),
    st.integers(0, 10_000),
    st.sampled_from([seating.FOUR_AND_FIVE, seating.FOUR_AND_THREE]),
)
@settings(max_examples=40, deadline=None)
def test_every_draw_keeps_every_team_apart_when_it_can(n, size, seed, sizes):
    if not _seats(n, sizes):
        return
    tables = len(seating.table_sizes(n, sizes))
    size = min(size, tables)
    apart = {f"T{k}": range(k, min(k + size, n)) for k in range(0, n - n % size, size)}
    met: set[frozenset] = set()
    for r in (1, 2):
        drawn = seating.draw(list(range(n)), met, seed=seed + r, sizes=sizes, apart=apart, round_=r, budget=400)
        for table in drawn.tables:
            assert all(len(set(table) & set(members)) <= 1 for members in apart.values())
        met |= seating.pairs_of(drawn.tables)


def test_a_team_larger_than_the_tables_is_refused_naming_it():
    with pytest.raises(SettingsError, match="^team Asse has 5 players present but round 1 has 2 tables$"):
        seating.draw(list(range(8)), apart={"Asse": range(5)}, round_=1)
    # absent members do not count: 4 of the 5 present fit 2 tables? no — 4 > 2; 2 present do
    assert seating.draw(list(range(8)), apart={"Asse": [0, 1, 90, 91, 92]}, round_=1).tables


def test_a_draw_without_teams_is_the_draw_it_was():
    players = list(range(17))
    assert seating.draw(players, seed="same", apart={}) == seating.draw(players, seed="same")
