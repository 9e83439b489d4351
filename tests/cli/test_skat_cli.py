"""RULES.md §7 (`skat`) typed as a user types it, on both databases: K1–K14, the money example,
the refusals, evenings of 3 and 4 through `play` (piped and on a terminal), stats and CSV."""

from __future__ import annotations

import io
import sys

import pexpect
import pytest

from tests.helpers.terminal import SCHREIBER, terminal_env, expect

THREE = ["--players", "Anna", "Berta", "Carl"]
FOUR = [*THREE, "Dora"]


def _pts(anna: int = 0, berta: int = 0, carl: int = 0) -> dict[str, int]:
    return {"Anna": anna, "Berta": berta, "Carl": carl}


WORKED = [
    ("K1", "kreuz --player Anna --spitzen 1 --augen 75", 24, _pts(anna=24)),
    ("K2", "grand -p Berta --spitzen 4 --hand -a 95", 168, _pts(berta=168)),
    ("K3", "herz -p ca --spitzen 2 --ohne -a 58", 30, _pts(carl=-60)),
    ("K4", "null -p an --won", 23, _pts(anna=23)),
    ("K5", "null -p be --hand --ouvert --lost", 59, _pts(berta=-118)),
    ("K6", "pik -p ca --spitzen 1 -a 70 --reizwert 33", 33, _pts(carl=-66)),
    ("K7", "karo -p an --spitzen 1 -a 92 --reizwert 27", 27, _pts(anna=27)),
    ("K8", "grand -p be --spitzen 1 --hand --schneider-angesagt -a 80", 120, _pts(berta=-240)),
    ("K9", "herz -p an --spitzen 1 -a 25", 30, _pts(anna=-60)),
    ("K10", "kreuz -p be --spitzen 3 -a 120 --schwarz", 72, _pts(berta=72)),
    ("K11", "grand -p ca --spitzen 2 --ouvert --won", 216, _pts(carl=216)),
    ("K12", "eingepasst", 0, _pts()),
    ("K13", "pik -p an --spitzen 1 --hand -a 75 --reizwert 72", 77, _pts(anna=-154)),
    ("K14", "kreuz -p be --spitzen 1 --ohne -a 15 --schwarz", 48, _pts(berta=-96)),
]


@pytest.mark.parametrize("example, hand, value, payout", WORKED, ids=[w[0] for w in WORKED])
def test_worked_example(cli, example, hand, value, payout):
    cli.ok("session", "new", "--rules", "skat", *THREE)
    cli.ok("add", *hand.split())
    shown = cli.json("show", "1", "--format", "json")
    assert shown["payouts"] == payout
    assert shown["value"] == value


def test_show_names_every_term(cli):
    cli.ok("session", "new", "--rules", "skat", *THREE)
    cli.ok("add", *WORKED[1][1].split())
    out = cli.ok("show", "1")
    assert "Grand Hand mit 4, Schneider: 24 × 7 = 168" in out
    for label in ("mit 4", "Spiel", "Hand", "Schneider", "Grand"):
        assert label in out


def test_the_money_example_in_report(cli):
    cli.ok("session", "new", "--rules", "skat", *THREE, "--tariff", "1")
    for _, hand, _, _ in WORKED[:3]:
        cli.ok("add", *hand.split())
    report = cli.json("report", "--format", "json")
    assert {p["name"]: (p["points"], p["cents"]) for p in report["players"]} == {
        "Anna": (24, -60),
        "Berta": (168, 372),
        "Carl": (-60, -312),
    }
    assert sum(p["cents"] for p in report["players"]) == 0
    assert "Carl pays Berta €3.12" in cli.ok("report")


