"""The league's tables (TEAMS.md §10.3): leagues, teams and rosters, Spieltage with their groups, line-ups, drawn tables,
the plan, substitutions and absent teams. Facts only; the table and the Spielbericht are derived."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, Boolean, Date, DateTime, ForeignKey, Integer, String, UniqueConstraint, false, func
from sqlalchemy.orm import Mapped, mapped_column

from schreiber.store.models import Base, table_column


class League(Base):
    """A league (TEAMS.md §10.3): one rule set, its league settings (scoring/settings.py LEAGUE) and the settings
    of its tables; its teams, Spieltage and their tables are the rows below, every table an ordinary session."""

    __tablename__ = "league"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    rules: Mapped[str] = mapped_column(String(40))
    settings: Mapped[dict[str, Any]]
    table_settings: Mapped[dict[str, Any]]
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, server_default=func.now())


class LeagueTeam(Base):
    """A team of a league: its name (unique in the league), club and number (`league team add --number`)."""

    __tablename__ = "league_team"

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("league.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(200))
    club: Mapped[str | None] = mapped_column(String(200))
    number: Mapped[int | None] = mapped_column(Integer)

    __table_args__ = (UniqueConstraint("league_id", "name", name="uq_league_team_name"),)


class LeagueRoster(Base):
    """A player on a team's roster (Kader); on at most one roster of a league (checked by the ledger)."""

    __tablename__ = "league_roster"

    team_id: Mapped[int] = mapped_column(ForeignKey("league_team.id", ondelete="CASCADE"), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), primary_key=True)


class LeagueDay(Base):
    """A Spieltag: its number and date; `closed` once its results are final (`league day close`)."""

    __tablename__ = "league_day"

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("league.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    date: Mapped[dt.date] = mapped_column(Date)
    closed: Mapped[bool] = mapped_column(Boolean, default=False)

    __table_args__ = (UniqueConstraint("league_id", "number", name="uq_league_day_number"),)


class LeagueGroup(Base):
    """A group of a Spieltag and its venue; its teams are `LeagueGroupTeam` rows."""

    __tablename__ = "league_group"

    day_id: Mapped[int] = mapped_column(ForeignKey("league_day.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    venue: Mapped[str | None] = mapped_column(String(200))
    central: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())  # no host (rule 18)


class LeagueGroupTeam(Base):
    """A team in a group of a Spieltag, at its place in the group's order (1: the host)."""

    __tablename__ = "league_group_team"

    day_id: Mapped[int] = mapped_column(ForeignKey("league_day.id", ondelete="CASCADE"), primary_key=True)
    team_id: Mapped[int] = mapped_column(ForeignKey("league_team.id", ondelete="CASCADE"), primary_key=True)
    group: Mapped[int] = mapped_column(Integer)
    place: Mapped[int] = mapped_column(Integer)


class LeagueLineup(Base):
    """A team's Aufstellung on a Spieltag: position 1, 2, … (`ersatz`: a substitute, after the positions)."""

    __tablename__ = "league_lineup"

    day_id: Mapped[int] = mapped_column(ForeignKey("league_day.id", ondelete="CASCADE"), primary_key=True)
    team_id: Mapped[int] = mapped_column(ForeignKey("league_team.id", ondelete="CASCADE"), primary_key=True)
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    ersatz: Mapped[bool] = mapped_column(Boolean, default=False)


class LeagueTable(Base):
    """Table `number` (counted across the Spieltag) of a Serie: an ordinary session, seated by the plan."""

    __tablename__ = "league_table"

    day_id: Mapped[int] = mapped_column(ForeignKey("league_day.id", ondelete="CASCADE"), primary_key=True)
    serie: Mapped[int] = mapped_column(Integer, primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    group: Mapped[int] = mapped_column(Integer)
    table_id: Mapped[int] = table_column(unique=True)


class LeaguePlan(Base):
    """`league plan` (rule 3): team `team_id` plays Spieltag `day` in group `group` at `place` (1: the host);
    `central`: the group has no host (Spieltag 5)."""

    __tablename__ = "league_plan"

    league_id: Mapped[int] = mapped_column(ForeignKey("league.id", ondelete="CASCADE"), primary_key=True)
    day: Mapped[int] = mapped_column(Integer, primary_key=True)
    team_id: Mapped[int] = mapped_column(ForeignKey("league_team.id", ondelete="CASCADE"), primary_key=True)
    group: Mapped[int] = mapped_column(Integer)
    place: Mapped[int] = mapped_column(Integer)
    central: Mapped[bool] = mapped_column(Boolean, default=False)


class LeagueSub(Base):
    """A Wechsel (rule 5): from hand `hand` of Serie `serie`, position `position` of a team is played by `player_id`
    instead of `left_id`; `split`: the parts of the list, [[P, W, L, X] of the one who left, of the one who came]."""

    __tablename__ = "league_sub"

    day_id: Mapped[int] = mapped_column(ForeignKey("league_day.id", ondelete="CASCADE"), primary_key=True)
    serie: Mapped[int] = mapped_column(Integer, primary_key=True)
    team_id: Mapped[int] = mapped_column(ForeignKey("league_team.id", ondelete="CASCADE"), primary_key=True)
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    hand: Mapped[int] = mapped_column(Integer)
    left_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    split: Mapped[list[Any] | None] = mapped_column(JSON(none_as_null=True), default=None)


class LeagueAbsent(Base):
    """A team that does not play Serie `serie` of a Spieltag (rule 13)."""

    __tablename__ = "league_absent"

    day_id: Mapped[int] = mapped_column(ForeignKey("league_day.id", ondelete="CASCADE"), primary_key=True)
    team_id: Mapped[int] = mapped_column(ForeignKey("league_team.id", ondelete="CASCADE"), primary_key=True)
    serie: Mapped[int] = mapped_column(Integer, primary_key=True)
