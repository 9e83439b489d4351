"""Doppelkopf: the worked examples D1–D6, the Alten table of §3, refusals and properties, all through table.replay."""

from __future__ import annotations

import re as regex
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schreiber.rules import registry, table
from schreiber.rules.doppelkopf import DOPPELKOPF, DOPPELKOPF_TURNIER, SOLOS, Doppelkopf
from schreiber.rules.model import Hand, HandError, evaluate

P4 = ("Anna", "Berta", "Carl", "Dora")


def H(type_: str, **facts: Any) -> Hand:
    return Hand(type=type_, **facts)


def RE(augen: int, **facts: Any) -> Hand:
    """A normal game with Re = Anna + Berta, as the worked examples have it."""
    return H("normal", player="Anna", partner="Berta", augen=augen, **facts)


def run(
    rules: Doppelkopf, hands: Sequence[Hand], players: Sequence[str] = P4, sets: Sequence[str] = (), dealer: int = 0
) -> list[table.Step]:
    return table.replay(rules, registry.settings_for(rules, sets), players, hands, dealer)


def points(rules: Doppelkopf, hand: Hand, **kw: Any) -> dict[str, int]:
    return dict(run(rules, [hand], **kw)[0].payout.points)


def re_kontra(value: int) -> dict[str, int]:
    """Re players ±value, Kontra players ∓value."""
    return {"Anna": value, "Berta": value, "Carl": -value, "Dora": -value}


def solo(player: str, each: int) -> dict[str, int]:
    return {p: 3 * each if p == player else -each for p in P4}


def formula_total(text: str) -> int:
    return int(regex.findall(r"= ([-−]?\d+)", text)[-1].replace("−", "-"))


# -- §3b worked examples ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("example", "hand", "expected"),
    [
        ("D1", RE(130), re_kontra(1)),
        ("D2", RE(80, kontra=True), re_kontra(-5)),
        ("D3", RE(130, re=True, re_absage=60), re_kontra(-7)),
        ("D4", H("trumpfsolo", player="Carl", augen=150), solo("Carl", 1)),
        ("D5", RE(160, re_absage=90, fuchs_re=1), re_kontra(6)),
        ("D6", RE(100, re_absage=60, kontra_absage=60), re_kontra(-1)),
    ],
)
def test_turnier_worked_examples(example: str, hand: Hand, expected: dict[str, int]) -> None:
    assert points(DOPPELKOPF_TURNIER, hand) == expected


def test_turnier_examples_as_one_evening_add_up() -> None:
    hands = [
        RE(130),
        RE(80, kontra=True),
        RE(130, re=True, re_absage=60),
        H("trumpfsolo", player="Carl", augen=150),
        RE(160, re_absage=90, fuchs_re=1),
        RE(100, re_absage=60, kontra_absage=60),
    ]
    steps = run(DOPPELKOPF_TURNIER, hands)
    totals = {p: sum(s.payout.points[p] for s in steps) for p in P4}
    assert totals == {"Anna": -7, "Berta": -7, "Carl": 9, "Dora": 5}


