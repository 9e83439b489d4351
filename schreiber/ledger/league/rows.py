"""The rows a league command reads inside its transaction: the league, its teams, a Spieltag, its tables."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from schreiber.i18n import _
from schreiber.ledger.league.plans import ACTIVE_KEY, LeagueInfo
from schreiber.ledger.names import pick
from schreiber.ledger.series import Play, play_of
from schreiber.ledger.service import Ledger
from schreiber.rules.model import SettingsError
from schreiber.scoring import settings as settings_registry
from schreiber.store.models import LedgerState
from schreiber.store.league_models import League, LeagueDay, LeagueGroupTeam, LeagueTable, LeagueTeam


class Rows:
    """The reads the league commands share, each inside a transaction the caller holds."""

    ledger: Ledger

    def _league(self, s: Session, league_id: int | None = None, for_update: bool = False) -> League:
        if league_id is None:
            value = s.scalar(select(LedgerState.value).where(LedgerState.key == ACTIVE_KEY))
            if value is None:
                raise SettingsError(
                    _(
                        "there is no active league; start one with `schreiber league new` or choose one with "
                        "`schreiber league use ID`."
                    )
                )
            league_id = int(value)
        query = select(League).where(League.id == league_id)
        if for_update:
            query = query.with_for_update()
        found = s.scalar(query)
        if found is None:
            raise SettingsError(_("there is no league {id}; `schreiber league list` shows them.").format(id=league_id))
        return found

    def _info(self, s: Session, league: League) -> LeagueInfo:
        active = s.scalar(select(LedgerState.value).where(LedgerState.key == ACTIVE_KEY))
        teams = s.scalar(select(func.count()).select_from(LeagueTeam).where(LeagueTeam.league_id == league.id))
        days = s.scalar(select(func.count()).select_from(LeagueDay).where(LeagueDay.league_id == league.id))
        return LeagueInfo(
            league.id,
            league.name,
            league.rules,
            settings(league),
            dict(league.table_settings),
            int(teams or 0),
            int(days or 0),
            active == str(league.id),
            self._play(league).wertungen[0],
        )

    def _play(self, league: League) -> Play:
        play = play_of(league.rules)
        if play is None:
            raise SettingsError(
                _("{name} is played with {rules}, which this schreiber plays in no league.").format(
                    name=league.name, rules=league.rules
                )
            )
        return play

    def _teams(self, s: Session, league: League) -> list[LeagueTeam]:
        return list(s.scalars(select(LeagueTeam).where(LeagueTeam.league_id == league.id).order_by(LeagueTeam.id)))

    def _team(self, s: Session, league: League, typed: str, option: str = "TEAM") -> LeagueTeam:
        teams = self._teams(s, league)
        if not teams:
            raise SettingsError(
                _("{option}: {name} has no team yet; `schreiber league team add NAME` adds one.").format(
                    option=option, name=league.name
                )
            )
        name = pick(typed, [t.name for t in teams], option, _("a team of the league"))
        return next(t for t in teams if t.name == name)

    def _day(self, s: Session, league: League, number: int, for_update: bool = False) -> LeagueDay:
        query = select(LeagueDay).where(LeagueDay.league_id == league.id, LeagueDay.number == number)
        if for_update:
            query = query.with_for_update()
        day = s.scalar(query)
        if day is None:
            raise SettingsError(
                _("N: {name} has no Spieltag {number}; `schreiber league day new {number} --date YYYY-MM-DD`.").format(
                    name=league.name, number=number
                )
            )
        return day

    def _open_day(self, s: Session, league: League, number: int) -> LeagueDay:
        """A Spieltag that still takes line-ups, draws and results: not closed."""
        day = self._day(s, league, number, for_update=True)
        if day.closed:
            raise SettingsError(
                _("Spieltag {number} is closed; `schreiber league day close {number} --undo` opens it again.").format(
                    number=number
                )
            )
        return day

    def _groups(self, s: Session, day: LeagueDay) -> dict[int, list[LeagueTeam]]:
        """The day's groups, each its teams in order (the host first)."""
        out: dict[int, list[LeagueTeam]] = {}
        for row, team in s.execute(
            select(LeagueGroupTeam, LeagueTeam)
            .join(LeagueTeam, LeagueTeam.id == LeagueGroupTeam.team_id)
            .where(LeagueGroupTeam.day_id == day.id)
            .order_by(LeagueGroupTeam.group, LeagueGroupTeam.place)
        ):
            out.setdefault(row.group, []).append(team)
        return out

    def _drawn(self, s: Session, day: LeagueDay) -> int:
        return int(s.scalar(select(func.max(LeagueTable.serie)).where(LeagueTable.day_id == day.id)) or 0)

    def _tables(self, s: Session, days: Sequence[LeagueDay]) -> list[LeagueTable]:
        return list(
            s.scalars(
                select(LeagueTable)
                .where(LeagueTable.day_id.in_([d.id for d in days]))
                .order_by(LeagueTable.day_id, LeagueTable.serie, LeagueTable.number)
            )
        )


def settings(league: League) -> dict:
    """Every league setting of `league`, its default where not kept; team_min where unset is team_size."""
    out = {name: setting.default for name, setting in settings_registry.LEAGUE.items()} | dict(league.settings)
    if out.get("team_min") is None:
        out["team_min"] = out["team_size"]
    out["tischpunkte"] = tuple(out.get("tischpunkte") or ())
    return out


def set_active(s: Session, league_id: int) -> None:
    state = s.get(LedgerState, ACTIVE_KEY)
    if state is None:
        s.add(LedgerState(key=ACTIVE_KEY, value=str(league_id)))
    else:
        state.value = str(league_id)
