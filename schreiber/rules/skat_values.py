"""What a Skat game is worth (RULES.md §7, the ISkO): the base values, the null values, the Spitzen a game
can have, the bids there are, the levels a game scores, and a game's name on the list. Pure values and
functions of a hand, shared by the rule set (rules/skat.py) and its list (rules/skat_list.py)."""

from __future__ import annotations

from schreiber.rules.model import Hand

TOTAL_AUGEN = 120
WIN = 61
SCHNEIDER = 90  # the declarer wins Schneider with this many, and is Schneider with 30 or fewer
SCHNEIDER_FREI = 31
# The most Augen two cards can hold: a declarer who took no trick has only his Skat's (ISkO 2.2.1, K14).
SKAT_AUGEN = 22

BASE: dict[str, int] = {"karo": 9, "herz": 10, "pik": 11, "kreuz": 12, "grand": 24}
NULL: dict[tuple[bool, bool], int] = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}
NULL_LABEL = {
    (False, False): "Null",
    (True, False): "Null Hand",
    (False, True): "Null ouvert",
    (True, True): "Null ouvert Hand",
}
GAME_LABEL = {"karo": "Karo", "herz": "Herz", "pik": "Pik", "kreuz": "Kreuz", "grand": "Grand"}

# Spitzen a game can have: the four Buben in a grand, Buben and the seven other trumps in a suit game.
MOST_SPITZEN = {"grand": 4, "karo": 11, "herz": 11, "pik": 11, "kreuz": 11}

# Every value some game can have: the only bids there are (18 … 264).
BIDS: frozenset[int] = frozenset(
    {base * m for base in (9, 10, 11, 12) for m in range(2, 19)} | {24 * m for m in range(2, 12)} | set(NULL.values())
)


def levels(hand: Hand) -> tuple[list[str], bool]:
    """The levels a suit game or grand scores beyond its Spitzen and the game itself, and whether it
    was won by its Augen or tricks (before the bid is looked at)."""
    hand_game = hand.hand or hand.ouvert
    angesagt_schwarz = hand.schwarz_angesagt or hand.ouvert
    angesagt_schneider = hand.schneider_angesagt or angesagt_schwarz
    out = ["Hand"] if hand_game else []
    if angesagt_schwarz:
        out += ["Schneider", "Schneider angesagt", "Schwarz", "Schwarz angesagt"]
        if hand.ouvert:
            out.append("ouvert")
        return out, bool(hand.won)
    augen = hand.augen or 0
    if angesagt_schneider or augen >= SCHNEIDER or augen < SCHNEIDER_FREI:
        out.append("Schneider")
    if angesagt_schneider:
        out.append("Schneider angesagt")
    if hand.schwarz:
        out.append("Schwarz")
    return out, augen >= (SCHNEIDER if angesagt_schneider else WIN)


def declarer(hand: Hand) -> str | None:
    """The declarer of a declared game (a suit game, grand or null); None for eingepasst and Ramsch."""
    return hand.player if hand.type in BASE or hand.type == "null" else None


def overbid_multiple(base: int, bid: int) -> int:
    """The smallest multiple of `base` that reaches `bid` (ISkO 5.4.2), as the multiplier."""
    return -(-bid // base)


def short_name(hand: Hand) -> str:
    """A game in a list's few words: "Kreuz m1", "Grand Hand o2", "Null ouvert", "eingepasst"."""
    if hand.type == "null":
        return NULL_LABEL[(hand.hand, hand.ouvert)]
    if hand.type not in BASE:
        return "Durchmarsch" if hand.durchmarsch else {"ramsch": "Ramsch"}.get(hand.type, hand.type)
    extra = " ouvert" if hand.ouvert else " Hand" if hand.hand else ""
    return f"{GAME_LABEL[hand.type]}{extra} {'o' if hand.ohne else 'm'}{hand.spitzen}"
