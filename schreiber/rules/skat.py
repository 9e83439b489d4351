"""`skat`: Skat after the Internationale Skatordnung (RULES.md §7). One declarer against two; the
list writes +V for a won game and −2V for a lost one; money is "everyone pays everyone the
difference"; Kontra/Re, Bock and Ramsch are club settings, off by default; the dealer of a table
of four sits out every hand, and the deal passes after every hand."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from schreiber.i18n import N_, _, voice
from schreiber.rules import checks, skat_evening
from schreiber.rules.model import Hand, HandError, Payout, Setting, Settings, Term, formula
from schreiber.rules.skat_evening import Carry, Evening
from schreiber.rules.skat_list import Listed
from schreiber.rules.skat_stats import SkatStatistics
from schreiber.rules.skat_tournament import SkatTournament
from schreiber.rules.skat_values import (
    BASE,
    BIDS,
    GAME_LABEL,
    MOST_SPITZEN,
    NULL,
    NULL_LABEL,
    SCHNEIDER,
    SCHNEIDER_FREI,
    SKAT_AUGEN,
    TOTAL_AUGEN,
    WIN,
    declarer,
    levels,
    overbid_multiple,
)
from schreiber.rules.skat_words import HELP as _HELP, TYPES
from schreiber.rules.table import Result, TableState
from schreiber.rules.words import MINUS, and_list

_SUIT_FACTS = frozenset(
    {
        "player",
        "spitzen",
        "ohne",
        "augen",
        "hand",
        "schneider_angesagt",
        "schwarz_angesagt",
        "ouvert",
        "schwarz",
        "won",
        "reizwert",
        "kontra",
        "re",
        "bock",
    }
)
_NULL_FACTS = frozenset({"player", "hand", "ouvert", "won", "reizwert", "kontra", "re", "bock"})
_FIELDS: dict[str, frozenset[str]] = {
    **dict.fromkeys(BASE, _SUIT_FACTS),
    "null": _NULL_FACTS,
    "eingepasst": frozenset({"bock"}),
    "ramsch": frozenset({"augen_by_player", "jungfrau", "durchmarsch", "bock"}),
}
_ONLY = {t: checks.Only(f) for t, f in _FIELDS.items()}
# Facts only some tables play, each behind its setting.
_CLUB = {"kontra": ("kontra", "Kontra"), "re": ("kontra", "Re"), "bock": ("bock", "Bock")}

_SPITZE = re.compile(r"([mo])(\d{1,2})")

_KONTRA = Term("Kontra", "×", 2)
_RE = Term("Re", "×", 2)
_BOCK = {2: Term("Bock", "×", 2), 4: Term("Doppelbock", "×", 4)}
_NULL_TERMS = {key: (Term(label, "+", NULL[key]),) for key, label in NULL_LABEL.items()}
_SPIEL = Term("Spiel", "+", 1)
_LEVEL = {
    name: Term(name, "+", 1)
    for name in ("Hand", "Schneider", "Schneider angesagt", "Schwarz", "Schwarz angesagt", "ouvert")
}
_EINGEPASST = (Term("eingepasst", "+", 0),)
# A suit game's or grand's value by what it depends on (see Skat._game); kept small.
_VALUED: dict[tuple[Any, ...], tuple[tuple[Term, ...], str, int, bool, int]] = {}


def _on(settings: Settings, key: str) -> bool:
    return bool(settings.get(key, False))


class Skat(Evening, Listed, SkatTournament, SkatStatistics):
    """Skat: the declarer +V for a won game, −2V for a lost one, the others 0 (not zero-sum); its evening, list,
    tournament and statistics come in as mixins (rules/skat_evening.py, skat_list.py, skat_tournament.py,
    skat_stats.py)."""

    name = "skat"
    summary = N_(
        "Skat after the ISkO, the written list: suit games 9/10/11/12 and grand 24 × (Spitzen + 1 + Hand, Schneider, "
        "Schwarz, announcements, ouvert), null 23/35/46/59, overbid; won +V, lost −2V; 3 or 4 at the table (the "
        "dealer sits out); Kontra/Re, Bock and Ramsch as club settings."
    )
    settings: dict[str, Setting] = {
        "kontra": Setting(False, N_("Kontra and Re may be given (×2 each)")),
        "bock": Setting(
            False, N_("Bock rounds (×2, as many hands as players at the table) after a 60:60, a Re or --bock")
        ),
        "ramsch": Setting(False, N_("when all pass, a Ramsch is played instead of eingepasst")),
        **skat_evening.SETTINGS,
    }
    types = TYPES
    min_players = 3
    augen_total = TOTAL_AUGEN
    max_players = 4
    zero_sum = False

    # -- the protocol ---------------------------------------------------------------------------

    def seats_per_hand(self, settings: Settings, players: int) -> int:
        return 3

    def start(self, settings: Settings, players: tuple[str, ...]) -> Any:
        """What the table carries: whether it plays Ramsch (so the page offers only the types played), and
        the evening's counts where its settings ask for them (rules/skat_evening.py)."""
        return Carry(_on(settings, "ramsch"), skat_evening.wanted(settings))

    def playable_types(self, state: TableState) -> tuple[str, ...]:
        """The types the entry page offers: Ramsch only where the table plays it."""
        return tuple(t for t in TYPES if t != "ramsch" or state.carry.ramsch)

    def status(self, settings: Settings, state: TableState) -> list[str]:
        return [state.bock.describe()] if _on(settings, "bock") else []

    def options_for(self, hand_type: str, settings: Settings | None = None) -> frozenset[str]:
        """The options a type takes (Ramsch's too where the table plays none: `add ramsch --help` shows
        them, and `score` says the table does not play it); Kontra, Re and Bock only where played."""
        allowed = _FIELDS.get(hand_type, frozenset())
        if settings is None:
            settings = {key: s.default for key, s in self.settings.items()}
        return frozenset(f for f in allowed if f not in _CLUB or _on(settings, _CLUB[f][0]))

    def score(self, settings: Settings, state: TableState, hand: Hand) -> Result:
        allowed = _FIELDS.get(hand.type)
        if allowed is None or hand.type == "ramsch" and not _on(settings, "ramsch"):
            if hand.type == "ramsch":
                raise HandError(
                    _("ramsch is not played at this table (setting ramsch=false); all passed is eingepasst.")
                )
            raise HandError(
                _("{type} is not a hand type of skat; use one of {types}.").format(
                    type=hand.type, types=", ".join(t for t in TYPES if t != "ramsch" or _on(settings, "ramsch"))
                )
            )
        if hand.kontra or hand.re or hand.bock:
            for fact, (setting, word) in _CLUB.items():
                if getattr(hand, fact) and not _on(settings, setting):
                    raise HandError(
                        _("--{option}: {word} is not played at this table (setting {setting}=false).").format(
                            option=fact, word=word, setting=setting
                        )
                    )
        if hand.sits_out:
            # Only at a table of 4 does anyone sit out, and there it is the dealer (`--dealer` names another).
            raise HandError(
                _(
                    "--sits-out: at a Skat table of 4 the dealer sits out every hand; name the dealer with --dealer instead."
                )
            )
        _ONLY[hand.type](hand)
        if hand.re and not hand.kontra:
            raise HandError(_("--re needs --kontra: Re answers a Kontra."))
        if hand.type == "eingepasst":
            payout = Payout(
                dict.fromkeys(state.players, 0), 0, _EINGEPASST, "eingepasst: 0", _("all passed: 0 for everyone")
            )
            return self._result(settings, state, payout, hand, 0)
        if hand.type == "ramsch":
            return self._ramsch(settings, state, hand)
        if hand.player not in state.active:
            checks.need(hand, "player")
            checks.seated(hand.player, state.active, "--player")  # type: ignore[arg-type]
        if hand.reizwert is not None and hand.reizwert not in BIDS:
            raise HandError(
                _("--reizwert {bid} is no game value; a bid is 18, 20, 22, 23, 24, 27, 30 … up to 264.").format(
                    bid=hand.reizwert
                )
            )
        if hand.type == "null":
            return self._null(settings, state, hand)
        return self._game(settings, state, hand)

    # -- the games --------------------------------------------------------------------------------

    def _game(self, settings: Settings, state: TableState, hand: Hand) -> Result:
        if hand.spitzen is None:
            # Its own sentence: the Spitzen are plural ("Spitzen fehlen" on the German page).
            raise HandError(_("--spitzen N are needed for {type}: mit or ohne how many.").format(type=hand.type))
        most = MOST_SPITZEN[hand.type]
        if not 1 <= hand.spitzen <= most:
            raise HandError(
                _("--spitzen must be between 1 and {most} in {type}, not {spitzen}.").format(
                    most=most, type=hand.type, spitzen=hand.spitzen
                )
            )
        for flag, option in (
            (hand.schneider_angesagt, "--schneider-angesagt"),
            (hand.schwarz_angesagt, "--schwarz-angesagt"),
        ):
            if flag and not (hand.hand or hand.ouvert):
                raise HandError(
                    _("{option} needs --hand: Schneider and Schwarz are announced only in a Hand game.").format(
                        option=option
                    )
                )
        by_tricks = hand.schwarz_angesagt or hand.ouvert
        announced = "--ouvert" if hand.ouvert else "--schwarz-angesagt"
        if by_tricks:
            if hand.augen is not None:
                raise HandError(
                    _(
                        "--augen is not entered with {option}: every trick decides the game; give --won or --lost."
                    ).format(option=announced)
                )
            if hand.schwarz:
                raise HandError(
                    _("--schwarz is not entered with {option}: Schwarz counts already; give --won or --lost.").format(
                        option=announced
                    )
                )
            checks.need(hand, "won")
        else:
            if hand.won is not None:
                raise HandError(
                    _(
                        "--won/--lost decides only a game with --schwarz-angesagt or --ouvert; the Augen decide {type}: give --augen N."
                    ).format(type=hand.type)
                )
            checks.need(hand, "augen")
            assert hand.augen is not None
            checks.in_range(hand.augen, 0, TOTAL_AUGEN, "--augen N")
            if hand.schwarz and not (hand.augen == TOTAL_AUGEN or hand.augen <= SKAT_AUGEN):
                raise HandError(
                    _(
                        "--schwarz needs --augen 120 (the declarer took every trick) or 0–22 (he took none; "
                        "the Augen of his Skat are his), not {augen}."
                    ).format(augen=hand.augen)
                )
        augen = hand.augen
        # What the value depends on: the declaration, and of the Augen only which side of 30, 60, 61 and 90 they fall.
        key = (
            hand.type,
            hand.spitzen,
            hand.ohne,
            hand.hand,
            hand.schneider_angesagt,
            hand.schwarz_angesagt,
            hand.ouvert,
            None if augen is None else (augen >= SCHNEIDER, augen >= WIN, augen < SCHNEIDER_FREI, augen == 60),
            hand.schwarz,
            hand.won,
            hand.reizwert,
            voice(),
        )
        valued = _VALUED.get(key)
        if valued is None:
            if len(_VALUED) > 4096:
                _VALUED.clear()
            valued = _VALUED[key] = self._value(hand)
        terms, said, value, won, causes = valued
        return self._declared(settings, state, hand, terms, said, value, won, causes)

    def _value(self, hand: Hand) -> tuple[tuple[Term, ...], str, int, bool, int]:
        """A suit game's or grand's terms, breakdown, value, whether it was won and its Bock causes
        (a 60:60), overbid counted."""
        assert hand.spitzen is not None
        base = BASE[hand.type]
        spitzen = f"{'ohne' if hand.ohne else 'mit'} {hand.spitzen}"
        bid = hand.reizwert
        # An overbid is recorded whatever it could have reached (K13, ISkO 5.4.2): a Hand game whose
        # Spitzen changed with the Skat, a declarer who had to declare something.
        named, won = levels(hand)
        multiplier = hand.spitzen + 1 + len(named)
        value = base * multiplier
        terms = [
            Term(spitzen, "+", hand.spitzen),
            _SPIEL,
            *(_LEVEL[n] for n in named),
            Term(GAME_LABEL[hand.type], "×", base),
        ]
        shown = [n for n in named if n != "Hand"] if not hand.ouvert else []
        said = f"{self._name(hand)} {spitzen}" + (", " + ", ".join(shown) if shown else "")
        said += f": {base} × {multiplier} = {value}"
        if bid is not None and value < bid:
            won = False
            reached = overbid_multiple(base, bid)
            terms.append(Term(_("overbid (Reizwert {bid})").format(bid=bid), "+", base * (reached - multiplier)))
            value = base * reached
            said += ", " + _("overbid (Reizwert {bid})").format(bid=bid) + f": {base} × {reached} = {value}"
        return tuple(terms), said, value, bool(won), 1 if hand.augen == 60 else 0

    def _null(self, settings: Settings, state: TableState, hand: Hand) -> Result:
        checks.need(hand, "won")
        key = (hand.hand, hand.ouvert)
        value = NULL[key]
        if hand.reizwert is not None and hand.reizwert > value:
            raise HandError(
                _("--reizwert {bid}: {game} is worth {value}, so it cannot have been played at {bid}.").format(
                    bid=hand.reizwert, game=NULL_LABEL[key], value=value
                )
            )
        return self._declared(
            settings, state, hand, _NULL_TERMS[key], f"{NULL_LABEL[key]}: {value}", value, bool(hand.won), 0
        )

    def _declared(
        self,
        settings: Settings,
        state: TableState,
        hand: Hand,
        terms: tuple[Term, ...],
        said: str,
        value: int,
        won: bool,
        causes: int,
    ) -> Result:
        """The payout of a declared game: Kontra, Re and Bock on its value, +V or −2V to the declarer."""
        assert hand.player is not None
        factor = state.bock.factor
        if hand.kontra or factor > 1:
            more = list(terms)
            for given, term in ((hand.kontra, _KONTRA), (hand.re, _RE)):
                if given:
                    more.append(term)
                    value *= 2
                    said += f", {term.label} ×2 = {value}"
            if factor > 1:
                term = _BOCK[factor]
                more.append(term)
                value *= factor
                said += f", {term.label} ×{factor} = {value}"
            terms = tuple(more)
        points = dict.fromkeys(state.players, 0)
        if won:
            points[hand.player] = value
            split = _("won: {name} +{value}").format(name=hand.player, value=value)
        else:
            points[hand.player] = -2 * value
            split = _("lost: {name} {minus}2 × {value} = {minus}{double}").format(
                name=hand.player, value=value, double=2 * value, minus=MINUS
            )
        payout = Payout(points, value, terms, said, split, hand.player, (hand.player,) if won else ())
        return self._result(settings, state, payout, hand, causes + hand.re)

    def _ramsch(self, settings: Settings, state: TableState, hand: Hand) -> Result:
        active = state.active
        factor = state.bock.factor
        if hand.durchmarsch is not None:
            checks.seated(hand.durchmarsch, active, "--durchmarsch")
            if hand.augen_by_player or hand.jungfrau:
                raise HandError(
                    _("--durchmarsch: {name} took every trick, so give no --augen or --jungfrau with it.").format(
                        name=hand.durchmarsch
                    )
                )
            terms, value, said = self._bock_on(
                [Term("Durchmarsch", "+", TOTAL_AUGEN)], TOTAL_AUGEN, f"Durchmarsch: {TOTAL_AUGEN}", factor
            )
            payout = Payout(
                {**dict.fromkeys(active, 0), hand.durchmarsch: value},
                value,
                tuple(terms),
                said,
                _("Durchmarsch: {name} +{value}").format(name=hand.durchmarsch, value=value),
                hand.durchmarsch,
                (hand.durchmarsch,),
            )
            return self._result(settings, state, payout, hand, 0)
        checks.per_player(hand.augen_by_player, active, TOTAL_AUGEN, "--augen NAME=N")
        augen = hand.augen_by_player
        checks.no_repeats(hand.jungfrau, "--jungfrau")
        if len(hand.jungfrau) > 1:
            raise HandError(
                _("--jungfrau: two players who took no trick make a Durchmarsch; enter --durchmarsch NAME instead.")
            )
        for name in hand.jungfrau:
            checks.seated(name, active, "--jungfrau")
            if augen[name]:
                raise HandError(
                    _("--jungfrau: {name} has {augen} Augen, so took a trick.").format(name=name, augen=augen[name])
                )
        most = max(augen.values())
        losers = tuple(p for p in active if augen[p] == most)
        terms = [Term(_("Ramsch: the most Augen"), "+", most)]
        value = most
        if hand.jungfrau:
            terms.append(Term("Jungfrau", "×", 2))
            value *= 2
        terms, value, said = self._bock_on(terms, value, formula(terms), factor)
        # The split names what is paid: in a Bock round the doubled points (issue 39.7).
        payout = Payout(
            {p: (-value if p in losers else 0) for p in active},
            value,
            tuple(terms),
            said,
            _("{names} {minus}{value}").format(names=and_list(losers), value=value, minus=MINUS),
        )
        return self._result(settings, state, payout, hand, 0)

    @staticmethod
    def _bock_on(terms: list[Term], value: int, said: str, factor: int) -> tuple[list[Term], int, str]:
        """A Ramsch under Bock: its value doubled (or ×4), the factor among its terms and in its breakdown."""
        if factor > 1:
            value *= factor
            return [*terms, _BOCK[factor]], value, f"{said}, {_BOCK[factor].label} ×{factor} = {value}"
        return terms, value, said

    def _result(self, settings: Settings, state: TableState, payout: Payout, hand: Hand, causes: int) -> Result:
        causes += hand.bock
        if causes and not _on(settings, "bock"):
            causes = 0
        carry = state.carry
        if carry.counting:
            carry = skat_evening.tallied(carry, state.players, payout.points, declarer(hand))
        # A Bock round lasts as many hands as players at the table, the dealer who sits out included.
        return Result(payout, carry, bock_causes=causes, bock_length=len(state.players))

    @staticmethod
    def _name(hand: Hand) -> str:
        """ "Grand Hand", "Kreuz ouvert", "Pik"."""
        label = GAME_LABEL[hand.type]
        if hand.ouvert:
            return f"{label} ouvert"
        return f"{label} Hand" if hand.hand else label

    # -- money, short forms ------------------------------------------------------------

    def money(self, points: Mapping[str, int], tariff: int) -> dict[str, int]:
        """Everyone pays everyone the difference: player i gets tariff × (n × Pᵢ − ΣP)."""
        n, total = len(points), sum(points.values())
        return {p: tariff * (n * v - total) for p, v in points.items()}

    def shorthand(self, word: str) -> tuple[str, ...] | None:
        """`m2` → --spitzen 2, `o2` → --spitzen 2 --ohne, `h` → --hand, as players say them."""
        key = word.casefold()
        if key == "h":
            return ("--hand",)
        found = _SPITZE.fullmatch(key)
        if found is None:
            return None
        return ("--spitzen", found[2], "--ohne") if found[1] == "o" else ("--spitzen", found[2])

    def option_help(self, hand_type: str) -> dict[str, str | None]:
        """The help of `add TYPE --help` in Skat's words, by parameter (untranslated: N_); None leaves
        an option out (`--sits-out`: the dealer of a table of 4 sits out by rule)."""
        return {**_HELP.get(hand_type, {}), "sits_out": None}

    # The Augen a phone offers as one tap: either side of Schneider (30/31 for the declarer,
    # 89/90 to win it) and of the game (60/61).
    quick_augen = (0, 30, 31, 60, 61, 89, 90, 120)

    def entry_form(self, hand_type: str) -> dict[str, dict[str, list[Any]]]:
        """The page's buttons for the Spitzen, and what an announcement changes: a game decided by
        every trick (Schwarz angesagt, ouvert) takes won/lost instead of Augen and --schwarz, and
        Schneider or Schwarz is announced only in a Hand game."""
        if hand_type not in BASE:
            return {}
        by_tricks = ["schwarz_angesagt", "ouvert"]
        return {
            "choices": {"spitzen": list(range(1, MOST_SPITZEN[hand_type] + 1))},
            "hidden_if": {"augen": by_tricks, "schwarz": by_tricks},
            "shown_if": {"won": by_tricks, "schneider_angesagt": ["hand"], "schwarz_angesagt": ["hand"]},
        }


SKAT = Skat()
