"""How Doppelkopf words a hand: the steps of its value and how the value was shared."""

from __future__ import annotations

from schreiber.i18n import _, ngettext, worded
from schreiber.rules.doppelkopf.party import KONTRA, RE, other_party
from schreiber.rules.model import Term
from schreiber.rules.words import signed


def absage_name(level: int) -> str:
    return "schwarz" if level == 0 else f"keine {level}"


def wording(terms: tuple[Term, ...] | list[Term]) -> str:
    """The steps as players count them: "won 1, keine 90 +1, Re announced +2 = 4, Bock ×2 = 8"."""
    if not terms:
        return "0"
    parts: list[str] = []
    running = 0
    for i, term in enumerate(terms):
        if i == 0:
            running = term.amount
            parts.append(f"{term.label} {term.amount}")
        elif term.op == "×":
            parts.append(f" = {running}, {term.label} ×{term.amount}".replace("= -", "= −"))
            running *= term.amount
        else:
            sign = "+" if term.op == "+" else "−"
            parts.append(f", {term.label} {sign}{term.amount}")
            running = running + term.amount if term.op == "+" else running - term.amount
    # A typographic minus, as in the split sentence ("Kontra Anna, Berta −5 each").
    parts.append(f" = {running}" if running >= 0 else f" = −{-running}")
    return "".join(parts)


def fuchs_caught(n: int) -> str:
    return ngettext("Fuchs caught", "{n} Füchse caught", n).format(n=n)


def bock_terms(factor: int) -> list[Term]:
    if factor <= 1:
        return []
    return [Term("Bock" if factor == 2 else "Doppelbock", "×", factor)]


@worded(4096)
def shared(re: tuple[str, ...], kontra: tuple[str, ...], solo: bool, side: str, value: int) -> str:
    """How V was shared, as a sentence: worded once per parties and value (pure, keyed by all it reads)."""
    if solo:
        soloist = 3 * (value if side == RE else -value)  # the soloist is Re
        sign = "−" if soloist < 0 else "+"
        return _("Soloist {soloist} {sign}3×{value}, each opponent {against}").format(
            soloist=re[0], sign=sign, value=abs(value), against=signed(-soloist // 3)
        )
    a, b = (side, other_party(side))
    members = {RE: re, KONTRA: kontra}
    return _("{party} {names} {points} each; {other} {others} {against} each").format(
        party=a,
        names=", ".join(members[a]),
        points=signed(value),
        other=b,
        others=", ".join(members[b]),
        against=signed(-value),
    )