@pytest.mark.parametrize(
    ("hand", "wording"),
    [
        (RE(80, kontra=True), "Kontra wins: won 1, keine 90 +1, Kontra announced +2, gegen die Alten +1 = 5"),
        (
            RE(160, re_absage=90, fuchs_re=1),
            "Re wins: won 1, keine 90 +1, Re announced +2, Re announced keine 90 +1, Fuchs caught +1 = 6",
        ),
        (
            RE(130, re=True, re_absage=60),
            "Kontra wins: won 1, Re announced +2, Re announced keine 90 +1, Re announced keine 60 +1, "
            "90 against keine 60 +1, gegen die Alten +1 = 7",
        ),
    ],
)
def test_turnier_show_lists_every_step(hand: Hand, wording: str) -> None:
    payout = run(DOPPELKOPF_TURNIER, [hand])[0].payout
    assert payout.formula == wording
    assert evaluate(payout.terms) == payout.value


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        # Kontra alone announced: Re wins with 120, Kontra needs 121.
        (RE(120, kontra=True), re_kontra(3)),
        (RE(119, kontra=True), re_kontra(-4)),
        # Re announced: the usual 121.
        (RE(120, re=True), re_kontra(-4)),
        (RE(121, re=True, kontra=True), re_kontra(5)),
        # Against Kontra's keine 90, Re needs only 90.
        (RE(90, kontra_absage=90), re_kontra(4)),
        (RE(89, kontra_absage=90), re_kontra(-6)),
        # Re said schwarz and took every trick: 1 + 4 (under 90/60/30, schwarz) + 2 + 4 levels.
        (RE(240, schwarz=True, re_absage=0), re_kontra(11)),
        # 240 Augen but Kontra took a trick of Neuner: not schwarz, so the schwarz Absage is missed.
        (RE(240, re_absage=0), re_kontra(-8)),
        (RE(240), re_kontra(4)),
        # Sonderpunkte are netted against the winner.
        (RE(130, fuchs_kontra=1, karlchen="kontra"), re_kontra(-1)),
        (RE(130, doppelkopf_re=2, doppelkopf_kontra=1), re_kontra(2)),
        # Both keine 90, 120:120: each earns "120 against keine 90", netted to nothing.
        (RE(120, re_absage=90, kontra_absage=90), re_kontra(0)),
        # Both keine 90 missed, Re 130: only Re's 120 against keine 90 counts.
        (RE(130, re_absage=90, kontra_absage=90), re_kontra(1)),
        # Hochzeit with a partner is a normal game: gegen die Alten counts.
        (H("hochzeit", player="Anna", partner="Berta", augen=100), re_kontra(-2)),
        # Hochzeit without a partner is a solo.
        (H("hochzeit", player="Anna", augen=130), solo("Anna", 1)),
        # A lost solo: no "gegen die Alten".
        (H("damensolo", player="Carl", augen=100), solo("Carl", -1)),
        (H("farbsolo", player="Dora", augen=0, schwarz=True, kontra=True, farbe="pik"), solo("Dora", -7)),
        # The DDV stilles Solo is a Trumpfsolo on the usual targets.
        (H("stilles-solo", player="Carl", augen=130), solo("Carl", 1)),
    ],
)
def test_turnier_targets_and_steps(hand: Hand, expected: dict[str, int]) -> None:
    assert points(DOPPELKOPF_TURNIER, hand) == expected


def test_turnier_nobody_wins_shows_the_netting() -> None:
    step = run(DOPPELKOPF_TURNIER, [RE(100, re_absage=60, kontra_absage=60)])[0]
    assert step.payout.winners == ()
    assert step.payout.formula == (
        "nobody wins; net for Kontra: 120 against keine 90 1, 90 against keine 60 +1, 90 against keine 60 (Re) −1 = 1"
    )


def test_turnier_stilles_solo_can_be_set_to_schwarz_only() -> None:
    hand = H("stilles-solo", player="Carl", augen=200)
    assert points(DOPPELKOPF_TURNIER, hand, sets=["stilles_solo_nur_schwarz=true"]) == solo("Carl", -1)
    won = H("stilles-solo", player="Carl", augen=240, schwarz=True)
    assert points(DOPPELKOPF_TURNIER, won, sets=["stilles_solo_nur_schwarz=true"]) == solo("Carl", 5)


# -- §3 the Alten table ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("augen", "schwarz", "each_alte"),
    [
        (121, False, 5),
        (150, False, 5),
        (151, False, 10),
        (240, False, 10),
        (240, True, 15),
        (120, False, -10),
        (90, False, -10),
        (89, False, -20),
        (0, False, -20),
        (0, True, -30),
    ],
)
def test_alten_table(augen: int, schwarz: bool, each_alte: int) -> None:
    assert points(DOPPELKOPF, RE(augen, schwarz=schwarz)) == re_kontra(each_alte)


def test_schneider_threshold_is_a_setting() -> None:
    assert points(DOPPELKOPF, RE(150), sets=["schneider_unter=91"]) == re_kontra(10)
    assert points(DOPPELKOPF, RE(90), sets=["schneider_unter=91"]) == re_kontra(-20)


@pytest.mark.parametrize(
    ("hand", "each_opponent"),
    [
        (H("trumpfsolo", player="Carl", augen=121), 5),
        (H("grandsolo", player="Carl", augen=100), -10),
        (H("fleischlos", player="Carl", augen=60), -20),
        (H("bubensolo", player="Carl", augen=240, schwarz=True), 15),
        (H("farbsolo", player="Carl", augen=200, farbe="herz"), 10),
        (H("stilles-solo", player="Carl", augen=240, schwarz=True), 15),
        (H("stilles-solo", player="Carl", augen=200), -10),
        (H("stilles-solo", player="Carl", augen=240), -10),
        (H("stilles-solo", player="Carl", augen=80), -20),
        (H("hochzeit", player="Carl", augen=130), 5),
    ],
)
def test_alten_solo_is_three_times_from_the_soloists_side(hand: Hand, each_opponent: int) -> None:
    # each_opponent is what the soloist gets from each of the three: 5 won, 10 lost (negative).
    assert points(DOPPELKOPF, hand) == solo("Carl", each_opponent)


