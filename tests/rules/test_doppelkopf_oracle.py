"""An independent oracle for `doppelkopf-turnier` (RULES.md §3b) and the seed `doppelkopf` Alten table
with spot points (RULES.md §3), checked on the worked examples D1–D6 and compared hand by hand with
the app on random valid hands.

The oracle below was written from RULES.md alone, before reading schreiber/rules/doppelkopf.py.
Every rule is annotated with the sentence it comes from and how it is read here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schreiber.rules import registry, table
from schreiber.rules.model import Hand, HandError

P4 = ("Anna", "Berta", "Carl", "Dora")
P5 = ("Anna", "Berta", "Carl", "Dora", "Emil")
SOLO_TYPES = ("trumpfsolo", "farbsolo", "grandsolo", "bubensolo", "damensolo", "fleischlos")
FARBEN = ("kreuz", "pik", "herz", "karo")

TURNIER = registry.get("doppelkopf-turnier")
SEED = registry.get("doppelkopf")


# =================================================================================================
# Shared reading of the facts
# =================================================================================================
#
# `augen` are the Augen of the Re party (the soloist in a solo); Kontra has 240 − augen.
# `schwarz` (the app's --schwarz): "the losing party took no trick (--schwarz, Augen 0 or 240)".
#   Read as: the party with 0 Augen took no trick. (It cannot be the party with 240: that party
#   took tricks.) So with augen == 0 and schwarz Re took no trick; with augen == 240 and schwarz
#   Kontra took no trick; augen 0 / 240 *without* schwarz means the 0-Augen party took a trick
#   worth nothing (four Neuner).


def _re_took_a_trick(h: Hand) -> bool:
    return not (h.schwarz and h.augen == 0)


def _kontra_took_a_trick(h: Hand) -> bool:
    return not (h.schwarz and h.augen == 240)


def _is_solo(h: Hand) -> bool:
    # "In a solo (--player alone) the soloist plays against three"; a Hochzeit without a partner
    # "is scored as a solo" (§3 hand types).
    return h.partner is None


def _spread(h: Hand, players: Sequence[str], re_each: int) -> dict[str, int]:
    """Per-player points from the value for each Re player (before the solo factor).

    Normal game: each Re player gets re_each, each Kontra player −re_each.
    Solo: "the soloist gets ±3× the value, each opponent ∓1×" (§3b), and in §3 "the soloist
    gets 3× against each of the three opponents" — the same split.
    """
    if _is_solo(h):
        return {p: (3 * re_each if p == h.player else -re_each) for p in players}
    re_party = {h.player, h.partner}
    return {p: (re_each if p in re_party else -re_each) for p in players}


# =================================================================================================
# Oracle 1: doppelkopf-turnier (§3b)
# =================================================================================================
#
# Absage values: 90 / 60 / 30 / 0 (0 = schwarz). "An Absage implies the announcement."
# A deeper Absage includes every level above it: keine 60 is keine 90 + keine 60 (D3: "Re
# announced Re, keine 90, keine 60" is re_absage=60 and counts "two Absagen"; "a skipped level
# counts").
_LEVELS = (90, 60, 30, 0)


def _levels(absage: int | None) -> tuple[int, ...]:
    """The Absage levels an Absage to `absage` stands for (keine 60 -> (90, 60))."""
    if absage is None:
        return ()
    return tuple(level for level in _LEVELS if level >= absage)


# "A party's own Absage raises its target to 151 / 181 / 211 / every trick (keine 90 / 60 / 30 /
# schwarz)." — keine X means the other side ends with fewer than X, i.e. own Augen ≥ 241 − X.
_RAISED = {90: 151, 60: 181, 30: 211}
# "Against the other party's Absage a party that made no Absage itself needs only 90 / 60 / 30
# Augen / one trick." — against keine 90 it needs 90, against keine 60 → 60, keine 30 → 30,
# against schwarz → one trick (whatever its Augen).
# Step 4: "+1 each for reaching 120 against keine 90, 90 against keine 60, 60 against keine 30,
# 30 against schwarz" — "reaching" read as ≥; one point per level of the other party's Absage
# (D6: Kontra gets both "120 against keine 90" and "90 against keine 60" against keine 60).
_REACH = {90: 120, 60: 90, 30: 60, 0: 30}


def _meets_target(
    own_absage: int | None,
    other_absage: int | None,
    own_augen: int,
    own_tricks: bool,
    other_tricks: bool,
    base: int,
) -> bool:
    if own_absage is not None:  # own Absage: raised target (takes precedence)
        if own_absage == 0:
            return not other_tricks  # "every trick"
        return own_augen >= _RAISED[own_absage]
    if other_absage is not None:  # no own Absage, the other party made one: lowered target
        if other_absage == 0:
            return own_tricks  # "one trick"
        return own_augen >= other_absage
    return own_augen >= base


def _under(loser_augen: int, loser_tricks: bool, with_schwarz: bool = True) -> int:
    """Step 1 extras: "+1 each for the loser under 90, under 60, under 30, schwarz (no trick)".
    "under 90" read as fewer than 90 (89 or less)."""
    n = (loser_augen < 90) + (loser_augen < 60) + (loser_augen < 30)
    if with_schwarz:
        n += not loser_tricks
    return n


def _reached(own_augen: int, other_absage: int | None) -> int:
    """Step 4 for the party with `own_augen` against the other party's Absage."""
    return sum(own_augen >= _REACH[level] for level in _levels(other_absage))


