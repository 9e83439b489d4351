"""The settings and hand types of both Doppelkopf presets: the seed's Alten table and the DDV
tournament rules."""

from __future__ import annotations

from schreiber.i18n import N_
from schreiber.rules.model import Setting

BOCK_TRIGGERS = ("re", "kontra", "gleichstand", "solo_verloren", "manuell")


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

SOLO_TYPES: dict[str, str] = {
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
    **SOLO_TYPES,
    "hammelrennen": N_("everyone for himself: --augen NAME=N or --winner NAME; the winner gets the stake from each"),
    "schiebekopf": N_("everyone for himself: --augen NAME=N; the most Augen pays the stake to each other player"),
    "zusammengeworfen": N_("thrown in: nobody scores, the deal passes on"),
}

TURNIER_TYPES: dict[str, str] = {
    "normal": N_(
        "Re (--player, --partner) against Kontra; --augen N of Re; --re/--kontra, --re-absage/--kontra-absage"
    ),
    "hochzeit": N_("as normal with the --partner found; without one in the first three tricks a solo of --player"),
    **SOLO_TYPES,
    "zusammengeworfen": N_("thrown in: nobody scores, the deal passes on"),
}
