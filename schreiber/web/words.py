"""The page's words for what the command line says with its own: option names become the labels of the
fields the page shows, hand types the names players say.

A refusal of a rule set names the option it concerns ("--player is needed for wenz.", "--augen NAME=N
must add up to 120 …"); the page turns each option into its field's label ("Player is needed for
Wenz.") instead of keeping a second wording of every sentence. An option the page does not know
(a rule set added later) is shown as its word without the dashes. The JSON API keeps the command
line's sentences for programs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from schreiber.i18n import _
from schreiber.rules import declared

# "--augen NAME=N", "--augen N", "--won/--lost", "--set bock=manuell", "--player"
_OPTION = re.compile(r"--[a-z][a-z-]*(?:/--[a-z][a-z-]*)?(?: (?:NAME=N|N)\b)?")
# "(--player, --augen N)" after a hand type's description, "(--set bock=manuell)": only for the command line
_HINT = re.compile(r"\s*\((?:--|-)[^)]*\)")
# Types that are also everyday words of a sentence ("sie" in German, "normal" in English): never renamed there.
_COMMON = frozenset({"sie", "du", "normal", "solo", "spiel"})


def labels() -> dict[str, str]:
    """The label of each field of the entry page, in the language spoken (game words with a gloss in English)."""
    return {**{fact.name: _(fact.label) for fact in declared.DECLARED}, "flags": _("Said and done")}


def _options() -> dict[str, str]:
    """Each option as a sentence writes it ("--augen NAME=N", "--won/--lost", "--bock"), to the words of
    its field; a flag in a sentence is the game's word for what was said (Bock), not its chip's label."""
    out: dict[str, str] = {}
    facts = declared.DECLARED
    for fact in facts:
        out[fact.spelled] = _(fact.said or fact.label)
    for fact in facts:  # an option alone is its own fact (--augen: the Augen of the party; --lost: the result)
        if not fact.via:
            out.setdefault(fact.option, _(fact.label))
            if fact.off:
                out["--" + fact.off.replace("_", "-")] = _(fact.label)
    return out


def page_sentence(sentence: str, types: Iterable[str] = ()) -> str:
    """A sentence of the command line in the page's words: fields for options, the players' names for types."""
    known = _options()

    def field(match: re.Match[str]) -> str:
        option = match.group(0)
        if option in known:
            return known[option]
        bare = option.split(" ")[0].split("/")[0]
        return known.get(bare) or bare.removeprefix("--").replace("-", " ")

    text = _OPTION.sub(field, _HINT.sub("", sentence))
    for t in sorted(types, key=len, reverse=True):
        if t not in _COMMON:
            text = re.sub(rf"(?<![\w-]){re.escape(t)}(?![\w-])", type_name(t), text)
    return text[:1].upper() + text[1:]


def type_name(hand_type: str) -> str:
    """A hand type as players say it: "Rufspiel", "Farbsolo Tout", "Zusammengeworfen" (may break where
    a soft hyphen stands)."""
    return " ".join(hyphenated(part[:1].upper() + part[1:]) for part in hand_type.split("-") if part)


_VOWELS = "aeiouäöüy"
_KEEP = ("sch", "ch", "ck", "ph", "qu", "st", "sp")


def hyphenated(word: str, shortest: int = 8) -> str:
    """`word` with soft hyphens where German breaks it (Zu·sam·men·ge·wor·fen, Farb·so·lo): before the
    last consonant of a run between two vowels, "ch", "ck", "sch" kept together; no piece under three letters."""
    if len(word) < shortest:
        return word
    lower = word.lower()
    cuts = []
    i = 0
    while i < len(lower):
        if lower[i] in _VOWELS:
            j = i + 1
            while j < len(lower) and lower[j] not in _VOWELS:
                j += 1
            if j < len(lower) and j - i > 1:  # consonants lower[i+1:j] between two vowels
                cut = j - 1
                for group in _KEEP:
                    if lower[i + 1 : j].endswith(group):
                        cut = j - len(group)
                        break
                if cut > i:
                    cuts.append(cut)
            elif j < len(lower) and j - i == 1 and lower[i : i + 2] not in ("ei", "ie", "au", "eu", "äu"):
                pass  # two vowels side by side stay together
            i = j
        else:
            i += 1
    pieces, last = [], 0
    for cut in cuts:
        if cut - last >= 3 and len(word) - cut >= 3:
            pieces.append(word[last:cut])
            last = cut
    pieces.append(word[last:])
    return "\u00ad".join(pieces)


def page_describe(hand: object) -> str:
    """A hand in a few words with its type as players say it: "Rufspiel Berta+Dora"."""
    from schreiber.views.hands import describe

    said = describe(hand)
    kind = getattr(hand, "type", "")
    return type_name(kind) + said[len(kind) :] if kind and said.startswith(kind) else said
