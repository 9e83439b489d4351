"""RULES.md §3 (doppelkopf, the seed's Alten table) and §3b (doppelkopf-turnier) typed as a user
types them, on both databases."""

from __future__ import annotations

import pytest

TABLE = ["--players", "Anna", "Berta", "Carl", "Dora"]
RE = "normal --player Anna --partner Berta"


def re_gets(value: int) -> dict[str, int]:
    """Re = Anna + Berta get `value` each, Kontra = Carl + Dora the negative."""
    return {"Anna": value, "Berta": value, "Carl": -value, "Dora": -value}


def soloist_gets(soloist: str, value: int) -> dict[str, int]:
    """The soloist 3× the value, each of the three opponents the negative once."""
    return {p: (3 * value if p == soloist else -value) for p in ("Anna", "Berta", "Carl", "Dora")}


# -- §3b doppelkopf-turnier -----------------------------------------------------------------------

# (example, hand, payout, words `show 1` must contain)
TURNIER = [
    ("D1", f"{RE} --augen 130", re_gets(1), ["Re wins", "won"]),
    (
        "D2",
        f"{RE} --augen 80 --kontra",
        re_gets(-5),
        ["Kontra wins", "keine 90", "Kontra announced", "gegen die Alten"],
    ),
    (
        "D3",
        f"{RE} --augen 130 --re --re-absage 60",
        re_gets(-7),
        ["Kontra wins", "Re announced", "keine 60", "90 against keine 60", "gegen die Alten"],
    ),
    ("D3-absage-implies-re", f"{RE} --augen 130 --re-absage 60", re_gets(-7), ["Re announced"]),
    ("D4", "trumpfsolo --player Carl --augen 150", soloist_gets("Carl", 1), ["won"]),
    (
        "D5",
        f"{RE} --augen 160 --re-absage 90 --fuchs-re 1",
        re_gets(6),
        ["Re wins", "keine 90", "Re announced", "Fuchs caught"],
    ),
    (
        "D6",
        f"{RE} --augen 100 --re-absage 60 --kontra-absage 60",
        re_gets(-1),
        ["nobody wins", "120 against keine 90", "90 against keine 60"],
    ),
]


@pytest.mark.parametrize("example, hand, payout, words", TURNIER, ids=[t[0] for t in TURNIER])
def test_turnier_worked_example(cli, example, hand, payout, words):
    cli.ok("session", "new", "--rules", "doppelkopf-turnier", *TABLE)
    cli.ok("add", *hand.split())
    shown = cli.json("show", "1", "--format", "json")
    assert shown["payouts"] == payout
    assert shown["number"] == 1 and shown["type"] == hand.split()[0]
    assert sum(shown["payouts"].values()) == 0
    text = cli.ok("show", "1")
    for word in words:
        assert word in text, (word, text)


def test_turnier_show_lists_every_step_of_d5(cli):
    cli.ok("session", "new", "--rules", "doppelkopf-turnier", *TABLE)
    cli.ok("add", *f"{RE} --augen 160 --re-absage 90 --fuchs-re 1".split())
    shown = cli.json("show", "1", "--format", "json")
    assert [(t["label"], t["amount"]) for t in shown["breakdown"]] == [
        ("won", 1),
        ("keine 90", 1),
        ("Re announced", 2),
        ("Re announced keine 90", 1),
        ("Fuchs caught", 1),
    ]
    assert shown["value"] == 6
    assert "won 1, keine 90 +1, Re announced +2" in shown["formula"]


def test_turnier_pflichtsolo_same_dealer_again(cli):
    cli.ok("session", "new", "--rules", "doppelkopf-turnier", *TABLE)
    assert "Next dealer: Anna" in cli.ok("add", "trumpfsolo", "--player", "Carl", "--augen", "150", "--pflicht")
    assert "Next dealer: Berta" in cli.ok("add", "trumpfsolo", "--player", "Carl", "--augen", "150")
    assert cli.json("show", "1", "--format", "json")["payouts"] == soloist_gets("Carl", 1)


