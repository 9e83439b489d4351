"""The pure pieces of the tournament day: German name order, accent-folded search, close names, the
hands a table plays, and a sheet checked against the rule set's values."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schreiber.ledger.names import close_names, fold, german_order
from schreiber.ledger.sheets import TypedSheet, check, hands_at
from schreiber.rules import registry
from schreiber.rules.model import SettingsError


def test_din_5007_files_umlauts_with_their_vowel():
    names = ["Xaver", "Özlem", "Otto", "Anna", "Ärmel", "Straße", "Strasser", "Zoë", "Ute", "Übel"]
    assert sorted(names, key=german_order) == [
        "Anna",
        "Ärmel",
        "Otto",
        "Özlem",
        "Straße",
        "Strasser",
        "Übel",
        "Ute",
        "Xaver",
        "Zoë",
    ]
    assert fold("Özlem Straße") == "ozlem strasse" and fold("ZOË") == "zoe"


def test_close_names_are_one_letter_off_or_the_same_without_accents():
    assert close_names("Anne", ["Anna", "Anne", "Berta", "Annette"]) == ["Anna"]
    assert close_names("Ozlem", ["Özlem"]) == ["Özlem"]
    assert close_names("Sepp", ["Sep", "Seppi", "Sepp"]) == ["Seppi"]  # one letter off counts from four letters on
    assert close_names("Anna", ["ANNA"]) == []  # the same name: refused elsewhere as registered already


@given(st.integers(1, 200), st.sampled_from([3, 4, 5]))
def test_every_player_plays_at_least_as_many_hands_as_at_a_table_of_four(hands, size):
    at = hands_at(hands, size)
    assert at * 4 >= hands * size > (at - 1) * 4
    assert hands_at(32, 5) == 40 and hands_at(48, 3) == 36 and hands_at(32, 4) == 32


SEATED = ["Anna", "Berta", "Carl", "Dora"]
PREIS = registry.settings_for(registry.get("preisschafkopf"), [])


@given(st.lists(st.integers(0, 60), min_size=4, max_size=4))
def test_a_preisschafkopf_sheet_takes_multiples_of_five_only(values):
    sheet = TypedSheet(list(zip(SEATED, values)))
    if all(v % 5 == 0 for v in values):
        points, *_ = check("preisschafkopf", PREIS, SEATED, sheet, 32)
        assert points == dict(zip(SEATED, values))
    else:
        with pytest.raises(SettingsError, match="multiple of 5"):
            check("preisschafkopf", PREIS, SEATED, sheet, 32)


@given(st.integers(0, 6), st.integers(0, 150).map(lambda v: v * 5 // 5 * 5))
def test_soli_fit_the_points(soli, points):
    sheet = TypedSheet([("Anna", points), ("Berta", 0), ("Carl", 0), ("Dora", 0)], soli=[("Anna", soli)])
    if soli * 20 <= points:
        assert check("preisschafkopf", PREIS, SEATED, sheet, 32)[1] == {"Anna": soli}
    else:
        with pytest.raises(SettingsError, match="--soli"):
            check("preisschafkopf", PREIS, SEATED, sheet, 32)
