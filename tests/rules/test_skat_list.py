"""The Skat list (rules/skat_list.py) and the Seeger-Fabian arithmetic it shares (rules/seeger.py), held
against RULES.md §7 written again here: the worked example of "At a club evening" row by row, and for any
evening at a table of 3 or 4 the foot equals a reckoning hand by hand, and the money on it is zero-sum."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from schreiber.scoring import wertung
from schreiber.rules.skat import SKAT
from schreiber.rules.skat_list import Played, build

THREE = ("Anna", "Berta", "Carl")

# RULES.md §7 "At a club evening", the worked example: (game, declarer, his list points) and the rows.
EXAMPLE = [
    ("Kreuz m1", "Anna", 24, {"Anna": 24}),
    ("Karo o2", "Anna", -54, {"Anna": -30}),
    ("Null ouvert", "Carl", 46, {"Carl": 46}),
]


def test_the_worked_example_row_by_row_and_its_foot():
    hands = [
        Played(i, game, {**dict.fromkeys(THREE, 0), who: points}, who, THREE[(i - 1) % 3], THREE)
        for i, (game, who, points, _sums) in enumerate(EXAMPLE, start=1)
    ]
    got = build(THREE, THREE, hands, "Anna")
    assert [(r.number, r.game, dict(r.written), dict(r.sums)) for r in got.rows] == [
        (i, game, {who: points}, sums) for i, (game, who, points, sums) in enumerate(EXAMPLE, start=1)
    ]
    foot = got.foot
    assert (dict(foot.points), dict(foot.won), dict(foot.lost)) == (
        {"Anna": -30, "Berta": 0, "Carl": 46},
        {"Anna": 1, "Berta": 0, "Carl": 1},
        {"Anna": 1, "Berta": 0, "Carl": 0},
    )
    assert dict(foot.others_lost) == {"Anna": 0, "Berta": 1, "Carl": 1} and foot.per_lost == 40
    assert dict(foot.seeger) == {"Anna": -30, "Berta": 40, "Carl": 136}
    assert got.size == 36 and got.dealer_of(4) == "Anna" and got.dealer_of(5) == "Berta"


def test_a_blank_list_has_its_rows_and_its_dealers():
    four = (*THREE, "Dora")
    blank = build(four, four, [], "Carl")
    assert blank.size == 48 and blank.rows == ()
    assert [blank.dealer_of(n) for n in range(1, 6)] == ["Carl", "Dora", "Anna", "Berta", "Carl"]
    assert dict(blank.foot.seeger) == dict.fromkeys(four, 0) and blank.foot.per_lost == 30


# A hand: (index of the declarer among those who play, or None for eingepasst; won; value V).
hand_st = st.tuples(st.one_of(st.none(), st.integers(0, 2)), st.booleans(), st.integers(18, 264))


@given(st.sampled_from([3, 4]), st.lists(hand_st, max_size=48))
def test_the_foot_is_seeger_fabian_hand_by_hand_and_its_money_zero_sum(size, drawn):
    seats = ("Anna", "Berta", "Carl", "Dora")[:size]
    reckoned = dict.fromkeys(seats, 0)
    hands = []
    for i, (who, won, value) in enumerate(drawn):
        dealer = seats[i % size]
        active = [p for p in seats if size == 3 or p != dealer]  # at 4 the dealer sits out
        declarer = None if who is None else active[who]
        points = dict.fromkeys(seats, 0)
        if declarer is not None:
            points[declarer] = value if won else -2 * value
            # §7: won V + 50; lost −2V − 50 and 40 at 3, 30 at 4 to everyone else at the table.
            reckoned[declarer] += value + 50 if won else -2 * value - 50
            if not won:
                for p in seats:
                    if p != declarer:
                        reckoned[p] += 40 if size == 3 else 30
        hands.append(Played(i + 1, "", points, declarer, dealer, seats))
    got = build(seats, seats, hands, seats[len(drawn) % size])
    foot = got.foot
    assert dict(foot.seeger) == reckoned
    for p in seats:
        assert foot.seeger[p] == foot.points[p] + 50 * (foot.won[p] - foot.lost[p]) + foot.bonus[p]
        assert foot.bonus[p] == foot.others_lost[p] * (40 if size == 3 else 30)
        last = [r.sums[p] for r in got.rows if p in r.sums]
        assert (last[-1] if last else 0) == foot.points[p]  # the running sum ends at the foot's sum
    assert sum(foot.won.values()) + sum(foot.lost.values()) == sum(d is not None for d, _w, _v in drawn)
    money = SKAT.money(dict(foot.seeger), 3)
    assert sum(money.values()) == 0
    assert money == {p: 3 * (size * reckoned[p] - sum(reckoned.values())) for p in seats}


def test_a_wertung_ranks_by_its_key_and_shares_or_lists_ties():
    lines = [{"seeger": 100, "won": 3, "lost": 1}, {"seeger": 100, "won": 3, "lost": 1}, {"seeger": 90, "won": 9}]
    keys = sorted((wertung.SEEGER.key(v) for v in lines), reverse=True)
    assert wertung.ranks(keys, wertung.SEEGER.shared) == [1, 1, 3]
    assert wertung.ranks([(5,), (5,), (1,)], wertung.PUNKTE.shared) == [1, 2, 3]  # an evening's points: a place each
    assert wertung.SEEGER.key({"seeger": 10, "won": 2, "lost": 3}) > wertung.SEEGER.key(
        {"seeger": 10, "won": 2, "lost": 4}
    )
    assert wertung.get(None) is wertung.PUNKTE and wertung.get("seeger").needs_games
