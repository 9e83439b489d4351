"""Hypothesis strategies for valid Schafkopf hands at a table of four, for the ledger's property tests."""

from __future__ import annotations

from hypothesis import strategies as st

from schreiber.rules.model import Hand

PLAYERS = ("Anna", "Berta", "Carl", "Dora")
SOLOS = ("farbsolo", "wenz", "geier", "farbwenz", "farbgeier")


@st.composite
def schafkopf_hands(draw: st.DrawFn) -> Hand:
    """A valid hand of the `schafkopf` rule set with default settings, any dealer."""
    kind = draw(st.sampled_from(["rufspiel", "solo", "tout", "ramsch", "bettel"]))
    klopfen = tuple(draw(st.lists(st.sampled_from(PLAYERS), unique=True, max_size=2)))
    if kind == "ramsch":
        cuts = sorted(draw(st.lists(st.integers(0, 120), min_size=3, max_size=3)))
        augen = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 120 - cuts[2]]
        by_player = dict(zip(PLAYERS, augen, strict=True))
        top = max(augen)
        tied = [p for p, a in by_player.items() if a == top]
        loser = draw(st.sampled_from(tied)) if len(tied) > 1 else None
        return Hand("ramsch", augen_by_player=by_player, loser=loser, klopfen=klopfen)
    player = draw(st.sampled_from(PLAYERS))
    kontra = draw(st.booleans())
    re = kontra and draw(st.booleans())
    if kind == "rufspiel":
        partner = draw(st.sampled_from([p for p in PLAYERS if p != player]))
        augen = draw(st.integers(0, 120))
        laufende = draw(st.integers(0, 14))
        return Hand(
            "rufspiel",
            player=player,
            partner=partner,
            augen=augen,
            laufende=laufende,
            klopfen=klopfen,
            kontra=kontra,
            re=re,
        )
    if kind == "solo":
        game = draw(st.sampled_from(SOLOS))
        top = {"farbsolo": 14, "wenz": 4, "geier": 4, "farbwenz": 11, "farbgeier": 11}[game]
        augen = draw(st.integers(0, 120))
        return Hand(
            game, player=player, augen=augen, laufende=draw(st.integers(0, top)), klopfen=klopfen, kontra=kontra, re=re
        )
    if kind == "tout":
        game = draw(st.sampled_from(SOLOS)) + "-tout"
        return Hand(
            game,
            player=player,
            won=draw(st.booleans()),
            laufende=draw(st.integers(0, 4)),
            klopfen=klopfen,
            kontra=kontra,
            re=re,
        )
    return Hand(
        draw(st.sampled_from(["bettel", "bettel-brett"])),
        player=player,
        won=draw(st.booleans()),
        klopfen=klopfen,
        kontra=kontra,
        re=re,
    )


def renamed(hand: Hand, names_of: dict[str, str]) -> Hand:
    """The hand with the generated players (Anna … Dora) named as `names_of` says, wherever its facts name one."""
    facts = hand.to_facts()
    for key in ("player", "partner", "loser", "durchmarsch", "winner"):
        if key in facts:
            facts[key] = names_of[facts[key]]
    for key in ("klopfen", "jungfrau"):
        if key in facts:
            facts[key] = [names_of[n] for n in facts[key]]
    for key in ("augen_by_player", "stiche"):
        if key in facts:
            facts[key] = {names_of[n]: v for n, v in facts[key].items()}
    return Hand.from_facts(facts)
