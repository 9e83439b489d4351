"""The facts only some games take (Skat's Spitzen, Hand, ouvert …), declared once for every front end.

Apart from rules/model.py, so that `schreiber --help` and `add`'s options read them without building
the hand's dataclass: this module imports nothing beyond the language.
"""

from __future__ import annotations

from typing import NamedTuple

from schreiber.i18n import N_


class Declared(NamedTuple):
    """A fact that only some games take, declared here once: `add` and `edit` get an option
    `--NAME` (underscores as dashes), `play` and completion offer it, the JSON API and the entry
    page take it as NAME, and `show` labels it. A new game adds its facts to Hand and a line here,
    and nothing outside rules/ changes. `kind` is bool (a flag) or int (a whole number, 0 or more)."""

    name: str
    kind: type
    help: str  # N_ string: the option's help
    label: str  # N_ string: the fact in `show` and the entry page's field
    metavar: str = "N"

    @property
    def option(self) -> str:
        return "--" + self.name.replace("_", "-")


DECLARED: tuple[Declared, ...] = (
    Declared(
        "spitzen", int, N_("Skat: the Spitzen, mit or ohne N (1–4 in grand, 1–11 in a suit game)."), N_("Spitzen")
    ),
    Declared("ohne", bool, N_("Skat: the Spitzen are ohne (recorded; the value is the same)."), N_("ohne")),
    Declared("hand", bool, N_("Skat: a Hand game, played without the Skat."), N_("Hand")),
    Declared(
        "schneider_angesagt", bool, N_("Skat: Schneider was announced (Hand games only)."), N_("Schneider angesagt")
    ),
    Declared(
        "schwarz_angesagt",
        bool,
        N_("Skat: Schwarz was announced (Hand games only; decided by --won/--lost)."),
        N_("Schwarz angesagt"),
    ),
    Declared("ouvert", bool, N_("Skat: played open (ouvert); decided by --won/--lost."), N_("ouvert")),
    Declared(
        "reizwert",
        int,
        N_("Skat: the bid (Reizwert), a value some game can have (18, 20, 22, 23, 24 …)."),
        N_("Reizwert"),
    ),
)
DECLARED_BY_NAME: dict[str, Declared] = {d.name: d for d in DECLARED}
