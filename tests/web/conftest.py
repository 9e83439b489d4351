"""The page tests' fixtures: a headless chromium, and the door of a tournament."""

from __future__ import annotations

import pytest

from tests.helpers import chromium
from tests.helpers.checkin import SEASON


@pytest.fixture
def browser():
    opened = chromium.Browser()
    yield opened
    opened.close()


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
