"""The prize designer (TEAMS.md §10.2), pure: worked example P2 in every variant it gives (seed rennen and
kirchweih, doppelpreis=ja, plus_preis=1500, preise_je_tisch=1.5, sachpreise_bezahlt=gespendet) as a table, the
readers of its settings, and properties that must always hold: the cash given never exceeds what the lists
define, with doppelpreis=nein nobody holds prizes of two of the main and category lists, and the allocation is
deterministic."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, strategies as st

from schreiber.rules.model import SettingsError
from schreiber.scoring import cash, prizes
from schreiber.scoring.prizes import Category, Design, Got, Item, Runner
from tests.helpers.prizes import DAMEN as P2_DAMEN
from tests.helpers.prizes import DAMEN_PAID as P2_DAMEN_PAID
from tests.helpers.prizes import KORB, P2_CASES
from tests.helpers.prizes import P2 as P2_BY_NUMBER

# P2's standings (start number, name, score), best first: ranks follow the score, Dora and Karl share rank 3.
P2 = sorted(((number, name, score) for number, (name, score) in P2_BY_NUMBER.items()), key=lambda x: -x[2])
DAMEN = set(P2_DAMEN)
DAMEN_PAID = set(P2_DAMEN_PAID)
NUMBER = {name: number for number, name, _score in P2}


def runners() -> list[Runner]:
    out = []
    for number, name, score in P2:
        rank = 1 + sum(1 for _n, _m, other in P2 if other > score)
        out.append(Runner(number, rank, score, lists=frozenset({"damen"} if name in DAMEN_PAID else ())))
    return out


def settings(
    preise: str = "10000,5000,sach:Geschenkkorb:4000,sach:Brotzeit:2500,2000,1000", **more
) -> cash.CashSettings:
    rest, goods = prizes.split_goods("preise", preise, "--set")
    kept, percent = cash.typed_prizes("preise", rest, "--set")
    return cash.CashSettings(startgeld=1500, preise=kept, percent=percent, goods=goods, **more)


def design(**more) -> Design:
    base = Design(
        kategorien=(Category("damen", prizes.category_list("damen.preise", "3000,2000,1000", "--set"), 500),),
        sonderpreise=prizes.special_prizes("sonderpreise", "vorletzter:Pressack:800,mitte:500", "--set"),
        seed="rennen",
        tables=5,
    )
    return dataclasses.replace(base, **more)


def book(s: cash.CashSettings, d: Design) -> cash.Cashbook:
    entrants = [
        cash.Entrant(number, name, 1 + sum(1 for _n, _m, o in P2 if o > score), paid=1500) for number, name, score in P2
    ]
    return prizes.book(s, d, entrants, runners(), category_paid=500 * len(DAMEN_PAID))


def prizes_of(b: cash.Cashbook) -> dict[str, list[tuple]]:
    names = {number: name for number, name, _s in P2}
    return {
        names[line.number]: [(g.list, g.place, g.cents, g.sach) for g in line.prizes] for line in b.lines if line.prizes
    }


# Each variant of P2 as the core is given it: the cash settings and the prize design; what it gives is P2_CASES's.
CASES = {
    "rennen": (settings(), design()),
    "gespendet": (settings(), design(gespendet=True)),
    "kirchweih": (settings(), design(seed="kirchweih")),
    "doppelpreis": (settings(), design(doppelpreis=True)),
    "plus_preis": (settings(), design(plus_preis=1500)),
    "preise_je_tisch": (settings("0", auszahlung=80), design(preise_je_tisch=15)),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_worked_example_p2(case: str) -> None:
    s, d = CASES[case]
    *_words, expected, kasse = P2_CASES[case]
    b = book(s, d)
    assert b.pot == 30000
    assert prizes_of(b) == expected
    assert b.kasse == kasse
    assert b.kasse == prizes.kasse(b.pot, b.parts)


def test_p2_kasse_parts_and_lot() -> None:
    """The JSON's kasse_parts of P2 and the Los keys it names."""
    assert prizes.lot("rennen", 4).startswith("85dc2e1a") and prizes.lot("rennen", 11).startswith("ba32e3d2")
    assert prizes.lot("kirchweih", 11).startswith("b199dfc7") and prizes.lot("kirchweih", 4).startswith("c2475426")
    b = book(settings(), design())
    assert b.parts == {
        "preise": 18000,
        "kategorien_startgeld": 2500,
        "kategorien_preise": 6000,
        "sonderpreise": 500,
        "plus_preis": 0,
        "sachpreise": 7300,
    }
    dora = next(line for line in b.lines if line.number == 4)
    assert dora.prizes == (Got("preise", 3, 0, KORB, 4000, by_lot=True),) and dora.prize == 0
    ida = next(line for line in b.lines if line.number == 9)
    assert ida.prize == 3000 and ida.balance == 3000
    assert prizes.falling(24000, 7, 100) == [6300, 5100, 4200, 3400, 2500, 1700, 800]


