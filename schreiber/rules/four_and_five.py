"""What a tournament needs of a Schafkopf or Doppelkopf game (RULES.md §6), declared once for all of them."""

from __future__ import annotations

from schreiber.i18n import N_


class FourAndFive:
    """The TournamentPlay of a game seated at tables of 4 and 5 (RULES.md §6): a table of 5 plays as many
    hands for everyone (32 → 40, rounded up), the standings count Soli beside the points, and the
    Wertung is the points unless `--set wertung=` chooses another that fits. Each game says its
    `default_hands`."""

    table_sizes = (4, 5)
    default_wertung = "punkte"
    standings_counts = ("soli",)
    points_word = N_("points")

    def series_hands(self, table_size: int, hands: int) -> int:
        """The hands a table of `table_size` plays when a table of 4 plays `hands`: as many for everyone."""
        return -(-hands * table_size // 4)
