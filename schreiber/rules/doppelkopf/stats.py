"""What `stats` counts at a Doppelkopf table (the Statistics protocol of rules/table.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from schreiber.rules import statistics


class DoppelkopfStatistics:
    """The Statistics protocol for both Doppelkopf presets."""

    stat_title = "Doppelkopf"
    stat_notes: tuple[str, ...] = ()

    def stat_counts(self) -> dict[str, Any]:
        return {
            "re_party": statistics.pw(),
            "kontra_party": statistics.pw(),
            "solos": statistics.pw(),
            "absagen": {"made": 0, "won": 0},
            "foxes": {"caught": 0, "lost": 0},
            "karlchen": 0,
            "doppelkoepfe": 0,
            "pflichtsolos": {"played": 0, "owed": 0},
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
        if declarer is not None and partners:
            side = (declarer, *partners)
            for name, pts in seated:
                x = counts[name]
                won = pts > 0
                party = "re" if name in side else "kontra"
                key = f"{party}_party"
                x[key]["played"] += 1
                x[key]["won"] += won
                if facts.get(f"{party}_absage") is not None:
                    x["absagen"]["made"] += 1
                    x["absagen"]["won"] += won
                other = "kontra" if party == "re" else "re"
                x["foxes"]["caught"] += int(facts.get(f"fuchs_{party}") or 0)
                x["foxes"]["lost"] += int(facts.get(f"fuchs_{other}") or 0)
                x["karlchen"] += facts.get("karlchen") == party
                x["doppelkoepfe"] += int(facts.get(f"doppelkopf_{party}") or 0)
        elif declarer is not None and declarer in counts:
            statistics.count_solo(counts, declarer, seated)
            counts[declarer]["pflichtsolos"]["played"] += bool(facts.get("pflicht"))

    def stat_tables(self, players: Sequence[Mapping[str, Any]]) -> list[list[list[Any]]]:
        w = statistics.won_of
        head = ["player", "re", "kontra", "solos", "absagen", "foxes", "karlchen", "dk", "pflicht"]
        body = [
            [
                p["name"],
                w(p["re_party"]),
                w(p["kontra_party"]),
                w(p["solos"]),
                f"{p['absagen']['won']}/{p['absagen']['made']}",
                f"{p['foxes']['caught']}:{p['foxes']['lost']}",
                p["karlchen"],
                p["doppelkoepfe"],
                p["pflichtsolos"]["played"],
            ]
            for p in players
        ]
        return [[head, *body]]

    def stat_from_report(self, counts: dict[str, Any], report_extras: Mapping[str, Any]) -> None:
        if report_extras.get("musssolo") == "offen":
            counts["pflichtsolos"]["owed"] = 1
