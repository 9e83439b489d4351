"""The round's clock (`tournament set rundenzeit=MINUTES`): the newest round runs from its draw, or from
`tournament start ROUND`, for the tournament's minutes; the wall and the organiser's page count the time left."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import func, select

from schreiber.i18n import _
from schreiber.ledger.service import Ledger
from schreiber.ledger.tournament import Tournaments
from schreiber.rules.model import SettingsError
from schreiber.scoring import settings
from schreiber.store.models import Tournament, TournamentRound, utc_now


@dataclass(frozen=True)
class RoundClock:
    """The newest round's clock: when it started (UTC, None for a round drawn before clocks were kept) and the
    minutes a round plays (0: no clock)."""

    round: int
    started: dt.datetime | None
    minutes: int

    @property
    def ends(self) -> dt.datetime | None:
        """When the round's time is up (UTC), or None without a clock."""
        return self.started + dt.timedelta(minutes=self.minutes) if self.started and self.minutes else None

    @property
    def ends_iso(self) -> str:
        """`ends` as the browser's Date reads it ("…Z"), or "" without a clock."""
        return self.ends.isoformat(timespec="seconds") + "Z" if self.ends else ""


def minutes_of(tournament: Tournament) -> int:
    """The minutes a round of `tournament` plays (`tournament set rundenzeit=MINUTES`; 0: no clock)."""
    return int(settings.tournament_value(tournament.settings or {}, "rundenzeit"))


def clock(ledger: Ledger, tournament_id: int | None = None) -> RoundClock:
    """The newest round's clock (round 0, not started, before the first draw)."""
    with ledger.transaction() as s:
        t = Tournaments(ledger)._tournament(s, tournament_id)
        newest = s.scalar(
            select(TournamentRound).where(TournamentRound.tournament_id == t.id).order_by(TournamentRound.number.desc())
        )
        minutes = minutes_of(t)
        return RoundClock(newest.number, newest.started_at, minutes) if newest else RoundClock(0, None, minutes)


def start(ledger: Ledger, round_: int, tournament_id: int | None = None) -> RoundClock:
    """Start the newest round's clock again from now (`tournament start ROUND`); another round is refused."""
    with ledger.transaction() as s:
        t = Tournaments(ledger)._tournament(s, tournament_id, for_update=True)
        newest = s.scalar(select(func.max(TournamentRound.number)).where(TournamentRound.tournament_id == t.id))
        if newest is None:
            raise SettingsError(
                _("ROUND: {name} has no round drawn yet; `schreiber tournament draw` draws one.").format(name=t.name)
            )
        if round_ != newest:
            raise SettingsError(
                _("ROUND: only the newest round's clock can be started, round {newest}, not {round}.").format(
                    newest=newest, round=round_
                )
            )
        row = s.get(TournamentRound, (t.id, newest))
        row.started_at = utc_now()
        return RoundClock(newest, row.started_at, minutes_of(t))
