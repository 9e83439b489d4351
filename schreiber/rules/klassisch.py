"""`klassisch`: the old Schafkopf of two teams of two, scored in strokes that draw a sheep's head.

A Partie runs while the teams stay the same: each team's strokes fill its current Schafkopf of
`striche` strokes (`head_size` in the code); a finished Schafkopf stays with the players of the team that drew it, also
after the teams are redrawn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from schreiber.i18n import N_, _, ngettext, worded
from schreiber.rules import checks
from schreiber.rules.model import Hand, HandError, Payout, Setting, Settings, SettingsError, Term, formula
from schreiber.rules.table import Result, TableState

Team = tuple[str, str]
Teams = tuple[Team, Team]

TOTAL_AUGEN = 120
WIN = 61
DOUBLE = 90
TIE = 60

TYPES: dict[str, str] = {
    "spiel": (
        N_(
            "one hand: the declaring team is --player's, --augen N its Augen (61 wins, 90 double, 60 is a tie "
            "the next hand decides); --forced if it had to declare, --schwarz if the winners took every trick"
        )
    ),
}

SETTINGS: dict[str, Setting] = {
    "striche": Setting(
        9, N_("strokes in one Schafkopf: 9 or 12 traditionally, any agreed count from 5"), minimum=5, maximum=99
    ),
    "einsatz": Setting(
        0,
        N_("cents per finished Schafkopf: each player of the other team pays each drawer this much (0 = no money)"),
        minimum=0,
    ),
}


def team_name(team: Sequence[str]) -> str:
    """ "Anna+Carl"."""
    return "+".join(team)


def default_teams(players: Sequence[str]) -> Teams:
    """The teams when none were drawn: seats 1+3 against 2+4, partners sitting opposite."""
    return ((players[0], players[2]), (players[1], players[3]))


def check_teams(players: Sequence[str], teams: Sequence[Sequence[str]]) -> Teams:
    """The teams in a fixed order (seat order inside a team, the team of the first seat first);
    HandError unless they are two pairs of the table's four players, each player once."""
    players = tuple(players)
    flat = [name for team in teams for name in team]
    if len(players) != 4 or len(teams) != 2 or any(len(t) != 2 for t in teams) or sorted(flat) != sorted(players):
        shown = " ".join(team_name(t) for t in teams) or "no teams"
        raise HandError(
            _(
                "--teams must be two pairs of the table's four players ({players}), each player once, like "
                "{team_name} {team_name2}; not {shown}."
            ).format(
                players=", ".join(players),
                team_name=team_name(players[0::2]),
                team_name2=team_name(players[1::2]),
                shown=shown,
            )
        )
    seat = {p: i for i, p in enumerate(players)}
    pairs = sorted((tuple(sorted(t, key=seat.__getitem__)) for t in teams), key=lambda t: seat[t[0]])
    return ((pairs[0][0], pairs[0][1]), (pairs[1][0], pairs[1][1]))


def parse_teams(players: Sequence[str], texts: Sequence[str]) -> Teams:
    """Read `NAME+NAME NAME+NAME` as typed (names case-insensitive) into checked teams."""
    by_key = {p.casefold(): p for p in players}
    teams: list[tuple[str, ...]] = []
    for text in texts:
        team = []
        for name in text.split("+"):
            key = name.strip().casefold()
            if key not in by_key:
                raise HandError(
                    _("--teams: {value} is not a player of this table; the players are {players}.").format(
                        value=name.strip() or "(nothing)", players=", ".join(players)
                    )
                )
            team.append(by_key[key])
        teams.append(tuple(team))
    return check_teams(players, teams)


# What a hand (`spiel`) may be entered with; anything else is refused by checks.only.
_FIELDS = frozenset({"player", "augen", "forced", "schwarz"})
_ONLY = checks.Only(_FIELDS)


@lru_cache(maxsize=256)
def _checked_teams(players: tuple[str, ...], teams: tuple[tuple[str, ...], ...]) -> Teams:
    """check_teams once per table and drawing: the ledger stamps the teams in force on every hand."""
    return check_teams(players, teams)


