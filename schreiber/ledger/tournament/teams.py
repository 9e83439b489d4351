"""Team competitions of a tournament (TEAMS.md §10.1): register, change and pay teams, and rank them from the
individual standings. The team score and ranking are scoring/teams.py's; this keeps the teams and reads the
members' lines of the standings inside one transaction per command."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from schreiber.i18n import _
from schreiber.ledger import registration
from schreiber.ledger.names import fold
from schreiber.ledger.standings import SOLI, StandingsView
from schreiber.rules.model import SettingsError
from schreiber.rules.words import and_list
from schreiber.scoring import ranking, settings as settings_registry, teams as scoring, wertung as wertungen
from schreiber.store.models import (
    Entrant,
    Seat,
    Tournament,
    TournamentCash,
    TournamentTable,
    TournamentTeam,
    TournamentTeamMember,
    TournamentTeamPayment,
)

STARTGELD = "startgeld"


@dataclass(frozen=True)
class TeamView:
    """A team as `team list` shows it: its competition, name, members (start number, name, withdrawn), the
    Startgeld it owes and has paid, and whether it is fixed (a member has been drawn)."""

    competition: str
    name: str
    members: tuple[tuple[int, str, bool], ...]
    startgeld: int
    paid: int
    fixed: bool


@dataclass(frozen=True)
class TeamLine:
    """One team of a competition's standings: its rank (None: not ranked, Startgeld unpaid), its score (what
    the ranking sorts by), the summed counts, the lists played, its prize, and its members' lines."""

    rank: int | None
    name: str
    score: int | Fraction
    counts: dict[str, int]
    lists: int
    prize: int
    members: tuple[scoring.Member, ...]
    shares: dict[int, int]
    startgeld: int
    paid: int


@dataclass(frozen=True)
class TeamStandings:
    """A competition's team standings after the rounds drawn (`rounds`)."""

    tournament: int
    competition: str
    size: int
    fehlend: str
    rounds: int
    counts: tuple[str, ...]
    teams: tuple[TeamLine, ...]
    pot: int = 0
    payout: int = 0


