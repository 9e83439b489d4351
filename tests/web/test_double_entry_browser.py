"""Double entry at the desk of a 100-player Preisschafkopf (issue 41, done when): two helpers, each on a device of
its own, type the same 25 sheets of round 1 through the organiser's sheet form in headless chromium, with 3
deliberate differences; the 3 land in the queue (page and `tournament sheets --offen`) with the fields that differ,
the other 22 count; the organiser chooses an entry of each on the page, and the standings then equal a ranking
recomputed here from the typed values (RULES.md §6). On SQLite and PostgreSQL. Screenshots of the queue at 390 px in
English and German go to $SCHREIBER_SHOTS (default: the test's temporary directory)."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from tests.helpers import chromium
from tests.helpers.web import Served

pytestmark = pytest.mark.skipif(
    not chromium.available() and os.environ.get("CI") != "true", reason="chromium is not installed"
)

PLAYERS = [f"Spieler{i:03d}" for i in range(1, 101)]
HANDS = 8
# table: (field, seat) the second helper types otherwise, and the entry the organiser then chooses
SLIPS = {4: ([("points", 2)], 1), 11: ([("lost", 0), ("points", 3)], 2), 19: ([("soli", 1)], 2)}
WORDS = {"points": "points", "soli": "Soli", "lost": "games lost"}
QUICK = 0.02  # seconds between looks at a page while 50 sheets are typed


def sheet(chance: random.Random) -> dict[str, list[int]]:
    """A sheet a table of 4 could hand in: points in fives, Soli worth 20 each at least, a few games lost."""
    points = [5 * chance.randint(0, 24) for _seat in range(4)]
    soli = [chance.choice((0, 1)) if p >= 20 else 0 for p in points]
    lost = [chance.randint(0, 1) for _seat in range(4)]
    return {"points": points, "soli": soli, "lost": lost}


def slipped(typed: dict[str, list[int]], slips: list[tuple[str, int]]) -> dict[str, list[int]]:
    other = {key: list(values) for key, values in typed.items()}
    for key, seat in slips:
        if key == "soli":  # a Solo more where it fits, one less where there is one
            other[key][seat] = 0 if typed["soli"][seat] else 1
            other["points"][seat] = max(other["points"][seat], 20)
        else:
            other[key][seat] += 5 if key == "points" else 1
    return other


def type_sheet(browser: chromium.Browser, address: str, table: int, values: dict[str, list[int]]) -> str:
    """Opens the table's form as its sheet's QR code does, types the values field by field, sends, and returns what
    the page says."""
    browser.open(f"{address}sheet?round=1&table={table}", step=QUICK)
    browser.wait(lambda: browser.js("!!document.getElementById('points-3')"), f"the form of table {table}", step=QUICK)
    inputs = {
        "points": "document.getElementById('points-{seat}')",
        "soli": "document.querySelectorAll('input.soli')[{seat}]",
        "lost": "document.querySelectorAll('input.lost')[{seat}]",
    }
    for seat in range(4):
        for key in ("points", "soli", "lost"):
            browser.js(inputs[key].format(seat=seat) + ".focus()")
            browser.type(str(values[key][seat]))
    browser.js("document.getElementById('send').click()")
    said = "document.getElementById('said').textContent"
    browser.wait(lambda: "1" in (browser.js(said) or ""), f"the answer for table {table}", step=QUICK)
    return browser.js(said)


def ranking(players: dict[str, tuple[int, int]]) -> set[tuple[int, str, int, int]]:
    """RULES.md §6, Wertung punkte, one round: by points, then more Soli (the best round is the points); the tied
    share the rank and the next rank skips."""
    key = {name: (points, soli) for name, (points, soli) in players.items()}
    return {
        (1 + sum(1 for other in key.values() if other > key[name]), name, points, soli)
        for name, (points, soli) in players.items()
    }


def test_two_helpers_type_25_sheets_and_the_organiser_decides_the_3_that_differ(cli, browser, tmp_path):
    shots = Path(os.environ.get("SCHREIBER_SHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    cli.ok("tournament", "new", "Kirchweih", "--rules", "preisschafkopf", "--hands", str(HANDS), "--rounds", "1")
    cli.ok("tournament", "set", "doppelt=ja", "verlustspiel=50")
    cli.ok("tournament", "register", *PLAYERS)
    cli.ok("tournament", "draw", "--seed", "41")
    tables = [t["players"] for t in cli.json("tournament", "tables", "--format", "json")["tables"]]
    numbers = {p["name"]: p["number"] for p in cli.json("tournament", "show", "--format", "json")["players"]}
    assert len(tables) == 25 and all(len(seats) == 4 for seats in tables)
    chance = random.Random(41)
    first = {table: sheet(chance) for table in range(1, 26)}
    second = {table: slipped(first[table], SLIPS[table][0]) if table in SLIPS else first[table] for table in first}

    served = Served(cli.url, "--tournament", "--entry")
    try:
        line = ""
        while "/sheet?organiser=" not in line:
            line = served.readline()
            assert line, "serve said no sheet form"
        key_address, address = line.strip().rsplit(" ", 1)[1], served.address
        helpers = []
        for language in ("en", "de"):  # each helper's device takes the key once, as the organiser hands it over
            helpers.append(browser.session if not helpers else browser.device())
            browser.language(language)
            browser.open(key_address)
        browser.use(helpers[0])
        for table in first:
            assert "Entry 1 of 2" in type_sheet(browser, address, table, first[table])
        assert cli.json("tournament", "standings", "--format", "json")["unconfirmed"] == 25
        browser.use(helpers[1])
        for table in first:
            said = type_sheet(browser, address, table, second[table])
            expected = "unterscheiden sich" if table in SLIPS else "stimmen überein"
            assert expected in said, (table, said)

        standings = cli.json("tournament", "standings", "--format", "json")
        assert standings["unconfirmed"] == 3 and standings["final"] is False
        waiting = {name for table in SLIPS for name in tables[table - 1]}
        scored = {p["name"]: p["points"] for p in standings["players"]}
        for table, seats in enumerate(tables, start=1):  # the 22 tables count, the 3 of the queue not yet
            for seat, name in enumerate(seats):
                assert scored[name] == (0 if name in waiting else first[table]["points"][seat]), (table, name)

        def shown(table: int) -> list[str]:
            """The differences the queue shows for `table`, as 'Name (number): field entry1 / entry2'."""
            out = []
            for key, seat in SLIPS[table][0]:
                name = tables[table - 1][seat]
                one, other = first[table][key][seat], second[table][key][seat]
                out.append(f"{name} ({numbers[name]}): {WORDS[key]} {one} / {other}")
                if key == "soli" and first[table]["points"][seat] != second[table]["points"][seat]:
                    out.append(
                        f"{name} ({numbers[name]}): points {first[table]['points'][seat]} / "
                        f"{second[table]['points'][seat]}"
                    )
            return sorted(out)

        offen = cli.ok("tournament", "sheets", "--offen")
        for table in SLIPS:
            assert all(difference in offen for difference in shown(table)), (table, offen)

        browser.device()  # the organiser's own phone
        browser.size(390, 844, mobile=True)
        browser.language("en")
        browser.open(key_address)
        browser.wait(lambda: browser.js("!!document.getElementById('queue')"), "the queue")
        items = browser.js(
            "Array.from(document.querySelectorAll('#queue li'), li => [Number(li.dataset.table), "
            "li.querySelector('.differences').textContent])"
        )
        assert [table for table, _differences in items] == sorted(SLIPS)
        for table, differences in items:
            assert sorted(differences.split("; ")) == shown(table), (table, differences)
        assert "3 sheets are not confirmed" in browser.text()
        assert browser.js("document.documentElement.scrollWidth") <= 390  # nothing runs off a phone
        browser.screenshot(str(shots / "double-entry-queue-en-390.png"), full=True)
        browser.language("de")
        browser.open(f"{address}sheet")
        browser.wait(lambda: "Eingaben, die sich unterscheiden" in browser.text(), "the queue in German")
        assert browser.js("document.documentElement.scrollWidth") <= 390
        browser.screenshot(str(shots / "double-entry-queue-de-390.png"), full=True)
        for table, (_slips, entry) in SLIPS.items():
            browser.js(
                f'document.querySelector(\'#queue li[data-table="{table}"] button[data-entry="{entry}"]\').click()'
            )
            browser.wait(
                lambda: (
                    "die Turnierleitung entscheidet"
                    in browser.js(f"document.querySelector('#queue li[data-table=\"{table}\"] .said').textContent")
                ),
                f"table {table} decided",
            )
        browser.wait(lambda: not browser.js("!!document.getElementById('unconfirmed')"), "the count gone")
        browser.screenshot(str(shots / "double-entry-decided-de-390.png"), full=True)
    finally:
        served.stop()

    chosen = {table: (second[table] if SLIPS.get(table, (None, 1))[1] == 2 else first[table]) for table in first}
    typed = {
        name: (chosen[table]["points"][seat], chosen[table]["soli"][seat])
        for table, seats in enumerate(tables, start=1)
        for seat, name in enumerate(seats)
    }
    standings = cli.json("tournament", "standings", "--format", "json")
    assert standings["unconfirmed"] == 0 and standings["final"] is True
    assert {(p["rank"], p["name"], p["score"], p["soli"]) for p in standings["players"]} == ranking(typed)
    assert cli.ok("tournament", "sheets", "--offen").strip().count("\n") <= 1  # no sheet waits
