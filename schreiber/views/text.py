"""Numbers, money and lists of names as a person reads them: made in rules/words.py, where the rule
sets may take them too (rules/ imports nothing above itself); here for the views, the terminal and the pages."""

from __future__ import annotations

from typing import TYPE_CHECKING

from schreiber.rules.words import MINUS, and_list, day, decimal, grouped, money, signed

if TYPE_CHECKING:
    from fractions import Fraction

__all__ = ["MINUS", "and_list", "day", "decimal", "grouped", "money", "score", "signed"]


def score(v: int | Fraction | None) -> str:
    """A season's score as a table shows it: a whole number as it is, an average with two decimals
    ("2.50", German "2,50"), "–" for none."""
    if v is None:
        return "–"
    return str(v) if isinstance(v, int) else decimal(float(v))