class Teams:
    """The `tournament team …` commands."""

    def team_add(
        self, competition: str, name: str, members: Sequence[str], tournament_id: int | None = None
    ) -> TeamView:
        with self.ledger.transaction() as s:
            t = self._tournament(s, tournament_id, for_update=True)
            c = _competition(t, competition)
            name = _name(name)
            if _team(s, t, c.name, name, must=False) is not None:
                raise SettingsError(
                    _("NAME: {competition} has a team {name} already; choose another name.").format(
                        competition=c.name, name=name
                    )
                )
            entrants = _members(s, t, members)
            _fits(s, t, c, name, entrants, None)
            team = TournamentTeam(tournament_id=t.id, competition=c.name, name=name)
            s.add(team)
            s.flush()
            for e in entrants:
                s.add(TournamentTeamMember(team_id=team.id, player_id=e.player_id))
            s.flush()
            return _view(s, t, team)

    def team_edit(
        self,
        competition: str,
        name: str,
        add: Sequence[str] = (),
        remove: Sequence[str] = (),
        rename: str | None = None,
        tournament_id: int | None = None,
    ) -> TeamView:
        if not add and not remove and rename is None:
            raise SettingsError(_("tournament team edit: give --add MEMBER, --remove MEMBER or --rename NEW."))
        with self.ledger.transaction() as s:
            t = self._tournament(s, tournament_id, for_update=True)
            c = _competition(t, competition)
            team = _team(s, t, c.name, name)
            _not_fixed(s, t, team)
            current = _member_ids(s, team)
            adding = _members(s, t, add, "--add")
            leaving = _members(s, t, remove, "--remove")
            for e in leaving:
                if e.player_id not in current:
                    raise SettingsError(
                        _("--remove: {player} is not a member of {team}.").format(player=e.player.name, team=team.name)
                    )
            for e in adding:
                if e.player_id in current:
                    raise SettingsError(
                        _("--add: {player} is a member of {team} already.").format(player=e.player.name, team=team.name)
                    )
            after = [p for p in current if p not in {e.player_id for e in leaving}]
            _fits(s, t, c, team.name, adding, team, len(after))
            if rename is not None:
                new = _name(rename, "--rename")
                if fold(new) != fold(team.name) and _team(s, t, c.name, new, must=False) is not None:
                    raise SettingsError(
                        _("--rename: {competition} has a team {name} already; choose another name.").format(
                            competition=c.name, name=new
                        )
                    )
                team.name = new
            gone = [e.player_id for e in leaving]
            if gone:
                s.execute(
                    delete(TournamentTeamMember).where(
                        TournamentTeamMember.team_id == team.id, TournamentTeamMember.player_id.in_(gone)
                    )
                )
            for e in adding:
                s.add(TournamentTeamMember(team_id=team.id, player_id=e.player_id))
            s.flush()
            return _view(s, t, team)

    def team_remove(self, competition: str, name: str, tournament_id: int | None = None) -> TeamView:
        with self.ledger.transaction() as s:
            t = self._tournament(s, tournament_id, for_update=True)
            c = _competition(t, competition)
            team = _team(s, t, c.name, name)
            _not_fixed(s, t, team)
            if _paid(s, team):
                raise SettingsError(
                    _(
                        "NAME: {team} has paid its Startgeld; `schreiber tournament team pay {competition} {team} --undo` "
                        "takes that back first."
                    ).format(team=team.name, competition=c.name)
                )
            view = _view(s, t, team)
            s.delete(team)
            s.flush()
            return view

    def team_fill(self, competition: str, tournament_id: int | None = None) -> list[TeamView]:
        """The players in no team of `competition` (here or registered in advance, not withdrawn, with a place)
        into teams of SIZE in start-number order, named Team 1, Team 2, … (the last may be smaller)."""
        with self.ledger.transaction() as s:
            t = self._tournament(s, tournament_id, for_update=True)
            c = _competition(t, competition)
            teamed = {p for team in _teams(s, t, c.name) for p in _member_ids(s, team)}
            free = [
                e for e in self._entrants(s, t) if e.player_id not in teamed and not e.withdrawn and e.waiting is None
            ]
            if not free:
                raise SettingsError(
                    _("COMPETITION: every player of {name} is in a team of {competition} already.").format(
                        name=t.name, competition=c.name
                    )
                )
            drawn = _drawn(s, t, [e.player_id for e in free])
            if drawn:
                raise SettingsError(
                    _(
                        "COMPETITION: {players} have been drawn already and play in no team of {competition}; "
                        "name their teams with `schreiber tournament team add` before the first draw."
                    ).format(players=and_list(e.player.name for e in free if e.player_id in drawn), competition=c.name)
                )
            taken = {fold(team.name) for team in _teams(s, t, c.name)}
            out, k = [], 0
            for start in range(0, len(free), c.size):
                k += 1
                while fold(_("Team {number}").format(number=k)) in taken:
                    k += 1
                team = TournamentTeam(tournament_id=t.id, competition=c.name, name=_("Team {number}").format(number=k))
                s.add(team)
                s.flush()
                for e in free[start : start + c.size]:
                    s.add(TournamentTeamMember(team_id=team.id, player_id=e.player_id))
                s.flush()
                out.append(_view(s, t, team))
            return out

    def team_list(self, competition: str | None = None, tournament_id: int | None = None) -> list[TeamView]:
        with self.ledger.transaction() as s:
            t = self._tournament(s, tournament_id)
            chosen = [_competition(t, competition).name] if competition is not None else None
            return [
                _view(s, t, team)
                for c in _competitions(t)
                if chosen is None or c.name in chosen
                for team in _teams(s, t, c.name)
            ]

    def team_pay(
        self,
        competition: str,
        names: Sequence[str],
        undo: bool = False,
        tournament_id: int | None = None,
        force: bool = False,
    ) -> list[TeamView]:
        """Record each named team's Startgeld as received, or take it back; once a prize is paid out only with `force`,
        since a paid team is ranked and an unpaid one is not (TEAMS.md §10.2 rule 11)."""
        from schreiber.ledger import prizes as fixing

        if not names:
            raise SettingsError(_("NAME: name the teams that paid."))
        with self.ledger.transaction() as s:
            t = self._tournament(s, tournament_id, for_update=True)
            c = _competition(t, competition)
            fixing.guard(s, "tournament team pay", force=force, tournament_id=t.id)
            startgeld = int(settings_registry.team_value(t.settings, c.name, "startgeld"))
            if not undo and not startgeld:
                raise SettingsError(
                    _(
                        "NAME: {competition} takes no Startgeld; `schreiber tournament set {competition}.startgeld=CENTS` "
                        "sets one."
                    ).format(competition=c.name)
                )
            chosen = [_team(s, t, c.name, n) for n in names]
            if len({team.id for team in chosen}) != len(chosen):
                raise SettingsError(_("NAME: each team is named once."))
            for team in chosen:
                has = _paid(s, team)
                if undo and has <= 0:
                    raise SettingsError(
                        _("NAME: {team} has not paid; there is nothing to take back.").format(team=team.name)
                    )
                if not undo and has >= startgeld:
                    raise SettingsError(
                        _(
                            "NAME: {team} has paid the Startgeld already; "
                            "`schreiber tournament team pay {competition} {team} --undo` takes that back."
                        ).format(team=team.name, competition=c.name)
                    )
                s.add(TournamentTeamPayment(team_id=team.id, kind=STARTGELD, cents=-has if undo else startgeld - has))
            s.flush()
            return [_view(s, t, team) for team in chosen]

    def team_standings(self, competition: str | None = None, tournament_id: int | None = None) -> list[TeamStandings]:
        """Each competition's team standings (or `competition`'s) from the individual standings now."""
        with self.ledger.transaction() as s:
            t = self._tournament(s, tournament_id)
            chosen = [_competition(t, competition)] if competition is not None else list(_competitions(t))
            if not chosen:
                return []
            view: StandingsView = self._standings(s, t, None) if self._last_round(s, t) is not None else None
            return [self._team_standings(s, t, c, view) for c in chosen]

    def _team_standings(
        self, s: Session, t: Tournament, c: scoring.Competition, view: StandingsView | None
    ) -> TeamStandings:
        rows = {r.number: r for r in view.rows} if view is not None else {}
        counts = tuple(view.counts) if view is not None else ()
        shown = counts + (("points",) if SOLI in counts else ())
        numbers = {e.player_id: e for e in self._entrants(s, t)}
        money = settings_registry.team_money(t.settings, c.name, _rundung(s, t))
        built = []
        for team in _teams(s, t, c.name):
            members = []
            for pid in sorted(_member_ids(s, team), key=lambda p: numbers[p].number if p in numbers else 0):
                if pid not in numbers:
                    continue
                e = numbers[pid]
                r = rows.get(e.number)
                members.append(
                    scoring.Member(
                        e.number,
                        e.player.name,
                        r.score if r is not None else 0,
                        tuple(r.rounds) if r is not None else (),
                        {k: getattr(r, k) or 0 for k in shown} if r is not None else dict.fromkeys(shown, 0),
                        e.withdrawn,
                    )
                )
            paid = _paid(s, team)
            built.append((scoring.Team(team.name, tuple(members), paid >= money.startgeld), paid))
        rounds = view.rounds if view is not None else 0
        played = (
            sum(1 for i in range(rounds) if any(r.rounds[i] is not None for r in view.rows)) if view is not None else 0
        )
        wertung = wertungen.get(t.wertung, wertungen.TOURNAMENT)
        ties = scoring.team_ties((*wertung.ties, *ranking.after(counts)))
        fehlend = str(settings_registry.team_value(t.settings, c.name, "fehlend"))
        ranked = scoring.rank([team for team, _p in built], c.size, played, ties, fehlend)
        pot = sum(min(p, money.startgeld) if money.startgeld else p for _team, p in built)
        cash = scoring.money(money, ranked, pot, played=played > 0)
        paid_of = {team.name: p for team, p in built}
        lines = tuple(
            TeamLine(
                x.rank,
                x.team.name,
                x.score,
                {k: x.counts.get(k, 0) for k in shown},
                x.lists,
                cash.prize.get(x.team.name, 0),
                x.team.members,
                cash.shares.get(x.team.name, {}),
                money.startgeld,
                paid_of[x.team.name],
            )
            for x in ranked
        )
        return TeamStandings(t.id, c.name, c.size, fehlend, rounds, shown, lines, cash.pot, cash.payout)


