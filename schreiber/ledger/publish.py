"""What `schreiber publish` puts on the club's site (issue 42, CLI.md "Publishing results"): the tournaments and
seasons chosen, each tournament's standings, every round's seat plan and its prizes, each season's standings and
awards, and which players of the register are private. Read here; worded and drawn by views/ and web/.

Money owed, payments and balances are not read at all: only the prizes leave the room."""

from __future__ import annotations

import dataclasses
import datetime as dt
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from schreiber.errors import NotFound
from schreiber.i18n import _
from schreiber.ledger.cashbook import Cash
from schreiber.ledger.categories import Categories
from schreiber.ledger.league import Leagues
from schreiber.ledger.league.plans import DayReport, LeagueTable
from schreiber.ledger.season import SeasonAwards, Seasons, SeasonStandings
from schreiber.ledger.players import Players
from schreiber.ledger.service import Ledger
from schreiber.ledger.standings import StandingsView
from schreiber.ledger.tournament import Tournaments
from schreiber.ledger.tournament.plans import RoundPlan, TournamentInfo
from schreiber.ledger.tournament.teams import TeamStandings
from schreiber.store.models import Entrant, Player, Season, Tournament
from schreiber.store.league_models import League, LeagueDay


@dataclass(frozen=True)
class PublishedTournament:
    """A tournament as published: its standings over every drawn round, each round's plan, the prizes by start
    number (cents; 0 for none), the season it counts for (None outside one), the register id of each start
    number (a player outside a season has his page under his register number), and each team competition's
    standings (TEAMS.md §10.4)."""

    standings: StandingsView
    plans: tuple[RoundPlan, ...]
    prizes: dict[int, int]
    season: int | None
    register: dict[int, int]
    teams: tuple[TeamStandings, ...] = ()
    # Each category ranking (TEAMS.md §10.2), and each start number's prizes (scoring/prizes.py `Got`: list, place,
    # cash, goods by name).
    kategorien: tuple[StandingsView, ...] = ()
    got: dict[int, tuple[Any, ...]] = dataclasses.field(default_factory=dict)

    @property
    def info(self) -> TournamentInfo:
        return self.standings.tournament


@dataclass(frozen=True)
class PublishedSeason:
    standings: SeasonStandings
    awards: SeasonAwards

    @property
    def final(self) -> bool:
        """Every tournament of the season is final (RULES.md §9)."""
        return not self.standings.running


@dataclass(frozen=True)
class PublishedLeague:
    """A league as published (TEAMS.md §10.4): its table after the newest Spieltag and every Spieltag's
    Spielbericht in order; `register`: the register number of each private player of its lists ("Player 12")."""

    name: str
    rules: str
    table: LeagueTable
    days: tuple[DayReport, ...]
    register: dict[str, int]

    @property
    def id(self) -> int:
        return self.table.league


@dataclass(frozen=True)
class Publication:
    """Everything to publish: tournaments newest first, seasons newest first, the private players' names, the
    leagues by id."""

    tournaments: tuple[PublishedTournament, ...]
    seasons: tuple[PublishedSeason, ...]
    privat: frozenset[str]
    leagues: tuple[PublishedLeague, ...] = ()


