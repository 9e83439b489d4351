"""The CSV export: one row per live hand and seated player of each table, with everything an import
needs to rebuild the table (facts, settings, joins and leaves, payments)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import aliased

from schreiber.ledger.scope import Scope, tables as _tables
from schreiber.ledger.service import Ledger
from schreiber import csvio
from schreiber.store.models import JOIN, LEAVE, Payment, Player, Table


def export_rows(ledger: Ledger, scope: Scope) -> Iterator[dict[str, Any]]:
    """One row per live hand and seated player, with every fact, the breakdown and the payout.

    Each table is read in a transaction of its own and written after it ends, so a slow reader of
    the output never holds the ledger.
    """
    with ledger.transaction() as s:
        ids = [t.id for t in _tables(ledger, s, scope)]
    for table_id in ids:
        with ledger.transaction() as s:
            t = s.get(Table, table_id)
            if t is None:  # deleted meanwhile by another terminal
                continue
            rows = list(_table_rows(ledger, s, t))
        yield from rows


def _table_rows(ledger: Ledger, s: Any, t: Table) -> Iterator[dict[str, Any]]:
    view = ledger.view(s, t, ledger.records(s, t))
    positions = {name: i for i, name in enumerate(view.table.players)}
    settings = json.dumps(t.settings, ensure_ascii=False, sort_keys=True)
    # Joins and leaves of the table, on every row of it; import replays them between the hands.
    seat_events = [
        {"after_hand": e.after_hand, "kind": e.kind, "name": e.player.name, "seat": e.seat}
        for e in ledger.events(s, t)
        if e.kind in (JOIN, LEAVE) and e.player is not None
    ]
    table_events = json.dumps(seat_events, ensure_ascii=False) if seat_events else None
    # What `settle` recorded as paid for the table, in the order it was recorded; import replays it.
    paid = [{"payer": a, "payee": b, "cents": c} for a, b, c in table_payments(s, t.id)]
    payments = json.dumps(paid, ensure_ascii=False) if paid else None
    for h in view.hands:
        facts = h.hand.to_facts()
        for name in view.table.players:
            if name in h.absent:
                continue  # not at the table for this hand
            points = h.payout.points[name]
            cents = points * t.tariff if t.tariff and view.rules.zero_sum else None
            yield {
                "session": t.id,
                "table_uid": t.uid,
                "session_name": t.name,
                "date": t.date.isoformat(),
                "rules": t.rules,
                "tariff": t.tariff,
                "hand": h.number,
                "type": h.hand.type,
                "dealer": h.dealer,
                "seat": positions[name] + 1,
                "name": name,
                "sat_out": name in h.sitting_out,
                "points": points,
                "cents": cents,
                "euros": csvio.euros(cents) if cents is not None else None,
                "value": h.payout.value,
                **csvio.hand_cells(h.hand),  # player, partner, augen … (rules/declared.py)
                "breakdown": h.payout.formula,
                "note": h.hand.note,
                "facts": json.dumps(facts, ensure_ascii=False, sort_keys=True),
                "settings": settings,
                "first_dealer": t.first_dealer + 1,
                "teams": listed(["+".join(team) for team in t.teams]) if t.teams else None,
                "table_events": table_events,
                "payments": payments,
            }


def table_payments(s: Any, table_id: int) -> list[tuple[str, str, int]]:
    """The payments recorded for a table, as (payer, payee, cents) in the order they were recorded."""
    return [(a, b, c) for __, a, b, c in payments_of(s, [table_id])]


def payments_of(s: Any, table_ids: list[int]) -> list[tuple[int, str, str, int]]:
    """The payments recorded for these tables, as (table, payer, payee, cents) in the order they were recorded."""
    payer, payee = aliased(Player), aliased(Player)
    return [
        (t, a, b, int(c))
        for t, a, b, c in s.connection().execute(
            select(Payment.table_id, payer.name, payee.name, Payment.cents)
            .join(payer, payer.id == Payment.payer_id)
            .join(payee, payee.id == Payment.payee_id)
            .where(Payment.table_id.in_(table_ids))
            .order_by(Payment.id)
        )
    ]


def listed(words: Sequence[str]) -> str:
    """Names (or teams) in one cell: "Anna Carl", or "Hans Peter, Carl" once a name holds a space."""
    return (", " if any(" " in w for w in words) else " ").join(words)


def unlisted(cell: str) -> list[str]:
    """What `listed` wrote, and what older versions wrote (always between spaces)."""
    return [w.strip() for w in cell.split(",") if w.strip()] if "," in cell else cell.split()
