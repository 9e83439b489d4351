"""Leagues' pure core (TEAMS.md §10.3): the seating plan, Tischpunkte, Wertungspunkte, the table, the presets."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import assume, given, strategies as st

from schreiber.rules.model import SettingsError
from schreiber.rules.seeger import seeger_sheet
from schreiber.scoring import league, settings
from schreiber.scoring.league import Wp
from tests.helpers.league import L1_DAY, L1_SERIEN, L1_SHEETS, L1_TEAMS, L2_GROUP2, L2_TABLE, L3_TABLES, L3_TEAM_SUMS


def seated(teams: dict[str, list[str]], serie: int, present: list[int] | None = None) -> list[list[str]]:
    names = list(teams)
    plan = league.seat_serie(present or [len(teams[n]) for n in names], serie)
    return [[teams[names[j]][p] for j, p in table] for table in plan.tables]


# -- rule 7: the plan --------------------------------------------------------------------------------

T4 = {
    1: ["A1 B1 C1 D1", "A2 B2 C2 D2", "A3 B3 C3 D3", "A4 B4 C4 D4"],
    2: ["A1 B2 C3 D4", "A2 B1 C4 D3", "A3 B4 C1 D2", "A4 B3 C2 D1"],
    3: ["A1 B3 C4 D2", "A2 B4 C3 D1", "A3 B1 C2 D4", "A4 B2 C1 D3"],
    4: ["A1 B4 C2 D3", "A2 B3 C1 D4", "A3 B2 C4 D1", "A4 B1 C3 D2"],
}


@pytest.mark.parametrize("serie", sorted(T4))
def test_the_plan_at_four_tables_is_the_table_of_rule_7(serie):
    teams = {letter: [f"{letter}{p}" for p in range(1, 5)] for letter in "ABCD"}
    assert [" ".join(t) for t in seated(teams, serie - 1)] == T4[serie]


@pytest.mark.parametrize("serie", sorted(L1_SHEETS))
def test_l1_seating(serie):
    assert seated(L1_TEAMS, serie - 1) == [[line[0] for line in table] for table in L1_SHEETS[serie]]


def test_l1_no_two_players_meet_twice():
    pairs = [frozenset(p) for s in range(3) for table in seated(L1_TEAMS, s) for p in combinations(table, 2)]
    assert len(pairs) == len(set(pairs)) == 72


@pytest.mark.parametrize("serie", sorted(L3_TABLES))
def test_l3_seating(serie):
    from tests.helpers.league import L3_TEAMS

    assert seated(L3_TEAMS, serie - 1) == [[line[0] for line in table] for table in L3_TABLES[serie]]


@given(st.permutations(range(4)))
def test_at_four_tables_every_player_meets_each_opponent_once_in_four_serien(order):
    teams = [[(j, p) for p in range(4)] for j in order]
    met = []
    for serie in range(4):
        for table in league.seat_serie([4, 4, 4, 4], serie).tables:
            met += [frozenset((teams[j][p] for j, p in pair)) for pair in combinations(table, 2)]
    assert len(met) == len(set(met)) == 96  # 16 players × 12 opponents / 2


# -- rule 8: short teams (DSkV Anlage 10) --------------------------------------------------------------

ANLAGE_10 = {
    (4, 4, 4, 3): [4, 4, 4, 3],
    (4, 4, 3, 3): [4, 4, 3, 3],
    (4, 3, 3, 3): [4, 3, 3, 3],
    (3, 3, 3, 3): [4, 4, 4],
    (4, 4, 4): [3, 3, 3, 3],
}


@given(st.sampled_from(sorted(ANLAGE_10)), st.integers(0, 7), st.randoms(use_true_random=False))
def test_short_teams_give_the_table_sizes_of_anlage_10(present, serie, rnd):
    order = list(present)
    rnd.shuffle(order)  # which team is short does not change the sizes
    plan = league.seat_serie(order, serie)
    assert sorted((len(t) for t in plan.tables), reverse=True) == ANLAGE_10[present]
    for j, count in enumerate(order):  # each present player seated once, no table with two of one team
        assert sorted(p for table in plan.tables for k, p in table if k == j) == list(range(count))
    assert all(len({k for k, _p in table}) == len(table) for table in plan.tables)


def test_short_teams_leave_the_last_tables_empty():
    plan = league.seat_serie([4, 4, 3, 3], 0)
    assert [len(t) for t in plan.tables] == [4, 4, 3, 3]
    # the first short team (C) leaves table 4 empty, the next (D) table 3
    assert [j for j, _p in plan.tables[3]] == [0, 1, 3] and [j for j, _p in plan.tables[2]] == [0, 1, 2]


def test_a_table_below_three_is_refused():
    with pytest.raises(SettingsError):
        league.seat_serie([4, 4, 1], 0)


# -- rules 10–12: a Serie, Tischpunkte, Wertungspunkte ----------------------------------------------


def l1_spielpunkte(serie: int) -> dict[str, int]:
    team_of = {name: team for team, names in L1_TEAMS.items() for name in names}
    out = dict.fromkeys(L1_TEAMS, 0)
    for table in L1_SHEETS[serie]:
        lists = seeger_sheet(
            {n: p for n, p, *_ in table}, {n: w for n, _p, w, *_ in table}, {n: x for n, _p, _w, x, _l in table}
        )
        assert lists == {n: lst for n, *_r, lst in table}
        for name, value in lists.items():
            out[team_of[name]] += value
    return out


@pytest.mark.parametrize("serie", sorted(L1_SERIEN))
def test_l1_serie(serie):
    points = l1_spielpunkte(serie)
    wp = league.pair_points(list(L1_TEAMS), points, 1)
    assert {t: (points[t], wp[t]) for t in L1_TEAMS} == {
        t: (sp, Wp(Fraction(w), Fraction(g))) for t, (sp, w, g) in L1_SERIEN[serie].items()
    }


def test_l1_day_and_the_other_presets():
    serien = [l1_spielpunkte(s) for s in sorted(L1_SHEETS)]
    day = league.day_wp(league.SERIE, list(L1_TEAMS), serien, 1, 0)
    assert day == {t: Wp(Fraction(w), Fraction(g)) for t, (_sp, w, g) in L1_DAY.items()}
    assert [league.wp_text(day[t].wp) for t in L1_TEAMS] == ["6", "5½", "4", "2½"]
    ispa = league.pair_points(list(L1_TEAMS), serien[0], 2)
    assert [(ispa[t].wp, ispa[t].gegen) for t in L1_TEAMS] == [(6, 0), (4, 2), (2, 4), (0, 6)]
    ddv = league.day_wp(league.TAG, list(L1_TEAMS), serien, 1, 1)
    assert [ddv[t].wp for t in L1_TEAMS] == [4, 3, 2, 1]
    assert league.day_wp(league.KEINE, list(L1_TEAMS), serien, 1, 0) == {}


def test_an_absent_team_gives_its_pairs_away():
    wp = league.pair_points(["A", "B", "C", "D"], {"A": 10, "B": 5, "C": 5}, 1)
    assert wp["D"] == Wp(0, 3) and wp["B"] == Wp(Fraction(3, 2), Fraction(3, 2))


@pytest.mark.parametrize("serie", sorted(L3_TABLES))
def test_l3_tischpunkte(serie):
    for table in L3_TABLES[serie]:
        got = league.tischpunkte((40, 30, 20, 10), {name: points for name, points, _tp, _sum in table})
        assert got == {name: tp for name, _points, tp, _sum in table}
        assert all(points + tp == total for name, points, tp, total in table)
        assert sum(got.values()) == 100


def test_l3_team_sums_and_table():
    from tests.helpers.league import L3_TEAMS

    team_of = {name: team for team, names in L3_TEAMS.items() for name in names}
    sums = {team: [0, 0] for team in L3_TEAMS}
    for tables in L3_TABLES.values():
        for table in tables:
            for name, points, tp, _total in table:
                sums[team_of[name]][0] += points
                sums[team_of[name]][1] += tp
    assert {t: (g, tp, g + tp) for t, (g, tp) in sums.items()} == L3_TEAM_SUMS
    rows = league.table(list(L3_TEAMS), {t: [league.TeamDay(1, g + tp)] for t, (g, tp) in sums.items()}, league.KEINE)
    assert [(r.rank, r.team, r.spielpunkte, r.wp) for r in rows] == [
        (1, "Eichel", 493, None),
        (2, "Herz", 469, None),
        (3, "Gras", 435, None),
        (4, "Schellen", 203, None),
    ]


def test_a_table_smaller_than_the_values_takes_the_first_ones():
    assert league.tischpunkte((40, 30, 20, 10), {"a": 5, "b": 5, "c": -10}) == {"a": 35, "b": 35, "c": 20}


@pytest.mark.parametrize("value", ["40,30,20", "40,30,21,10", "40,x,20,10", "41,30,20,10"])
def test_tischpunkte_that_cannot_be_shared_are_refused(value):
    with pytest.raises(SettingsError):
        league.parse_tischpunkte("tischpunkte", value, "--set")


# -- rules 14–15: the table --------------------------------------------------------------------------


def test_l2_table():
    serien = [l1_spielpunkte(s) for s in sorted(L1_SHEETS)]
    group1 = league.day_wp(league.SERIE, list(L1_TEAMS), serien, 1, 0)
    group2 = league.day_wp(
        league.SERIE, list(L2_GROUP2), [{t: v[s] for t, v in L2_GROUP2.items()} for s in range(3)], 1, 0
    )
    results = {t: [league.TeamDay(1, sum(s[t] for s in serien), group1[t])] for t in L1_TEAMS}
    results |= {t: [league.TeamDay(1, sum(v), group2[t])] for t, v in L2_GROUP2.items()}
    rows = league.table(list(results), results, league.SERIE, aufsteiger=1, absteiger=2)
    assert [
        (r.rank, r.team, f"{league.wp_text(r.wp.wp)}:{league.wp_text(r.wp.gegen)}", r.spielpunkte, r.mark) for r in rows
    ] == L2_TABLE


@pytest.mark.parametrize(
    "first, last, n, up, down, expected",
    [
        (1, 1, 8, 1, 2, "auf"),
        (1, 2, 8, 1, 2, "auf?"),
        (7, 8, 8, 1, 2, "ab"),
        (6, 7, 8, 1, 2, "ab?"),
        (3, 3, 8, 1, 2, None),
        (1, 1, 8, 0, 0, None),
    ],
)
def test_marks(first, last, n, up, down, expected):
    assert league.mark(first, last, n, up, down) == expected


def test_a_tie_in_wp_and_spielpunkte_is_shared():
    rows = league.table(
        ["a", "b", "c"], {t: [league.TeamDay(1, 10, Wp(Fraction(1)))] for t in "abc"}, league.SERIE, 0, 1
    )
    assert [(r.rank, r.mark) for r in rows] == [(1, "ab?"), (1, "ab?"), (1, "ab?")]


# -- presets and settings ----------------------------------------------------------------------------


def test_the_presets_differ_only_in_values():
    keys = {name: set(p.values) for name, p in league.PRESETS.items()}
    assert set(league.PRESETS) == {"dskv", "ispa", "ddv", "scb"}
    assert all(k == set(settings.LEAGUE) for k in keys.values())
    assert all(type(p) is league.Preset for p in league.PRESETS.values())
    for preset in league.PRESETS.values():  # every value is one its setting accepts
        for key, value in preset.values.items():
            if value is None or value == ():
                continue
            text = ",".join(map(str, value)) if isinstance(value, tuple) else str(value)
            assert settings.LEAGUE[key].check(key, text, "--set") == value


def test_the_preset_table():
    got = {
        n: (p.rules, p.values["team_size"], p.values["wp_je"], p.values["wp_sieg"], p.values["tischpunkte"])
        for n, p in league.PRESETS.items()
    }
    assert got == {
        "dskv": ("skat", 4, "serie", 1, ()),
        "ispa": ("skat", 8, "serie", 2, ()),
        "ddv": ("doppelkopf-turnier", 4, "tag", 1, ()),
        "scb": ("schafkopf", 4, "keine", 1, (40, 30, 20, 10)),
    }


def test_gruppen_is_fest_or_gesetzt():
    assert settings.league_settings([("gruppen", "gesetzt")], "--set")["gruppen"] == "gesetzt"
    with pytest.raises(SettingsError, match="gesetzt"):
        settings.league_settings([("gruppen", "gemischt")], "--set")


@pytest.mark.parametrize(
    "teams, sizes",
    [(3, [3]), (4, [4]), (6, [3, 3]), (7, [4, 3]), (8, [4, 4]), (9, [3, 3, 3]), (10, [4, 3, 3]), (13, [4, 3, 3, 3])],
)
def test_rule_19_blocks_of_4_the_last_at_most_3_of_3(teams, sizes):
    assert league.block_sizes(teams) == sizes
    assert [len(b) for b in league.seeded_blocks(list(range(teams)))] == sizes


@pytest.mark.parametrize("teams", [2, 5])
def test_rule_19_refuses_what_blocks_of_4_and_3_cannot_hold(teams):
    with pytest.raises(SettingsError):
        league.block_sizes(teams)


def test_rule_19_table_k_takes_every_teams_kth_best():
    assert league.block_tables([["a1", "a2", "a3"], ["b1", "b2", "b3"], ["c1", "c2", "c3"]]) == [
        ["a1", "b1", "c1"],
        ["a2", "b2", "c2"],
        ["a3", "b3", "c3"],
    ]


@pytest.mark.parametrize("day", [1, 2, 3, 4, 5])
def test_plan_p1_every_team_once_a_day_and_every_pair_once(day):
    plan = league.season_plan()
    assert sorted(n for group in plan[day - 1] for n in group) == list(range(1, 17))
    pairs = [frozenset((a, b)) for groups in plan for g in groups for a in g for b in g if a < b]
    assert len(pairs) == len(set(pairs)) == 120
    hosts = [groups[k][0] for groups in plan[:4] for k in range(4)]
    assert sorted(hosts) == list(range(1, 17))  # every team hosts once on Spieltage 1–4


def test_plan_numbers_and_clubs():
    assert league.plan_numbers([None, 3, None, 1, None]) == [2, 3, 4, 1, 5]
    assert league.split_clubs({"A": 1, "B": 5, "C": 2}, {"A": "X", "B": "X", "C": "Y"}) == [("X", ["A", "B"])]


def test_held_the_dealer_sits_out_at_a_table_of_4():
    assert league.held(2, 4, 3, 1, 24) == 18 and league.held(2, 4, 3, 25, 48) == 18  # L1: Cem and Conny
    assert league.held(0, 3, 3, 1, 36) == 36


def test_einzel_ranks_by_average_shared_and_unranked_below_the_minimum():
    got = league.einzel({"a": (100, 10), "b": (200, 20), "c": (90, 10), "d": (500, 5)}, 10)
    assert [(r.player, r.rank) for r in got] == [("d", None), ("a", 1), ("b", 1), ("c", 3)]


@pytest.mark.parametrize("t, most", [(3, 2), (4, 1), (5, 1), (6, 2), (7, 1), (8, 1)])
def test_with_four_teams_two_players_meet_at_most_as_rule_7_says(t, most):
    met: dict[frozenset, int] = {}
    for serie in range(4):
        for table in league.seat_serie([t] * 4, serie).tables:
            assert len({j for j, _p in table}) == 4  # one player of each team a table
            for pair in combinations(table, 2):
                met[frozenset(pair)] = met.get(frozenset(pair), 0) + 1
    assert max(met.values()) == most


@given(st.integers(0, 3), st.sampled_from([3, 4]), st.integers(1, 48))
def test_the_parts_of_a_list_hold_the_whole_lists_hands(seat, size, hand):
    assume(seat < size)
    end = 48 if size == 4 else 36
    hand = min(hand, end)
    whole = league.held(seat, size, 3, 1, end)
    assert league.held(seat, size, 3, 1, hand - 1) + league.held(seat, size, 3, hand, end) == whole
    assert whole == 36


@given(st.dictionaries(st.text(min_size=1, max_size=3), st.tuples(st.integers(-500, 3000), st.integers(0, 200))))
def test_einzel_is_in_order_of_average_and_ranks_only_those_with_the_minimum(players):
    got = league.einzel(players, 50)
    averages = [Fraction(r.points, r.hands) if r.hands else Fraction(0) for r in got]
    assert averages == sorted(averages, reverse=True)
    ranked = [r.rank for r in got if r.rank is not None]
    assert ranked == sorted(ranked) and (not ranked or ranked[0] == 1)
    assert all((r.rank is not None) == (r.hands >= 50) for r in got)
