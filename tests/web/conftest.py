"""The page tests' fixtures: chromium, one per module since starting one costs more than most tests that drive it, and
the door of a tournament."""

from __future__ import annotations

import pytest

from tests.helpers import chromium
from tests.helpers.checkin import SEASON


@pytest.fixture(scope="module")
def module_chromium():
    opened = chromium.Browser()
    yield opened
    opened.close()


@pytest.fixture
def browser(module_chromium: chromium.Browser) -> chromium.Browser:
    """The module's chromium with a page of its own in a context of its own: no cookies, storage, size or
    language left by the test before."""
    module_chromium.new_page()
    return module_chromium


@pytest.fixture
def door(cli):
    """A season of 40 players with numbers 1–40 (Spieler01 … Spieler40), Spieler01–03 played tournament 1; tournament 2
    is the one at the door."""
    cli.ok("season", "new", "Cup", "--rules", "preisschafkopf")
    cli.ok("season", "register", *SEASON)
    cli.ok("tournament", "new", "Januar", "--rules", "preisschafkopf", "--season", "1")
    cli.ok("tournament", "register", "Spieler01", "Spieler02", "Spieler03")
    cli.ok("tournament", "new", "Februar", "--rules", "preisschafkopf", "--season", "1")
    return cli