@worded(256)
def _team_names(teams: Teams) -> tuple[str, str]:
    return (team_name(teams[0]), team_name(teams[1]))


# Slotted, not frozen (whose __init__ pays object.__setattr__ per field): one is made per hand of a
# replay, and nothing changes it after it is made. It stays a hashable value, as a table state's carry.
@dataclass(slots=True, unsafe_hash=True)
class KlassischCarry:
    """The strokes of the running Partie and what earlier Partien left with the players.

    `strokes` and `heads` are per team, in the order of `teams`; `pending` is the index of the
    team that declared a 60:60 the next hand decides, `pending_player` who declared it.
    """

    teams: Teams
    strokes: tuple[int, int] = (0, 0)
    heads: tuple[int, int] = (0, 0)
    schafkoepfe: tuple[tuple[str, int], ...] = ()
    pending: int | None = None
    pending_player: str | None = None
    partie: int = 1

    @property
    def team_names(self) -> tuple[str, str]:
        return _team_names(self.teams)

    @property
    def pending_team(self) -> Team | None:
        return None if self.pending is None else self.teams[self.pending]

    def team_of(self, player: str) -> int:
        return 0 if player in self.teams[0] else 1

    def schafkoepfe_of(self, player: str) -> int:
        return dict(self.schafkoepfe).get(player, 0)

    def new_partie(self, teams: Teams) -> KlassischCarry:
        """A redraw: strokes start afresh and a pending 60:60 is dropped; the Schafköpfe stay with the players."""
        return KlassischCarry(teams=teams, schafkoepfe=self.schafkoepfe, partie=self.partie + 1)


@dataclass(frozen=True)
class TeamView:
    """What the drawing shows of one team: finished Schafköpfe in this Partie and the head being drawn."""

    name: str
    players: tuple[str, ...]
    schafkoepfe: int
    strokes: int
    head_size: int
    pending: bool = False


