"""Buchstaben-Schafkopf "WAW" for 2, 3 and 4 players: only the winners score, nothing is zero-sum."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from schreiber.i18n import N_, _, ngettext, worded
from schreiber.rules import checks, statistics
from schreiber.rules.model import Hand, HandError, Payout, Setting, Settings, SettingsError, Term, evaluate, formula
from schreiber.rules.table import Result, TableState
from schreiber.rules.words import and_list

AUGEN = 48
TRUMPS = 8  # A Ä B C D E F G: more Laufende than trumps cannot happen
TRICKS_AT_FOUR = 8  # 32 cards, 8 each

TYPES_BY_SIZE: dict[int, tuple[str, ...]] = {
    4: ("rufspiel", "solo", "du", "bettel", "zusammengeworfen", "vergeben", "jeder-gegen-jeden"),
    3: ("spiel", "du", "bettel", "zusammengeworfen", "vergeben", "jeder-gegen-jeden"),
    2: ("solo", "jeder-gegen-jeden"),
}

# What each hand type may be entered with; anything else is refused by checks.only.
FIELDS: dict[str, frozenset[str]] = {
    "rufspiel": frozenset({"player", "partner", "augen", "laufende", "schwarz", "spritze"}),
    "spiel": frozenset({"player", "augen", "laufende", "schwarz", "spritze"}),
    "solo": frozenset({"player", "augen", "laufende", "schwarz", "spritze"}),
    "du": frozenset({"player", "won", "laufende", "spritze"}),
    "bettel": frozenset({"player", "won", "spritze"}),
    "zusammengeworfen": frozenset(),
    "vergeben": frozenset(),
    "jeder-gegen-jeden": frozenset({"augen_by_player", "stiche"}),
}

LABEL = {"rufspiel": "Rufspiel", "spiel": "Spiel", "solo": "Solo", "du": "Du", "bettel": "Bettel"}
BASE = {"rufspiel": 1, "solo": 2, "bettel": 2, "du": 4}  # `spiel` comes from the setting spiel_wert
BY_AUGEN = frozenset({"rufspiel", "spiel", "solo"})  # the others are decided by --won/--lost
NO_SCHNEIDER = frozenset({"solo", "bettel", "du"})
SOLO_TYPES = frozenset({"solo", "du", "bettel"})  # reported as a soloist's game
STAT_SOLOS = frozenset({"solo", "du", "bettel", "spiel"})  # counted as solos by `stats`
# The check of the facts given, made ready once per hand type (see checks.Only).
_ONLY = {hand_type: checks.Only(allowed) for hand_type, allowed in FIELDS.items()}


@dataclass(frozen=True)
class Carry:
    """What a Buchstaben table remembers between hands: a pending Doppelt and the dealer's misdeals."""

    doppelt: bool = False
    misdeals: int = 0
    misdeal_dealer: str | None = None


