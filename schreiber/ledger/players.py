"""The ledger's one register of people: list, show, rename and merge players.

A player is one row everywhere (seats, payouts, sheets, registrations, season numbers point at it), but a
hand's facts name players as the table spelled them; rename and merge rewrite those facts too, so that
every table folds to the same numbers. Kept caches that name a moved player (a table's statistics and report
totals, the statistics blocks) are dropped in the same transaction; the next report or stats makes them again.
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from schreiber.i18n import _
from schreiber.ledger.service import Ledger
from schreiber.ledger.tables.tables import _name
from schreiber.rules.declared import DECLARED, NAME, NAMES, PAIRS
from schreiber.rules.model import SettingsError
from schreiber.rules.names import player_name
from schreiber.store.models import (
    LIVE,
    Entrant,
    HandRecord,
    Payment,
    TournamentCategoryPayment,
    TournamentPayment,
    PayoutRecord,
    Player,
    PlayerTotals,
    ReplacedSheetEntry,
    Season,
    SeasonPlayer,
    Seat,
    SheetEntry,
    StatsBlock,
    Table,
    TableEvent,
    TableStats,
    TableTotals,
    Tournament,
    TournamentTable,
)
from schreiber.store.league_models import LeagueLineup, LeagueRoster, LeagueTeam

# Facts that name a player (rules/declared.py): one name, a list of names, names mapped to numbers.
_ONE = tuple(d.name for d in DECLARED if d.kind == NAME)
_MANY = tuple(d.name for d in DECLARED if d.kind == NAMES)
_MAPS = tuple(d.name for d in DECLARED if d.kind == PAIRS)


@dataclass(frozen=True)
class PlayerLine:
    """A player in the register: how many tables (evenings and tournament tables), hands, tournaments, seasons."""

    name: str
    tables: int
    hands: int
    tournaments: int
    seasons: int


@dataclass(frozen=True)
class Evening:
    table: int
    date: str
    name: str | None
    rules: str
    hands: int
    points: int


@dataclass(frozen=True)
class TournamentEntry:
    tournament: int
    date: str
    name: str
    rules: str
    number: int
    rounds: int
    points: int


@dataclass(frozen=True)
class SeasonEntry:
    season: int
    name: str
    rules: str
    number: int


@dataclass(frozen=True)
class RulesTotal:
    rules: str
    tables: int
    hands: int
    won: int
    points: int


@dataclass(frozen=True)
class PlayerCard:
    name: str
    evenings: tuple[Evening, ...]
    tournaments: tuple[TournamentEntry, ...]
    seasons: tuple[SeasonEntry, ...]
    totals: tuple[RulesTotal, ...]


@dataclass(frozen=True)
class Merged:
    name: str
    into: str
    tables: int
    hands: int


def fold(text: str) -> str:
    """A name as a search compares it: case and accents folded ("Özlem" and "ozlem" meet)."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))


def find(s: Session, typed: str, option: str) -> Player:
    """The player `typed` names: his name (case and accents aside) or its unique start; a near miss gets
    "did you mean …?", anything else the command that lists the players."""
    import difflib

    key = fold(player_name(typed, option))
    players = list(s.scalars(select(Player)))
    exact = [p for p in players if fold(p.name) == key]
    if len(exact) == 1:
        return exact[0]
    starting = [p for p in players if key and fold(p.name).startswith(key)]
    if len(starting) == 1:
        return starting[0]
    if starting:
        shown = ", ".join(sorted(p.name for p in starting)[:8])
        raise SettingsError(
            _("{option}: {typed} could mean {names}; type more of the name.").format(
                option=option, typed=repr(typed), names=shown
            )
        )
    near = difflib.get_close_matches(key, [fold(p.name) for p in players], n=1, cutoff=0.75)
    if near:
        meant = next(p for p in players if fold(p.name) == near[0])
        raise SettingsError(
            _("{option}: {typed} is no player of the ledger; did you mean {name}?").format(
                option=option, typed=repr(typed), name=meant.name
            )
        )
    raise SettingsError(
        _("{option}: {typed} is no player of the ledger; `schreiber player list` shows them.").format(
            option=option, typed=repr(typed)
        )
    )


