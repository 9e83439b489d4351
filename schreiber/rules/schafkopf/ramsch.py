"""When all four pass: a Ramsch (or a Durchmarsch), or the cards thrown in."""

from __future__ import annotations

from collections.abc import Mapping

from schreiber.i18n import _, ngettext, worded
from schreiber.rules import checks
from schreiber.rules.model import Hand, HandError, Payout, Term, formula
from schreiber.rules.schafkopf.games import TOTAL_AUGEN
from schreiber.rules.schafkopf.value import Table
from schreiber.rules.table import Result, TableState
from schreiber.rules.words import and_list, signed


def zusammengeworfen(state: TableState, manual: int) -> Result:
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


def ramsch(table: Table, state: TableState, hand: Hand, knocks: tuple[str, ...], manual: int) -> Result:
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
                    _("--stiche NAME=N: {durch} took every trick (--durchmarsch), so {name}={value}, not {n}.").format(
                        durch=durch, name=name, value=tricks if name == durch else 0, n=n
                    )
                )
        if all(p in stiche for p in active) and sum(stiche.values()) != tricks:
            raise HandError(
                _("--stiche NAME=N must add up to {tricks}; these add up to {sum}.").format(
                    tricks=tricks, sum=sum(stiche.values())
                )
            )

    if durch is not None:
        return durchmarsch(table, state, durch, knocks, manual)

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

    loser = ramsch_loser(hand, active, augen, stiche)

    bock = state.bock.factor
    terms, unit, wording = table.value(table.games["ramsch"], False, False, 0, knocks, False, False, bock)
    # The tariff pays a Jungfrau the whole amount twice; the house rules a fixed 2 more.
    bonus = unit if table.tarif else 2 * bock
    points = dict.fromkeys(active, unit)
    for name in jungfrauen:
        points[name] += bonus
    points[loser] = -3 * unit - bonus * len(jungfrauen)
    split, winners = _ramsch_split(loser, active, unit, bonus, jungfrauen)
    return Result(Payout(points, unit, terms, wording, split, None, winners), state.carry, False, manual, True)


def ramsch_loser(hand: Hand, active: tuple[str, ...], augen: Mapping[str, int], stiche: Mapping[str, int]) -> str:
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


def durchmarsch(table: Table, state: TableState, durch: str, knocks: tuple[str, ...], manual: int) -> Result:
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


# The split as a sentence, and who won. A table has few players and values, so the same splits
# come again and again: each is worded once and shared, with its tuple of winners (the functions
# are pure, the cache is keyed by everything they read). A replay keeps every payout, so fewer new
# objects per hand also means less work for the garbage collector.


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
