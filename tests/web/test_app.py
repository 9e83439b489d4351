"""`schreiber serve` over HTTP (Starlette's TestClient): every page, the event stream, read-only."""

from __future__ import annotations

import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

pytest.importorskip("starlette")

from schreiber.cli.render import signed  # noqa: E402
from schreiber.ledger.reports import Scope  # noqa: E402
from schreiber.ledger.service import Ledger  # noqa: E402
from tests.helpers.schreiber import replay
from tests.helpers.web import client, text

SCHREIBER = str(Path(sys.executable).with_name("schreiber"))
PATHS = ["/", "/?hands=all", "/?wall", "/fragment", "/events", "/static/style.css", "/static/live.js"]


@pytest.fixture
def evening(cli):
    cli.ok(
        "session",
        "new",
        "--rules",
        "schafkopf",
        "--players",
        "Anna",
        "Berta",
        "Carl",
        "Dora",
        "Emil",
        "--tariff",
        "10",
        "--name",
        "Stammtisch",
    )
    cli.ok("add", "rufspiel", "--player", "Berta", "--partner", "Carl", "--augen", "75", "--laufende", "3", "--bock")
    cli.ok("add", "wenz", "--player", "Carl", "--augen", "40", "--note", "<b>Carl's</b> wenz")
    return cli


def test_table_page_shows_standings_money_hands_breakdowns_and_what_comes_next(evening):
    report = evening.json("report", "--format", "json")
    shown = [evening.json("show", str(n), "--format", "json") for n in (1, 2)]
    with client(evening.url) as c:
        r = c.get("/")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    page = text(r.text)
    assert "Session 1 “Stammtisch”" in page and "schafkopf" in page and "2 hands" in page
    # Standings: every player, best first, with points and money as `report` has them.
    standings = page[page.index("Standings") : page.index("Who pays whom")]
    names = [p["name"] for p in report["players"]]
    assert [n for n in re.findall(r"\b(Anna|Berta|Carl|Dora|Emil)\b", standings)] == names
    for p in report["players"]:
        euros = f"{'−' if p['cents'] < 0 else ''}€{abs(p['cents']) // 100}.{abs(p['cents']) % 100:02d}"
        points = signed(p["points"])  # as `report` prints it: +4, 0, −8
        assert f"{p['name']} {points} {euros}" in standings
    for t in report["transfers"]:
        assert f"{t['from']} pays {t['to']}" in page
    # The hands, newest first, each with the terms of `show N` and its formula.
    assert page.index("Wenz Carl") < page.index("Rufspiel Berta+Carl")
    for hand in shown:
        assert hand["formula"] in page
        for term in hand["breakdown"]:
            assert term["label"] in page
    # A note is shown as typed, never as markup.
    assert "note: <b>Carl's</b> wenz" in page and "<b>Carl's</b>" not in r.text
    # What comes next: the dealer, who sits out at five, and the Bock the first hand made.
    view = Ledger.open(evening.url).table()
    assert f"Next dealer: {view.next_dealer}" in page
    assert f"Sits out next: {', '.join(view.state.sitting_out)}" in page
    assert view.status and all(line in page for line in view.status)
    assert "Bock" in " ".join(view.status)


def test_the_fragment_is_the_content_the_page_swaps_in(evening):
    with client(evening.url) as c:
        whole, part = c.get("/"), c.get("/fragment")
    assert part.status_code == 200
    assert part.headers["x-schreiber-version"] == whole.headers["x-schreiber-version"]
    assert "<html" not in part.text and text(part.text) in text(whole.text)


def test_a_long_table_lists_the_latest_hands_and_all_of_them_on_request(cli):
    cli.ok("session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", "Dora")
    for i in range(45):
        cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Berta", "--augen", str(61 + i % 50))
    with client(cli.url) as c:
        latest, every = text(c.get("/").text), text(c.get("/?hands=all").text)
    assert "the latest 40 of 45" in latest
    numbers = lambda page: [int(n) for n in re.findall(r"(\d+) Rufspiel Anna\+Berta", page)]  # noqa: E731
    assert numbers(latest) == list(range(45, 5, -1))
    assert numbers(every) == list(range(45, 0, -1))


