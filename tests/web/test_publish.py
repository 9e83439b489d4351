"""`schreiber publish` (issue 42, CLI.md "Publishing results"): T1 of §6 with C1's prizes and S1 of §8 published
and read back, the links of the tree, the same bytes twice, a correction that touches only its pages, the data
for other programs, and a private player's name nowhere; on SQLite and PostgreSQL."""

from __future__ import annotations

import csv
import io
import json
import zipfile

import pytest

from tests.helpers.publish import ROLES, S1, crawl, read, rows, s1_season, season_shape, t1_c1, tournament_shape, tree
from tests.helpers.season import recompute, tournament_standings
from tests.helpers.teams import M1_SETTINGS, play_m1
from tests.helpers.tournament import T1_SHEETS, seats

# C1 of §9: the prizes of T1 (cents).
C1_PRIZES = {"Gerda": 3000, "Emil": 1800, "Anna": 1200}
T1_PUNKTE = [
    ("Gerda", 55, 1),
    ("Emil", 50, 2),
    ("Anna", 50, 3),
    ("Fritz", 40, 4),
    ("Carl", 35, 5),
    ("Dora", 30, 6),
    ("Hans", 25, 7),
    ("Berta", 20, 8),
]


def euros_en(cents: int) -> str:
    return f"€{cents // 100:,}.{cents % 100:02d}"


def test_t1_is_published_with_its_standings_prizes_and_rounds(cli, tmp_path):
    t1_c1(cli)
    out = tmp_path / "site"
    said = cli.ok("publish", "--output", str(out))
    files = tree(out)
    assert said.strip() == f"{len(files)} files written, {len(files)} changed, 0 unchanged"
    page = out / "turnier-1" / "index.html"
    text = page.read_text(encoding="utf-8")
    assert '<h2 id="standings">Final standings</h2>' in text and "provisional" not in text
    table = rows(page)
    assert table[0][:3] == ["rank", "no.", "player"] and table[0][-1] == "prize"
    got = [(r[2], r[3], r[0], r[-1]) for r in table[1:]]
    assert got == [(name, str(score), f"{rank}.", euros_en(C1_PRIZES[name]) if name in C1_PRIZES else "")
                   for name, score, rank in T1_PUNKTE]  # fmt: skip
    # Every round's seat plan and table results: T1's sheets, table by table.
    for round_, sheets in T1_SHEETS.items():
        shown = read(out / "turnier-1" / f"runde-{round_}.html").tables
        tables = {frozenset(r[1] for r in t[1:]): {r[1]: int(r[3]) for r in t[1:]} for t in shown}
        assert tables == {frozenset(sheet): sheet for sheet in sheets}
    # Money owed, payments and balances are never published: Hans owes his Startgeld (−€10.00), the pot is
    # €75.00, the Kasse €15.00; none of it is to be read, nor the cashbook's keys.
    for path, content in files.items():
        words = content.decode("utf-8").lower() if path != "style.css" else ""
        assert not any(w in words for w in ("balance", "startgeld", "prize_paid", "kasse", "10.00", "75.00", "15.00"))
    # data.json: the standings' JSON unchanged, each player's prize, every round's plan, schema and final.
    data = json.loads((out / "turnier-1" / "data.json").read_text(encoding="utf-8"))
    standings = cli.ok("tournament", "standings", "--format", "json")
    assert {p["name"]: p["prize"] for p in data["players"] if p["prize"]} == C1_PRIZES
    assert tournament_shape(data) == []
    assert data["schema"] == 1 and data["final"] is True
    assert data["plan"] == [cli.json("tournament", "tables", "--round", str(n), "--format", "json") for n in (1, 2)]
    for p in data["players"]:
        del p["prize"]
    del data["plan"], data["schema"]
    assert json.dumps(data, ensure_ascii=False) + "\n" == standings  # byte for byte the command's line
    sheet = list(csv.DictReader(io.StringIO((out / "turnier-1" / "standings.csv").read_text(encoding="utf-8"))))
    assert [(r["name"], r["score"], r["prize"]) for r in sheet][:3] == [
        ("Gerda", "55", "30.00"),
        ("Emil", "50", "18.00"),
        ("Anna", "50", "12.00"),
    ]
    broken, absolute = crawl(out)
    assert broken == [] and absolute == []
    assert not any(b"<script" in content or b"@import" in content for content in files.values())  # no script needed
    # Headings in order on every page: one h1, no level skipped.
    for path in out.rglob("*.html"):
        levels = read(path).headings
        assert levels[0] == 1 and levels.count(1) == 1
        assert all(b <= a + 1 for a, b in zip(levels, levels[1:])), path


