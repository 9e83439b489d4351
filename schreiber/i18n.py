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
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache, wraps
from typing import Any, TypeVar
from collections.abc import Callable
from pathlib import Path

T = TypeVar("T")

DOMAIN = "schreiber"
LOCALEDIR = Path(__file__).with_name("locale")


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


def _load(language: str = LANGUAGE) -> _gettext.NullTranslations:
    if language != "de":
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, str(LOCALEDIR), languages=["de"], fallback=True)


_translations = _load()
# A page answers each browser in its own language (`speaking`, web/hardening.py), its words and its
# numbers alike (`german`); the command line speaks the language chosen at start-up.
_speaking: ContextVar[_gettext.NullTranslations] = ContextVar("schreiber_speaking", default=_translations)
_loaded: dict[str, _gettext.NullTranslations] = {LANGUAGE: _translations}


def _(message: str) -> str:
    return _speaking.get().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _speaking.get().ngettext(singular, plural, n)


def voice() -> object:
    """The language spoken here and now, as a key: what is worded in one is not served in the other."""
    return _speaking.get()


def worded(maxsize: int) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """`functools.lru_cache` for a function whose result holds sentences: the language spoken is part
    of the key, so a page answering in German never gets a sentence cached in English."""

    def wrap(function: Callable[..., T]) -> Callable[..., T]:
        cached = lru_cache(maxsize=maxsize)(lambda voice, *args: function(*args))

        @wraps(function)
        def call(*args: Any) -> T:
            return cached(_speaking.get(), *args)

        call.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
        return call

    return wrap


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Within this block (and the threads it starts), sentences are in `language` ("de" or "en")."""
    language = "de" if language == "de" else "en"
    if language not in _loaded:
        _loaded[language] = _load(language)
    token = _speaking.set(_loaded[language])
    try:
        yield
    finally:
        _speaking.reset(token)


def spoken() -> str:
    """The language spoken here and now: "de" or "en" (a page's `<html lang>`)."""
    current = _speaking.get()
    return next((language for language, loaded in _loaded.items() if loaded is current), LANGUAGE)


def from_browser(accept_language: str | None) -> str:
    """The language a browser asks for first (Accept-Language), of German and English; else the
    language schreiber was started in."""
    best: tuple[float, str] | None = None
    for part in (accept_language or "").split(","):
        tag, __, params = part.strip().partition(";")
        tag = tag.strip().lower()
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        language = "de" if tag.startswith("de") else "en" if tag.startswith("en") else None
        if language and quality > 0 and (best is None or quality > best[0]):
            best = (quality, language)
    return best[1] if best else LANGUAGE


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


def german() -> bool:
    """Whether numbers are written the German way here and now: the language spoken (a page's request,
    else the one chosen at start-up), as the words are; never the process's alone."""
    return _speaking.get() is _loaded.get("de")


def number(n: int) -> str:
    """A whole number with its thousands marked: 12,345 in English, 12.345 in German."""
    text = f"{n:,}"
    return text.replace(",", ".") if german() else text
