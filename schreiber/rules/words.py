"""Numbers, money and lists of names as a person reads them, in the language spoken; written once.

Signed points ("+5", "−5", "0"), money ("€26.00" in English, "26,00 €" in German), decimals, dates
and "Anna, Berta and Carl" ("Anna, Berta und Carl") are made here for every caller: the rule sets'
sentences, the terminal, `play`, the charts and the pages (each in its browser's language). People
read one minus sign, U+2212; JSON and CSV keep plain numbers and never come here. Pure: the standard
library and the catalog only, so the rule sets may use it and `schreiber add` stays quick.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from schreiber import i18n
from schreiber.i18n import _

if TYPE_CHECKING:
    import datetime as dt

MINUS = "\u2212"  # the minus sign of everything people read (tables, formulas, money, sentences)


def signed(n: int) -> str:
    """Points as players write them: +5, −5, and 0 without a sign."""
    return f"+{n}" if n > 0 else f"{MINUS}{-n}" if n < 0 else "0"


def money(cents: int, plus: bool = False) -> str:
    """Cents as the language writes money: "€1,234.50" / "−€0.05" in English, "1.234,50 €" / "−0,05 €"
    in German. `plus` writes a gain with "+" (a chart's labels), as `signed` does for points."""
    sign = MINUS if cents < 0 else "+" if plus and cents > 0 else ""
    whole, rest = divmod(abs(cents), 100)
    if i18n.german():
        return f"{sign}{whole:,}".replace(",", ".") + f",{rest:02d} €"
    return f"{sign}€{whole:,}.{rest:02d}"


def grouped(n: int, plus: bool = False) -> str:
    """A whole number with its thousands marked as the language writes them: "1,234" / "−1,234" in English,
    "1.234" in German; `plus` writes a positive one with "+" (placement points), as `signed` does."""
    sign = MINUS if n < 0 else "+" if plus and n > 0 else ""
    text = f"{abs(n):,}"
    return sign + (text.replace(",", ".") if i18n.german() else text)


def decimal(value: float, places: int = 2) -> str:
    """A number with `places` decimals as the language writes it: "2.50" / "−1.25" in English, "2,50" /
    "−1,25" in German."""
    text = f"{value:.{places}f}"
    text = text.lstrip("-") if float(text) == 0 else text.replace("-", MINUS)  # never "−0.00"
    return text.replace(".", ",") if i18n.german() else text


def day(date: dt.date) -> str:
    """A date as the language writes it: "2026-11-27" in English (as typed with --date), "27.11.2026" in German."""
    return f"{date.day:02d}.{date.month:02d}.{date.year}" if i18n.german() else date.isoformat()


def and_list(names: Iterable[str]) -> str:
    """ "Anna", "Anna and Carl", "Anna, Berta and Carl" (in German "Anna, Berta und Carl"); "" for none."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def or_list(words: Iterable[str]) -> str:
    """ "punkte", "punkte or platz", "summe, beste:K or platzpunkte" (in German "… oder …"): the choices a
    refusal names; "" for none."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return _("{names} or {last}").format(names=", ".join(words[:-1]), last=words[-1])
