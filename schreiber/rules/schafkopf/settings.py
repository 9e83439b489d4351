"""The settings of both Schafkopf presets: the house rules in points and the Bavarian cash tariff."""

from __future__ import annotations

from schreiber.i18n import N_
from schreiber.rules.model import Setting, Settings


def bock_setting(settings: Settings) -> set[str]:
    """The table's Bock triggers, as stored or typed."""
    value = settings.get("bock", ())
    # A multi-valued setting may come back from JSON as a list, or be typed as "re,gleichstand".
    if isinstance(value, str):
        value = value.split(",")
    return {v.strip() for v in value if v and v.strip() and v.strip() != "off"}


def common_settings(*, schneider_spieler: int, schneider_gegner: int, bock: tuple[str, ...]) -> dict[str, Setting]:
    return {
        "kurzes_blatt": Setting(False, N_("short deck without 7s and 8s: at most 12/9/4 Laufende instead of 14/11/4")),
        "kein_spiel": Setting(
            "ramsch",
            N_("when all four pass: play a Ramsch, or throw the cards in (record it as zusammengeworfen)"),
            choices=("ramsch", "zusammenwerfen"),
        ),
        "laufende_ab": Setting(
            3, N_("Laufende count from this many in Rufspiel, Farbsolo, Farbwenz and Farbgeier"), minimum=1, maximum=14
        ),
        "laufende_ab_wenz": Setting(2, N_("Laufende count from this many in Wenz and Geier"), minimum=1, maximum=4),
        "schneider_spieler": Setting(
            schneider_spieler,
            N_("the player party is Schneider with fewer Augen than this"),
            minimum=1,
            maximum=60,
        ),
        "schneider_gegner": Setting(
            schneider_gegner,
            N_("the opponents are Schneider with fewer Augen than this (the player party has 121 minus it or more)"),
            minimum=1,
            maximum=60,
        ),
        "bock": Setting(
            bock,
            N_("what makes a Bock round: re (a Re given), gleichstand (a 60:60), manuell (--bock); off for none"),
            choices=("gleichstand", "manuell", "re"),
            multi=True,
        ),
        "solo_selber_geber": Setting(
            True,
            N_(
                "after a solo (tout, Sie and Bettel too) the same dealer deals again and the solo does not use up "
                "a Bock hand; false: the deal passes after every hand and a solo uses up a Bock hand like any other"
            ),
        ),
    }


def house_settings() -> dict[str, Setting]:
    """The settings of `schafkopf`, the house rules in points."""
    return common_settings(schneider_spieler=30, schneider_gegner=31, bock=("gleichstand", "manuell", "re"))


def tarif_settings() -> dict[str, Setting]:
    """The settings of `schafkopf-tarif`: the common ones, and the tariff's amounts in cents."""
    settings = common_settings(schneider_spieler=31, schneider_gegner=30, bock=())
    settings.update(
        {
            "rufspiel": Setting(20, N_("base of a Rufspiel, in cents"), minimum=1),
            "solo": Setting(50, N_("base of every solo (tout and Sie included), and a Durchmarsch"), minimum=1),
            "bettel": Setting(20, N_("base of Bettel and Bettel-Brett, in cents"), minimum=1),
            "extra": Setting(10, N_("for each of Schneider, Schwarz and each counted Laufender, in cents"), minimum=0),
            "ramsch": Setting(20, N_("what the Ramsch loser pays each other player (a Jungfrau twice)"), minimum=0),
        }
    )
    return settings
