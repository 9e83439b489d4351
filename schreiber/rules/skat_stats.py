"""What `stats` counts at a Skat table (the Statistics protocol of rules/table.py): games won and lost as declarer,
the average value of the games declared and the overbids. Skat (rules/skat.py) takes it in as a mixin."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from schreiber.i18n import N_
from schreiber.rules import statistics
from schreiber.rules.model import Hand
from schreiber.rules.skat_values import BASE, levels
from schreiber.rules.skat_words import HEADERS


class SkatStatistics:
    """Skat's statistics: the declarer's games, their value and his overbids; no partners."""

    stat_title = "Skat"
    stat_notes = (
        N_(
            "won, lost: games declared; average value: of the games declared, as written (a lost game at its value, "
            "not doubled); overbid: games won on their Augen or tricks but lost because their value fell short of the bid."
        ),
    )
    # Skat has no partners, and the two against the declarer score nothing: the table of `stats` shows
    # no partner or opponent counts (the JSON keeps them).
    stat_sides = False

    def stat_counts(self) -> dict[str, Any]:
        """Games won and lost as declarer are the common `as_player`; the value of those games and the
        overbids are Skat's own."""
        return {"declared_value": 0, "overbid": 0}

    def stat_roles(self, hand_type: str, facts: Mapping[str, Any]) -> tuple[str | None, tuple[str, ...]]:
        if hand_type in ("eingepasst", "ramsch"):
            return None, ()
        return statistics.declarer_and_partner(facts)

    def stat_hand(
        self,
        counts: Mapping[str, dict[str, Any]],
        hand_type: str,
        facts: Mapping[str, Any],
        declarer: str | None,
        partners: tuple[str, ...],
        seated: Sequence[tuple[str, int]],
    ) -> None:
        if declarer is None or declarer not in counts:
            return
        points = statistics.points_of(seated, declarer)
        mine = counts[declarer]
        mine["declared_value"] += points if points > 0 else -points // 2
        bid = facts.get("reizwert")
        if bid and hand_type in BASE:
            # Overbid: a game its Augen (or tricks) won, lost only because its value fell short of the
            # bid; a game lost on its Augen anyway is a lost game, not an overbid.
            named, made = levels(Hand.from_facts({**facts, "type": hand_type}))
            if made and BASE[hand_type] * (int(facts.get("spitzen") or 0) + 1 + len(named)) < bid:
                mine["overbid"] += 1

    def stat_tables(self, players: Sequence[Mapping[str, Any]]) -> list[list[list[Any]]]:
        rows = []
        for p in players:
            games = p["as_player"]
            played, won = games["played"], games["won"]
            average = round(p["declared_value"] / played, 1) if played else ""
            rows.append([p["name"], won, played - won, average, p["overbid"]])
        return [[["player", *HEADERS], *rows]]

    def stat_from_report(self, counts: dict[str, Any], report_extras: Mapping[str, Any]) -> None:
        return None
