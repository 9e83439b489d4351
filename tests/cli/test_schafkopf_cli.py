"""RULES.md §1 and §1b worked examples typed as a user types them, on both databases."""

from __future__ import annotations

import pytest

TABLE = ["--players", "Anna", "Berta", "Carl", "Dora"]

SCHAFKOPF = [
    ("S1", "rufspiel --player Berta --partner Dora --augen 72", {"Berta": 1, "Dora": 1, "Anna": -1, "Carl": -1}),
    (
        "S2",
        "rufspiel --player Berta --partner Dora --augen 95 --laufende 3",
        {"Berta": 5, "Dora": 5, "Anna": -5, "Carl": -5},
    ),
    (
        "S3",
        "wenz --player Carl --augen 65 --laufende 2 --klopfen Anna",
        {"Carl": 15, "Anna": -5, "Berta": -5, "Dora": -5},
    ),
    ("S4", "farbsolo --player Dora --augen 50 --kontra", {"Dora": -12, "Anna": 4, "Berta": 4, "Carl": 4}),
    (
        "S5",
        "rufspiel --player Anna --partner Carl --augen 20 --laufende 0 --kontra --re",
        {"Anna": -8, "Carl": -8, "Berta": 8, "Dora": 8},
    ),
    ("S6", "rufspiel --player Anna --partner Berta --augen 60", {"Anna": -1, "Berta": -1, "Carl": 1, "Dora": 1}),
    (
        "S7",
        "ramsch --augen Anna=40 --augen Berta=35 --augen Carl=25 --augen Dora=20",
        {"Anna": -6, "Berta": 2, "Carl": 2, "Dora": 2},
    ),
    (
        "S8",
        "ramsch --augen Anna=50 --augen Berta=40 --augen Carl=30 --augen Dora=0 --jungfrau Dora",
        {"Anna": -8, "Berta": 2, "Carl": 2, "Dora": 4},
    ),
    ("S9", "sie --player Carl --laufende 8", {"Carl": 120, "Anna": -40, "Berta": -40, "Dora": -40}),
    ("S10", "wenz-tout --player Anna --lost --laufende 0", {"Anna": -12, "Berta": 4, "Carl": 4, "Dora": 4}),
]

TARIF = [
    ("T1", "rufspiel --player Berta --partner Dora --augen 61", {"Berta": 20, "Dora": 20, "Anna": -20, "Carl": -20}),
    (
        "T2",
        "rufspiel --player Berta --partner Dora --augen 91 --laufende 3",
        {"Berta": 60, "Dora": 60, "Anna": -60, "Carl": -60},
    ),
    ("T3", "rufspiel --player Berta --partner Dora --augen 90", {"Berta": 20, "Dora": 20, "Anna": -20, "Carl": -20}),
    ("T4", "farbsolo --player Anna --augen 30 --laufende 2", {"Anna": -180, "Berta": 60, "Carl": 60, "Dora": 60}),
    (
        "T5",
        "wenz --player Carl --augen 73 --laufende 2 --klopfen Anna",
        {"Carl": 420, "Anna": -140, "Berta": -140, "Dora": -140},
    ),
    ("T6", "geier-tout --player Dora --won --laufende 0", {"Dora": 300, "Anna": -100, "Berta": -100, "Carl": -100}),
]


@pytest.mark.parametrize(
    "rules, example, hand, payout",
    [("schafkopf", *r) for r in SCHAFKOPF] + [("schafkopf-tarif", *r) for r in TARIF],
    ids=lambda v: v if isinstance(v, str) and v[:1] in "ST" and len(v) < 4 else None,
)
def test_worked_example(cli, rules, example, hand, payout):
    cli.ok("session", "new", "--rules", rules, *TABLE)
    cli.ok("add", *hand.split())
    shown = cli.json("show", "1", "--format", "json")
    assert shown["payouts"] == payout
    assert shown["number"] == 1 and shown["type"] == hand.split()[0]


def test_s5_and_s6_create_a_bock_round(cli):
    cli.ok("session", "new", "--rules", "schafkopf", *TABLE)
    assert "Bock ×2: 4 hands left" in cli.ok("add", *SCHAFKOPF[4][1].split())
    cli.ok("session", "new", "--rules", "schafkopf", *TABLE)
    assert "Bock ×2: 4 hands left" in cli.ok("add", *SCHAFKOPF[5][1].split())


