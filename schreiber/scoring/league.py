"""Leagues (TEAMS.md §10.3): the presets, the seating plan of a Serie (rules 7–8), Tischpunkte (rule 11), the
Wertungspunkte schemes (rule 12) and the league table with its marks (rules 14–15). Each scheme and preset is a
value in a registry here; nothing asks one by its name. Pure: dataclasses in and out, no database, no printing.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from schreiber.i18n import _
from schreiber.rules.model import SettingsError
from schreiber.rules.numbers import shortened, whole

H = Hashable

# The largest table a league seats: one player of each team of a group of 4 (the §6 draw of rule 9 seats 4 too).
LARGEST_TABLE = 4


# -- Wertungspunkte schemes (rule 12) -----------------------------------------------------------------


@dataclass(frozen=True)
class WpScheme:
    """How a group's teams earn Wertungspunkte: compared pair by pair after each Serie (`per_serie`) or once on
    the day's Spielpunkte, with `wp_sockel` for every team that played when `sockel`; `counts` false: no WP at
    all, the table goes by Spielpunkte (Tischpunkte included)."""

    name: str
    counts: bool = True
    per_serie: bool = True
    sockel: bool = False


WP_SCHEMES: dict[str, WpScheme] = {}


def register_scheme(scheme: WpScheme) -> WpScheme:
    WP_SCHEMES[scheme.name] = scheme
    return scheme


SERIE = register_scheme(WpScheme("serie"))
TAG = register_scheme(WpScheme("tag", per_serie=False, sockel=True))
KEINE = register_scheme(WpScheme("keine", counts=False))


@dataclass(frozen=True)
class Wp:
    """A team's Wertungspunkte and the pair points given against it (Gegen); halves kept exact."""

    wp: Fraction = Fraction(0)
    gegen: Fraction = Fraction(0)

    def __add__(self, other: Wp) -> Wp:
        return Wp(self.wp + other.wp, self.gegen + other.gegen)


def pair_points(teams: Sequence[H], spielpunkte: Mapping[H, int], sieg: int) -> dict[H, Wp]:
    """Every two of `teams` compared by their Spielpunkte: the higher gets `sieg`, equal ones `sieg`/2 each; a team
    without Spielpunkte (it did not play) gives `sieg` to the one that played and gets none (rule 13)."""
    out = {team: Wp() for team in teams}
    for i, a in enumerate(teams):
        for b in teams[i + 1 :]:
            pa, pb = spielpunkte.get(a), spielpunkte.get(b)
            if pa is None and pb is None:
                continue
            if pb is None or (pa is not None and pa > pb):
                got = {a: Fraction(sieg), b: Fraction(0)}
            elif pa is None or pb > pa:
                got = {a: Fraction(0), b: Fraction(sieg)}
            else:
                got = {a: Fraction(sieg, 2), b: Fraction(sieg, 2)}
            out[a] += Wp(got[a], got[b])
            out[b] += Wp(got[b], got[a])
    return out


def day_wp(
    scheme: WpScheme, teams: Sequence[H], serien: Sequence[Mapping[H, int]], sieg: int, sockel: int
) -> dict[H, Wp]:
    """A group's Wertungspunkte of the day from the Spielpunkte of each Serie played (a team missing from a Serie
    did not play it); empty under a scheme that gives none."""
    if not scheme.counts:
        return {}
    if scheme.per_serie:
        out = {team: Wp() for team in teams}
        for serie in serien:
            for team, got in pair_points(teams, serie, sieg).items():
                out[team] += got
        return out
    played = {team: sum(serie[team] for serie in serien if team in serie) for team in teams if _played(team, serien)}
    out = pair_points(teams, played, sieg)
    return {team: got + Wp(Fraction(sockel if team in played and scheme.sockel else 0)) for team, got in out.items()}


def _played(team: H, serien: Sequence[Mapping[H, int]]) -> bool:
    return any(team in serie for serie in serien)


def wp_text(value: Fraction) -> str:
    """Wertungspunkte as a table shows them: 6, 2½, ½."""
    whole_part, half = divmod(value, 1)
    if not half:
        return str(int(whole_part))
    return f"{int(whole_part) or ''}½" if value > 0 else f"-{wp_text(-value)}"


