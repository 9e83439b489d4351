"""What a tournament asks of its season: may it join (one rule set, one tournament Wertung), and a player's
permanent season start number, given on first need. Shared by ledger/tournament/ and ledger/season.py, so
neither imports the other for it."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from schreiber.i18n import _
from schreiber.rules.model import SettingsError
from schreiber.store.models import Player, Season, SeasonPlayer, Tournament


def season_row(s: Session, season_id: int, option: str = "--season") -> Season:
    season = s.get(Season, season_id)
    if season is None:
        raise SettingsError(
            _("{option}: there is no season {id}; `schreiber season list` shows them.").format(
                option=option, id=season_id
            )
        )
    return season


def check_joins(
    s: Session, season: Season, name: str, rules: str, wertung: str, tournament_id: int | None = None
) -> None:
    """Refuse a tournament whose points would mix with the season's: another rule set, or another tournament Wertung."""
    if rules != season.rules:
        raise SettingsError(
            _(
                "season {id} “{season}” is played with {rules}; {name} is {other}, and points of two rule sets never mix."
            ).format(id=season.id, season=season.name, rules=season.rules, name=name, other=rules)
        )
    others = s.scalars(
        select(Tournament.wertung)
        .where(Tournament.season_id == season.id, Tournament.id != (tournament_id or 0))
        .distinct()
    ).all()
    if others and wertung not in others:
        raise SettingsError(
            _(
                "season {id} “{season}” ranks its tournaments by Wertung {wertung}; {name} ranks by {other}, and the two never mix."
            ).format(id=season.id, season=season.name, wertung=others[0], name=name, other=wertung)
        )


def number_for(s: Session, season_id: int, player_id: int, wanted: int | None = None, option: str = "--number") -> int:
    """The player's season start number; one not in the season yet gets `wanted` (if free) or the next free one."""
    have = s.scalar(
        select(SeasonPlayer.number).where(SeasonPlayer.season_id == season_id, SeasonPlayer.player_id == player_id)
    )
    if have is not None:
        if wanted is not None and wanted != have:
            raise SettingsError(
                _(
                    "{option}: this player has season start number {number}, which every tournament of the season uses."
                ).format(option=option, number=have)
            )
        return have
    if wanted is not None:
        taken = s.scalar(
            select(SeasonPlayer.player_id).where(SeasonPlayer.season_id == season_id, SeasonPlayer.number == wanted)
        )
        if taken is not None:
            raise SettingsError(
                _("{option}: season start number {number} is taken.").format(option=option, number=wanted)
            )
        number = wanted
    else:
        number = (s.scalar(select(func.max(SeasonPlayer.number)).where(SeasonPlayer.season_id == season_id)) or 0) + 1
    copy = s.scalar(select(Player.kategorien).where(Player.id == player_id))  # TEAMS.md §10.2 rule 1
    s.add(SeasonPlayer(season_id=season_id, player_id=player_id, number=number, kategorien=copy))
    s.flush()
    return number
