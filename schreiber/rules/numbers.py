"""Whole numbers read from what a person typed or a program sent, always with a bound: Python's int()
refuses a string of more than 4,300 digits with a ValueError of its own, and a number past PostgreSQL's
INTEGER makes the database refuse it in its own words; here it is simply no number in range.

The command line's integer options (cli/metavars.py), the pages' query parameters and the ledger's
start numbers all read numbers through `whole`.
"""

from __future__ import annotations

# The largest number an INTEGER column of PostgreSQL holds; no id, start number, round or count comes near it.
LARGEST = 2_147_483_647


def whole(text: str | None, largest: int = LARGEST) -> int | None:
    """`text` (decimal digits only, blanks around it allowed) as a number from 0 to `largest`; None when it
    is no such number. The length is checked before int() is asked."""
    if text is None:
        return None
    text = text.strip()
    if not text or not text.isdecimal() or len(text.lstrip("0")) > len(str(largest)):
        return None
    number = int(text)
    return number if number <= largest else None


def digits_only(text: str) -> bool:
    """Whether `text` (blanks around it aside) is meant as a number: decimal digits only, however many."""
    return text.strip().isdecimal()


def shortened(text: str, most: int = 24) -> str:
    """A typed value as a sentence may quote it: cut short when long (a number of thousands of digits)."""
    if len(text) <= most:
        return text
    return text.strip()[: most - 1] + "…"
