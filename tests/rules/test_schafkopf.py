"""`schafkopf` and `schafkopf-tarif`: the worked examples of RULES.md §1/§1b, Bock, Ramsch, refusals, properties."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings as hyp_settings, strategies as st

from schreiber.rules import registry
from schreiber.rules.model import Hand, HandError, evaluate
from schreiber.rules.schafkopf import SCHAFKOPF, SCHAFKOPF_TARIF, Schafkopf
from schreiber.rules.table import BockQueue, Step, play, replay, start
from tests.helpers.schafkopf import (
    EXAMPLES_S,
    EXAMPLES_T,
    FIVE,
    H,
    SIX,
    TABLE,
    draw_hand,
    pts,
    run,
    table_settings,
    schafkopf_tables,
)


def points(step: Step) -> dict[str, int]:
    return dict(step.payout.points)


def refused(rules: Schafkopf, hand: Hand, *sets: str, players: Sequence[str] = TABLE) -> str:
    with pytest.raises(HandError) as info:
        run(rules, [hand], *sets, players=players)
    return str(info.value)


# -- the worked examples --------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "hand", "value", "expected"), EXAMPLES_S, ids=[e[0] for e in EXAMPLES_S])
def test_schafkopf_examples(name: str, hand: Hand, value: int, expected: dict[str, int]) -> None:
    (step,) = run(SCHAFKOPF, [hand])
    assert points(step) == expected
    assert step.payout.value == value
    assert evaluate(step.payout.terms) == value


@pytest.mark.parametrize(("name", "hand", "value", "expected"), EXAMPLES_T, ids=[e[0] for e in EXAMPLES_T])
def test_tarif_examples(name: str, hand: Hand, value: int, expected: dict[str, int]) -> None:
    (step,) = run(SCHAFKOPF_TARIF, [hand])
    assert points(step) == expected
    assert step.payout.value == value
    assert evaluate(step.payout.terms) == value


def test_terms_explain_the_value() -> None:
    s2, s5 = (run(SCHAFKOPF, [EXAMPLES_S[i][1]])[0].payout for i in (1, 4))
    assert [(t.label, t.op, t.amount) for t in s2.terms] == [
        ("Rufspiel", "+", 1),
        ("Schneider", "+", 1),
        ("Laufende", "+", 3),
    ]
    assert s2.formula == "Rufspiel 1 + Schneider 1 + Laufende 3 = 5"
    assert s5.formula == "Rufspiel 1 + Schneider 1 = 2, Kontra ×2 = 4, Re ×2 = 8"
    assert "Anna" in s5.split and "Berta" in s5.split and "−8" in s5.split and "+8" in s5.split
    t4 = run(SCHAFKOPF_TARIF, [EXAMPLES_T[3][1]])[0].payout
    # The two Laufende are shown, so the player sees why they did not score.
    assert any("Laufende" in t.label and t.amount == 0 for t in t4.terms)
    assert t4.formula.endswith("= 60")
    assert "3×60" in t4.split and t4.soloist == "Anna" and t4.winners == ("Berta", "Carl", "Dora")


def test_examples_that_create_bock() -> None:
    s5 = EXAMPLES_S[4][1]
    s6 = EXAMPLES_S[5][1]
    assert run(SCHAFKOPF, [s5])[0].after.bock.describe() == "Bock ×2: 4 hands left"
    assert run(SCHAFKOPF, [s6])[0].after.bock.describe() == "Bock ×2: 4 hands left"
    assert run(SCHAFKOPF, [EXAMPLES_S[0][1]])[0].after.bock.describe() == "no Bock"


# -- S11 and longer Bock sequences ----------------------------------------------------------------


def test_s11_bock_sequence() -> None:
    hands = [
        H("rufspiel", player="Anna", partner="Carl", augen=70, kontra=True, re=True),
        H("rufspiel", player="Berta", partner="Dora", augen=61),
        H("wenz", player="Anna", augen=80, laufende=0),
        H("rufspiel", player="Anna", partner="Berta", augen=60, kontra=True, re=True),
    ]
    steps = run(SCHAFKOPF, hands)
    assert [points(s) for s in steps] == [
        pts(4, -4, 4, -4),
        pts(-2, 2, -2, 2),
        pts(12, -4, -4, -4),
        pts(-8, -8, 8, 8),
    ]
    assert [s.payout.value for s in steps] == [4, 2, 4, 8]
    assert [s.after.bock.describe() for s in steps] == [
        "Bock ×2: 4 hands left",
        "Bock ×2: 3 hands left",
        "Bock ×2: 3 hands left",
        "Bock ×2: 2 hands left, then ×4: 4 hands",
    ]
    assert [s.before.dealer_name for s in steps] == ["Anna", "Berta", "Carl", "Carl"]
    assert steps[-1].after.dealer_name == "Dora"
    assert steps[2].payout.formula == "Wenz 2, Bock ×2 = 4"
    settings = table_settings(SCHAFKOPF)
    assert SCHAFKOPF.status(settings, steps[-1].after) == ["Bock ×2: 2 hands left, then ×4: 4 hands"]


def test_three_rounds_queue_and_run_out() -> None:
    ruf = H("rufspiel", player="Berta", partner="Dora", augen=61)
    hands = [
        H("rufspiel", player="Anna", partner="Carl", augen=70, kontra=True, re=True),  # 1: re
        H("rufspiel", player="Berta", partner="Dora", augen=60),  # 2: 60:60 under ×2
        H("rufspiel", player="Anna", partner="Berta", augen=61, kontra=True, re=True),  # 3: re under ×2
        ruf,
        ruf,
        H("geier", player="Carl", augen=61),
        H("sie", player="Dora"),
        *[ruf] * 8,
        ruf,
    ]
    steps = run(SCHAFKOPF, hands)
    described = [s.after.bock.describe() for s in steps]
    assert described[:7] == [
        "Bock ×2: 4 hands left",
        "Bock ×2: 3 hands left, then ×2: 4 hands",
        "Bock ×2: 2 hands left, then ×2: 4 hands, then ×2: 4 hands",
        "Bock ×2: 1 hand left, then ×2: 4 hands, then ×2: 4 hands",
        "Bock ×2: 4 hands left, then ×2: 4 hands",
        "Bock ×2: 4 hands left, then ×2: 4 hands",  # the Geier does not use up a Bock hand
        "Bock ×2: 4 hands left, then ×2: 4 hands",  # nor the Sie
    ]
    assert described[-2:] == ["no Bock", "no Bock"]
    assert points(steps[1]) == pts(2, -2, 2, -2)
    assert points(steps[2]) == pts(8, 8, -8, -8)
    assert points(steps[5]) == pts(-4, -4, 12, -4)
    assert points(steps[6]) == pts(-80, -80, -80, 240)
    assert [points(s)["Berta"] for s in steps[7:]] == [2] * 8 + [1]


def test_doppelbock_is_used_up() -> None:
    hands = [
        H("rufspiel", player="Anna", partner="Berta", augen=60, kontra=True, re=True),
        H("rufspiel", player="Berta", partner="Dora", augen=61),
        H("wenz", player="Carl", augen=61),
        H("ramsch", augen_by_player={"Anna": 50, "Berta": 40, "Carl": 30, "Dora": 0}, jungfrau="Dora"),
        H("rufspiel", player="Berta", partner="Dora", augen=61),
        H("farbsolo", player="Anna", augen=40),
        H("rufspiel", player="Berta", partner="Dora", augen=61),
        H("rufspiel", player="Berta", partner="Dora", augen=61),
    ]
    steps = run(SCHAFKOPF, hands)
    assert steps[0].after.bock.describe() == "Bock ×4: 4 hands left"
    assert points(steps[1]) == pts(-4, 4, -4, 4)
    assert steps[1].payout.terms[-1].label == "Doppelbock"
    assert points(steps[2]) == pts(-8, -8, 24, -8)
    assert steps[2].after.bock.describe() == "Bock ×4: 3 hands left"
    # Ramsch under Doppelbock: unit 2×4 and the Jungfrau bonus 2×4.
    assert points(steps[3]) == pts(-32, 8, 8, 16)
    assert points(steps[5]) == pts(-24, 8, 8, 8)
    assert [s.after.bock.describe() for s in steps[4:]] == [
        "Bock ×4: 1 hand left",
        "Bock ×4: 1 hand left",
        "no Bock",
        "no Bock",
    ]
    assert points(steps[6]) == pts(-4, 4, -4, 4)
    assert points(steps[7]) == pts(-1, 1, -1, 1)


def test_zusammengeworfen_uses_up_a_bock_hand() -> None:
    hands = [
        H("rufspiel", player="Anna", partner="Carl", augen=70, kontra=True, re=True),
        H("zusammengeworfen"),
        H("rufspiel", player="Berta", partner="Dora", augen=61),
    ]
    steps = run(SCHAFKOPF, hands, "kein_spiel=zusammenwerfen")
    assert points(steps[1]) == pts(0, 0, 0, 0)
    assert steps[1].after.bock.describe() == "Bock ×2: 3 hands left"
    assert steps[1].after.dealer_name == "Carl"
    assert points(steps[2]) == pts(-2, 2, -2, 2)


def test_manual_bock_and_both_causes() -> None:
    steps = run(
        SCHAFKOPF,
        [
            H("rufspiel", player="Berta", partner="Dora", augen=72, bock=True),
            H("farbsolo", player="Anna", augen=61, kontra=True, re=True, bock=True),
        ],
    )
    assert steps[0].after.bock.describe() == "Bock ×2: 4 hands left"
    assert points(steps[1]) == pts(48, -16, -16, -16)
    assert steps[1].after.bock.describe() == "Bock ×2: 4 hands left, then ×4: 4 hands"


def test_bock_setting_decides_the_causes() -> None:
    re_only = run(SCHAFKOPF, [H("rufspiel", player="Anna", partner="Berta", augen=60)], "bock=re")
    assert re_only[0].after.bock.describe() == "no Bock"
    gleich = run(SCHAFKOPF, [H("wenz", player="Anna", augen=60, kontra=True, re=True)], "bock=gleichstand")
    assert gleich[0].after.bock.describe() == "Bock ×2: 4 hands left"
    assert gleich[0].before.dealer == gleich[0].after.dealer
    off = run(SCHAFKOPF, [H("rufspiel", player="Anna", partner="Berta", augen=60, kontra=True, re=True)], "bock=off")
    assert off[0].after.bock.describe() == "no Bock"
    assert SCHAFKOPF.status(table_settings(SCHAFKOPF, "bock=off"), off[0].after) == []


def test_tarif_bock_when_switched_on() -> None:
    hands = [
        H("rufspiel", player="Berta", partner="Dora", augen=61, kontra=True, re=True),
        H("rufspiel", player="Berta", partner="Dora", augen=61),
    ]
    assert [points(s) for s in run(SCHAFKOPF_TARIF, hands)] == [pts(-80, 80, -80, 80), pts(-20, 20, -20, 20)]
    steps = run(SCHAFKOPF_TARIF, hands, "bock=re,gleichstand")
    assert [points(s) for s in steps] == [pts(-80, 80, -80, 80), pts(-40, 40, -40, 40)]
    settings = table_settings(SCHAFKOPF_TARIF, "bock=re,gleichstand")
    assert SCHAFKOPF_TARIF.status(settings, steps[-1].after) == ["Bock ×2: 3 hands left"]
    assert SCHAFKOPF_TARIF.status(table_settings(SCHAFKOPF_TARIF), steps[-1].after) == []


def test_status_shows_the_queue() -> None:
    state = start(SCHAFKOPF, table_settings(SCHAFKOPF), TABLE)
    assert SCHAFKOPF.status(table_settings(SCHAFKOPF), state) == ["no Bock"]
    # A multi-valued setting may come back from JSON as a list.
    settings = {**table_settings(SCHAFKOPF), "bock": ["re"]}
    hand = H("rufspiel", player="Anna", partner="Carl", augen=70, kontra=True, re=True)
    step = play(SCHAFKOPF, settings, state, hand)
    assert SCHAFKOPF.status(settings, step.after) == ["Bock ×2: 4 hands left"]


def test_dealer_rule() -> None:
    hands = [
        H("bettel", player="Berta", won=True),
        H("farbwenz-tout", player="Carl", won=True, farbe="herz"),
        H("sie", player="Dora"),
        H("ramsch", augen_by_player={"Anna": 40, "Berta": 35, "Carl": 25, "Dora": 20}),
        H("rufspiel", player="Anna", partner="Carl", augen=61),
    ]
    steps = run(SCHAFKOPF, hands)
    assert [s.before.dealer_name for s in steps] == ["Anna", "Anna", "Anna", "Anna", "Berta"]
    assert steps[-1].after.dealer_name == "Carl"


# solo_selber_geber: the same evening at five (Anna deals first) under both settings. With the
# default the solo's dealer deals again, the solo keeps its Bock hand and the same player sits out
# again; with false the deal passes after the solo, which uses up a Bock hand like any other.
FIVE_WITH_A_SOLO = [
    H("rufspiel", player="Berta", partner="Carl", augen=70, kontra=True, re=True),  # V 4, makes Bock
    H("wenz", player="Carl", augen=80),  # Bock: V 2×2 = 4, Carl +12
    H("rufspiel", player="Dora", partner="Emil", augen=61),  # Bock: V 2
    H("rufspiel", player="Anna", partner="Emil", augen=61),  # Bock: V 2
]
SELBER_GEBER = [
    # (setting, dealers, who sat out, the queue after each hand, points of hands 3 and 4, next dealer)
    (
        "true",
        ["Anna", "Berta", "Berta", "Carl"],
        [("Anna",), ("Berta",), ("Berta",), ("Carl",)],
        ["Bock ×2: 4 hands left", "Bock ×2: 4 hands left", "Bock ×2: 3 hands left", "Bock ×2: 2 hands left"],
        [
            {"Anna": -2, "Berta": 0, "Carl": -2, "Dora": 2, "Emil": 2},
            {"Anna": 2, "Berta": -2, "Carl": 0, "Dora": -2, "Emil": 2},
        ],
        "Dora",
    ),
    (
        "false",
        ["Anna", "Berta", "Carl", "Dora"],
        [("Anna",), ("Berta",), ("Carl",), ("Dora",)],
        ["Bock ×2: 4 hands left", "Bock ×2: 3 hands left", "Bock ×2: 2 hands left", "Bock ×2: 1 hand left"],
        [
            {"Anna": -2, "Berta": -2, "Carl": 0, "Dora": 2, "Emil": 2},
            {"Anna": 2, "Berta": -2, "Carl": -2, "Dora": 0, "Emil": 2},
        ],
        "Emil",
    ),
]


@pytest.mark.parametrize(("setting", "dealers", "out", "queues", "later", "next_dealer"), SELBER_GEBER)
def test_solo_selber_geber_at_five(
    setting: str,
    dealers: list[str],
    out: list[tuple[str, ...]],
    queues: list[str],
    later: list[dict[str, int]],
    next_dealer: str,
) -> None:
    steps = run(SCHAFKOPF, FIVE_WITH_A_SOLO, f"solo_selber_geber={setting}", players=FIVE)
    assert [s.before.dealer_name for s in steps] == dealers
    assert [s.before.sitting_out for s in steps] == out
    assert [s.after.bock.describe() for s in steps] == queues
    # Hands 1 and 2 are the same under both settings; 3 and 4 are paid by whoever held cards.
    assert points(steps[0]) == {"Anna": 0, "Berta": 4, "Carl": 4, "Dora": -4, "Emil": -4}
    assert points(steps[1]) == {"Anna": -4, "Berta": 0, "Carl": 12, "Dora": -4, "Emil": -4}
    assert [points(s) for s in steps[2:]] == later
    assert steps[-1].after.dealer_name == next_dealer


def test_solo_selber_geber_false_refuses_the_player_who_sits_out() -> None:
    """Where the deal passed after the solo, Carl deals hand 3 and sits out: he cannot play it."""
    hands = [*FIVE_WITH_A_SOLO[:2], H("rufspiel", player="Carl", partner="Anna", augen=61)]
    assert len(run(SCHAFKOPF, hands, players=FIVE)) == 3
    with pytest.raises(HandError, match="--player: Carl is not playing this hand"):
        run(SCHAFKOPF, hands, "solo_selber_geber=false", players=FIVE)


@pytest.mark.parametrize("rules", [SCHAFKOPF, SCHAFKOPF_TARIF])
@pytest.mark.parametrize(
    "solo",
    [
        H("farbsolo", player="Berta", augen=70),
        H("wenz-tout", player="Berta", won=True),
        H("sie", player="Berta"),
        H("bettel", player="Berta", won=False),
    ],
    ids=lambda h: h.type,
)
def test_solo_selber_geber_false_a_solo_uses_up_a_bock_hand(rules: Schafkopf, solo: Hand) -> None:
    """A Bock round of four: with false the solo is one of its four hands, so the fifth hand is plain."""
    hands = [H("rufspiel", player="Anna", partner="Carl", augen=70, kontra=True, re=True), solo]
    hands += [H("rufspiel", player="Berta", partner="Dora", augen=72)] * 5
    same = run(rules, hands, "bock=re")
    passes = run(rules, hands, "bock=re", "solo_selber_geber=false")
    assert [s.before.dealer_name for s in same] == ["Anna", "Berta", "Berta", "Carl", "Dora", "Anna", "Berta"]
    assert [s.before.dealer_name for s in passes] == ["Anna", "Berta", "Carl", "Dora", "Anna", "Berta", "Carl"]
    assert [s.before.bock.factor for s in same] == [1, 2, 2, 2, 2, 2, 1]
    assert [s.before.bock.factor for s in passes] == [1, 2, 2, 2, 2, 1, 1]
    assert points(same[5]) == {p: 2 * v for p, v in points(passes[5]).items()}
    assert points(same[6]) == points(passes[6])


# -- more values ----------------------------------------------------------------------------------

VALUES = [
    # (rules, sets, hand, expected)
    (SCHAFKOPF, (), H("rufspiel", player="Berta", partner="Dora", augen=120, schwarz=True), pts(-3, 3, -3, 3)),
    (SCHAFKOPF, (), H("rufspiel", player="Berta", partner="Dora", augen=0, schwarz=True), pts(3, -3, 3, -3)),
    (SCHAFKOPF, (), H("rufspiel", player="Berta", partner="Dora", augen=120), pts(-2, 2, -2, 2)),
    (SCHAFKOPF, (), H("rufspiel", player="Berta", partner="Dora", augen=90), pts(-2, 2, -2, 2)),
    (SCHAFKOPF, (), H("rufspiel", player="Berta", partner="Dora", augen=89), pts(-1, 1, -1, 1)),
    (SCHAFKOPF, (), H("rufspiel", player="Berta", partner="Dora", augen=30), pts(1, -1, 1, -1)),
    (SCHAFKOPF, (), H("rufspiel", player="Berta", partner="Dora", augen=29), pts(2, -2, 2, -2)),
    (SCHAFKOPF, (), H("rufspiel", player="Berta", partner="Dora", augen=61, laufende=2), pts(-1, 1, -1, 1)),
    (SCHAFKOPF, (), H("wenz", player="Anna", augen=61, laufende=1), pts(6, -2, -2, -2)),
    (
        SCHAFKOPF,
        ("laufende_ab=2",),
        H("rufspiel", player="Berta", partner="Dora", augen=61, laufende=2),
        pts(-3, 3, -3, 3),
    ),
    (SCHAFKOPF, (), H("farbwenz", player="Anna", augen=61, laufende=2), pts(6, -2, -2, -2)),
    (SCHAFKOPF, (), H("farbgeier", player="Anna", augen=61, laufende=3), pts(15, -5, -5, -5)),
    (SCHAFKOPF, (), H("geier", player="Anna", augen=100, laufende=4, klopfen=("Berta", "Carl")), pts(27, -9, -9, -9)),
    (SCHAFKOPF, (), H("farbsolo-tout", player="Anna", won=True, laufende=4), pts(36, -12, -12, -12)),
    (SCHAFKOPF, (), H("bettel", player="Anna", won=False), pts(-6, 2, 2, 2)),
    (SCHAFKOPF, (), H("bettel-brett", player="Anna", won=True, kontra=True), pts(24, -8, -8, -8)),
    (SCHAFKOPF, (), H("sie", player="Anna", won=True, klopfen="Dora"), pts(132, -44, -44, -44)),
    (
        SCHAFKOPF,
        ("schneider_spieler=31", "schneider_gegner=30"),
        H("rufspiel", player="Berta", partner="Dora", augen=90),
        pts(-1, 1, -1, 1),
    ),
    (
        SCHAFKOPF_TARIF,
        (),
        H("rufspiel", player="Berta", partner="Dora", augen=120, schwarz=True),
        pts(-40, 40, -40, 40),
    ),
    (SCHAFKOPF_TARIF, (), H("rufspiel", player="Berta", partner="Dora", augen=31), pts(20, -20, 20, -20)),
    (SCHAFKOPF_TARIF, (), H("farbwenz", player="Anna", augen=61, laufende=2), pts(150, -50, -50, -50)),
    (SCHAFKOPF_TARIF, (), H("geier", player="Anna", augen=61, laufende=2), pts(210, -70, -70, -70)),
    (
        SCHAFKOPF_TARIF,
        (),
        H("farbsolo", player="Anna", augen=95, klopfen=("Berta", "Carl"), kontra=True),
        pts(1440, -480, -480, -480),
    ),
    (SCHAFKOPF_TARIF, (), H("sie", player="Anna"), pts(1560, -520, -520, -520)),
    (SCHAFKOPF_TARIF, (), H("bettel", player="Anna", won=True), pts(60, -20, -20, -20)),
    (SCHAFKOPF_TARIF, (), H("bettel-brett", player="Anna", won=False), pts(-120, 40, 40, 40)),
    (
        SCHAFKOPF_TARIF,
        ("solo=100", "extra=20"),
        H("wenz", player="Anna", augen=95, laufende=3),
        pts(540, -180, -180, -180),
    ),
]


@pytest.mark.parametrize(("rules", "sets", "hand", "expected"), VALUES)
def test_values(rules: Schafkopf, sets: tuple[str, ...], hand: Hand, expected: dict[str, int]) -> None:
    (step,) = run(rules, [hand], *sets)
    assert points(step) == expected
    assert evaluate(step.payout.terms) == step.payout.value


# -- Ramsch ----------------------------------------------------------------------------------------

TIE = {"Anna": 40, "Berta": 40, "Carl": 30, "Dora": 10}

RAMSCH = [
    # (rules, hand, expected)
    (SCHAFKOPF, H("ramsch", augen_by_player=TIE, stiche={"Anna": 3, "Berta": 2}), pts(-6, 2, 2, 2)),
    (
        SCHAFKOPF,
        H("ramsch", augen_by_player=TIE, stiche={"Anna": 2, "Berta": 3, "Carl": 2, "Dora": 1}),
        pts(2, -6, 2, 2),
    ),
    (SCHAFKOPF, H("ramsch", augen_by_player=TIE, loser="Berta"), pts(2, -6, 2, 2)),
    (SCHAFKOPF, H("ramsch", augen_by_player=TIE, stiche={"Anna": 3, "Berta": 3}, loser="Anna"), pts(-6, 2, 2, 2)),
    (SCHAFKOPF, H("ramsch", augen_by_player=TIE, stiche={"Anna": 3, "Berta": 2}, loser="Anna"), pts(-6, 2, 2, 2)),
    (
        SCHAFKOPF,
        H("ramsch", augen_by_player={"Anna": 50, "Berta": 40, "Carl": 30, "Dora": 0}, loser="Anna"),
        pts(-6, 2, 2, 2),
    ),
    (
        SCHAFKOPF,
        H("ramsch", augen_by_player={"Anna": 80, "Berta": 40, "Carl": 0, "Dora": 0}, jungfrau=("Carl", "Dora")),
        pts(-10, 2, 4, 4),
    ),
    (
        SCHAFKOPF,
        H("ramsch", augen_by_player={"Anna": 50, "Berta": 40, "Carl": 30, "Dora": 0}, jungfrau="Dora", klopfen="Anna"),
        pts(-11, 3, 3, 5),
    ),
    (
        SCHAFKOPF,
        H("ramsch", augen_by_player={"Anna": 50, "Berta": 40, "Carl": 30, "Dora": 0}, stiche={"Dora": 0}),
        pts(-8, 2, 2, 4),
    ),
    # A player with 0 Augen may have taken a trick of 0 Augen: no Jungfrau unless entered.
    (SCHAFKOPF, H("ramsch", augen_by_player={"Anna": 50, "Berta": 40, "Carl": 30, "Dora": 0}), pts(-6, 2, 2, 2)),
    (SCHAFKOPF, H("ramsch", durchmarsch="Berta"), pts(-7, 21, -7, -7)),
    (
        SCHAFKOPF,
        H(
            "ramsch",
            durchmarsch="Berta",
            augen_by_player={"Anna": 0, "Berta": 120, "Carl": 0, "Dora": 0},
            stiche={"Berta": 8},
        ),
        pts(-7, 21, -7, -7),
    ),
    (SCHAFKOPF, H("ramsch", durchmarsch="Berta", klopfen=("Anna", "Carl")), pts(-9, 27, -9, -9)),
    (
        SCHAFKOPF,
        H("ramsch", augen_by_player={"Anna": 40, "Berta": 35, "Carl": 25, "Dora": 20}, klopfen=("Anna", "Berta")),
        pts(-12, 4, 4, 4),
    ),
    (
        SCHAFKOPF_TARIF,
        H("ramsch", augen_by_player={"Anna": 40, "Berta": 35, "Carl": 25, "Dora": 20}),
        pts(-60, 20, 20, 20),
    ),
    (
        SCHAFKOPF_TARIF,
        H("ramsch", augen_by_player={"Anna": 50, "Berta": 40, "Carl": 30, "Dora": 0}, jungfrau="Dora"),
        pts(-80, 20, 20, 40),
    ),
    (
        SCHAFKOPF_TARIF,
        H("ramsch", augen_by_player={"Anna": 50, "Berta": 40, "Carl": 30, "Dora": 0}, jungfrau="Dora", klopfen="Carl"),
        pts(-160, 40, 40, 80),
    ),
    (SCHAFKOPF_TARIF, H("ramsch", durchmarsch="Dora"), pts(-50, -50, -50, 150)),
    (SCHAFKOPF_TARIF, H("ramsch", durchmarsch="Dora", klopfen="Anna"), pts(-100, -100, -100, 300)),
]


@pytest.mark.parametrize(("rules", "hand", "expected"), RAMSCH)
def test_ramsch(rules: Schafkopf, hand: Hand, expected: dict[str, int]) -> None:
    (step,) = run(rules, [hand])
    assert points(step) == expected
    assert step.after.dealer_name == "Berta"


def test_ramsch_tie_message_names_the_tied_players() -> None:
    message = refused(SCHAFKOPF, H("ramsch", augen_by_player=TIE))
    assert message.startswith("--loser is needed: Anna and Berta tie on 40 Augen")
    message = refused(SCHAFKOPF, H("ramsch", augen_by_player=TIE, stiche={"Anna": 3, "Berta": 3}))
    assert message.startswith("--loser is needed: Anna and Berta tie on 40 Augen and 3 tricks")


def test_durchmarsch_and_jungfrau_split_say_so() -> None:
    (step,) = run(SCHAFKOPF, [H("ramsch", durchmarsch="Berta", klopfen="Anna")])
    assert step.payout.formula == "Durchmarsch 7 + Klopfen 1 = 8"
    assert "Berta" in step.payout.split and "+24" in step.payout.split
    (step,) = run(SCHAFKOPF, [RAMSCH[7][1]])
    assert "Jungfrau Dora" in step.payout.split and "−11" in step.payout.split


# -- 5 and 6 players ------------------------------------------------------------------------------


def test_five_players_dealer_sits_out() -> None:
    hands = [
        H("rufspiel", player="Berta", partner="Dora", augen=72),
        H("wenz", player="Carl", augen=61),
        H("ramsch", augen_by_player={"Anna": 40, "Carl": 35, "Dora": 25, "Emil": 20}),
    ]
    steps = run(SCHAFKOPF, hands, players=FIVE)
    assert points(steps[0]) == {"Anna": 0, "Berta": 1, "Carl": -1, "Dora": 1, "Emil": -1}
    assert points(steps[1]) == {"Anna": -2, "Berta": 0, "Carl": 6, "Dora": -2, "Emil": -2}
    assert points(steps[2]) == {"Anna": -6, "Berta": 0, "Carl": 2, "Dora": 2, "Emil": 2}
    message = refused(SCHAFKOPF, H("rufspiel", player="Berta", partner="Anna", augen=72), players=FIVE)
    assert message.startswith("--partner: Anna is not playing this hand")


def test_six_players_dealer_and_opposite_sit_out() -> None:
    hands = [
        H("rufspiel", player="Berta", partner="Carl", augen=61, kontra=True, re=True),
        H("rufspiel", player="Anna", partner="Carl", augen=61),
    ]
    steps = run(SCHAFKOPF, hands, players=SIX)
    assert points(steps[0]) == {"Anna": 0, "Berta": 4, "Carl": 4, "Dora": 0, "Emil": -4, "Fritz": -4}
    assert points(steps[1]) == {"Anna": 2, "Berta": 0, "Carl": 2, "Dora": -2, "Emil": 0, "Fritz": -2}
    # The Bock round lasts as many hands as hold cards.
    assert steps[0].after.bock.describe() == "Bock ×2: 4 hands left"
    message = refused(SCHAFKOPF, H("wenz", player="Dora", augen=61), players=SIX)
    assert message.startswith("--player: Dora is not playing this hand")


# -- kurzes Blatt ----------------------------------------------------------------------------------

LAUFENDE_LIMITS = [
    # (type, extra facts, most with the long deck, most with kurzes_blatt)
    ("rufspiel", {"partner": "Dora", "augen": 61}, 14, 12),
    ("farbsolo", {"augen": 61}, 14, 12),
    ("farbwenz", {"augen": 61}, 11, 9),
    ("farbgeier", {"augen": 61}, 11, 9),
    ("wenz", {"augen": 61}, 4, 4),
    ("geier", {"augen": 61}, 4, 4),
    ("farbsolo-tout", {"won": True}, 14, 12),
    ("farbwenz-tout", {"won": True}, 11, 9),
    ("wenz-tout", {"won": True}, 4, 4),
    ("geier-tout", {"won": True}, 4, 4),
    ("farbgeier-tout", {"won": True}, 11, 9),
]


@pytest.mark.parametrize(("type_", "facts", "long", "short"), LAUFENDE_LIMITS)
def test_laufende_limits(type_: str, facts: dict[str, Any], long: int, short: int) -> None:
    for sets, most in (((), long), (("kurzes_blatt=true",), short)):
        (step,) = run(SCHAFKOPF, [H(type_, player="Berta", laufende=most, **facts)], *sets)
        assert step.payout.value > 0
        message = refused(SCHAFKOPF, H(type_, player="Berta", laufende=most + 1, **facts), *sets)
        assert message.startswith(f"--laufende must be between 0 and {most}")
        if sets:
            assert "kurzes_blatt" in message


def test_kurzes_blatt_has_six_tricks() -> None:
    hand = H("ramsch", augen_by_player=TIE, stiche={"Anna": 3, "Berta": 2, "Carl": 1, "Dora": 2})
    assert "6" in refused(SCHAFKOPF, hand, "kurzes_blatt=true")
    hand = H("ramsch", augen_by_player=TIE, stiche={"Anna": 2, "Berta": 2, "Carl": 1, "Dora": 1}, loser="Berta")
    (step,) = run(SCHAFKOPF, [hand], "kurzes_blatt=true")
    assert points(step) == pts(2, -6, 2, 2)


# -- refusals -------------------------------------------------------------------------------------

RUF = {"player": "Berta", "partner": "Dora", "augen": 61}
R_AUGEN = {"Anna": 40, "Berta": 35, "Carl": 25, "Dora": 20}

REFUSALS = [
    # (id, rules, sets, hand, option the message starts with or contains)
    ("augen-high", SCHAFKOPF, (), H("rufspiel", **{**RUF, "augen": 130}), "--augen N"),
    ("augen-low", SCHAFKOPF, (), H("wenz", player="Anna", augen=-1), "--augen N"),
    ("partner-self", SCHAFKOPF, (), H("rufspiel", **{**RUF, "partner": "Berta"}), "--partner"),
    ("player-unknown", SCHAFKOPF, (), H("rufspiel", **{**RUF, "player": "Zoe"}), "--player"),
    ("partner-unknown", SCHAFKOPF, (), H("rufspiel", **{**RUF, "partner": "Zoe"}), "--partner"),
    ("klopfen-unknown", SCHAFKOPF, (), H("rufspiel", **RUF, klopfen="Zoe"), "--klopfen"),
    ("jungfrau-unknown", SCHAFKOPF, (), H("ramsch", augen_by_player=R_AUGEN, jungfrau="Zoe"), "--jungfrau"),
    ("durchmarsch-unknown", SCHAFKOPF, (), H("ramsch", durchmarsch="Zoe"), "--durchmarsch"),
    ("loser-unknown", SCHAFKOPF, (), H("ramsch", augen_by_player=TIE, loser="Zoe"), "--loser"),
    (
        "augen-name-unknown",
        SCHAFKOPF,
        (),
        H("ramsch", augen_by_player={"Anna": 40, "Berta": 35, "Carl": 25, "Zoe": 20}),
        "--augen NAME=N",
    ),
    ("stiche-unknown", SCHAFKOPF, (), H("ramsch", augen_by_player=R_AUGEN, stiche={"Zoe": 2}), "--stiche NAME=N"),
    ("re-without-kontra", SCHAFKOPF, (), H("rufspiel", **RUF, re=True), "--re"),
    ("schwarz-augen", SCHAFKOPF, (), H("rufspiel", **{**RUF, "augen": 95}, schwarz=True), "--schwarz"),
    ("ramsch-sum", SCHAFKOPF, (), H("ramsch", augen_by_player={**R_AUGEN, "Dora": 10}), "--augen NAME=N"),
    (
        "ramsch-missing",
        SCHAFKOPF,
        (),
        H("ramsch", augen_by_player={"Anna": 60, "Berta": 35, "Carl": 25}),
        "--augen NAME=N",
    ),
    ("ramsch-no-augen", SCHAFKOPF, (), H("ramsch", jungfrau="Dora"), "--augen NAME=N"),
    ("laufende-ruf", SCHAFKOPF, (), H("rufspiel", **RUF, laufende=15), "--laufende"),
    ("laufende-farbwenz", SCHAFKOPF, (), H("farbwenz", player="Anna", augen=61, laufende=12), "--laufende"),
    ("laufende-geier", SCHAFKOPF, (), H("geier", player="Anna", augen=61, laufende=5), "--laufende"),
    ("laufende-wenz-tout", SCHAFKOPF, (), H("wenz-tout", player="Anna", won=True, laufende=5), "--laufende"),
    ("laufende-negative", SCHAFKOPF, (), H("wenz", player="Anna", augen=61, laufende=-1), "--laufende"),
    ("laufende-sie", SCHAFKOPF, (), H("sie", player="Anna", laufende=7), "--laufende"),
    ("laufende-bettel", SCHAFKOPF, (), H("bettel", player="Anna", won=True, laufende=0), "--laufende"),
    ("laufende-ramsch", SCHAFKOPF, (), H("ramsch", augen_by_player=R_AUGEN, laufende=3), "--laufende"),
    ("schwarz-tout", SCHAFKOPF, (), H("wenz-tout", player="Anna", won=True, schwarz=True), "--schwarz"),
    ("schwarz-sie", SCHAFKOPF, (), H("sie", player="Anna", schwarz=True), "--schwarz"),
    ("schwarz-bettel", SCHAFKOPF, (), H("bettel", player="Anna", won=True, schwarz=True), "--schwarz"),
    ("partner-solo", SCHAFKOPF, (), H("farbsolo", player="Anna", partner="Berta", augen=61), "--partner"),
    ("augen-tout", SCHAFKOPF, (), H("geier-tout", player="Anna", won=True, augen=120), "--augen N"),
    ("augen-bettel", SCHAFKOPF, (), H("bettel", player="Anna", won=True, augen=0), "--augen N"),
    ("augen-sie", SCHAFKOPF, (), H("sie", player="Anna", augen=120), "--augen N"),
    ("augen-ramsch", SCHAFKOPF, (), H("ramsch", augen_by_player=R_AUGEN, augen=40), "--augen N"),
    ("won-rufspiel", SCHAFKOPF, (), H("rufspiel", **RUF, won=True), "--won/--lost"),
    ("lost-solo", SCHAFKOPF, (), H("wenz", player="Anna", augen=61, won=False), "--won/--lost"),
    ("kontra-ramsch", SCHAFKOPF, (), H("ramsch", augen_by_player=R_AUGEN, kontra=True), "--kontra"),
    ("re-ramsch", SCHAFKOPF, (), H("ramsch", augen_by_player=R_AUGEN, re=True), "--re"),
    ("klopfen-zusammen", SCHAFKOPF, ("kein_spiel=zusammenwerfen",), H("zusammengeworfen", klopfen="Anna"), "--klopfen"),
    ("jungfrau-rufspiel", SCHAFKOPF, (), H("rufspiel", **RUF, jungfrau="Anna"), "--jungfrau"),
    ("augen-name-solo", SCHAFKOPF, (), H("wenz", player="Anna", augen=61, augen_by_player=R_AUGEN), "--augen NAME=N"),
    ("knock-twice", SCHAFKOPF, (), H("rufspiel", **RUF, klopfen=("Anna", "Carl", "Anna")), "--klopfen"),
    ("farbe-bad", SCHAFKOPF, (), H("farbsolo", player="Anna", augen=61, farbe="rot"), "--farbe"),
    ("farbe-wenz", SCHAFKOPF, (), H("wenz", player="Anna", augen=61, farbe="herz"), "--farbe"),
    ("farbe-rufspiel", SCHAFKOPF, (), H("rufspiel", **RUF, farbe="herz"), "--farbe"),
    ("farbe-bettel", SCHAFKOPF, (), H("bettel", player="Anna", won=True, farbe="herz"), "--farbe"),
    ("sau-herz", SCHAFKOPF, (), H("rufspiel", **RUF, sau="herz"), "--sau"),
    ("sau-solo", SCHAFKOPF, (), H("farbsolo", player="Anna", augen=61, sau="gras"), "--sau"),
    ("jungfrau-augen", SCHAFKOPF, (), H("ramsch", augen_by_player=R_AUGEN, jungfrau="Dora"), "--jungfrau"),
    (
        "jungfrau-stiche",
        SCHAFKOPF,
        (),
        H("ramsch", augen_by_player={**R_AUGEN, "Carl": 45, "Dora": 0}, jungfrau="Dora", stiche={"Dora": 1}),
        "--jungfrau",
    ),
    (
        "jungfrau-twice",
        SCHAFKOPF,
        (),
        H("ramsch", augen_by_player={**R_AUGEN, "Carl": 45, "Dora": 0}, jungfrau=("Dora", "Dora")),
        "--jungfrau",
    ),
    (
        "durchmarsch-augen",
        SCHAFKOPF,
        (),
        H("ramsch", durchmarsch="Anna", augen_by_player={"Anna": 100, "Berta": 20, "Carl": 0, "Dora": 0}),
        "--durchmarsch",
    ),
    ("durchmarsch-jungfrau", SCHAFKOPF, (), H("ramsch", durchmarsch="Anna", jungfrau="Dora"), "--jungfrau"),
    ("durchmarsch-loser", SCHAFKOPF, (), H("ramsch", durchmarsch="Anna", loser="Anna"), "--loser"),
    ("durchmarsch-stiche", SCHAFKOPF, (), H("ramsch", durchmarsch="Anna", stiche={"Berta": 1}), "--stiche NAME=N"),
    ("loser-not-tied", SCHAFKOPF, (), H("ramsch", augen_by_player=TIE, loser="Carl"), "--loser"),
    ("loser-disagrees", SCHAFKOPF, (), H("ramsch", augen_by_player=R_AUGEN, loser="Berta"), "--loser"),
    (
        "loser-against-tricks",
        SCHAFKOPF,
        (),
        H("ramsch", augen_by_player=TIE, stiche={"Anna": 3, "Berta": 2}, loser="Berta"),
        "--loser",
    ),
    ("loser-missing", SCHAFKOPF, (), H("ramsch", augen_by_player=TIE, stiche={"Anna": 3}), "--loser"),
    ("stiche-too-many", SCHAFKOPF, (), H("ramsch", augen_by_player=R_AUGEN, stiche={"Anna": 9}), "--stiche NAME=N"),
    (
        "stiche-sum",
        SCHAFKOPF,
        (),
        H("ramsch", augen_by_player=R_AUGEN, stiche={"Anna": 3, "Berta": 3, "Carl": 1, "Dora": 2}),
        "--stiche NAME=N",
    ),
    (
        "stiche-none-with-augen",
        SCHAFKOPF,
        (),
        H("ramsch", augen_by_player=R_AUGEN, stiche={"Dora": 0}),
        "--stiche NAME=N",
    ),
    ("rufspiel-no-partner", SCHAFKOPF, (), H("rufspiel", player="Berta", augen=61), "--partner"),
    ("rufspiel-no-augen", SCHAFKOPF, (), H("rufspiel", player="Berta", partner="Dora"), "--augen N"),
    ("rufspiel-no-player", SCHAFKOPF, (), H("rufspiel", partner="Dora", augen=61), "--player"),
    ("solo-no-augen", SCHAFKOPF, (), H("farbsolo", player="Anna"), "--augen N"),
    ("tout-no-result", SCHAFKOPF, (), H("wenz-tout", player="Anna"), "--won/--lost"),
    ("bettel-no-result", SCHAFKOPF, (), H("bettel-brett", player="Anna"), "--won/--lost"),
    ("bettel-no-player", SCHAFKOPF, (), H("bettel", won=True), "--player"),
    ("sie-no-player", SCHAFKOPF, (), H("sie"), "--player"),
    ("sie-lost", SCHAFKOPF, (), H("sie", player="Anna", won=False), "--lost"),
    (
        "ramsch-at-zusammenwerfen",
        SCHAFKOPF,
        ("kein_spiel=zusammenwerfen",),
        H("ramsch", augen_by_player=R_AUGEN),
        "kein_spiel",
    ),
    ("zusammen-at-ramsch", SCHAFKOPF, (), H("zusammengeworfen"), "kein_spiel"),
    ("bock-not-manuell", SCHAFKOPF, ("bock=re,gleichstand",), H("rufspiel", **RUF, bock=True), "--bock"),
    ("bock-tarif", SCHAFKOPF_TARIF, (), H("rufspiel", **RUF, bock=True), "--bock"),
    ("unknown-type", SCHAFKOPF, (), H("hochzeit", player="Anna"), "hochzeit"),
    ("tarif-kontra-ramsch", SCHAFKOPF_TARIF, (), H("ramsch", augen_by_player=R_AUGEN, kontra=True), "--kontra"),
    ("tarif-schwarz-augen", SCHAFKOPF_TARIF, (), H("rufspiel", **RUF, schwarz=True), "--schwarz"),
    (
        "tarif-laufende",
        SCHAFKOPF_TARIF,
        ("kurzes_blatt=true",),
        H("farbsolo", player="Anna", augen=61, laufende=13),
        "--laufende",
    ),
    ("tarif-loser", SCHAFKOPF_TARIF, (), H("ramsch", augen_by_player=TIE), "--loser"),
]


@pytest.mark.parametrize(("rules", "sets", "hand", "option"), [r[1:] for r in REFUSALS], ids=[r[0] for r in REFUSALS])
def test_refusals(rules: Schafkopf, sets: tuple[str, ...], hand: Hand, option: str) -> None:
    message = refused(rules, hand, *sets)
    assert option in message
    assert message.endswith(".") and "\n" not in message


def test_refusal_messages_say_what_is_allowed() -> None:
    assert refused(SCHAFKOPF, H("rufspiel", **{**RUF, "augen": 130})) == "--augen N must be between 0 and 120, not 130."
    assert "bock" in refused(SCHAFKOPF_TARIF, H("rufspiel", **RUF, bock=True)).split("--bock", 1)[1]
    assert "eichel, gras or schellen" in refused(SCHAFKOPF, H("rufspiel", **RUF, sau="herz"))
    assert "0 Augen" in refused(SCHAFKOPF, H("ramsch", augen_by_player=R_AUGEN, jungfrau="Dora"))
    assert "120" in refused(
        SCHAFKOPF, H("ramsch", durchmarsch="Anna", augen_by_player={"Anna": 100, "Berta": 20, "Carl": 0, "Dora": 0})
    )
    assert refused(SCHAFKOPF, H("bettel", player="Anna", won=True, laufende=0)).startswith(
        "--laufende does not apply to bettel"
    )


def test_refused_hand_changes_nothing() -> None:
    settings = table_settings(SCHAFKOPF)
    state = start(SCHAFKOPF, settings, TABLE)
    state = play(SCHAFKOPF, settings, state, H("rufspiel", **RUF, kontra=True, re=True)).after
    with pytest.raises(HandError):
        play(SCHAFKOPF, settings, state, H("rufspiel", **RUF, re=True))
    assert state.bock.describe() == "Bock ×2: 4 hands left" and state.dealer == 1


def test_presets_share_their_settings() -> None:
    assert set(SCHAFKOPF.settings) <= set(SCHAFKOPF_TARIF.settings)
    assert SCHAFKOPF.settings["schneider_spieler"].default == 30
    assert SCHAFKOPF.settings["schneider_gegner"].default == 31
    assert SCHAFKOPF_TARIF.settings["schneider_spieler"].default == 31
    assert SCHAFKOPF_TARIF.settings["schneider_gegner"].default == 30
    assert SCHAFKOPF_TARIF.settings["bock"].default == ()
    assert set(SCHAFKOPF.settings["bock"].default) == {"re", "gleichstand", "manuell"}
    assert registry.get("schafkopf") is SCHAFKOPF and registry.get("schafkopf-tarif") is SCHAFKOPF_TARIF
    for rules in (SCHAFKOPF, SCHAFKOPF_TARIF):
        assert list(rules.types) == [
            "rufspiel", "farbsolo", "wenz", "geier", "farbwenz", "farbgeier", "farbsolo-tout", "wenz-tout",
            "geier-tout", "farbwenz-tout", "farbgeier-tout", "sie", "bettel", "bettel-brett", "ramsch",
            "zusammengeworfen",
        ]  # fmt: skip
        assert (rules.min_players, rules.max_players, rules.zero_sum) == (4, 6, True)
        assert [rules.seats_per_hand(table_settings(rules), n) for n in (4, 5, 6)] == [4, 4, 4]


# -- properties -----------------------------------------------------------------------------------


@hyp_settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=schafkopf_tables(), data=st.data())
def test_properties(table: tuple[Schafkopf, dict[str, Any], tuple[str, ...], int], data: st.DataObject) -> None:
    rules, settings, players, dealer = table
    state = start(rules, settings, players, dealer)
    hands: list[Hand] = []
    steps: list[Step] = []
    for _ in range(data.draw(st.integers(1, 8))):
        hand = draw_hand(data, settings, state.active)
        step = play(rules, settings, state, hand)
        payout = step.payout
        assert set(payout.points) == set(players)
        assert all(type(v) is int for v in payout.points.values())
        assert sum(payout.points.values()) == 0
        assert all(payout.points[p] == 0 for p in state.sitting_out)
        assert evaluate(payout.terms) == payout.value
        if hand.type not in ("ramsch", "zusammengeworfen"):
            assert payout.value > 0
            assert payout.soloist == (None if hand.type == "rufspiel" else hand.player)
        if payout.soloist is not None:
            opponents = [p for p in state.active if p != payout.soloist]
            assert all(payout.points[payout.soloist] == -3 * payout.points[p] for p in opponents)
        # After a solo the same dealer deals again only with solo_selber_geber; every other hand passes the deal.
        again = payout.soloist is not None and settings["solo_selber_geber"]
        assert step.after.dealer == (state.dealer if again else (state.dealer + 1) % len(players))
        # Every hand uses up one hand of a running Bock round, except a solo the same dealer deals again after.
        left = sum(r.hands_left for r in state.bock.rounds)
        appended = step.after.bock.rounds[-1].hands_left if step.bock_causes else 0
        used = 1 if state.bock.rounds and not again else 0
        assert sum(r.hands_left for r in step.after.bock.rounds) == left - used + appended
        # Bock multiplies everything: the same hand without Bock pays exactly factor times less.
        plain = play(rules, settings, replace(state, bock=BockQueue()), hand).payout
        assert {p: v * state.bock.factor for p, v in plain.points.items()} == dict(payout.points)
        hands.append(hand)
        steps.append(step)
        state = step.after
    for _ in range(2):
        again = replay(rules, settings, players, hands, dealer)
        assert [s.payout for s in again] == [s.payout for s in steps]
        assert again[-1].after == steps[-1].after