@pytest.mark.parametrize(
    ("hand", "sets", "each_alte"),
    [
        (RE(130, fuchs_re=2), (), 15),
        (RE(130, fuchs_kontra=1), (), 0),
        (RE(100, fuchs_re=1), (), -5),
        (RE(130, karlchen="re"), (), 10),
        (RE(130, karlchen="kontra"), (), 10),
        (RE(100, karlchen="re"), (), -15),
        (RE(130, altenstrafe=True), (), 0),
        (RE(100, altenstrafe=True), (), -15),
        (RE(130, doppelkopf_re=1), ("doppelkopf=5",), 10),
        (RE(130, doppelkopf_kontra=2), ("doppelkopf=3",), -1),
        (RE(130, fuchs_re=1, karlchen="re"), ("fuchs=2", "karlchen=1"), 8),
        (RE(80, fuchs_kontra=1, karlchen="re", altenstrafe=True), (), -35),
    ],
)
def test_alten_spot_points(hand: Hand, sets: tuple[str, ...], each_alte: int) -> None:
    assert points(DOPPELKOPF, hand, sets=sets) == re_kontra(each_alte)


def test_alten_announcements_do_not_change_the_value() -> None:
    assert points(DOPPELKOPF, RE(130, re=True, kontra=True)) == re_kontra(5)


def test_hammelrennen() -> None:
    most = H("hammelrennen", augen_by_player={"Anna": 30, "Berta": 100, "Carl": 60, "Dora": 50})
    assert points(DOPPELKOPF, most) == {"Anna": -5, "Berta": 15, "Carl": -5, "Dora": -5}
    tie = H("hammelrennen", augen_by_player={"Anna": 90, "Berta": 90, "Carl": 60, "Dora": 0}, winner="Anna")
    assert points(DOPPELKOPF, tie, sets=["hammel=2"]) == {"Anna": 6, "Berta": -2, "Carl": -2, "Dora": -2}
    no_trick = H("hammelrennen", stiche={"Anna": 4, "Berta": 4, "Carl": 4, "Dora": 0})
    assert points(DOPPELKOPF, no_trick, sets=["hammel_ohne_stich=true"]) == {
        "Anna": -5,
        "Berta": -5,
        "Carl": -5,
        "Dora": 15,
    }


@pytest.mark.parametrize(
    ("augen", "expected"),
    [
        ((40, 100, 60, 40), {"Anna": 5, "Berta": -15, "Carl": 5, "Dora": 5}),
        ((100, 100, 40, 0), {"Anna": -10, "Berta": -10, "Carl": 10, "Dora": 10}),
        ((60, 60, 60, 60), {"Anna": 0, "Berta": 0, "Carl": 0, "Dora": 0}),
    ],
)
def test_schiebekopf(augen: tuple[int, ...], expected: dict[str, int]) -> None:
    hand = H("schiebekopf", augen_by_player=dict(zip(P4, augen)))
    assert points(DOPPELKOPF, hand) == expected


@pytest.mark.parametrize("rules", [DOPPELKOPF, DOPPELKOPF_TURNIER])
def test_zusammengeworfen_scores_nothing_and_the_deal_passes(rules: Doppelkopf) -> None:
    step = run(rules, [H("zusammengeworfen")])[0]
    assert set(step.payout.points.values()) == {0}
    assert step.after.dealer == 1


