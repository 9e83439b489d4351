"""`schafkopf` (house rules in points) and `schafkopf-tarif` (the Bavarian cash tariff in cents).

Both presets share the game types, the validation, the winning rules, the dealer rule and the
Ramsch input; they differ only in how a hand's value is built and in their setting defaults.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from schreiber.i18n import N_, _, ngettext, worded
from schreiber.rules import checks, statistics
from schreiber.rules.model import Hand, HandError, Payout, PerSettings, Setting, Settings, Term, evaluate, formula
from schreiber.rules.table import Result, TableState
from schreiber.rules.words import and_list, signed

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
    "rufspiel": N_(
        "partner game: the player calls an ace (--sau); wins with 61 Augen (--player, --partner, --augen N)"
    ),
    "farbsolo": N_("solo with a trump suit (--farbe); wins with 61 Augen (--player, --augen N)"),
    "wenz": N_("solo, only the Unter are trumps; wins with 61 Augen (--player, --augen N)"),
    "geier": N_("solo, only the Ober are trumps; wins with 61 Augen (--player, --augen N)"),
    "farbwenz": N_("solo, the Unter and a suit (--farbe) are trumps; wins with 61 Augen (--player, --augen N)"),
    "farbgeier": N_("solo, the Ober and a suit (--farbe) are trumps; wins with 61 Augen (--player, --augen N)"),
    "farbsolo-tout": N_("Farbsolo announced to take every trick, ×2 (--player, --won/--lost)"),
    "wenz-tout": N_("Wenz announced to take every trick, ×2 (--player, --won/--lost)"),
    "geier-tout": N_("Geier announced to take every trick, ×2 (--player, --won/--lost)"),
    "farbwenz-tout": N_("Farbwenz announced to take every trick, ×2 (--player, --won/--lost)"),
    "farbgeier-tout": N_("Farbgeier announced to take every trick, ×2 (--player, --won/--lost)"),
    "sie": N_("all four Ober and Unter in one hand: always won, 8 Laufende, ×4 (--player)"),
    "bettel": N_("solo to take no trick (--player, --won/--lost)"),
    "bettel-brett": N_("Bettel with the cards laid open, ×2 (--player, --won/--lost)"),
    "ramsch": N_("all passed, everyone for himself: most Augen loses (--augen NAME=N for each player)"),
    "zusammengeworfen": N_("all passed and the cards are thrown in: nobody scores, the deal passes on"),
}

_COMMON_KIND_OPTIONS = ("klopfen", "kontra", "re")

# The types `stats` counts as a soloist's game.
STAT_SOLOS = frozenset({*AUGEN_SOLOS, *TOUTS, "sie", "bettel", "bettel-brett"})


# How each type is scored: the game types of one kind share their checks and their split.
_KIND: dict[str, str] = {
    "rufspiel": "rufspiel",
    **{t: "solo" for t in AUGEN_SOLOS},
    **{t: "tout" for t in TOUTS},
    "sie": "sie",
    "bettel": "bettel",
    "bettel-brett": "bettel",
    "ramsch": "ramsch",
    "zusammengeworfen": "zusammengeworfen",
}


def _bock_setting(settings: Settings) -> set[str]:
    value = settings.get("bock", ())
    # A multi-valued setting may come back from JSON as a list, or be typed as "re,gleichstand".
    if isinstance(value, str):
        value = value.split(",")
    return {v.strip() for v in value if v and v.strip() and v.strip() != "off"}


def _common_settings(*, schneider_spieler: int, schneider_gegner: int, bock: tuple[str, ...]) -> dict[str, Setting]:
    return {
        "kurzes_blatt": Setting(False, N_("short deck without 7s and 8s: at most 12/9/4 Laufende instead of 14/11/4")),
        "kein_spiel": Setting(
            "ramsch",
            N_("when all four pass: play a Ramsch, or throw the cards in (record it as zusammengeworfen)"),
            choices=("ramsch", "zusammenwerfen"),
        ),
        "laufende_ab": Setting(
            3, N_("Laufende count from this many in Rufspiel, Farbsolo, Farbwenz and Farbgeier"), minimum=1, maximum=14
        ),
        "laufende_ab_wenz": Setting(2, N_("Laufende count from this many in Wenz and Geier"), minimum=1, maximum=4),
        "schneider_spieler": Setting(
            schneider_spieler,
            N_("the player party is Schneider with fewer Augen than this"),
            minimum=1,
            maximum=60,
        ),
        "schneider_gegner": Setting(
            schneider_gegner,
            N_("the opponents are Schneider with fewer Augen than this (the player party has 121 minus it or more)"),
            minimum=1,
            maximum=60,
        ),
        "bock": Setting(
            bock,
            N_("what makes a Bock round: re (a Re given), gleichstand (a 60:60), manuell (--bock); off for none"),
            choices=("gleichstand", "manuell", "re"),
            multi=True,
        ),
        "solo_selber_geber": Setting(
            True,
            N_(
                "after a solo (tout, Sie and Bettel too) the same dealer deals again and the solo does not use up "
                "a Bock hand; false: the deal passes after every hand and a solo uses up a Bock hand like any other"
            ),
        ),
    }


# Terms that are the same in every hand, made once and shared (a Term never changes).
_KONTRA = Term("Kontra", "×", 2)
_RE = Term("Re", "×", 2)
_BOCK = {2: Term("Bock", "×", 2), 4: Term("Doppelbock", "×", 4)}


def _bock_term(factor: int) -> Term:
    return _BOCK.get(factor) or Term("Bock" if factor == 2 else "Doppelbock", "×", factor)


class _Game:
    """One hand type as a table's settings make it: what it takes, and the fixed parts of its value."""

    __slots__ = ("kind", "only", "needed", "by_augen", "by_won", "refused", "base", "most", "laufende", "factor")

    def __init__(self, rules: Schafkopf, table: _Table, hand_type: str, get: Callable[[str], Any]) -> None:
        kind = _KIND[hand_type]
        self.kind = kind
        self.only = checks.Only(rules._allowed(hand_type, kind) | ({"bock"} if table.manual else set()))
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
            self.base = Term(_LABEL[hand_type], "+", 0)
        elif rules.tarif:
            amount = {"rufspiel": "rufspiel", "bettel": "bettel", "ramsch": "ramsch"}.get(kind, "solo")
            self.base = Term(_LABEL[hand_type], "+", get(amount))
        else:
            self.base = Term(_LABEL[hand_type], "+", 1 if kind == "rufspiel" else 2)
        # The term each number of Laufende entered adds, by that number (None: it adds nothing).
        base_type = TOUTS.get(hand_type, hand_type)
        if kind == "sie":
            self.most, minimum = SIE_LAUFENDE, 0
        elif base_type in _TRUMPS:
            self.most = _TRUMPS[base_type][1 if table.short else 0]
            minimum = get("laufende_ab_wenz" if base_type in _WENZ_LIKE else "laufende_ab")
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


