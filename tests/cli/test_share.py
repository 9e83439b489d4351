"""`tournament share` and `season share` (issue 42.5, CLI.md "Publishing results"): the picture to post in the
club's chat and its lines as text, final and provisional, in German and English; `verein=NAME` on tournaments
and seasons; the same ledger, the same bytes; bad input in one sentence. On SQLite and PostgreSQL."""

from __future__ import annotations

import datetime as dt
import random

import pytest

from schreiber import i18n
from tests.helpers.season import NAMES, play
from tests.helpers.tournament import EIGHT, seats, type_t1_sheets

CLUB = "Schafkopffreunde Musterdorf e.V."


def german(cli, *args: str) -> str:
    with i18n.speaking("de"):
        return cli.ok(*args)


def t1(cli) -> dict[str, str]:
    """T1 of RULES.md §6, final, with three prizes of 30, 18 and 12 euros; each role's player."""
    cli.ok(
        "tournament", "new", "Herbstturnier", "--rules", "preisschafkopf", "--rounds", "2", "--seed", "7",
        "--date", "2026-11-27", "--set", "preise=3000,1800,1200",
    )  # fmt: skip
    cli.ok("tournament", "register", *EIGHT)
    cli.ok("tournament", "draw")
    first = [set(t["players"]) for t in seats(cli)["tables"]]
    cli.ok("tournament", "draw", "--force")
    return type_t1_sheets(cli, first)


# T1 with Wertung punkte (RULES.md §6): role, points, and the prize in euros as each language writes it.
T1_FINAL = [
    ("Gerda", 55, "€30.00", "30,00 €"),
    ("Emil", 50, "€18.00", "18,00 €"),
    ("Anna", 50, "€12.00", "12,00 €"),
    ("Fritz", 40, "", ""),
    ("Carl", 35, "", ""),
    ("Dora", 30, "", ""),
    ("Hans", 25, "", ""),
    ("Berta", 20, "", ""),
]


def test_a_final_tournament_as_text_in_english_and_german(cli):
    role = t1(cli)
    english = cli.ok("tournament", "share", "--format", "text").splitlines()
    assert english == [
        "Herbstturnier",
        "2026-11-27",
        "Final standings",
        *[
            f"{rank}. {role[who]} {points} points {en}".rstrip()
            for rank, (who, points, en, _de) in enumerate(T1_FINAL, 1)
        ],
    ]
    cli.ok("tournament", "set", f"verein={CLUB}")
    deutsch = german(cli, "tournament", "share", "--format", "text", "--top", "4").splitlines()
    assert deutsch == [
        "Herbstturnier",
        CLUB,
        "27.11.2026",
        "Endstand",
        *[
            f"{rank}. {role[who]} {points} Punkte {de}".rstrip()
            for rank, (who, points, _en, de) in enumerate(T1_FINAL[:4], 1)
        ],
    ]
    # --top 2 shows the first two; the numbers as the standings JSON has them
    standings = cli.json("tournament", "standings", "--format", "json")
    assert standings["final"] is True
    assert cli.ok("tournament", "share", "--format", "text", "--top", "2").splitlines()[4:] == [
        f"{p['rank']}. {p['name']} {p['points']} points {prize}"
        for p, prize in zip(standings["players"][:2], ("€30.00", "€18.00"))
    ]


def test_a_provisional_tournament_as_text_with_thousands_marked(cli):
    cli.ok(
        "tournament",
        "new",
        "Kirta",
        "--rules",
        "preisschafkopf",
        "--rounds",
        "2",
        "--seed",
        "5",
        "--date",
        "2026-09-20",
    )
    cli.ok("tournament", "register", *EIGHT)
    cli.ok("tournament", "draw")
    t_1, t_2 = seats(cli)["tables"]
    values = {**dict(zip(t_1["players"], (1240, 15, 0, 25))), **dict(zip(t_2["players"], (35, 30, 10, 5)))}
    for table in (t_1, t_2):
        cli.ok("tournament", "result", "1", str(table["table"]), *[f"{p}={values[p]}" for p in table["players"]])
    order = sorted(values, key=lambda p: -values[p])
    english = cli.ok("tournament", "share", "--format", "text").splitlines()
    assert english[:3] == ["Kirta", "2026-09-20", "Standings after round 1 (provisional)"]
    assert english[3] == f"1. {order[0]} 1,240 points"  # no prize list: no prizes
    assert english[3:] == [f"{i}. {p} {values[p]:,} points" for i, p in enumerate(order, 1)]
    deutsch = german(cli, "tournament", "share", "--format", "text", "--top", "3").splitlines()
    assert deutsch == [
        "Kirta",
        "20.09.2026",
        "Stand nach Runde 1 (vorläufig)",
        f"1. {order[0]} 1.240 Punkte",
        f"2. {order[1]} 35 Punkte",
        f"3. {order[2]} 30 Punkte",
    ]
    # While round 1 still plays: "so far".
    cli.ok("tournament", "draw")
    assert cli.ok("tournament", "share", "--format", "text").splitlines()[2] == "Standings after round 1 (provisional)"


