"""A player's name as schreiber keeps it, checked once for every way a name comes in (a table's
players, a join, a rename, a registration, a check-in, an import): the same sentence on every ledger."""

from __future__ import annotations

import unicodedata

from schreiber.i18n import _
from schreiber.rules.model import SettingsError

# The player table's column holds 80 characters; the case-folded key the same.
LONGEST = 80
# Bidirectional embeddings, overrides and isolates, and the left-to-right / right-to-left marks: they
# turn the text after a name around on a page, a sheet or a terminal.
DIRECTION_MARKS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")
# Tabs and line breaks are tidied into one space between words, as any run of spaces.
TIDIED = frozenset("\t\n\r")


def player_name(typed: str, option: str) -> str:
    """`typed` with its spaces tidied (one between words), or one sentence naming `option`: empty, over
    80 characters, or holding a control character (NUL among them) or a direction mark."""
    for c in typed:
        if (c in DIRECTION_MARKS or unicodedata.category(c) == "Cc") and c not in TIDIED:
            raise SettingsError(
                _(
                    "{option}: a name holds no control characters and no direction marks, and this one has U+{code:04X}."
                ).format(option=option, code=ord(c))
            )
    name = " ".join(typed.split())
    if not name:
        raise SettingsError(_("{option}: a name cannot be empty.").format(option=option))
    if max(len(name), len(name.casefold())) > LONGEST:
        raise SettingsError(
            _("{option}: a name has at most {most} characters, not {count}.").format(
                option=option, most=LONGEST, count=max(len(name), len(name.casefold()))
            )
        )
    return name
