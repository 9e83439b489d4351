"""The plain values every rule set works on: the facts of a hand, its payout and the settings."""

from __future__ import annotations

from schreiber.errors import UserError
from schreiber.i18n import _, voice
from schreiber.rules.declared import DECLARED, DECLARED_BY_NAME, NAMES, Declared  # noqa: F401  (read here by the rule sets)

import copy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields
from itertools import compress
from operator import attrgetter, ne
from typing import Any, Generic, TypeVar


class HandError(UserError):
    """A hand the table cannot accept; the message is one sentence for the player at the table."""


class SettingsError(UserError):
    """A table setting that is unknown or out of range; the message names it and what is allowed."""


@dataclass(frozen=True, slots=True)
class Hand:
    """What happened at the table in one hand, as entered: no derived numbers.

    Player names are the table's own spelling; fields left at their default were not given. Each
    field but `type` and `teams` is declared in rules/declared.py, which every front end reads.
    """

    # Slotted: a replayed table keeps every hand in memory, and without a __dict__ each hand is
    # one object instead of two for the garbage collector to walk.

    type: str
    player: str | None = None
    partner: str | None = None
    augen: int | None = None
    augen_by_player: Mapping[str, int] = field(default_factory=dict)
    stiche: Mapping[str, int] = field(default_factory=dict)
    laufende: int | None = None
    schwarz: bool = False
    won: bool | None = None
    klopfen: tuple[str, ...] = ()
    kontra: bool = False
    re: bool = False
    re_absage: int | None = None
    kontra_absage: int | None = None
    fuchs_re: int | None = None
    fuchs_kontra: int | None = None
    doppelkopf_re: int | None = None
    doppelkopf_kontra: int | None = None
    karlchen: str | None = None
    altenstrafe: bool = False
    spritze: bool = False
    jungfrau: tuple[str, ...] = ()
    durchmarsch: str | None = None
    loser: str | None = None
    winner: str | None = None
    forced: bool = False
    pflicht: bool = False
    farbe: str | None = None
    sau: str | None = None
    bock: bool = False
    # Skat's
    spitzen: int | None = None
    ohne: bool = False
    hand: bool = False
    schneider_angesagt: bool = False
    schwarz_angesagt: bool = False
    ouvert: bool = False
    reizwert: int | None = None
    # Who really dealt and who really sat out, when the table left the rotation (facts of the
    # table, not of the game: no rule set is asked whether they apply).
    dealer: str | None = None
    sits_out: tuple[str, ...] = ()
    teams: tuple[tuple[str, ...], ...] | None = None
    note: str | None = None

    def given(self) -> frozenset[str]:
        """The names of the facts that were entered (not left at their default), type and note aside."""
        # Every fact against its default in one pass of C-level iterators, not a Python loop over
        # the thirty fields. (The rule sets check the usual hand without it: see checks.Only.)
        return frozenset(compress(_GIVEN_FIELDS, map(ne, _given_values(self), _GIVEN_DEFAULTS)))

    def to_facts(self) -> dict[str, Any]:
        """The entered facts as JSON-ready data; `Hand.from_facts` reads it back."""
        out: dict[str, Any] = {"type": self.type}
        for name, default in _DEFAULTS.items():  # the fields but type, in their order
            value = getattr(self, name)
            if value == default:
                continue
            if isinstance(value, Mapping):
                value = dict(value)
            elif isinstance(value, tuple):
                value = [list(v) if isinstance(v, tuple) else v for v in value]
            out[name] = value
        return out

    @classmethod
    def from_facts(cls, facts: Mapping[str, Any]) -> Hand:
        kwargs: dict[str, Any] = {}
        for name, value in facts.items():
            if name not in _DEFAULTS and name != "type":
                raise HandError(_("unknown fact {name} in a stored hand").format(name=repr(name)))
            if name in _NAME_LISTS:
                value = tuple(value)
            elif name == "teams" and value is not None:
                value = tuple(tuple(t) for t in value)
            kwargs[name] = value
        return cls(**kwargs)


def _default(f: Any) -> Any:
    return f.default_factory() if f.default_factory is not MISSING else f.default


_DEFAULTS: dict[str, Any] = {f.name: _default(f) for f in fields(Hand) if f.name != "type"}
# The facts a rule set is asked about: not those of the table (every hand takes them), nor its teams.
_TABLE_FACTS = frozenset({"teams", *(d.name for d in DECLARED if d.every)})
_GIVEN_FIELDS = tuple(name for name in _DEFAULTS if name not in _TABLE_FACTS)
_GIVEN_DEFAULTS = tuple(_DEFAULTS[name] for name in _GIVEN_FIELDS)
_given_values = attrgetter(*_GIVEN_FIELDS)
_NAME_LISTS = frozenset(d.name for d in DECLARED if d.kind == NAMES)  # kept as tuples, stored as lists

# How each fact is typed on the command line, for the sentences of the rule sets ("--augen NAME=N"), in
# the order of the table; the facts of the table (note, dealer, sits out) are no rule set's.
OPTION_OF: dict[str, str] = {d.name: d.spelled for d in DECLARED if not d.every}


@dataclass(frozen=True)
class Term:
    """One line of a breakdown: a label, how it enters the value (`+`, `-`, `×`) and its amount."""

    label: str
    op: str
    amount: int


