"""An independent reckoner for `skat`, written from RULES.md §7 alone (issue 39): the Skat list of a table
of 3 or 4, hand by hand, with overbids (K13), Schwarz with the Skat's Augen (K14), Kontra/Re, Bock
rounds and Ramsch. Nothing of schreiber/rules/skat.py is imported: its values, levels, bids and the
overbid rule are written here again from the text, and the property test compares them with
`replay` on random evenings.

Readings of the text (each noted where it is used):

* A 60:60 is a suit game or grand whose declarer has 60 Augen (a null or Ramsch has no Augen split).
* A Bock round's hands are used up by every hand (the deal passes after every hand in Skat), and two
  or three causes in one hand append one Doppelbock round (×4), as §1's queue says.
* A Ramsch under Bock counts ×2 (×4) too ("a Bock hand counts ×2").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schreiber.rules import registry
from schreiber.rules.model import Hand
from schreiber.rules.table import replay
from tests.helpers.skat import NULL_VALUE, SUIT_BASE, suit_value

# -- the reckoner --------------------------------------------------------------------------------

# "9, 10, 11 or 12 × 2–18, 24 × 2–11, or 23, 35, 46, 59"
VALID_BIDS = sorted(
    {b * m for b in (9, 10, 11, 12) for m in range(2, 19)} | {24 * m for m in range(2, 12)} | {23, 35, 46, 59}
)


def reckon(players: Sequence[str], hands: Sequence[dict[str, Any]], club: dict[str, bool]) -> list[dict[str, int]]:
    """The points of every player for each hand, in order; the first hand dealt by players[0]."""
    n = len(players)
    queue: list[list[int]] = []  # [factor, hands left], the round in front first
    out = []
    for i, h in enumerate(hands):
        dealer = players[i % n]
        active = [p for p in players if n == 3 or p != dealer]
        factor = queue[0][0] if queue else 1
        points = dict.fromkeys(players, 0)
        causes = int(bool(h.get("bock")))
        kind = h["type"]
        if kind == "ramsch":
            if h.get("durchmarsch"):
                points[h["durchmarsch"]] = 120 * factor
            else:
                augen = h["augen_by_player"]
                most = max(augen.values())
                lose = most * (2 if h.get("jungfrau") else 1) * factor
                for p in active:
                    if augen[p] == most:
                        points[p] = -lose
        elif kind in SUIT_BASE or kind == "null":
            if kind == "null":
                value, won = NULL_VALUE[(h.get("hand", False), h.get("ouvert", False))], h["won"]
            else:
                value, won = suit_value(h)
                causes += h.get("augen") == 60  # a 60:60
                bid = h.get("reizwert")
                if (
                    bid is not None and value < bid
                ):  # overbid: lost at the smallest multiple of the base reaching the bid
                    base = SUIT_BASE[kind]
                    value, won = base * -(-bid // base), False
            value *= (2 if h.get("kontra") else 1) * (2 if h.get("re") else 1) * factor
            causes += bool(h.get("re"))
            points[h["player"]] = value if won else -2 * value
        # eingepasst: 0 for everyone
        if queue:
            queue[0][1] -= 1
            if queue[0][1] == 0:
                queue.pop(0)
        if club.get("bock") and causes:
            queue.append([4 if causes >= 2 else 2, n])
        out.append(points)
    return out


# -- random evenings -----------------------------------------------------------------------------

SUITS = ("karo", "herz", "pik", "kreuz", "grand")


@st.composite
def declared(draw: st.DrawFn, player: str, club: dict[str, bool]) -> dict[str, Any]:
    kind = draw(st.sampled_from((*SUITS, "null")))
    h: dict[str, Any] = {"type": kind, "player": player}
    if kind == "null":
        h["hand"], h["ouvert"], h["won"] = draw(st.booleans()), draw(st.booleans()), draw(st.booleans())
        if draw(st.booleans()):
            value = NULL_VALUE[(h["hand"], h["ouvert"])]
            h["reizwert"] = draw(
                st.sampled_from([b for b in VALID_BIDS if b <= value])
            )  # a null above its value is refused
    else:
        h["spitzen"] = draw(st.integers(1, 4 if kind == "grand" else 11))
        h["ohne"] = draw(st.booleans())
        h["hand"] = draw(st.booleans())
        announced = draw(st.sampled_from(("none", "schneider", "schwarz", "ouvert"))) if h["hand"] else "none"
        if announced in ("schwarz", "ouvert"):
            h["schwarz_angesagt" if announced == "schwarz" else "ouvert"] = True
            h["won"] = draw(st.booleans())
        else:
            h["schneider_angesagt"] = announced == "schneider"
            # Augen near the edges, where the levels change, and anywhere else.
            h["augen"] = draw(
                st.one_of(st.sampled_from((0, 15, 22, 30, 31, 59, 60, 61, 89, 90, 119, 120)), st.integers(0, 120))
            )
            # Schwarz: every trick, or none (the declarer's Augen are his Skat's, 0–22: K14).
            h["schwarz"] = (h["augen"] == 120 or h["augen"] <= 22) and draw(st.booleans())
        if draw(st.booleans()):
            h["reizwert"] = draw(st.sampled_from(VALID_BIDS))  # overbids included, however far (K13)
    if club.get("kontra") and draw(st.booleans()):
        h["kontra"] = True
        h["re"] = draw(st.booleans())
    return h


@st.composite
def evenings(draw: st.DrawFn) -> tuple[tuple[str, ...], dict[str, bool], list[dict[str, Any]]]:
    players = ("Anna", "Berta", "Carl", "Dora")[: draw(st.sampled_from((3, 4)))]
    club = {"kontra": draw(st.booleans()), "bock": draw(st.booleans()), "ramsch": draw(st.booleans())}
    hands = []
    for i in range(draw(st.integers(1, 14))):
        dealer = players[i % len(players)]
        active = [p for p in players if len(players) == 3 or p != dealer]
        what = draw(st.sampled_from(("declared",) * 6 + ("eingepasst", "ramsch")))
        if what == "ramsch" and club["ramsch"]:
            if draw(st.integers(0, 5)) == 0:
                h: dict[str, Any] = {"type": "ramsch", "durchmarsch": draw(st.sampled_from(active))}
            else:
                first = draw(st.integers(0, 120))
                second = draw(st.integers(0, 120 - first))
                augen = dict(zip(active, (first, second, 120 - first - second)))
                h = {"type": "ramsch", "augen_by_player": augen}
                zero = [p for p in active if augen[p] == 0]
                if len(zero) == 1 and draw(st.booleans()):
                    h["jungfrau"] = (zero[0],)
        elif what == "eingepasst" or what == "ramsch":
            h = {"type": "eingepasst"}
        else:
            h = draw(declared(draw(st.sampled_from(active)), club))
        if club["bock"] and draw(st.integers(0, 6)) == 0:
            h["bock"] = True
        hands.append(h)
    return players, club, hands


def _hand(h: dict[str, Any]) -> Hand:
    return Hand(**{k: v for k, v in h.items() if k != "type" and (v is not False or k == "won")}, type=h["type"])


@given(evenings())
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_every_payout_is_the_reckoners(evening: tuple[tuple[str, ...], dict[str, bool], list[dict[str, Any]]]) -> None:
    players, club, hands = evening
    rules = registry.get("skat")
    sets = [f"{key}={'true' if on else 'false'}" for key, on in club.items()]
    steps = replay(rules, registry.settings_for(rules, sets), players, [_hand(h) for h in hands], 0)
    assert [dict(s.payout.points) for s in steps] == reckon(players, hands, club)


def test_the_reckoner_knows_the_worked_examples() -> None:
    """K1, K6, K13 and K14 of RULES.md §7, so the reckoner itself is held to the text."""
    three = ("Anna", "Berta", "Carl")
    hands = [
        {"type": "kreuz", "player": "Anna", "spitzen": 1, "augen": 75},
        {"type": "pik", "player": "Carl", "spitzen": 1, "augen": 70, "reizwert": 33},
        {"type": "pik", "player": "Anna", "spitzen": 1, "hand": True, "augen": 75, "reizwert": 72},
        {"type": "kreuz", "player": "Berta", "spitzen": 1, "ohne": True, "augen": 15, "schwarz": True},
    ]
    got = [p for p in reckon(three, hands, {})]
    assert [p["Anna"] for p in got] == [24, 0, -154, 0]
    assert got[1]["Carl"] == -66 and got[3]["Berta"] == -96