def test_a_season_as_text_after_its_tournaments_and_while_one_plays(cli):
    cli.ok("season", "new", "Winterliga", "--rules", "preisschafkopf", "--set", f"verein={CLUB}")
    rng = random.Random(42)
    for k in range(3):
        play(cli, f"Abend {k + 1}", NAMES[k : k + 8], 2, rng, season=1)
    today = dt.date.today()
    standings = cli.json("season", "standings", "--format", "json")
    lines = [f"{p['rank']}. {p['name']} {p['score']} points" for p in standings["players"][:10]]
    english = cli.ok("season", "share", "--format", "text").splitlines()
    assert english == ["Winterliga", CLUB, today.isoformat(), "Standings after 3 tournaments", *lines]
    deutsch = german(cli, "season", "share", "--format", "text", "--top", "5").splitlines()
    assert deutsch == [
        "Winterliga",
        CLUB,
        f"{today.day:02d}.{today.month:02d}.{today.year}",
        "Stand nach 3 Turnieren",
        *[line.replace("points", "Punkte") for line in lines[:5]],
    ]
    # A fourth tournament drawn and not played: provisional; the club taken off.
    cli.ok("tournament", "new", "Abend 4", "--rules", "preisschafkopf", "--season", "1", "--seed", "4")
    cli.ok("tournament", "register", *NAMES[:4])
    cli.ok("tournament", "draw")
    cli.ok("season", "set", "verein=off")
    english = cli.ok("season", "share", "--format", "text").splitlines()
    assert english[:3] == ["Winterliga", today.isoformat(), "Standings after 3 tournaments (provisional)"]
    assert german(cli, "season", "share", "--format", "text").splitlines()[2] == "Stand nach 3 Turnieren (vorläufig)"


def test_an_average_season_score_says_what_it_counts(cli):
    cli.ok("season", "new", "Schnitt", "--rules", "preisschafkopf", "--set", "wertung=schnitt_platz")
    play(cli, "Eins", NAMES[:8], 1, random.Random(3), season=1)
    lines = cli.ok("season", "share", "--format", "text").splitlines()
    assert (
        lines[3]
        == "1. " + cli.json("season", "standings", "--format", "json")["players"][0]["name"] + " 1.00 avg. rank"
    )
    assert german(cli, "season", "share", "--format", "text").splitlines()[3].endswith(" 1,00 Ø Platz")


def test_the_picture_is_1080_by_1350_and_the_same_ledger_gives_the_same_bytes(cli, tmp_path):
    from PIL import Image

    role = t1(cli)
    cli.ok("tournament", "set", f"verein={CLUB}")
    first, second = tmp_path / "a.png", tmp_path / "b.png"
    said = cli.ok("tournament", "share", "--output", str(first))
    assert said.strip() == f"The picture of “Herbstturnier” (Final standings) is in {first}."
    cli.ok("tournament", "share", "--output", str(second))
    assert first.read_bytes() == second.read_bytes()
    with Image.open(first) as image:
        assert image.size == (1080, 1350)
        assert image.format == "PNG"
        assert not {k for k in image.info if k.lower() in ("software", "creation time", "date")}
    # The German picture is another picture, and itself the same each time.
    with i18n.speaking("de"):
        assert "Endstand" in cli.ok("tournament", "share", "--output", str(tmp_path / "de.png"))
        cli.ok("tournament", "share", "--output", str(tmp_path / "de2.png"))
    assert (tmp_path / "de.png").read_bytes() == (tmp_path / "de2.png").read_bytes() != first.read_bytes()
    # What is drawn is the view's: every name of the top 10 and its prize, every text at least 28 px high.
    from schreiber.ledger.cashbook import Cash
    from schreiber.ledger.service import Ledger
    from schreiber.ledger.tournament import Tournaments
    from schreiber.report import share_png
    from schreiber.views import share

    ledger = Ledger.open(cli.url)
    try:
        view = Tournaments(ledger).standings()
        prizes = {line.number: line.prize for line in Cash(ledger).book().book.lines}
    finally:
        ledger.engine.dispose()
    drawn = share_png.drawn(share_png.figure(share.tournament(view, prizes)))
    texts = [text for text, _size in drawn]
    assert all(size >= 28 for _text, size in drawn)
    assert {"Herbstturnier", CLUB, "2026-11-27", "Final standings", "€30.00", "€18.00", "€12.00"} <= set(texts)
    assert {role[who] for who, *_rest in T1_FINAL} <= set(texts)


