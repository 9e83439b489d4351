"""Doppelkopf, the rule sets `doppelkopf` (the Alten table of the seed text) and `doppelkopf-turnier`
(the DDV tournament rules): the class and both presets are in game.py, named here for the registry."""

from schreiber.rules.doppelkopf.game import DOPPELKOPF, DOPPELKOPF_TURNIER, Doppelkopf
from schreiber.rules.doppelkopf.party import SOLOS

__all__ = ["DOPPELKOPF", "DOPPELKOPF_TURNIER", "SOLOS", "Doppelkopf"]