def test_m1_is_published_with_its_team_rankings_below_the_individual_one(cli, tmp_path):
    play_m1(cli, *M1_SETTINGS)
    cli.ok("tournament", "team", "pay", "mannschaft", "Asse", "Buben", "Luschen")
    cli.ok("player", "set", "Frieda", "--privat")
    out = tmp_path / "site"
    cli.ok("publish", "--output", str(out), "--lang", "both")
    page = out / "en" / "turnier-1" / "index.html"
    mannschaft, tandem = rows(page, 1), rows(page, 2)
    assert mannschaft[0] == ["rank", "team", "members", "score", "prize"]
    assert [(r[0], r[1], r[3], r[4]) for r in mannschaft[1:]] == [
        ("1.", "Buben", "6276", "€36.00"), ("2.", "Asse", "5037", "€24.00"), ("3.", "Luschen", "4559", ""),
    ]  # fmt: skip
    assert mannschaft[1][2] == "Egon 1682, Player 6 1285, Günter 1613, Heike 1696"
    assert mannschaft[2][2].endswith("Detlef 156 (withdrawn)")
    assert tandem[0] == ["rank", "team", "members", "score"]  # the tandems' Startgeld is unpaid: no prize, no rank
    assert [(r[0], r[1], r[3]) for r in tandem[1:]] == [("–", "Tandem 1", "3472"), ("–", "Tandem 2", "3009"),
                                                         ("–", "Tandem 3", "3009")]  # fmt: skip
    text = page.read_text(encoding="utf-8")
    assert "Team standings of mannschaft (teams of 4)" in text and "–: not ranked." in text
    # Each competition also has a page of its own, the heading on the tournament's page its link.
    for competition, expected in (("mannschaft", mannschaft), ("tandem", tandem)):
        own = out / "en" / "turnier-1" / f"team-{competition}.html"
        assert f'<a href="team-{competition}.html">' in text and rows(own, 0) == expected
        assert "M1" in own.read_text(encoding="utf-8")
    assert "Teamwertung mannschaft (Teams zu 4)" in (out / "de" / "turnier-1" / "index.html").read_text(
        encoding="utf-8"
    )
    # data.json: "teams" holds the objects of `tournament team standings --format json`, a private member unnamed.
    data = json.loads((out / "en" / "turnier-1" / "data.json").read_text(encoding="utf-8"))
    assert tournament_shape(data) == []
    expected = cli.json("tournament", "team", "standings", "--format", "json")
    frieda = expected[0]["teams"][0]["members"][1]
    assert frieda["name"] == "Frieda"
    frieda.update(name=None, privat=True)
    assert data["teams"] == expected
    for path, content in tree(out).items():
        if not path.endswith(".css"):
            assert b"Frieda" not in content and b"startgeld" not in content.lower(), path
    broken, absolute = crawl(out)
    assert broken == [] and absolute == []