def wp_json(value: Fraction) -> int | float:
    """Wertungspunkte as JSON has them: 6, 2.5."""
    return int(value) if value.denominator == 1 else float(value)


# -- Tischpunkte (rule 11) -----------------------------------------------------------------------------


def parse_tischpunkte(key: str, value: str, option: str) -> tuple[int, ...]:
    """`40,30,20,10` (or off): whole numbers, best place first, as many as the largest table, and every shared
    place's mean a whole number."""
    text = value.strip()
    if not text or text.lower() in ("off", "-", "keine"):
        return ()
    numbers = [whole(part.strip()) for part in text.split(",")]
    if any(n is None for n in numbers):
        raise SettingsError(
            _("{option} {key}: give whole numbers, best place first (40,30,20,10), or off; not {value}.").format(
                option=option, key=key, value=repr(shortened(value))
            )
        )
    values = tuple(int(n) for n in numbers if n is not None)
    if len(values) < LARGEST_TABLE:
        raise SettingsError(
            _("{option} {key}: give a value for each of the {count} places of a table, not {given}.").format(
                option=option, key=key, count=LARGEST_TABLE, given=len(values)
            )
        )
    for start in range(len(values)):
        for end in range(start + 2, len(values) + 1):
            if sum(values[start:end]) % (end - start):
                raise SettingsError(
                    _(
                        "{option} {key}: players tied on places {first} to {last} would share {shared}, "
                        "which is not a whole number; choose values whose shared means are whole."
                    ).format(
                        option=option,
                        key=key,
                        first=start + 1,
                        last=end,
                        shared=str(Fraction(sum(values[start:end]), end - start)),
                    )
                )
    return values


def tischpunkte(values: Sequence[int], lists: Mapping[H, int]) -> dict[H, int]:
    """Each player's Tischpunkte at one table: ranked by his list, place k gets the k-th value, tied players
    the mean of the places they cover; a table of fewer players than values takes the first values."""
    if not values:
        return {}
    ordered = sorted(lists.values(), reverse=True)
    out = {}
    for player, score in lists.items():
        first = ordered.index(score)
        count = ordered.count(score)
        out[player] = sum(values[first : first + count]) // count
    return out


# -- the seating plan of a Serie (rules 7–8) ------------------------------------------------------------

_GF4 = ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))