def test_season_page_shows_points_per_rule_set_and_money_across(cli):
    cli.ok(
        "session",
        "new",
        "--rules",
        "schafkopf",
        "--players",
        "Anna",
        "Berta",
        "Carl",
        "Dora",
        "--tariff",
        "10",
        "--date",
        "2026-01-10",
    )
    cli.ok("add", "wenz", "--player", "Anna", "--augen", "80")
    cli.ok(
        "session",
        "new",
        "--rules",
        "doppelkopf",
        "--players",
        "Anna",
        "Berta",
        "Carl",
        "Dora",
        "--tariff",
        "5",
        "--date",
        "2026-02-10",
    )
    cli.ok("add", "normal", "--player", "Berta", "--partner", "Dora", "--augen", "150")
    everything = cli.json("report", "--all", "--format", "json")
    with client(cli.url, Scope(all_tables=True)) as c:
        page = text(c.get("/").text)
    with client(cli.url, Scope(since=__import__("datetime").date(2026, 2, 1))) as c:
        february = text(c.get("/").text)
    assert "All evenings" in page and "2 evenings" in page and f"{everything['hands']} hands" in page
    dk, sk = page.index("doppelkopf 1 evening · 1 hand"), page.index("schafkopf 1 evening · 1 hand")
    money = page.index("Money, all rule sets")
    assert dk < sk < money  # the rule sets by name, then the money of all of them
    assert re.search(r"Anna \+\d+", page[sk:money])  # Anna's wenz counts among Schafkopf points
    assert re.search(r"Anna −\d+", page[dk:sk])  # and not against her Doppelkopf loss
    for t in everything["transfers"]:
        assert f"{t['from']} pays {t['to']}" in page[money:]
    assert "Season 2026-02-01" in february and "schafkopf" not in february and "doppelkopf" in february


def test_without_a_table_the_page_says_so_and_waits(db_url):
    with client(db_url) as c:
        r = c.get("/")
    assert r.status_code == 200 and "there is no active session" in text(r.text)


def test_every_hand_added_from_another_process_reaches_an_open_event_stream(evening):
    with client(evening.url) as c, c.stream("GET", "/events") as stream:
        lines = stream.iter_lines()
        first = _next_change(lines)
        adder = threading.Thread(
            target=lambda: subprocess.run(
                [
                    SCHREIBER,
                    "--db",
                    evening.url,
                    "add",
                    "rufspiel",
                    "--player",
                    "Dora",
                    "--partner",
                    "Emil",
                    "--augen",
                    "33",
                ],
                check=True,
                capture_output=True,
            )
        )
        adder.start()
        second = _next_change(lines)
        adder.join()
        assert second != first
        page = text(c.get("/").text)
    assert "3 Rufspiel Dora+Emil" in page and "3 hands" in page


def _next_change(lines) -> str:
    """The data of the next `change` event of the stream (keep-alive comments skipped)."""
    event = None
    for line in lines:
        if line.startswith("event: "):
            event = line[7:]
        elif line.startswith("data: ") and event == "change":
            return line[6:]
    raise AssertionError("the stream ended without a change event")


def test_a_stream_that_ends_is_picked_up_again_with_the_state_of_now(evening):
    # The server ends streams after stream_seconds; a browser reconnects and is told the counter at once.
    with client(evening.url, stream_seconds=0.3) as c:
        first = c.get("/events").text
        evening.ok("undo")
        second = c.get("/events").text
        page = text(c.get("/").text)
    assert first.startswith("retry: 1000") and "event: change" in first and "event: change" in second
    assert _next_change(iter(first.splitlines())) != _next_change(iter(second.splitlines()))
    assert "1 hand" in page and "Wenz Carl" not in page


def test_writes_are_refused_on_every_path_and_change_nothing(evening):
    before = evening.json("report", "--format", "json"), evening.ok("list")
    ledger = Ledger.open(evening.url)
    marker = ledger.changes()
    with client(evening.url, stream_seconds=0.2) as c:
        for path in PATHS:  # reading every page writes nothing either
            assert c.get(path).status_code == 200
        for path in [*PATHS, "/nope", "/static/nope.css", "/hand/1"]:
            for method in ("POST", "PUT", "DELETE", "PATCH"):
                r = c.request(method, path, content=b"hands=0")
                expected = 404 if path in ("/nope", "/hand/1") else 405
                assert r.status_code == expected, (method, path, r.status_code)
                assert "Traceback" not in r.text and len(r.text) < 100
    assert ledger.changes() == marker
    assert (evening.json("report", "--format", "json"), evening.ok("list")) == before


def test_unknown_paths_are_a_plain_404(evening):
    with client(evening.url) as c:
        for path in ("/nope", "/static/nope.css", "/static/../pyproject.toml", "/fragment/x", "/%00"):
            r = c.get(path)
            assert r.status_code == 404, path
            assert r.headers["content-type"].startswith("text/plain") and r.text == "Not Found"


def test_assets_are_served_by_schreiber_itself(evening):
    with client(evening.url) as c:
        page = c.get("/?wall").text
        refs = re.findall(r'(?:href|src)="([^"]+)"', page)
        assert '<html lang="en" class="wall">' in page
        for ref in refs:
            assert not ref.startswith(("http:", "https:", "//")), ref
            if ref.startswith("/static/"):
                assert c.get(ref).status_code == 200


EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.sh"))


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda p: p.stem)
def test_every_rule_set_s_example_evening_is_shown_whole(script, tmp_path):
    url = f"sqlite:///{tmp_path / 'evening.db'}"
    replay(script, url)  # tests/test_examples.py runs the scripts themselves
    ledger = Ledger.open(url)
    tables = ledger.tables()
    with client(url, Scope(table_id=tables[0].id)) as c:
        page = text(c.get("/?hands=all").text)
    with client(url, Scope(all_tables=True)) as c:
        season = text(c.get("/").text)
    view = ledger.table(tables[0].id)
    assert f"{len(view.hands)} hand" in page
    for h in view.hands:
        assert h.payout.formula in page
    for line in view.status:
        assert line in page
    assert view.rules.name in season and "Traceback" not in season
    if getattr(view.rules, "uses_teams", False):  # klassisch: the drawing of `strokes --svg`, inline
        with client(url, Scope(table_id=tables[0].id)) as c:
            raw = c.get("/").text
        from schreiber.report.drawing import drawing_svg

        svg = drawing_svg(view.rules.teams_view(view.table.settings, view.state))
        assert raw.count("<svg") == 1 and "<?xml" not in raw and svg[svg.index("<svg") :] in raw


def test_head_answers_every_page_without_a_body(evening):
    with client(evening.url, stream_seconds=0.2) as c:
        for path in PATHS:
            r = c.head(path)
            assert r.status_code == 200 and r.content == b"", path
        with client(evening.url) as c:  # an event stream that never ends by itself
            assert c.head("/events").status_code == 200


def test_a_ledger_that_cannot_be_read_is_one_sentence_and_the_page_waits(evening):
    from schreiber.store.engine import LedgerError

    def away() -> int:
        raise LedgerError("the ledger could not be read (connection refused)")

    with client(evening.url, read=away, stream_seconds=0.3) as c:
        r = c.get("/")
        stream = c.get("/events")
    assert r.status_code == 503 and r.headers["content-type"].startswith("text/plain")
    assert r.text == "The ledger cannot be read just now (the ledger could not be read (connection refused))."
    assert stream.status_code == 200 and stream.text.startswith("retry: 1000")


def test_the_page_shows_the_chart_of_schreiber_chart_and_follows_it(evening):
    from schreiber.ledger.chart import series
    from schreiber.report.chart import render_svg

    with client(evening.url) as c:
        # A table's page draws its chart for a column as wide as a phone (issue 24).
        first = (
            re.search(r'<img src="(/chart\.svg\?size=phone&amp;v=\d+)"', c.get("/").text).group(1).replace("&amp;", "&")
        )
        svg = c.get(first)
        assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
        assert svg.text == render_svg(series(Ledger.open(evening.url), Scope()), compact=True)
        assert all(name in svg.text for name in ("Anna", "Berta", "Carl", "Dora", "Emil"))
        assert c.get("/chart.svg").text == render_svg(series(Ledger.open(evening.url), Scope()))
        evening.ok("add", "rufspiel", "--player", "Dora", "--partner", "Emil", "--augen", "33")
        second = (
            re.search(r'<img src="(/chart\.svg\?size=phone&amp;v=\d+)"', c.get("/").text).group(1).replace("&amp;", "&")
        )
        assert second != first and c.get(second).text != svg.text
        assert c.post("/chart.svg").status_code == 405
    with client(evening.url, Scope(all_tables=True)) as c:
        page = c.get("/").text
        assert '<source media="(max-width: 40rem)" srcset="/chart.svg?size=phone' in page
        assert '<img src="/chart.svg' in page and c.get("/chart.svg").status_code == 200


def test_the_season_page_shows_the_statistics_of_schreiber_stats(evening):
    stats = evening.json("stats", "--all", "--format", "json")
    with client(evening.url, Scope(all_tables=True)) as c:
        page = c.get("/").text
        src = re.search(r'<section class="stats" id="stats" aria-label="statistics" data-src="(/stats\?v=\d+)">', page)
        assert src and "counting…" in text(page)
        part = text(c.get(src.group(1)).text)
    with client(evening.url) as c:  # a table's page has no statistics
        assert "data-src" not in c.get("/").text and c.get("/stats").status_code == 404
    for group in stats["groups"]:
        assert f"{group['rules']} {group['hands']} hands" in part
        for p in group["players"]:
            row = (
                f"{p['name']} {p['hands']} {p['won']} {p['as_player']['won']}/{p['as_player']['played']} "
                f"{p['as_partner']['won']}/{p['as_partner']['played']} {p['as_opponent']['won']}/{p['as_opponent']['played']}"
            )
            assert row in part, row


def test_event_streams_are_capped_and_one_beyond_the_cap_is_told_to_come_back(evening, monkeypatch):
    # The cap (MAX_STREAMS, 200 in README) is lowered to 2 here: two streams open, a third is 503 with Retry-After.
    monkeypatch.setattr("schreiber.web.live.MAX_STREAMS", 2)
    with client(evening.url) as c:
        with c.stream("GET", "/events") as one, c.stream("GET", "/events") as two:
            assert one.status_code == two.status_code == 200
            _next_change(one.iter_lines())
            third = c.get("/events")
            assert third.status_code == 503 and third.headers["retry-after"] == "2"
            assert third.text == "Too many live pages are open at once (at most 2); this page tries again in a moment."
            assert c.get("/").status_code == 200  # the pages themselves are answered as ever
        # Both closed: their places are free again.
        with c.stream("GET", "/events") as again:
            assert again.status_code == 200 and _next_change(again.iter_lines())
        assert c.app.state.live.streams == 0