@dataclass(slots=True)
class Payout:
    """The points each player gets for one hand, with the terms and factors that made them.

    `points` names every player of the table (0 for those who sat out); `value` is the hand's
    value V before it is split; `formula` is the breakdown as one sentence, `split` how V was shared.
    """

    # Not frozen: a replay makes one payout per hand, and a frozen dataclass pays for
    # object.__setattr__ on every field. Nothing changes a payout after it is made.
    points: Mapping[str, int]
    value: int = 0
    terms: tuple[Term, ...] = ()
    formula: str = ""
    split: str = ""
    soloist: str | None = None
    winners: tuple[str, ...] = ()


def formula(terms: tuple[Term, ...] | list[Term]) -> str:
    """The breakdown as players say it: "Rufspiel 1 + Schneider 1 = 2, Doppelt ×2 = 4, + 3 Laufende = 7"."""
    if not terms:
        return "0"
    parts = [f"{terms[0].label} {terms[0].amount}"]
    running = terms[0].amount
    summed = 1  # additive terms since the last "=", which a factor must close first
    previous = terms[0].op
    for term in terms[1:]:
        sign = "+" if term.op == "+" else "−"
        if term.op == "×":
            parts.append(f" = {running}, " if previous == "×" or summed > 1 else ", ")
            parts.append(f"{term.label} ×{term.amount}")
            running *= term.amount
            summed = 0
        elif previous == "×":
            parts.append(f" = {running}, {sign} {term.amount} {term.label}")
            running += term.amount if term.op == "+" else -term.amount
            summed = 1
        else:
            parts.append(f" {sign} {term.label} {term.amount}")
            running += term.amount if term.op == "+" else -term.amount
            summed += 1
        previous = term.op
    parts.append(f" = {running}")
    return "".join(parts)


def evaluate(terms: tuple[Term, ...] | list[Term]) -> int:
    """The value the terms make, read left to right as `formula` writes them."""
    running = 0
    for i, term in enumerate(terms):
        if i == 0:
            running = term.amount
        elif term.op == "×":
            running *= term.amount
        elif term.op == "+":
            running += term.amount
        else:
            running -= term.amount
    return running


@dataclass(frozen=True)
class Setting:
    """One table setting: its default, a one-line help and how a typed value is read."""

    default: Any
    help: str
    choices: tuple[str, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    multi: bool = False

    def parse(self, key: str, text: str) -> Any:
        """Read VALUE of `--set KEY=VALUE`, raising SettingsError with one sentence when it does not fit."""
        if self.multi:
            items = tuple(sorted({t.strip() for t in text.split(",") if t.strip() and t.strip() != "off"}))
            if self.choices is not None:
                bad = [t for t in items if t not in self.choices]
                if bad:
                    raise SettingsError(
                        _("--set {key}: {bad} is not allowed; use a comma list of {choices} (or off).").format(
                            key=key, bad=repr(bad[0]), choices=", ".join(self.choices)
                        )
                    )
            return items
        if isinstance(self.default, bool):
            lowered = text.strip().lower()
            if lowered in ("1", "true", "yes", "ja", "on"):
                return True
            if lowered in ("0", "false", "no", "nein", "off"):
                return False
            raise SettingsError(_("--set {key}: use true or false, not {text}.").format(key=key, text=repr(text)))
        if isinstance(self.default, int):
            try:
                value = int(text)
            except ValueError:
                raise SettingsError(
                    _("--set {key}: a whole number is needed, not {text}.").format(key=key, text=repr(text))
                ) from None
            if self.minimum is not None and value < self.minimum or self.maximum is not None and value > self.maximum:
                low = "" if self.minimum is None else str(self.minimum)
                high = "" if self.maximum is None else str(self.maximum)
                raise SettingsError(
                    _("--set {key}: the number must be in {low}–{high}, not {value}.").format(
                        key=key, low=low, high=high, value=value
                    )
                )
            return value
        value = text.strip()
        if self.choices is not None and value not in self.choices:
            raise SettingsError(
                _("--set {key}: use one of {choices}, not {value}.").format(
                    key=key, choices=", ".join(self.choices), value=repr(value)
                )
            )
        return value

    def show(self, value: Any) -> str:
        if self.multi:
            return ",".join(value) if value else "off"
        if isinstance(value, bool):
            return "true" if value else "false"
        return str(value)


@dataclass(frozen=True)
class Named(Setting):
    """A setting whose value is the name of a Wertung of `kind` ("evening"): the Wertungen are registered above the
    rules (scoring/wertung.py), so the one who reads the settings gives their names (registry.settings_for)."""

    kind: str = "evening"

    def offered(self, names: Callable[[str], Sequence[str]] | None) -> Setting:
        """The setting with the names it may take as its choices (none known: any name is read)."""
        return self if names is None else Setting(self.default, self.help, choices=tuple(names(self.kind)))


Settings = Mapping[str, Any]

Decided = TypeVar("Decided")


class PerSettings(Generic[Decided]):
    """What a rule set works out from a table's settings (`make(settings)`), made when they are new and
    reused while the same unchanged settings come in again (as they do for every hand of a replay).
    What is made may hold sentences, so it is made anew when another language is spoken."""

    def __init__(self, make: Callable[[Settings], Decided]) -> None:
        self._make = make
        # The settings, a copy of them, the language spoken, what they decide.
        self._last: tuple[Settings, Settings, object, Decided] | None = None

    def __call__(self, settings: Settings) -> Decided:
        last = self._last
        spoken = voice()
        # The same object, and still equal to the copy taken then: a table changed in place is new.
        if last is not None and last[0] is settings and last[2] is spoken and last[1] == settings:
            return last[3]
        decided = self._make(settings)
        self._last = (settings, {key: copy.deepcopy(value) for key, value in settings.items()}, spoken, decided)
        return decided

    def forget(self) -> None:
        """Work the next settings out anew, even the same ones."""
        self._last = None
