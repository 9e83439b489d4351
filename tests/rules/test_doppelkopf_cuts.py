"""Doppelkopf scores a party game once per combination of facts per table, with the Augen standing
in by the thresholds the rules compare them with (`_Table.cuts`). This holds only if no threshold
is missing: for every Augen 0–240 the stand-in must score exactly as the Augen themselves."""

from __future__ import annotations

from bisect import bisect_right

from hypothesis import given, settings as hyp_settings, strategies as st

from schreiber.rules import registry
from schreiber.rules.doppelkopf.party import VALUE_FIELDS

SOLO_TYPES = ("trumpfsolo", "farbsolo", "grandsolo", "damensolo", "fleischlos", "stilles-solo")


@st.composite
def tables_and_facts(draw: st.DrawFn) -> tuple:
    name = draw(st.sampled_from(["doppelkopf", "doppelkopf-turnier"]))
    rules = registry.get(name)
    overrides: dict = {}
    if name == "doppelkopf":
        overrides = {
            "schneider_unter": draw(st.integers(1, 120)),
            "bock": draw(st.sampled_from([(), ("re", "kontra", "gleichstand", "solo_verloren", "manuell")])),
            "stilles_solo_nur_schwarz": draw(st.booleans()),
        }
    else:
        overrides = {"stilles_solo_nur_schwarz": draw(st.booleans())}
    settings = {**registry.settings_for(rules), **overrides}
    hand_type = draw(st.sampled_from(["normal", "hochzeit", *SOLO_TYPES]))
    solo = hand_type in SOLO_TYPES or draw(st.booleans())
    count = st.sampled_from([None, 0, 1, 2])
    facts = {
        "re": draw(st.booleans()),
        "kontra": draw(st.booleans()),
        "re_absage": draw(st.sampled_from([None, 90, 60, 30, 0])) if name != "doppelkopf" else None,
        "kontra_absage": draw(st.sampled_from([None, 90, 60, 30, 0])) if name != "doppelkopf" else None,
        "fuchs_re": None if solo else draw(count),
        "fuchs_kontra": None if solo else draw(count),
        "doppelkopf_re": None if solo else draw(count),
        "doppelkopf_kontra": None if solo else draw(count),
        "karlchen": None if solo else draw(st.sampled_from([None, "re", "kontra"])),
        "altenstrafe": False if solo or name != "doppelkopf" else draw(st.booleans()),
        "bock": draw(st.booleans()) if name == "doppelkopf" else False,
    }
    factor = draw(st.sampled_from([1, 2, 4]))
    return rules, settings, hand_type, solo, tuple(facts[f] for f in VALUE_FIELDS), factor


@hyp_settings(max_examples=120, deadline=None)
@given(tables_and_facts(), st.booleans())
def test_the_augen_stand_in_scores_as_the_augen_themselves(case: tuple, schwarz: bool) -> None:
    rules, settings, hand_type, solo, values, factor = case
    table = rules._table(settings)
    for augen in range(241):
        said_schwarz = schwarz and augen in (0, 240)  # --schwarz is taken with 0 or 240 only
        stand_in = table.lows[bisect_right(table.cuts, augen)]
        assert rules._value(settings, hand_type, solo, stand_in, said_schwarz, values, factor) == rules._value(
            settings, hand_type, solo, augen, said_schwarz, values, factor
        ), (augen, stand_in)