@pytest.mark.parametrize(
    "key, value, reader",
    [
        ("damen.preise", "50%,30%", prizes.category_list),
        ("preise", "10000,sach::4000", prizes.split_goods),
        ("preise", "10000,sach:Korb", prizes.split_goods),
        ("preise", "sach:Korb:viel", prizes.split_goods),
        ("sonderpreise", "vorvorletzter:500", prizes.special_prizes),
        ("sonderpreise", "letzter:Pressack", prizes.special_prizes),
        ("preise_je_tisch", "1.25", prizes.tenths),
        ("preise_je_tisch", "-1", prizes.tenths),
        ("kategorien", "Damen!", prizes.category_names),
    ],
)
def test_bad_settings_are_refused(key: str, value: str, reader) -> None:
    with pytest.raises(SettingsError, match=key.replace(".", r"\.")):
        reader(key, value, "--set")


def test_settings_read_back() -> None:
    assert prizes.category_names("kategorien", "Damen, senioren,damen", "--set") == ("damen", "senioren")
    with pytest.raises(SettingsError, match="preise"):
        prizes.category_names("kategorien", "damen,preise", "--set", reserved=("preise",))
    assert prizes.tenths("preise_je_tisch", "1,5", "--set") == 15
    s = settings()
    assert cash.prize_text(s) == "10000,5000,sach:Geschenkkorb:4000,sach:Brotzeit:2500,2000,1000"
    mixed = settings("50%,sach:Korb:0,30%")
    assert [i.cents for i in prizes.main_list(10000, mixed, Design(), 20)] == [5000, 0, 3000]


# -- properties ------------------------------------------------------------------------------------


@st.composite
def fields(draw):
    n = draw(st.integers(1, 24))
    scores = draw(st.lists(st.integers(-5, 5), min_size=n, max_size=n))
    cats = ["a", "b"]
    runners_ = [
        Runner(i + 1, 1 + sum(1 for o in scores if o > sc), sc, lists=frozenset(draw(st.sets(st.sampled_from(cats)))))
        for i, sc in enumerate(scores)
    ]
    item = st.one_of(
        st.integers(0, 5000).map(Item),
        st.tuples(st.sampled_from(["Korb", "Wurst"]), st.integers(0, 5000)).map(lambda x: Item(0, x[0], x[1])),
    )
    main = tuple(draw(st.lists(item, max_size=8)))
    d = Design(
        kategorien=tuple(Category(c, tuple(draw(st.lists(item, max_size=4)))) for c in cats),
        doppelpreis=draw(st.booleans()),
        seed=draw(st.sampled_from(["x", "rennen"])),
        sonderpreise=(("letzter", Item(100)), ("mitte", Item(0, "Pressack", 800))),
    )
    return main, d, runners_


@given(fields())
def test_cash_never_exceeds_the_lists(field_) -> None:
    main, d, runners_ = field_
    allocation = prizes.allocate(main, d, runners_)
    for name, items in (("preise", main), *((c.name, c.preise) for c in d.kategorien)):
        given_ = [g for got in allocation.got.values() for g in got if g.list == name]
        assert sum(g.cents for g in given_) <= sum(i.cents for i in items)
        assert sum(g.value for g in given_) <= sum(i.value for i in items)
        assert len([g for g in given_ if g.sach]) <= len([i for i in items if i.sach])


@given(fields())
def test_no_double_prize_without_doppelpreis(field_) -> None:
    main, d, runners_ = field_
    d = dataclasses.replace(d, doppelpreis=False)
    allocation = prizes.allocate(main, d, runners_)
    lists = {"preise", *(c.name for c in d.kategorien)}
    for got in allocation.got.values():
        held = {g.list for g in got if g.list in lists and (g.cents > 0 or g.sach is not None)}
        assert len(held) <= 1


@given(fields())
def test_allocation_is_deterministic(field_) -> None:
    main, d, runners_ = field_
    first = prizes.allocate(main, d, runners_)
    again = prizes.allocate(main, d, list(reversed(runners_)))
    assert first == again
