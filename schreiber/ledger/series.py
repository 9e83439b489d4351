"""A table's series (RULES.md §6, §7): how many hands a tournament's table or a fixed-length evening
plays, and the one sentence that refuses the hand after them.

A tournament's table plays the tournament's `--hands` as its game shares them out over a table of its
size; a session outside a tournament plays its own `hands` setting (`session new --hands N`), if it
has one. `--force` never lets a hand past the series: it would belong to another table, or to nobody.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from schreiber.i18n import N_, ngettext
from schreiber.rules import registry
from schreiber.rules.model import SettingsError
from schreiber.rules.table import TournamentPlay
from schreiber.store.models import Tournament, TournamentTable

# The key of a session's own length in its settings (`session new --hands N`, `session set hands=N`).
HANDS = "hands"


@dataclass(frozen=True)
class Play:
    """What a tournament needs of its game: table sizes, Wertungen (the default first), the hands of a round."""

    sizes: tuple[int, ...]
    wertungen: tuple[str, ...]
    hands: int
    game: Any  # the rule set (TournamentPlay)
    counts: tuple[str, ...]  # what the standings count per player (TournamentPlay.standings_counts)
    points_word: str = N_("points")

    def hands_at(self, hands: int, size: int) -> int:
        """The hands a table of `size` plays when a table of the first size plays `hands`."""
        return self.game.series_hands(size, hands)


def play_of(rules_name: str) -> Play | None:
    """How a tournament of `rules_name` is seated and ranked, or None for a game not played in tournaments."""
    rules = registry.get(rules_name) if rules_name in registry.names() else None
    if isinstance(rules, TournamentPlay):
        # Here, not at the top: a hand at an evening's table reaches this module, and never the Wertungen.
        from schreiber.scoring import wertung

        # The Wertungen are the registry's (scoring/wertung.py): those that fit the game's tables and counts.
        return Play(
            tuple(rules.table_sizes),
            wertung.fitting(rules.table_sizes, rules.standings_counts, rules.default_wertung),
            rules.default_hands,
            rules,
            tuple(rules.standings_counts),
            rules.points_word,
        )
    return None


def tournament_games() -> list[str]:
    """The rule sets a tournament is played with: those that declare what it needs (TournamentPlay)."""
    return [name for name in registry.names() if play_of(name) is not None]


@dataclass(frozen=True)
class Series:
    """The hands a table plays (`of`), and where it stands: a tournament's round and table, or neither."""

    of: int
    round: int | None = None
    table: int | None = None

    @property
    def in_tournament(self) -> bool:
        return self.round is not None

    def over(self, played: int) -> bool:
        return played >= self.of

    def ended(self, played: int) -> str:
        """What `list`, `play` and the pages say instead of a next dealer once the series is played."""
        return ngettext(
            "The series is over: {hands} of {of} hand.", "The series is over: {hands} of {of} hands.", self.of
        ).format(hands=played, of=self.of)

    def refusal(self, session: int) -> SettingsError:
        """The one sentence that refuses a hand after the series (no --force: it belongs to no hand of this table)."""
        if self.in_tournament:
            return SettingsError(
                ngettext(
                    "round {round}, table {table} has played its {hands} hand.",
                    "round {round}, table {table} has played its {hands} hands.",
                    self.of,
                ).format(round=self.round, table=self.table, hands=self.of)
            )
        return SettingsError(
            ngettext(
                "session {id} has played its {hands} hand; `schreiber session set hands=N` lengthens the evening.",
                "session {id} has played its {hands} hands; `schreiber session set hands=N` lengthens the evening.",
                self.of,
            ).format(id=session, hands=self.of)
        )


def own_length(settings: dict[str, Any]) -> int | None:
    """A session's own length (`session new --hands N`), or None for an evening of no fixed length."""
    value = settings.get(HANDS)
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


def series_of(s: Session, tables: Sequence[Any]) -> dict[int, Series]:
    """The series of each of these stored tables (rows of `runde`) that has one, in one query for them all."""
    out: dict[int, Series] = {}
    ids = [t.id for t in tables]
    if not ids:
        return out
    seated = {t.id: len(t.seats) for t in tables}  # the seats of the draw (loaded with the table)
    rows = s.execute(
        select(
            TournamentTable.table_id, TournamentTable.round, TournamentTable.number, Tournament.rules, Tournament.hands
        )
        .join(Tournament, Tournament.id == TournamentTable.tournament_id)
        .where(TournamentTable.table_id.in_(ids))
    ).all()
    for table_id, round_, number, rules, hands in rows:
        play = play_of(rules)
        if play is None:  # a game this schreiber plays in no tournament: its tables take hands as any evening's
            continue
        out[table_id] = Series(play.hands_at(hands or play.hands, seated.get(table_id, 0)), round_, number)
    for table in tables:
        length = own_length(table.settings or {})
        if table.id not in out and length is not None:
            out[table.id] = Series(length)
    return out


__all__ = ["HANDS", "Play", "Series", "own_length", "play_of", "series_of", "tournament_games"]
