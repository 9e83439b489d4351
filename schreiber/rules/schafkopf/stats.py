"""What `stats` counts at a Schafkopf table (the Statistics protocol of rules/table.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from schreiber.i18n import N_
from schreiber.rules import statistics
from schreiber.rules.schafkopf.games import STAT_SOLOS


class SchafkopfStatistics:
    """The Statistics protocol for both Schafkopf presets."""

    stat_title = "Schafkopf"
    stat_notes = (N_("kontra: hands at the table when Kontra was said (by anyone); re: the same for Re."),)

    def stat_counts(self) -> dict[str, Any]:
        return {
            "solos": statistics.pw(),
            "tout": statistics.pw(),
            "sie": 0,
            "ramsch": {"played": 0, "lost": 0, "jungfrau": 0, "durchmarsch": 0},
            "klopfen": 0,
            "kontra": 0,
            "re": 0,
            "laufende": 0,
        }

    def stat_roles(self, hand_type: str, facts: Mapping[str, Any]) -> tuple[str | None, tuple[str, ...]]:
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
        if declarer is not None and declarer in counts and hand_type in STAT_SOLOS:
            statistics.count_solo(counts, declarer, seated, tout=hand_type.endswith("-tout"))
            if hand_type == "sie":
                counts[declarer]["sie"] += 1
        if hand_type == "ramsch":
            jungfrau = facts.get("jungfrau") or ()
            durch = facts.get("durchmarsch")
            for name, pts in seated:
                r = counts[name]["ramsch"]
                r["played"] += 1
                r["lost"] += pts < 0
                r["jungfrau"] += name in jungfrau
                r["durchmarsch"] += durch == name
        for name in facts.get("klopfen") or ():
            if name in counts:
                counts[name]["klopfen"] += 1
        if facts.get("kontra"):
            re = bool(facts.get("re"))
            for name, _pts in seated:
                counts[name]["kontra"] += 1
                counts[name]["re"] += re
        statistics.count_laufende(counts, facts, declarer, partners)

    def stat_tables(self, players: Sequence[Mapping[str, Any]]) -> list[list[list[Any]]]:
        w = statistics.won_of
        head = ["player", "solos", "tout", "sie", "klopfen", "kontra", "re", "laufende"]
        body = [
            [p["name"], w(p["solos"]), w(p["tout"]), p["sie"], p["klopfen"], p["kontra"], p["re"], p["laufende"]]
            for p in players
        ]
        ramsch = [
            [p["name"], p["ramsch"]["played"], p["ramsch"]["lost"], p["ramsch"]["jungfrau"], p["ramsch"]["durchmarsch"]]
            for p in players
        ]
        return [[head, *body], [["player", "ramsch", "lost", "jungfrau", "durchmarsch"], *ramsch]]

    def stat_from_report(self, counts: dict[str, Any], report_extras: Mapping[str, Any]) -> None:
        return None
