"""Categories and the prize designer through the commands (TEAMS.md §10.2 and its CLI part): worked example P2 on
SQLite and PostgreSQL in the variants it gives, the category rankings of tournament and season, the freeze after
the first prize paid, and bad input — one sentence, exit 2, nothing stored."""

from __future__ import annotations

import csv
import io

import pytest

from tests.helpers.pdf import pdf_text
from tests.helpers.prizes import BROTZEIT, KORB, P2, P2_CASES, play_p2

NUMBER = {name: number for number, (name, _score) in P2.items()}


def _prizes(got: dict) -> dict[str, list[tuple]]:
    return {
        p["name"]: [(x["list"], x["place"], x["cents"], x.get("sach")) for x in p["prizes"]]
        for p in got["players"]
        if p["prizes"]
    }


CASES = P2_CASES


@pytest.mark.parametrize("case", sorted(CASES))
def test_worked_example_p2(cli, case):
    seed, more, expected, kasse = CASES[case]
    play_p2(cli, *more, seed=seed)
    standings = cli.json("tournament", "standings", "--format", "json")
    assert {p["name"]: p["score"] for p in standings["players"]} == {name: score for name, score in P2.values()}
    got = cli.json("tournament", "cash", "--format", "json")
    assert got["pot"] == 30000
    assert _prizes(got) == expected
    assert got["kasse"] == kasse


def test_p2_cashbook_json_csv_table_and_payout_pdf(cli, tmp_path):
    play_p2(cli)
    got = cli.json("tournament", "cash", "--format", "json")
    assert got["kasse_parts"] == {
        "preise": 18000,
        "kategorien_startgeld": 2500,
        "kategorien_preise": 6000,
        "sonderpreise": 500,
        "plus_preis": 0,
        "sachpreise": 7300,
    }
    assert got["kategorien"] == [{"name": "damen", "startgeld": 500, "paid": 2500, "prizes": 6000}]
    assert got["doppelpreis"] is False and got["sachpreise_bezahlt"] == "kasse"
    by_name = {p["name"]: p for p in got["players"]}
    dora = by_name["Dora"]
    assert dora["rank"] == 3 and dora["kategorien"] == ["damen"] and dora["prize"] == 0
    assert dora["prizes"] == [
        {"list": "preise", "place": 3, "cents": 0, "sach": KORB, "value": 4000, "handed": False, "by_lot": True}
    ]
    assert by_name["Ida"]["prize"] == 3000 and by_name["Ida"]["balance"] == 3000
    assert by_name["Sepp"]["prizes"][0]["place"] == "vorletzter" and by_name["Sepp"]["kategorien"] == []
    rows = list(csv.DictReader(io.StringIO(cli.ok("tournament", "cash", "--format", "csv"))))
    assert [(r["list"], r["sach"]) for r in rows if r["name"] == "Karl"] == [("preise", BROTZEIT)]
    table = cli.ok("tournament", "cash")
    assert "Kasse €7.00 = pot €300.00" in table and "Dora (4): preise 3.: Geschenkkorb (worth €40.00) (by lot)" in table
    pdf = tmp_path / "auszahlung.pdf"
    cli.ok("tournament", "cash", "--output", str(pdf))
    words = pdf_text(pdf)
    assert "Geschenkkorb" in words and "Pressack" in words


def test_category_standings_json_csv_and_table(cli):
    play_p2(cli)
    got = cli.json("tournament", "standings", "--kategorie", "damen", "--format", "json")
    assert got["kategorie"] == "damen"
    assert [(p["name"], p["rank"], p["overall"]) for p in got["players"]] == [
        ("Berta", 1, 2),
        ("Dora", 2, 3),
        ("Ida", 3, 6),
        ("Lena", 4, 12),
        ("Hanna", 5, 14),
    ]
    rows = list(
        csv.DictReader(io.StringIO(cli.ok("tournament", "standings", "--kategorie", "damen", "--format", "csv")))
    )
    assert [(r["name"], r["rank"], r["overall"]) for r in rows][:2] == [("Berta", "1", "2"), ("Dora", "2", "3")]
    assert "category damen" in cli.ok("tournament", "standings", "--kategorie", "Damen")


def test_the_first_prize_paid_freezes_the_prizes(cli):
    play_p2(cli)
    cli.ok("tournament", "pay", "Georg", "--prize")
    ran = cli("tournament", "kategorie", "Christl", "")
    assert ran.code == 2 and "paid out already" in ran.err
    ran = cli("tournament", "set", "doppelpreis=ja")
    assert ran.code == 2 and "paid out already" in ran.err
    ran = cli("tournament", "pay", "Rosa", "--kategorie", "damen")
    assert ran.code == 2
    cli.ok("tournament", "set", "doppelpreis=ja", "--force")
    assert cli.json("tournament", "cash", "--format", "json")["doppelpreis"] is True
    said = cli.ok("tournament", "pay", "Dora", "--prize")
    assert "Geschenkkorb" in said


def test_registration_keeps_its_categories(cli):
    cli.ok("tournament", "new", "K", "--rules", "schafkopf", "--rounds", "1", "--set", "kategorien=damen,senioren")
    cli.ok("tournament", "register", "Berta", "--kategorie", "Damen,senioren")
    cli.ok("player", "set", "Berta", "--kategorie", "")
    got = cli.json("tournament", "cash", "--format", "json")
    assert got["players"][0]["kategorien"] == ["damen", "senioren"]
    cli.ok("tournament", "kategorie", "Berta", "senioren")
    assert cli.json("tournament", "cash", "--format", "json")["players"][0]["kategorien"] == ["senioren"]
    assert cli.json("tournament", "show", "--format", "json")["players"][0]["kategorien"] == ["senioren"]
    assert "Berta [senioren]" in cli.ok("tournament", "show")


