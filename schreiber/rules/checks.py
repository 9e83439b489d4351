"""Checks of a hand against the table that several rule sets share; each raises HandError with one sentence."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from operator import attrgetter

from schreiber.i18n import _, ngettext
from schreiber.rules.words import and_list
from schreiber.rules.model import _DEFAULTS, _GIVEN_FIELDS, OPTION_OF, Hand, HandError


def only(hand: Hand, allowed: Iterable[str]) -> None:
    """Refuse any fact given that does not apply to this hand type, naming what does."""
    allowed = set(allowed)
    extra = hand.given() - allowed
    if extra:
        first = sorted(extra, key=list(OPTION_OF).index)[0]
        options = ", ".join(OPTION_OF[f] for f in OPTION_OF if f in allowed) or _("no options")
        raise HandError(
            _("{option} does not apply to {type}; it takes {options}.").format(
                option=OPTION_OF[first], type=hand.type, options=options
            )
        )


class Only:
    """`only` made ready for one set of allowed facts, for a rule set that checks it on every hand.

    The usual hand gives nothing else, and that is one comparison of the other facts with their
    defaults; only a hand that gives more goes on to `only` for the sentence that refuses it.
    """

    __slots__ = ("allowed", "_others", "_defaults")

    def __init__(self, allowed: Iterable[str]) -> None:
        self.allowed = frozenset(allowed)
        others = [name for name in _GIVEN_FIELDS if name not in self.allowed]
        defaults = tuple(_DEFAULTS[name] for name in others)
        self._others = attrgetter(*others) if others else None
        # An attrgetter of one name gives that value, of several a tuple of them.
        self._defaults = defaults[0] if len(others) == 1 else defaults

    def __call__(self, hand: Hand) -> None:
        if not self.fits(hand):
            only(hand, self.allowed)

    def fits(self, hand: Hand) -> bool:
        """Whether `hand` gives no fact but the allowed ones (for a rule set with sentences of its own)."""
        return self._others is None or self._others(hand) == self._defaults


def need(hand: Hand, *names: str) -> None:
    """Refuse a hand where a fact it cannot be scored without is missing."""
    for name in names:
        # Not given is at its default (see Hand.given).
        if getattr(hand, name) == _DEFAULTS[name]:
            raise HandError(_("{option} is needed for {type}.").format(option=OPTION_OF[name], type=hand.type))


def seated(name: str, active: tuple[str, ...], option: str) -> None:
    """Refuse a name that is not one of the players holding cards in this hand."""
    if name not in active:
        raise HandError(
            _("{option}: {name} is not playing this hand; the players are {active}.").format(
                option=option, name=name, active=", ".join(active)
            )
        )


def in_range(value: int, low: int, high: int, option: str) -> None:
    if not low <= value <= high:
        raise HandError(
            _("{option} must be between {low} and {high}, not {value}.").format(
                option=option, low=low, high=high, value=value
            )
        )


def different(player: str | None, partner: str | None) -> None:
    if player is not None and player == partner:
        raise HandError(_("--partner must be another player than --player ({player}).").format(player=player))


def no_repeats(names: Iterable[str], option: str) -> None:
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise HandError(
                _("{option}: {name} is named twice; each player counts once.").format(option=option, name=name)
            )
        seen.add(name)


def per_player(values: Mapping[str, int], active: tuple[str, ...], total: int | None, option: str) -> None:
    """Check `--augen NAME=N` (or `--stiche`): only active players, no negatives, and the total."""
    for name, value in values.items():
        seated(name, active, option)
        if value < 0:
            raise HandError(
                _("{option}: {name}={value} is negative; use 0 or more.").format(option=option, name=name, value=value)
            )
    if total is not None:
        missing = [p for p in active if p not in values]
        if missing:
            raise HandError(
                ngettext(
                    "{option} is needed for every player; {names} is missing.",
                    "{option} is needed for every player; {names} are missing.",
                    len(missing),
                ).format(option=option, names=and_list(missing))
            )
        if sum(values.values()) != total:
            raise HandError(
                _("{option} must add up to {total}; these add up to {sum}.").format(
                    option=option, total=total, sum=sum(values.values())
                )
            )