def rename_in_facts(facts: dict[str, Any], old: str, new: str) -> dict[str, Any] | None:
    """The facts with `old` named `new` wherever they name a player, or None when they do not name him."""
    out = dict(facts)
    changed = False
    for key in _ONE:
        if out.get(key) == old:
            out[key] = new
            changed = True
    for key in _MANY:
        if key in out and old in out[key]:
            out[key] = [new if n == old else n for n in out[key]]
            changed = True
    for key in _MAPS:
        if key in out and old in out[key]:
            out[key] = {(new if n == old else n): v for n, v in out[key].items()}
            changed = True
    if out.get("teams") and any(old in team for team in out["teams"]):
        out["teams"] = [[new if n == old else n for n in team] for team in out["teams"]]
        changed = True
    return out if changed else None


class Players:
    """The player commands over an open ledger, one transaction each."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger

    def list(self) -> list[PlayerLine]:
        with self.ledger.transaction() as s:
            tables = _count_by_player(s, _tables_query())
            hands = dict(
                s.execute(
                    select(PayoutRecord.player_id, func.count())
                    .where(PayoutRecord.sat_out.is_(False))
                    .group_by(PayoutRecord.player_id)
                ).all()
            )
            tournaments = dict(s.execute(select(Entrant.player_id, func.count()).group_by(Entrant.player_id)).all())
            seasons = dict(
                s.execute(select(SeasonPlayer.player_id, func.count()).group_by(SeasonPlayer.player_id)).all()
            )
            return sorted(
                (
                    PlayerLine(
                        p.name, tables.get(p.id, 0), hands.get(p.id, 0), tournaments.get(p.id, 0), seasons.get(p.id, 0)
                    )
                    for p in s.scalars(select(Player))
                ),
                key=lambda line: (fold(line.name), line.name),
            )

    def show(self, typed: str) -> PlayerCard:
        with self.ledger.transaction() as s:
            player = find(s, typed, "NAME")
            table_ids = _tables_of(s, player.id)
            in_tournament = dict(
                s.execute(
                    select(TournamentTable.table_id, TournamentTable.tournament_id).where(
                        TournamentTable.table_id.in_(table_ids)
                    )
                ).all()
            )
            hands = dict(
                s.execute(
                    select(PayoutRecord.table_id, func.count())
                    .where(PayoutRecord.player_id == player.id, PayoutRecord.sat_out.is_(False))
                    .group_by(PayoutRecord.table_id)
                ).all()
            )
            won = dict(
                s.execute(
                    select(PayoutRecord.table_id, func.count())
                    .where(PayoutRecord.player_id == player.id, PayoutRecord.points > 0)
                    .group_by(PayoutRecord.table_id)
                ).all()
            )
            points = dict(
                s.execute(
                    select(PayoutRecord.table_id, func.sum(PayoutRecord.points))
                    .where(PayoutRecord.player_id == player.id)
                    .group_by(PayoutRecord.table_id)
                ).all()
            )
            for table_id, value in s.execute(
                select(SheetEntry.table_id, SheetEntry.points).where(SheetEntry.player_id == player.id)
            ):
                points[table_id] = points.get(table_id, 0) + value
            tables = list(s.scalars(select(Table).where(Table.id.in_(table_ids)).order_by(Table.date, Table.id)))
            evenings = tuple(
                Evening(t.id, t.date.isoformat(), t.name, t.rules, hands.get(t.id, 0), int(points.get(t.id, 0) or 0))
                for t in tables
                if t.id not in in_tournament
            )
            by_tournament: dict[int, list[int]] = defaultdict(list)
            for table_id, tid in in_tournament.items():
                by_tournament[tid].append(table_id)
            tournaments = []
            for e, t in s.execute(
                select(Entrant, Tournament)
                .join(Tournament, Tournament.id == Entrant.tournament_id)
                .where(Entrant.player_id == player.id)
                .order_by(Tournament.date, Tournament.id)
            ):
                mine = by_tournament.get(t.id, [])
                played = [x for x in mine if x in points or x in hands]
                tournaments.append(
                    TournamentEntry(
                        t.id,
                        t.date.isoformat(),
                        t.name,
                        t.rules,
                        e.number,
                        len(played),
                        sum(int(points.get(x, 0) or 0) for x in mine),
                    )
                )
            seasons = tuple(
                SeasonEntry(season.id, season.name, season.rules, number)
                for number, season in s.execute(
                    select(SeasonPlayer.number, Season)
                    .join(Season, Season.id == SeasonPlayer.season_id)
                    .where(SeasonPlayer.player_id == player.id)
                    .order_by(Season.id)
                )
            )
            per_rules: dict[str, list[int]] = {}
            for t in tables:
                line = per_rules.setdefault(t.rules, [0, 0, 0, 0])
                line[0] += 1
                line[1] += hands.get(t.id, 0)
                line[2] += won.get(t.id, 0)
                line[3] += int(points.get(t.id, 0) or 0)
            totals = tuple(RulesTotal(rules, *values) for rules, values in sorted(per_rules.items()))
            return PlayerCard(player.name, evenings, tuple(tournaments), seasons, totals)

    def rename(self, old: str, new: str) -> tuple[str, str]:
        """Give a player another name, everywhere at once; a name another player has is refused (merge joins two)."""
        name = _name(new, "NEW")
        with self.ledger.transaction() as s:
            player = find(s, old, "OLD")
            other = s.scalar(select(Player).where(Player.name_key == name.casefold()))
            if other is not None and other.id != player.id:
                raise SettingsError(
                    _(
                        "NEW: {name} is another player already; `schreiber player merge {old} {name}` joins the two."
                    ).format(name=other.name, old=player.name)
                )
            was = player.name
            if was == name:
                raise SettingsError(_("NEW: the player is called {name} already.").format(name=name))
            tables = _tables_of(s, player.id)
            _rewrite_facts(s, tables, was, name)
            _drop_kept(s, tables)
            player.name = name
            player.name_key = name.casefold()
            return was, name

    def set_privat(self, typed: str, privat: bool) -> tuple[str, bool]:
        """`player set NAME --privat [--undo]`: published pages and data name him by his number only (issue 42).
        Returns his name and whether it changed anything."""
        with self.ledger.transaction() as s:
            player = find(s, typed, "NAME")
            changed = player.privat != privat
            player.privat = privat
            return player.name, changed

    def private(self) -> frozenset[str]:
        """The names of the players set `--privat`: what every published page and picture asks."""
        with self.ledger.transaction() as s:
            return frozenset(s.scalars(select(Player.name).where(Player.privat.is_(True))))

    def merge(self, source: str, target: str) -> Merged:
        """Join two spellings of one person: every hand, payout, seat, sheet line, registration, season number and
        payment of `source` becomes `target`'s, in one transaction; refused where both sat at one table or are
        registered in one tournament (two people, then). In a season both have a number in, `target`'s stays."""
        with self.ledger.transaction() as s:
            one = find(s, source, "FROM")
            two = find(s, target, "INTO")
            if one.id == two.id:
                raise SettingsError(_("FROM and INTO are both {name}; name two players.").format(name=one.name))
            mine, theirs = _tables_of(s, one.id), _tables_of(s, two.id)
            shared = sorted(set(mine) & set(theirs))
            if shared:
                raise SettingsError(
                    _(
                        "{one} and {two} sat at one table (session {id}), so they are two people; merge joins two spellings of one."
                    ).format(one=one.name, two=two.name, id=shared[0])
                )
            both = s.scalar(
                select(Tournament.id)
                .join(Entrant, Entrant.tournament_id == Tournament.id)
                .where(
                    Entrant.player_id == one.id,
                    Tournament.id.in_(select(Entrant.tournament_id).where(Entrant.player_id == two.id)),
                )
                .limit(1)
            )
            if both is not None:
                raise SettingsError(
                    _(
                        "{one} and {two} are both registered in tournament {id}, so they are two people; merge joins two spellings of one."
                    ).format(one=one.name, two=two.name, id=both)
                )
            league = s.scalar(
                select(LeagueTeam.league_id)
                .join(LeagueRoster, LeagueRoster.team_id == LeagueTeam.id)
                .where(
                    LeagueRoster.player_id == one.id,
                    LeagueTeam.league_id.in_(
                        select(LeagueTeam.league_id)
                        .join(LeagueRoster, LeagueRoster.team_id == LeagueTeam.id)
                        .where(LeagueRoster.player_id == two.id)
                    ),
                )
                .limit(1)
            )
            if league is not None:
                raise SettingsError(
                    _(
                        "{one} and {two} are both on a roster of league {id}, so they are two people; merge joins two spellings of one."
                    ).format(one=one.name, two=two.name, id=league)
                )
            # A season both have a number in keeps INTO's: FROM's tournaments of it take that number.
            for season_id, number in s.execute(
                select(SeasonPlayer.season_id, SeasonPlayer.number).where(
                    SeasonPlayer.player_id == two.id,
                    SeasonPlayer.season_id.in_(select(SeasonPlayer.season_id).where(SeasonPlayer.player_id == one.id)),
                )
            ).all():
                s.execute(
                    delete(SeasonPlayer).where(SeasonPlayer.season_id == season_id, SeasonPlayer.player_id == one.id)
                )
                s.execute(
                    update(Entrant)
                    .where(
                        Entrant.player_id == one.id,
                        Entrant.tournament_id.in_(select(Tournament.id).where(Tournament.season_id == season_id)),
                    )
                    .values(number=number)
                    .execution_options(synchronize_session=False)
                )
            hands = s.scalar(select(func.count()).where(HandRecord.table_id.in_(mine), HandRecord.status == LIVE)) or 0
            _rewrite_facts(s, mine, one.name, two.name)
            for model, column in (
                (Seat, Seat.player_id),
                (PayoutRecord, PayoutRecord.player_id),
                (TableEvent, TableEvent.player_id),
                (SheetEntry, SheetEntry.player_id),
                (ReplacedSheetEntry, ReplacedSheetEntry.player_id),
                (Entrant, Entrant.player_id),
                (SeasonPlayer, SeasonPlayer.player_id),
                (Payment, Payment.payer_id),
                (Payment, Payment.payee_id),
                (TournamentPayment, TournamentPayment.player_id),
                (LeagueRoster, LeagueRoster.player_id),
                (LeagueLineup, LeagueLineup.player_id),
                (TournamentCategoryPayment, TournamentCategoryPayment.player_id),
            ):
                s.execute(
                    update(model)
                    .where(column == one.id)
                    .values({column.key: two.id})
                    .execution_options(synchronize_session=False)
                )
            _drop_kept(s, mine)
            s.flush()
            s.expunge(one)
            s.execute(delete(Player).where(Player.id == one.id))
            return Merged(one.name, two.name, len(mine), hands)


