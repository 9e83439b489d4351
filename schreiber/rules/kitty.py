"""Money an evening or a tournament collects beside the game (RULES.md §9): amounts in cents as a person
types them, and the Verlustspielgeld of the games lost as declarer. Pure arithmetic in integer cents,
shared by a tournament's cashbook (scoring/cash.py) and a club evening's settings (rules/skat_evening.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from schreiber.i18n import _
from schreiber.rules.numbers import shortened
from schreiber.rules.model import SettingsError

# At most nine digits (ten million euros): int() is never asked for a number without bound.
CENTS = re.compile(r"^\s*([+-]?\d{1,9})\s*$")
OFF = ("", "0", "off")


def cents(key: str, value: str, option: str) -> int:
    """One amount in cents, 0 or more; refused in one sentence naming `option` and `key`."""
    match = CENTS.match(value)
    if not match:
        raise SettingsError(
            _("{option} {key}: give an amount in cents (1000 for 10 €), not {value}.").format(
                option=option, key=key, value=repr(shortened(value))
            )
        )
    amount = int(match.group(1))
    if amount < 0:
        raise SettingsError(
            _("{option} {key}: an amount cannot be negative ({value}).").format(
                option=option, key=key, value=value.strip()
            )
        )
    return amount


def amounts(key: str, value: str, option: str) -> tuple[int, ...]:
    """A list of amounts in cents such as 50,50,50,100; 0, off or nothing is the empty list (off)."""
    if value.strip().lower() in OFF:
        return ()
    out = []
    for item in value.split(","):
        match = CENTS.match(item)
        if not match:
            raise SettingsError(
                _(
                    "{option} {key}: give amounts in cents separated by commas, such as 50,50,50,100, not {value}."
                ).format(option=option, key=key, value=repr(shortened(value)))
            )
        amount = int(match.group(1))
        if amount < 0:
            raise SettingsError(
                _("{option} {key}: an amount cannot be negative ({value}).").format(
                    option=option, key=key, value=item.strip()
                )
            )
        out.append(amount)
    return tuple(out)


def verlustspielgeld(lost: int, amounts: Sequence[int]) -> int:
    """What `lost` games lost as declarer cost in one round (a tournament) or one session (an evening): the
    k-th the k-th amount, the last repeating."""
    if not amounts or lost <= 0:
        return 0
    first = sum(amounts[: min(lost, len(amounts))])
    return first + max(0, lost - len(amounts)) * amounts[-1]
