"""Seasons (RULES.md §8): tournaments of one rule set grouped into a cup or a league, with permanent start numbers.

A season scores nothing itself: its standings fold each tournament's standings, read through the public
`Tournaments` API, with the pure functions of `season_ranking`. This module keeps what a tournament does
not know (which tournaments count, the season's Wertung and settings, the season start numbers).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from schreiber.i18n import _
from schreiber.scoring import season_ranking, settings as settings_registry
from schreiber.ledger import search
from schreiber.ledger.names import either
from schreiber.ledger.registration import typed_names
from schreiber.ledger.season_numbers import check_joins, number_for, season_row
from schreiber.ledger.service import Ledger
from schreiber.ledger.series import tournament_games
from schreiber.ledger.standings import StandingsView
from schreiber.ledger.tournament import Tournaments
from schreiber.rules.model import SettingsError
from schreiber.rules.names import player_name
from schreiber.store.models import Entrant, LedgerState, Player, Season, SeasonPlayer, Tournament

ACTIVE_KEY = "active_season"
# The season settings kept in a column of their own, not in `Season.settings`.
COLUMNS = ("wertung",)
# A refusal names at most this many of the players a typed name could mean.
MANY = 8


@dataclass(frozen=True)
class SeasonTournament:
    id: int
    name: str
    date: str
    wertung: str


@dataclass(frozen=True)
class SeasonInfo:
    id: int
    name: str
    rules: str
    wertung: str
    min_starts: int
    finale: int | None
    tournaments: tuple[SeasonTournament, ...]
    players: int
    active: bool
    verein: str | None = None  # the club's name (`season set verein=…`), on the picture to share


@dataclass(frozen=True)
class SeasonEntrant:
    number: int
    name: str


@dataclass(frozen=True)
class SeasonResult:
    """A player's result of one tournament; `running`: the tournament is not final, this is his result so far."""

    tournament: int
    score: int
    rank: int
    field: int
    rounds: tuple[int, ...]
    running: bool = False


@dataclass(frozen=True)
class SeasonRow:
    rank: int | None
    number: int
    name: str
    score: int | Fraction
    starts: int
    rounds: int
    qualified: bool
    results: tuple[SeasonResult | None, ...]
    overall: int | None = None  # in a category ranking (TEAMS.md §10.2): his rank in the season's ranking


@dataclass(frozen=True)
class SeasonStandings:
    """The season's ranking; `running`: the ids of its tournaments that are not final (RULES.md §9), whose
    results count as they are so far and mark nobody qualified."""

    season: SeasonInfo
    wertung: str
    rows: tuple[SeasonRow, ...]
    running: tuple[int, ...] = ()
    unconfirmed: int = 0  # with double entry: the sheets of its tournaments typed once, or whose two entries differ
    kategorie: str | None = None  # a category ranking (TEAMS.md §10.2 rule 2): `rank` is the category rank

    @property
    def final_tournaments(self) -> int:
        """How many of the season's tournaments are final: the "after N tournaments" of its standings."""
        return len(self.season.tournaments) - len(self.running)

    def running_names(self) -> list[tuple[int, str]]:
        """The tournaments still running that gave anyone a result so far: (id, name)."""
        played = {x.tournament for r in self.rows for x in r.results if x is not None}
        return [(t.id, t.name) for t in self.season.tournaments if t.id in self.running and t.id in played]


@dataclass(frozen=True)
class SeasonAward:
    players: tuple[str, ...]
    value: int | Fraction | None
    tournaments: tuple[int, ...] = ()


@dataclass(frozen=True)
class SeasonAwards:
    season: SeasonInfo
    most_starts: SeasonAward
    best_average_rank: SeasonAward
    worst_average_rank: SeasonAward
    best_score: SeasonAward


@dataclass(frozen=True)
class CheckedIn:
    """A check-in: who was registered into the tournament now, and who was in already."""

    tournament: int
    registered: tuple[SeasonEntrant, ...]
    already: tuple[SeasonEntrant, ...]


@dataclass(frozen=True)
class Door:
    """The door of a season's tournament: who is in, who of the season is missing, who is new to the season."""

    tournament: int
    season: SeasonInfo
    checked_in: tuple[SeasonEntrant, ...]
    missing: tuple[SeasonEntrant, ...]
    new: tuple[SeasonEntrant, ...]


