"""`schreiber publish --league` and leagues in a whole-ledger publish (TEAMS.md §10.4, issue 45): the league table
with its vorläufig Spieltage, each Spieltag's Spielbericht, data.json with the `league table` and `league day show`
objects, the index that lists leagues; relative links, no script, --privat names, the same bytes twice; on SQLite
and PostgreSQL."""

from __future__ import annotations

import json

from tests.helpers.league import L2_GROUP2, L2_TABLE, play_l1
from tests.helpers.publish import crawl, rows, tree

L2 = ("--set", "aufsteiger=1", "--set", "absteiger=2")


def test_a_league_is_published_with_its_table_and_spielbericht(cli, tmp_path):
    play_l1(cli, *L2, groups=(",".join(L2_GROUP2),))
    out = tmp_path / "site"
    said = cli.ok("publish", "--league", "1", "--output", str(out), "--lang", "en")
    files = tree(out)
    assert sorted(files) == ["index.html", "liga-1/data.json", "liga-1/index.html", "liga-1/spieltag-1.html",
                             "style.css"]  # fmt: skip
    assert said.strip() == "5 files written, 5 changed, 0 unchanged"
    index = (out / "index.html").read_text(encoding="utf-8")
    assert 'href="liga-1/index.html">Verbandsliga</a>' in index and "vorläufig" in index
    table = rows(out / "liga-1" / "index.html")
    assert table[0][:3] == ["rank", "no.", "team"] and table[0][-1] == "ST1*"
    assert [(r[0], r[2], r[3], r[4], r[5]) for r in table[1:]] == [
        (f"{rank}.", name, wp, str(sp), mark or "") for rank, name, wp, sp, mark in L2_TABLE
    ]
    page = (out / "liga-1" / "index.html").read_text(encoding="utf-8")
    assert "League table (vorläufig)" in page and 'href="spieltag-1.html"' in page
    report = rows(out / "liga-1" / "spieltag-1.html")  # group 1, Serie 1
    assert report[1][:7] == ["Adorf", "1", "1", "Anna", "1102", "9", "1"] and report[1][-2:] == ["3607", "3:0"]
    day = (out / "liga-1" / "spieltag-1.html").read_text(encoding="utf-8")
    assert "Group 2, host Eheim" in day and "9945" in day and "vorläufig" in day
    data = json.loads((out / "liga-1" / "data.json").read_text(encoding="utf-8"))
    assert data["table"] == cli.json("league", "table", "--format", "json")
    assert data["days"] == [cli.json("league", "day", "show", "1", "--format", "json")]
    assert data["schema"] == 1 and data["final"] is False
    broken, absolute = crawl(out)
    assert broken == [] and absolute == []
    assert not any(b"<script" in content for content in files.values())
    # The same ledger, the same bytes; closing the Spieltag touches the league's pages and data, not the style.
    assert cli.ok("publish", "--league", "1", "--output", str(out), "--lang", "en").strip() == (
        "5 files written, 0 changed, 5 unchanged"
    )
    cli.ok("league", "day", "close", "1")
    assert cli.ok("publish", "--league", "1", "--output", str(out), "--lang", "en").strip() == (
        "5 files written, 4 changed, 1 unchanged"
    )
    assert "vorläufig" not in (out / "liga-1" / "index.html").read_text(encoding="utf-8")
    assert json.loads((out / "liga-1" / "data.json").read_text(encoding="utf-8"))["final"] is True


def test_a_private_player_of_a_league_is_not_named(cli, tmp_path):
    play_l1(cli)
    cli.ok("player", "set", "Anna", "--privat")
    out = tmp_path / "site"
    cli.ok("publish", "--output", str(out), "--lang", "de")
    files = tree(out)
    assert "liga-1/spieltag-1.html" in files  # a whole-ledger publish has the leagues
    assert not any(b"Anna" in content for content in files.values())
    assert "Spieler " in (out / "liga-1" / "spieltag-1.html").read_text(encoding="utf-8")
    data = json.loads(files["liga-1/data.json"])
    first = data["days"][0]["groups"][0]["serien"][0]["teams"][0]["lists"][0]["players"][0]
    assert first["name"] is None and first["privat"] is True


def test_publish_league_bad_input(cli, tmp_path):
    play_l1(cli)
    ran = cli("publish", "--league", "1", "--tournament", "1", "--output", str(tmp_path / "a"))
    assert ran.code == 2 and "--league" in ran.err and not (tmp_path / "a").exists()
    ran = cli("publish", "--league", "7", "--output", str(tmp_path / "b"))
    assert ran.code != 0 and "league 7" in ran.err and not (tmp_path / "b").exists()
    assert ran.err.count("\n") == 1


def test_a_split_list_on_the_spielbericht_page_names_both_parts(cli):
    from schreiber import i18n
    from schreiber.ledger.publish import PublishedLeague
    from schreiber.views.public_names import Naming
    from schreiber.web.publish import templates
    from schreiber.web.publish_league import day_page
    from schreiber.web.publish_pages import Links
    from tests.helpers.league import split_l1

    view = split_l1(cli)
    league = PublishedLeague("Verbandsliga", "skat", None, (view,), {"Conny": 12})  # type: ignore[arg-type]
    with i18n.speaking("en"):
        html = day_page(templates(), Links("liga-1/spieltag-1.html"), league, 1, Naming(frozenset({"Conny"})))
    assert "Cem 1–24 (340), Player 12 25–48 (570)" in html and "Conny" not in html


def test_since_keeps_a_league_with_a_spieltag_then_or_later(cli, tmp_path):
    play_l1(cli)  # Spieltag 1 on 2025-03-22
    cli.ok("publish", "--output", str(tmp_path / "a"), "--since", "2025-03-22")
    cli.ok("publish", "--output", str(tmp_path / "b"), "--since", "2025-03-23")
    assert "liga-1/index.html" in tree(tmp_path / "a") and not any(p.startswith("liga-") for p in tree(tmp_path / "b"))