def plan_table(t: int, serie: int, team: int, position: int) -> int:
    """Rule 7: the table (from 0) to which team `team` (its index among the teams playing, from 0) sends
    line-up position `position` (from 0) in Serie `serie` (from 0) when there are `t` tables."""
    if t == 4:
        return position ^ _GF4[serie % 4][team % 4]
    if t == 3 and team == 3:
        return (serie // 2 - position) % 3
    return (position + serie * team) % t


@dataclass(frozen=True)
class SeatPlan:
    """A Serie's tables: each a list of (team index, line-up position from 0) in seat order (group order)."""

    tables: tuple[tuple[tuple[int, int], ...], ...]


class ShortTeams(SettingsError):
    """A Serie the short teams cannot be seated for (rule 8): names the teams (by index)."""

    def __init__(self, message: str, teams: Sequence[int]) -> None:
        super().__init__(message)
        self.teams = tuple(teams)


def seat_serie(present: Sequence[int], serie: int, least: int = 3) -> SeatPlan:
    """Rules 7–8: seat a Serie of a group whose playing teams (group order) have `present[j]` players (line-up
    positions filled, in order); t = the most of them. Short teams leave the seats at tables t, t−1, … empty and
    their players take the remaining seats by plan position. A table below `least` players is refused, as are
    more missing players than tables."""
    g = len(present)
    t = max(present) if present else 0
    if g == 2:
        return _two_teams(present)
    empty: dict[int, set[int]] = {j: set() for j in range(g)}
    back = t - 1
    short = [j for j in range(g) if present[j] < t]
    for j in short:
        for _missing in range(t - present[j]):
            if back < 0:
                raise ShortTeams(_("the short teams miss more players than the Serie has tables"), short)
            empty[j].add(back)
            back -= 1
    tables: list[list[tuple[int, int]]] = [[] for _table in range(t)]
    for j in range(g):
        seats = sorted((p, plan_table(t, serie, j, p)) for p in range(t))
        free = [table for _p, table in seats if table not in empty[j]]
        for index, table in enumerate(free[: present[j]]):
            tables[table].append((j, index))
    if any(len(table) < least for table in tables):
        raise ShortTeams(_("a table would have fewer than {least} players").format(least=least), short)
    return SeatPlan(tuple(tuple(table) for table in tables))


def _two_teams(present: Sequence[int]) -> SeatPlan:
    """Rule 6: only two teams, both full: table k takes positions 2k and 2k+1 of both."""
    t = min(present)
    return SeatPlan(tuple(((0, 2 * k), (0, 2 * k + 1), (1, 2 * k), (1, 2 * k + 1)) for k in range(t // 2)))


# -- the plan of a season (rule 3) ---------------------------------------------------------------------

PLAN_TEAMS = 16
PLAN_DAYS = 5
BLOCK = 4
# Table H1: the host of each group of Spieltage 1–4 (group order as plan P1); Spieltag 5 is central.
HOSTS = ((1, 6, 12, 15), (9, 2, 7, 16), (11, 5, 3, 13), (14, 8, 10, 4))


def plan_groups(day: int) -> list[list[int]]:
    """Plan P1: the groups of Spieltag `day` (1–5) as team numbers 1–16, in number order. Spieltag 1 is the blocks
    {4x+1 … 4x+4}; Spieltag 2 + m groups team 4x + y + 1 by c = y ⊕ (m ⊗ x) in GF(4)."""
    if day == 1:
        return [[BLOCK * x + y + 1 for y in range(BLOCK)] for x in range(BLOCK)]
    m = day - 2
    groups: list[list[int]] = [[] for _c in range(BLOCK)]
    for x in range(BLOCK):
        for y in range(BLOCK):
            groups[y ^ _GF4[m][x]].append(BLOCK * x + y + 1)
    return [sorted(group) for group in groups]


def season_plan() -> list[list[list[int]]]:
    """Plan P1 with hosts H1: per Spieltag 1–5 its groups, the host first (Spieltag 5: central, number order)."""
    out = []
    for day in range(1, PLAN_DAYS + 1):
        groups = plan_groups(day)
        if day <= len(HOSTS):
            groups = [[host] + [n for n in group if n != host] for host, group in zip(HOSTS[day - 1], groups)]
        out.append(groups)
    return out


def central(day: int) -> bool:
    """A Spieltag of the plan without hosts (its Verlustspielgeld goes to the league, rule 18)."""
    return day > len(HOSTS)


def plan_numbers(given: Sequence[int | None]) -> list[int]:
    """Rule 3: the teams' numbers for the plan, in the order of `team add`: a given number kept, the others
    numbered 1, 2, … (the numbers not given) in order."""
    taken = {n for n in given if n is not None}
    free = (n for n in range(1, len(given) + len(taken) + 1) if n not in taken)
    return [n if n is not None else next(free) for n in given]


def split_clubs(numbers: Mapping[H, int], clubs: Mapping[H, str | None]) -> list[tuple[str, list[H]]]:
    """Rule 3: the clubs whose teams do not all sit in one block 4x+1 … 4x+4, each with its teams."""
    by_club: dict[str, list[H]] = {}
    for team, club in clubs.items():
        if club:
            by_club.setdefault(club, []).append(team)
    return [(club, teams) for club, teams in by_club.items() if len({(numbers[t] - 1) // BLOCK for t in teams}) > 1]


# -- substitutions and the Einzelwertung (rules 5, 17) ---------------------------------------------------


def held(seat: int, size: int, active: int, start: int, end: int) -> int:
    """The hands of `start` … `end` in which seat `seat` (from 0) of a table of `size` holds cards: at a table with
    more players than `active` the seat deals hands seat+1, seat+1+size, … and sits them out."""
    if end < start:
        return 0
    count = end - start + 1
    if size <= active:
        return count
    dealt = (end - 1 - seat) // size - (start - 2 - seat) // size  # hands h with (h − 1) mod size = seat
    return count - dealt


@dataclass(frozen=True)
class Ranked:
    """A player of the Einzelwertung: his points and hands; `rank` None below the minimum of hands."""

    player: Any
    points: int
    hands: int
    rank: int | None

    @property
    def average(self) -> float:
        return self.points / self.hands if self.hands else 0.0


def einzel(players: Mapping[Any, tuple[int, int]], min_hands: int) -> list[Ranked]:
    """Rule 17: per player (points, hands); ranked by points / hands, exact, ties shared; a player with fewer than
    `min_hands` hands listed without a rank, in his place by average (as TEAMS.md §10.4 lists Conny first)."""

    def avg(item: tuple[Any, tuple[int, int]]) -> Fraction:
        points, hands = item[1]
        return Fraction(points, hands) if hands else Fraction(0)

    ordered = sorted(players.items(), key=avg, reverse=True)
    ranked = [item for item in ordered if item[1][1] >= min_hands and item[1][1] > 0]
    keys = [avg(item) for item in ranked]
    counted = {p for p, _v in ranked}
    return [
        Ranked(p, pts, hands, keys.index(avg((p, (pts, hands)))) + 1 if p in counted else None)
        for p, (pts, hands) in ordered
    ]


def min_hands(einzel_min: int, possible: int) -> int:
    """Rule 17: `einzel_min` % of the hands one seat could take part in so far, rounded up."""
    return -(-einzel_min * possible // 100)


# -- the table (rules 14–15) ----------------------------------------------------------------------------


@dataclass(frozen=True)
class TeamDay:
    """What one team made on one Spieltag: its WP (None under a scheme without) and Spielpunkte."""

    day: int
    spielpunkte: int
    wp: Wp | None = None


@dataclass(frozen=True)
class TableRow:
    team: Any
    rank: int
    spielpunkte: int
    wp: Wp | None
    days: tuple[TeamDay | None, ...]
    mark: str | None = None


AUF, AB, AUF_Q, AB_Q = "auf", "ab", "auf?", "ab?"


def table(
    teams: Sequence[Any],
    results: Mapping[Any, Sequence[TeamDay | None]],
    scheme: WpScheme,
    aufsteiger: int = 0,
    absteiger: int = 0,
) -> list[TableRow]:
    """Rule 14: per team the sums over its Spieltage; ranked by more WP, then more Spielpunkte (only Spielpunkte
    when the scheme gives no WP), a tie shared; rule 15's marks. `results`: per team one entry per Spieltag."""
    rows = []
    for team in teams:
        days = tuple(results.get(team, ()))
        played = [d for d in days if d is not None]
        wp = sum((d.wp or Wp() for d in played), Wp()) if scheme.counts else None
        rows.append((team, sum(d.spielpunkte for d in played), wp, days))

    def key(row: tuple[Any, int, Wp | None, Any]) -> tuple[Fraction, int]:
        return ((row[2].wp if row[2] else Fraction(0)), row[1])

    rows.sort(key=key, reverse=True)
    keys = [key(row) for row in rows]
    n = len(rows)
    out = []
    for index, (team, points, wp, days) in enumerate(rows):
        rank = keys.index(keys[index]) + 1
        last = rank + keys.count(keys[index]) - 1
        out.append(TableRow(team, rank, points, wp, days, mark(rank, last, n, aufsteiger, absteiger)))
    return out


def mark(first: int, last: int, n: int, aufsteiger: int, absteiger: int) -> str | None:
    """Rule 15: a rank covering places first…last of n: all within 1…aufsteiger `auf`, all within the last
    absteiger `ab`; a shared rank across either line `auf?` / `ab?`."""
    if aufsteiger and first <= aufsteiger:
        return AUF if last <= aufsteiger else AUF_Q
    line = n - absteiger
    if absteiger and last > line:
        return AB if first > line else AB_Q
    return None


# -- settings and presets -------------------------------------------------------------------------------


GRUPPEN = ("fest", "gesetzt")


def check_gruppen(key: str, value: str, option: str) -> str:
    """gruppen: `fest` (the groups of the day) or `gesetzt` (rule 19: formed anew for every Serie)."""
    word = value.strip()
    if word not in GRUPPEN:
        raise SettingsError(
            _("{option} gruppen: use fest or gesetzt, not {value}.").format(option=option, value=repr(shortened(value)))
        )
    return word


def block_sizes(teams: int) -> list[int]:
    """Rule 19: blocks of 4 in table order; with a count not divisible by 4 the last blocks (at most 3) have 3."""
    blocks = -(-teams // BLOCK)
    threes = BLOCK * blocks - teams
    if teams < 3 or threes > min(blocks, 3):
        raise SettingsError(_("gruppen=gesetzt: {count} teams cannot be put in blocks of 4 and 3.").format(count=teams))
    return [BLOCK] * (blocks - threes) + [3] * threes


def seeded_blocks(order: Sequence[H]) -> list[list[H]]:
    """Rule 19: the teams in table order (Serie 1: by lot) cut into blocks of 4 (the last ones 3)."""
    out, start = [], 0
    for size in block_sizes(len(order)):
        out.append(list(order[start : start + size]))
        start += size
    return out


def block_tables(best_first: Sequence[Sequence[H]]) -> list[list[H]]:
    """Rule 19: within a block, table k takes every team's k-th best player so far (each team's players given
    best first)."""
    t = max((len(players) for players in best_first), default=0)
    return [[players[k] for players in best_first if k < len(players)] for k in range(t)]


@dataclass(frozen=True)
class Preset:
    """A league preset (`league new --preset NAME`): its rule set and a value for every league setting."""

    name: str
    rules: str
    values: Mapping[str, Any] = field(default_factory=dict)


PRESETS: dict[str, Preset] = {}


def register_preset(preset: Preset) -> Preset:
    PRESETS[preset.name] = preset
    return preset


def _preset(name: str, rules: str, **values: Any) -> Preset:
    return register_preset(Preset(name, rules, values))


# Every preset gives every setting (TEAMS.md §10.3 "Settings and presets"); None: no limit, or by the rules.
_COMMON = dict(ersatz_max=None, tischpunkte=(), einzel_min=75, gruppen="fest", aufsteiger=0, absteiger=0)
DSKV = _preset(
    "dskv", "skat", team_size=4, team_min=3, serien=3, hands=48, wp_je="serie", wp_sieg=1, wp_sockel=0, **_COMMON
)
ISPA = _preset(
    "ispa",
    "skat",
    team_size=8,
    team_min=8,
    serien=4,
    hands=48,
    wp_je="serie",
    wp_sieg=2,
    wp_sockel=0,
    **{**_COMMON, "ersatz_max": 4},
)
DDV = _preset(
    "ddv",
    "doppelkopf-turnier",
    team_size=4,
    team_min=4,
    serien=4,
    hands=24,
    wp_je="tag",
    wp_sieg=1,
    wp_sockel=1,
    **_COMMON,
)
SCB = _preset(
    "scb",
    "schafkopf",
    team_size=4,
    team_min=4,
    serien=4,
    hands=32,
    wp_je="keine",
    wp_sieg=1,
    wp_sockel=0,
    **{**_COMMON, "tischpunkte": (40, 30, 20, 10)},
)


def scheme_of(settings: Mapping[str, Any]) -> WpScheme:
    return WP_SCHEMES[str(settings.get("wp_je", SERIE.name))]


Check = Callable[[str, str, str], Any]

__all__ = [
    "AB",
    "AB_Q",
    "AUF",
    "AUF_Q",
    "KEINE",
    "PLAN_TEAMS",
    "PRESETS",
    "Preset",
    "Ranked",
    "SERIE",
    "SeatPlan",
    "ShortTeams",
    "TAG",
    "TableRow",
    "TeamDay",
    "WP_SCHEMES",
    "Wp",
    "WpScheme",
    "central",
    "day_wp",
    "einzel",
    "held",
    "min_hands",
    "plan_groups",
    "plan_numbers",
    "season_plan",
    "split_clubs",
    "mark",
    "pair_points",
    "parse_tischpunkte",
    "plan_table",
    "block_sizes",
    "block_tables",
    "check_gruppen",
    "seeded_blocks",
    "seat_serie",
    "table",
    "tischpunkte",
    "wp_json",
    "wp_text",
]