REFUSED = [
    ("grand -p an --spitzen 5 -a 70", (), "--spitzen must be between 1 and 4 in grand, not 5."),
    ("kreuz -p an --spitzen 12 -a 70", (), "--spitzen must be between 1 and 11 in kreuz, not 12."),
    (
        "grand -p an --spitzen 1 --ouvert -a 70",
        (),
        "--augen is not entered with --ouvert: every trick decides the game; give --won or --lost.",
    ),
    (
        "grand -p an --spitzen 1 --schneider-angesagt -a 95",
        (),
        "--schneider-angesagt needs --hand: Schneider and Schwarz are announced only in a Hand game.",
    ),
    (
        "grand -p an --spitzen 1 -a 70 --reizwert 19",
        (),
        "--reizwert 19 is no game value; a bid is 18, 20, 22, 23, 24, 27, 30 … up to 264.",
    ),
    ("null -p an --won --reizwert 60", (), "--reizwert 60: Null is worth 23, so it cannot have been played at 60."),
    (
        "kreuz -p an --spitzen 1 -a 100 --schwarz",
        (),
        "--schwarz needs --augen 120 (the declarer took every trick) or 0–22 (he took none; the Augen of his Skat are his), not 100.",
    ),
    ("null -p an --won --reizwert 24", (), "--reizwert 24: Null is worth 23, so it cannot have been played at 24."),
    (
        "kreuz -p an --spitzen 1 -a 70 --reizwert 0",
        (),
        "--reizwert 0 is no game value; a bid is 18, 20, 22, 23, 24, 27, 30 … up to 264.",
    ),
    (
        "kreuz -p an --spitzen 1 -a 70 --reizwert -18",
        (),
        "--reizwert -18 is no game value; a bid is 18, 20, 22, 23, 24, 27, 30 … up to 264.",
    ),
    (
        "kreuz -p an --spitzen 1 --spitzen 2 -a 70",
        (),
        "--spitzen is given 2 times (mit 1, mit 2); a game is mit or ohne one number: give the Spitzen once.",
    ),
    (
        "kreuz -p an --spitzen 1 -a 70 --kontra",
        (),
        "--kontra: Kontra is not played at this table (setting kontra=false).",
    ),
    ("kreuz -p an --spitzen 1 -a 70 --re", ("--set", "kontra=true"), "--re needs --kontra: Re answers a Kontra."),
]


@pytest.mark.parametrize("hand, sets, sentence", REFUSED)
def test_refusals_are_one_sentence_and_change_nothing(cli, hand, sets, sentence):
    cli.ok("session", "new", "--rules", "skat", *THREE, *sets)
    cli.ok("add", "kreuz", "-p", "Carl", "--spitzen", "1", "-a", "65")
    before = cli.json("list", "--format", "json")
    ran = cli("add", *hand.split())
    assert ran.code == 2
    assert ran.err.strip() == f"schreiber: {sentence}"
    assert cli.json("list", "--format", "json") == before


def test_five_players_at_a_skat_table_are_refused(cli):
    ran = cli("session", "new", "--rules", "skat", *FOUR, "Emil")
    assert ran.code == 2
    assert ran.err.strip().splitlines()[-1] == "schreiber: --players: skat is played by 3–4 players, not 5."
    assert cli.json("session", "list", "--format", "json") in ([], {"sessions": []})


EVENING_OF_THREE = """\
# three at Anna's, with Kontra
kr -p an m1 -a 75
gr -p be m4 h -a 95
he -p ca o2 -a 58
null -p an --won --kontra
eingepasst
pik -p ca m1 -a 70 --reizwert 33
"""


def _play(cli, monkeypatch, text: str):
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    return cli("play")


def test_an_evening_of_three_through_play(cli, monkeypatch):
    cli.ok("session", "new", "--rules", "skat", *THREE, "--tariff", "2", "--set", "kontra=true")
    ran = _play(cli, monkeypatch, EVENING_OF_THREE)
    assert ran.code == 0, ran.err
    listed = cli.json("list", "--format", "json")
    assert [h["payouts"] for h in listed["hands"]] == [
        _pts(anna=24),
        _pts(berta=168),
        _pts(carl=-60),
        _pts(anna=46),
        _pts(),
        _pts(carl=-66),
    ]
    assert [h["dealer"] for h in listed["hands"]] == ["Anna", "Berta", "Carl", "Anna", "Berta", "Carl"]
    report = cli.json("report", "--format", "json")
    points = {"Anna": 70, "Berta": 168, "Carl": -126}
    assert {p["name"]: p["points"] for p in report["players"]} == points
    total = sum(points.values())
    assert {p["name"]: p["cents"] for p in report["players"]} == {n: 2 * (3 * v - total) for n, v in points.items()}


