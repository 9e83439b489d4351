"""Categories and prizes on the pages (TEAMS.md §10.2): the live tournament page lists each category ranking below
the individual one (not on the wall), the organiser's page each winner's prizes with goods by name, and publish
the category rankings with their prizes on the tournament page and in its data.json — P2 played through the
commands (Starlette's TestClient; the pages looked at in chromium by hand)."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from schreiber.ledger.service import Ledger  # noqa: E402
from schreiber.web.app import create_tournament_app  # noqa: E402
from tests.helpers.prizes import play_p2  # noqa: E402
from tests.helpers.web import text  # noqa: E402

BOSS = "the-organisers-own-key-for-this-test"


def test_the_category_ranking_follows_the_individual_one_and_takes_its_turn_on_the_wall(cli):
    play_p2(cli)
    with TestClient(create_tournament_app(Ledger.open(cli.url), 1, interval=0.1)) as c:
        page = text(c.get("/").text)
        assert page.index("Final standings") < page.index("Category damen")
        damen = page[page.index("Category damen") :]
        for line in ("1. 2. Berta 51", "2. 3. Dora 38", "3. 6. Ida 22", "4. 12. Lena −9", "5. 14. Hanna −17"):
            assert line in damen, line
        assert "Christl" not in damen and "Rosa" not in damen  # in the category, but the Startgeld is not paid
        wall = c.get("/?wall").text  # the wall shows the individual list and the category's in turn (static/wall.js)
        assert "Category damen" in text(wall) and wall.count("data-wall-turn") == 2
        assert "Kategorie damen" in text(c.get("/", headers={"Accept-Language": "de"}).text)


def test_the_organisers_page_names_each_prize_and_the_goods(cli):
    play_p2(cli)
    cli.ok("tournament", "pay", "Dora", "--prize")
    app = create_tournament_app(Ledger.open(cli.url), 1, interval=0.1, entry=True, organiser=BOSS)
    with TestClient(app) as c:
        page = text(c.get(f"/?organiser={BOSS}").text)
        prizes = page[page.index("Prizes fixed since") :]
        assert "preise 3.: Geschenkkorb (worth €40.00) ✓ (by lot)" in prizes
        assert "damen 1.: €30.00" in prizes and "sonderpreise vorletzter: Pressack (worth €8.00)" in prizes


def test_publish_puts_the_category_ranking_and_its_prizes_on_the_tournament_page(cli, tmp_path):
    play_p2(cli)
    out = tmp_path / "site"
    cli.ok("publish", "--output", str(out), "--lang", "both")
    english = text((out / "en" / "turnier-1" / "index.html").read_text(encoding="utf-8"))
    damen = english[english.index("Category damen") :]
    assert "1. 2. Berta 51" in damen and "3. 6. Ida 22 €30.00" in damen
    assert "Geschenkkorb" in english and "Pressack" in english
    assert "Kategorie damen" in (out / "de" / "turnier-1" / "index.html").read_text(encoding="utf-8")
    assert 'href="kategorie-damen.html"' in (out / "en" / "turnier-1" / "index.html").read_text(encoding="utf-8")
    own = text((out / "en" / "turnier-1" / "kategorie-damen.html").read_text(encoding="utf-8"))
    assert "P2: Category damen" in own and "5. 14. Hanna −17 €10.00" in own
    data = json.loads((out / "en" / "turnier-1" / "data.json").read_text(encoding="utf-8"))
    (category,) = data["kategorien"]
    assert category["kategorie"] == "damen"
    assert [(p["name"], p["rank"], p["overall"], p["prize"]) for p in category["players"]] == [
        ("Berta", 1, 2, 0),
        ("Dora", 2, 3, 0),
        ("Ida", 3, 6, 3000),
        ("Lena", 4, 12, 2000),
        ("Hanna", 5, 14, 1000),
    ]