def test_a_season_of_s1_is_published_with_its_standings_awards_and_final(cli, tmp_path):
    ids = s1_season(cli, "--set", "min_starts=2", "--set", "finale=3")
    out = tmp_path / "site"
    cli.ok("publish", "--output", str(out), "--lang", "both")
    expected = recompute([tournament_standings(cli, t) for t in ids], "summe", min_starts=2, finale=3)
    # §8's figures, as the padding leaves them: summe Anna 340, Berta 330, Dora 285, Carl 280, Emil 225.
    assert [(e[1], e[2]) for e in expected[:5]] == [
        ("Anna", 340), ("Berta", 330), ("Dora", 285), ("Carl", 280), ("Emil", 225)
    ]  # fmt: skip
    page = out / "en" / "saison-1" / "index.html"
    table = rows(page)
    shown = {r[2]: r for r in table[1:]}
    for rank, name, score, starts, qualified, results in expected:
        line = shown[name]
        assert line[0] == ("–" if rank is None else f"{rank}.") and line[3] == str(score) and line[4] == str(starts)
        assert line[5:8] == ["–" if x is None else f"{x['score']} ({x['rank']}.)" for x in results]
        assert line[8] == ("qualified" if qualified else "")
    text = page.read_text(encoding="utf-8")
    assert "Reached the final: Anna, Berta, Dora</p>" in text
    awards = {r[0]: (r[1], r[2]) for r in rows(page, 1)}
    assert awards == {
        "most starts": ("Anna, Berta, Dora, Emil", "3"),
        "best average rank": ("Anna, Carl", "2.00"),
        "worst average rank (Pechvogel)": ("Gerda", "5.50"),
        "best single tournament score": ("Carl", "170"),
    }
    german = rows(out / "de" / "saison-1" / "index.html", 1)
    assert [r[2] for r in german] == ["3", "2,00", "5,50", "170"]
    # Each player's page of the season: his results tournament by tournament.
    anna = rows(out / "en" / "saison-1" / "spieler" / f"{shown['Anna'][1]}.html")
    assert [r[2] for r in anna[1:]] == ["150 (1.)", "100 (3.)", "90 (2.)"]
    assert [r[3] for r in anna[1:]] == ["8", "5", "8"]
    # data.json: season standings' JSON with the awards, schema and final.
    data = json.loads((out / "en" / "saison-1" / "data.json").read_text(encoding="utf-8"))
    assert season_shape(data) == []
    cli.ok("season", "use", "1")
    assert data["awards"] == cli.json("season", "awards", "--format", "json")
    assert data["schema"] == 1 and data["final"] is True
    del data["awards"], data["schema"], data["final"]
    assert data == cli.json("season", "standings", "--format", "json")
    # Both languages, each page linked to itself in the other.
    de = (out / "de" / "saison-1" / "index.html").read_text(encoding="utf-8")
    assert 'href="../../en/saison-1/index.html"' in de and "Ehrungen" in de and '<html lang="de">' in de
    assert '<h2 id="standings">Endstand</h2>' in (out / "de" / "turnier-1" / "index.html").read_text(encoding="utf-8")
    assert (out / "index.html").is_file() and (out / "style.css").is_file() and not (out / "de" / "style.css").exists()
    broken, absolute = crawl(out)
    assert broken == [] and absolute == []
    assert S1[0][0] == ("Anna", 150)


def test_publishing_twice_gives_the_same_bytes_and_a_correction_changes_only_its_pages(cli, tmp_path):
    ids = s1_season(cli)
    cli.ok("tournament", "new", "Ohne Saison", "--rules", "preisschafkopf", "--rounds", "1", "--date", "2026-05-01")
    cli.ok("tournament", "register", *[f"Gast{i}" for i in range(1, 5)])
    cli.ok("tournament", "draw")
    cli.ok("tournament", "result", "1", "1", *[f"Gast{i}=5" for i in range(1, 5)])
    out, archive = tmp_path / "site", tmp_path / "site.zip"
    cli.ok("publish", "--output", str(out), "--zip", str(archive))
    before, zipped = tree(out), archive.read_bytes()
    again = cli.ok("publish", "--output", str(out), "--zip", str(archive))
    assert f"{len(before)} files written, 0 changed, {len(before)} unchanged" in again
    assert tree(out) == before and archive.read_bytes() == zipped
    with zipfile.ZipFile(archive) as z:
        assert {name: z.read(name) for name in z.namelist()} == before
    # A corrected sheet of tournament 2: Dora's 130 becomes 135, Gerda's 20 becomes 15.
    season_before = cli.json("season", "standings", "--format", "json")
    cli.ok("tournament", "use", str(ids[1]))
    table = seats(cli)["tables"][0]
    points = dict(S1[1]) | {"Dora": 135, "Gerda": 15}
    cli.ok("tournament", "result", "1", "1", "--replace", *[f"{p}={points[p]}" for p in table["players"]])
    season_after = cli.json("season", "standings", "--format", "json")
    moved = {
        a["number"]
        for a in season_after["players"]
        for b in season_before["players"]
        if a["number"] == b["number"] and a != b
    }
    assert moved >= {next(p["number"] for p in season_after["players"] if p["name"] == n) for n in ("Dora", "Gerda")}
    cli.ok("publish", "--output", str(out))
    after = tree(out)
    changed = {path for path in after if before.get(path) != after[path]}
    assert changed == {
        f"turnier-{ids[1]}/index.html",
        f"turnier-{ids[1]}/runde-1.html",
        f"turnier-{ids[1]}/data.json",
        f"turnier-{ids[1]}/standings.csv",
        "saison-1/index.html",
        "saison-1/data.json",
        *{f"saison-1/spieler/{n}.html" for n in moved},
    }