def _tables_query() -> Any:
    seated = select(Seat.table_id.label("table_id"), Seat.player_id.label("player_id"))
    joined = select(TableEvent.table_id, TableEvent.player_id).where(TableEvent.player_id.is_not(None))
    sheets = select(SheetEntry.table_id, SheetEntry.player_id)
    return seated.union(joined, sheets).subquery()


def _count_by_player(s: Session, tables: Any) -> dict[int, int]:
    return dict(s.execute(select(tables.c.player_id, func.count()).group_by(tables.c.player_id)).all())


def _tables_of(s: Session, player_id: int) -> list[int]:
    """Every table the player sat at: seated, joined later, or on its sheet."""
    tables = _tables_query()
    return sorted(s.scalars(select(tables.c.table_id).where(tables.c.player_id == player_id)))


def _drop_kept(s: Session, table_ids: list[int]) -> None:
    """The kept caches of these tables name the player (by id, and the statistics by name, too): dropped, the
    next report or stats makes them again. A block of statistics may hold any table, so every block goes."""
    s.execute(delete(PlayerTotals).where(PlayerTotals.table_id.in_(table_ids)))
    s.execute(delete(TableTotals).where(TableTotals.table_id.in_(table_ids)))
    s.execute(delete(TableStats).where(TableStats.table_id.in_(table_ids)))
    s.execute(delete(StatsBlock))


def _rewrite_facts(s: Session, table_ids: Iterable[int], old: str, new: str) -> None:
    """Every hand of those tables (live, void or superseded: the history too) names `new` where it named `old`;
    a klassisch table's teams too."""
    ids = list(table_ids)
    if not ids:
        return
    for record in s.scalars(select(HandRecord).where(HandRecord.table_id.in_(ids))):
        facts = rename_in_facts(record.facts, old, new)
        if facts is not None:
            record.facts = facts
    for table in s.scalars(select(Table).where(Table.id.in_(ids))):
        if table.teams and any(old in team for team in table.teams):
            table.teams = [[new if n == old else n for n in team] for team in table.teams]
