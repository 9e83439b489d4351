"""What the league commands answer (TEAMS.md §10.3–§10.4): a league, a team, a Serie's tables, the Spielbericht
of a Spieltag and the league table."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from schreiber.ledger.final import table_done
from schreiber.scoring.league import TableRow, Wp, WpScheme

ACTIVE_KEY = "active_league"


@dataclass(frozen=True)
class LeagueInfo:
    id: int
    name: str
    rules: str
    settings: dict[str, Any]  # every league setting, its default where not set
    table_settings: dict[str, Any]
    teams: int
    days: int
    active: bool
    wertung: str  # the list Wertung: seeger in Skat, the §6 round result (punkte) otherwise


@dataclass(frozen=True)
class TeamInfo:
    name: str
    club: str | None
    number: int | None
    roster: tuple[str, ...]
    close: tuple[tuple[str, tuple[str, ...]], ...] = ()  # `league roster`: a new player close to a known one


@dataclass(frozen=True)
class Seated:
    name: str
    team: str
    position: int


@dataclass(frozen=True)
class TableInfo:
    """A table of a Serie: its number across the Spieltag, its session, its players in seat order, how far it is."""

    serie: int
    table: int
    session: int
    group: int
    players: tuple[Seated, ...]
    hands: int
    sheet: bool
    closed: bool
    of: int

    @property
    def done(self) -> bool:
        return table_done(self.sheet, self.closed, self.hands, self.of)


@dataclass(frozen=True)
class SerieTables:
    league: int
    day: int
    serie: int
    tables: tuple[TableInfo, ...]

    def groups(self) -> list[tuple[int, list[TableInfo]]]:
        out: dict[int, list[TableInfo]] = {}
        for table in self.tables:
            out.setdefault(table.group, []).append(table)
        return sorted(out.items())


@dataclass(frozen=True)
class DayInfo:
    league: int
    day: int
    date: dt.date
    closed: bool
    groups: tuple[tuple[int, str | None, tuple[str, ...]], ...]  # number, venue, teams in order (host first)
    lineups: dict[str, tuple[tuple[int, str, bool], ...]]  # team: (position, name, ersatz)
    drawn: int  # Serien drawn


@dataclass(frozen=True)
class Part:
    """A player's part of a list: hands from … to, his score and the hands he held cards in."""

    name: str
    start: int
    end: int
    score: int
    hands: int


@dataclass(frozen=True)
class ListView:
    position: int
    table: int
    score: int
    won: int
    lost: int
    tischpunkte: int | None
    players: tuple[Part, ...]


@dataclass(frozen=True)
class TeamSerie:
    team: str
    spielpunkte: int
    wp: Wp | None  # None: not (yet) given — the Serie is still playing, or the scheme gives none per Serie
    lists: tuple[ListView, ...]


@dataclass(frozen=True)
class SerieView:
    serie: int
    complete: bool
    teams: tuple[TeamSerie, ...]


@dataclass(frozen=True)
class TeamTotal:
    team: str
    spielpunkte: int
    wp: Wp | None


@dataclass(frozen=True)
class GroupView:
    group: int
    host: str
    venue: str | None
    teams: tuple[str, ...]
    absent: tuple[str, ...]
    serien: tuple[SerieView, ...]
    total: tuple[TeamTotal, ...]
    verlustspiel: int | None = None  # cents owed to the host (to the league where `central`); None: not set
    central: bool = False


@dataclass(frozen=True)
class DayReport:
    """The Spielbericht of a Spieltag."""

    league: int
    day: int
    date: dt.date
    provisional: bool
    scheme: WpScheme
    games: bool  # the lists have games won and lost (Skat)
    tischpunkte: bool
    groups: tuple[GroupView, ...]


@dataclass(frozen=True)
class LeagueTable:
    league: int
    name: str
    after_day: int | None
    provisional_days: tuple[int, ...]
    days: tuple[int, ...]
    scheme: WpScheme
    wp_sieg: int
    wp_sockel: int
    rows: tuple[TableRow, ...]  # team: (name, number)


@dataclass(frozen=True)
class PlanView:
    """`league plan`: per Spieltag its groups of team names, the host first; `central` Spieltage have no host;
    `apart`: the clubs whose teams do not meet on Spieltag 1, each with its teams."""

    league: int
    days: tuple[tuple[tuple[str, ...], ...], ...]
    central: tuple[int, ...]
    numbers: tuple[tuple[str, int], ...]
    apart: tuple[tuple[str, tuple[str, ...]], ...] = ()


@dataclass(frozen=True)
class EinzelRow:
    rank: int | None
    name: str
    team: str
    points: int
    hands: int
    average: float


@dataclass(frozen=True)
class Einzel:
    """`league einzel` (rule 17)."""

    league: int
    name: str
    min_hands: int
    players: tuple[EinzelRow, ...]


__all__ = [
    "ACTIVE_KEY",
    "Einzel",
    "EinzelRow",
    "PlanView",
    "DayInfo",
    "DayReport",
    "GroupView",
    "LeagueInfo",
    "LeagueTable",
    "ListView",
    "Part",
    "Seated",
    "SerieTables",
    "SerieView",
    "TableInfo",
    "TeamInfo",
    "TeamSerie",
    "TeamTotal",
]