def collect(
    ledger: Ledger,
    tournament_id: int | None = None,
    season_id: int | None = None,
    since: dt.date | None = None,
    league_id: int | None = None,
) -> Publication:
    """The tournaments, seasons and leagues to publish: every one (default), one tournament, one season with its
    tournaments, or one league; `since` keeps the tournaments of that day and later, the seasons with one of them
    and the leagues with a Spieltag then or later."""
    if league_id is not None:
        return Publication((), (), Players(ledger).private(), tuple(_leagues(ledger, [league_id])))
    with ledger.transaction() as s:
        league_ids: list[int] = []
        if tournament_id is None and season_id is None:
            found = select(League.id).order_by(League.id)
            if since is not None:
                found = found.where(League.id.in_(select(LeagueDay.league_id).where(LeagueDay.date >= since)))
            league_ids = list(s.scalars(found))
        rows = list(s.execute(select(Tournament.id, Tournament.season_id, Tournament.date)))
        season_ids = list(s.scalars(select(Season.id)))
        if tournament_id is not None and tournament_id not in {r.id for r in rows}:
            raise NotFound(_("--tournament: there is no tournament {id}.").format(id=tournament_id))
        if season_id is not None and season_id not in season_ids:
            raise NotFound(_("--season: there is no season {id}.").format(id=season_id))
        if tournament_id is not None:
            rows = [r for r in rows if r.id == tournament_id]
            season_ids = []
        elif season_id is not None:
            rows = [r for r in rows if r.season_id == season_id]
            season_ids = [season_id]
        if since is not None:
            rows = [r for r in rows if r.date >= since]
            kept = {r.season_id for r in rows}
            season_ids = [sid for sid in season_ids if sid in kept]
        rows.sort(key=lambda r: (r.date, r.id), reverse=True)
        ids = [r.id for r in rows]
        register: dict[int, dict[int, int]] = {}
        for tid, number, pid in s.execute(
            select(Entrant.tournament_id, Entrant.number, Entrant.player_id).where(Entrant.tournament_id.in_(ids))
        ):
            register.setdefault(tid, {})[number] = pid
    privat = Players(ledger).private()
    tournaments = Tournaments(ledger)
    cash = Cash(ledger)
    categories = Categories(ledger)
    # Read together, as `season standings` reads its tournaments; with each one's unconfirmed sheets, so that every
    # view is the one `tournament standings` shows.
    views = [
        dataclasses.replace(view, unconfirmed=tournaments.unconfirmed(tid))
        for tid, view in zip(ids, tournaments.standings_of(ids) if ids else [])
    ]
    plans_of = tournaments.plans_of([view.tournament for view in views])
    published = []
    for row, view in zip(rows, views):
        book = cash.book(row.id, standings=view).book
        prizes = {line.number: line.prize for line in book.lines}
        plans = tuple(plans_of[row.id])
        teams = tuple(tournaments.team_standings(tournament_id=row.id))
        got = {line.number: line.prizes for line in book.lines if line.prizes}
        published.append(
            PublishedTournament(
                view, plans, prizes, row.season_id, register.get(row.id, {}), teams, categories.every(view), got
            )
        )
    by_id = {t.info.id: t.standings for t in published}
    seasons = Seasons(ledger)
    chosen = []
    for sid in season_ids:
        standings = seasons.standings(sid, views=by_id)
        chosen.append(PublishedSeason(standings, seasons.awards(sid, table=standings)))
    # Newest first: by the date of the season's last tournament, then by id.
    chosen.sort(
        key=lambda x: (max((t.date for t in x.standings.season.tournaments), default=""), x.standings.season.id)
    )
    return Publication(tuple(published), tuple(reversed(chosen)), privat, tuple(_leagues(ledger, league_ids)))


def _leagues(ledger: Ledger, ids: list[int]) -> list[PublishedLeague]:
    """Each league of `ids` with its table and Spielberichte; a private player's register number by his name."""
    leagues = Leagues(ledger)
    out = []
    with ledger.transaction() as s:
        known = set(s.scalars(select(League.id).where(League.id.in_(ids))))
        missing = [lid for lid in ids if lid not in known]
        if missing:
            raise NotFound(_("--league: there is no league {id}.").format(id=missing[0]))
        register = {name: pid for name, pid in s.execute(select(Player.name, Player.id).where(Player.privat.is_(True)))}
    for lid in ids:
        info = leagues.info(lid)
        table = leagues.league_table(league_id=lid)
        days = tuple(leagues.day_report(number, lid) for number in table.days)
        named = {p.name for d in days for g in d.groups for x in g.serien for t in x.teams for v in t.lists
                 for p in v.players}  # fmt: skip
        out.append(
            PublishedLeague(info.name, info.rules, table, days, {n: register[n] for n in named if n in register})
        )
    return out


__all__ = ["Publication", "PublishedLeague", "PublishedSeason", "PublishedTournament", "collect"]
