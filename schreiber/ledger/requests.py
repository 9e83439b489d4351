"""An Idempotency-Key answered again: the hand its own body recorded, while that hand stands."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from schreiber.errors import UserError
from schreiber.i18n import _
from schreiber.store.models import LIVE, EntryRequest, HandRecord


class Replayed(Exception):
    """This request was answered before: it recorded hand `number`, and nothing is written again."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number
        self.view: Any = None  # the table as the replaying transaction saw it (schreiber/ledger/tables/hands.py)


class Undone(UserError):
    """The hand this request recorded was undone, voided or set aside since: nothing is recorded again."""

    def __init__(self, number: int) -> None:
        super().__init__(
            _("hand {number} was undone after it was recorded; nothing was recorded again.").format(number=number)
        )
        self.number = number


class KeyReused(UserError):
    """The same Idempotency-Key came with another body: never another hand under it."""

    def __init__(self) -> None:
        super().__init__(
            _("Idempotency-Key: this key was sent with another hand before; send a new hand with a new key.")
        )


def replay(s: Session, seen: EntryRequest, sent_hash: str | None) -> None:
    """Answer a request key seen before: `Replayed` while the hand it recorded stands (edited or
    restored, it is still that hand), `Undone` once it does not, `KeyReused` for another body."""
    if seen.body_hash is not None and sent_hash is not None and seen.body_hash != sent_hash:
        raise KeyReused()
    if seen.hand_id is None:  # answered before revision 0012: its number is all that is known
        raise Replayed(seen.number)
    made = s.get(HandRecord, seen.hand_id)
    if made is not None and made.status != LIVE:
        live = s.scalar(
            select(HandRecord).where(
                HandRecord.table_id == made.table_id, HandRecord.number == made.number, HandRecord.status == LIVE
            )
        )
        # The hand in force at that number is this request's hand if it descends from it by edits.
        while live is not None and live.id != made.id:
            live = s.get(HandRecord, live.replaces_id) if live.replaces_id is not None else None
        if live is None:
            raise Undone(seen.number)
    raise Replayed(seen.number)
