"""A tournament's cashbook over the ledger (RULES.md §9): its money settings, the payments, and the facts
the arithmetic of scoring/cash.py needs — the games each player lost as declarer in each round and the
thrown-in hands he sat in, from the tables' hands (the payout cache) or their paper sheets.

Who declared is the rule set's to say: the soloist its payout names (any solo, Tout, Sie, Bettel; the
Skat declarer; in Doppelkopf only solos have one), or the caller of a game the rule set declares
`called_games` (the Rufspiel). A thrown-in hand is one of `rules.statistics.PASSED_IN`.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import and_, func, select
from sqlalchemy.orm import Session

from schreiber.i18n import _
from schreiber.ledger import categories, prizes as fixing, registration
from schreiber.scoring import cash, prizes, settings as settings_registry
from schreiber.ledger.service import Ledger
from schreiber.ledger.standings import StandingsView
from schreiber.ledger.tournament import Tournaments, teams as team_rows
from schreiber.ledger.tournament.plans import TournamentInfo
from schreiber.rules import registry
from schreiber.rules.model import SettingsError
from schreiber.rules.statistics import PASSED_IN
from schreiber.store.models import (
    LIVE,
    Entrant,
    HandRecord,
    PayoutRecord,
    Player,
    SheetEntry,
    Tournament,
    TournamentCash,
    TournamentPayment,
    TournamentTable,
)

STARTGELD, PREIS, SACH = "startgeld", fixing.PREIS, fixing.SACH


@dataclass(frozen=True)
class Paid:
    """One payment recorded: who, which kind, how many cents (negative: taken back)."""

    number: int
    name: str
    kind: str
    cents: int
    goods: str = ""  # the goods handed over, by name (kind `sach`)


@dataclass(frozen=True)
class CashView:
    """The cashbook of a tournament as the commands and the page show it."""

    tournament: TournamentInfo
    settings: cash.CashSettings
    book: cash.Cashbook
    after: int  # rounds 1 to `after` are finished
    paid_out: dict[int, int]  # start number -> prize paid out so far
    unfinished: int = 0  # tables still playing: the ranks, and so the prizes, may still change
    final: bool = False  # the tournament is final (RULES.md §9): "Final standings", not "provisional"
    prizes_fixed: dt.datetime | None = None  # when the first prize paid out fixed them (RULES.md §9)
    # The team competitions (TEAMS.md §10.1 rule 6): each one's standings with its teams' prizes; each member's
    # share (competition, team, cents) is part of his `prize` in `book`.
    teams: tuple[team_rows.TeamStandings, ...] = ()
    team_shares: dict[int, tuple[tuple[str, str, int], ...]] = dataclasses.field(default_factory=dict)
    # The prize designer (TEAMS.md §10.2): its settings, each player's registered categories, each category's
    # Startgeld paid in (cents), and the goods handed over (start numbers).
    design: prizes.Design = dataclasses.field(default_factory=prizes.Design)
    kategorien: dict[int, tuple[str, ...]] = dataclasses.field(default_factory=dict)
    category_paid: dict[str, int] = dataclasses.field(default_factory=dict)
    handed: frozenset[int] = frozenset()

    @property
    def unpaid(self) -> list[cash.Line]:
        """Who still owes Startgeld, by start number."""
        return sorted((line for line in self.book.lines if line.paid < line.startgeld), key=lambda line: line.number)


def stored_settings(s: Session, tournament_id: int) -> cash.CashSettings:
    row = s.get(TournamentCash, tournament_id)
    return settings_registry.money_kept(row.settings if row is not None else None)


def keep_settings(s: Session, tournament_id: int, settings: cash.CashSettings) -> None:
    """Store a tournament's money settings (`tournament new --set`, `tournament set`)."""
    row = s.get(TournamentCash, tournament_id)
    if row is None:
        s.add(TournamentCash(tournament_id=tournament_id, settings=settings.stored()))
    else:
        row.settings = settings.stored()


