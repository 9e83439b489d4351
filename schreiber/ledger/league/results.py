"""A Spieltag's results (TEAMS.md §10.3 rules 10–16): the sheets of its tables, the Spielbericht — lists,
Tischpunkte, Spielpunkte and Wertungspunkte of every Serie — and the league table over the Spieltage."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from types import SimpleNamespace

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from schreiber.i18n import _
from schreiber.ledger import sheets, table_results
from schreiber.ledger.league.plans import (
    DayReport,
    GroupView,
    LeagueTable,
    ListView,
    Part,
    SerieView,
    TableInfo,
    TeamSerie,
    TeamTotal,
)
from schreiber.ledger.league.rows import settings
from schreiber.ledger.sheets import TypedSheet
from schreiber.rules import kitty
from schreiber.rules.model import SettingsError
from schreiber.scoring import league as leagues, wertung as wertungen
from schreiber.store.models import Player
from schreiber.store.league_models import (
    League,
    LeagueDay,
    LeagueGroup,
    LeagueSub,
    LeagueTable as LeagueTableRow,
    LeagueTeam,
)


@dataclass(frozen=True)
class _Line:
    points: int
    won: int
    lost: int


class Results:
    """Sheets, the Spielbericht, the league table."""

    def result(self, number: int, serie: int, table: int, sheet: TypedSheet, replace: bool = False) -> TableInfo:
        """Enter the paper sheet of table `table` of Serie `serie` (checked against the rule set, as
        `tournament result`), or with `replace` correct it."""
        with self.ledger.transaction() as s:
            row = self._league(s, for_update=True)
            day = self._open_day(s, row, number)
            place = s.scalar(
                select(LeagueTableRow).where(
                    LeagueTableRow.day_id == day.id, LeagueTableRow.serie == serie, LeagueTableRow.number == table
                )
            )
            if place is None:
                count = s.scalar(
                    select(func.count()).where(LeagueTableRow.day_id == day.id, LeagueTableRow.serie == serie)
                )
                if not count:
                    raise SettingsError(
                        _(
                            "SERIE: Serie {serie} of Spieltag {number} is not drawn; `schreiber league draw {number}`."
                        ).format(serie=serie, number=number)
                    )
                raise SettingsError(
                    _("TABLE: Serie {serie} of Spieltag {number} has tables 1–{count}, not {table}.").format(
                        serie=serie, number=number, count=count, table=table
                    )
                )
            stored = self.ledger.table_row(s, place.table_id, for_update=True)
            if sheet.values:  # the bare values in seat order
                seated = [seat.player.name for seat in stored.seats]
                if len(sheet.values) != len(seated):
                    raise SettingsError(
                        _("NAME=POINTS: table {table} seats {count} players; {given} values given.").format(
                            table=table, count=len(seated), given=len(sheet.values)
                        )
                    )
                sheet = dataclasses.replace(sheet, points=list(zip(seated, sheet.values, strict=True)), values=())
            play = self._play(row)
            kept = settings(row)
            holder = SimpleNamespace(rules=row.rules, settings=stored.settings, wertung=play.wertungen[0])
            hands = play.hands_at(kept["hands"] or play.hands, len(stored.seats))
            where = _("Serie {serie}, table {table}").format(serie=serie, table=table)
            sheets.enter(s, holder, serie, table, stored, sheet, hands=hands, replace=replace, where=where)
            return next(t for t in self._table_infos(s, row, day) if t.session == place.table_id)

    # -- the Spielbericht -----------------------------------------------------------------------------

    def day_report(self, number: int, league_id: int | None = None) -> DayReport:
        """The Spielbericht of Spieltag `number` of league `league_id` (default: the active one)."""
        with self.ledger.transaction() as s:
            row = self._league(s, league_id)
            return self._report(s, row, self._day(s, row, number))

    def _report(self, s: Session, row: League, day: LeagueDay) -> DayReport:
        kept = settings(row)
        play = self._play(row)
        wertung = wertungen.get(play.wertungen[0], wertungen.TOURNAMENT)
        scheme = leagues.scheme_of(kept)
        infos, results = self._table_read(s, row, day)
        subs = self._subs(s, day)
        lists = {
            info.session: _lists(info, results, wertung, kept["tischpunkte"], min(play.sizes), subs) for info in infos
        }
        amounts = tuple(row.table_settings.get("verlustspiel") or ())
        venues = {
            g.number: (g.venue, g.central) for g in s.scalars(select(LeagueGroup).where(LeagueGroup.day_id == day.id))
        }
        drawn = self._drawn(s, day)
        groups = []
        for group, teams in self._groups(s, day).items():
            names = [t.name for t in teams]
            serien, complete, blockwise = [], [], []
            for serie in range(1, drawn + 1):
                tables = [i for i in infos if i.serie == serie and i.players and i.players[0].team in names]
                done = bool(tables) and all(i.done for i in tables)
                by_team: dict[str, list[ListView]] = {}
                for info in tables:
                    for seated, view in zip(info.players, lists[info.session], strict=True):
                        by_team.setdefault(seated.team, []).append(view)
                points = {team: sum(v.score + (v.tischpunkte or 0) for v in views) for team, views in by_team.items()}
                wp = _serie_wp(names, tables, points, kept) if done and scheme.per_serie else {}
                if done:
                    complete.append(points)
                    blockwise.append(wp)
                serien.append(
                    SerieView(
                        serie,
                        done,
                        tuple(
                            TeamSerie(
                                team,
                                points[team],
                                wp.get(team) if scheme.counts else None,
                                tuple(sorted(by_team[team], key=lambda v: v.position)),
                            )
                            for team in names
                            if team in by_team
                        ),
                    )
                )
            whole_day = len(complete) >= kept["serien"]
            wp = (
                leagues.day_wp(scheme, names, complete, kept["wp_sieg"], kept["wp_sockel"])
                if not scheme.per_serie and whole_day
                else {}
            )
            if scheme.counts and scheme.per_serie:  # the sum of the Serien's pair points (within blocks: rule 19)
                wp = {team: sum((got.get(team, leagues.Wp()) for got in blockwise), leagues.Wp()) for team in names}
            # A team that missed a Serie the others played keeps the pair points given against it (rule 13).
            counted = {team for points in complete for team in names if team in points or len(points) > 1}
            total = tuple(
                TeamTotal(team, sum(points.get(team, 0) for points in complete), wp.get(team))
                for team in names
                if team in counted
            )
            absent = tuple(
                team
                for team in names
                if any(
                    team not in {p.team for i in infos if i.serie == x for p in i.players} for x in range(1, drawn + 1)
                )
            )
            venue, central = venues.get(group, (None, False))
            owed = (
                sum(
                    kitty.verlustspielgeld(v.lost, amounts) for i in infos if i.group == group for v in lists[i.session]
                )
                if amounts
                else None
            )
            groups.append(
                GroupView(
                    group,
                    None if central else names[0],
                    venue,
                    tuple(names),
                    absent,
                    tuple(serien),
                    total,
                    owed,
                    central,
                )
            )
        return DayReport(
            row.id,
            day.number,
            day.date,
            not day.closed,
            scheme,
            wertung.needs_games,
            bool(kept["tischpunkte"]),
            tuple(groups),
        )

    def _subs(self, s: Session, day: LeagueDay) -> dict[tuple[int, str, int], tuple[int, str, list | None]]:
        """The day's Wechsel: (Serie, team name, position) -> (from hand, who came in, the split or None)."""
        return {
            (sub.serie, team, sub.position): (sub.hand, name, sub.split)
            for sub, team, name in s.execute(
                select(LeagueSub, LeagueTeam.name, Player.name)
                .join(LeagueTeam, LeagueTeam.id == LeagueSub.team_id)
                .join(Player, Player.id == LeagueSub.player_id)
                .where(LeagueSub.day_id == day.id)
            )
        }

    # -- the league table -----------------------------------------------------------------------------

    def league_table(self, after: int | None = None, league_id: int | None = None) -> LeagueTable:
        with self.ledger.transaction() as s:
            row = self._league(s, league_id)
            kept = settings(row)
            scheme = leagues.scheme_of(kept)
            days = list(s.scalars(select(LeagueDay).where(LeagueDay.league_id == row.id).order_by(LeagueDay.number)))
            if after is not None:
                if not any(d.number == after for d in days):
                    raise SettingsError(
                        _("--after: {name} has no Spieltag {number}.").format(name=row.name, number=after)
                    )
                days = [d for d in days if d.number <= after]
            teams = self._teams(s, row)
            results: dict[tuple[str, int | None], list[leagues.TeamDay | None]] = {
                (t.name, t.number): [] for t in teams
            }
            for day in days:
                made = {}
                for group in self._report(s, row, day).groups:
                    for total in group.total:
                        made[total.team] = leagues.TeamDay(day.number, total.spielpunkte, total.wp)
                for team in teams:
                    results[(team.name, team.number)].append(made.get(team.name))
            rows = leagues.table(list(results), results, scheme, kept["aufsteiger"], kept["absteiger"])
            return LeagueTable(
                row.id,
                row.name,
                days[-1].number if days else None,
                tuple(d.number for d in days if not d.closed),
                tuple(d.number for d in days),
                scheme,
                kept["wp_sieg"],
                kept["wp_sockel"],
                tuple(rows),
            )


