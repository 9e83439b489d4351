"""The shortcuts that make the fold fast give exactly what the plain way gives: the explanation
texts, the checks of the facts given, the settings worked out once per table, the table states."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings as hyp_settings, strategies as st

from schreiber.rules import checks
from schreiber.rules.model import _GIVEN_FIELDS, OPTION_OF, Hand, HandError, formula
from schreiber.rules.schafkopf import SCHAFKOPF, SCHAFKOPF_TARIF, Schafkopf, party, ramsch
from schreiber.rules.table import BockQueue, TableState, play, replay, start
from tests.helpers.schafkopf import (
    EXAMPLES_S,
    EXAMPLES_T,
    FIVE,
    TABLE,
    H,
    draw_hand,
    schafkopf_tables,
    run,
    table_settings,
)

# -- the explanations, word for word --------------------------------------------------------------

# (formula, split, winners) of each worked example, as the fold wrote them before they were cached.
WORDED: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "S1": ("Rufspiel 1 = 1", "Player Berta and partner Dora +1 each; Anna, Carl −1 each", ("Berta", "Dora")),
    "S2": (
        "Rufspiel 1 + Schneider 1 + Laufende 3 = 5",
        "Player Berta and partner Dora +5 each; Anna, Carl −5 each",
        ("Berta", "Dora"),
    ),
    "S3": ("Wenz 2 + Laufende 2 + Klopfen 1 = 5", "Soloist Carl +3×5 = +15, each opponent −5", ("Carl",)),
    "S4": ("Farbsolo 2, Kontra ×2 = 4", "Soloist Dora −3×4 = −12, each opponent +4", ("Anna", "Berta", "Carl")),
    "S5": (
        "Rufspiel 1 + Schneider 1 = 2, Kontra ×2 = 4, Re ×2 = 8",
        "Player Anna and partner Carl −8 each; Berta, Dora +8 each",
        ("Berta", "Dora"),
    ),
    "S6": ("Rufspiel 1 = 1", "Player Anna and partner Berta −1 each; Carl, Dora +1 each", ("Carl", "Dora")),
    "S7": ("Ramsch 2 = 2", "Loser Anna −3×2 = −6, each other +2", ("Berta", "Carl", "Dora")),
    "S8": (
        "Ramsch 2 = 2",
        "Loser Anna −3×2 −2 (Jungfrau) = −8, each other +2; Jungfrau Dora +2 more",
        ("Berta", "Carl", "Dora"),
    ),
    "S9": ("Sie 2 + Laufende 8 = 10, Sie ×4 = 40", "Soloist Carl +3×40 = +120, each opponent −40", ("Carl",)),
    "S10": ("Wenz-Tout 2, Tout ×2 = 4", "Soloist Anna −3×4 = −12, each opponent +4", ("Berta", "Carl", "Dora")),
    "T1": ("Rufspiel 20 = 20", "Player Berta and partner Dora +20 each; Anna, Carl −20 each", ("Berta", "Dora")),
    "T2": (
        "Rufspiel 20 + Schneider 10 + 3 Laufende 30 = 60",
        "Player Berta and partner Dora +60 each; Anna, Carl −60 each",
        ("Berta", "Dora"),
    ),
    "T3": ("Rufspiel 20 = 20", "Player Berta and partner Dora +20 each; Anna, Carl −20 each", ("Berta", "Dora")),
    "T4": (
        "Farbsolo 50 + Schneider 10 + Laufende (2, they count from 3) 0 = 60",
        "Soloist Anna −3×60 = −180, each opponent +60",
        ("Berta", "Carl", "Dora"),
    ),
    "T5": (
        "Wenz 50 + 2 Laufende 20 = 70, Klopfen Anna ×2 = 140",
        "Soloist Carl +3×140 = +420, each opponent −140",
        ("Carl",),
    ),
    "T6": ("Geier-Tout 50, Tout ×2 = 100", "Soloist Dora +3×100 = +300, each opponent −100", ("Dora",)),
}

EVENING = [
    H("rufspiel", player="Anna", partner="Carl", augen=70, kontra=True, re=True),
    H("rufspiel", player="Berta", partner="Dora", augen=61),
    H("wenz", player="Anna", augen=80, laufende=0),
    H("rufspiel", player="Anna", partner="Berta", augen=60, kontra=True, re=True),
    H("ramsch", durchmarsch="Berta", klopfen="Anna"),
    H("ramsch", augen_by_player={"Anna": 50, "Berta": 40, "Carl": 30, "Dora": 0}, jungfrau="Dora", klopfen="Carl"),
]
EVENING_WORDED = {
    "schafkopf": [
        ("Rufspiel 1, Kontra ×2 = 2, Re ×2 = 4", "Player Anna and partner Carl +4 each; Berta, Dora −4 each"),
        ("Rufspiel 1, Bock ×2 = 2", "Player Berta and partner Dora +2 each; Anna, Carl −2 each"),
        ("Wenz 2, Bock ×2 = 4", "Soloist Anna +3×4 = +12, each opponent −4"),
        (
            "Rufspiel 1, Kontra ×2 = 2, Re ×2 = 4, Bock ×2 = 8",
            "Player Anna and partner Berta −8 each; Carl, Dora +8 each",
        ),
        ("Durchmarsch 7 + Klopfen 1 = 8, Bock ×2 = 16", "Durchmarsch Berta +3×16 = +48, each other −16"),
        (
            "Ramsch 2 + Klopfen 1 = 3, Bock ×2 = 6",
            "Loser Anna −3×6 −4 (Jungfrau) = −22, each other +6; Jungfrau Dora +4 more",
        ),
    ],
    "schafkopf-tarif": [
        ("Rufspiel 20, Kontra ×2 = 40, Re ×2 = 80", "Player Anna and partner Carl +80 each; Berta, Dora −80 each"),
        ("Rufspiel 20, Bock ×2 = 40", "Player Berta and partner Dora +40 each; Anna, Carl −40 each"),
        ("Wenz 50, Bock ×2 = 100", "Soloist Anna +3×100 = +300, each opponent −100"),
        (
            "Rufspiel 20, Kontra ×2 = 40, Re ×2 = 80, Bock ×2 = 160",
            "Player Anna and partner Berta −160 each; Carl, Dora +160 each",
        ),
        ("Durchmarsch 50, Klopfen Anna ×2 = 100, Bock ×2 = 200", "Durchmarsch Berta +3×200 = +600, each other −200"),
        (
            "Ramsch 20, Klopfen Carl ×2 = 40, Bock ×2 = 80",
            "Loser Anna −3×80 −80 (Jungfrau) = −320, each other +80; Jungfrau Dora +80 more",
        ),
    ],
}


def _clear_word_caches() -> None:
    for cached in (party._rufspiel_split, party._solo_split, ramsch._ramsch_split):
        cached.cache_clear()
    for rules in (SCHAFKOPF, SCHAFKOPF_TARIF):
        rules._table.forget()


@pytest.mark.parametrize("cold", [True, False], ids=["cold", "warm"])
@pytest.mark.parametrize(
    ("rules", "name", "hand"),
    [(SCHAFKOPF, e[0], e[1]) for e in EXAMPLES_S] + [(SCHAFKOPF_TARIF, e[0], e[1]) for e in EXAMPLES_T],
    ids=[e[0] for e in EXAMPLES_S + EXAMPLES_T],
)
def test_worked_examples_are_worded_as_before(rules: Schafkopf, name: str, hand: Hand, cold: bool) -> None:
    if cold:
        _clear_word_caches()
    payout = run(rules, [hand])[0].payout
    assert (payout.formula, payout.split, payout.winners) == WORDED[name]
    assert payout.formula == formula(payout.terms)


@pytest.mark.parametrize("rules", [SCHAFKOPF, SCHAFKOPF_TARIF], ids=["schafkopf", "schafkopf-tarif"])
def test_an_evening_with_bock_is_worded_as_before(rules: Schafkopf) -> None:
    sets = () if rules is SCHAFKOPF else ("bock=re,gleichstand",)
    for _ in range(2):  # the second time from the caches
        steps = run(rules, EVENING, *sets)
        assert [(s.payout.formula, s.payout.split) for s in steps] == EVENING_WORDED[rules.name]


@hyp_settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=schafkopf_tables(), data=st.data())
def test_cached_wording_is_the_wording_of_the_terms(
    table: tuple[Schafkopf, dict[str, Any], tuple[str, ...], int], data: st.DataObject
) -> None:
    rules, table_settings_, players, dealer = table
    state = start(rules, table_settings_, players, dealer)
    hands = []
    for _ in range(data.draw(st.integers(1, 6))):
        hand = draw_hand(data, table_settings_, state.active)
        hands.append(hand)
        state = play(rules, table_settings_, state, hand).after
    warm = replay(rules, table_settings_, players, hands, dealer)
    _clear_word_caches()
    cold = replay(rules, table_settings_, players, hands, dealer)
    assert [s.payout for s in warm] == [s.payout for s in cold]
    for step in warm:
        assert step.payout.formula == formula(step.payout.terms)
        assert set(step.payout.winners) <= set(step.before.active)


# -- the check of the facts given -------------------------------------------------------------------

_VALUES: dict[str, Any] = {
    "player": "Anna",
    "partner": "Berta",
    "augen": 0,
    "augen_by_player": {"Anna": 120},
    "stiche": {"Anna": 0},
    "laufende": 0,
    "schwarz": True,
    "won": False,
    "klopfen": ("Anna",),
    "kontra": True,
    "re": True,
    "re_absage": 0,
    "kontra_absage": 90,
    "fuchs_re": 0,
    "fuchs_kontra": 1,
    "doppelkopf_re": 0,
    "doppelkopf_kontra": 2,
    "karlchen": "re",
    "altenstrafe": True,
    "spritze": True,
    "jungfrau": ("Dora",),
    "durchmarsch": "Carl",
    "loser": "Anna",
    "winner": "Berta",
    "forced": True,
    "pflicht": True,
    "farbe": "herz",
    "sau": "gras",
    "bock": True,
    "spitzen": 2,
    "ohne": True,
    "hand": True,
    "schneider_angesagt": True,
    "schwarz_angesagt": True,
    "ouvert": True,
    "reizwert": 18,
}


def _refusal(check: Any) -> str | None:
    try:
        check()
    except HandError as e:
        return str(e)
    return None


@hyp_settings(max_examples=300, deadline=None)
@given(
    st.sets(st.sampled_from(_GIVEN_FIELDS), max_size=6),
    st.sets(st.sampled_from(_GIVEN_FIELDS), max_size=len(_GIVEN_FIELDS)),
    st.booleans(),
)
def test_only_made_ready_refuses_what_only_refuses(facts: set[str], allowed: set[str], noted: bool) -> None:
    hand = Hand("rufspiel", note="a note" if noted else None, **{f: _VALUES[f] for f in facts})
    assert hand.given() == facts
    quick = checks.Only(allowed)
    assert _refusal(lambda: quick(hand)) == _refusal(lambda: checks.only(hand, allowed))
    assert (_refusal(lambda: quick(hand)) is None) == (facts <= allowed)


def test_only_made_ready_for_all_but_one_fact_and_for_every_fact() -> None:
    for allowed in (set(_GIVEN_FIELDS) - {"sau"}, set(_GIVEN_FIELDS)):
        quick = checks.Only(allowed)
        quick(Hand("rufspiel", **{f: _VALUES[f] for f in allowed}))
    with pytest.raises(HandError, match="--sau does not apply"):
        checks.Only(set(_GIVEN_FIELDS) - {"sau"})(Hand("rufspiel", sau="gras"))


def test_need_names_the_first_fact_missing() -> None:
    hand = Hand("rufspiel", player="Anna", augen=0, augen_by_player={})
    checks.need(hand, "player", "augen")
    assert _refusal(lambda: checks.need(hand, "player", "partner", "augen_by_player")) == (
        f"{OPTION_OF['partner']} is needed for rufspiel."
    )
    assert _refusal(lambda: checks.need(hand, "augen_by_player")) == "--augen NAME=N is needed for rufspiel."


# -- the settings, worked out once per table --------------------------------------------------------


def test_settings_changed_in_place_are_not_served_from_the_cache() -> None:
    table = table_settings(SCHAFKOPF)
    hand = H("rufspiel", player="Anna", partner="Carl", augen=70, laufende=2)
    state = start(SCHAFKOPF, table, TABLE)
    assert play(SCHAFKOPF, table, state, hand).payout.value == 1
    table["laufende_ab"] = 2
    assert play(SCHAFKOPF, table, state, hand).payout.value == 3
    table["bock"] = ["re"]  # as it comes back from JSON
    with pytest.raises(HandError, match="manuell"):
        play(SCHAFKOPF, table, state, H("rufspiel", player="Anna", partner="Carl", augen=70, bock=True))
    table["bock"].append("manuell")  # changed inside a value
    assert play(SCHAFKOPF, table, state, H("rufspiel", player="Anna", partner="Carl", augen=70, bock=True))


def test_two_tables_in_turn_each_keep_their_settings() -> None:
    plain, short = table_settings(SCHAFKOPF), table_settings(SCHAFKOPF, "kurzes_blatt=true", "laufende_ab=4")
    hand = H("rufspiel", player="Anna", partner="Carl", augen=70, laufende=3)
    long_hand = H("rufspiel", player="Anna", partner="Carl", augen=70, laufende=13)
    for _ in range(3):
        assert run(SCHAFKOPF, [hand])[0].payout.value == 4
        assert replay(SCHAFKOPF, short, TABLE, [hand])[0].payout.value == 1
        assert replay(SCHAFKOPF, plain, TABLE, [long_hand])[0].payout.value == 14
        with pytest.raises(HandError, match="kurzes_blatt"):
            replay(SCHAFKOPF, short, TABLE, [long_hand])
    # A table stored before a setting existed plays it at its default.
    old = {k: v for k, v in plain.items() if k != "laufende_ab"}
    assert replay(SCHAFKOPF, old, TABLE, [hand])[0].payout.value == 4


# -- the table states ---------------------------------------------------------------------------------


def test_table_states_are_values() -> None:
    table = table_settings(SCHAFKOPF)
    first = start(SCHAFKOPF, table, FIVE, 1)
    assert first == start(SCHAFKOPF, table, FIVE, 1) and hash(first) == hash(start(SCHAFKOPF, table, FIVE, 1))
    assert (first.sitting_out, first.active) == (("Berta",), ("Anna", "Carl", "Dora", "Emil"))
    moved = replace(first, dealer=4, bock=BockQueue())
    assert (moved.sitting_out, moved.active) == (("Emil",), ("Anna", "Berta", "Carl", "Dora"))
    assert moved != first and repr(moved).startswith("TableState(players=")
    six = TableState(("A", "B", "C", "D", "E", "F"), 5, 4)
    assert (six.sitting_out, six.active) == (("F", "C"), ("A", "B", "D", "E"))
    steps = run(SCHAFKOPF, EVENING)
    assert [s.after.bock.describe() for s in steps][-3:] == [
        "Bock ×2: 2 hands left, then ×4: 4 hands",
        "Bock ×2: 1 hand left, then ×4: 4 hands",
        "Bock ×4: 4 hands left",
    ]
    assert all(s.after.hands == i + 1 and s.after.carry is None for i, s in enumerate(steps))


def test_a_seat_order_payout_names_every_player() -> None:
    step = run(SCHAFKOPF, [H("wenz", player="Carl", augen=70)], players=FIVE)[0]
    assert list(step.payout.points) == list(FIVE)
    assert step.payout.points["Anna"] == 0  # the dealer sat out
