"""Schafkopf hands, tables and the worked examples of RULES.md, for the rule tests and their fast paths."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from hypothesis import strategies as st
from schreiber.rules import registry
from schreiber.rules.model import Hand
from schreiber.rules.schafkopf import SCHAFKOPF, SCHAFKOPF_TARIF, Schafkopf
from schreiber.rules.table import Step, replay


TABLE = ("Anna", "Berta", "Carl", "Dora")


FIVE = (*TABLE, "Emil")


SIX = (*TABLE, "Emil", "Fritz")


def H(type_: str, **facts: Any) -> Hand:
    """One hand in one line; `klopfen`/`jungfrau` may be given as a single name."""
    for key in ("klopfen", "jungfrau"):
        if isinstance(facts.get(key), str):
            facts[key] = (facts[key],)
    return Hand(type_, **facts)


def table_settings(rules: Schafkopf, *sets: str) -> dict[str, Any]:
    return registry.settings_for(rules, sets)


def run(
    rules: Schafkopf, hands: Sequence[Hand], *sets: str, players: Sequence[str] = TABLE, dealer: int = 0
) -> list[Step]:
    return replay(rules, table_settings(rules, *sets), players, hands, dealer)


def pts(anna: int, berta: int, carl: int, dora: int) -> dict[str, int]:
    return {"Anna": anna, "Berta": berta, "Carl": carl, "Dora": dora}


EXAMPLES_S = [
    ("S1", H("rufspiel", player="Berta", partner="Dora", augen=72), 1, pts(-1, 1, -1, 1)),
    ("S2", H("rufspiel", player="Berta", partner="Dora", augen=95, laufende=3), 5, pts(-5, 5, -5, 5)),
    ("S3", H("wenz", player="Carl", augen=65, laufende=2, klopfen="Anna"), 5, pts(-5, -5, 15, -5)),
    ("S4", H("farbsolo", player="Dora", augen=50, kontra=True), 4, pts(4, 4, 4, -12)),
    (
        "S5",
        H("rufspiel", player="Anna", partner="Carl", augen=20, laufende=0, kontra=True, re=True),
        8,
        pts(-8, 8, -8, 8),
    ),
    ("S6", H("rufspiel", player="Anna", partner="Berta", augen=60), 1, pts(-1, -1, 1, 1)),
    ("S7", H("ramsch", augen_by_player={"Anna": 40, "Berta": 35, "Carl": 25, "Dora": 20}), 2, pts(-6, 2, 2, 2)),
    (
        "S8",
        H("ramsch", augen_by_player={"Anna": 50, "Berta": 40, "Carl": 30, "Dora": 0}, jungfrau="Dora"),
        2,
        pts(-8, 2, 2, 4),
    ),
    ("S9", H("sie", player="Carl", laufende=8), 40, pts(-40, -40, 120, -40)),
    ("S10", H("wenz-tout", player="Anna", won=False, laufende=0), 4, pts(-12, 4, 4, 4)),
]


EXAMPLES_T = [
    ("T1", H("rufspiel", player="Berta", partner="Dora", augen=61), 20, pts(-20, 20, -20, 20)),
    ("T2", H("rufspiel", player="Berta", partner="Dora", augen=91, laufende=3), 60, pts(-60, 60, -60, 60)),
    ("T3", H("rufspiel", player="Berta", partner="Dora", augen=90), 20, pts(-20, 20, -20, 20)),
    ("T4", H("farbsolo", player="Anna", augen=30, laufende=2), 60, pts(-180, 60, 60, 60)),
    ("T5", H("wenz", player="Carl", augen=73, laufende=2, klopfen="Anna"), 140, pts(-140, -140, 420, -140)),
    ("T6", H("geier-tout", player="Dora", won=True, laufende=0), 100, pts(-100, -100, -100, 300)),
]


SOLO_TYPES = ("farbsolo", "wenz", "geier", "farbwenz", "farbgeier")


MOST = {"rufspiel": (14, 12), "farbsolo": (14, 12), "farbwenz": (11, 9), "farbgeier": (11, 9), "wenz": (4, 4),
         "geier": (4, 4)}  # fmt: skip


def draw_hand(data: st.DataObject, settings: dict[str, Any], active: tuple[str, ...]) -> Hand:
    """Any valid hand for the players holding cards."""
    all_passed = "ramsch" if settings["kein_spiel"] == "ramsch" else "zusammengeworfen"
    types = ["rufspiel", *SOLO_TYPES, *(f"{t}-tout" for t in SOLO_TYPES), "sie", "bettel", "bettel-brett"]
    type_ = data.draw(st.sampled_from([*types, all_passed, all_passed]))
    bock = "manuell" in settings["bock"] and data.draw(st.booleans())
    if type_ == "zusammengeworfen":
        return Hand(type_, bock=bock)
    klopfen = tuple(data.draw(st.lists(st.sampled_from(active), unique=True, max_size=4)))
    if type_ == "ramsch":
        if data.draw(st.integers(0, 9)) == 0:
            return Hand(type_, durchmarsch=data.draw(st.sampled_from(active)), klopfen=klopfen, bock=bock)
        cuts = sorted(data.draw(st.lists(st.integers(0, 120), min_size=3, max_size=3)))
        values = [b - a for a, b in zip([0, *cuts], [*cuts, 120])]
        augen = dict(zip(active, values))
        top = max(values)
        tied = [p for p in active if augen[p] == top]
        loser = data.draw(st.sampled_from(tied)) if len(tied) > 1 else None
        zeros = [p for p in active if augen[p] == 0]
        jungfrau = tuple(data.draw(st.lists(st.sampled_from(zeros), unique=True))) if zeros else ()
        return Hand(type_, augen_by_player=augen, loser=loser, jungfrau=jungfrau, klopfen=klopfen, bock=bock)
    player = data.draw(st.sampled_from(active))
    kontra = data.draw(st.booleans())
    re = kontra and data.draw(st.booleans())
    common: dict[str, Any] = {"player": player, "klopfen": klopfen, "kontra": kontra, "re": re, "bock": bock}
    base = type_.removesuffix("-tout")
    if base in MOST:
        common["laufende"] = data.draw(st.integers(0, MOST[base][1 if settings["kurzes_blatt"] else 0]))
    if type_ in ("rufspiel", *SOLO_TYPES):
        augen = data.draw(st.integers(0, 120))
        schwarz = augen in (0, 120) and data.draw(st.booleans())
        if type_ == "rufspiel":
            partner = data.draw(st.sampled_from([p for p in active if p != player]))
            return Hand(type_, partner=partner, augen=augen, schwarz=schwarz, **common)
        return Hand(type_, augen=augen, schwarz=schwarz, **common)
    if type_ == "sie":
        return Hand(type_, **common)
    return Hand(type_, won=data.draw(st.booleans()), **common)


@st.composite
def schafkopf_tables(draw: st.DrawFn) -> tuple[Schafkopf, dict[str, Any], tuple[str, ...], int]:
    rules = draw(st.sampled_from([SCHAFKOPF, SCHAFKOPF_TARIF]))
    sets = [f"kurzes_blatt={draw(st.booleans())}".lower()]
    sets.append(f"kein_spiel={draw(st.sampled_from(['ramsch', 'zusammenwerfen']))}")
    sets.append("bock=" + (",".join(draw(st.lists(st.sampled_from(["re", "gleichstand", "manuell"]), unique=True)))
                           or "off"))  # fmt: skip
    sets.append(f"solo_selber_geber={draw(st.booleans())}".lower())
    players = draw(st.sampled_from([TABLE, FIVE, SIX]))
    return rules, table_settings(rules, *sets), players, draw(st.integers(0, len(players) - 1))