@pytest.mark.parametrize(
    "hand, option",
    [
        (f"{RE} --augen 130 --altenstrafe", "--altenstrafe"),
        (f"{RE} --augen 130 --bock", "--bock"),
        (f"{RE} --augen 130 --re-absage 45", "--re-absage"),
        ("trumpfsolo --player Carl --augen 130 --fuchs-re 1", "--fuchs-re"),
        (f"{RE} --augen 241", "--augen"),
    ],
)
def test_turnier_refusals_name_the_option(cli, hand, option):
    cli.ok("session", "new", "--rules", "doppelkopf-turnier", *TABLE)
    ran = cli("add", *hand.split())
    assert ran.code == 2
    assert option in ran.err and "Traceback" not in ran.err and ran.err.count("\n") == 1
    assert cli.json("report", "--format", "json")["hands"] == 0


# -- §3 doppelkopf: the Alten table -------------------------------------------------------------------

ALTEN = [
    ("win", f"{RE} --augen 121", re_gets(5)),
    ("win, opponents 90: no Schneider", f"{RE} --augen 150", re_gets(5)),
    ("win Schneider", f"{RE} --augen 151", re_gets(10)),
    ("win schwarz", f"{RE} --augen 240 --schwarz", re_gets(15)),
    ("lose 120:120", f"{RE} --augen 120", re_gets(-10)),
    ("lose with 90: no Schneider", f"{RE} --augen 90", re_gets(-10)),
    ("lose Schneider", f"{RE} --augen 89", re_gets(-20)),
    ("lose schwarz", f"{RE} --augen 0 --schwarz", re_gets(-30)),
    ("trumpfsolo won: soloist ×3", "trumpfsolo --player Carl --augen 130", soloist_gets("Carl", 5)),
    ("farbsolo lost", "farbsolo --player Carl --farbe pik --augen 100", soloist_gets("Carl", -10)),
    ("damensolo won schwarz", "damensolo --player Dora --augen 240 --schwarz", soloist_gets("Dora", 15)),
    ("stilles Solo not schwarz is lost", "stilles-solo --player Carl --augen 200", soloist_gets("Carl", -10)),
]


@pytest.mark.parametrize("case, hand, payout", ALTEN, ids=[a[0] for a in ALTEN])
def test_alten_table(cli, case, hand, payout):
    cli.ok("session", "new", "--rules", "doppelkopf", *TABLE)
    cli.ok("add", *hand.split())
    shown = cli.json("show", "1", "--format", "json")
    assert shown["payouts"] == payout
    assert sum(shown["payouts"].values()) == 0


SPOTS = [
    ("Fuchs caught by Re", [], f"{RE} --augen 130 --fuchs-re 1", re_gets(10)),
    ("two Füchse caught by Kontra", [], f"{RE} --augen 130 --fuchs-kontra 2", re_gets(-5)),
    ("Fuchs caught by Kontra, Kontra wins", [], f"{RE} --augen 100 --fuchs-kontra 1", re_gets(-15)),
    ("Karlchen Re, Re wins: receives", [], f"{RE} --augen 130 --karlchen re", re_gets(10)),
    ("Karlchen Re, Re loses: pays on top", [], f"{RE} --augen 100 --karlchen re", re_gets(-15)),
    ("Karlchen Kontra, Kontra loses: pays on top", [], f"{RE} --augen 130 --karlchen kontra", re_gets(10)),
    ("Karlchen Kontra, Kontra wins: receives", [], f"{RE} --augen 100 --karlchen kontra", re_gets(-15)),
    ("Altenstrafe, Alten win", [], f"{RE} --augen 130 --altenstrafe", re_gets(0)),
    ("Altenstrafe, Alten lose", [], f"{RE} --augen 100 --altenstrafe", re_gets(-15)),
    ("Doppelkopf trick with a stake", ["--set", "doppelkopf=5"], f"{RE} --augen 130 --doppelkopf-re 1", re_gets(10)),
]


