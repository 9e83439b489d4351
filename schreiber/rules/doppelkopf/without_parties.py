"""The Doppelkopf hands without parties: thrown in, Hammelrennen and Schiebekopf (everyone for himself)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from schreiber.i18n import _, ngettext
from schreiber.rules import checks
from schreiber.rules.doppelkopf.rounds import musssolo_carry
from schreiber.rules.doppelkopf.words import bock_terms, wording
from schreiber.rules.model import Hand, HandError, Payout, Term, evaluate
from schreiber.rules.table import Result, TableState
from schreiber.rules.words import signed


def thrown_in(get: Callable[[str], Any], state: TableState, hand: Hand) -> Result:
    terms = (Term("zusammengeworfen", "+", 0),)
    payout = Payout(
        points={p: 0 for p in state.active},
        value=0,
        terms=terms,
        formula=wording(terms),
        split="thrown in: nobody scores, the deal passes on",
    )
    # The queue of RULES.md §1: a throw-in uses up a Bock hand, as the deal passes on.
    return Result(payout, musssolo_carry(get, state), bock_causes=1 if hand.bock else 0)


def hammelrennen(get: Callable[[str], Any], state: TableState, hand: Hand) -> Result:
    active = state.active
    ohne_stich = bool(get("hammel_ohne_stich"))
    checks.only(hand, ("winner", "stiche", "bock") if ohne_stich else ("augen_by_player", "winner", "bock"))
    if hand.winner is not None:
        checks.seated(hand.winner, active, "--winner")
    winner = hand.winner
    if ohne_stich:
        if hand.stiche:
            tricks = 10 if get("ohne_neuner") else 12
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
    terms = [Term(f"Hammelrennen, Sieger {winner}", "+", int(get("hammel")))]
    terms += bock_terms(state.bock.factor)
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
    return Result(payout, musssolo_carry(get, state), bock_causes=1 if hand.bock else 0)


def schiebekopf(get: Callable[[str], Any], state: TableState, hand: Hand) -> Result:
    active = state.active
    checks.only(hand, ("augen_by_player", "bock"))
    checks.need(hand, "augen_by_player")
    checks.per_player(hand.augen_by_player, active, 240, "--augen NAME=N")
    top = max(hand.augen_by_player.values())
    payers = [p for p in active if hand.augen_by_player[p] == top]
    receivers = [p for p in active if p not in payers]
    terms = [Term("Schiebekopf", "+", int(get("schiebekopf")))]
    terms += bock_terms(state.bock.factor)
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
    return Result(payout, musssolo_carry(get, state), bock_causes=1 if hand.bock else 0)
