"""Finding a person at the door by what the organiser types: a start number, a whole name, a surname or
any part of a name, with accents folded both ways ("Ozlem" and "Oezlem" find Özlem; "Mueller" finds
Müller); and the names a new name is close to. Pure: the CLI's check-in and the page's share it."""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Sequence
from typing import Protocol, TypeVar

# German transliteration: ä is written ae where the letter is missing (a passport, an e-mail address).
_GERMAN = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss", "ẞ": "SS"})
# Letters NFKD does not take apart, written as a search box without them would have them.
_PLAIN = str.maketrans(
    {
        "ı": "i",
        "ł": "l",
        "Ł": "L",
        "ø": "o",
        "Ø": "O",
        "đ": "d",
        "Đ": "D",
        "ð": "d",
        "æ": "ae",
        "Æ": "Ae",
        "œ": "oe",
        "Œ": "Oe",
        "þ": "th",
    }
)
# Two folded names this alike (difflib's ratio) are close: "Ozlen" and "Özlem", "Meier" and "Maier".
CLOSE = 0.8
# A start number has at most this many digits; a longer one is no start number (and no huge int is made).
DIGITS = 6


class Person(Protocol):
    @property
    def number(self) -> int: ...

    @property
    def name(self) -> str: ...


P = TypeVar("P", bound=Person)


def _plain(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.translate(_PLAIN))
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).casefold().split())


def spellings(text: str) -> frozenset[str]:
    """`text` folded for a search: without case and accents ("ozlem"), and with the German umlauts written
    out ("oezlem"); one of these equal to one of another text's is the same name."""
    return frozenset({_plain(text), _plain(text.translate(_GERMAN))})


def start_number(typed: str) -> int | None:
    """The start number `typed` is (ASCII digits, at most DIGITS of them), else None."""
    text = typed.strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= DIGITS else None


def _fit(query: str, name: str) -> int | None:
    """How well `query` fits `name` (both folded): 0 the whole name, 1 whole words of it (a surname),
    2 the start of a word, 3 any part; None not at all."""
    if query == name:
        return 0
    padded = f" {name} "
    if f" {query} " in padded:
        return 1
    if f" {query}" in padded:
        return 2
    return 3 if query in name else None


def fits(typed: str, people: Sequence[P]) -> tuple[int | None, list[P]]:
    """Whom `typed` finds among `people`, and how: the one with that start number (fit -1), else those it
    fits best — 0 the whole name, 1 a whole word such as the surname, 2 a word's start, 3 any part — in
    list order; (None, []) for nobody."""
    number = start_number(typed)
    if number is not None:
        same = [p for p in people if p.number == number]
        return (-1 if same else None), same
    queries = {q for q in spellings(typed) if q}
    fitting: list[tuple[int, P]] = []
    for p in people:
        scores = [f for q in queries for n in spellings(p.name) if (f := _fit(q, n)) is not None]
        if scores:
            fitting.append((min(scores), p))
    best = min((f for f, _p in fitting), default=None)
    return best, [p for f, p in fitting if f == best]


def search(typed: str, people: Sequence[P]) -> list[P]:
    """Whom `typed` finds among `people` (see `fits`)."""
    return fits(typed, people)[1]


def close(typed: str, people: Sequence[P]) -> list[P]:
    """Those of `people` whose name a new name `typed` is close to: the same when folded ("Oezlem" and
    Özlem), or a letter or two off ("Ozlen")."""
    mine = spellings(typed)
    out = []
    for p in people:
        theirs = spellings(p.name)
        if mine & theirs or any(difflib.SequenceMatcher(None, a, b).ratio() >= CLOSE for a in mine for b in theirs):
            out.append(p)
    return out