def turnier_outcome(h: Hand) -> tuple[str, int]:
    """("re" | "kontra" | "nobody", value per Re player before the solo factor)."""
    a_re, a_ko = h.augen, 240 - h.augen
    re_tricks, ko_tricks = _re_took_a_trick(h), _kontra_took_a_trick(h)
    re_announced = h.re or h.re_absage is not None  # "an Absage implies the announcement"
    ko_announced = h.kontra or h.kontra_absage is not None
    # "Re needs 121 Augen; only 120 if Kontra alone was announced. Kontra needs 120; 121 if
    # Kontra alone was announced." — "Kontra alone" = Kontra announced (or absagt), Re did not.
    kontra_alone = ko_announced and not re_announced
    re_base, ko_base = (120, 121) if kontra_alone else (121, 120)
    re_wins = _meets_target(h.re_absage, h.kontra_absage, a_re, re_tricks, ko_tricks, re_base)
    ko_wins = _meets_target(h.kontra_absage, h.re_absage, a_ko, ko_tricks, re_tricks, ko_base)
    assert not (re_wins and ko_wins), h  # the targets exclude each other

    normal = not _is_solo(h)
    # Step 5, "Sonderpunkte, normal games only, 1 each, for the party that earned it, netted":
    # Doppelkopf per trick, Fuchs per fox, Karlchen 1 for the party that took the last trick with
    # the Kreuz-Bube (regardless of the result), gegen die Alten 1 for Kontra when Kontra won.
    sp_re = sp_ko = 0
    if normal:
        sp_re = (h.fuchs_re or 0) + (h.doppelkopf_re or 0) + (h.karlchen == "re")
        sp_ko = (h.fuchs_kontra or 0) + (h.doppelkopf_kontra or 0) + (h.karlchen == "kontra")
        sp_ko += ko_wins  # gegen die Alten (Kontra won)

    # Step 2: "Re announced +2, Kontra announced +2 (whoever wins)".
    announced = 2 * re_announced + 2 * ko_announced
    # Step 3: "each Absage level of either party +1 (keine 90, 60, 30, schwarz; a skipped level
    # counts)" — re_absage=30 alone is 3 levels.
    absagen = len(_levels(h.re_absage)) + len(_levels(h.kontra_absage))

    if re_wins:
        # Step 4 can only be earned by the winner: the winner met its target, so the loser is
        # below every threshold the winner's Absage sets.
        value = 1 + _under(a_ko, ko_tricks) + announced + absagen + _reached(a_re, h.kontra_absage)
        value += sp_re - sp_ko
        return "re", value
    if ko_wins:
        value = 1 + _under(a_re, re_tricks) + announced + absagen + _reached(a_ko, h.re_absage)
        value += sp_ko - sp_re
        return "kontra", -value
    # "If both parties made Absagen and both missed their targets, nobody wins." (The targets
    # leave no third case: without Absagen 121/120 or 120/121 split all 240 Augen; against a
    # single Absage the other side's lowered target is exactly the complement.)
    assert h.re_absage is not None and h.kontra_absage is not None, h
    # "When nobody wins, only the 'under X' steps (without the point for winning), step 4 and the
    # Sonderpunkte count, each for the party that earned it, netted." A party earns "under X"
    # when the *other* party has fewer than X. (schwarz cannot occur here: a party with every
    # trick meets any target.) Announcements and Absage levels do not count.
    re_earned = _under(a_ko, ko_tricks) + _reached(a_re, h.kontra_absage) + sp_re
    ko_earned = _under(a_re, re_tricks) + _reached(a_ko, h.re_absage) + sp_ko
    return "nobody", re_earned - ko_earned


