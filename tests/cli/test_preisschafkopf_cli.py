"""RULES.md §5 (`preisschafkopf`) typed as a user types it, on both databases."""

from __future__ import annotations

import pytest

FOUR = ["--players", "Anna", "Berta", "Carl", "Dora"]
FIVE = [*FOUR, "Emil"]


def _none(**won: int) -> dict[str, int]:
    """The payouts of a four-player hand: 0 for everyone not named (only winners are written)."""
    return {"Anna": 0, "Berta": 0, "Carl": 0, "Dora": 0, **won}


WORKED = [
    ("P2", "rufspiel --player Berta --partner Dora --augen 95 --laufende 3", _none(Berta=25, Dora=25)),
    ("P3", "rufspiel -p Anna -m Carl -a 60 -l 2", _none(Berta=15, Dora=15)),
    ("P8", "farbsolo --player Dora --farbe herz --augen 50", _none(Anna=25, Berta=25, Carl=25)),
    ("P11", "wenz-tout --player Anna --won --laufende 4", _none(Anna=80)),
    ("P13", "kreuz --player anna --augen 70", _none(Anna=5, Carl=5)),
    ("P14", "kreuz --player Berta --augen 60", _none()),
]


@pytest.mark.parametrize("example, hand, payout", WORKED, ids=[w[0] for w in WORKED])
def test_worked_example(cli, example, hand, payout):
    cli.ok("session", "new", "--rules", "preisschafkopf", *FOUR)
    cli.ok("add", *hand.split())
    shown = cli.json("show", "1", "--format", "json")
    assert shown["payouts"] == payout


@pytest.mark.parametrize(
    "hand, sentence",
    [
        (
            "rufspiel --player Anna --partner Carl --augen 70 --kontra",
            "--kontra: preisschafkopf is played without Kontra.",
        ),
        ("wenz --player Anna --augen 70 --klopfen Berta", "--klopfen: preisschafkopf is played without Klopfen."),
        (
            "ramsch --augen Anna=30 --augen Berta=30 --augen Carl=30 --augen Dora=30",
            "preisschafkopf is played without Ramsch; the types are rufspiel, kreuz, farbsolo, wenz, geier, bettel, "
            "farbsolo-tout, wenz-tout, geier-tout.",
        ),
        (
            "sie --player Anna",
            "preisschafkopf is played without Sie; the types are rufspiel, kreuz, farbsolo, wenz, "
            "geier, bettel, farbsolo-tout, wenz-tout, geier-tout.",
        ),
    ],
)
def test_refusals_are_one_sentence_and_change_nothing(cli, hand, sentence):
    cli.ok("session", "new", "--rules", "preisschafkopf", *FOUR)
    cli.ok("add", "wenz", "--player", "Carl", "--augen", "65")
    before = cli.json("list", "--format", "json")
    ran = cli("add", *hand.split())
    assert ran.code == 2
    assert ran.err.strip() == f"schreiber: {sentence}"
    assert "Traceback" not in ran.err
    assert cli.json("list", "--format", "json") == before


def test_a_table_of_five_passes_the_deal_every_hand_and_the_dealer_sits_out(cli):
    cli.ok("session", "new", "--rules", "preisschafkopf", *FIVE)
    for hand in ("wenz --player Carl --augen 65", "bettel --player Dora --won", "kreuz --player Dora --augen 70"):
        cli.ok("add", *hand.split())
    hands = cli.json("list", "--format", "json")["hands"]
    assert [h["dealer"] for h in hands] == ["Anna", "Berta", "Carl"]
    assert [h["sitting_out"] for h in hands] == [["Anna"], ["Berta"], ["Carl"]]
    # Hand 3: Anna, Berta, Dora, Emil play; Dora's partner over Kreuz is Anna (two seats on).
    assert hands[2]["payouts"] == {"Anna": 5, "Berta": 0, "Carl": 0, "Dora": 5, "Emil": 0}
    totals = cli.json("report", "--format", "json")
    assert all(p["points"] >= 0 for p in totals["players"])


def test_rules_show_explains_it_and_its_statistics_work(cli):
    shown = cli.ok("rules", "show", "preisschafkopf")
    assert "only the winners are written" in " ".join(shown.split())
    for word in ("kreuz", "herz_solo", "laufende_max", "bettel"):
        assert word in shown
    cli.ok("session", "new", "--rules", "preisschafkopf", *FOUR)
    for hand in (
        "wenz --player Carl --augen 65 --laufende 2",
        "wenz-tout --player Carl --lost",
        "kreuz --player Anna --augen 70",
        "rufspiel --player Anna --partner Berta --augen 70",
    ):
        cli.ok("add", *hand.split())
    g = cli.json("stats", "--format", "json")["groups"][0]
    assert g["rules"] == "preisschafkopf" and g["hands"] == 4
    carl = next(p for p in g["players"] if p["name"] == "Carl")
    assert carl["solos"] == {"played": 2, "won": 1} and carl["tout"] == {"played": 1, "won": 0}
    assert carl["laufende"] == 2
    # Kreuz has no declarer: it is counted for each player at the table.
    assert all(p["by_type"]["kreuz"]["played"] == 1 for p in g["players"])
    assert [x["players"] for x in g["partnerships"]] == [["Anna", "Berta"]]
    table = cli.ok("stats")
    assert "Preisschafkopf:" in table and "laufende" in table


def test_the_split_reads_in_german(cli, db_url):
    import os
    import subprocess

    from tests.helpers.terminal import SCHREIBER

    cli.ok("session", "new", "--rules", "preisschafkopf", *FOUR)
    env = {**os.environ, "SCHREIBER_LANG": "de", "SCHREIBER_DB": db_url}

    def german(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([SCHREIBER, *args], env=env, capture_output=True, text=True, timeout=60)

    out = german("add", "bettel", "--player", "Berta", "--lost")
    assert out.returncode == 0 and "Anna, Carl und Dora je +20; die anderen 0" in out.stdout
    ran = german("add", "wenz", "--player", "Anna", "--augen", "70", "--kontra")
    assert (
        ran.returncode == 2 and ran.stderr.strip() == "schreiber: --kontra: preisschafkopf wird ohne Kontra gespielt."
    )


def test_completion_offers_its_types_suits_and_options(cli, db_url):
    from tests.helpers.terminal import completions

    cli.ok("session", "new", "--rules", "preisschafkopf", *FOUR)
    assert completions(db_url, "schreiber add ") == [
        "rufspiel",
        "kreuz",
        "farbsolo",
        "wenz",
        "geier",
        "bettel",
        "farbsolo-tout",
        "wenz-tout",
        "geier-tout",
    ]
    assert completions(db_url, "schreiber add farbsolo --farbe ") == ["eichel", "gras", "herz", "schellen"]
    assert completions(db_url, "schreiber add rufspiel --sau ") == ["eichel", "gras", "schellen"]
    kreuz = completions(db_url, "schreiber add kreuz --")
    assert "--augen" in kreuz and "--schwarz" in kreuz
    assert "--partner" not in kreuz and "--kontra" not in kreuz and "--klopfen" not in kreuz
