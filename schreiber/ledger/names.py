"""Forgiving look-up of what a player typed: names and hand types, case-insensitively or by a unique prefix."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from schreiber.rules.model import Hand, HandError

_NAME_FIELDS = ("player", "partner", "durchmarsch", "loser", "winner", "dealer")
_NAME_LIST_FIELDS = ("klopfen", "jungfrau", "sits_out")
_NAME_MAP_FIELDS = ("augen_by_player", "stiche")
_OPTION = {
    "player": "--player",
    "partner": "--partner",
    "durchmarsch": "--durchmarsch",
    "loser": "--loser",
    "winner": "--winner",
    "klopfen": "--klopfen",
    "jungfrau": "--jungfrau",
    "dealer": "--dealer",
    "sits_out": "--sits-out",
    "augen_by_player": "--augen",
    "stiche": "--stiche",
}


def pick(typed: str, choices: Iterable[str], option: str, what: str) -> str:
    """The one choice `typed` means: equal ignoring case, else the only one it starts."""
    choices = list(choices)
    key = typed.strip().casefold()
    for choice in choices:
        if choice.casefold() == key:
            return choice
    starting = [c for c in choices if key and c.casefold().startswith(key)]
    if len(starting) == 1:
        return starting[0]
    if starting:
        raise HandError(f"{option}: `{typed}` could mean {either(starting)}; type more of the {_noun(what)}.")
    raise HandError(f"{option}: {typed!r} is not {what}; use one of {', '.join(choices)}.")


def either(words: list[str]) -> str:
    """"a", "a or b", "a, b or c"."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def _noun(what: str) -> str:
    """What to type more of: "a player at this table" -> "name", "a hand type of schafkopf" -> "hand type"."""
    if what.startswith("a player"):
        return "name"
    if "hand type" in what:
        return "hand type"
    return what.removeprefix("a ").removeprefix("an ")


def resolve_names(hand: Hand, players: tuple[str, ...]) -> Hand:
    """The hand with every player name spelled as the table spells it."""
    changes: dict[str, object] = {}
    for name in _NAME_FIELDS:
        value = getattr(hand, name)
        if value is not None:
            changes[name] = pick(value, players, _OPTION[name], "a player at this table")
    for name in _NAME_LIST_FIELDS:
        values = getattr(hand, name)
        if values:
            changes[name] = tuple(pick(v, players, _OPTION[name], "a player at this table") for v in values)
    for name in _NAME_MAP_FIELDS:
        mapping: Mapping[str, int] = getattr(hand, name)
        if mapping:
            resolved: dict[str, int] = {}
            for typed, value in mapping.items():
                who = pick(typed, players, _OPTION[name], "a player at this table")
                if who in resolved:
                    raise HandError(f"{_OPTION[name]}: {who} is named twice; give each player once.")
                resolved[who] = value
            changes[name] = resolved
    return replace(hand, **changes) if changes else hand