def turnier_points(h: Hand, players: Sequence[str] = P4) -> dict[str, int]:
    if h.type == "zusammengeworfen":
        return {p: 0 for p in players}
    _, re_each = turnier_outcome(h)
    points = _spread(h, players, re_each)
    # "A 5th player (the dealer) gets 0." — _spread only names the four active players when the
    # caller passes them; sitting-out players are filled in by the caller.
    return points


# =================================================================================================
# Oracle 2: the seed `doppelkopf` Alten table with spot points (§3)
# =================================================================================================
#
# | Alten win (121 Augen or more) | +5 | ... "120:120 is lost".
# | win, opponents Schneider | +10 |  | win, opponents schwarz | +15 |
# | Alten lose | −10 |  | lose Schneider | −20 |  | lose schwarz | −30 |
# "Schneider: the losing party has fewer than 90 Augen" (setting schneider_unter = the 90).
# "Schwarz: the losing party took no trick" — schwarz beats Schneider (15 not 10 + ...).
# "The opponents' column is the mirror."
# Solo: "the same table from the soloist's side, and the soloist gets 3× against each of the
# three opponents". "A stilles Solo is won only schwarz" (setting stilles_solo_nur_schwarz,
# default on in this preset): won only when the soloist took every trick; if lost, the table row
# is chosen by the soloist's (the loser's) Augen as for any loss.
# Announcements (--re/--kontra) have no effect on the value in this preset (the rules text has
# none; §3 only names them as Bock triggers, and Bock is off by default).


def seed_points(h: Hand, stakes: dict[str, int], players: Sequence[str] = P4) -> dict[str, int]:
    if h.type == "zusammengeworfen":
        return {p: 0 for p in players}
    a_re, a_ko = h.augen, 240 - h.augen
    if h.type == "stilles-solo" and stakes["stilles_solo_nur_schwarz"]:
        alten_win = a_re == 240 and not _kontra_took_a_trick(h)
    else:
        alten_win = a_re >= 121
    if alten_win:
        loser_augen, loser_tricks = a_ko, _kontra_took_a_trick(h)
    else:
        loser_augen, loser_tricks = a_re, _re_took_a_trick(h)
    if not loser_tricks:
        step = 3
    elif loser_augen < stakes["schneider_unter"]:
        step = 2
    else:
        step = 1
    re_each = 5 * step if alten_win else -10 * step

    if not _is_solo(h):
        # Spot points ("Sonderpunkte"), normal games only; per player of each party:
        # - Fuchs: "per fox each player of the party that lost it pays the stake to the catching
        #   party" — each of the two losers pays the stake, so each catcher receives the stake
        #   (two pay, two receive): per fox ±stake per player.
        # - Doppelkopf trick: "like a Fuchs" — per trick ±stake per player, to the party that won it.
        # - Karlchen: "That party receives the stake if it wins the game and pays it on top if it
        #   loses." Read per player, like the table: Karlchen party ±stake, the others ∓stake.
        #   (Consequence of the literal text: the stake always goes to the winners of the game,
        #   whichever party took the Karlchen.)
        # - Altenstrafe: "Their owners pay the stake whatever the result." The owners of the two
        #   Kreuz-Damen are the Alten (Re); each Alte pays the stake, each opponent receives it
        #   (the setting's help says "each Alte pays this"). Ambiguity noted: "pay the stake"
        #   could also mean one stake split between the two owners; read per player here as
        #   everything else in §3 is per player.
        re_each += stakes["fuchs"] * ((h.fuchs_re or 0) - (h.fuchs_kontra or 0))
        re_each += stakes["doppelkopf"] * ((h.doppelkopf_re or 0) - (h.doppelkopf_kontra or 0))
        if h.karlchen is not None:
            karl_party_won = alten_win if h.karlchen == "re" else not alten_win
            karl = stakes["karlchen"] if karl_party_won else -stakes["karlchen"]
            re_each += karl if h.karlchen == "re" else -karl
        if h.altenstrafe:
            re_each -= stakes["altenstrafe"]
    return _spread(h, players, re_each)


