"""`preisschafkopf`: the worked examples P1–P14 of RULES.md §5, its settings, refusals and properties."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings as hyp_settings, strategies as st

from schreiber.rules import registry
from schreiber.rules.model import Hand, HandError, SettingsError
from schreiber.rules.preisschafkopf import PREISSCHAFKOPF, TYPES
from schreiber.rules.table import Step, play, replay, start
from tests.helpers.preisschafkopf import TABLE, hands

FIVE = (*TABLE, "Emil")


def run(hands: Sequence[Hand], *sets: str, players: Sequence[str] = TABLE, dealer: int = 0) -> list[Step]:
    return replay(PREISSCHAFKOPF, registry.settings_for(PREISSCHAFKOPF, sets), players, hands, dealer)


def pts(anna: int, berta: int, carl: int, dora: int) -> dict[str, int]:
    return {"Anna": anna, "Berta": berta, "Carl": carl, "Dora": dora}


def refused(hand: Hand, *sets: str, players: Sequence[str] = TABLE) -> str:
    with pytest.raises(HandError) as info:
        run([hand], *sets, players=players)
    return str(info.value)


EXAMPLES = [
    ("P1", Hand("rufspiel", player="Berta", partner="Dora", augen=72), 5, pts(0, 5, 0, 5)),
    ("P2", Hand("rufspiel", player="Berta", partner="Dora", augen=95, laufende=3), 25, pts(0, 25, 0, 25)),
    ("P3", Hand("rufspiel", player="Anna", partner="Carl", augen=60, laufende=2), 15, pts(0, 15, 0, 15)),
    ("P4", Hand("rufspiel", player="Anna", partner="Carl", augen=90), 10, pts(10, 0, 10, 0)),
    ("P5", Hand("rufspiel", player="Anna", partner="Carl", augen=89), 5, pts(5, 0, 5, 0)),
    ("P6", Hand("rufspiel", player="Anna", partner="Carl", augen=120, schwarz=True), 15, pts(15, 0, 15, 0)),
    ("P7", Hand("wenz", player="Carl", augen=65, laufende=2), 30, pts(0, 0, 30, 0)),
    ("P8", Hand("farbsolo", player="Dora", farbe="herz", augen=50), 25, pts(25, 25, 25, 0)),
    ("P9", Hand("farbsolo", player="Dora", farbe="eichel", augen=61, laufende=5), 40, pts(0, 0, 0, 40)),
    ("P10", Hand("geier", player="Anna", augen=100), 20, pts(20, 0, 0, 0)),
    ("P11", Hand("wenz-tout", player="Anna", won=True, laufende=4), 80, pts(80, 0, 0, 0)),
    ("P12", Hand("bettel", player="Berta", won=False), 20, pts(20, 0, 20, 20)),
    ("P13", Hand("kreuz", player="Anna", augen=70), 5, pts(5, 0, 5, 0)),
    ("P14", Hand("kreuz", player="Berta", augen=60), 0, pts(0, 0, 0, 0)),
]


@pytest.mark.parametrize("name, hand, value, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_worked_examples(name: str, hand: Hand, value: int, expected: dict[str, int]) -> None:
    (step,) = run([hand])
    assert dict(step.payout.points) == expected
    if name != "P14":
        assert step.payout.value == value
    assert sum(step.payout.points.values()) == value * len(step.payout.winners)


def test_the_formula_names_every_term() -> None:
    (p2,) = run([EXAMPLES[1][1]])
    assert p2.payout.formula == "Rufspiel 5 + Schneider 5 + 3 Laufende 15 = 25"
    (p11,) = run([EXAMPLES[10][1]])
    assert p11.payout.formula == "Wenz-Tout 20 + 4 Laufende 20 = 40, Tout ×2 = 80"
    (p9,) = run([EXAMPLES[8][1]])
    assert "4 Laufende (of 5, at most 4 count) 20" in p9.payout.formula
    (p14,) = run([EXAMPLES[13][1]])
    assert p14.payout.formula == "Kreuz 60:60 0 = 0" and p14.payout.value == 0
    (one,) = run([Hand("wenz", player="Carl", augen=65, laufende=1)])
    assert one.payout.value == 20 and "they count from 2" in one.payout.formula


def test_kreuz_pairs_seats_one_and_three_among_the_active_players() -> None:
    # Five at the table: Anna deals and sits out, so Berta, Carl, Dora, Emil play; Berta's mate is Dora.
    (step,) = run([Hand("kreuz", player="Berta", augen=61)], players=FIVE)
    assert dict(step.payout.points) == {"Anna": 0, "Berta": 5, "Carl": 0, "Dora": 5, "Emil": 0}
    (lost,) = run([Hand("kreuz", player="Emil", augen=20)], players=FIVE)
    # Emil and Carl took 20: Berta and Dora took 100, Schneider.
    assert dict(lost.payout.points) == {"Anna": 0, "Berta": 10, "Carl": 0, "Dora": 10, "Emil": 0}


def test_the_deal_passes_after_every_hand_and_the_fifth_sits_out() -> None:
    hands = [
        Hand("wenz", player="Carl", augen=65),
        Hand("bettel", player="Dora", won=True),
        Hand("rufspiel", player="Anna", partner="Berta", augen=70),
    ]
    steps = run(hands, players=FIVE)
    assert [s.before.dealer_name for s in steps] == ["Anna", "Berta", "Carl"]
    assert [s.before.sitting_out for s in steps] == [("Anna",), ("Berta",), ("Carl",)]
    assert steps[0].payout.points["Anna"] == 0


@pytest.mark.parametrize(
    "hand, words",
    [
        (
            Hand("rufspiel", player="Anna", partner="Carl", augen=70, kontra=True),
            "preisschafkopf is played without Kontra",
        ),
        (Hand("wenz", player="Anna", augen=70, klopfen=("Berta",)), "preisschafkopf is played without Klopfen"),
        (Hand("wenz", player="Anna", augen=70, bock=True), "preisschafkopf is played without Bock"),
        (
            Hand("ramsch", augen_by_player={"Anna": 30, "Berta": 30, "Carl": 30, "Dora": 30}),
            "preisschafkopf is played without Ramsch",
        ),
        (Hand("sie", player="Anna"), "preisschafkopf is played without Sie"),
        (Hand("farbwenz", player="Anna", augen=70), "preisschafkopf is played without Farbwenz"),
        (Hand("farbgeier", player="Anna", augen=70), "preisschafkopf is played without Farbgeier"),
        (Hand("wenz", player="Anna", augen=70, schwarz=True), "--schwarz does not apply to wenz"),
        (Hand("farbsolo", player="Anna", augen=70), "--farbe is needed for farbsolo"),
        (Hand("rufspiel", player="Anna", augen=70), "--partner is needed"),
        (Hand("wenz", player="Anna", augen=70, laufende=5), "--laufende must be between 0 and 4"),
        (Hand("kreuz", player="Anna", augen=130), "--augen N must be between 0 and 120"),
    ],
)
def test_refusals_are_one_sentence(hand: Hand, words: str) -> None:
    message = refused(hand)
    assert words in message
    assert message.endswith(".") and message.count(". ") == 0


def test_every_value_is_a_setting() -> None:
    hands = [
        Hand("rufspiel", player="Berta", partner="Dora", augen=95, laufende=6),
        Hand("farbsolo", player="Dora", farbe="herz", augen=70),
        Hand("wenz", player="Carl", augen=70),
        Hand("bettel", player="Anna", won=True),
    ]
    sets = (
        "rufspiel=10",
        "solo=30",
        "herz_solo=40",
        "bettel=15",
        "schneider=3",
        "laufende_wert=2",
        "laufende_ab=3",
        "laufende_max=0",
    )
    values = [s.payout.value for s in run(hands, *sets)]
    assert values == [10 + 3 + 6 * 2, 40, 30, 15]
    assert "bettel=0" in refused(Hand("bettel", player="Anna", won=True), "bettel=0")
    with pytest.raises(SettingsError):
        registry.settings_for(PREISSCHAFKOPF, ["laufende_ab=4", "laufende_max=3"])
    short = run(
        [Hand("rufspiel", player="Berta", partner="Dora", augen=70, laufende=12)], "kurzes_blatt=true", "laufende_max=0"
    )
    assert short[0].payout.value == 5 + 60
    assert "between 0 and 12" in refused(
        Hand("rufspiel", player="Berta", partner="Dora", augen=70, laufende=13), "kurzes_blatt=true"
    )


def test_the_rule_set_is_registered_and_not_zero_sum() -> None:
    rules = registry.get("preisschafkopf")
    assert rules is PREISSCHAFKOPF and not rules.zero_sum
    assert set(rules.types) == set(TYPES)
    assert rules.options_for("kreuz") == {"player", "augen", "laufende", "schwarz"}


# -- properties ----------------------------------------------------------------------------------


@hyp_settings(max_examples=150, deadline=None)
@given(st.lists(hands(), max_size=25))
def test_points_are_whole_never_negative_and_only_winners_are_written(evening: list[Hand]) -> None:
    steps = run(evening)
    for step in steps:
        points = step.payout.points
        assert all(isinstance(v, int) and v >= 0 for v in points.values())
        assert {p for p, v in points.items() if v > 0} <= set(step.payout.winners)
        assert all(points[w] == step.payout.value for w in step.payout.winners)
        assert step.payout.value % 5 == 0  # the defaults are all multiples of 5
        assert step.after.dealer == (step.before.dealer + 1) % 4  # the deal passes after every hand


@hyp_settings(max_examples=60, deadline=None)
@given(st.lists(hands(), max_size=20))
def test_replay_equals_playing_hand_by_hand(evening: list[Hand]) -> None:
    settings = registry.settings_for(PREISSCHAFKOPF, ())
    whole = replay(PREISSCHAFKOPF, settings, TABLE, evening)
    state = start(PREISSCHAFKOPF, settings, TABLE)
    for hand, expected in zip(evening, whole):
        step = play(PREISSCHAFKOPF, settings, state, hand)
        assert dict(step.payout.points) == dict(expected.payout.points)
        assert step.payout.formula == expected.payout.formula
        state = step.after
