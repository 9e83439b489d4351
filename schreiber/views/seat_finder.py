"""The "Where do I sit?" lists of a round (issue 41.6): everyone with his start number, table and seat, once by name
as a German list files them and once by start number, as the printed seat plan, the tournament page and
`tournament tables --by` give them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from schreiber.ledger.names import german_order

ORDERS = ("name", "number")


@dataclass(frozen=True)
class Seat:
    name: str
    number: int
    table: int
    seat: int


def seats(plan: Any, by: str = "name") -> list[Seat]:
    """Everyone seated in round `plan`, by name (`by` "name") or by start number ("number")."""
    everyone = [
        Seat(name, number, table.table, seat)
        for table in plan.tables
        for seat, (name, number) in enumerate(zip(table.players, table.numbers), 1)
    ]
    if by == "number":
        return sorted(everyone, key=lambda x: (x.number, german_order(x.name)))
    return sorted(everyone, key=lambda x: german_order(x.name))


__all__ = ["ORDERS", "Seat", "seats"]
