"""A Skat game's value worked out from RULES.md's tables, independent of the rule set's code."""

from __future__ import annotations

from typing import Any


SUIT_BASE = {"karo": 9, "herz": 10, "pik": 11, "kreuz": 12, "grand": 24}


NULL_VALUE = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}


def suit_value(h: dict[str, Any]) -> tuple[int, bool]:
    """(V as played, won by Augen or tricks) of a suit game or grand, from §7 "Value"."""
    ouvert = h.get("ouvert", False)
    hand_game = h.get("hand", False) or ouvert  # Ouvert implies Hand
    schwarz_angesagt = h.get("schwarz_angesagt", False) or ouvert  # ... and Schwarz angesagt
    schneider_angesagt = h.get("schneider_angesagt", False) or schwarz_angesagt  # which implies Schneider angesagt
    multiplier = h["spitzen"] + 1
    multiplier += hand_game
    if schwarz_angesagt:
        # "Schwarz angesagt always adds Schneider, Schneider angesagt, Schwarz and Schwarz angesagt"
        multiplier += 4 + ouvert
        won = h["won"]
    else:
        augen = h["augen"]
        schneider = schneider_angesagt or augen >= 90 or augen <= 30
        multiplier += schneider + schneider_angesagt + bool(h.get("schwarz", False))
        won = augen >= (90 if schneider_angesagt else 61)
    return SUIT_BASE[h["type"]] * multiplier, won
