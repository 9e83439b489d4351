"""`klassisch`: RULES.md §4 — strokes per team through the fold, the 60:60 carry-over, schwarz, redraws."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schreiber.rules import registry, table
from schreiber.rules.klassisch import KLASSISCH, KlassischCarry, check_teams, parse_teams
from schreiber.rules.model import Hand, HandError, SettingsError, evaluate

PLAYERS = ("Anna", "Berta", "Carl", "Dora")
AC, BD = "Anna+Carl", "Berta+Dora"
TEAMS = (("Anna", "Carl"), ("Berta", "Dora"))
NINE = {"striche": 9, "einsatz": 0}
TWELVE = {"striche": 12, "einsatz": 0}


def H(player: str, augen: int, *, teams=TEAMS, **facts) -> Hand:
    """One `add spiel` as the ledger stores it: the teams in force filled in."""
    return Hand("spiel", player=player, augen=augen, teams=teams, **facts)


def run(hands: Sequence[Hand], table_settings: Mapping[str, int] = NINE) -> list[table.Step]:
    return table.replay(KLASSISCH, table_settings, PLAYERS, hands)


def awarded(step: table.Step) -> dict[str, int]:
    """The strokes the hand gave, per team ({} when nobody scored), read off the payout."""
    carry: KlassischCarry = step.after.carry
    out = {}
    for team in carry.teams:
        got = {step.payout.points[p] for p in team}
        assert len(got) == 1, "both players of a team get the same strokes"
        if got != {0}:
            out["+".join(team)] = got.pop()
    return out


def drawn(step: table.Step) -> dict[str, tuple[int, int]]:
    """Per team: (finished Schafköpfe, strokes in the head being drawn) after the hand."""
    carry: KlassischCarry = step.after.carry
    return {name: (carry.heads[i], carry.strokes[i]) for i, name in enumerate(carry.team_names)}


def four_strokes() -> list[Hand]:
    return [H("Anna", 95), H("Carl", 95)]


def eight_strokes() -> list[Hand]:
    return four_strokes() * 2


# (id, hands before, hands, strokes per hand, drawing after the last hand)
WORKED = [
    ("K1", [], [H("Anna", 70)], [{AC: 1}], {AC: (0, 1), BD: (0, 0)}),
    ("K2", [], [H("Carl", 95)], [{AC: 2}], {AC: (0, 2), BD: (0, 0)}),
    ("K3", [], [H("Anna", 50)], [{BD: 2}], {AC: (0, 0), BD: (0, 2)}),
    ("K4", [], [H("Anna", 25)], [{BD: 4}], {AC: (0, 0), BD: (0, 4)}),
    ("K5", [], [H("Anna", 40, forced=True)], [{BD: 1}], {AC: (0, 0), BD: (0, 1)}),
    ("K6", [], [H("Anna", 60), H("Berta", 40)], [{}, {AC: 3}], {AC: (0, 3), BD: (0, 0)}),
    ("K7", [], [H("Anna", 60), H("Carl", 92)], [{}, {AC: 3}], {AC: (0, 3), BD: (0, 0)}),
    (
        "K8",
        four_strokes(),
        [H("Berta", 120, schwarz=True)],
        [{BD: 9}],
        {AC: (0, 4), BD: (1, 0)},
    ),
    ("K9", eight_strokes(), [H("Anna", 95)], [{AC: 2}], {AC: (1, 1), BD: (0, 0)}),
]


@pytest.mark.parametrize(
    ("before", "hands", "strokes", "after"), [row[1:] for row in WORKED], ids=[r[0] for r in WORKED]
)
def test_worked_examples(before, hands, strokes, after) -> None:
    steps = run(before + hands)
    if before == four_strokes():
        assert drawn(steps[len(before) - 1]) == {AC: (0, 4), BD: (0, 0)}
    if before == eight_strokes():
        assert drawn(steps[len(before) - 1]) == {AC: (0, 8), BD: (0, 0)}
    played = steps[len(before) :]
    assert [awarded(s) for s in played] == strokes
    for step, got in zip(played, strokes, strict=True):
        want = {p: 0 for p in PLAYERS}
        for team, n in got.items():
            want.update({p: n for p in team.split("+")})
        assert step.payout.points == want
    assert drawn(played[-1]) == after


# Stroke sequences the worked examples do not cover; each hand's strokes, then the drawing.
SEQUENCES = [
    (
        "schwarz settles a pending 60:60",
        [H("Anna", 60), H("Berta", 0, schwarz=True)],
        [{}, {AC: 9}],
        {AC: (1, 0), BD: (0, 0)},
    ),
    (
        "own schwarz after own 60:60",
        [H("Anna", 60), H("Carl", 120, schwarz=True)],
        [{}, {AC: 9}],
        {AC: (1, 0), BD: (0, 0)},
    ),
    ("schwarz against the declarers", [H("Dora", 0, schwarz=True)], [{AC: 9}], {AC: (1, 0), BD: (0, 0)}),
    ("120 Augen without --schwarz is double", [H("Anna", 120)], [{AC: 2}], {AC: (0, 2), BD: (0, 0)}),
    # The second tie moves the pending 60:60 to Berta+Dora: Anna's team is now "the other team".
    (
        "second 60:60, other team loses",
        [H("Anna", 60), H("Berta", 60), H("Anna", 40)],
        [{}, {}, {BD: 3}],
        {AC: (0, 0), BD: (0, 3)},
    ),
    (
        "second 60:60, same team loses",
        [H("Anna", 60), H("Berta", 60), H("Dora", 40)],
        [{}, {}, {AC: 4}],
        {AC: (0, 4), BD: (0, 0)},
    ),
    (
        "second 60:60, same team loses double",
        [H("Anna", 60), H("Dora", 60), H("Berta", 10)],
        [{}, {}, {AC: 6}],
        {AC: (0, 6), BD: (0, 0)},
    ),
    ("after 60:60 other team wins simply", [H("Anna", 60), H("Berta", 70)], [{}, {BD: 2}], {AC: (0, 0), BD: (0, 2)}),
    ("after 60:60 other team wins double", [H("Anna", 60), H("Dora", 95)], [{}, {BD: 3}], {AC: (0, 0), BD: (0, 3)}),
    ("after 60:60 other team loses double", [H("Anna", 60), H("Berta", 20)], [{}, {AC: 5}], {AC: (0, 5), BD: (0, 0)}),
    ("after 60:60 same team wins simply", [H("Anna", 60), H("Carl", 61)], [{}, {AC: 2}], {AC: (0, 2), BD: (0, 0)}),
    ("after 60:60 same team loses simply", [H("Anna", 60), H("Carl", 59)], [{}, {BD: 4}], {AC: (0, 0), BD: (0, 4)}),
    ("after 60:60 same team loses double", [H("Anna", 60), H("Anna", 30)], [{}, {BD: 6}], {AC: (0, 0), BD: (0, 6)}),
    ("forced and double", [H("Anna", 20, forced=True)], [{BD: 2}], {AC: (0, 0), BD: (0, 2)}),
    (
        "forced declarers who win score as usual",
        [H("Anna", 70, forced=True), H("Carl", 100, forced=True)],
        [{AC: 1}, {AC: 2}],
        {AC: (0, 3), BD: (0, 0)},
    ),
    (
        "forced while 60:60 pending, same team",
        [H("Anna", 60), H("Anna", 40, forced=True)],
        [{}, {BD: 4}],
        {AC: (0, 0), BD: (0, 4)},
    ),
    (
        "forced while 60:60 pending, same team double",
        [H("Anna", 60), H("Carl", 25, forced=True)],
        [{}, {BD: 6}],
        {AC: (0, 0), BD: (0, 6)},
    ),
    (
        "forced while 60:60 pending, other team",
        [H("Anna", 60), H("Berta", 50, forced=True)],
        [{}, {AC: 3}],
        {AC: (0, 3), BD: (0, 0)},
    ),
    (
        "a forced 60:60 is still pending",
        [H("Anna", 60, forced=True), H("Anna", 50)],
        [{}, {BD: 4}],
        {AC: (0, 0), BD: (0, 4)},
    ),
    (
        "61 wins, 89 is simple, 90 is double",
        [H("Anna", 61), H("Anna", 89), H("Anna", 90)],
        [{AC: 1}, {AC: 1}, {AC: 2}],
        {AC: (0, 4), BD: (0, 0)},
    ),
    ("opponents with 90 win double", [H("Berta", 31), H("Berta", 30)], [{AC: 2}, {AC: 4}], {AC: (0, 6), BD: (0, 0)}),
    # Several strokes at once across a head boundary: 8 + 6 = 14 = one Schafkopf and 5.
    (
        "crossing a head with 6 strokes",
        [H("Berta", 95)] * 4 + [H("Anna", 60), H("Anna", 20)],
        [{BD: 2}] * 4 + [{}, {BD: 6}],
        {AC: (0, 0), BD: (1, 5)},
    ),
    (
        "schwarz keeps the started head",
        [H("Anna", 70), H("Anna", 70), H("Carl", 120, schwarz=True)],
        [{AC: 1}, {AC: 1}, {AC: 9}],
        {AC: (1, 2), BD: (0, 0)},
    ),
    ("exactly full", [H("Anna", 95)] * 4 + [H("Anna", 70)], [{AC: 2}] * 4 + [{AC: 1}], {AC: (1, 0), BD: (0, 0)}),
]


@pytest.mark.parametrize(("hands", "strokes", "after"), [row[1:] for row in SEQUENCES], ids=[r[0] for r in SEQUENCES])
def test_stroke_sequences(hands, strokes, after) -> None:
    steps = run(hands)
    assert [awarded(s) for s in steps] == strokes
    assert drawn(steps[-1]) == after


def test_twelve_stroke_heads() -> None:
    steps = run([H("Anna", 95)] * 5 + [H("Anna", 95), H("Berta", 120, schwarz=True), H("Anna", 20)], TWELVE)
    assert [drawn(s)[AC] for s in steps[:6]] == [(0, 2), (0, 4), (0, 6), (0, 8), (0, 10), (1, 0)]
    assert awarded(steps[6]) == {BD: 12}
    assert drawn(steps[-1]) == {AC: (1, 0), BD: (1, 4)}
    assert KLASSISCH.status(TWELVE, steps[-1].after) == [
        "Anna+Carl 0/12, Berta+Dora 4/12 · Schafköpfe: Anna+Carl 1, Berta+Dora 1"
    ]


def test_k9_with_twelve_strokes_stays_in_the_head() -> None:
    steps = run(eight_strokes() + [H("Anna", 95)], TWELVE)
    assert drawn(steps[-1]) == {AC: (0, 10), BD: (0, 0)}


def test_other_stroke_counts() -> None:
    settings_ = registry.settings_for(KLASSISCH, ["striche=5"])
    steps = run([H("Anna", 95)] * 3, settings_)
    assert drawn(steps[-1]) == {AC: (1, 1), BD: (0, 0)}


def test_redraw_starts_a_new_partie_and_keeps_the_schafkoepfe() -> None:
    ab_cd = (("Anna", "Berta"), ("Carl", "Dora"))
    hands = [H("Anna", 95)] * 5 + [H("Anna", 60), H("Anna", 70, teams=ab_cd), H("Dora", 95, teams=ab_cd)]
    steps = run(hands, {"striche": 9, "einsatz": 10})
    assert drawn(steps[5]) == {AC: (1, 1), BD: (0, 0)}
    # The 60:60 of the old Partie does not carry into the new one: Anna's 70 is a simple win.
    assert awarded(steps[6]) == {"Anna+Berta": 1}
    assert drawn(steps[-1]) == {"Anna+Berta": (0, 1), "Carl+Dora": (0, 2)}
    carry: KlassischCarry = steps[-1].after.carry
    assert carry.partie == 2
    extras = KLASSISCH.player_extras({"striche": 9, "einsatz": 10}, steps[-1].after)
    assert extras == {
        "Anna": {"schafkoepfe": 1, "striche": 1, "cents": 20},
        "Berta": {"schafkoepfe": 0, "striche": 1, "cents": -20},
        "Carl": {"schafkoepfe": 1, "striche": 2, "cents": 20},
        "Dora": {"schafkoepfe": 0, "striche": 2, "cents": -20},
    }
    # Back to the first teams: a third Partie, afresh; the old Schafkopf stays with Anna and Carl.
    more = run(hands + [H("Carl", 70)])
    assert drawn(more[-1]) == {AC: (0, 1), BD: (0, 0)}
    assert more[-1].after.carry.partie == 3
    assert more[-1].after.carry.schafkoepfe_of("Carl") == 1


def test_same_teams_in_another_order_are_no_redraw() -> None:
    steps = run([H("Anna", 70), H("Anna", 70, teams=(("Dora", "Berta"), ("Carl", "Anna")))])
    assert drawn(steps[-1]) == {AC: (0, 2), BD: (0, 0)}
    assert steps[-1].after.carry.partie == 1


def test_without_teams_the_seat_order_plays_1_3_against_2_4() -> None:
    steps = table.replay(KLASSISCH, NINE, ("Anna", "Berta", "Carl", "Dora"), [Hand("spiel", player="Carl", augen=70)])
    assert steps[0].payout.points == {"Anna": 1, "Berta": 0, "Carl": 1, "Dora": 0}
    steps = table.replay(KLASSISCH, NINE, ("Anna", "Carl", "Berta", "Dora"), [Hand("spiel", player="Anna", augen=70)])
    assert steps[0].payout.points == {"Anna": 1, "Carl": 0, "Berta": 1, "Dora": 0}


def test_money_per_finished_schafkopf() -> None:
    table_settings = {"striche": 9, "einsatz": 50}
    steps = run([H("Anna", 95)] * 5 + [H("Dora", 0, schwarz=True), H("Dora", 0, schwarz=True)], table_settings)
    extras = KLASSISCH.player_extras(table_settings, steps[-1].after)
    # Anna+Carl drew three Schafköpfe: each of them gets 2×50 per head from Berta and Dora.
    assert {p: e["cents"] for p, e in extras.items()} == {"Anna": 300, "Berta": -300, "Carl": 300, "Dora": -300}
    assert {p: e["schafkoepfe"] for p, e in extras.items()} == {"Anna": 3, "Berta": 0, "Carl": 3, "Dora": 0}
    assert extras["Anna"]["striche"] == 1 and extras["Berta"]["striche"] == 0
    no_money = KLASSISCH.player_extras(NINE, steps[-1].after)
    assert {e["cents"] for e in no_money.values()} == {0}


def test_status_lines() -> None:
    steps = run([H("Anna", 95)] * 6 + [H("Berta", 50), H("Carl", 60)])
    assert KLASSISCH.status(NINE, steps[-1].after) == [
        "Anna+Carl 5/9, Berta+Dora 0/9 · Schafköpfe: Anna+Carl 1",
        "60:60 pending: Anna+Carl declared; the next hand decides",
    ]
    assert KLASSISCH.status(NINE, table.start(KLASSISCH, NINE, PLAYERS)) == ["Anna+Carl 0/9, Berta+Dora 0/9"]


def test_breakdown_explains_the_strokes() -> None:
    steps = run([H("Anna", 60), H("Anna", 25), H("Carl", 92), H("Berta", 0, schwarz=True)])
    tie, lost, won, schwarz = (s.payout for s in steps)
    assert tie.value == 0 and tie.winners == () and "next hand decides" in tie.formula
    assert lost.formula == "lost after 60:60, same declarers 4 + double 2 = 6"
    assert lost.split == "Berta+Dora draw 6 strokes: Berta +6, Dora +6"
    assert won.formula == "won 1 + double 1 = 2"
    assert schwarz.formula == "schwarz: a whole Schafkopf 9 = 9"
    assert schwarz.winners == ("Anna", "Carl")
    assert "the started one stays at 2/9" in schwarz.split


def test_carry_exposes_what_the_drawing_needs() -> None:
    steps = run([H("Anna", 95)] * 5 + [H("Berta", 60)])
    carry: KlassischCarry = steps[-1].after.carry
    assert carry.teams == TEAMS
    assert carry.strokes == (1, 0) and carry.heads == (1, 0)
    assert carry.pending_team == ("Berta", "Dora") and carry.pending_player == "Berta"
    views = KLASSISCH.teams_view(NINE, steps[-1].after)
    assert [(v.name, v.schafkoepfe, v.strokes, v.head_size, v.pending) for v in views] == [
        (AC, 1, 1, 9, False),
        (BD, 0, 0, 9, True),
    ]


def test_redraw_before_the_next_hand() -> None:
    state = run([H("Anna", 95)] * 5)[-1].after
    redrawn = KLASSISCH.redraw(NINE, state, (("Dora", "Anna"), ("Berta", "Carl")))
    views = KLASSISCH.teams_view(NINE, redrawn)
    assert [(v.name, v.schafkoepfe, v.strokes) for v in views] == [("Anna+Dora", 0, 0), ("Berta+Carl", 0, 0)]
    assert KLASSISCH.player_extras(NINE, redrawn)["Carl"] == {"schafkoepfe": 1, "striche": 0, "cents": 0}
    assert KLASSISCH.redraw(NINE, state, TEAMS).carry == state.carry


# -- refusals ------------------------------------------------------------------------------------


def score(hand: Hand, table_settings: Mapping[str, int] = NINE):
    return KLASSISCH.score(table_settings, table.start(KLASSISCH, table_settings, PLAYERS), hand)


@pytest.mark.parametrize(
    ("hand", "option"),
    [
        (Hand("spiel", augen=70), "--player"),
        (Hand("spiel", player="Anna"), "--augen N"),
        (H("Anna", 130), "--augen N"),
        (H("Anna", -1), "--augen N"),
        (H("Erich", 70), "--player"),
        (H("Anna", 95, schwarz=True), "--schwarz"),
        (H("Anna", 60, schwarz=True), "--schwarz"),
        (H("Anna", 70, partner="Carl"), "--partner"),
        (H("Anna", 70, laufende=3), "--laufende"),
        (H("Anna", 70, bock=True), "--bock"),
        (H("Anna", 70, kontra=True), "--kontra"),
        (H("Anna", 70, won=True), "--won/--lost"),
        (Hand("solo", player="Anna", augen=70), "spiel"),
        (H("Anna", 70, teams=(("Anna", "Berta"), ("Anna", "Dora"))), "--teams"),
        (H("Anna", 70, teams=(("Anna", "Berta", "Carl"), ("Dora",))), "--teams"),
        (H("Anna", 70, teams=(("Anna", "Erich"), ("Berta", "Dora"))), "--teams"),
        (H("Anna", 70, teams=(("Anna", "Carl"),)), "--teams"),
    ],
)
def test_refusals_name_the_option(hand: Hand, option: str) -> None:
    with pytest.raises(HandError) as err:
        score(hand)
    assert option in str(err.value)
    assert str(err.value).endswith(".")


def test_teams_are_checked_and_read_as_typed() -> None:
    assert parse_teams(PLAYERS, ["carl+ANNA", "berta+dora"]) == TEAMS
    assert check_teams(PLAYERS, (("Dora", "Berta"), ("Carl", "Anna"))) == TEAMS
    with pytest.raises(HandError, match="--teams: Erich is not a player"):
        parse_teams(PLAYERS, ["Anna+Erich", "Berta+Dora"])
    with pytest.raises(HandError, match="--teams must be two pairs"):
        parse_teams(PLAYERS, ["Anna+Carl+Berta", "Dora"])


@pytest.mark.parametrize("assignment", ["striche=4", "striche=0", "einsatz=-5", "striche=neun"])
def test_bad_settings(assignment: str) -> None:
    with pytest.raises(SettingsError, match="--set"):
        registry.settings_for(KLASSISCH, [assignment])


def test_rule_set_shape() -> None:
    assert registry.get("klassisch") is KLASSISCH
    assert registry.settings_for(KLASSISCH) == {"striche": 9, "einsatz": 0}
    assert registry.settings_for(KLASSISCH, ["striche=12", "einsatz=20"]) == {"striche": 12, "einsatz": 20}
    assert list(KLASSISCH.types) == ["spiel"]
    assert (KLASSISCH.min_players, KLASSISCH.max_players, KLASSISCH.zero_sum) == (4, 4, False)
    assert KLASSISCH.seats_per_hand(NINE, 4) == 4
    with pytest.raises(SettingsError, match="4 players"):
        table.start(KLASSISCH, NINE, PLAYERS + ("Erich",))


def test_hands_round_trip_through_stored_facts() -> None:
    hands = [H("Anna", 60), H("Berta", 0, schwarz=True, forced=True)]
    again = [Hand.from_facts(h.to_facts()) for h in hands]
    assert [s.payout for s in run(again)] == [s.payout for s in run(hands)]


# -- properties ----------------------------------------------------------------------------------

PAIRINGS = [TEAMS, (("Anna", "Berta"), ("Carl", "Dora")), (("Anna", "Dora"), ("Berta", "Carl"))]


@st.composite
def hands(draw) -> Hand:
    augen = draw(st.one_of(st.integers(0, 120), st.sampled_from([0, 30, 31, 59, 60, 61, 89, 90, 120])))
    schwarz = augen in (0, 120) and draw(st.booleans())
    return Hand(
        "spiel",
        player=draw(st.sampled_from(PLAYERS)),
        augen=augen,
        forced=draw(st.booleans()),
        schwarz=schwarz,
        teams=draw(st.sampled_from([TEAMS] * 6 + PAIRINGS[1:] + [None])),
    )


@settings(max_examples=150, deadline=None)
@given(st.lists(hands(), max_size=30), st.sampled_from([5, 9, 12, 15]), st.integers(0, 100))
def test_strokes_add_up(played: list[Hand], striche: int, einsatz: int) -> None:
    table_settings = {"striche": striche, "einsatz": einsatz}
    steps = run(played, table_settings)
    given_to: dict[tuple[str, str], int] = {}
    heads_of = {p: 0 for p in PLAYERS}
    for step in steps:
        before: KlassischCarry = step.before.carry
        carry: KlassischCarry = step.after.carry
        if carry.teams != before.teams:
            given_to = {}
        points = step.payout.points
        assert all(isinstance(v, int) and v >= 0 for v in points.values())
        scorers = {p for p, v in points.items() if v}
        # Only one team gets strokes in a hand, both its players the same number.
        assert scorers in ({*carry.teams[0]}, {*carry.teams[1]}, set())
        assert len({points[p] for p in scorers}) <= 1
        assert evaluate(step.payout.terms) == step.payout.value == max(points.values())
        assert step.payout.value in (0, 1, 2, 3, 4, 5, 6, striche)
        for i, team in enumerate(carry.teams):
            given_to[team] = given_to.get(team, 0) + points[team[0]]
            assert 0 <= carry.strokes[i] < striche
            # Every stroke awarded in the Partie is in the drawing: finished heads × striche + the current head.
            assert carry.heads[i] * striche + carry.strokes[i] == given_to[team]
            new_heads = carry.heads[i] - (before.heads[i] if carry.teams == before.teams else 0)
            for p in team:
                heads_of[p] += new_heads
        assert dict(carry.schafkoepfe) == heads_of
    state = steps[-1].after if steps else table.start(KLASSISCH, table_settings, PLAYERS)
    extras = KLASSISCH.player_extras(table_settings, state)
    assert sum(e["cents"] for e in extras.values()) == 0
    assert {p: e["schafkoepfe"] for p, e in extras.items()} == heads_of
    assert all(isinstance(line, str) and line for line in KLASSISCH.status(table_settings, state))


@settings(max_examples=50, deadline=None)
@given(st.lists(hands(), max_size=20))
def test_replaying_gives_the_same_strokes(played: list[Hand]) -> None:
    first, second = run(played), run(played)
    assert [s.payout for s in first] == [s.payout for s in second]
    assert [s.after for s in first] == [s.after for s in second]
