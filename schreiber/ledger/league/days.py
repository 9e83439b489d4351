"""A Spieltag (TEAMS.md §10.3 rules 2, 4, 6–9, 16): its groups, the teams' line-ups, the draw of each Serie by the
plan (every table an ordinary session), its tables, and closing it."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from schreiber.i18n import _
from schreiber.ledger import table_results
from schreiber.ledger.drawn import remove_tables, seat_table
from schreiber.ledger.league.plans import DayInfo, Seated, SerieTables, TableInfo
from schreiber.ledger.league.rows import settings
from schreiber.ledger.names import pick
from schreiber.ledger.series import HANDS
from schreiber.rules.model import SettingsError
from schreiber.rules.words import and_list
from schreiber.scoring import league as leagues, seating
from schreiber.store.models import Player, Seat
from schreiber.store.league_models import (
    League,
    LeagueDay,
    LeagueGroup,
    LeagueGroupTeam,
    LeagueLineup,
    LeagueSub,
    LeagueTable,
    LeagueTeam,
)


class Days:
    """Spieltage: new, line-ups, the draw, the tables, closing."""

    def day_new(self, number: int, date: dt.date, groups: Sequence[str], venues: Sequence[str] = ()) -> DayInfo:
        if number < 1:
            raise SettingsError(_("N: a Spieltag's number is 1 or more, not {number}.").format(number=number))
        with self.ledger.transaction() as s:
            row = self._league(s, for_update=True)
            central = False
            if not groups:
                groups, central = self._planned(s, row, number)
            if len(venues) > len(groups):
                raise SettingsError(_("--venue: one venue a group; {count} groups.").format(count=len(groups)))
            if s.scalar(select(LeagueDay.id).where(LeagueDay.league_id == row.id, LeagueDay.number == number)):
                raise SettingsError(
                    _("N: {name} has a Spieltag {number} already; `schreiber league day show {number}`.").format(
                        name=row.name, number=number
                    )
                )
            seen: set[int] = set()
            parsed = []
            for text in groups:
                teams = [self._team(s, row, word.strip(), "--group") for word in text.split(",") if word.strip()]
                if not 2 <= len(teams) <= (len(self._teams(s, row)) if settings(row)["gruppen"] == "gesetzt" else 5):
                    raise SettingsError(
                        _("--group {group}: a group has 2 to 5 teams, not {count}.").format(
                            group=text, count=len(teams)
                        )
                    )
                for team in teams:
                    if team.id in seen:
                        raise SettingsError(
                            _("--group: team {team} is named twice; a team plays in one group.").format(team=team.name)
                        )
                    seen.add(team.id)
                parsed.append(teams)
            day = LeagueDay(league_id=row.id, number=number, date=date, closed=False)
            s.add(day)
            s.flush()
            for index, teams in enumerate(parsed, start=1):
                venue = venues[index - 1].strip() if index <= len(venues) else None if central else teams[0].club
                s.add(LeagueGroup(day_id=day.id, number=index, venue=venue or None, central=central))
                for place, team in enumerate(teams, start=1):
                    s.add(LeagueGroupTeam(day_id=day.id, team_id=team.id, group=index, place=place))
            s.flush()
            return self._day_info(s, row, day)

    def day_info(self, number: int) -> DayInfo:
        with self.ledger.transaction() as s:
            row = self._league(s)
            return self._day_info(s, row, self._day(s, row, number))

    def lineup(self, number: int, typed_team: str, names: Sequence[str], ersatz: Sequence[str] = ()) -> DayInfo:
        """A team's Aufstellung for Spieltag `number`: positions 1, 2, … in order, then the substitutes; it may be
        given again until the first Serie is drawn."""
        with self.ledger.transaction() as s:
            row = self._league(s, for_update=True)
            day = self._open_day(s, row, number)
            team = self._team(s, row, typed_team)
            if not any(team.id == t.id for teams in self._groups(s, day).values() for t in teams):
                raise SettingsError(
                    _("TEAM: {team} plays in no group of Spieltag {number}.").format(team=team.name, number=number)
                )
            if self._drawn(s, day):
                raise SettingsError(
                    _("TEAM: Serie 1 of Spieltag {number} is drawn; the line-up is fixed.").format(number=number)
                )
            kept = settings(row)
            roster = dict((name, pid) for pid, name in self._roster(s, team))
            chosen: list[tuple[int, str]] = []
            for option, typed in [("NAME", n) for n in names] + [("--ersatz", n) for n in ersatz]:
                if not roster:
                    raise SettingsError(
                        _("{option}: {team} has nobody on its roster; `schreiber league roster {team} NAME …`.").format(
                            option=option, team=team.name
                        )
                    )
                name = pick(typed, list(roster), option, _("a player on the roster"))
                if any(name == n for _pid, n in chosen):
                    raise SettingsError(
                        _("{option}: {name} has a position already; a player is in one position.").format(
                            option=option, name=name
                        )
                    )
                chosen.append((roster[name], name))
            if len(names) > kept["team_size"]:
                raise SettingsError(
                    _("NAME: {count} positions; team_size is {size}.").format(count=len(names), size=kept["team_size"])
                )
            if len(names) < kept["team_min"]:
                raise SettingsError(
                    _("NAME: {count} positions; a team plays with at least team_min={least}.").format(
                        count=len(names), least=kept["team_min"]
                    )
                )
            if kept["ersatz_max"] is not None and len(ersatz) > kept["ersatz_max"]:
                raise SettingsError(
                    _("--ersatz: {count} substitutes; ersatz_max is {most}.").format(
                        count=len(ersatz), most=kept["ersatz_max"]
                    )
                )
            s.execute(delete(LeagueLineup).where(LeagueLineup.day_id == day.id, LeagueLineup.team_id == team.id))
            # Substitutes are numbered after the positions a team can fill (ISPA: positions 1–8, substitutes 9–12).
            for index, (pid, _name) in enumerate(chosen):
                ersatz_ = index >= len(names)
                position = kept["team_size"] + 1 + index - len(names) if ersatz_ else index + 1
                s.add(LeagueLineup(day_id=day.id, team_id=team.id, position=position, player_id=pid, ersatz=ersatz_))
            s.flush()
            return self._day_info(s, row, day)

    def close(self, number: int, undo: bool = False) -> DayInfo:
        with self.ledger.transaction() as s:
            row = self._league(s, for_update=True)
            day = self._day(s, row, number, for_update=True)
            if not undo:
                waiting = [t.table for t in self._table_infos(s, row, day) if not t.done]
                if waiting:
                    raise SettingsError(
                        _(
                            "N: Spieltag {number} has tables still playing ({tables}); close it when they are done."
                        ).format(number=number, tables=", ".join(map(str, waiting)))
                    )
            day.closed = not undo
            s.flush()
            return self._day_info(s, row, day)

    # -- the draw -----------------------------------------------------------------------------------

    def draw(self, number: int, serie: int | None = None) -> SerieTables:
        """Seat Serie `serie` (default: the next) of Spieltag `number` by the plan (rules 7–9); a Serie may be drawn
        again until its first hand or sheet. Refused while a table of the Serie before plays."""
        with self.ledger.transaction() as s:
            row = self._league(s, for_update=True)
            day = self._open_day(s, row, number)
            kept = settings(row)
            last = self._drawn(s, day)
            serie = last + 1 if serie is None else serie
            if serie == last + 1 > kept["serien"]:
                raise SettingsError(
                    _("Spieltag {number} has its {serien} Serien drawn (serien={serien}).").format(
                        number=number, serien=kept["serien"]
                    )
                )
            if serie < 1 or serie > last + 1 or serie > kept["serien"]:
                raise SettingsError(
                    _("--serie: Serie {serie} cannot be drawn now; the next is {next} of {serien}.").format(
                        serie=serie, next=last + 1, serien=kept["serien"]
                    )
                )
            infos = self._table_infos(s, row, day)
            if serie <= last:
                if serie < last or any(t.hands or t.sheet for t in infos if t.serie == serie):
                    raise SettingsError(
                        _(
                            "--serie: Serie {serie} is being played (or a later one is drawn); it cannot be drawn again."
                        ).format(serie=serie)
                    )
                self._remove_serie(s, day, serie)
            elif last:
                waiting = [t.table for t in infos if t.serie == last and not t.done]
                if waiting:
                    raise SettingsError(
                        _("Serie {serie} cannot be drawn yet: Serie {last} still plays at table {tables}.").format(
                            serie=serie, last=last, tables=", ".join(map(str, waiting))
                        )
                    )
            self._seat(s, row, day, serie, kept)
            s.flush()
            return self._serie_tables(s, row, day, serie)

    def _seat(self, s: Session, row: League, day: LeagueDay, serie: int, kept: dict) -> None:
        play = self._play(row)
        lineups = self._lineups(s, day, serie)
        absent = self._absent(s, day, serie)
        least = min(play.sizes)
        number = 0
        met = seating.met_pairs([self._seatings(s, day, serie)])
        for teams in self._groups(s, day).values():
            missing = [t.name for t in teams if t.id not in lineups and t.id not in absent]
            if missing:
                raise SettingsError(
                    _(
                        "Spieltag {day}: no line-up yet for {teams}; `schreiber league lineup {day} TEAM NAME …`."
                    ).format(day=day.number, teams=and_list(missing))
                )
        placed: list[tuple[int, list[int]]] = []
        if kept["gruppen"] == "gesetzt":
            placed = self._seeded(s, row, day, serie, kept, lineups, absent)
        for group, teams in ({} if placed else self._groups(s, day)).items():
            playing = [t for t in teams if t.id not in absent and len(lineups[t.id][0]) >= kept["team_min"]]
            present = [min(len(lineups[t.id][0]), kept["team_size"]) for t in playing]
            tables = self._plan(
                playing, present, lineups, serie, least, kept, met, f"{row.id}-{day.number}-{serie}-{group}"
            )
            placed += [(group, people) for people in tables]
        for group, people in placed:
            number += 1
            table = seat_table(
                s,
                _("{name}, Spieltag {day}, Serie {serie}, table {table}").format(
                    name=row.name, day=day.number, serie=serie, table=number
                ),
                row.rules,
                {**row.table_settings, HANDS: play.hands_at(kept["hands"] or play.hands, len(people))},
                day.date,
                people,
            )
            s.add(LeagueTable(day_id=day.id, serie=serie, number=number, group=group, table_id=table.id))

    def _plan(self, playing, present, lineups, serie, least, kept, met, seed) -> list[list[int]]:
        """The tables of one group's Serie as player ids in seat order: rules 7–8 for 3 or 4 teams (3 only where a
        table of 3 plays), rule 6 for two, the §6 draw keeping teams apart otherwise (rule 9)."""
        names = [t.name for t in playing]
        g = len(playing)
        if g < 2:
            return []
        if g == 2 and any(count < kept["team_size"] for count in present):
            raise SettingsError(
                _("only {teams} are present; two teams play only with team_size={size} players each.").format(
                    teams=and_list(names), size=kept["team_size"]
                )
            )
        if g == 2 or g == 4 or (g == 3 and least <= 3):
            try:
                plan = leagues.seat_serie(present, serie - 1, least)
            except leagues.ShortTeams as refused:
                raise SettingsError(
                    _("Serie {serie} cannot be seated: {why} ({teams}).").format(
                        serie=serie, why=str(refused), teams=", ".join(names[j] for j in refused.teams)
                    )
                ) from None
            return [[lineups[playing[j].id][0][p] for j, p in table] for table in plan.tables]
        people = [pid for t, count in zip(playing, present, strict=True) for pid in lineups[t.id][0][:count]]
        apart = {t.name: lineups[t.id][0][:count] for t, count in zip(playing, present, strict=True)}
        sizes = (4, 3) if least <= 3 else (4, 5)
        tables = len(seating.table_sizes(len(people), sizes))
        # Team mates count as met, so the draw keeps them apart as far as it can (three teams of 4 at three tables
        # cannot be); where every team fits, strictly apart.
        met = set(met) | {pair for members in apart.values() for pair in seating.pairs_of([members])}
        strict = {name: members for name, members in apart.items() if len(members) <= tables}
        drawn = seating.draw(people, met, seed=seed, sizes=sizes, apart=strict if len(strict) == len(apart) else {})
        return [list(table) for table in drawn.tables]

    def _lineups(self, s: Session, day: LeagueDay, serie: int = 1) -> dict[int, tuple[list[int], list[int]]]:
        """Each team's line-up for Serie `serie` of the day: player ids of its positions, and of its substitutes, in
        order; a Wechsel of an earlier Serie holds (rule 5): the one who came in plays the position, the one who
        left is on the bench."""
        out: dict[int, tuple[list[int], list[int]]] = {}
        for entry in s.scalars(
            select(LeagueLineup).where(LeagueLineup.day_id == day.id).order_by(LeagueLineup.position)
        ):
            out.setdefault(entry.team_id, ([], []))[1 if entry.ersatz else 0].append(entry.player_id)
        for sub in s.scalars(
            select(LeagueSub)
            .where(LeagueSub.day_id == day.id, LeagueSub.serie < serie)
            .order_by(LeagueSub.serie, LeagueSub.hand)
        ):
            positions, bench = out[sub.team_id]
            if sub.position <= len(positions) and sub.player_id in bench:
                left = positions[sub.position - 1]
                positions[sub.position - 1] = sub.player_id
                bench[bench.index(sub.player_id)] = left
        return out

    def _seatings(self, s: Session, day: LeagueDay, before: int) -> list[list[int]]:
        seated: dict[int, list[int]] = {}
        for table_id, player_id in s.execute(
            select(Seat.table_id, Seat.player_id)
            .join(LeagueTable, LeagueTable.table_id == Seat.table_id)
            .where(LeagueTable.day_id == day.id, LeagueTable.serie < before)
            .order_by(Seat.table_id, Seat.position)
        ):
            seated.setdefault(table_id, []).append(player_id)
        return list(seated.values())

    def _remove_serie(self, s: Session, day: LeagueDay, serie: int) -> None:
        old = list(
            s.scalars(select(LeagueTable.table_id).where(LeagueTable.day_id == day.id, LeagueTable.serie == serie))
        )
        s.execute(delete(LeagueTable).where(LeagueTable.day_id == day.id, LeagueTable.serie == serie))
        remove_tables(s, old)

    # -- the tables -----------------------------------------------------------------------------------

    def tables(self, number: int, serie: int | None = None, league_id: int | None = None) -> SerieTables:
        with self.ledger.transaction() as s:
            row = self._league(s, league_id)
            day = self._day(s, row, number)
            last = self._drawn(s, day)
            if not last:
                raise SettingsError(
                    _("Spieltag {number} has no Serie drawn; `schreiber league draw {number}`.").format(number=number)
                )
            serie = last if serie is None else serie
            if not 1 <= serie <= last:
                raise SettingsError(
                    _("--serie: Spieltag {number} has Serien 1–{last} drawn, not {serie}.").format(
                        number=number, last=last, serie=serie
                    )
                )
            return self._serie_tables(s, row, day, serie)

    def _serie_tables(self, s: Session, row: League, day: LeagueDay, serie: int) -> SerieTables:
        infos = [t for t in self._table_infos(s, row, day) if t.serie == serie]
        return SerieTables(row.id, day.number, serie, tuple(infos))

    def _table_infos(self, s: Session, row: League, day: LeagueDay) -> list[TableInfo]:
        """Every table of the day with its players (team, position) and how far it is."""
        return self._table_read(s, row, day)[0]

    def _table_read(
        self, s: Session, row: League, day: LeagueDay
    ) -> tuple[list[TableInfo], table_results.TableResults]:
        """The day's tables and what was scored at them (`seats`: player ids in seat order, as `players`)."""
        play = self._play(row)
        kept = settings(row)
        stored = self._tables(s, [day])
        ids = select(LeagueTable.table_id).where(LeagueTable.day_id == day.id)
        results = table_results.TableResults()
        table_results.scores(s, ids, {t.table_id: results for t in stored})
        base = self._positions(s, day)
        names = dict(s.execute(select(Player.id, Player.name).where(Player.id.in_(list(base)))).all())
        by_serie: dict[int, dict[int, tuple[str, int]]] = {}
        if s.scalar(select(LeagueSub.day_id).where(LeagueSub.day_id == day.id).limit(1)) is None:
            by_serie = {t.serie: base for t in stored}  # no Wechsel: the line-up's positions hold all day
        out = []
        for t in stored:
            if t.serie not in by_serie:
                by_serie[t.serie] = self._serie_positions(s, day, t.serie, base)
            position = by_serie[t.serie]
            seats = results.seats.get(t.table_id, [])
            players = tuple(Seated(names.get(pid, "?"), *position.get(pid, ("?", 0))) for pid in seats)
            of = play.hands_at(kept["hands"] or play.hands, len(seats)) if seats else 0
            out.append(
                TableInfo(
                    t.serie,
                    t.number,
                    t.table_id,
                    t.group,
                    players,
                    results.live_hands.get(t.table_id, 0),
                    t.table_id in results.sheeted,
                    t.table_id in results.closed,
                    of,
                )
            )
        return out, results

    def _positions(self, s: Session, day: LeagueDay) -> dict[int, tuple[str, int]]:
        """Player id -> (team name, line-up position) on the day."""
        return {
            pid: (team, position)
            for pid, team, position in s.execute(
                select(LeagueLineup.player_id, LeagueTeam.name, LeagueLineup.position)
                .join(LeagueTeam, LeagueTeam.id == LeagueLineup.team_id)
                .where(LeagueLineup.day_id == day.id)
            )
        }

    def _serie_positions(
        self, s: Session, day: LeagueDay, serie: int, base: dict[int, tuple[str, int]]
    ) -> dict[int, tuple[str, int]]:
        """Player id -> (team name, position) in Serie `serie`: one who came in by an earlier Wechsel plays the
        position of the one who left (rule 5)."""
        out = dict(base)
        for positions, _bench in self._lineups(s, day, serie).values():
            for index, pid in enumerate(positions):
                out[pid] = (base[pid][0], index + 1)
        return out

    def _day_info(self, s: Session, row: League, day: LeagueDay) -> DayInfo:
        venues = dict(
            s.execute(select(LeagueGroup.number, LeagueGroup.venue).where(LeagueGroup.day_id == day.id)).all()
        )
        groups = tuple(
            (number, venues.get(number), tuple(t.name for t in teams)) for number, teams in self._groups(s, day).items()
        )
        lineups: dict[str, list[tuple[int, str, bool]]] = {}
        for team, position, name, ersatz in s.execute(
            select(LeagueTeam.name, LeagueLineup.position, Player.name, LeagueLineup.ersatz)
            .join(LeagueTeam, LeagueTeam.id == LeagueLineup.team_id)
            .join(Player, Player.id == LeagueLineup.player_id)
            .where(LeagueLineup.day_id == day.id)
            .order_by(LeagueLineup.position)
        ):
            lineups.setdefault(team, []).append((position, name, ersatz))
        return DayInfo(
            row.id,
            day.number,
            day.date,
            day.closed,
            groups,
            {k: tuple(v) for k, v in lineups.items()},
            self._drawn(s, day),
        )
