"""The cashbook's arithmetic (RULES.md §9): C1 and the rounding example as tables, and what must always hold."""

from __future__ import annotations

import pytest
from hypothesis import given, settings as hsettings, strategies as st

from schreiber.scoring.cash import CashSettings, Entrant, cashbook, floor_to, prize_list, verlustspielgeld
from schreiber.scoring.settings import money as parse
from schreiber.rules.model import SettingsError

# T1 (§6) under Wertung punkte: start number, name, rank.
T1 = [
    (1, "Anna", 3),
    (2, "Berta", 8),
    (3, "Carl", 5),
    (4, "Dora", 6),
    (5, "Emil", 2),
    (6, "Fritz", 4),
    (7, "Gerda", 1),
    (8, "Hans", 7),
]


def test_worked_example_c1():
    settings = parse(
        [("startgeld", "1000"), ("verlustspiel", "50,50,50,100"), ("auszahlung", "80"), ("preise", "50%,30%,20%")],
        "--set",
    )
    lost = {"Anna": (2, 0), "Carl": (5, 0), "Dora": (1, 0)}
    players = [
        Entrant(n, name, rank, paid=0 if name == "Hans" else 1000, lost=lost.get(name, (0, 0))) for n, name, rank in T1
    ]
    book = cashbook(settings, players)
    assert (book.pot, book.payout, book.kasse) == (7500, 6000, 1500)
    by_name = {line.name: line for line in book.lines}
    assert {n: line.verlustspiel for n, line in by_name.items() if line.verlustspiel} == {
        "Anna": 100,
        "Carl": 350,
        "Dora": 50,
    }
    assert {n: line.prize for n, line in by_name.items() if line.prize} == {"Gerda": 3000, "Emil": 1800, "Anna": 1200}
    assert {n: line.balance for n, line in by_name.items()} == {
        "Gerda": 3000,
        "Emil": 1800,
        "Anna": 1200,
        "Hans": -1000,
        "Berta": 0,
        "Carl": 0,
        "Dora": 0,
        "Fritz": 0,
    }
    assert [line.name for line in book.lines][:3] == ["Gerda", "Emil", "Anna"]


def test_rounding_example_of_section_9():
    settings = parse([("preise", "40%,25%,15%,10%"), ("rundung", "500")], "--set")
    assert prize_list(8257, settings) == [3931, 2000, 1000, 500]
    players = [Entrant(i, f"P{i}", i) for i in range(1, 6)]
    # A pot of 8,257 cents made of Reuegeld alone: 8,257 thrown-in hands at one cent.
    book = cashbook(
        parse([("preise", "40%,25%,15%,10%"), ("rundung", "500"), ("reuegeld", "1")], "--set"),
        [Entrant(1, "P1", 1, thrown=8257), *players[1:]],
    )
    assert (book.pot, book.payout, book.kasse) == (8257, 8257, 826)
    assert [line.prize for line in book.lines] == [3931, 2000, 1000, 500, 0]


@pytest.mark.parametrize(
    ("lost", "amounts", "cost"),
    [
        (0, (50, 50, 50, 100), 0),
        (1, (50, 50, 50, 100), 50),
        (3, (50, 50, 50, 100), 150),
        (4, (50, 50, 50, 100), 250),
        (5, (50, 50, 50, 100), 350),
        (7, (50, 50, 50, 100), 550),
        (3, (), 0),
        (2, (20,), 40),
    ],
)
def test_verlustspielgeld_the_last_amount_repeats(lost, amounts, cost):
    assert verlustspielgeld(lost, amounts) == cost


def test_shared_place_splits_to_the_cent_lower_start_numbers_first():
    settings = parse([("preise", "1001,500,0")], "--set")
    # Start numbers 7 and 2 tie for first and share 1001 + 500; 9, 4 and 5 tie for third, a prize of 0.
    players = [Entrant(7, "G", 1), Entrant(2, "B", 1), Entrant(9, "I", 3), Entrant(4, "D", 3), Entrant(5, "E", 3)]
    book = cashbook(settings, players)
    prizes = {line.number: line.prize for line in book.lines}
    assert prizes == {2: 751, 7: 750, 4: 0, 5: 0, 9: 0}
    assert book.kasse == -1501  # amounts are paid as given: the club adds


def test_three_share_two_places():
    settings = parse([("preise", "1000,301,100")], "--set")
    book = cashbook(settings, [Entrant(3, "C", 1), Entrant(8, "H", 2), Entrant(1, "A", 2), Entrant(2, "B", 2)])
    assert {line.number: line.prize for line in book.lines} == {3: 1000, 1: 134, 2: 134, 8: 133}


