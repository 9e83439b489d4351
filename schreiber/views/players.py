"""The JSON and CSV of `player list` and `player show` (CLI.md "Seasons and players"), as views/payloads.py
builds the others."""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from schreiber.views.payloads import Sheet

if TYPE_CHECKING:
    from schreiber.ledger.players import PlayerCard, PlayerLine

LIST_KEYS = ["name", "tables", "hands", "tournaments", "seasons"]


def list_json(lines: list[PlayerLine]) -> list[dict[str, Any]]:
    """`player list --format json`: each player with his tables, hands, tournaments and seasons."""
    return [asdict(line) for line in lines]


def list_csv(lines: list[PlayerLine]) -> Sheet:
    return Sheet(LIST_KEYS, ([getattr(line, k) for k in LIST_KEYS] for line in lines))


def card_json(card: PlayerCard) -> dict[str, Any]:
    """`player show --format json`: his evenings, tournaments, seasons and totals per rule set."""
    return {
        "name": card.name,
        "evenings": [asdict(e) for e in card.evenings],
        "tournaments": [asdict(t) for t in card.tournaments],
        "seasons": [asdict(x) for x in card.seasons],
        "totals": [asdict(t) for t in card.totals],
    }
