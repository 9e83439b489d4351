"""Doppelkopf: the Alten table of the seed text (`doppelkopf`) and the DDV tournament rules
(`doppelkopf-turnier`), with solos, spot points, Hammelrennen, Schiebekopf, Bock and Musssolo."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from operator import attrgetter
from typing import Any

from schreiber.i18n import N_, _, ngettext, worded
from schreiber.rules import checks, statistics
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
from schreiber.rules.words import signed

SOLOS = ("trumpfsolo", "farbsolo", "grandsolo", "bubensolo", "damensolo", "fleischlos", "stilles-solo")
FARBEN = ("kreuz", "pik", "herz", "karo")
ABSAGEN = (90, 60, 30, 0)
SPOT_FIELDS = ("fuchs_re", "fuchs_kontra", "doppelkopf_re", "doppelkopf_kontra", "karlchen", "altenstrafe")
# The setting that stakes each spot point at the Alten table (0: not played).
_STAKES = {
    "fuchs_re": "fuchs",
    "fuchs_kontra": "fuchs",
    "doppelkopf_re": "doppelkopf",
    "doppelkopf_kontra": "doppelkopf",
    "karlchen": "karlchen",
    "altenstrafe": "altenstrafe",
}
BOCK_TRIGGERS = ("re", "kontra", "gleichstand", "solo_verloren", "manuell")
RE, KONTRA = "Re", "Kontra"


@dataclass(frozen=True)
class Musssolo:
    """The Pflichtsolos played per player in the round `round` (0 = the first hands of the table)."""

    round: int = 0
    played: tuple[tuple[str, int], ...] = ()


# Slotted, not frozen: one is made per hand of a replay, and nothing changes it after.
@dataclass(slots=True)
class _Game:
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


def _other(party: str) -> str:
    return KONTRA if party == RE else RE


def _absage_name(level: int) -> str:
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


def _bock_setting() -> Setting:
    # The same triggers and queue in both presets; off by default, so the tournament rules stay as they are.
    return Setting(
        (),
        N_("Bock round triggers: re, kontra (announced), gleichstand (120:120), solo_verloren, manuell (--bock)"),
        choices=BOCK_TRIGGERS,
        multi=True,
    )


def _common_settings() -> dict[str, Setting]:
    return {
        "musssolo_pro_runde": Setting(
            0,
            N_("Musssolos (Pflichtsolos) each player owes per round; the report tracks them (0 = off)"),
            minimum=0,
            maximum=4,
        ),
        "musssolo_runde_spiele": Setting(
            0,
            N_("hands in a Musssolo round, counted from the first hand (0 = as many as players at the table)"),
            minimum=0,
        ),
    }


SEED_SETTINGS: dict[str, Setting] = {
    "schneider_unter": Setting(90, N_("Schneider: the losing party has fewer Augen than this"), minimum=1, maximum=120),
    "fuchs": Setting(
        5, N_("stake per Fuchs caught, paid by each player of the party that lost it (0 = off)"), minimum=0
    ),
    "karlchen": Setting(
        5, N_("Karlchen stake: won with the game, paid on top if that party loses (0 = off)"), minimum=0
    ),
    "altenstrafe": Setting(
        5, N_("Altenstrafe: both Kreuz-Damen in one trick, each Alte pays this (0 = off)"), minimum=0
    ),
    "doppelkopf": Setting(0, N_("stake per trick of 40 Augen or more, like a Fuchs (0 = off)"), minimum=0),
    "hammel": Setting(5, N_("Hammelrennen: the winner receives this from each other player"), minimum=0),
    "hammel_ohne_stich": Setting(False, N_("Hammelrennen is won by the player without a trick, not by the most Augen")),
    "schiebekopf": Setting(
        5, N_("Schiebekopf: the player with the most Augen pays this to each other player"), minimum=0
    ),
    "stilles_solo_nur_schwarz": Setting(True, N_("a stilles Solo is won only schwarz (the soloist takes every trick)")),
    "pflichtsolo_selber_geber": Setting(
        False, N_("after a Pflichtsolo the same dealer deals again (as in the DDV rules)")
    ),
    "bock": _bock_setting(),
    **_common_settings(),
    "ohne_neuner": Setting(False, N_("played without the Neuner (40 cards, 10 tricks); recorded, used for --stiche")),
    "mit_dulle": Setting(True, N_("the Herz-10 (Dulle) is the highest trump; recorded, no effect on the score")),
}

TURNIER_SETTINGS: dict[str, Setting] = {
    **_common_settings(),
    "stilles_solo_nur_schwarz": Setting(
        False, N_("a stilles Solo is won only schwarz (off: the DDV stilles Solo, a Trumpfsolo on the usual targets)")
    ),
    "ohne_neuner": Setting(True, N_("played without the Neuner (40 cards), as the DDV does; recorded only")),
    "mit_dulle": Setting(True, N_("the Herz-10 (Dulle) is the highest trump; recorded only")),
    # A home round on the tournament values often plays Bock rounds; the DDV rules have none.
    "bock": _bock_setting(),
}

_SOLO_TYPES: dict[str, str] = {
    "trumpfsolo": N_("solo with the normal trumps (Karo); --player alone"),
    "farbsolo": N_("solo in a named suit (--farbe kreuz|pik|herz|karo); --player alone"),
    "grandsolo": N_("solo with only the Buben as trumps; --player alone"),
    "bubensolo": N_("the same as grandsolo: only the Buben are trumps"),
    "damensolo": N_("solo with only the Damen as trumps; --player alone"),
    "fleischlos": N_("solo without trumps; --player alone"),
    "stilles-solo": N_("solo the others did not know of (both Kreuz-Damen, no Hochzeit); --player alone"),
}

SEED_TYPES: dict[str, str] = {
    "normal": N_("the two Kreuz-Damen holders (--player, --partner) against the other two; --augen N of the Alten"),
    "hochzeit": N_("one player held both Kreuz-Damen: --player and the --partner he found; alone it is a solo"),
    **_SOLO_TYPES,
    "hammelrennen": N_("everyone for himself: --augen NAME=N or --winner NAME; the winner gets the stake from each"),
    "schiebekopf": N_("everyone for himself: --augen NAME=N; the most Augen pays the stake to each other player"),
    "zusammengeworfen": N_("thrown in: nobody scores, the deal passes on"),
}

TURNIER_TYPES: dict[str, str] = {
    "normal": N_(
        "Re (--player, --partner) against Kontra; --augen N of Re; --re/--kontra, --re-absage/--kontra-absage"
    ),
    "hochzeit": N_("as normal with the --partner found; without one in the first three tricks a solo of --player"),
    **_SOLO_TYPES,
    "zusammengeworfen": N_("thrown in: nobody scores, the deal passes on"),
}


class Doppelkopf:
    """One Doppelkopf preset: the seed's Alten table or the DDV tournament rules (`turnier`)."""

    min_players = 4
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
            self._check_bock_flag(settings)
        if hand.type == "zusammengeworfen":
            checks.only(hand, ("bock",))
            return self._thrown_in(settings, state, hand)
        if hand.type == "hammelrennen":
            return self._hammelrennen(settings, state, hand)
        if hand.type == "schiebekopf":
            return self._schiebekopf(settings, state, hand)
        table = self._table(settings)
        game = self._game(settings, state, hand, table)
        carry = state.carry
        if (
            hand.pflicht
            or not isinstance(carry, Musssolo)
            or carry.played
            or carry.round != state.hands // (table.round_spiele or len(state.players))
        ):
            carry = self._musssolo_after(settings, state, hand, game)
        # else the usual hand: no Pflichtsolo in this round yet, and none now; the carry stays.
        # The value depends on the Augen only through the thresholds the rules compare them with:
        # any Augen between the same two thresholds score alike, so the lowest of them stands in
        # for all (see _Table.cuts), and each combination of facts is worked out once per table.
        side, winner, value, terms, worded, bock_causes = table.value(
            hand.type,
            game.solo,
            table.lows[bisect_right(table.cuts, game.augen)],
            game.schwarz,
            _VALUE_FACTS(hand),
            state.bock.factor,
        )
        payout = self._payout(
            state.active, game, side, value, terms, worded, game.members(winner) if winner is not None else ()
        )
        same = hand.pflicht and game.solo and table.selber_geber
        # As in Schafkopf, a hand the same dealer deals again after does not use up a Bock hand.
        return Result(payout, carry, same, bock_causes, not same)

    def status(self, settings: Settings, state: TableState) -> list[str]:
        lines: list[str] = []
        if self._bock(settings) or state.bock.rounds:
            lines.append(state.bock.describe())
        owed_each = int(self._get(settings, "musssolo_pro_runde"))
        if owed_each > 0:
            length = self._round_length(settings, state)
            current, counts = self._musssolo_now(settings, state)
            carry = state.carry if isinstance(state.carry, Musssolo) else Musssolo()
            if state.hands > 0 and state.hands % length == 0 and carry.round == current - 1:
                done = dict(carry.played)
                missed = [p for p in state.players if done.get(p, 0) < owed_each]
                if missed:
                    lines.append(
                        _("Round {round} is over; Musssolo not played: {names}.").format(
                            round=current, names=", ".join(missed)
                        )
                    )
            owed = [p for p in state.players if counts.get(p, 0) < owed_each]
            left = length - state.hands % length
            where = ngettext("round {round}, {count} hand left", "round {round}, {count} hands left", left).format(
                round=current + 1, count=left
            )
            if owed:
                lines.append(_("Musssolo still owed ({where}): {names}.").format(where=where, names=", ".join(owed)))
            else:
                lines.append(_("Musssolo: everyone has played his ({where}).").format(where=where))
        return lines

    def player_extras(self, settings: Settings, state: TableState) -> dict[str, dict[str, object]]:
        """For each player whether his Musssolo of the current round is "offen" or "gespielt"."""
        owed_each = int(self._get(settings, "musssolo_pro_runde"))
        if owed_each <= 0:
            return {}
        __, counts = self._musssolo_now(settings, state)
        return {p: {"musssolo": "gespielt" if counts.get(p, 0) >= owed_each else "offen"} for p in state.players}

    def check_settings(self, settings: Settings) -> None:
        # The stored value of a multi setting may be a list; only the known triggers make sense.
        for trigger in self._bock(settings):
            if trigger not in BOCK_TRIGGERS:
                raise SettingsError(
                    _("--set bock: {trigger} is not allowed; use {BOCK_TRIGGERS}.").format(
                        trigger=repr(trigger), BOCK_TRIGGERS=", ".join(BOCK_TRIGGERS)
                    )
                )

    # -- helpers ------------------------------------------------------------------------------

    suits = FARBEN  # what --farbe takes (offered by Tab)

    # -- statistics (the Statistics protocol of rules/table.py) ---------------------------------

    stat_title = "Doppelkopf"
    stat_notes: tuple[str, ...] = ()

    def stat_counts(self) -> dict[str, Any]:
        return {
            "re_party": statistics.pw(),
            "kontra_party": statistics.pw(),
            "solos": statistics.pw(),
            "absagen": {"made": 0, "won": 0},
            "foxes": {"caught": 0, "lost": 0},
            "karlchen": 0,
            "doppelkoepfe": 0,
            "pflichtsolos": {"played": 0, "owed": 0},
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
        if declarer is not None and partners:
            side = (declarer, *partners)
            for name, pts in seated:
                x = counts[name]
                won = pts > 0
                party = "re" if name in side else "kontra"
                key = f"{party}_party"
                x[key]["played"] += 1
                x[key]["won"] += won
                if facts.get(f"{party}_absage") is not None:
                    x["absagen"]["made"] += 1
                    x["absagen"]["won"] += won
                other = "kontra" if party == "re" else "re"
                x["foxes"]["caught"] += int(facts.get(f"fuchs_{party}") or 0)
                x["foxes"]["lost"] += int(facts.get(f"fuchs_{other}") or 0)
                x["karlchen"] += facts.get("karlchen") == party
                x["doppelkoepfe"] += int(facts.get(f"doppelkopf_{party}") or 0)
        elif declarer is not None and declarer in counts:
            statistics.count_solo(counts, declarer, seated)
            counts[declarer]["pflichtsolos"]["played"] += bool(facts.get("pflicht"))

    def stat_tables(self, players: Sequence[Mapping[str, Any]]) -> list[list[list[Any]]]:
        w = statistics.won_of
        head = ["player", "re", "kontra", "solos", "absagen", "foxes", "karlchen", "dk", "pflicht"]
        body = [
            [
                p["name"],
                w(p["re_party"]),
                w(p["kontra_party"]),
                w(p["solos"]),
                f"{p['absagen']['won']}/{p['absagen']['made']}",
                f"{p['foxes']['caught']}:{p['foxes']['lost']}",
                p["karlchen"],
                p["doppelkoepfe"],
                p["pflichtsolos"]["played"],
            ]
            for p in players
        ]
        return [[head, *body]]

    def stat_from_report(self, counts: dict[str, Any], report_extras: Mapping[str, Any]) -> None:
        if report_extras.get("musssolo") == "offen":
            counts["pflichtsolos"]["owed"] = 1

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
            return frozenset(self._allowed(hand_type, False) | self._allowed(hand_type, True))
        return frozenset(self._allowed(hand_type, hand_type in SOLOS))

    def _allowed(self, hand_type: str, solo: bool) -> set[str]:
        """What a normal game, a Hochzeit or a solo may be entered with."""
        allowed = {"player", "augen", "schwarz", "re", "kontra", "bock"}
        if self.turnier:
            allowed |= {"re_absage", "kontra_absage"}
        if solo:
            allowed.add("pflicht")
            if hand_type == "farbsolo":
                allowed.add("farbe")
        else:
            allowed.add("partner")
            if self.turnier:
                allowed |= {"fuchs_re", "fuchs_kontra", "doppelkopf_re", "doppelkopf_kontra", "karlchen"}
            else:
                allowed |= set(SPOT_FIELDS)
        return allowed

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

        `values` are the facts of _VALUE_FIELDS; `augen` may stand in for others (see _Table.cuts).
        """
        facts = Hand(hand_type, augen=augen, schwarz=schwarz, **dict(zip(_VALUE_FIELDS, values, strict=True)))
        game = _Game((), (), solo, augen, schwarz)
        if self.turnier:
            side, winner, terms, worded, causes = self._turnier(settings, factor, facts, game)
        else:
            side, winner, terms, worded, causes = self._alten(settings, factor, facts, game)
        return side, winner, evaluate(terms), terms, worded, causes

    def _bock(self, settings: Settings) -> tuple[str, ...]:
        # A table stored before doppelkopf-turnier knew the setting plays without Bock (its default).
        return tuple(self._get(settings, "bock") or ())

    def _check_bock_flag(self, settings: Settings) -> None:
        if "manuell" not in self._bock(settings):
            raise HandError(_("--bock needs a table with the Bock trigger manuell (--set bock=manuell)."))

    def _round_length(self, settings: Settings, state: TableState) -> int:
        return int(self._get(settings, "musssolo_runde_spiele")) or len(state.players)

    def _musssolo_now(self, settings: Settings, state: TableState) -> tuple[int, dict[str, int]]:
        """The round the next hand belongs to and the Pflichtsolos played in it so far."""
        current = state.hands // self._round_length(settings, state)
        carry = state.carry if isinstance(state.carry, Musssolo) else Musssolo()
        return current, (dict(carry.played) if carry.round == current else {})

    def _musssolo_after(self, settings: Settings, state: TableState, hand: Hand, game: _Game) -> Musssolo:
        current, counts = self._musssolo_now(settings, state)
        if hand.pflicht and game.solo:
            owed_each = int(self._get(settings, "musssolo_pro_runde"))
            player = game.re[0]
            if owed_each > 0 and counts.get(player, 0) >= owed_each:
                raise HandError(
                    _(
                        "--pflicht: {player} has played the Musssolo of this round already; leave --pflicht off "
                        "for a Lustsolo."
                    ).format(player=player)
                )
            counts[player] = counts.get(player, 0) + 1
        return _musssolo(current, tuple((p, counts[p]) for p in state.players if counts.get(p)))

    def _carry(self, settings: Settings, state: TableState) -> Musssolo:
        current, counts = self._musssolo_now(settings, state)
        return _musssolo(current, tuple((p, counts[p]) for p in state.players if counts.get(p)))

    def _bock_term(self, state: TableState) -> list[Term]:
        return _bock_terms(state.bock.factor)

    # -- hands without parties -------------------------------------------------------------------

    def _thrown_in(self, settings: Settings, state: TableState, hand: Hand) -> Result:
        terms = (Term("zusammengeworfen", "+", 0),)
        payout = Payout(
            points={p: 0 for p in state.active},
            value=0,
            terms=terms,
            formula=wording(terms),
            split="thrown in: nobody scores, the deal passes on",
        )
        # The queue of RULES.md §1: a throw-in uses up a Bock hand, as the deal passes on.
        return Result(payout, self._carry(settings, state), bock_causes=1 if hand.bock else 0)

    def _hammelrennen(self, settings: Settings, state: TableState, hand: Hand) -> Result:
        active = state.active
        ohne_stich = bool(self._get(settings, "hammel_ohne_stich"))
        checks.only(hand, ("winner", "stiche", "bock") if ohne_stich else ("augen_by_player", "winner", "bock"))
        if hand.winner is not None:
            checks.seated(hand.winner, active, "--winner")
        winner = hand.winner
        if ohne_stich:
            if hand.stiche:
                tricks = 10 if self._get(settings, "ohne_neuner") else 12
                checks.per_player(hand.stiche, active, tricks, "--stiche NAME=N")
                without = [p for p in active if hand.stiche[p] == 0]
                if winner is not None and winner not in without:
                    raise HandError(
                        _(
                            "--winner: {winner} took {stiche} tricks; the Hammelrennen is won by the player without a trick."
                        ).format(winner=winner, stiche=hand.stiche[winner])
                    )
                if winner is None:
                    if not without:
                        raise HandError(
                            _(
                                "--stiche NAME=N: every player took a trick, so the Hammelrennen has no winner; enter the "
                                "hand as zusammengeworfen."
                            )
                        )
                    if len(without) > 1:
                        raise HandError(
                            _("--stiche NAME=N: {without} took no trick; name the winner with --winner.").format(
                                without=" and ".join(without)
                            )
                        )
                    winner = without[0]
            elif winner is None:
                raise HandError(
                    _(
                        "--winner NAME (the player without a trick) or --stiche NAME=N for every player is needed "
                        "for hammelrennen."
                    )
                )
        else:
            if hand.augen_by_player:
                checks.per_player(hand.augen_by_player, active, 240, "--augen NAME=N")
                top = max(hand.augen_by_player.values())
                best = [p for p in active if hand.augen_by_player[p] == top]
                if winner is not None and winner not in best:
                    raise HandError(
                        _("--winner: {winner} has {augen_by_player} Augen, but {best} has the most ({top}).").format(
                            winner=winner, augen_by_player=hand.augen_by_player[winner], best=best[0], top=top
                        )
                    )
                if winner is None:
                    if len(best) > 1:
                        raise HandError(
                            _("--augen NAME=N: {best} tie with {top} Augen; name the winner with --winner.").format(
                                best=" and ".join(best), top=top
                            )
                        )
                    winner = best[0]
            elif winner is None:
                raise HandError(_("--augen NAME=N for every player or --winner NAME is needed for hammelrennen."))
        assert winner is not None
        terms = [Term(f"Hammelrennen, Sieger {winner}", "+", int(self._get(settings, "hammel")))]
        terms += self._bock_term(state)
        value = evaluate(terms)
        others = [p for p in active if p != winner]
        points = {p: -value for p in others}
        points[winner] = value * len(others)
        payout = Payout(
            points=points,
            value=value,
            terms=tuple(terms),
            formula=wording(terms),
            split=_("{winner} {points} ({count}×{value}), each other player {against}").format(
                winner=winner,
                points=signed(value * len(others)),
                count=len(others),
                value=value,
                against=signed(-value),
            ),
            winners=(winner,),
        )
        return Result(payout, self._carry(settings, state), bock_causes=1 if hand.bock else 0)

    def _schiebekopf(self, settings: Settings, state: TableState, hand: Hand) -> Result:
        active = state.active
        checks.only(hand, ("augen_by_player", "bock"))
        checks.need(hand, "augen_by_player")
        checks.per_player(hand.augen_by_player, active, 240, "--augen NAME=N")
        top = max(hand.augen_by_player.values())
        payers = [p for p in active if hand.augen_by_player[p] == top]
        receivers = [p for p in active if p not in payers]
        terms = [Term("Schiebekopf", "+", int(self._get(settings, "schiebekopf")))]
        terms += self._bock_term(state)
        value = evaluate(terms)
        points = {p: -value * len(receivers) for p in payers}
        points.update({p: value * len(payers) for p in receivers})
        if receivers:
            split = ngettext(
                "{payers} (most Augen, {top}) pays {value} to each of {receivers}",
                "{payers} (most Augen, {top}) each pay {value} to each of {receivers}",
                len(payers),
            ).format(payers=", ".join(payers), top=top, value=value, receivers=", ".join(receivers))
        else:
            split = _("all tie with {top} Augen: nobody pays").format(top=top)
        payout = Payout(
            points=points,
            value=value,
            terms=tuple(terms),
            formula=wording(terms),
            split=split,
            winners=tuple(receivers),
        )
        return Result(payout, self._carry(settings, state), bock_causes=1 if hand.bock else 0)

    # -- normal games and solos ----------------------------------------------------------------

    def _game(self, settings: Settings, state: TableState, hand: Hand, table: _Table) -> _Game:
        """Check a normal game / Hochzeit / solo against the table and name its two parties."""
        t = hand.type
        solo = t in SOLOS or (t == "hochzeit" and hand.partner is None)
        # The usual hand gives only facts its type takes at this table: one comparison. Any other
        # goes through the checks below, which name what is wrong.
        if not table.only[t, solo].fits(hand):
            self._check_given(settings, hand, solo)
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
        game = _Game(re, _others(active, re), solo, hand.augen, hand.schwarz)
        if not solo:
            self._check_spots(hand, game)
        return game

    def _check_given(self, settings: Settings, hand: Hand, solo: bool) -> None:
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
        if not self.turnier:
            for f in SPOT_FIELDS:
                key = _STAKES[f]
                if f in given and int(self._get(settings, key)) == 0:
                    raise HandError(
                        _(
                            "{option}: this table plays without that spot point (stake 0); a table started with --set "
                            "{key}=N counts it."
                        ).format(option=OPTION_OF[f], key=key)
                    )
        checks.only(hand, self._allowed(t, solo))

    def _check_spots(self, hand: Hand, game: _Game) -> None:
        if hand.karlchen is not None and hand.karlchen not in ("re", "kontra"):
            raise HandError(_("--karlchen takes re or kontra, not {karlchen}.").format(karlchen=repr(hand.karlchen)))
        fuchs_re, fuchs_kontra = hand.fuchs_re or 0, hand.fuchs_kontra or 0
        doppelkopf_re, doppelkopf_kontra = hand.doppelkopf_re or 0, hand.doppelkopf_kontra or 0
        if min(fuchs_re, fuchs_kontra, doppelkopf_re, doppelkopf_kontra) < 0:
            for f in ("fuchs_re", "fuchs_kontra", "doppelkopf_re", "doppelkopf_kontra"):
                value = getattr(hand, f)
                if value is not None and value < 0:
                    raise HandError(
                        _("{option} must be 0 or more, not {value}.").format(option=OPTION_OF[f], value=value)
                    )
        foxes = fuchs_re + fuchs_kontra
        if foxes > 2:
            raise HandError(
                _("--fuchs-re and --fuchs-kontra: there are only two Füchse, not {foxes}.").format(foxes=foxes)
            )
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

    def _spots(self, hand: Hand) -> dict[str, dict[str, int]]:
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

    def _payout(
        self,
        active: tuple[str, ...],
        game: _Game,
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
        split = _split(game.re, game.kontra, game.solo, side, value)
        # Positional, in the order of the fields: made once per hand of a replay.
        return Payout(points, value, terms, formula, split, game.re[0] if game.solo else None, winners)

    # -- the seed's Alten table --------------------------------------------------------------------

    def _alten(
        self, settings: Settings, factor: int, hand: Hand, game: _Game
    ) -> tuple[str, str, tuple[Term, ...], str, int]:
        if hand.type == "stilles-solo" and self._get(settings, "stilles_solo_nur_schwarz"):
            re_wins = game.schwarz and game.augen == 240
        else:
            re_wins = game.augen >= 121
        winner = RE if re_wins else KONTRA
        loser = _other(winner)
        if not game.took_trick(loser):
            level, extra = 3, " schwarz"
        elif game.aug(loser) < int(self._get(settings, "schneider_unter")):
            level, extra = 2, " Schneider"
        else:
            level, extra = 1, ""
        base = 5 * level if re_wins else 10 * level
        label = _(_ALTEN_RESULT[(game.solo, re_wins)]).format(extra=extra)
        if hand.type == "stilles-solo" and not re_wins and game.augen >= 121:
            label += " " + _("(stilles Solo not schwarz)")
        terms = [Term(label, "+", base)]

        def signed(earner: str, label: str, amount: int) -> None:
            if amount:
                terms.append(Term(f"{label} ({earner})", "+" if earner == winner else "−", amount))

        if not game.solo:
            spots = self._spots(hand)
            fuchs = int(self._get(settings, "fuchs"))
            dk = int(self._get(settings, "doppelkopf"))
            for party in (RE, KONTRA):
                n = spots[party]["fuchs"]
                signed(party, _fuchs(n), n * fuchs)
            for party in (RE, KONTRA):
                n = spots[party]["doppelkopf"]
                signed(party, "Doppelkopf" if n == 1 else f"{n} Doppelköpfe", n * dk)
            if hand.karlchen is not None:
                # Karlchen is won with the game or paid on top by a losing party: always for the winners.
                owner = RE if hand.karlchen == "re" else KONTRA
                terms.append(Term(f"Karlchen ({owner})", "+", int(self._get(settings, "karlchen"))))
            if hand.altenstrafe:
                # The Alten pay whatever the result, so it is for the winners only when Kontra wins.
                stake = int(self._get(settings, "altenstrafe"))
                terms.append(Term(_("Altenstrafe (Re pays)"), "+" if winner == KONTRA else "−", stake))
        triggers = self._bock(settings)
        if hand.re or hand.kontra:
            # Announcements double nothing at the Alten table; the breakdown says they were heard.
            said = _(" and ").join(n for n, on in ((RE, hand.re), (KONTRA, hand.kontra)) if on)
            makes = [n for n, on in ((RE, hand.re), (KONTRA, hand.kontra)) if on and n.lower() in triggers]
            if makes:
                why = ngettext("{names} makes Bock", "{names} make Bock", len(makes)).format(
                    names=_(" and ").join(makes)
                )
            else:
                why = _("recorded only")
            terms.append(Term(_("{said} (no factor at the Alten table; {why})").format(said=said, why=why), "+", 0))
        terms += _bock_terms(factor)

        causes = sum(
            (
                "re" in triggers and hand.re,
                "kontra" in triggers and hand.kontra,
                "gleichstand" in triggers and game.augen == 120,
                "solo_verloren" in triggers and game.solo and not re_wins,
                "manuell" in triggers and hand.bock,
            )
        )
        return winner, winner, tuple(terms), wording(terms), causes

    # -- the DDV tournament rules ----------------------------------------------------------------------

    def _turnier(
        self, settings: Settings, factor: int, hand: Hand, game: _Game
    ) -> tuple[str, str | None, tuple[Term, ...], str, int]:
        absage = {RE: hand.re_absage, KONTRA: hand.kontra_absage}
        announced = {RE: hand.re or absage[RE] is not None, KONTRA: hand.kontra or absage[KONTRA] is not None}
        target_absage = dict(absage)
        if hand.type == "stilles-solo" and self._get(settings, "stilles_solo_nur_schwarz"):
            # The soloist must take every trick, as if he had said schwarz; it earns no Absage points.
            target_absage[RE] = 0
        kontra_alone = announced[KONTRA] and not announced[RE]

        def wins(party: str) -> bool:
            other = _other(party)
            own, theirs = target_absage[party], target_absage[other]
            if own is not None:
                return not game.took_trick(other) if own == 0 else game.aug(party) >= 241 - own
            if theirs is not None:
                return game.took_trick(party) if theirs == 0 else game.aug(party) >= theirs
            if party == RE:
                return game.aug(RE) >= (120 if kontra_alone else 121)
            return game.aug(KONTRA) >= (121 if kontra_alone else 120)

        winner = RE if wins(RE) else KONTRA if wins(KONTRA) else None

        # Every step as (label, amount, party that earned it); the winner's steps 2 and 3 are its own.
        def under(party: str) -> list[tuple[str, int, str]]:
            other = _other(party)
            out = [(f"keine {x}", 1, party) for x in (90, 60, 30) if game.aug(other) < x]
            if not game.took_trick(other):
                out.append(("schwarz", 1, party))
            return out

        def against(party: str) -> list[tuple[str, int, str]]:
            said = absage[_other(party)]
            if said is None:
                return []
            return [
                (_("{augen} against {absage}").format(augen=level + 30, absage=_absage_name(level)), 1, party)
                for level in ABSAGEN
                if level >= said and game.aug(party) >= level + 30
            ]

        def sonder(party: str) -> list[tuple[str, int, str]]:
            if game.solo:
                return []
            spots = self._spots(hand)[party]
            out = []
            if spots["fuchs"]:
                n = spots["fuchs"]
                out.append((_fuchs(n), n, party))
            if spots["doppelkopf"]:
                n = spots["doppelkopf"]
                out.append(("Doppelkopf" if n == 1 else f"{n} Doppelköpfe", n, party))
            if spots["karlchen"]:
                out.append(("Karlchen", 1, party))
            return out

        steps: list[tuple[str, int, str]]
        if winner is not None:
            loser = _other(winner)
            steps = [(_("won"), 1, winner)] + under(winner)
            steps += [(_("{party} announced").format(party=p), 2, winner) for p in (RE, KONTRA) if announced[p]]
            for p in (RE, KONTRA):
                if absage[p] is not None:
                    steps += [
                        (_("{party} announced {absage}").format(party=p, absage=_absage_name(level)), 1, winner)
                        for level in ABSAGEN
                        if level >= absage[p]  # type: ignore[operator]
                    ]
            steps += against(winner) + against(loser)
            if winner == KONTRA and not game.solo:
                steps.append(("gegen die Alten", 1, KONTRA))
            steps += sonder(winner) + sonder(loser)
            side = winner
            head = _("{party} wins: ").format(party=winner)
        else:
            earned = {p: under(p) + against(p) + sonder(p) for p in (RE, KONTRA)}
            net = sum(a for _, a, _ in earned[KONTRA]) - sum(a for _, a, _ in earned[RE])
            side = KONTRA if net > 0 else RE
            # The side ahead first, so the sum starts from a plus.
            steps = earned[side] + earned[_other(side)]
            head = _("nobody wins; net for {party}: ").format(party=side)
        terms = [
            Term(label if party == side else f"{label} ({party})", "+" if party == side else "−", amount)
            for label, amount, party in steps
        ]
        # With `--set bock=…` (off by default) the queue of the Alten table: the value is doubled in a
        # Bock round, and the same triggers append rounds to it.
        terms += _bock_terms(factor)
        triggers = self._bock(settings)
        causes = sum(
            (
                "re" in triggers and announced[RE],
                "kontra" in triggers and announced[KONTRA],
                "gleichstand" in triggers and game.augen == 120,
                "solo_verloren" in triggers and game.solo and winner != RE,
                "manuell" in triggers and hand.bock,
            )
        )
        return side, winner, tuple(terms), head + wording(terms), causes


# The facts besides the Augen and --schwarz that a party game's value reads.
_VALUE_FIELDS = (
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
_VALUE_FACTS = attrgetter(*_VALUE_FIELDS)


@lru_cache(maxsize=1024)
def _others(active: tuple[str, ...], party: tuple[str, ...]) -> tuple[str, ...]:
    """The players of `active` not in `party` (Kontra), in seat order."""
    return tuple(p for p in active if p not in party)


@lru_cache(maxsize=1024)
def _musssolo(current: int, played: tuple[tuple[str, int], ...]) -> Musssolo:
    """The Musssolo carry, a value: each one made once and shared."""
    return Musssolo(current, played)


# The Alten table's first term, by (solo, Re wins): the Augen decide, " Schneider" or " schwarz" follows.
_ALTEN_RESULT = {
    (True, True): N_("Soloist wins{extra}"),
    (True, False): N_("Soloist loses{extra}"),
    (False, True): N_("Alten win{extra}"),
    (False, False): N_("Alten lose{extra}"),
}


def _fuchs(n: int) -> str:
    return ngettext("Fuchs caught", "{n} Füchse caught", n).format(n=n)


def _bock_terms(factor: int) -> list[Term]:
    if factor <= 1:
        return []
    return [Term("Bock" if factor == 2 else "Doppelbock", "×", factor)]


@worded(4096)
def _split(re: tuple[str, ...], kontra: tuple[str, ...], solo: bool, side: str, value: int) -> str:
    """How V was shared, as a sentence: worded once per parties and value (pure, keyed by all it reads)."""
    if solo:
        soloist = 3 * (value if side == RE else -value)  # the soloist is Re
        sign = "−" if soloist < 0 else "+"
        return _("Soloist {soloist} {sign}3×{value}, each opponent {against}").format(
            soloist=re[0], sign=sign, value=abs(value), against=signed(-soloist // 3)
        )
    a, b = (side, _other(side))
    members = {RE: re, KONTRA: kontra}
    return _("{party} {names} {points} each; {other} {others} {against} each").format(
        party=a,
        names=", ".join(members[a]),
        points=signed(value),
        other=b,
        others=", ".join(members[b]),
        against=signed(-value),
    )


# Every comparison of Augen in the tournament rules: Re's Augen against 30, 60, 90, 120, 121, 151,
# 181, 211 (keine 90 … schwarz, the Absagen, 120:120) and Kontra's, 240 − Augen, against the same,
# which are the same cut points again; 0 and 240 are cut off alone (a party without a trick).
_TURNIER_CUTS = (1, 30, 60, 90, 120, 121, 151, 181, 211, 240)


class _Table:
    """What a table's settings decide for every hand, worked out once per settings rather than per hand."""

    def __init__(self, rules: Doppelkopf, settings: Settings) -> None:
        self.round_spiele = int(rules._get(settings, "musssolo_runde_spiele"))
        self.selber_geber = rules.turnier or bool(rules._get(settings, "pflichtsolo_selber_geber"))
        # The check of the facts given, per hand type and solo or not: a spot point this table does
        # not play (stake 0) is not among them, so a hand giving it goes on to the sentence.
        unplayed = set()
        if not rules.turnier:
            unplayed = {f for f in SPOT_FIELDS if int(rules._get(settings, _STAKES[f])) == 0}
        self.only = {
            (hand_type, solo): checks.Only(rules._allowed(hand_type, solo) - unplayed)
            for hand_type in rules.types
            for solo in (False, True)
        }
        # The Augen at which a party game's score can change: any Augen from one cut up to the next
        # score alike (the lowest stands in for them all).
        if rules.turnier:
            self.cuts = _TURNIER_CUTS
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
