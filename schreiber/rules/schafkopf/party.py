"""The Rufspiel and the solos (tout, Sie and Bettel too): a player (and his partner) against the others."""

from __future__ import annotations

from schreiber.i18n import _, worded
from schreiber.rules import checks
from schreiber.rules.model import Hand, HandError, Payout
from schreiber.rules.schafkopf.games import SAUEN, SIE_LAUFENDE, SUITS, TOTAL_AUGEN
from schreiber.rules.schafkopf.value import Game, Table
from schreiber.rules.table import Result, TableState
from schreiber.rules.words import signed


def counted_laufende(table: Table, game: Game, hand: Hand) -> int:
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


def party_game(table: Table, game: Game, state: TableState, hand: Hand, knocks: tuple[str, ...], manual: int) -> Result:
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
    laufende = counted_laufende(table, game, hand)

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


# The split as a sentence, and who won. A table has few players and values, so the same splits
# come again and again: each is worded once and shared, with its tuple of winners (the functions
# are pure, the cache is keyed by everything they read). A replay keeps every payout, so fewer new
# objects per hand also means less work for the garbage collector.


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
