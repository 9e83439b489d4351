"""Team rankings in a tournament (TEAMS.md §10.1), pure: the competitions of the `teams` setting, a team's
score from its members' lines of the main ranking, the ranking with its ties, and each team's prize split
among its members. Nothing here reads the database; ledger/tournament/teams.py gathers the members' lines.

A competition is a value (its name and size) read from the setting, never a name tested: `mixed` is only a
name. How a team with fewer lists than SIZE × R is scored is a value of the registry FEHLEND.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from schreiber.i18n import _
from schreiber.rules.model import SettingsError
from schreiber.rules.numbers import shortened
from schreiber.rules.words import and_list
from schreiber.scoring import cash
from schreiber.scoring.wertung import tie

# The largest team schreiber keeps (a Mannschaft is 4, a Tandem 2; a club's team of 8 still fits).
LARGEST_TEAM = 20
_COMPETITION = re.compile(r"^[a-z][a-z0-9_-]{0,39}$")


@dataclass(frozen=True)
class Competition:
    """One team competition of a tournament: its name (`mannschaft`) and how many members a team has at most."""

    name: str
    size: int


def parse(value: str, option: str = "--set", key: str = "teams") -> tuple[Competition, ...]:
    """`mannschaft:4,tandem:2` -> the competitions; off, 0 or nothing: none. Refused in one sentence."""
    text = value.strip()
    if text.lower() in ("", "0", "off"):
        return ()
    out: list[Competition] = []
    for item in text.split(","):
        name, sep, size = (part.strip() for part in item.partition(":"))
        name = name.lower()
        number = int(size) if size.isdigit() else 0
        if not sep or not _COMPETITION.match(name) or not 1 <= number <= LARGEST_TEAM:
            raise SettingsError(
                _(
                    "{option} {key}: give each competition as NAME:SIZE (a name in small letters, a size of 1 to "
                    "{largest}), such as mannschaft:4,tandem:2, not {value}."
                ).format(option=option, key=key, largest=LARGEST_TEAM, value=repr(shortened(item)))
            )
        if any(c.name == name for c in out):
            raise SettingsError(
                _("{option} {key}: the competition {name} is named twice.").format(option=option, key=key, name=name)
            )
        out.append(Competition(name, number))
    return tuple(out)


def spelled(competitions: Sequence[Competition]) -> str:
    """How the setting keeps and shows them: `mannschaft:4,tandem:2`."""
    return ",".join(f"{c.name}:{c.size}" for c in competitions)


def names(value: str) -> tuple[str, ...]:
    """A list of competition names (`getrennt=mannschaft,tandem`), lower case; off or nothing: none."""
    text = value.strip().lower()
    if text in ("", "0", "off"):
        return ()
    return tuple(dict.fromkeys(part.strip() for part in text.split(",") if part.strip()))


def unknown(named: Sequence[str], competitions: Sequence[Competition], option: str, key: str) -> None:
    """Refuse a competition `named` that `competitions` does not have."""
    known = [c.name for c in competitions]
    for name in named:
        if name not in known:
            raise SettingsError(
                (
                    _("{option} {key}: {name} is not a competition of the tournament; teams= names {known}.")
                    if known
                    else _("{option} {key}: the tournament has no team competition; set teams=NAME:SIZE first.")
                ).format(option=option, key=key, name=name, known=and_list(known))
            )


# -- what a team scores ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Member:
    """A member's line of the main ranking: his score as it sorts, the counts its ties sum (won, lost,
    soli, points), each round's figure (None: not played) and whether he withdrew."""

    number: int
    name: str
    score: int | Fraction
    rounds: tuple[int | Fraction | None, ...] = ()
    counts: Mapping[str, int] = field(default_factory=dict)
    withdrawn: bool = False

    @property
    def lists(self) -> int:
        """The lists he played: the rounds with a figure."""
        return sum(1 for x in self.rounds if x is not None)


@dataclass(frozen=True)
class Team:
    """A team as the ranking needs it: its name, its members, and whether its Startgeld is paid."""

    name: str
    members: tuple[Member, ...]
    paid: bool = True

    @property
    def first(self) -> int:
        """Its lowest member start number: the order of teams that share a rank."""
        return min((m.number for m in self.members), default=0)


def _ohne(total: int | Fraction, size: int, rounds: int, lists: int) -> int | Fraction:
    return total


def _hochrechnen(total: int | Fraction, size: int, rounds: int, lists: int) -> int | Fraction:
    if not lists:
        return 0
    scaled = Fraction(total) * size * rounds / lists
    return int(scaled) if scaled.denominator == 1 else scaled