class Klassisch:
    """The old Schafkopf in strokes: two teams of two, each hand's strokes go to one team."""

    name = "klassisch"
    summary = N_(
        "The old Schafkopf with Skat cards in two teams of two, scored in strokes that draw a sheep's head "
        "(9 or 12 strokes a Schafkopf); 60:60 is decided by the next hand."
    )
    min_players = 4
    augen_total = TOTAL_AUGEN
    max_players = 4
    zero_sum = False
    # The ledger stamps the teams in force onto every hand and lets `session teams` redraw them.
    uses_teams = True
    check_teams = staticmethod(check_teams)

    def __init__(self) -> None:
        self.settings: dict[str, Setting] = dict(SETTINGS)
        self.types: dict[str, str] = dict(TYPES)

    # -- the protocol ---------------------------------------------------------------------------

    def seats_per_hand(self, settings: Settings, players: int) -> int:
        return 4

    def start(self, settings: Settings, players: tuple[str, ...]) -> KlassischCarry:
        if len(players) != 4:
            raise SettingsError(
                _("--players: klassisch is played by exactly 4 players, not {count}.").format(count=len(players))
            )
        return KlassischCarry(teams=default_teams(players), schafkoepfe=tuple((p, 0) for p in players))

    def check_settings(self, settings: Settings) -> None:
        head_size = settings.get("striche", SETTINGS["striche"].default)
        if not isinstance(head_size, int) or isinstance(head_size, bool) or head_size < 5:
            raise SettingsError(
                _("--set striche: a Schafkopf needs at least 5 strokes, not {striche}.").format(striche=repr(head_size))
            )
        einsatz = settings.get("einsatz", SETTINGS["einsatz"].default)
        if not isinstance(einsatz, int) or isinstance(einsatz, bool) or einsatz < 0:
            raise SettingsError(
                _("--set einsatz: the cents per Schafkopf must be 0 or more, not {einsatz}.").format(
                    einsatz=repr(einsatz)
                )
            )

    # -- statistics (the Statistics protocol of rules/table.py) ---------------------------------

    stat_title = N_("Strokes")
    stat_notes: tuple[str, ...] = ()

    def stat_counts(self) -> dict[str, Any]:
        return {"strokes": 0, "heads": 0}

    def stat_roles(self, hand_type: str, facts: Mapping[str, Any]) -> tuple[str | None, tuple[str, ...]]:
        """The declarer and his team mate (the teams in force are stamped on every hand)."""
        player = facts.get("player")
        if player is None:
            return None, ()
        for team in facts.get("teams") or ():
            if player in team:
                return player, tuple(p for p in team if p != player)
        return player, ()

    def stat_hand(
        self,
        counts: Mapping[str, dict[str, Any]],
        hand_type: str,
        facts: Mapping[str, Any],
        declarer: str | None,
        partners: tuple[str, ...],
        seated: Sequence[tuple[str, int]],
    ) -> None:
        for name, pts in seated:
            if pts > 0:
                counts[name]["strokes"] += pts

    def stat_tables(self, players: Sequence[Mapping[str, Any]]) -> list[list[list[Any]]]:
        return [[["player", "strokes", "heads"], *([p["name"], p["strokes"], p["heads"]] for p in players)]]

    def stat_from_report(self, counts: dict[str, Any], report_extras: Mapping[str, Any]) -> None:
        counts["heads"] = int(report_extras.get("schafkoepfe", 0))

    def stat_team_points(self, facts: Mapping[str, Any], points: Mapping[str, int]) -> dict[str, int]:
        """The strokes each team wrote in a hand, by "A+B"."""
        out: dict[str, int] = {}
        for team in facts.get("teams") or ():
            if team and points.get(team[0], 0) > 0:
                out["+".join(team)] = points[team[0]]
        return out

    def stat_group(self, teams: Mapping[str, int]) -> dict[str, Any]:
        return {"teams": [{"team": k, "strokes": v} for k, v in sorted(teams.items(), key=lambda kv: -kv[1])]}

    def options_for(self, hand_type: str, settings: Settings | None = None) -> frozenset[str]:
        """The facts (Hand fields) `hand_type` may be entered with: the set `score` checks against."""
        return _FIELDS if hand_type in self.types else frozenset()

    def status(self, settings: Settings, state: TableState) -> list[str]:
        carry = self.carry(settings, state)
        head_size = _head_size(settings)
        names = carry.team_names
        line = ", ".join(f"{names[i]} {carry.strokes[i]}/{head_size}" for i in (0, 1))
        finished = [f"{names[i]} {carry.heads[i]}" for i in (0, 1) if carry.heads[i]]
        if finished:
            line += " · Schafköpfe: " + ", ".join(finished)
        lines = [line]
        if carry.pending is not None:
            lines.append(_("60:60 pending: {team} declared; the next hand decides").format(team=names[carry.pending]))
        return lines

    def score(self, settings: Settings, state: TableState, hand: Hand) -> Result:
        if hand.type != "spiel":
            raise HandError(
                _("{type} is not a hand of klassisch; the only type is spiel.").format(type=repr(hand.type))
            )
        _ONLY(hand)
        if hand.player is None or hand.augen is None:
            checks.need(hand, "player", "augen")
        assert hand.player is not None and hand.augen is not None
        checks.seated(hand.player, state.active, "--player")
        checks.in_range(hand.augen, 0, TOTAL_AUGEN, "--augen N")
        if hand.schwarz and hand.augen not in (0, TOTAL_AUGEN):
            raise HandError(
                _(
                    "--schwarz needs --augen {TOTAL_AUGEN} (the declarers took every trick) or --augen 0 (the "
                    "opponents did), not {augen}."
                ).format(TOTAL_AUGEN=TOTAL_AUGEN, augen=hand.augen)
            )
        carry = self.carry(settings, state)
        # Teams the same as those in force were checked when they were drawn.
        if hand.teams is not None and hand.teams != carry.teams:
            teams = _checked_teams(state.players, hand.teams)
            if teams != carry.teams:
                carry = carry.new_partie(teams)
        return _score(_head_size(settings), state, carry, hand)

    # -- what the report and the drawing need ----------------------------------------------------

    def carry(self, settings: Settings, state: TableState) -> KlassischCarry:
        """The carried strokes of `state` (a fresh Partie in seat-order teams if there is none yet)."""
        if isinstance(state.carry, KlassischCarry):
            return state.carry
        return self.start(settings, state.players)

    def redraw(self, settings: Settings, state: TableState, teams: Sequence[Sequence[str]]) -> TableState:
        """The table after `session teams`, before the next hand: a new Partie unless the teams are the same."""
        checked = check_teams(state.players, teams)
        carry = self.carry(settings, state)
        if checked == carry.teams:
            return replace(state, carry=carry)
        return replace(state, carry=carry.new_partie(checked))

    def teams_view(self, settings: Settings, state: TableState) -> tuple[TeamView, TeamView]:
        carry = self.carry(settings, state)
        head_size = _head_size(settings)
        return tuple(  # type: ignore[return-value]
            TeamView(
                name=carry.team_names[i],
                players=carry.teams[i],
                schafkoepfe=carry.heads[i],
                strokes=carry.strokes[i],
                head_size=head_size,
                pending=carry.pending == i,
            )
            for i in (0, 1)
        )

    def player_extras(self, settings: Settings, state: TableState) -> dict[str, dict[str, object]]:
        """Per player: Schafköpfe his teams finished, strokes in his current team's head, and the money.

        Per finished Schafkopf each player of the other team pays `einsatz` to each drawer, so a
        drawer gets 2×einsatz and every other player pays 2×einsatz.
        """
        carry = self.carry(settings, state)
        einsatz = int(settings.get("einsatz", SETTINGS["einsatz"].default))
        heads = {p: carry.schafkoepfe_of(p) for p in state.players}
        # Every Schafkopf has two drawers.
        total = sum(heads.values()) // 2
        return {
            p: {
                "schafkoepfe": heads[p],
                "striche": carry.strokes[carry.team_of(p)],
                "cents": 2 * einsatz * (2 * heads[p] - total),
            }
            for p in state.players
        }


