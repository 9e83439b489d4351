"""Sheets as the desk reads them (issue 41, part 1): a round of 25 sheets typed by names, by start numbers
and as bare values in seat order gives the same standings; a slip is refused in one sentence."""

from __future__ import annotations

import random

from tests.helpers.names import FIRST, LAST
from tests.helpers.tournament import refused

HUNDRED = [f"{first} {last}" for last in LAST for first in FIRST]


def _tournament(cli, name: str) -> dict:
    cli.ok("tournament", "new", name, "--rules", "schafkopf", "--rounds", "1", "--seed", "41", "--date", "2026-11-28")
    cli.ok("tournament", "register", *HUNDRED)
    cli.ok("tournament", "draw")
    return cli.json("tournament", "tables", "--format", "json")


def _sheets(plan: dict) -> list[tuple[list[str], list[int], str]]:
    """Per table its players in seat order, zero-sum values (negatives too) and the one who won a Solo."""
    rng = random.Random(41)
    out = []
    for table in plan["tables"]:
        values = [rng.randrange(-40, 41) * 5 for _p in table["players"][1:]]
        values.insert(0, -sum(values))
        out.append((table["players"], values, rng.choice(table["players"])))
    return out


def _standings(cli) -> dict:
    shown = cli.json("tournament", "standings", "--format", "json")
    shown.pop("tournament")
    return shown


def test_a_round_typed_by_names_numbers_and_seat_order_ranks_the_same(cli):
    numbers = {name: i for i, name in enumerate(HUNDRED, 1)}
    results = []
    plans = []
    for way in ("names", "numbers", "seats"):
        plan = _tournament(cli, f"Kirta {way}")
        plans.append([t["players"] for t in plan["tables"]])
        for table, (players, values, soloist) in zip(plan["tables"], _sheets(plan)):
            if way == "names":
                words = [f"{p}={v}" for p, v in zip(players, values)] + ["--soli", f"{soloist}=1"]
            elif way == "numbers":
                words = [f"{numbers[p]}={v}" for p, v in zip(players, values)] + ["--soli", f"{numbers[soloist]}=1"]
            else:  # as the seat plan prints them: negative values as they are, no `--`
                words = [str(v) for v in values] + ["--soli", f"{numbers[soloist]}=1"]
            out = cli.ok("tournament", "result", "1", str(table["table"]), *words)
            # The echo names every player with his start number, so that a slip shows at once.
            assert all(f"{p} ({numbers[p]}) {v}" in out for p, v in zip(players, values)), out
            assert f"{soloist} ({numbers[soloist]}) " in out and "(1 Solo)" in out
        results.append(_standings(cli))
    assert plans[0] == plans[1] == plans[2] and len(plans[0]) == 25
    assert results[0] == results[1] == results[2]
    assert len(results[0]["players"]) == 100 and sum(p["soli"] for p in results[0]["players"]) == 25


def test_a_slip_at_the_desk_is_refused_in_one_sentence(cli):
    plan = _tournament(cli, "Kirta")
    numbers = {name: i for i, name in enumerate(HUNDRED, 1)}
    seven, three = plan["tables"][6], plan["tables"][2]
    refused(
        cli,
        "tournament",
        "result",
        "1",
        "7",
        "120",
        "85",
        "-205",
        says="table 7 of round 1 seats 4 players; 3 values given.",
    )
    refused(
        cli, "tournament", "result", "1", "7", "120", "85", "-60", "-145", "5", says="seats 4 players; 5 values given."
    )
    theirs = [numbers[p] for p in seven["players"]]
    refused(
        cli,
        "tournament",
        "result",
        "1",
        "7",
        *(f"{n}=0" for n in theirs[:3]),
        "101=0",
        says="no player of this tournament has start number 101.",
    )
    stranger = three["players"][0]
    refused(
        cli,
        "tournament",
        "result",
        "1",
        "7",
        *(f"{n}=0" for n in theirs[:3]),
        f"{numbers[stranger]}=0",
        says=f"{stranger} ({numbers[stranger]}) sits at table 3 of round 1, not at table 7.",
    )
    refused(
        cli,
        "tournament",
        "result",
        "1",
        "7",
        "0",
        "0",
        "0",
        "0",
        "--soli",
        f"{numbers[stranger]}=1",
        says=f"--soli: {stranger} ({numbers[stranger]}) sits at table 3",
    )
    refused(
        cli,
        "tournament",
        "result",
        "1",
        "7",
        f"{seven['players'][0]}=0",
        "0",
        "0",
        "0",
        says="or every value bare in seat order, not both.",
    )
    # Names and numbers mix; a value with its minus needs no `--`.
    out = cli.ok(
        "tournament",
        "result",
        "1",
        "7",
        f"{seven['players'][0]}=-60",
        f"{theirs[1]}=60",
        f"{theirs[2]}=0",
        f"{theirs[3]}=0",
    )
    assert f"{seven['players'][0]} ({theirs[0]}) -60, {seven['players'][1]} ({theirs[1]}) 60" in out