class Buchstaben:
    """Buchstaben-Schafkopf: (game + Schneider + Schwarz) × Spritze × Doppelt + Laufende to every winner."""

    name = "buchstaben"
    summary = N_(
        "Buchstaben-Schafkopf (WAW) for 2–4: only winners score the full value; "
        "Rufspiel 1, Solo/Bettel 2, Du 4, Spritze and Doppelt ×2, Laufende added after."
    )
    settings: dict[str, Setting] = {
        "gewinn_ab": Setting(
            25, N_("Augen (of 48) the player party needs to win; 24:24 is lost"), minimum=1, maximum=48
        ),
        "schneider_bis": Setting(
            12, N_("the losing party is Schneider with at most this many Augen"), minimum=0, maximum=47
        ),
        "laufende_ab": Setting(3, N_("Laufende count from this many on, +1 each"), minimum=1, maximum=TRUMPS),
        "laufende_max": Setting(8, N_("at most this many Laufende count"), minimum=1, maximum=TRUMPS),
        "spiel_wert": Setting(
            1, N_("points of a 3-player Spiel (one against two); 1 scores it as a Rufspiel"), minimum=1, maximum=8
        ),
        "jeder_gegen_jeden_wert": Setting(1, N_("points for each winner of Jeder gegen Jeden"), minimum=1, maximum=8),
        "vergeben_doppelt": Setting(False, N_("a misdeal also makes the next played hand count Doppelt (4 players)")),
    }
    types: dict[str, str] = {
        "rufspiel": N_("4 players: --player and the called --partner against two, --augen of the pair; 1 point"),
        "spiel": N_("3 players: --player alone against two, --augen; scored as a Rufspiel (spiel_wert, 1)"),
        "solo": N_(
            "4 players: --player alone against three, --augen; 2 points, no Schneider. "
            "2 players (Offiziers-Schafkopf): --player against the other"
        ),
        "du": N_("3–4 players: --player takes every trick (Tout), --won/--lost; 4 points, no Schneider or Schwarz"),
        "bettel": N_("3–4 players: --player takes no trick, --won/--lost; 2 points, no Schneider, Schwarz or Laufende"),
        "zusammengeworfen": N_(
            "3–4 players: nobody plays; no points, the next dealer deals; at 4 the next played hand counts Doppelt"
        ),
        "vergeben": N_(
            "3–4 players: a misdeal; the first: the same dealer deals again; his second in a row: every other player +1"
        ),
        "jeder-gegen-jeden": N_(
            "everyone for himself: --augen NAME=N for every player (48 in all), "
            "--stiche NAME=N breaks ties; each winner +1"
        ),
    }
    min_players = 2
    augen_total = 48
    max_players = 4
    zero_sum = False

    # -- the table ---------------------------------------------------------------------------

    def seats_per_hand(self, settings: Settings, players: int) -> int:
        return players

    def start(self, settings: Settings, players: tuple[str, ...]) -> Carry:
        if len(players) not in TYPES_BY_SIZE:
            raise SettingsError(
                _("Buchstaben-Schafkopf is played by 2, 3 or 4 players, not {count}.").format(count=len(players))
            )
        return Carry()

    def check_settings(self, settings: Settings) -> None:
        low, high = _setting(settings, "laufende_ab"), _setting(settings, "laufende_max")
        if low > high:
            raise SettingsError(
                _(
                    "--set laufende_ab: Laufende cannot count from {low} when at most {high} count "
                    "(laufende_max); use {high} or less."
                ).format(low=low, high=high)
            )

    def status(self, settings: Settings, state: TableState) -> list[str]:
        carry = _carry(state)
        n = len(state.active)
        lines: list[str] = []
        if n == 4:
            lines.append(
                _("Doppelt pending: the next played hand counts ×2") if carry.doppelt else _("no Doppelt pending")
            )
        if "vergeben" in TYPES_BY_SIZE.get(n, ()):
            dealer = state.dealer_name
            count = carry.misdeals if carry.misdeal_dealer == dealer else 0
            if count:  # none in a row is nothing to say
                lines.append(
                    _("misdeals by {dealer} in a row: {count} (another gives every other player +1)").format(
                        dealer=dealer, count=count
                    )
                )
        return lines

    # -- statistics (the Statistics protocol of rules/table.py) ---------------------------------

    stat_title = "Buchstaben"
    stat_notes: tuple[str, ...] = ()

    def stat_counts(self) -> dict[str, Any]:
        return {"solos": statistics.pw(), "spritzen": statistics.pw()}

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
            statistics.count_solo(counts, declarer, seated)
        if facts.get("spritze"):
            for name, pts in seated:
                counts[name]["spritzen"]["played"] += 1
                counts[name]["spritzen"]["won"] += pts > 0

    def stat_tables(self, players: Sequence[Mapping[str, Any]]) -> list[list[list[Any]]]:
        w = statistics.won_of
        return [[["player", "solos", "spritzen"], *([p["name"], w(p["solos"]), w(p["spritzen"])] for p in players)]]

    def stat_from_report(self, counts: dict[str, Any], report_extras: Mapping[str, Any]) -> None:
        return None

    def options_for(self, hand_type: str, settings: Settings | None = None) -> frozenset[str]:
        """The facts (Hand fields) `hand_type` may be entered with: the set `score` checks against."""
        return FIELDS.get(hand_type, frozenset())

    def playable_types(self, state: TableState) -> tuple[str, ...]:
        """The hand types the players seated for the next hand may play (the entry page offers these)."""
        return TYPES_BY_SIZE.get(len(state.active), ())

    # -- one hand ----------------------------------------------------------------------------

    def score(self, settings: Settings, state: TableState, hand: Hand) -> Result:
        n = len(state.active)
        allowed = TYPES_BY_SIZE.get(n, ())
        if hand.type not in allowed:
            where = (
                _("is not a hand type of buchstaben")
                if hand.type not in FIELDS
                else _("is not played by {n}").format(n=n)
            )
            raise HandError(
                _("{type} {where}; with {n} players the types are {allowed}.").format(
                    type=hand.type, where=where, n=n, allowed=", ".join(allowed)
                )
            )
        if hand.bock:
            raise HandError(_("--bock: Buchstaben-Schafkopf has no Bock."))
        _ONLY[hand.type](hand)
        carry = _carry(state)
        if hand.type == "zusammengeworfen":
            return self._thrown_in(state, carry)
        if hand.type == "vergeben":
            return self._misdeal(settings, state, carry)
        if hand.type == "jeder-gegen-jeden":
            return self._everyone(settings, state, hand, carry)
        return self._party_game(settings, state, hand, carry)

    def _thrown_in(self, state: TableState, carry: Carry) -> Result:
        # Several throw-ins in a row still double only the next played hand: a flag, not a count.
        doppelt = carry.doppelt or len(state.active) == 4
        note = _("; the next played hand counts Doppelt") if doppelt else ""
        payout = Payout(
            points={p: 0 for p in state.active},
            formula=_("Zusammengeworfen: no points{note}").format(note=note),
            split=_("nobody played; the next dealer deals"),
        )
        return Result(payout, Carry(doppelt=doppelt), consumes_bock=False)

    def _misdeal(self, settings: Settings, state: TableState, carry: Carry) -> Result:
        dealer = state.dealer_name
        count = carry.misdeals if carry.misdeal_dealer == dealer else 0
        # A misdeal is not a played hand: it neither uses up nor (by default) causes Doppelt.
        doppelt = carry.doppelt or (bool(_setting(settings, "vergeben_doppelt")) and len(state.active) == 4)
        if count == 0:
            payout = Payout(
                points={p: 0 for p in state.active},
                formula=_("first misdeal by {dealer}: no points").format(dealer=dealer),
                split=_("{dealer} deals again").format(dealer=dealer),
            )
            return Result(payout, Carry(doppelt, 1, dealer), same_dealer=True, consumes_bock=False)
        others = tuple(p for p in state.active if p != dealer)
        terms = (Term("Vergeben", "+", 1),)
        payout = Payout(
            points={p: (1 if p in others else 0) for p in state.active},
            value=1,
            terms=terms,
            formula=formula(terms),
            split=_("second misdeal in a row by {dealer}: {names} +1 each; the deal passes on").format(
                dealer=dealer, names=and_list(others)
            ),
            winners=others,
        )
        return Result(payout, Carry(doppelt), consumes_bock=False)

    def _party_game(self, settings: Settings, state: TableState, hand: Hand, carry: Carry) -> Result:
        active = state.active
        kind = hand.type
        checks.need(hand, "player")
        assert hand.player is not None
        checks.seated(hand.player, active, "--player")
        party = [hand.player]
        if kind == "rufspiel":
            # A spritzer takes the game over; whether he keeps a partner is what the table records.
            if not hand.spritze:
                checks.need(hand, "partner")
            if hand.partner is not None:
                checks.seated(hand.partner, active, "--partner")
                checks.different(hand.player, hand.partner)
                party.append(hand.partner)
        if kind in BY_AUGEN:
            checks.need(hand, "augen")
            assert hand.augen is not None
            checks.in_range(hand.augen, 0, AUGEN, "--augen N")
            won = hand.augen >= _setting(settings, "gewinn_ab")
            if hand.schwarz and hand.augen not in (0, AUGEN):
                raise HandError(
                    _(
                        "--schwarz: the losing party took no trick, so --augen N must be 0 or {AUGEN}, not {augen}."
                    ).format(AUGEN=AUGEN, augen=hand.augen)
                )
        else:
            checks.need(hand, "won")
            won = bool(hand.won)
        laufende = 0
        if hand.laufende is not None:
            checks.in_range(hand.laufende, 0, TRUMPS, "--laufende")
            if hand.laufende >= _setting(settings, "laufende_ab"):
                laufende = min(hand.laufende, _setting(settings, "laufende_max"))

        base = _setting(settings, "spiel_wert") if kind == "spiel" else BASE[kind]
        schneider = False
        if kind in BY_AUGEN and kind not in NO_SCHNEIDER:
            assert hand.augen is not None
            losing = AUGEN - hand.augen if won else hand.augen
            schneider = losing <= _setting(settings, "schneider_bis")
        # Only entered where Schwarz counts (checks.only).
        terms, value, worded = _value(kind, base, schneider, hand.schwarz, hand.spritze, carry.doppelt, laufende)
        split, winners = _split(tuple(party), active, won, value)
        payout = Payout(
            {p: (value if p in winners else 0) for p in active},
            value,
            terms,
            worded,
            split,
            hand.player if kind in SOLO_TYPES else None,
            winners,
        )
        return Result(payout, _NO_CARRY, consumes_bock=False)

    def _everyone(self, settings: Settings, state: TableState, hand: Hand, carry: Carry) -> Result:
        active = state.active
        checks.need(hand, "augen_by_player")
        augen = hand.augen_by_player
        checks.per_player(augen, active, AUGEN, "--augen NAME=N")
        stiche = hand.stiche
        if stiche:
            checks.per_player(stiche, active, None, "--stiche NAME=N")
            missing = [p for p in active if p not in stiche]
            if missing:
                raise HandError(
                    ngettext(
                        "--stiche NAME=N is needed for every player once given; {names} is missing.",
                        "--stiche NAME=N is needed for every player once given; {names} are missing.",
                        len(missing),
                    ).format(names=and_list(missing))
                )
            if len(active) == 4 and sum(stiche.values()) != TRICKS_AT_FOUR:
                raise HandError(
                    _("--stiche NAME=N must add up to {TRICKS_AT_FOUR} tricks; these add up to {sum}.").format(
                        TRICKS_AT_FOUR=TRICKS_AT_FOUR, sum=sum(stiche.values())
                    )
                )
            for p in active:
                if augen[p] > 0 and stiche[p] == 0:
                    raise HandError(
                        _("--stiche NAME=N: {p} has {augen} Augen but no trick; give at least 1.").format(
                            p=p, augen=augen[p]
                        )
                    )
        best = max(augen[p] for p in active)
        leaders = [p for p in active if augen[p] == best]
        if stiche and len(leaders) > 1:
            most = max(stiche[p] for p in leaders)
            leaders = [p for p in leaders if stiche[p] == most]
        winners = tuple(leaders)

        terms = [Term("Jeder gegen Jeden", "+", _setting(settings, "jeder_gegen_jeden_wert"))]
        if carry.doppelt:
            terms.append(Term("Doppelt", "×", 2))
        value = evaluate(terms)
        if len(winners) == 1:
            split = _("{name} has the most Augen ({best}): +{value}").format(name=winners[0], best=best, value=value)
        else:
            tie = (
                ngettext(" and {count} trick", " and {count} tricks", stiche[winners[0]]).format(
                    count=stiche[winners[0]]
                )
                if stiche
                else ""
            )
            split = _("{names} tie with {best} Augen{tie}: +{value} each").format(
                names=and_list(winners), best=best, tie=tie, value=value
            )
        payout = Payout(
            points={p: (value if p in winners else 0) for p in active},
            value=value,
            terms=tuple(terms),
            formula=formula(terms),
            split=split + _("; the others get nothing"),
            winners=winners,
        )
        return Result(payout, Carry(), consumes_bock=False)


