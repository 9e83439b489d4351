"""The value of a party game at the seed's Alten table: +5/10/15 won, −10/20/30 lost, spot points
at their stakes; announcements double nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from schreiber.i18n import N_, _, ngettext
from schreiber.rules.doppelkopf.party import KONTRA, RE, Game, other_party, spot_counts
from schreiber.rules.doppelkopf.rounds import bock_triggers
from schreiber.rules.doppelkopf.words import bock_terms, fuchs_caught, wording
from schreiber.rules.model import Hand, Term

# The Alten table's first term, by (solo, Re wins): the Augen decide, " Schneider" or " schwarz" follows.
_RESULT = {
    (True, True): N_("Soloist wins{extra}"),
    (True, False): N_("Soloist loses{extra}"),
    (False, True): N_("Alten win{extra}"),
    (False, False): N_("Alten lose{extra}"),
}


def value(
    get: Callable[[str], Any], factor: int, hand: Hand, game: Game
) -> tuple[str, str, tuple[Term, ...], str, int]:
    if hand.type == "stilles-solo" and get("stilles_solo_nur_schwarz"):
        re_wins = game.schwarz and game.augen == 240
    else:
        re_wins = game.augen >= 121
    winner = RE if re_wins else KONTRA
    loser = other_party(winner)
    if not game.took_trick(loser):
        level, extra = 3, " schwarz"
    elif game.aug(loser) < int(get("schneider_unter")):
        level, extra = 2, " Schneider"
    else:
        level, extra = 1, ""
    base = 5 * level if re_wins else 10 * level
    label = _(_RESULT[(game.solo, re_wins)]).format(extra=extra)
    if hand.type == "stilles-solo" and not re_wins and game.augen >= 121:
        label += " " + _("(stilles Solo not schwarz)")
    terms = [Term(label, "+", base)]

    def signed(earner: str, label: str, amount: int) -> None:
        if amount:
            terms.append(Term(f"{label} ({earner})", "+" if earner == winner else "−", amount))

    if not game.solo:
        spots = spot_counts(hand)
        fuchs = int(get("fuchs"))
        dk = int(get("doppelkopf"))
        for party in (RE, KONTRA):
            n = spots[party]["fuchs"]
            signed(party, fuchs_caught(n), n * fuchs)
        for party in (RE, KONTRA):
            n = spots[party]["doppelkopf"]
            signed(party, "Doppelkopf" if n == 1 else f"{n} Doppelköpfe", n * dk)
        if hand.karlchen is not None:
            # Karlchen is won with the game or paid on top by a losing party: always for the winners.
            owner = RE if hand.karlchen == "re" else KONTRA
            terms.append(Term(f"Karlchen ({owner})", "+", int(get("karlchen"))))
        if hand.altenstrafe:
            # The Alten pay whatever the result, so it is for the winners only when Kontra wins.
            stake = int(get("altenstrafe"))
            terms.append(Term(_("Altenstrafe (Re pays)"), "+" if winner == KONTRA else "−", stake))
    triggers = bock_triggers(get)
    if hand.re or hand.kontra:
        # Announcements double nothing at the Alten table; the breakdown says they were heard.
        said = _(" and ").join(n for n, on in ((RE, hand.re), (KONTRA, hand.kontra)) if on)
        makes = [n for n, on in ((RE, hand.re), (KONTRA, hand.kontra)) if on and n.lower() in triggers]
        if makes:
            why = ngettext("{names} makes Bock", "{names} make Bock", len(makes)).format(names=_(" and ").join(makes))
        else:
            why = _("recorded only")
        terms.append(Term(_("{said} (no factor at the Alten table; {why})").format(said=said, why=why), "+", 0))
    terms += bock_terms(factor)

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
