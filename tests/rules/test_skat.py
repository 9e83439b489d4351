"""`skat`: the worked examples K1–K14 and the money example of RULES.md §7, the club settings,
the refusals, and properties of every legal game's value and of overbids."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings as hyp_settings, strategies as st

from schreiber.rules import registry
from schreiber.rules.model import Hand, HandError, SettingsError, evaluate
from schreiber.rules.skat import BASE, BIDS, MOST_SPITZEN, NULL, SKAT
from schreiber.rules.table import OwnMoney, Shorthands, Statistics, Step, TournamentPlay, replay

THREE = ("Anna", "Berta", "Carl")
FOUR = ("Anna", "Berta", "Carl", "Dora")


def run(hands: Sequence[Hand], *sets: str, players: Sequence[str] = THREE, dealer: int = 0) -> list[Step]:
    return replay(SKAT, registry.settings_for(SKAT, sets), players, hands, dealer)


def refused(hand: Hand, *sets: str, players: Sequence[str] = THREE) -> str:
    with pytest.raises(HandError) as info:
        run([hand], *sets, players=players)
    return str(info.value)


def pts(anna: int = 0, berta: int = 0, carl: int = 0) -> dict[str, int]:
    return {"Anna": anna, "Berta": berta, "Carl": carl}


EXAMPLES = [
    ("K1", Hand("kreuz", player="Anna", spitzen=1, augen=75), 24, pts(anna=24)),
    ("K2", Hand("grand", player="Berta", spitzen=4, hand=True, augen=95), 168, pts(berta=168)),
    ("K3", Hand("herz", player="Carl", spitzen=2, ohne=True, augen=58), 30, pts(carl=-60)),
    ("K4", Hand("null", player="Anna", won=True), 23, pts(anna=23)),
    ("K5", Hand("null", player="Berta", hand=True, ouvert=True, won=False), 59, pts(berta=-118)),
    ("K6", Hand("pik", player="Carl", spitzen=1, augen=70, reizwert=33), 33, pts(carl=-66)),
    ("K7", Hand("karo", player="Anna", spitzen=1, augen=92, reizwert=27), 27, pts(anna=27)),
    (
        "K8",
        Hand("grand", player="Berta", spitzen=1, hand=True, schneider_angesagt=True, augen=80),
        120,
        pts(berta=-240),
    ),
    ("K9", Hand("herz", player="Anna", spitzen=1, augen=25), 30, pts(anna=-60)),
    ("K10", Hand("kreuz", player="Berta", spitzen=3, augen=120, schwarz=True), 72, pts(berta=72)),
    ("K11", Hand("grand", player="Carl", spitzen=2, ouvert=True, won=True), 216, pts(carl=216)),
    ("K12", Hand("eingepasst"), 0, pts()),
    ("K13", Hand("pik", player="Anna", spitzen=1, hand=True, augen=75, reizwert=72), 77, pts(anna=-154)),
    ("K14", Hand("kreuz", player="Berta", spitzen=1, ohne=True, augen=15, schwarz=True), 48, pts(berta=-96)),
]


@pytest.mark.parametrize("name, hand, value, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_worked_examples(name: str, hand: Hand, value: int, expected: dict[str, int]) -> None:
    (step,) = run([hand])
    assert dict(step.payout.points) == expected
    assert step.payout.value == value
    # The breakdown's terms make the value, read as `show` lists them.
    assert evaluate(step.payout.terms) == value


def test_the_breakdown_names_every_term() -> None:
    (k2,) = run([EXAMPLES[1][1]])
    assert k2.payout.formula == "Grand Hand mit 4, Schneider: 24 × 7 = 168"
    assert [t.label for t in k2.payout.terms] == ["mit 4", "Spiel", "Hand", "Schneider", "Grand"]
    (k6,) = run([EXAMPLES[5][1]])
    assert k6.payout.formula == "Pik mit 1: 11 × 2 = 22, overbid (Reizwert 33): 11 × 3 = 33"
    (k3,) = run([EXAMPLES[2][1]])
    assert k3.payout.formula == "Herz ohne 2: 10 × 3 = 30"
    assert k3.payout.split == "lost: Carl −2 × 30 = −60"
    (k11,) = run([EXAMPLES[10][1]])
    assert k11.payout.formula == "Grand ouvert mit 2: 24 × 9 = 216"


def test_grand_ouvert_mit_4_is_264() -> None:
    (step,) = run([Hand("grand", player="Anna", spitzen=4, ouvert=True, won=True)])
    assert step.payout.value == 264


def test_the_money_example() -> None:
    steps = run([EXAMPLES[0][1], EXAMPLES[1][1], EXAMPLES[2][1]])
    totals = {p: sum(s.payout.points[p] for s in steps) for p in THREE}
    assert totals == {"Anna": 24, "Berta": 168, "Carl": -60}
    assert isinstance(SKAT, OwnMoney)
    assert SKAT.money(totals, 1) == {"Anna": -60, "Berta": 372, "Carl": -312}
    assert SKAT.money(totals, 5) == {"Anna": -300, "Berta": 1860, "Carl": -1560}


def test_a_table_of_four_the_dealer_sits_out_and_the_deal_passes() -> None:
    hands = [
        Hand("kreuz", player="Berta", spitzen=1, augen=75),
        Hand("null", player="Anna", won=True),
        Hand("eingepasst"),
        Hand("grand", player="Carl", spitzen=1, augen=61),
    ]
    steps = run(hands, players=FOUR)
    assert [s.before.sitting_out for s in steps] == [("Anna",), ("Berta",), ("Carl",), ("Dora",)]
    assert dict(steps[0].payout.points) == {"Anna": 0, "Berta": 24, "Carl": 0, "Dora": 0}
    assert "--player: Anna is not playing this hand" in refused(
        Hand("kreuz", player="Anna", spitzen=1, augen=75), players=FOUR
    )


def test_three_or_four_players() -> None:
    from schreiber.rules.table import SeatChange, change_seats, start

    assert (SKAT.min_players, SKAT.max_players) == (3, 4)
    state = start(SKAT, {}, FOUR)
    with pytest.raises(Exception, match="3–4 players"):
        change_seats(SKAT, {}, state, SeatChange(0, join="Emil"))


REFUSALS = [
    (Hand("grand", player="Anna", spitzen=5, augen=70), (), "--spitzen must be between 1 and 4 in grand, not 5."),
    (Hand("kreuz", player="Anna", spitzen=12, augen=70), (), "--spitzen must be between 1 and 11 in kreuz, not 12."),
    (Hand("kreuz", player="Anna", augen=70), (), "--spitzen N are needed for kreuz: mit or ohne how many."),
    (Hand("grand", player="Anna", spitzen=1, ouvert=True, augen=70), (), "--augen is not entered with --ouvert"),
    (
        Hand("grand", player="Anna", spitzen=1, schneider_angesagt=True, augen=95),
        (),
        "--schneider-angesagt needs --hand",
    ),
    (Hand("grand", player="Anna", spitzen=1, schwarz_angesagt=True, won=True), (), "--schwarz-angesagt needs --hand"),
    (Hand("grand", player="Anna", spitzen=1, augen=70, reizwert=19), (), "--reizwert 19 is no game value"),
    (Hand("null", player="Anna", won=True, reizwert=62), (), "--reizwert 62 is no game value"),
    (
        Hand("null", player="Anna", hand=True, ouvert=True, won=True, reizwert=60),
        (),
        "Null ouvert Hand is worth 59, so it cannot",
    ),
    (Hand("null", player="Anna", hand=True, won=True, reizwert=48), (), "Null Hand is worth 35, so it cannot"),
    (
        Hand("karo", player="Anna", spitzen=1, augen=70, reizwert=0),
        (),
        "--reizwert 0 is no game value; a bid is 18, 20",
    ),
    (
        Hand("karo", player="Anna", spitzen=1, augen=70, reizwert=-18),
        (),
        "--reizwert -18 is no game value; a bid is 18, 20",
    ),
    (
        Hand("kreuz", player="Anna", spitzen=1, augen=100, schwarz=True),
        (),
        "--schwarz needs --augen 120 (the declarer took every trick) or 0–22",
    ),
    (
        Hand("kreuz", player="Anna", spitzen=1, augen=23, schwarz=True),
        (),
        "--schwarz needs --augen 120 (the declarer took every trick) or 0–22",
    ),
    (
        Hand("kreuz", player="Anna", spitzen=1, augen=70, kontra=True),
        (),
        "--kontra: Kontra is not played at this table (setting kontra=false).",
    ),
    (Hand("kreuz", player="Anna", spitzen=1, augen=70, kontra=True, re=True), ("kontra=true",), None),
    (Hand("kreuz", player="Anna", spitzen=1, augen=70, re=True), ("kontra=true",), "--re needs --kontra"),
    (Hand("kreuz", player="Anna", spitzen=1, augen=70, bock=True), (), "--bock: Bock is not played at this table"),
    (Hand("ramsch", augen_by_player={"Anna": 40, "Berta": 40, "Carl": 40}), (), "ramsch is not played at this table"),
    (Hand("kreuz", player="Anna", spitzen=1, augen=70, won=True), (), "--won/--lost decides only a game with"),
    (Hand("null", player="Anna", augen=10, won=True), (), "--augen N does not apply to null"),
    (Hand("eingepasst", player="Anna"), (), "--player does not apply to eingepasst"),
]


@pytest.mark.parametrize("hand, sets, sentence", REFUSALS)
def test_refusals_one_sentence(hand: Hand, sets: tuple[str, ...], sentence: str | None) -> None:
    if sentence is None:
        (step,) = run([hand], *sets)
        assert step.payout.points["Anna"] == 24 * 4
        return
    said = refused(hand, *sets)
    assert sentence in said
    assert said.count(". ") == 0 and said.endswith(".")


def test_kontra_re_after_the_overbid_check_and_bock_rounds() -> None:
    hands = [
        Hand("pik", player="Carl", spitzen=1, augen=70, reizwert=33, kontra=True),  # lost at 33, ×2 = 66: −132
        Hand("grand", player="Anna", spitzen=1, augen=60),  # 60:60: lost, and a Bock round (3 hands)
        Hand("kreuz", player="Berta", spitzen=1, augen=75),  # Bock ×2: 48
        Hand(
            "kreuz", player="Berta", spitzen=1, augen=75, kontra=True, re=True, bock=True
        ),  # ×4 ×2; Re + --bock: Doppelbock
        Hand("eingepasst"),  # last hand of the first round
        Hand("null", player="Anna", won=True),  # Doppelbock ×4: 92
    ]
    steps = run(hands, "kontra=true", "bock=true")
    assert steps[0].payout.points["Carl"] == -132
    assert steps[1].payout.points["Anna"] == -96 and steps[1].bock_causes == 1
    assert steps[2].payout.points["Berta"] == 48
    assert steps[3].payout.points["Berta"] == 24 * 4 * 2 and steps[3].bock_causes == 2
    assert steps[4].after.bock.describe() == "Bock ×4: 3 hands left"
    assert steps[5].payout.points["Anna"] == 92
    assert SKAT.status(registry.settings_for(SKAT, ["bock=true"]), steps[5].after) == ["Bock ×4: 2 hands left"]


def test_a_bock_round_lasts_as_many_hands_as_players_at_a_table_of_four() -> None:
    hands = [Hand("grand", player="Berta", spitzen=1, augen=75, bock=True)] + [Hand("eingepasst")] * 4
    steps = run(hands, "bock=true", players=FOUR)
    assert [s.before.bock.factor for s in steps] == [1, 2, 2, 2, 2]
    assert steps[-1].after.bock.factor == 1


def test_ramsch() -> None:
    sets = ("ramsch=true",)
    (s,) = run([Hand("ramsch", augen_by_player={"Anna": 50, "Berta": 40, "Carl": 30})], *sets)
    assert dict(s.payout.points) == pts(anna=-50)
    (s,) = run([Hand("ramsch", augen_by_player={"Anna": 40, "Berta": 40, "Carl": 40})], *sets)
    assert dict(s.payout.points) == pts(-40, -40, -40)
    (s,) = run([Hand("ramsch", augen_by_player={"Anna": 70, "Berta": 50, "Carl": 0}, jungfrau=("Carl",))], *sets)
    assert dict(s.payout.points) == pts(anna=-140)
    (s,) = run([Hand("ramsch", durchmarsch="Berta")], *sets)
    assert dict(s.payout.points) == pts(berta=120)
    assert "make a Durchmarsch" in refused(
        Hand("ramsch", augen_by_player={"Anna": 120, "Berta": 0, "Carl": 0}, jungfrau=("Berta", "Carl")), *sets
    )
    assert "Berta has 20 Augen" in refused(
        Hand("ramsch", augen_by_player={"Anna": 100, "Berta": 20, "Carl": 0}, jungfrau=("Berta",)), *sets
    )
    assert "must add up to 120" in refused(Hand("ramsch", augen_by_player={"Anna": 50, "Berta": 40, "Carl": 20}), *sets)


def test_capabilities() -> None:
    assert isinstance(SKAT, Statistics) and isinstance(SKAT, Shorthands) and isinstance(SKAT, TournamentPlay)
    assert SKAT.shorthand("m2") == ("--spitzen", "2")
    assert SKAT.shorthand("o11") == ("--spitzen", "11", "--ohne")
    assert SKAT.shorthand("h") == ("--hand",)
    assert SKAT.shorthand("Anna") is None
    assert SKAT.table_sizes == (4, 3) and SKAT.default_wertung == "seeger"
    assert (SKAT.series_hands(4, 48), SKAT.series_hands(3, 48)) == (48, 36)
    assert SKAT.default_hands == 48 and SKAT.series_hands(3, 24) == 18
    with pytest.raises(SettingsError, match="--hands: a Skat series is a multiple of 12"):
        SKAT.series_hands(4, 40)
    # Ramsch's options are its own whether or not a table plays it (`add ramsch --help` lists them).
    assert SKAT.options_for("ramsch") == {"augen_by_player", "jungfrau", "durchmarsch"}
    assert SKAT.options_for("ramsch", {"ramsch": True, "bock": True}) == {
        "augen_by_player",
        "jungfrau",
        "durchmarsch",
        "bock",
    }
    assert "kontra" not in SKAT.options_for("kreuz")
    assert "kontra" in SKAT.options_for("kreuz", {"kontra": True})


# -- properties -------------------------------------------------------------------------------


@st.composite
def games(draw: st.DrawFn) -> Hand:
    """Any legal suit game or grand, entered as a player would."""
    kind = draw(st.sampled_from(sorted(BASE)))
    spitzen = draw(st.integers(1, MOST_SPITZEN[kind]))
    hand = draw(st.booleans())
    ouvert = draw(st.booleans()) and hand
    schwarz_angesagt = not ouvert and hand and draw(st.booleans())
    schneider_angesagt = hand and not ouvert and not schwarz_angesagt and draw(st.booleans())
    common = dict(player="Anna", spitzen=spitzen, ohne=draw(st.booleans()), hand=hand)
    if ouvert or schwarz_angesagt:
        return Hand(kind, **common, ouvert=ouvert, schwarz_angesagt=schwarz_angesagt, won=draw(st.booleans()))
    augen = draw(st.integers(0, 120))
    # Schwarz: every trick (120), or none, the Skat's Augen at most 22 (K14).
    schwarz = (augen == 120 or augen <= 22) and draw(st.booleans())
    return Hand(kind, **common, schneider_angesagt=schneider_angesagt, augen=augen, schwarz=schwarz)


@given(games())
@hyp_settings(max_examples=300, deadline=None)
def test_every_legal_game_is_base_times_a_multiplier_in_its_range(hand: Hand) -> None:
    (step,) = run([hand])
    value = step.payout.value
    base = BASE[hand.type]
    assert value % base == 0
    low, high = (2, 11) if hand.type == "grand" else (2, 18)
    assert low <= value // base <= high
    assert value in BIDS
    points = step.payout.points["Anna"]
    assert points in (value, -2 * value)


@given(games(), st.sampled_from(sorted(BIDS)))
@hyp_settings(max_examples=300, deadline=None)
def test_an_overbid_never_yields_a_won_game_below_the_bid(hand: Hand, bid: int) -> None:
    from dataclasses import replace

    (step,) = run([replace(hand, reizwert=bid)])  # never refused: an overbid is scored (K13)
    value = step.payout.value
    assert value >= bid
    plain = run([hand])[0].payout
    if plain.value < bid:  # overbid: lost at the smallest multiple of the base that reaches the bid
        assert step.payout.points["Anna"] == -2 * value and value - BASE[hand.type] < bid <= value
    else:
        assert dict(step.payout.points) == dict(plain.points)


@given(st.booleans(), st.booleans(), st.booleans(), st.sampled_from(sorted(BIDS)))
def test_null_values(hand: bool, ouvert: bool, won: bool, bid: int) -> None:
    value = NULL[(hand, ouvert)]
    if bid > value:
        assert "cannot have been played" in refused(
            Hand("null", player="Anna", hand=hand, ouvert=ouvert, won=won, reizwert=bid)
        )
        return
    (step,) = run([Hand("null", player="Anna", hand=hand, ouvert=ouvert, won=won, reizwert=bid)])
    assert step.payout.points["Anna"] == (value if won else -2 * value)


# -- issue 39: every hand the ISkO scores, and what it says --------------------------------------


def test_k13_an_overbid_that_could_never_reach_the_bid_is_lost_at_the_next_multiple() -> None:
    (step,) = run([Hand("pik", player="Anna", spitzen=1, hand=True, augen=75, reizwert=72)])
    assert dict(step.payout.points) == pts(anna=-154)
    assert step.payout.formula == "Pik Hand mit 1: 11 × 3 = 33, overbid (Reizwert 72): 11 × 7 = 77"
    assert step.payout.split == "lost: Anna −2 × 77 = −154"
    assert evaluate(step.payout.terms) == 77
    # Grand ouvert at the highest bid of all, and a Karo at a bid no Karo mit 1 can reach.
    (step,) = run([Hand("grand", player="Berta", spitzen=1, ouvert=True, won=True, reizwert=264)])
    assert dict(step.payout.points) == pts(berta=-2 * 264)
    (step,) = run([Hand("karo", player="Carl", spitzen=1, augen=70, reizwert=48)])
    assert dict(step.payout.points) == pts(carl=-2 * 54)


def test_k14_schwarz_with_the_augen_of_the_skat() -> None:
    (step,) = run([Hand("kreuz", player="Berta", spitzen=1, ohne=True, augen=15, schwarz=True)])
    assert step.payout.formula == "Kreuz ohne 1, Schneider, Schwarz: 12 × 4 = 48"
    for augen in (0, 22):
        (step,) = run([Hand("grand", player="Anna", spitzen=2, augen=augen, schwarz=True)])
        assert dict(step.payout.points) == pts(anna=-2 * 24 * 5)
    # Without --schwarz the same Augen are a lost Schneider (he took a trick of blank cards).
    (step,) = run([Hand("kreuz", player="Berta", spitzen=1, ohne=True, augen=15)])
    assert step.payout.points["Berta"] == -72


def test_a_null_above_its_value_stays_refused() -> None:
    assert refused(Hand("null", player="Anna", won=True, reizwert=24)) == (
        "--reizwert 24: Null is worth 23, so it cannot have been played at 24."
    )


def test_ramsch_in_a_bock_round_says_what_it_pays() -> None:
    hands = [
        Hand("grand", player="Anna", spitzen=1, augen=60),  # 60:60 makes a Bock round
        Hand("ramsch", augen_by_player={"Anna": 60, "Berta": 40, "Carl": 20}),
        Hand("ramsch", durchmarsch="Carl"),
    ]
    __, ramsch, durchmarsch = run(hands, "bock=true", "ramsch=true")
    assert dict(ramsch.payout.points) == pts(anna=-120)
    assert ramsch.payout.split == "Anna −120"
    assert ramsch.payout.value == 120 and evaluate(ramsch.payout.terms) == 120
    assert ramsch.payout.formula.endswith("Bock ×2 = 120")
    assert dict(durchmarsch.payout.points) == pts(carl=240)
    assert durchmarsch.payout.split == "Durchmarsch: Carl +240"
    assert durchmarsch.payout.formula == "Durchmarsch: 120, Bock ×2 = 240"


def test_sits_out_is_refused_where_the_dealer_sits_out_by_rule() -> None:
    said = refused(Hand("kreuz", player="Berta", spitzen=1, augen=75, sits_out=("Anna",)), players=FOUR)
    assert (
        said
        == "--sits-out: at a Skat table of 4 the dealer sits out every hand; name the dealer with --dealer instead."
    )
    said = refused(Hand("kreuz", player="Berta", spitzen=1, augen=75, sits_out=("Carl",)), players=FOUR)
    assert said.startswith("--sits-out: at a Skat table of 4 the dealer sits out")
    (step,) = run([Hand("kreuz", player="Berta", spitzen=1, augen=75, dealer="Carl")], players=FOUR)
    assert step.before.sitting_out == ("Carl",)


def test_help_words_and_quick_augen_are_skat_s_own() -> None:
    for kind in ("grand", "kreuz", "null"):
        assert not any(w in (text or "") for text in SKAT.option_help(kind).values() for w in ("Tout", "Bettel", "Du"))
    assert "--ouvert" in SKAT.option_help("grand")["won"]
    assert "no trick" in SKAT.option_help("null")["won"]
    assert set(SKAT.option_help("ramsch")) == {"augen", "jungfrau", "durchmarsch", "sits_out"}
    assert SKAT.option_help("grand")["sits_out"] is None  # refused at a Skat table: not offered in help
    assert {30, 31, 60, 61, 89, 90} <= set(SKAT.quick_augen) and 91 not in SKAT.quick_augen


def test_overbid_counts_only_games_their_augen_won() -> None:
    counts = {"Anna": SKAT.stat_counts()}
    seated = [("Anna", -72), ("Berta", 0), ("Carl", 0)]
    # Lost on Augen anyway (50): a lost game, no overbid, though 24 < 30.
    SKAT.stat_hand(counts, "kreuz", {"player": "Anna", "spitzen": 1, "augen": 50, "reizwert": 30}, "Anna", (), seated)
    assert counts["Anna"]["overbid"] == 0
    # Made its Augen (75), lost only because 24 fell short of 30.
    SKAT.stat_hand(counts, "kreuz", {"player": "Anna", "spitzen": 1, "augen": 75, "reizwert": 30}, "Anna", (), seated)
    assert counts["Anna"]["overbid"] == 1