# An evening repeats the same few values and parties: each is worked out and worded once and
# shared (the functions are pure, each cache is keyed by everything it reads).


@worded(4096)
def _value(
    kind: str, base: int, schneider: bool, schwarz: bool, spritze: bool, doppelt: bool, laufende: int
) -> tuple[tuple[Term, ...], int, str]:
    """The terms of V in the order the formula writes them, V, and the formula."""
    terms = [Term(LABEL[kind], "+", base)]
    if schneider:
        terms.append(Term("Schneider", "+", 1))
    if schwarz:
        terms.append(Term("Schwarz", "+", 1))
    if spritze:
        terms.append(Term("Spritze", "×", 2))
    if doppelt:
        terms.append(Term("Doppelt", "×", 2))
    if laufende:
        terms.append(Term("Laufende", "+", laufende))
    made = tuple(terms)
    return made, evaluate(made), formula(made)


@worded(4096)
def _split(party: tuple[str, ...], active: tuple[str, ...], won: bool, value: int) -> tuple[str, tuple[str, ...]]:
    """How V was shared, as a sentence, and who won."""
    opponents = [p for p in active if p not in party]
    winners = tuple(p for p in active if p in (party if won else opponents))
    losers = [p for p in active if p not in winners]
    gain = ngettext("+{value}", "+{value} each", len(winners)).format(value=value)
    if won:
        split = ngettext("{party} wins: {gain}", "{party} win: {gain}", len(party)).format(
            party=and_list(party), gain=gain
        )
    else:
        split = ngettext("{party} loses: {winners} {gain}", "{party} lose: {winners} {gain}", len(party)).format(
            party=and_list(party), winners=and_list(winners), gain=gain
        )
    split += ngettext("; {losers} gets nothing", "; {losers} get nothing", len(losers)).format(losers=and_list(losers))
    return split, winners


def _setting(settings: Settings, key: str) -> Any:
    # A table stored before a setting existed lacks it: its default applies.
    return settings.get(key, Buchstaben.settings[key].default)


def _carry(state: TableState) -> Carry:
    return state.carry if isinstance(state.carry, Carry) else _NO_CARRY


_NO_CARRY = Carry()  # a value: the one table state after any played hand, shared


BUCHSTABEN = Buchstaben()

__all__ = ["BUCHSTABEN", "Buchstaben", "Carry", "TYPES_BY_SIZE"]
