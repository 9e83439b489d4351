"""RULES.md §2 (Buchstaben-Schafkopf) typed as a user types it, on both databases."""

from __future__ import annotations

import pytest

FOUR = ["--players", "Anna", "Berta", "Carl", "Dora"]
THREE = ["--players", "Anna", "Berta", "Carl"]
TWO = ["--players", "Anna", "Berta"]

TYPES_AT = {
    4: "rufspiel, solo, du, bettel, zusammengeworfen, vergeben, jeder-gegen-jeden",
    3: "spiel, du, bettel, zusammengeworfen, vergeben, jeder-gegen-jeden",
    2: "solo, jeder-gegen-jeden",
}


def _none(**won: int) -> dict[str, int]:
    """The payouts of a four-player hand: 0 for everyone not named (losers never score)."""
    return {"Anna": 0, "Berta": 0, "Carl": 0, "Dora": 0, **won}


# (example, hands typed one after the other, payout of the last hand)
WORKED = [
    (
        "B1",
        ["zusammengeworfen", "rufspiel --player Anna --partner Carl --augen 36 --laufende 3"],
        _none(Anna=7, Carl=7),
    ),
    ("B2", ["rufspiel --player Anna --partner Carl --augen 24"], _none(Berta=1, Dora=1)),
    ("B3", ["solo --player Berta --augen 48 --schwarz --laufende 4"], _none(Berta=7)),
    ("B4", ["solo --player Berta --augen 20 --spritze"], _none(Anna=4, Carl=4, Dora=4)),
    ("B5", ["du --player Dora --won --laufende 5"], _none(Dora=9)),
]


@pytest.mark.parametrize("example, hands, payout", WORKED, ids=[w[0] for w in WORKED])
def test_worked_example(cli, example, hands, payout):
    cli.ok("session", "new", "--rules", "buchstaben", *FOUR)
    for hand in hands:
        cli.ok("add", *hand.split())
    shown = cli.json("show", str(len(hands)), "--format", "json")
    assert shown["payouts"] == payout
    assert shown["type"] == hands[-1].split()[0]


def test_b1_formula_reads_as_the_rules_text(cli):
    cli.ok("session", "new", "--rules", "buchstaben", *FOUR)
    cli.ok("add", "zusammengeworfen")
    out = cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "36", "--laufende", "3")
    formula = "Rufspiel 1 + Schneider 1 = 2, Doppelt ×2 = 4, + 3 Laufende = 7"
    assert formula in out
    assert formula in cli.ok("show", "2")
    shown = cli.json("show", "2", "--format", "json")
    assert shown["formula"] == formula
    assert shown["value"] == 7
    assert [(t["label"], t["op"], t["amount"]) for t in shown["breakdown"]] == [
        ("Rufspiel", "+", 1),
        ("Schneider", "+", 1),
        ("Doppelt", "×", 2),
        ("Laufende", "+", 3),
    ]


# -- table sizes ---------------------------------------------------------------------------------

THREE_PLAYERS = [
    ("spiel won, opponents Schneider", "spiel --player Anna --augen 36", {"Anna": 2, "Berta": 0, "Carl": 0}),
    ("spiel lost at 24:24", "spiel --player Anna --augen 24", {"Anna": 0, "Berta": 1, "Carl": 1}),
    ("spiel lost Schneider", "spiel --player Anna --augen 10", {"Anna": 0, "Berta": 2, "Carl": 2}),
    ("du won with Laufende", "du --player Carl --won --laufende 3", {"Anna": 0, "Berta": 0, "Carl": 7}),
    ("bettel lost", "bettel --player Berta --lost", {"Anna": 2, "Berta": 0, "Carl": 2}),
    (
        "jeder gegen jeden, tie broken by tricks",
        "jeder-gegen-jeden --augen Anna=20 --augen Berta=20 --augen Carl=8 --stiche Anna=3 --stiche Berta=4 --stiche Carl=1",
        {"Anna": 0, "Berta": 1, "Carl": 0},
    ),
]


@pytest.mark.parametrize("case, hand, payout", THREE_PLAYERS, ids=[c[0] for c in THREE_PLAYERS])
def test_three_players_types_that_fit(cli, case, hand, payout):
    cli.ok("session", "new", "--rules", "buchstaben", *THREE)
    cli.ok("add", *hand.split())
    assert cli.json("show", "1", "--format", "json")["payouts"] == payout


