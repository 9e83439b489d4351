"""Doppelkopf: the Alten table of the seed text (`doppelkopf`) and the DDV tournament rules
(`doppelkopf-turnier`), with solos, spot points, Hammelrennen, Schiebekopf, Bock and Musssolo.

The class checks a hand and names its parties; what a party game is worth is in alten.py and
turnier.py, the hands without parties in without_parties.py, the Musssolo round and the Bock
triggers in rounds.py, the words in words.py, what `stats` counts in stats.py.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import partial
from typing import Any

from schreiber.i18n import N_, _, worded
from schreiber.rules import checks
from schreiber.rules.four_and_five import FourAndFive
from schreiber.rules.doppelkopf import alten, rounds, turnier, without_parties
from schreiber.rules.doppelkopf.party import (
    ABSAGEN,
    FARBEN,
    RE,
    SOLOS,
    SPOT_FIELDS,
    STAKES,
    VALUE_FACTS,
    VALUE_FIELDS,
    Game,
    allowed,
    check_given,
    check_spots,
    others,
)
from schreiber.rules.doppelkopf.rounds import Musssolo
from schreiber.rules.doppelkopf.settings import (
    BOCK_TRIGGERS,
    SEED_SETTINGS,
    SEED_TYPES,
    TURNIER_SETTINGS,
    TURNIER_TYPES,
)
from schreiber.rules.doppelkopf.stats import DoppelkopfStatistics
from schreiber.rules.doppelkopf.words import shared
from schreiber.rules.model import (
    OPTION_OF,
    Hand,
    HandError,
    Payout,
    PerSettings,
    Setting,
    Settings,
    SettingsError,
    Term,
    evaluate,
)
from schreiber.rules.table import Result, TableState


class Doppelkopf(DoppelkopfStatistics, FourAndFive):
    """One Doppelkopf preset: the seed's Alten table or the DDV tournament rules (`turnier`)."""

    min_players = 4
    default_hands = 24  # a tournament round (RULES.md §6) unless `--hands` says
    augen_total = 240
    max_players = 6
    zero_sum = True

    def __init__(
        self, name: str, summary: str, turnier: bool, settings: dict[str, Setting], types: dict[str, str]
    ) -> None:
        self.name = name
        self.summary = summary
        self.turnier = turnier
        self.settings = settings
        self.types = types
        # What a table's settings decide, worked out once per settings rather than per hand.
        self._table: PerSettings[_Table] = PerSettings(partial(_Table, self))

    # -- the RuleSet protocol -------------------------------------------------------------

    def seats_per_hand(self, settings: Settings, players: int) -> int:
        return 4

    def start(self, settings: Settings, players: tuple[str, ...]) -> Musssolo:
        return Musssolo()

    def score(self, settings: Settings, state: TableState, hand: Hand) -> Result:
        if hand.type not in self.types:
            raise HandError(
                _("{type} is not a hand type of {name}; use one of {types}.").format(
                    type=hand.type, name=self.name, types=", ".join(self.types)
                )
            )
        if hand.bock:
            rounds.check_bock_flag(partial(self._get, settings))
        if hand.type == "zusammengeworfen":
            checks.only(hand, ("bock",))
            return without_parties.thrown_in(partial(self._get, settings), state, hand)
        if hand.type == "hammelrennen":
            return without_parties.hammelrennen(partial(self._get, settings), state, hand)
        if hand.type == "schiebekopf":
            return without_parties.schiebekopf(partial(self._get, settings), state, hand)
        table = self._table(settings)
        game = self._game(state, hand, table)
        carry = state.carry
        if (
            hand.pflicht
            or not isinstance(carry, Musssolo)
            or carry.played
            or carry.round != state.hands // (table.round_spiele or len(state.players))
        ):
            carry = rounds.musssolo_after(table.get, state, hand, game)
        # else the usual hand: no Pflichtsolo in this round yet, and none now; the carry stays.
        # The value depends on the Augen only through the thresholds the rules compare them with:
        # any Augen between the same two thresholds score alike, so the lowest of them stands in
        # for all (see _Table.cuts), and each combination of facts is worked out once per table.
        side, winner, value, terms, worded, bock_causes = table.value(
            hand.type,
            game.solo,
            table.lows[bisect_right(table.cuts, game.augen)],
            game.schwarz,
            VALUE_FACTS(hand),
            state.bock.factor,
        )
        payout = self._payout(
            state.active, game, side, value, terms, worded, game.members(winner) if winner is not None else ()
        )
        same = hand.pflicht and game.solo and table.selber_geber
        # As in Schafkopf, a hand the same dealer deals again after does not use up a Bock hand.
        return Result(payout, carry, same, bock_causes, not same)

    def status(self, settings: Settings, state: TableState) -> list[str]:
        return rounds.status(partial(self._get, settings), state)

    def player_extras(self, settings: Settings, state: TableState) -> dict[str, dict[str, object]]:
        """For each player whether his Musssolo of the current round is "offen" or "gespielt"."""
        return rounds.player_extras(partial(self._get, settings), state)

    def check_settings(self, settings: Settings) -> None:
        # The stored value of a multi setting may be a list; only the known triggers make sense.
        for trigger in rounds.bock_triggers(partial(self._get, settings)):
            if trigger not in BOCK_TRIGGERS:
                raise SettingsError(
                    _("--set bock: {trigger} is not allowed; use {BOCK_TRIGGERS}.").format(
                        trigger=repr(trigger), BOCK_TRIGGERS=", ".join(BOCK_TRIGGERS)
                    )
                )

    # -- helpers ------------------------------------------------------------------------------

    suits = FARBEN  # what --farbe takes (offered by Tab)

    def options_for(self, hand_type: str, settings: Settings | None = None) -> frozenset[str]:
        """The facts (Hand fields) `hand_type` may be entered with: the sets `score` checks against
        (a Hochzeit takes those of a normal game and, without --partner, of a solo)."""
        if hand_type not in self.types:
            return frozenset()
        bock = ("bock",)
        if hand_type == "zusammengeworfen":
            return frozenset(bock)
        if hand_type == "hammelrennen":
            ohne_stich = bool(self._get(settings or {}, "hammel_ohne_stich"))
            return frozenset(("winner", "stiche", *bock) if ohne_stich else ("augen_by_player", "winner", *bock))
        if hand_type == "schiebekopf":
            return frozenset(("augen_by_player", *bock))
        if hand_type == "hochzeit":
            return frozenset(allowed(self.turnier, hand_type, False) | allowed(self.turnier, hand_type, True))
        return frozenset(allowed(self.turnier, hand_type, hand_type in SOLOS))

    def _get(self, settings: Settings, key: str) -> Any:
        return settings.get(key, self.settings[key].default) if key in self.settings else settings.get(key)

    def _value(
        self,
        settings: Settings,
        hand_type: str,
        solo: bool,
        augen: int,
        schwarz: bool,
        values: tuple[Any, ...],
        factor: int,
    ) -> tuple[str, str | None, int, tuple[Term, ...], str, int]:
        """A checked party game's value, without its players: (the side V is counted for, the
        winning party or None, V, the terms, the formula, the Bock rounds it causes).

        `values` are the facts of party.VALUE_FIELDS; `augen` may stand in for others (see _Table.cuts).
        """
        facts = Hand(hand_type, augen=augen, schwarz=schwarz, **dict(zip(VALUE_FIELDS, values, strict=True)))
        game = Game((), (), solo, augen, schwarz)
        get = partial(self._get, settings)
        if self.turnier:
            side, winner, terms, worded, causes = turnier.value(get, factor, facts, game)
        else:
            side, winner, terms, worded, causes = alten.value(get, factor, facts, game)
        return side, winner, evaluate(terms), terms, worded, causes

    def _game(self, state: TableState, hand: Hand, table: _Table) -> Game:
        """Check a normal game / Hochzeit / solo against the table and name its two parties."""
        t = hand.type
        solo = t in SOLOS or (t == "hochzeit" and hand.partner is None)
        # The usual hand gives only facts its type takes at this table: one comparison. Any other
        # goes through the checks below, which name what is wrong.
        if not table.only[t, solo].fits(hand):
            check_given(self.turnier, table.get, hand, solo)
        if hand.player is None:
            checks.need(hand, "player")
        if t == "normal" and hand.partner is None:
            checks.need(hand, "partner")
        if t == "farbsolo":
            checks.need(hand, "farbe")
            if hand.farbe not in FARBEN:
                raise HandError(
                    _("--farbe must be one of {FARBEN}, not {farbe}.").format(
                        FARBEN=", ".join(FARBEN), farbe=repr(hand.farbe)
                    )
                )
        if hand.augen is None:
            checks.need(hand, "augen")
        active = state.active
        assert hand.player is not None and hand.augen is not None
        checks.seated(hand.player, active, "--player")
        if hand.partner is not None:
            checks.different(hand.player, hand.partner)
            checks.seated(hand.partner, active, "--partner")
        checks.in_range(hand.augen, 0, 240, "--augen N")
        if hand.schwarz and hand.augen not in (0, 240):
            raise HandError(
                _("--schwarz needs --augen N of 0 or 240 (the losing party took no trick), not {augen}.").format(
                    augen=hand.augen
                )
            )
        for f, value in (("re_absage", hand.re_absage), ("kontra_absage", hand.kontra_absage)):
            if value is not None and value not in ABSAGEN:
                raise HandError(
                    _("{option} must be 90, 60, 30 or 0 (schwarz), not {value}.").format(
                        option=OPTION_OF[f], value=value
                    )
                )
        re = (hand.player,) if solo or hand.partner is None else (hand.player, hand.partner)
        game = Game(re, others(active, re), solo, hand.augen, hand.schwarz)
        if not solo:
            check_spots(hand, game)
        return game

    def _payout(
        self,
        active: tuple[str, ...],
        game: Game,
        side: str,
        value: int,
        terms: tuple[Term, ...],
        formula: str,
        winners: tuple[str, ...],
    ) -> Payout:
        """Share V: each player of `side` gets V and each of the other −V; a soloist counts 3×."""
        re = value if side == RE else -value
        solo = game.solo
        # In seat order (Re and Kontra are the players holding cards), as the fold names them.
        points = {p: (3 * re if solo else re) if p in game.re else -re for p in active}
        split = shared(game.re, game.kontra, game.solo, side, value)
        # Positional, in the order of the fields: made once per hand of a replay.
        return Payout(points, value, terms, formula, split, game.re[0] if game.solo else None, winners)


