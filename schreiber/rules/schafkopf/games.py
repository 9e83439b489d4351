"""The games of Schafkopf: the hand types, what kind each is, what it is entered with, its Laufende."""

from __future__ import annotations

from schreiber.i18n import N_

SUITS = ("eichel", "gras", "herz", "schellen")
# The Herz Sau cannot be called: Herz is trump in a Rufspiel.
SAUEN = ("eichel", "gras", "schellen")

AUGEN_SOLOS = ("farbsolo", "wenz", "geier", "farbwenz", "farbgeier")
TOUTS: dict[str, str] = {f"{base}-tout": base for base in AUGEN_SOLOS}
_WITH_FARBE = {"farbsolo", "farbwenz", "farbgeier"}
WENZ_LIKE = {"wenz", "geier"}

# Trumps per game (long deck, kurzes_blatt): the most Laufende a game can have.
TRUMPS: dict[str, tuple[int, int]] = {
    "rufspiel": (14, 12),
    "farbsolo": (14, 12),
    "farbwenz": (11, 9),
    "farbgeier": (11, 9),
    "wenz": (4, 4),
    "geier": (4, 4),
    "sie": (8, 8),
}

TOTAL_AUGEN = 120
SIE_LAUFENDE = 8

LABEL: dict[str, str] = {
    "rufspiel": "Rufspiel",
    "farbsolo": "Farbsolo",
    "wenz": "Wenz",
    "geier": "Geier",
    "farbwenz": "Farbwenz",
    "farbgeier": "Farbgeier",
    "sie": "Sie",
    "bettel": "Bettel",
    "bettel-brett": "Bettel-Brett",
    "ramsch": "Ramsch",
    "zusammengeworfen": "Zusammengeworfen",
}
LABEL.update({t: f"{LABEL[b]}-Tout" for t, b in TOUTS.items()})

TYPES: dict[str, str] = {
    "rufspiel": N_(
        "partner game: the player calls an ace (--sau); wins with 61 Augen (--player, --partner, --augen N)"
    ),
    "farbsolo": N_("solo with a trump suit (--farbe); wins with 61 Augen (--player, --augen N)"),
    "wenz": N_("solo, only the Unter are trumps; wins with 61 Augen (--player, --augen N)"),
    "geier": N_("solo, only the Ober are trumps; wins with 61 Augen (--player, --augen N)"),
    "farbwenz": N_("solo, the Unter and a suit (--farbe) are trumps; wins with 61 Augen (--player, --augen N)"),
    "farbgeier": N_("solo, the Ober and a suit (--farbe) are trumps; wins with 61 Augen (--player, --augen N)"),
    "farbsolo-tout": N_("Farbsolo announced to take every trick, ×2 (--player, --won/--lost)"),
    "wenz-tout": N_("Wenz announced to take every trick, ×2 (--player, --won/--lost)"),
    "geier-tout": N_("Geier announced to take every trick, ×2 (--player, --won/--lost)"),
    "farbwenz-tout": N_("Farbwenz announced to take every trick, ×2 (--player, --won/--lost)"),
    "farbgeier-tout": N_("Farbgeier announced to take every trick, ×2 (--player, --won/--lost)"),
    "sie": N_("all four Ober and Unter in one hand: always won, 8 Laufende, ×4 (--player)"),
    "bettel": N_("solo to take no trick (--player, --won/--lost)"),
    "bettel-brett": N_("Bettel with the cards laid open, ×2 (--player, --won/--lost)"),
    "ramsch": N_("all passed, everyone for himself: most Augen loses (--augen NAME=N for each player)"),
    "zusammengeworfen": N_("all passed and the cards are thrown in: nobody scores, the deal passes on"),
}

_COMMON_KIND_OPTIONS = ("klopfen", "kontra", "re")

# The types `stats` counts as a soloist's game.
STAT_SOLOS = frozenset({*AUGEN_SOLOS, *TOUTS, "sie", "bettel", "bettel-brett"})


# How each type is scored: the game types of one kind share their checks and their split.
KIND: dict[str, str] = {
    "rufspiel": "rufspiel",
    **{t: "solo" for t in AUGEN_SOLOS},
    **{t: "tout" for t in TOUTS},
    "sie": "sie",
    "bettel": "bettel",
    "bettel-brett": "bettel",
    "ramsch": "ramsch",
    "zusammengeworfen": "zusammengeworfen",
}


def allowed(hand_type: str, kind: str) -> set[str]:
    """The facts (Hand fields) a hand type of this kind may be entered with."""
    if kind == "rufspiel":
        return {"player", "partner", "augen", "laufende", "schwarz", "sau", *_COMMON_KIND_OPTIONS}
    if kind == "solo":
        extra = {"farbe"} if hand_type in _WITH_FARBE else set()
        return {"player", "augen", "laufende", "schwarz", *extra, *_COMMON_KIND_OPTIONS}
    if kind == "tout":
        extra = {"farbe"} if TOUTS[hand_type] in _WITH_FARBE else set()
        return {"player", "won", "laufende", *extra, *_COMMON_KIND_OPTIONS}
    if kind == "sie":
        return {"player", "won", "laufende", *_COMMON_KIND_OPTIONS}
    if kind == "bettel":
        return {"player", "won", *_COMMON_KIND_OPTIONS}
    if kind == "ramsch":
        return {"augen_by_player", "stiche", "jungfrau", "durchmarsch", "loser", "klopfen"}
    return set()