def test_an_evening_of_four_on_a_terminal_the_dealer_sits_out(cli, db_url, tmp_path):
    cli.ok("session", "new", "--rules", "skat", *FOUR)
    child = pexpect.spawn(
        SCHREIBER, ["play"], env=terminal_env(db_url, tmp_path), encoding="utf-8", dimensions=(30, 120), timeout=30
    )
    try:
        expect(child, "hand 1 · Anna deals")
        child.send("gr -p an m2 -a 80\r")  # Anna deals and sits out: refused, the line comes back
        expect(child, "Anna is not playing this hand")
        child.send("\x7f" * len("an m2 -a 80") + "be m2 -a 80\r")
        expect(child, "Hand 1: grand Berta")
        expect(child, "hand 2 · Berta deals")
        child.send("kr -p ca o1 h -a 61\r")
        expect(child, "Hand 2: kreuz Carl")
        child.send("null -p an --lost\r")
        expect(child, "Hand 3: null Anna")
        child.send("eingepasst\r")
        expect(child, "Hand 4: eingepasst")
        child.send("gr -p do m1 -a 40\r")
        expect(child, "Hand 5: grand Dora")
        expect(child, "hand 6 · Berta deals")
        child.sendcontrol("d")
        expect(child, pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    listed = cli.json("list", "--format", "json")
    assert [h["sitting_out"] for h in listed["hands"]] == [["Anna"], ["Berta"], ["Carl"], ["Dora"], ["Anna"]]
    assert [h["payouts"] for h in listed["hands"]] == [
        {"Anna": 0, "Berta": 72, "Carl": 0, "Dora": 0},
        {"Anna": 0, "Berta": 0, "Carl": 36, "Dora": 0},
        {"Anna": -46, "Berta": 0, "Carl": 0, "Dora": 0},
        {"Anna": 0, "Berta": 0, "Carl": 0, "Dora": 0},
        {"Anna": 0, "Berta": 0, "Carl": 0, "Dora": -96},
    ]
    report = cli.json("report", "--format", "json")
    assert {p["name"]: p["points"] for p in report["players"]} == {"Anna": -46, "Berta": 72, "Carl": 36, "Dora": -96}


def test_stats_count_games_declared_average_value_and_overbids(cli, monkeypatch):
    cli.ok("session", "new", "--rules", "skat", *THREE, "--set", "kontra=true")
    assert _play(cli, monkeypatch, EVENING_OF_THREE).code == 0
    (group,) = cli.json("stats", "--format", "json")["groups"]
    carl = next(p for p in group["players"] if p["name"] == "Carl")
    assert carl["by_type"]["pik"] == {"played": 1, "won": 0}
    assert carl["as_player"] == {"played": 2, "won": 0}
    assert (carl["declared_value"], carl["overbid"]) == (63, 1)
    anna = next(p for p in group["players"] if p["name"] == "Anna")
    assert anna["as_player"] == {"played": 2, "won": 2} and anna["declared_value"] == 24 + 46
    out = cli.ok("stats")
    assert "average value" in out and "31.5" in out


def test_csv_round_trip(cli, monkeypatch, tmp_path):
    cli.ok("session", "new", "--rules", "skat", *THREE, "--set", "kontra=true")
    assert _play(cli, monkeypatch, EVENING_OF_THREE).code == 0
    before = cli.json("list", "--format", "json")
    path = tmp_path / "skat.csv"
    cli.ok("export", "csv", "--output", str(path))
    cli.ok("session", "close")
    cli.ok("import", "csv", str(path))
    tables = cli.json("session", "list", "--format", "json")
    newest = max(t["id"] for t in (tables["sessions"] if isinstance(tables, dict) else tables))
    after = cli.json("list", "--session", str(newest), "--format", "json")
    assert [(h["type"], h["payouts"], h["facts"]) for h in after["hands"]] == [
        (h["type"], h["payouts"], h["facts"]) for h in before["hands"]
    ]


def test_tab_offers_the_options_a_skat_type_takes(cli, db_url):
    from tests.helpers.terminal import completions

    cli.ok("session", "new", "--rules", "skat", *THREE)
    grand = completions(db_url, "schreiber add grand --")
    for option in (
        "--spitzen",
        "--ohne",
        "--hand",
        "--schneider-angesagt",
        "--schwarz-angesagt",
        "--ouvert",
        "--reizwert",
        "--augen",
    ):
        assert option in grand
    assert "--kontra" not in grand and "--laufende" not in grand
    null = completions(db_url, "schreiber add null --")
    assert "--spitzen" not in null and "--hand" in null and "--won" in null


def test_edit_changes_a_skat_hand_and_rescores_it(cli):
    cli.ok("session", "new", "--rules", "skat", *THREE)
    cli.ok("add", "herz", "-p", "Carl", "--spitzen", "2", "--ohne", "-a", "58")
    cli.ok("edit", "1", "--spitzen", "3")
    shown = cli.json("show", "1", "--format", "json")
    assert shown["payouts"] == _pts(carl=-80)
    cli.ok("edit", "1", "grand", "-p", "Carl", "--spitzen", "1", "--hand", "--ouvert", "--won")
    assert cli.json("show", "1", "--format", "json")["payouts"] == _pts(carl=24 * 8)


def test_club_settings_bock_kontra_and_ramsch_typed(cli):
    cli.ok(
        "session",
        "new",
        "--rules",
        "skat",
        *THREE,
        "--set",
        "kontra=true",
        "--set",
        "bock=true",
        "--set",
        "ramsch=true",
    )
    cli.ok("add", "grand", "-p", "Anna", "--spitzen", "1", "-a", "60")  # 60:60: lost, and a Bock round of 3 hands
    out = cli.ok("add", "kreuz", "-p", "Berta", "--spitzen", "1", "-a", "75", "--kontra")
    assert "Kreuz mit 1: 12 × 2 = 24, Kontra ×2 = 48, Bock ×2 = 96" in out
    cli.ok("add", "ramsch", "--augen", "Anna=50", "--augen", "Berta=40", "--augen", "Carl=30")
    assert cli.json("show", "3", "--format", "json")["payouts"] == _pts(anna=-100)
    assert "no Bock" in cli.ok("add", "eingepasst")


def test_a_chart_of_the_money_draws_everyone_pays_everyone_the_difference(cli, tmp_path):
    cli.ok("session", "new", "--rules", "skat", *THREE, "--tariff", "1")
    for _, hand, _, _ in WORKED[:3]:
        cli.ok("add", *hand.split())
    out = tmp_path / "money.svg"
    cli.ok("chart", "--money", "--output", str(out))
    svg = out.read_text(encoding="utf-8")
    # the last point of each line is the report's money: Anna −0.60, Berta +3.72, Carl −3.12
    for label in ("3.72", "3.12", "0.60"):
        assert label in svg


# -- issue 39 -------------------------------------------------------------------------------------


def test_ramsch_in_a_bock_round_explains_what_it_pays(cli):
    """`show 5` said "Split: Anna −60" while the payout was −120."""
    from tests.helpers.entry import served

    cli.ok("session", "new", "--rules", "skat", *THREE, "--set", "bock=true", "--set", "ramsch=true")
    cli.ok("add", "kreuz", "-p", "Anna", "--spitzen", "1", "-a", "75")
    cli.ok("add", "kreuz", "-p", "Berta", "--spitzen", "1", "-a", "75")
    cli.ok("add", "kreuz", "-p", "Carl", "--spitzen", "1", "-a", "75")
    cli.ok("add", "grand", "-p", "Anna", "--spitzen", "1", "-a", "60")  # 60:60: a Bock round of 3 hands
    cli.ok("add", "ramsch", "--augen", "Anna=60", "--augen", "Berta=40", "--augen", "Carl=20")
    shown = cli.json("show", "5", "--format", "json")
    assert shown["payouts"] == _pts(anna=-120)
    assert shown["split"] == "Anna −120"
    out = cli.ok("show", "5")
    assert "Split: Anna −120" in out and "Bock ×2 = 120" in out and "−60" not in out.split("Split:")[1]
    c, __, ___ = served(cli.url, entry=False)
    with c:
        page = c.get("/").text
    assert "Split: Anna −120" in page and "Split: Anna −60" not in page


def test_help_speaks_of_the_game_asked_about(cli):
    cli.ok("session", "new", "--rules", "skat", *THREE, "--set", "ramsch=true")
    grand = cli.ok("add", "grand", "--help")
    assert "Tout" not in grand and "Bettel" not in grand and ", Du" not in grand
    assert "--schwarz-angesagt or --ouvert" in grand and "0–22" in grand and "--sits-out" not in grand
    assert "no trick (--won)" in cli.ok("add", "null", "--help")
    ramsch = cli.ok("add", "ramsch", "--help")
    for option in ("--augen", "--jungfrau", "--durchmarsch"):
        assert option in ramsch
    # Also where the table plays no Ramsch, and without a table.
    cli.ok("session", "new", "--rules", "skat", *THREE)
    assert "--durchmarsch" in cli.ok("add", "ramsch", "--help")
    assert "--jungfrau" in cli.ok("rules", "show", "skat", "ramsch")


def test_mit_and_ohne_together_are_refused_in_play(cli, monkeypatch):
    cli.ok("session", "new", "--rules", "skat", *THREE)
    # K13 and K14 as players type them, then a line with mit and ohne at once.
    ran = _play(
        cli, monkeypatch, "pik -p an m1 h -a 75 --reizwert 72\nkr -p be o1 -a 15 --schwarz\ngr -p an m1 o1 -a 75\n"
    )
    assert ran.code == 2
    assert ran.err.strip() == (
        "line 3: --spitzen is given 2 times (mit 1, ohne 1); a game is mit or ohne one number: give the Spitzen once."
    )
    assert [h["payouts"] for h in cli.json("list", "--format", "json")["hands"]] == [_pts(anna=-154), _pts(berta=-96)]


def test_sits_out_is_refused_at_a_table_of_four(cli):
    cli.ok("session", "new", "--rules", "skat", *FOUR)
    ran = cli("add", "kreuz", "-p", "Berta", "--spitzen", "1", "-a", "75", "--sits-out", "Anna")
    assert ran.code == 2
    assert ran.err.strip() == (
        "schreiber: --sits-out: at a Skat table of 4 the dealer sits out every hand; "
        "name the dealer with --dealer instead."
    )
    assert cli.json("list", "--format", "json")["hands"] == []
    cli.ok("add", "kreuz", "-p", "Berta", "--spitzen", "1", "-a", "75", "--dealer", "Carl")
    assert cli.json("list", "--format", "json")["hands"][0]["sitting_out"] == ["Carl"]


def test_stats_of_skat_say_what_a_skat_player_counts(cli, monkeypatch):
    cli.ok("session", "new", "--rules", "skat", *THREE, "--set", "kontra=true")
    evening = EVENING_OF_THREE + "kr -p ca m1 -a 50 --reizwert 30\n"  # lost on its Augen: no overbid
    assert _play(cli, monkeypatch, evening).code == 0
    (group,) = cli.json("stats", "--format", "json")["groups"]
    carl = next(p for p in group["players"] if p["name"] == "Carl")
    assert carl["overbid"] == 1 and carl["as_player"] == {"played": 3, "won": 0}
    assert "as_partner" in carl and "as_opponent" in carl  # the JSON keeps its keys
    out = cli.ok("stats")
    first_table = out.split("\n\n")[0]
    assert "partner" not in first_table and "opponent" not in first_table
    assert "declared" in first_table and "overbid" in out
