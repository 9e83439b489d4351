"""A ledger of revision 0013 with a tournament's registrations upgrades to the door of issue 41: everyone
registered so far has arrived, nobody waits, and the field has no cap."""

from __future__ import annotations

import pytest
from alembic import command
from sqlalchemy import create_engine, text

from tests.helpers.upgrade import config_0001 as _config


@pytest.fixture
def db_url(empty_db_url: str) -> str:
    """These tests write an older schema themselves: they start where no ledger is yet."""
    return empty_db_url


def test_registrations_of_0013_count_as_arrived(db_url, cli):
    engine = create_engine(db_url)
    with engine.begin() as conn:
        config = _config()
        config.attributes["connection"] = conn
        command.upgrade(config, "0013")
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO tournament (id, name, rules, settings, wertung, rounds, hands, date, seed) "
                "VALUES (1, 'Kirta', 'preisschafkopf', '{}', 'punkte', 1, 4, '2026-11-28', 's')"
            )
        )
        for i, name in enumerate(("Anna", "Berta", "Carl", "Dora"), start=1):
            conn.execute(
                text("INSERT INTO player (id, name, name_key) VALUES (:i, :n, :k)"),
                {"i": i, "n": name, "k": name.casefold()},
            )
            conn.execute(
                text(
                    "INSERT INTO tournament_player (tournament_id, player_id, number, withdrawn) VALUES (1, :i, :i, :w)"
                ),
                {"i": i, "w": False},
            )
    engine.dispose()
    cli.ok("tournament", "use", "1")  # opens and upgrades the ledger
    shown = cli.json("tournament", "show", "--format", "json")
    assert [p["arrived"] for p in shown["players"]] == [True] * 4 and shown["waiting"] == []
    out = cli.ok("tournament", "draw")
    assert "4 players" in out and "not here" not in out
