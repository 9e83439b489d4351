"""The options of `add` and `edit`, read into a Hand; nothing here touches the ledger."""

from __future__ import annotations

from collections.abc import Sequence

from schreiber.i18n import _
from schreiber.rules.model import Hand, HandError


def _pairs(values: Sequence[str], option: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for value in values:
        name, sep, number = value.partition("=")
        if not sep or not name.strip():
            raise HandError(_("{option} takes NAME=N, like {option} Anna=40, not {value}.").format(option=option, value=repr(value)))
        try:
            out[name.strip()] = int(number)
        except ValueError:
            raise HandError(_("{option} {value}= needs a whole number, not {number}.").format(option=option, value=name.strip(), number=repr(number))) from None
    return out


def _absage(value: str | None, option: str) -> int | None:
    if value is None:
        return None
    text = value.strip().lower()
    if text in ("schwarz", "s"):
        return 0
    if text in ("90", "60", "30", "0"):
        return int(text)
    raise HandError(_("{option} takes 90, 60, 30 or 0 (schwarz), not {value}.").format(option=option, value=repr(value)))


def build_hand(
    type_: str,
    *,
    player: str | None = None,
    partner: str | None = None,
    augen: Sequence[str] = (),
    stiche: Sequence[str] = (),
    laufende: int | None = None,
    schwarz: bool = False,
    won: bool | None = None,
    klopfen: Sequence[str] = (),
    kontra: bool = False,
    re: bool = False,
    re_absage: str | None = None,
    kontra_absage: str | None = None,
    fuchs_re: int | None = None,
    fuchs_kontra: int | None = None,
    doppelkopf_re: int | None = None,
    doppelkopf_kontra: int | None = None,
    karlchen: str | None = None,
    altenstrafe: bool = False,
    spritze: bool = False,
    jungfrau: Sequence[str] = (),
    durchmarsch: str | None = None,
    loser: str | None = None,
    winner: str | None = None,
    forced: bool = False,
    pflicht: bool = False,
    farbe: str | None = None,
    sau: str | None = None,
    bock: bool = False,
    note: str | None = None,
    dealer: str | None = None,
    sits_out: Sequence[str] = (),
) -> Hand:
    """A Hand from what was typed; `--augen` is either one number or NAME=N for each player."""
    party_augen: int | None = None
    by_player: dict[str, int] = {}
    if len(augen) == 1 and "=" not in augen[0]:
        try:
            party_augen = int(augen[0])
        except ValueError:
            raise HandError(_("--augen takes a whole number or NAME=N, not {augen}.").format(augen=repr(augen[0]))) from None
    elif augen:
        if any("=" not in a for a in augen):
            raise HandError(_("--augen takes either one number (the player party's Augen) or NAME=N for each player."))
        by_player = _pairs(augen, "--augen")
    for value, option in (
        (laufende, "--laufende"),
        (fuchs_re, "--fuchs-re"),
        (fuchs_kontra, "--fuchs-kontra"),
        (doppelkopf_re, "--doppelkopf-re"),
        (doppelkopf_kontra, "--doppelkopf-kontra"),
    ):
        if value is not None and value < 0:
            raise HandError(_("{option} must be 0 or more, not {value}.").format(option=option, value=value))
    if karlchen is not None and karlchen.strip().lower() not in ("re", "kontra"):
        raise HandError(_("--karlchen takes re or kontra, not {karlchen}.").format(karlchen=repr(karlchen)))
    return Hand(
        type=type_.strip().lower(),
        player=player,
        partner=partner,
        augen=party_augen,
        augen_by_player=by_player,
        stiche=_pairs(stiche, "--stiche"),
        laufende=laufende,
        schwarz=schwarz,
        won=won,
        klopfen=tuple(klopfen),
        kontra=kontra,
        re=re,
        re_absage=_absage(re_absage, "--re-absage"),
        kontra_absage=_absage(kontra_absage, "--kontra-absage"),
        fuchs_re=fuchs_re,
        fuchs_kontra=fuchs_kontra,
        doppelkopf_re=doppelkopf_re,
        doppelkopf_kontra=doppelkopf_kontra,
        karlchen=karlchen.strip().lower() if karlchen else None,
        altenstrafe=altenstrafe,
        spritze=spritze,
        jungfrau=tuple(jungfrau),
        durchmarsch=durchmarsch,
        loser=loser,
        winner=winner,
        forced=forced,
        pflicht=pflicht,
        farbe=farbe.strip().lower() if farbe else None,
        sau=sau.strip().lower() if sau else None,
        bock=bock,
        note=note,
        dealer=dealer,
        # `--sits-out A --sits-out B` or `--sits-out A,B`
        sits_out=tuple(n.strip() for v in sits_out for n in v.split(",") if n.strip()),
    )