@pytest.mark.parametrize("case, settings, hand, payout", SPOTS, ids=[s[0] for s in SPOTS])
def test_spot_points(cli, case, settings, hand, payout):
    cli.ok("session", "new", "--rules", "doppelkopf", *TABLE, *settings)
    cli.ok("add", *hand.split())
    assert cli.json("show", "1", "--format", "json")["payouts"] == payout


@pytest.mark.parametrize(
    "hand, option",
    [
        ("trumpfsolo --player Carl --augen 130 --fuchs-re 1", "--fuchs-re"),
        ("farbsolo --player Carl --farbe herz --augen 130 --karlchen re", "--karlchen"),
        ("damensolo --player Carl --augen 130 --altenstrafe", "--altenstrafe"),
        ("stilles-solo --player Carl --augen 240 --schwarz --fuchs-kontra 1", "--fuchs-kontra"),
        (f"{RE} --augen 130 --doppelkopf-re 1", "--doppelkopf-re"),  # stake 0 by default
    ],
)
def test_spot_points_in_a_solo_are_refused(cli, hand, option):
    cli.ok("session", "new", "--rules", "doppelkopf", *TABLE)
    ran = cli("add", *hand.split())
    assert ran.code == 2
    assert option in ran.err and "Traceback" not in ran.err and ran.err.count("\n") == 1
    assert cli.json("report", "--format", "json")["hands"] == 0


def test_five_players_the_dealer_sits_out_with_zero(cli):
    cli.ok("session", "new", "--rules", "doppelkopf", *TABLE, "Emil")
    cli.ok("add", "normal", "--player", "Berta", "--partner", "Carl", "--augen", "130")
    shown = cli.json("show", "1", "--format", "json")
    assert shown["payouts"] == {"Anna": 0, "Berta": 5, "Carl": 5, "Dora": -5, "Emil": -5}
    assert shown["sitting_out"] == ["Anna"]
    ran = cli("add", "normal", "--player", "Berta", "--partner", "Carl", "--augen", "130")
    assert ran.code == 2 and "--player" in ran.err and "Berta" in ran.err  # Berta deals the second hand
    cli.ok("add", "trumpfsolo", "--player", "Anna", "--augen", "100")
    shown = cli.json("show", "2", "--format", "json")
    assert shown["payouts"] == {"Anna": -30, "Berta": 0, "Carl": 10, "Dora": 10, "Emil": 10}


def test_six_players_the_dealer_and_the_seat_opposite_sit_out(cli):
    cli.ok("session", "new", "--rules", "doppelkopf", *TABLE, "Emil", "Fritz")
    cli.ok("add", "normal", "--player", "Berta", "--partner", "Carl", "--augen", "130")
    shown = cli.json("show", "1", "--format", "json")
    assert shown["payouts"] == {"Anna": 0, "Berta": 5, "Carl": 5, "Dora": 0, "Emil": -5, "Fritz": -5}
    assert sorted(shown["sitting_out"]) == ["Anna", "Dora"]
    ran = cli("add", "normal", "--player", "Anna", "--partner", "Emil", "--augen", "130")
    assert ran.code == 2 and "--partner" in ran.err and "Emil" in ran.err  # Berta deals, Emil sits opposite
    cli.ok("add", "normal", "--player", "Anna", "--partner", "Carl", "--augen", "100")
    shown = cli.json("show", "2", "--format", "json")
    assert shown["payouts"] == {"Anna": -10, "Berta": 0, "Carl": -10, "Dora": 10, "Emil": 0, "Fritz": 10}
    report = cli.json("report", "--format", "json")
    assert {p["name"]: p["points"] for p in report["players"]} == {
        "Anna": -10,
        "Berta": 5,
        "Carl": -5,
        "Dora": 10,
        "Emil": -5,
        "Fritz": 5,
    }


