"""The league season (TEAMS.md §10.3 rules 3, 5, 6, 13, 17): the plan of Spieltage 1–5, substitutions to the hand,
absent teams and the Einzelwertung."""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from schreiber.i18n import _
from schreiber.ledger.league.plans import DayInfo, Einzel, EinzelRow, PlanView
from schreiber.ledger.league.rows import settings
from schreiber.ledger.names import pick
from schreiber.rules.model import SettingsError
from schreiber.rules.words import and_list
from schreiber.scoring import league as leagues
from schreiber.store.models import Player
from schreiber.store.league_models import League, LeagueAbsent, LeagueDay, LeaguePlan, LeagueSub


class Season:
    """`league plan`, `league sub`, `league absent`, `league einzel`."""

    # -- the plan (rule 3) ------------------------------------------------------------------------------

    def plan(self) -> PlanView:
        with self.ledger.transaction() as s:
            row = self._league(s, for_update=True)
            teams = self._teams(s, row)
            if len(teams) != leagues.PLAN_TEAMS:
                raise SettingsError(
                    _("league plan: the plan is for exactly {need} teams; {name} has {count}.").format(
                        need=leagues.PLAN_TEAMS, name=row.name, count=len(teams)
                    )
                )
            wrong = [t.name for t in teams if t.number is not None and t.number > leagues.PLAN_TEAMS]
            if wrong:
                raise SettingsError(
                    _("--number: the plan numbers the teams 1–{most}; {teams} has a number beyond.").format(
                        most=leagues.PLAN_TEAMS, teams=and_list(wrong)
                    )
                )
            numbers = dict(zip((t.id for t in teams), leagues.plan_numbers([t.number for t in teams]), strict=True))
            clubs: dict[str, list[str]] = {}
            for t in teams:
                if t.club:
                    clubs.setdefault(t.club, []).append(t.name)
            big = [(club, names) for club, names in clubs.items() if len(names) > leagues.BLOCK]
            if big:
                club, names = big[0]
                raise SettingsError(
                    _("--club: {club} has {count} teams ({teams}); the plan takes at most {most} of one club.").format(
                        club=club, count=len(names), teams=and_list(names), most=leagues.BLOCK
                    )
                )
            by_number = {numbers[t.id]: t for t in teams}
            s.execute(delete(LeaguePlan).where(LeaguePlan.league_id == row.id))
            for t in teams:
                t.number = numbers[t.id]
            for day, groups in enumerate(leagues.season_plan(), start=1):
                for group, members in enumerate(groups, start=1):
                    for place, number in enumerate(members, start=1):
                        s.add(
                            LeaguePlan(
                                league_id=row.id,
                                day=day,
                                team_id=by_number[number].id,
                                group=group,
                                place=place,
                                central=leagues.central(day),
                            )
                        )
            s.flush()
            view = self._plan_view(s, row)
            apart = leagues.split_clubs({t.name: numbers[t.id] for t in teams}, {t.name: t.club for t in teams})
            return PlanView(view.league, view.days, view.central, view.numbers, tuple((c, tuple(n)) for c, n in apart))

    def _plan_view(self, s: Session, row: League) -> PlanView:
        teams = {t.id: t for t in self._teams(s, row)}
        days: dict[int, dict[int, list[str]]] = {}
        central = set()
        for entry in s.scalars(
            select(LeaguePlan)
            .where(LeaguePlan.league_id == row.id)
            .order_by(LeaguePlan.day, LeaguePlan.group, LeaguePlan.place)
        ):
            days.setdefault(entry.day, {}).setdefault(entry.group, []).append(teams[entry.team_id].name)
            if entry.central:
                central.add(entry.day)
        ordered = sorted(teams.values(), key=lambda t: (t.number or 0, t.id))
        return PlanView(
            row.id,
            tuple(tuple(tuple(g) for _n, g in sorted(groups.items())) for _d, groups in sorted(days.items())),
            tuple(sorted(central)),
            tuple((t.name, t.number or 0) for t in ordered),
        )

    def _planned(self, s: Session, row: League, number: int) -> tuple[list[str], bool]:
        """Spieltag `number`'s groups from the plan (team names comma-separated, host first) and whether it is
        central; refused without a plan for it."""
        view = self._plan_view(s, row)
        if not 1 <= number <= len(view.days):
            raise SettingsError(
                _(
                    "--group: {name} has no plan for Spieltag {number}; give its groups (--group A,B,C,D) or make the "
                    "plan with `schreiber league plan`."
                ).format(name=row.name, number=number)
            )
        return [",".join(group) for group in view.days[number - 1]], number in view.central

    # -- seeded groups (rule 19) ----------------------------------------------------------------------------

    def _seeded(self, s: Session, row: League, day: LeagueDay, serie: int, kept: dict, lineups, absent):
        """`gruppen = gesetzt`: the teams of the day in blocks of 4 (the last ones 3) — Serie 1 by lot, later ones
        by the day's table so far (WP, then Spielpunkte) — and in a block table k takes every team's k-th best
        player so far (line-up order on equal points); as (block, player ids in seat order) per table."""
        teams = [
            t
            for group in self._groups(s, day).values()
            for t in group
            if t.id not in absent and t.id in lineups and len(lineups[t.id][0]) >= kept["team_min"]
        ]
        points: dict[str, int] = {}
        if serie == 1:
            order = teams[:]
            random.Random(f"{row.id}-{day.number}-gesetzt").shuffle(order)
        else:
            wp: dict[str, Fraction] = {}
            sp: dict[str, int] = {}
            for group in self._report(s, row, day).groups:
                for each in group.serien:
                    for t in each.teams if each.complete else ():
                        sp[t.team] = sp.get(t.team, 0) + t.spielpunkte
                        wp[t.team] = wp.get(t.team, Fraction(0)) + (t.wp.wp if t.wp else 0)
                        for part in (p for v in t.lists for p in v.players):
                            points[part.name] = points.get(part.name, 0) + part.score
            order = sorted(teams, key=lambda t: (wp.get(t.name, 0), sp.get(t.name, 0)), reverse=True)
        ids = [pid for t in teams for pid in lineups[t.id][0]]
        names = dict(s.execute(select(Player.id, Player.name).where(Player.id.in_(ids))).all())
        out = []
        for number, block in enumerate(leagues.seeded_blocks(order), start=1):
            best = [
                sorted(lineups[t.id][0][: kept["team_size"]], key=lambda pid: -points.get(names[pid], 0)) for t in block
            ]
            out += [(number, people) for people in leagues.block_tables(best)]
        return out

    # -- absent teams (rules 6, 13) -----------------------------------------------------------------------

    def absent(self, number: int, typed_team: str, serie: int | None = None) -> DayInfo:
        """Team `typed_team` does not play Serie `serie` (default: every Serie not yet played) of Spieltag `number`;
        a Serie drawn but not begun is drawn again without it."""
        with self.ledger.transaction() as s:
            row = self._league(s, for_update=True)
            day = self._open_day(s, row, number)
            kept = settings(row)
            team = self._team(s, row, typed_team)
            if not any(team.id == t.id for teams in self._groups(s, day).values() for t in teams):
                raise SettingsError(
                    _("TEAM: {team} plays in no group of Spieltag {number}.").format(team=team.name, number=number)
                )
            last = self._drawn(s, day)
            infos = self._table_infos(s, row, day)
            begun = {t.serie for t in infos if t.hands or t.sheet}
            if serie is not None and not 1 <= serie <= kept["serien"]:
                raise SettingsError(
                    _("--serie: Spieltag {number} has Serien 1–{serien}, not {serie}.").format(
                        number=number, serien=kept["serien"], serie=serie
                    )
                )
            first = serie if serie is not None else max([last] + [x + 1 for x in begun] + [1])
            if first in begun or first < last:
                raise SettingsError(
                    _("--serie: Serie {serie} of Spieltag {number} is being played; name a later one.").format(
                        serie=first, number=number
                    )
                )
            serien = [serie] if serie is not None else list(range(first, kept["serien"] + 1))
            for each in serien:
                if s.get(LeagueAbsent, (day.id, team.id, each)) is None:
                    s.add(LeagueAbsent(day_id=day.id, team_id=team.id, serie=each))
            s.flush()
            if last in serien:
                self._remove_serie(s, day, last)
                self._seat(s, row, day, last, kept)
                s.flush()
            return self._day_info(s, row, day)

    def _absent(self, s: Session, day: LeagueDay, serie: int) -> set[int]:
        return set(
            s.scalars(select(LeagueAbsent.team_id).where(LeagueAbsent.day_id == day.id, LeagueAbsent.serie == serie))
        )

    # -- substitutions (rule 5) -----------------------------------------------------------------------------

    def sub(
        self, number: int, serie: int, typed_team: str, position: int, typed: str, hand: int, split: Sequence[str] = ()
    ) -> DayInfo:
        with self.ledger.transaction() as s:
            row = self._league(s, for_update=True)
            day = self._open_day(s, row, number)
            team = self._team(s, row, typed_team)
            last = self._drawn(s, day)
            if not 1 <= serie <= last:
                raise SettingsError(
                    _("SERIE: Spieltag {number} has Serien 1–{last} drawn, not {serie}.").format(
                        number=number, last=last, serie=serie
                    )
                )
            if serie < last:
                raise SettingsError(
                    _("SERIE: Serie {next} is drawn already; a Wechsel is entered in the Serie being played.").format(
                        next=last
                    )
                )
            infos, results = self._table_read(s, row, day)
            lineup = self._lineups(s, day, serie)
            seat = next(
                (
                    (info, index)
                    for info in infos
                    if info.serie == serie
                    for index, seated in enumerate(info.players)
                    if seated.team == team.name and seated.position == position
                ),
                None,
            )
            if seat is None:
                raise SettingsError(
                    _("POSITION: {team} has no player at position {position} in Serie {serie}.").format(
                        team=team.name, position=position, serie=serie
                    )
                )
            info, index = seat
            if not 1 <= hand <= info.of:
                raise SettingsError(
                    _("--ab: table {table} plays hands 1–{of}; a Wechsel from hand {hand} is past them.").format(
                        table=info.table, of=info.of, hand=hand
                    )
                )
            bench = lineup.get(team.id, ([], []))[1]
            names = dict(s.execute(select(Player.id, Player.name).where(Player.id.in_(bench))).all())
            starter = results.seats[info.session][index]
            if not names:
                raise SettingsError(_("NAME: {team} has no substitute in its line-up.").format(team=team.name))
            name = pick(typed, [names[pid] for pid in bench], "NAME", _("a substitute of the line-up"))
            player = next(pid for pid, n in names.items() if n == name)
            parts = self._split(split, self._name(s, starter), name, info, results, index) if split else None
            s.execute(
                delete(LeagueSub).where(
                    LeagueSub.day_id == day.id,
                    LeagueSub.serie == serie,
                    LeagueSub.team_id == team.id,
                    LeagueSub.position == position,
                )
            )
            s.add(
                LeagueSub(
                    day_id=day.id,
                    serie=serie,
                    team_id=team.id,
                    position=position,
                    hand=hand,
                    left_id=starter,
                    player_id=player,
                    split=parts,
                )
            )
            s.flush()
            return self._day_info(s, row, day)

    def _split(self, words, left: str, came: str, info, results, index) -> list[list[int]]:
        """`--split NAME=P/W/L/X NAME=P/W/L/X`: the parts of the one who left and the one who came; they must add
        up to the list (its points, games won and lost, and the games the others at the table lost)."""
        if not info.sheet and not info.closed:
            raise SettingsError(
                _("--split: table {table} has no sheet yet; enter it with `schreiber league result` first.").format(
                    table=info.table
                )
            )
        parts: dict[str, list[int]] = {}
        for word in words:
            typed, _eq, value = word.partition("=")
            numbers = value.split("/")
            try:
                values = [int(n) for n in numbers]
            except ValueError:
                values = []
            if not _eq or len(values) != 4:
                raise SettingsError(
                    _("--split: give NAME=P/W/L/X (points, won, lost, games the others lost), not {word}.").format(
                        word=repr(word)
                    )
                )
            parts[pick(typed, [left, came], "--split", _("the player who left or the one who came"))] = values
        if set(parts) != {left, came}:
            raise SettingsError(
                _("--split: give the parts of {left} and {came}, one each.").format(left=left, came=came)
            )
        seats = results.seats[info.session]
        pid = seats[index]
        won, lost = results.games.get((info.session, pid), (0, 0))
        others = sum(results.games.get((info.session, p), (0, 0))[1] for p in seats if p != pid)
        whole = [results.points.get((info.session, pid), 0), won, lost, others]
        added = [a + b for a, b in zip(parts[left], parts[came], strict=True)]
        if added != whole:
            raise SettingsError(
                _("--split: the parts add up to {added}, the list is {whole} (P/W/L/X).").format(
                    added="/".join(map(str, added)), whole="/".join(map(str, whole))
                )
            )
        return [parts[left], parts[came]]

    def _name(self, s: Session, pid: int) -> str:
        return s.scalar(select(Player.name).where(Player.id == pid)) or "?"

    # -- the Einzelwertung (rule 17) ------------------------------------------------------------------------

    def einzel(self) -> Einzel:
        with self.ledger.transaction() as s:
            row = self._league(s)
            kept = settings(row)
            days = list(s.scalars(select(LeagueDay).where(LeagueDay.league_id == row.id).order_by(LeagueDay.number)))
            tally: dict[tuple[str, str], list[int]] = {}
            possible = 0
            for day in days:
                report = self._report(s, row, day)
                most: dict[int, int] = {}
                for group in report.groups:
                    for serie in group.serien:
                        if not serie.complete:
                            continue
                        for t in serie.teams:
                            for v in t.lists:
                                most[serie.serie] = max(most.get(serie.serie, 0), sum(p.hands for p in v.players))
                                for p in v.players:
                                    got = tally.setdefault((p.name, t.team), [0, 0])
                                    got[0] += p.score
                                    got[1] += p.hands
                possible += sum(most.values())
            least = leagues.min_hands(kept["einzel_min"] or 0, possible)
            ranked = leagues.einzel({k: (v[0], v[1]) for k, v in tally.items()}, least)
            rows = tuple(EinzelRow(r.rank, r.player[0], r.player[1], r.points, r.hands, r.average) for r in ranked)
            return Einzel(row.id, row.name, least, rows)