SEED_DEFAULTS = {
    "schneider_unter": 90,
    "fuchs": 5,
    "karlchen": 5,
    "altenstrafe": 5,
    "doppelkopf": 0,
    "stilles_solo_nur_schwarz": True,
}


# =================================================================================================
# The app
# =================================================================================================


def app_points(rules: Any, hand: Hand, sets: Sequence[str] = (), players: Sequence[str] = P4) -> dict[str, int]:
    steps = table.replay(rules, registry.settings_for(rules, sets), players, [hand])
    return dict(steps[0].payout.points)


def RE(augen: int, **facts: Any) -> Hand:
    return Hand("normal", player="Anna", partner="Berta", augen=augen, **facts)


def re_kontra(v: int) -> dict[str, int]:
    return {"Anna": v, "Berta": v, "Carl": -v, "Dora": -v}


# =================================================================================================
# (2) The worked examples D1–D6 check the oracle (and the app)
# =================================================================================================

WORKED = [
    ("D1", RE(130), re_kontra(1)),
    ("D2", RE(80, kontra=True), re_kontra(-5)),
    ("D3", RE(130, re=True, re_absage=60), re_kontra(-7)),
    ("D4", Hand("trumpfsolo", player="Carl", augen=150), {"Anna": -1, "Berta": -1, "Carl": 3, "Dora": -1}),
    ("D5", RE(160, re=True, re_absage=90, fuchs_re=1), re_kontra(6)),
    ("D6", RE(100, re_absage=60, kontra_absage=60), re_kontra(-1)),
]


@pytest.mark.parametrize(("name", "hand", "expected"), WORKED, ids=[w[0] for w in WORKED])
def test_worked_examples_oracle(name: str, hand: Hand, expected: dict[str, int]) -> None:
    assert turnier_points(hand) == expected


@pytest.mark.parametrize(("name", "hand", "expected"), WORKED, ids=[w[0] for w in WORKED])
def test_worked_examples_app(name: str, hand: Hand, expected: dict[str, int]) -> None:
    assert app_points(TURNIER, hand) == expected


# A few hand-made checks of the seed oracle against the §3 table, each from the table row.
SEED_CASES = [
    (RE(121), [], re_kontra(5)),
    (RE(120), [], re_kontra(-10)),  # "120:120 is lost"
    (RE(151), [], re_kontra(10)),  # opponents 89 < 90: Schneider
    (RE(150), [], re_kontra(5)),  # opponents 90: not Schneider
    (RE(240, schwarz=True), [], re_kontra(15)),
    (RE(240), [], re_kontra(10)),  # opponents took a 0-Augen trick: Schneider, not schwarz
    (RE(89), [], re_kontra(-20)),
    (RE(0, schwarz=True), [], re_kontra(-30)),
    (Hand("trumpfsolo", player="Carl", augen=121), [], {"Anna": -5, "Berta": -5, "Carl": 15, "Dora": -5}),
    (Hand("trumpfsolo", player="Carl", augen=80), [], {"Anna": 20, "Berta": 20, "Carl": -60, "Dora": 20}),
    (RE(130, fuchs_kontra=1), [], re_kontra(0)),
    (RE(130, karlchen="kontra"), [], re_kontra(10)),
    (RE(100, karlchen="re"), [], re_kontra(-15)),
    (RE(130, altenstrafe=True), [], re_kontra(0)),
    (RE(130, doppelkopf_re=2), ["doppelkopf=3"], re_kontra(11)),
]


@pytest.mark.parametrize(("hand", "sets", "expected"), SEED_CASES)
def test_seed_oracle_by_hand(hand: Hand, sets: list[str], expected: dict[str, int]) -> None:
    stakes = dict(SEED_DEFAULTS)
    for s in sets:
        k, _, v = s.partition("=")
        stakes[k] = int(v)
    assert seed_points(hand, stakes) == expected
    assert app_points(SEED, hand, sets) == expected


# =================================================================================================
# (3) Random valid hands
# =================================================================================================