def _head_size(settings: Settings) -> int:
    return int(settings.get("striche", _HEAD_SIZE))


_HEAD_SIZE = SETTINGS["striche"].default


def _score(head_size: int, state: TableState, carry: KlassischCarry, hand: Hand) -> Result:
    assert hand.player is not None and hand.augen is not None
    declarers = carry.team_of(hand.player)
    names = carry.team_names
    augen = hand.augen

    if hand.schwarz:
        # A whole Schafkopf at once; the started one stays, and a pending 60:60 is settled by it.
        winner = declarers if augen == TOTAL_AUGEN else 1 - declarers
        after = _with_heads(carry, winner, 1)
        terms, split = _schwarz(carry.teams[winner], head_size, carry.strokes[winner])
        return _result(state, after, winner, head_size, terms, split, carry)

    if augen == TIE:
        # A second tie keeps the 60:60 pending, now measured against the team that declared it.
        after = KlassischCarry(
            carry.teams, carry.strokes, carry.heads, carry.schafkoepfe, declarers, hand.player, carry.partie
        )
        split = _tie(names[declarers], None if carry.pending is None else names[carry.pending])
        return _result(state, after, None, 0, _TIE_TERMS, split, carry, _("60:60 = 0 strokes; the next hand decides"))

    won = augen >= WIN
    winner = declarers if won else 1 - declarers
    double = (augen if won else TOTAL_AUGEN - augen) >= DOUBLE
    if carry.pending is not None:
        if won:
            label, base, extra = _("won after 60:60"), 2, 1
        elif carry.pending == declarers:
            label, base, extra = _("lost after 60:60, same declarers"), 4, 2
        else:
            label, base, extra = _("lost after 60:60, other declarers"), 3, 2
    elif won:
        label, base, extra = _("won"), 1, 1
    elif hand.forced:
        label, base, extra = _("lost, forced to declare"), 1, 1
    else:
        label, base, extra = _("lost"), 2, 2
    terms, strokes, worded = _strokes(label, base, extra if double else 0)

    total = carry.strokes[winner] + strokes
    finished, left = divmod(total, head_size)
    after = _with_heads(carry, winner, finished, strokes_left=left)
    split = _drawn(carry.teams[winner], strokes, finished, left, head_size)
    return _result(state, after, winner, strokes, terms, split, carry, worded)