def test_three_players_a_throw_in_does_not_double(cli):
    cli.ok("session", "new", "--rules", "buchstaben", *THREE)
    out = cli.ok("add", "zusammengeworfen")
    assert "Doppelt" not in out.split("Next dealer")[1]
    out = cli.ok("add", "spiel", "--player", "Anna", "--augen", "36")
    assert "Doppelt" not in out
    assert cli.json("show", "2", "--format", "json")["payouts"] == {"Anna": 2, "Berta": 0, "Carl": 0}


TWO_PLAYERS = [
    ("solo won", "solo --player Anna --augen 30", {"Anna": 2, "Berta": 0}),
    ("solo lost, no Schneider in a solo", "solo --player Berta --augen 12", {"Anna": 2, "Berta": 0}),
    ("jeder gegen jeden tied: both win", "jeder-gegen-jeden --augen Anna=24 --augen Berta=24", {"Anna": 1, "Berta": 1}),
]


@pytest.mark.parametrize("case, hand, payout", TWO_PLAYERS, ids=[c[0] for c in TWO_PLAYERS])
def test_two_players_types_that_fit(cli, case, hand, payout):
    cli.ok("session", "new", "--rules", "buchstaben", *TWO)
    cli.ok("add", *hand.split())
    assert cli.json("show", "1", "--format", "json")["payouts"] == payout


REFUSED_TYPES = [
    (THREE, "rufspiel --player Anna --partner Carl --augen 36", 3),
    (THREE, "solo --player Anna --augen 36", 3),
    (TWO, "rufspiel --player Anna --partner Berta --augen 36", 2),
    (TWO, "spiel --player Anna --augen 36", 2),
    (TWO, "du --player Anna --won", 2),
    (TWO, "bettel --player Anna --won", 2),
    (TWO, "zusammengeworfen", 2),
    (TWO, "vergeben", 2),
    (FOUR, "spiel --player Anna --augen 36", 4),
]


@pytest.mark.parametrize("players, hand, size", REFUSED_TYPES, ids=[f"{r[2]}-{r[1].split()[0]}" for r in REFUSED_TYPES])
def test_a_type_that_does_not_fit_the_table_is_refused_naming_the_types_that_do(cli, players, hand, size):
    cli.ok("session", "new", "--rules", "buchstaben", *players)
    ran = cli("add", *hand.split())
    assert ran.code == 2
    assert ran.err.startswith("schreiber: ") and ran.err.count("\n") == 1 and "Traceback" not in ran.err
    assert hand.split()[0] in ran.err
    assert TYPES_AT[size] in ran.err
    assert cli.json("report", "--format", "json")["hands"] == 0


def test_five_players_are_refused(cli):
    ran = cli("session", "new", "--rules", "buchstaben", *FOUR, "Emil")
    assert ran.code == 2 and "--players" in ran.err and "Traceback" not in ran.err


# -- what the table carries: the pending Doppelt and the misdeal count -------------------------------

CARRY = [
    # hand, payout, lines that must follow it (and, when the dealer has no misdeal in a row, no misdeal line)
    ("zusammengeworfen", _none(), ["Next dealer: Berta", "Doppelt pending: the next played hand counts ×2"]),
    (
        "vergeben",
        _none(),
        ["Next dealer: Berta", "Doppelt pending: the next played hand counts ×2", "misdeals by Berta in a row: 1"],
    ),
    ("zusammengeworfen", _none(), ["Next dealer: Carl", "Doppelt pending: the next played hand counts ×2"]),
    (
        "rufspiel --player Anna --partner Carl --augen 30",
        _none(Anna=2, Carl=2),
        ["Next dealer: Dora", "no Doppelt pending"],
    ),
    (
        "rufspiel --player Anna --partner Carl --augen 30",
        _none(Anna=1, Carl=1),
        ["Next dealer: Anna", "no Doppelt pending"],
    ),
    ("vergeben", _none(), ["Next dealer: Anna", "no Doppelt pending", "misdeals by Anna in a row: 1"]),
    ("solo --player Dora --augen 30", _none(Dora=2), ["Next dealer: Berta", "no Doppelt pending"]),
]