BOCK = [
    # hand, Bock factor it takes, payout, the queue shown after it
    (f"{RE} --augen 130 --re", 1, re_gets(5), "Bock ×2: 4 hands left"),
    (f"{RE} --augen 130", 2, re_gets(10), "Bock ×2: 3 hands left"),
    (f"{RE} --augen 151", 2, re_gets(20), "Bock ×2: 2 hands left"),
    (f"{RE} --augen 100 --re", 2, re_gets(-20), "Bock ×2: 1 hand left, then ×2: 4 hands"),
    (f"{RE} --augen 130 --kontra", 2, re_gets(10), "Bock ×2: 4 hands left"),
    (f"{RE} --augen 130", 2, re_gets(10), "Bock ×2: 3 hands left"),
    (f"{RE} --augen 130", 2, re_gets(10), "Bock ×2: 2 hands left"),
    (f"{RE} --augen 130", 2, re_gets(10), "Bock ×2: 1 hand left"),
    (f"{RE} --augen 130", 2, re_gets(10), "no Bock"),
    (f"{RE} --augen 130", 1, re_gets(5), "no Bock"),
]


def test_bock_on_re_announced_shown_after_each_hand_and_doubling(cli):
    """`--set bock=re`: only a Re announcement creates a round (the Kontra of hand 5 does not)."""
    cli.ok("session", "new", "--rules", "doppelkopf", *TABLE, "--set", "bock=re")
    for number, (hand, factor, payout, queue) in enumerate(BOCK, start=1):
        out = cli.ok("add", *hand.split())
        assert queue in out, (number, out)
        shown = cli.json("show", str(number), "--format", "json")
        assert shown["payouts"] == payout, number
        factors = [t["amount"] for t in shown["breakdown"] if t["op"] == "×"]
        assert factors == ([factor] if factor > 1 else []), number


def test_bock_doubles_a_solo_before_the_soloist_triples(cli):
    cli.ok("session", "new", "--rules", "doppelkopf", *TABLE, "--set", "bock=re")
    cli.ok("add", *f"{RE} --augen 130 --re".split())
    cli.ok("add", "trumpfsolo", "--player", "Carl", "--augen", "130")
    assert cli.json("show", "2", "--format", "json")["payouts"] == soloist_gets("Carl", 10)


def test_without_bock_setting_re_makes_no_bock(cli):
    cli.ok("session", "new", "--rules", "doppelkopf", *TABLE)
    out = cli.ok("add", *f"{RE} --augen 130 --re".split())
    assert "Bock ×" not in out
    cli.ok("add", *f"{RE} --augen 130".split())
    assert cli.json("show", "2", "--format", "json")["payouts"] == re_gets(5)


def test_bock_a_throw_in_uses_up_a_bock_hand_as_in_schafkopf(cli):
    cli.ok("session", "new", "--rules", "doppelkopf", *TABLE, "--set", "bock=re")
    assert "Bock ×2: 4 hands left" in cli.ok("add", *f"{RE} --augen 130 --re".split())
    assert "Bock ×2: 3 hands left" in cli.ok("add", "zusammengeworfen")


def test_musssolo_owed_is_shown_in_the_report(cli):
    cli.ok("session", "new", "--rules", "doppelkopf", *TABLE, "--set", "musssolo_pro_runde=1")
    data = cli.json("report", "--format", "json")
    assert {p["name"]: p["musssolo"] for p in data["players"]} == dict.fromkeys(
        ("Anna", "Berta", "Carl", "Dora"), "offen"
    )

    out = cli.ok("add", "trumpfsolo", "--player", "Carl", "--augen", "130", "--pflicht")
    assert "Musssolo still owed" in out and "Anna, Berta, Dora" in out
    assert cli.json("show", "1", "--format", "json")["payouts"] == soloist_gets("Carl", 5)
    data = cli.json("report", "--format", "json")
    assert {p["name"]: p["musssolo"] for p in data["players"]} == {
        "Carl": "gespielt",
        "Anna": "offen",
        "Berta": "offen",
        "Dora": "offen",
    }
    table = cli.ok("report")
    assert "musssolo" in table.lower()
    carl = next(line for line in table.splitlines() if "Carl" in line and "gespielt" in line)
    assert "offen" not in carl
    assert sum("offen" in line for line in table.splitlines() if line.split()[:1] and line.split()[0].isdigit()) == 3

    ran = cli("add", "trumpfsolo", "--player", "Carl", "--augen", "130", "--pflicht")
    assert ran.code == 2 and "--pflicht" in ran.err and "Traceback" not in ran.err

    cli.ok("add", *f"{RE} --augen 130".split())
    cli.ok("add", "damensolo", "--player", "Dora", "--augen", "100", "--pflicht")
    data = cli.json("report", "--format", "json")
    assert {p["name"]: p["musssolo"] for p in data["players"]}["Dora"] == "gespielt"
    # the fourth hand ends the round of four: everyone owes the next one
    assert "Musssolo" in cli.ok("add", *f"{RE} --augen 130".split())
    data = cli.json("report", "--format", "json")
    assert {p["name"]: p["musssolo"] for p in data["players"]} == dict.fromkeys(
        ("Anna", "Berta", "Carl", "Dora"), "offen"
    )


