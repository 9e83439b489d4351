"""What a tournament needs of Skat (RULES.md §7, the TournamentPlay protocol of rules/table.py): tables of 4 and 3,
a series of 48 hands shared out so that everyone deals equally often, Seeger-Fabian as the default Wertung, and a
paper sheet that must be true (rules/skat_sheet.py). Skat (rules/skat.py) takes it in as a mixin."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from schreiber.i18n import N_, _
from schreiber.rules.model import Settings, SettingsError


class SkatTournament:
    """Skat at a tournament: its table sizes, its series, what its standings count and its sheet's check."""

    table_sizes = (4, 3)
    default_wertung = "seeger"  # Seeger-Fabian (RULES.md §7); the list's points fit too, placement points do not (4, 5)

    default_hands = 48
    standings_counts = ("won", "lost")  # Skat has no Soli; games won and lost break ties (SkWO)
    points_word = N_("Spielpunkte")

    def series_hands(self, table_size: int, hands: int) -> int:
        """Three quarters at a table of 3, so that everyone deals as often as at a table of 4; a
        series is a multiple of 12 hands (everyone deals equally often at 3 and at 4)."""
        if hands <= 0 or hands % 12:
            raise SettingsError(
                _(
                    "--hands: a Skat series is a multiple of 12 hands (48, 36, 24 …), so that everyone "
                    "deals equally often at a table of 4 and of 3; not {hands}."
                ).format(hands=hands)
            )
        return hands * 3 // 4 if table_size == 3 else hands

    def check_sheet(
        self,
        ranked_by: Any,
        settings: Settings,
        seated: Sequence[str],
        points: Mapping[str, int],
        won: Mapping[str, int],
        lost: Mapping[str, int],
        soli_given: bool,
    ) -> None:
        """A paper sheet that cannot be is refused (rules/skat_sheet.py); `ranked_by`: the tournament's Wertung."""
        from schreiber.rules import skat_sheet

        skat_sheet.check(ranked_by, settings, seated, points, won, lost, soli_given)