# `<competition>.fehlend`: how a team's sum becomes its score (TEAMS.md §10.1 rule 3), by name.
FEHLEND: dict[str, Callable[[int | Fraction, int, int, int], int | Fraction]] = {
    "ohne": _ohne,
    "hochrechnen": _hochrechnen,
}
DEFAULT_FEHLEND = "ohne"

# A tie of the individual ranking that is not a sum over the members (the better best single round) does not
# break a tie of teams.
NOT_SUMMED = frozenset({"best"})


def team_ties(individual: Sequence[str]) -> tuple[str, ...]:
    """The team ranking's ties: the individual ranking's ties (its Wertung's, then its game's) that sum over
    the members — Skat: won, −lost; platz: points, soli; punkte: soli."""
    return tuple(t for t in individual if t.lstrip("-") not in NOT_SUMMED)


@dataclass(frozen=True)
class RankedTeam:
    """A team's line: its rank (None: its Startgeld is not paid, so it is not ranked), its score (what the
    ranking sorts by), the sum of its members' scores, the lists they played, the summed counts."""

    rank: int | None
    team: Team
    score: int | Fraction
    total: int | Fraction
    lists: int
    counts: dict[str, int]


def rank(
    teams: Sequence[Team],
    size: int,
    rounds: int,
    ties: Sequence[str] = (),
    fehlend: str = DEFAULT_FEHLEND,
) -> list[RankedTeam]:
    """Rank `teams` of a competition of `size` by their score, highest first, then `ties` summed over the
    members; still tied, the rank is shared (1, 2, 2, 4), never by lot, the teams listed by their lowest
    member start number. `rounds`: R, the rounds with at least one result. Teams not `paid` follow unranked."""
    score_of = FEHLEND[fehlend]
    lines = []
    for team in teams:
        total = sum((m.score for m in team.members), 0)
        lists = sum(m.lists for m in team.members)
        keys = {k for m in team.members for k in m.counts}
        counts = {k: sum(m.counts.get(k, 0) for m in team.members) for k in sorted(keys)}
        lines.append(RankedTeam(None, team, score_of(total, size, rounds, lists), total, lists, counts))

    def key(line: RankedTeam) -> tuple:
        return (line.score, *(tie(line.counts, t) for t in ties))

    ranked = sorted((x for x in lines if x.team.paid), key=lambda x: (tuple(-v for v in key(x)), x.team.first))
    out: list[RankedTeam] = []
    for i, line in enumerate(ranked):
        same = bool(out) and key(out[-1]) == key(line)
        out.append(_ranked(line, out[-1].rank if same else i + 1))
    unpaid = sorted((x for x in lines if not x.team.paid), key=lambda x: x.team.first)
    return out + unpaid


def _ranked(line: RankedTeam, place: int | None) -> RankedTeam:
    return RankedTeam(place, line.team, line.score, line.total, line.lists, line.counts)


# -- money ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TeamMoney:
    """A competition's pot (the team Startgeld paid), its payout, the prize of each place, and each ranked
    team's prize with each member's share (start number -> cents)."""

    pot: int
    payout: int
    prizes: tuple[int, ...]
    prize: dict[str, int]
    shares: dict[str, dict[int, int]]


def money(settings: cash.CashSettings, ranked: Sequence[RankedTeam], pot: int, played: bool = True) -> TeamMoney:
    """The competition's money: teams that share a rank share the prizes of the places they cover equally,
    the cents left over one each in order of their lowest member start number; a team's prize is split equally
    among its members (a withdrawn one included), the cents left over one each to the lower start numbers.
    Before any result (`played` false) nobody has a prize."""
    paid_out = cash.payout(pot, settings)
    prizes = cash.prize_list(paid_out, settings)
    placed = [x for x in ranked if x.rank is not None] if played else []
    stand_ins = [cash.Entrant(x.team.first, x.team.name, x.rank or 0) for x in placed]
    by_first = cash.shares(stand_ins, prizes)
    prize = {x.team.name: by_first.get(x.team.first, 0) for x in placed}
    return TeamMoney(
        pot, paid_out, tuple(prizes), prize, {x.team.name: split(prize[x.team.name], x.team) for x in placed}
    )


def split(cents: int, team: Team) -> dict[int, int]:
    """A team's prize split equally among its members, the cents left over one each to the lower start numbers."""
    numbers = sorted(m.number for m in team.members)
    if not numbers:
        return {}
    each, left = divmod(cents, len(numbers))
    return {n: each + (1 if i < left else 0) for i, n in enumerate(numbers)}


__all__ = [
    "DEFAULT_FEHLEND",
    "FEHLEND",
    "Competition",
    "Member",
    "RankedTeam",
    "Team",
    "TeamMoney",
    "money",
    "names",
    "parse",
    "rank",
    "spelled",
    "split",
    "team_ties",
]