# An evening repeats the same few results: each is worded once and shared (pure, keyed by all they read).


_TIE_TERMS = (Term("60:60", "+", 0),)


@worded(1024)
def _schwarz(team: Team, head_size: int, strokes: int) -> tuple[tuple[Term, ...], str]:
    """The terms and the split of a hand won schwarz: a whole Schafkopf, the started one kept."""
    terms = (Term(_("schwarz: a whole Schafkopf"), "+", head_size),)
    split = _(
        "{team} win schwarz and draw a whole Schafkopf ({striche} strokes): {each}; the started one stays at {strokes}/{striche}"
    ).format(team=team_name(team), striche=head_size, each=_each(team, head_size), strokes=strokes)
    return terms, split


@worded(1024)
def _tie(declared: str, pending: str | None) -> str:
    """The split of a 60:60, and the one it leaves pending."""
    split = _("60:60: nobody scores; {team} declared, the next hand decides").format(team=declared)
    if pending is not None:
        split += _(" (the 60:60 of {team} stays pending)").format(team=pending)
    return split


@worded(1024)
def _strokes(label: str, base: int, extra: int) -> tuple[tuple[Term, ...], int, str]:
    """The terms of a hand's strokes (`extra` for a double, 0 if none), the strokes and the formula."""
    terms = (Term(label, "+", base),) + ((Term(_("double"), "+", extra),) if extra else ())
    return terms, base + extra, formula(terms)


@worded(4096)
def _drawn(team: Team, strokes: int, finished: int, left: int, head_size: int) -> str:
    """The split: who draws how many strokes, and the Schafköpfe that completes."""
    split = ngettext("{team} draw {count} stroke: {each}", "{team} draw {count} strokes: {each}", strokes).format(
        team=team_name(team), count=strokes, each=_each(team, strokes)
    )
    if finished:
        split += ngettext(
            "; a Schafkopf is complete, {left}/{striche} in the next",
            "; {count} Schafköpfe are complete, {left}/{striche} in the next",
            finished,
        ).format(count=finished, left=left, striche=head_size)
    return split


def _each(team: Team, strokes: int) -> str:
    return ", ".join(f"{p} +{strokes}" for p in team)


def _with_heads(carry: KlassischCarry, team: int, finished: int, strokes_left: int | None = None) -> KlassischCarry:
    """`carry` with `finished` more Schafköpfe for `team` (credited to its players) and its head at `strokes_left`."""
    heads = carry.heads
    schafkoepfe = carry.schafkoepfe
    if finished:
        heads = (heads[0] + finished, heads[1]) if team == 0 else (heads[0], heads[1] + finished)
        drawers = carry.teams[team]
        schafkoepfe = tuple((p, n + finished if p in drawers else n) for p, n in carry.schafkoepfe)
    strokes = carry.strokes
    if strokes_left is not None:
        strokes = (strokes_left, strokes[1]) if team == 0 else (strokes[0], strokes_left)
    # Made directly, not by dataclasses.replace: once per hand of a replay.
    return KlassischCarry(carry.teams, strokes, heads, schafkoepfe, None, None, carry.partie)


def _result(
    state: TableState,
    after: KlassischCarry,
    winner: int | None,
    strokes: int,
    terms: tuple[Term, ...],
    split: str,
    before: KlassischCarry,
    wording: str | None = None,
) -> Result:
    """The payout of one hand: `strokes` to each player of the winning team; `wording` replaces the formula."""
    drawers = () if winner is None else before.teams[winner]
    points = {p: (strokes if p in drawers else 0) for p in state.players}
    # Positional, in the order of the fields: made once per hand of a replay.
    payout = Payout(points, strokes, terms, formula(terms) if wording is None else wording, split, None, tuple(drawers))
    return Result(payout, after, False, 0, False)


KLASSISCH = Klassisch()

__all__ = [
    "KLASSISCH",
    "Klassisch",
    "KlassischCarry",
    "TeamView",
    "Team",
    "Teams",
    "check_teams",
    "default_teams",
    "parse_teams",
    "team_name",
]