# -- helpers ---------------------------------------------------------------------------------------


def _competitions(t: Tournament) -> tuple[scoring.Competition, ...]:
    return scoring.parse(str(settings_registry.tournament_value(t.settings, "teams") or ""))


def _competition(t: Tournament, typed: str) -> scoring.Competition:
    competitions = _competitions(t)
    for c in competitions:
        if c.name == typed.strip().lower():
            return c
    if not competitions:
        raise SettingsError(
            _(
                "COMPETITION: {name} has no team competition; `schreiber tournament set teams=mannschaft:4` sets one."
            ).format(name=t.name)
        )
    raise SettingsError(
        _("COMPETITION: {name} has the competitions {known}, not {typed}.").format(
            name=t.name, known=and_list(c.name for c in competitions), typed=repr(typed)
        )
    )


def _name(typed: str, option: str = "NAME") -> str:
    name = " ".join(typed.split())
    if not name or len(name) > 200:
        raise SettingsError(_("{option}: a team needs a name of 1 to 200 characters.").format(option=option))
    return name


def _teams(s: Session, t: Tournament, competition: str) -> list[TournamentTeam]:
    return list(
        s.scalars(
            select(TournamentTeam)
            .where(TournamentTeam.tournament_id == t.id, TournamentTeam.competition == competition)
            .order_by(TournamentTeam.id)
        )
    )


def _team(s: Session, t: Tournament, competition: str, typed: str, must: bool = True) -> TournamentTeam | None:
    for team in _teams(s, t, competition):
        if fold(team.name) == fold(typed):
            return team
    if must:
        raise SettingsError(
            _("NAME: {competition} has no team {name}; `schreiber tournament team list` shows them.").format(
                competition=competition, name=repr(typed)
            )
        )
    return None


