"""A normal game or a solo: its two parties (Re and Kontra), the facts it is entered with and
their checks."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter
from typing import Any

from schreiber.i18n import _
from schreiber.rules import checks
from schreiber.rules.model import OPTION_OF, Hand, HandError

SOLOS = ("trumpfsolo", "farbsolo", "grandsolo", "bubensolo", "damensolo", "fleischlos", "stilles-solo")
FARBEN = ("kreuz", "pik", "herz", "karo")
ABSAGEN = (90, 60, 30, 0)
SPOT_FIELDS = ("fuchs_re", "fuchs_kontra", "doppelkopf_re", "doppelkopf_kontra", "karlchen", "altenstrafe")
# The setting that stakes each spot point at the Alten table (0: not played).
STAKES = {
    "fuchs_re": "fuchs",
    "fuchs_kontra": "fuchs",
    "doppelkopf_re": "doppelkopf",
    "doppelkopf_kontra": "doppelkopf",
    "karlchen": "karlchen",
    "altenstrafe": "altenstrafe",
}
RE, KONTRA = "Re", "Kontra"


# Slotted, not frozen: one is made per hand of a replay, and nothing changes it after.
@dataclass(slots=True)
class Game:
    """A normal game or a solo, checked: the two parties and what they did."""

    re: tuple[str, ...]
    kontra: tuple[str, ...]
    solo: bool
    augen: int
    schwarz: bool

    def aug(self, party: str) -> int:
        return self.augen if party == RE else 240 - self.augen

    def took_trick(self, party: str) -> bool:
        """--schwarz says the party with 0 Augen took no trick; without it every party took one."""
        return not (self.schwarz and self.aug(party) == 0)

    def members(self, party: str) -> tuple[str, ...]:
        return self.re if party == RE else self.kontra


def other_party(party: str) -> str:
    return KONTRA if party == RE else RE


# The facts besides the Augen and --schwarz that a party game's value reads.
VALUE_FIELDS = (
    "re",
    "kontra",
    "re_absage",
    "kontra_absage",
    "fuchs_re",
    "fuchs_kontra",
    "doppelkopf_re",
    "doppelkopf_kontra",
    "karlchen",
    "altenstrafe",
    "bock",
)
VALUE_FACTS = attrgetter(*VALUE_FIELDS)


@lru_cache(maxsize=1024)
def others(active: tuple[str, ...], party: tuple[str, ...]) -> tuple[str, ...]:
    """The players of `active` not in `party` (Kontra), in seat order."""
    return tuple(p for p in active if p not in party)


def allowed(turnier: bool, hand_type: str, solo: bool) -> set[str]:
    """What a normal game, a Hochzeit or a solo may be entered with (`turnier`: under the DDV rules)."""
    allowed = {"player", "augen", "schwarz", "re", "kontra", "bock"}
    if turnier:
        allowed |= {"re_absage", "kontra_absage"}
    if solo:
        allowed.add("pflicht")
        if hand_type == "farbsolo":
            allowed.add("farbe")
    else:
        allowed.add("partner")
        if turnier:
            allowed |= {"fuchs_re", "fuchs_kontra", "doppelkopf_re", "doppelkopf_kontra", "karlchen"}
        else:
            allowed |= set(SPOT_FIELDS)
    return allowed


def check_given(turnier: bool, get: Callable[[str], Any], hand: Hand, solo: bool) -> None:
    """Refuse a fact given that this hand type does not take at this table, in one sentence."""
    t = hand.type
    given = hand.given()
    if solo:
        for f in SPOT_FIELDS:
            if f in given:
                what = _("a Hochzeit without partner (a solo)") if t == "hochzeit" else _("a {type}").format(type=t)
                raise HandError(
                    _("{option}: spot points count in normal games only, not in {what}.").format(
                        option=OPTION_OF[f], what=what
                    )
                )
    elif hand.pflicht:
        raise HandError(
            _("--pflicht is for a solo (or a Hochzeit without partner), not for {t} with --partner.").format(t=t)
        )
    if not turnier:
        for f in SPOT_FIELDS:
            key = STAKES[f]
            if f in given and int(get(key)) == 0:
                raise HandError(
                    _(
                        "{option}: this table plays without that spot point (stake 0); a table started with --set "
                        "{key}=N counts it."
                    ).format(option=OPTION_OF[f], key=key)
                )
    checks.only(hand, allowed(turnier, t, solo))


def check_spots(hand: Hand, game: Game) -> None:
    if hand.karlchen is not None and hand.karlchen not in ("re", "kontra"):
        raise HandError(_("--karlchen takes re or kontra, not {karlchen}.").format(karlchen=repr(hand.karlchen)))
    fuchs_re, fuchs_kontra = hand.fuchs_re or 0, hand.fuchs_kontra or 0
    doppelkopf_re, doppelkopf_kontra = hand.doppelkopf_re or 0, hand.doppelkopf_kontra or 0
    if min(fuchs_re, fuchs_kontra, doppelkopf_re, doppelkopf_kontra) < 0:
        for f in ("fuchs_re", "fuchs_kontra", "doppelkopf_re", "doppelkopf_kontra"):
            value = getattr(hand, f)
            if value is not None and value < 0:
                raise HandError(_("{option} must be 0 or more, not {value}.").format(option=OPTION_OF[f], value=value))
    foxes = fuchs_re + fuchs_kontra
    if foxes > 2:
        raise HandError(_("--fuchs-re and --fuchs-kontra: there are only two Füchse, not {foxes}.").format(foxes=foxes))
    for party, f, count in ((RE, "doppelkopf_re", doppelkopf_re), (KONTRA, "doppelkopf_kontra", doppelkopf_kontra)):
        if count and count * 40 > game.aug(party):
            raise HandError(
                _(
                    "{option}: {count} tricks of 40 Augen or more need at least {value} Augen, and {party} has {value2}."
                ).format(option=OPTION_OF[f], count=count, value=count * 40, party=party, value2=game.aug(party))
            )
    for party in (RE, KONTRA) if game.schwarz else ():
        if game.took_trick(party):
            continue
        key = party.lower()
        earned = [f for f in (f"fuchs_{key}", f"doppelkopf_{key}") if getattr(hand, f)]
        earned += ["karlchen"] if hand.karlchen == key else []
        if earned:
            raise HandError(
                _("{option}: {party} took no trick (--schwarz), so it earned nothing.").format(
                    option=OPTION_OF[earned[0]], party=party
                )
            )


def spot_counts(hand: Hand) -> dict[str, dict[str, int]]:
    """The spot points as counts per party: Fuchs, Doppelkopf, Karlchen."""
    return {
        RE: {
            "fuchs": hand.fuchs_re or 0,
            "doppelkopf": hand.doppelkopf_re or 0,
            "karlchen": int(hand.karlchen == "re"),
        },
        KONTRA: {
            "fuchs": hand.fuchs_kontra or 0,
            "doppelkopf": hand.doppelkopf_kontra or 0,
            "karlchen": int(hand.karlchen == "kontra"),
        },
    }