# -- refusals ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "hand", "option"),
    [
        (DOPPELKOPF_TURNIER, RE(241), "--augen N"),
        (DOPPELKOPF, RE(-1), "--augen N"),
        (DOPPELKOPF, H("normal", player="Anna", partner="Berta"), "--augen N"),
        (DOPPELKOPF, H("normal", player="Anna", augen=130), "--partner"),
        (DOPPELKOPF_TURNIER, H("trumpfsolo", player="Carl", augen=130, fuchs_re=1), "--fuchs-re"),
        (DOPPELKOPF_TURNIER, H("damensolo", player="Carl", augen=130, karlchen="re"), "--karlchen"),
        (DOPPELKOPF, H("trumpfsolo", player="Carl", augen=130, doppelkopf_kontra=1), "--doppelkopf-kontra"),
        (DOPPELKOPF, H("hochzeit", player="Carl", augen=130, altenstrafe=True), "--altenstrafe"),
        (DOPPELKOPF, H("normal", player="Anna", partner="Anna", augen=130), "--partner"),
        (DOPPELKOPF, H("normal", player="Erik", partner="Anna", augen=130), "--player"),
        (DOPPELKOPF_TURNIER, H("trumpfsolo", player="Erik", augen=130), "--player"),
        (DOPPELKOPF, RE(130, schwarz=True), "--schwarz"),
        (DOPPELKOPF_TURNIER, RE(10, schwarz=True), "--schwarz"),
        (DOPPELKOPF_TURNIER, RE(130, re_absage=45), "--re-absage"),
        (DOPPELKOPF_TURNIER, RE(130, kontra_absage=120), "--kontra-absage"),
        (DOPPELKOPF, RE(130, re_absage=90), "--re-absage"),
        (DOPPELKOPF_TURNIER, H("hammelrennen", winner="Anna"), "hammelrennen"),
        (DOPPELKOPF_TURNIER, H("schiebekopf", augen_by_player={"Anna": 240}), "schiebekopf"),
        (DOPPELKOPF, H("ramsch"), "ramsch"),
        (DOPPELKOPF_TURNIER, RE(130, bock=True), "--bock"),
        (DOPPELKOPF, RE(130, bock=True), "--bock"),
        (DOPPELKOPF_TURNIER, RE(130, altenstrafe=True), "--altenstrafe"),
        (DOPPELKOPF, RE(130, doppelkopf_re=1), "--doppelkopf-re"),
        (DOPPELKOPF, RE(130, pflicht=True), "--pflicht"),
        (DOPPELKOPF, RE(130, won=True), "--won/--lost"),
        (DOPPELKOPF_TURNIER, RE(130, fuchs_re=2, fuchs_kontra=1), "--fuchs"),
        (DOPPELKOPF_TURNIER, RE(130, doppelkopf_re=4), "--doppelkopf-re"),
        (DOPPELKOPF_TURNIER, RE(240, schwarz=True, karlchen="kontra"), "--karlchen"),
        (DOPPELKOPF_TURNIER, RE(130, karlchen="beide"), "--karlchen"),
        (DOPPELKOPF, H("farbsolo", player="Carl", augen=130), "--farbe"),
        (DOPPELKOPF, H("farbsolo", player="Carl", augen=130, farbe="blau"), "--farbe"),
        (DOPPELKOPF, H("trumpfsolo", player="Carl", augen=130, farbe="herz"), "--farbe"),
        (DOPPELKOPF, H("trumpfsolo", player="Carl", partner="Anna", augen=130), "--partner"),
        (DOPPELKOPF, H("zusammengeworfen", augen=130), "--augen N"),
        (DOPPELKOPF, H("schiebekopf", augen_by_player={"Anna": 100, "Berta": 100, "Carl": 30, "Dora": 0}), "--augen"),
        (DOPPELKOPF, H("schiebekopf", augen_by_player={"Anna": 100, "Berta": 140}), "--augen"),
        (DOPPELKOPF, H("hammelrennen", augen_by_player={"Anna": 90, "Berta": 90, "Carl": 60, "Dora": 0}), "--winner"),
        (
            DOPPELKOPF,
            H("hammelrennen", augen_by_player={"Anna": 100, "Berta": 80, "Carl": 60, "Dora": 0}, winner="Dora"),
            "--winner",
        ),
        (DOPPELKOPF, H("hammelrennen"), "--winner"),
        (DOPPELKOPF, H("hammelrennen", winner="Erik"), "--winner"),
    ],
)
def test_refusals_name_the_option(rules: Doppelkopf, hand: Hand, option: str) -> None:
    with pytest.raises(HandError) as error:
        run(rules, [hand])
    assert option in str(error.value)


def test_refusals_under_table_settings() -> None:
    with pytest.raises(HandError, match="--stiche"):
        run(
            DOPPELKOPF,
            [H("hammelrennen", stiche={"Anna": 4, "Berta": 4, "Carl": 2, "Dora": 2})],
            sets=["hammel_ohne_stich=true"],
        )
    with pytest.raises(HandError, match="--augen NAME=N"):
        run(DOPPELKOPF, [H("hammelrennen", augen_by_player={"Anna": 240})], sets=["hammel_ohne_stich=true"])
    with pytest.raises(HandError, match="--fuchs-re"):
        run(DOPPELKOPF, [RE(130, fuchs_re=1)], sets=["fuchs=0"])


def test_sitting_out_player_cannot_play() -> None:
    five = ("Anna", "Berta", "Carl", "Dora", "Erik")
    with pytest.raises(HandError, match="--partner"):
        run(DOPPELKOPF_TURNIER, [H("normal", player="Berta", partner="Anna", augen=130)], players=five)


# -- 5 and 6 at the table -----------------------------------------------------------------------------


