"""The rule sets word each combination of facts once and keep the sentence; the entry page answers
each browser in its own language, so the language spoken is part of what is kept."""

from __future__ import annotations

import pytest

from schreiber import i18n
from schreiber.rules import registry
from schreiber.rules.model import Hand
from schreiber.rules.table import replay

FOUR = ("Anna", "Berta", "Carl", "Dora")

# One hand per rule set whose split sentence is worded through a kept (cached) function.
HANDS = [
    ("schafkopf", Hand("rufspiel", player="Berta", partner="Dora", augen=72), "each", "je"),
    ("schafkopf", Hand("wenz", player="Carl", augen=65), "each opponent", "jeder Gegenspieler"),
    ("buchstaben", Hand("rufspiel", player="Anna", partner="Carl", augen=36), "win", "gewinnen"),
    ("doppelkopf", Hand("normal", player="Anna", partner="Berta", augen=130), "each", "je"),
    ("doppelkopf-turnier", Hand("normal", player="Anna", partner="Berta", augen=130), "each", "je"),
    ("klassisch", Hand("spiel", player="Anna", augen=70), "stroke", "Strich"),
]


def _split(rules_name: str, hand: Hand) -> str:
    rules = registry.get(rules_name)
    settings = {key: s.default for key, s in rules.settings.items()}
    steps = replay(rules, settings, FOUR, [hand])
    return steps[-1].payout.split


@pytest.mark.parametrize(("rules_name", "hand", "english", "german"), HANDS, ids=[f"{r}-{h.type}" for r, h, *_ in HANDS])
def test_a_sentence_kept_in_one_language_is_not_served_in_the_other(rules_name: str, hand: Hand, english: str, german: str) -> None:
    with i18n.speaking("en"):
        first = _split(rules_name, hand)
    with i18n.speaking("de"):
        deutsch = _split(rules_name, hand)
    with i18n.speaking("en"):
        again = _split(rules_name, hand)
    assert english in first and german not in first
    assert german in deutsch, deutsch
    assert again == first


def test_what_a_tables_settings_decide_is_worded_again_in_the_other_language() -> None:
    # The same settings object serves every hand of a table; the page may ask in either language.
    rules = registry.get("schafkopf")
    settings = {key: s.default for key, s in rules.settings.items()}
    hand = Hand("rufspiel", player="Berta", partner="Dora", augen=72, laufende=2)

    def laufende() -> str:
        return replay(rules, settings, FOUR, [hand])[-1].payout.terms[1].label

    with i18n.speaking("en"):
        first = laufende()
    with i18n.speaking("de"):
        deutsch = laufende()
    assert first == "Laufende (2, they count from 3)"
    assert deutsch == "Laufende (2, zählen erst ab 3)"