def test_season_share_writes_its_picture(cli, tmp_path):
    from PIL import Image

    cli.ok("season", "new", "Winterliga", "--rules", "preisschafkopf")
    play(cli, "Abend", NAMES[:8], 1, random.Random(1), season=1)
    out = tmp_path / "saison.png"
    with i18n.speaking("de"):
        said = cli.ok("season", "share", "--output", str(out))
    assert said.strip() == f"Das Bild von „Winterliga“ (Stand nach 1 Turnier) ist in {out}."
    with Image.open(out) as image:
        assert image.size == (1080, 1350)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("--top", "0", "--format", "text"), "--top: give how many of the best to show, 1 to 20, not 0."),
        (("--top", "21", "--output", "x.png"), "--top: give how many of the best to show, 1 to 20, not 21."),
        ((), "--output: name the picture to write (FILE.png), or give --format text."),
        (("--output", "x.pdf"), "--output: writes a PNG picture; name a file ending in .png, not x.pdf."),
        (
            ("--format", "text", "--output", "x.png"),
            "--output: --format text prints the lines here; it takes no --output.",
        ),
        (("--format", "pdf"), "--format: use png, text, not 'pdf'."),
        (("99", "--format", "text"), "there is no tournament 99; `schreiber tournament list` shows them."),
    ],
)
def test_bad_input_is_one_sentence_and_exit_2(cli, tmp_path, monkeypatch, args, said):
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    cli.ok("tournament", "new", "Kirta", "--rules", "preisschafkopf")
    ran = cli("tournament", "share", *args)
    assert ran.code == 2
    assert ran.out == ""
    assert ran.err.strip().splitlines() == [
        f"schreiber: {said}".replace("schreiber: --", "schreiber: Invalid value for --")
    ]
    assert list(here.iterdir()) == []


def test_season_share_of_an_unknown_season_is_refused(cli):
    cli.ok("season", "new", "Liga", "--rules", "preisschafkopf")
    ran = cli("season", "share", "7", "--format", "text")
    assert ran.code == 2
    assert ran.err.strip() == "schreiber: there is no season 7; `schreiber season list` shows them."


def test_verein_is_a_setting_of_tournaments_and_seasons(cli):
    cli.ok("tournament", "new", "Kirta", "--rules", "preisschafkopf", "--set", "verein=  Schafkopf   Club ")
    assert cli.json("tournament", "show", "--format", "json")["settings"]["verein"] == "Schafkopf Club"
    assert cli.ok("tournament", "set", f"verein={CLUB}").strip() == (
        f"The club's name on the picture to share is now “{CLUB}”."
    )
    assert german(cli, "tournament", "set", "verein=off").strip() == "Das Bild zum Teilen nennt jetzt keinen Verein."
    assert cli.json("tournament", "show", "--format", "json")["settings"]["verein"] is None
    ran = cli("tournament", "set", "verein=" + "x" * 61)
    assert ran.code == 2
    assert ran.err.strip().startswith(
        "schreiber: tournament set verein: give the club's name in at most 60 characters (or off), not 'xxx"
    )
    assert len(ran.err.strip().splitlines()) == 1
    cli.ok("season", "new", "Liga", "--rules", "preisschafkopf")
    assert f"club {CLUB}" in cli.ok("season", "set", f"verein={CLUB}")


def test_a_private_player_is_his_number_in_the_text_and_in_the_picture(cli, tmp_path, monkeypatch):
    from schreiber.report import share_png

    role = t1(cli)
    winner = role["Gerda"]
    cli.ok("player", "set", winner, "--privat")
    rows = cli.json("tournament", "standings", "--format", "json")["players"]
    number = next(row["number"] for row in rows if row["name"] == winner)
    lines = cli.ok("tournament", "share", "--format", "text").splitlines()
    assert lines[3] == f"1. Player {number} 55 points €30.00"
    assert winner not in "\n".join(lines)
    drawn: list[str] = []
    real = share_png.figure

    def recorded(picture):
        made = real(picture)
        drawn.extend(text for text, _size in share_png.drawn(made))
        return made

    monkeypatch.setattr(share_png, "figure", recorded)
    with i18n.speaking("de"):
        cli.ok("tournament", "share", "--output", str(tmp_path / "privat.png"))
    assert f"Spieler {number}" in drawn and not any(winner in text for text in drawn)
    cli.ok("player", "set", winner, "--privat", "--undo")
    assert cli.ok("tournament", "share", "--format", "text").splitlines()[3] == f"1. {winner} 55 points €30.00"