def test_five_players_the_dealer_sits_out_and_gets_zero() -> None:
    five = ("Anna", "Berta", "Carl", "Dora", "Erik")
    hands = [
        H("normal", player="Berta", partner="Carl", augen=130),  # Anna deals
        H("trumpfsolo", player="Anna", augen=150),  # Berta deals
    ]
    steps = run(DOPPELKOPF, hands, players=five)
    assert dict(steps[0].payout.points) == {"Anna": 0, "Berta": 5, "Carl": 5, "Dora": -5, "Erik": -5}
    assert dict(steps[1].payout.points) == {"Anna": 15, "Berta": 0, "Carl": -5, "Dora": -5, "Erik": -5}


def test_six_players_dealer_and_opposite_sit_out() -> None:
    six = ("Anna", "Berta", "Carl", "Dora", "Erik", "Fritz")
    steps = run(DOPPELKOPF_TURNIER, [H("normal", player="Berta", partner="Carl", augen=80, kontra=True)], players=six)
    assert dict(steps[0].payout.points) == {"Anna": 0, "Berta": -5, "Carl": -5, "Dora": 0, "Erik": 5, "Fritz": 5}
    with pytest.raises(HandError, match="--player"):
        run(DOPPELKOPF_TURNIER, [H("trumpfsolo", player="Dora", augen=130)], players=six)


# -- dealer after a Pflichtsolo ------------------------------------------------------------------------


def test_turnier_same_dealer_after_a_pflichtsolo_only() -> None:
    steps = run(
        DOPPELKOPF_TURNIER,
        [H("trumpfsolo", player="Carl", augen=130, pflicht=True), H("trumpfsolo", player="Carl", augen=130)],
    )
    assert steps[0].after.dealer == 0
    assert steps[1].after.dealer == 1


def test_alten_deal_passes_after_a_pflichtsolo_unless_set() -> None:
    hand = H("trumpfsolo", player="Carl", augen=130, pflicht=True)
    assert run(DOPPELKOPF, [hand])[0].after.dealer == 1
    assert run(DOPPELKOPF, [hand], sets=["pflichtsolo_selber_geber=true"])[0].after.dealer == 0


def test_a_hand_dealt_again_by_the_same_dealer_keeps_its_bock_hand() -> None:
    solo = H("trumpfsolo", player="Carl", augen=130, pflicht=True)
    steps = run(DOPPELKOPF, [RE(130, re=True), solo], sets=["bock=re", "pflichtsolo_selber_geber=true"])
    assert steps[1].after.bock.describe() == "Bock ×2: 4 hands left"
    steps = run(DOPPELKOPF, [RE(130, re=True), solo], sets=["bock=re"])
    assert steps[1].after.bock.describe() == "Bock ×2: 3 hands left"


# -- Bock ------------------------------------------------------------------------------------------------


def test_turnier_without_the_bock_setting_has_no_bock() -> None:
    """Default off: a Re and Kontra announced make no Bock round, the next hand is not doubled, --bock is refused."""
    steps = run(DOPPELKOPF_TURNIER, [RE(130, re=True, kontra=True), RE(130)])
    assert [dict(s.payout.points) for s in steps] == [re_kontra(5), re_kontra(1)]
    assert steps[1].after.bock.describe() == "no Bock"
    assert DOPPELKOPF_TURNIER.status(registry.settings_for(DOPPELKOPF_TURNIER), steps[1].after) == []
    with pytest.raises(HandError, match="manuell"):
        run(DOPPELKOPF_TURNIER, [RE(130, bock=True)])


# Each trigger under `--set bock=TRIGGER`, the same hand at the Alten table and at the tournament
# table: both append one Bock round of 4 hands, or none.
TRIGGERS = [
    ("re", RE(130, re=True), True),
    ("re", RE(160, re_absage=90), True),  # an Absage announces Re (tournament only)
    ("re", RE(80, kontra=True), False),
    ("kontra", RE(80, kontra=True), True),
    ("gleichstand", RE(120), True),
    ("gleichstand", RE(121), False),
    ("solo_verloren", H("trumpfsolo", player="Carl", augen=100), True),
    ("solo_verloren", H("trumpfsolo", player="Carl", augen=130), False),
    ("manuell", RE(130, bock=True), True),
    ("manuell", RE(130), False),
]


@pytest.mark.parametrize(("trigger", "hand", "makes"), TRIGGERS)
def test_turnier_bock_triggers_as_at_the_alten_table(trigger: str, hand: Hand, makes: bool) -> None:
    expected = "Bock ×2: 4 hands left" if makes else "no Bock"
    assert run(DOPPELKOPF_TURNIER, [hand], sets=[f"bock={trigger}"])[0].after.bock.describe() == expected
    if hand.re_absage is None:
        assert run(DOPPELKOPF, [hand], sets=[f"bock={trigger}"])[0].after.bock.describe() == expected


