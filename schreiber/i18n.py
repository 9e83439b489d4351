"""The language schreiber speaks: German at a German table, English otherwise.

Chosen once, when this module is first imported: `SCHREIBER_LANG` (de or en) wins, else the first
of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set (de, de_DE.UTF-8, de_AT … mean German), else
English. The catalog is a compiled `.mo` shipped in the package (`schreiber/locale`), read with
the standard library's gettext; no system locale needs to be installed.

`_` marks and translates a sentence, `ngettext` one whose words follow a number ("1 Spiel",
"2 Spiele"). Sentences with values are written with named placeholders and filled afterwards:
`_("Next dealer: {name}").format(name=…)`, so that the German may order the words its own way.

Typer's own words ("Options", "default: …") go through the standard library's `gettext.gettext`
in the default domain; under German the default domain is pointed at this catalog (see
`install`), so they are found in it too.
"""

from __future__ import annotations

import gettext as _gettext
import os
from pathlib import Path

DOMAIN = "schreiber"
LOCALEDIR = Path(__file__).with_name("locale")
LANGUAGES = ("en", "de")


def choose(environ: os._Environ[str] | dict[str, str] = os.environ) -> str:
    """The language for these environment variables: "de" or "en"."""
    forced = environ.get("SCHREIBER_LANG", "").strip().lower()
    if forced:
        return "de" if forced.startswith("de") else "en"
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "").strip()
        if value:
            return "de" if value.lower().startswith("de") else "en"
    return "en"


LANGUAGE = choose()
GERMAN = LANGUAGE == "de"


def _load() -> _gettext.NullTranslations:
    if not GERMAN:
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, str(LOCALEDIR), languages=["de"], fallback=True)


_translations = _load()
_ = _translations.gettext
ngettext = _translations.ngettext


def N_(message: str) -> str:
    """Marks a sentence for the catalog without translating it here (it is translated where it is shown)."""
    return message


def install() -> None:
    """Point the standard library's default gettext domain at this catalog, for typer's own words.

    Typer (and click, where it is not vendored) call `gettext.gettext`, which looks a catalog up by
    domain and by the `LANGUAGE` variable; both are set to what was chosen above. Only German
    changes anything: English is what those libraries say when no catalog is found.
    """
    if not GERMAN:
        return
    _gettext.bindtextdomain(DOMAIN, str(LOCALEDIR))
    _gettext.textdomain(DOMAIN)
    # The variable gettext.find reads first; it holds our choice, whatever LANG said.
    os.environ["LANGUAGE"] = "de"


def number(n: int) -> str:
    """A whole number with its thousands marked: 12,345 in English, 12.345 in German."""
    text = f"{n:,}"
    return text.replace(",", ".") if GERMAN else text
