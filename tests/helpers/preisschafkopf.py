"""Preisschafkopf hands as hypothesis draws them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from hypothesis import strategies as st
from schreiber.rules.model import Hand
from schreiber.rules.preisschafkopf import TYPES


TABLE = ("Anna", "Berta", "Carl", "Dora")


@st.composite
def hands(draw: Any, players: Sequence[str] = TABLE) -> Hand:
    kind = draw(st.sampled_from(list(TYPES)))
    player = draw(st.sampled_from(list(players)))
    facts: dict[str, Any] = {"player": player}
    if kind == "rufspiel":
        facts["partner"] = draw(st.sampled_from([p for p in players if p != player]))
    if kind.startswith("farbsolo"):
        facts["farbe"] = draw(st.sampled_from(["eichel", "gras", "herz", "schellen"]))
    if kind in ("bettel",) or kind.endswith("-tout"):
        facts["won"] = draw(st.booleans())
    else:
        facts["augen"] = draw(st.integers(0, 120))
        if kind in ("rufspiel", "kreuz") and facts["augen"] in (0, 120):
            facts["schwarz"] = draw(st.booleans())
    if kind != "bettel":
        most = 4 if kind.startswith(("wenz", "geier")) else 14
        facts["laufende"] = draw(st.one_of(st.none(), st.integers(0, most)))
    return Hand(kind, **facts)