def test_turnier_bock_queue_doubles_the_tournament_value() -> None:
    """Re and Kontra announced with bock=re,kontra: one Doppelbock round (×4) of 4 hands; a second Re
    while it runs waits behind it; a Pflichtsolo (same dealer again) keeps its Bock hand."""
    hands = [
        RE(130, re=True, kontra=True),  # 1 + Re 2 + Kontra 2 = 5, makes Doppelbock
        RE(130),  # D1 under Doppelbock: 1 × 4
        RE(130, re=True),  # 3 × 4 = 12, appends Bock ×2
        H("trumpfsolo", player="Carl", augen=150, pflicht=True),  # D4 under ×4: Carl +12, keeps the hand
        RE(80),  # Kontra wins: 1 + Re under 90 + gegen die Alten = 3, under ×4: −12
        RE(130),  # the last Doppelbock hand
        RE(130),  # Bock ×2
    ]
    steps = run(DOPPELKOPF_TURNIER, hands, sets=["bock=re,kontra"])
    assert [dict(s.payout.points) for s in steps] == [
        re_kontra(5),
        re_kontra(4),
        re_kontra(12),
        solo("Carl", 4),
        re_kontra(-12),
        re_kontra(4),
        re_kontra(2),
    ]
    assert [s.after.bock.describe() for s in steps] == [
        "Bock ×4: 4 hands left",
        "Bock ×4: 3 hands left",
        "Bock ×4: 2 hands left, then ×2: 4 hands",
        "Bock ×4: 2 hands left, then ×2: 4 hands",
        "Bock ×4: 1 hand left, then ×2: 4 hands",
        "Bock ×2: 4 hands left",
        "Bock ×2: 3 hands left",
    ]
    assert steps[1].payout.formula == "Re wins: won 1 = 1, Doppelbock ×4 = 4"
    assert steps[6].payout.terms[-1].label == "Bock"
    settings_ = registry.settings_for(DOPPELKOPF_TURNIER, ["bock=re,kontra"])
    assert DOPPELKOPF_TURNIER.status(settings_, steps[6].after) == ["Bock ×2: 3 hands left"]


def test_turnier_bock_when_nobody_wins_doubles_the_netted_value() -> None:
    """D6 (nobody wins, netted Re −1) in a Bock round: −2; zero-sum stays zero-sum."""
    hands = [RE(130, bock=True), RE(100, re_absage=60, kontra_absage=60)]
    steps = run(DOPPELKOPF_TURNIER, hands, sets=["bock=manuell"])
    assert dict(steps[1].payout.points) == re_kontra(-2)
    assert sum(steps[1].payout.points.values()) == 0


def test_bock_after_re_lasts_one_round_of_active_players() -> None:
    hands = [RE(130, re=True)] + [RE(130)] * 5
    steps = run(DOPPELKOPF, hands, sets=["bock=re"])
    assert [s.payout.points["Anna"] for s in steps] == [5, 10, 10, 10, 10, 5]
    assert "Bock ×2" in steps[1].payout.formula
    assert DOPPELKOPF.status(registry.settings_for(DOPPELKOPF, ["bock=re"]), steps[0].after) == [
        "Bock ×2: 4 hands left"
    ]


@pytest.mark.parametrize(
    ("trigger", "first", "factor"),
    [
        ("kontra", RE(130, kontra=True), 2),
        ("gleichstand", RE(120), 2),
        ("solo_verloren", H("trumpfsolo", player="Carl", augen=100), 2),
        ("manuell", RE(130, bock=True), 2),
        ("re,kontra", RE(130, re=True, kontra=True), 4),
    ],
)
def test_bock_triggers(trigger: str, first: Hand, factor: int) -> None:
    steps = run(DOPPELKOPF, [first, RE(130)], sets=[f"bock={trigger}"])
    assert steps[1].payout.points["Anna"] == 5 * factor


def test_no_bock_without_the_trigger_and_a_throw_in_uses_up_a_bock_hand() -> None:
    assert run(DOPPELKOPF, [RE(120), RE(130)])[1].payout.points["Anna"] == 5
    # The queue of RULES.md §1: "A Ramsch uses one up; so does a throw-in."
    steps = run(DOPPELKOPF, [RE(120), H("zusammengeworfen")] + [RE(130)] * 5, sets=["bock=gleichstand"])
    assert [s.payout.points["Anna"] for s in steps[2:]] == [10, 10, 10, 5, 5]


