"""Finding a person at the door (ledger/search.py): by start number, whole name, surname or any part of a name,
accents folded both ways, and the season players a new name is close to."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from schreiber.ledger.search import close, fits, search, spellings, start_number


@dataclass(frozen=True)
class P:
    number: int
    name: str


SEASON = [
    P(1, "Anna Schmidt"),
    P(2, "Hans Müller"),
    P(3, "Zenzi Müller"),
    P(4, "Sepp Müllerbauer"),
    P(5, "Johanna Berg"),
    P(6, "Dora Weiß"),
    P(7, "Mika Häkkinen"),
    P(12, "Özlem"),
    P(13, "Ludwig Łukasz"),
    P(14, "Anna"),
]


def names(found: list[P]) -> list[str]:
    return [p.name for p in found]


@pytest.mark.parametrize("typed", ["Müller", "müller", "MÜLLER", "Mueller", "mueller", "Muller"])
def test_a_surname_finds_both_muellers_in_any_spelling(typed):
    assert names(search(typed, SEASON)) == ["Hans Müller", "Zenzi Müller"]


@pytest.mark.parametrize("typed", ["Özlem", "özlem", "Ozlem", "ozlem", "Oezlem", "OEZLEM", " Özlem "])
def test_oezlem_found_with_and_without_her_umlaut(typed):
    assert names(search(typed, SEASON)) == ["Özlem"]


def test_the_best_fit_wins_whole_name_then_word_then_start_then_any_part():
    assert fits("Anna", SEASON) == (0, [P(14, "Anna")])  # the whole name, not Anna Schmidt nor Johanna
    assert fits("Schmidt", SEASON) == (1, [P(1, "Anna Schmidt")])
    assert fits("Zen", SEASON) == (2, [P(3, "Zenzi Müller")])
    assert fits("Müll", SEASON) == (2, [P(2, "Hans Müller"), P(3, "Zenzi Müller"), P(4, "Sepp Müllerbauer")])
    assert fits("bauer", SEASON) == (3, [P(4, "Sepp Müllerbauer")])
    assert names(search("weiss", SEASON)) == ["Dora Weiß"]
    assert names(search("hakkinen", SEASON)) == names(search("Haekkinen", SEASON)) == ["Mika Häkkinen"]
    assert names(search("lukasz", SEASON)) == ["Ludwig Łukasz"]
    assert fits("Xaver", SEASON) == (None, []) and search("", SEASON) == [] and search("  ", SEASON) == []


def test_a_number_finds_that_start_number_only():
    assert fits("12", SEASON) == (-1, [P(12, "Özlem")])
    assert search("012", SEASON) == [P(12, "Özlem")]
    assert search("99", SEASON) == []
    assert start_number("9" * 5000) is None and start_number("²") is None and start_number("1234567") is None
    assert start_number(" 7 ") == 7


def test_a_new_name_close_to_a_season_players():
    assert close("Oezlem", SEASON) == [P(12, "Özlem")]
    assert close("Ozlem", SEASON) == [P(12, "Özlem")]
    assert close("Özlen", SEASON) == [P(12, "Özlem")]  # one letter off
    assert close("Hans Mueller", SEASON) == [P(2, "Hans Müller")]
    assert close("Zenzi Müler", SEASON) == [P(3, "Zenzi Müller")]
    assert close("Xaver Huber", SEASON) == [] and close("Bo", [P(1, "Jo")]) == []


def test_spellings_fold_case_accents_and_the_german_umlauts():
    assert spellings("Özlem") == {"ozlem", "oezlem"}
    assert spellings("STRAẞE") == spellings("Straße") == {"strasse"}
    assert spellings("  Hans   Müller ") == {"hans muller", "hans mueller"}
