"""The value of a party game under the DDV tournament rules: 1 point a step, Ansagen, Absagen and
Sonderpunkte."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from schreiber.i18n import _
from schreiber.rules.doppelkopf.party import ABSAGEN, KONTRA, RE, Game, other_party, spot_counts
from schreiber.rules.doppelkopf.rounds import bock_triggers
from schreiber.rules.doppelkopf.words import absage_name, bock_terms, fuchs_caught, wording
from schreiber.rules.model import Hand, Term

# Every comparison of Augen in the tournament rules: Re's Augen against 30, 60, 90, 120, 121, 151,
# 181, 211 (keine 90 … schwarz, the Absagen, 120:120) and Kontra's, 240 − Augen, against the same,
# which are the same cut points again; 0 and 240 are cut off alone (a party without a trick).
CUTS = (1, 30, 60, 90, 120, 121, 151, 181, 211, 240)


def value(
    get: Callable[[str], Any], factor: int, hand: Hand, game: Game
) -> tuple[str, str | None, tuple[Term, ...], str, int]:
    absage = {RE: hand.re_absage, KONTRA: hand.kontra_absage}
    announced = {RE: hand.re or absage[RE] is not None, KONTRA: hand.kontra or absage[KONTRA] is not None}
    target_absage = dict(absage)
    if hand.type == "stilles-solo" and get("stilles_solo_nur_schwarz"):
        # The soloist must take every trick, as if he had said schwarz; it earns no Absage points.
        target_absage[RE] = 0
    kontra_alone = announced[KONTRA] and not announced[RE]

    def wins(party: str) -> bool:
        other = other_party(party)
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
        other = other_party(party)
        out = [(f"keine {x}", 1, party) for x in (90, 60, 30) if game.aug(other) < x]
        if not game.took_trick(other):
            out.append(("schwarz", 1, party))
        return out

    def against(party: str) -> list[tuple[str, int, str]]:
        said = absage[other_party(party)]
        if said is None:
            return []
        return [
            (_("{augen} against {absage}").format(augen=level + 30, absage=absage_name(level)), 1, party)
            for level in ABSAGEN
            if level >= said and game.aug(party) >= level + 30
        ]

    def sonder(party: str) -> list[tuple[str, int, str]]:
        if game.solo:
            return []
        spots = spot_counts(hand)[party]
        out = []
        if spots["fuchs"]:
            n = spots["fuchs"]
            out.append((fuchs_caught(n), n, party))
        if spots["doppelkopf"]:
            n = spots["doppelkopf"]
            out.append(("Doppelkopf" if n == 1 else f"{n} Doppelköpfe", n, party))
        if spots["karlchen"]:
            out.append(("Karlchen", 1, party))
        return out

    steps: list[tuple[str, int, str]]
    if winner is not None:
        loser = other_party(winner)
        steps = [(_("won"), 1, winner)] + under(winner)
        steps += [(_("{party} announced").format(party=p), 2, winner) for p in (RE, KONTRA) if announced[p]]
        for p in (RE, KONTRA):
            if absage[p] is not None:
                steps += [
                    (_("{party} announced {absage}").format(party=p, absage=absage_name(level)), 1, winner)
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
        steps = earned[side] + earned[other_party(side)]
        head = _("nobody wins; net for {party}: ").format(party=side)
    terms = [
        Term(label if party == side else f"{label} ({party})", "+" if party == side else "−", amount)
        for label, amount, party in steps
    ]
    # With `--set bock=…` (off by default) the queue of the Alten table: the value is doubled in a
    # Bock round, and the same triggers append rounds to it.
    terms += bock_terms(factor)
    triggers = bock_triggers(get)
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
