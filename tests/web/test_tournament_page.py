"""`schreiber serve --tournament`: the standings, the round's seat plan (searchable), which tables have
finished, and each table's page one tap away; in a real browser too, with screenshots to look at
($SCHREIBER_SHOTS, default the test's temporary directory)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from schreiber.ledger.service import Ledger  # noqa: E402
from schreiber.web.app import create_tournament_app  # noqa: E402
from tests.helpers import chromium  # noqa: E402
from tests.helpers.web import text  # noqa: E402
from tests.helpers.web import Served  # noqa: E402
from tests.helpers.teams import M1_SETTINGS, play_m1  # noqa: E402

PLAYERS = [f"Spieler{i:02d}" for i in range(1, 14)]  # 13: a table of 5 and two of 4


@pytest.fixture
def day(cli):
    cli.ok("tournament", "new", "Kirchweih", "--rules", "preisschafkopf", "--hands", "4", "--seed", "9")
    cli.ok("tournament", "register", *PLAYERS)
    cli.ok("tournament", "draw")
    plan = cli.json("tournament", "tables", "--format", "json")
    first = plan["tables"][0]
    cli.ok("tournament", "result", "1", "1", *[f"{p}={5 * i}" for i, p in enumerate(first["players"])])
    second = plan["tables"][1]
    cli.ok(
        "add",
        "--session",
        str(second["session"]),
        "rufspiel",
        "-p",
        second["players"][1],
        "-m",
        second["players"][3],
        "-a",
        "70",
    )
    cli.ok("session", "new", "--rules", "schafkopf", "--players", "A", "B", "C", "D")  # not a table of the tournament
    return cli, plan


def test_the_page_shows_standings_seat_plan_and_finished_tables(day):
    cli, plan = day
    standings = cli.json("tournament", "standings", "--format", "json")
    with TestClient(create_tournament_app(Ledger.open(cli.url), 1, interval=0.1)) as c:
        page = text(c.get("/").text)
        assert "Kirchweih" in page and "round 1 of 3" in page and "1 of 3 tables finished" in page
        plan_part = page[page.index("who sits where") : page.index("Standings so far, no round finished yet")]
        for t in plan["tables"]:
            assert " , ".join(f"{p} ({PLAYERS.index(p) + 1})" for p in t["players"]) in plan_part
        second = plan["tables"][1]
        assert "sheet entered" in plan_part and f"1 of {second['of']} hands" in plan_part and "open" in plan_part
        # The standings never look finished while a table plays: each such table is named.
        assert "Standings after round 1" not in page
        assert f"Not finished: round 1, table 2 is still playing (1 of {second['of']} hands)." in page
        assert f"Not finished: round 1, table 3 is still playing (0 of {plan['tables'][2]['of']} hands)." in page
        ranked = page[page.index("Standings so far, no round finished yet") :]
        assert [n for n in re.findall(r"Spieler\d\d", ranked)] == [p["name"] for p in standings["players"]]
        # Each table's page one tap away: the links lead to the table's own page.
        body = c.get("/").text
        for t in plan["tables"]:
            assert f'href="/?session={t["session"]}"' in body
            table_page = c.get(f"/?session={t['session']}")
            assert table_page.status_code == 200 and f"Session {t['session']}" in text(table_page.text)
            assert "the tournament" in text(table_page.text)
        assert c.get("/?session=4").status_code == 404  # a table of no round of this tournament
        assert c.get("/fragment").status_code == 200 and "who sits where" in c.get("/fragment").text
        assert 'class="wall"' in c.get("/?wall").text
        assert c.post("/").status_code == 405
        assert c.get("/static/tournament.js").status_code == 200


def test_where_do_i_sit_lists_everyone_by_name_and_by_start_number_with_table_and_seat(day):
    cli, plan = day
    seated = {p: (t["table"], seat) for t in plan["tables"] for seat, p in enumerate(t["players"], 1)}
    with TestClient(create_tournament_app(Ledger.open(cli.url), 1, interval=0.1)) as c:
        body = c.get("/").text
        for by, columns in (("name", ("name", "number")), ("number", ("number", "name"))):
            part = body[body.index(f'id="finder-{by}"') :].split("</details>")[0]
            rows = re.findall(r"<tr data-find[^>]*>(.*?)</tr>", part)
            cells = [re.findall(r"<td[^>]*>(.*?)</td>", row) for row in rows]
            got = [(c[columns.index("name")], int(c[columns.index("number")]), int(c[2]), int(c[3])) for c in cells]
            expected = [(p, PLAYERS.index(p) + 1, *seated[p]) for p in PLAYERS]  # Spieler01 … is no. 1 …
            assert got == expected  # by name and by number alike here: the names sort as their numbers
        german = c.get("/", headers={"Accept-Language": "de"}).text
        assert "Wo sitze ich? Alle nach Namen." in german and "Wo sitze ich? Alle nach Startnummer." in german
        assert 'id="finder-name"' not in c.get("/?wall").text  # a wall pages the seat plan; nobody types there


pytestmark_browser = pytest.mark.skipif(
    not chromium.available() and os.environ.get("CI") != "true", reason="chromium is not installed"
)


@pytestmark_browser
def test_where_do_i_sit_on_a_phone_and_the_wall_follows_the_tables(day, tmp_path):
    cli, plan = day
    served = Served(cli.url, "--tournament")
    browser = chromium.Browser()
    try:
        assert "the tournament “Kirchweih”" in served.first
        browser.size(390, 844, mobile=True)
        browser.open(served.address)
        browser.wait(lambda: browser.js("document.getElementById('live').textContent") == "live", "the stream to open")
        who = plan["tables"][2]["players"][1]
        number = PLAYERS.index(who) + 1
        for typed in (who[-4:].lower(), str(number)):
            browser.js(
                f"var f = document.getElementById('find'); f.value = {typed!r}; f.dispatchEvent(new Event('input'))"
            )
            shown = browser.js(
                "Array.from(document.querySelectorAll('.seatplan tbody tr')).filter(r => r.offsetParent).map(r => r.innerText)"
            )
            assert len(shown) == 1 and who in shown[0] and shown[0].strip().startswith("3")
        shots = Path(os.environ.get("SCHREIBER_SHOTS", tmp_path))
        shots.mkdir(parents=True, exist_ok=True)
        browser.screenshot(str(shots / "tournament-phone.png"))
        browser.open(served.address + "?wall")
        browser.size(1920, 1080)
        browser.wait(lambda: "1 of 3 tables finished" in browser.text(), "the wall page")
        # A sheet typed at the desk: the wall shows it without a reload.
        browser.js("window.notReloaded = true")
        third = plan["tables"][2]["players"]
        cli.ok("tournament", "result", "1", "3", *[f"{p}=10" for p in third])
        browser.wait(lambda: "2 of 3 tables finished" in browser.text(), "the finished table on the wall")
        assert browser.js("window.notReloaded") is True
        browser.screenshot(str(shots / "tournament-wall.png"))
        assert (shots / "tournament-wall.png").stat().st_size > 5000
    finally:
        browser.close()
        served.stop()


def test_the_page_says_provisional_until_the_tournament_is_final_then_final_standings(cli):
    # One round of four: provisional while the table plays, "Final standings" when its sheet is in (issue 37).
    cli.ok("tournament", "new", "Kurz", "--rules", "preisschafkopf", "--rounds", "1", "--hands", "4", "--seed", "1")
    cli.ok("tournament", "register", *PLAYERS[:4])
    cli.ok("tournament", "draw")
    table = cli.json("tournament", "tables", "--format", "json")["tables"][0]
    with TestClient(create_tournament_app(Ledger.open(cli.url), 1, interval=0.1)) as c:
        assert "Standings so far, no round finished yet (provisional)" in text(c.get("/").text)
        assert "Stand bisher, noch keine Runde fertig (vorläufig)" in text(
            c.get("/", headers={"Accept-Language": "de"}).text
        )
        cli.ok("tournament", "result", "1", "1", *[f"{p}={5 * i}" for i, p in enumerate(table["players"])])
        page = text(c.get("/").text)
        assert "Final standings" in page and "provisional" not in page
        german = text(c.get("/?wall", headers={"Accept-Language": "de"}).text)
        assert "Endstand" in german and "vorläufig" not in german


def test_the_team_rankings_of_m1_follow_the_individual_one_and_take_their_turn_on_the_wall(cli):
    play_m1(cli, *M1_SETTINGS)
    cli.ok("tournament", "team", "pay", "mannschaft", "Asse", "Buben", "Luschen")
    with TestClient(create_tournament_app(Ledger.open(cli.url), 1, interval=0.1)) as c:
        page = text(c.get("/").text)
        teams = page[page.index("Team standings of mannschaft (teams of 4)") :]
        assert page.index("Final standings") < page.index("Team standings of mannschaft")
        for line in (
            "1. Buben Egon 1682, Frieda 1285",
            "2. Asse Anton 1588,",
            "3. Luschen Ingo 595,",
            "6276",
            "5037",
            "4559",
        ):
            assert line in teams, line
        assert "Detlef 156 (withdrawn)" in teams
        tandem = teams[teams.index("Team standings of tandem (teams of 2)") :]
        assert "– Tandem 1 Christa 1775, Manni 1697 3472" in tandem and "–: not ranked." in tandem
        wall = c.get("/?wall").text
        # On the wall each ranking is a turn of its own: the individual list, the Mannschaften, the Tandems.
        assert wall.count("data-wall-turn") == 3 and "Team standings of tandem (teams of 2)" in text(wall)
        assert c.get("/").text.count("data-wall-turn") == 3  # the phone shows them all: wall.js turns only on a wall
        assert "Teamwertung mannschaft (Teams zu 4)" in text(c.get("/", headers={"Accept-Language": "de"}).text)


@pytestmark_browser
@pytest.mark.parametrize("accept", ["de-DE,de;q=0.9", "en-GB,en;q=0.9"])
def test_the_wall_turns_from_the_individual_list_to_each_team_ranking_and_back(cli, tmp_path, accept):
    play_m1(cli, *M1_SETTINGS)
    served = Served(cli.url, "--tournament")
    browser = chromium.Browser()
    shots = Path(os.environ.get("SCHREIBER_SHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    german = accept.startswith("de")
    headings = (
        ["Endstand", "Teamwertung mannschaft (Teams zu 4)", "Teamwertung tandem (Teams zu 2)"]
        if german
        else ["Final standings", "Team standings of mannschaft (teams of 4)", "Team standings of tandem (teams of 2)"]
    )
    shown = "Array.from(document.querySelectorAll('[data-wall-turn]')).filter(s => s.offsetParent).map(s => s.querySelector('h2').innerText)"
    try:
        browser.language(accept)
        browser.size(1920, 1080)
        browser.open(served.address + "?wall&page=1")
        seen = []
        for turn in (0, 1, 2, 0):
            browser.wait(lambda: browser.js("document.documentElement.dataset.turn") == str(turn), f"turn {turn}")
            visible = browser.js(shown)
            assert visible == [headings[turn]], visible
            if len(seen) < 3:
                name = f"tournament-wall-turn{turn}-{'de' if german else 'en'}.png"
                browser.screenshot(str(shots / name))
                seen.append(name)
        assert browser.js("document.documentElement.dataset.pageSeconds") == "1"
    finally:
        browser.close()
        served.stop()
