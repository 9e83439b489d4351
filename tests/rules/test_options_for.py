"""`options_for(type)` names exactly the facts a hand type is checked against: what it lists is
never refused as "does not apply", and every other fact is refused naming its option."""

from __future__ import annotations

import pytest

from schreiber.rules import registry
from schreiber.rules.model import OPTION_OF, Hand, HandError
from schreiber.rules.table import play, start

SAMPLE = {
    "player": "A",
    "partner": "B",
    "augen": 70,
    "augen_by_player": {"A": 60, "B": 60, "C": 0, "D": 0},
    "stiche": {"A": 4, "B": 4, "C": 0, "D": 0},
    "laufende": 3,
    "schwarz": True,
    "won": True,
    "klopfen": ("A",),
    "kontra": True,
    "re": True,
    "re_absage": 90,
    "kontra_absage": 90,
    "fuchs_re": 1,
    "fuchs_kontra": 1,
    "doppelkopf_re": 1,
    "doppelkopf_kontra": 1,
    "karlchen": "re",
    "altenstrafe": True,
    "spritze": True,
    "jungfrau": ("C",),
    "durchmarsch": "A",
    "loser": "A",
    "winner": "A",
    "forced": True,
    "pflicht": True,
    "farbe": "herz",
    "sau": "gras",
    "bock": True,
    "spitzen": 1,
    "ohne": True,
    "hand": True,
    "schneider_angesagt": True,
    "schwarz_angesagt": True,
    "ouvert": True,
    "reizwert": 18,
}

CASES = [(name, t) for name in registry.names() for t in registry.get(name).types]


def _refusal(rules, hand_type: str, **facts) -> str | None:
    settings = {key: s.default for key, s in rules.settings.items()}
    state = start(rules, settings, ("A", "B", "C", "D"))
    try:
        play(rules, settings, state, Hand(type=hand_type, **facts))
    except HandError as e:
        return str(e)
    return None


@pytest.mark.parametrize(("name", "hand_type"), CASES)
def test_options_for_is_what_validation_accepts(name, hand_type):
    rules = registry.get(name)
    allowed = rules.options_for(hand_type)
    assert allowed <= set(OPTION_OF)
    bare = _refusal(rules, hand_type)
    if bare and "needed" not in bare:
        pytest.skip(f"{hand_type} is not played at a default table of 4 at {name}: {bare}")
    for fact in OPTION_OF:
        said = _refusal(rules, hand_type, **{fact: SAMPLE[fact]})
        if fact in allowed:
            assert not (said and "does not apply" in said), (fact, said)
        else:
            assert said is not None and OPTION_OF[fact].split()[0] in said, (fact, said)


def test_unknown_type_takes_nothing():
    for name in registry.names():
        assert registry.get(name).options_for("skat") == frozenset()
