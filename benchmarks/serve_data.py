"""Ledgers for benchmarks/serve.py: tables whose stored facts and cached payouts are what `add` would write.

Facts are bulk-inserted with the payouts the same fold gives (as benchmarks/report_all.py does), but
each evening's hands name the players who sat at it, so a page that folds the table sees real hands.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

from sqlalchemy import insert, select

sys.path.insert(0, str(Path(__file__).resolve().parent))
from replay import PLAYERS, generated  # noqa: E402

from schreiber.ledger.service import Ledger  # noqa: E402
from schreiber.rules import registry  # noqa: E402
from schreiber.rules.model import Hand  # noqa: E402
from schreiber.rules.table import replay  # noqa: E402
from schreiber.store.models import LIVE, HandRecord, PayoutRecord, Seat  # noqa: E402

CLUB = ["Anna", "Berta", "Carl", "Dora", "Emil", "Fritz", "Gerti", "Hans", "Ida", "Josef", "Kathi", "Ludwig"]


def _renamed(hand: Hand, names: dict[str, str]) -> Hand:
    return replace(
        hand,
        player=names.get(hand.player, hand.player) if hand.player else None,
        partner=names.get(hand.partner, hand.partner) if hand.partner else None,
        augen_by_player={names[k]: v for k, v in hand.augen_by_player.items()},
        klopfen=tuple(names[k] for k in hand.klopfen),
    )


def build(url: str, evenings: int, per_evening: int, tariff: int | None = 10) -> None:
    """`evenings` schafkopf tables of `per_evening` hands each; the last one is the active table."""
    ledger = Ledger.open(url)
    rules = registry.get("schafkopf")
    hands = generated(per_evening)
    for evening in range(evenings):
        seated = [CLUB[(evening + i * 3) % len(CLUB)] for i in range(4)]
        names = dict(zip(PLAYERS, seated, strict=True))
        info = ledger.new_table("schafkopf", seated, name=f"Abend {evening + 1}", tariff=tariff)
        steps = replay(rules, info.settings, tuple(seated), [_renamed(h, names) for h in hands])
        with ledger.transaction() as s:
            ids = dict(s.execute(select(Seat.position, Seat.player_id).where(Seat.runde_id == info.id)).all())
            player_id = {seated[pos]: pid for pos, pid in ids.items()}
            first = s.scalar(select(HandRecord.id).order_by(HandRecord.id.desc()).limit(1)) or 0
            s.execute(
                insert(HandRecord),
                [
                    {"id": first + n, "runde_id": info.id, "number": n, "type": st.hand.type,
                     "facts": st.hand.to_facts(), "status": LIVE}
                    for n, st in enumerate(steps, start=1)
                ],
            )
            s.execute(
                insert(PayoutRecord),
                [
                    {"hand_id": first + n, "runde_id": info.id, "player_id": player_id[p], "points": pts,
                     "sat_out": False, "won": pts > 0, "solo": st.payout.soloist == p}
                    for n, st in enumerate(steps, start=1)
                    for p, pts in st.payout.points.items()
                ],
            )
    if ledger.engine.dialect.name == "postgresql":
        # The hands were inserted with their ids: the sequence must know, or the next `add` collides.
        from sqlalchemy import text

        with ledger.engine.begin() as conn:
            table = HandRecord.__table__.name
            conn.execute(text(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT max(id) FROM {table}))"))
    ledger.engine.dispose()
