"""The Skat list as a list-keeper writes it (the DSkV's list, RULES.md §7): a numbered row per hand with the
declarer's game value won (+V) or lost (−2V) and each player's running sum, and a foot with the sums, the
games won and lost and the Seeger-Fabian block. Pure: the rule set keeps it (`Listed`, rules/skat.py), and
report/skat_list_pdf.py prints it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from schreiber.rules.seeger import SEEGER_OTHERS, others_bonus, seeger_hand
from schreiber.rules.skat_values import declarer, short_name

# The rows of a list: a series of 48 hands at a table of 4, three quarters of it at a table of 3.
ROWS = {4: 48, 3: 36}


@dataclass(frozen=True)
class Played:
    """One hand as the list needs it: its number, the game in a few words ("Kreuz m1"), the list's points
    of everyone seated (0 for who scored nothing), the declarer of a declared game (None for eingepasst
    or a Ramsch), who dealt, and who sat at the table (the dealer sitting out included)."""

    number: int
    game: str
    points: Mapping[str, int]
    declarer: str | None
    dealer: str | None
    seated: tuple[str, ...]


@dataclass(frozen=True)
class Row:
    """One written row: what each player's column gets (the list's points of those who scored) and the
    running sum of each of them after the hand."""

    number: int
    game: str
    written: Mapping[str, int]
    sums: Mapping[str, int]
    dealer: str | None


@dataclass(frozen=True)
class Foot:
    """The list's foot per player: the sum of its points, games won and lost as declarer, the games the
    others at the table lost (each worth `per_lost` to him, 40 at 3, 30 at 4) and the Seeger-Fabian score:
    points + 50 × (won − lost) + bonus."""

    points: Mapping[str, int]
    won: Mapping[str, int]
    lost: Mapping[str, int]
    others_lost: Mapping[str, int]
    bonus: Mapping[str, int]
    seeger: Mapping[str, int]
    per_lost: int


@dataclass(frozen=True)
class SkatList:
    """A table's list: its players (the columns), the rows written so far, the rows the list has, its foot,
    and the seats and next dealer from which the dealers of the rows still blank follow."""

    players: tuple[str, ...]
    rows: tuple[Row, ...]
    size: int
    foot: Foot
    seats: tuple[str, ...]
    next_dealer: str | None

    def dealer_of(self, number: int) -> str | None:
        """Who deals hand `number`: as written, or for a row still blank the rotation from the next dealer."""
        if number <= len(self.rows):
            return self.rows[number - 1].dealer
        if self.next_dealer is None or self.next_dealer not in self.seats:
            return None
        start = self.seats.index(self.next_dealer)
        return self.seats[(start + number - 1 - len(self.rows)) % len(self.seats)]


def build(
    players: Sequence[str],
    seats: Sequence[str],
    hands: Iterable[Played],
    next_dealer: str | None,
    size: int | None = None,
) -> SkatList:
    """The list of a table whose columns are `players` (everyone who sat there), seated now as `seats`,
    after `hands`; `size` rows (default: 48 at a table of 4, 36 at 3)."""
    players = tuple(players)
    total = dict.fromkeys(players, 0)
    won, lost, others, bonus, seeger = ({p: 0 for p in players} for __ in range(5))
    rows = []
    for hand in hands:
        written = {p: v for p, v in hand.points.items() if v}
        for p, v in written.items():
            total[p] = total.get(p, 0) + v
        for p, v in seeger_hand(hand.seated, hand.points, hand.declarer).items():
            seeger[p] = seeger.get(p, 0) + v
        if hand.declarer is not None:
            if hand.points.get(hand.declarer, 0) > 0:
                won[hand.declarer] = won.get(hand.declarer, 0) + 1
            else:
                lost[hand.declarer] = lost.get(hand.declarer, 0) + 1
                for p in hand.seated:
                    if p != hand.declarer:
                        others[p] = others.get(p, 0) + 1
                        bonus[p] = bonus.get(p, 0) + others_bonus(len(hand.seated))
        rows.append(Row(hand.number, hand.game, written, {p: total[p] for p in written}, hand.dealer))
    per_lost = SEEGER_OTHERS.get(len(seats), 0)
    foot = Foot(total, won, lost, others, bonus, seeger, per_lost)
    return SkatList(players, tuple(rows), size or ROWS.get(len(seats), ROWS[4]), foot, tuple(seats), next_dealer)


class Listed:
    """A game kept on a printed list of fixed rows (the WrittenList protocol of rules/table.py): Skat."""

    def list_rows(self, table_size: int) -> int:
        """The rows of the printed list: a series, 48 at a table of 4 and 36 at 3."""
        return self.series_hands(table_size, self.default_hands)  # type: ignore[attr-defined]

    def written_list(
        self, players: Sequence[str], seats: Sequence[str], hands: Iterable[Any], next_dealer: str | None, rows: int
    ) -> SkatList:
        """The list of a table from its hands as the ledger shows them (each with number, hand, payout and
        dealer; the payout names everyone seated at that hand)."""
        played = (
            Played(h.number, short_name(h.hand), h.payout.points, declarer(h.hand), h.dealer, tuple(h.payout.points))
            for h in hands
        )
        return build(players, seats, played, next_dealer, rows)
