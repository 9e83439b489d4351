"""A tournament's money (RULES.md §9) as pure arithmetic in integer cents: the settings, what each
player owes and pays, the pot, the prize list and who gets which prize.

Nothing here reads the database; ledger/cashbook.py gathers the facts (payments, games lost as
declarer per round, thrown-in hands, ranks) and hands them to `cashbook`. Every rounding of money is
`floor_to`, written once.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from schreiber.i18n import _
from schreiber.rules.numbers import shortened
from schreiber.rules import kitty
from schreiber.rules.kitty import verlustspielgeld
from schreiber.rules.model import SettingsError

# A percentage is kept in hundredths of a percent (12.5% is 1250), so every prize is whole arithmetic.
PERCENT = 100 * 100


@dataclass(frozen=True)
class Item:
    """One place of a prize list (TEAMS.md §10.2 rule 4): cash (cents) or goods (a name and their value)."""

    cents: int = 0
    sach: str | None = None
    value: int = 0

    @property
    def worth(self) -> int:
        return self.cents + self.value

    def text(self) -> str:
        return f"sach:{self.sach}:{self.value}" if self.sach is not None else str(self.cents)


def floor_to(numerator: int, denominator: int = 1, step: int = 1) -> int:
    """numerator / denominator rounded down to a multiple of `step` cents: the one rounding of money."""
    return numerator // (denominator * step) * step


@dataclass(frozen=True)
class CashSettings:
    """The money settings as numbers: cents, a percentage of the pot, and the prize list (hundredths of a
    percent when `percent`, else cents)."""

    startgeld: int = 0
    verlustspiel: tuple[int, ...] = ()
    reuegeld: int = 0
    auszahlung: int = 100
    preise: tuple[int, ...] = ()
    percent: bool = True
    rundung: int = 100
    goods: tuple[tuple[int, Item], ...] = ()  # goods in `preise`: (position in the whole list, the goods)

    def stored(self) -> dict[str, Any]:
        """As kept with the tournament (JSON) and as `tournament show` words them."""
        return {
            "startgeld": self.startgeld,
            "verlustspiel": ",".join(map(str, self.verlustspiel)) or "0",
            "reuegeld": self.reuegeld,
            "auszahlung": self.auszahlung,
            "preise": prize_text(self) or "0",
            "rundung": self.rundung,
        }

    @property
    def any(self) -> bool:
        """Whether the tournament handles any money at all."""
        return bool(self.startgeld or self.verlustspiel or self.reuegeld or self.preise or self.goods)


def prize_text(settings: CashSettings) -> str:
    if not settings.percent:
        words = list(map(str, settings.preise))
    else:
        words = [f"{_percent_text(p)}%" for p in settings.preise]
    if settings.goods:  # the goods at their positions, the cash places in order around them
        at, rest = dict(settings.goods), iter(words)
        words = [at[i].text() if i in at else next(rest) for i in range(len(words) + len(at))]
    return ",".join(words)


def _percent_text(hundredths: int) -> str:
    whole, rest = divmod(hundredths, 100)
    return str(whole) if not rest else f"{whole}.{rest:02d}".rstrip("0")


_PERCENT_ITEM = re.compile(r"^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*%\s*$")


def typed_prizes(key: str, value: str, option: str) -> tuple[tuple[int, ...], bool]:
    """preise: percentages of the payout (50%,30%,20%) or amounts in cents -> (the list, whether percentages)."""
    if value.strip().lower() in kitty.OFF:
        return (), True
    items = value.split(",")
    if all("%" in item for item in items):
        out = []
        for item in items:
            match = _PERCENT_ITEM.match(item)
            if not match or int(match.group(1)) * 100 + int((match.group(2) or "0").ljust(2, "0")) == 0:
                raise SettingsError(
                    _(
                        "{option} preise: give percentages above 0 (50%,30%,20%) or amounts in cents (15000,10000,8000), not {value}."
                    ).format(option=option, value=repr(shortened(value)))
                )
            out.append(int(match.group(1)) * 100 + int((match.group(2) or "0").ljust(2, "0")))
        if sum(out) > PERCENT:
            raise SettingsError(
                _("{option} preise: the percentages add up to {total}%, more than 100%.").format(
                    option=option, total=_percent_text(sum(out))
                )
            )
        return tuple(out), True
    if any("%" in item for item in items):
        raise SettingsError(
            _(
                "{option} preise: give either percentages (50%,30%,20%) or amounts in cents (15000,10000,8000), not both."
            ).format(option=option)
        )
    return kitty.amounts("preise", value, option), False


def payout_percent(key: str, value: str, option: str) -> int:
    """auszahlung: the percent of the pot paid out as prizes, 0 to 100."""
    match = kitty.CENTS.match(value)
    if not match or not 0 <= int(match.group(1)) <= 100:
        raise SettingsError(
            _("{option} auszahlung: give the percent of the pot paid out as prizes, 0 to 100, not {value}.").format(
                option=option, value=repr(shortened(value))
            )
        )
    return int(match.group(1))


def rounding_step(key: str, value: str, option: str) -> int:
    """rundung: prizes are rounded down to a multiple of this many cents, at least 1."""
    step = kitty.cents(key, value, option)
    if step < 1:
        raise SettingsError(
            _("{option} rundung: prizes are rounded down to a multiple of at least 1 cent, not 0.").format(
                option=option
            )
        )
    return step


# -- the arithmetic ------------------------------------------------------------------------------


def payout(pot: int, settings: CashSettings) -> int:
    """The part of the pot paid out as prizes, rounded down to the cent."""
    return floor_to(pot * settings.auszahlung, 100)


def prize_list(payout_: int, settings: CashSettings) -> list[int]:
    """The prize of each place from the first. Percentages are rounded down to multiples of `rundung`,
    and the first prize takes what makes them add up to ⌊payout × Σp / 100⌋; amounts are paid as given."""
    if not settings.percent:
        return list(settings.preise)
    prizes = [floor_to(payout_ * p, PERCENT, settings.rundung) for p in settings.preise]
    if prizes:
        prizes[0] += floor_to(payout_ * sum(settings.preise), PERCENT) - sum(prizes)
    return prizes


@dataclass(frozen=True)
class Entrant:
    """What the cashbook needs of one player: start number, name, rank, the Startgeld received, the games
    he lost as declarer in each round, the thrown-in hands he was an active player of, and the prize paid
    out to him."""

    number: int
    name: str
    rank: int
    paid: int = 0
    lost: Sequence[int] = ()
    thrown: int = 0
    prize_paid: int = 0


@dataclass(frozen=True)
class Line:
    number: int
    name: str
    rank: int
    startgeld: int
    paid: int
    verlustspiel: int
    reuegeld: int
    prize: int
    balance: int
    prize_paid: int = 0
    prizes: tuple[Any, ...] = ()  # each prize he gets (scoring/prizes.py `Got`), when the prize designer made them


@dataclass(frozen=True)
class Fixed:
    """The payout and the prize of each place as the first prize paid out fixed them (RULES.md §9)."""

    payout: int
    prizes: tuple[int, ...]


@dataclass(frozen=True)
class Cashbook:
    pot: int
    payout: int
    kasse: int
    prizes: tuple[int, ...]
    lines: tuple[Line, ...] = field(default=())
    items: tuple[Item, ...] = ()  # the main list's places with their goods (TEAMS.md §10.2)
    parts: dict[str, int] = field(default_factory=dict)  # the Kasse's parts (TEAMS.md §10.2 rule 11)


def shares(players: Sequence[Entrant], prizes: Sequence[int]) -> dict[int, int]:
    """Each start number's prize: players sharing a rank share the prizes of the places they cover
    equally, cents rounded down, the cents left over one each to the lower start numbers first."""
    out: dict[int, int] = {}
    by_rank: dict[int, list[Entrant]] = {}
    for p in players:
        by_rank.setdefault(p.rank, []).append(p)
    for rank, tied in by_rank.items():
        total = sum(prizes[place - 1] for place in range(rank, rank + len(tied)) if 1 <= place <= len(prizes))
        each = floor_to(total, len(tied))
        left = total - each * len(tied)
        for i, p in enumerate(sorted(tied, key=lambda e: e.number)):
            out[p.number] = each + (1 if i < left else 0)
    return out


def cashbook(
    settings: CashSettings,
    players: Sequence[Entrant],
    ranked: bool = True,
    fixed: Fixed | None = None,
    by_place: bool = True,
) -> Cashbook:
    """Everyone's money and the pot's, from the settings and the facts of each player; before any
    result (`ranked` false) nobody has a place, so nobody has a prize yet. Once prizes are `fixed`, a
    change of the pot moves only the Kasse, and the fixed amounts go to the places as they are now."""
    verlust = {p.number: sum(verlustspielgeld(n, settings.verlustspiel) for n in p.lost) for p in players}
    reue = {p.number: p.thrown * settings.reuegeld for p in players}
    pot = sum(p.paid for p in players) + sum(verlust.values()) + sum(reue.values())
    if fixed is not None:
        paid_out, prizes = fixed.payout, list(fixed.prizes)
    else:
        paid_out = payout(pot, settings)
        prizes = prize_list(paid_out, settings)
    placed = by_place and (ranked or fixed is not None)  # by_place false: the prize designer gives the prizes
    prize_of = shares(players, prizes) if placed else dict.fromkeys((p.number for p in players), 0)
    # The balance: what is still to settle — the prize not yet handed over, less the Startgeld not yet paid.
    lines = tuple(
        Line(
            p.number,
            p.name,
            p.rank,
            settings.startgeld,
            p.paid,
            verlust[p.number],
            reue[p.number],
            prize_of[p.number],
            prize_of[p.number] - p.prize_paid - (settings.startgeld - p.paid),
            p.prize_paid,
        )
        for p in sorted(players, key=lambda e: (e.rank, e.number))
    )
    return Cashbook(pot, paid_out, pot - sum(prize_of.values()), tuple(prizes), lines)


__all__ = [
    "CashSettings",
    "Cashbook",
    "Entrant",
    "Fixed",
    "Item",
    "Line",
    "cashbook",
    "floor_to",
    "payout_percent",
    "payout",
    "prize_list",
    "rounding_step",
    "shares",
    "typed_prizes",
    "verlustspielgeld",
]
