"""The one naming rule of published results (views/public_names.py, issue 42)."""

from __future__ import annotations

from schreiber.i18n import speaking
from schreiber.views.public_names import KURZ, VOLL, Naming, data_name, public_name, short


def test_short_names_are_the_first_name_and_the_initial_of_the_last_word():
    assert short("Anton Maier") == "Anton M."
    assert short("Anna Lena von Berg") == "Anna B."
    assert short("  Zenzi  ") == "Zenzi" and short("Özlem Şahin") == "Özlem Ş."


def test_a_private_player_is_his_number_in_the_page_language_and_no_name_in_the_data():
    with speaking("de"):
        assert public_name("Zenzi Huber", 12, True) == "Spieler 12"
    with speaking("en"):
        assert public_name("Zenzi Huber", 12, True, KURZ) == "Player 12"
        assert public_name("Zenzi Huber", 12, False, KURZ) == "Zenzi H."
        assert public_name("Zenzi Huber", 12, False, VOLL) == "Zenzi Huber"
    assert data_name("Zenzi Huber", True) is None and data_name("Zenzi Huber", False, KURZ) == "Zenzi H."
    naming = Naming(frozenset({"Zenzi Huber"}), VOLL)
    assert naming.is_privat("Zenzi Huber") and naming.data("Anna") == "Anna" and naming.data("Zenzi Huber") is None