def _member_ids(s: Session, team: TournamentTeam) -> list[int]:
    return list(s.scalars(select(TournamentTeamMember.player_id).where(TournamentTeamMember.team_id == team.id)))


def _members(s: Session, t: Tournament, typed: Sequence[str], option: str = "MEMBER") -> list[Entrant]:
    found = [registration.find(s, t, word, option) for word in typed]
    if len({e.player_id for e in found}) != len(found):
        raise SettingsError(_("{option}: each player is named once.").format(option=option))
    return found


def _drawn(s: Session, t: Tournament, player_ids: Sequence[int]) -> set[int]:
    """Which of these players have been seated in a drawn round of `t`."""
    if not player_ids:
        return set()
    return set(
        s.scalars(
            select(Seat.player_id)
            .join(TournamentTable, TournamentTable.table_id == Seat.table_id)
            .where(TournamentTable.tournament_id == t.id, Seat.player_id.in_(list(player_ids)))
        )
    )


def _not_fixed(s: Session, t: Tournament, team: TournamentTeam) -> None:
    if _drawn(s, t, _member_ids(s, team)):
        raise SettingsError(
            _("NAME: a member of {team} has been drawn already, so the team stays as it is.").format(team=team.name)
        )


def _fits(
    s: Session,
    t: Tournament,
    c: scoring.Competition,
    name: str,
    adding: Sequence[Entrant],
    team: TournamentTeam | None,
    staying: int = 0,
) -> None:
    """The members `adding` may join team `name` (`team`, None while new) beside `staying` members."""
    total = staying + len(adding)
    if total < 1:
        raise SettingsError(_("MEMBER: a team has at least 1 member."))
    if total > c.size:
        raise SettingsError(
            _("MEMBER: a team of {competition} has at most {size} members, not {count}.").format(
                competition=c.name, size=c.size, count=total
            )
        )
    others = {p: other.name for other in _teams(s, t, c.name) if other is not team for p in _member_ids(s, other)}
    for e in adding:
        if e.player_id in others:
            raise SettingsError(
                _("MEMBER: {player} plays in {team} of {competition} already.").format(
                    player=e.player.name, team=others[e.player_id], competition=c.name
                )
            )
    drawn = _drawn(s, t, [e.player_id for e in adding])
    if drawn:
        raise SettingsError(
            _("MEMBER: {player} has been drawn already, so he joins no team of {competition}.").format(
                player=next(e.player.name for e in adding if e.player_id in drawn), competition=c.name
            )
        )


def _paid(s: Session, team: TournamentTeam) -> int:
    return sum(s.scalars(select(TournamentTeamPayment.cents).where(TournamentTeamPayment.team_id == team.id)))


def _rundung(s: Session, t: Tournament) -> int:
    row = s.get(TournamentCash, t.id)
    return settings_registry.money_kept(row.settings if row is not None else None).rundung


def _view(s: Session, t: Tournament, team: TournamentTeam) -> TeamView:
    ids = set(_member_ids(s, team))
    entrants = [e for e in s.scalars(select(Entrant).where(Entrant.tournament_id == t.id)) if e.player_id in ids]
    entrants.sort(key=lambda e: e.number)
    return TeamView(
        team.competition,
        team.name,
        tuple((e.number, e.player.name, e.withdrawn) for e in entrants),
        int(settings_registry.team_value(t.settings, team.competition, "startgeld")),
        _paid(s, team),
        bool(_drawn(s, t, list(ids))),
    )


def keep_competitions(s: Session, t: Tournament, value: str) -> None:
    """`teams` may drop a competition only while it has no team."""
    kept = {c.name for c in scoring.parse(value, "tournament set")}
    for c in _competitions(t):
        if c.name not in kept and _teams(s, t, c.name):
            raise SettingsError(
                _(
                    "tournament set teams: {competition} has teams registered; "
                    "`schreiber tournament team remove {competition} NAME` takes them out first."
                ).format(competition=c.name)
            )


def separated(s: Session, t: Tournament) -> dict[str, frozenset[int]]:
    """The teams of the competitions `getrennt` names, by name (with its competition where two share one), as
    their members' player ids: kept apart in a draw."""
    apart = scoring.names(str(settings_registry.tournament_value(t.settings, "getrennt") or ""))
    found = [(team, frozenset(_member_ids(s, team))) for competition in apart for team in _teams(s, t, competition)]
    names = [fold(team.name) for team, _m in found]
    return {
        (team.name if names.count(fold(team.name)) == 1 else f"{team.name} ({team.competition})"): members
        for team, members in found
    }


__all__ = ["TeamLine", "TeamStandings", "TeamView", "Teams", "keep_competitions", "separated"]