def test_season_category_standings(cli):
    cli.ok("season", "new", "Cup", "--rules", "schafkopf", "--set", "kategorien=damen")
    cli.ok("season", "register", "Anna", "Berta", "--kategorie", "damen")
    cli.ok("season", "register", "Carl", "Dora")
    cli.ok("season", "kategorie", "Berta", "")
    cli.ok("tournament", "new", "T1", "--rules", "schafkopf", "--rounds", "1")
    cli.ok("season", "add", "1")
    cli.ok("tournament", "register", "Anna", "Berta", "Carl", "Dora")
    cli.ok("tournament", "draw")
    seated = cli.json("tournament", "tables", "--format", "json")["tables"][0]["players"]
    points = {"Carl": 30, "Anna": 10, "Berta": -15, "Dora": -25}
    cli.ok("tournament", "result", "1", "1", *[f"{p}={points[p]}" for p in seated])
    got = cli.json("season", "standings", "--kategorie", "damen", "--format", "json")
    assert got["kategorie"] == "damen"
    assert [(p["name"], p["rank"], p["overall"]) for p in got["players"]] == [("Anna", 1, 2)]
    assert "overall" in cli.ok("season", "standings", "--kategorie", "damen", "--format", "csv").splitlines()[0]


BAD = [
    (("tournament", "set", "herren.preise=3000"), "herren is neither a category of kategorien="),
    (("tournament", "set", "preise=10000,sach:Korb"), "give goods as sach:NAME:CENTS"),
    (("tournament", "set", "preise=10000,sach::4000"), "give goods as sach:NAME:CENTS"),
    (("tournament", "set", "preise=60%,50%"), "more than 100%"),
    (("tournament", "set", "damen.preise=50%,30%"), "no percentages"),
    (("tournament", "set", "sonderpreise=vorvorletzter:500"), "a special prize's place is"),
    (("tournament", "set", "preise_je_tisch=1.5"), "preise stays off"),
    (("tournament", "set", "kategorien=preise"), "cannot be a category"),
    (("tournament", "set", "kategorien=da men"), "a category is a word"),
    (("tournament", "pay", "Anton", "--kategorie", "damen"), "tournament kategorie"),
    (("tournament", "pay", "Berta", "--kategorie", "jugend"), "jugend.startgeld"),
]


@pytest.mark.parametrize("words, said", BAD, ids=[" ".join(w[1:3]) for w, _s in BAD])
def test_bad_input_is_one_sentence_exit_2_nothing_stored(cli, words, said):
    cli.ok("tournament", "new", "K", "--rules", "schafkopf", "--rounds", "1")
    cli.ok("tournament", "set", "kategorien=damen,jugend", "damen.startgeld=500", "preise=10000,5000")
    cli.ok("tournament", "register", "Anton")
    cli.ok("tournament", "register", "Berta", "--kategorie", "damen,jugend")
    before = cli.ok("tournament", "show", "--format", "json"), cli.ok("tournament", "cash", "--format", "json")
    ran = cli(*words)
    assert ran.code == 2, ran
    sentence = ran.err.strip().splitlines()[-1]
    assert said in sentence and "Traceback" not in ran.err and len(ran.err.strip().splitlines()) == 1
    assert (
        cli.ok("tournament", "show", "--format", "json"),
        cli.ok("tournament", "cash", "--format", "json"),
    ) == before


def test_a_category_is_never_named_like_a_team_competition_and_new_takes_the_settings(cli):
    cli.ok(
        "tournament", "new", "K", "--rules", "schafkopf", "--rounds", "1",
        "--set", "teams=mannschaft:4", "--set", "kategorien=damen", "--set", "damen.preise=3000,sach:Blumen:1500",
    )  # fmt: skip
    ran = cli("tournament", "set", "kategorien=mannschaft")
    assert ran.code == 2 and "mannschaft is a team competition of teams=" in ran.err
    ran = cli("tournament", "register", "Anna", "--kategorie", "mannschaft")
    assert ran.code == 2 and "cannot be a category" in ran.err
    ran = cli("tournament", "register", "Anna", "--kategorie", "da_men")
    assert ran.code == 2 and "a category is a word" in ran.err
    assert cli.json("tournament", "cash", "--format", "json")["players"] == []
    cli.ok("tournament", "register", "Anna", "--kategorie", "damen")
    ran = cli("player", "set", "Anna", "--kategorie", "preise")
    assert ran.code == 2 and "cannot be a category" in ran.err
    ran = cli("tournament", "standings", "--kategorie", "jugend")
    assert ran.code == 2 and "jugend is not a category of K" in ran.err


def test_goods_handed_over_fix_the_prizes_and_are_named(cli):
    play_p2(cli)
    said = cli.ok("tournament", "pay", "Sepp", "--prize")
    assert "Sepp (19) has been handed Pressack (worth €8.00)." in said
    ran = cli("tournament", "kategorie", "Ida", "")
    assert ran.code == 2 and "Sepp (19) goods" in ran.err
    assert cli.json("tournament", "cash", "--format", "json")["prizes_fixed"] is not None
    said = cli.ok("tournament", "pay", "Sepp", "--prize", "--undo")
    assert "are taken back: Pressack" in said
    assert cli.json("tournament", "cash", "--format", "json")["prizes_fixed"] is None
    cli.ok("tournament", "kategorie", "Ida", "")
    damen = cli.json("tournament", "standings", "--kategorie", "damen", "--format", "json")["players"]
    assert [p["name"] for p in damen] == ["Berta", "Dora", "Lena", "Hanna"]
