"""Skat's words (RULES.md §7): what each hand type is, the help of `add TYPE --help` where the command line's
general help speaks of other games, and the columns of Skat's own `stats` table. Data only (N_: translated
where shown)."""

from __future__ import annotations

from schreiber.i18n import N_

# The suit games and the grand: the games with Spitzen and Augen.
GAMES = ("karo", "herz", "pik", "kreuz", "grand")

TYPES: dict[str, str] = {
    "karo": N_("suit game, Karo trumps, base 9 (--player, --spitzen N, --augen N; --hand, announcements, --reizwert)"),
    "herz": N_("suit game, Herz trumps, base 10 (--player, --spitzen N, --augen N; --hand, announcements, --reizwert)"),
    "pik": N_("suit game, Pik trumps, base 11 (--player, --spitzen N, --augen N; --hand, announcements, --reizwert)"),
    "kreuz": N_(
        "suit game, Kreuz trumps, base 12 (--player, --spitzen N, --augen N; --hand, announcements, --reizwert)"
    ),
    "grand": N_(
        "only the four Buben are trumps, base 24 (--player, --spitzen N, --augen N; --hand, announcements, --reizwert)"
    ),
    "null": N_("the declarer must take no trick: 23, Hand 35, ouvert 46, ouvert Hand 59 (--player, --won/--lost)"),
    "eingepasst": N_("all passed: no game, 0 for everyone"),
    "ramsch": N_("all passed, played as Ramsch (setting ramsch): the most Augen lose them (--augen NAME=N)"),
}

# `add TYPE --help` in Skat's words, where the command line's general help speaks of other games.
SUIT_HELP = {
    "player": N_("The declarer."),
    "augen": N_("The declarer's Augen with the Skat, 0–120 (61 wins; with Schneider angesagt 90)."),
    "schwarz": N_("Schwarz: the declarer took every trick (--augen 120) or none (--augen 0–22: his Skat's Augen)."),
    "won": N_("With --schwarz-angesagt or --ouvert: the declarer took every trick (--won) or not (--lost)."),
}
HELP: dict[str, dict[str, str]] = {
    **dict.fromkeys(GAMES, SUIT_HELP),
    "null": {
        "player": SUIT_HELP["player"],
        "won": N_("Null: the declarer took no trick (--won) or a trick (--lost)."),
    },
    "ramsch": {
        "augen": N_(
            "Augen of each of the three players, NAME=N, adding up to 120 (the Skat goes with the last trick)."
        ),
        "jungfrau": N_("Ramsch: took no trick; doubles the loser's points."),
        "durchmarsch": N_("Ramsch: took every trick (+120, nothing for the others)."),
    },
}

# Column keys of the Skat table of `stats`, as a person reads them.
HEADERS = (N_("won"), N_("lost"), N_("average value"), N_("overbid"))