def _lists(
    info: TableInfo,
    results: table_results.TableResults,
    wertung: wertungen.Wertung,
    values: Sequence[int],
    active: int,
    subs: dict | None = None,
) -> list[ListView]:
    """The lists of one table in seat order: each seat's score under the list Wertung, its games, its Tischpunkte
    once the table is done; a list with a Wechsel split by `--split` is the two players' parts (rule 5), without
    a split the whole list is the player's who started it."""
    seats = results.seats.get(info.session, [])
    scored = info.session in results.scored
    lines = {
        pid: _Line(results.points.get((info.session, pid), 0), *results.games.get((info.session, pid), (0, 0)))
        for pid in seats
    }
    score = {pid: int(v) for pid, v in wertung.scored(lines).items()} if scored else dict.fromkeys(seats, 0)
    tp = leagues.tischpunkte(values, score) if values and info.done else {}
    played = info.of if info.sheet or info.closed else info.hands
    n = len(seats)
    out = []
    for index, (seated, pid) in enumerate(zip(info.players, seats, strict=True)):
        sub = (subs or {}).get((info.serie, seated.team, seated.position))
        if sub is not None and sub[2] and scored:
            hand, came, (mine, theirs) = sub
            parts = (
                Part(seated.name, 1, hand - 1, _part(wertung, n, mine), leagues.held(index, n, active, 1, hand - 1)),
                Part(came, hand, info.of, _part(wertung, n, theirs), leagues.held(index, n, active, hand, played)),
            )
        else:
            parts = (Part(seated.name, 1, info.of, score[pid], leagues.held(index, n, active, 1, played)),)
        view = ListView(
            seated.position,
            info.table,
            score[pid],
            lines[pid].won,
            lines[pid].lost,
            tp.get(pid) if values else None,
            parts,
        )
        out.append(view)
    return out


