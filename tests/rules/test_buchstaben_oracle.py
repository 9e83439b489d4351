"""An independent oracle for `buchstaben` (Buchstaben-Schafkopf for 2, 3 and 4), from RULES.md §2
and issue 3 only.

`oracle_fold` below was written from the specification text before `schreiber/rules/buchstaben.py`
was read (the app was read afterwards only to look for corners the generators should reach; the
one reading added then is the partnerless Spritze Rufspiel, marked below). It is a plain fold over a table's hands: for each hand it gives the points of every
player of the table, the dealer index after the hand and the winners of the hand. The property
tests compare it with `schreiber.rules.table.replay` hand by hand on random valid hand sequences
for 2, 3 and 4 players, with throw-ins and misdeals mixed in.

How each sentence of §2 is read (the readings are repeated where they are used):

* "Each player of the winning party gets the full value; losers get 0. Nothing is zero-sum." —
  the value V is given, undivided, to every winner; every other player of the table gets 0.
  When the player party loses, the *opponents* are the winners and each gets V (B2, B4).
* "Value = (game + Schneider + Schwarz) × Spritze × Doppelt + Laufende." — taken literally,
  whoever wins: a lost game pays its Schneider, Schwarz and Laufende to the opponents as well
  (the Laufende are a property of the hand, not of the winning side).
* "The player party wins with 25 Augen or more; 24:24 is lost" — won ⇔ augen ≥ `gewinn_ab`
  (default 25). Du and Bettel are not decided by Augen but by `--won/--lost`.
* "Schneider +1: the losing party has at most 12 Augen; not in solo, bettel, du" — the losing
  party's Augen are 48 − augen when the player party won, else augen; Schneider ⇔ those
  ≤ `schneider_bis` (default 12). Applies to rufspiel and the 3-player spiel only. A 2-player
  solo is "scored as a solo", so no Schneider there either.
* "Schwarz +1: the losing party took no trick; not in bettel, du" — the `--schwarz` flag; the
  app only accepts it with augen 0 or 48 (a party with no trick has no Augen), which the
  generator respects. Schwarz implies Schneider where Schneider applies (0 ≤ 12).
* "Spritze ×2" — the spritzer is recorded as the player; the hand is scored as the same game
  with ×2. Not for Jeder gegen Jeden (no player to take over; the app refuses the flag there).
* "Laufende: from 3 Laufende, +1 per Laufender (up to 8), added after the factors, never
  doubled; not in bettel" — n Laufende add min(n, `laufende_max`) when n ≥ `laufende_ab`, else 0;
  added after Spritze and Doppelt. Entered 0–8.
* "Zusammenwerfen (nobody plays, 4 players): no points; the next dealer deals; the next played
  hand counts Doppelt. Only one hand is ever doubled this way … With 3 players there is no
  Doppelt." — a pending flag (not a counter) set by a throw-in at a 4-player table and
  consumed by the next *played* hand (rufspiel, solo, du, bettel, jeder-gegen-jeden). A misdeal
  is not a played hand, so it neither consumes nor (by default) causes the Doppelt.
* Jeder gegen Jeden under a pending Doppelt: it is a played hand, so it is the hand that counts
  Doppelt: its value (`jeder_gegen_jeden_wert`, +1) is doubled. The text does not say this
  outright (Jeder gegen Jeden is itself a "choice" row); this is also the app's reading.
* "Vergeben: the first misdeal of a dealer: no points, the same dealer deals again. The same
  dealer's second misdeal in a row: every other active player +1, and the next seat deals." —
  a counter of consecutive misdeals; since the first one keeps the dealer, "in a row by the
  same dealer" is "the hand before was a misdeal that kept the dealer". The second one pays
  +1 (never multiplied: it is not a played hand, so no Doppelt) to each active player but the
  dealer, passes the deal and resets the counter; any non-misdeal hand resets it too.
  "A misdeal does not cause Doppelt (choice)" — the setting `vergeben_doppelt` (default off)
  turns it on: then every misdeal at a 4-player table makes the next played hand Doppelt.
* "Game types by table size" — 4: rufspiel, solo, du, bettel, zusammengeworfen, vergeben,
  jeder-gegen-jeden; 3: spiel (1 = `spiel_wert`), du, bettel, zusammengeworfen, vergeben,
  jeder-gegen-jeden; 2: solo, jeder-gegen-jeden. (At 3 players a throw-in passes the deal and
  never doubles.)
* "Jeder gegen Jeden: the winner is the player with the most Augen, ties broken by the most
  tricks; players still tied all win. Each winner +1." — `--augen NAME=N` for every player;
  among those with the most Augen, if tricks were entered (the app wants them for every
  player once any are given), those with the most tricks; all that remain win.
* "dealer rotation: the deal passes one seat clockwise after each hand unless a rule says the
  same dealer deals again" — only the first misdeal keeps the dealer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schreiber.rules import registry
from schreiber.rules.model import Hand, HandError
from schreiber.rules.table import replay

RULES = registry.get("buchstaben")
DEFAULTS = registry.settings_for(RULES)
NAMES = ("Anna", "Berta", "Carl", "Dora")

TYPES_BY_SIZE = {
    4: (
        "rufspiel",
        "solo",
        "du",
        "bettel",
        "zusammengeworfen",
        "vergeben",
        "jeder-gegen-jeden",
    ),
    3: ("spiel", "du", "bettel", "zusammengeworfen", "vergeben", "jeder-gegen-jeden"),
    2: ("solo", "jeder-gegen-jeden"),
}
# Tricks in a hand, for generating --stiche: 32 cards. (Only the 4-player sum is checked by the
# app; 3 and 2 players are given a plausible count.)
TRICKS = {4: 8, 3: 10, 2: 16}


# ---------------------------------------------------------------------------------------------
# The oracle
# ---------------------------------------------------------------------------------------------


def _laufende(s: Mapping[str, Any], n: int | None) -> int:
    # "from 3 Laufende, +1 per Laufender (up to 8)": 3 → +3, 8 → +8, 2 → 0.
    n = n or 0
    return min(n, s["laufende_max"]) if n >= s["laufende_ab"] else 0


def _played_value(s: Mapping[str, Any], players: Sequence[str], hand: Hand, doppelt: bool):
    """(value, winners) of a played hand; `doppelt` is the pending throw-in Doppelt."""
    factor_d = 2 if doppelt else 1
    t = hand.type
    if t == "jeder-gegen-jeden":
        # Most Augen; ties by most tricks (when entered); still tied → all win; each winner +1
        # (× Doppelt: it is the next played hand — see the module docstring).
        augen = hand.augen_by_player
        top = max(augen[p] for p in players)
        tied = [p for p in players if augen[p] == top]
        if len(tied) > 1 and hand.stiche:
            most = max(hand.stiche.get(p, 0) for p in tied)
            tied = [p for p in tied if hand.stiche.get(p, 0) == most]
        return s["jeder_gegen_jeden_wert"] * factor_d, tuple(tied)

    # A Rufspiel taken over by a Spritze may be recorded without a partner (the spritzer then
    # plays alone against three, still valued as a Rufspiel): §2 does not say whether the
    # spritzer keeps a partner; the app leaves it to what the table records — followed here.
    party = {hand.player} | ({hand.partner} if t == "rufspiel" and hand.partner else set())
    others = tuple(p for p in players if p not in party)
    schneider = schwarz = 0
    if t in ("rufspiel", "spiel", "solo"):
        base = {"rufspiel": 1, "spiel": s["spiel_wert"], "solo": 2}[t]
        won = hand.augen >= s["gewinn_ab"]  # 25 wins, 24:24 is lost
        losing_augen = 48 - hand.augen if won else hand.augen
        if t != "solo" and losing_augen <= s["schneider_bis"]:  # no Schneider in a solo
            schneider = 1
        schwarz = 1 if hand.schwarz else 0
        lauf = _laufende(s, hand.laufende)
    elif t == "du":
        base, won = 4, bool(hand.won)  # no Schneider, no Schwarz
        lauf = _laufende(s, hand.laufende)
    elif t == "bettel":
        base, won, lauf = 2, bool(hand.won), 0  # no Schneider, Schwarz, Laufende
    else:  # pragma: no cover
        raise AssertionError(t)
    value = (base + schneider + schwarz) * (2 if hand.spritze else 1) * factor_d + lauf
    winners = tuple(p for p in players if p in party) if won else others
    return value, winners


def oracle_fold(s: Mapping[str, Any], players: Sequence[str], hands: Sequence[Hand], dealer: int = 0):
    """[(points, dealer after, winners, value)] per hand."""
    players = tuple(players)
    n = len(players)
    doppelt = False  # a pending Doppelt: a flag, so several throw-ins never stack
    misdeals = 0  # misdeals in a row by the current dealer
    out = []
    for hand in hands:
        points = {p: 0 for p in players}
        winners: tuple[str, ...] = ()
        value = 0
        if hand.type == "vergeben":
            misdeals += 1
            if s["vergeben_doppelt"] and n == 4:
                doppelt = True  # the choice "a misdeal does not cause Doppelt", turned on
            if misdeals == 1:
                pass  # the same dealer deals again, no points
            else:
                value = 1
                winners = tuple(p for i, p in enumerate(players) if i != dealer)
                for p in winners:
                    points[p] = 1
                misdeals = 0
                dealer = (dealer + 1) % n
        elif hand.type == "zusammengeworfen":
            misdeals = 0
            if n == 4:
                doppelt = True
            dealer = (dealer + 1) % n
        else:
            misdeals = 0
            value, winners = _played_value(s, players, hand, doppelt)
            doppelt = False
            for p in winners:
                points[p] = value
            dealer = (dealer + 1) % n
        out.append((points, dealer, winners, value))
    return out


def app_fold(s, players, hands, dealer=0):
    return [(dict(step.payout.points), step.after.dealer) for step in replay(RULES, s, players, hands, dealer)]


# ---------------------------------------------------------------------------------------------
# B1–B5 as a check of the oracle (and of the app)
# ---------------------------------------------------------------------------------------------

ABCD = NAMES
EXAMPLES = [
    (
        "B1",
        [
            Hand("zusammengeworfen"),
            Hand("rufspiel", player="Anna", partner="Carl", augen=36, laufende=3),
        ],
        {"Anna": 7, "Berta": 0, "Carl": 7, "Dora": 0},
    ),
    (
        "B2",
        [Hand("rufspiel", player="Anna", partner="Carl", augen=24)],
        {"Anna": 0, "Berta": 1, "Carl": 0, "Dora": 1},
    ),
    (
        "B3",
        [Hand("solo", player="Berta", augen=48, schwarz=True, laufende=4)],
        {"Anna": 0, "Berta": 7, "Carl": 0, "Dora": 0},
    ),
    (
        "B4",
        [Hand("solo", player="Berta", augen=20, spritze=True)],
        {"Anna": 4, "Berta": 0, "Carl": 4, "Dora": 4},
    ),
    (
        "B5",
        [Hand("du", player="Dora", won=True, laufende=5)],
        {"Anna": 0, "Berta": 0, "Carl": 0, "Dora": 9},
    ),
]


@pytest.mark.parametrize("name,hands,expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_worked_example_oracle(name, hands, expected):
    assert oracle_fold(DEFAULTS, ABCD, hands)[-1][0] == expected


@pytest.mark.parametrize("name,hands,expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_worked_example_app(name, hands, expected):
    assert app_fold(DEFAULTS, ABCD, hands)[-1][0] == expected


def test_oracle_misdeal_and_throw_in_corners():
    # Two misdeals by Anna: Berta, Carl, Dora +1, Berta deals; then a first misdeal by Berta.
    hands = [Hand("vergeben"), Hand("vergeben"), Hand("vergeben")]
    got = oracle_fold(DEFAULTS, ABCD, hands)
    assert [d for _, d, _, _ in got] == [0, 1, 1]
    assert got[1][0] == {"Anna": 0, "Berta": 1, "Carl": 1, "Dora": 1}
    # Two throw-ins double just the next played hand, once.
    hands = [
        Hand("zusammengeworfen"),
        Hand("zusammengeworfen"),
        Hand("solo", player="Anna", augen=30),
        Hand("solo", player="Anna", augen=30),
    ]
    assert [r[3] for r in oracle_fold(DEFAULTS, ABCD, hands)] == [0, 0, 4, 2]
    # No Doppelt at 3 players.
    hands = [Hand("zusammengeworfen"), Hand("spiel", player="Anna", augen=30)]
    assert oracle_fold(DEFAULTS, ABCD[:3], hands)[-1][0] == {
        "Anna": 1,
        "Berta": 0,
        "Carl": 0,
    }


# Corners, each checked against the oracle and the app: (players, settings, hands, points of the
# last hand, dealer after the last hand). The first player deals the first hand.
CORNERS = [
    # several throw-ins still double one hand only
    (
        "2 throw-ins",
        4,
        {},
        [Hand("zusammengeworfen")] * 2 + [Hand("solo", player="Anna", augen=30)] * 2,
        {"Anna": 2, "Berta": 0, "Carl": 0, "Dora": 0},
        0,
    ),
    # a misdeal neither uses up nor causes the Doppelt; the second misdeal's +1 is never doubled
    (
        "doppelt survives misdeals",
        4,
        {},
        [Hand("zusammengeworfen"), Hand("vergeben"), Hand("vergeben")],
        {"Anna": 1, "Berta": 0, "Carl": 1, "Dora": 1},
        2,
    ),
    (
        "doppelt after misdeals",
        4,
        {},
        [
            Hand("zusammengeworfen"),
            Hand("vergeben"),
            Hand("vergeben"),
            Hand("du", player="Dora", won=False),
        ],
        {"Anna": 8, "Berta": 8, "Carl": 8, "Dora": 0},
        3,
    ),
    (
        "no doppelt from a misdeal",
        4,
        {},
        [Hand("vergeben"), Hand("du", player="Dora", won=True)],
        {"Anna": 0, "Berta": 0, "Carl": 0, "Dora": 4},
        1,
    ),
    (
        "vergeben_doppelt",
        4,
        {"vergeben_doppelt": True},
        [Hand("vergeben"), Hand("du", player="Dora", won=True)],
        {"Anna": 0, "Berta": 0, "Carl": 0, "Dora": 8},
        1,
    ),
    (
        "vergeben_doppelt, 3 players",
        3,
        {"vergeben_doppelt": True},
        [Hand("vergeben"), Hand("du", player="Carl", won=True)],
        {"Anna": 0, "Berta": 0, "Carl": 4},
        1,
    ),
    # a misdeal, a played hand by the same dealer, a misdeal: the count started again
    (
        "not in a row",
        3,
        {},
        [Hand("vergeben"), Hand("bettel", player="Anna", won=True), Hand("vergeben")],
        {"Anna": 0, "Berta": 0, "Carl": 0},
        1,
    ),
    (
        "third misdeal is a first",
        3,
        {},
        [Hand("vergeben")] * 3,
        {"Anna": 0, "Berta": 0, "Carl": 0},
        1,
    ),
    (
        "fourth misdeal pays",
        3,
        {},
        [Hand("vergeben")] * 4,
        {"Anna": 1, "Berta": 0, "Carl": 1},
        2,
    ),
    (
        "no doppelt at 3",
        3,
        {},
        [Hand("zusammengeworfen"), Hand("spiel", player="Carl", augen=40, laufende=3)],
        {"Anna": 0, "Berta": 0, "Carl": 5},
        2,
    ),
    # lost with Schwarz: the opponents take Schneider, Schwarz and the Laufende
    (
        "lost schwarz",
        4,
        {},
        [
            Hand(
                "rufspiel",
                player="Anna",
                partner="Carl",
                augen=0,
                schwarz=True,
                laufende=3,
            )
        ],
        {"Anna": 0, "Berta": 6, "Carl": 0, "Dora": 6},
        1,
    ),
    (
        "2-player solo schwarz",
        2,
        {},
        [Hand("solo", player="Berta", augen=0, schwarz=True, laufende=8, spritze=True)],
        {"Anna": 14, "Berta": 0},
        1,
    ),
    (
        "jgj doppelt",
        4,
        {},
        [
            Hand("zusammengeworfen"),
            Hand(
                "jeder-gegen-jeden",
                augen_by_player={"Anna": 12, "Berta": 12, "Carl": 12, "Dora": 12},
                stiche={"Anna": 1, "Berta": 3, "Carl": 3, "Dora": 1},
            ),
        ],
        {"Anna": 0, "Berta": 2, "Carl": 2, "Dora": 0},
        2,
    ),
    (
        "jgj all tied",
        3,
        {},
        [
            Hand(
                "jeder-gegen-jeden",
                augen_by_player={"Anna": 16, "Berta": 16, "Carl": 16},
            )
        ],
        {"Anna": 1, "Berta": 1, "Carl": 1},
        1,
    ),
    (
        "spritze rufspiel alone",
        4,
        {},
        [Hand("rufspiel", player="Berta", augen=40, spritze=True)],
        {"Anna": 0, "Berta": 4, "Carl": 0, "Dora": 0},
        1,
    ),
    (
        "laufende 2 count nothing",
        4,
        {},
        [Hand("solo", player="Anna", augen=25, laufende=2)],
        {"Anna": 2, "Berta": 0, "Carl": 0, "Dora": 0},
        1,
    ),
]


@pytest.mark.parametrize("name,n,extra,hands,points,dealer", CORNERS, ids=[c[0] for c in CORNERS])
def test_corners(name, n, extra, hands, points, dealer):
    s = registry.settings_for(RULES, [f"{k}={str(v).lower()}" for k, v in extra.items()])
    players = NAMES[:n]
    oracle = oracle_fold(s, players, hands)[-1]
    assert (oracle[0], oracle[1]) == (points, dealer)
    assert app_fold(s, players, hands)[-1] == (points, dealer)


ALL_TYPES = sorted({t for ts in TYPES_BY_SIZE.values() for t in ts})


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("t", ALL_TYPES)
def test_types_by_table_size(n, t):
    """A type that does not fit the table size is refused with a sentence naming the ones that do."""
    players = NAMES[:n]
    hand = {
        "rufspiel": Hand("rufspiel", player="Anna", partner="Berta", augen=30),
        "spiel": Hand("spiel", player="Anna", augen=30),
        "solo": Hand("solo", player="Anna", augen=30),
        "du": Hand("du", player="Anna", won=True),
        "bettel": Hand("bettel", player="Anna", won=True),
        "jeder-gegen-jeden": Hand("jeder-gegen-jeden", augen_by_player={p: 0 for p in players} | {"Anna": 48}),
    }.get(t, Hand(t))
    if t in TYPES_BY_SIZE[n]:
        app_fold(DEFAULTS, players, [hand])
    else:
        with pytest.raises(HandError) as e:
            app_fold(DEFAULTS, players, [hand])
        assert all(ok in str(e.value) for ok in TYPES_BY_SIZE[n])


# ---------------------------------------------------------------------------------------------
# Generators
# ---------------------------------------------------------------------------------------------

AUGEN_EDGES = (0, 1, 11, 12, 13, 23, 24, 25, 26, 35, 36, 37, 47, 48)


@st.composite
def settings_st(draw):
    if draw(st.booleans()):
        return dict(DEFAULTS)
    lmax = draw(st.integers(1, 8))
    s = {
        "gewinn_ab": draw(st.sampled_from([25, 25, 24, 30, 1, 48])),
        "schneider_bis": draw(st.sampled_from([12, 12, 0, 14, 23, 47])),
        "laufende_ab": draw(st.integers(1, lmax)),
        "laufende_max": lmax,
        "spiel_wert": draw(st.integers(1, 3)),
        "jeder_gegen_jeden_wert": draw(st.integers(1, 3)),
        "vergeben_doppelt": draw(st.booleans()),
    }
    return registry.settings_for(RULES, [f"{k}={str(v).lower()}" for k, v in s.items()])


@st.composite
def hand_st(draw, players: tuple[str, ...]):
    n = len(players)
    t = draw(st.sampled_from(TYPES_BY_SIZE[n]))
    if t in ("zusammengeworfen", "vergeben"):
        return Hand(t)
    if t == "jeder-gegen-jeden":
        pool = (
            st.sampled_from([0, 6, 12, 16, 18, 24, 30, 32, 36, 42, 48]) if draw(st.booleans()) else st.integers(0, 48)
        )
        cuts = sorted(draw(st.lists(pool, min_size=n - 1, max_size=n - 1)))
        bounds = [0, *cuts, 48]
        augen = {p: bounds[i + 1] - bounds[i] for i, p in enumerate(players)}
        stiche: dict[str, int] = {}
        if draw(st.booleans()):
            # one trick to everyone with Augen, the rest anywhere (a trick can hold only nixers)
            stiche = {p: (1 if augen[p] else 0) for p in players}
            for _ in range(TRICKS[n] - sum(stiche.values())):
                stiche[draw(st.sampled_from(players))] += 1
        return Hand(t, augen_by_player=augen, stiche=stiche)
    player = draw(st.sampled_from(players))
    spritze = draw(st.booleans())
    laufende = draw(st.one_of(st.none(), st.integers(0, 8)))
    if t == "bettel":
        return Hand(t, player=player, won=draw(st.booleans()), spritze=spritze)
    if t == "du":
        return Hand(
            t,
            player=player,
            won=draw(st.booleans()),
            spritze=spritze,
            laufende=laufende,
        )
    augen = draw(st.one_of(st.sampled_from(AUGEN_EDGES), st.integers(0, 48)))
    schwarz = augen in (0, 48) and draw(st.booleans())
    partner = draw(st.sampled_from([p for p in players if p != player])) if t == "rufspiel" else None
    if partner and spritze and draw(st.integers(0, 3)) == 0:
        partner = None  # a spritzer who took the Rufspiel over alone
    return Hand(
        t,
        player=player,
        partner=partner,
        augen=augen,
        schwarz=schwarz,
        laufende=laufende,
        spritze=spritze,
    )


@st.composite
def table_st(draw):
    n = draw(st.sampled_from([2, 3, 4]))
    players = NAMES[:n]
    hands = draw(st.lists(hand_st(players), max_size=14))
    return draw(settings_st()), players, hands, draw(st.integers(0, n - 1))


PROPS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------------------------------------
# Properties
# ---------------------------------------------------------------------------------------------


@PROPS
@given(table_st())
def test_app_matches_oracle(table):
    s, players, hands, dealer = table
    want = oracle_fold(s, players, hands, dealer)
    got = app_fold(s, players, hands, dealer)
    for i, ((pts, d, _, _), (app_pts, app_d)) in enumerate(zip(want, got, strict=True)):
        assert (app_pts, app_d) == (pts, d), (i, hands[: i + 1])


@PROPS
@given(table_st())
def test_losers_never_score(table):
    s, players, hands, dealer = table
    steps = replay(RULES, s, players, hands, dealer)
    for step, (_, _, winners, value) in zip(steps, oracle_fold(s, players, hands, dealer), strict=True):
        pts = step.payout.points
        assert all(v >= 0 for v in pts.values())
        # everyone who scores scores the same full value, and only the winning side scores
        scorers = {p for p, v in pts.items() if v}
        assert scorers <= set(winners)
        assert len({pts[p] for p in scorers}) <= 1
        if step.hand.type not in ("zusammengeworfen", "vergeben"):
            assert scorers == set(winners) and value > 0
            # a party game is won by one side: the player party or all the opponents
            if step.hand.type != "jeder-gegen-jeden":
                party = {step.hand.player, step.hand.partner} - {None}
                assert scorers == party or scorers == set(players) - party


@PROPS
@given(table_st())
def test_value_does_not_depend_on_dealer(table):
    s, players, hands, _ = table
    runs = [replay(RULES, s, players, hands, d) for d in range(len(players))]
    for i, hand in enumerate(hands):
        values = {max(run[i].payout.points.values()) for run in runs}
        assert len(values) == 1, (i, hand)
        if hand.type != "vergeben":
            # a played hand or a throw-in: the very same points, whoever dealt
            assert len({tuple(run[i].payout.points.items()) for run in runs}) == 1, (
                i,
                hand,
            )
