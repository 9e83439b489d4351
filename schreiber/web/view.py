"""What the templates call: the same words and numbers as the terminal's `list`, `show` and `report`, in the
request's language."""

from __future__ import annotations

from typing import Any

from jinja2 import Environment

from schreiber.ledger.names import fold
from schreiber.views.hands import facts, op
from schreiber.views.payloads import report_wertung
from schreiber.views.text import day, decimal, money, score, signed
from schreiber.web.words import page_describe, type_name


def points(hand_view: Any, name: str) -> str:
    """A player's points in one hand, or – for one who sat out or was not at the table."""
    if name in hand_view.sitting_out or name in hand_view.absent:
        return "–"
    return signed(hand_view.payout.points[name])


def tone(n: int) -> str:
    return "up" if n > 0 else "down" if n < 0 else "even"


def install(env: Environment) -> None:
    # Every amount, date and decimal through these, at render time: in the request's language (i18n.speaking).
    env.filters.update(
        signed=signed, euros=money, day=day, decimal=decimal, tone=tone, op=op, type_name=type_name, fold=fold
    )
    env.globals.update(describe=page_describe, facts=facts, points=points, value=score, ranked_by=report_wertung)