def test_s11_bock_sequence(cli):
    cli.ok("session", "new", "--rules", "schafkopf", *TABLE)
    steps = [
        (
            "rufspiel --player Anna --partner Carl --augen 70 --kontra --re",
            {"Anna": 4, "Carl": 4, "Berta": -4, "Dora": -4},
            "Bock ×2: 4 hands left",
            "Berta",
        ),
        (
            "rufspiel --player Berta --partner Dora --augen 61",
            {"Berta": 2, "Dora": 2, "Anna": -2, "Carl": -2},
            "Bock ×2: 3 hands left",
            "Carl",
        ),
        (
            "wenz --player Anna --augen 80 --laufende 0",
            {"Anna": 12, "Berta": -4, "Carl": -4, "Dora": -4},
            "Bock ×2: 3 hands left",
            "Carl",
        ),
        (
            "rufspiel --player Anna --partner Berta --augen 60 --kontra --re",
            {"Anna": -8, "Berta": -8, "Carl": 8, "Dora": 8},
            "Bock ×2: 2 hands left, then ×4: 4 hands",
            "Dora",
        ),
    ]
    for number, (hand, payout, queue, dealer) in enumerate(steps, start=1):
        out = cli.ok("add", *hand.split())
        assert queue in out
        assert f"Next dealer: {dealer}" in out
        assert cli.json("show", str(number), "--format", "json")["payouts"] == payout


def test_edit_removing_re_removes_its_bock(cli):
    cli.ok("session", "new", "--rules", "schafkopf", *TABLE)
    cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "70", "--kontra", "--re")
    cli.ok("add", "rufspiel", "--player", "Berta", "--partner", "Dora", "--augen", "61")
    assert cli.json("show", "2", "--format", "json")["payouts"]["Berta"] == 2
    out = cli.ok("edit", "1", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "70", "--kontra")
    assert "no Bock" in out or "Bock" not in out.split("Next dealer")[1]
    assert cli.json("show", "2", "--format", "json")["payouts"]["Berta"] == 1
    assert cli.json("show", "1", "--format", "json")["payouts"]["Anna"] == 2


def test_five_players_the_dealer_sits_out_with_zero(cli):
    cli.ok("session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", "Dora", "Emil")
    cli.ok("add", "rufspiel", "--player", "Berta", "--partner", "Dora", "--augen", "72")
    shown = cli.json("show", "1", "--format", "json")
    assert shown["payouts"] == {"Anna": 0, "Berta": 1, "Carl": -1, "Dora": 1, "Emil": -1}
    ran = cli("add", "rufspiel", "--player", "Berta", "--partner", "Dora", "--augen", "72")
    assert ran.code == 2 and "Berta" in ran.err  # Berta deals the second hand and sits out


@pytest.mark.parametrize(
    "hand, option",
    [
        ("rufspiel --player Berta --partner Dora --augen 121", "--augen"),
        ("rufspiel --player Berta --partner Berta --augen 70", "--partner"),
        ("rufspiel --player Berta --partner Xaver --augen 70", "--partner"),
        ("rufspiel --player Berta --partner Dora --augen 70 --re", "--re"),
        ("rufspiel --player Berta --partner Dora --augen 70 --schwarz", "--schwarz"),
        ("ramsch --augen Anna=40 --augen Berta=40 --augen Carl=30 --augen Dora=0", "--augen"),
        ("rufspiel --player Berta --partner Dora --augen 70 --laufende 15", "--laufende"),
        ("bettel --player Berta --won --laufende 3", "--laufende"),
        ("rufspiel --player Berta --partner Dora --augen 70 --klopfen Anna --klopfen anna", "--klopfen"),
    ],
)
def test_refusals_name_the_option_and_change_nothing(cli, hand, option):
    cli.ok("session", "new", "--rules", "schafkopf", *TABLE)
    ran = cli("add", *hand.split())
    assert ran.code == 2
    assert option in ran.err and "Traceback" not in ran.err
    assert cli.json("report", "--format", "json")["hands"] == 0


def test_report_in_euros_and_who_pays_whom(cli):
    cli.ok("session", "new", "--rules", "schafkopf", *TABLE, "--tariff", "10")
    cli.ok("add", "wenz", "--player", "Carl", "--augen", "65", "--laufende", "2", "--klopfen", "Anna")
    out = cli.ok("report")
    assert "€1.50" in out and "−€0.50" in out
    assert "Anna pays Carl €0.50" in out
    data = cli.json("report", "--format", "json")
    assert {p["name"]: p["cents"] for p in data["players"]} == {"Carl": 150, "Anna": -50, "Berta": -50, "Dora": -50}
    assert data["players"][0] == {"name": "Carl", "points": 15, "hands": 1, "won": 1, "solos": 1, "cents": 150}
