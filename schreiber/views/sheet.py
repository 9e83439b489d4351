"""A CSV as data, which every payload module builds (views/payloads.py re-exports it)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Sheet:
    """A CSV as data: the header and the rows of cells (text, integers, euros as `Decimal`)."""

    headers: Sequence[str]
    rows: Iterable[Sequence[Any]]


__all__ = ["Sheet"]
