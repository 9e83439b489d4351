"""The one way in: words turned into a Hand, with the same checks and the same sentences wherever
they come from — the options of `add` / `edit` and a `play` line (through `build_hand`), a body
posted by the entry page or the JSON API (`from_body`: the long option names without dashes).

Nothing here touches the ledger; the ledger checks the hand against the table (names, types, the
options a type takes) in the transaction that records it, so a refusal writes nothing.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from schreiber.i18n import _
from schreiber.rules.model import DECLARED, DECLARED_BY_NAME, Hand, HandError


def _pairs(values: Sequence[str], option: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for value in values:
        name, sep, number = value.partition("=")
        if not sep or not name.strip():
            raise HandError(
                _("{option} takes NAME=N, like {option} Anna=40, not {value}.").format(option=option, value=repr(value))
            )
        try:
            out[name.strip()] = int(number)
        except ValueError:
            raise HandError(
                _("{option} {value}= needs a whole number, not {number}.").format(
                    option=option, value=name.strip(), number=repr(number)
                )
            ) from None
    return out


def _storable(value: str | None, option: str) -> None:
    """Refuse text the ledger cannot keep alike on SQLite and PostgreSQL: a NUL, or half of a character
    (a byte that was not UTF-8 on the command line, a lone surrogate in JSON)."""
    if value is None:
        return
    if "\x00" in value:
        raise HandError(
            _("{option} holds a NUL character, which cannot be stored; leave it out.").format(option=option)
        )
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise HandError(
            _("{option} holds a byte or half a character that is not UTF-8; type the text again.").format(option=option)
        ) from None


def _absage(value: str | None, option: str) -> int | None:
    if value is None:
        return None
    text = value.strip().lower()
    if text in ("schwarz", "s"):
        return 0
    if text in ("90", "60", "30", "0"):
        return int(text)
    raise HandError(
        _("{option} takes 90, 60, 30 or 0 (schwarz), not {value}.").format(option=option, value=repr(value))
    )


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
    **declared: Any,
) -> Hand:
    """A Hand from what was typed; `--augen` is either one number or NAME=N for each player;
    `declared`: the facts only some games take (rules/model.py DECLARED), by name."""
    for option, text in (
        ("TYPE", type_),
        ("--player", player),
        ("--partner", partner),
        ("--re-absage", re_absage),
        ("--kontra-absage", kontra_absage),
        ("--karlchen", karlchen),
        ("--durchmarsch", durchmarsch),
        ("--loser", loser),
        ("--winner", winner),
        ("--farbe", farbe),
        ("--sau", sau),
        ("--note", note),
        ("--dealer", dealer),
        *(("--augen", a) for a in augen),
        *(("--stiche", a) for a in stiche),
        *(("--klopfen", a) for a in klopfen),
        *(("--jungfrau", a) for a in jungfrau),
        *(("--sits-out", a) for a in sits_out),
    ):
        _storable(text, option)
    party_augen: int | None = None
    by_player: dict[str, int] = {}
    if len(augen) == 1 and "=" not in augen[0]:
        try:
            party_augen = int(augen[0])
        except ValueError:
            raise HandError(
                _("--augen takes a whole number or NAME=N, not {augen}.").format(augen=repr(augen[0]))
            ) from None
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
    for key in declared:
        # A declared number (Skat's Spitzen, Reizwert) is checked by its rule set, with one sentence for
        # every number it cannot be: --reizwert 0 and -18 alike are no game value.
        if key not in DECLARED_BY_NAME:
            raise TypeError(f"build_hand() got an unexpected keyword argument {key!r}")
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
        **{key: value for key, value in declared.items() if value is not None},
    )


@dataclass(frozen=True)
class HandOptions:
    """The options of `add` / `edit` after TYPE, one field per long option (`--sits-out` is
    `sits_out`), as `build_hand` takes them; `hand(type_)` builds the Hand."""

    player: str | None = None
    partner: str | None = None
    augen: Sequence[str] = ()
    stiche: Sequence[str] = ()
    laufende: int | None = None
    schwarz: bool = False
    won: bool | None = None
    klopfen: Sequence[str] = ()
    kontra: bool = False
    re: bool = False
    re_absage: str | None = None
    kontra_absage: str | None = None
    fuchs_re: int | None = None
    fuchs_kontra: int | None = None
    doppelkopf_re: int | None = None
    doppelkopf_kontra: int | None = None
    karlchen: str | None = None
    altenstrafe: bool = False
    spritze: bool = False
    jungfrau: Sequence[str] = ()
    durchmarsch: str | None = None
    loser: str | None = None
    winner: str | None = None
    forced: bool = False
    pflicht: bool = False
    farbe: str | None = None
    sau: str | None = None
    bock: bool = False
    note: str | None = None
    dealer: str | None = None
    sits_out: Sequence[str] = ()
    declared: Mapping[str, Any] = field(default_factory=dict)  # the facts of DECLARED, by name

    def hand(self, type_: str) -> Hand:
        given = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "declared"}
        return build_hand(type_, **given, **self.declared)


# Body keys beyond build_hand's parameters (`augen_by` is `--augen NAME=N`, `stiche_by` `--stiche NAME=N`).
_FLAGS = ("schwarz", "kontra", "re", "altenstrafe", "spritze", "forced", "pflicht", "bock")
_NUMBERS = ("laufende", "fuchs_re", "fuchs_kontra", "doppelkopf_re", "doppelkopf_kontra")
_LISTS = ("klopfen", "jungfrau", "sits_out")
_TEXTS = (
    "player",
    "partner",
    "re_absage",
    "kontra_absage",
    "karlchen",
    "durchmarsch",
    "loser",
    "winner",
    "farbe",
    "sau",
    "note",
    "dealer",
)
# What a request may carry besides the hand: the number the device expected the hand to get.
BODY_EXTRAS = ("expect_number",)
LONGEST_NOTE = 2000


def body_keys() -> tuple[str, ...]:
    """Every key a body may carry: the long options of `add` without dashes, and the extras."""
    params = [p for p in inspect.signature(build_hand).parameters if p not in ("type_", "declared")]
    return ("type", *params, *(d.name for d in DECLARED), "augen_by", "stiche_by", "lost", *BODY_EXTRAS)


def _option(key: str) -> str:
    return "--" + key.removesuffix("_by").replace("_", "-")


# No count of a card game comes near it; a larger number would overflow PostgreSQL's integer.
LARGEST = 1_000_000


def _whole(value: Any, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise HandError(
            _("{option} takes a whole number, not {value}.").format(option=_option(key), value=_shown(value))
        )
    try:
        number = int(value)
    except ValueError:
        raise HandError(
            _("{option} takes a whole number, not {value}.").format(option=_option(key), value=_shown(value))
        ) from None
    if abs(number) > LARGEST:
        raise HandError(
            _("{option} takes a whole number up to {largest}, not {value}.").format(
                option=_option(key), largest=LARGEST, value=_shown(value)
            )
        )
    return number


def _shown(value: Any) -> str:
    """A value that was sent, as a sentence may quote it: escaped, and cut short when long."""
    text = repr(value)  # a NUL or half a character is written as its escape
    return text if len(text) <= 60 else text[:57] + "…"


def _text(value: Any, key: str) -> str:
    if not isinstance(value, (str, int)) or isinstance(value, bool):
        raise HandError(
            _("{option} takes one name or word, not {value}.").format(option=_option(key), value=_shown(value))
        )
    return str(value)


def _flag(value: Any, key: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "on", "1", "yes", "false", "off", "0", "no", ""):
        return value.lower() in ("true", "on", "1", "yes")
    raise HandError(
        _("{option} is a flag: true or false, not {value}.").format(option=_option(key), value=_shown(value))
    )


def from_body(body: Mapping[str, Any]) -> tuple[Hand, dict[str, Any]]:
    """A Hand from a JSON body or the entry page, and the extras (`expect_number`).

    `{"type": "rufspiel", "player": "Anna", "partner": "Carl", "augen": 75, "laufende": 3,
    "kontra": true, "klopfen": ["Anna"], "augen_by": {"Anna": 40, …}}`: the values go through
    `build_hand` as the command line's words would, so a refusal is the sentence `add` says."""
    if not isinstance(body, Mapping):
        raise HandError(
            _("The body must be one JSON object, like {example}.").format(
                example='{"type": "rufspiel", "player": "Anna"}'
            )
        )
    allowed = body_keys()
    unknown = [k for k in body if k not in allowed]
    if unknown:
        raise HandError(
            _("{key} is not an option of add; use the long option names without dashes ({example}).").format(
                key=_shown(unknown[0]), example="player, partner, augen, augen_by, laufende, klopfen, …"
            )
        )
    type_ = body.get("type")
    if not isinstance(type_, str) or not type_.strip():
        raise HandError(_("type is missing: name the hand type, like rufspiel."))
    values: dict[str, Any] = {}
    for key in _TEXTS:
        if body.get(key) not in (None, ""):
            values[key] = _text(body[key], key)
    if len(values.get("note", "")) > LONGEST_NOTE:
        raise HandError(_("--note takes at most {count} characters.").format(count=LONGEST_NOTE))
    for key in _NUMBERS:
        if body.get(key) not in (None, ""):
            values[key] = _whole(body[key], key)
    for key in _FLAGS:
        if key in body:
            values[key] = _flag(body[key], key)
    for fact in DECLARED:
        if body.get(fact.name) in (None, ""):
            continue
        values[fact.name] = (
            _flag(body[fact.name], fact.name) if fact.kind is bool else _whole(body[fact.name], fact.name)
        )
    for key in _LISTS:
        value = body.get(key)
        if value in (None, ""):
            continue
        items = value if isinstance(value, list) else [value]
        values[key] = [_text(v, key) for v in items]
    if body.get("won") is not None:
        values["won"] = _flag(body["won"], "won")
    if body.get("lost") is not None and _flag(body["lost"], "lost"):
        values["won"] = False
    augen: list[str] = []
    if body.get("augen") not in (None, ""):
        # A word goes to build_hand as typed, so "viel" is refused as `--augen viel` is.
        given = body["augen"]
        augen.append(given if isinstance(given, str) else str(_whole(given, "augen")))
    for key, option in (("augen_by", "--augen"), ("stiche_by", "--stiche")):
        given = body.get(key)
        if given in (None, {}):
            continue
        if not isinstance(given, Mapping):
            raise HandError(
                _("{option} takes NAME=N, like {option} Anna=40, not {value}.").format(
                    option=option, value=_shown(given)
                )
            )
        pairs = [f"{name}={_whole(n, key)}" for name, n in given.items() if n not in (None, "")]
        if key == "stiche_by":
            values["stiche"] = pairs
        else:
            augen.extend(pairs)
    if augen:
        values["augen"] = augen
    extras: dict[str, Any] = {}
    if body.get("expect_number") not in (None, ""):
        extras["expect_number"] = _whole(body["expect_number"], "expect_number")
    return build_hand(type_, **values), extras