class _Table:
    """What a table's settings decide for every hand, worked out once per settings rather than per hand."""

    def __init__(self, rules: Schafkopf, settings: Settings) -> None:
        def get(key: str) -> Any:
            return rules._get(settings, key)

        self.tarif = rules.tarif
        self.bock = _bock_setting(settings)
        self.manual = "manuell" in self.bock
        self.re_makes_bock = "re" in self.bock
        self.tie_makes_bock = "gleichstand" in self.bock
        self.kein_spiel = get("kein_spiel")
        self.solo_selber_geber = bool(get("solo_selber_geber"))
        self.short = bool(get("kurzes_blatt"))
        self.schneider_spieler = get("schneider_spieler")
        self.schneider_gegner = get("schneider_gegner")
        self.unit = get("extra") if rules.tarif else 1  # of Schneider, Schwarz and each Laufender
        self.schneider = Term("Schneider", "+", self.unit)
        self.schwarz = Term("Schwarz", "+", self.unit)
        self.games = {hand_type: _Game(rules, self, hand_type, get) for hand_type in TYPES}
        # A Durchmarsch is scored as a Ramsch with its own base.
        self.durchmarsch = _Game(rules, self, "ramsch", get)
        self.durchmarsch.base = Term("Durchmarsch", "+", get("solo") if rules.tarif else 7)
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
        game: _Game,
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