def test_pending_doppelt_and_misdeal_count_after_every_hand(cli):
    """Several throw-ins double only the next played hand, once; a misdeal keeps a pending Doppelt
    and causes none itself."""
    cli.ok("session", "new", "--rules", "buchstaben", *FOUR)
    for number, (hand, payout, lines) in enumerate(CARRY, start=1):
        out = cli.ok("add", *hand.split())
        for line in lines:
            assert line in out, (number, hand, line, out)
        if not any(line.startswith("misdeals") for line in lines):
            assert "misdeals" not in out, (number, hand, out)
        assert cli.json("show", str(number), "--format", "json")["payouts"] == payout, (number, hand)
    status = cli.ok("session", "show")
    assert "no Doppelt pending" in status and "misdeals" not in status


MISDEALS = [
    # hand, its dealer, payout, next dealer
    ("vergeben", "Anna", _none(), "Anna"),
    ("vergeben", "Anna", _none(Berta=1, Carl=1, Dora=1), "Berta"),
    ("vergeben", "Berta", _none(), "Berta"),
    ("solo --player Anna --augen 30", "Berta", _none(Anna=2), "Carl"),
    ("vergeben", "Carl", _none(), "Carl"),
    ("zusammengeworfen", "Carl", _none(), "Dora"),
    ("vergeben", "Dora", _none(), "Dora"),
    ("vergeben", "Dora", _none(Anna=1, Berta=1, Carl=1), "Anna"),
]


def test_misdeal_sequence_second_in_a_row_by_the_same_dealer_pays_the_others(cli):
    cli.ok("session", "new", "--rules", "buchstaben", *FOUR)
    for number, (hand, dealer, payout, after) in enumerate(MISDEALS, start=1):
        out = cli.ok("add", *hand.split())
        assert f"Next dealer: {after}" in out, (number, out)
        shown = cli.json("show", str(number), "--format", "json")
        assert shown["dealer"] == dealer, number
        assert shown["payouts"] == payout, number
    report = cli.json("report", "--format", "json")
    assert {p["name"]: p["points"] for p in report["players"]} == {"Anna": 3, "Berta": 2, "Carl": 2, "Dora": 1}


def test_a_misdeal_does_not_make_the_next_hand_doppelt(cli):
    cli.ok("session", "new", "--rules", "buchstaben", *FOUR)
    cli.ok("add", "vergeben")
    cli.ok("add", "vergeben")
    cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "30")
    assert cli.json("show", "3", "--format", "json")["payouts"] == _none(Anna=1, Carl=1)


def test_three_players_second_misdeal_pays_the_two_others(cli):
    cli.ok("session", "new", "--rules", "buchstaben", *THREE, "--dealer", "Carl")
    assert "misdeals by Carl in a row: 1" in cli.ok("add", "vergeben")
    out = cli.ok("add", "vergeben")
    assert "Next dealer: Anna" in out
    assert cli.json("show", "2", "--format", "json")["payouts"] == {"Anna": 1, "Berta": 1, "Carl": 0}


# -- Spritze ---------------------------------------------------------------------------------------

SPRITZE = [
    ("rufspiel with partner", [], "rufspiel --player Carl --partner Anna --augen 40 --spritze", _none(Anna=4, Carl=4)),
    ("solo won", [], "solo --player Dora --augen 30 --spritze", _none(Dora=4)),
    ("solo lost", [], "solo --player Dora --augen 10 --spritze", _none(Anna=4, Berta=4, Carl=4)),
    ("du lost", [], "du --player Anna --lost --spritze", _none(Berta=8, Carl=8, Dora=8)),
    ("bettel won", [], "bettel --player Anna --won --spritze", _none(Anna=4)),
    (
        "after a throw-in: ×2 ×2, Laufende after",
        ["zusammengeworfen"],
        "solo --player Berta --augen 30 --spritze --laufende 3",
        _none(Berta=11),
    ),
]


@pytest.mark.parametrize("case, before, hand, payout", SPRITZE, ids=[s[0] for s in SPRITZE])
def test_spritze_doubles(cli, case, before, hand, payout):
    cli.ok("session", "new", "--rules", "buchstaben", *FOUR)
    for earlier in before:
        cli.ok("add", *earlier.split())
    cli.ok("add", *hand.split())
    shown = cli.json("show", str(len(before) + 1), "--format", "json")
    assert shown["payouts"] == payout
    assert ("Spritze", "×", 2) in [(t["label"], t["op"], t["amount"]) for t in shown["breakdown"]]