def test_bock_doubles_everyone_for_himself() -> None:
    hands = [H("zusammengeworfen", bock=True), H("hammelrennen", winner="Berta")]
    assert run(DOPPELKOPF, hands, sets=["bock=manuell"])[1].payout.points["Berta"] == 30


def test_bock_round_with_five_players_is_four_hands() -> None:
    five = ("Anna", "Berta", "Carl", "Dora", "Erik")
    steps = run(
        DOPPELKOPF, [H("normal", player="Berta", partner="Carl", augen=120)], players=five, sets=["bock=gleichstand"]
    )
    assert steps[0].after.bock.rounds[0].hands_left == 4


# -- Musssolo ------------------------------------------------------------------------------------------------


def test_musssolo_tracking() -> None:
    sets = ["musssolo_pro_runde=1"]
    cfg = registry.settings_for(DOPPELKOPF_TURNIER, sets)
    start = table.start(DOPPELKOPF_TURNIER, cfg, P4)
    assert DOPPELKOPF_TURNIER.player_extras(cfg, start) == {p: {"musssolo": "offen"} for p in P4}
    hands = [H("trumpfsolo", player="Carl", augen=130, pflicht=True), RE(130), RE(130), RE(130)]
    steps = run(DOPPELKOPF_TURNIER, hands, sets=sets)
    after_solo = steps[0].after
    assert DOPPELKOPF_TURNIER.player_extras(cfg, after_solo)["Carl"] == {"musssolo": "gespielt"}
    assert DOPPELKOPF_TURNIER.player_extras(cfg, after_solo)["Anna"] == {"musssolo": "offen"}
    assert DOPPELKOPF_TURNIER.status(cfg, after_solo) == [
        "Musssolo still owed (round 1, 3 hands left): Anna, Berta, Dora."
    ]
    # The round is four hands; after it everybody owes again and the missed ones are named.
    end = steps[-1].after
    assert DOPPELKOPF_TURNIER.player_extras(cfg, end) == {p: {"musssolo": "offen"} for p in P4}
    assert DOPPELKOPF_TURNIER.status(cfg, end)[0] == "Round 1 is over; Musssolo not played: Anna, Berta, Dora."


def test_musssolo_once_per_round_and_off_by_default() -> None:
    twice = [H("trumpfsolo", player="Carl", augen=130, pflicht=True)] * 2
    with pytest.raises(HandError, match="--pflicht"):
        run(DOPPELKOPF, twice, sets=["musssolo_pro_runde=1"])
    steps = run(DOPPELKOPF, twice)
    assert DOPPELKOPF.player_extras(registry.settings_for(DOPPELKOPF), steps[-1].after) == {}
    # A longer round by setting: eight hands.
    steps = run(
        DOPPELKOPF,
        [H("trumpfsolo", player="Carl", augen=130, pflicht=True)] + [RE(130)] * 4,
        sets=["musssolo_pro_runde=1", "musssolo_runde_spiele=8"],
    )
    cfg = registry.settings_for(DOPPELKOPF, ["musssolo_pro_runde=1", "musssolo_runde_spiele=8"])
    assert DOPPELKOPF.player_extras(cfg, steps[-1].after)["Carl"] == {"musssolo": "gespielt"}


def test_registry_and_settings() -> None:
    assert registry.get("doppelkopf") is DOPPELKOPF
    assert registry.get("doppelkopf-turnier") is DOPPELKOPF_TURNIER
    # The tournament rules take the bock setting, off by default: they stay as the DDV has them.
    assert registry.settings_for(DOPPELKOPF_TURNIER)["bock"] == ()
    assert "hammelrennen" not in DOPPELKOPF_TURNIER.types
    assert registry.settings_for(DOPPELKOPF, ["bock=re,kontra"])["bock"] == ("kontra", "re")


# -- properties ----------------------------------------------------------------------------------------------


