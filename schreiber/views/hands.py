"""One hand as a person reads it: its description, its facts, the lines of its breakdown, and the
body of `show N --format json`. No typer, no Jinja, no ANSI: the terminal and the pages render these."""

from __future__ import annotations

from typing import Any

from schreiber.i18n import _

MINUS = "−"  # one minus sign in everything people read; JSON keeps "-"


def describe(hand: Any) -> str:
    """A hand in a few words: "wenz Carl", "rufspiel Berta+Dora"."""
    who = hand.player or ""
    if hand.partner:
        who += "+" + hand.partner
    return f"{hand.type} {who}".strip()


def facts(hand: Any) -> list[tuple[str, str]]:
    """The facts of a hand beyond its type, named as the options are typed (`augen` for --augen NAME=N)."""
    given = hand.to_facts()
    given.pop("type")
    out = []
    for key, value in given.items():
        if isinstance(value, dict):
            value = ", ".join(f"{k}={v}" for k, v in value.items())
        elif isinstance(value, list):
            value = ", ".join("+".join(v) if isinstance(v, list) else str(v) for v in value)
        elif key == "won":
            key, value = _("result"), _("won") if value else _("lost")
        elif value is True:
            value = _("yes")
        # Named as the option is typed: augen_by_player was given as --augen NAME=N.
        out.append((key.removesuffix("_by_player").replace("_", "-"), str(value)))
    return out


def op(term: Any) -> str:
    """A breakdown term's amount as read: "×2", "+3", "−1"."""
    if term.op == "×":
        return f"×{term.amount}"
    if term.op in ("-", "−"):
        return f"{MINUS}{term.amount}"
    return f"+{term.amount}" if term.op == "+" else str(term.amount)


def hand_json(hand_view: Any, view: Any) -> dict[str, Any]:
    """The body of `show N --format json` (and of the JSON API's answer to a recorded hand)."""
    p = hand_view.payout
    return {
        "number": hand_view.number,
        "type": hand_view.hand.type,
        "session": view.table.id,
        "dealer": hand_view.dealer,
        "sitting_out": list(hand_view.sitting_out),
        "facts": hand_view.hand.to_facts(),
        "value": p.value,
        "formula": p.formula,
        "split": p.split,
        "payouts": dict(p.points),
        "breakdown": [{"label": t.label, "op": t.op, "amount": t.amount} for t in p.terms],
        "totals": hand_view.totals,
    }