class _Table:
    """What a table's settings decide for every hand, worked out once per settings rather than per hand."""

    def __init__(self, rules: Doppelkopf, settings: Settings) -> None:
        self.get = partial(rules._get, settings)  # the table's setting of a key
        self.round_spiele = int(rules._get(settings, "musssolo_runde_spiele"))
        self.selber_geber = rules.turnier or bool(rules._get(settings, "pflichtsolo_selber_geber"))
        # The check of the facts given, per hand type and solo or not: a spot point this table does
        # not play (stake 0) is not among them, so a hand giving it goes on to the sentence.
        unplayed = set()
        if not rules.turnier:
            unplayed = {f for f in SPOT_FIELDS if int(rules._get(settings, STAKES[f])) == 0}
        self.only = {
            (hand_type, solo): checks.Only(allowed(rules.turnier, hand_type, solo) - unplayed)
            for hand_type in rules.types
            for solo in (False, True)
        }
        # The Augen at which a party game's score can change: any Augen from one cut up to the next
        # score alike (the lowest stands in for them all).
        if rules.turnier:
            self.cuts = turnier.CUTS
        else:
            # Re wins from 121, 120:120, 240 for a stilles Solo, a party without a trick (0, 240),
            # Schneider under the setting for either party.
            under = int(rules._get(settings, "schneider_unter"))
            self.cuts = tuple(sorted({1, 120, 121, 240, under, 241 - under}))
        self.lows = (0, *self.cuts)
        value = rules._value
        self.value = worded(8192)(lambda *facts: value(settings, *facts))


DOPPELKOPF = Doppelkopf(
    name="doppelkopf",
    summary=N_("Doppelkopf after the Alten table: +5/10/15 won, −10/20/30 lost, solo 3×, Fuchs, Karlchen, Altenstrafe"),
    turnier=False,
    settings=SEED_SETTINGS,
    types=SEED_TYPES,
)

DOPPELKOPF_TURNIER = Doppelkopf(
    name="doppelkopf-turnier",
    summary=N_("Doppelkopf after the DDV tournament rules: 1 point a step, Ansagen, Absagen, Sonderpunkte, solo 3×"),
    turnier=True,
    settings=TURNIER_SETTINGS,
    types=TURNIER_TYPES,
)
