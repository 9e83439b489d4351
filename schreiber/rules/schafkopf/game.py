"""`schafkopf` (house rules in points) and `schafkopf-tarif` (the Bavarian cash tariff in cents).

Both presets share the game types, the validation, the winning rules, the dealer rule and the
Ramsch input; they differ only in how a hand's value is built and in their setting defaults.
The hand types are in games.py, what a table makes of them and a hand's value in value.py, the
Rufspiel and the solos in party.py, Ramsch and the throw-in in ramsch.py, `stats` in stats.py.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from schreiber.i18n import N_, _
from schreiber.rules import checks
from schreiber.rules.four_and_five import FourAndFive
from schreiber.rules.model import Hand, HandError, PerSettings, Setting, Settings
from schreiber.rules.schafkopf.games import SAUEN, SUITS, TYPES
from schreiber.rules.schafkopf.party import party_game
from schreiber.rules.schafkopf.ramsch import ramsch, zusammengeworfen
from schreiber.rules.schafkopf.settings import house_settings, tarif_settings
from schreiber.rules.schafkopf.stats import SchafkopfStatistics
from schreiber.rules.schafkopf.value import Table
from schreiber.rules.table import Result, TableState


class Schafkopf(SchafkopfStatistics, FourAndFive):
    """Bavarian Schafkopf; `tarif=False` scores the house rules in points, `tarif=True` the cash tariff in cents."""

    min_players = 4
    default_hands = 32  # a tournament round (RULES.md §6) unless `--hands` says
    augen_total = 120
    max_players = 6
    zero_sum = True

    def __init__(self, *, tarif: bool) -> None:
        self.tarif = tarif
        # The tariff's points are cents already, so a new table pays one cent per point.
        self.default_tariff = 1 if tarif else None
        self.types = dict(TYPES)
        if tarif:
            self.name = "schafkopf-tarif"
            self.summary = N_(
                "Schafkopf for money, the common Bavarian tariff in cents: Rufspiel 20, Solo 50, Bettel 20, "
                "10 per Schneider, Schwarz and Laufender, Klopfen/Kontra/Re double, Ramsch 20."
            )
            self.settings: dict[str, Setting] = tarif_settings()
        else:
            self.name = "schafkopf"
            self.summary = N_(
                "Bavarian Schafkopf house rules in points: Rufspiel 1, solos 2 (the soloist ×3), Schneider, "
                "Laufende, Klopfen +1, Kontra/Re ×2, Bock rounds and Ramsch."
            )
            self.settings = house_settings()
        # What a table's settings decide, worked out once per settings rather than per hand.
        self._table: PerSettings[Table] = PerSettings(partial(Table, tarif, self.settings))

    # -- the protocol ---------------------------------------------------------------------------

    def seats_per_hand(self, settings: Settings, players: int) -> int:
        return 4

    def start(self, settings: Settings, players: tuple[str, ...]) -> Any:
        return None

    def status(self, settings: Settings, state: TableState) -> list[str]:
        return [state.bock.describe()] if self._table(settings).bock else []

    suits = SUITS  # what --farbe takes (offered by Tab)
    sauen = SAUEN  # what --sau takes

    def options_for(self, hand_type: str, settings: Settings | None = None) -> frozenset[str]:
        """The facts (Hand fields) `hand_type` may be entered with at a table of `settings`
        (default: the defaults): the very set `score` checks a hand against."""
        if settings is None:
            settings = {key: s.default for key, s in self.settings.items()}
        game = Table(self.tarif, self.settings, settings).games.get(hand_type)
        return game.only.allowed if game is not None else frozenset()

    def score(self, settings: Settings, state: TableState, hand: Hand) -> Result:
        table = self._table(settings)
        game = table.games.get(hand.type)
        if game is None:
            raise HandError(
                _("{type} is not a game of Schafkopf; use one of {TYPES}.").format(
                    type=repr(hand.type), TYPES=", ".join(TYPES)
                )
            )
        if hand.bock and not table.manual:
            raise HandError(
                _("--bock is not used at this table; the setting bock must contain manuell (it is {value}).").format(
                    value=",".join(sorted(table.bock)) or "off"
                )
            )
        if game.refused is not None:
            raise HandError(game.refused)
        game.only(hand)
        manual = 1 if hand.bock else 0
        if game.kind == "zusammengeworfen":
            return zusammengeworfen(state, manual)
        knocks = hand.klopfen
        if knocks:
            self._check_knocks(knocks, state.active)
        if game.kind == "ramsch":
            return ramsch(table, state, hand, knocks, manual)
        return party_game(table, game, state, hand, knocks, manual)

    # A partner game announced by one player: he is its declarer, as a soloist is his solo's (the
    # Verlustspielgeld of a tournament, RULES.md §9).
    called_games = frozenset({"rufspiel"})

    # -- validation ------------------------------------------------------------------------------

    @staticmethod
    def _check_knocks(knocks: tuple[str, ...], active: tuple[str, ...]) -> None:
        for name in knocks:
            checks.seated(name, active, "--klopfen")
        if len(set(knocks)) != len(knocks):
            twice = next(n for n in knocks if knocks.count(n) > 1)
            raise HandError(_("--klopfen: {twice} knocked twice; each player can knock once.").format(twice=twice))


SCHAFKOPF = Schafkopf(tarif=False)
SCHAFKOPF_TARIF = Schafkopf(tarif=True)
