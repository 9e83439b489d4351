"""Start a tournament, list them, choose the active one."""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

from schreiber.i18n import _
from schreiber.ledger import season_numbers
from schreiber.ledger.names import fold
from schreiber.ledger.series import play_of, tournament_games
from schreiber.rules import registry
from schreiber.rules.model import SettingsError
from schreiber.scoring import settings as settings_registry, wertung as wertungen
from schreiber.store.models import LedgerState, Tournament, TournamentCash
from schreiber.ledger.tournament.plans import ACTIVE_KEY, DEFAULT_ROUNDS, TournamentInfo


class Founding:
    """Start, list, show and choose tournaments."""

    def new(
        self,
        name: str,
        rules_name: str,
        *,
        rounds: int | None = None,
        hands: int | None = None,
        date: dt.date | None = None,
        assignments: Sequence[str] = (),
        seed: str | None = None,
        season: int | None = None,
    ) -> TournamentInfo:
        name = name.strip()
        if not name:
            raise SettingsError(_("NAME: a tournament needs a name."))
        play = play_of(rules_name)
        if play is None:
            raise SettingsError(
                _("--rules: a tournament is played with {allowed}, not {name}.").format(
                    allowed=", ".join(tournament_games()), name=repr(rules_name)
                )
            )
        rules = registry.get(rules_name)
        wertung = play.wertungen[0]
        table_settings = []
        house = []  # the tournament's own settings (scoring/settings.py, money among them), not its tables'
        for assignment in assignments:
            key, sep, value = assignment.partition("=")
            if key.strip() == "wertung" and sep:
                if value.strip() not in play.wertungen:
                    raise SettingsError(
                        _("--set wertung: use {allowed}, not {value}.").format(
                            allowed=_either(list(play.wertungen)), value=repr(value)
                        )
                    )
                wertung = value.strip()
            elif settings_registry.known(key.strip()) and sep:
                house.append((key.strip(), value))
            else:
                table_settings.append(assignment)
        settings = registry.settings_for(rules, table_settings, wertungen.names)
        applied = settings_registry.tournament(house, "--set")
        kept = {k: (list(v) if isinstance(v, tuple) else v) for k, v in settings.items()}
        if rounds is not None and rounds < 1:
            raise SettingsError(_("--rounds must be 1 or more."))
        if hands is not None and hands < 1:
            raise SettingsError(_("--hands must be 1 or more."))
        for size in play.sizes:  # the game refuses a series its tables cannot share out evenly
            play.hands_at(hands or play.hands, size)
        with self.ledger.transaction() as s:
            on = date or dt.date.today()
            for same in s.scalars(select(Tournament).where(Tournament.date == on)):
                if fold(same.name) == fold(name):
                    raise SettingsError(
                        _(
                            "NAME: there is a tournament “{name}” on {date} already (tournament {id}); "
                            "`schreiber tournament use {id}` makes it the active one."
                        ).format(name=same.name, date=on.isoformat(), id=same.id)
                    )
            t = Tournament(
                name=name,
                rules=rules.name,
                settings={**kept, **applied.own},
                wertung=wertung,
                rounds=rounds or DEFAULT_ROUNDS,
                hands=hands or play.hands,
                date=on,
                seed=seed if seed is not None else secrets.token_hex(4),
            )
            if season is not None:
                season_numbers.check_joins(s, season_numbers.season_row(s, season), name, rules.name, wertung)
                t.season_id = season
            for key, value in applied.columns.items():
                setattr(t, key, value)
            s.add(t)
            s.flush()
            if applied.money_named:
                s.add(TournamentCash(tournament_id=t.id, settings=applied.money.stored()))
            _set_active(s, t.id)
            return self._info(s, t)

    def list(self) -> list[TournamentInfo]:
        with self.ledger.transaction() as s:
            ts = list(s.scalars(select(Tournament).order_by(Tournament.id)))
            infos = self._infos(s, ts)
            return [infos[t.id] for t in ts]

    def info(self, tournament_id: int | None = None) -> TournamentInfo:
        with self.ledger.transaction() as s:
            return self._info(s, self._tournament(s, tournament_id))

    def use(self, tournament_id: int) -> TournamentInfo:
        with self.ledger.transaction() as s:
            t = self._tournament(s, tournament_id)
            _set_active(s, t.id)
            return self._info(s, t)


def _either(words: list[str]) -> str:
    return words[0] if len(words) == 1 else _("{names} or {last}").format(names=", ".join(words[:-1]), last=words[-1])


def _set_active(s: Session, tournament_id: int) -> None:
    state = s.get(LedgerState, ACTIVE_KEY)
    if state is None:
        s.add(LedgerState(key=ACTIVE_KEY, value=str(tournament_id)))
    else:
        state.value = str(tournament_id)