def _serie_wp(names: Sequence[str], tables: Sequence[TableInfo], points: dict, kept: dict) -> dict:
    """A Serie's pair points: within the group (an absent team gives wp_sieg to each that played, rule 13), or
    under `gruppen = gesetzt` within each block the Serie was seated in (rule 19)."""
    if kept["gruppen"] != "gesetzt":
        return leagues.pair_points(names, points, kept["wp_sieg"])
    out: dict = {}
    blocks: dict[int, list[str]] = {}
    for info in tables:
        for seated in info.players:
            if seated.team not in blocks.setdefault(info.group, []):
                blocks[info.group].append(seated.team)
    for block in blocks.values():
        out |= leagues.pair_points([n for n in names if n in block], points, kept["wp_sieg"])
    return out


def _part(wertung: wertungen.Wertung, size: int, values: Sequence[int]) -> int:
    """A part of a list (`--split` P/W/L/X) under the list Wertung: scored as a list at a table of `size` whose
    other players lost X games (Seeger-Fabian); a Wertung without games takes the points as they are."""
    points, won, lost, others = values
    if not wertung.needs_games:
        return points
    lines = {0: _Line(points, won, lost), 1: _Line(0, 0, others)} | {k: _Line(0, 0, 0) for k in range(2, size)}
    return int(wertung.scored(lines)[0])
