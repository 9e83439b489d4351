"""The one way in: words turned into a Hand, with the same checks and the same sentences wherever
they come from — the options of `add` / `edit` and a `play` line (through `build_hand`), a body
posted by the entry page or the JSON API (`from_body`: the long option names without dashes).

Nothing here touches the ledger; the ledger checks the hand against the table (names, types, the
options a type takes) in the transaction that records it, so a refusal writes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from schreiber.i18n import _
from schreiber.rules import declared
from schreiber.rules.declared import CHOICE, FLAG, NAMES, NUMBER, PAIRS, TEXT, Declared
from schreiber.rules.model import Hand, HandError


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


def _options() -> dict[str, tuple[Declared, ...]]:
    """The options of `add` by parameter, each with the facts it gives (`--augen`: one number, or NAME=N)."""
    out: dict[str, tuple[Declared, ...]] = {}
    for fact in declared.DECLARED:
        out[fact.param] = (*out.get(fact.param, ()), fact)
    return out


def _read(facts: tuple[Declared, ...], value: Any) -> dict[str, Any]:
    """The Hand fields one option gives, from what was typed for it (or sent in a body)."""
    fact = facts[0]
    option = fact.option
    if len(facts) > 1:
        # One option for a number and NAME=N: one number, or NAME=N for each player (--augen, whose
        # sentences these are: no other option gives two facts).
        number, pairs = facts
        if len(value) == 1 and "=" not in value[0]:
            try:
                return {number.name: int(value[0])}
            except ValueError:
                raise HandError(
                    _("--augen takes a whole number or NAME=N, not {augen}.").format(augen=repr(value[0]))
                ) from None
        if any("=" not in v for v in value):
            raise HandError(_("--augen takes either one number (the player party's Augen) or NAME=N for each player."))
        return {pairs.name: _pairs(value, option)}
    # A number without `least` is its rule set's to check (Skat's Spitzen, Reizwert), with one sentence
    # for every number it cannot be: --reizwert 0 and -18 alike are no game value.
    if fact.kind == NUMBER and fact.least is not None and value < fact.least:
        raise HandError(
            _("{option} must be {least} or more, not {value}.").format(option=option, least=fact.least, value=value)
        )
    if fact.kind == NAMES:
        if fact.commas:  # `--sits-out A --sits-out B` or `--sits-out A,B`
            return {fact.name: tuple(n.strip() for v in value for n in v.split(",") if n.strip())}
        return {fact.name: tuple(value)}
    if fact.kind == PAIRS:
        return {fact.name: _pairs(value, option)}
    if fact.kind == CHOICE:
        word = value.strip().lower()
        if fact.among:  # the rule set's suits: it checks them
            return {fact.name: word} if value else {}
        kept = dict(fact.choices)
        if word not in kept:
            raise HandError(
                _("{option} takes {allowed}, not {value}.").format(
                    option=option, allowed=_(fact.allowed), value=repr(value)
                )
            )
        return {fact.name: kept[word]}
    return {fact.name: value}


def build_hand(type_: str, **given: Any) -> Hand:
    """A Hand from what was typed: each option of `add` by its parameter name (rules/declared.py),
    a list for an option that is repeated, `augen` one number or NAME=N for each player."""
    options = _options()
    for key in given:
        if key not in options:
            raise TypeError(f"build_hand() got an unexpected keyword argument {key!r}")
    _storable(type_, "TYPE")
    for key, facts in options.items():
        value = given.get(key)
        for text in value if isinstance(value, (list, tuple)) else (value,):
            if isinstance(text, str):
                _storable(text, facts[0].option)
    fields: dict[str, Any] = {}
    for key, facts in options.items():
        value = given.get(key)
        if value is None or isinstance(value, (list, tuple)) and not value:
            continue  # not given
        fields.update(_read(facts, value))
    return Hand(type=type_.strip().lower(), **fields)


# What a request may carry besides the hand: the number the device expected the hand to get.
BODY_EXTRAS = ("expect_number",)
LONGEST_TEXT = 2000


def body_keys() -> tuple[str, ...]:
    """Every key a body may carry: the long options of `add` without dashes (NAME=N as OPTION_by, `lost`
    for --lost), and the extras."""
    facts = declared.DECLARED
    more = [f.key if f.kind == PAIRS else f.off for f in facts if f.kind == PAIRS or f.off]
    return ("type", *dict.fromkeys(f.param for f in facts), *more, *BODY_EXTRAS)


# No count of a card game comes near it; a larger number would overflow PostgreSQL's integer.
LARGEST = 1_000_000


def _whole(value: Any, option: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise HandError(_("{option} takes a whole number, not {value}.").format(option=option, value=_shown(value)))
    try:
        number = int(value)
    except ValueError:
        raise HandError(
            _("{option} takes a whole number, not {value}.").format(option=option, value=_shown(value))
        ) from None
    if abs(number) > LARGEST:
        raise HandError(
            _("{option} takes a whole number up to {largest}, not {value}.").format(
                option=option, largest=LARGEST, value=_shown(value)
            )
        )
    return number


def _shown(value: Any) -> str:
    """A value that was sent, as a sentence may quote it: escaped, and cut short when long."""
    text = repr(value)  # a NUL or half a character is written as its escape
    return text if len(text) <= 60 else text[:57] + "…"


def _text(value: Any, option: str) -> str:
    if not isinstance(value, (str, int)) or isinstance(value, bool):
        raise HandError(_("{option} takes one name or word, not {value}.").format(option=option, value=_shown(value)))
    return str(value)


def _flag(value: Any, option: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "on", "1", "yes", "false", "off", "0", "no", ""):
        return value.lower() in ("true", "on", "1", "yes")
    raise HandError(_("{option} is a flag: true or false, not {value}.").format(option=option, value=_shown(value)))


def _from_body(fact: Declared, body: Mapping[str, Any]) -> Any:
    """What the body says for one fact, as its option would be typed (None: not said)."""
    option, given = fact.option, body.get(fact.key)
    if fact.kind == FLAG:
        said = None if given is None else _flag(given, option)
        if fact.off and body.get(fact.off) is not None and _flag(body[fact.off], "--" + fact.off):
            said = False  # {"lost": true}
        return said
    if fact.kind == PAIRS:
        if given in (None, {}):
            return None
        if not isinstance(given, Mapping):
            raise HandError(
                _("{option} takes NAME=N, like {option} Anna=40, not {value}.").format(
                    option=option, value=_shown(given)
                )
            )
        return [f"{name}={_whole(n, option)}" for name, n in given.items() if n not in (None, "")]
    if given in (None, ""):
        return None
    if fact.kind == NUMBER:
        if any(f.via == fact.name for f in declared.DECLARED):
            # The number of an option that also takes NAME=N goes as typed, so "viel" is refused as `--augen viel` is.
            return [given if isinstance(given, str) else str(_whole(given, option))]
        return _whole(given, option)
    if fact.kind == NAMES:
        return [_text(v, option) for v in (given if isinstance(given, list) else [given])]
    text = _text(given, option)
    if fact.kind == TEXT and len(text) > LONGEST_TEXT:
        raise HandError(_("{option} takes at most {count} characters.").format(option=option, count=LONGEST_TEXT))
    return text


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
    for fact in declared.DECLARED:
        said = _from_body(fact, body)
        if said is None:
            continue
        if isinstance(said, list) and fact.param in values:  # --augen N and --augen NAME=N: one option
            said = values[fact.param] + said
        values[fact.param] = said
    extras: dict[str, Any] = {}
    if body.get("expect_number") not in (None, ""):
        extras["expect_number"] = _whole(body["expect_number"], "--expect-number")
    return build_hand(type_, **values), extras
