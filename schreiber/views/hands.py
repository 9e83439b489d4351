"""One hand as a person reads it: its description, its facts, the lines of its breakdown (the body
of `show N --format json` is in payloads). No typer, no Jinja, no ANSI: the terminal and the pages render these."""

from __future__ import annotations

from typing import Any

from schreiber.i18n import N_, _
from schreiber.rules import declared
from schreiber.views.text import MINUS


def describe(hand: Any) -> str:
    """A hand in a few words: "wenz Carl", "rufspiel Berta+Dora"."""
    who = hand.player or ""
    if hand.partner:
        who += "+" + hand.partner
    return f"{hand.type} {who}".strip()


def facts(hand: Any) -> list[tuple[str, str]]:
    """The facts of a hand beyond its type, each named by its word (rules/declared.py: `augen` for --augen NAME=N)."""
    given = hand.to_facts()
    given.pop("type")
    known = declared.DECLARED_BY_NAME
    out = []
    for key, value in given.items():
        fact = known.get(key)
        if isinstance(value, dict):
            value = ", ".join(f"{k}={v}" for k, v in value.items())
        elif isinstance(value, list):
            value = ", ".join("+".join(v) if isinstance(v, list) else str(v) for v in value)
        elif fact is not None and fact.off:
            value = _(fact.name) if value else _(fact.off)  # won, lost
        elif value is True:
            value = _("yes")
        if fact is not None:
            label = _(fact.word or fact.label)
        else:
            label = _(TEAMS) if key == "teams" else key  # the table's teams, copied into each hand
        out.append((label, str(value)))
    return out


TEAMS = N_("teams")


def op(term: Any) -> str:
    """A breakdown term's amount as read: "×2", "+3", "−1"."""
    if term.op == "×":
        return f"×{term.amount}"
    if term.op in ("-", "−"):
        return f"{MINUS}{term.amount}"
    return f"+{term.amount}" if term.op == "+" else str(term.amount)
