"""`preisschafkopf`: the Schafkopf of tournaments (RULES.md §5). Only the winners are written,
every value is a setting, no Kontra, Klopfen, Bock or Ramsch, and the deal passes after every hand."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from schreiber.i18n import N_, _
from schreiber.rules.four_and_five import FourAndFive
from schreiber.rules import checks, statistics
from schreiber.rules.model import (
    Hand,
    HandError,
    Payout,
    PerSettings,
    Setting,
    Settings,
    SettingsError,
    Term,
    evaluate,
    formula,
)
from schreiber.rules.table import Result, TableState

SUITS = ("eichel", "gras", "herz", "schellen")
SAUEN = ("eichel", "gras", "schellen")  # the Herz Sau cannot be called
TOTAL_AUGEN = 120
WIN = 61
SCHNEIDER_FREI = 31  # a party with fewer Augen than this is Schneider, on both sides

SOLOS = ("farbsolo", "wenz", "geier")
TOUTS: dict[str, str] = {f"{base}-tout": base for base in SOLOS}
# The most Laufende a game can have (long deck, kurzes_blatt), as in §1.
_TRUMPS: dict[str, tuple[int, int]] = {
    "rufspiel": (14, 12),
    "kreuz": (14, 12),
    "farbsolo": (14, 12),
    "wenz": (4, 4),
    "geier": (4, 4),
}

TYPES: dict[str, str] = {
    "rufspiel": N_(
        "partner game: the player calls an ace (--sau); wins with 61 Augen; the winners get 5 each "
        "(--player, --partner, --augen N)"
    ),
    "kreuz": N_(
        'nobody announced a game, played "über Kreuz": seats 1+3 against 2+4 of the four playing; '
        "--player and the player opposite took --augen N; 60:60 is written for nobody"
    ),
    "farbsolo": N_(
        "solo with a trump suit (--farbe); wins with 61 Augen; 20, a Herz solo 25 (--player, --farbe, --augen N)"
    ),
    "wenz": N_("solo, only the Unter are trumps; wins with 61 Augen; 20 (--player, --augen N)"),
    "geier": N_("solo, only the Ober are trumps; wins with 61 Augen; 20 (--player, --augen N)"),
    "bettel": N_("solo to take no trick; 20 (--player, --won/--lost)"),
    "farbsolo-tout": N_(
        "Farbsolo announced to take every trick: the solo's value ×2 (--player, --farbe, --won/--lost)"
    ),
    "wenz-tout": N_("Wenz announced to take every trick: the solo's value ×2 (--player, --won/--lost)"),
    "geier-tout": N_("Geier announced to take every trick: the solo's value ×2 (--player, --won/--lost)"),
}

_LABEL = {
    "rufspiel": "Rufspiel",
    "kreuz": "Kreuz",
    "farbsolo": "Farbsolo",
    "wenz": "Wenz",
    "geier": "Geier",
    "bettel": "Bettel",
}

# What each type may be entered with; anything else is refused (the refused features by name).
FIELDS: dict[str, frozenset[str]] = {
    "rufspiel": frozenset({"player", "partner", "augen", "laufende", "schwarz", "sau"}),
    "kreuz": frozenset({"player", "augen", "laufende", "schwarz"}),
    "farbsolo": frozenset({"player", "augen", "laufende", "farbe"}),
    "wenz": frozenset({"player", "augen", "laufende"}),
    "geier": frozenset({"player", "augen", "laufende"}),
    "bettel": frozenset({"player", "won"}),
    "farbsolo-tout": frozenset({"player", "won", "laufende", "farbe"}),
    "wenz-tout": frozenset({"player", "won", "laufende"}),
    "geier-tout": frozenset({"player", "won", "laufende"}),
}

_ONLY = {t: checks.Only(f) for t, f in FIELDS.items()}  # made once: `only` builds its sets anew on every call

# Played elsewhere, not here: each refused in one sentence naming what is missing.
_WITHOUT_FACTS = {"kontra": "Kontra", "re": "Re", "klopfen": "Klopfen", "bock": "Bock"}
_WITHOUT_TYPES = {
    "ramsch": "Ramsch",
    "sie": "Sie",
    "farbwenz": "Farbwenz",
    "farbgeier": "Farbgeier",
    "farbwenz-tout": "Farbwenz",
    "farbgeier-tout": "Farbgeier",
}

_TOUT = Term("Tout", "×", 2)
# What a hand's facts are worth at a table's settings (see `score`), kept while the settings are.
_VALUED: PerSettings[dict[tuple[Any, ...], tuple[tuple[Term, ...], int, str]]] = PerSettings(lambda settings: {})
_KREUZ_TIE = Term("Kreuz 60:60", "+", 0)


def _and(names: Sequence[str]) -> str:
    """ "Anna and Carl", "Anna, Berta and Carl", in the language spoken."""
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def _int(settings: Settings, key: str) -> int:
    return int(settings[key]) if key in settings else int(PREISSCHAFKOPF.settings[key].default)


class Preisschafkopf(FourAndFive):
    """Tournament Schafkopf: each active player of the winning party gets +V, the losers 0."""

    name = "preisschafkopf"
    summary = N_(
        "Tournament Schafkopf (Preisschafkopf): only the winners are written, Rufspiel and Kreuz 5, solos 20, "
        "Herz solo 25, Schneider +5, Laufende 5 each from 2 (at most 4), Tout ×2; no Kontra, Klopfen, Bock or "
        "Ramsch; the deal passes after every hand."
    )
    settings: dict[str, Setting] = {
        "kurzes_blatt": Setting(False, N_("short deck without 7s and 8s: at most 12/4 Laufende instead of 14/4")),
        "rufspiel": Setting(5, N_("value of a Rufspiel and of a Kreuz"), minimum=1),
        "solo": Setting(20, N_("value of a Farbsolo, Wenz and Geier (a tout doubles it)"), minimum=1),
        "herz_solo": Setting(25, N_("value of a Farbsolo with Herz as trump"), minimum=1),
        "bettel": Setting(20, N_("value of a Bettel; 0 = Bettel is not played"), minimum=0),
        "schneider": Setting(5, N_("Schneider, and Schwarz once more, in Rufspiel and Kreuz only"), minimum=0),
        "laufende_wert": Setting(5, N_("points for each counted Laufender"), minimum=0),
        "laufende_ab": Setting(2, N_("Laufende count from this many"), minimum=1, maximum=14),
        "laufende_max": Setting(4, N_("at most this many Laufende count; 0 = no limit"), minimum=0, maximum=14),
    }
    types = TYPES
    min_players = 4
    default_hands = 32  # a tournament round (RULES.md §6) unless `--hands` says
    augen_total = 120
    max_players = 5
    zero_sum = False
    suits = SUITS  # what --farbe takes (offered by Tab)
    sauen = SAUEN  # what --sau takes

    # -- the protocol ---------------------------------------------------------------------------

    def seats_per_hand(self, settings: Settings, players: int) -> int:
        return 4

    def start(self, settings: Settings, players: tuple[str, ...]) -> Any:
        return None

    def status(self, settings: Settings, state: TableState) -> list[str]:
        return []

    def check_settings(self, settings: Settings) -> None:
        low, high = _int(settings, "laufende_ab"), _int(settings, "laufende_max")
        if high and low > high:
            raise SettingsError(
                _(
                    "--set laufende_ab: Laufende cannot count from {low} when at most {high} count "
                    "(laufende_max); use {high} or less."
                ).format(low=low, high=high)
            )

    def sheet_step(self, settings: Settings) -> int:
        """Every value a hand can give a player is made of these settings (Tout doubles, 60:60 gives 0),
        so every round result is a multiple of their greatest common divisor."""
        return math.gcd(
            *(_int(settings, k) for k in ("rufspiel", "solo", "herz_solo", "bettel", "schneider", "laufende_wert"))
        )

    def least_solo(self, settings: Settings) -> int | None:
        """The least a won solo writes for its declarer: a solo, a Herz solo or a Bettel where it is played."""
        values = [_int(settings, "solo"), _int(settings, "herz_solo")] + (
            [_int(settings, "bettel")] if _int(settings, "bettel") else []
        )
        return min(values)

    def options_for(self, hand_type: str, settings: Settings | None = None) -> frozenset[str]:
        """The facts (Hand fields) `hand_type` may be entered with: the set `score` checks against."""
        return FIELDS.get(hand_type, frozenset())

    def refusal(self, hand_type: str) -> str | None:
        """The sentence refusing a type of other Schafkopf tables that is not played here, or None."""
        game = _WITHOUT_TYPES.get(hand_type)
        if game is None:
            return None
        return _("{name} is played without {game}; the types are {types}.").format(
            name=self.name, game=game, types=", ".join(TYPES)
        )

    def score(self, settings: Settings, state: TableState, hand: Hand) -> Result:
        refused = self.refusal(hand.type)
        if refused is not None:
            raise HandError(refused)
        allowed = FIELDS.get(hand.type)
        if allowed is None:
            raise HandError(
                _("{type} is not a hand type of {name}; use one of {types}.").format(
                    type=hand.type, name=self.name, types=", ".join(TYPES)
                )
            )
        only = _ONLY[hand.type]
        if not only.fits(hand):  # no type takes Kontra, Re, Klopfen or Bock: the usual hand has none
            for fact, feature in _WITHOUT_FACTS.items():
                if getattr(hand, fact):
                    raise HandError(
                        _("--{option}: {name} is played without {feature}.").format(
                            option=fact, name=self.name, feature=feature
                        )
                    )
            only(hand)
        base = TOUTS.get(hand.type, hand.type)
        if base == "bettel" and not _int(settings, "bettel"):
            raise HandError(_("bettel is not played at this table (setting bettel=0)."))
        needed = ("player", "won") if hand.type in TOUTS or base == "bettel" else ("player", "augen")
        if base == "rufspiel":
            needed = ("player", "partner", "augen")
        if base == "farbsolo":
            needed = (*needed, "farbe")
        checks.need(hand, *needed)
        active = state.active
        assert hand.player is not None
        checks.seated(hand.player, active, "--player")
        if hand.partner is not None:
            checks.seated(hand.partner, active, "--partner")
            checks.different(hand.player, hand.partner)
        if hand.farbe is not None and hand.farbe.lower() not in SUITS:
            raise HandError(
                _("--farbe must be eichel, gras, herz or schellen, not {farbe}.").format(farbe=repr(hand.farbe))
            )
        if hand.sau is not None and hand.sau.lower() not in SAUEN:
            raise HandError(
                _("--sau must be eichel, gras or schellen (the Herz Sau cannot be called), not {sau}.").format(
                    sau=repr(hand.sau)
                )
            )
        if hand.augen is not None:
            checks.in_range(hand.augen, 0, TOTAL_AUGEN, "--augen N")
            if hand.schwarz and hand.augen not in (0, TOTAL_AUGEN):
                raise HandError(
                    _("--schwarz needs --augen N of 0 or 120 (one party took every trick), not {augen}.").format(
                        augen=hand.augen
                    )
                )
        # The value depends on the type, a Herz solo, which side of 31 either party's Augen are,
        # Schwarz and the Laufende: made once per table's settings (and language) for each of those.
        memo = _VALUED(settings)
        augen = hand.augen
        key = (
            hand.type,
            hand.farbe,
            None if augen is None else augen < SCHNEIDER_FREI or TOTAL_AUGEN - augen < SCHNEIDER_FREI,
            hand.schwarz,
            hand.laufende,
        )
        valued = memo.get(key)
        if valued is None:
            terms = self._terms(settings, hand, base)
            valued = memo[key] = (terms, evaluate(terms), formula(terms))
        terms, value, said = valued
        party, others = self._parties(hand, active)
        if hand.augen is not None:
            won: bool | None = (
                True if hand.augen >= WIN else None if hand.type == "kreuz" and hand.augen == 60 else False
            )
        else:
            won = hand.won
        if won is None:  # Kreuz 60:60: written for nobody
            terms = (_KREUZ_TIE,)
            payout = Payout(dict.fromkeys(active, 0), 0, terms, formula(terms), _("60:60: written for nobody"))
            return Result(payout, state.carry)
        winners = party if won else others
        points = {p: (value if p in winners else 0) for p in active}
        # The sentence depends on the winners and the value only: made once per table's settings and language.
        said_key = ("split", winners, value)
        split = memo.get(said_key)
        if split is None:
            split = memo[said_key] = (
                _("{name} +{value}; the others 0").format(name=winners[0], value=value)
                if len(winners) == 1
                else _("{names} +{value} each; the others 0").format(names=_and(winners), value=value)
            )
        soloist = hand.player if hand.type in FIELDS and hand.type not in ("rufspiel", "kreuz") else None
        return Result(Payout(points, value, terms, said, split, soloist, winners), state.carry)

    # -- statistics (the Statistics protocol of rules/table.py) ---------------------------------

    # A partner game announced by one player: he is its declarer, as a soloist is his solo's (the
    # Verlustspielgeld of a tournament, RULES.md §9). A Kreuz was announced by nobody.
    called_games = frozenset({"rufspiel"})

    stat_title = "Preisschafkopf"
    stat_notes: tuple[str, ...] = ()

    def stat_counts(self) -> dict[str, Any]:
        return {"solos": statistics.pw(), "tout": statistics.pw(), "laufende": 0}

    def stat_roles(self, hand_type: str, facts: Mapping[str, Any]) -> tuple[str | None, tuple[str, ...]]:
        """A Kreuz has no declarer: nobody announced a game."""
        if hand_type == "kreuz":
            return None, ()
        return statistics.declarer_and_partner(facts)

    def stat_hand(
        self,
        counts: Mapping[str, dict[str, Any]],
        hand_type: str,
        facts: Mapping[str, Any],
        declarer: str | None,
        partners: tuple[str, ...],
        seated: Sequence[tuple[str, int]],
    ) -> None:
        if declarer is not None and declarer in counts and hand_type not in ("rufspiel", "kreuz"):
            statistics.count_solo(counts, declarer, seated, tout=hand_type in TOUTS)
        statistics.count_laufende(counts, facts, declarer, partners)

    def stat_tables(self, players: Sequence[Mapping[str, Any]]) -> list[list[list[Any]]]:
        w = statistics.won_of
        return [
            [
                ["player", "solos", "tout", "laufende"],
                *([p["name"], w(p["solos"]), w(p["tout"]), p["laufende"]] for p in players),
            ]
        ]

    def stat_from_report(self, counts: dict[str, Any], report_extras: Mapping[str, Any]) -> None:
        return None

    # -- the value and the parties ----------------------------------------------------------------

    def _terms(self, settings: Settings, hand: Hand, base: str) -> tuple[Term, ...]:
        if base in ("rufspiel", "kreuz"):
            amount = _int(settings, "rufspiel")
        elif base == "bettel":
            amount = _int(settings, "bettel")
        elif base == "farbsolo" and (hand.farbe or "").lower() == "herz":
            amount = _int(settings, "herz_solo")
        else:
            amount = _int(settings, "solo")
        label = _LABEL[base] + ("-Tout" if hand.type in TOUTS else "")
        terms = [Term(label, "+", amount)]
        if base in ("rufspiel", "kreuz") and hand.augen is not None:
            schneider = _int(settings, "schneider")
            if hand.augen < SCHNEIDER_FREI or TOTAL_AUGEN - hand.augen < SCHNEIDER_FREI:
                terms.append(Term("Schneider", "+", schneider))
            if hand.schwarz:
                terms.append(Term("Schwarz", "+", schneider))
        if base != "bettel":
            laufende = self._laufende(settings, hand, base)
            if laufende is not None:
                terms.append(laufende)
        if hand.type in TOUTS:
            terms.append(_TOUT)
        return tuple(terms)

    def _laufende(self, settings: Settings, hand: Hand, base: str) -> Term | None:
        n = hand.laufende
        if n is None:
            return None
        short = bool(settings.get("kurzes_blatt", False))
        most = _TRUMPS[base][1 if short else 0]
        if not 0 <= n <= most:
            deck = " with kurzes_blatt" if short else ""
            raise HandError(
                _("--laufende must be between 0 and {most} in {type}{deck}, not {n}.").format(
                    most=most, type=hand.type, deck=deck, n=n
                )
            )
        if n == 0:
            return None
        low, cap = _int(settings, "laufende_ab"), _int(settings, "laufende_max")
        if n < low:
            return Term(_("Laufende ({count}, they count from {minimum})").format(count=n, minimum=low), "+", 0)
        counted = min(n, cap) if cap else n
        label = (
            f"{counted} Laufende"
            if counted == n
            else _("{count} Laufende (of {n}, at most {count} count)").format(count=counted, n=n)
        )
        return Term(label, "+", counted * _int(settings, "laufende_wert"))

    @staticmethod
    def _parties(hand: Hand, active: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(the player party, the others) in seat order: a Kreuz pairs the player with the one opposite."""
        assert hand.player is not None
        if hand.type == "kreuz":
            i = active.index(hand.player)
            mate = active[(i + 2) % len(active)]
            party = tuple(p for p in active if p in (hand.player, mate))
        elif hand.partner is not None:
            party = tuple(p for p in active if p in (hand.player, hand.partner))
        else:
            party = (hand.player,)
        return party, tuple(p for p in active if p not in party)


PREISSCHAFKOPF = Preisschafkopf()
