"""Forgiving look-up of what a player typed: names and hand types, case-insensitively or by a unique prefix."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from schreiber.i18n import N_, _
from schreiber.rules.declared import DECLARED, NAME, NAMES, PAIRS
from schreiber.rules.model import Hand, HandError

if TYPE_CHECKING:
    from schreiber.rules.table import RuleSet

# The facts that name players at the table (rules/declared.py): one name, a list of names, a number for each.
_NAME_FIELDS = tuple(d.name for d in DECLARED if d.kind == NAME)
_NAME_LIST_FIELDS = tuple(d.name for d in DECLARED if d.kind == NAMES)
_NAME_MAP_FIELDS = tuple(d.name for d in DECLARED if d.kind == PAIRS)
_OPTION = {d.name: d.option for d in DECLARED}


# Short forms of hand types a unique start cannot give (`f` starts six types): short form -> type.
# A short form applies where the rule set has the type and none of its types starts with it.
SHORT_TYPES = {"fs": "farbsolo"}


def pick_type(typed: str, rules: RuleSet) -> str:
    """The hand type `typed` means at a table of `rules`: the type, its unique start or its short
    form; a typo close to one type gets "did you mean …?"."""
    types = list(rules.types)
    key = typed.strip().casefold()
    short = SHORT_TYPES.get(key)
    if short in types and not any(t.startswith(key) for t in types):
        return short
    return pick(typed, types, "TYPE", f"a hand type of {rules.name}", close=True)


def pick_suit(typed: str | None, suits: Iterable[str]) -> str | None:
    """A suit as the rule set spells it, from the suit or its unique start (`ei` → eichel); what
    names no suit is left as typed, for the rule set to refuse in its own words."""
    if typed is None:
        return None
    key = typed.strip().casefold()
    starting = [s for s in suits if s.casefold() == key] or [s for s in suits if key and s.casefold().startswith(key)]
    return starting[0] if len(starting) == 1 else typed


def pick(typed: str, choices: Iterable[str], option: str, what: str, close: bool = False) -> str:
    """The one choice `typed` means: equal ignoring case, else the only one it starts. With
    `close`, a typo near one choice is refused with "did you mean …?"."""
    choices = list(choices)
    key = typed.strip().casefold()
    for choice in choices:
        if choice.casefold() == key:
            return choice
    starting = [c for c in choices if key and c.casefold().startswith(key)]
    if len(starting) == 1:
        return starting[0]
    if starting:
        raise HandError(
            _("{option}: `{typed}` could mean {choices}; type more of the {noun}.").format(
                option=option, typed=typed, choices=either(starting), noun=_(_noun(what))
            )
        )
    if close:
        import difflib

        near = difflib.get_close_matches(key, [c.casefold() for c in choices], n=1, cutoff=0.75)
        if near:
            meant = next(c for c in choices if c.casefold() == near[0])
            raise HandError(
                _("{option}: {typed} is not {what}; did you mean {choice}?").format(
                    option=option, typed=repr(typed), what=_what(what), choice=meant
                )
            )
    raise HandError(
        _("{option}: {typed} is not {what}; use one of {choices}.").format(
            option=option, typed=repr(typed), what=_what(what), choices=", ".join(choices)
        )
    )


def _what(what: str) -> str:
    """`what` in the language spoken: the callers name it in English ("a hand type of schafkopf")."""
    prefix = "a hand type of "
    if what.startswith(prefix):
        return _("a hand type of {name}").format(name=what.removeprefix(prefix))
    return _(what)


def either(words: list[str]) -> str:
    """ "a", "a or b", "a, b or c"."""
    return words[0] if len(words) == 1 else _("{names} or {last}").format(names=", ".join(words[:-1]), last=words[-1])


def _noun(what: str) -> str:
    """What to type more of: "a player at this table" -> "name", "a hand type of schafkopf" -> "hand type"."""
    if what.startswith("a player"):
        return N_("name")
    if "hand type" in what:
        return N_("hand type")
    return what.removeprefix("a ").removeprefix("an ")


def resolve_names(hand: Hand, players: tuple[str, ...]) -> Hand:
    """The hand with every player name spelled as the table spells it."""
    changes: dict[str, object] = {}
    for name in _NAME_FIELDS:
        value = getattr(hand, name)
        if value is not None:
            changes[name] = pick(value, players, _OPTION[name], N_("a player at this table"))
    for name in _NAME_LIST_FIELDS:
        values = getattr(hand, name)
        if values:
            changes[name] = tuple(pick(v, players, _OPTION[name], N_("a player at this table")) for v in values)
    for name in _NAME_MAP_FIELDS:
        mapping: Mapping[str, int] = getattr(hand, name)
        if mapping:
            resolved: dict[str, int] = {}
            for typed, value in mapping.items():
                who = pick(typed, players, _OPTION[name], N_("a player at this table"))
                if who in resolved:
                    raise HandError(
                        _("{OPTION}: {who} is named twice; give each player once.").format(
                            OPTION=_OPTION[name], who=who
                        )
                    )
                resolved[who] = value
            changes[name] = resolved
    return replace(hand, **changes) if changes else hand


# DIN 5007-1, the order of German lists (a telephone book's is DIN 5007-2): ä, ö, ü sort as a, o, u
# and ß as ss; other accents are dropped as well (Ç with C), so searching "Ozlem" finds Özlem.
_DIN_5007 = str.maketrans({"ß": "ss", "ẞ": "SS"})


def fold(name: str) -> str:
    """`name` without case and accents, as a German list files it and as a search compares it."""
    import unicodedata

    decomposed = unicodedata.normalize("NFKD", name.translate(_DIN_5007))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def german_order(name: str) -> tuple[str, str]:
    """The sort key of a name in a German list: folded first (Özlem with O), the exact spelling to break ties."""
    return (fold(name), name)


def close_names(name: str, others: Iterable[str]) -> list[str]:
    """The names of `others` a typist may have meant instead of `name`: the same without accents or case,
    or one letter off (one added, dropped or changed)."""
    mine = fold(name)
    out = []
    for other in others:
        theirs = fold(other)
        if other.casefold() == name.casefold():
            continue
        # One letter off only among names of four letters or more: "Jo" and "Bo" are two people.
        if theirs == mine or (min(len(mine), len(theirs)) >= 4 and _one_letter_off(mine, theirs)):
            out.append(other)
    return out


def _one_letter_off(a: str, b: str) -> bool:
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b)) == 1
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return any(long_[:i] + long_[i + 1 :] == short for i in range(len(long_)))
