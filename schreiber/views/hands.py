"""One hand as a person reads it: its description, its facts, the lines of its breakdown (the body
of `show N --format json` is in payloads). No typer, no Jinja, no ANSI: the terminal and the pages render these."""

from __future__ import annotations

from typing import Any

from schreiber.i18n import N_, _
from schreiber.rules.model import DECLARED
from schreiber.views.text import MINUS


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
        # Named as the option is typed (augen_by_player was given as --augen NAME=N), in the language spoken.
        label = key.removesuffix("_by_player").replace("_", "-")
        out.append((_(_FACT_LABELS[label]) if label in _FACT_LABELS else label, str(value)))
    return out


# The facts of a hand as `show` and `list --history` label them (JSON keeps the field names).
_FACT_LABELS = {
    "player": N_("player"),
    "partner": N_("partner"),
    "augen": N_("augen"),
    "stiche": N_("stiche"),
    "laufende": N_("laufende"),
    "schwarz": N_("schwarz"),
    "klopfen": N_("klopfen"),
    "kontra": N_("kontra"),
    "re": N_("re"),
    "re-absage": N_("re-absage"),
    "kontra-absage": N_("kontra-absage"),
    "fuchs-re": N_("fuchs-re"),
    "fuchs-kontra": N_("fuchs-kontra"),
    "doppelkopf-re": N_("doppelkopf-re"),
    "doppelkopf-kontra": N_("doppelkopf-kontra"),
    "karlchen": N_("karlchen"),
    "altenstrafe": N_("altenstrafe"),
    "spritze": N_("spritze"),
    "jungfrau": N_("jungfrau"),
    "durchmarsch": N_("durchmarsch"),
    "loser": N_("loser"),
    "winner": N_("winner"),
    "forced": N_("forced"),
    "pflicht": N_("pflicht"),
    "farbe": N_("farbe"),
    "sau": N_("sau"),
    "bock": N_("bock"),
    "dealer": N_("dealer"),
    "sits-out": N_("sits-out"),
    "teams": N_("teams"),
    "note": N_("note"),
    # and the facts only some games take, as they declare them
    **{d.option.removeprefix("--"): d.label for d in DECLARED},
}


def op(term: Any) -> str:
    """A breakdown term's amount as read: "×2", "+3", "−1"."""
    if term.op == "×":
        return f"×{term.amount}"
    if term.op in ("-", "−"):
        return f"{MINUS}{term.amount}"
    return f"+{term.amount}" if term.op == "+" else str(term.amount)
