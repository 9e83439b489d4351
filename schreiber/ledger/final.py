"""When a tournament is final (RULES.md §9), pure: one definition for the standings, the cashbook, the
season and every page, so no two of them can disagree on whether a result may still change."""

from __future__ import annotations


def table_done(sheet: bool, closed: bool, hands: int, of: int) -> bool:
    """A table is finished when its sheet is in, when it was closed, or when it played all its hands."""
    return sheet or closed or hands >= of


def is_final(rounds: int, drawn: int, unfinished: int) -> bool:
    """Final: every one of the tournament's `rounds` is drawn (`drawn` of them) and none of their tables is
    `unfinished` (without its sheet, its hands, or its closing)."""
    return drawn >= rounds and unfinished == 0


__all__ = ["is_final", "table_done"]
