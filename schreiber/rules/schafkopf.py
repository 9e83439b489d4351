"""`schafkopf` (house rules in points) and `schafkopf-tarif` (the Bavarian cash tariff in cents).

Both presets share the game types, the validation, the winning rules, the dealer rule and the
Ramsch input; they differ only in how a hand's value is built and in their setting defaults.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from schreiber.rules import checks
from schreiber.rules.model import Hand, HandError, Payout, Setting, Settings, Term, evaluate, formula
from schreiber.rules.table import Result, TableState

SUITS = ("eichel", "gras", "herz", "schellen")
# The Herz Sau cannot be called: Herz is trump in a Rufspiel.
SAUEN = ("eichel", "gras", "schellen")

AUGEN_SOLOS = ("farbsolo", "wenz", "geier", "farbwenz", "farbgeier")
TOUTS: dict[str, str] = {f"{base}-tout": base for base in AUGEN_SOLOS}
_WITH_FARBE = {"farbsolo", "farbwenz", "farbgeier"}
_WENZ_LIKE = {"wenz", "geier"}

# Trumps per game (long deck, kurzes_blatt): the most Laufende a game can have.
_TRUMPS: dict[str, tuple[int, int]] = {
    "rufspiel": (14, 12),
    "farbsolo": (14, 12),
    "farbwenz": (11, 9),
    "farbgeier": (11, 9),
    "wenz": (4, 4),
    "geier": (4, 4),
    "sie": (8, 8),
}

TOTAL_AUGEN = 120
SIE_LAUFENDE = 8

_LABEL: dict[str, str] = {
    "rufspiel": "Rufspiel",
    "farbsolo": "Farbsolo",
    "wenz": "Wenz",
    "geier": "Geier",
    "farbwenz": "Farbwenz",
    "farbgeier": "Farbgeier",
    "sie": "Sie",
    "bettel": "Bettel",
    "bettel-brett": "Bettel-Brett",
    "ramsch": "Ramsch",
    "zusammengeworfen": "Zusammengeworfen",
}
_LABEL.update({t: f"{_LABEL[b]}-Tout" for t, b in TOUTS.items()})

TYPES: dict[str, str] = {
    "rufspiel": "partner game: the player calls an ace (--sau); wins with 61 Augen (--player, --partner, --augen N)",
    "farbsolo": "solo with a trump suit (--farbe); wins with 61 Augen (--player, --augen N)",
    "wenz": "solo, only the Unter are trumps; wins with 61 Augen (--player, --augen N)",
    "geier": "solo, only the Ober are trumps; wins with 61 Augen (--player, --augen N)",
    "farbwenz": "solo, the Unter and a suit (--farbe) are trumps; wins with 61 Augen (--player, --augen N)",
    "farbgeier": "solo, the Ober and a suit (--farbe) are trumps; wins with 61 Augen (--player, --augen N)",
    "farbsolo-tout": "Farbsolo announced to take every trick, ×2 (--player, --won/--lost)",
    "wenz-tout": "Wenz announced to take every trick, ×2 (--player, --won/--lost)",
    "geier-tout": "Geier announced to take every trick, ×2 (--player, --won/--lost)",
    "farbwenz-tout": "Farbwenz announced to take every trick, ×2 (--player, --won/--lost)",
    "farbgeier-tout": "Farbgeier announced to take every trick, ×2 (--player, --won/--lost)",
    "sie": "all four Ober and Unter in one hand: always won, 8 Laufende, ×4 (--player)",
    "bettel": "solo to take no trick (--player, --won/--lost)",
    "bettel-brett": "Bettel with the cards laid open, ×2 (--player, --won/--lost)",
    "ramsch": "all passed, everyone for himself: most Augen loses (--augen NAME=N for each player)",
    "zusammengeworfen": "all passed and the cards are thrown in: nobody scores, the deal passes on",
}

_COMMON_KIND_OPTIONS = ("klopfen", "kontra", "re")


def _kind(hand_type: str) -> str:
    if hand_type == "rufspiel":
        return "rufspiel"
    if hand_type in AUGEN_SOLOS:
        return "solo"
    if hand_type in TOUTS:
        return "tout"
    if hand_type in ("sie", "ramsch", "zusammengeworfen"):
        return hand_type
    if hand_type in ("bettel", "bettel-brett"):
        return "bettel"
    raise HandError(f"{hand_type!r} is not a game of Schafkopf; use one of {', '.join(TYPES)}.")


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def _names(names: Sequence[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _bock_setting(settings: Settings) -> set[str]:
    value = settings.get("bock", ())
    # A multi-valued setting may come back from JSON as a list, or be typed as "re,gleichstand".
    if isinstance(value, str):
        value = value.split(",")
    return {v.strip() for v in value if v and v.strip() and v.strip() != "off"}


def _common_settings(*, schneider_spieler: int, schneider_gegner: int, bock: tuple[str, ...]) -> dict[str, Setting]:
    return {
        "kurzes_blatt": Setting(False, "short deck without 7s and 8s: at most 12/9/4 Laufende instead of 14/11/4"),
        "kein_spiel": Setting(
            "ramsch",
            "when all four pass: play a Ramsch, or throw the cards in (record it as zusammengeworfen)",
            choices=("ramsch", "zusammenwerfen"),
        ),
        "laufende_ab": Setting(
            3, "Laufende count from this many in Rufspiel, Farbsolo, Farbwenz and Farbgeier", minimum=1, maximum=14
        ),
        "laufende_ab_wenz": Setting(2, "Laufende count from this many in Wenz and Geier", minimum=1, maximum=4),
        "schneider_spieler": Setting(
            schneider_spieler,
            "the player party is Schneider with fewer Augen than this",
            minimum=1,
            maximum=60,
        ),
        "schneider_gegner": Setting(
            schneider_gegner,
            "the opponents are Schneider with fewer Augen than this (the player party has 120 minus it or more)",
            minimum=1,
            maximum=60,
        ),
        "bock": Setting(
            bock,
            "what makes a Bock round: re (a Re given), gleichstand (a 60:60), manuell (--bock); off for none",
            choices=("gleichstand", "manuell", "re"),
            multi=True,
        ),
    }


class Schafkopf:
    """Bavarian Schafkopf; `tarif=False` scores the house rules in points, `tarif=True` the cash tariff in cents."""

    min_players = 4
    max_players = 6
    zero_sum = True

    def __init__(self, *, tarif: bool) -> None:
        self.tarif = tarif
        self.types = dict(TYPES)
        if tarif:
            self.name = "schafkopf-tarif"
            self.summary = (
                "Schafkopf for money, the common Bavarian tariff in cents: Rufspiel 20, Solo 50, Bettel 20, "
                "10 per Schneider, Schwarz and Laufender, Klopfen/Kontra/Re double, Ramsch 20."
            )
            self.settings: dict[str, Setting] = _common_settings(schneider_spieler=31, schneider_gegner=30, bock=())
            self.settings.update(
                {
                    "rufspiel": Setting(20, "base of a Rufspiel, in cents", minimum=1),
                    "solo": Setting(50, "base of every solo (tout and Sie included), and a Durchmarsch", minimum=1),
                    "bettel": Setting(20, "base of Bettel and Bettel-Brett, in cents", minimum=1),
                    "extra": Setting(
                        10, "for each of Schneider, Schwarz and each counted Laufender, in cents", minimum=0
                    ),
                    "ramsch": Setting(20, "what the Ramsch loser pays each other player (a Jungfrau twice)", minimum=0),
                }
            )
        else:
            self.name = "schafkopf"
            self.summary = (
                "Bavarian Schafkopf house rules in points: Rufspiel 1, solos 2 (the soloist ×3), Schneider, "
                "Laufende, Klopfen +1, Kontra/Re ×2, Bock rounds and Ramsch."
            )
            self.settings = _common_settings(
                schneider_spieler=30, schneider_gegner=31, bock=("gleichstand", "manuell", "re")
            )

    # -- the protocol ---------------------------------------------------------------------------

    def seats_per_hand(self, settings: Settings, players: int) -> int:
        return 4

    def start(self, settings: Settings, players: tuple[str, ...]) -> Any:
        return None

    def status(self, settings: Settings, state: TableState) -> list[str]:
        return [state.bock.describe()] if _bock_setting(settings) else []

    def score(self, settings: Settings, state: TableState, hand: Hand) -> Result:
        kind = _kind(hand.type)
        bock_setting = _bock_setting(settings)
        if hand.bock and "manuell" not in bock_setting:
            raise HandError(
                "--bock is not used at this table; the setting bock must contain manuell "
                f"(it is {','.join(sorted(bock_setting)) or 'off'})."
            )
        kein_spiel = self._get(settings, "kein_spiel")
        if kind == "ramsch" and kein_spiel == "zusammenwerfen":
            raise HandError(
                "ramsch is not played at this table (setting kein_spiel=zusammenwerfen); "
                "record the hand as zusammengeworfen."
            )
        if kind == "zusammengeworfen" and kein_spiel == "ramsch":
            raise HandError(
                "this table plays a Ramsch when all pass (setting kein_spiel=ramsch); record the hand as ramsch."
            )
        allowed = self._allowed(hand.type, kind) | ({"bock"} if "manuell" in bock_setting else set())
        checks.only(hand, allowed)
        manual = 1 if hand.bock else 0
        if kind == "zusammengeworfen":
            return self._zusammengeworfen(state, manual)
        knocks = self._knocks(hand, state)
        if kind == "ramsch":
            return self._ramsch(settings, state, hand, knocks, manual)
        return self._party_game(settings, state, hand, kind, knocks, bock_setting, manual)

    # -- validation ------------------------------------------------------------------------------

    def _get(self, settings: Settings, key: str) -> Any:
        # A table stored before a setting existed plays it at its default.
        return settings[key] if key in settings else self.settings[key].default

    @staticmethod
    def _allowed(hand_type: str, kind: str) -> set[str]:
        if kind == "rufspiel":
            return {"player", "partner", "augen", "laufende", "schwarz", "sau", *_COMMON_KIND_OPTIONS}
        if kind == "solo":
            extra = {"farbe"} if hand_type in _WITH_FARBE else set()
            return {"player", "augen", "laufende", "schwarz", *extra, *_COMMON_KIND_OPTIONS}
        if kind == "tout":
            extra = {"farbe"} if TOUTS[hand_type] in _WITH_FARBE else set()
            return {"player", "won", "laufende", *extra, *_COMMON_KIND_OPTIONS}
        if kind == "sie":
            return {"player", "won", "laufende", *_COMMON_KIND_OPTIONS}
        if kind == "bettel":
            return {"player", "won", *_COMMON_KIND_OPTIONS}
        if kind == "ramsch":
            return {"augen_by_player", "stiche", "jungfrau", "durchmarsch", "loser", "klopfen"}
        return set()

    @staticmethod
    def _knocks(hand: Hand, state: TableState) -> tuple[str, ...]:
        for name in hand.klopfen:
            checks.seated(name, state.active, "--klopfen")
        if len(set(hand.klopfen)) != len(hand.klopfen):
            twice = next(n for n in hand.klopfen if hand.klopfen.count(n) > 1)
            raise HandError(f"--klopfen: {twice} knocked twice; each player can knock once.")
        return hand.klopfen

    def _laufende(self, settings: Settings, hand: Hand, kind: str) -> tuple[int, int]:
        """The Laufende entered and the minimum from which they count, after checking the maximum."""
        if kind == "sie":
            if hand.laufende is not None and hand.laufende != SIE_LAUFENDE:
                raise HandError(
                    f"--laufende in a Sie is always {SIE_LAUFENDE} (all Ober and Unter), not {hand.laufende}."
                )
            return SIE_LAUFENDE, 0
        base = TOUTS.get(hand.type, hand.type)
        short = bool(self._get(settings, "kurzes_blatt"))
        most = _TRUMPS[base][1 if short else 0]
        n = 0 if hand.laufende is None else hand.laufende
        if not 0 <= n <= most:
            deck = " with kurzes_blatt" if short else ""
            raise HandError(f"--laufende must be between 0 and {most} in {hand.type}{deck}, not {n}.")
        minimum = self._get(settings, "laufende_ab_wenz" if base in _WENZ_LIKE else "laufende_ab")
        return n, minimum

    # -- Rufspiel and the solos ------------------------------------------------------------------

    def _party_game(
        self,
        settings: Settings,
        state: TableState,
        hand: Hand,
        kind: str,
        knocks: tuple[str, ...],
        bock_setting: set[str],
        manual: int,
    ) -> Result:
        if kind == "rufspiel":
            checks.need(hand, "player", "partner", "augen")
        elif kind == "solo":
            checks.need(hand, "player", "augen")
        elif kind in ("tout", "bettel"):
            checks.need(hand, "player", "won")
        else:
            checks.need(hand, "player")
        assert hand.player is not None
        checks.seated(hand.player, state.active, "--player")
        if hand.partner is not None:
            checks.seated(hand.partner, state.active, "--partner")
            checks.different(hand.player, hand.partner)
        if hand.re and not hand.kontra:
            raise HandError("--re needs --kontra: Re can only answer a Kontra.")
        if hand.farbe is not None and hand.farbe.lower() not in SUITS:
            raise HandError(f"--farbe must be eichel, gras, herz or schellen, not {hand.farbe!r}.")
        if hand.sau is not None and hand.sau.lower() not in SAUEN:
            raise HandError(
                f"--sau must be eichel, gras or schellen (the Herz Sau cannot be called), not {hand.sau!r}."
            )
        if kind == "sie" and hand.won is False:
            raise HandError("--lost does not apply to sie: a Sie is always won.")
        if hand.augen is not None:
            checks.in_range(hand.augen, 0, TOTAL_AUGEN, "--augen N")
            if hand.schwarz and hand.augen not in (0, TOTAL_AUGEN):
                raise HandError(
                    f"--schwarz needs --augen N of 0 or 120 (one party took every trick), not {hand.augen}."
                )
        laufende, laufende_ab = (0, 0) if kind == "bettel" else self._laufende(settings, hand, kind)

        if kind in ("rufspiel", "solo"):
            assert hand.augen is not None
            won = hand.augen >= 61
        elif kind == "sie":
            won = True
        else:
            assert hand.won is not None
            won = hand.won

        schneider = schwarz = False
        if kind in ("rufspiel", "solo"):
            assert hand.augen is not None
            schneider = hand.augen < self._get(settings, "schneider_spieler") or (
                TOTAL_AUGEN - hand.augen < self._get(settings, "schneider_gegner")
            )
            schwarz = hand.schwarz

        terms = self._value_terms(settings, hand, kind, schneider, schwarz, laufende, laufende_ab, knocks)
        if state.bock.factor > 1:
            terms.append(Term("Bock" if state.bock.factor == 2 else "Doppelbock", "×", state.bock.factor))
        value = evaluate(terms)

        causes = manual
        if hand.re and "re" in bock_setting:
            causes += 1
        if hand.augen == 60 and kind in ("rufspiel", "solo") and "gleichstand" in bock_setting:
            causes += 1

        sign = 1 if won else -1
        if kind == "rufspiel":
            assert hand.partner is not None
            party = (hand.player, hand.partner)
            others = tuple(p for p in state.active if p not in party)
            points = {p: sign * value if p in party else -sign * value for p in state.active}
            split = (
                f"Spieler {hand.player} and partner {hand.partner} {_signed(sign * value)} each; "
                f"{', '.join(others)} {_signed(-sign * value)} each"
            )
            return Result(
                Payout(
                    points=points,
                    value=value,
                    terms=tuple(terms),
                    formula=formula(terms),
                    split=split,
                    soloist=None,
                    winners=party if won else others,
                ),
                carry=state.carry,
                same_dealer=False,
                bock_causes=causes,
                consumes_bock=True,
            )
        others = tuple(p for p in state.active if p != hand.player)
        points = {p: -sign * value for p in others}
        points[hand.player] = 3 * sign * value
        split = (
            f"Spieler {hand.player} {'+' if won else '−'}3×{value} = {_signed(3 * sign * value)}, "
            f"each opponent {_signed(-sign * value)}"
        )
        # After a solo the same dealer deals again, so the solo does not use up a Bock hand.
        return Result(
            Payout(
                points=points,
                value=value,
                terms=tuple(terms),
                formula=formula(terms),
                split=split,
                soloist=hand.player,
                winners=(hand.player,) if won else others,
            ),
            carry=state.carry,
            same_dealer=True,
            bock_causes=causes,
            consumes_bock=False,
        )

    def _value_terms(
        self,
        settings: Settings,
        hand: Hand,
        kind: str,
        schneider: bool,
        schwarz: bool,
        laufende: int,
        laufende_ab: int,
        knocks: tuple[str, ...],
    ) -> list[Term]:
        """Every term and factor of V except Bock, in the order the preset's formula writes them."""
        counted = laufende if laufende >= laufende_ab else 0
        if self.tarif:
            if kind == "rufspiel":
                base = self._get(settings, "rufspiel")
            elif kind == "bettel":
                base = self._get(settings, "bettel")
            else:
                base = self._get(settings, "solo")
            extra = self._get(settings, "extra")
            unit_schneider, unit_laufender = extra, extra
        else:
            base = 1 if kind == "rufspiel" else 2
            unit_schneider, unit_laufender = 1, 1
        terms = [Term(_LABEL[hand.type], "+", base)]
        if schneider:
            terms.append(Term("Schneider", "+", unit_schneider))
        if schwarz:
            terms.append(Term("Schwarz", "+", unit_schneider))
        if counted:
            label = f"{counted} Laufende" if self.tarif else "Laufende"
            terms.append(Term(label, "+", counted * unit_laufender))
        elif laufende:
            # Shown so that the player sees why the Laufende entered did not score.
            terms.append(Term(f"Laufende ({laufende}, they count from {laufende_ab})", "+", 0))
        if not self.tarif and knocks:
            terms.append(Term("Klopfen", "+", len(knocks)))
        game_factor: list[Term] = []
        if kind == "tout":
            game_factor.append(Term("Tout", "×", 2))
        elif hand.type == "bettel-brett":
            game_factor.append(Term("Brett", "×", 2))
        elif kind == "sie":
            game_factor.append(Term("Sie", "×", 4))
        doubles: list[Term] = []
        if self.tarif:
            doubles += [Term(f"Klopfen {name}", "×", 2) for name in knocks]
        if hand.kontra:
            doubles.append(Term("Kontra", "×", 2))
        if hand.re:
            doubles.append(Term("Re", "×", 2))
        # Schafkopf writes V = (…) × game factor × 2^(Kontra+Re); the tariff × 2^(…) × game factor.
        return terms + (doubles + game_factor if self.tarif else game_factor + doubles)

    # -- all passed -------------------------------------------------------------------------------

    def _zusammengeworfen(self, state: TableState, manual: int) -> Result:
        terms = (Term("Zusammengeworfen", "+", 0),)
        return Result(
            Payout(
                points={p: 0 for p in state.active},
                value=0,
                terms=terms,
                formula=formula(terms),
                split="thrown in: nobody scores, the deal passes on",
            ),
            carry=state.carry,
            same_dealer=False,
            bock_causes=manual,
            consumes_bock=True,
        )

    def _ramsch(
        self, settings: Settings, state: TableState, hand: Hand, knocks: tuple[str, ...], manual: int
    ) -> Result:
        active = state.active
        tricks = 6 if self._get(settings, "kurzes_blatt") else 8
        durch = hand.durchmarsch
        augen = dict(hand.augen_by_player)
        stiche = dict(hand.stiche)

        if durch is not None:
            checks.seated(durch, active, "--durchmarsch")
            if hand.jungfrau:
                raise HandError("--jungfrau does not apply with --durchmarsch: a Durchmarsch is scored on its own.")
            if hand.loser is not None:
                raise HandError("--loser does not apply with --durchmarsch: nobody loses a Ramsch the others lost.")
        else:
            checks.need(hand, "augen_by_player")
        if augen:
            checks.per_player(augen, active, TOTAL_AUGEN, "--augen NAME=N")
        if durch is not None and augen and augen[durch] != TOTAL_AUGEN:
            raise HandError(
                f"--durchmarsch: {durch} took every trick, so --augen {durch}=120, not {augen[durch]}."
            )
        if stiche:
            checks.per_player(stiche, active, None, "--stiche NAME=N")
            for name, n in stiche.items():
                if n > tricks:
                    raise HandError(f"--stiche NAME=N: {name}={n} is more than the {tricks} tricks of a hand.")
                if n == 0 and augen.get(name, 0) > 0:
                    raise HandError(
                        f"--stiche NAME=N: {name} took no trick but has {augen[name]} Augen; check both."
                    )
                if durch is not None and n != (tricks if name == durch else 0):
                    raise HandError(
                        f"--stiche NAME=N: {durch} took every trick (--durchmarsch), so {name}="
                        f"{tricks if name == durch else 0}, not {n}."
                    )
            if all(p in stiche for p in active) and sum(stiche.values()) != tricks:
                raise HandError(f"--stiche NAME=N must add up to {tricks}; these add up to {sum(stiche.values())}.")

        if durch is not None:
            return self._durchmarsch(settings, state, durch, knocks, manual)

        checks.no_repeats(hand.jungfrau, "--jungfrau")
        for name in hand.jungfrau:
            checks.seated(name, active, "--jungfrau")
            if augen[name] > 0:
                raise HandError(
                    f"--jungfrau: {name} has {augen[name]} Augen; a Jungfrau took no trick, so 0 Augen."
                )
            if stiche.get(name, 0) > 0:
                raise HandError(f"--jungfrau: {name} took no trick, so --stiche {name}=0, not {stiche[name]}.")
        # --stiche NAME=0 says the same as --jungfrau NAME.
        jungfrauen = tuple(p for p in active if p in hand.jungfrau or stiche.get(p) == 0)

        loser = self._loser(hand, active, augen, stiche)

        bock = state.bock.factor
        if self.tarif:
            terms = [Term("Ramsch", "+", self._get(settings, "ramsch"))]
            terms += [Term(f"Klopfen {name}", "×", 2) for name in knocks]
        else:
            terms = [Term("Ramsch", "+", 2)]
            if knocks:
                terms.append(Term("Klopfen", "+", len(knocks)))
        if bock > 1:
            terms.append(Term("Bock" if bock == 2 else "Doppelbock", "×", bock))
        unit = evaluate(terms)
        # The tariff pays a Jungfrau the whole amount twice; the house rules a fixed 2 more.
        bonus = unit if self.tarif else 2 * bock
        points = {p: unit for p in active}
        for name in jungfrauen:
            points[name] += bonus
        points[loser] = -3 * unit - bonus * len(jungfrauen)
        split = f"Loser {loser} −3×{unit}"
        if jungfrauen:
            split += f" −{bonus}×{len(jungfrauen)} (Jungfrau)" if len(jungfrauen) > 1 else f" −{bonus} (Jungfrau)"
        split += f" = {_signed(points[loser])}, each other +{unit}"
        for name in jungfrauen:
            split += f"; Jungfrau {name} +{bonus} more"
        return Result(
            Payout(
                points=points,
                value=unit,
                terms=tuple(terms),
                formula=formula(terms),
                split=split,
                soloist=None,
                winners=tuple(p for p in active if p != loser),
            ),
            carry=state.carry,
            same_dealer=False,
            bock_causes=manual,
            consumes_bock=True,
        )

    @staticmethod
    def _loser(hand: Hand, active: tuple[str, ...], augen: Mapping[str, int], stiche: Mapping[str, int]) -> str:
        """Most Augen loses; a tie goes to the most tricks where they were entered, else to --loser."""
        top = max(augen[p] for p in active)
        tied = [p for p in active if augen[p] == top]
        reason = f"{top} Augen"
        if len(tied) > 1 and all(p in stiche for p in tied):
            most = max(stiche[p] for p in tied)
            tied = [p for p in tied if stiche[p] == most]
            reason += f" and {most} {'trick' if most == 1 else 'tricks'}"
        if len(tied) == 1:
            if hand.loser is not None and hand.loser != tied[0]:
                checks.seated(hand.loser, active, "--loser")
                raise HandError(
                    f"--loser: {tied[0]} loses with the most ({reason}), not {hand.loser}; "
                    "leave --loser out or name the same player."
                )
            return tied[0]
        if hand.loser is None:
            raise HandError(
                f"--loser is needed: {_names(tied)} tie on {reason}; name the one with more trumps "
                "(then the highest trump)."
            )
        checks.seated(hand.loser, active, "--loser")
        if hand.loser not in tied:
            raise HandError(f"--loser must be one of {_names(tied)} (tied on {reason}), not {hand.loser}.")
        return hand.loser

    def _durchmarsch(
        self, settings: Settings, state: TableState, durch: str, knocks: tuple[str, ...], manual: int
    ) -> Result:
        bock = state.bock.factor
        if self.tarif:
            terms = [Term("Durchmarsch", "+", self._get(settings, "solo"))]
            terms += [Term(f"Klopfen {name}", "×", 2) for name in knocks]
        else:
            terms = [Term("Durchmarsch", "+", 7)]
            if knocks:
                terms.append(Term("Klopfen", "+", len(knocks)))
        if bock > 1:
            terms.append(Term("Bock" if bock == 2 else "Doppelbock", "×", bock))
        unit = evaluate(terms)
        points = {p: -unit for p in state.active}
        points[durch] = 3 * unit
        return Result(
            Payout(
                points=points,
                value=unit,
                terms=tuple(terms),
                formula=formula(terms),
                split=f"Durchmarsch {durch} +3×{unit} = {_signed(3 * unit)}, each other −{unit}",
                soloist=None,
                winners=(durch,),
            ),
            carry=state.carry,
            same_dealer=False,
            bock_causes=manual,
            consumes_bock=True,
        )


SCHAFKOPF = Schafkopf(tarif=False)
SCHAFKOPF_TARIF = Schafkopf(tarif=True)