class Cash:
    """The money commands of a tournament over an open ledger, one transaction each."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger
        self.tournaments = Tournaments(ledger)

    def settings(self, tournament_id: int | None = None) -> cash.CashSettings:
        with self.ledger.transaction() as s:
            return stored_settings(s, self._tournament(s, tournament_id).id)

    def set(
        self, assignments: Sequence[tuple[str, str]], tournament_id: int | None = None, force: bool = False
    ) -> settings_registry.Applied:
        """Change settings (the registry's, scoring/settings.py): each checked, then refused if what freezes it
        happened (a round drawn, a prize paid out: the payout list is signed)."""
        with self.ledger.transaction() as s:
            t = self._tournament(s, tournament_id, for_update=True)
            applied = settings_registry.tournament(
                assignments, "tournament set", stored_settings(s, t.id), current=t.settings
            )
            frozen = {setting.frozen for setting in applied.named}
            paid_out = None
            # --force lifts the freeze only for the prize settings TEAMS.md §10.2 rule 11 names, never for the pot's.
            keys = [key for key, _value in assignments if settings_registry.tournament_setting(key, "--set").frozen]
            force = force and all(key in settings_registry.FORCEABLE or "." in key for key in keys)
            if settings_registry.FIRST_PRIZE in frozen and not force:  # cash or goods handed over (TEAMS.md §10.2)
                handed = {n: c for n, c in self._paid(s, t, SACH).items() if c > 0}
                paid_out = {**handed, **self._paid(s, t, PREIS)}
            if paid_out:
                first = self._names(s, t)[min(paid_out)]
                raise SettingsError(
                    _(
                        "tournament set: a prize is paid out already ({name}), so the money settings stay as they are; "
                        "`schreiber tournament pay {name} --prize --undo` takes the payout back."
                    ).format(name=first)
                )
            if settings_registry.FIRST_DRAW in frozen and self.tournaments._last_round(s, t) is not None:
                key = next(setting.name for setting in applied.named if setting.frozen == settings_registry.FIRST_DRAW)
                raise SettingsError(
                    _(
                        "tournament set {key}: a round is drawn already, so {key} stays as it is; "
                        "`schreiber tournament undraw` takes the newest round back."
                    ).format(key=key)
                )
            if "teams" in applied.own:
                team_rows.keep_competitions(s, t, str(applied.own["teams"]))
            if applied.money_named:
                keep_settings(s, t.id, applied.money)
            if applied.own:
                t.settings = {**t.settings, **applied.own}
            if applied.columns:
                for key, value in applied.columns.items():
                    setattr(t, key, value)
                return dataclasses.replace(applied, moved_up=registration.move_up(s, t))
            return applied

    def pay(
        self, typed: Sequence[str], undo: bool = False, prize: bool = False, tournament_id: int | None = None
    ) -> list[Paid]:
        """Record each named player's Startgeld as received (or his prize as paid out), or take it back."""
        if not typed:
            raise SettingsError(_("NAME: name the players who paid."))
        book = self.book(tournament_id) if prize else None
        with self.ledger.transaction() as s:
            t = self._tournament(s, tournament_id, for_update=True)
            settings = stored_settings(s, t.id)
            names = self._names(s, t)
            chosen = [registration.find(s, t, word, "NAME").number for word in typed]
            if len(set(chosen)) != len(chosen):
                raise SettingsError(_("NAME: each player is named once."))
            kind = PREIS if prize else STARTGELD
            paid = self._paid(s, t, kind)
            prizes = {line.number: line.prize for line in book.book.lines} if book is not None else {}
            goods = (
                {line.number: [g for g in line.prizes if g.sach is not None] for line in book.book.lines}
                if book is not None
                else {}
            )
            handed = {n for n, c in self._paid(s, t, SACH).items() if c > 0} if prize else set()
            if kind == STARTGELD and not undo and not settings.startgeld:
                raise SettingsError(
                    _(
                        "NAME: {tournament} takes no Startgeld; `schreiber tournament set startgeld=CENTS` sets one."
                    ).format(tournament=t.name)
                )
            out = []
            ids = dict(s.execute(select(Entrant.number, Entrant.player_id).where(Entrant.tournament_id == t.id)).all())
            for number in chosen:
                name, has = names[number], paid.get(number, 0)
                things = goods.get(number, [])
                if prize and ((undo and number in handed) or (not undo and things and number not in handed)):
                    # Goods handed over (TEAMS.md §10.2 rule 11), or taken back; the cash, if any, follows.
                    s.add(
                        TournamentPayment(tournament_id=t.id, player_id=ids[number], kind=SACH, cents=-1 if undo else 1)
                    )
                    value = sum(g.value for g in things)
                    out.append(
                        Paid(number, name, SACH, -value if undo else value, ", ".join(str(g.sach) for g in things))
                    )
                    if (undo and has <= 0) or (not undo and prizes.get(number, 0) - has <= 0):
                        continue
                if undo:
                    if has <= 0:
                        raise SettingsError(
                            (
                                _("NAME: {name} has no prize paid out; there is nothing to take back.")
                                if prize
                                else _("NAME: {name} has not paid; there is nothing to take back.")
                            ).format(name=name)
                        )
                    cents = -has
                elif prize:
                    # After a forced correction a player paid less than his new prize is paid the rest.
                    cents = prizes.get(number, 0) - has
                    if has > 0 and cents <= 0:
                        raise SettingsError(
                            _(
                                "NAME: {name} has been paid his prize already; `schreiber tournament pay {name} --prize --undo` "
                                "takes that back."
                            ).format(name=name)
                        )
                    if cents <= 0:
                        raise SettingsError(_("NAME: {name} has no prize to pay out.").format(name=name))
                else:
                    if has >= settings.startgeld:
                        raise SettingsError(
                            _(
                                "NAME: {name} has paid the Startgeld already; `schreiber tournament pay {name} --undo` "
                                "takes that back."
                            ).format(name=name)
                        )
                    cents = settings.startgeld - has
                s.add(TournamentPayment(tournament_id=t.id, player_id=ids[number], kind=kind, cents=cents))
                out.append(Paid(number, name, kind, cents))
            if prize and not undo and book is not None:
                fixing.fix(s, t.id, book.book)  # the first prize paid out fixes every place's amount
            elif prize:
                fixing.unfix_when_none_paid(s, t.id)
            return out

    def book(self, tournament_id: int | None = None, standings: StandingsView | None = None) -> CashView:
        """Everyone's money now: the standings give the ranks, the hands and sheets the games lost and thrown in
        (`standings`: the tournament's, read already by the caller)."""
        if standings is None:
            standings = self.tournaments.standings(tournament_id=tournament_id)
        with self.ledger.transaction() as s:
            t = self._tournament(s, standings.tournament.id)
            settings = stored_settings(s, t.id)
            lost, thrown = facts(s, t)
            received = self._paid(s, t, STARTGELD)
            paid_out = self._paid(s, t, PREIS)
            handed = frozenset(n for n, c in self._paid(s, t, SACH).items() if c > 0)
            fixed, since = fixing.fixed(s, t.id)
            design = settings_registry.design(t.settings, settings, t.seed, newest_tables(s, t))
            carried = categories.registered(s, t.id)
            members = categories.members(s, t)
            category_money = categories.paid(s, t.id)
        entrants = [
            cash.Entrant(
                r.number,
                r.name,
                r.rank,
                paid=received.get(r.number, 0),
                lost=tuple(lost.get((r.number, n), 0) for n in range(1, standings.rounds + 1)),
                thrown=thrown.get(r.number, 0),
                prize_paid=paid_out.get(r.number, 0),
            )
            for r in standings.rows
        ]
        played = any(x is not None for r in standings.rows for x in r.rounds)
        competitions = tuple(self.tournaments.team_standings(tournament_id=standings.tournament.id))
        shares: dict[int, list[tuple[str, str, int]]] = defaultdict(list)
        for competition in competitions:
            for line in competition.teams:
                for number, cents in sorted(line.shares.items()):
                    if cents:
                        shares[number].append((competition.competition, line.name, cents))
        runners = [
            prizes.Runner(
                r.number,
                r.rank,
                r.score,
                r.withdrawn,
                frozenset(name for name, numbers in members.items() if r.number in numbers),
            )
            for r in standings.rows
        ]
        category_paid = {
            c.name: sum(cents for (_n, name), cents in category_money.items() if name == c.name)
            for c in design.kategorien
        }
        book = prizes.book(
            settings, design, entrants, runners, ranked=played, fixed=fixed, category_paid=sum(category_paid.values())
        )
        return CashView(
            standings.tournament,
            settings,
            _with_team_shares(book, shares),
            standings.after,
            {n: c for n, c in paid_out.items() if c},
            len(standings.unfinished),
            final=standings.final,
            prizes_fixed=since,
            teams=competitions,
            team_shares={number: tuple(got) for number, got in shares.items()},
            design=design,
            kategorien=carried,
            category_paid=category_paid,
            handed=handed,
        )

    # -- helpers --------------------------------------------------------------------------------------

    def _tournament(self, s: Session, tournament_id: int | None, for_update: bool = False) -> Tournament:
        return self.tournaments._tournament(s, tournament_id, for_update=for_update)

    def _names(self, s: Session, t: Tournament) -> dict[int, str]:
        return dict(
            s.execute(
                select(Entrant.number, Player.name)
                .join(Player, Player.id == Entrant.player_id)
                .where(Entrant.tournament_id == t.id)
            ).all()
        )

    def _paid(self, s: Session, t: Tournament, kind: str) -> dict[int, int]:
        return fixing.paid(s, t.id, kind)


def _with_team_shares(book: cash.Cashbook, shares: dict[int, list[tuple[str, str, int]]]) -> cash.Cashbook:
    """Each member's team shares added to his prize and his balance (TEAMS.md §10.1 rule 6); the main pot and
    its Kasse stay as they are, each competition keeping its own pot."""
    if not shares:
        return book
    lines = tuple(
        dataclasses.replace(
            line,
            prize=line.prize + sum(c for _k, _t, c in shares.get(line.number, ())),
            balance=line.balance + sum(c for _k, _t, c in shares.get(line.number, ())),
        )
        for line in book.lines
    )
    return dataclasses.replace(book, lines=lines)


def newest_tables(s: Session, t: Tournament) -> int:
    """The tables of the newest drawn round (`preise_je_tisch`, TEAMS.md §10.2 rule 10); 0 before the first draw."""
    newest = s.scalar(select(func.max(TournamentTable.round)).where(TournamentTable.tournament_id == t.id))
    if newest is None:
        return 0
    return int(
        s.scalar(
            select(func.count())
            .select_from(TournamentTable)
            .where(TournamentTable.tournament_id == t.id, TournamentTable.round == newest)
        )
        or 0
    )


def facts(s: Session, t: Tournament) -> tuple[dict[tuple[int, int], int], dict[int, int]]:
    """(start number, round) -> games lost as declarer; start number -> thrown-in hands he was active in.
    From each table's live hands, or from its sheet (`--lost`, and `--thrown` for every player of the table)."""
    numbers = dict(s.execute(select(Entrant.player_id, Entrant.number).where(Entrant.tournament_id == t.id)).all())
    tables = dict(
        s.execute(
            select(TournamentTable.table_id, TournamentTable.round).where(TournamentTable.tournament_id == t.id)
        ).all()
    )
    rules = registry.get(t.rules)
    called = getattr(rules, "called_games", frozenset())
    lost: dict[tuple[int, int], int] = defaultdict(int)
    thrown: dict[int, int] = defaultdict(int)
    names = dict(s.execute(select(Player.id, Player.name).where(Player.id.in_(numbers))).all())
    ids = list(tables)
    live = (PayoutRecord.hand_id == HandRecord.id, HandRecord.status == LIVE, HandRecord.table_id.in_(ids))
    # Counted by the database, so a day of 10,000 hands sends a few hundred rows, not every payout with its facts.
    for table_id, player_id, count in s.execute(  # solos lost: the soloist's own payout row says both
        select(PayoutRecord.table_id, PayoutRecord.player_id, func.count())
        .join(HandRecord, and_(*live))
        .where(PayoutRecord.solo.is_(True), PayoutRecord.won.is_(False))
        .group_by(PayoutRecord.table_id, PayoutRecord.player_id)
    ):
        if player_id in numbers:
            lost[numbers[player_id], tables[table_id]] += count
    if called:  # called games lost: a losing row whose player is the one the facts name as the caller
        caller = HandRecord.facts["player"].as_string()
        for table_id, player_id, name, count in s.execute(
            select(PayoutRecord.table_id, PayoutRecord.player_id, caller, func.count())
            .join(HandRecord, and_(*live))
            .where(HandRecord.type.in_(called), PayoutRecord.won.is_(False), PayoutRecord.sat_out.is_(False))
            .group_by(PayoutRecord.table_id, PayoutRecord.player_id, caller)
        ):
            if player_id in numbers and names.get(player_id) == name:
                lost[numbers[player_id], tables[table_id]] += count
    for player_id, count in s.execute(  # thrown-in hands: each active player's row
        select(PayoutRecord.player_id, func.count())
        .join(HandRecord, and_(*live))
        .where(HandRecord.type.in_(PASSED_IN), PayoutRecord.sat_out.is_(False))
        .group_by(PayoutRecord.player_id)
    ):
        if player_id in numbers:
            thrown[numbers[player_id]] += count
    for table_id, player_id, lost_games, thrown_hands in s.execute(
        select(SheetEntry.table_id, SheetEntry.player_id, SheetEntry.lost, SheetEntry.thrown).where(
            SheetEntry.table_id.in_(list(tables))
        )
    ):
        if player_id in numbers:
            lost[numbers[player_id], tables[table_id]] += lost_games or 0
            # A sheet does not say who sat out a thrown-in hand at a table of 5: each of its players pays for every one.
            thrown[numbers[player_id]] += thrown_hands or 0
    return dict(lost), dict(thrown)


__all__ = ["Cash", "CashView", "Paid", "facts", "keep_settings", "stored_settings"]