def test_a_private_player_is_named_nowhere_and_final_is_false_while_a_table_plays(cli, tmp_path):
    cli.ok("tournament", "new", "Herbst", "--rules", "preisschafkopf", "--rounds", "2", "--seed", "1")
    cli.ok("tournament", "register", "Anton Maier", "Zenzi Huber", "Xaver Brandl", "Resi Ostermaier")
    assert '"Player 12"' in cli.ok("player", "set", "Zenzi Huber", "--privat")
    cli.ok("tournament", "draw")
    table = seats(cli)["tables"][0]
    cli.ok("tournament", "result", "1", "1", *[f"{p}=10" for p in table["players"]])
    cli.ok("tournament", "draw")
    out = tmp_path / "site"
    cli.ok("publish", "--output", str(out), "--lang", "both", "--zip", str(tmp_path / "s.zip"))
    for path, content in tree(out).items():
        assert b"Zenzi" not in content and b"Huber" not in content, path
    assert b"Zenzi" not in (tmp_path / "s.zip").read_bytes()
    data = json.loads((out / "en" / "turnier-1" / "data.json").read_text(encoding="utf-8"))
    zenzi = next(p for p in data["players"] if p["name"] is None)
    assert zenzi["privat"] is True and zenzi["number"] == 2
    assert data["final"] is False and data["unfinished"] and tournament_shape(data) == []
    en = (out / "en" / "turnier-1" / "index.html").read_text(encoding="utf-8")
    assert "Player 2" in en and "Standings after round 1 (provisional)" in en
    de = (out / "de" / "turnier-1" / "index.html").read_text(encoding="utf-8")
    assert "Spieler 2" in de and "Stand nach Runde 1 (vorläufig)" in de
    # --names kurz: the first name and the initial of the last word, for everyone.
    cli.ok("publish", "--output", str(tmp_path / "kurz"), "--names", "kurz")
    page = (tmp_path / "kurz" / "turnier-1" / "index.html").read_text(encoding="utf-8")
    assert "Anton M." in page and "Maier" not in page and "Resi O." in page and "Player 2" in page
    # --undo names him again.
    cli.ok("player", "set", "Zenzi Huber", "--privat", "--undo")
    cli.ok("publish", "--output", str(out), "--lang", "en")
    assert "Zenzi Huber" in (out / "turnier-1" / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--lang", "fr"], "--lang"),
        (["--names", "lang"], "--names"),
        (["--since", "gestern"], "--since"),
        (["--tournament", "9"], "--tournament"),
        (["--season", "9"], "--season"),
        (["--tournament", "1", "--season", "1"], "--season"),
    ],
)
def test_bad_input_is_one_sentence_and_writes_nothing(cli, tmp_path, args, says):
    cli.ok("tournament", "new", "Herbst", "--rules", "preisschafkopf")
    ran = cli("publish", "--output", str(tmp_path / "site"), *args)
    assert ran.code == 2 and says in ran.err and "Traceback" not in ran.err and len(ran.err.strip().splitlines()) == 1
    assert not (tmp_path / "site").exists()
    assert ROLES[0] == "Anna"


def test_player_set_names_what_it_sets_and_knows_the_player(cli):
    cli.ok("tournament", "new", "Herbst", "--rules", "preisschafkopf")
    cli.ok("tournament", "register", "Anna")
    for args, says in ((["Anna"], "--privat"), (["Niemand", "--privat"], "Niemand")):
        ran = cli("player", "set", *args)
        assert ran.code == 2 and says in ran.err and len(ran.err.strip().splitlines()) == 1
    assert "by name again" in cli.ok("player", "set", "anna", "--privat", "--undo")


def test_the_options_narrow_what_is_published_and_excel_gets_its_csv(cli, tmp_path):
    ids = s1_season(cli)
    cli.ok("tournament", "new", "Ohne Saison", "--rules", "preisschafkopf", "--rounds", "1", "--date", "2026-05-01")
    cli.ok("tournament", "register", *[f"Gast{i}" for i in range(1, 5)])

    def published(*args: str) -> set[str]:
        out = tmp_path / "-".join(args)
        cli.ok("publish", "--output", str(out), *args)
        return {p.name for p in out.iterdir() if p.is_dir()}

    assert published() == {"saison-1", "spieler", *{f"turnier-{t}" for t in [*ids, 4]}}
    assert published("--season", "1") == {"saison-1", *{f"turnier-{t}" for t in ids}}
    assert published("--tournament", "4") == {"turnier-4", "spieler"}  # its registered players have their pages
    assert published("--since", "2026-03-01") == {"saison-1", "spieler", f"turnier-{ids[2]}", "turnier-4"}
    cli.ok("publish", "--output", str(tmp_path / "excel"), "--excel", "--tournament", str(ids[0]))
    content = (tmp_path / "excel" / f"turnier-{ids[0]}" / "standings.csv").read_bytes()
    assert content.startswith(b"\xef\xbb\xbfrank;number;name;") and b"\r\n" in content
