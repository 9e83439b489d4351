"""The "Where do I sit?" lists (views/seat_finder.py): everyone with number, table and seat, by name as a German list
files them (Özlem with O) and by start number."""

from __future__ import annotations

from types import SimpleNamespace

from schreiber.views.seat_finder import Seat, seats

PLAN = SimpleNamespace(
    tables=[
        SimpleNamespace(table=1, players=("Zoe", "Özlem", "anna", "Bert"), numbers=(3, 12, 40, 7)),
        SimpleNamespace(table=2, players=("Otto", "Carl", "Ute", "Dora"), numbers=(1, 2, 5, 4)),
    ]
)


def test_everyone_by_name_as_a_german_list_files_them():
    assert [(x.name, x.number) for x in seats(PLAN, "name")] == [
        ("anna", 40),
        ("Bert", 7),
        ("Carl", 2),
        ("Dora", 4),
        ("Otto", 1),
        ("Özlem", 12),
        ("Ute", 5),
        ("Zoe", 3),
    ]


def test_everyone_by_start_number_with_table_and_seat():
    assert seats(PLAN, "number")[:4] == [
        Seat("Otto", 1, 2, 1),
        Seat("Carl", 2, 2, 2),
        Seat("Zoe", 3, 1, 1),
        Seat("Dora", 4, 2, 4),
    ]
    assert [x.number for x in seats(PLAN, "number")] == [1, 2, 3, 4, 5, 7, 12, 40]
