"""What a Schafkopf table's settings make of each hand type (`Game`), and a hand's value from its
facts (`Table.value`), worked out once per table and combination of facts."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from schreiber.i18n import _, worded
from schreiber.rules import checks
from schreiber.rules.model import Setting, Settings, Term, evaluate, formula
from schreiber.rules.schafkopf.games import KIND, LABEL, SIE_LAUFENDE, TOUTS, TRUMPS, TYPES, WENZ_LIKE, allowed
from schreiber.rules.schafkopf.settings import bock_setting

# Terms that are the same in every hand, made once and shared (a Term never changes).
_KONTRA = Term("Kontra", "×", 2)
_RE = Term("Re", "×", 2)
_BOCK = {2: Term("Bock", "×", 2), 4: Term("Doppelbock", "×", 4)}


def _bock_term(factor: int) -> Term:
    return _BOCK.get(factor) or Term("Bock" if factor == 2 else "Doppelbock", "×", factor)


class Game:
    """One hand type as a table's settings make it: what it takes, and the fixed parts of its value."""

    __slots__ = ("kind", "only", "needed", "by_augen", "by_won", "refused", "base", "most", "laufende", "factor")

    def __init__(self, table: Table, hand_type: str, get: Callable[[str], Any]) -> None:
        kind = KIND[hand_type]
        self.kind = kind
        self.only = checks.Only(allowed(hand_type, kind) | ({"bock"} if table.manual else set()))
        self.needed: tuple[str, ...] = {
            "rufspiel": ("player", "partner", "augen"),
            "solo": ("player", "augen"),
            "tout": ("player", "won"),
            "bettel": ("player", "won"),
        }.get(kind, ("player",))
        self.by_augen = kind in ("rufspiel", "solo")  # won with 61 Augen; the others by --won/--lost
        self.by_won = kind in ("tout", "bettel")
        self.refused: str | None = None
        if kind == "ramsch" and table.kein_spiel == "zusammenwerfen":
            self.refused = _(
                "ramsch is not played at this table (setting kein_spiel=zusammenwerfen); record the hand "
                "as zusammengeworfen."
            )
        if kind == "zusammengeworfen" and table.kein_spiel == "ramsch":
            self.refused = _(
                "this table plays a Ramsch when all pass (setting kein_spiel=ramsch); record the hand as ramsch."
            )
        if kind == "zusammengeworfen":
            self.base = Term(LABEL[hand_type], "+", 0)
        elif table.tarif:
            amount = {"rufspiel": "rufspiel", "bettel": "bettel", "ramsch": "ramsch"}.get(kind, "solo")
            self.base = Term(LABEL[hand_type], "+", get(amount))
        else:
            self.base = Term(LABEL[hand_type], "+", 1 if kind == "rufspiel" else 2)
        # The term each number of Laufende entered adds, by that number (None: it adds nothing).
        base_type = TOUTS.get(hand_type, hand_type)
        if kind == "sie":
            self.most, minimum = SIE_LAUFENDE, 0
        elif base_type in TRUMPS:
            self.most = TRUMPS[base_type][1 if table.short else 0]
            minimum = get("laufende_ab_wenz" if base_type in WENZ_LIKE else "laufende_ab")
        else:
            self.most, minimum = 0, 0  # Bettel has no Laufende; Ramsch and a throw-in never ask
        self.laufende = tuple(table.laufende_term(n, minimum) for n in range(self.most + 1))
        if kind == "tout":
            self.factor: tuple[Term, ...] = (Term("Tout", "×", 2),)
        elif hand_type == "bettel-brett":
            self.factor = (Term("Brett", "×", 2),)
        elif kind == "sie":
            self.factor = (Term("Sie", "×", 4),)
        else:
            self.factor = ()


class Table:
    """What a table's settings decide for every hand, worked out once per settings rather than per hand."""

    def __init__(self, tarif: bool, defaults: Mapping[str, Setting], settings: Settings) -> None:
        def get(key: str) -> Any:
            # A table stored before a setting existed plays it at its default.
            return settings[key] if key in settings else defaults[key].default

        self.tarif = tarif
        self.bock = bock_setting(settings)
        self.manual = "manuell" in self.bock
        self.re_makes_bock = "re" in self.bock
        self.tie_makes_bock = "gleichstand" in self.bock
        self.kein_spiel = get("kein_spiel")
        self.solo_selber_geber = bool(get("solo_selber_geber"))
        self.short = bool(get("kurzes_blatt"))
        self.schneider_spieler = get("schneider_spieler")
        self.schneider_gegner = get("schneider_gegner")
        self.unit = get("extra") if tarif else 1  # of Schneider, Schwarz and each Laufender
        self.schneider = Term("Schneider", "+", self.unit)
        self.schwarz = Term("Schwarz", "+", self.unit)
        self.games = {hand_type: Game(self, hand_type, get) for hand_type in TYPES}
        # A Durchmarsch is scored as a Ramsch with its own base.
        self.durchmarsch = Game(self, "ramsch", get)
        self.durchmarsch.base = Term("Durchmarsch", "+", get("solo") if tarif else 7)
        # The value depends on a handful of facts, and an evening repeats the same few
        # combinations of them: each is worked out and worded once per table.
        self.value = worded(4096)(self._value)

    def laufende_term(self, laufende: int, minimum: int) -> Term | None:
        if laufende and laufende >= minimum:
            label = f"{laufende} Laufende" if self.tarif else "Laufende"
            return Term(label, "+", laufende * self.unit)
        if laufende:
            # Shown so that the player sees why the Laufende entered did not score.
            return Term(
                _("Laufende ({count}, they count from {minimum})").format(count=laufende, minimum=minimum), "+", 0
            )
        return None

    def _value(
        self,
        game: Game,
        schneider: bool,
        schwarz: bool,
        laufende: int,
        knocks: tuple[str, ...],
        kontra: bool,
        re: bool,
        bock: int,
    ) -> tuple[tuple[Term, ...], int, str]:
        """The terms and factors of V in the order the preset's formula writes them, V, and the formula."""
        terms = [game.base]
        if schneider:
            terms.append(self.schneider)
        if schwarz:
            terms.append(self.schwarz)
        counted = game.laufende[laufende]
        if counted is not None:
            terms.append(counted)
        # Schafkopf writes V = (…) × game factor × 2^(Kontra+Re); the tariff × 2^(…) × game factor.
        if self.tarif:
            terms += [Term(f"Klopfen {name}", "×", 2) for name in knocks]
        else:
            if knocks:
                terms.append(Term("Klopfen", "+", len(knocks)))
            terms += game.factor
        if kontra:
            terms.append(_KONTRA)
        if re:
            terms.append(_RE)
        if self.tarif:
            terms += game.factor
        if bock > 1:
            terms.append(_bock_term(bock))
        made = tuple(terms)
        return made, evaluate(made), formula(made)