@pytest.mark.parametrize(
    ("assignment", "sentence"),
    [
        (("preise", "50%,40%,20%"), "--set preise: the percentages add up to 110%, more than 100%."),
        (("startgeld", "-5"), "--set startgeld: an amount cannot be negative (-5)."),
        (
            ("verlustspiel", "abc"),
            "--set verlustspiel: give amounts in cents separated by commas, such as 50,50,50,100, not 'abc'.",
        ),
        (("verlustspiel", "50,-50"), "--set verlustspiel: an amount cannot be negative (-50)."),
        (
            ("preise", "50%,3000"),
            "--set preise: give either percentages (50%,30%,20%) or amounts in cents (15000,10000,8000), not both.",
        ),
        (
            ("auszahlung", "120"),
            "--set auszahlung: give the percent of the pot paid out as prizes, 0 to 100, not '120'.",
        ),
        (("rundung", "0"), "--set rundung: prizes are rounded down to a multiple of at least 1 cent, not 0."),
        (
            ("kasse", "5"),
            "--set: 'kasse' is not a setting of the tournament; use startgeld, verlustspiel, reuegeld, auszahlung, preise, rundung, rundenzeit, plaetze, doppelt, verein, teams, getrennt, kategorien, sonderpreise, plus_preis, preise_je_tisch, doppelpreis, sachpreise_bezahlt, COMPETITION.startgeld|auszahlung|preise|fehlend, KATEGORIE.preise|startgeld.",
        ),
    ],
)
def test_bad_settings_are_refused_in_one_sentence(assignment, sentence):
    with pytest.raises(SettingsError) as refused:
        parse([assignment], "--set")
    assert str(refused.value) == sentence


def test_settings_keep_their_words():
    settings = parse([("preise", "12.5%,7.25%"), ("verlustspiel", "50,100")], "--set")
    assert settings.preise == (1250, 725) and settings.stored()["preise"] == "12.5%,7.25%"
    assert parse([(k, str(v)) for k, v in settings.stored().items()], "--set") == settings


# -- what always holds --------------------------------------------------------------------------


@st.composite
def days(draw, percent_total: int | None = None):
    n = draw(st.integers(1, 24))
    ranks = sorted(draw(st.lists(st.integers(1, n), min_size=n, max_size=n)))
    # Standings ranks: tied players share the rank and the next rank skips.
    fixed: list[int] = []
    for i, r in enumerate(ranks):
        if i and r == ranks[i - 1]:
            fixed.append(fixed[-1])
        else:
            fixed.append(i + 1)
    numbers = draw(st.lists(st.integers(1, 200), min_size=n, max_size=n, unique=True))
    startgeld = draw(st.integers(0, 5000))
    players = [
        Entrant(
            number,
            f"P{number}",
            rank,
            paid=draw(st.sampled_from([0, startgeld])),
            lost=tuple(draw(st.lists(st.integers(0, 12), max_size=4))),
            thrown=draw(st.integers(0, 6)),
        )
        for number, rank in zip(numbers, fixed)
    ]
    percent = True if percent_total is not None else draw(st.booleans())
    if percent:
        places = draw(st.integers(1, 6))
        total = percent_total if percent_total is not None else draw(st.integers(places + 1, PERCENT_MAX))
        cuts = sorted(
            draw(st.lists(st.integers(1, max(1, total - 1)), min_size=places - 1, max_size=places - 1, unique=True))
        )
        preise = tuple(b - a for a, b in zip([0, *cuts], [*cuts, total]))
    else:
        preise = tuple(draw(st.lists(st.integers(0, 50000), min_size=1, max_size=6)))
    settings = CashSettings(
        startgeld=startgeld,
        verlustspiel=tuple(draw(st.lists(st.integers(0, 300), max_size=5))),
        reuegeld=draw(st.integers(0, 200)),
        auszahlung=draw(st.integers(0, 100)),
        preise=preise,
        percent=percent,
        rundung=draw(st.sampled_from([1, 5, 10, 50, 100, 500, 1000])),
    )
    return settings, players


PERCENT_MAX = 100 * 100


@hsettings(max_examples=300, deadline=None)
@given(days())
def test_the_pot_is_startgeld_paid_verlustspielgeld_and_reuegeld_and_prizes_and_kasse_make_it(day):
    settings, players = day
    book = cashbook(settings, players)
    assert book.pot == sum(p.paid for p in players) + sum(line.verlustspiel for line in book.lines) + sum(
        line.reuegeld for line in book.lines
    )
    assert sum(line.prize for line in book.lines) + book.kasse == book.pot
    assert book.payout == floor_to(book.pot * settings.auszahlung, 100) <= book.pot
    for line in book.lines:
        assert line.balance == line.prize - (settings.startgeld - line.paid)
        assert line.verlustspiel == sum(
            verlustspielgeld(n, settings.verlustspiel) for n in next(p.lost for p in players if p.number == line.number)
        )


@hsettings(max_examples=300, deadline=None)
@given(days(percent_total=PERCENT_MAX))
def test_prizes_add_up_to_the_payout_when_the_percentages_make_100(day):
    settings, players = day
    book = cashbook(settings, players)
    assert sum(book.prizes) == book.payout
    assert all(p >= 0 for p in book.prizes)
    # Every prize but the first is a multiple of the rounding.
    assert all(p % settings.rundung == 0 for p in book.prizes[1:])
    if len(players) >= len(book.prizes):
        assert sum(line.prize for line in book.lines) == book.payout


@hsettings(max_examples=300, deadline=None)
@given(days())
def test_players_sharing_a_rank_get_parts_that_differ_by_at_most_a_cent(day):
    settings, players = day
    book = cashbook(settings, players)
    by_rank: dict[int, list] = {}
    for line in book.lines:
        by_rank.setdefault(line.rank, []).append(line)
    for rank, tied in by_rank.items():
        parts = [line.prize for line in sorted(tied, key=lambda line: line.number)]
        assert max(parts) - min(parts) <= 1
        assert parts == sorted(parts, reverse=True)  # the odd cents go to the lower start numbers
        covered = sum(book.prizes[place - 1] for place in range(rank, rank + len(tied)) if place <= len(book.prizes))
        assert sum(parts) == covered