# Augen near every threshold either side, plus anything.
_EDGES = sorted({e + d for e in (0, 30, 60, 90, 120, 150, 180, 210, 240) for d in (-1, 0, 1, 2)} & set(range(241)))
augen_st = st.one_of(st.sampled_from(_EDGES), st.integers(0, 240))
absage_st = st.one_of(st.none(), st.sampled_from(_LEVELS))


@st.composite
def announcements(draw: st.DrawFn) -> dict[str, Any]:
    re_absage = draw(absage_st)
    kontra_absage = draw(absage_st)
    # With an Absage the announcement flag may be given or left implied.
    return {
        "re": draw(st.booleans()),
        "kontra": draw(st.booleans()),
        "re_absage": re_absage,
        "kontra_absage": kontra_absage,
    }


@st.composite
def spot_points(draw: st.DrawFn, augen: int, doppelkopf: bool = True) -> dict[str, Any]:
    """Sonderpunkte a normal game can physically have with Re holding `augen`.

    At most 2 foxes (Karo-Asse, 11 each) in all; at most 4 tricks of 40+ Augen in all (such a
    trick holds only Asse and Zehnen, 16 cards); a party's foxes and Doppelkopf tricks must fit its
    Augen; the Karlchen trick holds the Kreuz-Bube (2 Augen) and is a trick of that party.
    A seed table with the Doppelkopf stake 0 refuses Doppelkopf tricks ("off"): `doppelkopf`
    False draws none.
    """
    a_re, a_ko = augen, 240 - augen
    fr = draw(st.integers(0, min(2, a_re // 11)))
    fk = draw(st.integers(0, min(2 - fr, a_ko // 11)))
    dr = draw(st.integers(0, min(4, a_re // 40))) if doppelkopf else 0
    dk = draw(st.integers(0, min(4 - dr, a_ko // 40))) if doppelkopf else 0
    karl_options: list[str | None] = [None]
    if a_re >= 2:
        karl_options.append("re")
    if a_ko >= 2:
        karl_options.append("kontra")
    karl = draw(st.sampled_from(karl_options))

    def opt(n: int) -> int | None:
        return None if n == 0 and draw(st.booleans()) else n

    facts = {"fuchs_re": opt(fr), "fuchs_kontra": opt(fk), "karlchen": karl}
    if doppelkopf:  # (the app also refuses an explicit 0 when the stake is off)
        facts.update(doppelkopf_re=opt(dr), doppelkopf_kontra=opt(dk))
    return facts


# The tournament text (§3b) says nothing of the stilles Solo; §3 says "A stilles Solo is won
# only schwarz" for the seed preset. The app makes it a setting (choice) that is off by default
# in the tournament preset. The oracle scores a tournament stilles Solo as any solo, so the
# tournament tests set it off explicitly (see the report: with it on, §3b gives no value).
TURNIER_SETS = ["stilles_solo_nur_schwarz=false"]


@st.composite
def turnier_hands(draw: st.DrawFn, active: Sequence[str] = P4) -> Hand:
    augen = draw(augen_st)
    schwarz = augen in (0, 240) and draw(st.booleans())
    facts: dict[str, Any] = dict(augen=augen, schwarz=schwarz, **draw(announcements()))
    kind = draw(st.sampled_from(["normal", "normal", "normal", "hochzeit", "hochzeit-solo", "solo"]))
    player = draw(st.sampled_from(list(active)))
    if kind in ("normal", "hochzeit"):
        # A Hochzeit with the partner found is "as normal" (§3 hand types), Sonderpunkte included.
        partner = draw(st.sampled_from([p for p in active if p != player]))
        facts.update(draw(spot_points(augen)))
        return Hand(kind, player=player, partner=partner, **facts)
    pflicht = draw(st.booleans())
    if kind == "hochzeit-solo":
        # "without a partner in the first three tricks it is scored as a solo"
        return Hand("hochzeit", player=player, pflicht=pflicht, **facts)
    game = draw(st.sampled_from(SOLO_TYPES + ("stilles-solo",)))
    farbe = draw(st.sampled_from(FARBEN)) if game == "farbsolo" else None
    return Hand(game, player=player, farbe=farbe, pflicht=pflicht, **facts)


def _parity_and_sum(points: dict[str, int]) -> None:
    assert sum(points.values()) == 0
    assert len({v % 2 for v in points.values()}) == 1, points


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(turnier_hands())
def test_turnier_app_matches_oracle(hand: Hand) -> None:
    expected = turnier_points(hand)
    _parity_and_sum(expected)
    got = app_points(TURNIER, hand, TURNIER_SETS)
    _parity_and_sum(got)
    assert got == expected, (hand, turnier_outcome(hand))


def test_turnier_every_augen_and_announcement() -> None:
    """Exhaustive: every Augen 0–240 (schwarz at 0/240 or not) × Re/Kontra flags × every pair of
    Absagen (none/90/60/30/schwarz), as a normal game and as a solo — 48,600 hands."""
    rules_settings = registry.settings_for(TURNIER, TURNIER_SETS)
    absagen = (None, *_LEVELS)
    wrong = []
    for augen in range(241):
        for schwarz in (False, True) if augen in (0, 240) else (False,):
            for re_ in (False, True):
                for kontra in (False, True):
                    for ra in absagen:
                        for ka in absagen:
                            facts = {
                                "augen": augen,
                                "schwarz": schwarz,
                                "re": re_,
                                "kontra": kontra,
                                "re_absage": ra,
                                "kontra_absage": ka,
                            }
                            for hand in (RE(**facts), Hand("trumpfsolo", player="Carl", **facts)):
                                got = dict(table.replay(TURNIER, rules_settings, P4, [hand])[0].payout.points)
                                _parity_and_sum(got)
                                if got != turnier_points(hand):
                                    wrong.append((hand, got, turnier_points(hand)))
    assert not wrong, (len(wrong), wrong[:3])


@st.composite
def seed_hands(
    draw: st.DrawFn, active: Sequence[str] = P4, stakes: dict[str, Any] | None = None
) -> tuple[Hand, dict[str, Any], list[str]]:
    sets: list[str] = []
    if stakes is None:
        stakes = dict(SEED_DEFAULTS)
        for key, hi in (("schneider_unter", 120), ("fuchs", 20), ("karlchen", 20), ("altenstrafe", 20)):
            if draw(st.booleans()):
                stakes[key] = draw(st.integers(1, hi))
                sets.append(f"{key}={stakes[key]}")
        # The Doppelkopf trick: off by default; set a nonzero stake most of the time.
        if draw(st.integers(0, 3)):
            stakes["doppelkopf"] = draw(st.integers(1, 20))
            sets.append(f"doppelkopf={stakes['doppelkopf']}")
        if draw(st.booleans()):
            stakes["stilles_solo_nur_schwarz"] = False
            sets.append("stilles_solo_nur_schwarz=false")
    augen = draw(augen_st)
    schwarz = augen in (0, 240) and draw(st.booleans())
    facts: dict[str, Any] = {"augen": augen, "schwarz": schwarz}
    if draw(st.booleans()):  # announcements: no effect on the value here
        facts.update(re=draw(st.booleans()), kontra=draw(st.booleans()))
    player = draw(st.sampled_from(list(active)))
    kind = draw(st.sampled_from(["normal", "normal", "normal", "hochzeit", "hochzeit-solo", "solo"]))
    if kind in ("normal", "hochzeit"):
        partner = draw(st.sampled_from([p for p in active if p != player]))
        facts.update(draw(spot_points(augen, doppelkopf=stakes["doppelkopf"] > 0)))
        # Altenstrafe needs the two Kreuz-Damen in two hands: not in a Hochzeit.
        facts["altenstrafe"] = kind == "normal" and draw(st.booleans())
        return Hand(kind, player=player, partner=partner, **facts), stakes, sets
    pflicht = draw(st.booleans())
    if kind == "hochzeit-solo":
        return Hand("hochzeit", player=player, pflicht=pflicht, **facts), stakes, sets
    game = draw(st.sampled_from(SOLO_TYPES + ("stilles-solo",)))
    farbe = draw(st.sampled_from(FARBEN)) if game == "farbsolo" else None
    return Hand(game, player=player, farbe=farbe, pflicht=pflicht, **facts), stakes, sets


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed_hands())
def test_seed_app_matches_oracle(case: tuple[Hand, dict[str, Any], list[str]]) -> None:
    hand, stakes, sets = case
    expected = seed_points(hand, stakes)
    assert sum(expected.values()) == 0
    got = app_points(SEED, hand, sets)
    assert sum(got.values()) == 0
    assert got == expected, (hand, sets)


def test_seed_every_augen() -> None:
    """Exhaustive: every Augen (schwarz at 0/240 or not) × a few Schneider thresholds × normal,
    solo and stilles Solo (both settings)."""
    wrong = []
    for unter in (1, 60, 90, 91, 120):
        for nur_schwarz in (True, False):
            stakes = dict(SEED_DEFAULTS, schneider_unter=unter, stilles_solo_nur_schwarz=nur_schwarz)
            sets = [f"schneider_unter={unter}", f"stilles_solo_nur_schwarz={str(nur_schwarz).lower()}"]
            rules_settings = registry.settings_for(SEED, sets)
            for augen in range(241):
                for schwarz in (False, True) if augen in (0, 240) else (False,):
                    for hand in (
                        RE(augen, schwarz=schwarz),
                        Hand("grandsolo", player="Dora", augen=augen, schwarz=schwarz),
                        Hand("stilles-solo", player="Dora", augen=augen, schwarz=schwarz),
                    ):
                        got = dict(table.replay(SEED, rules_settings, P4, [hand])[0].payout.points)
                        if got != seed_points(hand, stakes):
                            wrong.append((hand, sets, got, seed_points(hand, stakes)))
    assert not wrong, (len(wrong), wrong[:3])


# -- Five or six at the table -----------------------------------------------------------------------
#
# "With 5 at the table the dealer sits out, with 6 the dealer and the seat opposite"; "Players
# sitting out get 0"; the deal passes one seat clockwise after each hand, except "After a
# Pflichtsolo the same dealer deals again" (§3b; in the seed preset the setting
# pflichtsolo_selber_geber, off by default, does the same). A Pflichtsolo is a solo with --pflicht
# (a Hochzeit without partner is scored as a solo, so it counts too). A throw-in passes the deal.

P6 = (*P5, "Frida")


def _sitting_out(players: Sequence[str], dealer: int) -> set[str]:
    n = len(players)
    return {players[dealer]} if n == 5 else {players[dealer], players[(dealer + 3) % n]}


@st.composite
def evening(draw: st.DrawFn, turnier: bool) -> dict[str, Any]:
    players = draw(st.sampled_from([P5, P6]))
    if turnier:
        rules, sets, stakes, same_dealer = TURNIER, list(TURNIER_SETS), None, True
    else:
        same_dealer = draw(st.booleans())
        rules, stakes = SEED, dict(SEED_DEFAULTS, doppelkopf=3)
        sets = ["doppelkopf=3", f"pflichtsolo_selber_geber={str(same_dealer).lower()}"]
    dealer = first = draw(st.integers(0, len(players) - 1))
    hands, expected = [], []
    for _ in range(draw(st.integers(1, 7))):
        out = _sitting_out(players, dealer)
        active = [p for p in players if p not in out]
        if draw(st.integers(0, 9)) == 0:
            hand = Hand("zusammengeworfen")
        elif turnier:
            hand = draw(turnier_hands(active))
        else:
            hand = draw(seed_hands(active, stakes))[0]
        pts = {p: 0 for p in players}
        pts.update(turnier_points(hand, active) if turnier else seed_points(hand, stakes, active))
        hands.append(hand)
        expected.append(pts)
        if not (same_dealer and hand.pflicht):
            dealer = (dealer + 1) % len(players)
    return {"rules": rules, "sets": sets, "players": players, "first": first, "hands": hands, "expected": expected}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.booleans().flatmap(evening))
def test_evenings_with_five_or_six(case: dict[str, Any]) -> None:
    rules = case["rules"]
    steps = table.replay(
        rules, registry.settings_for(rules, case["sets"]), case["players"], case["hands"], dealer=case["first"]
    )
    assert [dict(s.payout.points) for s in steps] == case["expected"]


# -- Refusals that §3 states -----------------------------------------------------------------------


def test_seed_spot_points_in_a_solo_are_an_error() -> None:
    # "Spot points are normal-game only; in a solo they are an error."
    with pytest.raises(HandError):
        app_points(SEED, Hand("trumpfsolo", player="Carl", augen=150, fuchs_re=1))
