"""Schafkopf, the rule sets `schafkopf` (house rules in points) and `schafkopf-tarif` (the Bavarian
cash tariff in cents): the class and both presets are in game.py, named here for the registry."""

from schreiber.rules.schafkopf.game import SCHAFKOPF, SCHAFKOPF_TARIF, Schafkopf

__all__ = ["SCHAFKOPF", "SCHAFKOPF_TARIF", "Schafkopf"]