@dataclass(frozen=True)
class Found:
    """What a name or number typed at the door finds (`fit` as search.fits says it), the season players a
    new name `typed` is close to, and the start numbers checked in already."""

    typed: str
    fit: int | None
    found: tuple[SeasonEntrant, ...]
    close: tuple[SeasonEntrant, ...]
    inside: frozenset[int]


class Seasons:
    """The season commands over an open ledger, one transaction each (standings read each tournament's own)."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger

    # -- the season -----------------------------------------------------------------------------

    def new(self, name: str, rules: str, assignments: Sequence[str] = ()) -> SeasonInfo:
        name = " ".join(name.split())
        if not name:
            raise SettingsError(_("NAME: a season needs a name."))
        if rules not in tournament_games():
            raise SettingsError(
                _("--rules: a season is played with {allowed}, not {name}.").format(
                    allowed=", ".join(tournament_games()), name=repr(rules)
                )
            )
        settings = settings_registry.season(assignments, "--set")
        with self.ledger.transaction() as s:
            season = Season(
                name=name,
                rules=rules,
                wertung=settings["wertung"],
                settings={k: v for k, v in settings.items() if k not in COLUMNS},
            )
            s.add(season)
            s.flush()
            _set_active(s, season.id)
            return self._info(s, season)

    def set(self, assignments: Sequence[str], season_id: int | None = None) -> SeasonInfo:
        """Change settings (the registry's, scoring/settings.py) of a season; its standings read the current ones."""
        with self.ledger.transaction() as s:
            season = self._season(s, season_id)
            current = {"wertung": season.wertung, **season.settings}
            settings = settings_registry.season(assignments, "season set", current)
            season.wertung = settings["wertung"]
            season.settings = {k: v for k, v in settings.items() if k not in COLUMNS}
            return self._info(s, season)

    def list(self) -> list[SeasonInfo]:
        with self.ledger.transaction() as s:
            return [self._info(s, season) for season in s.scalars(select(Season).order_by(Season.id))]

    def info(self, season_id: int | None = None) -> SeasonInfo:
        with self.ledger.transaction() as s:
            return self._info(s, self._season(s, season_id))

    def use(self, season_id: int) -> SeasonInfo:
        with self.ledger.transaction() as s:
            season = self._season(s, season_id, "ID")
            _set_active(s, season.id)
            return self._info(s, season)

    def players(self, season_id: int | None = None) -> list[SeasonEntrant]:
        with self.ledger.transaction() as s:
            return self._players(s, self._season(s, season_id))

    def register(
        self,
        names: Sequence[str],
        number: int | None = None,
        season_id: int | None = None,
        kategorien: str | None = None,
    ) -> list[SeasonEntrant]:
        """Give each player his permanent season start number (the next free ones, or `number` for one)."""
        names = typed_names(names, number)
        if kategorien is not None:  # the words checked as ledger/categories.py checks them (TEAMS.md §10.2 rule 1)
            from schreiber.scoring import prizes

            reserved = settings_registry.reserved_words()
            kategorien = ",".join(prizes.category_names("kategorie", kategorien, "--kategorie", reserved))
        with self.ledger.transaction() as s:
            season = self._season(s, season_id)
            have = {e.name.casefold(): e for e in self._players(s, season)}
            for typed in names:
                if typed.casefold() in have:
                    raise SettingsError(
                        _("{name} is registered already, with season start number {number}.").format(
                            name=have[typed.casefold()].name, number=have[typed.casefold()].number
                        )
                    )
            out = []
            for typed in names:
                player = self.ledger.player(s, typed)
                if kategorien is not None:  # `season register … --kategorie`: the register's set, copied
                    player.kategorien = kategorien or None
                out.append(SeasonEntrant(number_for(s, season.id, player.id, number), player.name))
            return out

    def add(self, tournament_ids: Sequence[int], season_id: int | None = None) -> SeasonInfo:
        """Count tournaments for the season; their players get (or keep) their season start numbers, which
        become their start numbers in the tournament."""
        if not tournament_ids:
            raise SettingsError(_("TOURNAMENT: name the tournaments to add (their ids, `schreiber tournament list`)."))
        with self.ledger.transaction() as s:
            season = self._season(s, season_id)
            for tid in tournament_ids:
                t = s.get(Tournament, tid)
                if t is None:
                    raise SettingsError(
                        _("TOURNAMENT: there is no tournament {id}; `schreiber tournament list` shows them.").format(
                            id=tid
                        )
                    )
                if t.season_id is not None:
                    other = s.get(Season, t.season_id)
                    raise SettingsError(
                        _("TOURNAMENT: tournament {id} counts for season {season} “{name}” already.").format(
                            id=tid, season=other.id if other else t.season_id, name=other.name if other else ""
                        )
                    )
                check_joins(s, season, t.name, t.rules, t.wertung, t.id)
                t.season_id = season.id
                s.flush()
                entrants = list(
                    s.scalars(select(Entrant).where(Entrant.tournament_id == t.id).order_by(Entrant.number))
                )
                numbers = {e.player_id: number_for(s, season.id, e.player_id) for e in entrants}
                # Two steps, so that no two entrants hold one start number in between.
                s.execute(update(Entrant).where(Entrant.tournament_id == t.id).values(number=-Entrant.number))
                for e in entrants:
                    s.execute(
                        update(Entrant)
                        .where(Entrant.tournament_id == t.id, Entrant.player_id == e.player_id)
                        .values(number=numbers[e.player_id])
                    )
                s.expire_all()
            return self._info(s, season)

    # -- standings and awards ------------------------------------------------------------------------

    def standings(
        self,
        season_id: int | None = None,
        wertung: str | None = None,
        views: dict[int, StandingsView] | None = None,
    ) -> SeasonStandings:
        """The season's ranking by its Wertung (or by `wertung`, just shown), from each tournament's standings
        (`views`: those read already by the caller, by tournament id; the others are read here)."""
        if wertung is not None:
            season_ranking.parse_wertung(wertung, "--wertung")
        with self.ledger.transaction() as s:
            season = self._season(s, season_id)
            info = self._info(s, season)
            numbers = {
                e.player_id: e.number
                for e in s.scalars(select(SeasonPlayer).where(SeasonPlayer.season_id == season.id))
            }
        known = views or {}
        missing = [t.id for t in info.tournaments if t.id not in known]
        read = dict(zip(missing, Tournaments(self.ledger).standings_of(missing))) if missing else {}
        ordered = [known[t.id] if t.id in known else read[t.id] for t in info.tournaments]
        return self._fold(info, ordered, numbers, wertung or info.wertung)

    def awards(self, season_id: int | None = None, table: SeasonStandings | None = None) -> SeasonAwards:
        """The awards (RULES.md §8) from the season's standings (`table`: read already by the caller)."""
        if table is None:
            table = self.standings(season_id)
        lines = [
            season_ranking.Line(
                r.rank,
                r.name,
                r.score,
                r.starts,
                r.rounds,
                tuple(
                    None if x is None else season_ranking.Result(r.name, x.score, x.rank, x.field, x.rounds)
                    for x in r.results
                ),
                r.qualified,
            )
            for r in table.rows
        ]
        got = season_ranking.awards(lines, [t.id for t in table.season.tournaments])

        def award(a: season_ranking.Award) -> SeasonAward:
            return SeasonAward(tuple(str(p) for p in a.players), a.value, tuple(int(t) for t in a.tournaments))  # type: ignore[call-overload]

        return SeasonAwards(
            table.season,
            award(got.most_starts),
            award(got.best_average_rank),
            award(got.worst_average_rank),
            award(got.best_score),
        )

    def _fold(
        self, info: SeasonInfo, views: Sequence[StandingsView], numbers: dict[int, int], wertung: str
    ) -> SeasonStandings:
        name, best = season_ranking.parse_wertung(wertung, "--wertung")
        with self.ledger.transaction() as s:
            names = {row.name for view in views for row in view.rows}
            ids = dict(s.execute(select(Player.name, Player.id).where(Player.name.in_(names))).all()) if names else {}
        folded = []
        for view in views:
            played = [row for row in view.rows if any(r is not None for r in row.rounds)]
            ranks = sorted(row.rank for row in played)
            results = tuple(
                season_ranking.Result(
                    ids[row.name],
                    row.score,
                    # Among those who played: a registered player who played nothing is no start and takes no place.
                    1 + bisect_left(ranks, row.rank),
                    len(played),
                    tuple(r for r in row.rounds if r is not None),
                )
                for row in played
            )
            folded.append(season_ranking.TournamentResults(view.tournament.id, results))
        by_id = {pid: name for name, pid in ids.items()}
        running = tuple(view.tournament.id for view in views if not view.final)
        lines = season_ranking.standings(
            folded,
            name,
            best=best,
            min_starts=info.min_starts,
            finale=info.finale,
            order={pid: (numbers.get(pid, 0), by_id[pid]) for pid in by_id},
            running=running,
        )
        rows = tuple(
            SeasonRow(
                line.rank,
                numbers.get(line.player, 0),  # type: ignore[call-overload]
                by_id[line.player],  # type: ignore[index]
                line.score,
                line.starts,
                line.rounds,
                line.qualified,
                tuple(
                    None
                    if r is None
                    else SeasonResult(
                        int(t.tournament),
                        r.score,
                        r.rank,
                        r.field,
                        r.rounds,  # type: ignore[call-overload]
                        t.tournament in running,
                    )
                    for r, t in zip(line.results, folded)
                ),
            )
            for line in lines
        )
        return SeasonStandings(info, wertung, rows, running, sum(view.unconfirmed for view in views))

    # -- the door ------------------------------------------------------------------------------------

    def checkin(self, words: Sequence[str], tournament_id: int | None = None) -> CheckedIn:
        """Register season players into the tournament (the active one) by season start number or name; a
        player checked in already is said so, not refused (a card is scanned twice at a busy door)."""
        if not words or any(not w.strip() for w in words):
            raise SettingsError(_("NAME|NUMBER: name the players to check in, by season start number or name."))
        tournament = Tournaments(self.ledger).info(tournament_id)
        with self.ledger.transaction() as s:
            season = self._tournament_season(s, tournament.id)
            players = self._players(s, season)
            wanted: list[SeasonEntrant] = []
            for word in words:
                text = word.strip()
                if not text.isdigit():
                    text = player_name(text, "NAME")
                e = _one(season.id, players, text)
                if e not in wanted:
                    wanted.append(e)
            inside = {
                e.player.name: e for e in s.scalars(select(Entrant).where(Entrant.tournament_id == tournament.id))
            }
            # Registered in advance (`register --vorab`): arriving now is checking in, not "in already".
            coming = [e for e in wanted if e.name in inside and not inside[e.name].arrived]
            for e in coming:
                inside[e.name].arrived = True
        fresh = [e for e in wanted if e.name not in inside]
        if fresh:
            Tournaments(self.ledger).register([e.name for e in fresh], tournament_id=tournament.id)
        here = [e for e in wanted if e not in fresh and e not in coming]
        return CheckedIn(tournament.id, tuple(e for e in wanted if e in fresh or e in coming), tuple(here))

    def find(self, typed: str, tournament_id: int | None = None) -> Found:
        """What `typed` finds among the season players of the tournament's season (search.py), and whom
        a new name `typed` would be close to."""
        door = self.door(tournament_id)
        players = sorted(door.checked_in + door.missing, key=lambda e: e.number)
        fit, found = search.fits(typed, players)
        return Found(
            typed, fit, tuple(found), tuple(search.close(typed, players)), frozenset(e.number for e in door.checked_in)
        )

    def door(self, tournament_id: int | None = None) -> Door:
        """Who of the season is checked into the tournament, who is missing, and who is new to the season."""
        tournament = Tournaments(self.ledger).info(tournament_id)
        with self.ledger.transaction() as s:
            season = self._tournament_season(s, tournament.id)
            players = self._players(s, season)
            inside = dict(
                s.execute(select(Entrant.player_id, Entrant.number).where(Entrant.tournament_id == tournament.id)).all()
            )
            ids = {e.name: pid for pid, e in zip(self._player_ids(s, season), players)}
            elsewhere = set(
                s.scalars(
                    select(Entrant.player_id)
                    .join(Tournament, Tournament.id == Entrant.tournament_id)
                    .where(Tournament.season_id == season.id, Tournament.id != tournament.id)
                )
            )
            checked = tuple(e for e in players if ids[e.name] in inside)
            return Door(
                tournament.id,
                self._info(s, season),
                checked,
                tuple(e for e in players if ids[e.name] not in inside),
                tuple(e for e in checked if ids[e.name] not in elsewhere),
            )

    # -- helpers -----------------------------------------------------------------------------------

    def _season(self, s: Session, season_id: int | None, option: str = "--season") -> Season:
        if season_id is None:
            value = s.scalar(select(LedgerState.value).where(LedgerState.key == ACTIVE_KEY))
            if value is None:
                raise SettingsError(
                    _(
                        "there is no active season; start one with `schreiber season new` or choose one with `schreiber season use ID`."
                    )
                )
            season_id = int(value)
        season = s.get(Season, season_id)
        if season is None:
            raise SettingsError(_("there is no season {id}; `schreiber season list` shows them.").format(id=season_id))
        return season

    def _tournament_season(self, s: Session, tournament_id: int) -> Season:
        t = s.get(Tournament, tournament_id)
        if t is None or t.season_id is None:
            raise SettingsError(
                _(
                    "tournament {id} counts for no season; `schreiber season add {id}` adds it to the active season."
                ).format(id=tournament_id)
            )
        return season_row(s, t.season_id)

    def _players(self, s: Session, season: Season) -> list[SeasonEntrant]:
        return [
            SeasonEntrant(number, name)
            for number, name in s.execute(
                select(SeasonPlayer.number, Player.name)
                .join(Player, Player.id == SeasonPlayer.player_id)
                .where(SeasonPlayer.season_id == season.id)
                .order_by(SeasonPlayer.number)
            )
        ]

    def _player_ids(self, s: Session, season: Season) -> list[int]:
        return list(
            s.scalars(
                select(SeasonPlayer.player_id).where(SeasonPlayer.season_id == season.id).order_by(SeasonPlayer.number)
            )
        )

    def _info(self, s: Session, season: Season) -> SeasonInfo:
        tournaments = tuple(
            SeasonTournament(t.id, t.name, t.date.isoformat(), t.wertung)
            for t in s.scalars(
                select(Tournament).where(Tournament.season_id == season.id).order_by(Tournament.date, Tournament.id)
            )
        )
        count = len(self._player_ids(s, season))
        active = s.scalar(select(LedgerState.value).where(LedgerState.key == ACTIVE_KEY))
        return SeasonInfo(
            season.id,
            season.name,
            season.rules,
            season.wertung,
            int(season.settings.get("min_starts") or 1),
            season.settings.get("finale"),
            tournaments,
            count,
            active is not None and int(active) == season.id,
            season.settings.get("verein"),
        )


def _one(season_id: int, players: Sequence[SeasonEntrant], typed: str) -> SeasonEntrant:
    """The one season player `typed` names (a start number, a name or part of one); else refused with
    the players it could mean or is close to."""
    found = search.search(typed, players)
    if len(found) == 1:
        return found[0]
    if typed.isascii() and typed.isdigit():
        if search.start_number(typed) is None:
            raise SettingsError(
                _("NUMBER: a season start number has at most {digits} digits.").format(digits=search.DIGITS)
            )
        raise SettingsError(
            _(
                "NUMBER: season {id} has no player with start number {number}; `schreiber season show` lists them."
            ).format(id=season_id, number=int(typed))
        )
    named = [f"{e.name} ({e.number})" for e in found]
    if named:
        shown = (
            named if len(named) <= MANY else [*named[: MANY - 1], _("{count} more").format(count=len(named) - MANY + 1)]
        )
        raise SettingsError(
            _("NAME: {typed} could mean {choices}; give the start number.").format(
                typed=repr(typed), choices=either(shown)
            )
        )
    near = [f"{e.name} ({e.number})" for e in search.close(typed, players)][:MANY]
    if near:
        raise SettingsError(
            _("{option}: {typed} is not {what}; did you mean {choice}?").format(
                option="NAME", typed=repr(typed), what=_("a player of this season"), choice=either(near)
            )
        )
    raise SettingsError(
        _("NAME: {typed} is not a player of this season; `schreiber season show` lists them.").format(typed=repr(typed))
    )


def _set_active(s: Session, season_id: int) -> None:
    state = s.get(LedgerState, ACTIVE_KEY)
    if state is None:
        s.add(LedgerState(key=ACTIVE_KEY, value=str(season_id)))
    else:
        state.value = str(season_id)


__all__ = ["CheckedIn", "Door", "Found", "SeasonAwards", "SeasonInfo", "SeasonRow", "SeasonStandings", "Seasons"]
