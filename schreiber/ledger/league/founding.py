"""Start a league, list and choose leagues, change its settings; its teams and their rosters (TEAMS.md §10.3
rule 1)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from sqlalchemy import delete, select

from schreiber.i18n import _
from schreiber.ledger.league.plans import LeagueInfo, TeamInfo
from schreiber.ledger.league.rows import set_active
from schreiber.ledger.names import close_names, fold, pick
from schreiber.ledger.series import play_of, tournament_games
from schreiber.rules import registry
from schreiber.rules.model import SettingsError
from schreiber.scoring import league as leagues, settings as settings_registry, wertung as wertungen
from schreiber.store.models import Player
from schreiber.store.league_models import League, LeagueRoster, LeagueTeam


def _pairs(assignments: Sequence[str], rules_name: str, option: str) -> tuple[list[tuple[str, str]], list[str]]:
    """KEY=VALUE words split into the league's settings and the settings of its tables; a key neither knows is
    refused naming both."""
    rules = registry.get(rules_name)
    own, tables = [], []
    for assignment in assignments:
        key, sep, value = assignment.partition("=")
        key = key.strip()
        if sep and key in settings_registry.LEAGUE:
            own.append((key, value))
        elif sep and key.replace("-", "_") not in {*rules.settings, *registry.TABLE_SETTINGS}:
            raise SettingsError(
                _("{option}: a league knows {league}, its tables {tables}; not {key}.").format(
                    option=option,
                    league=", ".join(settings_registry.LEAGUE),
                    tables=", ".join([*rules.settings, *registry.TABLE_SETTINGS]),
                    key=repr(key),
                )
            )
        else:
            tables.append(assignment)
    return own, tables


class Founding:
    """Start, list, show, choose and set leagues; their teams and rosters."""

    def new(self, name: str, rules_name: str, preset: str | None = None, assignments: Sequence[str] = ()) -> LeagueInfo:
        name = name.strip()
        if not name:
            raise SettingsError(_("NAME: a league needs a name."))
        play = play_of(rules_name)
        if play is None:
            raise SettingsError(
                _("--rules: a league is played with {allowed}, not {name}.").format(
                    allowed=", ".join(tournament_games()), name=repr(rules_name)
                )
            )
        base: dict = {}
        if preset is not None:
            chosen = leagues.PRESETS.get(preset.strip())
            if chosen is None:
                raise SettingsError(
                    _("--preset: use {allowed}, not {name}.").format(
                        allowed=", ".join(leagues.PRESETS), name=repr(preset)
                    )
                )
            if chosen.rules != registry.get(rules_name).name:
                raise SettingsError(
                    _("--preset {preset} is a league of {rules}; give --rules {rules} with it.").format(
                        preset=chosen.name, rules=chosen.rules
                    )
                )
            base = dict(chosen.values)
        own, table_words = _pairs(assignments, rules_name, "--set")
        kept = settings_registry.league_settings(own, "--set", base)
        if kept.get("hands") is None:
            kept["hands"] = play.hands
        for size in play.sizes:  # the game refuses a series its tables cannot share out evenly
            play.hands_at(kept["hands"], size)
        rules = registry.get(rules_name)
        table_settings = registry.settings_for(rules, table_words, wertungen.names)
        with self.ledger.transaction() as s:
            for same in s.scalars(select(League)):
                if fold(same.name) == fold(name):
                    raise SettingsError(
                        _(
                            "NAME: there is a league “{name}” already (league {id}); `schreiber league use {id}`."
                        ).format(name=same.name, id=same.id)
                    )
            row = League(
                name=name,
                rules=rules.name,
                settings=_stored(kept),
                table_settings={k: (list(v) if isinstance(v, tuple) else v) for k, v in table_settings.items()},
            )
            s.add(row)
            s.flush()
            set_active(s, row.id)
            return self._info(s, row)

    def list(self) -> list[LeagueInfo]:
        with self.ledger.transaction() as s:
            return [self._info(s, row) for row in s.scalars(select(League).order_by(League.id))]

    def info(self, league_id: int | None = None) -> LeagueInfo:
        with self.ledger.transaction() as s:
            return self._info(s, self._league(s, league_id))

    def use(self, league_id: int) -> LeagueInfo:
        with self.ledger.transaction() as s:
            row = self._league(s, league_id)
            set_active(s, row.id)
            return self._info(s, row)

    def set(self, assignments: Sequence[str], league_id: int | None = None) -> LeagueInfo:
        """Change league settings (KEY=VALUE); a table setting changes the tables drawn from then on."""
        with self.ledger.transaction() as s:
            row = self._league(s, league_id, for_update=True)
            own, table_words = _pairs(assignments, row.rules, "KEY=VALUE")
            if table_words:
                rules = registry.get(row.rules)
                fresh = registry.settings_for(rules, table_words, wertungen.names)
                named = {word.partition("=")[0].strip().replace("-", "_") for word in table_words}
                row.table_settings = {**row.table_settings, **_stored({k: fresh[k] for k in named if k in fresh})}
            kept = settings_registry.league_settings(own, "KEY=VALUE", row.settings)
            play = self._play(row)
            for size in play.sizes:
                play.hands_at(kept.get("hands") or play.hands, size)
            row.settings = _stored(kept)
            s.flush()
            return self._info(s, row)

    # -- teams and rosters ----------------------------------------------------------------------------

    def team_add(self, name: str, club: str | None = None, number: int | None = None) -> TeamInfo:
        name = " ".join(name.split())
        if not name:
            raise SettingsError(_("NAME: a team needs a name."))
        if number is not None and number < 1:
            raise SettingsError(_("--number: a team's number is 1 or more, not {number}.").format(number=number))
        with self.ledger.transaction() as s:
            row = self._league(s, None, for_update=True)
            for team in self._teams(s, row):
                if fold(team.name) == fold(name):
                    raise SettingsError(
                        _("NAME: {name} has a team {team} already.").format(name=row.name, team=team.name)
                    )
                if number is not None and team.number == number:
                    raise SettingsError(
                        _("--number: team {team} has number {number} already.").format(team=team.name, number=number)
                    )
            team = LeagueTeam(league_id=row.id, name=name, club=" ".join(club.split()) if club else None, number=number)
            s.add(team)
            s.flush()
            return self._team_info(s, team)

    def team_list(self) -> list[TeamInfo]:
        with self.ledger.transaction() as s:
            return [self._team_info(s, team) for team in self._teams(s, self._league(s))]

    def team_show(self, typed: str) -> TeamInfo:
        with self.ledger.transaction() as s:
            return self._team_info(s, self._team(s, self._league(s), typed, "NAME"))

    def team_rename(self, old: str, new: str) -> tuple[str, TeamInfo]:
        new = " ".join(new.split())
        if not new:
            raise SettingsError(_("NEW: a team needs a name."))
        with self.ledger.transaction() as s:
            row = self._league(s, for_update=True)
            team = self._team(s, row, old, "OLD")
            was = team.name
            if any(fold(t.name) == fold(new) and t.id != team.id for t in self._teams(s, row)):
                raise SettingsError(_("NEW: {name} has a team {team} already.").format(name=row.name, team=new))
            team.name = new
            s.flush()
            return was, self._team_info(s, team)

    def roster(self, typed: str, names: Sequence[str], remove: Sequence[str] = ()) -> TeamInfo:
        """Put players on a team's roster (made players of the ledger if new) and take others off; a player is
        on at most one roster of the league."""
        if not names and not remove:
            raise SettingsError(_("NAME: give the players to put on the roster (or --remove NAME)."))
        with self.ledger.transaction() as s:
            row = self._league(s, for_update=True)
            team = self._team(s, row, typed)
            on = self._rosters(s, row)
            for typed_name in remove:
                mine = [name for name, (team_id, _pid) in on.items() if team_id == team.id]
                name = pick(typed_name, mine, "--remove", _("a player on the roster"))
                s.execute(
                    delete(LeagueRoster).where(LeagueRoster.team_id == team.id, LeagueRoster.player_id == on[name][1])
                )
            seen = set()
            known = list(s.scalars(select(Player.name)))
            close = []
            for typed_name in names:
                player = self.ledger.player(s, typed_name)
                if player.name not in known:  # new to the ledger: perhaps a typo of someone it knows
                    near = close_names(player.name, known)
                    if near:
                        close.append((player.name, tuple(near)))
                    known.append(player.name)
                if player.id in seen:
                    raise SettingsError(_("NAME: {name} is named twice.").format(name=player.name))
                seen.add(player.id)
                other = on.get(player.name)
                if other is not None and other[0] != team.id:
                    holder = s.get(LeagueTeam, other[0])
                    raise SettingsError(
                        _("NAME: {name} is on the roster of {team}; a player is on one roster of a league.").format(
                            name=player.name, team=holder.name if holder else "?"
                        )
                    )
                if other is None:
                    s.add(LeagueRoster(team_id=team.id, player_id=player.id))
            s.flush()
            return dataclasses.replace(self._team_info(s, team), close=tuple(close))

    def _rosters(self, s, row: League) -> dict[str, tuple[int, int]]:
        """Every player on a roster of the league: name -> (team id, player id)."""
        return {
            name: (team_id, player_id)
            for team_id, player_id, name in s.execute(
                select(LeagueRoster.team_id, LeagueRoster.player_id, Player.name)
                .join(Player, Player.id == LeagueRoster.player_id)
                .join(LeagueTeam, LeagueTeam.id == LeagueRoster.team_id)
                .where(LeagueTeam.league_id == row.id)
            )
        }

    def _roster(self, s, team: LeagueTeam) -> list[tuple[int, str]]:
        return [
            (pid, name)
            for pid, name in s.execute(
                select(Player.id, Player.name)
                .join(LeagueRoster, LeagueRoster.player_id == Player.id)
                .where(LeagueRoster.team_id == team.id)
                .order_by(Player.name)
            )
        ]

    def _team_info(self, s, team: LeagueTeam) -> TeamInfo:
        return TeamInfo(team.name, team.club, team.number, tuple(name for _pid, name in self._roster(s, team)))


def _stored(kept: dict) -> dict:
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in kept.items()}
