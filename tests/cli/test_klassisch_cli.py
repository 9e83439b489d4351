"""RULES.md §4 (klassisch, the old Schafkopf in strokes) typed as a user types it, on both databases."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

TABLE = ["--players", "Anna", "Berta", "Carl", "Dora", "--teams", "Anna+Carl", "Berta+Dora"]
SVG_PATH = "{http://www.w3.org/2000/svg}path"


def ac(n: int) -> dict[str, int]:
    """Anna+Carl drew n strokes in the hand."""
    return {"Anna": n, "Berta": 0, "Carl": n, "Dora": 0}


def bd(n: int) -> dict[str, int]:
    """Berta+Dora drew n strokes in the hand."""
    return {"Anna": 0, "Berta": n, "Carl": 0, "Dora": n}


NOTHING = ac(0)
AC_4 = ["spiel --player Anna --augen 100", "spiel --player Carl --augen 95"]  # 2 + 2 strokes
AC_8 = AC_4 * 2

# (example, hands typed one after the other, payouts of the hands listed last,
#  {player: (schafkoepfe, striche)} after the last hand)
WORKED = [
    ("K1", ["spiel --player Anna --augen 70"], [ac(1)], {"Anna": (0, 1), "Berta": (0, 0)}),
    ("K2", ["spiel --player Carl --augen 95"], [ac(2)], {"Carl": (0, 2), "Dora": (0, 0)}),
    ("K3", ["spiel --player Anna --augen 50"], [bd(2)], {"Anna": (0, 0), "Berta": (0, 2)}),
    ("K4", ["spiel --player Anna --augen 25"], [bd(4)], {"Carl": (0, 0), "Dora": (0, 4)}),
    ("K5", ["spiel --player Anna --augen 40 --forced"], [bd(1)], {"Anna": (0, 0), "Berta": (0, 1)}),
    (
        "K6",
        ["spiel --player Anna --augen 60", "spiel --player Berta --augen 40"],
        [NOTHING, ac(3)],
        {"Anna": (0, 3), "Berta": (0, 0)},
    ),
    (
        "K7",
        ["spiel --player Anna --augen 60", "spiel --player Carl --augen 92"],
        [NOTHING, ac(3)],
        {"Carl": (0, 3), "Dora": (0, 0)},
    ),
    (
        "K8",
        [*AC_4, "spiel --player Berta --augen 120 --schwarz"],
        [bd(9)],
        {"Anna": (0, 4), "Carl": (0, 4), "Berta": (1, 0), "Dora": (1, 0)},
    ),
    (
        "K9",
        [*AC_8, "spiel --player Anna --augen 95"],
        [ac(2)],
        {"Anna": (1, 1), "Carl": (1, 1), "Berta": (0, 0), "Dora": (0, 0)},
    ),
]


def _standing(cli) -> dict[str, tuple[int, int]]:
    data = cli.json("report", "--format", "json")
    return {p["name"]: (p["schafkoepfe"], p["striche"]) for p in data["players"]}


@pytest.mark.parametrize("example, hands, payouts, standing", WORKED, ids=[w[0] for w in WORKED])
def test_worked_example(cli, example, hands, payouts, standing):
    cli.ok("session", "new", "--rules", "klassisch", *TABLE)
    for hand in hands:
        cli.ok("add", *hand.split())
    first = len(hands) - len(payouts) + 1
    for number, payout in enumerate(payouts, start=first):
        shown = cli.json("show", str(number), "--format", "json")
        assert shown["payouts"] == payout, number
        assert shown["type"] == "spiel"
    now = _standing(cli)
    for player, expected in standing.items():
        assert now[player] == expected, player


def test_k6_sixty_sixty_is_shown_pending_until_the_next_hand(cli):
    cli.ok("session", "new", "--rules", "klassisch", *TABLE)
    out = cli.ok("add", "spiel", "--player", "Anna", "--augen", "60")
    assert "60:60 pending: Anna+Carl declared" in out
    assert "Anna+Carl 0/9, Berta+Dora 0/9" in out
    out = cli.ok("add", "spiel", "--player", "Berta", "--augen", "40")
    assert "60:60 pending" not in out
    assert "Anna+Carl 3/9, Berta+Dora 0/9" in out


@pytest.mark.parametrize(
    "hands, payout",
    [
        # the forced reduction applies only when no 60:60 is pending
        (["spiel --player Anna --augen 60", "spiel --player Berta --augen 40 --forced"], ac(3)),
        (["spiel --player Anna --augen 20 --forced"], bd(2)),
        # a second 60:60 keeps it pending, now against the team that declared the second tie
        (
            ["spiel --player Anna --augen 60", "spiel --player Berta --augen 60", "spiel --player Dora --augen 50"],
            ac(4),
        ),
        (
            ["spiel --player Anna --augen 60", "spiel --player Berta --augen 60", "spiel --player Carl --augen 50"],
            bd(3),
        ),
        # after 60:60: won double 3, lost double by the same / the other team 6 / 5
        (["spiel --player Anna --augen 60", "spiel --player Berta --augen 95"], bd(3)),
        (["spiel --player Anna --augen 60", "spiel --player Carl --augen 30"], bd(6)),
        (["spiel --player Anna --augen 60", "spiel --player Berta --augen 30"], ac(5)),
        # a schwarz hand settles a pending 60:60: the Schafkopf, nothing more
        (["spiel --player Anna --augen 60", "spiel --player Carl --augen 0 --schwarz"], bd(9)),
    ],
)
def test_the_choices_where_the_text_is_silent(cli, hands, payout):
    cli.ok("session", "new", "--rules", "klassisch", *TABLE)
    for hand in hands:
        cli.ok("add", *hand.split())
    assert cli.json("show", str(len(hands)), "--format", "json")["payouts"] == payout
    assert "60:60 pending" not in cli.ok("session", "show")


def test_striche_twelve_schwarz_gives_twelve(cli):
    cli.ok("session", "new", "--rules", "klassisch", *TABLE, "--set", "striche=12")
    for hand in AC_8:
        cli.ok("add", *hand.split())
    out = cli.ok("add", "spiel", "--player", "Anna", "--augen", "95")
    assert "Anna+Carl 10/12" in out
    cli.ok("add", "spiel", "--player", "Dora", "--augen", "120", "--schwarz")
    assert cli.json("show", "6", "--format", "json")["payouts"] == bd(12)
    assert _standing(cli) == {"Anna": (0, 10), "Carl": (0, 10), "Berta": (1, 0), "Dora": (1, 0)}


@pytest.mark.parametrize(
    "hand, option",
    [
        ("spiel --player Anna --augen 121", "--augen"),
        ("spiel --player Anna --augen 70 --schwarz", "--schwarz"),
        ("spiel --player Xaver --augen 70", "--player"),
        ("spiel --player Anna --augen 70 --laufende 3", "--laufende"),
    ],
)
def test_refusals_name_the_option(cli, hand, option):
    cli.ok("session", "new", "--rules", "klassisch", *TABLE)
    ran = cli("add", *hand.split())
    assert ran.code == 2
    assert option in ran.err and "Traceback" not in ran.err and ran.err.count("\n") == 1
    assert cli.json("report", "--format", "json")["hands"] == 0


# -- teams redrawn: a new Partie ---------------------------------------------------------------------


def test_session_teams_starts_a_new_partie_schafkoepfe_stay_with_the_players(cli):
    cli.ok("session", "new", "--rules", "klassisch", *TABLE)
    for hand in [*AC_4, "spiel --player Berta --augen 120 --schwarz", "spiel --player Dora --augen 70"]:
        cli.ok("add", *hand.split())
    assert _standing(cli) == {"Anna": (0, 4), "Carl": (0, 4), "Berta": (1, 1), "Dora": (1, 1)}

    out = cli.ok("session", "teams", "Anna+Berta", "Carl+Dora")
    assert "Anna+Berta" in out and "Carl+Dora" in out
    assert _standing(cli) == {"Anna": (0, 0), "Berta": (1, 0), "Carl": (0, 0), "Dora": (1, 0)}

    out = cli.ok("add", "spiel", "--player", "Anna", "--augen", "70")
    assert "Anna+Berta 1/9, Carl+Dora 0/9" in out
    assert cli.json("show", "5", "--format", "json")["payouts"] == {"Anna": 1, "Berta": 1, "Carl": 0, "Dora": 0}
    assert _standing(cli) == {"Anna": (0, 1), "Berta": (1, 1), "Carl": (0, 0), "Dora": (1, 0)}
    drawing = cli.ok("strokes")
    assert "Anna+Berta" in drawing and "Carl+Dora" in drawing and "Anna+Carl" not in drawing


def test_session_teams_refuses_teams_that_are_not_two_pairs(cli):
    cli.ok("session", "new", "--rules", "klassisch", *TABLE)
    ran = cli("session", "teams", "Anna+Berta", "Anna+Dora")
    assert ran.code == 2 and "--teams" in ran.err and "Traceback" not in ran.err


def test_einsatz_money_per_finished_schafkopf(cli):
    cli.ok("session", "new", "--rules", "klassisch", *TABLE, "--set", "einsatz=50")
    cli.ok("add", "spiel", "--player", "Berta", "--augen", "120", "--schwarz")
    data = cli.json("report", "--format", "json")
    # each of Anna and Carl pays 50 cents to each of Berta and Dora
    assert {p["name"]: p["cents"] for p in data["players"]} == {"Berta": 100, "Dora": 100, "Anna": -100, "Carl": -100}
    table = cli.ok("report")
    assert "€1.00" in table and "−€1.00" in table
    assert "pays" in table
    # a redraw: the second Schafkopf is drawn by Anna+Berta
    cli.ok("session", "teams", "Anna+Berta", "Carl+Dora")
    cli.ok("add", "spiel", "--player", "Anna", "--augen", "120", "--schwarz")
    data = cli.json("report", "--format", "json")
    assert {p["name"]: p["cents"] for p in data["players"]} == {"Anna": 0, "Berta": 200, "Carl": -200, "Dora": 0}
    assert {p["name"]: p["schafkoepfe"] for p in data["players"]} == {"Anna": 1, "Berta": 2, "Carl": 0, "Dora": 1}


# -- the drawing ---------------------------------------------------------------------------------------


def test_strokes_prints_the_drawing(cli):
    cli.ok("session", "new", "--rules", "klassisch", *TABLE)
    for hand in [
        "spiel --player Berta --augen 120 --schwarz",
        *AC_4,
        "spiel --player Anna --augen 70",
        "spiel --player Anna --augen 50",
    ]:
        cli.ok("add", *hand.split())
    out = cli.ok("strokes")
    assert "Anna+Carl" in out and "Berta+Dora" in out
    assert "5/9" in out and "2/9" in out
    assert "Schafkopf 1" in out or "1 Schafkopf" in out
    # more strokes draw more of the head
    cli.ok("add", "spiel", "--player", "Carl", "--augen", "95")
    assert cli.ok("strokes") != out


# (settings, hands, paths expected: finished heads × striche + current strokes of both teams)
SVG_CASES = [
    ("empty", [], [], 0),
    ("one stroke", [], ["spiel --player Anna --augen 70"], 1),
    (
        "6 and a head with 4",
        [],
        [
            "spiel --player Berta --augen 120 --schwarz",
            *AC_4,
            "spiel --player Anna --augen 70",
            "spiel --player Carl --augen 70",
            "spiel --player Anna --augen 25",
        ],
        9 + 6 + 4,
    ),
    ("K9 carries over", [], [*AC_8, "spiel --player Anna --augen 95"], 9 + 1),
    (
        "12 strokes",
        ["--set", "striche=12"],
        ["spiel --player Anna --augen 120 --schwarz"] * 2
        + ["spiel --player Anna --augen 95", "spiel --player Anna --augen 10"],
        2 * 12 + 2 + 4,
    ),
]


@pytest.mark.parametrize("case, settings, hands, paths", SVG_CASES, ids=[c[0] for c in SVG_CASES])
def test_strokes_svg_has_one_path_per_stroke(cli, tmp_path, case, settings, hands, paths):
    cli.ok("session", "new", "--rules", "klassisch", *TABLE, *settings)
    for hand in hands:
        cli.ok("add", *hand.split())
    target = tmp_path / "drawing.svg"
    cli.ok("strokes", "--svg", str(target))
    root = ET.parse(target).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert len(list(root.iter(SVG_PATH))) == paths


def test_strokes_on_a_table_without_strokes_is_refused(cli, tmp_path):
    cli.ok("session", "new", "--rules", "buchstaben", "--players", "Anna", "Berta", "Carl", "Dora")
    ran = cli("strokes")
    assert ran.code == 2
    assert "klassisch" in ran.err and "Traceback" not in ran.err and ran.err.count("\n") == 1
    target = tmp_path / "drawing.svg"
    ran = cli("strokes", "--svg", str(target))
    assert ran.code == 2 and not target.exists()