@st.composite
def normal_hands(draw: st.DrawFn, turnier: bool) -> Hand:
    augen = draw(st.integers(0, 240))
    schwarz = augen in (0, 240) and draw(st.booleans())
    facts: dict[str, Any] = {"re": draw(st.booleans()), "kontra": draw(st.booleans())}
    if turnier:
        facts["re_absage"] = draw(st.sampled_from((None, 90, 60, 30, 0)))
        facts["kontra_absage"] = draw(st.sampled_from((None, 90, 60, 30, 0)))
    re_trick = not (schwarz and augen == 0)
    ko_trick = not (schwarz and augen == 240)
    foxes_re = draw(st.integers(0, 2)) if re_trick else 0
    foxes_ko = draw(st.integers(0, 2 - foxes_re)) if ko_trick else 0
    facts["fuchs_re"], facts["fuchs_kontra"] = foxes_re or None, foxes_ko or None
    if turnier:
        facts["doppelkopf_re"] = draw(st.integers(0, augen // 40)) or None
        facts["doppelkopf_kontra"] = draw(st.integers(0, (240 - augen) // 40)) or None
    facts["karlchen"] = draw(st.sampled_from([None] + ["re"] * re_trick + ["kontra"] * ko_trick))
    if not turnier:
        facts["altenstrafe"] = draw(st.booleans())
    players = draw(st.permutations(P4))
    return H("normal", player=players[0], partner=players[1], augen=augen, schwarz=schwarz, **facts)


@st.composite
def solo_hands(draw: st.DrawFn, turnier: bool) -> Hand:
    augen = draw(st.integers(0, 240))
    kind = draw(st.sampled_from(SOLOS))
    facts: dict[str, Any] = {"re": draw(st.booleans()), "kontra": draw(st.booleans())}
    if turnier:
        facts["re_absage"] = draw(st.sampled_from((None, 90, 60, 30, 0)))
        facts["kontra_absage"] = draw(st.sampled_from((None, 90, 60, 30, 0)))
    if kind == "farbsolo":
        facts["farbe"] = draw(st.sampled_from(("kreuz", "pik", "herz", "karo")))
    return H(
        kind,
        player=draw(st.sampled_from(P4)),
        augen=augen,
        schwarz=augen in (0, 240) and draw(st.booleans()),
        **facts,
    )


def _check_step(step: table.Step) -> None:
    payout = step.payout
    assert all(isinstance(v, int) for v in payout.points.values())
    assert sum(payout.points.values()) == 0
    assert evaluate(payout.terms) == payout.value == formula_total(payout.formula)
    if payout.soloist is not None:
        others = [v for p, v in payout.points.items() if p != payout.soloist]
        assert len(set(others)) == 1
        assert payout.points[payout.soloist] == -3 * others[0]
    else:
        hand = step.hand
        pair = {payout.points[hand.player], payout.points[hand.partner]}  # type: ignore[index]
        assert len(pair) == 1
        assert set(payout.points.values()) <= {payout.value, -payout.value}


@settings(max_examples=300, deadline=None)
@given(st.one_of(normal_hands(True), solo_hands(True)))
def test_turnier_properties(hand: Hand) -> None:
    step = run(DOPPELKOPF_TURNIER, [hand])[0]
    _check_step(step)
    # Steps are worth 1 (announcements 2 each, but on both sides alike): all even or all odd.
    assert len({v % 2 for v in step.payout.points.values()}) == 1
    # The winner's value is never below 1 without Sonderpunkte against it.
    if step.payout.winners and not any(
        getattr(hand, f) for f in ("fuchs_kontra", "fuchs_re", "doppelkopf_re", "doppelkopf_kontra", "karlchen")
    ):
        assert step.payout.value >= 1


@settings(max_examples=300, deadline=None)
@given(st.one_of(normal_hands(False), solo_hands(False)))
def test_alten_properties(hand: Hand) -> None:
    _check_step(run(DOPPELKOPF, [hand])[0])


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.one_of(normal_hands(False), solo_hands(False)), min_size=1, max_size=8),
    st.sampled_from(((), ("re", "kontra", "gleichstand", "solo_verloren"))),
)
def test_alten_evening_replays_the_same_and_stays_zero_sum(hands: list[Hand], bock: tuple[str, ...]) -> None:
    sets = [f"bock={','.join(bock) or 'off'}"]
    first = run(DOPPELKOPF, hands, sets=sets)
    second = run(DOPPELKOPF, hands, sets=sets)
    assert [s.payout for s in first] == [s.payout for s in second]
    for step in first:
        _check_step(step)
        assert step.payout.value % step.before.bock.factor == 0


@settings(max_examples=60, deadline=None)
@given(st.integers(5, 6), st.integers(0, 5), st.integers(0, 240), st.booleans())
def test_sitting_out_players_get_zero(n: int, dealer: int, augen: int, turnier: bool) -> None:
    names = ("Anna", "Berta", "Carl", "Dora", "Erik", "Fritz")[:n]
    rules = DOPPELKOPF_TURNIER if turnier else DOPPELKOPF
    state = table.start(rules, registry.settings_for(rules), names, dealer)
    active = state.active
    assert len(active) == 4
    step = table.play(rules, registry.settings_for(rules), state, H("trumpfsolo", player=active[0], augen=augen))
    for p in state.sitting_out:
        assert step.payout.points[p] == 0
    assert sum(step.payout.points.values()) == 0
