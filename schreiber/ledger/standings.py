"""A tournament's standings over its tables' results (RULES.md §6, §7, §9): the ranked rows, which tables still
play, how far the standings are, and which columns every form of them shows — decided by what the game and
the Wertung declare (TournamentPlay.standings_counts, the registry of scoring/wertung.py), never by a rule set's
nor a Wertung's name."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from schreiber.i18n import N_
from schreiber.ledger.final import is_final, table_done
from schreiber.ledger.names import german_order
from schreiber.ledger.table_results import TableResults
from schreiber.scoring import ranking, wertung as wertungen

SOLI, WON, LOST = "soli", "won", "lost"


@dataclass(frozen=True)
class Unfinished:
    """A table of a drawn round that has neither its sheet nor all its hands, and was not closed."""

    round: int
    table: int
    hands: int
    of: int
    numbers: tuple[int, ...] = ()  # the start numbers seated there


@dataclass(frozen=True)
class StandingRow:
    """One player's line. A count the game does not keep is None: Skat has no Soli, Schafkopf's standings
    count no games won and lost as declarer."""

    rank: int
    number: int
    name: str
    score: int
    points: int
    soli: int | None
    rounds: tuple[int | None, ...]
    withdrawn: bool
    won: int | None = None  # games won and lost as declarer, from the hands or the sheet
    lost: int | None = None
    by_lot: bool = False  # a tie of score, games won and lost broken by lot (SkWO)
    overall: int | None = None  # in a category ranking (TEAMS.md §10.2): his rank in the main ranking


@dataclass(frozen=True)
class StandingsView:
    """The ranking over rounds 1 to `rounds`; `after`: rounds 1 to `after` are all finished; `final`: the
    tournament is final (RULES.md §9) and these are its standings after its last round. `counts`: what the
    game counts per player (its Soli, or games won and lost); `own_score`: the Wertung ranks by a score
    that is not the points; `points_word`: the game's word for the points (marked, translated when shown).
    These are the Wertung's and the game's declarations (scoring/wertung.py, TournamentPlay.standings_counts)."""

    tournament: Any  # TournamentInfo
    rounds: int
    rows: tuple[StandingRow, ...]
    unfinished: tuple[Unfinished, ...] = ()
    after: int = 0
    final: bool = False
    counts: tuple[str, ...] = (SOLI,)
    own_score: bool = False
    points_word: str = "points"
    signed_score: bool = False  # the score is written with its sign (placement points: +3, −1)
    ranked_by: tuple[str, ...] = ("points", SOLI)  # the columns the ranking compares, in order
    score_word: str = N_("score")  # the score's header (marked, translated when shown)
    words: str = N_("points")  # how a page names the Wertung (marked, translated when shown)
    unconfirmed: int = 0  # with double entry: the sheets typed once, or whose two entries differ
    kategorie: str | None = None  # a category ranking (TEAMS.md §10.2 rule 2): `rank` is the category rank

    @property
    def columns(self) -> tuple[str, ...]:
        """The figures of each row between the name and the rounds, in order: the score where the Wertung has
        its own, the points, then the counts ("score", "points", "won", "lost")."""
        return (("score",) if self.own_score else ()) + ("points",) + self.counts

    @property
    def by_lot(self) -> bool:
        """Some tie was broken by lot: the forms explain the mark."""
        return any(r.by_lot for r in self.rows)


def rank(t: Any, upto: int, r: TableResults, info: Any, play: Any) -> StandingsView:
    """The standings of tournament `t` (a store row) over rounds 1 to `upto` from its tables' results `r`;
    `play` (ledger.series.Play) says how its game is seated, ranked and counted."""
    tables = [(round_number, table_id) for round_number, table_id, _n in r.numbered]
    entrants = {e.player_id: e for e in r.entrants}
    # Players tied in every respect are listed as a German list lists them.
    listed = sorted(entrants, key=lambda p: german_order(entrants[p].player.name))
    counts = tuple(play.counts)

    def row(x: ranking.Ranked) -> StandingRow:
        e = entrants[x.player]
        return StandingRow(
            x.rank,
            e.number,
            e.player.name,
            int(x.score),
            x.points,
            x.soli if SOLI in counts else None,
            x.rounds,  # type: ignore[arg-type]
            e.withdrawn,
            x.won if WON in counts else None,
            x.lost if LOST in counts else None,
            x.by_lot,
        )

    # Every game is ranked by its tournament's Wertung over the tables' sheet lines: points, and the games won
    # and lost as declarer (from the sheet or the hands); its ties, then what the game's counts break a tie by.
    wertung = wertungen.get(t.wertung, wertungen.TOURNAMENT)
    lines = [
        [
            {
                p: (
                    ranking.SeegerLine(r.points.get((tid, p), 0), *r.games.get((tid, p), (0, 0)))
                    if tid in r.scored
                    else None
                )
                for p in r.seats[tid]
            }
            for number_, tid in tables
            if number_ == number
        ]
        for number in range(1, upto + 1)
    ]
    rows = tuple(map(row, ranking.rank(wertung, listed, lines, r.soli, seed=t.seed, ties=ranking.after(counts))))
    per_round = t.hands or play.hands
    unfinished = []
    for round_number, table_id, number in r.numbered:
        of = play.hands_at(per_round, len(r.seats[table_id]))
        hands = r.live_hands.get(table_id, 0)
        if not table_done(table_id in r.sheeted, table_id in r.closed, hands, of):  # as RoundPlan.done()
            numbers = tuple(entrants[p].number if p in entrants else 0 for p in r.seats[table_id])
            unfinished.append(Unfinished(round_number, number, hands, of, numbers))
    waiting = {u.round for u in unfinished}
    after = next((n - 1 for n in range(1, upto + 1) if n in waiting), upto)
    return StandingsView(
        info,
        upto,
        rows,
        tuple(unfinished),
        after,
        is_final(t.rounds, upto, len(unfinished)),
        counts,
        wertung.own_score,
        play.points_word,
        wertung.signed_score,
        ranking.compared(wertung, counts),
        wertung.score_word,
        wertung.words,
    )


__all__ = ["LOST", "SOLI", "WON", "StandingRow", "StandingsView", "Unfinished", "rank"]