class Schafkopf:
    """Bavarian Schafkopf; `tarif=False` scores the house rules in points, `tarif=True` the cash tariff in cents."""

    min_players = 4
    max_players = 6
    zero_sum = True

    def __init__(self, *, tarif: bool) -> None:
        self.tarif = tarif
        # The tariff's points are cents already, so a new table pays one cent per point.
        self.default_tariff = 1 if tarif else None
        self.types = dict(TYPES)
        # What a table's settings decide, worked out once per settings rather than per hand.
        self._table: PerSettings[_Table] = PerSettings(partial(_Table, self))
        if tarif:
            self.name = "schafkopf-tarif"
            self.summary = N_(
                "Schafkopf for money, the common Bavarian tariff in cents: Rufspiel 20, Solo 50, Bettel 20, "
                "10 per Schneider, Schwarz and Laufender, Klopfen/Kontra/Re double, Ramsch 20."
            )
            self.settings: dict[str, Setting] = _common_settings(schneider_spieler=31, schneider_gegner=30, bock=())
            self.settings.update(
                {
                    "rufspiel": Setting(20, N_("base of a Rufspiel, in cents"), minimum=1),
                    "solo": Setting(50, N_("base of every solo (tout and Sie included), and a Durchmarsch"), minimum=1),
                    "bettel": Setting(20, N_("base of Bettel and Bettel-Brett, in cents"), minimum=1),
                    "extra": Setting(
                        10, N_("for each of Schneider, Schwarz and each counted Laufender, in cents"), minimum=0
                    ),
                    "ramsch": Setting(
                        20, N_("what the Ramsch loser pays each other player (a Jungfrau twice)"), minimum=0
                    ),
                }
            )
        else:
            self.name = "schafkopf"
            self.summary = N_(
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
        return [state.bock.describe()] if self._table(settings).bock else []

    suits = SUITS  # what --farbe takes (offered by Tab)
    sauen = SAUEN  # what --sau takes

    def options_for(self, hand_type: str, settings: Settings | None = None) -> frozenset[str]:
        """The facts (Hand fields) `hand_type` may be entered with at a table of `settings`
        (default: the defaults): the very set `score` checks a hand against."""
        if settings is None:
            settings = {key: s.default for key, s in self.settings.items()}
        game = _Table(self, settings).games.get(hand_type)
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
            return self._zusammengeworfen(state, manual)
        knocks = hand.klopfen
        if knocks:
            self._check_knocks(knocks, state.active)
        if game.kind == "ramsch":
            return self._ramsch(table, state, hand, knocks, manual)
        return self._party_game(table, game, state, hand, knocks, manual)

    # -- statistics (the Statistics protocol of rules/table.py) ---------------------------------

    # A partner game announced by one player: he is its declarer, as a soloist is his solo's (the
    # Verlustspielgeld of a tournament, RULES.md §9).
    called_games = frozenset({"rufspiel"})

    stat_title = "Schafkopf"
    stat_notes = (N_("kontra: hands at the table when Kontra was said (by anyone); re: the same for Re."),)

    def stat_counts(self) -> dict[str, Any]:
        return {
            "solos": statistics.pw(),
            "tout": statistics.pw(),
            "sie": 0,
            "ramsch": {"played": 0, "lost": 0, "jungfrau": 0, "durchmarsch": 0},
            "klopfen": 0,
            "kontra": 0,
            "re": 0,
            "laufende": 0,
        }

    def stat_roles(self, hand_type: str, facts: Mapping[str, Any]) -> tuple[str | None, tuple[str, ...]]:
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
        if declarer is not None and declarer in counts and hand_type in STAT_SOLOS:
            statistics.count_solo(counts, declarer, seated, tout=hand_type.endswith("-tout"))
            if hand_type == "sie":
                counts[declarer]["sie"] += 1
        if hand_type == "ramsch":
            jungfrau = facts.get("jungfrau") or ()
            durch = facts.get("durchmarsch")
            for name, pts in seated:
                r = counts[name]["ramsch"]
                r["played"] += 1
                r["lost"] += pts < 0
                r["jungfrau"] += name in jungfrau
                r["durchmarsch"] += durch == name
        for name in facts.get("klopfen") or ():
            if name in counts:
                counts[name]["klopfen"] += 1
        if facts.get("kontra"):
            re = bool(facts.get("re"))
            for name, _pts in seated:
                counts[name]["kontra"] += 1
                counts[name]["re"] += re
        statistics.count_laufende(counts, facts, declarer, partners)

    def stat_tables(self, players: Sequence[Mapping[str, Any]]) -> list[list[list[Any]]]:
        w = statistics.won_of
        head = ["player", "solos", "tout", "sie", "klopfen", "kontra", "re", "laufende"]
        body = [
            [p["name"], w(p["solos"]), w(p["tout"]), p["sie"], p["klopfen"], p["kontra"], p["re"], p["laufende"]]
            for p in players
        ]
        ramsch = [
            [p["name"], p["ramsch"]["played"], p["ramsch"]["lost"], p["ramsch"]["jungfrau"], p["ramsch"]["durchmarsch"]]
            for p in players
        ]
        return [[head, *body], [["player", "ramsch", "lost", "jungfrau", "durchmarsch"], *ramsch]]

    def stat_from_report(self, counts: dict[str, Any], report_extras: Mapping[str, Any]) -> None:
        return None

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
    def _check_knocks(knocks: tuple[str, ...], active: tuple[str, ...]) -> None:
        for name in knocks:
            checks.seated(name, active, "--klopfen")
        if len(set(knocks)) != len(knocks):
            twice = next(n for n in knocks if knocks.count(n) > 1)
            raise HandError(_("--klopfen: {twice} knocked twice; each player can knock once.").format(twice=twice))

    @staticmethod
    def _laufende(table: _Table, game: _Game, hand: Hand) -> int:
        """The Laufende entered (8 in a Sie), after checking the most the game can have."""
        n = hand.laufende
        if game.kind == "sie":
            if n is not None and n != SIE_LAUFENDE:
                raise HandError(
                    _("--laufende in a Sie is always {SIE_LAUFENDE} (all Ober and Unter), not {n}.").format(
                        SIE_LAUFENDE=SIE_LAUFENDE, n=n
                    )
                )
            return SIE_LAUFENDE
        if n is None:
            return 0
        if not 0 <= n <= game.most:
            deck = " with kurzes_blatt" if table.short else ""
            raise HandError(
                _("--laufende must be between 0 and {most} in {type}{deck}, not {n}.").format(
                    most=game.most, type=hand.type, deck=deck, n=n
                )
            )
        return n

    # -- Rufspiel and the solos ------------------------------------------------------------------

    def _party_game(
        self, table: _Table, game: _Game, state: TableState, hand: Hand, knocks: tuple[str, ...], manual: int
    ) -> Result:
        kind = game.kind
        player = hand.player
        partner = hand.partner
        augen = hand.augen
        active = state.active
        # Every fact a game needs is None when not given; checks.need words which one is missing.
        if (
            player is None
            or (kind == "rufspiel" and partner is None)
            or (game.by_augen and augen is None)
            or (game.by_won and hand.won is None)
        ):
            checks.need(hand, *game.needed)
        assert player is not None
        checks.seated(player, active, "--player")
        if partner is not None:
            checks.seated(partner, active, "--partner")
            checks.different(player, partner)
        if hand.re and not hand.kontra:
            raise HandError(_("--re needs --kontra: Re can only answer a Kontra."))
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
        if kind == "sie" and hand.won is False:
            raise HandError(_("--lost does not apply to sie: a Sie is always won."))
        if augen is not None:
            checks.in_range(augen, 0, TOTAL_AUGEN, "--augen N")
            if hand.schwarz and augen not in (0, TOTAL_AUGEN):
                raise HandError(
                    _("--schwarz needs --augen N of 0 or 120 (one party took every trick), not {augen}.").format(
                        augen=augen
                    )
                )
        laufende = self._laufende(table, game, hand)

        by_augen = game.by_augen
        schneider = schwarz = False
        if by_augen:
            assert augen is not None
            won = augen >= 61
            schneider = augen < table.schneider_spieler or TOTAL_AUGEN - augen < table.schneider_gegner
            schwarz = hand.schwarz
        elif kind == "sie":
            won = True
        else:
            assert hand.won is not None
            won = hand.won

        terms, value, wording = table.value(
            game, schneider, schwarz, laufende, knocks, hand.kontra, hand.re, state.bock.factor
        )

        causes = manual
        if hand.re and table.re_makes_bock:
            causes += 1
        if augen == 60 and by_augen and table.tie_makes_bock:
            causes += 1

        signed = value if won else -value
        points = dict.fromkeys(active, -signed)
        if kind == "rufspiel":
            assert partner is not None
            points[player] = points[partner] = signed
            split, winners = _rufspiel_split(player, partner, active, won, value)
            # Positional, in the order of the fields: keyword arguments would double the cost of
            # making the payout and the result, once per hand of a replay.
            payout = Payout(points, value, terms, wording, split, None, winners)
            return Result(payout, state.carry, False, causes, True)
        points[player] = 3 * signed
        split, winners = _solo_split(player, active, won, value)
        payout = Payout(points, value, terms, wording, split, player, winners)
        # After a solo the same dealer deals again, so the solo does not use up a Bock hand; a table
        # that passes the deal after every hand (solo_selber_geber=false) uses one up as for any hand.
        again = table.solo_selber_geber
        return Result(payout, state.carry, again, causes, not again)

    # -- all passed -------------------------------------------------------------------------------

    def _zusammengeworfen(self, state: TableState, manual: int) -> Result:
        terms = (Term("Zusammengeworfen", "+", 0),)
        return Result(
            Payout(
                points={p: 0 for p in state.active},
                value=0,
                terms=terms,
                formula=formula(terms),
                split=_("thrown in: nobody scores, the deal passes on"),
            ),
            carry=state.carry,
            same_dealer=False,
            bock_causes=manual,
            consumes_bock=True,
        )

    def _ramsch(self, table: _Table, state: TableState, hand: Hand, knocks: tuple[str, ...], manual: int) -> Result:
        active = state.active
        tricks = 6 if table.short else 8
        durch = hand.durchmarsch
        augen = hand.augen_by_player
        stiche = hand.stiche

        if durch is not None:
            checks.seated(durch, active, "--durchmarsch")
            if hand.jungfrau:
                raise HandError(_("--jungfrau does not apply with --durchmarsch: a Durchmarsch is scored on its own."))
            if hand.loser is not None:
                raise HandError(_("--loser does not apply with --durchmarsch: nobody loses a Ramsch the others lost."))
        else:
            checks.need(hand, "augen_by_player")
        if augen:
            # A Durchmarsch needs no Augen: whatever is given must say that one player took all 120.
            checks.per_player(augen, active, None if durch is not None else TOTAL_AUGEN, "--augen NAME=N")
        if durch is not None:
            for name, n in augen.items():
                if n != (TOTAL_AUGEN if name == durch else 0):
                    raise HandError(
                        _("--durchmarsch: {durch} took every trick, so --augen {name}={value}, not {n}.").format(
                            durch=durch, name=name, value=TOTAL_AUGEN if name == durch else 0, n=n
                        )
                    )
        if stiche:
            checks.per_player(stiche, active, None, "--stiche NAME=N")
            for name, n in stiche.items():
                if n > tricks:
                    raise HandError(
                        _("--stiche NAME=N: {name}={n} is more than the {tricks} tricks of a hand.").format(
                            name=name, n=n, tricks=tricks
                        )
                    )
                if n == 0 and augen.get(name, 0) > 0:
                    raise HandError(
                        _("--stiche NAME=N: {name} took no trick but has {augen} Augen; check both.").format(
                            name=name, augen=augen[name]
                        )
                    )
                if durch is not None and n != (tricks if name == durch else 0):
                    raise HandError(
                        _(
                            "--stiche NAME=N: {durch} took every trick (--durchmarsch), so {name}={value}, not {n}."
                        ).format(durch=durch, name=name, value=tricks if name == durch else 0, n=n)
                    )
            if all(p in stiche for p in active) and sum(stiche.values()) != tricks:
                raise HandError(
                    _("--stiche NAME=N must add up to {tricks}; these add up to {sum}.").format(
                        tricks=tricks, sum=sum(stiche.values())
                    )
                )

        if durch is not None:
            return self._durchmarsch(table, state, durch, knocks, manual)

        if hand.jungfrau:
            checks.no_repeats(hand.jungfrau, "--jungfrau")
            for name in hand.jungfrau:
                checks.seated(name, active, "--jungfrau")
                if augen[name] > 0:
                    raise HandError(
                        _("--jungfrau: {name} has {augen} Augen; a Jungfrau took no trick, so 0 Augen.").format(
                            name=name, augen=augen[name]
                        )
                    )
                if stiche.get(name, 0) > 0:
                    raise HandError(
                        _("--jungfrau: {name} took no trick, so --stiche {name}=0, not {stiche}.").format(
                            name=name, stiche=stiche[name]
                        )
                    )
        # --stiche NAME=0 says the same as --jungfrau NAME.
        jungfrauen: tuple[str, ...] = ()
        if hand.jungfrau or stiche:
            jungfrauen = tuple(p for p in active if p in hand.jungfrau or stiche.get(p) == 0)

        loser = self._loser(hand, active, augen, stiche)

        bock = state.bock.factor
        terms, unit, wording = table.value(table.games["ramsch"], False, False, 0, knocks, False, False, bock)
        # The tariff pays a Jungfrau the whole amount twice; the house rules a fixed 2 more.
        bonus = unit if self.tarif else 2 * bock
        points = dict.fromkeys(active, unit)
        for name in jungfrauen:
            points[name] += bonus
        points[loser] = -3 * unit - bonus * len(jungfrauen)
        split, winners = _ramsch_split(loser, active, unit, bonus, jungfrauen)
        return Result(Payout(points, unit, terms, wording, split, None, winners), state.carry, False, manual, True)

    @staticmethod
    def _loser(hand: Hand, active: tuple[str, ...], augen: Mapping[str, int], stiche: Mapping[str, int]) -> str:
        """Most Augen loses; a tie goes to the most tricks where they were entered, else to --loser."""
        top = max([augen[p] for p in active])
        tied = [p for p in active if augen[p] == top]
        reason = _("{augen} Augen").format(augen=top)
        if len(tied) > 1 and all(p in stiche for p in tied):
            most = max(stiche[p] for p in tied)
            tied = [p for p in tied if stiche[p] == most]
            reason = ngettext("{augen} Augen and {count} trick", "{augen} Augen and {count} tricks", most).format(
                augen=top, count=most
            )
        if len(tied) == 1:
            if hand.loser is not None and hand.loser != tied[0]:
                checks.seated(hand.loser, active, "--loser")
                raise HandError(
                    _(
                        "--loser: {tied} loses with the most ({reason}), not {loser}; leave --loser out or name "
                        "the same player."
                    ).format(tied=tied[0], reason=reason, loser=hand.loser)
                )
            return tied[0]
        if hand.loser is None:
            raise HandError(
                _(
                    "--loser is needed: {names} tie on {reason}; name the one with more trumps (then the highest trump)."
                ).format(names=and_list(tied), reason=reason)
            )
        checks.seated(hand.loser, active, "--loser")
        if hand.loser not in tied:
            raise HandError(
                _("--loser must be one of {names} (tied on {reason}), not {loser}.").format(
                    names=and_list(tied), reason=reason, loser=hand.loser
                )
            )
        return hand.loser

    def _durchmarsch(
        self, table: _Table, state: TableState, durch: str, knocks: tuple[str, ...], manual: int
    ) -> Result:
        terms, unit, wording = table.value(table.durchmarsch, False, False, 0, knocks, False, False, state.bock.factor)
        points = {p: -unit for p in state.active}
        points[durch] = 3 * unit
        return Result(
            Payout(
                points=points,
                value=unit,
                terms=terms,
                formula=wording,
                split=_("Durchmarsch {name} +3×{unit} = {total}, each other −{unit}").format(
                    name=durch, unit=unit, total=signed(3 * unit)
                ),
                soloist=None,
                winners=(durch,),
            ),
            carry=state.carry,
            same_dealer=False,
            bock_causes=manual,
            consumes_bock=True,
        )


# -- the split as a sentence, and who won -------------------------------------------------------------
# A table has few players and values, so the same splits come again and again: each is worded
# once and shared, with its tuple of winners (the functions are pure, the cache is keyed by
# everything they read). A replay keeps every payout, so fewer new objects per hand also means
# less work for the garbage collector.


@worded(4096)
def _rufspiel_split(
    player: str, partner: str, active: tuple[str, ...], won: bool, value: int
) -> tuple[str, tuple[str, ...]]:
    party = (player, partner)
    others = tuple(p for p in active if p not in party)
    gain = value if won else -value
    split = _("Player {player} and partner {partner} {points} each; {others} {against} each").format(
        player=player, partner=partner, points=signed(gain), others=", ".join(others), against=signed(-gain)
    )
    return split, party if won else others


@worded(4096)
def _solo_split(player: str, active: tuple[str, ...], won: bool, value: int) -> tuple[str, tuple[str, ...]]:
    gain = value if won else -value
    split = _("Soloist {player} {sign}3×{value} = {points}, each opponent {against}").format(
        player=player, sign="+" if won else "−", value=value, points=signed(3 * gain), against=signed(-gain)
    )
    return split, (player,) if won else tuple(p for p in active if p != player)


@worded(4096)
def _ramsch_split(
    loser: str, active: tuple[str, ...], unit: int, bonus: int, jungfrauen: tuple[str, ...]
) -> tuple[str, tuple[str, ...]]:
    lost = -3 * unit - bonus * len(jungfrauen)
    split = _("Loser {name} −3×{unit}").format(name=loser, unit=unit)
    if jungfrauen:
        split += f" −{bonus}×{len(jungfrauen)} (Jungfrau)" if len(jungfrauen) > 1 else f" −{bonus} (Jungfrau)"
    split += _(" = {points}, each other +{unit}").format(points=signed(lost), unit=unit)
    for name in jungfrauen:
        split += _("; Jungfrau {name} +{bonus} more").format(name=name, bonus=bonus)
    return split, tuple(p for p in active if p != loser)


SCHAFKOPF = Schafkopf(tarif=False)
SCHAFKOPF_TARIF = Schafkopf(tarif=True)