def test_spritze_formula_with_doppelt_and_laufende(cli):
    cli.ok("session", "new", "--rules", "buchstaben", *FOUR)
    cli.ok("add", "zusammengeworfen")
    cli.ok("add", "rufspiel", "--player", "Carl", "--partner", "Anna", "--augen", "40", "--spritze", "--laufende", "3")
    shown = cli.json("show", "2", "--format", "json")
    assert shown["formula"] == "Rufspiel 1 + Schneider 1 = 2, Spritze ×2 = 4, Doppelt ×2 = 8, + 3 Laufende = 11"
    assert shown["payouts"] == _none(Anna=11, Carl=11)


# -- the report: plus points, the ranking, money against the table's average --------------------------


def test_report_with_tariff_measures_money_against_the_average(cli):
    cli.ok("session", "new", "--rules", "buchstaben", *FOUR, "--tariff", "10")
    cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "36", "--laufende", "3")  # 5 each
    cli.ok("add", "solo", "--player", "Anna", "--augen", "30")  # Anna 2
    cli.ok("add", "solo", "--player", "Berta", "--augen", "30")  # Berta 2
    data = cli.json("report", "--format", "json")
    # points 7, 5, 2, 0: the average is 3.5 points, 35 cents
    assert [p["name"] for p in data["players"]] == ["Anna", "Carl", "Berta", "Dora"]
    assert {p["name"]: p["points"] for p in data["players"]} == {"Anna": 7, "Carl": 5, "Berta": 2, "Dora": 0}
    assert {p["name"]: p["cents"] for p in data["players"]} == {"Anna": 35, "Carl": 15, "Berta": -15, "Dora": -35}
    assert sum(p["cents"] for p in data["players"]) == 0
    assert data["hands"] == 3
    table = cli.ok("report")
    assert "Dora pays Anna €0.35" in table
    assert "Berta pays Carl €0.15" in table
    assert "−€0.35" in table and "€0.15" in table
    ranked = [line.split()[:2] for line in table.splitlines() if line.split()[:1] and line.split()[0].isdigit()]
    assert ranked == [["1", "Anna"], ["2", "Carl"], ["3", "Berta"], ["4", "Dora"]]


def test_report_money_rounds_to_cents_that_add_up_to_zero(cli):
    cli.ok("session", "new", "--rules", "buchstaben", *FOUR, "--tariff", "10")
    cli.ok("add", "solo", "--player", "Berta", "--augen", "48", "--schwarz", "--laufende", "4")  # B3: Berta 7
    data = cli.json("report", "--format", "json")
    cents = {p["name"]: p["cents"] for p in data["players"]}
    assert sum(cents.values()) == 0
    # exact shares: Berta +52.5, each other −17.5 cents
    assert cents["Berta"] in (52, 53)
    assert all(cents[p] in (-17, -18) for p in ("Anna", "Carl", "Dora"))
    assert data["players"][0]["name"] == "Berta"
    paid = {p: 0 for p in cents}
    for t in data["transfers"]:
        paid[t["from"]] -= t["cents"]
        paid[t["to"]] += t["cents"]
    assert paid == cents
    table = cli.ok("report")
    for t in data["transfers"]:
        assert f"{t['from']} pays {t['to']} €0.{t['cents']:02d}" in table


def test_report_without_tariff_shows_plus_points_and_ranking(cli):
    cli.ok("session", "new", "--rules", "buchstaben", *FOUR)
    cli.ok("add", "du", "--player", "Dora", "--won", "--laufende", "5")
    cli.ok("add", "solo", "--player", "Berta", "--augen", "20", "--spritze")
    data = cli.json("report", "--format", "json")
    assert data["players"][0]["name"] == "Dora"
    assert {p["name"]: p["points"] for p in data["players"]} == {"Dora": 13, "Anna": 4, "Carl": 4, "Berta": 0}
    assert data["players"][-1]["name"] == "Berta"
    assert all("cents" not in p for p in data["players"])
    table = cli.ok("report")
    assert "pays" not in table
