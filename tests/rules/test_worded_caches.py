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


@pytest.mark.parametrize(
    ("rules_name", "hand", "english", "german"), HANDS, ids=[f"{r}-{h.type}" for r, h, *_ in HANDS]
)
def test_a_sentence_kept_in_one_language_is_not_served_in_the_other(
    rules_name: str, hand: Hand, english: str, german: str
) -> None:
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


@pytest.mark.parametrize(
    ("rules_name", "hand", "english", "german"),
    [
        (
            "doppelkopf-turnier",
            Hand("normal", player="Anna", partner="Berta", augen=160, re=True, re_absage=90, fuchs_re=1),
            "Re wins: won 1, keine 90 +1, Re announced +2, Re announced keine 90 +1, Fuchs caught +1 = 6",
            "Re gewinnt: gewonnen 1, keine 90 +1, Re angesagt +2, Re keine 90 abgesagt +1, Fuchs gefangen +1 = 6",
        ),
        (
            "doppelkopf-turnier",
            Hand("normal", player="Anna", partner="Berta", augen=100, re_absage=60, kontra_absage=60),
            "nobody wins; net for Kontra: 120 against keine 90 1, 90 against keine 60 +1, 90 against keine 60 (Re) −1 = 1",
            "niemand gewinnt; netto für Kontra: 120 gegen keine 90 1, 90 gegen keine 60 +1, 90 gegen keine 60 (Re) −1 = 1",
        ),
        (
            "doppelkopf",
            Hand("normal", player="Anna", partner="Berta", augen=130, fuchs_re=2),
            "Alten win 5, 2 Füchse caught (Re) +10 = 15",
            "Alten gewinnen 5, 2 Füchse gefangen (Re) +10 = 15",
        ),
        (
            "doppelkopf",
            Hand("damensolo", player="Berta", augen=100),
            "Soloist loses 10 = 10",
            "Solist verliert 10 = 10",
        ),
    ],
)
def test_a_doppelkopf_value_is_counted_in_the_words_of_the_language_spoken(rules_name, hand, english, german) -> None:
    # The steps are the game's (keine 90, Fuchs, gegen die Alten); the words around them are the reader's.
    rules = registry.get(rules_name)
    settings = {key: s.default for key, s in rules.settings.items()}
    with i18n.speaking("en"):
        first = replay(rules, settings, FOUR, [hand])[-1].payout.formula
    with i18n.speaking("de"):
        deutsch = replay(rules, settings, FOUR, [hand])[-1].payout.formula
    assert (first, deutsch) == (english, german)