def test_musssolo_off_by_default(cli):
    cli.ok("session", "new", "--rules", "doppelkopf", *TABLE)
    cli.ok("add", "trumpfsolo", "--player", "Carl", "--augen", "130", "--pflicht")
    data = cli.json("report", "--format", "json")
    assert all("musssolo" not in p for p in data["players"])
    assert "Musssolo" not in cli.ok("report")


# -- doppelkopf-turnier with Bock rounds (a home round on the tournament values) --------------------------


def test_turnier_takes_the_bock_setting_of_doppelkopf(cli):
    cli.ok("session", "new", "--rules", "doppelkopf-turnier", *TABLE, "--set", "bock=re,kontra,manuell")
    out = cli.ok("add", *f"{RE} --augen 130 --re".split())
    assert "Bock ×2: 4 hands left" in out
    out = cli.ok("add", *f"{RE} --augen 130".split())
    assert "Bock ×2 = 2" in out and "Bock ×2: 3 hands left" in out
    assert cli.json("show", "2", "--format", "json")["payouts"] == re_gets(2)
    # Re and Kontra announced in one hand: one Doppelbock round, waiting behind the running one.
    out = cli.ok("add", *f"{RE} --augen 130 --re --kontra".split())
    assert "Bock ×2: 2 hands left, then ×4: 4 hands" in out
    assert cli.json("show", "3", "--format", "json")["payouts"] == re_gets(10)  # (1 + 2 + 2) × 2
    cli.ok("add", "trumpfsolo", "--player", "Carl", "--augen", "150", "--bock")  # Bock 2 × 2: Carl +12
    assert cli.json("show", "4", "--format", "json")["payouts"] == soloist_gets("Carl", 2)
    assert "Bock ×2: 1 hand left, then ×4: 4 hands, then ×2: 4 hands" in cli.ok("list")
    assert cli.ok("db", "check").startswith("ok:")


def test_turnier_without_bock_stays_the_tournament_rules(cli):
    cli.ok("session", "new", "--rules", "doppelkopf-turnier", *TABLE)
    out = cli.ok("add", *f"{RE} --augen 130 --re --kontra".split())
    assert "Bock" not in out
    assert cli.json("show", "1", "--format", "json")["payouts"] == re_gets(5)
    cli.ok("add", *f"{RE} --augen 130".split())
    assert cli.json("show", "2", "--format", "json")["payouts"] == re_gets(1)
    ran = cli("add", *f"{RE} --augen 130 --bock".split())
    assert ran.code == 2 and "--bock needs a table with the Bock trigger manuell" in ran.err
    assert len(cli.json("list", "--format", "json")["hands"]) == 2
    shown = cli.ok("rules", "show", "doppelkopf-turnier")
    assert any(line.split()[:2] == ["bock", "off"] for line in shown.splitlines())
    ran = cli("session", "new", "--rules", "doppelkopf-turnier", *TABLE, "--set", "bock=immer")
    assert ran.code == 2 and "--set bock: 'immer' is not allowed" in ran.err
