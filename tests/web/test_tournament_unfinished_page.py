"""The tournament page and the wall while a table still plays (issue 30): the standings say "so far" and
name the table, and "Where do I sit?" finds a name typed without its accents. In headless chromium."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytest.importorskip("starlette")

from tests.helpers import chromium  # noqa: E402
from tests.helpers.web import Served  # noqa: E402

PLAYERS = ["Xaver", "Özlem", "Otto", "Anna", "Ute", "Übel", "Bert", "Zoe"]


@pytest.mark.skipif(not chromium.available() and os.environ.get("CI") != "true", reason="chromium is not installed")
def test_the_wall_names_the_table_still_playing_and_the_search_folds_accents(cli, tmp_path):
    cli.ok("tournament", "new", "Kirta", "--rules", "preisschafkopf", "--hands", "4", "--seed", "3")
    cli.ok("tournament", "register", *PLAYERS)
    cli.ok("tournament", "draw")
    plan = cli.json("tournament", "tables", "--format", "json")
    t1, t2 = plan["tables"]
    cli.ok("tournament", "result", "1", "1", *[f"{p}={v}" for p, v in zip(t1["players"], (20, 5, 0, 10))])
    cli.ok(
        "add", "--session", str(t2["session"]), "rufspiel", "-p", t2["players"][0], "-m", t2["players"][2], "-a", "70"
    )
    served = Served(cli.url, "--tournament")
    browser = chromium.Browser()
    shots = Path(os.environ.get("SCHREIBER_SHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    try:
        browser.size(390, 844, mobile=True)
        browser.open(served.address)
        browser.wait(lambda: browser.js("document.getElementById('live').textContent") == "live", "the stream to open")
        browser.js("var f = document.getElementById('find'); f.value = 'ozlem'; f.dispatchEvent(new Event('input'))")
        shown = browser.js(
            "Array.from(document.querySelectorAll('.seatplan tbody tr')).filter(r => r.offsetParent).map(r => r.innerText)"
        )
        assert len(shown) == 1 and "Özlem" in shown[0]
        browser.screenshot(str(shots / "tournament-unfinished-phone.png"))
        browser.open(served.address + "?wall")
        browser.size(1920, 1080)
        browser.wait(lambda: "still playing" in browser.text(), "the wall page")
        wall = browser.text()
        assert "Not finished: round 1, table 2 is still playing (1 of 4 hands)." in wall
        assert "Standings so far, no round finished yet" in wall and "Standings after round 1" not in wall
        browser.screenshot(str(shots / "tournament-unfinished-wall.png"))
        # The table's last hands: the wall says "after round 1" without a reload.
        for k in range(1, 4):
            active = t2["players"]
            cli.ok("add", "--session", str(t2["session"]), "rufspiel", "-p", active[0], "-m", active[2], "-a", "70")
        browser.wait(lambda: "Standings after round 1" in browser.text(), "the finished round on the wall")
        assert "still playing" not in browser.text()
    finally:
        browser.close()
        served.stop()
